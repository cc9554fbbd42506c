"""The end of a round of "Mistakes from your games" is honest: the tally (right on the first try, N
of M), praise only when every card was right, when the missed cards come back (read from the
progress store's schedule), and «My mistakes (N)» to go through the missed ones again at once."""

from __future__ import annotations

import os
from datetime import UTC, datetime, timedelta

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.table_driver import key  # noqa: E402
from trainer.engine.game.records import load  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.game_cards import is_push_fold_card, mistake_cards  # noqa: E402
from trainer.ui.screens.play_shots import call_game  # noqa: E402
from trainer.ui.views.coming_reviews import when_text  # noqa: E402


@pytest.fixture()
def items(progress_app: App) -> list[dict]:
    """Three push-or-fold cards of seed 10, recorded as the match made them (due now)."""
    path = call_game(progress_app, 10, calls=True)
    cards = [(item_id, skill, spec) for item_id, skill, spec in mistake_cards(path, load(path), 0)
             if is_push_fold_card(spec)][:3]
    for item_id, skill, spec in cards:
        progress_app.progress.add_card(progress_app.learner_id, item_id, skill, spec)
    return [dict(spec, item_id=item_id, skill=skill) for item_id, skill, spec in cards]


def _answer(screen, right: bool) -> None:  # noqa: ANN001
    advice = screen.decision.push_fold["advice"]
    screen.answer_push_fold(advice if right else ("fold" if advice == "push" else "push"))
    screen.next_card()


def test_a_round_with_misses_says_so_and_when_they_come_back(progress_app: App, items: list[dict]) -> None:
    app = progress_app
    screen = app.push("position_review", items=items)
    for right in (False, True, False):
        _answer(screen, right)
    app.render()
    assert screen.decision is None
    assert screen.done_text() == "Right on the first try: 1 of 3"
    lines = screen.end_lines()
    assert "Well done!" not in " ".join(lines) and "Well done" not in screen.done_text()
    tomorrow = when_text(datetime.now(UTC) + timedelta(days=1))
    assert lines == [f"2 missed positions come back {tomorrow}."], lines
    # «My mistakes (2)» goes through the two missed cards again; Enter presses it, the ring is on it
    assert screen.retry_btn is not None and screen.retry_btn.label == "My mistakes (2)"
    assert screen.focused_widget() is screen.retry_btn and screen.retry_btn.hotkey == "Enter"
    key(app, pygame.K_RETURN, "\r")
    again = app.stack[-1]
    assert again is not screen and again.retry
    assert [it["item_id"] for it in again.items] == [items[0]["item_id"], items[2]["item_id"]]
    for _item in again.items:
        _answer(again, True)
    assert again.done_text() == "This time: 2 of 2 right"
    assert again.end_lines() == ["Well done!", f"2 missed positions come back {tomorrow}."]
    assert again.retry_btn is None  # nothing missed this time


def test_praise_only_when_every_card_was_right(progress_app: App, items: list[dict]) -> None:
    app = progress_app
    screen = app.push("position_review", items=items[:2])
    for _item in items[:2]:
        _answer(screen, True)
    app.render()
    assert screen.done_text() == "Right on the first try: 2 of 2"
    assert screen.end_lines() == ["Well done!"]
    assert screen.retry_btn is None and screen.focused_widget() is screen.next_btn


def test_no_card_to_answer_earns_no_praise(progress_app: App) -> None:
    screen = progress_app.push("position_review", items=[])
    progress_app.render()
    assert screen.done_text() == "No mistakes to review now."
    assert screen.end_lines() == []


def test_enter_at_the_end_presses_the_button_its_badge_names(progress_app: App) -> None:
    """«What to discard?» ends the same way: Enter goes through the puzzles missed (the badge and the
    ring are on «My mistakes»), not to «Done»."""
    app = progress_app
    screen = app.push("nanikiru", n=2, seed=3)
    for _i in range(2):
        good = screen.right()
        legal = {t.kind for t in screen.decision.position.legal}
        screen.answer(next(s.tile for s in screen.hand_row.slots if s.tile.kind not in good and s.tile.kind in legal))
        screen.next_card()
    app.render()
    assert screen.mistakes_btn is not None and screen.focused_widget() is screen.mistakes_btn
    key(app, pygame.K_RETURN, "\r")
    assert app.stack[-1] is not screen and app.stack[-1].name == "nanikiru" and len(app.stack[-1].items) == 2
