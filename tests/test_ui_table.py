"""The riichi table driven by keys only: a whole hand with a call, a riichi and a win; what
the table shows; the riichi flow; Esc asks; a match left in the middle is saved, resumed
from the home screen, and its saved log replays to the same scores."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.table_driver import drive_hand, key, open_app  # noqa: E402
from trainer.engine.game.records import load, replay  # noqa: E402
from trainer.engine.game.saved import list_games  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.match_setup import MatchSetup  # noqa: E402
from trainer.ui.saved_games import games_dir  # noqa: E402
from trainer.ui.views.table.result import payment_lines  # noqa: E402

CALL_RIICHI_WIN_SEED = 2  # the learner calls, the left player declares riichi, the hand ends in a ron
LEARNER_RIICHI_SEED = 1  # the learner declares riichi


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    a = open_app(tmp_path, monkeypatch)
    yield a
    a.close()


def test_a_whole_hand_with_a_call_a_riichi_and_a_win(app: App) -> None:
    screen = app.push("play", setup=MatchSetup(coach="hints"), seed=CALL_RIICHI_WIN_SEED)
    seen = drive_hand(app, screen)
    assert seen["learner_call"] and seen["calls"] >= 1 and seen["riichi"] and seen["kind"] in ("ron", "tsumo")
    # the call offer was shown as tiles: two from the hand and the called tile highlighted
    labels = [label for label, _p in seen["call_buttons"]]
    assert any(label in ("Chii", "Pon") for label in labels) and "Pass" in labels
    for label, pieces in seen["call_buttons"]:
        if label in ("Chii", "Pon"):
            assert len(pieces) == 3 and pieces[-1].highlight == "hint" and not any(c.isdigit() for c in label)
    # the offered tile was the one marked in the discarder's river
    src, marked = seen["offered"]
    assert src in marked and marked[src] == {len(screen.round.seats[src].river) - 1: "hint"}
    app.render()
    state = screen.state
    riichi_seat = seen["riichi"][0]
    assert state.seats[riichi_seat].riichi and any(d.riichi for d in state.seats[riichi_seat].river)
    assert state.seats[0].melds  # the learner's called meld is on the table
    res = screen.round.result
    view = screen.result_view
    assert view is not None and view.title().startswith(("Tsumo! ", "Ron! ")) and view.title().endswith(
        ("win.", "wins.", "discard."))
    for win, details in zip(res.wins, view.details, strict=True):
        shown = [name for name, _v in view.yaku_lines(details, app)]
        for yaku in win.yaku:  # every yaku the table awarded is listed
            assert app.term_text(yaku) in shown
        dora = details.score.dora_count
        assert len(shown) == len(win.yaku) + sum(1 for n in dora if n)
        assert (details.score.han, details.score.fu) == (win.han, win.fu)
        assert f"{win.han} han, {win.fu} fu" in view.total_line(details)
        fu = view.fu_lines(details, app)
        assert sum(int(v) for _n, v in fu if v.isdigit()) <= win.fu
        payers = [s for s in range(4) if win.base[s] < 0]
        assert len(payment_lines(win, screen.seat_name)) >= len(payers)
    assert screen.next_btn is not None and screen.next_btn.label == "Next hand"
    # the hand is saved and its log replays to the same scores
    (path,) = games_dir(app).glob("game-*.json")
    log = load(path)
    assert len(log["hands"]) == 1 and log["final"] is None and log["learner_seat"] == 0
    assert log["setup"]["coach"] == "hints"
    assert list(log["hands"][0]["scores_after"]) == list(screen.match.scores)
    states = list(replay(log, allow_unfinished=True))
    assert states[-1][0].scores == screen.match.scores
    key(app, pygame.K_RETURN, "\r")  # next hand
    assert not screen.round.ended and screen.match.hands_played == 1


def test_riichi_marks_the_discards_that_keep_the_hand_ready(app: App) -> None:
    screen = app.push("play", setup=MatchSetup(coach="off"), seed=LEARNER_RIICHI_SEED)
    seen = drive_hand(app, screen)
    marks = seen.get("riichi_marks")
    assert marks and set(marks.values()) == {"hint"}
    me = screen.round.seats[0]
    assert me.riichi or screen.round.result.kind in ("ron", "tsumo")
    assert any(d.riichi for d in me.river)


def test_esc_asks_and_a_left_match_resumes_from_home(app: App) -> None:
    screen = app.push("play", setup=MatchSetup(), seed=CALL_RIICHI_WIN_SEED)
    drive_hand(app, screen)
    key(app, pygame.K_RETURN, "\r")  # deal hand 2
    screen.run_bots_until_learner()
    before = (screen.match.hands_played, list(screen.round.scores), len(screen.round.history))
    key(app, pygame.K_ESCAPE)
    assert screen.dialog is not None and app.screen is screen  # asks first
    key(app, pygame.K_RETURN, "\r")  # "Keep playing" is the default
    assert screen.dialog is None and app.screen is screen
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_1, "1")  # "Leave"
    assert app.screen.name == "home"
    (game,) = list_games(games_dir(app))
    assert game.readable and not game.finished and game.hands == 2
    home = app.screen
    home.rebuild()
    assert home.match_card is not None and home.match_card.title == "Resume the match"
    home.match_card.activate()
    again = app.screen
    assert again.name == "play" and again is not screen
    assert (again.match.hands_played, list(again.round.scores), len(again.round.history)) == before
    assert again.setup == MatchSetup()


def test_a_damaged_saved_match_is_listed_and_not_resumed(app: App) -> None:
    folder = games_dir(app)
    folder.mkdir(parents=True)
    (folder / "game-20260101-000000.json").write_text("{oops", encoding="utf-8")
    home = app.screen
    home.rebuild()
    assert home.match_card is None  # an unreadable file is not offered for resuming
    assert (folder / "game-20260101-000000.json").exists()


def test_an_idle_screen_with_a_banner_is_not_redrawn_every_frame(app: App) -> None:
    app.render()
    app.notify("A message for three seconds", seconds=3.0)
    app.process([], 1 / 60)
    assert app.dirty and not app.animating
    app.render()
    redraws = 0
    for _ in range(120):  # two seconds of frames: the banner stays, nothing changes
        app.process([], 1 / 60)
        if app.dirty:
            redraws += 1
            app.render()
    assert redraws == 0 and not app.animating
    assert 900 <= app.idle_wait_ms() <= 1000  # the loop sleeps until the banner is due to go
    app.process([], 1.2)
    assert app.dirty and not app.banners  # it went away: one redraw


def test_practice_undo_takes_back_the_last_discard(app: App) -> None:
    from tests.table_driver import discard_with_keys, press_digit
    from trainer.engine.game.actions import Discard

    screen = app.push("play", setup=MatchSetup(undo=True), seed=CALL_RIICHI_WIN_SEED)
    screen.run_bots_until_learner()
    assert not screen.can_undo()  # nothing discarded yet
    hand_before = sorted(screen.round.seats[0].concealed)
    tile = next(a.tile for a in screen.my_legal() if isinstance(a, Discard))
    discard_with_keys(app, screen, tile)
    screen.run_bots_until_learner()
    assert screen.can_undo() and screen.action_buttons[-1].label == "Take back my discard"
    press_digit(app, len(screen.action_buttons))
    assert sorted(screen.round.seats[0].concealed) == hand_before and not screen.round.seats[0].river
    assert 0 in screen.round.to_act() and not screen.can_undo()
    # the saved log forgot the taken-back discard and still replays
    screen.saver.save()
    log = load(screen.saver.path)
    assert all(seat != 0 for seat, _a in log["hands"][-1]["actions"])
    list(replay(log, allow_unfinished=True))


def test_without_the_practice_switch_there_is_no_undo(app: App) -> None:
    from tests.table_driver import discard_with_keys
    from trainer.engine.game.actions import Discard

    screen = app.push("play", setup=MatchSetup(undo=False), seed=CALL_RIICHI_WIN_SEED)
    screen.run_bots_until_learner()
    discard_with_keys(app, screen, next(a.tile for a in screen.my_legal() if isinstance(a, Discard)))
    screen.run_bots_until_learner()
    assert not screen.can_undo()
    assert all(b.label != "Take back my discard" for b in screen.action_buttons)


def test_draw_and_match_end_views(app: App) -> None:
    from trainer.ui.screens.play_shots import match_end, table_after_hand

    screen = table_after_hand(app, lambda r: r.kind == "exhaustive", seeds=range(1, 10))
    res = screen.round.result
    view = screen.result_view
    assert view.title() == "Draw: the wall is empty" and not view.details
    names = ", ".join(screen.seat_name(s) for s in res.tenpai) or "nobody"
    assert view.draw_lines(app)[0] == f"{app.term_text('tenpai')}: {names}"  # the glossary term, with its Japanese
    assert view.draw_lines(app, markup=True)[0] == "{term:tenpai}: " + names
    app.render()
    screen = match_end(app)
    assert screen.match.finished and screen.match_end is not None
    assert screen.next_btn.label == "Leave the table"
    assert len(screen.history) == screen.match.hands_played + 1
    assert screen.history[-1] == list(screen.match.scores)
    app.render()
    key(app, pygame.K_RETURN, "\r")
    assert app.screen.name == "home"


def test_score_differences_on_the_d_key(app: App) -> None:
    screen = app.push("play", setup=MatchSetup(), seed=CALL_RIICHI_WIN_SEED)
    drive_hand(app, screen)
    key(app, pygame.K_RETURN, "\r")
    screen.run_bots_until_learner()
    app.render()
    assert not screen.center.show_diff
    key(app, pygame.K_d, "d")
    assert screen.center.show_diff
    app.render()  # the labels now read +N / -N against the learner's points
    key(app, pygame.K_d, "d")
    assert not screen.center.show_diff
