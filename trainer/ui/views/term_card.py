"""The glossary card of a term: a dialog showing how the term is written and what it means.

A child's profile gets the term told in the children's lessons' words (the glossary's
``ru_child``/``en_child``: «Команда — три плитки вместе…»), not the grown-ups' definition, and
no way into the grown-ups' glossary; a term without a child's explanation shows the usual card."""

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
    title = app.term_text(term_id, plain=False)
    body = ""
    kid = ""
    try:
        term = app.glossary().term(term_id)
        kid = term.child_explanation(lang) if child else ""
        if kid:  # the children's words; the title keeps the name with its Japanese, one set of brackets
            title = app.term_text(term_id)
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
