"""Fu: the itemised breakdown a fu quiz shows, item by item, and its rounding."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from trainer.engine.fu import FU_ITEM_IDS, FuItem, fu_breakdown, round_fu
from trainer.engine.notation import parse_hand, parse_tiles
from trainer.engine.rules import load_rules
from trainer.engine.scoring import ScoringError, WinContext, score_hand
from trainer.engine.scoring_random import random_win
from trainer.engine.tiles import EAST, NORTH, SOUTH, WEST, parse_tile

TENHOU = load_rules("tenhou")
JPML = load_rules("jpml")


def score(hand: str, win: str, rules=TENHOU, **kw):
    if "dora_indicators" in kw:
        kw["dora_indicators"] = parse_tiles(kw["dora_indicators"])
    kw.setdefault("seat_wind", SOUTH)
    return score_hand(parse_hand(hand), WinContext(parse_tile(win), **kw), rules)


def items(result) -> list[tuple[str, int, str]]:
    return [(i.id, i.fu, i.tiles) for i in result.fu_items]


def test_E2_closed_terminal_kan_and_ron_shanpon():
    r = score("234p567p444s11z [9999m]", "4s", riichi=True, round_wind=EAST)
    assert items(r) == [
        ("fuutei", 20, ""),
        ("menzen_ron", 10, ""),
        ("minkou_simple", 2, "444s"),
        ("ankan_yaochuu", 32, "9999m"),
        ("pair_round_wind", 2, "11z"),
    ]
    assert r.fu_items[2].by_ron and r.fu == 70


def test_E5_tsumo_two_closed_triplets_tanki():
    r = score("222m555p123s789s1z1z", "1z", tsumo=True, seat_wind=WEST, round_wind=SOUTH)
    assert items(r) == [
        ("fuutei", 20, ""),
        ("tsumo", 2, ""),
        ("ankou_simple", 4, "222m"),
        ("ankou_simple", 4, "555p"),
        ("wait_tanki", 2, "1z"),
    ]
    assert r.fu == 40
    assert fu_breakdown(r.fu_items)[-1] == "= 32 -> 40"


def test_E1_open_honor_triplet_and_kanchan():
    r = score("123m99m789p123s (777z)", "2s", seat_wind=EAST, round_wind=SOUTH)
    assert items(r) == [("fuutei", 20, ""), ("minkou_yaochuu", 4, "777z"), ("wait_kanchan", 2, "2s")]
    assert r.fu == 30


def test_pinfu_tsumo_is_20_and_ron_30():
    r = score("22334s567m456p99p4s", "4s", tsumo=True)
    assert items(r) == [("fuutei", 20, ""), ("pinfu_tsumo", 0, "")] and r.fu == 20
    r = score("22334s567m456p99p4s", "4s")
    assert items(r) == [("fuutei", 20, ""), ("menzen_ron", 10, "")] and r.fu == 30


def test_open_pinfu_shape_is_30():
    r = score("67m456p345s88p5m (234m)", "5m", seat_wind=EAST)
    assert items(r) == [("fuutei", 20, ""), ("open_pinfu", 2, "")] and r.fu == 30
    assert fu_breakdown(r.fu_items)[-1] == "= 22 -> 30"
    # by tsumo the open hand has its 2 tsumo fu instead
    r = score("67m456p345s88p5m (234m)", "5m", seat_wind=EAST, tsumo=True)
    assert items(r) == [("fuutei", 20, ""), ("tsumo", 2, "")] and r.fu == 30


def test_seven_pairs_25_not_rounded():
    r = score("223344m55p77p99s11z", "1z", tsumo=True, riichi=True)
    assert items(r) == [("chiitoitsu", 25, "")] and r.fu == 25
    assert round_fu((FuItem("chiitoitsu", 25),)) == 25


@pytest.mark.parametrize(
    ("hand", "win", "item", "fu"),
    [
        ("123m456p789s99s13m2m", "2m", "wait_kanchan", 2),
        ("12m456p789s99s123m3m", "3m", "wait_penchan", 2),
        ("123m234m456p789s22z", "2z", "wait_tanki", 2),
        ("222m456p789s123m99s", "9s", "ankou_simple", 4),
        ("111m456p789s123m99s", "9s", "ankou_yaochuu", 8),
        ("456p789s123m99s (222m)", "9s", "minkou_simple", 2),
        ("456p789s123m99s (111m)", "9s", "minkou_yaochuu", 4),
        ("456p789s345m99s (2222m)", "9s", "minkan_simple", 8),
        ("456p789s345m99s (1111m+)", "9s", "minkan_yaochuu", 16),
        ("456p789s345m99s [2222m]", "9s", "ankan_simple", 16),
        ("456p789s345m99s [1111z]", "9s", "ankan_yaochuu", 32),
    ],
)
def test_set_and_wait_items(hand, win, item, fu):
    r = score(hand, win, riichi="(" not in hand, tsumo=True, haitei=True)
    assert (item, fu) in [(i.id, i.fu) for i in r.fu_items]


@pytest.mark.parametrize(
    ("pair", "seat", "round_", "item", "fu"),
    [
        ("55z", SOUTH, EAST, "pair_dragon", 2),
        ("22z", SOUTH, EAST, "pair_seat_wind", 2),
        ("11z", SOUTH, EAST, "pair_round_wind", 2),
        ("11z", EAST, EAST, "pair_double_wind", 4),
        ("44z", SOUTH, EAST, None, 0),
    ],
)
def test_pair_items(pair, seat, round_, item, fu):
    r = score(f"123m456p789s234m{pair}", "4m", seat_wind=seat, round_wind=round_, riichi=True)
    found = [(i.id, i.fu) for i in r.fu_items if i.id.startswith("pair_")]
    assert found == ([(item, fu)] if item else [])


def test_double_wind_pair_fu_is_a_rule_option(tmp_path: Path):
    preset = tmp_path / "two.toml"
    preset.write_text(
        'base = "tenhou"\nname = "two"\ndescription = "double wind pair 2"\ndouble_wind_pair_fu = 2\n'
    )
    rules = load_rules(str(preset))
    r = score("123m456p789s234m11z", "4m", rules, seat_wind=EAST, round_wind=EAST, riichi=True)
    assert ("pair_double_wind", 2) in [(i.id, i.fu) for i in r.fu_items]


def test_rinshan_tsumo_fu_per_preset():
    hand = "22z567s678s (111z) (9999s)"
    t = score(hand, "2z", tsumo=True, rinshan=True, seat_wind=NORTH, round_wind=SOUTH)
    j = score(hand, "2z", JPML, tsumo=True, rinshan=True, seat_wind=NORTH, round_wind=SOUTH)
    assert ("tsumo", 2) in [(i.id, i.fu) for i in t.fu_items]
    assert ("rinshan_tsumo", 0) in [(i.id, i.fu) for i in j.fu_items]


def test_every_item_id_is_listed_and_items_round_to_fu():
    rng = random.Random(5)
    seen = set()
    for _ in range(1500):
        hand, ctx = random_win(rng, TENHOU)
        try:
            r = score_hand(hand, ctx, TENHOU)
        except ScoringError:
            continue
        if r.reading.form.value == "thirteen_orphans":
            assert r.fu_items == ()
            continue
        assert round_fu(r.fu_items) == r.fu, str(hand)
        for alt in r.alternatives:
            assert round_fu(alt.fu_items) == alt.fu
        seen.update(i.id for i in r.fu_items)
    assert seen <= set(FU_ITEM_IDS)
    assert {"fuutei", "menzen_ron", "tsumo", "ankou_simple", "minkou_yaochuu", "wait_tanki"} <= seen
