"""The "paifu" step: a hand's record (牌譜) in the seed's table form next to the replay of the
same hand.

Left, the record: the header (round and hand, counters, dora indicators) and one block per
player in seat-wind order — 配牌 the dealt hand, 取 the tiles taken, 出 the discards (↓ for
the tile just drawn), 最終 the final hand — with the calls marked over and under the cells.
Right, the table of the replay viewer at the same moment; the buttons under it step through
the hand, and the column of the last move is framed in the record.  The record's tiles are as
big as the room allows, up to the size of the other steps' small rows; beside a question the
table is shown only when the record keeps readable tiles next to it (else the record takes the
whole width, two blocks by two).  In the step about both, where the record beside the table would
be smaller than that (16:9 windows), the two take the whole width in turn: the record first, and a
button (key V) switches to the table and back.  A click on a cell moves the replay there (and
shows the table when they take turns).  With a question (``ask:``) the click is the answer: the engine knows which
cells are right, and the explanation says what the clicked cell holds.
"""

from __future__ import annotations

from typing import Any

import pygame

from trainer.engine.game.paifu import CALL_MARKS, WINDS, Cell, Paifu, cell_id, example_log
from trainer.engine.tiles import parse_tile
from trainer.i18n import _, pgettext
from trainer.lessons import answers
from trainer.ui import tile_art
from trainer.ui.richtext import term_word
from trainer.ui.theme import PALETTE
from trainer.ui.tileview import TileSlot, row_width, slots_for_hand, slots_for_text, tile_image
from trainer.ui.views.steps.base import StepView
from trainer.ui.views.table.board import Board
from trainer.ui.views.table.replay import build_frames
from trainer.ui.widgets import Button, blit_text, draw_panel

P = PALETTE

WIND_KANJI = "東南西北"
ROW_LABELS = ("配牌", "取", "出", "最終")


class PaifuView(StepView):
    """The record and the replay side by side; a question is answered by clicking a cell."""

    def build(self) -> None:
        st = self.step
        self.quiz = st.ask is not None
        self.error = ""
        self.record: Paifu | None = None
        try:
            self.record = answers.paifu_record(st)
            log = example_log(st.game)
        except answers.AnswerError as exc:
            self.error = str(exc)
            return
        me = next(r.seat for r in self.record.seats if r.wind == 0)  # the dealer sits at the bottom
        self.frames = build_frames(log, me, open_hands=True)
        self.pos = next((i for i, f in enumerate(self.frames) if f.action_index == st.at), 0)
        words = st.prompt if self.quiz else st.text
        self.words = self.rich(self.text(words), size="large" if self.quiz else "body") if words is not None else None
        self.back_btn = self.host.add(Button("←", lambda: self.step_to(self.pos - 1), kind="ghost"))
        self.fwd_btn = self.host.add(Button("→", lambda: self.step_to(self.pos + 1), kind="ghost"))
        # where the record beside the table would be too small to read (16:9 windows): one of the
        # two at a time, the record first; this button (or its key) switches between them
        self.view_mode = "record"
        self.toggle_btn = self.host.add(Button("", self.toggle_view, kind="secondary", hotkey="V"))
        self.toggled = False
        self.board = Board()
        self.selected: str | None = None
        self.marks: dict[str, str] = {}
        self.locked = False
        self.cell_rects: dict[str, pygame.Rect] = {}
        self.tile_rects: list[pygame.Rect] = []  # every tile of the record as last drawn
        # per block, in seat-wind order: the dealt hand, the final hand, the number of turns
        self.lines = [(slots_for_text(r.dealt), slots_for_hand(r.final), len(r.cells))
                      for r in sorted(self.record.seats, key=lambda r: r.wind)]

    # ------------------------------------------------------------------ replay

    def step_to(self, pos: int) -> None:
        """Show the replay at frame ``pos`` (kept inside the hand)."""
        self.pos = max(0, min(len(self.frames) - 1, pos))
        self.app.invalidate()

    def toggle_view(self) -> None:
        """Show the table instead of the record, or the record instead of the table."""
        self.view_mode = "table" if self.view_mode == "record" else "record"
        self.host.relayout()
        self.app.invalidate()

    def on_key(self, ev: pygame.event.Event) -> bool:
        """V switches between the record and the table (by the key's place, whatever the layout)."""
        if self.toggled and self.toggle_btn.visible and ev.key == pygame.K_v \
                and not ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            self.toggle_view()
            return True
        return False

    def current_cell(self) -> str | None:
        """The cell of the move the replay shows (None at the deal)."""
        if self.record is None:
            return None
        at = self.record.cell_at(self.frames[self.pos].action_index)
        if at is None:
            return None
        seat, col = at
        return cell_id(self.record.seats[seat].wind, col)

    def _cell(self, cid: str) -> Cell:
        assert self.record is not None
        rec = next(r for r in self.record.seats if WINDS[r.wind] == cid[0])
        return rec.cells[int(cid[1:]) - 1]

    # ------------------------------------------------------------------ layout

    def layout(self, area: pygame.Rect) -> None:
        L = self.app.layout
        self.area = area
        if self.record is None:
            return
        y = area.top
        if self.words is not None:
            y += self.words.place(self.app, area.left, y, area.width) + L.px(10)
        rest = pygame.Rect(area.left, y, area.width, area.bottom - y)
        # The replay beside the record: always in the step that shows both (its text is about the
        # table), beside a question only when the record keeps readable tiles there; under a
        # feedback panel there is no room for it and the record takes it all.
        gap, bh = L.px(16), L.px(40)
        board_w = min(rest.height + L.px(40), rest.width * 2 // 5)
        fit = self._fit(rest.width, rest.height)
        self.show_board = self.toggled = False
        if rest.height >= L.px(360):
            beside = self._fit(rest.width - board_w - gap, rest.height)
            if beside[0] >= min(self.th(0.5), fit[0]):
                self.show_board, fit = True, beside
            elif not self.quiz:
                self.toggled = True  # the step about both: the record or the table, full width
        for btn in (self.back_btn, self.fwd_btn):
            btn.visible = self.show_board or (self.toggled and self.view_mode == "table")
        self.toggle_btn.visible = self.toggled
        if self.toggled:
            self._layout_toggled(rest)
            return
        if self.show_board:
            self.table_rect = pygame.Rect(rest.left, rest.top, rest.width - board_w - gap, rest.height)
            self.board_rect = pygame.Rect(self.table_rect.right + gap, rest.top, board_w, rest.height - bh - L.px(8))
            self.board.place(self.app, self.board_rect)
            bw = L.px(72)
            self.back_btn.rect = pygame.Rect(self.board_rect.left, rest.bottom - bh, bw, bh)
            self.fwd_btn.rect = pygame.Rect(self.board_rect.right - bw, rest.bottom - bh, bw, bh)
        else:
            self.table_rect = pygame.Rect(rest.left, rest.top, rest.width, min(rest.height, fit[3]))
            self.board_rect = pygame.Rect(self.table_rect.right, rest.top, 0, 0)
        self._place_blocks(*fit)
        self.reserved_rect = rest  # the record and the replay fill the step: no centring below the text

    def _layout_toggled(self, rest: pygame.Rect) -> None:
        """One of the two over the whole width, the switch and (for the table) the arrows under it."""
        L = self.app.layout
        bh = L.px(40)
        above = pygame.Rect(rest.left, rest.top, rest.width, rest.height - bh - L.px(8))
        tb = self.toggle_btn
        if self.view_mode == "record":
            tb.label = _("Show the table (or click a turn)")
        else:
            tb.label = _("Back to the record")
        tb.rect = pygame.Rect(rest.left, rest.bottom - bh, tb.preferred_width(self.app), bh)
        if self.view_mode == "record":
            fit = self._fit(above.width, above.height)
            self.table_rect = pygame.Rect(above.left, above.top, above.width, min(above.height, fit[3]))
            self.board_rect = pygame.Rect(self.table_rect.right, rest.top, 0, 0)
            self._place_blocks(*fit)
        else:
            board_w = min(above.width, above.height + L.px(40))
            left = max(above.centerx - board_w // 2, min(above.right - board_w, tb.rect.right + L.px(16)))
            self.board_rect = pygame.Rect(left, above.top, board_w, above.height)
            self.table_rect = pygame.Rect(above.left, above.top, 0, 0)
            self.board.place(self.app, self.board_rect)
            bw = L.px(72)
            self.back_btn.rect = pygame.Rect(self.board_rect.left, rest.bottom - bh, bw, bh)
            self.fwd_btn.rect = pygame.Rect(self.board_rect.right - bw, rest.bottom - bh, bw, bh)
            self.cell_rects, self.tile_rects = {}, []
        self.reserved_rect = rest

    def _spacing(self) -> int:
        """The gap between the tiles of a hand."""
        return max(1, self.app.layout.px(1))

    def _row_h(self, th: int) -> int:
        """One line of the record: the tiles and room for the marks between 取 and 出."""
        return th + self.app.layout.px(3)

    def _col_w(self, th: int) -> int:
        """One turn's column: a tile and the gap to the next turn."""
        return tile_art.tile_size(th)[0] + max(1, self.app.layout.px(2))

    def _rows_w(self, th: int) -> int:
        """The width of the longest line of tiles of any block at tile height ``th`` (the dealt hand,
        the turns, the final hand with its melds)."""
        sp = self._spacing()
        return max(max(row_width(dealt, th, sp), row_width(final, th, sp), n * self._col_w(th))
                   for dealt, final, n in self.lines)

    def _geometry(self) -> tuple[int, int, int, int, int]:
        """(padding, header height, label width, gap between blocks across, gap between blocks down)."""
        L = self.app.layout
        return L.px(8), self.app.line_height(L.font("small")) + L.px(4), L.px(96), L.px(20), L.px(6)

    def _fit(self, width: int, height: int) -> tuple[int, int, int, int]:
        """(tile height, blocks across, width, height) of the record inside ``width`` x ``height``:
        the tiles as big as the small rows of the other steps (the sorting step's boxes) when
        there is room, else as big as fits, in the seed's form (blocks one under the other) or
        two by two, whichever gives clearly bigger tiles."""
        L = self.app.layout
        pad, head, label, gap_x, gap_y = self._geometry()
        best = (0, 1, 0, 0)
        for across in (1, 2):
            down = 4 // across
            th = self.th(0.75)
            while True:
                block_h = 4 * self._row_h(th) - L.px(3)  # no gap under the last line
                need_w = 2 * pad + across * (label + L.px(4) + self._rows_w(th)) + (across - 1) * gap_x
                need_h = head + down * block_h + (down - 1) * gap_y + pad
                if (need_w <= width and need_h <= height) or th <= max(10, L.px(12)):
                    break
                th -= 1
            if th > best[0] * 1.15:  # the seed's form (blocks one under the other) unless clearly smaller
                best = (th, across, need_w, need_h)
        return best

    def _place_blocks(self, th: int, across: int, need_w: int, need_h: int) -> None:
        """Where each player's block goes in the record's panel (centred across it when the record
        has the step to itself, at its left beside the replay)."""
        L = self.app.layout
        t = self.table_rect
        pad, head, label, gap_x, gap_y = self._geometry()
        self.tile_h, self.header_h, self.label_w = th, head, label
        self.col_w = self._col_w(th)
        block_w = label + L.px(4) + self._rows_w(th)
        left = t.left + pad + (0 if self.show_board else max(0, (t.width - need_w) // 2))
        self.block_pos = [(left + (i % across) * (block_w + gap_x),
                           t.top + head + (i // across) * (4 * self._row_h(th) - L.px(3) + gap_y)) for i in range(4)]

    # ------------------------------------------------------------------ drawing

    def draw(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        if self.record is None:
            blit_text(surf, self.app, self.error, L.font("body"), P.wrong, self.host_area_top(), max_width=600)
            return
        table_only = self.toggled and self.view_mode == "table"  # no record (its cells cleared by the layout)
        if not table_only:
            self._draw_record(surf)
        if self.show_board or table_only:
            self.board.draw(surf, self.app, self.frames[self.pos].state, {}, bottom_edge=True)
            mid = (self.back_btn.rect.right + self.fwd_btn.rect.left) // 2
            blit_text(surf, self.app, _("Move {i} of {n}").format(i=self.pos, n=len(self.frames) - 1),
                      L.font("small"), P.on_felt, (mid, self.back_btn.rect.centery), anchor="center")
        self.back_btn.enabled = self.pos > 0
        self.fwd_btn.enabled = self.pos < len(self.frames) - 1

    def host_area_top(self) -> tuple[int, int]:
        return (self.area.left, self.area.top)

    def _draw_record(self, surf: pygame.Surface) -> None:
        rec, L, t = self.record, self.app.layout, self.table_rect
        assert rec is not None
        draw_panel(surf, t, P.card, L.px(10), border=P.card_edge)
        self.tile_rects = []
        small = L.font("small")
        x0, mid = self.block_pos[0][0], t.top + L.px(3) + self.app.line_height(small) // 2
        head = (f"{WIND_KANJI[rec.round]}{rec.hand + 1}局  積み棒 {rec.honba}  供託 {rec.sticks}  "
                f"表ドラ")
        right = blit_text(surf, self.app, head, small, P.ink, (x0, mid), anchor="midleft")
        xx = self._tiles_inline(surf, slots_for_text(rec.dora), right.right + L.px(6), mid, small)
        if rec.ura:
            right = blit_text(surf, self.app, "裏ドラ", small, P.ink, (xx + L.px(10), mid), anchor="midleft")
            self._tiles_inline(surf, slots_for_text(rec.ura), right.right + L.px(6), mid, small)
        row_h = self._row_h(self.tile_h)
        current = self.current_cell()
        self.cell_rects = {}
        for rec_seat, (x0, top) in zip(sorted(rec.seats, key=lambda r: r.wind), self.block_pos, strict=True):
            blit_text(surf, self.app, WIND_KANJI[rec_seat.wind] + "家", small, P.ink, (x0, top), bold=True)
            blit_text(surf, self.app, rec_seat.name, small, P.ink_muted, (x0, top + small + L.px(4)),
                      max_width=self.label_w // 2 + L.px(10))
            lx = x0 + self.label_w // 2 + L.px(14)
            for i, label in enumerate(ROW_LABELS):
                blit_text(surf, self.app, label, small, P.ink_muted, (lx, top + i * row_h + self.tile_h // 2),
                          anchor="midleft")
            cx = x0 + self.label_w + L.px(4)
            self._row(surf, slots_for_text(rec_seat.dealt), cx, top)
            for col, cell in enumerate(rec_seat.cells):
                cid = cell_id(rec_seat.wind, col)
                x = cx + col * self.col_w
                box = pygame.Rect(x - 1, top + row_h - 1, self.col_w, 2 * row_h)
                self.cell_rects[cid] = box
                self._cell_draw(surf, cell, x, top + row_h, top + 2 * row_h, small)
                frame = self.marks.get(cid) or ("current" if cid == current else "selected" if cid == self.selected
                                                else None)
                if frame is not None:
                    color = {"right": P.right, "wrong": P.wrong, "current": P.accent, "selected": P.hint}[frame]
                    pygame.draw.rect(surf, color, box.inflate(2, 2), width=max(2, L.px(3)), border_radius=L.px(4))
            self._row(surf, slots_for_hand(rec_seat.final), cx, top + 3 * row_h)

    def _tile(self, surf: pygame.Surface, img: pygame.Surface, pos: tuple[int, int]) -> None:
        """Blit one tile of the record and remember where it went."""
        self.tile_rects.append(surf.blit(img, pos))

    def _row(self, surf: pygame.Surface, slots: list[TileSlot], x: int, y: int) -> None:
        """A hand on one line of the record (melds after a gap, the called tile sideways)."""
        tw = tile_art.tile_size(self.tile_h)[0]
        for s in slots:
            x += round(s.gap * tw)
            img = tile_image(self.app, s, self.tile_h)
            self._tile(surf, img, (x, y + self.tile_h - img.get_height()))
            x += img.get_width() + self._spacing()

    def _tiles_inline(self, surf: pygame.Surface, slots: list[TileSlot], x: int, mid: int, size: int) -> int:
        h = max(size + 4, self.app.layout.px(18))
        for s in slots:
            img = tile_image(self.app, s, h)
            self._tile(surf, img, (x, mid - img.get_height() // 2))
            x += img.get_width() + 2
        return x

    def _cell_draw(self, surf: pygame.Surface, cell: Cell, x: int, y_take: int, y_out: int, size: int) -> None:
        """One turn: the tile taken (with how it came) over the discard (↓ for tsumogiri)."""
        L = self.app.layout
        tiny = max(L.px(11), size - L.px(4))
        if cell.take:
            self._tile(surf, tile_image(self.app, TileSlot(parse_tile(cell.take)), self.tile_h), (x, y_take))
        else:
            pygame.draw.line(surf, P.ink_muted, (x + 2, y_take + self.tile_h - 2), (x + self.col_w - 4, y_take + 2),
                             max(1, L.px(2)))
        note = CALL_MARKS.get(cell.took_by) or CALL_MARKS.get(cell.own_call) or ("嶺" if cell.took_by == "rinshan" else "")
        if note:
            self._badge(surf, note, (x, y_take - L.px(2)), tiny, P.accent_dark)
        if cell.discard:
            if cell.tsumogiri:
                mid = y_out + (self.tile_h * 3 // 8 if cell.called else self.tile_h // 2)  # over a call's mark
                blit_text(surf, self.app, "↓", max(size, self.tile_h // 2), P.ink, (x + self.col_w // 2 - 1, mid),
                          anchor="center", bold=True)
            else:
                self._tile(surf, tile_image(self.app, TileSlot(parse_tile(cell.discard)), self.tile_h), (x, y_out))
            if cell.riichi:
                self._badge(surf, "立直", (x, y_out - L.px(2)), tiny, P.wrong)
        if cell.called:
            # on the foot of the discard, clear of the final hand's line below
            self._badge(surf, CALL_MARKS.get(cell.called, "槓"), (x, y_out + self.tile_h + L.px(2)), tiny, P.hint,
                        anchor="bottomleft")

    def _badge(self, surf: pygame.Surface, text: str, pos: tuple[int, int], size: int, color: Any,
               anchor: str = "topleft") -> None:
        """A mark on a cell, ``pos`` being a corner of its coloured box (as tight as its letters, so
        it covers little of the tile)."""
        img = self.app.text_surface(text, size, P.card, True)
        ink = img.get_bounding_rect()
        box = pygame.Rect(0, 0, ink.width + 4, ink.height + 4)
        setattr(box, anchor, (pos[0], pos[1]))
        pygame.draw.rect(surf, color, box, border_radius=3)
        surf.blit(img, (box.left + 2 - ink.left, box.top + 2 - ink.top))

    # ------------------------------------------------------------------ answering

    def click_at(self, pos: tuple[int, int]) -> bool:
        for cid, rect in self.cell_rects.items():
            if rect.collidepoint(pos):
                self._jump(cid)
                if self.toggled and not self.quiz:
                    self.toggle_view()  # the table at that turn (the switch says how to come back)
                if self.quiz and not self.locked:
                    self.selected = cid
                    self.host.check()
                return True
        return False

    def _jump(self, cid: str) -> None:
        """Move the replay to the moment the cell was completed."""
        action = self._cell(cid).action
        self.pos = next((i for i, f in enumerate(self.frames) if f.action_index == action), self.pos)

    def response(self) -> Any:
        return self.selected

    def empty_message(self) -> str:
        return _("Click a cell of the record first.")

    def mark(self, feedback: Any, final: bool) -> None:
        right = set(feedback.expected)
        self.marks = {}
        if self.selected is not None:
            self.marks[self.selected] = "right" if self.selected in right else "wrong"
        if final:
            for cid in right:
                self.marks.setdefault(cid, "right")
        lines = [self.cell_words(self.selected)] if self.selected is not None else []
        if final and self.selected not in right:
            lines += [self.cell_words(c) for c in sorted(right)]
        self.host.set_explain(" ".join(lines))

    def clear_marks(self) -> None:
        self.marks = {}
        self.selected = None

    def lock(self, locked: bool) -> None:
        self.locked = locked

    def hint(self, level: int) -> str:
        st = self.step
        if len(st.hints) >= level:
            return ""  # the lesson's own hint says it
        if st.ask == "call":
            return _("A call made on a discard is written under the 出 row of the player who discarded.")
        if level == 1:
            return _("Look at the 出 row of the player's block (the seat wind is written at its left).")
        return _("立直 is written on the riichi discard; ↓ marks the tile just drawn and let go (tsumogiri).")

    def cell_words(self, cid: str) -> str:
        """What a cell of the record holds, in words."""
        c = self._cell(cid)
        wind = self.app.term_text({"E": "ton", "S": "nan", "W": "shaa", "N": "pei"}[cid[0]])
        parts = [_("{wind}, turn {n}:").format(wind=wind, n=int(cid[1:]))]
        if c.take:
            parts.append(_("took {tile}").format(tile="{tiles:" + c.take + "}"))
        if c.own_call in ("ankan", "shouminkan"):
            parts.append(_("declared a kan"))
        if c.discard:
            parts.append(_("let go the tile just drawn ({tsumogiri})").format(tsumogiri=term_word(
                "tsumogiri", pgettext("inline term", "tsumogiri")))
                         if c.tsumogiri else
                         _("discarded {tile} from the hand ({tedashi})").format(tile="{tiles:" + c.discard + "}",
                                                                               tedashi=term_word(
                             "tedashi", pgettext("inline term", "tedashi"))))
        if c.riichi:
            parts.append(_("declared {riichi} with it").format(riichi="{term:riichi}"))
        if c.called:
            names = {"chi": "chii", "pon": "pon", "daiminkan": "kan", "ron": "ron"}
            parts.append(_("another player called {call} on it").format(
                call="{term:" + names.get(c.called, "kan") + "}"))
        return " ".join(parts[:1]) + " " + ", ".join(parts[1:]) + "."


__all__ = ["PaifuView"]
