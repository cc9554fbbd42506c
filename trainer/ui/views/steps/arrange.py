"""The "arrange" step: sort tiles, split a hand into sets, order cards, fill boxes."""

from __future__ import annotations

import random
from typing import Any

import pygame

from trainer.engine.notation import parse_hand, parse_tiles
from trainer.engine.tiles import Tile
from trainer.i18n import _, pgettext
from trainer.ui.suit_names import suit_names
from trainer.ui.theme import PALETTE
from trainer.ui.tileview import TileRow, TileSlot
from trainer.ui.views.inputs import OptionButton
from trainer.ui.views.steps.base import QuizView
from trainer.ui.widgets import Button, blit_text, draw_panel

P = PALETTE


# ---------------------------------------------------------------- arrange


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
                self.row = self.host.add(TileRow([TileSlot(t) for t in tiles], pickable=True, multi=False,
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
        self.picked_card: int | None = None
        self.box_rows: list[list[int]] = []
        self._box_marks: dict[int, str] = {}
        self._box_tile_h: int | None = None  # the tiles' height in the boxes, as the layout fits them
        self._revealed: tuple[int, ...] | None = None  # the right box of every item, once the answer is shown
        self._last_checked = self._snapshot()  # Check needs a change since the start or the last try

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
            return (_("Tap the tiles that go together, then “These go together!”.") if kid
                    else _("Click the tiles of one set, then “Make a set”."))
        if st.tiles:
            return _("Tap a tile, then a box.") if kid else _("Click a tile, then the box it belongs in.")
        return _("Tap a card, then a box.") if kid else _("Click a card, then the box it belongs in.")

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
        else:
            if self.picked_card is None:
                return
            self.box_of[self.picked_card] = box
            self.cards[self.picked_card].selected = False
            self.picked_card = None
        self.host.relayout()

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
            w = min(area.width, L.px(760))
            gap = L.px(8)
            for c in self.cards:
                h = c.measure(self.app, w)
                c.place(self.app, pygame.Rect(area.centerx - w // 2, y, w, h))
                y += h + gap
        if self.ask == "boxes":
            self._layout_boxes(area, y)

    def _row_th(self, area: pygame.Rect, y: int) -> int:
        """Tile height of the row to arrange: the hand size, or for children as big as the room
        under the prompt allows (the row's width shrinks it further)."""
        L = self.app.layout
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

    def _box_th(self) -> int:
        """Tile height inside the boxes: as tall as the hand's tiles for children (a sorted tile
        stays readable), a little smaller for adults."""
        return self.th(1.0) if self.child() else self.th(0.75)

    def _fit_box_tiles(self, box_w: int, room: int) -> tuple[int, int]:
        """(tile height, inside height) for boxes ``box_w`` wide given ``room`` under their labels:
        two lines of full-size tiles when they fit; else the lines that every tile in one box
        would need, with the tiles shrunk until those lines fit (down to a floor)."""
        from trainer.ui.tile_art import tile_size

        L = self.app.layout
        full = self._box_th()
        if room >= full * 2 + L.px(22):
            return full, full * 2 + L.px(22)
        pad, gap, line_gap = L.px(8), L.px(4), L.px(6)
        n = max(1, len(self.row.slots))
        floor = max(16, self.th(0.5))
        th = full
        while True:
            per_line = max(1, (box_w - 2 * pad + gap) // (tile_size(th)[0] + gap))
            lines = -(-n // per_line)
            need = th * lines + line_gap * (lines - 1) + 2 * pad
            if need <= room or th <= floor:
                return th, need
            th = max(floor, th - max(1, L.px(2)))

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
            self.row.dim = {i for i, b in enumerate(self.box_of) if b >= 0 or self._revealed is not None}
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
        # The boxes' insides are painted, not widgets: reserve them so centring never pushes the
        # boxes up over the row of tiles.
        self.reserved_rect = pygame.Rect(area.left, top, area.width, label_h + L.px(6) + self.box_area_h)

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
        if self.ask == "boxes":
            th = self._box_tile_h or self._box_th()
            clip = surf.get_clip()
            for bi, area in enumerate(self.box_rects()):
                surf.set_clip(clip)
                draw_panel(surf, area, P.felt_dark, L.px(12), border=P.felt_line)
                surf.set_clip(area.inflate(-L.px(4), -L.px(4)).clip(clip))
                x, y = area.left + L.px(8), area.top + L.px(8)
                for i, mark, faded in self._box_items(bi):
                    if self.row is not None:
                        from trainer.ui.tileview import tile_image

                        img = tile_image(app, self.row.slots[i], th, mark, dim=faded)
                        if x + img.get_width() > area.right - L.px(8):
                            x, y = area.left + L.px(8), y + th + L.px(6)
                        surf.blit(img, (x, y))
                        x += img.get_width() + L.px(4)
                    else:
                        col = P.on_felt_muted if faded else {"right": P.right, "wrong": P.wrong,
                                                             "hint": P.hint}.get(mark or "", P.on_felt)
                        for line in self._card_lines(i, area.width):
                            r = blit_text(surf, app, line, L.font("small"), col, (x, y))
                            if mark == "wrong":  # not only red: struck through where it does not belong
                                pygame.draw.line(surf, col, (r.left, r.centery), (r.right, r.centery),
                                                 max(1, L.px(2)))
                            y += app.line_height(L.font("small"))
                        y += L.px(4)  # a card's wrapped lines stay apart from the next card
            surf.set_clip(clip)

    def mark(self, feedback: Any, final: bool) -> None:
        self._last_checked = self._snapshot()
        if self.ask == "sort":
            want = list(feedback.expected)
            self.row.marks = {i: ("right" if s.tile.kind == want[i].kind else self.miss())
                              for i, s in enumerate(self.row.slots)}
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
        if final and not feedback.correct and feedback.display and not (self.ask == "split" and self.child()) \
                and not listed:
            # (a child's split is named in the children's words under it: its teams and its pair)
            # A row sorts one way only: "the right order"; a hand may split several ways: "one right answer".
            line = _("The right order: {answer}") if self.ask == "sort" else _("One right answer: {answer}")
            self.host.set_answer(line.format(answer=self._display(feedback.display)))
        if self.ask == "boxes" and final and not feedback.correct and self.child():
            # A child's boxes, filled by the answer (the last try, or the hints), are never left
            # without a word: what the boxes show now, and where the child's own tiles are.
            self.host.set_answer(self._child_boxes_line(feedback))

    def _child_boxes_line(self, feedback: Any) -> str:
        """What a child's boxes show once the answer is shown: every tile (or card) in its own box,
        and, after a try with some put elsewhere, that the pale ones are where the child put them."""
        want = tuple(feedback.expected)
        misplaced = any(b >= 0 and b != want[i] for i, b in enumerate(self.box_of))
        if self.row is not None:
            if misplaced:
                # TRANSLATORS: a children's box step after the last try (ru: «ты», no gendered verbs).
                return pgettext("to a child", "Look: now every tile is in its own box. The pale ones show where "
                                              "you put them.")
            # TRANSLATORS: a children's box step whose answer the hints showed (ru: «ты»).
            return pgettext("to a child", "Look: now every tile is in its own box.")
        if misplaced:
            return pgettext("to a child", "Look: now every card is in its own box. The pale ones show where "
                                          "you put them.")
        return pgettext("to a child", "Look: now every card is in its own box.")

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

    def lock(self, locked: bool) -> None:
        if self.row is not None:
            self.row.locked = locked
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
        put wrongly belongs, or (nothing misplaced) how many items go in each box."""
        try:
            want = tuple(self.answer().value)
        except Exception:
            return ""
        kid = self.child()
        labels = [self.text(box.label) for box in self.step.boxes]
        wrong = next((i for i, b in enumerate(self.box_of) if b >= 0 and b != want[i]), None)
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
