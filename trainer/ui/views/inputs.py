"""Answer inputs shared by lesson steps and drills: rich text blocks, option buttons,
fu item counters, and the tile palette.

These are widgets (see :mod:`trainer.ui.widgets`) specialised for quizzes: an
option button shows a number key, text with inline tiles, and turns green or red
after grading; a fu chip counts how many times an item applies.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from trainer.engine.tiles import Tile
from trainer.i18n import _
from trainer.ui.richtext import RichLayout, layout_rich
from trainer.ui.theme import PALETTE, Color
from trainer.ui.tileview import TileRow, TileSlot, row_width, slots_for_text
from trainer.ui.widgets import Widget, blit_text, draw_focus_ring, draw_panel

if TYPE_CHECKING:
    from trainer.ui.context import AppContext

P = PALETTE


class RichBlock(Widget):
    """A paragraph of rich lesson text (inline tiles, clickable glossary terms); not focusable."""

    focusable = False

    def __init__(self, text: str, *, size: str = "body", color: Color = P.on_felt, term_color: Color | None = None,
                 on_term: Callable[[str], Any] | None = None, align: str = "left") -> None:
        super().__init__()
        self.text = text
        self.size = size
        self.color = color
        self.term_color = term_color
        self.on_term = on_term
        self.align = align
        self.layout: RichLayout | None = None

    def place(self, app: AppContext, x: int, y: int, width: int) -> int:
        """Lay the text out ``width`` wide at (x, y); returns its height."""
        tc = self.term_color or ((140, 205, 255) if self.color == P.on_felt else P.term)
        self.layout = layout_rich(app, self.text, app.layout.font(self.size), width, self.color, term_color=tc)
        w = self.layout.surface.get_width()
        if self.align == "center":
            used = _used_width(self.layout)
            x += (width - used) // 2
            w = used
        self.rect = pygame.Rect(x, y, w, self.layout.height)
        return self.layout.height

    def hit(self, pos: tuple[int, int]) -> bool:
        """Only glossary terms are clickable."""
        return bool(self.visible and self.layout and self.rect.collidepoint(pos)
                    and self.layout.term_at(pos, self.rect.topleft))

    def click(self, pos: tuple[int, int]) -> None:
        """Open the clicked term's card."""
        if self.layout is None or self.on_term is None:
            return
        term = self.layout.term_at(pos, self.rect.topleft)
        if term:
            self.on_term(term)

    def draw(self, surf: pygame.Surface, app: AppContext, focused: bool) -> None:
        """Blit the pre-rendered text."""
        if self.layout is not None and self.visible:
            surf.blit(self.layout.surface, self.rect.topleft)


def _used_width(layout: RichLayout) -> int:
    r = layout.surface.get_bounding_rect()
    return max(1, r.right)


class OptionButton(Widget):
    """One answer option: a number key badge, rich text and/or tiles; marked after grading.

    A ``big`` option is a tile button for young eyes: its tiles (or its short text) large and
    centred, the number badge in the corner; a row of them is laid out with :func:`place_big_options`.
    """

    def __init__(self, index: int, text: str, tiles: str, on_pick: Callable[[int], Any], *, toggle: bool = False,
                 big: bool = False) -> None:
        super().__init__()
        self.index = index
        self.text = text
        self.tiles = tiles
        self.on_pick = on_pick
        self.toggle = toggle
        self.big = big
        self.big_font = "h2"  # the text size of a big option (set for the whole row by big_options_fit)
        self.own_font = "body"  # the text size of a plain option (small where many long options share a screen)
        self.text_font = self.own_font  # ... as drawn now (smaller while a feedback panel leaves little room)
        self.tight = False  # less room above and below the text (many options beside an open feedback panel)
        self.selected = False
        self.keyed = True  # the badge shows the option's number key (False: digits type into an answer box)
        self.mark: str | None = None  # "right", "wrong", "missed", "faded" (a child's hint: pale, never red)
        self.locked = False
        self._layout: RichLayout | None = None
        self._row: TileRow | None = None

    def activate(self) -> None:
        """Choose this option."""
        if not self.locked:
            self.on_pick(self.index)

    def wrong_tick(self) -> bool:
        """A ticked option marked wrong: its badge shows a cross, not the tick (a wrongly ticked
        option on a red card must not read as right)."""
        return self.toggle and self.selected and self.mark == "wrong"

    def badge_label(self) -> str:
        """What the badge reads: ✓ on a ticked option (nothing for a wrong tick, whose cross is
        drawn), else its number key (1-9), or nothing past the ninth option or where the digit keys
        type into an answer box (``keyed`` False)."""
        if self.wrong_tick():
            return ""
        if self.toggle and self.selected:
            return "✓"
        return str(self.index + 1) if self.keyed and self.index < 9 else ""

    def badge_rect(self, app: AppContext) -> pygame.Rect:
        """The badge's square: at the left, centred (a big option's at its top left)."""
        L = app.layout
        badge = pygame.Rect(self.rect.left + L.px(14), 0, L.px(34), L.px(34))
        badge.centery = self.rect.centery
        if self.big:
            badge.topleft = (self.rect.left + L.px(10), self.rect.top + L.px(10))
        return badge

    def measure_big(self, app: AppContext, width: int, tile_h: int) -> int:
        """Height a big option needs at ``width`` with tiles ``tile_h`` tall (they shrink to fit the width)."""
        L = app.layout
        pad = L.px(14)
        inner_w = width - 2 * pad
        h = 0
        self._layout = None
        self._row = None
        if self.tiles:
            from trainer.ui.tileview import slots_for_text

            self._row = TileRow(slots_for_text(self.tiles))
            self._row.place(0, 0, inner_w, tile_h)
            h += self._row.rect.height
        if self.text:
            size = self.big_font if not self.tiles else "large"
            self._layout = layout_rich(app, self.text, L.font(size), inner_w, P.ink)
            h += self._layout.height + (L.px(8) if self.tiles else 0)
        badge = L.px(30) if self.tiles else 0  # the badge sits in the corner above the tiles
        return max(L.px(96), h + 2 * pad + badge)

    def _pad_v(self, app: AppContext) -> int:
        """The room above and below a plain option's text."""
        return app.layout.px(7 if self.tight else 14)

    def measure(self, app: AppContext, width: int) -> int:
        """Height the button needs at ``width``."""
        L = app.layout
        pad = L.px(14)
        badge = L.px(34)
        inner_w = width - 2 * pad - badge - L.px(12)
        h = 0
        if self.text:
            self._layout = layout_rich(app, self.text, L.font(self.text_font), inner_w, P.ink)
            h += self._layout.height
        if self.tiles:
            from trainer.ui.tileview import slots_for_text

            self._row = TileRow(slots_for_text(self.tiles))
            th = L.tile_h(0.72)
            self._row.place(0, 0, inner_w, th)
            h += (L.px(8) if self.text else 0) + self._row.rect.height
        return max(L.px(44 if self.tight else 56), h + 2 * self._pad_v(app))

    def place(self, app: AppContext, rect: pygame.Rect) -> None:
        """Give the button its rectangle (after :meth:`measure`)."""
        self.rect = rect
        L = app.layout
        if self.big:
            self._place_big(app, rect)
            return
        if self._row is not None:
            pad = L.px(14)
            badge = L.px(34)
            left = rect.left + pad + badge + L.px(12)
            inner_w = rect.right - pad - left
            top = rect.top + self._pad_v(app) + ((self._layout.height + L.px(8)) if self._layout else 0)
            if not self._layout:
                top = rect.centery - self._row.rect.height // 2
            self._row.place(left + min(inner_w, self._row.rect.width) // 2, top, inner_w, self._row.height)

    def _place_big(self, app: AppContext, rect: pygame.Rect) -> None:
        """Centre the tiles and the text of a big option in ``rect``."""
        L = app.layout
        text_h = (self._layout.height + (L.px(8) if self._row is not None else 0)) if self._layout else 0
        row_h = self._row.rect.height if self._row is not None else 0
        badge = L.px(15) if self._row is not None else 0
        top = rect.centery - (row_h + text_h) // 2 + badge
        if self._row is not None:
            self._row.place(rect.centerx, top, rect.width - L.px(28), self._row.height)
            top = self._row.rect.bottom + L.px(8)
        self._text_pos = (rect.centerx - _used_width(self._layout) // 2, top) if self._layout else None

    def draw(self, surf: pygame.Surface, app: AppContext, focused: bool) -> None:
        """Paper button; gold edge when selected; green/red when graded."""
        L = app.layout
        rad = L.px(12)
        bg, edge = (P.card_alt if self.hovered and not self.locked else P.card), P.card_edge
        if self.selected:
            edge = P.accent
        if self.mark == "right":
            bg, edge = P.right_bg, P.right
        elif self.mark == "wrong":
            bg, edge = P.wrong_bg, P.wrong
        elif self.mark == "missed":
            bg, edge = P.hint_bg, P.hint
        draw_panel(surf, self.rect, bg, rad, shadow=L.px(3), border=edge,
                   border_w=L.px(3) if (self.selected or self.mark) else 1)
        badge = self.badge_rect(app)
        bcol = edge if (self.selected or self.mark) else P.felt_light
        if self.toggle:
            draw_panel(surf, badge, bcol, L.px(6))
        else:
            pygame.draw.circle(surf, bcol, badge.center, badge.width // 2)
        label = self.badge_label()
        if self.toggle and not self.keyed and not label:  # no key (digits type elsewhere): an empty tick box
            pygame.draw.rect(surf, (255, 255, 255), badge.inflate(-L.px(12), -L.px(12)), width=max(1, L.px(2)),
                             border_radius=L.px(3))
        blit_text(surf, app, label, L.font("small"), (255, 255, 255), badge.center, anchor="center", bold=True)
        if self.wrong_tick():
            cross = badge.inflate(-L.px(18), -L.px(18))
            for a, b in ((cross.topleft, cross.bottomright), (cross.topright, cross.bottomleft)):
                pygame.draw.line(surf, (255, 255, 255), a, b, max(2, L.px(4)))
        left = badge.right + L.px(12)
        if self.big:
            if self._layout is not None and getattr(self, "_text_pos", None) is not None:
                surf.blit(self._layout.surface, self._text_pos)
            if self._row is not None:
                self._row.draw(surf, app, False)
            self._draw_faded(surf, rad)
            if focused:
                draw_focus_ring(surf, self.rect, rad, L.px(2))
            return
        if self._layout is not None:
            y = self.rect.top + self._pad_v(app)
            if self._row is None:
                y = self.rect.centery - self._layout.height // 2
            surf.blit(self._layout.surface, (left, y))
        if self._row is not None:
            self._row.draw(surf, app, False)
        self._draw_faded(surf, rad)
        if focused:
            draw_focus_ring(surf, self.rect, rad, L.px(2))


    def _draw_faded(self, surf: pygame.Surface, rad: int) -> None:
        """An option a child's hint ruled out grows pale: neither red nor crossed."""
        if self.mark == "faded":
            veil = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            pygame.draw.rect(veil, (*P.card[:3], 170), veil.get_rect(), border_radius=rad)
            surf.blit(veil, self.rect.topleft)


class CounterChip(Widget):
    """A fu item the learner can count: click/Right adds one, right-click/Left removes one."""

    def __init__(self, key: str, label: str, value: int, on_change: Callable[[], Any], max_count: int = 4) -> None:
        super().__init__()
        self.key = key
        self.label = label
        self.value = value  # fu per item, shown on the chip
        self.count = 0
        self.max_count = max_count
        self.on_change = on_change
        self.mark: str | None = None
        self.locked = False

    def bump(self, d: int) -> None:
        """Change the count by ``d`` within 0..max_count."""
        if self.locked:
            return
        n = max(0, min(self.max_count, self.count + d))
        if n != self.count:
            self.count = n
            self.on_change()

    def activate(self) -> None:
        """Enter/Space adds one (wrapping to zero after the maximum)."""
        self.bump(1) if self.count < self.max_count else self.bump(-self.count)

    def click(self, pos: tuple[int, int]) -> None:
        """A click on the chip adds one; on its − corner removes one."""
        if self.count and pos[0] < self.rect.left + self.rect.height:
            self.bump(-1)
        else:
            self.bump(1)

    def handle_key(self, ev: pygame.event.Event) -> bool:
        """+/- and Backspace change the count."""
        if ev.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.bump(1)
            return True
        if ev.key in (pygame.K_MINUS, pygame.K_KP_MINUS, pygame.K_BACKSPACE):
            self.bump(-1)
            return True
        return False

    def draw(self, surf: pygame.Surface, app: AppContext, focused: bool) -> None:
        """Paint the chip with its fu value and count."""
        L = app.layout
        rad = L.px(10)
        active = self.count > 0
        bg = P.card if active else (P.felt_light if self.hovered else P.felt_dark)
        fg = P.ink if active else P.on_felt
        edge = {"right": P.right, "wrong": P.wrong, "missed": P.hint}.get(self.mark or "", P.accent if active else P.felt_line)
        draw_panel(surf, self.rect, bg, rad, border=edge, border_w=L.px(3) if (active or self.mark) else 1)
        size = L.font("small") if self.rect.height >= L.px(30) else L.font("tiny")
        x = self.rect.left + L.px(10)
        if active:
            minus = pygame.Rect(self.rect.left + L.px(6), 0, self.rect.height - L.px(14), self.rect.height - L.px(14))
            minus.centery = self.rect.centery
            draw_panel(surf, minus, P.card_alt, L.px(6))
            blit_text(surf, app, "−", size, P.ink, minus.center, anchor="center", bold=True)
            x = minus.right + L.px(8)
        val = f"+{self.value}" if self.count <= 1 else f"{self.count}×{self.value}"
        vr = blit_text(surf, app, val, size, fg, (self.rect.right - L.px(10), self.rect.centery), anchor="midright",
                       bold=True)
        label, size = self.fitted_label(app, size, vr.left - x - L.px(6))
        blit_text(surf, app, label, size, fg, (x, self.rect.centery), anchor="midleft", max_width=vr.left - x - L.px(6))
        if focused:
            draw_focus_ring(surf, self.rect, rad, L.px(2))

    def fitted_label(self, app: AppContext, size: int, room: int) -> tuple[str, int]:
        """The label as it fits ``room`` px: whole in the chip's type, else in the smallest type,
        else without its closing term in brackets ("Single wait", the glossary word aside), which
        is shortened with '…' only when even that does not fit."""
        import re

        tiny = app.layout.font("tiny")
        short = re.sub(r"\s*\([^()]*\)$", "", self.label)
        for text, font in ((self.label, size), (self.label, tiny), (short, size), (short, tiny)):
            if app.text_width(text, font) <= room:
                return text, font
        return short, tiny

    def value_texts(self) -> tuple[str, str]:
        """What the chip's value may read: its fu once ("+8"), and counted to the most ("4×8")."""
        return f"+{self.value}", f"{self.max_count}×{self.value}"


def big_options_fit(app: AppContext, options: Sequence[OptionButton], area: pygame.Rect, top: int,
                    tile_h: int) -> int:
    """Lay big option buttons out in one row (two when there are more than five) from ``top``, as
    large as ``area`` allows: tiles up to ``tile_h`` tall, shrunk until the rows fit above
    ``area.bottom``.  Returns the bottom of the last row."""
    from trainer.ui.richtext import plain_text

    L = app.layout
    n = len(options)
    if not n:
        return top
    # One text size for the whole row: numbers and short words big, longer words a little smaller.
    short = all(len(plain_text(o.text, app)) <= 3 for o in options if o.text)
    for o in options:
        o.big_font = "hero" if short else "h2"
    cols = n if n <= 5 else -(-n // 2)
    rows = -(-n // cols)
    gap = L.px(16)
    # An option of several tiles («Где порядок?»: five tiles) gets the width its row needs at full
    # size, so its tiles are not shrunk to a sliver; the row still fits the area.
    need = max((row_width(slots_for_text(o.tiles), tile_h, TileRow._spacing(tile_h)) + 2 * L.px(14)
                for o in options if o.tiles), default=0)
    w = min(max(L.px(300), need), (area.width - gap * (cols - 1)) // cols)
    # A word is never broken: the row's text gets smaller until its longest word fits beside the badge.
    words = [word for o in options if o.text for word in plain_text(o.text, app).split()]
    sizes = ["hero", "h2", "large", "body"]
    size = options[0].big_font
    while words and size != sizes[-1] and \
            max(app.text_width(word, L.font(size)) for word in words) > w - L.px(72):
        size = sizes[sizes.index(size) + 1]
    for o in options:
        o.big_font = size
    h_avail = area.bottom - top - gap * (rows - 1)
    th = tile_h
    while True:
        hs = [o.measure_big(app, w, th) for o in options]
        h = max(hs)
        if h * rows <= h_avail or th <= L.px(40):
            break
        th = max(L.px(40), th - L.px(8))
    h = max(L.px(56), min(h, h_avail // rows))
    total_w = cols * w + gap * (cols - 1)
    x0 = area.centerx - total_w // 2
    for i, o in enumerate(options):
        r, c = divmod(i, cols)
        o.place(app, pygame.Rect(x0 + c * (w + gap), top + r * (h + gap), w, h))
    return top + rows * h + gap * (rows - 1)


def palette_slots(suits: Sequence[str], absent: Collection[int] = ()) -> tuple[list[TileSlot], list[int]]:
    """Slots for a pick-a-tile palette: one line per suit letter (m, p, s: 1-9; z: the 7 honors),
    without the ``absent`` kinds the game's tile set does not hold (2m-8m in sanma)."""
    slots: list[TileSlot] = []
    breaks: list[int] = []
    for suit in suits:
        base = "mpsz".index(suit) * 9
        count = 7 if suit == "z" else 9
        row = [TileSlot(Tile(base + i)) for i in range(count) if base + i not in absent]
        if row:
            breaks.append(len(slots))
            slots.extend(row)
    return slots, breaks


def suits_of(tiles: Sequence[Tile]) -> list[str]:
    """The suit letters present among ``tiles``, in m p s z order."""
    present = {t.suit_letter for t in tiles}
    return [s for s in "mpsz" if s in present]


def draw_card(surf: pygame.Surface, app: AppContext, rect: pygame.Rect, color: Color = P.card) -> None:
    """A paper card behind step content."""
    L = app.layout
    draw_panel(surf, rect, color, L.px(16), shadow=L.px(4), border=P.card_edge)


def fu_chip_values(preset: str, scored: Sequence[tuple[str, int]] = ()) -> dict[str, int]:
    """Fu per item id for the counting chips, every value from the engine: the items the engine
    scored in this hand (``scored``, ``(id, fu)``) keep its value; the others get
    :func:`trainer.engine.fu.item_fu` under the preset's rules (a wrong pick shows what it would add)."""
    from trainer.engine.fu import FU_ITEM_IDS, item_fu
    from trainer.engine.rules import load_rules

    rules = load_rules(preset or "tenhou")
    values = {fid: item_fu(fid, rules) for fid in FU_ITEM_IDS}
    values.update(dict(scored))
    return values


TIGHTER = ((None, False), ("small", False), ("small", True))
"""The looks of plain option buttons tried in turn when they are short of room (see
:func:`fit_option_rows`): each option's own text size, then small type, then less padding."""


def fit_option_rows(app: AppContext, buttons: Sequence[OptionButton], width: int, cols: int, room: int,
                    gap: int, looks: Sequence[tuple[str | None, bool]] = TIGHTER[:1]) -> list[int]:
    """The row heights of plain option ``buttons`` laid ``cols`` a row, each ``width`` wide, in the
    first of ``looks`` — (text size, or None for each option's own; less padding) — whose rows fit
    in ``room`` (else the last): a row is never lower than its text, which would spill its second
    line over its neighbours."""
    rows: list[int] = []
    for font, tight in looks:
        for b in buttons:
            b.text_font, b.tight = font or b.own_font, tight
        heights = [b.measure(app, width) for b in buttons]
        rows = [max(heights[r:r + cols]) for r in range(0, len(heights), cols)]
        if sum(rows) + gap * (len(rows) - 1) <= room:
            break
    return rows


def place_fu_chips(app: AppContext, chips: Sequence[CounterChip], area: pygame.Rect, top: int,
                   sum_gap: int) -> pygame.Rect:
    """Lay the visible fu chips out from ``top`` in as many columns (three or four) as gives the
    tallest chips whose labels still fit, and find the running sum its own place: beside the last
    row when that row leaves room for it, else ``sum_gap`` under the chips.  Returns the rectangle
    of the sum line (draw it at its ``midtop``), which never overlaps a chip."""
    L = app.layout
    shown = [c for c in chips if c.visible]
    line_h = app.line_height(L.font("large"))
    # the widest sum line there can be (three-digit sums), in the words the views draw it with
    sum_w = app.text_width(_("Sum: {raw} fu → rounded: {fu} fu").format(raw=888, fu=888), L.font("large"), True)
    best: tuple[int, int, int, bool] | None = None  # (chip height, columns, gap, the sum beside the last row)
    for cols in (3, 4):
        for gap in (L.px(6), L.px(3)):  # tighter rows only when the chips are at their smallest
            w = (area.width - gap * (cols - 1)) // cols
            rows = max(1, -(-len(shown) // cols))
            free_w = (cols * rows - len(shown)) * (w + gap) - gap
            beside = bool(shown) and free_w >= sum_w + 2 * L.px(12)
            room = area.bottom - top - (0 if beside else line_h + sum_gap)
            h = max(L.px(20), min(L.px(40), room // rows - gap))
            if beside:  # the sum line is as tall as the last row, or taller
                h = max(L.px(20), min(h, (room - max(0, line_h - h)) // rows - gap))
            if h > L.px(20):
                break
        size = L.font("small") if h >= L.px(30) else L.font("tiny")
        # what a chip shows: the − corner (when counted), the label and its fu, "+8" or, counted
        # several times, "2×8" (as CounterChip.draw): the widest the label must leave room for
        need = max((app.text_width(c.label, size) + max(app.text_width(v, size, True) for v in c.value_texts())
                    for c in shown), default=0) + L.px(16) + max(L.px(10), h)
        if (cols == 3 or need <= w) and (best is None or h > best[0]):
            best = (h, cols, gap, beside)
    h, cols, gap, beside = best or (L.px(20), 3, L.px(3), False)
    w = (area.width - gap * (cols - 1)) // cols
    rows = max(1, -(-len(shown) // cols))
    for i, c in enumerate(shown):
        r, col = divmod(i, cols)
        c.rect = pygame.Rect(area.left + col * (w + gap), top + r * (h + gap), w, h)
    if beside:
        last = len(shown) - (rows - 1) * cols  # chips in the last row
        left = area.left + last * (w + gap)
        if h <= L.px(20):  # the smallest chips: a smaller sum, so it does not stand far below its row
            line_h = app.line_height(L.font("body"))
            sum_w = app.text_width(_("Sum: {raw} fu → rounded: {fu} fu").format(raw=888, fu=888), L.font("body"), True)
        rect = pygame.Rect(0, top + (rows - 1) * (h + gap) + max(0, (h - line_h) // 2), sum_w, line_h)
        rect.centerx = (left + area.right) // 2
        return rect
    rect = pygame.Rect(0, top + rows * (h + gap) + sum_gap, sum_w, line_h)
    rect.centerx = area.centerx
    return rect


def fu_sum_size(app: AppContext, rect: pygame.Rect) -> int:
    """The font size of the running fu sum placed at ``rect`` by :func:`place_fu_chips`: large, or
    body text where the chips are at their smallest and the sum shares their last row."""
    L = app.layout
    return L.font("large") if rect.height >= app.line_height(L.font("large")) else L.font("body")


def fu_chip_total(chips: Sequence[CounterChip]) -> tuple[int, int]:
    """(raw sum, the engine's rounding of it) for the counted chips: seven pairs stays at 25."""
    from trainer.engine.fu import FuItem, round_fu

    items = tuple(FuItem(c.key, c.value) for c in chips for _n in range(c.count))
    return sum(i.fu for i in items), round_fu(items) if items else 0
