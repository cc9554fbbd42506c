"""The "paifu" step: a hand's record (牌譜) in the seed's table form next to the replay of the
same hand.

Left, the record: the header (round and hand, counters, dora indicators) and one block per
player in seat-wind order — 配牌 the dealt hand, 取 the tiles taken, 出 the discards (↓ for
the tile just drawn), 最終 the final hand — with the calls marked over and under the cells.
Right, the table of the replay viewer at the same moment; the buttons under it step through
the hand, and the column of the last move is framed in the record.  A click on a cell moves
the replay there.  With a question (``ask:``) the click is the answer: the engine knows which
cells are right, and the explanation says what the clicked cell holds.
"""

from __future__ import annotations

from typing import Any

import pygame

from trainer.engine.game.paifu import CALL_MARKS, WINDS, Cell, Paifu, cell_id, example_log
from trainer.engine.tiles import parse_tile
from trainer.i18n import _
from trainer.lessons import answers
from trainer.ui import tile_art
from trainer.ui.theme import PALETTE
from trainer.ui.tileview import TileSlot, slots_for_hand, slots_for_text, tile_image
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
        self.board = Board()
        self.selected: str | None = None
        self.marks: dict[str, str] = {}
        self.locked = False
        self.cell_rects: dict[str, pygame.Rect] = {}

    # ------------------------------------------------------------------ replay

    def step_to(self, pos: int) -> None:
        """Show the replay at frame ``pos`` (kept inside the hand)."""
        self.pos = max(0, min(len(self.frames) - 1, pos))
        self.app.invalidate()

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
        # the replay needs room to be read; under a feedback panel the record takes it all
        self.show_board = rest.height >= L.px(360)
        board_w = min(rest.height + L.px(40), rest.width * 2 // 5) if self.show_board else 0
        gap = L.px(16) if self.show_board else 0
        self.table_rect = pygame.Rect(rest.left, rest.top, rest.width - board_w - gap, rest.height)
        bh = L.px(40)
        self.board_rect = pygame.Rect(self.table_rect.right + gap, rest.top, board_w, rest.height - bh - L.px(8))
        for btn in (self.back_btn, self.fwd_btn):
            btn.visible = self.show_board
        if self.show_board:
            self.board.place(self.app, self.board_rect)
            bw = L.px(72)
            self.back_btn.rect = pygame.Rect(self.board_rect.left, rest.bottom - bh, bw, bh)
            self.fwd_btn.rect = pygame.Rect(self.board_rect.right - bw, rest.bottom - bh, bw, bh)
        self.reserved_rect = rest  # the record and the replay fill the step: no centring below the text
        self._size_table()

    def _size_table(self) -> None:
        """The tile height and where each player's block goes: the four blocks one under the other
        (the seed's form) or two by two, whichever gives the bigger tiles."""
        assert self.record is not None
        L = self.app.layout
        t = self.table_rect
        cols = max(max(len(r.cells) for r in self.record.seats), 14)
        self.header_h = L.font("small") + L.px(12)
        self.label_w = L.px(96)
        w_unit = tile_art.tile_size(100)[0] / 100
        best = (0, 1)
        for across in (1, 2):
            down = 4 // across
            rows = 4 * down
            by_height = (t.height - self.header_h - (down - 1) * L.px(8) - L.px(6)) // rows - L.px(3)
            block_w = (t.width - L.px(16) - (across - 1) * L.px(12)) // across
            by_width = int((block_w - self.label_w - L.px(6)) / cols / w_unit) - 1
            th = min(by_height, by_width, L.tile_h(0.7))
            if th > best[0] * 1.15:  # the seed's form (blocks one under the other) unless clearly smaller
                best = (th, across)
        self.th, across = max(L.px(12), best[0]), best[1]
        self.col_w = tile_art.tile_size(self.th)[0] + max(1, L.px(2))
        row_h = self.th + L.px(3)
        block_h = 4 * row_h + L.px(8)
        block_w = (t.width - L.px(16) - (across - 1) * L.px(12)) // across
        self.block_pos = [(t.left + L.px(8) + (i % across) * (block_w + L.px(12)),
                           t.top + self.header_h + (i // across) * block_h) for i in range(4)]

    # ------------------------------------------------------------------ drawing

    def draw(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        if self.record is None:
            blit_text(surf, self.app, self.error, L.font("body"), P.wrong, self.host_area_top(), max_width=600)
            return
        self._draw_record(surf)
        if self.show_board:
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
        small = L.font("small")
        x0 = t.left + L.px(8)
        head = (f"{WIND_KANJI[rec.round]}{rec.hand + 1}局  積み棒 {rec.honba}  供託 {rec.sticks}  "
                f"表ドラ")
        right = blit_text(surf, self.app, head, small, P.ink, (x0, t.top + L.px(6)))
        xx = right.right + L.px(6)
        xx = self._tiles_inline(surf, slots_for_text(rec.dora), xx, t.top + L.px(4), small)
        if rec.ura:
            right = blit_text(surf, self.app, "裏ドラ", small, P.ink, (xx + L.px(10), t.top + L.px(6)))
            self._tiles_inline(surf, slots_for_text(rec.ura), right.right + L.px(6), t.top + L.px(4), small)
        row_h = self.th + L.px(3)
        current = self.current_cell()
        self.cell_rects = {}
        for rec_seat, (x0, top) in zip(sorted(rec.seats, key=lambda r: r.wind), self.block_pos, strict=True):
            blit_text(surf, self.app, WIND_KANJI[rec_seat.wind] + "家", small, P.ink, (x0, top), bold=True)
            blit_text(surf, self.app, rec_seat.name, small, P.ink_muted, (x0, top + small + L.px(4)),
                      max_width=self.label_w // 2 + L.px(10))
            lx = x0 + self.label_w // 2 + L.px(14)
            for i, label in enumerate(ROW_LABELS):
                blit_text(surf, self.app, label, small, P.ink_muted, (lx, top + i * row_h + self.th // 2),
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

    def _row(self, surf: pygame.Surface, slots: list[TileSlot], x: int, y: int) -> None:
        for s in slots:
            img = tile_image(self.app, s, self.th)
            surf.blit(img, (x, y + self.th - img.get_height()))
            x += img.get_width() + max(1, self.app.layout.px(1))

    def _tiles_inline(self, surf: pygame.Surface, slots: list[TileSlot], x: int, y: int, size: int) -> int:
        h = max(size + 4, self.app.layout.px(18))
        for s in slots:
            img = tile_image(self.app, s, h)
            surf.blit(img, (x, y))
            x += img.get_width() + 2
        return x

    def _cell_draw(self, surf: pygame.Surface, cell: Cell, x: int, y_take: int, y_out: int, size: int) -> None:
        """One turn: the tile taken (with how it came) over the discard (↓ for tsumogiri)."""
        L = self.app.layout
        tiny = max(L.px(11), size - L.px(4))
        if cell.take:
            surf.blit(tile_image(self.app, TileSlot(parse_tile(cell.take)), self.th), (x, y_take))
        else:
            pygame.draw.line(surf, P.ink_muted, (x + 2, y_take + self.th - 2), (x + self.col_w - 4, y_take + 2),
                             max(1, L.px(2)))
        note = CALL_MARKS.get(cell.took_by) or CALL_MARKS.get(cell.own_call) or ("嶺" if cell.took_by == "rinshan" else "")
        if note:
            self._badge(surf, note, (x, y_take - L.px(2)), tiny, P.accent_dark)
        if cell.discard:
            if cell.tsumogiri:
                blit_text(surf, self.app, "↓", size, P.ink, (x + self.col_w // 2 - 1, y_out + self.th // 2),
                          anchor="center", bold=True)
            else:
                surf.blit(tile_image(self.app, TileSlot(parse_tile(cell.discard)), self.th), (x, y_out))
            if cell.riichi:
                self._badge(surf, "立直", (x, y_out - L.px(2)), tiny, P.wrong)
        if cell.called:
            self._badge(surf, CALL_MARKS.get(cell.called, "槓"), (x, y_out + self.th - tiny + L.px(2)), tiny, P.hint)

    def _badge(self, surf: pygame.Surface, text: str, pos: tuple[int, int], size: int, color: Any) -> None:
        r = blit_text(surf, self.app, text, size, P.on_felt, (pos[0] + 1, pos[1]), bold=True)
        bg = r.inflate(4, 0)
        pygame.draw.rect(surf, color, bg, border_radius=3)
        blit_text(surf, self.app, text, size, P.card, (pos[0] + 1, pos[1]), bold=True)

    # ------------------------------------------------------------------ answering

    def click_at(self, pos: tuple[int, int]) -> bool:
        for cid, rect in self.cell_rects.items():
            if rect.collidepoint(pos):
                self._jump(cid)
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
            parts.append(_("let go the tile just drawn ({tsumogiri})").format(tsumogiri="{term:tsumogiri}")
                         if c.tsumogiri else
                         _("discarded {tile} from the hand ({tedashi})").format(tile="{tiles:" + c.discard + "}",
                                                                               tedashi="{term:tedashi}"))
        if c.riichi:
            parts.append(_("declared {riichi} with it").format(riichi="{term:riichi}"))
        if c.called:
            names = {"chi": "chii", "pon": "pon", "daiminkan": "kan", "ron": "ron"}
            parts.append(_("another player called {call} on it").format(
                call="{term:" + names.get(c.called, "kan") + "}"))
        return " ".join(parts[:1]) + " " + ", ".join(parts[1:]) + "."


__all__ = ["PaifuView"]
