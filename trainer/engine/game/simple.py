"""A simple table game: deal, draw, discard, win with a complete shape.

The children's and beginners' play modes (:mod:`trainer.engine.game.simple_modes`)
play one hand at a time on this engine: 2 to 4 players, a seeded wall from the
mode's tile set, a deal of any 3n+1 tiles (1, 4, 7, 10, 13), then turns of
draw and discard.  A player wins by tsumo (own draw) or ron (someone's discard)
when the hand is a complete shape of 3n+2 tiles (:func:`decompose.is_complete`),
plus, by the mode's ``win`` rule, a riichi declared beforehand or a yaku.  When
the wall runs out the hand is an exhaustive draw.  There is no dead wall; points, kans
(:mod:`trainer.engine.game.kan_rules`), pon and chi (``calls``) come with the mode.

The interface is the full game's: ``to_act()``, ``legal_actions(seat)``,
``apply(seat, action)`` (an illegal action raises
:class:`~trainer.engine.game.actions.IllegalAction` with the reason and changes
nothing), ``view(seat)`` (a :class:`SimpleView`, the full game's
:class:`~trainer.engine.game.view.PlayerView` plus the hands the mode reveals),
and :meth:`SimpleGame.check` for the invariants (every tile accounted for).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from trainer.engine.decompose import is_complete
from trainer.engine.game import honor_exchange, kan_rules
from trainer.engine.game.actions import Action, Chi, Discard, IllegalAction, Pass, Pon, Riichi, Ron, Tsumo
from trainer.engine.game.simple_modes import TableSetup, YakuRules
from trainer.engine.game.training_scoring import HandValue, Win, value_of
from trainer.engine.game.view import PlayerView, RiverTile
from trainer.engine.hand import Hand, Meld, MeldKind, Source
from trainer.engine.shanten import shanten
from trainer.engine.tiles import EAST, Tile
from trainer.engine.tilesets import TileSet

TURN, CALLS, ENDED = "turn", "calls", "ended"
DRAW_REASONS = {
    "wall": "the wall ran out: a discard passed and no tile is left to draw",
    "draw_limit": "discards go back to the wall, so it never runs out: the hand ends after as many draws "
                  "as the set has tiles",
    "no_growth": "short mahjong: after an intermediate win the tiles left in the wall cannot grow every hand "
                 "and keep the rulebook's minimum in the wall (000:4329, the mode's min_wall)",
}
"""Why a hand ended in a draw (``SimpleResult.reason`` and the ``exhaustive_draw`` / ``no_growth`` events)."""
RIICHI_SCORING = ("short", "kunto", "standard", "twelve")
"""Scoring schemes whose games offer riichi although any complete shape wins (riichi counts there)."""


class SimpleInvariantError(AssertionError):
    """A table invariant is broken (an engine bug, never a player's mistake)."""


@dataclass(frozen=True, slots=True)
class SimpleResult:
    """How a hand ended: ``kind`` is "tsumo", "ron" or "draw".
    ``winners`` are the seats that won (several may ron one tile), ``from_seat`` the
    discarder of a ron, ``tile`` the winning tile, ``tenpai`` the ready seats at a draw.
    ``reason`` says why a draw ended the hand (:data:`DRAW_REASONS`); "" for a win."""

    kind: str
    winners: tuple[int, ...] = ()
    from_seat: int | None = None
    tile: Tile | None = None
    tenpai: tuple[int, ...] = ()
    values: tuple[HandValue, ...] = ()
    chombo: int | None = None
    reason: str = ""

    def to_json(self) -> dict[str, Any]:
        """The result as a JSON object (tiles in MPSZ; ``values`` one per winner)."""
        out = {"kind": self.kind, "winners": list(self.winners), "from": self.from_seat,
               "tile": str(self.tile) if self.tile is not None else None, "tenpai": list(self.tenpai)}
        if self.reason:
            out["reason"] = self.reason
        if self.values:
            out["values"] = [v.to_json() for v in self.values]
        if self.chombo is not None:
            out["chombo"] = self.chombo
        return out


@dataclass(frozen=True, slots=True)
class SimpleView(PlayerView):
    """A player's view of a simple table: the full game's view (own hand, rivers, melds,
    riichi flags, hand sizes, tiles left) plus ``open_hands``: every seat's concealed
    tiles when the mode reveals all hands, otherwise only this player's (others None), and
    ``yaku_rules``: what counts as a yaku at this table (the mode's preset, yaku pool and removed
    yaku), by which a bot judges a hand's yaku as the table does."""

    open_hands: tuple[tuple[Tile, ...] | None, ...]
    win_rule: str
    next_draws: tuple[Tile, ...] = ()
    points: tuple[int, ...] = ()
    scoring: str = "none"
    kans: str = "none"
    honor_exchange: int = 0  # the half-abundance exchange price (0: no exchanges at this table)
    points_floor: int | None = 0  # points below which the game ends (None: nothing ends it there)
    yaku_rules: YakuRules = YakuRules()


class SimpleGame:
    """One hand of a simple mode.  Seat ``dealer`` draws first; turns go 0 → 1 → … → n-1."""

    def __init__(self, setup: TableSetup, seed: int | None = None, *, dealer: int = 0,
                 wall: Sequence[Tile] | None = None, points: Sequence[int] | None = None) -> None:
        """Deal a new hand.  ``wall`` (tests, scripted lessons) fixes the tile order: the
        first ``players x hand`` tiles are dealt seat by seat from the dealer, then drawn in
        order; otherwise the mode's tile set is shuffled with ``seed``.  ``points`` are the
        seats' points carried from earlier hands (default: the mode's start points)."""
        self.setup = setup
        self.n = setup.players
        self.seed = seed
        self.form = setup.shape_rules()
        self.points: list[int] = list(points) if points is not None else [setup.start_points] * setup.players
        self.hand_size = setup.stages[0] if setup.stages else setup.hand
        self.held_at_end = False
        if wall is None:
            wall = setup.tileset.shuffled(random.Random(seed))
        else:
            extra = Counter(wall) - Counter(setup.tileset.tiles)
            if extra:
                raise ValueError(f"the wall has tiles the set {setup.tileset.name!r} lacks: "
                                 + ", ".join(f"{t} x{c}" for t, c in extra.items()))
        self.all_tiles: tuple[Tile, ...] = tuple(wall)
        if len(self.all_tiles) < self.n * setup.hand + 1:
            raise ValueError(f"a wall of {len(self.all_tiles)} tiles cannot deal {self.n} x {setup.hand}")
        self.wall: list[Tile] = list(reversed(self.all_tiles))  # pop() draws the next tile
        self.dealer = dealer % self.n
        self.hands: list[list[Tile]] = [[] for _ in range(self.n)]
        self.melds: list[list[Meld]] = [[] for _ in range(self.n)]
        self.rivers: list[list[RiverTile]] = [[] for _ in range(self.n)]
        self.drawn: list[Tile | None] = [None] * self.n
        self.riichi: list[bool] = [False] * self.n
        self.current = self.dealer
        self.phase = TURN
        self.after_call = False
        self.last_tile: Tile | None = None
        self.last_from: int | None = None
        self.options_for: dict[int, list[Action]] = {}
        self.responses: dict[int, Action] = {}
        self.result: SimpleResult | None = None
        self.history: list[tuple[int, Action]] = []
        self.events: list[dict[str, Any]] = []
        self._rules: Any = None
        self.draws = 0
        self.replacement = False  # the player on turn holds a kan's replacement tile (rinshan)
        self.stage_discards = 0  # discards since the deal or the last growth (short mahjong's double riichi)
        self.double_riichi: list[bool] = [False] * self.n
        for k in range(self.n):
            seat = (self.dealer + k) % self.n
            self.hands[seat] = sorted(self.wall.pop() for _ in range(self.hand_size))
        self.events.append({"type": "deal", "hand": self.hand_size, "players": self.n})
        self._draw(self.dealer)

    # ------------------------------------------------------------------ queries
    @property
    def ended(self) -> bool:
        """True once the hand is over (see :attr:`result`)."""
        return self.phase == ENDED

    @property
    def wall_remaining(self) -> int:
        """Tiles still to be drawn."""
        return len(self.wall)

    def hand(self, seat: int) -> Hand:
        """``seat``'s hand: concealed tiles (the drawn one included) and declared melds."""
        return Hand(tuple(sorted(self.hands[seat])), tuple(self.melds[seat]))

    def to_act(self) -> list[int]:
        """Seats that must decide now: the player on turn, or everyone offered the discard."""
        if self.phase == TURN:
            return [self.current]
        if self.phase == CALLS:
            return [s for s in self._response_order() if s not in self.responses]
        return []

    def _response_order(self) -> list[int]:
        src = self.last_from if self.last_from is not None else self.current
        return [(src + i) % self.n for i in range(1, self.n) if (src + i) % self.n in self.options_for]

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now (empty when it is not this seat's decision)."""
        if self.phase == TURN and seat == self.current:
            return self._turn_actions(seat)
        if self.phase == CALLS and seat in self.options_for and seat not in self.responses:
            return list(self.options_for[seat])
        return []

    def shanten(self, seat: int) -> int:
        """Shanten of ``seat``'s hand (0 = ready, one tile from a complete shape) under the
        mode's shape (suits ignored, jokers, two pairs, the imaginary tile)."""
        if self.form.is_plain:
            return shanten(self.hand(seat))
        return self.form.shanten(self._kinds(seat), jokers_live=not self.riichi[seat])

    def _kinds(self, seat: int, extra: Tile | None = None) -> list[int]:
        """Kinds of ``seat``'s tiles, called sets included (and ``extra`` when given); a kan is a
        finished set of its own and is left out (the rest makes one set fewer)."""
        ks = [t.kind for t in self.hands[seat]]
        ks += [t.kind for m in self.melds[seat] if not m.kind.is_kan for t in m.tiles]
        if extra is not None:
            ks.append(extra.kind)
        return ks

    def is_tenpai(self, seat: int) -> bool:
        """Whether ``seat``'s waiting hand is one tile from a complete shape."""
        if not self.form.is_plain:
            return self.seat_waiting(seat) and bool(self.waits(seat))
        h = self.hand(seat)
        return len(h.concealed) % 3 == 1 and shanten(h) == 0

    def seat_waiting(self, seat: int) -> bool:
        """True when ``seat`` holds its waiting number of tiles (not the drawn extra one)."""
        return len(self.hands[seat]) + 3 * len(self.melds[seat]) == self.hand_size

    def waits(self, seat: int) -> tuple[int, ...]:
        """Kinds that complete ``seat``'s waiting hand (empty unless tenpai), among the set's kinds."""
        if not self.form.is_plain:
            if not self.seat_waiting(seat):
                return ()
            return self.form.waits(self._kinds(seat), self.setup.tileset.kinds(), jokers_live=not self.riichi[seat])
        h = self.hand(seat)
        if len(h.concealed) % 3 != 1:
            return ()
        return tuple(k for k in self.setup.tileset.kinds() if is_complete(h.with_tile(Tile(k))))

    def visible_counts(self) -> list[int]:
        """34 counts of the tiles open on the table (rivers without called tiles, melds)."""
        c = [0] * 34
        for s in range(self.n):
            for d in self.rivers[s]:
                if not d.called:
                    c[d.tile.kind] += 1
            for m in self.melds[s]:
                for t in m.tiles:
                    c[t.kind] += 1
        return c

    def _shape_complete(self, seat: int, tile: Tile, tsumo: bool) -> bool:
        """Whether ``seat``'s tiles with ``tile`` (already in hand on tsumo) are complete under the mode's
        shape; under atama kasō the awaited tile must not be dead (three already open, 000:6080)."""
        kinds = self._kinds(seat, None if tsumo else tile)
        if not self.form.complete(kinds, jokers_live=not self.riichi[seat]):
            return False
        if self.setup.atama_kasou and not self.form.form_of(kinds):  # a seed form needs no imaginary head
            seen = self.visible_counts()
            own = Counter(kinds)
            waits = self.form.__class__(suits=self.form.suits, dragons=self.form.dragons).waits(
                kinds, self.setup.tileset.kinds(), jokers_live=not self.riichi[seat])
            return any(seen[k] < 3 and own[k] < 4 for k in waits)
        return True

    def can_win_with(self, seat: int, tile: Tile, *, tsumo: bool) -> bool:
        """Whether ``seat`` may win with ``tile`` now under the mode's win rule (the hand
        with the tile is a complete shape; riichi declared or a yaku, as the mode asks)."""
        concealed = list(self.hands[seat])
        if not tsumo:
            concealed.append(tile)
        hand = Hand(tuple(sorted(concealed)), tuple(self.melds[seat]))
        if self.form.is_plain:
            if not is_complete(hand):
                return False
        elif not self._shape_complete(seat, tile, tsumo):
            return False
        if self.setup.scoring == "short" and self.final_stage:
            return self.value_for(seat, tile, tsumo=tsumo).han >= 1
        rule = self.setup.win
        if rule == "riichi":
            return self.riichi[seat]
        if rule == "yaku":
            return bool(self.yaku_of(seat, hand, tile, tsumo=tsumo))
        return True

    def yaku_of(self, seat: int, hand: Hand, tile: Tile, *, tsumo: bool) -> tuple[str, ...]:
        """The yaku ids of a complete ``hand`` won on ``tile`` under the table's yaku rules (the
        mode's preset, only ``yaku_pool`` when the mode names one, never a removed yaku; no dora in
        simple games); () when none."""
        from trainer.engine.scoring import ScoringError, WinContext, score_hand

        wind = EAST + (seat - self.dealer) % self.n
        ctx = WinContext(win_tile=tile, tsumo=tsumo, riichi=self.riichi[seat], seat_wind=wind, round_wind=EAST,
                         haitei=tsumo and not self.wall, houtei=not tsumo and not self.wall)
        try:
            result = score_hand(hand, ctx, self.setup.yaku_rules.rules())
        except ScoringError:
            return ()
        return tuple(str(getattr(y, "id", y)) for y in result.yaku)

    def won_in_form(self, seat: int) -> str:
        """The yaku id of the seed's own form (twelve tiles' ``forms``, 000:3477) that ``seat``'s won
        hand makes, "" for none: such a hand is complete as it is, not a tenpai of atama kasō."""
        if self.result is None or seat not in self.result.winners:
            return ""
        tile = self.result.tile
        return self.form.form_of(self._kinds(seat, tile if self.result.kind == "ron" else None))

    @property
    def final_stage(self) -> bool:
        """True unless the mode grows the hand after intermediate wins and this is not the last size."""
        return not self.setup.stages or self.hand_size >= self.setup.stages[-1]

    def win_sides(self, seat: int, tile: Tile, *, tsumo: bool) -> int:
        """How many kinds the hand was waiting on when ``tile`` completed it (twelve-tile han); a
        hand in one of the seed's own forms is scored by its form's own sides instead, which the
        scoring works out (:func:`~trainer.engine.game.training_scoring.form_waits`)."""
        kinds = self._kinds(seat, None if tsumo else tile)
        kinds.remove(tile.kind)
        if self.setup.atama_kasou:
            # the wait of the 13-tile tenpai that the winning tile made (000:3479)
            plain = self.form.__class__(suits=self.form.suits, dragons=self.form.dragons)
            return len(plain.waits([*kinds, tile.kind], self.setup.tileset.kinds(), jokers_live=not self.riichi[seat]))
        return len(self.form.waits(kinds, self.setup.tileset.kinds(), jokers_live=not self.riichi[seat]))

    def value_for(self, seat: int, tile: Tile, *, tsumo: bool, from_seat: int | None = None,
                  dora_kind: int | None = None) -> HandValue:
        """What ``seat``'s hand won on ``tile`` is worth under the mode's ``scoring``
        (:mod:`trainer.engine.game.training_scoring`)."""
        from trainer.engine.rules import load_rules

        concealed = list(self.hands[seat])
        if not tsumo:
            concealed.append(tile)
        hand = Hand(tuple(sorted(concealed)), tuple(self.melds[seat]))
        if self.setup.scoring in ("riichi", "standard", "twelve") and self._rules is None:
            self._rules = load_rules(self.setup.rules)
        sides = self.win_sides(seat, tile, tsumo=tsumo) if self.setup.scoring == "twelve" else 0
        win = Win(hand, tile, tsumo, self.riichi[seat], seat, self.dealer, self.n,
                  from_seat=None if tsumo else (from_seat if from_seat is not None else self.last_from),
                  dora_kind=dora_kind, sides=sides, jokers_live=not self.riichi[seat], shape=self.form,
                  only_losses=self.setup.half_abundance, double_riichi=self.double_riichi[seat],
                  first_draw=tsumo and self.stage_discards < self.n and not any(self.melds),
                  rinshan=tsumo and self.replacement)
        return value_of(self.setup.scoring, win, dora_value=self.setup.dora_value, rules=self._rules,
                        yaku_removed=self.setup.yaku_removed, yaku_instead=dict(self.setup.yaku_instead))

    def fault(self, seat: int, action: Action) -> str | None:
        """The fault ``action`` would be at this table, a penalty rather than a play: "okurikan"
        where the mode makes keeping four of a kind undeclared a chombo (risu, 000:3483:
        a win or a discard with the four still in the hand); None for a fair action."""
        if self.phase == TURN and seat == self.current and kan_rules.is_okurikan(self, seat, action):
            return "okurikan"
        return None

    # ------------------------------------------------------------------ actions on turn
    def _turn_actions(self, seat: int) -> list[Action]:
        acts: list[Action] = []
        drawn = self.drawn[seat]
        if drawn is not None and not self.after_call and self.can_win_with(seat, drawn, tsumo=True):
            acts.append(Tsumo())
        if self.riichi[seat]:
            acts.append(Discard(drawn))  # type: ignore[arg-type]  # after riichi: give the drawn tile
            return acts
        acts.extend(kan_rules.kan_options(self, seat))  # risu: compulsory concealed kans
        acts.extend(honor_exchange.exchange_options(self, seat))  # half-abundance: honors for 3,000
        distinct = sorted(set(self.hands[seat]))
        acts.extend(Discard(t) for t in distinct)
        acts.extend(self._riichi_options(seat, distinct))
        return acts

    def _riichi_options(self, seat: int, distinct: list[Tile]) -> list[Action]:
        """Riichi with each discard that leaves a closed hand ready, while a draw is left."""
        riichi_game = self.setup.win in ("riichi", "yaku") or self.setup.scoring in RIICHI_SCORING
        if not riichi_game or self._open(seat) or self.after_call or not self.wall or not self.final_stage:
            return []
        out: list[Action] = []
        for t in distinct:
            rest = list(self.hands[seat])
            rest.remove(t)
            if self.form.is_plain:
                ready = shanten(Hand(tuple(sorted(rest)))) == 0
            else:  # the memoised shanten first: only a hand one tile from complete can have waits
                kinds = [x.kind for x in rest]
                ready = self.form.shanten(kinds, jokers_live=False) == 0 and bool(
                    self.form.waits(kinds, self.setup.tileset.kinds(), jokers_live=False))
            if ready:
                out.append(Riichi(t))
        return out

    def _open(self, seat: int) -> bool:
        """Whether ``seat`` has called a tile (a closed kan keeps the hand closed)."""
        return any(m.is_open for m in self.melds[seat])

    # ------------------------------------------------------------------ applying
    def apply(self, seat: int, action: Action) -> list[dict[str, Any]]:
        """Take ``action`` from ``seat``; returns the events it caused.  Raises IllegalAction
        (the game unchanged) with the reason when the action is not legal now."""
        if self.phase == ENDED:
            raise IllegalAction("the hand is over")
        if not 0 <= seat < self.n:
            raise IllegalAction(f"there is no seat {seat} at a table of {self.n}")
        legal = self.legal_actions(seat)
        if not legal:
            if self.phase == TURN:
                raise IllegalAction(f"it is seat {self.current}'s turn, not seat {seat}'s")
            raise IllegalAction(f"seat {seat} has nothing to decide on this tile")
        if action not in legal:
            raise IllegalAction(self._why_illegal(seat, action))
        start = len(self.events)
        self.history.append((seat, action))
        if self.phase == TURN:
            if kan_rules.is_kan(action):
                kan_rules.declare_kan(self, seat, action)  # type: ignore[arg-type]
            elif isinstance(action, honor_exchange.ExchangeHonor):
                honor_exchange.exchange(self, seat, action)
            elif kan_rules.is_okurikan(self, seat, action):
                kan_rules.call_chombo(self, seat)  # risu: a four kept undeclared
            elif isinstance(action, Tsumo):
                self._win((seat,), tsumo=True)
            else:
                assert isinstance(action, Discard | Riichi)
                self._discard(seat, action.tile, isinstance(action, Riichi))
        else:
            self.responses[seat] = action
            if all(s in self.responses for s in self.options_for):
                self._resolve_calls()
        return self.events[start:]

    def _why_illegal(self, seat: int, action: Action) -> str:
        """Why an action outside the legal list is refused, in the learner's terms."""
        if isinstance(action, Tsumo):
            if self.setup.win == "riichi" and not self.riichi[seat]:
                return "this game is won only after declaring riichi"
            if self.setup.win == "yaku":
                return "no win: the hand is not complete or has no yaku"
            return "no win: the hand is not a complete shape (sets and a pair)"
        if isinstance(action, Ron):
            return "no ron on this tile: it does not complete the hand (or the hand is furiten)"
        if isinstance(action, Discard | Riichi):
            if action.tile not in self.hands[seat]:
                return f"{action.tile} is not in the hand"
            if self.riichi[seat]:
                return "after riichi the drawn tile must be discarded"
            if isinstance(action, Riichi):
                if self.setup.win not in ("riichi", "yaku") and self.setup.scoring not in RIICHI_SCORING:
                    return "this game has no riichi"
                if self._open(seat):
                    return "riichi needs a closed hand"
                return "riichi needs tenpai after this discard"
        if isinstance(action, honor_exchange.ExchangeHonor):
            return "only an honor tile in the hand can be exchanged, on your turn, in the half-abundance game"
        if kan_rules.is_kan(action):
            if self.setup.kans == "none":
                return "this game has no kans"
            return "a kan needs four of a kind in the hand and a tile left in the wall"
        if isinstance(action, Pon | Chi):
            if self.setup.calls == "none":
                return "calls are off in this game"
            if isinstance(action, Chi) and self.setup.calls != "all":
                return "only pon is allowed in this game"
            return "that call is not possible on this tile"
        return "that is not possible now"

    def _draw(self, seat: int) -> None:
        tile = self.wall.pop()
        self.hands[seat].append(tile)
        self.drawn[seat] = tile
        self.current = seat
        self.phase = TURN
        self.after_call = False
        self.replacement = False
        self.draws += 1
        self.events.append({"type": "draw", "seat": seat, "tile": str(tile)})

    def _discard(self, seat: int, tile: Tile, riichi: bool) -> None:
        hand = self.hands[seat]
        tsumogiri = self.drawn[seat] is not None and tile == self.drawn[seat]
        hand.remove(tile)
        hand.sort()
        self.drawn[seat] = None
        if riichi:
            self.riichi[seat] = True
            # a riichi in the first go-around, before any call: double riichi (short mahjong, 000:4342)
            self.double_riichi[seat] = self.stage_discards < self.n and not any(self.melds)
        self.stage_discards += 1
        self.rivers[seat].append(RiverTile(tile, tsumogiri, riichi, False))
        self.last_tile, self.last_from = tile, seat
        self.events.append({"type": "discard", "seat": seat, "tile": str(tile), "riichi": riichi})
        self._open_calls(seat, tile)

    def _open_calls(self, src: int, tile: Tile) -> None:
        """Offer the discard: ron to any seat it completes, pon/chi where the mode allows."""
        self.options_for = {}
        self.responses = {}
        for k in range(1, self.n):
            s = (src + k) % self.n
            opts: list[Action] = []
            if self.setup.ron and self.can_win_with(s, tile, tsumo=False) and not self._furiten(s):
                opts.append(Ron())
            if self.wall and not self.riichi[s]:
                opts.extend(self._call_options(s, src, tile))
            opts.extend(kan_rules.open_kan_options(self, s, tile))  # declared kans: an open kan
            if opts:
                self.options_for[s] = [*opts, Pass()]
        if self.options_for:
            self.phase = CALLS
        else:
            self._next_turn()

    def _furiten(self, seat: int) -> bool:
        """With ``furiten`` on, no ron on a kind this seat has discarded (permanent furiten)."""
        if not self.setup.furiten:
            return False
        discarded = {d.tile.kind for d in self.rivers[seat]}
        return any(w in discarded for w in self.waits(seat))

    def _call_options(self, seat: int, src: int, tile: Tile) -> list[Action]:
        calls = self.setup.calls
        if calls == "none":
            return []
        hand = self.hands[seat]
        if len(hand) < 3:  # after the call a tile must remain to discard
            return []
        out: list[Action] = []
        same = [t for t in hand if t.kind == tile.kind]
        if len(same) >= 2:
            out.append(Pon((same[0], same[1])))
        if calls == "all" and (src + 1) % self.n == seat and tile.kind < 27:
            rank = tile.kind % 9
            by_kind = {t.kind: t for t in sorted(hand)}
            for lo in (-2, -1, 0):
                ks = [tile.kind + lo + i for i in range(3)]
                if not (0 <= rank + lo and rank + lo + 2 <= 8):
                    continue
                others = [k for k in ks if k != tile.kind]
                if all(k in by_kind for k in others):
                    out.append(Chi((by_kind[others[0]], by_kind[others[1]])))
        return out

    def _resolve_calls(self) -> None:
        order = self._response_order()
        rons = tuple(s for s in order if isinstance(self.responses.get(s), Ron))
        if rons:
            self._win(rons, tsumo=False)
            return
        for s in order:
            if kan_rules.is_kan(self.responses.get(s)):  # type: ignore[arg-type]
                kan_rules.call_open_kan(self, s, self._source(s, self.last_from))  # type: ignore[arg-type]
                return
        for kind in (Pon, Chi):
            for s in order:
                a = self.responses.get(s)
                if isinstance(a, kind):
                    self._make_call(s, a)
                    return
        self._next_turn()

    def _make_call(self, seat: int, action: Pon | Chi) -> None:
        tile, src = self.last_tile, self.last_from
        assert tile is not None and src is not None
        river = self.rivers[src]
        d = river[-1]
        river[-1] = RiverTile(d.tile, d.tsumogiri, d.riichi, True)
        for t in action.tiles:
            self.hands[seat].remove(t)
        source = self._source(seat, src)
        if isinstance(action, Chi):
            source = Source.LEFT
        kind = MeldKind.PON if isinstance(action, Pon) else MeldKind.CHI
        self.melds[seat].append(Meld(kind, tuple(sorted([*action.tiles, tile])), tile, source))
        self.events.append({"type": "call", "seat": seat, "call": kind.value, "tile": str(tile), "from": src})
        self.options_for, self.responses = {}, {}
        self.current = seat
        self.phase = TURN
        self.after_call = True
        self.drawn[seat] = None

    def _source(self, seat: int, src: int) -> Source:
        """Where the discarder ``src`` sits, seen from the caller ``seat``."""
        diff = (seat - src) % self.n
        return Source.LEFT if diff == 1 and self.n > 2 else Source.RIGHT if diff == self.n - 1 and self.n > 2 \
            else Source.ACROSS

    def _next_turn(self) -> None:
        self.options_for, self.responses = {}, {}
        if self.setup.recycle_discards:
            kan_rules.recycle_discard(self)  # risu: face down to the far end of the wall
        if not self.wall or kan_rules.draw_limit_reached(self):
            reason = "wall" if not self.wall else "draw_limit"
            tenpai = tuple(s for s in range(self.n) if self.is_tenpai(s))
            self.result = SimpleResult("draw", tenpai=tenpai, reason=reason)
            self.phase = ENDED
            self.events.append({"type": "exhaustive_draw", "reason": reason, "tenpai": list(tenpai)})
            return
        self._draw((self.current + 1) % self.n)

    def _win(self, winners: tuple[int, ...], *, tsumo: bool) -> None:
        tile = self.drawn[winners[0]] if tsumo else self.last_tile
        assert tile is not None
        if not self.final_stage:
            self._grow(winners[0], tile, tsumo=tsumo)
            return
        values: tuple[HandValue, ...] = ()
        if self.setup.scoring not in ("none", "count_wins"):
            # risu: after agari the last tile of the wall becomes dora (000:3483)
            dora = self.wall[0].kind if self.setup.dora_value and self.wall else None
            values = tuple(self.value_for(w, tile, tsumo=tsumo, dora_kind=dora) for w in winners)
            for v in values:
                for s, d in enumerate(v.deltas):
                    self.points[s] += d
        if tsumo:
            self.result = SimpleResult("tsumo", winners, None, tile, values=values)
        else:
            self.result = SimpleResult("ron", winners, self.last_from, tile, values=values)
        self.options_for, self.responses = {}, {}
        self.phase = ENDED
        self.events.append({"type": "win", **self.result.to_json()})

    def _grow(self, seat: int, tile: Tile, *, tsumo: bool) -> None:
        """An intermediate agari of short mahjong (000:4331): nothing is paid; the winner keeps
        the completed hand and draws two more, everyone else draws three, so every hand is 3
        tiles bigger; then the dealer (East) takes the turn.  The wall must keep the rulebook's
        minimum after the growth (000:4329 «Остаток плиток в стене должен быть не менее 14»: the
        mode's ``min_wall``, the dealer's next draw among them); when it holds fewer than the
        growth and that minimum, the game ends as a draw with the reason ``no_growth`` (tiles may
        be left; the event gives the tiles ``left``, the ``grow`` tiles, the ``keep`` minimum and
        their sum ``need``).  The ``stage_win`` event carries the winner's completed hand (``won``)
        before it grows."""
        if not tsumo:
            src = self.last_from
            assert src is not None
            d = self.rivers[src][-1]
            self.rivers[src][-1] = RiverTile(d.tile, d.tsumogiri, d.riichi, True)
            self.hands[seat].append(tile)
        self.events.append({"type": "stage_win", "seat": seat, "tile": str(tile), "tsumo": tsumo,
                            "hand": self.hand_size, "won": [str(t) for t in sorted(self.hands[seat])]})
        bigger = next(h for h in self.setup.stages if h > self.hand_size)
        grow = bigger - self.hand_size
        growth = sum(grow - 1 if s == seat else grow for s in range(self.n))
        keep = max(1, self.setup.min_wall)  # what must stay in the wall, the next draw among it
        need = growth + keep
        self.options_for, self.responses = {}, {}
        self.drawn = [None] * self.n
        if len(self.wall) < need:
            # too few tiles to grow the hands: the game ends as a draw, the winner still holding
            # (tiles may be left, only not enough: the reason is not an empty wall)
            self.current = seat
            self.held_at_end = True
            self.result = SimpleResult("draw", reason="no_growth")
            self.phase = ENDED
            self.events.append({"type": "no_growth", "reason": "no_growth", "left": len(self.wall), "need": need,
                                "grow": growth, "keep": keep, "hand": bigger, "tenpai": []})
            return
        self.hand_size = bigger
        self.stage_discards = 0
        for k in range(self.n):
            s = (self.dealer + k) % self.n
            while len(self.hands[s]) + 3 * len(self.melds[s]) < bigger:
                self.hands[s].append(self.wall.pop())
            self.hands[s].sort()
        self._draw(self.dealer)

    # ------------------------------------------------------------------ views and checks
    def view(self, seat: int) -> SimpleView:
        """What ``seat`` may see (other hands only when the mode reveals all)."""
        n = self.n
        reveal = self.setup.reveal == "all"
        open_hands = tuple(tuple(sorted(self.hands[s])) if (s == seat or reveal) else None for s in range(n))
        return SimpleView(
            seat=seat,
            hand=self.hand(seat),
            drawn=self.drawn[seat],
            dealer=self.dealer,
            round_wind=EAST,
            seat_winds=tuple(EAST + (s - self.dealer) % n for s in range(n)),  # type: ignore[arg-type]
            scores=tuple(self.points),  # type: ignore[arg-type]
            honba=0,
            sticks=0,
            dora_indicators=(),
            rivers=tuple(tuple(r) for r in self.rivers),
            melds=tuple(tuple(m) for m in self.melds),
            riichi=tuple(self.riichi),  # type: ignore[arg-type]
            riichi_turn=tuple(next((i for i, d in enumerate(r) if d.riichi), None) for r in self.rivers),
            hand_sizes=tuple(len(h) for h in self.hands),  # type: ignore[arg-type]
            live_remaining=len(self.wall),
            phase=self.phase,
            last_tile=self.last_tile,
            last_from=self.last_from,
            call_kind="discard",
            open_hands=open_hands,
            win_rule=self.setup.win,
            next_draws=tuple(reversed(self.wall[-self.setup.visible_draws:])) if self.setup.visible_draws else (),
            points=tuple(self.points),
            scoring=self.setup.scoring,
            kans=self.setup.kans,
            honor_exchange=self.setup.honor_exchange if self.setup.half_abundance else 0,
            points_floor=self.setup.points_floor,
            yaku_rules=self.setup.yaku_rules,
        )

    def check(self) -> None:
        """Raise SimpleInvariantError unless every tile is accounted for (hands, melds,
        rivers without called tiles, the wall) and every hand has the size its phase needs."""
        seen: Counter = Counter(self.wall)
        for s in range(self.n):
            seen.update(self.hands[s])
            for m in self.melds[s]:
                seen.update(m.tiles)
            seen.update(d.tile for d in self.rivers[s] if not d.called)
        if seen != Counter(self.all_tiles):
            raise SimpleInvariantError(f"tiles not accounted for: extra {dict(seen - Counter(self.all_tiles))}, "
                                       f"missing {dict(Counter(self.all_tiles) - seen)}")
        base = self.hand_size
        for s in range(self.n):
            size = len(self.hands[s]) + 3 * len(self.melds[s])
            holding = s == self.current and (self.phase == TURN or self.held_at_end or (
                self.result is not None and self.result.kind == "tsumo"))
            want = base + 1 if holding else base
            if size != want:
                raise SimpleInvariantError(f"seat {s} holds {size} tiles, expected {want} ({self.phase})")
            if self.riichi[s] and self._open(s):
                raise SimpleInvariantError(f"seat {s} is in riichi with an open hand")


def scripted_wall(tileset: TileSet, hands: Sequence[str | Sequence[Tile]], draws: str | Sequence[Tile] = "",
                  *, seed: int = 0) -> list[Tile]:
    """A wall for :class:`SimpleGame` that deals exactly ``hands`` (in MPSZ or as tiles, one per
    seat from the dealer on) and then draws ``draws`` in order; the rest of ``tileset`` follows
    in a seeded shuffle.  For scripted lessons, puzzles and tests.  Raises ValueError naming a
    tile the set does not have enough copies of."""
    from trainer.engine.notation import parse_tiles

    parsed = [parse_tiles(h) if isinstance(h, str) else list(h) for h in hands]
    if len({len(h) for h in parsed}) > 1:
        sizes = ", ".join(f"{h!r}: {len(p)}" for h, p in zip(hands, parsed, strict=True))
        raise ValueError(f"every scripted hand needs the same number of tiles ({sizes})")
    pool = Counter(tileset.tiles)
    front: list[Tile] = []
    for part, tiles in zip([*hands, draws], [*parsed, parse_tiles(draws) if isinstance(draws, str) else list(draws)],
                           strict=True):
        for t in tiles:
            if pool[t] <= 0:
                raise ValueError(f"the set {tileset.name!r} has no more {t} for {part!r}")
            pool[t] -= 1
            front.append(t)
    rest = sorted(pool.elements())
    random.Random(seed).shuffle(rest)
    return front + rest


def play_bots(game: SimpleGame, bots: Sequence[Any], *, check: bool = False, limit: int = 10_000) -> SimpleResult:
    """Play ``game`` to its end with one bot per seat (``choose(view, legal)``); returns the result.
    With ``check`` the invariants are checked after every action."""
    for _step in range(limit):
        if game.ended:
            break
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        game.apply(seat, bots[seat].choose(game.view(seat), legal))
        if check:
            game.check()
    if game.result is None:
        raise RuntimeError(f"the hand did not end within {limit} actions")
    return game.result


__all__ = ["CALLS", "DRAW_REASONS", "ENDED", "RIICHI_SCORING", "TURN", "SimpleGame", "SimpleInvariantError", "SimpleResult", "SimpleView",
           "play_bots", "scripted_wall"]
