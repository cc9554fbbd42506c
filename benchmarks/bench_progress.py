"""Progress store figures: time to record one answer, and to load what the progress screen
shows from a database of 100,000 answers."""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from trainer.progress import open_store

SKILLS = ("tile_names", "waits_basic", "shanten", "efficiency", "yaku_id", "fu", "points", "manners_a")


def _fill(store, learner_id: int, n: int) -> None:
    rng = random.Random(7)
    start = datetime(2026, 1, 1, tzinfo=UTC)
    with store._write() as db:
        for i in range(n):
            at = start + timedelta(minutes=5 * i)
            skill = rng.choice(SKILLS)
            right = rng.random() < 0.7
            secs = rng.uniform(2, 30)
            db.execute(
                "INSERT INTO answer (uuid, learner_id, answered_at, source, item_id, skill, correct, seconds, hints)"
                " VALUES (?, ?, ?, 'drill', ?, ?, ?, ?, 0)",
                (f"bench-{i}", learner_id, at.isoformat(), f"{skill}:{i % 3000}", skill, int(right), secs),
            )
            store._add_to_totals(db, learner_id, at.date().isoformat(), skill, 1, int(right), secs)
            store._move_mastery(db, learner_id, skill, right, at)
            store._review_item(db, learner_id, f"{skill}:{i % 3000}", skill, right, secs, 0, at)


def load_progress_screen_data(store, learner_id: int) -> dict:
    """Everything the progress screen asks the store for."""
    return {
        "mastery": store.mastery(learner_id),
        "days": store.days(learner_id, last=30),
        "skill_days": {s: store.days(learner_id, skill=s, last=30) for s in SKILLS},
        "totals": store.totals(learner_id),
        "lessons": store.lessons(learner_id),
        "due": store.due_count(learner_id),
        "streak": store.streak(learner_id),
    }


def run(quick: bool = False) -> None:
    """Print the median time per recorded answer and the time to load the progress screen's data."""
    n = 20_000 if quick else 100_000
    with tempfile.TemporaryDirectory() as tmp:
        store = open_store(Path(tmp) / "progress.sqlite3")
        learner = store.create_learner("bench")
        times = []
        for i in range(500):
            t = time.perf_counter()
            store.record_answer(learner.id, "drill", f"item{i % 50}", SKILLS[i % len(SKILLS)], i % 3 > 0, 5.0)
            times.append(time.perf_counter() - t)
        times.sort()
        print(f"record_answer: median {statistics.median(times) * 1e3:.2f} ms, "
              f"p95 {times[int(len(times) * 0.95)] * 1e3:.2f} ms (target <= 5 ms; synchronous=FULL, WAL)")
        t = time.perf_counter()
        _fill(store, learner.id, n)
        print(f"filled {n} answers in {time.perf_counter() - t:.1f} s")
        store.close()
        loads = []
        for _ in range(5):
            t = time.perf_counter()
            s = open_store(Path(tmp) / "progress.sqlite3")
            load_progress_screen_data(s, learner.id)
            loads.append(time.perf_counter() - t)
            s.close()
        print(f"open store + progress screen data with {n + 500} answers: median "
              f"{statistics.median(loads) * 1e3:.1f} ms")
        _screen(Path(tmp) / "progress.sqlite3", n + 500)


def _screen(path: Path, n: int) -> None:
    """Time opening the progress screen in the app (data + layout + first frame)."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from trainer.ui.app import App
    from trainer.ui.settings import Settings

    store = open_store(path)
    app = App((1280, 720), settings=Settings(), progress=store, save=False)
    app.push("home")
    app.render()
    times = []
    for _ in range(5):
        t = time.perf_counter()
        app.push("progress")
        app.process([], 1 / 60)
        app.render()
        times.append(time.perf_counter() - t)
        app.pop()
    print(f"progress screen opens (data + first frame) with {n} answers: median "
          f"{statistics.median(times) * 1e3:.1f} ms (target <= 200 ms)")
    app.close()
