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
from trainer.ui.views.table.seats import seat_heights, seat_surface
from trainer.ui.views.table.state import TableState

P = PALETTE
RiverMarks = dict[int, dict[int, str]]
"""Per seat: river index -> highlight name."""
MELD_MIN_H = 38
"""Screen pixels: the least height of an opponent's meld tiles (28 px wide, readable), above the
concealed tiles' own height in a small window (1024x600); larger windows draw them at the edge's."""


class Board:
    """Places and draws the shared table."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.center = CenterPanel()
        self.river_h = 20
        self.edge_h = 20
        self.meld_h = 20  # an opponent's melds: larger than the concealed tiles, so an open hand reads
        self.seat_rects: dict[int, pygame.Rect] = {}  # where draw put each seat's row, by quarter
        self.river_rects: dict[int, pygame.Rect] = {}  # where draw put each seat's river, by quarter
        self.meld_heights: dict[int, int] = {}  # the melds' tile height draw gave each seat, by quarter
        self.gap = 4
        self.pad = 4
        self.bottom_hand: pygame.Rect | None = None  # where draw put the bottom seat's hand (bottom_edge only)

    def place(self, app: Any, rect: pygame.Rect) -> None:
        """Fit the board into ``rect``: opponents' tiles, river tiles and the square centre panel.
        In a small window the opponents' melds are drawn larger than their concealed tiles (at least
        :data:`MELD_MIN_H`), when the felt beside the side rivers leaves room for them."""
        L = app.layout
        self.rect = pygame.Rect(rect)
        edge = max(L.px(26), min(L.px(44), self.rect.height // 12))
        for meld_h in dict.fromkeys((max(edge, MELD_MIN_H), edge)):
            self._place_with(app, edge, meld_h)
            if self._side_felt() >= meld_h + L.px(6):
                break

    def _place_with(self, app: Any, edge: int, meld_h: int) -> None:
        """The board's sizes with the opponents' concealed tiles ``edge`` and their melds ``meld_h``
        tall: the edge's room (above the rivers) is the melds'."""
        L = app.layout
        t = self.rect
        # rivers: three rows of six on each side of the panel (a fourth may reach into the
        # corner); the panel is as wide as a river row
        rh = max(L.px(18), min(L.tile_h(0.6), (t.height - meld_h - L.px(24)) * 100 // 1140))
        tw, th = tile_art.tile_size(rh)
        side = 6 * tw + (th - tw) + 5 * tile_art.default_gap(rh) + L.px(8)
        self.river_h, self.edge_h, self.meld_h, self.gap, self.pad = rh, edge, meld_h, L.px(6), L.px(8)
        cy = t.top + meld_h + L.px(10) + (t.height - meld_h - L.px(10)) // 2
        self.center.rect = pygame.Rect(0, 0, side, side)
        self.center.rect.center = (t.centerx, cy)

    def _side_felt(self) -> int:
        """How wide the felt is between a side seat's edge and its river's three rows."""
        th = tile_art.tile_size(self.river_h)[1]
        rows = 3 * th + 2 * row_gap(self.river_h)
        return self.center.rect.left - self.gap - rows - (self.rect.left + self.pad)

    def corner(self, app: Any) -> pygame.Rect:
        """The free felt at the top left (between the left player's tiles and the rivers), below
        any notice shown over it (a banner under the header), so the box drawn there stays readable;
        above the bottom seat's hand when the board drew it (the replay) and it reaches that far left
        (a long hand, Norths set aside), so that the box never covers a tile of it."""
        L = app.layout
        t, c = self.rect, self.center.rect
        left_seat = self.seat_rects.get(3)
        left = max(t.left + self.pad + self.edge_h, left_seat.right if left_seat else 0) + L.px(12)
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

    def bottom_rows(self, thickness: int = 0) -> int:
        """How many rows the bottom seat's river may take when the board draws that seat's hand too
        (the replay): the rows that fit above the hand (a quarter of a tile may slip under it, as
        the second row does at every size), so that no discard is drawn under the hand; the later
        discards continue the last row, into the free felt at the right.  ``thickness``: how tall
        that seat's row is drawn (its melds may be taller than its hand), else the edge's."""
        t, c = self.rect, self.center.rect
        th = tile_art.tile_size(self.river_h)[1]
        gap = row_gap(self.river_h)
        hand_top = t.bottom - self.pad - max(self.edge_h, thickness)
        room = hand_top + th // 4 - (c.bottom + self.gap)
        return max(1, min(MAX_ROWS, (room + gap) // (th + gap)))

    def _seat_image(self, theme: str, seat: Any, quarter: int) -> pygame.Surface:
        """A seat's row turned to it: the concealed tiles at the edge's height, the melds at
        :attr:`meld_h` (both shrink to the edge's length); the melds' height is kept by quarter."""
        t = self.rect
        length = (t.height - 2 * self.pad) if quarter in (1, 3) else (t.width * 3 // 5)
        self.meld_heights[quarter] = seat_heights(seat, self.edge_h, length, self.meld_h)[1]
        return seat_surface(theme, seat, self.edge_h, length, quarter, self.meld_h)

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
        self.river_rects = {}
        edges = {state.relative(s.seat): self._seat_image(theme, s, state.relative(s.seat))
                 for s in state.seats if bottom_edge or state.relative(s.seat) != 0}
        for s in state.seats:
            q = state.relative(s.seat)
            rows = self.bottom_rows(edges[0].get_height()) if q == 0 and bottom_edge else MAX_ROWS
            img = river_surface(theme, s.river, tuple(sorted(marks.get(s.seat, {}).items())), self.river_h, q,
                                rows)
            anchor = {0: {"topleft": (c.left, c.bottom + g)}, 1: {"bottomleft": (c.right + g, c.bottom)},
                      2: {"bottomright": (c.right, c.top - g)}, 3: {"topright": (c.left - g, c.top)}}[q]
            self.river_rects[q] = img.get_rect(**anchor)
            surf.blit(img, self.river_rects[q])
        pad = self.pad
        self.bottom_hand = None
        self.seat_rects = {}
        for q, img in edges.items():
            anchor = {0: {"midbottom": (t.centerx, t.bottom - pad)}, 1: {"midright": (t.right - pad, t.centery)},
                      2: {"midtop": (t.centerx, t.top + pad)}, 3: {"midleft": (t.left + pad, t.centery)}}[q]
            rect = img.get_rect(**anchor)
            surf.blit(img, rect)
            self.seat_rects[q] = rect
            if q == 0:
                self.bottom_hand = rect
        self.center.draw(surf, app, state, hover)
