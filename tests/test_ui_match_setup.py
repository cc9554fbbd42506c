"""Match setup: the home card opens it, keyboard changes reach the table, and the choice is
remembered per learner."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from trainer.engine.bots import CarefulBot, EfficientBot  # noqa: E402
from trainer.progress import open_store  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.match_setup import MatchSetup  # noqa: E402
from trainer.ui.settings import Settings  # noqa: E402
from trainer.ui.widgets import OptionRow, Toggle  # noqa: E402


@pytest.fixture()
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    s = open_store(tmp_path / "progress.sqlite3")
    yield s
    s.close()


@pytest.fixture()
def app(store):  # noqa: ANN001, ANN201
    a = App(size=(1280, 720), settings=Settings(language="en"), progress=store, save=False)
    a.push("home")
    yield a
    a.close()


def key(app: App, k: int, unicode: str = "") -> None:
    app.process([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=unicode)], 1 / 60)


def focus_row(screen, label: str) -> None:  # noqa: ANN001
    widget = next(w for lab, _n, w in screen.rows if lab == label)
    screen.set_focus(widget)


def test_home_play_card_opens_the_setup(app: App) -> None:
    home = app.screen
    card = next(c for c in home.cards if c.title == "Play")
    card.activate()
    assert app.screen.name == "match_setup"
    labels = [lab for lab, _n, _w in app.screen.rows]
    assert labels == ["Rules", "Length", "Red fives", "Opponent on the right", "Opponent across",
                      "Opponent on the left", "Coach", "Open hands", "Undo"]
    app.render()


def test_keyboard_choices_reach_the_table_and_are_remembered(app: App, store) -> None:  # noqa: ANN001
    screen = app.push("match_setup", setup=MatchSetup())  # a returning player's defaults, not a new learner's
    focus_row(screen, "Length")
    key(app, pygame.K_LEFT)  # East and South -> East only
    screen = app.screen
    focus_row(screen, "Red fives")
    key(app, pygame.K_LEFT)  # off
    screen = app.screen
    focus_row(screen, "Opponent on the right")
    key(app, pygame.K_RIGHT)  # Swift -> Careful
    focus_row(app.screen, "Coach")
    key(app, pygame.K_RIGHT)  # hints -> full
    focus_row(app.screen, "Open hands")
    key(app, pygame.K_RIGHT)
    setup = app.screen.setup
    assert setup == MatchSetup(length="tonpuusen", red_fives=False, opponents=("careful", "careful", "careful"),
                               coach="full", show_hands=True)
    assert isinstance(next(w for lab, _n, w in app.screen.rows if lab == "Length"), OptionRow)
    assert isinstance(next(w for lab, _n, w in app.screen.rows if lab == "Undo"), Toggle)
    app.render()
    key(app, pygame.K_RETURN, "\r")
    table = app.screen
    assert table.name == "play"
    assert table.match.options.game_length == "tonpuusen" and table.match.options.red_fives == 0
    assert all(type(b) is CarefulBot for b in table.bots[1:])
    assert table.reveal and table.coach == "full"
    # remembered: in the settings and in the learner's profile
    assert MatchSetup.from_json(app.settings.match_setup) == setup
    assert MatchSetup.from_json(store.learner(app.learner_id).settings["match_setup"]) == setup
    app.home()
    again = app.push("match_setup")
    assert again.setup == setup


def test_each_learner_has_their_own_setup(app: App, store) -> None:  # noqa: ANN001
    from trainer.ui.screens.learners import switch_learner
    from trainer.ui.screens.match_setup import remember_setup

    first = app.learner_id
    mine = MatchSetup(preset="ema", opponents=("efficient",) * 3)
    remember_setup(app, mine)
    kid = store.create_learner("Маша", "child")
    switch_learner(app, kid.id)  # a new profile starts from the current settings
    theirs = MatchSetup(length="tonpuusen", coach="full")
    remember_setup(app, theirs)
    switch_learner(app, first)
    screen = app.push("match_setup")
    assert screen.setup == mine
    key(app, pygame.K_RETURN, "\r")
    assert all(type(b) is EfficientBot for b in app.screen.bots[1:])
    assert app.screen.match.rules.name == "ema"
    app.home()
    switch_learner(app, kid.id)
    assert app.push("match_setup").setup == theirs


@pytest.mark.parametrize("text", ["", "not json", "[1, 2]", '{"preset": "nanjing", "coach": 3, "opponents": ["x"]}'])
def test_a_damaged_stored_setup_falls_back_field_by_field(text: str) -> None:
    assert MatchSetup.from_json(text) == MatchSetup()
    kept = MatchSetup.from_json('{"length": "tonpuusen", "preset": "nonsense", "undo": true}')
    assert kept == MatchSetup(length="tonpuusen", undo=True)
