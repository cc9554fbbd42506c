"""Lesson fixes of review 19 (the verifier's re-walk, "lessonfix"): a failed lesson's summary
reached again names its drill and score, leaving a lesson's table mid-hand asks first, a comma in
the number box is never graded as another number, the number box's notice covers nothing the
learner reads, and reading time counts as study time."""

# ruff: noqa: F811  (the app and gallery fixtures come from test_fix_flow; tests name them as parameters)
from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.test_fix_flow import GALLERY, KINDS, app, drawn_texts, gallery, open_app  # noqa: E402, F401 (fixtures)
from tests.ui_events import click, key  # noqa: E402
from trainer.i18n import set_language  # noqa: E402
from trainer.ui.app import App  # noqa: E402


def enter(app: App) -> None:
    key(app, pygame.K_RETURN, "\r")


# ---------------------------------------------------------------- verify NEW 2: the failed summary reached again


def fail_basics_tiles(app: App) -> None:
    """Fail «Tiles and suits» on its drill (6 of 12, 10 needed) and go home."""
    screen = app.push("lesson", lesson_id="basics_tiles", step=18)
    screen.drill_done(18, 6, 12)
    screen.view.returned()
    app.render()
    while not screen.finished:
        enter(app)
    assert not screen.passed()
    key(app, pygame.K_ESCAPE)
    assert app.screen.name == "home"


def test_a_failed_summary_reached_again_names_the_drill_and_its_score(app: App, monkeypatch) -> None:
    fail_basics_tiles(app)
    screen = app.push("lesson", lesson_id="basics_tiles", step=19)  # the map, at the last step
    assert screen.results.get(18) == "wrong"  # the drill's dot is red, not dark
    enter(app)
    assert screen.finished and not screen.passed()
    texts = drawn_texts(app, monkeypatch)
    assert "Drill “Tile names”: 6 of 12 — 10 needed to pass" in texts
    assert screen.summary_buttons[-1].label == "Run the drill again"


def test_continue_still_opens_the_failed_drill_fresh(app: App) -> None:
    fail_basics_tiles(app)
    home = app.screen
    home.rebuild()
    click(app, home.hero.rect.center)
    resumed = app.screen
    assert resumed.name == "lesson" and resumed.index == 18
    assert resumed.view.blocks_next and 18 not in resumed.drill_results  # "Start the drill", not the old score


def test_a_failed_drill_without_a_result_is_named_with_its_mark(app: App, monkeypatch) -> None:
    app.set_learner_data("lesson_runs", {"basics_tiles": {"results": {"2": "right"}, "drills": {}}})
    screen = app.push("lesson", lesson_id="basics_tiles", step=19)
    enter(app)
    assert screen.finished and not screen.passed()
    texts = drawn_texts(app, monkeypatch)
    assert "Drill “Tile names”: not passed yet — 10 of 12 needed to pass" in texts


def test_the_unplayed_drill_line_reads_in_russian(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = open_app(tmp_path, monkeypatch, language="ru")
    try:
        app.set_learner_data("lesson_runs", {"basics_tiles": {"results": {}, "drills": {}}})
        app.push("lesson", lesson_id="basics_tiles", step=19)
        enter(app)
        texts = drawn_texts(app, monkeypatch)
        assert "Тренировка «Названия плиток»: ещё не пройдена — для зачёта нужно 10 из 12" in texts
    finally:
        app.close()
        set_language("en")


# ---------------------------------------------------------------- beginner 15: leaving a lesson's table mid-hand


def discard_a_few(table, n: int = 3) -> None:  # noqa: ANN001 - the play_simple screen
    from trainer.engine.game.actions import Discard

    for _ in range(n):
        table.run_bots_until_learner()
        if table.game.ended:
            return
        discards = [a for a in table.my_legal() if isinstance(a, Discard)]
        if discards:
            table._act(discards[-1])


def test_esc_at_a_lessons_table_mid_hand_asks_before_the_hand_is_lost(app: App) -> None:
    lesson = app.library().lessons["basics_turn_flow"]
    step = next(i for i, s in enumerate(lesson.steps) if s.kind == "play")
    screen = app.push("lesson", lesson_id="basics_turn_flow", step=step)
    enter(app)  # Play
    table = app.screen
    assert table.name == "play_simple"
    key(app, pygame.K_ESCAPE)  # nothing given away yet: nothing to lose, it leaves at once
    assert app.screen is screen
    enter(app)
    table = app.screen
    discard_a_few(table)
    assert not table.game.ended and any(table.game.rivers)
    hand = table.game
    key(app, pygame.K_ESCAPE)
    assert app.screen is table and table.dialog is not None  # asked, not left
    assert table.dialog.title == "Leave the table?"
    assert table.dialog.body == "The hand in progress will be lost."
    assert [b.label for b in table.dialog.buttons] == ["Leave", "Keep playing"]
    enter(app)  # Enter keeps playing (the focused, primary button)
    assert app.screen is table and table.dialog is None and table.game is hand
    click(app, table.back_button.rect.center)  # the header's Back asks too
    assert table.dialog is not None
    click(app, table.dialog.buttons[0].rect.center)  # Leave
    assert app.screen is screen


def test_a_child_is_asked_in_the_childrens_words(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = open_app(tmp_path, monkeypatch, language="ru")
    try:
        table = app.push("play_simple", mode="ponjan", kids=True, seed=3)
        discard_a_few(table, 1)
        assert not table.game.ended and any(table.game.rivers)
        key(app, pygame.K_ESCAPE)
        assert table.dialog is not None and table.dialog.title == "Выйти из-за стола?"
        assert table.dialog.body == "Игра ещё не закончена: если выйдешь сейчас, она пропадёт."
    finally:
        app.close()
        set_language("en")


# ---------------------------------------------------------------- beginner 20: «1,5» in the number box


def test_one_comma_five_is_never_graded_as_fifteen(gallery: App) -> None:
    screen = gallery.push("lesson", lesson_id=GALLERY.id, step=KINDS.index("number"))
    gallery.render()
    field = screen.view.field
    answers = gallery.progress.answer_count(gallery.learner_id)
    key(gallery, pygame.K_1, "1")
    key(gallery, pygame.K_COMMA, ",")
    key(gallery, pygame.K_5, "5")
    assert field.text == "1"  # not 15
    assert gallery.banners[-1].text == ("The answer is a whole number: digits after a comma are not taken. "
                                        "To type another number, delete this one (Backspace).")
    enter(gallery)  # not graded: the learner is told what the box holds
    assert screen.attempts == 0 and screen.phase == "answer"
    assert gallery.progress.answer_count(gallery.learner_id) == answers
    assert gallery.banners[-1].text == ("Digits after a comma are not taken. "
                                        "To answer 1, press “Check” again, or change the number.")
    enter(gallery)  # asked again: the number in the box is checked
    assert screen.attempts == 1
    assert gallery.progress.answer_count(gallery.learner_id) == answers + 1


def test_the_answer_n_notice_goes_once_the_number_changes(gallery: App) -> None:
    screen = gallery.push("lesson", lesson_id=GALLERY.id, step=KINDS.index("number"))
    gallery.render()
    for k, ch in ((pygame.K_1, "1"), (pygame.K_COMMA, ","), (pygame.K_5, "5")):
        key(gallery, k, ch)
    enter(gallery)
    assert gallery.banners and "To answer 1" in gallery.banners[-1].text
    gallery.process([], 0.5)
    assert gallery.banners  # it stays while the box still holds 1
    key(gallery, pygame.K_BACKSPACE)
    key(gallery, pygame.K_2, "2")
    gallery.process([], 0.1)
    assert not any("To answer 1" in b.text for b in gallery.banners)  # 2 is in the box now: no stale "1"
    assert screen.attempts == 0


def test_backspace_after_a_comma_lets_digits_in_again(gallery: App) -> None:
    screen = gallery.push("lesson", lesson_id=GALLERY.id, step=KINDS.index("number"))
    gallery.render()
    field = screen.view.field
    for k, ch in ((pygame.K_1, "1"), (pygame.K_2, "2"), (pygame.K_PERIOD, "."), (pygame.K_5, "5")):
        key(gallery, k, ch)
    assert field.text == "12" and field.cut_fraction
    key(gallery, pygame.K_BACKSPACE)
    key(gallery, pygame.K_3, "3")
    assert field.text == "13" and not field.cut_fraction
    enter(gallery)
    assert screen.attempts == 1  # graded at once: what is in the box is what was typed


# ---------------------------------------------------------------- verify NEW 8: the notice covers nothing


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_number_box_notice_covers_neither_the_feedback_panel_nor_a_button(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str) -> None:
    app = open_app(tmp_path, monkeypatch, language=language)
    try:
        lesson = app.library().lessons["basics_tenpai"]
        step = next(i for i, s in enumerate(lesson.steps) if s.kind == "number")
        screen = app.push("lesson", lesson_id="basics_tenpai", step=step)
        app.render()
        key(app, pygame.K_9, "9")
        enter(app)  # a miss: the feedback panel
        enter(app)  # try again: the hint stays in the panel
        key(app, pygame.K_1, "1")
        for k, ch in ((pygame.K_COMMA, ","), (pygame.K_5, "5")):
            key(app, k, ch)
            assert screen.feedback_rect is not None and app.banners
            for notice in app.banners:
                r = notice.rect(app)
                assert app.surface.get_rect().contains(r)
                assert not r.colliderect(screen.feedback_rect), (ch, r, screen.feedback_rect)
                for b in (screen.hint_btn, screen.prev_btn, screen.main_btn, screen.view.field, *screen.view.keys):
                    assert not (b.visible and r.colliderect(b.rect)), (ch, b)
        enter(app)  # «1,5»: not graded, told so — in the bar too
        r = app.banners[-1].rect(app)
        assert not r.colliderect(screen.feedback_rect) and not r.colliderect(screen.main_btn.rect)
    finally:
        app.close()
        set_language("en")


# ---------------------------------------------------------------- beginner 19: reading time is study time


def test_study_time_counts_in_the_totals_and_nowhere_else(tmp_path: Path) -> None:
    from trainer.progress import open_store

    store = open_store(tmp_path / "s.sqlite3")
    try:
        learner = store.create_learner("Вера")
        store.record_answer(learner.id, "lesson", "a/1", "tiles", True, 4.0)
        store.record_study_time(learner.id, 40.0)
        store.record_study_time(learner.id, 0.0)  # nothing
        store.record_study_time(learner.id, float("nan"))  # nothing
        totals = store.totals(learner.id)
        assert totals["seconds"] == 44.0 and totals["answers"] == 1 and totals["correct"] == 1
        assert store.answer_count(learner.id) == 1 and store.today_count(learner.id) == 1
        today = store.days(learner.id, last=1)[0]
        assert today.answers == 1 and today.seconds == 4.0 and today.mean_seconds == 4.0  # per answer: the answer's
        assert [m.skill for m in store.mastery(learner.id)] == ["tiles"]
    finally:
        store.close()


def test_reading_a_text_step_counts_as_study_time_capped_and_records_no_answer(app: App) -> None:
    progress, lid = app.progress, app.learner_id
    lesson = app.library().lessons["basics_riichi"]
    text = next(i for i, s in enumerate(lesson.steps) if s.kind == "text" and i + 1 < len(lesson.steps))
    screen = app.push("lesson", lesson_id="basics_riichi", step=text)
    before, answers = progress.totals(lid)["seconds"], progress.answer_count(lid)
    app.process([], 40.0)
    enter(app)  # Next
    assert screen.index == text + 1
    assert progress.totals(lid)["seconds"] == pytest.approx(before + 40.0, abs=0.5)
    assert progress.answer_count(lid) == answers  # no answer was invented
    screen.go(text)
    app.process([], 5000.0)  # the learner stepped away
    screen.go(text + 1)
    assert progress.totals(lid)["seconds"] == pytest.approx(before + 40.0 + 300.0, abs=0.5)  # capped like an answer


def test_the_step_open_when_the_window_closes_counts_its_study_time(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from trainer.progress import open_store

    app = open_app(tmp_path, monkeypatch)
    lid = app.learner_id
    lesson = app.library().lessons["basics_riichi"]
    text = next(i for i, s in enumerate(lesson.steps) if s.kind == "text")
    app.push("lesson", lesson_id="basics_riichi", step=text)
    before = app.progress.totals(lid)["seconds"]
    app.process([], 25.0)  # reading, then the window is closed on the lesson
    app.close()
    store = open_store(tmp_path / "p.sqlite")
    try:
        assert store.totals(lid)["seconds"] == pytest.approx(before + 25.0, abs=0.5)
    finally:
        store.close()
        set_language("en")


def test_an_answered_steps_reading_after_the_answer_counts_once(gallery: App) -> None:
    progress, lid = gallery.progress, gallery.learner_id
    gallery.push("lesson", lesson_id=GALLERY.id, step=KINDS.index("number"))
    gallery.render()
    before = progress.totals(lid)["seconds"]
    gallery.process([], 10.0)
    key(gallery, pygame.K_9, "9")
    key(gallery, pygame.K_9, "9")
    enter(gallery)  # answered after about 10 s: recorded with the answer
    assert progress.totals(lid)["seconds"] == pytest.approx(before + 10.0, abs=0.5)
    gallery.process([], 20.0)  # reading the feedback
    key(gallery, pygame.K_ESCAPE)  # leaving the lesson counts the step's time too
    assert gallery.screen.name == "home"
    assert progress.totals(lid)["seconds"] == pytest.approx(before + 30.0, abs=0.5)


def test_time_in_a_drill_opened_from_its_step_is_not_counted_twice(app: App) -> None:
    progress, lid = app.progress, app.learner_id
    screen = app.push("lesson", lesson_id="basics_tiles", step=18)
    before = progress.totals(lid)["seconds"]
    app.process([], 3.0)
    enter(app)  # Start the drill
    assert app.screen.name == "drill"
    app.process([], 100.0)  # the drill records its own answers' time
    app.pop()
    app.process([], 2.0)
    screen.go(17)
    assert progress.totals(lid)["seconds"] == pytest.approx(before + 5.0, abs=0.5)


def test_a_lessons_full_table_asks_before_throwing_a_hand_away(tmp_path: Path) -> None:
    """Esc at a lesson play step's riichi table in the middle of a hand asks first, as a free
    match does (review 19: the lesson's table left at once and the hand was lost)."""
    from tests.ui_events import lesson_app

    app = lesson_app(tmp_path)
    try:
        lesson = app.library().lessons["basics_match"]
        index = next(i for i, st in enumerate(lesson.steps) if st.kind == "play")
        app.push("lesson", lesson_id=lesson.id, step=index)
        app.process([], 1 / 60)
        app.render()
        app.process([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")], 1 / 60)
        table = app.screen
        assert table.name == "play" and not table.round.ended
        from trainer.ui.screens.play_shots import _learner_move

        table.run_bots_until_learner()
        _learner_move(table)  # a tile is out: the hand has begun
        assert any(seat.river for seat in table.round.seats)
        app.process([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")], 1 / 60)
        assert app.screen is table and table.dialog is not None
    finally:
        app.close()
