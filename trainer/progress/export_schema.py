"""The schema of a progress export (``riichi-trainer-progress`` version 2), checked with
pydantic like lesson files are.

Every value is checked before anything is written: times are ISO 8601 with a time zone,
numbers are finite and within sensible bounds (no 4,000-digit integers, no NaN), strings
are real text (no lone surrogates, no NUL), a review card is FSRS card JSON, a
``spec`` is a JSON object, ``version`` is an integer (``true`` is not 1).  A learner's
``settings`` are an object of JSON values: plain values, and the objects and lists the app
keeps there too (``lesson_runs``, each unfinished lesson's step results), nested at most
:data:`MAX_SETTING_DEPTH` deep.  A saved game (``games``) is a plain file name
``game-….json`` (no folder, nothing that leaves the learner's games folder) and a JSON object of
at most :data:`MAX_GAME_BYTES`.

A problem is reported as ``answers[3].answered_at: ...`` so the learner (or a helper) can find
it: :func:`first_problem` turns pydantic's errors into one :class:`Problem` (the field, an
English message id and its values), which reads in English (``str``, logs, tests) and in the
learner's language (:meth:`Problem.translated`).
"""

from __future__ import annotations

import dataclasses
import json
import math
import re
from datetime import UTC, date, datetime
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictBool, StrictInt, ValidationError
from pydantic_core import PydanticCustomError

from trainer.i18n import N_, _, format_number
from trainer.schema_words import TYPE_MESSAGES, mapping_messages

FORMAT = "riichi-trainer-progress"
VERSION = 2
"""Version 2 added ``study`` (study time without answers, per day); version 1 files still import."""
MAX_TEXT = 1000
"""The longest id, name or skill an export may hold."""
MAX_COUNT = 2**53
"""The largest count (answers, steps): far beyond any learner, and exact in JSON readers."""
MAX_SETTING_DEPTH = 8
"""How deep a setting's objects and lists may nest (``lesson_runs`` uses three levels)."""
MAX_SETTING_TEXT = 100_000
"""The longest text in a setting (``training_setup`` keeps every training game's choice as JSON)."""
MAX_SETTING_BYTES = 1024 * 1024
"""The largest setting, written as JSON (the settings file's own limit)."""
MAX_GAME_BYTES = 8 * 1024 * 1024
"""The largest saved game an export carries, written as JSON (a long match is about 100 KB)."""
MAX_GAMES = 5000
"""The most saved games an export carries."""
GAME_NAME = re.compile(r"game-[0-9A-Za-z_-]{1,100}\.json")
"""A saved game's file name (``game-20261128-132827.json``, ``game-20261128-132827-2.json``)."""


def _error(kind: str, **values: Any) -> PydanticCustomError:
    """A refusal of this module's own checks: ``kind`` names its English message in :data:`MESSAGES`."""
    return PydanticCustomError(kind, MESSAGES[kind], values)


def _text(value: str) -> str:
    if "\x00" in value:
        raise _error("nul_character")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise _error("lone_surrogate") from None
    return value


def _not_blank(value: str) -> str:
    if not value.strip():
        raise _error("blank")
    return value


def _name(value: str) -> str:
    """A learner's name, cleaned as every stored name is (:func:`trainer.progress.names.clean_name`:
    one line, no right-to-left marks, no emoji the fonts cannot draw, at most 30 characters); a
    name of which nothing can be shown becomes the default name, to be renamed."""
    from trainer.progress.names import stored_name

    if not value.strip():
        raise _error("blank")
    return stored_name(value)


def _time(value: str) -> str:
    shown = value[:40]
    try:
        dt = datetime.fromisoformat(value)
    except ValueError:
        raise _error("time_format", value=shown) from None
    if dt.tzinfo is None:
        raise _error("time_zone", value=shown)
    try:
        return dt.astimezone(UTC).isoformat(timespec="microseconds")
    except (OverflowError, ValueError):
        raise _error("time_range", value=shown) from None


def _day(value: str) -> str:
    try:
        return date.fromisoformat(value).isoformat() if len(value) == 10 else _bad_day(value)
    except ValueError:
        return _bad_day(value)


def _bad_day(value: str) -> str:
    raise _error("day_format", value=value[:40])


def _finite(value: float) -> float:
    if not math.isfinite(value):
        raise _error("finite_number")
    return value


def _setting(value: Any) -> Any:
    """A setting is any JSON value: text, a number, true/false, null, or an object or a list of
    them (the lesson player keeps ``lesson_runs`` there), at most MAX_SETTING_DEPTH deep."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            if depth > MAX_SETTING_DEPTH:
                raise _error("setting_depth", n=MAX_SETTING_DEPTH)
            if isinstance(item, dict):
                for key in item:
                    if not isinstance(key, str):
                        raise _error("setting_value")
                    _setting_text(key)
            stack += [(x, depth + 1) for x in (item.values() if isinstance(item, dict) else item)]
        elif isinstance(item, str):
            _setting_text(item)
        elif isinstance(item, float):
            _finite(item)
        elif item is not None and not isinstance(item, bool | int):
            raise _error("setting_value")
    try:
        size = len(json.dumps(value, ensure_ascii=False).encode("utf-8", "surrogatepass"))
    except (ValueError, RecursionError):
        raise _error("setting_value") from None
    if size > MAX_SETTING_BYTES:
        raise _error("setting_size", n=MAX_SETTING_BYTES // 1024)
    return value


def _setting_text(value: str) -> None:
    if len(value) > MAX_SETTING_TEXT:
        raise _error("setting_text", n=MAX_SETTING_TEXT)
    _text(value)


def _card_state(value: str) -> str:
    from fsrs import Card

    try:
        data = json.loads(value)
        if not isinstance(data, dict):
            raise ValueError
        Card.from_json(value)
    except Exception:  # noqa: BLE001 - whatever fsrs raises, the state is not a card
        raise _error("card_state") from None
    return value


def _spec(value: str | None) -> str | None:
    if value is None:
        return None
    try:
        data = json.loads(value)
    except (ValueError, RecursionError):
        raise _error("not_json") from None
    if not isinstance(data, dict):
        raise _error("not_object") from None
    return value


def _game_name(value: str) -> str:
    if not GAME_NAME.fullmatch(value):
        raise _error("game_name", value=value[:60])
    return value


def _game_log(value: dict[str, Any]) -> dict[str, Any]:
    try:
        size = len(json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
    except (TypeError, ValueError, RecursionError, UnicodeEncodeError):
        raise _error("game_log") from None
    if size > MAX_GAME_BYTES:
        raise _error("game_size", n=MAX_GAME_BYTES // 2**20)
    return value


Text = Annotated[str, Field(strict=True, max_length=MAX_TEXT), AfterValidator(_text)]
Id = Annotated[str, Field(strict=True, min_length=1, max_length=MAX_TEXT), AfterValidator(_text),
               AfterValidator(_not_blank)]
Name = Annotated[str, Field(strict=True, max_length=200), AfterValidator(_text), AfterValidator(_name)]
Time = Annotated[str, Field(strict=True, max_length=64), AfterValidator(_time)]
Count = Annotated[StrictInt, Field(ge=0, le=MAX_COUNT)]
Seconds = Annotated[float, Field(ge=0, le=10**7, allow_inf_nan=False), AfterValidator(_finite)]
Fraction = Annotated[float, Field(ge=0, le=1, allow_inf_nan=False), AfterValidator(_finite)]
Setting = Annotated[Any, AfterValidator(_setting)]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class LearnerIn(_Model):
    """The learner's profile."""

    uuid: Id
    name: Name
    kind: Literal["adult", "child"] = "adult"
    created_at: Time | None = None
    daily_goal: Annotated[StrictInt, Field(ge=1, le=10_000)] = 20
    settings: Annotated[dict[Text, Setting], Field(max_length=200)] = {}
    """Plain values, and objects or lists of them (``lesson_runs``); see :func:`_setting`."""


class AnswerIn(_Model):
    """One answer of the log."""

    uuid: Id
    answered_at: Time
    source: Id
    item_id: Id
    skill: Id
    correct: StrictBool
    seconds: Seconds
    hints: Annotated[StrictInt, Field(ge=0, le=10_000)] = 0


class LessonIn(_Model):
    """Where the learner is in one lesson."""

    lesson_id: Id
    step: Annotated[StrictInt, Field(ge=0, le=100_000)] = 0
    completed_at: Time | None = None
    best_score: Fraction | None = None
    updated_at: Time | None = None


class SkillIn(_Model):
    """Mastery of one skill."""

    skill: Id
    mastery: Fraction
    answers: Count
    correct: Count
    updated_at: Time


class CardIn(_Model):
    """One review card."""

    item_id: Id
    skill: Id
    due: Time
    state: Annotated[str, Field(strict=True, max_length=10_000), AfterValidator(_card_state)]
    spec: Annotated[str | None, Field(max_length=100_000), AfterValidator(_spec)] = None


class StudyIn(_Model):
    """Study time without answers on one local day (a lesson's reading, explanations read)."""

    day: Annotated[str, Field(strict=True, max_length=64), AfterValidator(_day)]
    seconds: Seconds


class GameIn(_Model):
    """One saved game of the learner's games folder: its file name and its game log."""

    name: Annotated[str, Field(strict=True, max_length=200), AfterValidator(_game_name)]
    log: Annotated[dict[str, Any], AfterValidator(_game_log)]


class ExportIn(_Model):
    """A whole export file."""

    format: Literal["riichi-trainer-progress"]
    version: Annotated[StrictInt, Field(ge=1, le=VERSION)]
    exported_at: Time | None = None
    learner: LearnerIn
    answers: list[AnswerIn]
    lessons: list[LessonIn] = []
    skills: list[SkillIn] = []
    cards: list[CardIn] = []
    study: list[StudyIn] = []
    games: Annotated[list[GameIn], Field(max_length=MAX_GAMES)] = []


def dotted(loc: tuple[str | int, ...]) -> str:
    """A place in the file written for people: ``answers[3].answered_at``."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(top)"


MESSAGES: dict[str, str] = {
    "missing": N_("missing"),
    "extra_forbidden": N_("unknown field"),
    **TYPE_MESSAGES,
    **mapping_messages(N_("must be a JSON object")),
    "finite_number": N_("must be a finite number"),
    # this module's own checks
    "nul_character": N_("contains a NUL character"),
    "lone_surrogate": N_("is not valid Unicode text (a lone surrogate)"),
    "blank": N_("must not be empty"),
    "time_format": N_("'{value}' is not an ISO 8601 time"),
    "time_zone": N_("'{value}' has no time zone"),
    "time_range": N_("'{value}' is out of range"),
    "time_future": N_("'{value}' is in the future: the clock of this computer, or of the one the file was "
                      "made on, is wrong"),
    "day_format": N_("'{value}' is not a day (YYYY-MM-DD)"),
    "card_state": N_("is not an FSRS review card (card JSON)"),
    "not_json": N_("is not JSON"),
    "not_object": N_("must be a JSON object"),
    "setting_value": N_("holds a value that is not JSON"),
    "setting_size": N_("is larger than {n} KB"),
    "setting_depth": N_("is nested too deeply (the limit is {n} levels)"),
    "setting_text": N_("holds a text that is too long (the limit is {n})"),
    "game_name": N_("'{value}' is not a saved game's file name (game-….json, without a folder)"),
    "game_log": N_("is not a game log (JSON object)"),
    "game_size": N_("is larger than {n} MB"),
    # limits (the number stands alone: no plural forms needed)
    "string_too_long": N_("is too long (the limit is {max_length})"),
    "too_long": N_("has too many entries (the limit is {max_length})"),
}
"""pydantic's error types, and this module's own, as English message ids (their values come
from the error's context)."""
OTHER = N_("has a value this app cannot read")
"""Any other refusal (pydantic's own words are kept in :attr:`Problem.detail`)."""


@dataclasses.dataclass(frozen=True)
class Problem:
    """Why a file is refused: the ``field`` (``answers[3].answered_at``; None for the file as a
    whole), an English message id and the values for its ``{placeholders}``.  ``detail``: words
    for a developer, in English only (pydantic's own, for a refusal without a message of ours)."""

    field: str | None
    message: str
    values: dict[str, Any] = dataclasses.field(default_factory=dict)
    detail: str = ""

    def english(self) -> str:
        """The problem in English (the text of the error, for logs and tests)."""
        return self.message.format(**self.values) + (f" ({self.detail})" if self.detail else "")

    def translated(self) -> str:
        """The problem in the learner's language (numbers written the language's way)."""
        values = {k: format_number(v) if isinstance(v, int) and not isinstance(v, bool) else v
                  for k, v in self.values.items()}
        return _(self.message).format(**values)


def _problem(e: Any) -> Problem:
    """One pydantic error as a Problem."""
    loc = tuple(p for p in e["loc"] if not (isinstance(p, str) and ("[" in p or p.startswith("function-"))))
    where = dotted(loc)
    kind, ctx = e["type"], dict(e.get("ctx") or {})
    if kind in MESSAGES:
        if kind == "literal_error":
            ctx["expected"] = str(ctx.get("expected", "")).replace(" or ", ", ")
        message = MESSAGES[kind]
    else:
        return Problem(where, OTHER, detail=str(e.get("msg", "")))
    try:
        message.format(**ctx)
    except (KeyError, IndexError, ValueError):
        return Problem(where, OTHER, detail=str(e.get("msg", "")))
    return Problem(where, message, ctx)


def first_problem(err: ValidationError) -> tuple[Problem, int]:
    """The first problem of a refused file, and how many other fields have one."""
    found: dict[str, Problem] = {}
    for e in err.errors(include_url=False):
        p = _problem(e)
        found.setdefault(p.field or "", p)
    problems_ = list(found.values())
    return problems_[0], len(problems_) - 1


def problems(err: ValidationError, limit: int = 5) -> str:
    """pydantic's errors as ``field: message`` items in English, the first ``limit`` of them."""
    items = []
    for e in err.errors(include_url=False):
        p = _problem(e)
        items.append(f"{p.field}: {p.english()}")
    items = list(dict.fromkeys(items))
    more = f" (and {len(items) - limit} more)" if len(items) > limit else ""
    return "; ".join(items[:limit]) + more
