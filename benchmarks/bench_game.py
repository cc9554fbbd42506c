"""Full-game figures: seconds per bot-only hanchan, a soak run of many hanchans with
every table invariant checked after every action, and the table of figures of every
bot level.

    python -m benchmarks game           # 100 timed games + 2,000-game soak + level table
    python -m benchmarks game --quick   # 10 timed games + 60-game soak + a small level table

The level table seats each level against ``careful``, two of each, in both seat
orders (half the games each), and reports per level: average place, win, deal-in,
riichi and call rates per hand, and the 95th percentile of its decision time;
then the seconds of a hanchan of four ``strong`` bots.  Full run: 300 games for
``strong``, 100 for the other levels.
"""

from __future__ import annotations

import os
import statistics
import time
import traceback
from concurrent.futures import ProcessPoolExecutor

PRESETS = ("tenhou", "ema", "jpml")
BOTS = ("efficient", "careful", "efficient", "careful")
LEVELS = ("beginner", "efficient", "careful", "strong")
HUMAN = (f"{'Tenhou players (reference)':<32}{'-':>6}{'-':>7}{'':>7}{'21-23%':>8}{'11-13%':>8}{'18-20%':>8}"
         f"{'30-35%':>8}")


def _players(rules):
    from trainer.engine.bots import make_bot

    return [make_bot(n, rules) for n in BOTS]


def timed_games(n: int, check: bool) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU seconds for each of ``n`` Tenhou hanchans played by the bots
    (CPU time is the fairer figure on a machine shared with other jobs)."""
    from trainer.engine.game.play import play_match
    from trainer.engine.rules import load_rules

    rules = load_rules("tenhou")
    players = _players(rules)
    wall, cpu = [], []
    for seed in range(n):
        start, start_cpu = time.perf_counter(), time.process_time()
        play_match(players, rules, seed=10_000 + seed, check=check)
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return wall, cpu


def soak_chunk(seeds: list[int]) -> tuple[int, int, int, list[str]]:
    """Play one hanchan per seed (presets in turn) with invariants checked; returns
    (games, hands, actions, failures)."""
    from trainer.engine.game.play import play_match
    from trainer.engine.rules import load_rules

    rules = {name: load_rules(name) for name in PRESETS}
    players = {name: _players(r) for name, r in rules.items()}
    games = hands = actions = 0
    failures: list[str] = []
    for seed in seeds:
        name = PRESETS[seed % len(PRESETS)]
        try:
            out = play_match(players[name], rules[name], seed=seed, check=True)
        except Exception:  # noqa: BLE001 - a soak run reports every crash
            failures.append(f"seed {seed} ({name}): {traceback.format_exc(limit=3)}")
            continue
        games += 1
        hands += len(out.log["hands"])
        actions += sum(len(h["actions"]) for h in out.log["hands"])
        if out.refused:
            failures.append(f"seed {seed} ({name}): {out.refused} bot actions refused")
    return games, hands, actions, failures


def run(quick: bool) -> None:
    """Print the per-game timing and the soak result."""
    n = 10 if quick else 100
    plain, cpu = timed_games(n, check=False)
    print(f"bot-only hanchan (tenhou, no checks), {n} games: median {statistics.median(plain):.3f} s "
          f"(CPU {statistics.median(cpu):.3f} s), mean {statistics.mean(plain):.3f} s, max {max(plain):.3f} s")
    checked, cpu = timed_games(max(3, n // 5), check=True)
    print(f"with invariants after every action: median {statistics.median(checked):.3f} s "
          f"(CPU {statistics.median(cpu):.3f} s)")

    total = 60 if quick else 2000
    workers = max(1, min(2, os.cpu_count() or 1))
    seeds = list(range(total))
    chunks = [seeds[i::workers] for i in range(workers)]
    start = time.perf_counter()
    if workers == 1:
        results = [soak_chunk(chunks[0])]
    else:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(soak_chunk, chunks))
    elapsed = time.perf_counter() - start
    games = sum(r[0] for r in results)
    hands = sum(r[1] for r in results)
    actions = sum(r[2] for r in results)
    failures = [f for r in results for f in r[3]]
    print(f"soak: {games}/{total} hanchans ({', '.join(PRESETS)} in turn), {hands} hands, {actions} actions, "
          f"invariants checked after every action, {len(failures)} failures, {elapsed:.0f} s on {workers} processes")
    for f in failures[:5]:
        print("  FAILURE", f)

    games = {name: 8 for name in LEVELS} if quick else {name: 300 if name == "strong" else 100 for name in LEVELS}
    level_table(games, workers)
    secs = strong_hanchan_seconds(2 if quick else 10)
    print(f"hanchan of four strong bots (tenhou, no checks), {len(secs)} games: median CPU "
          f"{statistics.median(secs):.2f} s, max {max(secs):.2f} s")
    times = coach_ms(1 if quick else 4)
    from trainer.engine.game.figures import percentile

    print(f"coach at the table (discard hints + riichi advice, before the bot in that seat decides), "
          f"{len(times)} turns: p95 CPU {percentile(times, 0.95):.1f} ms, max {max(times):.1f} ms")


def level_chunk(args: tuple[str, list[int]]) -> dict:
    """Play ``level`` against careful for each seed (even seeds: the level in seats 0 and 2,
    odd: in seats 1 and 3); returns the level's summed ``place``, ``wins``, ``deal_ins``,
    ``riichi`` and ``calls`` over its two seats, its decision ``times`` (ms), the
    ``hands`` played and each match's average ``places`` of the level's two seats."""
    from trainer.engine.bots import make_bot
    from trainer.engine.game.figures import SeatFigures, TimedPlayer
    from trainer.engine.game.play import play_match
    from trainer.engine.rules import load_rules

    level, seeds = args
    rules = load_rules("tenhou")
    keys = ("place_sum", "wins", "deal_ins", "riichi", "calls")
    total = dict.fromkeys(keys, 0)
    times: list[float] = []
    places: list[float] = []
    hands = 0
    for seed in seeds:
        names = [level, "careful"] * 2 if seed % 2 == 0 else ["careful", level] * 2
        players = [TimedPlayer(make_bot(n, rules)) for n in names]
        out = play_match(players, rules, seed=seed)
        figures = SeatFigures()
        figures.add(out.log, [st.place for st in sorted(out.match.standings(), key=lambda st: st.seat)])
        hands += figures.hands
        mine = (0, 2) if seed % 2 == 0 else (1, 3)  # the level's seats (careful may face itself)
        for s in mine:
            for k in keys:
                total[k] += getattr(figures, k)[s]
            times.extend(players[s].times_ms)
        places.append(sum(figures.place_sum[s] for s in mine) / 2)
    return {**total, "times": times, "hands": hands, "places": places}


def strong_hanchan_seconds(n: int) -> list[float]:
    """CPU seconds of ``n`` Tenhou hanchans played by four strong bots."""
    from trainer.engine.bots import make_bot
    from trainer.engine.game.play import play_match
    from trainer.engine.rules import load_rules

    rules = load_rules("tenhou")
    out = []
    for seed in range(n):
        players = [make_bot("strong", rules) for _ in range(4)]
        start = time.process_time()
        play_match(players, rules, seed=50_000 + seed)
        out.append(time.process_time() - start)
    return out


def coach_ms(n: int) -> list[float]:
    """CPU milliseconds of the table's coach (:func:`discard_hints` and :func:`riichi_advice`,
    what the table computes at each of the learner's turns) over every discard turn of seat 0
    in ``n`` Tenhou hanchans of four strong bots; the coach runs before the bot in that seat
    decides, so it finds no answer of that turn already cached."""
    from trainer.engine.bots import make_bot
    from trainer.engine.game.actions import Discard, Riichi
    from trainer.engine.game.coach import discard_hints, riichi_advice
    from trainer.engine.game.play import play_match
    from trainer.engine.rules import load_rules

    rules = load_rules("tenhou")
    times: list[float] = []

    class Coached:
        name = "strong"

        def __init__(self) -> None:
            self.bot = make_bot("strong", rules)

        def choose(self, view, legal):  # noqa: ANN001, ANN202 - the player interface
            discards = [a.tile for a in legal if isinstance(a, Discard)]
            if discards and not view.riichi[view.seat]:
                start = time.process_time()
                discard_hints(view, discards, rules)
                riichi_advice(view, discards, [a.tile for a in legal if isinstance(a, Riichi)], rules)
                times.append((time.process_time() - start) * 1000)
            return self.bot.choose(view, legal)

        def __getattr__(self, name: str):  # noqa: ANN204 - everything else is the bot's
            return getattr(self.bot, name)

    for seed in range(n):
        play_match([Coached()] + [make_bot("strong", rules) for _ in range(3)], rules, seed=60_000 + seed)
    return times


def level_table(games: dict[str, int], workers: int) -> None:
    """Print the table of figures of every level against careful (see the module docstring)."""
    from trainer.engine.game.figures import percentile

    print(f"{'level vs careful (2+2, both orders)':<32}{'games':>6}{'place':>7}{'± se':>7}{'win':>8}{'deal-in':>8}"
          f"{'riichi':>8}{'calls':>8}{'p95 ms':>8}")
    for level in LEVELS:
        n = games[level]
        seeds = [70_000 + i for i in range(n)]
        chunks = [(level, seeds[i::workers]) for i in range(workers)]
        if workers == 1:
            results = [level_chunk(chunks[0])]
        else:
            with ProcessPoolExecutor(workers) as pool:
                results = list(pool.map(level_chunk, chunks))
        seat_hands = 2 * sum(r["hands"] for r in results)  # the level sits in two seats
        place, wins, deals, riichi, calls = (sum(r[k] for r in results)
                                             for k in ("place_sum", "wins", "deal_ins", "riichi", "calls"))
        times = [t for r in results for t in r["times"]]
        places = [p for r in results for p in r["places"]]
        se = statistics.stdev(places) / len(places) ** 0.5 if len(places) > 1 else 0.0  # of the average place
        print(f"{level:<32}{n:>6}{place / (2 * n):>7.2f}{se:>7.3f}{wins / seat_hands:>8.1%}{deals / seat_hands:>8.1%}"
              f"{riichi / seat_hands:>8.1%}{calls / seat_hands:>8.1%}{percentile(times, 0.95):>8.1f}")
    print(HUMAN)
