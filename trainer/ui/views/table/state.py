"""What the table shows, taken from a live round: one :class:`TableState` per frame change.

Plain data (no pygame): the learner's seat at the bottom (``me``), per seat its river,
melds, Norths set aside (three players), concealed tiles (None for a tile face down),
score, wind and riichi, and the centre panel's counters.  Four players sit at the four
edges; three players at the bottom, right and left (the seat across stays empty).  The play screen builds it from its round; the replay viewer
from the replayed round, with any seat at the bottom and hands open or closed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from trainer.engine.game.view import RiverTile
from trainer.engine.hand import Meld
from trainer.engine.tiles import Tile
from trainer.i18n import N_, _


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
    kita: tuple[Tile, ...] = ()  # Norths set aside as nukidora (three players)
    kita_offered: bool = False  # the newest North set aside may be robbed by a ron now (marked)


QUARTERS = {2: (0, 2), 3: (0, 1, 3), 4: (0, 1, 2, 3)}
"""Players at the table -> the edge of each seat counted from the bottom seat
(0 bottom, 1 right, 2 across, 3 left): three players leave the seat across empty, two sit
face to face."""


def seat_quarter(step: int, players: int) -> int:
    """The table edge of the seat ``step`` places after the bottom seat in turn order: the
    next player (shimocha) sits on the right, the one before (kamicha) on the left."""
    order = QUARTERS.get(players, QUARTERS[4])
    return order[step % len(order)]


SEAT_NAMES = (N_("You"), N_("Right"), N_("Across"), N_("Left"))
"""What the learner calls each table edge (0 bottom, 1 right, 2 across, 3 left)."""


def seat_name(step: int, players: int) -> str:
    """The learner's word for the player ``step`` places after the bottom seat: «Вы», «Справа», …"""
    return _(SEAT_NAMES[seat_quarter(step, players)])


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

    @property
    def players(self) -> int:
        """How many players sit at the table (3 or 4)."""
        return len(self.seats)

    def relative(self, seat: int) -> int:
        """Where ``seat`` sits from ``me``: 0 bottom, 1 right, 2 across, 3 left."""
        return seat_quarter(seat - self.me, self.players)


def table_state(rnd: Any, me: int, *, reveal: bool = False) -> TableState:
    """The table of round ``rnd`` seen from seat ``me``; ``reveal`` opens every hand."""
    seats = []
    lf = rnd.last_from
    kita = getattr(rnd, "call_kind", "discard") == "kita"  # a North set aside is not in the river
    offered = lf if (kita and lf is not None and rnd.phase.value == "calls" and rnd.seats[lf].kita) else None
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
            kita=tuple(st.kita), kita_offered=s == offered,
        ))
    last = None
    if lf is not None and rnd.seats[lf].river and rnd.last_tile is not None and not kita:
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
