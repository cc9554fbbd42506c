"""The "arrange" step: sort tiles, split a hand into sets, order cards, fill boxes."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from trainer.engine.notation import parse_hand, parse_tiles
from trainer.engine.tiles import Tile
from trainer.i18n import N_, _, pgettext
from trainer.ui.suit_names import suit_names
from trainer.ui.theme import PALETTE
from trainer.ui.tileview import TileRow, TileSlot
from trainer.ui.views.inputs import OptionButton, fit_option_rows
from trainer.ui.views.steps.base import QuizView, restore_row, row_state
from trainer.ui.widgets import Button, Widget, blit_text, draw_focus_ring, draw_panel

if TYPE_CHECKING:
    from trainer.ui.context import AppContext

P = PALETTE
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
ORDER_LOOKS = ((None, False), (None, True), ("small", True))
"""The looks of the cards of an order step tried in turn when they are short of room: their own
text size, then less padding, then small type (see :func:`~trainer.ui.views.inputs.fit_option_rows`)."""
EMPTIED_ROW_FACTOR = 0.45
"""A box step's row once only holes are left after a check: its holes this share of a tile's height."""


# ---------------------------------------------------------------- what a box step shows


LABEL_STEM_CUT = 2
"""How many letters a box label's first word loses to be found in a hint in another case
(«Кружки» → «круж», found in «Начни с кружков»; "Dots" → "dot")."""


def label_stem(label: str) -> str:
    """The first word of a box's label without its ending, lower case, at least three letters."""
    word = (label.split() or [""])[0].split("-")[0].lower()
    return word[:max(3, len(word) - LABEL_STEM_CUT)]


class SourceRow(TileRow):
    """The row of tiles to sort into boxes.  A tile put in a box leaves an empty place here
    (``inert``: drawn as a hole, not clickable): the tile itself is in its box, and a click on it
    there takes it back."""

    def hit(self, pos: tuple[int, int]) -> bool:
        """Inside a tile still to sort (a hole is not a tile: the click falls through)."""
        i = self.index_at(pos) if self.visible else None
        return i is not None and i not in self.inert

    def draw(self, surf: pygame.Surface, app: AppContext, focused: bool) -> None:
        """The tiles, and an empty place outlined where each sorted tile was."""
        super().draw(surf, app, focused)
        radius = max(2, self.height // 10)
        for i in sorted(self.inert):
            if 0 <= i < len(self.rects):
                draw_panel(surf, self.rects[i], P.felt_dark, radius, border=P.felt_line, border_w=max(1, self.height // 30))
        if focused and self.cursor in self.inert and 0 <= self.cursor < len(self.rects):
            draw_focus_ring(surf, self.rects[self.cursor], max(2, self.height // 12), max(2, self.height // 28))


class BoxTiles(TileRow):
    """The tiles in one box of a box step, line after line.  A click on one (or Space or Enter on
    the keyboard cursor) calls ``on_pick(slot)`` unless the step is locked."""

    def __init__(self, on_pick: Callable[[int], Any]) -> None:
        super().__init__([], on_activate=on_pick)

    def click(self, pos: tuple[int, int]) -> None:
        """Pick the clicked tile (nothing while the step is locked)."""
        if not self.locked:
            super().click(pos)

    def activate(self) -> None:
        """Pick the tile under the keyboard cursor (nothing while the step is locked)."""
        if not self.locked and 0 <= self.cursor < len(self.slots):
            super().activate()

    def handle_key(self, ev: pygame.event.Event) -> bool:
        """Enter picks the cursor tile here, before the lesson's Enter checks (not while locked:
        then Enter is the lesson's "Try again")."""
        if ev.key in ENTER_KEYS:
            if self.locked or not self.slots:
                return False
            self.activate()
            return True
        return super().handle_key(ev)

    def draw(self, surf: pygame.Surface, app: AppContext, focused: bool) -> None:
        """The tiles, with a gold outline on the one under the mouse while it can be taken."""
        super().draw(surf, app, focused)
        if self.hovered and not self.locked:
            i = self.index_at(pygame.mouse.get_pos())
            if i is not None:
                pygame.draw.rect(surf, P.accent, self.rects[i], width=max(1, self.height // 30),
                                 border_radius=self.height // 12)


class BoxCards(Widget):
    """The cards in one box of a box step, one under another, each wrapped to the box.  A click
    on one (or Space or Enter on the keyboard cursor; Up and Down move it) calls ``on_pick(entry)``
    unless the step is locked."""

    def __init__(self, on_pick: Callable[[int], Any]) -> None:
        super().__init__()
        self.on_pick = on_pick
        self.entries: list[tuple[list[str], str | None, bool]] = []  # (lines, mark, faded) per card
        self.rects: list[pygame.Rect] = []
        self.cursor = 0
        self.locked = False
        self.font = 16
        self.line_h = 20

    def place(self, app: AppContext, left: int, top: int, width: int,
              entries: list[tuple[list[str], str | None, bool]]) -> None:
        """Lay ``entries`` out from (``left``, ``top``) in a column ``width`` wide."""
        L = app.layout
        self.entries = entries
        self.font = L.font("small")
        self.line_h = app.line_height(self.font)
        pad = L.px(4)
        self.rects = []
        y = top
        for lines, _mark, _faded in entries:
            h = self.line_h * len(lines)
            self.rects.append(pygame.Rect(left - pad, y - pad // 2, width + 2 * pad, h + pad))
            y += h + L.px(4)  # a card's wrapped lines stay apart from the next card
        self.cursor = min(self.cursor, max(0, len(entries) - 1))
        self.visible = bool(entries)
        self.rect = self.rects[0].unionall(self.rects) if self.rects else pygame.Rect(left, top, 0, 0)

    def index_at(self, pos: tuple[int, int]) -> int | None:
        """The card under the point, if any."""
        return next((i for i, r in enumerate(self.rects) if r.collidepoint(pos)), None)

    def hit(self, pos: tuple[int, int]) -> bool:
        """On a card's lines."""
        return self.visible and self.index_at(pos) is not None

    def click(self, pos: tuple[int, int]) -> None:
        """Pick the clicked card."""
        i = self.index_at(pos)
        if i is not None:
            self.cursor = i
            self.activate()

    def activate(self) -> None:
        """Pick the card under the keyboard cursor (nothing while the step is locked)."""
        if not self.locked and 0 <= self.cursor < len(self.entries):
            self.on_pick(self.cursor)

    def handle_key(self, ev: pygame.event.Event) -> bool:
        """Up/Down move the cursor; Enter and Space pick the card (not while locked)."""
        step = {pygame.K_UP: -1, pygame.K_DOWN: 1}.get(ev.key, 0)
        if step and 0 <= self.cursor + step < len(self.entries):
            self.cursor += step
            return True
        if ev.key in (*ENTER_KEYS, pygame.K_SPACE) and not self.locked and self.entries:
            self.activate()
            return True
        return False

    def draw(self, surf: pygame.Surface, app: AppContext, focused: bool) -> None:
        """Each card's lines: struck through in red where it does not belong, pale where a child
        put it wrongly; the card under the mouse (while it can be taken) on a lighter ground."""
        L = app.layout
        mouse = pygame.mouse.get_pos()
        for (lines, mark, faded), r in zip(self.entries, self.rects, strict=True):
            if self.hovered and not self.locked and r.collidepoint(mouse):
                draw_panel(surf, r, P.felt_light, L.px(6))
            col = P.on_felt_muted if faded else {"right": P.right, "wrong": P.wrong,
                                                 "hint": P.hint}.get(mark or "", P.on_felt)
            y = r.top + L.px(2)
            for line in lines:
                tr = blit_text(surf, app, line, self.font, col, (r.left + L.px(4), y))
                if mark == "wrong":  # not only red: struck through where it does not belong
                    pygame.draw.line(surf, col, (tr.left, tr.centery), (tr.right, tr.centery), max(1, L.px(2)))
                y += self.line_h
        if focused and self.rects:
            draw_focus_ring(surf, self.rects[self.cursor], L.px(6), max(2, L.px(2)))


# ---------------------------------------------------------------- arrange


# TRANSLATORS: what a child (ru: «ты», simple words) is told who pressed Check on a half-done step
# of this kind: tiles into boxes, tiles into teams and the pair, tiles or cards swapped into order.
CHILD_UNFINISHED = {
    "boxes": N_("First put every tile in its place."),
    "split": N_("First put every tile into a team or the pair."),
    "sort": N_("First move the tiles: tap two tiles to swap them."),
    "order": N_("First move the cards: tap two cards to swap them."),
}
"""A child's words for an arrange step not finished yet, by its ``ask`` (the adults' words are
:meth:`ArrangeView.empty_message`)."""


class ArrangeView(QuizView):
    """Sort tiles, split a hand into sets, order cards, or drop tiles/cards into boxes.

    Pick an item (click or Space), then click where it goes: another item to swap with,
    or a box.  For ``split``, pick the tiles of one set and press "Make a set".
    """

    def build(self) -> None:
        st = self.step
        self.build_prompt()
        self.ask = st.ask
        self.how = self.rich(self.how_to(), size="small", color=P.on_felt_muted)
        rng = random.Random(f"{self.lesson.id}:{st.id}")
        self.groups: list[list[Tile]] = []
        self.box_of: list[int] = []
        self.cards: list[OptionButton] = []
        self.box_buttons: list[Button] = []
        self.row: TileRow | None = None
        if self.ask == "sort":
            tiles = list(parse_tiles(st.tiles, max_copies=None))
            self.row = self.host.add(TileRow([TileSlot(t) for t in tiles], pickable=True, multi=False,
                                             on_change=self._swap_tiles))
            self.order = list(range(len(tiles)))
        elif self.ask == "split":
            hand = parse_hand(st.hand, check_size=False)
            self.row = self.host.add(TileRow([TileSlot(t) for t in hand.concealed], pickable=True))
            self.group_rows: list[TileRow] = []
            kid = self.child()
            self.make_btn = self.host.add(Button(_("These go together!") if kid else _("Make a set"), self._make_group,
                                                 kind="secondary", hotkey="G"))
            self.undo_btn = self.host.add(Button(_("Oops, take them back") if kid else _("Undo last set"),
                                                 self._undo_group, kind="ghost"))
        elif self.ask == "order":
            idx = list(range(len(st.cards)))
            while idx == sorted(idx) and len(idx) > 1:
                rng.shuffle(idx)
            self.order = idx
            for pos, ci in enumerate(idx):
                c = st.cards[ci]
                b = OptionButton(pos, self.text(c.text) if c.text else "", c.tiles or "", self._pick_card)
                self.cards.append(self.host.add(b))
        else:  # boxes
            if st.tiles:
                tiles = list(parse_tiles(st.tiles, max_copies=None))
                self.row = self.host.add(SourceRow([TileSlot(t) for t in tiles], pickable=True, multi=False,
                                                   on_change=lambda s: self.app.invalidate()))
                self.box_of = [-1] * len(tiles)
            else:
                for i, c in enumerate(st.cards):
                    b = OptionButton(i, self.text(c.text) if c.text else "", c.tiles or "", self._pick_card)
                    self.cards.append(self.host.add(b))
                self.box_of = [-1] * len(st.cards)
            for bi, box in enumerate(st.boxes):
                self.box_buttons.append(self.host.add(Button(self.text(box.label), lambda bi=bi: self._drop(bi),
                                                             kind="ghost")))
            # What each box holds: its tiles (or cards), each taken back out with a click.
            kind = BoxTiles if self.row is not None else BoxCards
            self.box_contents: list[BoxTiles | BoxCards] = [
                self.host.add(kind(lambda k, bi=bi: self._box_item_clicked(bi, k))) for bi in range(len(st.boxes))]
            self._box_members: list[list[int]] = [[] for _b in st.boxes]  # the item shown at each place of a box
        self.picked_card: int | None = None
        self.box_rows: list[list[int]] = []
        self._box_marks: dict[int, str] = {}
        self._box_tile_h: int | None = None  # the tiles' height in the boxes, as the layout fits them
        self._revealed: tuple[int, ...] | None = None  # the right box of every item, once the answer is shown
        self._last_checked = self._snapshot()  # Check needs a change since the start or the last try
        self._checked = False  # checked at least once (a box step's row of holes then shrinks)
        self._named_in_miss: set[int] = set()  # the misplaced items a child's miss named (child_miss_words)

    def how_to(self) -> str:
        """How to move things in this step, shown under the prompt from the start: a child's
        words ("Tap a tile, then a box.") in a children's lesson, an adult's otherwise."""
        st = self.step
        kid = self.child()
        if self.ask == "sort":
            return (_("Tap a tile, then another one: they swap places!") if kid
                    else _("Click a tile, then another: they swap places."))
        if self.ask == "order":
            return (_("Tap a card, then another one: they swap places!") if kid
                    else _("Click a card, then another: they swap places."))
        if self.ask == "split":
            if kid:
                return _("Tap the tiles that go together, then “These go together!”.")
            if self.split_has_pair():
                # TRANSLATORS: a "split the hand" step of sets and a pair; the pair is made with the same button.
                return _("Click the tiles of one set, then “Make a set”. Make the pair the same way.")
            return _("Click the tiles of one set, then “Make a set”.")
        if st.tiles:
            # TRANSLATORS: the second sentence says a tile put in a box comes back out with a click on it.
            return " ".join((_("Tap a tile, then a box."), _("Wrong box? Tap the tile in it to take it back."))
                            if kid else (_("Click a tile, then the box it belongs in."),
                                         _("Wrong box? Click the tile in it to pick it up again.")))
        return " ".join((_("Tap a card, then a box."), _("Wrong box? Tap the card in it to take it back."))
                        if kid else (_("Click a card, then the box it belongs in."),
                                     _("Wrong box? Click the card in it to pick it up again.")))

    def split_has_pair(self) -> bool:
        """Whether the hand to split is sets and a pair (3n + 2 tiles), not sets alone."""
        try:
            return len(parse_hand(self.step.hand, check_size=False).concealed) % 3 == 2
        except (ValueError, TypeError, AttributeError):
            return False

    def _snapshot(self) -> Any:
        """The arrangement as it stands (tiles in the row, boxes, card order, sets made)."""
        tiles = tuple(s.tile for s in self.row.slots) if self.row is not None else ()
        return tiles, tuple(self.box_of), tuple(getattr(self, "order", ())), tuple(map(tuple, self.groups))

    # -- sort
    def _swap_tiles(self, sel: set[int]) -> None:
        if not hasattr(self, "_first"):
            self._first = None
        if not sel:
            self._first = None
            return
        i = next(iter(sel))
        if self._first is None or self._first == i:
            self._first = i
            return
        a, b = self._first, i
        slots = self.row.slots
        slots[a], slots[b] = slots[b], slots[a]
        self._first = None
        self.row.selected.clear()
        self.app.invalidate()

    # -- split
    def _make_group(self) -> None:
        sel = sorted(self.row.selected)
        if not sel or self.row.locked:
            return
        group = [self.row.slots[i].tile for i in sel]
        self.groups.append(group)
        self.row.slots = [s for i, s in enumerate(self.row.slots) if i not in sel]
        self.row.selected.clear()
        self.row.cursor = 0
        self.host.relayout()

    def _undo_group(self) -> None:
        if not self.groups or self.row.locked:
            return
        group = self.groups.pop()
        self.row.slots = sorted(self.row.slots + [TileSlot(t) for t in group], key=lambda s: s.tile)
        self.host.relayout()

    # -- order / boxes with cards
    def _pick_card(self, pos: int) -> None:
        if self.ask == "order":
            if self.picked_card is None:
                self.picked_card = pos
                self.cards[pos].selected = True
                return
            a, b = self.picked_card, pos
            self.order[a], self.order[b] = self.order[b], self.order[a]
            ca, cb = self.cards[a], self.cards[b]
            ca.text, cb.text = cb.text, ca.text
            ca.tiles, cb.tiles = cb.tiles, ca.tiles
            ca.selected = False
            self.picked_card = None
            self.host.relayout()
        else:
            for c in self.cards:
                c.selected = c.index == pos and not c.selected
            self.picked_card = pos if self.cards[pos].selected else None

    def _drop(self, box: int) -> None:
        if self.row is not None:
            if not self.row.selected or self.row.locked:
                return
            i = next(iter(self.row.selected))
            self.box_of[i] = box
            self.row.selected.clear()
            # The keyboard cursor goes on to the next tile still to sort (not a hole).
            left = [j for j, b in enumerate(self.box_of) if b < 0]
            self.row.cursor = next((j for j in left if j > i), left[0] if left else i)
        else:
            if self.picked_card is None:
                return
            self.box_of[self.picked_card] = box
            self.cards[self.picked_card].selected = False
            self.picked_card = None
        self.host.relayout()

    def _picked(self) -> int | None:
        """The tile (or card) picked up and not yet dropped, if any."""
        if self.row is not None:
            return next(iter(self.row.selected), None)
        return self.picked_card

    def _box_item_clicked(self, box: int, place: int) -> None:
        """A click on the item at ``place`` in ``box``: with a tile (card) picked up, the box takes
        it (the click is a drop there, as anywhere on the box); else the clicked one comes out of
        the box, picked up, so the next box clicked (or its digit) takes it."""
        members = self._box_members[box] if box < len(self._box_members) else []
        if self._revealed is not None or not 0 <= place < len(members):
            return
        if self._picked() is not None:
            self._drop(box)
        else:
            self.take_out(members[place])

    def take_out(self, item: int) -> None:
        """Take tile (or card) ``item`` back out of its box, picked up, with the keyboard focus on it."""
        if self.box_of[item] < 0 or self._revealed is not None:
            return
        self.box_of[item] = -1
        self._box_marks.pop(item, None)
        if self.row is not None:
            self.row.selected = {item}
            self.row.cursor = item
            focus: Any = self.row
        else:
            for c in self.cards:
                c.selected = c.index == item
            self.picked_card = item
            focus = self.cards[item]
        self.host.relayout()
        self.host.set_focus(focus)

    def click_at(self, pos: tuple[int, int]) -> bool:
        """A click anywhere on a box (not only its label) drops the picked item there."""
        if self.ask != "boxes":
            return False
        for bi, area in enumerate(self.box_rects()):
            if area.collidepoint(pos) and self.box_buttons[bi].enabled:
                self._drop(bi)
                return True
        return False

    def choose(self, n: int) -> bool:
        if self.ask == "boxes" and 1 <= n <= len(self.box_buttons):
            self._drop(n - 1)
            return True
        return False

    def initial_focus(self) -> Any:
        return self.row if self.row is not None else (self.cards[0] if self.cards else None)

    def response(self) -> Any:
        if self.ask in ("sort", "order") and self._snapshot() == self._last_checked:
            return None  # untouched since the start (or the last try): Enter must not spend a try
        if self.ask == "sort":
            return [s.tile for s in self.row.slots]
        if self.ask == "split":
            if self.row.slots:
                return None
            return [list(g) for g in self.groups]
        if self.ask == "order":
            return list(self.order)
        if any(b < 0 for b in self.box_of):
            return None
        return list(self.box_of)

    def child_empty_message(self) -> str:
        """A child's words for the step not finished yet (:data:`CHILD_UNFINISHED`)."""
        words = CHILD_UNFINISHED.get(self.ask)
        return _(words) if words else ""

    def empty_message(self) -> str:
        if self.ask == "split":
            return _("Put every tile into a set first.")
        if self.ask == "sort":
            return _("Move the tiles first: click two tiles to swap them.")
        if self.ask == "order":
            return _("Move the cards first: click two cards to swap them.")
        return _("Put every item into a box first.")

    def layout(self, area: pygame.Rect) -> None:
        L = self.app.layout
        y = self.place_prompt(area) - L.px(6)
        y += self.how.place(self.app, area.left, y, area.width) + L.px(12)
        if self.ask in ("sort", "split") or (self.ask == "boxes" and self.row is not None):
            self.row.place(area.centerx, y + L.px(6), area.width, self._row_th(area, y))
            y = self.row.rect.bottom + L.px(24)
        if self.ask == "split":
            bw = max(self.make_btn.preferred_width(self.app), L.px(180))
            self.make_btn.rect = pygame.Rect(area.centerx - bw - L.px(8), y, bw, L.px(48))
            uw = max(self.undo_btn.preferred_width(self.app), L.px(160))
            self.undo_btn.rect = pygame.Rect(area.centerx + L.px(8), y, uw, L.px(48))
            y += L.px(64)
            self.group_top = y
            # The sets made so far are painted, not widgets: reserve their room so centring keeps it.
            gh = round(self.row.height * 0.7) if self.child() else self.th(0.75)
            self.reserved_rect = pygame.Rect(area.left, y, area.width, gh + L.px(16))
        if self.cards and self.ask == "order":
            self._layout_order(area, y)
        if self.ask == "boxes":
            self._layout_boxes(area, y)

    def _layout_order(self, area: pygame.Rect, top: int) -> None:
        """The cards to put in order, from ``top`` down, all above ``area.bottom`` (a feedback panel
        under the step): one column as the cards' own size wants, else tighter (less padding, smaller
        type, closer), else two columns read top to bottom (1-3 | 4-6), else squeezed."""
        L = self.app.layout
        app = self.app
        room = area.bottom - top
        n = len(self.cards)
        fits = None
        for cols, gap in ((1, L.px(8)), (1, L.px(4)), (2, L.px(6))):
            per_col = -(-n // cols)
            width = min(area.width, L.px(760)) if cols == 1 else min(area.width, L.px(1180))
            cw = (width - gap * (cols - 1)) // cols
            # Column-major: the cards of one row across are i and i + per_col.
            order = [c for k in range(per_col) for c in self.cards[k::per_col]]
            heights = fit_option_rows(app, order, cw, cols, room, gap, ORDER_LOOKS)
            fits = (cols, gap, per_col, cw, width, heights)
            if sum(heights) + gap * (len(heights) - 1) <= room:
                break
        cols, gap, per_col, cw, width, heights = fits
        if sum(heights) + gap * (len(heights) - 1) > room:  # squeezed: each row its share of the room
            share = (room - gap * (len(heights) - 1)) // max(1, len(heights))
            heights = [max(L.px(34), min(h, share)) for h in heights]
        left = area.centerx - width // 2
        for i, c in enumerate(self.cards):
            col, r = divmod(i, per_col)
            c.place(app, pygame.Rect(left + col * (cw + gap), top + sum(heights[:r]) + gap * r, cw, heights[r]))

    def _row_th(self, area: pygame.Rect, y: int) -> int:
        """Tile height of the row to arrange: the hand size, or for children as big as the room
        under the prompt allows (the row's width shrinks it further)."""
        L = self.app.layout
        if self._row_emptied():
            return self.th(EMPTIED_ROW_FACTOR)  # only holes are left: the boxes get the room
        if not self.child():
            return self.th()
        free = area.bottom - y - L.px(40)
        if self.ask == "split":
            # The row (lifted picks reach 18% higher), the buttons, and one line of sets at 0.7 below.
            free = (area.bottom - y - L.px(6 + 24 + 64 + 16 + 10)) * 100 // 188
        elif self.ask == "boxes":
            free -= L.px(44) + L.px(6) + self._box_th() * 2 + L.px(22) + L.px(40)
        cached = getattr(self, "_kid_th", None)
        th = max(self.th(), min(self.th(1.9), free))
        if cached is not None and cached[0] == (area.left, area.width, area.bottom) and area.top > cached[1]:
            return cached[2]  # the centring pass only moves the step down: keep the tiles' size
        self._kid_th = ((area.left, area.width, area.bottom), area.top, th)
        return th

    def _row_emptied(self) -> bool:
        """Whether a box step's row holds only holes since a check: every tile is in a box (or the
        answer is shown).  Its tiles are then read in the boxes, so the row gives them its room (and
        keeps it small while a retry starts: the boxes do not move under the learner's click)."""
        if self.ask != "boxes" or self.row is None:
            return False
        return self._revealed is not None or (self._checked and all(b >= 0 for b in self.box_of))

    def _box_th(self) -> int:
        """Tile height inside the boxes: as tall as the hand's tiles for children (a sorted tile
        stays readable), a little smaller for adults."""
        return self.th(1.0) if self.child() else self.th(0.75)

    def _fit_box_tiles(self, box_w: int, room: int) -> tuple[int, int]:
        """(tile height, inside height) for boxes ``box_w`` wide given ``room`` under their labels:
        two lines of full-size tiles when they fit and hold the fullest box; else the lines the
        fullest box needs, with the tiles shrunk until those lines fit (down to a floor)."""
        L = self.app.layout
        full = self._box_th()
        pad = L.px(8)
        n = self._fullest_box()
        if room >= full * 2 + L.px(22) and n <= 2 * self._tiles_per_line(full, box_w - 2 * pad):
            return full, full * 2 + L.px(22)
        floor = max(16, self.th(0.5))
        th = full
        while True:
            lines = -(-n // self._tiles_per_line(th, box_w - 2 * pad))
            need = th * lines + round(th * self._box_line_gap(th)) * (lines - 1) + 2 * pad
            if need <= room or th <= floor:
                return th, need
            th = max(floor, th - max(1, L.px(2)))

    def _fullest_box(self) -> int:
        """How many tiles the fullest box shows (at least one)."""
        return max(1, *(len(self._box_items(bi)) for bi in range(len(self.box_buttons))))

    @staticmethod
    def _tiles_per_line(th: int, width: int) -> int:
        """How many tiles ``th`` tall a line ``width`` wide in a box holds (as the box's row lays them out)."""
        from trainer.ui.tile_art import tile_size

        gap = TileRow._spacing(th)
        return max(1, (width + gap) // (tile_size(th)[0] + gap))

    def _box_line_gap(self, th: int) -> float:
        """The room between two lines of tiles in a box, as a share of the tiles' height."""
        return self.app.layout.px(6) / max(1, th)

    def _card_lines(self, i: int, box_w: int) -> list[str]:
        """Card ``i``'s text in a box ``box_w`` wide: wrapped to the box, never cut with "…"."""
        from trainer.ui.richtext import plain_text

        L = self.app.layout
        return self.app.wrap(plain_text(self.cards[i].text, self.app), L.font("small"), box_w - L.px(16)) or [""]

    def _box_lines(self, box_w: int) -> int:
        """Lines the fullest box needs (at least two, so a box never looks full)."""
        counts = [sum(len(self._card_lines(i, box_w)) for i, _mark, _faded in self._box_items(bi))
                  for bi in range(len(self.box_buttons))]
        return max([2, *counts])

    def _box_items(self, bi: int) -> list[tuple[int, str | None, bool]]:
        """What box ``bi`` shows: (item, mark, faded) for each tile or card in it.  Normally the
        items the learner put there, with their marks after a try; once the answer is shown, every
        item that belongs there: marked right where the learner put it there, marked as the answer
        ("hint") where the learner put it elsewhere.  For adults each item is then in one box only
        (the feedback panel says where it was put and why it belongs here); a child, who gets no
        such words, still sees the wrong drop where it was put, faded (never red), after the box's
        right contents."""
        out: list[tuple[int, str | None, bool]] = []
        want = self._revealed
        kid = self.child()
        for i, b in enumerate(self.box_of):
            if want is not None and want[i] == bi:
                out.append((i, "right" if b == bi else "hint", False))
            elif want is not None and b == bi and kid:
                out.append((i, None, True))
            elif want is None and b == bi:
                out.append((i, self._box_marks.get(i), False))
        return sorted(out, key=lambda item: item[2])  # the box's right contents first

    def _layout_boxes(self, area: pygame.Rect, y: int) -> None:
        """Cards still to sort (one column, or two when one does not fit), then a row of boxes,
        all above ``area.bottom``; at worst the cards shrink."""
        L = self.app.layout
        app = self.app
        label_h = L.px(44)
        n = len(self.box_buttons)
        gap = L.px(14)
        bw = (area.width - gap * (n - 1)) // max(1, n)
        if self.row is not None:
            inner = self._box_th() * 2 + L.px(22)  # two lines of tiles
        else:
            inner = self._box_lines(bw) * (app.line_height(L.font("small")) + L.px(4)) + L.px(18)
        box_h = label_h + L.px(6) + max(L.px(60), inner)
        if self.cards:
            for i, c in enumerate(self.cards):
                c.visible = self.box_of[i] < 0 and self._revealed is None
            shown = [c for c in self.cards if c.visible]
            avail = area.bottom - y - box_h - L.px(16)
            gap = L.px(8)
            for cols in (1, 2, 3):
                cw = min(area.width, L.px(760)) if cols == 1 else (area.width - gap * (cols - 1)) // cols
                hs = [c.measure(app, cw) for c in shown]
                rows = -(-len(hs) // cols)
                row_h = [max(hs[r * cols:(r + 1) * cols]) for r in range(rows)]
                if sum(row_h) + gap * max(0, rows - 1) <= avail or cols == 3 or len(shown) <= cols:
                    break
            if rows and sum(row_h) + gap * (rows - 1) > avail:
                gap = L.px(4)
                row_h = [max(L.px(34), min(h, (avail - gap * (rows - 1)) // rows)) for h in row_h]
            x0 = area.centerx - cw // 2 if cols == 1 else area.left
            for i, c in enumerate(shown):
                r, col = divmod(i, cols)
                c.place(app, pygame.Rect(x0 + col * (cw + gap), y + sum(row_h[:r]) + gap * r, cw, row_h[r]))
            if shown:
                y = shown[-1].rect.bottom + L.px(8)
        if self.row is not None:
            # A sorted tile leaves a hole in the row (greyed and not clickable): it is taken back
            # with a click on it in its box.
            self.row.dim = {i for i, b in enumerate(self.box_of) if b >= 0 or self._revealed is not None}
            self.row.inert = set(self.row.dim)
        # The boxes go below what is to sort, never up over it: when the room is short (a hint or
        # a feedback panel under the step), the tiles inside the boxes shrink instead.
        top = y + L.px(8)
        least = L.px(60)
        if self.row is not None:
            self._box_tile_h, least = self._fit_box_tiles(bw, area.bottom - top - label_h - L.px(6))
        self.box_area_h = max(least, area.bottom - top - label_h - L.px(6))
        self._box_rects = []
        for i, b in enumerate(self.box_buttons):
            b.rect = pygame.Rect(area.left + i * (bw + gap), top, bw, label_h)
            self._box_rects.append(pygame.Rect(b.rect.left, b.rect.bottom + L.px(6), bw, self.box_area_h))
        self.box_top = top
        self._fill_boxes()
        # The boxes' panels are painted, not widgets: reserve them so centring never pushes the
        # boxes up over the row of tiles.
        self.reserved_rect = pygame.Rect(area.left, top, area.width, label_h + L.px(6) + self.box_area_h)

    def _fill_boxes(self) -> None:
        """Put what each box shows (:meth:`_box_items`) into its widget, laid out inside the box."""
        L = self.app.layout
        pad = L.px(8)
        for bi, (widget, area) in enumerate(zip(self.box_contents, self.box_rects(), strict=True)):
            items = self._box_items(bi)
            self._box_members[bi] = [i for i, _mark, _faded in items]
            inner = area.inflate(-2 * pad, -2 * pad)
            widget.clip = area.inflate(-L.px(4), -L.px(4))
            if isinstance(widget, BoxTiles):
                self._fill_box_tiles(widget, items, inner)
            else:
                widget.place(self.app, inner.left, inner.top, inner.width,
                             [(self._card_lines(i, area.width), mark, faded) for i, mark, faded in items])

    def _fill_box_tiles(self, widget: BoxTiles, items: list[tuple[int, str | None, bool]],
                        inner: pygame.Rect) -> None:
        """The tiles ``items`` of one box in ``widget``, as many a line as the box is wide."""
        from trainer.ui.tile_art import tile_size

        th = self._box_tile_h or self._box_th()
        spacing = TileRow._spacing(th)
        per_line = max(1, (inner.width + spacing) // (tile_size(th)[0] + spacing))
        widget.slots = [self.row.slots[i] for i, _mark, _faded in items]
        widget.breaks = list(range(per_line, len(items), per_line))
        widget.marks = {k: mark for k, (_i, mark, _faded) in enumerate(items) if mark}
        widget.dim = {k for k, (_i, _mark, faded) in enumerate(items) if faded}
        widget.cursor = min(widget.cursor, max(0, len(items) - 1))
        widget.visible = bool(items)
        widget.place(inner.centerx, inner.top, inner.width, th, min_height=th,
                     line_gap=self._box_line_gap(th), align="left")

    def box_rects(self) -> list[pygame.Rect]:
        """Where each box's contents are drawn (below its label button)."""
        return list(getattr(self, "_box_rects", []))

    def draw(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        app = self.app
        if self.row is not None and self.row.slots:  # a split's row, once empty, leaves no empty pill
            draw_panel(surf, self.row.rect.inflate(L.px(36), L.px(30)), P.felt_dark, L.px(14), border=P.felt_line)
        if self.ask == "split":
            from trainer.ui.tileview import draw_tile_string

            x = self.host.step_area.left
            y = self.group_top
            th = round(self.row.height * 0.7) if self.child() else self.th(0.75)
            for g in self.groups:
                text = "".join(str(t) for t in g)
                w = len(g) * round(th * 0.78) + L.px(20)
                r = pygame.Rect(x, y, w, th + L.px(16))
                if r.right > self.host.step_area.right:
                    x = self.host.step_area.left
                    y += th + L.px(26)
                    r.topleft = (x, y)
                draw_panel(surf, r, P.card_alt, L.px(10), border=P.card_edge)
                draw_tile_string(surf, text, r.inflate(-L.px(12), -L.px(14)), app)
                x = r.right + L.px(12)
        if self.ask == "boxes":  # the boxes' panels; what is in them are widgets (BoxTiles, BoxCards)
            for area in self.box_rects():
                draw_panel(surf, area, P.felt_dark, L.px(12), border=P.felt_line)

    def mark(self, feedback: Any, final: bool) -> None:
        self._last_checked = self._snapshot()
        self._checked = True
        shown = final and not feedback.correct  # the last try missed, or the hints showed the answer
        if self.ask == "sort" and shown and self.child():
            self._put_tiles_in_order(list(feedback.expected))
        elif self.ask == "sort":
            want = list(feedback.expected)
            self.row.marks = {i: ("right" if s.tile.kind == want[i].kind else self.miss())
                              for i, s in enumerate(self.row.slots)}
        elif self.ask == "order" and shown:
            self._put_cards_in_order(list(feedback.expected))
        elif self.ask == "order":
            for c in self.cards:
                c.mark = "right" if self.order[c.index] == c.index else "wrong"
        elif self.ask == "boxes":
            want = tuple(feedback.expected)
            self._box_marks = {i: ("right" if b == want[i] else self.miss()) for i, b in enumerate(self.box_of)}
            if final and not feedback.correct:
                # The answer is shown: every item appears in the box the engine puts it in.
                self._revealed = want
                if self.row is not None and not self.child():  # cards: the panel names each one's box
                    self.host.set_answer(self._boxes_answer(want))
            if self.cards and not self.child() and final and not feedback.correct:
                # The cards are drawn in their right boxes now: say where the learner put each wrong one.
                # (On the retry the struck-through cards already show which ones; the lesson's hint says why.)
                from trainer.ui.views.mistakes import cards_boxes_text

                self.host.set_explain(cards_boxes_text([self.text(c.text) if c.text else (c.tiles or "")
                                                        for c in self.step.cards],
                                                       [self.text(box.label) for box in self.step.boxes],
                                                       self.box_of, want))
        # A split's right readings are each a line of the engine's working in the panel ("A right
        # split: …"): no answer line of its own on top that repeats the first one.
        listed = self.answer_in_working(feedback)
        if shown and self.ask in ("sort", "order") and (self.child() or self.ask == "order"):
            self.host.set_answer(self._shown_order_line())
        elif shown and feedback.display and not (self.ask == "split" and self.child()) and not listed:
            # (a child's split is named in the children's words under it: its teams and its pair)
            # A row sorts one way only: "the right order"; a hand may split several ways: "one right answer".
            line = _("The right order: {answer}") if self.ask == "sort" else _("One right answer: {answer}")
            self.host.set_answer(line.format(answer=self._display(feedback.display)))
        if self.ask == "boxes" and final and not feedback.correct and self.child():
            # A child's boxes, filled by the answer (the last try, or the hints), are never left
            # without a word: what the boxes show now, and where the child's own tiles are.
            self.host.set_answer(self._child_boxes_line(feedback))

    def _put_tiles_in_order(self, want: list[Tile]) -> None:
        """The answer shown on a child's sort step: the big row itself put in the engine's order
        (``want``), each tile that had to move marked as the answer ("hint", the calm blue «!»), each
        one the child already had in its place marked right."""
        had = [s.tile.kind for s in self.row.slots]
        self.row.slots = [TileSlot(t) for t in want]
        self.row.marks = {i: "right" if i < len(had) and had[i] == t.kind else "hint" for i, t in enumerate(want)}
        self.row.selected.clear()
        self._first = None

    def _put_cards_in_order(self, want: list[int]) -> None:
        """The answer shown on an order step: the cards themselves put in the engine's order
        (``want``: the card at each place), each card that had to move marked as the answer
        ("missed", blue), each one the learner already had in its place marked right."""
        had = list(self.order)
        for place, (button, ci) in enumerate(zip(self.cards, want, strict=False)):
            card = self.step.cards[ci]
            button.text, button.tiles = self.text(card.text) if card.text else "", card.tiles or ""
            button.mark = "right" if place < len(had) and had[place] == ci else "missed"
            button.selected = False
        self.order = list(want)
        self.picked_card = None
        self.host.relayout()

    def _shown_order_line(self) -> str:
        """The panel's words once a sort (a child's) or an order step shows its answer: the row or the
        cards above now stand in the right order, and the ones marked moved there."""
        if self.ask == "sort":
            # TRANSLATORS: a children's sort step after the last try (ru: «ты», simple words); the big
            # row above has just been put in order, the moved tiles carry a blue «!» badge.
            return pgettext("to a child", "Now all the tiles are in order. The tiles with “!” moved to their places.")
        if self.child():
            # TRANSLATORS: a children's step of cards to put in order, after the last try (ru: «ты»).
            return pgettext("to a child", "Now all the cards are in order. The blue ones moved to their places.")
        # TRANSLATORS: an order step after the last try: the cards above now stand in the right order.
        return _("The cards above are now in the right order; the blue ones had to move.")

    def _child_boxes_line(self, feedback: Any) -> str:
        """What a child's boxes show once the answer is shown: every tile (or card) in its own box,
        and, after a try with some put elsewhere, that the pale ones are where the child put them."""
        want = tuple(feedback.expected)
        misplaced = any(b >= 0 and b != want[i] for i, b in enumerate(self.box_of))
        if self.row is not None:
            if misplaced:
                # TRANSLATORS: a children's box step after the last try (ru: «ты», no gendered verbs).
                return pgettext("to a child", "Now every tile is in its own box. The pale ones show where "
                                              "you put them.")
            # TRANSLATORS: a children's box step whose answer the hints showed (ru: «ты»).
            return pgettext("to a child", "Now every tile is in its own box.")
        if misplaced:
            return pgettext("to a child", "Now every card is in its own box. The pale ones show where "
                                          "you put them.")
        return pgettext("to a child", "Now every card is in its own box.")

    def child_miss_words(self, response: Any, feedback: Any) -> str:
        """After a child's first miss on a box step of tiles: the tiles put in a box they do not
        belong in, each with what it is and what that box holds («{4z} — это ветер, а не дракон.»,
        :func:`~trainer.ui.views.kids_miss_words.boxes_miss_words`); nothing about the tiles the
        child sorted right.  "" for any other step."""
        if self.ask != "boxes" or self.row is None:
            return ""
        from trainer.ui.views.kids_miss_words import boxes_miss_words, named_misplaced

        try:
            want = tuple(feedback.expected)
            self._named_in_miss = set(named_misplaced(list(response), want)[0])
            return boxes_miss_words([s.tile.kind for s in self.row.slots], list(response), want,
                                    [box.filter or "" for box in self.step.boxes])
        except (ValueError, KeyError, TypeError, AttributeError, IndexError):
            return ""

    def hint_shows_found(self, text: str) -> bool:
        """Whether a hint (``text``) on a box step of tiles says nothing new after a child's miss: it
        shows only tiles the child already put in their right boxes («Белая плитка с рамкой {5z} —
        это дракон.» when the white dragon is sorted right), or only tiles the miss has just named
        (the white dragon among the winds: «{5z} — это дракон, а не ветер.» says it already), or
        shows no tile at all beside a miss that named the misplaced ones (the green dragon put with
        the dots: «Начни с кружков» would send the child to the box already filled)."""
        from trainer.ui.views.kids_miss_words import named_misplaced
        from trainer.ui.views.steps.pick import hint_tiles

        shown = hint_tiles(text)
        if self.ask != "boxes" or self.row is None or not self._box_marks:
            return False
        if not shown:  # a hint on where to start («Начни с кружков») beside a miss that named the
            return self._points_away(text)  # misplaced tiles, about another box than theirs
        kinds = [s.tile.kind for s in self.row.slots]
        placed = {k for i, k in enumerate(kinds) if self._box_marks.get(i) == "right"}
        misplaced = {k for i, k in enumerate(kinds) if self._box_marks.get(i) != "right"}
        if shown <= placed and not shown & misplaced:
            return True
        try:
            named, _more = named_misplaced(self.box_of, tuple(self.answer().value))
        except Exception:
            return False
        return shown <= {kinds[i] for i in named}

    def _points_away(self, text: str) -> bool:
        """Whether a hint without tiles names boxes (by their labels' words: «кружков» for «Кружки»)
        none of which is where a tile the child's miss named belongs: it would send the child to
        a box already filled, not to the tile's own."""
        if not self._named_in_miss:
            return False
        lowered = text.lower()
        named_boxes = {i for i, box in enumerate(self.step.boxes) if label_stem(self.text(box.label)) in lowered}
        try:
            want = tuple(self.answer().value)
        except Exception:
            return False
        return bool(named_boxes) and not named_boxes & {want[i] for i in self._named_in_miss}

    def answer_in_working(self, feedback: Any) -> bool:
        """A split's right readings are lines of the engine's working ("A right split: …")."""
        return self.ask == "split" and any(i.get("kind") == "reading" for i in feedback.explanation or ())

    def _display(self, display: str) -> str:
        """The engine's answer as markup: tiles drawn, a split hand as its groups of tiles."""
        if self.ask == "sort":
            return "{tiles:" + display + "}"
        if self.ask == "split":
            from trainer.ui.views.explain import reading_markup

            return reading_markup(display)
        return display

    def _boxes_answer(self, want: tuple[int, ...]) -> str:
        """The answer of a tile box step in words: each box with the tiles (sorted) that belong in it."""
        parts = []
        for bi, box in enumerate(self.step.boxes):
            tiles = sorted(s.tile for i, s in enumerate(self.row.slots) if want[i] == bi)
            shown = "{tiles:" + "".join(str(t) for t in tiles) + "}" if tiles else "—"
            parts.append(_("“{box}”: {items}").format(box=self.text(box.label), items=shown))
        return _("The answer: {boxes}").format(boxes="; ".join(parts))

    def clear_marks(self) -> None:
        if self.row is not None:
            self.row.marks = {}
        for c in self.cards:
            c.mark = None
        self._box_marks = {}
        self._revealed = None

    def state(self) -> dict[str, Any]:
        """The arrangement as the learner left it: the row's tiles (reordered, or fewer once sets are
        made) with their picks and marks, the cards (swapped, picked, marked, sorted away), the sets
        made, the box of every tile or card and their marks, the one picked up, what the answer shows,
        what was last checked, whether the answer is locked."""
        return {
            "row": row_state(self.row, slots=True), "groups": [list(g) for g in self.groups],
            "cards": [(c.selected, c.mark, c.visible) for c in self.cards],
            "order": list(getattr(self, "order", ())), "box_of": list(self.box_of), "picked": self.picked_card,
            "first": getattr(self, "_first", None), "box_marks": dict(self._box_marks), "revealed": self._revealed,
            "last_checked": self._last_checked, "checked": self._checked, "named": set(self._named_in_miss),
            "box_cursors": [w.cursor for w in getattr(self, "box_contents", ())], "locked": self.locked,
        }

    def restore(self, state: dict[str, Any]) -> None:
        """Put back what :meth:`state` kept, on this view of the same step."""
        restore_row(self.row, state["row"])
        self.groups = [list(g) for g in state["groups"]]
        for c, (selected, mark, visible) in zip(self.cards, state["cards"], strict=False):
            c.selected, c.mark, c.visible = selected, mark, visible
        if hasattr(self, "order"):
            self.order = list(state["order"])
        if self.ask == "order":  # each place shows the card put there, in the lesson's language now
            for c, ci in zip(self.cards, self.order, strict=False):
                card = self.step.cards[ci]
                c.text, c.tiles = self.text(card.text) if card.text else "", card.tiles or ""
        self.box_of, self.picked_card, self._first = list(state["box_of"]), state["picked"], state["first"]
        self._box_marks, self._revealed = dict(state["box_marks"]), state["revealed"]
        self._last_checked, self._checked = state["last_checked"], state["checked"]
        self._named_in_miss = set(state["named"])
        for w, cursor in zip(getattr(self, "box_contents", ()), state["box_cursors"], strict=False):
            w.cursor = cursor
        self.lock(state["locked"])

    def lock(self, locked: bool) -> None:
        self.locked = locked
        if self.row is not None:
            self.row.locked = locked
        for w in getattr(self, "box_contents", ()):
            w.locked = locked
        for c in self.cards:
            c.locked = locked
        for b in self.box_buttons:
            b.enabled = not locked

    def hint(self, level: int) -> str:
        if self.ask == "sort" and level >= 1:
            if self.child():
                families = self._families()
                if len(families) < 2:
                    # One family in the row: only the numbers' order matters (a row of honors gets
                    # the lesson's own hint, or the children's general one).
                    # TRANSLATORS: a children's sort step with tiles of one family (ru: «ты», simple words).
                    return _("Numbers go in order: 1, 2, 3…") if families and "honors" not in families else ""
                # TRANSLATORS: for a 6-year-old, in the children's family words of the kids' lessons
                # (characters, dots, sticks, winds and dragons), not the Japanese suit names.
                return _("Characters first, then dots, then sticks, and winds and dragons at the very end. "
                         "Numbers go in order: 1, 2, 3…")
            return _("Order: {man}, {pin}, {sou}, then honors; numbers go up.").format(**suit_names())
        if self.ask == "boxes" and level >= 2:
            return self._box_hint()
        if self.ask == "split" and level >= 2:
            try:
                return _("One way: {reading}").format(reading=self._display(self.answer().display)) if level >= 3 else _(
                    "A complete hand is four sets and a pair.")
            except Exception:
                return ""
        return ""

    def _families(self) -> set[str]:
        """The tile families in the row to sort ("man", "pin", "sou", "honors")."""
        from trainer.lessons.answers import FILTERS

        fams = ("man", "pin", "sou", "honors")
        return {next(f for f in fams if FILTERS[f](s.tile.kind)) for s in self.row.slots} if self.row else set()

    def _box_hint(self) -> str:
        """The second hint of a box step, from the step itself: the box where one item the learner
        put wrongly belongs (one a child's miss did not name, if any), or (nothing misplaced) how
        many items go in each box."""
        try:
            want = tuple(self.answer().value)
        except Exception:
            return ""
        kid = self.child()
        labels = [self.text(box.label) for box in self.step.boxes]
        # a misplaced item the child's miss did not name first: the hint then adds one
        misplaced = sorted((i for i, b in enumerate(self.box_of) if b >= 0 and b != want[i]),
                           key=lambda i: i in self._named_in_miss)
        wrong = misplaced[0] if misplaced else None
        if wrong is not None:
            box = labels[want[wrong]]
            if self.row is not None:
                tile = "{tiles:" + str(self.row.slots[wrong].tile) + "}"
                if kid:
                    # TRANSLATORS: a children's box step; {tile} is a picture of the tile.
                    return _("Look at this tile again: {tile}. It goes in the “{box}” box.").format(tile=tile, box=box)
                return _("Look again at {tile}: it belongs in “{box}”.").format(tile=tile, box=box)
            card = self.cards[wrong].text or "{tiles:" + (self.cards[wrong].tiles or "") + "}"
            if kid:
                # TRANSLATORS: a children's box step with cards to sort.
                return _("Look at this card again: “{card}”. It goes in the “{box}” box.").format(card=card, box=box)
            return _("Look again at “{card}”: it belongs in “{box}”.").format(card=card, box=box)
        counts = ", ".join(_("“{box}” — {n}").format(box=label, n=sum(1 for w in want if w == bi))
                           for bi, label in enumerate(labels))
        if self.row is not None:
            if kid:
                # TRANSLATORS: a children's box step; {counts} lists the boxes: “Dots” — 3, “Sticks” — 4.
                return _("Count them! This many tiles go in each box: {counts}.").format(counts=counts)
            return _("How many tiles go in each box: {counts}.").format(counts=counts)
        if kid:
            return _("Count them! This many cards go in each box: {counts}.").format(counts=counts)
        return _("How many cards go in each box: {counts}.").format(counts=counts)
