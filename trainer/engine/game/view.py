"""What one player may see: :class:`PlayerView`.

A view holds the player's own hand and everything face up on the table — every
river, every meld, the dora indicators, scores, honba and riichi sticks — and
never another player's concealed tiles or the wall.  Bots and the learner's
screen receive exactly this object.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from trainer.engine.hand import Hand, Meld
from trainer.engine.tiles import Tile


@dataclass(frozen=True, slots=True)
class RiverTile:
    """A discard as everybody sees it: the tile, whether it was the tile just drawn
    (tsumogiri), the riichi declaration (turned sideways) or called away, and its place in
    the order of all discards of the hand (``order``; -1 when the source does not keep it)."""

    tile: Tile
    tsumogiri: bool
    riichi: bool
    called: bool
    order: int = -1


@dataclass(frozen=True, slots=True)
class PlayerView:
    """The table from ``seat``'s chair.  Per-seat tuples are indexed by seat (0..3, or 0..2 at
    three players).  ``kita`` counts the Norths each seat set aside (nukidora, face up);
    ``absent_kinds`` are the kinds the tile set does not hold (2m-8m in sanma).

    ``riichi_furiten`` and ``temp_furiten`` are the viewing player's own furiten after letting a
    winning tile go by (the player knows what they passed; nobody else's is shown): after riichi,
    no ron for the rest of the hand; without riichi, no ron until their own next discard.  Furiten
    from a winning tile in their own river is read from the river itself."""

    seat: int
    hand: Hand
    drawn: Tile | None
    dealer: int
    round_wind: int
    seat_winds: tuple[int, ...]
    scores: tuple[int, ...]
    honba: int
    sticks: int
    dora_indicators: tuple[Tile, ...]
    rivers: tuple[tuple[RiverTile, ...], ...]
    melds: tuple[tuple[Meld, ...], ...]
    riichi: tuple[bool, ...]
    riichi_turn: tuple[int | None, ...]
    hand_sizes: tuple[int, ...]
    live_remaining: int
    phase: str
    last_tile: Tile | None
    last_from: int | None
    call_kind: str
    kita: tuple[int, ...] = field(default=(), kw_only=True)
    absent_kinds: frozenset[int] = field(default=frozenset(), kw_only=True)
    riichi_furiten: bool = field(default=False, kw_only=True)
    temp_furiten: bool = field(default=False, kw_only=True)

    @property
    def seat_wind(self) -> int:
        """This player's seat wind kind."""
        return self.seat_winds[self.seat]

    def visible_counts(self) -> list[int]:
        """34 counts of every tile this player can see: own hand, rivers (not the called
        ones, which sit in melds), all melds, the Norths set aside and the dora indicators;
        a kind the tile set does not hold counts as all four seen.  4 - count is the most
        copies of a kind that can still come."""
        c = [0] * 34
        for k in self.absent_kinds:
            c[k] = 4
        c[30] += sum(self.kita)  # North
        for t in self.hand.concealed:
            c[t.kind] += 1
        for river in self.rivers:
            for d in river:
                if not d.called:
                    c[d.tile.kind] += 1
        for ms in self.melds:
            for m in ms:
                for t in m.tiles:
                    c[t.kind] += 1
        for t in self.dora_indicators:
            c[t.kind] += 1
        return c


def _river(s) -> tuple[RiverTile, ...]:  # noqa: ANN001 - a round.Seat
    """A seat's river as view values, cached on the seat until the river changes."""
    if s.river_cache is None:
        s.river_cache = tuple(RiverTile(d.tile, d.tsumogiri, d.riichi, d.called, d.order) for d in s.river)
    return s.river_cache


def make_view(rnd, seat: int) -> PlayerView:  # noqa: ANN001 - Round imported lazily to avoid a cycle
    """Build ``seat``'s view of round ``rnd``."""
    seats = rnd.seats
    riichi_turn: list[int | None] = []
    for s in seats:
        idx = next((i for i, d in enumerate(s.river) if d.riichi), None)
        riichi_turn.append(idx if (s.riichi or s.riichi_pending) else None)
    me = seats[seat]
    return PlayerView(
        seat=seat,
        hand=Hand(tuple(sorted(me.concealed)), tuple(me.melds)),
        drawn=me.drawn,
        dealer=rnd.dealer,
        round_wind=rnd.round_wind,
        seat_winds=tuple(rnd.seat_wind(i) for i in range(len(seats))),
        scores=tuple(rnd.scores),  # type: ignore[arg-type]
        honba=rnd.honba,
        sticks=rnd.sticks,
        dora_indicators=rnd.wall.dora_indicators,
        rivers=tuple(_river(s) for s in seats),
        melds=tuple(tuple(s.melds) for s in seats),
        riichi=tuple(s.riichi or s.riichi_pending for s in seats),  # type: ignore[arg-type]
        riichi_turn=tuple(riichi_turn),
        hand_sizes=tuple(len(s.concealed) for s in seats),  # type: ignore[arg-type]
        live_remaining=rnd.wall.live_remaining,
        phase=rnd.phase.value,
        last_tile=rnd.last_tile,
        last_from=rnd.last_from,
        call_kind=rnd.call_kind,
        kita=tuple(len(s.kita) for s in seats),
        absent_kinds=getattr(rnd.rules, "removed_kinds", frozenset()),
        riichi_furiten=me.riichi_furiten,
        temp_furiten=me.temp_furiten,
    )


def events_for(events: list[dict], seat: int) -> list[dict]:
    """The events of :meth:`Round.apply` as ``seat`` may see them: other players' drawn
    tiles are hidden (``"tile": None``); everything else happens face up."""
    out = []
    for e in events:
        if e.get("type") == "draw" and e.get("seat") != seat:
            e = {**e, "tile": None}
        out.append(e)
    return out
