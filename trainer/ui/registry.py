"""The screen registry: which screen class answers to which name, and where it lives.

Screens register themselves with :func:`register_screen`; the app opens them with
``app.push(name)``.  A screen module is imported the first time one of its screens
is asked for, so the first frame does not wait for every screen.  Screens open each
other only through these names, never by importing one another.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, TypeVar

ScreenClass = TypeVar("ScreenClass", bound=type)

SCREENS: dict[str, Any] = {}
# Where each screen lives (others may add theirs here).
SCREEN_MODULES: dict[str, str] = {
    "home": "trainer.ui.screens.home",
    "first_run": "trainer.ui.screens.first_run",
    "kids_games": "trainer.ui.screens.home",
    "lesson_map": "trainer.ui.screens.lesson_map",
    "lesson": "trainer.ui.screens.lesson",
    "lesson_review": "trainer.ui.screens.lesson",
    "drills": "trainer.ui.screens.drill_menu",
    "drill_setup": "trainer.ui.screens.drill_menu",
    "nanikiru_setup": "trainer.ui.screens.drill_menu",
    "drill": "trainer.ui.screens.drills",
    "settings": "trainer.ui.screens.settings",
    "about": "trainer.ui.screens.about",
    "play": "trainer.ui.screens.play",
    "mcr_play": "trainer.ui.screens.play",
    "match_setup": "trainer.ui.screens.match_setup",
    "my_games": "trainer.ui.screens.my_games",
    "game_import": "trainer.ui.screens.game_import",
    "replay": "trainer.ui.screens.replay",
    "position_review": "trainer.ui.screens.position_review",
    "nanikiru": "trainer.ui.screens.position_review",
    "nanikiru_review": "trainer.ui.screens.position_review",
    "play_simple": "trainer.ui.screens.play_simple",
    "training_games": "trainer.ui.screens.training_games",
    "training_setup": "trainer.ui.screens.training_setup",
    "kunto_practice": "trainer.ui.screens.drills",
    "glossary": "trainer.ui.screens.glossary",
    "progress": "trainer.ui.screens.progress",
    "learners": "trainer.ui.screens.learners",
    "progress_import": "trainer.ui.screens.learners",
    "review": "trainer.ui.screens.drills",
}


def register_screen(name: str) -> Callable[[ScreenClass], ScreenClass]:
    """Class decorator: make a Screen subclass openable as ``app.push(name)``."""

    def deco(cls: ScreenClass) -> ScreenClass:
        cls.name = name  # type: ignore[attr-defined]
        SCREENS[name] = cls
        return cls

    return deco


def _import_screen_module(mod: str) -> bool:
    """Import a screen module; False when it is not installed (yet)."""
    try:
        importlib.import_module(mod)
    except ModuleNotFoundError as e:
        if e.name != mod:
            raise
        return False
    return True


def load_screen_modules() -> list[str]:
    """Import every module in :data:`SCREEN_MODULES`; returns the ones that are not there yet."""
    return [mod for mod in dict.fromkeys(SCREEN_MODULES.values()) if not _import_screen_module(mod)]


def has_screen(name: str) -> bool:
    """Whether a screen called ``name`` exists (importing its module if needed)."""
    if name not in SCREENS and name in SCREEN_MODULES:
        _import_screen_module(SCREEN_MODULES[name])
    return name in SCREENS
