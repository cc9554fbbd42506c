"""Review 22, beginner #3, #4, #8, #12: a lesson step's wrong answer is explained by the learner's
own mistake first.  A "tick every right one" step answered incompletely says that something is
missing (how many on the retry, which after the last try); a row sorted or cards ordered wrongly
name the places out of order; the step's own hint follows the learner's mistake, marked as a hint,
and the general "read the question again" line goes when something specific is said; a yaku
question's win line says the circumstances (the last discard, the win before the next discard after
the riichi), never the yaku to tick."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui_events import click, frame, key, lesson_app, open_lesson_step  # noqa: E402
from trainer.engine.notation import parse_tiles  # noqa: E402
from trainer.i18n import _, set_language  # noqa: E402
from trainer.lessons import answers  # noqa: E402
from trainer.ui.richtext import BR  # noqa: E402

GENERAL_HINT = "Read the question again and look at the tiles one by one."


@pytest.fixture(params=["en", "ru"])
def app(request: pytest.FixtureRequest, tmp_path: Path) -> Any:
    """A headless lesson app in each language (English again afterwards)."""
    set_language(request.param)
    a = lesson_app(tmp_path, language=request.param)
    yield a
    a.close()
    set_language("en")


def lines_of(screen: Any) -> list[str]:
    """The feedback panel's text, line by line, as it is drawn (top first)."""
    return screen._feedback_markup().split(BR)


def answer_of(screen: Any) -> Any:
    """The engine's answer of the screen's step."""
    return answers.answer(screen.step, screen.lesson).value


# ---------------------------------------------------------------- #3 ticks: something is missing


def test_an_incomplete_tick_says_how_many_are_missing_first(app: Any) -> None:
    screen = open_lesson_step(app, "basics_sets", "which_are_sets")
    right = sorted(answer_of(screen))
    click(app, screen.view.buttons[right[0]].rect.center)
    key(app, pygame.K_RETURN, "\r")
    assert screen.phase == "retry"
    lines = lines_of(screen)
    assert lines[0] == _("Not all the right answers are ticked: tick {n} more.").format(n=len(right) - 1), lines
    assert _(GENERAL_HINT) not in lines
    own = screen.step.options[right[0]].explain
    assert sum(line.startswith(screen.view.text(own)) for line in lines) == 1  # its own words, said once


def test_the_last_miss_names_the_right_options_left_out(app: Any) -> None:
    screen = open_lesson_step(app, "basics_sets", "which_are_sets")
    right = sorted(answer_of(screen))
    wrong = next(i for i in range(len(screen.view.buttons)) if i not in right)
    for _try in range(2):
        if screen.phase == "retry":
            key(app, pygame.K_RETURN, "\r")
        for i in (right[0], wrong):
            screen.view.buttons[i].activate()
        key(app, pygame.K_RETURN, "\r")
    assert screen.phase == "done"
    text = screen._feedback_markup()
    # by their numbers on screen: the answer line above names them in full (round 24, lesson24)
    from trainer.i18n import ngettext
    from trainer.ui.views.mistakes import option_numbers

    missed = right[1:]
    assert ngettext("Not ticked, though right: option {numbers}.", "Not ticked, though right: options {numbers}.",
                    len(missed)).format(numbers=option_numbers(missed)) in text
    assert screen.view.text(screen.step.options[wrong].explain) in text  # why the wrong tick is wrong


def test_a_wrong_yaku_tick_without_words_of_its_own_gets_the_engines_reason(en: None) -> None:
    from trainer.lessons.loader import load_all
    from trainer.ui.views.mistakes import choice_ticks_text

    step = next(s for s in load_all(engine_checks=False).lessons["basics_riichi"].steps if s.id == "riichi_tsumo_yaku")
    bare = step.model_copy(update={"options": [o.model_copy(update={"explain": None}) for o in step.options]})
    tanyao = next(i for i, o in enumerate(bare.options) if o.value == "tanyao")
    riichi = next(i for i, o in enumerate(bare.options) if o.value == "riichi")
    right = answers.answer(bare).value
    text = choice_ticks_text(bare, {tanyao, riichi}, right, False, lambda t: t.en if t else "")
    lines = text.split(BR)
    assert lines[0].startswith("{term:tanyao}: not in this hand. What it needs:"), lines  # and what stands against it
    assert lines[1] == "Not all the right answers are ticked: tick 2 more."
    assert lines[2] == "Ticked right: Riichi."


# ---------------------------------------------------------------- #4 a row or cards out of order


def test_a_row_sorted_wrongly_names_the_tiles_out_of_place_before_the_hint(app: Any) -> None:
    from trainer.ui.tileview import TileSlot

    screen = open_lesson_step(app, "basics_tiles", "sort_hand")
    want = sorted(parse_tiles(screen.step.tiles, max_copies=None))
    screen.view.row.slots = [TileSlot(t) for t in [*want[:5], want[6], want[5]]]  # South before East
    key(app, pygame.K_RETURN, "\r")
    assert screen.phase == "retry"
    lines = lines_of(screen)
    rule = _("the winds go East, South, West, North")
    assert lines[0] == _("{first} stands before {then}, but {rule}.").format(
        first="{tiles:2z}", then="{tiles:1z}", rule=rule), lines
    hint = screen.view.text(screen.step.hints[0])
    assert lines[1] == _("**Hint:** {hint}").format(hint=hint)  # the step's own hint after it, as a hint


def test_each_pair_out_of_order_is_told_its_rule() -> None:
    from trainer.engine.tiles import parse_tile
    from trainer.ui.views.mistakes import sort_rule

    def rule(a: str, b: str) -> str:
        return sort_rule(parse_tile(a).kind, parse_tile(b).kind)

    assert rule("5m", "3m") == "numbers" and rule("1p", "9m") == "suits" and rule("1z", "9s") == "honors"
    assert rule("2z", "1z") == "winds" and rule("7z", "5z") == "dragons" and rule("5z", "4z") == "winds_first"


def test_cards_put_in_a_wrong_order_are_named(app: Any) -> None:
    screen = open_lesson_step(app, "basics_turn_flow", "order_of_hand")
    view = screen.view
    for target in range(len(view.order)):  # the right order, then the second and third cards swapped
        at = view.order.index(target)
        if at != target:
            view._pick_card(target)
            view._pick_card(at)
    view._pick_card(1)
    view._pick_card(2)
    key(app, pygame.K_RETURN, "\r")
    assert screen.phase == "retry"
    cards = [screen.view.text(c.text) for c in screen.step.cards]
    assert lines_of(screen)[0] == _("“{first}” comes after “{then}”, not before it.").format(
        first=cards[2], then=cards[1])


def test_a_pick_leads_with_the_learners_own_wrong_tile(app: Any) -> None:
    screen = open_lesson_step(app, "basics_tile_groups", "pick_terminals")
    right = answer_of(screen)
    picker = screen.view.picker
    picker.selected = {i for i, s in enumerate(picker.slots) if s.tile.kind in right}
    picker.selected.add(next(i for i, s in enumerate(picker.slots) if str(s.tile) == "5z"))
    key(app, pygame.K_RETURN, "\r")
    lines = lines_of(screen)
    assert lines[0].startswith("{tiles:5z}"), lines  # the white dragon, not "don't forget the bird"
    assert lines[1] == _("**Hint:** {hint}").format(hint=screen.view.text(screen.step.hints[0]))


def test_an_options_own_words_are_not_followed_by_the_general_hint(app: Any) -> None:
    screen = open_lesson_step(app, "basics_tiles", "suit_of_1s")
    wrong = next(b for b in screen.view.buttons if b.index not in answer_of(screen))
    click(app, wrong.rect.center)
    assert screen.phase == "retry" and screen.extra_explain
    assert _(GENERAL_HINT) not in screen._feedback_markup()
    key(app, pygame.K_RETURN, "\r")  # try again: the same option clicked again is a new try
    click(app, wrong.rect.center)
    assert screen.phase == "done"


# ---------------------------------------------------------------- #12 the learner's own mistake above the fold


def test_a_wrong_wait_leads_with_why_before_the_steps_hint(app: Any) -> None:
    screen = open_lesson_step(app, "basics_tenpai", "kanchan_pick")
    right = answer_of(screen)
    picker = screen.view.picker
    picker.selected = {next(i for i, s in enumerate(picker.slots) if s.tile.kind not in right)}
    key(app, pygame.K_RETURN, "\r")
    lines = lines_of(screen)
    tile = "{tiles:" + str(picker.slots[next(iter(picker.selected))].tile) + "}"
    assert lines[0].startswith(_("{tile} is not a wait: with it the hand splits at best into {blocks}.").split(
        "{blocks}")[0].format(tile=tile)), lines
    hint = _("**Hint:** {hint}").format(hint=screen.view.text(screen.step.hints[0]))
    assert hint in lines and lines.index(hint) > 0


def test_a_shanten_said_too_high_says_so_on_the_first_line(app: Any) -> None:
    screen = open_lesson_step(app, "basics_tenpai", "shanten_zero")
    screen.view.field.text = "2"
    key(app, pygame.K_RETURN, "\r")
    assert lines_of(screen)[0] == _("You said {given}.").format(given=2) + " " + _("That is too many.")
    frame(app)
    assert screen.fb_scroll == 0


# ---------------------------------------------------------------- #8 the win line says what happened


def _drill_with(app: Any, flag: str) -> Any:
    for seed in range(1, 300):
        screen = app.push("drill", generator="yaku_identify", params={"ask": "yaku", "situational": True}, n=1,
                          seed=seed)
        frame(app)
        if screen.ex is not None and flag in dict(screen.ex.prompt.data).get("flags", ()):
            return screen
        app.pop()
    raise AssertionError(f"no yaku drill with {flag}")


@pytest.mark.parametrize(("flag", "words", "names"), [
    ("houtei", "the very last discard of the hand", ("houtei", "haitei")),
    ("ippatsu", "the win comes before your next discard after the {riichi}, with no call in between",
     ("ippatsu",)),
])
def test_a_yaku_drills_win_line_says_what_happened_not_the_yaku(app: Any, flag: str, words: str,
                                                                names: tuple[str, ...]) -> None:
    from trainer.ui.question_texts import _situation_terms

    screen = _drill_with(app, flag)
    info = screen.view.info.text
    assert _(words).format(**_situation_terms()) in info, info
    assert not any("{term:" + n in info for n in names), info


def test_double_riichi_says_its_riichi_once(ru: None) -> None:
    from trainer.ui.question_texts import win_situation_parts

    parts = win_situation_parts({"riichi", "double_riichi", "ippatsu"})
    assert len(parts) == 2 and parts[0].startswith("{term:riichi|риичи} объявлено первым")
    assert not any(name in " ".join(win_situation_parts({"houtei", "haitei", "rinshan", "chankan"}))
                   for name in ("хотей", "хайтей", "риншан", "чанкан"))
