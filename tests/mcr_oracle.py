"""PyMahjongGB (the GB / MCR fan calculator) as a test oracle: our hands in, our fan ids out.

Test-only: the engine never imports this.  ``gb_fans`` returns None when the
library refuses the hand (it raises on hands under 8 points or non-winning hands).
"""

from __future__ import annotations

from collections import Counter

from trainer.engine.hand import Hand, MeldKind
from trainer.engine.mcr.detect import Situation

GB_NAMES = {
    "大四喜": "big_four_winds", "大三元": "big_three_dragons", "绿一色": "all_green", "九莲宝灯": "nine_gates",
    "四杠": "four_kongs", "连七对": "seven_shifted_pairs", "十三幺": "thirteen_orphans", "清幺九": "all_terminals",
    "小四喜": "little_four_winds", "小三元": "little_three_dragons", "字一色": "all_honors",
    "四暗刻": "four_concealed_pungs", "一色双龙会": "pure_terminal_chows", "一色四同顺": "quadruple_chow",
    "一色四节高": "four_pure_shifted_pungs", "一色四步高": "four_pure_shifted_chows", "三杠": "three_kongs",
    "混幺九": "all_terminals_and_honors", "七对": "seven_pairs", "七星不靠": "greater_honors_and_knitted_tiles",
    "全双刻": "all_even_pungs", "清一色": "full_flush", "一色三同顺": "pure_triple_chow",
    "一色三节高": "pure_shifted_pungs", "全大": "upper_tiles", "全中": "middle_tiles", "全小": "lower_tiles",
    "清龙": "pure_straight", "三色双龙会": "three_suited_terminal_chows", "一色三步高": "pure_shifted_chows",
    "全带五": "all_fives", "三同刻": "triple_pung", "三暗刻": "three_concealed_pungs",
    "全不靠": "lesser_honors_and_knitted_tiles", "组合龙": "knitted_straight", "大于五": "upper_four",
    "小于五": "lower_four", "三风刻": "big_three_winds", "花龙": "mixed_straight", "推不倒": "reversible_tiles",
    "三色三同顺": "mixed_triple_chow", "三色三节高": "mixed_shifted_pungs", "无番和": "chicken_hand",
    "妙手回春": "last_tile_draw", "海底捞月": "last_tile_claim", "杠上开花": "out_with_replacement_tile",
    "抢杠和": "robbing_the_kong", "碰碰和": "all_pungs", "混一色": "half_flush", "三色三步高": "mixed_shifted_chows",
    "五门齐": "all_types", "全求人": "melded_hand", "双暗杠": "two_concealed_kongs", "双箭刻": "two_dragon_pungs",
    "明暗杠": "concealed_kong_and_melded_kong", "全带幺": "outside_hand", "不求人": "fully_concealed",
    "双明杠": "two_melded_kongs", "和绝张": "last_tile", "箭刻": "dragon_pung", "圈风刻": "prevalent_wind",
    "门风刻": "seat_wind", "门前清": "concealed_hand", "平和": "all_chows", "四归一": "tile_hog",
    "双同刻": "double_pung", "双暗刻": "two_concealed_pungs", "暗杠": "concealed_kong", "断幺": "all_simples",
    "一般高": "pure_double_chow", "喜相逢": "mixed_double_chow", "连六": "short_straight",
    "老少副": "two_terminal_chows", "幺九刻": "pung_of_terminals_or_honors", "明杠": "melded_kong",
    "缺一门": "one_voided_suit", "无字": "no_honors", "自摸": "self_drawn", "花牌": "flower_tiles",
}  # fmt: skip
_WAITS = {"边": "edge_wait", "嵌": "closed_wait", "坎": "closed_wait", "单钓": "single_wait"}
_SUIT = "WBT"
_HONOR = {27: "F1", 28: "F2", 29: "F3", 30: "F4", 31: "J3", 32: "J2", 33: "J1"}


def gb_tile(kind: int) -> str:
    """Our kind as a PyMahjongGB tile code (W characters, B dots, T bamboo, F winds, J dragons)."""
    return _HONOR[kind] if kind >= 27 else f"{_SUIT[kind // 9]}{kind % 9 + 1}"


def gb_id(name: str) -> str:
    """Our fan id for a PyMahjongGB fan name."""
    if name in GB_NAMES:
        return GB_NAMES[name]
    for part, fan in _WAITS.items():
        if part in name:
            return fan
    raise KeyError(name)


def gb_fans(hand: Hand, sit: Situation, values: dict[str, int]) -> Counter[str] | None:
    """The fans PyMahjongGB counts for the hand (fan id -> times), or None if it refuses it."""
    from MahjongGB import MahjongFanCalculator

    pack = []
    for m in hand.melds:
        if m.kind is MeldKind.CHI:
            pack.append(("CHI", gb_tile(m.first + 1), 1))
        elif m.kind is MeldKind.PON:
            pack.append(("PENG", gb_tile(m.first), 2))
        else:
            pack.append(("GANG", gb_tile(m.first), 0 if m.kind is MeldKind.KAN_CLOSED else 2))
    tiles = [t.kind for t in hand.concealed]
    tiles.remove(sit.win)
    try:
        got = MahjongFanCalculator(
            tuple(pack),
            tuple(gb_tile(k) for k in tiles),
            gb_tile(sit.win),
            sit.flowers,
            sit.self_drawn,
            sit.last_copy,
            sit.rinshan or sit.chankan,
            sit.haitei or sit.houtei,
            sit.seat - 27,
            sit.round - 27,
        )
    except Exception:  # noqa: BLE001 - the library raises plain exceptions for refused hands
        return None
    out: Counter[str] = Counter()
    for points, name in got:
        fan = gb_id(name)
        out[fan] += points // values[fan]
    return out
