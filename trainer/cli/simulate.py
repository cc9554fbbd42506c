"""``python -m trainer simulate``: play bot-only matches and report how they went.

    python -m trainer simulate --games 100 --seed 7 --rules tenhou
    python -m trainer simulate --games 10 --json        # last line: one JSON object

Each game is seeded from ``--seed`` (same seed, same games, same final scores).
The table invariants are checked after every action unless ``--no-check``.
Reported: places per seat, average points, win / deal-in / draw rates, and
seconds per game; with ``--json`` the last line is a JSON object with
``final_scores`` (one list of four raw point totals per game — three with
``--rules sanma`` — before uma and oka) and ``seconds_per_game``, and per seat
``riichi_rate`` and ``call_rate`` (share of hands with a riichi / with a chi, pon or
open kan), ``average_place`` and ``decision_ms_p95`` (95th percentile of the bot's
decision time, CPU milliseconds); every per-seat list has one entry per seat.
Three-player rules seat the first three ``--bots`` unless exactly three are given.
``--rules mcr`` plays Chinese Official games instead (:mod:`trainer.cli.simulate_mcr`).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

DEFAULT_BOTS = "efficient,careful,efficient,careful"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the options of the simulate command."""
    parser.add_argument("--games", type=int, default=10, help="how many matches to play (default 10)")
    parser.add_argument("--seed", type=int, default=0, help="random seed; the same seed gives the same games")
    parser.add_argument("--rules", default="tenhou",
                        help="rule preset: tenhou, ema, jpml, a preset file, or mcr / mcr_common for Chinese Official")
    parser.add_argument("--json", action="store_true", help="end with one line of JSON with every figure")
    parser.add_argument(
        "--bots",
        default=DEFAULT_BOTS,
        help="comma-separated bot names for seats East..North (beginner, efficient, careful, strong); "
        "three for sanma",
    )
    parser.add_argument("--no-check", action="store_true", help="skip the invariant checks after every action")
    parser.add_argument("--logs", type=Path, default=None, help="folder to save every game log (JSON) into")
    parser.add_argument("--mode", default=None, help=mode_help())
    parser.add_argument("--option", action="append", default=None, metavar="KEY=VALUE",
                        help="a play-mode option, such as hand=7 (repeatable; with --mode)")


def mode_help() -> str:
    """The ``--mode`` help: every shipped play mode, read from the mode files."""
    from trainer.engine.game.simple_modes import mode_ids

    return f"play a play mode instead of riichi matches: {', '.join(mode_ids())}"


def game_seeds(seed: int, games: int) -> list[int]:
    """The per-game seeds derived from the command's seed."""
    rng = random.Random(seed)
    return [rng.getrandbits(48) for _ in range(games)]


def timed_players(names: list[str], seats: int, rules_name: str, make: Any) -> list[Any] | str:
    """The seats' bots by name (``make(name)``), each timed, or the one-line error for
    the wrong number of names or an unknown bot."""
    from trainer.engine.game.figures import TimedPlayer

    if len(names) != seats:
        count = {3: "three", 4: "four"}.get(seats, str(seats))
        return f"--bots needs exactly {count} names for the {rules_name} rules"
    try:
        return [TimedPlayer(make(n)) for n in names]
    except ValueError as e:
        return str(e)


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
    from trainer.engine.game.figures import SeatFigures, percentile
    from trainer.engine.game.play import play_match
    from trainer.engine.game.records import save
    from trainer.engine.rules import RulesError, load_rules

    if getattr(args, "mode", None):
        from trainer.cli.simulate_modes import run_mode

        return run_mode(args)
    if getattr(args, "option", None):
        print("simulate: --option needs --mode", file=sys.stderr)
        return 2
    from trainer.engine.mcr.rules_game import is_mcr_rules

    if is_mcr_rules(args.rules):
        from trainer.cli.simulate_mcr import run_mcr

        return run_mcr(args)
    if args.games < 1:
        print("simulate: --games must be at least 1", file=sys.stderr)
        return 2
    try:
        rules = load_rules(args.rules)
    except (RulesError, OSError, ValueError) as e:
        print(f"simulate: {e}", file=sys.stderr)
        return 2
    names = [n.strip() for n in args.bots.split(",")]
    seats = rules.players
    if seats == 3 and len(names) == 4 and args.bots == DEFAULT_BOTS:
        names = names[:3]
    players = timed_players(names, seats, rules.name, lambda n: make_bot(n, rules))
    if isinstance(players, str):
        print(f"simulate: {players}", file=sys.stderr)
        return 2
    if args.logs is not None:
        args.logs.mkdir(parents=True, exist_ok=True)

    places = [[0] * seats for _ in range(seats)]
    final_scores: list[list[int]] = []
    wins = [0] * seats
    deal_ins = [0] * seats
    draws = 0
    hands = 0
    refused = 0
    elapsed: list[float] = []
    figures = SeatFigures(seats=seats)
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
    avg_points = [sum(s[i] for s in final_scores) / n for i in range(seats)]
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
    heads = "".join(f"{h:>5}" for h in ("1st", "2nd", "3rd", "4th")[:seats])
    print(f"{'seat':<6}{'bot':<11}{heads}{'avg pts':>10}{'win':>8}{'deal-in':>9}")
    winds = "ESWN"
    for s in range(seats):
        p = "".join(f"{x:>5}" for x in places[s])
        print(
            f"{winds[s]:<6}{names[s]:<11}{p}{avg_points[s]:>10.0f}"
            f"{wins[s] / hands:>8.1%}{deal_ins[s] / hands:>9.1%}"
        )
    print(f"draws {draws / hands:.1%} of hands; {per_game:.3f} s per game; invariants "
          f"{'not checked' if args.no_check else 'checked after every action'}")
    if args.json:
        print(json.dumps(summary))
    return 0
