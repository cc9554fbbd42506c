"""A progress file locked by another program (a database browser with unsaved edits) never loses an
answer, never freezes a frame for seconds and is told in the learner's words, not SQLite's."""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from trainer import i18n  # noqa: E402
from trainer.progress import open_store  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.settings import Settings  # noqa: E402

SQLITE_BUSY = 5


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("HOME", str(tmp_path))
    yield
    i18n.set_language("en")


def _learner(path: Path, kind: str = "adult", answers: int = 3) -> None:
    """A progress file with one learner (Russian) who answered ``answers`` times."""
    store = open_store(path)
    learner = store.create_learner("Вера", kind)
    store.update_learner(learner.id, settings={"language": "ru", "profile": "child" if kind == "child" else "rules"})
    for i in range(answers):
        store.record_answer(learner.id, "drill", f"waits:n=13:{i}", "waits", True, 3.0)
    store.close()


def _lock(path: Path, *, write: bool = False) -> sqlite3.Connection:
    """Another program's connection holding the file's write lock (and, with ``write``, a change not
    committed yet: in the rollback journal mode the file cannot even be read then)."""
    holder = sqlite3.connect(path, isolation_level=None, timeout=0)
    holder.execute("BEGIN EXCLUSIVE")
    if write:
        holder.execute("UPDATE learner SET daily_goal = daily_goal + 1")
    return holder


def _answers(path: Path) -> int:
    db = sqlite3.connect(path)
    try:
        return db.execute("SELECT count(*) FROM answer").fetchone()[0]
    finally:
        db.close()


def _frames(app: App, seconds: float) -> None:
    """Let ``seconds`` of app time pass, half a second a frame."""
    for _ in range(int(seconds / 0.5) + 1):
        app.process([], 0.5)
        app.render()


def _texts(app: App) -> str:
    return "\n".join(b.text for b in app.banners)


def test_a_lock_at_start_shows_the_progress_read_only_and_saving_comes_back_when_it_ends(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    _learner(path)
    holder = _lock(path)
    try:
        app = App(size=(1280, 720), settings=Settings(language="ru"), save=False)
        app.push("home")
        app.render()
        assert app.progress is not None and app.progress_read_only  # the learner sees their progress
        assert [x.name for x in app.active_learners()] == ["Вера"]
        assert app.progress.answer_count(app.learner_id) == 3
        text = _texts(app)
        assert "занят другой программой" in text and "сохранены, как только" in text
        assert "locked" not in text and "database" not in text
        app.record_answer("drill", "waits:n=13:99", "waits", True, 2.0)
        assert app.kept_writes() >= 1
        _frames(app, 4)
        assert app.progress_read_only  # still held: nothing written, nothing lost
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    _frames(app, 4)
    assert not app.progress_read_only and app.kept_writes() == 0
    assert "освободила файл" in _texts(app)
    app.close()
    assert _answers(path) == 4  # the answer given during the lock is in the file


def test_a_file_that_cannot_even_be_read_says_on_the_progress_screen_that_another_program_holds_it(
        tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    _learner(path)
    db = sqlite3.connect(path)
    db.execute("PRAGMA journal_mode = DELETE")  # the rollback journal: a write in progress blocks readers
    db.close()
    holder = _lock(path, write=True)
    try:
        app = App(size=(1024, 600), settings=Settings(language="ru"), save=False)
        app.push("home")
        screen = app.push("progress")
        assert app.progress is None and screen.data is None
        said = app.progress_off_text()
        assert said is not None and "занят другой программой" in said and "появится здесь" in said
        assert "не сохраняется на этом компьютере" not in said
        drawn: list[str] = []
        real = app.text_surface
        app.text_surface = lambda text, *a, **k: (drawn.append(text), real(text, *a, **k))[1]  # type: ignore
        app.render()
        assert "занят другой программой" in " ".join(drawn)  # the empty page says what happened
        assert "Прогресс не сохраняется на этом компьютере." not in drawn
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    app.text_surface = real  # type: ignore[method-assign]
    _frames(app, 4)
    assert app.progress is not None and [x.name for x in app.active_learners()] == ["Вера"]
    assert app.progress_off_text() is None
    app.close()


def test_a_lock_during_a_session_keeps_the_answer_without_freezing_and_speaks_to_a_child(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    _learner(path, kind="child")
    app = App(size=(1280, 720), settings=Settings(language="ru"), save=False)
    app.push("home")
    assert app.settings.profile == "child" and not app.progress_read_only
    holder = _lock(path)
    try:
        started = time.monotonic()
        app.record_answer("drill", "waits:n=13:50", "waits", True, 2.0)
        app.record_answer("drill", "waits:n=13:51", "waits", False, 2.0)
        assert time.monotonic() - started < 2.0  # SQLite alone waited 10 s on the first one
        assert app.kept_writes() == 2
        text = _texts(app)
        assert "твои ответы запомнятся" in text and "database is locked" not in text and "Ваш" not in text
        assert all(b.kind != "error" for b in app.banners)
        _frames(app, 4)
        assert app.kept_writes() == 2
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    _frames(app, 4)
    assert app.kept_writes() == 0 and "сохранено" in _texts(app)
    app.close()
    db = sqlite3.connect(path)
    rows = db.execute("SELECT item_id, correct FROM answer WHERE item_id LIKE 'waits:n=13:5%' ORDER BY id").fetchall()
    db.close()
    assert rows == [("waits:n=13:50", 1), ("waits:n=13:51", 0)]  # both kept, in order


def _sqlite_error(message: str, code: int) -> sqlite3.OperationalError:
    err = sqlite3.OperationalError(message)
    err.sqlite_errorcode = code
    return err


@pytest.mark.parametrize(("error", "words"), [
    (_sqlite_error("database or disk is full", 13), "диск заполнен"),
    (_sqlite_error("attempt to write a readonly database", 8), "только для чтения"),
    (_sqlite_error("disk I/O error", 10), "ввода-вывода"),
    (PermissionError(13, "Permission denied"), "только для чтения"),
    (TypeError("unsupported operand type(s) for +: 'int' and 'str'"), "непредвиденная ошибка"),
])
def test_a_save_that_fails_is_said_in_the_learners_words(tmp_path: Path, error: BaseException, words: str) -> None:
    _learner(tmp_path / "progress.sqlite3")
    app = App(size=(1280, 720), settings=Settings(language="ru"), save=False)
    try:
        app.push("home")

        def fail(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
            raise error

        app.progress.store.update_learner = fail  # a profile change (not kept for later)
        app.progress.store.record_answer = fail
        app.set_learner_data("probe", 1)
        text = _texts(app)
        assert words in text  # a passing cause keeps the change for later; a bug says it could not save
        assert ("Не удаётся сохранить прогресс" in text) == isinstance(error, TypeError)
        assert "database" not in text and "Errno" not in text and "attempt to write" not in text
    finally:
        app.close()
