"""Command line entry: ``python -m trainer [COMMAND ...]``.

With no command the desktop app starts.  Each command lives in its own module
``trainer/cli/<name>.py`` that defines ``add_arguments(parser)`` and
``run(args) -> int``; they are imported only when used, so ``analyze`` never
loads pygame.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

COMMANDS: dict[str, str] = {
    "analyze": "Analyse hands: shanten, waits with their shapes, best discards with ukeire",
    "score": "Score a winning hand: yaku, itemised fu, han, points and payments",
    "simulate": "Play bot-only matches and report placements and rates",
    "lessons": "Check lesson files against the schema, the glossary and the engine",
    "progress": "Export or import a learner's progress as JSON",
    "log": "Convert game logs between our format and tenhou.net/6 JSON",
    "review": "Review a saved game (ours or tenhou.net/6): each discard of one seat against the best by ukeire and safety",
    "shots": "Render every screen of the app to PNG files without a display",
    "run": "Start the desktop app (the default)",
}


def _load(name: str):
    return importlib.import_module(f"trainer.cli.{name}")


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run one command; returns the exit status.  A missing data folder
    or library (a broken or missing install) is said in one line, not a traceback."""
    try:
        return _run(sys.argv[1:] if argv is None else argv)
    except ModuleNotFoundError as e:
        if not e.name or e.name.split(".")[0] == "trainer":
            raise
        print(f"riichi-trainer: the library '{e.name}' is not installed for {sys.executable}; "
              "install the trainer with `python3 dev.py run` (or `pip install .`)", file=sys.stderr)
        return 2
    except RuntimeError as e:
        if type(e).__name__ != "DataFoldersMissing":  # raised while trainer.paths is imported
            raise
        print(f"riichi-trainer: {e}", file=sys.stderr)
        return 2


def _run(argv: list[str]) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # a user's terminal is not pygame's advert
    from trainer import __version__

    parser = argparse.ArgumentParser(prog="python -m trainer", description="Riichi mahjong trainer")
    parser.add_argument("--version", action="version", version=f"riichi-trainer {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    available = {}
    for name, help_text in COMMANDS.items():
        try:
            module = _load(name) if argv[:1] == [name] or argv[:1] in (["-h"], ["--help"]) else None
        except ModuleNotFoundError as e:
            if e.name != f"trainer.cli.{name}":
                raise
            continue
        p = sub.add_parser(name, help=help_text, description=help_text)
        if module is not None:
            module.add_arguments(p)
            available[name] = module
    args = parser.parse_args(argv or ["run"])
    module = available.get(args.command) or _load(args.command)
    return int(module.run(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
