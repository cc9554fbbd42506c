"""The full story of a finished hand, for a result screen: every win scored again item by item.

A game result (:class:`~trainer.engine.game.wins.WinInfo`) keeps the han, fu, yaku ids and
payments.  :func:`win_details` scores the same win again with the scoring engine — the
situational flags (riichi, ippatsu, haitei, rinshan, chankan ...) follow from the yaku the
table awarded — so a screen can show each yaku with its han, the dora, ura and red fives, the
Norths set aside (three-player nukidora), the fu item by item and the limit name, exactly as
the engine counted them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from trainer.engine.game.wins import WinInfo
from trainer.engine.notation import parse_hand
from trainer.engine.tiles import Tile

_FLAGS = {
    "riichi": "riichi", "double_riichi": "double_riichi", "ippatsu": "ippatsu", "haitei_raoyue": "haitei",
    "houtei_raoyui": "houtei", "rinshan_kaihou": "rinshan", "chankan": "chankan", "tenhou": "tenhou",
    "chiihou": "chiihou", "renhou": "renhou",
}
"""Yaku id -> the situational flag of the scoring context that awards it."""


@dataclass(frozen=True)
class WinDetails:
    """One win as the result screen shows it: the hand, the winning tile, the indicators,
    the scoring result (yaku with han, dora counts, fu items, limit) and the payments."""

    win: WinInfo
    hand: Any  # trainer.engine.hand.Hand
    dora_indicators: tuple[Tile, ...]
    ura_indicators: tuple[Tile, ...]
    score: Any  # trainer.engine.scoring.ScoreResult


def win_details(rnd: Any, win: WinInfo) -> WinDetails:
    """Score ``win`` of the ended round ``rnd`` again, item by item (raises ScoringError if the
    table and the scoring engine disagree, which the tests rule out)."""
    from trainer.engine.scoring import WinContext, score_hand

    hand = parse_hand(win.hand, check_size=False)
    flags = {flag: True for yid, flag in _FLAGS.items() if yid in win.yaku}
    if flags.get("double_riichi"):
        flags["riichi"] = False
    in_riichi = flags.get("riichi") or flags.get("double_riichi")
    ura: tuple[Tile, ...] = ()
    if in_riichi and rnd.options.ura_dora:
        ura = tuple(rnd.wall.ura_indicators)
        if not rnd.options.kan_ura:
            ura = ura[:1]
    ctx = WinContext(win_tile=win.win_tile, tsumo=win.tsumo, seat_wind=rnd.seat_wind(win.seat),
                     round_wind=rnd.round_wind, dora_indicators=tuple(rnd.wall.dora_indicators),
                     ura_indicators=ura, honba=rnd.honba, riichi_sticks=0, nuki=len(rnd.seats[win.seat].kita),
                     **flags)
    return WinDetails(win, hand, tuple(rnd.wall.dora_indicators), ura, score_hand(hand, ctx, rnd.rules))


__all__ = ["WinDetails", "win_details"]
