"""The beginner's flow through the app, driven with synthetic events (review 19, "beginner"):
the first-run question on a fresh start, the lesson summary of a lesson that is not complete yet
(redo the drill, never "next" into the Chinese rules), the answers kept after a failed finish,
warm-ups that do not decide the lesson, double clicks, going back to an answered step, the
"continue" card after looking at a finished lesson, notices that stay with their screen, and
the number box's answer to what it does not take."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.text_checks import frame_texts  # noqa: E402
from tests.ui_events import click, key  # noqa: E402
from trainer.cli.shots import gallery_lesson  # noqa: E402
from trainer.i18n import set_language  # noqa: E402
from trainer.lessons.loader import LessonLibrary  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.settings import Settings  # noqa: E402
from trainer.ui.widgets import DOUBLE_CLICK_SECONDS  # noqa: E402

GALLERY = gallery_lesson()
KINDS = [s.kind for s in GALLERY.steps]


def open_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *, lessons: LessonLibrary | None = None,
             language: str = "en", profile: str = "new") -> App:
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    from trainer.progress import open_store

    app = App(size=(1280, 720), settings=Settings(language=language), progress=open_store(tmp_path / "p.sqlite"),
              save=False)
    if lessons is not None:
        app.set_library(lessons)
    app.library()
    app.apply_profile(profile)
    app.push("home")
    return app


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201 - the shipped lessons
    a = open_app(tmp_path, monkeypatch)
    yield a
    a.close()
    set_language("en")


@pytest.fixture()
def gallery(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201 - one lesson with every step kind
    a = open_app(tmp_path, monkeypatch, lessons=LessonLibrary(lessons={GALLERY.id: GALLERY}))
    yield a
    a.close()
    set_language("en")


def drawn_texts(app: App, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the current screen draws in one frame."""
    import trainer.ui.screens.base as base
    import trainer.ui.screens.home as home
    import trainer.ui.screens.lesson as lesson

    return frame_texts(app, monkeypatch, base, home, lesson)


def wait(app: App, seconds: float = DOUBLE_CLICK_SECONDS + 0.1) -> None:
    app.process([], seconds)
    app.render()


def records(app: App) -> int:
    return app.progress.answer_count(app.learner_id)


# ---------------------------------------------------------------- 2: the first-run question


def test_a_fresh_start_asks_who_is_learning_before_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """The real start path (``python -m trainer run``) on an empty data folder: the welcome
    question, its answer opens home, and the next start goes straight home."""
    from trainer.__main__ import main
    from trainer.ui import app as appmod

    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path / "data"))
    stacks: list[list[str]] = []
    real_close, real_run = appmod.App.close, appmod.App.run

    def close(self: App) -> None:
        stacks.append([s.name for s in self.stack])
        real_close(self)

    def run(self: App, first: str = "home") -> int:
        stacks.append([s.name for s in self.stack])  # what the learner sees first
        # the learner answers "I am new to mahjong" (key 1), then closes the window
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1"))
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        return real_run(self, first)

    monkeypatch.setattr(appmod.App, "close", close)
    monkeypatch.setattr(appmod.App, "run", run)
    assert main(["run", "--lang", "en"]) == 0
    assert stacks[0] == ["first_run"]
    assert stacks[-1] == ["home"]  # the answer opened the home that fits it
    capsys.readouterr()
    assert main(["run", "--first-frame"]) == 0
    assert "FIRST_FRAME home 1280x720" in capsys.readouterr().out  # asked once only
    set_language("en")


def test_the_first_frame_of_a_fresh_start_is_the_welcome_question(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    from trainer.__main__ import main

    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    assert main(["run", "--first-frame", "--lang", "ru"]) == 0
    assert "FIRST_FRAME first_run 1280x720" in capsys.readouterr().out
    set_language("en")


# ---------------------------------------------------------------- 3, 5, 6: the summary of a lesson not complete yet


def play_to_summary(app: App, lesson_id: str, drills: dict[int, tuple[int, int]],
                    results: dict[int, str] | None = None):  # noqa: ANN201
    """Open ``lesson_id`` at its last drill with ``results`` as the earlier answers of this run, the
    drills played with ``drills``, then Enter through to the summary."""
    lesson = app.library().lessons[lesson_id]
    last_drill = max(i for i, s in enumerate(lesson.steps) if s.kind == "drill")
    screen = app.push("lesson", lesson_id=lesson_id, step=last_drill)
    screen.results.update(results or {})
    for i, (right, total) in drills.items():
        screen.drill_done(i, right, total)  # what the drill screen reports when it closes
    screen.view.returned()
    app.render()
    while not screen.finished:
        key(app, pygame.K_RETURN, "\r")
    return screen


def test_a_failed_summary_offers_the_drill_again_and_never_the_next_lesson(app: App, monkeypatch) -> None:
    screen = play_to_summary(app, "basics_tiles", {18: (6, 12)})
    labels = [b.label for b in screen.summary_buttons]
    assert "Next lesson" not in labels
    default = screen.focused_widget()
    assert default.label == "Run the drill again" and default.hotkey == "Enter"
    texts = drawn_texts(app, monkeypatch)
    assert "Drill “Tile names”: 6 of 12 — 10 needed to pass" in texts
    key(app, pygame.K_RETURN, "\r")
    assert app.screen.name == "drill"  # Enter redoes what failed


def test_next_lesson_never_leads_a_basics_learner_into_the_chinese_rules(app: App) -> None:
    lib = app.library()
    for lesson in lib.by_track("basics"):
        screen = app.push("lesson", lesson_id=lesson.id, step=0)
        nxt = screen._next_lesson_id()
        assert nxt is None or lib.lessons[nxt].track != "mcr", (lesson.id, nxt)
        app.pop()


def test_after_a_failed_finish_the_answers_are_kept_and_continue_opens_the_drill(app: App, monkeypatch) -> None:
    lesson = app.library().lessons["basics_tiles"]
    quiz = [i for i, s in enumerate(lesson.steps) if s.interactive and s.kind not in ("drill", "play")]
    earlier = {i: "right" for i in quiz[:3]} | {quiz[3]: "wrong"}
    screen = play_to_summary(app, "basics_tiles", {18: (6, 12)}, earlier)
    assert screen.quiz_score() == (3, len(quiz))
    key(app, pygame.K_ESCAPE)  # back home
    home = app.screen
    assert home.name == "home" and home.hero.title == "Continue where you stopped"
    click(app, home.hero.rect.center)
    resumed = app.screen
    assert resumed.name == "lesson" and resumed.index == 18  # the drill to run again
    assert resumed.quiz_score() == (3, len(quiz))  # the earlier answers still count
    assert resumed.view.blocks_next  # not played yet: "Start the drill"
    resumed.drill_done(18, 12, 12)
    resumed.view.returned()
    while not resumed.finished:
        key(app, pygame.K_RETURN, "\r")
    assert resumed.passed()
    assert f"Right on the first try: 3 of {len(quiz)}" in drawn_texts(app, monkeypatch)
    best = app.progress.lessons(app.learner_id)["basics_tiles"]["best_score"]
    assert best == pytest.approx(3 / len(quiz))


def test_a_warm_up_does_not_decide_the_lesson_and_each_drill_is_named(app: App, monkeypatch) -> None:
    lesson = app.library().lessons["basics_tile_groups"]
    # every quiz step right at once: the cheer (few right at once says "worth another pass", round 24)
    right = {i: "right" for i, s in enumerate(lesson.steps) if s.interactive and s.kind not in ("drill", "play")}
    screen = play_to_summary(app, "basics_tile_groups", {0: (1, 2), 12: (8, 8)}, right)
    assert screen.passed()
    texts = drawn_texts(app, monkeypatch)
    assert "Lesson complete!" in texts
    assert "Warm-up “Tile names”: 1 of 2 (it does not decide the lesson)" in texts
    assert "Drill “Tile groups”: 8 of 8 — passed" in texts
    assert app.progress.lessons(app.learner_id)["basics_tile_groups"]["completed_at"]
    assert screen.results[0] == "retry" and screen.results[12] == "right"  # the missed warm-up is amber, not red


def test_run_the_drill_again_goes_back_to_the_summary_with_the_lesson_complete(app: App, monkeypatch) -> None:
    screen = play_to_summary(app, "basics_tile_groups", {0: (2, 2), 12: (6, 8)})
    assert not screen.passed()
    assert "Drill “Tile groups”: 6 of 8 — 7 needed to pass" in drawn_texts(app, monkeypatch)
    button = next(b for b in screen.summary_buttons if b.label == "Run the drill again")
    click(app, button.rect.center)
    drill = app.screen
    assert drill.name == "drill" and not screen.finished and screen.index == 12
    screen.drill_done(12, 8, 8)
    app.pop()  # the drill screen closes
    key(app, pygame.K_RETURN, "\r")  # Next: straight back to the summary
    assert screen.finished and screen.passed()
    assert "Drill “Tile groups”: 8 of 8 — passed" in drawn_texts(app, monkeypatch)
    assert app.progress.lessons(app.learner_id)["basics_tile_groups"]["completed_at"]


def test_the_summary_reads_in_russian(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = open_app(tmp_path, monkeypatch, language="ru")
    try:
        screen = play_to_summary(app, "basics_tile_groups", {0: (1, 2), 12: (6, 8)})
        texts = drawn_texts(app, monkeypatch)
        assert "Разминка «Названия плиток»: 1 из 2 (на зачёт урока не влияет)" in texts
        assert "Тренировка «Группы плиток»: 6 из 8 — для зачёта нужно 7" in texts
        assert screen.focused_widget().label == "Повторить тренировку"
    finally:
        app.close()
        set_language("en")


# ---------------------------------------------------------------- 7, 21: double clicks


def test_a_double_click_on_a_wrong_option_spends_one_try(gallery: App) -> None:
    screen = gallery.push("lesson", lesson_id=GALLERY.id, step=KINDS.index("choice"))
    gallery.render()
    wrong = screen.view.buttons[0]  # the gallery's right option is the second
    pos = wrong.rect.center
    click(gallery, pos)
    click(gallery, pos)  # the second click of the double click, where the mouse still is
    assert screen.attempts == 1 and screen.phase == "retry"
    wait(gallery)
    click(gallery, wrong.rect.center)  # a real second try, later
    assert screen.attempts == 2 and screen.phase == "done"


def test_a_double_click_on_next_opens_one_step(gallery: App) -> None:
    screen = gallery.push("lesson", lesson_id=GALLERY.id, step=0)
    gallery.render()
    click(gallery, screen.main_btn.rect.center)
    click(gallery, screen.main_btn.rect.center)
    assert screen.index == 1
    click(gallery, screen.prev_btn.rect.center)  # a click elsewhere right after is not a double click
    assert screen.index == 0
    wait(gallery)
    click(gallery, screen.main_btn.rect.center)
    wait(gallery)
    click(gallery, screen.main_btn.rect.center)
    assert screen.index == 2


# ---------------------------------------------------------------- 9: a finished lesson looked at again


def test_looking_at_a_finished_lesson_again_does_not_take_over_continue(app: App) -> None:
    app.progress.complete_lesson(app.learner_id, "basics_tiles", 1.0)
    app.home()
    app.screen.rebuild()
    start = app.screen.hero.title
    assert start == "Keep learning"  # a lesson is finished: no longer "start here"
    screen = app.push("lesson", lesson_id="basics_tiles", step=0)
    app.render()
    key(app, pygame.K_RETURN, "\r")
    key(app, pygame.K_RETURN, "\r")
    assert screen.index == 2
    key(app, pygame.K_ESCAPE)
    assert app.screen.name == "home"
    assert app.screen.hero.title == "Keep learning"  # the next new lesson, not "continue" the finished one


# ---------------------------------------------------------------- 10: going back to an answered step


def test_going_back_shows_the_earlier_answer_and_enter_goes_on(gallery: App) -> None:
    choice = KINDS.index("choice")
    screen = gallery.push("lesson", lesson_id=GALLERY.id, step=choice)
    gallery.render()
    key(gallery, pygame.K_2, "2")  # right: a single choice checks on pick
    assert screen.results[choice] == "right"
    before = records(gallery)
    key(gallery, pygame.K_RETURN, "\r")  # Next
    assert screen.index == choice + 1
    click(gallery, screen.prev_btn.rect.center)
    assert screen.index == choice
    assert screen.phase == "done" and screen.feedback_kind == "right"
    assert all(b.locked for b in screen.view.buttons)
    assert screen.view.buttons[1].mark == "right"
    key(gallery, pygame.K_1, "1")  # another option cannot be picked
    key(gallery, pygame.K_RETURN, "\r")  # Enter goes on, never answers again
    assert screen.index == choice + 1
    assert records(gallery) == before and screen.results[choice] == "right"


def test_going_back_to_a_missed_step_shows_the_answer_without_grading(gallery: App) -> None:
    choice = KINDS.index("choice")
    screen = gallery.push("lesson", lesson_id=GALLERY.id, step=choice)
    gallery.render()
    key(gallery, pygame.K_1, "1")
    key(gallery, pygame.K_1, "1")  # touches the answer: the retry, then the same wrong pick
    assert screen.results[choice] == "wrong"
    said = screen.feedback_text
    assert said  # why the learner's own pick was wrong
    before = records(gallery)
    key(gallery, pygame.K_RETURN, "\r")
    screen.previous()
    gallery.render()
    assert screen.phase == "done" and screen.feedback_kind == "wrong"
    assert "The right answer" in screen.answer_line
    assert screen.feedback_text == said  # ... said again: the learner sees what they had picked
    key(gallery, pygame.K_RETURN, "\r")
    assert screen.index == choice + 1 and records(gallery) == before


# ---------------------------------------------------------------- 17: notices stay with their screen


def test_a_lessons_notice_does_not_follow_the_learner_home(gallery: App) -> None:
    screen = gallery.push("lesson", lesson_id=GALLERY.id, step=KINDS.index("pick_tiles"))
    gallery.render()
    key(gallery, pygame.K_RETURN, "\r")  # nothing picked: "pick a tile first"
    assert screen.phase == "answer" and gallery.banners
    key(gallery, pygame.K_ESCAPE)
    assert gallery.screen.name == "home" and not gallery.banners


def test_a_notice_shown_while_leaving_and_warnings_stay(gallery: App) -> None:
    gallery.push("lesson_map")
    gallery.process([], 0.1)
    gallery.notify("Now learning: Anna", "info", 4)  # said by the action that leaves
    gallery.pop()
    assert [b.text for b in gallery.banners] == ["Now learning: Anna"]
    gallery.push("lesson_map")
    gallery.notify("Progress cannot be saved: disk full", "error", 10)
    gallery.process([], 0.1)
    gallery.pop()
    assert [b.text for b in gallery.banners] == ["Progress cannot be saved: disk full"]


# ---------------------------------------------------------------- 20: the number box


def test_the_number_box_names_what_it_does_not_take_and_h_asks_for_the_hint(gallery: App) -> None:
    """The box takes digits only: a letter or a comma is named in a notice; H, which it never takes, is
    the hint its button's badge offers, with the box focused too."""
    screen = gallery.push("lesson", lesson_id=GALLERY.id, step=KINDS.index("number"))
    gallery.render()
    field = screen.view.field
    assert screen.focused_widget() is field
    key(gallery, pygame.K_a, "a")
    assert field.text == "" and gallery.banners[-1].text == "Only digits go into this box."
    key(gallery, pygame.K_1, "1")
    key(gallery, pygame.K_COMMA, ",")
    assert gallery.banners[-1].text == "The answer is a whole number: no comma or point is needed."
    key(gallery, pygame.K_5, "5")
    assert field.text == "1" and screen.phase == "answer"  # the digits after the comma are refused, never «15»
    shown = len(gallery.banners)
    key(gallery, pygame.K_h, "h")
    assert screen.hint_level == 1 and field.text == "1"  # the hint, and nothing typed
    assert len(gallery.banners) == shown  # no "only digits" notice for H


def test_the_number_box_speaks_russian(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = open_app(tmp_path, monkeypatch, lessons=LessonLibrary(lessons={GALLERY.id: GALLERY}), language="ru")
    try:
        app.push("lesson", lesson_id=GALLERY.id, step=KINDS.index("number"))
        app.render()
        key(app, pygame.K_PERIOD, ".")
        assert app.banners[-1].text == "Ответ — целое число: дробная часть не нужна, вводите только цифры."
        key(app, pygame.K_d, "д")
        assert app.banners[-1].text == "В это поле вводятся только цифры."
    finally:
        app.close()
        set_language("en")


def test_a_drill_short_of_its_mark_can_be_run_again_from_its_step(app: App) -> None:
    """Back from a drill below its pass mark, the step offers «Run the drill again» beside Next;
    a passed drill does not."""
    lesson = app.library().lessons["basics_tile_groups"]
    app.push("lesson", lesson_id="basics_tile_groups", step=12)
    screen = app.screen
    assert lesson.steps[12].kind == "drill" and not screen.view.again_btn.visible
    screen.drill_done(12, 5, 8)
    screen.view.returned()
    app.render()
    again = screen.view.again_btn
    assert again.visible and again.rect.colliderect(screen.view.card_rect)
    assert screen.main_btn.label == "Next"
    click(app, again.rect.center)
    assert app.screen.name == "drill"
    app.pop()
    screen.drill_done(12, 8, 8)
    screen.view.returned()
    assert not screen.view.again_btn.visible
