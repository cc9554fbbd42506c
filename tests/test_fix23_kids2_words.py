"""Review 23, verification of the children's fixes (group kids2), as a 6-year-old meets them.

1. Finding a tile (the winds-and-dragons drill, every find-the-tile question): the answer is headed
   by a bare «Смотри!» ("Look!"), never «Смотри, вот она!» over «Вот он: …» (two «вот», two
   genders), and the answer names the tile once with a reason its two hints did not say
   («{2z} — это Юг: он идёт вторым, сразу после Востока.»).
2. "What is this tile called?" for a number character: its number is read from the sign on top,
   never counted (五萬 shows two signs), so the first hint says so, the tile is «иероглиф 5» as the
   lessons name it (not «5 иероглифов») and the answer says «так пишут 5» (kids3: «в Китае и Японии»,
   the sign itself being the second hint's); the family hint says what the pictures mean without
   «палочки — это палочки».
3. A child's answer is headed alike in a lesson and in a drill: «Смотри, как правильно!».
4. A child's last miss on a give-away step says why the tile given away stays.
5. A child's term card is titled by the child's word («Тройняшки»), the Japanese on the line under it.
6. A child's long panel says «Дальше ещё: прокрути вниз» («ты»), an adult's keeps «прокрутите или PgDn».
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.text_checks import texts_drawn  # noqa: E402
from tests.ui_events import frame, headless_app, key, open_lesson_step  # noqa: E402
from trainer.engine.exercises import GENERATORS  # noqa: E402
from trainer.i18n import set_language  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.richtext import BR  # noqa: E402
from trainer.ui.views.exercise_labels import kids_tile_name, question_text  # noqa: E402
from trainer.ui.views.term_card import open_term_card  # noqa: E402

FIND = {"ask": "name", "direction": "to_tile", "pool": "all", "options": 3}
NAME = {"ask": "name", "direction": "to_name", "pool": "all", "options": 3}
FAMILY = {"ask": "family", "pool": "all", "options": 4}


@pytest.fixture(params=["ru", "en"])
def child(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """A child's profile in Russian at the smallest window, in English at 1280x720."""
    size = (1024, 600) if request.param == "ru" else (1280, 720)
    with headless_app(tmp_path, monkeypatch, language=request.param, size=size, profile="child",
                      tile_theme="kids", tile_size="large") as app:
        yield app
    set_language("en")


def ru(app: App) -> bool:
    """Whether the app speaks Russian."""
    return app.settings.language == "ru"


def drill(app: App, params: dict[str, Any], tile: str) -> Any:
    """A children's tile drill opened on the first question about ``tile``."""
    gen = GENERATORS["tile_name"]
    seed = next(s for s in range(400)
                if gen.generate(gen.params(dict(params, kids=True)), s).explanation[0].get("tile") == tile)
    screen = app.push("drill", generator="tile_name", params=dict(params, kids=True), n=2, seed=seed)
    frame(app)
    return screen


def press_h(app: App, times: int) -> list[str]:
    """Press H ``times`` times; what the panel said after each press."""
    said = []
    for _press in range(times):
        key(app, pygame.K_h, "h")
        said.append(app.stack[-1].feedback_text)
    return said


# ---------------------------------------------------------------- 1. finding a tile


@pytest.mark.parametrize("tile", ["2z", "4z", "5z", "7z", "5m", "3p", "1s"])
def test_a_found_tile_is_shown_under_look_named_once_with_a_new_reason(child: App, tile: str) -> None:
    screen = drill(child, FIND, tile)
    first, second, answer = press_h(child, 3)
    assert screen.feedback_kind == "shown"
    assert screen.feedback_style("shown")[2] == ("Смотри!" if ru(child) else "Look!")
    assert answer.startswith("{tiles:" + tile + "}"), answer  # the tile drawn, then its name
    assert "Вот" not in answer and "Here it is" not in answer
    name = kids_tile_name(tile)
    assert answer.lower().count(name.lower()) == 1, answer  # named once
    reason = answer.split(":", 1)[1]
    assert reason.strip(" .!") not in first + second, answer  # not a hint said again
    assert second not in answer and first not in answer


def test_south_is_found_in_the_words_of_the_review(child: App) -> None:
    screen = drill(child, {**FIND, "pool": "honors"}, "2z")
    first, second, answer = press_h(child, 3)
    assert second == ("Вот ветры по порядку: {tiles:1234z}. Какой по счёту Юг?" if ru(child) else
                      "Here are the winds in order: {tiles:1234z}. Which place in the row is South?")
    assert answer == ("{tiles:2z} — это Юг: он идёт вторым, сразу после Востока." if ru(child) else
                      "{tiles:2z} is South: it comes second, right after East.")
    assert screen.feedback_style("shown")[2] in ("Смотри!", "Look!")


# ---------------------------------------------------------------- 2. a character's number is read


def test_a_characters_name_is_read_from_its_sign_not_counted(child: App) -> None:
    screen = drill(child, NAME, "5m")
    labels = [b.text for b in screen.view.buttons]
    assert ("иероглиф 5" if ru(child) else "character 5") in labels, labels
    assert not any("иероглиф" in t and t[0].isdigit() for t in labels), labels  # never «5 иероглифов»
    first, second, answer = press_h(child, 3)
    assert "сколько" not in first and "how many" not in first
    assert ("число написано сверху" if ru(child) else "number is written on top") in first, first
    assert ("крышечка и табуретка" if ru(child) else "a little lid on a stool") in second, second
    assert answer == ("Это иероглиф 5: так пишут 5 в Китае и Японии." if ru(child) else
                      "It's character 5: that's how people in China and Japan write 5.")


def test_the_find_question_names_a_character_as_the_lessons_do(child: App) -> None:
    screen = drill(child, FIND, "5m")
    assert question_text(screen.ex, kids=True) == ("Найди: иероглиф 5!" if ru(child) else "Find: character 5!")


def test_the_family_hint_says_what_the_pictures_mean_without_a_circle(child: App) -> None:
    drill(child, FAMILY, "7s")
    first = press_h(child, 1)[0]
    assert "палочки — это палочки" not in first and "sticks are sticks" not in first, first
    assert ("птичка" if ru(child) else "bird") in first  # the one stick that is not a stick


# ---------------------------------------------------------------- 3. one heading in a lesson and a drill


def test_a_childs_answer_is_headed_alike_in_a_lesson_and_a_drill(child: App) -> None:
    screen = drill(child, FAMILY, "3p")
    press_h(child, 3)
    in_drill = screen.feedback_style("shown")[2]
    child.pop()
    lesson = open_lesson_step(child, "kids_tile_families", "tap_dots")
    press_h(child, 3)
    assert lesson.feedback_kind == "shown"
    assert lesson.feedback_style("shown")[2] == in_drill == (
        "Смотри, как правильно!" if ru(child) else "Look, here's how it goes!")


# ---------------------------------------------------------------- 4. the last miss on a give-away step


def _give_away(app: App, screen: Any, tile: str) -> None:
    row = screen.view.picker
    row.selected = {next(i for i, s in enumerate(row.slots) if str(s.tile) == tile)}
    key(app, pygame.K_RETURN, "\r")


def test_a_childs_last_miss_on_a_give_away_step_says_why_the_tile_stays(child: App) -> None:
    screen = open_lesson_step(child, "kids_tibet_11", "find_lonely")  # 22s456p789p34s1p: give 1p
    _give_away(child, screen, "2s")
    key(child, pygame.K_RETURN, "\r")  # try again
    _give_away(child, screen, "4s")
    assert screen.phase == "done" and screen.feedback_kind == "shown"
    lines = screen.feedback_text.split(BR)
    assert lines[0] == ("У {tiles:4s} есть сосед — вместе они могут вырасти в лесенку." if ru(child) else
                        "{tiles:4s} has a neighbor: together they can grow into a ladder."), lines
    assert any("{tiles:1p}" in line for line in lines[1:])  # then the tile to give away


# ---------------------------------------------------------------- 5. the term card


def test_a_childs_term_card_is_titled_by_the_childs_word(child: App) -> None:
    screen = open_lesson_step(child, "kids_making_threes", "no_wrap")
    open_term_card(screen, "koutsu")
    frame(child)
    title, body = screen.dialog.title, screen.dialog.body
    assert title == ("Тройняшки" if ru(child) else "Triplets")
    japanese, words = body.split("\n\n")
    assert japanese == ("Взрослые говорят: тройка (刻子, kōtsu)" if ru(child) else
                        "Grown-ups say: triplet (刻子, kōtsu)")
    assert words.startswith("Тройняшки —" if ru(child) else "Triplets are")


def test_an_adults_term_card_keeps_the_japanese_in_its_title(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with headless_app(tmp_path, monkeypatch, language="ru", profile="new") as app:
        screen = open_lesson_step(app, "kids_making_threes", "no_wrap")
        open_term_card(screen, "koutsu")
        title = screen.dialog.title
        assert title.startswith("Тройка") and "(刻子, kōtsu)" in title and "Взрослые" not in screen.dialog.body
    set_language("en")


# ---------------------------------------------------------------- 6. the scroll line


def _long_panel_texts(app: App, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts a drill draws with a hint far longer than its panel."""
    from trainer.ui import widgets

    screen = drill(app, FAMILY, "2s")
    key(app, pygame.K_h, "h")
    screen.feedback_text = " ".join([screen.feedback_text] * 8)
    screen.layout()
    drawn = texts_drawn(monkeypatch, widgets)
    frame(app)
    assert screen.fb_max > 0
    return drawn


def test_a_childs_long_panel_says_scroll_to_the_child(child: App, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = _long_panel_texts(child, monkeypatch)
    said = "Дальше ещё: прокрути вниз" if ru(child) else "More below: scroll down"
    assert said in drawn, drawn
    assert not any("прокрутите" in t or "PgDn" in t for t in drawn)


def test_an_adults_long_panel_keeps_the_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with headless_app(tmp_path, monkeypatch, language="ru", size=(1024, 600), profile="new") as app:
        assert "Дальше ещё: прокрутите или PgDn" in _long_panel_texts(app, monkeypatch)
    set_language("en")
