"""Review speed: seconds to review every discard decision of one seat in a whole hanchan
(``trainer review``; the target is at most 1 s per hanchan), wall clock and CPU time.

    python -m benchmarks review           # 8 hanchans x 4 seats
    python -m benchmarks review --quick   # 2 hanchans x 2 seats
"""

from __future__ import annotations

import statistics
import time


def _logs(n: int) -> list[dict]:
    from trainer.engine.bots import make_bot
    from trainer.engine.game.play import play_match
    from trainer.engine.rules import load_rules

    rules = load_rules("tenhou")
    players = [make_bot(b, rules) for b in ("efficient", "careful", "efficient", "careful")]
    return [play_match(players, rules, seed=20_000 + i).log for i in range(n)]


def run(quick: bool = False) -> None:
    """Print the median and worst review time per hanchan and seat."""
    from trainer.engine.game.review import review_game

    games, seats = (2, 2) if quick else (8, 4)
    logs = _logs(games)
    hanchans = [log for log in logs if len(log["hands"]) >= 8] or logs
    wall, cpu, decisions = [], [], []
    for log in hanchans:
        for seat in range(seats):
            start, start_cpu = time.perf_counter(), time.process_time()
            result = review_game(log, seat)
            wall.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
            decisions.append(len(result.decisions))
    hands = statistics.mean(len(log["hands"]) for log in hanchans)
    print(f"{len(wall)} reviews ({len(hanchans)} hanchans, {hands:.1f} hands on average, "
          f"{statistics.mean(decisions):.0f} decisions per seat)")
    print(f"review of a hanchan: median {statistics.median(wall):.3f} s wall, {statistics.median(cpu):.3f} s CPU; "
          f"worst {max(wall):.3f} s wall, {max(cpu):.3f} s CPU (target <= 1 s)")
