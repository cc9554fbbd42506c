"""Readings of a complete hand: every way to split it into sets and a pair.

A complete hand (agari-kei) of 3n+2 tiles can be read in one of three forms:

* **standard** (四面子一雀頭): n sets (runs = shuntsu, triplets = koutsu, or the
  declared quads = kantsu) and one pair (jantou, the "eyes");
* **seven pairs** (七対子 chiitoitsu): seven different pairs, concealed 14 tiles;
* **thirteen orphans** (国士無双 kokushi musou): one of each terminal and honor
  plus a second copy of one of them.

Many hands have more than one reading (``111222333m`` is three triplets or three
identical runs; ``22334455m66p`` is a standard hand *and* seven pairs), and the
score of a hand is the best over its readings, so :func:`readings` returns all.

Each suit is decomposed on its own (runs never cross suits) and the per-suit
results are memoised, so reading a hand costs a handful of dictionary look-ups
once the common suit patterns have been seen.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import cache
from itertools import product

from trainer.engine.hand import Hand, Meld, MeldKind
from trainer.engine.tiles import NUM_KINDS, TERMINALS_AND_HONORS, kind_name


class Form(Enum):
    """The shape a complete hand takes."""

    STANDARD = "standard"
    SEVEN_PAIRS = "seven_pairs"
    THIRTEEN_ORPHANS = "thirteen_orphans"


class GroupKind(Enum):
    """What a group of tiles inside a reading is."""

    RUN = "run"  # shuntsu / chi: three consecutive number tiles
    TRIPLET = "triplet"  # koutsu / pon
    QUAD = "quad"  # kantsu: only ever a declared kan
    PAIR = "pair"  # toitsu: the jantou of a standard hand, or one of seven pairs

    @property
    def size(self) -> int:
        """How many tiles a group of this kind holds."""
        return _SIZES[self]


_SIZES = {GroupKind.RUN: 3, GroupKind.TRIPLET: 3, GroupKind.QUAD: 4, GroupKind.PAIR: 2}


@dataclass(frozen=True, slots=True, order=False)
class Group:
    """One block of a reading: a run, triplet, quad or pair starting at kind ``first``.

    ``declared`` is True for a meld shown on the table (chi, pon or any kan,
    closed kans included); ``open`` is True when it was called from another
    player, which makes the hand open (a closed kan is declared but not open).
    A group formed from concealed tiles, even one completed by a ron, has
    ``declared=False`` here; whether a ron-completed triplet counts as open for
    fu and yaku is decided by the scorer from the winning-tile placement.
    """

    kind: GroupKind
    first: int
    declared: bool = False
    open: bool = False

    def kinds(self) -> tuple[int, ...]:
        """The tile kinds the group covers, with repeats: a run three kinds, a
        triplet the kind three times, a quad four times, a pair twice."""
        if self.kind is GroupKind.RUN:
            return (self.first, self.first + 1, self.first + 2)
        return (self.first,) * _SIZES[self.kind]

    @property
    def is_concealed(self) -> bool:
        """True for a group built from the hand's own tiles and not shown on the table
        (a closed kan is declared, so it is not 'concealed' in this sense)."""
        return not self.declared

    def __str__(self) -> str:
        from trainer.engine.notation import format_tiles

        body = format_tiles(self.kinds())
        if self.declared:
            return f"[{body}]" if not self.open else f"({body})"
        return body


@dataclass(frozen=True, slots=True)
class Reading:
    """One decomposition of a complete hand.

    STANDARD: ``groups`` are the sets built from concealed tiles (in kind order),
    then the declared melds (in the hand's order), then the pair last.
    SEVEN_PAIRS: seven PAIR groups in kind order. THIRTEEN_ORPHANS: ``groups`` is
    empty and ``orphan_pair`` is the kind held twice.
    """

    form: Form
    groups: tuple[Group, ...]
    orphan_pair: int | None = None

    @property
    def pair(self) -> Group | None:
        """The pair (jantou) of a standard reading; None for seven pairs and thirteen orphans."""
        if self.form is not Form.STANDARD:
            return None
        for g in self.groups:
            if g.kind is GroupKind.PAIR:
                return g
        return None

    @property
    def sets(self) -> tuple[Group, ...]:
        """The sets (mentsu) of a standard reading: every group but the pair."""
        if self.form is not Form.STANDARD:
            return ()
        return tuple(g for g in self.groups if g.kind is not GroupKind.PAIR)

    def __str__(self) -> str:
        if self.form is Form.THIRTEEN_ORPHANS:
            from trainer.engine.notation import format_tiles

            return "kokushi " + format_tiles(sorted((*TERMINALS_AND_HONORS, self.orphan_pair or 0)))
        return " ".join(str(g) for g in self.groups)


# --------------------------------------------------------------------------- per-suit tables

SuitSets = tuple[tuple[int, ...], ...]
"""Decompositions of one suit into sets: each a tuple of codes, ``r`` (0..8) for
a triplet of rank index r, ``9 + r`` for a run starting at rank index r."""


@cache
def _suit_sets(counts: tuple[int, ...], honors: bool) -> SuitSets:
    """Every multiset of sets exactly covering ``counts`` (one suit, 9 or 7 ranks)."""
    i = 0
    n = len(counts)
    while i < n and counts[i] == 0:
        i += 1
    if i == n:
        return ((),)
    found: set[tuple[int, ...]] = set()
    c = list(counts)
    if c[i] >= 3:
        c[i] -= 3
        for rest in _suit_sets(tuple(c), honors):
            found.add(tuple(sorted((i, *rest))))
        c[i] += 3
    if not honors and i <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        for rest in _suit_sets(tuple(c), honors):
            found.add(tuple(sorted((9 + i, *rest))))
    return tuple(sorted(found))


@cache
def _suit_with_pair(counts: tuple[int, ...], honors: bool) -> tuple[tuple[int, SuitSets], ...]:
    """For a suit holding the pair: (pair rank index, set decompositions) for every
    rank whose pair leaves a decomposable rest."""
    out = []
    c = list(counts)
    for r, n in enumerate(counts):
        if n >= 2:
            c[r] -= 2
            sets = _suit_sets(tuple(c), honors)
            c[r] += 2
            if sets:
                out.append((r, sets))
    return tuple(out)


_SUIT_SLICES = ((0, 9, False), (9, 18, False), (18, 27, False), (27, 34, True))


def _meld_group(meld: Meld) -> Group:
    if meld.kind is MeldKind.CHI:
        kind = GroupKind.RUN
    elif meld.kind is MeldKind.PON:
        kind = GroupKind.TRIPLET
    else:
        kind = GroupKind.QUAD
    return Group(kind, meld.first, True, meld.is_open)


def _standard(counts: list[int], declared: tuple[Group, ...]) -> list[Reading]:
    per_suit: list[tuple[int, tuple[int, ...], bool]] = []
    pair_suits = 0
    for lo, hi, honors in _SUIT_SLICES:
        sc = tuple(counts[lo:hi])
        total = sum(sc)
        if total % 3 == 1:
            return []
        if total % 3 == 2:
            pair_suits += 1
        per_suit.append((lo, sc, honors))
    if pair_suits != 1:
        return []
    options = []
    for lo, sc, honors in per_suit:
        choices = _suit_choices(lo, sc, honors)
        if not choices:
            return []
        options.append(choices)
    out = []
    if len(options) == 4 and all(len(o) == 1 for o in options):  # the usual case: one reading
        (a, pa), (b, pb), (c, pc), (d, pd) = (o[0] for o in options)
        pair = pa or pb or pc or pd
        return [Reading(Form.STANDARD, (*a, *b, *c, *d, *declared, pair))]  # type: ignore[arg-type]
    for combo in product(*options):
        sets = tuple(g for part, _ in combo for g in part)
        pair = next(p for _, p in combo if p is not None)
        out.append(Reading(Form.STANDARD, (*sets, *declared, pair)))
    return out


@cache
def _suit_choices(
    lo: int, sc: tuple[int, ...], honors: bool
) -> tuple[tuple[tuple[Group, ...], Group | None], ...]:
    """The ways one suit splits, as (sets in reading order, the pair or None)."""
    if sum(sc) % 3 == 2:
        return tuple(
            (tuple(sorted(_groups(lo, dec), key=_order)), Group(GroupKind.PAIR, lo + r))
            for r, decs in _suit_with_pair(sc, honors)
            for dec in decs
        )
    return tuple((tuple(sorted(_groups(lo, dec), key=_order)), None) for dec in _suit_sets(sc, honors))


def _order(g: Group) -> tuple[int, int]:
    return (g.first, g.kind is GroupKind.RUN)


def _groups(lo: int, dec: tuple[int, ...]) -> tuple[Group, ...]:
    return tuple(
        Group(GroupKind.RUN, lo + code - 9) if code >= 9 else Group(GroupKind.TRIPLET, lo + code)
        for code in dec
    )


def readings(hand: Hand) -> list[Reading]:
    """Every reading (decomposition) of a complete hand, in all forms.

    Standard readings come first, then seven pairs, then thirteen orphans.  The
    list is empty when the hand is not complete, including any hand whose
    concealed part is not 3n+2 tiles.  Seven pairs needs seven *different*
    pairs (four of a kind is not two pairs) and, like thirteen orphans, a fully
    concealed 14-tile hand with no declared melds.

    Raises :class:`ImpossibleHand` for a hand no tile set can deal: more than
    14 tiles (each meld counting three) or a fifth copy of a kind.
    """
    counts = hand.counts()
    n = len(hand.concealed)
    _check_possible(hand, counts)
    if n % 3 != 2:
        return []
    declared = tuple(_meld_group(m) for m in hand.melds)
    out = _standard(counts, declared)
    if n == 14 and not hand.melds:
        if sum(1 for c in counts if c == 2) == 7:
            out.append(
                Reading(
                    Form.SEVEN_PAIRS,
                    tuple(Group(GroupKind.PAIR, k) for k in range(NUM_KINDS) if counts[k] == 2),
                )
            )
        orphan = _orphan_pair(counts)
        if orphan is not None:
            out.append(Reading(Form.THIRTEEN_ORPHANS, (), orphan))
    return out


class ImpossibleHand(ValueError):
    """A hand that cannot exist at a riichi table: too many tiles or a fifth copy."""


def _check_possible(hand: Hand, counts: list[int]) -> None:
    """Refuse a hand of more than 14 tiles or with five copies of a kind (melds included)."""
    if hand.size > 14:
        raise ImpossibleHand(f"a hand has at most 14 tiles (each meld counting 3), this one has {hand.size}")
    if hand.melds:
        counts = hand.all_counts()
    if max(counts) > 4:
        k = counts.index(max(counts))
        raise ImpossibleHand(f"{counts[k]} copies of {kind_name(k)}: a set has only 4")


def _orphan_pair(counts: list[int]) -> int | None:
    """The doubled kind if ``counts`` is exactly the thirteen orphans plus one of them."""
    pair = None
    for k in TERMINALS_AND_HONORS:
        c = counts[k]
        if c == 2 and pair is None:
            pair = k
        elif c != 1:
            return None
    if pair is None or sum(counts) != 14:
        return None
    return pair


def is_complete(hand: Hand) -> bool:
    """True when the hand is a finished (agari) shape in any form: n sets and a
    pair, seven different pairs, or thirteen orphans (yaku are not checked)."""
    counts = hand.counts()
    n = len(hand.concealed)
    if n % 3 != 2:
        return False
    if n == 14 and not hand.melds:
        if sum(1 for c in counts if c == 2) == 7 or _orphan_pair(counts) is not None:
            return True
    return is_standard_complete(counts)


def is_standard_complete(counts: list[int]) -> bool:
    """True when the 34 concealed counts (3n+2 tiles) split into sets and one pair."""
    pair_suits = 0
    for lo, hi, honors in _SUIT_SLICES:
        sc = tuple(counts[lo:hi])
        r = sum(sc) % 3
        if r == 1:
            return False
        if r == 2:
            pair_suits += 1
            if not _suit_with_pair(sc, honors):
                return False
        elif not _suit_sets(sc, honors):
            return False
    return pair_suits == 1


__all__ = [
    "Form",
    "Group",
    "GroupKind",
    "ImpossibleHand",
    "Reading",
    "is_complete",
    "is_standard_complete",
    "readings",
]
