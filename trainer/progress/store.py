"""The progress store: one SQLite file per computer, several learners in it.

Every answer is one transaction (WAL journal, ``synchronous=FULL``), so a crash
or power cut never loses an answer once ``record_answer`` has returned.  Two
copies of the app may run at once: SQLite's locking serialises their writes
(``busy_timeout`` waits instead of failing).
"""

from __future__ import annotations

import contextvars
import dataclasses
import json
import os
import sqlite3
import time
import uuid as uuidlib
from collections.abc import Callable, Container, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from trainer.progress.checkup import FileProblem, grouped, inspect, repair
from trainer.progress.files import (
    COMPANIONS,
    InUse,
    StoreUnavailable,
    access_problem,
    discard_new_empty,
    existing,
    finish_set_aside,
    identity,
    is_damage,
    is_stale_empty,
    place_problem,
    reason,
    set_aside,
)
from trainer.progress.names import stored_name
from trainer.progress.schema import MIGRATIONS, SCHEMA_VERSION
from trainer.progress.srs import (
    DAILY_REVIEWS,
    STARTER_PREFIX,
    Review,
    card_key,
    initial_card,
    rebuilt_spec,
    review,
    should_grade,
)

DB_NAME = "progress.sqlite3"
_FIXED_QUESTION = f"(instr(item_id, '/') > 0 OR substr(item_id, 1, {len(STARTER_PREFIX)}) = '{STARTER_PREFIX}')"
"""SQL: the item is a fixed question whose spec can be rebuilt from its key
(:func:`trainer.progress.srs.rebuilt_spec`): a lesson step or a starter-set discard puzzle."""
MASTERY_RATE = 0.15
"""How far one answer moves a skill's mastery toward 1 (right) or 0 (wrong)."""
STUDY_SKILL = "(study)"
"""The ``skill`` of the ``daily`` rows that hold study time without answers (reading a lesson's
text steps, looking at an answer's explanation): no answers, only seconds.  Not a skill id (ids
have no brackets), so no skill's totals, chart or mastery ever includes it; see
:meth:`ProgressStore.record_study_time`."""


def data_dir() -> Path:
    """The folder for learner data: ``$TRAINER_DATA_DIR`` or the platform's user data dir."""
    override = os.environ.get("TRAINER_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("riichi-trainer", appauthor=False))


def _now() -> datetime:
    return datetime.now(UTC)


def _iso(dt: datetime) -> str:
    return dt.astimezone(UTC).isoformat(timespec="microseconds")


def _local_day(dt: datetime) -> str:
    return dt.astimezone().date().isoformat()


@dataclass(frozen=True)
class StoreNotice:
    """Something the learner must be told when the store opens: a file set aside (``kind``
    "damaged", "newer" or "orphan"; ``moved_to`` where it is now), or parts of the file rebuilt in
    place ("repaired"; ``moved_to`` is the file itself)."""

    kind: str
    moved_to: Path
    detail: str
    recovered: tuple[tuple[str, int], ...] = ()  # rows copied from the damaged file, per table
    problems: tuple[FileProblem, ...] = ()  # what was wrong (or rebuilt), for the learner


@dataclass(frozen=True)
class Learner:
    """A learner profile."""

    id: int
    uuid: str
    name: str
    kind: str
    created_at: str
    daily_goal: int
    settings: dict


@dataclass(frozen=True)
class SkillMastery:
    """A skill's mastery (0..1), with the counts behind it."""

    skill: str
    mastery: float
    answers: int
    correct: int


@dataclass(frozen=True)
class DayStats:
    """One day's answers for the charts."""

    day: str
    answers: int
    correct: int
    seconds: float

    @property
    def accuracy(self) -> float:
        """Share of right answers that day."""
        return self.correct / self.answers if self.answers else 0.0

    @property
    def mean_seconds(self) -> float:
        """Average time per answer that day."""
        return self.seconds / self.answers if self.answers else 0.0


class DamagedStore(Exception):
    """The database file cannot be used as it is (damaged or from a newer app); ``problems``:
    what is wrong with a file that is readable but not what the app needs
    (:func:`trainer.progress.checkup.inspect`)."""

    def __init__(self, kind: str, detail: str, problems: tuple[FileProblem, ...] = ()) -> None:
        super().__init__(detail)
        self.kind = kind
        self.detail = detail
        self.problems = problems


class ProgressStore:
    """Learners, answers, lessons, mastery and review cards in one SQLite database."""

    def __init__(self, path: Path, *, notices: tuple[StoreNotice, ...] = ()) -> None:
        self.path = Path(path)
        self.notices = notices
        self.db = _connect(self.path)
        try:
            rebuilt = [p for p in repair(self.db) if p.what in REPAIR_NOTICES]
            _migrate(self.db)
        except BaseException:
            self.db.close()
            raise
        if rebuilt:
            self.notices = (*notices, StoreNotice("repaired", self.path, "; ".join(p.english() for p in rebuilt),
                                                  problems=tuple(rebuilt)))

    # ----------------------------------------------------------------- basics
    def close(self) -> None:
        """Close the database (the WAL is checkpointed)."""
        self.db.close()

    def wait_for_locks(self, seconds: float) -> None:
        """How long a read or write waits for another program's lock before it fails (SQLite's
        ``busy_timeout``): :data:`BUSY_TIMEOUT` unless changed.  The app waits only a moment on its
        frames and keeps a write that failed for a later try (:mod:`trainer.progress.pending`)."""
        self.db.execute(f"PRAGMA busy_timeout = {max(0, int(seconds * 1000))}")

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction, taken with BEGIN IMMEDIATE so concurrent apps queue."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
            self.db.execute("COMMIT")
        except BaseException:
            # Also when COMMIT itself fails (a full disk): SQLite then keeps the transaction
            # open, and this copy would hold the write lock and refuse every later answer.
            if self.db.in_transaction:
                self.db.execute("ROLLBACK")
            raise

    # --------------------------------------------------------------- learners
    def create_learner(self, name: str, kind: str = "adult", *, daily_goal: int = 20) -> Learner:
        """Add a learner profile (``kind`` 'adult' or 'child') and return it; the name is cleaned as
        every learner's name is (:func:`trainer.progress.names.clean_name`)."""
        name = stored_name(name)
        if kind not in ("adult", "child"):
            raise ValueError(f"learner kind must be 'adult' or 'child', not {kind!r}")
        with self._write() as db:
            cur = db.execute(
                "INSERT INTO learner (uuid, name, kind, created_at, daily_goal) VALUES (?, ?, ?, ?, ?)",
                (str(uuidlib.uuid4()), name, kind, _iso(_now()), daily_goal),
            )
        return self.learner(cur.lastrowid)

    def learners(self) -> list[Learner]:
        """Every learner, oldest first."""
        rows = self.db.execute("SELECT * FROM learner ORDER BY id").fetchall()
        return [_learner(r) for r in rows]

    def learner(self, learner_id: int) -> Learner:
        """One learner by id (KeyError if there is none)."""
        row = self.db.execute("SELECT * FROM learner WHERE id = ?", (learner_id,)).fetchone()
        if row is None:
            raise KeyError(f"no learner with id {learner_id}")
        return _learner(row)

    def last_active_learner(self) -> int | None:
        """The learner who answered or opened a lesson most recently (else the newest profile)."""
        row = self.db.execute(
            "SELECT l.id FROM learner l LEFT JOIN (SELECT learner_id, max(answered_at) AS t FROM answer"
            " GROUP BY learner_id) a ON a.learner_id = l.id LEFT JOIN (SELECT learner_id, max(updated_at) AS t"
            " FROM lesson_progress GROUP BY learner_id) p ON p.learner_id = l.id"
            " ORDER BY max(coalesce(a.t, ''), coalesce(p.t, ''), l.created_at) DESC, l.id DESC LIMIT 1"
        ).fetchone()
        return row[0] if row else None

    def update_learner(self, learner_id: int, *, name: str | None = None, daily_goal: int | None = None,
                       settings: dict | None = None, kind: str | None = None) -> Learner:
        """Change a learner's name (cleaned: :func:`trainer.progress.names.clean_name`), daily goal,
        settings or kind ('adult' or 'child')."""
        if name is not None:
            name = stored_name(name)
        if kind is not None and kind not in ("adult", "child"):
            raise ValueError(f"learner kind must be 'adult' or 'child', not {kind!r}")
        with self._write() as db:
            if name is not None:
                db.execute("UPDATE learner SET name = ? WHERE id = ?", (name, learner_id))
            if kind is not None:
                db.execute("UPDATE learner SET kind = ? WHERE id = ?", (kind, learner_id))
            if daily_goal is not None:
                db.execute("UPDATE learner SET daily_goal = ? WHERE id = ?", (max(1, daily_goal), learner_id))
            if settings is not None:
                db.execute("UPDATE learner SET settings = ? WHERE id = ?", (json.dumps(settings), learner_id))
        return self.learner(learner_id)

    def erase_learner(self, learner_id: int) -> None:
        """Remove a learner and everything they did, for good, in one transaction (the app asks
        twice before calling this; "delete" in the app only sets the learner aside)."""
        with self._write() as db:
            for table in ("answer", "lesson_progress", "skill", "card", "daily"):
                db.execute(f"DELETE FROM {table} WHERE learner_id = ?", (learner_id,))
            db.execute("DELETE FROM learner WHERE id = ?", (learner_id,))

    # ---------------------------------------------------------------- answers
    def record_answer(self, learner_id: int, source: str, item_id: str, skill: str, correct: bool,
                      seconds: float, hints: int = 0, *, at: datetime | None = None,
                      spec: dict | None = None) -> Review | None:
        """Record one answer in one transaction: the answer log, the day's totals, the skill's
        mastery and the item's review card.  ``spec`` says how to show the item again in a
        review (``{"generator", "params", "seed"}`` or ``{"lesson", "step"}``, the latter given
        for a missed lesson step, see :func:`trainer.progress.srs.lesson_step_spec`); a generated
        item's card is its generator's family (see :func:`trainer.progress.srs.card_key`).  A card
        keeps the first spec it was given.  Returns the card's new grade and due date, or None when
        this answer left the card's schedule as it was."""
        at = at or _now()
        with self._write() as db:
            db.execute(
                "INSERT INTO answer (uuid, learner_id, answered_at, source, item_id, skill, correct, seconds, hints)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (str(uuidlib.uuid4()), learner_id, _iso(at), source, item_id, skill, int(correct),
                 float(seconds), int(hints)),
            )
            self._add_to_totals(db, learner_id, _local_day(at), skill, 1, int(correct), float(seconds))
            self._move_mastery(db, learner_id, skill, correct, at)
            return self._review_item(db, learner_id, item_id, skill, correct, seconds, hints, at, spec)

    def record_study_time(self, learner_id: int, seconds: float, *, at: datetime | None = None) -> None:
        """Add time spent studying without an answer (a lesson's text step read, the explanation
        after an answer) to the day's totals, in one transaction.  It counts in
        ``totals()["seconds"]`` (the progress screen's «Time spent») and nowhere else: it is not an
        answer (the answer log, the daily goal, the streak, mastery and review cards are left as
        they are) and the per-answer time of :meth:`days` leaves it out.  Nothing for a time that
        is not a positive number."""
        seconds = float(seconds)
        if not seconds > 0 or seconds == float("inf"):
            return
        at = at or _now()
        with self._write() as db:
            self._add_to_totals(db, learner_id, _local_day(at), STUDY_SKILL, 0, 0, seconds)

    @staticmethod
    def _add_to_totals(db, learner_id: int, day: str, skill: str, n: int, right: int, seconds: float) -> None:
        db.execute(
            "INSERT INTO daily (learner_id, day, skill, answers, correct, seconds) VALUES (?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (learner_id, day, skill) DO UPDATE SET answers = answers + excluded.answers,"
            " correct = correct + excluded.correct, seconds = seconds + excluded.seconds",
            (learner_id, day, skill, n, right, seconds),
        )

    @staticmethod
    def _move_mastery(db, learner_id: int, skill: str, correct: bool, at: datetime) -> None:
        row = db.execute("SELECT mastery FROM skill WHERE learner_id = ? AND skill = ?",
                         (learner_id, skill)).fetchone()
        old = row[0] if row else 0.0
        new = old + MASTERY_RATE * ((1.0 if correct else 0.0) - old)
        db.execute(
            "INSERT INTO skill (learner_id, skill, mastery, answers, correct, updated_at) VALUES (?, ?, ?, 1, ?, ?)"
            " ON CONFLICT (learner_id, skill) DO UPDATE SET mastery = excluded.mastery,"
            " answers = answers + 1, correct = correct + excluded.correct, updated_at = excluded.updated_at",
            (learner_id, skill, new, int(correct), _iso(at)),
        )

    @staticmethod
    def _review_item(db, learner_id, item_id, skill, correct, seconds, hints, at, spec=None) -> Review | None:
        """Grade the answer's card (a generator's family of exercises, or the item itself) with FSRS;
        None when the card is left as it is (not due and answered right, or graded today already)."""
        key = card_key(item_id, spec)
        row = db.execute("SELECT state FROM card WHERE learner_id = ? AND item_id = ?",
                         (learner_id, key)).fetchone()
        card = row[0] if row else initial_card(at)
        if row is not None and not should_grade(card, correct=correct, at=at, local_day=_local_day(at)):
            if spec is not None:  # not graded again today, but from now on it can be shown again
                db.execute("UPDATE card SET spec = coalesce(spec, ?) WHERE learner_id = ? AND item_id = ?",
                           (json.dumps(spec, sort_keys=True), learner_id, key))
            return None
        result = review(card, correct=correct, seconds=seconds, hints=hints, at=at)
        db.execute(
            "INSERT INTO card (learner_id, item_id, skill, due, state, spec) VALUES (?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (learner_id, item_id) DO UPDATE SET due = excluded.due, state = excluded.state,"
            " skill = excluded.skill, spec = coalesce(excluded.spec, card.spec)",
            (learner_id, key, skill, _iso(result.due), result.card_json,
             json.dumps(spec, sort_keys=True) if spec is not None else None),
        )
        return result

    def answer_count(self, learner_id: int) -> int:
        """How many answers the learner has given in all."""
        return self.db.execute("SELECT count(*) FROM answer WHERE learner_id = ?", (learner_id,)).fetchone()[0]

    # ------------------------------------------------------------- repetition
    def due_items(self, learner_id: int, *, now: datetime | None = None, limit: int = 50) -> list[tuple[str, str]]:
        """Items whose review is due, most overdue first, as (item_id, skill)."""
        rows = self.db.execute(
            "SELECT item_id, skill FROM card WHERE learner_id = ? AND due <= ? ORDER BY due LIMIT ?",
            (learner_id, _iso(now or _now()), limit),
        ).fetchall()
        return [(r[0], r[1]) for r in rows]

    def review_cap(self, learner_id: int) -> int:
        """The learner's daily review cap (``daily_reviews`` in their settings; 30 unless changed)."""
        try:
            value = int(self.learner(learner_id).settings.get("daily_reviews", DAILY_REVIEWS))
        except (KeyError, TypeError, ValueError):
            return DAILY_REVIEWS
        return max(0, value)

    def reviews_today(self, learner_id: int, *, now: datetime | None = None) -> int:
        """Review answers given today (local day): they count against the daily cap."""
        day = _local_day(now or _now())
        rows = self.db.execute("SELECT answered_at FROM answer WHERE learner_id = ? AND source = 'review'"
                               " AND answered_at >= ?", (learner_id, _iso((now or _now()) - timedelta(days=2))))
        return sum(1 for (at,) in rows if _local_day(datetime.fromisoformat(at)) == day)

    def due_reviews(self, learner_id: int, *, now: datetime | None = None, limit: int | None = None,
                    showable: Callable[[dict], bool] | None = None) -> list[dict]:
        """The reviews due now that the app can show, most overdue first, at most the learner's daily
        cap less the reviews already done today (and at most ``limit``).  Each is the stored spec
        (``generator``/``params``/``seed``, ``lesson``/``step``, or a game position) plus ``item_id``
        (the card: the generator's family of exercises, or the lesson step) and ``skill``.
        ``showable`` (the app's check that it can still show a card: its generator known, its
        lesson step still there) is applied before the cap, so a card that can no longer be shown
        never takes the place of one that can.  This is the one count of due reviews
        (:meth:`due_count`).

        A card of a fixed question kept without a spec (a lesson step from a database made before
        lesson steps came back as reviews, a starter-set discard puzzle missed before its misses
        kept a spec) is offered when the learner ever missed that question: its spec is rebuilt
        from the card's key (:func:`trainer.progress.srs.rebuilt_spec`); nothing stored is changed."""
        room = max(0, self.review_cap(learner_id) - self.reviews_today(learner_id, now=now))
        if limit is not None:  # an explicit limit (a caller collecting cards of its own kind) replaces the cap
            room = limit
        if room <= 0:
            return []
        rows = self.db.execute(
            "SELECT item_id, skill, spec FROM card WHERE learner_id = ? AND due <= ?"
            f" AND (spec IS NOT NULL OR {_FIXED_QUESTION}) ORDER BY due",
            (learner_id, _iso(now or _now())),
        ).fetchall()
        missed: set[str] | None = None  # fixed questions the learner ever got wrong (read when needed)
        out = []
        for item_id, skill, spec in rows:
            if spec is None:
                if missed is None:
                    missed = self._missed_fixed_questions(learner_id)
                data = rebuilt_spec(item_id) if item_id in missed else None
            else:
                try:
                    data = json.loads(spec)
                except (ValueError, RecursionError):
                    continue
            if isinstance(data, dict):
                item = dict(data, item_id=item_id, skill=skill)
                if showable is not None and not showable(item):
                    continue
                out.append(item)
                if len(out) >= room:
                    break
        return out

    def _missed_fixed_questions(self, learner_id: int) -> set[str]:
        """The lesson steps and starter-set discard puzzles the learner ever answered wrong (from the
        answer log, which is only read)."""
        return {r[0] for r in self.db.execute(
            f"SELECT DISTINCT item_id FROM answer WHERE learner_id = ? AND correct = 0 AND {_FIXED_QUESTION}",
            (learner_id,))}

    def due_count(self, learner_id: int, *, now: datetime | None = None,
                  showable: Callable[[dict], bool] | None = None) -> int:
        """How many reviews are due now: exactly the reviews :meth:`due_reviews` offers (showable,
        within today's cap), so the home, the progress screen and the review session agree."""
        return len(self.due_reviews(learner_id, now=now, showable=showable))

    def due_skills(self, learner_id: int, *, now: datetime | None = None,
                   showable: Callable[[dict], bool] | None = None) -> list[tuple[str, int]]:
        """Skills with due reviews (those :meth:`due_reviews` offers) and how many in each, the
        largest first."""
        from collections import Counter

        counts = Counter(r["skill"] for r in self.due_reviews(learner_id, now=now, showable=showable))
        return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))

    # ---------------------------------------------------------------- lessons
    def save_lesson_step(self, learner_id: int, lesson_id: str, step: int) -> None:
        """Remember where the learner is in a lesson (for "continue where I stopped")."""
        with self._write() as db:
            db.execute(
                "INSERT INTO lesson_progress (learner_id, lesson_id, step, updated_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (learner_id, lesson_id) DO UPDATE SET step = excluded.step,"
                " updated_at = excluded.updated_at",
                (learner_id, lesson_id, step, _iso(_now())),
            )

    def complete_lesson(self, learner_id: int, lesson_id: str, score: float) -> None:
        """Mark a lesson done with a score 0..1; the best score is kept."""
        now = _iso(_now())
        with self._write() as db:
            db.execute(
                "INSERT INTO lesson_progress (learner_id, lesson_id, step, completed_at, best_score, updated_at)"
                " VALUES (?, ?, 0, ?, ?, ?) ON CONFLICT (learner_id, lesson_id) DO UPDATE SET"
                " completed_at = coalesce(completed_at, excluded.completed_at),"
                " best_score = max(coalesce(best_score, 0), excluded.best_score), step = 0,"
                " updated_at = excluded.updated_at",
                (learner_id, lesson_id, now, score, now),
            )

    def lessons(self, learner_id: int) -> dict[str, dict]:
        """Per lesson: the resume step, when it was completed and the best score."""
        rows = self.db.execute(
            "SELECT lesson_id, step, completed_at, best_score, updated_at FROM lesson_progress WHERE learner_id = ?",
            (learner_id,),
        ).fetchall()
        return {r[0]: {"step": r[1], "completed_at": r[2], "best_score": r[3], "updated_at": r[4]} for r in rows}

    def last_lesson(self, learner_id: int, among: Container[str] | None = None) -> tuple[str, int] | None:
        """The lesson the learner touched last and was not finished, with its step; with ``among``,
        the last one of those lessons (a learner's own path)."""
        rows = self.db.execute(
            "SELECT lesson_id, step FROM lesson_progress WHERE learner_id = ? AND completed_at IS NULL"
            " ORDER BY updated_at DESC",
            (learner_id,),
        )
        return next(((lid, step) for lid, step in rows if among is None or lid in among), None)

    # ------------------------------------------------------------ statistics
    def mastery(self, learner_id: int) -> list[SkillMastery]:
        """Mastery per skill, in skill-id order."""
        rows = self.db.execute(
            "SELECT skill, mastery, answers, correct FROM skill WHERE learner_id = ? ORDER BY skill", (learner_id,)
        ).fetchall()
        return [SkillMastery(*r) for r in rows]

    def days(self, learner_id: int, *, skill: str | None = None, last: int = 30,
             today: date | None = None) -> list[DayStats]:
        """Answers, accuracy and answering time per day for the last ``last`` days (days without
        answers included); study time without answers (:meth:`record_study_time`) is left out, so
        a day's seconds per answer stay the answers' own."""
        today = today or datetime.now().astimezone().date()
        first = today - timedelta(days=last - 1)
        sql = ("SELECT day, sum(answers), sum(correct), sum(seconds) FROM daily WHERE learner_id = ? AND day >= ?"
               " AND skill != ?" + (" AND skill = ?" if skill else "") + " GROUP BY day")
        args: tuple = (learner_id, first.isoformat(), STUDY_SKILL) + ((skill,) if skill else ())
        found = {r[0]: DayStats(r[0], r[1], r[2], r[3]) for r in self.db.execute(sql, args)}
        out = []
        for i in range(last):
            d = (first + timedelta(days=i)).isoformat()
            out.append(found.get(d, DayStats(d, 0, 0, 0.0)))
        return out

    def totals(self, learner_id: int) -> dict[str, float]:
        """Answers, right answers, seconds spent (answering, and studying without an answer:
        :meth:`record_study_time`) and lessons completed, over all time."""
        a = self.db.execute("SELECT coalesce(sum(answers),0), coalesce(sum(correct),0), coalesce(sum(seconds),0)"
                            " FROM daily WHERE learner_id = ?", (learner_id,)).fetchone()
        done = self.db.execute("SELECT count(*) FROM lesson_progress WHERE learner_id = ? AND completed_at IS NOT NULL",
                               (learner_id,)).fetchone()[0]
        return {"answers": a[0], "correct": a[1], "seconds": a[2], "lessons_completed": done}

    def today_count(self, learner_id: int, *, today: date | None = None) -> int:
        """Answers given today (for the daily goal)."""
        day = (today or datetime.now().astimezone().date()).isoformat()
        return self.db.execute("SELECT coalesce(sum(answers), 0) FROM daily WHERE learner_id = ? AND day = ?",
                               (learner_id, day)).fetchone()[0]

    def streak(self, learner_id: int, *, today: date | None = None) -> int:
        """Days in a row, ending today (or yesterday, if today's goal is not met yet), on which
        the learner reached the daily goal."""
        goal = self.learner(learner_id).daily_goal
        today = today or datetime.now().astimezone().date()
        met = {r[0] for r in self.db.execute(
            "SELECT day FROM daily WHERE learner_id = ? GROUP BY day HAVING sum(answers) >= ?", (learner_id, goal))}
        day = today if today.isoformat() in met else today - timedelta(days=1)
        n = 0
        while day.isoformat() in met:
            n += 1
            day -= timedelta(days=1)
        return n

    # ------------------------------------------------------- export / import
    def export_learner(self, learner_id: int) -> dict:
        """Everything about one learner as a versioned JSON-ready dict."""
        from trainer.progress.transfer import export_learner

        return export_learner(self, learner_id)

    def import_learner(self, data: dict, source: str = "file") -> Learner:
        """Add (or merge into the same learner, by uuid) a learner exported by ``export_learner``;
        the whole export is checked first and a refusal (TransferError) names ``source``."""
        from trainer.progress.transfer import import_learner

        return import_learner(self, data, source)

    def import_file(self, path: Path) -> Learner:
        """Read, check and import an export file (TransferError names the file and the field)."""
        from trainer.progress.transfer import import_file

        return import_file(self, path)

    # ------------------------------------------------------------ new cards
    def add_card(self, learner_id: int, item_id: str, skill: str, spec: dict | None = None, *,
                 due: datetime | None = None) -> bool:
        """Schedule a new review card without an answer: a new FSRS card for ``item_id`` in
        ``skill``, due at ``due`` (now unless given), shown again by ``spec`` (as in
        :meth:`record_answer`).  Nothing else changes: no answer is logged, and the day's totals,
        the daily goal, the streak and the skill's mastery are left as they are (a position from a
        game the coach judged is not the learner's answer; the learner's review answer is what
        counts).  A card the learner already has is left as it is.  Returns True when a card was
        added."""
        at = due or _now()
        key = card_key(item_id, spec)
        with self._write() as db:
            cur = db.execute(
                "INSERT INTO card (learner_id, item_id, skill, due, state, spec) VALUES (?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (learner_id, item_id) DO NOTHING",
                (learner_id, key, skill, _iso(at), initial_card(at),
                 json.dumps(spec, sort_keys=True) if spec is not None else None),
            )
        return cur.rowcount > 0


def _learner(row: sqlite3.Row) -> Learner:
    try:
        settings = json.loads(row["settings"])
    except (TypeError, ValueError, RecursionError):
        settings = {}
    if not isinstance(settings, dict):
        settings = {}
    return Learner(row["id"], row["uuid"], row["name"], row["kind"], row["created_at"], row["daily_goal"], settings)


BUSY_TIMEOUT = 10.0
"""Seconds a copy of the app waits for another copy's write (or WAL set-up) to finish."""
_WAIT: contextvars.ContextVar[float | None] = contextvars.ContextVar("progress_wait", default=None)
"""The wait of the :func:`open_store` or :func:`open_store_readonly` call running now (None: the
usual :data:`BUSY_TIMEOUT`)."""


def _waiting() -> float:
    """Seconds to wait for another program's lock while opening: the caller's ``wait``, else
    :data:`BUSY_TIMEOUT`."""
    wait = _WAIT.get()
    return BUSY_TIMEOUT if wait is None else wait
REPAIR_NOTICES = ("rebuilt_table", "added_column")
"""Repairs of a file (:func:`trainer.progress.checkup.repair`) the learner is told about."""


def _connect(path: Path) -> sqlite3.Connection:
    db = sqlite3.connect(path, isolation_level=None, timeout=_waiting())
    try:
        db.row_factory = sqlite3.Row
        db.execute(f"PRAGMA busy_timeout = {int(_waiting() * 1000)}")
        _enable_wal(db)
        db.execute("PRAGMA synchronous = FULL")
        db.execute("PRAGMA foreign_keys = ON")
    except BaseException:
        db.close()
        raise
    return db


def _enable_wal(db: sqlite3.Connection) -> None:
    """Switch to the WAL journal.  SQLite answers "database is locked" at once (without its
    busy handler) when another copy is switching at the same moment, so wait and retry."""
    deadline = time.monotonic() + _waiting()
    while True:
        try:
            db.execute("PRAGMA journal_mode = WAL").fetchone()
            return
        except sqlite3.OperationalError as e:
            if getattr(e, "sqlite_errorcode", 5) & 0xFF not in (5, 6) or time.monotonic() > deadline:
                raise
            time.sleep(0.02)


def _check(path: Path) -> None:
    """Raise DamagedStore if the file is damaged, from a newer app, or lacks what the app needs
    in a way that cannot be rebuilt in place (:func:`_verdict`); any other SQLite error (disk
    full, locked, read-only) is raised as it is.  An empty file is damage too, unless it was
    made a moment ago (a copy of the app starting now: :func:`~trainer.progress.files.is_stale_empty`)."""
    if is_stale_empty(path):
        raise DamagedStore("damaged", "the file is empty", (FileProblem("empty"),))
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=_waiting(), isolation_level=None)
        try:
            # one read transaction: the version and the tables are read from the same moment, even
            # while a copy of the app started at the same time commits its migrations one by one
            db.execute("BEGIN")
            try:
                _verdict(db)
            finally:
                db.execute("ROLLBACK")
        finally:
            db.close()
    except sqlite3.DatabaseError as e:
        if is_damage(e):
            raise DamagedStore("damaged", f"the file is not a readable database: {e}") from None
        raise


def _verdict(db: sqlite3.Connection) -> int:
    """Raise DamagedStore unless the open database ``db`` passes ``quick_check``, is not from a
    newer app and holds every table, column and value the app needs, or can have them rebuilt
    in place (:func:`trainer.progress.checkup.inspect`); returns its schema version."""
    version = db.execute("PRAGMA user_version").fetchone()[0]
    result = db.execute("PRAGMA quick_check").fetchone()[0]
    if result != "ok":
        raise DamagedStore("damaged", f"the database failed its integrity check: {result}")
    if version > SCHEMA_VERSION:
        raise DamagedStore("newer", f"the database was written by a newer version of the app "
                                    f"(schema {version}, this app reads up to {SCHEMA_VERSION})")
    found = inspect(db, version)
    if found.damage:
        raise DamagedStore("damaged", found.english(), tuple(found.damage))
    return version


def _migrate(db: sqlite3.Connection) -> None:
    """Apply every migration the database lacks, each in its own transaction."""
    version = db.execute("PRAGMA user_version").fetchone()[0]
    for target in range(version, SCHEMA_VERSION):
        db.execute("BEGIN IMMEDIATE")
        try:
            current = db.execute("PRAGMA user_version").fetchone()[0]
            if current == target:  # another copy of the app may have migrated meanwhile
                for statement in MIGRATIONS[target].split(";"):
                    if statement.strip():
                        db.execute(statement)
                db.execute(f"PRAGMA user_version = {target + 1}")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")


def _open_checked(path: Path, notices: tuple[StoreNotice, ...]) -> ProgressStore:
    """Open the database, turning every failure that is not damage into StoreUnavailable."""
    try:
        return ProgressStore(path, notices=notices)
    except (sqlite3.Error, OSError) as e:
        if isinstance(e, sqlite3.DatabaseError) and is_damage(e):
            raise DamagedStore("damaged", f"the file is not a readable database: {e}") from None
        raise StoreUnavailable(path, reason(e)) from None


def open_store(path: Path | None = None, *, wait: float | None = None) -> ProgressStore:
    """Open (or create) the learner database.

    Only a damaged file, or one from a newer app, is renamed aside (with a timestamp, never
    deleted) and a fresh database started; ``store.notices`` then says what happened so the
    app can tell the learner.  A file another running copy has open is never renamed.  Any
    other problem (disk full, locked, read-only folder, a folder or a file where the other
    belongs: :func:`~trainer.progress.files.place_problem`) raises :class:`StoreUnavailable`
    and leaves every file as it was.  ``wait``: seconds to wait for another program's lock
    (:data:`BUSY_TIMEOUT` unless given)."""
    token = _WAIT.set(wait)
    try:
        return _open_store(Path(path) if path is not None else data_dir() / DB_NAME)
    finally:
        _WAIT.reset(token)


def _open_store(path: Path) -> ProgressStore:
    """:func:`open_store` for ``path``."""
    misplaced = place_problem(path)
    if misplaced is not None:
        raise misplaced
    notices: list[StoreNotice] = []
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        finished = finish_set_aside(path)
    except OSError as e:
        raise StoreUnavailable(path, reason(e)) from None
    if finished is not None:
        kind = next((k for k in ("newer", "orphan") if f".{k}-" in finished.name), "damaged")
        notices.append(StoreNotice(kind, finished, "an interrupted attempt to keep the file aside was completed"))
    for _attempt in range(3):
        if not path.exists():
            return _salvage_into(_create(path, notices))
        seen = identity(path)
        refused = access_problem(path)  # a read-only or unreadable file: nothing is opened or made
        if refused is not None:
            raise refused
        try:
            _check(path)
            return _open_checked(path, tuple(notices))
        except DamagedStore as e:
            kind, detail, problems = e.kind, e.detail, e.problems
        except (sqlite3.Error, OSError) as e:
            raise StoreUnavailable(path, reason(e)) from None
        try:
            moved = set_aside(path, kind, expect=seen)
        except InUse as e:
            raise StoreUnavailable(path, f"{kind} database, but {e}; close the other copy and start again") \
                from None
        except OSError as e:
            raise StoreUnavailable(path, f"{detail}, and it could not be renamed: {reason(e)}") from None
        notices.append(StoreNotice(kind, moved, detail, problems=problems))
    raise StoreUnavailable(path, "the file keeps changing while it is opened")


EARLIER = "a file kept aside earlier"


def _salvage_into(store: ProgressStore) -> ProgressStore:
    """A new store started in place of a damaged file receives every row of that file that can
    still be read (:func:`trainer.progress.salvage.salvage`); each notice says what was copied."""
    from trainer.progress.salvage import salvage

    notices = []
    for n in store.notices:
        if n.kind == "damaged" and n.detail != EARLIER:
            cleaned: list[FileProblem] = []
            try:
                copied = salvage(n.moved_to, store, cleaned=cleaned)
            except (sqlite3.Error, OSError):
                copied = {}  # nothing rescued: the file is still kept aside for the learner
            problems = [p for p in n.problems if p.what != "bad_value" or not cleaned] + grouped(cleaned)
            n = dataclasses.replace(n, recovered=tuple(copied.items()), problems=tuple(problems))
        notices.append(n)
    store.notices = tuple(notices)
    return store


def _create(path: Path, notices: list[StoreNotice]) -> ProgressStore:
    """Start a new database.  When files were set aside before (perhaps by a start that
    then failed on a full disk), the learner is told again: that notice must not be lost.
    If creating fails, the empty files this attempt made are removed for the same reason."""
    known = {n.moved_to for n in notices}
    for kind in ("damaged", "newer", "orphan"):
        for p in sorted(path.parent.glob(f"{path.name}.{kind}-*")):
            if p not in known and not p.name.endswith(COMPANIONS):
                notices.append(StoreNotice(kind, p, EARLIER))
    before = existing(path)
    try:
        return _open_checked(path, tuple(notices))
    except (StoreUnavailable, DamagedStore):
        discard_new_empty(path, before)
        raise


def open_store_readonly(path: Path | None = None, *, wait: float | None = None) -> ProgressStore:
    """Open an existing learner database only to read it (``progress list`` and ``export``):
    nothing is created, migrated, renamed or written, so a file kept aside can be looked into.

    A missing file raises FileNotFoundError; a damaged file, or one from a newer app,
    DamagedStore (``kind`` "damaged" or "newer"); any other problem StoreUnavailable, whose
    ``__cause__`` is SQLite's (or the system's) error.  A file without ``-wal``/``-shm`` beside
    it is opened ``immutable`` (SQLite then makes no companion files either); one with them is
    opened ``mode=ro``, so answers still in the ``-wal`` are read.  A database with an older
    schema, or one lacking a part the app rebuilds in place, is read through a copy in memory that
    is brought up to date there; one whose tables or values the app cannot use as they are
    (:func:`trainer.progress.checkup.inspect`) through a new store in memory that every readable
    row is copied into, as when the app sets such a file aside (:mod:`trainer.progress.salvage`):
    what is shown and exported is what the app would keep.  A folder or a file where the other
    belongs (:func:`~trainer.progress.files.place_problem`) raises StoreUnavailable; ``wait``: seconds
    to wait for another program's lock (:data:`BUSY_TIMEOUT` unless given)."""
    path = Path(path) if path is not None else data_dir() / DB_NAME
    misplaced = place_problem(path)
    if misplaced is not None:
        raise misplaced
    if not path.is_file():
        raise FileNotFoundError(2, "no such file", str(path))
    token = _WAIT.set(wait)
    try:
        return _open_readonly(path)
    finally:
        _WAIT.reset(token)


def _open_readonly(path: Path) -> ProgressStore:
    """:func:`open_store_readonly` of an existing file."""
    if is_stale_empty(path):
        raise DamagedStore("damaged", "the file is empty", (FileProblem("empty"),))
    # ``immutable`` only for a file nobody writes now: a -wal, or the rollback journal of a write in
    # progress by another program, means SQLite's locks and journals must be followed
    companions = any(path.with_name(path.name + s).exists() for s in (*COMPANIONS, "-journal"))
    uri = path.absolute().as_uri() + ("?mode=ro" if companions else "?mode=ro&immutable=1")
    db: sqlite3.Connection | None = None
    try:
        db = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=_waiting())
        db.row_factory = sqlite3.Row
        try:
            version = _verdict(db)
        except DamagedStore as e:
            if not e.problems:
                raise
            db.close()
            db = None
            return _salvaged_copy(path)
        if version < SCHEMA_VERSION or inspect(db, version, values=False).repairs:
            copy = sqlite3.connect(":memory:", isolation_level=None)
            db.backup(copy)
            db.close()
            db = copy
            db.row_factory = sqlite3.Row
            repair(db)
            _migrate(db)
    except DamagedStore:
        if db is not None:
            db.close()
        raise
    except (sqlite3.Error, OSError) as e:
        if db is not None:
            db.close()
        if isinstance(e, sqlite3.DatabaseError) and is_damage(e):
            raise DamagedStore("damaged", f"the file is not a readable database: {e}") from e
        raise StoreUnavailable(path, reason(e)) from e
    store = ProgressStore.__new__(ProgressStore)
    store.path, store.notices, store.db = path, (), db
    return store


def _salvaged_copy(path: Path) -> ProgressStore:
    """A new store in memory holding every row of ``path`` the app can use (the file is only
    read); its ``path`` is the file's, so the learner's saved games are found beside it."""
    from trainer.progress.salvage import salvage

    store = ProgressStore(Path(":memory:"))
    try:
        salvage(path, store)
    except BaseException:
        store.close()
        raise
    store.path = path
    return store
