"""``python -m trainer`` / ``python -m trainer run``: start the desktop app."""

from __future__ import annotations

import argparse
from typing import Any

from trainer.cli import add_lessons_dir_option, use_lessons_dirs


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of the run command."""
    parser.add_argument("--size", default="1280x720", help="initial window size WxH (default 1280x720)")
    parser.add_argument("--lang", default=None, choices=("ru", "en"), help="interface language for this run")
    parser.add_argument("--screen", default="home", help="screen to open first (home, lesson_map, drills, ...)")
    add_lessons_dir_option(parser)
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

    size = getattr(args, "size", "1280x720") or "1280x720"
    w, h = (int(x) for x in size.lower().split("x"))
    app = App(size=(w, h), catch_errors=True)
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
