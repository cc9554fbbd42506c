"""Keeping the learner's writes while the progress file cannot take them.

Another program may hold the progress file locked (a teacher's database browser with unsaved
edits, a backup tool), the disk may fill up, for a few seconds or for minutes.  The app must
neither freeze its window while it waits nor lose the answers given meanwhile.
:class:`PatientStore` wraps the app's store: every read goes to it; a write that fails for such a
passing reason (:func:`trainer.progress.files.may_wait`) is kept in memory, in order, and written
as soon as the file takes writes again (:meth:`PatientStore.flush`, which the app calls on the next
write and every few seconds).  An answer keeps the time it was given, so the day's totals, the
streak and the review schedule come out as if it had been written at once.  The changes a learner
asks for explicitly (a new learner, erasing one) are not kept: they fail with
:class:`WritesWaiting`, whose text says so in the learner's words.

The same wrapper holds a store opened only to read when the file was locked at start
(``writable=False``): everything is kept until the app opens the file for writing again
(:meth:`PatientStore.reopened`).  Writes kept when the app closes are tried once more then; a
lock that still holds loses them (they were never on disk).
"""

from __future__ import annotations

import dataclasses
import logging
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any

from trainer.i18n import _
from trainer.progress import store as store_module
from trainer.progress.files import kind_of, may_wait
from trainer.progress.names import stored_name
from trainer.progress.store import BUSY_TIMEOUT

FLUSH_WAIT = 0.0
"""Seconds a try at writing the kept writes waits for a lock (none: the app's frame never waits)."""
CLOSE_WAIT = 2.0
"""Seconds the last try, when the app closes, waits for a lock."""
TIMED = {"record_answer": "at", "record_study_time": "at", "add_card": "due"}
"""Writes that happen at a time (their argument for it): a kept one is given the time it was made
(the store's clock), so writing it later changes nothing of its day or its schedule."""


class WritesWaiting(OSError):
    """A change the learner asked for cannot be made now: the progress file does not take writes
    for the moment (``kind``: :func:`trainer.progress.files.kind_of` of the reason).  ``str()``
    says so in the learner's language."""

    learner_words = True  # str() is for the learner (trainer.progress.files.said_reason)

    def __init__(self, kind: str) -> None:
        self.kind = kind
        if kind == "locked":
            text = _("another program is using your progress file right now; try again when it lets go of it")
        else:
            text = _("your progress file does not take changes right now; try again later")
        super().__init__(text)


@dataclasses.dataclass(frozen=True)
class KeptWrite:
    """One write the file could not take yet: the store's method and its arguments."""

    method: str
    args: tuple
    kwargs: dict


class PatientStore:
    """A progress store (:class:`~trainer.progress.store.ProgressStore`, or one opened only to read)
    whose writes are kept in memory while the file cannot take them (see the module's docstring).

    ``pending`` counts the writes kept; ``reason`` is the kind of the last failure that kept one
    (``"locked"``, ``"full"``, ...); ``read_only`` is True while the store is only read."""

    def __init__(self, store: Any, *, writable: bool = True, on_kept: Callable[[str], None] | None = None) -> None:
        self._store = store
        self.writable = writable
        self.on_kept = on_kept
        """Called with the kind of the reason when a write is kept while none was (the app says so)."""
        self._kept: list[KeptWrite] = []
        self.reason = "" if writable else "locked"
        self.failed: list[tuple[KeptWrite, BaseException]] = []
        """Kept writes the file refused for good when they were tried again (dropped)."""
        self.ui_wait: float | None = None
        """How long a write on the app's frame waits for a lock (:meth:`set_wait`); None: the store's own."""

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)

    @property
    def store(self) -> Any:
        """The store underneath."""
        return self._store

    @property
    def read_only(self) -> bool:
        """True while the store is opened only to read (a lock at start): nothing can be changed by
        hand, and what is learned is kept until the file can be written."""
        return not self.writable

    @property
    def pending(self) -> int:
        """How many writes are kept, not yet in the file."""
        return len(self._kept)

    # ------------------------------------------------------------------ writing

    def _try(self, method: str, *args: Any, **kwargs: Any) -> Any:
        """Call the store's ``method`` now, or keep it for later (returns None then) when the file
        cannot take it for a passing reason, or when earlier writes still wait (order is kept)."""
        if self.writable and (not self._kept or self.flush()):
            try:
                return getattr(self._store, method)(*args, **kwargs)
            except (sqlite3.Error, OSError) as e:
                if not may_wait(e):
                    raise
                self.reason = kind_of(e)
        was_empty = not self._kept
        when = TIMED.get(method)
        if when is not None and kwargs.get(when) is None:  # kept: it keeps the time it was given
            kwargs = {**kwargs, when: store_module._now()}
        self._kept.append(KeptWrite(method, args, kwargs))
        if was_empty and self.writable and self.on_kept is not None:  # a read-only start said why already
            self.on_kept(self.reason)
        return None

    def _try_now(self, method: str, *args: Any, **kwargs: Any) -> Any:
        """A change the learner asked for: made now (after the kept writes), or WritesWaiting."""
        if not self.writable or (self._kept and not self.flush()):
            raise WritesWaiting(self.reason or "locked")
        try:
            return getattr(self._store, method)(*args, **kwargs)
        except (sqlite3.Error, OSError) as e:
            if not may_wait(e):
                raise
            raise WritesWaiting(kind_of(e)) from e

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """The store's own write transaction (an import, removing an empty profile), made now after
        the kept writes; WritesWaiting when the file does not take writes for a passing reason."""
        if not self.writable or (self._kept and not self.flush()):
            raise WritesWaiting(self.reason or "locked")
        try:
            with self._store._write() as db:
                yield db
        except (sqlite3.Error, OSError) as e:
            if isinstance(e, WritesWaiting) or not may_wait(e):
                raise
            raise WritesWaiting(kind_of(e)) from e

    def flush(self, wait: float = FLUSH_WAIT) -> bool:
        """Write the kept writes in order, waiting at most ``wait`` seconds for a lock; True when none
        is left.  One the file refuses for good (not a passing reason) is dropped into ``failed``."""
        if not self._kept:
            return True
        if not self.writable:
            return False
        waits = getattr(self._store, "wait_for_locks", None)
        if waits is not None:
            waits(wait)
        try:
            while self._kept:
                write = self._kept[0]
                try:
                    getattr(self._store, write.method)(*write.args, **write.kwargs)
                except (sqlite3.Error, OSError) as e:
                    if may_wait(e):
                        self.reason = kind_of(e)
                        return False
                    self.failed.append((write, e))
                self._kept.pop(0)
        finally:
            if waits is not None:
                waits(self.ui_wait if self.ui_wait is not None else BUSY_TIMEOUT)
        return True

    def set_wait(self, seconds: float) -> None:
        """How long a write made on the app's frame waits for a lock before it is kept for later."""
        self.ui_wait = seconds
        waits = getattr(self._store, "wait_for_locks", None)
        if waits is not None:
            waits(seconds)

    def reopened(self, store: Any) -> bool:
        """The file can be written again: ``store`` (opened for writing) takes the place of the store
        read so far, which is closed, and the kept writes are written.  True when none is left."""
        old, self._store, self.writable = self._store, store, True
        if self.ui_wait is not None:
            self.set_wait(self.ui_wait)
        try:
            old.close()
        except Exception:  # noqa: BLE001 - the old store is only read: nothing to lose
            pass
        return self.flush()

    def close(self) -> None:
        """Try the kept writes once more (a lock that still holds loses them), then close the store."""
        try:
            if not self.flush(wait=CLOSE_WAIT):
                logging.getLogger(__name__).warning("progress: %d answers and changes could not be saved (%s)",
                                                    self.pending, self.reason)
        finally:
            self._store.close()

    # ------------------------------------------------------------------ the writes of learning

    def record_answer(self, learner_id: int, source: str, item_id: str, skill: str, correct: bool,
                      seconds: float, hints: int = 0, *, at: datetime | None = None,
                      spec: dict | None = None) -> Any:
        """:meth:`ProgressStore.record_answer`, kept with the time it was given when the file cannot
        take it now (None is returned then: the review is graded when it is written)."""
        return self._try("record_answer", learner_id, source, item_id, skill, correct, seconds, hints,
                           at=at, spec=spec)

    def record_study_time(self, learner_id: int, seconds: float, *, at: datetime | None = None) -> None:
        """:meth:`ProgressStore.record_study_time`, kept with its time when the file cannot take it now."""
        self._try("record_study_time", learner_id, seconds, at=at)

    def save_lesson_step(self, learner_id: int, lesson_id: str, step: int) -> None:
        """:meth:`ProgressStore.save_lesson_step`, kept when the file cannot take it now."""
        self._try("save_lesson_step", learner_id, lesson_id, step)

    def complete_lesson(self, learner_id: int, lesson_id: str, score: float) -> None:
        """:meth:`ProgressStore.complete_lesson`, kept when the file cannot take it now."""
        self._try("complete_lesson", learner_id, lesson_id, score)

    def add_card(self, learner_id: int, item_id: str, skill: str, spec: dict | None = None, *,
                 due: datetime | None = None) -> bool:
        """:meth:`ProgressStore.add_card`, kept with its time when the file cannot take it now (True
        then: the card will be added unless the learner has it)."""
        done = self._try("add_card", learner_id, item_id, skill, spec, due=due)
        return True if done is None else bool(done)

    def update_learner(self, learner_id: int, **changes: Any) -> Any:
        """:meth:`ProgressStore.update_learner` (a settings change, the kind of a learner), kept when the
        file cannot take it now; the learner read back shows the change at once (:meth:`learner`).  A
        blank name is refused now, as the store refuses it, never kept to fail at every later try."""
        if changes.get("name") is not None:
            stored_name(changes["name"])  # ValueError for a blank name
        done = self._try("update_learner", learner_id, **changes)
        return done if done is not None else self.learner(learner_id)

    def create_learner(self, *args: Any, **kwargs: Any) -> Any:
        """:meth:`ProgressStore.create_learner` now, or WritesWaiting."""
        return self._try_now("create_learner", *args, **kwargs)

    def erase_learner(self, *args: Any, **kwargs: Any) -> Any:
        """:meth:`ProgressStore.erase_learner` now, or WritesWaiting."""
        return self._try_now("erase_learner", *args, **kwargs)

    # ------------------------------------------------------------------ reading what is kept

    def learner(self, learner_id: int) -> Any:
        """The learner as the file has them, with the changes kept for them applied."""
        return self._with_kept(self._store.learner(learner_id))

    def learners(self) -> list[Any]:
        """Every learner, with the changes kept for them applied."""
        return [self._with_kept(x) for x in self._store.learners()]

    def _with_kept(self, learner: Any) -> Any:
        """``learner`` with the ``update_learner`` changes kept for them, in order."""
        for write in self._kept:
            if write.method != "update_learner" or write.args[0] != learner.id:
                continue
            changes = {k: v for k, v in write.kwargs.items() if v is not None}
            if "daily_goal" in changes:
                changes["daily_goal"] = max(1, changes["daily_goal"])
            if "name" in changes:
                changes["name"] = stored_name(changes["name"])
            learner = dataclasses.replace(learner, **changes)
        return learner
