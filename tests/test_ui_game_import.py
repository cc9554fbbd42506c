"""My games: "Open a game" brings a tenhou.net/6 file (or pasted JSON) in, a bad file is named in a
banner and changes nothing, and "Export to tenhou.net/6" writes the selected game into the export folder."""

from __future__ import annotations

import json
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.table_driver import key, open_app  # noqa: E402
from trainer.engine.bots import make_bot  # noqa: E402
from trainer.engine.game.play import play_match  # noqa: E402
from trainer.engine.game.tenhou6_write import to_tenhou6  # noqa: E402
from trainer.ui import folders  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.match_setup import MatchSetup  # noqa: E402
from trainer.ui.saved_games import games_dir  # noqa: E402
from trainer.ui.screens import game_import  # noqa: E402
from trainer.ui.screens.play_shots import saved_games  # noqa: E402


@pytest.fixture(scope="module")
def tenhou6() -> dict:
    """A tenhou.net/6 log written by our writer from a simulated East-only match."""
    rules = MatchSetup(length="tonpuusen").rules()
    log = play_match([make_bot(n, rules) for n in ("efficient", "careful", "efficient", "careful")], rules,
                     seed=31).log
    data = to_tenhou6(log)
    data.pop("riichi_trainer", None)  # as another tool hands it over: only the tenhou.net/6 fields
    return data


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    monkeypatch.setattr(folders, "export_folder", lambda: tmp_path / "docs")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    a = open_app(tmp_path, monkeypatch)
    yield a
    a.close()


def click(app: App, widget) -> None:  # noqa: ANN001
    """A left click on the middle of ``widget``, then one frame."""
    app.process([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=widget.rect.center, button=1)], 1 / 60)
    app.render()


def listed(app: App) -> list[Path]:
    """The files "My games" lists (it is on top of the stack)."""
    assert app.screen.name == "my_games"
    return [r.game.path for r in app.screen.rows]


def card(screen, title: str):  # noqa: ANN001, ANN201
    return next(c for c in screen.cards if c.title == title)


def test_open_a_tenhou6_file_and_replay_it(app: App, tenhou6: dict) -> None:
    saved_games(app)
    docs = folders.export_folder()
    docs.mkdir(parents=True)
    (docs / "online.json").write_text(json.dumps(tenhou6, ensure_ascii=False), encoding="utf-8")
    screen = app.push("my_games")
    app.render()
    before = listed(app)
    click(app, screen.open_btn)
    assert app.screen.name == "game_import"
    click(app, card(app.screen, "online.json"))
    assert app.screen.name == "game_import"  # which player was the learner?
    assert tenhou6["name"] == ["efficient", "careful", "efficient", "careful"]  # the log keeps the bots' ids
    # the bots are named as the match setup names them, and two seats of one bot by their wind
    assert [c.title for c in app.screen.cards] == ["Swift (East)", "Careful (South)", "Swift (West)", "Careful (North)"]
    click(app, app.screen.cards[0])
    after = listed(app)
    (new,) = set(after) - set(before)
    assert set(before) < set(after) and new.parent == games_dir(app)
    assert "Game added to My games" in app.banners[-1].text and f"{len(tenhou6['log'])} hands" in app.banners[-1].text
    row = next(r for r in app.screen.rows if r.game.path == new)
    assert row.game.readable and row.game.hands == len(tenhou6["log"])
    assert app.screen.focused_widget() is row  # the new game is selected
    key(app, pygame.K_RETURN, "\r")
    assert app.screen.name == "replay" and app.screen.path == new and not app.screen.error
    assert len(app.screen.starts) == len(tenhou6["log"])


def test_a_bad_file_is_named_and_the_list_is_unchanged(app: App, tenhou6: dict) -> None:
    saved_games(app)
    docs = folders.export_folder()
    docs.mkdir(parents=True)
    broken = dict(tenhou6, log=[tenhou6["log"][0][:5]])
    (docs / "truncated.json").write_text(json.dumps(broken), encoding="utf-8")
    screen = app.push("my_games")
    app.render()
    before = sorted(games_dir(app).iterdir())
    rows_before = listed(app)
    click(app, screen.open_btn)
    click(app, card(app.screen, "truncated.json"))
    text = app.banners[-1].text
    assert app.banners[-1].kind == "error" and "\n" not in text
    assert text == ("truncated.json cannot be opened: hand 1 is cut short or damaged — "
                    "copy the game again") and str(docs) not in text
    assert sorted(games_dir(app).iterdir()) == before
    app.pop()
    assert listed(app) == rows_before


def test_a_damaged_hand_is_named_in_russian_without_the_engines_english(app: App, tenhou6: dict) -> None:
    """The engine's technical line ("hand 2: seat 1 is dealt 12 tiles, not 13") is for the command
    line; a Russian learner reads which hand is damaged and what to do, in Russian."""
    from dataclasses import replace

    saved_games(app)
    docs = folders.export_folder()
    docs.mkdir(parents=True)
    hands = [list(h) for h in tenhou6["log"]]
    hands[1][4] = hands[1][4][:12]  # seat 0 of the second hand is dealt 12 tiles
    (docs / "short.json").write_text(json.dumps(dict(tenhou6, log=hands)), encoding="utf-8")
    app.apply_settings(replace(app.settings, language="ru"))
    try:
        app.push("my_games")
        click(app, app.screen.open_btn)
        click(app, card(app.screen, "short.json"))
        text = app.banners[-1].text
        assert text == ("Файл short.json нельзя открыть: раздача 2 оборвана или испорчена — "
                        "скопируйте снова"), text
    finally:
        app.apply_settings(replace(app.settings, language="en"))


def test_pasted_json_is_imported_and_pasted_junk_reported(app: App, tenhou6: dict,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(game_import, "clipboard_available", lambda: True)
    monkeypatch.setattr(game_import, "clipboard_text", lambda: "https://tenhou.net/6/#json=")
    app.push("my_games")
    click(app, app.screen.open_btn)
    paste = card(app.screen, "Paste from the clipboard")
    click(app, paste)
    assert app.screen.name == "game_import" and app.banners[-1].kind == "error"
    assert "line 1: not JSON" in app.banners[-1].text
    assert not games_dir(app).exists() or not list(games_dir(app).iterdir())
    monkeypatch.setattr(game_import, "clipboard_text", lambda: json.dumps(tenhou6))
    click(app, paste)
    click(app, app.screen.cards[0])
    (new,) = listed(app)
    assert new.parent == games_dir(app)


def test_export_writes_tenhou6_into_the_export_folder(app: App) -> None:
    paths = saved_games(app)
    screen = app.push("my_games")
    app.render()
    i = next(i for i, r in enumerate(screen.rows) if r.game.path == paths[0])
    click(app, screen.exports[i])
    (out,) = folders.export_folder().glob("*.json")
    assert app.banners[-1].text == f"Exported to {out}"
    data = json.loads(out.read_text(encoding="utf-8"))
    assert set(data) >= {"title", "name", "rule", "log"}
    assert len(data["log"]) == len(json.loads(paths[0].read_text(encoding="utf-8"))["hands"])
    click(app, screen.exports[i])  # a second export never overwrites the first
    assert len(list(folders.export_folder().glob("*.json"))) == 2
    assert len(app.banners) == 1 and app.banners[0].text.endswith(".tenhou6-2.json")  # the new notice replaces the old
    assert all(e is None for r, e in zip(screen.rows, screen.exports, strict=True) if not r.game.readable)


def open_online(app: App, data: dict):  # noqa: ANN201
    """Put ``data`` in the export folder as online.json and open it from "My games": the seat choice."""
    docs = folders.export_folder()
    docs.mkdir(parents=True)
    (docs / "online.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    app.push("my_games")
    click(app, app.screen.open_btn)
    click(app, card(app.screen, "online.json"))
    return app.screen


def test_the_learner_says_which_player_they_were_and_review_and_puzzles_use_it(app: App, tenhou6: dict,
                                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from trainer.engine.exercises import nanikiru
    from trainer.engine.game.records import load
    from trainer.engine.game.saved import list_games

    named = dict(tenhou6, name=["Аня", "Борис", "Вера", "Гоша"])
    monkeypatch.setattr(game_import, "learner_name", lambda app: "вера")  # the learner's own name, any case
    screen = open_online(app, named)
    assert screen.pending is not None and not games_dir(app).exists()  # nothing is written before the choice
    assert [c.title for c in screen.cards] == named["name"]
    assert screen.focused_widget() is screen.cards[2]  # the player with the learner's name is offered first
    assert screen.cards[1].subtitle.startswith("Seat 2:")
    app.render()
    key(app, pygame.K_RETURN, "\r")
    (game,) = list_games(games_dir(app))
    assert game.learner_seat == 2 and game.players[2] == "Вера"
    log = load(game.path)
    assert log["learner_seat"] == 2
    app.screen.open_game(app.screen.rows[0].game)
    assert app.screen.name == "replay" and app.screen.learner == 2 and app.screen.me == 2
    drill = nanikiru.make_drill([(game.path, game.learner_seat)], n=5, starter=False)
    assert drill.puzzles and all(p.position.seat == 2 for p in drill.puzzles)


def test_leaving_the_seat_choice_writes_nothing(app: App, tenhou6: dict) -> None:
    assert open_online(app, tenhou6).pending is not None
    key(app, pygame.K_ESCAPE)
    assert app.screen.name == "my_games" and not app.screen.rows


def test_a_file_that_is_no_game_log_is_named_with_a_translated_reason(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """A JSON file that is neither our game log nor a tenhou.net/6 log, and a file that is not
    JSON: the banner names the file and says why in the learner's language (Russian here), not in
    the engine's English."""
    from trainer.i18n import set_language
    from trainer.ui.settings import Settings

    monkeypatch.setattr(folders, "export_folder", lambda: tmp_path / "docs")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    ru = App(size=(1280, 720), settings=Settings(language="ru"), progress=None, save=False)
    try:
        ru.push("home")
        saved_games(ru)
        docs = folders.export_folder()
        docs.mkdir(parents=True)
        (docs / "notes.json").write_text(json.dumps({"hello": 1}), encoding="utf-8")
        (docs / "broken.json").write_text('{"log": [\n', encoding="utf-8")
        screen = ru.push("my_games")
        ru.render()
        click(ru, screen.open_btn)
        click(ru, card(ru.screen, "notes.json"))
        text = ru.banners[-1].text
        assert "notes.json нельзя открыть: это не запись партии" in text and "neither" not in text
        click(ru, card(ru.screen, "broken.json"))
        text = ru.banners[-1].text
        assert "broken.json нельзя открыть: ошибка JSON в строке 2" in text and "not JSON" not in text
    finally:
        ru.close()
        set_language("en")


def test_bot_players_show_the_setup_names_in_the_learners_language() -> None:
    from trainer.i18n import set_language
    from trainer.ui.match_setup import player_display_names

    set_language("en")
    assert player_display_names(["You", "efficient", "careful", "careful"]) == [
        "You", "Swift", "Careful (West)", "Careful (North)"]
    assert player_display_names(["You", "Swift", "Careful", "Strong"]) == ["You", "Swift", "Careful", "Strong"]
    assert player_display_names(["Аня", "beginner", "strong"]) == ["Аня", "Gentle", "Strong"]
    assert player_display_names(["Bo", "Bo", "Al", "Cy"]) == ["Bo (East)", "Bo (South)", "Al", "Cy"]
    set_language("ru")
    try:
        assert player_display_names(["You", "efficient", "careful", "careful"]) == [
            "Вы", "Шустрый", "Осторожный (Запад)", "Осторожный (Север)"]
    finally:
        set_language("en")


def test_a_bad_tile_code_is_named_and_a_good_file_next_clears_the_error(app: App, tenhou6: dict) -> None:
    """Review 20 (player): a log whose tile number is no tile was called "cut short", and the red
    banner about it stayed over the seat choice of the next, good file."""
    saved_games(app)
    docs = folders.export_folder()
    docs.mkdir(parents=True)
    hands = [list(h) for h in tenhou6["log"]]
    hands[0][4] = [99, *hands[0][4][1:]]  # the first dealt tile of seat 0 is number 99
    (docs / "bad_tile.json").write_text(json.dumps(dict(tenhou6, log=hands)), encoding="utf-8")
    (docs / "good.json").write_text(json.dumps(tenhou6), encoding="utf-8")
    app.push("my_games")
    click(app, app.screen.open_btn)
    click(app, card(app.screen, "bad_tile.json"))
    text = app.banners[-1].text
    assert "hand 1 of the log has a number that is not a tile" in text and "cut short" not in text, text
    click(app, card(app.screen, "good.json"))  # the seat choice of a good file
    assert app.screen.pending is not None
    assert not [b for b in app.banners if b.kind == "error"]
