"""Wrong answers explained, driven with synthetic events: the feedback panel names the learner's
own choice and why it is wrong (drills and lesson quizzes), nothing is cut off, and the review
queue works like Anki (siblings, FSRS grades, the daily cap, one due count, a mistakes round)."""

from __future__ import annotations

import os
from datetime import UTC, datetime, timedelta
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui_events import frame, headless_app, key  # noqa: E402
from trainer.cli.shots import gallery_lesson  # noqa: E402
from trainer.cli.wrong_answers import drill_wrong, lesson_wrong  # noqa: E402
from trainer.engine.exercises import GENERATORS  # noqa: E402
from trainer.engine.notation import format_tiles  # noqa: E402
from trainer.lessons.loader import LessonLibrary  # noqa: E402
from trainer.ui.app import App  # noqa: E402

LESSON = gallery_lesson()
KINDS = [s.kind for s in LESSON.steps]


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    from trainer.progress import open_store

    with headless_app(tmp_path, monkeypatch, lessons=LessonLibrary(lessons={LESSON.id: LESSON}),
                      progress=open_store(tmp_path / "p.sqlite")) as a:
        yield a


def test_a_wrong_wait_in_a_drill_is_named_with_the_split_that_shows_it(app: App) -> None:
    screen = app.push("drill", generator="single_suit_waits", params={"size": 7}, n=3, seed=2)
    frame(app)
    picked = drill_wrong(app, screen)
    frame(app)
    (tile,) = picked
    assert screen.phase == "retry"
    text = screen.feedback_text
    assert "{tiles:" + format_tiles([tile]) + "} is not a wait" in text  # the learner's own tile, and why
    assert "splits at best into" in text and "{term:" in text  # the blocks, terms linked to the glossary
    assert "The answer" not in text  # the retry never gives the answer away
    key(app, pygame.K_RETURN, "\r")  # Enter: try again (the same pick is kept), Enter: check
    drill_wrong(app, screen)
    frame(app)
    assert screen.phase == "done"
    assert "{tiles:" + format_tiles([tile]) + "} is not a wait" in screen.feedback_text  # explained beside...
    assert "completes the hand" in screen.feedback_text  # ...the right ones, each with its reading


def test_a_wrong_shanten_shows_the_blocks_and_the_count(app: App) -> None:
    screen = app.push("drill", generator="shanten", params={}, n=2, seed=4)
    frame(app)
    drill_wrong(app, screen)
    frame(app)
    right = screen.ex.answer
    assert f"You said {right + 2}." in screen.feedback_text and "The blocks of this hand" in screen.feedback_text
    key(app, pygame.K_RETURN, "\r")
    drill_wrong(app, screen)
    frame(app)
    text = screen.feedback_text
    assert "Count: 2 ×" in text and f"= {right}." in text
    assert "seven_pairs" not in text and "thirteen_orphans" not in text  # no internal ids on screen


def test_a_points_slip_is_recognised(app: App) -> None:
    screen = app.push("drill", generator="points_lookup", params={"honba": 0, "roles": "non_dealer",
                                                                 "wins": "ron"}, n=2, seed=1)
    frame(app)
    ex = screen.ex
    data = dict(ex.prompt.data)
    raw = data["fu"] * 2 ** (data["han"] + 2) * 4  # not rounded up to 100
    field = screen.view.fields[0][1]
    screen.set_focus(field)
    for ch in str(raw):
        key(app, pygame.K_0 + int(ch), ch)
    key(app, pygame.K_RETURN, "\r")
    frame(app)
    text = screen.feedback_text
    assert f"You said {raw}." in text
    if raw % 100 and raw < 8000:
        assert "not rounded" in text  # the slip named
    else:
        assert "Basic points" in text  # the chain's first step


def test_the_fu_breakdown_is_never_cut_and_scrolls(app: App) -> None:
    screen = app.push("drill", generator="fu_count", params={"answer": "fu_breakdown"}, n=2, seed=3)
    frame(app)
    drill_wrong(app, screen)
    key(app, pygame.K_RETURN, "\r")
    drill_wrong(app, screen)
    frame(app)
    text = screen.feedback_text
    assert "…" not in text and "Total:" in text  # every item and the total are in the panel
    if screen.fb_max:  # longer than the panel: PageDown scrolls the text to its end
        key(app, pygame.K_PAGEDOWN)
        key(app, pygame.K_PAGEDOWN)
        assert screen.fb_scroll == screen.fb_max


def test_a_wrong_pick_in_a_lesson_quiz_is_explained(app: App) -> None:
    screen = app.push("lesson", lesson_id=LESSON.id, step=KINDS.index("pick_tiles"))
    frame(app)
    picked = lesson_wrong(app, screen)
    frame(app)
    tile = format_tiles(sorted(t.kind for t in picked))
    assert screen.phase == "retry"
    assert "{tiles:" + tile + "} is not a wait" in screen.feedback_text
    key(app, pygame.K_RETURN, "\r")
    lesson_wrong(app, screen)
    frame(app)
    assert "{tiles:" + tile + "} is not a wait" in screen.feedback_text
    assert screen._feedback_markup().startswith("The answer: ")  # the answer first, then the working


def test_a_wrong_shanten_and_fu_in_a_lesson_quiz_are_explained(app: App) -> None:
    screen = app.push("lesson", lesson_id=LESSON.id, step=KINDS.index("number"))
    frame(app)
    lesson_wrong(app, screen)
    frame(app)
    assert "The blocks of this hand" in screen.feedback_text
    app.pop()
    screen = app.push("lesson", lesson_id=LESSON.id, step=KINDS.index("fu_breakdown"))
    frame(app)
    lesson_wrong(app, screen)
    frame(app)
    assert "This hand does not score" in screen.feedback_text and "missing" in screen.feedback_text


def test_russian_feedback_has_no_english_left(app: App) -> None:
    app.apply_settings(app.settings.with_(language="ru"))
    screen = app.push("drill", generator="mixed_waits", params={}, n=2, seed=3)
    frame(app)
    drill_wrong(app, screen)
    frame(app)
    assert "не ожидание" in screen.feedback_text and "is not a wait" not in screen.feedback_text


# ---------------------------------------------------------------- the review queue


def _answer(store, lid, gen, params, seed, correct, at, source="drill"):
    ex = GENERATORS[gen].generate(params, seed)
    store.record_answer(lid, source, ex.item_id, ex.skill, correct, 8.0, at=at, spec=ex.spec())
    return ex


def test_one_session_makes_one_card_per_drill_not_one_per_answer(app: App) -> None:
    store, lid = app.progress, app.learner_id
    now = datetime(2026, 11, 2, 12, tzinfo=UTC)
    for i in range(43):
        _answer(store, lid, "shanten", {}, i, i % 3 != 0, now - timedelta(minutes=43 - i))
    assert store.due_count(lid, now=now + timedelta(minutes=30)) == 0  # nothing due within minutes
    assert store.due_count(lid, now=now + timedelta(days=1, hours=1)) == 1  # one card: the shanten drill


def test_fsrs_grades_set_the_intervals(app: App) -> None:
    store, lid = app.progress, app.learner_id
    t0 = datetime(2026, 11, 2, 12, tzinfo=UTC)
    got = {}
    for n, (correct, seconds, hints) in enumerate(((False, 8, 0), (True, 8, 1), (True, 12, 0), (True, 2, 0))):
        ex = GENERATORS["shanten"].generate({"size": (4, 7, 10, 13)[n]}, 0)
        r = store.record_answer(lid, "drill", ex.item_id, ex.skill, correct, seconds, hints, at=t0, spec=ex.spec())
        got[r.rating.name] = r.due - t0
    assert list(got) == ["Again", "Hard", "Good", "Easy"]
    assert got["Again"] <= got["Hard"] < got["Good"] < got["Easy"] and got["Again"] >= timedelta(days=1)


def test_the_daily_cap_and_one_due_count_everywhere(app: App) -> None:
    store, lid = app.progress, app.learner_id
    past = datetime.now(UTC) - timedelta(days=3)
    for n, size in enumerate((4, 7, 10, 13)):
        _answer(store, lid, "shanten", {"size": size}, n, False, past)
        _answer(store, lid, "single_suit_waits", {"size": size}, n, False, past)
    assert store.due_count(lid) == 8
    app.apply_settings(app.settings.with_(daily_reviews=5))
    app.push("settings")._set(daily_reviews=5)  # the settings screen keeps the cap in the learner's profile
    app.pop()
    assert store.review_cap(lid) == 5 and store.due_count(lid) == 5
    home = app.screen
    home.rebuild()
    frame(app)
    assert home.review is not None and home.review.badge == "5"  # home says 5 ...
    progress = app.push("progress")
    frame(app)
    assert progress.data.due == 5  # ... the progress screen says 5 ...
    progress.review_btn.activate()
    review = app.screen
    frame(app)
    assert review.name == "review" and review.n == 5 and "1 of 5" in review.header_extra()  # ... and the review
    drill_wrong(app, review)  # one review done: one fewer left today
    assert store.reviews_today(lid) == 1 and store.due_count(lid) == 4


def test_a_review_shows_a_sibling_not_the_same_question(app: App) -> None:
    store, lid = app.progress, app.learner_id
    seen = _answer(store, lid, "mixed_waits", {}, 7, False, datetime.now(UTC) - timedelta(days=2))
    (item,) = store.due_reviews(lid)
    review = app.push("review", items=[item])
    frame(app)
    assert review.ex.kind == seen.kind and review.ex.params == seen.params  # same generator and parameters
    assert review.ex.seed != seen.seed and review.ex.prompt.hand != seen.prompt.hand  # a new question


def test_my_mistakes_round_at_the_end_of_a_drill(app: App) -> None:
    screen = app.push("drill", generator="shanten", params={}, n=3, seed=9)
    frame(app)
    missed = []
    for _i in range(3):
        missed.append(screen.ex)
        drill_wrong(app, screen)
        key(app, pygame.K_RETURN, "\r")
        drill_wrong(app, screen)
        key(app, pygame.K_RETURN, "\r")  # next
    frame(app)
    assert screen.finished and screen.mistakes_btn is not None and "3" in screen.mistakes_btn.label
    key(app, pygame.K_m, "m")
    round_ = app.screen
    frame(app)
    assert round_.name == "review" and round_.mistakes and round_.n == 3
    # review 23: the round brings back the very items missed, not new ones of the same kind
    assert round_.ex.kind == "shanten" and round_.ex.item_id == missed[0].item_id


def test_enter_on_a_summary_with_misses_starts_the_mistakes_round(app: App) -> None:
    """Enter on the summary was «Done» and dropped the round of the learner's own misses; it now
    starts that round («Done» is a click or Esc away)."""
    screen = app.push("drill", generator="shanten", params={}, n=2, seed=9)
    frame(app)
    for _i in range(2):
        drill_wrong(app, screen)
        key(app, pygame.K_RETURN, "\r")
        drill_wrong(app, screen)
        key(app, pygame.K_RETURN, "\r")  # next
    frame(app)
    assert screen.finished and screen.mistakes_btn.hotkey == "Enter" and screen.main_btn.hotkey is None
    key(app, pygame.K_RETURN, "\r")
    round_ = app.screen
    frame(app)
    assert round_.name == "review" and round_.mistakes and round_.n == 2
    key(app, pygame.K_ESCAPE, "\x1b")  # Esc leaves the round as any drill
    assert app.screen is not round_


def test_a_wrong_choice_in_a_lesson_quiz_names_the_right_one_at_the_end(app: App) -> None:
    screen = app.push("lesson", lesson_id=LESSON.id, step=KINDS.index("choice"))
    frame(app)
    lesson_wrong(app, screen)  # "Ryanmen": its own explanation says why not (in the lesson's language)
    frame(app)
    assert screen.extra_explain and screen.extra_explain in screen._feedback_markup()
    key(app, pygame.K_RETURN, "\r")
    lesson_wrong(app, screen)
    frame(app)
    right = screen.step.options[1]  # kanchan
    assert right.value == "kanchan"
    assert "The right answer: " + screen.view._label(1) + "." in screen._feedback_markup()


def test_a_final_wrong_number_is_not_read_as_tiles(app: App) -> None:
    screen = app.push("drill", generator="fu_count", params={}, n=2, seed=3)
    frame(app)
    drill_wrong(app, screen)  # the sum before rounding, e.g. 36: not a tile kind
    key(app, pygame.K_RETURN, "\r")
    drill_wrong(app, screen)
    frame(app)
    assert screen.phase == "done" and "Total:" in screen.feedback_text


def test_after_the_final_miss_the_big_fu_line_gives_the_hands_fu(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The drill's big line under the fu chips said the learner's own wrong sum after the last try;
    it now gives the hand's fu, with the learner's beside it (as the lesson step does)."""
    from trainer.engine.fu import FuItem, round_fu
    from trainer.ui.views import exercise
    from trainer.ui.views.steps.fu import fu_sum_text

    screen = app.push("drill", generator="fu_count", params={"answer": "fu_breakdown"}, n=2, seed=3)
    frame(app)
    drill_wrong(app, screen)
    assert screen.view.answer_fu is None  # a retry still shows the learner's own sum
    key(app, pygame.K_RETURN, "\r")
    drill_wrong(app, screen)
    frame(app)
    right = round_fu(tuple(FuItem(a[0], a[1]) for a in screen.view.ex.answer))
    assert screen.view.answer_fu == right
    shown: list[str] = []
    original = exercise.blit_text
    monkeypatch.setattr(exercise, "blit_text", lambda surf, a, text, *args, **kw: (
        shown.append(text), original(surf, a, text, *args, **kw))[1])
    app.invalidate()
    frame(app)
    assert any(t.startswith(fu_sum_text(0, 0, right).split(" (")[0]) for t in shown), shown
