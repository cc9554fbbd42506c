"""The three-player (sanma) table driven by keys: three seats (nobody across), the Kita
button when the engine offers it, the Norths set aside beside their player, the result card
with two payers and the tsumo-loss rule, the match end for three, the match setup without
the seat across, and a saved three-player game that resumes and replays."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.table_driver import drive_hand, key, open_app, press_digit  # noqa: E402
from trainer.engine.game.actions import Kita  # noqa: E402
from trainer.engine.game.records import load, replay  # noqa: E402
from trainer.engine.game.saved import list_games  # noqa: E402
from trainer.engine.tiles import NORTH  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.match_setup import MatchSetup  # noqa: E402
from trainer.ui.saved_games import games_dir  # noqa: E402
from trainer.ui.views.table.result import payment_lines  # noqa: E402
from trainer.ui.views.table.seats import seat_pieces  # noqa: E402
from trainer.ui.views.table.state import seat_quarter  # noqa: E402

SANMA = MatchSetup(preset="sanma", coach="hints")
TSUMO_WITH_KITA_SEED = 7  # the learner sets two Norths aside, declares riichi and wins by tsumo
CALL_AND_KITA_SEED = 6  # the learner pons and sets a North aside; the hand ends in a ron


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    a = open_app(tmp_path, monkeypatch)
    yield a
    a.close()


def test_three_seats_sit_bottom_right_and_left() -> None:
    assert [seat_quarter(s, 3) for s in range(3)] == [0, 1, 3]
    assert [seat_quarter(s, 4) for s in range(4)] == [0, 1, 2, 3]


def test_a_three_player_hand_with_kita_riichi_and_tsumo(app: App) -> None:
    screen = app.push("play", setup=SANMA, seed=TSUMO_WITH_KITA_SEED)
    assert len(screen.bots) == 3 and len(screen.state.seats) == 3
    assert [screen.seat_name(s) for s in range(3)] == ["You", "Right", "Left"]
    # play to the learner's first Kita offer: a button with the North, and the coach explains it
    offered = None
    for _ in range(60):
        screen.run_bots_until_learner()
        if any(isinstance(a, Kita) for a in screen.my_legal()):
            offered = screen
            break
        from tests.table_driver import learner_turn
        from trainer.engine.bots import make_bot

        learner_turn(app, screen, make_bot("efficient", screen.match.rules), {})
    assert offered is not None
    labels = [b.label for b in screen.action_buttons]
    assert "Kita" in labels
    btn = screen.action_buttons[labels.index("Kita")]
    assert [p.tile.kind for p in btn.pieces] == [NORTH]
    app.render()
    assert "{term:nukidora|nuki dora}" in screen.coach_message()
    norths = sum(1 for t in screen.round.seats[0].concealed if t.kind == NORTH)
    press_digit(app, labels.index("Kita") + 1)
    me = screen.round.seats[0]
    assert len(me.kita) == 1 and sum(1 for t in me.concealed if t.kind == NORTH) == norths - 1
    # the North lies beside the learner, apart from the hand
    state = screen.state
    assert [p.tile.kind for p in seat_pieces(state.seats[0], with_hand=False)] == [NORTH]
    app.render()
    seen = drive_hand(app, screen)
    res = screen.round.result
    assert seen["kind"] == "tsumo" and res.wins[0].seat == 0 and len(screen.round.seats[0].kita) == 2
    view = screen.result_view
    assert view.title() == "Tsumo! You win."
    details = view.details[0]
    shown = dict(view.yaku_lines(details, app))
    assert details.score.dora_count.nuki == 2 and shown[app.term_text("nukidora")] == "2 han"
    lines = payment_lines(details.win, screen.seat_name)
    assert [line.split(" → ")[0] for line in lines] == ["Right", "Left"]
    assert len(res.deltas) == 3 and sum(screen.round.scores) == 3 * 35000  # two payers, riichi stick back
    app.render()
    key(app, pygame.K_RETURN, "\r")  # next hand
    assert not screen.round.ended and screen.match.hands_played == 1


def test_opponents_norths_are_drawn_beside_them(app: App) -> None:
    screen = app.push("play", setup=SANMA, seed=CALL_AND_KITA_SEED)
    seen = drive_hand(app, screen)
    assert seen["learner_call"] and screen.round.seats[0].melds
    for seat in screen.state.seats:
        pieces = seat_pieces(seat)
        kinds = [p.tile.kind for p in pieces if p.tile is not None]
        assert kinds[len(kinds) - len(seat.kita):] == [NORTH] * len(seat.kita)
    assert any(s.kita for s in screen.state.seats[1:])
    app.render()


def test_a_north_a_ron_may_rob_is_marked_like_a_discard(app: App) -> None:
    """While the table waits on calls after a North is set aside, that North (the newest of the
    seat's Norths) is marked, as the last discard is when a call is possible on it."""
    import dataclasses

    screen = app.push("play", setup=SANMA, seed=CALL_AND_KITA_SEED)
    drive_hand(app, screen)
    seat = next(s for s in screen.state.seats if s.kita)
    assert all(p.highlight is None for p in seat_pieces(seat))
    offered = seat_pieces(dataclasses.replace(seat, kita_offered=True))
    assert [p.highlight for p in offered[-len(seat.kita):]] == [None] * (len(seat.kita) - 1) + ["hint"]


def test_match_setup_offers_sanma_without_the_seat_across(app: App) -> None:
    screen = app.push("match_setup", setup=MatchSetup())
    labels = [label for label, _n, _w in screen.rows]
    assert "Opponent across" in labels
    rules_row = screen.rows[0][2]
    assert "sanma" in [v for v, _t in rules_row.options]
    screen._set(preset="sanma")
    labels = [label for label, _n, _w in screen.rows]
    red_note = dict((label, note) for label, note, _w in screen.rows)["Red fives"]
    assert "red 5 of dots and of bamboo" in red_note and "5 of characters" in red_note  # words, not notation
    assert not any(code in red_note for code in ("5p", "5s", "5m"))
    assert "Opponent across" not in labels and {"Opponent on the right", "Opponent on the left"} <= set(labels)
    app.render()
    screen._set_opponent(2, "strong")
    screen.set_focus(screen.start)
    key(app, pygame.K_RETURN, "\r")
    table = app.screen
    assert table.name == "play" and table.match.rules.players == 3
    from trainer.engine.bots import BOTS

    # the right seat plays the first opponent, the left seat the third (nobody across)
    assert table.setup.opponents == ("efficient", "careful", "strong")
    assert [type(b) for b in table.bots[1:]] == [BOTS["efficient"], BOTS["strong"]]


def test_a_saved_three_player_match_resumes_and_replays(app: App) -> None:
    screen = app.push("play", setup=SANMA, seed=CALL_AND_KITA_SEED)
    drive_hand(app, screen)
    key(app, pygame.K_RETURN, "\r")  # deal hand 2
    screen.run_bots_until_learner()
    before = (screen.match.hands_played, list(screen.round.scores), len(screen.round.history))
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_1, "1")  # "Leave"
    (game,) = list_games(games_dir(app))
    assert game.readable and not game.finished and game.hands == 2
    log = load(game.path)
    assert len(log["hands"][0]["scores"]) == 3
    assert list(replay(log, allow_unfinished=True))[-1][0].scores == before[1]
    home = app.screen
    home.rebuild()
    home.match_card.activate()
    again = app.screen
    assert (again.match.hands_played, list(again.round.scores), len(again.round.history)) == before
    assert len(again.state.seats) == 3
    again.leave_table()
    viewer = app.push("replay", path=str(game.path))
    assert not viewer.error and viewer.players == 3
    assert [viewer.seat_name(s) for s in range(3)] == ["You", "Right", "Left"]
    for _ in range(3):
        viewer.next_seat()
    assert viewer.me == 0  # three seats, and back to the learner
    viewer.pos = len(viewer.frames) // 3
    app.render()
    assert any(s.kita for f in viewer.frames for s in f.state.seats)


def test_three_player_match_end(app: App) -> None:
    from trainer.ui.screens.play_shots import SANMA as SHOT_SETUP
    from trainer.ui.screens.play_shots import match_end

    screen = match_end(app, SHOT_SETUP)
    assert screen.match.finished and len(screen.match.standings()) == 3
    assert all(len(h) == 3 for h in screen.history)
    app.render()


def test_mistakes_of_a_saved_three_player_game_become_review_cards(app: App) -> None:
    from trainer.ui.screens.play_shots import SANMA as SHOT_SETUP
    from trainer.ui.screens.play_shots import position_review, saved_games

    path = saved_games(app, SHOT_SETUP)[0]
    log = load(path)
    assert len(log["hands"][0]["scores"]) == 3
    screen = position_review(app, answered=True, setup=SHOT_SETUP)
    assert screen.items and screen.frame.state.players == 3 and screen.decision is not None
    assert screen.decision.chosen in {str(t) for t in screen.frame.state.seats[0].hand if t is not None} | {
        str(screen.frame.state.seats[0].drawn)}
    app.render()
