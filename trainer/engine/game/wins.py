"""Scoring a win at the table and turning payments into point transfers.

The hand is scored by the scoring engine (:func:`trainer.engine.scoring.score_hand`);
this module only builds the win context from the table state and converts the
payment into per-seat deltas.  Honba and riichi sticks are added here, at the
table: honba_points per counter from the discarder on a ron, a third of that from
each player on a tsumo (001:809); sticks go to the winner (001:523).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from trainer.engine.hand import Hand
from trainer.engine.tiles import Tile


@dataclass(frozen=True, slots=True)
class WinInfo:
    """One winner's hand value and who pays what.  ``base`` are the transfers of the
    hand value itself, ``bonus`` those of the honba counters (sticks are added by the round)."""

    seat: int
    from_seat: int | None
    tsumo: bool
    win_tile: Tile
    hand: str
    han: int
    fu: int
    yaku: tuple[str, ...]
    base: tuple[int, int, int, int]
    bonus: tuple[int, int, int, int]
    liable: int | None = None

    @property
    def deltas(self) -> tuple[int, int, int, int]:
        """Transfers including the honba bonus."""
        return tuple(a + b for a, b in zip(self.base, self.bonus, strict=True))  # type: ignore[return-value]

    @property
    def value(self) -> int:
        """Points the winner receives for the hand (honba included, sticks not)."""
        return self.deltas[self.seat]

    def without_bonus(self, honba_points: int) -> WinInfo:
        """The same win with no honba paid (a second winner of a double ron)."""
        return replace(self, bonus=(0,) * len(self.bonus))

    def to_json(self) -> dict[str, Any]:
        """The win as a JSON object for the game log."""
        return {
            "seat": self.seat,
            "from": self.from_seat,
            "tsumo": self.tsumo,
            "tile": str(self.win_tile),
            "hand": self.hand,
            "han": self.han,
            "fu": self.fu,
            "yaku": list(self.yaku),
            "deltas": list(self.deltas),
            "pao": self.liable,
        }

    def with_liability(self, liable: int, honba_payer: str, honba_points: int, honba: int) -> WinInfo:
        """Re-split the payment for pao (sekinin barai, 001:778-795): on a tsumo (or a rinshan
        win off a fed kan) the liable player pays the whole value; on a ron by someone else the
        liable player and the discarder pay half each.  Honba are paid by the discarder
        (``honba_payer = "discarder"``) or by the liable player; on a tsumo by the liable player."""
        value = self.base[self.seat]
        base = [0] * len(self.base)
        bonus = [0] * len(self.base)
        base[self.seat] = value
        bonus[self.seat] = honba * honba_points
        if self.from_seat is None or self.from_seat == liable:
            base[liable] -= value
            bonus[liable] -= honba * honba_points
        else:
            half = value // 2
            base[liable] -= half
            base[self.from_seat] -= value - half
            payer = self.from_seat if honba_payer == "discarder" else liable
            bonus[payer] -= honba * honba_points
        return replace(self, base=tuple(base), bonus=tuple(bonus), liable=liable)  # type: ignore[arg-type]


def payment_deltas(payment: Any, seat: int, dealer: int, from_seat: int | None, n: int = 4) -> list[int]:
    """Per-seat deltas of a scoring-engine payment (without honba and sticks) at a table of ``n``:
    ``seat`` wins from ``from_seat`` (ron) or from everyone (tsumo, None)."""
    d = [0] * n
    if from_seat is not None:
        amount = int(payment.ron)
        d[from_seat] -= amount
        d[seat] += amount
        return d
    for other in range(n):
        if other == seat:
            continue
        if seat == dealer:
            amount = int(payment.all)
        else:
            amount = int(payment.dealer if other == dealer else payment.non_dealer)
        d[other] -= amount
        d[seat] += amount
    return d


def score_win(
    rules: Any,
    hand: Hand,
    *,
    seat: int,
    from_seat: int | None,
    win_tile: Tile,
    dealer: int,
    tsumo: bool,
    honba: int,
    sticks: int,
    **flags: Any,
) -> WinInfo | None:
    """Score ``seat`` winning with ``hand`` (14+ tiles including ``win_tile``); None if
    the hand is not a legal win (no yaku, or not complete)."""
    from trainer.engine.scoring import ScoringError, WinContext, score_hand

    n = int(getattr(rules, "players", 4))
    ctx = WinContext(win_tile=win_tile, tsumo=tsumo, honba=honba, riichi_sticks=0, **flags)
    try:
        result = score_hand(hand, ctx, rules)
    except ScoringError:
        return None
    base = payment_deltas(result.payment, seat, dealer, from_seat, n)
    hp = int(getattr(rules, "honba_points", 300))
    bonus = [0] * n
    if honba:
        if from_seat is not None:
            bonus[from_seat] -= honba * hp
            bonus[seat] += honba * hp
        else:
            for other in range(n):
                if other != seat:
                    bonus[other] -= honba * (hp // (n - 1))
                    bonus[seat] += honba * (hp // (n - 1))
    names = tuple(str(getattr(y, "id", y)) for y in result.yaku)
    return WinInfo(
        seat=seat,
        from_seat=from_seat,
        tsumo=tsumo,
        win_tile=win_tile,
        hand=str(hand),
        han=int(result.han),
        fu=int(result.fu),
        yaku=names,
        base=tuple(base),  # type: ignore[arg-type]
        bonus=tuple(bonus),  # type: ignore[arg-type]
    )


def draw_payments(tenpai: tuple[int, ...], total: int, n: int = 4) -> list[int]:
    """Noten payments at an exhaustive draw (001:803): the noten players together pay
    ``total`` to the tenpai players, split evenly on both sides; nothing if all or none
    of the ``n`` players are tenpai."""
    d = [0] * n
    if not tenpai or len(tenpai) == n:
        return d
    noten = [i for i in range(n) if i not in tenpai]
    for i in tenpai:
        d[i] += total // len(tenpai)
    for i in noten:
        d[i] -= total // len(noten)
    return d


def nagashi_deltas(rules: Any, seats: tuple[int, ...], dealer: int) -> list[int]:
    """Nagashi mangan payments: each qualifying player is paid a mangan as if by tsumo
    (001:976): 4000 all for the dealer, 4000/2000 for a non-dealer (at three players as
    the rules' three-player tsumo payments say)."""
    from trainer.engine.points import payment

    n = int(getattr(rules, "players", 4))
    d = [0] * n
    for w in seats:
        pay = payment(2000, dealer=w == dealer, tsumo=True, rules=rules)
        for other in range(n):
            if other == w:
                continue
            amount = int(pay.all if pay.all is not None else (pay.dealer if other == dealer else pay.non_dealer))
            d[other] -= amount
            d[w] += amount
    return d
