"""Discard puzzles: seconds to build a «Что сбросить?» drill from the learner's saved games
(every discard decision of the learner's seat replayed and answered by the coach), and from
the starter set alone; wall clock and CPU time.  The drill reads at most 8 games (the
newest), so 8 hanchans are the worst case a learner meets when opening it.

    python -m benchmarks nanikiru           # 8 hanchans, 3 runs
    python -m benchmarks nanikiru --quick   # 2 hanchans, 1 run
"""

from __future__ import annotations

import statistics
import time


def _logs(n: int) -> list[dict]:
    from trainer.engine.bots import make_bot
    from trainer.engine.game.play import play_match

    players = ("beginner", "careful", "efficient", "strong")
    return [play_match([make_bot(b) for b in players], "tenhou", seed=30_000 + i).log for i in range(n)]


def _time(fn) -> tuple[float, float, object]:  # noqa: ANN001
    start, start_cpu = time.perf_counter(), time.process_time()
    out = fn()
    return time.perf_counter() - start, time.process_time() - start_cpu, out


def run(quick: bool = False) -> None:
    """Print the time to build a drill from n hanchans and from the starter set."""
    from trainer.engine.exercises import nanikiru

    games, runs = (2, 1) if quick else (8, 3)
    logs = _logs(games)
    decisions = sum(len(list(nanikiru.positions_of(log, 0, "g"))) for log in logs)
    rows = [_time(lambda r=r: nanikiru.make_drill([(log, 0) for log in logs], n=10, seed=r)) for r in range(runs)]
    wall = statistics.median(r[0] for r in rows)
    cpu = statistics.median(r[1] for r in rows)
    differ = sum(p.differs for p in rows[0][2].puzzles)
    print(f"{games} hanchans, {sum(len(log['hands']) for log in logs)} hands, {decisions} decisions of the learner's seat")
    print(f"drill of 10 from the games: median {wall:.2f} s wall, {cpu:.2f} s CPU; {rows[0][2].from_games} "
          f"game(s) read before enough different choices were found; {differ} of 10 are the learner's own")
    full = [_time(lambda: [nanikiru.puzzle(p) for log in logs for p in nanikiru.positions_of(log, 0, "g")])]
    print(f"every decision of the {games} hanchans answered: {full[0][0]:.2f} s wall, {full[0][1]:.2f} s CPU "
          f"({full[0][1] / games:.3f} s CPU per hanchan, the worst case of a learner who agrees with the coach)")
    nanikiru._starter_data.cache_clear()
    s_wall, s_cpu, drill = _time(lambda: nanikiru.make_drill([], n=10, seed=1))
    print(f"drill of 10 from the starter set ({len(nanikiru.starter_positions())} positions): "
          f"{s_wall:.2f} s wall, {s_cpu:.2f} s CPU")
