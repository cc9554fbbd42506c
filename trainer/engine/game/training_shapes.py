"""Hand shapes of the training games: suits ignored, dragons as tens or jokers, two pairs.

The training games of seed 000 («Маджонг – обучающие игры», 000:3441-3558) bend the
riichi shape in a few ways the standard shape functions (:mod:`trainer.engine.decompose`,
:mod:`trainer.engine.shanten`) do not know:

* **suits ignored** (kunto 000:3452, single-suit mahjong 000:3491): only the rank of a
  number tile matters, so 1m-2p-3s is a run and 5m-5p-5s a triplet;
* **dragons as tens** (十牌の数, 000:3402, 3453): chun is the 10 of characters,
  hatsu the 10 of bamboo, haku the 10 of dots, so 8-9-10 is a run;
* **dragons as jokers** (元ポッチ gen pocchi, 000:3453, 3503): a dragon stands for
  any tile of its suit (hatsu bamboo, chun characters, haku dots; any rank when
  suits are ignored); riichi turns it back into a plain dragon;
* **two pairs** (twelve-tile mahjong, 000:3477): 3 sets and 2 pairs of eyes;
* **one imaginary tile** (atama kasō, 000:3479): a 13-tile tenpai is a win, which is
  the same as a complete hand with one joker that may be anything;
* **the seed's own forms** (twelve-tile mahjong, 000:3477): 13 tiles that complete the hand as
  they are, each a pattern in MPSZ read with the suits or the winds exchanged (the mode file's
  ``[forms]``: thirteen orphans and nine gates as their many-sided waits, big four winds with
  one okurikan counted as two pairs).

A :class:`Shape` reads tiles into groups (one per suit, or one for all number
tiles when suits are ignored; one per honor) and answers :meth:`Shape.complete`,
:meth:`Shape.shanten` and :meth:`Shape.waits` by a small memoised search, which is
fast for the hands of these games (at most 14 tiles).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import permutations

from trainer.engine.tiles import NUM_KINDS

HAKU, HATSU, CHUN = 31, 32, 33
DRAGON_SUIT = {CHUN: 0, HAKU: 1, HATSU: 2}
"""The suit a dragon belongs to as a ten or a joker: chun man, haku pin, hatsu sou (000:3402, 3453)."""
SHAPES = ("standard", "two_pairs")
SUITS = ("kept", "ignored")
DRAGONS = ("plain", "tens", "jokers")
CAP = 4
"""No hand needs more than 4 sets, pairs or partial sets counted (keeps the searches small)."""


@dataclass(frozen=True, slots=True)
class Shape:
    """How one training game reads a hand: ``form`` (``standard`` n sets + a pair, or
    ``two_pairs`` 3 sets + 2 pairs), ``suits`` (``kept``/``ignored``), ``dragons``
    (``plain``/``tens``/``jokers``), ``imaginary`` free jokers (1 under atama kasō) and
    ``six_pairs``: six different pairs and one lone honor also complete a 13-tile hand
    (twelve-tile mahjong's stand-in for seven pairs, 000:3477), and ``forms``: (yaku id,
    pattern) pairs, 13 tiles that complete the hand as they are (:func:`form_tiles`)."""

    form: str = "standard"
    suits: str = "kept"
    dragons: str = "plain"
    imaginary: int = 0
    six_pairs: bool = False
    forms: tuple[tuple[str, str], ...] = ()

    @property
    def is_plain(self) -> bool:
        """True when the standard riichi functions read this shape unchanged."""
        return (self.form == "standard" and self.suits == "kept" and self.dragons == "plain" and not self.imaginary
                and not self.six_pairs and not self.forms)

    def canonical(self, kind: int) -> int:
        """One kind standing for every kind this shape reads the same way (1m for 1m/1p/1s when
        suits are ignored); lets a bot try each different tile once."""
        if self.suits == "ignored" and kind < 27:
            return kind % 9
        if self.dragons == "jokers" and kind >= HAKU and self.suits == "ignored":
            return HAKU
        return kind

    def pairs(self) -> int:
        """Pairs of eyes a complete hand has."""
        return 2 if self.form == "two_pairs" else 1

    def _read(self, kinds: Iterable[int], jokers_live: bool) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
        """Tiles as (sequential groups' rank counts, per-group jokers) plus honor groups."""
        groups = 1 if self.suits == "ignored" else 3
        ranks = 10 if self.dragons == "tens" else 9
        counts = [[0] * ranks for _ in range(groups)]
        jokers = [0] * groups
        honors = [0] * 7
        for k in kinds:
            if k < 27:
                counts[0 if groups == 1 else k // 9][k % 9] += 1
            elif k >= HAKU and self.dragons == "tens":
                counts[0 if groups == 1 else DRAGON_SUIT[k]][9] += 1
            elif k >= HAKU and self.dragons == "jokers" and jokers_live:
                jokers[0 if groups == 1 else DRAGON_SUIT[k]] += 1
            else:
                honors[k - 27] += 1
        seq = tuple(tuple(c) for c in counts)
        return seq + tuple((h,) for h in honors if h), tuple(jokers) + tuple(0 for h in honors if h)

    def complete(self, kinds: Sequence[int], *, jokers_live: bool = True) -> bool:
        """Whether the tiles (3n+2 with the imaginary ones) form the shape's complete hand."""
        if self.six_pairs and not self.imaginary and six_pairs_and_honor(kinds):
            return True
        if self.form_of(kinds):
            return True
        total = len(kinds) + self.imaginary
        pairs = self.pairs()
        if (total - 2 * pairs) % 3 or total < 2 * pairs:
            return False
        sets = (total - 2 * pairs) // 3
        groups, jokers = self._read(kinds, jokers_live)
        options = {(0, 0, self.imaginary)}
        for g, j in zip(groups, jokers, strict=True):
            seq = len(g) > 1
            nxt = set()
            for m, p, free in options:
                for use in range(free + 1):
                    for gm, gp in _group_complete(g, j + use, seq):
                        if m + gm <= sets and p + gp <= pairs:
                            nxt.add((m + gm, p + gp, free - use))
            options = nxt
            if not options:
                return False
        return any(m == sets and p == pairs and free == 0 for m, p, free in options) or any(
            _free_fill(sets - m, pairs - p, free) for m, p, free in options)

    def shanten(self, kinds: Sequence[int], *, jokers_live: bool = True) -> int:
        """Tiles still to change before the waiting hand (3n+1 with imaginary tiles) is ready;
        0 = tenpai, -1 = complete.  Jokers are counted as filling one gap each."""
        value = _shanten(self, tuple(sorted(kinds)), jokers_live)
        if self.six_pairs and not self.imaginary and len(kinds) in (12, 13):
            value = min(value, six_pairs_shanten(kinds))
        if self.forms and len(kinds) in (12, 13):
            value = min(value, forms_shanten(self.forms, tuple(sorted(kinds))))
        return value

    def form_of(self, kinds: Sequence[int]) -> str:
        """The yaku id of the shape's own form the 13 tiles ``kinds`` make (a form completes the hand
        as it is, with or without the imaginary tile of atama kasō); "" for none."""
        if not self.forms or len(kinds) != 13:
            return ""
        held = tuple(sorted(kinds))
        return next((yaku for yaku, pattern in self.forms if held in form_tiles(pattern)), "")

    def _shanten(self, kinds: Sequence[int], jokers_live: bool) -> int:
        total = len(kinds) + self.imaginary
        pairs = self.pairs()
        sets = max(0, (total + 1 - 2 * pairs) // 3)
        groups, jokers = self._read(kinds, jokers_live)
        best: set[tuple[int, int, int]] = {(0, 0, 0)}
        for g in groups:
            parts = _group_parts(g, len(g) > 1)
            best = {(min(m + a, sets), pr + b, t + c) for m, pr, t in best for a, b, c in parts}
        value = 0
        for m, pr, t in best:
            m = min(m, sets)
            heads = min(pr, pairs)
            partial = min(t + pr - heads, sets - m)
            value = max(value, 2 * m + partial + heads)
        base = 2 * sets + pairs - 1 - value
        return max(-1, base - sum(jokers) - self.imaginary)

    def waits(self, kinds: Sequence[int], candidates: Iterable[int], *, jokers_live: bool = True) -> tuple[int, ...]:
        """Kinds among ``candidates`` that complete the waiting hand ``kinds``."""
        tiles = list(kinds)
        return tuple(k for k in candidates if self.complete([*tiles, k], jokers_live=jokers_live))


def six_pairs_and_honor(kinds: Sequence[int]) -> bool:
    """Six different pairs and one lone honor tile (13 tiles): twelve-tile mahjong's form
    instead of seven pairs (000:3477)."""
    if len(kinds) != 13:
        return False
    counts = Counter(kinds)
    singles = [k for k, n in counts.items() if n == 1]
    return sum(1 for n in counts.values() if n == 2) == 6 and len(singles) == 1 and singles[0] >= 27


def six_pairs_shanten(kinds: Sequence[int]) -> int:
    """Shanten towards six pairs and a lone honor: the pairs still missing plus the honor, less one
    (0 = one tile short; -1 = complete)."""
    counts = Counter(kinds)
    pairs = min(6, sum(1 for n in counts.values() if n >= 2))
    honor = any(k >= 27 and n == 1 for k, n in counts.items())
    return max(-1, (6 - pairs) + (0 if honor else 1) - 1)


SUIT_ORDERS = tuple(permutations(range(3)))
WIND_ORDERS = tuple(permutations(range(4)))


@cache
def form_tiles(pattern: str) -> frozenset[tuple[int, ...]]:
    """Every 13-tile hand (sorted kinds) a form's ``pattern`` (MPSZ) stands for: the pattern with the
    number suits exchanged or the winds exchanged (1112345678999m is nine gates in any suit,
    1112223334444z big four winds with any wind as the four)."""
    from trainer.engine.notation import parse_tiles

    kinds = [t.kind for t in parse_tiles(pattern)]
    return frozenset(tuple(sorted(_relabel(k, suits, winds) for k in kinds))
                     for suits in SUIT_ORDERS for winds in WIND_ORDERS)


def _relabel(kind: int, suits: Sequence[int], winds: Sequence[int]) -> int:
    """``kind`` with its number suit moved to ``suits[suit]``, or its wind to ``winds[wind]``."""
    if kind < 27:
        return suits[kind // 9] * 9 + kind % 9
    if kind < 31:
        return 27 + winds[kind - 27]
    return kind


@lru_cache(maxsize=20_000)
def forms_shanten(forms: tuple[tuple[str, str], ...], kinds: tuple[int, ...]) -> int:
    """Shanten of 12 or 13 tiles towards the nearest of the ``forms``: the form's tiles still
    missing, less one (0 = one tile short; -1 = complete)."""
    held = [0] * NUM_KINDS
    for k in kinds:
        held[k] += 1
    best = max(sum(min(n, held[k]) for k, n in target) for target in _form_counts(forms))
    return max(-1, 13 - best - 1)


@cache
def _form_counts(forms: tuple[tuple[str, str], ...]) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Every hand the ``forms`` stand for as (kind, copies) pairs."""
    return tuple(tuple(Counter(hand).items()) for _yaku, pattern in forms for hand in form_tiles(pattern))


@lru_cache(maxsize=200_000)
def _shanten(shape: Shape, kinds: tuple[int, ...], jokers_live: bool) -> int:
    """Memoised :meth:`Shape.shanten` by the sorted kinds."""
    return shape._shanten(kinds, jokers_live)


def _free_fill(sets: int, pairs: int, free: int) -> bool:
    """Whether ``free`` leftover imaginary tiles make exactly the missing sets and pairs."""
    return sets >= 0 and pairs >= 0 and 3 * sets + 2 * pairs == free


@cache
def _group_complete(counts: tuple[int, ...], jokers: int, seq: bool) -> frozenset[tuple[int, int]]:
    """Every (sets, pairs) that uses all tiles of one group and all its ``jokers``."""
    i = next((r for r, c in enumerate(counts) if c), None)
    if i is None:
        return frozenset((a, b) for a in range(jokers // 3 + 1) for b in range(jokers // 2 + 1)
                         if 3 * a + 2 * b == jokers)
    out: set[tuple[int, int]] = set()

    def take(used: dict[int, int], need_jokers: int, add: tuple[int, int]) -> None:
        if need_jokers > jokers:
            return
        rest = list(counts)
        for r, n in used.items():
            if rest[r] < n:
                return
            rest[r] -= n
        for m, p in _group_complete(tuple(rest), jokers - need_jokers, seq):
            out.add((m + add[0], p + add[1]))

    for real in (1, 2, 3):
        take({i: real}, 3 - real, (1, 0))
    for real in (1, 2):
        take({i: real}, 2 - real, (0, 1))
    if seq:
        for lo in (i - 2, i - 1, i):
            if lo < 0 or lo + 2 >= len(counts):
                continue
            used = {r: 1 for r in range(lo, lo + 3) if r == i or (r > i and counts[r])}
            # ranks below i are empty (i is the first tile), so they are jokers
            take(used, 3 - len(used), (1, 0))
    return frozenset(out)


@cache
def _group_parts(counts: tuple[int, ...], seq: bool) -> frozenset[tuple[int, int, int]]:
    """Pareto-best (sets, pairs, partial sets) one group of real tiles can be read as."""
    i = next((r for r, c in enumerate(counts) if c), None)
    if i is None:
        return frozenset({(0, 0, 0)})
    out: set[tuple[int, int, int]] = set()

    def take(used: Sequence[int], add: tuple[int, int, int]) -> None:
        rest = list(counts)
        for r in used:
            if r >= len(rest) or rest[r] == 0:
                return
            rest[r] -= 1
        for m, p, t in _group_parts(tuple(rest), seq):
            out.add((min(m + add[0], CAP), min(p + add[1], CAP), min(t + add[2], CAP)))

    rest = list(counts)
    rest[i] = 0  # no more blocks start here: the remaining copies of this rank stay isolated
    out.update(_group_parts(tuple(rest), seq))
    take([i, i, i], (1, 0, 0))
    take([i, i], (0, 1, 0))
    if seq:
        take([i, i + 1, i + 2], (1, 0, 0))
        take([i, i + 1], (0, 0, 1))
        take([i, i + 2], (0, 0, 1))
    return frozenset(_prune(out))


def _prune(options: set[tuple[int, int, int]]) -> set[tuple[int, int, int]]:
    """Drop readings another reading beats in every count (the kept ones are few, so each
    option is compared with them only)."""
    kept: list[tuple[int, int, int]] = []
    for o in sorted(options, key=sum, reverse=True):
        if not any(k[0] >= o[0] and k[1] >= o[1] and k[2] >= o[2] for k in kept):
            kept.append(o)
    return set(kept)


def all_kinds() -> range:
    """Every tile kind (0..33), the candidates for a wait."""
    return range(NUM_KINDS)


__all__ = ["DRAGONS", "DRAGON_SUIT", "SHAPES", "SUITS", "Shape", "all_kinds", "form_tiles", "forms_shanten"]
