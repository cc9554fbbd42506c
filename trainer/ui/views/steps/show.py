"""The "show" step: a hand or a table diagram with the facts the lesson reveals about it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from trainer.i18n import _, fu_text, han_text, ngettext, points_text
from trainer.lessons import answers
from trainer.ui.richtext import BR
from trainer.ui.theme import PALETTE
from trainer.ui.tileview import TileRow, slots_for_text
from trainer.ui.views.inputs import RichBlock
from trainer.ui.views.steps.base import StepView, hand_slots, highlight_marks
from trainer.ui.views.steps.table_diagram import TableDiagram, tiles_markup
from trainer.ui.widgets import blit_text, draw_panel

P = PALETTE


# ---------------------------------------------------------------- show


def _hand_of(step: Any) -> str:
    return getattr(step, "hand", None) or ""


def fu_item_lines(items: Sequence[tuple[str, int]], total: int) -> list[str]:
    """A ``fu_items`` fact in the words of a fu question's working (:func:`~trainer.ui.views.explain.fu_only`):
    the items with their fu on one wrapping line, then the sum and the rounding ("Total: 34 → 40 fu");
    a seven-pairs hand's one fixed item alone; nothing for a hand with no fu items (thirteen orphans)."""
    from trainer.ui.views.explain import explain_item, fu_only

    working = fu_only([{"kind": "fu", "id": fid, "fu": fu} for fid, fu in items], total if items else None)
    fu = [t for i in working if i["kind"] == "fu" and (t := explain_item(i))]
    rest = [t for i in working if i["kind"] != "fu" and (t := explain_item(i))]
    return [t for t in ("   ·   ".join(fu), *rest) if t]


def score_lines(score: dict[str, Any], with_fu: bool = True) -> list[str]:
    """A ``score`` fact: the yaku with their han (and the dora) on one line, then the total: the
    han, the fu (left out when ``with_fu`` is False: the fu items above already end with them),
    the limit and the points; a yakuman hand in yakuman.  Each figure is said once."""
    from trainer.ui.views.explain import explain_item

    yaku = [explain_item({"kind": "yaku", "id": yid, "han": 0 if yakuman else han})
            for yid, han, yakuman in score.get("yaku", ())]
    if score.get("dora"):
        yaku.append(explain_item({"kind": "dora", "count": score["dora"], "nuki": score.get("nuki", 0)}))
    out = ["   ·   ".join(t for t in yaku if t)] if yaku else []
    if score.get("yakuman"):
        n = score["yakuman"]
        out.append(ngettext("yakuman", "{n}x yakuman", n).format(n=n) + " — " + points_text(score["points"]))
        return out
    # TRANSLATORS: {han} and {fu} are counted words ("3 han", "40 fu").
    total = _("{han}, {fu}").format(han=han_text(score["han"]), fu=fu_text(score["fu"])) if with_fu \
        else han_text(score["han"])
    if score.get("limit"):
        total += " — {term:" + score["limit"] + "}"
    out.append(total + " — " + points_text(score["points"]))
    return out


class ShowView(StepView):
    """A diagram: a hand, rows of tiles, a wall slice or a table, with the facts the engine reveals."""

    def build(self) -> None:
        st = self.step
        self.intro = self.rich(self.text(st.text)) if st.text is not None else None
        self.rows: list[tuple[TileRow, RichBlock | None]] = []
        if st.hand:
            row = self.host.add(TileRow(hand_slots(st.hand, st.win)))
            row.marks = highlight_marks(row.slots, st.highlight, win=st.win)
            self.rows.append((row, None))
        if st.tiles:
            row = self.host.add(TileRow(slots_for_text(st.tiles)))
            if not st.hand:
                row.marks = highlight_marks(row.slots, st.highlight)
            self.rows.append((row, None))
        for r in st.rows:
            row = self.host.add(TileRow(slots_for_text(r.tiles)))
            row.marks = highlight_marks(row.slots, r.highlight)
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
        # An MCR score lists many fans with their Chinese names: the smaller print keeps it on screen.
        size = "small" if "mcr_score" in st.reveal else "body"
        self.facts = self.rich(self._facts_text(), size=size, align="center") if st.reveal else None

    def _facts_text(self) -> str:
        try:
            facts = answers.show_facts(self.step, self.lesson)
        except Exception as exc:  # a fact the engine cannot compute is named, not hidden
            return _("The engine cannot compute this: {error}").format(error=exc)
        parts: list[str] = []  # the short facts, on one line
        lines: list[str] = []  # the score and the fu items, each on lines of their own under it
        for key in self.step.reveal:
            v = facts.get(key)
            if key == "waits":
                parts.append(_("Waits: {tiles}").format(tiles=tiles_markup(v)))
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
                lines.extend(score_lines(v, with_fu="fu_items" not in self.step.reveal))
            elif key == "fu_items":
                lines.extend(fu_item_lines(v, facts.get("fu_total", 0)))
            elif key == "mcr_waits":
                parts.append(_("Waits: {tiles}").format(tiles=tiles_markup(v)))
            elif key == "mcr_score":
                from trainer.ui.mcr_texts import score_summary

                return BR.join([*parts, *lines, score_summary(v["items"])])
        return BR.join(t for t in ("   ·   ".join(parts), *lines) if t)

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
        if self.facts is not None:  # a long list of facts takes its room from the tiles, not the buttons
            reserve += max(0, self.facts.place(app, x, y, w) - L.px(60))
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
