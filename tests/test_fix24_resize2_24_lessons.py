"""Review 24 (big screens): a lesson step keeps the learner's input over a window resize.

The window is resized as the system does it (the display set to the new size, then a
``VIDEORESIZE`` event): the lesson screen is built again (``Screen.rebuild``) and the step's view
built again takes back what the learner had done (``StepView.subject``, ``state()``,
``restore(state)``).  A resize never reveals an answer and never climbs the hint ladder.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui_events import click, frame, headless_app, key, open_lesson_step  # noqa: E402
from trainer.i18n import set_language  # noqa: E402
from trainer.lessons import answers  # noqa: E402
from trainer.ui.app import App  # noqa: E402

TRY_AGAIN = ("Try again", "Ещё раз")


@pytest.fixture(params=["ru", "en"])
def app(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """An adult's app with a progress store, in Russian and in English."""
    with headless_app(tmp_path, monkeypatch, language=request.param, progress="open", profile="rules") as a:
        yield a
    set_language("en")


def resize(app: App, width: int, height: int) -> None:
    """Resize the window as the system does (the display first, then the event), and draw."""
    pygame.display.set_mode((width, height), pygame.RESIZABLE)
    app.process([pygame.event.Event(pygame.VIDEORESIZE, w=width, h=height, size=(width, height))], 1 / 60)
    frame(app)


def settled(app: App) -> pygame.Surface:
    """The screen once the feedback panel has slid into place (an update moves it 0.1 s at most)."""
    for _ in range(5):
        surface = frame(app)
    return surface


def enter(app: App) -> None:
    """Press Enter (Check, Try again, Next)."""
    key(app, pygame.K_RETURN, "\r")


def type_number(app: App, text: str) -> None:
    """Type digits (they go to the answer box wherever the focus is)."""
    for ch in text:
        key(app, pygame.K_0 + int(ch), ch)


def panel(screen: Any) -> tuple[Any, ...]:
    """What the screen says about the step: phase, hint rung, the feedback panel and the main button."""
    return (screen.phase, screen.hint_level, screen.feedback_kind, screen.feedback_text, screen.answer_line,
            screen.extra_explain, screen.main_btn.label)


def right_kinds(screen: Any) -> frozenset:
    """The engine's answer to the open step."""
    return answers.answer(screen.step, screen.lesson).value


# ---------------------------------------------------------------- number


def number_retry(app: App) -> Any:
    """«Шантен 0» answered 3: the retry."""
    screen = open_lesson_step(app, "basics_tenpai", "shanten_zero")
    type_number(app, "3")
    enter(app)
    assert screen.phase == "retry"
    return screen


def test_a_typed_number_survives_a_resize(app: App) -> None:
    screen = open_lesson_step(app, "basics_tenpai", "shanten_zero")
    type_number(app, "12")
    resize(app, 1920, 1080)
    field = screen.view.field
    assert (field.text, field.state, field.enabled) == ("12", None, True)
    assert screen.focused_widget() is field  # typing goes on where it was
    type_number(app, "3")
    assert field.text == "123"


def test_a_number_retry_resized_keeps_the_wrong_number_and_shows_no_answer(app: App) -> None:
    screen = number_retry(app)
    said = panel(screen)
    resize(app, 1920, 1080)
    field = screen.view.field
    assert (field.text, field.state) == ("3", "wrong") and screen.view.locked and not field.enabled
    assert panel(screen) == said and screen.answer_line == "" and screen.main_btn.label in TRY_AGAIN
    assert all(k.visible and app.surface.get_rect().contains(k.rect) for k in screen.view.keys)
    resize(app, 1024, 600)
    assert (screen.view.field.text, screen.view.field.state) == ("3", "wrong") and panel(screen) == said
    enter(app)  # Try again: an empty box, and the right number is the second try
    assert screen.phase == "answer" and screen.view.field.text == "" and not screen.view.locked
    type_number(app, "0")
    enter(app)
    assert screen.results[screen.index] == "retry"


def test_the_resized_retry_is_drawn_as_the_same_retry_opened_at_that_size(app: App) -> None:
    """On screen: the retry resized to 1920x1080 is pixel for pixel the same retry reached in a
    window of that size (the wrong number in its box, no answer anywhere, the same panel)."""
    number_retry(app)
    resize(app, 1920, 1080)
    resized = pygame.image.tobytes(settled(app), "RGB")
    app.pop()
    number_retry(app)
    assert pygame.image.tobytes(settled(app), "RGB") == resized


def test_the_answer_after_the_last_miss_keeps_its_words_over_a_resize(app: App) -> None:
    screen = number_retry(app)
    enter(app)
    type_number(app, "2")
    enter(app)
    assert screen.phase == "done"
    said = panel(screen)
    resize(app, 1920, 1080)
    field = screen.view.field
    assert (field.text, field.state) == ("2", "wrong") and screen.view.locked
    assert not any(k.visible for k in screen.view.keys)
    assert panel(screen) == said  # the words on the learner's own answer are not replaced


# ---------------------------------------------------------------- pick


def waits_step(app: App) -> Any:
    """«Какие плитки ждёт рука?» (several waits, tiles picked from the palette)."""
    return open_lesson_step(app, "basics_tenpai", "several_waits_pick")


def test_picked_tiles_survive_a_resize(app: App) -> None:
    screen = waits_step(app)
    picker, ans = screen.view.picker, right_kinds(screen)
    right = next(i for i, s in enumerate(picker.slots) if s.tile.kind in ans)
    wrong = next(i for i, s in enumerate(picker.slots) if s.tile.kind not in ans)
    click(app, picker.rects[right].center)
    click(app, picker.rects[wrong].center)
    resize(app, 1024, 600)
    assert screen.view.picker is not picker and screen.view.picker.selected == {right, wrong}
    assert not screen.view.picker.marks and not screen.view.locked


def test_a_pick_retry_resized_keeps_its_marks_and_marks_no_answer(app: App) -> None:
    screen = waits_step(app)
    picker, ans = screen.view.picker, right_kinds(screen)
    wrong = next(i for i, s in enumerate(picker.slots) if s.tile.kind not in ans)
    click(app, picker.rects[wrong].center)
    enter(app)
    assert screen.phase == "retry"
    said, marks = panel(screen), dict(picker.marks)
    resize(app, 1920, 1080)
    now = screen.view.picker
    assert now.marks == marks == {wrong: "wrong"} and now.selected == {wrong}  # no "hint" on a right tile
    assert now.locked and panel(screen) == said


def test_the_first_hint_keeps_its_marks_and_is_not_climbed_by_a_resize(app: App) -> None:
    screen = waits_step(app)
    key(app, pygame.K_h, "h")
    marks = dict(screen.view.shown.marks)
    said = panel(screen)
    assert screen.hint_level == 1 and marks
    resize(app, 1920, 1080)
    assert screen.view.shown.marks == marks and panel(screen) == said
    assert "hint" not in screen.view.picker.marks.values() and not screen.view.locked
    resize(app, 1024, 600)
    assert screen.view.shown.marks == marks and screen.hint_level == 1


def test_a_childs_wrong_pick_stays_greyed_over_a_resize(app: App) -> None:
    screen = open_lesson_step(app, "kids_tile_families", "tap_dots")
    picker, ans = screen.view.picker, right_kinds(screen)
    wrong = next(i for i, s in enumerate(picker.slots) if s.tile.kind not in ans)
    click(app, picker.rects[wrong].center)
    enter(app)
    assert screen.phase == "retry" and picker.dim == {wrong}
    resize(app, 1920, 1080)
    assert screen.view.picker.dim == {wrong} and not screen.view.picker.selected
    assert not screen.view.picker.marks


# ---------------------------------------------------------------- choice


def shape_choice(app: App) -> Any:
    """«Какая это форма ожидания?» (four options, one right)."""
    return open_lesson_step(app, "basics_tenpai", "shanpon_choice")


def test_a_choice_retry_resized_keeps_the_wrong_mark_and_shows_no_answer(app: App) -> None:
    screen = shape_choice(app)
    right = right_kinds(screen)
    wrong = next(i for i in range(len(screen.view.buttons)) if i not in right)
    key(app, pygame.K_1 + wrong, str(wrong + 1))
    assert screen.phase == "retry"
    said = panel(screen)
    resize(app, 1920, 1080)
    buttons = screen.view.buttons
    assert [(b.selected, b.mark) for b in buttons] == [(i == wrong, "wrong" if i == wrong else None)
                                                       for i in range(len(buttons))]
    assert all(b.locked for b in buttons) and panel(screen) == said and screen.answer_line == ""
    assert screen.main_btn.label in TRY_AGAIN


def test_the_hints_of_a_choice_keep_their_marks_and_faded_options(app: App) -> None:
    screen = shape_choice(app)
    key(app, pygame.K_h, "h")
    key(app, pygame.K_h, "h")
    view = screen.view
    assert screen.hint_level == 2 and view.narrowed
    faded = [(b.mark, b.locked) for b in view.buttons]
    hand = dict(view.hand_row.marks)
    said = panel(screen)
    resize(app, 1024, 600)
    view = screen.view
    assert [(b.mark, b.locked) for b in view.buttons] == faded and dict(view.hand_row.marks) == hand
    assert panel(screen) == said and screen.phase == "answer"  # the solution (third rung) not shown


def test_ticked_options_survive_a_resize(app: App) -> None:
    screen = open_lesson_step(app, "basics_furiten", "permanent_allowed")
    key(app, pygame.K_1, "1")
    key(app, pygame.K_3, "3")
    resize(app, 1920, 1080)
    assert [b.selected for b in screen.view.buttons] == [True, False, True, False]
    assert screen.phase == "answer" and not screen.view.locked


# ---------------------------------------------------------------- arrange


def test_a_sorted_row_survives_a_resize(app: App) -> None:
    screen = open_lesson_step(app, "basics_tiles", "sort_hand")
    row = screen.view.row
    click(app, row.rects[0].center)
    click(app, row.rects[1].center)  # swapped
    click(app, row.rects[3].center)  # picked up, not yet swapped
    tiles = [s.tile for s in row.slots]
    resize(app, 1920, 1080)
    view = screen.view
    assert [s.tile for s in view.row.slots] == tiles and view.row.selected == {3} and view._first == 3
    click(app, view.row.rects[4].center)  # the swap goes on where it was
    assert [s.tile for s in view.row.slots] == tiles[:3] + [tiles[4], tiles[3]] + tiles[5:]


def test_cards_put_in_order_survive_a_resize(app: App) -> None:
    screen = open_lesson_step(app, "basics_kan", "kan_order")
    cards = screen.view.cards
    cards[0].activate()
    cards[1].activate()
    texts, order = [c.text for c in cards], list(screen.view.order)
    resize(app, 1024, 600)
    assert [c.text for c in screen.view.cards] == texts and screen.view.order == order
    enter(app)  # the order was changed: Check grades it (a try spent on what is on screen)
    assert screen.phase in ("retry", "done")


def test_cards_put_in_order_are_read_in_the_new_language(app: App) -> None:
    """Another language rebuilds the step too: the order is kept, each card in the new language."""
    screen = open_lesson_step(app, "basics_kan", "kan_order")
    cards = screen.view.cards
    cards[0].activate()
    cards[2].activate()
    order = list(screen.view.order)
    other = "en" if app.settings.language == "ru" else "ru"
    app.apply_settings(app.settings.with_(language=other))
    frame(app)
    view = screen.view
    assert view.order == order
    assert [c.text for c in view.cards] == [view.text(screen.step.cards[i].text) for i in order]
    assert view.cards[0].text != cards[0].text  # not the old language's words


def test_sets_made_in_a_split_survive_a_resize(app: App) -> None:
    screen = open_lesson_step(app, "basics_sets", "split_8")
    row = screen.view.row
    tiles = [s.tile for s in row.slots]
    for i in (0, 1):
        click(app, row.rects[i].center)
    key(app, pygame.K_g, "g")
    assert screen.view.groups == [tiles[:2]]
    resize(app, 1920, 1080)
    assert screen.view.groups == [tiles[:2]] and [s.tile for s in screen.view.row.slots] == tiles[2:]


def fill_boxes(app: App, screen: Any, boxes: list[int]) -> None:
    """Put the tiles of a box step's row in ``boxes`` (a box per tile), with the keyboard: each tile
    clicked, then its box's digit."""
    view = screen.view
    for i, box in enumerate(boxes):
        click(app, view.row.rects[i].center)
        key(app, pygame.K_1 + box, str(box + 1))


def test_tiles_in_an_adults_boxes_survive_a_resize(app: App) -> None:
    screen = open_lesson_step(app, "basics_tile_groups", "three_boxes")
    fill_boxes(app, screen, [0, 0, 1])
    click(app, screen.view.row.rects[4].center)  # one more picked up
    resize(app, 1920, 1080)
    view = screen.view
    assert view.box_of[:3] == [0, 0, 1] and all(b < 0 for b in view.box_of[3:])
    assert view.row.selected == {4} and view.row.inert == {0, 1, 2}
    assert [len(w.slots) for w in view.box_contents] == [2, 1, 0]


def test_a_childs_boxes_keep_their_tiles_and_marks_over_a_resize(app: App) -> None:
    screen = open_lesson_step(app, "kids_tile_families", "four_boxes")
    want = list(right_kinds(screen))
    guess = [(w + 1) % 4 if i == 0 else w for i, w in enumerate(want)]  # the first tile in a wrong box
    fill_boxes(app, screen, guess)
    enter(app)
    assert screen.phase == "retry"
    said, marks = panel(screen), dict(screen.view._box_marks)
    resize(app, 1920, 1080)
    view = screen.view
    assert view.box_of == guess and view._box_marks == marks and view._revealed is None
    assert sum(len(w.slots) for w in view.box_contents) == len(guess) and view.locked
    assert panel(screen) == said
    resize(app, 1024, 600)
    assert screen.view.box_of == guess and sum(len(w.slots) for w in screen.view.box_contents) == len(guess)
    enter(app)  # Try again: the tiles stay in their boxes for the second try
    assert screen.phase == "answer" and screen.view.box_of == guess and not screen.view.locked


# ---------------------------------------------------------------- fu, paifu


def test_fu_chips_survive_a_resize(app: App) -> None:
    screen = open_lesson_step(app, "score_fu_full", "pinfu_ron")
    chips = screen.view.chips
    chips[0].activate()
    chips[0].activate()
    chips[1].activate()
    counts = [c.count for c in chips]
    resize(app, 1920, 1080)
    assert [c.count for c in screen.view.chips] == counts and screen.view.total() == screen.view.total()
    assert screen.phase == "answer"


def test_a_paifu_retry_resized_keeps_the_clicked_cell(app: App) -> None:
    screen = open_lesson_step(app, "skill_paifu_reading", "find_riichi")
    view = screen.view
    wrong = next(c for c in view.cell_rects if c not in right_kinds(screen))
    click(app, view.cell_rects[wrong].center)
    assert screen.phase == "retry"
    said = (dict(view.marks), view.pos, panel(screen))
    resize(app, 1920, 1080)
    view = screen.view
    assert (dict(view.marks), view.pos, panel(screen)) == said and view.selected == wrong and view.locked


# ---------------------------------------------------------------- a step opened afresh


def test_a_step_opened_again_keeps_nothing_of_the_last_input(app: App) -> None:
    screen = open_lesson_step(app, "basics_tenpai", "shanten_zero")
    type_number(app, "7")
    screen.go(screen.index)  # the same step afresh (a drill run again from the summary goes this way)
    frame(app)
    assert screen.view.field.text == "" and screen.view.field.state is None
