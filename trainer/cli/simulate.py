"""``python -m trainer simulate``: play bot-only matches and report how they went.

    python -m trainer simulate --games 100 --seed 7 --rules tenhou
    python -m trainer simulate --games 10 --json        # last line: one JSON object

Each game is seeded from ``--seed`` (same seed, same games, same final scores).
The table invariants are checked after every action unless ``--no-check``.
Reported: places per seat, average points, win / deal-in / draw rates, and
seconds per game; with ``--json`` the last line is a JSON object with
``final_scores`` (one list of four raw point totals per game, before uma and oka)
and ``seconds_per_game``, and per seat ``riichi_rate`` and ``call_rate`` (share of
hands with a riichi / with a chi, pon or open kan), ``average_place`` and
``decision_ms_p95`` (95th percentile of the bot's decision time, CPU milliseconds).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the options of the simulate command."""
    parser.add_argument("--games", type=int, default=10, help="how many matches to play (default 10)")
    parser.add_argument("--seed", type=int, default=0, help="random seed; the same seed gives the same games")
    parser.add_argument("--rules", default="tenhou", help="rule preset: tenhou, ema, jpml or a preset file")
    parser.add_argument("--json", action="store_true", help="end with one line of JSON with every figure")
    parser.add_argument(
        "--bots",
        default="efficient,careful,efficient,careful",
        help="four comma-separated bot names for seats East..North (beginner, efficient, careful, strong)",
    )
    parser.add_argument("--no-check", action="store_true", help="skip the invariant checks after every action")
    parser.add_argument("--logs", type=Path, default=None, help="folder to save every game log (JSON) into")


def game_seeds(seed: int, games: int) -> list[int]:
    """The per-game seeds derived from the command's seed."""
    rng = random.Random(seed)
    return [rng.getrandbits(48) for _ in range(games)]


def tally_hand(result: dict[str, Any], wins: list[int], deal_ins: list[int]) -> bool:
    """Add one hand's result (the game log's ``result`` object) to the per-seat win and
    deal-in counts; True if the hand was a draw.  A double ron is one deal-in: the
    discarder lost one tile to two winners."""
    for w in result["wins"]:
        wins[w["seat"]] += 1
    for seat in {w["from"] for w in result["wins"] if w["from"] is not None}:
        deal_ins[seat] += 1
    return result["kind"] in ("exhaustive", "abortive")


def run(args: argparse.Namespace) -> int:
    """Play the matches and print the report; returns the exit status."""
    from trainer.engine.bots import make_bot
    from trainer.engine.game.figures import SeatFigures, TimedPlayer, percentile
    from trainer.engine.game.play import play_match
    from trainer.engine.game.records import save
    from trainer.engine.rules import RulesError, load_rules

    if args.games < 1:
        print("simulate: --games must be at least 1", file=sys.stderr)
        return 2
    try:
        rules = load_rules(args.rules)
    except (RulesError, OSError, ValueError) as e:
        print(f"simulate: {e}", file=sys.stderr)
        return 2
    names = [n.strip() for n in args.bots.split(",")]
    if len(names) != 4:
        print("simulate: --bots needs exactly four names", file=sys.stderr)
        return 2
    try:
        players = [TimedPlayer(make_bot(n, rules)) for n in names]
    except ValueError as e:
        print(f"simulate: {e}", file=sys.stderr)
        return 2
    if args.logs is not None:
        args.logs.mkdir(parents=True, exist_ok=True)

    places = [[0] * 4 for _ in range(4)]
    final_scores: list[list[int]] = []
    wins = [0] * 4
    deal_ins = [0] * 4
    draws = 0
    hands = 0
    refused = 0
    elapsed: list[float] = []
    figures = SeatFigures()
    for i, seed in enumerate(game_seeds(args.seed, args.games)):
        start = time.perf_counter()
        out = play_match(players, rules, seed, check=not args.no_check)
        elapsed.append(time.perf_counter() - start)
        refused += out.refused
        final_scores.append(list(out.match.scores))
        standings = out.match.standings()
        for st in standings:
            places[st.seat][st.place - 1] += 1
        figures.add(out.log, [st.place for st in sorted(standings, key=lambda st: st.seat)])
        for h in out.log["hands"]:
            hands += 1
            draws += tally_hand(h["result"], wins, deal_ins)
        if args.logs is not None:
            save(out.log, args.logs / f"game-{i + 1:05d}.json")

    n = args.games
    per_game = sum(elapsed) / n
    avg_points = [sum(s[i] for s in final_scores) / n for i in range(4)]
    summary: dict[str, Any] = {
        "games": n,
        "seed": args.seed,
        "rules": rules.name,
        "bots": names,
        "hands": hands,
        "places": places,
        "average_points": avg_points,
        "win_rate": [w / hands for w in wins],
        "deal_in_rate": [d / hands for d in deal_ins],
        "draw_rate": draws / hands,
        "riichi_rate": figures.rates()["riichi_rate"],
        "call_rate": figures.rates()["call_rate"],
        "average_place": figures.rates()["average_place"],
        "decision_ms_p95": [percentile(p.times_ms, 0.95) for p in players],
        "refused_actions": refused,
        "seconds_per_game": per_game,
        "final_scores": final_scores,
    }
    print(f"{n} games, rules {rules.name}, seed {args.seed}, {hands} hands")
    print(f"{'seat':<6}{'bot':<11}{'1st':>5}{'2nd':>5}{'3rd':>5}{'4th':>5}{'avg pts':>10}{'win':>8}{'deal-in':>9}")
    winds = "ESWN"
    for s in range(4):
        p = places[s]
        print(
            f"{winds[s]:<6}{names[s]:<11}{p[0]:>5}{p[1]:>5}{p[2]:>5}{p[3]:>5}{avg_points[s]:>10.0f}"
            f"{wins[s] / hands:>8.1%}{deal_ins[s] / hands:>9.1%}"
        )
    print(f"draws {draws / hands:.1%} of hands; {per_game:.3f} s per game; invariants "
          f"{'not checked' if args.no_check else 'checked after every action'}")
    if args.json:
        print(json.dumps(summary))
    return 0
