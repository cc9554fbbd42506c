"""PatientStore keeps the writes the progress file does not take for a passing reason, in order and
with their own times, shows the kept profile changes at once, and writes them once it can."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from trainer.progress import open_store
from trainer.progress.pending import PatientStore, WritesWaiting


def _locked(path: Path) -> sqlite3.Connection:
    holder = sqlite3.connect(path, isolation_level=None, timeout=0)
    holder.execute("BEGIN IMMEDIATE")
    return holder


@pytest.fixture
def patient(tmp_path: Path):  # noqa: ANN201
    store = open_store(tmp_path / "progress.sqlite3")
    learner = store.create_learner("Анна")
    p = PatientStore(store)
    p.set_wait(0.05)
    p.learner_id = learner.id
    yield p
    p.close()


def test_answers_given_during_a_lock_are_written_later_with_their_own_time(patient: PatientStore,
                                                                           tmp_path: Path) -> None:
    told: list[str] = []
    patient.on_kept = told.append
    lid = patient.learner_id
    holder = _locked(tmp_path / "progress.sqlite3")
    given = datetime.now(UTC) - timedelta(hours=30)  # yesterday: the day's totals must say so
    try:
        assert patient.record_answer(lid, "drill", "waits:n=13:1", "waits", True, 2.0, at=given) is None
        patient.record_answer(lid, "drill", "waits:n=13:2", "waits", False, 2.0)
        assert patient.pending == 2 and told == ["locked"]  # said once, not per answer
        assert not patient.flush()
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert patient.flush() and patient.pending == 0
    rows = patient.db.execute("SELECT item_id, answered_at FROM answer ORDER BY id").fetchall()
    assert [r[0] for r in rows] == ["waits:n=13:1", "waits:n=13:2"]
    assert datetime.fromisoformat(rows[0][1]) == given
    assert patient.today_count(lid) == 1 and patient.answer_count(lid) == 2


def test_a_kept_settings_change_is_read_back_at_once_and_never_lost_by_the_next(patient: PatientStore,
                                                                              tmp_path: Path) -> None:
    lid = patient.learner_id
    holder = _locked(tmp_path / "progress.sqlite3")
    try:
        patient.update_learner(lid, settings={"lesson_runs": {"a": [1]}})
        saved = patient.learner(lid).settings  # what the app reads before it adds its own keys
        patient.update_learner(lid, settings={**saved, "language": "ru"}, daily_goal=0)
        assert patient.learner(lid).settings == {"lesson_runs": {"a": [1]}, "language": "ru"}
        assert patient.learner(lid).daily_goal == 1
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert patient.flush()
    assert patient.store.learner(lid).settings == {"lesson_runs": {"a": [1]}, "language": "ru"}


def test_a_change_asked_for_by_hand_is_refused_in_the_learners_words_not_kept(patient: PatientStore,
                                                                             tmp_path: Path) -> None:
    from trainer import i18n

    holder = _locked(tmp_path / "progress.sqlite3")
    try:
        with pytest.raises(WritesWaiting) as info:
            patient.create_learner("Борис")
        i18n.set_language("ru")
        assert "занят другой программой" in str(WritesWaiting(info.value.kind))
    finally:
        i18n.set_language("en")
        holder.execute("ROLLBACK")
        holder.close()
    assert patient.pending == 0 and [x.name for x in patient.learners()] == ["Анна"]


def test_an_error_that_will_not_pass_is_raised_not_kept(patient: PatientStore) -> None:
    def broken(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        raise sqlite3.IntegrityError("FOREIGN KEY constraint failed")

    patient.store.record_answer = broken
    with pytest.raises(sqlite3.IntegrityError):
        patient.record_answer(patient.learner_id, "drill", "q", "waits", True, 1.0)
    assert patient.pending == 0


def test_a_store_opened_read_only_keeps_everything_until_it_is_reopened(tmp_path: Path) -> None:
    from trainer.progress.store import open_store_readonly

    path = tmp_path / "progress.sqlite3"
    first = open_store(path)
    lid = first.create_learner("Анна").id
    first.close()
    patient = PatientStore(open_store_readonly(path), writable=False)
    assert patient.read_only
    patient.record_answer(lid, "drill", "q1", "waits", True, 1.0)
    patient.complete_lesson(lid, "basics_tiles", 0.5)
    assert patient.pending == 2 and not patient.flush()
    assert patient.reopened(open_store(path)) and not patient.read_only
    assert patient.answer_count(lid) == 1 and patient.lessons(lid)["basics_tiles"]["best_score"] == 0.5
    patient.close()


def test_a_blank_name_is_refused_at_once_during_a_lock_not_kept_to_fail_later(patient: PatientStore,
                                                                                tmp_path: Path) -> None:
    """The store refuses a blank name; a write kept during a lock must be refused the same way at
    once, or it would fail at every later try and hold back the writes after it."""
    lid = patient.learner_id
    holder = _locked(tmp_path / "progress.sqlite3")
    try:
        patient.record_answer(lid, "drill", "q1", "waits", True, 1.0)  # kept: later writes wait behind it
        with pytest.raises(ValueError):
            patient.update_learner(lid, name="   ")
        patient.update_learner(lid, name="Мама 😀")  # kept: shown at once as the store would keep it
        assert patient.pending == 2 and patient.learner(lid).name == "Мама"
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert patient.flush() and patient.pending == 0 and patient.learner(lid).name == "Мама"
