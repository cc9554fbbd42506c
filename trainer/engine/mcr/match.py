"""An MCR game: 16 hands (East, South, West, North rounds of four deals), the deal passing
after every hand whoever won (002:21, 002:88), game points from zero, table points 4/2/1/0
by place (002:148); the loop that plays it with four players; the invariant checks.

The seed's seat changes between rounds (002:2168-2202) are a tournament seating rule and
are not played here: the learner keeps the bottom seat and the seat winds turn with the deal.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from trainer.engine.game.play import play_round
from trainer.engine.mcr.game import TILES, Flower, McrRound, McrWall
from trainer.engine.mcr.rules_game import McrGameRules, load_mcr_game
from trainer.engine.tiles import EAST


@dataclass(frozen=True, slots=True)
class McrStanding:
    """A seat's place (1..4), game points and table points at the end of the game."""

    seat: int
    place: int
    points: int
    table_points: int


class McrMatch:
    """A whole MCR game: carries the game points from hand to hand."""

    def __init__(self, rules: McrGameRules | str = "mcr", seed: int | None = 0, *,
                 walls: list[list[Any]] | None = None) -> None:
        self.rules = load_mcr_game(rules) if isinstance(rules, str) else rules
        self.rng = random.Random(seed)
        self.walls = list(walls or [])  # stored walls dealt first (a saved game), in order
        self.seed = seed
        self.players = 4
        self.scores = [self.rules.start_points] * 4
        self.hands_played = 0
        self.round: McrRound | None = None
        self.results: list[Any] = []

    @property
    def total_points(self) -> int:
        """The sum of all game points (constant: every payment is zero-sum)."""
        return self.rules.start_points * 4

    @property
    def dealer(self) -> int:
        """The dealer of the next (or current) hand."""
        return self.hands_played % 4

    @property
    def round_wind(self) -> int:
        """The prevalent wind of the next (or current) hand."""
        return EAST + min(self.hands_played // 4, 3)

    @property
    def finished(self) -> bool:
        """Whether every hand of the game has been played."""
        return self.hands_played >= self.rules.hands

    def label(self) -> str:
        """The hand as players say it: ``E1`` .. ``N4``."""
        return f"{'ESWN'[self.round_wind - EAST]}{self.dealer + 1}"

    def start_round(self) -> McrRound:
        """Deal the next hand (from the stored walls first; the seeded shuffle is drawn either
        way, so the hands after them are those of a new game with this seed)."""
        wall = McrWall.shuffled(self.rng, self.rules.flowers)
        if self.hands_played < len(self.walls):
            wall = McrWall(list(self.walls[self.hands_played]))
        self.round = McrRound(self.rules, wall, self.dealer, self.round_wind, self.scores)
        return self.round

    def finish_round(self) -> None:
        """Take the finished hand's points and pass the deal."""
        rnd = self.round
        assert rnd is not None and rnd.ended
        self.scores = list(rnd.scores)
        self.results.append(rnd.result)
        self.hands_played += 1

    def standings(self) -> list[McrStanding]:
        """Places by game points (a tie goes to the seat nearer East: the seed has no tie rule)."""
        order = sorted(range(4), key=lambda s: (-self.scores[s], s))
        return [McrStanding(s, i + 1, self.scores[s], self.rules.table_points[i]) for i, s in enumerate(order)]


class McrInvariantError(AssertionError):
    """The table broke a rule of the game (a bug in the engine)."""


def check_mcr_round(rnd: McrRound, total_points: int | None = None) -> None:
    """The table's invariants: all 144 tiles accounted for (four of each kind, each flower
    once, across hands, melds, rivers, flowers set aside and the wall), hand sizes right,
    points conserved."""
    kinds: Counter[int] = Counter()
    flowers: Counter[int] = Counter()
    for item in rnd.wall.unseen():
        if isinstance(item, Flower):
            flowers[item.number] += 1
        else:
            kinds[item.kind] += 1
    for s, st in enumerate(rnd.seats):
        kinds.update(t.kind for t in st.concealed)
        kinds.update(t.kind for m in st.melds for t in m.tiles)
        kinds.update(d.tile.kind for d in st.river if not d.called)
        flowers.update(f.number for f in rnd.flowers[s])
        size = len(st.concealed) + 3 * len(st.melds)
        holding = (rnd.phase.value == "turn" and rnd.current == s) or (
            rnd.ended and rnd.result is not None and any(w.seat == s for w in rnd.result.wins))
        if size != (14 if holding else 13):
            raise McrInvariantError(f"seat {s} holds {size} tiles ({'its turn' if holding else 'waiting'})")
    total = sum(kinds.values()) + sum(flowers.values())
    expected = TILES if rnd.rules.flowers else TILES - 8
    if total != expected:
        raise McrInvariantError(f"{total} tiles on the table, not {expected}")
    bad = [k for k in range(34) if kinds[k] != 4]
    if bad:
        raise McrInvariantError(f"kinds {bad} do not have four copies each")
    if rnd.rules.flowers and any(flowers[n] != 1 for n in range(8)):
        raise McrInvariantError("a flower is missing or doubled")
    if total_points is not None and sum(rnd.scores) != total_points:
        raise McrInvariantError(f"points sum to {sum(rnd.scores)}, not {total_points}")


@dataclass
class McrOutcome:
    """A finished MCR game, the per-hand results and the illegal actions refused."""

    match: McrMatch
    results: list[Any] = field(default_factory=list)
    refused: int = 0
    recorder: Any = None  # the game log's recorder, when the game was recorded


def play_mcr_round(rnd: McrRound, players: list[Any], *, check: bool = False,
                   total_points: int | None = None, recorder: Any = None) -> int:
    """Play one MCR hand to its end with four players (``choose(view, legal)``), the MCR
    invariants checked after every action when ``check``, every action handed to ``recorder``
    (an :class:`~trainer.engine.mcr.records.McrRecorder`) when given; returns the refused actions."""
    return play_round(rnd, players, check=check, total_points=total_points, checker=check_mcr_round,  # type: ignore[arg-type]
                      recorder=recorder)


def play_mcr_match(players: list[Any], rules: McrGameRules | str = "mcr", seed: int | None = 0, *,
                   check: bool = False, recorder: Any = None, hands: int | None = None) -> McrOutcome:
    """Play a whole MCR game with four players (only its first ``hands`` hands when given), every
    hand and action handed to ``recorder`` (an :class:`~trainer.engine.mcr.records.McrRecorder`
    made for the game: ``recorder(match)``) when given; the outcome's ``match.recorder`` is it."""
    if len(players) != 4:
        raise ValueError("an MCR game needs exactly four players")
    match = McrMatch(rules, seed)
    out = McrOutcome(match)
    rec = recorder(match) if recorder is not None else None
    out.recorder = rec
    while not match.finished and (hands is None or match.hands_played < hands):
        rnd = match.start_round()
        if rec is not None:
            rec.start_hand(rnd)
        out.refused += play_mcr_round(rnd, players, check=check, total_points=match.total_points, recorder=rec)
        if rec is not None:
            rec.end_hand(rnd)
        match.finish_round()
        out.results.append(rnd.result)
    if rec is not None and match.finished:
        rec.finish()
    return out
