"""``python -m trainer progress export FILE`` / ``import FILE``: move a learner between computers.

The command speaks the learner's language: the one saved in the settings (``--lang`` chooses
another for this run); a refused file is one line naming the file, the field and what is wrong."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from trainer.i18n import LANGUAGES, _, ngettext


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Sub-commands export, import and list."""
    sub = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    exp = sub.add_parser("export", help="Write one learner's progress to a JSON file")
    exp.add_argument("file", type=Path, help="the JSON file to write")
    exp.add_argument("--learner", help="learner name or id (needed when there are several)")
    imp = sub.add_parser("import", help="Add or merge a learner from a JSON file")
    imp.add_argument("file", type=Path, help="a JSON file written by export (or by the app's Export button)")
    lst = sub.add_parser("list", help="List the learners on this computer")
    parser.add_argument("--db", type=Path, help="progress database (default: the user data dir)")
    lang_help = "language of the messages (default: the app's language from the settings)"
    parser.add_argument("--lang", choices=LANGUAGES, help=lang_help)
    for p in (exp, imp, lst):  # also after the action: progress import x.json --lang en
        p.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS, help=lang_help)


def _use_language(wanted: str | None) -> None:
    """Speak ``wanted``, else the language saved in the app's settings."""
    from trainer import i18n

    if wanted is None:
        try:
            from trainer.ui.settings import load_settings

            wanted = load_settings().settings.language
        except Exception:  # noqa: BLE001 - unreadable settings: the default language
            wanted = None
    if wanted in LANGUAGES:
        i18n.set_language(wanted)


def _answers(n: int) -> str:
    return ngettext("{n} answer", "{n} answers", n).format(n=n)


def _pick(store, wanted: str | None):
    from trainer.progress.names import shown_name

    learners = store.learners()
    names = ", ".join(shown_name(learner.name) for learner in learners)
    if wanted is not None:
        for learner in learners:
            if wanted in (learner.name, shown_name(learner.name), str(learner.id)):
                return learner
        raise SystemExit(_("error: no learner named {name}; learners: {names}").format(name=wanted, names=names))
    if len(learners) == 1:
        return learners[0]
    if not learners:
        raise SystemExit(_("error: there are no learners on this computer yet"))
    raise SystemExit(_("error: several learners; choose one with --learner: {names}").format(names=names))


def run(args: argparse.Namespace) -> int:
    """Export, import or list learners; exit 1 with a clear message on a bad file."""
    _use_language(getattr(args, "lang", None))
    from trainer.progress import StoreUnavailable, open_store
    from trainer.progress.names import shown_name
    from trainer.progress.transfer import ExportError, TransferError, write_export

    try:
        store = open_store(args.db)
    except StoreUnavailable as e:
        print(_("error: the progress file cannot be used now: {reason}").format(reason=e), file=sys.stderr)
        return 1
    for notice in store.notices:
        print(_("warning: {problem}; the old file was kept as {path}").format(problem=notice.detail,
                                                                             path=notice.moved_to), file=sys.stderr)
    try:
        if args.action == "list":
            for learner in store.learners():
                print(f"{learner.id}\t{shown_name(learner.name)}\t{learner.kind}\t"
                      f"{_answers(store.answer_count(learner.id))}")
            return 0
        if args.action == "export":
            learner = _pick(store, args.learner)
            try:
                write_export(store, learner.id, args.file)
            except ExportError as e:
                print(_("error: {problem}").format(problem=e.translated()), file=sys.stderr)
                return 1
            print(_("exported {name}: {answers} -> {file}").format(
                name=shown_name(learner.name), answers=_answers(store.answer_count(learner.id)), file=args.file))
            return 0
        try:
            learner = store.import_file(args.file)
        except TransferError as e:
            print(_("error: {problem}").format(problem=e.translated()), file=sys.stderr)
            return 1
        print(_("imported {name}: {answers}").format(name=shown_name(learner.name),
                                                    answers=_answers(store.answer_count(learner.id))))
        return 0
    finally:
        store.close()
