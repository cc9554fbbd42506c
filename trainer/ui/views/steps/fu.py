"""The "fu_breakdown" step: count the fu items of a won hand with chips."""

from __future__ import annotations

from typing import Any

import pygame

from trainer.i18n import _
from trainer.ui.theme import PALETTE
from trainer.ui.tileview import TileRow
from trainer.ui.views.explain import fu_name
from trainer.ui.views.inputs import CounterChip, fu_chip_total, fu_chip_values, fu_sum_size, place_fu_chips
from trainer.ui.views.steps.base import QuizView, hand_slots
from trainer.ui.widgets import blit_text, draw_panel

P = PALETTE


def fu_sum_text(raw: int, rounded: int, answer_fu: int | None = None) -> str:
    """The big line under fu chips: the running sum (``raw``, ``rounded`` by the engine) while the
    learner counts; once the answer is shown after a miss (``answer_fu``) the hand's fu first, with
    the learner's own count beside it, labelled as theirs."""
    if answer_fu is None:
        return _("Sum: {raw} fu → rounded: {fu} fu").format(raw=raw, fu=rounded)
    if not raw:
        return _("Answer: {right} fu").format(right=answer_fu)
    return _("Answer: {right} fu (yours: {mine} fu)").format(right=answer_fu, mine=rounded)


class FuView(QuizView):
    """Count the fu items of a won hand with chips; the sum and the rounded total update live."""

    def build(self) -> None:
        st = self.step
        self.build_prompt()
        self.hand_row = self.host.add(TileRow(hand_slots(st.hand, getattr(st, "win", None))))
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
        self._layout(area, compact=False)
        if self.reserved_rect.bottom > area.bottom:
            # The chips and the sum would run under the feedback panel: smaller hand tiles first.
            self._layout(area, compact=True)

    def _layout(self, area: pygame.Rect, compact: bool) -> None:
        L = self.app.layout
        y = self.place_prompt(area)
        self.hand_row.place(area.centerx, y, area.width, self.th(0.55 if compact else 0.8))
        y = self.hand_row.rect.bottom + L.px(6 if compact else 10)
        y += self.info.place(self.app, area.left, y, area.width) + L.px(6 if compact else 12)
        # The running sum is painted, not a widget: its rectangle keeps the feedback panel off it.
        self.reserved_rect = place_fu_chips(self.app, self.chips, area, y, L.px(6))
        self.sum_pos = self.reserved_rect.midtop

    answer_fu: int | None = None
    """The hand's fu once the answer is shown after a miss (the big line then gives it, not the
    learner's running sum)."""

    def sum_line(self) -> str:
        """The big line under the chips (:func:`fu_sum_text`)."""
        return fu_sum_text(*self.total(), self.answer_fu)

    def draw(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        draw_panel(surf, self.hand_row.rect.inflate(L.px(36), L.px(20)), P.felt_dark, L.px(14), border=P.felt_line)
        size = fu_sum_size(self.app, self.reserved_rect)
        text = self.sum_line()
        if self.app.text_width(text, size, True) > self.reserved_rect.width:
            size = min(size, L.font("body"))
        blit_text(surf, self.app, text, size, P.accent if self.answer_fu is not None else P.on_felt, self.sum_pos,
                  anchor="midtop", bold=True)

    def mark(self, feedback: Any, final: bool) -> None:
        if final and not feedback.correct and isinstance(feedback.expected, int):
            self.answer_fu = feedback.expected
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
        self.answer_fu = None
        for c in self.chips:
            c.mark = None
            c.visible = True

    def lock(self, locked: bool) -> None:
        self.locked = locked
        for c in self.chips:
            c.locked = locked

    def state(self) -> dict[str, Any]:
        """Each chip's count, mark and whether it is shown, the hand's fu once the answer is shown,
        whether the answer is locked."""
        return {"chips": [(c.count, c.mark, c.visible) for c in self.chips], "answer_fu": self.answer_fu,
                "locked": self.locked}

    def restore(self, state: dict[str, Any]) -> None:
        """Put back what :meth:`state` kept, on this view of the same step."""
        for c, (count, mark, visible) in zip(self.chips, state["chips"], strict=False):
            c.count, c.mark, c.visible = count, mark, visible
        self.answer_fu = state["answer_fu"]
        self.lock(state["locked"])

    def hint(self, level: int) -> str:
        if level >= 2:
            return _("Every win starts with 20 fu; a closed ron adds 10.")
        return ""
