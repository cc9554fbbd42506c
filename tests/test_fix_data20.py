"""``progress list``/``export`` only read the file (a damaged or missing one is one line in the
learner's language, nothing is renamed or created); ``list`` says when there are no learners;
importing an older export keeps the review schedules reviewed since."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

from trainer.progress import open_store
from trainer.progress.store import DamagedStore, open_store_readonly

ROOT = Path(__file__).resolve().parents[1]
CLI = [sys.executable, "-m", "trainer", "progress"]


def _cli(*args: str, data: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, TRAINER_DATA_DIR=str(data))
    return subprocess.run([*CLI, *args], env=env, capture_output=True, text=True, cwd=ROOT, timeout=120)


def _used_store(path: Path) -> None:
    store = open_store(path)
    learner = store.create_learner("Мама")
    store.record_answer(learner.id, "drill", "q1", "tiles", True, 2.0)
    store.close()


def _damage(path: Path) -> None:
    with path.open("r+b") as fh:  # the page after the header page: a table's root page
        fh.seek(4096)
        fh.write(b"\x0d\x00\x00\x7f\xff" * 20)


def _files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_list_and_export_of_a_damaged_file_rename_nothing_and_say_it_in_russian(tmp_path):
    db = tmp_path / "kept" / "progress.sqlite3.damaged-20261128-133108"
    db.parent.mkdir()
    _used_store(db)
    _damage(db)
    before = _files(db.parent)
    for action in (["list"], ["export", str(tmp_path / "out.json")]):
        r = _cli("--db", str(db), *action, "--lang", "ru", data=tmp_path / "data")
        assert r.returncode == 1, r
        assert _files(db.parent) == before
        lines = r.stderr.strip().splitlines()
        assert len(lines) == 1 and str(db) in lines[0] and "повреждён" in lines[0], r.stderr
        assert "the file" not in lines[0] and "Traceback" not in r.stderr
    assert not (tmp_path / "out.json").exists()


def test_list_of_a_missing_file_creates_nothing(tmp_path):
    missing = tmp_path / "nowhere" / "progress.sqlite3"
    r = _cli("--db", str(missing), "list", "--lang", "en", data=tmp_path / "data")
    assert r.returncode == 1 and str(missing) in r.stderr and "no progress file" in r.stderr
    assert not missing.parent.exists()


def test_list_and_export_read_a_good_file_without_creating_companions(tmp_path):
    db = tmp_path / "copy.sqlite3"
    _used_store(db)
    assert _files(tmp_path) == ["copy.sqlite3"]
    r = _cli("--db", str(db), "list", "--lang", "en", data=tmp_path / "data")
    assert r.returncode == 0 and "Мама" in r.stdout and "1 answer" in r.stdout
    r = _cli("--db", str(db), "export", str(tmp_path / "m.json"), "--lang", "en", data=tmp_path / "data")
    assert r.returncode == 0, r.stderr
    assert _files(tmp_path) == ["copy.sqlite3", "m.json"]
    assert json.loads((tmp_path / "m.json").read_text())["learner"]["name"] == "Мама"


def test_readonly_opener_reads_an_older_schema_and_refuses_a_newer_one(tmp_path):
    old = tmp_path / "old.sqlite3"
    sqlite3.connect(old).close()  # an empty database: schema 0
    store = open_store_readonly(old)
    assert store.learners() == []
    store.close()
    newer = tmp_path / "newer.sqlite3"
    db = sqlite3.connect(newer)
    db.execute("PRAGMA user_version = 999")
    db.close()
    try:
        open_store_readonly(newer)
    except DamagedStore as e:
        assert e.kind == "newer"
    else:
        raise AssertionError("a newer schema was opened")
    assert _files(tmp_path) == ["newer.sqlite3", "old.sqlite3"]


def test_list_says_when_there_are_no_learners(tmp_path):
    db = tmp_path / "empty.sqlite3"
    open_store(db).close()
    r = _cli("--db", str(db), "list", "--lang", "ru", data=tmp_path / "data")
    assert r.returncode == 0 and r.stdout.strip() == f"В файле {db} пока нет ни одного ученика", r.stdout
    r = _cli("list", "--lang", "en", data=tmp_path / "fresh")  # nobody used the app here yet
    assert r.returncode == 0 and "no learners" in r.stdout and str(tmp_path / "fresh") in r.stdout
    assert not (tmp_path / "fresh").exists()


def test_importing_an_older_export_keeps_the_later_review(tmp_path):
    store = open_store(tmp_path / "progress.sqlite3")
    learner = store.create_learner("Мама")
    t0 = datetime(2026, 11, 28, 12, tzinfo=UTC)
    store.record_answer(learner.id, "lesson", "basics_tiles/q1", "tile_names", False, 5.0, at=t0)
    store.record_answer(learner.id, "lesson", "basics_tiles/q2", "tile_names", False, 5.0, at=t0)
    day0 = store.export_learner(learner.id)
    # day 1: q1 reviewed right, so it is due later than in the day-0 file
    store.record_answer(learner.id, "review", "basics_tiles/q1", "tile_names", True, 3.0,
                        at=t0 + timedelta(days=1))
    cards = lambda: {r[0]: (r[1], r[2]) for r in store.db.execute(  # noqa: E731
        "SELECT item_id, due, state FROM card WHERE learner_id = ?", (learner.id,))}
    after_review = cards()
    assert after_review["basics_tiles/q1"][0] > day0["cards"][0]["due"]
    store.import_learner(day0)
    assert cards() == after_review
    # the other way round: the newer export brings the later review into an older copy
    newer = store.export_learner(learner.id)
    other = open_store(tmp_path / "other.sqlite3")
    other.import_learner(day0)
    other.import_learner(newer)
    got = {r[0]: (r[1], r[2]) for r in other.db.execute("SELECT item_id, due, state FROM card")}
    assert got == after_review
    other.close()
    store.close()


def test_cards_without_a_review_time_keep_the_earlier_due(tmp_path):
    store = open_store(tmp_path / "progress.sqlite3")
    learner = store.create_learner("Мама")
    t0 = datetime(2026, 11, 28, 12, tzinfo=UTC)
    store.record_answer(learner.id, "lesson", "basics_tiles/q1", "tile_names", False, 5.0, at=t0)
    data = store.export_learner(learner.id)
    card = data["cards"][0]
    state = json.loads(card["state"])
    state["last_review"] = None
    early = (t0 - timedelta(days=3)).isoformat()
    state["due"] = early
    card.update(state=json.dumps(state), due=early)
    store.import_learner(data)
    assert datetime.fromisoformat(store.db.execute("SELECT due FROM card").fetchone()[0]) == t0 - timedelta(days=3)
    store.close()


def test_import_into_a_damaged_file_warns_in_the_learners_language(tmp_path):
    source = tmp_path / "a.sqlite3"
    _used_store(source)
    store = open_store(source)
    export = tmp_path / "mama.json"
    export.write_text(json.dumps(store.export_learner(store.learners()[0].id)))
    store.close()
    db = tmp_path / "b" / "progress.sqlite3"
    db.parent.mkdir()
    _used_store(db)
    _damage(db)
    r = _cli("--db", str(db), "import", str(export), "--lang", "ru", data=tmp_path / "data")
    assert r.returncode == 0, r.stderr
    warning = r.stderr.strip().splitlines()[0]
    # review 24 (robustB24): the CLI says what was salvaged, not only that a new file was started
    assert warning.startswith("предупреждение: Файл прогресса был повреждён и сохранён как "), r.stderr
    assert "перенесено в новый файл" in warning, r.stderr
    assert "the file" not in r.stderr and "malformed" not in r.stderr
