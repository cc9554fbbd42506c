"""Exercise generation time per generator and parameter set: median, p95 and max in ms,
plus the one-off warm-up (pools, data files, engine caches) of the first item.

The contract (curriculum §3.1) is <= 20 ms p95 per item after warm-up, for every setting.
After the table of chosen cases, ``kunto_hand`` is swept over every stage (size x suits
ignored x dragons x winds) and question, since its variant answers cost the most.
"""

from __future__ import annotations

import itertools
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
    ("dora_from_indicator", {}),
    ("dora_from_indicator", {"indicators": 3, "wraps": True, "aka": 3, "ask": "count"}),
    ("tile_group", {"groups": ["simple", "terminal", "honor", "yaochuu", "value"]}),
    ("tile_group", {"groups": ["value"], "ask": "pick", "row": 12}),
    ("make_set", {}),
    ("make_set", {"ask": "judge", "traps": ["wrap", "mixed_suits", "honor_run", "gap"]}),
    ("complete_hand", {}),
    ("complete_hand", {"special_forms": 0.5}),
    ("complete_hand", {"ask": "pair", "size": 14}),
    ("complete_hand", {"ask": "extra", "size": 14, "special_forms": 0.3}),
    ("wait_shape", {}),
    ("wait_shape", {"shapes": "compound", "size": 13}),
    ("wait_shape", {"shapes": "multi", "size": 13}),
    # played out on the game engine, item by item:
    ("furiten_situation", {}),
    ("furiten_situation", {"kinds": ["riichi"]}),
    # warm-up plays the pool of bot hands (POOL_GAMES first hands), then items are picked from it:
    ("safe_tile", {}),
    ("safe_tile", {"tools": ["genbutsu", "suji", "kabe"]}),
    ("safe_tile", {"riichi_players": 2, "tools": ["genbutsu", "suji", "kabe", "honors"]}),
    ("safe_tile", {"riichi_players": 2, "tools": ["genbutsu", "suji", "kabe"]}),
    ("safe_tile", {"tools": ["kabe"]}),
    ("safe_tile", {"tools": ["suji"]}),
    # multi-sided waits over several suits (the twelve-tiles variant lesson):
    ("mixed_waits", {"size": 13, "min_waits": 5, "max_waits": 7}),
    # Chinese Official (MCR): random hands of every form scored by the MCR calculator
    ("mcr_fans", {}),
    ("mcr_fans", {"ask": "total", "forms": "special"}),
    ("mcr_minimum", {}),
    ("mcr_excluded", {}),
    ("mcr_waits", {}),
    ("mcr_waits", {"forms": "knitted"}),
]


def _p95(name: str, params: dict, n: int) -> tuple[float, float, float, float]:
    """(warm-up, median, p95, max) in ms of ``n`` items after one warm-up item."""
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
    return warm, statistics.median(times), times[int(0.95 * (len(times) - 1))], times[-1]


ASKS = ("shanten", "waits", "discard")


def sweep_kunto(n: int) -> float:
    """p95 of ``kunto_hand`` for every stage and question; prints one line per stage and
    returns the worst p95."""
    print(f"\nkunto_hand sweep: p95 in ms per question ({n} items each, after one warm-up item)")
    print(f"{'size':>4} {'suits_ignored':>13} {'dragons':>7} {'winds':>5} " + " ".join(f"{a:>8}" for a in ASKS))
    worst = 0.0
    for size, si, dragons, winds in itertools.product((4, 7, 10, 13), (True, False), ("none", "ten", "joker"),
                                                      (False, True)):
        cells = []
        for ask in ASKS:
            params = {"size": size, "suits_ignored": si, "dragons": dragons, "winds": winds, "ask": [ask]}
            p95 = _p95("kunto_hand", params, n)[2]
            worst = max(worst, p95)
            cells.append(f"{p95:8.2f}")
        print(f"{size:>4} {si!s:>13} {dragons:>7} {winds!s:>5} " + " ".join(cells))
    print(f"kunto sweep worst p95: {worst:.2f} ms (target <= 20 ms)")
    return worst


def run(quick: bool) -> None:
    """Time ``n`` items per case (40 quick, 300 full) and print one line per case, then the
    kunto sweep (15 quick, 60 full items per setting)."""
    n = 40 if quick else 300
    print(f"{'generator':<20} {'params':<58} {'warm-up':>8} {'median':>7} {'p95':>7} {'max':>7}  (ms, {n} items)")
    worst = 0.0
    for name, params in CASES:
        warm, median, p95, top = _p95(name, params, n)
        worst = max(worst, p95)
        label = ", ".join(f"{k}={v}" for k, v in params.items())[:58]
        print(f"{name:<20} {label:<58} {warm:8.1f} {median:7.2f} {p95:7.2f} {top:7.1f}")
    print(f"worst p95: {worst:.2f} ms (target <= 20 ms)")
    worst = max(worst, sweep_kunto(15 if quick else 60))
    print(f"worst p95 overall: {worst:.2f} ms (target <= 20 ms)")
