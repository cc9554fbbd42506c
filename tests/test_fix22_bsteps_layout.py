"""Review 22 (beginner) #6 and a LOW item: after a wrong answer the cards of an "order" step stay
above the feedback panel (they covered its title at 1280x720, 1024x600 and 1600x900), and the
number keypad leaves a gap above the panel's border instead of overlapping it."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui_events import click, frame, key, lesson_app, open_lesson_step  # noqa: E402

SIZES = [(1280, 720), (1024, 600), (1600, 900)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_order_cards_stay_above_the_feedback_panel(tmp_path: Path, size: tuple[int, int], lang: str) -> None:
    a = lesson_app(tmp_path, language=lang, size=size)
    try:
        screen = open_lesson_step(a, "basics_turn_flow", "order_of_hand")
        view = screen.view
        click(a, view.cards[1].rect.center)
        click(a, view.cards[2].rect.center)
        key(a, pygame.K_RETURN, "\r")
        frame(a)
        assert screen.feedback_kind in ("retry", "right") and screen.feedback_rect is not None
        panel = screen.feedback_rect
        gap = a.layout.px(8)
        for c in view.cards:
            assert c.rect.bottom + gap <= panel.top, (c.rect, panel)
            assert c.rect.top >= view.how.rect.bottom
        # the cards never overlap one another, and each is tall enough for its text
        rects = [c.rect for c in view.cards]
        assert not [(r, q) for i, r in enumerate(rects) for q in rects[i + 1:] if r.colliderect(q)]
        assert all(c.rect.height >= c.measure(a, c.rect.width) for c in view.cards)
    finally:
        a.close()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_keypad_leaves_a_gap_above_the_feedback_panel(tmp_path: Path, size: tuple[int, int], lang: str) -> None:
    a = lesson_app(tmp_path, language=lang, size=size)
    try:
        screen = open_lesson_step(a, "basics_tanyao_pinfu", "pinfu_tsumo_fu")
        view = screen.view
        key(a, pygame.K_2, "2")
        key(a, pygame.K_1, "1")
        key(a, pygame.K_RETURN, "\r")
        frame(a)
        assert screen.phase == "retry" and screen.feedback_rect is not None
        keys = [k for k in view.keys if k.visible]
        assert len(keys) == 11
        gap = a.layout.px(8)
        assert max(k.rect.bottom for k in keys) + gap <= screen.feedback_rect.top
        assert not [k for k in keys if k.rect.colliderect(view.field.rect)]
        assert not [k for k in keys if k.rect.colliderect(view.hand_row.rect)]
        assert all(screen.step_area.left <= k.rect.left and k.rect.right <= screen.step_area.right for k in keys)
        assert view.field.rect.top >= view.hand_row.rect.bottom
    finally:
        a.close()


def test_the_keypad_stays_under_the_box_when_there_is_room(tmp_path: Path) -> None:
    """Before any answer (no panel) the keypad keeps its place under the answer box, centred."""
    a = lesson_app(tmp_path, language="ru")
    try:
        screen = open_lesson_step(a, "basics_tanyao_pinfu", "pinfu_tsumo_fu")
        view = screen.view
        assert screen.feedback_rect is None
        assert all(k.rect.top >= view.field.rect.bottom for k in view.keys)
        assert view.field.rect.centerx == screen.step_area.centerx
    finally:
        a.close()
