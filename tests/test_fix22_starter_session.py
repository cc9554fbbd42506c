"""Review 22 (starter): a missed starter-set «Что сбросить?» puzzle is a card of «Повторение».

The review session opens it over itself on the discard-puzzle table (``nanikiru_review``), as it
opens a missed lesson step: the answer is a review of the same card, the main button goes on to
the next card, Esc leaves the review, and another round repeats only the puzzles missed.  A card
kept without a spec (a miss from before misses kept one) opens the same way.
"""

from __future__ import annotations

import os
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui_events import click, frame, headless_app, key  # noqa: E402
from trainer import i18n  # noqa: E402
from trainer.cli.wrong_answers import drill_wrong  # noqa: E402
from trainer.engine.exercises import GENERATORS, nanikiru  # noqa: E402
from trainer.progress import open_store  # noqa: E402

PAST = datetime.now(UTC) - timedelta(days=3)


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    before = i18n.current_language()
    with headless_app(tmp_path, monkeypatch, progress=open_store(tmp_path / "progress.sqlite3"),
                      language="ru") as a:
        yield a
    i18n.set_language(before)


def _miss_starter(app: Any, n: int = 1, *, with_spec: bool = True, at: datetime = PAST) -> list[str]:
    """Miss the first ``n`` starter puzzles in the drill, ``at`` (as the drill records it now, or,
    without ``with_spec``, as it did before misses kept a spec)."""
    from trainer.ui.views.review_items import starter_spec

    ids = []
    for pos in nanikiru.starter_positions()[:n]:
        q = nanikiru.puzzle(pos)
        app.progress.record_answer(app.learner_id, "nanikiru", q.exercise.item_id, q.exercise.skill, False, 9.0,
                                   spec=starter_spec(pos) if with_spec else None, at=at)
        ids.append(q.exercise.item_id)
    return ids


def _minutes_ago_today(minutes: int) -> datetime:
    """``minutes`` before now, but never before today's local midnight: a miss "of today" must not
    fall on yesterday when the test runs just after midnight (it would come back today)."""
    now = datetime.now().astimezone()
    midnight = now.replace(hour=0, minute=0, second=0, microsecond=0)
    return max(now - timedelta(minutes=minutes), midnight)


def _miss_drill(app: Any, at: datetime) -> str:
    ex = GENERATORS["shanten"].generate({}, 3)
    app.progress.record_answer(app.learner_id, "drill", ex.item_id, ex.skill, False, 9.0, spec=ex.spec(), at=at)
    return ex.item_id.rsplit(":", 1)[0]


def _review(app: Any) -> Any:
    """Open «Повторение» from the home's card, as a learner does."""
    from trainer.ui.views.review_items import due_review_items

    items = due_review_items(app)
    app.pop()
    home = app.push("home")
    frame(app)
    assert home.review is not None and home.review.badge == str(len(items))
    home.review.activate()
    frame(app)
    return next(s for s in app.stack if s.name == "review")


def _pick(app: Any, screen: Any, *, right: bool) -> None:
    legal = {t.kind for t in screen.decision.position.legal}
    tile = next(s.tile for s in screen.hand_row.slots
                if s.tile.kind in legal and (s.tile.kind in screen.right()) == right)
    screen.answer(tile)
    frame(app)


def _answers(app: Any) -> list[tuple[str, str, int]]:
    rows = app.progress.db.execute("SELECT source, item_id, correct FROM answer WHERE learner_id = ? ORDER BY id",
                                   (app.learner_id,))
    return [tuple(r) for r in rows]


def test_a_due_starter_puzzle_is_a_card_of_the_review_session(app: Any) -> None:
    (puzzle,) = _miss_starter(app, at=PAST - timedelta(days=1))  # the most overdue: the first card
    family = _miss_drill(app, PAST)
    review = _review(app)
    card = app.screen
    assert card.name == "nanikiru_review" and card is not review and review.n == 2
    assert card.items[0].exercise.item_id == puzzle
    assert card.title() == "Повторение" and card.header_extra() == "Задание 1 из 2 · верно: 0"
    assert "из стартового набора: здесь вы уже ошибались" in card.question()
    _pick(app, card, right=False)
    assert _answers(app)[-1] == ("review", puzzle, 0)  # a review of the same card, not a drill answer
    assert card.next_btn is not None and card.next_btn.label == "Далее"
    key(app, pygame.K_RETURN, "\r")  # back to the session, which goes on to its next card
    frame(app)
    assert app.screen is review and review.index == 1 and review.results == ["wrong"]
    assert review.ex.kind == "shanten" and review._item()["item_id"] == family
    drill_wrong(app, review)
    key(app, pygame.K_RETURN, "\r")
    drill_wrong(app, review)
    key(app, pygame.K_RETURN, "\r")
    assert review.finished
    assert review.round_note() == ("Ещё круг: 1 задание из тренировок с новым вопросом и 1 задача «Что сбросить?», "
                                   "решённая в этом круге с ошибкой.")
    click(app, review.again_btn.rect.center)  # another round: the puzzle missed comes again
    frame(app)
    assert app.screen.name == "nanikiru_review" and app.screen.items[0].exercise.item_id == puzzle
    _pick(app, app.screen, right=True)
    assert _answers(app)[-1] == ("drill", puzzle, 1)  # a further round is practice
    assert app.screen.next_btn.label == "Далее"


def test_a_puzzle_answered_right_is_not_repeated_and_the_summary_says_so(app: Any) -> None:
    i18n.set_language("en")
    _miss_starter(app, 2)
    review = _review(app)
    for right in (True, True):
        card = app.screen
        assert card.name == "nanikiru_review"
        _pick(app, card, right=right)
        key(app, pygame.K_RETURN, "\r")
        frame(app)
    assert app.screen is review and review.finished and review.results == ["right", "right"]
    assert review.again_btn is None
    assert review.round_note() == ("Nothing is left for another round: every discard puzzle was answered right. "
                                   "Press “Done” to leave the review.")


def test_escape_on_a_puzzle_leaves_the_review(app: Any) -> None:
    _miss_starter(app, 2)
    review = _review(app)
    assert app.screen.name == "nanikiru_review"
    key(app, pygame.K_ESCAPE)
    frame(app)
    assert review not in app.stack and app.screen.name == "home"
    assert not _answers(app)[2:]  # nothing recorded for the card left unanswered


def test_an_old_miss_without_a_spec_opens_in_the_review_too(app: Any) -> None:
    (puzzle,) = _miss_starter(app, with_spec=False)
    _review(app)
    card = app.screen
    assert card.name == "nanikiru_review" and card.items[0].exercise.item_id == puzzle
    _pick(app, card, right=True)
    assert _answers(app)[-1] == ("review", puzzle, 1)
    spec = app.progress.db.execute("SELECT spec FROM card WHERE item_id = ?", (puzzle,)).fetchone()[0]
    assert spec is not None  # answered in a review, the card keeps its spec from now on
    assert card.next_btn.label == "Завершить"  # the last card of the session


def test_a_puzzle_gone_from_the_starter_set_is_left_out_quietly(app: Any) -> None:
    from trainer.ui.views.review_items import due_review_items

    app.progress.record_answer(app.learner_id, "nanikiru", "nanikiru:starter999:0:7:1", "efficiency", False, 9.0,
                               spec={"nanikiru": "starter999", "hand": 0, "action": 7, "seat": 1}, at=PAST)
    assert due_review_items(app) == []
    with pytest.raises(ValueError):  # a session of it alone cannot start (the home offers none)
        app.push("review", items=[{"nanikiru": "starter999", "hand": 0, "action": 7, "seat": 1,
                                   "item_id": "nanikiru:starter999:0:7:1", "skill": "efficiency"}])


def test_the_summary_names_lesson_steps_and_puzzles_apart(app: Any) -> None:
    i18n.set_language("en")
    ex = GENERATORS["shanten"].generate({}, 3)
    drill = dict(ex.spec(), item_id=ex.item_id.rsplit(":", 1)[0], skill=ex.skill)
    step = {"lesson": "basics_tiles", "step": "suit_of_8p", "item_id": "basics_tiles/suit_of_8p", "skill": "tile_names"}
    (puzzle,) = _miss_starter(app)
    starter = dict(app.progress.due_reviews(app.learner_id)[0])
    assert starter["item_id"] == puzzle
    review = app.push("review", items=[drill, step, starter])
    review.finished = True
    review.results = ["wrong", "right", "wrong"]
    assert review.round_note() == ("Another round: 1 drill exercise with a new question and 1 discard puzzle missed "
                                   "in this round. 1 lesson step answered right is not repeated.")
    review.results = ["right", "wrong", "right"]
    assert review.round_note() == ("Another round: 1 drill exercise with a new question and 1 lesson step missed "
                                   "in this round. 1 discard puzzle answered right is not repeated.")
    review.items = [step, starter]
    review.results = ["right", "right"]
    assert review.round_note() == ("Nothing is left for another round: every lesson step and discard puzzle was "
                                   "answered right. Press “Done” to leave the review.")


def test_a_puzzle_missed_today_can_be_practised_now_from_the_home(app: Any) -> None:
    """«1 задание вернётся завтра. Потренировать сейчас?»: practice, its schedule kept."""
    (puzzle,) = _miss_starter(app, at=_minutes_ago_today(5))
    due = app.progress.db.execute("SELECT due FROM card WHERE item_id = ?", (puzzle,)).fetchone()[0]
    app.pop()
    home = app.push("home")
    frame(app)
    assert home.review.subtitle == "1 задание вернётся завтра. Потренировать сейчас?"
    home.review.activate()
    frame(app)
    card = app.screen
    assert card.name == "nanikiru_review" and card.items[0].exercise.item_id == puzzle
    _pick(app, card, right=True)
    assert _answers(app)[-1] == ("drill", puzzle, 1)  # practice, not a review
    assert app.progress.db.execute("SELECT due FROM card WHERE item_id = ?", (puzzle,)).fetchone()[0] == due


def test_a_puzzle_whose_table_cannot_be_set_up_is_skipped_not_stuck(app: Any,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    import trainer.ui.screens.position_review as position_review
    from trainer.engine.game.records import RecordError

    _miss_starter(app, at=PAST - timedelta(days=1))
    _miss_drill(app, PAST)

    def broken(*_a: Any, **_k: Any) -> None:
        raise RecordError("broken log")

    monkeypatch.setattr(position_review, "build_frames", broken)
    review = _review(app)
    assert app.screen is review and review.n == 1 and review.ex.kind == "shanten"
