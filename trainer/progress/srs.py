"""Spaced repetition with FSRS (the ``fsrs`` package): when does an item come back?

An answer becomes an FSRS rating: wrong -> Again; right with hints or slowly ->
Hard; right -> Good; right, fast and without hints on a card already in review
-> Easy.  The scheduler runs without fuzzing so a learner's history replays to
the same due dates.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from fsrs import Card, Rating, Scheduler, State

SLOW_SECONDS = 30.0
"""Answers slower than this count as Hard even when right."""
FAST_SECONDS = 4.0
"""Right answers faster than this, without hints, on a reviewed card count as Easy."""

_SCHEDULER = Scheduler(enable_fuzzing=False)


@dataclass(frozen=True)
class Review:
    """The outcome of reviewing an item: the rating given and when it is due next."""

    rating: Rating
    due: datetime
    card_json: str


def initial_card(at: datetime) -> str:
    """A new FSRS card, due at once, as JSON."""
    return Card(due=at).to_json()


def rating_for(*, correct: bool, seconds: float, hints: int, in_review: bool) -> Rating:
    """The FSRS rating an answer earns."""
    if not correct:
        return Rating.Again
    if hints or seconds > SLOW_SECONDS:
        return Rating.Hard
    if in_review and seconds < FAST_SECONDS:
        return Rating.Easy
    return Rating.Good


def review(card_json: str, *, correct: bool, seconds: float, hints: int, at: datetime) -> Review:
    """Apply one answer to a card and return the new card and its due date."""
    card = Card.from_json(card_json)
    rating = rating_for(correct=correct, seconds=seconds, hints=hints, in_review=card.state == State.Review)
    card, _ = _SCHEDULER.review_card(card, rating, review_datetime=at)
    return Review(rating, card.due, card.to_json())
