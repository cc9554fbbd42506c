"""The glossary card of a term: a dialog showing how the term is written and what it means.

A child's profile gets the term told in the children's lessons' words (the glossary's
``ru_child``/``en_child``: «Команда — три плитки вместе…»), not the grown-ups' definition, and
no way into the grown-ups' glossary; a term without a child's explanation shows the usual card.
A child's card is titled by the word the child clicked, the children's lessons' own
(:meth:`~trainer.glossary.Term.child_name`: «Тройняшки», not «Тройка (коцу)»), and keeps the
term's Japanese in the learner's display mode on a line under it (the one place a child sees how
the term is written: «Взрослые говорят: тройка (刻子, kōtsu)», «По-японски: 字牌, jihai»),
though running text shows a child the name alone; a term that is not Japanese («Тибет») shows
none anywhere."""

from __future__ import annotations

from typing import Any

from trainer.i18n import _, pgettext
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
        if kid:  # the children's word and words; the Japanese on a line of its own under the title
            title = term.child_name(lang)
            body = "\n\n".join(t for t in (child_japanese_line(term, app.settings.term_mode, lang), kid) if t)
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


def child_japanese_line(term: Any, mode: str, lang: str) -> str:
    """The line under a child's card title that shows how the term is written: the grown-ups'
    name with its Japanese where the children's word is another («Взрослые говорят: тройка (刻子,
    kōtsu)»), else the Japanese alone («По-японски: 字牌, jihai»); "" where the display mode or
    the term shows no Japanese («Тибет»)."""
    japanese = term.japanese(mode)
    if not japanese:
        return ""
    if term.child_name(lang) != term.plain_name(lang):
        # TRANSLATORS: on a child's term card, under the children's word («Тройняшки»): the grown-ups'
        # term with its Japanese (ru «Взрослые говорят: тройка (刻子, kōtsu)»).
        return pgettext("term card, to a child", "Grown-ups say: {term}").format(term=term.inline(mode, lang))
    # TRANSLATORS: on a child's term card, under the term's name: how it is written in Japanese.
    return pgettext("term card, to a child", "In Japanese: {japanese}").format(japanese=japanese)
