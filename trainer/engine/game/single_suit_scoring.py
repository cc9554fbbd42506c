"""Single-suit mahjong, variant 1 (無視組札, seed 000:3489-3507): a standard game's points.

The seed plays "a standard game" (000:3496): each win is counted by the ordinary rules and
collected from the losers (000:3500), and the game goes on until someone's points drop below
zero (000:3501).  What differs is how the hand is read — the suits are ignored, a dragon may
be a joker until riichi — and one sentence about the dragons' game (000:3503): "1 han is given
only for an okurikan (a kan kept undeclared) without riichi, or yakuhai with riichi".

:func:`standard_value` therefore scores the win as an ordinary riichi hand
(:func:`trainer.engine.scoring.score_hand` under the mode's preset) after dealing its sets out
in real suits (:func:`trainer.engine.game.resuit.resuit`), leaving out the yaku that compare
suits; it adds the seed's 1 han for an okurikan without riichi (yakuhai with riichi is the
ordinary yakuhai: after riichi the dragons are plain honors again).  A declared kan is a kan
for fu and yaku (sankantsu, rinshan kaihou), dealt out in one suit like the other sets.  Our choices where the seed
is silent: a complete hand with no yaku still wins (the game is won on the shape) and counts
1 han; at a table of fewer than four the absent seats pay nothing on a tsumo; no riichi
stakes.  With ``only_losses`` (the half-abundance variation, 000:3507) the losers pay and the
winner gains nothing.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from trainer.engine.game.resuit import SUIT_YAKU, resuit, suited_melds
from trainer.engine.game.training_scoring import OKURIKAN_HAN, HandValue, ValueItem, Win, payment_deltas
from trainer.engine.game.training_shapes import Shape
from trainer.engine.hand import Hand
from trainer.engine.points import basic_points, payment
from trainer.engine.tiles import EAST, Tile

NO_YAKU_FU = 30
"""The fu of a hand the scorer cannot read (kept for safety; every complete hand is read)."""


def standard_value(win: Win, rules: Any) -> HandValue:
    """The points of ``win`` by the ordinary rules, the hand read with the suits ignored (see the
    module docstring); ``rules`` is the mode's preset (loaded)."""
    from trainer.engine.rules import load_rules
    from trainer.engine.scoring import ScoringError, WinContext, score_hand

    rules = rules or load_rules("tenhou_no_aka")
    shape: Shape = win.shape or Shape()
    hand, tile = win.hand, win.win_tile
    if not shape.is_plain:
        melds, reserved = suited_melds(hand.melds)  # a declared kan of one rank: four of one suit
        got = resuit([t.kind for t in hand.concealed], tile.kind, shape, jokers_live=win.jokers_live,
                     reserved=reserved)
        if got is not None:
            hand = Hand(tuple(sorted(Tile(k) for k in got[0])), melds)
            tile = Tile(got[1])
    wind = EAST + (win.seat - win.dealer) % win.players
    ctx = WinContext(win_tile=tile, tsumo=win.tsumo, riichi=win.riichi, seat_wind=wind, round_wind=EAST,
                     rinshan=win.rinshan)
    items: list[ValueItem] = []
    fu, yakuman = NO_YAKU_FU, 0
    try:
        res = score_hand(hand, ctx, rules)
        fu = res.fu
        for y in res.yaku:
            if str(y.id) in SUIT_YAKU:
                continue
            items.append(ValueItem(str(y.id), y.yakuman * 13 if y.yakuman else y.han, "han"))
            yakuman += y.yakuman
    except ScoringError:
        pass
    if not win.riichi:  # 000:3503: an okurikan without riichi is 1 han
        held = Counter(shape.canonical(t.kind) for t in win.hand.concealed)  # suits ignored: by rank
        items += [ValueItem("okurikan", OKURIKAN_HAN["standard"], "han") for _k, n in sorted(held.items()) if n == 4]
    han = sum(i.amount for i in items)
    if han == 0:
        items.append(ValueItem("shape_win", 1, "han"))  # won on the shape alone [our choice]
        han = 1
    basic, _limit = basic_points(han, fu, rules, yakuman)
    pay = payment(basic, dealer=win.seat == win.dealer, tsumo=win.tsumo, rules=rules)
    deltas = payment_deltas(win, pay)
    gained = deltas[win.seat]
    if win.only_losses:  # half-abundance (000:3507): players only lose points, the winner gains none
        deltas[win.seat] = 0
    items.append(ValueItem("fu", fu, "fu"))
    return HandValue("standard", tuple(items), han, gained, tuple(deltas))


__all__ = ["standard_value"]
