"""Review 24 (a child of 7, finding 2): a sort step shown after two misses puts the big row itself in
the right order, the tiles that moved marked, instead of a strip of tiny tiles in the panel.  An
adult's order step (cards) shows its right order the same way: before, its cards stayed in the
learner's wrong order and the right order was never shown.  An adult's sort keeps its own order and
the panel's row of answer tiles (they are hand-sized there)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui_events import click, frame, headless_app, key, open_lesson_step  # noqa: E402
from trainer.i18n import set_language  # noqa: E402
from trainer.lessons import answers  # noqa: E402
from trainer.ui.app import App  # noqa: E402

KID_SORTS = [("kids_character_numbers", "all_nine_in_order"), ("kids_dots_and_sticks", "sticks_in_order"),
             ("kids_winds_dragons", "winds_in_order")]


@pytest.fixture(params=["ru", "en"])
def app(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """An app with a progress store, in Russian and in English, at the small screen size."""
    with headless_app(tmp_path, monkeypatch, language=request.param, progress="open", size=(1024, 600)) as a:
        yield a
    set_language("en")


def enter(app: App) -> None:
    """Press Enter (Check, Try again, Next)."""
    key(app, pygame.K_RETURN, "\r")


def swap_tiles(app: App, screen: Any, a: int, b: int) -> None:
    """Swap two tiles of the row with two clicks, as a learner does."""
    row = screen.view.row
    click(app, row.rects[a].center)
    click(app, row.rects[b].center)


def miss_sort_twice(app: App, screen: Any) -> list[Any]:
    """Answer a sort step wrongly twice (the first two tiles swapped, then swapped back, so the row
    is never in order), with clicks and Enter; the tiles as the learner last left them."""
    swap_tiles(app, screen, 0, 1)
    if [s.tile for s in screen.view.row.slots] == sorted(s.tile for s in screen.view.row.slots):
        swap_tiles(app, screen, 0, 2)
    enter(app)
    assert screen.phase == "retry"
    enter(app)  # Try again
    swap_tiles(app, screen, 0, 1)
    last = [s.tile for s in screen.view.row.slots]
    enter(app)
    assert screen.phase == "done"
    frame(app)
    return last


def moved_marks(before: list[Any], after: list[Any]) -> dict[int, str]:
    """The marks a row shown in order should carry: right where the tile stayed, "hint" where it moved."""
    return {i: "right" if before[i].kind == t.kind else "hint" for i, t in enumerate(after)}


@pytest.mark.parametrize(("lesson_id", "step_id"), KID_SORTS)
def test_a_childs_missed_sort_puts_the_big_row_in_order(app: App, lesson_id: str, step_id: str) -> None:
    screen = open_lesson_step(app, lesson_id, step_id)
    last = miss_sort_twice(app, screen)
    want = list(answers.answer(screen.step, screen.lesson).value)
    row = screen.view.row
    assert [s.tile for s in row.slots] == want  # the big row itself, in the engine's order
    assert row.marks == moved_marks(last, want)
    assert "hint" in row.marks.values() and "wrong" not in row.marks.values()
    assert "{tiles:" not in screen.answer_line  # no strip of tiny tiles in the panel
    assert "{tiles:" not in screen._feedback_markup()
    assert screen.answer_line.startswith(("Теперь все плитки стоят по порядку", "Now all the tiles are in order"))


def test_a_childs_sort_shown_by_the_hints_is_put_in_order(app: App) -> None:
    screen = open_lesson_step(app, "kids_character_numbers", "all_nine_in_order")
    before = [s.tile for s in screen.view.row.slots]
    for _ in range(3):
        key(app, pygame.K_h, "h")
    assert screen.phase == "done"
    want = list(answers.answer(screen.step, screen.lesson).value)
    assert [s.tile for s in screen.view.row.slots] == want
    assert screen.view.row.marks == moved_marks(before, want)


def test_a_childs_sort_shown_stays_in_order_over_a_resize_and_a_step_back(app: App) -> None:
    screen = open_lesson_step(app, "kids_winds_dragons", "winds_in_order")
    last = miss_sort_twice(app, screen)
    want = list(answers.answer(screen.step, screen.lesson).value)
    pygame.display.set_mode((1280, 720), pygame.RESIZABLE)
    app.process([pygame.event.Event(pygame.VIDEORESIZE, w=1280, h=720, size=(1280, 720))], 1 / 60)
    frame(app)
    assert [s.tile for s in screen.view.row.slots] == want
    assert screen.view.row.marks == moved_marks(last, want)
    line = screen.answer_line
    screen.next()
    screen.previous()  # back to the step answered in this run: shown in order again, same words
    frame(app)
    assert [s.tile for s in screen.view.row.slots] == want and screen.answer_line == line


def test_an_adults_sort_keeps_the_learners_row_and_the_answer_tiles(app: App) -> None:
    screen = open_lesson_step(app, "basics_tiles", "sort_hand")
    last = miss_sort_twice(app, screen)
    assert [s.tile for s in screen.view.row.slots] == last
    assert screen.answer_line.startswith(("Правильный порядок: {tiles:", "The right order: {tiles:"))


def swap_cards(view: Any, a: int, b: int) -> None:
    """Swap two cards of an order step, picked one after the other."""
    view.cards[a].activate()
    view.cards[b].activate()


def test_an_adults_missed_order_puts_the_cards_in_order(app: App) -> None:
    screen = open_lesson_step(app, "basics_kan", "kan_order")
    view = screen.view
    for _ in range(2):  # two wrong tries, each a changed order that is still wrong
        swap_cards(view, 0, 1)
        if view.order == sorted(view.order):
            swap_cards(view, 1, 2)
        enter(app)
        if screen.phase == "retry":
            enter(app)  # Try again
    assert screen.phase == "done"
    frame(app)
    n = len(screen.step.cards)
    assert view.order == list(range(n))
    assert [c.text for c in view.cards] == [view.text(c.text) for c in screen.step.cards]
    marks = [c.mark for c in view.cards]
    assert set(marks) <= {"right", "missed"} and "missed" in marks  # blue: moved into place, never red
    assert screen.answer_line.startswith(("Теперь карточки стоят в правильном порядке",
                                          "The cards above are now in the right order"))


def test_an_order_shown_marks_exactly_the_moved_cards(app: App) -> None:
    screen = open_lesson_step(app, "basics_kan", "kan_order")
    view = screen.view
    start = list(view.order)
    for _ in range(3):
        key(app, pygame.K_h, "h")
    assert screen.phase == "done"
    assert [c.mark for c in view.cards] == ["right" if start[i] == i else "missed" for i in range(len(start))]
