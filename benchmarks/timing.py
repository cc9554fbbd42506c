"""Timing helpers shared by the benchmarks."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def median_us(fn: Callable, items: list, rounds: int = 3) -> float:
    """Median µs per call (a timer around each call), the best of ``rounds`` passes: the machine
    is shared, so the best pass is the least disturbed one."""
    clock = time.perf_counter_ns
    best = float("inf")
    for _ in range(rounds):
        times = []
        for x in items:
            t = clock()
            fn(x)
            times.append(clock() - t)
        best = min(best, statistics.median(times) / 1000)
    return best
