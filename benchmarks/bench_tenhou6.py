"""tenhou.net/6 logs: round trip of many simulated games and the speed of reading one.

    python -m benchmarks tenhou6           # 300 games (tenhou, ema, jpml, sanma in turn), 2 processes
    python -m benchmarks tenhou6 --quick   # 30 games

For every game: our log -> tenhou.net/6 -> our log must be identical, the export must pass
the structural check, and the export without our ``riichi_trainer`` key (filled walls) must
read back with the same results and no reported differences.  Printed: the counts, what the
games covered (calls, kans, riichi, results), and the time to read and replay the longest
log (the target: a 20-hand log in <= 200 ms).
"""

from __future__ import annotations

import json
import os
import time
from collections import Counter

from benchmarks.timing import split_over_processes

PRESETS = ("tenhou", "ema", "jpml", "sanma")
BOTS = ("efficient", "careful", "efficient", "careful")


def _coverage(data: dict) -> Counter:
    c: Counter = Counter()
    for hand in data["log"]:
        result = hand[16]
        c[result[0]] += 1
        if result[0] == "和了" and len(result) > 3:
            c["double ron"] += 1
        for seat in range(4):
            c["kita"] += sum(1 for item in hand[6 + 3 * seat] if item == "f44")
            for item in hand[5 + 3 * seat] + hand[6 + 3 * seat]:
                if isinstance(item, str) and item != "f44":
                    c[{"c": "chi", "p": "pon", "m": "open kan", "k": "added kan", "a": "closed kan",
                       "r": "riichi"}[item.strip("0123456789")]] += 1
    return c


def chunk(seeds: list[int]) -> tuple[int, int, int, int, Counter, list[str], tuple[int, str] | None]:
    """Round-trip one game per seed; (games, hands, identical, overrides, coverage, failures, longest)."""
    from trainer.engine.bots import make_bot
    from trainer.engine.game.play import play_match
    from trainer.engine.game.tenhou6_read import from_tenhou6, structure_problems
    from trainer.engine.game.tenhou6_write import EXTENSION, to_tenhou6
    from trainer.engine.rules import load_rules

    rules = {name: load_rules(name) for name in PRESETS}
    games = hands = same = overrides = 0
    cover: Counter = Counter()
    failures: list[str] = []
    longest: tuple[int, str] | None = None
    for seed in seeds:
        name = PRESETS[seed % len(PRESETS)]
        seats = BOTS[:rules[name].players]
        log = play_match([make_bot(b, rules[name]) for b in seats], rules[name], seed=seed).log
        text = json.dumps(to_tenhou6(log), ensure_ascii=False)
        data = json.loads(text)
        games += 1
        hands += len(log["hands"])
        problems = structure_problems(data)
        back = from_tenhou6(data)
        plain = {k: v for k, v in data.items() if k != EXTENSION}
        filled = from_tenhou6(plain, name)
        if back.log == log and not problems:
            same += 1
        else:
            failures.append(f"seed {seed} ({name}): {problems[:1] or 'round trip differs'}")
        if filled.notes or [h["result"] for h in filled.log["hands"]] != [h["result"] for h in log["hands"]]:
            failures.append(f"seed {seed} ({name}) without our key: {filled.notes[:1]}")
        overrides += len(data[EXTENSION].get("actions", {}))
        cover += _coverage(data)
        if name == "tenhou" and (longest is None or len(log["hands"]) > longest[0]):
            longest = (len(log["hands"]), text)
    return games, hands, same, overrides, cover, failures, longest


def read_time(text: str, rounds: int = 5) -> float:
    """Best seconds to parse a tenhou.net/6 text and replay every hand through the engine."""
    from trainer.engine.game.tenhou6_read import from_tenhou6

    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        from_tenhou6(json.loads(text))
        best = min(best, time.perf_counter() - start)
    return best


def long_log(hands: int = 20) -> dict:
    """A bot game of at least ``hands`` hands: tenhou rules with a 100,000 target and no busting, so
    the sudden-death West round is played out (a preset file next to the system's temp files)."""
    import tempfile
    from pathlib import Path

    from trainer.engine.bots import make_bot
    from trainer.engine.game.play import play_match
    from trainer.engine.rules import load_rules

    preset = Path(tempfile.gettempdir()) / "bench_tenhou6_long.toml"
    preset.write_text('name = "long"\ndescription = "tenhou, 100,000 target, no busting"\nbase = "tenhou"\n'
                      'target_points = 100000\nbusting = false\n', encoding="utf-8")
    rules = load_rules(str(preset))
    found = None
    for seed in range(40):
        log = play_match([make_bot(b, rules) for b in BOTS], rules, seed=seed).log
        if len(log["hands"]) >= hands and (found is None or len(log["hands"]) < len(found["hands"])):
            found = log
            if len(log["hands"]) == hands:
                break
    assert found is not None
    found["rules"] = str(preset)
    return found


def run(quick: bool) -> None:
    """Print the round-trip counts, the coverage and the reading time."""
    total = 30 if quick else 300
    workers = max(1, min(2, os.cpu_count() or 1))
    start = time.perf_counter()
    results = split_over_processes(chunk, list(range(total)), workers)
    elapsed = time.perf_counter() - start
    games = sum(r[0] for r in results)
    hands = sum(r[1] for r in results)
    same = sum(r[2] for r in results)
    overrides = sum(r[3] for r in results)
    cover: Counter = sum((r[4] for r in results), Counter())
    failures = [f for r in results for f in r[5]]
    print(f"round trip: {same}/{games} games identical ({hands} hands; {', '.join(PRESETS)} in turn), "
          f"{len(failures)} failures, {elapsed:.0f} s on {workers} processes")
    print(f"hands whose actions ride in the riichi_trainer key (a call beaten by another): {overrides}")
    print("covered: " + ", ".join(f"{k} {v}" for k, v in sorted(cover.items())))
    for f in failures[:5]:
        print("  FAILURE", f)
    from trainer.engine.game.tenhou6_write import EXTENSION, to_tenhou6

    log = long_log()
    n = len(log["hands"])
    data = to_tenhou6(log)
    full = read_time(json.dumps(data, ensure_ascii=False))
    data[EXTENSION] = {k: v for k, v in data[EXTENSION].items() if k not in ("walls", "actions")}
    plain = read_time(json.dumps(data, ensure_ascii=False))
    print(f"reading + replaying a {n}-hand tenhou.net/6 log (best of 5): {full * 1000:.0f} ms with our key, "
          f"{plain * 1000:.0f} ms with the walls rebuilt from the lists; target <= 200 ms")
    from trainer.engine.game.review import review_game
    from trainer.engine.game.tenhou6_read import from_tenhou6

    text = json.dumps(data, ensure_ascii=False)
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        review_game(from_tenhou6(json.loads(text)).log, 0)
        best = min(best, time.perf_counter() - start)
    print(f"reading it and reviewing seat 0 (every discard decision): {best * 1000:.0f} ms (best of 3); target <= 1 s")
