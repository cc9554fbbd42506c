"""Driving the app headless in UI tests: one place for the synthetic key presses and clicks, and for
opening an app on a throw-away data folder, so every screen test talks to the app the same way."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from trainer.ui.app import App  # noqa: E402
from trainer.ui.settings import Settings  # noqa: E402


def key(app: App, k: int, unicode: str = "", mod: int = 0, render: bool = True) -> None:
    """Press one key, as a learner would, then draw the frame that follows."""
    app.process([pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode)], 1 / 60)
    if render:
        app.render()


def click(app: App, pos: tuple[int, int], render: bool = True) -> None:
    """Click the left mouse button at ``pos``, then draw the frame that follows."""
    app.process([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], 1 / 60)
    if render:
        app.render()


def frame(app: App) -> pygame.Surface:
    """Let a second pass (animations settle) and return the drawn screen."""
    app.process([], 1.0)
    return app.render()


@contextmanager
def headless_app(tmp_path: Path, monkeypatch: Any = None, *, lessons: Any = None, progress: Any = None,
                 size: tuple[int, int] = (1280, 720), **settings: Any) -> Iterator[App]:
    """An app on the home screen whose learner data lives in ``tmp_path`` (English unless told).

    ``lessons`` is a LessonLibrary to show instead of the shipped one; ``progress`` is a store, the
    string "open" for the default store in the data folder, or None for no progress at all."""
    if monkeypatch is not None:
        monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    settings.setdefault("language", "en")
    app = App(size=size, settings=Settings(**settings), progress=progress, save=False)
    if lessons is not None:
        app.set_library(lessons)
    app.push("home")
    try:
        yield app
    finally:
        app.close()


def lesson_app(tmp_path: Path, *, language: str = "en", size: tuple[int, int] = (1280, 720), **settings: Any) -> App:
    """An app on the home screen with no progress store, its data in ``tmp_path`` (the shipped
    lessons come from the test session's one loaded copy, see conftest); the caller closes it."""
    os.environ["TRAINER_DATA_DIR"] = str(tmp_path)
    app = App(size=size, settings=Settings(language=language, **settings), progress=None, save=False)
    app.push("home")
    return app


def open_lesson_step(app: App, lesson_id: str, step_id: str) -> Any:
    """Open the step ``step_id`` of a lesson of the app's library, settled and drawn; the screen."""
    lesson = app.library().lessons[lesson_id]
    index = next(i for i, s in enumerate(lesson.steps) if s.id == step_id)
    app.push("lesson", lesson_id=lesson_id, step=index)
    app.process([], 1 / 60)
    app.process([], 1.0)
    app.render()
    return app.stack[-1]
