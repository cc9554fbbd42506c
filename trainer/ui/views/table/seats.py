"""Each opponent's edge of the table: the concealed tiles (backs, or faces when open), the
drawn tile apart, the called melds, and at three players the Norths set aside (nukidora)
at the end — drawn upright for the seat, then turned."""

from __future__ import annotations

import pygame

from trainer.ui.views.table.state import SeatState
from trainer.ui.views.table.tiles import Piece, meld_pieces, strip, strip_size, turned


def seat_pieces(seat: SeatState, *, with_hand: bool = True) -> tuple[Piece, ...]:
    """The seat's row: concealed tiles, the drawn tile after a small gap, each meld, then the
    Norths set aside as nukidora (three players), apart from the melds."""
    out: list[Piece] = []
    if with_hand:
        out += [Piece(t, face_down=t is None) for t in seat.hand]
        if seat.has_drawn:
            out.append(Piece(seat.drawn, face_down=seat.drawn is None, gap=0.3))
    for i, m in enumerate(seat.melds):
        out += meld_pieces(m, gap=0.5 if (out or i) else 0.0)
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


def seat_surface(theme: str, seat: SeatState, height: int, length: int, quarter: int) -> pygame.Surface:
    """The seat's row, as large as fits ``length`` (at most ``height`` tall), turned to the seat."""
    pieces = seat_pieces(seat)
    h = fit_height(pieces, height, length)
    return turned(strip(theme, pieces, h), quarter, ("seat", theme, pieces, h))


def melds_surface(theme: str, seat: SeatState, height: int) -> pygame.Surface | None:
    """The learner's own melds and Norths set aside as one row (None without either)."""
    if not seat.melds and not seat.kita:
        return None
    return strip(theme, seat_pieces(seat, with_hand=False), height)
