"""Command-line commands; one module per command (see ``trainer.__main__``)."""

from __future__ import annotations

import argparse


def add_lessons_dir_option(parser: argparse.ArgumentParser) -> None:
    """The ``--lessons-dir DIR`` option: a teacher's own lesson folder, read beside the shipped lessons."""
    parser.add_argument("--lessons-dir", action="append", default=[], metavar="DIR",
                        help="also read the lessons in DIR (repeatable; or set TRAINER_LESSONS_DIRS)")


def use_lessons_dirs(args: argparse.Namespace) -> None:
    """Register the ``--lessons-dir`` folders of this run (see :func:`trainer.paths.add_lesson_dirs`)."""
    folders = getattr(args, "lessons_dir", None) or []
    if folders:
        from trainer.paths import add_lesson_dirs

        add_lesson_dirs(folders)
