"""The children's presentation (curriculum §1.4) headless: big tile option buttons, children's
drills that praise and never fail, big tiles in children's lessons, negative numbers in drill
answer boxes, and the named compound wait shape in show steps.  Synthetic events; state and
pixels are checked."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui_events import click, key, lesson_app, open_lesson_step  # noqa: E402
from trainer.engine.exercises import GENERATORS  # noqa: E402
from trainer.lessons import answers  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.theme import PALETTE as P  # noqa: E402
from trainer.ui.views.exercise_labels import KIDS_PRAISE, kids_tile_name  # noqa: E402


def make_app(tmp_path: Path, size: tuple[int, int] = (1280, 720), language: str = "en") -> App:
    """An app with the children's tile theme."""
    return lesson_app(tmp_path, language=language, size=size, tile_theme="kids")


@pytest.fixture()
def app(tmp_path: Path):  # noqa: ANN201
    a = make_app(tmp_path)
    yield a
    a.close()


open_step = open_lesson_step


def non_card_pixels(surf: pygame.Surface, rect: pygame.Rect) -> int:
    """How many sampled pixels inside ``rect`` differ clearly from the paper of a card (tile art)."""
    n = 0
    for x in range(rect.left + 4, rect.right - 4, 3):
        for y in range(rect.top + 4, rect.bottom - 4, 3):
            c = surf.get_at((x, y))
            if sum(abs(a - b) for a, b in zip(c[:3], P.card[:3], strict=True)) > 90:
                n += 1
    return n


# ---------------------------------------------------------------- K1: big tile options


def test_tile_options_are_big_tiles_in_a_row_and_digits_choose(app: App) -> None:
    screen = open_step(app, "kids_character_numbers", "where_is_eight")
    view = screen.view
    buttons = view.buttons
    assert len(buttons) == 4 and all(b.big for b in buttons)
    # One row, side by side, from left to right.
    assert len({b.rect.top for b in buttons}) == 1
    assert all(a.rect.right < b.rect.left for a, b in zip(buttons, buttons[1:], strict=False))
    # The tiles are at least as tall as the lesson's hand tiles (they were ~48 px in a wide bar).
    hand = view.th()
    for b in buttons:
        assert b._row is not None and b._row.height >= hand
        assert b.rect.height >= b._row.height
        assert b.rect.width < app.layout.width // 3
    # Pixels: the middle of every button shows tile art, not plain paper.
    surf = app.render()
    for b in buttons:
        inner = b._row.rect.inflate(-b._row.rect.width // 4, -b._row.rect.height // 4)
        assert non_card_pixels(surf, inner) > 10
    # A digit still chooses: 8 is the second option, checked at once (single choice).
    key(app, pygame.K_2, "2")
    assert buttons[1].selected and buttons[1].mark == "right"
    assert screen.results[screen.index] == "right"


def test_text_options_in_a_childrens_lesson_are_big_buttons_too(app: App) -> None:
    screen = open_step(app, "kids_character_numbers", "what_is_five")
    buttons = screen.view.buttons
    assert all(b.big for b in buttons) and len({b.rect.top for b in buttons}) == 1
    assert all(b.big_font == "hero" for b in buttons)  # "4", "5", "6": one big size for the row
    key(app, pygame.K_1, "1")  # 4 is wrong: one gentle retry
    assert screen.phase == "retry" and screen.feedback_kind == "retry"


def test_adult_tile_only_options_become_big_tiles(tmp_path: Path) -> None:
    a = make_app(tmp_path, (1024, 600))
    screen = open_step(a, "basics_calls", "kuikae_pick")
    buttons = screen.view.buttons
    assert all(b.big for b in buttons)
    assert all(b._row.height >= a.layout.tile_h(1.0) for b in buttons)
    assert max(b.rect.bottom for b in buttons) < screen.main_btn.rect.top
    a.close()


# ---------------------------------------------------------------- K3: children's drills


def kids_drill(app: App, params: dict, seed: int = 5, on_done=None):  # noqa: ANN001, ANN201
    app.push("drill", generator="tile_name", params=params, n=3, seed=seed, on_done=on_done)
    app.process([], 1 / 60)
    app.render()
    return app.stack[-1]


def test_kids_drill_is_friendly_praises_and_never_fails(app: App) -> None:
    done: list[tuple[int, int]] = []
    screen = kids_drill(app, {"ask": "name", "direction": "to_tile", "pool": "honors", "options": 3, "kids": True},
                        on_done=lambda r, t: done.append((r, t)))
    assert screen.kids
    assert screen.title() == "Guess the tile!"
    assert "right" not in screen.header_extra() and "Puzzle 1 of 3" == screen.header_extra()
    view = screen.view
    prompt = view.prompt.text
    name = str(dict(view.ex.prompt.data)["name"])
    assert prompt == f"Find: {kids_tile_name(name)}!"
    assert "{term:" not in prompt and "(" not in prompt  # no kanji or romaji for a child
    assert all(b.big for b in view.buttons)
    opts = view.ex.prompt.options
    wrong = next(i for i, o in enumerate(opts) if o.value not in view.ex.answer)
    right = next(i for i, o in enumerate(opts) if o.value in view.ex.answer)
    key(app, pygame.K_1 + wrong, str(wrong + 1))
    assert screen.phase == "retry"
    bg, edge, head = screen.feedback_style(screen.feedback_kind)
    assert edge == P.hint and head == "Let's try once more!"
    assert view.buttons[wrong].mark is None  # no red on a child's miss
    surf = app.render()
    fb = screen.feedback_rect
    border = surf.get_at((fb.centerx, fb.bottom - 2))[:3]
    assert sum(abs(a - b) for a, b in zip(border, P.wrong[:3], strict=True)) > 60
    key(app, pygame.K_1 + right, str(right + 1))  # touching the answer again starts the retry
    assert screen.phase == "done" and screen.feedback_kind == "right"
    assert screen.feedback_style("right")[2] in KIDS_PRAISE
    assert screen.feedback_text == ""  # praise, not the engine's working
    # Miss the next two completely: still praise at the end, no "keep practising".
    for _i in range(2):
        key(app, pygame.K_RETURN, "\r")
        v = screen.view
        w = next(i for i, o in enumerate(v.ex.prompt.options) if o.value not in v.ex.answer)
        key(app, pygame.K_1 + w, str(w + 1))
        key(app, pygame.K_1 + w, str(w + 1))
        assert screen.feedback_kind == "wrong"
        assert screen.feedback_style("wrong")[1] == P.hint
    key(app, pygame.K_RETURN, "\r")
    assert screen.finished and done == [(0, 3)]
    assert screen.header_extra() == "All done!"
    surf = app.render()
    assert surf.get_at((screen.main_btn.rect.centerx, screen.main_btn.rect.centery))  # drawn


def test_kids_family_options_use_the_childrens_words(tmp_path: Path) -> None:
    a = make_app(tmp_path, language="ru")
    screen = kids_drill(a, {"ask": "family", "pool": "all", "options": 4, "kids": True})
    assert screen.title() == "Угадай плитку!"
    labels = {b.text for b in screen.view.buttons}
    assert labels == {"Кружки", "Палочки", "Цифры-иероглифы", "Ветры и драконы"}
    assert screen.view.prompt.text == "Из какой она семьи?"
    a.close()


def test_adult_drill_keeps_its_counter_and_prompt(app: App) -> None:
    screen = kids_drill(app, {"ask": "name", "direction": "to_tile", "pool": "honors", "options": 3})
    assert not screen.kids
    assert "right" in screen.header_extra()
    assert screen.view.prompt.text.startswith("Find the tile:")


def test_childrens_lesson_drill_step_has_no_pass_mark_and_counts_as_done(app: App) -> None:
    screen = open_step(app, "kids_tile_families", "drill_families")
    view = screen.view
    assert view.kids and view.blurb == ""
    assert view.title == "Guess the tile!" and view.main_label == "Let's play!"
    screen.drill_done(screen.index, 1, 6)  # one of six: a child is never failed
    assert screen.results[screen.index] == "right"
    screen.drill_results.clear()
    screen.go(screen.index)  # fresh step: Enter starts the drill
    key(app, pygame.K_RETURN, "\r")
    drill = app.stack[-1]
    assert drill is not screen
    assert drill.kids and drill.title() == "Guess the tile!"


# ---------------------------------------------------------------- K5: big tiles in children's lessons


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_childrens_rows_grow_into_free_space(tmp_path: Path, size: tuple[int, int]) -> None:
    a = make_app(tmp_path, size)
    screen = open_step(a, "kids_sorting", a.library().lessons["kids_sorting"].steps[1].id)
    row = screen.view.row
    base = a.layout.tile_h(1.25)  # what a children's step had before
    assert row.height > base * 1.2
    assert row.rect.right <= a.layout.width and row.rect.bottom < screen.main_btn.rect.top
    screen = open_step(a, "kids_tile_families", "tap_dots")
    picker = screen.view.picker
    assert picker.height > base * 1.2 and picker.rect.right <= a.layout.width
    a.close()


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_split_step_speaks_a_childs_words(tmp_path: Path, size: tuple[int, int]) -> None:
    a = make_app(tmp_path, size, language="ru")
    screen = open_step(a, "kids_making_threes", "split_threes")
    view = screen.view
    assert view.make_btn.label == "Эти вместе!"
    assert view.row.height > a.layout.tile_h(1.25)
    # Make the 234p run with G: the set is drawn below, the row shrinks.
    for i, s in enumerate(view.row.slots):
        if str(s.tile) in ("2p", "3p", "4p") and not any(str(view.row.slots[j].tile) == str(s.tile)
                                                          for j in view.row.selected):
            view.row.toggle(i)
    key(a, pygame.K_g, "g")
    assert [str(t) for t in view.groups[0]] == ["2p", "3p", "4p"] and len(view.row.slots) == 5
    # The sets made are drawn below the buttons and above the bottom bar, not under it.
    assert view.reserved_rect.top >= view.make_btn.rect.bottom
    assert view.reserved_rect.bottom <= screen.hint_btn.rect.top
    a.close()



@pytest.mark.parametrize("language", ["ru", "en"])
@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_hint_on_a_two_box_step_keeps_the_boxes_off_the_tiles(tmp_path: Path, size: tuple[int, int],
                                                                language: str) -> None:
    """Opening the hint takes room from the step: the boxes' tiles shrink, the boxes never slide
    up over the row of tiles to sort, and they stay above the hint panel."""
    a = make_app(tmp_path, size, language=language)
    screen = open_step(a, "kids_dots_and_sticks", "dots_or_sticks")
    view = screen.view
    assert len(view.box_buttons) == 2 and screen.feedback_rect is None
    key(a, pygame.K_h, "h")
    a.process([], 1.0)
    a.render()
    assert screen.feedback_kind == "hint" and screen.feedback_rect is not None
    boxes = [b.rect for b in view.box_buttons] + view.box_rects()
    tiles = [view.row.rect, *view.row.rects]
    assert len(view.row.rects) == 7
    assert not [(b, t) for b in boxes for t in tiles if b.colliderect(t)]
    assert all(b.top >= view.row.rect.bottom and b.bottom <= screen.feedback_rect.top for b in boxes)
    # Every tile still fits in one box (a child may put them all in the same one), at a readable size.
    assert view._box_tile_h >= a.layout.tile_h(0.5)
    a.close()



@pytest.mark.parametrize(("language", "kids_line", "adult_word"), [
    ("en", "Characters first, then dots, then sticks, and winds and dragons at the very end.", "bamboo"),
    ("ru", "Сначала иероглифы, потом кружки, потом палочки, а ветры и драконы — в самом конце.", "ман, пин, со"),
])
def test_sorting_hint_speaks_the_childrens_family_words(tmp_path: Path, language: str, kids_line: str,
                                                        adult_word: str) -> None:
    """The app's own order line on a sorting step names the families as the children's lessons do
    (sticks, not bamboo); an adult lesson keeps the players' names.  A child's hint panel shows only
    the lesson's own short hint (review 19 #14): the app's line is there for a step without one."""
    a = make_app(tmp_path, language=language)
    screen = open_step(a, "kids_sorting", "two_families")
    key(a, pygame.K_h, "h")
    assert screen.feedback_kind == "hint"
    assert kids_line not in screen.feedback_text and adult_word not in screen.feedback_text
    assert screen.feedback_text == screen._hint_text(1) and "\u2028" not in screen.feedback_text
    assert kids_line in screen.view.hint(2) and adult_word not in screen.view.hint(2)
    screen = open_step(a, "basics_tiles", "sort_hand")
    key(a, pygame.K_h, "h")
    assert adult_word in screen.feedback_text and kids_line not in screen.feedback_text
    a.close()


def put_in_box(app: App, view, item: int, box: int) -> None:  # noqa: ANN001
    """Pick tile ``item`` of a box step's row with a click and drop it with the box's digit key."""
    click(app, view.row.rects[item].center)
    key(app, pygame.K_1 + box, str(box + 1))
    assert view.box_of[item] == box


@pytest.mark.parametrize(("language", "wrong_line", "count_line"), [
    ("ru", "Посмотри ещё раз на эту плитку: {tiles:1s}. Её место — в коробке «Палочки».",
     "Посчитай! Вот сколько плиток в каждой коробке: «Кружки» — 3, «Палочки» — 4."),
    ("en", "Look at this tile again: {tiles:1s}. It goes in the “Sticks” box.",
     "Count them! This many tiles go in each box: “Dots” — 3, “Sticks” — 4."),
], ids=["ru", "en"])
def test_second_hint_of_a_box_step_is_about_the_childs_boxes(tmp_path: Path, language: str, wrong_line: str,
                                                              count_line: str) -> None:
    """The second hint of a children's sorting-into-boxes step comes from the step itself, in the
    children's words: how many tiles each box gets, or the box a tile put wrongly belongs in; never
    the adults' generic 'Think about which tiles could finish each shape'."""
    a = make_app(tmp_path, language=language)
    screen = open_step(a, "kids_dots_and_sticks", "dots_or_sticks")  # tiles 1s4p7s1p9s6p2s
    view = screen.view
    key(a, pygame.K_h, "h")
    key(a, pygame.K_h, "h")
    assert screen.feedback_kind == "hint" and screen.hint_level == 2
    assert screen.feedback_text == count_line
    # The bird (1s) dropped among the dots: the next second hint names its box.
    screen = open_step(a, "kids_dots_and_sticks", "dots_or_sticks")
    view = screen.view
    put_in_box(a, view, 0, 0)
    put_in_box(a, view, 1, 0)
    key(a, pygame.K_h, "h")
    key(a, pygame.K_h, "h")
    assert screen.feedback_text == wrong_line
    for generic in ("Подумайте", "Think about which tiles", "shape", "форму"):
        assert generic not in screen.feedback_text
    a.close()


@pytest.mark.parametrize("language", ["ru", "en"])
@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_revealed_box_step_shows_every_tile_in_its_box(tmp_path: Path, size: tuple[int, int], language: str) -> None:
    """Giving up on a children's box step (the third hint) shows the right sorting, worked out by
    the grader: every tile drawn in the box it belongs in, the child's own wrong drop still in the
    box it was put in, faded, never red; and the boxes stay on screen."""
    a = make_app(tmp_path, size, language=language)
    screen = open_step(a, "kids_tile_families", "four_boxes")  # 2p7s4m1z5p9s8m6z
    view = screen.view
    put_in_box(a, view, 0, 1)  # 2p among the sticks: wrong
    put_in_box(a, view, 1, 1)  # 7s: right
    for _ in range(3):
        key(a, pygame.K_h, "h")
    a.process([], 1.0)
    surf = a.render()
    assert screen.phase == "done" and screen.feedback_kind == "shown"
    # Each box, even the ones the child never used, now has tiles drawn in it, inside the window.
    for area in view.box_rects():
        assert area.bottom <= a.layout.height
        inside = area.inflate(-12, -12)
        ground = surf.get_at(inside.bottomright)[:3]  # the empty box's felt
        drawn = sum(1 for x in range(inside.left, inside.right, 3) for y in range(inside.top, inside.bottom, 3)
                    if sum(abs(p - q) for p, q in zip(surf.get_at((x, y))[:3], ground, strict=True)) > 60)
        assert drawn > 100, area
    want = answers.answer(view.step, view.lesson).value
    assert want == (0, 1, 2, 3, 0, 1, 2, 3)
    shown = {bi: view._box_items(bi) for bi in range(4)}
    for bi, items in shown.items():
        right = [i for i, mark, faded in items if not faded]
        assert sorted(right) == [i for i, w in enumerate(want) if w == bi]
        assert all(mark != "wrong" for _, mark, _ in items)  # no red for a child
    assert (0, None, True) in shown[1]  # the wrong drop stays visible, faded
    assert {i: m for i, m, _ in shown[1]}[1] == "right"
    a.close()


# ---------------------------------------------------------------- K6: negative drill answers


def test_shanten_drill_takes_minus_one(app: App) -> None:
    params = {"size": 14, "min_shanten": -1, "max_shanten": -1}
    app.push("drill", generator="shanten", params=params, n=2, seed=3)
    app.process([], 1 / 60)
    app.render()
    screen = app.stack[-1]
    view = screen.view
    assert view.ex.answer == -1
    field = view.fields[0][1]
    assert field.allow_negative
    minus = next(k for k in view.keys if k.label == "−")
    click(app, minus.rect.center)
    key(app, pygame.K_1, "1")
    assert field.text == "-1" and view.response() == (-1,)
    key(app, pygame.K_RETURN, "\r")
    assert screen.phase == "done" and screen.results == ["right"]


def test_positive_only_drills_have_no_minus_key(app: App) -> None:
    app.push("drill", generator="fu_count", params={"answer": "number"}, n=1, seed=1)
    app.process([], 1 / 60)
    view = app.stack[-1].view
    assert view.fields and not view.fields[0][1].allow_negative
    assert all(k.label != "−" for k in view.keys)


# ---------------------------------------------------------------- S3: the named compound shape


def test_show_step_names_the_compound_shape(app: App) -> None:
    lesson = app.library().lessons["skill_waits_compound"]
    step = next(s for s in lesson.steps if s.id == "kantan_show")
    facts = answers.show_facts(step, lesson)
    assert facts["shape"] == frozenset({"kanchan", "tanki"})
    assert facts["named_shape"] == ("kantan",)
    screen = open_step(app, "skill_waits_compound", "kantan_show")
    text = screen.view.facts.text
    assert "{term:kanchan}" in text and "As one shape: {term:kantan}" in text
    # The term is drawn as a clickable glossary link.
    assert "kantan" in [term for _rect, term in screen.view.facts.layout.terms]


def test_named_shape_is_computed_from_the_engine_for_other_hands(app: App) -> None:
    lesson = app.library().lessons["skill_waits_compound_long"]  # the long runs part of compound waits
    got = {s.id: answers.show_facts(s, lesson).get("named_shape") for s in lesson.steps
           if s.kind == "show" and "shape" in s.reveal}
    assert got["sanmenchan_show"] == ("sanmenchan",)
    assert got["entotsu_show"] == ("entotsu",)


def test_generators_used_here_exist() -> None:
    assert {"tile_name", "shanten", "fu_count"} <= set(GENERATORS)


def test_childrens_lesson_marks_no_miss_in_red(app: App) -> None:
    screen = open_step(app, "kids_tile_families", "tap_dots")
    picker = screen.view.picker
    wrong = next(i for i, s in enumerate(picker.slots) if s.tile.suit_letter != "p")
    click(app, picker._draw_rect(wrong).center)
    key(app, pygame.K_RETURN, "\r")
    assert screen.phase == "retry" and screen.feedback_kind == "retry"
    # The wrong pick drops back into the row, greyed, never red (review 19 #1).
    assert "wrong" not in picker.marks.values() and wrong not in picker.selected and wrong in picker.dim
    surf = app.render()
    bar_y = app.layout.header_h + app.layout.px(11)
    assert screen.results == {} or screen.results.get(screen.index) != "wrong"
    # Second miss: shown gently; the progress bar paints the step in the hint colour, not red.
    key(app, pygame.K_RETURN, "\r")
    click(app, picker._draw_rect(wrong).center)
    key(app, pygame.K_RETURN, "\r")
    assert screen.results[screen.index] == "wrong" and screen.feedback_kind == "shown"
    surf = app.render()
    n = len(screen.lesson.steps)
    area = app.layout.content()
    w = (area.width - app.layout.px(4) * (n - 1)) / n
    x = round(area.left + screen.index * (w + app.layout.px(4)) + w / 2)
    assert tuple(surf.get_at((x, bar_y))[:3]) != tuple(P.wrong[:3])


def test_thirteen_tile_shanten_drill_has_no_minus_key(app: App) -> None:
    app.push("drill", generator="shanten", params={"size": 13}, n=1, seed=2)
    app.process([], 1 / 60)
    view = app.stack[-1].view
    assert not view.fields[0][1].allow_negative and all(k.label != "−" for k in view.keys)


def test_kids_hint_is_two_friendly_nudges_then_the_answer(tmp_path: Path) -> None:
    """Two rungs that fit the tile's family (never the one question for every tile), then the answer."""
    a = make_app(tmp_path, language="ru")
    screen = kids_drill(a, {"ask": "family", "pool": "all", "options": 4, "kids": True})
    key(a, pygame.K_h, "h")
    assert screen.feedback_kind == "hint"
    first = screen.feedback_text
    assert first and first != "Посмотри внимательно: что нарисовано на плитке и сколько?"
    key(a, pygame.K_h, "h")
    assert screen.feedback_kind == "hint" and screen.feedback_text and first not in screen.feedback_text
    key(a, pygame.K_h, "h")
    assert screen.feedback_kind == "shown" and screen.phase == "done"
    assert screen.feedback_style("shown")[1] == P.hint
    a.close()


def test_a_child_names_number_tiles_by_the_kids_family_words() -> None:
    from trainer import i18n

    before = i18n.current_language()
    try:
        i18n.set_language("en")
        assert kids_tile_name("1s") == "1 stick" and kids_tile_name("0p") == "5 dots"
        # dots and sticks are counted, so their number comes first; a character's number is read
        # from its sign, never counted (五萬 shows two signs): the lessons' "the character 9" (kids2)
        assert kids_tile_name("7m") == "character 7" and kids_tile_name("1m") == "character 1"
        assert "sou" not in kids_tile_name("3s")
        i18n.set_language("ru")
        assert kids_tile_name("1s") == "1 палочка" and kids_tile_name("6p") == "6 кружков"
        assert kids_tile_name("3m") == "иероглиф 3"  # kids_sorting: «Сначала иероглифы 1, 5, 6»
    finally:
        i18n.set_language(before)


KIDS_ORDER_YAML = """\
id: kids_ui_order
title: {ru: "По порядку", en: "In order"}
track: kids
level: 1
audience: child
min_age: 6
minutes: 3
skill: sets
languages: [ru, en]
steps:
  - kind: arrange
    prompt: {ru: "Что бывает сначала?", en: "What happens first?"}
    ask: order
    cards:
      - text: {ru: "Возьми плитку.", en: "Take a tile."}
      - text: {ru: "Посмотри на неё.", en: "Look at it."}
      - text: {ru: "Положи плитку.", en: "Put a tile down."}
"""


@pytest.mark.parametrize(("language", "first", "words", "order"), [
    ("ru", "Посмотри на плитки по очереди. У тебя получится!", "Прочитай вопрос ещё раз, медленно. У тебя получится!",
     "Что бывает сначала? А что потом?"),
    ("en", "Look at the tiles one by one. You can do it!", "Read the question again, slowly. You can do it!",
     "What comes first? And what comes next?"),
], ids=["ru", "en"])
def test_a_childs_step_without_its_own_hint_gets_a_childs_hint(tmp_path: Path, language: str, first: str,
                                                               words: str, order: str) -> None:
    """A children's step with no hint of its own falls back to a line in a child's words («ты», no
    jargon), never the adults' «Перечитайте вопрос…» or 'Think about which tiles could finish each
    shape'; the second fallback fits the step (cards put in order here, not shapes)."""
    from trainer.lessons.loader import LessonLibrary, load_text

    a = make_app(tmp_path, language=language)
    screen = open_step(a, "kids_find_the_pair", "twin_of_1s")  # a step with no hints
    assert not screen.step.hints
    key(a, pygame.K_h, "h")
    assert screen.feedback_kind == "hint" and screen.hint_level == 1
    assert screen.feedback_text == first
    # A wrong first answer shows the same first hint.
    screen = open_step(a, "kids_find_the_pair", "twin_of_1s")
    right = next(iter(answers.answer(screen.step, screen.lesson).value))
    wrong = next(i for i in range(len(screen.step.options)) if i != right)
    key(a, pygame.K_1 + wrong, str(wrong + 1))
    assert screen.phase == "retry" and screen.feedback_text == first
    loaded = load_text(KIDS_ORDER_YAML, "lessons/kids/kids_ui_order.yaml")
    assert not loaded.problems
    lesson = loaded.lesson
    a.set_library(LessonLibrary(lessons={lesson.id: lesson}))
    screen = open_step(a, lesson.id, lesson.steps[0].id)
    key(a, pygame.K_h, "h")
    assert screen.feedback_text == words  # cards in words, no tiles to look at
    key(a, pygame.K_h, "h")
    assert screen.feedback_kind == "hint" and screen.hint_level == 2
    assert screen.feedback_text == order
    a.close()


@pytest.mark.parametrize("language", ["ru", "en"])
def test_enter_on_a_step_with_several_answers_does_not_spend_a_try(tmp_path: Path, language: str) -> None:
    """Kid review 20: on «Найди все пары!» Enter before choosing ticked the focused card, checked it as the
    whole answer and recorded a miss; and the notice spoke to a grown-up («Сначала выберите…»)."""
    a = make_app(tmp_path, language=language)
    try:
        screen = open_step(a, "kids_find_the_pair", "which_are_pairs")
        assert screen.step.multiple
        key(a, pygame.K_RETURN, "\r")
        assert screen.attempts == 0 and screen.phase == "answer"
        text = a.banners[-1].text
        assert text == ("Сначала ответь, а потом нажми «Проверить»." if language == "ru"
                        else "Answer first, then press “Check”."), text
    finally:
        a.close()


def test_going_back_to_a_childs_missed_step_says_again_why(tmp_path: Path) -> None:
    """Kid review 20: back on a missed children's choice step, the option's own words (why the
    child's pick was not it) were gone; only the right option's praise stayed."""
    a = make_app(tmp_path, language="ru")
    try:
        screen = open_step(a, "kids_find_the_pair", "twin_of_3s")
        right = next(iter(answers.answer(screen.step, screen.lesson).value))
        wrong = next(i for i in range(len(screen.step.options)) if i != right)
        for _ in range(2):
            key(a, pygame.K_1 + wrong, str(wrong + 1))
            if screen.phase == "retry":
                key(a, pygame.K_RETURN, "\r")
        assert screen.phase == "done"
        said = screen._feedback_markup()
        key(a, pygame.K_RETURN, "\r")
        screen.previous()
        a.render()
        assert screen._feedback_markup() == said, (screen._feedback_markup(), said)
    finally:
        a.close()


def test_a_childs_number_box_speaks_to_the_child(tmp_path: Path) -> None:
    """Kid review 20: the children's number box said «Введите число» (the adults' «Вы»)."""
    a = make_app(tmp_path, language="ru")
    try:
        screen = open_step(a, "kids_tibet_5", "count_5567")
        assert screen.view.field.placeholder == "Напиши число"
    finally:
        a.close()
