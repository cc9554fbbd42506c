"""``python -m trainer simulate --rules mcr``: bot-only MCR games (Chinese Official).

    python -m trainer simulate --rules mcr --games 10 --seed 3 --json

Each game is seeded from ``--seed``; the table invariants (144 tiles accounted for, points
conserved, hand sizes) are checked after every action unless ``--no-check``.  Reported:
places per seat, average game points, win / self-draw / deal-in / draw rates, false wins,
the points of a win and the fans counted most often.  With ``--json`` the last line is one
JSON object: ``games``, ``seed``, ``rules``, ``bots``, ``hands``, ``places`` (per seat, how
many 1st..4th), ``average_points``, ``average_table_points``, ``win_rate``,
``self_draw_rate``, ``deal_in_rate`` (per seat), ``draw_rate``, ``false_wins``,
``average_win_points`` (flowers included), ``fans`` (fan id -> wins counting it),
``decision_ms_p95`` (per seat), ``refused_actions``, ``seconds_per_game`` and
``final_scores`` (one list of four game-point totals per game).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from typing import Any

from trainer.cli.simulate import DEFAULT_BOTS, game_seeds, timed_players

MCR_DEFAULT_BOTS = "mcr,mcr,mcr,mcr"


def run_mcr(args: argparse.Namespace) -> int:
    """Play ``args.games`` MCR games and print the report; exit status 2 on bad input."""
    from trainer.engine.game.figures import percentile
    from trainer.engine.mcr.bots import make_mcr_bot
    from trainer.engine.mcr.match import play_mcr_match
    from trainer.engine.mcr.rules_game import load_mcr_game
    from trainer.engine.mcr.table import McrRulesError

    if args.games < 1:
        print("simulate: --games must be at least 1", file=sys.stderr)
        return 2
    try:
        rules = load_mcr_game(args.rules)
    except McrRulesError as e:
        print(f"simulate: {e}", file=sys.stderr)
        return 2
    bots = MCR_DEFAULT_BOTS if args.bots == DEFAULT_BOTS else args.bots
    names = [n.strip() for n in bots.split(",")]
    players = timed_players(names, 4, rules.name, lambda n: make_mcr_bot(n, rules))
    if isinstance(players, str):
        print(f"simulate: {players}", file=sys.stderr)
        return 2
    if args.logs is not None:
        args.logs.mkdir(parents=True, exist_ok=True)

    places = [[0] * 4 for _ in range(4)]
    table_points = [0] * 4
    final_scores: list[list[int]] = []
    wins, tsumo, deal_ins = [0] * 4, [0] * 4, [0] * 4
    draws = hands = refused = false_wins = 0
    win_points: list[int] = []
    fans: Counter[str] = Counter()
    elapsed: list[float] = []
    for i, seed in enumerate(game_seeds(args.seed, args.games)):
        start = time.perf_counter()
        out = play_mcr_match(players, rules, seed, check=not args.no_check)
        elapsed.append(time.perf_counter() - start)
        refused += out.refused
        final_scores.append(list(out.match.scores))
        for st in out.match.standings():
            places[st.seat][st.place - 1] += 1
            table_points[st.seat] += st.table_points
        for res in out.results:
            hands += 1
            false_wins += len(res.false_wins)
            draws += res.kind == "exhaustive"
            for w in res.wins:
                wins[w.seat] += 1
                win_points.append(w.score.total)
                fans.update(set(w.score.fans))
                if w.from_seat is None:
                    tsumo[w.seat] += 1
                else:
                    deal_ins[w.from_seat] += 1
        if args.logs is not None:
            log = {"rules": rules.name, "seed": seed, "bots": names, "scores": out.match.scores,
                   "hands": [r.to_json() for r in out.results]}
            (args.logs / f"mcr-game-{i + 1:05d}.json").write_text(json.dumps(log), encoding="utf-8")

    n = args.games
    summary: dict[str, Any] = {
        "games": n,
        "seed": args.seed,
        "rules": rules.name,
        "bots": names,
        "hands": hands,
        "places": places,
        "average_points": [sum(s[i] for s in final_scores) / n for i in range(4)],
        "average_table_points": [t / n for t in table_points],
        "win_rate": [w / hands for w in wins],
        "self_draw_rate": [t / hands for t in tsumo],
        "deal_in_rate": [d / hands for d in deal_ins],
        "draw_rate": draws / hands,
        "false_wins": false_wins,
        "average_win_points": sum(win_points) / len(win_points) if win_points else 0.0,
        "fans": dict(fans.most_common()),
        "decision_ms_p95": [percentile(p.times_ms, 0.95) for p in players],
        "refused_actions": refused,
        "seconds_per_game": sum(elapsed) / n,
        "final_scores": final_scores,
    }
    print(f"{n} games, rules {rules.name}, seed {args.seed}, {hands} hands")
    print(f"{'seat':<6}{'bot':<14}{'1st':>5}{'2nd':>5}{'3rd':>5}{'4th':>5}{'avg pts':>10}{'win':>8}{'deal-in':>9}")
    for s in range(4):
        p = "".join(f"{x:>5}" for x in places[s])
        print(f"{'ESWN'[s]:<6}{names[s]:<14}{p}{summary['average_points'][s]:>10.1f}"
              f"{wins[s] / hands:>8.1%}{deal_ins[s] / hands:>9.1%}")
    top = ", ".join(f"{f} {c}" for f, c in fans.most_common(6) if f != "flower_tiles")
    print(f"draws {draws / hands:.1%} of hands; false wins {false_wins}; a win is worth "
          f"{summary['average_win_points']:.1f} points on average; most counted: {top}")
    print(f"{summary['seconds_per_game']:.2f} s per game; invariants "
          f"{'not checked' if args.no_check else 'checked after every action'}")
    if args.json:
        print(json.dumps(summary))
    return 0
