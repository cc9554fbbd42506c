"""The wall: live wall, dead wall, dora indicators and replacement (rinshan) tiles.

A wall is built from any tile set (the standard 136 tiles with or without red
fives, or a children's set) and shuffled with a seedable random generator, so
the same seed always gives the same wall.

Layout, following the rulebook (001:78-99, 001:232-237): the tiles are kept in
drawing order.  The last 14 form the dead wall, seven stacks of two (top,
bottom).  Counting stacks from the far end of the dead wall:

* rinshan (replacement) tiles are taken from the far end: top of the last
  stack, bottom of the last stack, then the next stack;
* the dora indicator is the top tile of the third stack from the end; kan dora
  indicators are the next tops toward the live wall; ura indicators lie under
  them.

Each replacement draw shortens the live wall by one tile (its last tile is
counted into the dead wall, 001:222), so haitei comes one tile earlier per kan.

At three players with nukidora a North set aside also takes a replacement tile
(up to eight replacements: four kans and four Norths).  After the four rinshan
tiles of the dead wall, the next replacements are the tiles moved into the dead
wall from the end of the live wall, the first moved first.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from trainer.engine.tiles import NUM_KINDS, Tile

DEAD_WALL = 14
MAX_KANS = 4


def standard_tiles(red_fives: int = 1) -> tuple[Tile, ...]:
    """The 136 tiles of riichi mahjong; ``red_fives`` (0..4) copies of each five are red."""
    tiles = []
    for k in range(NUM_KINDS):
        red = red_fives if k < 27 and k % 9 == 4 else 0
        tiles.extend(Tile(k, red=i < red) for i in range(4))
    return tuple(tiles)


class WallError(ValueError):
    """A wall that cannot be played: too few tiles, or drawing past its end."""


class Wall:
    """One hand's wall in drawing order.  Mutable: drawing advances the pointers."""

    __slots__ = ("tiles", "_next", "_live_end", "_rinshan_drawn", "_indicators_shown", "max_replacements")

    def __init__(self, tiles: Sequence[Tile], max_replacements: int = MAX_KANS) -> None:
        if len(tiles) < DEAD_WALL + 3 * 13 + 1:
            raise WallError(f"a wall needs at least {DEAD_WALL + 40} tiles, got {len(tiles)}")
        self.tiles: tuple[Tile, ...] = tuple(tiles)
        self.max_replacements = max_replacements
        self._next = 0
        self._live_end = len(self.tiles) - DEAD_WALL
        self._rinshan_drawn = 0
        self._indicators_shown = 1

    @classmethod
    def shuffled(cls, tile_set: Sequence[Tile], rng: random.Random, max_replacements: int = MAX_KANS) -> Wall:
        """A wall of ``tile_set`` shuffled by ``rng`` (same generator state, same wall);
        ``max_replacements`` is 8 at a three-player table with nukidora."""
        tiles = list(tile_set)
        rng.shuffle(tiles)
        return cls(tiles, max_replacements)

    # --- the dead wall -------------------------------------------------------
    def _dead(self, index: int) -> Tile:
        """Tile ``index`` of the dead wall: stacks 0..6 from the live side, top = even index."""
        return self.tiles[len(self.tiles) - DEAD_WALL + index]

    @property
    def dora_indicators(self) -> tuple[Tile, ...]:
        """The indicators turned face up so far (the first, then kan dora)."""
        return tuple(self._dead(8 - 2 * i) for i in range(self._indicators_shown))

    @property
    def ura_indicators(self) -> tuple[Tile, ...]:
        """The tiles under the revealed indicators (ura dora, seen only by a riichi winner)."""
        return tuple(self._dead(9 - 2 * i) for i in range(self._indicators_shown))

    def reveal_indicator(self) -> Tile:
        """Turn up the next kan dora indicator and return it."""
        if self._indicators_shown > MAX_KANS:
            raise WallError("all four kan dora indicators are already showing")
        self._indicators_shown += 1
        return self.dora_indicators[-1]

    @property
    def indicators_shown(self) -> int:
        """How many indicators are face up (1 + revealed kan dora)."""
        return self._indicators_shown

    # --- drawing ---------------------------------------------------------------
    @property
    def live_remaining(self) -> int:
        """Tiles left to draw in the live wall."""
        return self._live_end - self._next

    @property
    def rinshan_drawn(self) -> int:
        """Replacement tiles taken so far (one per kan)."""
        return self._rinshan_drawn

    def draw(self) -> Tile:
        """Take the next tile from the live wall."""
        if self._next >= self._live_end:
            raise WallError("the live wall is empty")
        tile = self.tiles[self._next]
        self._next += 1
        return tile

    @property
    def replacements_left(self) -> int:
        """Replacement tiles that may still be drawn (after a kan or a North set aside)."""
        return min(self.max_replacements - self._rinshan_drawn, self.live_remaining)

    def _replacement_index(self, i: int) -> int:
        """Position in ``tiles`` of the ``i``-th replacement tile (0-based)."""
        if i < 4:
            return len(self.tiles) - DEAD_WALL + (12, 13, 10, 11)[i]
        return len(self.tiles) - DEAD_WALL - 1 - (i - 4)

    def draw_rinshan(self) -> Tile:
        """Take the next replacement tile from the far end of the dead wall (after a kan,
        or after a North is set aside at three players)."""
        if self._rinshan_drawn >= self.max_replacements:
            raise WallError(f"all {self.max_replacements} replacement tiles are drawn")
        if self._live_end <= self._next:
            raise WallError("no live tile left to move into the dead wall")
        tile = self.tiles[self._replacement_index(self._rinshan_drawn)]
        self._rinshan_drawn += 1
        self._live_end -= 1
        return tile

    def unseen(self) -> tuple[Tile, ...]:
        """Tiles still in the wall and not face up: undrawn live tiles plus hidden dead-wall tiles."""
        shown = {len(self.tiles) - DEAD_WALL + 8 - 2 * i for i in range(self._indicators_shown)}
        taken = {self._replacement_index(i) for i in range(self._rinshan_drawn)}
        return tuple(
            t
            for i, t in enumerate(self.tiles)
            if i >= self._next and i not in shown and i not in taken
        )


def arranged_wall(
    hands: Sequence[Sequence[Tile]],
    draws: Sequence[Tile] = (),
    *,
    dealer: int = 0,
    dora_indicators: Sequence[Tile] = (),
    ura_indicators: Sequence[Tile] = (),
    rinshan: Sequence[Tile] = (),
    tile_set: Sequence[Tile] | None = None,
    rng: random.Random | None = None,
    max_replacements: int = MAX_KANS,
) -> Wall:
    """A wall set up for a chosen situation (lessons, puzzles, tests).

    ``hands`` are the 13 starting tiles of seats 0..3 (0..2 at three players; seat
    ``dealer`` is East);
    ``draws`` the next live-wall tiles in drawing order (the dealer's first draw
    first); ``dora_indicators`` (the first, then kan dora), ``ura_indicators`` and
    ``rinshan`` (replacement tiles in order) fill their dead-wall places.  Every
    other position gets the remaining tiles of ``tile_set`` (the standard 136 with
    one red five per suit by default), shuffled by ``rng`` (seeded 0 if omitted).
    ``max_replacements`` is 8 at a three-player table with nukidora.
    Raises WallError if a tile is asked for more often than the set holds it."""
    pool = list(tile_set if tile_set is not None else standard_tiles(1))
    total = len(pool)

    def take(t: Tile) -> Tile:
        try:
            pool.remove(t)
        except ValueError:
            raise WallError(f"the tile set has no more {t} for this arrangement") from None
        return t

    n = len(hands)
    if n not in (3, 4) or any(len(h) != 13 for h in hands):
        raise WallError("give three or four starting hands of 13 tiles each")
    order = [(dealer + i) % n for i in range(n)]
    live: list[Tile] = []
    for r in range(3):
        for s in order:
            live.extend(take(t) for t in hands[s][4 * r : 4 * r + 4])
    for s in order:
        live.append(take(hands[s][12]))
    live.extend(take(t) for t in draws)
    dead: list[Tile | None] = [None] * DEAD_WALL
    for i, t in enumerate(dora_indicators):
        dead[8 - 2 * i] = take(t)
    for i, t in enumerate(ura_indicators):
        dead[9 - 2 * i] = take(t)
    for i, t in enumerate(rinshan):
        dead[(12, 13, 10, 11)[i]] = take(t)
    (rng or random.Random(0)).shuffle(pool)
    for i in range(DEAD_WALL):
        if dead[i] is None:
            dead[i] = pool.pop()
    live.extend(pool)
    tiles = live + [t for t in dead if t is not None]
    assert len(tiles) == total
    return Wall(tiles, max_replacements)
