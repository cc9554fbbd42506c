"""Full-game figures: seconds per bot-only hanchan, and a soak run of many
hanchans with every table invariant checked after every action.

    python -m benchmarks game           # 100 timed games + 2,000-game soak (2 processes)
    python -m benchmarks game --quick   # 10 timed games + 60-game soak
"""

from __future__ import annotations

import os
import statistics
import time
import traceback
from concurrent.futures import ProcessPoolExecutor

PRESETS = ("tenhou", "ema", "jpml")
BOTS = ("efficient", "careful", "efficient", "careful")


def _players(rules):
    from trainer.engine.bots import make_bot

    return [make_bot(n, rules) for n in BOTS]


def timed_games(n: int, check: bool) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU seconds for each of ``n`` Tenhou hanchans played by the bots
    (CPU time is the fairer figure on a machine shared with other jobs)."""
    from trainer.engine.game.play import play_match
    from trainer.engine.rules import load_rules

    rules = load_rules("tenhou")
    players = _players(rules)
    wall, cpu = [], []
    for seed in range(n):
        start, start_cpu = time.perf_counter(), time.process_time()
        play_match(players, rules, seed=10_000 + seed, check=check)
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return wall, cpu


def soak_chunk(seeds: list[int]) -> tuple[int, int, int, list[str]]:
    """Play one hanchan per seed (presets in turn) with invariants checked; returns
    (games, hands, actions, failures)."""
    from trainer.engine.game.play import play_match
    from trainer.engine.rules import load_rules

    rules = {name: load_rules(name) for name in PRESETS}
    players = {name: _players(r) for name, r in rules.items()}
    games = hands = actions = 0
    failures: list[str] = []
    for seed in seeds:
        name = PRESETS[seed % len(PRESETS)]
        try:
            out = play_match(players[name], rules[name], seed=seed, check=True)
        except Exception:  # noqa: BLE001 - a soak run reports every crash
            failures.append(f"seed {seed} ({name}): {traceback.format_exc(limit=3)}")
            continue
        games += 1
        hands += len(out.log["hands"])
        actions += sum(len(h["actions"]) for h in out.log["hands"])
        if out.refused:
            failures.append(f"seed {seed} ({name}): {out.refused} bot actions refused")
    return games, hands, actions, failures


def run(quick: bool) -> None:
    """Print the per-game timing and the soak result."""
    n = 10 if quick else 100
    plain, cpu = timed_games(n, check=False)
    print(f"bot-only hanchan (tenhou, no checks), {n} games: median {statistics.median(plain):.3f} s "
          f"(CPU {statistics.median(cpu):.3f} s), mean {statistics.mean(plain):.3f} s, max {max(plain):.3f} s")
    checked, cpu = timed_games(max(3, n // 5), check=True)
    print(f"with invariants after every action: median {statistics.median(checked):.3f} s "
          f"(CPU {statistics.median(cpu):.3f} s)")

    total = 60 if quick else 2000
    workers = max(1, min(2, os.cpu_count() or 1))
    seeds = list(range(total))
    chunks = [seeds[i::workers] for i in range(workers)]
    start = time.perf_counter()
    if workers == 1:
        results = [soak_chunk(chunks[0])]
    else:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(soak_chunk, chunks))
    elapsed = time.perf_counter() - start
    games = sum(r[0] for r in results)
    hands = sum(r[1] for r in results)
    actions = sum(r[2] for r in results)
    failures = [f for r in results for f in r[3]]
    print(f"soak: {games}/{total} hanchans ({', '.join(PRESETS)} in turn), {hands} hands, {actions} actions, "
          f"invariants checked after every action, {len(failures)} failures, {elapsed:.0f} s on {workers} processes")
    for f in failures[:5]:
        print("  FAILURE", f)
