"""MCR bots: they aim at 8 points.

A bot sees only its :class:`~trainer.engine.game.view.PlayerView` and the legal actions.
It discards towards the nearest plan of 8 points or more (:mod:`trainer.engine.mcr.plans`),
checks the real value of every winning tile once the hand is ready (the MCR waits, each
completed hand scored by the calculator), calls a chow, pung or kong only when it brings a
plan nearer, and declares Hu only when the hand reaches the minimum without flowers (a
false win costs 10 to each other player).

``mcr`` plays this way; ``mcr_beginner`` only counts the MCR shanten over every form (no
plan, no value) and so often reaches a ready hand that cannot win (it never declares a false
win either).
"""

from __future__ import annotations

from collections.abc import Sequence

from trainer.engine.game.actions import Action, Chi, Discard, Kan, Pass, Pon, Ron, Tsumo
from trainer.engine.game.view import PlayerView
from trainer.engine.hand import Hand, Meld, MeldKind
from trainer.engine.mcr.calculator import McrError, score_mcr
from trainer.engine.mcr.detect import Situation
from trainer.engine.mcr.forms import waiting_kinds
from trainer.engine.mcr.plans import FAR, plans
from trainer.engine.mcr.rules_game import McrGameRules
from trainer.engine.mcr.shanten import (
    shanten_honors_knitted,
    shanten_knitted_straight,
    shanten_seven_pairs_mcr,
)
from trainer.engine.shanten import shanten_orphans, shanten_standard
from trainer.engine.tiles import Tile

MCR_BOTS = ("mcr", "mcr_beginner")


def view_situation(view: PlayerView, win: Tile, self_drawn: bool) -> Situation:
    """The winning conditions a player can read from the table for a Hu on ``win``.  Flowers
    are left out (they never count toward the minimum), and so is a kong replacement: its
    fan can only make the real win bigger than this estimate."""
    seen = view.visible_counts()
    own = sum(1 for t in view.hand.concealed if t.kind == win.kind)
    others = seen[win.kind] - own
    chankan = not self_drawn and view.call_kind == "kan_added"
    if not self_drawn and not chankan:
        others -= 1  # the discard itself
    own_before = own - (1 if self_drawn else 0)
    empty = view.live_remaining == 0
    return Situation(
        win=win.kind, self_drawn=self_drawn, seat=view.seat_wind, round=view.round_wind,
        last_copy=others == 3 and own_before == 0 and not chankan, chankan=chankan,
        haitei=self_drawn and empty, houtei=not self_drawn and empty and not chankan,
    )


def win_points(view: PlayerView, rules: McrGameRules, self_drawn: bool) -> int | None:
    """Points without flowers of a Hu now (None if the hand does not score)."""
    if self_drawn:
        win = view.drawn if view.drawn is not None else view.hand.concealed[-1]
        hand = view.hand
    else:
        assert view.last_tile is not None
        win = view.last_tile
        hand = Hand(tuple(sorted((*view.hand.concealed, win))), view.hand.melds)
    try:
        res = score_mcr(hand, view_situation(view, win, self_drawn), rules.fans)
    except McrError:
        return None
    return res.total - res.flowers


def _any_form_shanten(counts: list[int], melds: tuple[Meld, ...], standard: int) -> int:
    """MCR shanten over every form the hand can still take (see :mod:`trainer.engine.mcr.shanten`)."""
    best = standard
    if len(melds) <= 1:
        best = min(best, shanten_knitted_straight(counts, len(melds)))
    if not melds and sum(counts) in (13, 14):
        best = min(best, shanten_seven_pairs_mcr(counts), shanten_orphans(counts), shanten_honors_knitted(counts))
    return best


def _counts(tiles: Sequence[Tile]) -> list[int]:
    c = [0] * 34
    for t in tiles:
        c[t.kind] += 1
    return c


def _connections(counts: list[int], k: int) -> int:
    """How much a tile is worth keeping by shape alone: copies and neighbours held."""
    n = counts[k] * 2
    if k < 27:
        for d in (-2, -1, 1, 2):
            j = k + d
            if 0 <= j < 27 and j // 9 == k // 9 and counts[j]:
                n += 2 if abs(d) == 1 else 1
    return n


class McrBot:
    """A bot for the MCR table (see the module text)."""

    def __init__(self, rules: McrGameRules, name: str = "mcr") -> None:
        if name not in MCR_BOTS:
            raise ValueError(f"unknown MCR bot {name!r}: choose {' or '.join(MCR_BOTS)}")
        self.rules = rules
        self.name = name
        self.aims = name == "mcr"

    # ------------------------------------------------------------ evaluation

    def _ready_value(self, counts: list[int], melds: tuple[Meld, ...], view: PlayerView) -> int:
        """The best points of a ready hand over its winning tiles still to come (0: none
        reaches the minimum, so the hand is ready in shape only)."""
        seen = view.visible_counts()
        best = 0
        concealed = [Tile(k) for k in range(34) for _ in range(counts[k])]
        for k in waiting_kinds(counts, len(melds)):
            if seen[k] >= 4:
                continue
            hand = Hand(tuple(sorted([*concealed, Tile(k)])), melds)
            sit = Situation(win=k, self_drawn=False, seat=view.seat_wind, round=view.round_wind)
            try:
                res = score_mcr(hand, sit, self.rules.fans)
            except McrError:
                continue
            if res.meets_minimum:
                best = max(best, res.total)
        return best

    def evaluate(self, counts: list[int], melds: tuple[Meld, ...], view: PlayerView) -> tuple[int, int, int]:
        """Smaller is better: (distance to the nearest plan, minus its value, shanten of any shape)."""
        plain = shanten_standard(counts, 4 - len(melds))
        if not self.aims:
            return _any_form_shanten(counts, melds, plain), 0, 0
        if plain == 0 and sum(counts) + 3 * len(melds) == 13:
            value = self._ready_value(counts, melds, view)
            if value:
                return -1, -value, plain
        ps = plans(counts, melds, view.seat_wind, view.round_wind, view.visible_counts())
        if not ps:
            return FAR, 0, plain
        return ps[0].distance, -ps[0].value, plain

    def best_discard(self, counts: list[int], melds: tuple[Meld, ...], view: PlayerView,
                     options: Sequence[Tile]) -> tuple[tuple[int, ...], Tile]:
        """The discard that leaves the best hand, and its evaluation."""
        scored = []
        for t in options:
            counts[t.kind] -= 1
            key = (*self.evaluate(counts, melds, view), _connections(counts, t.kind), -t.kind)
            counts[t.kind] += 1
            scored.append((key, t))
        scored.sort(key=lambda x: x[0])
        return scored[0]

    # ------------------------------------------------------------ decisions

    def choose(self, view: PlayerView, legal: list[Action]) -> Action:
        """Win when it is worth 8; otherwise discard or call towards a plan."""
        for a in legal:
            if isinstance(a, Tsumo | Ron):
                pts = win_points(view, self.rules, isinstance(a, Tsumo))
                if pts is not None and pts >= self.rules.fans.minimum:
                    return a
        discards = [a.tile for a in legal if isinstance(a, Discard)]
        melds = view.hand.melds
        counts = _counts(view.hand.concealed)
        if discards:
            key, tile = self.best_discard(counts, melds, view, discards)
            for a in legal:
                if isinstance(a, Kan) and self._kan_ok(a, counts, melds, view, key):
                    return a
            return Discard(tile)
        return self._call(view, legal, counts, melds)

    def _kan_ok(self, kan: Kan, counts: list[int], melds: tuple[Meld, ...], view: PlayerView,
                key: tuple[int, ...]) -> bool:
        k = kan.tile.kind
        if kan.kind is MeldKind.KAN_ADDED:
            return True
        after = list(counts)
        after[k] = 0
        meld = Meld(MeldKind.KAN_CLOSED, (Tile(k),) * 4)
        return self.evaluate(after, (*melds, meld), view)[:2] <= key[:2]

    def _call(self, view: PlayerView, legal: list[Action], counts: list[int], melds: tuple[Meld, ...]) -> Action:
        calls = [a for a in legal if isinstance(a, Pon | Chi | Kan)]
        if not calls or view.last_tile is None:
            return Pass()
        now = self.evaluate(counts, melds, view)[:2]
        tile = view.last_tile
        best: tuple[tuple[int, ...], Action] | None = None
        for a in calls:
            after = list(counts)
            if isinstance(a, Kan):
                after[tile.kind] -= 3
                meld = Meld(MeldKind.KAN_OPEN, (tile,) * 4, called=tile)
                key = self.evaluate(after, (*melds, meld), view)[:2]
                ok = key <= now
            else:
                for t in a.tiles:
                    after[t.kind] -= 1
                kind = MeldKind.PON if isinstance(a, Pon) else MeldKind.CHI
                meld = Meld(kind, tuple(sorted((*a.tiles, tile))), called=tile)
                options = [Tile(k) for k in range(34) if after[k]]
                if not options:
                    continue
                key, _ = self.best_discard(after, (*melds, meld), view, options)
                key = key[:2]
                ok = key < now
            if ok and (best is None or key < best[0]):
                best = (key, a)
        return best[1] if best is not None else Pass()


def make_mcr_bot(name: str, rules: McrGameRules) -> McrBot:
    """An MCR bot by name (``mcr`` or ``mcr_beginner``)."""
    return McrBot(rules, name)
