"""Fixtures shared by several test modules."""

from __future__ import annotations

import pytest

from trainer.progress import open_store


@pytest.fixture
def store(tmp_path):
    """A fresh progress database in the test's own folder, closed afterwards."""
    s = open_store(tmp_path / "progress.sqlite3")
    yield s
    s.close()


@pytest.fixture
def ru():  # noqa: ANN201
    """The UI language set to Russian for one test (English again afterwards)."""
    from trainer.i18n import set_language

    set_language("ru")
    yield
    set_language("en")


@pytest.fixture
def en():  # noqa: ANN201
    """The UI language set to English for one test."""
    from trainer.i18n import set_language

    set_language("en")
    yield


@pytest.fixture(params=["en", "ru"])
def lang_app(request, tmp_path, monkeypatch):
    """A headless app on the home screen, once in English and once in Russian (the language is
    set back to English afterwards)."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from tests.ui_events import headless_app
    from trainer.i18n import set_language

    with headless_app(tmp_path, monkeypatch, language=request.param) as a:
        yield a
    set_language("en")


@pytest.fixture
def app(lang_app):
    """The app in each language (:func:`lang_app`), for the wording tests that check both; a test
    module with an ``app`` fixture of its own uses that one."""
    return lang_app


@pytest.fixture
def progress_app(tmp_path, monkeypatch):
    """A headless English app on the home screen with its own progress store (the review-card
    tests: mistakes recorded, cards due, answers graded), closed afterwards."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from tests.table_driver import open_app

    a = open_app(tmp_path, monkeypatch, with_progress=True)
    yield a
    a.close()


_SHIPPED_LIBRARY: dict[str, object] = {}


@pytest.fixture(autouse=True)
def _shipped_lessons_loaded_once(monkeypatch, request):
    """UI tests open many apps, and each used to load and check the 94 shipped lessons again (about
    a second each): an app that reads only the shipped lessons gets a copy of one library loaded
    once per test process (its own dicts, so a test that adds a lesson changes only its copy).
    Apps with a teacher's folder, and tests that do not use the app, are untouched."""
    if "trainer.ui.app" not in __import__("sys").modules:
        yield
        return
    import dataclasses

    from trainer import paths
    from trainer.ui.app import App

    real = App._load_library

    def load(self):  # noqa: ANN001, ANN202
        if self.lessons_dir is not None or paths.extra_lesson_dirs():
            return real(self)
        lib = _SHIPPED_LIBRARY.get("lib")
        if lib is None:
            lib = _SHIPPED_LIBRARY["lib"] = real(self)
        return dataclasses.replace(lib, lessons=dict(lib.lessons), problems=list(lib.problems), files=dict(lib.files))

    monkeypatch.setattr(App, "_load_library", load)
    yield
