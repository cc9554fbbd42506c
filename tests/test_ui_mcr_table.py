"""The MCR table headless: chosen in the match setup, the learner plays with keys, the coach
names the 8-point hand, flowers are shown, the result lists fans and payments."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.table_driver import discard_with_keys, key, open_app  # noqa: E402
from trainer.engine.game.actions import Discard  # noqa: E402
from trainer.engine.game.view import make_view  # noqa: E402
from trainer.engine.mcr.bots import McrBot  # noqa: E402
from trainer.ui.match_setup import MatchSetup  # noqa: E402
from trainer.ui.screens.play import McrPlayScreen  # noqa: E402
from trainer.ui.views.table import mcr as mcr_view  # noqa: E402


@pytest.fixture()
def app(tmp_path, monkeypatch):  # noqa: ANN001, ANN201
    a = open_app(tmp_path, monkeypatch)
    yield a
    a.close()


def test_match_setup_starts_an_mcr_game(app) -> None:  # noqa: ANN001
    screen = app.push("match_setup", setup=MatchSetup(preset="mcr"))
    screen.begin()
    table = app.screen
    assert isinstance(table, McrPlayScreen)
    assert table.match.rules.name == "mcr" and table.match.rules.hands == 16
    assert all(isinstance(b, McrBot) for b in table.bots[1:])
    assert not table.center.sticks_and_dora
    assert table.header_extra().endswith("hand 1 of 16")


def test_a_hand_played_with_keys_ends_with_fans_and_payments(app, monkeypatch) -> None:  # noqa: ANN001
    drawn: list[str] = []
    real = mcr_view.blit_text

    def spy(surf, app_, text, *a, **k):  # noqa: ANN001, ANN202
        drawn.append(text)
        return real(surf, app_, text, *a, **k)

    monkeypatch.setattr(mcr_view, "blit_text", spy)
    for seed in range(1, 20):
        screen = app.push("mcr_play", setup=MatchSetup(preset="mcr", coach="full"), seed=seed)
        bot = McrBot(screen.match.rules)
        coach_seen = ""
        for _ in range(400):
            screen.run_bots_until_learner()
            if screen.round.ended:
                break
            app.render()
            coach_seen = coach_seen or screen.coach_message()
            choice = bot.choose(make_view(screen.round, 0), screen.my_legal())
            if isinstance(choice, Discard):
                discard_with_keys(app, screen, choice.tile)
            else:
                screen._act(choice)
        res = screen.round.result
        if res.wins and any(screen.round.flowers):
            break
        app.pop()
    assert "Heading for" in coach_seen and "points" in coach_seen
    drawn.clear()
    app.render()
    view = screen.result_view
    w = res.wins[0]
    lines = view.fan_lines(app)
    assert sum(int(v) for _n, v in lines) == w.score.total
    assert any("(" in name and "," in name for name, _v in lines)  # name (hanzi, pinyin)
    assert any(t.startswith("Total ") for t in drawn)
    pay = view.payment_lines()
    assert len(pay) == 3 if w.from_seat is None else len(pay) == 3
    assert sum(screen.round.scores) == 0
    key(app, pygame.K_RETURN, "\r")  # next hand
    assert screen.match.hands_played == 1 and not screen.round.ended


def test_flowers_are_drawn_beside_their_seats(app, monkeypatch) -> None:  # noqa: ANN001
    chips: list[tuple[int, tuple[int, int]]] = []
    real = mcr_view.flower_chip

    def spy(surf, app_, rect, number):  # noqa: ANN001, ANN202
        chips.append((number, rect.center))
        return real(surf, app_, rect, number)

    monkeypatch.setattr(mcr_view, "flower_chip", spy)
    for seed in range(1, 20):
        screen = app.push("mcr_play", seed=seed)
        screen.run_bots_until_learner()
        if sum(len(f) for f in screen.round.flowers) >= 2:
            break
        app.pop()
    app.render()
    want = sorted(f.number for fl in screen.round.flowers for f in fl)
    assert sorted(n for n, _c in chips) == want
    centre = screen.board.center.rect
    assert not any(centre.collidepoint(c) for _n, c in chips)


def _play_learner(app, screen, bot, actions: int = 400) -> None:  # noqa: ANN001
    """The learner plays as the MCR bot would, for up to ``actions`` decisions or the hand's end."""
    for _ in range(actions):
        screen.run_bots_until_learner()
        if screen.round.ended:
            return
        choice = bot.choose(make_view(screen.round, 0), screen.my_legal())
        if isinstance(choice, Discard):
            discard_with_keys(app, screen, choice.tile)
        else:
            screen._act(choice)


def test_a_left_mcr_game_is_saved_and_resumes_from_home_and_my_games(app) -> None:  # noqa: ANN001
    from trainer.engine.game.saved import list_games
    from trainer.engine.mcr.records import load, replay
    from trainer.ui.saved_games import games_dir

    screen = app.push("mcr_play", setup=MatchSetup(preset="mcr"), seed=3)
    bot = McrBot(screen.match.rules)
    _play_learner(app, screen, bot)
    assert screen.round.ended
    key(app, pygame.K_RETURN, "\r")  # deal hand 2
    _play_learner(app, screen, bot, actions=3)
    screen.run_bots_until_learner()
    before = (screen.match.hands_played, list(screen.round.scores), len(screen.round.history))
    key(app, pygame.K_ESCAPE)
    assert "saved" in screen.dialog.body
    key(app, pygame.K_1, "1")  # "Leave"
    assert app.screen.name == "home"
    (game,) = list_games(games_dir(app))
    assert game.readable and game.game == "mcr" and not game.finished and game.hands == 2
    log = load(game.path)
    assert log["hands"][0]["scores_after"] == list(log["hands"][1]["scores"])
    assert len(list(replay(log, allow_unfinished=True))) > 2
    home = app.screen
    home.rebuild()
    assert home.match_card is not None and home.match_card.subtitle.startswith("Chinese Official")
    home.match_card.activate()
    again = app.screen
    assert isinstance(again, McrPlayScreen) and again is not screen
    assert (again.match.hands_played, list(again.round.scores), len(again.round.history)) == before
    _play_learner(app, again, bot)
    assert again.round.ended and again.match.hands_played == 2
    app.pop()
    games = app.push("my_games")
    (row,) = games.rows
    from trainer.ui.views.game_rows import game_line

    main, right = game_line(row.game)
    assert "Chinese Official" in main and "2 hands" in main and right.startswith("in progress")
    assert games.exports == [None]  # no tenhou.net/6 export for an MCR game
    row.activate()  # unfinished: My games asks whether to play on or to watch (review 21)
    assert games.dialog is not None and [b.label for b in games.dialog.buttons] == ["Watch the replay", "Play on"]
    games.dialog.buttons[0].activate()
    replay = app.screen
    assert replay.name == "replay" and replay.mcr and not replay.error
    assert len(replay.starts) == 2 and "Next mistake" not in [b.label for b in replay.buttons]
    replay.jump_hand(1)
    replay.step(-1)  # the end of the first hand: who won, or the draw
    app.render()
    first = replay.frames[replay.pos]
    assert first.result is not None
    assert replay.caption(first).startswith(("Draw", "Hu! "))
    if first.result.wins:
        assert replay.caption(first).endswith("points.")
    assert any(first.flowers)  # the flowers set aside in the hand are in its frames


def test_the_points_chart_marks_round_values_at_their_own_heights() -> None:
    from trainer.ui.views.table.result import chart_ticks

    assert chart_ticks(-238, 200) == [-200, -100, 0, 100, 200]  # MCR game points
    assert chart_ticks(18000, 52000) == [20000, 30000, 40000, 50000]  # riichi points
    assert all(len(chart_ticks(lo, hi)) <= 5 for lo in range(-300, 0, 37) for hi in range(1, 90000, 997))
