"""Run every benchmark module ``benchmarks/bench_*.py`` (or the ones named) and print their figures.

Each module defines ``run(quick: bool) -> None`` that prints its own table.
``python -m benchmarks hand score`` runs only bench_hand and bench_score;
``--quick`` uses smaller samples.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import time

import benchmarks


def main(argv: list[str]) -> int:
    """Import and run the chosen benchmark modules in name order."""
    quick = "--quick" in argv
    wanted = [a for a in argv if not a.startswith("-")]
    names = sorted(m.name for m in pkgutil.iter_modules(benchmarks.__path__) if m.name.startswith("bench_"))
    if wanted:
        names = [n for n in names if n.removeprefix("bench_") in wanted or n in wanted]
    for name in names:
        print(f"\n=== {name} ===", flush=True)
        start = time.perf_counter()
        importlib.import_module(f"benchmarks.{name}").run(quick=quick)
        print(f"({name}: {time.perf_counter() - start:.1f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
