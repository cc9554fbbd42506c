"""Children's lessons after review 19 (child #1, #2, #6, #7, #10, #14): a child's wrong pick drops
back (never red, never ticked), the engine's working in the children's words, the hint marks on the
tiles of the waiting shape, a split hand drawn as tile groups, and a sort step's own short hint.
Adults keep what they had."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui_events import click, key, lesson_app, open_lesson_step  # noqa: E402
from trainer import i18n  # noqa: E402
from trainer.lessons import answers  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.theme import PALETTE as P  # noqa: E402


@pytest.fixture()
def lang():  # noqa: ANN201
    before = i18n.current_language()
    yield i18n.set_language
    i18n.set_language(before)


def make_app(tmp_path: Path, language: str = "ru", size: tuple[int, int] = (1280, 720)) -> App:
    return lesson_app(tmp_path, language=language, size=size)


@pytest.fixture()
def app(tmp_path: Path):  # noqa: ANN201
    a = make_app(tmp_path)
    yield a
    a.close()


open_step = open_lesson_step


def pick(app: App, row, i: int) -> None:  # noqa: ANN001
    click(app, row._draw_rect(i).center)


def enter(app: App) -> None:
    key(app, pygame.K_RETURN, "\r")


# ---------------------------------------------------------------- #1: a child's "find all ..." step


def test_childs_wrong_pick_drops_back_and_the_right_tiles_then_count_as_a_second_try(app: App) -> None:
    screen = open_step(app, "kids_tile_families", "tap_dots")
    row = screen.view.picker
    ans = answers.answer(screen.step, screen.lesson).value
    wrong = next(i for i, s in enumerate(row.slots) if s.tile.kind not in ans)
    pick(app, row, wrong)
    enter(app)
    assert screen.phase == "retry" and screen.feedback_kind == "retry"
    assert wrong not in row.selected and wrong in row.dim and "wrong" not in row.marks.values()
    for i, s in enumerate(row.slots):
        if s.tile.kind in ans:
            pick(app, row, i)
    assert row.dim == set()  # the retry starts on the first touch: the grey goes
    enter(app)
    assert screen.feedback_kind == "right" and screen.results[screen.index] == "retry"
    assert screen.answer_line == ""


def test_childs_last_miss_names_the_tile_that_did_not_belong_and_the_answer_once(app: App) -> None:
    screen = open_step(app, "kids_tile_families", "tap_dots")
    row = screen.view.picker
    ans = answers.answer(screen.step, screen.lesson).value
    sticks = next(i for i, s in enumerate(row.slots) if s.tile.suit_letter == "s")
    pick(app, row, sticks)
    enter(app)
    enter(app)  # try again
    pick(app, row, sticks)
    enter(app)
    assert screen.feedback_kind == "shown" and screen.results[screen.index] == "wrong"
    tile = "{tiles:" + str(row.slots[sticks].tile) + "}"
    assert f"{tile} — это палочки, а не кружки." in screen.feedback_text
    shown = screen._feedback_markup()
    answer = "{tiles:" + answers.answer(screen.step, screen.lesson).display + "}"
    assert shown.count(answer) == 1 and "Ответ" not in shown
    assert "wrong" not in row.marks.values()
    assert {row.slots[i].tile.kind for i, m in row.marks.items() if m in ("hint", "right")} == set(ans)


@pytest.mark.parametrize(("lesson_id", "step_id", "line"), [
    ("kids_winds_dragons", "tap_dragons", "— это ветер, а не дракон."),
    ("kids_tile_families", "tap_pictures", "есть число: это "),
    ("kids_making_threes", "third_same", "не получится ни лесенки, ни тройняшек."),
    ("kids_tibet_5", "wins_2377", "победу не принесёт."),
])
def test_childs_last_miss_in_every_pick_step_says_it_in_the_childrens_words(app: App, lesson_id: str,
                                                                            step_id: str, line: str) -> None:
    screen = open_step(app, lesson_id, step_id)
    row = screen.view.picker
    ans = answers.answer(screen.step, screen.lesson).value
    wrong = [i for i, s in enumerate(row.slots) if s.tile.kind not in ans]
    if lesson_id == "kids_winds_dragons":
        wrong = [i for i in wrong if row.slots[i].tile.kind >= 27]  # a wind among the dragons
    pick(app, row, wrong[0])
    enter(app)
    enter(app)
    pick(app, row, wrong[0])
    enter(app)
    assert screen.feedback_kind == "shown"
    assert line in screen.feedback_text
    assert "Ответ" not in screen._feedback_markup()


def test_adults_pick_keeps_its_wrong_pick_marked(tmp_path: Path) -> None:
    a = make_app(tmp_path)
    screen = open_step(a, "basics_sets", "finish_45p")
    row = screen.view.picker
    ans = answers.answer(screen.step, screen.lesson).value
    wrong = next(i for i, s in enumerate(row.slots) if s.tile.kind not in ans)
    pick(a, row, wrong)
    enter(a)
    assert row.marks.get(wrong) == "wrong" and wrong in row.selected and not row.dim
    a.close()


# ---------------------------------------------------------------- #2: the engine's working for children


@pytest.mark.parametrize(("lesson_id", "step_id", "want", "never"), [
    ("kids_tibet_5", "count_5567", "Победу принесёт любая из этих плиток: {tiles:5p8p}.",
     ("{term:", "рянмен", "осталось")),
    ("kids_tibet_11", "find_lonely", "Отдай {tiles:1p} — и победу принесёт любая из плиток {tiles:25s}.",
     ("Сбросьте", "улучшат", "всего")),
    ("kids_making_threes", "finish_row", "Добавь {tiles:2p} — и получится лесенка.",
     ("последовательност", "образует")),
    ("kids_making_threes", "third_same", "Добавь {tiles:7p} — и получатся тройняшки.", ("тройку", "образует")),
])
def test_childrens_right_answer_speaks_the_lessons_words(app: App, lesson_id: str, step_id: str, want: str,
                                                        never: tuple[str, ...]) -> None:
    screen = open_step(app, lesson_id, step_id)
    ans = answers.answer(screen.step, screen.lesson)
    if screen.step.kind == "number":
        for ch in str(ans.value):
            key(app, pygame.K_0 + int(ch), ch)
    else:
        row = screen.view.picker
        seen: set[int] = set()
        for i, s in enumerate(row.slots):
            if s.tile.kind in ans.value and s.tile.kind not in seen:
                seen.add(s.tile.kind)
                pick(app, row, i)
                if screen.step.ask == "discard":
                    break
    enter(app)
    assert screen.feedback_kind == "right"
    assert want in screen.feedback_text
    assert not [w for w in never if w in screen.feedback_text]


def test_adult_working_is_unchanged(lang) -> None:
    from trainer.ui.views.explain import explain, for_child

    lang("ru")
    items = ({"kind": "wait", "tile": "5p", "shapes": ["ryanmen", "tanki"], "left": 2},
             {"kind": "named_wait", "id": "aryanmen", "tiles": "5567p", "waits": "58p"},
             {"kind": "discard", "tile": "1p", "best": True, "shanten": 0, "ukeire": "25s", "total": 6})
    adult = explain(items)
    assert "{term:ryanmen}" in adult and "{term:aryanmen}" in adult and "Сбросьте" in adult
    kids = explain(for_child(items))
    assert "{term:" not in kids and "Сбросьте" not in kids and "Отдай {tiles:1p}" in kids
    lang("en")
    assert explain(for_child(items)).startswith("{tiles:5p} will win.")


# ---------------------------------------------------------------- #6: the hint marks the waiting shape


def test_hint_marks_the_lone_tiles_of_the_waiting_shape_and_speaks_to_the_child(app: App) -> None:
    screen = open_step(app, "kids_say_riichi", "ready_one")
    assert screen.step.hand == "123m456p789s22s46p"
    key(app, pygame.K_h, "h")
    row = screen.view.hand_row
    assert sorted(row.marks) == [len(row.slots) - 2, len(row.slots) - 1]  # the 4p 6p at the right end
    assert "Посмотри на выделенные плитки: какой плитки им не хватает?" in screen.feedback_text
    assert "рука ждёт" not in screen.feedback_text and "Посмотрите" not in screen.feedback_text


def test_adult_hint_sentence_is_unchanged(lang) -> None:
    from trainer.ui.views.steps.marks import look_at_marks

    lang("ru")
    assert look_at_marks(False) == "Посмотрите на выделенные плитки: рука ждёт какие-то из них или их соседей."
    lang("en")
    assert look_at_marks(True) == "Look at the highlighted tiles: which tile do they need?"


# ---------------------------------------------------------------- #7: a split hand as tile groups


def split_right(app: App, screen) -> None:  # noqa: ANN001
    from trainer.engine.decompose import readings
    from trainer.engine.notation import parse_hand

    view = screen.view
    reading = readings(parse_hand(screen.step.hand, check_size=False))[0]
    for g in reading.groups:
        sel: set[int] = set()
        for k in g.kinds():
            sel.add(next(i for i, s in enumerate(view.row.slots) if s.tile.kind == k and i not in sel))
        view.row.selected = sel
        view._make_group()
    app.render()
    enter(app)


def test_split_praise_draws_tile_groups_for_children_and_adults(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    import trainer.ui.views.steps.arrange as arrange

    a = make_app(tmp_path)
    screen = open_step(a, "kids_making_threes", "split_threes")
    assert "«Эти вместе!»" in screen.view.how.text and "„" not in screen.view.how.text
    split_right(a, screen)
    assert screen.feedback_kind == "right"
    assert screen.feedback_text == "Команды: {tiles:234p} · {tiles:777s}, пара: {tiles:55p}."
    # The empty row leaves no dark pill behind.
    panels: list[pygame.Rect] = []
    real = arrange.draw_panel
    monkeypatch.setattr(arrange, "draw_panel", lambda surf, r, *args, **kw: (panels.append(r), real(surf, r, *args,
                                                                                                     **kw))[1])
    a.render()
    row = screen.view.row
    assert not row.slots and row.rect.inflate(a.layout.px(36), a.layout.px(30)) not in panels
    a.close()
    b = make_app(tmp_path)
    screen = open_step(b, "basics_sets", "split_8")
    assert "«Собрать сет»" in screen.view.how.text
    split_right(b, screen)
    assert screen.feedback_text.startswith("Верное разделение: {tiles:456p} · {tiles:456p} · {tiles:33p}")
    assert "Верное разделение: 456p" not in screen.feedback_text
    b.close()


def test_split_answer_after_misses_is_drawn_as_tiles(lang) -> None:
    from trainer.ui.views.explain import reading_markup

    assert reading_markup("234p 777s 55p") == "{tiles:234p} · {tiles:777s} · {tiles:55p}"
    assert reading_markup({"kind": "reading", "reading": "123m (456p) 11z",
                           "groups": [{"set": "run", "tiles": "123m"}, {"set": "run", "tiles": "(456p)"},
                                      {"set": "pair", "tiles": "11z"}]}) == \
        "{tiles:123m} · {tiles:(456p)} · {tiles:11z}"


# ---------------------------------------------------------------- #10: no red and no tick on a child's miss


def test_childs_wrong_option_loses_its_tick(app: App) -> None:
    screen = open_step(app, "kids_find_the_pair", "which_are_pairs")
    ans = answers.answer(screen.step, screen.lesson).value
    wrong = next(b for b in screen.view.buttons if b.index not in ans)
    click(app, wrong.rect.center)
    enter(app)
    assert screen.feedback_kind == "retry"
    assert not wrong.selected and wrong.mark is None
    assert screen.extra_explain  # the option's own words still explain the miss


def test_childs_number_box_is_never_red(app: App) -> None:
    screen = open_step(app, "kids_tibet_5", "count_5567")
    key(app, pygame.K_7, "7")
    enter(app)
    field = screen.view.field
    assert field.state == "soft"
    surf = app.render()
    edge = tuple(surf.get_at((field.rect.centerx, field.rect.top + 1))[:3])
    assert edge != tuple(P.wrong[:3])
    key(app, pygame.K_2, "2")  # the retry: the box takes digits again
    assert field.text == "2"


def test_childs_drill_marks_no_tile_red(app: App) -> None:
    lesson = app.library().lessons["kids_tibet_5"]
    index = next(i for i, s in enumerate(lesson.steps) if s.id == "drill_waits")
    app.push("lesson", lesson_id="kids_tibet_5", step=index)
    app.process([], 1 / 60)
    app.render()
    enter(app)
    drill = app.stack[-1]
    view = drill.view
    assert drill.kids and view.picker is not None
    wrong = [i for i, s in enumerate(view.picker.slots) if not view.tile_ok(s.tile.kind)]
    click(app, view.picker.rects[wrong[0]].center)
    enter(app)
    assert drill.phase == "retry" and "wrong" not in view.picker.marks.values()
    assert wrong[0] not in view.picker.selected
    click(app, view.picker.rects[wrong[1]].center)
    enter(app)
    assert drill.phase == "done" and "wrong" not in view.picker.marks.values()


# ---------------------------------------------------------------- #14: a child's sort hint


def test_childs_sort_hint_is_the_lessons_own_line(app: App) -> None:
    screen = open_step(app, "kids_winds_dragons", "winds_in_order")
    key(app, pygame.K_h, "h")  # the first rung points the way, it does not give the order away
    assert screen.feedback_text == "Найди сначала Восток: он всегда первый."
    assert "Юг" not in screen.feedback_text and "Запад" not in screen.feedback_text
    key(app, pygame.K_h, "h")  # the lesson's own second line: the order, never all four families
    assert screen.feedback_text.endswith("Восток, Юг, Запад, Север.")
    assert "иероглифы" not in screen.feedback_text and "кружки" not in screen.feedback_text


def test_adults_sort_hint_keeps_the_order_line(tmp_path: Path) -> None:
    a = make_app(tmp_path)
    screen = open_step(a, "basics_tiles", "sort_hand")
    key(a, pygame.K_h, "h")
    assert "ман, пин, со" in screen.feedback_text
    a.close()


def test_childs_second_hint_makes_wrong_options_pale_not_red(app: App) -> None:
    """The second hint rules out some wrong options; for a child they grow pale (mark "faded"),
    never red or crossed, and the hint says so in a child's words."""
    screen = open_step(app, "kids_find_the_pair", "which_are_pairs")
    text = screen.view.hint(2)
    marked = [b for b in screen.view.buttons if b.mark is not None]
    assert marked and all(b.mark == "faded" and b.locked for b in marked)
    assert "бледн" in text
    surf = app.render()
    b = marked[0]
    assert tuple(surf.get_at((b.rect.centerx, b.rect.top + 1))[:3]) != tuple(P.wrong[:3])


def test_a_childs_choice_step_shown_by_the_hints_says_something(app: App) -> None:
    """The hints' last rung shows a child's answer with words (the right option's own praise or
    «Вот правильный ответ»), never an empty panel (review 19, verify2 #1)."""
    screen = open_step(app, "kids_find_the_pair", "which_are_pairs")
    for _ in range(4):
        if screen.phase == "done":
            break
        key(app, pygame.K_h, "h")
    assert screen.phase == "done"
    assert (screen.answer_line or "").strip() or (screen.feedback_text or "").strip()
