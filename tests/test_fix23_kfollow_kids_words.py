"""Children's lesson hints and misses that add something new (review 23, kfollow 3, 4 and 7).

3. A yes/no step's second hint is never the first one again («Вспомни: «Что идёт после девяти?»»,
   the words a miss had just shown): the four children's yes/no steps bring their own second hint,
   which points at the part of the picture that decides, and the code never says the first hint
   again to a child.
4. A child's first miss names the child's own pick on a give-away step («У {2s} есть пара — её
   оставь.») and the misplaced tiles of a box step («{3z} — это ветер, а не дракон.»), not a hint
   about a tile the child sorted right.
7. A hint that names the right tile in words («Это единица кружков.», «Попробуй пятёрку. А потом
   восьмёрку.») is not followed by the count or by a range of answers.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui_events import click, key, lesson_app, open_lesson_step  # noqa: E402
from trainer.engine.notation import parse_tiles  # noqa: E402
from trainer.i18n import _  # noqa: E402
from trainer.lessons.answers import FILTERS  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.richtext import BR  # noqa: E402
from trainer.ui.views.kids_miss_words import boxes_miss_words, keep_reason  # noqa: E402
from trainer.ui.views.steps.choice import KIDS_THINKING_HINTS  # noqa: E402
from trainer.ui.views.steps.pick import ranks_named  # noqa: E402


@pytest.fixture(params=["ru", "en"])
def app(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[App]:
    """A child's app in Russian, then in English (1024x600 and 1280x720), data in a throwaway folder."""
    size = (1024, 600) if request.param == "ru" else (1280, 720)
    a = lesson_app(tmp_path, language=request.param, size=size, profile="child", tile_theme="kids")
    yield a
    a.close()


def ru(app: App) -> bool:
    """Whether the app speaks Russian."""
    return app.settings.language == "ru"


def hint(app: App) -> None:
    """Press H."""
    key(app, pygame.K_h, "h")


def enter(app: App) -> None:
    """Press Enter."""
    key(app, pygame.K_RETURN, "\r")


def lines(screen: Any) -> list[str]:
    """The feedback panel's text, line by line."""
    return [t for t in screen.feedback_text.split(BR) if t]


def choose_wrong(screen: Any) -> None:
    """Pick the option that is not right (a single choice is checked at once)."""
    i = next(i for i, o in enumerate(screen.step.options) if not getattr(o, "correct", False))
    key(screen.app, pygame.K_1 + i, str(i + 1))
    if screen.phase == "answer":
        enter(screen.app)


def own_hint(screen: Any, level: int) -> str:
    """The step's own hint at ``level`` in the app's language."""
    return getattr(screen.step.hints[level - 1], screen.app.settings.language)


# ---------------------------------------------------------------- 3. yes/no steps: hint 2 is new

YES_NO = [("kids_making_threes", "no_wrap"), ("kids_making_threes", "one_family"),
          ("kids_tibet_14", "dragon_row"), ("kids_sorting", "which_is_tidy")]


@pytest.mark.parametrize(("lesson_id", "step_id"), YES_NO)
def test_a_miss_after_the_first_hint_shows_a_new_second_hint(app: App, lesson_id: str, step_id: str) -> None:
    screen = open_lesson_step(app, lesson_id, step_id)
    hint(app)
    first = screen.feedback_text
    assert first == own_hint(screen, 1)
    choose_wrong(screen)
    assert screen.phase == "retry" and screen.hint_level == 2
    assert first not in screen.feedback_text
    assert lines(screen)[-1] == own_hint(screen, 2)


@pytest.mark.parametrize(("lesson_id", "step_id"), YES_NO)
def test_the_hint_after_a_miss_is_not_what_the_miss_said(app: App, lesson_id: str, step_id: str) -> None:
    screen = open_lesson_step(app, lesson_id, step_id)
    choose_wrong(screen)
    missed = lines(screen)
    enter(app)  # «Ещё раз»
    hint(app)
    assert screen.hint_level == 2 and screen.feedback_text == own_hint(screen, 2)
    assert not any(line in screen.feedback_text for line in missed)


def test_a_child_never_gets_the_first_hint_again(app: App) -> None:
    """A child's yes/no step with one hint of its own: the second rung is one short sentence of the
    children's words, never «Вспомни: «…»» with the first hint in it."""
    screen = open_lesson_step(app, "kids_making_threes", "no_wrap")
    view = screen.view
    view.step = view.step.model_copy(update={"hints": view.step.hints[:1]})
    text = view._thinking_hint(2)
    assert text == _(KIDS_THINKING_HINTS[""])
    assert own_hint(screen, 1) not in text and "Вспомни" not in text and "Remember" not in text


def test_every_childs_yes_no_step_has_its_own_second_hint() -> None:
    """A children's question with two answers and no thinking hint of its kind (ask) gives its own
    second hint: fading the one wrong answer would give the answer away."""
    from trainer.lessons.loader import load_all

    missing = [f"{lesson.id}:{step.id}" for lesson in load_all(engine_checks=False).lessons.values()
               if lesson.audience == "child" for step in lesson.steps
               if step.kind == "choice" and len(step.options) == 2 and not step.multiple
               and step.ask not in KIDS_THINKING_HINTS and len(step.hints) < 2]
    assert missing == []


# ---------------------------------------------------------------- 4. the child's own pick


@pytest.mark.parametrize(("pick", "ru_words", "en_words"), [
    ("2s", "У {tiles:2s} есть пара — её оставь.", "{tiles:2s} has a pair: keep it."),
    ("4p", "{tiles:4p} уже в команде — оставь её.", "{tiles:4p} is already in a team: keep it."),
    ("3s", "У {tiles:3s} есть сосед", "{tiles:3s} has a neighbor"),
])
def test_a_give_away_miss_names_the_childs_pick(app: App, pick: str, ru_words: str, en_words: str) -> None:
    screen = open_lesson_step(app, "kids_tibet_11", "find_lonely")
    row = screen.view.picker
    row.selected = {next(i for i, s in enumerate(row.slots) if str(s.tile) == pick)}
    enter(app)
    assert screen.phase == "retry"
    assert lines(screen)[0].startswith(ru_words if ru(app) else en_words)
    assert lines(screen)[-1] == own_hint(screen, 1)  # the lesson's hint still follows


def sort_into_boxes(screen: Any, wrong: set[str]) -> None:
    """Put every tile in its box, the tiles ``wrong`` in the next box instead, and check."""
    view, step = screen.view, screen.step
    for item, slot in enumerate(view.row.slots):
        box = next(bi for bi, b in enumerate(step.boxes) if FILTERS[b.filter](slot.tile.kind))
        if str(slot.tile) in wrong:
            box = (box + 1) % len(step.boxes)
        click(screen.app, view.row.rects[item].center)
        key(screen.app, pygame.K_1 + box, str(box + 1))
    enter(screen.app)


def test_a_box_miss_speaks_about_the_misplaced_tile_not_the_white_dragon(app: App) -> None:
    """West among the dragons: the miss names West, and the hint about the white dragon, which the
    child sorted right, is left out."""
    screen = open_lesson_step(app, "kids_winds_dragons", "winds_or_dragons")
    sort_into_boxes(screen, {"3z"})
    assert screen.phase == "retry"
    assert lines(screen) == ["{tiles:3z} — это ветер, а не дракон." if ru(app) else "{tiles:3z} is a wind, not a dragon."]


def test_a_box_hint_that_says_what_the_miss_said_is_left_out(app: App) -> None:
    """The white dragon among the winds: the miss says it is a dragon, so the lesson's hint «Белая
    плитка с рамкой {5z} — это дракон.» would say it twice."""
    screen = open_lesson_step(app, "kids_winds_dragons", "winds_or_dragons")
    sort_into_boxes(screen, {"5z"})
    assert lines(screen) == ["{tiles:5z} — это дракон, а не ветер." if ru(app) else "{tiles:5z} is a dragon, not a wind."]


def test_many_misplaced_tiles_take_two_lines_and_the_next_hint_adds_another(app: App) -> None:
    screen = open_lesson_step(app, "kids_tile_families", "four_boxes")
    sort_into_boxes(screen, {"2p", "7s", "1z"})
    said = lines(screen)
    assert said[0] == ("{tiles:2p} — это кружки, а не палочки." if ru(app) else "{tiles:2p} is one of the dots, not a stick.")
    assert "{tiles:7s}" not in screen.feedback_text and "{tiles:1z}" not in screen.feedback_text
    assert len(said) == 3 and said[-1] == own_hint(screen, 1)  # the tile, that more are misplaced, the hint
    enter(app)  # «Ещё раз»
    hint(app)
    assert screen.hint_level == 2 and "{tiles:2p}" not in screen.feedback_text  # a tile the miss did not name
    assert "{tiles:7s}" in screen.feedback_text or "{tiles:1z}" in screen.feedback_text


def kinds(text: str) -> Counter[int]:
    """The kinds of an MPSZ hand, counted."""
    return Counter(t.kind for t in parse_tiles(text))


@pytest.mark.parametrize(("hand", "tile", "reason"), [
    ("22s456p789p34s1p", "2s", "pair"), ("22s456p789p34s1p", "4p", "team"),
    ("22s456p789p34s1p", "3s", "neighbor"), ("13p789s55m", "1p", "neighbor"),
    ("111z456p789p34s9s", "1z", "team"), ("456p789p34s1z9s", "9s", "keep"), ("456p789p35s1z9s", "3s", "neighbor"),
])
def test_why_a_tile_stays(hand: str, tile: str, reason: str) -> None:
    assert keep_reason(kinds(hand), parse_tiles(tile)[0].kind) == reason


def test_a_box_miss_never_names_a_tile_sorted_right() -> None:
    tiles = [t.kind for t in parse_tiles("3z6z1z7z4z5z2z")]
    want = [0, 1, 0, 1, 0, 1, 0]
    mine = list(want)
    mine[0] = 1  # West among the dragons
    text = boxes_miss_words(tiles, mine, want, ["winds", "dragons"])
    assert "{tiles:3z}" in text and "5z" not in text


# ---------------------------------------------------------------- 7. counts and ranges said once


def test_a_hint_naming_the_one_right_tile_in_words_is_not_followed_by_the_count(app: App) -> None:
    screen = open_lesson_step(app, "kids_tibet_11", "find_lonely")
    hint(app)
    hint(app)
    assert screen.hint_level == 2 and lines(screen) == [own_hint(screen, 2)]


@pytest.mark.parametrize(("lesson_id", "step_id"), [("kids_tibet_5", "count_5567"), ("kids_tibet_8", "count_2345588")])
def test_a_number_step_whose_hints_named_the_tiles_gives_no_range(app: App, lesson_id: str, step_id: str) -> None:
    screen = open_lesson_step(app, lesson_id, step_id)
    hint(app)
    hint(app)
    assert screen.hint_level == 2 and lines(screen) == [own_hint(screen, 2)]
    assert "1 до 3" not in screen.feedback_text and "between" not in screen.feedback_text


def test_the_range_still_comes_where_the_hints_named_no_tiles(tmp_path: Path) -> None:
    a = lesson_app(tmp_path, language="en")
    try:
        # one own hint, naming no tiles: the second rung is the range (a step with its own second
        # hint gets no range after it: round 24, lesson24)
        screen = open_lesson_step(a, "basics_yakuhai", "guest_han")
        hint(a)
        hint(a)
        assert lines(screen)[-1].startswith("The answer is between")
    finally:
        a.close()


@pytest.mark.parametrize(("text", "lang", "ranks"), [
    ("Это единица кружков.", "ru", {1}), ("Попробуй пятёрку. А потом восьмёрку.", "ru", {5, 8}),
    ("Подходят 3 и 6 кружков.", "ru", {3, 6}), ("Try a five. Then try an eight.", "en", {5, 8}),
    ("It's the 1 dot.", "en", {1}), ("Find one more tile.", "en", set()), ("{tiles:5p} fits.", "en", set()),
])
def test_the_numbers_a_hint_names(text: str, lang: str, ranks: set[int]) -> None:
    assert ranks_named(text, lang) == ranks
