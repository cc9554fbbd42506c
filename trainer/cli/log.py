"""``python -m trainer log convert``: game logs between our format and tenhou.net/6.

    python -m trainer log convert game.json --to tenhou6 -o game.tenhou6.json
    python -m trainer log convert online.json --to native -o mine.json [--rules tenhou]

The input format is recognised from the content (our ``riichi-trainer/game-log`` or a
tenhou.net/6 object with a ``log`` list).  Reading a tenhou.net/6 log replays every hand
through our engine and re-scores every win; each difference is printed as a
``note:`` line.  A tenhou.net/6 export is checked by an independent structural check
before it is written.  Bad input gives one line naming the hand and what is wrong,
exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare ``log convert IN --to tenhou6|native -o OUT [--rules NAME]``."""
    sub = parser.add_subparsers(dest="log_command", metavar="SUBCOMMAND", required=True)
    conv = sub.add_parser("convert", help="convert a game log to tenhou.net/6 or to our format")
    conv.add_argument("input", type=Path, metavar="IN", help="a game log (ours or tenhou.net/6 JSON)")
    conv.add_argument("--to", required=True, choices=("tenhou6", "native"), help="the output format")
    conv.add_argument("-o", "--output", required=True, type=Path, metavar="OUT", help="file to write")
    conv.add_argument("--rules", default="tenhou",
                      help="rule preset for a tenhou.net/6 log where its 'rule' says nothing (default tenhou)")


def run(args: argparse.Namespace) -> int:
    """Convert one file; returns the exit status (2 for bad input)."""
    from trainer.engine.game import records
    from trainer.engine.game.log_files import load_any
    from trainer.engine.game.tenhou6_read import structure_problems
    from trainer.engine.game.tenhou6_write import to_tenhou6
    from trainer.engine.rules import RulesError

    try:
        loaded = load_any(args.input, args.rules)
    except records.RecordError as e:
        print(f"log convert: {e}", file=sys.stderr)
        return 2
    except RulesError as e:
        print(f"log convert: --rules: {e}", file=sys.stderr)
        return 2
    kind, log, notes = loaded.kind, loaded.log, loaded.notes
    for note in notes:
        print(f"note: {note}")
    hands = len(log["hands"])
    source = "tenhou.net/6" if kind == "tenhou6" else "riichi-trainer game log"
    try:
        if args.to == "tenhou6":
            data = to_tenhou6(log)
            problems = structure_problems(data)
            if problems:
                print(f"log convert: {args.input}: the export fails the structural check: {problems[0]}",
                      file=sys.stderr)
                return 2
            args.output.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
            check = f"structural check passed ({hands} hands)"
        else:
            records.save(log, args.output)
            check = "replays through the engine"
    except OSError as e:
        print(f"log convert: {args.output}: cannot write: {e.strerror}", file=sys.stderr)
        return 2
    target = "tenhou.net/6" if args.to == "tenhou6" else "riichi-trainer game log"
    print(f"{args.input} ({source}, {hands} hands, {len(notes)} difference{'' if len(notes) == 1 else 's'}) -> {args.output} ({target}); {check}")
    return 0
