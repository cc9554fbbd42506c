"""How long the explanation of a wrong answer takes (the engine's explanation API, worded).

For a sample of exercises of the drills whose mistakes are explained from the hand (waits,
shanten, fu, points, discards) a typical wrong answer is built and
:func:`trainer.ui.views.mistakes.drill_mistake` is timed for the retry and the final answer; it
runs when the learner presses Check, so it must stay well under a frame's budget.
"""

from __future__ import annotations

import time

CASES = (
    ("mixed_waits", {}),
    ("single_suit_waits", {"size": 13, "min_waits": 3, "max_waits": 9}),
    ("shanten", {}),
    ("fu_count", {"answer": "fu_breakdown"}),
    ("fu_count", {}),
    ("points_lookup", {"honba": 2}),
    ("discard_ukeire", {}),
)


def _wrong(ex):  # noqa: ANN001, ANN202 - a learner's typical slip for the exercise
    q = ex.prompt.question
    if ex.prompt.input == "pick_tiles":
        answer = set(ex.answer)
        near = sorted((k for k in range(34) if k not in answer), key=lambda k: min(abs(k - a) for a in answer))
        return {near[0]} | (set() if q == "best_discard" else set(sorted(answer)[1:]))
    if ex.prompt.input == "number":
        values = ex.answer if isinstance(ex.answer, tuple) else (ex.answer,)
        return tuple(v + 2 for v in values)
    return [(fid, fu) for fid, fu in ex.answer][1:] + [("pair_dragon", 2)]


def run(quick: bool = False) -> None:
    """Print the p50/p95/max time of explaining a wrong answer, per drill."""
    from trainer.engine.exercises import GENERATORS
    from trainer.ui.views.mistakes import drill_mistake

    n = 40 if quick else 200
    print(f"{'drill':<20} {'params':<42} {'median':>8} {'p95':>8} {'max':>8}  (ms, {n} items, retry + final)")
    worst = 0.0
    for name, params in CASES:
        gen = GENERATORS[name]
        times = []
        for seed in range(n):
            ex = gen.generate(params, seed)
            wrong = _wrong(ex)
            start = time.perf_counter()
            drill_mistake(ex, wrong, False)
            drill_mistake(ex, wrong, True)
            times.append((time.perf_counter() - start) * 1000)
        times.sort()
        p95 = times[int(0.95 * (len(times) - 1))]
        worst = max(worst, p95)
        label = ", ".join(f"{k}={v}" for k, v in params.items())
        print(f"{name:<20} {label:<42} {times[len(times) // 2]:8.2f} {p95:8.2f} {times[-1]:8.2f}")
    print(f"worst p95: {worst:.2f} ms")
