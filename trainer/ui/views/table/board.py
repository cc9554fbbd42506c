"""The table board: the felt, four rivers around the centre panel, and each seat's edge
(concealed tiles and melds), laid out for a rectangle and drawn from a :class:`TableState`.

The play screen draws the learner's own hand as an interactive row and asks the board for
the other three edges; the replay viewer lets the board draw all four.
"""

from __future__ import annotations

from collections.abc import Callable
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
SeatLabels = dict[int, tuple[str, ...]]
"""Per quarter (1 right, 2 across, 3 left): the lines of that opponent's name plate."""
LABEL_ANCHORS: dict[int, tuple[str, Callable[[pygame.Rect, int], tuple[int, int]]]] = {
    2: ("midleft", lambda seat, gap: (seat.right + gap, seat.centery)),
    1: ("bottomright", lambda seat, gap: (seat.left - gap, seat.bottom)),
    3: ("bottomleft", lambda seat, gap: (seat.right + gap, seat.bottom)),
}
"""Where each opponent's name plate sits against its row (the rect's point, from the row and a gap)."""
MELD_MIN_H = 38
"""Screen pixels: the least height of an opponent's meld tiles (28 px wide, readable), above the
concealed tiles' own height in a small window (1024x600); larger windows draw them at the edge's."""
RIVER_CAP = 0.6
"""The river tiles' largest height, a share of a hand tile's (:meth:`Layout.tile_h`)."""
CORNER_MIN_W = 240
"""Design pixels: the least width the coach's corner keeps when the rivers of a three-player table
grow into the felt that nobody across leaves free."""


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
        self.players = 4
        self.label_rects: dict[int, pygame.Rect] = {}  # where draw put each opponent's name label, by quarter
        self.placed: tuple[int, pygame.Rect] = (self.river_h, self.center.rect.copy())  # as place left them

    def place(self, app: Any, rect: pygame.Rect, players: int = 4) -> None:
        """Fit the board into ``rect``: opponents' tiles, river tiles and the square centre panel.
        In a small window the opponents' melds are drawn larger than their concealed tiles (at least
        :data:`MELD_MIN_H`), when the felt beside the side rivers leaves room for them.  At three
        ``players`` nobody sits across: the rivers take the felt that seat leaves."""
        L = app.layout
        self.rect = pygame.Rect(rect)
        self.players = players
        edge = max(L.px(26), min(round(L.px(44) * L.room), self.rect.height // 12))
        for meld_h in dict.fromkeys((max(edge, MELD_MIN_H), edge)):
            self._place_with(app, edge, meld_h)
            if self._side_felt() >= meld_h + L.px(6):
                break
        self.placed = (self.river_h, self.center.rect.copy())

    def _place_with(self, app: Any, edge: int, meld_h: int) -> None:
        """The board's sizes with the opponents' concealed tiles ``edge`` and their melds ``meld_h``
        tall: the edge's room (above the rivers) is the melds'."""
        L = app.layout
        t = self.rect
        self.edge_h, self.meld_h, self.gap, self.pad = edge, meld_h, L.px(6), L.px(8)
        if self.players == 3:
            self._place_three(app)
            return
        # rivers: three rows of six on each side of the panel (a fourth may reach into the
        # corner); the panel is as wide as a river row
        rh = max(L.px(18), min(self._river_cap(app), (t.height - meld_h - L.px(24)) * 100 // 1140))
        side = self._side(app, rh)
        self.river_h = rh
        cy = t.top + meld_h + L.px(10) + (t.height - meld_h - L.px(10)) // 2
        self.center.rect = pygame.Rect(0, 0, side, side)
        self.center.rect.center = (t.centerx, cy)

    @staticmethod
    def _river_cap(app: Any) -> int:
        """The river tiles' largest height: :data:`RIVER_CAP` of a hand tile, larger by the room a held
        interface size leaves (:attr:`Layout.room`), so that the table still fills a big window."""
        return round(app.layout.tile_h(RIVER_CAP) * app.layout.room)

    @staticmethod
    def _side(app: Any, rh: int) -> int:
        """The centre panel's side for river tiles ``rh`` tall: as wide as a river row of six."""
        tw, th = tile_art.tile_size(rh)
        return 6 * tw + (th - tw) + 5 * tile_art.default_gap(rh) + app.layout.px(8)

    def _place_three(self, app: Any) -> None:
        """Three players: no seat across, so the panel and the bottom river (three rows) alone need
        the felt's height; the rivers grow as large as that and the coach's corner allow
        (:data:`CORNER_MIN_W`), at most :data:`RIVER_CAP` of a hand tile, and the panel sits in the
        middle of the felt's height."""
        L = app.layout
        t = self.rect
        corner_left = t.left + self.pad + max(self.edge_h, self.meld_h) + L.px(12)
        rh = max(L.px(18), self._river_cap(app))
        while rh > L.px(18):
            side = self._side(app, rh)
            rows = 3 * rh + 2 * row_gap(rh)
            corner = t.centerx - side // 2 - 4 * rh - L.px(12) - corner_left
            if side + self.gap + rows + L.px(16) <= t.height and corner >= L.px(CORNER_MIN_W):
                break
            rh -= 1
        side = self._side(app, rh)
        rows = 3 * rh + 2 * row_gap(rh)
        self.river_h = rh
        self.center.rect = pygame.Rect(0, 0, side, side)
        self.center.rect.midtop = (t.centerx, t.top + (t.height - side - self.gap - rows) // 2)

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
        return self._clear_of_plates(app, area, 3)

    def side_corner(self, app: Any) -> pygame.Rect:
        """The free felt at the top right, as :meth:`corner` is at the top left: between the right
        river's rows (as many as the left river's the corner keeps clear) and the right player's row
        (its melds and Norths set aside included), below the name plate of the player across when it
        reaches over it, above the right player's name plate, any banner and a long bottom hand."""
        L = app.layout
        t, c = self.rect, self.center.rect
        right_seat = self.seat_rects.get(1)
        right = min(t.right - self.pad - self.edge_h, right_seat.left if right_seat else t.right) - L.px(12)
        left = c.right + 4 * self.river_h + L.px(12)
        top = t.top + L.px(10)
        area = pygame.Rect(left, top, max(0, right - left), t.bottom - self.pad - top)
        across = self.label_rects.get(2)
        if across is not None and across.colliderect(area):
            area.top = across.bottom + L.px(6)
            area.height = max(0, t.bottom - self.pad - area.top)
        return self._clear_of_plates(app, area, 1)

    def free_corner(self, app: Any, quarter: int) -> pygame.Rect:
        """The free felt at the top of the left (``quarter`` 3) or the right (1) side as :meth:`draw`
        left it: from that player's row to the nearest river, centre panel or row across as they are
        drawn now (not the rows a river may come to take, as :meth:`corner` keeps); on the left from
        the felt's top, on the right below the row across and its name plate; above that side's name
        plate, clear of a banner and of the bottom seat's hand.  Before the first draw, :meth:`corner`
        or :meth:`side_corner`."""
        if not self.river_rects:
            return self.corner(app) if quarter == 3 else self.side_corner(app)
        L = app.layout
        t, c, margin = self.rect, self.center.rect, L.px(12)
        seat = self.seat_rects.get(quarter)
        across = [r for r in (self.seat_rects.get(2), self.label_rects.get(2)) if r is not None]
        top = t.top + L.px(10)
        if quarter == 1:  # below the row across and its plate, which reach over the right side's top
            top = max([top] + [r.bottom + L.px(6) for r in across])
        band = pygame.Rect(t.left, top, t.width, t.bottom - self.pad - top)
        blocks = [r for r in (*self.river_rects.values(), c, *across) if r.width and r.colliderect(band)]
        if quarter == 3:
            left = max(t.left + self.pad + self.edge_h, seat.right if seat else 0) + margin
            right = min((r.left for r in blocks if r.centerx > left), default=c.left) - margin
        else:
            right = min(t.right - self.pad - self.edge_h, seat.left if seat else t.right) - margin
            left = max((r.right for r in blocks if r.centerx < right), default=c.right) + margin
        return self._clear_of_plates(app, pygame.Rect(left, top, max(0, right - left), band.height), quarter)

    def _clear_of_plates(self, app: Any, area: pygame.Rect, quarter: int) -> pygame.Rect:
        """``area`` (a corner of the felt on the side of ``quarter``) made to stop above that side's
        name plate and the bottom seat's hand (when the board drew it), and to start below a banner."""
        L = app.layout
        t = self.rect
        hand = self.bottom_hand
        if hand is not None and hand.left < area.right and hand.right > area.left:
            area.height = max(0, min(area.height, hand.top - L.px(6) - area.top))
        label = self.label_rects.get(quarter)  # that side's player's name label, under the box's corner
        if label is not None and label.colliderect(area):
            area.height = max(0, label.top - L.px(6) - area.top)
        for banner in getattr(app, "banners", ()):
            shown = banner.rect(app)
            if shown.colliderect(area):
                area.top = shown.bottom + L.px(6)
                area.height = t.bottom - self.pad - area.top
        return area

    def bottom_rows(self, thickness: int = 0, slip: bool = False) -> int:
        """How many rows the bottom seat's river may take when the board draws that seat's hand too
        (the replay, a lesson's paifu): the rows that fit whole above the hand, so that no discard
        and none of its marks is drawn even partly under the hand; the later discards continue the
        last row, into the free felt at the right.  ``thickness``: how tall that seat's row is drawn
        (its melds may be taller than its hand), else the edge's.  ``slip``: the rows that fit when a
        quarter of a tile may slip under the hand (the rows :meth:`fit_above_hand` makes room for)."""
        c = self.center.rect
        th = tile_art.tile_size(self.river_h)[1]
        gap = row_gap(self.river_h)
        room = self._hand_top(thickness) + (th // 4 if slip else 0) - (c.bottom + self.gap)
        return max(1, min(MAX_ROWS, (room + gap) // (th + gap)))

    def _rows_toward(self, app: Any, quarter: int, edges: dict[int, pygame.Surface], bottom_edge: bool) -> int:
        """How many rows the river of ``quarter`` may take: the bottom seat's as :meth:`bottom_rows`
        says when the board draws that hand (``bottom_edge``); an opponent's, the rows that fit whole
        between the centre panel and that opponent's row (``edges``, its melds included), so that a
        long river never runs under the row (three or four melds across); the rest continue the
        last row along it."""
        if quarter == 0:
            return self.bottom_rows(edges[0].get_height()) if bottom_edge else MAX_ROWS
        if quarter not in edges:
            return MAX_ROWS
        room = self._room_toward(quarter, edges[quarter]) - app.layout.px(2)
        th = tile_art.tile_size(self.river_h)[1]
        gap = row_gap(self.river_h)
        return max(1, min(MAX_ROWS, (room + gap) // (th + gap)))

    def _room_toward(self, quarter: int, edge: pygame.Surface) -> int:
        """The felt between the centre panel's side facing ``quarter`` (past the river's gap) and the
        inner side of that opponent's row ``edge``, as :meth:`draw` places it."""
        t, c, g, pad = self.rect, self.center.rect, self.gap, self.pad
        if quarter == 2:
            return (c.top - g) - (t.top + pad + edge.get_height())
        if quarter == 1:
            return (t.right - pad - edge.get_width()) - (c.right + g)
        return (c.left - g) - (t.left + pad + edge.get_width())

    def _hand_top(self, thickness: int) -> int:
        """The top of the bottom seat's row when the board draws it, ``thickness`` tall."""
        return self.rect.bottom - self.pad - max(self.edge_h, thickness)

    def fit_above_hand(self, app: Any, thickness: int, across: int) -> None:
        """Before the board draws the bottom seat's hand (``thickness`` tall) under that seat's river:
        lift the centre panel, and the rivers round it, into the felt the river across leaves free
        below the row across (``across`` tall), and where that is not enough make the river tiles a
        little smaller, so that the rows that would fit with a quarter of a tile under the hand (two
        in a 16:9 window) show whole, with the marks drawn on them.  Starts again from what
        :meth:`place` computed, so every frame gives the same board."""
        L = app.layout
        self.river_h, self.center.rect = self.placed[0], self.placed[1].copy()
        rows = self.bottom_rows(thickness, slip=True)
        while True:
            th = tile_art.tile_size(self.river_h)[1]
            gap = row_gap(self.river_h)
            c = self.center.rect
            over = c.bottom + self.gap + rows * th + (rows - 1) * gap + L.px(2) - self._hand_top(thickness)
            across_rows = 0 if self.players == 3 else 3 * th + 2 * gap
            room = c.top - self.gap - across_rows - (self.rect.top + self.pad + across + L.px(4))
            lift = max(0, min(over, room))
            if over <= lift or self.river_h <= L.px(18):
                self.center.rect.move_ip(0, -lift)
                return
            self._shrink_rivers(app)

    def _shrink_rivers(self, app: Any) -> None:
        """River tiles one pixel smaller, the centre panel as wide as a row of them again, its
        centre where it was."""
        self.river_h -= 1
        side = self._side(app, self.river_h)
        center = self.center.rect.center
        self.center.rect = pygame.Rect(0, 0, side, side)
        self.center.rect.center = center

    def _seat_image(self, theme: str, seat: Any, quarter: int) -> pygame.Surface:
        """A seat's row turned to it: the concealed tiles at the edge's height, the melds at
        :attr:`meld_h` (both shrink to the edge's length); the melds' height is kept by quarter."""
        t = self.rect
        length = (t.height - 2 * self.pad) if quarter in (1, 3) else (t.width * 3 // 5)
        heights = seat_heights(seat, self.edge_h, length, self.meld_h)
        self.meld_heights[quarter] = heights[1]
        return seat_surface(theme, seat, self.edge_h, length, quarter, self.meld_h, heights)

    def draw(self, surf: pygame.Surface, app: Any, state: TableState, marks: RiverMarks, *,
             bottom_edge: bool = False, hover: tuple[int, int] | None = None,
             labels: SeatLabels | None = None) -> None:
        """Paint the felt, the rivers (with ``marks``), the other seats' edges (the bottom
        seat's too when ``bottom_edge``: then its river keeps to the rows above that hand,
        :meth:`bottom_rows`), each opponent's name label (``labels``, by quarter), and the centre
        panel."""
        L = app.layout
        theme = app.settings.tile_theme
        t, c, g = self.rect, self.center.rect, self.gap
        pygame.draw.rect(surf, P.felt_light, t, border_radius=L.px(24))
        pygame.draw.rect(surf, P.felt_line, t, width=max(1, L.px(2)), border_radius=L.px(24))
        self.river_rects = {}
        edges = {state.relative(s.seat): self._seat_image(theme, s, state.relative(s.seat))
                 for s in state.seats if bottom_edge or state.relative(s.seat) != 0}
        if bottom_edge:
            self.fit_above_hand(app, edges[0].get_height(), edges[2].get_height() if 2 in edges else 0)
            c = self.center.rect
        for s in state.seats:
            q = state.relative(s.seat)
            rows = self._rows_toward(app, q, edges, bottom_edge)
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
        self._draw_labels(surf, app, labels or {})
        self.center.draw(surf, app, state, hover)

    def _draw_labels(self, surf: pygame.Surface, app: Any, labels: SeatLabels) -> None:
        """Each opponent's name plate (its lines: the seat, then who plays it) on the felt beside its
        row: right of the row across, and facing the felt at the near end of the rows on the right
        and on the left (clear of the coach's corner at the top left)."""
        L = app.layout
        self.label_rects = {}
        for q, lines in labels.items():
            seat = self.seat_rects.get(q)
            if seat is None or q not in LABEL_ANCHORS or not lines:
                continue
            plate = _name_plate(app, lines, align_right=q == 1)
            anchor, point = LABEL_ANCHORS[q]
            rect = plate.get_rect(**{anchor: point(seat, L.px(10))}).clamp(self.rect)
            surf.blit(plate, rect)
            self.label_rects[q] = rect


def _name_plate(app: Any, lines: tuple[str, ...], *, align_right: bool) -> pygame.Surface:
    """A name plate's lines, one under the other: the first bold, the rest muted (the right seat's
    lines aligned to the right, towards its row)."""
    size = app.layout.font("tiny")
    imgs = [app.text_surface(line, size, P.on_felt if i == 0 else P.on_felt_muted, i == 0)
            for i, line in enumerate(lines)]
    plate = pygame.Surface((max(i.get_width() for i in imgs), sum(i.get_height() for i in imgs)), pygame.SRCALPHA)
    y = 0
    for img in imgs:
        plate.blit(img, img.get_rect(top=y, right=plate.get_width()) if align_right else img.get_rect(top=y))
        y += img.get_height()
    return plate
