"""``python -m trainer progress export FILE`` / ``import FILE``: move a learner between computers.

The command speaks the learner's language: the one saved in the settings (``--lang`` chooses
another for this run); a refused file is one line naming the file, the field and what is wrong.
``export`` carries the learner's saved games and ``import`` writes them into the learner's games
folder next to the progress file (a game already there is never overwritten).
``list`` and ``export`` only read the progress file (:func:`~trainer.progress.store.open_store_readonly`):
a missing or damaged file is one line naming it, and nothing is renamed or created."""

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


def _reason(problem: BaseException | str) -> str:
    """Why a progress file cannot be used, in the learner's language (SQLite's own English
    words only when the reason is none of the known ones: :func:`trainer.progress.files.translated_reason`)."""
    from trainer.progress.files import reason, translated_reason

    return translated_reason(problem if isinstance(problem, str) else reason(problem))


def _unreadable(path: Path, error: BaseException, *, default: bool) -> str | None:
    """The one line for a progress file ``list``/``export`` cannot read; None for the default
    file that does not exist yet (nobody has used the app on this computer)."""
    from trainer.progress.files import StoreUnavailable
    from trainer.progress.store import DamagedStore

    if isinstance(error, StoreUnavailable) and error.no_file:  # a folder or a file where the other belongs
        return _("error: {problem}").format(problem=error.translated())
    if isinstance(error, FileNotFoundError):
        if default:
            return None
        return _("error: {file}: there is no progress file there").format(file=path)
    if isinstance(error, DamagedStore):
        if error.kind == "newer":
            return _("error: {file}: the progress file was written by a newer version of the app; "
                     "update the trainer").format(file=path)
        return _("error: {file}: the progress file is damaged and cannot be read; it was left as it is").format(
            file=path)
    cause = error.__cause__ if error.__cause__ is not None else getattr(error, "reason", str(error))
    return _("error: {file}: the progress file cannot be read now: {reason}; it was left as it is").format(
        file=path, reason=_reason(cause))


def _notice_line(notice) -> str:
    """A notice of :func:`~trainer.progress.open_store` (a file set aside) in the learner's language; a
    damaged file says what was copied from it into the new one, as the app does."""
    if (notice.kind == "damaged" and notice.recovered) or notice.kind == "repaired":
        from trainer.progress.notices import notice_text

        return _("warning: {problem}").format(problem=notice_text(notice, _lesson_title))
    if notice.kind == "damaged":
        return _("warning: the progress file was damaged; it is kept as {path}, "
                 "and a new one was started").format(path=notice.moved_to)
    if notice.kind == "newer":
        return _("warning: the progress file was written by a newer version of the app; it is kept as {path}, "
                 "and a new one was started").format(path=notice.moved_to)
    if notice.kind == "orphan":
        return _("warning: a journal of the progress file without its database was kept as {path}").format(
            path=notice.moved_to)
    return _("warning: {problem}; the old file was kept as {path}").format(problem=notice.detail,
                                                                          path=notice.moved_to)


_LESSONS: list = []
"""The lesson library, loaded the first time a notice names a lesson."""


def _lesson_title(lesson_id: str) -> str | None:
    """A lesson's title in the current language (None when there is no such lesson)."""
    from trainer.i18n import current_language

    try:
        if not _LESSONS:
            from trainer.lessons.loader import load_all

            _LESSONS.append(load_all(engine_checks=False))
        lesson = _LESSONS[0].lessons.get(lesson_id)
    except Exception:  # noqa: BLE001 - the lesson's id is said instead
        return None
    return lesson.title.get(current_language()) if lesson is not None else None


def _read(args: argparse.Namespace) -> int:
    """``list`` and ``export``: read the progress file, never change it."""
    from trainer.progress import StoreUnavailable
    from trainer.progress.names import shown_name
    from trainer.progress.store import DB_NAME, DamagedStore, data_dir, open_store_readonly
    from trainer.progress.transfer import ExportError, games_root, write_export

    path = args.db if args.db is not None else data_dir() / DB_NAME
    try:
        store = open_store_readonly(path)
    except (FileNotFoundError, DamagedStore, StoreUnavailable) as e:
        line = _unreadable(path, e, default=args.db is None)
        if line is not None:
            print(line, file=sys.stderr)
            return 1
        store = None
    if store is None:  # the default file does not exist yet
        if args.action == "list":
            print(_("there are no learners in {file} yet").format(file=path))
            return 0
        print(_("error: there are no learners on this computer yet"), file=sys.stderr)
        return 1
    try:
        if args.action == "list":
            learners = store.learners()
            if not learners:
                print(_("there are no learners in {file} yet").format(file=path))
            for learner in learners:
                print(f"{learner.id}\t{shown_name(learner.name)}\t{learner.kind}\t"
                      f"{_answers(store.answer_count(learner.id))}")
            return 0
        learner = _pick(store, args.learner)
        try:
            write_export(store, learner.id, args.file, games=games_root(store) / learner.uuid)
        except ExportError as e:
            print(_("error: {problem}").format(problem=e.translated()), file=sys.stderr)
            return 1
        print(_("exported {name}: {answers} -> {file}").format(
            name=shown_name(learner.name), answers=_answers(store.answer_count(learner.id)), file=args.file))
        return 0
    finally:
        store.close()


def run(args: argparse.Namespace) -> int:
    """Export, import or list learners; exit 1 with a clear message on a bad file."""
    _use_language(getattr(args, "lang", None))
    if args.action in ("list", "export"):
        return _read(args)
    from trainer.progress import StoreUnavailable, open_store
    from trainer.progress.transfer import (
        GamesImport,
        ImportReport,
        TransferError,
        games_notes,
        games_root,
        import_file,
        import_summary,
    )

    try:
        store = open_store(args.db)
    except StoreUnavailable as e:
        if e.no_file:  # a folder or a file where the other belongs: there is no file to leave as it is
            print(_("error: {problem}").format(problem=e.translated()), file=sys.stderr)
        else:
            print(_("error: {file}: the progress file cannot be used now: {reason}; it was left as it is").format(
                file=e.path, reason=_reason(e.reason)), file=sys.stderr)
        return 1
    for notice in store.notices:
        print(_notice_line(notice), file=sys.stderr)
    try:
        try:
            games = GamesImport()
            report = ImportReport()
            import_file(store, args.file, games_root=games_root(store), games=games, report=report)
        except TransferError as e:
            print(_("error: {problem}").format(problem=e.translated()), file=sys.stderr)
            return 1
        print(import_summary(report))
        added, problems = games_notes(games)
        if added:
            print(added)
        for line in problems:
            print(_("warning: {problem}").format(problem=line), file=sys.stderr)
        return 0
    finally:
        store.close()
