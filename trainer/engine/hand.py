"""Hands and declared melds as immutable values.

A :class:`Hand` is the concealed tiles (including a just-drawn or winning tile)
plus the melds declared on the table.  Open melds are chi (a run called from
the left), pon (a called triplet), open kan (daiminkan, a called quad) and added
kan (shouminkan, a pon upgraded with the fourth tile); a closed kan (ankan) is
declared from the player's own four tiles and keeps the hand concealed.  Where the suits are
ignored a kan may be four tiles of one rank in mixed suits (:class:`RankKan`).

Hand size is measured as a player sees it: every meld counts three tiles (a kan
is four tiles but takes the place of one set), so a normal hand is 13 tiles
waiting or 14 tiles complete, and training hands are 1, 4, 7, 10 (3n+1) waiting
or 2, 5, 8, 11 (3n+2) with the drawn tile.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from trainer.engine.tiles import NUM_KINDS, Tile, counts34, kind_name


class MeldKind(Enum):
    """The kinds of declared meld."""

    CHI = "chi"
    PON = "pon"
    KAN_OPEN = "daiminkan"
    KAN_ADDED = "shouminkan"
    KAN_CLOSED = "ankan"

    @property
    def is_kan(self) -> bool:
        """A quad of any kind (it draws a replacement tile from the dead wall)."""
        return self in (MeldKind.KAN_OPEN, MeldKind.KAN_ADDED, MeldKind.KAN_CLOSED)

    @property
    def is_open(self) -> bool:
        """True for every meld except a closed kan: an open meld makes the hand open."""
        return self is not MeldKind.KAN_CLOSED


class Source(Enum):
    """The player a tile was called from, seen from the caller."""

    LEFT = "<"  # kamicha, the only player one may chi from
    ACROSS = "^"  # toimen
    RIGHT = ">"  # shimocha


@dataclass(frozen=True, slots=True)
class Meld:
    """A declared set: its kind, its tiles (sorted), and optionally which tile was called
    and from whom."""

    kind: MeldKind
    tiles: tuple[Tile, ...]
    called: Tile | None = None
    source: Source | None = None

    def __post_init__(self) -> None:
        kinds = [t.kind for t in self.tiles]
        if self.kind is MeldKind.CHI:
            if len(kinds) != 3 or kinds[0] >= 27 or not (
                kinds[1] == kinds[0] + 1 and kinds[2] == kinds[0] + 2 and kinds[0] % 9 <= 6
            ):
                raise ValueError("a chi is three consecutive tiles of one number suit")
            if self.source not in (None, Source.LEFT):
                raise ValueError("a chi can only be called from the player on the left")
        elif self.kind is MeldKind.PON:
            if len(kinds) != 3 or len(set(kinds)) != 1:
                raise ValueError("a pon is three identical tiles")
        else:
            if len(kinds) != 4 or len(set(kinds)) != 1:
                raise ValueError("a kan is four identical tiles")
            if self.kind is MeldKind.KAN_CLOSED and self.source is not None:
                raise ValueError("a closed kan is not called from anybody")
        if self.called is not None and self.called not in self.tiles:
            raise ValueError("the called tile must be one of the meld's tiles")

    @property
    def first(self) -> int:
        """The lowest kind in the meld (the run's start, or the triplet's kind)."""
        return self.tiles[0].kind

    @property
    def is_open(self) -> bool:
        """Whether this meld opens the hand."""
        return self.kind.is_open

    def __str__(self) -> str:
        from trainer.engine.notation import format_meld

        return format_meld(self)


@dataclass(frozen=True, slots=True)
class RankKan(Meld):
    """A kan of four number tiles of one rank in a game that ignores the suits (single-suit
    mahjong, variant 1: 5m 5p 5s 5s is four of a kind), written with each tile's suit,
    ``[5m5p55s]`` (:func:`trainer.engine.notation.format_meld`); the scoring deals it out in one
    real suit (:func:`trainer.engine.game.resuit.suited_melds`)."""

    def __post_init__(self) -> None:
        kinds = [t.kind for t in self.tiles]
        if not self.kind.is_kan or len(kinds) != 4 or any(k >= 27 for k in kinds) or len({k % 9 for k in kinds}) != 1:
            raise ValueError("a kan with the suits ignored is four number tiles of one rank")
        if self.kind is MeldKind.KAN_CLOSED and self.source is not None:
            raise ValueError("a closed kan is not called from anybody")
        if self.called is not None and self.called not in self.tiles:
            raise ValueError("the called tile must be one of the meld's tiles")


@dataclass(frozen=True, slots=True)
class Hand:
    """Concealed tiles plus declared melds.  Build one with :func:`trainer.engine.notation.parse_hand`."""

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...] = ()

    @property
    def size(self) -> int:
        """Tiles as a player counts them: concealed tiles plus three per meld."""
        return len(self.concealed) + 3 * len(self.melds)

    @property
    def is_closed(self) -> bool:
        """True when no meld is open (closed kans keep a hand closed: menzen)."""
        return all(not m.is_open for m in self.melds)

    def counts(self) -> list[int]:
        """34 counts of the concealed tiles only."""
        return counts34(self.concealed)

    def all_counts(self) -> list[int]:
        """34 counts of every tile the hand holds, melds included."""
        c = counts34(self.concealed)
        for m in self.melds:
            for t in m.tiles:
                c[t.kind] += 1
        return c

    def all_tiles(self) -> tuple[Tile, ...]:
        """Every physical tile of the hand, concealed first, then the melds'."""
        return self.concealed + tuple(t for m in self.melds for t in m.tiles)

    def red_fives(self) -> int:
        """How many red fives the hand holds (each is one aka dora)."""
        return sum(t.red for t in self.all_tiles())

    def without(self, tile: Tile) -> Hand:
        """The hand after discarding one copy of ``tile`` from the concealed tiles
        (a plain five is taken before a red one unless the red one is asked for)."""
        concealed = list(self.concealed)
        if tile in concealed:
            concealed.remove(tile)
        else:
            match = next((t for t in concealed if t.kind == tile.kind), None)
            if match is None:
                raise ValueError(f"the hand holds no {tile}")
            concealed.remove(match)
        return Hand(tuple(concealed), self.melds)

    def with_tile(self, tile: Tile) -> Hand:
        """The hand after drawing ``tile`` (kept in canonical order)."""
        return Hand(tuple(sorted(self.concealed + (tile,))), self.melds)

    def __str__(self) -> str:
        from trainer.engine.notation import format_hand

        return format_hand(self)


def check_copies(counts: list[int], limit: int = 4) -> None:
    """Raise ValueError naming the first kind held more than ``limit`` times."""
    for k in range(NUM_KINDS):
        if counts[k] > limit:
            raise ValueError(f"{counts[k]} copies of {kind_name(k)}: a set has only {limit}")


def check_red_fives(tiles: Iterable[Tile], limit: int = 1) -> None:
    """Raise ValueError naming the first suit with more than ``limit`` red fives (aka dora).

    The riichi sets of every rule preset have one red five per suit, so a hand
    holding ``00m`` cannot exist; ``limit`` is for other sets (four red fives: two 5p)."""
    reds = [0, 0, 0]
    for t in tiles:
        if t.red:
            reds[t.kind // 9] += 1
    for suit, n in enumerate(reds):
        if n > limit:
            letter = "mps"[suit]
            each = "one red five" if limit == 1 else f"{limit} red fives"
            raise ValueError(f"{n} red 5{letter} (0{letter}): a set has only {each} per suit")
