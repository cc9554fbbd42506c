"""After a wrong final answer to a number question, the feedback panel shows the line that
matters (the sum: "The sum: 2 + 2 + 2 + 1 + 1 = 8", "Sum 36 → 40 fu") without scrolling, at
1280x720 and 1024x600: the locked keypad steps aside and the panel grows into the room the quiz
leaves (as far as the quiz can tighten), instead of keeping two lines and "More below"."""

from __future__ import annotations

import os
import re

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from tests.ui_events import headless_app  # noqa: E402
from trainer.cli.wrong_answers import drill_wrong, lesson_wrong  # noqa: E402
from trainer.ui.richtext import layout_rich  # noqa: E402
from trainer.ui.theme import PALETTE  # noqa: E402
from trainer.ui.views.feedback import _strip_h, panel_height  # noqa: E402

SIZES = [("en", (1280, 720)), ("en", (1024, 600)), ("ru", (1280, 720)), ("ru", (1024, 600))]
KEY_LINE = re.compile(r"= \d+|→ \d+")


def _room_to_key_line(app, text: str, font: str, width: int) -> int:
    """The height the feedback text needs down to the end of its first line with a sum."""
    end = KEY_LINE.search(text)
    assert end is not None, text
    cut = text.find("\u2028", end.end())
    prefix = text if cut < 0 else text[:cut]
    return layout_rich(app, prefix, app.layout.font(font), width, PALETTE.ink).height


@pytest.mark.parametrize(("lang", "size"), SIZES)
def test_a_lesson_number_step_shows_the_sum_without_scrolling(tmp_path, monkeypatch, lang, size):
    with headless_app(tmp_path, monkeypatch, size=size, language=lang) as app:
        screen = app.push("lesson", lesson_id="mcr_fans_hand", step=4)
        app.render()
        lesson_wrong(app, screen)
        screen.retry()
        lesson_wrong(app, screen)
        app.process([], 1.0)
        app.render()
        assert screen.phase == "done"
        assert not any(k.visible for k in screen.view.keys)  # a locked keypad has nothing to type
        L = app.layout
        head_h = app.line_height(L.font("large")) + L.px(18)
        room = screen.feedback_rect.height - head_h - L.px(8)
        if screen.fb_max:
            room -= _strip_h(app)
        need = _room_to_key_line(app, screen._feedback_markup(), "body", L.content().width - L.px(76))
        assert need <= room
        # the quiz above keeps clear of the panel
        assert screen.view.field.rect.bottom <= screen.feedback_rect.top


@pytest.mark.parametrize(("lang", "size"), SIZES)
def test_a_fu_drill_shows_the_rounding_without_scrolling(tmp_path, monkeypatch, lang, size):
    with headless_app(tmp_path, monkeypatch, size=size, language=lang) as app:
        screen = app.push("drill", generator="fu_count", params={}, n=8, seed=3)
        app.render()
        drill_wrong(app, screen)
        screen.retry()
        drill_wrong(app, screen)
        app.process([], 1.0)
        app.render()
        assert screen.phase == "done"
        L = app.layout
        head_h = app.line_height(L.font("large")) + L.px(16)
        room = screen.feedback_rect.height - head_h - L.px(12)
        if screen.fb_max:
            room -= _strip_h(app)
        need = _room_to_key_line(app, screen.feedback_text, screen.fb_font, L.content().width - L.px(70))
        assert need <= room
        field = screen.view.fields[0][1]
        assert field.rect.bottom <= screen.feedback_rect.top


def test_the_panel_takes_the_room_a_tightened_quiz_leaves(tmp_path, monkeypatch):
    """A quiz that lays out 400 px tall when it has the room and tightens to 320 px otherwise
    (the drill's compact layout): the panel grows until the tightened quiz just fits."""
    with headless_app(tmp_path, monkeypatch) as app:
        top, bottom, gap = 100, 640, 12

        def quiz_bottom(limit: int) -> int:
            return top + (400 if limit >= top + 400 else 320)

        h = panel_height(app, 400, top, bottom, gap, quiz_bottom)
        most = bottom - gap - (top + 320)
        assert most - app.layout.px(4) <= h <= most  # found to a few pixels
