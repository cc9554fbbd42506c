"""Terms on a child's screens, and terms that are not Japanese (review 23, group kterms).

A child's profile reads terms in its own language in running text and labels — «благородные
плитки», not «благородные плитки (字牌, jihai)»; an adult's keeps the Japanese.  The term's card
keeps the Japanese for a child too (the children's words under it).  A glossary term that is not a
Japanese term (``japanese: false``: the teaching game «Тибет») never shows kanji or romaji.
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
from tests.ui_events import lesson_app, open_lesson_step  # noqa: E402
from trainer.glossary import ALL_MODES, NAME_MODE, GlossaryError, load_glossary  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.richtext import layout_rich, plain_text, shown_term_mode  # noqa: E402
from trainer.ui.views.term_card import open_term_card  # noqa: E402

GLOSSARY = Path(__file__).resolve().parent.parent / "trainer" / "data" / "glossary.yaml"
TIBET_JAPANESE = ("チベット", "chibetto")


@pytest.fixture(params=["ru", "en"])
def app(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[App]:
    """The app in Russian and in English, no progress store, data in a throwaway folder."""
    a = lesson_app(tmp_path, language=request.param)
    yield a
    a.close()


def _drawn_step(app: App, monkeypatch: pytest.MonkeyPatch, lesson: str, step: str) -> str:
    """Every text the lesson step draws, joined: what the learner sees."""
    drawn = surfaces_drawn(app, monkeypatch)
    open_lesson_step(app, lesson, step)
    return " ".join(drawn)


# ---------------------------------------------------------------- the glossary flag


def _load_with(tmp_path: Path, value: str) -> object:
    text = GLOSSARY.read_text(encoding="utf-8").replace("  japanese: false", f"  japanese: {value}", 1)
    path = tmp_path / "glossary.yaml"
    path.write_text(text, encoding="utf-8")
    return load_glossary(path)


def test_tibet_is_the_one_glossary_term_that_is_not_japanese() -> None:
    g = load_glossary()
    assert [t.id for t in g if not t.is_japanese] == ["tibet"]
    assert g.term("ponjan").is_japanese and g.term("kuntou").is_japanese and g.term("riichi").is_japanese


def test_the_validator_accepts_the_flag_and_rejects_a_non_bool(tmp_path: Path) -> None:
    assert _load_with(tmp_path, "true").term("tibet").is_japanese  # type: ignore[attr-defined]
    for bad in ("no", "0", "sometimes", '"false"', "[false]"):
        with pytest.raises(GlossaryError, match=r"glossary\.yaml:\d+: term 'tibet': key 'japanese' is true or false"):
            _load_with(tmp_path, bad)


def test_tibet_never_shows_kanji_or_romaji() -> None:
    tibet = load_glossary().term("tibet")
    for mode in ALL_MODES:
        for lang in ("ru", "en"):
            shown = [tibet.display(mode, lang), tibet.display(mode, lang, plain=True),
                     tibet.display(mode, lang, bracketed=False), tibet.inline(mode, lang), tibet.japanese(mode)]
            assert not any(j in s for s in shown for j in TIBET_JAPANESE), (mode, lang, shown)
    assert tibet.display("ru_ja", "ru") == "Тибет" and tibet.display("full", "en", plain=True) == "Tibet"


def test_the_name_mode_is_the_name_alone() -> None:
    g = load_glossary()
    assert g.term("riichi").display(NAME_MODE, "ru") == "Риичи"
    assert g.term("jihai").inline(NAME_MODE, "ru") == g.term("jihai").word("ru", inline=True)
    assert g.term("gen_pocchi").display(NAME_MODE, "en") == "Dragons as jokers"  # no romaji gloss either
    assert g.term("riichi").japanese(NAME_MODE) == ""


# ---------------------------------------------------------------- running text


def test_a_childs_lesson_text_has_no_japanese_and_an_adults_has(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    app.apply_profile("new")
    adult = _drawn_step(app, monkeypatch, "kids_tile_families", "picture_family")
    assert "字牌" in adult and "jihai" in adult
    app.pop()
    app.apply_profile("child")
    assert shown_term_mode(app.settings) == NAME_MODE
    child = _drawn_step(app, monkeypatch, "kids_tile_families", "picture_family")
    assert "字牌" not in child and "jihai" not in child
    assert load_glossary().term("jihai").word(app.settings.language, inline=True).split()[0] in child.lower()


def test_a_childs_text_shows_each_term_by_its_word(app: App) -> None:
    """Hints, coach lines and labels go through the same rich text: the author's word or the name."""
    app.apply_profile("child")
    assert plain_text("{term:jihai|honor tiles} and {term:riichi}.", app) == \
        f"honor tiles and {load_glossary().term('riichi').word(app.settings.language, inline=True)}."
    app.apply_profile("new")
    assert "(立直, rīchi)" in plain_text("{term:jihai|honor tiles} and {term:riichi}.", app)


def test_the_rendered_text_follows_a_profile_change(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The laid-out text is cached by what it shows: a child after an adult gets no Japanese."""
    drawn = surfaces_drawn(app, monkeypatch)
    markup = "kterms-cache {term:riichi} here."
    layout_rich(app, markup, 18, 2000)
    assert "(立直," in drawn
    drawn.clear()
    app.apply_profile("child")
    layout_rich(app, markup, 18, 2000)
    assert drawn and not any("立直" in word or "rīchi" in word for word in drawn), drawn


def test_tibet_in_a_lesson_has_no_japanese_for_an_adult(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    app.apply_profile("new")
    shown = _drawn_step(app, monkeypatch, "kids_tibet_5", "winning_shape")
    assert ("Тибет" in shown or "Tibet" in shown) and not any(j in shown for j in TIBET_JAPANESE), shown


# ---------------------------------------------------------------- the card and the glossary


def test_a_childs_term_card_keeps_the_japanese_and_the_childs_words(app: App) -> None:
    app.apply_profile("child")
    screen = open_lesson_step(app, "kids_tile_families", "picture_family")
    open_term_card(screen, "jihai")
    jihai = load_glossary().term("jihai")
    lang = app.settings.language
    # kids2: titled by the children's word, the Japanese on the line under it, then the children's words
    japanese, words = screen.dialog.body.split("\n\n")
    assert screen.dialog.title == jihai.child_name(lang) and "字牌" not in screen.dialog.title
    assert "字牌" in japanese and words == jihai.child_explanation(lang)


@pytest.mark.parametrize("profile", ["child", "new"])
def test_tibets_card_has_no_japanese(app: App, profile: str) -> None:
    app.apply_profile(profile)
    screen = open_lesson_step(app, "kids_tibet_5", "winning_shape")
    open_term_card(screen, "tibet")
    assert screen.dialog.title.startswith(("Тибет", "Tibet"))
    assert not any(j in screen.dialog.title for j in TIBET_JAPANESE)


def test_the_glossary_card_of_tibet_has_no_japanese_head(app: App) -> None:
    screen = app.push("glossary", term="tibet")
    app.process([], 1 / 60)
    app.render()
    lines = [line.text for line in screen.detail_lines(load_glossary().term("tibet"), 2000)]
    assert lines[0] in ("Тибет", "Tibet (teaching game)")
    assert not any(line.strip() in TIBET_JAPANESE for line in lines), lines
    assert "chibetto" not in " ".join(lines)


def test_a_childs_glossary_list_names_terms_alone(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    app.apply_profile("child")
    drawn = surfaces_drawn(app, monkeypatch)
    screen = app.push("glossary", query="riichi")
    app.process([], 1 / 60)
    app.render()
    name = load_glossary().term("riichi").name(app.settings.language)
    assert name in drawn and "Риичи (立直, rīchi)" not in drawn and "Riichi (立直, rīchi)" not in drawn
    assert screen.current is not None and screen.current.id == "riichi"
