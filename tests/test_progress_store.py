"""The progress store: answers, mastery, repetition, migrations, damage, export/import."""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import sqlite3
import subprocess
import sys
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest

from trainer.progress import open_store
from trainer.progress.schema import MIGRATIONS, SCHEMA_VERSION
from trainer.progress.srs import rating_for
from trainer.progress.transfer import TransferError, read_export

ROOT = Path(__file__).resolve().parents[1]


def test_answers_update_mastery_totals_and_cards(store):
    kid = store.create_learner("Маша", "child")
    adult = store.create_learner("Папа")
    for _ in range(10):
        store.record_answer(kid.id, "drill", "waits:1355m", "waits_basic", True, 3.0)
    store.record_answer(adult.id, "lesson", "fu:q1", "fu", False, 12.0, hints=1)
    (m,) = store.mastery(kid.id)
    assert m.skill == "waits_basic" and m.answers == 10 and m.correct == 10
    assert 0.75 < m.mastery < 1.0  # ten right answers in a row move mastery most of the way up
    (f,) = store.mastery(adult.id)
    assert f.mastery == 0.0 and f.correct == 0
    assert store.totals(kid.id)["answers"] == 10
    assert store.totals(adult.id)["seconds"] == 12.0
    assert store.answer_count(kid.id) == 10


def test_missed_item_comes_back_before_a_known_one(store):
    learner = store.create_learner("Ира")
    t0 = datetime(2026, 11, 1, 12, tzinfo=UTC)
    for day in range(4):
        at = t0 + timedelta(days=day)
        store.record_answer(learner.id, "drill", "known", "shanten", True, 5.0, at=at,
                            spec={"generator": "shanten", "params": {}, "seed": 1})
        store.record_answer(learner.id, "drill", "missed", "shanten", day < 3, 5.0, at=at,
                            spec={"generator": "shanten", "params": {"size": 7}, "seed": 1})
    # "missed" was just answered wrong: it comes back the next day (no minute-long learning steps:
    # the same session practises it in the "my mistakes" round); "known" only after days
    assert store.due_items(learner.id, now=t0 + timedelta(days=3, minutes=30)) == []
    soon = t0 + timedelta(days=4, hours=1)
    assert [item for item, _ in store.due_items(learner.id, now=soon)] == ["missed"]
    later = t0 + timedelta(days=60)
    assert {item for item, _ in store.due_items(learner.id, now=later)} == {"known", "missed"}
    assert store.due_skills(learner.id, now=later) == [("shanten", 2)]


def test_rating_rules():
    assert rating_for(correct=False, seconds=1, hints=0).name == "Again"  # wrong
    assert rating_for(correct=True, seconds=5, hints=1).name == "Hard"  # right with a hint
    assert rating_for(correct=True, seconds=60, hints=0).name == "Hard"  # right, very slow
    assert rating_for(correct=True, seconds=2, hints=0).name == "Easy"  # right, fast
    assert rating_for(correct=True, seconds=12, hints=0).name == "Good"  # right


def test_daily_goal_and_streak(store):
    learner = store.update_learner(store.create_learner("Лёва").id, daily_goal=2)
    today = date(2026, 11, 22)
    for back in (0, 1, 2, 4):
        at = datetime(today.year, today.month, today.day, 12, tzinfo=UTC).astimezone() - timedelta(days=back)
        for _ in range(2):
            store.record_answer(learner.id, "drill", f"x{back}", "tiles", True, 1.0, at=at)
    assert store.streak(learner.id, today=today) == 3  # today, yesterday, the day before; day 3 broke it
    assert store.today_count(learner.id, today=today) == 2
    days = store.days(learner.id, last=7, today=today)
    assert len(days) == 7 and days[-1].answers == 2 and days[-4].answers == 0


def test_lessons_resume_and_completion(store):
    learner = store.create_learner("Оля")
    store.save_lesson_step(learner.id, "basics_tiles", 3)
    assert store.last_lesson(learner.id) == ("basics_tiles", 3)
    store.complete_lesson(learner.id, "basics_tiles", 0.8)
    store.complete_lesson(learner.id, "basics_tiles", 0.5)
    info = store.lessons(learner.id)["basics_tiles"]
    assert info["best_score"] == 0.8 and info["completed_at"]
    assert store.last_lesson(learner.id) is None
    assert store.totals(learner.id)["lessons_completed"] == 1


def _build_at_version(path: Path, version: int) -> None:
    db = sqlite3.connect(path, isolation_level=None)
    for sql in MIGRATIONS[:version]:
        db.executescript(sql)
    db.execute(f"PRAGMA user_version = {version}")
    if version >= 1:
        db.execute("INSERT INTO learner (uuid, name, kind, created_at) VALUES ('u1', 'Старый', 'adult', '2026-01-01')")
        db.execute("INSERT INTO answer (uuid, learner_id, answered_at, source, item_id, skill, correct, seconds)"
                   " VALUES ('a1', 1, '2026-01-02T10:00:00+00:00', 'drill', 'i1', 'fu', 1, 7.5)")
    db.close()


@pytest.mark.parametrize("version", range(SCHEMA_VERSION))
def test_migrates_from_every_earlier_version(tmp_path, version):
    path = tmp_path / "old.sqlite3"
    _build_at_version(path, version)
    store = open_store(path)
    assert not store.notices
    assert store.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    if version >= 1:
        (learner,) = store.learners()
        assert learner.name == "Старый" and store.answer_count(learner.id) == 1
        if version < 3:  # the daily totals were rebuilt from the answer log
            assert store.totals(learner.id)["answers"] == 1
    store.record_answer(store.create_learner("Новый").id, "drill", "i", "fu", True, 1.0)
    store.close()


def test_damaged_database_is_set_aside_and_a_fresh_one_started(tmp_path):
    path = tmp_path / "progress.sqlite3"
    path.write_bytes(b"this is not sqlite at all" * 100)
    store = open_store(path)
    (notice,) = store.notices
    assert notice.kind == "damaged" and notice.moved_to.exists()
    assert notice.moved_to.read_bytes().startswith(b"this is not sqlite")  # kept, byte for byte
    assert store.learners() == []
    store.close()


def test_database_from_a_newer_app_is_kept_aside(tmp_path):
    path = tmp_path / "progress.sqlite3"
    _build_at_version(path, SCHEMA_VERSION)
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 5}")
    db.commit()
    db.close()
    store = open_store(path)
    (notice,) = store.notices
    assert notice.kind == "newer" and ".newer-" in notice.moved_to.name
    old = sqlite3.connect(notice.moved_to)
    assert old.execute("SELECT name FROM learner").fetchall() == [("Старый",)]
    old.close()
    store.close()


def test_set_aside_never_overwrites(tmp_path):
    path = tmp_path / "progress.sqlite3"
    moved = []
    for _ in range(3):
        path.write_bytes(b"garbage")
        s = open_store(path)
        moved.append(s.notices[0].moved_to)
        s.close()
        path.unlink()
    assert len(set(moved)) == 3 and all(p.exists() for p in moved)


def _writer(path: str, name: str, n: int) -> None:
    store = open_store(Path(path))
    learner = store.create_learner(name)
    for i in range(n):
        store.record_answer(learner.id, "drill", f"{name}{i}", "tiles", True, 1.0)
    store.close()


def test_two_running_copies_do_not_corrupt(tmp_path):
    path = tmp_path / "progress.sqlite3"
    open_store(path).close()
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_writer, args=(str(path), f"p{k}", 150)) for k in range(2)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
        assert p.exitcode == 0
    store = open_store(path)
    assert not store.notices
    assert sorted(store.answer_count(lr.id) for lr in store.learners()) == [150, 150]
    assert store.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    store.close()


KILL_SCRIPT = """
import sys
from pathlib import Path
from trainer.progress import open_store
store = open_store(Path(sys.argv[1]))
learner = store.create_learner("crash")
i = 0
while True:
    store.record_answer(learner.id, "drill", f"i{i}", "tiles", True, 1.0)
    i += 1
    print(i, flush=True)
"""


def test_killed_process_loses_no_committed_answer(tmp_path):
    path = tmp_path / "progress.sqlite3"
    proc = subprocess.Popen([sys.executable, "-c", KILL_SCRIPT, str(path)], stdout=subprocess.PIPE, text=True,
                            cwd=ROOT)
    last = 0
    for line in proc.stdout:
        last = int(line)
        if last >= 40:
            break
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    store = open_store(path)
    assert not store.notices
    (learner,) = store.learners()
    assert store.answer_count(learner.id) >= last  # everything reported as recorded is there
    store.close()


def test_export_import_round_trip_and_merge(tmp_path, store):
    learner = store.create_learner("Дима")
    store.update_learner(learner.id, settings={"language": "ru"})
    for i in range(5):
        store.record_answer(learner.id, "drill", f"q{i}", "yaku_id", i % 2 == 0, 4.0)
    store.complete_lesson(learner.id, "basics_tiles", 1.0)
    data = json.loads(json.dumps(store.export_learner(learner.id)))
    assert data["format"] == "riichi-trainer-progress" and data["version"] == 2

    other = open_store(tmp_path / "other.sqlite3")
    moved = other.import_learner(data)
    assert moved.name == "Дима" and moved.settings == {"language": "ru"}
    assert other.answer_count(moved.id) == 5
    assert other.totals(moved.id) == store.totals(learner.id)
    assert other.lessons(moved.id)["basics_tiles"]["best_score"] == 1.0
    # importing again merges: nothing doubles
    other.import_learner(data)
    assert len(other.learners()) == 1 and other.answer_count(moved.id) == 5
    # new answers on the first computer arrive on a second import
    store.record_answer(learner.id, "drill", "q9", "yaku_id", True, 4.0)
    other.import_learner(store.export_learner(learner.id))
    assert other.answer_count(moved.id) == 6
    other.close()


def test_study_time_moves_with_the_export_and_counts_once(tmp_path, store):
    learner = store.create_learner("Аня")
    store.record_answer(learner.id, "drill", "q1", "yaku_id", True, 5.0)
    store.record_study_time(learner.id, 120.0, at=datetime(2026, 11, 20, 12, tzinfo=UTC))
    store.record_study_time(learner.id, 30.0, at=datetime(2026, 11, 21, 12, tzinfo=UTC))
    data = json.loads(json.dumps(store.export_learner(learner.id)))
    assert [round(s["seconds"]) for s in data["study"]] == [120, 30]
    other = open_store(tmp_path / "other.sqlite3")
    moved = other.import_learner(data)
    assert other.totals(moved.id)["seconds"] == store.totals(learner.id)["seconds"] == 155.0
    other.import_learner(data)  # the same file again: nothing doubles
    assert other.totals(moved.id)["seconds"] == 155.0
    other.close()


def test_a_version_1_export_without_study_time_still_imports(store):
    data = {"format": "riichi-trainer-progress", "version": 1, "learner": {"uuid": "u1", "name": "Оля"},
            "answers": [{"uuid": "a1", "answered_at": "2026-11-20T10:00:00+00:00", "source": "drill",
                         "item_id": "q", "skill": "yaku_id", "correct": True, "seconds": 3.0}]}
    moved = store.import_learner(data)
    assert store.answer_count(moved.id) == 1 and store.totals(moved.id)["seconds"] == 3.0


def test_a_study_day_that_is_not_a_day_is_refused_by_name(store):
    data = {"format": "riichi-trainer-progress", "version": 2, "learner": {"uuid": "u2", "name": "Оля"},
            "answers": [], "study": [{"day": "2026-11-20", "seconds": 60}, {"day": "вчера", "seconds": 5}]}
    with pytest.raises(TransferError, match=r"study\[1\]\.day: 'вчера' is not a day"):
        store.import_learner(data)
    assert store.learners() == []


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        ({"format": "something else"}, "not a riichi-trainer progress file"),
        ({"format": "riichi-trainer-progress", "version": 99}, "newer"),
        ({"format": "riichi-trainer-progress", "version": 1, "learner": {"uuid": "x", "name": "n"},
          "answers": [{"uuid": "a"}]}, "file: answers[0].answered_at: missing"),
    ],
)
def test_bad_import_is_refused_with_a_reason(store, payload, message):
    with pytest.raises(TransferError, match=message.replace("[", r"\[").replace("]", r"\]")):
        store.import_learner(payload)
    assert store.learners() == []


def test_read_export_names_file_and_line(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "riichi-trainer-progress",\n "version": }')
    with pytest.raises(TransferError, match=r"bad.json:2:13: not valid JSON"):
        read_export(bad)


def test_cli_export_and_import(tmp_path):
    env = dict(os.environ, TRAINER_DATA_DIR=str(tmp_path / "a"))
    store = open_store(tmp_path / "a" / "progress.sqlite3")
    learner = store.create_learner("Сеня")
    store.record_answer(learner.id, "drill", "q", "tiles", True, 2.0)
    store.close()
    out = tmp_path / "seny.json"
    run = [sys.executable, "-m", "trainer", "progress", "--lang", "en"]  # the English words are checked
    r = subprocess.run([*run, "export", str(out)], env=env, capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    env_b = dict(os.environ, TRAINER_DATA_DIR=str(tmp_path / "b"))
    r = subprocess.run([*run, "import", str(out)], env=env_b, capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0 and "Сеня" in r.stdout and "1 answer" in r.stdout
    out.write_text("{}")
    r = subprocess.run([*run, "import", str(out)], env=env_b, capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 1 and "not a riichi-trainer progress file" in r.stderr


def test_due_reviews_bring_back_the_missed_exercise(store):
    learner = store.create_learner("Вера")
    t0 = datetime(2026, 11, 1, 12, tzinfo=UTC)
    spec = {"generator": "single_suit_waits", "params": {"size": 7}, "seed": 12}
    store.record_answer(learner.id, "drill", "single_suit_waits:abc:12", "waits_single_suit", False, 9.0,
                        at=t0, spec=spec)
    store.record_answer(learner.id, "lesson", "basics_tiles/q1", "tile_names", False, 9.0, at=t0)
    assert store.due_reviews(learner.id, now=t0 + timedelta(hours=1)) == []  # a missed item: back tomorrow
    due, step = store.due_reviews(learner.id, now=t0 + timedelta(days=1, hours=1))
    # the card is the generator's family (any seed): a review shows a sibling, not the same question
    assert due == dict(spec, item_id="single_suit_waits:abc", skill="waits_single_suit")
    # a missed lesson step recorded without a spec (as the app did before) comes back as that step
    assert step == {"lesson": "basics_tiles", "step": "q1", "item_id": "basics_tiles/q1", "skill": "tile_names"}
    exported = store.export_learner(learner.id)
    assert json.loads(next(c for c in exported["cards"] if c["spec"])["spec"]) == spec
