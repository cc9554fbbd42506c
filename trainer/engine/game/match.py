"""A match (hanchan or East-only game): hands in order, scores, honba, sticks, and the end.

:class:`Match` starts each hand (:meth:`Match.start_round`) with the right dealer,
round wind, honba and sticks, and after it ends (:meth:`Match.finish_round`)
rotates the deal (renchan or not), updates the counters and decides whether the
game is over: the last hand played (orasu), a player below zero (tobi), the last
dealer stopping in first place (agari-yame / tenpai-yame), and the sudden-death
extra round when nobody reached the target (001:861-873).  :func:`final_standings`
computes places, oka and uma (001:881-903; JPML 003:183-197).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from trainer.engine.game.options import GameOptions, game_options
from trainer.engine.game.round import Round
from trainer.engine.game.wall import Wall, standard_tiles
from trainer.engine.tiles import EAST, Tile

ROUND_NAMES = ("East", "South", "West", "North")


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's final result: ``place`` 1..4 (shared places repeat with shared ties),
    raw ``points``, and the final ``score`` in thousands after oka and uma."""

    seat: int
    place: int
    points: int
    score: float


def final_standings(scores: Sequence[int], options: GameOptions) -> list[Standing]:
    """Places, oka and uma for final ``scores`` (listed by seat, seat 0 = first dealer;
    three or four players).

    Ties are broken by seat order from the first dealer (Tenhou) or share the
    places' uma and oka equally (JPML, ``final_ties = shared``).  With
    ``final_rounding = "thousand_5_down"`` (Tenhou) every player but the first is
    rounded to whole thousands before the uma is added, and the first place gets
    what keeps the total unchanged (001:893-899)."""
    n = len(scores)
    order = sorted(range(n), key=lambda s: (-scores[s], s))
    uma = applied_uma(scores, options)
    bonus = [uma[i] * 1000 for i in range(n)]
    bonus[0] += options.oka
    out: dict[int, Standing] = {}
    i = 0
    while i < n:
        j = i + 1
        if options.final_ties == "shared":
            while j < n and scores[order[j]] == scores[order[i]]:
                j += 1
        share = sum(bonus[i:j]) / (j - i)
        for k in range(i, j):
            seat = order[k]
            value = (scores[seat] - options.target_points + share) / 1000
            if options.final_rounding == "thousand_5_down" and k > 0:
                value = _thousands_5_down(scores[seat] - options.target_points) + share / 1000
            out[seat] = Standing(seat, i + 1, scores[seat], value)
        i = j
    if options.final_rounding == "thousand_5_down":
        # the first place takes what keeps the total as it was before rounding (001:893-899)
        top = order[0]
        exact = sum((scores[s] - options.target_points) / 1000 for s in range(n)) + sum(bonus) / 1000
        rest = sum(out[s].score for s in range(n) if s != top)
        out[top] = Standing(top, out[top].place, scores[top], round(exact - rest, 1))
    return [out[s] for s in range(n)]


def applied_uma(scores: Sequence[int], options: GameOptions) -> tuple[int, ...]:
    """The uma (in thousands, places 1..n) that :func:`final_standings` applies to final
    ``scores``: the rules' ``uma``, or with ``uma_by_plus`` (JPML) the row for how many players
    finish at or above ``target_points``."""
    plus = sum(1 for s in scores if s >= options.target_points)
    return tuple(options.uma_for(plus))[: len(scores)]


def _thousands_5_down(points: int) -> int:
    """Points over or under the target in whole thousands, rounding the nearest way
    except that exactly 500 goes down (五捨六入, 001:893: 21500 -> 21, -4700 -> -5)."""
    q, r = divmod(points, 1000)
    return q + (1 if r > 500 else 0)


class Match:
    """A whole game for four seats, or three with a three-player preset (seat 0 is the first dealer).

    ``walls``, when given, supplies each hand's wall in order (replaying a game log);
    otherwise walls are shuffled from ``seed`` — the same seed gives the same game.
    ``tenpai_choice`` names the seats asked, at an exhaustive draw, whether to show a
    tenpai hand (a table option; only where the preset's ``noten_declaration`` allows it).
    """

    def __init__(
        self,
        rules: Any = "tenhou",
        seed: int | None = None,
        *,
        walls: Sequence[Sequence[Tile]] | None = None,
        tile_set: Sequence[Tile] | None = None,
        tenpai_choice: Sequence[int] = (),
    ) -> None:
        if isinstance(rules, str):
            from trainer.engine.rules import load_rules

            rules = load_rules(rules)
        self.rules = rules
        self.options = game_options(rules)
        self.tenpai_choice = tuple(tenpai_choice)  # seats asked to show or hide tenpai at a draw
        self.seed = seed
        self.rng = random.Random(seed)
        self.players = self.options.players
        removed = getattr(rules, "removed_kinds", frozenset())
        self.tile_set = (
            tuple(tile_set)
            if tile_set is not None
            else tuple(t for t in standard_tiles(self.options.red_fives) if t.kind not in removed)
        )
        self.max_replacements = 8 if self.options.nukidora else 4
        self._walls: Iterator[Sequence[Tile]] | None = iter(walls) if walls is not None else None
        start = self.options.starting_points
        self.scores = [start] * self.players
        self.round_index = 0  # 0 East, 1 South, 2 West, ...
        self.hand_number = 0  # 0..3 within the round: the dealer's seat
        self.honba = 0
        self.sticks = 0
        self.round: Round | None = None
        self.finished = False
        self.end_reason: str | None = None
        self.hands_played = 0
        self.total_points = self.players * start

    # ------------------------------------------------------------------ structure
    @property
    def dealer(self) -> int:
        """The seat dealing the current hand."""
        return self.hand_number

    @property
    def round_wind(self) -> int:
        """The prevailing wind kind of the current round."""
        return EAST + self.round_index % 4

    @property
    def last_round(self) -> int:
        """Index of the last regular round: 0 for an East-only game, 1 for East-South."""
        return 0 if self.options.game_length == "tonpuusen" else 1

    @property
    def in_extension(self) -> bool:
        """True during the sudden-death extra round."""
        return self.round_index > self.last_round

    @property
    def label(self) -> str:
        """The hand's name, e.g. ``"East 1, 0 honba"``."""
        return f"{ROUND_NAMES[self.round_index % 4]} {self.hand_number + 1}, {self.honba} honba"

    # ------------------------------------------------------------------ flow
    def start_round(self) -> Round:
        """Start the next hand and return it."""
        if self.finished:
            raise RuntimeError("the match is over")
        if self._walls is not None:
            try:
                wall = Wall(next(self._walls), self.max_replacements)
            except StopIteration:
                raise RuntimeError("the game log has no wall for this hand") from None
        else:
            wall = Wall.shuffled(self.tile_set, self.rng, self.max_replacements)
        self.round = Round(
            self.rules,
            wall,
            dealer=self.dealer,
            round_wind=self.round_wind,
            honba=self.honba,
            sticks=self.sticks,
            scores=self.scores,
            options=self.options,
            tenpai_choice=self.tenpai_choice,
        )
        return self.round

    def finish_round(self) -> None:
        """Take the ended hand's scores and counters, rotate the deal and check the end."""
        r = self.round
        if r is None or r.result is None:
            raise RuntimeError("the hand is not over yet")
        res = r.result
        o = self.options
        self.scores = list(r.scores)
        self.sticks = r.sticks
        self.hands_played += 1
        self.honba = 0 if res.honba_reset else self.honba + 1
        n = self.players
        dealer_top = all(self.scores[self.dealer] > self.scores[s] for s in range(n) if s != self.dealer)
        orasu = self.hand_number == n - 1 and self.round_index >= self.last_round
        reached = any(s >= o.target_points for s in self.scores)
        target_ok = reached or not o.extension_round or o.target_points <= o.starting_points
        if o.busting and any(s < 0 for s in self.scores):
            return self._end("busting")
        if self.in_extension and reached:
            return self._end("target reached")
        if res.renchan:
            if orasu and dealer_top and target_ok and (
                (res.kind in ("ron", "tsumo") and o.agari_yame)
                or (res.kind == "exhaustive" and o.tenpai_yame)
            ):
                return self._end("agari-yame" if res.kind != "exhaustive" else "tenpai-yame")
            return None
        self.hand_number += 1
        if self.hand_number == n:
            self.hand_number = 0
            self.round_index += 1
            if self.round_index > self.last_round:
                extend = o.extension_round and not reached and self.round_index == self.last_round + 1
                if not extend:
                    return self._end("last hand")
        return None

    def _end(self, reason: str) -> None:
        self.finished = True
        self.end_reason = reason
        if self.sticks and self.options.leftover_sticks == "winner":
            top = min(range(self.players), key=lambda s: (-self.scores[s], s))
            self.scores[top] += self.sticks * self.options.riichi_deposit
            self.sticks = 0
        elif self.sticks:
            self.total_points -= self.sticks * self.options.riichi_deposit
            self.sticks = 0

    def standings(self) -> list[Standing]:
        """Final places and scores (oka and uma) for the current points."""
        return final_standings(self.scores, self.options)

    def applied_uma(self) -> tuple[int, ...]:
        """The uma (thousands, places 1..n) the final standings apply for the current points."""
        return applied_uma(self.scores, self.options)
