"""``python -m trainer progress export FILE`` / ``import FILE``: move a learner between computers."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Sub-commands export, import and list."""
    sub = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    exp = sub.add_parser("export", help="Write one learner's progress to a JSON file")
    exp.add_argument("file", type=Path)
    exp.add_argument("--learner", help="learner name or id (needed when there are several)")
    imp = sub.add_parser("import", help="Add or merge a learner from a JSON file")
    imp.add_argument("file", type=Path)
    sub.add_parser("list", help="List the learners on this computer")
    parser.add_argument("--db", type=Path, help="progress database (default: the user data dir)")


def _pick(store, wanted: str | None):
    learners = store.learners()
    if wanted is not None:
        for learner in learners:
            if wanted == learner.name or wanted == str(learner.id):
                return learner
        raise SystemExit(f"error: no learner named {wanted!r}; learners: "
                         + ", ".join(learner.name for learner in learners))
    if len(learners) == 1:
        return learners[0]
    if not learners:
        raise SystemExit("error: there are no learners on this computer yet")
    raise SystemExit("error: several learners; choose one with --learner: "
                     + ", ".join(learner.name for learner in learners))


def run(args: argparse.Namespace) -> int:
    """Export, import or list learners; exit 1 with a clear message on a bad file."""
    from trainer.progress import StoreUnavailable, open_store
    from trainer.progress.transfer import ExportError, TransferError, write_export

    try:
        store = open_store(args.db)
    except StoreUnavailable as e:
        print(f"error: the progress file cannot be used now: {e}", file=sys.stderr)
        return 1
    for notice in store.notices:
        print(f"warning: {notice.detail}; the old file was kept as {notice.moved_to}", file=sys.stderr)
    try:
        if args.action == "list":
            for learner in store.learners():
                print(f"{learner.id}\t{learner.name}\t{learner.kind}\t{store.answer_count(learner.id)} answers")
            return 0
        if args.action == "export":
            learner = _pick(store, args.learner)
            try:
                write_export(store, learner.id, args.file)
            except ExportError as e:
                print(f"error: {e}", file=sys.stderr)
                return 1
            print(f"exported {learner.name}: {store.answer_count(learner.id)} answers -> {args.file}")
            return 0
        try:
            learner = store.import_file(args.file)
        except TransferError as e:
            print(f"error: {e}", file=sys.stderr)
            return 1
        print(f"imported {learner.name}: {store.answer_count(learner.id)} answers")
        return 0
    finally:
        store.close()
