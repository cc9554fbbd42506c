"""A progress file in a folder the app cannot write (a read-only folder: SQLite cannot make its
``-wal``): the learner is told why in their language, naming the folder, and still sees and can
export the progress, while nothing is written; a settings file with values of the wrong type is
explained in the learner's language, field by field."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from trainer import i18n  # noqa: E402
from trainer.paths import LOCALES_DIR  # noqa: E402
from trainer.progress import StoreUnavailable, open_store  # noqa: E402
from trainer.progress import files as files_mod  # noqa: E402
from trainer.progress import store as store_mod  # noqa: E402
from trainer.ui import folders  # noqa: E402
from trainer.ui.app import App, ProgressReadOnlyError  # noqa: E402
from trainer.ui.settings import Settings, load_settings, settings_from_dict  # noqa: E402


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    yield
    i18n.reload_catalogs(LOCALES_DIR)
    i18n.set_language("ru")


def _texts(app: App) -> str:
    return "\n".join(b.text for b in app.banners)


def _learner_with_answers(path: Path, name: str = "Анна", answers: int = 3) -> None:
    s = open_store(path)
    lr = s.create_learner(name)
    for i in range(answers):
        s.record_answer(lr.id, "drill", f"item{i}", "shanten", i != 1, 4.0)
    s.close()


def _read_only_folder(monkeypatch: pytest.MonkeyPatch, folder: Path, code: int | None = 14) -> None:
    """What a read-only folder does, on any system and as any user: SQLite cannot open the file
    for writing (it must make ``-wal`` beside it) and the folder is not writable."""

    def cannot_open(path):
        err = sqlite3.OperationalError("unable to open database file")
        if code is not None:
            err.sqlite_errorcode = code
        raise err

    real_access = os.access

    def access(path, mode, *args, **kwargs):
        if Path(path) == folder and mode & os.W_OK:
            return False
        return real_access(path, mode, *args, **kwargs)

    monkeypatch.setattr(store_mod, "_connect", cannot_open)
    monkeypatch.setattr(files_mod.os, "access", access)


@pytest.mark.parametrize("code", [14, None], ids=["with-code", "no-code"])
def test_the_reason_names_the_read_only_folder_in_the_learners_language(tmp_path, monkeypatch, code):
    path = tmp_path / "progress.sqlite3"
    _learner_with_answers(path)
    _read_only_folder(monkeypatch, tmp_path, code)
    with pytest.raises(StoreUnavailable) as info:
        open_store(path)
    problem = info.value
    assert "left untouched" in str(problem)  # the English line for logs stays
    i18n.set_language("ru")
    text = problem.translated()
    assert text.startswith("Папка ") and str(tmp_path) in text and "только для чтения" in text
    assert "unable to open" not in text
    i18n.set_language("en")
    assert problem.translated().startswith(f"The folder {tmp_path} is read-only")
    assert problem.may_be_read()


def test_a_known_reason_without_a_writable_cause_is_translated(tmp_path):
    i18n.set_language("ru")
    err = sqlite3.OperationalError("database or disk is full")
    err.sqlite_errorcode = 13
    problem = StoreUnavailable(tmp_path / "progress.sqlite3", files_mod.reason(err))
    assert problem.kind == "full"
    assert problem.translated() == f"{tmp_path / 'progress.sqlite3'}: диск заполнен"


def test_a_read_only_folder_shows_the_progress_read_only_and_says_why_in_russian(tmp_path, monkeypatch):
    path = tmp_path / "progress.sqlite3"
    _learner_with_answers(path)
    before = path.read_bytes()
    _read_only_folder(monkeypatch, tmp_path)
    app = App(size=(1280, 720), settings=Settings(language="ru"), save=False)
    try:
        assert app.progress is not None and app.progress_read_only
        (learner,) = app.active_learners()
        assert learner.name == "Анна" and app.learner_id == learner.id
        assert app.progress.answer_count(learner.id) == 3
        text = _texts(app)
        assert "можно только читать" in text and "экспортировать" in text
        assert f"Папка {tmp_path} открыта только для чтения" in text
        assert "unable to open" not in text and "the file" not in text
        assert app.banners[-1].kind == "error"
        # learning goes on; nothing is written, and nothing fails
        app.record_answer("drill", "more", "shanten", True, 2.0)
        app.set_learner_data("some_key", 1)
        app.save_learner_settings()
        assert app.progress.answer_count(learner.id) == 3
        for name in ("home", "progress"):
            app.push(name)
            app.process([], 0.1)
            app.render()
        screen = app.screen
        assert screen.data is not None  # the progress screen shows the learner's figures
        docs = tmp_path.parent / (tmp_path.name + "-docs")
        monkeypatch.setattr(folders, "export_folder", lambda: docs)
        screen.export()
        (exported,) = docs.glob("*.json")
        data = json.loads(exported.read_text(encoding="utf-8"))
        assert len(json.dumps(data)) > 100 and "Анна" in json.dumps(data, ensure_ascii=False)
        assert "Прогресс сохранён" in _texts(app) or str(exported) in _texts(app)
    finally:
        app.close()
    assert path.read_bytes() == before
    assert not list(tmp_path.glob("*.damaged-*"))


def test_changes_the_learner_asks_for_are_refused_in_their_language(tmp_path, monkeypatch):
    path = tmp_path / "progress.sqlite3"
    _learner_with_answers(path)
    _read_only_folder(monkeypatch, tmp_path)
    app = App(size=(1280, 720), settings=Settings(language="ru"), save=False)
    try:
        store = app.progress
        with pytest.raises(ProgressReadOnlyError, match="можно только читать"):
            store.create_learner("Маша")
        with pytest.raises(ProgressReadOnlyError):
            store.update_learner(app.learner_id, name="Маша")
        with pytest.raises(ProgressReadOnlyError):
            store.import_file(tmp_path / "x.json")
        with pytest.raises(ProgressReadOnlyError):
            store.erase_learner(app.learner_id)
        assert store.update_learner(app.learner_id, settings={"a": 1}).name == "Анна"  # skipped quietly
        assert store.add_card(app.learner_id, "c1", "shanten") is False
        assert not app.push("progress").import_btn.enabled  # no import that cannot be written
        app.pop()
        screen = app.push("learners")  # the learners screen offers no change it cannot save
        app.render()
        assert all(not b.enabled for pair in screen.card_buttons for b in pair)
        screen._on_name("Маша")
        assert not screen.add_btn.enabled
    finally:
        app.close()


def test_a_read_only_folder_without_learners_goes_on_without_progress_and_says_why(tmp_path, monkeypatch):
    path = tmp_path / "progress.sqlite3"
    open_store(path).close()
    _read_only_folder(monkeypatch, tmp_path)
    app = App(size=(1280, 720), settings=Settings(language="ru"), save=False)
    try:
        assert app.progress is None and not app.progress_read_only
        text = _texts(app)
        assert "оставлен как есть" in text and f"Папка {tmp_path} открыта только для чтения" in text
        assert "unable to open" not in text
    finally:
        app.close()


def test_a_lock_held_by_another_program_is_not_read_behind_its_back(tmp_path, monkeypatch):
    path = tmp_path / "progress.sqlite3"
    _learner_with_answers(path)

    def locked(p):
        err = sqlite3.OperationalError("database is locked")
        err.sqlite_errorcode = 5
        raise err

    monkeypatch.setattr(store_mod, "_check", locked)
    app = App(size=(1280, 720), settings=Settings(language="ru"), save=False)
    try:
        # review 24 (robustB24): the file is shown read-only (never written behind the lock), the
        # learner's answers wait in memory, and the app tries again until the lock ends
        assert app.progress_read_only and [x.name for x in app.active_learners()] == ["Анна"]
        assert "занят другой программой" in _texts(app)
    finally:
        app.close()


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root ignores folder permissions")
def test_a_real_read_only_folder(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    path = folder / "progress.sqlite3"
    _learner_with_answers(path)
    before = path.read_bytes()
    os.chmod(folder, 0o555)
    try:
        os.environ["TRAINER_DATA_DIR"] = str(folder)
        app = App(size=(1280, 720), settings=Settings(language="ru"), save=False)
        try:
            assert app.progress_read_only and [x.name for x in app.active_learners()] == ["Анна"]
            assert f"Папка {folder} открыта только для чтения" in _texts(app)
            app.record_answer("drill", "more", "shanten", True, 2.0)
            app.push("progress")
            app.render()
        finally:
            app.close()
        assert path.read_bytes() == before
    finally:
        os.chmod(folder, 0o755)


# ---------------------------------------------------------------- settings


def test_values_of_the_wrong_type_are_explained_in_russian(tmp_path):
    (tmp_path / "settings.json").write_text('{"language": "ru", "tile_size": 3, "sound": "yes"}', encoding="utf-8")
    app = App(size=(1280, 720), save=False)
    try:
        text = _texts(app)
        assert "Некоторые настройки не подошли" in text
        assert "Размер плиток (tile_size): значение 3 не подходит, нужно одно из: small, medium, large" in text
        assert "Звук (sound): нужно true или false, а в файле — текст в кавычках" in text
        assert "expected" not in text and "is not one of" not in text
        assert str(tmp_path / "settings.json") in text
    finally:
        app.close()


def test_the_settings_notice_is_in_the_language_the_file_chose(tmp_path):
    (tmp_path / "settings.json").write_text('{"language": "en", "daily_reviews": -5}', encoding="utf-8")
    app = App(size=(1280, 720), save=False)
    try:
        text = _texts(app)
        assert text.startswith("Some settings could not be used")
        assert "Reviews a day (daily_reviews): must be between 0 and 200" in text
    finally:
        app.close()


def test_problems_stay_english_in_the_load_result_and_translate_on_demand(tmp_path):
    (tmp_path / "settings.json").write_text('{"last_step": -1, "profile": "pro"}', encoding="utf-8")
    res = load_settings()
    assert res.problem is not None and "last_step: must not be negative" in res.problem
    i18n.set_language("ru")
    shown = res.translated_problem()
    assert "last_step: не может быть меньше нуля" in shown
    assert 'profile: значение "pro" не подходит' in shown


def test_a_damaged_settings_file_is_explained_in_russian(tmp_path):
    (tmp_path / "settings.json").write_text("{not json", encoding="utf-8")
    app = App(size=(1280, 720), save=False)
    try:
        text = _texts(app)
        assert "строка 1, позиция 2: текст не является правильным JSON" in text
    finally:
        app.close()


def test_a_learners_saved_settings_with_a_bad_value_are_explained_in_russian(tmp_path):
    s = open_store(tmp_path / "progress.sqlite3")
    lr = s.create_learner("Анна")
    s.update_learner(lr.id, settings={"tile_size": "huge", "sound": 1})
    s.close()
    app = App(size=(1280, 720), settings=Settings(language="ru"), save=False)
    try:
        text = _texts(app)
        assert 'Размер плиток (tile_size): значение "huge" не подходит' in text
        assert "Звук (sound): нужно true или false, а в файле — целое число" in text
    finally:
        app.close()
    _settings, bad = settings_from_dict(["ru"])
    i18n.set_language("ru")
    assert [b.translated() for b in bad] == ["вместо объекта с настройками записано: список"]
