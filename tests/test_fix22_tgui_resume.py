"""A game of several hands left in the middle is kept and continued (review 22, tgui, finding 2):
between hands and mid-hand, from the game's setup screen; a finished game is forgotten."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from tests.test_fix22_tgui_table import learner_plays  # noqa: E402
from trainer.engine.game.actions import Discard  # noqa: E402
from trainer.engine.game.simple_actions import simple_action_from_json, simple_action_to_json  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.screens.play_simple import PlaySimpleScreen  # noqa: E402
from trainer.ui.settings import Settings  # noqa: E402
from trainer.ui.training_setup import (  # noqa: E402
    read_saved_game,
    saved_game_path,
    write_saved_game,
)


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    a = App(size=(1280, 720), settings=Settings(language="en", profile="rules"), progress=None, save=False)
    yield a
    a.close()


def leave(app: App, screen: PlaySimpleScreen) -> None:
    """Esc, then the dialog's Leave."""
    screen.back()
    assert screen.dialog is not None
    next(b for b in screen.dialog.buttons if b.label == "Leave").activate()
    assert app.screen is not screen


def state(screen: PlaySimpleScreen) -> tuple:
    g = screen.game
    return (screen.games, screen.wins, screen.match_hands, list(g.points), [sorted(h) for h in g.hands],
            [[d.tile for d in r] for r in g.rivers], g.ended, g.to_act(), getattr(g, "table_points", 0))


@pytest.mark.parametrize("mode", ["risu", "ab_game", "single_suit_1"])
def test_a_game_left_between_hands_continues_from_its_setup(app: App, mode: str) -> None:
    setup = app.push("training_setup", mode=mode, title=mode)
    assert setup.resume is None
    setup.begin()
    table = app.screen
    learner_plays(table)
    assert table.game.ended and not table.match_over()
    before = state(table)
    leave(app, table)
    setup = app.screen
    assert setup.resume is not None and "hand 1" in setup.saved_text()
    app.render()
    setup.submit()  # Enter continues
    again = app.screen
    assert isinstance(again, PlaySimpleScreen) and again is not table
    assert state(again) == before and again.end_buttons[0].label == "Next hand"
    again.play_again()
    assert again.match_status().startswith("Hand 2")


def test_a_game_left_mid_hand_continues_at_the_same_move(app: App) -> None:
    app.push("training_games")
    table = app.push("play_simple", mode="risu", kids=False, seed=11)
    learner_plays(table)
    for _ in range(6):  # a hand of the game after the first, three moves in, the learner to discard
        table.play_again()
        learner_plays(table, stop=lambda s: len(s.game.history) >= 3
                      and any(isinstance(a, Discard) for a in s.my_legal()))
        if not table.game.ended:
            break
    assert not table.game.ended and any(isinstance(a, Discard) for a in table.my_legal())
    before = state(table)
    leave(app, table)
    again = app.push("play_simple", resume=str(saved_game_path(app, "risu")))
    assert state(again) == before and again.my_legal() == table.my_legal()


def test_a_finished_game_is_forgotten_and_a_damaged_save_starts_afresh(app: App) -> None:
    table = app.push("play_simple", mode="risu", kids=False, seed=5, rules={"max_hands": 4})
    path = saved_game_path(app, "risu")
    for _ in range(4):
        learner_plays(table)
        if table.match_over():
            break
        assert path.exists()
        table.play_again()
    assert table.match_over() and not path.exists()
    write_saved_game(path, {"params": {"mode": "risu"}, "hand_seed": 1, "dealer": 0, "hand_start": [[3000, 3000], 0],
                            "history": [[1, {"type": "discard", "tile": "9m"}]]})
    again = app.push("play_simple", resume=str(path))
    assert again.game is not None and not again.game.history and not path.exists()
    assert read_saved_game(path) is None


def test_every_action_of_the_training_tables_is_written_and_read_back(app: App) -> None:
    seen = set()
    for mode, rules in (("ab_game", {}), ("single_suit_1", {"half_abundance": True}), ("risu", {})):
        table = app.push("play_simple", mode=mode, kids=False, seed=2, rules=rules)
        for _ in range(3):
            learner_plays(table)
            for _seat, action in table.game.history:
                assert simple_action_from_json(simple_action_to_json(action)) == action
                seen.add(type(action).__name__)
            table.play_again()
    assert {"Discard", "Guess", "ExchangeHonor", "Tsumo"} <= seen, seen
