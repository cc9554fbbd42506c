"""Tiles: the 34 kinds of riichi mahjong, red fives, and tile counts.

A tile *kind* is an integer 0..33 — the compact form every algorithm in the
engine works on:

    0..8   man (characters) 1m..9m
    9..17  pin (dots)       1p..9p
    18..26 sou (bamboo)     1s..9s
    27..33 honors           1z..7z = East, South, West, North, White, Green, Red

A :class:`Tile` is an immutable value: a kind plus the red-five flag (red fives
are written ``0`` in MPSZ notation: ``0m`` is the red 5m).  Physical copies are
not distinguished otherwise: two 3p tiles are equal.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

SUITS: Final = "mpsz"
"""Suit letters in notation order: man, pin, sou, honors (jihai)."""

NUM_KINDS: Final = 34
MAN, PIN, SOU, HONOR = 0, 1, 2, 3

EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED = range(27, 34)
WINDS: Final = (EAST, SOUTH, WEST, NORTH)
DRAGONS: Final = (WHITE, GREEN, RED)

TERMINALS_AND_HONORS: Final = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
"""The thirteen kinds of thirteen orphans (kokushi musou): yaochuuhai."""

WIND_LETTERS: Final = "ESWN"


def kind_of(suit: int, rank: int) -> int:
    """The kind index of the tile of ``suit`` (0..3) and ``rank`` (1..9, honors 1..7)."""
    return suit * 9 + rank - 1


def suit_of(kind: int) -> int:
    """The suit of a kind: 0 man, 1 pin, 2 sou, 3 honors."""
    return kind // 9


def rank_of(kind: int) -> int:
    """The printed number of a kind (1..9), or the honor number 1..7 (1z = East ... 7z = Red)."""
    return kind % 9 + 1


def is_honor(kind: int) -> bool:
    """Honors (jihai): the four winds and three dragons."""
    return kind >= 27


def is_terminal(kind: int) -> bool:
    """Terminals (routouhai): the ones and nines of the three number suits."""
    return kind < 27 and kind % 9 in (0, 8)


def is_yaochuu(kind: int) -> bool:
    """Terminals and honors together (yaochuuhai), the tiles tanyao forbids."""
    return kind >= 27 or kind % 9 in (0, 8)


def is_simple(kind: int) -> bool:
    """Simples (chunchanpai): number tiles 2..8."""
    return kind < 27 and 0 < kind % 9 < 8


def is_wind(kind: int) -> bool:
    """The four winds (kazehai), 1z..4z."""
    return 27 <= kind <= 30


def is_dragon(kind: int) -> bool:
    """The three dragons (sangenpai), 5z..7z: White (haku), Green (hatsu), Red (chun)."""
    return kind >= 31


def kind_name(kind: int) -> str:
    """MPSZ name of a kind, e.g. ``'5p'`` or ``'1z'``."""
    return f"{rank_of(kind)}{SUITS[suit_of(kind)]}"


def kind_from_name(name: str) -> int:
    """Parse one tile name such as ``'5p'``, ``'0s'`` (red five counts as kind 5s) or ``'7z'``."""
    return parse_tile(name).kind


def wind_kind(letter: str) -> int:
    """The kind of a wind given as a letter E/S/W/N (seat or round wind)."""
    try:
        return EAST + WIND_LETTERS.index(letter.upper())
    except ValueError:
        raise ValueError(f"{letter!r} is not a wind: use E, S, W or N") from None


@dataclass(frozen=True, slots=True, order=True)
class Tile:
    """One tile: its kind (0..33) and whether it is a red five (aka dora)."""

    kind: int
    red: bool = False

    def __post_init__(self) -> None:
        if not 0 <= self.kind < NUM_KINDS:
            raise ValueError(f"tile kind {self.kind} is out of range 0..33")
        if self.red and (self.kind >= 27 or self.kind % 9 != 4):
            raise ValueError(f"only a five can be red, not {kind_name(self.kind)}")

    @property
    def suit(self) -> int:
        """0 man, 1 pin, 2 sou, 3 honors."""
        return self.kind // 9

    @property
    def suit_letter(self) -> str:
        """'m', 'p', 's' or 'z'."""
        return SUITS[self.kind // 9]

    @property
    def rank(self) -> int:
        """The printed number (honors 1..7 as in 1z..7z)."""
        return self.kind % 9 + 1

    @property
    def is_honor(self) -> bool:
        """Winds and dragons."""
        return self.kind >= 27

    @property
    def is_terminal(self) -> bool:
        """Ones and nines of a number suit."""
        return is_terminal(self.kind)

    @property
    def is_yaochuu(self) -> bool:
        """Terminals or honors."""
        return is_yaochuu(self.kind)

    @property
    def is_simple(self) -> bool:
        """Number tiles 2..8."""
        return is_simple(self.kind)

    def plain(self) -> Tile:
        """The same tile without the red flag (a red 5m becomes a plain 5m)."""
        return Tile(self.kind) if self.red else self

    def __str__(self) -> str:
        return f"{0 if self.red else self.kind % 9 + 1}{SUITS[self.kind // 9]}"

    def __repr__(self) -> str:
        return f"Tile({str(self)!r})"


ALL_KINDS: Final = tuple(Tile(k) for k in range(NUM_KINDS))


def parse_tile(name: str) -> Tile:
    """Parse a single tile in MPSZ form: ``'3m'``, ``'0p'`` (red 5p), ``'6z'`` (Green dragon)."""
    if len(name) != 2 or name[0] not in "0123456789" or name[1] not in SUITS:
        raise ValueError(f"{name!r} is not a tile: write a digit and a suit letter, e.g. 5m, 0p, 7z")
    digit, suit = int(name[0]), SUITS.index(name[1])
    if suit == HONOR:
        if not 1 <= digit <= 7:
            raise ValueError(f"{name!r} is not a tile: honors are 1z..7z")
        return Tile(kind_of(suit, digit))
    if digit == 0:
        return Tile(kind_of(suit, 5), red=True)
    return Tile(kind_of(suit, digit))


def counts34(tiles: Iterable[Tile | int]) -> list[int]:
    """A list of 34 counts: how many tiles of each kind (red fives count as fives)."""
    counts = [0] * NUM_KINDS
    for t in tiles:
        counts[t if isinstance(t, int) else t.kind] += 1
    return counts


def tiles_from_counts(counts: Iterable[int]) -> tuple[Tile, ...]:
    """The plain tiles described by a 34-count vector, in kind order."""
    return tuple(Tile(k) for k, n in enumerate(counts) for _ in range(n))


def dora_from_indicator(kind: int) -> int:
    """The dora kind an indicator points to: next number with 9 -> 1, winds E>S>W>N>E,
    dragons White>Green>Red>White."""
    if kind < 27:
        return kind - kind % 9 + (kind % 9 + 1) % 9
    if kind <= NORTH:
        return EAST + (kind - EAST + 1) % 4
    return WHITE + (kind - WHITE + 1) % 3
