"""Replacement numbers of one suit: the building block of exact shanten.

For the tiles a hand holds in ONE suit (a *pattern*: a count per rank), the
*replacement vector* says, for every m = 0..4 sets and p = 0..1 pairs, the
smallest number of tiles that must be ADDED to the suit so that it contains m
sets (runs or triplets) and p pairs, never holding more than the copy limit of
a kind (4 in a real set).  Unused tiles cost nothing: they are the ones that
will be thrown away.  This is the "replacement number" of tomohxx and Nyanten;
summing the suits' vectors over every split of the sets and the pair and
subtracting one gives the exact shanten.

The vector is a tuple of 10 ints indexed ``p * 5 + m``.

Three ways to obtain a vector live here:

* :func:`suit_vector` — a dynamic programme over the ranks, for any suit length
  (9 ranks, 10 with dragons as tens), any copy limits (12 when suits are
  ignored, fewer when a declared meld already took copies), with or without runs
  (honors have none).  Exact; about a millisecond per pattern.
* the shipped table ``data/suit_table.zlib`` (built by
  :mod:`trainer.engine.suit_table_build`) for every 9-rank pattern of at most 14
  tiles with the normal limit of four: :func:`table_vector_id`.
* :func:`honor_vector` — honors, memoised by the sorted counts.

Vectors are interned: :func:`vector_id` gives every distinct vector a small int,
and :func:`combine_ids` memoises the min-plus combination of two vectors by id,
which is what makes shanten fast in pure Python.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Final

MAX_SETS: Final = 4
VEC_LEN: Final = 10  # index p * 5 + m, m = 0..4 sets, p = 0..1 pairs
PATTERN_RANKS: Final = 9
TABLE_MAX_TILES: Final = 14
TABLE_PATH: Final = Path(__file__).resolve().parent / "data" / "suit_table.zlib"
_NO_ENTRY: Final = 255
_INF: Final = 1 << 20

Vector = tuple[int, ...]


def suit_vector(
    counts: Sequence[int],
    *,
    runs: bool = True,
    limits: Sequence[int] | int = 4,
    max_sets: int = MAX_SETS,
) -> Vector:
    """Replacement vector of one suit by dynamic programming over its ranks.

    ``counts[i]`` is how many tiles of rank i+1 are held; ``runs`` says whether
    three consecutive ranks form a set (number suits yes, honors no);
    ``limits`` is the copy limit per rank (an int for all ranks).  Entry
    ``p * 5 + m`` is the fewest tiles to add so the suit holds m sets and p pairs
    within the limits, or a large number (``>= 2**20``) when that is impossible.
    """
    n = len(counts)
    lims = [limits] * n if isinstance(limits, int) else list(limits)
    if len(lims) != n:
        raise ValueError(f"{len(lims)} copy limits given for {n} ranks")
    # state: (runs started one rank back, runs started two ranks back, sets, pairs) -> cost
    states: dict[tuple[int, int, int, int], int] = {(0, 0, 0, 0): 0}
    for i in range(n):
        h, lim = counts[i], lims[i]
        can_start_run = runs and i <= n - 3
        nxt: dict[tuple[int, int, int, int], int] = {}
        for (r1, r2, m, p), cost in states.items():
            base = r1 + r2
            if base > lim:
                continue
            room = max_sets - m
            max_r = min(room, lim - base) if can_start_run else 0
            for r in range(max_r + 1):
                for t in range((lim - base - r) // 3 + 1):
                    if r + t > room:
                        break
                    for q in (0, 1) if p == 0 else (0,):
                        need = base + r + 3 * t + 2 * q
                        if need > lim:
                            break
                        key = (r, r1, m + r + t, p + q)
                        c = cost + (need - h if need > h else 0)
                        old = nxt.get(key)
                        if old is None or c < old:
                            nxt[key] = c
        states = nxt
    vec = [_INF] * VEC_LEN
    for (r1, r2, m, p), cost in states.items():
        if r1 == 0 and r2 == 0 and m <= MAX_SETS:
            j = p * 5 + m
            if cost < vec[j]:
                vec[j] = cost
    # "exactly m sets" and "at least m sets" give the same minimum; make the vector monotone
    for p in (0, 1):
        for m in range(MAX_SETS - 1, -1, -1):
            vec[p * 5 + m] = min(vec[p * 5 + m], vec[p * 5 + m + 1])
    for m in range(MAX_SETS + 1):
        vec[m] = min(vec[m], vec[5 + m])
    return tuple(vec)


def combine(a: Vector, b: Vector) -> Vector:
    """Min-plus combination of two groups' vectors: the best split of m sets and p pairs
    between the two groups (written out term by term: this is the cold path of shanten)."""
    a0, a1, a2, a3, a4, a5, a6, a7, a8, a9 = a
    b0, b1, b2, b3, b4, b5, b6, b7, b8, b9 = b
    return (
        a0 + b0,
        min(a0 + b1, a1 + b0),
        min(a0 + b2, a1 + b1, a2 + b0),
        min(a0 + b3, a1 + b2, a2 + b1, a3 + b0),
        min(a0 + b4, a1 + b3, a2 + b2, a3 + b1, a4 + b0),
        min(a0 + b5, a5 + b0),
        min(a0 + b6, a1 + b5, a5 + b1, a6 + b0),
        min(a0 + b7, a1 + b6, a2 + b5, a5 + b2, a6 + b1, a7 + b0),
        min(a0 + b8, a1 + b7, a2 + b6, a3 + b5, a5 + b3, a6 + b2, a7 + b1, a8 + b0),
        min(a0 + b9, a1 + b8, a2 + b7, a3 + b6, a4 + b5, a5 + b4, a6 + b3, a7 + b2, a8 + b1, a9 + b0),
    )


def combine_general(a: Vector, b: Vector) -> Vector:
    """The same combination by the definition (loops over every split): the reference the
    written-out :func:`combine` is tested against."""
    out = []
    for p in (0, 1):
        for m in range(MAX_SETS + 1):
            best = _INF
            for p1 in range(p + 1):
                p2 = p - p1
                for m1 in range(m + 1):
                    v = a[p1 * 5 + m1] + b[p2 * 5 + m - m1]
                    if v < best:
                        best = v
            out.append(best)
    return tuple(out)


_VECTORS: list[Vector] = []
_VECTOR_IDS: dict[Vector, int] = {}
_COMBINED: dict[int, int] = {}
ID_SHIFT: Final = 1 << 16


def vector_id(vec: Vector) -> int:
    """The small int standing for a vector (interned on first sight)."""
    i = _VECTOR_IDS.get(vec)
    if i is None:
        i = len(_VECTORS)
        _VECTORS.append(vec)
        _VECTOR_IDS[vec] = i
    return i


def vector_of(i: int) -> Vector:
    """The vector an id stands for."""
    return _VECTORS[i]


def vector_list() -> list[Vector]:
    """The live list of interned vectors, indexed by id (for inlined fast paths; do not modify)."""
    return _VECTORS


def combine_ids(a: int, b: int) -> int:
    """Id of the combination of the vectors with ids ``a`` and ``b`` (memoised)."""
    key = a * ID_SHIFT + b
    r = _COMBINED.get(key)
    if r is None:
        r = _COMBINED[key] = vector_id(combine(_VECTORS[a], _VECTORS[b]))
    return r


def combined_table() -> dict[int, int]:
    """The memo dict of :func:`combine_ids`, keyed ``a * ID_SHIFT + b`` (for inlined fast paths)."""
    return _COMBINED


EMPTY_ID: Final = vector_id(suit_vector([0] * PATTERN_RANKS))
"""Id of the vector of an empty suit (also the neutral start of a combination)."""


@lru_cache(maxsize=1)
def _table() -> tuple[bytes, tuple[int, ...]]:
    """Load the shipped table: (one byte per pattern index, table index -> vector id)."""
    try:
        raw = zlib.decompress(TABLE_PATH.read_bytes())
    except FileNotFoundError:
        raise RuntimeError(
            f"{TABLE_PATH} is missing: build it with `python3 -m trainer.engine.suit_table_build`"
        ) from None
    except zlib.error as e:
        raise RuntimeError(f"{TABLE_PATH} is corrupt ({e}): rebuild it with "
                           "`python3 -m trainer.engine.suit_table_build`") from None
    k = raw[0]
    vecs = [tuple(raw[1 + j * VEC_LEN : 1 + (j + 1) * VEC_LEN]) for j in range(k)]
    body = raw[1 + k * VEC_LEN :]
    if len(body) != 5**PATTERN_RANKS:
        raise RuntimeError(f"{TABLE_PATH}: expected {5**PATTERN_RANKS} patterns, found {len(body)}")
    return body, tuple(vector_id(v) for v in vecs)


def pattern_index(counts: Sequence[int]) -> int:
    """Base-5 index of a 9-rank pattern (rank 1 most significant), as the table stores it."""
    idx = 0
    for c in counts:
        idx = idx * 5 + c
    return idx


_BASE5_DIGITS: Final = bytes(48 + i if i < 5 else 120 for i in range(256))


def table_vector_id_fast(key: bytes) -> int:
    """Vector id of a 9-rank pattern given as 9 bytes, read straight from the shipped table (the
    base-5 index is parsed in C); falls back on :func:`table_vector_id` for anything unusual."""
    if len(key) == PATTERN_RANKS:
        try:
            idx = int(key.translate(_BASE5_DIGITS), 5)
        except ValueError:
            return table_vector_id(key)
        body, ids = _table()
        j = body[idx]
        if j != _NO_ENTRY:
            return ids[j]
    return table_vector_id(key)


def table_vector_id(counts: Sequence[int]) -> int:
    """Vector id of a 9-rank pattern with counts 0..4 from the shipped table."""
    if len(counts) != PATTERN_RANKS:
        raise ValueError(f"a suit pattern has 9 ranks, not {len(counts)}")
    for c in counts:
        if not 0 <= c <= 4:
            raise ValueError(f"a suit pattern count must be 0..4, not {c}")
    body, ids = _table()
    j = body[pattern_index(counts)]
    if j == _NO_ENTRY:  # more than 14 tiles in one suit: outside any hand, compute directly
        return vector_id(suit_vector(counts))
    return ids[j]


@lru_cache(maxsize=4096)
def _honor_vector_sorted(counts: tuple[int, ...], limits: tuple[int, ...]) -> Vector:
    return suit_vector(counts, runs=False, limits=limits)


def honor_vector(counts: Sequence[int], limits: Sequence[int] | int = 4) -> Vector:
    """Replacement vector of honor tiles (no runs); order does not matter, so it is memoised
    by the sorted (count, limit) pairs."""
    lims = [limits] * len(counts) if isinstance(limits, int) else list(limits)
    pairs = sorted(zip(counts, lims, strict=True), reverse=True)
    return _honor_vector_sorted(tuple(c for c, _ in pairs), tuple(lim for _, lim in pairs))


__all__ = [
    "EMPTY_ID",
    "MAX_SETS",
    "VEC_LEN",
    "combine",
    "combine_general",
    "combine_ids",
    "honor_vector",
    "pattern_index",
    "suit_vector",
    "table_vector_id",
    "table_vector_id_fast",
    "vector_id",
    "vector_of",
]
