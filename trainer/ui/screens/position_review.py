"""Review of the learner's own mistakes: the table exactly as it was, and "what would you
discard here?".

Each due card (``trainer.ui.game_cards``) opens its saved game at the decision: the board
as the learner saw it, the hand to pick from.  The answer is right when the tile is one of
the review's best (by ukeire, or the safe tile when the mistake was a deal-in) — against a threat,
the table coach's tiles (:func:`right_kinds`: its fold band where it folds, its own tile where it
pushes); either way
the coach explains, and the answer goes to spaced repetition so the card comes back until
it is learned.

A riichi-or-dama card (spec ``"ask": "riichi"``) shows the same table with the tile the learner
discarded already lifted and asks "You discard X. Declare riichi or stay dama?" (buttons 1 and 2);
the answer is graded against the coach's advice recomputed from the game
(``Decision.riichi_choice``), and the words say why (:func:`~trainer.ui.views.table.review.riichi_answer_text`).
A call card (spec ``"ask": "call"``) shows the table at a pon or chi offer, the tile on offer
marked in its river as at the table, and asks "X was discarded. Call or pass?" with the table's
call buttons (each pon or chi offered, with its tiles, then Pass; keys 1, 2 ...); the answer is
graded by the coach's verdict on it, recomputed from the game
(:func:`~trainer.engine.game.call_review.review_call` on the offer found again by
:func:`~trainer.engine.game.call_review.call_points`), and the words say why
(:func:`~trainer.ui.views.table.call_review.call_answer_text`).
A push-or-fold card (spec ``"ask": "push_fold"``) shows the table just before a discard against a
threat and asks "Someone is in riichi. Push or fold?" (or, against an open hand that looks ready,
its own words) with two buttons (1 push, 2 fold); the answer is graded against the coach's verdict
recomputed from the game (``Decision.push_fold``), and the words say why with the coach's figures
and, for a fold, the safest tile (:func:`~trainer.ui.views.table.review.push_fold_answer_text`).
A win card (spec ``"ask": "win"``: a ron or a tsumo the learner let pass where the coach takes
it) shows the table at the offer — a ron's tile marked in its river, a tsumo's drawn tile beside
the hand — and asks "Right discarded X. Ron or pass?" (or "You drew X. Tsumo or play on?") with
the table's buttons (1 Ron or Tsumo, 2 Pass or Play on); the answer is graded against the coach's
advice recomputed from the game (``Decision.passed_win["advice"]``), and the words say what the
win was worth, the furiten a pass leaves and which yaku the hand had
(:func:`~trainer.ui.views.table.review.passed_win_answer_text`).  A tile card made before passed
wins were judged, on a discard that let a tsumo pass, is asked as a win card too.
A card whose game can no longer be read, whose decision is gone, or whose riichi choice, push or
fold, win let pass or call offer the engine no longer sees is skipped with a one-line note.
A tile card against a riichi (a dangerous discard, ``unsafe``, is one) asks "Someone is in riichi.
What would you discard here?" and names the danger of the tile given in the table coach's words.
A new card starts with no focus ring on its answers: Enter never answers a card for the learner.

The end of a round is honest: "Right on the first try: N of M" (in a round of the cards just
missed, "This time: ..."), praise only when every card was right, when the missed cards come back
(the progress store's schedule: "2 missed positions come back tomorrow from 20:15") and «My
mistakes (N)» (Enter, M) to go through them again at once (the store keeps a card graded today as
it is, so they still come back when due).

«Что сбросить?» (``nanikiru``) is the same question as a drill: positions from the learner's
saved and imported games (:func:`trainer.engine.exercises.nanikiru.make_drill`; those where the
learner chose a tile no answer accepts come first) and the shipped starter set.  Right are the
best tiles by ukeire and the table coach's discard, so the drill never calls wrong what the
coach recommends at the table; the feedback uses the game review's words for the pick and the
table coach's own lines (:func:`trainer.ui.views.table.coach.hint_lines`: value, danger, push
or fold) where the coach's tile and the best by tiles differ.  A game that cannot be read is
skipped with a one-line note.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

import pygame

from trainer.engine.exercises import nanikiru
from trainer.engine.game.actions import Pass, Ron, Tsumo
from trainer.engine.game.call_review import CallDecision, CallPoint, call_points, review_call
from trainer.engine.game.records import RecordError, load
from trainer.engine.game.review import (
    SAFETY_MISTAKES,
    WIN_MISTAKES,
    decision_points,
    review_decision,
    review_game,
)
from trainer.engine.game.saved import list_games
from trainer.i18n import _, ngettext, pgettext
from trainer.ui.game_cards import (
    CALL_SKILL,
    PUSH_FOLD_ASK,
    PUSH_FOLD_SKILL,
    RIICHI_SKILL,
    WIN_ASK,
    WIN_SKILL,
    card_skill,
    is_call_card,
    is_push_fold_card,
    is_riichi_card,
    is_win_card,
    mark_practised,
    next_return,
)
from trainer.ui.registry import register_screen
from trainer.ui.richtext import BR
from trainer.ui.saved_games import games_dir
from trainer.ui.screens.base import Screen
from trainer.ui.theme import PALETTE
from trainer.ui.tileview import TileRow, TileSlot
from trainer.ui.views.review_items import due_starter_puzzles, starter_spec
from trainer.ui.views.table.actions import TileButton, offer_label, offer_pieces
from trainer.ui.views.table.board import Board
from trainer.ui.views.table.call_review import call_answer_text, call_played_text
from trainer.ui.views.table.coach import CoachBox, hint_lines, tiles_or
from trainer.ui.views.table.replay import build_frames
from trainer.ui.views.table.review import (
    decision_text,
    passed_win_answer_text,
    passed_win_text,
    push_fold_answer_text,
    push_fold_played_text,
    riichi_answer_text,
    riichi_choice_text,
    riichi_played_text,
    shown_answer_text,
    tile_danger_text,
    tile_hint_rungs,
    tile_played_text,
    tile_text,
    yakuless_text,
)
from trainer.ui.views.table.seats import melds_surface
from trainer.ui.views.table.state import seat_name as table_seat_name
from trainer.ui.views.table.wins import seat_subject
from trainer.ui.widgets import Button, blit_text

P = PALETTE


def right_kinds(decision: Any) -> set[int]:
    """Tile kinds that answer the card, as the table's coach would have it: against a threat, the
    tiles the coach folds among where it folds (its fold band), its own pushing tile where it
    pushes (with the best by ukeire, unless the discard dealt in or was dangerous: ``unsafe``);
    without the coach's verdict the safe tiles for a deal-in or a dangerous discard, else the best
    by ukeire, those within the review's tolerance of it
    (:attr:`~trainer.engine.game.review.Decision.near_best`) and the coach's own tile."""
    from trainer.engine.tiles import parse_tile

    pf = getattr(decision, "push_fold", None)
    if pf is not None and pf.get("advised"):
        if pf["advice"] == "fold":
            tiles = list(pf.get("fold_tiles") or [pf["advised"]])
        elif decision.verdict in SAFETY_MISTAKES:  # the fast tile was the danger: the coach's own push
            tiles = [pf["advised"]]
        else:
            tiles = [*decision.best, pf["advised"]]
    elif decision.verdict in SAFETY_MISTAKES and decision.danger:
        tiles = decision.danger["safest"]
    else:  # the best by ukeire (within the review's tolerance), and the coach's own tile (value or safety)
        coach = getattr(decision, "coach", None)
        near = getattr(decision, "near_best", None) or decision.best
        tiles = [*decision.best, *near, *([coach] if coach else [])]
    return {parse_tile(t).kind for t in tiles}


def draw_end_text(surf: pygame.Surface, app: Any, heading: str, lines: list[str]) -> None:
    """The end of a round of cards, drawn on the felt: the ``heading`` (the tally, or that nothing
    is left) in large type, then each of ``lines`` (praise, when the missed cards come back)."""
    from trainer.ui.widgets import blit_wrapped

    L = app.layout
    area = L.content()
    y = area.top + L.px(20)
    y += blit_wrapped(surf, app, heading, L.font("large"), P.on_felt, pygame.Rect(area.left, y, area.width, 0),
                      bold=True) + L.px(14)
    for line in lines:
        y += blit_wrapped(surf, app, line, L.font("body"), P.on_felt_muted,
                          pygame.Rect(area.left, y, area.width, 0)) + L.px(8)


@register_screen("position_review")
class PositionReviewScreen(Screen):
    """Params: ``items`` (due cards from :func:`trainer.ui.game_cards.due_positions`).

    A tile card says under its question how to answer (a click raises a tile, a second click or
    Enter discards it) and offers a hint (H): where to look, then part of the working, then the
    answer itself (:func:`~trainer.ui.views.table.review.tile_hint_rungs`; the card then counts as
    missed).  After the answer the top-left box explains the tile just given — the review's verdict
    on that very discard, computed from the game's position — and the top-right box what was played
    in the game."""

    rebuild_on_enter = False
    banner_top = True  # notices under the header: the hand is at the bottom
    offers_hint = True  # a tile card has the hint ladder (H)

    def __init__(self, app: Any, **params: Any) -> None:
        super().__init__(app, **params)
        self.items = list(params.get("items") or [])
        self.index = 0
        self.board = Board()
        self.box = CoachBox(scrollable=True)  # a long explanation scrolls with the mouse wheel
        self.side_box = CoachBox(scrollable=True)
        self.answered: bool | None = None
        self.seconds = 0.0
        self.ask = "tile"  # "riichi" on a riichi-or-dama card, "call" on a call-or-pass card, "push_fold", "win"
        self.choice: str | None = None  # the answer given on a riichi ("riichi"/"dama"), push-or-fold or win card
        self.point: CallPoint | None = None  # a call card's offer, as found again in the game
        self.call_answer: CallDecision | None = None  # the coach's verdict on the answer given there
        self.answer_btns: list[TileButton] = []
        self.hint_btn: Button | None = None
        self.results: dict[str, bool] = {}  # each card answered in this round: right or not
        self.retry = bool(params.get("retry"))  # a round of the cards just missed, again
        self.retry_btn: Button | None = None
        self._returns: Any = None  # when the missed cards come back (read once, at the end)
        self._load()

    def _reset_answer(self) -> None:
        """Forget the answer, the hints and the verdict on the tile given (a new card)."""
        self.answer_review: Any = None  # the review's verdict on the tile given as the answer
        self.hints_read = 0  # rungs of the hint ladder shown
        self.hints_used = 0  # presses of the hint button (the answer shown counts too)
        self.shown = False  # the answer was shown at the learner's request
        self.game: tuple[Any, int] = (None, 0)  # the card's game log and seat, once it opened

    def _load(self) -> None:
        """Open the current card's game at its decision; cards that no longer load are skipped
        with a one-line note."""
        self._reset_answer()
        self.answered = None
        self.choice = None
        self.call_answer = None
        self.point = None
        self.seconds = 0.0
        self.picked = None
        self.picked_at: int | None = None  # the slot of the tile picked (a tile kind may be held twice)
        notes: list[str] = []
        self.decision = None
        while self.index < len(self.items):
            note = self._open(self.items[self.index])
            if note is None:
                break
            notes.append(note)
            self.index += 1
        if notes:
            self.app.notify(ngettext("Skipped a card that cannot be shown: {note}",
                                     "Skipped {n} cards that cannot be shown; the first: {note}", len(notes))
                            .format(n=len(notes), note=notes[0]), "warn", 10)

    def _open(self, item: dict[str, Any]) -> str | None:
        """Set up one card: the table just before its discard.  None when it opened, else why not."""
        game = Path(str(item.get("game", ""))).name
        self.ask = ("riichi" if is_riichi_card(item) else "call" if is_call_card(item)
                    else PUSH_FOLD_ASK if is_push_fold_card(item) else WIN_ASK if is_win_card(item) else "tile")
        try:
            from trainer.ui.game_cards import game_path

            log = load(game_path(self.app, item["game"]) or Path(item["game"]))
            seat = int(item.get("seat", 0))
            if self.ask == "call":
                return self._open_call(item, log, seat, game)
            decisions = review_game(log, seat).decisions
            frames = build_frames(log, seat, open_hands=False)
        except (RecordError, OSError, KeyError, ValueError, TypeError):
            return _("{game}: the game cannot be read").format(game=game)
        decision = next((d for d in decisions if (d.hand, d.action) == (item.get("hand"), item.get("action"))),
                        None)
        at = next((i for i, f in enumerate(frames) if decision is not None
                   and (f.hand, f.action_index) == (decision.hand, decision.action)), 0)
        if decision is None or at < 1:
            return _("{game}, hand {n}: the position is no longer in the game").format(
                game=game, n=int(item.get("hand", 0)) + 1)
        if self.ask == "riichi" and decision.riichi_choice is None:
            return _("{game}, hand {n}: the coach no longer sees a choice of riichi or dama there").format(
                game=game, n=decision.hand + 1)
        if self.ask == PUSH_FOLD_ASK and decision.push_fold is None:
            return _("{game}, hand {n}: the coach no longer sees a choice to push or fold there").format(
                game=game, n=decision.hand + 1)
        won = getattr(decision, "passed_win", None)
        if self.ask == "tile" and won is not None and decision.verdict in WIN_MISTAKES:
            self.ask = WIN_ASK  # a tile card made before passed wins were judged: the tsumo was the answer
        if self.ask == WIN_ASK and won is None:
            return _("{game}, hand {n}: the coach no longer sees a win let pass there").format(
                game=game, n=decision.hand + 1)
        self.frame = frames[at - 1]  # the table just before the discard
        self.decision = decision
        self.game = (log, seat)  # for the verdict on the tile the learner gives (:meth:`review_answer`)
        return None

    def _open_call(self, item: dict[str, Any], log: dict[str, Any], seat: int, game: str) -> str | None:
        """Set up a call card: the offer found again in the game (the discard on the table, the
        calls it allowed, the seat's answer then) and the table while it waits for the answer.
        None when it opened, else why not (a log that does not replay raises RecordError)."""
        where = (item.get("hand"), item.get("action"))
        point = next((p for p in call_points(log, seat) if (p.where["hand"], p.where["action"]) == where), None)
        frame = None
        if point is not None:
            frames = build_frames(log, seat, open_hands=False)
            # the frame before the answer: the discard is on the table, the window still open
            frame = next((f for f in frames if (f.hand, f.action_index) == (point.where["hand"],
                                                                          point.where["action"] - 1)), None)
        if point is None or frame is None:
            return _("{game}, hand {n}: the offer to call is no longer in the game").format(
                game=game, n=int(item.get("hand", 0)) + 1)
        self.point = point
        self.frame = frame
        self.decision = review_call(point)  # the verdict on what was done at the table
        return None

    def title(self) -> str:
        return _("Mistakes from your games")

    def header_extra(self) -> str:
        return _("{i} of {n}").format(i=min(self.index + 1, len(self.items)), n=len(self.items))

    def build(self) -> None:
        self.next_btn = None
        self.hand_row = None
        self.hint_btn = None
        self.retry_btn = None
        self.answer_btns = []
        if self.decision is None:
            self.next_btn = self.add(Button(pgettext("finish button", "Done"), self.app.pop, kind="primary",
                                            hotkey="Enter"))
            self._build_retry()
            return
        seat = self.frame.state.seats[self.frame.state.me]
        tiles = list(seat.hand) + ([seat.drawn] if seat.drawn is not None else [])
        if self.ask == "call" or (self.ask == WIN_ASK and not self.win_tsumo()):
            # another's discard on the table: no drawn tile
            if self.ask == "call":
                self._build_call([TileSlot(t) for t in tiles])
            else:
                self._build_win([TileSlot(t) for t in tiles])
            return
        slots = [TileSlot(t) for t in tiles[:-1]] + [TileSlot(tiles[-1], gap=0.35)]
        if self.ask == "riichi":
            self._build_riichi(slots)
            return
        if self.ask == PUSH_FOLD_ASK:
            self._build_push_fold(slots)
            return
        if self.ask == WIN_ASK:
            self._build_win(slots)
            return
        self.hand_row = self.add(TileRow(slots, pickable=self.answered is None, multi=False,
                                         on_change=self._picked))
        if self.answered is None and self.offers_hint:
            label = _("Show the answer") if self.hints_read >= len(self.hint_rungs()) else _("Hint")
            self.hint_btn = self.add(Button(label, self.hint, kind="ghost", hotkey="H"))
        if self.answered is not None:
            good = self.right()
            for i, s in enumerate(slots):
                if s.tile is not None and s.tile.kind in good:
                    self.hand_row.marks[i] = "right"
            mine = self.picked_slot(slots)
            if mine is not None:  # the learner's own discard: crossed as the drills cross it, or right
                self.hand_row.marks[mine] = "right" if self.answered else "wrong"
            self.next_btn = self.add(Button(_("Next"), self.next_card, kind="primary", hotkey="Enter"))

    def _build_retry(self) -> None:
        """At the end, with cards missed in this round: «My mistakes (N)» goes through them again
        (Enter, M; the ring on it), «Done» a click or Esc away."""
        missed = self.missed_items()
        if not missed:
            return
        label = ngettext("My mistakes ({n})", "My mistakes ({n})", len(missed)).format(n=len(missed))
        self.retry_btn = self.add(Button(label, self.retry_missed, kind="primary", hotkey="Enter"))
        if self.next_btn is not None:
            self.next_btn.hotkey, self.next_btn.kind = None, "secondary"

    def missed_items(self) -> list[dict[str, Any]]:
        """The cards answered wrong in this round (the answer shown on request counts as wrong)."""
        if not self.results:  # nothing answered (or a drill of puzzles, which keeps its own misses)
            return []
        return [item for item in self.items if self.results.get(str(item.get("item_id"))) is False]

    def retry_missed(self) -> None:
        """The cards missed in this round once more, as a round of their own: each answer is recorded
        again, and the store keeps a card graded today as it is (it still comes back when due)."""
        missed = self.missed_items()
        if missed:
            self.app.replace("position_review", items=missed, retry=True)

    def picked_slot(self, slots: list[TileSlot]) -> int | None:
        """The slot of the tile the learner discarded: the one clicked (or chosen with the keys);
        for a tile given otherwise, its first copy in the hand (the very tile first, a red five
        before a plain one).  None before an answer."""
        tile = getattr(self, "picked", None)
        if tile is None:
            return None
        at = getattr(self, "picked_at", None)
        if at is not None and 0 <= at < len(slots) and slots[at].tile == tile:
            return at
        same = [i for i, s in enumerate(slots) if s.tile is not None and s.tile == tile]
        kind = [i for i, s in enumerate(slots) if s.tile is not None and s.tile.kind == tile.kind]
        return (same or kind or [None])[0]

    def _build_riichi(self, slots: list[TileSlot]) -> None:
        """A riichi-or-dama card: the hand with the discarded tile lifted (not to be picked), then
        the two answers (1 riichi, 2 dama) or, once answered, Next."""
        self._shown_hand(slots, pickable=True)
        self.hand_row.selected = {self.chosen_index(slots)}
        self._answers_or_next([(pgettext("mahjong call", "Riichi"), lambda: self.answer_riichi("riichi")),
                               (pgettext("answer button", "Dama"), lambda: self.answer_riichi("dama"))])

    def _build_push_fold(self, slots: list[TileSlot]) -> None:
        """A push-or-fold card: the hand with the drawn tile (not to be picked), then the two
        answers (1 push, 2 fold) or, once answered, Next."""
        self._shown_hand(slots)
        self._answers_or_next([(pgettext("answer button", "Push"), lambda: self.answer_push_fold("push")),
                               (pgettext("answer button", "Fold"), lambda: self.answer_push_fold("fold"))])

    def win_tsumo(self) -> bool:
        """True on a win card whose win was a tsumo (a ron's tile is another player's discard)."""
        won = getattr(self.decision, "passed_win", None) or {}
        return won.get("kind") == "tsumo"

    def _build_win(self, slots: list[TileSlot]) -> None:
        """A win card: the hand (not to be picked; a tsumo's drawn tile set apart), then the
        table's two buttons — Ron and Pass, or Tsumo and Play on (keys 1 and 2); once answered, Next."""
        self._shown_hand(slots)
        if self.win_tsumo():
            self._answers_or_next([(offer_label(Tsumo()), lambda: self.answer_win("win")),
                                   (pgettext("answer button", "Play on"), lambda: self.answer_win("pass"))])
            return
        from trainer.engine.tiles import parse_tile

        tile = parse_tile(self.decision.passed_win["tile"])
        self._answers_or_next([(offer_label(Ron()), lambda: self.answer_win("win"), offer_pieces(Ron(), tile)),
                               (offer_label(Pass()), lambda: self.answer_win("pass"))])

    def _build_call(self, slots: list[TileSlot]) -> None:
        """A call card: the hand (not to be picked), then one button per call offered, as the
        table shows them (the word, the two tiles from the hand and the tile on offer), and Pass,
        keys 1, 2 ...; once answered, Next."""
        self._shown_hand(slots)
        if self.point is None:
            self._answers_or_next([])
            return
        tile = self.point.view.last_tile
        self._answers_or_next([(offer_label(action), lambda a=action: self.answer_call(a), offer_pieces(action, tile))
                               for action in (*self.point.offers, Pass())])

    def _shown_hand(self, slots: list[TileSlot], *, pickable: bool = False) -> None:
        """The learner's hand as a row that only shows (no tile is picked on a riichi, call or
        push-or-fold card)."""
        self.hand_row = self.add(TileRow(slots, pickable=pickable, multi=False))
        self.hand_row.locked = True
        self.hand_row.focusable = False

    def _answers_or_next(self, answers: list[tuple]) -> None:
        """Before the answer, one button per answer — ``(label, on_press[, tiles])``, keys 1, 2 ...
        in order; after it (or with no answers), Next."""
        if self.answered is not None or not answers:
            self.next_btn = self.add(Button(_("Next"), self.next_card, kind="primary", hotkey="Enter"))
            return
        self.answer_btns = [self.add(TileButton(label, pieces[0] if pieces else (), press, key=str(n)))
                            for n, (label, press, *pieces) in enumerate(answers, 1)]

    def chosen_index(self, slots: list[TileSlot]) -> int:
        """The slot of the tile the learner discarded (the drawn tile's first, as the table lifts it)."""
        exact = [i for i, s in enumerate(slots) if s.tile is not None and str(s.tile) == self.decision.chosen]
        if exact:
            return exact[-1]
        from trainer.engine.tiles import parse_tile

        kind = parse_tile(self.decision.chosen).kind
        return max((i for i, s in enumerate(slots) if s.tile is not None and s.tile.kind == kind), default=0)

    def initial_focus(self) -> int | None:
        if self.decision is None and self.retry_btn is not None:
            return self.widgets.index(self.retry_btn)  # the ring on the button Enter presses
        if self.answer_btns:
            return None  # no answer is preselected: Enter must not say "riichi" for the learner
        target = self.next_btn or self.hand_row
        return self.widgets.index(target) if target is not None else None

    def on_key(self, ev: pygame.event.Event) -> bool:
        plain = not ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META)
        if ev.key == pygame.K_h and self.hint_btn is not None and plain:
            self.hint()  # H whatever the keyboard layout (a Russian one types «р» there)
            return True
        if ev.key == pygame.K_m and self.retry_btn is not None and plain:
            self.retry_missed()  # M whatever the keyboard layout, as the drills' «My mistakes»
            return True
        return super().on_key(ev)

    def choose(self, n: int) -> bool:
        """Keys 1 and 2 on a riichi-or-dama card (riichi, dama) and on a push-or-fold card (push,
        fold); 1, 2 ... on a call card (the calls offered, then Pass)."""
        if self.answer_btns and 1 <= n <= len(self.answer_btns):
            self.answer_btns[n - 1].activate()
            return True
        return False

    def answer_riichi(self, choice: str) -> None:
        """Check "riichi" or "dama" against the coach's advice for this hand and record it."""
        if self.answered is not None or self.decision is None or self.decision.riichi_choice is None:
            return
        self.choice = choice
        self._graded(choice == self.decision.riichi_choice["advice"])

    def answer_push_fold(self, choice: str) -> None:
        """Check "push" or "fold" against the coach's verdict on this discard and record it."""
        if self.answered is not None or self.decision is None or getattr(self.decision, "push_fold", None) is None:
            return
        self.choice = choice
        self._graded(choice == self.decision.push_fold["advice"])

    def answer_win(self, choice: str) -> None:
        """Check "win" (Ron or Tsumo) or "pass" (Pass, or play on) against the coach's advice at
        this offer and record it."""
        won = getattr(self.decision, "passed_win", None)
        if self.answered is not None or won is None:
            return
        self.choice = choice
        self._graded(choice == won.get("advice", "win"))

    def answer_call(self, action: Any) -> None:
        """Check a pon, chi or pass against the coach's verdict on it at this offer and record it."""
        if self.answered is not None or self.point is None:
            return
        self.call_answer = review_call(dataclasses.replace(self.point, answer=action))
        self._graded(not self.call_answer.against_advice)

    def _graded(self, right: bool) -> None:
        """The answer to the card is in (``right`` or not): record it, sound, show why."""
        self.answered = right
        self.record()
        self.app.play_sound("right" if right else "wrong")
        self.rebuild()

    def _picked(self, sel: set[int]) -> None:
        if self.answered is not None or self.hand_row is None:
            return
        i = self.hand_row.cursor if not sel else next(iter(sel))
        if not sel:
            self.picked_at = i
            self.answer(self.hand_row.slots[i].tile)

    def submit(self) -> bool:
        if self.decision is None:
            return False  # the end: Enter presses the focused button, else the one whose badge says Enter
        if self.next_btn is not None:
            self.next_btn.activate()
            return True
        if self.ask != "tile":
            return False  # the focused answer button, if any, takes Enter
        if self.hand_row is not None:
            i = next(iter(self.hand_row.selected)) if self.hand_row.selected else self.hand_row.cursor
            self.picked_at = i
            self.answer(self.hand_row.slots[i].tile)
            return True
        return False

    def answer(self, tile: Any) -> None:
        """Check the learner's discard and record it for spaced repetition: right when it is one of
        :meth:`right`, or when the review, judging that very discard, does not call it a mistake
        with no threat on the table (:meth:`fine`: within its tolerances of the best)."""
        if self.answered is not None or self.decision is None or self.ask != "tile":
            return
        self.picked = tile
        self.answer_review = self.review_answer(tile)
        self._graded(tile.kind in self.right() or self.fine(self.answer_review))

    def right(self) -> set[int]:
        """The tile kinds that answer the current position."""
        return right_kinds(self.decision)

    def fine(self, verdict: Any) -> bool:
        """Whether the review's verdict on the tile given is no mistake on a card without a threat or
        a deal-in (a tile within its tolerances of the best, or as good as the coach's by value)."""
        d = self.decision
        quiet = getattr(d, "push_fold", None) is None and d.verdict != "dealt_in" and d.danger is None
        return quiet and verdict is not None and verdict.verdict == "good" and verdict.danger is None

    def review_answer(self, tile: Any) -> Any:
        """The review's verdict on discarding ``tile`` at the card's decision (the game's own verdict
        when it is the tile discarded there); None when the position cannot be found again."""
        from trainer.engine.tiles import parse_tile

        d = self.decision
        if tile.kind == parse_tile(d.chosen).kind:
            return d
        point = self.decision_point()
        if point is None:
            return None
        try:
            return review_decision(point.view, point.tiles, tile, rules=point.rules, tolerant=True, **point.where)
        except (ValueError, KeyError, StopIteration):
            return None

    def decision_point(self) -> Any:
        """The card's decision found again in its game (the view and the legal tiles then), kept for
        the card; None when the game or the position cannot be read."""
        d, (log, seat) = self.decision, self.game
        if log is None or d is None:
            return None
        key = (id(log), seat, d.hand, d.action)
        cache = self.__dict__.setdefault("_points", {})
        if key not in cache:
            try:
                cache[key] = next((p for p in decision_points(log, seat)
                                   if (p.where["hand"], p.where["action"]) == (d.hand, d.action)), None)
            except (RecordError, ValueError, KeyError):
                cache[key] = None
        return cache[key]

    def danger_line(self, tile: Any) -> str:
        """How dangerous ``tile`` was against the threat on the card's table, in the table coach's
        words (genbutsu, suji, kabe, a middle tile ... and the chance to deal in:
        :func:`~trainer.ui.views.table.review.tile_danger_text`); "" without a threat, for a tile no
        threat can win on, or when the position cannot be read."""
        d = self.decision
        if getattr(d, "danger", None) is None and getattr(d, "push_fold", None) is None:
            return ""
        point = self.decision_point()
        if point is None:
            return ""
        from trainer.engine.game.coach import coach_turn, threat_seats

        try:
            advice = coach_turn(point.view, tuple(dict.fromkeys(point.tiles)), point.rules)
        except ValueError:  # a hand the evaluator cannot read
            return ""
        mine = next((a for a in advice.discards if a.tile.kind == tile.kind), None)
        if mine is None:
            return ""
        me, players = point.view.seat, len(point.view.scores)
        return tile_danger_text(str(tile), mine, lambda seat: table_seat_name(seat - me, players),
                                threat_seats(advice))

    # -- the hint ladder of a tile card: where to look, part of the working, then the answer
    def hint_rungs(self) -> list[str]:
        """The rungs before the answer (:func:`~trainer.ui.views.table.review.tile_hint_rungs`)."""
        return tile_hint_rungs(self.decision) if self.decision is not None else []

    def hint(self) -> None:
        """The next rung of the hint ladder; once every rung is read, the answer (a miss)."""
        if self.answered is not None or self.decision is None or self.ask != "tile":
            return
        self.hints_used += 1
        if self.hints_read >= len(self.hint_rungs()):
            self.show_answer()
            return
        self.hints_read += 1
        self.rebuild()

    def show_answer(self) -> None:
        """Mark the right tiles and say why; the card counts as missed (with the hints taken)."""
        self.shown = True
        self.picked = None
        self._graded(False)

    def hint_text(self) -> str:
        """The hint rungs read so far, for the top-left box before the answer ("" before a hint)."""
        return BR.join(self.hint_rungs()[: self.hints_read]) if self.hints_read else ""

    def instruction(self) -> str:
        """How to answer, under the question of a tile card still to answer ("" otherwise)."""
        if self.ask != "tile" or self.answered is not None or self.decision is None:
            return ""
        return _("A click raises a tile; a second click (or Enter) discards it.")

    def record(self) -> None:
        """Store the answer for spaced repetition."""
        item = self.items[self.index]
        skill = ({"riichi": RIICHI_SKILL, "call": CALL_SKILL, PUSH_FOLD_ASK: PUSH_FOLD_SKILL}.get(self.ask)
                 or (WIN_SKILL if is_win_card(item) else card_skill(self.decision)))
        self.app.record_answer("game", item["item_id"], skill, bool(self.answered), self.seconds,
                               min(self.hints_used, 3),
                               spec={k: item[k] for k in ("game", "hand", "action", "seat", "ask") if k in item})
        mark_practised(self.app, item["item_id"])  # a new card from a match: answered, it waits its turn now
        self.results.setdefault(str(item["item_id"]), bool(self.answered))  # the first answer is the tally's

    def feedback(self) -> str:
        """The coach's words after the answer (rich text)."""
        return BR.join(part for part in self.feedback_parts() if part)

    def feedback_parts(self) -> list[str]:
        """The feedback split for the two free corners of the table: the verdict on the tile, and
        on the right riichi or dama when that was a choice with the tile played.  On a
        riichi-or-dama card: the coach's words on the answer just given, then what was done at the
        table; on a call card the same for the call or pass, on a push-or-fold card for the push or fold."""
        if self.ask == "call":
            if self.call_answer is None or not isinstance(self.decision, CallDecision):
                return [""]
            was_open = self.point is not None and not self.point.view.hand.is_closed  # melds before the offer
            return [call_answer_text(self.call_answer, was_open), call_played_text(self.decision)]
        decision = self.decision
        if self.ask == WIN_ASK:
            return self._win_parts()
        pf = getattr(decision, "push_fold", None)
        if self.ask == PUSH_FOLD_ASK:
            if pf is None or self.choice is None:
                return [""]
            return [push_fold_answer_text(pf, self.choice), push_fold_played_text(decision)]
        c = getattr(decision, "riichi_choice", None)
        if self.ask == "riichi" and c is not None and self.choice is not None:
            return [riichi_answer_text(c, self.choice), riichi_played_text(decision)]
        return self._tile_parts()

    def _tile_parts(self) -> list[str]:
        """A tile card's words: on the answer just given (the review's verdict on that very tile and,
        against a threat, how dangerous it was: :meth:`danger_line`; the answer and why when it was
        shown on request), then what was played in the game, with the riichi-or-dama row when that
        was a choice there.  The game's own tile again: its verdict, then what it did in the game as
        the first answer heard it (push or fold, the tile's risk and danger), the riichi-or-dama row
        (and a note when the review no longer counts it as a mistake); the danger goes in the second
        box, which is short, so that the first needs no scrolling on a small window."""
        from trainer.engine.tiles import Tile, parse_tile

        d = self.decision
        c = getattr(d, "riichi_choice", None)
        mine = self.answer_review
        same = mine is not None and parse_tile(mine.chosen).kind == parse_tile(d.chosen).kind
        riichi_row = riichi_choice_text(c) if c is not None else ""
        if self.shown:
            first = shown_answer_text(d, [str(Tile(k)) for k in sorted(self.right())])
        elif mine is None or same:  # the game's tile again (or the position is gone): the game's own verdict
            played = _joined(tile_played_text(d, same=True), self.danger_line(parse_tile(d.chosen))) if same else ""
            second = BR.join(t for t in (played, riichi_row) if t)
            return [tile_text(d), second] if second else [tile_text(d)]
        else:
            first = _joined(tile_text(mine), self.danger_line(self.picked))
        played = tile_played_text(d)
        return [first, played + (BR + riichi_row if riichi_row else "")]

    def _win_parts(self) -> list[str]:
        """A win card's words: the coach's on the answer just given (right: why to declare it; wrong:
        what the win was worth and the furiten a pass leaves), and why the tile won (the hand complete,
        its yaku) with what was done at the table."""
        won = getattr(self.decision, "passed_win", None)
        if won is None or self.choice is None:
            return [""]
        mine = passed_win_answer_text(won, self.choice)
        complete = win_complete_text(won)
        if self.choice == "win" and won.get("advice", "win") == "win":
            return [" ".join(t for t in (mine, complete) if t), passed_win_text(won)]
        if mine == passed_win_text(won):  # the answer's words already say what the game's pass cost
            played = (_("In the game you let this tsumo pass too.") if won["kind"] == "tsumo"
                      else _("In the game you let this ron pass too."))
            return [mine, " ".join(t for t in (complete, played) if t)]
        return [mine, passed_win_text(won)]

    def done_text(self) -> str:
        """The end's heading: how many cards were answered right the first time in this round (in a
        round of the cards just missed, how many this time); with none answered, that none is left."""
        total = len(self.results)
        if not total:
            return _("No mistakes to review now.")
        right = sum(self.results.values())
        if self.retry:
            return _("This time: {right} of {total} right").format(right=right, total=total)
        return _("Right on the first try: {right} of {total}").format(right=right, total=total)

    def end_lines(self) -> list[str]:
        """The end's lines under its heading: praise only when every card was right; else when the
        cards missed come back (from the progress store's schedule) — in a round of the cards
        missed before, when all of them come back."""
        if not self.results:
            return []
        lines = [_("Well done!")] if all(self.results.values()) else []
        back = self.come_back_line()
        return [*lines, back] if back else lines

    def come_back_line(self) -> str:
        """When the missed cards come back, as the store has them scheduled: "2 missed positions come
        back tomorrow from 20:15" (and how many later); "" when none was missed or the store cannot say."""
        ids = {str(item_id) for item_id, right in self.results.items() if self.retry or not right}
        if not ids:
            return ""
        if self._returns is None:
            self._returns = next_return(self.app, ids) or ()
        if not self._returns:
            return ""
        from trainer.ui.views.coming_reviews import when_text

        at, n, later = self._returns
        text = ngettext("{n} missed position comes back {when}.", "{n} missed positions come back {when}.", n).format(
            n=n, when=when_text(at))
        if later:
            text += " " + ngettext("{n} more comes back later.", "{n} more come back later.", later).format(n=later)
        return text

    def question(self) -> str:
        """The question above the hand."""
        if self.ask == "riichi":
            from trainer.engine.tiles import parse_tile
            from trainer.ui.views.explain import tile_words

            tile = tile_words(self.app, [parse_tile(self.decision.chosen)], inline=True)
            return _("You discard {tile}. Declare riichi or stay dama?").format(tile=tile)
        if self.ask == "call" and self.point is not None:
            from trainer.ui.views.explain import tile_words

            tile = tile_words(self.app, [self.point.view.last_tile], inline=True)
            text = _("{tile} was discarded. Call or pass?").format(tile=tile)
            return text[:1].upper() + text[1:]  # "Green dragon (發, hatsu) was discarded."
        if self.ask == WIN_ASK:
            return self._win_question()
        if self.ask == PUSH_FOLD_ASK:
            if getattr(self.decision, "danger", None) is not None:  # someone else in riichi
                return _("Someone is in riichi. Push or fold?")
            return _("An open hand looks ready. Push or fold?")
        if getattr(self.decision, "danger", None) is not None:  # a riichi on the table: the card is about it
            return _("Someone is in riichi. What would you discard here?")
        if getattr(self.decision, "push_fold", None) is not None:
            return _("An open hand looks ready. What would you discard here?")
        return _("What would you discard here?")

    def _win_question(self) -> str:
        """«Игрок справа сбросил 9m. Рон или пропустить?», «Вы взяли 9m. Цумо или играть дальше?»"""
        from trainer.engine.tiles import parse_tile
        from trainer.ui.views.explain import tile_words

        won = self.decision.passed_win
        tile = tile_words(self.app, [parse_tile(won["tile"])], inline=True)
        if won["kind"] == "tsumo":
            return _("You drew {tile}. Tsumo or play on?").format(tile=tile)
        if won.get("from_seat") is None:  # a kan robbed: no discard
            text = _("{tile} is on offer. Ron or pass?").format(tile=tile)
            return text[:1].upper() + text[1:]
        who = seat_subject(int(won["from_seat"]) - int(won.get("me", 0)), int(won.get("players", 4)))
        return _("{who} discarded {tile}. Ron or pass?").format(who=who, tile=tile)

    def verdict(self) -> str:
        """The line in place of the question once answered."""
        if self.shown:
            return _("Here is the answer.")
        if self.ask == WIN_ASK and not self.answered and (self.decision.passed_win or {}).get("advice") == "win":
            return _("It was your win!")
        if self.ask != "tile" or getattr(self.decision, "push_fold", None) is not None:
            # against a threat the right tiles are the coach's (its fold, or its push)
            return _("Right!") if self.answered else _("Not the coach's choice.")
        return _("Right!") if self.answered else _("Not the best tile.")

    def next_card(self) -> None:
        """The next due card (or the end).  The keyboard focus starts afresh: the next card's answer
        buttons may sit where Next was, and Enter must never answer a card for the learner."""
        self.index += 1
        self._load()
        self.focus = None
        self.rebuild()

    def update(self, dt: float) -> bool:
        if self.answered is None:
            self.seconds += dt
        return False

    def layout(self) -> None:
        if self.decision is None:
            self._layout_end()
            return
        L = self.app.layout
        area = L.content()
        hand_h = L.tile_h(0.9)
        bh = L.px(52)
        self.melds_h = round(hand_h * 0.8)
        melds = self._melds()
        meld_w = melds.get_width() + L.px(12) if melds is not None else 0
        if self.hand_row is not None:
            hand_w = area.width - meld_w
            self.hand_row.place(area.left + hand_w // 2, area.bottom - hand_h - L.px(2), hand_w, hand_h)
        y = (self.hand_row.rect.top - L.px(14) - bh - round(hand_h * 0.18)) if self.hand_row else area.top
        if self.next_btn is not None:
            w = max(self.next_btn.preferred_width(self.app), L.px(200))
            self.next_btn.rect = pygame.Rect(area.right - w, y, w, bh)
        if self.hint_btn is not None:  # before the answer, where Next comes after it
            w = max(self.hint_btn.preferred_width(self.app), L.px(160))
            self.hint_btn.rect = pygame.Rect(area.right - w, y, w, bh)
        x = area.right
        for b in reversed(self.answer_btns):  # right-aligned above the hand, as the table's action bar
            w = max(b.preferred_width(self.app, bh), L.px(150))
            b.rect = pygame.Rect(x - w, y, w, bh)
            x -= w + L.px(10)
        bottom = (self.hand_row.rect.top if self.hand_row else area.bottom) - bh - L.px(30)
        self.prompt_y = bottom + L.px(20) + bh // 2
        self.board.place(self.app, pygame.Rect(area.left, area.top, area.width, bottom - area.top))

    def draw_content(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        area = L.content()
        if self.decision is None:
            self._draw_end(surf)
            return
        self.board.draw(surf, self.app, self.frame.state, self.marks())
        melds = self._melds()
        if melds is not None and self.hand_row is not None:
            surf.blit(melds, melds.get_rect(bottomright=(area.right, self.hand_row.rect.bottom)))
        if self.answered is None:
            text, color = self.question(), P.accent
            box = ""
        else:
            text = self.verdict()
            color = P.hint if self.shown else P.right if self.answered else P.wrong
            box = self.feedback()
        corner = self.board.corner(self.app)
        parts = self.feedback_parts() if box else [self.hint_text()] if self.answered is None else []
        self.box.draw(surf, self.app, corner, parts[0] if parts else "")
        # the free felt at the top right mirrors the top left (the table is drawn symmetric)
        right = pygame.Rect(self.board.rect.right - (corner.left - self.board.rect.left) - corner.width, corner.top,
                            corner.width, corner.height)
        self.side_box.draw(surf, self.app, right, parts[1] if len(parts) > 1 else "")
        right_edge = self.answer_btns[0].rect.left if self.answer_btns else area.right
        if self.hint_btn is not None:
            right_edge = self.hint_btn.rect.left
        width = (self.next_btn.rect.left if self.next_btn else right_edge) - area.left - L.px(16)
        self._draw_prompt(surf, text, color, width, self.instruction())

    def _draw_end(self, surf: pygame.Surface) -> None:
        """The end of the round: the tally as a heading, then praise or when the missed cards come back."""
        draw_end_text(surf, self.app, self.done_text(), self.end_lines())

    def _layout_end(self) -> None:
        """The end's buttons in a bar at the bottom: «Done» on the right, «My mistakes» on the left."""
        L = self.app.layout
        area = L.content()
        bar = L.px(52)
        y = area.bottom - bar
        if self.next_btn is not None:
            w = max(self.next_btn.preferred_width(self.app), L.px(200))
            self.next_btn.rect = pygame.Rect(area.right - w, y, w, bar)
        if self.retry_btn is not None:
            w = max(self.retry_btn.preferred_width(self.app), L.px(200))
            self.retry_btn.rect = pygame.Rect(area.left, y, w, bar)

    def _draw_prompt(self, surf: pygame.Surface, text: str, color: Any, width: int, note: str = "") -> None:
        """The question (or the verdict) left of the buttons: one line, or, when it does not fit
        (a long tile name beside the call buttons), two smaller lines (the second cut if need be).
        A ``note`` (how to answer) goes under a one-line question, smaller and muted."""
        L = self.app.layout
        left = L.content().left
        body = L.font("body")
        if self.app.text_width(text, body, True) <= width:
            y = self.prompt_y
            if note:
                small = L.font("small")
                lb, ls = self.app.line_height(body), self.app.line_height(small)
                y = self.prompt_y - ls // 2
                blit_text(surf, self.app, note, small, P.on_felt_muted, (left, y + (lb + ls) // 2),
                          anchor="midleft", max_width=width)
            blit_text(surf, self.app, text, body, color, (left, y), anchor="midleft", bold=True,
                      max_width=width)
            return
        size = L.font("small")
        lines = self.app.wrap(text, size, width, bold=True)
        if len(lines) > 2:
            lines = [lines[0], " ".join(lines[1:])]
        lh = self.app.line_height(size)
        top = self.prompt_y - lh * len(lines) // 2
        for i, line in enumerate(lines):
            blit_text(surf, self.app, line, size, color, (left, top + lh * i + lh // 2), anchor="midleft",
                      bold=True, max_width=width)

    def marks(self) -> dict[int, dict[int, str]]:
        """River tiles to highlight: on a call card and a ron's win card the tile on offer, as the table
        marks it."""
        last = self.frame.state.last
        offer = self.ask == "call" or (self.ask == WIN_ASK and not self.win_tsumo())
        return {last[0]: {last[1]: "hint"}} if offer and last is not None else {}

    def _melds(self) -> pygame.Surface | None:
        """The learner's own melds (and Norths set aside) as one row, drawn right of the hand."""
        if self.decision is None:
            return None
        seat = self.frame.state.seats[self.frame.state.me]
        return melds_surface(self.app.settings.tile_theme, seat, getattr(self, "melds_h", 0) or
                             round(self.app.layout.tile_h(0.9) * 0.8))

    def scroll(self, dy: int) -> None:
        """The mouse wheel scrolls the explanation under the mouse when it is longer than its box."""
        if CoachBox.scroll_one((self.side_box, self.box), dy):
            self.app.invalidate()
            return
        super().scroll(dy)

    def on_click(self, pos: tuple[int, int], button: int) -> bool:
        return self.box.open_term_at(self.app, pos) or self.side_box.open_term_at(self.app, pos)


def _joined(*sentences: str) -> str:
    """Sentences of one paragraph, the empty ones left out."""
    return " ".join(t for t in sentences if t)


def _tiles(*tiles: Any) -> str:
    from trainer.engine.notation import format_tiles

    return "{tiles:" + format_tiles(sorted(tiles)) + "}"


def win_complete_text(won: dict[str, Any]) -> str:
    """Why the tile of a win let pass was a win, in a beginner's words: it completes the hand, and
    the hand has these yaku (glossary links); "" when the review did not score it."""
    from trainer.ui.kunto_words import _yaku_term

    yaku = [str(y) for y in won.get("yaku") or ()]
    if not yaku:
        return ""
    return ngettext("The tile {tile} completes your hand, and it has a {yaku}: {names}.",
                    "The tile {tile} completes your hand, and it has {yaku}: {names}.", len(yaku)).format(
        tile=_tiles_text(won["tile"]), yaku="{term:yaku}", names=", ".join(_yaku_term(y) for y in yaku))


def _tiles_text(text: str) -> str:
    return "{tiles:" + text + "}"


def lower_first(text: str) -> str:
    """A sentence joined after a colon mid-line ("Coach: discard ..."): its first letter in lower
    case when it is an ordinary capitalised word — not markup (a tile, a glossary term ``{term:..}``,
    **bold**), not an abbreviation ("MCR"), not a non-letter."""
    if len(text) < 1 or not (text[0].isalpha() and text[0].isupper()):
        return text
    if len(text) > 1 and text[1].isupper():
        return text
    return text[0].lower() + text[1:]


def _after_colon(prefix: str, lines: list[str]) -> list[str]:
    """``prefix`` (ending in a colon) and the first of ``lines`` as one line, that line's first
    letter lowered (:func:`lower_first`), then the other lines; a first line with a colon of its
    own («Discard 5m: it keeps…», «Full fold: discard…») starts a line of its own instead, so that
    no sentence has two colons in a row."""
    if not lines:
        return [prefix] if prefix else []
    if ":" in re.sub(r"\{[^{}]*\}", "", lines[0]):  # the colons of the sentence, not of its markup
        return [prefix, *lines]
    return [prefix + " " + lower_first(lines[0]), *lines[1:]]


DRILL_SIZE = 10
"""Puzzles in one drill."""

def learner_games(app: Any) -> tuple[list[tuple[Path, int]], list[str]]:
    """The learner's readable saved and imported games, newest first, each with the learner's
    seat; and one line ("file: reason") per file the list already knows it cannot read."""
    games = list_games(games_dir(app))
    return ([(g.path, g.learner_seat) for g in games if g.readable and g.game != "mcr"],  # riichi discards only
            [f"{g.name}: {g.problem}" for g in games if not g.readable])


@register_screen("nanikiru")
class NanikiruScreen(PositionReviewScreen):
    """Params: ``games`` (``[(path or log, seat)]``; default: the learner's games), ``n``, ``seed``,
    ``focus`` (all, attack or defence positions: :data:`trainer.engine.exercises.nanikiru.FOCUS`);
    ``puzzles``: these puzzles instead (the "my mistakes" round of the puzzles just missed).

    A missed starter-set puzzle is kept with a review spec (:func:`starter_spec`): once due, it
    comes back first in the next drill (at most half of it, :func:`due_starter_puzzles`); a missed
    position of the learner's own game comes back in "Mistakes from your games".  The end offers a
    round of the puzzles missed and another round."""

    offers_hint = False  # the drill's puzzles have no hint ladder (the game cards have one)

    def __init__(self, app: Any, **params: Any) -> None:
        games, notes = params.get("games"), []
        n = int(params.get("n", DRILL_SIZE))
        focus = str(params.get("focus", "all"))
        self.mistakes = params.get("puzzles") is not None
        self.reviews: set[str] = set()  # the puzzles back for review (missed before, now due)
        if self.mistakes:
            drill = nanikiru.Drill(tuple(params["puzzles"]))
        else:
            if games is None:
                games, notes = learner_games(app)
            drill = nanikiru.make_drill(games, n=n, seed=int(params.get("seed", 0)), focus=focus)
            due = due_starter_puzzles(app, focus, max(1, n // 2)) if params.get("games") is None else []
            self.reviews = {p.exercise.item_id for p in due}
            if due:
                drill = dataclasses.replace(drill, puzzles=(*due, *(p for p in drill.puzzles
                                                                    if p.exercise.item_id not in self.reviews))[:n])
        self.drill = drill
        self.right_count = 0
        self.missed: list[Any] = []  # this round's missed puzzles, for the "my mistakes" round
        self._frames: dict[tuple[int, int], list[Any]] = {}
        notes += drill.notes
        if notes:
            # the file's name only: My games lists each unreadable file with what is wrong with it
            app.notify(ngettext("Skipped a game that cannot be read: {note}",
                                "Skipped {n} games that cannot be read; the first: {note}", len(notes))
                       .format(n=len(notes), note=notes[0].split(":")[0]) + " " + _("(see My games)"), "warn", 10)
        super().__init__(app, items=list(drill.puzzles))

    def _load(self) -> None:
        """Set up the current puzzle: the table just before the decision."""
        self._reset_answer()
        self.answered = None
        self.seconds = 0.0
        self.picked = None
        self.picked_at = None
        while self.index < len(self.items):
            p = self.items[self.index]
            pos = p.position
            try:
                key = (id(pos.log), pos.seat)  # one game log, several seats' positions: each seat's own frames
                if key not in self._frames:
                    self._frames[key] = build_frames(pos.log, pos.seat, open_hands=False)
                frames = self._frames[key]
                at = next(i for i, f in enumerate(frames) if (f.hand, f.action_index) == (pos.hand, pos.action))
                self.frame = frames[at - 1]
                self.decision = p
                return
            except (RecordError, StopIteration, KeyError, ValueError, TypeError):
                self.index += 1
        self.decision = None

    def title(self) -> str:
        return _("What to discard?")

    def answer(self, tile: Any) -> None:
        """Check the learner's discard (a tile the rules do not let go is not an answer)."""
        if self.decision is not None and tile.kind not in {t.kind for t in self.decision.position.legal}:
            return
        super().answer(tile)

    def review_answer(self, tile: Any) -> Any:
        """The review's verdict on the pick (:func:`trainer.engine.exercises.nanikiru.judge`)."""
        return nanikiru.judge(self.decision, tile)

    def fine(self, verdict: Any) -> bool:
        """Never: the drill's answer is the puzzle's own (the best by tiles and the coach's tile),
        judged strictly (:func:`~trainer.engine.exercises.nanikiru.judge` has no tolerance)."""
        return False

    def right(self) -> set[int]:
        """The puzzle's answer; where the table's coach folds, any tile of its fold band too (the
        review counts such a fold as the coach's, so the puzzle does not call it wrong)."""
        p = self.decision
        cache = self.__dict__.setdefault("_right", {})
        if id(p) not in cache:
            kinds = set(p.answer)
            coach = p.coach[0] if p.coach else None
            if coach is not None and coach.push_fold is not None and not coach.push_fold.push:
                from trainer.engine.tiles import parse_tile

                pf = nanikiru.judge(p, coach.tile).push_fold
                kinds |= {parse_tile(t).kind for t in (pf or {}).get("fold_tiles", ())}
            cache[id(p)] = kinds
        return set(cache[id(p)])

    def record(self) -> None:
        p = self.decision
        pos = p.position
        spec = None
        if pos.chosen is not None and pos.source.endswith(".json"):
            path = games_dir(self.app) / pos.source
            if path.is_file():  # a wrong answer comes back as a card of "Mistakes from your games"
                spec = {"game": str(path), "hand": pos.hand, "action": pos.action, "seat": pos.seat}
        elif pos.chosen is None and not self.answered:
            spec = starter_spec(pos)  # a missed starter puzzle comes back in a later drill once due
        if not self.answered:
            self.missed.append(p)
        self.right_count += bool(self.answered)
        self.app.record_answer("nanikiru", p.exercise.item_id, p.exercise.skill, bool(self.answered), self.seconds,
                               spec=spec)

    def question(self) -> str:
        p = self.decision
        where = self.where()
        if p.riichi_against:
            return _("What do you discard? Someone is in riichi. ({where})").format(where=where)
        return _("What do you discard? ({where})").format(where=where)

    def where(self) -> str:
        """Where the position comes from, in a few words."""
        pos = self.decision.position
        if self.decision.exercise.item_id in self.reviews:
            return _("from the starter set: you missed it before")
        if pos.chosen is None:
            return _("from the starter set, a game of our bots")
        return _("from your game, hand {n}").format(n=pos.hand + 1)

    def seat_name(self, seat: int) -> str:
        """An opponent named from the puzzle's seat (You, Right, Across, Left), as the table's coach does."""
        pos = self.decision.position
        return table_seat_name(seat - pos.seat, len(pos.view.rivers))

    def feedback(self) -> str:
        """The words after a pick (both parts, see :meth:`feedback_parts`), as rich text."""
        return BR.join(part for part in self.feedback_parts() if part)

    def feedback_parts(self) -> list[str]:
        """The words after a pick: about the pick (top left), then the other answer (top right).

        The coach's tile: why the table's coach plays it (its own lines: value, danger, push or
        fold); then what the widest tile by ukeire keeps when that is another tile.  Another
        right tile: why it is best by tiles; then the coach's tile, right too, with its reasons.
        A wrong tile: the review's verdict (why it is worse); then the coach's lines and the
        widest tiles.  What was played at the table ends the first part."""
        p = self.decision
        tile = self.picked
        coach = p.coach_kind
        coach_lines = hint_lines(list(p.coach), self.seat_name, safest=False)
        widest = [h.tile for h in p.hints if h.reason != "safer" and h.tile.kind != coach]
        by_tiles = ""
        if widest:
            by_tiles = (_("By tiles alone, {tiles} keeps the most useful tiles: {n}.").format(
                tiles=tiles_or(sorted(widest)), n=next(h.ukeire for h in p.hints if h.reason != "safer"))
                if coach not in p.widest else _("Just as good by tiles: {tiles}.").format(tiles=tiles_or(sorted(widest))))
        other: list[str] = []
        if coach_lines and tile.kind == coach:
            mine = [_("The table's coach plays {mine} too, for these reasons:").format(mine=_tiles(tile)),
                    *coach_lines]
            other += [by_tiles] if by_tiles else []
        elif tile.kind in p.answer:
            picked = [h for h in p.hints if h.tile.kind == tile.kind]
            mine = [line for h in picked for line in _after_colon(
                _("Correct by tiles:"), hint_lines([h], self.seat_name))]
            if coach_lines:
                other += _after_colon(_("The table's coach would discard {tile} instead, and that is right too:").format(
                    tile=_tiles(p.coach[0].tile)), coach_lines)
        elif tile.kind in p.yakuless:
            mine = [yakuless_text(p.position.view, tile)]
            said = coach_lines or hint_lines(list(p.hints), self.seat_name)
            other += _after_colon(_("Coach:"), said) if said else []
        else:
            mine = [decision_text(self.answer_review or nanikiru.judge(p, tile))]
            said = coach_lines or hint_lines(list(p.hints), self.seat_name)
            other += _after_colon(_("Coach:"), said) if said else []
            other += [by_tiles] if by_tiles and coach_lines else []
        if p.position.chosen is not None:
            mine.append(_("At the table you discarded {tile}.").format(tile=_tiles(p.position.chosen)))
        return [BR.join(mine), BR.join(other)]

    def done_text(self) -> str:
        return _("Drill done: {right} of {n} right.").format(right=self.right_count, n=len(self.items))

    def come_back_lines(self) -> list[str]:
        """What the end says about the puzzles missed: where and when they come back."""
        starter = sum(1 for p in self.missed if p.position.chosen is None)
        own = len(self.missed) - starter
        lines = []
        if starter:
            lines.append(ngettext(
                "The starter puzzle you missed will come back in this drill when it is due for review.",
                "The {n} starter puzzles you missed will come back in this drill when they are due for review.",
                starter).format(n=starter))
        if own:
            lines.append(ngettext(
                "The position of your own game you missed will come back in “{where}”.",
                "The {n} positions of your own games you missed will come back in “{where}”.",
                own).format(n=own, where=_("Mistakes from your games")))
        return lines

    def draw_content(self, surf: pygame.Surface) -> None:
        if self.decision is not None:
            super().draw_content(surf)
            return
        draw_end_text(surf, self.app, self.done_text(), self.come_back_lines())

    def build(self) -> None:
        super().build()
        self.mistakes_btn = self.again_btn = None
        if self.decision is not None:
            if self.hand_row is not None and self.answered is None:
                # a tile the rules do not let go (after a riichi, only the drawn tile) cannot be picked
                legal = {t.kind for t in self.decision.position.legal}
                stuck = {i for i, sl in enumerate(self.hand_row.slots) if sl.tile is not None
                         and sl.tile.kind not in legal}
                self.hand_row.inert |= stuck
                self.hand_row.dim |= stuck
            return
        if not self.items:
            return
        if self.missed:
            # as a drill's summary: Enter is the round of the puzzles just missed (M too), «Done» a
            # click or Esc away
            label = ngettext("My mistakes ({n})", "My mistakes ({n})", len(self.missed)).format(n=len(self.missed))
            self.mistakes_btn = self.add(Button(label, self.mistakes_round, kind="primary", hotkey="Enter"))
            if self.next_btn is not None:
                self.next_btn.hotkey, self.next_btn.kind = None, "secondary"
        if not self.mistakes:
            self.again_btn = self.add(Button(_("Another round"), self.again, kind="secondary"))

    def layout(self) -> None:
        super().layout()
        if self.decision is not None or self.next_btn is None:
            return
        # the end: "Done" on the right of the bottom bar, another round beside it, the mistakes on the left
        L = self.app.layout
        area = L.content()
        bar = L.px(52)
        y = area.bottom - bar
        w = max(self.next_btn.preferred_width(self.app), L.px(200))
        self.next_btn.rect = pygame.Rect(area.right - w, y, w, bar)
        if self.again_btn is not None:
            aw = max(self.again_btn.preferred_width(self.app), L.px(200))
            self.again_btn.rect = pygame.Rect(self.next_btn.rect.left - aw - L.px(12), y, aw, bar)
        if self.mistakes_btn is not None:
            mw = max(self.mistakes_btn.preferred_width(self.app), L.px(200))
            self.mistakes_btn.rect = pygame.Rect(area.left, y, mw, bar)

    def initial_focus(self) -> int | None:
        if self.decision is None and getattr(self, "mistakes_btn", None) is not None:
            return self.widgets.index(self.mistakes_btn)  # the ring on the button Enter presses
        return super().initial_focus()

    def on_key(self, ev: pygame.event.Event) -> bool:
        if ev.key == pygame.K_m and getattr(self, "mistakes_btn", None) is not None \
                and not ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            self.mistakes_round()  # M whatever the keyboard layout (a Russian one types «ь» there)
            return True
        return super().on_key(ev)

    def next_card(self) -> None:
        self.focus = None  # the next puzzle starts on its hand, the end on the button Enter presses
        super().next_card()

    def mistakes_round(self) -> None:
        """The puzzles missed in this round again, each the very position (not a sibling: a
        position is the question)."""
        if self.missed:
            self.app.replace("nanikiru", puzzles=list(self.missed))

    def again(self) -> None:
        """Another round with the same settings and new positions."""
        self.app.replace("nanikiru", n=int(self.params.get("n", DRILL_SIZE)), focus=str(self.params.get("focus", "all")),
                         seed=int(self.params.get("seed", 0)) + 1,
                         **({"games": self.params["games"]} if self.params.get("games") is not None else {}))

    def header_extra(self) -> str:
        return _("{i} of {n}").format(i=min(self.index + 1, len(self.items)), n=len(self.items))


@register_screen("nanikiru_review")
class NanikiruReviewScreen(NanikiruScreen):
    """One starter-set discard puzzle shown again as a review card.  The review session (``review``)
    opens it for a due card whose spec is ``{"nanikiru", "hand", "action", "seat"}``, a puzzle the
    learner once missed (:func:`trainer.ui.views.review_items.open_card`).  The puzzle is asked and
    explained as in the drill, and its answer is recorded as a review of the same card (a further
    round of the session records practice, ``source`` "drill").  The main button then goes back to
    the review, which goes on to its next card; Esc leaves the review, as on any other card of it.

    Params: ``puzzles`` (the one puzzle), ``item_id`` (the card), ``position`` (the review's
    ``(index, n, right, results)``), ``title``, ``on_done(result)`` (``right`` or ``wrong``),
    ``on_leave()`` and ``source``."""

    def __init__(self, app: Any, **params: Any) -> None:
        super().__init__(app, **params)
        if self.decision is None:  # its table cannot be set up: the session leaves the card out
            raise ValueError("this starter puzzle cannot be shown")
        self.params = {**params, **self.params}  # the drill keeps only its items: the session's too
        self.reviews = {p.exercise.item_id for p in self.items}  # «…you missed it before»

    def record(self) -> None:
        """The answer, as a review of the card the session showed (its spec kept with it)."""
        p = self.decision
        self.right_count += bool(self.answered)
        self.app.record_answer(str(self.params.get("source") or "review"), p.exercise.item_id, p.exercise.skill,
                               bool(self.answered), self.seconds, spec=starter_spec(p.position))

    def review_position(self) -> tuple[int, int, int]:
        """The review around this card: (this card's index, cards in all, right so far)."""
        i, n, right, *_results = self.params.get("position") or (0, 1, 0, ())
        return int(i), max(1, int(n)), int(right)

    def title(self) -> str:
        return self.params.get("title") or _("Review")

    def header_extra(self) -> str:
        i, n, right = self.review_position()
        return pgettext("review session", "Exercise {i} of {n} · {right} right").format(i=i + 1, n=n, right=right)

    def build(self) -> None:
        super().build()
        i, n, _right = self.review_position()
        if self.decision is not None and self.next_btn is not None and i + 1 >= n:
            self.next_btn.label = _("Finish")

    def next_card(self) -> None:
        """Back to the review with this card's result; the review goes on to its next card."""
        done = self.params.pop("on_done", None)  # once, whatever is pressed twice
        self.app.pop()
        if done is not None:
            done("right" if self.answered else "wrong")

    def back(self) -> None:
        """Esc: leave the review."""
        self.leave_review()
