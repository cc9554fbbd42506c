"""Review 24 (big screens): the table keeps the learner's lifted tile, the call on offer and the
coach's scrolled words over a window resize (``PlayScreen.build`` after ``VIDEORESIZE``)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui_events import click, frame, headless_app  # noqa: E402
from trainer.engine.game.actions import Chi, Discard, Pass, Pon  # noqa: E402
from trainer.i18n import set_language  # noqa: E402
from trainer.ui.app import App  # noqa: E402


@pytest.fixture(params=["ru", "en"])
def app(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """An app on the home screen, in Russian and in English."""
    with headless_app(tmp_path, monkeypatch, language=request.param) as a:
        yield a
    set_language("en")


def resize(app: App, width: int, height: int) -> None:
    """Resize the window as the system does (the display first, then the event), and draw."""
    pygame.display.set_mode((width, height), pygame.RESIZABLE)
    app.process([pygame.event.Event(pygame.VIDEORESIZE, w=width, h=height, size=(width, height))], 1 / 60)
    frame(app)


def my_discard_turn(app: App) -> Any:
    """A table (coach full) at the learner's first discard."""
    screen = app.push("play", seed=3, coach="full")
    screen.run_bots_until_learner()
    if not any(isinstance(a, Discard) for a in screen.my_legal()):
        screen._act(Pass())
        screen.run_bots_until_learner()
    frame(app)
    return screen


def lifted_is_drawn(screen: Any, i: int) -> bool:
    """Whether tile ``i`` of the hand is drawn lifted (above the others)."""
    row = screen.hand_row
    others = [row._draw_rect(j).top for j in range(len(row.slots)) if j != i]
    return row._draw_rect(i).top < min(others)


def test_the_lifted_tile_stays_lifted_over_a_resize(app: App) -> None:
    screen = my_discard_turn(app)
    row = screen.hand_row
    i = next(j for j in range(len(row.slots)) if j not in row.dim)
    click(app, row.rects[i].center)
    tile, coach = row.slots[i].tile, screen.coach_message()
    assert row.selected == {i} and screen.considered_tile() == tile
    for size in ((1920, 1080), (1024, 600)):
        resize(app, *size)
        assert screen.hand_row is not row and screen.hand_row.selected == {i} and lifted_is_drawn(screen, i)
        assert screen.considered_tile() == tile and screen.coach_message() == coach
    river = len(screen.round.seats[0].river)
    click(app, screen.hand_row._draw_rect(i).center)  # the second click discards it, as before the resize
    assert len(screen.round.seats[0].river) == river + 1 and screen.round.seats[0].river[-1].tile == tile


def test_a_new_decision_lifts_nothing(app: App) -> None:
    screen = my_discard_turn(app)
    row = screen.hand_row
    click(app, row.rects[0].center)
    screen._act(next(a for a in screen.my_legal() if isinstance(a, Discard)))  # played another way
    screen.run_bots_until_learner()
    resize(app, 1920, 1080)
    assert not screen.hand_row.selected


def test_a_call_on_offer_survives_a_resize(app: App) -> None:
    screen = app.push("play", seed=1, coach="full")
    for _turn in range(60):
        screen.run_bots_until_learner()
        legal = screen.my_legal()
        if any(isinstance(a, Pon | Chi) for a in legal):
            break
        discards = [a for a in legal if isinstance(a, Discard)]
        screen._act(discards[-1] if discards else Pass())
    frame(app)
    labels, prompt = [b.label for b in screen.action_buttons], screen.prompt_text()
    assert any(isinstance(a, Pon | Chi) for a in screen.my_legal())
    resize(app, 1024, 600)
    assert [b.label for b in screen.action_buttons] == labels and screen.prompt_text() == prompt
    assert all(app.surface.get_rect().contains(b.rect) for b in screen.action_buttons)


def test_the_coachs_scrolled_words_stay_where_they_were(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    resize(app, 1024, 600)
    screen = my_discard_turn(app)
    words = " ".join(f"Sentence {i} of a long word of the coach about this hand." for i in range(60))
    monkeypatch.setattr(screen, "coach_message", lambda: words)
    frame(app)
    box = screen.coach_box
    assert box.overflow > 0
    box.scroll(120)
    frame(app)
    start = app.layout.scale
    resize(app, 1920, 1080)
    assert box.offset == round(120 * app.layout.scale / start)  # the same words at the top, not the start
    resize(app, 1024, 600)
    assert abs(box.offset - 120) <= 1
