"""Shanten against the ``mahjong`` 2.1.0 package (test oracle only) on random hands of every shape.

A few thousand hands here; the 100,000-hand run is in ``benchmarks/bench_hand.py``."""

from __future__ import annotations

import random

import pytest
from mahjong.shanten import Shanten

from trainer.engine.shanten import (
    shanten_counts,
    shanten_orphans,
    shanten_seven_pairs,
    shanten_standard,
)
from trainer.engine.tiles import NUM_KINDS


def deal(rng: random.Random, kinds: list[int], size: int) -> list[int]:
    """``size`` tiles drawn without replacement from four copies of each of ``kinds``."""
    wall = [k for k in kinds for _ in range(4)]
    counts = [0] * NUM_KINDS
    for k in rng.sample(wall, size):
        counts[k] += 1
    return counts


ALL = list(range(NUM_KINDS))
FAMILIES = {
    "any": ALL,
    "one suit": list(range(9)),
    "one suit + honors": list(range(18, 27)) + list(range(27, 34)),
    "honors + terminals": [0, 8, 9, 17, 18, 26, *range(27, 34)],
    "two suits": list(range(9, 27)),
}


@pytest.mark.parametrize("family", FAMILIES)
@pytest.mark.parametrize("size", [13, 14])
def test_full_hands_agree_with_mahjong(family: str, size: int) -> None:
    rng = random.Random(f"{family}-{size}")
    for _ in range(400):
        counts = deal(rng, FAMILIES[family], size)
        assert shanten_counts(counts) == Shanten.calculate_shanten(counts), counts
        assert shanten_standard(counts) == Shanten.calculate_shanten_for_regular_hand(counts), counts
        assert shanten_seven_pairs(counts) == Shanten.calculate_shanten_for_chiitoitsu_hand(counts), counts
        assert shanten_orphans(counts) == Shanten.calculate_shanten_for_kokushi_hand(counts), counts


@pytest.mark.parametrize("size", [1, 2, 4, 5, 7, 8, 10, 11])
def test_small_hands_with_implied_melds_agree_with_mahjong(size: int) -> None:
    rng = random.Random(size)
    for i in range(300):
        family = list(FAMILIES.values())[i % len(FAMILIES)]
        counts = deal(rng, family, size)
        assert shanten_counts(counts) == Shanten.calculate_shanten(counts), counts
        assert shanten_standard(counts) == Shanten.calculate_shanten_for_regular_hand(counts), counts


def test_quads_in_hand_agree_with_mahjong() -> None:
    """Hands with four of a kind, the case mahjong's issue #43 got wrong before 2.0."""
    rng = random.Random(43)
    for _ in range(300):
        counts = [0] * NUM_KINDS
        quads = rng.sample(range(NUM_KINDS), rng.randint(1, 3))
        for k in quads:
            counts[k] = 4
        rest = [k for k in range(NUM_KINDS) if k not in quads for _ in range(4)]
        for k in rng.sample(rest, 13 - 4 * len(quads)):
            counts[k] += 1
        assert shanten_counts(counts) == Shanten.calculate_shanten(counts), counts
