"""The glossary card of a term: a dialog showing how the term is written and what it means.

A child's profile gets the term told in the children's lessons' words (the glossary's
``ru_child``/``en_child``: «Команда — три плитки вместе…»), not the grown-ups' definition, and
no way into the grown-ups' glossary; a term without a child's explanation shows the usual card.
The card's title keeps the term's Japanese in the learner's display mode even for a child (the
one place a child sees how the term is written), though running text shows a child the name
alone; a term that is not Japanese («Тибет») shows none anywhere."""

from __future__ import annotations

from typing import Any

from trainer.i18n import _
from trainer.ui.registry import has_screen
from trainer.ui.views.lesson_order import is_child


def open_term_card(screen: Any, term_id: str) -> None:
    """Open on ``screen`` a dialog with a glossary term: how it is written and what it means."""
    app = screen.app
    lang = app.settings.language
    child = is_child(app.settings)
    title = term_id
    body = ""
    kid = ""
    try:
        term = app.glossary().term(term_id)
        title = term.display(app.settings.term_mode, lang)
        kid = term.child_explanation(lang) if child else ""
        if kid:  # the children's words; the title keeps the name with its Japanese, one set of brackets
            title = term.display(app.settings.term_mode, lang, plain=True)
            body = kid
        else:
            full = term.display("full", lang)
            body = full if full != title else ""
            meaning = term.explanation(lang)
            if meaning:
                body = (body + "\n\n" + meaning).strip()
    except Exception:
        body = _("This term is not in the glossary yet.")
    buttons = [(_("Close"), lambda: None, "primary")]
    if has_screen("glossary") and not kid:
        buttons.insert(0, (_("Open the glossary"), lambda: app.push("glossary", term=term_id), "secondary"))
    screen.open_dialog(title, body, buttons)
