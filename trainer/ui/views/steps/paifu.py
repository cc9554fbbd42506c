"""The "paifu" step: a hand's record (牌譜) in the seed's table form next to the replay of the
same hand.

Left, the record: the header (round and hand, counters, dora indicators) and one block per
player in seat-wind order — 配牌 the dealt hand, 取 the tiles taken, 出 the discards (↓ for
the tile just drawn), 最終 the final hand — with the marks in bands between the lines, off
the tiles' faces: a call on one's own tile over its 取, 立直 over the riichi discard, a call by
another player under the discard (as the lesson teaches them).  Every Japanese word of the record
(the header's counters, the row names, the seats) has the interface language's word beside it.
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
from trainer.ui.theme import PALETTE
from trainer.ui.tileview import TileSlot, row_width, slots_for_hand, slots_for_text, tile_image
from trainer.ui.views.steps.base import StepView
from trainer.ui.views.steps.choice import answer_sentence
from trainer.ui.views.table.board import Board
from trainer.ui.views.table.center import ROUND_NAMES
from trainer.ui.views.table.replay import build_frames
from trainer.ui.widgets import Button, blit_text, draw_panel

P = PALETTE

WIND_KANJI = "東南西北"
ROW_LABELS = ("配牌", "取", "出", "最終")


def row_words() -> tuple[str, str, str, str]:
    """The record's rows (配牌 取 出 最終) in the interface language, drawn small under their
    Japanese names."""
    return (pgettext("paifu row", "dealt"), pgettext("paifu row", "taken"), pgettext("paifu row", "discarded"),
            pgettext("paifu row", "final"))


def seat_words() -> tuple[str, str, str, str]:
    """A block's seat (東家 南家 西家 北家) in the interface language, under the Japanese."""
    return (pgettext("paifu seat", "east"), pgettext("paifu seat", "south"), pgettext("paifu seat", "west"),
            pgettext("paifu seat", "north"))


def header_parts(rec: Paifu) -> list[tuple[str, str, str]]:
    """The record's header as (Japanese, the interface language's word, value) triples: the round
    and hand (東2局, «East 2»), the counters (積み棒 honba, 供託 riichi sticks) and the dora
    indicators (表ドラ, 裏ドラ: their tiles are drawn after the words)."""
    round_name = _("{wind} {n}").format(wind=_(ROUND_NAMES[rec.round % 4]), n=rec.hand + 1)
    one = len(slots_for_text(rec.dora)) == 1
    parts = [(f"{WIND_KANJI[rec.round]}{rec.hand + 1}局", round_name, ""),
             ("積み棒", pgettext("paifu header", "honba"), str(rec.honba)),
             ("供託", pgettext("paifu header", "riichi sticks"), str(rec.sticks)),
             ("表ドラ", pgettext("paifu header", "dora indicator") if one
              else pgettext("paifu header", "dora indicators"), "")]
    if rec.ura:
        parts.append(("裏ドラ", pgettext("paifu header", "ura dora indicator") if len(slots_for_text(rec.ura)) == 1
                      else pgettext("paifu header", "ura dora indicators"), ""))
    return parts


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
            self.error = exc.message.translated()  # the teacher reads it in the interface language
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
        self.inline_words = False  # the rows' words beside their names (else in the header's legend)
        self.board = Board()
        self.selected: str | None = None
        self.marks: dict[str, str] = {}
        self.locked = False
        self.cell_rects: dict[str, pygame.Rect] = {}
        self.tile_rects: list[pygame.Rect] = []  # every tile of the record as last drawn
        self.mark_rects: list[pygame.Rect] = []  # every mark (碰, 立直 ...) as last drawn
        self.mark_targets: list[pygame.Rect] = []  # the place of the tile each mark belongs to
        self._marks_todo: list[Any] = []
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

    def _marks(self, rec_seat: Any) -> tuple[bool, bool, bool]:
        """Which bands a player's block needs: (a call on one's own tile over 取, 立直 over 出,
        another player's call under 出)."""
        cells = rec_seat.cells
        return (any(self._take_note(c) for c in cells), any(c.riichi and c.discard for c in cells),
                any(c.called for c in cells))

    def _rows_y(self, rec_seat: Any, th: int) -> tuple[int, int, int, int]:
        """The top of each line of a block (配牌 取 出 最終) from the block's top, at tile height
        ``th``: a band between two lines where the block has marks there — a mark's height, a
        pixel of air to the tile it marks and a clear gap to the other line (so a mark covers no
        other line's tile and reads as its own line's) — a thin gap otherwise.  A call under a
        discard may cover the discard's own edge (its thickness under the face), so that band
        is that much lower."""
        thin = self.app.layout.px(3)
        bands = (self._band(), self._band(), self._band() - self._depth(th))
        ys = [0]
        for needed, band in zip(self._marks(rec_seat), bands, strict=True):
            ys.append(ys[-1] + th + (max(thin, band) if needed else thin))
        return ys[0], ys[1], ys[2], ys[3]

    @staticmethod
    def _depth(th: int) -> int:
        """The tile's thickness seen under its face (tile_art draws it 7.5 % of the height): a call
        mark under a discard may overlap the discard's own."""
        return int(th * 0.07)

    def _block_h(self, rec_seat: Any, th: int) -> int:
        return self._rows_y(rec_seat, th)[3] + th

    def _seats(self) -> list[Any]:
        """The players' records in seat-wind order (the blocks' order)."""
        assert self.record is not None
        return sorted(self.record.seats, key=lambda r: r.wind)

    def _blocks_h(self, th: int, across: int) -> list[int]:
        """The height of each line of blocks (the tallest block of the line)."""
        heights = [self._block_h(r, th) for r in self._seats()]
        return [max(heights[i:i + across]) for i in range(0, 4, across)]

    def _mark_size(self) -> int:
        """The font size of the marks (碰, 槓, 立直 ...)."""
        L = self.app.layout
        return max(L.px(11), L.font("small") - L.px(4))

    def _band(self) -> int:
        """The height of a band between two lines of the record: a mark's box, a pixel of air
        between it and the tile it marks, and a clear gap (:meth:`_mark_clear`) between it and
        the other line, so the mark reads as its own line's, not as the neighbour's."""
        return self._badge_h() + self._mark_air() + self._mark_clear()

    def _mark_air(self) -> int:
        """The air between a mark and the tile it marks."""
        return max(1, self.app.layout.px(1))

    def _mark_clear(self) -> int:
        """The gap between a mark and the line it does not belong to (several times its air)."""
        return max(3, self.app.layout.px(4))

    def _badge_h(self) -> int:
        """The height of a mark's box (the tallest of the marks' letters and a pixel above and under)."""
        img = self.app.text_surface("碰立直槓", self._mark_size(), P.card, True)
        return img.get_bounding_rect().height + 2

    def _col_w(self, th: int) -> int:
        """One turn's column: a tile and the gap to the next turn."""
        return tile_art.tile_size(th)[0] + max(1, self.app.layout.px(2))

    def _rows_w(self, th: int) -> int:
        """The width of the longest line of tiles of any block at tile height ``th`` (the dealt hand,
        the turns, the final hand with its melds)."""
        sp = self._spacing()
        return max(max(row_width(dealt, th, sp), row_width(final, th, sp), n * self._col_w(th))
                   for dealt, final, n in self.lines)

    def _geometry(self, room: int | None = None, inline: bool = False) -> tuple[int, int, int, int, int]:
        """(padding, header height, label width, gap between blocks across, gap between blocks down);
        the header takes as many lines as its words need in ``room`` pixels (one when not given).
        The label column holds the seat (東家 over its word and the player's name) and the row
        names: 配牌 ... with their words beside them when ``inline`` (blocks one under the other
        have width to spare), else alone, their words in the header's legend."""
        L = self.app.layout
        lines = 1 if room is None or self.record is None else len(self._header_lines(room, inline))
        head = lines * self.app.line_height(L.font("small")) + L.px(4)
        return L.px(8), head, self._seat_w() + L.px(14) + self._row_label_w(inline) + L.px(4), L.px(20), L.px(6)

    def _row_label_w(self, inline: bool) -> int:
        """The width of the row names (配牌 ..., with their words when ``inline``)."""
        return max(self._row_label(self.app, k, w if inline else "")[2]
                   for k, w in zip(ROW_LABELS, row_words(), strict=True))

    @staticmethod
    def _row_label(app: Any, kanji: str, word: str) -> tuple[int, int, int]:
        """(kanji width, gap, whole width) of a row's name and its word (tiny) beside it."""
        L = app.layout
        kw = app.text_width(kanji, L.font("small"))
        if not word:
            return kw, 0, kw
        return kw, L.px(4), kw + L.px(4) + app.text_width(word, L.font("tiny"))

    def _seat_w(self) -> int:
        """The width of a block's seat column (東家 and its word; a long name is cut to it)."""
        L, app = self.app.layout, self.app
        return max([L.px(48), app.text_width("東家", L.font("small"), True)]
                   + [app.text_width(w, L.font("tiny")) for w in seat_words()])

    def _header_items(self, inline: bool) -> list[tuple[str, str, str, list[TileSlot]]]:
        """The header's items: (Japanese, word, value, tiles) — the round, the counters, the dora
        indicators, then (unless the rows' words are ``inline``) the legend of the rows (配牌
        dealt, 取 taken ...)."""
        rec = self.record
        assert rec is not None
        tiles = {"表ドラ": slots_for_text(rec.dora), "裏ドラ": slots_for_text(rec.ura) if rec.ura else []}
        items = [(ja, word, value, tiles.get(ja, [])) for ja, word, value in header_parts(rec)]
        if inline:
            return items
        return items + [(ja, word, "", []) for ja, word in zip(ROW_LABELS, row_words(), strict=True)]

    def _header_item_w(self, item: tuple[str, str, str, list[TileSlot]]) -> int:
        L, app = self.app.layout, self.app
        small = L.font("small")
        ja, word, value, tiles = item
        sp = L.px(5)
        w = app.text_width(ja, small) + sp + app.text_width(word, small)
        if value:
            w += sp + app.text_width(value, small, True)
        if tiles:
            w += L.px(6) + row_width(tiles, self._inline_tile_h(), 2)
        return w

    def _header_lines(self, room: int, inline: bool) -> list[list[tuple[str, str, str, list[TileSlot]]]]:
        """The header's items in lines no wider than ``room`` (a new line where the next item
        would not fit; the legend of the rows starts a line of its own when it does not fit
        whole after the counters)."""
        gap = self.app.layout.px(16)
        room -= self.app.layout.px(4)  # a drawn line may run a pixel or two past its measure
        items = self._header_items(inline)
        first, legend = (items, []) if inline else (items[:-len(ROW_LABELS)], items[-len(ROW_LABELS):])
        lines: list[list[tuple[str, str, str, list[TileSlot]]]] = [[]]
        x = 0
        for n, item in enumerate(first + legend):
            w = self._header_item_w(item)
            if n == len(first) and lines[-1]:
                whole = sum(self._header_item_w(i) + gap for i in legend)
                if x + whole > room:
                    lines.append([])
                    x = 0
            elif lines[-1] and x + gap + w > room:
                lines.append([])
                x = 0
            x += (gap if lines[-1] else 0) + w
            lines[-1].append(item)
        return lines

    def _inline_tile_h(self) -> int:
        """The height of the dora indicators drawn in the header."""
        return max(self.app.layout.font("small") + 4, self.app.layout.px(18))

    def _fit(self, width: int, height: int) -> tuple[int, int, int, int]:
        """(tile height, blocks across, width, height) of the record inside ``width`` x ``height``:
        the tiles as big as the small rows of the other steps (the sorting step's boxes) when
        there is room, else as big as fits, in the seed's form (blocks one under the other) or
        two by two, whichever gives clearly bigger tiles."""
        L = self.app.layout
        best = (0, 1, 0, 0)
        for across in (1, 2):
            down = 4 // across
            # the header runs across the whole panel; blocks one under the other have width to
            # spare for the rows' words beside their names
            pad, head, label, gap_x, gap_y = self._geometry(width - 2 * L.px(8), inline=across == 1)
            th = self.th(0.75)
            while True:
                need_w = 2 * pad + across * (label + L.px(4) + self._rows_w(th)) + (across - 1) * gap_x
                need_h = head + sum(self._blocks_h(th, across)) + (down - 1) * gap_y + pad
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
        self.inline_words = across == 1
        pad, head, label, gap_x, gap_y = self._geometry(t.width - 2 * L.px(8), inline=self.inline_words)
        left = t.left + pad + (0 if self.show_board else max(0, (t.width - need_w) // 2))
        self.tile_h, self.header_h, self.label_w = th, head, label
        self.col_w = self._col_w(th)
        block_w = label + L.px(4) + self._rows_w(th)
        tops, y = [], t.top + head
        for h in self._blocks_h(th, across):
            tops.append(y)
            y += h + gap_y
        self.block_pos = [(left + (i % across) * (block_w + gap_x), tops[i // across]) for i in range(4)]

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
        self.tile_rects, self.mark_rects, self.mark_targets, self._marks_todo = [], [], [], []
        small, tiny = L.font("small"), L.font("tiny")
        self._draw_header(surf)
        current = self.current_cell()
        self.cell_rects = {}
        seat_w, small_lh = self._seat_w(), self.app.line_height(small)
        for rec_seat, (x0, top) in zip(self._seats(), self.block_pos, strict=True):
            # the seat in Japanese over its word, then the player's name
            blit_text(surf, self.app, WIND_KANJI[rec_seat.wind] + "家", small, P.ink, (x0, top), bold=True)
            blit_text(surf, self.app, seat_words()[rec_seat.wind], tiny, P.ink_muted, (x0, top + small_lh - L.px(3)),
                      max_width=seat_w + L.px(8))
            blit_text(surf, self.app, rec_seat.name, small, P.ink_muted,
                      (x0, top + small_lh + self.app.line_height(tiny) - L.px(2)), max_width=seat_w + L.px(8))
            ys = [top + dy for dy in self._rows_y(rec_seat, self.tile_h)]
            for label, word, y in zip(ROW_LABELS, row_words(), ys, strict=True):
                lx, mid = x0 + seat_w + L.px(14), y + self.tile_h // 2
                blit_text(surf, self.app, label, small, P.ink_muted, (lx, mid), anchor="midleft")
                if self.inline_words:  # else the header's legend says it
                    kw, gap, _w = self._row_label(self.app, label, word)
                    blit_text(surf, self.app, word, tiny, P.ink_muted, (lx + kw + gap, mid), anchor="midleft")
            cx = x0 + self.label_w + L.px(4)
            self._row(surf, slots_for_text(rec_seat.dealt), cx, ys[0])
            for col, cell in enumerate(rec_seat.cells):
                cid = cell_id(rec_seat.wind, col)
                x = cx + col * self.col_w
                box = pygame.Rect(x - 1, ys[1] - 1, self.col_w, ys[3] - ys[1])  # 取 over 出 and the marks under 出
                self.cell_rects[cid] = box
                self._cell_draw(surf, cell, x, ys[1], ys[2], small)
                frame = self.marks.get(cid) or ("current" if cid == current else "selected" if cid == self.selected
                                                else None)
                if frame is not None:
                    color = {"right": P.right, "wrong": P.wrong, "current": P.accent, "selected": P.hint}[frame]
                    pygame.draw.rect(surf, color, box.inflate(2, 2), width=max(2, L.px(3)), border_radius=L.px(4))
            self._row(surf, slots_for_hand(rec_seat.final), cx, ys[3])
        for draw_mark in self._marks_todo:  # over the frames (a mark may be wider than its column)
            draw_mark()

    def _draw_header(self, surf: pygame.Surface) -> None:
        """The header: each Japanese word with the interface language's word after it (muted), its
        value, and the dora indicators' tiles; on more lines where the panel is narrow."""
        L, t = self.app.layout, self.table_rect
        small = L.font("small")
        lh, sp, gap = self.app.line_height(small), L.px(5), L.px(16)
        pad = self._geometry()[0]
        lines = self._header_lines(t.width - 2 * pad, self.inline_words)
        widest = max(sum(self._header_item_w(i) for i in line) + gap * (len(line) - 1) for line in lines)
        # over the blocks' left edge when it fits there, else as far left as it needs
        x0 = max(t.left + pad, min(self.block_pos[0][0], t.right - pad - widest))
        for n, line in enumerate(lines):
            mid, x = t.top + L.px(3) + n * lh + lh // 2, x0
            for item in line:  # placed by the widths the lines were made by
                ja, word, value, tiles = item
                right = x + self._header_item_w(item)
                blit_text(surf, self.app, ja, small, P.ink, (x, mid), anchor="midleft")
                x += self.app.text_width(ja, small) + sp
                blit_text(surf, self.app, word, small, P.ink_muted, (x, mid), anchor="midleft")
                x += self.app.text_width(word, small)
                if value:
                    blit_text(surf, self.app, value, small, P.ink, (x + sp, mid), anchor="midleft", bold=True)
                if tiles:
                    self._tiles_inline(surf, tiles, right - row_width(tiles, self._inline_tile_h(), 2), mid)
                x = right + gap

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

    def _tiles_inline(self, surf: pygame.Surface, slots: list[TileSlot], x: int, mid: int) -> int:
        h = self._inline_tile_h()
        for s in slots:
            img = tile_image(self.app, s, h)
            self._tile(surf, img, (x, mid - img.get_height() // 2))
            x += img.get_width() + 2
        return x

    def _cell_draw(self, surf: pygame.Surface, cell: Cell, x: int, y_take: int, y_out: int, size: int) -> None:
        """One turn: the tile taken (with how it came, in the band over it) over the discard (↓ for
        tsumogiri; 立直 in the band over it, another player's call in the band under it)."""
        L = self.app.layout
        tiny, air = self._mark_size(), self._mark_air()
        tw = tile_art.tile_size(self.tile_h)[0]
        take_rect, out_rect = pygame.Rect(x, y_take, tw, self.tile_h), pygame.Rect(x, y_out, tw, self.tile_h)
        if cell.take:
            self._tile(surf, tile_image(self.app, TileSlot(parse_tile(cell.take)), self.tile_h), (x, y_take))
        else:
            pygame.draw.line(surf, P.ink_muted, (x + 2, y_take + self.tile_h - 2), (x + self.col_w - 4, y_take + 2),
                             max(1, L.px(2)))
        note = self._take_note(cell)
        if note:
            self._badge(surf, note, (x, y_take - air), tiny, P.accent_dark, anchor="bottomleft", marks=take_rect)
        if cell.discard:
            if cell.tsumogiri:
                mid = y_out + self.tile_h // 2
                blit_text(surf, self.app, "↓", max(size, self.tile_h // 2), P.ink, (x + self.col_w // 2 - 1, mid),
                          anchor="center", bold=True)
            else:
                self._tile(surf, tile_image(self.app, TileSlot(parse_tile(cell.discard)), self.tile_h), (x, y_out))
            if cell.riichi:
                self._badge(surf, "立直", (x, y_out - air), tiny, P.wrong, anchor="bottomleft", marks=out_rect)
        if cell.called:
            # right under the discard (over its edge at most), clear of the final hand's line below
            self._badge(surf, CALL_MARKS.get(cell.called, "槓"),
                        (x, y_out + self.tile_h - self._depth(self.tile_h) + air), tiny, P.hint, marks=out_rect)

    @staticmethod
    def _take_note(cell: Cell) -> str:
        """The mark over a cell's 取: how the tile came (吃 碰 槓, 嶺 the replacement tile) or a
        call on it (a kan, 自摸)."""
        return CALL_MARKS.get(cell.took_by) or CALL_MARKS.get(cell.own_call) or ("嶺" if cell.took_by == "rinshan" else "")

    def _badge(self, surf: pygame.Surface, text: str, pos: tuple[int, int], size: int, color: Any,
               anchor: str = "topleft", marks: pygame.Rect | None = None) -> None:
        """A mark on a cell, ``pos`` being a corner of its coloured box (as tight as its letters; it
        sits in the band between two lines, off the tiles, next to the tile it ``marks``); painted
        once the block's cells and frames are drawn, its box kept in ``mark_rects`` and the place
        of the tile it marks in ``mark_targets``."""
        img = self.app.text_surface(text, size, P.card, True)
        ink = img.get_bounding_rect()
        box = pygame.Rect(0, 0, ink.width + 4, ink.height + 2)
        setattr(box, anchor, (pos[0], pos[1]))
        self.mark_rects.append(box)
        self.mark_targets.append(marks if marks is not None else box)

        def paint() -> None:
            pygame.draw.rect(surf, color, box, border_radius=3)
            surf.blit(img, (box.left + 2 - ink.left, box.top + 1 - ink.top))

        self._marks_todo.append(paint)

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
        # the clicked cell in words; after the final miss the right cell(s) first, as the answer
        self.host.set_explain(self.cell_words(self.selected) if self.selected is not None else "")
        wrong = final and self.selected not in right
        self.host.set_answer(answer_sentence(_("The right answer: {answer}."), " ".join(
            self.cell_words(c) for c in sorted(right))) if wrong else "")

    def clear_marks(self) -> None:
        self.marks = {}
        self.selected = None

    def lock(self, locked: bool) -> None:
        self.locked = locked

    def state(self) -> dict[str, Any]:
        """The cell clicked and the marks, the replay's move and whether the record or the table is
        shown, whether the answer is locked (nothing for a record that cannot be read)."""
        if self.record is None:
            return {}
        return {"selected": self.selected, "marks": dict(self.marks), "locked": self.locked, "pos": self.pos,
                "view_mode": self.view_mode}

    def restore(self, state: dict[str, Any]) -> None:
        """Put back what :meth:`state` kept, on this view of the same step."""
        if self.record is None or not state:
            return
        self.selected, self.marks, self.locked = state["selected"], dict(state["marks"]), state["locked"]
        self.pos, self.view_mode = state["pos"], state["view_mode"]

    def hint(self, level: int) -> str:
        st = self.step
        if len(st.hints) >= level:
            return ""  # the lesson's own hint says it
        if st.ask == "call":
            return _("A call made on a discard is written under the 出 row of the player who discarded.")
        if level == 1:
            return _("Look at the 出 row of the player's block (the seat wind is written at its left).")
        return _("立直 is written over the riichi discard; ↓ stands for {tsumogiri}.").format(
            tsumogiri="{term:tsumogiri}")

    def cell_words(self, cid: str) -> str:
        """What a cell of the record holds, in words."""
        c = self._cell(cid)
        wind = self.app.term_text({"E": "ton", "S": "nan", "W": "shaa", "N": "pei"}[cid[0]])
        parts = [_("{wind}, turn {n}:").format(wind=wind, n=int(cid[1:]))]
        take, tile = "{tiles:" + c.take + "}", "{tiles:" + c.discard + "}"
        # the discard's term as the glossary shows it (its name with the Japanese), said once: a
        # tile drawn and discarded at once, or the tile taken and the one discarded from the hand
        if c.take and c.discard:
            parts.append(_("took {take} — {tsumogiri}").format(take=take, tsumogiri="{term:tsumogiri}") if c.tsumogiri
                         else _("took {take} — {tedashi}: {tile}").format(take=take, tedashi="{term:tedashi}",
                                                                            tile=tile))
        elif c.take:
            parts.append(_("took {tile}").format(tile=take))
        if c.own_call in ("ankan", "shouminkan"):
            parts.append(_("declared a kan"))
        if c.discard and not c.take:
            parts.append(_("{tedashi}: {tile}").format(tile=tile, tedashi="{term:tedashi}"))
        if c.riichi:
            parts.append(_("declared {riichi} with it").format(riichi="{term:riichi}"))
        if c.called:
            names = {"chi": "chii", "pon": "pon", "daiminkan": "kan", "ron": "ron"}
            parts.append(_("another player called {call} on it").format(
                call="{term:" + names.get(c.called, "kan") + "}"))
        return " ".join(parts[:1]) + " " + ", ".join(parts[1:]) + "."


__all__ = ["PaifuView"]
