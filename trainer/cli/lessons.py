"""``python -m trainer lessons``: check lesson files, list the drill generators, export the schema.

    python -m trainer lessons check [PATH ...]   every shipped lesson (and --lessons-dir DIR) when no path is given
    python -m trainer lessons generators         generator names, skills and parameters
    python -m trainer lessons schema             the lesson JSON Schema (for editors)

``check`` prints each problem as ``file:line:col: message`` and exits 1 if there
is any; otherwise it prints one summary line and exits 0.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from trainer.cli import add_lessons_dir_option, use_lessons_dirs


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Register the ``lessons`` sub-commands."""
    sub = parser.add_subparsers(dest="action", metavar="ACTION")
    check = sub.add_parser("check", help="validate lesson files (default: the shipped lessons and any --lessons-dir)")
    check.add_argument("paths", nargs="*", help="lesson files or folders")
    check.add_argument("--style", action="store_true", help="also print the authoring-guideline notes (curriculum §1.2)")
    check.add_argument("--strict", action="store_true", help="count the guideline notes as problems")
    add_lessons_dir_option(check)
    sub.add_parser("generators", help="list the exercise generators and their parameters")
    sub.add_parser("schema", help="print the lesson JSON Schema")


def run(args: argparse.Namespace) -> int:
    """Run the chosen action; returns the exit status."""
    action = getattr(args, "action", None) or "check"
    use_lessons_dirs(args)
    if action == "schema":
        from trainer.lessons.model import Lesson

        print(json.dumps(Lesson.model_json_schema(), ensure_ascii=False, indent=1))
        return 0
    if action == "generators":
        return _generators()
    try:
        return _check(getattr(args, "paths", None) or [], style=getattr(args, "style", False),
                      strict=getattr(args, "strict", False))
    except BrokenPipeError:  # `lessons check | head`: the reader has gone; stop quietly
        _quiet_stdout()
        return 1


def _check(paths: list[str], *, style: bool = False, strict: bool = False) -> int:
    from trainer.lessons.check import check_paths, human_line
    from trainer.paths import lesson_dirs

    start = time.perf_counter()
    targets = paths or [str(d) for d in lesson_dirs()]
    good, problems, files = check_paths(targets, style=style or strict)
    notes = [p for p in problems if p.message.startswith("style: ")]
    if not strict:
        problems = [p for p in problems if not p.message.startswith("style: ")]
        good_files = len(good)
    else:
        good_files = len(good) - len({n.file for n in notes})
    step_ids: dict[str, list[str | None]] = {}
    for p in sorted(set(problems) | set(notes)):
        print(human_line(p, step_ids))
    ms = (time.perf_counter() - start) * 1000
    if problems:
        bad = files - good_files
        print(f"{len(problems)} problem(s) in {bad} of {files} lesson file(s)", file=sys.stderr)
        return 1
    if files == 0:
        print(f"no lesson files found in {', '.join(targets)}", file=sys.stderr)
        return 1
    steps = sum(len(x.steps) for x in good)
    print(f"ok: {files} lesson(s), {steps} steps checked against the schema, glossary and engine in {ms:.0f} ms")
    return 0


def _generators() -> int:
    from trainer.engine.exercises import GENERATORS

    try:
        for name, gen in sorted(GENERATORS.items()):
            print(f"{name}  (skill {gen.skill})")
            for field, info in gen.params_model.model_fields.items():
                default = info.get_default(call_default_factory=True)
                print(f"    {field} = {default!r}  {info.description or ''}".rstrip())
        sys.stdout.flush()
    except BrokenPipeError:  # `lessons generators | head`: the reader has gone; stop quietly
        _quiet_stdout()
    return 0


def _quiet_stdout() -> None:
    """Point stdout at /dev/null so Python's final flush of a closed pipe raises nothing."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # stdout replaced by a test: nothing to redirect
        pass
