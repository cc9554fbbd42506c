"""Review 22 (beginner) #5: a tile (or card) put in the wrong box comes back out with a click on it
in the box (or Enter on it), picked up for the next box; its place in the row above is an empty
hole that cannot be clicked, not a greyed copy that still works.  Children's box and sort steps
keep working the same way."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui_events import click, frame, headless_app, key, lesson_app, open_lesson_step  # noqa: E402
from trainer.lessons.loader import LessonLibrary, load_text  # noqa: E402
from trainer.ui.app import App  # noqa: E402

YAML = """\
id: basics_fix22_boxes
title: {ru: "Коробки", en: "Boxes"}
track: basics
level: 1
audience: beginner
minutes: 5
skill: sets
languages: [ru, en]
steps:
  - kind: arrange
    prompt: {ru: "Разложите плитки по коробкам.", en: "Sort the tiles into the boxes."}
    ask: boxes
    tiles: "1m5z9p7z"
    boxes:
      - {label: {ru: "Числа", en: "Numbers"}, filter: numbers}
      - {label: {ru: "Благородные", en: "Honors"}, filter: honors}
  - kind: arrange
    prompt: {ru: "Какое правило про что?", en: "Which rule is about what?"}
    ask: boxes
    cards:
      - {text: {ru: "Не трогать чужие плитки.", en: "Do not touch other players' tiles."}, box: 0}
      - {text: {ru: "Объявлять вслух.", en: "Call out loud."}, box: 1}
    boxes:
      - {label: {ru: "Руки", en: "Hands"}}
      - {label: {ru: "Голос", en: "Voice"}}
"""
LESSON = load_text(YAML, "lessons/basics/basics_fix22_boxes.yaml").lesson


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    with headless_app(tmp_path, monkeypatch, lessons=LessonLibrary(lessons={LESSON.id: LESSON})) as a:
        yield a


def open_step(app: App, i: int):  # noqa: ANN201
    screen = app.push("lesson", lesson_id=LESSON.id, step=i)
    frame(app)
    return screen


def put(app: App, view, item: int, box: int) -> None:  # noqa: ANN001
    """Pick tile ``item`` of the row with a click and drop it with the box's digit."""
    click(app, view.row.rects[item].center)
    key(app, pygame.K_1 + box, str(box + 1))
    assert view.box_of[item] == box


def test_a_tile_in_the_wrong_box_comes_out_with_a_click_on_it_there(app: App) -> None:
    screen = open_step(app, 0)
    view = screen.view
    for item, box in enumerate((0, 1, 0, 0)):  # 7z (the red dragon) among the numbers: wrong
        put(app, view, item, box)
    # Its place in the row is a hole: not clickable, greyed.
    assert view.row.inert == {0, 1, 2, 3} and not view.row.hit(view.row.rects[3].center)
    key(app, pygame.K_RETURN, "\r")
    assert screen.phase == "retry"
    numbers = view.box_contents[0]
    assert [s.tile.kind for s in numbers.slots] == [0, 17, 33]  # 1m 9p 7z, as put
    assert numbers.marks == {0: "right", 1: "right", 2: "wrong"}
    click(app, numbers.rects[2].center)  # the red dragon, in the box (this click also starts the retry)
    assert screen.phase == "answer"
    assert view.box_of[3] == -1 and view.row.selected == {3} and 3 not in view.row.inert
    assert [s.tile.kind for s in view.box_contents[0].slots] == [0, 17]
    click(app, view.box_rects()[1].center)  # anywhere on the honors box
    assert view.box_of == [0, 1, 0, 1]
    key(app, pygame.K_RETURN, "\r")
    assert screen.results[0] == "retry" and screen.feedback_kind == "right"


def test_with_a_tile_picked_a_click_on_a_boxed_tile_drops_it_there(app: App) -> None:
    """A click on a tile in a box while another tile is picked up drops the picked one into that
    box (as a click anywhere on the box does); it does not take the boxed one out."""
    screen = open_step(app, 0)
    view = screen.view
    put(app, view, 0, 0)
    click(app, view.row.rects[2].center)  # 9p picked
    click(app, view.box_contents[0].rects[0].center)  # on the 1m in the numbers box
    assert view.box_of == [0, -1, 0, -1] and not view.row.selected


def test_enter_on_a_boxed_tile_takes_it_out_and_a_digit_puts_it_back(app: App) -> None:
    screen = open_step(app, 0)
    view = screen.view
    put(app, view, 1, 0)  # 5z among the numbers
    assert view.row.cursor == 2  # the keyboard cursor went on to the next tile still to sort
    screen.set_focus(view.box_contents[0])
    key(app, pygame.K_RETURN, "\r")
    assert screen.attempts == 0  # Enter on a boxed tile takes it out; it does not check
    assert view.box_of[1] == -1 and view.row.selected == {1} and screen.focused_widget() is view.row
    key(app, pygame.K_2, "2")
    assert view.box_of[1] == 1


def test_a_card_in_the_wrong_box_comes_out_with_a_click_on_it(app: App) -> None:
    screen = open_step(app, 1)
    view = screen.view
    for _ in range(2):
        card = next(c for c in view.cards if c.visible)
        click(app, card.rect.center)
        click(app, view.box_buttons[0].rect.center)
    assert view.box_of == [0, 0] and not any(c.visible for c in view.cards)
    key(app, pygame.K_RETURN, "\r")
    assert screen.phase == "retry"
    hands = view.box_contents[0]
    assert [mark for _lines, mark, _faded in hands.entries] == ["right", "wrong"]
    click(app, hands.rects[1].center)  # "Call out loud." in the wrong box
    assert view.box_of == [0, -1] and view.cards[1].visible and view.picked_card == 1
    click(app, view.box_rects()[1].center)
    assert view.box_of == [0, 1]
    key(app, pygame.K_RETURN, "\r")
    assert screen.feedback_kind == "right"


def test_locked_boxes_keep_their_tiles(app: App) -> None:
    """Once the answer is shown (last try), a click on a boxed tile changes nothing."""
    screen = open_step(app, 0)
    view = screen.view
    for _ in range(3):
        key(app, pygame.K_h, "h")
    assert screen.phase == "done"
    before = list(view.box_of)
    click(app, view.box_contents[0].rects[0].center)
    assert view.box_of == before


@pytest.mark.parametrize(("lang", "adult", "kid"), [
    ("en", "Wrong box? Click the tile in it to pick it up again.", "Wrong box? Tap the tile in it to take it back."),
    ("ru", "Не та коробка? Нажмите на плитку в ней, чтобы снова её взять.",
     "Не та коробка? Нажми на плитку в ней — и она вернётся."),
])
def test_the_how_to_line_says_how_to_take_a_tile_back(tmp_path: Path, lang: str, adult: str, kid: str) -> None:
    a = lesson_app(tmp_path, language=lang)
    try:
        lib = a.library()
        sid = next(s.id for s in lib.lessons["basics_tiles"].steps if s.kind == "arrange" and s.ask == "boxes")
        screen = open_lesson_step(a, "basics_tiles", sid)
        assert adult in screen.view.how.text
        screen = open_lesson_step(a, "kids_tile_families", "four_boxes")
        assert kid in screen.view.how.text
    finally:
        a.close()


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_a_childs_box_step_takes_a_tile_back(tmp_path: Path, size: tuple[int, int]) -> None:
    a = lesson_app(tmp_path, language="ru", size=size)
    try:
        screen = open_lesson_step(a, "kids_tile_families", "four_boxes")  # 2p7s4m1z5p9s8m6z
        view = screen.view
        put(a, view, 0, 1)  # 2p among the sticks
        put(a, view, 1, 1)
        click(a, view.box_contents[1].rects[0].center)
        assert view.box_of[:2] == [-1, 1] and view.row.selected == {0}
        click(a, view.box_buttons[0].rect.center)
        assert view.box_of[:2] == [0, 1]
        boxes = [b.rect for b in view.box_buttons] + view.box_rects()
        assert all(b.top >= view.row.rect.bottom for b in boxes)
        assert max(r.bottom for r in view.box_rects()) <= screen.step_area.bottom
    finally:
        a.close()


def test_a_childs_sort_step_still_swaps_and_checks(tmp_path: Path) -> None:
    a = lesson_app(tmp_path, language="ru")
    try:
        lesson = a.library().lessons["kids_sorting"]
        sid = next(s.id for s in lesson.steps if s.kind == "arrange" and s.ask == "sort")
        screen = open_lesson_step(a, "kids_sorting", sid)
        view = screen.view
        first = [s.tile for s in view.row.slots]
        click(a, view.row.rects[0].center)
        click(a, view.row.rects[1].center)
        assert [s.tile for s in view.row.slots] == [first[1], first[0], *first[2:]]
        key(a, pygame.K_RETURN, "\r")
        assert screen.attempts == 1
    finally:
        a.close()
