"""Each opponent's edge of the table: the concealed tiles (backs, or faces when open), the
drawn tile apart, the called melds, and at three players the Norths set aside (nukidora)
at the end — drawn upright for the seat, then turned."""

from __future__ import annotations

import pygame

from trainer.ui.views.table.state import SeatState
from trainer.ui.views.table.tiles import Piece, joined, joined_length, meld_pieces, strip, strip_size, turned

MELD_GAP = 0.3
"""The space before each meld of a seat's row, in tile widths: enough to tell the melds apart, and
short enough that three open melds (each with its tile sideways) and two concealed tiles fit beside
a side seat at 1024x600 with the melds 28 px wide."""


def seat_pieces(seat: SeatState, *, with_hand: bool = True, with_melds: bool = True) -> tuple[Piece, ...]:
    """The seat's row: concealed tiles, the drawn tile after a small gap, each meld, then the
    Norths set aside as nukidora (three players), apart from the melds (``with_hand=False``: the
    melds and Norths alone; ``with_melds=False``: the concealed and drawn tiles alone)."""
    out: list[Piece] = []
    if with_hand:
        out += [Piece(t, face_down=t is None) for t in seat.hand]
        if seat.has_drawn:
            out.append(Piece(seat.drawn, face_down=seat.drawn is None, gap=0.3))
    if not with_melds:
        return tuple(out)
    for i, m in enumerate(seat.melds):
        out += meld_pieces(m, gap=MELD_GAP if (out or i) else 0.0)
    for i, t in enumerate(seat.kita):
        marked = "hint" if seat.kita_offered and i == len(seat.kita) - 1 else None  # the North a ron may rob
        out.append(Piece(t, gap=(0.7 if out else 0.0) if i == 0 else 0.0, highlight=marked))
    return tuple(out)


def fit_height(pieces: tuple[Piece, ...], height: int, length: int) -> int:
    """The largest tile height <= ``height`` at which the row is at most ``length`` long."""
    h = height
    while h > 12 and strip_size(pieces, h)[0] > length:
        h -= 1
    return h


def seat_parts(seat: SeatState) -> tuple[tuple[Piece, ...], tuple[Piece, ...]]:
    """The seat's row (:func:`seat_pieces`) in two: the concealed tiles with the drawn one, and the
    melds with the Norths set aside (the first keeps its gap after the hand)."""
    row = seat_pieces(seat)
    k = len(seat_pieces(seat, with_melds=False))
    return row[:k], row[k:]


HAND_FLOOR = {True: 0.75, False: 0.9}
"""How far a seat's concealed tiles may shrink (a share of the edge's tile height) before its melds
shrink below their own larger height: backs (face down) tell nothing but their number, so they give
way more than faces (open hands) do."""


def seat_heights(seat: SeatState, height: int, length: int, meld_height: int = 0) -> tuple[int, int]:
    """(concealed, melds) tile heights of the seat's row at most ``length`` long: the concealed
    tiles at most ``height`` tall, the melds (and Norths set aside) at ``meld_height`` when larger,
    so the melds stay readable.  When the row is too long, the concealed tiles give way first
    (down to their :data:`HAND_FLOOR` of ``height``), then the melds down to their size, then both."""
    hand, melds = seat_parts(seat)
    if not melds or meld_height <= height:
        h = fit_height(seat_pieces(seat), height, length)
        return h, h
    h, m = height, meld_height
    floor = max(12, round(height * HAND_FLOOR[all(p.face_down for p in hand)]))
    while joined_length(((hand, h), (melds, m))) > length and m > 12:
        if h > floor:
            h -= 1
        elif m > h:
            m -= 1
        else:
            h, m = max(12, h - 1), m - 1
    return h, m


def seat_surface(theme: str, seat: SeatState, height: int, length: int, quarter: int,
                 meld_height: int = 0, heights: tuple[int, int] | None = None) -> pygame.Surface:
    """The seat's row, as large as fits ``length`` (the concealed tiles at most ``height`` tall, the
    melds at ``meld_height`` when larger: :func:`seat_heights`, or ``heights`` when the caller has
    worked them out already), turned to the seat."""
    h, m = heights or seat_heights(seat, height, length, meld_height)
    hand, melds = seat_parts(seat)
    parts = ((hand, h), (melds, m))
    return turned(joined(theme, parts), quarter, ("seat", theme, parts))


def melds_surface(theme: str, seat: SeatState, height: int) -> pygame.Surface | None:
    """The learner's own melds and Norths set aside as one row (None without either)."""
    if not seat.melds and not seat.kita:
        return None
    return strip(theme, seat_pieces(seat, with_hand=False), height)
