"""Simple play modes: CPU milliseconds per bot-only game and how games end, per table.

    python -m benchmarks play_modes           # 40 games per table, invariants checked
    python -m benchmarks play_modes --quick   # 8 games per table
"""

from __future__ import annotations

import statistics
import time
from collections import Counter

TABLES = (
    ("tibet", {"hand": 4}), ("tibet", {"hand": 7}), ("tibet", {"hand": 10, "players": 4, "calls": "pon"}),
    ("tibet", {"hand": 13, "players": 4}), ("ponjan", {"hand": 7}), ("ponjan", {"hand": 10, "players": 4}),
    ("kids_riichi", {}), ("glass_table", {}), ("glass_table", {"win": "yaku", "calls": "all"}),
    ("glass_table", {"win": "riichi", "bots": "efficient"}),
)


def run(quick: bool) -> None:
    """Print, per mode table, the median CPU ms per game and the share of wins, rons and draws."""
    from trainer.engine.game.simple import SimpleGame, play_bots
    from trainer.engine.game.simple_bots import make_simple_bot
    from trainer.engine.game.simple_modes import get_mode

    games = 8 if quick else 40
    print(f"{'table':48} {'ms/game':>8} {'tsumo':>6} {'ron':>6} {'draw':>6}")
    for mode, opts in TABLES:
        setup = get_mode(mode).setup(**opts)
        times: list[float] = []
        ends: Counter = Counter()
        for seed in range(games):
            start = time.process_time()
            g = SimpleGame(setup, seed)
            bots = [make_simple_bot(setup.bots, seed * 10 + i, setup.rules) for i in range(setup.players)]
            ends[play_bots(g, bots, check=True).kind] += 1
            times.append((time.process_time() - start) * 1000)
        label = mode + " " + ",".join(f"{k}={v}" for k, v in opts.items())
        share = {k: f"{100 * ends[k] / games:.0f}%" for k in ("tsumo", "ron", "draw")}
        print(f"{label:48} {statistics.median(times):8.1f} {share['tsumo']:>6} {share['ron']:>6} {share['draw']:>6}")
