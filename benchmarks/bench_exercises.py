"""Exercise generation time per generator and parameter set: median, p95 and max in ms,
plus the one-off warm-up (pools, data files, engine caches) of the first item.

The contract (curriculum §3.1) is <= 20 ms p95 per item after warm-up.
"""

from __future__ import annotations

import statistics
import time

from trainer.engine.exercises import GENERATORS

CASES: list[tuple[str, dict]] = [
    ("tile_name", {}),
    ("tile_name", {"ask": "number", "pool": "numbers"}),
    ("kunto_hand", {"size": 4}),
    ("kunto_hand", {"size": 7, "ask": ["shanten", "waits", "discard"]}),
    ("kunto_hand", {"size": 10, "ask": ["waits"]}),
    ("kunto_hand", {"size": 7, "dragons": "joker", "ask": ["waits"]}),
    ("kunto_hand", {"size": 13, "suits_ignored": False, "ask": ["shanten", "discard"]}),
    # not pooled, answered by the variants engine directly (its suits-ignored DP is the cost):
    ("kunto_hand", {"size": 10, "dragons": "joker", "ask": ["waits"]}),
    ("kunto_hand", {"size": 7, "winds": True, "ask": ["waits", "discard"]}),
    ("single_suit_waits", {"size": 7, "min_waits": 3, "max_waits": 5}),
    ("single_suit_waits", {"size": 13, "min_waits": 4, "max_waits": 9}),
    ("mixed_waits", {"size": 13, "max_waits": 3}),
    ("mixed_waits", {"size": 13, "melds": 2, "min_waits": 2, "max_waits": 5}),
    ("shanten", {"size": 13}),
    ("shanten", {"size": 13, "forms": "all", "special_bias": 0.3}),
    ("discard_ukeire", {"size": 14}),
    ("discard_ukeire", {"size": 11, "hand_pool": "isolated_tile", "kids": True}),
    ("fu_count", {}),
    ("fu_count", {"answer": "fu_breakdown", "kans": True}),
    ("points_lookup", {"han_max": 5, "fu": [20, 25, 30, 40, 50], "honba": 2}),
    ("yaku_identify", {"pool": "common12"}),
    ("yaku_identify", {"pool": "all_regular", "situational": True, "ask": "both"}),
    ("manners_situation", {"ranks": ["A", "B", "C"], "format": ["right_action", "spot_mistake", "rank"]}),
]


def run(quick: bool) -> None:
    """Time ``n`` items per case (40 quick, 300 full) and print one line per case."""
    n = 40 if quick else 300
    print(f"{'generator':<20} {'params':<58} {'warm-up':>8} {'median':>7} {'p95':>7} {'max':>7}  (ms, {n} items)")
    worst = 0.0
    for name, params in CASES:
        gen = GENERATORS[name]
        p = gen.params(params)
        t = time.perf_counter()
        gen.generate(p, 10_000)
        warm = (time.perf_counter() - t) * 1000
        times = []
        for seed in range(n):
            t = time.perf_counter()
            gen.generate(p, seed)
            times.append((time.perf_counter() - t) * 1000)
        times.sort()
        p95 = times[int(0.95 * (len(times) - 1))]
        worst = max(worst, p95)
        label = ", ".join(f"{k}={v}" for k, v in params.items())[:58]
        print(f"{name:<20} {label:<58} {warm:8.1f} {statistics.median(times):7.2f} {p95:7.2f} {times[-1]:7.1f}")
    print(f"worst p95: {worst:.2f} ms (target <= 20 ms)")
