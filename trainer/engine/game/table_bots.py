"""Bots for the four-player-rules tables (bamboo, single-suit variant 2) and the A/B game.

* :class:`TableBot` — the gentle bot with a cheaper discard: it keeps the lowest shanten and,
  among equally good tiles, gives away the least connected one (fewest own tiles one or two
  steps away in its suit; honors and terminals first), then a seeded random one; it declares
  a concealed or added kan that keeps its shanten (never an open one: the hand stays closed).  The full
  ukeire count of the gentle bot is slow on one-suit hands and it only broke ties at random.
* :class:`ReaderBot` — the A/B game's bot (see its docstring and :func:`guess_scores`).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from trainer.engine.game.ab_game import Announce, Guess, PassOver
from trainer.engine.game.actions import Kan, Riichi, Tsumo
from trainer.engine.game.simple_bots import GentleBot, _outside_hand
from trainer.engine.game.view import PlayerView
from trainer.engine.hand import Hand, Meld, MeldKind
from trainer.engine.shanten import shanten
from trainer.engine.tiles import Tile


class TableBot(GentleBot):
    """The gentle bot for the four-player-rules tables (see the module docstring)."""

    name = "table"

    def choose(self, view: PlayerView, legal: list[Any]) -> Any:
        """As the gentle bot, and a concealed or added kan that leaves the hand no further from
        ready (a kan of four it holds is worth fu and a dora draw, 000:3529 counts them)."""
        if view.phase == "turn" and not any(isinstance(a, Tsumo) for a in legal):
            for a in legal:
                if isinstance(a, Kan) and a.kind is not MeldKind.KAN_OPEN and _kan_keeps_shape(view, a):
                    return a
        return super().choose(view, legal)

    def _best(self, view: PlayerView, acts: list[Any]) -> Any:
        """Of the discards (or riichi discards) offered, the lowest shanten, least connected tile."""
        by_tile = {a.tile: a for a in acts}
        concealed = list(view.hand.concealed)
        after: dict[int, int] = {}
        for t in by_tile:
            if t.kind not in after:
                rest = list(concealed)
                rest.remove(t)
                after[t.kind] = shanten(Hand(tuple(sorted(rest)), view.hand.melds))
        low = min(after.values())
        counts = Counter(t.kind for t in concealed)
        tied = sorted((t for t in by_tile if after[t.kind] == low), key=lambda t: connection(counts, t.kind))
        least = connection(counts, tied[0].kind)
        return by_tile[self.rng.choice([t for t in tied if connection(counts, t.kind) == least])]


def _kan_keeps_shape(view: PlayerView, kan: Kan) -> bool:
    """Whether declaring ``kan`` leaves the hand's shanten as low as the best plain discard does."""
    concealed = list(view.hand.concealed)
    now = min(shanten(Hand(tuple(sorted(concealed[:i] + concealed[i + 1:])), view.hand.melds))
              for i in range(len(concealed)))
    quad = [t for t in concealed if t.kind == kan.tile.kind]
    rest = [t for t in concealed if t.kind != kan.tile.kind]
    melds = list(view.hand.melds)
    if kan.kind is MeldKind.KAN_CLOSED:
        melds.append(Meld(MeldKind.KAN_CLOSED, tuple(quad), None, None))
    else:
        i = next(i for i, m in enumerate(melds) if m.kind is MeldKind.PON and m.tiles[0].kind == kan.tile.kind)
        melds[i] = Meld(MeldKind.KAN_ADDED, tuple(sorted([*melds[i].tiles, quad[0]])), melds[i].called,
                        melds[i].source)
        rest += quad[1:]
    return shanten(Hand(tuple(sorted(rest)), tuple(melds))) <= now


def connection(counts: Counter, kind: int) -> int:
    """How much a tile works with the rest of the hand: its other copies (x3) and the own tiles
    one step away (x2) or two steps away (x1) in its suit; a terminal or honor counts one less."""
    score = 3 * (counts[kind] - 1)
    if kind < 27:
        rank = kind % 9
        for step, weight in ((1, 2), (2, 1)):
            for k in (kind - step, kind + step):
                if 0 <= rank + (k - kind) <= 8 and counts.get(k):
                    score += weight
        return score - (1 if rank in (0, 8) else 0)
    return score - 1


PASS_MIN_DRAWS = 3  # draws of the batch still to come after the winning tile in hand
PASS_MIN_LIVE = 2  # copies of a dearer winning tile that may still come (not in sight)
PASS_MIN_RATIO = 2  # the dearer hand is worth at least this many times the cheap one


class ReaderBot(TableBot):
    """A bot for the A/B game: races to tenpai (the gentle bot's discards and calls) and
    announces at once; names the two most likely waits read from the tenpai player's
    discards (:func:`guess_scores`); wins with a winning tile it draws, unless the tile makes a
    cheap hand and a dear one is likely (:meth:`pass_over`): then it lays the tile face down."""

    name = "reader"

    def __init__(self, seed: int | None = None, rules: str | None = None) -> None:
        """A seeded reader that values hands by the rule preset ``rules`` (the mode's)."""
        super().__init__(seed)
        self.rules = rules or "tenhou_no_aka"

    def choose(self, view: PlayerView, legal: list[Any]) -> Any:
        """Pick one of the ``legal`` actions (see the class docstring)."""
        guesses = [a for a in legal if isinstance(a, Guess)]
        if guesses:
            return self.guess(view, guesses)
        announce = [a for a in legal if isinstance(a, Riichi | Announce)]
        if announce:
            return self._best(view, announce)
        passes = [a for a in legal if isinstance(a, PassOver)]
        if passes and any(isinstance(a, Tsumo) for a in legal):
            return passes[0] if self.pass_over(view, passes[0].tile) else next(a for a in legal if isinstance(a, Tsumo))
        return super().choose(view, [a for a in legal if not isinstance(a, PassOver)] or legal)

    def pass_over(self, view: PlayerView, tile: Tile) -> bool:
        """Lay the winning ``tile`` face down (000:3515 "если он надеется на более дорогую руку")
        when another winning kind makes a hand worth at least PASS_MIN_RATIO times this one
        (takame / yasume: sanshoku, ittsu, tanyao, dora...), at least PASS_MIN_LIVE of it are
        not in sight, and at least PASS_MIN_DRAWS draws of the batch are still to come."""
        if getattr(view, "stage_draws_left", 0) < PASS_MIN_DRAWS:
            return False
        rest = list(view.hand.concealed)
        rest.remove(tile)
        now = self.win_points(view, rest, tile)
        seen = view.visible_counts()
        for kind in range(34):
            if kind == tile.kind or seen[kind] > 4 - PASS_MIN_LIVE:
                continue
            other = Tile(kind)
            if self.win_points(view, rest, other) >= PASS_MIN_RATIO * max(now, 1):
                return True
        return False

    def win_points(self, view: PlayerView, rest: list[Tile], tile: Tile) -> int:
        """The basic points of a tsumo on ``tile`` with the 13 tiles ``rest`` as far as the player
        can tell (no ura dora); 0 when the tile does not complete the hand.  An announced hand
        without a yaku counts 1 han 30 fu, as the A/B table does."""
        from trainer.engine.game.full_table import mode_rules
        from trainer.engine.points import basic_points
        from trainer.engine.scoring import ScoringError, WinContext, score_hand

        rules = mode_rules(self.rules)
        hand = Hand(tuple(sorted([*rest, tile])), view.hand.melds)
        if shanten(hand) != -1:
            return 0
        ctx = WinContext(win_tile=tile, tsumo=True, riichi=view.riichi[view.seat], seat_wind=view.seat_wind,
                         round_wind=view.round_wind, dora_indicators=view.dora_indicators)
        try:
            res = score_hand(hand, ctx, rules)
        except ScoringError:
            return basic_points(1, 30, rules)[0]
        han = 13 * res.yakuman if res.yakuman else res.han
        return basic_points(han, res.fu, rules, res.yakuman)[0]

    def guess(self, view: PlayerView, guesses: list[Guess]) -> Guess:
        """The guess of the two best-scored kinds among those still offered."""
        target = guesses[0].target
        offered = {t.kind for g in guesses for t in g.tiles}
        scores = guess_scores(view, target)
        ranked = sorted(offered, key=lambda k: (-scores[k], self.rng.random()))
        want = set(ranked[:len(guesses[0].tiles)])
        return next((g for g in guesses if {t.kind for t in g.tiles} == want), guesses[0])


def guess_scores(view: PlayerView, target: int) -> list[float]:
    """How likely each kind is to be in ``target``'s wait, read from the table: a kind in the
    target's own discards cannot be (furiten tenpai is forbidden, 000:3511); a kind whose four
    copies are all in sight cannot complete it; the suji of a discarded number (4 for 1 or 7)
    is less likely for a two-sided wait; tiles next to the announcement tile are likelier;
    middle numbers wait more often than terminals and honors."""
    seen = _outside_hand(view)
    for t in view.hand.concealed:
        seen[t.kind] += 1
    river = [d.tile.kind for d in view.rivers[target]]
    announce = next((d.tile.kind for d in view.rivers[target] if d.riichi), None)
    scores = [0.0] * 34
    for k in range(34):
        if k in river or seen[k] >= 4:
            scores[k] = -100.0
            continue
        s = 0.0
        if k < 27:
            rank, suit = k % 9, k // 9
            s += 1.0 if 2 <= rank <= 6 else 0.0
            if any(r < 27 and r // 9 == suit and abs(r % 9 - rank) == 3 for r in river):
                s -= 1.5
            if announce is not None and announce < 27 and announce // 9 == suit and 1 <= abs(announce % 9 - rank) <= 2:
                s += 2.0
        else:
            s -= 0.5
        s -= 0.4 * seen[k]
        scores[k] = s
    return scores


def make_table_bot(name: str, seed: int | None = None, rules: str | None = None) -> GentleBot:
    """The bot ``name`` (``table`` or ``reader``) for these tables, seeded; ``rules`` is the
    mode's rule preset the reader values its hands by."""
    bot = ReaderBot(seed, rules) if name == "reader" else TableBot(seed)
    bot.rng = random.Random(seed)
    return bot


__all__ = ["ReaderBot", "TableBot", "connection", "guess_scores", "make_table_bot"]
