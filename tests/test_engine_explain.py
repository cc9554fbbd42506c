"""The explanation API: why a tile is not a wait, the blocks behind a shanten, fu and points slips."""

from __future__ import annotations

import random

import pytest

from trainer.engine.explain import (
    fu_diff,
    fu_total_slip,
    hand_blocks,
    not_a_wait,
    points_chain,
    points_slip,
    shanten_blocks,
    wait_reading,
)
from trainer.engine.hand import Hand
from trainer.engine.notation import parse_hand
from trainer.engine.rules import load_rules
from trainer.engine.shanten import shanten_by_form
from trainer.engine.tiles import Tile, parse_tile

K = lambda text: parse_tile(text).kind  # noqa: E731


def test_blocks_of_a_two_shanten_hand() -> None:
    b = hand_blocks(parse_hand("3445677m258p666z"))
    assert b.sets == ("345m", "666z") and b.pairs == ("77m",) and b.partials == ("46m",)
    assert b.loose == ("2p", "5p", "8p") and b.shanten == 2


@pytest.mark.parametrize("seed", range(3))
def test_blocks_agree_with_the_engine_shanten(seed: int) -> None:
    rng = random.Random(seed)
    wall = [k for k in range(34) for _ in range(4)]
    for _ in range(120):
        n = rng.choice((4, 7, 10, 13, 14))
        hand = Hand(tuple(Tile(k) for k in sorted(rng.sample(wall, n))))
        blocks = hand_blocks(hand)
        assert blocks.shanten == shanten_by_form(hand)["standard"], hand
        tiles = sum(len(x) for x in (*blocks.sets, *blocks.pairs, *blocks.partials, *blocks.loose))
        # every tile of the hand is in exactly one block ("345m" is three tiles and a letter)
        assert tiles - len(blocks.sets) - len(blocks.pairs) - len(blocks.partials) - len(blocks.loose) == n


def test_every_form_is_explained() -> None:
    forms = {f["form"]: f for f in shanten_blocks(parse_hand("119m19p19s123456z"))}
    assert set(forms) == {"standard", "seven_pairs", "thirteen_orphans"}
    assert forms["thirteen_orphans"]["shanten"] == 0 and forms["thirteen_orphans"]["has_pair"]
    assert forms["seven_pairs"]["pairs"] == ["11m"]


def test_a_tile_that_is_not_a_wait_leaves_loose_tiles() -> None:
    hand = parse_hand("3445677m234p666z")  # waits 2m 5m 8m? 8m is not one: 4m and 7m stay loose
    why = not_a_wait(hand, K("8m"))
    assert why["reason"] == "incomplete"
    assert why["blocks"]["loose"] == ["4m", "7m"] and not why["blocks"]["pairs"]


def test_a_fifth_copy_is_not_a_wait() -> None:
    why = not_a_wait(parse_hand("1111m234p567s777z"), K("1m"))
    assert why["reason"] == "fifth_copy"


def test_the_reading_of_a_missed_wait() -> None:
    hand = parse_hand("3445677m234p666z")
    r = wait_reading(hand, K("2m"))
    assert r is not None and r["groups"] == ["234m", "456m", "234p", "666z", "77m"] and r["shape"] == "ryanmen"
    assert wait_reading(hand, K("9p")) is None


def test_fu_items_missing_extra_and_wrong() -> None:
    d = fu_diff([("fuutei", 20), ("tsumo", 2), ("ankou_yaochuu", 8), ("ankou_yaochuu", 8)],
                [("fuutei", 20), ("ankou_yaochuu", 8), ("ankou_yaochuu", 4), ("pair_dragon", 2)])
    assert d["missing"] == [("tsumo", 2)]
    assert d["extra"] == [("pair_dragon", 2)]
    assert d["wrong_value"] == [("ankou_yaochuu", 4, 8)]
    assert fu_total_slip([("fuutei", 20), ("tsumo", 2)], 30, 22) == "not_rounded"
    assert fu_total_slip([("fuutei", 20), ("ankan_yaochuu", 32)], 60, 50) == "rounded_down"
    # 20 is also the base alone: the learner may have left the items out, so not "rounded down"
    assert fu_total_slip([("fuutei", 20), ("tsumo", 2), ("ankou_simple", 4)], 30, 20) is None


def test_points_chain_and_slips() -> None:
    rules = load_rules("tenhou")
    c = points_chain(3, 30, dealer=False, tsumo=True, rules=rules, honba=1)
    assert c["raw_basic"] == 960 and c["basic"] == 960 and c["limit"] is None
    assert [(p["payer"], p["raw"], p["paid"], p["total"]) for p in c["payments"]] == [
        ("non_dealer", 960, 1000, 1100), ("dealer", 1920, 2000, 2100)]
    assert points_slip(c, [1100, 2100], rules) == []
    assert points_slip(c, [1000, 2000], rules) == ["no_honba"]
    d = points_chain(2, 30, dealer=True, tsumo=False, rules=rules)
    assert d["payments"][0]["paid"] == 2900
    assert points_slip(d, [2000], rules) == ["dealer_swapped"]
    assert points_slip(d, [2880], rules) == ["not_rounded"]
    m = points_chain(5, 30, dealer=False, tsumo=False, rules=rules)
    assert m["limit"] == "mangan" and m["payments"][0]["paid"] == 8000 and points_slip(m, [2000], rules) == [
        "basic_only"]
