"""Shanten (向聴数): how many tiles a hand is away from tenpai.

Shanten 0 is tenpai (one tile from a win), 1 is iishanten, and -1 means the hand
is already complete.  The number is exact: it is the replacement number (the
fewest tiles that must be drawn, each replacing a discarded one, to make a
complete hand) minus one, never counting on a fifth copy of a tile.  So a hand
holding all four copies of a tile cannot wait on it, and a declared pon of 1m
leaves only one 1m in the wall for the concealed part.

Three hand forms are considered:

* **standard** — sets (runs or triplets) and one pair.  A hand with ``c``
  concealed tiles needs ``c // 3`` sets plus the pair, so a 13-tile closed hand
  needs 4 sets, a hand with two declared melds (7 concealed tiles) 2 sets, and a
  4-tile training hand 1 set;
* **seven pairs** (chiitoitsu) — seven *different* pairs; four of a kind is one
  pair, not two.  Only for 13 or 14 concealed tiles (no melds);
* **thirteen orphans** (kokushi musou) — one of each terminal and honor plus a
  pair of one of them.  Only for 13 or 14 concealed tiles.

Speed: the standard form looks each suit up in a shipped table of replacement
vectors (:mod:`trainer.engine.suit_table`) and combines the four groups through
memoised min-plus products, a few dict look-ups per hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from operator import itemgetter
from typing import Final

from trainer.engine.hand import Hand
from trainer.engine.suit_table import (
    EMPTY_ID,
    ID_SHIFT,
    MAX_SETS,
    combine_ids,
    combined_table,
    honor_vector,
    suit_vector,
    table_vector_id,
    vector_id,
    vector_of,
)
from trainer.engine.tiles import NUM_KINDS, TERMINALS_AND_HONORS

STANDARD: Final = "standard"
SEVEN_PAIRS: Final = "seven_pairs"
THIRTEEN_ORPHANS: Final = "thirteen_orphans"
FORMS: Final = (STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS)

COMPLETE: Final = -1
TENPAI: Final = 0

_yaochuu = itemgetter(*TERMINALS_AND_HONORS)
_SUIT_IDS: dict[bytes, int] = {}
_HONOR_IDS: dict[bytes, int] = {}
_COMBINED = combined_table()
_VEC_CACHE: dict[int, tuple[int, ...]] = {}


def sets_needed_for(concealed: int) -> int:
    """Sets the concealed part must still form: ``concealed // 3`` (the rest are declared melds).

    A size that is a multiple of three (12, 9, ...) is not a playable hand and is refused."""
    if concealed % 3 == 0 or not 0 < concealed <= 14:
        raise ValueError(
            f"{concealed} concealed tiles is not a hand: use 3n+1 (1, 4, 7, 10, 13) or 3n+2 (2, 5, 8, 11, 14)"
        )
    return concealed // 3


def _suit_id(key: bytes) -> int:
    i = _SUIT_IDS.get(key)
    if i is None:
        i = _SUIT_IDS[key] = table_vector_id(key)
    return i


def _honor_id(key: bytes) -> int:
    i = _HONOR_IDS.get(key)
    if i is None:
        for c in key:
            if c > 4:
                raise ValueError(f"{c} copies of an honor tile: a set has only 4")
        i = _HONOR_IDS[key] = vector_id(honor_vector(list(key)))
    return i


def _vec(i: int) -> tuple[int, ...]:
    v = _VEC_CACHE.get(i)
    if v is None:
        v = _VEC_CACHE[i] = vector_of(i)
    return v


def _check34(counts: Sequence[int]) -> bytes:
    if len(counts) != NUM_KINDS:
        raise ValueError(f"expected 34 tile counts, got {len(counts)}")
    try:
        return bytes(counts)
    except ValueError:
        raise ValueError(f"tile counts must be 0..4, got {list(counts)}") from None


def shanten_counts(counts34: Sequence[int], sets_needed: int | None = None) -> int:
    """Shanten of concealed tiles given as 34 counts: the best of the standard form and, for
    13/14 tiles with 4 sets needed (no melds), seven pairs and thirteen orphans.

    ``sets_needed`` defaults to ``total // 3`` (declared melds are implied by a smaller
    total).  This is the fast entry point for bots and drill generators."""
    b = bytes(counts34)
    total = sum(b)
    if sets_needed is None:
        sets_needed = total // 3
    if len(b) != NUM_KINDS:
        raise ValueError(f"expected 34 tile counts, got {len(b)}")
    get = _SUIT_IDS.get
    k = b[0:9]
    a = get(k)
    if a is None:
        a = _suit_id(k)
    k = b[9:18]
    p = get(k)
    if p is None:
        p = _suit_id(k)
    k = b[18:27]
    s = get(k)
    if s is None:
        s = _suit_id(k)
    k = b[27:34]
    h = _HONOR_IDS.get(k)
    if h is None:
        h = _honor_id(k)
    comb = _COMBINED.get
    x = comb(a * ID_SHIFT + p)
    if x is None:
        x = combine_ids(a, p)
    y = comb(s * ID_SHIFT + h)
    if y is None:
        y = combine_ids(s, h)
    z = comb(x * ID_SHIFT + y)
    if z is None:
        z = combine_ids(x, y)
    v = _VEC_CACHE.get(z)
    if v is None:
        v = _vec(z)
    best = v[5 + sets_needed] - 1
    if sets_needed == MAX_SETS and total >= 13 and best > 0:
        kinds = NUM_KINDS - b.count(0)
        pairs = kinds - b.count(1)
        chiitoi = 6 - pairs + (7 - kinds if kinds < 7 else 0)
        if chiitoi < best:
            best = chiitoi
        yao = _yaochuu(b)
        kokushi = 13 - (13 - yao.count(0)) - (1 if max(yao) >= 2 else 0)
        if kokushi < best:
            best = kokushi
    return best


def standard_vector_id(counts34: Sequence[int], limits34: Sequence[int] | None = None) -> int:
    """Id of the replacement vector of a whole 34-count hand (standard form), for callers that
    combine groups themselves.  ``limits34`` are per-kind copy limits (default 4 each)."""
    b = _check34(counts34)
    if limits34 is None or all(x >= 4 for x in limits34):
        ids = [_suit_id(b[0:9]), _suit_id(b[9:18]), _suit_id(b[18:27]), _honor_id(b[27:34])]
    else:
        lim = tuple(min(4, x) for x in limits34)
        ids = [_limited_suit_id(b[i : i + 9], lim[i : i + 9]) for i in (0, 9, 18)]
        ids.append(vector_id(honor_vector(list(b[27:34]), list(lim[27:34]))))
    out = EMPTY_ID
    for i in ids:
        out = combine_ids(out, i)
    return out


@lru_cache(maxsize=65536)
def _limited_suit_id(key: bytes, limits: tuple[int, ...]) -> int:
    if all(x >= 4 for x in limits):
        return _suit_id(key)
    for c, lim in zip(key, limits, strict=True):
        if c > lim:
            raise ValueError(f"{c} copies of a tile with only {lim} left outside the melds")
    return vector_id(suit_vector(list(key), limits=limits))


def shanten_standard(
    counts: Sequence[int], sets_needed: int | None = None, *, limits: Sequence[int] | None = None
) -> int:
    """Shanten of the standard form (sets plus one pair) for 34 concealed-tile counts.

    ``sets_needed`` defaults to ``total // 3``; ``limits`` optionally caps each kind below four
    (copies already in declared melds), so the hand never counts on a tile that does not exist."""
    b = _check34(counts)
    if sets_needed is None:
        sets_needed = sets_needed_for(sum(b))
    if not 0 <= sets_needed <= MAX_SETS:
        raise ValueError(f"a hand needs 0..4 sets, not {sets_needed}")
    return vector_of(standard_vector_id(b, limits))[5 + sets_needed] - 1


def shanten_seven_pairs(counts: Sequence[int]) -> int:
    """Shanten of seven pairs (chiitoitsu): seven different pairs; four of a kind counts once.

    Applies to 13 or 14 concealed tiles only."""
    b = _check34(counts)
    if sum(b) not in (13, 14):
        raise ValueError(f"seven pairs needs 13 or 14 concealed tiles, not {sum(b)}")
    kinds = NUM_KINDS - b.count(0)
    pairs = kinds - b.count(1)
    return 6 - pairs + max(0, 7 - kinds)


def shanten_orphans(counts: Sequence[int]) -> int:
    """Shanten of thirteen orphans (kokushi musou): every terminal and honor once plus a pair of one.

    Applies to 13 or 14 concealed tiles only."""
    b = _check34(counts)
    if sum(b) not in (13, 14):
        raise ValueError(f"thirteen orphans needs 13 or 14 concealed tiles, not {sum(b)}")
    yao = _yaochuu(b)
    return 13 - (13 - yao.count(0)) - (1 if max(yao) >= 2 else 0)


def meld_limits(hand: Hand) -> list[int] | None:
    """Copies of each kind NOT already in the hand's declared melds (None when there are no melds)."""
    if not hand.melds:
        return None
    lim = [4] * NUM_KINDS
    for m in hand.melds:
        for t in m.tiles:
            lim[t.kind] -= 1
    return lim


def shanten_by_form(hand: Hand) -> dict[str, int]:
    """Shanten of each hand form that can apply: always "standard"; "seven_pairs" and
    "thirteen_orphans" only for a hand without melds of 13 or 14 tiles (absent otherwise)."""
    counts = hand.counts()
    n = len(hand.concealed)
    out = {STANDARD: shanten_standard(counts, sets_needed_for(n), limits=meld_limits(hand))}
    if not hand.melds and n in (13, 14):
        out[SEVEN_PAIRS] = shanten_seven_pairs(counts)
        out[THIRTEEN_ORPHANS] = shanten_orphans(counts)
    return out


def shanten(hand: Hand) -> int:
    """Shanten of a hand: the lowest over the forms that apply (-1 complete, 0 tenpai)."""
    if not hand.melds:
        counts = hand.counts()
        sets_needed_for(len(hand.concealed))
        if max(counts) > 4:
            raise ValueError("a hand holds at most 4 copies of a tile")
        return shanten_counts(counts)
    return min(shanten_by_form(hand).values())


__all__ = [
    "COMPLETE",
    "FORMS",
    "SEVEN_PAIRS",
    "STANDARD",
    "TENPAI",
    "THIRTEEN_ORPHANS",
    "meld_limits",
    "sets_needed_for",
    "shanten",
    "shanten_by_form",
    "shanten_counts",
    "shanten_orphans",
    "shanten_seven_pairs",
    "shanten_standard",
    "standard_vector_id",
]
