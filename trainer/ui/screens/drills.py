"""Drill sessions: one generated exercise after another, and the review session of the
exercises a learner is about to forget.

The session grades every item against the exercise's engine-computed answer, gives one
retry, shows the explanation, and records each first answer in the learner's progress.
The list of drills and the settings form live in :mod:`trainer.ui.screens.drill_menu`.

:class:`KuntoPracticeScreen` is the same session for the seed's kunto procedure
(000:3459-3471), where :class:`trainer.engine.exercises.kunto_practice.KuntoPractice` decides the
next question from the learner's answers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from trainer.engine.exercises.kunto_practice import KuntoPractice, PracticeError, Settings
from trainer.engine.tiles import kind_name
from trainer.i18n import N_, _, ngettext, pgettext
from trainer.ui.kunto_words import (
    drawn_line,
    exchange_line,
    raise_mistake,
    settings_text,
    shanten_mistake,
    throwback_mistake,
    value_mistake,
    way_line,
    yaku_mistake,
)
from trainer.ui.question_texts import merge_equal_tiles
from trainer.ui.registry import register_screen
from trainer.ui.richtext import BR
from trainer.ui.screens.base import Screen
from trainer.ui.theme import PALETTE
from trainer.ui.views.drill_catalog import generator_title, generators
from trainer.ui.views.exercise import ExerciseView
from trainer.ui.views.exercise_labels import kids_praise
from trainer.ui.views.explain import discard_contrast, explain, explain_item, fu_only, manners_pick_line
from trainer.ui.views.feedback import (
    FeedbackSlide,
    RetryOnTouch,
    ScrollingFeedback,
    draw_feedback_body,
    feedback_overflow,
    panel_height,
)
from trainer.ui.views.inputs import RichBlock
from trainer.ui.views.kids_drill_words import KIDS_HINTS as KIDS_HINTS
from trainer.ui.views.kids_drill_words import asked_tile
from trainer.ui.views.kids_drill_words import hint_rungs as kids_hint_rungs
from trainer.ui.views.kids_miss_words import discard_miss_words
from trainer.ui.views.mistakes import drill_mistake, drill_working, your_choice
from trainer.ui.views.placement import content_bottom
from trainer.ui.widgets import Button, blit_text, draw_panel

P = PALETTE


# The hint ladder's first rung (where to look), by the kind of the question's first explanation item.
HINT_WHERE = {
    "wait": N_("Look at the shapes that are not complete yet: the hand waits around them."),
    "named_wait": N_("Look at the shapes that are not complete yet: the hand waits around them."),
    "shanten": N_("Count the complete sets and pairs first, then the shapes that still need a tile."),
    "shanten_form": N_("Count the complete sets and pairs first, then the shapes that still need a tile."),
    "discard": N_("Look for the tile that helps the hand least: one in no shape, or one that can no longer "
                  "make one (a spare copy beside a complete set, with no copy left to come)."),
    "yaku": N_("Look at the whole hand: what sets it has, its pair, and how it was won."),
    # a hand whose fu are one fixed figure (seven pairs; explain.fu_only's first item): its form, not the count
    "fu_fixed": N_("Look at the hand's form first: which form is it, and how does that form get its fu?"),
    "fu": N_("Look at the hand's form first. Four sets and a pair: go in order — the base, how the hand was won, "
             "each triplet or quad, the pair, the wait."),
    # right both ways: a dealer's win is paid more, and in a non-dealer's tsumo the dealer pays more
    "points": N_("Find the han in the payment table, then the fu. A dealer's win is paid 1.5 times as much; when a "
                 "non-dealer wins by tsumo, the dealer pays twice what each other player pays."),
    "tile_name": N_("Look at the marks on the tile: their shape, how many there are, their color."),
    "tile_family": N_("Look at the marks on the tile: their shape, how many there are, their color."),
    "tile_number": N_("Look at the marks on the tile: their shape, how many there are, their color."),
    "manners_rule": N_("Ask yourself: does it spoil the game, or its fairness, for the others?"),
    "mcr_reading": N_("Read the hand's sets first; then, from the biggest fan down, ask of each smaller one: does a "
                      "fan already counted imply it?"),
    "mcr_wait": N_("Try each MCR form in turn: four sets and a pair, seven pairs, thirteen orphans, the knitted "
                   "forms."),
    "kunto_value": N_("Add each winning tile to the hand in turn and count the kinds you hold four of."),
    "kunto_no_yaku": N_("Look at the whole hand: what sets it has, its pair, and how it was won."),
    "kunto_raise": N_("Look for a tile that stands in the way of a yaku: without it, one new tile adds one."),
    # the small drills: where to look, never which answer (a yes/no hand gets the same words either way)
    "dora": N_("Take each indicator in turn: the dora is the next tile after it in its own suit, or among the "
               "winds, or among the dragons."),
    "group": N_("Look at what the tile is first: a number tile (which number?), a wind or a dragon."),
    "filter": N_("Look at what each tile is: a number tile (which number?), a wind or a dragon."),
    "set": N_("Try each tile beside the two: does it make three numbers in a row of one suit, or three of the "
              "same tile?"),
    "set_judge": N_("Look at the suit of each tile first, then at the numbers."),
    "reading": N_("Try to split the hand into sets and one pair, and see whether any tile is left over."),
    "not_complete": N_("Try to split the hand into sets and one pair, and see whether any tile is left over."),
    "furiten": N_("Find the hand's waits first; then look for them in your own river, and among the tiles the "
                  "others threw since your last discard (after a riichi: since the riichi)."),
    # TRANSLATORS: {genbutsu}, {suji} and {walls} are the terms, linked (pgettext "inline term").
    "safest": N_("Start with the tiles the riichi player cannot win on, {genbutsu}: those in their "
                 "river and those let pass after the riichi; then {suji} and {walls}."),
}


MCR_FORM_HINTS = {
    "thirteen_orphans": N_("This hand has no sets: a 1 and a 9 of each suit, every wind and dragon, and one of them "
                           "twice, a form that is a fan of its own. Count it; then, from the biggest fan down, ask of "
                           "each other one: does a fan already counted imply it?"),
    "honors_knitted": N_("This hand has no sets: fourteen single tiles, honors and the knitted 147, 258, 369 in "
                         "different suits. Are all seven honors there? Count that form's fan; then, from the biggest "
                         "fan down, ask of each other one: does a fan already counted imply it?"),
    "seven_pairs": N_("This hand has pairs, not sets: count the fan of its form first; then, from the biggest fan "
                      "down, ask of each smaller one: does a fan already counted imply it?"),
}
"""The hint ladder's first rung on an MCR count whose hand has no sets (the ``mcr_reading`` item's
form), instead of ``HINT_WHERE["mcr_reading"]``, which sends the learner to the sets first."""

def HINT_TERMS() -> dict[str, str]:  # noqa: N802 - a table, built in the current language
    """The terms a hint names in a sentence, each in the form the sentence needs and linked to
    its glossary card: «генбуцу», "genbutsu" (not the glossary's name "Safe tile")."""
    from trainer.ui.richtext import term_word

    return {"genbutsu": term_word("genbutsu", pgettext("inline term", "genbutsu")),
            "suji": term_word("suji", pgettext("inline term", "suji")),
            "walls": term_word("kabe", pgettext("inline term", "walls"))}


# The first rung of a waits question by the shapes the engine finds the hand waiting in (its
# explanation items' ``shapes``): the runs not yet complete, a lone tile, pairs; one sentence each.
WAIT_SHAPE_WHERE = {
    "run": N_("Look at the runs that are not complete yet: the hand waits for the tiles that finish them."),
    "tanki": N_("Look for a tile without a partner: the hand waits for a second one to make its pair."),
    "shanpon": N_("Look at the pairs: the hand waits for a third tile to make one of them a triplet."),
}
WAIT_SHAPE_KIND = {"ryanmen": "run", "kanchan": "run", "penchan": "run", "tanki": "tanki", "shanpon": "shanpon"}
"""The engine's basic wait shapes (``trainer.engine.waits``) by the sentence of WAIT_SHAPE_WHERE."""

# Explanation items that may be shown one part at a time on the middle rung (each is one piece of
# the answer, never all of it).
HINT_PARTIAL_KINDS = ("wait", "fu", "yaku", "mcr_fan", "mcr_wait")

# Which explanation items a question shows (the rest are about other questions of the same hand).
EXPLAIN_KINDS = {
    "fu_total": ("fu", "total"), "fu_breakdown": ("fu", "total"), "yaku": ("yaku", "dora", "total"),
    "yaku_and_han": ("yaku", "dora", "total"), "han_total": ("yaku", "dora", "total"),
}


FURITEN_RETRY = N_("The hand waits on {waits}. Is one of them in your own river, or among the tiles the others "
                   "threw since your last discard (after a riichi: since the riichi)?")
"""A furiten answer's retry: the waits, and where to look for them (not whether ron is allowed)."""


YAKU_HAN_QUESTION = N_("Tick every yaku, then type the hand's han (each dora adds one).")
"""The yaku drill's "both" question (``yaku_and_han``): the yaku ticked and the han typed."""


class YakuHanView(ExerciseView):
    """The yaku drill's "both" question: tick the yaku, then type the hand's han (the ticks-and-total
    form of :class:`ExerciseView`, its question, its box's label and its answer in han)."""

    def __init__(self, host: Any, ex: Any) -> None:
        super().__init__(host, ex)
        from trainer.ui.views.exercise_labels import QUESTIONS

        self.prompt.text = self.prompt.text.replace(_(QUESTIONS["yaku_and_han"]), _(YAKU_HAN_QUESTION), 1)

    @staticmethod
    def total_label() -> str:
        return _("Han in all:")

    def layout(self, area: pygame.Rect) -> None:
        """As :meth:`ExerciseView.layout`; when even the tightened layout runs the han row under
        ``area`` (a retry or a hint panel below a hand with two-line yaku names), the han box goes
        beside the hand, where the row of the hand has room, and its keypad steps aside (digits
        typed anywhere still go into the box)."""
        super().layout(area)  # the keypad back under the yaku first (ExerciseView: ``total_beside``)
        field = self.fields[0][1]
        bottom = max(r.bottom for r in (field.rect, *(k.rect for k in self.keys if k.visible)))
        if bottom > area.bottom:
            self._tuck()

    def _tuck(self) -> None:
        """The han box and its label beside the hand (right of its panel), the keypad hidden; left
        as laid out when the hand's row has no room for them."""
        row = self.hand_row
        if row is None:
            return
        L = self.app.layout
        panel = row.rect.inflate(L.px(36), L.px(24))  # the hand's panel, as ExerciseView draws it
        area_right = L.content().right
        fw, fh = L.px(150), L.px(40)
        label_h = self.app.line_height(L.font("small"))
        room = area_right - panel.right - L.px(12)
        width = max(fw, self.app.text_width(self.total_label(), L.font("small"), bold=True))
        if room < width or panel.height < label_h + fh:
            return
        x = panel.right + L.px(12) + (room - width) // 2
        top = panel.centery - (label_h + fh) // 2
        self.fields[0][1].rect = pygame.Rect(x, top + label_h, fw, fh)
        self.total_label_pos = (x, top + label_h // 2)
        for k in self.keys:
            k.visible = False
        self.total_beside = True

    def answer_markup(self) -> str:
        """The yaku of the hand and its han: «Ответ: пинфу, иипейко; 3 хана»."""
        from trainer.i18n import han_text
        from trainer.ui.views.exercise_labels import option_label

        right, han = self.ex.answer
        names = [option_label(o) or o.value for o in self.ex.prompt.options if o.value in right]
        # TRANSLATORS: the answer to "tick the yaku and type the han": the yaku, then the han ("3 han").
        return _("The answer: {yaku}; {han}").format(yaku=", ".join(names), han=han_text(int(han)))


RIGHT_RESULTS = ("right", "hinted", "retry")
"""The results of a question answered right (at once, after a hint, on the second try)."""


def exercise_view(host: Any, ex: Any) -> ExerciseView:
    """The view of a drill exercise (the yaku-and-han question has its own)."""
    return (YakuHanView if ex.prompt.question == "yaku_and_han" else ExerciseView)(host, ex)


def yaku_han_mistake(ex: Any, response: Any, final: bool, labels: list[str]) -> str:
    """What is wrong with a yaku-and-han answer: the ticks as the yaku drill judges them (a wrong
    tick, a yaku left out), then the han typed.  On the retry the han line says how to count
    (the han of each yaku, one for each dora) without the figure; after the final try it gives
    both figures."""
    import dataclasses

    from trainer.i18n import han_text

    ticked, total = frozenset(response[0]), int(response[1])
    right, han = ex.answer
    lines = []
    if ticked != right:  # the yaku drill's own words on the ticks
        as_yaku = dataclasses.replace(ex, answer=right, prompt=dataclasses.replace(
            ex.prompt, question="yaku", input="multi_choice"))
        lines.append(drill_mistake(as_yaku, ticked, final, labels[:-1]) or your_choice(labels[:-1]))
    if total != han:
        yaku_han = sum(int(i.get("han") or 0) for i in ex.explanation if i.get("kind") == "yaku")
        dora = sum(int(i.get("count") or 0) for i in ex.explanation if i.get("kind") == "dora")
        no_dora = bool(dora) and total == yaku_han
        if final:
            line = _("Your han total: {yours}; the hand is worth {right}.").format(
                yours=han_text(total), right=han_text(int(han)))
            if no_dora:
                line += " " + _("The dora were left out: each one adds a han.")
        elif no_dora:
            line = _("Your han total counts the yaku alone: each dora adds one han too.")
        elif ticked == right:
            line = _("Your yaku are right, the han total is not: add up the han of each yaku, then one han for "
                     "each dora.")
        else:
            line = _("Check the han total too: add up the han of each yaku, then one han for each dora.")
        lines.append(line)
    return BR.join(t for t in lines if t)


def payment_mistake(ex: Any, response: Any, final: bool) -> str:
    """What is wrong with a typed payment: with two boxes, which one is wrong (a right share is
    named right); the usual slips that give the wrong boxes' numbers (the engine's
    :func:`~trainer.engine.explain.payment_slips`: never "the basic points" of a right box); when
    none explains them, the chain's first step to recheck.  After the final try, the whole chain
    (:func:`~trainer.ui.views.mistakes.points_text` says it, with the boxes and every box's slips)."""
    from trainer.ui.views.mistakes import payment_chain, points_text

    chain, rules = payment_chain(ex)
    given = [int(x) for x in response]
    boxes = payment_boxes_line(dict(ex.prompt.data), chain, given)
    return points_text(chain, given, rules, final, boxes=boxes, box_slips=True)


def payment_boxes_line(data: dict[str, Any], chain: dict[str, Any], given: list[int]) -> str:
    """Which of a payment's two boxes is wrong when the other is right («Неверно поле «Платит дилер»;
    поле «Платит каждый не-дилер» — верно»); "" with one box, or when every box is wrong."""
    from trainer.engine.explain import wrong_boxes
    from trainer.ui.views.exercise import pay_field_label

    names = list(data.get("fields") or ())
    wrong = wrong_boxes(chain, given)
    if len(names) < 2 or len(names) != len(given) or not 0 < len(wrong) < len(names):
        return ""
    right = next(i for i in range(len(names)) if i not in wrong)
    # TRANSLATORS: the labels of a payment's two answer boxes (ru «Неверно поле «Платит дилер»; поле … — верно.»)
    return _("The box “{wrong}” is wrong; “{right}” is right.").format(
        wrong=pay_field_label(names[wrong[0]], data.get("preset")), right=pay_field_label(names[right], data.get("preset")))


KIDS_OWN_WORDS = frozenset({"best_discard"})
"""The children's drill questions whose miss speaks of the child's own tile first (a lonely tile
given away: why the tile picked stays)."""

DECK_MOST = 7
"""A children's tile drill whose questions come from at most this many tiles (the winds and the
dragons) deals them as a deck: no tile twice until every one came."""
DECK_PROBE = 40
"""How many seeds show a tile drill's pool (the tiles they deal) before it is dealt as a deck."""
DECK_TRIES = 100
"""How many seeds after the last one dealt are tried for a tile that has not come yet."""


def deck_seeds(tile_at: Callable[[int], Any], first: int, n: int) -> list[int]:
    """``n`` seeds from ``first`` on whose tiles (``tile_at(seed)``) come as a shuffled deck: each
    question takes the next seed whose tile has not come in this deck; when every tile came (none
    new within :data:`DECK_TRIES` seeds) a new deck starts, never with the tile just asked.
    Deterministic: the seeds follow from ``first`` alone, and each rebuilds its own question."""
    seeds: list[int] = []
    came: list[Any] = []
    nxt = first
    while len(seeds) < n:
        pick = next((s for s in range(nxt, nxt + DECK_TRIES) if tile_at(s) not in came), None)
        if pick is None:
            if len(came) > 1:
                came = came[-1:]  # a new deck, the tile just asked not first
                continue
            pick = nxt  # a pool of one tile
        seeds.append(pick)
        came.append(tile_at(pick))
        nxt = pick + 1
    return seeds


def replayable(ex: Any) -> bool:
    """Whether the exercise's generator makes this very exercise again from its spec (its item id is
    ``generator:paramskey:seed``; a kunto practice's question is the practice's, not the generator's)."""
    return bool(ex.kind) and str(ex.item_id).startswith(f"{ex.kind}:") and str(ex.item_id).endswith(f":{ex.seed}")


def wait_shape_hint(items: list[dict[str, Any]]) -> str:
    """Where to look for the waits of a hand, from the shapes the engine reads it waiting in (the
    ``wait`` items' ``shapes``): a sentence for the runs not yet complete, for a lone tile (tanki),
    for pairs (shanpon), in that order; "" when an item has a shape without a sentence."""
    kinds = set()
    for item in items:
        if item.get("kind") != "wait":
            continue
        for shape in item.get("shapes") or ():
            if shape not in WAIT_SHAPE_KIND:
                return ""
            kinds.add(WAIT_SHAPE_KIND[shape])
    return " ".join(_(text) for key, text in WAIT_SHAPE_WHERE.items() if key in kinds)


# ---------------------------------------------------------------- the session


@register_screen("drill")
class DrillScreen(RetryOnTouch, FeedbackSlide, ScrollingFeedback, Screen):
    """A run of generated exercises.  Params: ``generator``, ``params`` (dict), ``n``, ``seed``,
    optional ``on_done(right, total)`` (a lesson's drill step) and ``title``."""

    rebuild_on_enter = False

    def __init__(self, app: Any, **params: Any) -> None:
        super().__init__(app, **params)
        self.gen = generators()[params["generator"]]
        raw = dict(params.get("params") or {})
        if app.settings.profile == "child":  # a child's profile: every drill in the children's presentation,
            raw["kids"] = True  # the drill menu's form too (its parameters say ``kids: false``)
        self.gen_params = self.gen.params(raw)
        self.kids = bool(getattr(self.gen_params, "kids", False))  # children's presentation, never failed
        self.n = int(params.get("n") or self.gen_params.n)
        self.seed = int(params.get("seed") or 0)
        self.index = 0
        self.right = 0
        self.results: list[str] = []
        self.missed: list[Any] = []  # this round's missed exercises, for the "my mistakes" round
        self.source = "drill"
        self.finished = False
        self.error = ""
        self._new_item()

    def _new_item(self) -> None:
        self.view = None  # another question: nothing of the last one's input is kept (Screen.rebuild)
        self.phase = "answer"
        self.attempts = 0
        self.feedback_kind: str | None = None
        self.feedback_text = ""
        self.started = self.app.time
        self.recorded = False
        self.hints_used = 0
        self.rungs_read = 0  # the rungs of the hint ladder the learner has read (a miss's words may end with the first)
        self.mistake_note = ""  # what the retry said about the learner's own answer: a hint adds to it
        self.last_response: Any = None
        try:
            self.ex = self._generate()
            self.error = ""
        except Exception as exc:
            self.ex = None
            self.error = _("The generator could not make an exercise: {error}").format(error=exc)

    def _generate(self) -> Any:
        """The exercise at the current index (a review or a mistakes round picks its own): the seed
        after the index's, or in a children's tile drill of a few tiles the round's dealt seed
        (:func:`deck_seeds`: no tile twice until every one came)."""
        if self.kids and self.index < self.n:
            seeds = self._dealt_seeds()
            if seeds:
                return self.gen.generate(self.gen_params, seeds[self.index])
        return self.gen.generate(self.gen_params, self.seed + self.index)

    def _dealt_seeds(self) -> list[int]:
        """This round's seeds when its questions are dealt as a deck (a children's tile question
        from a pool of at most :data:`DECK_MOST` tiles), else []; made once per round's first seed."""
        cached = getattr(self, "_deck", None)
        if cached is not None and cached[0] == self.seed:
            return cached[1]

        def tile_at(seed: int) -> str | None:
            return asked_tile(self.gen.generate(self.gen_params, seed))

        seeds: list[int] = []
        probe = {tile_at(self.seed + i) for i in range(DECK_PROBE)}
        if None not in probe and len(probe) <= DECK_MOST:
            seeds = deck_seeds(tile_at, self.seed, self.n)
        self._deck = (self.seed, seeds)
        return seeds

    def title(self) -> str:
        if self.kids:
            return generator_title(self.params["generator"], kids=True)
        return self.params.get("title") or generator_title(self.params["generator"])

    def header_extra(self) -> str:
        if self.kids:  # no score counter for children: just how far along they are
            return _("All done!") if self.finished else _("Puzzle {i} of {n}").format(i=self.index + 1, n=self.n)
        if self.finished:
            return _("{right} of {n} right").format(right=self.right, n=self.n)
        return _("Exercise {i} of {n} · {right} right").format(i=self.index + 1, n=self.n, right=self.right)

    def build(self) -> None:
        self.view: ExerciseView | None = None
        self.main_btn = self.add(Button("", self._main_pressed, kind="primary", hotkey="Enter"))
        self.hint_btn = self.add(Button(_("Hint"), self.hint, kind="ghost", hotkey="H"))
        self.again_btn = None
        self.mistakes_btn = None
        if self.finished:
            self.again_btn = self.add(Button(_("Another round"), self.again, kind="secondary"))
            if self.missed and not self.kids and not getattr(self, "mistakes", False) and self.source != "review":
                label = ngettext("My mistakes ({n})", "My mistakes ({n})", len(self.missed)).format(
                    n=len(self.missed))
                if self._in_lesson():
                    # a lesson's drill step: Enter goes back to the lesson, whose step this round
                    # counted for; the misses' round is there for a click or M (practice only)
                    self.mistakes_btn = self.add(Button(label, self.mistakes_round, kind="secondary", hotkey="M"))
                else:
                    self.mistakes_btn = self.add(Button(label, self.mistakes_round, kind="primary",
                                                        hotkey="Enter"))
                    # Enter is the misses' round (M too, :meth:`on_key`); «Done» stays a click or Esc away
                    self.main_btn.hotkey, self.main_btn.kind = None, "secondary"
        elif self.ex is not None:
            self._view_start = len(self.widgets)
            self.view = exercise_view(self, self.ex)
            if not self.restore_view_input():  # rebuilt (a resize): the input and marks as they were
                self._mark_as_phase()
        self._labels()

    def _mark_as_phase(self) -> None:
        """A view built with no input to give back: marked for the phase the question is in.  Done:
        the answer shown for good; in a retry the view only waits, locked, for "Try again" (never the
        answer: that is the last rung of the hint ladder, a choice of the learner's); answering with a
        hint read: the first rung's marks on the hand."""
        if self.phase == "done":
            self.view.mark(bool(self.results) and self.results[-1] in RIGHT_RESULTS, True)
        elif self.phase == "answer" and self.hints_used:
            self._highlight_waits()
        self.view.lock(self.phase != "answer")

    def _labels(self) -> None:
        self.hint_btn.visible = self.view is not None and not self.finished and self.phase != "done"
        if self.hint_btn.visible:
            # the press that shows the answer says so: giving up is the learner's choice, never a surprise
            self.hint_btn.label = _("Show the answer") if self._hint_shows_answer() else _("Hint")
        if self.finished:
            self.main_btn.label = _("Finish") if self.kids else pgettext("finish button", "Done")
        elif self.phase == "answer":
            self.main_btn.label = _("Check")
        elif self.phase == "retry":
            self.main_btn.label = _("Try again")
        else:
            self.main_btn.label = _("Next") if self.index + 1 < self.n else _("Finish")

    def initial_focus(self) -> int | None:
        target = self.view.initial_focus() if self.view is not None else None
        if target is not None and target in self.widgets:
            return self.widgets.index(target)
        return self.widgets.index(self._enter_button())

    def _enter_button(self) -> Button:
        """The button Enter presses (the summary's misses' round, when it has one; else the main
        button): the focus ring starts on it, so the ring and the Enter badge agree."""
        if self.finished and self.mistakes_btn is not None and self.mistakes_btn.hotkey == "Enter":
            return self.mistakes_btn
        return self.main_btn

    def _in_lesson(self) -> bool:
        """A lesson's drill step (``on_done`` given): the summary leads back to the lesson."""
        return self.params.get("on_done") is not None

    def open_term(self, term_id: str) -> None:
        from trainer.ui.views.term_card import open_term_card

        open_term_card(self, term_id)

    def layout(self) -> None:
        L = self.app.layout
        area = L.content()
        bar_h = L.px(52)
        bar_y = L.height - L.margin - bar_h + L.px(8)
        mw = max(self.main_btn.preferred_width(self.app), L.px(200))
        self.main_btn.rect = pygame.Rect(area.right - mw, bar_y, mw, bar_h)
        if self.again_btn is not None:
            aw = max(self.again_btn.preferred_width(self.app), L.px(200))
            self.again_btn.rect = pygame.Rect(self.main_btn.rect.left - aw - L.px(12), bar_y, aw, bar_h)
        if self.mistakes_btn is not None:
            ww = max(self.mistakes_btn.preferred_width(self.app), L.px(200))
            self.mistakes_btn.rect = pygame.Rect(area.left, bar_y, ww, bar_h)
        hw = max(self.hint_btn.preferred_width(self.app), L.px(130))
        self.hint_btn.rect = pygame.Rect(area.left, bar_y, hw, bar_h)
        top = area.top + L.px(18)
        bottom = bar_y - L.px(14)
        self.feedback_rect = None
        self.fb_font = "body"  # the feedback text's type: "small" when it would not fit
        if self.feedback_text or self.feedback_kind:
            from trainer.ui.richtext import layout_rich

            lay = layout_rich(self.app, self.feedback_text or " ", L.font("body"), area.width - L.px(70), P.ink)
            head_h = self.app.line_height(L.font("large")) + L.px(16)
            def quiz_bottom(limit: int) -> int:
                if self.view is None:
                    return top
                return content_bottom(self.view, pygame.Rect(area.left, top, area.width, limit - top),
                                      self.widgets[self._view_start:])

            h = panel_height(self.app, lay.height + head_h + L.px(18), top, bottom, L.px(12), quiz_bottom)
            if feedback_overflow(self.app, lay.height, h - head_h - L.px(12)) and not self.kids:
                # too long for the room the quiz leaves: a smaller type before a scroll bar
                lay = layout_rich(self.app, self.feedback_text or " ", L.font("small"), area.width - L.px(70), P.ink)
                self.fb_font = "small"
                if self.phase == "done" and feedback_overflow(self.app, lay.height, h - head_h - L.px(12)):
                    # the answer and its working, with nothing more to type: the panel grows into the
                    # room the quiz leaves when it tightens, so the working's last line (the fu sum
                    # after its items, say) shows without a scroll
                    h = self._grown_panel(h, lay.height + head_h + L.px(18), top, bottom, L.px(12), quiz_bottom)
            self.feedback_rect = pygame.Rect(area.left, bottom - h, area.width, h)
            self.fb_max = feedback_overflow(self.app, lay.height, h - head_h - L.px(12))
            self.fb_scroll = min(self.fb_scroll, self.fb_max)
            bottom = self.feedback_rect.top - L.px(12)
        else:
            self.fb_max = 0
        self.step_area = pygame.Rect(area.left, top, area.width, bottom - top)
        if self.view is not None:
            from trainer.ui.views.placement import center_view

            center_view(self.view, self.step_area, self.widgets[self._view_start:], L.px(24))

    def _grown_panel(self, h: int, want: int, top: int, bottom: int, gap: int, quiz_bottom: Any) -> int:
        """The tallest feedback panel from ``h`` up to ``want`` px under which the quiz, laid out
        (and tightened) above it, still ends clear of it."""
        def fits(height: int) -> bool:
            return quiz_bottom(bottom - height - gap) <= bottom - height - gap

        want = min(want, bottom - top - gap)
        if want <= h or fits(want):
            return max(h, want)
        lo, hi = h, want  # lo fits (the panel as placed), hi does not
        while hi - lo > self.app.layout.px(4):
            mid = (lo + hi) // 2
            if fits(mid):
                lo = mid
            else:
                hi = mid
        return lo

    def draw_content(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        self._draw_dots(surf)
        if self.error:
            blit_text(surf, self.app, self.error, L.font("body"), P.wrong_bg, self.step_area.midtop, anchor="midtop",
                      max_width=self.step_area.width)
        if self.finished:
            self._draw_summary(surf)
            return
        if self.view is not None:
            self.view.draw(surf)
        if self.feedback_rect is not None:
            from trainer.ui.richtext import layout_rich

            kind = self.feedback_kind or "hint"
            bg, edge, head = self.feedback_style(kind)
            ease = 1 - (1 - getattr(self, "fb_anim", 1.0)) ** 3
            r = self.feedback_rect.move(0, round((1 - ease) * L.px(self.slide_px)))
            draw_panel(surf, r, bg, L.px(14), shadow=L.px(3), border=edge, border_w=L.px(2))
            x, y = r.left + L.px(24), r.top + L.px(10)
            blit_text(surf, self.app, head, L.font("large"), edge, (x, y), bold=True)
            y += self.app.line_height(L.font("large")) + L.px(6)
            if self.feedback_text:
                lay = layout_rich(self.app, self.feedback_text, L.font(self.fb_font),
                                  r.width - L.px(70), P.ink)
                body = pygame.Rect(x, y, r.width - L.px(70), r.bottom - y - L.px(12))
                draw_feedback_body(surf, self.app, lay, body, self.fb_scroll, edge)
                self._feedback_layout, self._feedback_origin = lay, (x, y - self.fb_scroll)

    def feedback_style(self, kind: str) -> tuple[Any, Any, str]:
        """(background, edge colour, heading) of the feedback panel; children get praise for a right
        answer and no red: a gentle "once more", then the answer shown kindly."""
        if self.kids:
            here = self._kids_answer_heading()
            return {
                "right": (P.right_bg, P.right, kids_praise(self.index)),
                "retry": (P.hint_bg, P.hint, _("Let's try once more!")),
                "wrong": (P.hint_bg, P.hint, here),
                "shown": (P.hint_bg, P.hint, here),
            }.get(kind, (P.hint_bg, P.hint, _("Hint")))
        return {
            "right": (P.right_bg, P.right, _("Right!")),
            "retry": (P.wrong_bg, P.wrong, _("Not quite — try once more")),
            "wrong": (P.wrong_bg, P.wrong, _("Here is the answer")),
            "shown": (P.hint_bg, P.hint, _("The solution")),
        }.get(kind, (P.hint_bg, P.hint, _("Hint")))

    def _kids_answer_heading(self) -> str:
        """The heading over the answer shown to a child: a bare "Look!" over tiles (the answer under
        it names the tile once, «{2z} — это Юг: …», so the heading never says «вот он» again, nor
        guesses its gender); over a family, a number or a yes the lessons' "Look, here's how it goes!"."""
        view = self.view
        tiles = view is not None and (view.picker is not None or bool(view.buttons) and all(
            o.tiles for o in self.ex.prompt.options))
        # TRANSLATORS: the heading over the tiles shown to a 6-year-old as the answer (ru «Смотри!»).
        return pgettext("to a child", "Look!") if tiles else _("Look, here's how it goes!")

    def _draw_dots(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        area = L.content()
        gap = L.px(4)
        w = (area.width - gap * (self.n - 1)) / max(1, self.n)
        colors = {"right": P.right, "hinted": P.right, "retry": P.accent, "wrong": P.hint if self.kids else P.wrong,
                  "shown": P.hint}
        for i in range(self.n):
            r = pygame.Rect(round(area.left + i * (w + gap)), L.header_h + L.px(8), max(2, round(w)), L.px(7))
            col = colors.get(self.results[i], P.felt_dark) if i < len(self.results) else P.felt_dark
            if i == self.index and not self.finished and i >= len(self.results):
                col = P.accent
            pygame.draw.rect(surf, col, r, border_radius=r.height)
            if i < len(self.results) and self.results[i] == "hinted":
                # right with the help of a hint: green with the hint's blue over its second half
                half = pygame.Rect(r.centerx, r.top, r.right - r.centerx, r.height)
                pygame.draw.rect(surf, P.hint, half, border_top_right_radius=r.height,
                                 border_bottom_right_radius=r.height)

    def _summary_card(self, surf: pygame.Surface, width: int, height: int) -> pygame.Rect:
        """The card the end-of-session summary is written on (at most ``width`` by ``height`` px)."""
        L = self.app.layout
        a = self.step_area
        w = min(a.width, L.px(width))
        r = pygame.Rect(a.centerx - w // 2, a.top + L.px(30), w, L.px(height))
        draw_panel(surf, r, P.card, L.px(18), shadow=L.px(5), border=P.card_edge)
        return r

    def _draw_summary(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        r = self._summary_card(surf, 700, 220)
        w = r.width
        ratio = self.right / self.n if self.n else 0
        good = ratio >= 0.8 or self.kids  # a children's drill is never failed
        head = _("Well done!") if good else _("Keep practicing")
        blit_text(surf, self.app, head, L.font("title"), P.right if good else P.accent_dark,
                  (r.centerx, r.top + L.px(30)), anchor="midtop", bold=True, max_width=w - L.px(40))
        line = (_("You did all the puzzles!") if self.kids else
                _("{right} of {n} right on the first try").format(right=self.right, n=self.n))
        blit_text(surf, self.app, line, L.font("large"), P.ink, (r.centerx, r.top + L.px(110)), anchor="midtop",
                  max_width=w - L.px(40))
        helped = self.results.count("hinted")
        if helped and not self.kids:  # right after a hint that gave part of the answer: not counted above
            blit_text(surf, self.app, ngettext("With a hint: {n} more right answer",
                                               "With a hint: {n} more right answers", helped).format(n=helped),
                      L.font("body"), P.ink_muted, (r.centerx, r.top + L.px(160)), anchor="midtop",
                      max_width=w - L.px(40))

    def notice_rect(self, text: str) -> pygame.Rect | None:
        """Where a notice of the app goes: the bottom bar, clear of the panel (:meth:`Screen.bar_notice_rect`)."""
        return self.bar_notice_rect(text)

    def on_key(self, ev: pygame.event.Event) -> bool:
        ch = getattr(ev, "unicode", "")
        if ev.key == pygame.K_m and self.mistakes_btn is not None and not (ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT)):
            self.mistakes_round()
            return True
        if self.view is not None and not (ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META)):
            key_ch = {pygame.K_0: "0", pygame.K_KP0: "0", pygame.K_MINUS: "-", pygame.K_KP_MINUS: "-",
                      pygame.K_EQUALS: "=", pygame.K_KP_EQUALS: "="}.get(ev.key, "")
            n = self.view.option_key(key_ch)
            if n is not None:  # options 10-12 by the keys on their badges
                self.choose(n)
                return True
        fields = [f for _n, f in self.view.fields] if self.view is not None else []
        focused = self.focused_widget()
        if ev.key == pygame.K_h and not (ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT)) and self.hint_btn.visible:
            self.hint()  # H is the hint its button's badge offers, in a number box too (it takes digits only)
            return True
        if focused in fields and ev.key not in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and not ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            if focused.handle_key(ev):
                return True
            problem = focused.reject_message(ev)  # a character the box refused is named, not dropped silently
            if problem:
                self.app.notify(problem, "info", 4)
                return True
        if fields and fields[0].enabled and focused not in fields and (
                (ch and ch.isdigit()) or ev.key == pygame.K_BACKSPACE
                or (fields[0].allow_negative and (ch in ("-", "−") or ev.key == pygame.K_KP_MINUS))):
            # Digits always go to an answer box, wherever the focus is.
            self.set_focus(fields[0])
            return fields[0].handle_key(ev)
        return False

    # -- flow
    def _main_pressed(self) -> None:
        """The main button clicked: on the summary «Done» leaves (Enter, :meth:`submit`, may start
        the misses' round instead: that button carries the Enter badge then)."""
        if self.finished and self.main_btn.hotkey != "Enter":
            self.back()
        else:
            self.primary()

    def submit(self) -> bool:
        focused = self.focused_widget()
        if self.finished and isinstance(focused, Button) and focused.visible and focused.enabled:
            focused.activate()  # on the summary Enter presses the button the focus ring is on
        else:
            self.primary()
        return True

    def choose(self, n: int) -> bool:
        return bool(self.view is not None and self.view.choose(n))

    def primary(self) -> None:
        if self.finished:
            self._finish()
        elif self.ex is None:
            self.index += 1
            self._advance()
        elif self.phase == "answer":
            self.check()
        elif self.phase == "retry":
            self.retry()
        else:
            self.index += 1
            self._advance()

    def _finish(self) -> None:
        """Enter on the summary: the round of the learner's own misses when there is one (learning
        from them is the point of the summary), else back to where the drill was opened.  In a
        lesson's drill step Enter goes back to the lesson (a misses' round there cannot count for
        the step; it stays a click or M away)."""
        if self.mistakes_btn is not None and not self._in_lesson():
            self.mistakes_round()
        else:
            self.back()

    def _advance(self) -> None:
        if self.index >= self.n:
            self.finished = True
            cb = self.params.get("on_done")
            if cb is not None:
                cb(self.right, self.n)
        else:
            self._new_item()
        self.focus = None
        self.rebuild()

    def check(self) -> None:
        """Grade the current exercise."""
        if self.view is None:
            return
        if self.phase == "retry":
            self.retry()
        if self.phase != "answer":
            return
        resp = self.view.response()
        cut = [f for _n, f in getattr(self.view, "fields", ()) if f.cut_fraction]
        if cut and resp is not None:  # «1,5» typed: the box holds 1, which is not graded before the learner is told
            for f in cut[1:]:
                f.forget_cut()
            cut[0].tell_cut(self.app, self.main_btn.label)
            return
        if resp is None:
            self.app.notify(_("Answer first."), "info", 3)
            return
        ok = self.view.is_right(resp)
        self.last_response = resp
        self.app.play_sound("right" if ok else ("click" if self.kids else "wrong"))
        self.attempts += 1
        if not self.recorded:
            self.recorded = True
            seconds = min(300.0, self.app.time - self.started)
            self.app.record_answer(self.source, self.ex.item_id, self.ex.skill, ok, seconds,
                                   min(self.hints_used, 3), spec=self._spec(missed=not ok))
            if ok and (not self.hints_used or self.kids):
                self.right += 1  # a hint that gave part of the answer: helped, not right on the first try
            elif not ok:
                self.missed.append(self.ex)
        if ok:
            self.phase = "done"
            helped = self.hints_used and not self.kids
            self.results.append(("hinted" if helped else "right") if self.attempts == 1 else "retry")
            self.feedback_kind = "right"
            # Children get praise (the panel's heading), not the engine's working.
            self.feedback_text = "" if self.kids else explain(self._explanation())
            self.view.mark(True, True)
        elif self.attempts == 1:
            self.phase = "retry"
            self.feedback_kind = "retry"
            self.feedback_text = self._mistake_text(resp, final=False)
            self.mistake_note = self.feedback_text
            rungs = self.hint_rungs()
            said = [n for n, rung in enumerate(rungs, 1) if rung in self.feedback_text]
            if said or (rungs and self._where_said(resp)):
                # the words on the answer end with a rung (a child's: the next one), or say where to look
                self.rungs_read = max(self.rungs_read, *said, 1)
            self.view.mark(False, False)
        else:
            self.phase = "done"
            self.results.append("wrong")
            self.feedback_kind = "wrong"
            self.feedback_text = self._answer_text(resp)
            self.view.mark(False, True)
        self.view.lock(self.phase != "answer")
        self._labels()
        self._child_focus_on_next()
        self.relayout()

    def _answer_text(self, response: Any = None) -> str:
        """The learner's own answer explained, then the answer and the engine's working (children: the
        answer alone, in a few words)."""
        if self.kids:
            return self.view.kids_answer_markup()
        # given up (no answer of the learner's): the working a wrong answer would show, without «Your answer»
        mine = self._mistake_text(response, final=True, generic=not self._pick_explained(response)) \
            if response is not None else drill_working(self.ex)
        items = self._own_pick_first()
        if self.ex.prompt.question == "mcr_waits" and response is not None:
            # the missed winning tiles are in ``mine`` with their arrangements already
            missed = {kind_name(k) for k in set(self.ex.answer) - set(response)}
            items = [i for i in items if not (i.get("kind") == "mcr_wait" and i.get("tile") in missed)]
        said = set(mine.split(BR))
        working = BR.join(line for line in explain(items).split(BR) if line and line not in said)
        # the answer first: the panel's first lines show it without scrolling; then why the
        # learner's own answer is wrong, then the working (no line twice)
        parts = [t for t in (self.view.answer_markup(), mine, working) if t]
        return BR.join(parts)

    def _pick_explained(self, response: Any) -> bool:
        """Whether the engine's own explanation has a line about a tile the learner picked (then
        that line, moved to the top, says why the pick was wrong; no generic "your answer" line)."""
        if self.ex.prompt.input != "pick_tiles" or not response:
            return False
        picked = {kind_name(k) for k in response if isinstance(k, int)}
        return any(i.get("tile") in picked and not i.get("best") for i in self._explanation())

    def _mistake_text(self, response: Any, final: bool, generic: bool = True) -> str:
        """What is wrong with the learner's own answer, from the engine's explanation API; on the
        retry it never gives the answer away.  Children get one friendly nudge instead.  ``generic``:
        name the answer when nothing more specific can be said."""
        if self.kids:  # the child's own tile first, then the rung not read yet (the last one again)
            rungs = self.hint_rungs()
            rung = rungs[min(self.rungs_read, len(rungs) - 1)]
            return BR.join(t for t in (self._kids_own_words(response), rung) if t)
        labels = self._response_labels(response)
        if self.ex.prompt.question == "yaku_and_han" and response:
            text = yaku_han_mistake(self.ex, response, final, labels)
        elif self.ex.prompt.question == "payment" and response and self.ex.prompt.input == "number":
            text = payment_mistake(self.ex, response, final)
        else:
            text = drill_mistake(self.ex, self.view.graded(response), final, labels if generic else ())
        if not text and generic:
            text = your_choice(labels)
        text = BR.join(t for t in (text, self._own_detail(response, final)) if t)
        if not final and not self._where_said(response):
            where = self.hint_rungs()[0]
            text = BR.join(t for t in (text, where) if t)
        return text

    def _kids_own_words(self, response: Any) -> str:
        """A child's miss on a lonely-tile question said about the tile the child gave away, as the
        children's lesson's give-away step says it («У {4s} есть сосед…»,
        :func:`~trainer.ui.views.kids_miss_words.discard_miss_words`); "" for the other questions."""
        if self.ex.prompt.question not in KIDS_OWN_WORDS or not response:
            return ""
        picked = {k for k in response if isinstance(k, int)}
        right = {k for k in self.ex.answer if isinstance(k, int)}
        return discard_miss_words(str(self.ex.prompt.hand or ""), picked, right)

    def _own_detail(self, response: Any, final: bool) -> str:
        """More on the learner's own answer where a question's words would only repeat it: why the best
        discard beats the learner's tile; on a retry, the rule a manners option breaks or follows and a
        furiten hand's waits (where to look next).  "" for the other questions."""
        q = self.ex.prompt.question
        if not response:
            return ""
        if q == "best_discard":
            return discard_contrast(self.ex.explanation, response, final)
        if q in ("manners_right_action", "manners_spot_mistake") and not final:  # the final working names every rule
            return manners_pick_line(str(next(iter(response))))
        if q == "furiten_ron" and not final:
            waits = next((i.get("waits") for i in self.ex.explanation if i.get("kind") == "furiten"), "")
            return _(FURITEN_RETRY).format(waits="{tiles:" + waits + "}") if waits else ""
        return ""

    def _where_said(self, response: Any) -> bool:
        """Whether the retry's words on the learner's answer already say where to look, so the hint
        ladder's first rung is not added to them (it would say the same again, or send the learner
        back to what was right): the yaku-and-han question with every yaku ticked right (only the han
        is off, and its line says how to count them); a kunto hand's shanten named too high, whose
        words say where to look again (:func:`trainer.ui.kunto_words.shanten_mistake`); a discard
        beside a tile that can no longer pair (:func:`trainer.ui.views.explain.discard_contrast`); a
        furiten answer, whose retry names the waits and where to look for them."""
        q = self.ex.prompt.question if self.ex is not None else ""
        try:
            if q == "best_discard" and response:  # the learner's tile beside one that can no longer pair
                return bool(discard_contrast(self.ex.explanation, response, False))
            if q == "furiten_ron" and response:  # the waits named, and where to look for them
                return bool(self._own_detail(response, False))
            if q == "yaku_and_han" and response:
                return frozenset(response[0]) == frozenset(self.ex.answer[0])
            if q == "kunto_shanten" and response and self.ex.prompt.input == "number":
                data = dict(self.ex.prompt.data)
                variant = bool(data.get("suits_ignored")) or data.get("dragons") in ("ten", "joker")
                return variant and int(response[0]) > int(self.ex.answer)
        except (TypeError, ValueError, IndexError):
            return False
        return False

    def _response_labels(self, response: Any) -> list[str]:
        """The learner's answer in words (options by their labels, tiles drawn, numbers as typed)."""
        from trainer.engine.notation import format_tiles
        from trainer.ui.views.exercise_labels import option_label

        p = self.ex.prompt
        if p.input in ("choice", "multi_choice"):
            by_value = {o.value: o for o in p.options}
            out = []
            for v in response or ():
                o = by_value.get(v)
                if o is not None:
                    label = option_label(o) or ""
                    out.append(" ".join(t for t in (("{tiles:" + o.tiles + "}") if o.tiles else "", label) if t))
            return out
        if p.input == "pick_tiles":
            return ["{tiles:" + format_tiles(sorted(response)) + "}"] if response else []
        if p.input == "number":
            return [" / ".join(str(x) for x in response)]
        if p.input == "fans_total":
            by_value = {o.value: o for o in p.options}
            ticked = [option_label(by_value[v]) for v in response[0] if v in by_value]
            return [*ticked, str(response[1])]
        if p.input == "fu_breakdown":
            from trainer.ui.views.explain import fu_name

            return [fu_name(str(i)) for i in response]
        return []

    def _own_pick_first(self) -> list[dict[str, Any]]:
        """The explanation with the lines about the learner's own (wrong) tiles moved to the top,
        right after the heading line, so the feedback always says why that choice was wrong."""
        items = self._explanation()
        resp = self.view.response() if self.view is not None else None
        if self.ex.prompt.input != "pick_tiles":  # numbers typed are not tile kinds
            resp = None
        picked = {kind_name(k) for k in resp or () if isinstance(k, int)}
        own = [i for i in items if i.get("tile") in picked and not i.get("best")]
        if not own:
            return items
        rest = [i for i in items if i not in own]
        if any("best" in i for i in rest):
            # tile-by-tile items: the learner's own tiles, then the best ones (the answer is shown above)
            return own + merge_equal_tiles([i for i in rest if i.get("best")])
        return rest[:1] + own + rest[1:]

    def _explanation(self) -> list[dict[str, Any]]:
        """The explanation items that belong to this question."""
        q = self.ex.prompt.question
        kinds = EXPLAIN_KINDS.get(q)
        items = list(self.ex.explanation)
        items = [i for i in items if i.get("kind") in kinds] if kinds else items
        if q in ("fu_total", "fu_breakdown"):  # a fu question: no han or points it never asked about
            items = fu_only(items)
        return items

    # -- the hint ladder: where to look, then part of the working, then the answer (counted as shown)
    def hint_rungs(self) -> list[str]:
        """The rungs of the hint ladder before the answer, made from this exercise's explanation items."""
        items = self._explanation()
        if self.kids:  # by the tile's family and what is asked (views/kids_drill_words.py)
            return kids_hint_rungs(self.ex)
        kind = next((i.get("kind") for i in items if i.get("kind") in HINT_WHERE), None)
        # the shapes' sentence says where the winning tiles are; asked for the shape's name, it would
        # name the answer: then the general words
        where = wait_shape_hint(items) if kind == "wait" and self.ex.prompt.question != "wait_shape" else ""
        form = next((i.get("form") for i in items if i.get("kind") == "mcr_reading"), None)
        if kind == "mcr_reading" and form in MCR_FORM_HINTS:  # no sets to read first
            where = _(MCR_FORM_HINTS[form])
        rungs = [where or (_(HINT_WHERE[kind]).format(**HINT_TERMS()) if kind else
                           _("Read the question again and look at the tiles one by one."))]
        parts = [i for i in items if i.get("kind") in HINT_PARTIAL_KINDS and explain_item(i)
                 and not self._known(i)]
        if len(parts) >= 2:
            some = parts[: len(parts) // 2]
            rungs.append(_("A clue: {items}").format(items=explain(some, limit=3)))
        return rungs

    def _known(self, item: dict[str, Any]) -> bool:
        """Whether a piece of the answer is one the learner's checked answer already has right (a
        wait picked, a yaku ticked): the middle rung gives only pieces not found yet, never "reveals"
        one the learner already chose while the miss was elsewhere (an extra tile).  Asked for the
        name of a wait shape, a winning tile's line that names that very shape is the answer, not a
        part of it: it is left out too."""
        if self.ex is not None and self.ex.prompt.question == "wait_shape" and item.get("kind") == "wait":
            return bool(set(item.get("shapes") or ()) & set(self.ex.answer))
        resp = self.last_response if self.mistake_note else None
        if not resp or self.ex is None:
            return False
        if item.get("kind") == "wait" and self.ex.prompt.input == "pick_tiles":
            return item.get("tile") in {kind_name(k) for k in resp if isinstance(k, int)}
        if item.get("kind") == "yaku" and self.ex.prompt.input in ("multi_choice", "fans_total"):
            ticked = resp[0] if self.ex.prompt.input == "fans_total" else resp
            return item.get("id") in set(ticked)
        return False

    def _highlight_waits(self) -> None:
        """The first rung on a waits question: mark the hand's tiles around the winning tiles."""
        view = self.view
        if view is None or view.hand_row is None or self.ex.prompt.question not in ("waits", "kunto_waits"):
            return
        from trainer.ui.views.steps.marks import near_waits

        if self.ex.prompt.get("grade_by") == "rank" or dict(self.ex.prompt.data).get("dragons") in ("ten", "joker"):
            return  # a training variant reads the hand its own way: no engine shapes to show
        view.hand_row.marks = near_waits(view.hand_row, self.ex.prompt.hand)

    def _hint_shows_answer(self) -> bool:
        """Whether the next press of the hint button shows the answer: every rung before it is read
        (the button then says "Show the answer")."""
        return self.ex is not None and self.rungs_read >= len(self.hint_rungs())

    def hint(self) -> None:
        """Next rung of the hint ladder; after the last one the answer is shown (a miss, hints recorded).
        After a miss the rung goes under what was said about the learner's own answer, which stays;
        a rung those words already ended with is not said again."""
        if self.view is None or self.finished or self.phase == "done":
            return
        if self.phase == "retry":
            self.retry()
        rungs = self.hint_rungs()
        self.hints_used += 1
        if self.rungs_read >= len(rungs):
            self.show_answer()
            return
        self.rungs_read += 1
        if self.rungs_read == 1:
            self._highlight_waits()
        self.feedback_kind = "hint"
        shown = rungs[: self.rungs_read]
        if self.kids:  # a child reads one short nudge at a time: the new one
            shown = shown[-1:]
        elif self.mistake_note:
            shown = [self.mistake_note, *(r for r in shown if r not in self.mistake_note)]
        self.feedback_text = BR.join(shown)
        self._labels()
        self.relayout()
        if len(shown) > 1:
            self._scroll_to_last(shown)

    def _scroll_to_last(self, shown: list[str]) -> None:
        """When the panel's text runs past its bottom, scroll it so the rung just added (the last
        of ``shown``) starts at the top of the panel: the press of the hint button always shows
        what it added (a retry's words above it stay a scroll away)."""
        from trainer.ui.richtext import layout_rich

        if not self.fb_max:
            return
        L = self.app.layout
        width = L.content().width - L.px(70)
        before = layout_rich(self.app, BR.join(shown[:-1]), L.font(self.fb_font), width, P.ink).height
        lay = layout_rich(self.app, self.feedback_text, L.font(self.fb_font), width, P.ink)
        top = next((a for a, _b in getattr(lay, "lines", None) or [] if a >= before - L.px(4)), before)
        self.fb_scroll_to = min(self.fb_max, top)
        self.fb_scroll = self.fb_scroll_to

    def update(self, dt: float) -> bool:
        moving = super().update(dt)  # new feedback starts at its top (FeedbackSlide) ...
        target = self.__dict__.pop("fb_scroll_to", None)
        if target is not None:  # ... unless a hint's new rung is below the fold
            self.fb_scroll = min(self.fb_max, target)
        return moving

    def show_answer(self) -> None:
        """The ladder's last rung: the answer and the engine's working; the item counts as missed.
        After a miss the words on the learner's own answer stay with it (their final form)."""
        if not self.recorded:
            self.recorded = True
            seconds = min(300.0, self.app.time - self.started)
            self.app.record_answer(self.source, self.ex.item_id, self.ex.skill, False, seconds,
                                   min(self.hints_used, 3), spec=self._spec(missed=True))
            self.missed.append(self.ex)
        self.phase = "done"
        self.results.append("shown")
        self.feedback_kind = "shown"
        self.feedback_text = self._answer_text(self.last_response if self.mistake_note else None)
        self.view.mark(False, True)
        self.view.lock(True)
        self._labels()
        self._child_focus_on_next()
        self.relayout()

    def _child_focus_on_next(self) -> None:
        """Once a child's answer is shown, the keyboard focus leaves the options for «Дальше»: a
        frame left on a tile or card would read as "this one" beside the answer's own marks."""
        if self.kids and self.phase == "done" and self.main_btn.visible:
            self.set_focus(self.main_btn)

    def _spec(self, missed: bool) -> dict[str, Any]:
        """How the review shows this exercise again (its generator, parameters and seed); a miss of
        an exercise its generator makes again from the seed is marked ``missed``, so the mistakes
        round and the next day's review bring back this very question (:class:`ReviewScreen`)."""
        spec = self.ex.spec()
        if missed and replayable(self.ex):
            spec["missed"] = True
        return spec

    def retry(self) -> None:
        if self.view is None or self.phase != "retry":
            return
        self.view.start_retry()  # an empty number box, as in lessons; fans and total keep the answer
        self.view.lock(False)
        emptied = next((f for _n, f in self.view.fields if not f.text), None)
        if emptied is not None and len(self.view.fields) > 1:  # a right share kept: the ring on the box to fix
            self.set_focus(emptied)
        self.phase = "answer"
        self.feedback_kind = None
        self._labels()
        self.relayout()

    def mistakes_round(self) -> None:
        """A round of the items missed in this one: the very questions again (an exercise its generator
        cannot make again from its seed, a kunto practice's, comes back as a sibling: the same generator
        and parameters, a new question)."""
        if not self.missed:
            return
        items = [dict(ex.spec(), item_id=ex.item_id, skill=ex.skill, missed=replayable(ex)) for ex in self.missed]
        self.app.replace("review", items=items, mistakes=True)

    def again(self) -> None:
        """A new round with the next seeds."""
        self.seed += self.n
        self.index = 0
        self.right = 0
        self.results = []
        self.missed = []
        self.finished = False
        self._new_item()
        self.focus = None
        self.rebuild()


_FIXED_KINDS = ("lesson", "puzzle")
"""The fixed questions of a review (the same question again in another round): lesson steps and
starter-set discard puzzles."""


def _fixed_kind(item: dict) -> str:
    """Which fixed question a review card without a generator is (:data:`_FIXED_KINDS`)."""
    return "lesson" if item.get("lesson") is not None else "puzzle"


_MISSED_WORDS = {
    "lesson": lambda n: ngettext("{n} lesson step missed in this round", "{n} lesson steps missed in this round", n),
    # TRANSLATORS: what another review round holds (ru: «1 задача «Что сбросить?», решённая в этом круге с ошибкой»)
    "puzzle": lambda n: ngettext("{n} discard puzzle missed in this round", "{n} discard puzzles missed in this round",
                                 n),
}
"""What another round holds of each kind of fixed question: those missed in this round."""

_RIGHT_WORDS = {
    "lesson": lambda n: ngettext("{n} lesson step answered right is not repeated.",
                                 "{n} lesson steps answered right are not repeated.", n),
    "puzzle": lambda n: ngettext("{n} discard puzzle answered right is not repeated.",
                                 "{n} discard puzzles answered right are not repeated.", n),
}
"""The fixed questions of each kind answered right, which another round leaves out."""

_NOTHING_LEFT = {
    frozenset({"lesson"}): lambda: _("Nothing is left for another round: every lesson step was answered right. "
                                     "Press “{done}” to leave the review."),
    frozenset({"puzzle"}): lambda: _("Nothing is left for another round: every discard puzzle was answered right. "
                                     "Press “{done}” to leave the review."),
    frozenset(_FIXED_KINDS): lambda: _("Nothing is left for another round: every lesson step and discard puzzle "
                                       "was answered right. Press “{done}” to leave the review."),
}
"""The summary's line when another round would hold nothing, by the kinds of fixed question asked."""


@register_screen("review")
class ReviewScreen(DrillScreen):
    """A review session: one exercise per due card, answers recorded as reviews.  A drill's card
    (a generator's family) comes back as a *sibling* of what the learner saw: the same generator
    and parameters, a new seed.  A lesson step the learner missed (a ``{"lesson", "step"}`` card)
    comes back as that very step: the lesson screen's one-step review mode (``lesson_review``)
    shows and grades it over this screen and hands its result back, and the session goes on; a
    starter-set discard puzzle the learner missed (a ``{"nanikiru", …}`` card) comes back the same
    way, on the «What to discard?» table (``nanikiru_review``).
    Cards the app can no longer show (a generator gone, a lesson step removed or changed, a puzzle
    no longer in the starter set) are left out quietly (:mod:`trainer.ui.views.review_items`).
    "Another round" gives new siblings of the same families and, of the fixed questions (lesson
    steps and starter puzzles: the same question again), only
    those missed in the round just played (:func:`~trainer.ui.views.review_items.next_round`);
    when nothing is left the summary says so and offers only to leave.  The answers of a further
    round are practice (recorded as drill answers): they do not count against the day's review
    cap, and :func:`trainer.progress.srs.should_grade` keeps them from stretching a card graded
    today (only a miss after today's right answer is a lapse).

    Params: ``items`` from ``ProgressStore.due_reviews``; ``mistakes=True`` makes it a drill's
    "my mistakes" round (siblings of the missed items, recorded as drill answers)."""

    def __init__(self, app: Any, **params: Any) -> None:
        from datetime import datetime

        from trainer.ui.views.review_items import showable_items

        self.items = showable_items(app, list(params["items"]))
        if not self.items:
            raise ValueError("no review item can be shown")
        self.mistakes = bool(params.get("mistakes"))
        self.salt = "mistakes" if self.mistakes else datetime.now().astimezone().date().isoformat()
        self.opened: int | None = None  # the card whose lesson step was opened over this screen
        known = generators()
        first = next((it for it in self.items if it.get("generator") is not None), None)
        generator = first["generator"] if first is not None else ("tile_name" if "tile_name" in known
                                                                   else next(iter(known)))
        title = _("My mistakes") if self.mistakes else _("Review")
        super().__init__(app, **dict(params, generator=generator,
                                     params=(first.get("params") if first is not None else None) or {},
                                     n=len(self.items), seed=0, title=title))
        self.source = "drill" if self.mistakes else "review"

    def _item(self) -> dict:
        return self.items[min(self.index, len(self.items) - 1)]

    def header_extra(self) -> str:
        if self.new_question():
            # TRANSLATORS: a "my mistakes" round's header when the question missed is not known (ru «Новое
            # задание того же вида · 2 из 5»)
            return _("A new exercise of the same kind · {i} of {n}").format(i=self.index + 1, n=self.n)
        if self.kids or self.finished or self.mistakes:
            return super().header_extra()
        # TRANSLATORS: a review card of the review session, named as the home and progress name them
        # (ru: «Задание 2 из 12 · верно: 1», as «12 заданий вернутся завтра»)
        return pgettext("review session", "Exercise {i} of {n} · {right} right").format(
            i=self.index + 1, n=self.n, right=self.right)

    def _new_item(self) -> None:
        item = self._item()
        if item.get("generator") is not None:
            self.gen = generators()[item["generator"]]
            self.gen_params = self.gen.params(item.get("params") or {})
        super()._new_item()

    def _generate(self) -> Any:
        """The card's exercise: in the first round the very question the learner missed when its seed
        is known (the spec says ``missed``: a mistakes round, or a review of a card that came back
        after a miss); else a sibling, new in every round (the seed ``again`` moves on).  None for a
        lesson step, which the lesson screen shows (:meth:`open_step`)."""
        from trainer.progress.srs import sibling_seed

        item = self._item()
        if item.get("generator") is None:
            return None
        if self.replays(item):
            return self.gen.generate(self.gen_params, int(item["seed"]))
        card = str(item.get("item_id") or item["generator"])
        return self.gen.generate(self.gen_params, sibling_seed(card, f"{self.salt}:{self.seed + self.index}"))

    def replays(self, item: dict) -> bool:
        """Whether a drill card comes back as the very question missed (first round, seed known)."""
        return self.seed == 0 and bool(item.get("missed")) and isinstance(item.get("seed"), int)

    def new_question(self) -> bool:
        """Whether a mistakes round shows, instead of the question missed, a new one of the same kind:
        a drill card whose missed question is not known (a miss recorded before the questions were
        kept, a kunto practice's question), or any card after the first round."""
        item = self._item() if self.items else {}
        return self.mistakes and not self.kids and not self.finished and item.get("generator") is not None \
            and not self.replays(item)

    # -- fixed questions: lesson steps and starter puzzles
    def open_step(self) -> None:
        """Open the current card's lesson step or starter puzzle over this screen (once per card,
        and only while this screen is on top); one that cannot be opened after all is left out
        quietly."""
        if self.finished or self.index >= self.n or self.opened == self.index or self.app.screen is not self:
            return
        item = self._item()
        if item.get("generator") is not None:
            return
        from trainer.ui.views.review_items import open_card

        self.opened = self.index
        try:
            if open_card(self.app, item, position=(self.index, self.n, self.right, tuple(self.results)),
                         title=self.title(), on_done=self.step_done, on_leave=self.back, source=self.source):
                return
        except Exception:  # noqa: BLE001 - a card that cannot be shown is skipped, never a crash
            while self.app.screen is not self and self.app.screen is not None and self in self.app.stack:
                self.app.pop()
        del self.items[self.index]
        self.n = len(self.items)
        self.opened = None
        self._advance()

    def step_done(self, result: str) -> None:
        """The lesson step or starter puzzle of the current card was answered (``result`` as the
        lesson marks it: ``right`` on the first try, ``retry``, ``wrong``, ``shown``; ``seen`` when
        it could not be graded): count it and go on to the next card."""
        if result == "right":
            self.right += 1
        self.results.append(result if result in ("right", "retry", "wrong", "shown") else "seen")
        self.index += 1
        self._advance()

    def _advance(self) -> None:
        super()._advance()
        self.open_step()

    def enter(self) -> None:
        super().enter()
        self.open_step()

    def again(self) -> None:
        """Another round: new siblings of the same families and the lesson steps missed in this one
        (nothing when no card is left); its answers are practice, not the day's reviews."""
        from trainer.ui.views.review_items import next_round

        items = next_round(self.items, self.results)
        if not items:
            return
        self.seed += self.n  # with the base class's step below: every round's seeds above the last one's
        self.items = items
        self.n = len(items)
        self.opened = None
        self.source = "drill"
        super().again()
        self.open_step()

    def mistakes_round(self) -> None:
        """No mistakes round of a review: it is one already."""

    def build(self) -> None:
        super().build()
        if not self.finished:
            return
        from trainer.ui.views.review_items import next_round

        # no "my mistakes" here (another round repeats the misses), and no "another round" of nothing
        dropped = [self.mistakes_btn] + ([self.again_btn] if not next_round(self.items, self.results) else [])
        for btn in dropped:
            if btn is not None and btn in self.widgets:
                self.widgets.remove(btn)
        self.mistakes_btn = None
        if not next_round(self.items, self.results):
            self.again_btn = None

    # -- the summary: what another round holds
    def round_note(self) -> str:
        """The summary's line on another round, when this one had fixed questions (lesson steps,
        starter puzzles; a round of drill cards alone repeats them all with new questions): what it
        will hold, or that nothing is left and the main button leaves.  Empty for a child, whose
        summary is praise alone."""
        from babel.lists import format_list

        from trainer.i18n import current_language
        from trainer.ui.views.review_items import next_round

        fixed = [_fixed_kind(it) for it in self.items if it.get("generator") is None]
        if self.kids or not fixed or not self.finished:
            return ""
        nxt = next_round(self.items, self.results)
        if not nxt:
            return _NOTHING_LEFT[frozenset(fixed)]().format(done=pgettext("finish button", "Done"))
        drills = sum(1 for it in nxt if it.get("generator") is not None)
        again = [_fixed_kind(it) for it in nxt if it.get("generator") is None]
        parts = [ngettext("{n} drill exercise with a new question", "{n} drill exercises with new questions",
                          drills).format(n=drills)] if drills else []
        parts += [_MISSED_WORDS[kind](again.count(kind)).format(n=again.count(kind))
                  for kind in _FIXED_KINDS if again.count(kind)]
        text = _("Another round: {cards}.").format(cards=format_list(parts, locale=current_language()))
        for kind in _FIXED_KINDS:
            right = fixed.count(kind) - again.count(kind)
            if right:
                text += " " + _RIGHT_WORDS[kind](right).format(n=right)
        return text

    def _note_top(self) -> int:
        """Where the round's note starts on the summary card (below the line on hinted answers)."""
        L = self.app.layout
        return L.px(200 if self.results.count("hinted") and not self.kids else 160)

    def _summary_card(self, surf: pygame.Surface, width: int, height: int) -> pygame.Rect:
        note = self.round_note()
        if not note:
            return super()._summary_card(surf, width, height)
        from trainer.ui.widgets import wrapped_height

        L = self.app.layout
        a = self.step_area
        w = min(a.width, L.px(width))
        h = max(L.px(height), self._note_top() + wrapped_height(self.app, note, L.font("body"), w - L.px(60))
                + L.px(28))
        r = pygame.Rect(a.centerx - w // 2, a.top + L.px(30), w, min(h, max(L.px(height), a.height - L.px(40))))
        draw_panel(surf, r, P.card, L.px(18), shadow=L.px(5), border=P.card_edge)
        return r

    def _draw_summary(self, surf: pygame.Surface) -> None:
        super()._draw_summary(surf)
        note = self.round_note()
        if not note:
            return
        from trainer.ui.widgets import blit_wrapped

        L = self.app.layout
        a = self.step_area
        w = min(a.width, L.px(700))
        area = pygame.Rect(a.centerx - w // 2 + L.px(30), a.top + L.px(30) + self._note_top(), w - L.px(60), 0)
        blit_wrapped(surf, self.app, note, L.font("body"), P.ink, area, align="center")


# ---------------------------------------------------------------- kunto step by step


@register_screen("kunto_practice")
class KuntoPracticeScreen(DrillScreen):
    """The kunto procedure, one question after another, until the 13-tile hand is ready: hold 4
    tiles, name the shanten, throw back a tile after each draw until the hand is ready, name its
    waits, grow the hand by 3 (4 → 7 → 10 → 13).  The session grades, retries, hints and records
    the answers as ``kunto_hand`` items; :mod:`trainer.ui.kunto_words` explains a wrong one.
    Params: ``tiles``, ``suits``, ``dragons`` (the kunto mode's options; default the first settings
    of the seed's course), ``seed``, ``on_done(right, total)``."""

    slide_px = 10  # the feedback panel slides from just below: from further down (the drills' 28 px) it
    # would cover the buttons under it, 14 px away

    def __init__(self, app: Any, **params: Any) -> None:
        base = Settings()
        self.settings = Settings(params.get("tiles") or base.tiles, params.get("suits") or base.suits,
                                 params.get("dragons") or base.dragons)
        self.practice_seed = int(params.get("seed") or 0)
        self.practice = KuntoPractice(self.settings, self.practice_seed)
        super().__init__(app, **dict(params, generator="kunto_hand", params={}, n=1))
        self.kids = False  # the practice is the adults' drill, whatever the profile

    # -- the practice decides the questions
    def _generate(self) -> Any:
        return self.practice.exercise()

    def title(self) -> str:
        return _("Kunto step by step")

    def header_extra(self) -> str:
        n = self.practice.size
        return ngettext("{n} tile in the hand", "{n} tiles in the hand", n).format(n=n)

    def build(self) -> None:
        super().build()
        self.next_btn = None
        if self.finished:
            following = self.settings.next()
            if following is not None:
                self.next_btn = self.add(Button(_("Next settings"), lambda: self.restart(following),
                                                kind="secondary", hotkey="N"))
        elif self.view is not None and self.ex is not None and self.view.info is None:
            # under the hand: the table's settings (what the dragons are, whether suits count) and the draw
            info = _("Settings: {settings}").format(
                settings=settings_text(self.settings.tiles, self.settings.suits, self.settings.dragons))
            drawn = self.ex.prompt.get("drawn")
            if self.ex.prompt.question == "kunto_discard" and drawn:
                info = drawn_line(drawn) + BR + info
            exchange = self.ex.prompt.get("exchange")
            if self.ex.prompt.question == "kunto_yaku" and exchange:
                info = exchange_line(*exchange) + BR + info
            self.view.info = self.add(RichBlock(info, size="small", on_term=self.open_term, align="center"))

    def layout(self) -> None:
        super().layout()
        if self.next_btn is not None and self.again_btn is not None:
            L = self.app.layout
            w = max(self.next_btn.preferred_width(self.app), L.px(200))
            r = self.again_btn.rect
            self.next_btn.rect = pygame.Rect(r.left - w - L.px(12), r.top, w, r.height)

    def primary(self) -> None:
        if self.finished:
            self._finish()
            return
        if self.ex is not None and self.phase in ("answer", "retry"):
            super().primary()
            return
        throw = self.ex is not None and self.ex.prompt.question in ("kunto_discard", "kunto_raise")
        self.practice.advance(self.last_response if throw else None)
        self.index += 1
        # the session ends with the practice: then its length is the questions asked
        self.n = self.index if self.practice.finished else self.index + 1
        self._advance()

    def _labels(self) -> None:
        super()._labels()
        if not self.finished and self.phase == "done":
            self.main_btn.label = _("Next")

    def restart(self, settings: Settings | None = None) -> None:
        """A new practice from 4 tiles (with ``settings``, the next of the seed's course)."""
        if settings is not None:
            try:
                KuntoPractice(settings, self.practice_seed)
            except PracticeError as e:
                self.app.notify(str(e), "error", 4)
                return
            self.settings = settings
        self.practice_seed += 1
        self.practice = KuntoPractice(self.settings, self.practice_seed)
        self.n = 1
        super().again()  # the session starts over (counts, results), its first question the new deal's

    def again(self) -> None:
        """The same settings again with a new deal."""
        self.restart()

    # -- what is wrong with the learner's answer
    def _mistake_text(self, response: Any, final: bool, generic: bool = True) -> str:
        q = self.ex.prompt.question if self.ex is not None else ""
        items = list(self.ex.explanation) if self.ex is not None else []
        if q == "kunto_shanten" and response:
            return shanten_mistake(items, int(response[0]), int(self.ex.answer), final)
        if q == "kunto_discard" and response:
            return throwback_mistake(items, response, final)
        if q == "kunto_value" and response:
            return value_mistake(items, int(response[0]), final)
        if q == "kunto_yaku" and response:
            return yaku_mistake(items, next(iter(response)), next(iter(self.ex.answer)), final)
        if q == "kunto_raise" and response:
            return raise_mistake(items, response, final)
        return super()._mistake_text(response, final, generic)

    def _answer_text(self, response: Any = None) -> str:
        text = super()._answer_text(response)
        way = self._way()
        if way and (response is None or self.ex.prompt.question != "kunto_shanten"):
            text = BR.join((text, way))
        return text

    def _way(self) -> str:
        if self.ex is None or self.ex.prompt.question != "kunto_shanten":
            return ""
        way = next((i for i in self.ex.explanation if i.get("kind") == "kunto_way"), None)
        return way_line(way["steps"]) if way and way.get("steps") else ""

    def check(self) -> None:
        super().check()
        if self.feedback_kind == "right" and self._way():
            self.feedback_text = BR.join(t for t in (self.feedback_text, self._way()) if t)
            self.relayout()
        if self.phase == "done" and self.practice.ends_after_yaku:
            self.feedback_text = BR.join(t for t in (self.feedback_text, _(
                "No exchange of a single tile adds han to this hand, so the practice ends here.")) if t)
            self.relayout()

    # -- progress: the hand sizes instead of a fixed count of dots
    def _draw_dots(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        area = L.content()
        sizes = self.practice.sizes
        gap = L.px(6)
        w = (area.width - gap * (len(sizes) - 1)) / len(sizes)
        for i, size in enumerate(sizes):
            r = pygame.Rect(round(area.left + i * (w + gap)), L.header_h + L.px(8), max(2, round(w)), L.px(7))
            done = self.finished or size < self.practice.size
            col = P.right if done else (P.accent if size == self.practice.size else P.felt_dark)
            pygame.draw.rect(surf, col, r, border_radius=r.height)

    def _draw_summary(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        r = self._summary_card(surf, 760, 250)
        w = r.width
        blit_text(surf, self.app, _("The hand has grown to 13 tiles!"), L.font("title"), P.right,
                  (r.centerx, r.top + L.px(28)), anchor="midtop", bold=True, max_width=w - L.px(40))
        answered = max(1, len(self.results))
        line = ngettext("{right} of {n} answer right on the first try", "{right} of {n} answers right on the first try",
                        answered).format(right=self.right, n=answered)
        blit_text(surf, self.app, line, L.font("large"), P.ink, (r.centerx, r.top + L.px(100)), anchor="midtop",
                  max_width=w - L.px(40))
        following = self.settings.next()
        if following is not None:
            from trainer.ui.richtext import plain_text

            nxt = plain_text(settings_text(following.tiles, following.suits, following.dragons), self.app)
            blit_text(surf, self.app, _("Next in the book's order: {settings}").format(settings=nxt),
                      L.font("body"), P.ink_muted, (r.centerx, r.top + L.px(160)), anchor="midtop",
                      max_width=w - L.px(40))
