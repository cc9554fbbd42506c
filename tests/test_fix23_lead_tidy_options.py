"""«Где порядок?» (kids_sorting, which_is_tidy): its two options are rows of five tiles.  A big
option of several tiles gets the width its row needs, so a child sees the tiles (they were about
40 px wide at 1024x600, shrunk into a 300 px button)."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from tests.ui_events import lesson_app, open_lesson_step  # noqa: E402


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
def test_the_tidy_rows_are_wide_enough_to_read(tmp_path: Path, size: tuple[int, int]) -> None:
    app = lesson_app(tmp_path, language="ru", size=size)
    try:
        app.apply_profile("child")
        app.render()
        screen = open_lesson_step(app, "kids_sorting", "which_is_tidy")
        buttons = screen.view.buttons
        assert len(buttons) == 2 and all(b.tiles for b in buttons)
        for b in buttons:
            assert b.rect.width >= app.layout.px(400), b.rect  # five tiles, not squeezed into 300 px
            assert 0 <= b.rect.left and b.rect.right <= size[0] and b.rect.bottom <= size[1], b.rect
        assert not buttons[0].rect.colliderect(buttons[1].rect)
        if os.environ.get("TIDY_PNG"):
            import pygame

            app.render()
            pygame.image.save(pygame.display.get_surface(), f"{os.environ['TIDY_PNG']}_{size[0]}.png")
    finally:
        app.close()


