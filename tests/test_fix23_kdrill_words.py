"""Review 23, finding 10 (a 7-year-old in the children's drills): the hint follows the tile's family
and what the question asks, and its second press says more; the answer is shown in a child's
sentence with one reason («3 и 3 — пара»), under a heading whose words fit what it names; a child's
profile gets the children's presentation from the drill menu too (never «Решение»); the question
tile is large; H in a focused number box is the hint, for an adult as for a child (the box takes digits
only)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui_events import frame, headless_app, key  # noqa: E402
from trainer.engine.exercises import GENERATORS  # noqa: E402
from trainer.i18n import set_language  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.richtext import BR  # noqa: E402
from trainer.ui.views.exercise_labels import kids_tile_name  # noqa: E402
from trainer.ui.views.kids_drill_words import ASKS, TILE_HINTS, TILE_REVEALS  # noqa: E402

FAMILIES = ("man", "pin", "sou", "bird", "wind", "dragon")


@pytest.fixture
def child(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """A child's profile, in Russian, at the smallest window."""
    with headless_app(tmp_path, monkeypatch, language="ru", size=(1024, 600), profile="child",
                      tile_theme="kids", tile_size="large") as app:
        yield app
    set_language("en")


def _drill(app: App, generator: str, params: dict[str, Any], seed: int) -> Any:
    screen = app.push("drill", generator=generator, params=params, n=2, seed=seed)
    frame(app)
    return screen


def _seed(generator: str, params: dict[str, Any], want: Any) -> int:
    """The first seed whose exercise passes ``want``."""
    gen = GENERATORS[generator]
    return next(s for s in range(400) if want(gen.generate(gen.params(dict(params, kids=True)), s)))


def _tile(name: str) -> Any:
    return lambda ex: ex.explanation[0].get("tile") == name


def _miss(app: App, screen: Any) -> None:
    """Pick a wrong option (a child's miss)."""
    options = screen.ex.prompt.options
    wrong = next(i for i, o in enumerate(options) if o.value not in screen.ex.answer)
    key(app, pygame.K_1 + wrong, str(wrong + 1))


def test_every_tile_question_has_two_rungs_and_an_answer_for_each_family() -> None:
    for ask, table in TILE_HINTS.items():
        families = FAMILIES if ask != "number" else ("man", "pin", "sou", "bird")  # no number on an honor
        for family in families:
            first, second = table[family]
            assert first and second and first != second, (ask, family)
            assert family in TILE_REVEALS[ask], (ask, family)
    assert set(ASKS.values()) == set(TILE_HINTS) == set(TILE_REVEALS)


@pytest.mark.parametrize(("params", "tile", "first", "second"), [
    ({"ask": "number", "pool": "man", "options": 3}, "5m", "число написано сверху", "Сверху крышечка и табуретка"),
    ({"ask": "number", "pool": "pin", "options": 3}, "6p", "Сосчитай кружки", "Коснись каждого кружка"),
    ({"ask": "number", "pool": "sou", "options": 3}, "1s", "птичка — это одна палочка", "Видишь птичку?"),
    # finding a wind or a dragon: the second rung points at what decides (the place in the row, the
    # colour), the reason itself is left for the answer (kids2)
    ({"ask": "name", "direction": "to_tile", "pool": "honors", "options": 3}, "5z", "Драконов три",
     "какого цвета каждая плитка"),
    ({"ask": "name", "direction": "to_tile", "pool": "honors", "options": 3}, "2z", "Восток, Юг, Запад, Север",
     "Какой по счёту Юг?"),
])
def test_the_hint_follows_the_family_and_its_second_press_says_more(child: App, params: dict[str, Any], tile: str,
                                                                  first: str, second: str) -> None:
    screen = _drill(child, "tile_name", params, _seed("tile_name", params, _tile(tile)))
    key(child, pygame.K_h, "h")
    assert screen.feedback_kind == "hint" and first in screen.feedback_text, screen.feedback_text
    assert "что нарисовано на плитке и сколько" not in screen.feedback_text  # the one hint for everything
    said = screen.feedback_text
    key(child, pygame.K_h, "h")
    assert screen.feedback_kind == "hint" and second in screen.feedback_text, screen.feedback_text
    assert said not in screen.feedback_text  # the second press never says the first again
    assert screen.hint_btn.label == "Показать ответ"
    key(child, pygame.K_h, "h")
    assert screen.phase == "done" and screen.feedback_kind == "shown"


def test_a_miss_gives_the_first_rung_and_the_hint_then_the_second(child: App) -> None:
    params = {"ask": "number", "pool": "man", "options": 3}
    screen = _drill(child, "tile_name", params, _seed("tile_name", params, _tile("5m")))
    _miss(child, screen)
    assert screen.phase == "retry" and "число написано сверху" in screen.feedback_text
    key(child, pygame.K_h, "h")
    assert screen.feedback_text == "Сверху крышечка и табуретка. Какое это число?"


def test_the_family_question_never_names_the_family_first(child: App) -> None:
    params = {"ask": "family", "pool": "all", "options": 4}
    firsts = set()
    for tile in ("3p", "7s", "4m", "1z", "6z"):
        screen = _drill(child, "tile_name", params, _seed("tile_name", params, _tile(tile)))
        firsts.add(screen.hint_rungs()[0])
        child.pop()
    assert len(firsts) == 1  # one sentence for every family: where to look, not the answer


def test_the_childs_answer_names_the_family_with_a_reason_and_no_she(child: App) -> None:
    params = {"ask": "family", "pool": "all", "options": 4}
    screen = _drill(child, "tile_name", params, _seed("tile_name", params, _tile("4z")))
    _miss(child, screen)
    _miss(child, screen)
    assert screen.feedback_kind == "wrong"
    # kids3: what the hints did not say (no number was their point): the tile is a wind
    assert screen.feedback_text == "Это семья ветров и драконов, а эта плитка — ветер."
    assert screen.feedback_style("wrong")[2] == "Смотри, как правильно!"  # not «вот она» over a family
    assert "Ответ:" not in screen.feedback_text


@pytest.mark.parametrize(("params", "tile", "words"), [
    # kids3: the sign on top was the second hint; the answer says why that sign is 5
    ({"ask": "number", "pool": "man", "options": 3}, "5m", "Это 5: так пишут 5 в Китае и Японии."),
    ({"ask": "number", "pool": "pin", "options": 3}, "3p", "Это 3: считаем кружки — раз, два, три!"),
    ({"ask": "name", "direction": "to_tile", "pool": "honors", "options": 3}, "7z",
     "{tiles:7z} — это красный дракон: он нарисован красным."),
])
def test_the_childs_answer_says_why(child: App, params: dict[str, Any], tile: str, words: str) -> None:
    screen = _drill(child, "tile_name", params, _seed("tile_name", params, _tile(tile)))
    for _press in range(3):
        key(child, pygame.K_h, "h")
    assert screen.feedback_kind == "shown" and screen.feedback_text == words


def _tanki_with_a_triplet(ex: Any) -> bool:
    waits = [i for i in ex.explanation if i.get("kind") == "wait"]
    return len(waits) == 1 and waits[0]["shapes"] == ["tanki"] and ex.prompt.hand[1:4] == "999"


def test_a_wait_is_shown_with_what_it_makes(child: App) -> None:
    """3p with 999p: the child reads «3 и 3 — пара» under the tile that wins, under a bare «Смотри!»."""
    params = {"size": 4, "min_waits": 1, "max_waits": 2}
    screen = _drill(child, "single_suit_waits", params, _seed("single_suit_waits", params, _tanki_with_a_triplet))
    for _press in range(3):
        key(child, pygame.K_h, "h")
    tile = screen.ex.explanation[0]["tile"]
    lines = screen.feedback_text.split(BR)
    assert lines == [f"Победу принесёт {{tiles:{tile}}}.", f"{tile[0]} и {tile[0]} — пара."], lines
    assert screen.feedback_style("shown")[2] == "Смотри!"


def test_an_english_child_reads_the_same_reasons(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A one-tile hand's twin: two rungs (what a pair is, then family and number), then the twin by
    its name (kids3: «3 and 3 make a pair» said the first rung again)."""
    with headless_app(tmp_path, monkeypatch, language="en", profile="child") as app:
        params = {"size": 1}
        screen = _drill(app, "single_suit_waits", params, 0)
        for _press in range(3):
            key(app, pygame.K_h, "h")
        tile = screen.ex.explanation[0]["tile"]
        assert screen.feedback_text.endswith(f"It is {kids_tile_name(tile)} too."), screen.feedback_text
        assert screen.feedback_text.startswith("Here is the tile just the same:")
        assert screen.feedback_style("shown")[2] == "Look!"


def test_a_childs_profile_gets_the_childrens_drill_from_the_menu(child: App) -> None:
    gen = GENERATORS["tile_name"]
    params = gen.params({"ask": "family"}).model_dump(mode="json")  # as the drill menu's form sends them
    assert params["kids"] is False
    screen = _drill(child, "tile_name", params, 0)
    assert screen.kids and screen.feedback_style("shown")[2] != "Решение"
    for _press in range(3):
        key(child, pygame.K_h, "h")
    assert screen.phase == "done" and not screen.feedback_text.startswith("Ответ:")


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
def test_the_childs_question_tile_is_large_and_the_options_stay_clear(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                      size: tuple[int, int]) -> None:
    with headless_app(tmp_path, monkeypatch, language="ru", size=size, profile="child", tile_theme="kids",
                      tile_size="large") as app:
        for params in ({"ask": "family", "pool": "all", "options": 4}, {"ask": "number", "pool": "man", "options": 3}):
            screen = _drill(app, "tile_name", params, 1)
            row = screen.view.hand_row
            assert row.rect.width >= 110 * size[0] // 1024, row.rect
            _miss(app, screen)  # a panel under the options: the tile keeps out of their way
            frame(app)
            assert row.rect.width >= 110 * size[0] // 1024, row.rect
            buttons = [b.rect for b in screen.view.buttons]
            assert all(b.top >= row.rect.bottom for b in buttons)
            assert all(b.bottom <= screen.feedback_rect.top for b in buttons)
            assert min(b.height for b in buttons) >= app.layout.px(56)
            app.pop()
    set_language("en")


def test_an_adults_h_in_a_focused_number_box_asks_for_the_hint(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The box takes digits only, so H there is the hint its button's badge offers (another letter is
    named in a notice)."""
    with headless_app(tmp_path, monkeypatch) as app:
        screen = app.push("drill", generator="shanten", params={}, n=1, seed=3)
        frame(app)
        field = screen.view.fields[0][1]
        assert screen.focused_widget() is field
        key(app, pygame.K_h, "h")
        assert screen.hints_used == 1 and screen.feedback_kind == "hint" and field.text == ""
        key(app, pygame.K_q, "q")
        assert app.banners[-1].text == "Only digits go into this box."
        key(app, pygame.K_h, "h")
        assert screen.hints_used == 2


def test_a_childs_h_in_the_number_box_is_still_the_hint(child: App) -> None:
    screen = _drill(child, "shanten", {"size": 7}, 0)
    assert screen.kids and screen.focused_widget() is screen.view.fields[0][1]
    key(child, pygame.K_h, "h")
    assert screen.hints_used == 1 and screen.feedback_kind in ("hint", "shown")


def test_what_is_it_called_asks_for_the_family_first_then_how_to_read_it(child: App) -> None:
    """The options differ in family or in number (1 stick, 1 character, 1 dot): the first rung never
    names the family, the second does (the bird, the dots to count)."""
    params = {"ask": "name", "pool": "all", "options": 3}
    rungs = {}
    for tile in ("1s", "6p"):
        screen = _drill(child, "tile_name", params, _seed("tile_name", params, _tile(tile)))
        rungs[tile] = screen.hint_rungs()
        child.pop()
    assert rungs["1s"][0] == rungs["6p"][0] and "Какая это семья" in rungs["1s"][0]  # kids2: and which number
    assert "птичк" in rungs["1s"][1] and "кружки" in rungs["6p"][1]


def test_a_question_about_a_shape_gets_no_hint_that_names_it(child: App) -> None:
    screen = _drill(child, "wait_shape", {}, 3)
    assert screen.hint_rungs() == ["Посмотри на плитки по очереди. У тебя получится!"]
    for _press in range(2):
        key(child, pygame.K_h, "h")
    assert screen.feedback_text.startswith("Вот правильный ответ: {term:")
