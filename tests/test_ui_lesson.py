"""The lesson player driven with synthetic keys and clicks: every step kind, right and wrong
answers, the retry, the hint ladder, progress records and the summary."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui_events import click, headless_app, key  # noqa: E402
from trainer.cli.shots import gallery_lesson  # noqa: E402
from trainer.lessons import answers  # noqa: E402
from trainer.lessons.loader import LessonLibrary  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.settings import Settings  # noqa: E402
from trainer.ui.theme import PALETTE  # noqa: E402

LESSON = gallery_lesson()
KINDS = [s.kind for s in LESSON.steps]


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    from trainer.progress import open_store

    with headless_app(tmp_path, monkeypatch, lessons=LessonLibrary(lessons={LESSON.id: LESSON}),
                      progress=open_store(tmp_path / "progress.sqlite")) as a:
        yield a


def open_step(app: App, kind: str):  # noqa: ANN201
    screen = app.push("lesson", lesson_id=LESSON.id, step=KINDS.index(kind))
    app.process([], 1 / 60)
    app.render()
    return screen


def records(app: App) -> int:
    return app.progress.answer_count(app.learner_id)


def test_every_step_kind_renders(app: App) -> None:
    for kind in KINDS:
        screen = open_step(app, kind)
        assert screen.view is not None and screen.step.kind == kind
        window = app.surface.get_rect()
        for w in screen.widgets:
            if w.visible:
                assert window.contains(w.rect), (kind, type(w).__name__, w.rect)
        app.pop()


def test_text_step_enter_goes_on_and_saves_the_position(app: App) -> None:
    screen = open_step(app, "text")
    key(app, pygame.K_RETURN, "\r")
    assert screen.index == 1
    assert app.progress.last_lesson(app.learner_id) == (LESSON.id, 1)


def test_choice_right_answer_with_a_digit(app: App) -> None:
    screen = open_step(app, "choice")
    right = answers.answer(screen.step, LESSON).value
    (index,) = tuple(right)
    key(app, pygame.K_1 + index, str(index + 1))
    assert screen.phase == "done" and screen.results[screen.index] == "right"
    assert screen.view.buttons[index].mark == "right"
    assert records(app) == 1
    # The feedback panel is drawn with the green stripe.
    r = screen.feedback_rect
    assert tuple(app.surface.get_at((r.left + 3, r.centery)))[:3] == PALETTE.right


def test_choice_wrong_then_retry_then_right(app: App) -> None:
    screen = open_step(app, "choice")
    right = next(iter(answers.answer(screen.step, LESSON).value))
    wrong = next(i for i in range(len(screen.step.options)) if i != right)
    key(app, pygame.K_1 + wrong, str(wrong + 1))
    assert screen.phase == "retry" and screen.feedback_kind == "retry"
    assert screen.view.buttons[wrong].mark == "wrong"
    assert "gap" in screen.extra_explain or screen.extra_explain  # the chosen option's explanation
    key(app, pygame.K_RETURN, "\r")  # Try again
    assert screen.phase == "answer"
    key(app, pygame.K_1 + right, str(right + 1))
    assert screen.phase == "done" and screen.results[screen.index] == "retry"
    assert records(app) == 1  # only the first answer is recorded


def test_two_misses_show_the_answer(app: App) -> None:
    screen = open_step(app, "number")
    want = answers.answer(screen.step, LESSON).value
    bad = str(want + 3)
    for _ in range(2):
        for ch in bad:
            key(app, pygame.K_0 + int(ch), ch)
        key(app, pygame.K_RETURN, "\r")
        if screen.phase == "retry":
            key(app, pygame.K_RETURN, "\r")
            screen.view.field.text = ""
    assert screen.phase == "done" and screen.results[screen.index] == "wrong"
    assert screen.feedback_kind == "wrong"


def test_pick_tiles_by_clicking_the_palette(app: App) -> None:
    screen = open_step(app, "pick_tiles")
    want = answers.answer(screen.step, LESSON).value
    picker = screen.view.picker
    for i, slot in enumerate(picker.slots):
        if slot.tile.kind in want:
            click(app, picker.rects[i].center)
    assert {picker.slots[i].tile.kind for i in picker.selected} == set(want)
    key(app, pygame.K_RETURN, "\r")
    assert screen.results[screen.index] == "right"
    assert set(picker.marks.values()) == {"right"}


def test_pick_tiles_empty_answer_is_not_graded(app: App) -> None:
    screen = open_step(app, "pick_tiles")
    key(app, pygame.K_RETURN, "\r")
    assert screen.phase == "answer" and screen.attempts == 0
    assert app.banners


def test_number_step_typed_digits(app: App) -> None:
    screen = open_step(app, "number")
    want = answers.answer(screen.step, LESSON).value
    for ch in str(want):
        key(app, pygame.K_0 + int(ch), ch)
    assert screen.view.field.text == str(want)
    key(app, pygame.K_RETURN, "\r")
    assert screen.results[screen.index] == "right"


def test_fu_breakdown_with_chips(app: App) -> None:
    screen = open_step(app, "fu_breakdown")
    items = [i["id"] for i in answers.answer(screen.step, LESSON).explanation]
    for chip in screen.view.chips:
        for _ in range(items.count(chip.key)):
            click(app, chip.rect.move(chip.rect.height, 0).center)
    raw, rounded = screen.view.total()
    assert rounded == answers.answer(screen.step, LESSON).value
    key(app, pygame.K_RETURN, "\r")
    assert screen.results[screen.index] == "right"


def test_arrange_sort_by_swapping(app: App) -> None:
    screen = open_step(app, "arrange")
    row = screen.view.row
    target = sorted(s.tile for s in row.slots)
    for i in range(len(target)):
        j = next(k for k in range(i, len(row.slots)) if row.slots[k].tile == target[i])
        if j != i:
            click(app, row.rects[i].center)
            click(app, row.rects[j].center)
    assert [s.tile for s in row.slots] == target
    key(app, pygame.K_RETURN, "\r")
    assert screen.results[screen.index] == "right"


def test_hint_ladder_ends_with_the_solution(app: App) -> None:
    screen = open_step(app, "pick_tiles")
    key(app, pygame.K_h, "h")
    assert screen.feedback_kind == "hint" and screen.hint_level == 1
    key(app, pygame.K_h, "h")
    assert screen.hint_level == 2 and "right tiles" in screen.feedback_text
    key(app, pygame.K_h, "h")
    assert screen.phase == "done" and screen.results[screen.index] == "shown"
    assert "hint" in screen.view.picker.marks.values()
    assert records(app) == 1


def test_glossary_term_opens_a_card(app: App) -> None:
    screen = open_step(app, "text")
    block = screen.view.body
    rect, term = block.layout.terms[0]
    click(app, (block.rect.left + rect.centerx, block.rect.top + rect.centery))
    assert screen.dialog is not None
    key(app, pygame.K_ESCAPE)
    assert screen.dialog is None and app.screen is screen


def test_drill_step_runs_the_drill_and_reports_back(app: App) -> None:
    screen = open_step(app, "drill")
    key(app, pygame.K_RETURN, "\r")
    drill = app.screen
    assert drill.name == "drill"
    while not drill.finished:
        ex = drill.view.ex
        i = next(i for i, o in enumerate(ex.prompt.options) if o.value in ex.answer)
        key(app, pygame.K_1 + i, str(i + 1))
        key(app, pygame.K_RETURN, "\r")
    assert drill.right == drill.n
    key(app, pygame.K_RETURN, "\r")  # Done
    assert app.screen is screen
    assert screen.drill_results[screen.index] == (drill.n, drill.n)
    assert screen.results[screen.index] == "right"
    assert screen.main_btn.label == "Next"


def test_play_step_opens_the_table(app: App) -> None:
    open_step(app, "play")  # the gallery's play step is a glass table: the shape-game table
    key(app, pygame.K_RETURN, "\r")
    assert app.screen.name == "play_simple" and app.screen.mode == "glass_table"


def test_finishing_the_lesson_completes_it(app: App) -> None:
    screen = app.push("lesson", lesson_id=LESSON.id, step=len(LESSON.steps) - 1)
    screen.drill_done(KINDS.index("drill"), 5, 5)
    screen.params[f"_play_{screen.index}"] = {"games": 1, "wins": 0, "goal_met": True}
    screen.rebuild()
    key(app, pygame.K_RETURN, "\r")
    assert screen.finished and screen.passed()
    assert app.progress.lessons(app.learner_id)[LESSON.id]["completed_at"]
    app.render()


def test_a_step_that_cannot_be_shown_is_named_and_skippable(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from trainer.ui.views.steps import base as steps

    def broken(self) -> None:  # noqa: ANN001
        raise ValueError("no such tile")

    monkeypatch.setattr(steps.TextView, "build", broken)
    screen = open_step(app, "text")
    assert screen.view is None and screen.feedback_kind == "error" and "no such tile" in screen.feedback_text
    key(app, pygame.K_RETURN, "\r")
    assert screen.index == 1


def test_the_desktop_app_reports_a_bug_instead_of_closing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    a = App(size=(1280, 720), settings=Settings(language="en"), progress=None, save=False, catch_errors=True)
    a.set_library(LessonLibrary(lessons={LESSON.id: LESSON}))
    screen = a.push("home")

    def boom(ev) -> bool:  # noqa: ANN001
        raise RuntimeError("boom")

    monkeypatch.setattr(screen, "on_key", boom)
    a.process([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a")], 1 / 60)
    assert a.banners and "boom" in a.banners[-1].text
    a.close()


def test_home_offers_to_continue_where_the_learner_stopped(app: App) -> None:
    screen = open_step(app, "text")
    key(app, pygame.K_RETURN, "\r")  # step 2 of the lesson
    key(app, pygame.K_ESCAPE)
    home = app.screen
    assert home.name == "home" and home.hero is not None
    assert home.hero.title == "Continue where you stopped" and "step 2" in home.hero.subtitle
    key(app, pygame.K_1, "1")
    assert app.screen.name == "lesson" and app.screen.index == screen.index == 1


def test_feedback_slides_in_then_the_app_goes_idle(app: App) -> None:
    screen = open_step(app, "choice")
    (index,) = tuple(answers.answer(screen.step, LESSON).value)
    key(app, pygame.K_1 + index, str(index + 1))
    assert app.animating
    for _ in range(12):  # 12 fixed frames of 1/60 s > the 0.18 s slide
        app.process([], 1 / 60)
    assert not app.animating
    app.render()
    app.process([], 1 / 60)
    assert not app.dirty


def test_children_get_bigger_tiles_and_gentle_feedback(app: App) -> None:
    from trainer.cli.shots import GALLERY
    from trainer.lessons.loader import load_text

    text = (GALLERY.replace("id: basics_ui_gallery", "id: kids_ui_gallery").replace("track: basics", "track: kids")
            .replace("audience: beginner", "audience: child\nmin_age: 6"))
    kid = load_text(text, "lessons/kids/kids_ui_gallery.yaml").lesson
    assert kid is not None
    app.library().lessons[kid.id] = kid
    adult = open_step(app, "number")
    adult_h = adult.view.hand_row.height
    app.pop()
    screen = app.push("lesson", lesson_id=kid.id, step=KINDS.index("number"))
    app.render()
    assert screen.view.hand_row.height > adult_h
    want = answers.answer(screen.step, kid).value
    for _ in range(2):
        screen.view.field.text = str(want + 2)
        key(app, pygame.K_RETURN, "\r")
        if screen.phase == "retry":
            assert screen.feedback_kind == "retry"
            key(app, pygame.K_RETURN, "\r")
    assert screen.phase == "done" and screen.feedback_kind == "shown"
    screen.finish()
    assert screen.passed()  # a children's lesson cannot be failed


def test_number_hint_narrows_to_a_range_holding_the_answer(app: App) -> None:
    import re

    screen = open_step(app, "number")
    click(app, screen.hint_btn.rect.center)  # H typed into the focused box is a letter there, not the hint
    click(app, screen.hint_btn.rect.center)
    lo, hi = (int(x) for x in re.findall(r"-?\d+", screen.feedback_text)[-2:])
    assert lo <= answers.answer(screen.step, LESSON).value <= hi and hi - lo == 2


def test_first_hint_highlights_the_tiles_around_the_waits(app: App) -> None:
    screen = open_step(app, "pick_tiles")
    key(app, pygame.K_h, "h")
    shown = screen.view.shown
    assert shown.marks and set(shown.marks.values()) == {"hint"}
    assert "highlighted" in screen.feedback_text


def test_real_play_steps_open_the_table_of_their_mode(tmp_path: Path) -> None:
    """A glass-table step plays on the shape-game table, a full game on the riichi table."""
    from trainer.lessons.loader import load_all
    from trainer.paths import LESSONS_DIR

    library = load_all(LESSONS_DIR)
    a = App(size=(1280, 720), settings=Settings(language="ru"), progress=None, save=False)
    a.set_library(library)
    a.push("home")
    for lesson_id, screen_name in (("basics_turn_flow", "play_simple"), ("basics_match", "play")):
        lesson = library.lessons[lesson_id]
        index = next(i for i, st in enumerate(lesson.steps) if st.kind == "play")
        a.push("lesson", lesson_id=lesson.id, step=index)
        a.process([], 1 / 60)
        a.render()
        key(a, pygame.K_RETURN, "\r")
        assert a.screen.name == screen_name, lesson_id
        a.home()
    a.close()


def test_a_discard_question_shows_the_tiles_already_seen() -> None:
    from trainer.engine.notation import parse_tiles

    a = App(size=(1280, 720), settings=Settings(language="ru"), progress=None, save=False)
    a.push("home")
    lesson = a.library().lessons["skill_efficiency_ukeire"]
    index = next(i for i, st in enumerate(lesson.steps) if st.kind == "pick_tiles" and st.visible)
    screen = a.push("lesson", lesson_id=lesson.id, step=index)
    a.process([], 1 / 60)
    a.render()
    shown = [s.tile for s in screen.view.shown.slots]
    assert sorted(shown) == sorted(parse_tiles(lesson.steps[index].visible))
    a.close()


def test_table_seat_labels_do_not_nest_brackets() -> None:
    a = App(size=(1280, 720), settings=Settings(language="ru"), progress=None, save=False)
    a.push("home")
    lesson = a.library().lessons["basics_turn_flow"]
    index = next(i for i, st in enumerate(lesson.steps) if st.kind == "show" and st.table is not None)
    screen = a.push("lesson", lesson_id=lesson.id, step=index)
    a.process([], 1 / 60)
    a.render()
    labels = [label for label, _hand, _river in screen.view.table.rows]
    assert labels and all("((" not in lb and "))" not in lb for lb in labels)
    a.close()


def test_punctuation_after_a_term_or_bold_never_starts_a_line() -> None:
    from trainer.ui.richtext import _Atom, wrap_atoms

    def word(w: int, space: bool = True) -> _Atom:
        return _Atom("word", w, 10, space_after=4 if space else 0)

    # "aaa bbb **bold**," : the comma (no space before it) must not start the second line
    para = [word(30), word(30), word(30, space=False), word(6)]
    lines = wrap_atoms(para, 100)
    assert [len(ln) for ln in lines] == [2, 2] and lines[1][0] is para[2]
    assert [len(ln) for ln in wrap_atoms(para, 200)] == [4]
