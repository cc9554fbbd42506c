"""Fit the evaluator's wait model (trainer/engine/data/wait_model.json) on bot matches.

Strong-vs-careful matches (two of each, both seat orders) are played; at every discard of a
strong seat, for each opponent who is really ready (a riichi or an open hand that could ron now)
and each kind in the strong seat's hand that is not genbutsu against it, the features of
:mod:`trainer.engine.evaluator.waitmodel` are recorded with the truth: would that opponent win on
the tile.  A logistic regression per model (riichi / open hand x number tile / honor) is fitted on
the training matches and checked on other matches against the hand-weighted shapes of
:mod:`trainer.engine.evaluator.danger` (log loss and Brier score, lower is better).

    .venv/bin/python -m pip install numpy   # a tuning aid: numpy is not one of the app's parts
    .venv/bin/python scripts/fit_wait_model.py --start 400000 --matches 600 \\
        --test-start 500000 --test-matches 200 --out trainer/engine/data/wait_model.json

The shipped weights came from exactly that command (about 8 minutes on two cores).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

Row = tuple[str, list[float], int, float]  # model, features, wins on it, hand-weighted chance


def _collect(seeds: list[int]) -> list[Row]:
    """Play the matches of ``seeds`` and return one row per (ready opponent, kind in hand)."""
    from danger_calibration import _ron_on

    from trainer.engine.bots import make_bot
    from trainer.engine.evaluator import danger, waitmodel
    from trainer.engine.game.actions import Discard, Riichi
    from trainer.engine.game.match import Match
    from trainer.engine.game.play import play_round
    from trainer.engine.rules import load_rules

    rules = load_rules("tenhou")
    rows: list[Row] = []
    rnd_ref: list[Any] = [None]

    class Observer:
        def __init__(self, bot: Any) -> None:
            self.bot = bot

        def choose(self, view: Any, legal: list) -> Any:
            action = self.bot.choose(view, legal)
            if not isinstance(action, Discard | Riichi) or view.riichi[view.seat]:
                return action
            rnd = rnd_ref[0]
            kinds = sorted({t.kind for t in view.hand.concealed})
            threats = self.bot.evaluator.threats(view)
            saved, danger.WAIT_MODEL = danger.WAIT_MODEL, False
            try:
                shapes = danger.tile_dangers(view, kinds, threats)
            finally:
                danger.WAIT_MODEL = saved
            visible = view.visible_counts()
            for threat in threats:
                seat = threat.seat
                if not view.riichi[seat] and not view.melds[seat]:
                    continue
                if not any(_ron_on(rnd, seat, k) for k in rnd.seats[seat].waits):
                    continue  # not really ready: the model is conditional on tenpai
                safe = danger.genbutsu(view, seat)
                who = "riichi" if view.riichi[seat] else "open"
                kw = {"honitsu_suit": threat.honitsu_suit, "toitoi": threat.toitoi, "tanyao": threat.tanyao}
                for k in kinds:
                    if k in safe:
                        continue
                    honor = k >= 27
                    features = (waitmodel.honor_features if honor else waitmodel.number_features)(
                        view, k, seat, visible, **kw)
                    old = next(d for d in shapes[k] if d.seat == seat).wait
                    rows.append((f"{who}_{'honor' if honor else 'number'}", features, int(_ron_on(rnd, seat, k)), old))
            return action

        def __getattr__(self, name: str) -> Any:
            return getattr(self.bot, name)

    for seed in seeds:
        names = ["strong", "careful"] * 2 if seed % 2 == 0 else ["careful", "strong"] * 2
        match = Match(rules, seed)
        while not match.finished:
            rnd_ref[0] = match.start_round()
            play_round(rnd_ref[0], [Observer(make_bot(n, rules)) if n == "strong" else make_bot(n, rules)
                                    for n in names])
            match.finish_round()
    return rows


def _play(start: int, count: int, workers: int) -> list[Row]:
    seeds = list(range(start, start + count))
    with ProcessPoolExecutor(workers) as pool:
        parts = list(pool.map(_collect, [seeds[i::8] for i in range(8)]))
    return [r for part in parts for r in part]


def _fit(x: Any, y: Any, np: Any, ridge: float = 1.0) -> Any:
    """Logistic regression by Newton's method, a small ridge on every weight but the bias."""
    w = np.zeros(x.shape[1])
    w[0] = math.log(y.mean() / (1 - y.mean()))
    penalty = np.r_[0.0, np.ones(x.shape[1] - 1)] * ridge
    for _ in range(50):
        p = 1 / (1 + np.exp(-np.clip(x @ w, -30, 30)))
        grad = x.T @ (p - y) + penalty * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + np.diag(penalty)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def _loss(p: Any, y: Any, np: Any) -> tuple[float, float]:
    p = np.clip(p, 1e-4, 1 - 1e-4)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p))), float(np.mean((p - y) ** 2))


def main() -> None:
    """Play, fit, compare and write the weights."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    try:
        import numpy as np
    except ImportError:
        raise SystemExit("fit_wait_model: needs numpy (.venv/bin/python -m pip install numpy)") from None
    from trainer.engine.evaluator.waitmodel import HONOR_FEATURES, MODELS, NUMBER_FEATURES

    p = argparse.ArgumentParser()
    p.add_argument("--start", type=int, default=400_000)
    p.add_argument("--matches", type=int, default=600)
    p.add_argument("--test-start", type=int, default=500_000)
    p.add_argument("--test-matches", type=int, default=200)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--out", default="", help="where to write the weights (default: only print them)")
    a = p.parse_args()
    train = _play(a.start, a.matches, a.workers)
    test = _play(a.test_start, a.test_matches, a.workers)
    weights: dict[str, list[float]] = {}
    for model in MODELS:
        names = HONOR_FEATURES if model.endswith("honor") else NUMBER_FEATURES
        x = np.array([r[1] for r in train if r[0] == model], float)
        y = np.array([r[2] for r in train if r[0] == model], float)
        xt = np.array([r[1] for r in test if r[0] == model], float)
        yt = np.array([r[2] for r in test if r[0] == model], float)
        old = np.array([r[3] for r in test if r[0] == model], float)
        w = _fit(x, y, np)
        weights[model] = [round(float(v), 4) for v in w]
        new = 1 / (1 + np.exp(-(xt @ w)))
        (ll_old, b_old), (ll_new, b_new) = _loss(old, yt, np), _loss(new, yt, np)
        print(f"{model}: {len(y)} samples to fit, {len(yt)} to test; wins {yt.mean():.4f}, shapes say {old.mean():.4f},"
              f" model {new.mean():.4f}; log loss {ll_old:.4f} -> {ll_new:.4f}, Brier {b_old:.5f} -> {b_new:.5f}")
        print("   " + "  ".join(f"{n} {v:+.2f}" for n, v in zip(names, w, strict=True)))
    if a.out:
        Path(a.out).write_text(json.dumps({
            "about": "Fitted by scripts/fit_wait_model.py: logistic weights of the chance that a ready opponent "
                     "waits on a tile (trainer/engine/evaluator/waitmodel.py)",
            "fitted_on": {"start": a.start, "matches": a.matches, "test_start": a.test_start,
                          "test_matches": a.test_matches},
            "number_features": list(NUMBER_FEATURES), "honor_features": list(HONOR_FEATURES),
            "weights": weights}, indent=1) + "\n", encoding="utf-8")
        print(f"written {a.out}")


if __name__ == "__main__":
    main()
