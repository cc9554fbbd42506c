"""Play modes: milliseconds per bot-only game, how hands end, and bot decision time, per table.

    python -m benchmarks play_modes           # 40 games per table, invariants checked
    python -m benchmarks play_modes --quick   # 8 games per table

Every shipped mode (``mode_ids()``) is played with its defaults, plus the tables the
lessons use most.  A "game" is what ``simulate --mode`` counts: one hand, or for risu
hands until someone goes below zero (at most ``max_hands``; single_suit_1 likewise, from 30,000).  Bot decisions are timed one
by one; the target is p95 <= 30 ms for every table.
"""

from __future__ import annotations

import statistics
import time
from collections import Counter

EXTRA_TABLES = (
    ("risu", {"recycle_discards": False}), ("twelve_tiles", {"six_pairs": False}),
    ("single_suit_1", {"half_abundance": True, "max_hands": 8}),
    ("tibet", {"hand": 7}), ("tibet", {"hand": 10, "players": 4, "calls": "pon"}),
    ("tibet", {"hand": 13, "players": 4}), ("ponjan", {"hand": 10, "players": 4}),
    ("glass_table", {"win": "yaku", "calls": "all"}), ("glass_table", {"win": "riichi", "bots": "efficient"}),
    ("kunto", {"hand": 13, "tiles": "suits108_dragons", "suits": "ignored", "dragons": "jokers", "players": 4}),
    ("kunto", {"hand": 10, "tiles": "sou_dragons48", "dragons": "tens"}),
    ("twelve_tiles", {"atama_kasou": True}), ("single_suit_1", {"tiles": "suits108_dragons", "dragons": "jokers"}),
    ("risu", {"players": 4, "tiles": "sou_winds_pin68"}), ("yochi", {"calls": "all"}),
    ("bamboo", {"tiles": "standard"}), ("bamboo", {"calls": "pon", "dummy_pays": False}),
    ("single_suit_2", {"tiles": "man_two_winds_chun", "calls": "pon"}),
    ("ab_game", {"guess_rule": "both"}), ("ab_game", {"calls": "pon", "pass_over": False}),
)
P95_LIMIT_MS = 30.0


def run(quick: bool) -> None:
    """Print, per table, the median CPU ms per game, the share of tsumo, ron and draw hands,
    and the median and 95th percentile of one bot decision (CPU ms)."""
    from trainer.engine.game.simple_modes import get_mode, mode_ids
    from trainer.engine.game.training_match import play_mode_game

    games = 8 if quick else 40
    tables = [(m, {}) for m in mode_ids()] + list(EXTRA_TABLES)
    print(f"{'table':64} {'ms/game':>8} {'tsumo':>6} {'ron':>6} {'draw':>6} {'dec p50':>8} {'dec p95':>8}")
    worst = 0.0
    for mode, opts in tables:
        setup = get_mode(mode).setup(**opts)
        times: list[float] = []
        decisions: list[float] = []
        ends: Counter = Counter()
        for seed in range(games):
            start = time.process_time()
            out = play_mode_game(setup, seed, check=True)
            times.append((time.process_time() - start) * 1000)
            decisions.extend(out.decisions)
            ends.update(r.kind for r in out.results)
        hands = sum(ends.values())
        decisions.sort()
        p50 = decisions[len(decisions) // 2] * 1000
        p95 = decisions[int(len(decisions) * 0.95)] * 1000
        worst = max(worst, p95)
        label = mode + " " + ",".join(f"{k}={v}" for k, v in opts.items())
        share = {k: f"{100 * ends[k] / hands:.0f}%" for k in ("tsumo", "ron", "draw")}
        print(f"{label:64} {statistics.median(times):8.1f} {share['tsumo']:>6} {share['ron']:>6} {share['draw']:>6}"
              f" {p50:8.2f} {p95:8.2f}")
    verdict = "within" if worst <= P95_LIMIT_MS else "OVER"
    print(f"worst bot decision p95: {worst:.2f} ms ({verdict} the {P95_LIMIT_MS:.0f} ms target)")
