"""The MCR drills' setup speaks the MCR lessons' words (rules review 23): «Четыре группы и пара», not
the riichi drills' «Четыре сета и пара», and the two rule readings named neutrally."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from pathlib import Path  # noqa: E402

from tests.ui_events import lesson_app  # noqa: E402
from trainer.ui.widgets import OptionRow  # noqa: E402


def test_the_mcr_setup_says_groups(tmp_path: Path) -> None:
    app = lesson_app(tmp_path, language="ru")
    try:
        screen = app.push("drill_setup", generator="mcr_fans")
        labels = [label for _k, w in screen.fields if isinstance(w, OptionRow) for _v, label in w.options]
        assert "Четыре группы и пара" in labels and "Четыре сета и пара" not in labels, labels
        riichi = app.push("drill_setup", generator="fu_count")
        assert all("групп" not in label for _k, w in riichi.fields if isinstance(w, OptionRow)
                   for _v, label in w.options)
    finally:
        app.close()
