"""Four-player rules at a small table: a dead wall, dora, kans and riichi points.

The training games that play "by the standard rules" with fewer players (seed 000:3487
bamboo mahjong, 000:3517-3558 single-suit mahjong variant 2) run on :class:`FullTable`,
the simple engine (:class:`~trainer.engine.game.simple.SimpleGame`) plus:

* a **dead wall** of ``dead_wall`` tiles at the far end of the wall, in stacks of two; the
  dora indicator is the top tile of stack ``dora_stack`` (stack 1 gives the replacement
  tiles); with ``kan_dora`` every kan turns the next stack's top tile as well;
* **kans** — concealed (ankan) and added (shouminkan) on one's turn, open (daiminkan) on a
  discard — at most ``max_kans`` a hand (single_suit_2: two, 000:3529); each draws a
  replacement from the dead wall, and the last live tile moves into the dead wall so that
  it keeps its size (as at the four-player table); no kan after riichi [simplification];
* **riichi points** — the hand is scored by :func:`trainer.engine.scoring.score_hand` under
  the mode's rules (a preset name, or a file in ``data/modes/rules/``), plus the mode's
  ``extra_yaku`` (sanrenkou, shoujiihai, daijiihai) that the riichi yaku table lacks; the
  payment is the four-player one: a ron is paid by the discarder; on a tsumo every seat at
  the table pays its share and, with ``dummy_pays``, the absent seats' shares are paid by
  the "dummy" (000:3487 "за цумо доплачивает пара ботов", 000:3531 "за отсутствующих
  игроков может платить болванчик"); a riichi costs its owner 1,000, which the next winner
  of the hand takes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from typing import Any

from trainer.engine.decompose import Form, GroupKind, Reading, readings
from trainer.engine.game.actions import Action, IllegalAction, Kan, Pon, Ron
from trainer.engine.game.simple import TURN, SimpleGame
from trainer.engine.game.simple_modes import TableSetup, preset_rules
from trainer.engine.game.training_scoring import HandValue, ValueItem
from trainer.engine.hand import Hand, Meld, MeldKind, Source
from trainer.engine.points import basic_points, payment
from trainer.engine.rules import Rules, load_rules
from trainer.engine.tiles import EAST, Tile, is_honor

RIICHI_STAKE = 1000


@cache
def mode_rules(name: str) -> Rules:
    """A mode's rule preset: a file ``data/modes/rules/<name>.toml`` (a training game's own
    yaku list) or a shipped preset name (:func:`~.simple_modes.preset_rules`)."""
    return preset_rules(name)


class FullTable(SimpleGame):
    """One hand by the four-player rules at a table of 2-4 (see the module docstring)."""

    def __init__(self, setup: TableSetup, seed: int | None = None, *, dealer: int = 0,
                 wall: Sequence[Tile] | None = None, points: Sequence[int] | None = None) -> None:
        """Deal as the simple engine does, then set the dead wall aside from the far end."""
        super().__init__(setup, seed, dealer=dealer, wall=wall, points=points)
        self._rules = mode_rules(setup.rules)
        self.dead: list[Tile] = self.wall[:setup.dead_wall]
        del self.wall[:setup.dead_wall]
        self.kans = 0
        self.sticks = 0
        self.rinshan = False
        self.first_round = True  # no call yet and nobody has discarded twice (tenhou, chiihou)

    # ------------------------------------------------------------------ dead wall
    def dora_indicators(self) -> tuple[Tile, ...]:
        """The face-up dora indicators: stack ``dora_stack``'s top tile, and one more per kan."""
        first = 2 * (self.setup.dora_stack - 1)
        n = 1 + (self.kans if self.setup.kan_dora else 0)
        return tuple(self.dead[first + 2 * i] for i in range(n) if first + 2 * i < len(self.dead))

    def ura_indicators(self) -> tuple[Tile, ...]:
        """The tiles under the dora indicators (ura dora, counted for a riichi win)."""
        first = 2 * (self.setup.dora_stack - 1) + 1
        n = len(self.dora_indicators())
        return tuple(self.dead[first + 2 * i] for i in range(n) if first + 2 * i < len(self.dead))

    def dead_left(self) -> list[Tile]:
        """The dead-wall tiles not yet drawn as replacements."""
        return self.dead[self.kans:]

    # ------------------------------------------------------------------ turn and calls
    def _turn_actions(self, seat: int) -> list[Action]:
        acts = super()._turn_actions(seat)
        if self.riichi[seat] or not self._kan_possible():
            return acts
        counts = Counter(t.kind for t in self.hands[seat])
        for kind, n in sorted(counts.items()):
            if n == 4:
                acts.append(Kan(MeldKind.KAN_CLOSED, self._tile_of(seat, kind)))
        for m in self.melds[seat]:
            if m.kind is MeldKind.PON and counts.get(m.tiles[0].kind):
                acts.append(Kan(MeldKind.KAN_ADDED, self._tile_of(seat, m.tiles[0].kind)))
        return acts

    def _riichi_options(self, seat: int, distinct: list[Tile]) -> list[Action]:
        if self._yaku_value("riichi") == 0 or len(self.wall) < self.n:
            return []  # riichi is not a yaku here, or too few draws left (as at the full table)
        if self.points[seat] < RIICHI_STAKE and self.setup.start_points:
            return []
        return super()._riichi_options(seat, distinct)

    def _yaku_value(self, yaku_id: str) -> int:
        return next((c for y, c, *_ in self._rules.yaku_han if y == yaku_id), 0)

    def _kan_possible(self) -> bool:
        return self.kans < self.setup.max_kans and bool(self.wall) and len(self.dead_left()) > 0 \
            and self.setup.calls != "none"

    def _tile_of(self, seat: int, kind: int) -> Tile:
        return next(t for t in self.hands[seat] if t.kind == kind)

    def _call_options(self, seat: int, src: int, tile: Tile) -> list[Action]:
        out = super()._call_options(seat, src, tile)
        if self._kan_possible() and sum(1 for t in self.hands[seat] if t.kind == tile.kind) == 3:
            out.append(Kan(MeldKind.KAN_OPEN, tile))
        return out

    def _why_illegal(self, seat: int, action: Action) -> str:
        if isinstance(action, Kan):
            if self.kans >= self.setup.max_kans:
                return f"only {self.setup.max_kans} kans a hand in this game"
            if self.riichi[seat]:
                return "no kan after riichi at this table"
            return "no kan with that tile now"
        return super()._why_illegal(seat, action)

    def apply(self, seat: int, action: Action) -> list[dict[str, Any]]:
        """As the simple engine, plus kans on one's turn (ankan, shouminkan)."""
        if isinstance(action, Kan) and self.phase == TURN:
            if action not in self.legal_actions(seat):
                raise IllegalAction(self._why_illegal(seat, action))
            start = len(self.events)
            self.history.append((seat, action))
            self._own_kan(seat, action)
            return self.events[start:]
        return super().apply(seat, action)

    def _own_kan(self, seat: int, action: Kan) -> None:
        kind = action.tile.kind
        if action.kind is MeldKind.KAN_CLOSED:
            tiles = [t for t in self.hands[seat] if t.kind == kind]
            for t in tiles:
                self.hands[seat].remove(t)
            self.melds[seat].append(Meld(MeldKind.KAN_CLOSED, tuple(sorted(tiles)), None, None))
        else:
            i = next(i for i, m in enumerate(self.melds[seat]) if m.kind is MeldKind.PON and m.tiles[0].kind == kind)
            pon = self.melds[seat][i]
            self.hands[seat].remove(action.tile)
            self.melds[seat][i] = Meld(MeldKind.KAN_ADDED, tuple(sorted([*pon.tiles, action.tile])), pon.called,
                                       pon.source)
        self.first_round = False
        self.events.append({"type": "kan", "seat": seat, "kan": action.kind.value, "tile": str(action.tile)})
        self._replacement(seat)

    def _replacement(self, seat: int) -> None:
        """Draw the kan's replacement tile from the dead wall; the last live tile joins the dead wall."""
        tile = self.dead[self.kans]
        self.kans += 1
        self.dead.append(self.wall.pop(0))
        self.hands[seat].append(tile)
        self.drawn[seat] = tile
        self.current = seat
        self.phase = TURN
        self.after_call = False
        self.rinshan = True
        self.events.append({"type": "draw", "seat": seat, "tile": str(tile), "replacement": True})

    def _resolve_calls(self) -> None:
        order = self._response_order()
        if not any(isinstance(self.responses.get(s), Ron) for s in order):
            for s in order:
                a = self.responses.get(s)
                if isinstance(a, Kan):
                    self._open_kan(s, a)
                    return
        if any(isinstance(self.responses.get(s), Pon) for s in order):
            self.first_round = False
        super()._resolve_calls()

    def _open_kan(self, seat: int, action: Kan) -> None:
        tile, src = self.last_tile, self.last_from
        assert tile is not None and src is not None
        d = self.rivers[src][-1]
        self.rivers[src][-1] = type(d)(d.tile, d.tsumogiri, d.riichi, True)
        own = [t for t in self.hands[seat] if t.kind == tile.kind]
        for t in own:
            self.hands[seat].remove(t)
        diff = (seat - src) % self.n
        source = Source.LEFT if diff == 1 else Source.RIGHT if diff == self.n - 1 and self.n > 2 else Source.ACROSS
        self.melds[seat].append(Meld(MeldKind.KAN_OPEN, tuple(sorted([*own, tile])), tile, source))
        self.events.append({"type": "call", "seat": seat, "call": "daiminkan", "tile": str(tile), "from": src})
        self.options_for, self.responses = {}, {}
        self.first_round = False
        self._replacement(seat)

    def _discard(self, seat: int, tile: Tile, riichi: bool) -> None:
        self.rinshan = False
        if riichi:
            self.points[seat] -= RIICHI_STAKE
            self.sticks += 1
        if any(len(r) >= 1 for r in self.rivers) and seat == self.dealer:
            self.first_round = False
        super()._discard(seat, tile, riichi)

    def _draw(self, seat: int) -> None:
        self.rinshan = False
        super()._draw(seat)

    # ------------------------------------------------------------------ value
    def yaku_of(self, seat: int, hand: Hand, tile: Tile, *, tsumo: bool) -> tuple[str, ...]:
        """The yaku of a complete ``hand`` under the mode's list (extra yaku included)."""
        value = self._score(seat, hand, tile, tsumo=tsumo, from_seat=None)
        return tuple(i.id for i in value.items if i.unit == "han" and i.id not in ("dora", "ura_dora"))

    def value_for(self, seat: int, tile: Tile, *, tsumo: bool, from_seat: int | None = None,
                  dora_kind: int | None = None) -> HandValue:
        """What the win is worth by the four-player rules, and each seat's payment."""
        concealed = list(self.hands[seat])
        if not tsumo:
            concealed.append(tile)
        hand = Hand(tuple(sorted(concealed)), tuple(self.melds[seat]))
        src = None if tsumo else (from_seat if from_seat is not None else self.last_from)
        return self._score(seat, hand, tile, tsumo=tsumo, from_seat=src)

    def _context(self, seat: int, tile: Tile, tsumo: bool, *, fallback: bool = False) -> Any:
        from trainer.engine.scoring import WinContext

        wind = EAST + (seat - self.dealer) % self.n
        last = not self.wall
        first = self.first_round and tsumo and not self.rivers[seat] and not any(self.melds)
        return WinContext(
            win_tile=tile, tsumo=tsumo, riichi=self.riichi[seat], seat_wind=wind, round_wind=EAST,
            dora_indicators=self.dora_indicators(),
            ura_indicators=self.ura_indicators() if self.riichi[seat] else (),
            haitei=(tsumo and last and not self.rinshan) or (fallback and tsumo),
            houtei=(not tsumo and last) or (fallback and not tsumo),
            rinshan=tsumo and self.rinshan and not fallback,
            tenhou=first and seat == self.dealer and not fallback,
            chiihou=first and seat != self.dealer and not fallback,
        )

    def _score(self, seat: int, hand: Hand, tile: Tile, *, tsumo: bool, from_seat: int | None) -> HandValue:
        """Score ``hand`` (the winning tile included): the list's yaku, the extra yaku, dora,
        fu, points and payments.  A hand with only an extra yaku is read for fu with haitei /
        houtei standing in (neither changes fu) and their han taken out again."""
        from trainer.engine.scoring import ScoringError, score_hand

        zero = HandValue("riichi", deltas=tuple(0 for _ in range(self.n)))
        try:
            res = score_hand(hand, self._context(seat, tile, tsumo), self._rules)
            reading = res.reading
            yaku = [(y.id, y.yakuman * 13 if y.yakuman else y.han) for y in res.yaku]
            dora = res.dora
            yakuman = res.yakuman
        except ScoringError as e:
            if e.code != "no_yaku" or not self.setup.extra_yaku:
                return zero
            try:
                res = score_hand(hand, self._context(seat, tile, tsumo, fallback=True), load_rules("tenhou_no_aka"))
            except ScoringError:
                return zero
            reading, yaku, dora, yakuman = res.reading, [], res.dora, 0
        extra = extra_yaku(self.setup.extra_yaku, hand, reading, tsumo=tsumo, win_kind=tile.kind,
                           honors=[k for k in self.setup.tileset.kinds() if is_honor(k)])
        yaku += extra
        if not yaku:
            return zero
        fu = res.fu
        han = 13 * yakuman if yakuman else sum(h for _y, h in yaku) + dora
        basic, _limit = basic_points(han, fu, self._rules, yakuman)
        dealer = seat == self.dealer
        pay = payment(basic, dealer=dealer, tsumo=tsumo, rules=self._rules)
        deltas = [0] * self.n
        items = [ValueItem(y, h, "han") for y, h in yaku]
        if dora and not yakuman:
            items.append(ValueItem("dora", dora, "han"))
        items.append(ValueItem("fu", fu, "fu"))
        if tsumo:
            for s in range(self.n):
                if s == seat:
                    continue
                each = pay.all if pay.all is not None else (pay.dealer if s == self.dealer else pay.non_dealer)
                deltas[s] -= each or 0
                deltas[seat] += each or 0
            absent = 4 - self.n
            if absent and self.setup.dummy_pays:
                each = pay.all if pay.all is not None else pay.non_dealer
                deltas[seat] += absent * (each or 0)
                items.append(ValueItem("dummy_pays", absent * (each or 0), "points"))
        elif from_seat is not None:
            deltas[from_seat] -= pay.ron or 0
            deltas[seat] += pay.ron or 0
        if self.sticks:
            deltas[seat] += self.sticks * RIICHI_STAKE
            items.append(ValueItem("riichi_sticks", self.sticks * RIICHI_STAKE, "points"))
        return HandValue("riichi", tuple(items), han, deltas[seat], tuple(deltas))

    def _win(self, winners: tuple[int, ...], *, tsumo: bool) -> None:
        super()._win(winners, tsumo=tsumo)
        self.sticks = 0

    # ------------------------------------------------------------------ checks
    def check(self) -> None:
        """The simple engine's invariants with the dead wall counted, and the kan limit."""
        live = self.wall
        self.wall = [*live, *self.dead_left()]
        try:
            super().check()
        finally:
            self.wall = live
        if self.kans > self.setup.max_kans:
            raise AssertionError(f"{self.kans} kans, the limit is {self.setup.max_kans}")
        if len(self.dead) != self.setup.dead_wall + self.kans:
            raise AssertionError(f"the dead wall holds {len(self.dead_left())} tiles, not {self.setup.dead_wall}")


# ---------------------------------------------------------------------- extra yaku
def extra_yaku(ids: Sequence[str], hand: Hand, reading: Reading | None, *, tsumo: bool, win_kind: int,
               honors: Sequence[int]) -> list[tuple[str, int]]:
    """The yaku of single-suit mahjong variant 2 that the riichi table lacks (000:3544-3551):
    ``sanrenkou`` (three consecutive same-suit triplets, 2 han), ``shoujiihai`` (triplets of
    all but one of the honors in play and a pair of the last, 1 han) and ``daijiihai``
    (triplets of every honor in play, 2 han).  ``reading`` is the scored reading of the hand
    (the best standard one is used when None)."""
    if reading is None or reading.form is not Form.STANDARD:
        options = [r for r in readings(hand) if r.form is Form.STANDARD]
        if not options:
            return []
        reading = options[0]
    trips = sorted(g.first for g in reading.sets if g.kind in (GroupKind.TRIPLET, GroupKind.QUAD))
    pair = reading.pair.first if reading.pair is not None else None
    out: list[tuple[str, int]] = []
    if "sanrenkou" in ids and any(
            k < 27 and k + 1 in trips and k + 2 in trips and k // 9 == (k + 2) // 9 for k in trips):
        out.append(("sanrenkou", 2))
    honor_trips = {k for k in trips if k >= 27}
    if honors and len(honors) <= 4:
        if "daijiihai" in ids and honor_trips >= set(honors):
            out.append(("daijiihai", 2))
        elif "shoujiihai" in ids and pair in honors and honor_trips >= set(honors) - {pair} \
                and len(honors) >= 2:
            out.append(("shoujiihai", 1))
    return out


def make_game(setup: TableSetup, seed: int | None = None, *, dealer: int = 0,
              wall: Sequence[Tile] | None = None, points: Sequence[int] | None = None) -> SimpleGame:
    """The game a mode's table plays: the simple engine, :class:`FullTable` for the
    four-player-rules tables, or the A/B game (:mod:`trainer.engine.game.ab_game`)."""
    if setup.engine == "full":
        return FullTable(setup, seed, dealer=dealer, wall=wall, points=points)
    if setup.engine == "ab":
        from trainer.engine.game.ab_game import ABGame

        return ABGame(setup, seed, dealer=dealer, wall=wall, points=points)
    return SimpleGame(setup, seed, dealer=dealer, wall=wall, points=points)


__all__ = ["FullTable", "extra_yaku", "make_game", "mode_rules"]
