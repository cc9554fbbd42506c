"""Lesson hints that never say the same thing twice and speak about the child's own mistake
(child review, round 22, finding 12, and the heading of finding 10): a second hint never repeats
the count the step's own hints gave; a miss after a hint shows the next rung, not the hint just
read; a child's first miss says what was wrong with the picks (a wrong pick, or tiles still
hiding), and a hint about tiles the child already found is left out; a one-tile question drops
«Посмотри на плитки по очереди»; a child's answer is headed «Смотри, как правильно»."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui_events import key, lesson_app, open_lesson_step  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.richtext import BR  # noqa: E402


@pytest.fixture(params=["ru", "en"])
def app(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[App]:
    """An app in Russian, then in English, on a throw-away data folder."""
    a = lesson_app(tmp_path, language=request.param, size=(1024, 600))
    yield a
    a.close()


def ru(app: App) -> bool:
    """Whether the app speaks Russian."""
    return app.settings.language == "ru"


def hint(app: App) -> None:
    """Press H."""
    key(app, pygame.K_h, "h")


def enter(app: App) -> None:
    """Press Enter."""
    key(app, pygame.K_RETURN, "\r")


def pick(screen: Any, *codes: str) -> None:
    """Select the tiles ``codes`` (by name) in the step's row, then check."""
    row = screen.view.picker
    row.selected = {next(i for i, s in enumerate(row.slots) if str(s.tile) == c) for c in codes}
    enter(screen.app)


def lines(screen: Any) -> list[str]:
    """The feedback panel's text, line by line."""
    return [t for t in screen.feedback_text.split(BR) if t]


# ---------------------------------------------------------------- the count is never said twice


@pytest.mark.parametrize(("lesson_id", "step_id", "own"), [
    ("kids_tile_families", "tap_dots", ("Кружков здесь три.", "Three tiles here are dots.")),
    ("kids_making_threes", "finish_row", ("Подходят две плитки: 2 и 5.", "Two tiles fit: 2 and 5.")),
    ("kids_tibet_14", "wins_thirteen", ("Подходят 3 и 6 кружков.", "3 and 6 dots fit.")),
    ("basics_tiles", "pick_sou", ("Плиток со здесь четыре.", "There are four sou tiles here.")),  # adults too
])
def test_the_second_hint_does_not_say_the_count_again(app: App, lesson_id: str, step_id: str,
                                                      own: tuple[str, str]) -> None:
    screen = open_lesson_step(app, lesson_id, step_id)
    hint(app)
    hint(app)
    assert screen.hint_level == 2
    assert lines(screen) == [own[0] if ru(app) else own[1]]


def test_a_hint_that_gave_the_count_first_is_not_followed_by_the_count(app: App) -> None:
    screen = open_lesson_step(app, "kids_winds_dragons", "tap_dragons")  # «Драконов три: …» at the first rung
    hint(app)
    hint(app)
    assert screen.hint_level == 2 and screen.feedback_text  # the general second rung, something new
    assert "верн" not in screen.feedback_text and "right tile" not in screen.feedback_text


def test_the_count_still_comes_where_no_hint_gave_it(app: App) -> None:
    screen = open_lesson_step(app, "kids_tile_families", "tap_characters")
    hint(app)
    hint(app)
    assert lines(screen)[-1] == ("Здесь 3 верные плитки." if ru(app) else "There are 3 right tiles.")


# ---------------------------------------------------------------- a miss after a hint: the next rung


@pytest.mark.parametrize("step_id", ["count_5567"])
def test_a_miss_after_the_first_hint_shows_the_next_one(app: App, step_id: str) -> None:
    screen = open_lesson_step(app, "kids_tibet_5", step_id)
    hint(app)
    first = screen.feedback_text
    assert first and screen.hint_level == 1
    key(app, pygame.K_3, "3")
    enter(app)
    assert screen.phase == "retry" and screen.hint_level == 2
    assert screen.feedback_text and screen.feedback_text != first
    assert first not in screen.feedback_text


@pytest.mark.parametrize(("lesson_id", "step_id"), [("kids_tibet_5", "count_5567"), ("kids_tibet_8", "count_2345588")])
def test_the_hint_after_a_miss_on_a_number_step_is_not_the_miss_text(app: App, lesson_id: str, step_id: str) -> None:
    screen = open_lesson_step(app, lesson_id, step_id)
    key(app, pygame.K_3, "3")
    enter(app)
    missed = screen.feedback_text
    assert screen.phase == "retry" and missed
    enter(app)  # «Ещё раз»
    hint(app)
    assert screen.feedback_kind == "hint" and screen.hint_level == 2
    assert screen.feedback_text and missed not in screen.feedback_text


def test_a_miss_after_the_first_hint_keeps_the_options_the_second_took_away(app: App) -> None:
    screen = open_lesson_step(app, "kids_tile_families", "whose_tile")  # four options, one tile, no hints
    hint(app)
    key(app, pygame.K_1, "1")  # «Кружки»: not it
    assert screen.phase == "retry" and screen.hint_level == 2
    faded = [b for b in screen.view.buttons if b.mark == "faded"]
    assert len(faded) == 1
    enter(app)  # a new try
    assert screen.phase == "answer"
    assert faded[0].mark == "faded" and faded[0].locked
    assert sum(1 for b in screen.view.buttons if b.mark == "faded") == 1


# ---------------------------------------------------------------- a child's first miss: the real mistake


def test_a_child_who_found_the_bird_hears_about_the_missed_stick(app: App) -> None:
    screen = open_lesson_step(app, "kids_tile_families", "tap_sticks")
    pick(screen, "6s", "1s")  # the bird picked, 5s missed
    assert screen.phase == "retry"
    assert lines(screen) == ["Это ещё не все: одна плитка прячется. Найди её!" if ru(app)
                             else "Not all yet: one more tile is hiding. Find it!"]


def test_a_child_who_missed_the_bird_hears_the_bird_hint_and_about_the_wrong_pick(app: App) -> None:
    screen = open_lesson_step(app, "kids_tile_families", "tap_sticks")
    pick(screen, "6s", "5s", "3p")  # the bird missed, a dot picked
    said = lines(screen)
    assert len(said) == 3
    assert "{tiles:3p}" in said[0] and ("кружки" in said[0] if ru(app) else "dots" in said[0])
    assert said[1] == ("Это ещё не все: одна плитка прячется. Найди её!" if ru(app)
                       else "Not all yet: one more tile is hiding. Find it!")
    assert said[2] == ("Птичка {tiles:1s} — тоже из семьи палочек!" if ru(app)
                       else "The bird {tiles:1s} is in the sticks family too!")


def test_a_child_with_only_wrong_picks_hears_no_count(app: App) -> None:
    screen = open_lesson_step(app, "kids_tile_families", "tap_dots")
    pick(screen, "7s")
    said = lines(screen)
    assert "{tiles:7s}" in said[0]
    assert said[1:] == ["Кружки похожи на монетки." if ru(app) else "Dots look like little coins."]


# ---------------------------------------------------------------- one tile: no "one by one"


def test_a_one_tile_question_drops_the_one_by_one_line_under_the_options_words(app: App) -> None:
    screen = open_lesson_step(app, "kids_tile_families", "whose_tile")
    key(app, pygame.K_1, "1")
    assert screen.phase == "retry"
    assert screen.extra_explain  # «Тут нет монеток, значит, это не кружки.»
    assert screen.feedback_text == ""
    assert "по очереди" not in screen._feedback_markup() and "one by one" not in screen._feedback_markup()


def test_a_one_tile_question_without_a_hint_says_look_at_the_tile(app: App) -> None:
    screen = open_lesson_step(app, "kids_character_numbers", "what_is_seven")
    hint(app)
    assert screen.feedback_text == ("Посмотри на плитку внимательно. У тебя получится!" if ru(app)
                                    else "Look at the tile closely. You can do it!")


def test_a_question_with_several_tiles_keeps_the_one_by_one_line(app: App) -> None:
    screen = open_lesson_step(app, "kids_find_the_pair", "twin_of_1s")  # one tile, and tiles as options
    hint(app)
    assert screen.feedback_text == ("Посмотри на плитки по очереди. У тебя получится!" if ru(app)
                                    else "Look at the tiles one by one. You can do it!")


# ---------------------------------------------------------------- the heading over the answer


def test_a_childs_answer_is_headed_in_a_childs_words(app: App) -> None:
    screen = open_lesson_step(app, "kids_tile_families", "tap_dots")
    for _ in range(3):
        hint(app)
    assert screen.feedback_kind == "shown"
    # the drills' heading too (kids2): one msgid for a child's answer in a lesson and in a drill
    assert screen.feedback_style("shown")[2] == ("Смотри, как правильно!" if ru(app) else "Look, here's how it goes!")
    app.process([], 1.0)
    app.render()  # drawn with it


def test_an_adults_answer_is_still_the_solution(app: App) -> None:
    screen = open_lesson_step(app, "basics_tiles", "pick_sou")
    for _ in range(3):
        hint(app)
    assert screen.feedback_kind == "shown"
    assert screen.feedback_style("shown")[2] == ("Решение" if ru(app) else "The solution")


def test_an_adults_miss_after_a_hint_does_not_say_that_hint_again(app: App) -> None:
    screen = open_lesson_step(app, "basics_tiles", "pick_sou")
    hint(app)
    first = screen.feedback_text
    assert first and screen.hint_level == 1
    screen.view.picker.selected = {0}  # 3m: not a sou tile
    enter(app)
    assert screen.phase == "retry"
    assert screen.feedback_text and first not in screen.feedback_text  # the mistake's own words only
    hint(app)
    assert screen.hint_level == 2 and screen.feedback_text == ("Плиток со здесь четыре." if ru(app)
                                                               else "There are four sou tiles here.")
