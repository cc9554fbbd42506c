"""Splits of a complete hand into sets and a pair, as plain integers: the scorer's hot path.

:func:`splits` gives every (runs, triplets, pair, concealed-triplet fu, places)
split of the concealed tiles, where *places* says where the winning tile can
sit: ``(WaitShape, first kind of the group it completes)``, in the order
:func:`trainer.engine.waits.placements` lists them.  It reads the per-suit
decompositions memoised by :mod:`trainer.engine.decompose` and memoises, per
suit pattern, the options already converted to kinds, fu and places, so a
hand costs four dictionary look-ups.  ``tests/test_yaku.py`` checks that the
result equals ``decompose.readings()`` x ``waits.placements()`` exactly.
"""

from __future__ import annotations

from itertools import product

from trainer.engine.decompose import _suit_sets, _suit_with_pair
from trainer.engine.waits import WaitShape

YAO = tuple(k >= 27 or k % 9 in (0, 8) for k in range(34))
"""YAO[kind]: the kind is a terminal or an honor (yaochuuhai)."""

_SUITS = ((0, 9, False), (9, 18, False), (18, 27, False), (27, 34, True))
_RUN_SHAPES = {
    # (rank of the run's first tile, position of the winning tile) -> shape
    **{(r, 0): WaitShape.RYANMEN for r in range(6)},
    (6, 0): WaitShape.PENCHAN,
    **{(r, 1): WaitShape.KANCHAN for r in range(7)},
    (0, 2): WaitShape.PENCHAN,
    **{(r, 2): WaitShape.RYANMEN for r in range(1, 7)},
}


_SUIT_ENTRIES: tuple[dict, dict, dict, dict] = ({}, {}, {}, {})
_E0, _E1, _E2, _E3 = _SUIT_ENTRIES
_BAD = (False, ())
_SHANPON = WaitShape.SHANPON
_TANKI = WaitShape.TANKI


def _option(lo: int, dec: tuple[int, ...], pair: int) -> tuple:
    """One split of one suit: (runs, triplets, pair, concealed-triplet fu, places by winning kind).

    ``places`` maps each kind of the suit to where that tile can sit as the
    winning tile, in the order waits.placements() lists them: the pair (tanki),
    a triplet (shanpon), then each distinct run holding it."""
    runs = tuple(lo + c - 9 for c in dec if c >= 9)
    trips = tuple(lo + c for c in dec if c < 9)
    places: dict[int, tuple] = {}
    for w in range(lo, lo + (7 if lo == 27 else 9)):
        out = []
        if pair == w:
            out.append((_TANKI, w))
        if w in trips:
            out.append((_SHANPON, w))
        for r in sorted(set(runs)):
            if r <= w <= r + 2:
                out.append((_RUN_SHAPES[(r % 9, w - r)], r))
        if out:
            places[w] = tuple(out)
    trip_fu = sum(8 if YAO[t] else 4 for t in trips)
    return (runs, trips, pair, trip_fu, places)


def _suit_entry(i: int, sc: tuple[int, ...]) -> tuple[bool, tuple]:
    """(holds the pair, options) for one suit's counts, from decompose's memoised tables;
    ``_BAD`` when the suit cannot be split (3n+1 tiles, or no split)."""
    lo, _, honors = _SUITS[i]
    rem = sum(sc) % 3
    if rem == 1:
        entry = _BAD
    elif rem == 2:
        opts = [_option(lo, dec, lo + pr) for pr, decs in _suit_with_pair(sc, honors) for dec in decs]
        entry = (True, tuple(opts)) if opts else _BAD
    else:
        opts = [_option(lo, dec, -1) for dec in _suit_sets(sc, honors)]
        entry = (False, tuple(opts)) if opts else _BAD
    _SUIT_ENTRIES[i][sc] = entry
    return entry


def splits(c: list[int], w: int) -> list[tuple]:
    """Every (runs, triplets, pair, concealed-triplet fu, places of the winning kind ``w``) split of
    the concealed counts into sets and one pair (the four suits unrolled: this is the hot path)."""
    e0 = _E0.get(s0 := tuple(c[0:9])) or _suit_entry(0, s0)
    e1 = _E1.get(s1 := tuple(c[9:18])) or _suit_entry(1, s1)
    e2 = _E2.get(s2 := tuple(c[18:27])) or _suit_entry(2, s2)
    e3 = _E3.get(s3 := tuple(c[27:34])) or _suit_entry(3, s3)
    o0, o1, o2, o3 = e0[1], e1[1], e2[1], e3[1]
    if not (o0 and o1 and o2 and o3) or e0[0] + e1[0] + e2[0] + e3[0] != 1:
        return []
    ws = w // 9
    if len(o0) == len(o1) == len(o2) == len(o3) == 1:
        r0, t0, p0, f0, l0 = o0[0]
        r1, t1, p1, f1, l1 = o1[0]
        r2, t2, p2, f2, l2 = o2[0]
        _, t3, p3, f3, l3 = o3[0]
        places = (l0, l1, l2, l3)[ws].get(w, ())
        return [([*r0, *r1, *r2], [*t0, *t1, *t2, *t3], max(p0, p1, p2, p3), f0 + f1 + f2 + f3, places)]
    out = []
    for combo in product(o0, o1, o2, o3):
        runs: list[int] = []
        trips: list[int] = []
        pair = -1
        fu = 0
        for r, t, p, f, _ in combo:
            runs += r
            trips += t
            fu += f
            if p >= 0:
                pair = p
        out.append((runs, trips, pair, fu, combo[ws][4].get(w, ())))
    return out


__all__ = ["YAO", "splits"]
