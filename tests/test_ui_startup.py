"""No file can stop the app from starting: bad settings files, a profile whose settings are
not an object, a broken translation catalog, a progress file that cannot be used now."""

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
from trainer.progress import open_store  # noqa: E402
from trainer.progress import store as store_mod  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.settings import Settings  # noqa: E402


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    yield
    i18n.reload_catalogs(LOCALES_DIR)
    i18n.set_language("ru")


def _texts(app: App) -> str:
    return "\n".join(b.text for b in app.banners)


@pytest.mark.parametrize(
    "content",
    ['["ru", "en"]', '"ru"', "[" * 100_000 + "]" * 100_000, '{"a": ' * 50_000 + "1" + "}" * 50_000],
    ids=["list", "string", "deep-list", "deep-object"],
)
def test_a_settings_file_of_any_shape_does_not_stop_start_up(tmp_path, content):
    (tmp_path / "settings.json").write_text(content, encoding="utf-8")
    app = App(size=(1280, 720), progress=None, save=False)
    app.push("home")
    app.render()
    assert app.settings == Settings() and app.banners
    app.close()


def test_one_bad_setting_keeps_the_others(tmp_path):
    (tmp_path / "settings.json").write_text('{"language": "en", "tile_size": "enormous"}', encoding="utf-8")
    app = App(size=(1280, 720), progress=None, save=False)
    assert app.settings.language == "en" and app.settings.tile_size == "medium"
    assert "tile_size" in _texts(app)
    app.close()


@pytest.mark.parametrize("saved", [["ru"], "ru", 5, {"language": "xx", "term_mode": "full"}])
def test_a_learner_profile_with_bad_settings_does_not_stop_start_up(tmp_path, saved):
    store = open_store(tmp_path / "progress.sqlite3")
    learner = store.create_learner("Аня")
    store.db.execute("UPDATE learner SET settings = ? WHERE id = ?", (json.dumps(saved), learner.id))
    app = App(size=(1280, 720), settings=Settings(language="en"), progress=store, save=False)
    app.push("home")
    app.render()
    assert app.learner_id == learner.id
    if isinstance(saved, dict):
        assert app.settings.term_mode == "full"  # the good value is kept, the bad one dropped
    app.close()


def test_a_broken_russian_catalog_falls_back_to_english(tmp_path):
    locales = tmp_path / "locales"
    po = locales / "ru" / "LC_MESSAGES" / "trainer.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr ""\n\nmsgid "Lessons"\nmsgstr "Уроки"\nthis line is not a catalog\n',
                  encoding="utf-8")
    i18n.reload_catalogs(locales)
    app = App(size=(1280, 720), settings=Settings(language="ru"), progress=None, save=False)
    app.push("home")
    app.render()
    assert i18n._("Lessons") == "Lessons"
    assert "trainer.po:6" in _texts(app) and "English" in _texts(app)
    app.close()


def test_a_progress_file_that_cannot_be_used_is_left_alone_and_the_app_says_so(tmp_path, monkeypatch):
    path = tmp_path / "progress.sqlite3"
    s = open_store(path)
    s.create_learner("Анна")
    s.close()
    before = path.read_bytes()

    def locked(p):
        err = sqlite3.OperationalError("database is locked")
        err.sqlite_errorcode = 5
        raise err

    monkeypatch.setattr(store_mod, "_check", locked)
    app = App(size=(1280, 720), settings=Settings(language="en"), save=False)
    app.push("home")
    app.render()
    # review 24 (robustB24): shown read-only while another program holds it, the file untouched
    assert app.progress_read_only and [x.name for x in app.active_learners()] == ["Анна"]
    assert "Another program is using your progress file" in _texts(app)
    assert app.banners[-1].kind == "warn"
    app.close()
    assert path.read_bytes() == before and not list(tmp_path.glob("*.damaged-*"))
    monkeypatch.undo()
    s = open_store(path)
    assert [lr.name for lr in s.learners()] == ["Анна"]  # no silent new "Player" profile
    s.close()


def test_several_start_up_notices_share_one_banner(tmp_path, monkeypatch):
    (tmp_path / "settings.json").write_text('{"language": "en", "tile_size": "enormous"}', encoding="utf-8")

    def full(p):
        err = sqlite3.OperationalError("database or disk is full")
        err.sqlite_errorcode = 13
        raise err

    monkeypatch.setattr(store_mod, "_check", full)
    open_store(tmp_path / "progress.sqlite3").close()
    app = App(size=(1280, 720), save=False)
    (banner,) = app.banners
    assert banner.kind == "error" and "tile_size" in banner.text and "disk is full" in banner.text
    app.close()
