"""Games move with the learner (review «returning» item 3, «player» item 4):

- the progress export carries the learner's saved games (``games``: file name and game log), the
  import writes them into the learner's games folder (never over a different file of that name),
  so «My games», the unfinished match and the review cards of table decisions work on the new
  computer; a card naming its game by a path of the old computer finds it by its file name;
- a game file name in an export is a plain ``game-….json`` (no folder);
- importing the same tenhou.net/6 log twice does not add the game twice: a banner says it is in
  «My games» already."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from trainer import i18n  # noqa: E402
from trainer.engine.game.exchange import AlreadySaved, read_source, save_import  # noqa: E402
from trainer.engine.game.records import load  # noqa: E402
from trainer.engine.game.saved import list_games  # noqa: E402
from trainer.progress import open_store  # noqa: E402
from trainer.progress.transfer import (  # noqa: E402
    GamesImport,
    TransferError,
    games_notes,
    games_root,
    import_file,
    import_learner,
    write_export,
)
from trainer.ui import folders  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.game_cards import due_positions, record_mistakes  # noqa: E402
from trainer.ui.saved_games import games_dir  # noqa: E402
from trainer.ui.screens.play_shots import saved_games  # noqa: E402
from trainer.ui.settings import Settings  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def _english_afterwards():
    yield
    i18n.set_language("en")


def _app(data: Path, monkeypatch: pytest.MonkeyPatch, docs: Path) -> App:
    monkeypatch.setenv("TRAINER_DATA_DIR", str(data))
    monkeypatch.setattr(folders, "export_folder", lambda: docs)
    monkeypatch.setenv("HOME", str(data / "home"))
    app = App((1280, 720), settings=Settings(language="en"), progress=open_store(data / "progress.sqlite3"),
              save=False)
    app.push("home")
    return app


def _old_computer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, list[str], set[str]]:
    """A learner who played two matches on the "old computer" (mistakes made cards) and exported
    from the progress screen: the export file, the game file names and the card ids."""
    docs = tmp_path / "docs"
    app = _app(tmp_path / "old", monkeypatch, docs)
    paths = saved_games(app)
    made = record_mistakes(app, paths[0], load(paths[0]))
    assert made and due_positions(app)
    cards = {r["item_id"] for r in due_positions(app)}
    names = sorted(p.name for p in paths)
    screen = app.push("progress")
    screen.export()
    app.close()
    (export,) = docs.glob("riichi-trainer-*.json")
    return export, names, cards


def test_export_carries_the_games_with_file_names_not_old_paths(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    export, names, _cards = _old_computer(tmp_path, monkeypatch)
    data = json.loads(export.read_text(encoding="utf-8"))
    assert sorted(g["name"] for g in data["games"]) == names  # the unreadable file is left out
    assert all(isinstance(g["log"], dict) and g["log"]["hands"] for g in data["games"])
    specs = [json.loads(c["spec"]) for c in data["cards"] if c["spec"] and "game" in c["spec"]]
    assert specs and {s["game"] for s in specs} <= set(names)  # no path of the old computer
    assert str(tmp_path / "old") not in json.dumps(data["cards"])


def test_import_on_a_new_computer_brings_my_games_and_the_table_cards(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    export, names, cards = _old_computer(tmp_path, monkeypatch)
    new = _app(tmp_path / "new", monkeypatch, tmp_path / "docs")
    try:
        new.push("progress_import").do_import(export)
        folder = games_dir(new)
        assert folder.parent == tmp_path / "new" / "games"
        assert sorted(g.name for g in list_games(folder) if g.readable) == names  # «My games»
        due = due_positions(new)
        assert {r["item_id"] for r in due} == cards  # the cards come back, with this computer's files
        assert all(Path(r["game"]).parent == folder and Path(r["game"]).is_file() for r in due)
        assert "not copied" not in new.banners[-1].text
        # importing the same file again changes nothing and says nothing about the games
        new.push("progress_import").do_import(export)
        assert sorted(p.name for p in folder.iterdir()) == names
        assert new.banners[-1].kind == "info"
    finally:
        new.close()


def test_a_card_with_an_old_computers_path_finds_its_game_by_name(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    app = _app(tmp_path / "data", monkeypatch, tmp_path / "docs")
    try:
        path = saved_games(app)[0]
        log = load(path)
        record_mistakes(app, path, log)
        n = len(due_positions(app))
        assert n
        gone = "/elsewhere/old-computer/games/abc/" + path.name  # as an export from before kept it
        app.progress.db.execute("UPDATE card SET spec = json_set(spec, '$.game', ?)", (gone,))
        app.progress.db.commit()
        due = due_positions(app)
        assert len(due) == n and {r["game"] for r in due} == {str(path)}
        path.unlink()  # the game itself is gone: its cards are not offered
        assert due_positions(app) == []
    finally:
        app.close()


def _exported(tmp_path: Path) -> tuple[dict, Path]:
    """An export of a learner with one real saved game (and the folder it came from)."""
    store = open_store(tmp_path / "a" / "progress.sqlite3")
    learner = store.create_learner("Мама")
    folder = games_root(store) / learner.uuid
    folder.mkdir(parents=True)
    from trainer.engine.bots import make_bot
    from trainer.engine.game.play import play_match
    from trainer.ui.match_setup import MatchSetup

    rules = MatchSetup(length="tonpuusen").rules()
    log = play_match([make_bot("efficient", rules) for _ in range(4)], rules, seed=3).log
    (folder / "game-20261128-132827.json").write_text(json.dumps(log), encoding="utf-8")
    write_export(store, learner.id, tmp_path / "mama.json", games=folder)
    store.close()
    return json.loads((tmp_path / "mama.json").read_text(encoding="utf-8")), folder


def test_import_never_overwrites_a_different_game_and_says_so(tmp_path: Path) -> None:
    data, _folder = _exported(tmp_path)
    (game,) = data["games"]
    store = open_store(tmp_path / "b" / "progress.sqlite3")
    here = games_root(store) / data["learner"]["uuid"]
    here.mkdir(parents=True)
    other = dict(game["log"], hands=game["log"]["hands"][:1])  # e.g. the match went on differently here
    (here / game["name"]).write_text(json.dumps(other), encoding="utf-8")
    junk = {"name": "game-20261128-140000.json", "log": {"not": "a game"}}
    result = GamesImport()
    import_learner(store, dict(data, games=[game, junk]), games_root=games_root(store), games=result)
    assert json.loads((here / game["name"]).read_text(encoding="utf-8")) == other  # kept
    assert not (here / junk["name"]).exists()
    assert result.kept == [game["name"]] and result.unreadable == [junk["name"]] and not result.added
    added, problems = games_notes(result)
    assert added is None and len(problems) == 2
    assert "already has a different game under the same file name (game-20261128-132827.json)" in problems[0]
    i18n.set_language("ru")
    problems = games_notes(result)[1]
    assert problems[0] == ("1 сохранённая партия не скопирована: в «Моих партиях» уже есть другая партия "
                           "под тем же именем файла (game-20261128-132827.json)")
    # the same game is skipped quietly
    (here / game["name"]).write_text(json.dumps(game["log"]), encoding="utf-8")
    again = GamesImport()
    import_learner(store, data, games_root=games_root(store), games=again)
    assert again.same == [game["name"]] and games_notes(again) == (None, [])
    store.close()


@pytest.mark.parametrize(("name", "field"), [
    ("../game-1.json", "games[0].name"),
    ("sub/game-1.json", "games[0].name"),
    ("/tmp/game-1.json", "games[0].name"),
    ("progress.sqlite3", "games[0].name"),
    ("game-.json", "games[0].name"),
])
def test_a_game_name_must_be_a_plain_game_file_name(tmp_path: Path, name: str, field: str) -> None:
    data, _folder = _exported(tmp_path)
    data["games"][0]["name"] = name
    store = open_store(tmp_path / "b" / "progress.sqlite3")
    with pytest.raises(TransferError) as err:
        import_learner(store, data, "mama.json", games_root=games_root(store))
    assert err.value.problem.field == field and "not a saved game's file name" in str(err.value)
    assert store.learners() == [] and not games_root(store).exists()  # nothing changed
    store.close()


def test_a_game_twice_or_not_an_object_is_refused(tmp_path: Path) -> None:
    data, _folder = _exported(tmp_path)
    store = open_store(tmp_path / "b" / "progress.sqlite3")
    with pytest.raises(TransferError, match=r"games\[1\]\.name: the same file name as games\[0\]"):
        import_learner(store, dict(data, games=data["games"] * 2), games_root=games_root(store))
    with pytest.raises(TransferError, match=r"games\[0\]\.log: must be a JSON object"):
        import_learner(store, dict(data, games=[{"name": "game-1.json", "log": [1, 2]}]))
    assert store.learners() == []
    # a file without games (an export from before) imports as before
    learner = import_learner(store, {k: v for k, v in data.items() if k != "games"}, games_root=games_root(store))
    assert learner.name == "Мама" and not games_root(store).exists()
    store.close()


def test_the_progress_command_moves_the_games(tmp_path: Path) -> None:
    _data, folder = _exported(tmp_path)
    run = [sys.executable, "-m", "trainer", "progress", "--lang", "en"]
    r = subprocess.run([*run, "export", str(tmp_path / "cli.json")], capture_output=True, text=True, cwd=ROOT,
                       env=dict(os.environ, TRAINER_DATA_DIR=str(tmp_path / "a")))
    assert r.returncode == 0, r.stderr
    assert [g["name"] for g in json.loads((tmp_path / "cli.json").read_text(encoding="utf-8"))["games"]] == [
        "game-20261128-132827.json"]
    env = dict(os.environ, TRAINER_DATA_DIR=str(tmp_path / "c"))
    r = subprocess.run([*run, "import", str(tmp_path / "cli.json")], capture_output=True, text=True, cwd=ROOT,
                       env=env)
    assert r.returncode == 0, r.stderr
    assert "1 saved game copied to My games" in r.stdout
    copied = tmp_path / "c" / "games" / folder.name / "game-20261128-132827.json"
    assert json.loads(copied.read_text(encoding="utf-8")) == json.loads(
        (folder / "game-20261128-132827.json").read_text(encoding="utf-8"))


def test_import_file_passes_the_games_on(tmp_path: Path) -> None:
    _data, _folder = _exported(tmp_path)
    store = open_store(tmp_path / "d" / "progress.sqlite3")
    result = GamesImport()
    learner = import_file(store, tmp_path / "mama.json", games_root=games_root(store), games=result)
    assert result.added == ["game-20261128-132827.json"]
    assert (games_root(store) / learner.uuid / "game-20261128-132827.json").is_file()
    store.close()


# ------------------------------------------------------------- B: the same tenhou.net/6 log twice


@pytest.fixture(scope="module")
def tenhou6() -> dict:
    from trainer.engine.bots import make_bot
    from trainer.engine.game.play import play_match
    from trainer.engine.game.tenhou6_write import to_tenhou6
    from trainer.ui.match_setup import MatchSetup

    rules = MatchSetup(length="tonpuusen").rules()
    log = play_match([make_bot(n, rules) for n in ("efficient", "careful", "efficient", "careful")], rules,
                     seed=31).log
    data = to_tenhou6(log)
    data.pop("riichi_trainer", None)
    return data


def test_save_import_refuses_the_same_game_twice(tmp_path: Path, tenhou6: dict) -> None:
    first = save_import(read_source(tenhou6), tmp_path, learner_seat=0)
    with pytest.raises(AlreadySaved) as err:
        save_import(read_source(json.loads(json.dumps(tenhou6))), tmp_path, learner_seat=0)
    assert err.value.path == first and [p.name for p in tmp_path.iterdir()] == [first.name]
    other_seat = save_import(read_source(tenhou6), tmp_path, learner_seat=2)  # another player's view: kept apart
    assert other_seat != first and len(list(tmp_path.iterdir())) == 2


def test_opening_the_same_log_twice_says_it_is_in_my_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                           tenhou6: dict) -> None:
    import pygame

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "online.json").write_text(json.dumps(tenhou6), encoding="utf-8")
    app = _app(tmp_path / "data", monkeypatch, docs)

    def click(widget) -> None:  # noqa: ANN001
        app.process([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=widget.rect.center, button=1)], 1 / 60)
        app.render()

    def open_it() -> None:
        screen = app.screen
        click(screen.open_btn)
        click(next(c for c in app.screen.cards if c.title == "online.json"))
        click(app.screen.cards[0])  # the first player

    try:
        app.push("my_games")
        app.render()
        open_it()
        assert "Game added to My games" in app.banners[-1].text
        files = sorted(games_dir(app).iterdir())
        open_it()
        assert app.screen.name == "my_games"
        assert sorted(games_dir(app).iterdir()) == files  # no second copy
        banner = app.banners[-1]
        assert banner.kind == "warn"
        # named as My games lists it (review 21), not by its file name
        from trainer.ui.views.game_rows import game_line

        label = " · ".join(part.strip() for part in game_line(app.screen.focused_widget().game)[0].split("·"))
        assert label.endswith(" hands") and "Tenhou" in label
        assert banner.text == f"This game is already in My games: {label}. It was not added again.", banner.text
        assert files[0].name not in banner.text
        assert app.screen.focused_widget().game.path == files[0]  # the game it has is selected
        app.apply_settings(__import__("dataclasses").replace(app.settings, language="ru"))
        open_it()
        label = " · ".join(part.strip() for part in game_line(app.screen.focused_widget().game)[0].split("·"))
        assert app.banners[-1].text == f"Эта партия уже есть в «Моих партиях»: {label}. Второй раз она не добавлена."
        assert files[0].name not in app.banners[-1].text
    finally:
        app.close()
