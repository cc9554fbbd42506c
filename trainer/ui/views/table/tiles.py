"""Rows of tiles for the table, drawn once into a surface and kept while they do not change.

A :class:`Piece` is one tile position (face up or down, sideways, highlighted,
dimmed, with a gap before it).  :func:`strip` draws a tuple of pieces into one
surface; :func:`turned` turns a surface towards a seat (a quarter turn per seat).
Both are cached, so a table frame is a handful of blits.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import pygame

from trainer.engine.hand import Meld
from trainer.engine.tiles import Tile
from trainer.ui import tile_art
from trainer.ui.tileview import meld_layout

_CACHE: OrderedDict[Any, pygame.Surface] = OrderedDict()
_CACHE_SIZE = 256


@dataclass(frozen=True)
class Piece:
    """One tile position in a row."""

    tile: Tile | None
    sideways: bool = False
    face_down: bool = False
    highlight: str | None = None
    dim: bool = False
    gap: float = 0.0  # space before the tile, in tile widths


def _cached(key: Any, make: Any) -> pygame.Surface:
    hit = _CACHE.get(key)
    if hit is not None:
        _CACHE.move_to_end(key)
        return hit
    surf = make()
    _CACHE[key] = surf
    if len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return surf


def strip_size(pieces: tuple[Piece, ...], height: int) -> tuple[int, int]:
    """Width and height of a row of ``pieces`` drawn ``height`` tall (sideways tiles lie on
    the bottom line, so the row is ``height`` tall)."""
    w, h = tile_art.tile_size(height)
    g = tile_art.default_gap(height)
    total = sum((h if p.sideways else w) + round(p.gap * w) for p in pieces) + g * max(0, len(pieces) - 1)
    return total, height


def strip(theme: str, pieces: tuple[Piece, ...], height: int) -> pygame.Surface:
    """One surface with the row of ``pieces`` (transparent around the tiles)."""

    def make() -> pygame.Surface:
        w, h = strip_size(pieces, height)
        surf = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
        tw = tile_art.tile_size(height)[0]
        g = tile_art.default_gap(height)
        x = 0
        for p in pieces:
            x += round(p.gap * tw)
            img = tile_art.tile_surface(p.tile, height, theme=theme, face_down=p.face_down or p.tile is None,
                                        sideways=p.sideways, highlight=p.highlight, dim=p.dim)
            surf.blit(img, (x, h - img.get_height()))
            x += img.get_width() + g
        return surf

    return _cached(("strip", theme, pieces, height), make)


def joined(theme: str, parts: tuple[tuple[tuple[Piece, ...], int], ...]) -> pygame.Surface:
    """Rows of pieces side by side, each ``(pieces, height)`` at its own height, on one bottom
    line (a seat's hand, then its melds drawn larger)."""
    shown = tuple((pieces, h) for pieces, h in parts if pieces)

    def make() -> pygame.Surface:
        imgs = [strip(theme, pieces, h) for pieces, h in shown]
        gaps = [tile_art.default_gap(h) for _p, h in shown[1:]]
        w = sum(i.get_width() for i in imgs) + sum(gaps)
        h = max((i.get_height() for i in imgs), default=1)
        surf = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
        x = 0
        for img, gap in zip(imgs, [0, *gaps], strict=True):
            x += gap
            surf.blit(img, (x, h - img.get_height()))
            x += img.get_width()
        return surf

    return _cached(("joined", theme, shown), make)


def joined_length(parts: tuple[tuple[tuple[Piece, ...], int], ...]) -> int:
    """How long :func:`joined` draws ``parts``."""
    shown = [(pieces, h) for pieces, h in parts if pieces]
    return sum(strip_size(pieces, h)[0] for pieces, h in shown) + sum(tile_art.default_gap(h) for _p, h in shown[1:])


def lines(theme: str, rows: tuple[tuple[Piece, ...], ...], height: int, line_gap: int) -> pygame.Surface:
    """Several rows stacked top to bottom, left-aligned (a river)."""

    def make() -> pygame.Surface:
        imgs = [strip(theme, r, height) for r in rows if r]
        w = max((i.get_width() for i in imgs), default=1)
        h = sum(i.get_height() for i in imgs) + line_gap * max(0, len(imgs) - 1)
        surf = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
        y = 0
        for img in imgs:
            surf.blit(img, (0, y))
            y += img.get_height() + line_gap
        return surf

    return _cached(("lines", theme, rows, height, line_gap), make)


def turned(surf: pygame.Surface, quarter: int, key: Any) -> pygame.Surface:
    """``surf`` turned for the seat ``quarter`` places counter-clockwise from the bottom
    (1 right, 2 across, 3 left), so its bottom edge faces that seat."""
    if quarter % 4 == 0:
        return surf
    return _cached(("turned", key, quarter % 4), lambda: pygame.transform.rotate(surf, 90 * (quarter % 4)))


def meld_pieces(meld: Meld, *, gap: float = 0.3) -> tuple[Piece, ...]:
    """A meld as at the table (:func:`trainer.ui.tileview.meld_layout`: the called tile sideways at
    the side of the player it came from; a closed kan with its two end tiles face down)."""
    return tuple(Piece(t, sideways=sideways, face_down=face_down, gap=gap if i == 0 else 0.0)
                 for i, (t, sideways, face_down) in enumerate(meld_layout(meld)))
