"""How well do the evaluator's chances match what happens?  Strong-vs-careful matches (two of each,
both seat orders) are played; at every discard of a strong seat the evaluator's figures are set
against the table's truth:

* **waits** — for each opponent who is really ready (riichi or open hand) and each tile in the
  hand, the predicted chance that the opponent waits on it (``TileDanger.wait``) against whether
  it would really win on it (a ron with a yaku, not furiten), grouped as the safe-tile drills
  group tiles: genbutsu, suji / half suji / no suji by rank, one chance, no chance, honors by
  copies unseen, terminals and honors against an open tanyao;
* **win chance** — for each pushing decision, the predicted chance to win the hand against
  whether the seat won it, by shanten, threat (a riichi on the table or not) and stage;
* **expected points** — for the same decisions, the predicted chance to win times the value the
  bot counts (``win x value``) against what the seat's win actually paid it (0 when it did not
  win; sticks and honba included, as the table pays them).

    .venv/bin/python scripts/danger_calibration.py --start 100000 --matches 150

A tuning aid, not a test: the samples of one hand are not independent, so a bucket of a few
hundred is a rough figure.
"""

from __future__ import annotations

import argparse
import math
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from trainer.engine.bots import make_bot
from trainer.engine.evaluator.danger import tile_dangers
from trainer.engine.game.actions import Discard, Riichi
from trainer.engine.game.match import Match
from trainer.engine.game.play import play_round
from trainer.engine.rules import load_rules
from trainer.engine.tiles import Tile

Buckets = dict[tuple[str, ...], list[float]]  # key -> [count, predicted sum, actual sum]
ALL = ("all tiles",)  # every tile against every ready opponent: + squared error and log loss sums


def _ron_on(rnd: Any, seat: int, kind: int) -> bool:
    """True when ``seat`` could ron a discard of ``kind`` now (a winning tile, a yaku, no furiten)."""
    s = rnd.seats[seat]
    if kind not in s.waits or s.furiten:
        return False
    saved = rnd.last_from
    rnd.last_from = (seat + 1) % rnd.n
    try:
        return rnd._win_info(seat, Tile(kind), tsumo=False) is not None
    finally:
        rnd.last_from = saved


def _tile_group(kind: int, codes: set[str]) -> str:
    """The drill-style group of a tile from its danger reasons."""
    if "genbutsu" in codes:
        return "genbutsu"
    if "tanyao_read" in codes:
        return "terminal/honor vs tanyao"
    if kind >= 27:
        return "honor"
    rank = "1-9" if "terminal" in codes else "2-8" if "two_eight" in codes else "3-7" if kind % 9 in (2, 6) else "4-6"
    side = "suji" if "suji" in codes else "half suji" if "half_suji" in codes else "no suji"
    wall = " no chance" if "no_chance" in codes else " one chance" if "one_chance" in codes else ""
    return f"{side} {rank}{wall}"


class _Observer:
    """Wraps a strong bot and records its evaluator's figures next to the table's truth."""

    def __init__(self, bot: Any, rnd_ref: list, waits: Buckets, pushes: list) -> None:
        self.bot, self.rnd_ref, self.waits, self.pushes = bot, rnd_ref, waits, pushes

    def choose(self, view: Any, legal: list) -> Any:
        action = self.bot.choose(view, legal)
        if not isinstance(action, Discard | Riichi) or view.riichi[view.seat]:
            return action
        rnd = self.rnd_ref[0]
        ev = self.bot.evaluator
        advice = ev.turn(view, [a.tile for a in legal if isinstance(a, Discard)])
        kinds = sorted({t.kind for t in view.hand.concealed})
        dangers = tile_dangers(view, kinds, advice.threats)
        for threat in advice.threats:
            seat = threat.seat
            if not view.riichi[seat] and not view.melds[seat]:
                continue
            if not any(_ron_on(rnd, seat, k) for k in rnd.seats[seat].waits):
                continue  # not really ready: the wait figures are conditional on tenpai
            who = "riichi" if view.riichi[seat] else "open"
            for k in kinds:
                d = next(x for x in dangers[k] if x.seat == seat)
                if "honor" in {r.code for r in d.reasons} and "tanyao_read" not in {r.code for r in d.reasons}:
                    group = f"honor, {4 - view.visible_counts()[k]} unseen"
                else:
                    group = _tile_group(k, {r.code for r in d.reasons})
                row = self.waits.setdefault((who, group), [0, 0.0, 0.0])
                row[0] += 1
                row[1] += d.wait
                ron = _ron_on(rnd, seat, k)
                row[2] += ron
                if view.riichi[seat] and k < 27 and group != "genbutsu":
                    near = "near_riichi_tile" in {r.code for r in d.reasons}
                    side = self.waits.setdefault(("riichi", "(number tile, next to the riichi tile)" if near
                                                  else "(number tile, not next to it)"), [0, 0.0, 0.0])
                    side[0] += 1
                    side[1] += d.wait
                    side[2] += ron
                total = self.waits.setdefault(ALL, [0, 0.0, 0.0, 0.0, 0.0])
                p = min(0.999, max(0.001, d.wait))
                total[0] += 1
                total[1] += d.wait
                total[2] += ron
                total[3] += (d.wait - ron) ** 2
                total[4] -= math.log(p if ron else 1 - p)
        if advice.push_fold.push:
            riichi = any(view.riichi[s] for s in range(len(view.riichi)) if s != view.seat)
            stage = "early" if view.live_remaining > 46 else "mid" if view.live_remaining > 24 else "late"
            best = advice.best
            value = best.value.best if view.hand.is_closed else best.value.dama
            self.pushes.append((view.seat, min(best.efficiency.shanten, 3),
                                "riichi" if riichi else "no riichi", stage, best.win, best.win * value))
        return action

    def __getattr__(self, name: str) -> Any:
        return getattr(self.bot, name)


def _chunk(seeds: list[int]) -> tuple[Buckets, Buckets, Buckets]:
    rules = load_rules("tenhou")
    waits: Buckets = {}
    wins: Buckets = {}
    points: Buckets = {}
    for seed in seeds:
        names = ["strong", "careful"] * 2 if seed % 2 == 0 else ["careful", "strong"] * 2
        match = Match(rules, seed)
        rnd_ref: list = [None]
        while not match.finished:
            rnd = match.start_round()
            rnd_ref[0] = rnd
            pushes: list = []
            players = [_Observer(make_bot(n, rules), rnd_ref, waits, pushes) if n == "strong" else make_bot(n, rules)
                       for n in names]
            play_round(rnd, players)
            winners = {w.seat for w in rnd.result.wins}
            for seat, shanten, threat, stage, win, expected in pushes:
                key = (str(shanten), threat, stage)
                row = wins.setdefault(key, [0, 0.0, 0.0])
                row[0] += 1
                row[1] += win
                row[2] += seat in winners
                row = points.setdefault(key, [0, 0.0, 0.0])
                row[0] += 1
                row[1] += expected
                row[2] += rnd.result.deltas[seat] if seat in winners else 0
            match.finish_round()
    return waits, wins, points


def _merge(into: Buckets, part: Buckets) -> None:
    for key, values in part.items():
        row = into.setdefault(key, [0.0] * len(values))
        for i, v in enumerate(values):
            row[i] += v


def main() -> None:
    """Play, observe and print the three calibration tables."""
    p = argparse.ArgumentParser()
    p.add_argument("--start", type=int, default=100_000)
    p.add_argument("--matches", type=int, default=150)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--min", type=int, default=100, help="smallest bucket printed")
    a = p.parse_args()
    seeds = list(range(a.start, a.start + a.matches))
    waits: Buckets = {}
    wins: Buckets = {}
    points: Buckets = {}
    with ProcessPoolExecutor(a.workers) as pool:
        for w, v, e in pool.map(_chunk, [seeds[i::a.workers] for i in range(a.workers)]):
            _merge(waits, w)
            _merge(wins, v)
            _merge(points, e)
    print(f"{a.matches} strong-vs-careful matches from seed {a.start}")
    print(f"\n{'opponent ready':14s} {'tile':34s} {'n':>7s} {'predicted':>9s} {'actual':>7s}   (chance it waits on the tile)")
    for key in sorted((k for k in waits if k != ALL), key=lambda k: (k[0], -waits[k][2] / waits[k][0])):
        n, pred, act = waits[key]
        if n >= a.min:
            print(f"{key[0]:14s} {key[1]:34s} {n:7.0f} {pred / n:9.3f} {act / n:7.3f}")
    if ALL in waits:
        n, pred, act, sq, loss = waits[ALL]
        print(f"all tiles: {n:.0f}, predicted {pred / n:.4f}, actual {act / n:.4f}, "
              f"Brier score {sq / n:.5f}, log loss {loss / n:.5f} (lower is better)")
    print(f"\n{'shanten':8s} {'threat':10s} {'stage':6s} {'n':>7s} {'predicted':>9s} {'actual':>7s}   (chance to win, pushing)")
    for key in sorted(wins):
        n, pred, act = wins[key]
        if n >= a.min:
            print(f"{key[0]:8s} {key[1]:10s} {key[2]:6s} {n:7.0f} {pred / n:9.3f} {act / n:7.3f}")
    print(f"\n{'shanten':8s} {'threat':10s} {'stage':6s} {'n':>7s} {'predicted':>9s} {'actual':>7s}   "
          "(points won per decision, pushing)")
    for key in sorted(points):
        n, pred, act = points[key]
        if n >= a.min:
            print(f"{key[0]:8s} {key[1]:10s} {key[2]:6s} {n:7.0f} {pred / n:9.0f} {act / n:7.0f}")


if __name__ == "__main__":
    main()
