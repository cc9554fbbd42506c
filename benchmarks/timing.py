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


def paired_median_us(ours: Callable, theirs: Callable, items: list, theirs_items: list | None = None,
                     rounds: int = 3) -> tuple[float, float]:
    """Median µs per call of ``ours`` and of ``theirs`` on the same items (``theirs_items``: the
    items in its own form), timed as :func:`median_us` does, with the passes alternating — ours,
    theirs, ours, theirs ... — and each side's best of ``rounds`` passes: both sides get the same
    number of passes over the same items and meet the shared machine's slow spells alike, so their
    ratio holds from run to run.  Use ``rounds=1`` when the first sight of an item is what is timed
    (then ours goes first)."""
    other = items if theirs_items is None else theirs_items
    if len(other) != len(items):
        raise ValueError("ours and theirs need the same items")
    best_ours = best_theirs = float("inf")
    for _ in range(rounds):
        best_ours = min(best_ours, median_us(ours, items, rounds=1))
        best_theirs = min(best_theirs, median_us(theirs, other, rounds=1))
    return best_ours, best_theirs


def seconds_to_line(command: list[str], marker: str, env: dict[str, str], cwd: str | None = None) -> float:
    """Wall seconds from starting ``command`` to the first line of its output starting with ``marker``
    (start-up benchmarks: the program prints the marker after its first frame)."""
    import subprocess

    start = time.perf_counter()
    proc = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith(marker):
            elapsed = time.perf_counter() - start
            proc.wait()
            return elapsed
    proc.wait()
    raise RuntimeError(f"{command[0]} never printed {marker}")


def split_over_processes(fn: Callable, items: list, workers: int = 2) -> list:
    """``fn`` applied to ``workers`` interleaved slices of ``items`` (one process each; in this
    process when only one worker is wanted): the results, one per slice."""
    from concurrent.futures import ProcessPoolExecutor

    parts = [items[i::workers] for i in range(workers)]
    if workers == 1:
        return [fn(parts[0])]
    with ProcessPoolExecutor(workers) as pool:
        return list(pool.map(fn, parts))
