"""What the table shows, taken from a live round: one :class:`TableState` per frame change.

Plain data (no pygame): the learner's seat at the bottom (``me``), per seat its river,
melds, concealed tiles (None for a tile face down), score, wind and riichi, and the
centre panel's counters.  The play screen builds it from its round; the replay viewer
from the replayed round, with any seat at the bottom and hands open or closed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from trainer.engine.game.view import RiverTile
from trainer.engine.hand import Meld
from trainer.engine.tiles import Tile


@dataclass(frozen=True)
class SeatState:
    """One seat as the table shows it."""

    seat: int
    wind: int  # wind kind (27 east .. 30 north)
    score: int
    riichi: bool
    river: tuple[RiverTile, ...]  # the engine's river tiles (riichi sideways, called ones dimmed)
    melds: tuple[Meld, ...]
    hand: tuple[Tile | None, ...]  # concealed tiles, None = face down
    drawn: Tile | None = None  # the tile just drawn, shown apart (None when face down)
    has_drawn: bool = False  # a drawn tile is held apart (face up or down)


@dataclass(frozen=True)
class TableState:
    """The whole table from seat ``me``: the four seats, the round's counters, whose turn it
    is and which discard is the last one (``last``: seat and river index)."""

    me: int
    seats: tuple[SeatState, ...]
    round_wind: int
    dealer: int
    honba: int
    sticks: int
    dora_indicators: tuple[Tile, ...]
    live_remaining: int
    current: int | None
    last: tuple[int, int] | None
    ended: bool

    def relative(self, seat: int) -> int:
        """Where ``seat`` sits from ``me``: 0 bottom, 1 right, 2 across, 3 left."""
        return (seat - self.me) % 4


def table_state(rnd: Any, me: int, *, reveal: bool = False) -> TableState:
    """The table of round ``rnd`` seen from seat ``me``; ``reveal`` opens every hand."""
    seats = []
    for s, st in enumerate(rnd.seats):
        visible = reveal or s == me or rnd.ended
        drawn = st.drawn if (st.drawn is not None and rnd.phase.value == "turn" and rnd.current == s) else None
        tiles = sorted(st.concealed)
        if drawn is not None and drawn in tiles:
            tiles.remove(drawn)
        hand = tuple(tiles) if visible else tuple(None for _ in tiles)
        seats.append(SeatState(
            seat=s, wind=rnd.seat_wind(s), score=rnd.scores[s], riichi=st.riichi or st.riichi_pending,
            river=tuple(RiverTile(d.tile, d.tsumogiri, d.riichi, d.called) for d in st.river),
            melds=tuple(st.melds), hand=hand, drawn=drawn if visible else None, has_drawn=drawn is not None,
        ))
    last = None
    lf = rnd.last_from
    if lf is not None and rnd.seats[lf].river and rnd.last_tile is not None:
        if rnd.seats[lf].river[-1].tile == rnd.last_tile:
            last = (lf, len(rnd.seats[lf].river) - 1)
    current = None
    if not rnd.ended:
        current = rnd.current if rnd.phase.value == "turn" else rnd.last_from
    return TableState(
        me=me, seats=tuple(seats), round_wind=rnd.round_wind, dealer=rnd.dealer, honba=rnd.honba,
        sticks=rnd.sticks, dora_indicators=tuple(rnd.wall.dora_indicators),
        live_remaining=rnd.wall.live_remaining, current=current, last=last, ended=rnd.ended,
    )
