"""A card is answered only by the learner's own choice: after Enter on «Next», the next card's
answer buttons start without the focus ring, so a second Enter answers nothing (the riichi, call
and push-or-fold cards' buttons sit where «Next» was)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.table_driver import key, press_digit  # noqa: E402
from trainer.engine.game.records import load  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.game_cards import mistake_cards  # noqa: E402
from trainer.ui.screens.play_shots import call_game  # noqa: E402


def _cards(app: App) -> dict[str, dict]:
    """The first push-or-fold card (hand 2) and the first call card of seed 10, as due items."""
    path = call_game(app, 10, calls=True)
    out: dict[str, dict] = {}
    for item_id, skill, spec in mistake_cards(path, load(path), 0):
        out.setdefault(str(spec.get("ask")), dict(spec, item_id=item_id, skill=skill))
    return out


@pytest.mark.parametrize("order", [("push_fold", "call"), ("call", "push_fold")])
def test_enter_after_next_does_not_answer_the_next_card(progress_app: App, order: tuple[str, str]) -> None:
    app = progress_app
    cards = _cards(app)
    screen = app.push("position_review", items=[cards[order[0]], cards[order[1]]])
    app.render()
    assert screen.ask == order[0] and screen.answer_btns
    press_digit(app, 1)  # the learner answers the first card
    assert screen.answered is not None and screen.next_btn is not None
    key(app, pygame.K_RETURN, "\r")  # «Next»
    assert screen.index == 1 and screen.ask == order[1] and screen.answered is None
    assert screen.answer_btns
    assert screen.focused_widget() not in screen.answer_btns  # no answer is preselected
    key(app, pygame.K_RETURN, "\r")  # a second Enter: nothing to press
    assert screen.answered is None and screen.choice is None and screen.call_answer is None
    press_digit(app, 2)  # the learner's own choice still answers
    assert screen.answered is not None
