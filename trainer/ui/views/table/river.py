"""A seat's river: discards in rows of six in front of the seat, the riichi tile sideways,
called tiles dimmed, the last discard (or a tile offered for a call) highlighted."""

from __future__ import annotations

import pygame

from trainer.engine.game.view import RiverTile
from trainer.ui.views.table.tiles import Piece, lines, turned

PER_ROW = 6


Marks = tuple[tuple[int, str], ...]
"""Highlighted discards of a river: (index, highlight) pairs."""


MAX_ROWS = 4
"""Rows a river may take; the discards past them continue its last row."""


def river_pieces(river: tuple[RiverTile, ...], marks: Marks = (), max_rows: int = MAX_ROWS
                 ) -> tuple[tuple[Piece, ...], ...]:
    """The river as rows of six pieces; ``marks`` highlight some discards (the last one, a
    reviewed decision).  Past ``max_rows`` rows, the rest continue the last row."""
    marked = dict(marks)
    pieces = [Piece(d.tile, sideways=d.riichi, dim=d.called, highlight=marked.get(i)) for i, d in enumerate(river)]
    rows = [tuple(pieces[i:i + PER_ROW]) for i in range(0, len(pieces), PER_ROW)]
    last = max(1, max_rows)
    if len(rows) > last:  # a very long river (or little room): the rest continue the last row
        rows = rows[:last - 1] + [tuple(p for r in rows[last - 1:] for p in r)]
    return tuple(rows)


def row_gap(height: int) -> int:
    """The gap between two rows of a river of tiles ``height`` pixels tall."""
    return max(1, round(height * 0.06))


def river_surface(theme: str, river: tuple[RiverTile, ...], marks: Marks, height: int,
                  quarter: int, max_rows: int = MAX_ROWS) -> pygame.Surface:
    """The river drawn for the seat ``quarter`` places from the bottom (already turned), in at most
    ``max_rows`` rows."""
    rows = river_pieces(river, marks, max_rows)
    gap = row_gap(height)
    flat = lines(theme, rows, height, gap)
    return turned(flat, quarter, ("river", theme, rows, height))
