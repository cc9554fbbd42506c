"""The table board: the felt, four rivers around the centre panel, and each seat's edge
(concealed tiles and melds), laid out for a rectangle and drawn from a :class:`TableState`.

The play screen draws the learner's own hand as an interactive row and asks the board for
the other three edges; the replay viewer lets the board draw all four.
"""

from __future__ import annotations

from typing import Any

import pygame

from trainer.ui import tile_art
from trainer.ui.theme import PALETTE
from trainer.ui.views.table.center import CenterPanel
from trainer.ui.views.table.river import river_surface
from trainer.ui.views.table.seats import seat_surface
from trainer.ui.views.table.state import TableState

P = PALETTE
RiverMarks = dict[int, dict[int, str]]
"""Per seat: river index -> highlight name."""


class Board:
    """Places and draws the shared table."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.center = CenterPanel()
        self.river_h = 20
        self.edge_h = 20
        self.gap = 4
        self.pad = 4

    def place(self, app: Any, rect: pygame.Rect) -> None:
        """Fit the board into ``rect``: opponents' tiles, river tiles and the square centre panel."""
        L = app.layout
        self.rect = pygame.Rect(rect)
        t = self.rect
        edge = max(L.px(26), min(L.px(44), t.height // 12))
        # rivers: three rows of six on each side of the panel (a fourth may reach into the
        # corner); the panel is as wide as a river row
        rh = max(L.px(18), min(L.tile_h(0.6), (t.height - edge - L.px(24)) * 100 // 1140))
        tw, th = tile_art.tile_size(rh)
        side = 6 * tw + (th - tw) + 5 * tile_art.default_gap(rh) + L.px(8)
        self.river_h, self.edge_h, self.gap, self.pad = rh, edge, L.px(6), L.px(8)
        cy = t.top + edge + L.px(10) + (t.height - edge - L.px(10)) // 2
        self.center.rect = pygame.Rect(0, 0, side, side)
        self.center.rect.center = (t.centerx, cy)

    def corner(self, app: Any) -> pygame.Rect:
        """The free felt at the top left (between the left player's tiles and the rivers), below
        any notice shown over it (a banner under the header), so the box drawn there stays readable."""
        L = app.layout
        t, c = self.rect, self.center.rect
        left = t.left + self.pad + self.edge_h + L.px(12)
        top = t.top + L.px(10)
        area = pygame.Rect(left, top, c.left - 4 * self.river_h - L.px(12) - left, t.bottom - self.pad - top)
        for banner in getattr(app, "banners", ()):
            shown = banner.rect(app)
            if shown.colliderect(area):
                area.top = shown.bottom + L.px(6)
                area.height = t.bottom - self.pad - area.top
        return area

    def draw(self, surf: pygame.Surface, app: Any, state: TableState, marks: RiverMarks, *,
             bottom_edge: bool = False, hover: tuple[int, int] | None = None) -> None:
        """Paint the felt, the rivers (with ``marks``), the other seats' edges (the bottom
        seat's too when ``bottom_edge``), and the centre panel."""
        L = app.layout
        theme = app.settings.tile_theme
        t, c, g = self.rect, self.center.rect, self.gap
        pygame.draw.rect(surf, P.felt_light, t, border_radius=L.px(24))
        pygame.draw.rect(surf, P.felt_line, t, width=max(1, L.px(2)), border_radius=L.px(24))
        for s in state.seats:
            q = state.relative(s.seat)
            img = river_surface(theme, s.river, tuple(sorted(marks.get(s.seat, {}).items())), self.river_h, q)
            anchor = {0: {"topleft": (c.left, c.bottom + g)}, 1: {"bottomleft": (c.right + g, c.bottom)},
                      2: {"bottomright": (c.right, c.top - g)}, 3: {"topright": (c.left - g, c.top)}}[q]
            surf.blit(img, img.get_rect(**anchor))
        pad = self.pad
        for s in state.seats:
            q = state.relative(s.seat)
            if q == 0 and not bottom_edge:
                continue
            length = (t.height - 2 * pad) if q in (1, 3) else (t.width * 3 // 5)
            img = seat_surface(theme, s, self.edge_h, length, q)
            anchor = {0: {"midbottom": (t.centerx, t.bottom - pad)}, 1: {"midright": (t.right - pad, t.centery)},
                      2: {"midtop": (t.centerx, t.top + pad)}, 3: {"midleft": (t.left + pad, t.centery)}}[q]
            surf.blit(img, img.get_rect(**anchor))
        self.center.draw(surf, app, state, hover)
