"""Training variants of hand building (seed 000 §1, «Маджонг – обучающие игры»).

Kunto mahjong (薫陶) and single-suit mahjong (無視組札) let a beginner simplify the tiles:

* **suits ignored** — only the rank of a number tile matters, so 3m, 3p and 3s are the
  same tile and a rank may appear up to 12 times;
* **dragons as tens** (十牌の数) — red (chun, 7z) is 10 man, green (hatsu, 6z) is 10 sou,
  white (haku, 5z) is 10 pin, so a run 8-9-10 exists;
* **dragons as jokers** (元ポッチ gen pocchi) — green stands for any sou, red for any man,
  white for any pin.  Riichi cancels joker status: pass ``riichi=True`` and the dragons
  are ordinary honors again.

A joker stands for a real tile, so what it represents still obeys the copy limit (it
cannot be a fifth 1m).  With suits ignored, dragons-as-tens all become rank 10 and jokers
stand for any rank.  Winds stay honors in every variant.

Only the standard form (sets and a pair) is used in a variant; seven pairs and thirteen
orphans count only in the plain game (``Variant()``), where the result equals
:func:`trainer.engine.shanten.shanten`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Literal, NamedTuple

from trainer.engine.hand import Hand
from trainer.engine.rank_table import rank_vector
from trainer.engine.shanten import sets_needed_for, shanten
from trainer.engine.suit_table import (
    MAX_SETS,
    PATTERN_RANKS,
    Vector,
    combine,
    honor_vector,
    table_vector_id,
    vector_of,
)
from trainer.engine.tiles import GREEN, NUM_KINDS, RED, WHITE

DragonMode = Literal["normal", "joker", "ten"]
DRAGON_MODES: tuple[DragonMode, ...] = ("normal", "joker", "ten")

# the number suit each dragon belongs to as a ten or a joker: 0 man, 1 pin, 2 sou
DRAGON_SUIT = {RED: 0, WHITE: 1, GREEN: 2}


@dataclass(frozen=True, slots=True)
class Variant:
    """Which simplifications a training game uses (the default is the plain game)."""

    suits_ignored: bool = False
    dragons: DragonMode = "normal"

    def __post_init__(self) -> None:
        if self.dragons not in DRAGON_MODES:
            raise ValueError(f"dragons must be one of {', '.join(DRAGON_MODES)}, not {self.dragons!r}")

    @property
    def is_plain(self) -> bool:
        """True for the ordinary game with nothing simplified."""
        return not self.suits_ignored and self.dragons == "normal"

    def tile_class(self, kind: int) -> str:
        """The tile as this variant sees it, for comparing answers: with suits ignored a number
        tile is its rank (``"1"``..``"9"``), a dragon is ``"10"`` when dragons are tens and
        ``"joker"`` when they are jokers (every dragon is then the same tile); otherwise the
        tile itself (its MPSZ name)."""
        if self.suits_ignored:
            if kind < 27:
                return str(kind % 9 + 1)
            if kind >= 31 and self.dragons == "ten":
                return "10"
            if kind >= 31 and self.dragons == "joker":
                return "joker"
        return f"{kind % 9 + 1}{'mpsz'[kind // 9]}"

    def effective(self, riichi: bool) -> Variant:
        """The variant in force: riichi turns jokers back into ordinary dragons."""
        if riichi and self.dragons == "joker":
            return Variant(self.suits_ignored, "normal")
        return self


class Group(NamedTuple):
    """One independent group of the variant's tile space: counts per rank, whether runs
    exist, the copy limit per rank, and how many jokers may fill it."""

    counts: tuple[int, ...]
    runs: bool
    limits: tuple[int, ...]
    jokers: int = 0


class Lane(NamedTuple):
    """One independent part of a variant's tile space: its positions in order (each the real
    kinds that count as that rank: ``(0, 9, 18)`` is the rank 1 with suits ignored), whether runs
    exist, and the dragons that stand in it as jokers."""

    ranks: tuple[tuple[int, ...], ...]
    runs: bool
    jokers: tuple[int, ...] = ()


@cache
def variant_lanes(v: Variant) -> tuple[Lane, ...]:
    """The lanes of a variant's tile space, number lanes first, then the honors: one lane of nine
    ranks with suits ignored (ten with dragons as tens), else one per suit (a suit's dragon as its
    ten, or as its joker); the winds, and the dragons when they are ordinary honors, without runs."""
    winds = tuple((k,) for k in range(27, 31))
    dragons = ((WHITE,), (GREEN,), (RED,))
    lanes: list[Lane] = []
    if v.suits_ignored:
        ranks = tuple((r, 9 + r, 18 + r) for r in range(9))
        tens = ((WHITE, GREEN, RED),) if v.dragons == "ten" else ()
        lanes.append(Lane(ranks + tens, True, (WHITE, GREEN, RED) if v.dragons == "joker" else ()))
    else:
        for suit in range(3):
            dragon = next(d for d, s in DRAGON_SUIT.items() if s == suit)
            ten = ((dragon,),) if v.dragons == "ten" else ()
            lanes.append(Lane(tuple((suit * 9 + r,) for r in range(9)) + ten, True,
                              (dragon,) if v.dragons == "joker" else ()))
    lanes.append(Lane(winds + (dragons if v.dragons == "normal" else ()), False))
    return tuple(lanes)


def _groups(counts: list[int], used: list[int], v: Variant) -> list[Group]:
    """Split 34 counts into the variant's groups (:func:`variant_lanes`); ``used`` are copies
    already in melds."""
    return [Group(tuple(sum(counts[k] for k in kinds) for kinds in lane.ranks), lane.runs,
                  tuple(4 * len(kinds) - sum(used[k] for k in kinds) for kinds in lane.ranks),
                  sum(counts[k] for k in lane.jokers))
            for lane in variant_lanes(v)]


@lru_cache(maxsize=1 << 16)
def _group_vector(g: Group) -> Vector:
    """Replacement vector of one group, jokers already spent on missing tiles: a nine-rank
    suit with the normal limit from the shipped table, other run groups from the memoised
    rank DP (:mod:`trainer.engine.rank_table`), honors from the honor memo."""
    for c, lim in zip(g.counts, g.limits, strict=True):
        if c > lim:
            raise ValueError(f"{c} copies of one tile where only {lim} exist in this variant")
    if not g.runs:
        vec = honor_vector(g.counts, g.limits)
    elif len(g.counts) == PATTERN_RANKS and all(lim == 4 for lim in g.limits):
        vec = vector_of(table_vector_id(g.counts))
    else:
        vec = rank_vector(g.counts, g.limits)
    if g.jokers:  # a joker fills one missing tile of its group (within the copy limits)
        vec = tuple(max(0, x - g.jokers) for x in vec)
    return vec


_combine = lru_cache(maxsize=1 << 16)(combine)


def _total(groups: list[Group]) -> Vector:
    total: Vector | None = None
    for g in groups:
        vec = _group_vector(g)
        total = vec if total is None else _combine(total, vec)
    assert total is not None
    return total


def _check_sets(counts34: Sequence[int], sets_needed: int | None, extra: int = 0) -> int:
    """The sets a hand of these counts (plus ``extra`` tiles) needs, checked."""
    if len(counts34) != NUM_KINDS:
        raise ValueError(f"expected 34 tile counts, got {len(counts34)}")
    if sets_needed is None:
        sets_needed = sets_needed_for(sum(counts34) + extra)
    if not 0 <= sets_needed <= MAX_SETS:
        raise ValueError(f"a hand needs 0..4 sets, not {sets_needed}")
    return sets_needed


def variant_shanten_counts(
    counts34: Sequence[int], variant: Variant, sets_needed: int | None = None,
    meld_counts34: Sequence[int] | None = None,
) -> int:
    """Standard-form shanten of 34 concealed counts in a variant (``meld_counts34``: copies
    already in declared melds, which the hand cannot draw again)."""
    sets_needed = _check_sets(counts34, sets_needed)
    used = meld_counts34 if meld_counts34 is not None else [0] * NUM_KINDS
    return _total(_groups(list(counts34), list(used), variant))[5 + sets_needed] - 1


def _place(kind: int, v: Variant) -> tuple[int, int | None]:
    """Where a kind sits in :func:`_groups`: (group index, rank index), rank None for a joker."""
    return _places(v)[kind]


@cache
def _places(v: Variant) -> dict[int, tuple[int, int | None]]:
    """Every kind's place in the variant's lanes (:func:`variant_lanes`), as :func:`_place` gives it."""
    out: dict[int, tuple[int, int | None]] = {}
    for g, lane in enumerate(variant_lanes(v)):
        out.update({k: (g, r) for r, kinds in enumerate(lane.ranks) for k in kinds})
        out.update({k: (g, None) for k in lane.jokers})
    return out


def _changed(g: Group, rank: int | None, delta: int) -> Group:
    if rank is None:
        return g._replace(jokers=g.jokers + delta)
    counts = list(g.counts)
    counts[rank] += delta
    return g._replace(counts=tuple(counts))


class _After:
    """The groups of one hand and what is known of its neighbours: for each group the
    combination of all the other groups' vectors, and shanten per changed place."""

    __slots__ = ("groups", "others", "shanten")

    def __init__(self, groups: tuple[Group, ...]) -> None:
        self.groups = groups
        self.others: list[Vector | None] = []
        for i in range(len(groups)):
            rest: Vector | None = None
            for j, g in enumerate(groups):
                if j != i:
                    vec = _group_vector(g)
                    rest = vec if rest is None else _combine(rest, vec)
            self.others.append(rest)
        self.shanten: dict[tuple[int, int | None, int, int], int] = {}

    def after(self, place: tuple[int, int | None], delta: int, sets_needed: int) -> int:
        key = (*place, delta, sets_needed)
        s = self.shanten.get(key)
        if s is None:
            gi, rank = place
            vec = _group_vector(_changed(self.groups[gi], rank, delta))
            rest = self.others[gi]
            total = vec if rest is None else _combine(rest, vec)
            s = self.shanten[key] = total[5 + sets_needed] - 1
        return s


@lru_cache(maxsize=4096)
def _after_of(groups: tuple[Group, ...]) -> _After:
    return _After(groups)


def _shanten_after(
    counts34: Sequence[int], variant: Variant, sets_needed: int, meld_counts34: Sequence[int] | None, delta: int,
) -> dict[int, int]:
    """Shanten of the counts with one tile of each kind added (``delta`` +1, kinds with a copy
    still unseen) or taken away (-1, kinds held).  Kinds that are the same tile in the variant
    (3m, 3p, 3s with suits ignored; the jokers of one group) are computed once, and only the
    group the tile belongs to is recomputed; hands that are the same in the variant share
    their answers."""
    used = list(meld_counts34) if meld_counts34 is not None else [0] * NUM_KINDS
    memo = _after_of(tuple(_groups(list(counts34), used, variant)))
    out: dict[int, int] = {}
    for k in range(NUM_KINDS):
        if (delta > 0 and counts34[k] + used[k] >= 4) or (delta < 0 and counts34[k] <= 0):
            continue
        out[k] = memo.after(_place(k, variant), delta, sets_needed)
    return out


def variant_shanten_after_draws(
    counts34: Sequence[int], variant: Variant, sets_needed: int | None = None,
    meld_counts34: Sequence[int] | None = None,
) -> dict[int, int]:
    """For every kind the hand could still draw (fewer than four copies held, melds
    included): the variant shanten of the concealed counts with that tile added.
    ``sets_needed`` is that of the hand after the draw (default: from its size)."""
    return _shanten_after(counts34, variant, _check_sets(counts34, sets_needed, +1), meld_counts34, +1)


def variant_shanten_after_discards(
    counts34: Sequence[int], variant: Variant, sets_needed: int | None = None,
    meld_counts34: Sequence[int] | None = None,
) -> dict[int, int]:
    """For every kind held: the variant shanten of the concealed counts with one copy thrown
    back.  ``sets_needed`` is that of the hand after the discard (default: from its size)."""
    return _shanten_after(counts34, variant, _check_sets(counts34, sets_needed, -1), meld_counts34, -1)


def _meld_counts(hand: Hand) -> list[int]:
    used = [0] * NUM_KINDS
    for m in hand.melds:
        for t in m.tiles:
            used[t.kind] += 1
    return used


def variant_shanten(hand: Hand, variant: Variant, *, riichi: bool = False) -> int:
    """Shanten of a hand in a training variant (-1 complete, 0 tenpai).  ``riichi`` cancels
    dragon jokers.  The plain variant gives the usual shanten, seven pairs and kokushi included."""
    v = variant.effective(riichi)
    if v.is_plain:
        return shanten(hand)
    return variant_shanten_counts(
        hand.counts(), v, sets_needed_for(len(hand.concealed)), _meld_counts(hand)
    )


def variant_waits(hand: Hand, variant: Variant, *, riichi: bool = False) -> tuple[int, ...]:
    """The kinds (0..33) that complete a waiting hand (3n+1 tiles) in a variant: every tile
    the set still has a copy of whose draw brings the variant shanten to -1.  With suits
    ignored all three suits of a winning rank appear; with jokers a joker that completes the
    hand is itself a winning tile."""
    n = len(hand.concealed)
    if n % 3 != 1:
        raise ValueError(f"waits are for a hand waiting for a tile (3n+1 concealed tiles), not {n}")
    v = variant.effective(riichi)
    if v.is_plain:
        from trainer.engine.waits import waits

        return tuple(waits(hand))
    counts, used, need = hand.counts(), _meld_counts(hand), sets_needed_for(n + 1)
    if variant_shanten_counts(counts, v, need, used) > 0:
        return ()  # one tile lowers the shanten by one at most: not tenpai, no waits
    after = variant_shanten_after_draws(counts, v, need, used)
    return tuple(k for k, s in after.items() if s == -1)


__all__ = [
    "DRAGON_MODES",
    "DragonMode",
    "Group",
    "Lane",
    "Variant",
    "variant_lanes",
    "variant_shanten",
    "variant_shanten_after_discards",
    "variant_shanten_after_draws",
    "variant_shanten_counts",
    "variant_waits",
]
