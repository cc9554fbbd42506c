"""The "choice" step: numbered option buttons, or big tile buttons when each option is a few tiles."""

from __future__ import annotations

import random
import re
from typing import Any

import pygame

from trainer.i18n import N_, _, npgettext, pgettext
from trainer.ui.richtext import BR
from trainer.ui.tileview import TileRow, slots_for_text
from trainer.ui.views.inputs import TIGHTER, OptionButton, big_options_fit, fit_option_rows
from trainer.ui.views.steps.base import QuizView, restore_row, row_state
from trainer.ui.views.steps.marks import look_at_marks, near_waits

THINKING_HINTS = {
    # TRANSLATORS: a hint on "Is this hand complete?" that must not give the answer away (ru: «вы»).
    "complete": N_("Try to split the hand into sets and a pair (or seven pairs): does every tile find its place?"),
    # TRANSLATORS: a hint on "Is this hand tenpai?" that must not give the answer away (ru: «вы»).
    "tenpai": N_("Go through the tiles that could come next: does any of them complete the hand?"),
    # TRANSLATORS: a hint on "Do the fans reach the 8-point minimum?" (Chinese Official; ru: «вы»).
    "mcr_minimum": N_("Add up the fans one by one, flowers aside, and compare the sum with 8."),
    # TRANSLATORS: a hint on any other question with two answers, which must not give it away (ru: «вы»).
    "": N_("Take each answer in turn and check it against the rule the question is about."),
}
"""The second hint of a question with two answers, by its ``ask`` ("" for any other): fading the one
wrong answer would give the right one away, so the hint says how to think it through instead."""
KIDS_THINKING_HINTS = {
    # TRANSLATORS: for a 6-year-old: "Is this a win?" (ru: «ты»; команда = a set, пара = a pair).
    "complete": N_("Find the pair, then the teams: does every tile fit in?"),
    # TRANSLATORS: for a 6-year-old: "Is the hand one tile from a win?" (ru: «ты»).
    "tenpai": N_("Could one more tile make a win?"),
    # TRANSLATORS: for a 6-year-old: any other question with two answers (ru: «ты»).
    "": N_("Look at the tiles once more, slowly."),
}
"""The same for a child, in the children's words: one short sentence each (a yes/no card for a
6-year-old takes no talk about "answers")."""
MAX_COLUMNS = 4
"""The most columns plain options take when the feedback panel leaves them little room."""


def answer_sentence(template: str, answer: str) -> str:
    """``template`` (a sentence with an ``{answer}`` field) filled with an option's text without
    doubled marks: an option that is a sentence of its own loses its full stop (the template has
    one); one ending in "?", "!" or "…" keeps its mark, and the template's full stop right after
    it is left out ("The right answer: Is it tenpai?")."""
    if answer.endswith(".") and not answer.endswith(".."):
        answer = answer[:-1]
    text = template.format(answer=answer)
    if answer.endswith(("?", "!", "…", "...")) and text.endswith(answer + "."):
        text = text[:-1]
    return text


PRAISE = re.compile(r"^\s*(?:да|ура|верно|правильно|молодец|отлично|yes|yay|hooray|right|correct|well done|great)"
                    r"\s*[!:.,]+\s*", re.IGNORECASE)
"""The praise word that opens a right option's own words in a children's lesson («Да! …», «Ура! …»,
"Right! …")."""


def without_praise(text: str) -> str:
    """A right option's own words without the praise word that opens them («Да! 345 — команда» →
    «345 — команда»): said to a child who did not pick that option, they explain the answer and
    never cheer over a miss."""
    m = PRAISE.match(text)
    if not m or m.end() >= len(text):
        return text
    rest = text[m.end():]
    return rest[:1].upper() + rest[1:]


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
        self.narrowed: list[int] = []  # the options the second hint took away (:meth:`_narrow`)
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
        """The options under the prompt; short of room (the feedback panel is open) a tighter
        layout, then the plain options in more columns (fewer rows), so that they end above
        ``area.bottom`` whenever any of these layouts does (else the lowest of them is kept)."""
        self._layout(area, compact=False)
        if not self._overflows(area):
            return
        self._layout(area, compact=True)
        if self.big or not self._overflows(area):
            return
        tried = {self.columns(): self._bottom()}
        for cols in self.wider_columns():
            self._layout(area, compact=True, cols=cols)
            if not self._overflows(area):
                return
            tried[cols] = self._bottom()
        best = min(tried, key=lambda c: (tried[c], c))
        if best != list(tried)[-1]:
            self._layout(area, compact=True, cols=best)

    def _bottom(self) -> int:
        """The bottom of the lowest option as laid out now."""
        return max(b.rect.bottom for b in self.buttons)

    def _overflows(self, area: pygame.Rect) -> bool:
        """Whether the options run below ``area``."""
        return bool(self.buttons) and self._bottom() > area.bottom

    def columns(self) -> int:
        """The usual number of columns of plain options: two for more than three, else one."""
        return 2 if len(self.buttons) > 3 else 1

    def wider_columns(self) -> list[int]:
        """More columns to try when the options do not fit: each one with fewer rows than the last
        (four options in three columns still take two rows), at most :data:`MAX_COLUMNS`."""
        n, out = len(self.buttons), []
        rows = -(-n // self.columns()) if n else 0
        for cols in range(self.columns() + 1, min(n, MAX_COLUMNS) + 1):
            if -(-n // cols) < rows:
                out.append(cols)
                rows = -(-n // cols)
        return out

    def _layout(self, area: pygame.Rect, compact: bool, cols: int | None = None) -> None:
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
        cols = cols or self.columns()
        gap = L.px(12)
        w = (area.width - gap * (cols - 1)) // cols if cols > 1 else min(area.width, L.px(760))
        if compact:
            gap = L.px(6)
        # Short of room (the feedback panel is open): a smaller type, then less padding.
        row_h = fit_option_rows(self.app, self.buttons, w, cols, area.bottom - y, gap,
                                TIGHTER if compact else TIGHTER[:1])
        x0 = area.left if cols > 1 else area.centerx - w // 2
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
        self.host.set_answer(self._right_line(right) if final and not feedback.correct else "")
        if self.child() and final and not feedback.correct:
            # A child's last miss (or the answer the hints showed): first that the pick was not it,
            # with its own words why, then the right option and why it is right, never its «Да!»;
            # no "look again" stays once the step is over.
            self.host.set_explain("")
            self.host.set_answer(BR.join(t for t in (self._child_not_it(right), self._right_line(right)) if t))
        if self.child() and self.step.multiple:
            # A child's wrong tick goes (its own words are in the panel already): a ✓ must never
            # stand on an option that is not right (no red either, curriculum §1.4).
            for b in self.buttons:
                if b.selected and b.index not in right:
                    b.selected = False

    def _label(self, index: int) -> str:
        o = self.step.options[index]
        text = self.text(o.text) if o.text is not None else self._value_label(o.value) or ""
        tiles = "{tiles:" + o.tiles + "}" if o.tiles else ""
        return " ".join(t for t in (tiles, text) if t)

    def _explains(self) -> str:
        """The chosen options' own explanations; a chosen option without one is named (the learner's
        own choice)."""
        lines = []
        for b in self.buttons:
            o = self.step.options[b.index]
            if b.selected and o.explain is not None:
                lines.append(self.text(o.explain))
            elif b.selected and b.mark == "wrong":
                lines.append(answer_sentence(_("Your answer: {answer} — not right here."), self._label(b.index)))
        return BR.join(lines)

    def _right_line(self, right: frozenset) -> str:
        """After the final miss, the right options named in one sentence (several by their numbers
        on screen and their words in quotation marks: "The right answers: 1 “Riichi” and 3
        “Menzen tsumo”."); a child hears which option is right («Вот правильный ответ: «Да».») and then its own words without their
        praise word (its ``explain``: «Да! 345 — команда, 66 — пара.» says «345 — команда, 66 —
        пара.»), never an empty panel."""
        if not right:
            return ""
        labels = [self._label(i) for i in sorted(right)]
        if self.child():
            names = ", ".join(self._child_label(i) for i in sorted(right))
            head = answer_sentence(pgettext("to a child", "Here is the right one: {answer}.") if len(right) == 1
                                   else pgettext("to a child", "Here are the right ones: {answer}."), names)
            own = [without_praise(self.text(self.step.options[i].explain)) for i in sorted(right)
                   if self.step.options[i].explain is not None]
            return " ".join([head, *own])
        if len(right) == 1:
            return answer_sentence(_("The right answer: {answer}."), labels[0])
        # several right options: each by its number on screen and its words in quotation marks, so
        # that options whose words hold commas are told apart
        from trainer.ui.views.mistakes import options_named

        return _("The right answers: {answers}.").format(answers=options_named(self.step, sorted(right), self.text))

    def _child_label(self, index: int) -> str:
        """An option as a child sees it named in a sentence: its tiles drawn, or its words in
        quotation marks («Да»)."""
        o = self.step.options[index]
        if o.tiles:
            return self._label(index)
        return _("“{name}”").format(name=self._label(index))

    def _child_not_it(self, right: frozenset) -> str:
        """After a child's last try: the options the child picked that are not right («Нет» — не
        подходит.), each with its own words why; for several to find, a right pick or two short of
        all of them says that there are more.  "" when the hints showed the answer (no pick)."""
        picked = [b.index for b in self.buttons if b.selected]
        if not picked:
            return ""
        wrong = [i for i in picked if i not in right]
        if not wrong:
            return pgettext("to a child", "There are more right cards here.")
        names = ", ".join(self._child_label(i) for i in wrong)
        line = answer_sentence(npgettext("to a child", "{answer} is not it.", "{answer} are not it.", len(wrong)),
                               names)
        why = [self.text(self.step.options[i].explain) for i in wrong if self.step.options[i].explain is not None]
        return " ".join([line, *why])

    def clear_marks(self) -> None:
        for b in self.buttons:
            b.mark = None
            b.selected = False

    def lock(self, locked: bool) -> None:
        self.locked = locked
        for b in self.buttons:
            b.locked = locked
        if not locked:
            self._fade_narrowed()  # a new try: the options the second hint took away stay away

    def state(self) -> dict[str, Any]:
        """The options ticked and their marks, the options the second hint took away, the first
        hint's marks on the hand, whether the answer is locked."""
        return {"buttons": [(b.selected, b.mark, b.visible) for b in self.buttons], "narrowed": list(self.narrowed),
                "hand": row_state(self.hand_row), "locked": self.locked}

    def restore(self, state: dict[str, Any]) -> None:
        """Put back what :meth:`state` kept, on this view of the same step."""
        for b, (selected, mark, visible) in zip(self.buttons, state["buttons"], strict=False):
            b.selected, b.mark, b.visible = selected, mark, visible
        self.narrowed = list(state["narrowed"])
        restore_row(self.hand_row, state["hand"])
        self.lock(state["locked"])

    def _fade_narrowed(self) -> None:
        """The options the second hint took away: locked, pale for a child (no red), crossed out
        for an adult."""
        for b in self.buttons:
            if b.index in self.narrowed:
                b.locked = True
                b.mark = "faded" if self.child() else "wrong"

    def hint(self, level: int) -> str:
        if level == 1 and self.hand_row is not None and self.step.ask in ("shape", "tenpai"):
            if self.step.variant is not None:
                return ""  # a training variant reads the hand its own way: no engine shapes to show
            marks = near_waits(self.hand_row, self.step.hand)
            if marks:
                self.hand_row.marks = marks
                return look_at_marks(self.child())
        if level >= 2:
            try:
                right = self.answer().value
            except Exception:
                return ""
            return self._narrow(right, level)
        return ""

    def _narrow(self, right: Any, level: int) -> str:
        """The second hint: some wrong options fade (a child's) or are crossed out, as long as a
        wrong one stays open; with two options (yes or no) fading the one wrong option would give
        the answer away, so the hint helps to think instead (:meth:`_thinking_hint`)."""
        wrong = [b for b in self.buttons if b.index not in right]
        open_wrong = [b for b in wrong if not b.selected]
        fade = min(max(1, len(open_wrong) // 2), len(wrong) - 1)
        if fade < 1:
            return self._thinking_hint(level)
        child = self.child()
        if not self.narrowed:  # asked again (a miss after this hint): the same options stay pale, no more
            random.Random(self.lesson.id).shuffle(open_wrong)
            self.narrowed = [b.index for b in open_wrong[:fade]]
            self._fade_narrowed()
        fade = len(self.narrowed)
        if child:
            if fade == 1:
                return pgettext("to a child", "One wrong card has gone pale.")
            return pgettext("to a child", "Some wrong cards have gone pale.")
        return _("Some wrong options are crossed out.")

    def _thinking_hint(self, level: int) -> str:
        """A hint that narrows nothing down: how to think the question through, by its ``ask``
        (is it complete, is it tenpai); an adult reads any other question again with the step's own
        first hint once more.  A child gets one short sentence of the children's words and never
        the first hint again (a miss may have shown it just before: a later hint adds something,
        so a children's yes/no step brings its own second hint, which points at the part of the
        picture that decides).  "" when the step has its own hint at ``level``: the author's words
        stand alone."""
        st = self.step
        if len(st.hints) >= level:
            return ""
        child = self.child()
        table = KIDS_THINKING_HINTS if child else THINKING_HINTS
        ask = st.ask if st.ask in table else ""
        if child:
            return _(table[ask])
        first = self.text(st.hints[0]) if st.hints and not ask else ""
        lines = [_(table[ask])]
        if first:
            # TRANSLATORS: {hint} is the step's own first hint, already a sentence (ru: «вы»).
            lines.append(_("Remember the first hint: “{hint}”").format(hint=first))
        return " ".join(lines)
