"""Review 19 (beginner #4, #14): a learner's own mistakes come back until learned.

A lesson step answered wrong is a review card that names the step (``{"lesson", "step"}``); the
next day the review session shows that very step (the lesson screen's one-step review mode),
grades it and records the review on the same card.  Old databases (cards without a spec) are
rebuilt from the step's key when the learner missed it; cards whose lesson or step is gone are
left out quietly.  A miss later on the day a card was answered right is a lapse (back the next
day).  "Another round" of a review gives new exercises of the same families (and only the lesson
steps missed in the round).
"""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

import trainer.progress.store as store_module  # noqa: E402
from tests.ui_events import click, frame, headless_app, key  # noqa: E402
from trainer import i18n  # noqa: E402
from trainer.cli.wrong_answers import drill_wrong, lesson_wrong  # noqa: E402
from trainer.engine.exercises import GENERATORS  # noqa: E402
from trainer.lessons import answers  # noqa: E402
from trainer.progress.srs import lesson_step_spec  # noqa: E402
from trainer.ui.app import App  # noqa: E402

LESSON_ID = "basics_tiles"
STEP_ID = "suit_of_8p"  # a choice step: «Какой масти эта плитка?» (8p)
KEY = f"{LESSON_ID}/{STEP_ID}"


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    before = i18n.current_language()
    with headless_app(tmp_path, monkeypatch, progress="open") as a:
        yield a
    i18n.set_language(before)


def _tomorrow(monkeypatch: pytest.MonkeyPatch) -> None:
    """Move the store's clock on by a day and an hour: the day after the lesson."""
    real = store_module._now
    monkeypatch.setattr(store_module, "_now", lambda: real() + timedelta(days=1, hours=1))


def _card(app: App, item_id: str) -> tuple[str, str | None]:
    row = app.progress.db.execute("SELECT due, spec FROM card WHERE learner_id = ? AND item_id = ?",
                                  (app.learner_id, item_id)).fetchone()
    return row[0], row[1]


def _step_index(app: App) -> int:
    lesson = app.library().lessons[LESSON_ID]
    return next(i for i, s in enumerate(lesson.steps) if s.id == STEP_ID)


def _miss_in_the_lesson(app: App) -> None:
    screen = app.push("lesson", lesson_id=LESSON_ID, step=_step_index(app))
    frame(app)
    lesson_wrong(app, screen)
    key(app, pygame.K_RETURN, "\r")  # try again
    lesson_wrong(app, screen)
    assert screen.results[screen.index] == "wrong"
    app.home()


def _answer_right(app: App, screen) -> None:  # noqa: ANN001
    right = answers.answer(screen.step, screen.lesson).value
    (index,) = right
    click(app, screen.view.buttons[index].rect.center)  # a single choice checks on the click


def test_a_lesson_step_missed_on_day_1_comes_back_on_day_2_and_is_graded_on_the_same_card(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    store, lid = app.progress, app.learner_id
    _miss_in_the_lesson(app)
    due1, spec = _card(app, KEY)
    assert spec is not None and json.loads(spec) == {"lesson": LESSON_ID, "step": STEP_ID}
    lessons_before = store.lessons(lid)
    settings_before = (app.settings.last_lesson, app.settings.last_step)
    assert store.due_reviews(lid) == []  # not today: tomorrow

    _tomorrow(monkeypatch)
    home = app.screen
    home.rebuild()
    frame(app)
    assert home.review is not None and home.review.badge == "1"  # the home offers the missed step
    home.review.activate()
    frame(app)
    assert [s.name for s in app.stack] == ["home", "review", "lesson_review"]
    step = app.screen
    assert step.lesson.id == LESSON_ID and step.lesson.steps[step.index].id == STEP_ID  # that very step
    assert "Tiles and suits" in step.header_extra() and "1 of 1" in step.header_extra()
    assert not step.prev_btn.visible
    _answer_right(app, step)
    frame(app)
    assert step.phase == "done" and step.feedback_kind == "right" and step.main_btn.label == "Finish"
    # the review is recorded on the same card, as a review, and spaces the card out
    source, item_id, correct = store.db.execute(
        "SELECT source, item_id, correct FROM answer WHERE learner_id = ? ORDER BY id DESC LIMIT 1",
        (lid,)).fetchone()
    assert (source, item_id, correct) == ("review", KEY, 1)
    due2, _spec = _card(app, KEY)
    assert due2 > due1 and store.reviews_today(lid) == 1 and store.due_reviews(lid) == []
    key(app, pygame.K_RETURN, "\r")  # Finish: back to the review, which ends with its summary
    frame(app)
    review = app.screen
    assert review.name == "review" and review.finished and review.right == 1 and review.results == ["right"]
    # the lesson itself is left alone: no new resume point, no run results
    assert store.lessons(lid) == lessons_before
    assert (app.settings.last_lesson, app.settings.last_step) == settings_before


def test_a_lesson_step_review_card_in_russian_and_escape_leaves_the_review(
        app: App, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    app.apply_settings(app.settings.with_(language="ru"))
    _miss_in_the_lesson(app)
    _tomorrow(monkeypatch)
    app.screen.rebuild()
    app.screen.review.activate()
    frame(app)
    step = app.screen
    assert step.name == "lesson_review"
    assert step.title() == "Повторение"
    assert step.header_extra() == "Из урока «Плитки и масти» · задание 1 из 1 · верно: 0"
    lesson_wrong(app, step)
    frame(app)
    assert step.phase == "retry" and step.main_btn.label == "Ещё раз"
    pygame.image.save(app.render(), str(tmp_path / "review_step_ru.png"))
    key(app, pygame.K_ESCAPE)
    assert [s.name for s in app.stack] == ["home"]  # Esc leaves the review, as on its other cards
    # the miss was recorded as a review of the card: it stays due (back tomorrow)
    assert app.progress.db.execute("SELECT source FROM answer ORDER BY id DESC LIMIT 1").fetchone()[0] == "review"


def test_a_step_right_at_once_stays_out_of_the_reviews(app: App) -> None:
    screen = app.push("lesson", lesson_id=LESSON_ID, step=_step_index(app))
    frame(app)
    _answer_right(app, screen)
    assert screen.results[screen.index] == "right"
    assert _card(app, KEY)[1] is None
    later = datetime.now(UTC) + timedelta(days=60)
    assert app.progress.due_reviews(app.learner_id, now=later) == []


def test_old_cards_without_a_spec_are_rebuilt_from_the_step_key_and_gone_steps_are_skipped(app: App) -> None:
    from trainer.ui.views.review_items import due_review_items

    store, lid = app.progress, app.learner_id
    past = datetime.now(UTC) - timedelta(days=3)
    # as the app recorded lesson steps before: no spec.  Most overdue first: the cards of a lesson
    # and of a step that no longer exist, then a step answered right, then the missed one.
    store.record_answer(lid, "lesson", "no_such_lesson/step_a", "tile_names", False, 5.0, at=past)
    store.record_answer(lid, "lesson", f"{LESSON_ID}/no_such_step", "tile_names", False, 5.0,
                        at=past + timedelta(minutes=1))
    store.record_answer(lid, "lesson", f"{LESSON_ID}/pick_man", "tile_names", True, 5.0,
                        at=past + timedelta(minutes=2))
    store.record_answer(lid, "lesson", KEY, "tile_names", False, 5.0, at=past + timedelta(minutes=3))
    assert {r["item_id"] for r in store.due_reviews(lid)} == {
        "no_such_lesson/step_a", f"{LESSON_ID}/no_such_step", KEY}  # a step answered right: not rebuilt
    assert lesson_step_spec(KEY) == {"lesson": LESSON_ID, "step": STEP_ID}
    assert lesson_step_spec("shanten:abc:5") is None
    # the app shows only what it can: the gone ones never take the place of one that can be shown
    app.apply_settings(app.settings.with_(daily_reviews=1))
    app.push("settings")._set(daily_reviews=1)
    app.pop()
    assert [r["item_id"] for r in due_review_items(app)] == [KEY]
    # nothing stored was changed by reading
    assert _card(app, KEY)[1] is None
    # and the review session takes the gone cards quietly out of a list given to it
    gone = {"lesson": "no_such_lesson", "step": "step_a", "item_id": "no_such_lesson/step_a", "skill": "tile_names"}
    review = app.push("review", items=[gone, *due_review_items(app)])
    frame(app)
    assert review.n == 1 and app.screen.name == "lesson_review"


def test_a_step_named_by_its_index_must_still_be_that_step() -> None:
    from trainer.ui.views.review_items import step_index

    lesson = SimpleNamespace(steps=[SimpleNamespace(id="intro"), SimpleNamespace(id=None), SimpleNamespace(id="q")])
    assert step_index(lesson, "q") == 2 and step_index(lesson, "1") == 1
    assert step_index(lesson, "0") is None  # index 0 has an id now: another question may stand there
    assert step_index(lesson, "7") is None and step_index(lesson, "gone") is None


def test_a_miss_later_on_the_day_of_a_right_answer_is_a_lapse(app: App) -> None:
    store, lid = app.progress, app.learner_id
    morning = datetime(2026, 11, 2, 9).astimezone()  # local time: the same local day as the evening
    spec = {"generator": "shanten", "params": {}, "seed": 1}
    store.record_answer(lid, "drill", "shanten:k:1", "shanten", True, 4.0, at=morning, spec=spec)
    due_right = datetime.fromisoformat(_card(app, "shanten:k")[0])
    assert due_right > morning + timedelta(days=2)  # known: days away
    # a second right answer the same day does not stretch the interval
    assert store.record_answer(lid, "drill", "shanten:k:2", "shanten", True, 3.0,
                               at=morning + timedelta(hours=1), spec=spec) is None
    evening = morning + timedelta(hours=9)
    graded = store.record_answer(lid, "drill", "shanten:k:3", "shanten", False, 9.0, at=evening, spec=spec)
    assert graded is not None  # the miss counts, although the card was graded this morning
    assert graded.due == evening + timedelta(days=1)  # back tomorrow (the relearning step)
    assert [i for i, _s in store.due_items(lid, now=evening + timedelta(days=1, minutes=1))] == ["shanten:k"]
    # a second miss the same day changes nothing: the card comes back tomorrow anyway
    assert store.record_answer(lid, "drill", "shanten:k:4", "shanten", False, 9.0,
                               at=evening + timedelta(hours=1), spec=spec) is None
    # and the next day a right answer spaces it out again
    nxt = store.record_answer(lid, "review", "shanten:k:5", "shanten", True, 8.0,
                              at=evening + timedelta(days=1, minutes=5), spec=spec)
    assert nxt is not None and nxt.due > evening + timedelta(days=2)


def _drill_items(app: App) -> list[dict]:
    out = []
    for gen, params, seed in (("shanten", {}, 3), ("tile_name", {}, 4)):
        ex = GENERATORS[gen].generate(params, seed)
        out.append(dict(ex.spec(), item_id=ex.item_id.rsplit(":", 1)[0], skill=ex.skill))
    return out


def test_another_round_gives_new_exercises_of_the_same_families(app: App) -> None:
    review = app.push("review", items=_drill_items(app))
    frame(app)
    first = []
    for _i in range(review.n):
        first.append(review.ex)
        drill_wrong(app, review)
        key(app, pygame.K_RETURN, "\r")
        drill_wrong(app, review)
        key(app, pygame.K_RETURN, "\r")  # next
    assert review.finished and review.again_btn is not None
    click(app, review.again_btn.rect.center)  # «Ещё круг»
    frame(app)
    second = []
    for _i in range(review.n):
        second.append(review.ex)
        drill_wrong(app, review)
        key(app, pygame.K_RETURN, "\r")
        drill_wrong(app, review)
        key(app, pygame.K_RETURN, "\r")
    assert [e.kind for e in second] == [e.kind for e in first]  # the same families ...
    assert [e.params for e in second] == [e.params for e in first]
    assert all(a.seed != b.seed and a.item_id != b.item_id for a, b in zip(first, second, strict=True))  # ... new


def test_a_review_of_drills_and_a_lesson_step_goes_from_card_to_card(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    drills = _drill_items(app)
    step = {"lesson": LESSON_ID, "step": STEP_ID, "item_id": KEY, "skill": "tile_names"}
    review = app.push("review", items=[drills[0], step, drills[1]])
    frame(app)
    assert app.screen is review and review.n == 3 and review.ex.kind == "shanten"
    drill_wrong(app, review)
    key(app, pygame.K_RETURN, "\r")
    drill_wrong(app, review)
    key(app, pygame.K_RETURN, "\r")  # next: the lesson step opens over the review
    frame(app)
    lesson = app.screen
    assert lesson.name == "lesson_review" and "2 of 3" in lesson.header_extra()
    _answer_right(app, lesson)
    assert lesson.main_btn.label == "Next"
    key(app, pygame.K_RETURN, "\r")
    frame(app)
    assert app.screen is review and review.index == 2 and review.ex.kind == "tile_name"
    assert review.results == ["wrong", "right"] and review.right == 1
    drill_wrong(app, review)
    key(app, pygame.K_RETURN, "\r")
    drill_wrong(app, review)
    key(app, pygame.K_RETURN, "\r")
    assert review.finished
    click(app, review.again_btn.rect.center)  # another round: the drills again, not the step answered right
    frame(app)
    assert app.screen is review and review.n == 2 and review.ex.kind == "shanten"
    drill_wrong(app, review)
    key(app, pygame.K_RETURN, "\r")
    drill_wrong(app, review)
    key(app, pygame.K_RETURN, "\r")
    assert app.screen is review and review.ex.kind == "tile_name"
