"""MCR full games: an invariant soak and the bots' speed and results.

``run(quick)`` plays bot-only MCR games (the ``mcr`` preset, four ``mcr`` bots) with the
table invariants checked after every action (144 tiles accounted for, four of each kind
and every flower once, hand sizes, points conserved), and prints the games and hands
played, invariant failures (must be 0), false wins (bots never claim one), the share of
hands won / drawn, the average points of a win, seconds per game and the 95th percentile
of a bot decision.  ``python -m trainer simulate --rules mcr`` gives the same figures per seat.
"""

from __future__ import annotations

import time

from trainer.engine.game.figures import TimedPlayer, percentile
from trainer.engine.mcr.bots import McrBot
from trainer.engine.mcr.match import McrInvariantError, play_mcr_match
from trainer.engine.mcr.rules_game import load_mcr_game


def run(quick: bool = False) -> None:
    """Print the soak's figures."""
    rules = load_mcr_game("mcr")
    games = 2 if quick else 12
    players = [TimedPlayer(McrBot(rules)) for _ in range(4)]
    hands = wins = draws = false_wins = failures = 0
    points: list[int] = []
    start = time.perf_counter()
    for seed in range(games):
        try:
            out = play_mcr_match(players, rules, 1000 + seed, check=True)
        except McrInvariantError as e:
            failures += 1
            print(f"  game {seed}: {e}")
            continue
        for res in out.results:
            hands += 1
            draws += res.kind == "exhaustive"
            false_wins += len(res.false_wins)
            for w in res.wins:
                wins += 1
                points.append(w.score.total)
    per_game = (time.perf_counter() - start) / games
    times = [t for p in players for t in p.times_ms]
    print(f"{games} games, {hands} hands, invariants checked after every action: {failures} failures")
    print(f"won {wins / max(hands, 1):.0%} of hands, drawn {draws / max(hands, 1):.0%}; false wins {false_wins}; "
          f"a win averages {sum(points) / max(len(points), 1):.1f} points (flowers included)")
    print(f"{per_game:.2f} s per game; bot decision p95 {percentile(times, 0.95):.1f} ms (CPU)")
