"""What a ready kunto hand is worth: steps 5 and 11-13 of the seed's kunto procedure (000:3467-3471).

* **Base value** (step 5, "определите ожидания и базовую стоимость"): the value the kunto table
  itself gives a win (:func:`trainer.engine.game.training_scoring.value_of`, scheme ``kunto``):
  1 han for each four of a kind kept in the hand (okurikan) — the procedure declares no riichi,
  so the yakuhai han of the kunto rules never counts, and its tile sets have no winds to double
  it.  A ready hand may be worth different amounts on different waits (drawing the fourth copy
  of a kind makes an okurikan), so the base value asked is the win on its best wait;
  :func:`base_values` gives the value on every wait.
* **Yaku and value** (steps 11 and 13): the 13-tile hand's riichi value under the Tenhou preset
  (:func:`trainer.engine.scoring.score_hand`): the best win off a discard (ron, no riichi, no dora,
  a non-dealer's seat) over its waits — the yaku of the hand's own shape, without the
  situational ones a tsumo or a riichi would add.
* **The smallest exchange that adds han** (step 12): every exchange of one tile (throw one back,
  draw one of the tiles still to come) that keeps the hand ready, with its best value after;
  the tiles to throw back are those of the exchanges that raise the han.

Every answer comes from these functions; the kunto practice (:mod:`.kunto_practice`) and the
``kunto_hand`` drill's reviews (:mod:`.kunto`) ask them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from trainer.engine.exercises.base import Option
from trainer.engine.hand import Hand
from trainer.engine.notation import format_tiles
from trainer.engine.scoring import ScoreResult, ScoringError, WinContext, score_hand
from trainer.engine.tiles import SOUTH, Tile, kind_name
from trainer.engine.waits import waits as plain_waits

PRESET = "tenhou"
"""The rule preset of steps 11-13 (han, fu and points as at Tenhou)."""
COMMON_YAKU = ("tanyao", "pinfu", "iipeikou", "sanshoku", "ittsu", "chanta", "junchan", "sanankou", "honitsu",
               "chinitsu")
"""Yaku a closed hand of number tiles may show by its shape; wrong options are drawn from these."""


@cache
def _rules() -> Any:
    from trainer.engine.rules import load_rules

    return load_rules(PRESET)


# ---------------------------------------------------------------- step 5: the kunto table's value


def base_values(hand: Sequence[Tile], wait_kinds: Iterable[int]) -> list[dict[str, Any]]:
    """The kunto table's value of the win on each wait of a ready hand: one row per wait with the
    winning ``tile``, the ``han`` (:func:`value_of` with scheme ``kunto``, no riichi) and the
    ``quads`` kept in the hand with it (the okurikan that make the han)."""
    from trainer.engine.game.training_scoring import Win, value_of

    rows = []
    for w in wait_kinds:
        full = Hand(tuple(sorted([*hand, Tile(w)])))
        value = value_of("kunto", Win(full, Tile(w), tsumo=True, riichi=False, seat=0, dealer=0, players=1))
        counts = Counter(t.kind for t in full.concealed)
        quads = [k for k, n in sorted(counts.items()) if n == 4]
        rows.append({"kind": "kunto_value", "tile": kind_name(w), "han": value.han,
                     "quads": format_tiles([Tile(k) for k in quads])})
    return rows


def base_value(rows: Sequence[dict[str, Any]]) -> int:
    """The base value asked at step 5: the han of the win on the best wait (0 without a wait)."""
    return max((r["han"] for r in rows), default=0)


# ---------------------------------------------------------------- steps 11 and 13: yaku and value


@dataclass(frozen=True, slots=True)
class Value:
    """A 13-tile hand's best win off a discard: the winning ``tile`` (None: no wait wins, the hand
    has no yaku), the ``yaku`` ids with their han, ``han``, ``fu`` and ``points``."""

    tile: int | None
    yaku: tuple[tuple[str, int], ...] = ()
    han: int = 0
    fu: int = 0
    points: int = 0
    result: ScoreResult | None = None

    @property
    def key(self) -> str:
        """The value as an option's machine value: ``yaku+yaku:han:fu:points`` or ``none``."""
        if not self.yaku:
            return "none"
        return f"{'+'.join(y for y, _h in self.yaku)}:{self.han}:{self.fu}:{self.points}"


def ron_value(hand: Sequence[Tile], tile: int) -> Value:
    """The value of winning ``hand`` + ``tile`` off a discard (no riichi, no dora, seat South) by
    the Tenhou preset; a win without yaku is worth nothing (``Value(None)``)."""
    full = Hand(tuple(sorted([*hand, Tile(tile)])))
    ctx = WinContext(win_tile=Tile(tile), tsumo=False, seat_wind=SOUTH)
    try:
        res = score_hand(full, ctx, _rules())
    except ScoringError:
        return Value(None)
    if res.yakuman:
        yaku = tuple((str(y.id), 13 * y.yakuman) for y in res.yaku)
    else:
        yaku = tuple((str(y.id), y.han) for y in res.yaku)
    return Value(tile, yaku, res.han, res.fu, res.payment.total, res)


def best_value(hand: Sequence[Tile], wait_kinds: Iterable[int] | None = None) -> Value:
    """The hand's value on its best wait (most points, then most han); ``Value(None)`` when no wait
    gives a yaku.  ``wait_kinds`` defaults to the hand's plain waits."""
    ws = plain_waits(Hand(tuple(sorted(hand)))) if wait_kinds is None else tuple(wait_kinds)
    best = Value(None)
    for w in ws:
        v = ron_value(hand, w)
        if v.tile is not None and (best.tile is None or (v.points, v.han) > (best.points, best.han)):
            best = v
    return best


def value_items(value: Value) -> list[dict[str, Any]]:
    """The explanation of a value: each yaku with its han, then the total (tile, han, fu, points),
    or one ``kunto_no_yaku`` item."""
    if value.tile is None:
        return [{"kind": "kunto_no_yaku"}]
    items: list[dict[str, Any]] = [{"kind": "yaku", "id": y, "han": h, "yakuman": 0} for y, h in value.yaku]
    items.append({"kind": "kunto_ron", "tile": kind_name(value.tile), "han": value.han, "fu": value.fu,
                  "points": value.points})
    return items


def looks_possible(yaku: str, hand: Sequence[Tile]) -> bool:
    """Whether a learner could believe this 13-tile ``hand`` has ``yaku`` at a glance — a wrong
    option worth offering: one suit (and honors) for most of the hand before a flush, a run of
    five ranks of one suit before a straight, a rank run in two suits before sanshoku, at most two
    terminals or honors before all simples, four or more before the outside hands, two triplets
    (or three pairs) before three concealed triplets."""
    kinds = [t.kind for t in hand]
    numbers = [k for k in kinds if k < 27]
    suits = Counter(k // 9 for k in numbers)
    edge = sum(1 for k in kinds if k >= 27 or k % 9 in (0, 8))
    if yaku in ("honitsu", "chinitsu"):
        return bool(suits) and suits.most_common(1)[0][1] >= len(hand) - 4
    if yaku == "ittsu":
        return any(len({k % 9 for k in numbers if k // 9 == s}) >= 5 for s in suits)
    if yaku == "sanshoku":
        ranks = [{k % 9 for k in numbers if k // 9 == s} for s in range(3)]
        return any(len(ranks[a] & ranks[b]) >= 2 for a in range(3) for b in range(a + 1, 3))
    if yaku == "tanyao":
        return edge <= 2
    if yaku in ("chanta", "junchan"):
        return edge >= 4
    if yaku == "sanankou":
        held = Counter(kinds).values()
        return sum(1 for c in held if c >= 3) >= 2 or sum(1 for c in held if c >= 2) >= 3
    return True


def value_options(value: Value, rng: Any, n: int = 4, hand: Sequence[Tile] = ()) -> list[Option]:
    """``n`` options for "what is the hand worth": the right one and wrong ones that drop a yaku,
    add a common yaku it lacks (one the ``hand`` could be believed to have, when given:
    :func:`looks_possible`), or say it has none (points recomputed for each from the Tenhou table
    at the same fu: 30 fu for a hand that has no yaku), in a seeded order."""
    from trainer.engine.points import hand_value

    closed = {y: h for y, h, _o, ym in _rules().yaku_han if h and not ym}
    right = value.key
    fu = value.fu or 30
    have = [y for y, _h in value.yaku]
    sets: list[tuple[tuple[str, int], ...]] = []
    for i in range(len(value.yaku)):  # one yaku dropped
        sets.append(value.yaku[:i] + value.yaku[i + 1:])
    extra = [y for y in COMMON_YAKU if y not in have and y in closed]
    rng.shuffle(extra)
    if hand:  # the believable ones first, so a wrong option is not ruled out at a glance
        extra.sort(key=lambda y: not looks_possible(y, hand))
    for y in extra[:3]:  # one yaku too many
        sets.append((*value.yaku, (y, closed[y])))
    keys = {right}
    wrong: list[str] = []
    if right != "none":
        wrong.append("none")
        keys.add("none")
    for s in sets:
        if not s:
            continue
        han = sum(h for _y, h in s)
        pts = hand_value(han, fu, dealer=False, tsumo=False, rules=_rules()).total
        key = f"{'+'.join(y for y, _h in s)}:{han}:{fu}:{pts}"
        if key not in keys:
            keys.add(key)
            wrong.append(key)
    if right != "none" and value.han > 1:  # the right yaku with the han miscounted by one
        han = value.han + 1
        pts = hand_value(han, fu, dealer=False, tsumo=False, rules=_rules()).total
        wrong.append(f"{'+'.join(have)}:{han}:{fu}:{pts}")
    chosen = [right, *wrong[: n - 1]]
    rng.shuffle(chosen)
    return [Option(k, ref="kunto_value:" + k) for k in chosen]


# ---------------------------------------------------------------- step 12: the exchange that adds han


def raising_exchanges(hand: Sequence[Tile], left: Counter[int], now: Value | None = None) -> list[dict[str, Any]]:
    """Every tile of a ready 13-tile hand as a throw-back of a one-tile exchange: the best draw for it
    among the tiles still to come (``left``: copies of each kind not in the hand) that keeps the hand
    ready and raises its han the most, the value after, and ``best`` when that han is higher than
    now (those are the smallest exchanges that add han: one tile each).  One row per kind held,
    best first."""
    now = now if now is not None else best_value(hand)
    rows = []
    for k in sorted({t.kind for t in hand}):
        rest = list(hand)
        rest.remove(next(t for t in rest if t.kind == k))
        top: tuple[int, int, int] | None = None
        top_value: Value | None = None
        for d in range(34):
            if d == k or left[d] <= 0:
                continue
            new = sorted([*rest, Tile(d)])
            ws = plain_waits(Hand(tuple(new)))
            if not ws:
                continue
            v = best_value(new, ws)
            if v.tile is None:
                continue
            score = (v.han, v.points, -d)
            if top is None or score > top:
                top, top_value = score, v
        row: dict[str, Any] = {"kind": "kunto_raise", "tile": kind_name(k), "han_now": now.han, "best": False}
        if top_value is not None and top is not None:
            row.update(draw=kind_name(-top[2]), han=top_value.han, points=top_value.points,
                       yaku=[y for y, _h in top_value.yaku], best=top_value.han > now.han)
        rows.append(row)
    rows.sort(key=lambda r: (not r["best"], -r.get("han", -1), r["tile"]))
    return rows


__all__ = ["COMMON_YAKU", "PRESET", "Value", "base_value", "base_values", "best_value", "raising_exchanges",
           "ron_value", "value_items", "value_options"]
