"""The learner's own mistakes from saved games as spaced-repetition cards.

When a match ends, its review (``trainer.engine.game.review``) is read and every discard
that lost tiles, slowed the hand, threw a dangerous tile into a riichi while a genbutsu was in the
hand (``unsafe``, even when it was the slower discard too), or dealt in while a safe tile was in the
hand becomes a new card in the learner's progress store, due at once (:meth:`ProgressStore.add_card`).  The
coach's verdict is not the learner's answer: no answer is recorded, so the daily goal, the
streak, the accuracy and the skills' mastery are left as they are until the learner answers the
card in a review.  A card's
spec names the game file and the decision (``{"game", "hand", "action", "seat"}``); the
position review screen shows that table again and asks "what would you discard here?".

A ready closed hand where the learner chose riichi or dama against the table's coach
(``Decision.riichi_against_advice``) becomes a card too, asking "riichi or dama?" with the
discarded tile already chosen: its id is ``game-riichi:<file>:<hand>:<action>`` (never one of
the ``game:`` tile cards) and its spec has ``"ask": "riichi"`` besides the decision.  Only the
first such decision of each hand is asked (a hand kept dama for five turns is one card), and not
when that decision is a tile card already (one card per decision: the tile card's feedback
shows the riichi row too).  The right answer is never stored: the screen recomputes the coach's
advice from the game.

An answer to a pon or chi offer against the coach (``CallDecision.against_advice``: a pass where
the coach calls, a call the coach would not make, or another call than the coach's) becomes a
card asking "X was discarded. Call or pass?": id ``game-call:<file>:<hand>:<action>`` (``action``
is the seat's answer in the hand's action list, so never a discard's), spec ``{"game", "hand",
"action", "seat", "ask": "call"}``, skill ``rules_calls`` (the calls lesson's).  Only the first
such offer of each hand is asked; the screen finds the offer again with
:func:`~trainer.engine.game.call_review.call_points` and grades the answer by
:func:`~trainer.engine.game.call_review.review_call`.

A discard against a threat (someone in riichi, or an open hand that looks ready) where the learner
pushed and the coach folds, or the other way round (``Decision.push_fold_against_advice``),
becomes a card asking "push or fold?" before the discard: id
``game-pushfold:<file>:<hand>:<action>``, spec ``{"game", "hand", "action", "seat", "ask":
"push_fold"}``, skill ``defense``.  Only the first such discard of each hand is asked, and not when
that discard is a tile card or a riichi card already (its feedback says push or fold too); the
screen grades the answer by the coach's verdict recomputed from the game
(:func:`~trainer.engine.game.review.push_fold_choice`, through the game's review).

A win on offer that the learner let pass where the coach takes it (``Decision.passed_win`` with the
verdict ``passed_win``: a ron answered with a pass, a tsumo answered with a discard, a kan or a
North) becomes a card asking "Ron or pass?" (or "Tsumo or play on?") at the offer: id
``game-win:<file>:<hand>:<action>``, spec ``{"game", "hand", "action", "seat", "ask": "win"}``,
skill ``rules_furiten`` (the lesson that says what a win let pass costs).  Only the first ron and
the first tsumo let pass in each hand are asked; such a decision is never a tile, riichi or
push-or-fold card besides (one card per decision).  The screen grades the answer against the
coach's advice recomputed from the game (``passed_win["advice"]``).  A tile card made before
passed wins were judged, on a discard that let a tsumo pass, is asked as a win card too (its id
and spec stay as they are).

A discard that did what the coach advised against a threat (a fold where it folds, its own tile
where it pushes: :func:`~trainer.engine.game.review.follows_advice`) is never a mistake, so it makes
no card.

The cards a match makes are offered at once: they are due when made, and :func:`record_mistakes`
also keeps their ids in the learner's profile (:data:`FRESH_KEY`), so :func:`due_positions` offers
them until they are answered (:func:`mark_practised`) or a day has passed.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from trainer.engine.game.call_review import CallDecision
from trainer.engine.game.review import (
    EFFICIENCY_MISTAKES,
    SAFETY_MISTAKES,
    WIN_MISTAKES,
    Decision,
    review_game,
)

CARD_VERDICTS = (*EFFICIENCY_MISTAKES, *SAFETY_MISTAKES)
"""Verdicts that become tile cards: a discard that slowed the hand (``lost_tiles``, ``lost_shanten``) or
was dangerous against a riichi while a genbutsu was in the hand (``unsafe``, ``dealt_in``): the review's
mistakes worth a card (:attr:`~trainer.engine.game.review.Decision.mistake`) but a win let pass, which
has its own card."""

RIICHI_ASK = "riichi"
"""The ``ask`` of a card's spec that makes it a riichi-or-dama question (a tile card has none)."""

RIICHI_SKILL = "rules_riichi"
"""The mastery skill riichi-or-dama cards feed: the one the riichi lesson (and its dama) trains."""


CALL_ASK = "call"
"""The ``ask`` of a card's spec that makes it a call-or-pass question on a pon or chi offer."""

CALL_SKILL = "rules_calls"
"""The mastery skill call-or-pass cards feed: the one the lesson on pon and chi trains."""


PUSH_FOLD_ASK = "push_fold"
"""The ``ask`` of a card's spec that makes it a push-or-fold question against a threat."""

PUSH_FOLD_SKILL = "defense"
"""The mastery skill push-or-fold cards feed: defense (betaori, reading the threat)."""

WIN_ASK = "win"
"""The ``ask`` of a card's spec that makes it a win-or-let-it-pass question (a ron or a tsumo on offer)."""

WIN_SKILL = "rules_furiten"
"""The mastery skill win cards feed: the furiten lesson's (a win let pass, and what it leaves)."""

FRESH_KEY = "fresh_game_cards"
"""The learner-profile key of the cards the latest matches made and the learner has not answered
yet: ``{item id: when it was made (ISO time)}``."""

FRESH_FOR = timedelta(days=1, hours=1)
"""How long a new card is offered before it is due: a wrong answer brings a card back a day later
(:data:`trainer.progress.srs.RELEARN_AFTER`), and from then on it is due like any other."""


def card_id(path: Path, d: Decision) -> str:
    """The item id of a game mistake: the game file and the decision."""
    return f"game:{path.stem}:{d.hand}:{d.action}"


def riichi_card_id(path: Path, d: Decision) -> str:
    """The item id of a riichi-or-dama choice against the coach (apart from :func:`card_id`'s)."""
    return f"game-riichi:{path.stem}:{d.hand}:{d.action}"


def call_card_id(path: Path, c: CallDecision) -> str:
    """The item id of an answer to a pon or chi offer against the coach (apart from the others)."""
    return f"game-call:{path.stem}:{c.hand}:{c.action}"


def push_fold_card_id(path: Path, d: Decision) -> str:
    """The item id of a push-or-fold choice against the coach (apart from the other cards')."""
    return f"game-pushfold:{path.stem}:{d.hand}:{d.action}"


def win_card_id(path: Path, d: Decision) -> str:
    """The item id of a win let pass where the coach takes it (apart from the other cards')."""
    return f"game-win:{path.stem}:{d.hand}:{d.action}"


def card_skill(d: Decision) -> str:
    """The mastery skill a game mistake belongs to: defense for a dangerous discard into a riichi
    (``unsafe``, ``dealt_in``), else efficiency."""
    return "defense" if d.verdict in SAFETY_MISTAKES else "efficiency"


def is_riichi_card(spec: dict[str, Any]) -> bool:
    """True if a card (its spec, or a due item) asks riichi or dama rather than a tile."""
    return spec.get("ask") == RIICHI_ASK


def is_call_card(spec: dict[str, Any]) -> bool:
    """True if a card (its spec, or a due item) asks whether to call a pon or chi or pass."""
    return spec.get("ask") == CALL_ASK


def is_push_fold_card(spec: dict[str, Any]) -> bool:
    """True if a card (its spec, or a due item) asks whether to push or fold against a threat."""
    return spec.get("ask") == PUSH_FOLD_ASK


def is_win_card(spec: dict[str, Any]) -> bool:
    """True if a card (its spec, or a due item) asks whether to declare a win on offer or let it pass."""
    return spec.get("ask") == WIN_ASK


def game_path(app: Any, ref: object) -> Path | None:
    """The game file a card's spec names, or None when it is not there: a name is looked for in
    the learner's games folder; a whole path (cards made before names were kept, or on another
    computer) is used when it exists, else its name is looked for in the learner's games folder."""
    from trainer.ui.saved_games import games_dir

    text = str(ref or "")
    if not text:
        return None
    path = Path(text)
    if path.is_absolute() and path.is_file():
        return path
    if not path.name or path.name in (".", ".."):
        return None
    try:
        here = games_dir(app) / path.name
        return here if here.is_file() else None
    except OSError:
        return None


def mistake_cards(path: Path, log: dict[str, Any], seat: int = 0) -> list[tuple[str, str, dict[str, Any]]]:
    """The review cards of ``seat`` in a game, in game order: ``(item id, skill, spec)`` for every
    tile mistake, for the first ron and the first tsumo let pass, the first riichi-or-dama choice,
    the first push or fold and the first answer to a pon or chi offer against the coach in each
    hand (see the module docstring)."""
    ref = str(path)
    review = review_game(log, seat)
    cards: list[tuple[tuple[int, int], str, str, dict[str, Any]]] = []
    asked: set[int] = set()  # hands whose riichi choice is covered
    pushed: set[int] = set()  # hands whose push-or-fold choice is covered
    passed: set[tuple[int, str]] = set()  # (hand, "ron" or "tsumo") whose win let pass is asked
    for d in review.decisions:
        spec = {"game": ref, "hand": d.hand, "action": d.action, "seat": seat}
        tile_card = d.verdict in CARD_VERDICTS
        if tile_card:
            cards.append(((d.hand, d.action), card_id(path, d), card_skill(d), spec))
        if d.passed_win is not None and d.verdict in WIN_MISTAKES:
            tile_card = True  # the win let pass is this decision's lesson: no riichi or push-or-fold card
            where = (d.hand, str(d.passed_win.get("kind")))
            if where not in passed:
                passed.add(where)
                cards.append(((d.hand, d.action), win_card_id(path, d), WIN_SKILL, dict(spec, ask=WIN_ASK)))
        if d.riichi_against_advice and d.hand not in asked:
            asked.add(d.hand)
            if not tile_card:
                cards.append(((d.hand, d.action), riichi_card_id(path, d), RIICHI_SKILL, dict(spec, ask=RIICHI_ASK)))
                tile_card = True  # the riichi card asks this decision: no push-or-fold card for it
        if d.push_fold_against_advice and d.hand not in pushed:
            pushed.add(d.hand)
            if not tile_card:
                cards.append(((d.hand, d.action), push_fold_card_id(path, d), PUSH_FOLD_SKILL,
                              dict(spec, ask=PUSH_FOLD_ASK)))
    called: set[int] = set()  # hands whose call question is asked
    for c in review.calls:
        if c.against_advice and c.hand not in called:
            called.add(c.hand)
            spec = {"game": ref, "hand": c.hand, "action": c.action, "seat": seat, "ask": CALL_ASK}
            cards.append(((c.hand, c.action), call_card_id(path, c), CALL_SKILL, spec))
    cards.sort(key=lambda card: card[0])  # game order (a stable sort: ties keep the order above)
    return [(item_id, skill, spec) for _where, item_id, skill, spec in cards]


def record_mistakes(app: Any, path: Path, log: dict[str, Any], seat: int = 0) -> int:
    """Turn the mistakes of ``seat`` in a finished game into review cards; returns how many."""
    if getattr(app, "progress", None) is None or getattr(app, "learner_id", None) is None:
        return 0
    cards = mistake_cards(path, log, seat)
    try:
        for item_id, skill, spec in cards:  # cards without an answer: the learner was not asked yet
            app.progress.add_card(app.learner_id, item_id, skill, spec)
    except Exception as exc:  # noqa: BLE001 - the match is saved; only its review cards are lost
        if hasattr(app, "notify"):
            app.progress_failed(exc)
        return 0
    if cards:  # offered at once (due_positions), not only a day later
        made = datetime.now(UTC).isoformat(timespec="seconds")
        _set_fresh(app, {**_fresh(app), **{item_id: made for item_id, _skill, _spec in cards}})
    return len(cards)


def _fresh(app: Any) -> dict[str, str]:
    """The new cards not answered yet (:data:`FRESH_KEY`), without those older than :data:`FRESH_FOR`."""
    data = app.learner_data(FRESH_KEY) if hasattr(app, "learner_data") else None
    if not isinstance(data, dict):
        return {}
    since = datetime.now(UTC) - FRESH_FOR
    out = {}
    for item_id, made in data.items():
        try:
            when = datetime.fromisoformat(str(made))
        except ValueError:
            continue
        if (when if when.tzinfo else when.replace(tzinfo=UTC)) >= since:
            out[str(item_id)] = str(made)
    return out


def _set_fresh(app: Any, fresh: dict[str, str]) -> None:
    if hasattr(app, "set_learner_data"):
        app.set_learner_data(FRESH_KEY, fresh or None)


def mark_practised(app: Any, item_id: str) -> None:
    """The learner answered the card ``item_id``: from now on it comes back when it is due."""
    fresh = _fresh(app)
    if item_id in fresh:
        del fresh[item_id]
        _set_fresh(app, fresh)


def _is_game_card(spec: dict) -> bool:
    """A stored review spec that is a position from a saved game (not a drill or lesson card)."""
    return "game" in spec


def due_positions(app: Any) -> list[dict[str, Any]]:
    """Due game-mistake cards whose game file still exists (oldest first), then the cards the
    latest matches made that the learner has not answered yet (:data:`FRESH_KEY`).  Each card's
    ``game`` is the whole path of its file (:func:`game_path`)."""
    store, learner = getattr(app, "progress", None), getattr(app, "learner_id", None)
    if store is None or learner is None:
        return []
    try:
        due = store.due_reviews(learner, limit=50, showable=_is_game_card)  # drill and lesson cards never crowd them out
        fresh = _fresh(app)
        if fresh:
            shown = {r["item_id"] for r in due}
            soon = store.due_reviews(learner, now=datetime.now(UTC) + FRESH_FOR, limit=500, showable=_is_game_card)
            due += [r for r in soon if r["item_id"] in fresh and r["item_id"] not in shown]
    except Exception:  # noqa: BLE001 - a damaged store is reported elsewhere
        return []
    out = []
    for r in due:
        path = game_path(app, r.get("game"))
        if path is not None:
            out.append(dict(r, game=str(path)))
    return out


COUNT_ALL = 1_000_000
"""A limit that lifts the daily review cap when cards are counted, not shown."""

LOOK_AHEAD = timedelta(days=400)
"""How far ahead :func:`next_return` looks for the cards' due dates."""


def next_return(app: Any, item_ids: set[str], now: datetime | None = None) -> tuple[datetime, int, int] | None:
    """When the cards ``item_ids`` come back, read from the progress store's schedule (never
    changed): the first due time among them, how many are due by the end of that local day, and
    how many come later; None without a progress store, without such cards, or when none is
    scheduled within :data:`LOOK_AHEAD`.  A miss comes back a day later
    (:data:`trainer.progress.srs.RELEARN_AFTER`)."""
    store, learner = getattr(app, "progress", None), getattr(app, "learner_id", None)
    if store is None or learner is None or not item_ids:
        return None
    now = now or datetime.now(UTC)

    def due_by(when: datetime, limit: int = COUNT_ALL) -> int:
        return len(store.due_reviews(learner, now=when, limit=limit, showable=lambda r: r.get("item_id") in item_ids))

    try:
        if not due_by(now + LOOK_AHEAD, 1):
            return None
        lo, hi = now, now + timedelta(hours=1)  # the first due time: windows doubling, then halved to the minute
        while not due_by(hi, 1):
            lo, hi = hi, now + (hi - now) * 2
        while hi - lo > timedelta(minutes=1):
            mid = lo + (hi - lo) / 2
            lo, hi = (lo, mid) if due_by(mid, 1) else (mid, hi)
        local = hi.astimezone()
        day_end = datetime.combine(local.date() + timedelta(days=1), datetime.min.time()).astimezone()
        first_day = due_by(day_end)
        return hi, first_day, due_by(now + LOOK_AHEAD) - first_day
    except Exception:  # noqa: BLE001 - a store that cannot answer: nothing to say, never a crash
        return None
