"""MCR table positions for screenshots and tests: a game played by the MCR bots (the
learner's seat too) until the table shows what a picture needs."""

from __future__ import annotations

from typing import Any

from trainer.ui.match_setup import MatchSetup
from trainer.ui.screens.play_shots import _learner_move


def _open(app: Any, seed: int, coach: str) -> Any:
    from trainer.engine.mcr.bots import McrBot

    while len(app.stack) > 1:
        app.pop()
    screen = app.push("mcr_play", setup=MatchSetup(preset="mcr", coach=coach), seed=seed)
    screen._shot_bot = McrBot(screen.match.rules)  # the learner's seat plays as the MCR bot
    return screen


def _mid_hand(screen: Any) -> bool:
    from trainer.engine.game.actions import Discard

    rnd = screen.round
    return (sum(1 for f in rnd.flowers if f) >= 2 and any(st.melds for st in rnd.seats)
            and any(isinstance(a, Discard) for a in screen.my_legal()) and len(rnd.seats[0].river) >= 4)


def call_offer(screen: Any) -> bool:
    """The learner may chow or pung the tile just discarded."""
    from trainer.engine.game.actions import Chi, Pon

    return any(isinstance(a, Chi | Pon) for a in screen.my_legal())


def mcr_table(app: Any, coach: str = "hints", *, want: Any = _mid_hand, seeds: range = range(1, 40)) -> Any:
    """A hand where ``want(screen)`` holds with the learner to decide (by default in the
    middle: flowers set aside, a call made, the learner to discard)."""
    for seed in seeds:
        screen = _open(app, seed, coach)
        for _ in range(400):
            screen.run_bots_until_learner()
            if screen.round.ended:
                break
            if want(screen):
                screen.rebuild()
                return screen
            _learner_move(screen)
    raise RuntimeError("no seed gave the wanted MCR table")


def mcr_after_hand(app: Any, want: Any, *, seeds: range = range(1, 40)) -> Any:
    """Play whole MCR hands until one ends as ``want(result)`` says; the table shows its result."""
    for seed in seeds:
        screen = _open(app, seed, "off")
        while True:
            for _ in range(600):
                screen.run_bots_until_learner()
                if screen.round.ended:
                    break
                _learner_move(screen)
            if want(screen.round.result):
                screen.rebuild()
                return screen
            if screen.match.finished:
                break
            screen.next_hand()
    raise RuntimeError("no seed gave the wanted MCR result")


def mcr_game_end(app: Any) -> Any:
    """A whole MCR game played to its end, showing places, game points and table points."""
    screen = _open(app, 3, "off")
    while not screen.match.finished:
        for _ in range(600):
            screen.run_bots_until_learner()
            if screen.round.ended:
                break
            _learner_move(screen)
        if not screen.match.finished:
            screen.next_hand()
    screen.show_match_end()
    return screen
