"""Compare settings of the strong bot on duplicate hands: every hand of a set of strong-vs-careful
matches (two of each, both seat orders) is replayed from the same wall, scores and dealer once per
setting, and the strong seats' points are compared hand by hand with the unchanged bot.

    .venv/bin/python scripts/strong_duplicates.py --start 170000 --matches 400 \\
        'trainer.engine.evaluator.pushfold.FUTURE_DANGER=0.1' \\
        'trainer.engine.evaluator.advisor.RIICHI_GAIN=1.6&trainer.engine.evaluator.pushfold.RACE=0.8' \\
        'bot=careful'

A setting is one or more ``module.CONSTANT=value`` (JSON values) joined by ``&``, or ``bot=NAME``
to seat another bot in the strong chairs.  Only the hands where a decision changes differ, so the
paired difference is far less noisy than whole matches: a change that touches 100 of 4,000 hands
is measured to a few points per seat-hand.  A tuning aid, not a test; points, not places (the
all-last hand is counted by its points too).

With ``--all-last`` the measure is the place instead: each match is played with the unchanged bots
up to its last regular hand (orasu), and from there to its end once per setting; the strong seats'
final places are compared match by match (what all-last tactics are for).
"""

from __future__ import annotations

import argparse
import copy
import importlib
import json
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

_ORIGINAL: dict[tuple[str, str], Any] = {}


def _apply(setting: str) -> str:
    """Undo the previous setting, apply ``setting`` (constants), and return the bot to seat."""
    for (mod, attr), value in _ORIGINAL.items():
        setattr(importlib.import_module(mod), attr, value)
    bot = "strong"
    for part in filter(None, setting.split("&")):
        name, value = part.split("=", 1)
        if name.strip() == "bot":
            bot = value.strip()
            continue
        mod, attr = name.strip().rsplit(".", 1)
        module = importlib.import_module(mod)
        if not hasattr(module, attr):
            raise SystemExit(f"strong_duplicates: {mod} has no {attr}")
        _ORIGINAL.setdefault((mod, attr), getattr(module, attr))
        setattr(module, attr, json.loads(value))
    from trainer.engine.evaluator import value as value_module

    value_module._CACHE.clear()  # values depend on the constants
    return bot


def _chunk(args: tuple[list[str], list[int]]) -> list[tuple[int, int, list[int]]]:
    """For each seed: play the match with the unchanged bots, then replay each of its hands once
    per setting; (seed, hand, strong seats' points per setting) rows."""
    from trainer.engine.bots import make_bot
    from trainer.engine.game.match import Match
    from trainer.engine.game.play import play_round
    from trainer.engine.rules import load_rules

    settings, seeds = args
    rules = load_rules("tenhou")
    rows = []
    for seed in seeds:
        names = ["strong", "careful"] * 2 if seed % 2 == 0 else ["careful", "strong"] * 2
        mine = (0, 2) if seed % 2 == 0 else (1, 3)
        _apply("")
        match = Match(rules, seed)
        starts = []
        while not match.finished:
            rnd = match.start_round()
            starts.append(copy.deepcopy(rnd, {id(rules): rules, id(match.options): match.options}))
            play_round(rnd, [make_bot(n, rules) for n in names])
            match.finish_round()
        for i, start in enumerate(starts):
            points = []
            for setting in settings:
                bot = _apply(setting)
                rnd = copy.deepcopy(start, {id(rules): rules, id(match.options): match.options})
                play_round(rnd, [make_bot(bot if n == "strong" else n, rules) for n in names])
                points.append(sum(rnd.scores[s] - start.scores[s] for s in mine))
            rows.append((seed, i, points))
    return rows


def _is_all_last(match: Any) -> bool:
    """True when the match's next hand is its last regular hand (orasu) or an extra one."""
    return match.round_index > match.last_round or (
        match.round_index == match.last_round and match.hand_number == match.players - 1)


def _places(match: Any, seats: tuple[int, ...]) -> int:
    """The summed final places of ``seats`` in a finished match."""
    return sum(st.place for st in match.standings() if st.seat in seats)


def _last_hand_start(seed: int, rules: Any, snapshots: str) -> Any:
    """The match of ``seed`` played with the unchanged bots up to its last regular hand (None when
    it ended before, by busting); kept as a pickle under ``snapshots`` when that is a folder, so
    later runs start from the same positions without replaying the match."""
    import pickle
    from pathlib import Path

    from trainer.engine.bots import make_bot
    from trainer.engine.game.match import Match
    from trainer.engine.game.play import play_round

    path = Path(snapshots) / f"{seed}.pickle" if snapshots else None
    if path is not None and path.exists():
        return pickle.loads(path.read_bytes())
    names = ["strong", "careful"] * 2 if seed % 2 == 0 else ["careful", "strong"] * 2
    _apply("")
    match = Match(rules, seed)
    while not match.finished and not _is_all_last(match):
        play_round(match.start_round(), [make_bot(n, rules) for n in names])
        match.finish_round()
    start = None if match.finished else match
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(pickle.dumps(start))
    return start


def _chunk_all_last(args: tuple[list[str], list[int], str]) -> list[tuple[int, int, list[int]]]:
    """For each seed: play the match with the unchanged bots up to its last regular hand, then
    finish it once per setting; (seed, 0, strong seats' summed final places per setting) rows."""
    from trainer.engine.bots import make_bot
    from trainer.engine.game.play import play_round
    from trainer.engine.rules import load_rules

    settings, seeds, snapshots = args
    rules = load_rules("tenhou")
    rows = []
    for seed in seeds:
        names = ["strong", "careful"] * 2 if seed % 2 == 0 else ["careful", "strong"] * 2
        mine = (0, 2) if seed % 2 == 0 else (1, 3)
        match = _last_hand_start(seed, rules, snapshots)
        if match is None:
            continue  # ended early (busting): no last hand to play
        rules = match.rules
        places = []
        for setting in settings:
            bot = _apply(setting)
            m = copy.deepcopy(match, {id(rules): rules})
            while not m.finished:
                play_round(m.start_round(), [make_bot(bot if n == "strong" else n, rules) for n in names])
                m.finish_round()
            places.append(_places(m, mine))
        rows.append((seed, 0, places))
    return rows


def main() -> None:
    """Play, replay and print each setting's difference from the unchanged bot."""
    p = argparse.ArgumentParser()
    p.add_argument("settings", nargs="+")
    p.add_argument("--start", type=int, default=170_000)
    p.add_argument("--matches", type=int, default=200)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--all-last", action="store_true", help="compare final places from the last regular hand on")
    p.add_argument("--snapshots", default="", help="with --all-last: a folder keeping the last-hand positions")
    a = p.parse_args()
    settings = ["", *a.settings]
    seeds = list(range(a.start, a.start + a.matches))
    began = time.time()
    parts = 4 * a.workers
    with ProcessPoolExecutor(a.workers) as pool:
        if a.all_last:
            jobs = [(settings, seeds[i::parts], a.snapshots) for i in range(parts)]
            rows = [r for part in pool.map(_chunk_all_last, jobs) for r in part]
        else:
            jobs = [(settings, seeds[i::parts]) for i in range(parts)]
            rows = [r for part in pool.map(_chunk, jobs) for r in part]
    n = len(rows)
    base = statistics.mean(r[2][0] for r in rows) / 2
    if a.all_last:
        print(f"{n} matches from seed {a.start} reached the last hand; unchanged strong: average place "
              f"{base:.3f} [{time.time() - began:.0f} s]")
    else:
        print(f"{n} hands of {a.matches} matches from seed {a.start}; unchanged strong: {base:+.0f} points "
              f"per seat-hand [{time.time() - began:.0f} s]")
    unit, digits, what = ("average place", 4, "matches") if a.all_last else ("per seat-hand", 1, "hands")
    for j, setting in enumerate(settings[1:], 1):
        diff = [(r[2][j] - r[2][0]) / 2 for r in rows]
        changed = sum(1 for d in diff if d)
        print(f"  {setting}: {statistics.mean(diff):+.{digits}f} ± {statistics.stdev(diff) / n ** 0.5:.{digits}f} "
              f"{unit} ({changed} {what} differ)")


if __name__ == "__main__":
    main()
