"""Bots for the simple play modes, and the one factory the table and screens use.

* :class:`GentleBot` — a friendly opponent for children and beginners: it wins
  whenever it can, declares riichi when the mode needs it (and in short mahjong and
  yochi, where riichi is the yaku a ron needs), and otherwise gives
  away a tile that keeps its hand as close to complete as possible (lowest
  shanten, from :func:`trainer.engine.ukeire.discard_options`), picking among the
  equally good tiles at random (seeded), so it is steady but not sharp.  Where a win needs a
  yaku (``win_rule == "yaku"``: the beginner's glass table) it stays quiet (dama) when a ready
  discard leaves a yaku on every winning tile, and otherwise declares riichi, the yaku a closed
  hand always has.  A yaku is what the table counts (the view's ``yaku_rules``: the mode's
  preset, its yaku pool, the yaku it removes), not the tenhou list.  It calls pon or chi only
  when the call brings the hand closer to complete and, where a win needs a yaku, only when the
  hand keeps a sure yaku the table counts: a triplet of a value tile (a dragon, its seat wind or
  the round wind) called now or before, or a table of one number suit, where every hand is a
  flush.  Where kans are a choice
  (``kans = "declared"``, single-suit mahjong) it declares a kan — closed on its turn, open on
  a discard — when the four as a finished set leave the rest of the hand no further from ready
  than the best discard (or the pass) would; a win comes first.  In the half-abundance
  variation it exchanges an honor (:meth:`GentleBot._exchange`) when the honor is useless to
  the hand and the price leaves it at least one more exchange above the point where its game
  would end.
* ``efficient`` / ``careful`` — the full game's bots (:mod:`trainer.engine.bots`),
  offered where the table is the full riichi set (``glass_table``, ``kids_riichi``).
* :class:`ShapeBot` — the gentle bot for the training games' own shapes.
"""

from __future__ import annotations

import random
from typing import Any

from trainer.engine.game.actions import Action, Chi, Discard, Kan, Pass, Pon, Riichi, Ron, Tsumo
from trainer.engine.game.honor_exchange import ExchangeHonor
from trainer.engine.game.simple_modes import YakuRules
from trainer.engine.game.training_shapes import HAKU, Shape
from trainer.engine.game.view import PlayerView
from trainer.engine.hand import Hand, MeldKind
from trainer.engine.scoring import ScoringError, WinContext, score_hand
from trainer.engine.shanten import shanten
from trainer.engine.tiles import DRAGONS, GREEN, RED, WHITE, Tile
from trainer.engine.ukeire import discard_options
from trainer.engine.waits import waits

DEFAULT_YAKU_RULES = YakuRules()
"""What counts as a yaku for a view that does not say (a full game's view): the tenhou preset
without red fives, every yaku."""
VALUE_YAKU = {WHITE: "yakuhai_haku", GREEN: "yakuhai_hatsu", RED: "yakuhai_chun"}
"""The yaku a dragon triplet is (a wind's is the seat or the round wind's)."""
FLUSH_YAKU = ("honitsu", "chinitsu")
"""The yaku a hand of one number suit (with or without honors) is."""
RIICHI_SCORING = ("short", "riichi", "standard")
"""Scoring schemes in which riichi is the yaku that lets a ron pay (short mahjong, yochi)."""


class GentleBot:
    """Lowers its shanten, wins when it can, never plays for points (see the module docstring)."""

    name = "gentle"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.exchanged_on: int | None = None  # the turn (own discards so far) of the last honor exchange

    def choose(self, view: PlayerView, legal: list[Action]) -> Action:
        """Pick one of the ``legal`` actions for the player whose table is ``view``."""
        if len(legal) == 1:
            return legal[0]
        if getattr(view, "kans", "none") == "compulsory":  # risu: a four must be declared (else chombo)
            kan = next((a for a in legal if isinstance(a, Kan)), None)
            if kan is not None:
                return kan
        for a in legal:
            if isinstance(a, Tsumo | Ron):
                return a
        if getattr(view, "kans", "none") == "declared":  # single-suit mahjong: a kan is a choice
            kan = next((a for a in legal if isinstance(a, Kan) and self._kan_worth(view, a)), None)
            if kan is not None:
                return kan
        if view.phase == "calls":
            return self._call(view, legal)
        swap = self._exchange(view, legal)
        if swap is not None:
            return swap
        ready = self._ready_choice(view, legal)
        if ready is not None:
            return ready
        discards = [a for a in legal if isinstance(a, Discard)]
        return self._best(view, discards)

    def _ready_choice(self, view: PlayerView, legal: list[Action]) -> Action | None:
        """Riichi when the game needs it, or where it is the yaku that lets a ron pay (short, yochi);
        where a win needs a yaku, a quiet ready discard that keeps a yaku on every winning tile,
        else riichi; None when riichi is not offered (or not wanted: the discard decides)."""
        riichi = [a for a in legal if isinstance(a, Riichi)]
        if not riichi:
            return None
        win_rule = getattr(view, "win_rule", "shape")
        if win_rule == "riichi" or getattr(view, "scoring", "none") in RIICHI_SCORING:
            return self._best(view, riichi)
        if win_rule != "yaku":
            return None
        dama = [a.tile for a in riichi if self._ready_with_yaku(view, a.tile)]
        if dama:
            tile = self.rng.choice(sorted(set(dama)))
            return next(a for a in legal if isinstance(a, Discard) and a.tile == tile)
        return self._best(view, riichi)

    def _ready_with_yaku(self, view: PlayerView, tile: Tile) -> bool:
        """Whether giving away ``tile`` leaves a ready hand that wins with a yaku by ron on every
        winning tile without riichi (scored by the engine as the table scores it)."""
        rest = list(view.hand.concealed)
        rest.remove(tile)
        hand = Hand(tuple(sorted(rest)), view.hand.melds)
        kinds = waits(hand)
        return bool(kinds) and all(has_yaku(hand, Tile(k), view) for k in kinds)

    def _shanten_of(self, view: PlayerView, tiles: list[Any]) -> int:
        """Shanten of the concealed ``tiles`` alone (a kan is a finished set and left out)."""
        return shanten(Hand(tuple(sorted(tiles))))

    def _same(self, view: PlayerView, a: Any, b: Any) -> bool:
        """Whether two tiles are "identical" for a kan at this table (the same kind)."""
        return a.kind == b.kind

    def _kan_worth(self, view: PlayerView, kan: Kan) -> bool:
        """A kan is declared when the rest of the hand, the four set aside as a finished set, is
        no further from ready than now (on one's turn: than after the best discard)."""
        hand = list(view.hand.concealed)
        if view.phase == "calls":
            rest = list(hand)
            for _ in range(3):
                rest.remove(next(t for t in rest if self._same(view, t, kan.tile)))
        else:
            same = sorted(t for t in hand if self._same(view, t, kan.tile))[:4]
            rest = list(hand)
            for t in same:
                rest.remove(t)
        return self._shanten_of(view, rest) <= self._shanten_of(view, hand)

    def _exchange(self, view: PlayerView, legal: list[Action]) -> Action | None:
        """The half-abundance exchange (000:3507): an honor held once whose loss leaves the hand as
        close to ready (it is useless: an isolated honor), while the hand is not yet ready, at most
        once a turn, and only when after paying the bot keeps at least one more exchange's price
        above the point where its game would end; the lowest such honor, else None."""
        offers = [a for a in legal if isinstance(a, ExchangeHonor)]
        price = getattr(view, "honor_exchange", 0)
        turn = len(view.rivers[view.seat])
        if not offers or not price or self.exchanged_on == turn:
            return None
        floor = getattr(view, "points_floor", 0)
        points = getattr(view, "points", ()) or view.scores
        if floor is not None and points[view.seat] - 2 * price < floor:
            return None
        hand = list(view.hand.concealed)
        now = self._shanten_of(view, hand)
        if now <= 0:
            return None  # ready (or complete): a new tile is not likely to help
        for a in sorted(offers, key=lambda o: o.tile):
            if sum(1 for t in hand if t.kind == a.tile.kind) != 1 or self._joker(view, a.tile):
                continue
            rest = list(hand)
            rest.remove(a.tile)
            if self._shanten_of(view, rest) <= now:
                self.exchanged_on = turn
                return a
        return None

    def _joker(self, view: PlayerView, tile: Any) -> bool:
        """Whether ``tile`` is a live joker for this bot (never given away by an exchange)."""
        return False

    def _best(self, view: PlayerView, acts: list[Any]) -> Action:
        """Of the discards (or riichi discards) offered, one that keeps the lowest shanten."""
        by_tile = {a.tile: a for a in acts}
        hand = view.hand
        if hand.melds and all(m.kind is MeldKind.KAN_CLOSED for m in hand.melds):
            # risu's concealed kans are finished sets: the concealed rest decides the discard (their
            # tiles count as seen), which keeps the shanten on its fast path
            hand = Hand(hand.concealed)
        try:
            opts = [o for o in discard_options(hand, self._visible(view)) if o.tile in by_tile]
        except ValueError:
            opts = []
        if not opts:
            return acts[0]
        best = min(o.shanten_after for o in opts)
        tied = [o.tile for o in opts if o.shanten_after == best]
        ahead = getattr(view, "next_draws", ())
        if ahead and len(tied) > 1 and len(ahead) >= len(view.rivers):
            # the open wall (yochi): prefer the discard the player's own next draw suits best
            mine = ahead[len(view.rivers) - 1]
            after = {t: _shanten_with(view, t, mine) for t in tied}
            low = min(after.values())
            tied = [t for t in tied if after[t] == low]
        return by_tile[self.rng.choice(tied)]

    @staticmethod
    def _visible(view: PlayerView) -> list[int]:
        return [min(4, c) for c in _outside_hand(view)]

    def _call(self, view: PlayerView, legal: list[Action]) -> Action:
        """Call pon or chi only when it lowers the shanten of the hand (and, where a win needs a
        yaku, keeps a sure one: :func:`keeps_sure_yaku`); otherwise pass."""
        tile = view.last_tile
        now = shanten(view.hand)
        needs_yaku = getattr(view, "win_rule", "shape") == "yaku"
        for a in legal:
            if needs_yaku and not keeps_sure_yaku(view, a):
                continue
            if isinstance(a, Pon | Chi) and tile is not None:
                rest = list(view.hand.concealed)
                for t in a.tiles:
                    rest.remove(t)
                after = min((shanten(Hand(tuple(rest[:i] + rest[i + 1:]))) for i in range(len(rest))), default=now)
                if after < now:
                    return a
        return Pass()


def yaku_rules_of(view: PlayerView) -> YakuRules:
    """What counts as a yaku at the view's table (:data:`DEFAULT_YAKU_RULES` when it does not say)."""
    return getattr(view, "yaku_rules", None) or DEFAULT_YAKU_RULES


def has_yaku(hand: Hand, tile: Tile, view: PlayerView) -> bool:
    """Whether the ready ``hand`` (3n+1 tiles) won by ron on ``tile`` without riichi has a yaku the
    table counts (the view's ``yaku_rules``: the mode's preset, yaku pool and removed yaku), by the
    scoring engine with the player's seat wind and the round wind."""
    won = Hand(tuple(sorted((*hand.concealed, tile))), hand.melds)
    ctx = WinContext(win_tile=tile, seat_wind=view.seat_wind, round_wind=view.round_wind)
    try:
        return bool(score_hand(won, ctx, yaku_rules_of(view).rules()).yaku)
    except ScoringError:
        return False


def value_kinds(view: PlayerView) -> frozenset[int]:
    """The kinds whose triplet is a yaku (yakuhai) the table counts for this player: the dragons,
    the seat wind and the round wind, each when its yakuhai counts."""
    yaku = yaku_rules_of(view)
    kinds = {k for k in DRAGONS if yaku.counts(VALUE_YAKU[k])}
    if yaku.counts("yakuhai_seat_wind"):
        kinds.add(view.seat_wind)
    if yaku.counts("yakuhai_round_wind"):
        kinds.add(view.round_wind)
    return frozenset(kinds)


def keeps_sure_yaku(view: PlayerView, call: Action) -> bool:
    """Whether the hand is sure of a yaku after ``call`` (any other action: True): a pon of a
    value tile, a value triplet already called, or a table of one number suit (every tile in
    sight is of one suit or an honor: single-suit mahjong, bamboo), where every hand is a flush.
    An open hand without one may never win where a win needs a yaku (the gentle bot does not
    steer its discards toward tanyao or a flush at a table of three suits)."""
    if not isinstance(call, Pon | Chi):
        return True
    value = value_kinds(view)
    if isinstance(call, Pon) and view.last_tile is not None and view.last_tile.kind in value:
        return True
    if any(m.kind is not MeldKind.CHI and m.tiles[0].kind in value for m in view.hand.melds):
        return True
    yaku = yaku_rules_of(view)
    return one_suit_in_sight(view) and all(yaku.counts(y) for y in FLUSH_YAKU)


def one_suit_in_sight(view: PlayerView) -> bool:
    """Whether every tile the player sees (own hand, rivers, melds) is of one number suit or an
    honor: at such a table a hand can only be a flush (honitsu or chinitsu, a yaku)."""
    counts = view.visible_counts()
    return len({k // 9 for k in range(27) if counts[k]}) <= 1


def _shanten_with(view: PlayerView, out: Any, draw: Any) -> int:
    """Shanten after giving away ``out`` and drawing ``draw`` (then the best discard)."""
    rest = list(view.hand.concealed)
    rest.remove(out)
    rest.append(draw)
    return shanten(Hand(tuple(sorted(rest)), view.hand.melds))


def _outside_hand(view: PlayerView) -> list[int]:
    """34 counts of tiles seen outside the player's concealed hand (rivers and melds)."""
    c = [0] * 34
    for river in view.rivers:
        for d in river:
            if not d.called:
                c[d.tile.kind] += 1
    for ms in view.melds:
        for m in ms:
            for t in m.tiles:
                c[t.kind] += 1
    return c


class ShapeBot(GentleBot):
    """The gentle bot for the training games' own shapes (suits ignored, dragons as tens or
    jokers, two pairs, the imaginary tile): it keeps the lowest shanten under the game's
    :class:`~trainer.engine.game.training_shapes.Shape`, and among equal tiles the one that
    leaves the most live tiles to improve (ukeire), then a seeded random one."""

    name = "gentle"

    def __init__(self, shape: Shape, seed: int | None = None) -> None:
        super().__init__(seed)
        self.shape = shape

    def _shanten_of(self, view: PlayerView, tiles: list[Any]) -> int:
        """Shanten of the concealed ``tiles`` under the game's shape (a kan is a finished set)."""
        return self.shape.shanten([t.kind for t in tiles], jokers_live=not view.riichi[view.seat])

    def _same(self, view: PlayerView, a: Any, b: Any) -> bool:
        """Identical for a kan: of one rank when the suits are ignored (honors by kind)."""
        if self.shape.suits == "ignored" and a.kind < 27 and b.kind < 27:
            return a.kind % 9 == b.kind % 9
        return a.kind == b.kind

    def _joker(self, view: PlayerView, tile: Any) -> bool:
        return self.shape.dragons == "jokers" and tile.kind >= HAKU and not view.riichi[view.seat]

    def _best(self, view: PlayerView, acts: list[Any]) -> Action:
        live = not view.riichi[view.seat]
        tiles = [t.kind for t in view.hand.concealed] + [t.kind for m in view.hand.melds if not m.kind.is_kan
                                                         for t in m.tiles]
        scored: dict[int, list[Any]] = {}
        by_read: dict[int, int] = {}
        for a in acts:
            rest = list(tiles)
            rest.remove(a.tile.kind)
            key = self.shape.canonical(a.tile.kind)
            if key not in by_read:
                by_read[key] = self.shape.shanten(rest, jokers_live=live)
            scored.setdefault(by_read[key], []).append((a, rest))
        target = min(scored)
        best = scored[target]
        if len(best) == 1:
            return best[0][0]
        seen = _outside_hand(view)
        own = [0] * 34
        for k in tiles:
            own[k] += 1
        left: dict[int, int] = {}  # live tiles still to come, per way of reading them
        for k in range(34):
            if own[k] + seen[k] < 4:
                c = self.shape.canonical(k)
                left[c] = left.get(c, 0) + 4 - own[k] - seen[k]

        def ukeire(rest: list[int]) -> int:
            return sum(n for c, n in left.items() if self.shape.shanten([*rest, c], jokers_live=live) < target)

        if target <= 1:
            counted: dict[int, int] = {}
            for a, rest in best:
                key = self.shape.canonical(a.tile.kind)
                if key not in counted:
                    counted[key] = ukeire(rest)
            top = max(counted.values())
            best = [(a, rest) for a, rest in best if counted[self.shape.canonical(a.tile.kind)] == top]
        return self.rng.choice(best)[0]


def make_simple_bot(name: str, seed: int | None = None, rules: Any = None, shape: Shape | None = None) -> Any:
    """A bot for a simple table: ``gentle`` (any mode; with a training game's non-standard
    ``shape`` the shape-aware :class:`ShapeBot`) or the full game's ``efficient`` /
    ``careful`` (for the 136-tile modes; ``rules`` is the mode's preset)."""
    if name in ("table", "reader"):  # four-player-rules tables and the A/B game (table_bots.py)
        from trainer.engine.game.table_bots import make_table_bot

        return make_table_bot(name, seed)
    if name == "gentle":
        if shape is not None and not shape.is_plain:
            return ShapeBot(shape, seed)
        return GentleBot(seed)
    from trainer.engine.bots import make_bot

    return make_bot(name, rules)


__all__ = ["GentleBot", "has_yaku", "keeps_sure_yaku", "make_simple_bot", "one_suit_in_sight",
           "value_kinds", "yaku_rules_of"]
