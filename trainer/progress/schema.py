"""The progress database schema as a list of migrations.

``MIGRATIONS[i]`` brings a database from ``user_version`` i to i + 1.  A new
version of the app only ever appends a migration; tests build a database at
every earlier version and migrate it to the current one.
"""

from __future__ import annotations

MIGRATIONS: list[str] = [
    # v1: learners and the answer log.
    """
    CREATE TABLE learner (
        id          INTEGER PRIMARY KEY,
        uuid        TEXT NOT NULL UNIQUE,
        name        TEXT NOT NULL,
        kind        TEXT NOT NULL DEFAULT 'adult' CHECK (kind IN ('adult', 'child')),
        created_at  TEXT NOT NULL
    );
    CREATE TABLE answer (
        id          INTEGER PRIMARY KEY,
        uuid        TEXT NOT NULL UNIQUE,
        learner_id  INTEGER NOT NULL REFERENCES learner(id),
        answered_at TEXT NOT NULL,
        source      TEXT NOT NULL,
        item_id     TEXT NOT NULL,
        skill       TEXT NOT NULL,
        correct     INTEGER NOT NULL CHECK (correct IN (0, 1)),
        seconds     REAL NOT NULL,
        hints       INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX answer_by_learner_time ON answer(learner_id, answered_at);
    """,
    # v2: lessons (resume point, completion) and mastery per skill.
    """
    CREATE TABLE lesson_progress (
        learner_id   INTEGER NOT NULL REFERENCES learner(id),
        lesson_id    TEXT NOT NULL,
        step         INTEGER NOT NULL DEFAULT 0,
        completed_at TEXT,
        best_score   REAL,
        updated_at   TEXT NOT NULL,
        PRIMARY KEY (learner_id, lesson_id)
    );
    CREATE TABLE skill (
        learner_id  INTEGER NOT NULL REFERENCES learner(id),
        skill       TEXT NOT NULL,
        mastery     REAL NOT NULL DEFAULT 0,
        answers     INTEGER NOT NULL DEFAULT 0,
        correct     INTEGER NOT NULL DEFAULT 0,
        updated_at  TEXT NOT NULL,
        PRIMARY KEY (learner_id, skill)
    );
    """,
    # v3: spaced repetition cards (fsrs), per-learner settings, daily totals for charts and streaks.
    """
    CREATE TABLE card (
        learner_id  INTEGER NOT NULL REFERENCES learner(id),
        item_id     TEXT NOT NULL,
        skill       TEXT NOT NULL,
        due         TEXT NOT NULL,
        state       TEXT NOT NULL,
        PRIMARY KEY (learner_id, item_id)
    );
    CREATE INDEX card_due ON card(learner_id, due);
    ALTER TABLE learner ADD COLUMN settings TEXT NOT NULL DEFAULT '{}';
    ALTER TABLE learner ADD COLUMN daily_goal INTEGER NOT NULL DEFAULT 20;
    CREATE TABLE daily (
        learner_id  INTEGER NOT NULL REFERENCES learner(id),
        day         TEXT NOT NULL,
        skill       TEXT NOT NULL,
        answers     INTEGER NOT NULL DEFAULT 0,
        correct     INTEGER NOT NULL DEFAULT 0,
        seconds     REAL NOT NULL DEFAULT 0,
        PRIMARY KEY (learner_id, day, skill)
    );
    INSERT INTO daily (learner_id, day, skill, answers, correct, seconds)
        SELECT learner_id, substr(answered_at, 1, 10), skill, count(*), sum(correct), sum(seconds)
        FROM answer GROUP BY learner_id, substr(answered_at, 1, 10), skill;
    """,
    # v4: how to bring an item back (generator, parameters and seed, or lesson and step), so a
    # review session can show the very exercise the learner missed.
    """
    ALTER TABLE card ADD COLUMN spec TEXT;
    """,
]

SCHEMA_VERSION = len(MIGRATIONS)
"""The ``PRAGMA user_version`` this version of the app writes."""
