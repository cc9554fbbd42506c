"""The progress file under faults: full disks, locks, read-only folders, several running
copies and crashes while a file is set aside.  Only real damage or a newer schema may move
a learner's file; everything else refuses with a clear message and leaves it alone."""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from trainer.progress import StoreUnavailable, open_store
from trainer.progress import store as store_mod
from trainer.progress.schema import MIGRATIONS, SCHEMA_VERSION

try:
    import resource
except ImportError:  # Windows: no file-size limits
    resource = None

ROOT = Path(__file__).resolve().parents[1]


def _snapshot(folder: Path) -> dict[str, bytes]:
    """Every file's bytes, except SQLite's own -shm index and an empty -wal (reading makes them)."""
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())
            if p.is_file() and not p.name.endswith("-shm") and not (p.name.endswith("-wal") and not p.stat().st_size)}


def _healthy(path: Path, answers: int = 3) -> None:
    s = open_store(path)
    learner = s.create_learner("Анна")
    for i in range(answers):
        s.record_answer(learner.id, "drill", f"q{i}", "fu", True, 2.0)
    s.close()


def _rollback_journal_db(path: Path) -> None:
    """A database in the default (rollback) journal mode, where BEGIN EXCLUSIVE blocks readers."""
    db = sqlite3.connect(path, isolation_level=None)
    for sql in MIGRATIONS:
        db.executescript(sql)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    db.execute("INSERT INTO learner (uuid, name, kind, created_at) VALUES ('u', 'Анна', 'adult', '2026-01-01')")
    db.close()


def _fake_error(message: str, code: int, name: str) -> sqlite3.OperationalError:
    err = sqlite3.OperationalError(message)
    err.sqlite_errorcode = code
    err.sqlite_errorname = name
    return err


@pytest.mark.parametrize(
    ("error", "words"),
    [
        (_fake_error("database or disk is full", 13, "SQLITE_FULL"), "disk is full"),
        (_fake_error("database is locked", 5, "SQLITE_BUSY"), "locked"),
        (_fake_error("attempt to write a readonly database", 8, "SQLITE_READONLY"), "read-only"),
        (_fake_error("disk I/O error", 10, "SQLITE_IOERR"), "input/output"),
        (sqlite3.OperationalError("database or disk is full"), "disk is full"),  # no error code at all
    ],
)
def test_an_sqlite_error_that_is_not_damage_leaves_the_file_alone(tmp_path, monkeypatch, error, words):
    path = tmp_path / "progress.sqlite3"
    _healthy(path)
    before = _snapshot(tmp_path)

    def failing_check(p):
        raise error

    monkeypatch.setattr(store_mod, "_check", failing_check)
    with pytest.raises(StoreUnavailable, match=words) as info:
        open_store(path)
    assert str(path) in str(info.value) and "left untouched" in str(info.value)
    assert _snapshot(tmp_path) == before  # nothing renamed, nothing written


def test_an_error_while_opening_after_the_check_is_not_damage_either(tmp_path, monkeypatch):
    path = tmp_path / "progress.sqlite3"
    _healthy(path)
    before = _snapshot(tmp_path)

    def failing_connect(p):
        raise _fake_error("database or disk is full", 13, "SQLITE_FULL")

    monkeypatch.setattr(store_mod, "_connect", failing_connect)
    with pytest.raises(StoreUnavailable, match="disk is full"):
        open_store(path)
    assert _snapshot(tmp_path) == before


def test_a_lock_held_by_another_connection_is_not_damage(tmp_path, monkeypatch):
    monkeypatch.setattr(store_mod, "BUSY_TIMEOUT", 0.2)
    path = tmp_path / "progress.sqlite3"
    _rollback_journal_db(path)
    before = _snapshot(tmp_path)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StoreUnavailable, match="locked"):
            open_store(path)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert _snapshot(tmp_path) == before
    s = open_store(path)  # once the other program lets go, everything is there
    assert [lr.name for lr in s.learners()] == ["Анна"] and not s.notices
    s.close()


def test_a_short_lock_is_waited_for(tmp_path):
    path = tmp_path / "progress.sqlite3"
    _rollback_journal_db(path)
    holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN EXCLUSIVE")
    threading.Timer(0.3, lambda: holder.execute("COMMIT")).start()
    s = open_store(path)
    assert not s.notices and [lr.name for lr in s.learners()] == ["Анна"]
    s.close()
    holder.close()


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root may write into a read-only folder")
def test_a_read_only_folder_refuses_and_keeps_the_file(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    path = folder / "progress.sqlite3"
    _healthy(path)
    before = _snapshot(folder)
    folder.chmod(0o555)
    try:
        with pytest.raises(StoreUnavailable):
            open_store(path)
    finally:
        folder.chmod(0o755)
    assert _snapshot(folder) == before


def test_a_read_only_file_system_refuses_and_keeps_the_file(tmp_path):
    """A real read-only mount (root can write into a chmod 555 folder, not into this)."""
    if os.name != "posix" or os.geteuid() != 0 or not shutil.which("mount"):
        pytest.skip("needs root to mount a tmpfs")
    disk = tmp_path / "disk"
    disk.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(disk)], capture_output=True).returncode:
        pytest.skip("this machine does not let us mount a tmpfs")
    try:
        path = disk / "progress.sqlite3"
        _healthy(path)
        before = _snapshot(disk)
        if subprocess.run(["mount", "-o", "remount,ro", str(disk)], capture_output=True).returncode:
            pytest.skip("this machine does not let us remount read-only")
        with pytest.raises(StoreUnavailable, match="left untouched"):
            open_store(path)
        assert _snapshot(disk) == before
    finally:
        subprocess.run(["umount", str(disk)], capture_output=True)


@pytest.mark.skipif(resource is None or not hasattr(resource, "RLIMIT_FSIZE"), reason="needs RLIMIT_FSIZE")
@pytest.mark.parametrize("limit", [0, 40_000])
def test_a_full_disk_never_sets_a_healthy_file_aside(tmp_path, limit):
    """The disk fills up (a file-size limit makes every write past ``limit`` bytes fail):
    the app refuses or stops saving, but the file stays where it is with every answer."""
    path = tmp_path / "progress.sqlite3"
    _healthy(path, answers=20)
    from benchmarks.bench_reliability import FULL_WRITER

    r = subprocess.run([sys.executable, "-c", FULL_WRITER, str(path), str(limit or 1)], cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert "REFUSED" in r.stdout or "FULL" in r.stdout
    assert not [p for p in tmp_path.iterdir() if ".damaged-" in p.name or ".newer-" in p.name]
    s = open_store(path)
    assert not s.notices
    (learner,) = s.learners()
    assert s.answer_count(learner.id) >= 20
    s.record_answer(learner.id, "drill", "after", "fu", True, 1.0)  # space is back: saving works again
    s.close()


def test_a_notice_is_not_lost_when_the_fresh_start_fails(tmp_path, monkeypatch):
    """A damaged file is set aside, then creating the new file fails (disk full): the next
    start still tells the learner where the old file is."""
    path = tmp_path / "progress.sqlite3"
    path.write_bytes(b"not a database" * 100)
    real = store_mod._connect
    monkeypatch.setattr(store_mod, "_connect",
                        lambda p: (_ for _ in ()).throw(_fake_error("database or disk is full", 13, "SQLITE_FULL")))
    with pytest.raises(StoreUnavailable):
        open_store(path)
    monkeypatch.setattr(store_mod, "_connect", real)
    s = open_store(path)
    assert [n.kind for n in s.notices] == ["damaged"]
    assert s.notices[0].moved_to.read_bytes().startswith(b"not a database")
    s.close()


class _LockedOnceConnection(sqlite3.Connection):
    failures = 0

    def execute(self, sql, *args):  # type: ignore[override]
        if "journal_mode" in sql and _LockedOnceConnection.failures < 3:
            _LockedOnceConnection.failures += 1
            raise _fake_error("database is locked", 5, "SQLITE_BUSY")
        return super().execute(sql, *args)


def test_switching_to_wal_waits_when_another_copy_switches_at_the_same_time(tmp_path, monkeypatch):
    """SQLite answers "database is locked" at once (no busy handler) when two copies switch
    the journal mode together; the copy must wait and retry, not run a session unsaved."""
    real_connect = sqlite3.connect
    _LockedOnceConnection.failures = 0
    monkeypatch.setattr(store_mod.sqlite3, "connect",
                        lambda *a, **k: real_connect(*a, factory=_LockedOnceConnection, **k))
    s = open_store(tmp_path / "progress.sqlite3")
    assert _LockedOnceConnection.failures == 3
    assert s.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    s.close()


def test_copies_started_at_the_same_moment_all_save():
    from benchmarks.bench_reliability import concurrent_starts

    result = concurrent_starts(1, copies=4, answers=10)
    assert result["all_saved"] == 1, result["problems"]


HOLDER = """
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("PRAGMA journal_mode = WAL")
db.execute("INSERT INTO learner (uuid, name, kind, created_at) VALUES ('n', 'Новый', 'adult', '2027-01-01')")
print("ready", flush=True)
sys.stdin.readline()
db.execute("INSERT INTO learner (uuid, name, kind, created_at) VALUES ('n2', 'Ещё', 'adult', '2027-01-02')")
db.close()
"""


def test_a_newer_file_in_use_by_another_copy_is_never_renamed(tmp_path):
    path = tmp_path / "progress.sqlite3"
    _rollback_journal_db(path)
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.commit()
    db.close()
    newer = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    assert newer.stdout.readline().strip() == "ready"
    with pytest.raises(StoreUnavailable, match="another running copy"):
        open_store(path)
    assert path.exists() and not list(tmp_path.glob("*.newer-*"))
    newer.communicate("go\n", timeout=30)  # the newer copy goes on writing to the same file
    check = sqlite3.connect(path)
    assert check.execute("SELECT count(*) FROM learner").fetchone()[0] == 3
    check.close()
    s = open_store(path)  # once it has closed, the older app may keep it aside
    (notice,) = s.notices
    assert notice.kind == "newer"
    s.close()


def _wal_only_copy(src_dir: Path, dst_dir: Path) -> None:
    """A database whose last answers are only in its -wal (as after a power cut)."""
    path = src_dir / "progress.sqlite3"
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA wal_autocheckpoint = 0")
    for sql in MIGRATIONS:
        db.executescript(sql)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.execute("INSERT INTO learner (uuid, name, kind, created_at) VALUES ('w', 'Вал', 'adult', '2027-01-01')")
    dst_dir.mkdir()
    for name in ("progress.sqlite3", "progress.sqlite3-wal"):
        shutil.copy(src_dir / name, dst_dir / name)
    db.close()


CRASH_ASIDE = """
import os, signal, sys
from pathlib import Path
from trainer.progress import files, open_store
left = int(sys.argv[2])
real = os.rename
def rename(a, b):
    global left
    if left == 0:
        os.kill(os.getpid(), signal.SIGKILL)
    left -= 1
    real(a, b)
files.os.rename = rename
open_store(Path(sys.argv[1]))
"""


@pytest.mark.parametrize("renames_before_crash", [0, 1])
def test_a_crash_while_setting_aside_never_separates_a_database_from_its_wal(tmp_path, renames_before_crash):
    src, data = tmp_path / "src", tmp_path / "data"
    src.mkdir()
    _wal_only_copy(src, data)
    path = data / "progress.sqlite3"
    r = subprocess.run([sys.executable, "-c", CRASH_ASIDE, str(path), str(renames_before_crash)], cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == -signal.SIGKILL
    s = open_store(path)  # the next start completes the move before anything else
    moved = [n.moved_to for n in s.notices if n.kind in ("newer", "damaged")]
    s.close()
    assert len(moved) == 1
    assert not (data / "progress.sqlite3-wal").exists() or (data / "progress.sqlite3").exists()
    old = sqlite3.connect(moved[0])
    assert old.execute("SELECT name FROM learner").fetchall() == [("Вал",)]  # the answers in the -wal came along
    old.close()


def test_set_aside_moves_the_main_file_before_its_wal(tmp_path, monkeypatch):
    from trainer.progress import files

    src, data = tmp_path / "src", tmp_path / "data"
    src.mkdir()
    _wal_only_copy(src, data)
    order = []
    real = os.rename
    monkeypatch.setattr(files.os, "rename", lambda a, b: (order.append(Path(a).name), real(a, b)))
    files.set_aside(data / "progress.sqlite3", "newer")
    assert order == ["progress.sqlite3", "progress.sqlite3-wal"]


def test_an_orphan_wal_is_never_replayed_into_a_new_database(tmp_path):
    src, data = tmp_path / "src", tmp_path / "data"
    src.mkdir()
    _wal_only_copy(src, data)
    (data / "progress.sqlite3").unlink()  # the database is gone, its journal is not
    s = open_store(data / "progress.sqlite3")
    assert s.learners() == [] and [n.kind for n in s.notices] == ["orphan"]
    assert s.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    s.close()
    assert list(data.glob("progress.sqlite3.orphan-*-wal"))


class _CommitFailsOnce(sqlite3.Connection):
    armed = False

    def execute(self, sql, *args):  # type: ignore[override]
        if sql == "COMMIT" and _CommitFailsOnce.armed:
            _CommitFailsOnce.armed = False
            raise _fake_error("database or disk is full", 13, "SQLITE_FULL")
        return super().execute(sql, *args)


def test_a_failed_commit_gives_the_write_lock_back(tmp_path, monkeypatch):
    """SQLite may keep a transaction open when COMMIT fails: roll it back, or this copy holds
    the write lock and refuses every later answer (and blocks every other copy)."""
    real_connect = sqlite3.connect
    monkeypatch.setattr(store_mod.sqlite3, "connect",
                        lambda *a, **k: real_connect(*a, factory=_CommitFailsOnce, **k))
    s = open_store(tmp_path / "progress.sqlite3")
    learner = s.create_learner("Ира")
    _CommitFailsOnce.armed = True
    with pytest.raises(sqlite3.OperationalError, match="full"):
        s.record_answer(learner.id, "drill", "lost", "fu", True, 1.0)
    assert not s.db.in_transaction
    s.record_answer(learner.id, "drill", "kept", "fu", True, 1.0)
    assert s.answer_count(learner.id) == 1
    s.close()


def test_random_kills_lose_no_acknowledged_answer(tmp_path):
    """SIGKILL at random moments, with one writer or two at once (the benchmark runs 120)."""
    import random

    from benchmarks.bench_reliability import kill_round

    rng = random.Random(5)
    acknowledged = 0
    for i in range(3):
        folder = tmp_path / f"k{i}"
        folder.mkdir()
        acked, lost, problem = kill_round(folder, rng, writers=1 + i % 2)
        assert lost == 0 and problem is None
        acknowledged += acked
    assert acknowledged > 0


def test_fuzzed_imports_settings_and_lessons_never_crash():
    """A bounded sample of the benchmark's fuzzing (it runs thousands of cases)."""
    import random

    from benchmarks.bench_reliability import fuzz_imports, fuzz_lessons, fuzz_settings

    rng = random.Random(7)
    imports = fuzz_imports(60, rng)
    assert imports["crashed"] == 0 and imports["changed_on_refusal"] == 0 and not imports["problems"]
    assert imports["refused"] > 30
    assert fuzz_settings(20, rng)["crashed"] == 0
    lessons = fuzz_lessons(40, rng)
    assert lessons["crashed"] == 0 and not lessons["problems"]


def test_a_set_aside_journal_without_a_moved_file_is_dropped_not_acted_on(tmp_path):
    """A crash right after the journal was written: nothing moved yet.  Meanwhile the file
    may have become healthy and in use; it is checked again, never moved on the old plan."""
    path = tmp_path / "progress.sqlite3"
    _healthy(path)
    (tmp_path / "progress.sqlite3.aside").write_text("progress.sqlite3.newer-20260101-000000\n")
    s = open_store(path)
    assert not s.notices and [lr.name for lr in s.learners()] == ["Анна"]
    s.close()
    assert not (tmp_path / "progress.sqlite3.aside").exists()
    assert not list(tmp_path.glob("*.newer-*"))
