"""Differential test against the `mahjong` 2.1.0 oracle configured as Tenhou
(the 50,000-hand run is benchmarks/bench_score.py)."""

from __future__ import annotations

import pytest

pytest.importorskip("mahjong")

from benchmarks.bench_score import compare, differential  # noqa: E402
from trainer.engine.notation import parse_hand, parse_tiles  # noqa: E402
from trainer.engine.scoring import WinContext  # noqa: E402
from trainer.engine.tiles import EAST, SOUTH, WEST, parse_tile  # noqa: E402


def test_random_hands_agree_with_the_oracle():
    n, diffs = differential(4000, seed=20261122)
    assert n == 4000
    assert diffs == []


@pytest.mark.parametrize(
    ("hand", "win", "kw"),
    [
        ("123m99m789p123s (777z)", "2s", {"seat_wind": EAST, "round_wind": SOUTH}),
        ("234p567p444s11z [9999m]", "4s", {"riichi": True, "seat_wind": SOUTH}),
        ("45m777888999p22s3m", "3m", {"tsumo": True, "seat_wind": SOUTH}),
        ("1222334456789p2p", "2p", {"riichi": True, "tsumo": True, "seat_wind": WEST}),
        ("223344m556677p11z", "1z", {"seat_wind": SOUTH}),
        ("22223344666888s", "8s", {"seat_wind": SOUTH}),
        ("111z222z333z444z55z", "5z", {"seat_wind": SOUTH}),
        ("406m406p406s22z333z", "3z", {"riichi": True, "seat_wind": WEST}),
        ("67m456p345s88p5m (234m)", "5m", {"seat_wind": EAST}),
    ],
)
def test_named_hands_agree_with_the_oracle(hand, win, kw):
    ctx = WinContext(parse_tile(win), dora_indicators=parse_tiles("1z"), honba=1, riichi_sticks=1, **kw)
    assert compare(parse_hand(hand), ctx) is None
