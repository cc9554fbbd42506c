"""Plans: the hands of 8 points or more a hand can head for, and how far it is from each.

MCR needs 8 points without flowers, so a player picks a *plan* early: a fan (or two) that
reaches 8 by itself, such as Mixed Straight (8), Full Flush (24), Seven Pairs (24), Half
Flush with a dragon or own-wind pung (6 + 2), All Pungs with one (6 + 2).  Each plan is
a target shape; its *distance* is the shanten toward that shape only: the tiles the plan
needs and does not have, plus the shanten of the rest (``-1`` complete, ``0`` one tile
away).  Bots discard towards the nearest plan and the coach names it.

Plans are tried on the concealed 34 counts plus the declared melds (a meld outside a plan
rules it out; seven pairs and the knitted and orphan hands need a concealed hand).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import permutations

from trainer.engine.hand import Meld, MeldKind
from trainer.engine.mcr.forms import KNITTED_STRAIGHTS
from trainer.engine.mcr.shanten import shanten_honors_knitted, shanten_seven_pairs_mcr
from trainer.engine.shanten import shanten_orphans, shanten_standard

FAR = 99


@dataclass(frozen=True, slots=True)
class Plan:
    """A target: ``fans`` the fan ids it is built on (the first names it), ``value`` the
    points they give together, ``distance`` the shanten toward it."""

    fans: tuple[str, ...]
    value: int
    distance: int
    detail: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class _Chows:
    fans: tuple[str, ...]
    value: int
    chows: tuple[int, ...]  # lowest kinds of the three chows (or a knitted straight's index)
    knitted: bool = False


@cache
def _chow_plans() -> tuple[_Chows, ...]:
    out = []
    for s in range(3):
        out.append(_Chows(("pure_straight",), 16, (s * 9, s * 9 + 3, s * 9 + 6)))
    for suits in permutations(range(3)):
        out.append(_Chows(("mixed_straight",), 8, tuple(suits[i] * 9 + 3 * i for i in range(3))))
    for r in range(7):
        out.append(_Chows(("mixed_triple_chow",), 8, (r, 9 + r, 18 + r)))
    for n in range(len(KNITTED_STRAIGHTS)):
        out.append(_Chows(("knitted_straight",), 12, (n,), knitted=True))
    return tuple(out)


def _meld_chow(m: Meld) -> int | None:
    return m.first if m.kind is MeldKind.CHI else None


def _chow_plan(p: _Chows, counts: list[int], melds: Sequence[Meld], seen: Sequence[int]) -> int:
    rest = list(counts)
    missing = 0
    need_tiles: list[int] = []
    other_melds = 0
    chows = list(p.chows)
    for m in melds:
        c = _meld_chow(m)
        if not p.knitted and c is not None and c in chows:
            chows.remove(c)
        else:
            other_melds += 1
    if other_melds > 1:
        return FAR
    if p.knitted:
        need_tiles = list(KNITTED_STRAIGHTS[p.chows[0]])
    else:
        for c in chows:
            need_tiles.extend((c, c + 1, c + 2))
    for k in need_tiles:
        if rest[k]:
            rest[k] -= 1
        else:
            if seen[k] >= 4:
                return FAR  # every copy is already in sight
            missing += 1
    return missing + shanten_standard(rest, 1 - other_melds)


def _flush_plan(counts: list[int], melds: Sequence[Meld], suit: int, honors: bool, pung: int | None,
                seen: Sequence[int]) -> int:
    """Full flush (``honors`` False) or half flush with the pung of ``pung``."""
    lo, hi = suit * 9, suit * 9 + 9
    allowed = set(range(lo, hi)) | (set(range(27, 34)) if honors else set())
    sets = 4 - len(melds)
    have_pung = False
    for m in melds:
        if m.first not in allowed:
            return FAR
        if pung is not None and m.kind is not MeldKind.CHI and m.first == pung:
            have_pung = True
    rest = [c if k in allowed else 0 for k, c in enumerate(counts)]
    missing = 0
    if pung is not None and not have_pung:
        held = min(rest[pung], 3)
        if 3 - held > 4 - seen[pung]:
            return FAR  # not enough copies left
        missing = 3 - held
        rest[pung] -= held
        sets -= 1
        if sets < 0:
            return FAR
    return missing + shanten_standard(rest, sets)


def _pungs_plan(counts: list[int], melds: Sequence[Meld], pung: int, seen: Sequence[int]) -> int:
    """All Pungs with the pung of ``pung``: every set a pung, the pair anything."""
    if any(m.kind is MeldKind.CHI for m in melds):
        return FAR
    need = 4 - len(melds)
    have = [min(c, 3) for c in counts]
    missing = 0
    if not any(m.first == pung for m in melds):
        if 3 - have[pung] > 4 - seen[pung]:
            return FAR  # not enough copies left
        missing += 3 - have[pung]
        have[pung] = -1
        need -= 1
        if need < 0:
            return FAR
    best = FAR
    ranked = sorted((c for c in have if c >= 0), reverse=True)
    # the pair from the best kind left over, or from a kind held once or not at all
    for pair_at in range(min(len(ranked), need + 1)):
        pair_have = min(ranked[pair_at], 2)
        others = [c for i, c in enumerate(ranked) if i != pair_at][:need]
        best = min(best, sum(3 - c for c in others) + 2 - pair_have)
    return missing + best - 1


def value_honors(seat_wind: int, round_wind: int) -> tuple[int, ...]:
    """Honors whose pung is worth 2 points: the dragons, the seat wind, the prevalent wind."""
    return tuple(sorted({31, 32, 33, seat_wind, round_wind}))


def plans(counts: list[int], melds: Sequence[Meld], seat_wind: int, round_wind: int,
          seen: Sequence[int] | None = None) -> list[Plan]:
    """Every plan the hand can still take, nearest first (then the most valuable).
    ``counts``: the concealed tiles; ``seen``: copies of each kind in sight (own tiles
    included), so a plan needing a tile all four of which are out of reach is left out."""
    seen = seen if seen is not None else counts
    out: list[Plan] = []
    for p in _chow_plans():
        if p.knitted and (len(melds) > 1):
            continue
        d = _chow_plan(p, counts, melds, seen)
        if d < FAR:
            out.append(Plan(p.fans, p.value, d, p.chows))
    honors = value_honors(seat_wind, round_wind)
    for suit in range(3):
        d = _flush_plan(counts, melds, suit, False, None, seen)
        if d < FAR:
            out.append(Plan(("full_flush",), 24, d, (suit,)))
        for h in honors:
            d = _flush_plan(counts, melds, suit, True, h, seen)
            if d < FAR:
                fans = _honor_fans(h, seat_wind, round_wind)
                out.append(Plan(("half_flush", *fans), 6 + 2 * len(fans), d, (suit, h)))
    for h in honors:
        d = _pungs_plan(counts, melds, h, seen)
        if d < FAR:
            fans = _honor_fans(h, seat_wind, round_wind)
            out.append(Plan(("all_pungs", *fans), 6 + 2 * len(fans), d, (h,)))
    if not melds and sum(counts) in (13, 14):
        out.append(Plan(("seven_pairs",), 24, shanten_seven_pairs_mcr(counts)))
        out.append(Plan(("thirteen_orphans",), 88, shanten_orphans(counts)))
        out.append(Plan(("lesser_honors_and_knitted_tiles",), 12, shanten_honors_knitted(counts)))
    out.sort(key=lambda p: (p.distance, -p.value))
    return out


def _honor_fans(h: int, seat_wind: int, round_wind: int) -> tuple[str, ...]:
    """The 2-point fans a pung of honor ``h`` counts: Dragon Pung, or the winds it is — a wind
    that is both the prevalent and the seat wind counts both, 2 + 2 (002:483-485)."""
    if h >= 31:
        return ("dragon_pung",)
    return tuple(f for f, w in (("prevalent_wind", round_wind), ("seat_wind", seat_wind)) if h == w)
