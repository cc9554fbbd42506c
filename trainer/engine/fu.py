"""Fu (minipoints), itemised the way a teacher counts them.

Every item has an id (a stable key for lessons and translations), its value
and the tiles it is about.  The order is the order of a written calculation:

1. ``fuutei`` 20 (the base; seven pairs is a flat 25 instead, ``chiitoitsu``);
2. the win: ``menzen_ron`` +10 for a closed ron, ``tsumo`` +2 for a self-draw
   (``pinfu_tsumo`` and, where a rule set says so, ``rinshan_tsumo`` give 0);
3. each triplet or quad: ``minkou``/``ankou``/``minkan``/``ankan`` with
   ``_simple`` (2..8) or ``_yaochuu`` (terminals and honors): 2/4/8/16 doubled
   for yaochuu; a triplet finished by ron counts as open (``by_ron``);
4. the pair: ``pair_dragon``, ``pair_seat_wind``, ``pair_round_wind`` or
   ``pair_double_wind`` (both at once; 4 or 2 fu by rule);
5. the wait: ``wait_kanchan``, ``wait_penchan``, ``wait_tanki`` +2;
6. ``open_pinfu`` +2 when an open hand won by ron has no fu at all (so it
   rounds to 30);
7. rounding up to the next 10 (never for seven pairs).

Seeds: 001:596-633, 004:56-72, 003:150-165 (seed-digest-riichi.md section 3).
"""

from __future__ import annotations

from typing import NamedTuple

from trainer.engine.decompose import Form, GroupKind, Reading
from trainer.engine.notation import format_tiles
from trainer.engine.rules import Rules
from trainer.engine.waits import Placement, WaitShape

FU_ITEM_IDS = (
    "fuutei", "chiitoitsu", "menzen_ron", "tsumo", "pinfu_tsumo", "rinshan_tsumo",
    "minkou_simple", "minkou_yaochuu", "ankou_simple", "ankou_yaochuu",
    "minkan_simple", "minkan_yaochuu", "ankan_simple", "ankan_yaochuu",
    "pair_dragon", "pair_seat_wind", "pair_round_wind", "pair_double_wind",
    "wait_kanchan", "wait_penchan", "wait_tanki", "open_pinfu",
)  # fmt: skip
"""Every fu item id, in the order a breakdown lists them."""

_SET_FU = {  # (kind, open, yaochuu) -> (id, fu)
    ("triplet", True, False): ("minkou_simple", 2),
    ("triplet", True, True): ("minkou_yaochuu", 4),
    ("triplet", False, False): ("ankou_simple", 4),
    ("triplet", False, True): ("ankou_yaochuu", 8),
    ("quad", True, False): ("minkan_simple", 8),
    ("quad", True, True): ("minkan_yaochuu", 16),
    ("quad", False, False): ("ankan_simple", 16),
    ("quad", False, True): ("ankan_yaochuu", 32),
}
_WAIT_FU = {
    WaitShape.KANCHAN: "wait_kanchan",
    WaitShape.PENCHAN: "wait_penchan",
    WaitShape.TANKI: "wait_tanki",
}


class FuItem(NamedTuple):
    """One line of a fu calculation: what it is (``id``), how much (``fu``), which tiles,
    and ``by_ron`` for a triplet that counts as open because the ron tile finished it."""

    id: str
    fu: int
    kinds: tuple[int, ...] = ()
    by_ron: bool = False

    @property
    def tiles(self) -> str:
        """The tiles the item is about in MPSZ notation (``'999m'``), or ``''``."""
        return format_tiles(self.kinds) if self.kinds else ""

    def to_json(self) -> dict:
        """The item as a JSON-ready dict."""
        d: dict = {"id": self.id, "fu": self.fu}
        if self.tiles:
            d["tiles"] = self.tiles
        if self.by_ron:
            d["by_ron"] = True
        return d


_CHIITOITSU = FuItem("chiitoitsu", 25)
_FUUTEI = FuItem("fuutei", 20)
_MENZEN_RON = FuItem("menzen_ron", 10)
_PINFU_TSUMO = FuItem("pinfu_tsumo", 0)
_RINSHAN_TSUMO = FuItem("rinshan_tsumo", 0)
_TSUMO = FuItem("tsumo", 2)
_OPEN_PINFU = FuItem("open_pinfu", 2)
_PAIR_FU = 2  # a pair of dragons, or of the seat or the round wind
_WAIT_FU_EACH = 2  # kanchan, penchan or tanki


def _yaochuu(k: int) -> bool:
    return k >= 27 or k % 9 in (0, 8)


def fu_items(
    reading: Reading,
    placement: Placement,
    *,
    closed: bool,
    tsumo: bool,
    rinshan: bool,
    pinfu: bool,
    seat: int,
    round_wind: int,
    win_kind: int,
    rules: Rules,
) -> tuple[FuItem, ...]:
    """The itemised fu of one reading with the winning tile in one place.

    ``pinfu`` says whether the hand scores the pinfu yaku (its tsumo gets no
    fu); ``rinshan`` applies the rule set's rinshan-tsumo option.  Thirteen
    orphans has no fu (yakuman), so it gets an empty tuple.
    """
    if reading.form is Form.SEVEN_PAIRS:
        return (_CHIITOITSU,)
    if reading.form is Form.THIRTEEN_ORPHANS:
        return ()
    items = [_FUUTEI]
    if closed and not tsumo:
        items.append(_MENZEN_RON)
    if tsumo:
        if pinfu:
            items.append(_PINFU_TSUMO)
        elif rinshan and not rules.rinshan_tsumo_fu:
            items.append(_RINSHAN_TSUMO)
        else:
            items.append(_TSUMO)
    win_index = placement.group_index
    shape = placement.shape
    pair = None
    for i, g in enumerate(reading.groups):
        kind = g.kind
        if kind is GroupKind.RUN:
            continue
        if kind is GroupKind.PAIR:
            pair = g
            continue
        by_ron = i == win_index and not tsumo and shape is WaitShape.SHANPON
        is_open = g.open or by_ron
        name = "quad" if kind is GroupKind.QUAD else "triplet"
        fid, fu = _SET_FU[(name, is_open, _yaochuu(g.first))]
        items.append(FuItem(fid, fu, g.kinds(), by_ron))
    if pair is not None:
        k = pair.first
        tiles = (k, k)
        if k >= 31:
            items.append(FuItem("pair_dragon", _PAIR_FU, tiles))
        elif k == seat and k == round_wind:
            items.append(FuItem("pair_double_wind", rules.double_wind_pair_fu, tiles))
        elif k == seat:
            items.append(FuItem("pair_seat_wind", _PAIR_FU, tiles))
        elif k == round_wind:
            items.append(FuItem("pair_round_wind", _PAIR_FU, tiles))
    wait = _WAIT_FU.get(shape)
    if wait is not None:
        items.append(FuItem(wait, _WAIT_FU_EACH, (win_kind,)))
    if not closed and not tsumo and rules.open_pinfu_fu and sum(i.fu for i in items) == 20:
        items.append(_OPEN_PINFU)
    return tuple(items)


def round_fu(items: tuple[FuItem, ...]) -> int:
    """The fu of a hand: the items' sum rounded up to the next 10 (seven pairs stays 25)."""
    total = sum(i.fu for i in items)
    if len(items) == 1 and items[0].id == "chiitoitsu":
        return total
    return -(-total // 10) * 10


def fu_breakdown(result_or_items: object) -> list[str]:
    """A teacher's working of the fu as text lines, e.g. ``[' 20  fuutei', ' +8  ankou_yaochuu 999m',
    ..., '= 38 -> 40']``; accepts a ScoreResult or a tuple of FuItem."""
    items = getattr(result_or_items, "fu_items", result_or_items)
    assert isinstance(items, tuple)
    lines = []
    for n, item in enumerate(items):
        sign = "" if n == 0 else "+"
        extra = f" {item.tiles}" if item.tiles else ""
        ron = " (by ron: counts as open)" if item.by_ron else ""
        lines.append(f"{sign + str(item.fu):>3}  {item.id}{extra}{ron}")
    total = sum(i.fu for i in items)
    if items:
        rounded = round_fu(items)
        lines.append(f"= {total}" + (f" -> {rounded}" if rounded != total else ""))
    return lines


def item_fu(fu_id: str, rules: Rules) -> int:
    """The fu one item of a breakdown is worth under ``rules`` (what a teacher writes beside it).

    Read from the same constants :func:`fu_items` uses, so a quiz can show the value of an item
    the hand does not score (a wrong pick) without restating the rule.  Raises ``KeyError`` for
    an id that is not in :data:`FU_ITEM_IDS`.
    """
    fixed = {i.id: i.fu for i in (_CHIITOITSU, _FUUTEI, _MENZEN_RON, _PINFU_TSUMO, _RINSHAN_TSUMO, _TSUMO,
                                  _OPEN_PINFU)}
    if fu_id in fixed:
        return fixed[fu_id]
    sets = dict(_SET_FU.values())
    if fu_id in sets:
        return sets[fu_id]
    if fu_id == "pair_double_wind":
        return rules.double_wind_pair_fu
    if fu_id in ("pair_dragon", "pair_seat_wind", "pair_round_wind"):
        return _PAIR_FU
    if fu_id in _WAIT_FU.values():
        return _WAIT_FU_EACH
    raise KeyError(f"unknown fu item id {fu_id!r}")


__all__ = ["FU_ITEM_IDS", "FuItem", "fu_breakdown", "fu_items", "item_fu", "round_fu"]
