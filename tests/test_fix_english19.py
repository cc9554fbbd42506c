"""Review 19, an English-speaking learner's journey: a points step's first miss does not give the
total away, a drill's retry starts from an empty box, English text uses English quotes, payment
lines say "rounded up" only when something was rounded, one wait is "the wait"."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from tests.ui_events import key, lesson_app, open_lesson_step  # noqa: E402


def _type(app, text: str) -> None:  # noqa: ANN001
    for ch in text:
        key(app, getattr(pygame, f"K_{ch}"), ch)
    key(app, pygame.K_RETURN, "\r")


def test_a_points_steps_first_miss_names_the_slip_not_the_total(tmp_path) -> None:  # noqa: ANN001
    app = lesson_app(tmp_path)
    try:
        screen = open_lesson_step(app, "score_points_table", "nd_1_40")
        _type(app, "1301")
        assert screen.feedback_kind == "retry"
        assert "1,300" not in screen.feedback_text and "more than the winner gains" in screen.feedback_text
        key(app, pygame.K_RETURN, "\r")  # Try again
        _type(app, "1400")
        assert screen.phase == "done" and "the winner gains 1,300" in screen.feedback_text
    finally:
        app.close()


def test_a_drills_retry_starts_from_an_empty_box(tmp_path) -> None:  # noqa: ANN001
    app = lesson_app(tmp_path)
    try:
        screen = app.push("drill", generator="shanten", params={}, n=2, seed=3)
        app.render()
        right = int(screen.ex.answer if not isinstance(screen.ex.answer, list | tuple) else screen.ex.answer[0])
        _type(app, str((right + 2) % 7))
        assert screen.phase == "retry"
        key(app, pygame.K_RETURN, "\r")  # Try again
        assert screen.view.fields[0][1].text == ""
    finally:
        app.close()


def test_a_payment_line_says_rounded_only_when_something_was_rounded(en) -> None:  # noqa: ANN001
    from trainer.engine.explain import points_chain
    from trainer.engine.rules import load_rules
    from trainer.ui.views.mistakes import chain_lines

    rules = load_rules("tenhou")
    mangan = " ".join(chain_lines(points_chain(5, 30, dealer=False, tsumo=False, rules=rules)))
    assert "8,000" in mangan and "rounded up" not in mangan
    small = " ".join(chain_lines(points_chain(1, 30, dealer=False, tsumo=False, rules=rules)))
    assert "960 → rounded up to 1,000" in small


def test_one_winning_tile_is_the_wait(en) -> None:  # noqa: ANN001
    from trainer.ui.question_texts import more_explain_item as explain_item

    one = explain_item({"kind": "furiten", "furiten": "riichi", "waits": "3p", "in_river": ""})
    two = explain_item({"kind": "furiten", "furiten": "riichi", "waits": "36p", "in_river": ""})
    assert "The wait is {tiles:3p}" in one and "The waits are {tiles:36p}" in two


def test_a_breakdown_with_the_same_rounded_total_says_why_it_is_still_wrong(en) -> None:  # noqa: ANN001
    from trainer.ui.views.mistakes import fu_items_text

    expected = [("fuutei", 20), ("open_koutsu_yaochuu", 4), ("wait_kanchan", 2)]  # 26 -> 30
    given = [("fuutei", 20), ("open_koutsu_yaochuu", 4)]  # 24 -> 30
    text = fu_items_text(expected, given, final=True)
    assert "same 30 fu" in text and "your items make 30 fu" not in text


def test_a_yaku_finals_last_line_names_only_the_yaku_left_unticked(en) -> None:  # noqa: ANN001
    from trainer.ui.views.mistakes import options_text

    names = {"riichi": "Riichi", "tanyao": "Tanyao", "pinfu": "Pinfu", "iipeikou": "Iipeikou"}
    text = options_text({"riichi", "iipeikou"}, {"riichi", "tanyao", "pinfu"}, names, final=True)
    assert "Iipeikou: not in this hand." in text
    # the answer line above lists the whole answer: this one says what the learner left out, once
    assert "Not ticked, though in the hand: Pinfu, Tanyao." in text and "Riichi" not in text
    retry = options_text({"riichi"}, {"riichi", "tanyao", "pinfu"}, names, final=False)
    assert "2 more yaku are in the hand." in retry and "Tanyao" not in retry


def test_the_first_fallback_hint_asks_to_look_at_tiles_only_where_there_are_tiles(tmp_path, en) -> None:  # noqa: ANN001
    from trainer.ui.screens.lesson import fallback_hint

    app = lesson_app(tmp_path)
    try:
        lesson = app.library().lessons["mcr_intro"]
        words = next(s for s in lesson.steps if s.id == "chow_from_whom")  # a rule asked in words
        tiles = next(s for s in lesson.steps if s.id == "small_hand")  # a hand on screen
        assert "tiles" not in fallback_hint(words, 1, child=False)
        assert "tiles" in fallback_hint(tiles, 1, child=False)
    finally:
        app.close()
