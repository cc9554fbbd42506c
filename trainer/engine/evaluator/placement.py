"""Placement in the last hand (オーラス): what a win or a deal-in does to the final place.

In the match's last hand the points only matter through the places they decide,
so the evaluator weighs a win and a deal-in by the **places** they move the player,
not by their points: a leader gains nothing from a big hand but everything from any
win that ends the game before the second player catches up; the last player loses
nothing by dealing in to a hand that cannot push them lower; a player who needs
8,000 points gains nothing from a 2,000-point win.

:class:`PlacementModel` holds the scores and works out, in places:

* ``base`` — the expected place if the player neither wins nor deals in: the other
  players may still win (a riichi often does), by tsumo or from each other;
* :meth:`PlacementModel.win_gain` — how many places a win of so many points gains
  over ``base`` (tsumo or ron from any opponent, sticks and honba included);
* :meth:`PlacementModel.deal_in_loss` — how many places dealing in to a threat costs.

Both are turned into points (one place = :data:`PLACE_POINTS`) so the rest of the
evaluator — win chance times value against deal-in chance times loss — works as in
any other hand.  Ties are broken by seat order from the first dealer (Tenhou, 001).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from trainer.engine.evaluator.danger import Threat

PLACE_POINTS = 8000.0
"""Points one place is worth in the last hand (a mangan: what a place costs to buy back)."""
TSUMO_SHARE = 0.35
"""Share of wins that are tsumo (the rest are rons)."""
RIICHI_WINS = 0.5
"""Chance that a tenpai opponent wins the rest of the hand when the player folds (riichi: mid-hand)."""
QUIET_WINS = 0.12
"""... and an opponent not yet tenpai, early in the hand."""
SPREAD = ((0.5, 0.3), (1.0, 0.45), (2.0, 0.25))
"""An opponent's hand is read only roughly: its value is taken as half, once or twice the likely
value, with these weights (a place often turns on whether the hand is a mangan or not)."""


HAND_SPREAD = 6500.0
"""How far apart two players' scores drift per hand still to come (standard deviation of the
change of the gap between them, points): 6,500 x sqrt(hands left) fits the final places of
300 strong-vs-careful matches best (Brier score 0.788; 5,000 per player per hand)."""


DENIAL = True
"""Before the last hand, count what the player's win takes from the opponents' chances too."""


def expected_place(scores: Sequence[int | float], seat: int, spread: float) -> float:
    """The expected final place of ``seat`` when the gap to each opponent still drifts by about
    ``spread`` points before the match ends (0: the match ends now, :func:`place_of`); ties
    go to the seat nearer the first dealer."""
    if spread <= 0:
        return float(place_of(scores, seat))
    me = scores[seat]
    place = 1.0
    for s, v in enumerate(scores):
        if s != seat:
            gap = v - me + (0.5 if s < seat else -0.5)
            place += 0.5 * (1.0 + math.erf(gap / (spread * math.sqrt(2.0))))
    return place


def place_of(scores: Sequence[int | float], seat: int) -> int:
    """The place (1 = top) of ``seat`` for ``scores``; ties go to the seat nearer the first dealer."""
    me = scores[seat]
    return 1 + sum(1 for s, v in enumerate(scores) if s != seat and (v > me or (v == me and s < seat)))


def _tsumo_payments(points: float, winner: int, dealer: int, n: int) -> list[float]:
    """What each player pays for a tsumo worth about ``points`` (a non-dealer: the dealer pays
    half, the others a quarter; the dealer: everyone a third)."""
    if winner == dealer:
        return [0.0 if s == winner else points / (n - 1) for s in range(n)]
    share = points / (n + 0.0)
    return [0.0 if s == winner else (2 * share if s == dealer else share) for s in range(n)]


@dataclass(frozen=True, slots=True)
class PlacementModel:
    """The last hand's scores seen from ``seat`` (see the module docstring)."""

    seat: int
    scores: tuple[int, ...]
    dealer: int
    pot: int  # riichi sticks on the table, in points, for whoever wins
    honba: int  # honba points a win of the player adds to its value
    base: float  # expected place when the player neither wins nor deals in
    spread: float = 0.0  # how far the scores still drift after this hand (0: the last hand)

    @property
    def place_points(self) -> float:
        """Points one place is worth: :data:`PLACE_POINTS` in the last hand; before it, the
        points that move the expected place by one at level scores (the model is then about
        linear for small swings and bends only where a place is won or lost)."""
        if self.spread <= 0:
            return PLACE_POINTS
        n = len(self.scores)
        return self.spread * math.sqrt(2 * math.pi) / (n - 1)

    @property
    def place(self) -> int:
        """The player's place now."""
        return place_of(self.scores, self.seat)

    def _after_win(self, winner: int, points: float, loser: int | None) -> float:
        """The player's place after ``winner`` wins ``points`` by ron from ``loser`` (or tsumo)."""
        scores = list(self.scores)
        n = len(scores)
        if loser is None:
            pay = _tsumo_payments(points, winner, self.dealer, n)
            for s in range(n):
                scores[s] -= pay[s]
            scores[winner] += sum(pay) + self.pot
        else:
            scores[loser] -= points
            scores[winner] += points + self.pot
        return expected_place(scores, self.seat, self.spread)

    def win_place(self, points: float) -> float:
        """Expected place after the player wins a hand worth ``points`` (tsumo or a ron from any
        opponent)."""
        others = [s for s in range(len(self.scores)) if s != self.seat]
        points += self.honba
        ron = sum(self._after_win(self.seat, points, s) for s in others) / len(others)
        return TSUMO_SHARE * self._after_win(self.seat, points, None) + (1 - TSUMO_SHARE) * ron

    def win_gain(self, points: float) -> float:
        """Places a win worth ``points`` gains over folding (may be 0: the win changes nothing)."""
        return self.base - self.win_place(points)

    def deal_in_place(self, threat_seat: int, points: float) -> float:
        """The player's place after dealing in ``points`` to ``threat_seat``."""
        return self._after_win(threat_seat, points, self.seat)

    def deal_in_loss(self, threat: Threat) -> float:
        """Places lost by dealing in to ``threat`` (its likely hand, read roughly: :data:`SPREAD`)
        instead of folding (>= 0)."""
        place = sum(w * self.deal_in_place(threat.seat, threat.loss * f) for f, w in SPREAD)
        return max(0.0, place - self.base)


def placement_model(scores: Sequence[int], seat: int, dealer: int, threats: Sequence[Threat], *,
                    sticks: int, honba: int, deposit: int = 1000, live_fraction: float = 1.0,
                    hands_after: int = 0) -> PlacementModel:
    """The :class:`PlacementModel` of a hand: ``threats`` are the opponents' readings (their
    tenpai chance and likely hand), ``live_fraction`` the share of the live wall still to draw
    (an opponent not yet tenpai has less time to win late in the hand), ``hands_after`` the
    regular hands still to come after this one (0: the last hand)."""
    pot = sticks * deposit
    spread = HAND_SPREAD * math.sqrt(max(0, hands_after))
    draft = PlacementModel(seat, tuple(scores), dealer, pot, honba * 300,
                           expected_place(scores, seat, spread), spread)
    if spread > 0 and not DENIAL:
        return draft
    others = [s for s in range(len(scores)) if s != seat]
    chances = []
    for t in threats:
        chances.append(min(0.9, RIICHI_WINS * t.tenpai + QUIET_WINS * (1 - t.tenpai) * live_fraction))
    total = sum(chances)
    if total > 0.9:
        chances = [c * 0.9 / total for c in chances]
    expected = (1 - sum(chances)) * draft.base  # nobody wins: the place now
    for t, q in zip(threats, chances, strict=True):
        losers = [s for s in others if s != t.seat]
        for f, w in SPREAD:
            points = t.loss * f
            ron = sum(draft._after_win(t.seat, points, s) for s in losers) / max(1, len(losers))
            expected += w * q * (TSUMO_SHARE * draft._after_win(t.seat, points, None) + (1 - TSUMO_SHARE) * ron)
    return PlacementModel(seat, tuple(scores), dealer, pot, honba * 300, expected, spread)


__all__ = ["HAND_SPREAD", "PLACE_POINTS", "PlacementModel", "expected_place", "place_of", "placement_model"]
