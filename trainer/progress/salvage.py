"""Rescue what can still be read from a damaged progress file.

When the progress file is damaged (a bad page after a crash or a failing disk), the store keeps
it aside and starts a new one (:func:`trainer.progress.store.open_store`).  Most of a damaged
file usually still reads: a bad page hides the rows on that page, not the whole table.
:func:`salvage` copies every row it can still read — learners, the answer log, lessons,
mastery, review cards and the daily totals — into the new, empty store, so that a learner
loses only what was on the bad pages, never the whole history.  The file kept aside is only
read (``immutable`` when no journal lies beside it), never changed.

Rows are read from the start of each table up to a bad page, and again from its end back to the
bad page (by ``rowid``), so a bad page in the middle of a table costs only its own rows.  A file of
another schema version is not salvaged (its columns may differ); the learner still has the file.
"""

from __future__ import annotations

import sqlite3
import uuid as uuidlib
from pathlib import Path
from typing import TYPE_CHECKING

from trainer.progress.schema import SCHEMA_VERSION

if TYPE_CHECKING:
    from trainer.progress.store import ProgressStore

TABLES = ("learner", "answer", "lesson_progress", "skill", "card", "daily")
"""The tables copied, learners first (every other row belongs to a learner)."""
COMPANIONS = ("-wal", "-shm")
CHUNK = 500
"""A learner whose own row was on a bad page but whose answers survived is stored under the default
name (:data:`trainer.progress.names.DEFAULT_NAME`, shown in the learner's language) and counted
among the learners rescued: the learner renames it."""


def _open_read_only(path: Path) -> sqlite3.Connection:
    journal = any(path.with_name(path.name + s).exists() for s in COMPANIONS)
    uri = path.absolute().as_uri() + ("?mode=ro" if journal else "?mode=ro&immutable=1")
    return sqlite3.connect(uri, uri=True, isolation_level=None)


def _readable_rows(src: sqlite3.Connection, table: str, columns: list[str]) -> list[tuple]:
    """Every row of ``table`` that can still be read: forwards to the first bad page, then
    backwards from the end to it; each row once (by rowid)."""
    cols = ", ".join(["rowid", *columns])
    rows: dict[int, tuple] = {}
    for order in ("ASC", "DESC"):
        try:
            cur = src.execute(f"SELECT {cols} FROM {table} ORDER BY rowid {order}")  # noqa: S608 - fixed names
            while batch := cur.fetchmany(CHUNK):
                for row in batch:
                    rows.setdefault(row[0], row[1:])
        except sqlite3.DatabaseError:
            continue  # a bad page: the other direction reads on from the far end
    return [rows[k] for k in sorted(rows)]


def salvage(source: Path, store: ProgressStore) -> dict[str, int]:
    """Copy every readable row of the damaged progress file ``source`` into ``store`` (a new,
    empty store); returns the rows copied per table (empty when nothing could be read)."""
    try:
        src = _open_read_only(Path(source))
    except sqlite3.Error:
        return {}
    copied: dict[str, int] = {}
    try:
        try:
            if src.execute("PRAGMA user_version").fetchone()[0] != SCHEMA_VERSION:
                return {}
        except sqlite3.DatabaseError:
            return {}
        found: dict[str, tuple[list[str], list[tuple]]] = {}
        for table in TABLES:
            try:
                have = {r[1] for r in src.execute(f"PRAGMA table_info({table})")}
            except sqlite3.DatabaseError:
                continue
            columns = [r[1] for r in store.db.execute(f"PRAGMA table_info({table})") if r[1] in have]
            if columns:
                found[table] = (columns, _readable_rows(src, table, columns))
    finally:
        src.close()
    with store._write() as db:
        for table in TABLES:
            if table not in found:
                continue
            columns, rows = found[table]
            if table != "learner":
                made = _add_missing_learners(db, columns, rows)
                if made:
                    copied["learner"] = copied.get("learner", 0) + made
            sql = f"INSERT OR IGNORE INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"
            n = 0
            for row in rows:
                try:
                    n += db.execute(sql, row).rowcount
                except sqlite3.Error:
                    continue  # a row the bad page garbled (a wrong type, a broken link): skipped
            if n:
                copied[table] = n
    return copied


def _add_missing_learners(db: sqlite3.Connection, columns: list[str], rows: list[tuple]) -> int:
    """A learner whose own row was lost but whose progress survived gets a row under the default
    name (shown in the learner's language; the learner can rename it), so the progress is not
    dropped; returns how many such rows were made."""
    from trainer.progress.names import DEFAULT_NAME

    if "learner_id" not in columns:
        return 0
    at = columns.index("learner_id")
    made = 0
    for learner_id in sorted({r[at] for r in rows if isinstance(r[at], int)}):
        if db.execute("SELECT 1 FROM learner WHERE id = ?", (learner_id,)).fetchone() is None:
            db.execute("INSERT INTO learner (id, uuid, name, kind, created_at, daily_goal) "
                       "VALUES (?, ?, ?, 'adult', datetime('now'), 20)",
                       (learner_id, str(uuidlib.uuid4()), DEFAULT_NAME))
            made += 1
    return made


__all__ = ["salvage"]
