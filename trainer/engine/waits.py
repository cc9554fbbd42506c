"""Waits (machi): which tiles complete a tenpai hand, and how.

* :func:`waits` — the kinds that complete a 3n+1 hand in any form (standard,
  seven pairs, thirteen orphans).  Fast: each suit is looked up in a memoised
  table of "which ranks complete this suit pattern", so a 13-tile hand costs a
  few dictionary look-ups.
* :func:`placements` — how a winning tile sits inside one reading of the
  complete hand (ryanmen, kanchan, penchan, shanpon, tanki): the basis of wait
  fu and pinfu.
* :func:`wait_report` — everything a learner wants to see about a tenpai hand:
  per waited kind the readings and shapes, the copies still left, the named
  multi-sided shape (nobetan, sanmenchan, tatsumaki, ...; the names live in
  ``data/wait_shapes.toml``), and karaten: a wait whose tiles cannot come.

A wait needs a real copy: if the hand already holds all four tiles of a kind,
that kind is not a wait (a "fifth tile" wait); :func:`wait_report` lists such
kinds separately as ``fifth_copy`` so the learner sees why the hand is not
really tenpai (the JPML rule, 003:92; riichi digest T25).
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import cache
from operator import itemgetter

from trainer.engine.decompose import (
    Form,
    GroupKind,
    Reading,
    _suit_sets,
    _suit_with_pair,
    readings,
)
from trainer.engine.hand import Hand
from trainer.engine.tiles import NUM_KINDS, TERMINALS_AND_HONORS, Tile, counts34, kind_name
from trainer.paths import ENGINE_DATA_DIR


class WaitShape(Enum):
    """How the winning tile completed its group (a seven-pairs wait is TANKI)."""

    RYANMEN = "ryanmen"  # two-sided: 34 waiting on 2 or 5
    KANCHAN = "kanchan"  # closed: 24 waiting on 3
    PENCHAN = "penchan"  # edge: 12 waiting on 3, 89 waiting on 7
    SHANPON = "shanpon"  # a pair became a triplet
    TANKI = "tanki"  # a single tile became the pair
    KOKUSHI = "kokushi"  # thirteen orphans waiting on its one missing kind
    KOKUSHI_13 = "kokushi_13"  # thirteen orphans holding all 13 kinds: any of them wins

    @property
    def is_closed_wait(self) -> bool:
        """Kanchan, penchan and tanki: the one-kind waits that earn 2 wait fu."""
        return self in (WaitShape.KANCHAN, WaitShape.PENCHAN, WaitShape.TANKI)


@dataclass(frozen=True, slots=True)
class Placement:
    """The winning tile read as completing group ``group_index`` of a reading
    (None for thirteen orphans), with the wait shape that makes."""

    group_index: int | None
    shape: WaitShape


def placements(reading: Reading, win_kind: int) -> list[Placement]:
    """Every way the winning tile ``win_kind`` can be read inside ``reading``.

    Only groups formed from concealed tiles can hold the winning tile (a declared
    meld was complete before the win).  A run gives ryanmen, kanchan (middle
    tile) or penchan (the 3 of 123 or the 7 of 789); a triplet gives shanpon;
    a pair gives tanki (also in seven pairs).  Identical groups give one
    placement (the first one).  Thirteen orphans gives KOKUSHI_13 when the
    winning tile is the doubled kind (the hand held all thirteen singles) and
    KOKUSHI otherwise.  The list is empty if the tile is in no concealed group.
    """
    if reading.form is Form.THIRTEEN_ORPHANS:
        if reading.orphan_pair is None or win_kind not in TERMINALS_AND_HONORS:
            return []
        if win_kind == reading.orphan_pair:
            return [Placement(None, WaitShape.KOKUSHI_13)]
        return [Placement(None, WaitShape.KOKUSHI)]
    out: list[Placement] = []
    seen = set()
    for i, g in enumerate(reading.groups):
        if g.declared or g in seen:
            continue
        if g.kind is GroupKind.RUN:
            pos = win_kind - g.first
            if not 0 <= pos <= 2:
                continue
            rank = g.first % 9  # 0 for a 123 run, 6 for a 789 run
            if pos == 1:
                shape = WaitShape.KANCHAN
            elif (pos == 0 and rank == 6) or (pos == 2 and rank == 0):
                shape = WaitShape.PENCHAN
            else:
                shape = WaitShape.RYANMEN
        elif g.first != win_kind:
            continue
        elif g.kind is GroupKind.PAIR:
            shape = WaitShape.TANKI
        elif g.kind is GroupKind.TRIPLET:
            shape = WaitShape.SHANPON
        else:
            continue
        seen.add(g)
        out.append(Placement(i, shape))
    return out


# --------------------------------------------------------------------------- fast wait masks
#
# For one suit pattern (a tuple of 9 counts, 7 for honors) the table holds
#   sets:    whether it splits into sets only,
#   pair:    whether it splits into sets and exactly one pair,
#   mask:    bit r set when adding one tile of rank r makes it split into
#            sets + pair (pattern of 3n+1 tiles) or sets only (3n+2 tiles).
# The whole hand's standard waits then follow from the suits' residues mod 3.

_NUMBER_TABLE: dict[tuple[int, ...], tuple[bool, bool, int]] = {}
_HONOR_TABLE: dict[tuple[int, ...], tuple[bool, bool, int]] = {}


def _suit_entry(counts: tuple[int, ...], honors: bool) -> tuple[bool, bool, int]:
    table = _HONOR_TABLE if honors else _NUMBER_TABLE
    entry = table.get(counts)
    if entry is not None:
        return entry
    total = sum(counts)
    sets = total % 3 == 0 and bool(_suit_sets(counts, honors))
    pair = total % 3 == 2 and bool(_suit_with_pair(counts, honors))
    mask = 0
    if total % 3:
        c = list(counts)
        for r in range(len(c)):
            if honors:
                # Honors never form runs: only a pair becoming a triplet or a single becoming a pair.
                if c[r] == 0:
                    continue
            elif c[r] == 0 and not (
                (r >= 1 and c[r - 1])
                or (r <= len(c) - 2 and c[r + 1])
                or (r >= 2 and c[r - 2])
                or (r <= len(c) - 3 and c[r + 2])
            ):
                continue  # a new tile with no neighbour within two ranks fits in no set or pair
            c[r] += 1
            t = tuple(c)
            c[r] -= 1
            ok = bool(_suit_with_pair(t, honors)) if total % 3 == 1 else bool(_suit_sets(t, honors))
            if ok:
                mask |= 1 << r
    entry = (sets, pair, mask)
    table[counts] = entry
    return entry


def _residue_plans() -> dict[tuple[int, int, int, int], tuple[tuple[int, ...], tuple[int, ...]]]:
    """For each (tiles per group mod 3) that can become sets and one pair with one more tile:
    the groups that can take the tile and must then hold the pair (``ones``: one group with
    3n+1 tiles), or the two groups with 3n+2 tiles (one of them keeps the pair)."""
    plans = {}
    for r in ((a, b, c, d) for a in range(3) for b in range(3) for c in range(3) for d in range(3)):
        ones = tuple(i for i in range(4) if r[i] == 1)
        twos = tuple(i for i in range(4) if r[i] == 2)
        if (len(ones) == 1 and not twos) or (len(twos) == 2 and not ones):
            plans[r] = (ones, twos)
    return plans


_PLANS = _residue_plans()


def standard_wait_mask(counts: Sequence[int]) -> int:
    """Bitmask (bit k = kind k) of the kinds whose addition makes the 34 concealed
    ``counts`` (3n+1 tiles) a standard complete hand: n sets and one pair.
    Fifth copies are included; filter them by the tiles held."""
    c = tuple(counts)
    groups = (c[0:9], c[9:18], c[18:27], c[27:34])
    plan = _PLANS.get((sum(groups[0]) % 3, sum(groups[1]) % 3, sum(groups[2]) % 3, sum(groups[3]) % 3))
    if plan is None:
        return 0  # the tiles per suit cannot be sets plus one pair after any single draw
    ones, twos = plan
    entries = tuple(_suit_entry(groups[i], i == 3) for i in range(4))
    mask = 0
    if ones:
        s = ones[0]
        if all(entries[i][0] for i in range(4) if i != s):
            mask = entries[s][2] << (9 * s)
    else:
        a, b = twos
        if all(entries[i][0] for i in range(4) if i != a and i != b):
            if entries[b][1]:
                mask |= entries[a][2] << (9 * a)
            if entries[a][1]:
                mask |= entries[b][2] << (9 * b)
    return mask


def seven_pairs_wait_mask(counts: Sequence[int]) -> int:
    """The chiitoitsu wait of 13 concealed tiles: six different pairs and a single
    (four of a kind is not two pairs), as a one-bit mask; 0 if not such a shape."""
    single = -1
    pairs = 0
    for k in range(NUM_KINDS):
        n = counts[k]
        if n == 2:
            pairs += 1
        elif n == 1:
            if single >= 0:
                return 0
            single = k
        elif n:
            return 0
    return 1 << single if pairs == 6 and single >= 0 else 0


_ORPHAN_MASK = sum(1 << k for k in TERMINALS_AND_HONORS)
_yaochuu_of = itemgetter(*TERMINALS_AND_HONORS)


def thirteen_orphans_wait_mask(counts: Sequence[int]) -> int:
    """The kokushi wait of 13 concealed tiles: all 13 terminal/honor kinds if each
    is held once (the 13-sided wait), the one missing kind if another is doubled."""
    missing = -1
    doubled = False
    for k in TERMINALS_AND_HONORS:
        n = counts[k]
        if n == 0:
            if missing >= 0:
                return 0
            missing = k
        elif n == 2 and not doubled:
            doubled = True
        elif n != 1:
            return 0
    if sum(counts) != 13:
        return 0
    if missing < 0:
        return _ORPHAN_MASK
    return 1 << missing if doubled else 0


def wait_mask(counts: Sequence[int], *, closed_13: bool) -> int:
    """Bitmask of every kind completing the concealed ``counts`` (3n+1 tiles) in any
    form; ``closed_13`` says the hand is 13 concealed tiles with no melds, which
    is when seven pairs and thirteen orphans apply.  Fifth copies are included."""
    mask = standard_wait_mask(counts)
    if closed_13:
        if NUM_KINDS - counts.count(0) == 7:  # six pairs and a single: seven different kinds
            mask |= seven_pairs_wait_mask(counts)
        if _yaochuu_of(counts).count(0) <= 1:  # thirteen orphans lacks at most one kind
            mask |= thirteen_orphans_wait_mask(counts)
    return mask


def _kinds(mask: int) -> tuple[int, ...]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


# --------------------------------------------------------------------------- cheap pre-check
#
# Counts packed three bits a kind into one integer: a tile with no other tile within two ranks
# of it in its suit (any honor held once) can only become the pair, with the winning tile as
# its twin; two such lone tiles cannot both be the pair, so such a hand waits on nothing
# (thirteen orphans aside: every tile a terminal/honor).  The suits sit two empty slots apart
# and the honors three, so "within two ranks" is a plain shift by one or two slots.


def _slot(kind: int) -> int:
    return kind + 2 * (kind // 9) if kind < 27 else 33 + 3 * (kind - 27)


_PACKED = tuple(1 << (3 * _slot(k)) for k in range(NUM_KINDS))
_ONES = sum(_PACKED)
_NOT_ORPHANS_PACKED = sum(7 * _PACKED[k] for k in range(NUM_KINDS) if k not in TERMINALS_AND_HONORS)


def _packed(concealed: Iterable[Tile]) -> int:
    packed = 0
    for t in concealed:  # a plain loop: faster here than map/sum over big integers
        packed += _PACKED[t.kind]
    return packed


def _lone(packed: int) -> int:
    """The lone kinds of packed counts, one bit each: held once, nothing within two ranks."""
    upper = packed >> 1 | packed >> 2
    held = (packed | upper) & _ONES
    return packed & ~upper & _ONES & ~(held << 3 | held << 6 | held >> 3 | held >> 6)


def lone_tiles(concealed: Iterable[Tile]) -> int:
    """How many tiles of a concealed part stand alone: held once, with no other tile of the
    hand within two ranks in the same suit (an honor: held once).  A 3n+1 hand with two or
    more lone tiles waits on nothing in the standard form or seven pairs (each lone tile
    could only become the pair, and only one can); thirteen orphans is the exception."""
    return _lone(_packed(concealed)).bit_count()


def waits(hand: Hand) -> tuple[int, ...]:
    """The kinds (0..33, ascending) that complete a 3n+1 hand in any form: its
    tenpai tiles.  A kind whose four copies the hand already holds (concealed or
    in melds) is not a wait: no fifth tile exists.  Empty if the hand is not
    tenpai or not 3n+1 tiles.  Most hands that are far from ready are ruled out
    first by a cheap count of lone tiles (see :func:`lone_tiles`)."""
    concealed = hand.concealed
    if len(concealed) % 3 != 1:
        return ()
    packed, of = 0, _PACKED
    for t in concealed:
        packed += of[t.kind]
    upper = packed >> 1 | packed >> 2
    single = packed & ~upper & _ONES
    if single & (single - 1) and packed & _NOT_ORPHANS_PACKED:  # two singles, not thirteen orphans
        present = (packed | upper) & _ONES
        lone = single & ~(present << 3 | present << 6 | present >> 3 | present >> 6)
        if lone & (lone - 1):
            return ()  # two lone tiles: each could only become the pair (see lone_tiles)
    counts = [0] * NUM_KINDS
    for t in concealed:
        counts[t.kind] += 1
    mask = wait_mask(counts, closed_13=len(concealed) == 13 and not hand.melds)
    if not mask:
        return ()
    out = []
    held = counts
    if hand.melds:
        held = counts[:]
        for m in hand.melds:
            for t in m.tiles:
                held[t.kind] += 1
    while mask:
        low = mask & -mask
        k = low.bit_length() - 1
        if held[k] < 4:
            out.append(k)
        mask ^= low
    return tuple(out)


def is_tenpai(hand: Hand) -> bool:
    """True when a 3n+1 hand waits on at least one kind of which a copy exists."""
    return bool(waits(hand))


# --------------------------------------------------------------------------- named wait shapes


@dataclass(frozen=True, slots=True)
class WaitPattern:
    """One named wait shape from ``data/wait_shapes.toml``.

    ``examples`` are one-suit blocks (counts per rank index 0..8) with the rank
    indexes they wait on; ``variants`` are every placement of the examples inside
    a suit (shifted along the ranks and mirrored 1<->9 when the entry allows it)
    that still waits on the correspondingly moved ranks, as (block, wait ranks,
    wait-rank bitmask).
    """

    id: str
    category: str  # "basic", "compound", "multi_sided", "building", "yakuman"
    examples: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
    variants: tuple[tuple[tuple[int, ...], tuple[int, ...], int], ...]
    source: str


def _variants(
    examples: Sequence[tuple[tuple[int, ...], tuple[int, ...]]], shift: bool, mirror: bool
) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    out = []
    for counts, wait_ranks in examples:
        forms = [(counts, wait_ranks)]
        if mirror:
            forms.append((counts[::-1], tuple(sorted(8 - r for r in wait_ranks))))
        for cs, ws in forms:
            used = [r for r in range(9) if cs[r]] + list(ws)
            offsets = range(-min(used), 9 - max(used)) if shift else (0,)
            for d in offsets:
                moved = tuple(cs[r - d] if 0 <= r - d < 9 else 0 for r in range(9))
                moved_waits = tuple(r + d for r in ws)
                if _wait_ranks_of_block(moved) == moved_waits:
                    out.append((moved, moved_waits))
    return tuple(dict.fromkeys(out))


def _parse_ranks(text: str, where: str) -> tuple[int, ...]:
    counts = [0] * 9
    for ch in str(text):
        if not ch.isdigit() or ch == "0":
            raise ValueError(f"{where}: {text!r} must be rank digits 1..9")
        counts[int(ch) - 1] += 1
    return tuple(counts)


@cache
def wait_patterns() -> tuple[WaitPattern, ...]:
    """The named wait shapes of ``trainer/engine/data/wait_shapes.toml``.  Each
    listed example is checked against the engine: its waits must be exactly the
    waits of the block on its own (a ValueError names the entry otherwise)."""
    path = ENGINE_DATA_DIR / "wait_shapes.toml"
    return parse_wait_patterns(path.read_text("utf-8"), str(path))


def parse_wait_patterns(text: str, name: str = "wait_shapes.toml") -> tuple[WaitPattern, ...]:
    """Parse and check wait-shape TOML text (see :func:`wait_patterns`)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ValueError(f"{name}: {e}") from None
    out = []
    for i, entry in enumerate(data.get("shape", [])):
        where = f"{name}: shape #{i + 1} ({entry.get('id', '?')})"
        try:
            examples = tuple(
                (_parse_ranks(e["tiles"], where), _wait_ranks(_parse_ranks(e["waits"], where)))
                for e in entry["examples"]
            )
            ident = entry["id"]
        except (KeyError, TypeError) as e:
            raise ValueError(f"{where}: needs an id and examples with 'tiles' and 'waits' ({e})") from None
        for counts, wait_ranks in examples:
            got = _wait_ranks_of_block(counts)
            if got != wait_ranks:
                raise ValueError(
                    f"{where}: {_ranks_text(counts)} waits on {_ranks_text_list(got)}, "
                    f"the file says {_ranks_text_list(wait_ranks)}"
                )
        variants = tuple(
            (block, ws, sum(1 << r for r in ws))
            for block, ws in _variants(
                examples, bool(entry.get("shift", True)), bool(entry.get("mirror", False))
            )
        )
        out.append(
            WaitPattern(ident, entry.get("category", "compound"), examples, variants, entry.get("source", ""))
        )
    return tuple(out)


def _wait_ranks(counts: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(r for r in range(9) if counts[r])


def _ranks_text(counts: Sequence[int]) -> str:
    return "".join(str(r + 1) * n for r, n in enumerate(counts))


def _ranks_text_list(ranks: Sequence[int]) -> str:
    return ",".join(str(r + 1) for r in ranks) or "nothing"


def _wait_ranks_of_block(counts: tuple[int, ...]) -> tuple[int, ...]:
    """Wait ranks of one number-suit block alone (3n+1: sets + pair; 3n+2: sets only)."""
    mask = _suit_entry(counts, False)[2]
    return tuple(r for r in range(9) if (mask >> r) & 1 and counts[r] < 4)


@dataclass(frozen=True, slots=True)
class NamedWait:
    """A named wait shape found in the hand: its id, the suit it sits in, the tiles
    forming it, and the kinds it waits on."""

    id: str
    category: str
    tiles: tuple[int, ...]
    waits: tuple[int, ...]


def named_waits(hand: Hand) -> tuple[NamedWait, ...]:
    """The named shapes (nobetan, sanmenchan, tatsumaki, ...) that explain a tenpai
    hand's wait: a shape matches when its tiles sit in one suit of the concealed
    part and the rest of the hand splits into complete sets (plus the pair when
    the shape holds none), and every kind it waits on is a real wait (not a
    fifth copy).  A match whose waits are a strict part of another match's
    waits is dropped, so 3335777 is kantankan, not kantan."""
    counts = hand.counts()
    if len(hand.concealed) % 3 != 1:
        return ()
    mask = sum(1 << x for x in waits(hand))  # real waits only: a fifth copy names no shape
    suit_waits = [(mask >> (9 * s)) & 0x1FF for s in range(3)]
    found: dict[tuple[str, tuple[int, ...]], NamedWait] = {}
    for suit in range(3):
        waits_here = suit_waits[suit]
        if not waits_here:
            continue
        lo = 9 * suit
        for pattern in wait_patterns():
            for block, wait_ranks, block_mask in pattern.variants:
                # a shape whose waits are not all waits of the hand cannot sit in it
                if block_mask & ~waits_here or any(counts[lo + r] < block[r] for r in range(9)):
                    continue
                rest = counts[:]
                for r in range(9):
                    rest[lo + r] -= block[r]
                if not _splits(rest, with_pair=sum(block) % 3 == 2):
                    continue
                tiles = tuple(lo + r for r in range(9) for _ in range(block[r]))
                ws = tuple(lo + r for r in wait_ranks)
                found.setdefault((pattern.id, ws), NamedWait(pattern.id, pattern.category, tiles, ws))
    matches = list(found.values())
    keep = [
        m for m in matches if not any(set(m.waits) < set(other.waits) for other in matches if other is not m)
    ]
    return tuple(sorted(keep, key=lambda m: (-len(m.waits), m.id, m.waits)))


def _splits(counts: list[int], *, with_pair: bool) -> bool:
    pair_suits = 0
    for lo, hi, honors in ((0, 9, False), (9, 18, False), (18, 27, False), (27, 34, True)):
        sets, pair, _ = _suit_entry(tuple(counts[lo:hi]), honors)
        if sets:
            continue
        if pair and with_pair and pair_suits == 0:
            pair_suits = 1
            continue
        return False
    return pair_suits == (1 if with_pair else 0)


# --------------------------------------------------------------------------- wait report


@dataclass(frozen=True, slots=True)
class WaitReading:
    """One way a waited kind completes the hand: the reading of the complete hand
    and where the winning tile sits in it."""

    reading: Reading
    placement: Placement


@dataclass(frozen=True, slots=True)
class WaitTile:
    """One waited kind: how it completes the hand and how many copies may still come.

    ``held`` counts the copies in the hand itself (melds included), ``seen`` the
    copies visible elsewhere (discards, melds, dora indicators); ``left`` is what
    remains unseen.  A wait with ``left == 0`` is dead: it cannot be drawn.
    """

    kind: int
    readings: tuple[WaitReading, ...]
    held: int
    seen: int

    @property
    def left(self) -> int:
        """Copies not in the hand and not visible: the most that can still come."""
        return max(0, 4 - self.held - self.seen)

    @property
    def dead(self) -> bool:
        """No copy of the kind can come (all four are in the hand or visible)."""
        return self.left == 0

    @property
    def shapes(self) -> tuple[WaitShape, ...]:
        """The distinct wait shapes this kind makes over all readings, in enum order."""
        got = {r.placement.shape for r in self.readings}
        return tuple(s for s in WaitShape if s in got)


@dataclass(frozen=True, slots=True)
class WaitReport:
    """The waits of a 3n+1 hand, explained.

    ``tiles``: one :class:`WaitTile` per waited kind (kinds of which a copy exists).
    ``fifth_copy``: kinds that would complete the hand only as a fifth copy (the
    hand holds all four): tenpai on paper only.  ``named``: the named shapes of
    the wait (see :func:`named_waits`).
    """

    hand: Hand
    tiles: tuple[WaitTile, ...]
    fifth_copy: tuple[int, ...] = ()
    named: tuple[NamedWait, ...] = field(default=())

    @property
    def waits(self) -> tuple[int, ...]:
        """The waited kinds, ascending."""
        return tuple(t.kind for t in self.tiles)

    @property
    def is_tenpai(self) -> bool:
        """At least one kind completes the hand and has a copy in the set."""
        return bool(self.tiles)

    @property
    def copies_left(self) -> int:
        """Total copies of all waits that can still come (the wait's width)."""
        return sum(t.left for t in self.tiles)

    @property
    def is_karaten(self) -> bool:
        """Tenpai in form, but no winning tile can come: every wait is dead, or the
        only completion is a fifth copy of a kind the hand holds four of."""
        if self.tiles:
            return all(t.dead for t in self.tiles)
        return bool(self.fifth_copy)


def wait_report(hand: Hand, visible: Sequence[int] | Iterable[Tile | int] | None = None) -> WaitReport:
    """The full wait analysis of a 3n+1 hand.  ``visible`` is the tiles seen
    outside the hand (other players' discards and melds, dora indicators), as
    tiles, kinds, or a 34-count vector; it only changes the copies left."""
    seen = _visible_counts(visible)
    concealed = hand.concealed
    if len(concealed) % 3 != 1:
        return WaitReport(hand, ())
    counts = hand.counts()
    held = hand.all_counts()
    mask = wait_mask(counts, closed_13=len(concealed) == 13 and not hand.melds)
    tiles = []
    fifth = []
    for k in _kinds(mask):
        if held[k] >= 4:
            fifth.append(k)
            continue
        complete = hand.with_tile(Tile(k))
        reads = tuple(WaitReading(r, p) for r in readings(complete) for p in placements(r, k))
        tiles.append(WaitTile(k, reads, held[k], seen[k]))
    named = named_waits(hand) if tiles or fifth else ()
    return WaitReport(hand, tuple(tiles), tuple(fifth), named)


def _visible_counts(visible: Sequence[int] | Iterable[Tile | int] | None) -> list[int]:
    """Counts of the visible tiles: a sequence of exactly 34 ints is a count per
    kind (as in :func:`trainer.engine.ukeire.visible_counts`), anything else is
    tiles or kinds; None is nothing seen."""
    if visible is None:
        return [0] * NUM_KINDS
    if isinstance(visible, Sequence) and len(visible) == NUM_KINDS and all(type(v) is int for v in visible):
        counts = list(visible)
    else:
        counts = counts34(visible)
    for k, n in enumerate(counts):
        if not 0 <= n <= 4:
            raise ValueError(f"{n} visible copies of {kind_name(k)}: must be 0..4")
    return counts


__all__ = [
    "NamedWait",
    "Placement",
    "WaitPattern",
    "WaitReading",
    "WaitReport",
    "WaitShape",
    "WaitTile",
    "is_tenpai",
    "lone_tiles",
    "named_waits",
    "placements",
    "seven_pairs_wait_mask",
    "standard_wait_mask",
    "thirteen_orphans_wait_mask",
    "wait_mask",
    "wait_patterns",
    "wait_report",
    "waits",
]
