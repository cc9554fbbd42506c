"""Issue 10 flows driven with synthetic events: the first-run question, each learner's own
"continue", tab and settings, the child's profile (tiles, home, games, drills), learners
renamed / set aside / brought back / erased, a resumed lesson keeping its results, Enter on
the summary, focus and Enter agreeing, and arrange steps (drop anywhere, untouched Enter)."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.test_ui_lesson import click, key  # noqa: E402 - the lesson tests' synthetic key and click
from trainer.cli.shots import gallery_lesson  # noqa: E402
from trainer.lessons.loader import LessonLibrary, load_text  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.settings import DELETED_KEY, Settings  # noqa: E402

LESSON = gallery_lesson()
SECOND = LESSON.model_copy(update={"id": "basics_ui_gallery_two"})
KINDS = [s.kind for s in LESSON.steps]

BOXES = """\
id: kids_boxes_test
title: {ru: "Коробки", en: "Boxes"}
track: kids
level: 1
audience: child
min_age: 6
minutes: 3
skill: kids_tile_families
steps:
  - kind: arrange
    prompt: {ru: "Разложи плитки по семьям!", en: "Sort the tiles into families!"}
    ask: boxes
    boxes:
      - {label: {ru: "Кружки", en: "Dots"}, filter: pin}
      - {label: {ru: "Палочки", en: "Sticks"}, filter: sou}
      - {label: {ru: "Цифры-иероглифы", en: "Number characters"}, filter: man}
      - {label: {ru: "Ветры и драконы", en: "Winds and dragons"}, filter: honors}
    tiles: "2p7s4m1z5p9s8m6z"
"""


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    from trainer.progress import open_store

    store = open_store(tmp_path / "progress.sqlite")
    a = App(size=(1280, 720), settings=Settings(language="en"), progress=store, save=False)
    boxes = load_text(BOXES, "lessons/kids/kids_boxes_test.yaml").lesson
    assert boxes is not None
    a.set_library(LessonLibrary(lessons={LESSON.id: LESSON, SECOND.id: SECOND, boxes.id: boxes}))
    a.push("home")
    yield a
    a.close()


def type_text(app: App, text: str) -> None:
    app.process([pygame.event.Event(pygame.TEXTINPUT, text=text)], 1 / 60)


def home_hero_title(app: App) -> str:
    app.home()
    app.screen.rebuild()
    app.render()
    hero = getattr(app.screen, "hero", None)
    return hero.title if hero is not None else ""


# ---------------------------------------------------------------- first run and profiles


def test_first_run_is_asked_once_and_the_child_answer_switches_everything_on(app: App) -> None:
    assert app.needs_first_run()
    screen = app.push("first_run")
    app.render()
    assert len(screen.cards) == 3
    key(app, pygame.K_3, "3")  # "A child is learning"
    s = app.settings
    assert (s.profile, s.tile_theme, s.tile_size, s.last_track) == ("child", "kids", "large", "kids")
    assert app.progress.learner(app.learner_id).kind == "child"
    assert not app.needs_first_run()
    # The children's home: their lesson, their lessons, their games; big buttons.
    home = app.screen
    assert home.name == "home" and home.kids
    titles = [c.title for c in home.cards]
    assert titles == ["Let's start!", "My lessons", "Games"]
    assert home.cards[0].subtitle == "Boxes"  # the children's lesson, not an adult one
    # The games are reachable from the home, without a lesson.
    home.cards[2].activate()
    games = app.screen
    assert games.name == "kids_games" and len(games.cards) == 4
    games.cards[0].activate()  # the children's setup first: how many players
    assert app.screen.name == "training_setup" and app.screen.kid_buttons
    app.screen.kid_buttons[0].activate()
    assert app.screen.name == "play_simple" and app.screen.mode == "tibet" and app.screen.kids
    # Every drill is in the children's presentation.
    drill = app.push("drill", generator="tile_name", params={}, n=3, seed=1)
    assert drill.kids


def test_each_answer_picks_its_own_tab_and_tiles(app: App) -> None:
    for n, (profile, track) in enumerate((("new", "basics"), ("rules", "skills")), start=1):
        app.push("first_run")
        key(app, getattr(pygame, f"K_{n}"), str(n))
        assert (app.settings.profile, app.settings.last_track, app.settings.tile_theme) == (profile, track, "classic")
        assert app.progress.learner(app.learner_id).kind == "adult"
        assert not app.screen.kids


def test_a_new_learner_never_inherits_the_previous_learners_continue_or_tab(app: App) -> None:
    first = app.learner_id
    app.apply_profile("new")
    lesson = app.push("lesson", lesson_id=LESSON.id, step=3)
    app.render()
    lesson.next()  # now at step 5 of the gallery
    app.remember(last_track="scoring")
    assert home_hero_title(app) == "Continue where you stopped"
    # A new child through the learners form.
    screen = app.push("learners")
    screen.set_focus(screen.name_field)
    type_text(app, "Masha")
    screen.kind_row.value = "child"
    screen.new_profile = "child"
    key(app, pygame.K_RETURN, "\r")
    masha = app.learner_id
    assert masha != first
    assert app.progress.learner(masha).name == "Masha"
    assert (app.settings.last_lesson, app.settings.last_track, app.settings.profile) == ("", "kids", "child")
    assert home_hero_title(app) == ""  # the children's home offers her own lesson, not the adult's
    assert app.screen.cards[0].title == "Let's start!"
    assert app.screen.cards[0].subtitle == "Boxes"
    # Back to the first learner: their continue, tab and tiles come back.
    app.switch_learner(first)
    assert (app.settings.last_lesson, app.settings.last_step) == (LESSON.id, 4)
    assert app.settings.last_track == "scoring" and app.settings.tile_theme == "classic"
    assert home_hero_title(app) == "Continue where you stopped"
    assert "step 5" in app.screen.hero.subtitle


def test_the_lesson_map_opens_on_the_learners_last_tab(app: App) -> None:
    app.apply_profile("rules")
    m = app.push("lesson_map")
    assert m.track == "basics"  # "skills" has no lesson in this library: the first open track, never "kids"
    m._set_track("kids")
    assert app.settings.last_track == "kids"
    app.pop()
    assert app.push("lesson_map").track == "kids"


# ---------------------------------------------------------------- learners


def test_rename_delete_bring_back_and_erase_only_after_a_second_question(app: App) -> None:
    store = app.progress
    keep = app.learner_id
    other = store.create_learner("Petya")
    app.switch_learner(other.id)
    app.record_answer("lesson", "x:1", "tiles", True, 3.0)
    app.switch_learner(keep)
    screen = app.push("learners")
    app.render()
    # Rename.
    screen.start_rename(other.id)
    assert screen.name_field.text == "Petya"
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_BACKSPACE)
    type_text(app, "r")
    key(app, pygame.K_RETURN, "\r")
    assert store.learner(other.id).name == "Petr"
    # Delete asks first; Cancel (the default button) keeps the learner.
    screen = app.screen
    screen.ask_delete(other.id)
    key(app, pygame.K_RETURN, "\r")
    assert not store.learner(other.id).settings.get(DELETED_KEY)
    screen.ask_delete(other.id)
    screen.dialog.buttons[0].activate()
    assert store.learner(other.id).settings.get(DELETED_KEY)
    assert [x.id for x in app.active_learners()] == [keep]
    assert store.answer_count(other.id) == 1  # set aside, not erased
    app.render()
    assert [c.title for c in screen.aside_cards] == ["Petr"]
    # Undo.
    screen.aside_buttons[0][0].activate()
    assert not store.learner(other.id).settings.get(DELETED_KEY)
    assert len(app.active_learners()) == 2
    # Erase needs the delete and then a second, explicit question.
    screen.erase(other.id)
    assert store.learner(other.id).name == "Petr"  # not set aside: erase refuses
    screen.ask_delete(other.id)
    screen.dialog.buttons[0].activate()
    screen.aside_buttons[0][1].activate()
    assert screen.dialog is not None and "cannot be undone" in screen.dialog.body
    screen.dialog.buttons[0].activate()
    assert [x.id for x in store.learners()] == [keep]
    assert store.answer_count(other.id) == 0


def test_deleting_the_current_learner_moves_on_and_the_last_one_cannot_be_deleted(app: App) -> None:
    store = app.progress
    first = app.learner_id
    screen = app.push("learners")
    assert not screen.card_buttons[0][1].enabled  # the only learner stays
    second = store.create_learner("Anna")
    screen.rebuild()
    screen.delete(first)
    assert app.learner_id == second.id
    assert store.learner(first).settings.get(DELETED_KEY)


# ---------------------------------------------------------------- lesson state


def answer_choice_right(app: App) -> None:
    key(app, pygame.K_2, "2")  # kanchan, the right option of the gallery's choice step
    key(app, pygame.K_RETURN, "\r")


def test_a_resumed_lesson_keeps_every_earlier_result_and_the_summary_counts_them(app: App) -> None:
    screen = app.push("lesson", lesson_id=LESSON.id, step=KINDS.index("choice"))
    app.render()
    answer_choice_right(app)
    assert screen.results[KINDS.index("choice")] == "right"
    key(app, pygame.K_RETURN, "\r")  # Next
    assert screen.index == KINDS.index("pick_tiles")
    app.pop()  # the learner closes the lesson ...
    resumed = app.push("lesson", lesson_id=LESSON.id, step=screen.index)  # ... and comes back
    assert resumed.results.get(KINDS.index("choice")) == "right"
    assert resumed.quiz_score()[0] == 1
    drill = KINDS.index("drill")
    resumed.drill_results[drill] = (LESSON.steps[drill].n, LESSON.steps[drill].n)  # the drill passed
    resumed.finish()
    app.render()
    assert resumed.quiz_score()[0] == 1
    # Complete: the saved run is gone, so a new run starts clean.
    again = app.push("lesson", lesson_id=LESSON.id, step=KINDS.index("pick_tiles"))
    assert again.results == {}


def test_starting_a_lesson_from_the_first_step_forgets_an_old_run(app: App) -> None:
    screen = app.push("lesson", lesson_id=LESSON.id, step=KINDS.index("choice"))
    app.render()
    answer_choice_right(app)
    app.pop()
    fresh = app.push("lesson", lesson_id=LESSON.id, step=0)
    assert fresh.results == {}
    assert screen.results  # the first run had its result


def test_enter_on_the_summary_opens_the_next_lesson(app: App) -> None:
    screen = app.push("lesson", lesson_id=LESSON.id, step=0)
    app.render()
    drill = KINDS.index("drill")
    screen.drill_results[drill] = (LESSON.steps[drill].n, LESSON.steps[drill].n)  # complete, so "next"
    # every question right at once (few right at once offers another pass first: round 24, lesson24)
    screen.results.update({i: "right" for i, s in enumerate(LESSON.steps) if s.interactive and s.kind != "drill"})
    screen.finish()
    app.render()
    badge = [b for b in screen.summary_buttons if b.hotkey == "Enter"]
    assert badge and screen.focused_widget() is badge[0]
    key(app, pygame.K_RETURN, "\r")
    assert app.screen is not screen
    assert app.screen.name == "lesson" and app.screen.lesson.id != LESSON.id


def test_enter_answers_with_the_focused_option(app: App) -> None:
    screen = app.push("lesson", lesson_id=LESSON.id, step=KINDS.index("choice"))
    app.render()
    focused = screen.focused_widget()
    assert focused is screen.view.buttons[0]  # the ring sits on option 1
    key(app, pygame.K_RETURN, "\r")
    assert not any("Choose an answer first" in b.text for b in app.banners)
    assert screen.attempts == 1 and screen.view.buttons[0].selected
    # Arrow keys move the ring, and Enter follows it.
    screen.retry()
    screen.view.buttons[0].selected = False
    screen.set_focus(screen.view.buttons[0])
    b0, b1 = screen.view.buttons[0].rect, screen.view.buttons[1].rect
    key(app, pygame.K_DOWN if b1.top >= b0.bottom else pygame.K_RIGHT)
    assert screen.focused_widget() is screen.view.buttons[1]
    key(app, pygame.K_RETURN, "\r")
    assert screen.results[KINDS.index("choice")] == "retry"  # option 2 was checked: right on the second try


def test_the_first_arrow_key_never_jumps_to_back(app: App) -> None:
    screen = app.push("lesson", lesson_id=LESSON.id, step=KINDS.index("choice"))
    app.render()
    screen.focus = None
    key(app, pygame.K_RIGHT)
    assert screen.focused_widget() is not screen.back_button
    assert screen.focused_widget() is screen.view.buttons[0]


def test_enter_on_an_untouched_sort_spends_no_try(app: App) -> None:
    screen = app.push("lesson", lesson_id=LESSON.id, step=KINDS.index("arrange"))
    app.render()
    key(app, pygame.K_RETURN, "\r")
    key(app, pygame.K_RETURN, "\r")
    assert screen.attempts == 0 and screen.phase == "answer"
    row = screen.view.row
    for a, b in ((0, 1),):
        row.on_change({a})
        row.on_change({b})
    key(app, pygame.K_RETURN, "\r")
    assert screen.attempts == 1


def test_a_right_sort_says_so(app: App) -> None:
    screen = app.push("lesson", lesson_id=LESSON.id, step=KINDS.index("arrange"))
    app.render()
    view = screen.view
    want = sorted(s.tile for s in view.row.slots)
    view.row.slots = sorted(view.row.slots, key=lambda s: want.index(s.tile))
    key(app, pygame.K_RETURN, "\r")
    assert screen.feedback_kind == "right" and screen.feedback_rect is not None


def test_a_tile_drops_anywhere_on_a_box_and_stays_readable(app: App) -> None:
    screen = app.push("lesson", lesson_id="kids_boxes_test", step=0)
    app.render()
    view = screen.view
    row = view.row
    click(app, row.slot_rect(0).center if hasattr(row, "slot_rect") else row.rect.move(4, 4).topleft)
    if not row.selected:
        row.selected.add(0)
    box = view.box_rects()[0]
    click(app, (box.centerx, box.bottom - 10))  # the middle/bottom of the box, not its label
    assert view.box_of[0] == 0
    assert view._box_th() >= round(row.height * 0.45)  # a sorted tile is not shrunk to a speck
    assert view._box_th() >= app.layout.px(60)


def test_tile_name_options_never_show_the_tiles_own_character() -> None:
    from trainer import i18n
    from trainer.ui.views.exercise_labels import tile_option_name

    for lang in ("ru", "en"):
        i18n.set_language(lang)
        for rank, char in enumerate("東南西北白發中", start=1):
            assert char not in tile_option_name(f"{rank}z")
    i18n.set_language("ru")
    assert tile_option_name("3z") == "Запад (shā)"
