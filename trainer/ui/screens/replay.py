"""The replay viewer: a saved game step by step, with the coach's review of the learner's discards
(a Chinese Official game is shown step by step with its flowers, without a review, in its own words:
Chi / Peng / Gang / Hu, a false Hu named with what the hand was worth and its penalty, and at a Hu
the box at the top left lists the hand's fans as the result card does).

Left/Right step by action, Page Up/Page Down (or Up/Down) by hand, S changes the seat at
the bottom, O opens every hand, M jumps to the next mistake, riichi/dama choice, push or fold, or
call against the coach.  The learner's discards are marked in their river: green when the review
agrees, red for a mistake; the box at the top left says what the review found for the decision on screen, and when the discard kept a closed
hand ready with riichi possible, a box at the top right says whether riichi or dama was better.
On the learner's answer to a pon or chi offer (a pass or a call) the top-right box says whether
the coach would have called (a frame is a discard or an answer, never both).  The header names the
screen and the rules; the step, the mistakes and the decisions against the coach go beside them as far
as there is room, the rest at the right under the table.  A verdict longer than its box scrolls: the
mouse wheel over it, or a click on it (a page down, back to the top from the end).
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pygame

from trainer.engine.game import records
from trainer.engine.game.actions import Discard, Pass, Riichi, Ron, Tsumo
from trainer.engine.game.records import RecordError
from trainer.engine.game.saved import load_game
from trainer.engine.mcr import records as mcr_records
from trainer.engine.notation import format_tiles
from trainer.i18n import _, format_points, fu_text, han_text, ngettext, pgettext, points_text
from trainer.ui.log_problems import REPLAY_ERRORS, GameProblem, replay_problem
from trainer.ui.registry import register_screen
from trainer.ui.richtext import BR, layout_rich, tiles_markup
from trainer.ui.screens.base import Screen
from trainer.ui.theme import PALETTE
from trainer.ui.views.table.actions import offer_label
from trainer.ui.views.table.board import Board
from trainer.ui.views.table.call_review import call_choice_text
from trainer.ui.views.table.coach import CoachBox
from trainer.ui.views.table.mcr import McrHandResultView, draw_flowers
from trainer.ui.views.table.replay import Frame, build_frames, hand_starts, review_by_action
from trainer.ui.views.table.result import header_titles, multi_ron_sentence
from trainer.ui.views.table.review import riichi_choice_text, tile_text
from trainer.ui.views.table.state import seat_name as table_seat_name
from trainer.ui.views.table.wins import seat_owner, seat_subject, win_sentence
from trainer.ui.widgets import Button, blit_text

P = PALETTE
CAPTION_TILE_SCALE = 1.3
"""The height of a tile drawn in the caption («Вы: сброс [北]»), in the caption's line heights."""


@register_screen("replay")
class ReplayScreen(Screen):
    """Step through a saved game; params: ``path`` (a game log)."""

    rebuild_on_enter = False
    banner_top = True  # notices under the header: the hand is at the bottom

    def __init__(self, app: Any, **params: Any) -> None:
        super().__init__(app, **params)
        self.path = Path(params["path"])
        self.error = ""
        self.board = Board()
        self.box = CoachBox(scrollable=True)  # a long verdict scrolls with the mouse wheel
        self.side_box = CoachBox(scrollable=True)  # riichi or dama, or a call, in the free corner at the top right
        self.frames: list[Frame] = []
        self.decisions: dict = {}
        self.calls: dict = {}  # the learner's answers to pon and chi offers, by (hand, action index)
        self.pos = 0
        self.mcr = False
        try:
            self.log = load_game(self.path)
            self.mcr = mcr_records.is_mcr_log(self.log)
            self.board.center.sticks_and_dora = not self.mcr  # no riichi sticks, no dora in MCR
            self.learner = int(self.log.get("learner_seat", 0))
            self.me = self.learner
            self.open_hands = False
            self._frames()
            self.decisions, self.calls = review_by_action(self.log, self.learner)
        except REPLAY_ERRORS as exc:  # said in the learner's words, the hand named (never the engine's English)
            problem = replay_problem(self.path) or GameProblem(exc)
            self.error = _("This game cannot be shown: {error}").format(error=problem.text())

    def _frames(self) -> None:
        self.frames = build_frames(self.log, self.me, open_hands=self.open_hands)
        self.starts = hand_starts(self.frames)
        self.pos = min(self.pos, len(self.frames) - 1)

    def title(self) -> str:
        """«Replay · JPML»: the screen's name and the rule set the saved game was played by (with
        the options changed from its preset, :func:`header_titles`); a Chinese Official game is
        named so."""
        if self.mcr:
            return _("Replay") + " · " + _("Chinese Official")
        if self.log_rules() is None:
            return _("Replay")
        return self._header()[0]

    def log_rules(self) -> Any:
        """The saved game's rules, read once (None: none to name)."""
        if not hasattr(self, "_rules"):
            try:
                self._rules = records.log_rules(self.log) if not self.error else None
            except (RecordError, AttributeError, KeyError, TypeError):
                self._rules = None
        return self._rules

    def header_extra(self) -> str:
        """The step, the review's mistakes and the decisions against the coach, as many of them as
        the header has room for beside the title (:meth:`_header`; the others go under the table)."""
        if self.error or not self.frames:
            return ""
        if self.mcr or self.log_rules() is None:
            return self._extras()[0][0]
        return self._header()[1]

    def below_text(self) -> str:
        """What the header had no room for, shown under the table at the right ("" when nothing)."""
        if self.error or not self.frames or self.mcr or self.log_rules() is None:
            return ""
        return self._header()[2]

    def _header(self) -> tuple[str, str, str]:
        """(title, right-hand text, the text under the table) that fit together: the screen's name
        and the rules are always named (in shorter words when needed), then as much of the step,
        the mistakes and the decisions against the coach as the room beside them allows; what is
        left out goes under the table.  Measured with the widest step number, so the header does
        not change from one step to the next."""
        titles = header_titles(_("Replay"), self.log_rules())
        L = self.app.layout
        start, end = self.header_span()
        left = self.back_button.rect.right + L.px(20) if self.back_button is not None else start
        room = end - left - L.px(40)
        widest = self._extras(widest=True)
        shown = self._extras()
        h2, small = L.font("h2"), L.font("small")
        for (measured, _below), (extra, below) in zip(widest, shown, strict=True):
            need = self.app.text_width(measured, small) if measured else 0
            for title in titles:
                if self.app.text_width(title, h2, True) + need <= room:
                    return title, extra, below
        return titles[-1], shown[-1][0], shown[-1][1]

    def step_text(self, *, widest: bool = False) -> str:
        """«Step 3 of 120», as the lessons say it (``widest``: as at the last step, for measuring)."""
        i = len(self.frames) if widest else self.pos + 1
        return _("Step {i} of {n}").format(i=i, n=len(self.frames))

    def _extras(self, *, widest: bool = False) -> list[tuple[str, str]]:
        """(the header's right-hand text, the rest shown under the table), most complete header
        first: the step, the mistakes and the decisions against the coach by kind; the mistakes and
        those decisions (the step under the table); the step and the mistakes; the mistakes; nothing.
        The decisions against the coach are never a bare total: under the table their total comes
        with the kinds it counts («решений вопреки тренеру: 13 — риичи 3, пон/чии 4, вперёд/защита
        6»), so that it reads apart from the mistakes, which count the tiles discarded.
        ``widest``: as at the last step (the widest number), for measuring."""
        if not self.frames:
            return [("", "")]
        step = self.step_text(widest=widest)
        if self.mcr:
            return [(step, "")]
        mistakes = self.mistakes_text()
        against, explained = self.against_coach_texts()
        if not against:
            return [(" · ".join([step, mistakes]), ""), (mistakes, step), ("", " · ".join([step, mistakes]))]
        return [(" · ".join([step, mistakes, against]), ""), (" · ".join([mistakes, against]), step),
                (" · ".join([step, mistakes]), explained), (mistakes, " · ".join([step, explained])),
                ("", " · ".join([step, mistakes, explained]))]

    def against_coach_counts(self) -> tuple[int, int, int]:
        """How many riichi-or-dama choices, answers to pon and chi offers and push-or-fold decisions
        of the learner went against the coach (apart from the mistakes, which judge the tile)."""
        riichi = sum(1 for d in self.decisions.values() if d.riichi_against_advice)
        calls = sum(1 for c in self.calls.values() if c.against_advice)
        pushes = sum(1 for d in self.decisions.values() if d.push_fold_against_advice)
        return riichi, calls, pushes

    def against_coach_texts(self) -> tuple[str, str]:
        """The decisions against the coach in words: (for the header, for under the table).  One
        kind alone is named in its own words in both places («риичи или даматен вопреки тренеру:
        2»); several are listed by kind in the header («вопреки тренеру: риичи 3, пон/чии 4»), and
        under the table their total comes first, then the same kinds («решений вопреки тренеру: 7 —
        риичи 3, пон/чии 4»).  ("", "") when there is none."""
        riichi, calls, pushes = self.against_coach_counts()
        kinds = [n for n in (riichi, calls, pushes) if n]
        if len(kinds) == 1:
            alone = (_("riichi or dama against the coach: {k}").format(k=riichi) if riichi
                     else _("calls against the coach: {c}").format(c=calls) if calls
                     else _("push or fold against the coach: {p}").format(p=pushes))
            return alone, alone
        if not kinds:
            return "", ""
        parts = ", ".join(p for n, p in ((riichi, _("riichi {k}").format(k=riichi)),
                                         (calls, _("calls {c}").format(c=calls)),
                                         (pushes, _("push/fold {p}").format(p=pushes))) if n)
        # TRANSLATORS: the replay's count of riichi, call and push-or-fold decisions against the coach, then
        # the kinds it counts (ru: «решений вопреки тренеру: {n} — {parts}»)
        explained = _("decisions against the coach: {n} — {parts}").format(n=sum(kinds), parts=parts)
        return _("against the coach: {parts}").format(parts=parts), explained

    def mistakes_text(self) -> str:
        """«ошибок: 10 из 61 сброса»: the review's mistakes among its decisions, every one M stops on
        for being a mistake (a win let pass included).  A ron let pass is a decision but not a
        discard: with one among them, the count is of decisions («из 62 решений»)."""
        decisions = list(self.decisions.values())
        m, n = sum(1 for d in decisions if d.mistake), len(decisions)
        if all(d.turn >= 0 for d in decisions):
            return ngettext("mistakes: {m} of {n} discard", "mistakes: {m} of {n} discards", n).format(m=m, n=n)
        return ngettext("mistakes: {m} of {n} decision", "mistakes: {m} of {n} decisions", n).format(m=m, n=n)

    # ---------------------------------------------------------------- names
    @property
    def players(self) -> int:
        """How many players the saved game has (3 or 4)."""
        return self.frames[0].state.players if self.frames else 4

    def seat_name(self, seat: int) -> str:
        """A seat named from the learner's chair (You, Right, Across, Left; no Across at three)."""
        return table_seat_name(seat - self.learner, self.players)

    # ---------------------------------------------------------------- widgets
    def build(self) -> None:
        self.buttons: list[Button] = []
        if self.error:
            return
        specs = [
            (_("Previous hand"), lambda: self.jump_hand(-1), "PgUp"),
            (_("Step back"), lambda: self.step(-1), "←"),
            (_("Step forward"), lambda: self.step(1), "→"),
            (_("Next hand"), lambda: self.jump_hand(1), "PgDn"),
            *([] if self.mcr else [(_("Next mistake"), self.next_mistake, "M")]),
            (_("Seat: {name}").format(name=self.seat_name(self.me)), self.next_seat, "S"),
            (_("Hide hands") if self.open_hands else _("Open hands"), self.toggle_open, "O"),
        ]
        for label, cb, key in specs:
            self.buttons.append(self.add(Button(label, cb, kind="secondary", hotkey=key, size="small")))

    def layout(self) -> None:
        L = self.app.layout
        area = L.content()
        bh = L.px(44)
        x, y = area.left, area.bottom - bh
        for b in self.buttons:
            w = b.preferred_width(self.app)
            if x + w > area.right:
                x, y = area.left, y - bh - L.px(8)
            b.rect = pygame.Rect(x, y, w, bh)
            x += w + L.px(8)
        top_buttons = min((b.rect.top for b in self.buttons), default=area.bottom)
        self.caption_y = top_buttons - L.px(8)
        line = round(self.app.line_height(L.font("small")) * CAPTION_TILE_SCALE)  # room for a tile in the caption
        self.board.place(self.app, pygame.Rect(area.left, area.top, area.width,
                                               self.caption_y - line - L.px(8) - area.top))

    # ---------------------------------------------------------------- moving
    def step(self, d: int) -> None:
        """One action forward or back."""
        if self.frames:
            self.pos = max(0, min(len(self.frames) - 1, self.pos + d))
            self.app.invalidate()

    def jump_hand(self, d: int) -> None:
        """To the start of the next or previous hand (back from the middle of a hand: its start)."""
        if not self.frames:
            return
        current = max(i for i, s in enumerate(self.starts) if s <= self.pos)
        if d < 0 and self.starts[current] < self.pos:
            target = current
        else:
            target = max(0, min(len(self.starts) - 1, current + d))
        self.pos = self.starts[target]
        self.app.invalidate()

    def mistake_spots(self) -> list[int]:
        """The frames M stops on: the decisions the review calls a mistake, where riichi or dama or
        push or fold went against the coach, and the answers to a pon or chi offer against it."""
        def against(f: Frame) -> bool:
            d = self.decisions.get((f.hand, f.action_index))
            c = self.calls.get((f.hand, f.action_index))
            return (d is not None and (d.mistake or d.riichi_against_advice or d.push_fold_against_advice)) or (
                c is not None and c.against_advice)

        return [i for i, f in enumerate(self.frames) if against(f)]

    def next_mistake(self) -> None:
        """To the next of :meth:`mistake_spots`; after the last one, back to the first with a notice
        that says so (and a notice when the game has none), so that M never does nothing silently."""
        spots = self.mistake_spots()
        if not spots:
            self.app.notify(_("No mistakes in this game."), "info")
            return
        later = [i for i in spots if i > self.pos]
        if not later:
            self.app.notify(_("No more mistakes after this one: back to the first."), "info")
        self.pos = later[0] if later else spots[0]
        self.app.invalidate()

    def next_seat(self) -> None:
        """Look from the next seat."""
        self.me = (self.me + 1) % self.players
        self._frames()
        self.rebuild()

    def toggle_open(self) -> None:
        """Show every hand, or only what the seat at the bottom could see."""
        self.open_hands = not self.open_hands
        self._frames()
        self.rebuild()

    def on_key(self, ev: pygame.event.Event) -> bool:
        keys = {pygame.K_LEFT: lambda: self.step(-1), pygame.K_RIGHT: lambda: self.step(1),
                pygame.K_PAGEUP: lambda: self.jump_hand(-1), pygame.K_PAGEDOWN: lambda: self.jump_hand(1),
                pygame.K_UP: lambda: self.jump_hand(-1), pygame.K_DOWN: lambda: self.jump_hand(1),
                pygame.K_m: self.next_mistake, pygame.K_s: self.next_seat, pygame.K_o: self.toggle_open,
                # the first and the last step of the whole record
                pygame.K_HOME: lambda: self.step(-len(self.frames)), pygame.K_END: lambda: self.step(len(self.frames))}
        fn = keys.get(ev.key)
        if fn is None or self.error:
            return False
        fn()
        return True

    # ---------------------------------------------------------------- drawing
    def marks(self, frame: Frame) -> dict[int, dict[int, str]]:
        """The last discard (blue), and the reviewed seat's discards so far in this hand: green
        when right, red for mistakes and for pushing or folding against the coach's advice (the
        header counts those too)."""
        marks: dict[int, dict[int, str]] = {}
        if frame.state.last is not None:
            marks[frame.state.last[0]] = {frame.state.last[1]: "hint"}
        for (hand, index), d in self.decisions.items():
            if hand == frame.hand and index <= frame.action_index:
                wrong = d.mistake or d.push_fold_against_advice
                marks.setdefault(self.learner, {})[d.turn] = "wrong" if wrong else "right"
        return marks

    def current_decision(self) -> Any:
        """The review of the decision on screen, if the frame is one of the learner's discards."""
        f = self.frames[self.pos]
        return self.decisions.get((f.hand, f.action_index))

    def current_call(self) -> Any:
        """The review of the learner's answer to a pon or chi offer, if the frame is one."""
        f = self.frames[self.pos]
        return self.calls.get((f.hand, f.action_index))

    def hand_was_open(self) -> bool:
        """Whether the learner's hand had an open meld before the answer on screen (the frame before
        it: a call just made is not counted), so the call verdict on a ready hand speaks of an open one."""
        before = self.frames[max(0, self.pos - 1)]
        return any(m.is_open for m in before.state.seats[self.learner].melds)

    def caption(self, frame: Frame) -> str:
        """What just happened, in words."""
        if frame.result is not None and self.mcr:
            return self._mcr_result(frame.result)
        if frame.result is not None:
            res = frame.result
            if len(res.wins) > 1:  # a double ron: every winner, each with the value of the hand
                loser = res.wins[0].from_seat
                each = "; ".join(_("{who}: {han} {fu}").format(who=self.seat_name(w.seat), han=han_text(w.han),
                                                                fu=fu_text(w.fu)) for w in res.wins)
                return _("{win} ({each}).").format(
                    win=multi_ron_sentence([w.seat - self.learner for w in res.wins], loser - self.learner,
                                           self.players), each=each)
            if res.wins:
                w = res.wins[0]
                return _("{win} — {han} {fu}.").format(
                    win=self.win_sentence(w.seat, None if w.tsumo else w.from_seat), han=han_text(w.han),
                    fu=fu_text(w.fu))
            return _("Draw: the wall is empty") if res.kind == "exhaustive" else _("Abortive draw")
        if frame.seat is None:
            return _("Hand {n}: the tiles are dealt").format(n=frame.hand + 1)
        a, who = frame.action, self.seat_name(frame.seat)
        if isinstance(a, Riichi):  # the tile drawn as at the table, as the review's boxes draw it
            return _("{who}: riichi, discard {tile}").format(who=who, tile=tiles_markup(format_tiles([a.tile])))
        if isinstance(a, Discard):
            return _("{who}: discard {tile}").format(who=who, tile=tiles_markup(format_tiles([a.tile])))
        if isinstance(a, Pass):  # not the button's verb: what the player did
            d = self.decisions.get((frame.hand, frame.action_index)) if frame.seat == self.learner else None
            if d is not None and (d.passed_win or {}).get("kind") == "ron":  # a win let go by, not a call
                return who + ": " + pgettext("replay caption", "passed the ron")
            return who + ": " + pgettext("replay caption", "pass")
        if self.mcr and isinstance(a, Ron | Tsumo):  # a Hu that did not end the hand: a false win
            return self._false_win_caption(frame)
        label = offer_label(a, mcr=self.mcr)  # Chi / Peng / Gang in a Chinese Official game
        return f"{who}: {label[:1].lower()}{label[1:]}"  # after the colon, as "You: discard 6m"

    def _mcr_result(self, res: Any) -> str:
        """How a Chinese Official hand ended: who called Hu, how, for how many points; then what each
        false win of the hand cost (its penalty stands, win or draw)."""
        costs = [self._false_win_cost(f.seat, -f.deltas[f.seat]) for f in res.false_wins if f.deltas[f.seat] < 0]
        if not res.wins:  # a draw is named as the riichi replay names it, without a full stop of its own
            return " ".join([_("Draw: the wall is empty") + ".", *costs]) if costs else _("Draw: the wall is empty")
        w = res.wins[0]
        return " ".join([self.win_sentence(w.seat, w.from_seat, hu=True) + " — " + points_text(w.score.total) + ".",
                         *costs])

    def _false_win_cost(self, seat: int, paid: int) -> str:
        """What a false win cost its seat, said at the end of the hand ("Your false win cost 30.")."""
        if seat == self.learner:
            return _("Your false win cost {n}.").format(n=format_points(paid))
        # TRANSLATORS: {owner} is another player as the owner («игрока слева»): ru «Ложный ху игрока слева
        # обошёлся ему в {n}.»
        return _("{owner}'s false win cost {n}.").format(owner=seat_owner(seat - self.learner, self.players),
                                                        n=format_points(paid))

    def _false_win_caption(self, frame: Frame) -> str:
        """A Hu that did not end the hand, in words: a false win, what the hand was worth against the
        minimum (when the saved game reaches the hand's end, which lists it) and its penalty, read
        from the scores before and after it (or that the seat may not win the hand any more, under
        rules without a penalty)."""
        seat = frame.seat
        who = self.seat_name(seat)
        win = self._false_win(frame)
        if win is not None and win.score is not None:
            score = win.score
            what = _("{who}: Hu — a false win: {points} without flowers, {m} needed.").format(
                who=who, points=points_text(score.total - score.flowers), m=score.rules.minimum)
        else:
            what = _("{who}: Hu — a false win, under the minimum.").format(who=who)
        paid = self._score_before(frame, seat) - frame.state.seats[seat].score
        each = format_points(paid // max(1, self.players - 1))
        mine = seat == self.learner
        subject = "" if mine else seat_subject(seat - self.learner, self.players)
        if paid <= 0:
            cost = (_("You may not win this hand any more.") if mine
                    else _("{who} may not win this hand any more.").format(who=subject))
        else:
            cost = (_("You pay {each} to each other player (−{paid}).").format(each=each, paid=format_points(paid))
                    if mine else _("{who} pays {each} to each other player.").format(who=subject, each=each))
        return what + " " + cost

    def _score_before(self, frame: Frame, seat: int) -> int:
        """``seat``'s points on the frame before ``frame`` (the frames of a hand follow its actions)."""
        return self.frames[self.starts[frame.hand] + frame.action_index].state.seats[seat].score

    def _false_win(self, frame: Frame) -> Any:
        """The false win declared on ``frame``, as the hand's result lists it (None while the saved
        game stops before the hand's end): a seat declares at most one a hand, it may not win after it."""
        for f in self.frames[self.starts[frame.hand]:]:
            if f.hand != frame.hand:
                break
            if f.result is not None:
                return next((w for w in f.result.false_wins if w.seat == frame.seat), None)
        return None

    def mcr_fans_text(self, frame: Frame) -> str:
        """At a Chinese Official Hu (the win that ends the hand, or a false win) the fans of the hand
        with their points (the flowers as a fan of their own), as the hand's result card lists them
        (:class:`McrHandResultView`), and the total; "" on any other frame."""
        if frame.result is not None:
            win = frame.result.wins[0] if frame.result.wins else None
        else:
            win = self._false_win(frame) if isinstance(frame.action, Ron | Tsumo) else None
        if win is None or win.score is None:
            return ""
        card = McrHandResultView(SimpleNamespace(result=SimpleNamespace(wins=(win,))), self.seat_name, (), self.learner)
        lines = ["**" + _("The hand's fans:") + "**"]
        lines += [f"{name}: {points}" for name, points in card.fan_lines(self.app)]  # the flowers among them
        lines.append(_("Total: {points}").format(points=points_text(win.score.total)))
        return BR.join(lines)

    def win_sentence(self, seat: int, from_seat: int | None, *, hu: bool = False) -> str:
        """Who won on whose discard, from the learner's chair ("Ron! Left wins on your discard")."""
        return win_sentence(seat - self.learner, None if from_seat is None else from_seat - self.learner,
                            self.players, hu=hu)

    def fans_area(self, corner: pygame.Rect) -> pygame.Rect:
        """The top-left corner for the box of a Hu's fans, below the row across when that row reaches
        over the corner (a row with several melds does), so that the box hides none of its tiles."""
        across = self.board.seat_rects.get(2)
        if across is None or not across.colliderect(corner):
            return corner
        top = across.bottom + self.app.layout.px(6)
        return pygame.Rect(corner.left, top, corner.width, max(0, corner.bottom - top))

    def draw_content(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        area = L.content()
        if self.error:
            blit_text(surf, self.app, self.error, L.font("body"), P.wrong, (area.left, area.top + L.px(20)),
                      max_width=area.width)
            return
        frame = self.frames[self.pos]
        self.board.draw(surf, self.app, frame.state, self.marks(frame), bottom_edge=True)
        if frame.flowers:
            draw_flowers(surf, self.app, self.board.center.rect, self.board.gap, self.me, [list(f) for f in frame.flowers])
        d = self.current_decision()
        corner = self.board.corner(self.app)
        if d is not None:
            self.box.draw(surf, self.app, corner, tile_text(d))
        else:
            self.box.draw(surf, self.app, self.fans_area(corner), self.mcr_fans_text(frame) if self.mcr else "")
        right = pygame.Rect(self.board.rect.right - (corner.left - self.board.rect.left) - corner.width, corner.top,
                            corner.width, corner.height)  # the table is drawn symmetric
        c = d.riichi_choice if d is not None else None
        call = self.current_call()
        side = (riichi_choice_text(c) if c is not None
                else call_choice_text(call, self.hand_was_open()) if call is not None else "")
        self.side_box.draw(surf, self.app, right, side)
        caption = self.caption(frame)
        small = L.font("small")
        below = self.below_place()
        if below is not None:
            text, pos, anchor, room = below
            blit_text(surf, self.app, text, small, P.on_felt_muted, pos, anchor=anchor, max_width=room)
        self._draw_caption(surf, caption, area)

    def _draw_caption(self, surf: pygame.Surface, caption: str, area: pygame.Rect) -> None:
        """The caption on its line above the buttons: a discard's tile drawn as a tile (rich text),
        any other caption as one line of text, shortened with '…' only when it is too wide."""
        small = self.app.layout.font("small")
        if "{tiles:" not in caption:
            blit_text(surf, self.app, caption, small, P.on_felt, (area.left, self.caption_y),
                      anchor="bottomleft", max_width=area.width)
            return
        lay = layout_rich(self.app, caption, small, area.width, P.on_felt, tile_scale=CAPTION_TILE_SCALE)
        surf.blit(lay.surface, lay.surface.get_rect(bottomleft=(area.left, self.caption_y)))

    def caption_width(self, caption: str) -> int:
        """How wide the caption is drawn, its tile included (pixels)."""
        small = self.app.layout.font("small")
        if "{tiles:" not in caption:
            return self.app.text_width(caption, small)
        area = self.app.layout.content()
        lay = layout_rich(self.app, caption, small, area.width, P.on_felt, tile_scale=CAPTION_TILE_SCALE)
        return lay.surface.get_bounding_rect().right

    def below_place(self) -> tuple[str, tuple[int, int], str, int] | None:
        """Where the text the header had no room for goes (text, point, anchor, width): at the right
        of the upper row of buttons, a line of its own that no caption reaches, when it fits there;
        else at the right of the caption's line when it fits beside the caption; else under the
        caption's line's right end, on the buttons' row, shortened only as a last resort.  None
        without such text."""
        below = self.below_text()
        if not below or not self.frames:
            return None
        L = self.app.layout
        area = L.content()
        small = L.font("small")
        need = self.app.text_width(below, small)
        top = min((b.rect.top for b in self.buttons), default=None)
        row = [b for b in self.buttons if b.rect.top == top]
        if row:
            free = area.right - max(b.rect.right for b in row) - L.px(24)
            spot = (area.right, row[0].rect.centery)
            if need <= free:
                return below, spot, "midright", free
        beside = area.width - self.caption_width(self.caption(self.frames[self.pos])) - L.px(24)
        if need <= beside or not row:
            return below, (area.right, self.caption_y), "bottomright", max(beside, L.px(160))
        return below, spot, "midright", max(free, L.px(160))

    def scroll(self, dy: int) -> None:
        """The mouse wheel scrolls the review's box under the mouse (the verdict's, else the riichi or
        call box at the right) when its text is longer than the box."""
        if CoachBox.scroll_one((self.side_box, self.box), dy):
            self.app.invalidate()

    def on_click(self, pos: tuple[int, int], button: int) -> bool:
        if self.box.open_term_at(self.app, pos) or self.side_box.open_term_at(self.app, pos):
            return True
        for box in (self.box, self.side_box):  # a click on a long text turns its page
            if box.overflow and box.rect.collidepoint(pos):
                if not box.scroll(box.rect.height * 3 // 4):
                    box.scroll(-box.offset)
                return True
        return False
