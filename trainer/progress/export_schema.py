"""The schema of a progress export (``riichi-trainer-progress`` version 1), checked with
pydantic like lesson files are.

Every value is checked before anything is written: times are ISO 8601 with a time zone,
numbers are finite and within sensible bounds (no 4,000-digit integers, no NaN), strings
are real text (no lone surrogates, no NUL), a review card is FSRS card JSON, a
``spec`` is a JSON object, ``version`` is an integer (``true`` is not 1).  A problem is
reported as ``answers[3].answered_at: ...`` so the learner (or a helper) can find it.
"""

from __future__ import annotations

import json
import math
from datetime import UTC, datetime
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictBool, StrictInt, ValidationError

FORMAT = "riichi-trainer-progress"
VERSION = 1
MAX_TEXT = 1000
"""The longest id, name or skill an export may hold."""
MAX_COUNT = 2**53
"""The largest count (answers, steps): far beyond any learner, and exact in JSON readers."""


def _text(value: str) -> str:
    if "\x00" in value:
        raise ValueError("contains a NUL character")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("is not valid Unicode text (a lone surrogate)") from None
    return value


def _not_blank(value: str) -> str:
    if not value.strip():
        raise ValueError("must not be blank")
    return value


def _name(value: str) -> str:
    if not value.strip():
        raise ValueError("must not be empty")
    return value.strip()


def _time(value: str) -> str:
    try:
        dt = datetime.fromisoformat(value)
    except ValueError:
        raise ValueError(f"{value[:40]!r} is not an ISO 8601 time") from None
    if dt.tzinfo is None:
        raise ValueError(f"{value[:40]!r} has no time zone")
    try:
        return dt.astimezone(UTC).isoformat(timespec="microseconds")
    except (OverflowError, ValueError):
        raise ValueError(f"{value[:40]!r} is out of range") from None


def _finite(value: float) -> float:
    if not math.isfinite(value):
        raise ValueError("must be a finite number")
    return value


def _card_state(value: str) -> str:
    from fsrs import Card

    try:
        data = json.loads(value)
        if not isinstance(data, dict):
            raise ValueError
        Card.from_json(value)
    except Exception:  # noqa: BLE001 - whatever fsrs raises, the state is not a card
        raise ValueError("is not an FSRS review card (card JSON)") from None
    return value


def _spec(value: str | None) -> str | None:
    if value is None:
        return None
    try:
        data = json.loads(value)
    except (ValueError, RecursionError):
        raise ValueError("is not JSON") from None
    if not isinstance(data, dict):
        raise ValueError("must be a JSON object")
    return value


Text = Annotated[str, Field(strict=True, max_length=MAX_TEXT), AfterValidator(_text)]
Id = Annotated[str, Field(strict=True, min_length=1, max_length=MAX_TEXT), AfterValidator(_text),
               AfterValidator(_not_blank)]
Name = Annotated[str, Field(strict=True, max_length=200), AfterValidator(_text), AfterValidator(_name)]
Time = Annotated[str, Field(strict=True, max_length=64), AfterValidator(_time)]
Count = Annotated[StrictInt, Field(ge=0, le=MAX_COUNT)]
Seconds = Annotated[float, Field(ge=0, le=10**7, allow_inf_nan=False), AfterValidator(_finite)]
Fraction = Annotated[float, Field(ge=0, le=1, allow_inf_nan=False), AfterValidator(_finite)]
Setting = StrictBool | StrictInt | Annotated[float, Field(allow_inf_nan=False)] | Text | None


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


def dotted(loc: tuple[str | int, ...]) -> str:
    """A place in the file written for people: ``answers[3].answered_at``."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(top)"


def problems(err: ValidationError, limit: int = 5) -> str:
    """pydantic's errors as ``field: message`` items, the first ``limit`` of them."""
    items = []
    for e in err.errors(include_url=False):
        loc = tuple(p for p in e["loc"] if not (isinstance(p, str) and ("[" in p or p.startswith("function-"))))
        msg = "missing" if e["type"] == "missing" else "unknown field" if e["type"] == "extra_forbidden" \
            else e["msg"].removeprefix("Value error, ")
        items.append(f"{dotted(loc)}: {msg}")
    items = list(dict.fromkeys(items))
    more = f" (and {len(items) - limit} more)" if len(items) > limit else ""
    return "; ".join(items[:limit]) + more
