"""A term shown as a label (a yaku in a result, a game's title) reads with one set of brackets:
«Dora (ドラ, dora)», never «Dora (bonus tile) (ドラ, dora)»; the term's own card keeps the
name's explanation."""

from __future__ import annotations

import re

from trainer.glossary import load_glossary


def test_every_term_label_has_one_set_of_brackets(app) -> None:  # noqa: ANN001
    lang = app.settings.language
    glossed = [t for t in load_glossary() if t.name(lang).endswith(")")]
    assert glossed, "some names carry an explanation in brackets"
    for term in glossed:
        label = app.term_text(term.id)
        assert label.count("(") == (1 if term.is_japanese else 0) and not re.search(r"\)\s*\(", label), label


def test_the_term_card_keeps_the_explanation_of_the_name(app) -> None:  # noqa: ANN001
    from trainer.ui.views.term_card import open_term_card

    dora = load_glossary().term("dora")
    open_term_card(app.screen, "dora")
    lang = app.settings.language
    title = app.screen.dialog.title
    assert title == dora.display(app.settings.term_mode, lang)
    explanation = dora.name(lang).removeprefix(dora.plain_name(lang)).strip(" ()")
    assert (not explanation or explanation in title) and title.count("(") == 1, title
