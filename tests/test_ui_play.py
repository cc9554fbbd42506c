"""The game table headless: the learner discards by clicking, bots move on fixed time steps,
a whole hand ends with a result, and the lesson's goal is reported back."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from trainer.engine.game.actions import Discard, Pass  # noqa: E402
from trainer.engine.game.round import Phase  # noqa: E402
from trainer.engine.game.scenario import setup_round  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.screens.play import BOT_DELAY  # noqa: E402
from trainer.ui.settings import Settings  # noqa: E402


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    a = App(size=(1280, 720), settings=Settings(language="en"), progress=None, save=False)
    a.push("home")
    yield a
    a.close()


def click(app: App, pos: tuple[int, int]) -> None:
    app.process([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], 1 / 60)


def test_bots_move_on_the_clock_and_the_learner_discards_by_double_click(app: App) -> None:
    screen = app.push("play", seed=3)
    screen.run_bots_until_learner()
    assert 0 in screen.round.to_act()
    legal = screen.my_legal()
    if not any(isinstance(a, Discard) for a in legal):
        screen._act(Pass())
        screen.run_bots_until_learner()
    app.render()
    row = screen.hand_row
    i = len(row.slots) - 1
    tile = row.slots[i].tile
    river_before = len(screen.round.seats[0].river)
    click(app, row.rects[i].center)  # lift
    assert row.selected == {i}
    click(app, screen.hand_row._draw_rect(i).center)  # second click discards
    assert len(screen.round.seats[0].river) == river_before + 1
    assert screen.round.seats[0].river[-1].tile == tile
    # Now the bots play; nothing happens before BOT_DELAY, then one action.
    history = len(screen.round.history)
    frames = round(BOT_DELAY * 60)
    for _ in range(frames - 2):  # fixed 1/60 s steps
        app.process([], 1 / 60)
    assert len(screen.round.history) == history and app.animating
    for _ in range(4):
        app.process([], 1 / 60)
    assert len(screen.round.history) == history + 1 or screen.round.ended or 0 in screen.round.to_act()


def test_a_whole_hand_reports_the_goal(app: App) -> None:
    outcomes = []
    screen = app.push("play", seed=5, goal_games=1, on_done=outcomes.append, reveal="all", coach="full")
    for _ in range(300):
        screen.run_bots_until_learner()
        if screen.round.ended:
            break
        legal = screen.my_legal()
        discards = [a for a in legal if isinstance(a, Discard)]
        screen._act(discards[-1] if discards else Pass())
    assert screen.round.ended and screen.games == 1
    app.render()
    assert screen.next_btn is not None
    app.process([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")], 1 / 60)
    assert outcomes and outcomes[0]["games"] == 1 and outcomes[0]["goal_met"]
    assert app.screen.name == "home"


# ---------------------------------------------------------------- hiding tenpai at a draw (001:805)

JUNK = "147m369p147s3456z"


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
