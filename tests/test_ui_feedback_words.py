"""Screen-review fixes: drill settings whose option labels break onto two lines instead of
'…', per-drill setting labels, locked lesson cards that name the lesson to do first, training-game
cards with their whole description, no scroll hint under an empty feedback panel, the learner's
mistakes in words (shanten too high, a hand without a pair by its size, fu items and totals), inline
tiles kept inside their line, the children's plural, and a waits hint by the hand's wait shapes."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from tests.text_checks import texts_drawn  # noqa: E402
from tests.ui_events import frame, headless_app  # noqa: E402
from trainer.engine.notation import parse_hand  # noqa: E402
from trainer.ui.app import App  # noqa: E402

# ---------------------------------------------------------------- 1, 2: option labels on two lines


@pytest.mark.parametrize("generator", ["kunto_hand", "make_set"])
def test_drill_setting_options_are_shown_whole_on_two_lines_when_they_must(
        app: App, monkeypatch: pytest.MonkeyPatch, generator: str) -> None:
    from trainer.ui import widgets
    from trainer.ui.widgets import OptionRow

    screen = app.push("drill_setup", generator=generator)
    drawn = texts_drawn(monkeypatch, widgets)
    frame(app)
    rows = [w for _k, w in screen.fields if isinstance(w, OptionRow)]
    if app.settings.language == "ru":  # «Обмен, добавляющий хан», «Последовательности» из благородных
        assert any(r.label_lines(app) == 2 for r in rows)
    assert not [t for t in drawn if t.endswith("…")], drawn
    pairs = {f"{a} {b}" for a, b in zip(drawn, drawn[1:], strict=False)}
    for row in rows:
        for value, label in row.options:
            shown = ("✓ " if value in getattr(row, "values", ()) else "") + label
            assert shown in drawn or shown in pairs, shown
    bottom = max(w.rect.bottom for _k, w in screen.fields)
    assert bottom < screen.start.rect.top  # the taller rows still leave the bottom bar free


def test_a_label_that_fits_stays_on_one_line(app: App) -> None:
    import pygame

    from trainer.ui.widgets import OptionRow

    row = OptionRow([("a", "One"), ("b", "Two")], "a", lambda _v: None)
    row.rect = pygame.Rect(0, 0, 600, 46)
    assert row.label_lines(app) == 1


# ---------------------------------------------------------------- 3: each drill its own label


def test_the_pool_setting_says_tiles_in_one_drill_and_yaku_in_the_other(app: App,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from trainer.ui.screens import drill_menu

    labels = {}
    for generator in ("tile_name", "yaku_identify"):
        drawn = texts_drawn(monkeypatch, drill_menu)
        app.push("drill_setup", generator=generator)
        frame(app)
        label = drill_menu.field_label("pool", generator)
        assert label in drawn
        labels[generator] = label
        monkeypatch.undo()
        app.pop()
    assert labels["tile_name"] != labels["yaku_identify"]
    if app.settings.language == "en":
        assert "tile" in labels["tile_name"].lower() and "yaku" not in labels["tile_name"].lower()
        assert "yaku" in labels["yaku_identify"].lower() and "tile" not in labels["yaku_identify"].lower()


# ---------------------------------------------------------------- 4: the lesson to do first


@pytest.mark.parametrize("track", ["basics", "sanma"])
def test_a_locked_lesson_card_names_the_lessons_to_do_first_whole(app: App, track: str) -> None:
    from trainer.i18n import _
    from trainer.ui.widgets import wrapped_lines

    screen = app.push("lesson_map", track=track)
    frame(app)
    L = app.layout
    locked = [c for c in screen.cards if c.locked]
    assert locked
    first = _("First: {lessons}").format(lessons="")
    for card in locked:
        assert card.subtitle.startswith(first)  # the prerequisite leads the subtitle
        inner, _icon = card._text_area(app, card.rect)
        shown = wrapped_lines(app, card.subtitle, L.font("small"), inner.width, max_lines=card.subtitle_room(app))
        assert " ".join(shown) == " ".join(app.wrap(card.subtitle, L.font("small"), inner.width)), card.title


# ---------------------------------------------------------------- 5: training games described whole


def test_every_training_game_card_shows_its_whole_description(app: App) -> None:
    screen = app.push("training_games")
    frame(app)
    for card in screen.cards:
        assert card.subtitle_room(app) >= card.subtitle_lines(app, card.rect.width), card.title


# ---------------------------------------------------------------- 6: no scroll hint without text


def test_a_right_answer_without_words_has_no_scroll_hint(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from trainer.i18n import _
    from trainer.ui import widgets

    screen = app.push("lesson", lesson_id="kids_sorting", step=1)
    view = screen.view
    view.row.slots = sorted(view.row.slots, key=lambda slot: slot.tile)
    screen.check()
    assert screen.feedback_kind == "right" and not screen._feedback_markup()
    drawn = texts_drawn(monkeypatch, widgets)
    frame(app)
    assert _("More below: scroll or PgDn") not in drawn and _("The end: PgUp goes back") not in drawn


# ---------------------------------------------------------------- 7: a shanten said too high


def test_a_shanten_said_too_high_names_the_partial_set_left_uncounted(en: Any) -> None:
    from trainer.engine.shanten import shanten
    from trainer.ui.views.mistakes import shanten_text

    hand = parse_hand("1479m", check_size=False)
    right = shanten(hand)
    text = shanten_text(hand, right + 2, right, final=False)
    line = text.split("\u2028")[-1]
    assert line.startswith("You have not counted") and "{tiles:79m} is a partial set" in line


def test_a_shanten_said_too_high_names_sets_and_pairs_with_plurals(ru: Any) -> None:
    from trainer.engine.shanten import shanten
    from trainer.ui.views.mistakes import shanten_text

    hand = parse_hand("123m456p11s22s5z", check_size=False)
    text = shanten_text(hand, shanten(hand) + 3, shanten(hand), final=False)
    assert "уже готовые сеты" in text and "— пары:" in text


def test_a_shanten_too_high_names_another_form_only_when_the_answer_is_that_forms(en: Any) -> None:
    from trainer.ui.views.mistakes import shanten_text

    hand = parse_hand("113355779m2p468s", check_size=False)  # standard 3, seven pairs 2
    standard_only = shanten_text(hand, 5, 3, final=False).split("\u2028")[-1]  # the drill counts one form
    assert "chiitoitsu" not in standard_only and "You have not counted" in standard_only
    every_form = shanten_text(hand, 4, 2, final=False).split("\u2028")[-1]
    assert every_form == "The hand is closer to tenpai as {term:chiitoitsu}."


# ---------------------------------------------------------------- 8: a hand without a pair, by its size


def test_a_hand_without_a_pair_is_told_its_own_number_of_sets(en: Any) -> None:
    from trainer.ui.views.mistakes import waits_text

    text = waits_text(parse_hand("3456m", check_size=False), {0}, {2, 5}, final=False)  # 1m picked
    assert "a complete hand here is 1 set and a pair" in text and "four sets" not in text
    text = waits_text(parse_hand("1234567m", check_size=False), {27}, {0, 3, 6}, final=False)  # East
    assert "2 sets and a pair" in text


def test_the_number_of_sets_takes_the_russian_plural(ru: Any) -> None:
    from trainer.ui.views.mistakes import complete_hand_line

    assert "1 сет и пара" in complete_hand_line(1)
    assert "2 сета и пара" in complete_hand_line(2)
    assert "4 сета и пара" in complete_hand_line(4)


# ---------------------------------------------------------------- 9, 12: fu answers


def test_after_the_final_try_the_big_fu_line_gives_the_answer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from trainer.cli.shots import gallery_lesson
    from trainer.cli.wrong_answers import lesson_wrong
    from trainer.lessons.loader import LessonLibrary
    from trainer.ui.views.steps.fu import FuView

    lesson = gallery_lesson()
    index = [s.kind for s in lesson.steps].index("fu_breakdown")
    with headless_app(tmp_path, monkeypatch, lessons=LessonLibrary(lessons={lesson.id: lesson})) as app:
        screen = app.push("lesson", lesson_id=lesson.id, step=index)
        frame(app)
        lesson_wrong(app, screen)
        assert isinstance(screen.view, FuView) and screen.view.sum_line().startswith("Sum:")  # the retry: theirs
        screen.retry()
        lesson_wrong(app, screen)
        frame(app)
        assert screen.phase == "done"
        from trainer.lessons import answers

        right = answers.answer(screen.step, lesson).value
        line = screen.view.sum_line()
        assert line.startswith(f"Answer: {right} fu") and "yours:" in line
        assert screen.feedback_text.startswith(f"This hand has {right} fu; your items make ")


def test_fu_items_read_naturally(en: Any) -> None:
    from trainer.ui.views.mistakes import fu_items_text

    text = fu_items_text([("fuutei", 20), ("menzen_ron", 10)], [("chiitoitsu", 25)], final=True)
    lines = text.split("\u2028")
    assert lines[0] == "This hand has 30 fu; your items make 25 fu."
    assert lines[1] == "This hand does not score “Seven pairs: fixed 25 fu”."  # the 25 fu said once
    assert "You left out “Base fu for a win” (20 fu)." in lines


def test_fu_items_read_naturally_in_russian(ru: Any) -> None:
    from trainer.ui.views.mistakes import fu_items_text

    text = fu_items_text([("fuutei", 20), ("menzen_ron", 10)], [("chiitoitsu", 25)], final=False)
    line = text.split("\u2028")[0]
    assert line == "В этой руке нет пункта «Семь пар: всегда 25 фу»."
    assert line.count(":") == 1 and line.count("25") == 1


# ---------------------------------------------------------------- 10: inline tiles inside their line


@pytest.mark.parametrize("size_name", ["tiny", "small", "body", "large"])
def test_inline_tiles_never_reach_into_the_line_above(app: App, size_name: str) -> None:
    from trainer.ui.richtext import BR, layout_rich

    size = app.layout.font(size_name)
    lay = layout_rich(app, "." + BR + "{tiles:123m}", size, 600)
    (top0, bottom0), _second = lay.lines
    x0 = app.text_width(".", size) + 4
    stray = [(x, y) for y in range(top0, bottom0) for x in range(x0, 80) if lay.surface.get_at((x, y)).a]
    assert not stray  # nothing of the tile line shows when the window ends at the first line


# ---------------------------------------------------------------- 11: "here they are"
# (kids2: the heading over tiles is a bare "Look!"; the answer under it says one or several)


def test_a_child_is_shown_several_answers_in_the_plural(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from trainer.ui.views.kids_drill_words import reveal

    seen = set()
    with headless_app(tmp_path, monkeypatch) as app:
        for seed in range(1, 40):
            screen = app.push("drill", generator="single_suit_waits", params={"kids": True, "size": 4}, n=1,
                              seed=seed)
            many = len(screen.ex.answer) > 1
            assert screen.feedback_style("wrong")[2] == "Look!"
            said = reveal(screen.ex)
            assert said.startswith("Any of these tiles will win:") == many, said
            seen.add(many)
            app.pop()
            if seen == {True, False}:
                break
    assert True in seen


# ---------------------------------------------------------------- 13: the waits hint by shape


def test_the_waits_hint_follows_the_hands_wait_shapes(en: Any) -> None:
    from trainer.ui.screens.drills import wait_shape_hint

    tanki = wait_shape_hint([{"kind": "wait", "tile": "4p", "shapes": ["tanki"]}])
    assert "without a partner" in tanki and "runs" not in tanki
    runs = wait_shape_hint([{"kind": "wait", "shapes": ["ryanmen"]}, {"kind": "wait", "shapes": ["kanchan"]}])
    assert "runs that are not complete" in runs and "partner" not in runs
    both = wait_shape_hint([{"kind": "wait", "shapes": ["ryanmen", "tanki"]}, {"kind": "wait", "shapes": ["shanpon"]}])
    assert "runs" in both and "partner" in both and "triplet" in both


def test_a_single_wait_drill_hint_points_at_the_lone_tile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with headless_app(tmp_path, monkeypatch) as app:
        for seed in range(1, 60):
            screen = app.push("drill", generator="mixed_waits", params={}, n=1, seed=seed)
            shapes = {s for i in screen.ex.explanation if i.get("kind") == "wait" for s in i.get("shapes", ())}
            if shapes == {"tanki"}:
                where = screen.hint_rungs()[0]
                assert "without a partner" in where and "not complete yet" not in where
                return
            app.pop()
    pytest.fail("no single-wait hand among the seeds")


def test_the_childrens_waits_question_asks_in_the_plural_without_a_mismatch() -> None:
    """10_wrong_drill_5 (English): "Which tile fits here? Tap them all!" — a singular question and a
    plural order; the open plural fits one answer or several, as the Russian «Какие плитки…» does."""
    from trainer.ui.views.exercise_labels import KIDS_QUESTIONS

    for key in ("waits", "kunto_waits"):
        assert KIDS_QUESTIONS[key] == "Which tiles fit here? Tap every one!"
