"""Which due review cards the review session can show, and the lesson step or starter puzzle a card names.

A review card is one of four kinds, told apart by its spec (``ProgressStore.due_reviews``):

- ``{"generator", "params", "seed"}``: a drill's family of exercises; the review shows a sibling
  (the same generator and parameters, a new seed);
- ``{"lesson", "step"}``: a lesson step the learner missed; the review shows that very step
  (the lesson screen in its one-step review mode, ``lesson_review``);
- ``{"game", ...}``: a position from the learner's own games (shown by the position review, whose
  doors are the home's "Mistakes from your games" card and the progress screen's button, not by
  this session; the progress screen names their count apart).  When none is due, the ones coming
  back are said with the other cards coming back (:func:`can_show_position`,
  :mod:`trainer.ui.views.coming_reviews`), and practising them early opens the position review;
- ``{"nanikiru", "hand", "action", "seat"}``: a starter-set discard puzzle the learner missed
  (:func:`starter_spec`); the review shows that very puzzle (the «What to discard?» table in its
  one-puzzle review mode, ``nanikiru_review``), as it shows a lesson step.  The drill also puts
  the due ones first in its next round (:func:`due_starter_puzzles`).  A card kept without a spec
  (a miss recorded before misses kept one) has its spec rebuilt from its key by the store.

A lesson step and a starter puzzle are fixed questions: the session opens them over itself
(:func:`open_card`) and, in another round, repeats only those missed.

A card the app can no longer show (its generator is gone, its lesson or step was removed or
changed into a text) is left out quietly: the learner never sees an error for it, and it does
not take the place of a card that can be shown.  A card of a lesson whose file has an error now
(the lesson did not load; it comes back once the file is fixed) is left out of the session too,
but not quietly: :func:`waiting_for_lessons` counts them, and the progress screen says how many
wait for which file.

"Another round" after a review (:func:`next_round`) gives every drill card again, with a new
question, and only the lesson steps missed in the round just played.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from functools import cache
from typing import Any

from trainer.progress.srs import STARTER_SPEC, lesson_step_spec, starter_puzzle_spec
from trainer.ui.views.drill_catalog import generators

NOT_REVIEWED = ("drill", "play")
"""Step kinds that never come back as a lesson-step card: a drill step records its exercises as
drill cards of their own, and a game at the table is not one question."""


def step_spec(lesson: Any, index: int) -> dict | None:
    """The spec that brings step ``index`` of ``lesson`` back in a review: ``{"lesson", "step"}``
    (the step's id, or its index for a step without one), as its progress key names it."""
    return lesson_step_spec(lesson.step_key(index))


def step_index(lesson: Any, step: Any) -> int | None:
    """The index of the step a card names (its id, or the index of a step without an id), or None
    when the lesson has no such step any more.  A step named by its index must still have no id:
    when it got one, or the steps moved, the index may point at another question."""
    key = str(step)
    for i, s in enumerate(lesson.steps):
        if s.id is not None and s.id == key:
            return i
    if key.isdigit() and int(key) < len(lesson.steps) and lesson.steps[int(key)].id is None:
        return int(key)
    return None


def lesson_step(app: Any, item: dict, *, wait: bool = True) -> tuple[Any, int] | None:
    """The lesson and step index a lesson-step card (``{"lesson", "step"}``) names, when it can
    still be shown as a question; None otherwise (no such lesson or step, a step that is no longer
    a question, or, with ``wait=False``, the lessons are still loading)."""
    lesson_id, step = item.get("lesson"), item.get("step")
    if not isinstance(lesson_id, str) or step is None:
        return None
    if not wait and not app.library_ready():
        return None
    try:
        lesson = app.library().lessons.get(lesson_id)
    except Exception:  # noqa: BLE001 - lessons that cannot be loaded are reported elsewhere
        return None
    if lesson is None:
        return None
    index = step_index(lesson, step)
    if index is None:
        return None
    s = lesson.steps[index]
    if not s.interactive or s.kind in NOT_REVIEWED:
        return None
    return lesson, index


def can_show(app: Any, *, wait: bool = True) -> Callable[[dict], bool]:
    """The check the review session applies to a due card: a drill card whose generator the app
    has, a lesson-step card whose step is still a question (``wait=False``: without waiting for
    the lessons to load, as the home screen does; it is rebuilt when they are in), or a starter
    puzzle still in the starter set."""
    known: dict[str, Any] | None = None  # the generators, loaded at the first drill card

    def showable(item: dict) -> bool:
        nonlocal known
        if item.get("generator") is not None:
            if known is None:
                known = generators()
            return item["generator"] in known
        if item.get("lesson") is not None:
            return lesson_step(app, item, wait=wait) is not None
        if _is_starter_card(item):
            return starter_key(item) in _starter_keys()
        return False

    return showable


def is_game_position(item: dict) -> bool:
    """A card that is a position from the learner's own games (its spec names the game,
    ``{"game", "hand", "action", "seat"}``): the position review shows it, not the review session."""
    return "game" in item


GameFinder = Callable[[Any, object], Any]
"""Finds the game file a game-position card names: ``(app, the card's "game") -> path or None``.
The screens pass :func:`trainer.ui.game_cards.game_path` (views do not reach the saved games)."""


def can_show_position(app: Any, find_game: GameFinder) -> Callable[[dict], bool]:
    """The check for a game-position card the position review can still open: its game file is
    there (``find_game``, asked once per file).  The home's and the progress screen's "when do
    they come back" counts these with :func:`can_show`'s cards."""
    found: dict[str, bool] = {}

    def showable(item: dict) -> bool:
        if not is_game_position(item):
            return False
        ref = str(item.get("game") or "")
        if ref not in found:
            found[ref] = find_game(app, ref) is not None
        return found[ref]

    return showable


def with_game_path(app: Any, item: dict, find_game: GameFinder) -> dict:
    """A game-position card as the position review takes it: its ``game`` the whole path of the
    game file here (``find_game``; as :func:`trainer.ui.game_cards.due_positions` gives its cards);
    any other card as it is."""
    if not is_game_position(item):
        return item
    path = find_game(app, item.get("game"))
    return dict(item, game=str(path)) if path is not None else item


def open_card(app: Any, item: dict, **session: Any) -> bool:
    """Open a due card that is one fixed question over the review session: a lesson step in the
    lesson screen's one-step review mode (``lesson_review``), a starter puzzle on the «What to
    discard?» table in its one-puzzle review mode (``nanikiru_review``).  ``session`` is what the
    card's screen takes from the session: ``position`` (index, cards, right, results), ``title``,
    ``on_done(result)``, ``on_leave()`` and ``source``.  False (nothing opened) when the card
    cannot be shown any more."""
    found = lesson_step(app, item)
    if found is not None:
        lesson, step = found
        app.push("lesson_review", lesson_id=lesson.id, step=step, item_id=item.get("item_id"), **session)
        return True
    puzzle = starter_puzzle(item)
    if puzzle is not None:
        app.push("nanikiru_review", puzzles=[puzzle], item_id=item.get("item_id"), **session)
        return True
    return False


def due_review_items(app: Any, *, now: datetime | None = None, wait: bool = True) -> list[dict]:
    """The due cards the review session will show, within the learner's daily cap (empty without
    a progress store): the one list behind the home's Review card, the progress screen's count
    and the session itself."""
    store, learner = getattr(app, "progress", None), getattr(app, "learner_id", None)
    if store is None or learner is None:
        return []
    return store.due_reviews(learner, now=now, showable=can_show(app, wait=wait))


ALL_DUE = 10_000
"""A limit that takes every due card: these counts are not the review session's, which has its
own daily cap."""


def waiting_for_lessons(app: Any, *, now: datetime | None = None) -> list[tuple[str, int]]:
    """The due lesson-step cards that wait because their lesson did not load (its file has an
    error): ``(the lesson's file, how many cards)`` per lesson, the most first.  They are not in
    :func:`due_review_items` (the session cannot show them) and come back when the file is fixed.
    Empty without a progress store, or when every lesson loaded."""
    from collections import Counter

    store, learner = getattr(app, "progress", None), getattr(app, "learner_id", None)
    if store is None or learner is None:
        return []
    try:
        lib = app.library()
        broken = {k: v for k, v in getattr(lib, "broken", {}).items() if k not in lib.lessons}
        if not broken:
            return []
        items = store.due_reviews(learner, now=now, limit=ALL_DUE,
                                  showable=lambda item: item.get("generator") is None and item.get("lesson") in broken)
    except Exception:  # noqa: BLE001 - a store or library that cannot answer: nothing to say
        return []
    counts = Counter(item["lesson"] for item in items)
    return sorted(((str(broken[lid].file), n) for lid, n in counts.items()), key=lambda fn: (-fn[1], fn[0]))


def showable_items(app: Any, items: list[dict]) -> list[dict]:
    """The cards of ``items`` the review session can show, in their order."""
    showable = can_show(app)
    return [it for it in items if showable(it)]


MISSED = ("retry", "wrong", "shown")
"""A lesson step's results in a review round (as the lesson marks them) that bring it back in the
next round: right only on the second try, wrong, or its answer shown."""


def next_round(items: list[dict], results: list[str]) -> list[dict]:
    """The cards of another round after a review round of ``items`` with ``results`` (one per card,
    in order): every drill card, whose family gives a new question each round, and of the fixed
    questions (lesson steps, starter puzzles) only those missed in the round (:data:`MISSED`): one
    answered right at once is the very question again, so it is not repeated.  Empty when nothing
    is left to practise."""
    out = []
    for i, item in enumerate(items):
        if item.get("generator") is None and (results[i] if i < len(results) else "") not in MISSED:
            continue
        out.append(item)
    return out


# ---------------------------------------------------------------- missed starter-set discard puzzles

# STARTER_SPEC (imported above from the progress layer, which rebuilds a spec-less card's spec with
# the same keys): the key of the review spec of a missed starter-set puzzle (:func:`starter_spec`),
# the starter game (``"starter4"``); then the hand, the action and the seat of the decision.


def starter_spec(position: Any) -> dict[str, Any]:
    """The review spec that finds a starter-set position again (:func:`due_starter_puzzles`): the
    one :func:`trainer.progress.srs.starter_puzzle_spec` rebuilds from the puzzle's card key."""
    return {STARTER_SPEC: position.source, "hand": position.hand, "action": position.action, "seat": position.seat}


def _is_starter_card(spec: dict) -> bool:
    """A stored review spec that is a starter-set discard puzzle (not a drill, lesson or game card)."""
    return isinstance(spec.get(STARTER_SPEC), str)


def starter_key(spec: dict) -> tuple[Any, Any, Any, Any]:
    """The starter game, hand, action and seat a starter puzzle's spec names."""
    return spec.get(STARTER_SPEC), spec.get("hand"), spec.get("action"), spec.get("seat")


@cache
def _starter_keys() -> frozenset[tuple[str, int, int, int]]:
    """The starter set's puzzles as :func:`starter_key` names them, read from its data file alone
    (the home counts due cards with it, so it does not replay the starter games): each stored hand
    is a one-hand game (hand 0) whose positions name a seat and an action."""
    import json
    from importlib import resources

    from trainer.engine.exercises.nanikiru import STARTER_FILE

    data = json.loads(resources.files("trainer.engine").joinpath("data", STARTER_FILE).read_text(encoding="utf-8"))
    return frozenset((f"starter{hi}", 0, int(action), int(seat))
                     for hi, hand in enumerate(data["hands"]) for seat, action, *_rest in hand["positions"])


@cache
def _starter_positions() -> dict[tuple[str, int, int, int], Any]:
    """The starter set's positions by :func:`starter_key` (replayed once: a review opens one after
    another)."""
    from trainer.engine.exercises import nanikiru

    return {(p.source, p.hand, p.action, p.seat): p for p in nanikiru.starter_positions()}


def starter_puzzle(item: dict) -> Any | None:
    """The starter puzzle a card names (its spec, or for a card kept without one its key), or None
    when it is no starter puzzle or no longer in the starter set."""
    spec = item if _is_starter_card(item) else starter_puzzle_spec(str(item.get("item_id") or ""))
    position = _starter_positions().get(starter_key(spec)) if spec else None
    if position is None:
        return None
    from trainer.engine.exercises import nanikiru

    return nanikiru.puzzle(position)


def due_starter_puzzles(app: Any, focus: str = "all", limit: int = 10) -> list[Any]:
    """The starter-set puzzles the learner missed that are due for review (at most ``limit``, the
    most overdue first, only those of ``focus``), found again from their cards' specs; empty
    without a progress store.  A card whose position is no longer in the starter set is left out."""
    store, learner = getattr(app, "progress", None), getattr(app, "learner_id", None)
    if store is None or learner is None or limit <= 0:
        return []
    try:
        cards = store.due_reviews(learner, limit=limit, showable=_is_starter_card)
    except Exception:  # noqa: BLE001 - a damaged store is reported elsewhere
        return []
    order = {starter_key(c): i for i, c in enumerate(cards)}
    if not order:
        return []
    from trainer.engine.exercises import nanikiru

    found = [(order[key], pos) for key, pos in _starter_positions().items() if key in order]
    puzzles = [nanikiru.puzzle(pos) for _i, pos in sorted(found, key=lambda f: f[0])]
    return [q for q in puzzles if nanikiru.in_focus(q, focus)]
