"""Review 19 (verify NEW 3 / beginner #14, child #21).

"Another round" after a review offers what is worth practising: every drill card again with a new
question, and of the lesson-step cards only those missed in the round just played; when nothing
is left the summary says so and only "Done" is offered.  The further round's answers are practice
(not the day's reviews) and cannot stretch a card graded today.

After a match ends, the match result has the table to itself: the last hand's tiles are not
drawn under its card.
"""

# ruff: noqa: F811  (the app fixture comes from test_fix_reviews; tests name it as a parameter)
from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.test_fix_reviews import KEY, LESSON_ID, STEP_ID, app  # noqa: E402, F401 (the app fixture)
from tests.ui_events import click, frame, headless_app, key  # noqa: E402
from trainer import i18n  # noqa: E402
from trainer.cli.wrong_answers import lesson_wrong  # noqa: E402
from trainer.engine.exercises import GENERATORS  # noqa: E402
from trainer.lessons import answers  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.match_setup import MatchSetup  # noqa: E402
from trainer.ui.screens import play_shots  # noqa: E402
from trainer.ui.views.review_items import next_round  # noqa: E402

STEP = {"lesson": LESSON_ID, "step": STEP_ID, "item_id": KEY, "skill": "tile_names"}


def _drill_items(*gens: tuple[str, int]) -> list[dict]:
    out = []
    for gen, seed in gens:
        ex = GENERATORS[gen].generate({}, seed)
        out.append(dict(ex.spec(), item_id=ex.item_id.rsplit(":", 1)[0], skill=ex.skill))
    return out


def _drill_right(app: App, review) -> None:  # noqa: ANN001
    """Answer the review's current choice exercise right (a single choice checks on its key), then Next."""
    v, ex = review.view, review.ex
    i = next(i for i, b in enumerate(v.buttons) if ex.check(ex.prompt.options[b.index].value))
    key(app, pygame.K_1 + i, str(i + 1))
    assert review.feedback_kind == "right"
    key(app, pygame.K_RETURN, "\r")


def _step(app: App, right: bool) -> None:
    """Answer the lesson step open over the review (right at once, or wrong twice), then go on."""
    step = app.screen
    assert step.name == "lesson_review"
    if right:
        (index,) = answers.answer(step.step, step.lesson).value
        click(app, step.view.buttons[index].rect.center)
    else:
        lesson_wrong(app, step)
        key(app, pygame.K_RETURN, "\r")  # try again
        lesson_wrong(app, step)
    key(app, pygame.K_RETURN, "\r")  # back to the review
    frame(app)


def _review_round(app: App, review, steps_right: bool) -> list[str]:  # noqa: ANN001
    """Play one round of the review; returns what each card was ("E" a drill, "L" a lesson step)."""
    kinds = []
    while not review.finished:
        if app.screen is not review:
            kinds.append("L")
            _step(app, steps_right)
        else:
            kinds.append("E")
            _drill_right(app, review)
            frame(app)
    return kinds


def test_next_round_keeps_every_drill_card_and_only_the_missed_lesson_steps() -> None:
    drill = {"generator": "tile_family", "params": {}, "seed": 1, "item_id": "tile_family:x"}
    a, b, c = (dict(STEP, step=s, item_id=f"{LESSON_ID}/{s}") for s in ("s1", "s2", "s3"))
    items = [drill, a, b, c, drill]
    assert next_round(items, ["right", "right", "retry", "wrong", "wrong"]) == [drill, b, c, drill]
    assert next_round(items, ["wrong", "right", "right", "seen", "right"]) == [drill, drill]
    assert next_round([a, b], ["right", "right"]) == []
    assert next_round([a, b], ["shown", "right"]) == [a]


def test_another_round_leaves_out_the_lesson_step_answered_right(app: App) -> None:
    drills = _drill_items(("tile_name", 3), ("tile_group", 4))
    review = app.push("review", items=[drills[0], STEP, drills[1]])
    frame(app)
    assert _review_round(app, review, steps_right=True) == ["E", "L", "E"]
    assert review.results[1] == "right"
    frame(app)
    note = review.round_note()
    assert note == ("Another round: 2 drill exercises with new questions. "
                    "1 lesson step answered right is not repeated.")
    click(app, review.again_btn.rect.center)  # «Another round»
    frame(app)
    assert app.screen is review and review.n == 2  # the drill cards only: the step is not shown again
    assert all(it.get("generator") for it in review.items)
    assert _review_round(app, review, steps_right=True) == ["E", "E"]


def test_a_lesson_step_missed_comes_back_in_another_round(app: App) -> None:
    drills = _drill_items(("tile_name", 3))
    review = app.push("review", items=[STEP, drills[0]])
    frame(app)
    assert _review_round(app, review, steps_right=False) == ["L", "E"]
    assert review.results[0] == "wrong"
    assert review.round_note() == ("Another round: 1 drill exercise with a new question and 1 lesson step "
                                   "missed in this round.")
    review.again()
    frame(app)
    assert review.n == 2 and app.screen.name == "lesson_review"  # the missed step, in its turn
    _step(app, right=True)
    assert app.screen is review and review.index == 1


def test_nothing_left_for_another_round_says_so_and_offers_only_to_leave(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = i18n.current_language()
    with headless_app(tmp_path, monkeypatch, progress="open", language="ru") as app:
        review = app.push("review", items=[STEP])
        frame(app)
        assert _review_round(app, review, steps_right=True) == ["L"]
        frame(app)
        assert review.again_btn is None
        labels = [getattr(w, "label", "") for w in review.widgets if w.visible]
        assert "Ещё круг" not in labels and "Готово" in labels
        assert review.round_note() == ("Для нового круга ничего не осталось: все шаги уроков решены верно. "
                                       "Нажмите «Готово», чтобы выйти из повторения.")
        review.again()  # nothing to play: the summary stays
        assert review.finished and review.n == 1
        key(app, pygame.K_RETURN, "\r")  # «Готово» leaves
        assert app.screen.name == "home"
    i18n.set_language(before)


def test_another_round_is_practice_not_the_days_reviews(app: App) -> None:
    store, lid = app.progress, app.learner_id
    items = _drill_items(("tile_name", 3), ("tile_group", 4))
    review = app.push("review", items=items)
    frame(app)
    _review_round(app, review, steps_right=True)
    done = store.reviews_today(lid)
    assert done == 2
    cards = app.progress.db.execute("SELECT item_id, due, state FROM card WHERE learner_id = ? ORDER BY item_id",
                                    (lid,)).fetchall()
    click(app, review.again_btn.rect.center)
    frame(app)
    _review_round(app, review, steps_right=True)
    assert store.reviews_today(lid) == done  # the second round does not eat the daily review cap
    sources = [r[0] for r in app.progress.db.execute(
        "SELECT source FROM answer WHERE learner_id = ? ORDER BY answered_at", (lid,)).fetchall()]
    assert sources == ["review", "review", "drill", "drill"]
    # a right answer again the same day leaves every card's schedule as it was
    assert app.progress.db.execute("SELECT item_id, due, state FROM card WHERE learner_id = ? ORDER BY item_id",
                                   (lid,)).fetchall() == cards


@pytest.mark.parametrize("setup", [MatchSetup(length="tonpuusen"), play_shots.SANMA], ids=["four", "sanma"])
def test_the_match_end_card_has_no_leftover_hand_under_it(app: App, setup: MatchSetup) -> None:
    screen = play_shots.match_end(app, setup)
    frame(app)
    assert screen.match_end is not None
    assert not screen.hand_row.visible and screen.hand_row.locked  # the last deal's tiles are not drawn
    area = app.layout.content()
    # the card takes the table down to its buttons, which sit at the bottom where the hand was
    assert screen.next_btn.rect.bottom >= area.bottom - app.layout.px(4)
    assert screen.table.bottom > screen.hand_row.rect.top
    # on screen: below the card, beside the button, only the felt (no tile faces: nothing light)
    surf = frame(app)
    strip = pygame.Rect(area.left, screen.table.bottom + app.layout.px(8), area.width // 2,
                        area.bottom - screen.table.bottom - app.layout.px(10))
    light = sum(1 for x in range(strip.left, strip.right, 4) for y in range(strip.top, strip.bottom, 4)
                if sum(surf.get_at((x, y))[:3]) > 500)
    assert light == 0
