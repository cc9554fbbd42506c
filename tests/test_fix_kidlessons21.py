"""Children's lessons after the kid review of round 20 (#5, #8, #9, #10): a first hint says where to
look and never the answer; a sort step names "the right order", not "one of the right answers"; a
box step the hints solved says what the boxes show; a child's last miss on a choice step says first
that the pick was not it, then the right option with its own words and no «Да!» over the miss, and
no "look again" stays once the step is over."""

from __future__ import annotations

import os
import re
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui_events import click, key, lesson_app, open_lesson_step  # noqa: E402
from trainer.lessons import answers  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.richtext import BR  # noqa: E402


def make_app(tmp_path: Path, language: str = "ru", size: tuple[int, int] = (1280, 720)) -> App:
    return lesson_app(tmp_path, language=language, size=size)


@pytest.fixture()
def app(tmp_path: Path):  # noqa: ANN201
    a = make_app(tmp_path)
    yield a
    a.close()


def enter(app: App) -> None:
    key(app, pygame.K_RETURN, "\r")


def hint(app: App) -> None:
    key(app, pygame.K_h, "h")


KIDS = Path(__file__).resolve().parent.parent / "lessons" / "kids"


def kids_yaml_steps(kind: str) -> list[tuple[str, dict]]:
    """(lesson id, step as written) of every step of ``kind`` in the children's lessons."""
    import yaml

    out = []
    for f in sorted(KIDS.glob("*.yaml")):
        data = yaml.safe_load(f.read_text(encoding="utf-8"))
        out += [(data["id"], s) for s in data["steps"] if s["kind"] == kind]
    return out


def kids_steps(kind: str) -> list[tuple[str, str]]:
    """(lesson id, step id) of every step of ``kind`` in the children's lessons."""
    return [(lid, s["id"]) for lid, s in kids_yaml_steps(kind)]


PRAISE = re.compile(r"^(Да|Ура|Верно|Правильно|Молодец|Отлично|Yes|Hooray|Right|Correct|Great)\b", re.IGNORECASE)
NUDGES = ("Посмотри ещё", "Посчитай ещё", "Посмотри внимательно", "Look again", "Count again", "Look closely")


# ---------------------------------------------------------------- #5: the first hint says where to look


@pytest.mark.parametrize(("lesson_id", "step_id", "give_away"), [
    ("kids_winds_dragons", "which_north", "Север идёт последним, четвёртым."),
    ("kids_making_threes", "third_same", "Нужна ещё одна такая же."),
    ("kids_making_threes", "fill_the_gap", "Между пятью и семью есть одно число."),
    ("kids_character_numbers", "what_is_five", "Крышечка и табуретка — это пять."),
    ("kids_ponjan", "is_it_a_win", "Одну девятку возьми в ряд 7-8-9."),
    ("kids_tibet_14", "is_it_a_win", "Три одинаковых дракона — команда."),
    ("kids_tibet_5", "wins_1355", "Что встанет между 1 и 3?"),
    ("kids_tibet_5", "count_5567", "Попробуй пятёрку. А потом восьмёрку."),
    ("kids_winds_dragons", "winds_in_order", "Восток, Юг, Запад, Север."),
    ("kids_sorting", "winds_last", "Восток, Юг, Запад, Север."),
])
def test_the_line_that_gives_the_answer_away_is_the_second_rung(app: App, lesson_id: str, step_id: str,
                                                                give_away: str) -> None:
    screen = open_lesson_step(app, lesson_id, step_id)
    screen.hint()
    first = screen.feedback_text
    assert first and give_away not in first
    screen.hint()
    assert give_away in screen.feedback_text


def test_north_is_not_simply_the_last_card(app: App) -> None:
    """The options were 東南西北 in order, so any word about the order pointed at card 4."""
    screen = open_lesson_step(app, "kids_winds_dragons", "which_north")
    right = answers.answer(screen.step, screen.lesson).value
    assert right != frozenset({len(screen.step.options) - 1})
    assert [o.tiles for o in screen.step.options] != sorted(o.tiles for o in screen.step.options)


SORTS = [(lid, s) for lid, s in kids_yaml_steps("arrange") if s.get("ask") == "sort" and s.get("hints")]


@pytest.mark.parametrize(("lesson_id", "step"), SORTS, ids=[f"{lid}/{s['id']}" for lid, s in SORTS])
def test_a_kids_sort_steps_first_hint_never_spells_out_the_order(lesson_id: str, step: dict) -> None:
    first = step["hints"][0]
    for text, winds in ((first["ru"], ("Восток", "Юг", "Запад", "Север")),
                        (first["en"], ("East", "South", "West", "North"))):
        assert "Порядок" not in text and "Order" not in text
        assert sum(w in text for w in winds) <= 1, text
        assert len(re.findall(r"\d", text)) <= 1, text  # no list of the numbers in order


# ---------------------------------------------------------------- #8: a sort has one right order


@pytest.mark.parametrize(("lesson_id", "step_id", "tiles"), [
    ("kids_winds_dragons", "winds_in_order", "1234z"),
    ("kids_dots_and_sticks", "sticks_in_order", "12479s"),
])
def test_a_sort_shown_by_the_hints_names_the_right_order(app: App, lesson_id: str, step_id: str,
                                                         tiles: str) -> None:
    screen = open_lesson_step(app, lesson_id, step_id)
    for _ in range(3):
        hint(app)
    assert screen.phase == "done"
    # Review 24 (kidsort24): the big row itself is put in the right order; the panel says so in a
    # child's words, with no strip of small tiles.
    right = answers.answer(screen.step, screen.lesson)
    assert right.display == tiles and [s.tile for s in screen.view.row.slots] == list(right.value)
    assert screen.answer_line.startswith("Теперь все плитки стоят по порядку")
    assert "Один из верных" not in screen._feedback_markup()


def test_an_adults_sort_names_the_right_order_too(tmp_path: Path) -> None:
    """A row sorts one way only, for adults too (a split keeps «Один из верных ответов»)."""
    a = make_app(tmp_path, language="en")
    try:
        screen = open_lesson_step(a, "basics_tiles", "sort_hand")
        for _ in range(3):
            screen.hint()
        assert screen.answer_line.startswith("The right order: {tiles:")
    finally:
        a.close()


# ---------------------------------------------------------------- #9: a box step never ends in silence


@pytest.mark.parametrize(("lesson_id", "step_id"), [
    ("kids_dots_and_sticks", "dots_or_sticks"),
    ("kids_tile_families", "four_boxes"),
    ("kids_winds_dragons", "winds_or_dragons"),
])
def test_a_childs_boxes_solved_by_the_hints_say_what_is_shown(app: App, lesson_id: str, step_id: str) -> None:
    screen = open_lesson_step(app, lesson_id, step_id)
    for _ in range(3):
        hint(app)
    assert screen.phase == "done" and screen.feedback_kind == "shown"
    assert screen._feedback_markup() == "Теперь каждая плитка лежит в своей коробке."
    app.render()
    assert screen.feedback_rect is not None


def test_a_childs_last_miss_on_boxes_says_where_the_pale_tiles_are(app: App) -> None:
    screen = open_lesson_step(app, "kids_dots_and_sticks", "dots_or_sticks")
    view = screen.view
    for _ in range(2):
        screen.retry()
        view.box_of = [0] * len(view.box_of)  # every tile into the first box
        screen.check()
    assert screen.phase == "done"
    assert screen._feedback_markup() == ("Теперь каждая плитка лежит в своей коробке. "
                                         "Бледные плитки показывают, где они лежали у тебя.")


def test_an_adults_boxes_keep_their_answer_line(tmp_path: Path) -> None:
    a = make_app(tmp_path)
    try:
        lib = a.library()
        lid, sid = next((lid, s.id) for lid in sorted(lib.lessons) if not lid.startswith("kids_")
                        for s in lib.lessons[lid].steps
                        if s.kind == "arrange" and s.ask == "boxes" and s.tiles)
        screen = open_lesson_step(a, lid, sid)
        for _ in range(3):
            screen.hint()
        assert screen.answer_line.startswith("Ответ: ")
    finally:
        a.close()


# ---------------------------------------------------------------- #10: a child's last miss on a choice step


def miss_twice(app: App, screen) -> int:  # noqa: ANN001
    """Pick the first wrong option twice; its index."""
    right = answers.answer(screen.step, screen.lesson).value
    wrong = next(b.index for b in screen.view.buttons if b.index not in right)
    for _ in range(2):
        if screen.phase == "retry":
            screen.retry()
        click(app, screen.view.buttons[wrong].rect.center)
        if screen.step.multiple:
            enter(app)
    assert screen.phase == "done"
    return wrong


def test_tibet_5_no_twice_reads_not_it_then_the_solution(app: App) -> None:
    screen = open_lesson_step(app, "kids_tibet_5", "is_it_a_win")
    miss_twice(app, screen)
    lines = screen._feedback_markup().split(BR)
    assert lines[0].startswith("«Нет» — не подходит.")
    assert lines[1] == "Вот правильный ответ: «Да». 345 — команда, 66 — пара."
    assert "Посмотри ещё" not in screen._feedback_markup()


def test_which_is_three_never_opens_with_yes_over_the_miss(app: App) -> None:
    screen = open_lesson_step(app, "kids_making_threes", "which_is_three")
    miss_twice(app, screen)
    lines = screen._feedback_markup().split(BR)
    assert lines[0] == "{tiles:2s3s5s} — не подходит. Между тремя и пятью пропала четвёрка."
    assert lines[1] == "Вот правильный ответ: {tiles:2s3s4s}. Палочки два, три, четыре — по порядку."


@pytest.mark.parametrize("language", ["ru", "en"])
@pytest.mark.parametrize(("lesson_id", "step_id"), kids_steps("choice"))
def test_every_kids_choice_last_miss_reads_right(tmp_path: Path, language: str, lesson_id: str,
                                                 step_id: str) -> None:
    a = make_app(tmp_path, language=language)
    try:
        screen = open_lesson_step(a, lesson_id, step_id)
        wrong = miss_twice(a, screen)
        assert screen.feedback_kind == "shown"
        shown = screen._feedback_markup()
        lines = shown.split(BR)
        label = screen.view._child_label(wrong)
        assert lines[0].startswith(label + (" — не подходит." if language == "ru" else " is not it.")), lines
        assert lines[-1].startswith("Вот правильны" if language == "ru" else "Here ")
        assert not [ln for ln in lines if PRAISE.match(ln)], lines
        assert not [n for n in NUDGES if n in shown], shown
        # the same words when the child comes back to the step
        enter(a)
        screen.previous()
        a.render()
        assert screen._feedback_markup() == shown
    finally:
        a.close()


@pytest.mark.parametrize(("lesson_id", "step_id"), kids_steps("choice"))
def test_every_kids_choice_shown_by_the_hints_has_no_praise(app: App, lesson_id: str, step_id: str) -> None:
    screen = open_lesson_step(app, lesson_id, step_id)
    for _ in range(3):
        if screen.phase == "done":
            break
        screen.hint()
    shown = screen._feedback_markup()
    assert shown.startswith("Вот правильны")
    assert not PRAISE.match(shown.split(". ", 1)[1]), shown


def test_a_childs_right_pick_keeps_its_praise(app: App) -> None:
    screen = open_lesson_step(app, "kids_tibet_5", "is_it_a_win")
    click(app, screen.view.buttons[0].rect.center)
    assert screen.feedback_kind == "right"
    assert screen._feedback_markup() == "Да! 345 — команда, 66 — пара."


def test_an_adults_last_miss_is_unchanged(tmp_path: Path) -> None:
    a = make_app(tmp_path)
    try:
        lib = a.library()
        lid, sid = next((lid, s.id) for lid in sorted(lib.lessons) if not lid.startswith("kids_")
                        for s in lib.lessons[lid].steps if s.kind == "choice" and not s.multiple)
        screen = open_lesson_step(a, lid, sid)
        miss_twice(a, screen)
        assert screen.answer_line.startswith("Верный ответ: ")
        assert "не подходит" not in screen._feedback_markup()
    finally:
        a.close()


def test_without_praise() -> None:
    from trainer.ui.views.steps.choice import without_praise

    assert without_praise("Да! 345 — команда, 66 — пара.") == "345 — команда, 66 — пара."
    assert without_praise("Да: два Востока — пара.") == "Два Востока — пара."
    assert without_praise("Ура! 678 — команда.") == "678 — команда."
    assert without_praise("Right! The red dragon.") == "The red dragon."
    assert without_praise("Дай подумать.") == "Дай подумать."  # «Да» only as a word of its own
    assert without_praise("Да!") == "Да!"  # nothing after it: kept
