"""Rows of tiles on screen: hands with melds, rivers, palettes to pick from.

:class:`TileRow` is a widget that lays out tiles (possibly in several lines),
draws them with :mod:`trainer.ui.tile_art`, and lets the learner pick tiles
with the mouse or the keyboard (Left/Right move a cursor, Space toggles).
Open melds are drawn with the called tile sideways, closed kans with both end
tiles face down, as at a real table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from trainer.engine.hand import Meld, MeldKind, Source
from trainer.engine.notation import parse_hand, parse_tiles
from trainer.engine.tiles import Tile
from trainer.ui import tile_art
from trainer.ui.theme import PALETTE
from trainer.ui.widgets import Widget, draw_focus_ring

if TYPE_CHECKING:
    from trainer.ui.context import AppContext

P = PALETTE


@dataclass(frozen=True, slots=True)
class TileSlot:
    """One tile position in a row: the tile, how it lies, and the gap before it (in tile widths)."""

    tile: Tile
    sideways: bool = False
    face_down: bool = False
    gap: float = 0.0
    group: int = -1  # -1 concealed, else the meld's index


def tile_image(app: AppContext, slot: TileSlot, height: int, highlight: str | None = None,
               dim: bool = False) -> pygame.Surface:
    """The surface of one tile in the user's theme."""
    return tile_art.tile_surface(slot.tile, height, theme=app.settings.tile_theme, face_down=slot.face_down,
                                 sideways=slot.sideways, highlight=highlight, dim=dim)


def slot_width(slot: TileSlot, height: int) -> int:
    """Horizontal space a slot takes (a sideways tile is as wide as a tile is tall)."""
    w, h = tile_art.tile_size(height)
    return h if slot.sideways else w


def slots_for_tiles(tiles: Iterable[Tile]) -> list[TileSlot]:
    """A plain row of tiles, in the given order."""
    return [TileSlot(t) for t in tiles]


def slots_for_text(text: str) -> list[TileSlot]:
    """Slots for an MPSZ string; melds in it are drawn as at the table, after a gap."""
    if "(" in text or "[" in text:
        return slots_for_hand(text)
    return slots_for_tiles(parse_tiles(text))


_SIDEWAYS_AT = {Source.LEFT: 0, Source.ACROSS: 1, Source.RIGHT: 2}


def meld_layout(meld: Meld) -> list[tuple[Tile, bool, bool]]:
    """A meld as it lies at the table, tile by tile as ``(tile, sideways, face_down)``: the called
    tile turned sideways at the side of the player it came from (first from the left, in the
    middle from across, last from the right — an open kan's too; a meld that names no called tile
    lies as called from the left); a closed kan with its two end tiles face down.  The one rule every table and lesson draws melds by."""
    tiles = list(meld.tiles)
    if meld.kind is MeldKind.KAN_CLOSED:
        return [(t, False, i in (0, 3)) for i, t in enumerate(tiles)]
    if meld.called is None or meld.called not in tiles:
        # A meld written without its called tile (a lesson's «(456p)», a generated hand) is still
        # open: it lies with its first tile sideways, as called from the left, so it never looks
        # like concealed tiles.
        return [(t, i == 0, False) for i, t in enumerate(tiles)]
    side = _SIDEWAYS_AT.get(meld.source, 0) if meld.source is not None else 0
    tiles.remove(meld.called)
    at = len(tiles) if meld.source is Source.RIGHT else min(side, len(tiles))
    tiles.insert(at, meld.called)
    return [(t, i == at, False) for i, t in enumerate(tiles)]


def slots_for_hand(text: str) -> list[TileSlot]:
    """A hand: concealed tiles, then each meld after a gap, laid out by :func:`meld_layout`."""
    hand = parse_hand(text, check_size=False)
    out = [TileSlot(t) for t in hand.concealed]
    for mi, meld in enumerate(hand.melds):
        for i, (t, sideways, face_down) in enumerate(meld_layout(meld)):
            out.append(TileSlot(t, sideways=sideways, face_down=face_down, gap=0.4 if i == 0 else 0.0, group=mi))
    return out


def row_width(slots: Sequence[TileSlot], height: int, spacing: int) -> int:
    """Total width of a line of slots at ``height``."""
    if not slots:
        return 0
    tw = tile_art.tile_size(height)[0]
    return sum(slot_width(s, height) + round(s.gap * tw) for s in slots) + spacing * (len(slots) - 1)


def draw_tile_string(surf: pygame.Surface, text: str, rect: pygame.Rect, app: AppContext) -> None:
    """Draw an MPSZ string centred in ``rect``, as large as fits (used for icons and captions)."""
    slots = slots_for_text(text)
    h = rect.height
    while h > 8 and row_width(slots, h, max(1, h // 20)) > rect.width:
        h -= 2
    spacing = max(1, h // 20)
    x = rect.centerx - row_width(slots, h, spacing) // 2
    tw = tile_art.tile_size(h)[0]
    for s in slots:
        x += round(s.gap * tw)
        img = tile_image(app, s, h)
        surf.blit(img, img.get_rect(bottomleft=(x, rect.centery + h // 2)))
        x += slot_width(s, h) + spacing


class TileRow(Widget):
    """Tiles in one or more lines; optionally pickable (click or Space toggles a tile).

    ``marks`` maps a slot index to "right", "wrong" or "hint" (drawn as a highlight),
    ``dim`` greys slots out; ``inert`` slots are drawn as they are but cannot be picked (a meld
    laid down beside the hand); ``selected`` holds the picked indices.
    """

    def __init__(
        self,
        slots: Sequence[TileSlot],
        *,
        lines: Sequence[int] = (),
        pickable: bool = False,
        multi: bool = True,
        on_change: Callable[[set[int]], Any] | None = None,
        on_activate: Callable[[int], Any] | None = None,
    ) -> None:
        super().__init__()
        self.slots = list(slots)
        self.breaks = sorted(set(lines))  # slot indices that start a new line
        self.pickable = pickable
        self.focusable = pickable or on_activate is not None
        self.multi = multi
        self.on_change = on_change
        self.on_activate = on_activate
        self.selected: set[int] = set()
        self.marks: dict[int, str] = {}
        self.dim: set[int] = set()
        self.inert: set[int] = set()
        self.cursor = 0
        self.height = 40
        self.rects: list[pygame.Rect] = []
        self.locked = False

    # -- layout

    def _lines(self) -> list[list[int]]:
        starts = [0] + [b for b in self.breaks if 0 < b < len(self.slots)]
        ends = starts[1:] + [len(self.slots)]
        return [list(range(a, b)) for a, b in zip(starts, ends, strict=True) if a < b]

    def place(self, center_x: int, top: int, max_width: int, height: int, *, min_height: int = 16,
              line_gap: float = 0.25, align: str = "center") -> pygame.Rect:
        """Lay the tiles out centred at ``center_x`` from ``top``, shrinking them to fit ``max_width``.
        With ``align="left"`` every line starts at the left edge of the ``max_width`` block (a river)."""
        lines = self._lines()
        h = height
        lift = 0.18 if self.pickable else 0.0
        while h > min_height and max((row_width([self.slots[i] for i in ln], h, self._spacing(h))
                                      for ln in lines), default=0) > max_width:
            h -= 1
        self.height = h
        spacing = self._spacing(h)
        tw = tile_art.tile_size(h)[0]
        self.rects = [pygame.Rect(0, 0, 0, 0)] * len(self.slots)
        y = top + round(h * lift)
        block = max((row_width([self.slots[i] for i in ln], h, spacing) for ln in lines), default=0)
        for ln in lines:
            w = row_width([self.slots[i] for i in ln], h, spacing)
            x = center_x - (min(max_width, max(block, max_width)) if align == "left" else w) // 2
            for i in ln:
                s = self.slots[i]
                x += round(s.gap * tw)
                sw = slot_width(s, h)
                sh = tile_art.tile_size(h)[0] if s.sideways else h
                self.rects[i] = pygame.Rect(x, y + h - sh, sw, sh)
                x += sw + spacing
            y += h + round(h * line_gap)
        total_h = y - top - round(h * line_gap) if lines else 0
        left = min((r.left for r in self.rects), default=center_x)
        right = max((r.right for r in self.rects), default=center_x)
        self.rect = pygame.Rect(left, top, max(1, right - left), max(1, total_h))
        return self.rect

    @staticmethod
    def _spacing(h: int) -> int:
        return max(1, round(h * 0.05))

    # -- interaction

    def index_at(self, pos: tuple[int, int]) -> int | None:
        """The slot under the point, if any (a raised selected tile counts at its raised place)."""
        for i, r in enumerate(self.rects):
            if self._draw_rect(i).collidepoint(pos) or r.collidepoint(pos):
                return i
        return None

    def toggle(self, i: int) -> None:
        """Pick or un-pick slot ``i`` (a single-pick row replaces the previous pick)."""
        if not self.pickable or self.locked or not 0 <= i < len(self.slots) or i in self.inert:
            return
        if i in self.selected:
            self.selected.discard(i)
        else:
            if not self.multi:
                self.selected.clear()
            self.selected.add(i)
        self.cursor = i
        if self.on_change:
            self.on_change(set(self.selected))

    def click(self, pos: tuple[int, int]) -> None:
        """Toggle (or activate) the clicked tile."""
        i = self.index_at(pos)
        if i is None:
            return
        self.cursor = i
        if self.pickable:
            self.toggle(i)
        elif self.on_activate:
            self.on_activate(i)

    def activate(self) -> None:
        """Enter on the row (when the screen does not submit): toggle the cursor tile."""
        if self.pickable:
            self.toggle(self.cursor)
        elif self.on_activate:
            self.on_activate(self.cursor)

    def hit(self, pos: tuple[int, int]) -> bool:
        """Inside any tile (including raised ones)."""
        return self.visible and self.index_at(pos) is not None

    def handle_key(self, ev: pygame.event.Event) -> bool:
        """Left/Right move the cursor, Up/Down change line, Space picks."""
        if not self.slots:
            return False
        if ev.key == pygame.K_LEFT and self.cursor > 0:
            self.cursor -= 1
            return True
        if ev.key == pygame.K_RIGHT and self.cursor < len(self.slots) - 1:
            self.cursor += 1
            return True
        if ev.key in (pygame.K_UP, pygame.K_DOWN):
            lines = self._lines()
            li = next((k for k, ln in enumerate(lines) if self.cursor in ln), 0)
            nj = li + (1 if ev.key == pygame.K_DOWN else -1)
            if 0 <= nj < len(lines):
                cx = self.rects[self.cursor].centerx
                self.cursor = min(lines[nj], key=lambda i: abs(self.rects[i].centerx - cx))
                return True
            return False
        if ev.key == pygame.K_SPACE:
            self.activate()
            return True
        return False

    # -- drawing

    def _draw_rect(self, i: int) -> pygame.Rect:
        r = self.rects[i]
        if i in self.selected:
            return r.move(0, -round(self.height * 0.18))
        return r

    def draw(self, surf: pygame.Surface, app: AppContext, focused: bool) -> None:
        """Paint every tile with its highlight; the keyboard cursor gets a gold underline."""
        for i, s in enumerate(self.slots):
            mark = self.marks.get(i)
            hl = mark or ("selected" if i in self.selected else None)
            img = tile_image(app, s, self.height, hl, i in self.dim)
            r = self._draw_rect(i)
            surf.blit(img, img.get_rect(bottomleft=r.bottomleft))
            if self.hovered and self.pickable and not self.locked and r.collidepoint(pygame.mouse.get_pos()):
                pygame.draw.rect(surf, P.accent, r, width=max(1, self.height // 30), border_radius=self.height // 12)
        if focused and self.focusable and self.rects and 0 <= self.cursor < len(self.rects):
            r = self._draw_rect(self.cursor)
            draw_focus_ring(surf, r, max(2, self.height // 12), max(2, self.height // 28))


def tile_icon(app: AppContext, tiles: str) -> Callable[[pygame.Surface, pygame.Rect], None]:
    """A card icon that paints the tiles ``tiles`` (MPSZ) into the card's icon box."""

    def paint(surf: pygame.Surface, rect: pygame.Rect) -> None:
        draw_tile_string(surf, tiles, rect, app)

    return paint
