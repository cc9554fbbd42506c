"""Review 24 (big screens), findings 1 and 2: resizing the window during a drill never gives the
answer away and never loses the learner's input.

The window is resized as the system does it (the display set to the new size, then a
``VIDEORESIZE`` event): the screen is built again (``Screen.rebuild``), and the view built again
takes back what the learner had done (``ExerciseView.state`` / ``restore``).
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

from tests.ui_events import click, frame, headless_app, key  # noqa: E402
from trainer.i18n import set_language  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.screens.base import Screen  # noqa: E402


@pytest.fixture(params=["ru", "en"])
def app(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """An adult's app with a progress store, in Russian and in English."""
    with headless_app(tmp_path, monkeypatch, language=request.param, progress="open", profile="rules") as a:
        yield a
    set_language("en")


def resize(app: App, width: int, height: int) -> None:
    """Resize the window as the system does (the display first, then the event), and draw."""
    pygame.display.set_mode((width, height), pygame.RESIZABLE)
    app.process([pygame.event.Event(pygame.VIDEORESIZE, w=width, h=height, size=(width, height))], 1 / 60)
    frame(app)


def type_number(app: App, text: str) -> None:
    """Type digits (they go to the answer box wherever the focus is)."""
    for ch in text:
        key(app, pygame.K_0 + int(ch), ch)


def shanten_retry(app: App) -> Any:
    """The reviewer's steps: Drills → Shanten (seed 3), 5 typed and checked: the retry."""
    screen = app.push("drill", generator="shanten", params={}, n=3, seed=3)
    frame(app)
    assert screen.ex.answer != 5
    type_number(app, "5")
    key(app, pygame.K_RETURN, "\r")
    assert screen.phase == "retry"
    return screen


def test_a_resize_in_the_retry_shows_the_same_wrong_answer_not_the_right_one(app: App) -> None:
    screen = shanten_retry(app)
    feedback = screen.feedback_text
    resize(app, 1920, 1080)
    view = screen.view
    field = view.fields[0][1]
    assert (field.text, field.state) == ("5", "wrong")  # not the answer in the hint's colour
    assert not view.final and view.locked
    assert all(k.visible and app.surface.get_rect().contains(k.rect) for k in view.keys)  # the keypad stays
    assert screen.phase == "retry" and screen.feedback_text == feedback
    assert screen.main_btn.label in ("Try again", "Ещё раз")
    # Try again: an empty box as before, and the right number now counts as the second try
    key(app, pygame.K_RETURN, "\r")
    assert screen.phase == "answer" and field.text == "" and not view.locked
    type_number(app, str(screen.ex.answer))
    key(app, pygame.K_RETURN, "\r")
    assert screen.results == ["retry"]


def test_the_resized_retry_looks_as_if_it_had_been_opened_at_that_size(app: App) -> None:
    """On screen: the drill resized in its retry is drawn pixel for pixel as the same retry reached
    in a window opened at 1920x1080 (no answer in the box, the keypad, the same panel)."""
    shanten_retry(app)
    resize(app, 1920, 1080)
    resized = pygame.image.tobytes(frame(app), "RGB")
    app.pop()
    fresh = shanten_retry(app)
    frame(app)
    assert fresh.view.fields[0][1].text == "5"
    assert pygame.image.tobytes(frame(app), "RGB") == resized


def test_a_typed_number_survives_a_resize(app: App) -> None:
    screen = app.push("drill", generator="shanten", params={}, n=2, seed=3)
    frame(app)
    type_number(app, "12")
    resize(app, 1024, 600)
    field = screen.view.fields[0][1]
    assert field.text == "12" and field.state is None and not screen.view.locked
    assert screen.focused_widget() is field  # typing goes on where it was


def _waits(app: App) -> Any:
    screen = app.push("drill", generator="mixed_waits", params={}, n=3, seed=3)
    frame(app)
    return screen


def test_picked_tiles_survive_a_resize(app: App) -> None:
    screen = _waits(app)
    picker = screen.view.picker
    ans = screen.ex.answer
    right = next(i for i, s in enumerate(picker.slots) if s.tile.kind in ans)
    wrong = next(i for i, s in enumerate(picker.slots) if s.tile.kind not in ans)
    click(app, picker.rects[right].center)
    click(app, picker.rects[wrong].center)
    resize(app, 1920, 1080)
    assert screen.view.picker.selected == {right, wrong}
    assert not screen.view.picker.marks and not screen.view.locked


def test_a_resize_in_a_waits_retry_marks_no_answer_tile(app: App) -> None:
    screen = _waits(app)
    picker = screen.view.picker
    wrong = next(i for i, s in enumerate(picker.slots) if s.tile.kind not in screen.ex.answer)
    click(app, picker.rects[wrong].center)
    key(app, pygame.K_RETURN, "\r")
    assert screen.phase == "retry"
    before = dict(picker.marks)
    resize(app, 1920, 1080)
    after = screen.view.picker
    assert after.marks == before == {wrong: "wrong"}  # the learner's miss keeps its mark, no "hint"
    assert after.selected == {wrong}
    key(app, pygame.K_RETURN, "\r")  # try again, then the same wrong pick: the second miss is "wrong"
    key(app, pygame.K_RETURN, "\r")
    assert screen.results == ["wrong"]


def test_the_first_hint_rung_keeps_its_marks_and_is_not_climbed_by_a_resize(app: App) -> None:
    screen = _waits(app)
    key(app, pygame.K_h, "h")
    marks = dict(screen.view.hand_row.marks) if screen.view.hand_row is not None else {}
    rung, label, text = screen.rungs_read, screen.hint_btn.label, screen.feedback_text
    resize(app, 1024, 600)
    now = dict(screen.view.hand_row.marks) if screen.view.hand_row is not None else {}
    assert now == marks and "hint" not in screen.view.picker.marks.values()
    assert (screen.rungs_read, screen.hint_btn.label, screen.feedback_text) == (rung, label, text)
    assert screen.phase == "answer" and not screen.view.final


def test_the_answer_shown_stays_shown_after_a_resize(app: App) -> None:
    screen = shanten_retry(app)
    key(app, pygame.K_RETURN, "\r")
    type_number(app, "5")
    key(app, pygame.K_RETURN, "\r")
    assert screen.phase == "done"
    field = screen.view.fields[0][1]
    shown = (field.text, field.state)
    resize(app, 1920, 1080)
    field = screen.view.fields[0][1]
    assert (field.text, field.state) == shown == ("5", "wrong")
    assert screen.view.final and screen.view.locked and not any(k.visible for k in screen.view.keys)


def test_the_next_question_keeps_nothing_of_the_last(app: App) -> None:
    screen = shanten_retry(app)
    key(app, pygame.K_RETURN, "\r")
    type_number(app, "5")
    key(app, pygame.K_RETURN, "\r")
    key(app, pygame.K_RETURN, "\r")  # Next
    assert screen.index == 1 and screen.phase == "answer"
    field = screen.view.fields[0][1]
    assert field.text == "" and field.state is None and not screen.view.locked and not screen.view.final
    resize(app, 1280, 720)
    assert screen.view.fields[0][1].text == ""


class _View:
    """A view that keeps its input, as ExerciseView does."""

    def __init__(self, subject: object) -> None:
        self.subject = subject
        self.text = ""

    def state(self) -> str:
        return self.text

    def restore(self, state: str) -> None:
        self.text = state


class _Screen(Screen):
    """A screen with one view on one subject (another after :meth:`next`)."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.subject: object = object()
        self.view: _View | None = None

    def build(self) -> None:
        self.view = _View(self.subject)

    def next(self) -> None:
        self.subject = object()


def test_screen_rebuild_gives_input_back_only_to_a_view_of_the_same_subject(app: App) -> None:
    screen = _Screen(app)
    screen.rebuild()
    screen.view.text = "3"
    screen.rebuild()
    assert screen.view.text == "3"
    screen.next()
    screen.rebuild()
    assert screen.view.text == ""
