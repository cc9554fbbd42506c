"""An arrange step says how to move things from the start, under its prompt ("Click a tile, then
another: they swap places."; for children "Tap a tile, then a box."), not only after Check is
pressed with nothing moved; and the line fits at 1024x600 without pushing the step off screen."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from tests.ui_events import frame, headless_app  # noqa: E402

# (lesson, step, words the line must hold in English, in Russian)
CASES = [
    ("basics_tiles", 17, ("Click a tile", "swap"), ("Нажмите на плитку", "поменяются местами")),
    ("kids_sorting", 1, ("Tap a tile", "swap"), ("Нажми на плитку", "поменяются местами")),
    ("basics_kan", 5, ("Click a card", "swap"), ("Нажмите на карточку", "поменяются местами")),
    ("basics_sets", 9, ("Click the tiles of one set", "Make a set"), ("Нажмите на плитки", "Собрать сет")),
    ("kids_making_threes", 8, ("Tap the tiles", "These go together!"), ("Нажми на плитки", "Эти вместе!")),
    ("basics_tile_groups", 6, ("Click a tile", "box"), ("Нажмите на плитку", "коробк")),
    ("kids_tile_families", 8, ("Tap a tile, then a box",), ("Нажми на плитку, потом на коробку",)),
    ("manners_penalties", 7, ("Click a card", "box"), ("Нажмите на карточку", "коробк")),
]


@pytest.mark.parametrize(("lang", "size"), [("ru", (1024, 600)), ("en", (1280, 720))])  # each once (time budget)
@pytest.mark.parametrize(("lesson_id", "index", "en_words", "ru_words"), CASES)
def test_the_step_says_how_to_move_things_from_the_start(tmp_path, monkeypatch, lesson_id, index, en_words,
                                                          ru_words, lang, size):
    with headless_app(tmp_path, monkeypatch, size=size, language=lang) as app:
        screen = app.push("lesson", lesson_id=lesson_id, step=index)
        frame(app)
        view = screen.view
        assert screen.step.kind == "arrange"
        assert screen.feedback_rect is None  # nothing pressed yet
        how = view.how
        assert how.visible
        for word in en_words if lang == "en" else ru_words:
            assert word in how.text
        # under the prompt, above what is moved
        assert how.rect.top >= view.prompt.rect.bottom
        moved = [w.rect for w in screen.widgets[screen._view_start:]
                 if w.visible and w.rect.height and w is not how and w is not view.prompt]
        assert moved and min(r.top for r in moved) >= how.rect.bottom
        # nothing pushed off the screen or under the buttons
        assert max(r.bottom for r in moved) <= screen.step_area.bottom
        if lesson_id.startswith("kids_") and view.ask == "boxes":
            assert max(r.bottom for r in view.box_rects()) <= screen.step_area.bottom
