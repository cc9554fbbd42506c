"""Lesson feedback a beginner can read (review round 24, group "lesson24"): several right options
told apart by their numbers, options never under the feedback panel, a plain shanten explanation
before the count is taught, the pair in the split instruction, no range after a hint that gave the
sum, and American spelling and matching box words."""

from __future__ import annotations

import os
from types import SimpleNamespace
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui_events import click, headless_app, key, open_lesson_step  # noqa: E402
from trainer.cli.wrong_answers import lesson_wrong  # noqa: E402
from trainer.lessons import answers  # noqa: E402
from trainer.ui.richtext import BR  # noqa: E402

LANG_WORDS = {
    "en": {"answers": "The right answers: **{a}** “{la}” and **{b}** “{lb}”.",
           "missed": "Not ticked, though right: options {a} and {b}.",
           "pair": "Make the pair the same way."},
    "ru": {"answers": "Верные ответы: **{a}** «{la}» и **{b}** «{lb}».",
           "missed": "Не отмечено, хотя верно: варианты {a} и {b}.",
           "pair": "Пару собирайте так же."},
}


def lang(app: Any) -> str:
    return app.settings.language


def miss_twice(app: Any, screen: Any) -> None:
    """A wrong answer, Try again, and a wrong answer once more (the answer is shown)."""
    lesson_wrong(app, screen)
    app.process([], 1.0)
    key(app, pygame.K_RETURN, "\r")
    lesson_wrong(app, screen)
    app.process([], 1.0)
    app.render()
    assert screen.phase == "done"


# ---------------------------------------------------------------- 1: several right options


def test_several_right_options_are_numbered_and_quoted(app: Any) -> None:
    screen = open_lesson_step(app, "basics_riichi", "riichi_who")
    miss_twice(app, screen)
    a, b = sorted(answers.answer(screen.step, screen.lesson).value)
    la, lb = (screen.view.text(screen.step.options[i].text) for i in (a, b))
    assert "," in la and "," in lb  # the options' own words hold commas: a plain list cannot be read
    words = LANG_WORDS[lang(app)]
    assert screen.answer_line == words["answers"].format(a=a + 1, b=b + 1, la=la, lb=lb)
    markup = screen._feedback_markup()
    assert words["missed"].format(a=a + 1, b=b + 1) in markup.split(BR)
    assert markup.count(la) == 1 and markup.count(lb) == 1  # named in full once, in the answer line


def test_tile_options_are_numbered_without_quotes(en: None) -> None:
    from trainer.ui.views.mistakes import options_named

    step = SimpleNamespace(options=[SimpleNamespace(tiles="123m", text=None, value=None),
                                    SimpleNamespace(tiles="55z", text=None, value=None),
                                    SimpleNamespace(tiles="", text="Closed hand, 900 points", value=None)])
    assert options_named(step, [0, 1], str) == "**1** {tiles:123m} and **2** {tiles:55z}"
    assert options_named(step, [2], str) == "Closed hand, 900 points"  # one option: its words alone
    assert options_named(step, [1, 2], str) == "**2** {tiles:55z} and **3** “Closed hand, 900 points”"


# ---------------------------------------------------------------- 2: options never under the panel

PANEL_CASES = [("basics_riichi", "riichi_tsumo_yaku"), ("basics_kan", "rinshan_yaku"),
               ("basics_dora", "ura_with_riichi")]


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
@pytest.mark.parametrize(("lesson_id", "step_id"), PANEL_CASES)
def test_the_grown_panel_never_covers_the_quiz(tmp_path, monkeypatch, size, lesson_id, step_id) -> None:
    with headless_app(tmp_path, monkeypatch, size=size) as app:
        screen = open_lesson_step(app, lesson_id, step_id)
        miss_twice(app, screen)
        panel = screen.feedback_rect
        shown = [w for w in screen.widgets[screen._view_start:] if w.visible and w.rect.height]
        low = max(shown, key=lambda w: w.rect.bottom)
        assert low.rect.bottom <= panel.top, (type(low).__name__, low.rect, panel)


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_five_options_take_more_columns_and_the_panel_keeps_two_lines(tmp_path, monkeypatch, size) -> None:
    with headless_app(tmp_path, monkeypatch, size=size) as app:
        screen = open_lesson_step(app, "basics_riichi", "riichi_tsumo_yaku")
        miss_twice(app, screen)
        rows = {b.rect.top for b in screen.view.buttons}
        assert len(rows) == 2  # five short options in three columns, not three rows of two
        L = app.layout
        two_lines = app.line_height(L.font("large")) + 2 * app.line_height(L.font("body"))
        assert screen.feedback_rect.height >= two_lines
        assert max(b.rect.bottom for b in screen.view.buttons) <= screen.feedback_rect.top


# ---------------------------------------------------------------- 4: shanten before the count is taught


def test_the_complete_hand_lesson_explains_shanten_without_the_count(app: Any) -> None:
    screen = open_lesson_step(app, "basics_winning_shape", "shanten_minus_one")
    miss_twice(app, screen)
    text = screen.feedback_text
    assert "2 ×" not in text  # the count (sets to make, partial sets, the pair) comes in a later lesson
    assert "{term:chiitoitsu}" in text and "−1" in text  # the seven-pairs reason stays
    assert not screen.count_taught()


def test_the_count_stays_once_it_is_taught(app: Any) -> None:
    screen = open_lesson_step(app, "skill_shanten_blocks", "count_two_kanchan")
    miss_twice(app, screen)
    assert screen.count_taught() and "2 × 2" in screen.feedback_text


def test_the_shanten_prompt_is_plain_english(en: None) -> None:
    from trainer.lessons.loader import load_all

    step = next(s for s in load_all(engine_checks=False).lessons["basics_winning_shape"].steps
                if s.id == "shanten_minus_one")
    prompt = " ".join(step.prompt.en.split())
    assert prompt.startswith("The app shows how far a hand is from complete as a number: its {term:shanten}.")


# ---------------------------------------------------------------- 5: the pair in the split instruction


def test_the_split_instruction_says_how_the_pair_is_made(app: Any) -> None:
    screen = open_lesson_step(app, "basics_sets", screen_step(app, "basics_sets"))
    assert LANG_WORDS[lang(app)]["pair"] in screen.view.how.text
    before = len(screen.view.groups)
    for i in (0, 1):  # the pair: its two tiles picked, then the same button
        click(app, screen.view.row.rects[i].center)
    click(app, screen.view.make_btn.rect.center)
    assert len(screen.view.groups) == before + 1 and len(screen.view.groups[-1]) == 2


def screen_step(app: Any, lesson_id: str) -> str:
    """The id of the lesson's first "split the hand" step of sets and a pair."""
    return next(s.id for s in app.library().lessons[lesson_id].steps
                if s.kind == "arrange" and s.ask == "split")


def test_a_split_of_sets_alone_says_nothing_of_a_pair() -> None:
    from trainer.ui.views.steps.arrange import ArrangeView

    assert ArrangeView.split_has_pair(SimpleNamespace(step=SimpleNamespace(hand="11123m")))
    assert not ArrangeView.split_has_pair(SimpleNamespace(step=SimpleNamespace(hand="123456m")))


# ---------------------------------------------------------------- 6: no range after the sum


def test_no_range_after_a_hint_that_gave_the_parts(app: Any) -> None:
    screen = open_lesson_step(app, "basics_yakuhai", "dealer_han")
    click(app, screen.hint_btn.rect.center)
    click(app, screen.hint_btn.rect.center)
    assert screen.hint_level == 2
    own = screen.view.text(screen.step.hints[1])
    assert screen.feedback_text == own  # "2 han. Plus 1 han for 中中中", never "between 3 and 5" after it


# ---------------------------------------------------------------- 7: words


def test_the_hint_says_neighbors(en: None) -> None:
    from trainer.ui.views.steps.marks import look_at_marks

    assert "neighbors" in look_at_marks(False) and "neighbours" not in look_at_marks(False)


def test_the_sort_prompt_names_the_boxes_as_they_are_labelled(app: Any) -> None:
    screen = open_lesson_step(app, "basics_tiles", "sort_families")
    prompt = screen.view.text(screen.step.prompt).lower()
    for box in screen.step.boxes:
        assert screen.view.text(box.label).lower() in prompt
