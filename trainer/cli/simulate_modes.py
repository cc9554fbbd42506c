"""``python -m trainer simulate --mode MODE``: bot games of a play mode (training games,
tibet, ponjan, kids_riichi, glass_table) and their tsumo / ron / draw counts and points.

    python -m trainer simulate --mode risu --games 50 --seed 3 --json
    python -m trainer simulate --mode kunto --option hand=13 --option dragons=jokers

The last line with ``--json`` is one JSON object: ``mode``, ``games``, ``seed``,
``options``, ``hands``, ``seconds_per_game``, ``results`` (tsumo, ron, draws and their
rates per hand; ``chombo``: hands ended by a risu okurikan, among the draws), ``value``
(average han and points of a win) and ``points`` (the start, each game's final points and
the average per seat; null where the mode keeps none); the A/B game adds ``end_reasons``
(hands ended by a right guess, no tenpai by the 36th discard, the wall, a tsumo).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from trainer.cli.simulate import game_seeds


def parse_options(pairs: list[str] | None) -> dict[str, str] | str:
    """``KEY=VALUE`` strings as a dict, or the error line for a malformed one."""
    out: dict[str, str] = {}
    for item in pairs or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            return f"--option {item!r}: write KEY=VALUE, such as hand=7"
        out[key.strip()] = value.strip()
    return out


def run_mode(args: argparse.Namespace) -> int:
    """Play ``args.games`` games of ``args.mode`` and print the report; exit status 2 on bad input."""
    from trainer.engine.game.simple_modes import ModeError, get_mode, mode_ids
    from trainer.engine.game.training_match import play_mode_game

    if args.games < 1:
        print("simulate: --games must be at least 1", file=sys.stderr)
        return 2
    if args.mode not in mode_ids():
        print(f"simulate: unknown mode {args.mode!r}; choose one of {', '.join(mode_ids())}", file=sys.stderr)
        return 2
    mode = get_mode(args.mode)
    options = parse_options(args.option)
    if isinstance(options, str):
        print(f"simulate: {options}", file=sys.stderr)
        return 2
    offered = mode.options()
    for key, value in options.items():
        if key not in offered:
            print(f"simulate: mode {mode.name} has no option {key!r}; options: {', '.join(sorted(offered))}",
                  file=sys.stderr)
            return 2
        shown = [str(v).lower() for v in offered[key]]
        if value.lower() not in shown:
            print(f"simulate: mode {mode.name} does not offer {key}={value}; choose one of {', '.join(shown)}",
                  file=sys.stderr)
            return 2
    try:
        setup = mode.setup(**options)
    except ModeError as e:
        print(f"simulate: {e}", file=sys.stderr)
        return 2

    counts = {"tsumo": 0, "ron": 0, "draw": 0}
    chombo = 0  # risu: hands ended by an okurikan (counted among the draws too)
    hands = 0
    finals: list[list[int]] = []
    han: list[int] = []
    won_points: list[int] = []
    elapsed: list[float] = []
    reasons: dict[str, int] = {}
    for seed in game_seeds(args.seed, args.games):
        start = time.perf_counter()
        out = play_mode_game(setup, seed, check=not args.no_check)
        elapsed.append(time.perf_counter() - start)
        finals.append(out.points)
        for reason in filter(None, out.reasons):
            reasons[reason] = reasons.get(reason, 0) + 1
        for res in out.results:
            hands += 1
            counts[res.kind] += 1
            if res.chombo is not None:
                chombo += 1
                continue
            for v in res.values:
                han.append(v.han)
                won_points.append(v.points)
    keeps_points = setup.start_points > 0 or any(any(p) for p in finals)
    n = args.games
    summary: dict[str, Any] = {
        "mode": mode.name,
        "games": n,
        "seed": args.seed,
        "options": {k: v for k, v in options.items()},
        "players": setup.players,
        "hands": hands,
        "seconds_per_game": sum(elapsed) / n,
        "results": {"tsumo": counts["tsumo"], "ron": counts["ron"], "draws": counts["draw"],
                    "tsumo_rate": counts["tsumo"] / hands, "ron_rate": counts["ron"] / hands,
                    "draw_rate": counts["draw"] / hands, "chombo": chombo},
        "value": {"scoring": setup.scoring, "wins_valued": len(han),
                  "average_han": sum(han) / len(han) if han else 0.0,
                  "average_points": sum(won_points) / len(won_points) if won_points else 0.0},
        "points": {"start": setup.start_points, "final": finals,
                   "average": [sum(f[s] for f in finals) / n for s in range(setup.players)]}
        if keeps_points else None,
    }
    if reasons:  # the A/B game: guessed, no_tenpai (none by the 36th discard), wall, tsumo
        summary["end_reasons"] = reasons
    print(f"{n} games of {mode.name}, seed {args.seed}, {hands} hands, {setup.players} players")
    print(f"tsumo {counts['tsumo'] / hands:.1%}, ron {counts['ron'] / hands:.1%}, draws {counts['draw'] / hands:.1%};"
          f" {summary['seconds_per_game'] * 1000:.1f} ms per game")
    if summary["points"]:
        print("average final points: " + ", ".join(f"{p:.0f}" for p in summary["points"]["average"]))
    if args.json:
        print(json.dumps(summary))
    return 0
