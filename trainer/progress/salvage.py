"""Rescue what can still be read from a damaged progress file.

When the progress file is damaged (a bad page after a crash or a failing disk), the store keeps
it aside and starts a new one (:func:`trainer.progress.store.open_store`).  Most of a damaged
file usually still reads: a bad page hides the rows on that page, not the whole table.
:func:`salvage` copies every row it can still read — learners, the answer log, lessons,
mastery, review cards and the daily totals — into the new, empty store, so that a learner
loses only what was on the bad pages, never the whole history.  The file kept aside is only
read (``immutable`` when no journal lies beside it), never changed.

Rows are read from the start of each table up to a bad page, and again from its end back to the
bad page (by ``rowid``), so a bad page in the middle of a table costs only its own rows.  Columns are
matched by name, so a file of an older schema version, or one that lacks a table or a column
(:mod:`trainer.progress.checkup`), gives what it has; the new file's defaults fill the rest, and the
daily totals and mastery per skill are worked out again from the answers when the file had none
(:data:`trainer.progress.checkup.DERIVED`).  A value the app cannot read (text where a number
belongs, a time that is not a time) takes its column's default, or its row is left out when the
column has none (:func:`trainer.progress.checkup.clean_row`); the learner is told which.  A file from
a newer app is never salvaged (it is kept aside for that app).

A learner whose own row was lost is made again from their progress (:func:`_rebuilt_uuids`).  The
learner's saved games live in ``games/<learner uuid>/`` beside the progress file, so the rebuilt
learner takes the uuid of their games folder, found among the folders no surviving learner owns:
the folder holding the games the learner's review cards or answers name; else, when one rebuilt
learner and one such folder are left, that folder.  When that cannot be told, the rebuilt learners' settings
name the folders (:data:`UNCLAIMED_GAMES_KEY`) and the app says where those games are; nothing in
the games folders is moved or changed.
"""

from __future__ import annotations

import json
import re
import sqlite3
import uuid as uuidlib
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from trainer.progress.checkup import DERIVED, FileProblem, clean_row
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
UNCLAIMED_GAMES_KEY = "unclaimed_games"
"""In the settings of a learner rebuilt by :func:`salvage` whose games folder could not be told
apart: the names of the games folders (``games/<name>/``) no learner owned then."""
GAME_REF = re.compile(r"^game[a-z-]*:(game-[0-9A-Za-z_-]{1,100}):")
"""A review card or answer of a position from a saved game names the game file (its stem):
``game:game-20261128-132827:3:41`` (see :mod:`trainer.ui.game_cards`)."""
Found = dict[str, tuple[list[str], list[tuple]]]
"""The rows read from the damaged file: per table, its columns and its rows."""


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


def salvage(source: Path, store: ProgressStore, *, cleaned: list[FileProblem] | None = None) -> dict[str, int]:
    """Copy every readable row of the damaged progress file ``source`` into ``store`` (a new,
    empty store); returns the rows copied per table (empty when nothing could be read).
    ``cleaned`` receives each value that could not be used as it was (see the module's docstring)."""
    try:
        src = _open_read_only(Path(source))
    except sqlite3.Error:
        return {}
    copied: dict[str, int] = {}
    try:
        try:
            if src.execute("PRAGMA user_version").fetchone()[0] > SCHEMA_VERSION:
                return {}
        except sqlite3.DatabaseError:
            return {}
        found: Found = {}
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
    uuids, unclaimed = _rebuilt_uuids(found, Path(source).parent / "games")  # the file's own folder
    bad: list[FileProblem] = []
    with store._write() as db:
        for table in TABLES:
            if table not in found:
                continue
            columns, rows = found[table]
            if table != "learner":
                made = _add_missing_learners(db, columns, rows, uuids, unclaimed)
                if made:
                    copied["learner"] = copied.get("learner", 0) + made
            sql = f"INSERT OR IGNORE INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"
            n = 0
            for raw in rows:
                row, problems = clean_row(table, columns, raw)
                bad += problems
                if row is None:
                    continue
                try:
                    n += db.execute(sql, row).rowcount
                except sqlite3.Error:
                    continue  # a row the bad page garbled (a broken link, a repeated key): skipped
            if n:
                copied[table] = n
        mended = {p.table for p in bad}
        for table, refill in DERIVED.items():
            if "answer" in found and (table not in found or table in mended):
                refill(db)  # none in the file, or values lost: worked out again from the answers copied
    if cleaned is not None:
        cleaned += bad
    return copied


def _lost_learners(found: Found) -> set[int]:
    """The learners whose own row was not read but whose progress was."""
    learners = found.get("learner")
    have = set()
    if learners is not None and "id" in learners[0]:
        at = learners[0].index("id")
        have = {r[at] for r in learners[1]}
    lost: set[int] = set()
    for table, (columns, rows) in found.items():
        if table != "learner" and "learner_id" in columns:
            at = columns.index("learner_id")
            lost |= {r[at] for r in rows if isinstance(r[at], int) and r[at] not in have}
    return lost


def _game_folders(root: Path, owned: set[str]) -> dict[str, set[str]]:
    """The games folders of ``root`` no learner of ``owned`` (uuids) has: folder name -> the stems
    of its game files.  Only folders named like a learner's uuid that hold a game."""
    out: dict[str, set[str]] = {}
    try:
        folders = [p for p in root.iterdir() if p.is_dir() and p.name not in owned]
    except OSError:
        return out
    for folder in folders:
        try:
            uuidlib.UUID(folder.name)
            stems = {p.stem for p in folder.glob("game-*.json") if p.is_file()}
        except (ValueError, OSError):
            continue
        if stems:
            out[folder.name] = stems
    return out


def _games_named(found: Found, learner_id: int, root: Path) -> tuple[set[str], set[str]]:
    """What the learner's surviving review cards and answers say of their saved games: the games
    folders their specs name by path (folder names), and the game files they name (stems)."""
    folders: set[str] = set()
    stems: set[str] = set()
    for table in ("card", "answer"):
        if table not in found:
            continue
        columns, rows = found[table]
        if "learner_id" not in columns or "item_id" not in columns:
            continue
        who, item = columns.index("learner_id"), columns.index("item_id")
        spec = columns.index("spec") if "spec" in columns else None
        for r in rows:
            if r[who] != learner_id:
                continue
            m = GAME_REF.match(str(r[item]))
            if m:
                stems.add(m.group(1))
            if spec is None or not isinstance(r[spec], str):
                continue
            try:
                game = json.loads(r[spec]).get("game")
            except (ValueError, AttributeError, RecursionError):
                continue
            if isinstance(game, str) and game:
                path = Path(game)
                stems.add(path.stem)
                if path.is_absolute() and path.parent.parent.name == root.name:
                    folders.add(path.parent.name)
    return folders, stems


def _rebuilt_uuids(found: Found, root: Path) -> tuple[dict[int, str], list[str]]:
    """The uuid each learner rebuilt from their progress takes (learner id -> uuid), so that the
    learner's saved games (``root/<uuid>/``) are theirs again; and the games folders left to no
    learner when that cannot be told (see the module's docstring)."""
    lost = _lost_learners(found)
    if not lost:
        return {}, []
    owned: set[str] = set()
    learners = found.get("learner")
    if learners is not None and "uuid" in learners[0]:
        at = learners[0].index("uuid")
        owned = {str(r[at]) for r in learners[1]}
    folders = _game_folders(root, owned)
    picks: dict[int, set[str]] = {}
    for learner_id in sorted(lost):
        named, stems = _games_named(found, learner_id, root)
        hits = {f for f in named if f in folders} or {f for f, have in folders.items() if stems & have}
        if len(hits) == 1:
            picks[learner_id] = hits
    taken = [f for hits in picks.values() for f in hits]
    uuids = {lid: next(iter(hits)) for lid, hits in picks.items() if taken.count(next(iter(hits))) == 1}
    left = [f for f in sorted(folders) if f not in uuids.values()]
    waiting = [lid for lid in sorted(lost) if lid not in uuids]
    if len(waiting) == 1 and len(left) == 1:  # one learner lost, one folder nobody owns: theirs
        uuids[waiting[0]], left = left[0], []
    return uuids, left


def _add_missing_learners(db: sqlite3.Connection, columns: list[str], rows: list[tuple],
                          uuids: dict[int, str] | None = None, unclaimed: list[str] | None = None) -> int:
    """A learner whose own row was lost but whose progress survived gets a row under the default
    name (shown in the learner's language; the learner can rename it), so the progress is not
    dropped; returns how many such rows were made.  ``uuids``: the uuid a learner takes (that of
    their saved games' folder, :func:`_rebuilt_uuids`); ``unclaimed``: the games folders no
    learner could be given, named in the settings of every learner rebuilt without a folder."""
    from trainer.progress.names import DEFAULT_NAME

    if "learner_id" not in columns:
        return 0
    at = columns.index("learner_id")
    made = 0
    for learner_id in sorted({r[at] for r in rows if isinstance(r[at], int)}):
        if db.execute("SELECT 1 FROM learner WHERE id = ?", (learner_id,)).fetchone() is None:
            uuid = (uuids or {}).get(learner_id)
            taken = uuid is not None and db.execute("SELECT 1 FROM learner WHERE uuid = ?", (uuid,)).fetchone()
            settings = {UNCLAIMED_GAMES_KEY: list(unclaimed)} if unclaimed and (uuid is None or taken) else {}
            db.execute("INSERT INTO learner (id, uuid, name, kind, created_at, daily_goal, settings) "
                       "VALUES (?, ?, ?, 'adult', ?, 20, ?)",
                       (learner_id, uuid if uuid is not None and not taken else _rebuilt_uuid(columns, rows, learner_id),
                        DEFAULT_NAME, datetime.now(UTC).isoformat(timespec="microseconds"), json.dumps(settings)))
            made += 1
    return made


def _rebuilt_uuid(columns: list[str], rows: list[tuple], learner_id: int) -> str:
    """The uuid of a learner made again from their answers: the same every time the same file is
    salvaged (from the first of their answer ids), so that the progress seen read-only (``progress
    export`` of a damaged file) and the progress the app keeps are the same learner, and an export
    of one merges into the other; a new one when the rows have no ids."""
    if "uuid" not in columns:
        return str(uuidlib.uuid4())
    who, key = columns.index("learner_id"), columns.index("uuid")
    ids = sorted(str(r[key]) for r in rows if r[who] == learner_id)
    return str(uuidlib.uuid5(uuidlib.NAMESPACE_URL, "riichi-trainer:rebuilt-learner:" + ids[0])) if ids \
        else str(uuidlib.uuid4())


__all__ = ["UNCLAIMED_GAMES_KEY", "salvage"]
