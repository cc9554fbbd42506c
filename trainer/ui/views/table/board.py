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
from trainer.ui.views.table.river import MAX_ROWS, river_surface, row_gap
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
        self.bottom_hand: pygame.Rect | None = None  # where draw put the bottom seat's hand (bottom_edge only)

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
        any notice shown over it (a banner under the header), so the box drawn there stays readable;
        above the bottom seat's hand when the board drew it (the replay) and it reaches that far left
        (a long hand, Norths set aside), so that the box never covers a tile of it."""
        L = app.layout
        t, c = self.rect, self.center.rect
        left = t.left + self.pad + self.edge_h + L.px(12)
        top = t.top + L.px(10)
        area = pygame.Rect(left, top, c.left - 4 * self.river_h - L.px(12) - left, t.bottom - self.pad - top)
        hand = self.bottom_hand
        if hand is not None and hand.left < area.right:
            area.height = max(0, min(area.height, hand.top - L.px(6) - area.top))
        for banner in getattr(app, "banners", ()):
            shown = banner.rect(app)
            if shown.colliderect(area):
                area.top = shown.bottom + L.px(6)
                area.height = t.bottom - self.pad - area.top
        return area

    def bottom_rows(self) -> int:
        """How many rows the bottom seat's river may take when the board draws that seat's hand too
        (the replay): the rows that fit above the hand (a quarter of a tile may slip under it, as
        the second row does at every size), so that no discard is drawn under the hand; the later
        discards continue the last row, into the free felt at the right."""
        t, c = self.rect, self.center.rect
        th = tile_art.tile_size(self.river_h)[1]
        gap = row_gap(self.river_h)
        hand_top = t.bottom - self.pad - self.edge_h
        room = hand_top + th // 4 - (c.bottom + self.gap)
        return max(1, min(MAX_ROWS, (room + gap) // (th + gap)))

    def draw(self, surf: pygame.Surface, app: Any, state: TableState, marks: RiverMarks, *,
             bottom_edge: bool = False, hover: tuple[int, int] | None = None) -> None:
        """Paint the felt, the rivers (with ``marks``), the other seats' edges (the bottom
        seat's too when ``bottom_edge``: then its river keeps to the rows above that hand,
        :meth:`bottom_rows`), and the centre panel."""
        L = app.layout
        theme = app.settings.tile_theme
        t, c, g = self.rect, self.center.rect, self.gap
        pygame.draw.rect(surf, P.felt_light, t, border_radius=L.px(24))
        pygame.draw.rect(surf, P.felt_line, t, width=max(1, L.px(2)), border_radius=L.px(24))
        for s in state.seats:
            q = state.relative(s.seat)
            rows = self.bottom_rows() if q == 0 and bottom_edge else MAX_ROWS
            img = river_surface(theme, s.river, tuple(sorted(marks.get(s.seat, {}).items())), self.river_h, q,
                                rows)
            anchor = {0: {"topleft": (c.left, c.bottom + g)}, 1: {"bottomleft": (c.right + g, c.bottom)},
                      2: {"bottomright": (c.right, c.top - g)}, 3: {"topright": (c.left - g, c.top)}}[q]
            surf.blit(img, img.get_rect(**anchor))
        pad = self.pad
        self.bottom_hand = None
        for s in state.seats:
            q = state.relative(s.seat)
            if q == 0 and not bottom_edge:
                continue
            length = (t.height - 2 * pad) if q in (1, 3) else (t.width * 3 // 5)
            img = seat_surface(theme, s, self.edge_h, length, q)
            anchor = {0: {"midbottom": (t.centerx, t.bottom - pad)}, 1: {"midright": (t.right - pad, t.centery)},
                      2: {"midtop": (t.centerx, t.top + pad)}, 3: {"midleft": (t.left + pad, t.centery)}}[q]
            rect = img.get_rect(**anchor)
            surf.blit(img, rect)
            if q == 0:
                self.bottom_hand = rect
        self.center.draw(surf, app, state, hover)
