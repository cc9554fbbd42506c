"""A suits-ignored win as an ordinary riichi hand, so the standard scoring can read it.

Single-suit mahjong, variant 1 (seed 000:3489-3503) plays "a standard game" with the suits
ignored: 1m-2p-3s is a run, 5m-5p-5s a triplet, and a dragon may be a joker for any number
until its owner declares riichi.  To score such a win with the ordinary rules
(:func:`trainer.engine.scoring.score_hand`) :func:`resuit` finds how the hand splits into sets
and a pair by rank (jokers filling gaps), then deals every set out in real suits — each set
in one suit, the first suit that still has copies left — so that it is an ordinary complete
hand with the same ranks, runs, triplets, pair and honors.  Yaku that depend on the suits
(:data:`SUIT_YAKU`) mean nothing in this game and are left out by the caller.  A declared kan
of one rank in mixed suits (5m 5p 5s 5s) becomes four of one suit first (:func:`suited_melds`),
and the concealed sets are dealt out around it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from typing import Final

from trainer.engine.game.training_shapes import HAKU, Shape
from trainer.engine.hand import Meld
from trainer.engine.tiles import Tile

SUIT_YAKU: Final = frozenset({"chinitsu", "honitsu", "sanshoku", "sanshoku_doukou", "ittsu"})
"""Yaku that compare suits: meaningless when the suits are ignored."""

Group = tuple[str, int]
"""A set or the pair by rank: (``run`` | ``triplet`` | ``pair``, lowest rank 0-8 or an honor kind)."""


def suited_melds(melds: Sequence[Meld]) -> tuple[tuple[Meld, ...], Counter[int]]:
    """The declared sets with every kan of one rank in mixed suits made four of one suit (the first
    suit none of the other kans uses at that rank), and the kinds the sets use (for :func:`resuit`'s
    ``reserved``)."""
    used: Counter[int] = Counter()
    out: list[Meld] = []
    for m in melds:
        kinds = {t.kind for t in m.tiles}
        if m.kind.is_kan and len(kinds) > 1:
            rank = min(kinds) % 9
            suit = next((s for s in (0, 1, 2) if not used[9 * s + rank]), 0)
            tile = Tile(9 * suit + rank)
            m = Meld(m.kind, (tile,) * 4, tile if m.called is not None else None, m.source)
        used.update(t.kind for t in m.tiles)
        out.append(m)
    return tuple(out), used


def resuit(kinds: list[int], win_kind: int, shape: Shape, *, jokers_live: bool,
           reserved: Counter[int] | None = None) -> tuple[list[int], int] | None:
    """The concealed tiles ``kinds`` (a complete 3n+2 hand under ``shape``, the winning tile
    included) dealt out as an ordinary complete hand, and the winning tile's kind in it; None
    when the hand does not split (or the shape is not suits-ignored with plain or joker dragons).
    ``reserved`` are the kinds the declared sets already use (see :func:`suited_melds`)."""
    if shape.suits != "ignored" or shape.dragons == "tens" or shape.form != "standard":
        return None
    ranks = [0] * 9
    honors: Counter[int] = Counter()
    jokers = 0
    for k in kinds:
        if k < 27:
            ranks[k % 9] += 1
        elif k >= HAKU and shape.dragons == "jokers" and jokers_live:
            jokers += 1
        else:
            honors[k] += 1
    groups = _split(tuple(ranks), jokers, tuple(sorted(honors.items())), (len(kinds) - 2) // 3)
    if groups is None:
        return None
    return _deal(groups, win_kind, jokers_live and shape.dragons == "jokers", reserved)


@cache
def _split(ranks: tuple[int, ...], jokers: int, honors: tuple[tuple[int, int], ...], sets: int,
           pair: bool = False) -> tuple[Group, ...] | None:
    """One split of rank counts (plus jokers and honors) into ``sets`` sets and a pair."""
    if honors:
        (kind, n), rest = honors[0], honors[1:]
        for take, what in ((3, "triplet"), (2, "pair")):
            if n == take and (what == "triplet" or not pair):
                more = _split(ranks, jokers, rest, sets - (what == "triplet"), pair or what == "pair")
                if more is not None:
                    return ((what, kind), *more)
        return None
    i = next((r for r, c in enumerate(ranks) if c), None)
    if i is None:
        # only jokers left: they make the missing sets and the pair (any rank)
        need = 3 * sets + (0 if pair else 2)
        if jokers != need or sets < 0:
            return None
        return tuple([("triplet", -1)] * sets + ([] if pair else [("pair", -1)]))
    if sets < 0:
        return None
    options: list[tuple[str, int, dict[int, int], int]] = []  # (set, lowest rank, real tiles used, jokers)
    for real in (3, 2, 1):
        if ranks[i] >= real:
            options.append(("triplet", i, {i: real}, 3 - real))
    for lo in (i, i - 1, i - 2):  # ranks below i are empty: jokers fill them
        if 0 <= lo and lo + 2 <= 8:
            used = {r: 1 for r in range(lo, lo + 3) if r >= i and ranks[r]}
            options.append(("run", lo, used, 3 - len(used)))
    if not pair:
        for real in (2, 1):
            if ranks[i] >= real:
                options.append(("pair", i, {i: real}, 2 - real))
    for what, lo, used, fill in options:
        if fill > jokers:
            continue
        rest = list(ranks)
        for r, n in used.items():
            rest[r] -= n
        more = _split(tuple(rest), jokers - fill, (), sets - (what != "pair"), pair or what == "pair")
        if more is not None:
            return ((what, lo), *more)
    return None


def _deal(groups: tuple[Group, ...], win_kind: int, jokers: bool,
          reserved: Counter[int] | None = None) -> tuple[list[int], int] | None:
    """Give every set a real suit (the first with copies left) and find the winning tile in it."""
    used: Counter[int] = Counter(reserved or {})
    out: list[int] = []
    placed: list[list[int]] = []
    for what, first in groups:
        if first >= 27:
            tiles = [first] * (3 if what == "triplet" else 2)
        else:
            tiles = []
            for suit in (0, 1, 2):
                ranks = _ranks(what, first, used, suit)
                if ranks is not None:
                    tiles = [9 * suit + r for r in ranks]
                    break
            if not tiles:
                return None
        used.update(tiles)
        out.extend(tiles)
        placed.append(tiles)
    if win_kind >= 27 and not (jokers and win_kind >= HAKU):
        return sorted(out), win_kind
    rank = win_kind % 9 if win_kind < 27 else None
    for tiles in placed:
        for k in tiles:
            if k < 27 and (rank is None or k % 9 == rank):
                return sorted(out), k
    return None


def _ranks(what: str, first: int, used: Counter[int], suit: int) -> list[int] | None:
    """The ranks of one set in ``suit`` if that suit still has the copies (a joker-only set takes
    the first rank with room)."""
    if first < 0:
        size = 3 if what == "triplet" else 2
        for r in range(9):
            if used[9 * suit + r] + size <= 4:
                return [r] * size
        return None
    ranks = [first, first + 1, first + 2] if what == "run" else [first] * (3 if what == "triplet" else 2)
    need = Counter(ranks)
    if all(used[9 * suit + r] + n <= 4 for r, n in need.items()):
        return ranks
    return None


__all__ = ["SUIT_YAKU", "resuit", "suited_melds"]
