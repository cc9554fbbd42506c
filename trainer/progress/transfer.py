"""Moving a learner between computers: a versioned JSON export and its import.

Format ``riichi-trainer-progress`` version 1::

    {"format": "riichi-trainer-progress", "version": 1, "exported_at": "...",
     "learner": {"uuid", "name", "kind", "created_at", "daily_goal", "settings"},
     "answers": [{"uuid", "answered_at", "source", "item_id", "skill", "correct", "seconds", "hints"}],
     "lessons": [{"lesson_id", "step", "completed_at", "best_score", "updated_at"}],
     "skills": [{"skill", "mastery", "answers", "correct", "updated_at"}],
     "cards": [{"item_id", "skill", "due", "state", "spec"}]}

Importing the same learner twice (same uuid) merges: answers are matched by
their uuid, so nothing is counted twice and nothing is lost.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from trainer.progress.store import Learner, ProgressStore

FORMAT = "riichi-trainer-progress"
VERSION = 1


class TransferError(ValueError):
    """The file is not a progress export this app can read; the message says why."""


def export_learner(store: ProgressStore, learner_id: int) -> dict:
    """Collect one learner's whole history into a JSON-ready dict."""
    learner = store.learner(learner_id)
    db = store.db

    def rows(sql: str) -> list[dict]:
        return [dict(r) for r in db.execute(sql, (learner_id,))]

    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": datetime.now(UTC).isoformat(),
        "learner": {"uuid": learner.uuid, "name": learner.name, "kind": learner.kind,
                    "created_at": learner.created_at, "daily_goal": learner.daily_goal,
                    "settings": learner.settings},
        "answers": [dict(a, correct=bool(a["correct"])) for a in rows(
            "SELECT uuid, answered_at, source, item_id, skill, correct, seconds, hints FROM answer"
            " WHERE learner_id = ? ORDER BY answered_at, id")],
        "lessons": rows("SELECT lesson_id, step, completed_at, best_score, updated_at FROM lesson_progress"
                        " WHERE learner_id = ? ORDER BY lesson_id"),
        "skills": rows("SELECT skill, mastery, answers, correct, updated_at FROM skill WHERE learner_id = ?"
                       " ORDER BY skill"),
        "cards": rows("SELECT item_id, skill, due, state, spec FROM card WHERE learner_id = ? ORDER BY item_id"),
    }


def _require(data: object, key: str, kind: type, where: str):
    if not isinstance(data, dict) or key not in data:
        raise TransferError(f"{where}: missing {key!r}")
    value = data[key]
    if kind is float and isinstance(value, int):
        return value
    if not isinstance(value, kind):
        raise TransferError(f"{where}.{key}: expected {kind.__name__}, got {type(value).__name__}")
    return value


def import_learner(store: ProgressStore, data: dict) -> Learner:
    """Add the exported learner, or merge into the existing learner with the same uuid.
    Validates everything first, then writes in one transaction."""
    from trainer.progress.store import _local_day

    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise TransferError("not a riichi-trainer progress file (the 'format' field is missing or different)")
    version = data.get("version")
    if not isinstance(version, int) or version > VERSION:
        raise TransferError(f"progress file version {version!r} is newer than this app reads ({VERSION})")
    info = _require(data, "learner", dict, "file")
    uuid = _require(info, "uuid", str, "learner")
    name = _require(info, "name", str, "learner")
    kind = info.get("kind", "adult")
    answers = _require(data, "answers", list, "file")
    for i, a in enumerate(answers):
        for key, t in (("uuid", str), ("answered_at", str), ("source", str), ("item_id", str),
                       ("skill", str), ("correct", bool), ("seconds", float), ("hints", int)):
            _require(a, key, t, f"answers[{i}]")
    lessons = data.get("lessons", [])
    skills = data.get("skills", [])
    cards = data.get("cards", [])
    with store._write() as db:
        row = db.execute("SELECT id FROM learner WHERE uuid = ?", (uuid,)).fetchone()
        if row is None:
            cur = db.execute(
                "INSERT INTO learner (uuid, name, kind, created_at, daily_goal, settings) VALUES (?, ?, ?, ?, ?, ?)",
                (uuid, name, kind if kind in ("adult", "child") else "adult",
                 info.get("created_at") or datetime.now(UTC).isoformat(), int(info.get("daily_goal", 20)),
                 json.dumps(info.get("settings", {}))),
            )
            learner_id = cur.lastrowid
        else:
            learner_id = row[0]
        for a in answers:
            cur = db.execute(
                "INSERT OR IGNORE INTO answer (uuid, learner_id, answered_at, source, item_id, skill, correct,"
                " seconds, hints) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (a["uuid"], learner_id, a["answered_at"], a["source"], a["item_id"], a["skill"],
                 int(a["correct"]), float(a["seconds"]), int(a["hints"])),
            )
            if cur.rowcount:
                day = _local_day(datetime.fromisoformat(a["answered_at"]))
                store._add_to_totals(db, learner_id, day, a["skill"], 1, int(a["correct"]), float(a["seconds"]))
        for les in lessons:
            db.execute(
                "INSERT INTO lesson_progress (learner_id, lesson_id, step, completed_at, best_score, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (learner_id, lesson_id) DO UPDATE SET"
                " completed_at = coalesce(lesson_progress.completed_at, excluded.completed_at),"
                " best_score = max(coalesce(lesson_progress.best_score, 0), coalesce(excluded.best_score, 0)),"
                " step = CASE WHEN excluded.updated_at > lesson_progress.updated_at THEN excluded.step"
                " ELSE lesson_progress.step END,"
                " updated_at = max(lesson_progress.updated_at, excluded.updated_at)",
                (learner_id, les["lesson_id"], int(les.get("step", 0)), les.get("completed_at"),
                 les.get("best_score"), les.get("updated_at") or datetime.now(UTC).isoformat()),
            )
        for s in skills:
            db.execute(
                "INSERT INTO skill (learner_id, skill, mastery, answers, correct, updated_at) VALUES (?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (learner_id, skill) DO UPDATE SET"
                " mastery = CASE WHEN excluded.updated_at > skill.updated_at THEN excluded.mastery ELSE skill.mastery END,"
                " answers = max(skill.answers, excluded.answers), correct = max(skill.correct, excluded.correct),"
                " updated_at = max(skill.updated_at, excluded.updated_at)",
                (learner_id, s["skill"], float(s["mastery"]), int(s["answers"]), int(s["correct"]), s["updated_at"]),
            )
        for c in cards:
            db.execute(
                "INSERT INTO card (learner_id, item_id, skill, due, state, spec) VALUES (?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (learner_id, item_id) DO UPDATE SET due = min(card.due, excluded.due),"
                " state = CASE WHEN excluded.due < card.due THEN excluded.state ELSE card.state END,"
                " spec = coalesce(card.spec, excluded.spec)",
                (learner_id, c["item_id"], c["skill"], c["due"], c["state"], c.get("spec")),
            )
    return store.learner(learner_id)


def write_export(store: ProgressStore, learner_id: int, path: Path) -> None:
    """Write one learner's export to a file (atomically: a temporary file, then a rename)."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(export_learner(store, learner_id), ensure_ascii=False, indent=1), encoding="utf-8")
    tmp.replace(path)


def read_export(path: Path) -> dict:
    """Read an export file; a clear error names the file and the problem."""
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise TransferError(f"{path}: no such file") from None
    except json.JSONDecodeError as e:
        raise TransferError(f"{path}:{e.lineno}:{e.colno}: not valid JSON: {e.msg}") from None
