"""Per-seat figures of played matches: how often each player won, dealt in, declared
riichi, called, where it finished, and how long its decisions took.

:class:`SeatFigures` accumulates finished matches (their game logs and standings);
:class:`TimedPlayer` wraps a bot to time every decision.  ``simulate --json`` and
the game benchmark report these figures.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from trainer.engine.game.actions import Action
from trainer.engine.game.view import PlayerView

CALL_TYPES = ("chi", "pon")


class TimedPlayer:
    """A player that records how long every ``choose`` call of the wrapped player took, in CPU
    milliseconds of this process (on a machine shared with other jobs wall-clock time would
    count their work too)."""

    def __init__(self, player: Any) -> None:
        self.player = player
        self.name = getattr(player, "name", type(player).__name__)
        self.times_ms: list[float] = []

    def choose(self, view: PlayerView, legal: list[Action]) -> Action:
        """Ask the wrapped player and time the answer."""
        start = time.process_time()
        action = self.player.choose(view, legal)
        self.times_ms.append((time.process_time() - start) * 1000)
        return action


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values`` by the nearest-rank method (0 for no values)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    index = max(0, min(len(ordered) - 1, int(-(-q * len(ordered) // 1)) - 1))
    return ordered[index]


@dataclass
class SeatFigures:
    """Running totals per seat over many matches (see the module docstring)."""

    hands: int = 0
    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0] * 4)
    deal_ins: list[int] = field(default_factory=lambda: [0] * 4)
    riichi: list[int] = field(default_factory=lambda: [0] * 4)
    calls: list[int] = field(default_factory=lambda: [0] * 4)
    place_sum: list[int] = field(default_factory=lambda: [0] * 4)

    def add(self, log: dict[str, Any], places: list[int]) -> None:
        """Count one finished match: its game log and each seat's final place (1..4)."""
        self.games += 1
        for s in range(4):
            self.place_sum[s] += places[s]
        for h in log["hands"]:
            self.hands += 1
            riichi = [False] * 4
            called = [False] * 4
            for seat, action in h["actions"]:
                kind = action["type"]
                if kind == "riichi":
                    riichi[seat] = True
                elif kind in CALL_TYPES or (kind == "kan" and action.get("kan") == "daiminkan"):
                    called[seat] = True
            res = h["result"]
            dealt = set()
            for w in res["wins"]:
                self.wins[w["seat"]] += 1
                if w["from"] is not None:
                    dealt.add(w["from"])  # a double ron is one deal-in
            for s in range(4):
                self.riichi[s] += riichi[s]
                self.calls[s] += called[s]
                self.deal_ins[s] += s in dealt

    def rates(self) -> dict[str, list[float]]:
        """Per-seat ``win_rate``, ``deal_in_rate``, ``riichi_rate``, ``call_rate`` (per hand) and
        ``average_place``."""
        n = max(1, self.hands)
        g = max(1, self.games)
        return {
            "win_rate": [w / n for w in self.wins],
            "deal_in_rate": [d / n for d in self.deal_ins],
            "riichi_rate": [r / n for r in self.riichi],
            "call_rate": [c / n for c in self.calls],
            "average_place": [p / g for p in self.place_sum],
        }


__all__ = ["SeatFigures", "TimedPlayer", "percentile"]
