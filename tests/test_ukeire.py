"""Ukeire and discard options: worked examples, visible tiles, melds, the mahjong oracle and properties."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong.shanten import Shanten

from trainer.engine.notation import format_tiles, parse_hand, parse_tiles
from trainer.engine.shanten import shanten, shanten_after_draws, shanten_counts
from trainer.engine.tiles import NUM_KINDS, Tile, kind_from_name, tiles_from_counts
from trainer.engine.ukeire import DiscardOption, discard_options, ukeire, visible_counts


def names(d: dict[int, int]) -> str:
    return format_tiles(sorted(d))


def test_tenpai_ukeire_is_the_waits() -> None:
    hand = parse_hand("123456789m1122p")
    assert ukeire(hand) == {kind_from_name("1p"): 2, kind_from_name("2p"): 2}
    chuuren = parse_hand("1112345678999m")
    assert names(ukeire(chuuren)) == "123456789m"
    assert sum(ukeire(chuuren).values()) == 23  # 9 kinds x 4 - 13 held


def test_visible_tiles_reduce_copies_and_dead_waits_stay() -> None:
    hand = parse_hand("123456789m1122p")
    seen = parse_tiles("11p2p")
    assert ukeire(hand, seen) == {kind_from_name("1p"): 0, kind_from_name("2p"): 1}
    counts = visible_counts(seen)
    assert ukeire(hand, counts) == ukeire(hand, seen)
    assert ukeire(hand, [kind_from_name("1p")]) == {kind_from_name("1p"): 1, kind_from_name("2p"): 2}


def test_iishanten_example() -> None:
    # 1-shanten, two sets + two ryanmen + pair + a floating 5z: only the ryanmen tiles help
    # (another 1z or 5z gives a third set or a second pair, still one tile short)
    hand = parse_hand("23m45p234789s115z")
    assert shanten(hand) == 1
    assert names(ukeire(hand)) == "14m36p"
    assert sum(ukeire(hand).values()) == 16


def test_meld_tiles_are_not_drawable() -> None:
    hand = parse_hand("1m (111m) (234p) (567p) (789s)")
    uk = ukeire(hand)
    assert kind_from_name("1m") not in uk
    assert uk[kind_from_name("3p")] == 3  # the chi holds one 3p
    assert len(uk) == NUM_KINDS - 1


def test_wrong_sizes_are_refused() -> None:
    with pytest.raises(ValueError, match="discard_options"):
        ukeire(parse_hand("123456789m11223p"))
    with pytest.raises(ValueError, match="3n\\+2"):
        discard_options(parse_hand("123456789m1122p"))
    with pytest.raises(ValueError, match="0..4"):
        visible_counts([5] + [0] * 33)


def test_discard_options_best_first() -> None:
    hand = parse_hand("123456789m12p19s5z")
    opts = discard_options(hand)
    assert isinstance(opts[0], DiscardOption)
    assert {str(o.tile) for o in opts[:3]} == {"1s", "9s", "5z"}
    assert all(o.shanten_after == 1 for o in opts[:3])
    keys = [(o.shanten_after, -o.total) for o in opts]
    assert keys == sorted(keys)
    assert len(opts) == len({t.kind for t in hand.concealed})
    for o in opts:
        assert o.total == sum(o.ukeire.values())


def test_discard_options_prefer_plain_five_over_red() -> None:
    hand = parse_hand("055m123p456s789s11z")
    five = next(o for o in discard_options(hand) if o.tile.kind == kind_from_name("5m"))
    assert five.tile == Tile(kind_from_name("5m"))
    only_red = parse_hand("0m23m123p456s789s11z")
    five = next(o for o in discard_options(only_red) if o.tile.kind == kind_from_name("5m"))
    assert five.tile.red


def _mahjong_ukeire(counts: list[int]) -> set[int]:
    now = Shanten.calculate_shanten(counts)
    out = set()
    for k in range(NUM_KINDS):
        if counts[k] < 4:
            counts[k] += 1
            if Shanten.calculate_shanten(counts) < now:
                out.add(k)
            counts[k] -= 1
    return out


@pytest.mark.parametrize("size", [13, 10, 7, 4])
def test_ukeire_kinds_agree_with_mahjong(size: int) -> None:
    rng = random.Random(size * 7)
    wall = [k for k in range(NUM_KINDS) for _ in range(4)]
    for _ in range(60 if size == 13 else 40):
        counts = [0] * NUM_KINDS
        for k in rng.sample(wall, size):
            counts[k] += 1
        hand = parse_hand(format_tiles(tiles_from_counts(counts)), check_size=False)
        if size != 13:  # implied melds, as mahjong assumes: ukeire of the concealed part alone
            now = shanten_counts(counts)
            after = shanten_after_draws(counts)
            ours = {k for k, s in enumerate(after) if s is not None and s < now}
        else:
            ours = set(ukeire(hand))
        assert ours == _mahjong_ukeire(counts), counts


@st.composite
def hands13(draw) -> list[int]:
    tiles = draw(st.permutations([k for k in range(NUM_KINDS) for _ in range(4)]))[:13]
    counts = [0] * NUM_KINDS
    for k in tiles:
        counts[k] += 1
    return counts


@settings(max_examples=60, deadline=None)
@given(hands13())
def test_ukeire_tiles_lower_shanten_and_others_do_not(counts: list[int]) -> None:
    hand = parse_hand(format_tiles(tiles_from_counts(counts)))
    now = shanten(hand)
    uk = ukeire(hand)
    held = hand.all_counts()
    for k in range(NUM_KINDS):
        if counts[k] == 4:
            assert k not in uk
            continue
        c = list(counts)
        c[k] += 1
        lower = shanten_counts(c) < now
        assert (k in uk) == lower
        if lower:
            assert uk[k] == 4 - held[k]


@settings(max_examples=30, deadline=None)
@given(hands13(), st.integers(0, NUM_KINDS - 1))
def test_discard_options_match_direct_computation(counts: list[int], draw_kind: int) -> None:
    if counts[draw_kind] == 4:
        return
    counts[draw_kind] += 1
    hand = parse_hand(format_tiles(tiles_from_counts(counts)))
    for o in discard_options(hand):
        rest = hand.without(o.tile)
        assert o.shanten_after == shanten(rest)
        assert o.ukeire == ukeire(rest, [o.tile])  # the discarded tile is in the river


def test_open_hands_ukeire_matches_direct_draws() -> None:
    """With declared melds the four-copies limit counts the meld tiles: check ukeire against
    drawing each tile into the Hand and recomputing."""
    rng = random.Random(99)
    pons = ["(111m)", "(555p)", "(999s)", "(777z)", "(123m)", "(345p)", "[2222z]"]
    for _ in range(40):
        melds = rng.sample(pons, rng.randint(1, 3))
        text = " ".join(melds)
        used = parse_hand(text, check_size=False).all_counts()
        wall = [k for k in range(NUM_KINDS) for _ in range(4 - used[k])]
        size = 13 - 3 * len(melds)
        counts = [0] * NUM_KINDS
        for k in rng.sample(wall, size):
            counts[k] += 1
        hand = parse_hand(format_tiles(tiles_from_counts(counts)) + " " + text)
        now = shanten(hand)
        held = hand.all_counts()
        expected = {}
        for k in range(NUM_KINDS):
            if held[k] < 4 and shanten(hand.with_tile(Tile(k))) < now:
                expected[k] = 4 - held[k]
        assert ukeire(hand) == expected, str(hand)
