"""Hand-analysis speed: shanten and ukeire, side by side with ``mahjong`` 2.1.0 in the same run,
plus import + first-call time and a large shanten agreement run (disagreements must be 0).

``mahjong`` is the yardstick only (a test dependency); the engine never imports it.
"""

from __future__ import annotations

import random
import subprocess
import sys
import time
from collections.abc import Callable

from benchmarks.timing import median_us, paired_median_us
from trainer.engine.notation import format_tiles, parse_hand
from trainer.engine.shanten import shanten_counts
from trainer.engine.tiles import NUM_KINDS, tiles_from_counts
from trainer.engine.ukeire import discard_options

SEED = 20261122


def _deal(rng: random.Random, size: int, kinds: list[int] | None = None) -> list[int]:
    wall = [k for k in (kinds or range(NUM_KINDS)) for _ in range(4)]
    counts = [0] * NUM_KINDS
    for k in rng.sample(wall, size):
        counts[k] += 1
    return counts


def _loop_us(fn: Callable, items: list, rounds: int = 3) -> float:
    """Mean µs per call over a plain loop (no per-call timer), best of ``rounds``."""
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for x in items:
            fn(x)
        best = min(best, (time.perf_counter() - start) / len(items) * 1e6)
    return best


def _row(label: str, ours: float, theirs: float) -> None:
    print(f"  {label:<44} ours {ours:9.2f} µs   mahjong {theirs:9.2f} µs   ratio {theirs / ours:6.1f}x")


def _import_time() -> float:
    code = (
        "import time; t = time.perf_counter();"
        "from trainer.engine.shanten import shanten_counts;"
        "shanten_counts([1,1,1,0,0,0,0,0,0, 0,1,1,1,0,0,0,0,0, 0,0,0,1,1,1,0,0,0, 2,2,0,0,0,0,0]);"
        "print(time.perf_counter() - t)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(out.stdout.strip())


def _mahjong_discards(counts: list[int], calc) -> list[tuple[int, int, int]]:
    """What a mahjong user writes for ukeire: for each discard, 34 x calculate_shanten."""
    out = []
    for d in range(NUM_KINDS):
        if not counts[d]:
            continue
        counts[d] -= 1
        now = calc(counts)
        total = 0
        for k in range(NUM_KINDS):
            if counts[k] < 4:
                counts[k] += 1
                if calc(counts) < now:
                    total += 4 - counts[k] + (k != d)  # copies left beside the 14-tile hand
                counts[k] -= 1
        counts[d] += 1
        out.append((now, -total, d))
    out.sort()
    return out


def run(quick: bool) -> None:
    """Print medians for shanten and ukeire, ours vs mahjong, import time and the agreement run."""
    from mahjong.shanten import Shanten

    calc = Shanten.calculate_shanten
    rng = random.Random(SEED)
    n = 5_000 if quick else 20_000

    samples = [_import_time() for _ in range(3)]
    print(f"  import + first shanten call (fresh interpreter): {min(samples) * 1000:.0f} ms (best of 3)")

    hands13 = [_deal(rng, 13) for _ in range(n)]
    for c in hands13[:200]:  # warm both sides' caches a little, as a long-running app would be
        shanten_counts(c)
        calc(c)
    cold_rng = random.Random(SEED + 1)
    fresh = [_deal(cold_rng, 13) for _ in range(n // 4)]
    # first sight of these hands, each timed beside mahjong on the same hand (a steady ratio)
    fresh_us, theirs_fresh = paired_median_us(shanten_counts, calc, fresh, rounds=1)
    ours = median_us(shanten_counts, hands13)
    theirs = median_us(calc, hands13[: n // 4])
    _row(f"shanten median, {n} random 13-tile hands", ours, theirs)
    _row("shanten mean over a loop", _loop_us(shanten_counts, hands13), _loop_us(calc, hands13[: n // 4]))
    _row("shanten median, unseen hands (cache misses)", fresh_us, theirs_fresh)

    m = 300 if quick else 1_500
    hands14 = [_deal(rng, 14) for _ in range(m)]
    objs = [parse_hand(format_tiles(tiles_from_counts(c))) for c in hands14]
    ours_uk = median_us(discard_options, objs)
    theirs_uk = median_us(lambda c: _mahjong_discards(c, calc), hands14[: m // 3], rounds=1)
    _row(f"ukeire of every discard, {m} random 14-tile hands", ours_uk, theirs_uk)

    # agreement: many hands of every size and several dense families
    families = [
        list(range(NUM_KINDS)),
        list(range(9)),
        list(range(18, 34)),
        [0, 8, 9, 17, 18, 26, *range(27, 34)],
        list(range(9, 27)),
    ]
    sizes = [13, 14, 13, 14, 1, 2, 4, 5, 7, 8, 10, 11]
    total = 20_000 if quick else 100_000
    bad = 0
    start = time.perf_counter()
    for i in range(total):
        c = _deal(rng, sizes[i % len(sizes)], families[i % len(families)])
        if shanten_counts(c) != calc(c):
            bad += 1
            if bad <= 5:
                print(f"  DISAGREEMENT: {format_tiles(tiles_from_counts(c))}: ours {shanten_counts(c)}, mahjong {calc(c)}")
    took = time.perf_counter() - start
    print(f"  agreement with mahjong 2.1.0: {total} hands (sizes 1-14, dense families), {bad} disagreements ({took:.1f} s)")
