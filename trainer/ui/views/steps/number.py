"""The "number" step: type a number (shanten, fu, points) on the keyboard or keypad."""

from __future__ import annotations

import random
from typing import Any

import pygame

from trainer.i18n import _, format_number, pgettext
from trainer.ui.theme import PALETTE
from trainer.ui.tileview import TileRow
from trainer.ui.views.steps.base import QuizView, hand_slots, restore_row, row_state
from trainer.ui.widgets import Button, NumberField, draw_panel

P = PALETTE

LOWEST_ANSWER: dict[str, int | None] = {"shanten": -1, "mcr_shanten": -1, "mcr_points": None, "han": 1,
                                        "waits_count": 1, "fu": 20}
"""The least answer an ``ask`` can have, for the second hint's range: a complete hand's shanten is
-1, a won hand has a han, a ready hand a winning tile, a false win's MCR points have no floor (None);
every other ask counts from 0.  The range never reads "from -1 to 1 han"."""

ANSWER_STEP: dict[str, int] = {"points": 100, "fu": 10}
"""The step between an ``ask``'s possible answers, for the second hint's range (1 when not listed):
points go by the hundred and fu by ten, so a range of three answers reads «от 3 800 до 4 000», never
«от 3 899 до 3 901», which is the answer itself."""


class NumberView(QuizView):
    """Type a number (keyboard digits or the on-screen keypad)."""

    def build(self) -> None:
        st = self.step
        self.build_prompt()
        self.hand_row = self.host.add(TileRow(hand_slots(st.hand, getattr(st, "win", None))))
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
        negative = st.ask in ("shanten", "mcr_shanten", "mcr_points")  # complete: shanten -1; a false win pays
        # TRANSLATORS: the first is for a 6-year-old (ru: «ты»: «Напиши число»).
        hint = _("Type the number") if self.child() else _("Type a number")
        self.field = self.host.add(NumberField(max_len=6, placeholder=hint, allow_negative=negative))
        self.keys = [self.host.add(Button(str(d), lambda d=d: self._key(str(d)), size="large")) for d in range(10)]
        if negative:
            self.keys.insert(0, self.host.add(Button("−", lambda: self._key("-"), size="large")))
        self.keys.append(self.host.add(Button("⌫", lambda: self._key("back"), size="large")))

    def _key(self, k: str) -> None:
        if self.field.state not in (None, "wrong", "soft"):
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
        self._place_keypad(area)

    def _place_keypad(self, area: pygame.Rect) -> None:
        """The keypad under the answer box, always above ``area.bottom`` (the feedback panel under
        the step keeps its border clear): under the box, closer when room is short, else in one row
        beside it (the box moves left so the two stay centred)."""
        L = self.app.layout
        kw, kh, gap = L.px(60), L.px(52), L.px(8)
        total = len(self.keys) * kw + (len(self.keys) - 1) * gap
        field = self.field.rect
        top = next((field.bottom + below for below in (L.px(16), L.px(8)) if field.bottom + below + kh <= area.bottom),
                   None)
        shown = any(k.visible for k in self.keys)  # hidden once the answer is final: the box stays centred
        if top is not None or not shown or field.width + L.px(16) + total > area.width:
            x = area.centerx - total // 2
            top = field.bottom + L.px(16) if top is None else top
        else:  # beside the box: the box and the keys side by side, centred together
            field.left = area.centerx - (field.width + L.px(16) + total) // 2
            x = field.right + L.px(16)
            top = field.centery - kh // 2
        for b in self.keys:
            b.rect = pygame.Rect(x, top, kw, kh)
            x += kw + gap

    def draw(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        draw_panel(surf, self.hand_row.rect.inflate(L.px(36), L.px(24)), P.felt_dark, L.px(14), border=P.felt_line)

    def mark(self, feedback: Any, final: bool) -> None:
        # A child's miss gets the calm hint colour, never a red box (curriculum §1.4).
        self.field.state = "right" if feedback.correct else ("soft" if self.child() else "wrong")
        if final:
            # Nothing more to type: the keypad steps aside so the explanation has its room.
            for k in self.keys:
                k.visible = False
        if final and not feedback.correct:
            self.host.set_answer(self.answer_line(feedback.expected))

    def answer_line(self, expected: Any) -> str:
        """The right number said after the last miss: the adults' «Ответ: 2.», a child's own
        sentence («Правильно будет 2.», never the adults' terse form; the children's working under
        it shows the tiles)."""
        shown = format_number(expected) if isinstance(expected, int | float) else expected  # −1, not -1
        if self.child():
            # TRANSLATORS: to a 6-year-old after the last try (ru: «Правильно будет {n}.», warm, no «Ответ:»).
            return pgettext("to a child", "The right number is {n}.").format(n=shown)
        return _("The answer is {n}.").format(n=shown)

    def clear_marks(self) -> None:
        self.field.state = None
        self.field.text = ""
        for k in self.keys:
            k.visible = True

    def lock(self, locked: bool) -> None:
        self.locked = locked
        self.field.enabled = not locked
        for k in self.keys:
            k.enabled = not locked

    def state(self) -> dict[str, Any]:
        """The number typed and how it is marked (a comma refused in it too), whether the keypad
        is shown (hidden once the answer is final), whether the answer is locked."""
        f = self.field
        return {"text": f.text, "box": f.state, "cut": f._cut_at, "keys": [k.visible for k in self.keys],
                "hand": row_state(self.hand_row), "locked": self.locked}

    def restore(self, state: dict[str, Any]) -> None:
        """Put back what :meth:`state` kept, on this view of the same step."""
        self.field.text, self.field.state, self.field._cut_at = state["text"], state["box"], state["cut"]
        for k, visible in zip(self.keys, state["keys"], strict=False):
            k.visible = visible
        restore_row(self.hand_row, state["hand"])
        self.lock(state["locked"])

    def hint(self, level: int) -> str:
        """Level 2 narrows the answer to a range of three possible answers around it (by
        :data:`ANSWER_STEP`), unless the step's own
        hints named the winning tiles already (:meth:`_hints_name_waits`) or the step has its own
        hint at this rung (:meth:`_own_hint_at`: "2 han. Plus 1 han for 中中中"): the range would only
        blur the answer they gave (the ladder goes from vague to exact, never back)."""
        if level < 2:
            return ""
        try:
            value = int(self.answer().value)
        except Exception:
            return ""
        if self._own_hint_at(level) or self._hints_name_waits(level, value):
            return ""
        shift = random.Random(f"{self.lesson.id}:{self.step.id}").randint(0, 2)
        lowest = LOWEST_ANSWER.get(self.step.ask, 0)
        unit = ANSWER_STEP.get(self.step.ask, 1)
        lo = value - shift * unit
        lo = lo if lowest is None else max(lowest, lo)  # still holds the answer
        return _("The answer is between {lo} and {hi}.").format(lo=format_number(lo), hi=format_number(lo + 2 * unit))

    def _own_hint_at(self, level: int) -> bool:
        """Whether the step has its own hint at rung ``level``: the author's narrowing step, which
        names the parts of the answer or the answer itself ("2 han. Plus 1 han for 中中中", "1 + 1 =
        2", "Every number works except one"), so the range after it would only blur it."""
        return len(self.step.hints) >= level

    def _hints_name_waits(self, level: int, count: int) -> bool:
        """Whether the step's own hints up to ``level`` name every winning tile of a "how many
        tiles win" step, or say how many there are («Попробуй пятёрку. А потом восьмёрку.»,
        «Подходят 5 и 8…», :func:`~trainer.ui.views.steps.pick.hint_says_count`)."""
        if self.step.ask != "waits_count":
            return False
        from trainer.lessons.answers import hand_waits
        from trainer.ui.views.steps.pick import hint_says_count

        try:
            waits = set(hand_waits(self.step.parsed_hand(), self.step.variant))
        except (ValueError, AttributeError):
            return False
        own = [self.text(h) for h in self.step.hints[:level]]
        return any(hint_says_count(t, self.lang(), count, waits) for t in own)
