"""The two-stage A/B game (二部構成 nibu kōsei), seed 000:3509-3515, 000:6084: reading a wait
from the discards.

Four players by the four-player rules (:class:`~trainer.engine.game.full_table.FullTable`:
a dead wall, dora, chi and pon, the tenhou preset without red fives), round wind always
East (000:3511).

* **Stage A** (000:3513) — a race to tenpai: within ``discard_limit`` (36) discards counted
  over all players a player must reach tenpai, not in furiten, and announce it: a closed
  hand with a riichi stake (:class:`~trainer.engine.game.actions.Riichi`), an open hand with
  the word "tenpai" (:class:`Announce`).  Nobody wins in stage A [choice: the seed describes
  no win before the announcement].  No announcement by the 36th discard: the hand is a draw.
* **Stage B** (000:3515) — the player to the right of the announcer (shimocha, the next in
  turn) names ``guess_tiles`` (two) tiles (:class:`Guess`).  If one of them completes the
  announced hand (``guess_rule = "any"``; ``"both"``: both must) the hand is a draw.
  Otherwise the tenpai player draws ``stage_draws`` (five) tiles one by one: a tile that
  completes the hand wins by tsumo, unless the player lays it face down (:class:`PassOver`,
  allowed with ``pass_over``) hoping for a dearer hand; any other tile is discarded face up.
  Then the next player in turn who is not tenpai guesses, until the live wall runs out (a
  draw).  A win is scored by the riichi rules; an open hand without a yaku wins 1 han
  [choice].
* **A game of many hands** (000:3511, 000:3513) — the round wind stays East; the dealer
  keeps the deal on its own agari (:meth:`ABGame.next_dealer`).  Players only lose points:
  the losers pay a win as the riichi rules say, but to the table (:attr:`ABGame.table_points`,
  with the riichi stakes), not to the winner; at the end of the game the table's points go
  to the one who declared agari — the last one to declare it [choice], see
  :func:`settle_table`.  The game lasts the mode's ``game_minutes`` (the hand in play when
  the time is up is the last; the table screen keeps the clock) or ``max_hands``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from trainer.engine.game.actions import Action, Discard, IllegalAction, Riichi, Tsumo
from trainer.engine.game.full_table import RIICHI_STAKE, FullTable
from trainer.engine.game.simple import ENDED, SimpleResult, SimpleView
from trainer.engine.game.simple_modes import TableSetup
from trainer.engine.game.training_scoring import HandValue, ValueItem
from trainer.engine.game.view import RiverTile
from trainer.engine.hand import Hand
from trainer.engine.points import basic_points, payment
from trainer.engine.shanten import shanten
from trainer.engine.tiles import Tile

GUESS = "guess"


@dataclass(frozen=True, slots=True)
class Announce:
    """Stage A, an open hand: give away ``tile`` and say "tenpai" (000:3513)."""

    tile: Tile


@dataclass(frozen=True, slots=True)
class Guess:
    """Stage B: name ``tiles`` (two kinds) that may complete seat ``target``'s hand."""

    tiles: tuple[Tile, ...]
    target: int


@dataclass(frozen=True, slots=True)
class PassOver:
    """Stage B: lay the winning ``tile`` face down instead of winning, hoping for more (000:3515)."""

    tile: Tile


@dataclass(frozen=True, slots=True)
class GuessRecord:
    """One guess of stage B: who named which kinds, and whether one completed the hand."""

    seat: int
    kinds: tuple[int, ...]
    right: bool


@dataclass(frozen=True, slots=True)
class ABView(SimpleView):
    """A player's view of the A/B table: the simple view with the dora indicators and, in
    stage B, how many more tiles the tenpai player draws in this batch after the one in hand."""

    stage_draws_left: int = 0


def settle_table(points: Sequence[int], table_points: int, *, last_agari: int | None) -> list[int]:
    """The end of a game: the points on the table go to the one who declared agari (000:3511;
    ``last_agari``, the last winner of the game [choice]); nobody won = they stay there."""
    out = list(points)
    if last_agari is not None:
        out[last_agari] += table_points
    return out


class ABGame(FullTable):
    """One hand of the A/B game (see the module docstring)."""

    def __init__(self, setup: TableSetup, seed: int | None = None, *, dealer: int = 0,
                 wall: Sequence[Tile] | None = None, points: Sequence[int] | None = None) -> None:
        """Deal as at the four-player table; stage A begins with the dealer's first discard."""
        self.stage = "A"
        self.discards = 0
        self.tenpai_seat: int | None = None
        self.guesser: int | None = None
        self.batch_left = 0
        self.guesses: list[GuessRecord] = []
        self.end_reason = ""
        self._announcing = False
        self.table_points = 0  # carried from the game's earlier hands, plus this hand's stakes and payments
        super().__init__(setup, seed, dealer=dealer, wall=wall, points=points)
        self.face_down: list[list[Tile]] = [[] for _ in range(self.n)]

    # ------------------------------------------------------------------ queries
    def next_dealer(self) -> int:
        """The dealer of the game's next hand: the same one after its own agari (000:3513),
        otherwise the next seat."""
        if self.result is not None and self.dealer in self.result.winners:
            return self.dealer
        return (self.dealer + 1) % self.n

    def view(self, seat: int) -> ABView:
        """The simple view with the dora indicators and the stage-B draws left in the batch."""
        base = super().view(seat)
        fields = {f: getattr(base, f) for f in base.__dataclass_fields__}
        fields["dora_indicators"] = self.dora_indicators()
        left = min(self.batch_left, len(self.wall)) if self.stage == "B" else 0
        return ABView(**fields, stage_draws_left=left)

    def to_act(self) -> list[int]:
        """The guesser while a guess is due, otherwise as at the simple table."""
        if self.phase == GUESS:
            return [self.guesser] if self.guesser is not None else []
        return super().to_act()

    def legal_actions(self, seat: int) -> list[Action]:
        """Stage A: discards, riichi or an announcement; stage B: the guesses, or the tenpai
        player's tsumo / pass-over / discard of the drawn tile."""
        if self.phase == GUESS:
            return self._guesses(seat) if seat == self.guesser else []  # type: ignore[return-value]
        return super().legal_actions(seat)

    def can_win_with(self, seat: int, tile: Tile, *, tsumo: bool) -> bool:
        """Only the announced tenpai player wins, by a stage-B draw."""
        if self.stage != "B" or seat != self.tenpai_seat or not tsumo:
            return False
        return super().can_win_with(seat, tile, tsumo=True)

    def announced_waits(self) -> tuple[int, ...]:
        """The kinds that complete the announced hand (empty before an announcement)."""
        if self.tenpai_seat is None:
            return ()
        seat = self.tenpai_seat
        concealed = list(self.hands[seat])
        if len(concealed) % 3 == 2 and self.drawn[seat] is not None:
            concealed.remove(self.drawn[seat])  # type: ignore[arg-type]
        hand = Hand(tuple(sorted(concealed)), tuple(self.melds[seat]))
        from trainer.engine.decompose import is_complete

        return tuple(k for k in self.setup.tileset.kinds() if is_complete(hand.with_tile(Tile(k))))

    def _ready_after(self, seat: int, tile: Tile) -> tuple[int, ...]:
        """The waits of ``seat``'s hand after giving ``tile`` away (empty when not tenpai)."""
        from trainer.engine.decompose import is_complete

        rest = list(self.hands[seat])
        rest.remove(tile)
        hand = Hand(tuple(sorted(rest)), tuple(self.melds[seat]))
        if shanten(hand) != 0:
            return ()
        return tuple(k for k in self.setup.tileset.kinds() if is_complete(hand.with_tile(Tile(k))))

    def _furiten_after(self, seat: int, tile: Tile, waits: tuple[int, ...]) -> bool:
        river = {d.tile.kind for d in self.rivers[seat]} | {tile.kind}
        return any(w in river for w in waits)

    # ------------------------------------------------------------------ turn actions
    def _turn_actions(self, seat: int) -> list[Action]:
        drawn = self.drawn[seat]
        if self.stage == "B":
            assert drawn is not None
            if self.can_win_with(seat, drawn, tsumo=True):
                return [Tsumo(), PassOver(drawn)] if self.setup.pass_over else [Tsumo()]
            return [Discard(drawn)]
        acts = [a for a in super()._turn_actions(seat) if not isinstance(a, Riichi | Tsumo)]
        if self.discards >= self.setup.discard_limit:
            return acts
        closed = not any(m.is_open for m in self.melds[seat])
        for t in sorted(set(self.hands[seat])):
            waits = self._ready_after(seat, t)
            if waits and not self._furiten_after(seat, t, waits):
                if closed and self.points[seat] >= 1000:
                    acts.append(Riichi(t))
                elif not closed:
                    acts.append(Announce(t))  # type: ignore[arg-type]
        return acts

    def _guesses(self, seat: int) -> list[Guess]:
        named = {k for g in self.guesses for k in g.kinds}
        kinds = [k for k in self.setup.tileset.kinds() if k not in named]
        target = self.tenpai_seat
        assert target is not None
        size = self.setup.guess_tiles
        if size == 1:
            return [Guess((Tile(k),), target) for k in kinds]
        return [Guess((Tile(a), Tile(b)), target) for i, a in enumerate(kinds) for b in kinds[i + 1:]]

    # ------------------------------------------------------------------ applying
    def apply(self, seat: int, action: Any) -> list[dict[str, Any]]:
        """Take ``action``: the A/B game's own (Announce, Guess, PassOver) or the table's."""
        if self.phase == ENDED:
            raise IllegalAction("the hand is over")
        if isinstance(action, Guess | Announce | PassOver):
            if action not in self.legal_actions(seat):
                raise IllegalAction(self._why_not(seat, action))
            start = len(self.events)
            self.history.append((seat, action))  # type: ignore[arg-type]
            if isinstance(action, Guess):
                self._guess(seat, action)
            elif isinstance(action, Announce):
                self._announcing = True
                self._discard(seat, action.tile, False)
            else:
                self._pass_over(seat, action.tile)
            return self.events[start:]
        if isinstance(action, Riichi) and self.stage == "A":
            self._announcing = True
        return super().apply(seat, action)

    def _why_not(self, seat: int, action: Any) -> str:
        if isinstance(action, Guess):
            if seat != self.guesser:
                return "it is not your turn to guess"
            return f"name {self.setup.guess_tiles} different tiles not named before"
        if isinstance(action, Announce):
            return "announce tenpai only with an open hand that is ready and not furiten after this discard"
        return "only a winning tile may be laid face down"

    def _discard(self, seat: int, tile: Tile, riichi: bool) -> None:
        if self.stage == "A":
            self.discards += 1
        if riichi:
            self.table_points += RIICHI_STAKE  # the stake stays on the table until the game's end
        super()._discard(seat, tile, riichi)
        if self._announcing:  # the open hand's announcement is shown like a riichi tile, sideways
            d = self.rivers[seat][-1]
            self.rivers[seat][-1] = RiverTile(d.tile, d.tsumogiri, True, d.called)

    def _open_calls(self, src: int, tile: Tile) -> None:
        if self._announcing:
            self._announcing = False
            self.stage = GUESS
            self.tenpai_seat = src
            self.events.append({"type": "tenpai", "seat": src, "waits": [str(Tile(k))
                                                                         for k in self.announced_waits()]})
            self._next_guesser(src)
            return
        if self.stage == "B":
            self._after_stage_b_tile()
            return
        if self.discards >= self.setup.discard_limit:
            self._end_draw("no_tenpai")
            return
        super()._open_calls(src, tile)

    def _next_guesser(self, after: int) -> None:
        """The next player in turn after ``after`` who is not the tenpai player guesses."""
        named = {k for g in self.guesses for k in g.kinds}
        if not self.wall or len(set(self.setup.tileset.kinds()) - named) < self.setup.guess_tiles:
            self._end_draw("wall")  # the live wall is over (or, in theory, every tile has been named)
            return
        nxt = (after + 1) % self.n
        if nxt == self.tenpai_seat:
            nxt = (nxt + 1) % self.n
        self.guesser = nxt
        self.stage = GUESS
        self.phase = GUESS
        self.options_for, self.responses = {}, {}

    def _guess(self, seat: int, action: Guess) -> None:
        waits = set(self.announced_waits())
        hits = [t.kind in waits for t in action.tiles]
        right = any(hits) if self.setup.guess_rule == "any" else all(hits)
        self.guesses.append(GuessRecord(seat, tuple(t.kind for t in action.tiles), right))
        self.events.append({"type": "guess", "seat": seat, "tiles": [str(t) for t in action.tiles], "right": right})
        if right:
            self._end_draw("guessed")
            return
        self.stage = "B"
        self.batch_left = self.setup.stage_draws
        self._stage_b_draw()

    def _stage_b_draw(self) -> None:
        assert self.tenpai_seat is not None
        if not self.wall:
            self._end_draw("wall")
            return
        self.batch_left -= 1
        self._draw(self.tenpai_seat)

    def _after_stage_b_tile(self) -> None:
        if self.batch_left > 0:
            self._stage_b_draw()
        else:
            assert self.guesser is not None
            self._next_guesser(self.guesser)

    def _pass_over(self, seat: int, tile: Tile) -> None:
        self.hands[seat].remove(tile)
        self.hands[seat].sort()
        self.drawn[seat] = None
        self.face_down[seat].append(tile)
        self.events.append({"type": "pass_over", "seat": seat})
        self._after_stage_b_tile()

    def _end_draw(self, reason: str) -> None:
        self.end_reason = reason
        tenpai = (self.tenpai_seat,) if self.tenpai_seat is not None else ()
        self.result = SimpleResult("draw", tenpai=tenpai)
        self.phase = ENDED
        self.options_for, self.responses = {}, {}
        self.events.append({"type": "exhaustive_draw", "reason": reason, "tenpai": list(tenpai)})

    def _next_turn(self) -> None:
        if not self.wall and self.stage == "A":
            self._end_draw("wall")
            return
        super()._next_turn()

    def _win(self, winners: tuple[int, ...], *, tsumo: bool) -> None:
        self.end_reason = "tsumo"
        self.sticks = 0  # the stakes are on the table (table_points), not the winner's
        super()._win(winners, tsumo=tsumo)
        if self.result is not None:
            self.table_points += sum(-d for v in self.result.values for d in v.deltas if d < 0)

    # ------------------------------------------------------------------ value
    def _score(self, seat: int, hand: Hand, tile: Tile, *, tsumo: bool, from_seat: int | None) -> HandValue:
        """The riichi value (an announced open hand without a yaku is 1 han 30 fu [choice]),
        paid by the losers to the table: the winner gains nothing (000:3511); ``points`` is
        what the losers pay."""
        sticks, self.sticks = self.sticks, 0
        try:
            value = self._riichi_value(seat, hand, tile, tsumo=tsumo, from_seat=from_seat)
        finally:
            self.sticks = sticks
        deltas = tuple(0 if s == seat else d for s, d in enumerate(value.deltas))
        return HandValue(value.scheme, value.items, value.han, -sum(d for d in deltas if d < 0), deltas)

    def _riichi_value(self, seat: int, hand: Hand, tile: Tile, *, tsumo: bool, from_seat: int | None) -> HandValue:
        """The usual riichi value and payment; an announced open hand without a yaku is 1 han 30 fu."""
        value = super()._score(seat, hand, tile, tsumo=tsumo, from_seat=from_seat)
        if value.han or value.items:
            return value
        basic, _ = basic_points(1, 30, self._rules)
        pay = payment(basic, dealer=seat == self.dealer, tsumo=True, rules=self._rules)
        deltas = [0] * self.n
        for s in range(self.n):
            if s != seat:
                each = pay.all if pay.all is not None else (pay.dealer if s == self.dealer else pay.non_dealer)
                deltas[s] -= each or 0
                deltas[seat] += each or 0
        deltas[seat] += self.sticks * 1000
        items = (ValueItem("tenpai_win", 1, "han"), ValueItem("fu", 30, "fu"))
        return HandValue("riichi", items, 1, deltas[seat], tuple(deltas))

    # ------------------------------------------------------------------ checks
    def check(self) -> None:
        """The table's invariants with the face-down tiles counted; one tenpai player at most."""
        live = self.wall
        self.wall = [*live, *(t for tiles in self.face_down for t in tiles)]
        try:
            super().check()
        finally:
            self.wall = live
        if self.stage == "A" and self.discards > self.setup.discard_limit:
            raise AssertionError(f"{self.discards} discards in stage A, the limit is {self.setup.discard_limit}")


__all__ = ["ABGame", "ABView", "Announce", "Guess", "GuessRecord", "PassOver", "settle_table"]
