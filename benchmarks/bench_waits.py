"""Wait-finding and reading speed, side by side with ``mahjong`` 2.1.0 in the same run.

* waits of random 13-tile tenpai hands: :func:`trainer.engine.waits.waits` against what a
  ``mahjong`` user writes (34 calls of ``Agari.is_agari``), medians and ratio; the answers
  are compared on every hand (disagreements must be 0);
* the same on random 13-tile hands (mostly not tenpai);
* the full :func:`wait_report` (readings, shapes, named shapes) of tenpai hands;
* :func:`readings` of random complete 14-tile hands;
* import + first call in a fresh interpreter (the per-suit tables are built lazily).

``mahjong`` is the yardstick only (a test dependency); the engine never imports it.
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
from collections.abc import Callable

from benchmarks.timing import median_us, paired_median_us
from trainer.engine.decompose import readings
from trainer.engine.hand import Hand
from trainer.engine.tiles import NUM_KINDS, Tile
from trainer.engine.waits import wait_report, waits

SEED = 20261122
SETS = [[k] * 3 for k in range(NUM_KINDS)] + [[k, k + 1, k + 2] for k in range(27) if k % 9 <= 6]


def _complete(rng: random.Random) -> list[int]:
    """A random complete 14-tile hand: four random sets and a pair, at most four copies a kind."""
    while True:
        pair = rng.randrange(NUM_KINDS)
        kinds = [pair, pair] + [k for s in rng.choices(SETS, k=4) for k in s]
        if max(kinds.count(k) for k in set(kinds)) <= 4:
            return kinds


def _hand(kinds: list[int]) -> Hand:
    return Hand(tuple(sorted(Tile(k) for k in kinds)))


def _tenpai_hands(rng: random.Random, n: int) -> list[Hand]:
    """Random tenpai hands: a complete hand minus one random tile (always tenpai)."""
    out = []
    for _ in range(n):
        kinds = _complete(rng)
        del kinds[rng.randrange(14)]
        out.append(_hand(kinds))
    return out


def _random_hands(rng: random.Random, n: int) -> list[Hand]:
    wall = [k for k in range(NUM_KINDS) for _ in range(4)]
    return [_hand(rng.sample(wall, 13)) for _ in range(n)]


def _mahjong_waits(agari) -> Callable[[list[int]], tuple[int, ...]]:
    def find(counts: list[int]) -> tuple[int, ...]:
        out = []
        for k in range(NUM_KINDS):
            if counts[k] < 4:
                counts[k] += 1
                if agari(counts):
                    out.append(k)
                counts[k] -= 1
        return tuple(out)

    return find


def _import_time() -> float:
    code = (
        "import time; t = time.perf_counter();"
        "from trainer.engine.notation import parse_hand;"
        "from trainer.engine.waits import waits;"
        "waits(parse_hand('123m456p789s1122z'));"
        "print(time.perf_counter() - t)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(out.stdout.strip())


def _row(label: str, ours: float, theirs: float | None = None) -> None:
    if theirs is None:
        print(f"  {label:<46} ours {ours:9.2f} µs")
    else:
        print(f"  {label:<46} ours {ours:9.2f} µs   mahjong {theirs:9.2f} µs   ratio {theirs / ours:6.1f}x")


def run(quick: bool) -> None:
    """Print the medians: waits vs 34 x is_agari, wait reports, readings, first call."""
    try:
        from mahjong.agari import Agari
    except ImportError:  # the yardstick is a test dependency
        Agari = None
    rng = random.Random(SEED)
    n = 2000 if quick else 20000
    tenpai = _tenpai_hands(rng, n)
    noise = _random_hands(rng, n)
    for h in tenpai[:200] + noise[:200]:  # the same warm-up for both sides
        waits(h)
    print(f"samples: {n} tenpai hands, {n} random hands (seed {SEED})")

    if Agari is not None:
        find = _mahjong_waits(Agari.is_agari)
        counts_tenpai = [h.counts() for h in tenpai]
        counts_noise = [h.counts() for h in noise]
        m = n if quick else n // 4
        # timed in turn, hand by hand, so that the ratio does not swing with the shared machine
        ours_tenpai, theirs_tenpai = paired_median_us(waits, find, tenpai[:m], counts_tenpai[:m])
        ours_noise, theirs_noise = paired_median_us(waits, find, noise[:m], counts_noise[:m])
        wrong = sum(
            waits(h) != find(c) for h, c in zip(tenpai + noise, counts_tenpai + counts_noise, strict=True)
        )
        _row("waits, 13-tile tenpai hands", ours_tenpai, theirs_tenpai)
        _row("waits, random 13-tile hands", ours_noise, theirs_noise)
        print(f"  disagreements with 34 x is_agari: {wrong} of {2 * n}")
    else:
        _row("waits, 13-tile tenpai hands", median_us(waits, tenpai))
        _row("waits, random 13-tile hands", median_us(waits, noise))
        print("  (mahjong not installed: no comparison)")

    reports = tenpai[: n // 10]
    _row("wait_report (readings, shapes, names), tenpai", median_us(wait_report, reports, rounds=1))

    complete = [_hand(_complete(rng)) for _ in range(n // 4)]
    ours_read = median_us(readings, complete)
    if Agari is not None:
        theirs_agari = median_us(lambda h: Agari.is_agari(h.counts()), complete, rounds=1)
        _row("readings of complete 14-tile hands (vs is_agari)", ours_read, theirs_agari)
    else:
        _row("readings of complete 14-tile hands", ours_read)
    print(f"  mean readings per complete hand: {statistics.mean(len(readings(h)) for h in complete):.3f}")
    print(f"  import + first call (fresh interpreter): {_import_time() * 1000:.0f} ms")
