"""Tile facts: the dora an indicator points to (``dora_from_indicator``, curriculum §3.1 #17)
and the groups a tile belongs to (``tile_group``, #2).

Answers come from :mod:`trainer.engine.tiles` (``dora_from_indicator``, ``is_simple``,
``is_terminal``, ``is_honor``, ``is_yaochuu``) and :mod:`trainer.engine.dora`
(``count_for``); value tiles (yakuhai) are the three dragons plus the seat and the
round wind, the tiles whose triplet is a yaku by itself.
"""

from __future__ import annotations

import random
from typing import Literal

from pydantic import Field, model_validator

from trainer.engine.dora import count_for
from trainer.engine.exercises.base import Exercise, GeneratorError, Option, Params, draft, shuffled
from trainer.engine.notation import format_tiles
from trainer.engine.tiles import (
    DRAGONS,
    NORTH,
    NUM_KINDS,
    RED,
    WIND_LETTERS,
    Tile,
    dora_from_indicator,
    is_honor,
    is_simple,
    is_terminal,
    is_yaochuu,
    kind_name,
    wind_kind,
)

# ---------------------------------------------------------------------------
# Dora from an indicator
# ---------------------------------------------------------------------------

WRAP_INDICATORS = (8, 17, 26, NORTH, RED)
"""Indicators whose dora wraps around: a 9 points to the 1, North to East, the red dragon to white."""


class DoraParams(Params):
    """Parameters of ``dora_from_indicator``."""

    indicators: int = Field(1, ge=1, le=5, description="dora indicators shown (kan dora add more)")
    honors: bool = Field(True, description="honor tiles may be indicators")
    wraps: bool = Field(False, description="at least one indicator wraps around (9, North, red dragon)")
    aka: Literal[0, 3] = Field(0, description="red fives in the set (count questions count them too)")
    ask: Literal["pick", "count"] = Field("pick", description="pick the dora tiles, or count the dora in a hand")


def _indicators(p: DoraParams, rng: random.Random) -> list[Tile]:
    limit = NUM_KINDS if p.honors else 27
    kinds: list[int] = []
    if p.wraps:
        kinds.append(rng.choice([k for k in WRAP_INDICATORS if k < limit]))
    while len(kinds) < p.indicators:
        k = rng.randrange(limit)
        if kinds.count(k) < 2:  # a repeated indicator is possible (several kans) but rare
            kinds.append(k)
    return [Tile(k) for k in shuffled(rng, kinds)]


def make_dora(p: DoraParams, rng: random.Random) -> Exercise:
    """Indicators -> the dora tiles (pick), or a hand's dora count including red fives (count)."""
    inds = _indicators(p, rng)
    explanation: list[dict] = [
        {"kind": "dora", "indicator": str(t), "dora": kind_name(dora_from_indicator(t.kind)),
         "wrap": t.kind in WRAP_INDICATORS} for t in inds
    ]
    ind_text = format_tiles(inds, sort=False)
    if p.ask == "pick":
        answer = frozenset(dora_from_indicator(t.kind) for t in inds)
        palette = format_tiles(range(NUM_KINDS if p.honors else 27))
        return draft("dora_pick", "pick_tiles", answer, explanation, tiles=ind_text, indicators=ind_text,
                     palette=palette)
    hand, reds = _dora_hand(p, rng, inds)
    counts = [0] * NUM_KINDS
    for t in hand:
        counts[t.kind] += 1
    dora = count_for(counts, inds)
    total = dora + reds
    explanation.append({"kind": "dora", "dora": format_tiles(sorted({dora_from_indicator(t.kind) for t in inds})),
                        "red": reds})
    explanation.append({"kind": "dora", "count": total})
    return draft("dora_count", "number", total, explanation, hand=format_tiles(hand), indicators=ind_text,
                 aka=p.aka)


def _dora_hand(p: DoraParams, rng: random.Random, inds: list[Tile]) -> tuple[list[Tile], int]:
    """14 tiles leaning towards the dora (and the indicators themselves, a common trap); with
    red fives, some fives are red, at most one red five per suit."""
    used = [0] * NUM_KINDS
    for t in inds:
        used[t.kind] += 1
    limit = NUM_KINDS if p.honors else 27
    hot = [dora_from_indicator(t.kind) for t in inds] + [t.kind for t in inds]
    if p.aka:
        hot += [4, 13, 22]
    kinds: list[int] = []
    while len(kinds) < 14:
        k = rng.choice(hot) if rng.random() < 0.35 else rng.randrange(limit)
        if used[k] < 4:
            used[k] += 1
            kinds.append(k)
    kinds.sort()
    tiles = []
    reds = 0
    red_done: set[int] = set()
    for k in kinds:
        red = bool(p.aka) and k in (4, 13, 22) and k not in red_done and rng.random() < 0.6
        if red:
            red_done.add(k)
            reds += 1
        tiles.append(Tile(k, red))
    return tiles, reds


# ---------------------------------------------------------------------------
# Tile groups
# ---------------------------------------------------------------------------

GROUPS = ("simple", "terminal", "honor", "yaochuu", "value")
"""Group ids: simples 2-8, terminals 1/9, honors, terminals-and-honors, value tiles (yakuhai)."""

GROUP_TERMS = {"simple": "chunchanpai", "terminal": "routouhai", "honor": "jihai", "yaochuu": "yaochuuhai",
               "value": "yuukapai"}
"""The glossary term of each group (the option shows it in Russian and Japanese)."""

Wind = Literal["E", "S", "W", "N", "random"]


class TileGroupParams(Params):
    """Parameters of ``tile_group``."""

    groups: list[Literal["simple", "terminal", "honor", "yaochuu", "value"]] = Field(
        ["simple", "terminal", "honor"], min_length=1, description="groups asked about")
    ask: Literal["choice", "pick"] = Field("choice", description="a tile's groups, or pick a group's tiles from a row")
    row: int = Field(8, ge=4, le=14, description="tiles in the row (ask=pick)")
    seat: Wind = Field("random", description="the player's seat wind (value tiles)")
    round: Wind = Field("random", description="the round wind (value tiles)")

    @model_validator(mode="after")
    def _possible(self) -> TileGroupParams:
        if len(set(self.groups)) != len(self.groups):
            raise ValueError("a group is listed twice")
        if self.ask == "choice" and len(self.groups) < 2:
            raise ValueError("a choice needs at least two groups to choose from; use ask=pick for one group")
        return self


def in_group(kind: int, group: str, seat: int, round_wind: int) -> bool:
    """Whether a tile kind belongs to a group (value tiles: dragons, the seat wind and the round wind)."""
    if group == "simple":
        return is_simple(kind)
    if group == "terminal":
        return is_terminal(kind)
    if group == "honor":
        return is_honor(kind)
    if group == "yaochuu":
        return is_yaochuu(kind)
    return kind in DRAGONS or kind in (seat, round_wind)


def _none_possible(groups: list[str]) -> bool:
    """Whether a tile may belong to none of the groups asked about (a wind that is no value
    tile, when neither honors nor terminals-and-honors are among them)."""
    return "value" in groups and not {"honor", "yaochuu"} & set(groups)


def _wind(rng: random.Random, w: str) -> int:
    return wind_kind(rng.choice(WIND_LETTERS) if w == "random" else w)


def make_group(p: TileGroupParams, rng: random.Random) -> Exercise:
    """A tile and the groups it belongs to (multi choice), or a row and one group's tiles (pick)."""
    seat, round_wind = _wind(rng, p.seat), _wind(rng, p.round)
    winds = {"seat": WIND_LETTERS[seat - 27], "round": WIND_LETTERS[round_wind - 27]} if "value" in p.groups else {}
    if p.ask == "choice":
        pool = [k for k in range(NUM_KINDS) if any(in_group(k, g, seat, round_wind) for g in p.groups)]
        if "value" in p.groups and rng.random() < 0.4:
            pool = [k for k in range(27, NUM_KINDS)]  # winds that are, or are not, value tiles
        kind = rng.choice(pool)
        answer = frozenset(g for g in p.groups if in_group(kind, g, seat, round_wind))
        overlap = any(in_group(k, a, seat, round_wind) and in_group(k, b, seat, round_wind)
                      for k in range(NUM_KINDS) for a in p.groups for b in p.groups if a < b)
        explanation = [{"kind": "group", "tile": kind_name(kind), "group": g, "member": g in answer}
                       for g in p.groups]
        options = [Option(g, ref=GROUP_TERMS[g]) for g in p.groups]
        if _none_possible(p.groups):
            # a wind that is not a value tile belongs to none of the groups: say so as an option of
            # its own, offered on every item of these settings so that it never gives the answer away
            options.append(Option("none"))
            if not answer:
                answer = frozenset({"none"})
        if overlap:
            return draft("tile_groups", "multi_choice", answer, explanation, tiles=kind_name(kind),
                         options=options, **winds)
        return draft("tile_group", "choice", answer, explanation, tiles=kind_name(kind), options=options, **winds)
    group = rng.choice(p.groups)
    for _ in range(100):
        kinds = sorted(rng.sample(range(NUM_KINDS), p.row))
        answer = frozenset(k for k in kinds if in_group(k, group, seat, round_wind))
        if answer and len(answer) < len(kinds):
            text = format_tiles(kinds)
            return draft("group_pick", "pick_tiles", answer,
                         [{"kind": "filter", "tiles": format_tiles(sorted(answer))}],
                         tiles=text, palette=text, group=group, term=GROUP_TERMS[group], **winds)
    raise GeneratorError(f"no row of {p.row} tiles has both tiles in and out of the group '{group}'")


__all__ = ["GROUPS", "DoraParams", "TileGroupParams", "in_group", "make_dora", "make_group"]
