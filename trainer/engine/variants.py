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

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, NamedTuple

from trainer.engine.hand import Hand
from trainer.engine.shanten import sets_needed_for, shanten
from trainer.engine.suit_table import MAX_SETS, combine, suit_vector
from trainer.engine.tiles import GREEN, NUM_KINDS, RED, WHITE, Tile

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


def _groups(counts: list[int], used: list[int], v: Variant) -> list[Group]:
    """Split 34 counts into the variant's groups; ``used`` are copies already in melds."""

    def limits(ranks: list[list[int]]) -> tuple[int, ...]:
        return tuple(4 * len(kinds) - sum(used[k] for k in kinds) for kinds in ranks)

    def group(ranks: list[list[int]], runs: bool, jokers: int = 0) -> Group:
        return Group(tuple(sum(counts[k] for k in kinds) for kinds in ranks), runs, limits(ranks), jokers)

    winds = [[k] for k in range(27, 31)]
    dragons = [[WHITE], [GREEN], [RED]]
    out: list[Group] = []
    if v.suits_ignored:
        ranks = [[r, 9 + r, 18 + r] for r in range(9)]
        jokers = 0
        if v.dragons == "ten":
            ranks.append([WHITE, GREEN, RED])
        elif v.dragons == "joker":
            jokers = counts[WHITE] + counts[GREEN] + counts[RED]
        out.append(group(ranks, True, jokers))
    else:
        for suit in range(3):
            ranks = [[suit * 9 + r] for r in range(9)]
            dragon = next(d for d, s in DRAGON_SUIT.items() if s == suit)
            jokers = 0
            if v.dragons == "ten":
                ranks.append([dragon])
            elif v.dragons == "joker":
                jokers = counts[dragon]
            out.append(group(ranks, True, jokers))
    out.append(group(winds + (dragons if v.dragons == "normal" else []), False))
    return out


@lru_cache(maxsize=65536)
def _group_vector(g: Group) -> tuple[int, ...]:
    for c, lim in zip(g.counts, g.limits, strict=True):
        if c > lim:
            raise ValueError(f"{c} copies of one tile where only {lim} exist in this variant")
    vec = suit_vector(g.counts, runs=g.runs, limits=g.limits)
    if g.jokers:
        vec = tuple(max(0, x - g.jokers) for x in vec)
    return vec


def variant_shanten_counts(
    counts34: list[int], variant: Variant, sets_needed: int | None = None, meld_counts34: list[int] | None = None
) -> int:
    """Standard-form shanten of 34 concealed counts in a variant (``meld_counts34``: copies
    already in declared melds, which the hand cannot draw again)."""
    if len(counts34) != NUM_KINDS:
        raise ValueError(f"expected 34 tile counts, got {len(counts34)}")
    if sets_needed is None:
        sets_needed = sets_needed_for(sum(counts34))
    if not 0 <= sets_needed <= MAX_SETS:
        raise ValueError(f"a hand needs 0..4 sets, not {sets_needed}")
    used = meld_counts34 if meld_counts34 is not None else [0] * NUM_KINDS
    total: tuple[int, ...] | None = None
    for g in _groups(list(counts34), list(used), variant):
        vec = _group_vector(g)
        total = vec if total is None else combine(total, vec)
    assert total is not None
    return total[5 + sets_needed] - 1


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
    """The kinds (0..33) that complete a waiting hand (3n+1 tiles) in a variant, found by
    trying every tile the set has a copy of.  With suits ignored all three suits of a winning
    rank appear; with jokers a joker that completes the hand is itself a winning tile."""
    n = len(hand.concealed)
    if n % 3 != 1:
        raise ValueError(f"waits are for a hand waiting for a tile (3n+1 concealed tiles), not {n}")
    v = variant.effective(riichi)
    counts = hand.counts()
    held = hand.all_counts()
    used = _meld_counts(hand)
    need = sets_needed_for(n + 1)
    out = []
    for k in range(NUM_KINDS):
        if held[k] >= 4:
            continue
        counts[k] += 1
        if v.is_plain:
            done = shanten(Hand(tuple(sorted(hand.concealed + (Tile(k),))), hand.melds)) == -1
        else:
            done = variant_shanten_counts(counts, v, need, used) == -1
        counts[k] -= 1
        if done:
            out.append(k)
    return tuple(out)


__all__ = [
    "DRAGON_MODES",
    "DragonMode",
    "Group",
    "Variant",
    "variant_shanten",
    "variant_shanten_counts",
    "variant_waits",
]
