"""MCR table positions for screenshots and tests: an MCR game played by the MCR bots (the
learner's seat too, see :mod:`trainer.ui.screens.play_shots`) until the table shows what a
picture needs."""

from __future__ import annotations

from typing import Any

from trainer.ui.match_setup import MatchSetup
from trainer.ui.screens.play_shots import match_end, play_until, table_after_hand


def _mid_hand(screen: Any) -> bool:
    """Flowers set aside at two seats, a call made, the learner to discard after a few turns."""
    from trainer.engine.game.actions import Discard

    rnd = screen.round
    return (sum(1 for f in rnd.flowers if f) >= 2 and any(st.melds for st in rnd.seats)
            and any(isinstance(a, Discard) for a in screen.my_legal()) and len(rnd.seats[0].river) >= 4)


def call_offer(screen: Any) -> bool:
    """The learner may chow or pung the tile just discarded."""
    from trainer.engine.game.actions import Chi, Pon

    return any(isinstance(a, Chi | Pon) for a in screen.my_legal())


def mcr_table(app: Any, coach: str = "hints", *, want: Any = _mid_hand) -> Any:
    """An MCR hand where ``want(screen)`` holds with the learner to decide (by default in the middle)."""
    return play_until(app, want, setup=MatchSetup(preset="mcr", coach=coach), seeds=range(1, 40))


def mcr_after_hand(app: Any, want: Any) -> Any:
    """Play whole MCR hands until one ends as ``want(result)`` says; the table shows its result."""
    return table_after_hand(app, want, setup=MatchSetup(preset="mcr", coach="off"))


def mcr_game_end(app: Any) -> Any:
    """A whole MCR game played to its end: places, game points and table points."""
    return match_end(app, MatchSetup(preset="mcr", coach="off"))
