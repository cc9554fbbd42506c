"""The game table: the learner plays seat 0 against three bots on the engine's game (two at
three players, sanma: on the right and the left, with a Kita button when a North may be set aside).

The table is drawn by the views in ``trainer/ui/views/table/``: four rivers in rows
of six in front of their seats (the riichi tile sideways, the last discard marked),
the opponents' hands as backs at their edges with their melds (the called tile
turned towards the seat it came from), and the centre panel (round and hand, honba
and riichi sticks, dora indicators, tiles left, each seat's wind, score and riichi
stick).  The learner's hand is at the bottom: click a tile to lift it, click it again
or press Enter to discard; Left/Right move along the hand; after riichi the drawn tile goes by
itself (:data:`AUTO_DISCARD_DELAY`) unless a win, a kan or a North is on offer.  Offers (calls,
riichi, wins, nine terminals) are buttons with their tiles and a number key each; beside them the
prompt says what to do, in a short form when the full one needs more than two lines.  In a free
match each opponent's name plate says which bot plays it («Справа» / «Сильный»), as the match
result does.  Riichi marks the discards that keep the hand ready; D shows the score differences.  Esc asks before leaving; a free match
is saved after every hand and when left, and can be resumed from the home screen or My games.  With the
keys the tile under the cursor is the one the coach checks before a dangerous discard (Enter discards
it); a greyed tile says why it cannot go; a double ron's card shows either winner's hand (H).

``McrPlayScreen`` (screen ``mcr_play``, at the end of this module) is the same table for a
Chinese Official game: MCR bots, flowers beside each seat, the MCR coach and result.

Params: a free match gets ``setup`` (a :class:`~trainer.ui.match_setup.MatchSetup`)
or ``resume`` (a saved game's path); a lesson's ``play`` step or a test passes
``preset``, ``bots``, ``reveal``, ``coach``, ``goal_games``, ``goal_wins``, ``seed``,
``on_done(outcome)``, ``title``.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pygame

from trainer.engine.game.actions import (
    AbortiveDraw,
    Chi,
    DeclareTenpai,
    Discard,
    Kan,
    Kita,
    Pass,
    Pon,
    Riichi,
    Ron,
    Tsumo,
)
from trainer.engine.game.match import Match
from trainer.engine.game.view import make_view
from trainer.engine.mcr.bots import make_mcr_bot
from trainer.engine.mcr.coach import mcr_advice
from trainer.engine.mcr.match import McrMatch
from trainer.engine.mcr.rules_game import is_mcr_rules
from trainer.i18n import N_, _, ngettext, or_join, pgettext
from trainer.ui.match_setup import level_name
from trainer.ui.registry import register_screen
from trainer.ui.richtext import BR, plain_text, term_word
from trainer.ui.saved_games import GameSaver, McrGameSaver
from trainer.ui.screens.base import Screen
from trainer.ui.theme import PALETTE
from trainer.ui.tileview import TileRow, TileSlot
from trainer.ui.views.table.actions import MCR_CALLS, TileButton, offer_label, offer_pieces
from trainer.ui.views.table.board import Board
from trainer.ui.views.table.coach import CoachBox, coach_text, kan_line
from trainer.ui.views.table.mcr import McrHandResultView, McrMatchEndView, draw_flowers, mcr_coach_text
from trainer.ui.views.table.result import HandResultView, MatchEndView, header_title, rules_label
from trainer.ui.views.table.seats import melds_surface
from trainer.ui.views.table.state import TableState, table_state
from trainer.ui.views.table.state import seat_name as table_seat_name
from trainer.ui.widgets import Button, blit_text

P = PALETTE
BOT_DELAY = 0.45  # seconds between two bot actions
AUTO_DISCARD_DELAY = 0.8
"""Seconds the tile drawn after riichi stays in the hand before it goes by itself (long enough to see it)."""
MIN_PROMPT = 150
"""Design pixels the prompt keeps beside the action buttons: their tiles shrink first (not below
:data:`MIN_BUTTON_TILE`)."""
MIN_BUTTON_TILE = 32
"""Screen pixels: the least height of the tiles in an action button (24 px wide)."""
SHORT_PROMPTS = {
    "riichi_choice": N_("Riichi: discard one of the marked tiles."),
    "call": N_("Call this tile?"),
    "tsumo": N_("Your tile wins: press {win}."),
    "riichi_discard": N_("Riichi: discard the tile you drew."),
    "riichi_auto": N_("Riichi: the tile you draw is discarded automatically."),
    "discard": N_("Your turn: discard a tile."),
    "tenpai": N_("Show your ready hand?"),
}
"""The prompt beside the buttons in a few words, by situation (:meth:`PlayScreen.prompt_situation`),
when the full one would take more than two lines (a crowded action bar in a small window)."""
MIN_SIDE_BOX = 200
"""Design pixels: the least width of the free felt at the top right for the coach's words to go on there."""
LEARNER_CHOOSES = (0,)  # at an exhaustive draw the learner may show or hide a tenpai hand (001:805)


def _bot(name: str, rules: Any) -> Any:
    from trainer.engine.bots import make_bot

    return make_bot({"gentle": "beginner"}.get(name, name), rules)


@register_screen("play")
class PlayScreen(Screen):
    """A table with the learner at seat 0."""

    rebuild_on_enter = False
    banner_top = True  # notices under the header: the hand is at the bottom
    result_view_class: type[HandResultView] = HandResultView  # the MCR table has its own result views
    match_end_view_class: type[MatchEndView] = MatchEndView
    saver_class: type[GameSaver] = GameSaver  # how a free match is saved and resumed

    def __init__(self, app: Any, **params: Any) -> None:
        super().__init__(app, **params)
        seed = params.get("seed")
        self.seed = int(seed) if seed is not None else random.randrange(1_000_000)
        self.setup = params.get("setup")
        self.saver: GameSaver | None = None
        if params.get("resume") is not None:
            self.saver = self.saver_class.resume(Path(params["resume"]))
            self.setup = self.saver.setup
            self.match = self.saver.match
        elif self.setup is not None:  # a free match set up by the learner
            self.match = self.new_match(self.setup.rules(), self.seed)
            self.saver = self.start_saver()
        else:
            self.match = self.new_match(params.get("preset") or app.settings.preset, self.seed)
        if self.setup is not None:
            opponents = list(self.setup.opponents)
            self.reveal = self.setup.show_hands
            self.coach = self.setup.coach
        else:
            opponents = [params.get("bots") or "efficient"] * 3
            self.reveal = params.get("reveal") == "all"
            self.coach = params.get("coach") or "off"
        rules = self.match.rules
        if len(self.match.scores) == 3:  # three players: the seats on the right and on the left
            opponents = [opponents[0], opponents[2]]
        self.bots = [None] + [self.make_bot(name, rules) for name in opponents[:len(self.match.scores) - 1]]
        self.seat_bots = dict(enumerate(opponents[:len(self.match.scores) - 1], start=1))
        self.goal_games = params.get("goal_games")
        self.goal_wins = params.get("goal_wins")
        self.free = params.get("on_done") is None and not self.goal_games and not self.goal_wins
        if not self.goal_games and not self.goal_wins:
            self.goal_games = 1
        self.games = 0
        self.wins = 0
        self.riichi_mode = False
        self.timer = 0.0
        self.reported = False
        self.prompt_shown: list[str] = []  # the prompt's lines as drawn last
        self.board = Board()
        self.center = self.board.center
        self.coach_box = CoachBox(scrollable=True)  # a long word of the coach scrolls with the mouse wheel
        self.coach_side_box = CoachBox(scrollable=True)  # the words that go on at the top right (coach_split)
        self._coach_key: tuple | None = None
        self._coach_text = ""
        self._state: TableState | None = None
        self.result_view: HandResultView | None = None
        self.match_end: MatchEndView | None = None
        self.history = self._history()
        live = self.match.round if (self.match.round is not None and not self.match.round.ended) else None
        self.round = live if live is not None else self._start_round()
        self.hand_start = list(self.history[-1]) if live is None else list(self.saver_hand_scores())

    def new_match(self, rules: Any, seed: int) -> Any:
        """A new match of ``rules`` (the MCR table makes its own kind)."""
        return Match(rules, seed, tenpai_choice=LEARNER_CHOOSES)

    def make_bot(self, name: str, rules: Any) -> Any:
        """The opponent ``name`` for ``rules``."""
        return _bot(name, rules)

    def start_saver(self) -> GameSaver | None:
        """Start saving a free match after every hand (None: this table keeps no saved game)."""
        return self.saver_class.start(self.app, self.match, self.setup, datetime.now(UTC))

    def _history(self) -> list[list[int]]:
        """Points of the four seats at the start and after every hand played so far."""
        if self.saver is None:
            return [list(self.match.scores)]
        hands = self.saver.recorder.log["hands"]
        out = [list(hands[0]["scores"])] if hands else [list(self.match.scores)]
        out += [list(h["scores_after"]) for h in hands if h.get("scores_after") is not None]
        return out

    def saver_hand_scores(self) -> list[int]:
        """The points at the start of the hand being played (from the saved log)."""
        assert self.saver is not None
        return list(self.saver.recorder.log["hands"][-1]["scores"])

    def seat_name(self, seat: int) -> str:
        """A seat as the learner sees it: You, Right, Across, Left (three players: no Across)."""
        return table_seat_name(seat, len(self.match.scores))

    def seat_level(self, seat: int) -> str:
        """Who plays ``seat`` in a free match: its bot's level as the match setup names it («Сильный»);
        "" for the learner's seat and at a lesson's table (its bots are not the learner's choice)."""
        bot = self.seat_bots.get(seat)
        return level_name(bot, self.setup.preset) if bot and self.setup is not None else ""

    def seat_labels(self) -> dict[int, tuple[str, ...]]:
        """Each opponent's name plate at the table, by the edge it sits at: the seat and who plays it
        («Справа», «Сильный»); none at a lesson's table."""
        return {self.state.relative(seat): (self.seat_name(seat), self.seat_level(seat))
                for seat in self.seat_bots if self.seat_level(seat)}

    def _start_round(self) -> Any:
        rnd = self.match.start_round()
        self.hand_start = list(self.match.scores)
        self.result_view = None
        if self.saver is not None:
            self.saver.start_hand(rnd)
        return rnd

    # ---------------------------------------------------------------- state

    def title(self) -> str:
        """«Table · JPML»: the rule set in force (with an option changed from its preset) beside the
        table's name; a lesson's own title as it is."""
        if self.params.get("title"):
            return self.params["title"]
        if not self.rules_name():
            return _("Table")
        L = self.app.layout
        start, end = self.header_span()
        left = self.back_button.rect.right + L.px(20) if self.back_button is not None else start
        extra = self.header_extra()
        room = end - left - (self.app.text_width(extra, L.font("small")) + L.px(40) if extra else 0)
        return header_title(self.app, _("Table"), self.match.rules, room)

    def rules_name(self) -> str:
        """The match's rule set in words (:func:`rules_label`)."""
        return rules_label(self.match.rules)

    def header_extra(self) -> str:
        if self.free and self.match.finished and self.round.ended:  # not the next round: there is none
            return _("Match over · last hand: {round}").format(round=self.center.round_label(self.state))
        if self.free:
            return self.center.round_label(self.state) + " · " + ngettext(
                "{n} honba", "{n} honba", self.round.honba).format(n=self.round.honba)
        if self.goal_wins:  # a lesson's table played until it wins: the wins to go
            return _("wins {w} of {n} · hands {g}").format(w=self.wins, n=self.goal_wins, g=self.games)
        n = min(self.games + (0 if self.round.ended else 1), self.goal_games or 1)
        return _("hand {n} of {total}").format(n=n, total=self.goal_games or 1)

    @property
    def state(self) -> TableState:
        """What the table shows now (rebuilt after every action)."""
        if self._state is None:
            self._state = table_state(self.round, 0, reveal=self.reveal)
        return self._state

    def goal_met(self) -> bool:
        """Whether the step's goal (games played or games won) is reached (free play never ends)."""
        if self.free:
            return False
        if self.goal_wins:
            return self.wins >= self.goal_wins
        return self.games >= (self.goal_games or 1)

    def my_legal(self) -> list[Any]:
        """The learner's legal actions now (empty when it is not their decision)."""
        if self.round.ended or 0 not in self.round.to_act():
            return []
        return self.round.legal_actions(0)

    # ---------------------------------------------------------------- widgets

    def build(self) -> None:
        self._state = None  # the round may have been replaced (a scenario, an undo)
        old_row: TileRow | None = getattr(self, "hand_row", None)
        old_position = getattr(self, "_hand_position", None)
        seat = self.round.seats[0]
        hand = seat.hand()
        slots = [TileSlot(t) for t in hand.concealed]
        drawn = seat.drawn if (seat.drawn is not None and 0 in self.round.to_act()) else None
        if drawn is not None and drawn in [s.tile for s in slots]:
            idx = max(i for i, s in enumerate(slots) if s.tile == drawn)
            slots.pop(idx)
            slots.append(TileSlot(drawn, gap=0.35))
        self.hand_row = self.add(TileRow(slots, pickable=True, multi=False, on_change=self._picked))
        legal = self.my_legal()
        discards = {a.tile for a in legal if isinstance(a, Discard)}
        riichi_tiles = {a.tile for a in legal if isinstance(a, Riichi)}
        allowed = riichi_tiles if self.riichi_mode else discards
        self.hand_row.dim = {i for i, s in enumerate(slots) if legal and allowed and s.tile not in allowed}
        self.hand_row.locked = not (discards or riichi_tiles)
        self._hand_position = self.hand_position(slots)
        if old_row is not None and old_position == self._hand_position:
            self._keep_lifted(old_row)
        if self.hand_row.dim and self.hand_row.cursor in self.hand_row.dim:
            # the keyboard cursor starts on a tile that can go: after riichi the drawn one, in the
            # riichi choice the first marked one
            free = [i for i in range(len(slots)) if i not in self.hand_row.dim]
            if free:
                self.hand_row.cursor = free[-1] if self.round.seats[0].riichi else free[0]
        if self.riichi_mode:
            for i, s in enumerate(slots):
                if s.tile in riichi_tiles:
                    self.hand_row.marks[i] = "hint"
        self.action_buttons: list[TileButton] = []
        let_pass = self._coach_lets_win_pass(legal)
        for action in self._offers(legal):
            n = len(self.action_buttons) + 1
            pieces = offer_pieces(action, self.round.last_tile)
            # a penalty (an MCR Hu under the minimum) is never the highlighted choice
            main = isinstance(action, Pass) if let_pass else (
                isinstance(action, Tsumo | Ron) and self._false_win_cost(action) is None)
            btn = TileButton(offer_label(action), pieces, lambda a=action: self._act(a), key=str(n), primary=main)
            self.action_buttons.append(self.add(btn))
        if riichi_tiles:
            n = len(self.action_buttons) + 1
            label = _("Cancel riichi") if self.riichi_mode else offer_label(Riichi(next(iter(riichi_tiles))))
            self.action_buttons.append(self.add(TileButton(label, (), self._toggle_riichi, key=str(n))))
        if self.can_undo():
            n = len(self.action_buttons) + 1
            self.action_buttons.append(self.add(TileButton(_("Take back my discard"), (), self.undo, key=str(n))))
        self.next_btn = None
        self.review_btn: Button | None = None
        if self.round.ended:
            if self.goal_met():
                self._report()
                self.next_btn = self.add(Button(pgettext("end of game", "Done"), self.finish, kind="primary",
                                                hotkey="Enter"))
            elif self.match.finished and self.free and self.match_end is None:
                self.next_btn = self.add(Button(_("Match result"), self.show_match_end, kind="primary",
                                                hotkey="Enter"))
            elif self.match.finished and self.free:
                self.next_btn = self.add(Button(_("Leave the table"), self.finish, kind="primary", hotkey="Enter"))
                self._add_review_button()
            else:
                self.next_btn = self.add(Button(_("Next hand"), self.next_hand, kind="primary", hotkey="Enter"))
        self.winner_btn: Button | None = None
        other = self.result_view.next_hand_label() if (self.round.ended and self.result_view is not None
                                                       and self.match_end is None) else ""
        if other:  # a double ron: the card shows one winner's hand, this button the other's
            self.winner_btn = self.add(Button(other, self.show_other_winner, kind="secondary", hotkey="H"))
        self._coach_marks()
        if self.match_end is not None:  # the match result: no leftover hand of the last deal under its card
            self.hand_row.visible = False
            self.hand_row.locked = True
        self._keep_coach_scroll()

    _coach_scale: float | None = None  # the window's scale the coach's boxes were last scrolled at

    def _keep_coach_scroll(self) -> None:
        """A coach's box scrolled before a rebuild (a resized window) shows the same words at its
        top: its offset, in pixels, follows the window's scale (its box clamps it to the new text's
        length when it is drawn)."""
        scale = self.app.layout.scale
        if self._coach_scale and scale != self._coach_scale:
            for box in (self.coach_box, self.coach_side_box):
                box.offset = round(box.offset * scale / self._coach_scale)
        self._coach_scale = scale

    def hand_position(self, slots: list[TileSlot]) -> tuple[Any, ...]:
        """Which decision the learner's hand is shown for: the round, the actions played in it,
        the riichi choice and the tiles in their order.  A rebuild for the same one (a resized
        window, another language) keeps the lifted tile (:meth:`_keep_lifted`)."""
        return id(self.round), len(self.round.history), self.riichi_mode, tuple(s.tile for s in slots)

    def _keep_lifted(self, old_row: TileRow) -> None:
        """The tile lifted in the hand before the rebuild (never a greyed one) and the keyboard
        cursor, on the hand built again for the same decision."""
        row = self.hand_row
        row.selected = {i for i in old_row.selected if 0 <= i < len(row.slots) and i not in row.dim}
        row.cursor = max(0, min(old_row.cursor, len(row.slots) - 1))

    def _offers(self, legal: list[Any]) -> list[Any]:
        """Every offered action except plain discards and riichi (riichi has its own flow);
        wins first, pass last."""
        order = (Tsumo, Ron, AbortiveDraw, DeclareTenpai, Kita, Kan, Pon, Chi)
        out = [a for kind in order for a in legal if isinstance(a, kind)]
        if any(isinstance(a, Pass) for a in legal):
            out.append(Pass())
        # a win the table would punish (an MCR false win) comes last, so the first button — the one
        # the number key 1 presses — is a fair play
        fair = [a for a in out if self._false_win_cost(a) is None]
        return fair + [a for a in out if a not in fair]

    def _false_win_cost(self, action: Any) -> int | None:
        """What declaring ``action`` would cost the learner when the engine would count it a false
        win (None: a fair play; the riichi tables have none)."""
        return None

    def _coach_lets_win_pass(self, legal: list[Any]) -> bool:
        """True when the coach is on and says to let the win on offer pass (the last hand, still
        last): then Pass, not the win, is the highlighted button."""
        wins = [a for a in legal if isinstance(a, Tsumo | Ron)]
        if self.coach == "off" or not wins:
            return False
        from trainer.engine.game.coach import pass_win_advice

        view = make_view(self.round, 0)
        return pass_win_advice(view, isinstance(wins[0], Tsumo), self.match.rules) is not None

    def _coach_takes_tsumo(self, legal: list[Any]) -> bool:
        """True when a tsumo is on offer that the coach takes (a fair win it does not let pass): then
        its words say to declare it, and no discard in the hand is marked beside that."""
        wins = [a for a in legal if isinstance(a, Tsumo)]
        return bool(wins) and self._false_win_cost(wins[0]) is None and not self._coach_lets_win_pass(legal)

    def _coach_marks(self) -> None:
        """Mark the coach's best discards in the hand (levels hints and full); none when the coach
        says to declare the tsumo on offer."""
        if self.coach == "off" or self.riichi_mode or self._coach_takes_tsumo(self.my_legal()):
            return
        from trainer.engine.game.coach import discard_hints

        legal = [a.tile for a in self.my_legal() if isinstance(a, Discard)]
        if not legal or self.round.seats[0].riichi or self._coach_declares_kan():
            return
        hints = discard_hints(make_view(self.round, 0), legal, self.match.rules)
        self.mark_hints({h.tile.kind for h in hints if h.reason != "safer"})

    def _coach_declares_kan(self) -> bool:
        """True when the full coach says to declare the closed or added kan on offer first: its
        discard advice waits for the replacement draw, so no tile of the hand is marked yet."""
        kan = next((a for a in self.my_legal() if isinstance(a, Kan)), None)
        if self.coach != "full" or kan is None:
            return False
        return kan_line(make_view(self.round, 0), kan, self.match.rules)[1]

    def mark_hints(self, kinds: set[int]) -> None:
        """Mark the hand's tiles of ``kinds`` (the coach's discards) unless they are dimmed."""
        for i, s in enumerate(self.hand_row.slots):
            if s.tile.kind in kinds and i not in self.hand_row.dim:
                self.hand_row.marks[i] = "hint"

    def coach_message(self) -> str:
        """The coach's words now (rich text; recomputed only when the table or the lifted tile changes)."""
        if self.coach == "off" or self.round.ended:
            return ""
        lifted = self.considered_tile()
        key = (len(self.round.history), lifted, self.riichi_mode, self.app.settings.language)
        if key != self._coach_key:
            self._coach_key = key
            self._coach_text = coach_text(self.coach, make_view(self.round, 0), self.my_legal(), lifted,
                                          self.match.rules, self.seat_name)
        return self._coach_text

    def considered_tile(self) -> Any:
        """The tile the learner is about to discard, for the coach's warning: the lifted one, or —
        when the learner plays with the keys — the one under the cursor, which Enter would discard
        (None when neither)."""
        row = self.hand_row
        if row.selected:
            return row.slots[next(iter(row.selected))].tile
        if (self.app.show_focus and self.focused_widget() is row and not row.locked
                and 0 <= row.cursor < len(row.slots) and row.cursor not in row.dim):
            return row.slots[row.cursor].tile
        return None

    def on_key(self, ev: pygame.event.Event) -> bool:
        """D shows every score as the difference to the learner's (press again to go back)."""
        if ev.key == pygame.K_d:
            self.center.show_diff = not self.center.show_diff
            return True
        return False

    def scroll(self, dy: int) -> None:
        """The mouse wheel scrolls the coach's words when they are longer than their box."""
        if CoachBox.scroll_one((self.coach_box, self.coach_side_box), dy):
            self.app.invalidate()
            return
        super().scroll(dy)

    def on_click(self, pos: tuple[int, int], button: int) -> bool:
        """A click on a glossary term — in the coach's box, in a draw's result (tenpai, noten), or
        in the match result's note (oka, uma) — opens it in the glossary."""
        term = self.match_end.term_at(pos) if self.match_end is not None else None
        if term is None and self.round.ended and self.result_view is not None:
            term = self.result_view.term_at(pos)  # a draw's tenpai, noten, noten payment
        if term is not None:
            self.app.push("glossary", term=term)
            return True
        return any(box.open_term_at(self.app, pos) for box in (self.coach_box, self.coach_side_box))

    # ---------------------------------------------------------------- actions

    def _picked(self, sel: set[int]) -> None:
        self.app.invalidate()  # the coach may warn about the lifted tile
        if not sel:
            # A second click on the lifted tile un-picks it: that is the discard gesture.
            i = self.hand_row.cursor
            self._discard_index(i)

    def _discard_index(self, i: int) -> None:
        if not 0 <= i < len(self.hand_row.slots):
            return
        if i in self.hand_row.dim:  # a greyed tile: say why it cannot go
            why = self.dimmed_reason(self.hand_row.slots[i].tile)
            if why:
                self.app.notify(why, "info")
            return
        tile = self.hand_row.slots[i].tile
        legal = self.my_legal()
        if self.riichi_mode:
            act = next((a for a in legal if isinstance(a, Riichi) and a.tile == tile), None)
        else:
            act = next((a for a in legal if isinstance(a, Discard) and a.tile == tile), None)
        if act is not None:
            self._act(act)

    def dimmed_reason(self, tile: Any) -> str:
        """Why ``tile`` of the hand is greyed out and cannot be discarded now, in a beginner's
        words, from what the engine says is legal ("" when it is not greyed for a reason known here)."""
        if self.round.seats[0].riichi:
            return _("After riichi you can only discard the tile you drew.")
        if self.riichi_mode:
            return _("This tile would break your ready hand: for riichi, discard one of the marked tiles "
                     "(or cancel riichi).")
        if tile.kind in self.round.kuikae:
            return plain_text(_("Right after a call you may not discard a tile like the one you called, nor one "
                                "that would only swap it within the same run ({term}).").format(term="{term:kuikae}"),
                              self.app)
        return ""

    def can_undo(self) -> bool:
        """Practice: the learner may take back the last discard (set up before the match)."""
        return (self.setup is not None and self.setup.undo and self.saver is not None and not self.round.ended
                and self.saver.undo_point() is not None)

    def undo(self) -> None:
        """Take back the learner's last discard: the hand goes back to that decision."""
        if not self.can_undo():
            return
        assert self.saver is not None
        self.round = self.saver.undo()
        self.riichi_mode = False
        self._state = None
        self.focus = None
        self.rebuild()

    def _toggle_riichi(self) -> None:
        self.riichi_mode = not self.riichi_mode
        self.rebuild()

    def _apply(self, seat: int, action: Any) -> None:
        """Apply one action to the round and record it (raises IllegalAction unchanged)."""
        self.round.apply(seat, action)
        if self.saver is not None:
            self.saver.action(seat, action)

    def _act(self, action: Any) -> None:
        from trainer.engine.game.actions import IllegalAction

        try:
            self._apply(0, action)
        except IllegalAction as exc:
            self.app.notify(exc.reason, "warn")
            return
        self.riichi_mode = False
        self.timer = 0.0
        self.app.play_sound("tile")
        self._after_action()

    def _after_action(self) -> None:
        self._state = None
        if self.round.ended:
            self._round_over()
        self.focus = None
        self.rebuild()
        self.app.invalidate()

    def show_other_winner(self) -> None:
        """A double ron's result: show the next winner's hand, yaku and fu on the card."""
        if self.result_view is not None:
            self.result_view.show_next()
            self.rebuild()

    def show_match_end(self) -> None:
        """After the last hand: places, points, oka and uma, and the chart of the scores."""
        self.match_end = self.match_end_view_class(self.match, self.seat_name, self.history, self.rules_name(),
                                                   levels=self.seat_level)
        self.rebuild()

    def _add_review_button(self) -> None:
        """On the match result: «Game review», the replay of the match just saved with the coach's
        verdict on every discard (a Chinese Official match, which has no review: «Replay»)."""
        path = self.saver.path if self.saver is not None else None
        if path is None or not Path(path).is_file():
            return
        label = _("Game review") if self.saver.reviews else _("Replay")
        self.review_btn = self.add(Button(label, self.open_review, kind="secondary", hotkey="R"))

    def open_review(self) -> None:
        """Open the replay of the match just played, with the review of the learner's discards."""
        if self.saver is not None:
            self.saver.save()
            self.app.push("replay", path=str(self.saver.path))

    def _round_over(self) -> None:
        res = self.round.result
        self.result_view = self.result_view_class(self.round, self.seat_name, self.hand_start)
        self.games += 1
        if res is not None and any(w.seat == 0 for w in res.wins):
            self.wins += 1
        if self.saver is not None:
            self.saver.end_hand(self.round)
        self.match.finish_round()
        self.history.append(list(self.match.scores))
        if self.saver is not None:
            if self.match.finished:
                self.saver.finish()
            path = self.saver.save()
            if self.match.finished and path is not None and self.saver.reviews:
                from trainer.ui.game_cards import record_mistakes

                record_mistakes(self.app, path, self.saver.recorder.log)

    def next_hand(self) -> None:
        """Deal the next hand (a new match when the last one ended)."""
        if self.match.finished:
            self.match = self.new_match(self.match.rules, self.seed + self.games)
            self.history = [list(self.match.scores)]
            self.match_end = None
        self.round = self._start_round()
        self._state = None
        self.focus = None
        self.rebuild()

    def _report(self) -> None:
        if self.reported:
            return
        self.reported = True
        cb = self.params.get("on_done")
        if cb is not None:
            cb({"games": self.games, "wins": self.wins, "goal_met": self.goal_met()})

    def back(self) -> None:
        """Esc: a finished hand or match, or a hand nobody has discarded in yet, leaves at once; in
        the middle of a hand (a lesson's table too), ask first — as the simple tables do."""
        started = any(seat.river for seat in self.round.seats)
        if self.round.ended or (not started and not self.free):
            self.leave_table()
            return
        body = _("The match is saved: you can go on with it later, from the home screen or from My games.") \
            if self.saver is not None else \
            _("The hand in progress will be lost.")
        self.open_dialog(_("Leave the table?"), body,
                         [(_("Leave"), self.leave_table, "secondary"), (_("Keep playing"), lambda: None, "primary")])

    def finish(self) -> None:
        """Done: leave a finished match (or a lesson's goal)."""
        self.leave_table()

    def leave_table(self) -> None:
        """Save the match as it is and return to the previous screen."""
        if self.saver is not None:
            self.saver.save()
        if self.round.ended or self.games:
            self._report() if self.goal_met() else self._report_partial()
        self.app.pop()

    def _report_partial(self) -> None:
        cb = self.params.get("on_done")
        if cb is not None and not self.reported:
            cb({"games": self.games, "wins": self.wins, "goal_met": False})

    def submit(self) -> bool:
        if self.next_btn is not None:
            self.next_btn.activate()
            return True
        if self.hand_row.selected:
            self._discard_index(next(iter(self.hand_row.selected)))
            return True
        if self.focused_widget() is self.hand_row and not self.hand_row.locked:
            self._discard_index(self.hand_row.cursor)
            return True
        return False

    def choose(self, n: int) -> bool:
        if 1 <= n <= len(self.action_buttons):
            self.action_buttons[n - 1].activate()
            return True
        return False

    def initial_focus(self) -> int | None:
        """Where the keys start: the button that goes on after a hand's result; at a tsumo on offer
        the win's button (Enter declares it, ↓ goes down to the hand); else the hand."""
        if self.next_btn is not None:
            return self.widgets.index(self.next_btn)
        win = self.tsumo_button()
        if win is not None:
            return self.widgets.index(win)
        return self.widgets.index(self.hand_row)

    def tsumo_button(self) -> TileButton | None:
        """The highlighted button of a tsumo on offer (a fair win the coach does not say to let pass),
        if there is one."""
        for action, button in zip(self._offers(self.my_legal()), self.action_buttons, strict=False):
            if isinstance(action, Tsumo) and button.primary:
                return button
        return None

    def move_focus(self, dx: int, dy: int) -> bool:
        """Up from the hand goes to the buttons above it (the highlighted one, else the first) and
        stops there: above them is only the table, and the arrows never jump across it to the back
        button (Esc is the way out).  Down from one of the buttons comes back to the hand."""
        cur = self.focused_widget()
        below = (*self.action_buttons, self.next_btn, getattr(self, "review_btn", None), getattr(self, "winner_btn", None))
        buttons = [b for b in below if b is not None and b.visible and b.enabled]
        hand_open = self.hand_row.visible and self.hand_row.focusable
        if dy < 0 and cur is self.hand_row and buttons:
            self.set_focus(next((b for b in buttons if getattr(b, "primary", False)), buttons[0]))
            return True
        if dy < 0 and (cur is self.hand_row or cur in buttons):
            return True
        if dy > 0 and cur in buttons and hand_open:
            self.set_focus(self.hand_row)
            return True
        return super().move_focus(dx, dy)

    def update(self, dt: float) -> bool:
        """Let the bots act, one action per BOT_DELAY seconds; after riichi, discard the learner's
        drawn tile once it has been seen for AUTO_DISCARD_DELAY seconds (:meth:`auto_discard`)."""
        if self.round.ended:
            return False
        forced = self.auto_discard()
        if forced is not None:
            self.timer += dt
            if self.timer >= AUTO_DISCARD_DELAY:
                self._act(forced)
            return True
        waiting = [s for s in self.round.to_act() if s != 0]
        if not waiting or (0 in self.round.to_act() and self.round.to_act()[0] == 0):
            return False
        self.timer += dt
        if self.timer < BOT_DELAY:
            return True
        self.timer = 0.0
        self.bot_step()
        return True

    def auto_discard(self) -> Any:
        """The discard the table makes for the learner after riichi, as Tenhou and Mahjong Soul do:
        the drawn tile, when discarding it is all the learner may do (no tsumo, kan or North to set
        aside on offer) and no dialog is open; None otherwise."""
        if not self.round.seats[0].riichi or self.riichi_mode or self.dialog is not None:
            return None
        legal = self.my_legal()
        if legal and all(isinstance(a, Discard) for a in legal) and len({a.tile for a in legal}) == 1:
            return legal[0]
        return None

    def bot_step(self) -> None:
        """One bot decision (the first bot that must act)."""
        from trainer.engine.game.actions import IllegalAction

        for s in self.round.to_act():
            if s == 0:
                continue
            legal = self.round.legal_actions(s)
            if not legal:
                continue
            action = self.bots[s].choose(make_view(self.round, s), legal)
            try:
                self._apply(s, action)
            except IllegalAction:
                self._apply(s, legal[0])
            break
        self._after_action()

    def run_bots_until_learner(self, limit: int = 400) -> None:
        """Advance the bots until the learner must decide or the hand ends (tests, screenshots)."""
        for _step in range(limit):
            if self.round.ended or 0 in self.round.to_act():
                return
            self.bot_step()

    # ---------------------------------------------------------------- layout

    def layout(self) -> None:
        L = self.app.layout
        area = L.content()
        hand_h = L.tile_h(0.9)
        self.melds_h = round(hand_h * 0.8)
        seat = self.state.seats[0]
        img = melds_surface(self.app.settings.tile_theme, seat, self.melds_h)
        meld_w = img.get_width() + L.px(12) if img is not None else 0
        hand_w = area.width - meld_w
        self.hand_row.place(area.left + hand_w // 2, area.bottom - hand_h - L.px(2), hand_w, hand_h)
        self.hand_row.rect.left = max(area.left, self.hand_row.rect.left)
        # action bar above the hand, right-aligned; the next-hand button in the same place
        bh = L.px(52)
        y = self.hand_row.rect.top - L.px(14) - bh - round(hand_h * 0.18)
        if self.match_end is not None:  # the match result has the table to itself: its buttons at the bottom
            y = area.bottom - bh - L.px(2)
        self._fit_action_bar(area.width, bh)
        x = area.right
        for b in reversed(self.action_buttons):
            w = b.preferred_width(self.app, bh)
            b.rect = pygame.Rect(x - w, y, w, bh)
            x -= w + L.px(10)
        if self.next_btn is not None:
            nw = max(self.next_btn.preferred_width(self.app), L.px(220))
            self.next_btn.rect = pygame.Rect(area.right - nw, y, nw, bh)
            review = getattr(self, "review_btn", None)  # the match result: «Game review» beside it
            if review is not None:
                rw = max(review.preferred_width(self.app), L.px(200))
                review.rect = pygame.Rect(self.next_btn.rect.left - L.px(12) - rw, y, rw, bh)
            other = getattr(self, "winner_btn", None)  # a double ron: the other winner's hand beside it
            if other is not None:
                ow = other.preferred_width(self.app)
                other.rect = pygame.Rect(self.next_btn.rect.left - L.px(12) - ow, y, ow, bh)
        self.prompt_y = y + bh // 2
        self.table = pygame.Rect(area.left, area.top, area.width, y - L.px(8) - area.top)
        self.board.place(self.app, self.table, players=len(self.match.scores))

    def _bar_width(self, bh: int) -> int:
        """How wide the action buttons are together at button height ``bh``."""
        gap = self.app.layout.px(10)
        return sum(b.preferred_width(self.app, bh) + gap for b in self.action_buttons) - gap

    def _fit_action_bar(self, width: int, bh: int) -> None:
        """Lower the tiles in the action buttons (Pon, three chii choices ... in a small window) while
        the bar would leave the prompt less than :data:`MIN_PROMPT` of the ``width``, never below
        :data:`MIN_BUTTON_TILE`."""
        L = self.app.layout
        tiled = [b for b in self.action_buttons if b.pieces]
        for b in tiled:
            b.tile_cap = None
        if not tiled:
            return
        th = tiled[0].tiles_for(self.app, bh)
        while th > MIN_BUTTON_TILE and self._bar_width(bh) > width - L.px(MIN_PROMPT):
            th -= 1
            for b in tiled:
                b.tile_cap = th

    def draw_content(self, surf: pygame.Surface) -> None:
        if self.match_end is not None:
            self.match_end.draw(surf, self.app, self.table)
            return
        if self.round.ended and self.result_view is not None:
            self.result_view.draw(surf, self.app, self.table)
            mine = melds_surface(self.app.settings.tile_theme, self.state.seats[0], self.melds_h)
            if mine is not None:
                L = self.app.layout
                surf.blit(mine, mine.get_rect(bottomright=(L.content().right, self.hand_row.rect.bottom)))
            return
        L = self.app.layout
        app = self.app
        state = self.state
        hover = pygame.mouse.get_pos() if pygame.mouse.get_focused() else None
        self.board.draw(surf, app, state, self._marked(), hover=hover, labels=self.seat_labels())
        mine = melds_surface(app.settings.tile_theme, state.seats[0], self.melds_h)
        if mine is not None:
            surf.blit(mine, mine.get_rect(bottomright=(L.content().right, self.hand_row.rect.bottom)))
        self._draw_coach(surf)
        self._draw_prompt(surf)

    def _draw_coach(self, surf: pygame.Surface) -> None:
        """The coach's words in the free felt at the top left and, when they are too long for it, on in
        the free felt at the top right (:meth:`coach_split`), in one type size in both boxes."""
        corner, side = self.coach_areas()
        first, rest, size = self.coach_split(self.coach_message(), corner, side)
        self.coach_box.draw(surf, self.app, corner, first, size=size)
        self.coach_side_box.draw(surf, self.app, side, rest, size=self.coach_box.size)

    def coach_areas(self) -> tuple[pygame.Rect, pygame.Rect]:
        """Where the coach's words may go: the free felt at the top left and at the top right, up to the
        rivers as they are now (:meth:`Board.free_corner`)."""
        return self.board.free_corner(self.app, 3), self.board.free_corner(self.app, 1)

    def coach_split(self, text: str, corner: pygame.Rect, side: pygame.Rect) -> tuple[str, str, str | None]:
        """The coach's words for the box in the ``corner`` (top left) and the box at the ``side`` (top
        right), and the type size both boxes use (None: the corner's box chooses, :meth:`CoachBox.size_for`).
        All in the corner when they fit there in the box's body type (:meth:`CoachBox.fits`); else, when
        the side has room, the corner keeps as many of the first lines as fit (the coach orders them as
        they are read, the discard first, and each line is a whole thought) and the side box goes on
        with the rest — in the body type when the rest fits the side in it, else in the next type size
        in which both parts fit, so that no one has to scroll while the felt has room; when none does,
        in the body type, the side scrolling."""
        lines = text.split(BR)
        app, fits = self.app, self.coach_box.fits
        if len(lines) < 2 or fits(app, text, corner) or side.width < app.layout.px(MIN_SIDE_BOX):
            return text, "", None
        for size in CoachBox.SIZES:
            first, rest = self._fill_corner(lines, corner, size)
            if fits(app, rest, side, size):
                return first, rest, size
        return (*self._fill_corner(lines, corner, CoachBox.SIZES[0]), None)

    def _fill_corner(self, lines: list[str], corner: pygame.Rect, size: str) -> tuple[str, str]:
        """The coach's ``lines`` split where as many of the first as fit the ``corner`` in type ``size``
        end (at least one), the rest after them."""
        kept = next((n for n in range(len(lines) - 1, 0, -1)
                     if self.coach_box.fits(self.app, BR.join(lines[:n]), corner, size)), 1)
        return BR.join(lines[:kept]), BR.join(lines[kept:])

    def _marked(self) -> dict[int, dict[int, str]]:
        """River tiles to highlight: the last discard (the tile offered when a call is possible)."""
        last = self.state.last
        return {last[0]: {last[1]: "hint"}} if last is not None else {}

    def _draw_prompt(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        area = L.content()
        left = self.action_buttons[0].rect.left if self.action_buttons else (
            self.next_btn.rect.left if self.next_btn is not None else area.right)
        width = left - area.left - L.px(16)
        self.prompt_shown = self.prompt_lines(width) if width > L.px(80) else []
        size = L.font("small")
        lh = self.app.line_height(size)
        top = self.prompt_y - lh * len(self.prompt_shown) // 2
        for i, line in enumerate(self.prompt_shown):
            blit_text(surf, self.app, line, size, P.accent, (area.left, top + lh * i + lh // 2), anchor="midleft",
                      max_width=width)

    def prompt_lines(self, width: int) -> list[str]:
        """The prompt as drawn beside the buttons in ``width`` pixels, on at most two lines (the
        buttons are as tall as two): in full when it fits, else in its short form
        (:meth:`short_prompt_text`), else that one cut on its second line."""
        size = self.app.layout.font("small")
        texts = [t for t in (self.prompt_text(), self.short_prompt_text()) if t]
        lines: list[str] = []
        for text in texts:
            lines = self.app.wrap(text, size, width)
            if len(lines) <= 2:
                return lines
        return [lines[0], " ".join(lines[1:])] if lines else []

    def prompt_situation(self) -> str:
        """What the learner is asked now: ``riichi_choice``, ``call``, ``tsumo``, ``riichi_auto`` (the
        drawn tile goes by itself), ``riichi_discard``, ``discard``, ``tenpai``, or "" (nothing)."""
        legal = self.my_legal()
        discard = any(isinstance(a, Discard) for a in legal)
        if self.riichi_mode:
            return "riichi_choice"
        if any(isinstance(a, Chi | Pon | Kan | Ron) for a in legal) and self.round.phase.value == "calls":
            return "call"
        if discard and any(isinstance(a, Tsumo) for a in legal):
            return "tsumo"
        if discard and self.round.seats[0].riichi:
            return "riichi_auto" if self.auto_discard() is not None else "riichi_discard"
        if discard:
            return "discard"
        return "tenpai" if any(isinstance(a, DeclareTenpai) for a in legal) else ""

    def short_prompt_text(self) -> str:
        """The prompt in a few words (:data:`SHORT_PROMPTS`), "" when nothing is asked."""
        short = SHORT_PROMPTS.get(self.prompt_situation())
        return _(short).format(win=self.win_word()) if short else ""

    def prompt_text(self) -> str:
        """What the learner should do now, beside the buttons ("" when nothing is asked)."""
        situation = self.prompt_situation()
        if situation == "riichi_choice":
            return _("Riichi: the marked tiles keep your hand ready. Choose the one to discard.")
        if situation == "call":
            return _("A call is possible on the marked tile: choose a button or Pass.")
        if situation == "tsumo":
            return self._tsumo_prompt(self.my_legal())
        if situation in ("riichi_auto", "riichi_discard"):
            # after riichi only the drawn tile may go (the others are greyed): say so, not "choose"
            if not self.app.show_focus:
                if situation == "riichi_auto":
                    return _("Riichi: the tile you drew goes to the river by itself.")
                return _("Riichi: click the tile you drew, then click it again to discard it.")
            if self.action_buttons:
                return _("Riichi: Enter discards the tile you drew; the number keys press the buttons.")
            return _("Riichi: Enter discards the tile you drew.")
        if situation == "discard":
            if self.app.show_focus:  # the learner's last input was a key: name the keys
                if self.action_buttons:
                    return _("Your turn: ←/→ choose a tile, Enter discards it; the number keys press the buttons.")
                return _("Your turn: ←/→ choose a tile, Enter discards it.")
            return _("Your turn: click a tile, then click it again to discard it.")
        if situation == "tenpai":
            # the terms with their Japanese, as the lessons name them (one block: each term once)
            return plain_text(_("The wall is empty and your hand is {tenpai}. Show it, and the players who are not "
                                "ready pay you the {noten_bappu}.").format(
                tenpai=term_word("tenpai", pgettext("inline term", "tenpai")), noten_bappu="{term:noten_bappu}"),
                self.app)
        return ""

    def win_word(self) -> str:
        """The word on the tsumo button ("Tsumo"; MCR: "Hu")."""
        return offer_label(Tsumo())

    def _tsumo_prompt(self, legal: list[Any]) -> str:
        """The prompt when the tile drawn wins: the win button first (with its number key after a
        key press), then how to discard instead — after riichi only the drawn tile."""
        win = self.win_word()
        key = next((i for i, a in enumerate(self._offers(legal), 1) if isinstance(a, Tsumo)), 1)
        on_win = self.app.show_focus and self.tsumo_button() is not None \
            and self.focused_widget() is self.tsumo_button()
        if self.round.seats[0].riichi:
            if on_win:  # the keys start on the win's button: Enter declares it
                return _("Riichi: the tile you drew completes your hand — Enter (or key {key}) declares {win}. "
                         "To discard it instead: ↓, then Enter.").format(win=win, key=key)
            if self.app.show_focus:
                return _("Riichi: the tile you drew completes your hand — press {win} (key {key}). Enter discards "
                         "it.").format(win=win, key=key)
            return _("Riichi: the tile you drew completes your hand — press {win}. Or click it twice to discard "
                     "it.").format(win=win)
        if on_win:
            return _("Your turn: the tile you drew completes your hand — Enter (or key {key}) declares {win}. "
                     "To discard a tile instead: ↓, then ←/→ and Enter.").format(win=win, key=key)
        if self.app.show_focus:
            return _("Your turn: the tile you drew completes your hand — press {win} (key {key}). ←/→ and Enter "
                     "discard a tile.").format(win=win, key=key)
        return _("Your turn: the tile you drew completes your hand — press {win}. Or click a tile twice to "
                 "discard it.").format(win=win)


MCR_BOT_FOR = {"beginner": "mcr_beginner"}
"""Match-setup opponents -> MCR bots: Gentle plays the beginner, every other level the aiming bot
(so the match setup offers MCR only these two levels, :data:`~trainer.ui.match_setup.MCR_LEVELS`)."""
MCR_CALL_TERMS = {Tsumo: "mcr_hu", Ron: "mcr_hu", Pon: "mcr_peng", Kan: "mcr_gang", Chi: "mcr_chi"}
"""The glossary term of each call (its hanzi and pinyin, named in the prompt beside the buttons)."""


@register_screen("mcr_play")
class McrPlayScreen(PlayScreen):
    """An MCR (Chinese Official) game at the table: an :class:`~trainer.engine.mcr.match.McrMatch`
    (16 hands, flowers, the 8-point minimum) against MCR bots, the flowers each seat set aside,
    the MCR coach (the 8-point hands the tiles head for, the discards that keep the nearest, each
    winning tile's value, a warning before a Hu under the minimum), the MCR hand result and game
    end.  Params as above: ``setup`` with the ``mcr`` preset, ``resume`` (a saved MCR game), or
    ``preset`` (an MCR game preset) for lessons and tests.  A free MCR game is saved after every
    hand and when left (:class:`~trainer.ui.saved_games.McrGameSaver`) and resumed from the home
    screen or My games."""

    result_view_class = McrHandResultView
    match_end_view_class = McrMatchEndView
    saver_class = McrGameSaver

    def __init__(self, app: Any, **params: Any) -> None:
        if params.get("setup") is None and not is_mcr_rules(params.get("preset")):
            params = {**params, "preset": "mcr"}
        super().__init__(app, **params)
        self.center.sticks_and_dora = False  # no riichi sticks, no dora in MCR

    def new_match(self, rules: Any, seed: int) -> McrMatch:
        """An MCR game (the match setup's preset name ``mcr`` is the seed's rules)."""
        return McrMatch(rules if is_mcr_rules(rules) else "mcr", seed)

    def make_bot(self, name: str, rules: Any) -> Any:
        """The MCR bot standing in for the chosen opponent."""
        return make_mcr_bot(MCR_BOT_FOR.get(name, "mcr"), rules)

    def build(self) -> None:
        super().build()
        for action, button in zip(self._offers(self.my_legal()), self.action_buttons, strict=False):
            word = MCR_CALLS.get(type(action))
            if word is not None:
                button.label = word()
            cost = self._false_win_cost(action)
            if cost is not None:  # below the minimum: the button says so, with what it costs
                from trainer.i18n import format_points

                button.label = _("Hu (false win, −{n})").format(n=format_points(cost)) if cost else \
                    _("Hu (false win)")

    def _act(self, action: Any) -> None:
        """Play ``action``; a Hu that was a false win says at once what it cost and what follows
        (002:2147: the seat pays and may not win this hand any more)."""
        was_dead = self.round.dead[0]
        cost = self._false_win_cost(action) if isinstance(action, Tsumo | Ron) else None
        super()._act(action)
        if not was_dead and self.round.dead[0]:
            from trainer.i18n import format_points

            self.app.notify(_("False win: −{n}. You cannot win this hand any more; play safe tiles.").format(
                n=format_points(cost or self.false_win_penalty() * 3)), "warn", 8)

    def initial_focus(self) -> int | None:
        """A false win on offer: the focus starts on Pass (Enter plays on), not on the hand."""
        if self.next_btn is None and any(self._false_win_cost(a) is not None for a in self.my_legal()):
            offers = self._offers(self.my_legal())
            for action, button in zip(offers, self.action_buttons, strict=False):
                if isinstance(action, Pass):
                    return self.widgets.index(button)
        return super().initial_focus()

    def _hu_score(self, action: Any) -> Any:
        """The engine's score of the learner's Hu ``action`` now, as the round would score it
        (the round's own situation of the win); None when the tiles do not score at all."""
        from trainer.engine.hand import Hand
        from trainer.engine.mcr.calculator import McrError, score_mcr

        key = (id(self.round), len(self.round.history), type(action))
        cached = getattr(self, "_hu_cache", None)
        if cached is not None and cached[0] == key:
            return cached[1]
        rnd, seat = self.round, self.round.seats[0]
        tsumo = isinstance(action, Tsumo)
        tile = (seat.drawn if seat.drawn is not None else seat.concealed[-1]) if tsumo else rnd.last_tile
        concealed = list(seat.concealed) + ([] if tsumo else [tile])
        try:
            score = score_mcr(Hand(tuple(sorted(concealed)), tuple(seat.melds)), rnd.situation(0, tile, tsumo),
                              self.match.rules.fans)
        except McrError:
            score = None
        self._hu_cache = (key, score)
        return score

    def _false_win_payment(self) -> Any:
        """The engine's settlement of a false win under this game's rules (None: no penalty)."""
        from trainer.engine.mcr.calculator import payment

        rules = self.match.rules
        return payment(0, False, False, rules.fans) if rules.false_win == "penalty" else None

    def false_win_penalty(self) -> int:
        """What a false win costs for each other player under this game's rules (0: no penalty)."""
        pay = self._false_win_payment()
        return pay.false_win_each if pay is not None else 0

    def _false_win_cost(self, action: Any) -> int | None:
        """What declaring the Hu ``action`` costs the learner when the engine would count it a false
        win — under the minimum without flowers, or no scoring hand at all (None: a fair play)."""
        if not isinstance(action, Tsumo | Ron) or self.round.ended:
            return None
        score = self._hu_score(action)
        if score is not None and score.meets_minimum:
            return None
        pay = self._false_win_payment()
        return -pay.total if pay is not None else 0

    def title(self) -> str:
        return self.params.get("title") or _("Chinese Official table")

    def rules_name(self) -> str:
        """Named by the title already (the Chinese Official rules have no variants here)."""
        return ""

    def header_extra(self) -> str:
        if self.match.finished and self.round.ended:  # not a hand still to come: the game is over
            n = self.match.hands_played
            return ngettext("Game over · {n} hand played", "Game over · {n} hands played", n).format(n=n)
        # The hand on the table: over a result card that is the hand just counted in hands_played
        # (the round label beside it names that hand too), otherwise the one being played.
        n = self.match.hands_played if self.round.ended else self.match.hands_played + 1
        return _("{round} · hand {n} of {total}").format(
            round=self.center.round_label(self.state), n=max(1, min(n, self.match.rules.hands)),
            total=self.match.rules.hands)

    def _advice(self) -> Any:
        """The MCR coach's reading; the points of a Hu on offer as the round itself would score it."""
        from dataclasses import replace

        advice = mcr_advice(make_view(self.round, 0), self.my_legal(), self.match.rules, dead=self.round.dead[0])
        wins = [a for a in self.my_legal() if isinstance(a, Tsumo | Ron)]
        if wins:
            score = self._hu_score(wins[0])
            advice = replace(advice, hu=(score.total - score.flowers) if score is not None else 0)
        return advice

    def prompt_text(self) -> str:
        """A false win on offer: say what the marked button would cost and what to do instead."""
        wins = [a for a in self.my_legal() if isinstance(a, Tsumo | Ron)]
        if wins and self._false_win_cost(wins[0]) is not None:
            m = self.match.rules.fans.minimum
            if isinstance(wins[0], Tsumo):
                return _("Hu now would be a false win (under {m} points without flowers): discard and play "
                         "on.").format(m=m)
            return _("Hu on this tile would be a false win (under {m} points without flowers): do not declare "
                     "it.").format(m=m)
        if self.round.phase.value == "calls":
            # the calls on offer named as on their buttons, each with its hanzi and pinyin (glossary links)
            calls = list(dict.fromkeys(term_word(MCR_CALL_TERMS[type(a)], MCR_CALLS[type(a)]())
                                       for a in self.my_legal() if type(a) in MCR_CALL_TERMS))
            if calls:
                return plain_text(_("You can claim the marked tile: {calls}. Choose a button or Pass.").format(
                    calls=or_join(calls)), self.app)
        return super().prompt_text()

    def short_prompt_text(self) -> str:
        """A false win on offer: the short form says so (never «press Hu»)."""
        wins = [a for a in self.my_legal() if isinstance(a, Tsumo | Ron)]
        if wins and self._false_win_cost(wins[0]) is not None:
            return _("Hu now would be a false win.")
        return super().short_prompt_text()

    def _coach_lets_win_pass(self, legal: list[Any]) -> bool:
        """The MCR coach never says to let a fair win pass (a Hu under the minimum is never the
        highlighted button anyway: :meth:`_false_win_cost`)."""
        return False

    def win_word(self) -> str:
        """MCR's word for a win: Hu."""
        return MCR_CALLS[Tsumo]()

    def _coach_marks(self) -> None:
        """Mark the discards that keep the nearest 8-point hand (none when a fair Hu is on offer: the
        coach says to declare it)."""
        legal = self.my_legal()
        if self.coach == "off" or not any(isinstance(a, Discard) for a in legal) or self._coach_takes_tsumo(legal):
            return
        self.mark_hints(set(self._advice().discards))

    def coach_message(self) -> str:
        """The MCR coach's words (recomputed only when the table changes)."""
        if self.coach == "off" or self.round.ended:
            return ""
        key = (len(self.round.history), self.app.settings.language)
        if key != self._coach_key:
            self._coach_key = key
            self._coach_text = mcr_coach_text(self.coach, self._advice(), self.false_win_penalty())
        return self._coach_text

    def coach_areas(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The corners of the felt that every river row to come and the flowers beside the rivers leave
        free (:meth:`Board.corner`, :meth:`Board.side_corner`): the flowers are drawn after the boxes."""
        return self.board.corner(self.app), self.board.side_corner(self.app)

    def draw_content(self, surf: pygame.Surface) -> None:
        super().draw_content(surf)
        if self.match_end is None and not self.round.ended:
            draw_flowers(surf, self.app, self.board.center.rect, self.board.gap, 0, self.round.flowers)
