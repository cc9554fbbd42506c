"""Moving a learner between computers: a versioned JSON export and its import.

Format ``riichi-trainer-progress`` version 2::

    {"format": "riichi-trainer-progress", "version": 2, "exported_at": "...",
     "learner": {"uuid", "name", "kind", "created_at", "daily_goal", "settings"},
     "answers": [{"uuid", "answered_at", "source", "item_id", "skill", "correct", "seconds", "hints"}],
     "lessons": [{"lesson_id", "step", "completed_at", "best_score", "updated_at"}],
     "skills": [{"skill", "mastery", "answers", "correct", "updated_at"}],
     "cards": [{"item_id", "skill", "due", "state", "spec"}],
     "study": [{"day", "seconds"}],
     "games": [{"name", "log"}]}

``study`` (new in version 2; version 1 files import as before) is the time spent studying
without an answer, per local day; importing it keeps, per day, the larger of the two times
(the same file imported twice counts it once).

``games`` (optional, version 2) are the learner's saved games (``games/<learner uuid>/`` next to
the progress file): each one's file name (``game-….json``, no folder) and its game log, the newest
first up to :data:`MAX_GAMES_BYTES`.  The progress layer knows nothing of the app's folders: the
callers pass the learner's games folder to :func:`export_learner` and the folder of all learners'
games (:func:`games_root`) to :func:`import_learner`.  A card of a table decision keeps the whole
path of its game on this computer; the export names a game of the learner's games folder by its
file name, and the import makes that name the path of the file in the learner's games folder
here (the app also looks a missing whole path up by its file name there).  Importing writes each game that is not there yet into the learner's games folder; a file of
the same name is never overwritten (the same game is skipped; a different one is kept and the
import says so, :func:`games_notes`), and a log that is not a game log this app reads is left out.

``settings`` holds the learner's settings as the app keeps them: plain values,
and objects or lists of them (``lesson_runs``: each unfinished lesson's step
results).  Importing the same learner twice (same uuid) merges: answers are matched by
their uuid, so nothing is counted twice and nothing is lost.  The whole file is
checked against :mod:`trainer.progress.export_schema` first; a refused file
changes nothing, and the refusal is one line naming the file, the field and what is
wrong: in English as the error's text, in the learner's language from
:meth:`TransferError.translated` (what the app and the ``progress`` command show).

After an import the app removes the profile it made by itself on the first start when nothing
was ever done in it (:func:`drop_untouched`): the learners list then shows the learner brought
here, not an empty «Player» beside them.  A learner with anything at all is never removed.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import tempfile
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import BaseModel, ValidationError

from trainer import textio
from trainer.i18n import N_, _, ngettext
from trainer.progress.export_schema import (
    FORMAT,
    GAME_NAME,
    MAX_GAME_BYTES,
    MAX_GAMES,
    MESSAGES,
    VERSION,
    AnswerIn,
    CardIn,
    ExportIn,
    GameIn,
    LearnerIn,
    LessonIn,
    Problem,
    SkillIn,
    StudyIn,
    first_problem,
)
from trainer.progress.files import reason

if TYPE_CHECKING:
    from trainer.progress.store import Learner, ProgressStore


class TransferError(ValueError):
    """The file is not a progress export this app can read.  ``str()`` says why in English
    (``anna.json: answers[3].answered_at: 'yesterday' is not an ISO 8601 time``);
    :meth:`translated` says the same in the learner's language.  ``more``: how many other
    fields have a problem too; ``at``: the place in the file (``:2:13``, line and column)."""

    def __init__(self, file: str, problem: Problem, more: int = 0, at: str = "") -> None:
        self.file, self.problem, self.more, self.at = str(file), problem, more, at
        head = f"{self.file}{at}: {problem.field}: " if problem.field else f"{self.file}{at}: "
        super().__init__(head + problem.english() + (f" (and {more} more)" if more else ""))

    def translated(self, file: str | None = None) -> str:
        """One line in the current language naming the file (``file``, else the whole path),
        the field and what is wrong."""
        name = (self.file if file is None else file) + self.at
        text = self.problem.translated()
        if self.problem.field:
            # TRANSLATORS: a refused progress file: its name, the field (answers[3].answered_at) and the problem.
            line = _("{file}: {field}: {problem}").format(file=name, field=self.problem.field, problem=text)
        else:
            # TRANSLATORS: a refused progress file: its name and the problem.
            line = _("{file}: {problem}").format(file=name, problem=text)
        if self.more:
            line = ngettext("{line} (and {n} more problem)", "{line} (and {n} more problems)",
                            self.more).format(line=line, n=self.more)
        return line


def _refuse(file: object, message: str, field: str | None = None, *, at: str = "", detail: str = "",
            **values: object) -> TransferError:
    """A refusal: ``message`` is an English message id (marked with ``N_``) with ``{values}``."""
    return TransferError(str(file), Problem(field, message, dict(values), detail=detail), at=at)


MAX_GAMES_BYTES = 64 * 1024 * 1024
"""The most saved games an export carries, written as JSON: the newest games up to this size
(about 600 long matches); older ones stay on this computer only."""


def games_root(store: ProgressStore) -> Path:
    """The folder of every learner's saved games (``<root>/<learner uuid>/``): ``games`` next to
    the progress file, where the app keeps them."""
    return Path(store.path).parent / "games"


def saved_games(folder: Path | None) -> list[dict]:
    """The saved games of ``folder`` for an export: ``{"name", "log"}`` of each game file, the
    newest that fit in :data:`MAX_GAMES_BYTES` (and :data:`~trainer.progress.export_schema.MAX_GAMES`),
    in name order.  A file that cannot be read, is not a JSON object or is larger than
    :data:`~trainer.progress.export_schema.MAX_GAME_BYTES` is left out (My games names it)."""
    if folder is None:
        return []
    try:
        files = sorted((p for p in Path(folder).iterdir() if GAME_NAME.fullmatch(p.name) and p.is_file()),
                       key=lambda p: p.name, reverse=True)
    except OSError:
        return []
    out: list[dict] = []
    total = 0
    for path in files:
        if len(out) >= MAX_GAMES:
            break
        try:
            if path.stat().st_size > MAX_GAME_BYTES:
                continue
            log = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError, RecursionError):
            continue
        if not isinstance(log, dict):
            continue
        size = len(json.dumps(log, ensure_ascii=False, separators=(",", ":")).encode("utf-8", "surrogatepass"))
        if size > MAX_GAME_BYTES:
            continue
        if total + size > MAX_GAMES_BYTES:
            break
        total += size
        out.append({"name": path.name, "log": log})
    return sorted(out, key=lambda g: g["name"])


def _same_folder(a: Path, b: Path) -> bool:
    try:
        return a == b or a.resolve() == b.resolve()
    except (OSError, RuntimeError):
        return False


def _respec_game(spec: str | None, folder: Path | None, move: Callable[[str, Path], str | None]) -> str | None:
    """A card's spec with its ``game`` changed by ``move(game, folder)`` (None: left as it is);
    a spec without a game, or that is not JSON, is returned unchanged."""
    if spec is None or folder is None:
        return spec
    try:
        data = json.loads(spec)
    except (ValueError, RecursionError):
        return spec
    game = data.get("game") if isinstance(data, dict) else None
    moved = move(game, folder) if isinstance(game, str) else None
    return spec if moved is None else json.dumps(dict(data, game=moved), sort_keys=True)


def _card_spec(spec: str | None, folder: Path | None) -> str | None:
    """A card's spec for the export: a game of the learner's games folder named by its file name
    (cards made before kept the whole path of this computer)."""
    return _respec_game(spec, folder, lambda game, at: Path(game).name if Path(game).is_absolute()
                        and _same_folder(Path(game).parent, at) else None)


def _local_spec(spec: str | None, folder: Path | None) -> str | None:
    """A card's spec from a file, for this computer: a game named by its file name is the file of
    that name in the learner's games folder ``folder`` (where the import writes the games)."""
    return _respec_game(spec, folder, lambda game, at: str(at / game) if GAME_NAME.fullmatch(game) else None)


def export_learner(store: ProgressStore, learner_id: int, games: Path | None = None) -> dict:
    """Collect one learner's whole history into a JSON-ready dict; ``games``: the learner's
    saved-games folder, whose games the export carries (none when not given)."""
    from trainer.progress.store import STUDY_SKILL

    learner = store.learner(learner_id)
    db = store.db

    def rows(sql: str) -> list[dict]:
        return [dict(r) for r in db.execute(sql, (learner_id,))]

    out = {
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
        "cards": [dict(c, spec=_card_spec(c["spec"], games)) for c in rows(
            "SELECT item_id, skill, due, state, spec FROM card WHERE learner_id = ? ORDER BY item_id")],
        "study": [{"day": r["day"], "seconds": r["seconds"]} for r in db.execute(
            "SELECT day, seconds FROM daily WHERE learner_id = ? AND skill = ? AND seconds > 0 ORDER BY day",
            (learner_id, STUDY_SKILL))],
    }
    if games is not None:
        out["games"] = saved_games(games)
    return importable(out)


PART_MODELS: dict[str, type[BaseModel]] = {"learner": LearnerIn, "answers": AnswerIn, "lessons": LessonIn,
                                            "skills": SkillIn, "cards": CardIn, "study": StudyIn, "games": GameIn}
"""The model of each part of an export (:func:`importable` gives a refused field its default)."""
CLEANING_ROUNDS = 5
"""How often :func:`importable` checks an export again after cleaning it (a default is always
valid, so one round is enough unless a whole part is wrong)."""


def importable(out: dict) -> dict:
    """An export as its own import accepts it: each field the import would refuse (a value written
    into the database by another tool, out of the range an export allows) takes its default, and
    a row whose refused field has none is left out (a setting: that setting).  The database is not
    changed; a clean export is returned as it is."""
    for _round in range(CLEANING_ROUNDS):
        try:
            ExportIn.model_validate(out)
            return out
        except ValidationError as e:
            if not _clean_refused(out, e):
                return out
        except RecursionError:
            return out
    return out


def _clean_refused(out: dict, error: ValidationError) -> bool:
    """Give each refused field of ``out`` its default, or drop its row or setting; whether
    anything changed."""
    drop: dict[str, set[int]] = {}
    changed = False
    for e in error.errors(include_url=False):
        loc = [p for p in e["loc"] if not (isinstance(p, str) and ("[" in p or p.startswith("function-")))]
        if len(loc) >= 3 and loc[:2] == ["learner", "settings"]:
            out["learner"]["settings"].pop(loc[2], None)
            changed = True
        elif len(loc) >= 2 and loc[0] == "learner" and isinstance(loc[1], str):
            changed |= _set_default(out["learner"], LearnerIn, loc[1])
        elif len(loc) >= 3 and loc[0] in PART_MODELS and isinstance(loc[1], int) and isinstance(loc[2], str):
            if not _set_default(out[loc[0]][loc[1]], PART_MODELS[loc[0]], loc[2]):
                drop.setdefault(loc[0], set()).add(loc[1])
        elif len(loc) == 2 and loc[0] in PART_MODELS and isinstance(loc[1], int):
            drop.setdefault(loc[0], set()).add(loc[1])  # the row itself is not an object
    for part, rows in drop.items():
        out[part] = [row for i, row in enumerate(out[part]) if i not in rows]
    return changed or bool(drop)


def _set_default(row: dict, model: type[BaseModel], field: str) -> bool:
    """Give ``row[field]`` the model's default; False when the field has none (or is not known)."""
    from trainer.progress.names import DEFAULT_NAME

    info = model.model_fields.get(field)
    if info is None:  # a field the import does not know: left out
        row.pop(field, None)
        return True
    if info.is_required():
        if model is LearnerIn and field == "name":
            row[field] = DEFAULT_NAME  # a learner cannot be left out of their own export
            return True
        return False
    row[field] = info.get_default(call_default_factory=True)
    return True


MAX_FILE_BYTES = 256 * 1024 * 1024
"""The largest export read (a learner with a million answers writes about 200 MB)."""


CLOCK_SKEW = timedelta(days=1)
"""How far in the future a time of an imported file may be (two computers' clocks and time zones
differ a little): later than that, the file is refused (:func:`future_problem`)."""
PAST_TIMES = {"learner": ("created_at",), "answers": ("answered_at",), "lessons": ("completed_at", "updated_at"),
              "skills": ("updated_at",)}
"""The fields of an export that say when something happened, per part: none may be in the future.
(A review card's ``due`` may be: its last review, in its state, may not.)"""


def _future_fields(exp: ExportIn, now: datetime) -> list[tuple[str, str]]:
    """Every (field, value) of ``exp`` that says something happened later than ``now`` plus
    :data:`CLOCK_SKEW`."""
    limit = now + CLOCK_SKEW
    found = []
    for part, names in PAST_TIMES.items():
        rows = getattr(exp, part)
        for i, row in enumerate([rows] if part == "learner" else rows):
            where = part if part == "learner" else f"{part}[{i}]"
            found += [(f"{where}.{name}", getattr(row, name)) for name in names
                      if getattr(row, name) is not None and datetime.fromisoformat(getattr(row, name)) > limit]
    for i, card in enumerate(exp.cards):
        reviewed = _last_review(card.state)
        if reviewed is not None and reviewed > limit:
            found.append((f"cards[{i}].state", reviewed.isoformat()))
    found += [(f"study[{i}].day", st.day) for i, st in enumerate(exp.study)
              if st.day > limit.astimezone().date().isoformat()]
    return found


def future_problem(exp: ExportIn, source: str, now: datetime | None = None) -> TransferError | None:
    """The refusal of a file holding times in the future (beyond :data:`CLOCK_SKEW`), naming the first
    such field and counting the others; None when there are none.

    Such a file is refused, not imported with its times moved to now: which clock was wrong (the
    other computer's, or this one's) cannot be told, so moving the times could spoil right ones, and
    a time moved cannot be moved back; times in the future would hide the answers from the charts
    and the daily goal and win every later merge.  The file stays as it is, to be imported once
    the clock is right."""
    found = _future_fields(exp, now or datetime.now(UTC))
    if not found:
        return None
    field, value = found[0]
    shown = value[:16].replace("T", " ")  # to the minute: 2099-01-01 10:00
    return TransferError(source, Problem(field, MESSAGES["time_future"], {"value": shown}), len(found) - 1)


def validate(data: object, source: str = "file") -> ExportIn:
    """Check a whole export against the schema, and refuse times in the future
    (:func:`future_problem`); TransferError names ``source`` and the field."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _refuse(source, N_("not a riichi-trainer progress file (the 'format' field is missing or different)"))
    version = data.get("version")
    if type(version) is int and version > VERSION:
        raise _refuse(source, N_("progress file version {version} is newer than this app reads ({known}); "
                                 "update the trainer"), version=version, known=VERSION)
    try:
        exp = ExportIn.model_validate(data)
    except ValidationError as e:
        problem, more = first_problem(e)
        raise TransferError(source, problem, more) from None
    except RecursionError:
        raise _refuse(source, N_("the data is nested too deeply")) from None
    future = future_problem(exp, source)
    if future is not None:
        raise future
    return exp


@dataclasses.dataclass
class GamesImport:
    """What an import did with the saved games of the file (file names)."""

    added: list[str] = dataclasses.field(default_factory=list)
    """Written into the learner's games folder."""
    same: list[str] = dataclasses.field(default_factory=list)
    """Already there with the same game: skipped."""
    kept: list[str] = dataclasses.field(default_factory=list)
    """A different file of that name is there: it was kept, the file's game was not written."""
    unreadable: list[str] = dataclasses.field(default_factory=list)
    """Not a game log this app reads: left out."""
    failed: list[tuple[str, str]] = dataclasses.field(default_factory=list)
    """Could not be written: the name and the reason (English, :func:`trainer.progress.files.reason`)."""


def import_games(games: list[GameIn], folder: Path, result: GamesImport | None = None) -> GamesImport:
    """Write the saved games of an import into the learner's games folder ``folder``: a file of
    the same name is never overwritten (see :class:`GamesImport`)."""
    from trainer.engine.game.records import RecordError
    from trainer.engine.game.saved import check_any_header, write_game

    result = result if result is not None else GamesImport()
    for game in games:
        try:
            check_any_header(game.log, game.name)
        except (RecordError, KeyError, TypeError, ValueError, AttributeError):
            result.unreadable.append(game.name)
            continue
        path = Path(folder) / game.name
        if path.exists():
            try:
                here = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError, RecursionError):
                here = None
            (result.same if here == game.log else result.kept).append(game.name)
            continue
        try:
            write_game(game.log, path)
        except OSError as e:
            result.failed.append((game.name, reason(e)))
            continue
        result.added.append(game.name)
    return result


def games_notes(result: GamesImport) -> tuple[str | None, list[str]]:
    """What to tell the learner about the games of an import, in the current language: a line
    about the games added (None when none), and a line per kind of game not brought here."""
    added = None
    if result.added:
        added = ngettext("{n} saved game copied to My games", "{n} saved games copied to My games",
                         len(result.added)).format(n=len(result.added))
    problems = []
    if result.kept:
        n = len(result.kept)
        problems.append(ngettext(
            "{n} saved game was not copied: My games already has a different game under the same file name "
            "({first})",
            "{n} saved games were not copied: My games already has different games under the same file names "
            "(the first: {first})", n).format(n=n, first=result.kept[0]))
    if result.unreadable:
        n = len(result.unreadable)
        problems.append(ngettext(
            "{n} saved game was not copied: it is not a game log this app can read ({first})",
            "{n} saved games were not copied: they are not game logs this app can read (the first: {first})",
            n).format(n=n, first=result.unreadable[0]))
    if result.failed:
        n = len(result.failed)
        name, why = result.failed[0]
        problems.append(ngettext("{n} saved game could not be written ({first}): {reason}",
                                 "{n} saved games could not be written (the first: {first}): {reason}",
                                 n).format(n=n, first=name, reason=_(why)))
    return added, problems


@dataclasses.dataclass
class ImportReport:
    """What an import did, for the learner (:func:`import_summary`)."""

    name: str = ""
    """The learner's name on this computer after the import."""
    merged: bool = False
    """The learner was here already (the same learner id): the file was merged into them."""
    renamed_from: str | None = None
    """A new learner whose name another learner here has already: their name in the file (they were
    added as :attr:`name`, «Анна (2)»)."""
    answers_added: int = 0
    """Answers that were not here before (a repeated import adds none)."""
    answers_in_file: int = 0


def _free_name(db, name: str) -> str:
    """``name``, or «name (2)», «name (3)» … when a learner here is called that already (the app's
    own default name is left as it is: every such learner shows the same word)."""
    from trainer.progress.names import is_default_name

    taken = {r[0].strip().casefold() for r in db.execute("SELECT name FROM learner") if isinstance(r[0], str)}
    if is_default_name(name) or name.strip().casefold() not in taken:
        return name
    n = 2
    while f"{name} ({n})".casefold() in taken:
        n += 1
    return f"{name} ({n})"


def import_summary(report: ImportReport) -> str:
    """One line in the learner's language saying what an import did: a new learner (under another
    name when theirs was taken), or a merge and how many answers it really added."""
    from trainer.progress.names import shown_name

    name = shown_name(report.name)
    answers = ngettext("{n} answer", "{n} answers", report.answers_added).format(n=report.answers_added)
    if report.merged and not report.answers_added:
        # TRANSLATORS: a progress file imported again: nothing in it was new.
        return _("{name} is already on this computer with every answer of this file: no new answers were "
                 "added").format(name=name)
    if report.merged:
        return ngettext("merged into {name}, who is already on this computer: {n} new answer",
                        "merged into {name}, who is already on this computer: {n} new answers",
                        report.answers_added).format(name=name, n=report.answers_added)
    if report.renamed_from is not None:
        return _("imported as a new learner {name}, because this computer already has another learner named "
                 "{other}: {answers}").format(name=name, other=report.renamed_from, answers=answers)
    return _("imported {name}: {answers}").format(name=name, answers=answers)


def import_learner(store: ProgressStore, data: dict, source: str = "file", *, games_root: Path | None = None,
                   games: GamesImport | None = None, report: ImportReport | None = None) -> Learner:
    """Add the exported learner, or merge into the existing learner with the same uuid.
    Everything is checked first (TransferError naming ``source`` and the field); then it is
    written in one transaction, so a refused file changes nothing.  ``games_root``: the folder
    of every learner's saved games (:func:`games_root`); the file's games are written into
    ``<games_root>/<learner uuid>/`` after the progress, and what became of them goes into
    ``games`` (:class:`GamesImport`).  Without it the file's games are not written.  A new learner
    whose name another learner here has is added as «name (2)»; ``report`` receives what was done
    (:class:`ImportReport`)."""
    from trainer.progress.store import STUDY_SKILL, _local_day

    exp = validate(data, source)
    info = exp.learner
    _refuse_repeats(source, [a.uuid for a in exp.answers], "answers", "uuid", N_("the same answer id as {other}"))
    _refuse_repeats(source, [g.name for g in exp.games], "games", "name", N_("the same file name as {other}"))
    done = ImportReport(answers_in_file=len(exp.answers))
    with store._write() as db:
        row = db.execute("SELECT id FROM learner WHERE uuid = ?", (info.uuid,)).fetchone()
        learner_id = row[0] if row else None
        _refuse_foreign_answers(db, exp.answers, learner_id, source)
        done.merged = learner_id is not None
        if learner_id is None:
            name = _free_name(db, info.name)
            done.renamed_from = info.name if name != info.name else None
            cur = db.execute(
                "INSERT INTO learner (uuid, name, kind, created_at, daily_goal, settings) VALUES (?, ?, ?, ?, ?, ?)",
                (info.uuid, name, info.kind, info.created_at or datetime.now(UTC).isoformat(),
                 info.daily_goal, json.dumps(info.settings)),
            )
            learner_id = cur.lastrowid
        for a in exp.answers:
            cur = db.execute(
                "INSERT OR IGNORE INTO answer (uuid, learner_id, answered_at, source, item_id, skill, correct,"
                " seconds, hints) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (a.uuid, learner_id, a.answered_at, a.source, a.item_id, a.skill, int(a.correct), a.seconds, a.hints),
            )
            done.answers_added += cur.rowcount
            if cur.rowcount:
                day = _local_day(datetime.fromisoformat(a.answered_at))
                store._add_to_totals(db, learner_id, day, a.skill, 1, int(a.correct), a.seconds)
        now = datetime.now(UTC).isoformat()
        for les in exp.lessons:
            db.execute(
                "INSERT INTO lesson_progress (learner_id, lesson_id, step, completed_at, best_score, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (learner_id, lesson_id) DO UPDATE SET"
                " completed_at = coalesce(lesson_progress.completed_at, excluded.completed_at),"
                " best_score = CASE WHEN lesson_progress.best_score IS NULL THEN excluded.best_score"
                " WHEN excluded.best_score IS NULL THEN lesson_progress.best_score"
                " ELSE max(lesson_progress.best_score, excluded.best_score) END,"
                " step = CASE WHEN excluded.updated_at > lesson_progress.updated_at THEN excluded.step"
                " ELSE lesson_progress.step END,"
                " updated_at = max(lesson_progress.updated_at, excluded.updated_at)",
                (learner_id, les.lesson_id, les.step, les.completed_at, les.best_score, les.updated_at or now),
            )
        for s in exp.skills:
            db.execute(
                "INSERT INTO skill (learner_id, skill, mastery, answers, correct, updated_at) VALUES (?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (learner_id, skill) DO UPDATE SET"
                " mastery = CASE WHEN excluded.updated_at > skill.updated_at THEN excluded.mastery ELSE skill.mastery END,"
                " answers = max(skill.answers, excluded.answers), correct = max(skill.correct, excluded.correct),"
                " updated_at = max(skill.updated_at, excluded.updated_at)",
                (learner_id, s.skill, s.mastery, s.answers, min(s.correct, s.answers), s.updated_at),
            )
        count_merged_answers(db, learner_id)
        folder = Path(games_root) / info.uuid if games_root is not None else None
        for c in exp.cards:
            here = db.execute("SELECT due, state FROM card WHERE learner_id = ? AND item_id = ?",
                              (learner_id, c.item_id)).fetchone()
            take = here is None or _file_card_is_newer(here[0], here[1], c.due, c.state)
            db.execute(
                "INSERT INTO card (learner_id, item_id, skill, due, state, spec) VALUES (?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (learner_id, item_id) DO UPDATE SET"
                " due = CASE WHEN ? THEN excluded.due ELSE card.due END,"
                " state = CASE WHEN ? THEN excluded.state ELSE card.state END,"
                " spec = coalesce(card.spec, excluded.spec)",
                (learner_id, c.item_id, c.skill, c.due, c.state, _local_spec(c.spec, folder), int(take), int(take)),
            )
        for st in exp.study:  # the larger of the two times per day: importing twice counts it once
            db.execute(
                "INSERT INTO daily (learner_id, day, skill, answers, correct, seconds) VALUES (?, ?, ?, 0, 0, ?)"
                " ON CONFLICT (learner_id, day, skill) DO UPDATE SET seconds = max(seconds, excluded.seconds)",
                (learner_id, st.day, STUDY_SKILL, st.seconds),
            )
    if games_root is not None and exp.games:
        import_games(exp.games, Path(games_root) / info.uuid, games)
    learner = store.learner(learner_id)
    if report is not None:  # the caller's report, filled in only once the import is done
        done.name = learner.name
        for f in dataclasses.fields(done):
            setattr(report, f.name, getattr(done, f.name))
    return learner


EARNED_SETTINGS = ("lesson_runs", "last_lesson", "last_drill", "fresh_game_cards")
"""Keys of a learner's settings that hold something the learner did (a lesson left in the middle
with its step results, the lesson or drill to continue, new review cards from a game)."""


def _untouched(db, learner_id: int, games_root: Path | None) -> bool:
    """:func:`is_untouched` on the connection ``db`` (inside a transaction, when it must hold until
    the learner is removed)."""
    from trainer.progress.names import is_default_name
    from trainer.progress.store import _learner

    row = db.execute("SELECT * FROM learner WHERE id = ?", (learner_id,)).fetchone()
    if row is None:
        return False
    learner = _learner(row)
    if not is_default_name(learner.name) or any(learner.settings.get(k) for k in EARNED_SETTINGS):
        return False
    for table in ("answer", "lesson_progress", "skill", "card", "daily"):
        if db.execute(f"SELECT 1 FROM {table} WHERE learner_id = ? LIMIT 1",  # noqa: S608 - fixed names
                      (learner_id,)).fetchone() is not None:
            return False
    if games_root is not None:
        folder = Path(games_root) / learner.uuid
        try:
            if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
                return False
        except OSError:
            return False  # a folder that cannot be looked into may hold games: kept
    return True


def is_untouched(store: ProgressStore, learner_id: int, games_root: Path | None = None) -> bool:
    """Whether ``learner_id`` is a learner the app made by itself that nothing was done with: the
    default name (:func:`trainer.progress.names.is_default_name`), no answer, lesson, mastery,
    review card or day (study time included) in the store, nothing in :data:`EARNED_SETTINGS`, and
    no file in the learner's games folder (``games_root/<uuid>/``).  Such a learner holds nothing to
    lose; every other learner does."""
    return _untouched(store.db, learner_id, games_root)


def drop_untouched(store: ProgressStore, keep: int, games_root: Path | None = None) -> list[Learner]:
    """After an import: remove every learner but ``keep`` (the learner brought here) that the app
    made by itself and nothing was done with (:func:`is_untouched`), so the learners list shows no
    empty default profile beside the imported one; a learner with anything at all is never
    removed (each is checked again in the transaction that removes it, so an answer another copy
    of the app gives meanwhile keeps the learner).  Returns the learners removed (an empty games
    folder of theirs goes too)."""
    gone = []
    for learner in store.learners():
        if learner.id == keep:
            continue
        with store._write() as db:
            if not _untouched(db, learner.id, games_root):
                continue
            db.execute("DELETE FROM learner WHERE id = ?", (learner.id,))  # it has no rows elsewhere
        gone.append(learner)
        if games_root is not None:
            with contextlib.suppress(OSError):
                (Path(games_root) / learner.uuid).rmdir()  # only ever an empty folder
    return gone


def _last_review(state: str) -> datetime | None:
    """When a card (FSRS card JSON) was last reviewed, or None (never, or unreadable)."""
    try:
        value = json.loads(state).get("last_review")
        at = datetime.fromisoformat(value) if isinstance(value, str) else None
    except (ValueError, AttributeError, RecursionError):
        return None
    return at if at is not None and at.tzinfo is not None else None


def _file_card_is_newer(due: str, state: str, file_due: str, file_state: str) -> bool:
    """Whether an imported card replaces the one here: the card reviewed later wins (an older
    export never rolls a schedule back); when either was never reviewed (or says not when), the
    one due earlier, as before."""
    mine, theirs = _last_review(state), _last_review(file_state)
    if mine is not None and theirs is not None:
        return theirs > mine
    try:
        return datetime.fromisoformat(file_due) < datetime.fromisoformat(due)
    except (TypeError, ValueError):
        return file_due < due


def _refuse_repeats(source: str, keys: list[str], part: str, field: str, message: str) -> None:
    """Refuse a file whose list ``part`` holds the same ``field`` twice (``message`` names the first)."""
    seen: dict[str, int] = {}
    for i, key in enumerate(keys):
        if key in seen:
            raise _refuse(source, message, f"{part}[{i}].{field}", other=f"{part}[{seen[key]}]")
        seen[key] = i


def _refuse_foreign_answers(db, answers: list, learner_id: int | None, source: str) -> None:
    """An answer id that already belongs to another learner here is refused, not dropped
    silently: the file was edited or mixed up, and the learner must hear about it."""
    index = {a.uuid: i for i, a in enumerate(answers)}
    ids = list(index)
    for k in range(0, len(ids), 500):
        chunk = ids[k:k + 500]
        rows = db.execute(
            f"SELECT a.uuid, l.name FROM answer a JOIN learner l ON l.id = a.learner_id"
            f" WHERE a.uuid IN ({','.join('?' * len(chunk))}) AND a.learner_id IS NOT ?",
            (*chunk, learner_id),
        ).fetchall()
        if rows:
            first = min(rows, key=lambda r: index[r[0]])
            raise _refuse(source, N_("this answer already belongs to the learner '{name}' on this computer "
                                     "(answers of that learner in the file: {n}); nothing was imported"),
                          f"answers[{index[first[0]]}].uuid", name=first[1], n=len(rows))


def count_merged_answers(db, learner_id: int) -> None:
    """After a merge, a skill counts at least the answers its log holds: two copies that went
    on separately each counted only their own answers, and neither count is the total.
    A skill the file has answers for but no mastery row gets its mastery replayed from the log
    (so this also rebuilds a lost ``skill`` table: :data:`trainer.progress.checkup.DERIVED`)."""
    from trainer.progress.store import MASTERY_RATE

    db.execute(
        "INSERT OR IGNORE INTO skill (learner_id, skill, mastery, answers, correct, updated_at)"
        " SELECT learner_id, skill, 0, 0, 0, max(answered_at) FROM answer WHERE learner_id = ? GROUP BY skill",
        (learner_id,),
    )
    db.execute(
        "UPDATE skill SET answers = max(answers, (SELECT count(*) FROM answer a WHERE a.learner_id = skill.learner_id"
        " AND a.skill = skill.skill)), correct = max(correct, (SELECT coalesce(sum(correct), 0) FROM answer a"
        " WHERE a.learner_id = skill.learner_id AND a.skill = skill.skill)) WHERE learner_id = ?",
        (learner_id,),
    )
    for (skill,) in db.execute("SELECT skill FROM skill WHERE learner_id = ? AND answers > 0 AND mastery = 0"
                               " AND correct > 0", (learner_id,)).fetchall():
        mastery = 0.0
        for (right,) in db.execute("SELECT correct FROM answer WHERE learner_id = ? AND skill = ?"
                                   " ORDER BY answered_at, id", (learner_id, skill)):
            mastery += MASTERY_RATE * (right - mastery)
        db.execute("UPDATE skill SET mastery = ? WHERE learner_id = ? AND skill = ?", (mastery, learner_id, skill))


class ExportError(OSError):
    """An export could not be written (missing folder, full disk); no partial file is left.
    ``str()`` says why in English, :meth:`translated` in the learner's language."""

    def __init__(self, file: object, message: str, **values: object) -> None:
        self.file, self.message, self.values = str(file), message, values
        super().__init__(f"{self.file}: " + message.format(**values))

    def translated(self) -> str:
        """One line in the current language naming the file and what went wrong."""
        # TRANSLATORS: an export that could not be written: the file and the reason.
        return _("{file}: {problem}").format(file=self.file, problem=_(self.message).format(**self.values))


def write_export(store: ProgressStore, learner_id: int, path: Path, games: Path | None = None) -> None:
    """Write one learner's export to a file atomically: a temporary file in the same folder,
    flushed to disk, then renamed over the target.  On any failure the temporary file is
    removed and ExportError says what went wrong.  ``games``: the learner's saved-games folder
    (:func:`export_learner`)."""
    path = Path(path)
    if not path.parent.is_dir():
        raise ExportError(path, N_("cannot export: the folder {folder} does not exist"), folder=path.parent)
    payload = json.dumps(export_learner(store, learner_id, games), ensure_ascii=False, indent=1).encode("utf-8")
    tmp: str | None = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "wb") as fh:
            fh.write(payload)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
        tmp = None
    except OSError as e:
        raise ExportError(path, N_("cannot export: {reason}"), reason=reason(e)) from None
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def read_export(path: Path) -> dict:
    """Read an export file as JSON; a clear error names the file and the problem (the
    schema is checked by :func:`import_learner`)."""
    path = Path(path)
    try:
        if path.is_dir():
            raise _refuse(path, N_("is a folder, not an export file"))
        with path.open("rb") as fh:
            raw = fh.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise _refuse(path, N_("no such file")) from None
    except OSError as e:
        raise _refuse(path, N_("cannot read it: {reason}"), reason=e.strerror or str(e)) from None
    if len(raw) > MAX_FILE_BYTES:
        raise _refuse(path, N_("larger than {n} MB, not a progress export"), n=MAX_FILE_BYTES // 2**20)
    try:
        text = textio.decode_text(raw)  # a byte order mark (Windows Notepad) is dropped
    except UnicodeDecodeError as e:
        line = raw[:e.start].count(b"\n") + 1
        raise _refuse(path, N_("not UTF-8 text (byte {byte}); exports are always UTF-8"), at=f":{line}",
                      byte=e.start) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise _refuse(path, N_("not valid JSON: the file is damaged or is not an export"),
                      at=f":{e.lineno}:{e.colno}", detail=e.msg) from None
    except RecursionError:
        raise _refuse(path, N_("the JSON is nested too deeply")) from None
    except ValueError:  # e.g. an integer with thousands of digits
        raise _refuse(path, N_("not a progress export: a number in it is too long")) from None


def import_file(store: ProgressStore, path: Path, *, games_root: Path | None = None,
                games: GamesImport | None = None, report: ImportReport | None = None) -> Learner:
    """Read, check and import one export file; every refusal names the file.  ``games_root``,
    ``games`` and ``report``: where the file's saved games go, what became of them and what the
    import did (:func:`import_learner`)."""
    return import_learner(store, read_export(path), source=str(path), games_root=games_root, games=games,
                          report=report)
