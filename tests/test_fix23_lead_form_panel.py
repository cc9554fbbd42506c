"""Twelve tiles under atama kasō: a win in one of the seed's own 13-tile forms (big four winds with
the fourth wind held four times, 000:3477) is complete as it is, so the end panel says so and names
no imaginary tile (the 13-tile tenpai line and kakū no pai are for the other wins)."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from trainer.engine.game.actions import Tsumo  # noqa: E402
from trainer.engine.game.simple import SimpleGame, scripted_wall  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.settings import Settings  # noqa: E402


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    a = App(size=(1280, 720), settings=Settings(language="en"), progress=None, save=False)
    a.push("home")
    yield a
    a.close()


def test_a_win_in_a_seed_form_names_no_imaginary_tile(app: App) -> None:
    screen = app.push("play_simple", mode="twelve_tiles", kids=False, seed=1, rules={"atama_kasou": True})
    hands = ["111222333444z", "123456789m123p", "456789p123456s", "789s555666777z"]
    screen.game = SimpleGame(screen.setup, wall=scripted_wall(screen.setup.tileset, hands, "4z"))
    screen.counted = False
    screen.focus = None
    screen.rebuild()
    screen._act(Tsumo())
    assert screen.game.won_in_form(0) == "daisuushii"
    assert screen.imaginary_tiles(0) == ()
    lines = screen.value_lines()
    assert not any("13-tile tenpai" in line for line in lines), lines
    assert screen._result_lines()[1] == "Tsumo! Your hand is complete."
    app.render()
