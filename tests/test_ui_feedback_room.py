"""After a wrong answer the feedback panel opens under the step: it must neither cover the step
nor squeeze it out of shape.  The fu chips and the "Sum: … → rounded: …" line stay above the
panel; MCR option buttons keep the height their text needs and never overlap; a child's tile
picker keeps its tile size; and the panel never shows a line cut in half."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

import trainer.ui.screens.drills as drills_screen  # noqa: E402
import trainer.ui.screens.lesson as lesson_screen  # noqa: E402
import trainer.ui.views.exercise as exercise_view  # noqa: E402
import trainer.ui.views.steps.fu as fu_view  # noqa: E402
from tests.ui_events import frame, headless_app  # noqa: E402
from trainer.cli.wrong_answers import drill_wrong, lesson_wrong  # noqa: E402
from trainer.ui.views.feedback import text_window  # noqa: E402

CASES = [("en", (1280, 720)), ("ru", (1024, 600))]  # each language once, each size once (the suite has a time budget)


def _spy_panel_text(monkeypatch, module):  # noqa: ANN001, ANN202
    """Record every feedback body drawn: (layout, rect, offset)."""
    drawn = []
    real = module.draw_feedback_body

    def spy(surf, app, lay, rect, offset, color):  # noqa: ANN001, ANN202
        drawn.append((lay, rect, offset))
        return real(surf, app, lay, rect, offset, color)

    monkeypatch.setattr(module, "draw_feedback_body", spy)
    return drawn


def _spy_sum(monkeypatch, module, app):  # noqa: ANN001, ANN202
    """The rectangles of the drawn "Sum: … → rounded: …" lines."""
    rects = []
    real = module.blit_text

    def spy(surf, app_, text, size, color, pos, **kw):  # noqa: ANN001, ANN202
        if "→" in text:
            w, h = app.text_width(text, size, kw.get("bold", False)), app.line_height(size)
            r = pygame.Rect(0, 0, w, h)
            setattr(r, kw.get("anchor", "topleft"), pos)
            rects.append(r)
        return real(surf, app_, text, size, color, pos, **kw)

    monkeypatch.setattr(module, "blit_text", spy)
    return rects


def _assert_whole_lines(app, drawn) -> None:  # noqa: ANN001
    """Every line of the panel's text is either shown whole or not at all."""
    assert drawn
    lay, rect, offset = drawn[-1]
    top, bottom = text_window(app, lay, rect.height, offset)
    assert bottom > top, "no line of the feedback is visible"
    shown = 0
    for a, b in lay.lines:
        inside = top <= a and b <= bottom
        outside = b <= top or a >= bottom
        assert inside or outside, (a, b, top, bottom)
        shown += inside
    assert shown >= min(2, len(lay.lines))


def _assert_fu_clear(app, screen, chips, sums, drawn) -> None:  # noqa: ANN001
    panel = screen.feedback_rect
    assert panel is not None
    for c in chips:
        if c.visible:
            assert not c.rect.colliderect(panel), (c.label, c.rect, panel)
    assert sums, "the sum line was not drawn"
    s = sums[-1]
    assert s.bottom <= panel.top, (s, panel)
    for c in chips:
        if c.visible:
            assert not c.rect.colliderect(s), (c.label, c.rect, s)
    _assert_whole_lines(app, drawn)


@pytest.mark.parametrize(("lang", "size"), CASES)
def test_fu_breakdown_step_keeps_chips_and_sum_above_the_panel(tmp_path, monkeypatch, lang, size):
    with headless_app(tmp_path, monkeypatch, language=lang, size=size) as app:
        lesson = app.library().lessons["score_fu_full"]
        for step_id in ("pinfu_ron", "e5_sets"):
            index = next(i for i, s in enumerate(lesson.steps) if s.id == step_id)
            screen = app.push("lesson", lesson_id=lesson.id, step=index)
            frame(app)
            lesson_wrong(app, screen)
            sums = _spy_sum(monkeypatch, fu_view, app)
            drawn = _spy_panel_text(monkeypatch, lesson_screen)
            frame(app)
            assert screen.phase == "retry"
            _assert_fu_clear(app, screen, screen.view.chips, sums, drawn)
            monkeypatch.undo()
            monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
            app.pop()


@pytest.mark.parametrize(("lang", "size"), CASES)
@pytest.mark.parametrize("params", [{"answer": "fu_breakdown"}])
def test_fu_count_drill_keeps_chips_and_sum_above_the_panel(tmp_path, monkeypatch, lang, size, params):
    with headless_app(tmp_path, monkeypatch, language=lang, size=size) as app:
        screen = app.push("drill", generator="fu_count", params=params, n=8, seed=3)
        frame(app)
        drill_wrong(app, screen)
        sums = _spy_sum(monkeypatch, exercise_view, app)
        drawn = _spy_panel_text(monkeypatch, drills_screen)
        frame(app)
        if not screen.view.chips:
            pytest.skip("this drill asks for a number")
        _assert_fu_clear(app, screen, screen.view.chips, sums, drawn)


def _assert_options_keep_their_height(app, screen) -> None:  # noqa: ANN001
    panel = screen.feedback_rect
    assert panel is not None
    buttons = [b for b in screen.view.buttons if b.visible]
    assert buttons
    for b in buttons:
        assert b.measure(app, b.rect.width) <= b.rect.height, (b.text, b.rect)
        assert not b.rect.colliderect(panel), (b.text, b.rect, panel)
    for i, a in enumerate(buttons):
        for b in buttons[i + 1:]:
            assert not a.rect.colliderect(b.rect), (a.text, b.text)


@pytest.mark.parametrize(("lang", "size"), CASES)
@pytest.mark.parametrize(("lesson_id", "index"), [("mcr_fans_chows", 2), ("mcr_fans_chows", 6),
                                                   ("mcr_principles", 6)])
def test_mcr_choice_options_keep_their_height_after_the_answer(tmp_path, monkeypatch, lang, size, lesson_id, index):
    with headless_app(tmp_path, monkeypatch, language=lang, size=size) as app:
        screen = app.push("lesson", lesson_id=lesson_id, step=index)
        frame(app)
        lesson_wrong(app, screen)
        screen.retry()
        lesson_wrong(app, screen)
        drawn = _spy_panel_text(monkeypatch, lesson_screen)
        frame(app)
        assert screen.phase == "done"
        _assert_options_keep_their_height(app, screen)
        _assert_whole_lines(app, drawn)


@pytest.mark.parametrize(("lang", "size"), CASES)
@pytest.mark.parametrize("ask", ["fan", "why"])
def test_mcr_drill_options_keep_their_height_after_the_answer(tmp_path, monkeypatch, lang, size, ask):
    with headless_app(tmp_path, monkeypatch, language=lang, size=size) as app:
        screen = app.push("drill", generator="mcr_excluded", params={"ask": ask}, n=8, seed=3)
        frame(app)
        drill_wrong(app, screen)
        screen.retry()
        drill_wrong(app, screen)
        drawn = _spy_panel_text(monkeypatch, drills_screen)
        frame(app)
        _assert_options_keep_their_height(app, screen)
        _assert_whole_lines(app, drawn)


@pytest.mark.parametrize(("lang", "size"), CASES)
def test_a_childs_tile_picker_keeps_its_size_after_a_miss(tmp_path, monkeypatch, lang, size):
    with headless_app(tmp_path, monkeypatch, language=lang, size=size) as app:
        lesson = app.library().lessons["kids_say_riichi"]
        index = next(i for i, s in enumerate(lesson.steps) if s.kind == "pick_tiles")
        screen = app.push("lesson", lesson_id=lesson.id, step=index)
        frame(app)
        picker = screen.view.picker
        before = picker.rects[0].height
        assert before >= app.layout.tile_h(0.9)  # a child-sized tile to begin with
        lesson_wrong(app, screen)
        drawn = _spy_panel_text(monkeypatch, lesson_screen)
        frame(app)
        assert screen.phase == "retry"
        assert picker.rects[0].height >= before
        panel = screen.feedback_rect
        assert not picker.rect.colliderect(panel), (picker.rect, panel)
        assert not screen.view.shown.rect.colliderect(panel)
        _assert_whole_lines(app, drawn)
