"""Review 22 (starter): starter-set «Что сбросить?» misses recorded before a miss kept its review
spec come back, and due starter puzzles are counted with the other review cards.

Before the spec was stored (the drill of 2026-11-26), a missed starter puzzle left a card without a
spec: ``record_answer("nanikiru", "nanikiru:starter<N>:<hand>:<action>:<seat>", …, spec=None)``,
and ``due_reviews`` skipped it for ever.  The store now rebuilds the spec from the card's key when
the answer log has a miss of it, as it does for lesson steps, and changes nothing stored.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from tests.ui_events import frame, headless_app  # noqa: E402
from trainer import i18n  # noqa: E402
from trainer.engine.exercises import nanikiru  # noqa: E402
from trainer.progress import open_store  # noqa: E402
from trainer.progress.srs import rebuilt_spec, starter_puzzle_spec  # noqa: E402

PAST = datetime.now(UTC) - timedelta(days=3)


@pytest.fixture(autouse=True)
def _language():  # noqa: ANN202
    before = i18n.current_language()
    yield
    i18n.set_language(before)


def _positions(n: int) -> list[Any]:
    return nanikiru.starter_positions()[:n]


def _old_store(path: Path, *, missed: int = 2, right: int = 1, gone: bool = True) -> tuple[int, list[str]]:
    """A progress file as the discard drill wrote it before its misses kept a spec: every answer
    recorded with ``spec=None`` (``NanikiruScreen.record`` of commit ee0dc58).  ``missed`` puzzles
    answered wrong, ``right`` more answered right, and (``gone``) a miss of a position the starter
    set no longer has.  Returns the learner and the missed puzzles' ids."""
    store = open_store(path)
    learner = store.create_learner("Анна").id
    ids = []
    for i, pos in enumerate(_positions(missed + right)):
        q = nanikiru.puzzle(pos)
        correct = i >= missed
        store.record_answer(learner, "nanikiru", q.exercise.item_id, q.exercise.skill, correct, 12.0, at=PAST)
        if not correct:
            ids.append(q.exercise.item_id)
    if gone:
        store.record_answer(learner, "nanikiru", "nanikiru:starter999:0:7:1", "efficiency", False, 9.0, at=PAST)
    store.close()
    return learner, ids


def _dump(path: Path) -> dict[str, list]:
    """Every row of the tables a learner's history lives in, and the schema version."""
    db = sqlite3.connect(path)
    try:
        out = {t: db.execute(f"SELECT * FROM {t} ORDER BY rowid").fetchall()
               for t in ("learner", "answer", "card", "daily", "skill")}
        out["version"] = db.execute("PRAGMA user_version").fetchall()
    finally:
        db.close()
    return out


def test_the_rebuilt_spec_is_the_one_a_miss_records_for_every_starter_puzzle() -> None:
    from trainer.ui.views.review_items import starter_spec

    for pos in nanikiru.starter_positions():
        item_id = nanikiru.puzzle(pos).exercise.item_id
        assert starter_puzzle_spec(item_id) == starter_spec(pos) == rebuilt_spec(item_id)
    assert starter_puzzle_spec("nanikiru:game-20261126.json:3:40:0") is None  # the learner's own game
    assert starter_puzzle_spec("basics_tiles/suit_of_8p") is None
    assert rebuilt_spec("basics_tiles/suit_of_8p") == {"lesson": "basics_tiles", "step": "suit_of_8p"}


def test_the_cheap_starter_check_names_exactly_the_starter_positions() -> None:
    """The home counts due starter cards from the data file alone; it must name the same puzzles
    as the replayed starter games the session opens."""
    from trainer.ui.views.review_items import _starter_keys, _starter_positions

    assert _starter_keys() == frozenset(_starter_positions())
    assert len(_starter_keys()) == len(nanikiru.starter_positions())


def test_old_starter_misses_come_back_and_nothing_stored_changes(tmp_path: Path) -> None:
    old = tmp_path / "old" / "progress.sqlite3"
    old.parent.mkdir()
    learner, ids = _old_store(old)
    work = tmp_path / "progress.sqlite3"
    shutil.copy(old, work)  # the learner's file is only ever read here: work on a copy
    before = _dump(work)
    assert all(row[-1] is None for row in before["card"])  # every card written without a spec
    store = open_store(work)
    try:
        due = store.due_reviews(learner)
        again = store.due_reviews(learner)  # reading twice gives the same (idempotent)
    finally:
        store.close()
    assert [c["item_id"] for c in due if c["item_id"] in ids] == [c["item_id"] for c in again if c["item_id"] in ids]
    got = {c["item_id"]: c for c in due}
    assert set(ids) <= set(got)  # the misses are due
    for item_id in ids:
        assert {k: got[item_id][k] for k in ("nanikiru", "hand", "action", "seat")} == starter_puzzle_spec(item_id)
    right_id = nanikiru.puzzle(_positions(3)[2]).exercise.item_id
    assert right_id not in got  # answered right at once: not a review card, as now
    assert _dump(work) == before  # no answer, card or total rewritten; the schema version as it was


def test_old_starter_misses_are_review_cards_the_session_can_show(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from trainer.ui.views.review_items import can_show, due_review_items, due_starter_puzzles

    learner, ids = _old_store(tmp_path / "progress.sqlite3")
    store = open_store(tmp_path / "progress.sqlite3")
    with headless_app(tmp_path, monkeypatch, progress=store, language="ru") as app:
        app.learner_id = learner
        due = due_review_items(app)
        assert sorted(c["item_id"] for c in due) == sorted(ids)  # the gone position is left out quietly
        assert not can_show(app)({"nanikiru": "starter999", "hand": 0, "action": 7, "seat": 1})
        # the drill puts them first in its next round too
        assert sorted(p.exercise.item_id for p in due_starter_puzzles(app, limit=10)) == sorted(ids)


def test_due_starter_puzzles_are_counted_with_the_reviews_on_home_and_progress(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from trainer.ui.screens.progress import load_data
    from trainer.ui.views.review_items import starter_spec

    store = open_store(tmp_path / "progress.sqlite3")
    with headless_app(tmp_path, monkeypatch, progress=store, language="ru") as app:
        pos = _positions(1)[0]
        q = nanikiru.puzzle(pos)
        app.progress.record_answer(app.learner_id, "nanikiru", q.exercise.item_id, q.exercise.skill, False, 8.0,
                                   spec=starter_spec(pos), at=PAST)
        app.pop()
        home = app.push("home")
        frame(app)
        assert home.review is not None and home.review.badge == "1"  # «Повторение»: 1 задание
        assert load_data(app).due == 1  # the progress screen's «К повторению»
        assert app.progress.due_skills(app.learner_id, showable=lambda s: True) == [(q.exercise.skill, 1)]


def test_a_starter_miss_of_today_is_said_to_come_back_tomorrow(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing due now: the progress screen's «вернутся завтра» and the home's Review card count
    the puzzle missed today (it comes back the next day, as any miss)."""
    from trainer.ui.views.coming_reviews import coming_note, coming_reviews
    from trainer.ui.views.review_items import starter_spec

    store = open_store(tmp_path / "progress.sqlite3")
    with headless_app(tmp_path, monkeypatch, progress=store, language="ru") as app:
        i18n.set_language("ru")
        pos = _positions(1)[0]
        q = nanikiru.puzzle(pos)
        # a fixed time of day, given to the code under test: the miss five minutes before is today's
        now = datetime.now().astimezone().replace(hour=12, minute=0, second=0, microsecond=0)
        app.progress.record_answer(app.learner_id, "nanikiru", q.exercise.item_id, q.exercise.skill, False, 8.0,
                                   spec=starter_spec(pos), at=now - timedelta(minutes=5))
        coming = coming_reviews(app, now=now)
        assert coming is not None and [c["item_id"] for c in coming.items] == [q.exercise.item_id]
        assert coming_note(coming, now) == "1 вернётся завтра"
