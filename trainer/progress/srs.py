"""Spaced repetition with FSRS (the ``fsrs`` package): when does an item come back?

Like a deck in Anki, a *card* is a kind of question, not one exact question: every exercise a
generator makes from the same parameters (``generator:paramskey``, whatever the seed) is one
card, and a review shows a *sibling* — the same generator and parameters with a new seed — so
the learner practises the skill, not a remembered answer.

An answer becomes an FSRS grade: wrong -> Again; right with hints (or very slow) -> Hard;
right -> Good; right fast and without hints -> Easy.  The scheduler runs without learning steps
(no "again in 1 minute, 10 minutes"): the shortest interval is a day, and a missed item is
practised again in the same session by the drill's "my mistakes" round instead.  A card is
graded at most once a day; while it is not due, only a wrong answer (a lapse) reschedules it.
No fuzzing, so a learner's history replays to the same due dates.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime

from fsrs import Card, Rating, Scheduler

SLOW_SECONDS = 30.0
"""Answers slower than this count as Hard even when right."""
FAST_SECONDS = 6.0
"""Right answers faster than this, without hints, count as Easy."""
DAILY_REVIEWS = 30
"""The default daily review cap (a learner changes it in the settings)."""
SIBLING_SEEDS = 1_000_000
"""Review and mistakes-round seeds start here: above every seed a drill session uses, so a
sibling is never the very exercise the learner saw."""

_SCHEDULER = Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False)


@dataclass(frozen=True)
class Review:
    """The outcome of reviewing an item: the rating given and when it is due next."""

    rating: Rating
    due: datetime
    card_json: str


def card_key(item_id: str, spec: dict | None) -> str:
    """The card an answer belongs to: for a generated exercise (``spec`` names a generator, the
    item id is ``generator:paramskey:seed``) the family without the seed; otherwise the item."""
    if spec and spec.get("generator") and item_id.count(":") >= 2:
        return item_id.rsplit(":", 1)[0]
    return item_id


def sibling_seed(card: str, salt: str) -> int:
    """A seed for a sibling of a card's exercises (the same generator and parameters, a new
    question), stable for the same ``salt`` (e.g. the day and the review's number)."""
    digest = hashlib.sha1(f"{card}|{salt}".encode()).hexdigest()
    return SIBLING_SEEDS + int(digest[:8], 16) % 1_000_000_000


def initial_card(at: datetime) -> str:
    """A new FSRS card, due at once, as JSON."""
    return Card(due=at).to_json()


def rating_for(*, correct: bool, seconds: float, hints: int, fast: float = FAST_SECONDS) -> Rating:
    """The FSRS grade an answer earns: wrong Again, right with hints or slow Hard, right fast Easy,
    else Good."""
    if not correct:
        return Rating.Again
    if hints or seconds > SLOW_SECONDS:
        return Rating.Hard
    if seconds < fast:
        return Rating.Easy
    return Rating.Good


def should_grade(card_json: str, *, correct: bool, at: datetime, local_day: str) -> bool:
    """Whether an answer reschedules the card: a new or due card yes, once a day; a card not yet
    due only when the answer is wrong (a lapse), and never twice on the same local day."""
    card = Card.from_json(card_json)
    if card.last_review is not None and card.last_review.astimezone().date().isoformat() == local_day:
        return False
    return card.due <= at or not correct


def review(card_json: str, *, correct: bool, seconds: float, hints: int, at: datetime) -> Review:
    """Apply one answer to a card and return the new card and its due date."""
    card = Card.from_json(card_json)
    rating = rating_for(correct=correct, seconds=seconds, hints=hints)
    card, _ = _SCHEDULER.review_card(card, rating, review_datetime=at)
    return Review(rating, card.due, card.to_json())
