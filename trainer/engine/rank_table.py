"""Fast replacement vectors of one run-capable group of ranks, for the training variants.

:func:`trainer.engine.suit_table.suit_vector` is exact for any number of ranks and any copy
limits, but it runs the whole dynamic programme for every pattern: about 4 ms when suits are
ignored (one group of 9 or 10 ranks, up to 12 copies of a rank).  A kunto question asks the
engine about many neighbouring patterns (the hand with one tile more for every waiting rank,
the hand with one tile less for every throw-back), so that cost is paid again and again.

:func:`rank_vector` gives the same vector (a test compares them) by cutting the ranks in two
halves and memoising each half on its own:

* the *front* half ``F(prefix)`` — for every state of runs still open at the cut (runs started
  one and two ranks before it), the cheapest way to build m sets and p pairs from the front
  ranks (``p * 5 + m`` entries, exact counts, not yet made monotone);
* the *back* half ``B(suffix)`` — for every open-run state arriving at the cut, the cheapest
  way to finish those runs and build m further sets and p pairs from the back ranks.

Both are memoised per tuple of counts and limits, and each is built one rank at a time from
the memoised half one rank shorter.  Hands of up to 14 tiles have only a few thousand distinct
halves of four or five ranks, and they recur across hands, so after a short warm-up a new
pattern costs the join alone (a min-plus of the two halves per open-run state, itself
memoised) and a pattern one tile away from a known one at most a rank step more.  The whole
vector is memoised too.  Exactness: the same transitions as :func:`suit_vector` (runs, then
triplets and a pair at each rank, costs only for tiles beyond those held, copy limits per
rank, at most four sets), only grouped differently.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from trainer.engine.suit_table import MAX_SETS, VEC_LEN, Vector, suit_vector

_INF: Final = 1 << 20
_EMPTY: Final[Vector] = (0,) + (_INF,) * (VEC_LEN - 1)  # nothing built yet: 0 sets, 0 pairs, cost 0
# memo sizes: the halves of hands of up to 14 tiles are a few thousand patterns (5 ranks of
# up to 12 copies), vectors and joins many more; each memo is bounded
_HALVES: Final = 1 << 14
_MANY: Final = 1 << 16

# open-run states (runs started one rank back, runs started two ranks back): at most 4 sets
_STATES: Final = tuple((r1, r2) for r1 in range(MAX_SETS + 1) for r2 in range(MAX_SETS + 1 - r1))

StateMap = dict[tuple[int, int], Vector]


@lru_cache(maxsize=_MANY)
def _local(sub: Vector, runs_here: int, taken: int, h: int, lim: int) -> Vector:
    """What one rank adds on top of ``sub`` (the vector of the rest of the group):
    ``runs_here`` runs start at this rank and ``taken`` of its copies go to runs through it
    (those open before plus those started here); t triplets and q pairs more on top, each
    tile beyond the ``h`` held costing one, never more than ``lim`` copies.  Entry
    ``p * 5 + m`` counts the runs started here among the m sets."""
    cost0 = []
    cost1 = []
    for t in range(MAX_SETS + 1):
        need = taken + 3 * t
        cost0.append((need - h if need > h else 0) if need <= lim else _INF)
        need += 2
        cost1.append((need - h if need > h else 0) if need <= lim else _INF)
    out = [_INF] * VEC_LEN
    r = runs_here
    for m in range(MAX_SETS + 1 - r):
        a = sub[m]
        b = sub[5 + m]
        if a >= _INF and b >= _INF:
            continue
        for t in range(MAX_SETS + 1 - r - m):
            j = m + t + r
            c0 = cost0[t]
            if c0 < _INF:
                if a + c0 < out[j]:
                    out[j] = a + c0
                if b + c0 < out[5 + j]:
                    out[5 + j] = b + c0
            c1 = cost1[t]
            if c1 < _INF and a + c1 < out[5 + j]:
                out[5 + j] = a + c1
    return tuple(out)


@lru_cache(maxsize=_HALVES)
def _front(counts: tuple[int, ...], limits: tuple[int, ...]) -> StateMap:
    """Open-run state after the front ranks -> exact vector of what they built (runs may
    start at every rank here: the caller cuts at least two ranks before the end)."""
    if not counts:
        return {(0, 0): _EMPTY}
    prev = _front(counts[:-1], limits[:-1])
    h, lim = counts[-1], limits[-1]
    acc: dict[tuple[int, int], Vector] = {}
    for (r1, r2), vec in prev.items():
        base = r1 + r2
        for r in range(min(MAX_SETS - base, lim - base) + 1):
            got = _local(vec, r, base + r, h, lim)
            old = acc.get((r, r1))
            acc[(r, r1)] = got if old is None else tuple(map(min, old, got))
    return {st: v for st, v in acc.items() if min(v) < _INF}


@lru_cache(maxsize=_HALVES)
def _back(counts: tuple[int, ...], limits: tuple[int, ...]) -> StateMap:
    """Open-run state arriving at the back ranks -> exact vector of the sets they complete or
    build (runs can start only where two more ranks follow)."""
    n = len(counts)
    if n == 0:
        return {(0, 0): _EMPTY}
    rest = _back(counts[1:], limits[1:])
    h, lim = counts[0], limits[0]
    top_r = MAX_SETS if n >= 3 else 0
    out: StateMap = {}
    for r1, r2 in _STATES:
        base = r1 + r2
        if (r1 and n < 2) or base > lim:
            continue
        acc: Vector | None = None
        for r in range(min(top_r - base if top_r else 0, lim - base) + 1):
            sub = rest.get((r, r1))
            if sub is not None:
                got = _local(sub, r, base + r, h, lim)
                acc = got if acc is None else tuple(map(min, acc, got))
        if acc is not None and min(acc) < _INF:
            out[(r1, r2)] = acc
    return out


@lru_cache(maxsize=_MANY)
def _join(a: Vector, b: Vector) -> Vector:
    """Min-plus of two exact vectors: m sets and p pairs split between the halves."""
    out = [_INF] * VEC_LEN
    for p1 in (0, 1):
        for m1 in range(MAX_SETS + 1):
            x = a[p1 * 5 + m1]
            if x >= _INF:
                continue
            for p2 in (0, 1) if p1 == 0 else (0,):
                for m2 in range(MAX_SETS + 1 - m1):
                    y = b[p2 * 5 + m2]
                    if y < _INF and x + y < out[(p1 + p2) * 5 + m1 + m2]:
                        out[(p1 + p2) * 5 + m1 + m2] = x + y
    return tuple(out)


_VECTORS: dict[tuple[tuple[int, ...], tuple[int, ...]], Vector] = {}


def _rank_vector(counts: tuple[int, ...], limits: tuple[int, ...]) -> Vector:
    key = (counts, limits)
    got = _VECTORS.get(key)
    if got is not None:
        return got
    n = len(counts)
    # the front half must end two ranks before the last (runs start at every rank of it);
    # a cut in the middle keeps both halves short, so they recur across many hands
    cut = (n + 1) // 2 if n >= 4 else 0
    front = _front(counts[:cut], limits[:cut])
    back = _back(counts[cut:], limits[cut:])
    joined = [_join(fv, back[state]) for state, fv in front.items() if state in back]
    best = list(map(min, *joined)) if len(joined) > 1 else list(joined[0]) if joined else [_INF] * VEC_LEN
    # at least m sets and p pairs is as good as exactly: make the vector monotone
    for p in (0, 1):
        for m in range(MAX_SETS - 1, -1, -1):
            best[p * 5 + m] = min(best[p * 5 + m], best[p * 5 + m + 1])
    for m in range(MAX_SETS + 1):
        best[m] = min(best[m], best[5 + m])
    if len(_VECTORS) >= _MANY:
        _VECTORS.clear()
    vec = _VECTORS[key] = tuple(best)
    return vec


def rank_vector(counts: Sequence[int], limits: Sequence[int] | int = 4, *, runs: bool = True) -> Vector:
    """Replacement vector of one group of ranks (a suit, a suit with its dragon-ten, or all
    ranks when suits are ignored): entry ``p * 5 + m`` is the fewest tiles to add so the group
    holds m sets and p pairs without passing the copy limit of any rank.  Equal to
    :func:`~trainer.engine.suit_table.suit_vector`, and memoised (whole and by halves, so a
    pattern whose halves were seen before costs only the join).  ``runs=False`` (honors) is passed to :func:`suit_vector` directly."""
    cs = tuple(counts)
    lims = (limits,) * len(cs) if isinstance(limits, int) else tuple(limits)
    if len(lims) != len(cs):
        raise ValueError(f"{len(lims)} copy limits given for {len(cs)} ranks")
    if not runs:
        return suit_vector(cs, runs=False, limits=lims)
    return _rank_vector(cs, lims)


def cache_clear() -> None:
    """Forget every memoised half and vector (for benchmarks that time a cold start)."""
    for f in (_front, _back, _join, _local):
        f.cache_clear()
    _VECTORS.clear()


__all__ = ["cache_clear", "rank_vector"]
