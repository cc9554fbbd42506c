"""A seat's river: discards in rows of six in front of the seat, the riichi tile sideways,
called tiles dimmed, the last discard (or a tile offered for a call) highlighted."""

from __future__ import annotations

import pygame

from trainer.engine.game.view import RiverTile
from trainer.ui.views.table.tiles import Piece, lines, turned

PER_ROW = 6


Marks = tuple[tuple[int, str], ...]
"""Highlighted discards of a river: (index, highlight) pairs."""


def river_pieces(river: tuple[RiverTile, ...], marks: Marks = ()) -> tuple[tuple[Piece, ...], ...]:
    """The river as rows of six pieces; ``marks`` highlight some discards (the last one, a
    reviewed decision)."""
    marked = dict(marks)
    pieces = [Piece(d.tile, sideways=d.riichi, dim=d.called, highlight=marked.get(i)) for i, d in enumerate(river)]
    rows = [tuple(pieces[i:i + PER_ROW]) for i in range(0, len(pieces), PER_ROW)]
    if len(rows) > 4:  # a very long river: the rest continue the fourth row
        rows = rows[:3] + [tuple(p for r in rows[3:] for p in r)]
    return tuple(rows)


def river_surface(theme: str, river: tuple[RiverTile, ...], marks: Marks, height: int,
                  quarter: int) -> pygame.Surface:
    """The river drawn for the seat ``quarter`` places from the bottom (already turned)."""
    rows = river_pieces(river, marks)
    gap = max(1, round(height * 0.06))
    flat = lines(theme, rows, height, gap)
    return turned(flat, quarter, ("river", theme, rows, height))
