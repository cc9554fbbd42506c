"""A progress file that passes ``quick_check`` but lacks a table or a column the app needs (review
24, finding 3): what follows from the answers is rebuilt in place with a notice; anything else is
damage — the file is set aside and everything readable is copied into a new one — and the
``progress`` command never ends in a traceback."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from trainer.progress import open_store
from trainer.progress.checkup import inspect, shape
from trainer.progress.schema import MIGRATIONS, SCHEMA_VERSION
from trainer.progress.store import open_store_readonly
from trainer.progress.transfer import validate

ANSWERS = (30, 12)


def used_store(path: Path) -> None:
    """Two learners with answers, a lesson, mastery, review cards and daily totals; checkpointed."""
    store = open_store(path)
    for name, n in zip(("Анна", "Борис"), ANSWERS, strict=True):
        learner = store.create_learner(name)
        for i in range(n):
            store.record_answer(learner.id, "drill", f"waits:n=13:{i}", "waits", i % 3 != 0, 4.0,
                                spec={"generator": "waits", "params": {"n": 13}, "seed": i})
        store.save_lesson_step(learner.id, "basics_tiles", 3)
    store.close()
    db = sqlite3.connect(path)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()


def damage(path: Path, *sql: str) -> None:
    """Change the file with SQL, as another tool (or a half-restored backup) would."""
    db = sqlite3.connect(path)
    for statement in sql:
        db.executescript(statement)
    db.commit()
    db.close()


def counts(store) -> list[tuple[str, int]]:  # noqa: ANN001
    return [(x.name, store.answer_count(x.id)) for x in store.learners()]


def test_the_needed_shape_comes_from_the_migrations() -> None:
    db = sqlite3.connect(":memory:")
    for script in MIGRATIONS:
        db.executescript(script)
    made = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert set(shape()) == made
    for name, table in shape().items():
        assert list(table.columns) == [r[1] for r in db.execute(f"PRAGMA table_info({name})")]
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    found = inspect(db, SCHEMA_VERSION)
    assert not found.damage and not found.repairs


@pytest.mark.parametrize("table", ["card", "learner", "answer", "lesson_progress"])
def test_a_missing_table_that_cannot_be_rebuilt_is_damage_and_the_rest_is_copied(tmp_path: Path, table: str) -> None:
    path = tmp_path / "progress.sqlite3"
    used_store(path)
    damage(path, f"DROP TABLE {table};")
    store = open_store(path)
    try:
        (notice,) = store.notices
        assert notice.kind == "damaged" and notice.moved_to.exists() and ".damaged-" in notice.moved_to.name
        assert [p.what for p in notice.problems] == ["missing_table"] and notice.problems[0].table == table
        assert f"'{table}'" in notice.problems[0].english()
        got = counts(store)
        assert len(got) == 2
        if table != "answer":
            assert [n for _name, n in got] == list(ANSWERS)  # every answer is still there
        if table != "learner":
            assert [name for name, _n in got] == ["Анна", "Борис"]
        if table not in ("card", "answer"):
            assert store.db.execute("SELECT count(*) FROM card").fetchone()[0] == 2  # one family per learner
        learner = store.learners()[0]
        store.record_answer(learner.id, "drill", "waits:n=13:99", "waits", True, 4.0)  # answers are saved again
        assert store.answer_count(learner.id) == (ANSWERS[0] if table != "answer" else 0) + 1
    finally:
        store.close()
    again = open_store(path)
    assert again.notices == ()  # the new file is whole: nothing is set aside a second time
    again.close()


@pytest.mark.parametrize("table", ["daily", "skill"])
def test_a_missing_table_that_follows_from_the_answers_is_rebuilt_in_place(tmp_path: Path, table: str) -> None:
    path = tmp_path / "progress.sqlite3"
    used_store(path)
    before = open_store(path)
    totals = [before.totals(x.id)["answers"] for x in before.learners()]
    mastery = [[(m.skill, round(m.mastery, 6), m.answers) for m in before.mastery(x.id)] for x in before.learners()]
    before.close()
    damage(path, f"DROP TABLE {table};")
    store = open_store(path)
    try:
        (notice,) = store.notices
        assert notice.kind == "repaired" and notice.moved_to == path
        assert [(p.what, p.table) for p in notice.problems] == [("rebuilt_table", table)]
        assert not list(tmp_path.glob("*.damaged-*"))  # the file stays where it is
        assert [store.totals(x.id)["answers"] for x in store.learners()] == totals
        assert [[(m.skill, round(m.mastery, 6), m.answers) for m in store.mastery(x.id)]
                for x in store.learners()] == mastery
    finally:
        store.close()
    assert open_store(path).notices == ()


@pytest.mark.parametrize(("table", "column"), [("card", "spec"), ("answer", "hints"), ("learner", "daily_goal")])
def test_a_missing_column_with_a_default_is_added_in_place(tmp_path: Path, table: str, column: str) -> None:
    path = tmp_path / "progress.sqlite3"
    used_store(path)
    damage(path, f"ALTER TABLE {table} DROP COLUMN {column};")
    store = open_store(path)
    try:
        (notice,) = store.notices
        assert notice.kind == "repaired"
        assert [(p.what, p.table, p.column) for p in notice.problems] == [("added_column", table, column)]
        assert [n for _name, n in counts(store)] == list(ANSWERS)
        learner = store.learners()[0]
        store.record_answer(learner.id, "drill", "waits:n=13:99", "waits", True, 4.0)
        validate(store.export_learner(learner.id))  # the export is one its import reads
    finally:
        store.close()


@pytest.mark.parametrize("sql", ["PRAGMA user_version = 0;", "PRAGMA user_version = -1;",
                                 "ALTER TABLE learner DROP COLUMN name;"], ids=["v0-with-tables", "negative", "no-name"])
def test_a_file_that_does_not_follow_its_schema_is_set_aside_and_copied(tmp_path: Path, sql: str) -> None:
    path = tmp_path / "progress.sqlite3"
    used_store(path)
    damage(path, sql)
    store = open_store(path)
    try:
        (notice,) = store.notices
        assert notice.kind == "damaged" and notice.problems
        assert [n for _name, n in counts(store)] == list(ANSWERS)
    finally:
        store.close()


def test_an_old_schema_still_migrates_without_a_notice(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    used_store(path)
    damage(path, "ALTER TABLE card DROP COLUMN spec; PRAGMA user_version = 3;")  # a real version 3 file
    store = open_store(path)
    assert store.notices == () and [n for _name, n in counts(store)] == list(ANSWERS)
    store.close()


@pytest.mark.parametrize("sql", ["DROP TABLE card;", "DROP TABLE learner;", "DROP TABLE answer;",
                                 "ALTER TABLE card DROP COLUMN spec;", "ALTER TABLE answer DROP COLUMN hints;",
                                 "DROP TABLE daily;"])
def test_list_and_export_read_such_a_file_without_changing_it(tmp_path: Path, sql: str) -> None:
    path = tmp_path / "progress.sqlite3"
    used_store(path)
    damage(path, sql)
    before = sorted(p.name for p in tmp_path.iterdir()), path.read_bytes()
    store = open_store_readonly(path)
    try:
        learners = store.learners()
        assert len(learners) == 2
        validate(store.export_learner(learners[0].id))
    finally:
        store.close()
    assert (sorted(p.name for p in tmp_path.iterdir()), path.read_bytes()) == before
    for args in (["list"], ["export", str(tmp_path / "out.json"), "--learner", "1"]):
        done = subprocess.run([sys.executable, "-m", "trainer", "progress", "--db", str(path), *args, "--lang", "en"],
                              capture_output=True, text=True, timeout=120,
                              env={**os.environ, "TRAINER_DATA_DIR": str(tmp_path / "data")})
        assert done.returncode == 0, done.stderr
        assert "Traceback" not in done.stderr
