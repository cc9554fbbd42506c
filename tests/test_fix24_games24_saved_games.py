"""Damaged saved games of our own format (review robust24, finding 6): the replay viewer, «Play on»
in My games and the home's resume card say why in the learner's words and name the hand, never the
engine's English line or a whole wall; My games marks a game that does not replay (no Export
button); the home does not offer a match that cannot be played on, and says why once."""

from __future__ import annotations

import copy
import os
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from tests.ui_events import headless_app  # noqa: E402
from trainer import i18n  # noqa: E402
from trainer.engine.bots import make_bot  # noqa: E402
from trainer.engine.game.play import play_match  # noqa: E402
from trainer.engine.game.records import RecordError, match_rules, replay  # noqa: E402
from trainer.engine.game.saved import new_game_path, write_game  # noqa: E402
from trainer.ui.log_problems import log_replay_problem  # noqa: E402
from trainer.ui.saved_games import games_dir  # noqa: E402
from trainer.ui.views.game_rows import game_line  # noqa: E402

ENGINE_WORDS = ("seat", "does not hold", "bad wall", "wall needs")


@pytest.fixture(autouse=True)
def _english_afterwards():  # noqa: ANN202
    yield
    i18n.set_language("en")


@pytest.fixture(scope="module")
def played() -> dict[str, Any]:
    """One East-only match by bots, as the app saves it."""
    rules = match_rules("tenhou", {"game_length": "tonpuusen"})
    players = [make_bot(b, rules) for b in ("efficient", "careful", "efficient", "careful")]
    log = play_match(players, rules, seed=11).log
    log.update(learner_seat=0)
    return log


def _impossible(log: dict[str, Any], hand: int = 0) -> dict[str, Any]:
    """The log with the first discard of ``hand`` changed to a tile its player does not hold."""
    out = copy.deepcopy(log)
    action = out["hands"][hand]["actions"][0][1]
    assert action["type"] == "discard"
    for tile in ("7z", "6z", "5z", "4z", "1z", "9m", "1p", "9s"):
        action["tile"] = tile
        problem = log_replay_problem(out)
        if problem is not None and "does not hold" in str(problem.error):
            return out
    raise AssertionError("the first player holds every tile tried")


def _unfinished(log: dict[str, Any], hands: int = 2, actions: int = 6) -> dict[str, Any]:
    """The log as saved in the middle of hand ``hands`` (after ``actions`` of its actions)."""
    out = copy.deepcopy(log)
    out["final"] = None
    out["hands"] = out["hands"][:hands]
    last = out["hands"][-1]
    last["actions"] = last["actions"][:actions]
    last["result"] = None
    last.pop("scores_after", None)
    return out


def _bad_wall(log: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(log)
    out["hands"][0]["wall"] = "9x" + out["hands"][0]["wall"][2:]
    return out


def _save(app: Any, log: dict[str, Any], hour: int) -> Path:
    started = datetime(2026, 11, 26, hour, 0)
    log = dict(log, started=started.isoformat(timespec="seconds"))
    return write_game(log, new_game_path(games_dir(app), started))


def _checked(screen: Any) -> None:
    """Let My games replay every game it has not checked yet."""
    for _ in range(200):
        if not screen.update(0.016):
            return
    raise AssertionError("My games never finished checking its games")


def test_the_replay_names_the_damaged_hand_in_russian(played, tmp_path, monkeypatch) -> None:  # noqa: ANN001
    with headless_app(tmp_path, monkeypatch, language="ru") as app:
        path = _save(app, _impossible(played, hand=1), 10)
        screen = app.push("replay", path=str(path))
        assert screen.error == "Эту партию нельзя показать: раздача 2 повреждена (файл изменён или обрезан)"
        app.render()


def test_a_bad_wall_is_never_printed_whole(played, tmp_path, monkeypatch) -> None:  # noqa: ANN001
    log = _bad_wall(played)
    with pytest.raises(RecordError) as caught:
        list(replay(log))
    message = str(caught.value)
    assert caught.value.hand == 1 and "(272 characters)" in message and len(message) < 120, message
    with headless_app(tmp_path, monkeypatch, language="en") as app:
        screen = app.push("replay", path=str(_save(app, log, 10)))
        assert screen.error == "This game cannot be shown: hand 1 is damaged (the file was changed or cut short)"


def test_my_games_marks_a_game_that_does_not_replay(played, tmp_path, monkeypatch) -> None:  # noqa: ANN001
    with headless_app(tmp_path, monkeypatch, language="en") as app:
        good = _save(app, played, 10)
        bad = _save(app, _impossible(played), 11)
        screen = app.push("my_games")
        _checked(screen)
        rows = {row.game.path: row for row in screen.rows}
        assert rows[good].game.readable and rows[good].enabled
        row = rows[bad]
        assert not row.game.readable and not row.enabled and not row.focusable
        assert game_line(row.game)[1] == "unreadable: hand 1 is damaged (the file was changed or cut short)"
        export = screen.exports[screen.rows.index(row)]
        assert export is not None and not export.visible
        assert screen.focused_widget() is rows[good]
        app.render()
        assert bad.exists()
        # built again (back from another screen): marked at once, without replaying again
        screen.rebuild()
        assert not {r.game.path: r for r in screen.rows}[bad].game.readable and screen.unchecked == []


def test_play_on_says_why_in_the_learners_words(played, tmp_path, monkeypatch) -> None:  # noqa: ANN001
    with headless_app(tmp_path, monkeypatch, language="ru") as app:
        path = _save(app, _impossible(_unfinished(played), hand=1), 10)
        screen = app.push("my_games")
        game = screen.rows[0].game
        assert game.resumable
        screen.resume(game)
        assert app.screen is screen and path.exists()
        texts = [b.text for b in app.banners]
        assert texts == ["Эту партию нельзя продолжить: раздача 2 повреждена (файл изменён или обрезан)"], texts
        assert not screen.rows[0].game.readable


def test_home_does_not_offer_a_match_that_cannot_be_played_on(played, tmp_path, monkeypatch) -> None:  # noqa: ANN001
    with headless_app(tmp_path, monkeypatch, language="ru") as app:
        _save(app, _impossible(_unfinished(played), hand=1), 10)
        home = app.screen
        home.rebuild()
        assert home.match_card is None
        said = [b.text for b in app.banners]
        assert said == ["Незаконченную партию нельзя продолжить: раздача 2 повреждена (файл изменён или обрезан). "
                        "Она осталась в «Моих партиях»."], said
        assert not any(word in said[0] for word in ENGINE_WORDS)
        app.banners = []
        home.rebuild()  # said once
        assert home.match_card is None and app.banners == []


def test_home_offers_an_older_match_that_can_be_played_on(played, tmp_path, monkeypatch) -> None:  # noqa: ANN001
    with headless_app(tmp_path, monkeypatch, language="en") as app:
        _save(app, _unfinished(played, hands=1, actions=4), 9)
        _save(app, _impossible(_unfinished(played), hand=1), 10)
        home = app.screen
        home.rebuild()
        assert home.match_card is not None and home.match_card.title == "Resume the match"
        assert "hand 1 in progress" in home.match_card.subtitle


def test_a_short_wall_names_its_hand(played) -> None:  # noqa: ANN001
    log = _unfinished(played, hands=2, actions=0)
    log["hands"][-1]["wall"] = log["hands"][-1]["wall"][:40]
    problem = log_replay_problem(log)
    assert problem is not None and problem.hand == 2
    i18n.set_language("ru")
    assert problem.text() == "раздача 2 повреждена (файл изменён или обрезан)"


def test_a_game_that_replays_has_no_problem(played) -> None:  # noqa: ANN001
    assert log_replay_problem(played) is None
    assert log_replay_problem(_unfinished(played)) is None
