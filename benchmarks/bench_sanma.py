"""Three-player riichi (sanma): seconds per bot-only three-player hanchan, and a soak run
of many three-player hanchans with every table invariant checked after every action
(points plus riichi sticks conserved, all 108 tiles accounted for, hand sizes).

    python -m benchmarks sanma           # 50 timed games + 500-game soak
    python -m benchmarks sanma --quick   # 10 timed games + 60-game soak
"""

from __future__ import annotations

import statistics
import time
import traceback

BOTS = ("efficient", "careful", "efficient")


def _setup():
    from trainer.engine.bots import make_bot
    from trainer.engine.rules import load_rules

    rules = load_rules("sanma")
    return rules, [make_bot(n, rules) for n in BOTS]


def timed_games(n: int) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU seconds for each of ``n`` three-player hanchans (no invariant checks)."""
    from trainer.engine.game.play import play_match

    rules, players = _setup()
    wall, cpu = [], []
    for seed in range(n):
        start, start_cpu = time.perf_counter(), time.process_time()
        play_match(players, rules, seed=30_000 + seed)
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return wall, cpu


def soak(n: int) -> tuple[int, int, int, list[str]]:
    """Play ``n`` checked three-player hanchans; returns (games, hands, Norths set aside, failures)."""
    from trainer.engine.game.play import play_match

    rules, players = _setup()
    games = hands = kita = 0
    failures: list[str] = []
    for seed in range(n):
        try:
            out = play_match(players, rules, seed=seed, check=True)
        except Exception:  # noqa: BLE001 - a soak run reports every crash
            failures.append(f"seed {seed}: {traceback.format_exc(limit=3)}")
            continue
        games += 1
        if sum(out.match.scores) != out.match.total_points:
            failures.append(f"seed {seed}: final points {sum(out.match.scores)} != {out.match.total_points}")
        for h in out.log["hands"]:
            hands += 1
            kita += sum(1 for _seat, a in h["actions"] if a["type"] == "kita")
    return games, hands, kita, failures


def run(quick: bool) -> None:
    """Print seconds per three-player hanchan and the soak figures."""
    n = 10 if quick else 50
    wall, cpu = timed_games(n)
    print(
        f"three-player hanchan (sanma, bots {','.join(BOTS)}), {n} games: median {statistics.median(wall):.3f} s "
        f"wall / {statistics.median(cpu):.3f} s CPU, worst {max(wall):.3f} s (target <= 1 s)"
    )
    m = 60 if quick else 500
    start = time.perf_counter()
    games, hands, kita, failures = soak(m)
    print(
        f"soak: {games}/{m} three-player games, {hands} hands, {kita} Norths set aside, "
        f"invariants checked after every action, {len(failures)} failures ({time.perf_counter() - start:.1f} s)"
    )
    for f in failures[:5]:
        print("  ", f)
