"""One view per lesson step kind: what the step shows, how the learner answers, and how
right and wrong answers are marked.

A view is created by :func:`make_view` for the lesson player
(:mod:`trainer.ui.screens.lesson`), which owns the flow (check, retry, hints,
next).  A view adds its widgets to the host screen in :meth:`StepView.build`,
places them in :meth:`StepView.layout`, returns the learner's answer from
:meth:`StepView.response` in the form :func:`trainer.lessons.answers.grade`
takes, and paints the result with :meth:`StepView.mark`.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pygame

from trainer.engine.notation import parse_hand, parse_tiles
from trainer.engine.tiles import Tile
from trainer.i18n import _, ngettext, points_text
from trainer.lessons import answers
from trainer.ui.richtext import BR
from trainer.ui.screens.explain import fu_name
from trainer.ui.screens.inputs import (
    CounterChip,
    OptionButton,
    RichBlock,
    big_options_fit,
    draw_card,
    fu_chip_total,
    fu_chip_values,
    palette_slots,
    suits_of,
)
from trainer.ui.screens.tileview import TileRow, TileSlot, slots_for_text
from trainer.ui.theme import PALETTE
from trainer.ui.widgets import Button, NumberField, blit_text, draw_panel

if TYPE_CHECKING:
    from trainer.ui.screens.lesson import LessonScreen

P = PALETTE

WIND_NAMES = {"E": "ton", "S": "nan", "W": "shaa", "N": "pei"}
# The flags of a lesson's ``win:`` and the glossary term each is shown as, in table order.
WIN_FLAG_TERMS = (
    ("double_riichi", "double_riichi"), ("riichi", "riichi"), ("ippatsu", "ippatsu"),
    ("haitei", "haitei_raoyue"), ("houtei", "houtei_raoyui"), ("rinshan", "rinshan_kaihou"),
    ("chankan", "chankan"), ("tenhou", "tenhou"), ("chiihou", "chiihou"),
)


class StepView:
    """Base view: no input.  Subclasses override the hooks they need."""

    quiz = False

    def __init__(self, host: LessonScreen, step: Any, lesson: Any) -> None:
        self.host = host
        self.app = host.app
        self.step = step
        self.lesson = lesson
        self.blocks: list[RichBlock] = []
        self.card_rect: pygame.Rect | None = None

    # helpers
    def lang(self) -> str:
        """The interface language (lesson text falls back to Russian)."""
        return self.app.settings.language

    def text(self, t: Any) -> str:
        """A lesson Text in the UI language ('' for None)."""
        return t.get(self.lang()) if t is not None else ""

    def rich(self, text: str, **kw: Any) -> RichBlock:
        """Add a rich text block whose glossary terms open the term card."""
        b = self.host.add(RichBlock(text, on_term=self.host.open_term, **kw))
        self.blocks.append(b)
        return b

    def child(self) -> bool:
        """Whether this is a children's lesson (``audience: child``)."""
        return getattr(self.lesson, "audience", "") == "child"

    def miss(self) -> str:
        """How a missed tile is marked: red for adults, the calm hint colour for children."""
        return "hint" if self.child() else "wrong"

    def th(self, factor: float = 1.0) -> int:
        """Tile height for this step: children's lessons get bigger tiles (curriculum §1.4)."""
        kid = 1.25 if getattr(self.lesson, "audience", "") == "child" else 1.0
        return self.app.layout.tile_h(factor * kid)

    def answer(self) -> Any:
        """The engine's answer for this step."""
        return answers.answer(self.step, self.lesson)

    def short_term(self, term_id: str, label: str | None = None) -> str:
        """Markup for a glossary term shown by its short name (``label``, or the glossary's name
        in the UI language); the settings may add the Japanese, and a click opens the card."""
        if label is None:
            try:
                label = self.app.glossary().term(term_id).name(self.lang())
            except (KeyError, LookupError):
                label = term_id
        return "{term:" + term_id + "|" + label.replace("}", ")").replace("|", "/") + "}"

    def win_line(self, win: Any) -> str:
        """The winning situation in words: ron/tsumo on the tile, seat and round, every flag of
        the step's ``win:`` (riichi, ippatsu, haitei, rinshan, ...), the dora and ura-dora
        indicators, and the honba and riichi sticks on the table.  Rich markup that wraps."""
        if win is None:
            return ""
        tile = f"{{tiles:{win.tile}}}"
        parts = [_("Ron on {tile}").format(tile=tile) if win.by == "ron" else _("Tsumo on {tile}").format(tile=tile)]
        parts.append(_("seat {seat}, round {round}").format(seat=self.app.term_text(WIND_NAMES[win.seat]),
                                                            round=self.app.term_text(WIND_NAMES[win.round])))
        for field, term in WIN_FLAG_TERMS:
            if getattr(win, field, False) and not (field == "riichi" and win.double_riichi):
                parts.append(self.short_term(term))
        if win.dora:
            parts.append(_("dora indicator {tiles}").format(tiles=f"{{tiles:{win.dora}}}"))
        if win.ura:
            parts.append(self.short_term("ura_dora", _("ura-dora indicator")) + f" {{tiles:{win.ura}}}")
        if win.honba:
            parts.append(self.short_term("honba", ngettext("{n} honba", "{n} honba", win.honba).format(n=win.honba)))
        if win.sticks:
            parts.append(self.short_term("kyoutaku", ngettext(
                "{n} riichi stick on the table", "{n} riichi sticks on the table", win.sticks).format(n=win.sticks)))
        return " · ".join(parts)

    # hooks
    def build(self) -> None:
        """Create the widgets (``self.host.add``)."""

    def layout(self, area: pygame.Rect) -> None:
        """Place the widgets inside ``area``."""

    def draw(self, surf: pygame.Surface) -> None:
        """Paint below the widgets."""
        if self.card_rect is not None:
            draw_card(surf, self.app, self.card_rect)

    def response(self) -> Any:
        """The learner's answer in :func:`answers.grade` form, or None when nothing is entered."""
        return None

    def empty_message(self) -> str:
        """What to tell a learner who pressed Check without answering."""
        return _("Choose an answer first.")

    def mark(self, feedback: Any, final: bool) -> None:
        """Show which parts of the answer were right or wrong (``final``: also reveal the solution)."""

    def clear_marks(self) -> None:
        """Forget the marks for a new try."""

    def lock(self, locked: bool) -> None:
        """Stop (or allow) changes to the answer."""

    def hint(self, level: int) -> str:
        """Apply hint ``level`` (1 where to look, 2 narrowing); return an automatic hint text."""
        return ""

    def choose(self, n: int) -> bool:
        """Digit ``n`` pressed."""
        return False

    def initial_focus(self) -> Any:
        """The widget to focus when the step opens."""
        return None


# ---------------------------------------------------------------- text


class TextView(StepView):
    """A short explanation on a paper card."""

    def build(self) -> None:
        self.body = self.rich(self.text(self.step.text), size="large", color=P.ink)

    def layout(self, area: pygame.Rect) -> None:
        L = self.app.layout
        w = min(area.width, L.px(900))
        pad = L.px(36)
        x = area.centerx - w // 2
        h = self.body.place(self.app, x + pad, area.top + pad, w - 2 * pad)
        self.card_rect = pygame.Rect(x, area.top, w, min(area.height, h + 2 * pad))


# ---------------------------------------------------------------- show


def _hand_of(step: Any) -> str:
    return getattr(step, "hand", None) or ""


def _highlight_marks(slots: list[TileSlot], highlight: str, mark: str = "hint") -> dict[int, str]:
    """Indices of slots matching the highlight tiles (each highlight tile used once)."""
    if not highlight:
        return {}
    want = [t.kind for t in parse_tiles(highlight)]
    out = {}
    for i, s in enumerate(slots):
        if s.tile.kind in want:
            want.remove(s.tile.kind)
            out[i] = mark
    return out


class ShowView(StepView):
    """A diagram: a hand, rows of tiles, a wall slice or a table, with the facts the engine reveals."""

    def build(self) -> None:
        st = self.step
        self.intro = self.rich(self.text(st.text)) if st.text is not None else None
        self.rows: list[tuple[TileRow, RichBlock | None]] = []
        if st.hand:
            row = self.host.add(TileRow(slots_for_text(st.hand)))
            row.marks = _highlight_marks(row.slots, st.highlight)
            self.rows.append((row, None))
        if st.tiles:
            row = self.host.add(TileRow(slots_for_text(st.tiles)))
            if not st.hand:
                row.marks = _highlight_marks(row.slots, st.highlight)
            self.rows.append((row, None))
        for r in st.rows:
            row = self.host.add(TileRow(slots_for_text(r.tiles)))
            row.marks = _highlight_marks(row.slots, r.highlight)
            cap = self.rich(self.text(r.caption), size="small", align="center") if r.caption else None
            self.rows.append((row, cap))
        if st.wall:
            row = self.host.add(TileRow(slots_for_text(st.wall)))
            self.rows.append((row, self.rich(_("A slice of the wall"), size="small", align="center")))
        self.table = TableDiagram(self, st.table) if st.table is not None else None
        self.extras = []
        if st.dora:
            self.extras.append((_("Dora indicator"), self.host.add(TileRow(slots_for_text(st.dora)))))
        # The winning situation under a scored hand (every flag of win:, wrapping).
        self.win_info = self.rich(self.win_line(st.win), size="small", align="center") if st.win is not None else None
        self.caption = self.rich(self.text(st.caption), align="center") if st.caption is not None else None
        self.facts = self.rich(self._facts_text(), size="body", align="center") if st.reveal else None

    def _facts_text(self) -> str:
        try:
            facts = answers.show_facts(self.step, self.lesson)
        except Exception as exc:  # a fact the engine cannot compute is named, not hidden
            return _("The engine cannot compute this: {error}").format(error=exc)
        parts = []
        for key in self.step.reveal:
            v = facts.get(key)
            if key == "waits":
                parts.append(_("Waits: {tiles}").format(tiles=_tiles_markup(v)))
            elif key == "shanten":
                parts.append(_("Shanten: {n}").format(n=v) if v >= 0 else _("The hand is complete"))
            elif key == "shape":
                parts.append(_("Shape: {names}").format(names=", ".join(f"{{term:{s}}}" for s in sorted(v))))
                named = [n for n in facts.get("named_shape", ()) if n not in v]
                if named and "named_shape" not in self.step.reveal:
                    # the compound the basic shapes make, e.g. kanchan + tanki = kantan
                    parts.append(_("As one shape: {names}").format(names=", ".join(f"{{term:{n}}}" for n in named)))
            elif key == "named_shape":
                # The engine's name for the whole wait (kantan, nobetan, sanmenchan, ...), or none.
                names = ", ".join(f"{{term:{n}}}" for n in v) if v else "—"
                parts.append(_("Named shape: {names}").format(names=names))
            elif key == "ukeire":
                if not facts.get("ukeire_tenpai", True):  # not tenpai yet: the tiles bring it a step closer
                    parts.append(ngettext("{n} tile brings it closer", "{n} tiles bring it closer", v).format(n=v))
                else:
                    parts.append(ngettext("{n} tile can complete it", "{n} tiles can complete it", v).format(n=v))
            elif key == "readings":
                parts.append(ngettext("{n} way to read it", "{n} ways to read it", v).format(n=v))
            elif key == "score":
                if v.get("yakuman"):
                    parts.append(ngettext("yakuman", "{n}x yakuman", v["yakuman"]).format(n=v["yakuman"])
                                 + " · " + points_text(v["points"]))
                else:
                    parts.append(_("{han} han, {fu} fu").format(han=v["han"], fu=v["fu"]))
            elif key == "fu_items":
                parts.append(_("{fu} fu").format(fu=v))
        return "   ·   ".join(parts)

    def layout(self, area: pygame.Rect) -> None:
        L = self.app.layout
        app = self.app
        y = area.top
        w = min(area.width, L.px(1000))
        x = area.centerx - w // 2
        if self.intro is not None:
            y += self.intro.place(app, x, y, w) + L.px(16)
        n_rows = max(1, len(self.rows) + len(self.extras) + (1 if self.table else 0))
        # Each row's panel reaches 12 px above and below its tiles; a caption goes below the panel.
        cap_h = app.line_height(L.font("small")) + L.px(14)
        overhead = L.px(30) + sum(cap_h for _row, cap in self.rows if cap is not None) // n_rows
        reserve = L.px(30) + (L.px(60) if self.facts is not None or self.caption is not None else 0)
        if self.win_info is not None:
            reserve += self.win_info.place(app, x, y, w) + L.px(12)
        free = area.bottom - y - reserve
        # Children's rows grow into the free space (curriculum §1.4: big tiles); the row's width
        # still shrinks them to fit.
        th = max(L.px(30), min(self.th(1.75 if self.child() else 1.1), free // n_rows - overhead))
        key = (area.left, area.width, area.bottom)
        if getattr(self, "_th_key", None) == key and area.top > self._th_top:
            th = self._th  # the centring pass only moves the diagram down: keep the tiles' size
        else:
            self._th_key, self._th_top, self._th = key, area.top, th
        self.card_rect = None
        for row, cap in self.rows:
            row.place(area.centerx, y, area.width - L.px(40), th)
            y = row.rect.bottom + L.px(8)
            if cap is not None:
                y += L.px(8)  # clear of the panel's edge
                y += cap.place(app, x, y, w) + L.px(10)
            y += L.px(10)
        for _label, row in self.extras:
            row.place(area.centerx + L.px(80), y, w // 2, round(th * 0.8))
            y = row.rect.bottom + L.px(14)
        if self.win_info is not None:
            y += self.win_info.place(app, x, y, w) + L.px(12)
        if self.table is not None:
            y = self.table.layout(pygame.Rect(area.left, y, area.width, area.bottom - y - L.px(60)))
        if self.caption is not None:
            y += self.caption.place(app, x, y + L.px(6), w) + L.px(16)
        if self.facts is not None:
            self.facts.place(app, x, y + L.px(6), w)

    def draw(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        for row, _cap in self.rows:
            draw_panel(surf, row.rect.inflate(L.px(36), L.px(24)), P.felt_dark, L.px(14), border=P.felt_line)
        for label, row in self.extras:
            blit_text(surf, self.app, label, L.font("small"), P.on_felt_muted,
                      (row.rect.left - L.px(16), row.rect.centery), anchor="midright")
        if self.facts is not None:
            r = self.facts.rect.inflate(L.px(40), L.px(18))
            draw_panel(surf, r, P.felt_dark, L.px(12), border=P.accent_dark)
        if self.table is not None:
            self.table.draw(surf)


def near_waits(row: TileRow, hand: Any) -> dict[int, str]:
    """Hint marks for the tiles of ``row`` that form the hand's waiting shapes (the first rung of
    the hint ladder: where to look).  The shapes come from the engine's wait report: for every
    winning tile and every reading, the group it completes, less the winning tile itself (34m of
    a ryanmen, 24m of a kanchan, the pair of a shanpon, the single of a tanki).  ``hand`` is a
    :class:`~trainer.engine.hand.Hand` or MPSZ text; a hand the engine cannot read gets no marks."""
    from trainer.engine.waits import wait_report

    try:
        h = parse_hand(hand, check_size=False) if isinstance(hand, str) else hand
        report = wait_report(h)
    except Exception:
        return {}
    want: dict[int, int] = {}
    for w in report.tiles:
        for r in w.readings:
            gi = r.placement.group_index
            if gi is None:
                continue
            kinds = list(r.reading.groups[gi].kinds())
            kinds.remove(w.kind)
            for k in set(kinds):
                want[k] = max(want.get(k, 0), kinds.count(k))
    marks = {}
    for i, s in enumerate(row.slots):
        if want.get(s.tile.kind, 0) > 0 and not s.face_down and s.group < 0:
            want[s.tile.kind] -= 1
            marks[i] = "hint"
    return marks


def _tiles_markup(kinds: Any) -> str:
    text = answers.kinds_text(sorted(kinds)) if kinds else ""
    return f"{{tiles:{text}}}" if text else "—"


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
            if seat.wind:
                label += " · " + view.app.term_text(WIND_NAMES[seat.wind])  # the term has its own brackets
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
        (the dora indicators are drawn as tiles below them)."""
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
        L = self.view.app.layout
        n = max(1, len(self.rows))
        cw, ch = self._center_size()
        gap = L.px(16)
        th = max(L.px(24), min(self.view.th(0.7), area.height // n - L.px(12)))
        label_w = L.px(250)
        y = area.top
        body_w = area.width - label_w - cw - gap
        # The hands and the rivers share the room by how many tiles they hold (river tiles are 0.8 tall).
        hand_u = max([self._units(h) for _l, h, _r in self.rows] + [1.0])
        river_u = max(self._units(r) for _l, _h, r in self.rows) * 0.8
        hand_w = round(body_w * hand_u / (hand_u + river_u)) if river_u else body_w
        river_w = body_w - hand_w
        for _label, hand, river in self.rows:
            if hand is not None:
                hand.place(area.left + label_w + hand_w // 2, y, hand_w - L.px(20), th)
            if river is not None:
                river.place(area.left + label_w + hand_w + river_w // 2, y + round(th * 0.1), river_w - L.px(20),
                            round(th * 0.8))
            y += th + L.px(12)
        rows_h = y - area.top - L.px(12)
        self.center = pygame.Rect(area.right - cw, area.top + max(0, (rows_h - ch) // 2), cw, ch)
        if self.dora is not None:
            self.dora.place(self.center.centerx, self.center.bottom - L.px(12) - L.px(32), cw - L.px(24), L.px(32))
        y = max(y, self.center.bottom + L.px(12))
        self.area = pygame.Rect(area.left, area.top, area.width, y - area.top)
        self.th = th
        return y

    def draw(self, surf: pygame.Surface) -> None:
        app = self.view.app
        L = app.layout
        y = self.area.top
        for label, _hand, _river in self.rows:
            blit_text(surf, app, label, L.font("small"), P.on_felt, (self.area.left, y + self.th // 2),
                      anchor="midleft", bold=True, max_width=L.px(240))
            y += self.th + L.px(12)
        c = self.center
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


# ---------------------------------------------------------------- quiz views


class QuizView(StepView):
    """Common parts of steps the learner answers: a prompt and a hand display."""

    quiz = True

    def build_prompt(self) -> None:
        self.prompt = self.rich(self.text(self.step.prompt), size="large")

    def place_prompt(self, area: pygame.Rect) -> int:
        L = self.app.layout
        return area.top + self.prompt.place(self.app, area.left, area.top, area.width) + L.px(14)



def tile_options(options: Any) -> bool:
    """Whether every option is a few tiles (at most four) and no text: drawn as big tile buttons."""
    if not options:
        return False
    for o in options:
        if not o.tiles or getattr(o, "text", None) is not None:
            return False
        try:
            if len(slots_for_text(o.tiles)) > 4:
                return False
        except Exception:
            return False
    return True


class ChoiceView(QuizView):
    """Options as numbered buttons; a single choice is checked as soon as it is picked."""

    def build(self) -> None:
        st = self.step
        self.build_prompt()
        self.hand_row = None
        if st.hand or st.tiles:
            self.hand_row = self.host.add(TileRow(slots_for_text(st.hand or st.tiles)))
        self.win = self.rich(self.win_line(st.win), size="small") if getattr(st, "win", None) else None
        self.buttons: list[OptionButton] = []
        self.big = self.child() or tile_options(st.options)
        for i, o in enumerate(st.options):
            label = self.text(o.text) if o.text is not None else (self._value_label(o.value) if not o.tiles else "")
            b = OptionButton(i, label, o.tiles or "", self._pick, toggle=st.multiple, big=self.big)
            self.buttons.append(self.host.add(b))

    def _value_label(self, value: str | None) -> str:
        if value in ("yes", "no"):
            return _("Yes") if value == "yes" else _("No")
        return f"{{term:{value}}}" if value else ""

    def _pick(self, i: int) -> None:
        b = self.buttons[i]
        if self.step.multiple:
            b.selected = not b.selected
        else:
            for other in self.buttons:
                other.selected = other is b
            self.host.check()

    def choose(self, n: int) -> bool:
        if 1 <= n <= len(self.buttons) and not self.buttons[n - 1].locked:
            self.buttons[n - 1].activate()
            return True
        return False

    def initial_focus(self) -> Any:
        return self.buttons[0] if self.buttons else None

    def response(self) -> Any:
        sel = [b.index for b in self.buttons if b.selected]
        if not sel:
            return None
        return frozenset(sel) if self.step.multiple else sel[0]

    def layout(self, area: pygame.Rect) -> None:
        self._layout(area, compact=False)
        if self.buttons and self.buttons[-1].rect.bottom > area.bottom:
            self._layout(area, compact=True)

    def _layout(self, area: pygame.Rect, compact: bool) -> None:
        L = self.app.layout
        y = self.place_prompt(area)
        if self.hand_row is not None:
            big = 1.35 if len(self.hand_row.slots) <= 5 else 1.0
            if compact:
                big *= 0.7
            self.hand_row.place(area.centerx, y + L.px(4 if compact else 8), area.width, self.th(big))
            y = self.hand_row.rect.bottom + L.px(12 if compact else 22)
        if self.win is not None:
            y += self.win.place(self.app, area.left, y, area.width) + L.px(10)
        if self.big:
            # Big tile buttons in a row, tiles at least the size of the hand's (curriculum §1.4).
            big_options_fit(self.app, self.buttons, area, y + L.px(6), self.th(1.6 if not compact else 1.1))
            return
        n = len(self.buttons)
        cols = 2 if n > 3 else 1
        gap = L.px(12)
        w = (area.width - gap * (cols - 1)) // cols if cols == 2 else min(area.width, L.px(760))
        heights = [b.measure(self.app, w) for b in self.buttons]
        rows = (n + cols - 1) // cols
        row_h = [max(heights[r * cols:(r + 1) * cols]) for r in range(rows)]
        if compact:
            gap = L.px(6)
            avail = area.bottom - y - gap * (rows - 1)
            if sum(row_h) > avail:
                row_h = [max(L.px(36), min(h, avail // max(1, rows))) for h in row_h]
        x0 = area.left if cols == 2 else area.centerx - w // 2
        for i, b in enumerate(self.buttons):
            r, c = divmod(i, cols)
            top = y + sum(row_h[:r]) + gap * r
            b.place(self.app, pygame.Rect(x0 + c * (w + gap), top, w, row_h[r]))

    def mark(self, feedback: Any, final: bool) -> None:
        right = feedback.expected if isinstance(feedback.expected, frozenset) else frozenset()
        for b in self.buttons:
            if b.selected:
                b.mark = "right" if b.index in right else (None if self.child() else "wrong")
            elif final and b.index in right:
                b.mark = "missed" if feedback.correct is False else "right"
        self.host.set_explain(self._explains())

    def _explains(self) -> str:
        lines = []
        for b in self.buttons:
            o = self.step.options[b.index]
            if b.selected and o.explain is not None:
                lines.append(self.text(o.explain))
        return BR.join(lines)

    def clear_marks(self) -> None:
        for b in self.buttons:
            b.mark = None
            b.selected = False

    def lock(self, locked: bool) -> None:
        for b in self.buttons:
            b.locked = locked

    def hint(self, level: int) -> str:
        if level == 1 and self.hand_row is not None and self.step.ask in ("shape", "tenpai"):
            if self.step.variant is not None:
                return ""  # a training variant reads the hand its own way: no engine shapes to show
            marks = near_waits(self.hand_row, self.step.hand)
            if marks:
                self.hand_row.marks = marks
                return _("Look at the highlighted tiles: the hand waits around them.")
        if level >= 2:
            try:
                right = self.answer().value
            except Exception:
                return ""
            wrong = [b for b in self.buttons if b.index not in right and not b.selected]
            random.Random(self.lesson.id).shuffle(wrong)
            for b in wrong[: max(1, len(wrong) // 2)]:
                b.locked = True
                b.mark = "wrong"
            return _("Some wrong options are crossed out.")
        return ""


class PickTilesView(QuizView):
    """Click tiles: from a palette (waits, dora, sets) or from the shown tiles (discard, match)."""

    def build(self) -> None:
        st = self.step
        self.build_prompt()
        self.shown: TileRow | None = None
        self.shown_label = ""
        ask = st.ask
        if ask in ("waits",):
            self.shown = self.host.add(TileRow(slots_for_text(st.hand)))
            tiles = list(parse_hand(st.hand, check_size=False).all_tiles())
            suits = suits_of(tiles) or ["m"]
            if st.variant is not None and st.variant.dragons != "normal":
                # Dragons as tens or jokers stand for number tiles of their own suit, so a winning
                # tile may be a dragon or of a suit the hand does not show: offer every tile (the
                # palette must not hint at the answer by which rows it has).
                suits = ["m", "p", "s", "z"]
            slots, breaks = palette_slots(suits)
            self.picker = self.host.add(TileRow(slots, lines=breaks, pickable=True, on_change=self._changed))
        elif ask == "dora":
            self.shown = self.host.add(TileRow(slots_for_text(st.dora)))
            self.shown_label = _("Dora indicator")
            slots, breaks = palette_slots(["m", "p", "s", "z"])
            self.picker = self.host.add(TileRow(slots, lines=breaks, pickable=True, on_change=self._changed))
        elif ask == "complete_set":
            self.shown = self.host.add(TileRow(slots_for_text(st.tiles)))
            tiles = list(parse_tiles(st.tiles))
            slots, breaks = palette_slots(suits_of(tiles))
            self.picker = self.host.add(TileRow(slots, lines=breaks, pickable=True, on_change=self._changed))
        elif ask == "discard":
            if st.visible:  # the tiles already seen change which discard keeps the most live tiles
                self.shown = self.host.add(TileRow(slots_for_text(st.visible)))
                self.shown_label = _("Already seen:")
            self.picker = self.host.add(TileRow(slots_for_text(st.hand), pickable=True, multi=False,
                                                on_change=self._changed))
        else:  # match: pick among the row itself
            self.picker = self.host.add(TileRow(slots_for_text(st.tiles), pickable=True, on_change=self._changed))
        self.count_text = ""
        self.note: RichBlock | None = None
        if ask in ("waits", "discard") and answers.by_rank(st.variant):
            # Graded by rank (trainer.lessons.answers): say so, or a learner hunts for the "right" suit.
            self.note = self.rich(_("Suits don't matter here: mark the numbers. Any suit of a right number "
                                    "counts."), size="small", align="center")

    def _changed(self, sel: set[int]) -> None:
        self.app.invalidate()

    def initial_focus(self) -> Any:
        return self.picker

    def response(self) -> Any:
        if not self.picker.selected:
            return None
        return [self.picker.slots[i].tile for i in sorted(self.picker.selected)]

    def empty_message(self) -> str:
        return _("Pick at least one tile first.")

    def layout(self, area: pygame.Rect) -> None:
        L = self.app.layout
        y = self.place_prompt(area)
        kid = self.child()
        lines = len(self.picker._lines())
        if self.shown is not None:
            th = self.th()
            if kid:  # big tiles for children, leaving the palette room for its lines
                th = max(th, min(self.th(1.5), (area.bottom - y - L.px(60)) // (2 + lines)))
            self.shown.place(area.centerx, y + L.px(8), area.width - L.px(200), th)
            y = self.shown.rect.bottom + L.px(28)
        note_h = 0
        if self.note is not None:
            note_h = self.note.place(self.app, area.left, area.bottom, area.width) + L.px(16)
        avail = area.bottom - y - L.px(10) - note_h
        cap = self.th(0.85 if lines > 1 else 1.15)
        if kid:
            cap = self.th(1.3 if lines > 1 else 2.0)
        th = min(cap, max(L.px(28), avail // max(1, lines) - L.px(14) - (round(cap * 0.2) if kid else 0)))
        self.picker.place(area.centerx, y + L.px(8), area.width, th)
        if self.note is not None:
            self.note.place(self.app, area.left, self.picker.rect.bottom + L.px(14), area.width)

    def draw(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        if self.shown is not None:
            draw_panel(surf, self.shown.rect.inflate(L.px(36), L.px(24)), P.felt_dark, L.px(14), border=P.felt_line)
            if self.shown_label:
                blit_text(surf, self.app, self.shown_label, L.font("small"), P.on_felt_muted,
                          (self.shown.rect.left - L.px(30), self.shown.rect.centery), anchor="midright")

    def by_rank(self) -> bool:
        """Whether this step is graded by rank (suits ignored), as :func:`answers.grade` decides."""
        return self.step.ask in ("waits", "discard") and answers.by_rank(self.step.variant)

    def _cls(self, kind: int) -> Any:
        """A tile as the grader compares it: its rank class when graded by rank, else its kind."""
        return answers.rank_class(kind, self.step.variant) if self.by_rank() else kind

    def mark(self, feedback: Any, final: bool) -> None:
        right_kinds = feedback.expected if isinstance(feedback.expected, frozenset) else frozenset()
        right = {self._cls(k) for k in right_kinds}
        marks = {}
        for i in self.picker.selected:
            ok = self._cls(self.picker.slots[i].tile.kind) in right
            if ok or not self.child():  # a child's wrong pick stays lifted, not painted red
                marks[i] = "right" if ok else "wrong"
        if final and not (self.step.ask == "discard" and feedback.correct):
            picked = {self._cls(self.picker.slots[i].tile.kind) for i in self.picker.selected}
            for i, s in enumerate(self.picker.slots):
                c = self._cls(s.tile.kind)
                if c in right and i not in marks and not (self.by_rank() and c in picked):
                    marks[i] = "hint"
        self.picker.marks = marks

    def clear_marks(self) -> None:
        # The learner's picks stay for the retry; only the right/wrong marks go.
        self.picker.marks = {}

    def lock(self, locked: bool) -> None:
        self.picker.locked = locked

    def hint(self, level: int) -> str:
        st = self.step
        if level == 1 and self.shown is not None and st.ask == "waits":
            marks = near_waits(self.shown, st.hand) if st.variant is None else {}
            if not marks:
                return ""
            self.shown.marks = marks
            return _("Look at the highlighted tiles: the hand waits around them.")
        if level >= 2:
            try:
                right = self.answer().value
            except Exception:
                return ""
            if self.by_rank():
                n = len({self._cls(k) for k in right})
                return ngettext("There is {n} right number.", "There are {n} right numbers.", n).format(n=n)
            n = len(right)
            return ngettext("There is {n} right tile.", "There are {n} right tiles.", n).format(n=n)
        return ""


class NumberView(QuizView):
    """Type a number (keyboard digits or the on-screen keypad)."""

    def build(self) -> None:
        st = self.step
        self.build_prompt()
        self.hand_row = self.host.add(TileRow(slots_for_text(st.hand)))
        self.info = None
        bits = []
        if st.win is not None:
            bits.append(self.win_line(st.win))
        elif st.dora:
            bits.append(_("Dora indicator") + " {tiles:" + st.dora + "}")
        if st.visible:
            bits.append(_("Already seen:") + " {tiles:" + st.visible + "}")
        if bits:
            self.info = self.rich(" · ".join(bits), size="small", align="center")
        negative = st.ask == "shanten"  # a complete hand is shanten -1
        self.field = self.host.add(NumberField(max_len=6, placeholder=_("Type a number"), allow_negative=negative))
        self.keys = [self.host.add(Button(str(d), lambda d=d: self._key(str(d)), size="large")) for d in range(10)]
        if negative:
            self.keys.insert(0, self.host.add(Button("−", lambda: self._key("-"), size="large")))
        self.keys.append(self.host.add(Button("⌫", lambda: self._key("back"), size="large")))

    def _key(self, k: str) -> None:
        if self.field.state is not None and self.field.state != "wrong":
            return
        if k == "back":
            self.field.text = self.field.text[:-1]
        elif k == "-":
            if not self.field.text:
                self.field.text = "-"
        elif len(self.field.text) < self.field.max_len:
            self.field.text += k
        self.host.set_focus(self.field)

    def initial_focus(self) -> Any:
        return self.field

    def response(self) -> Any:
        return self.field.value()

    def empty_message(self) -> str:
        return _("Type a number first.")

    def layout(self, area: pygame.Rect) -> None:
        L = self.app.layout
        y = self.place_prompt(area)
        self.hand_row.place(area.centerx, y + L.px(8), area.width, self.th())
        y = self.hand_row.rect.bottom + L.px(24)
        if self.info is not None:
            y += self.info.place(self.app, area.left, y, area.width) + L.px(14)
        fw = L.px(220)
        self.field.rect = pygame.Rect(area.centerx - fw // 2, y, fw, L.px(64))
        y = self.field.rect.bottom + L.px(16)
        kw = L.px(60)
        gap = L.px(8)
        total = len(self.keys) * kw + (len(self.keys) - 1) * gap
        x = area.centerx - total // 2
        for b in self.keys:
            b.rect = pygame.Rect(x, y, kw, L.px(52))
            x += kw + gap

    def draw(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        draw_panel(surf, self.hand_row.rect.inflate(L.px(36), L.px(24)), P.felt_dark, L.px(14), border=P.felt_line)

    def mark(self, feedback: Any, final: bool) -> None:
        self.field.state = "right" if feedback.correct else "wrong"
        if final and not feedback.correct:
            self.host.set_explain(_("The answer is {n}.").format(n=feedback.expected))

    def clear_marks(self) -> None:
        self.field.state = None
        self.field.text = ""

    def lock(self, locked: bool) -> None:
        self.field.enabled = not locked
        for k in self.keys:
            k.enabled = not locked

    def hint(self, level: int) -> str:
        """Level 2 narrows the answer to a range of three numbers around it."""
        if level < 2:
            return ""
        try:
            value = int(self.answer().value)
        except Exception:
            return ""
        shift = random.Random(f"{self.lesson.id}:{self.step.id}").randint(0, 2)
        lo = value - shift
        return _("The answer is between {lo} and {hi}.").format(lo=lo, hi=lo + 2)


class FuView(QuizView):
    """Count the fu items of a won hand with chips; the sum and the rounded total update live."""

    def build(self) -> None:
        st = self.step
        self.build_prompt()
        self.hand_row = self.host.add(TileRow(slots_for_text(st.hand)))
        self.info = self.rich(self.win_line(st.win), size="small", align="center")
        values = fu_chip_values(getattr(self.lesson, "preset", "tenhou"), self._scored())
        self.chips = [self.host.add(CounterChip(fid, fu_name(fid), v, self._changed)) for fid, v in values.items()]

    def _scored(self) -> list[tuple[str, int]]:
        """The engine's (id, fu) items for this hand ([] when it cannot score it: the error shows on Check)."""
        try:
            return [(i["id"], i["fu"]) for i in self.answer().explanation]
        except Exception:
            return []

    def _changed(self) -> None:
        self.app.invalidate()

    def initial_focus(self) -> Any:
        return self.chips[0]

    def _items(self) -> list[tuple[str, int]]:
        out = []
        for c in self.chips:
            out.extend([(c.key, c.value)] * c.count)
        return out

    def total(self) -> tuple[int, int]:
        """(raw sum, the engine's rounding) of the chosen items; seven pairs stay at 25."""
        return fu_chip_total(self.chips)

    def response(self) -> Any:
        items = self._items()
        return items if items else None

    def empty_message(self) -> str:
        return _("Add the fu items first.")

    def layout(self, area: pygame.Rect) -> None:
        L = self.app.layout
        y = self.place_prompt(area)
        self.hand_row.place(area.centerx, y, area.width, self.th(0.8))
        y = self.hand_row.rect.bottom + L.px(10)
        y += self.info.place(self.app, area.left, y, area.width) + L.px(12)
        cols = 3
        gap = L.px(6)
        w = (area.width - gap * (cols - 1)) // cols
        shown = [c for c in self.chips if c.visible]
        rows = max(1, (len(shown) + cols - 1) // cols)
        sum_h = self.app.line_height(L.font("large")) + L.px(8)
        h = max(L.px(20), min(L.px(40), (area.bottom - y - sum_h) // rows - gap))
        for i, c in enumerate(shown):
            r, col = divmod(i, cols)
            c.rect = pygame.Rect(area.left + col * (w + gap), y + r * (h + gap), w, h)
        self.sum_pos = (area.centerx, y + rows * (h + gap) + L.px(6))

    def draw(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        draw_panel(surf, self.hand_row.rect.inflate(L.px(36), L.px(20)), P.felt_dark, L.px(14), border=P.felt_line)
        raw, rounded = self.total()
        blit_text(surf, self.app, _("Sum: {raw} fu → rounded: {fu} fu").format(raw=raw, fu=rounded),
                  L.font("large"), P.on_felt, self.sum_pos, anchor="midtop", bold=True)

    def mark(self, feedback: Any, final: bool) -> None:
        want: dict[str, int] = {}
        for i in feedback.explanation:
            if i.get("kind") == "fu":
                want[i["id"]] = want.get(i["id"], 0) + 1
        for c in self.chips:
            if c.count and want.get(c.key, 0) == c.count:
                c.mark = "right"
            elif c.count:
                c.mark = "wrong"
            elif final and want.get(c.key):
                c.mark = "missed"
            # After the last try only the chips that matter stay, so the explanation fits.
            c.visible = not final or bool(c.count or c.mark)

    def clear_marks(self) -> None:
        for c in self.chips:
            c.mark = None
            c.visible = True

    def lock(self, locked: bool) -> None:
        for c in self.chips:
            c.locked = locked

    def hint(self, level: int) -> str:
        if level >= 2:
            return _("Every win starts with 20 fu; a closed ron adds 10.")
        return ""


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

    def choose(self, n: int) -> bool:
        if self.ask == "boxes" and 1 <= n <= len(self.box_buttons):
            self._drop(n - 1)
            return True
        return False

    def initial_focus(self) -> Any:
        return self.row if self.row is not None else (self.cards[0] if self.cards else None)

    def response(self) -> Any:
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
        return _("Put every item into a box first.")

    def layout(self, area: pygame.Rect) -> None:
        L = self.app.layout
        y = self.place_prompt(area)
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
            free -= L.px(44) + L.px(6) + self.th(0.6) * 2 + L.px(22) + L.px(40)
        cached = getattr(self, "_kid_th", None)
        th = max(self.th(), min(self.th(1.9), free))
        if cached is not None and cached[0] == (area.left, area.width, area.bottom) and area.top > cached[1]:
            return cached[2]  # the centring pass only moves the step down: keep the tiles' size
        self._kid_th = ((area.left, area.width, area.bottom), area.top, th)
        return th

    def _box_lines(self) -> int:
        """Lines the fullest box needs (at least two, so a box never looks full)."""
        counts = [sum(1 for b in self.box_of if b == bi) for bi in range(len(self.box_buttons))]
        return max([2, *counts])

    def _layout_boxes(self, area: pygame.Rect, y: int) -> None:
        """Cards still to sort (one column, or two when one does not fit), then a row of boxes,
        all above ``area.bottom``; at worst the cards shrink."""
        L = self.app.layout
        app = self.app
        label_h = L.px(44)
        if self.row is not None:
            inner = self.th(0.6) * 2 + L.px(22)  # two lines of tiles
        else:
            inner = self._box_lines() * app.line_height(L.font("small")) + L.px(18)
        box_h = label_h + L.px(6) + max(L.px(60), inner)
        if self.cards:
            for i, c in enumerate(self.cards):
                c.visible = self.box_of[i] < 0
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
            self.row.dim = {i for i, b in enumerate(self.box_of) if b >= 0}
        n = len(self.box_buttons)
        gap = L.px(14)
        bw = (area.width - gap * (n - 1)) // max(1, n)
        top = min(y + L.px(8), area.bottom - box_h)
        self.box_area_h = max(L.px(60), area.bottom - top - label_h - L.px(6))
        self._box_rects = []
        for i, b in enumerate(self.box_buttons):
            b.rect = pygame.Rect(area.left + i * (bw + gap), top, bw, label_h)
            self._box_rects.append(pygame.Rect(b.rect.left, b.rect.bottom + L.px(6), bw, self.box_area_h))
        self.box_top = top

    def box_rects(self) -> list[pygame.Rect]:
        """Where each box's contents are drawn (below its label button)."""
        return list(getattr(self, "_box_rects", []))

    def draw(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        app = self.app
        if self.row is not None:
            draw_panel(surf, self.row.rect.inflate(L.px(36), L.px(30)), P.felt_dark, L.px(14), border=P.felt_line)
        if self.ask == "split":
            from trainer.ui.screens.tileview import draw_tile_string

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
            th = self.th(0.6)
            clip = surf.get_clip()
            for bi, area in enumerate(self.box_rects()):
                surf.set_clip(clip)
                draw_panel(surf, area, P.felt_dark, L.px(12), border=P.felt_line)
                surf.set_clip(area.inflate(-L.px(4), -L.px(4)).clip(clip))
                items = [i for i, x in enumerate(self.box_of) if x == bi]
                x, y = area.left + L.px(8), area.top + L.px(8)
                for i in items:
                    if self.row is not None:
                        from trainer.ui.screens.tileview import tile_image

                        img = tile_image(app, self.row.slots[i], th, self._box_marks.get(i) if hasattr(self, "_box_marks") else None)
                        if x + img.get_width() > area.right - L.px(8):
                            x, y = area.left + L.px(8), y + th + L.px(6)
                        surf.blit(img, (x, y))
                        x += img.get_width() + L.px(4)
                    else:
                        c = self.cards[i]
                        col = {"right": P.right, "wrong": P.wrong}.get(getattr(self, "_box_marks", {}).get(i, ""), P.on_felt)
                        from trainer.ui.richtext import plain_text
                        from trainer.ui.widgets import fit_line

                        line = fit_line(app, plain_text(c.text, app), L.font("small"), area.width - L.px(16))
                        blit_text(surf, app, line, L.font("small"), col, (x, y))
                        y += app.line_height(L.font("small"))
            surf.set_clip(clip)

    def mark(self, feedback: Any, final: bool) -> None:
        if self.ask == "sort":
            want = list(feedback.expected)
            self.row.marks = {i: ("right" if s.tile.kind == want[i].kind else self.miss())
                              for i, s in enumerate(self.row.slots)}
        elif self.ask == "order":
            for c in self.cards:
                c.mark = "right" if self.order[c.index] == c.index else "wrong"
        elif self.ask == "boxes":
            want = list(feedback.expected)
            self._box_marks = {i: ("right" if b == want[i] else self.miss()) for i, b in enumerate(self.box_of)}
        if final and not feedback.correct and feedback.display:
            self.host.set_explain(_("One right answer: {answer}").format(
                answer="{tiles:" + feedback.display + "}" if self.ask in ("sort",) else feedback.display))

    def clear_marks(self) -> None:
        if self.row is not None:
            self.row.marks = {}
        for c in self.cards:
            c.mark = None
        self._box_marks = {}

    def lock(self, locked: bool) -> None:
        if self.row is not None:
            self.row.locked = locked
        for c in self.cards:
            c.locked = locked
        for b in self.box_buttons:
            b.enabled = not locked

    def hint(self, level: int) -> str:
        if self.ask == "sort" and level >= 1:
            return _("Order: characters, dots, bamboo, then honors; numbers go up.")
        if self.ask == "split" and level >= 2:
            try:
                return _("One way: {reading}").format(reading=self.answer().display) if level >= 3 else _(
                    "A complete hand is four sets and a pair.")
            except Exception:
                return ""
        return ""


def make_view(host: LessonScreen, step: Any, lesson: Any) -> StepView:
    """The view for a step (drill and play steps are provided by the lesson screen)."""
    cls = {
        "text": TextView, "show": ShowView, "choice": ChoiceView, "pick_tiles": PickTilesView,
        "number": NumberView, "fu_breakdown": FuView, "arrange": ArrangeView,
    }.get(step.kind)
    if cls is None:
        from trainer.ui.screens.lesson_extra import extra_view

        return extra_view(host, step, lesson)
    return cls(host, step, lesson)
