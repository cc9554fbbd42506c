"""One hand of Chinese Official mahjong (MCR) at a table of four: the wall with the eight
flowers, the draw/discard loop, chow (from the left only), pung, kong, Hu with the 8-point
minimum and false wins, and the payments.

:class:`McrRound` is a state machine with the same surface as the riichi
:class:`~trainer.engine.game.round.Round` (``to_act``, ``legal_actions``, ``apply``, the
``seats`` with their rivers and melds, ``phase``, ``last_tile``), so the players, the views
and the table screen work on it unchanged; what MCR adds is :attr:`McrRound.flowers`
(the flowers each seat set aside) and its own result.  The seed's rules (002):

* 144 tiles: 136 plus 8 flowers; a drawn flower is set aside face up and replaced from the
  other end of the wall (L48, L83); the deal replaces flowers seat by seat, dealer first,
  until nobody holds one (L83);
* no riichi, no dora, no furiten (L96); chow only on the left player's discard; Hu beats
  pung and kong, which beat chow (L98, L108); one winner only: the nearest after the
  discarder (L126); no kong in the turn of a chow or pung (L101); a promoted kong only
  with the tile just drawn (L105), and it can be robbed;
* a win needs 8 points without flowers (L130, L169); a Hu under that is a false win:
  10 to each other player and the hand may not win any more (L2146-2147; the
  ``no_penalty`` preset follows L2153 instead);
* payments: 8 + points from the discarder and 8 from the others, or 8 + points from each
  on a self-draw (L136-137); a wall run out pays nothing and the deal passes.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from trainer.engine.game.actions import (
    Action,
    Chi,
    Discard,
    IllegalAction,
    Kan,
    Pass,
    Pon,
    Ron,
    Tsumo,
    action_to_json,
)
from trainer.engine.game.round import DiscardInfo, Phase, Seat
from trainer.engine.hand import Hand, Meld, MeldKind, Source
from trainer.engine.mcr.calculator import McrError, McrResult, score_mcr
from trainer.engine.mcr.detect import Situation
from trainer.engine.mcr.forms import is_complete
from trainer.engine.mcr.rules_game import McrGameRules
from trainer.engine.tiles import EAST, Tile

FLOWERS = ("plum", "orchid", "chrysanthemum", "bamboo", "spring", "summer", "autumn", "winter")
"""The eight flower and season tiles, numbered 0..7 in the wall (002:376)."""
TILES = 144


@dataclass(frozen=True, slots=True)
class Flower:
    """A flower or season tile (``number`` 0..7, see :data:`FLOWERS`)."""

    number: int

    @property
    def name(self) -> str:
        """Its id, such as ``plum`` or ``winter``."""
        return FLOWERS[self.number]


WallItem = Tile | Flower


class McrWall:
    """The 144-tile wall: drawn from the front, replacements (after a flower or a kong) from
    the back.  ``live_remaining`` is what is still to draw from either end."""

    __slots__ = ("items", "front", "back")

    def __init__(self, items: list[WallItem]) -> None:
        self.items = items
        self.front = 0
        self.back = len(items)

    @classmethod
    def shuffled(cls, rng: random.Random, flowers: bool = True) -> McrWall:
        """Four of every tile (no red fives) and, with ``flowers``, the eight flowers, shuffled."""
        items: list[WallItem] = [Tile(k) for k in range(34) for _ in range(4)]
        if flowers:
            items += [Flower(n) for n in range(8)]
        rng.shuffle(items)
        return cls(items)

    @property
    def live_remaining(self) -> int:
        """Tiles (flowers included) left to draw."""
        return self.back - self.front

    @property
    def dora_indicators(self) -> tuple[Tile, ...]:
        """MCR has no dora: always empty (the table's centre panel reads it)."""
        return ()

    def draw(self) -> WallItem:
        """The next tile from the front."""
        if self.front >= self.back:
            raise IllegalAction("the wall is empty")
        item = self.items[self.front]
        self.front += 1
        return item

    def draw_back(self) -> WallItem:
        """A replacement tile from the back end."""
        if self.front >= self.back:
            raise IllegalAction("the wall is empty")
        self.back -= 1
        return self.items[self.back]

    def unseen(self) -> list[WallItem]:
        """The items still in the wall (for the invariant checks)."""
        return self.items[self.front:self.back]


@dataclass(frozen=True, slots=True)
class McrWin:
    """A win (or a false win): the seat, the discarder (None on a self-draw), the scored
    hand and the change of every seat's points."""

    seat: int
    from_seat: int | None
    score: McrResult
    deltas: tuple[int, ...]
    false: bool = False
    tile: Tile | None = None

    def to_json(self) -> dict[str, Any]:
        """The win as the game log and ``simulate`` write it."""
        return {"seat": self.seat, "from": self.from_seat, "false": self.false, "deltas": list(self.deltas),
                "tile": str(self.tile) if self.tile is not None else None, **self.score.to_json()}


@dataclass(frozen=True, slots=True)
class McrRoundResult:
    """How an MCR hand ended: ``kind`` ``ron``, ``tsumo`` or ``exhaustive``; ``wins`` the one
    winner (none at a draw); ``deltas`` the payment of the win; ``false_wins`` every false
    Hu of the hand (its penalty is already in the scores)."""

    kind: str
    deltas: tuple[int, ...]
    wins: tuple[McrWin, ...] = ()
    false_wins: tuple[McrWin, ...] = ()
    renchan: bool = False

    def to_json(self) -> dict[str, Any]:
        """The result as a JSON object for the game log."""
        return {"kind": self.kind, "deltas": list(self.deltas), "wins": [w.to_json() for w in self.wins],
                "false_wins": [w.to_json() for w in self.false_wins]}


@dataclass
class _Claims:
    """The answers collected on one discard (or on an added kong)."""

    options: dict[int, list[Action]]
    answers: dict[int, Action] = field(default_factory=dict)


class McrRound:
    """One MCR hand.  Seats 0..3; ``dealer`` is East; ``round_wind`` the prevalent wind."""

    def __init__(self, rules: McrGameRules, wall: McrWall, dealer: int = 0, round_wind: int = EAST,
                 scores: list[int] | None = None) -> None:
        self.rules = rules
        self.wall = wall
        self.dealer = dealer
        self.round_wind = round_wind
        self.scores = list(scores) if scores is not None else [rules.start_points] * 4
        self.honba = 0
        self.sticks = 0
        self.seats = [Seat() for _ in range(4)]
        self.flowers: list[list[Flower]] = [[] for _ in range(4)]
        self.dead = [False] * 4
        self.phase = Phase.TURN
        self.current = dealer
        self.last_tile: Tile | None = None
        self.last_from: int | None = None
        self.call_kind = "discard"
        self.history: list[dict[str, Any]] = []
        self.result: McrRoundResult | None = None
        self.false_wins: list[McrWin] = []
        self._claims: _Claims | None = None
        self._just_called = False
        self._replacement = False  # the current player's last tile came after a kong
        self._order = 0
        self._pending = [0] * 4
        self._deal()

    # ------------------------------------------------------------ the deal

    def seat_wind(self, seat: int) -> int:
        """The seat wind kind of ``seat`` (the dealer is East)."""
        return EAST + (seat - self.dealer) % 4

    @property
    def ended(self) -> bool:
        """Whether the hand is over."""
        return self.phase is Phase.ENDED

    def _deal(self) -> None:
        for _ in range(13):
            for i in range(4):
                self._take((self.dealer + i) % 4, self.wall.draw(), log=False)
        while any(self._pending):  # dealer, S, W, N, until nobody holds a flower (002:83)
            for i in range(4):
                s = (self.dealer + i) % 4
                n, self._pending[s] = self._pending[s], 0
                for _ in range(n):
                    self._take(s, self.wall.draw_back(), log=False)
        self.history.append({"type": "deal", "dealer": self.dealer,
                             "flowers": [[f.name for f in fl] for fl in self.flowers]})
        self._draw(self.dealer, back=False)

    def _take(self, seat: int, item: WallItem, *, log: bool = True) -> Tile | None:
        """Give ``item`` to ``seat``: a flower is set aside (and counted for a replacement),
        a tile joins the concealed hand."""
        if isinstance(item, Flower):
            self.flowers[seat].append(item)
            self._pending[seat] += 1
            if log:
                self.history.append({"type": "flower", "seat": seat, "flower": item.name})
            return None
        self.seats[seat].concealed.append(item)
        return item

    def _draw(self, seat: int, *, back: bool) -> None:
        """``seat`` draws (from the back after a kong); flowers are set aside and replaced."""
        st = self.seats[seat]
        self.current = seat
        self.phase = Phase.TURN
        self._replacement = back
        while True:
            if self.wall.live_remaining == 0:
                self._exhaustive()
                return
            item = self.wall.draw_back() if back else self.wall.draw()
            tile = self._take(seat, item)
            self._pending[seat] = 0
            if tile is not None:
                st.drawn = tile
                st.has_drawn = True
                self.history.append({"type": "draw", "seat": seat, "tile": str(tile)})
                return
            back = True  # a flower's replacement comes from the back (002:48)

    # ------------------------------------------------------------ decisions

    def to_act(self) -> list[int]:
        """The seats that must choose now."""
        if self.phase is Phase.TURN:
            return [self.current]
        if self.phase is Phase.CALLS and self._claims is not None:
            return [s for s in sorted(self._claims.options, key=self._after_discarder)
                    if s not in self._claims.answers]
        return []

    def _after_discarder(self, seat: int) -> int:
        return (seat - (self.last_from if self.last_from is not None else self.current)) % 4

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now (empty when it is not theirs to choose)."""
        if self.phase is Phase.TURN and seat == self.current:
            return self._turn_actions(seat)
        if self.phase is Phase.CALLS and self._claims is not None and seat in self._claims.options:
            if seat not in self._claims.answers:
                return list(self._claims.options[seat])
        return []

    def _turn_actions(self, seat: int) -> list[Action]:
        st = self.seats[seat]
        out: list[Action] = []
        counts = [0] * 34
        for t in st.concealed:
            counts[t.kind] += 1
        if not self.dead[seat] and not self._just_called and is_complete(counts, len(st.melds)):
            out.append(Tsumo())  # after a chow or pung the tile was claimed, not drawn
        if not self._just_called and self.wall.live_remaining > 0:
            for k in range(34):
                if counts[k] == 4:
                    out.append(Kan(MeldKind.KAN_CLOSED, Tile(k)))
            d = st.drawn
            if d is not None and any(m.kind is MeldKind.PON and m.first == d.kind for m in st.melds):
                out.append(Kan(MeldKind.KAN_ADDED, d))
        seen: set[int] = set()
        for t in st.concealed:
            if t.kind not in seen:
                seen.add(t.kind)
                out.append(Discard(t))
        return out

    def apply(self, seat: int, action: Action) -> None:
        """Take ``seat``'s decision; raises :class:`IllegalAction` (state unchanged) when it
        is not one of the legal actions."""
        legal = self.legal_actions(seat)
        if action not in legal:
            raise IllegalAction(f"{type(action).__name__} is not possible now")
        self.history.append({"type": "action", "seat": seat, "action": action_to_json(action)})
        if self.phase is Phase.TURN:
            self._apply_turn(seat, action)
        else:
            assert self._claims is not None
            self._claims.answers[seat] = action
            if not self.to_act():
                self._resolve_claims()

    def _apply_turn(self, seat: int, action: Action) -> None:
        st = self.seats[seat]
        if isinstance(action, Tsumo):
            self._hu(seat, None, st.drawn if st.drawn is not None else st.concealed[-1])
            return
        if isinstance(action, Kan):
            self._just_called = False
            if action.kind is MeldKind.KAN_CLOSED:
                tiles = [t for t in st.concealed if t.kind == action.tile.kind]
                for t in tiles:
                    st.concealed.remove(t)
                st.melds.append(Meld(MeldKind.KAN_CLOSED, tuple(sorted(tiles))))
                st.drawn = None
                self._draw(seat, back=True)
                return
            # a promoted kong: the others may rob it first
            self.last_tile, self.last_from, self.call_kind = action.tile, seat, "kan_added"
            options = {s: [Ron(), Pass()] for s in range(4) if s != seat and self._can_hu(s, action.tile)}
            if not options:
                self._finish_added_kong()
                return
            self._claims = _Claims(options)
            self.phase = Phase.CALLS
            return
        assert isinstance(action, Discard)
        st.concealed.remove(action.tile)
        st.river.append(DiscardInfo(action.tile, tsumogiri=action.tile == st.drawn, order=self._order))
        st.river_kinds.add(action.tile.kind)
        st.river_cache = None
        st.has_discarded = True
        st.drawn = None
        self._order += 1
        self._just_called = False
        self.last_tile, self.last_from, self.call_kind = action.tile, seat, "discard"
        options = self._call_options(seat, action.tile)
        if not options:
            self._next_draw(seat)
            return
        self._claims = _Claims(options)
        self.phase = Phase.CALLS

    def _call_options(self, discarder: int, tile: Tile) -> dict[int, list[Action]]:
        """Who may claim ``tile``: Hu (any seat), pung and kong (any seat, not on the last
        discard), chow (the next seat only)."""
        out: dict[int, list[Action]] = {}
        last = self.wall.live_remaining == 0
        for s in range(4):
            if s == discarder:
                continue
            st = self.seats[s]
            acts: list[Action] = []
            if self._can_hu(s, tile):
                acts.append(Ron())
            same = [t for t in st.concealed if t.kind == tile.kind]
            if not last:
                if len(same) >= 3:
                    acts.append(Kan(MeldKind.KAN_OPEN, tile))
                if len(same) >= 2:
                    acts.append(Pon((same[0], same[1])))
                if s == (discarder + 1) % 4 and tile.kind < 27:
                    acts.extend(_chi_options(st.concealed, tile))
            if acts:
                acts.append(Pass())
                out[s] = acts
        return out

    def _can_hu(self, seat: int, tile: Tile) -> bool:
        if self.dead[seat]:
            return False
        st = self.seats[seat]
        counts = [0] * 34
        for t in st.concealed:
            counts[t.kind] += 1
        counts[tile.kind] += 1
        return is_complete(counts, len(st.melds))

    def _resolve_claims(self) -> None:
        claims = self._claims
        assert claims is not None and self.last_from is not None and self.last_tile is not None
        tile, discarder = self.last_tile, self.last_from
        order = sorted(claims.answers, key=self._after_discarder)
        for s in order:  # one winner only: the nearest after the discarder (002:126)
            if isinstance(claims.answers[s], Ron):
                if self._hu(s, discarder, tile):
                    self._claims = None
                    return
        self._claims = None
        if self.call_kind == "kan_added":
            self._finish_added_kong()
            return
        for kinds in ((Pon, Kan), (Chi,)):
            for s in order:
                a = claims.answers[s]
                if isinstance(a, kinds):
                    self._call(s, discarder, tile, a)
                    return
        self._next_draw(discarder)

    def _call(self, seat: int, discarder: int, tile: Tile, action: Action) -> None:
        st = self.seats[seat]
        river = self.seats[discarder].river
        river[-1].called = True
        self.seats[discarder].river_cache = None
        source = {1: Source.RIGHT, 2: Source.ACROSS, 3: Source.LEFT}[(discarder - seat) % 4]
        if isinstance(action, Kan):
            own = [t for t in st.concealed if t.kind == tile.kind][:3]
            kind = MeldKind.KAN_OPEN
        else:
            assert isinstance(action, Pon | Chi)
            own = list(action.tiles)
            kind = MeldKind.PON if isinstance(action, Pon) else MeldKind.CHI
        for t in own:
            st.concealed.remove(t)
        st.melds.append(Meld(kind, tuple(sorted([*own, tile])), called=tile, source=source))
        st.drawn = None
        self.current = seat
        self.phase = Phase.TURN
        if kind is MeldKind.KAN_OPEN:
            self._just_called = False
            self._draw(seat, back=True)
        else:
            self._just_called = True
            self._replacement = False

    def _finish_added_kong(self) -> None:
        seat = self.last_from
        assert seat is not None and self.last_tile is not None
        st = self.seats[seat]
        tile = next(t for t in st.concealed if t.kind == self.last_tile.kind)
        st.concealed.remove(tile)
        i = next(i for i, m in enumerate(st.melds) if m.kind is MeldKind.PON and m.first == tile.kind)
        old = st.melds[i]
        st.melds[i] = Meld(MeldKind.KAN_ADDED, tuple(sorted([*old.tiles, tile])), called=old.called,
                           source=old.source)
        st.drawn = None
        self.call_kind = "discard"
        self.last_tile = None
        self.last_from = None
        self._draw(seat, back=True)

    def _next_draw(self, discarder: int) -> None:
        self._draw((discarder + 1) % 4, back=False)

    # ------------------------------------------------------------ wins and draws

    def situation(self, seat: int, tile: Tile, self_drawn: bool) -> Situation:
        """How a Hu by ``seat`` on ``tile`` would be won now (the flags the fans need)."""
        empty = self.wall.live_remaining == 0
        chankan = not self_drawn and self.call_kind == "kan_added"
        rinshan = self_drawn and self._replacement
        seen = 0
        for st in self.seats:
            seen += sum(1 for d in st.river if not d.called and d.tile.kind == tile.kind)
            seen += sum(1 for m in st.melds for t in m.tiles if t.kind == tile.kind)
        if not self_drawn and not chankan:
            seen -= 1  # the winning discard itself lies in the river
        own = sum(1 for t in self.seats[seat].concealed if t.kind == tile.kind) - (1 if self_drawn else 0)
        return Situation(
            win=tile.kind, self_drawn=self_drawn, seat=self.seat_wind(seat), round=self.round_wind,
            last_copy=seen == 3 and own == 0 and not chankan, rinshan=rinshan, chankan=chankan,
            haitei=self_drawn and empty and not rinshan, houtei=not self_drawn and empty and not chankan,
            flowers=len(self.flowers[seat]),
        )

    def _hu(self, seat: int, discarder: int | None, tile: Tile) -> bool:
        """Score a Hu; True when it is a win (the hand ends), False for a false win."""
        st = self.seats[seat]
        concealed = list(st.concealed) + ([tile] if discarder is not None else [])
        hand = Hand(tuple(sorted(concealed)), tuple(st.melds))
        sit = self.situation(seat, tile, discarder is None)
        try:
            score = score_mcr(hand, sit, self.rules.fans)
        except McrError:  # cannot happen for a legal Hu; counted as a false win
            score = None
        if score is not None and score.meets_minimum:
            deltas = [0] * 4
            pay = score.payment
            for s in range(4):
                if s == seat:
                    continue
                owe = pay.each if discarder is None else (pay.discarder if s == discarder else pay.others)
                deltas[s] -= owe or 0
                deltas[seat] += owe or 0
            if discarder is not None:
                st.concealed.append(tile)
                river = self.seats[discarder].river
                if self.call_kind == "discard" and river:
                    river[-1].called = True
                    self.seats[discarder].river_cache = None
                else:  # robbing a kong: the tile leaves the kong-maker's hand
                    own = self.seats[discarder]
                    own.concealed.remove(next(t for t in own.concealed if t.kind == tile.kind))
            for s in range(4):
                self.scores[s] += deltas[s]
            win = McrWin(seat, discarder, score, tuple(deltas), tile=tile)
            self.result = McrRoundResult("tsumo" if discarder is None else "ron", tuple(deltas), (win,),
                                         tuple(self.false_wins))
            self.phase = Phase.ENDED
            self.history.append({"type": "end", **self.result.to_json()})
            return True
        # a false win (002:2146-2147): the penalty to each other player, no more Hu this hand
        penalty = self.rules.fans.false_win_penalty if self.rules.false_win == "penalty" else 0
        deltas = [penalty if s != seat else -3 * penalty for s in range(4)]
        for s in range(4):
            self.scores[s] += deltas[s]
        self.dead[seat] = True
        if score is not None:
            self.false_wins.append(McrWin(seat, discarder, score, tuple(deltas), false=True, tile=tile))
        self.history.append({"type": "false_win", "seat": seat, "deltas": deltas})
        return False

    def _exhaustive(self) -> None:
        self.result = McrRoundResult("exhaustive", (0, 0, 0, 0), (), tuple(self.false_wins))
        self.phase = Phase.ENDED
        self.history.append({"type": "end", **self.result.to_json()})


def _chi_options(concealed: list[Tile], tile: Tile) -> list[Chi]:
    """The chows ``tile`` can make with two concealed tiles (each shape once)."""
    have = {t.kind: t for t in concealed}
    k = tile.kind
    out = []
    for a, b in ((k - 2, k - 1), (k - 1, k + 1), (k + 1, k + 2)):
        if a // 9 == b // 9 == k // 9 and 0 <= a and b < 27 and a in have and b in have:
            out.append(Chi((have[a], have[b])))
    return out


def arranged_wall(hands: Sequence[Sequence[WallItem]], draws: Sequence[WallItem] = (),
                  replacements: Sequence[WallItem] = (), dealer: int = 0, flowers: bool = True) -> McrWall:
    """A wall that deals ``hands`` (13 items per seat, seat 0 first; flowers allowed), then
    gives ``draws`` from the front in order and ``replacements`` from the back in order; the
    other tiles fill the middle in kind order (lessons, tests and set-up positions)."""
    pool: list[WallItem] = [Tile(k) for k in range(34) for _ in range(4)]
    if flowers:
        pool += [Flower(n) for n in range(8)]

    def take(item: WallItem) -> WallItem:
        for i, x in enumerate(pool):
            if x == item:
                return pool.pop(i)
        raise ValueError(f"the wall has no more {item}")

    if len(hands) != 4 or any(len(h) != 13 for h in hands):
        raise ValueError("give four hands of 13 tiles")
    front: list[WallItem] = []
    for j in range(13):
        for i in range(4):
            front.append(take(hands[(dealer + i) % 4][j]))
    front.extend(take(t) for t in draws)
    back = [take(t) for t in replacements]
    middle = [x for x in pool if isinstance(x, Tile)] + [x for x in pool if isinstance(x, Flower)]
    return McrWall(front + middle + back[::-1])
