"""The glossary and the suit names in the children's and the beginners' words (review 23, kfollow
5, 8 and 11).

5. The Tibet card's explanation has no katakana (チベット): its name is the teaching game's own,
   and the rulebook (000:85, 000:3459-3465) says nothing about where it comes from.
8. A child's glossary list and card title name a term by the children's lessons' word
   («Тройняшки», «Белый дракон») or its name without the bracketed gloss («Пара», not «Пара
   (тойцу)»); ``ru_child_name``/``en_child_name`` go together and only with a child's explanation.
11. A beginner's suit gloss is «со (палочки)», the picture the children's lessons name, never
   «со (бамбук)» («бамбук» is never a suit word).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from tests.text_checks import surfaces_drawn  # noqa: E402
from tests.ui_events import lesson_app  # noqa: E402
from trainer.glossary import GlossaryError, load_glossary  # noqa: E402
from trainer.i18n import current_language, set_language  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.suit_names import suit_gloss, suit_name_glossed  # noqa: E402

GLOSSARY = Path(__file__).resolve().parent.parent / "trainer" / "data" / "glossary.yaml"


@pytest.fixture(params=["ru", "en"])
def app(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[App]:
    """A child's app in Russian (1024x600), then in English (1280x720)."""
    size = (1024, 600) if request.param == "ru" else (1280, 720)
    a = lesson_app(tmp_path, language=request.param, size=size, profile="child")
    yield a
    a.close()


# ---------------------------------------------------------------- 5. Tibet without katakana


def test_tibets_explanations_name_no_katakana() -> None:
    tibet = load_glossary().term("tibet")
    for lang in ("ru", "en"):
        assert "チベット" not in tibet.explanation(lang) and "chibetto" not in tibet.explanation(lang)
        assert "チベット" not in tibet.child_explanation(lang)
    assert tibet.kana == "チベット"  # kept for a search in katakana


# ---------------------------------------------------------------- 8. a child's names


def glossary_list(app: App, monkeypatch: pytest.MonkeyPatch, query: str) -> list[str]:
    """The texts a child's glossary draws for ``query``."""
    drawn = surfaces_drawn(app, monkeypatch)
    app.push("glossary", query=query)
    app.process([], 1 / 60)
    app.render()
    return drawn


@pytest.mark.parametrize(("query", "shown", "not_shown"), [
    ({"ru": "дракон", "en": "dragon"}, {"ru": "Белый дракон", "en": "White dragon"},
     {"ru": "Хаку (белый дракон)", "en": "White dragon (haku)"}),
    ({"ru": "пара", "en": "pair"}, {"ru": "Пара", "en": "Pair"}, {"ru": "Пара (тойцу)", "en": "Pair (toitsu)"}),
    ({"ru": "тройн", "en": "triplet"}, {"ru": "Тройняшки", "en": "Triplets"},
     {"ru": "Тройка (коцу)", "en": "Triplet (koutsu)"}),
])
def test_a_childs_list_shows_the_childrens_words(app: App, monkeypatch: pytest.MonkeyPatch, query: dict[str, str],
                                                 shown: dict[str, str], not_shown: dict[str, str]) -> None:
    lang = app.settings.language
    drawn = glossary_list(app, monkeypatch, query[lang])
    assert shown[lang] in drawn and not_shown[lang] not in drawn


def test_a_childs_card_title_is_the_childs_word(app: App) -> None:
    screen = app.push("glossary", term="koutsu")
    app.process([], 1 / 60)
    lines = [line.text for line in screen.detail_lines(load_glossary().term("koutsu"), 2000)]
    assert lines[0] == ("Тройняшки" if app.settings.language == "ru" else "Triplets")
    # the card keeps the written form on the grown-ups' line, with no big kanji (review 23, kids5)
    assert any("刻子" in line for line in lines[1:2]) and "刻子" not in lines


def test_an_adults_list_is_unchanged(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    a = lesson_app(tmp_path, language="ru", size=(1024, 600), profile="rules")
    try:
        drawn = glossary_list(a, monkeypatch, "пара")
        assert "Пара — тойцу (対子, toitsu)" in drawn
    finally:
        a.close()


def test_child_names_and_their_search() -> None:
    g = load_glossary()
    assert g.term("shuntsu").child_name("ru") == "Лесенка" and g.term("shuntsu").child_name("en") == "Ladder"
    assert g.term("toitsu").child_name("ru") == "Пара"  # no child's name: the plain name
    assert g.search("лесенка")[0].id == "shuntsu"


def _changed(tmp_path: Path, old: str, new: str) -> Path:
    """A copy of the glossary with ``old`` replaced by ``new`` once."""
    path = tmp_path / "glossary.yaml"
    path.write_text(GLOSSARY.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
    return path


def test_a_child_name_needs_both_languages_and_a_childs_explanation(tmp_path: Path) -> None:
    with pytest.raises(GlossaryError, match="ru_child_name and en_child_name go together"):
        load_glossary(_changed(tmp_path, '  en_child_name: "Triplets"\n', ""))
    lonely = '- id: shousangen\n  ru_child_name: Малые драконы\n  en_child_name: "Dragons"\n'
    with pytest.raises(GlossaryError, match="needs ru_child and en_child"):
        load_glossary(_changed(tmp_path, "- id: shousangen\n", lonely))


# ---------------------------------------------------------------- 11. «со (палочки)»


def test_the_sou_gloss_is_the_picture_word() -> None:
    before = current_language()
    set_language("ru")
    try:
        assert suit_gloss("s") == "палочки"
        assert suit_name_glossed("s", "ru") == "со (палочки)"
        assert "бамбук" not in " ".join(suit_name_glossed(s, "ru") for s in "mps")
    finally:
        set_language(before)


def test_no_lesson_says_so_bamboo_in_brackets() -> None:
    lessons = Path(__file__).resolve().parent.parent / "lessons"
    said = [p.name for p in lessons.rglob("*.yaml") if "(бамбук)" in p.read_text(encoding="utf-8")]
    assert said == []
