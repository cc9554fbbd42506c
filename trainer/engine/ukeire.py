"""Ukeire (受け入れ): the tiles that move a hand closer to a win, and what to discard.

For a waiting-size hand (3n+1 tiles: 13, 10, 7, 4 or 1 counting melds as three)
the *ukeire* is every kind whose draw lowers the shanten, with how many copies of
it may still be drawn: four, minus the copies the player holds (concealed and in
melds), minus the copies the player can see elsewhere (discards, other players'
melds, dora indicators).  For a tenpai hand these are exactly the winning tiles.

:func:`discard_options` answers the "what to discard?" (nani kiru) question for a
hand with the drawn tile (3n+2): for each different tile, the shanten after
discarding it and the ukeire of what is left, best first.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from trainer.engine.hand import Hand
from trainer.engine.shanten import (
    meld_limits,
    sets_needed_for,
    shanten_after_draws,
    shanten_counts,
    shanten_standard,
)
from trainer.engine.tiles import NUM_KINDS, Tile, counts34

Visible = Sequence[int] | Iterable[Tile | int] | None


def visible_counts(visible: Visible) -> list[int]:
    """Counts of tiles seen outside the hand.  A sequence of exactly 34 ints is taken as counts
    per kind; any other iterable as tiles (``Tile`` or kind ints); None as nothing seen."""
    if visible is None:
        return [0] * NUM_KINDS
    if isinstance(visible, Sequence) and len(visible) == NUM_KINDS and all(isinstance(x, int) for x in visible):
        counts = list(visible)
    else:
        counts = counts34(visible)
    for k, n in enumerate(counts):
        if not 0 <= n <= 4:
            raise ValueError(f"{n} visible copies of kind {k}: must be 0..4")
    return counts


def ukeire(hand: Hand, visible: Visible = None) -> dict[int, int]:
    """The effective tiles of a 3n+1 hand: kind -> copies still available, for every kind
    whose draw lowers the shanten (for a tenpai hand: the waits).  A kind whose copies are all
    visible stays in the dict with 0, so a dead wait (karaten) is still shown as a wait."""
    n = len(hand.concealed)
    if n % 3 != 1:
        raise ValueError(
            f"ukeire is for a hand waiting for a draw (3n+1 concealed tiles), not {n}: "
            "for a hand with the drawn tile use discard_options"
        )
    counts = hand.counts()
    limits = meld_limits(hand)
    now = _shanten_of(counts, n, limits)
    return _ukeire(counts, n, limits, now, _available(hand.all_counts(), visible_counts(visible)))


def _shanten_of(counts: list[int], n: int, limits: list[int] | None) -> int:
    if limits is None:
        sets_needed_for(n)
        return shanten_counts(counts)
    return shanten_standard(counts, sets_needed_for(n), limits=limits)


def _available(held: list[int], seen: list[int]) -> list[int]:
    """Copies of each kind the player may still draw: four, less those held and those seen."""
    return [0 if h + s >= 4 else 4 - h - s for h, s in zip(held, seen, strict=True)]


def _ukeire(counts: list[int], n: int, limits: list[int] | None, now: int, available: list[int]) -> dict[int, int]:
    after = shanten_after_draws(
        counts, sets_needed_for(n + 1), limits34=limits, special_forms=limits is None and n == 13
    )
    return {k: available[k] for k, s in enumerate(after) if s is not None and s < now}


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """One possible discard: the tile, the shanten after it, and the ukeire left
    (kind -> copies available) with its total."""

    tile: Tile
    shanten_after: int
    ukeire: dict[int, int] = field(hash=False, compare=True)
    total: int = 0


def discard_options(hand14: Hand, visible: Visible = None) -> list[DiscardOption]:
    """Every different discard from a hand with its drawn tile (3n+2 tiles), best first:
    lowest shanten after the discard, then the most ukeire copies, then the tile order.

    A red five and a plain five are one option; the plain five is named when the hand holds one
    (throwing a red five away loses its dora).  Copies are counted against the whole hand with
    its drawn tile, as tile-efficiency tools do: the discarded tile goes to the river and is not
    drawable again."""
    n = len(hand14.concealed)
    if n % 3 != 2:
        raise ValueError(f"discard options need a hand with its drawn tile (3n+2 concealed tiles), not {n}")
    seen = visible_counts(visible)
    chosen: dict[int, Tile] = {}
    for t in hand14.concealed:
        if t.kind not in chosen or chosen[t.kind].red:
            chosen[t.kind] = t
    counts = hand14.counts()
    # the discarded tile is in the river: not drawable either, so copies count against all 14
    available = _available(hand14.all_counts(), seen)
    limits = meld_limits(hand14)
    options = []
    for kind in sorted(chosen):
        counts[kind] -= 1
        now = _shanten_of(counts, n - 1, limits)
        uk = _ukeire(counts, n - 1, limits, now, available)
        counts[kind] += 1
        options.append(DiscardOption(chosen[kind], now, uk, sum(uk.values())))
    options.sort(key=lambda o: (o.shanten_after, -o.total, o.tile.kind))
    return options


__all__ = ["DiscardOption", "discard_options", "ukeire", "visible_counts"]
