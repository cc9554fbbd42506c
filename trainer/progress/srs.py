"""Spaced repetition with FSRS (the ``fsrs`` package): when does an item come back?

Like a deck in Anki, a *card* is a kind of question, not one exact question: every exercise a
generator makes from the same parameters (``generator:paramskey``, whatever the seed) is one
card, and a review shows a *sibling* — the same generator and parameters with a new seed — so
the learner practises the skill, not a remembered answer.

A lesson step is a fixed question, not a family: its card is the step (``lesson_id/step``), and
the lesson records a spec for it (``{"lesson": lesson_id, "step": step}``, see
:func:`lesson_step_spec`) only when the learner misses it, so the steps a learner got wrong come
back in the review session, and the ones answered right at once do not crowd it.

A starter-set discard puzzle («What to discard?») is a fixed question too: its card is the
puzzle (``nanikiru:starter<N>:<hand>:<action>:<seat>``) and a miss records the spec
``{"nanikiru": "starter<N>", "hand", "action", "seat"}`` (:func:`starter_puzzle_spec`).  Misses
recorded before that spec was stored left cards without one; :func:`rebuilt_spec` gives both kinds
of fixed question their spec back from the card's key.

An answer becomes an FSRS grade: wrong -> Again; right with hints (or very slow) -> Hard;
right -> Good; right fast and without hints -> Easy.  The scheduler has no learning steps for a
new card (no "again in 1 minute, 10 minutes": the shortest interval is a day, and a missed item
is practised again in the same session by the drill's "my mistakes" round instead) and one
relearning step of a day for a lapse: a card answered wrong comes back the next day, and again
every day until it is answered right; only then does FSRS space it out again from its lowered
stability.  A card is graded at most once a day, with one exception (:func:`should_grade`): a
miss later on the day the card was graded right is a lapse, so that miss brings it back the next
day too.  No fuzzing, so a learner's history replays to the same due dates.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from datetime import datetime, timedelta

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

RELEARN_AFTER = timedelta(days=1)
"""A lapse (a wrong answer to a card learned before) brings the card back this much later."""
LESSON_STEP_KEY = re.compile(r"^([a-z][a-z0-9_]*)/([a-z0-9_]+)$")
"""A lesson step's progress key, ``lesson_id/step_id`` or ``lesson_id/index``
(``trainer.lessons.model.Lesson.step_key``)."""
STARTER_SPEC = "nanikiru"
"""The key of a starter-set discard puzzle's spec; its value names the starter game (``"starter4"``)."""
STARTER_PREFIX = "nanikiru:starter"
"""How the card key of every starter-set discard puzzle begins."""
STARTER_PUZZLE_KEY = re.compile(r"^nanikiru:(starter[0-9]+):([0-9]+):([0-9]+):([0-9]+)$")
"""A starter-set discard puzzle's card key, ``nanikiru:<starter game>:<hand>:<action>:<seat>``
(the exercise's item id, ``trainer.engine.exercises.nanikiru.puzzle``)."""

_SCHEDULER = Scheduler(learning_steps=(), relearning_steps=(RELEARN_AFTER,), enable_fuzzing=False)


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


def lesson_step_spec(item_id: str) -> dict | None:
    """How to show a lesson step again in a review, from its progress key ``lesson_id/step``:
    ``{"lesson": lesson_id, "step": step}``, where ``step`` is the step's id, or its index (as
    text) for a step without an id.  None when ``item_id`` is not a lesson step's key.  The review
    session looks the step up again (:mod:`trainer.ui.views.review_items`) and quietly leaves out
    a card whose lesson or step no longer exists."""
    m = LESSON_STEP_KEY.match(item_id)
    return {"lesson": m.group(1), "step": m.group(2)} if m else None


def starter_puzzle_spec(item_id: str) -> dict | None:
    """How to show a starter-set discard puzzle again, from its card key
    ``nanikiru:starter<N>:<hand>:<action>:<seat>``: ``{"nanikiru": "starter<N>", "hand", "action",
    "seat"}``, the spec a miss records (``trainer.ui.views.review_items.starter_spec``).  None when
    ``item_id`` is not such a key (a puzzle from the learner's own game is not one)."""
    m = STARTER_PUZZLE_KEY.match(item_id)
    if m is None:
        return None
    return {STARTER_SPEC: m.group(1), "hand": int(m.group(2)), "action": int(m.group(3)), "seat": int(m.group(4))}


def rebuilt_spec(item_id: str) -> dict | None:
    """The spec of a fixed question's card stored without one (a lesson step, or a starter-set
    discard puzzle, missed before such cards kept their spec), rebuilt from its key; None for any
    other card (a drill family's card cannot be rebuilt: its parameters are not in the key)."""
    return lesson_step_spec(item_id) or starter_puzzle_spec(item_id)


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
    due only when the answer is wrong (a lapse).

    On the local day the card was graded already, only a miss counts, and only when the card is
    not coming back by tomorrow anyway: that is, today's grade was a right answer, which put the
    card days away.  The miss shows the item is not learned after all, so it is a lapse (FSRS
    Again, the relearning step: back the next day).  A second miss after a miss today changes
    nothing (the card is due tomorrow already), and a right answer after today's grade changes
    nothing either: one success a day is all FSRS counts, so practising the same card twice in a
    session cannot stretch its interval."""
    card = Card.from_json(card_json)
    if card.last_review is not None and card.last_review.astimezone().date().isoformat() == local_day:
        return not correct and card.due > at + RELEARN_AFTER
    return card.due <= at or not correct


def review(card_json: str, *, correct: bool, seconds: float, hints: int, at: datetime) -> Review:
    """Apply one answer to a card and return the new card and its due date."""
    card = Card.from_json(card_json)
    rating = rating_for(correct=correct, seconds=seconds, hints=hints)
    card, _ = _SCHEDULER.review_card(card, rating, review_datetime=at)
    return Review(rating, card.due, card.to_json())
