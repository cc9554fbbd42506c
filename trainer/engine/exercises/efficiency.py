"""Hand-efficiency drills: shanten counting (``shanten``, curriculum §3.1 #11) and the
best discard by ukeire (``discard_ukeire``, #12).

Answers come from :func:`trainer.engine.shanten.shanten_by_form` and
:func:`trainer.engine.ukeire.discard_options`; every equally best discard is right.
"""

from __future__ import annotations

import random
from typing import Literal

from pydantic import Field, model_validator

from trainer.engine.exercises.base import Exercise, GeneratorError, Params, draft
from trainer.engine.exercises.handgen import complete_counts, remove_random, swap_tiles, tiles_of_counts
from trainer.engine.hand import Hand
from trainer.engine.notation import format_hand, format_tiles
from trainer.engine.shanten import sets_needed_for, shanten_by_form
from trainer.engine.tiles import NUM_KINDS, Tile
from trainer.engine.ukeire import discard_options

# ---------------------------------------------------------------------------
# Shanten
# ---------------------------------------------------------------------------


class ShantenParams(Params):
    """Parameters of ``shanten``."""

    size: Literal[4, 5, 7, 8, 10, 11, 13, 14] = Field(13, description="tiles in the hand")
    min_shanten: int = Field(0, ge=-1, le=6, description="lowest shanten asked (-1 = complete)")
    max_shanten: int = Field(4, ge=-1, le=6, description="highest shanten asked")
    forms: Literal["standard", "all"] = Field("standard", description="standard form only, or also seven pairs / kokushi")
    special_bias: float = Field(0.0, ge=0, le=1, description="share of pair-heavy hands (seven pairs) when forms=all")
    honors: bool = Field(True, description="honor tiles may appear")

    @model_validator(mode="after")
    def _range(self) -> ShantenParams:
        if self.min_shanten > self.max_shanten:
            raise ValueError(f"min_shanten {self.min_shanten} is above max_shanten {self.max_shanten}")
        top = {4: 1, 5: 1, 7: 2, 8: 2, 10: 3, 11: 3, 13: 6, 14: 6}[self.size]
        if self.min_shanten > top:
            raise ValueError(f"a {self.size}-tile hand is at most {top}-shanten")
        if self.size % 3 == 1 and self.min_shanten < 0 and self.max_shanten < 0:
            raise ValueError("a 3n+1 hand cannot be complete: use min_shanten >= 0")
        return self


def _shanten_value(hand: Hand, forms: str) -> tuple[int, dict[str, int]]:
    by_form = shanten_by_form(hand)
    value = by_form["standard"] if forms == "standard" else min(by_form.values())
    return value, by_form


def _pairs_hand(rng: random.Random, size: int, honors: bool) -> list[int]:
    counts = [0] * NUM_KINDS
    limit = NUM_KINDS if honors else 27
    kinds = rng.sample(range(limit), size // 2 + 1)
    for k in kinds[: size // 2]:
        counts[k] = 2
    if size % 2:
        counts[kinds[-1]] = 1
    return counts


def make_shanten(p: ShantenParams, rng: random.Random) -> Exercise:
    """A hand whose shanten (by the chosen forms) lies in the requested range."""
    lo = max(p.min_shanten, 0 if p.size % 3 == 1 else -1)
    target = rng.randint(lo, p.max_shanten)
    sets = p.size // 3
    for attempt in range(600):
        if p.forms == "all" and p.size in (13, 14) and rng.random() < p.special_bias:
            counts = swap_tiles(rng, _pairs_hand(rng, p.size, p.honors), max(0, target), honors=p.honors)
        else:
            counts = complete_counts(rng, sets, honors=p.honors)
            if p.size % 3 == 1:
                counts = remove_random(rng, counts)
            swaps = max(0, target + (1 if p.size % 3 == 1 else 0) + rng.choice((-1, 0, 0, 1)))
            counts = swap_tiles(rng, counts, swaps, honors=p.honors)
        hand = Hand(tiles_of_counts(counts))
        value, by_form = _shanten_value(hand, p.forms)
        if value == target or (attempt > 150 and lo <= value <= p.max_shanten):
            # forms=standard: the other forms are not counted, so they are not explained either
            # the standard form's sets: how many a complete hand of this size holds (one for 4 tiles)
            items = [{"kind": "shanten_form", "form": f, "shanten": v,
                      **({"sets": sets_needed_for(len(hand.concealed))} if f == "standard" else {})}
                     for f, v in by_form.items() if p.forms == "all" or f == "standard"]
            special = p.size in (13, 14)  # seven pairs and kokushi exist only for a full hand
            if p.kids:
                # a child counts the tiles still missing: one draw per shanten step, plus the winning tile
                items.insert(0, {"kind": "tiles_missing", "n": value + 1, "shanten": value})
                return draft("shanten", "number", value + 1, items, hand=format_hand(hand), forms=p.forms,
                             count="tiles_missing", special_forms=special)
            return draft("shanten", "number", value, items, hand=format_hand(hand), forms=p.forms,
                         special_forms=special)
    raise GeneratorError(f"no {p.size}-tile hand with shanten {p.min_shanten}..{p.max_shanten} found")


# ---------------------------------------------------------------------------
# Discard by ukeire
# ---------------------------------------------------------------------------


class DiscardParams(Params):
    """Parameters of ``discard_ukeire``."""

    size: Literal[5, 8, 11, 14] = Field(14, description="tiles in the hand with the drawn tile")
    min_shanten: int = Field(1, ge=0, le=6, description="lowest shanten after the best discard")
    max_shanten: int = Field(3, ge=0, le=6, description="highest shanten after the best discard")
    visible: bool = Field(False, description="show some tiles as already visible (they lower ukeire)")
    hand_pool: Literal["random", "isolated_tile"] = Field(
        "random", description="isolated_tile: a tenpai-after-discard hand with one lonely tile (shanten range unused)")
    honors: bool = Field(True, description="honor tiles may appear")

    @model_validator(mode="after")
    def _range(self) -> DiscardParams:
        if self.min_shanten > self.max_shanten:
            raise ValueError(f"min_shanten {self.min_shanten} is above max_shanten {self.max_shanten}")
        return self


def _isolated_hand(rng: random.Random, p: DiscardParams) -> tuple[list[int], int] | None:
    counts = remove_random(rng, complete_counts(rng, (p.size - 2) // 3, honors=p.honors))
    free = [k for k in range(NUM_KINDS if p.honors else 27)
            if counts[k] == 0 and not any(counts[j] for j in _neighbours(k))]
    if not free:
        return None
    lonely = rng.choice(free)
    counts[lonely] += 1
    return counts, lonely


def _neighbours(k: int) -> list[int]:
    if k >= 27:
        return []
    base = k - k % 9
    return [j for j in (k - 2, k - 1, k + 1, k + 2) if base <= j < base + 9]


def _visible(rng: random.Random, counts: list[int], honors: bool) -> tuple[Tile, ...]:
    seen = [0] * NUM_KINDS
    for _ in range(rng.randint(3, 10)):
        k = rng.randrange(NUM_KINDS if honors else 27)
        if counts[k] + seen[k] < 4:
            seen[k] += 1
    return tiles_of_counts(seen)


def make_discard(p: DiscardParams, rng: random.Random) -> Exercise:
    """A hand with its drawn tile; the answer is every discard that keeps the lowest shanten
    with the most ukeire (engine's :func:`discard_options`)."""
    for _ in range(600):
        lonely = None
        if p.hand_pool == "isolated_tile":
            got = _isolated_hand(rng, p)
            if got is None:
                continue
            counts, lonely = got
        else:
            counts = complete_counts(rng, (p.size - 2) // 3, honors=p.honors)
            counts = swap_tiles(rng, counts, rng.randint(p.min_shanten, p.max_shanten + 1), honors=p.honors)
        hand = Hand(tiles_of_counts(counts))
        seen = _visible(rng, counts, p.honors) if p.visible else ()
        opts = discard_options(hand, seen or None)
        best_s = opts[0].shanten_after
        if lonely is None and not p.min_shanten <= best_s <= p.max_shanten:
            continue
        best = [o for o in opts if (o.shanten_after, o.total) == (best_s, opts[0].total)]
        kinds = frozenset(o.tile.kind for o in best)
        if lonely is not None and kinds != {lonely}:
            continue
        if len(kinds) > 3:
            continue  # too many equally good answers teach nothing
        # what each tile can still become: ``held`` copies in the hand, ``left`` still to come (not held, not seen)
        shown = [t.kind for t in seen]
        items = [{"kind": "discard", "tile": str(o.tile), "shanten": o.shanten_after,
                  "ukeire": format_tiles(sorted(o.ukeire)), "total": o.total, "best": o in best,
                  "held": counts[o.tile.kind], "left": 4 - counts[o.tile.kind] - shown.count(o.tile.kind)}
                 for o in opts]
        return draft("best_discard", "pick_tiles", kinds, items, hand=format_hand(hand),
                     visible=format_tiles(seen))
    raise GeneratorError(f"no {p.size}-tile hand with shanten {p.min_shanten}..{p.max_shanten} found")


def discard_skill(p: DiscardParams) -> str:
    """Children's lonely-tile items feed kids_winning_tile; the rest feed efficiency."""
    return "kids_winning_tile" if p.kids else "efficiency"


__all__ = ["DiscardParams", "ShantenParams", "make_discard", "make_shanten"]
