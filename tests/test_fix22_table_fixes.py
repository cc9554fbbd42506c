"""The table and its games, review 22 ("table"):

1. starting a new match while one of the learner's own is unfinished asks, calmly, whether to
   continue that one or start the new one (keys work; nothing is deleted either way);
2. a game imported before the import time was kept apart says neutrally that its play date is not
   known, not «импортирована …» with a time that was never checked against its log;
3. push or fold: when folding risks almost nothing, what pushing adds to the risk is said once, with
   its points — never a bare «около 300:» before «около 300 очков»;
4. the replay's decisions against the coach are never a bare total beside the mistakes: under the
   table the total comes with the kinds it counts;
5. at a tsumo on offer, in a real dealt game played with the keys at 1024x600, the focus starts on
   the win's button, and the arrows never take it across the table to «Назад».
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.table_driver import learner_turn  # noqa: E402
from tests.ui_events import headless_app, key  # noqa: E402
from trainer.engine.bots import make_bot  # noqa: E402
from trainer.engine.game.actions import Tsumo  # noqa: E402
from trainer.engine.game.saved import list_games, read_game, write_game  # noqa: E402
from trainer.i18n import set_language  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.match_setup import MatchSetup  # noqa: E402
from trainer.ui.richtext import plain_text  # noqa: E402
from trainer.ui.saved_games import games_dir  # noqa: E402


@pytest.fixture(params=["en", "ru"])
def app(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    with headless_app(tmp_path, monkeypatch, language=request.param) as a:
        yield a
    set_language("en")


def _en(app: App) -> bool:
    return app.settings.language == "en"


def _enter(app: App) -> None:
    key(app, pygame.K_RETURN, "\r")


# ---------------------------------------------------------------- 1: an unfinished match at the setup


def _leave_a_match_unfinished(app: App) -> Path:
    """Play the bots up to the learner's first turn of a new match, save it and leave the table."""
    table = app.push("play", setup=MatchSetup(length="tonpuusen"), seed=3)
    table.run_bots_until_learner()
    path = table.saver.save()
    assert path is not None
    app.home()
    return path


def test_a_new_match_over_an_unfinished_one_asks_and_enter_starts_the_new_one(app: App) -> None:
    old = _leave_a_match_unfinished(app)
    setup = app.push("match_setup")
    _enter(app)  # "Start the match"
    dialog = setup.dialog
    assert dialog is not None and app.screen is setup  # asked first: no table yet
    body = dialog.body
    if _en(app):
        assert body.startswith("You have an unfinished match from ") and "(hand 1 in progress)" in body, body
        assert "stays in My games" in body, body
        assert [b.label for b in dialog.buttons] == ["Continue it", "Start a new match"]
    else:
        assert body.startswith("У вас есть незаконченная партия от ") and "(идёт 1-я раздача)" in body, body
        assert "останется в «Моих партиях»" in body, body
        assert [b.label for b in dialog.buttons] == ["Продолжить её", "Начать новую партию"]
    app.render()
    _enter(app)  # the focused answer is what the learner asked for: a new match
    table = app.screen
    assert type(table).__name__ == "PlayScreen" and table.saver.path != old
    assert old.exists()  # nothing deleted: My games still lists it and plays it on
    assert any(g.path == old and g.resumable for g in list_games(games_dir(app)))


def test_the_unfinished_match_is_continued_with_the_keys(app: App) -> None:
    old = _leave_a_match_unfinished(app)
    setup = app.push("match_setup")
    _enter(app)
    assert setup.dialog is not None
    key(app, pygame.K_LEFT)  # to "Continue it"
    _enter(app)
    table = app.screen
    assert type(table).__name__ == "PlayScreen" and table.saver.path == old
    # Esc on the question keeps the setup, and digit 1 continues too
    app.home()
    setup = app.push("match_setup")
    _enter(app)
    key(app, pygame.K_ESCAPE)
    assert setup.dialog is None and app.screen is setup
    _enter(app)
    key(app, pygame.K_1, "1")
    assert app.screen.saver.path == old


def test_no_unfinished_match_starts_at_once(app: App) -> None:
    setup = app.push("match_setup")
    _enter(app)
    assert setup.dialog is None and type(app.screen).__name__ == "PlayScreen"


# ---------------------------------------------------------------- 2: the date of an old import


@pytest.fixture(scope="module")
def played_log() -> dict:
    from trainer.engine.game.play import play_match

    rules = MatchSetup(length="tonpuusen").rules()
    return play_match([make_bot(n, rules) for n in ("efficient", "careful", "efficient", "careful")], rules,
                      seed=31).log


def test_an_import_from_before_the_import_time_was_kept_says_its_play_date_is_unknown(
        app: App, played_log: dict) -> None:
    from trainer.ui.views.game_rows import game_line

    folder = games_dir(app)
    old = read_game(write_game(dict(played_log, started="2026-11-20T10:00:00", imported={"from": "tenhou6", "notes": []}),
                               folder / "game-20261120-100000.json"))
    main = game_line(old)[0]
    assert main.startswith("play date unknown (added 2026-11-20)  ·  " if _en(app)
                           else "без даты игры (добавлена 2026-11-20)  ·  "), main
    assert "10:00" not in main and "imported" not in main and "импортирована" not in main
    # a later import kept its import time apart: that time is said as the import's
    new = read_game(write_game(dict(played_log, imported={"from": "tenhou6", "notes": [], "at": "2026-11-28T15:31:00"}),
                               folder / "game-20261128-153100.json"))
    assert game_line(new)[0].startswith("imported 2026-11-28 15:31" if _en(app) else "импортирована 2026-11-28 15:31")
    # a dated import shows the day it was played
    dated = read_game(write_game(dict(played_log, started="2019-01-27",
                                      imported={"from": "tenhou6", "notes": [], "at": "2026-11-28T15:32:00"}),
                                 folder / "game-20190127-000000.json"))
    assert game_line(dated)[0].startswith("2019-01-27  ·  ")
    # the list shows the old import's row so
    screen = app.push("my_games")
    rows = {row.game.path.name: game_line(row.game)[0] for row in screen.rows}
    assert rows["game-20261120-100000.json"] == main
    app.render()


# ---------------------------------------------------------------- 3: push or fold, folding risks nothing


PF = {"chosen": "push", "advice": "fold", "gain": 30, "loss": 300, "risk": 300, "safest_risk": 2,
      "safest": "7z", "safest_genbutsu": False, "win_chance": 0.017, "value": 1500, "last_hand": False,
      "reason": "fold"}


def test_when_folding_risks_nothing_the_added_risk_is_said_once_with_its_points(app: App) -> None:
    from trainer.ui.views.table.review import push_fold_text

    words = plain_text(push_fold_text(PF, "9p"), app).replace("\u00a0", " ")
    if _en(app):
        assert ("less than the extra risk of pushing (about 300 points: what pushing risks, while folding risks "
                "almost nothing)") in words, words
        assert "about 300:" not in words, words
    else:
        assert ("меньше, чем игра вперёд добавляет к риску (около 300 очков: столько рискует игра вперёд, а защита "
                "почти ничем не рискует)") in words, words
        assert "около 300:" not in words, words
    # with a real risk in folding the difference keeps its two figures
    words = plain_text(push_fold_text({**PF, "safest_risk": 120}, "9p"), app).replace("\u00a0", " ")
    assert ("(about 180: pushing risks about 300 points, folding about 120)" if _en(app)
            else "(около 180: риск игры вперёд — около 300 очков, риск защиты — около 120)") in words, words


def test_the_tables_coach_says_it_the_same_way(app: App) -> None:
    from trainer.ui.views.table.coach import added_risk_words

    said = added_risk_words("300", "300", "0")
    assert said == ("about 300 points: what pushing risks, while folding risks almost nothing" if _en(app)
                    else "около 300 очков: столько рискует игра вперёд, а защита почти ничем не рискует")
    assert added_risk_words("180", "300", "120") == (
        "about 180: pushing risks about 300 points, folding about 120" if _en(app)
        else "около 180: риск игры вперёд — около 300 очков, риск защиты — около 120")


# ---------------------------------------------------------------- 4: the replay's two counts


def _decision(**kw: object) -> SimpleNamespace:
    base = {"turn": 0, "mistake": False, "riichi_against_advice": False, "push_fold_against_advice": False}
    return SimpleNamespace(**(base | kw))


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_decisions_against_the_coach_say_what_they_count(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               size: tuple[int, int], language: str) -> None:
    from trainer.ui.screens.play_shots import replay_push_fold

    with headless_app(tmp_path, monkeypatch, size=size, language=language) as app:
        screen = replay_push_fold(app, agree=False)
        decisions = {(0, i): _decision(mistake=i < 19, riichi_against_advice=i in (30, 31),
                                       push_fold_against_advice=40 <= i < 51) for i in range(61)}
        screen.decisions = decisions  # what the header counts (the frames keep their own marks)
        screen.calls = {}
        said = " · ".join(t for t in (screen.header_extra(), screen.below_text()) if t)
        en = language == "en"
        assert ("mistakes: 19 of 61 discards" if en else "ошибок: 19 из 61 сброса") in said, said
        listed = "against the coach: riichi 2, push/fold 11" if en else "вопреки тренеру: риичи 2, вперёд/защита 11"
        explained = ("decisions against the coach: 13 — riichi 2, push/fold 11" if en
                     else "решений вопреки тренеру: 13 — риичи 2, вперёд/защита 11")
        assert listed in screen.header_extra() or explained in screen.below_text(), said
        bare = "decisions against the coach: 13" if en else "решений вопреки тренеру: 13"
        assert said.count(bare) == said.count(explained), said  # never the total alone
        set_language("en")


# ---------------------------------------------------------------- 5: the keys at a tsumo on offer


TSUMO_SEED = 15  # with the efficient bot's choices made by keys, the learner draws a winning tile


def test_at_a_tsumo_in_a_dealt_game_the_keys_start_on_the_win(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with headless_app(tmp_path, monkeypatch, size=(1024, 600), language="ru") as app:
        table = app.push("play", setup=MatchSetup(coach="hints"), seed=TSUMO_SEED)
        bot = make_bot("efficient", table.match.rules)
        for _ in range(200):
            table.run_bots_until_learner()
            if table.round.ended or any(isinstance(a, Tsumo) for a in table.my_legal()):
                break
            learner_turn(app, table, bot, {})
        assert any(isinstance(a, Tsumo) for a in table.my_legal()), "the seed no longer reaches a tsumo"
        app.render()
        win = table.tsumo_button()
        assert win is not None and table.focused_widget() is win  # the focus starts on the offer's button
        assert "Enter (или клавиша 1) объявляет «Цумо»" in table.prompt_text(), table.prompt_text()
        key(app, pygame.K_UP)  # nothing above the buttons but the table: never the back button
        assert table.focused_widget() is win
        key(app, pygame.K_DOWN)  # down to the hand, and up again to the win
        assert table.focused_widget() is table.hand_row
        key(app, pygame.K_UP)
        assert table.focused_widget() is win
        _enter(app)  # Enter declares it
        assert table.round.ended and table.round.result.kind == "tsumo"
        set_language("en")


def test_the_saved_unfinished_match_file_is_untouched_by_the_question(app: App) -> None:
    old = _leave_a_match_unfinished(app)
    before = json.loads(old.read_text(encoding="utf-8"))
    setup = app.push("match_setup")
    _enter(app)
    key(app, pygame.K_ESCAPE)
    assert setup.dialog is None and json.loads(old.read_text(encoding="utf-8")) == before
    assert datetime.fromisoformat(before["started"])  # a real start time, shown as the day in the question
