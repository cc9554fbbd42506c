"""Value: what the hand is likely worth if it wins, with and without riichi.

* A **tenpai** hand is scored exactly: every winning tile still to come is put into
  the hand and scored by :func:`trainer.engine.scoring.score_hand` as a ron with
  riichi; the dama (黙聴, no riichi) value is the same hand without the riichi han,
  or nothing when riichi is its only yaku.  Ura dora are expected on about a third
  of riichi wins (one more han).
* A hand **not yet tenpai** is estimated from what it holds: dora and red fives,
  yakuhai triplets (and pairs, at a discount), tanyao when every tile is a simple,
  honitsu when the hand is one suit with honors, toitoi for an open hand of pons,
  and riichi for a closed hand.

Values are ron points for the player (dealer x1.5 as the tables do), without
honba and sticks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from trainer.engine.evaluator.reasons import Reason, reason
from trainer.engine.hand import Hand, Meld, MeldKind
from trainer.engine.points import basic_points, payment
from trainer.engine.scoring import ScoringError, WinContext, score_hand
from trainer.engine.tiles import DRAGONS, Tile, dora_from_indicator, is_yaochuu

URA_CHANCE = 0.35
TOITOI_SETS = 4
"""An open hand of pons heads for toitoi when its pons and concealed pairs number at least this."""
_CACHE: dict[tuple, HandValue] = {}
_CACHE_LIMIT = 50_000


@dataclass(frozen=True, slots=True)
class HandValue:
    """The likely value of a hand: ``dama`` (ron points without riichi; 0 when the hand would
    have no yaku) and ``riichi`` (expected ron points with riichi and ura dora; 0 for an open
    hand), the ``han`` behind the dama figure, whether it was scored ``exact`` (tenpai), and
    the reasons."""

    dama: float
    riichi: float
    han: float
    exact: bool
    reasons: tuple[Reason, ...]

    @property
    def best(self) -> float:
        """The better of the dama and riichi values."""
        return max(self.dama, self.riichi)


def ron_points(han: float, fu: int, dealer: bool, rules: Any) -> float:
    """Ron points of ``han`` han and ``fu`` fu for the dealer or not; a fractional han (an
    expectation) is valued between the two whole han around it."""
    if han < 1:
        return 0.0
    low = int(han)
    frac = han - low
    value = _ron(low, fu, dealer, rules)
    if frac > 0:
        value += frac * (_ron(low + 1, fu, dealer, rules) - value)
    return value


def _ron(han: int, fu: int, dealer: bool, rules: Any) -> int:
    basic, _ = basic_points(min(han, 13), fu, rules)
    return payment(basic, dealer=dealer, tsumo=False, rules=rules).ron or 0


def tenpai_value(hand: Hand, waits: Sequence[int], unseen: Sequence[int], *, seat_wind: int,
                 round_wind: int, dora_indicators: tuple[Tile, ...], rules: Any) -> HandValue:
    """Exact value of a tenpai ``hand`` (3n+1 tiles) over its ``waits``, weighted by copies left."""
    closed = hand.is_closed
    key = (hand, tuple(waits), tuple(unseen[k] for k in waits), seat_wind, round_wind, dora_indicators,
           rules.name)
    hit = _CACHE.get(key)
    if hit is not None:
        return hit
    dealer = seat_wind == 27
    total_w = dama_sum = riichi_sum = han_sum = 0.0
    dama_w = 0.0
    yaku_seen: set[str] = set()
    for k in waits:
        w = unseen[k] if unseen[k] > 0 else 0.01
        tile = Tile(k)
        full = Hand(tuple(sorted((*hand.concealed, tile))), hand.melds)
        ctx = WinContext(win_tile=tile, riichi=closed, seat_wind=seat_wind, round_wind=round_wind,
                         dora_indicators=dora_indicators)
        try:
            res = score_hand(full, ctx, rules)
        except ScoringError:
            total_w += w
            continue
        total_w += w
        fu = res.fu
        names = [y.id for y in res.yaku]
        yaku_seen.update(n for n in names if n != "riichi")
        if closed:
            han = res.han
            riichi_sum += w * ((1 - URA_CHANCE) * ron_points(han, fu, dealer, rules)
                               + URA_CHANCE * ron_points(han + 1, fu, dealer, rules))
            if any(n != "riichi" for n in names) or res.yakuman:
                dama = res.payment.hand_value if res.yakuman else ron_points(han - 1, fu, dealer, rules)
                dama_sum += w * dama
                dama_w += w
                han_sum += w * (han - 1)
        else:
            dama_sum += w * res.payment.hand_value
            dama_w += w
            han_sum += w * res.han
    if total_w == 0:
        out = HandValue(0.0, 0.0, 0.0, True, (reason("no_winning_tiles"),))
    else:
        dama = dama_sum / total_w
        riichi = riichi_sum / total_w
        han = han_sum / dama_w if dama_w else 0.0
        notes = [reason("value_exact", dama=round(dama), riichi=round(riichi), han=round(han, 1))]
        if not dama_w:
            notes.append(reason("no_yaku_without_riichi" if closed else "no_yaku"))
        elif dama_w < total_w:
            notes.append(reason("yaku_on_some_waits", share=round(dama_w / total_w, 2)))
        for y in sorted(yaku_seen):
            notes.append(reason("yaku", id=y))
        out = HandValue(dama, riichi, han, True, tuple(notes))
    if len(_CACHE) > _CACHE_LIMIT:
        _CACHE.clear()
    _CACHE[key] = out
    return out


def estimate_value(counts: Sequence[int], melds: Sequence[Meld], red: int, *, seat_wind: int,
                   round_wind: int, dora_indicators: tuple[Tile, ...], open_tanyao: bool,
                   rules: Any) -> HandValue:
    """Estimated value of a hand that is not yet tenpai (concealed ``counts`` and ``melds``,
    ``red`` red fives held), from the yaku it is heading for and its dora."""
    closed = all(not m.is_open for m in melds)
    dealer = seat_wind == 27
    dora_kinds = [dora_from_indicator(t.kind) for t in dora_indicators]
    all_counts = list(counts)
    for m in melds:
        for t in m.tiles:
            all_counts[t.kind] += 1
    dora = sum(all_counts[k] for k in dora_kinds) + red
    notes: list[Reason] = []
    han = float(dora)
    if dora:
        notes.append(reason("dora", count=dora))
    yakuhai = {*DRAGONS, seat_wind, round_wind}
    yaku = 0.0
    for k in sorted(yakuhai):
        doubled = 2 if k == seat_wind == round_wind else 1
        if all_counts[k] >= 3:
            yaku += doubled
            notes.append(reason("yakuhai", kind=k))
        elif counts[k] == 2:
            yaku += 0.35 * doubled
            notes.append(reason("yakuhai_pair", kind=k))
    loose = sum(counts[k] for k in range(34) if is_yaochuu(k))
    in_melds = any(is_yaochuu(t.kind) for m in melds for t in m.tiles)
    if loose <= 1 and not in_melds and (closed or open_tanyao):  # one terminal or honor still to throw
        yaku += 1
        left = [k for k in range(34) if counts[k] and is_yaochuu(k)]
        # the one terminal or honor still held: tanyao once it is thrown
        notes.append(reason("tanyao", throw=left[0]) if left else reason("tanyao"))
    suits = [sum(all_counts[s * 9:(s + 1) * 9]) for s in range(3)]
    honors = sum(all_counts[27:])
    main = max(range(3), key=lambda s: suits[s])
    if suits[main] + honors >= sum(all_counts) - 2 and suits[main] >= 6:
        flush = (3 if honors == 0 else 2) if closed else (2 if honors == 0 else 1)
        yaku += flush * (1.0 if suits[main] + honors == sum(all_counts) else 0.6)
        notes.append(reason("honitsu" if honors else "chinitsu", suit="mps"[main]))
    if not closed and melds and all(m.kind is not MeldKind.CHI for m in melds):
        pairs = sum(1 for c in counts if c >= 2)
        if pairs + len(melds) >= TOITOI_SETS:
            yaku += 2
            notes.append(reason("toitoi"))
    has_yaku = yaku >= 1 or closed
    riichi = 0.0
    dama_han = han + yaku
    if closed:
        riichi_han = dama_han + 1 + URA_CHANCE + 0.3
        riichi = float(ron_points(max(1.0, riichi_han), 30, dealer, rules))
    dama = float(ron_points(dama_han, 30, dealer, rules)) if yaku >= 1 else 0.0
    if not has_yaku:
        notes.append(reason("no_yaku"))
    notes.insert(0, reason("value_estimate", dama=round(dama), riichi=round(riichi), han=round(dama_han, 1)))
    return HandValue(dama, riichi, dama_han, False, tuple(notes))


__all__ = ["HandValue", "estimate_value", "ron_points", "tenpai_value"]
