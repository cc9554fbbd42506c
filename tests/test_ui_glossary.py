"""The glossary screen, driven headless: search in every script, choose, read, leave."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from trainer.engine.tiles import parse_tile  # noqa: E402
from trainer.glossary import load_glossary  # noqa: E402
from trainer.ui.app import App, load_screen_modules  # noqa: E402
from trainer.ui.settings import Settings  # noqa: E402


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))


def _app(size: tuple[int, int] = (1280, 720), **settings: str) -> App:
    load_screen_modules()
    app = App(size=size, settings=Settings(**settings), progress=None, save=False)
    app.push("home")
    return app


def _open(app: App, **params: str):  # noqa: ANN202 - the screen class is registered dynamically
    screen = app.push("glossary", **params)
    app.process([], 1 / 60)
    app.render()
    return screen


def _type(app: App, text: str) -> None:
    app.process([pygame.event.Event(pygame.TEXTINPUT, text=text)], 1 / 60)


def _key(app: App, key: int, unicode: str = "", mod: int = 0) -> None:
    app.process([pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode)], 1 / 60)


@pytest.mark.parametrize("query", ["рии", "Риичи", "立直", "リーチ", "りーち", "riichi", "rīchi"])
def test_search_in_every_script_finds_riichi_first(query: str) -> None:
    app = _app(language="ru")
    screen = _open(app)
    _type(app, query)
    assert screen.query == query
    assert screen.current is not None and screen.current.id == "riichi"
    assert screen.results == load_glossary().search(query)


def test_empty_query_lists_every_term_and_nothing_found_is_shown() -> None:
    app = _app(language="en")
    screen = _open(app)
    assert len(screen.results) == len(load_glossary())
    _type(app, "zzqx")
    assert screen.results == [] and screen.current is None
    surf = app.render()  # the "nothing found" message and an empty detail pane draw without error
    assert surf.get_size() == (1280, 720)


def test_editing_keys_and_digits_go_to_the_box() -> None:
    app = _app(language="ru")
    screen = _open(app)
    _type(app, "тенпай")
    _key(app, pygame.K_BACKSPACE)
    assert screen.query == "тенпа"
    _key(app, pygame.K_HOME)
    _key(app, pygame.K_DELETE)
    assert screen.query == "енпа"
    # A digit key is taken by the box (its text arrives as TEXTINPUT), not as an option number.
    _key(app, pygame.K_1, "1")
    assert app.screen is screen and screen.query == "енпа"


def test_arrows_choose_enter_moves_to_list_and_esc_clears_then_leaves() -> None:
    app = _app(language="ru")
    screen = _open(app)
    _type(app, "рии")
    first, second = screen.results[0], screen.results[1]
    _key(app, pygame.K_DOWN)
    assert screen.current == second
    _key(app, pygame.K_UP)
    assert screen.current == first
    _key(app, pygame.K_RETURN, "\r")
    assert screen.focused_widget() is screen.list
    _key(app, pygame.K_END)
    assert screen.selected == len(screen.results) - 1
    _key(app, pygame.K_ESCAPE)
    assert app.screen is screen and screen.query == "" and len(screen.results) == len(load_glossary())
    _key(app, pygame.K_ESCAPE)
    assert app.screen is not screen


def test_click_on_a_row_chooses_it() -> None:
    app = _app(language="ru")
    screen = _open(app)
    _type(app, "дракон")
    lst = screen.list
    rh = lst.row_height(app)
    y = lst.rect.top + app.layout.px(6) + rh * 2 + rh // 2
    app.process([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(lst.rect.left + 40, y))], 1 / 60)
    assert screen.selected == 2


def test_open_with_a_term_and_unknown_term_warns() -> None:
    app = _app(language="ru")
    screen = _open(app, term="chun")
    assert screen.current is not None and screen.current.id == "chun"
    screen.show_term("no_such_term")
    assert screen.current.id == "chun" and app.banners


def test_term_tiles_read_from_kanji() -> None:
    from trainer.ui.screens.glossary import term_tiles

    g = load_glossary()
    assert term_tiles(g.term("ii_man")) == [parse_tile("1m")]
    assert term_tiles(g.term("chuu_sou")) == [parse_tile("9s")]
    assert term_tiles(g.term("hatsu")) == [parse_tile("6z")]
    assert term_tiles(g.term("pinzu")) == [parse_tile(f"{r}p") for r in range(1, 10)]
    assert term_tiles(g.term("riichi")) == []


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
@pytest.mark.parametrize("language", ["ru", "en"])
@pytest.mark.parametrize("mode", ["ru_ja", "ja_ru", "full"])
def test_no_term_overflows_the_detail_pane(language: str, mode: str, size: tuple[int, int]) -> None:
    """Every term's card fits its pane in every display mode, at 1280x720 and at 1024x600 (where
    «кан» and «дора» in the full mode used to spill below it)."""
    from trainer.ui.screens.glossary import term_tiles

    app = _app(size, language=language, term_mode=mode)
    screen = _open(app)
    L = app.layout
    inner = screen.detail_rect.inflate(-2 * L.px(28), -2 * L.px(28))
    one_tile_w = L.px(110) * 3 // 4 + L.px(20)
    for term in load_glossary():
        tiles = term_tiles(term)
        width = inner.width - (one_tile_w if len(tiles) == 1 else 0)
        room = inner.height - (L.px(72) + L.px(16) if len(tiles) > 1 else 0)
        lines = screen.detail_lines(term, width, room)
        height = sum(line.gap_before + app.line_height(L.font(line.size)) for line in lines)
        assert height <= room, f"{term.id}: {height} > {room} px ({mode}, {language}, {size})"
        for line in lines:
            assert app.text_width(line.text, L.font(line.size), line.bold) <= width, (term.id, line.text)


def test_screenshot_shows_the_chosen_term(tmp_path: Path) -> None:
    app = _app(language="ru", tile_theme="contrast")
    screen = _open(app, term="haku")
    surf = app.render()
    pygame.image.save(surf, str(tmp_path / "glossary.png"))
    assert (tmp_path / "glossary.png").stat().st_size > 10_000
    # The detail card is painted, and the haku tile sits in its top-right corner.
    inner = screen.detail_rect.inflate(-2 * app.layout.px(28), -2 * app.layout.px(28))
    assert surf.get_at((screen.detail_rect.centerx, screen.detail_rect.bottom - 20))[:3] == app_card_colour()
    corner = surf.get_at((inner.right - 5, inner.top + 5))[:3]
    assert corner != app_card_colour()


def app_card_colour() -> tuple[int, int, int]:
    from trainer.ui.theme import PALETTE

    return PALETTE.card


def test_a_broken_glossary_file_is_reported_not_a_crash(tmp_path: Path) -> None:
    from trainer.glossary import GlossaryError

    app = _app(language="ru")

    def broken() -> None:
        raise GlossaryError(f"{tmp_path}/glossary.yaml:12: term 'riichi': missing key 'kanji'")

    app.glossary = broken  # type: ignore[method-assign]
    screen = _open(app, term="riichi")
    assert screen.results == [] and "glossary.yaml:12" in (screen.error or "")
    _type(app, "рии")
    assert screen.results == []
    app.render()


def test_browsing_groups_terms_under_category_headings() -> None:
    from trainer.glossary import CATEGORIES

    app = _app(language="ru")
    screen = _open(app)
    headings = [value for kind, value in screen.rows if kind == "category"]
    used = {t.category for t in load_glossary()}
    assert headings == [c for c in CATEGORIES if c in used]  # each category once, in glossary order
    assert [screen.results[int(v)] for k, v in screen.rows if k == "term"] == screen.results
    # Down from the last term of the first category lands on the first term of the next one.
    first_cat = headings[0]
    last = max(i for i, t in enumerate(screen.results) if t.category == first_cat)
    screen.select(last)
    _key(app, pygame.K_DOWN)
    assert screen.current.category == headings[1]
    # A click on a heading chooses nothing; a click on the row under it chooses that term.
    screen.select(0)
    screen.select(2)  # the heading stays in view at the top
    app.render()
    lst = screen.list
    rh = lst.row_height(app)
    top = lst.rect.top + app.layout.px(6)
    app.process([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(lst.rect.left + 40, top + rh // 2))], 0.02)
    assert screen.selected == 2
    app.process([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                    pos=(lst.rect.left + 40, top + rh + rh // 2))], 0.02)
    assert screen.selected == 0 and screen.rows[screen.list_top] == ("category", headings[0])
    # Typing a query drops the headings.
    _type(app, "рон")
    assert all(kind == "term" for kind, _ in screen.rows)


def test_left_right_in_the_list_jump_between_categories() -> None:
    app = _app(language="ru")
    screen = _open(app)
    screen.set_focus(screen.list)
    cats = []
    for _ in range(3):
        _key(app, pygame.K_RIGHT)
        cats.append(screen.current.category)
        assert screen.selected == 0 or screen.results[screen.selected - 1].category != screen.current.category
    assert len(set(cats)) == 3
    start = screen.selected
    _key(app, pygame.K_LEFT)  # from the start of a category: to the previous category's start
    assert screen.current.category == cats[-2]
    _key(app, pygame.K_RIGHT)
    assert screen.selected == start
    if start + 1 < len(screen.results) and screen.results[start + 1].category == cats[-1]:
        screen.select(start + 1)
        _key(app, pygame.K_LEFT)  # from inside a category: back to its start
        assert screen.selected == start


def _lines(language: str, term_id: str) -> list[str]:
    """The detail pane's lines of one term, as drawn in ``language`` (Russian-Japanese display)."""
    app = _app(language=language)
    screen = _open(app, term=term_id)
    return [line.text for line in screen.detail_lines(load_glossary().term(term_id), 2000)]


def test_the_english_card_lists_only_spellings_without_cyrillic() -> None:
    import re

    cyrillic = re.compile("[А-Яа-яЁё]")
    assert "Also written: mahjong" in _lines("en", "maajan")
    only_russian = next(t for t in load_glossary() if t.alt and all(cyrillic.search(a) for a in t.alt))
    assert not any(line.startswith("Also written") for line in _lines("en", only_russian.id))
    app = _app(language="en")
    screen = _open(app)
    for term in load_glossary():
        for line in screen.detail_lines(term, 2000):
            if line.text.startswith("Also written"):
                assert not cyrillic.search(line.text), (term.id, line.text)
    assert "Другие написания: mahjong, маджонг" in _lines("ru", "maajan")  # the Russian card keeps them all
    assert any(line.startswith("Другие написания:") for line in _lines("ru", only_russian.id))


def test_the_source_names_the_book_for_a_reader() -> None:
    """The card names the book by its title; the seed's book and line numbers are codes a learner
    cannot use (they stay in the data and the teacher's wording)."""
    assert "Source: the big book “Japanese Mahjong Rules”" in _lines("en", "maajan")
    assert "Источник: большая книга «Правила японского маджонга»" in _lines("ru", "maajan")
    en = " ".join(_lines("en", "paifu"))
    assert "Source: the big book “Japanese Mahjong Rules”" in en
    assert "000" not in en and "3210" not in en and "line" not in en.split("Source:")[1]


def test_source_text_names_every_book_once_and_the_lines_only_for_a_teacher() -> None:
    from trainer.i18n import set_language
    from trainer.ui.sources import source_text

    set_language("en")
    assert source_text("000:1153; 000:5704; 001:443") == (
        "the big book “Japanese Mahjong Rules”; the rulebook “Riichi Mahjong Rules”")
    assert source_text("000:1153; 000:5704; 001:443", lines=True) == (
        "the big book “Japanese Mahjong Rules” (000), lines 1153, 5704; the rulebook “Riichi Mahjong Rules” (001), line 443")
    assert source_text("002:12") == "the Chinese Official rules, MCR"
    assert source_text("003:5; 004:6-48", lines=True) == (
        "the JPML rules (003), line 5; the EMA rules (004), lines 6–48")
    assert source_text("007:9", lines=True) == "book 007, line 9"  # a book without a name still reads
