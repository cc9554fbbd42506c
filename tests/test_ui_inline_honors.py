"""Honors named inside a sentence on the training tables start with a small letter ("Left guessed
east wind — not the wait", "Exchange red dragon: −3000"), as the replay's lines do."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from types import SimpleNamespace  # noqa: E402

from trainer.engine.tiles import EAST, Tile  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.settings import Settings  # noqa: E402
from trainer.ui.views import ab_guess  # noqa: E402
from trainer.ui.views.explain import tile_words  # noqa: E402


def test_honors_mid_sentence_start_small(tmp_path, monkeypatch):
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    app = App(size=(1280, 720), settings=Settings(language="en"), progress=None, save=False)
    words = ab_guess.tile_words(SimpleNamespace(app=app), [EAST, 0])
    assert words.startswith("east") and "1 of characters" in words
    assert tile_words(app, [Tile(33)], plain=True, inline=True).startswith("red dragon")
    assert tile_words(app, [Tile(33)], plain=True).startswith("Red dragon")  # a label on its own keeps its capital
