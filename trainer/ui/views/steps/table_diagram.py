"""A table seen from above (seats, hands, rivers) as drawn by the "show" step."""

from __future__ import annotations

from typing import Any

import pygame

from trainer.engine.notation import parse_tiles
from trainer.engine.tiles import Tile
from trainer.i18n import _, ngettext
from trainer.lessons import answers
from trainer.ui.theme import PALETTE
from trainer.ui.tileview import TileRow, TileSlot, slots_for_text
from trainer.ui.views.steps.base import WIND_NAMES, StepView
from trainer.ui.widgets import blit_text, draw_panel

P = PALETTE


def tiles_markup(kinds: Any) -> str:
    """Rich-text markup showing a set of tile kinds (e.g. the waits of a hand), or a dash for none."""
    text = answers.kinds_text(sorted(kinds)) if kinds else ""
    return f"{{tiles:{text}}}" if text else "—"


WIND_SEP = " · "
"""Between a seat's name and its wind in the row label."""
STACKED_RIVER = 0.8
"""A river's tiles in a child's stacked table: this share of the hand's tile height."""
STACKED_GAP = 6
"""Design pixels between a seat's label and its tiles in a child's stacked table."""


class TableDiagram:
    """A table seen from above: each seat's hand (or hidden tiles) and river, in four rows, and
    a centre panel as on a real table (and the play screen): the round wind, the honba and
    riichi sticks on the table, the dora indicators and the tiles left in the wall."""

    WHO = {"self": 0, "right": 1, "across": 2, "left": 3}

    def __init__(self, view: StepView, table: Any) -> None:
        self.view = view
        self.table = table
        self.rows: list[tuple[str, TileRow | None, TileRow | None]] = []
        names = {"self": _("You"), "right": _("Right"), "across": _("Across"), "left": _("Left")}
        for seat in sorted(table.seats, key=lambda s: self.WHO[s.who]):
            label = view.text(seat.label) if seat.label is not None else names[seat.who]
            if seat.wind:  # the term has its own brackets; it goes under the name when both do not fit
                label += WIND_SEP + view.app.term_text(WIND_NAMES[seat.wind])
            hand = None
            if seat.hand:
                hand = view.host.add(TileRow(slots_for_text(seat.hand)))
            elif seat.hidden:
                hand = view.host.add(TileRow([TileSlot(Tile(0), face_down=True)] * seat.hidden))
            river = None
            if seat.river:
                slots = [TileSlot(t, sideways=i == seat.riichi_at) for i, t in enumerate(parse_tiles(seat.river))]
                river = view.host.add(TileRow(slots))
            self.rows.append((label, hand, river))
        self.dora = view.host.add(TileRow(slots_for_text(table.dora))) if table.dora else None
        self.center = pygame.Rect(0, 0, 0, 0)

    def center_lines(self) -> list[tuple[str, str]]:
        """The centre panel's lines as (what, text): the round, honba, riichi sticks, tiles left
        (the dora indicators are drawn as tiles below them).  None for a child: the round, honba and
        sticks are a grown-up's table words, and the room goes to bigger tiles."""
        if self.view.child():
            return []
        app = self.view.app
        t = self.table
        try:
            wind = app.glossary().term(WIND_NAMES[t.round]).name(app.settings.language)
        except (KeyError, LookupError):
            wind = t.round
        out = [("round", _("Round: {wind}").format(wind=wind)),
               ("honba", ngettext("{n} honba", "{n} honba", t.honba).format(n=t.honba)),
               ("sticks", ngettext("{n} riichi stick", "{n} riichi sticks", t.sticks).format(n=t.sticks))]
        if t.wall_left is not None:
            out.append(("wall", _("Tiles left: {n}").format(n=t.wall_left)))
        return out

    def _center_size(self) -> tuple[int, int]:
        app = self.view.app
        L = app.layout
        lh = app.line_height(L.font("small"))
        lines = self.center_lines()
        if not lines and self.dora is None:
            return 0, 0
        # Each line: the text, after a stick for honba and riichi sticks, inside the padding.
        w = max(app.text_width(txt, L.font("small"), bold=k == "round") + (L.px(38) if k in ("honba", "sticks")
                                                                            else 0) for k, txt in lines)
        w = max(L.px(180), w + L.px(30))
        h = L.px(16) + len(lines) * (lh + L.px(4)) + L.px(12)
        if self.dora is not None:
            h += lh + L.px(44)
        return min(w, L.px(320)), h

    @staticmethod
    def _units(row: TileRow | None) -> float:
        """How wide a row is, in tile widths (a sideways tile counts a little more)."""
        if row is None:
            return 0.0
        return sum(1.35 if s.sideways else 1.0 for s in row.slots)

    def layout(self, area: pygame.Rect) -> int:
        """Lay the seats out in ``area`` (from its top); returns the bottom of the diagram.  A seat's
        label is left of its hand and river; a child's table without a centre panel, when that gives
        bigger tiles, has the label above and the river under the hand, each across the whole width
        (:meth:`_layout_stacked`)."""
        y = self._layout_side_by_side(area)
        if self.view.child() and not self.center.width:
            side_th = min((h.height for _l, h, _r in self.rows if h is not None), default=self.th)
            if self._stacked_th(area) > side_th:
                y = self._layout_stacked(area)
        self.area = pygame.Rect(area.left, area.top, area.width, y - area.top)
        return y

    def _layout_side_by_side(self, area: pygame.Rect) -> int:
        """A row per seat: its label, then its hand and its river sharing the width by their tile
        counts; the centre panel on the right.  Returns the bottom."""
        L = self.view.app.layout
        n = max(1, len(self.rows))
        cw, ch = self._center_size()
        gap = L.px(16)
        th = max(L.px(24), min(self.view.th(0.7), area.height // n - L.px(12)))
        label_w = L.px(250)
        y = area.top
        body_w = area.width - label_w - (cw + gap if cw else 0)
        # The hands and the rivers share the room by how many tiles they hold (river tiles are 0.8 tall).
        hand_u = max([self._units(h) for _l, h, _r in self.rows] + [1.0])
        river_u = max(self._units(r) for _l, _h, r in self.rows) * 0.8
        hand_w = round(body_w * hand_u / (hand_u + river_u)) if river_u else body_w
        river_w = body_w - hand_w
        self.labels = []
        for _label, hand, river in self.rows:
            if hand is not None:
                hand.place(area.left + label_w + hand_w // 2, y, hand_w - L.px(20), th)
            if river is not None:
                river.place(area.left + label_w + hand_w + river_w // 2, y + round(th * 0.1), river_w - L.px(20),
                            round(th * 0.8))
            self.labels.append((area.left, y + th // 2, L.px(240)))
            y += th + L.px(12)
        rows_h = y - area.top - L.px(12)
        self.center = pygame.Rect(area.right - cw, area.top + max(0, (rows_h - ch) // 2), cw, ch)
        if self.dora is not None:
            self.dora.place(self.center.centerx, self.center.bottom - L.px(12) - L.px(32), cw - L.px(24), L.px(32))
        self.th = th
        return max(y, self.center.bottom + L.px(12))

    def _stacked_th(self, area: pygame.Rect) -> int:
        """The hand tiles' height in a stacked layout: as tall as a child's hand where the height and
        the width of ``area`` allow (a row's own width shrinks it further when placed)."""
        app = self.view.app
        L = app.layout
        lines = sum((1.0 if hand is not None else 0.0) + (STACKED_RIVER if river is not None else 0.0)
                    for _label, hand, river in self.rows)
        n_lines = sum((hand is not None) + (river is not None) for _label, hand, river in self.rows)
        fixed = len(self.rows) * (app.line_height(L.font("small")) + L.px(STACKED_GAP + 12)) + n_lines * L.px(12)
        by_height = int((area.height - fixed) / max(1.0, lines))
        widest = max([self._units(h) for _l, h, _r in self.rows] + [1.0])
        by_width = int((area.width - L.px(20)) / (widest * 0.8))  # a tile and its spacing: 0.8 of its height
        th = max(L.px(24), min(self.view.th(1.0), by_height, by_width))
        key = (area.left, area.width, area.bottom)
        cached = getattr(self, "_stacked_key", None)
        if cached is not None and cached[0] == key and area.top > cached[1]:
            return cached[2]  # the centring pass only moves the diagram down: keep the tiles' size
        self._stacked_key = (key, area.top, th)
        return th

    def _layout_stacked(self, area: pygame.Rect) -> int:
        """For a child: per seat its label, under it the hand, under that the river, each line
        across the whole width and centred; no centre panel (a child's has none).  Returns the bottom."""
        app = self.view.app
        L = app.layout
        th = self._stacked_th(area)
        lh = app.line_height(L.font("small"))
        y = area.top
        self.labels = []
        for _label, hand, river in self.rows:
            label_y = y + lh // 2
            y += lh + L.px(STACKED_GAP)
            left = area.centerx
            if hand is not None:
                hand.place(area.centerx, y, area.width - L.px(20), th)
                left = hand.rect.left
                y = hand.rect.bottom + L.px(12)
            if river is not None:
                river.place(area.centerx, y, area.width - L.px(20), round(th * STACKED_RIVER))
                left = min(left, river.rect.left)
                y = river.rect.bottom + L.px(12)
            self.labels.append((left, label_y, area.right - left))
            y += L.px(12)
        self.center = pygame.Rect(area.right, area.top, 0, 0)
        self.th = th
        return y - L.px(12)

    def draw(self, surf: pygame.Surface) -> None:
        app = self.view.app
        L = app.layout
        font = L.font("small")
        lh = app.line_height(font)
        for (label, _hand, _river), (x, mid, room) in zip(self.rows, self.labels, strict=True):
            lines = [label]
            if WIND_SEP in label and app.text_width(label, font, True) > room:
                name, wind = label.split(WIND_SEP, 1)
                lines = [name, wind]
            top = mid - lh * (len(lines) - 1) // 2
            for i, line in enumerate(lines):
                blit_text(surf, app, line, font, P.on_felt, (x, top + i * lh), anchor="midleft",
                          bold=True, max_width=room)
        c = self.center
        if not c.width:
            return
        draw_panel(surf, c, P.felt_dark, L.px(14), border=P.accent_dark)
        lh = app.line_height(L.font("small"))
        y = c.top + L.px(12)
        for what, text in self.center_lines():
            x = c.left + L.px(14)
            if what in ("honba", "sticks"):
                draw_stick(surf, pygame.Rect(x, y + lh // 2 - L.px(4), L.px(30), L.px(8)), what == "sticks")
                x += L.px(38)
            blit_text(surf, app, text, L.font("small"), P.on_felt if what == "round" else P.on_felt_muted,
                      (x, y), bold=what == "round", max_width=c.right - L.px(10) - x)
            y += lh + L.px(4)
        if self.dora is not None:
            blit_text(surf, app, _("Dora indicator"), L.font("small"), P.on_felt_muted,
                      (c.centerx, self.dora.rect.top - L.px(4)), anchor="midbottom", max_width=c.width - L.px(16))


def draw_stick(surf: pygame.Surface, rect: pygame.Rect, riichi: bool) -> None:
    """A point stick as it lies on the table: white, with one red dot (the 1000-point riichi
    stick) or two rows of small black dots (the 100-point honba counter)."""
    pygame.draw.rect(surf, P.card, rect, border_radius=rect.height // 2)
    cy = rect.centery
    if riichi:
        pygame.draw.circle(surf, P.wrong, rect.center, max(2, rect.height // 3))
        return
    r = max(1, rect.height // 6)
    for i in range(4):
        x = rect.left + rect.width * (i + 2) // 8
        for dy in (-rect.height // 4, rect.height // 4):
            pygame.draw.circle(surf, P.ink, (x, cy + dy), r)
