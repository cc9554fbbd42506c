"""The progress file on disk: telling real damage from a passing problem, and setting a
file aside so that a crash can never separate a database from its ``-wal`` journal.

Only two things may move a learner's database out of the way: real damage (SQLite says
the file is not a database or is malformed, or ``quick_check`` fails) and a schema from
a newer app.  Everything else (a full disk, a lock held by another program, a read-only
folder, an I/O error) is a :class:`StoreUnavailable`: the app stops using the file, says
why, and leaves it exactly as it was.

Setting aside is a small journaled operation.  First ``progress.sqlite3.aside`` is written
(and flushed to disk) with the new name; then the main file is renamed, then ``-wal``,
then ``-shm``; then the journal is removed.  If the app dies once the main file has
moved, :func:`finish_set_aside` (run before every open) completes the moves, so committed
answers in the ``-wal`` always end up beside the database they belong to; if it dies
before, nothing has moved and the file is simply checked again.  A ``-wal`` found
without its database and without a journal is moved aside too, never replayed into a
new database.
"""

from __future__ import annotations

import os
import sqlite3
import sys
import time
from datetime import datetime
from pathlib import Path

from trainer.i18n import N_, _

COMPANIONS = ("-wal", "-shm")
"""SQLite's companion files of a WAL database, moved together with it."""
JOURNAL_SUFFIX = ".aside"
"""The set-aside journal: ``progress.sqlite3.aside`` holds the target name while files move."""

_DAMAGE_CODES = (11, 26)  # SQLITE_CORRUPT, SQLITE_NOTADB (primary result codes)
_DAMAGE_TEXT = ("file is not a database", "database disk image is malformed")
_FULL = N_("the disk is full")
_LOCKED = N_("another program is using the file (it is locked)")
_READ_ONLY = N_("the file or its folder is read-only")
_CANNOT_OPEN = N_("the file or its folder cannot be opened")
_NO_PERMISSION = N_("the app has no permission to use the file")
_IO_ERROR = N_("the disk reported an input/output error")
_IS_FOLDER = N_("a folder has the file's name")
_NOT_A_FOLDER = N_("a part of the folder's path is a file, not a folder")
_DANGLING = N_("the folder is a link to a folder that does not exist")
_REASONS = {
    13: _FULL,
    5: _LOCKED,
    6: _LOCKED,
    8: _READ_ONLY,
    14: _CANNOT_OPEN,
    3: _NO_PERMISSION,
    10: _IO_ERROR,
    23: _NO_PERMISSION,
}
_KINDS = {_FULL: "full", _LOCKED: "locked", _READ_ONLY: "read-only", _CANNOT_OPEN: "cannot-open",
          _NO_PERMISSION: "no-permission", _IO_ERROR: "io", _IS_FOLDER: "is-folder",
          _NOT_A_FOLDER: "not-a-folder", _DANGLING: "dangling-link"}
"""The kind of each known reason: what :attr:`StoreUnavailable.kind` says."""
_MAY_BE_READ = ("full", "read-only", "cannot-open", "no-permission", "locked")
"""Kinds after which the file itself can still be read (not a failing disk): the app then shows the
progress read-only.  A lock held by another program still lets a WAL file be read (the app then
keeps the new answers until the lock ends, see :mod:`trainer.progress.pending`)."""
PLACE_KINDS = ("is-folder", "not-a-folder", "dangling-link")
"""Kinds where there is no progress file at all: its place in the folders is wrong
(:func:`place_problem`), so nothing was "left untouched"."""
WAITING_KINDS = ("locked", "full", "io", "read-only", "cannot-open", "no-permission")
"""Kinds of a failed write that may pass while the app runs (a lock ends, room is made on the disk):
the write is kept and tried again (:func:`may_wait`)."""
_ERRNO_KINDS = {"EEXIST": _NOT_A_FOLDER, "ENOTDIR": _NOT_A_FOLDER, "EISDIR": _IS_FOLDER, "ENOSPC": _FULL,
                "EACCES": _READ_ONLY, "EPERM": _READ_ONLY, "EROFS": _READ_ONLY, "EIO": _IO_ERROR}
"""The reason of each system error number the app can put in the learner's words."""


def _known_words(text: str) -> str | None:
    """The known English reason that ``text`` (from :func:`reason`) starts with, if any."""
    for words in _KINDS:
        if text == words or text.startswith(words + " ("):
            return words
    return None


def unwritable(path: Path) -> str | None:
    """Why the app cannot write the progress file, when the system can tell: ``"unreadable"`` when
    the file cannot even be read, ``"folder"`` when its folder cannot be written (SQLite must create
    ``-wal`` and ``-shm`` beside the file), ``"file"`` when the file itself is read-only; None when
    both may be written (or cannot be looked at)."""
    path = Path(path)
    try:
        if path.is_file() and not os.access(path, os.R_OK):
            return "unreadable"
        if path.parent.is_dir() and not os.access(path.parent, os.W_OK | os.X_OK):
            return "folder"
        if path.exists() and not os.access(path, os.W_OK):
            return "file"
    except OSError:
        return None
    return None


ACCESS_REASONS = {"unreadable": _NO_PERMISSION, "file": _READ_ONLY}
"""The reason :func:`access_problem` gives for a file the app may not read, or not write."""


def access_problem(path: Path) -> StoreUnavailable | None:
    """A progress file the app may not write (or not even read), told before SQLite opens it: SQLite
    would open a read-only file quietly for reading, make ``-wal`` and ``-shm`` files beside it, and
    fail only at the first answer.  None when the file may be written (or the folder is the problem:
    opening says so)."""
    cause = unwritable(path)
    if cause not in ACCESS_REASONS:
        return None
    return StoreUnavailable(path, f"{ACCESS_REASONS[cause]} ({cause})")


EMPTY_GRACE = 10.0
"""Seconds an empty progress file may be a database that a copy of the app is making right now."""


def is_stale_empty(path: Path) -> bool:
    """Whether ``path`` is an empty file that no copy of the app is making: empty, without a
    ``-wal`` that holds anything, and not changed in the last :data:`EMPTY_GRACE` seconds.  SQLite
    would take it for a new database and the learner's progress would seem gone without a word."""
    try:
        st = os.stat(path)
        if st.st_size or time.time() - st.st_mtime < EMPTY_GRACE:
            return False
        wal = path.with_name(path.name + "-wal")
        return not (wal.exists() and wal.stat().st_size)
    except OSError:
        return False


def kept_aside(path: Path, kind: str) -> list[Path]:
    """The files of ``kind`` ("newer", "damaged", "orphan") kept beside the progress file ``path``,
    oldest first (without their ``-wal``/``-shm``)."""
    try:
        return sorted(p for p in Path(path).parent.glob(f"{Path(path).name}.{kind}-*")
                      if not p.name.endswith(COMPANIONS))
    except OSError:
        return []


def translated_reason(text: str) -> str:
    """A reason from :func:`reason` in the learner's language (SQLite's own English words only
    when the reason is none of the known ones)."""
    words = _known_words(text)
    return _(words) if words is not None else text


def kind_words(kind: str) -> str:
    """The reason of a ``kind`` (``"locked"``, ``"full"``, ...) in the learner's language; ``""`` for
    a kind the app has no words for."""
    words = next((w for w, k in _KINDS.items() if k == kind), None)
    return _(words) if words is not None else ""


def kind_of(error: BaseException) -> str:
    """The kind of a failed read or write (:data:`_KINDS`: ``"locked"``, ``"full"``, ...), or ``""``
    when the app has no words for it."""
    if isinstance(error, StoreUnavailable):
        return error.kind
    words = _known_words(reason(error))
    return _KINDS[words] if words is not None else ""


def may_wait(error: BaseException) -> bool:
    """Whether a write that failed with ``error`` may succeed later in this run (a lock that ends,
    a disk that gets room): then the app keeps it and tries again instead of losing it."""
    if not isinstance(error, sqlite3.OperationalError | OSError) or is_damage(error):
        return False
    return kind_of(error) in WAITING_KINDS


def said_reason(error: BaseException) -> str:
    """Why the progress could not be read or saved, in the learner's words: a lock, a full disk, a
    read-only file, an input/output error, the file's place in the folders; an error the app has no
    words for is called unexpected (its own English text kept in brackets for a bug report)."""
    if isinstance(error, StoreUnavailable):
        return error.translated()
    if getattr(error, "learner_words", False):  # its own text is for the learner already
        return str(error)
    words = _known_words(reason(error)) if isinstance(error, OSError | sqlite3.Error) else None
    if words is not None:
        return _(words)
    if isinstance(error, sqlite3.Error) and is_damage(error):
        return _("the progress file is damaged")
    # TRANSLATORS: a progress file could not be used for a reason the app has no words for.
    return _("an unexpected error ({detail})").format(detail=str(error) or type(error).__name__)


def is_lock(error: BaseException) -> bool:
    """Whether ``error`` is SQLite saying that another connection holds the file locked."""
    return kind_of(error) == "locked"


def lock_is_free(path: Path) -> bool:
    """Whether the progress file can be written right now, asked without waiting: False while
    another program holds its write lock (a teacher's database browser with unsaved edits), True
    otherwise (also when something else is wrong: opening the store says what)."""
    try:
        db = sqlite3.connect(Path(path).absolute().as_uri() + "?mode=rw", uri=True, timeout=0,
                             isolation_level=None)
    except sqlite3.Error as e:
        return not is_lock(e)
    try:
        db.execute("BEGIN IMMEDIATE")
        db.execute("ROLLBACK")
    except sqlite3.Error as e:
        return not is_lock(e)
    finally:
        db.close()
    return True


def place_problem(path: Path) -> StoreUnavailable | None:
    """What is wrong with the place of the progress file ``path``, told before anything is made
    there: a folder has the file's name, its folder (or a folder above it) is a file, or its folder
    is a link to a folder that does not exist.  None when the place is right (missing folders are
    made) or cannot be looked at (opening says why)."""
    path = Path(path)
    try:
        if path.is_dir():
            return StoreUnavailable(path, f"{_IS_FOLDER} (is-folder)", where=path)
        for part in (path.parent, *path.parent.parents):
            if part.is_symlink() and not part.exists():
                return StoreUnavailable(path, f"{_DANGLING} ({part} -> {os.readlink(part)})", where=part,
                                        target=Path(os.readlink(part)))
            if part.exists():
                return None if part.is_dir() else StoreUnavailable(path, f"{_NOT_A_FOLDER} ({part})", where=part)
    except OSError:
        return None
    return None


class StoreUnavailable(Exception):
    """The progress file cannot be used right now (disk full, locked, read-only, ...).

    Nothing was moved or changed; ``str()`` is a one-line message naming the file (English, for
    logs), :meth:`translated` the same in the learner's language, naming the cause when the
    system can tell it (a read-only folder or file)."""

    def __init__(self, path: Path, reason: str, *, where: Path | None = None, target: Path | None = None) -> None:
        self.path = Path(path)
        self.reason = reason
        words = _known_words(reason)
        self.kind = _KINDS[words] if words is not None else ""
        self.where = Path(where) if where is not None else None
        """The part of the path that is wrong (a file where a folder belongs), for :data:`PLACE_KINDS`."""
        self.target = target
        """Where a link that leads nowhere points."""
        left = "there is no progress file there" if self.kind in PLACE_KINDS else "the file was left untouched"
        super().__init__(f"{path}: {reason}; {left}")

    @property
    def no_file(self) -> bool:
        """True when there is no progress file at all (its place in the folders is wrong), so nothing
        was "left untouched"."""
        return self.kind in PLACE_KINDS

    def cause(self) -> str | None:
        """``"unreadable"``, ``"folder"`` or ``"file"`` when the file cannot be read, or that is
        read-only (see :func:`unwritable`), for every kind but a lock, a full disk, an
        input/output error and a wrong place; else None."""
        if self.kind in ("locked", "full", "io", *PLACE_KINDS):
            return None
        return unwritable(self.path)

    def may_be_read(self) -> bool:
        """Whether the file may still be read, so that the learner can see and export the progress."""
        cause = self.cause()
        return cause != "unreadable" and (self.kind in _MAY_BE_READ or cause is not None)

    def translated(self) -> str:
        """One line in the current language: the unreadable file, or the read-only folder or file,
        when that is the cause, else the file and the reason."""
        if self.kind in PLACE_TEXTS:
            part = self.where if self.where is not None else self.path.parent
            return _(PLACE_TEXTS[self.kind]).format(file=self.path, part=part, target=self.target or "?")
        cause = self.cause()
        if cause in CAUSE_TEXTS:
            return _(CAUSE_TEXTS[cause]).format(file=self.path, folder=self.path.parent)
        # TRANSLATORS: a progress file that cannot be used now: the file and the reason.
        return _("{file}: {problem}").format(file=self.path, problem=translated_reason(self.reason))


CAUSE_TEXTS = {
    "unreadable": N_("The app has no permission to read the file {file}, so it cannot show or save progress."),
    "folder": N_("The folder {folder} is read-only, so the app cannot save anything there."),
    "file": N_("The file {file} is read-only, so the app cannot save anything to it."),
}
"""What :meth:`StoreUnavailable.translated` says for each cause the system can tell."""
PLACE_TEXTS = {
    "is-folder": N_("{file} is a folder, not a progress file, so the app cannot keep progress there."),
    "not-a-folder": N_("{part} is a file, not a folder, so the progress file {file} cannot be made there."),
    "dangling-link": N_("The folder {part} is a link to {target}, which does not exist, so the progress file "
                        "cannot be made there."),
}
"""What :meth:`StoreUnavailable.translated` says when the progress file's place is wrong (:func:`place_problem`)."""


class InUse(Exception):
    """Another running copy of the app holds the database open, so it must not be renamed."""


def is_damage(error: BaseException) -> bool:
    """Whether an SQLite error means the file itself is damaged (not a passing problem)."""
    code = getattr(error, "sqlite_errorcode", None)
    if isinstance(code, int):
        return code & 0xFF in _DAMAGE_CODES
    text = str(error).lower()
    return any(t in text for t in _DAMAGE_TEXT)


def reason(error: BaseException) -> str:
    """A learner-readable reason for an error that is not damage, with SQLite's own words."""
    code = getattr(error, "sqlite_errorcode", None)
    text = str(error)
    if isinstance(error, OSError):
        import errno

        name = errno.errorcode.get(error.errno or 0, "")
        return f"{_ERRNO_KINDS[name]} ({text})" if name in _ERRNO_KINDS else text
    if isinstance(code, int) and code & 0xFF in _REASONS:
        return f"{_REASONS[code & 0xFF]} ({text})"
    lowered = text.lower()
    if "full" in lowered:
        return f"the disk is full ({text})"
    if "locked" in lowered or "busy" in lowered:
        return f"another program is using the file (it is locked) ({text})"
    if "readonly" in lowered or "read-only" in lowered:
        return f"the file or its folder is read-only ({text})"
    if "unable to open" in lowered:
        return f"the file or its folder cannot be opened ({text})"
    return text


def identity(path: Path) -> tuple[int, int] | None:
    """The (device, inode) of a file, to notice it was replaced between two looks."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino)


def _fsync_dir(folder: Path) -> None:
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _probe_in_use(path: Path) -> int | None:
    """Take a write lock on SQLite's shared-lock bytes of ``path`` (POSIX): every other
    process with the database open in WAL mode holds a read lock there.  Returns the open
    descriptor (keep it until the renames are done) or raises InUse."""
    if os.name != "posix" or sys.platform == "emscripten":
        return None
    import fcntl

    fd = os.open(path, os.O_RDWR)
    try:
        fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 510, 0x40000002, 0)
    except OSError:
        os.close(fd)
        raise InUse(f"{path}: another running copy of the app has it open") from None
    return fd


def _free_target(path: Path, kind: str, stamp: str) -> Path:
    target = path.with_name(f"{path.name}.{kind}-{stamp}")
    n = 1
    while target.exists() or any(target.with_name(target.name + s).exists() for s in COMPANIONS):
        target = path.with_name(f"{path.name}.{kind}-{stamp}-{n}")
        n += 1
    return target


def _move_files(path: Path, target: Path) -> None:
    """Main file first, then its companions (the order :func:`finish_set_aside` completes)."""
    if path.exists() and not target.exists():
        os.rename(path, target)
    for suffix in COMPANIONS:
        side = path.with_name(path.name + suffix)
        dest = target.with_name(target.name + suffix)
        if side.exists() and not dest.exists():
            os.rename(side, dest)
    _fsync_dir(path.parent)


def set_aside(path: Path, kind: str, *, now: datetime | None = None,
              expect: tuple[int, int] | None = None) -> Path:
    """Rename a database and its ``-wal``/``-shm`` out of the way (never deletes) and return
    the new path of the main file.  Refuses (InUse) while another copy has it open or when
    the file is no longer the one that was checked (``expect`` = its identity then)."""
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    target = _free_target(path, kind, stamp)
    fd = _probe_in_use(path)
    try:
        if expect is not None and identity(path) != expect:
            raise InUse(f"{path}: the file was replaced while it was being checked")
        journal = path.with_name(path.name + JOURNAL_SUFFIX)
        with open(journal, "w", encoding="utf-8") as fh:
            fh.write(target.name + "\n")
            fh.flush()
            os.fsync(fh.fileno())
        _fsync_dir(path.parent)
        _move_files(path, target)
        journal.unlink()
        _fsync_dir(path.parent)
    finally:
        if fd is not None:
            os.close(fd)
    return target


def finish_set_aside(path: Path, *, now: datetime | None = None) -> Path | None:
    """Complete a set-aside that a crash interrupted, and move a ``-wal``/``-shm`` that has
    no database beside it out of the way (so it is never replayed into a new database).
    Returns where the files went, or None when there was nothing to do."""
    journal = path.with_name(path.name + JOURNAL_SUFFIX)
    if journal.exists():
        try:
            name = journal.read_text(encoding="utf-8").strip()
        except (OSError, UnicodeDecodeError):
            name = ""
        target = path.with_name(name) if name and "/" not in name and "\\" not in name \
            and name.startswith(path.name + ".") else None
        if target is not None and target.exists():  # the main file was moved: its companions follow
            _move_files(path, target)
            journal.unlink()
            _fsync_dir(path.parent)
            return target
        # Nothing was moved yet (the main file moves first): forget the plan and check again,
        # so a file that another copy opened meanwhile is never moved on an old decision.
        journal.unlink()
    orphans = [path.with_name(path.name + s) for s in COMPANIONS]
    if path.exists() or not any(o.exists() for o in orphans):
        return None
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    target = _free_target(path, "orphan", stamp)
    for suffix, side in zip(COMPANIONS, orphans, strict=True):
        if side.exists():
            os.rename(side, target.with_name(target.name + suffix))
    _fsync_dir(path.parent)
    return target



def existing(path: Path) -> dict[Path, bool]:
    """Which of the database and its companions exist now (see :func:`discard_new_empty`)."""
    return {p: p.exists() for p in (path, *(path.with_name(path.name + s) for s in COMPANIONS))}


def discard_new_empty(path: Path, before: dict[Path, bool]) -> None:
    """After creating a new database failed (e.g. on a full disk), remove the empty files
    this attempt made, so the next start does not mistake them for a healthy database and
    forget to say that an older file was kept aside.  Files that existed before, a main file
    with any content, or files another copy has open are left alone."""
    if before.get(path, True) or not path.exists():
        return
    try:
        if path.stat().st_size:
            return
        fd = _probe_in_use(path)
    except (OSError, InUse):
        return
    try:
        for p, was in before.items():
            if not was and p.exists():
                p.unlink()
    except OSError:
        pass
    finally:
        if fd is not None:
            os.close(fd)
