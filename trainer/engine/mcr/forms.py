"""MCR hand forms: every way 14 tiles make a winning hand.

A *reading* is one arrangement of a complete hand:

* ``standard``: four sets (chow, pung, kong) and a pair;
* ``seven_pairs``: seven pairs (four equal tiles may be two pairs);
* ``thirteen_orphans``: one of each terminal and honor plus a pair of one of them;
* ``honors_knitted``: fourteen single tiles: honors and suit tiles of the knitted
  sequences 1-4-7, 2-5-8, 3-6-9, each sequence in its own suit;
* ``knitted_straight``: the full knitted straight (147, 258, 369 in three suits)
  plus one set and a pair.

Tiles are kinds 0..33 as in :mod:`trainer.engine.tiles`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from itertools import permutations

from trainer.engine.tiles import TERMINALS_AND_HONORS

CHOW, PUNG, KONG, PAIR, KNITTED = "chow", "pung", "kong", "pair", "knitted"

KNITTED_STRAIGHTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(suit * 9 + start + 3 * k for suit, start in zip(suits, (0, 1, 2), strict=True) for k in range(3)))
    for suits in permutations(range(3))
)
"""The six knitted straights: 1-4-7, 2-5-8 and 3-6-9, each in a different suit."""


_STRAIGHT_MASKS = tuple(sum(1 << k for k in straight) for straight in KNITTED_STRAIGHTS)
"""Each knitted straight as a bit per kind."""


@dataclass(frozen=True, slots=True)
class Group:
    """One set of a reading: ``shape`` is chow/pung/kong/pair/knitted, ``tile`` its
    lowest kind; ``melded`` means claimed from another player (an exposed set);
    a kong that is not melded is a concealed kong."""

    shape: str
    tile: int
    melded: bool = False

    def kinds(self) -> tuple[int, ...]:
        """The distinct kinds the group is made of (a knitted group: its nine tiles)."""
        if self.shape == CHOW:
            return (self.tile, self.tile + 1, self.tile + 2)
        if self.shape == KNITTED:
            return KNITTED_STRAIGHTS[self.tile]
        return (self.tile,)

    def label(self) -> str:
        """The group in MPSZ notation, melded groups in round brackets."""
        return _label(self.shape, self.tile, self.melded)


@cache
def group(shape: str, tile: int, melded: bool = False) -> Group:
    """The group value (shared: groups are immutable, and making one costs more than a lookup)."""
    return Group(shape, tile, melded)


@cache
def _label(shape: str, tile: int, melded: bool) -> str:
    """A group's text (cached: there are few distinct groups)."""
    from trainer.engine.notation import format_tiles

    if shape == CHOW:
        tiles = [tile, tile + 1, tile + 2]
    elif shape == KNITTED:
        tiles = list(KNITTED_STRAIGHTS[tile])
    else:
        tiles = [tile] * {PUNG: 3, KONG: 4, PAIR: 2}[shape]
    text = format_tiles(tiles, sort=False) if shape != KNITTED else format_tiles(tiles)
    if shape == KONG and not melded:
        return f"[{text}]"
    return f"({text})" if melded else text


@dataclass(frozen=True, slots=True)
class Reading:
    """One arrangement of a complete hand: its form and groups (sets first, then the pair)."""

    form: str
    groups: tuple[Group, ...]

    def text(self) -> str:
        """The arrangement as text, e.g. ``123m 456p (777z) 55s``."""
        return " ".join(g.label() for g in self.groups) if self.groups else self.form


def _groups(counts: list[int], need: int, pair: bool, start: int = 0) -> Iterator[list[Group]]:
    """Every way to split ``counts`` into ``need`` chows and pungs plus a pair (if ``pair``),
    taking the lowest tile left as a chow first, then a pung, then the pair (the order
    decides which of two equal-valued readings is shown, as in the GB calculator)."""
    out: list[list[Group]] = []
    _split(counts, need, pair, start, [], out)
    return iter(out)


def _split(counts: list[int], need: int, pair: bool, i: int, path: list[Group], out: list[list[Group]]) -> None:
    """The search of :func:`_groups`: ``path`` holds the groups taken so far, each complete
    split is added to ``out`` (depth first, so in the order described there)."""
    if need == 0 and not pair:
        if not any(counts):
            out.append(list(path))
        return
    while i < 34 and counts[i] == 0:
        i += 1
    if i == 34:
        return
    if need and i < 27 and i % 9 <= 6 and counts[i + 1] and counts[i + 2]:
        counts[i] -= 1
        counts[i + 1] -= 1
        counts[i + 2] -= 1
        path.append(_CHOWS[i])
        _split(counts, need - 1, pair, i, path, out)
        path.pop()
        counts[i] += 1
        counts[i + 1] += 1
        counts[i + 2] += 1
    if need and counts[i] >= 3:
        counts[i] -= 3
        path.append(_PUNGS[i])
        _split(counts, need - 1, pair, i, path, out)
        path.pop()
        counts[i] += 3
    if pair and counts[i] >= 2:
        counts[i] -= 2
        path.append(_PAIRS[i])
        _split(counts, need, False, i, path, out)
        path.pop()
        counts[i] += 2


_CHOWS = tuple(Group(CHOW, i) for i in range(34))
_PUNGS = tuple(Group(PUNG, i) for i in range(34))
_PAIRS = tuple(Group(PAIR, i) for i in range(34))
"""Concealed groups by lowest kind (chows only used where a chow can start)."""


def _sets(counts: list[int], need: int) -> Iterator[list[Group]]:
    """Every way to split ``counts`` into exactly ``need`` chows and pungs (no pair)."""
    return _groups(counts, need, False)


def standard_readings(counts: list[int], melds: tuple[Group, ...]) -> Iterator[Reading]:
    """Readings as four sets and a pair: the concealed ``counts`` give the sets the
    declared ``melds`` do not."""
    need = 4 - len(melds)
    if sum(counts) != 3 * need + 2:
        return
    seen: set[tuple[Group, ...]] = set()
    for groups in _groups(counts, need, True):
        pair = next(g for g in groups if g.shape == PAIR)
        key = tuple(g for g in groups if g.shape != PAIR)
        if key + (pair,) not in seen:
            seen.add(key + (pair,))
            yield Reading("standard", (*key, *melds, pair))


def seven_pairs_reading(counts: list[int], melds: tuple[Group, ...]) -> Reading | None:
    """Seven pairs when the fourteen concealed tiles are all in pairs (four of a kind is two pairs)."""
    if melds or sum(counts) != 14 or 1 in counts or 3 in counts:
        return None
    pairs: list[Group] = []
    for k, c in enumerate(counts):
        if c:  # 2 or 4: one pair or two
            pairs.extend([_PAIRS[k]] * (c // 2))
    return Reading("seven_pairs", tuple(pairs))


def thirteen_orphans_reading(counts: list[int], melds: tuple[Group, ...]) -> Reading | None:
    """Thirteen orphans: one of each terminal and honor and one more of any of them."""
    if melds or sum(counts) != 14:
        return None
    if 0 in map(counts.__getitem__, TERMINALS_AND_HONORS):
        return None
    if sum(map(counts.__getitem__, TERMINALS_AND_HONORS)) == 14:
        return Reading("thirteen_orphans", ())
    return None


def honors_knitted_reading(counts: list[int], melds: tuple[Group, ...]) -> Reading | None:
    """Honors and knitted tiles: fourteen different tiles, honors plus suit tiles that all
    lie in one knitted straight."""
    if melds or sum(counts) != 14 or max(counts) > 1:
        return None
    suited = {k for k in range(27) if counts[k]}
    for straight in KNITTED_STRAIGHTS:
        if suited <= set(straight):
            return Reading("honors_knitted", ())
    return None


def knitted_straight_readings(counts: list[int], melds: tuple[Group, ...]) -> Iterator[Reading]:
    """Knitted straight plus one set and a pair."""
    if len(melds) > 1 or sum(counts) != 14 - 3 * len(melds) or counts[:27].count(0) > 18:
        return  # a knitted straight needs nine different suit tiles
    held = {k for k, c in enumerate(counts) if c}
    for n, straight in enumerate(KNITTED_STRAIGHTS):
        if held.issuperset(straight):
            for k in straight:
                counts[k] -= 1
            if melds:
                pairs = [k for k in range(34) if counts[k] == 2]
                if len(pairs) == 1 and sum(counts) == 2:
                    yield Reading("knitted_straight", (group(KNITTED, n), *melds, group(PAIR, pairs[0])))
            else:
                yield from _ks_rest(counts, n)
            for k in straight:
                counts[k] += 1


def _ks_rest(counts: list[int], n: int) -> Iterator[Reading]:
    """The set and pair left after a concealed knitted straight."""
    for pair in range(34):
        if counts[pair] < 2:
            continue
        counts[pair] -= 2
        for sets in _sets(counts, 1):
            yield Reading("knitted_straight", (group(KNITTED, n), *sets, group(PAIR, pair)))
        counts[pair] += 2


def all_readings(counts: list[int], melds: tuple[Group, ...]) -> list[Reading]:
    """Every reading of a complete hand of concealed ``counts`` plus declared ``melds``."""
    counts = list(counts)
    out: list[Reading] = list(standard_readings(counts, melds))
    if not melds:
        for special in (seven_pairs_reading, thirteen_orphans_reading, honors_knitted_reading):
            r = special(counts, melds)
            if r is not None:
                out.append(r)
    if len(melds) <= 1:
        out.extend(knitted_straight_readings(counts, melds))
    return out


_SEGMENTS = ((0, 9), (9, 18), (18, 27), (27, 34))


@cache
def _suit_shapes(seg: tuple[int, ...]) -> tuple[bool, bool]:
    """For the counts of one suit (9 numbers) or of the honors (7): whether they split into
    sets alone, and whether into sets plus one pair.  Cached: there are few such shapes."""
    honors = len(seg) == 7

    def sets_only(c: list[int]) -> bool:
        if honors:
            return all(x % 3 == 0 for x in c)
        for i in range(9):
            n = c[i] % 3
            if n:
                if i > 6 or c[i + 1] < n or c[i + 2] < n:
                    return False
                c[i + 1] -= n
                c[i + 2] -= n
        return True

    counts = list(seg)
    with_pair = False
    if sum(counts) % 3 == 2:
        for i, x in enumerate(counts):
            if x >= 2:
                counts[i] -= 2
                with_pair = sets_only(list(counts))
                counts[i] += 2
                if with_pair:
                    break
    return sum(counts) % 3 == 0 and sets_only(list(counts)), with_pair


def _standard_complete(counts: list[int], melds: int) -> bool:
    """Four sets and a pair (a quick yes/no, suit by suit: taking a pung whenever the
    lowest tile has three copies is safe, as three equal chows are three pungs)."""
    if sum(counts) != 3 * (4 - melds) + 2:
        return False
    pairs = 0
    for lo, hi in _SEGMENTS:
        sets_ok, pair_ok = _suit_shapes(tuple(counts[lo:hi]))
        if pair_ok and not sets_ok:
            pairs += 1
        elif not sets_ok:
            return False
    return pairs == 1


def is_complete(counts: list[int], melds: int, specials: bool = True) -> bool:
    """Whether concealed ``counts`` plus ``melds`` declared sets make any winning form
    (only the standard form unless ``specials``)."""
    if _standard_complete(counts, melds):
        return True
    if not specials:
        return False
    if melds == 0 and (
        seven_pairs_reading(counts, ()) or thirteen_orphans_reading(counts, ()) or honors_knitted_reading(counts, ())
    ):
        return True
    if melds > 1:
        return False
    fake = tuple(Group(PUNG, 0, True) for _ in range(melds))
    return next(knitted_straight_readings(list(counts), fake), None) is not None


def _candidates(counts: list[int]) -> set[int]:
    """Kinds that could complete a standard or knitted-straight hand: a held honor or a
    suit tile at most two steps from a held one."""
    near: set[int] = set()
    for k, c in enumerate(counts):
        if c:
            near.update(_NEAR[k])
    return near


_NEAR = tuple(
    (k,) if k >= 27 else tuple(x for x in range(k - 2, k + 3) if k - k % 9 <= x < k - k % 9 + 9) for k in range(34)
)
"""Per kind: the kinds at most two steps from it in its suit (an honor: itself)."""


def _knitted_waits(counts: list[int], melds: int) -> set[int]:
    """Winning kinds by knitted straight + set + pair: the one missing tile of a straight
    the hand holds eight of, or what completes the set and pair beside a whole straight
    (the straight stands for three sets; at most one set may be declared)."""
    out: set[int] = set()
    if melds > 1:
        return out
    held = 0
    for k in range(27):
        if counts[k]:
            held |= 1 << k
    for straight, mask in zip(KNITTED_STRAIGHTS, _STRAIGHT_MASKS, strict=True):
        if (held & mask).bit_count() < 8:
            continue
        missing = [k for k in straight if not counts[k]]
        options = [k for k in (missing or _candidates(counts)) if counts[k] < 4]
        for k in straight:
            counts[k] -= 1
        for k in options:  # the rest with the added tile must be one set and a pair
            counts[k] += 1
            if _standard_complete(counts, melds + 3):
                out.add(k)
            counts[k] -= 1
        for k in straight:
            counts[k] += 1
    return out


def _special_waits(counts: list[int]) -> set[int]:
    """Winning kinds of a concealed 13-tile hand by seven pairs, thirteen orphans and
    honors-and-knitted, worked out directly."""
    out: set[int] = set()
    odd = [k for k, c in enumerate(counts) if c & 1]
    if len(odd) == 1:
        out.add(odd[0])
    held = {k for k, c in enumerate(counts) if c}
    if held <= set(TERMINALS_AND_HONORS):
        missing = set(TERMINALS_AND_HONORS) - held
        out |= missing or set(TERMINALS_AND_HONORS)
    if max(counts) == 1:
        suited = {k for k in held if k < 27}
        for straight in KNITTED_STRAIGHTS:
            if suited <= set(straight):
                out |= (set(straight) | set(range(27, 34))) - held
    return out


def waiting_kinds(counts: list[int], melds: int, limit: int | None = None, fifth: bool = False) -> list[int]:
    """The kinds that complete a 13-tile hand (concealed ``counts`` plus ``melds`` sets);
    with ``limit``, at least that many when there are (the search may stop there).  A kind
    the hand already holds four of cannot come, unless ``fifth`` asks for waits by shape
    alone (as the GB calculator counts)."""
    counts = list(counts)
    total = sum(counts)
    out: set[int] = set()
    if total + 1 == 3 * (4 - melds) + 2:
        # the standard form first (the most common; with ``limit`` it may end the search):
        # only the suit of the added tile changes shape, so every other suit must already
        # split into sets, or sets and the one pair
        kinds = []  # 0 sets, 1 sets + pair, 2 neither
        for lo, hi in _SEGMENTS:
            sets_ok, pair_ok = _suit_shapes(tuple(counts[lo:hi]))
            kinds.append(0 if sets_ok else 1 if pair_ok else 2)
        bad = [i for i, x in enumerate(kinds) if x == 2]
        if len(bad) <= 1:
            for k in _candidates(counts):
                seg = k // 9 if k < 27 else 3
                if (counts[k] >= 4 and not fifth) or (bad and bad[0] != seg):
                    continue
                pairs = sum(kinds) - kinds[seg]
                if pairs > 1:
                    continue
                lo, hi = _SEGMENTS[seg]
                counts[k] += 1
                sets_ok, pair_ok = _suit_shapes(tuple(counts[lo:hi]))
                counts[k] -= 1
                if (pairs == 0 and pair_ok and not sets_ok) or (pairs == 1 and sets_ok):
                    out.add(k)
                    if limit is not None and len(out) >= limit:
                        return sorted(out)
    if melds == 0 and total == 13:
        out |= _special_waits(counts)
    if melds <= 1:
        out |= _knitted_waits(counts, melds)
    return sorted(k for k in out if fifth or counts[k] < 4)
