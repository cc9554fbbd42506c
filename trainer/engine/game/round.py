"""One hand (kyoku) of riichi mahjong: the draw/discard loop, calls, riichi, furiten,
wins and draws, exactly as the rule preset says.

A :class:`Round` is a state machine.  It asks players for decisions through
:meth:`Round.to_act` (the seats that must choose now) and
:meth:`Round.legal_actions`, and takes them with :meth:`Round.apply`.  Drawing
tiles, revealing dora, resolving calls and paying points happen automatically
between decisions.  An illegal action raises
:class:`~trainer.engine.game.actions.IllegalAction` with a reason and leaves the
round unchanged (every check runs before anything is modified).

Phases:

* ``TURN``: the player ``current`` holds 3n+2 tiles (after a draw or a call) and
  must discard, declare riichi, win by tsumo, declare a kan or nine terminals;
* ``CALLS``: a tile was discarded (or added to a kan); every other player who
  may ron, pon, kan or chi on it answers, all at once; then the highest call
  wins: ron > pon/kan > chi (001:262-269);
* ``ENDED``: :attr:`Round.result` says how the hand ended and who pays whom.

The round knows only the rules (a ``Rules`` value) and the wall; the match
(:mod:`trainer.engine.game.match`) carries scores, honba and sticks between hands.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from trainer.engine.decompose import Form, GroupKind, readings
from trainer.engine.game.actions import (
    AbortiveDraw,
    Action,
    Chi,
    DeclareTenpai,
    Discard,
    IllegalAction,
    Kan,
    Kita,
    Pass,
    Pon,
    Riichi,
    Ron,
    Tsumo,
)
from trainer.engine.game.options import GameOptions, game_options
from trainer.engine.game.wall import MAX_KANS, Wall
from trainer.engine.game.wins import WinInfo, draw_payments, nagashi_deltas, score_win
from trainer.engine.hand import Hand, Meld, MeldKind, Source
from trainer.engine.shanten import shanten_counts
from trainer.engine.tiles import EAST, NORTH, TERMINALS_AND_HONORS, Tile, is_wind, is_yaochuu
from trainer.engine.waits import waits as hand_waits


class Phase(Enum):
    """What the round is waiting for."""

    TURN = "turn"
    CALLS = "calls"
    DRAW = "draw"  # exhaustive draw: tenpai players not in riichi choose to show or hide
    ENDED = "ended"


@dataclass(slots=True)
class DiscardInfo:
    """One tile in a player's river: the tile, whether it was the tile just drawn
    (tsumogiri), whether it was the riichi declaration, and whether another player
    called it away (it still counts for the discarder's furiten and nagashi); ``order`` is
    its place among all discards of the hand (0 = the first), which calls cannot skew."""

    tile: Tile
    tsumogiri: bool = False
    riichi: bool = False
    called: bool = False
    order: int = -1


@dataclass(slots=True)
class Seat:
    """Everything the table knows about one player during a hand."""

    concealed: list[Tile] = field(default_factory=list)
    melds: list[Meld] = field(default_factory=list)
    river: list[DiscardInfo] = field(default_factory=list)
    river_kinds: set[int] = field(default_factory=set)
    riichi: bool = False
    double_riichi: bool = False
    riichi_pending: bool = False
    ippatsu: bool = False
    temp_furiten: bool = False
    riichi_furiten: bool = False
    waits: tuple[int, ...] = ()
    drawn: Tile | None = None
    kita: list[Tile] = field(default_factory=list)
    has_drawn: bool = False
    has_discarded: bool = False
    river_cache: tuple | None = None

    def hand(self) -> Hand:
        """The hand as an immutable value (concealed tiles sorted, melds in order)."""
        return Hand(tuple(sorted(self.concealed)), tuple(self.melds))

    @property
    def furiten(self) -> bool:
        """True if this player may not ron now: a winning tile in their own river
        (permanent), a passed winning tile since their last turn (temporary), or a
        passed winning tile after riichi (for the rest of the hand)."""
        if self.temp_furiten or self.riichi_furiten:
            return True
        return any(w in self.river_kinds for w in self.waits)


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How a hand ended.

    ``kind`` is ``"ron"``, ``"tsumo"``, ``"exhaustive"`` (the wall ran out) or
    ``"abortive"``; ``wins`` lists every winner (several on a double ron);
    ``deltas`` is each seat's change of points from payments and sticks taken
    (riichi sticks put down during the hand are already in the scores);
    ``tenpai`` the seats tenpai at an exhaustive draw; ``nagashi`` the seats paid a
    nagashi mangan; ``renchan`` whether the dealer keeps the deal; ``honba_reset``
    whether the counters go back to zero; ``sticks_left`` riichi sticks still on
    the table.
    """

    kind: str
    deltas: tuple[int, ...]
    wins: tuple[WinInfo, ...] = ()
    tenpai: tuple[int, ...] = ()
    nagashi: tuple[int, ...] = ()
    abort_reason: str | None = None
    renchan: bool = False
    honba_reset: bool = False
    sticks_left: int = 0

    def to_json(self) -> dict[str, Any]:
        """The result as a JSON object for the game log."""
        return {
            "kind": self.kind,
            "deltas": list(self.deltas),
            "wins": [w.to_json() for w in self.wins],
            "tenpai": list(self.tenpai),
            "nagashi": list(self.nagashi),
            "abort_reason": self.abort_reason,
            "renchan": self.renchan,
            "honba_reset": self.honba_reset,
            "sticks_left": self.sticks_left,
        }


def _remove(tiles: list[Tile], tile: Tile) -> None:
    """Remove one copy of exactly ``tile`` (a red five is distinct from a plain one)."""
    tiles.remove(tile)


def _suji_partner(called: int, others: Sequence[int]) -> int | None:
    """The kind at the far end of a chi run on the called tile's side (suji kuikae),
    or None when the called tile was the middle of the run."""
    lo, hi = min(others), max(others)
    if called < lo:
        far = hi + 1
    elif called > hi:
        far = lo - 1
    else:
        return None
    if far < 27 and far // 9 == called // 9 and 0 <= far:
        return far
    return None


def kuikae_kinds(rule: str, called: int, used: Sequence[int], chi: bool) -> frozenset[int]:
    """The kinds a player may not discard right after calling ``called`` with ``used`` (kuikae,
    喰い替え): under ``rule`` "allowed" none; otherwise ("same_tile") the called kind, and under "forbidden" also
    the far end of a chi run on the called tile's side (suji kuikae)."""
    if rule == "allowed":
        return frozenset()
    forbid = {called}
    if rule == "forbidden" and chi:
        partner = _suji_partner(called, used)
        if partner is not None:
            forbid.add(partner)
    return frozenset(forbid)


def _source(seat: int, src: int, n: int) -> Source:
    """Where a called tile came from, seen by the caller: the player before them is on the
    left; at three players the other one is on the right."""
    step = (seat - src) % n
    if step == 1:
        return Source.LEFT
    return Source.RIGHT if step == n - 1 else Source.ACROSS


class Round:
    """One hand of four players (seats 0..3), or three with a three-player preset (seats
    0..2: East, South, West; no chi; Norths set aside as nukidora with :class:`Kita`).
    Seat ``dealer`` is East."""

    def __init__(
        self,
        rules: Any,
        wall: Wall,
        *,
        dealer: int = 0,
        round_wind: int = EAST,
        honba: int = 0,
        sticks: int = 0,
        scores: Sequence[int] | None = None,
        options: GameOptions | None = None,
        tenpai_choice: Collection[int] = (),
    ) -> None:
        self.rules = rules
        self.tenpai_choice = frozenset(tenpai_choice)
        """Seats whose player is asked, at an exhaustive draw, whether to show a tenpai hand
        (where ``noten_declaration`` allows hiding it); every other tenpai hand is shown."""
        self.options = options or game_options(rules)
        self.wall = wall
        self.dealer = dealer
        self.round_wind = round_wind
        self.honba = honba
        self.sticks = sticks
        start = self.options.starting_points
        self.n = n = self.options.players
        self.scores: list[int] = list(scores) if scores is not None else [start] * n
        self.seats = [Seat() for _ in range(n)]
        self.kita_draw = False  # the last draw replaced a North set aside
        self.phase = Phase.TURN
        self.current = dealer
        self.result: RoundResult | None = None
        self.kan_owners: list[int] = []
        self.pending_dora = 0
        self.uninterrupted = True
        self.first_discards: list[int] = []
        self.rinshan = False
        self.after_call = False
        self.kuikae: frozenset[int] = frozenset()
        self.last_tile: Tile | None = None
        self.last_from: int | None = None
        self.call_kind: str = "discard"  # what the CALLS window is for: discard, chankan, ankan
        self.responses: dict[int, Action] = {}
        self.options_for: dict[int, list[Action]] = {}
        self.pending_kan: tuple[int, Tile, MeldKind] | None = None
        self.history: list[tuple[int, Action]] = []
        self.pao: dict[int, dict[str, int]] = {}
        self.rinshan_from: int | None = None
        self.events: list[dict[str, Any]] = []
        self.declaring: list[int] = []  # Phase.DRAW: seats still to show or hide their tenpai
        self.hidden_tenpai: set[int] = set()
        self._turn_legal: list[Action] | None = None
        self._deal()

    # ------------------------------------------------------------------ set-up
    def _deal(self) -> None:
        """Deal 13 tiles each, four at a time from the dealer, then one each; the dealer
        then draws the fourteenth (001:87)."""
        order = [(self.dealer + i) % self.n for i in range(self.n)]
        for _ in range(3):
            for s in order:
                for _ in range(4):
                    self.seats[s].concealed.append(self.wall.draw())
        for s in order:
            self.seats[s].concealed.append(self.wall.draw())
        for s in order:
            self.seats[s].concealed.sort()
            self._update_waits(s)
        self.events.append({"type": "deal", "dora_indicator": str(self.wall.dora_indicators[0])})
        self._draw(self.dealer)

    # ------------------------------------------------------------------ queries
    def seat_wind(self, seat: int) -> int:
        """The seat wind kind of ``seat`` (the dealer is East)."""
        return EAST + (seat - self.dealer) % self.n

    @property
    def ended(self) -> bool:
        """True once the hand is over (see :attr:`result`)."""
        return self.phase is Phase.ENDED

    @property
    def kans(self) -> int:
        """Kans declared so far in this hand."""
        return len(self.kan_owners)

    def to_act(self) -> list[int]:
        """The seats that must choose an action now (empty when the hand is over)."""
        if self.phase is Phase.TURN:
            return [self.current]
        if self.phase is Phase.CALLS:
            return [s for s in self._response_order() if s not in self.responses]
        if self.phase is Phase.DRAW:
            return self.declaring[:1]
        return []

    def _response_order(self) -> list[int]:
        src = self.last_from if self.last_from is not None else self.current
        n = self.n
        return [(src + i) % n for i in range(1, n) if (src + i) % n in self.options_for]

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now; empty if it is not this seat's decision."""
        if self.phase is Phase.TURN and seat == self.current:
            if self._turn_legal is None:
                self._turn_legal = self._compute_turn_actions()
            return list(self._turn_legal)
        if self.phase is Phase.CALLS and seat in self.options_for and seat not in self.responses:
            return list(self.options_for[seat])
        if self.phase is Phase.DRAW and self.declaring[:1] == [seat]:
            return [DeclareTenpai(True), DeclareTenpai(False)]
        return []

    def is_tenpai(self, seat: int) -> bool:
        """True if ``seat``'s 3n+1 hand waits on at least one kind (formal tenpai)."""
        return bool(self.seats[seat].waits)

    # ------------------------------------------------------------------ applying
    def apply(self, seat: int, action: Action) -> list[dict[str, Any]]:
        """Take ``action`` from ``seat``; returns the events it caused.  Raises
        IllegalAction (state unchanged) if the action is not legal now."""
        if self.phase is Phase.ENDED:
            raise IllegalAction("the hand is over")
        legal = self.legal_actions(seat)
        if not legal:
            if self.phase is Phase.TURN:
                raise IllegalAction(f"it is seat {self.current}'s turn, not seat {seat}'s")
            raise IllegalAction(f"seat {seat} has nothing to decide on this tile")
        if action not in legal:
            raise IllegalAction(self._why_illegal(seat, action))
        start = len(self.events)
        self.history.append((seat, action))
        if self.phase is Phase.TURN:
            self._turn_legal = None
            self._apply_turn(seat, action)
        elif self.phase is Phase.DRAW:
            assert isinstance(action, DeclareTenpai)
            self.declaring.pop(0)
            if not action.show:
                self.hidden_tenpai.add(seat)
            self.events.append({"type": "tenpai_declared", "seat": seat, "show": action.show})
            if not self.declaring:
                self._settle_draw()
        else:
            self.responses[seat] = action
            if all(s in self.responses for s in self.options_for):
                self._resolve_calls()
        return self.events[start:]

    def _why_illegal(self, seat: int, action: Action) -> str:
        """A reason an action outside the legal list is refused, in mahjong terms."""
        s = self.seats[seat]
        if isinstance(action, Discard | Riichi):
            if action.tile not in s.concealed:
                return f"seat {seat} does not hold {action.tile}"
            if s.riichi:
                return "after riichi the drawn tile must be discarded"
            if action.tile.kind in self.kuikae:
                return f"kuikae: {action.tile} would complete the set just called"
            if isinstance(action, Riichi):
                if not s.concealed or any(m.is_open for m in s.melds):
                    return "riichi needs a closed hand"
                if self.scores[seat] < self.options.riichi_min_points:
                    return f"riichi needs at least {self.options.riichi_min_points} points"
                if self.wall.live_remaining < self.options.riichi_min_tiles_left:
                    return f"riichi needs at least {self.options.riichi_min_tiles_left} tiles left in the wall"
                return f"discarding {action.tile} does not leave the hand tenpai"
        if isinstance(action, Tsumo):
            return "the hand is not a complete hand with a yaku"
        if isinstance(action, Ron):
            if s.furiten:
                return "furiten: no ron while a winning tile is in your river or was passed"
            return "this tile does not complete the hand with a yaku"
        if isinstance(action, Chi) and not self.options.chi:
            return f"the {self.options.name} rules have no chi"
        if isinstance(action, Kita):
            return "kita needs a North in the hand, a replacement tile left, and not right after a call"
        if isinstance(action, Chi) and self.last_from is not None and (self.last_from + 1) % self.n != seat:
            return "chi only from the player on the left"
        if isinstance(action, Kan) and self.kans >= MAX_KANS:
            return "there are already four kans"
        if isinstance(action, Chi | Pon | Kan) and s.riichi:
            return "after riichi the hand cannot change (only a closed kan that keeps the waits)"
        if isinstance(action, Chi | Pon | Kan) and self.wall.live_remaining == 0:
            return "no calls on the last tile of the hand"
        return f"{type(action).__name__} is not allowed now"

    # ------------------------------------------------------------------ drawing
    def _draw(self, seat: int, rinshan: bool = False, kita: bool = False) -> None:
        """``seat`` takes the next live tile (or a replacement tile after a kan or a kita)."""
        tile = self.wall.draw_rinshan() if rinshan or kita else self.wall.draw()
        self.kita_draw = kita
        s = self.seats[seat]
        s.concealed.append(tile)
        s.drawn = tile
        s.has_drawn = True
        self.current = seat
        self.phase = Phase.TURN
        self.rinshan = rinshan
        self.rinshan_from = None
        self.after_call = False
        self.kuikae = frozenset()
        self._turn_legal = None
        self.events.append({"type": "draw", "seat": seat, "tile": str(tile), "rinshan": rinshan})

    def _next_draw(self) -> None:
        """Move to the next player's draw, or end the hand if the live wall is empty."""
        nxt = (self.current + 1) % self.n
        if self.wall.live_remaining == 0:
            self._exhaustive_draw()
            return
        self._draw(nxt)

    # ------------------------------------------------------------------ turn actions
    def _compute_turn_actions(self) -> list[Action]:
        seat = self.current
        s = self.seats[seat]
        acts: list[Action] = []
        if not self.after_call and s.drawn is not None:
            if s.drawn.kind in s.waits and self._win_info(seat, s.drawn, tsumo=True) is not None:
                acts.append(Tsumo())
        if s.riichi:
            acts.append(Discard(s.drawn))  # type: ignore[arg-type]
            acts.extend(self._closed_kans(seat))
            if self._kita_ok(seat):
                acts.append(Kita())
            return acts
        distinct = sorted(set(s.concealed))
        for t in distinct:
            if t.kind not in self.kuikae:
                acts.append(Discard(t))
        if not self.after_call:
            acts.extend(self._riichi_options(seat, distinct))
            acts.extend(self._closed_kans(seat))
            acts.extend(self._added_kans(seat))
            if self._kyuushu_ok(seat):
                acts.append(AbortiveDraw("kyuushu"))
            if self._kita_ok(seat):
                acts.append(Kita())
        return acts

    def _kita_ok(self, seat: int) -> bool:
        """A North may be set aside (nukidora): the rules use it, the player holds one, a
        replacement tile is left, and the turn did not start with a call.  After riichi only
        the North just drawn, so the waiting hand does not change."""
        s = self.seats[seat]
        if not self.options.nukidora or self.after_call or self.wall.replacements_left <= 0:
            return False
        if s.riichi:
            return s.drawn is not None and s.drawn.kind == NORTH
        return any(t.kind == NORTH for t in s.concealed)

    def _kyuushu_ok(self, seat: int) -> bool:
        s = self.seats[seat]
        if "kyuushu" not in self.options.abortive_draws or not self.uninterrupted or s.has_discarded:
            return False
        kinds = {t.kind for t in s.concealed}
        return sum(1 for k in TERMINALS_AND_HONORS if k in kinds) >= 9

    def _riichi_options(self, seat: int, distinct: list[Tile]) -> list[Action]:
        s = self.seats[seat]
        o = self.options
        if any(m.is_open for m in s.melds) or self.scores[seat] < o.riichi_min_points:
            return []
        if self.wall.live_remaining < o.riichi_min_tiles_left:
            return []
        counts = [0] * 34
        for t in s.concealed:
            counts[t.kind] += 1
        need = len(s.concealed) // 3
        if shanten_counts(counts, need) > 0:
            return []
        out: list[Action] = []
        verdict: dict[int, bool] = {}
        for t in distinct:
            if t.kind not in verdict:
                counts[t.kind] -= 1
                verdict[t.kind] = shanten_counts(counts, need) == 0
                counts[t.kind] += 1
            if verdict[t.kind]:
                if not o.furiten_riichi:
                    rest = list(s.concealed)
                    rest.remove(t)
                    w = hand_waits(Hand(tuple(sorted(rest)), tuple(s.melds)))
                    if any(k in s.river_kinds or k == t.kind for k in w):
                        continue
                out.append(Riichi(t))
        return out

    def _closed_kans(self, seat: int) -> list[Action]:
        s = self.seats[seat]
        if self.kans >= MAX_KANS or self.wall.live_remaining == 0 or self.after_call:
            return []
        counts: dict[int, list[Tile]] = {}
        for t in s.concealed:
            counts.setdefault(t.kind, []).append(t)
        out: list[Action] = []
        for kind, tiles in counts.items():
            if len(tiles) != 4:
                continue
            if s.riichi and not self._riichi_kan_ok(seat, kind):
                continue
            out.append(Kan(MeldKind.KAN_CLOSED, min(tiles)))
        return out

    def _riichi_kan_ok(self, seat: int, kind: int) -> bool:
        """After riichi a closed kan is allowed only with the drawn tile, and only if it
        keeps the waits (and, with ``riichi_ankan = readings``, every reading) (001:525-539)."""
        s = self.seats[seat]
        if s.drawn is None or s.drawn.kind != kind:
            return False
        before = s.waits
        rest = [t for t in s.concealed if t.kind != kind]
        meld = Meld(MeldKind.KAN_CLOSED, tuple(sorted(t for t in s.concealed if t.kind == kind)))
        after = hand_waits(Hand(tuple(sorted(rest)), (*s.melds, meld)))
        if tuple(after) != tuple(before):
            return False
        if self.options.riichi_ankan == "readings":
            base = list(s.concealed)
            base.remove(s.drawn)
            for w in before:
                h = Hand(tuple(sorted([*base, Tile(w)])), tuple(s.melds))
                for r in readings(h):
                    if r.form is not Form.STANDARD:
                        return False
                    if not any(g.kind is GroupKind.TRIPLET and g.first == kind and not g.declared for g in r.groups):
                        return False
        return True

    def _added_kans(self, seat: int) -> list[Action]:
        s = self.seats[seat]
        if self.kans >= MAX_KANS or self.wall.live_remaining == 0:
            return []
        out: list[Action] = []
        for m in s.melds:
            if m.kind is MeldKind.PON:
                for t in sorted(set(s.concealed)):
                    if t.kind == m.first:
                        out.append(Kan(MeldKind.KAN_ADDED, t))
        return out

    def _apply_turn(self, seat: int, action: Action) -> None:
        s = self.seats[seat]
        if isinstance(action, Tsumo):
            info = self._win_info(seat, s.drawn, tsumo=True)  # type: ignore[arg-type]
            assert info is not None
            self._settle_wins([info])
        elif isinstance(action, Discard | Riichi):
            self._discard(seat, action.tile, riichi=isinstance(action, Riichi))
        elif isinstance(action, Kan):
            self._declare_kan(seat, action)
        elif isinstance(action, Kita):
            self._declare_kita(seat)
        elif isinstance(action, AbortiveDraw):
            self.events.append({"type": "abortive_declared", "seat": seat, "reason": action.reason})
            self._abort(action.reason)

    # ------------------------------------------------------------------ discards
    def _discard(self, seat: int, tile: Tile, riichi: bool) -> None:
        s = self.seats[seat]
        tsumogiri = s.drawn is not None and tile == s.drawn and not self.after_call
        if s.riichi and s.drawn is not None and s.drawn.kind in s.waits:
            s.riichi_furiten = True  # a riichi player let a winning tile go by
        _remove(s.concealed, tile)
        s.concealed.sort()
        order = sum(len(x.river) for x in self.seats)
        s.river.append(DiscardInfo(tile, tsumogiri=tsumogiri, riichi=riichi, order=order))
        s.river_cache = None
        s.river_kinds.add(tile.kind)
        if s.ippatsu and not riichi:
            s.ippatsu = False
        s.temp_furiten = False
        if riichi:
            s.riichi_pending = True
            s.double_riichi = self.uninterrupted and not s.has_discarded
        s.has_discarded = True
        s.drawn = None
        if self.uninterrupted:
            self.first_discards.append(tile.kind)
        if not s.riichi:
            self._update_waits(seat)
        self.events.append(
            {"type": "discard", "seat": seat, "tile": str(tile), "riichi": riichi, "tsumogiri": tsumogiri}
        )
        while self.pending_dora:
            self._reveal_dora()
        self.last_tile = tile
        self.last_from = seat
        self.current = seat
        self._open_calls("discard")

    def _update_waits(self, seat: int) -> None:
        s = self.seats[seat]
        counts = [0] * 34
        for t in s.concealed:
            counts[t.kind] += 1
        if shanten_counts(counts, len(s.concealed) // 3) != 0:
            s.waits = ()
            return
        s.waits = tuple(hand_waits(s.hand()))

    def _reveal_dora(self) -> None:
        self.pending_dora = max(0, self.pending_dora - 1)
        if not self.options.kan_dora or self.options.kan_dora_timing == "none":
            return
        tile = self.wall.reveal_indicator()
        self.events.append({"type": "dora", "indicator": str(tile)})

    def _open_calls(self, why: str) -> None:
        """Offer the tile ``last_tile`` from ``last_from`` to the other players."""
        self.call_kind = why
        self.responses = {}
        self.options_for = {}
        tile = self.last_tile
        src = self.last_from
        assert tile is not None and src is not None
        last = self.wall.live_remaining == 0
        for i in range(1, self.n):
            seat = (src + i) % self.n
            s = self.seats[seat]
            opts: list[Action] = []
            if tile.kind in s.waits:
                if (
                    not s.furiten
                    and (why != "ankan" or self._is_kokushi_wait(seat))
                    and (why != "kita" or self.options.kita_ron != "none")
                    and self._win_info(seat, tile, tsumo=False, chankan=self._robbing(why)) is not None
                ):
                    opts.append(Ron())
                elif why != "ankan":
                    self._pass_winning_tile(s)
            if why == "discard" and not s.riichi and not last:
                opts.extend(self._call_options(seat, tile, chi_ok=(i == 1 and self.options.chi)))
            if opts:
                self.options_for[seat] = [Pass(), *opts]
        if self.options_for:
            self.phase = Phase.CALLS
        else:
            self._after_window()

    @staticmethod
    def _pass_winning_tile(s: Seat) -> None:
        """A winning tile went by (001:293-301): temporary furiten until one's own next
        discard, or, after riichi, furiten for the rest of the hand."""
        if s.riichi:
            s.riichi_furiten = True
        else:
            s.temp_furiten = True

    def _is_kokushi_wait(self, seat: int) -> bool:
        s = self.seats[seat]
        return not s.melds and all(t.kind in TERMINALS_AND_HONORS for t in s.concealed)

    def _call_options(self, seat: int, tile: Tile, chi_ok: bool) -> list[Action]:
        s = self.seats[seat]
        same = sorted(t for t in s.concealed if t.kind == tile.kind)
        out: list[Action] = []
        kuikae = self.options.kuikae
        if len(same) >= 2:
            pairs = {(same[i], same[j]) for i in range(len(same)) for j in range(i + 1, len(same))}
            for pair in sorted(pairs):
                if self._has_discard_after(s, list(pair), kuikae_kinds(kuikae, tile.kind, (), chi=False)):
                    out.append(Pon(pair))
        if len(same) >= 3 and self.kans < MAX_KANS:
            out.append(Kan(MeldKind.KAN_OPEN, tile))
        if chi_ok and tile.kind < 27:
            r = tile.kind % 9
            by_kind: dict[int, list[Tile]] = {}
            for t in s.concealed:
                by_kind.setdefault(t.kind, []).append(t)
            for a, b in ((-2, -1), (-1, 1), (1, 2)):
                if not (0 <= r + a and r + b <= 8):
                    continue
                ka, kb = tile.kind + a, tile.kind + b
                if ka not in by_kind or kb not in by_kind:
                    continue
                forbid = kuikae_kinds(kuikae, tile.kind, (ka, kb), chi=True)
                for ta in sorted(set(by_kind[ka])):
                    for tb in sorted(set(by_kind[kb])):
                        if self._has_discard_after(s, [ta, tb], forbid):
                            out.append(Chi((ta, tb)))
        return out

    @staticmethod
    def _has_discard_after(s: Seat, used: list[Tile], forbid: frozenset[int]) -> bool:
        rest = list(s.concealed)
        for t in used:
            rest.remove(t)
        return any(t.kind not in forbid for t in rest)

    # ------------------------------------------------------------------ resolving calls
    def _resolve_calls(self) -> None:
        why = self.call_kind
        tile = self.last_tile
        src = self.last_from
        assert tile is not None and src is not None
        order = [(src + i) % self.n for i in range(1, self.n)]
        rons = [s for s in order if isinstance(self.responses.get(s), Ron)]
        # passing a winning tile: temporary furiten, or riichi furiten for the rest of the hand
        for s in order:
            if s in self.options_for and tile.kind in self.seats[s].waits and s not in rons:
                self._pass_winning_tile(self.seats[s])
        if rons:
            o = self.options
            if len(rons) == 3 and o.triple_ron == "abort" and "sanchahou" in o.abortive_draws:
                self._abort("sanchahou")
                return
            if len(rons) >= 2 and (
                not o.double_ron or (len(rons) == 3 and o.triple_ron == "head_bump")
            ):
                rons = rons[:1]
            infos = []
            for s in rons:
                info = self._win_info(s, tile, tsumo=False, chankan=self._robbing(why))
                assert info is not None
                infos.append(info)
            self._settle_wins(infos)
            return
        if why != "discard":
            self._complete_kan()
            return
        self._after_window()
        if self.phase is Phase.ENDED:
            return
        call = None
        for s in order:
            a = self.responses.get(s)
            if isinstance(a, Pon | Kan):
                call = (s, a)
        if call is None:
            for s in order:
                a = self.responses.get(s)
                if isinstance(a, Chi):
                    call = (s, a)
        if call is None:
            self._next_draw()
        else:
            self._make_call(*call)

    def _after_window(self) -> None:
        """The discard stands (nobody won on it): the riichi stick goes down and the
        discard-time abortive draws are checked.  Continues with the next draw when
        nobody called."""
        self.phase = Phase.TURN
        if self.call_kind != "discard":
            self._complete_kan()
            return
        seat = self.last_from
        assert seat is not None
        s = self.seats[seat]
        o = self.options
        if s.riichi_pending:
            s.riichi_pending = False
            s.riichi = True
            s.ippatsu = o.ippatsu
            self.scores[seat] -= o.riichi_deposit
            self.sticks += 1
            self.events.append({"type": "riichi_stick", "seat": seat})
            if "suucha" in o.abortive_draws and all(x.riichi for x in self.seats):
                self._abort("suucha")
                return
        if (
            "suufon" in o.abortive_draws
            and self.uninterrupted
            and len(self.first_discards) == self.n == 4
            and is_wind(self.first_discards[0])
            and len(set(self.first_discards)) == 1
        ):
            self._abort("suufon")
            return
        if len(self.first_discards) >= self.n:
            self.uninterrupted = self.uninterrupted and len(self.first_discards) < self.n
        if (
            "suukaikan" in o.abortive_draws
            and o.four_kan_timing == "discard"
            and self.kans == MAX_KANS
            and len(set(self.kan_owners)) > 1
        ):
            self._abort("suukaikan")
            return
        if not self.options_for:
            self._next_draw()

    def _interrupt(self) -> None:
        """A call or kan: the first go-around is broken and every ippatsu ends."""
        self.uninterrupted = False
        for s in self.seats:
            s.ippatsu = False
            if self.options.temp_furiten_call_clears:
                s.temp_furiten = False

    def _make_call(self, seat: int, action: Action) -> None:
        tile = self.last_tile
        src = self.last_from
        assert tile is not None and src is not None
        s = self.seats[seat]
        giver = self.seats[src]
        giver.river[-1].called = True
        giver.river_cache = None
        source = _source(seat, src, self.n)
        self._interrupt()
        if isinstance(action, Kan):
            used = [t for t in s.concealed if t.kind == tile.kind]
            for t in used:
                _remove(s.concealed, t)
            meld = Meld(MeldKind.KAN_OPEN, tuple(sorted([*used, tile])), tile, source)
            # a fresh tile (shonpai, 003:279): no copy was face up before this discard; the
            # discard is already marked called and the kan is not laid down yet, so any
            # copy counted now was on the table before
            fresh = self.visible_counts()[tile.kind] == 0
            s.melds.append(meld)
            self._check_pao(seat, src, tile.kind, fresh_kan=fresh)
            self.events.append({"type": "call", "seat": seat, "call": "daiminkan", "tile": str(tile), "from": src})
            self.current = seat
            self._kan_dora_and_draw(seat, MeldKind.KAN_OPEN)
            self.rinshan_from = src
            return
        assert isinstance(action, Chi | Pon)
        for t in action.tiles:
            _remove(s.concealed, t)
        kind = MeldKind.CHI if isinstance(action, Chi) else MeldKind.PON
        meld = Meld(kind, tuple(sorted([*action.tiles, tile])), tile, source)
        s.melds.append(meld)
        if kind is MeldKind.PON:
            self._check_pao(seat, src, tile.kind)
        forbid = kuikae_kinds(self.options.kuikae, tile.kind, [t.kind for t in action.tiles],
                              chi=kind is MeldKind.CHI)
        self.events.append({"type": "call", "seat": seat, "call": kind.value, "tile": str(tile), "from": src,
                            "tiles": [str(t) for t in action.tiles]})
        self.current = seat
        self.phase = Phase.TURN
        self.after_call = True
        self.rinshan = False
        self.kuikae = forbid
        s.drawn = None
        self._turn_legal = None

    # ------------------------------------------------------------------ kans
    def _declare_kan(self, seat: int, action: Kan) -> None:
        s = self.seats[seat]
        kind = action.tile.kind
        if action.kind is not MeldKind.KAN_ADDED or not self.options.chankan_keeps_ippatsu:
            self._interrupt()
        # else an added kan interrupts only once nobody robbed it (_complete_kan): a robbed
        # kan never stands, so the robber keeps ippatsu (Tenhou)
        while self.pending_dora:  # consecutive kans: the previous open kan's dora first
            self._reveal_dora()
        if action.kind is MeldKind.KAN_CLOSED:
            tiles = [t for t in s.concealed if t.kind == kind]
            for t in tiles:
                _remove(s.concealed, t)
            s.melds.append(Meld(MeldKind.KAN_CLOSED, tuple(sorted(tiles))))
            self.events.append({"type": "kan", "seat": seat, "kan": "ankan", "tile": str(action.tile)})
            self.pending_kan = (seat, action.tile, MeldKind.KAN_CLOSED)
            self.last_tile = action.tile
            self.last_from = seat
            if self.options.kokushi_ankan_ron:
                self._open_calls("ankan")
            else:
                self._complete_kan()
            return
        # added kan: the tile can be robbed (chankan)
        _remove(s.concealed, action.tile)
        idx = next(i for i, m in enumerate(s.melds) if m.kind is MeldKind.PON and m.first == kind)
        pon = s.melds[idx]
        s.melds[idx] = Meld(MeldKind.KAN_ADDED, tuple(sorted([*pon.tiles, action.tile])), pon.called, pon.source)
        self.events.append({"type": "kan", "seat": seat, "kan": "shouminkan", "tile": str(action.tile)})
        self.pending_kan = (seat, action.tile, MeldKind.KAN_ADDED)
        self.last_tile = action.tile
        self.last_from = seat
        self._open_calls("chankan")

    def _robbing(self, why: str) -> bool:
        """Whether a ron in this call window scores chankan (robbing a kan, or a North set
        aside where ``kita_ron = "chankan"``)."""
        if why == "kita":
            return self.options.kita_ron == "chankan"
        return why != "discard"

    def _declare_kita(self, seat: int) -> None:
        """Set a North aside (nukidora): it may be ronned (``kita_ron``), else the player
        draws a replacement tile.  Where ``kita_breaks_ippatsu`` it ends every ippatsu and the
        first go-around, like a call."""
        s = self.seats[seat]
        north = next(t for t in s.concealed if t.kind == NORTH)
        _remove(s.concealed, north)
        s.kita.append(north)
        if self.options.kita_breaks_ippatsu:
            self._interrupt()
        self.events.append({"type": "kita", "seat": seat, "count": len(s.kita)})
        self.pending_kan = None
        self.last_tile = north
        self.last_from = seat
        if self.options.kita_ron == "none":
            self._complete_kita()
        else:
            self._open_calls("kita")

    def _complete_kita(self) -> None:
        """Nobody won on the North set aside: its owner draws the replacement tile."""
        seat = self.last_from
        assert seat is not None
        self.options_for = {}
        self.responses = {}
        self.current = seat
        s = self.seats[seat]
        self._draw(seat, kita=True)
        if not s.riichi:
            drawn = s.drawn
            assert drawn is not None
            s.concealed.remove(drawn)
            self._update_waits(seat)
            s.concealed.append(drawn)

    def _complete_kan(self) -> None:
        """Nobody robbed the kan (or the North set aside): it stands, then dora and the
        replacement draw."""
        if self.call_kind == "kita":
            self._complete_kita()
            return
        assert self.pending_kan is not None
        seat, _tile, kind = self.pending_kan
        self.pending_kan = None
        if kind is MeldKind.KAN_ADDED and self.options.chankan_keeps_ippatsu:
            self._interrupt()
        self.options_for = {}
        self.responses = {}
        self.current = seat
        self._kan_dora_and_draw(seat, kind)

    def _kan_dora_and_draw(self, seat: int, kind: MeldKind) -> None:
        self.kan_owners.append(seat)
        o = self.options
        if (
            "suukaikan" in o.abortive_draws
            and o.four_kan_timing == "declaration"
            and self.kans == MAX_KANS
            and len(set(self.kan_owners)) > 1
        ):
            self._abort("suukaikan")
            return
        if o.kan_dora and o.kan_dora_timing != "none":
            if o.kan_dora_timing == "immediate" or kind is MeldKind.KAN_CLOSED:
                self._reveal_dora()
            else:
                self.pending_dora += 1
        s = self.seats[seat]
        self._draw(seat, rinshan=True)
        if not s.riichi:  # (after riichi the kan was only offered if it kept the waits)
            # waits of the 3n+1 part before the replacement tile
            drawn = s.drawn
            assert drawn is not None
            s.concealed.remove(drawn)
            self._update_waits(seat)
            s.concealed.append(drawn)

    def _check_pao(self, seat: int, src: int, kind: int, fresh_kan: bool = False) -> None:
        """Record liability (pao) when a call by ``seat`` from ``src`` confirms a yakuman:
        the third dragon set (daisangen), the fourth wind set (daisuushii), or (JPML) a
        fourth kan called on a tile nobody had seen (suukantsu) (001:778-795; 003:120-124)."""
        o = self.options
        melds = self.seats[seat].melds
        sets = {m.first for m in melds if m.kind is not MeldKind.CHI}
        found: dict[str, int] = {}
        if "daisangen" in o.pao_yaku and 31 <= kind <= 33 and {31, 32, 33} <= sets:
            found["daisangen"] = src
        if "daisuushii" in o.pao_yaku and 27 <= kind <= 30 and {27, 28, 29, 30} <= sets:
            found["daisuushii"] = src
        kans = sum(1 for m in melds if m.kind.is_kan)
        if "suukantsu" in o.pao_yaku and fresh_kan and kans == 4:
            found["suukantsu"] = src
        if found:
            self.pao.setdefault(seat, {}).update(found)

    def _with_pao(self, info: WinInfo) -> WinInfo:
        """Apply liability payments to a win, if any applies."""
        o = self.options
        liable = None
        for yaku_id, who in self.pao.get(info.seat, {}).items():
            if yaku_id in info.yaku:
                liable = who
        if liable is None and o.pao_rinshan_daiminkan and info.tsumo and self.rinshan and self.rinshan_from is not None:
            liable = self.rinshan_from
        if liable is None:
            return info
        return info.with_liability(liable, o.pao_honba, o.honba_points, self.honba)

    # ------------------------------------------------------------------ wins
    def _win_info(self, seat: int, tile: Tile, *, tsumo: bool, chankan: bool = False) -> WinInfo | None:
        """Score ``seat`` winning on ``tile``; None if the hand has no yaku (or is not complete)."""
        s = self.seats[seat]
        concealed = list(s.concealed)
        if not tsumo:
            concealed.append(tile)
        hand = Hand(tuple(sorted(concealed)), tuple(s.melds))
        src = None if tsumo else self.last_from
        haitei = tsumo and not self.rinshan and not self.kita_draw and self.wall.live_remaining == 0
        houtei = (not tsumo) and not chankan and self.wall.live_remaining == 0
        first = self.uninterrupted and not s.has_discarded
        ura: tuple[Tile, ...] = ()
        if s.riichi and self.options.ura_dora:
            ura = self.wall.ura_indicators
            if not self.options.kan_ura:
                ura = ura[:1]
        return score_win(
            self.rules,
            hand,
            seat=seat,
            from_seat=src,
            win_tile=tile,
            dealer=self.dealer,
            tsumo=tsumo,
            riichi=s.riichi,
            double_riichi=s.double_riichi,
            ippatsu=s.ippatsu,
            seat_wind=self.seat_wind(seat),
            round_wind=self.round_wind,
            dora_indicators=self.wall.dora_indicators,
            ura_indicators=ura,
            honba=self.honba,
            sticks=self.sticks,
            haitei=haitei,
            houtei=houtei,
            rinshan=tsumo and self.rinshan,
            chankan=chankan,
            nuki=len(s.kita),
            tenhou=tsumo and first and seat == self.dealer,
            chiihou=tsumo and first and seat != self.dealer,
            renhou=(not tsumo) and first and not s.has_drawn and self.options.renhou != "none",
        )

    def _settle_wins(self, infos: list[WinInfo]) -> None:
        """Pay the winners; with several rons the honba and sticks go to the winner
        nearest the discarder (001:813, 001:1027)."""
        deltas = [0] * self.n
        final: list[WinInfo] = []
        for i, info in enumerate(infos):
            info = self._with_pao(info)
            if i > 0:
                info = info.without_bonus(self.options.honba_points)
            for seat, d in enumerate(info.deltas):
                deltas[seat] += d
            final.append(info)
        deltas[infos[0].seat] += self.sticks * self.options.riichi_deposit
        for s in self.seats:
            if s.riichi_pending:  # a riichi declaration tile was won on: the riichi is void
                s.riichi_pending = False
        dealer_won = any(i.seat == self.dealer for i in final)
        kind = "tsumo" if infos[0].tsumo else "ron"
        self.events.append({"type": "win", "wins": [w.to_json() for w in final]})
        self._end(RoundResult(kind, tuple(deltas), tuple(final), renchan=dealer_won,
                              honba_reset=not dealer_won, sticks_left=0))

    def _exhaustive_draw(self) -> None:
        """The live wall is empty: where the rules let a tenpai player who is not in riichi
        hide the hand (001:805), ask them first, dealer first; then settle."""
        if self.options.noten_declaration and self.tenpai_choice:
            n = self.n
            order = [(self.dealer + i) % n for i in range(n) if (self.dealer + i) % n in self.tenpai_choice]
            self.declaring = [i for i in order if not self.seats[i].riichi and self._counts_as_tenpai(i)]
            if self.declaring:
                self.phase = Phase.DRAW
                return
        self._settle_draw()

    def _settle_draw(self) -> None:
        o = self.options
        n = self.n
        tenpai = tuple(i for i in range(n) if i not in self.hidden_tenpai and self._counts_as_tenpai(i))
        nagashi: tuple[int, ...] = ()
        if o.nagashi_mangan != "none":
            nagashi = tuple(
                i for i, s in enumerate(self.seats)
                if s.river and all(is_yaochuu(d.tile.kind) and not d.called for d in s.river)
            )
        deltas = [0] * n
        sticks_left = self.sticks
        renchan = self.dealer in tenpai
        honba_reset = False
        if nagashi:
            nd = nagashi_deltas(self.rules, nagashi, self.dealer)
            for i in range(n):
                deltas[i] += nd[i]
            if o.nagashi_mangan == "win":
                first = nagashi[0]
                deltas[first] += self.sticks * o.riichi_deposit
                sticks_left = 0
                for w in nagashi:
                    for i in range(n):
                        if i != w:
                            deltas[i] -= self.honba * (o.honba_points // (n - 1))
                            deltas[w] += self.honba * (o.honba_points // (n - 1))
                renchan = self.dealer in nagashi
                honba_reset = not renchan
        else:
            for i, d in enumerate(draw_payments(tenpai, o.noten_payment, n)):
                deltas[i] += d
        if o.renchan == "agari" and not (nagashi and o.nagashi_mangan == "win"):
            renchan = False
        self.events.append({"type": "exhaustive_draw", "tenpai": list(tenpai), "nagashi": list(nagashi)})
        self._end(RoundResult("exhaustive", tuple(deltas), (), tenpai, nagashi, renchan=renchan,
                              honba_reset=honba_reset, sticks_left=sticks_left))

    def _counts_as_tenpai(self, seat: int) -> bool:
        s = self.seats[seat]
        if not s.waits:
            return False
        mode = self.options.karaten
        if mode == "counts":
            return True
        own = s.hand().all_counts()
        if mode == "not_if_all_in_hand":
            return not all(own[w] >= 4 for w in s.waits)
        seen = self.visible_counts()
        for t in s.concealed:
            seen[t.kind] += 1
        return any(seen[w] < 4 for w in s.waits)

    def visible_counts(self) -> list[int]:
        """34 counts of every tile face up on the table: rivers (uncalled), melds, dora indicators."""
        c = [0] * 34
        for s in self.seats:
            for d in s.river:
                if not d.called:
                    c[d.tile.kind] += 1
            for m in s.melds:
                for t in m.tiles:
                    c[t.kind] += 1
            for t in s.kita:
                c[t.kind] += 1
        for t in self.wall.dora_indicators:
            c[t.kind] += 1
        return c

    def _abort(self, reason: str) -> None:
        self.events.append({"type": "abortive_draw", "reason": reason})
        self._end(RoundResult("abortive", (0,) * self.n, abort_reason=reason, renchan=True,
                              sticks_left=self.sticks))

    def _end(self, result: RoundResult) -> None:
        self.result = result
        self.phase = Phase.ENDED
        self.options_for = {}
        self.responses = {}
        for i in range(self.n):
            self.scores[i] += result.deltas[i]
        self.sticks = result.sticks_left

    # ------------------------------------------------------------------ snapshots
    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain data (for replay checks and debugging)."""
        return {
            "phase": self.phase.value,
            "current": self.current,
            "scores": list(self.scores),
            "sticks": self.sticks,
            "live": self.wall.live_remaining,
            "dora": [str(t) for t in self.wall.dora_indicators],
            "seats": [
                {
                    "hand": str(s.hand()) if s.concealed or s.melds else "",
                    "river": [str(d.tile) + ("*" if d.riichi else "") for d in s.river],
                    "riichi": s.riichi,
                    "kita": len(s.kita),
                }
                for s in self.seats
            ],
        }
