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
import sys
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
          _NO_PERMISSION: "no-permission", _IO_ERROR: "io"}
"""The kind of each known reason: what :attr:`StoreUnavailable.kind` says."""
_MAY_BE_READ = ("full", "read-only", "cannot-open", "no-permission")
"""Kinds after which the file itself can still be read (not a lock held by another program, not a
failing disk): the app then shows the progress read-only."""


def _known_words(text: str) -> str | None:
    """The known English reason that ``text`` (from :func:`reason`) starts with, if any."""
    for words in _KINDS:
        if text == words or text.startswith(words + " ("):
            return words
    return None


def unwritable(path: Path) -> str | None:
    """Why the app cannot write the progress file, when the system can tell: ``"folder"`` when its
    folder cannot be written (SQLite must create ``-wal`` and ``-shm`` beside the file),
    ``"file"`` when the file itself is read-only; None when both may be written (or cannot be
    looked at)."""
    path = Path(path)
    try:
        if path.parent.is_dir() and not os.access(path.parent, os.W_OK | os.X_OK):
            return "folder"
        if path.exists() and not os.access(path, os.W_OK):
            return "file"
    except OSError:
        return None
    return None


def translated_reason(text: str) -> str:
    """A reason from :func:`reason` in the learner's language (SQLite's own English words only
    when the reason is none of the known ones)."""
    words = _known_words(text)
    return _(words) if words is not None else text


class StoreUnavailable(Exception):
    """The progress file cannot be used right now (disk full, locked, read-only, ...).

    Nothing was moved or changed; ``str()`` is a one-line message naming the file (English, for
    logs), :meth:`translated` the same in the learner's language, naming the cause when the
    system can tell it (a read-only folder or file)."""

    def __init__(self, path: Path, reason: str) -> None:
        self.path = Path(path)
        self.reason = reason
        words = _known_words(reason)
        self.kind = _KINDS[words] if words is not None else ""
        super().__init__(f"{path}: {reason}; the file was left untouched")

    def cause(self) -> str | None:
        """``"folder"`` or ``"file"`` when that is read-only (see :func:`unwritable`), for every
        kind but a lock, a full disk and an input/output error; else None."""
        if self.kind in ("locked", "full", "io"):
            return None
        return unwritable(self.path)

    def may_be_read(self) -> bool:
        """Whether the file may still be read, so that the learner can see and export the progress."""
        return self.kind in _MAY_BE_READ or self.cause() is not None

    def translated(self) -> str:
        """One line in the current language: the read-only folder or file when that is the cause,
        else the file and the reason."""
        cause = self.cause()
        if cause == "folder":
            return _("The folder {folder} is read-only, so the app cannot save anything there.").format(
                folder=self.path.parent)
        if cause == "file":
            return _("The file {file} is read-only, so the app cannot save anything to it.").format(file=self.path)
        # TRANSLATORS: a progress file that cannot be used now: the file and the reason.
        return _("{file}: {problem}").format(file=self.path, problem=translated_reason(self.reason))


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

        if error.errno == errno.ENOSPC:
            return f"the disk is full ({text})"
        if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
            return f"the file or its folder is read-only ({text})"
        return text
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
