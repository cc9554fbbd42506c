"""Review 24 (big screens), finding 3: F11 makes the window a borderless full screen at the
desktop's size with the layout built for that size, F11 again brings the window back at its size,
and where the system refuses, one line says so: never a traceback (``App.process`` raised
«That operation is not supported» headless before)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui_events import frame, headless_app, key  # noqa: E402
from trainer.i18n import set_language  # noqa: E402
from trainer.ui.app import App  # noqa: E402


@pytest.fixture(params=["ru", "en"])
def app(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """An adult's app at 1280x720, in Russian and in English (errors are let through, as in tests)."""
    with headless_app(tmp_path, monkeypatch, language=request.param, progress="open", profile="rules") as a:
        yield a
    set_language("en")


def f11(app: App) -> None:
    """Press F11."""
    key(app, pygame.K_F11)


def test_f11_fills_the_desktop_with_the_layout_for_it_and_comes_back(app: App) -> None:
    desktop = pygame.display.get_desktop_sizes()[0]
    f11(app)
    assert pygame.display.is_fullscreen()
    assert app.surface.get_size() == desktop == (app.layout.width, app.layout.height)
    assert app.screen._built_for == app.layout_key()  # the screen on top laid out for that size
    f11(app)
    assert not pygame.display.is_fullscreen()
    assert app.surface.get_size() == (1280, 720) == (app.layout.width, app.layout.height)


def test_f11_keeps_the_number_typed_in_a_drill(app: App) -> None:
    screen = app.push("drill", generator="shanten", params={}, n=2, seed=3)
    frame(app)
    key(app, pygame.K_1, "1")
    f11(app)
    assert screen.view.fields[0][1].text == "1"
    f11(app)
    assert screen.view.fields[0][1].text == "1"


def test_a_refused_full_screen_is_one_line_and_the_window_stays(app: App,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_args: Any, **_kw: Any) -> None:
        raise pygame.error("That operation is not supported")

    monkeypatch.setattr(pygame.display, "set_mode", refuse)
    f11(app)  # no exception
    assert app.surface.get_size() == (1280, 720) == (app.layout.width, app.layout.height)
    assert app.windowed_size is None
    said = [b.text for b in app.banners]
    assert len(said) == 1 and "\n" not in said[0] and "operation" not in said[0]
    frame(app)


def test_a_refused_resize_is_said_not_raised(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_args: Any, **_kw: Any) -> None:
        raise pygame.error("No video mode large enough")

    monkeypatch.setattr(pygame.display, "set_mode", refuse)
    app.resize(1920, 1080)
    assert (app.layout.width, app.layout.height) == (1280, 720)
    assert len(app.banners) == 1
