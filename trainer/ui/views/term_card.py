"""The glossary card of a term: a dialog showing how the term is written and what it means."""

from __future__ import annotations

from typing import Any

from trainer.i18n import _
from trainer.ui.registry import has_screen


def open_term_card(screen: Any, term_id: str) -> None:
    """Open on ``screen`` a dialog with a glossary term: how it is written and what it means."""
    app = screen.app
    title = app.term_text(term_id, plain=False)
    body = ""
    try:
        term = app.glossary().term(term_id)
        full = term.display("full", app.settings.language)
        body = full if full != title else ""
        meaning = term.explanation(app.settings.language)
        if meaning:
            body = (body + "\n\n" + meaning).strip()
    except Exception:
        body = _("This term is not in the glossary yet.")
    buttons = [(_("Close"), lambda: None, "primary")]
    if has_screen("glossary"):
        buttons.insert(0, (_("Open the glossary"), lambda: app.push("glossary", term=term_id), "secondary"))
    screen.open_dialog(title, body, buttons)
