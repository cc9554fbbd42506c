"""``python -m trainer`` / ``python -m trainer run``: start the desktop app."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from trainer.cli import use_lessons_dirs

SMALLEST_WINDOW = (1024, 600)
"""The smallest window the interface is made for (``trainer.ui.layout.MIN_SIZE``, which needs pygame)."""
LARGEST_WINDOW = (8192, 8192)
"""A window beyond this is no screen's: its surface alone would take gigabytes."""
NEEDS_MORE_THAN_A_NAME = frozenset({"lesson", "lesson_review", "drill", "drill_setup", "replay", "training_setup",
                                    "review"})
"""Screens that open only with what another screen gives them (a lesson, a drill, a game, a mode)."""


def window_size(text: str) -> tuple[int, int]:
    """``--size``: "WxH" in pixels, from :data:`SMALLEST_WINDOW` up to :data:`LARGEST_WINDOW`
    (argparse turns the ArgumentTypeError into one line naming the option)."""
    parts = text.strip().lower().split("x")
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise argparse.ArgumentTypeError(f"use WxH in pixels, e.g. 1280x720 (not {text!r})")
    width, height = int(parts[0]), int(parts[1])
    (min_w, min_h), (max_w, max_h) = SMALLEST_WINDOW, LARGEST_WINDOW
    if not (min_w <= width <= max_w and min_h <= height <= max_h):
        raise argparse.ArgumentTypeError(f"{width}x{height}: a window from {min_w}x{min_h} to {max_w}x{max_h}, "
                                         "e.g. 1280x720")
    return width, height


def lesson_folder(text: str) -> str:
    """``--lessons-dir``: a folder that is there (an ArgumentTypeError otherwise: the app would start
    without those lessons, and only the lesson map would say why)."""
    folder = Path(text).expanduser()
    if folder.is_dir():
        return text
    raise argparse.ArgumentTypeError(f"{text}: " + ("not a folder" if folder.exists() else "no such folder"))


def start_screens() -> list[str]:
    """The screens ``--screen`` may open: every registered screen that opens by its name alone."""
    from trainer.ui.registry import SCREEN_MODULES

    return [name for name in SCREEN_MODULES if name not in NEEDS_MORE_THAN_A_NAME]


def screen_name(text: str) -> str:
    """``--screen``: one of :func:`start_screens`, else an ArgumentTypeError listing them."""
    allowed = start_screens()
    if text in allowed:
        return text
    why = "opens only from another screen" if text in NEEDS_MORE_THAN_A_NAME else "is no screen"
    raise argparse.ArgumentTypeError(f"{text!r} {why}; use one of {', '.join(allowed)}")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of the run command."""
    parser.add_argument("--size", default=(1280, 720), type=window_size, metavar="WxH",
                        help="initial window size WxH (default 1280x720, at least "
                             f"{SMALLEST_WINDOW[0]}x{SMALLEST_WINDOW[1]})")
    parser.add_argument("--lang", default=None, choices=("ru", "en"), help="interface language for this run")
    parser.add_argument("--screen", default="home", type=screen_name,
                        help="screen to open first (home, lesson_map, drills, ...)")
    parser.add_argument("--lessons-dir", action="append", default=[], metavar="DIR", type=lesson_folder,
                        help="also read the lessons in DIR, a folder that is there (repeatable; or set "
                             "TRAINER_LESSONS_DIRS)")
    parser.add_argument("--first-frame", action="store_true",
                        help="draw the first frame, print FIRST_FRAME and exit (smoke tests, start-up benchmarks)")


def run(args: argparse.Namespace) -> int:
    """Open the window and run until it is closed."""
    import os

    use_lessons_dirs(args)
    # The X11 window class (what desktops and `xdotool search --classname` match) instead of
    # "__main__.py"; SDL reads it when pygame is first imported, so it is set before that.
    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "mahjong-trainer")
    from trainer.ui.app import ensure_video_driver

    ensure_video_driver()
    from trainer.ui.app import App

    size = getattr(args, "size", None) or (1280, 720)
    app = App(size=window_size(size) if isinstance(size, str) else tuple(size), catch_errors=True)
    lang = getattr(args, "lang", None)
    if lang:
        app.settings = app.settings.with_(language=lang)
        from trainer import i18n

        i18n.set_language(lang)
    app.start_background_loading()
    open_start_screens(app, getattr(args, "screen", "home") or "home")
    if getattr(args, "first_frame", False):
        import pygame

        app.process([], 0.0)
        app.render()
        pygame.display.flip()
        print(f"FIRST_FRAME {app.screen.name} {app.layout.width}x{app.layout.height}", flush=True)
        app.close()
        return 0
    return app.run()


def open_start_screens(app: Any, first: str = "home") -> None:
    """The screens a start opens: home at the bottom; on a fresh start (a learner who has not
    answered the first-run question and done nothing yet) the welcome question "who is going to
    learn?" instead, which opens the home that fits the answer; with several learners, "who is
    learning today?" over home; then ``first`` (``--screen``) on top when it is not home."""
    if app.needs_first_run() and len(app.active_learners()) <= 1:
        app.push("first_run")
    else:
        app.push("home")
        if app.progress is not None and len(app.progress.learners()) > 1:
            app.push("learners", at_start=True)  # several people learn here: who is it today?
    if first != "home":
        app.push(first)
