"""Yaku: every yaku with a hand that has it and a near miss that does not, the
exclusions, kuisagari, per-preset values, and the seed digest's worked examples."""

from __future__ import annotations

import random

import pytest

from trainer.engine.decompose import readings
from trainer.engine.notation import parse_hand, parse_tiles
from trainer.engine.rules import load_rules
from trainer.engine.scoring import ScoringError, WinContext, score_hand
from trainer.engine.scoring_random import random_win
from trainer.engine.tiles import EAST, NORTH, SOUTH, WEST, parse_tile, wind_kind
from trainer.engine.waits import placements
from trainer.engine.yaku import PREDICATES, yaku_info

TENHOU = load_rules("tenhou")
EMA = load_rules("ema")
JPML = load_rules("jpml")


def score(hand: str, win: str, rules=TENHOU, **kw):
    """Score ``hand`` (concealed tiles with the winning tile, then melds) won on ``win``."""
    for key in ("dora_indicators", "ura_indicators"):
        if key in kw:
            kw[key] = parse_tiles(kw[key])
    for key in ("seat_wind", "round_wind"):
        if isinstance(kw.get(key), str):
            kw[key] = wind_kind(kw[key])
    kw.setdefault("seat_wind", SOUTH)
    return score_hand(parse_hand(hand), WinContext(parse_tile(win), **kw), rules)


def ids(result) -> set[str]:
    return {y.id for y in result.yaku}


def ids_or_error(hand: str, win: str, rules=TENHOU, **kw) -> set[str]:
    try:
        return ids(score(hand, win, rules, **kw))
    except ScoringError as e:
        return {f"error:{e.code}"}


# (yaku id, hand, winning tile, situation) that HAS the yaku, then a near miss that does NOT.
CASES = [
    ("riichi", ("22334s567m456p99p4s", "4s", {"riichi": True}), ("22334s567m456p99p4s", "4s", {})),
    (
        "double_riichi",
        ("22334s567m456p99p4s", "4s", {"double_riichi": True}),
        ("22334s567m456p99p4s", "4s", {"riichi": True}),
    ),
    (
        "ippatsu",
        ("22334s567m456p99p4s", "4s", {"riichi": True, "ippatsu": True}),
        ("22334s567m456p99p4s", "4s", {"riichi": True}),
    ),
    (
        "menzen_tsumo",
        ("22334s567m456p99p4s", "4s", {"tsumo": True}),
        ("67m456p345s88p5m (234m)", "5m", {"tsumo": True}),
    ),
    (
        "haitei_raoyue",
        ("67m456p345s88p5m (234m)", "5m", {"tsumo": True, "haitei": True}),
        ("67m456p345s88p5m (234m)", "5m", {"tsumo": True}),
    ),
    (
        "houtei_raoyui",
        ("67m456p345s88p5m (234m)", "5m", {"houtei": True}),
        ("67m456p345s88p5m (234m)", "5m", {}),
    ),
    (
        "rinshan_kaihou",
        ("234m567p22s (777z) [5555m]", "2s", {"tsumo": True, "rinshan": True}),
        ("234m567p22s (777z) [5555m]", "2s", {"tsumo": True}),
    ),
    (
        "chankan",
        ("67m456p345s88p5m (234m)", "5m", {"chankan": True}),
        ("67m456p345s88p5m (234m)", "5m", {}),
    ),
    # T15: pinfu only when the pair is no yakuhai (South pair, West seat, East round)
    (
        "pinfu",
        ("234m456p234s78s22z6s", "6s", {"seat_wind": WEST, "round_wind": EAST, "riichi": True}),
        ("234m456p234s78s22z6s", "6s", {"seat_wind": SOUTH, "round_wind": EAST, "riichi": True}),
    ),
    ("tanyao", ("234m456p234s678s55p", "5p", {}), ("234m456p234s678s99p", "9p", {"riichi": True})),
    ("iipeikou", ("22334s567m456p99p4s", "4s", {}), ("22334s567m456p99p1s", "1s", {"riichi": True})),
    ("yakuhai_haku", ("123m456p789s555z11s", "1s", {}), ("123m456p789s123s55z", "5z", {"riichi": True})),
    ("yakuhai_hatsu", ("123m456p789s666z11s", "1s", {}), ("123m456p789s123s66z", "6z", {"riichi": True})),
    ("yakuhai_chun", ("123m456p789s777z11s", "1s", {}), ("123m456p789s123s77z", "7z", {"riichi": True})),
    (
        "yakuhai_seat_wind",
        ("123m456p789s333z11s", "1s", {"seat_wind": WEST}),
        ("123m456p789s333z11s", "1s", {"seat_wind": NORTH, "riichi": True}),
    ),
    (
        "yakuhai_round_wind",
        ("123m456p789s222z11s", "1s", {"seat_wind": WEST, "round_wind": SOUTH}),
        ("123m456p789s222z11s", "1s", {"seat_wind": WEST, "round_wind": EAST, "riichi": True}),
    ),
    # T8: sanshoku on 4s, not on 1s
    ("sanshoku_doujun", ("234m234p23s678s55p4s", "4s", {}), ("234m234p23s678s55p1s", "1s", {})),
    ("ittsu", ("123456789m234p55s", "9m", {}), ("123456788m234p55s", "5s", {"riichi": True})),
    # E1: yakuhai + open chanta
    ("chanta", ("123m99m789p123s (777z)", "2s", {}), ("123m99m678p123s (777z)", "2s", {})),
    ("chiitoitsu", ("223344m55p77p99s11z", "1z", {}), ("223344m556677p11z", "1z", {})),
    ("toitoi", ("222m555p99s (888s) (777z)", "9s", {}), ("234m555p99s (888s) (777z)", "9s", {})),
    (
        "sanankou",
        ("45m777888999p22s3m", "3m", {"tsumo": True}),
        ("345m77788p999p22s", "8p", {"riichi": True}),
    ),
    (
        "sankantsu",
        ("234m55p [1111s] [2222p] (9999m)", "5p", {}),
        ("234m55p [1111s] [2222p] (999m)", "5p", {"tsumo": True}),
    ),
    ("sanshoku_doukou", ("222m222p222s345m99s", "9s", {}), ("222m222p333s345m99s", "9s", {"riichi": True})),
    ("honroutou", ("1199m1199p11s1122z", "2z", {}), ("1199m1199p11s2211z", "2s", {})),
    ("shousangen", ("345m999m55z666z777z", "9m", {}), ("345m999m55s666z777z", "9m", {})),
    ("honitsu", ("345m999m55z666z777z", "9m", {}), ("345m999p55z666z777z", "9p", {})),
    ("junchan", ("123m789m123p789s99s", "1p", {}), ("123m789m123p789s11z", "1p", {})),
    ("ryanpeikou", ("223344m556677p11z", "1z", {}), ("223344m567789p11z", "1z", {})),
    ("chinitsu", ("1222334456789p2p", "2p", {}), ("122233445678p11z", "1z", {})),
    # yakuman
    ("kokushi_musou", ("119m19p19s1234567z", "9m", {}), ("119m19p19s1234566z", "9m", {})),
    ("kokushi_musou_juusanmen", ("119m19p19s1234567z", "1m", {}), ("119m19p19s1234567z", "9m", {})),
    (
        "suuankou",
        ("111m222p333s444z55z", "4z", {"tsumo": True}),
        ("111m222p333s444z55z", "4z", {}),
    ),
    ("suuankou_tanki", ("111m222p333s444z55z", "5z", {}), ("111m222p333s444z55z", "4z", {"tsumo": True})),
    ("daisangen", ("345m99m555z666z777z", "5z", {}), ("345m999m55z666z777z", "9m", {})),
    ("shousuushii", ("111z222z333z44z123m", "3m", {}), ("111z222z333z55z123m", "3m", {})),
    ("daisuushii", ("111z222z333z444z55m", "5m", {}), ("111z222z333z44z123m", "3m", {})),
    ("tsuuiisou", ("111z222z333z555z77z", "7z", {}), ("111z222z333z555z11m", "1m", {})),
    ("ryuuiisou", ("223344666888s66z", "6z", {}), ("223344666888s77z", "7z", {})),
    ("chinroutou", ("111m999m111p999p11s", "1s", {}), ("111m999m111p999p11z", "1z", {})),
    ("chuuren_poutou", ("11112345678999m", "5m", {}), ("11123345678999m", "3m", {})),
    ("junsei_chuuren_poutou", ("11122345678999m", "2m", {}), ("11112345678999m", "5m", {})),
    (
        "suukantsu",
        ("55p [1111s] [2222p] (9999m) (7777z)", "5p", {}),
        ("234m55p [1111s] [2222p] (9999m)", "5p", {}),
    ),
    (
        "tenhou",
        ("234m456p234s678s55p", "5p", {"tsumo": True, "tenhou": True, "seat_wind": EAST}),
        ("234m456p234s678s55p", "5p", {"tsumo": True, "seat_wind": EAST}),
    ),
    (
        "chiihou",
        ("234m456p234s678s55p", "5p", {"tsumo": True, "chiihou": True}),
        ("234m456p234s678s55p", "5p", {"tsumo": True}),
    ),
]


@pytest.mark.parametrize(("yaku_id", "has", "lacks"), CASES, ids=[c[0] for c in CASES])
def test_every_yaku_has_a_hand_and_a_near_miss(yaku_id, has, lacks):
    hand, win, kw = has
    assert yaku_id in ids(score(hand, win, **kw))
    hand, win, kw = lacks
    kw = dict(kw)
    kw.pop("rules", None)
    assert yaku_id not in ids_or_error(hand, win, **kw)


def test_every_yaku_in_the_table_is_tested_and_has_a_predicate():
    tested = {c[0] for c in CASES} | {"renhou"}
    assert set(yaku_info()) == tested
    assert set(PREDICATES) == set(yaku_info())


def test_renhou_per_preset():
    hand, win = "234m456p234s678s55p", "5p"
    assert ids(score(hand, win, EMA, renhou=True)) == {"renhou"}
    r = score(hand, win, JPML, renhou=True)
    assert (r.han, r.limit, ids(r)) == (5, "mangan", {"renhou"})
    assert r.payment.ron == 8000
    with pytest.raises(ScoringError) as e:
        score(hand, win, TENHOU, renhou=True)
    assert e.value.code == "renhou_not_in_rules"
    # JPML renhou never combines; a hand worth more than mangan keeps its own value
    big = score("1222334456789p2p", "2p", JPML, renhou=True)
    assert "chinitsu" in ids(big) and big.payment.ron == 16000


# --------------------------------------------------------------------------- exclusions and values


def test_exclusions():
    assert ids(score("22334s567m456p99p4s", "4s", double_riichi=True)) >= {"double_riichi"}
    assert "riichi" not in ids(score("22334s567m456p99p4s", "4s", double_riichi=True, riichi=True))
    r = score("223344m556677p11z", "1z")
    assert "ryanpeikou" in ids(r) and "iipeikou" not in ids(r) and "chiitoitsu" not in ids(r)
    r = score("1222334456789p2p", "2p")
    assert "chinitsu" in ids(r) and "honitsu" not in ids(r)
    r = score("123m789m123p789s99s", "1p")
    assert "junchan" in ids(r) and "chanta" not in ids(r)
    r = score("119m19p19s1234567z", "1m")
    assert ids(r) == {"kokushi_musou_juusanmen"}


@pytest.mark.parametrize(
    ("hand", "win", "yaku_id", "closed_han", "open_hand", "open_han"),
    [
        ("234m234p23s678s55p4s", "4s", "sanshoku_doujun", 2, "234p23s4s678s55p (234m)", 1),
        ("123456789m234p55s", "9m", "ittsu", 2, "456789m234p55s (123m)", 1),
        ("123m999m789p13s11z2s", "2s", "chanta", 2, "999m789p13s2s11z (123m)", 1),
        ("123m789m123p789s99s", "1p", "junchan", 3, "789m123p789s99s (123m)", 2),
        ("345m999m55z666z777z", "9m", "honitsu", 3, "999m55z666z777z (345m)", 2),
        ("1222334456789p2p", "2p", "chinitsu", 6, "1222334456p2p (789p)", 5),
    ],
)
def test_kuisagari_open_hand_loses_one_han(hand, win, yaku_id, closed_han, open_hand, open_han):
    closed = {y.id: y.han for y in score(hand, win).yaku}
    assert closed[yaku_id] == closed_han
    opened = {y.id: y.han for y in score(open_hand, win).yaku}
    assert opened[yaku_id] == open_han


def test_tanyao_open_per_preset():
    hand = "67m456p345s88p5m (234m)"
    assert ids(score(hand, "5m", seat_wind=EAST)) == {"tanyao"}  # E4: kuitan on Tenhou
    with pytest.raises(ScoringError) as e:
        score(hand, "5m", EMA, seat_wind=EAST)  # E4 under EMA 2008: no yaku
    assert e.value.code == "no_yaku"


def test_double_yakuman_only_where_the_preset_has_them():
    for hand, win, yid in [
        ("119m19p19s1234567z", "1m", "kokushi_musou_juusanmen"),
        ("111m222p333s444z55z", "5z", "suuankou_tanki"),
        ("111z222z333z55m (444z)", "5m", "daisuushii"),
        ("11122345678999m", "2m", "junsei_chuuren_poutou"),
    ]:
        t = score(hand, win)
        e = score(hand, win, EMA)
        assert (t.yakuman, t.payment.ron) == (1, 32000), yid
        assert (e.yakuman, e.payment.ron) == (2, 64000), yid
        assert yid in ids(t) and yid in ids(e)


def test_yakuman_stacking_tenhou_and_not_jpml():
    hand, win = "111z222z333z444z55z", "5z"  # daisuushii + tsuuiisou + suuankou tanki
    t = score(hand, win)
    assert ids(t) == {"daisuushii", "tsuuiisou", "suuankou_tanki"}
    assert t.yakuman == 3 and t.payment.ron == 96000
    j = score(hand, win, JPML)
    assert j.yakuman == 1 and j.payment.ron == 32000
    e = score(hand, win, EMA)  # not cumulative: the biggest (a double) counts
    assert e.yakuman == 2


def test_ryuuiisou_hatsu_option():
    hand = "22223344666888s"
    assert "ryuuiisou" in ids(score(hand, "8s"))
    assert "ryuuiisou" not in ids(score(hand, "8s", JPML))


def test_ippatsu_not_in_jpml():
    with pytest.raises(ScoringError) as e:
        score("22334s567m456p99p4s", "4s", JPML, riichi=True, ippatsu=True)
    assert e.value.code == "ippatsu_not_in_rules"


# --------------------------------------------------------------------------- digest §9 worked examples


def test_E1_yakuhai_open_chanta_dealer_ron():
    r = score("123m99m789p123s (777z)", "2s", seat_wind=EAST, round_wind=SOUTH, dora_indicators="6p")
    assert (r.han, r.fu, r.payment.ron) == (3, 30, 5800)
    assert ids(r) == {"yakuhai_chun", "chanta"}


def test_E2_ron_shanpon_triplet_counts_open():
    r = score("234p567p444s11z [9999m]", "4s", riichi=True, dora_indicators="8m", round_wind=EAST)
    assert r.fu == 70 and r.limit == "mangan" and r.payment.ron == 8000
    r2 = score("234p567p444s11z [9999m]", "4s", riichi=True, round_wind=EAST)
    assert (r2.han, r2.fu) == (1, 70)


def test_E3_open_honitsu_rinshan_haneman():
    r = score(
        "22z567s678s (555z) (9999s)", "2z", tsumo=True, rinshan=True, seat_wind=NORTH, round_wind=SOUTH,
        dora_indicators="1z",
    )  # fmt: skip
    assert ids(r) == {"yakuhai_haku", "honitsu", "rinshan_kaihou"} and r.dora == 2
    assert (r.han, r.limit, r.payment.dealer, r.payment.non_dealer) == (6, "haneman", 6000, 3000)


def test_T10_open_honitsu_and_yakuhai():
    r = score("123456p789p11p (777z)", "1p")
    assert ids(r) == {"yakuhai_chun", "honitsu", "ittsu"}
    r = score("123p456p11p999p (777z)", "1p")
    assert ids(r) == {"yakuhai_chun", "honitsu"} and r.han == 3


def test_T14_T24_atozuke_yakuless_wait():
    # T14: 23456p waits 1p/4p/7p; only 4p/7p give tanyao
    assert ids(score("23456p234s666s55m4p", "4p", seat_wind=WEST)) == {"tanyao"}
    with pytest.raises(ScoringError) as e:
        score("123456p234s666s55m", "1p", seat_wind=WEST)
    assert e.value.code == "no_yaku"
    assert ids(score("123456p234s666s55m", "1p", seat_wind=WEST, tsumo=True)) == {"menzen_tsumo"}
    # T24: 123m 123p 1234567s waits 1s/4s/7s; 4s and 7s give sanshoku, 1s none
    for win in ("4s", "7s"):
        assert "sanshoku_doujun" in ids(score("123m123p1234567s" + win, win))
    with pytest.raises(ScoringError):
        score("123m123p1234567s1s", "1s")


def test_T36_T45_chankan_and_double_riichi():
    r = score("67m456p345s88p5m (234m)", "5m", chankan=True)
    assert {y.id: y.han for y in r.yaku}["chankan"] == 1
    r = score("22334s567m456p99p4s", "4s", double_riichi=True, riichi=True)
    assert {y.id: y.han for y in r.yaku} == {"double_riichi": 2, "pinfu": 1, "iipeikou": 1}


def test_T43_honroutou_is_at_least_four_han():
    r = score("111m999p22z (999s) (111z)", "2z")
    assert ids(r) >= {"honroutou", "toitoi"} and r.han >= 4
    assert "chanta" not in ids(r)


def test_E4_E5():
    r = score("67m456p345s88p5m (234m)", "5m", seat_wind=EAST)
    assert (r.han, r.fu, r.payment.ron) == (1, 30, 1500)
    r = score(
        "222m555p123s789s1z1z", "1z", tsumo=True, seat_wind=WEST, round_wind=SOUTH, dora_indicators="8s"
    )
    assert (r.han, r.fu, r.payment.dealer, r.payment.non_dealer) == (2, 40, 1300, 700)


def test_T1_highest_value_interpretation():
    r = score("45m777888999p22s3m", "3m", tsumo=True)
    assert r.payment.total == 5200 and ids(r) == {"menzen_tsumo", "sanankou"}
    alt = r.alternatives[0]
    assert {y.id for y in alt.yaku} == {"menzen_tsumo", "pinfu", "iipeikou"} and alt.points == 2700


@pytest.mark.parametrize(
    ("seat", "round_", "han"), [(EAST, EAST, 3), (EAST, SOUTH, 2), (SOUTH, EAST, 2), (SOUTH, SOUTH, 1)]
)
def test_T5_yakuhai_values(seat, round_, han):
    r = score("111z777z234m567p88s", "8s", seat_wind=seat, round_wind=round_, tsumo=True)
    assert sum(y.han for y in r.yaku if y.id.startswith("yakuhai")) == han


def test_T7_T8_T11_T13():
    assert score("22334s567m456p99p4s", "4s").han == 2
    assert score("22334s567m456p99p1s", "1s").han == 1
    assert score("234m234p23s678s55p4s", "4s").han == 4
    assert score("234m234p23s678s55p1s", "1s").han == 1
    for win in ("2p", "5p"):
        r = score("1222334456789p" + win, win)
        assert r.han == 9 and r.limit == "baiman"
    assert score("345m999m55z666z777z", "9m").han == 7
    assert score("345m99m555z666z777z", "5z").yakuman == 1


def test_T9_chiitoitsu_not_iipeikou():
    r = score("223344m55p77p99s11z", "1z")
    assert ids(r) == {"chiitoitsu"} and r.han == 2 and r.fu == 25


def test_T12_suuankou_ron_is_sanankou_toitoi():
    r = score("111m222p333s444z55z", "4z", seat_wind=NORTH)
    assert ids(r) == {"sanankou", "toitoi", "yakuhai_seat_wind"}


def test_T15_penchan_no_pinfu_no_yaku():
    with pytest.raises(ScoringError) as e:
        score("234m456p234s12s22z3s", "3s", seat_wind=WEST)
    assert e.value.code == "no_yaku"
    assert ids(score("234m456p234s12s22z3s", "3s", seat_wind=WEST, tsumo=True)) == {"menzen_tsumo"}


def test_T16_ryanmen_reading_preferred():
    r = score("56789m234p234s55p7m", "7m", riichi=True)
    assert "pinfu" in ids(r) and r.wait.value == "ryanmen"


def test_T17_dora_are_not_yaku():
    r = score("123m456p234s78s44m6s", "6s", seat_wind=WEST, dora_indicators="3m")
    assert ids(r) == {"pinfu"} and r.dora == 2 and r.han == 3
    with pytest.raises(ScoringError) as e:
        score("234m456p234s12s22z3s", "3s", seat_wind=WEST, dora_indicators="1z1z")
    assert e.value.code == "no_yaku"


def test_T49_thirteen_han_kazoe_per_preset():
    kw = {"riichi": True, "tsumo": True, "dora_indicators": "1p1p"}
    t = score("1222334456789p2p", "2p", **kw)
    assert t.limit == "kazoe_yakuman" and t.payment.total == 32000
    j = score("1222334456789p2p", "2p", JPML, **kw)
    assert j.limit == "sanbaiman" and j.payment.total == 24000


# --------------------------------------------------------------------------- the fast path equals decompose + waits


def test_fast_readings_match_decompose_and_waits():
    rng = random.Random(11)
    checked = 0
    for _ in range(1500):
        hand, ctx = random_win(rng, TENHOU)
        try:
            r = score_hand(hand, ctx, TENHOU)
        except ScoringError as e:
            if e.code != "no_yaku":
                raise
            continue
        ours = {(str(a.reading), a.placement) for a in r.alternatives} | {(str(r.reading), r.placement)}
        theirs = {(str(rd), pl) for rd in readings(hand) for pl in placements(rd, ctx.win_tile.kind)}
        assert ours == theirs, str(hand)
        checked += 1
    assert checked > 800


def test_T18_red_five_that_is_also_dora_counts_twice():
    # 0p is a red 5p; indicator 4p makes every 5p a dora: 55p0p... one red + three dora
    r = score("234m550p678s234s88m", "0p", riichi=True, dora_indicators="4p")
    assert (r.dora_count.dora, r.dora_count.aka) == (3, 1)
    j = score("234m550p678s234s88m", "0p", JPML, riichi=True, dora_indicators="4p")
    assert (j.dora_count.dora, j.dora_count.aka) == (3, 0)  # no red fives in JPML
    two = score("234m550p678s234s88m", "0p", riichi=True, dora_indicators="4p4p")
    assert two.dora_count.dora == 6
    jp = score("234m550p678s234s88m", "0p", JPML, riichi=True, dora_indicators="4p4p")
    assert jp.dora_count.dora == 3  # JPML has no kan dora: only the first indicator counts


def test_why_not_pinfu():
    r = score("234m456p234s78s22z6s", "6s", seat_wind=SOUTH, riichi=True)
    assert r.why_not_pinfu() == ("valued_pair",)
    assert score("234m456p234s78s22z6s", "6s", seat_wind=WEST, riichi=True).why_not_pinfu() == ()
    t1 = score("45m777888999p22s3m", "3m", tsumo=True)
    assert t1.why_not_pinfu() == ("triplet",)
    hand = parse_hand("45m777888999p22s3m")
    ctx = WinContext(parse_tile("3m"), tsumo=True, seat_wind=SOUTH)
    assert t1.alternatives[0].why_not_pinfu(hand, ctx) == ()
    assert score("67m456p345s88p5m (234m)", "5m").why_not_pinfu() == ("open_hand",)
    assert score("123m456p789s99s13m2m", "2m", riichi=True).why_not_pinfu() == ("not_ryanmen",)
    assert score("223344m55p77p99s11z", "1z").why_not_pinfu() == ("not_standard",)
