"""What a progress file must hold, checked each time it is opened.

``quick_check`` finds a damaged page.  It does not find a file that is whole but lacks a table
or a column the app needs (edited by another tool, half restored from a backup), nor a value of
the wrong type (``'many'`` as the daily goal): without this check the app trusted such a file,
and then lost every answer («no such table: card») or stopped at start.

The tables and columns the app needs are not listed here by hand: :func:`shape` runs the
migrations (:data:`trainer.progress.schema.MIGRATIONS`) on an empty database in memory and reads
back what they made.  :func:`inspect` compares a file with the shape of its schema version and
sorts what is wrong in two:

- what can be rebuilt in place (:func:`repair`, one line for the learner): a missing table whose
  rows follow from the answer log (:data:`DERIVED`: the daily totals, mastery per skill), a missing
  column SQLite can add (one that may be empty or has a default), a missing index;
- everything else is damage: the store sets the file aside and copies every row it can read into
  a new file (:mod:`trainer.progress.salvage`), where :func:`clean_row` gives a value of the wrong
  type its column's default, or leaves the row out when the column has none (the file kept aside
  still holds it).

A value is checked by its column's declared type and, for the columns that hold times, days,
JSON or review cards, by what the app reads them as (:data:`MEANINGS`); detection (in SQL, with
the same Python checks registered as functions) and cleaning use the same checks, so a cleaned
file always passes.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import math
import sqlite3
import uuid as uuidlib
from collections.abc import Callable
from datetime import UTC, date, datetime

from trainer.i18n import N_, _, ngettext
from trainer.progress.schema import MIGRATIONS, SCHEMA_VERSION


@dataclasses.dataclass(frozen=True)
class Column:
    """A column as the migrations make it."""

    name: str
    type: str
    notnull: bool
    default: str | None  # SQL text, as SQLite keeps it
    key: bool  # part of the primary key or of a UNIQUE constraint

    @property
    def addable(self) -> bool:
        """Whether ``ALTER TABLE ... ADD COLUMN`` can bring it back (it may be empty or has a default)."""
        return not self.key and (not self.notnull or self.default is not None)

    def definition(self) -> str:
        """The column's definition for ``ADD COLUMN``."""
        return " ".join(x for x in (self.name, self.type, "NOT NULL" if self.notnull else "",
                                    f"DEFAULT {self.default}" if self.default is not None else "") if x)


@dataclasses.dataclass(frozen=True)
class Table:
    """A table as the migrations make it: its CREATE statement, columns and indexes."""

    name: str
    sql: str
    columns: dict[str, Column]
    indexes: dict[str, str]  # index name -> its CREATE INDEX statement


@functools.cache
def shape(version: int = SCHEMA_VERSION) -> dict[str, Table]:
    """The tables a database of schema ``version`` holds: the migrations up to it, run in memory."""
    db = sqlite3.connect(":memory:")
    try:
        for script in MIGRATIONS[:max(0, version)]:
            db.executescript(script)
        return {name: _table(db, name, sql) for name, sql in
                db.execute("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY rowid")}
    finally:
        db.close()


def _table(db: sqlite3.Connection, name: str, sql: str) -> Table:
    unique = set()
    for index in db.execute(f"PRAGMA index_list({name})").fetchall():
        if index[3] == "u":
            unique |= {r[2] for r in db.execute(f"PRAGMA index_info({index[1]})")}
    columns = {r[1]: Column(r[1], r[2], bool(r[3]), r[4], bool(r[5]) or r[1] in unique)
               for r in db.execute(f"PRAGMA table_info({name})")}
    indexes = dict(db.execute("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ?"
                              " AND sql IS NOT NULL", (name,)).fetchall())
    return Table(name, sql, columns, indexes)


@functools.cache
def default_value(sql: str) -> object:
    """A column default's value (its SQL text evaluated)."""
    db = sqlite3.connect(":memory:")
    try:
        return db.execute(f"SELECT {sql}").fetchone()[0]  # noqa: S608 - the schema's own text
    finally:
        db.close()


# ------------------------------------------------------------------- problems

@dataclasses.dataclass(frozen=True)
class FileProblem:
    """One thing wrong with a progress file (or rebuilt in it), for the learner and for logs.

    ``what`` is one of :data:`PROBLEM_TEXTS`; ``value`` the bad value as shown (a bad value), and
    ``default`` the value used instead as shown, or the English words for it when ``default_words``
    (None: the row was left out); ``rows``: how many rows of the column held a bad value; ``item``:
    what the first such row was about, when the learner knows it by name (a lesson's id:
    :data:`ITEM_COLUMNS`)."""

    what: str
    table: str = ""
    column: str = ""
    value: str = ""
    default: str | None = None
    default_words: bool = False
    rows: int = 1
    item: str = ""

    def english(self) -> str:
        """What is wrong, in English, naming the table and the column (logs, the error's text)."""
        return self._message().format(**self._values(lambda text: text))

    def translated(self, titles: Callable[[str], str | None] | None = None) -> str:
        """What is wrong, in the learner's language and words (:data:`LEARNER_TEXTS`): what the
        table or column holds for the learner (:data:`TABLE_WORDS`, :data:`COLUMN_WORDS`), never its
        name in the file; ``titles`` turns a lesson's id into its title."""
        if self.what != "bad_value":
            return _(LEARNER_TEXTS[self.what]).format(what=self._words(), value=self.value)
        default = _(self.default) if self.default is not None and self.default_words else self.default
        count = ROW_COUNTS.get(self.table, ROW_COUNTS[""])(self.rows).format(n=self.rows)
        key = ("bad_value" if self.default is not None else "bad_row") + ("s" if self.rows > 1 else "")
        return _(LEARNER_TEXTS[key]).format(what=self._words(), value=self._value_text(titles), count=count,
                                            default=default or "")

    def _words(self) -> str:
        """What the table or column holds, in the learner's words."""
        if self.column:
            words = COLUMN_WORDS.get((self.table, self.column))
            return _(words) if words is not None else f"'{self.table}.{self.column}'"
        words = TABLE_WORDS.get(self.table)
        return _(words) if words is not None else f"'{self.table}'"

    def _value_text(self, titles: Callable[[str], str | None] | None) -> str:
        """The bad value, and the lesson of its row when there is one."""
        if not self.item:
            return self.value
        title = (titles(self.item) if titles is not None else None) or self.item
        # TRANSLATORS: a value of a damaged progress file that could not be read, and the lesson it belonged to.
        return _("{value} in the lesson “{title}”").format(value=self.value, title=title)

    def _message(self) -> str:
        if self.what != "bad_value":
            return PROBLEM_TEXTS[self.what]
        return PROBLEM_TEXTS[("bad_row" if self.default is None else "bad_value") + ("s" if self.rows > 1 else "")]

    def _values(self, words: Callable[[str], str]) -> dict[str, str]:
        default = words(self.default) if self.default is not None and self.default_words else self.default
        return {"table": self.table, "column": self.column, "value": self.value, "default": default or "",
                "n": str(self.rows)}


PROBLEM_TEXTS: dict[str, str] = {
    "empty": "the file is empty",
    "version": "its schema version {value} is not one this app ever wrote",
    "mismatch": "the table '{table}' does not belong to its schema version {value}",
    "missing_table": "the table '{table}' is missing",
    "missing_column": "the column '{column}' of the table '{table}' is missing",
    "bad_value": "'{table}.{column}' held {value}, so {default} is used instead",
    "bad_values": "'{table}.{column}' held values the app cannot read in {n} rows (the first: {value}), "
                  "so {default} is used instead",
    "bad_row": "'{table}.{column}' held {value}, so that row was left out",
    "bad_rows": "'{table}.{column}' held values the app cannot read in {n} rows (the first: {value}), "
                "so those rows were left out",
    "rebuilt_table": "the table '{table}' was rebuilt from the answers",
    "added_column": "the column '{column}' was added to the table '{table}'",
    "index": "the index '{column}' of the table '{table}' was made again",
}
"""What each kind of :class:`FileProblem` says in a log, naming the tables and columns (English only:
the learner reads :data:`LEARNER_TEXTS`)."""
LEARNER_TEXTS: dict[str, str] = {
    "empty": N_("the file is empty"),
    "version": N_("it says it is of version {value}, which this app never wrote"),
    "mismatch": N_("its {what} cannot be in a file of its version {value}"),
    "missing_table": N_("it has no {what}"),
    "missing_column": N_("it keeps no {what}"),
    "rebuilt_table": N_("its {what} had to be worked out again from the answers"),
    "added_column": N_("it kept no {what}, so that was added empty"),
    "index": N_("an index was made again"),
    "bad_value": N_("{what} could not be read ({value}), so {default} is used instead"),
    "bad_values": N_("{what} could not be read ({count}, the first: {value}), so {default} is used instead"),
    "bad_row": N_("{what} could not be read ({value}), so {count} was not carried over; the file kept aside "
                  "still has it"),
    "bad_rows": N_("{what} could not be read (the first: {value}), so {count} were not carried over; the file kept "
                   "aside still has them"),
}
"""What each kind of :class:`FileProblem` says to the learner, in the learner's words: ``{what}`` is
what the table or column holds (:data:`TABLE_WORDS`, :data:`COLUMN_WORDS`), ``{count}`` how many rows
(:data:`ROW_COUNTS`)."""
TABLE_WORDS: dict[str, str] = {
    "learner": N_("list of learners"),
    "answer": N_("answer log"),
    "lesson_progress": N_("record of lessons"),
    "skill": N_("mastery per skill"),
    "card": N_("review cards"),
    "daily": N_("daily totals"),
}
"""What each table of the progress file holds, as the learner knows it."""
COLUMN_WORDS: dict[tuple[str, str], str] = {
    ("learner", "id"): N_("the number of a learner"),
    ("learner", "uuid"): N_("the id of a learner"),
    ("learner", "name"): N_("the name of a learner"),
    ("learner", "kind"): N_("whether a learner is a child"),
    ("learner", "created_at"): N_("when a learner was added"),
    ("learner", "settings"): N_("the settings of a learner"),
    ("learner", "daily_goal"): N_("the daily goal of a learner"),
    ("answer", "id"): N_("the number of an answer"),
    ("answer", "uuid"): N_("the id of an answer"),
    ("answer", "learner_id"): N_("whose answer it was"),
    ("answer", "answered_at"): N_("the time of an answer"),
    ("answer", "source"): N_("where an answer was given"),
    ("answer", "item_id"): N_("the question of an answer"),
    ("answer", "skill"): N_("the skill of an answer"),
    ("answer", "correct"): N_("whether an answer was right"),
    ("answer", "seconds"): N_("how long an answer took"),
    ("answer", "hints"): N_("the hints taken for an answer"),
    ("lesson_progress", "learner_id"): N_("whose lesson it was"),
    ("lesson_progress", "lesson_id"): N_("which lesson it was"),
    ("lesson_progress", "step"): N_("the step a lesson goes on from"),
    ("lesson_progress", "completed_at"): N_("when a lesson was completed"),
    ("lesson_progress", "best_score"): N_("the best result of a lesson"),
    ("lesson_progress", "updated_at"): N_("when a lesson was last opened"),
    ("skill", "learner_id"): N_("whose skill it was"),
    ("skill", "skill"): N_("which skill it was"),
    ("skill", "mastery"): N_("the mastery of a skill"),
    ("skill", "answers"): N_("the number of answers in a skill"),
    ("skill", "correct"): N_("the number of right answers in a skill"),
    ("skill", "updated_at"): N_("when a skill last changed"),
    ("card", "learner_id"): N_("whose review card it was"),
    ("card", "item_id"): N_("the question of a review card"),
    ("card", "skill"): N_("the skill of a review card"),
    ("card", "due"): N_("when a review card comes back"),
    ("card", "state"): N_("the schedule of a review card"),
    ("card", "spec"): N_("how a review card shows its question"),
    ("daily", "learner_id"): N_("whose day it was"),
    ("daily", "day"): N_("the day of a daily total"),
    ("daily", "skill"): N_("the skill of a daily total"),
    ("daily", "answers"): N_("the number of answers in a day"),
    ("daily", "correct"): N_("the number of right answers in a day"),
    ("daily", "seconds"): N_("the time spent in a day"),
}
"""What each column of the progress file holds, as the learner knows it (tests check every column of
:func:`shape` has words here)."""
ROW_COUNTS: dict[str, Callable[[int], str]] = {
    "learner": lambda n: ngettext("{n} learner", "{n} learners", n),
    "answer": lambda n: ngettext("{n} answer", "{n} answers", n),
    "lesson_progress": lambda n: ngettext("{n} lesson", "{n} lessons", n),
    "skill": lambda n: ngettext("{n} skill", "{n} skills", n),
    "card": lambda n: ngettext("{n} review card", "{n} review cards", n),
    "daily": lambda n: ngettext("{n} day", "{n} days", n),
    "": lambda n: ngettext("{n} row", "{n} rows", n),
}
"""How many rows of a table, in the learner's words (in the current language; ``{n}`` not filled in)."""
ITEM_COLUMNS: dict[str, str] = {"lesson_progress": "lesson_id"}
"""Tables whose rows the learner knows by name, and the column holding it (a lesson's title is shown)."""
SILENT = ("index",)
"""Repairs the learner is not told about (an index holds no data)."""
SHOWN_PROBLEMS = 4
"""The most problems named in one notice; the others are counted."""


def problems_text(problems: tuple[FileProblem, ...] | list[FileProblem],
                  titles: Callable[[str], str | None] | None = None) -> str:
    """Every problem in the learner's language and words, one after the other (past
    :data:`SHOWN_PROBLEMS`, how many more there are); ``titles`` turns a lesson's id into its title."""
    shown_ = [p for p in problems if p.what not in SILENT]
    if not shown_:
        return ""
    text = "; ".join(p.translated(titles) for p in shown_[:SHOWN_PROBLEMS])
    if len(shown_) > SHOWN_PROBLEMS:
        # TRANSLATORS: the things wrong with a progress file, and how many more there are.
        text = _("{problem} (and {n} more)").format(problem=text, n=len(shown_) - SHOWN_PROBLEMS)
    return text


def grouped(problems: list[FileProblem]) -> list[FileProblem]:
    """Bad values of the same column and outcome as one problem (the first value, the rows
    counted); other problems as they are, in their order."""
    out: dict[tuple, FileProblem] = {}
    for p in problems:
        key = (p.what, p.table, p.column, p.default is None) if p.what == "bad_value" else (len(out),)
        first = out.get(key)
        out[key] = p if first is None else dataclasses.replace(first, rows=first.rows + p.rows)
    return list(out.values())


def shown(value: object) -> str:
    """A bad value as the learner reads it (short; bytes as hex)."""
    if isinstance(value, bytes):
        text = "x'" + value[:16].hex() + ("…" if len(value) > 16 else "") + "'"
    elif value is None:
        text = "NULL"
    else:
        text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


# ------------------------------------------------------------------- values

def _ok_time(value: object) -> bool:
    """An ISO 8601 time the app can read (one without a time zone, as an older salvage wrote, is
    read as local time; an export leaves out what its import refuses:
    :func:`trainer.progress.transfer.importable`)."""
    if type(value) is not str:
        return False
    try:
        datetime.fromisoformat(value).astimezone(UTC)
    except (ValueError, OverflowError):
        return False
    return True


def _ok_day(value: object) -> bool:
    if type(value) is not str or len(value) != 10:
        return False
    try:
        date.fromisoformat(value)
    except ValueError:
        return False
    return True


def _ok_object(value: object) -> bool:
    if type(value) is not str:
        return False
    try:
        return isinstance(json.loads(value), dict)
    except (ValueError, RecursionError):
        return False


def _ok_card(value: object) -> bool:
    from fsrs import Card

    if not _ok_object(value):
        return False
    try:
        Card.from_json(value)
    except Exception:  # noqa: BLE001 - whatever fsrs raises, it is not a card
        return False
    return True


def _ok_number(value: object) -> bool:
    return type(value) in (int, float) and math.isfinite(value)


@dataclasses.dataclass(frozen=True)
class Kind:
    """How a kind of value is checked: in SQL (``{c}`` the column) and in Python, alike."""

    sql: str
    ok: Callable[[object], bool]
    function: str = ""  # the name the Python check is registered under, when the SQL calls it


KINDS: dict[str, Kind] = {
    "INTEGER": Kind("typeof({c}) = 'integer'", lambda v: type(v) is int),
    "REAL": Kind("typeof({c}) IN ('integer', 'real') AND abs({c}) < 9e999", _ok_number),
    "TEXT": Kind("typeof({c}) = 'text'", lambda v: type(v) is str),
    "flag": Kind("typeof({c}) = 'integer' AND {c} IN (0, 1)", lambda v: type(v) is int and v in (0, 1)),
    "learner_kind": Kind("typeof({c}) = 'text' AND {c} IN ('adult', 'child')",
                         lambda v: type(v) is str and v in ("adult", "child")),
    "time": Kind("trainer_ok_time({c})", _ok_time, "trainer_ok_time"),
    "day": Kind("trainer_ok_day({c})", _ok_day, "trainer_ok_day"),
    "json_object": Kind("trainer_ok_object({c})", _ok_object, "trainer_ok_object"),
    "card_state": Kind("trainer_ok_card({c})", _ok_card, "trainer_ok_card"),
}
"""Each kind of value: the declared column types, and the meanings of :data:`MEANINGS`."""
MEANINGS: dict[tuple[str, str], str] = {
    ("learner", "kind"): "learner_kind",
    ("learner", "created_at"): "time",
    ("learner", "settings"): "json_object",
    ("answer", "answered_at"): "time",
    ("answer", "correct"): "flag",
    ("lesson_progress", "completed_at"): "time",
    ("lesson_progress", "updated_at"): "time",
    ("skill", "updated_at"): "time",
    ("card", "due"): "time",
    ("card", "state"): "card_state",
    ("card", "spec"): "json_object",
    ("daily", "day"): "day",
}
"""Columns whose values mean more than their declared type: what the app reads them as."""


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


NOW = N_("the time of the repair")
NEW_ID = N_("a new id")


def _new_card() -> str:
    from trainer.progress.srs import initial_card

    return initial_card(datetime.now(UTC))


def _default_name() -> str:
    from trainer.progress.names import DEFAULT_NAME

    return DEFAULT_NAME


FALLBACKS: dict[tuple[str, str], Callable[[], object]] = {
    ("learner", "uuid"): lambda: str(uuidlib.uuid4()),
    ("learner", "name"): _default_name,
    ("learner", "created_at"): _now,
    ("answer", "uuid"): lambda: str(uuidlib.uuid4()),
    ("answer", "seconds"): lambda: 0.0,
    ("lesson_progress", "updated_at"): _now,
    ("skill", "updated_at"): _now,
    ("card", "due"): _now,  # the card comes back now
    ("card", "state"): _new_card,  # a new card: its schedule starts again
}
"""A value for a column that must hold one and has no default: without one here, a row whose
value is bad is left out (its learner, item, skill or time cannot be made up)."""
DEFAULT_WORDS: dict[tuple[str, str], str] = {
    ("learner", "uuid"): NEW_ID,
    ("learner", "created_at"): NOW,
    ("answer", "uuid"): NEW_ID,
    ("lesson_progress", "updated_at"): NOW,
    ("skill", "updated_at"): NOW,
    ("skill", "mastery"): N_("the mastery worked out again from the answers"),
    ("card", "due"): NOW,
    ("card", "state"): N_("a new review card"),
    ("learner", "kind"): N_("an adult's profile"),
    ("learner", "settings"): N_("the usual settings"),
    ("lesson_progress", "step"): N_("the lesson's first step"),
    ("lesson_progress", "best_score"): N_("no result"),
    ("lesson_progress", "completed_at"): N_("not completed"),
    ("card", "spec"): N_("a new question of the same kind"),
}
"""How the learner is told what replaced a bad value, when the value itself says little."""


SKIP = object()
"""What a bad value becomes when its row is left out."""


def _kind(table: str, column: Column) -> Kind:
    return KINDS[MEANINGS.get((table, column.name), column.type)]


def register(db: sqlite3.Connection) -> None:
    """Make the Python checks of :data:`KINDS` callable from SQL on ``db``."""
    for kind in KINDS.values():
        if kind.function:
            db.create_function(kind.function, 1, kind.ok, deterministic=True)


def _good(table: str, column: Column) -> str:
    """SQL that is true when the column's value is one the app can read."""
    test = _kind(table, column).sql.format(c=column.name)
    return test if column.notnull else f"({column.name} IS NULL OR {test})"


def _first_bad_value(db: sqlite3.Connection, table: str, columns: list[Column]) -> FileProblem | None:
    """The first value of ``table`` the app could not read, or None."""
    names = ", ".join(c.name for c in columns)
    where = " OR ".join(f"NOT ({_good(table, c)})" for c in columns)
    row = db.execute(f"SELECT {names} FROM {table} WHERE {where} LIMIT 1").fetchone()  # noqa: S608 - schema names
    if row is None:
        return None
    for column, value in zip(columns, row, strict=True):
        if not _value_ok(table, column, value):
            return _bad(table, column, value)[1]
    return None


def _value_ok(table: str, column: Column, value: object) -> bool:
    return (value is None and not column.notnull) or _kind(table, column).ok(value)


def _bad(table: str, column: Column, value: object) -> tuple[object, FileProblem]:
    """What a bad value becomes (the column's default; :data:`SKIP` for none) and the problem."""
    if column.default is not None:
        new = default_value(column.default)
    elif not column.notnull:
        new = None
    elif (table, column.name) in FALLBACKS:
        new = FALLBACKS[(table, column.name)]()
    else:
        return SKIP, FileProblem("bad_value", table, column.name, shown(value))
    words = DEFAULT_WORDS.get((table, column.name))
    return new, FileProblem("bad_value", table, column.name, shown(value), words or shown(new), words is not None)


def _item(table: str, columns: list[str], row: tuple) -> str:
    """What a row is about, when the learner knows it by name (:data:`ITEM_COLUMNS`), else ``""``."""
    name = ITEM_COLUMNS.get(table)
    value = row[columns.index(name)] if name in columns else None
    return value if isinstance(value, str) else ""


def clean_row(table: str, columns: list[str], row: tuple) -> tuple[tuple | None, list[FileProblem]]:
    """A row read from a damaged file, each bad value replaced (:func:`_bad`); None when the row is
    left out.  Columns the app does not know are kept as they are."""
    known = shape()[table].columns if table in shape() else {}
    out, problems = list(row), []
    for i, name in enumerate(columns):
        column = known.get(name)
        if column is None or _value_ok(table, column, row[i]):
            continue
        new, problem = _bad(table, column, row[i])
        problems.append(dataclasses.replace(problem, item=_item(table, columns, row)))
        if new is SKIP:
            return None, problems
        out[i] = new
    return tuple(out), problems


# ------------------------------------------------------------------- the schema

def _refill_daily(db: sqlite3.Connection) -> None:
    """The daily totals, from the answer log (as the migration that made the table did)."""
    db.execute("INSERT OR IGNORE INTO daily (learner_id, day, skill, answers, correct, seconds)"
               " SELECT learner_id, substr(answered_at, 1, 10), skill, count(*), sum(correct), sum(seconds)"
               " FROM answer GROUP BY learner_id, substr(answered_at, 1, 10), skill")


def _refill_skill(db: sqlite3.Connection) -> None:
    """Each skill's counts and mastery, replayed from the answer log."""
    from trainer.progress.transfer import count_merged_answers

    for (learner_id,) in db.execute("SELECT DISTINCT learner_id FROM answer").fetchall():
        count_merged_answers(db, learner_id)


DERIVED: dict[str, Callable[[sqlite3.Connection], None]] = {"daily": _refill_daily, "skill": _refill_skill}
"""Tables whose rows follow from the answer log, and how to fill each again."""


@dataclasses.dataclass
class Findings:
    """What :func:`inspect` found: damage (the file is set aside and salvaged) and what
    :func:`repair` rebuilds in place."""

    damage: list[FileProblem] = dataclasses.field(default_factory=list)
    repairs: list[FileProblem] = dataclasses.field(default_factory=list)

    def english(self) -> str:
        """The damage, in English (the text of the error)."""
        return "; ".join(p.english() for p in self.damage)


def _file_tables(db: sqlite3.Connection) -> dict[str, set[str]]:
    names = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    return {n: {r[1] for r in db.execute(f"PRAGMA table_info('{n}')")} for n in names if "'" not in n}


def inspect(db: sqlite3.Connection, version: int, *, values: bool = True) -> Findings:
    """Compare the database ``db`` (schema ``version``, not newer than this app's) with what the
    migrations make at that version; with ``values``, look for values the app cannot read too."""
    found = Findings()
    if version < 0:
        found.damage.append(FileProblem("version", value=str(version)))
        return found
    have = _file_tables(db)
    later = shape(SCHEMA_VERSION)
    expected = shape(version)
    for name, table in later.items():  # made by a migration the file has not had: it must not be there
        early = [c for c in table.columns if name in expected and c not in expected[name].columns]
        if name in have and (name not in expected or any(c in have[name] for c in early)):
            found.damage.append(FileProblem("mismatch", name, value=str(version)))
            return found  # one is enough to say: the file does not follow its own version
    indexes = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
    for name, table in expected.items():
        if name not in have:
            derivable = name in DERIVED and "answer" in have
            (found.repairs if derivable else found.damage).append(
                FileProblem("rebuilt_table" if derivable else "missing_table", name))
            continue
        for column in table.columns.values():
            if column.name not in have[name]:
                (found.repairs if column.addable else found.damage).append(
                    FileProblem("added_column" if column.addable else "missing_column", name, column.name))
        found.repairs += [FileProblem("index", name, index) for index in table.indexes if index not in indexes]
    if values and not found.damage:
        register(db)
        for name, table in expected.items():
            columns = [c for c in table.columns.values() if c.name in have.get(name, ())]
            bad = _first_bad_value(db, name, columns) if columns else None
            if bad is not None:
                found.damage.append(bad)
                break  # one is enough to know: the salvage names them all
    return found


def _rebuild_table(db: sqlite3.Connection, table: Table, problem: FileProblem) -> None:
    db.execute(table.sql)
    for sql in table.indexes.values():
        db.execute(sql)
    DERIVED[table.name](db)


def _add_column(db: sqlite3.Connection, table: Table, problem: FileProblem) -> None:
    db.execute(f"ALTER TABLE {table.name} ADD COLUMN {table.columns[problem.column].definition()}")


def _add_index(db: sqlite3.Connection, table: Table, problem: FileProblem) -> None:
    db.execute(table.indexes[problem.column].replace("CREATE INDEX", "CREATE INDEX IF NOT EXISTS", 1))


REPAIRS: dict[str, Callable[[sqlite3.Connection, Table, FileProblem], None]] = {
    "rebuilt_table": _rebuild_table,
    "added_column": _add_column,
    "index": _add_index,
}
"""How each repair :func:`inspect` finds is made."""


def repair(db: sqlite3.Connection) -> list[FileProblem]:
    """Rebuild in place what :func:`inspect` says can be, in one write transaction (the file is
    looked at again inside it: another copy of the app may have done it meanwhile); returns what
    was done.  A file from a newer app is left alone."""
    db.execute("BEGIN IMMEDIATE")
    try:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        done = inspect(db, version, values=False).repairs if 0 <= version <= SCHEMA_VERSION else []
        expected = shape(version)
        for problem in done:
            REPAIRS[problem.what](db, expected[problem.table], problem)
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")
    return done


__all__ = ["FileProblem", "Findings", "clean_row", "inspect", "problems_text", "repair", "shape"]
