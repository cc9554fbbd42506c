"""The lesson player: one step at a time, with immediate feedback, one retry, hints and a summary.

Flow of a quiz step (curriculum §1.2): the learner answers and presses Check
(Enter).  A right answer gets a short "why".  A wrong one gets the chosen
option's explanation and the next hint, and one more try.  After a second miss
the answer and the engine's explanation are shown.  The hint ladder (H) goes
"where to look" → "narrowing" → the worked solution (which counts as shown).
Every first answer is recorded in the learner's progress, and the position in
the lesson is saved so the home screen can offer "continue".
"""

from __future__ import annotations

from typing import Any

import pygame

from trainer.i18n import N_, _, format_number, ngettext
from trainer.lessons import answers
from trainer.lessons.language import lesson_title, step_text
from trainer.ui.registry import register_screen
from trainer.ui.richtext import BR, layout_rich
from trainer.ui.screens.base import Screen
from trainer.ui.theme import PALETTE
from trainer.ui.tileview import slots_for_text
from trainer.ui.views.explain import explain, fu_only
from trainer.ui.views.feedback import (
    FeedbackSlide,
    RetryOnTouch,
    ScrollingFeedback,
    draw_feedback_body,
    feedback_overflow,
    panel_height,
)
from trainer.ui.views.placement import center_view, content_bottom
from trainer.ui.views.steps.base import StepView
from trainer.ui.views.steps.factory import make_view
from trainer.ui.views.term_card import open_term_card
from trainer.ui.widgets import Button, blit_text, draw_panel

P = PALETTE

RUNS_KEY = "lesson_runs"
"""The learner-profile key holding each unfinished lesson's step results, for resuming."""
RESULT_KINDS = ("right", "retry", "wrong", "shown", "seen")
EARLIER_FEEDBACK = {"right": "right", "retry": "right", "wrong": "wrong", "shown": "shown"}
"""The feedback panel a step answered before in this run shows when the learner goes back to it."""
PANEL_GAP = 14
"""The room (px at 1280x720) between the feedback panel and the buttons under it."""
MAX_SECONDS = 300.0  # an answer never counts as slower than this (the learner may have stepped away)
SHANTEN_COUNT_LESSON = "skill_shanten_blocks"
"""The lesson that teaches the shanten count (2 × sets still to make − partial sets − the pair):
a lesson before it (not after it on the prerequisites' path) explains a wrong shanten without it."""
LOW_FIRST_TRY = 0.5
"""Below this share of quiz steps right on the first try, an adult's summary of a lesson passed is
no cheer: it says the lesson is done and worth another pass, and offers that pass first."""

# The hint ladder's fallback lines, for a step with no hint of its own at that rung and no automatic
# one from its view: (adults, children) by rung and, for the second rung, by the step's kind family.
FIRST_HINT = (N_("Read the question again and look at the tiles one by one."),
              N_("Look at the tiles one by one. You can do it!"))
# TRANSLATORS: for a 6-year-old, on a question that shows a single tile (ru: «ты», simple words).
FIRST_HINT_ONE_TILE = N_("Look at the tile closely. You can do it!")
"""A child's first rung on a question that shows one tile: there are no tiles to take "one by one"."""
FIRST_HINT_WORDS = (N_("Read the question again: what exactly does it ask?"),
                    # TRANSLATORS: for a 6-year-old (ru: «ты», simple words).
                    N_("Read the question again, slowly. You can do it!"))
"""The first rung for a step with no tiles to look at (a question about the rules in words)."""
SECOND_HINTS = {
    # Which tiles finish a shape: waits, the missing tile of a set, tenpai and shape questions.
    "finish": (N_("Think about which tiles could finish each shape."),
               N_("Try every tile: which one makes a team or a pair?")),
    # TRANSLATORS: cards put in order; the second line is for a 6-year-old (ru: «ты», simple words).
    "order": (N_("Find what comes first, then what follows it, one card at a time."),
              N_("What comes first? And what comes next?")),
    # TRANSLATORS: tiles or cards sorted (a row, boxes, sets); the second line is for a 6-year-old (ru: «ты»).
    "place": (N_("Go through them one at a time and decide where each one belongs."),
              N_("Take them one at a time: where does each one go?")),
    # TRANSLATORS: a number to work out; the second line is for a 6-year-old (ru: «ты», simple words).
    "count": (N_("Work it out step by step: each part on its own, then add them up."),
              N_("Count slowly, one at a time.")),
    # TRANSLATORS: any other question; the second line is for a 6-year-old (ru: «ты», simple words).
    "other": (N_("Rule out what cannot be right, then check what is left."),
              N_("First find what surely does not fit. Then look at the rest.")),
}
FINISH_ASKS = frozenset({"waits", "mcr_waits", "complete_set", "shape", "tenpai", "named_shape",
                         "waits_count", "ukeire", "shanten"})
def hint_family(step: Any) -> str:
    """The kind family of a step, for the second fallback hint (a key of ``SECOND_HINTS``)."""
    ask = getattr(step, "ask", None)
    if ask in FINISH_ASKS:
        return "finish"
    if step.kind == "arrange":
        return "order" if ask == "order" else "place"
    if step.kind in ("number", "fu_breakdown"):
        return "count"
    return "other"


def fallback_hint(step: Any, level: int, child: bool) -> str:
    """The hint ladder's line at ``level`` for a step that has none of its own there, in the
    children's words (informal "you", no jargon) for a children's lesson."""
    if level == 1 and child and shows_one_tile(step):
        return _(FIRST_HINT_ONE_TILE)
    if level == 1:
        lines = FIRST_HINT if _shows_tiles(step) else FIRST_HINT_WORDS
    else:
        lines = SECOND_HINTS[hint_family(step)]
    return _(lines[1] if child else lines[0])


def _shows_tiles(step: Any) -> bool:
    """Whether a step shows tiles to look at: a hand, tiles to pick or sort, or tiles in its
    prompt, options or cards."""
    if getattr(step, "hand", None) or getattr(step, "tiles", None):
        return True
    return _tiles_beside(step)


def _tiles_beside(step: Any) -> bool:
    """Whether a step shows tiles in its prompt, its options or its cards."""
    texts = [getattr(step, "prompt", None), *(getattr(o, "text", None) for o in getattr(step, "options", None) or ())]
    shown = [*(getattr(step, "options", None) or ()), *(getattr(step, "cards", None) or ())]
    return any("{tiles:" in str(t) for t in texts if t) or any(getattr(o, "tiles", None) for o in shown)


def shows_one_tile(step: Any) -> bool:
    """Whether a step shows exactly one tile (its hand or tiles), with no tiles in its prompt, options
    or cards: «Из какой семьи плитка?» over one 5s."""
    code = getattr(step, "hand", None) or getattr(step, "tiles", None)
    if not code:
        return False
    try:
        one = len(slots_for_text(code)) == 1
    except ValueError:
        return False
    return one and not _tiles_beside(step)


def next_rung_on_miss(level: int) -> int:
    """The hint rung a first miss shows: the first one, or the one after a rung the learner asked
    for already (a miss never says the hint just read again), never the solution."""
    return min(2, level + 1)


def counts_for_completion(lesson: Any, index: int) -> bool:
    """Whether step ``index`` is a drill whose pass mark decides that the lesson is complete: every
    drill but a warm-up (a drill with an id starting "warmup", or one that opens the lesson, a
    short recap of the lesson before), which is practice only."""
    step = lesson.steps[index]
    if step.kind != "drill":
        return False
    return not (index == 0 or str(getattr(step, "id", "") or "").startswith("warmup"))


def drill_result_kind(lesson: Any, index: int, right: int, total: int) -> str:
    """The result a drill step's score makes on the progress bar: "right" at its pass mark (a
    children's drill is played, never failed: curriculum §1.2, §1.4), else "wrong" for a drill
    that decides the lesson and "retry" (amber, practice) for a warm-up."""
    step = lesson.steps[index]
    ok = bool(total) and right / total >= getattr(step, "pass_ratio", 0.8)
    if ok or lesson.audience == "child":
        return "right"
    return "wrong" if counts_for_completion(lesson, index) else "retry"


def pass_mark(ratio: float, total: int) -> int:
    """The fewest right answers of ``total`` that reach ``ratio`` (8 of 10 at 0.8)."""
    import math

    return max(0, min(total, math.ceil(ratio * total - 1e-9)))


@register_screen("lesson")
class LessonScreen(RetryOnTouch, FeedbackSlide, ScrollingFeedback, Screen):
    """Plays one lesson; params: ``lesson_id``, optional ``step`` to resume at."""

    slide_px = 10  # the feedback panel slides from less than PANEL_GAP below: never over the buttons
    double_click_guard = True  # a double click checks one answer or opens one step (RetryOnTouch)

    rebuild_on_enter = False

    def __init__(self, app: Any, **params: Any) -> None:
        super().__init__(app, **params)
        lib = app.library()
        self.lesson = lib.lessons[params["lesson_id"]]
        self.index = max(0, min(int(params.get("step", 0) or 0), len(self.lesson.steps) - 1))
        self.results: dict[int, str] = {}  # step index -> "right" | "retry" | "wrong" | "shown" | "seen"
        # step index -> the words said after a final miss in this run (why the learner's own
        # answer was wrong, and the working): said again when the learner goes back to the step
        # (the panel's text, the option's own explanation, the answer line: a child's ««Нет» — не подходит.»)
        self.miss_words: dict[int, tuple[str, str, str]] = {}
        self.drill_results: dict[int, tuple[int, int]] = {}
        self.finished = False
        self._restore_results()
        self._reset_step()

    # ------------------------------------------------------- results kept across a restart

    def _restore_results(self) -> None:
        """Resuming at step N brings back the results of steps 0..N-1 (kept in the learner's
        profile under ``RUNS_KEY``); starting at step 0 starts a fresh run."""
        runs = self.app.learner_data(RUNS_KEY) or {}
        run = runs.get(self.lesson.id) if isinstance(runs, dict) else None
        if self.index == 0 or not isinstance(run, dict):
            return
        n = len(self.lesson.steps)
        for key, value in (run.get("results") or {}).items():
            if str(key).isdigit() and int(key) < min(self.index, n) and value in RESULT_KINDS:
                self.results[int(key)] = value
        for key, pair in (run.get("drills") or {}).items():
            if str(key).isdigit() and int(key) < n and isinstance(pair, list) and len(pair) == 2:
                i, right, total = int(key), int(pair[0]), int(pair[1])
                kind = drill_result_kind(self.lesson, i, right, total)
                if i == self.index and kind != "right":
                    continue  # resumed at a drill short of its mark ("continue"): it is run again, fresh
                self.drill_results[i] = (right, total)
                self.results.setdefault(i, kind)  # its dot keeps its colour, whichever step is resumed

    def _save_results(self) -> None:
        """Keep this run's step results in the learner's profile (dropped when the lesson is
        complete; a lesson that ends short of a drill's pass mark keeps them, the short drill's
        score too, so redoing that drill completes the lesson with the answers already given,
        and the summary reached again names the drill and its score).  "Continue" opens that
        drill to run again, fresh (:meth:`_restore_results`)."""
        runs = self.app.learner_data(RUNS_KEY)
        runs = dict(runs) if isinstance(runs, dict) else {}
        if self.finished and self.passed():
            runs.pop(self.lesson.id, None)
        else:
            runs[self.lesson.id] = {"results": {str(i): r for i, r in self.results.items()},
                                    "drills": {str(i): list(p) for i, p in self.drill_results.items()}}
        self.app.set_learner_data(RUNS_KEY, runs or None)

    # ---------------------------------------------------------------- state

    def _reset_step(self) -> None:
        self.phase = "answer"  # "answer" -> ("retry" ->) "done"
        self.attempts = 0
        self.hint_level = 0
        self.recorded = False
        self.feedback_kind: str | None = None  # "right", "retry", "wrong", "shown", "hint", "error"
        self.feedback_text = ""
        self.extra_explain = ""
        self.answer_line = ""
        self.step_started = self.app.time
        # Study time on this step (see _count_study_time): the clock runs while the lesson is on
        # screen (and while a play step's table is open over it).
        self.study_from: float | None = self.app.time
        self.study_seconds = 0.0
        self.answer_seconds = 0.0  # what the step's recorded answer already counted
        step = self.lesson.steps[self.index]
        earlier = getattr(self, "results", {}).get(self.index)
        if earlier in EARLIER_FEEDBACK and step.interactive and step.kind not in ("drill", "play"):
            # A step answered before in this run (the learner went back to it): its result is
            # shown, read-only; it is never graded or recorded again, and Enter goes on.
            self.phase = "done"
            self.recorded = True
            self.feedback_kind = EARLIER_FEEDBACK[earlier]
            if self.feedback_kind == "wrong" and self.lesson.audience == "child":
                self.feedback_kind = "shown"  # no red for children (curriculum §1.4)

    def _show_earlier(self) -> None:
        """On a step answered before in this run: the answer marked as the learner's result was
        (right, or shown after a miss), locked, with the engine's working under it."""
        view = self.view
        if view is None or not view.quiz or self.phase != "done" or self.feedback_kind not in ("right", "wrong",
                                                                                              "shown"):
            return
        if self.feedback_kind == "right":
            try:
                ans = answers.answer(self.step, self.lesson)
            except Exception:
                ans = None
            if ans is not None:
                fb = answers.Feedback(True, ans.value, ans.explanation, ans.display)
                self.extra_explain = self.answer_line = ""
                view.clear_marks()
                view.mark(fb, final=True)
                self.feedback_text = explain(self._shown(fb)) if self.step.kind != "choice" else ""
        elif self.index in self.miss_words:  # missed in this run: why the learner's own answer was wrong, again
            self.feedback_text, explain_line, answer_line = self.miss_words[self.index]
            self.extra_explain = self.extra_explain or explain_line
            self.answer_line = answer_line or self.answer_line
        view.lock(True)
        self._update_buttons()
        self.relayout()
        self.set_focus(self.main_btn)  # Enter goes on ("Next"), never picks an option again

    @property
    def step(self) -> Any:
        """The current step model."""
        return self.lesson.steps[self.index]

    def title(self) -> str:
        return lesson_title(self.lesson, self.app.settings.language)

    def header_extra(self) -> str:
        if self.finished:
            return _("Lesson summary")
        return _("Step {i} of {n}").format(i=self.index + 1, n=len(self.lesson.steps))

    # ---------------------------------------------------------------- widgets

    def build(self) -> None:
        self.view: StepView | None = None
        self.hint_btn = self.add(Button(_("Hint"), self.hint, kind="ghost", hotkey="H"))
        self.prev_btn = self.add(Button(_("Previous step"), self.previous, kind="ghost"))
        self.main_btn = self.add(Button("", self.primary, kind="primary", hotkey="Enter"))
        self.summary_buttons: list[Button] = []
        if self.finished:
            self._build_summary()
        else:
            self._view_start = len(self.widgets)
            try:
                self.view = make_view(self, self.step, self.lesson)
                self.view.build()
            except Exception as exc:  # a step the app cannot show is named, and the lesson goes on
                del self.widgets[self._view_start:]
                self.view = None
                self.feedback_kind = "error"
                self.feedback_text = _("This step cannot be shown: {error}").format(error=exc)
                self.phase = "done"
            # Rebuilt (a resize, another language): the learner's input and its marks as they were.
            if self.view is not None and not self.restore_view_input():
                self._mark_as_phase()
        self._update_buttons()

    def _mark_as_phase(self) -> None:
        """A quiz view built with no input to give back, marked for the phase the step is in: done
        (a step answered before in this run, or a view that keeps no input), the solution shown and
        locked; in a retry, locked until "Try again" (never the answer: that is the hint ladder's
        last rung, the learner's choice)."""
        if not self.view.quiz or self.phase == "answer":
            return
        if self.phase == "done":
            self._mark_final_from_engine()
        self.view.lock(True)

    def initial_focus(self) -> int | None:
        target = self.view.initial_focus() if self.view is not None else None
        if target is not None and target in self.widgets:
            return self.widgets.index(target)
        if self.summary_buttons:  # the summary's default: the button with the Enter badge
            default = next((b for b in self.summary_buttons if b.hotkey == "Enter"), self.summary_buttons[-1])
            return self.widgets.index(default)
        return self.widgets.index(self.main_btn)

    def _update_buttons(self) -> None:
        quiz = self.view is not None and self.view.quiz
        if self.finished:
            self.main_btn.visible = False
            self.hint_btn.visible = False
            self.prev_btn.visible = False
            return
        self.main_btn.visible = True
        self.prev_btn.visible = self.index > 0
        self.hint_btn.visible = quiz and self.phase != "done"
        last = self.index == len(self.lesson.steps) - 1
        if quiz and self.phase == "answer":
            self.main_btn.label = _("Check")
        elif quiz and self.phase == "retry":
            self.main_btn.label = _("Try again")
        elif self.view is not None and getattr(self.view, "blocks_next", False):
            self.main_btn.label = getattr(self.view, "main_label", _("Start"))
        else:
            self.main_btn.label = _("Finish") if last else _("Next")

    def layout(self) -> None:
        L = self.app.layout
        area = L.content()
        bar_h = L.px(52)
        bar_y = L.height - L.margin - bar_h + L.px(8)
        mw = max(self.main_btn.preferred_width(self.app), L.px(200))
        self.main_btn.rect = pygame.Rect(area.right - mw, bar_y, mw, bar_h)
        hw = max(self.hint_btn.preferred_width(self.app), L.px(130))
        self.hint_btn.rect = pygame.Rect(area.left, bar_y, hw, bar_h)
        pw = max(self.prev_btn.preferred_width(self.app), L.px(130))
        self.prev_btn.rect = pygame.Rect(self.main_btn.rect.left - pw - L.px(12), bar_y, pw, bar_h)
        top = area.top + L.px(18)
        bottom = bar_y - L.px(PANEL_GAP)
        self.feedback_rect = None
        text = self._feedback_markup()
        self.fb_max = 0
        if text or self.feedback_kind == "right":  # a right answer always says so, even without a "why"
            width = area.width - L.px(76)
            lay = layout_rich(self.app, text, L.font("body"), width, P.ink)
            text_h = lay.height if text else 0
            head_h = self.app.line_height(L.font("large")) + L.px(18)

            def quiz_bottom(limit: int) -> int:
                if self.view is None or self.finished or not hasattr(self, "_view_start"):
                    return top
                return content_bottom(self.view, pygame.Rect(area.left, top, area.width, limit - top),
                                      self.widgets[self._view_start:])

            h = panel_height(self.app, text_h + head_h + L.px(16), top, bottom, L.px(12), quiz_bottom)
            h = self._panel_beside_quiz(h, head_h, bottom, quiz_bottom)
            self.feedback_rect = pygame.Rect(area.left, bottom - h, area.width, h)
            self.fb_max = feedback_overflow(self.app, text_h, h - head_h - L.px(8))
            self.fb_scroll = min(self.fb_scroll, self.fb_max)
            bottom = self.feedback_rect.top - L.px(12)
        self.step_area = pygame.Rect(area.left, top, area.width, max(L.px(80), bottom - top))
        if self.finished:
            self._layout_summary()
        elif self.view is not None:
            self.view_widgets = self.widgets[self._view_start:] if hasattr(self, "_view_start") else []
            center_view(self.view, self.step_area, self.view_widgets, L.px(24))

    def _panel_beside_quiz(self, h: int, head_h: int, bottom: int, quiz_bottom: Any) -> int:
        """The feedback panel's height ``h`` made smaller when the quiz, laid out as tight as it
        goes, still ends below the panel's top: the panel never covers an option or the answer box.
        It keeps its heading, one line of text and the "more below" line (the rest scrolls)."""
        L = self.app.layout
        gap = L.px(12)
        end = quiz_bottom(bottom - h - gap)
        if end <= bottom - h - gap:
            return h
        least = head_h + self.app.line_height(L.font("body")) + self.app.line_height(L.font("small")) + L.px(16)
        return max(min(h, least), bottom - end - gap)

    # ---------------------------------------------------------------- drawing

    def draw_content(self, surf: pygame.Surface) -> None:
        self._draw_progress(surf)
        if self.finished:
            self._draw_summary(surf)
            return
        if self.view is not None:
            self.view.draw(surf)
        if self.feedback_rect is not None:
            self._draw_feedback(surf)

    def _draw_progress(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        area = L.content()
        n = len(self.lesson.steps)
        gap = L.px(4)
        w = (area.width - gap * (n - 1)) / n
        y = L.header_h + L.px(8)
        child = self.lesson.audience == "child"  # no red for children (curriculum §1.4)
        colors = {"right": P.right, "retry": P.accent, "wrong": P.hint if child else P.wrong, "shown": P.hint,
                  "seen": P.on_felt_muted}
        for i in range(n):
            r = pygame.Rect(round(area.left + i * (w + gap)), y, max(2, round(w)), L.px(7))
            col = colors.get(self.results.get(i, ""), P.felt_dark)
            if i == self.index and not self.finished:
                col = P.accent if i not in self.results else col
                pygame.draw.rect(surf, P.on_felt, r.inflate(L.px(2), L.px(2)), border_radius=r.height)
            pygame.draw.rect(surf, col, r, border_radius=r.height)

    def _feedback_markup(self) -> str:
        """The feedback panel's text, in the order a learner needs it without scrolling: the right
        answer (after the last try), then the lesson's own explanation (the chosen option's
        ``explain``, the clicked cell), then what the app works out (the learner's mistake, the
        engine's breakdown, the hint)."""
        return BR.join(p for p in (self.answer_line, self.extra_explain, self.feedback_text) if p)

    def feedback_style(self, kind: str) -> tuple[Any, Any, str]:
        """(background, edge colour, heading) of the feedback panel for ``kind``; a child gets
        praise, no red, and the answer under «Смотри, как правильно!» (the drills' heading too), never the
        adults' «Решение»."""
        child = self.lesson.audience == "child"
        return {
            "right": (P.right_bg, P.right, _("Well done!") if child else _("Right!")),
            "retry": (P.hint_bg, P.hint, _("Let's try once more!")) if child else
            (P.wrong_bg, P.wrong, _("Not quite — try once more")),
            "wrong": (P.wrong_bg, P.wrong, _("Here is the answer")),
            # TRANSLATORS: the heading over the answer shown to a 6-year-old, in a lesson and in a drill alike
            # (ru: «Смотри, как правильно!»).
            "shown": (P.hint_bg, P.hint, _("Look, here's how it goes!") if child else _("The solution")),
            "hint": (P.hint_bg, P.hint, _("Hint")),
            "error": (P.wrong_bg, P.wrong, _("This step cannot be checked")),
        }[kind]

    def _draw_feedback(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        ease = 1 - (1 - getattr(self, "fb_anim", 1.0)) ** 3
        r = self.feedback_rect.move(0, round((1 - ease) * L.px(self.slide_px)))
        bg, edge, head = self.feedback_style(self.feedback_kind or "hint")
        draw_panel(surf, r, bg, L.px(14), shadow=L.px(3), border=edge, border_w=L.px(2))
        stripe = pygame.Rect(r.left, r.top, L.px(8), r.height)
        pygame.draw.rect(surf, edge, stripe, border_top_left_radius=L.px(14), border_bottom_left_radius=L.px(14))
        x = r.left + L.px(28)
        y = r.top + L.px(12)
        blit_text(surf, self.app, head, L.font("large"), edge, (x, y), bold=True)
        y += self.app.line_height(L.font("large")) + L.px(6)
        markup = self._feedback_markup()
        if not markup:  # a heading alone ("Right!"): no text, so nothing to scroll
            self._feedback_layout = None
            return
        lay = layout_rich(self.app, markup, L.font("body"), r.width - L.px(76), P.ink)
        body = pygame.Rect(x, y, r.width - L.px(76), r.bottom - y - L.px(8))
        draw_feedback_body(surf, self.app, lay, body, self.fb_scroll, edge)
        self._feedback_origin = (x, y - self.fb_scroll)
        self._feedback_layout = lay

    def notice_rect(self, text: str) -> pygame.Rect | None:
        """Where a notice of the app goes on this screen: the bottom bar (:meth:`Screen.bar_notice_rect`)."""
        return self.bar_notice_rect(text, panel_gap=PANEL_GAP)

    # ---------------------------------------------------------------- actions

    def set_explain(self, text: str) -> None:
        """Extra explanation from the step view (e.g. the chosen option's explain)."""
        self.extra_explain = text

    def set_answer(self, text: str) -> None:
        """The right answer from the step view, shown first in the feedback panel."""
        self.answer_line = text

    def open_term(self, term_id: str) -> None:
        """Show a glossary term's card over the lesson."""
        open_term_card(self, term_id)

    def on_click(self, pos: tuple[int, int], button: int) -> bool:
        if self.view is not None and button == 1 and self.view.click_at(pos):
            self.app.invalidate()
            return True
        return super().on_click(pos, button)  # a glossary term in the feedback text

    def on_key(self, ev: pygame.event.Event) -> bool:
        ch = getattr(ev, "unicode", "")
        field = getattr(self.view, "field", None)
        if field is not None and field.enabled and self.focused_widget() is not field and (
                (ch and ch.isdigit()) or ev.key == pygame.K_BACKSPACE):
            # Digits always go to the answer box, wherever the focus is (and one it refuses, the
            # digits after a comma, is named there).
            self.set_focus(field)
        if field is not None and field.enabled and self.focused_widget() is field:
            # The box takes what is typed into it before any lesson shortcut; H, which it never
            # takes, is the hint its button's badge offers, and any other character it does not
            # take is named in a short notice.
            if field.handle_key(ev):
                return True
            problem = field.reject_message(ev) if ev.key not in (pygame.K_RETURN, pygame.K_KP_ENTER) else ""
            if problem and ev.key == pygame.K_h and self.hint_btn.visible \
                    and not ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
                self.hint()
                return True
            if problem and not ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
                self.app.notify(problem, "info", 4)
                return True
        if ev.key == pygame.K_h and not (ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT)) and self.hint_btn.visible:
            self.hint()
            return True
        if self.view is not None and self.view.on_key(ev):
            return True  # a step's own key (the paifu step's record/table switch)
        if ev.key == pygame.K_g and self.view is not None and hasattr(self.view, "_make_group") \
                and getattr(self.view, "ask", "") == "split":
            self.view._make_group()
            return True
        return False

    def submit(self) -> bool:
        """Enter: check, retry, or go on — whatever the main button says (on the summary, the
        focused button, which starts on the one with the Enter badge)."""
        if self.finished:
            return False
        if self.view is not None and hasattr(self.view, "submit") and self.view.submit():
            return True
        self.primary()
        return True

    def choose(self, n: int) -> bool:
        return bool(self.view is not None and self.view.choose(n))

    def primary(self) -> None:
        """The main button."""
        if self.finished:
            return
        quiz = self.view is not None and self.view.quiz
        if quiz and self.phase == "answer":
            self.check()
        elif quiz and self.phase == "retry":
            self.retry()
        elif self.view is not None and getattr(self.view, "blocks_next", False):
            self.view.start()
        else:
            self.next()

    def check(self) -> None:
        """Grade the learner's answer to the current quiz step."""
        view = self.view
        if view is None or not view.quiz:
            return
        if self.phase == "retry":
            self.retry()
        if self.phase != "answer":
            return
        response = view.response()
        focused = self.focused_widget()
        if response is None and focused is not None and focused in getattr(self, "view_widgets", ()) \
                and getattr(focused, "selected", True) is False and focused.enabled \
                and not getattr(self.step, "multiple", False):
            # Focus and Enter agree: Enter on a focused, unchosen option answers with that option
            # (a single choice: with several to tick, one option is not an answer — said so below).
            tries = self.attempts
            focused.activate()
            if self.attempts != tries or self.phase != "answer":
                return  # picking it already checked it (a single choice checks on pick)
            response = view.response()
        field = getattr(view, "field", None)
        if field is not None and getattr(field, "cut_fraction", False):
            # «1,5» was typed and the box holds 1 (the comma and what followed it refused): a
            # number the learner did not mean is not graded before the learner is told; asked
            # again, the number in the box is checked as it stands.
            if response is not None:
                field.tell_cut(self.app, self.main_btn.label)
                return
            field.forget_cut()
        if response is None:
            if self.lesson.audience == "child":  # a child's words («ты»), not the adults' «Сначала выберите…»
                # TRANSLATORS: for a 6-year-old (ru: «ты»); {check} is the main button's label.
                words = view.child_empty_message() or _("Answer first, then press “{check}”.").format(
                    check=self.main_btn.label)
                self.app.notify(words, "info", 3)
            else:
                self.app.notify(view.empty_message(), "info", 3)
            return
        try:
            fb = answers.grade(self.step, response, self.lesson)
        except Exception as exc:
            self.feedback_kind = "error"
            self.feedback_text = _("The engine could not grade this step: {error}").format(error=exc)
            self.phase = "done"
            self.results[self.index] = "seen"
            self._after_change()
            return
        self.attempts += 1
        if not self.recorded:
            self._record(fb.correct)
        self.extra_explain = ""
        self.answer_line = ""
        child = self.lesson.audience == "child"
        self.app.play_sound("right" if fb.correct else ("click" if child else "wrong"))
        if fb.correct:
            self.phase = "done"
            self.results[self.index] = "right" if self.attempts == 1 else "retry"
            view.mark(fb, final=True)
            self.feedback_kind = "right"
            self.feedback_text = explain(self._shown(fb)) if self.step.kind != "choice" else ""
        elif self.attempts == 1:
            self.phase = "retry"
            view.mark(fb, final=False)
            self.feedback_kind = "retry"
            mine = view.child_miss_words(response, fb) if child else self._mistake(response, fb, final=False)
            # What is wrong with the learner's own answer leads, above the fold; the hint follows
            # it (a hint cannot be checked against the answer: it may tell what was done right).
            hint = self._miss_hint(child, bool(mine or self.extra_explain))
            self.feedback_text = BR.join(t for t in (*self._own_words(mine), hint) if t)
        else:
            self.phase = "done"
            self.results[self.index] = "wrong"
            view.mark(fb, final=True)
            # Children are shown the answer gently: no red, no "wrong" (curriculum §1.4).
            self.feedback_kind = "shown" if child else "wrong"
            mine = self._child_mistake(response, fb) if child else self._mistake(response, fb, final=True)
            own, working = self._own_words(mine), self._answer_markup(fb)
            # the working names the answer (a split's readings): it comes first, above the fold
            parts = (working, *own) if view.answer_in_working(fb) else (*own, working)
            self.feedback_text = BR.join(t for t in parts if t)
            self.miss_words[self.index] = (self.feedback_text, self.extra_explain, self.answer_line)
        view.lock(self.phase != "answer")
        self._after_change()

    def _shown(self, fb: Any) -> list:
        """The engine's working to show: for a fu question only the fu items and total; in a
        children's lesson only what the children's words can say (the winning tiles, the tile to
        give away, the team a tile makes...: :func:`~trainer.ui.views.explain.for_child`), never
        the adults' working (shape names, «discard», «sequence»)."""
        if self.step.kind == "fu_breakdown" or (self.step.kind == "number" and getattr(self.step, "ask", "") == "fu"):
            return fu_only(fb.explanation, fb.expected if isinstance(fb.expected, int) else None)
        if self.lesson.audience == "child":
            from trainer.ui.views.explain import for_child

            return for_child(fb.explanation)
        return list(fb.explanation)

    def _child_mistake(self, response: Any, fb: Any) -> str:
        """After a child's last try, which of the child's own tiles did not belong, in the
        children's words («Это палочки, а не кружки»); "" where there is nothing to say gently."""
        from trainer.ui.views.mistakes import lesson_mistake

        return lesson_mistake(self.step, response, fb, True, getattr(self.lesson, "preset", "tenhou"), child=True)

    def _mistake(self, response: Any, fb: Any, final: bool) -> str:
        """What is wrong with the learner's own answer, from the engine's explanation API."""
        from trainer.ui.views.mistakes import lesson_mistake

        text = self.view.text if self.view is not None else None
        return lesson_mistake(self.step, response, fb, final, getattr(self.lesson, "preset", "tenhou"), text=text,
                              plain_shanten=not self.count_taught())

    def count_taught(self) -> bool:
        """Whether the learner has been taught the shanten count (2 × sets still to make − partial
        sets − the pair): this lesson is :data:`SHANTEN_COUNT_LESSON` or comes after it (among its
        prerequisites, at any depth).  Before it a wrong shanten is explained in plain words."""
        lessons = self.app.library().lessons
        seen, todo = set(), [self.lesson.id]
        while todo:
            lesson_id = todo.pop()
            if lesson_id == SHANTEN_COUNT_LESSON:
                return True
            if lesson_id not in seen and lesson_id in lessons:
                seen.add(lesson_id)
                todo.extend(getattr(lessons[lesson_id], "prerequisites", ()) or ())
        return False

    def _own_words(self, mine: str) -> tuple[str, ...]:
        """The panel's text on the learner's own answer (``mine``), first in it.  The chosen
        options' own words (the view's :meth:`set_explain`) lead above it, unless ``mine`` holds
        them already in its own order (ticks of a "tick every right one" step: what is missing
        first), so nothing is said twice."""
        from trainer.ui.views.mistakes import mistake_says_options

        if mine and mistake_says_options(self.step):
            self.extra_explain = ""
        return (mine,) if mine else ()

    def _retry_hint(self, said: bool) -> str:
        """The hint under a first miss: the step's own (or its view's) at the current rung, marked
        as a hint when words on the learner's own answer come before it (``said``); the general
        fallback («Перечитайте вопрос…») only when nothing else is said."""
        text, fallback = self._hint_and_source(self.hint_level)
        if not said:
            return text
        if fallback or not text:
            return ""
        return _("**Hint:** {hint}").format(hint=text)

    def _miss_hint(self, child: bool, said: bool) -> str:
        """The hint under a first miss, never the one the learner has just read: the first rung, or
        the next after a rung asked for already (:func:`next_rung_on_miss`).  An adult who read a
        hint and whose own answer is explained (``said``) gets no hint line: the words on the
        answer stand, and H gives the next rung."""
        if child:
            self.hint_level = next_rung_on_miss(self.hint_level)
            return self._child_retry_hint()
        if self.hint_level and said:
            return ""
        self.hint_level = next_rung_on_miss(self.hint_level)
        return self._retry_hint(said)

    def _child_retry_hint(self) -> str:
        """The hint under a child's first miss, unlabelled: the step's own (or its view's) at the
        current rung, unless it shows only tiles the child already found (the bird, picked, and
        a stick missed: the hint about the bird goes); the general fallback, except under an
        option's own words on a question with one tile (no tiles to go through "one by one")."""
        text, fallback = self._hint_and_source(self.hint_level)
        if fallback and self.extra_explain and shows_one_tile(self.step):
            return ""
        if not fallback and self.view is not None and self.view.hint_shows_found(text):
            return ""
        return text

    def _answer_markup(self, fb: Any) -> str:
        """The engine's working behind the answer (the answer itself is the view's ``set_answer``)."""
        return explain(self._shown(fb))

    def retry(self) -> None:
        """Clear the marks and let the learner answer again."""
        if self.phase != "retry" or self.view is None:
            return
        self.view.clear_marks()
        self.view.lock(False)
        self.forget_double_click()  # a click on the answer now is a new try, whatever the panel shows
        self.phase = "answer"
        self.extra_explain = ""
        self.answer_line = ""
        self.feedback_kind = "hint" if self.feedback_text else None
        self._after_change()

    def _hint_text(self, level: int) -> str:
        return self._hint_and_source(level)[0]

    def _hint_and_source(self, level: int) -> tuple[str, bool]:
        """The hint at ``level`` (the view applies its marks once) and whether it is only the
        general fallback line, the step and its view having none of their own."""
        hints = getattr(self.step, "hints", [])
        auto = self.view.hint(level) if self.view is not None else ""
        if level <= len(hints):
            authored = step_text(hints[level - 1], self.lesson, self.app.settings.language)
            if authored and self.lesson.audience == "child" and (
                    (level == 1 and self.step.kind == "pick_tiles") or self.step.kind == "arrange"):
                # A child gets one short line: the highlighted tiles already say "look here", and
                # the panel leaves the palette its child-sized tiles; a sort step's own hint says
                # what this row needs, never the order of all four families.
                return authored, False
            return BR.join(t for t in (authored, auto) if t), False
        if auto:
            return auto, False
        return fallback_hint(self.step, level, self.lesson.audience == "child"), True

    def hint(self) -> None:
        """Next rung of the hint ladder; the third shows the solution."""
        if self.view is None or not self.view.quiz or self.phase == "done":
            return
        if self.phase == "retry":
            self.retry()
        self.hint_level += 1
        if self.hint_level >= 3:
            self.show_solution()
            return
        self.feedback_kind = "hint"
        self.feedback_text = self._hint_text(self.hint_level)
        self._after_change()

    def show_solution(self) -> None:
        """Reveal the answer (counts as shown, and as a miss if not yet answered)."""
        if not self.recorded:
            self._record(False)
        self.phase = "done"
        self.results[self.index] = "shown"
        self._mark_final_from_engine()
        self.feedback_kind = "shown"
        self.view.lock(True)
        self._after_change()

    def _mark_final_from_engine(self) -> None:
        try:
            ans = answers.answer(self.step, self.lesson)
        except Exception as exc:
            self.feedback_kind = "error"
            self.feedback_text = str(exc)
            return
        fb = answers.Feedback(False, ans.value, ans.explanation, ans.display)
        self.extra_explain = self.answer_line = ""
        self.view.clear_marks()
        self.view.mark(fb, final=True)
        self.feedback_text = self._answer_markup(fb)

    def _record(self, correct: bool) -> None:
        """Record the step's first answer.  A miss also stores how to show the step again,
        ``{"lesson", "step"}`` (:func:`trainer.ui.views.review_items.step_spec`), so the review
        session brings that very step back until it is learned (docs/progress.md); a step right at
        once stays out of the reviews."""
        from trainer.ui.views.review_items import step_spec

        self.recorded = True
        seconds = min(MAX_SECONDS, max(0.0, self.app.time - self.step_started))
        self.answer_seconds = seconds
        self.app.record_answer("lesson", self.lesson.step_key(self.index), self.lesson.step_skill(self.index),
                               correct, seconds, min(self.hint_level, 3),
                               spec=None if correct else step_spec(self.lesson, self.index))

    def _after_change(self) -> None:
        self._save_results()
        self._update_buttons()
        self._child_focus_on_next()
        self.relayout()
        self.app.invalidate()

    def _child_focus_on_next(self) -> None:
        """Once a child's quiz step shows its answer, the keyboard focus leaves the tiles and cards
        for «Дальше»: a frame left on one would read as "this one" beside the answer's own marks."""
        quiz = self.view is not None and self.view.quiz
        if self.lesson.audience == "child" and quiz and self.phase == "done" and self.main_btn.visible \
                and self.focused_widget() is not self.main_btn:
            self.set_focus(self.main_btn)

    def next(self) -> None:
        """Go to the next step (or to the summary after the last one)."""
        if self.index not in self.results:
            self.results[self.index] = "seen"
            self._save_results()
        if getattr(self, "redo_drill", None) == self.index:
            # A drill run again from the summary: its result goes straight to the summary (the
            # other steps were all done already).
            self.redo_drill = None
            self.finish()
            return
        if self.index + 1 >= len(self.lesson.steps):
            self.finish()
            return
        self.go(self.index + 1)

    def previous(self) -> None:
        """Go back one step: a step answered before shows that answer, read-only (it is not
        graded again, and Enter goes on)."""
        if self.index > 0:
            self.go(self.index - 1)

    def go(self, index: int) -> None:
        """Open step ``index`` and remember it for "continue where I stopped"."""
        self._count_study_time()
        self.index = index
        self._reset_step()
        self._save_position()
        self.focus = None
        self.view = None  # a step opened afresh: nothing of the last view's input is kept (Screen.rebuild)
        self.rebuild()
        self._show_earlier()
        self.app.invalidate()

    def _save_position(self) -> None:
        app = self.app
        if app.progress is not None and app.learner_id is not None:
            try:
                app.progress.save_lesson_step(app.learner_id, self.lesson.id, self.index)
            except Exception as exc:
                app.progress_failed(exc)
        try:
            app.remember(last_lesson=self.lesson.id, last_step=self.index)
        except ValueError:
            pass

    def enter(self) -> None:
        super().enter()
        if self.study_from is None and not self.finished:
            self.study_from = self.app.time  # back on the step (from a drill, the glossary...): the clock runs on
        if self.view is not None and hasattr(self.view, "returned"):
            self.view.returned()
        if not self.params.get("_saved"):
            self.params["_saved"] = True
            self._save_position()

    def leave(self) -> None:
        """Another screen opens over the lesson: the step's study clock stops (a drill records its
        own answers' time), except under a play step's table, where the learner plays the step;
        the lesson closes: the step's study time is counted."""
        super().leave()
        if self not in self.app.stack:
            self._count_study_time()
        elif self.study_from is not None and not (self.step.kind == "play" and not self.finished):
            self.study_seconds += max(0.0, self.app.time - self.study_from)
            self.study_from = None

    def closing(self) -> None:
        """The window closes on the lesson: the open step's study time is counted."""
        self._count_study_time()

    def _count_study_time(self) -> None:
        """Count the time spent on the step being left as study time (progress «Time spent»): the
        time it was on screen, at most MAX_SECONDS a visit like an answer's time, less what its
        recorded answer counted already; a text or show step records no answer, so this is its
        reading time.  Nothing is recorded as an answer (:meth:`ProgressStore.record_study_time`)."""
        if getattr(self, "study_from", None) is None and not getattr(self, "study_seconds", 0.0):
            return
        spent = self.study_seconds + (self.app.time - self.study_from if self.study_from is not None else 0.0)
        seconds = min(MAX_SECONDS, max(0.0, spent)) - self.answer_seconds
        self.study_from, self.study_seconds, self.answer_seconds = None, 0.0, 0.0
        app = self.app
        if seconds < 1.0 or app.progress is None or app.learner_id is None:
            return  # a step clicked through: nothing worth a write
        try:
            app.progress.record_study_time(app.learner_id, seconds)
        except Exception as exc:
            app.progress_failed(exc)

    def drill_done(self, index: int, right: int, total: int) -> None:
        """A drill step reports its result."""
        self.drill_results[index] = (right, total)
        self.results[index] = drill_result_kind(self.lesson, index, right, total)
        self._save_results()
        self._update_buttons()
        self.relayout()

    # ---------------------------------------------------------------- summary

    def quiz_score(self) -> tuple[int, int]:
        """(steps right on the first try, quiz steps answered)."""
        quiz = [i for i, s in enumerate(self.lesson.steps) if s.interactive and s.kind not in ("drill", "play")]
        right = sum(1 for i in quiz if self.results.get(i) == "right")
        return right, len(quiz)

    def passed(self) -> bool:
        """Complete when every drill that counts (:func:`counts_for_completion`: not a warm-up)
        reached its pass ratio (children's lessons always pass)."""
        if self.lesson.audience == "child":
            return True
        return not self.failed_drills()

    def worth_another_pass(self) -> bool:
        """A lesson passed (it counts as done) with fewer than :data:`LOW_FIRST_TRY` of its quiz
        steps right on the first try: the summary suggests going through it again.  Never for a
        child (a child's summary always praises)."""
        if self.lesson.audience == "child" or not self.passed():
            return False
        right, total = self.quiz_score()
        return bool(total) and right / total < LOW_FIRST_TRY

    def failed_drills(self) -> list[int]:
        """The step indices of the drills that count for completion and are short of their pass
        mark (not played yet counts as short), in lesson order."""
        out = []
        for i, s in enumerate(self.lesson.steps):
            if counts_for_completion(self.lesson, i):
                r, t = self.drill_results.get(i, (0, 0))
                if not t or r / t < s.pass_ratio:
                    out.append(i)
        return out

    def finish(self) -> None:
        """Show the summary and store the lesson as complete when it passed; one that did not
        keeps its answers, and "continue" opens the first drill to run again."""
        self._count_study_time()  # the last step's
        self.finished = True
        right, total = self.quiz_score()
        score = right / total if total else 1.0
        app = self.app
        passed = self.passed()
        if passed and app.progress is not None and app.learner_id is not None:
            try:
                app.progress.complete_lesson(app.learner_id, self.lesson.id, score)
            except Exception as exc:
                app.progress_failed(exc)
        self._save_results()
        failed = self.failed_drills() if not passed else []
        if failed:
            self.index = failed[0]  # where "continue" comes back: the drill to run again
            self._save_position()
        elif app.settings.last_lesson == self.lesson.id:
            try:
                app.remember(last_lesson="", last_step=0)
            except ValueError:
                pass
        self.focus = None
        self.view = None  # the summary: no step's input to keep
        self.rebuild()

    def _next_lesson_id(self) -> str | None:
        """The next open or started lesson after this one on the learner's path (a child's stays
        on the children's track, an adult's on the adult tracks), never one of another rule
        system (a riichi lesson never leads to a Chinese-rules one, see
        :func:`~trainer.ui.views.lesson_order.same_rules`); after the last one, the first open
        one before it.  A lesson off the path (a parent trying a children's lesson) goes on
        within its own track."""
        from trainer.ui.views.lesson_order import lesson_states, path_lessons, path_tracks, same_rules

        lib = self.app.library()
        states = lesson_states(self.app, lib)
        tracks = path_tracks(self.app.settings)
        order = path_lessons(lib, tracks if self.lesson.track in tracks else (self.lesson.track,))
        ids = [x.id for x in order]
        start = ids.index(self.lesson.id) + 1 if self.lesson.id in ids else 0
        for lesson in order[start:] + order[:start]:
            if lesson.id != self.lesson.id and states.get(lesson.id) in ("open", "started") \
                    and same_rules(lesson.track, self.lesson.track):
                return lesson.id
        return None

    def _build_summary(self) -> None:
        """A lesson complete: Repeat, Back to lessons and Next lesson (Enter); complete with few
        answers right on the first try (:meth:`worth_another_pass`): Repeat (Enter) first, then Back
        to lessons and Next lesson.  One short of a drill's pass mark: Repeat, Back to lessons and
        Run the drill again (Enter), never "next"."""
        again = self.worth_another_pass()
        self.summary_buttons.append(self.add(Button(_("Repeat the lesson"), self._repeat,
                                                    kind="primary" if again else "secondary",
                                                    hotkey="Enter" if again else None)))
        self.summary_buttons.append(self.add(Button(_("Back to lessons"), self.back, kind="secondary")))
        if not self.passed():
            failed = self.failed_drills()
            if failed:
                self.summary_buttons.append(self.add(Button(
                    _("Run the drill again"), lambda: self._redo_drill(failed[0]), kind="primary", hotkey="Enter")))
            return
        nxt = self._next_lesson_id()
        if nxt is not None:
            self.summary_buttons.append(self.add(Button(
                _("Next lesson"), lambda: self.app.replace("lesson", lesson_id=nxt),
                kind="secondary" if again else "primary", hotkey=None if again else "Enter")))

    def _redo_drill(self, index: int) -> None:
        """Run one drill of the lesson again (its old result goes); Next after it goes straight
        back to the summary, with every other answer of the lesson kept."""
        self.finished = False
        self.drill_results.pop(index, None)
        self.results.pop(index, None)
        self._save_results()
        self.redo_drill = index
        self.go(index)
        if self.view is not None and getattr(self.view, "blocks_next", False):
            self.view.start()

    def _repeat(self) -> None:
        self.finished = False
        self.results.clear()
        self.drill_results.clear()
        self._save_results()
        self.go(0)

    def _layout_summary(self) -> None:
        L = self.app.layout
        a = self.step_area
        w = min(a.width, L.px(900))
        self.summary_rect = pygame.Rect(a.centerx - w // 2, a.top + L.px(20), w, min(a.height - L.px(20), L.px(360)))
        n = len(self.summary_buttons)
        gap = L.px(12)
        bw = (w - L.px(48) - gap * (n - 1)) // max(1, n)
        x = self.summary_rect.left + L.px(24)
        for b in self.summary_buttons:
            b.rect = pygame.Rect(x, self.summary_rect.bottom - L.px(24) - L.px(52), bw, L.px(52))
            x += bw + gap

    def _draw_summary(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        r = self.summary_rect
        draw_panel(surf, r, P.card, L.px(18), shadow=L.px(5), border=P.card_edge)
        head, color = self._summary_heading()
        blit_text(surf, self.app, head, L.font("title"), color,
                  (r.centerx, r.top + L.px(28)), anchor="midtop", bold=True, max_width=r.width - L.px(40))
        passed = self.passed()
        right, total = self.quiz_score()
        lines: list[tuple[str, Any]] = []
        if self.lesson.audience == "child":  # praise, not scores, for children
            lines.append((_("Every step is done. Well done!"), P.ink))
        elif total:
            lines.append((_("Right on the first try: {right} of {total}").format(right=right, total=total), P.ink))
        if self.lesson.audience != "child":
            # every drill played, and every one still short of its mark even unplayed (its result
            # not kept, or the learner came back to the summary before running it again)
            for i in sorted(set(self.drill_results) | set(self.failed_drills())):
                lines.append(self._drill_line(i, *self.drill_results.get(i, (None, None))))
        if self.worth_another_pass():
            lines.append((self._missed_steps_line(), P.ink))
        if not passed:
            n = len(self.failed_drills())
            lines.append((ngettext("Run this drill again to finish the lesson: your other answers are kept.",
                                   "Run these drills again to finish the lesson: your other answers are kept.",
                                   n), P.ink))
        y = r.top + L.px(28) + self.app.line_height(L.font("title")) + L.px(20)
        buttons_top = min((b.rect.top for b in self.summary_buttons), default=r.bottom - L.px(24))
        width = r.width - L.px(40)
        for name in ("large", "body", "small"):  # the largest type at which every line fits whole
            size = L.font(name)
            rows = [(part, color) for line, color in lines for part in self.app.wrap(line, size, width)]
            gap = L.px(6 if name == "large" else 4)
            if y + len(rows) * (self.app.line_height(size) + gap) <= buttons_top - L.px(8):
                break
        for part, color in rows:
            blit_text(surf, self.app, part, size, color, (r.centerx, y), anchor="midtop", max_width=width)
            y += self.app.line_height(size) + gap
        for b in self.summary_buttons:
            # A label too long for its share of the row (with its key badge) takes the smaller type.
            room = b.rect.width - L.px(24)
            need = self.app.text_width(b.label, L.font(b.size), True)
            if b.hotkey:
                need += self.app.text_width(b.hotkey, L.font("tiny"), True) + L.px(14)
            if need > room and b.size != "small":
                b.size = "small"

    def _summary_heading(self) -> tuple[str, Any]:
        """The summary's heading and its colour: a cheer in the success colour for a lesson passed,
        a plain "done, worth another pass" when few answers were right on the first try
        (:meth:`worth_another_pass`), "almost there" when a drill is short of its mark."""
        if self.worth_another_pass():
            # TRANSLATORS: a lesson summary's heading when the lesson counts as done but fewer than half of
            # its questions were right on the first try (ru: «Урок пройден — стоит повторить»).
            return _("Lesson done — worth another pass"), P.ink
        if self.passed():
            return _("Lesson complete!"), P.right
        return _("Almost there"), P.accent_dark

    def _missed_steps_line(self) -> str:
        """The quiz steps not right on the first try, by their numbers on the progress bar ("Worth
        another look: steps 2, 5 and 9."), for a summary that suggests another pass."""
        quiz = [i for i, s in enumerate(self.lesson.steps) if s.interactive and s.kind not in ("drill", "play")]
        numbers = [format_number(i + 1) for i in quiz if self.results.get(i) != "right"]
        listed = _("{a} and {b}").format(a=", ".join(numbers[:-1]), b=numbers[-1]) if len(numbers) > 1 \
            else "".join(numbers)
        # TRANSLATORS: a lesson summary's line; {steps} are step numbers ("2, 5 and 9"; ru: «Стоит
        # посмотреть ещё раз: шаги 2, 5 и 9.»).
        return ngettext("Worth another look: step {steps}.", "Worth another look: steps {steps}.",
                        len(numbers)).format(steps=listed)

    def _drill_line(self, index: int, right: int | None, total: int | None) -> tuple[str, Any]:
        """A drill's line on the summary: its name, its score and, for one that counts, the pass
        mark; a warm-up says that it does not count; one with no result (``None``) says that it
        is not passed yet and what it takes."""
        from trainer.ui.views.drill_catalog import generator_title

        step = self.lesson.steps[index]
        name = generator_title(step.generator)
        if right is None or total is None:
            n = int(getattr(step, "n", 0) or 0)
            # TRANSLATORS: a lesson summary's line for a drill not run (again) yet; {need} of {total}
            # exercises right passes it (ru: «Тренировка «…»: ещё не пройдена — для зачёта нужно 10 из 12»).
            return (_("Drill “{name}”: not passed yet — {need} of {total} needed to pass").format(
                name=name, need=pass_mark(step.pass_ratio, n), total=n), P.wrong)
        if not counts_for_completion(self.lesson, index):
            return (_("Warm-up “{name}”: {right} of {total} (it does not decide the lesson)").format(
                name=name, right=right, total=total), P.ink_muted)
        need = pass_mark(step.pass_ratio, total)
        if total and right >= need:
            return (_("Drill “{name}”: {right} of {total} — passed").format(name=name, right=right, total=total),
                    P.right)
        return (_("Drill “{name}”: {right} of {total} — {need} needed to pass").format(
            name=name, right=right, total=total, need=need), P.wrong)


# ---------------------------------------------------------------- one step as a review card


@register_screen("lesson_review")
class LessonStepReviewScreen(LessonScreen):
    """One lesson step shown again as a review card.  The review session (``review``) opens it for
    a due card whose spec is ``{"lesson", "step"}``, a step the learner once missed (see
    :mod:`trainer.ui.views.review_items`).  The step is shown, hinted and graded exactly as in the
    lesson (one retry, the answer after a second miss), and its first answer is recorded as a
    review of the same card.  The main button then goes back to the review, which goes on to its
    next card; Esc leaves the review, as on any other card of it.  The lesson itself is left
    alone: no resume point, no run results, no summary.

    Params: ``lesson_id``, ``step`` (the index), ``item_id`` (the card), ``position`` (the
    review's ``(index, n, right, results)``), ``title``, ``on_done(result)`` (the step's result:
    ``right``, ``retry``, ``wrong``, ``shown`` or ``seen``) and ``on_leave()``."""

    def _restore_results(self) -> None:
        """A review card starts afresh: no lesson run is resumed."""

    def _save_results(self) -> None:
        """A review card keeps no lesson run."""

    def _save_position(self) -> None:
        """A review card moves neither the lesson's resume point nor "continue where I stopped"."""

    def _record(self, correct: bool) -> None:
        """The first answer, as a review of the card the session showed (the same item and spec);
        a further round of the session records practice (``source`` "drill"), not the day's reviews."""
        from trainer.ui.views.review_items import step_spec

        self.recorded = True
        seconds = min(MAX_SECONDS, max(0.0, self.app.time - self.step_started))
        self.answer_seconds = seconds
        item_id = str(self.params.get("item_id") or self.lesson.step_key(self.index))
        self.app.record_answer(str(self.params.get("source") or "review"), item_id, self.lesson.step_skill(self.index), correct, seconds,
                               min(self.hint_level, 3), spec=step_spec(self.lesson, self.index))

    def review_position(self) -> tuple[int, int, int, tuple[str, ...]]:
        """The review around this card: (this card's index, cards in all, right so far, results so far)."""
        i, n, right, results = self.params.get("position") or (0, 1, 0, ())
        return int(i), max(1, int(n)), int(right), tuple(results)

    def title(self) -> str:
        return self.params.get("title") or _("Review")

    def header_extra(self) -> str:
        i, n, right, _results = self.review_position()
        return _("From the lesson “{lesson}” · exercise {i} of {n} · {right} right").format(
            lesson=lesson_title(self.lesson, self.app.settings.language), i=i + 1, n=n, right=right)

    def _update_buttons(self) -> None:
        super()._update_buttons()
        if self.finished:
            return
        self.prev_btn.visible = False
        if not (self.view is not None and self.view.quiz and self.phase in ("answer", "retry")):
            i, n, _right, _results = self.review_position()
            self.main_btn.label = _("Finish") if i + 1 >= n else _("Next")

    def previous(self) -> None:
        """No earlier step inside a review card."""

    def next(self) -> None:
        """Back to the review with this card's result; the review goes on to its next card."""
        done = self.params.pop("on_done", None)  # once, whatever is pressed twice
        result = self.results.get(self.index, "seen")
        self.app.pop()
        if done is not None:
            done(result)

    def back(self) -> None:
        """Esc: leave the review."""
        self.leave_review()

    def _draw_progress(self, surf: pygame.Surface) -> None:
        """The review's dots (one per card, this one highlighted), not the lesson's steps."""
        L = self.app.layout
        area = L.content()
        i, n, _right, results = self.review_position()
        gap = L.px(4)
        w = (area.width - gap * (n - 1)) / n
        child = self.lesson.audience == "child"  # no red for children (curriculum §1.4)
        colors = {"right": P.right, "retry": P.accent, "wrong": P.hint if child else P.wrong, "shown": P.hint}
        for k in range(n):
            r = pygame.Rect(round(area.left + k * (w + gap)), L.header_h + L.px(8), max(2, round(w)), L.px(7))
            if k < i:
                col = colors.get(results[k] if k < len(results) else "", P.felt_dark)
            elif k == i:
                col = colors.get(self.results.get(self.index, ""), P.accent)
            else:
                col = P.felt_dark
            pygame.draw.rect(surf, col, r, border_radius=r.height)
