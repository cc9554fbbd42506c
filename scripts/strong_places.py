"""Average place of the strong bot against careful over whole matches, per setting, paired by seed.

    .venv/bin/python scripts/strong_places.py --start 100000 --matches 1000 \\
        '' 'trainer.engine.evaluator.danger.QUIET_BASE=0.02'

Each setting (the syntax of ``scripts/strong_duplicates.py``: ``module.CONSTANT=value`` joined by
``&``, ``bot=NAME``, or ``''`` for the bot as it is) plays the same matches as the game benchmark's
level table plays them (``benchmarks/bench_game.py``, ``level_chunk``: two strong and two careful
seats, both seat orders), and the script prints, per setting, the strong seats' average place with
its standard error and the paired change against the first setting (± the standard error of the
paired difference; "changed" counts the matches whose place moved).  A setting that changes most
matches is measured to about ±0.025 of a place per 1,000 matches (about 7 minutes on two cores),
one that changes few far better.  The place is what issue 13's target counts; duplicate hands
(``strong_duplicates.py``) count points, ``strong_losses.py`` splits them by cause.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the benchmarks package

from strong_duplicates import _apply  # noqa: E402 - after the path above

from benchmarks.bench_game import level_chunk  # noqa: E402


def _places(args: tuple[str, list[int]]) -> dict[int, float]:
    """Play each seed's match with ``setting`` in the strong chairs; per seed the strong seats'
    mean place."""
    setting, seeds = args
    bot = _apply(setting)
    return dict(zip(seeds, level_chunk((bot, seeds))["places"], strict=True))


def main() -> None:
    """Play every setting on the same seeds and print the places and the paired changes."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("settings", nargs="+")
    p.add_argument("--start", type=int, default=100_000)
    p.add_argument("--matches", type=int, default=200)
    p.add_argument("--workers", type=int, default=2)
    args = p.parse_args()
    seeds = list(range(args.start, args.start + args.matches))
    parts = args.workers * 8  # small chunks keep both processes busy to the end
    first: dict[int, float] = {}
    with ProcessPoolExecutor(args.workers) as pool:
        for setting in args.settings:
            start = time.perf_counter()
            places: dict[int, float] = {}
            for part in pool.map(_places, [(setting, seeds[i::parts]) for i in range(parts)]):
                places.update(part)
            row = [places[s] for s in seeds]
            line = (f"{setting or '(as it is)'}: place {statistics.mean(row):.4f} ± "
                    f"{statistics.stdev(row) / math.sqrt(len(row)):.4f}")
            if first:
                diff = [places[s] - first[s] for s in seeds]
                line += (f"; paired {statistics.mean(diff):+.4f} ± {statistics.stdev(diff) / math.sqrt(len(diff)):.4f}"
                         f" ({sum(1 for d in diff if d)} of {len(diff)} matches changed)")
            else:
                first = places
            print(f"{line}  [{time.perf_counter() - start:.0f} s]", flush=True)


if __name__ == "__main__":
    main()
