"""The learner's table asks whether to show a tenpai hand at an exhaustive draw (001:805)."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from trainer.engine.game.actions import Discard  # noqa: E402
from trainer.engine.game.round import Phase  # noqa: E402
from trainer.engine.game.scenario import setup_round  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.settings import Settings  # noqa: E402

JUNK = "147m369p147s3456z"


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    a = App(size=(1280, 720), settings=Settings(language="en"), progress=None, save=False)
    a.push("home")
    yield a
    a.close()


def table_at_the_draw(app: App):  # noqa: ANN201
    """The play screen with the learner (seat 0, dealer) tenpai when the wall runs out."""
    screen = app.push("play", seed=1)
    rnd = setup_round(["123m456p789s1122z", JUNK, JUNK, "258m369p258s5677z"], dora="9s",
                      tenpai_choice=screen.match.tenpai_choice)
    while rnd.phase is Phase.TURN:
        rnd.apply(rnd.current, Discard(rnd.seats[rnd.current].drawn))
        while rnd.phase is Phase.CALLS:
            rnd.apply(rnd.to_act()[0], rnd.legal_actions(rnd.to_act()[0])[0])
    screen.round = screen.match.round = rnd
    screen.rebuild()
    app.render()
    return screen


@pytest.mark.parametrize(("label", "tenpai"), [("Show tenpai", (0,)), ("Hide tenpai (count as noten)", ())])
def test_the_learner_chooses_to_show_or_hide_tenpai(app: App, label: str, tenpai: tuple[int, ...]) -> None:
    screen = table_at_the_draw(app)
    labels = [b.label for b in screen.action_buttons]
    assert labels == ["Show tenpai", "Hide tenpai (count as noten)"]
    button = screen.action_buttons[labels.index(label)]
    app.process([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1)], 1 / 60)
    assert screen.round.ended and screen.round.result.tenpai == tenpai
