"""Children's lesson steps after the kids review of round 22: a counting step's last miss says the
answer in a child's words; the pick hint says "one right tile" in words; a question with two answers
is never solved by its second hint (nothing fades, a hint to think instead), while three or more
options still fade; the Tibet game is a glossary term the children's lessons link."""

from __future__ import annotations

import os
import re
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402
import yaml  # noqa: E402

from tests.ui_events import click, key, lesson_app, open_lesson_step  # noqa: E402
from trainer.glossary import load_glossary  # noqa: E402
from trainer.i18n import set_language  # noqa: E402
from trainer.ui.app import App  # noqa: E402

KIDS = Path(__file__).resolve().parent.parent / "lessons" / "kids"


@pytest.fixture(params=["ru", "en"])
def app(request: pytest.FixtureRequest, tmp_path: Path):  # noqa: ANN201
    a = lesson_app(tmp_path, language=request.param)
    yield a
    a.close()


def type_digit(app: App, digit: str) -> None:
    key(app, getattr(pygame, f"K_{digit}"), digit)


def enter(app: App) -> None:
    key(app, pygame.K_RETURN, "\r")


def hint(app: App) -> None:
    key(app, pygame.K_h, "h")


def lang(app: App) -> str:
    return app.settings.language


# ---------------------------------------------------------------- 1: a counting step's last miss


def test_a_childs_last_miss_on_a_counting_step_hears_the_number_in_a_childs_words(app: App) -> None:
    screen = open_lesson_step(app, "kids_tibet_5", "count_5567")
    for _try in range(2):
        type_digit(app, "7")
        enter(app)
        if screen.phase == "retry":
            enter(app)  # try again
    assert screen.phase == "done"
    want = {"ru": "Правильно будет 2.", "en": "The right number is 2."}[lang(app)]
    assert screen.answer_line == want
    assert not screen.answer_line.startswith(("Ответ", "The answer"))
    assert "{tiles:5p8p}" in screen.feedback_text  # the children's working still shows the tiles


def test_an_adults_last_miss_keeps_the_adults_answer_line(app: App) -> None:
    screen = open_lesson_step(app, "basics_yakuhai", "guest_han")
    for _try in range(2):
        type_digit(app, "7")
        enter(app)
        if screen.phase == "retry":
            enter(app)
    assert screen.answer_line == {"ru": "Ответ: 1.", "en": "The answer is 1."}[lang(app)]


def test_the_number_hint_range_never_starts_below_the_least_possible_answer(app: App) -> None:
    # 1 han, shifted by 2: it read «Ответ — от -1 до 1.»; a won hand has at least one han.
    screen = open_lesson_step(app, "basics_yakuhai", "guest_han")
    click(app, screen.hint_btn.rect.center)  # H would go into the number box: the button
    click(app, screen.hint_btn.rect.center)
    assert screen.feedback_text.endswith({"ru": "Ответ — от 1 до 3.", "en": "The answer is between 1 and 3."}[lang(app)])


# ---------------------------------------------------------------- 2: one right tile, said in words


def test_the_pick_hint_says_one_right_tile_in_words(app: App) -> None:
    screen = open_lesson_step(app, "kids_tibet_5", "wins_1355")
    hint(app)
    hint(app)
    one = {"ru": "Здесь одна верная плитка.", "en": "There is one right tile."}[lang(app)]
    assert screen.feedback_text.endswith(one)
    assert not re.search(r"\b1\b", screen.feedback_text.split("\u2028")[-1])


@pytest.mark.parametrize(("n", "by_rank", "ru", "en"), [
    (1, False, "Здесь одна верная плитка.", "There is one right tile."),
    (2, False, "Здесь 2 верные плитки.", "There are 2 right tiles."),
    (5, False, "Здесь 5 верных плиток.", "There are 5 right tiles."),
    (21, False, "Здесь 21 верная плитка.", "There are 21 right tiles."),
    (1, True, "Здесь одно верное число.", "There is one right number."),
    (2, True, "Здесь 2 верных числа.", "There are 2 right numbers."),
    (5, True, "Здесь 5 верных чисел.", "There are 5 right numbers."),
    (21, True, "Здесь 21 верное число.", "There are 21 right numbers."),
])
def test_every_plural_form_of_the_count_reads_right(n: int, by_rank: bool, ru: str, en: str) -> None:
    from trainer.ui.views.steps.pick import right_count_hint

    try:
        set_language("ru")
        assert right_count_hint(n, by_rank) == ru
        set_language("en")
        assert right_count_hint(n, by_rank) == en
    finally:
        set_language("en")


# ---------------------------------------------------------------- 3: two answers: no give-away


@pytest.mark.parametrize(("lesson_id", "step_id", "wrong_key"), [
    ("kids_tibet_11", "is_it_a_win", "2"),      # ask: complete, one hint of its own
    ("kids_say_riichi", "ready_one", "2"),      # ask: tenpai
    ("kids_making_threes", "no_wrap", "1"),     # an authored yes/no
    ("kids_sorting", "which_is_tidy", "1"),     # two tile options
])
def test_a_second_hint_on_two_answers_fades_nothing_and_helps_to_think(app: App, lesson_id: str, step_id: str,
                                                                       wrong_key: str) -> None:
    screen = open_lesson_step(app, lesson_id, step_id)
    key(app, getattr(pygame, f"K_{wrong_key}"), wrong_key)  # a miss: one more try
    assert screen.phase == "retry"
    hint(app)
    buttons = screen.view.buttons
    assert all(b.mark is None and not b.locked for b in buttons), [b.mark for b in buttons]
    text = screen.feedback_text
    assert text and "pale" not in text and "бледн" not in text
    assert not any(w in text for w in ("crossed out", "зачёркнут"))
    # the answer is still the child's to find: both options can be picked
    assert all(not b.locked for b in buttons)


def test_a_yes_no_steps_second_hint_adds_something_new(app: App) -> None:
    """Review 23: the second hint used to recall the first («Вспомни: «…»»), which a miss had just
    shown; the step's own second hint points at what decides instead."""
    screen = open_lesson_step(app, "kids_making_threes", "no_wrap")
    hint(app)
    first = screen.feedback_text
    hint(app)
    assert screen.hint_level == 2 and screen.feedback_text and first not in screen.feedback_text
    assert not screen.feedback_text.startswith({"ru": "Вспомни", "en": "Remember"}[lang(app)]), screen.feedback_text


def test_a_two_answer_step_with_its_own_second_hint_shows_the_authors_words_alone(app: App) -> None:
    screen = open_lesson_step(app, "kids_tibet_5", "is_it_a_win")
    hint(app)
    hint(app)
    own = screen.lesson.steps[screen.index].hints[1]
    assert screen.feedback_text == getattr(own, lang(app))
    assert all(b.mark is None for b in screen.view.buttons)


def test_three_options_still_fade_one_wrong_card(app: App) -> None:
    screen = open_lesson_step(app, "kids_making_threes", "which_is_three")
    hint(app)
    hint(app)
    marks = [b.mark for b in screen.view.buttons]
    assert marks.count("faded") == 1
    right = screen.view.answer().value
    assert all(b.index not in right for b in screen.view.buttons if b.mark == "faded")


def test_an_adults_yes_no_question_is_not_crossed_out_either(app: App) -> None:
    lib = app.library()
    lesson_id, step_id = next((lid, s.id) for lid, lesson in sorted(lib.lessons.items())
                              if lesson.audience != "child"
                              for s in lesson.steps if s.kind == "choice" and len(s.options) == 2
                              and s.ask == "tenpai" and not s.hints)
    screen = open_lesson_step(app, lesson_id, step_id)
    hint(app)
    hint(app)
    assert all(b.mark is None and not b.locked for b in screen.view.buttons)
    want = {"ru": "Переберите плитки", "en": "Go through the tiles"}[lang(app)]
    assert screen.feedback_text.startswith(want)


# ---------------------------------------------------------------- 4: Tibet in the glossary


def test_tibet_is_a_glossary_term_for_children_and_grown_ups() -> None:
    term = load_glossary().term("tibet")
    assert term.category == "training"
    assert term.child_explanation("ru") and term.child_explanation("en")
    assert "учебная игра" in term.explanation("ru").lower()
    assert "teaching game" in term.explanation("en").lower()
    assert "Tibet" in term.name("en") and term.name("ru") == "Тибет"


def _texts(node: object, language: str) -> list[str]:
    """Every learner-facing text of a step in one language, as written, in order."""
    if isinstance(node, dict):
        if isinstance(node.get(language), str):
            return [node[language]]
        return [t for v in node.values() for t in _texts(v, language)]
    if isinstance(node, list):
        return [t for v in node for t in _texts(v, language)]
    return []


@pytest.mark.parametrize("path", sorted(KIDS.glob("*.yaml")), ids=lambda p: p.stem)
def test_the_first_mention_of_tibet_in_a_childrens_lesson_links_the_term(path: Path) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    for language, word in (("ru", "Тибет"), ("en", "Tibet")):
        mentions = [t for t in _texts(data["steps"], language) if word in t]
        if mentions:
            assert "{term:tibet|" in mentions[0], (path.stem, language, mentions[0])


def test_a_click_on_tibet_in_the_lesson_opens_its_card(app: App) -> None:
    app.apply_profile("child")
    screen = open_lesson_step(app, "kids_tibet_5", "winning_shape")
    spots = [r.move(b.rect.topleft) for b in screen.view.blocks if getattr(b, "layout", None)
             for r, t in b.layout.terms if t == "tibet"]
    assert spots
    click(app, spots[0].center)
    assert screen.dialog is not None
    assert screen.dialog.body == load_glossary().term("tibet").child_explanation(lang(app))
    assert "チベット" not in screen.dialog.title  # Tibet is the teaching game's own name, not a Japanese term
