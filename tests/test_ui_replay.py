"""My games and the replay viewer: saved games listed (unreadable ones named, never deleted),
a game stepped through by keys, seen from another seat or with open hands, and the review's
marks on the learner's discards."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.table_driver import key, open_app  # noqa: E402
from trainer.engine.game.records import load, replay  # noqa: E402
from trainer.engine.game.review import review_game  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.saved_games import games_dir  # noqa: E402
from trainer.ui.screens.play_shots import saved_games  # noqa: E402


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    a = open_app(tmp_path, monkeypatch)
    yield a
    a.close()


def test_my_games_lists_games_and_unreadable_files(app: App) -> None:
    paths = saved_games(app)
    (games_dir(app) / "game-20261102-090000.json").write_text('{"format": "riichi-trainer/game-log", "version": 9}',
                                                              encoding="utf-8")
    before = sorted(p.name for p in games_dir(app).iterdir())
    screen = app.push("my_games")
    app.render()
    readable = [r for r in screen.rows if r.game.readable]
    broken = {r.game.name: r.game.problem for r in screen.rows if not r.game.readable}
    assert [r.game.path for r in readable] == sorted(paths, reverse=True)
    assert "not JSON" in broken["game-20261101-090000.json"]
    assert "newer version" in broken["game-20261102-090000.json"]
    assert all(not r.focusable for r in screen.rows if not r.game.readable)
    assert sorted(p.name for p in games_dir(app).iterdir()) == before  # nothing deleted
    screen.set_focus(readable[0])
    key(app, pygame.K_RETURN, "\r")
    assert app.screen.name == "replay" and app.screen.path == readable[0].game.path


def test_replay_steps_by_keys_and_ends_on_the_saved_scores(app: App) -> None:
    path = saved_games(app)[0]
    screen = app.push("replay", path=str(path))
    assert not screen.error and screen.pos == 0
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert screen.pos == 2 and screen.frames[2].seat is not None
    key(app, pygame.K_LEFT)
    assert screen.pos == 1
    key(app, pygame.K_PAGEDOWN)
    assert screen.pos == screen.starts[1] and screen.frames[screen.pos].hand == 1
    key(app, pygame.K_PAGEUP)
    assert screen.pos == screen.starts[0]
    for _ in range(len(screen.frames)):
        key(app, pygame.K_RIGHT)
    last = screen.frames[-1]
    log = load(path)
    assert last.result is not None and last.hand == len(log["hands"]) - 1
    assert [s.score for s in last.state.seats] == log["hands"][-1]["scores_after"]
    app.render()


def test_replay_from_another_seat_with_open_hands(app: App) -> None:
    screen = app.push("replay", path=str(saved_games(app)[0]))
    screen.pos = 5
    hidden = screen.frames[5].state
    assert hidden.me == 0 and all(t is None for t in hidden.seats[1].hand)
    key(app, pygame.K_s)
    assert screen.me == 1 and screen.frames[5].state.me == 1 and screen.pos == 5
    assert all(t is not None for t in screen.frames[5].state.seats[1].hand)
    key(app, pygame.K_o)
    assert all(t is not None for s in screen.frames[5].state.seats for t in s.hand)
    app.render()


def test_review_marks_and_explains_the_learners_mistakes(app: App) -> None:
    path = saved_games(app)[0]
    log = load(path)
    review = review_game(log, 0)
    mistakes = review.mistakes()
    assert mistakes  # the pictured learner throws every drawn tile
    screen = app.push("replay", path=str(path))
    key(app, pygame.K_m)
    d = screen.current_decision()
    assert d is not None and d.mistake and (d.hand, d.action) == (mistakes[0].hand, mistakes[0].action)
    frame = screen.frames[screen.pos]
    assert screen.marks(frame)[0][d.turn] == "wrong"
    app.render()
    assert screen.box.layout is not None and screen.box.rect.height > 0  # the verdict is on screen
    from trainer.ui.views.table.review import decision_text

    words = decision_text(d)
    assert d.chosen in words and all(b in words for b in d.best)
    assert "{term:" in words
    # the frame's river holds the discard the review talks about
    assert str(frame.state.seats[0].river[d.turn].tile) == d.chosen
    states = list(replay(log))
    assert states


def test_a_damaged_game_shows_a_message_not_a_crash(app: App) -> None:
    folder = games_dir(app)
    folder.mkdir(parents=True)
    bad = folder / "game-20260101-000000.json"
    bad.write_text("[]", encoding="utf-8")
    screen = app.push("replay", path=str(bad))
    app.render()
    assert screen.error.startswith("This game cannot be shown")
    key(app, pygame.K_RIGHT)  # keys do nothing harmful
    assert bad.exists()
