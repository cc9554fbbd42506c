"""Children's lesson steps after the child review of round 22: a "which tiles win" palette never
runs under the feedback panel; H asks for the hint in a child's number box (digits still type); a
half-done boxes or split step tells the child what is left, in a child's words; the second hint of a
yes/no card is one short sentence."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui_events import key, lesson_app, open_lesson_step  # noqa: E402
from trainer.ui.app import App  # noqa: E402

SIZES = [(1024, 600), (1280, 720)]


def settle(app: App) -> None:
    """Let the panel slide in and draw the frame."""
    app.process([], 1.0)
    app.render()


def hint(app: App) -> None:
    """Press H."""
    key(app, pygame.K_h, "h")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("where", [("kids_say_riichi", "wins_after_riichi"), ("kids_tibet_14", "wins_thirteen")])
def test_a_childs_palette_stays_clear_of_the_hint_panel(tmp_path: Path, size: tuple[int, int],
                                                        where: tuple[str, str]) -> None:
    app = lesson_app(tmp_path, language="ru", size=size)
    try:
        screen = open_lesson_step(app, *where)
        view = screen.view
        big = view.th(0.75)
        assert view.picker.height == big  # no panel yet: a child's full-size palette
        hint(app)
        hint(app)
        settle(app)
        assert screen.hint_level == 2 and screen.feedback_rect is not None
        assert view.picker.rect.bottom <= screen.feedback_rect.top
        assert view.picker.height >= view.th(0.55)  # still bigger than an adult's least
    finally:
        app.close()


@pytest.mark.parametrize("size", SIZES)
def test_a_childs_palette_stays_clear_of_the_panel_after_a_miss(tmp_path: Path, size: tuple[int, int]) -> None:
    app = lesson_app(tmp_path, language="ru", size=size)
    try:
        screen = open_lesson_step(app, "kids_say_riichi", "wins_after_riichi")
        view = screen.view
        right = {k for k in view.answer().value}
        wrong = next(i for i, s in enumerate(view.picker.slots) if s.tile.kind not in right)
        view.picker.selected = {wrong}
        key(app, pygame.K_RETURN, "\r")
        settle(app)
        assert screen.phase == "retry" and screen.feedback_rect is not None
        assert view.picker.rect.bottom <= screen.feedback_rect.top
    finally:
        app.close()


def test_h_in_a_childs_number_box_asks_for_the_hint_and_digits_still_type(tmp_path: Path) -> None:
    app = lesson_app(tmp_path, language="ru")
    try:
        screen = open_lesson_step(app, "kids_tibet_5", "count_5567")
        field = screen.view.field
        assert screen.focused_widget() is field
        hint(app)
        assert screen.hint_level == 1 and field.text == ""
        assert not any("Подсказка»" in b.text for b in app.banners)  # no «…нажмите «Подсказка».»
        key(app, pygame.K_7, "7")
        assert field.text == "7"
    finally:
        app.close()


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "First put every tile into a team or the pair."),
    ("ru", "Сначала разложи все плитки: каждую — в команду или в пару."),
])
def test_a_half_done_split_tells_a_child_what_is_left(tmp_path: Path, lang: str, words: str) -> None:
    app = lesson_app(tmp_path, language=lang)
    try:
        screen = open_lesson_step(app, "kids_making_threes", "split_threes")
        key(app, pygame.K_RETURN, "\r")
        assert screen.phase == "answer"
        assert app.banners[-1].text == words
    finally:
        app.close()


def test_a_half_done_boxes_step_tells_a_child_what_is_left(tmp_path: Path) -> None:
    app = lesson_app(tmp_path, language="ru")
    try:
        screen = open_lesson_step(app, "kids_tile_families", "four_boxes")
        key(app, pygame.K_RETURN, "\r")
        assert screen.phase == "answer"
        assert app.banners[-1].text == "Сначала разложи все плитки по местам."
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_childs_second_yes_no_hint_is_one_short_sentence(tmp_path: Path, lang: str) -> None:
    app = lesson_app(tmp_path, language=lang)
    try:
        screen = open_lesson_step(app, "kids_tibet_14", "dragon_row")
        hint(app)
        hint(app)
        assert screen.hint_level == 2
        words = screen.feedback_text  # the step's own second hint (review 23), short
        assert words and words.count(".") + words.count("?") <= 2, words
        assert not words.startswith(("Remember", "Вспомни")), words
    finally:
        app.close()
