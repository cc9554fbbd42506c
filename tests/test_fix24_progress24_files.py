"""The progress file itself (review 24, findings 4, 5 and 13): a read-only file in a writable folder
is shown read-only with the file named and no stray ``-wal``/``-shm``; a file that cannot be read
at all is not called read-only; a file from a newer trainer is said to be one (update the trainer)
and stays pointed to from the progress screen at every later start; an empty file is damage, not a
silent new start."""

from __future__ import annotations

import json
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from tests.test_fix24_progress24_schema import damage, used_store  # noqa: E402
from trainer import i18n  # noqa: E402
from trainer.progress import StoreUnavailable, open_store  # noqa: E402
from trainer.progress import files as files_mod  # noqa: E402
from trainer.ui.app import App, store_notice_text  # noqa: E402


@pytest.fixture(autouse=True)
def _english():  # noqa: ANN202
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def _deny(monkeypatch: pytest.MonkeyPatch, path: Path, mode: int) -> None:
    """What a file owned by another user with fewer rights looks like, for any user (root too)."""
    real = os.access

    def access(p, m, *args, **kwargs):  # noqa: ANN001, ANN202
        if Path(p) == path and m & mode:
            return False
        return real(p, m, *args, **kwargs)

    monkeypatch.setattr(files_mod.os, "access", access)


def _app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str = "en") -> App:
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    (tmp_path / "settings.json").write_text(json.dumps({"language": language, "profile": "rules"}), encoding="utf-8")
    return App(size=(1280, 720), save=False, catch_errors=True)


def test_a_read_only_file_opens_read_only_with_the_file_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "progress.sqlite3"
    used_store(path)
    _deny(monkeypatch, path, os.W_OK)
    with pytest.raises(StoreUnavailable) as info:
        open_store(path)
    assert info.value.kind == "read-only" and info.value.cause() == "file" and info.value.may_be_read()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["progress.sqlite3"]  # no -wal, no -shm made
    app = _app(tmp_path, monkeypatch, "ru")
    try:
        assert app.progress_read_only and len(app.active_learners()) == 2
        text = "\n".join(b.text for b in app.banners)
        assert f"Файл {path} открыт только для чтения" in text
        assert "attempt to write" not in text
    finally:
        app.close()
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(("-wal", "-shm"))]


def test_a_file_that_cannot_be_read_is_not_called_read_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "progress.sqlite3"
    used_store(path)
    _deny(monkeypatch, path, os.R_OK | os.W_OK)
    with pytest.raises(StoreUnavailable) as info:
        open_store(path)
    problem = info.value
    assert problem.cause() == "unreadable" and not problem.may_be_read()
    i18n.set_language("ru")
    assert problem.translated() == (f"У приложения нет прав на чтение файла {path}, поэтому оно не может ни "
                                    "показать, ни сохранить прогресс.")
    assert "только для чтения" not in problem.translated()
    assert path.exists() and not list(tmp_path.glob("*.damaged-*"))


def test_a_newer_file_is_said_to_be_newer_and_stays_pointed_to(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "progress.sqlite3"
    used_store(path)
    damage(path, "PRAGMA user_version = 99;")
    app = _app(tmp_path, monkeypatch)
    try:
        (notice,) = app.progress.notices
        assert notice.kind == "newer"
        text = "\n".join(b.text for b in app.banners)
        assert "made by a newer version of the trainer" in text and "updated" in text
        assert str(notice.moved_to) in text and "could not be read" not in text
    finally:
        app.close()
    later = _app(tmp_path, monkeypatch)  # a later start: no banner any more, but the progress screen says it
    try:
        assert not any("newer" in b.text for b in later.banners)
        later.push("progress")
        later.process([], 0.5)
        later.render()
        screen = later.screen
        assert screen.data.newer == [notice.moved_to] and screen.waiting_rect is not None
        from trainer.ui.screens.progress import notes_text

        assert str(notice.moved_to) in notes_text(screen.data) and "update the trainer" in notes_text(screen.data)
        assert screen.waiting_rect.bottom < screen.mastery_rect.top  # a line of its own, over nothing
    finally:
        later.close()


def test_the_newer_notice_in_russian(tmp_path: Path) -> None:
    from trainer.progress.store import StoreNotice

    i18n.set_language("ru")
    text = store_notice_text(StoreNotice("newer", tmp_path / "p.newer-1", "schema 99"))
    assert text.startswith("Файл прогресса записан более новой версией тренажёра") and "нужно обновить" in text
    assert str(tmp_path / "p.newer-1") in text


def test_an_old_empty_file_is_damage_not_a_silent_new_start(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    path.write_bytes(b"")
    os.utime(path, (1, 1))  # made long ago
    store = open_store(path)
    try:
        (notice,) = store.notices
        assert notice.kind == "damaged" and [p.what for p in notice.problems] == ["empty"]
        assert notice.moved_to.exists() and notice.moved_to.stat().st_size == 0
        assert "the file is empty" in store_notice_text(notice)
    finally:
        store.close()


def test_an_empty_file_just_made_by_a_copy_starting_now_is_left_to_it(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    path.write_bytes(b"")  # made this moment: another copy of the app is creating the database
    store = open_store(path)
    assert store.notices == () and not list(tmp_path.glob("*.damaged-*"))
    store.close()


def test_a_repaired_file_is_told_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    used_store(path)
    damage(path, "DROP TABLE daily;")
    store = open_store(path)
    (notice,) = store.notices
    store.close()
    i18n.set_language("ru")
    text = store_notice_text(notice)
    assert text == (f"В файле прогресса {path} не хватало части данных: раздел «итоги по дням» пришлось восстановить по ответам. "
                    "Всё остальное не изменилось.")
