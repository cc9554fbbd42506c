"""The sanma lesson track in the lesson player: the track is on the lesson map, a wrong
three-player payment is explained with two payers, a hand shows its Norths set aside, and the
play step opens a three-seat table."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui_events import headless_app, key  # noqa: E402
from trainer.lessons import answers  # noqa: E402
from trainer.ui.app import App  # noqa: E402

SANMA_LESSONS = ("sanma_tiles", "sanma_nukidora", "sanma_payments")


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    with headless_app(tmp_path, monkeypatch, progress="open") as a:
        yield a


def _step(app: App, lesson_id: str, step_id: str):  # noqa: ANN202
    lesson = app.library().lessons[lesson_id]
    index = next(i for i, s in enumerate(lesson.steps) if s.id == step_id)
    screen = app.push("lesson", lesson_id=lesson_id, step=index)
    app.process([], 1 / 60)
    app.render()
    return screen, lesson


def test_the_track_is_on_the_lesson_map(app: App) -> None:
    lib = app.library()
    assert [lesson.id for lesson in lib.by_track("sanma")] == list(SANMA_LESSONS)
    assert all(lib.lessons[i].preset == "sanma" for i in SANMA_LESSONS)
    screen = app.push("lesson_map", track="sanma")
    app.render()
    assert "sanma" in [v for v, _t in screen.tabs.options]


def test_a_wrong_tsumo_payment_names_the_two_payers(app: App) -> None:
    screen, lesson = _step(app, "sanma_payments", "mangan_tsumo")
    right = answers.answer(screen.step, lesson).value
    assert right == 6000  # tsumo loss: the North's 2000 is not paid
    assert "2 Norths set aside" in screen.view.win_line(screen.step.win)
    for ch in "8000":  # the four-player answer
        key(app, pygame.K_0 + int(ch), ch)
    key(app, pygame.K_RETURN, "\r")
    assert screen.results.get(screen.index) != "right"
    text = screen.feedback_text
    assert "You said 8,000. That is more than the winner gains." in text and "6,000" not in text
    key(app, pygame.K_RETURN, "\r")  # try again, the same four-player answer
    for ch in "8000":
        key(app, pygame.K_0 + int(ch), ch)
    key(app, pygame.K_RETURN, "\r")
    text = screen.feedback_text
    assert "The other non-dealer pays: 2,000 × 1 = 2,000" in text and "The dealer pays: 2,000 × 2 = 4,000" in text
    assert "2 Norths set aside" in text


def test_the_play_step_opens_a_three_seat_table(app: App) -> None:
    _step(app, "sanma_tiles", "first_sanma")
    key(app, pygame.K_RETURN, "\r")
    table = app.screen
    assert table.name == "play" and table.match.rules.name == "sanma"
    assert len(table.state.seats) == 3 and len(table.bots) == 3
    table.run_bots_until_learner()
    app.render()


def test_the_dora_palette_holds_only_the_sanma_tiles(app: App) -> None:
    screen, _lesson = _step(app, "sanma_tiles", "dora_after_1m")
    kinds = [slot.tile.kind for slot in screen.view.picker.slots]
    assert 0 in kinds and 8 in kinds  # 1m and 9m stay
    assert not any(1 <= k <= 7 for k in kinds)  # 2m-8m are not in a sanma deck
    assert len(kinds) == 2 + 9 + 9 + 7
