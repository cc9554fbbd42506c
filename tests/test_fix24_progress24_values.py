"""A value of the wrong type in a whole progress file (review 24, finding 2): the file is set aside
as damaged, every other row is copied into the new file with the bad value replaced by its
column's default (or its row left out when the column has none), the learner is told which table,
column and value, and nothing crashes — the home, the progress screen, answers and the export."""

from __future__ import annotations

import json
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from tests.test_fix24_progress24_schema import ANSWERS, damage, used_store  # noqa: E402
from trainer import i18n  # noqa: E402
from trainer.progress import open_store  # noqa: E402
from trainer.progress.checkup import clean_row, inspect  # noqa: E402
from trainer.progress.schema import SCHEMA_VERSION  # noqa: E402
from trainer.progress.store import open_store_readonly  # noqa: E402
from trainer.progress.transfer import importable, validate  # noqa: E402

CASES = {
    "learner": ("UPDATE learner SET daily_goal = 'many' WHERE id = 1;", "daily_goal", "'many'", True),
    "answer": ("UPDATE answer SET seconds = 'slow' WHERE id = 3;", "seconds", "'slow'", True),
    "lesson_progress": ("UPDATE lesson_progress SET step = 'x';", "step", "'x'", True),
    "skill": ("UPDATE skill SET mastery = 'high';", "mastery", "'high'", True),
    "card": ("UPDATE card SET state = 'garbage' WHERE learner_id = 1;", "state", "'garbage'", True),
    "daily": ("UPDATE daily SET seconds = 'x';", "seconds", "'x'", True),
}
"""Per table: the damage, the column, the value as the notice shows it, and whether a default is used."""


@pytest.mark.parametrize("table", list(CASES))
def test_a_bad_value_takes_its_default_and_nothing_else_is_lost(tmp_path: Path, table: str) -> None:
    sql, column, shown, _default = CASES[table]
    path = tmp_path / "progress.sqlite3"
    used_store(path)
    damage(path, sql)
    store = open_store(path)
    try:
        (notice,) = store.notices
        assert notice.kind == "damaged" and notice.moved_to.exists()
        (problem,) = [p for p in notice.problems if p.what == "bad_value"]
        assert (problem.table, problem.column, problem.value) == (table, column, shown)
        assert f"'{table}.{column}' held" in problem.english()
        learners = store.learners()
        assert [(x.name, store.answer_count(x.id)) for x in learners] == list(zip(("Анна", "Борис"), ANSWERS,
                                                                                   strict=True))
        for learner in learners:  # everything the app reads works
            assert isinstance(learner.daily_goal, int)
            store.streak(learner.id)
            assert all(isinstance(m.mastery, float | int) for m in store.mastery(learner.id))
            assert all(isinstance(v["step"], int) for v in store.lessons(learner.id).values())
            store.days(learner.id)
            store.record_answer(learner.id, "drill", "waits:n=13:77", "waits", True, 4.0,
                                spec={"generator": "waits", "params": {"n": 13}, "seed": 77})
            validate(store.export_learner(learner.id))  # its own import reads the export
    finally:
        store.close()
    again = open_store(path)
    assert again.notices == ()  # the cleaned file passes: it is never set aside again
    again.close()


def test_mastery_lost_to_a_bad_value_is_worked_out_again_from_the_answers(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    used_store(path)
    store = open_store(path)
    before = [round(m.mastery, 9) for m in store.mastery(1)]
    store.close()
    damage(path, CASES["skill"][0])
    store = open_store(path)
    assert [round(m.mastery, 9) for m in store.mastery(1)] == before
    store.close()


def test_a_row_whose_bad_value_has_no_default_is_left_out_and_said(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    used_store(path)
    damage(path, "UPDATE answer SET answered_at = 12345 WHERE id IN (1, 2);")
    store = open_store(path)
    try:
        (notice,) = store.notices
        (problem,) = notice.problems
        assert problem.default is None and problem.rows == 2 and "left out" in problem.english()
        assert store.answer_count(1) == ANSWERS[0] - 2 and store.answer_count(2) == ANSWERS[1]
        assert store.reviews_today(1) == 0  # read every time the home opens: no crash
    finally:
        store.close()


def test_the_notice_names_the_file_table_column_and_value_in_russian(tmp_path: Path) -> None:
    from trainer.ui.app import store_notice_text

    path = tmp_path / "progress.sqlite3"
    used_store(path)
    damage(path, CASES["learner"][0])
    store = open_store(path)
    (notice,) = store.notices
    store.close()
    i18n.set_language("ru")
    try:
        text = store_notice_text(notice)
    finally:
        i18n.set_language("en")
    assert "дневная цель ученика" in text and "'many'" in text and "20" in text  # learner words (robustB24)
    assert str(notice.moved_to) in text and "2 ученика" in text


def test_the_app_starts_and_shows_progress_over_such_a_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from trainer.ui.app import App

    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    path = tmp_path / "progress.sqlite3"
    used_store(path)
    damage(path, CASES["learner"][0], CASES["skill"][0], CASES["lesson_progress"][0])
    (tmp_path / "settings.json").write_text(json.dumps({"language": "en", "profile": "rules"}), encoding="utf-8")
    app = App(size=(1280, 720), save=False, catch_errors=True)
    try:
        assert app.progress is not None and not app.progress_read_only
        assert any("could not be used as it was" in b.text for b in app.banners)
        for screen in ("home", "progress"):
            app.push(screen)
            app.process([], 0.5)
            app.render()
            assert app.screen.name == screen
            assert not any(b.kind == "error" for b in app.banners), [b.text for b in app.banners]
        assert app.screen.data.goal == 20 and app.screen.data.mastery
    finally:
        app.close()


def test_list_and_export_of_such_a_file_read_it_cleaned_and_leave_it_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    used_store(path)
    damage(path, CASES["learner"][0])
    before = path.read_bytes()
    store = open_store_readonly(path)
    try:
        exported = store.export_learner(1)
    finally:
        store.close()
    assert path.read_bytes() == before and not list(tmp_path.glob("*.damaged-*"))
    assert exported["learner"]["daily_goal"] == 20 and len(exported["answers"]) == ANSWERS[0]
    other = open_store(tmp_path / "other" / "progress.sqlite3")
    try:
        learner = other.import_learner(exported)  # the import takes its own export
        assert other.answer_count(learner.id) == ANSWERS[0]
    finally:
        other.close()


def test_an_export_never_holds_what_its_import_refuses(tmp_path: Path) -> None:
    """Values of the right type but out of the export's range (another tool wrote them)."""
    path = tmp_path / "progress.sqlite3"
    used_store(path)
    damage(path, "UPDATE learner SET daily_goal = 0, created_at = '2026-01-01 10:00:00';"
                 "UPDATE answer SET hints = 99999 WHERE id = 1; UPDATE skill SET mastery = 7.5;"
                 "UPDATE lesson_progress SET best_score = 3;")
    store = open_store(path)
    try:
        assert store.notices == ()  # nothing the app cannot read: the file is used as it is
        out = store.export_learner(1)
        validate(out)
        assert out["learner"]["daily_goal"] == 20 and out["answers"][0]["hints"] == 0
        assert len(out["answers"]) == ANSWERS[0] and out["lessons"][0]["best_score"] is None
    finally:
        store.close()
    assert importable({"format": "x"}) == {"format": "x"}  # not an export at all: left as it is


def test_a_cleaned_row_always_passes_the_check(tmp_path: Path) -> None:
    """Detection and cleaning use the same checks, so a salvaged file is never set aside again:
    every column of a real row of every table, given each kind of bad value."""
    import sqlite3

    path = tmp_path / "progress.sqlite3"
    used_store(path)
    db = sqlite3.connect(path, isolation_level=None)
    for table in ("learner", "answer", "lesson_progress", "skill", "card", "daily"):
        columns = [r[1] for r in db.execute(f"PRAGMA table_info({table})")]
        good = db.execute(f"SELECT {', '.join(columns)} FROM {table} LIMIT 1").fetchone()
        for i, column in enumerate(columns):
            for bad in ("bad", 1.5, b"\x00", 2**62, float("inf"), None):
                row, problems = clean_row(table, columns, (*good[:i], bad, *good[i + 1:]))
                if row is None:
                    assert problems and problems[-1].default is None
                    continue
                db.execute("BEGIN")
                db.execute(f"DELETE FROM {table} WHERE rowid = (SELECT min(rowid) FROM {table})")
                try:
                    db.execute(f"INSERT OR REPLACE INTO {table} ({', '.join(columns)}) VALUES "
                               f"({', '.join('?' * len(columns))})", row)
                    assert inspect(db, SCHEMA_VERSION).damage == [], (table, column, bad)
                finally:
                    db.execute("ROLLBACK")
    db.close()
