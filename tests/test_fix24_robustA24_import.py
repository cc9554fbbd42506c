"""Review 24 (verify24 B.4 / A.6, B.10): "Open a game" says why a damaged game cannot be opened in
the learner's words, as "My games" says it — never the engine's English line («seat 0 does not hold
7z», «bad wall: 'wall'», «the log has no hands», «busting») — and an empty file is called empty, not
«ошибка JSON в строке 1».  A wall cut short (the engine's ValueError) is a banner too, not a crash;
a pipe or a file larger than any game log is not read at all."""

from __future__ import annotations

import copy
import json
import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from tests.ui_events import headless_app  # noqa: E402
from trainer.engine.bots import make_bot  # noqa: E402
from trainer.engine.game.exchange import read_source  # noqa: E402
from trainer.engine.game.play import play_match  # noqa: E402
from trainer.engine.game.records import RecordError  # noqa: E402
from trainer.engine.game.tenhou6_write import to_tenhou6  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.match_setup import MatchSetup  # noqa: E402
from trainer.ui.saved_games import games_dir  # noqa: E402
from trainer.ui.screens import game_import  # noqa: E402

HAND_1_RU = "раздача 1 повреждена (файл изменён или обрезан)"
HAND_1_EN = "hand 1 is damaged (the file was changed or cut short)"
ENGINE_WORDS = ("does not hold", "bad wall", "scores at the start", "has no hands", "busting", "a wall needs",
                "KeyError", "not a tile")
"""The engine's English that reached the Russian banner before."""


@pytest.fixture(scope="module")
def own_log() -> dict[str, Any]:
    """A short finished match's log in our own format."""
    rules = MatchSetup(length="tonpuusen").rules()
    return play_match([make_bot(n, rules) for n in ("efficient", "careful", "efficient", "careful")], rules,
                      seed=31).log


def _damaged(log: dict[str, Any], how: str) -> dict[str, Any]:
    """``log`` with its first hand damaged as a hand edit or a cut would damage it."""
    bad = copy.deepcopy(log)
    first = bad["hands"][0]
    if how == "negative_scores":
        first["scores"] = [-5000, 25000, 25000, 25000]
    elif how == "bad_wall":
        first["wall"] = "9x" + first["wall"][2:]
    elif how == "no_wall":
        del first["wall"]
    elif how == "impossible_discard":
        first["actions"][0][1]["tile"] = _tile_not_held(log)
    elif how == "short_wall":
        first["wall"] = first["wall"][:40]
    return bad


def _tile_not_held(log: dict[str, Any]) -> str:
    """A tile the first player to act does not hold at the first action of the log (the engine says
    «hand 1, action 1: seat 0 does not hold 7z» when it is discarded)."""
    for tile in [f"{n}{suit}" for suit in "zmps" for n in range(1, 10) if suit != "z" or n <= 7]:
        bad = copy.deepcopy(log)
        bad["hands"][0]["actions"][0][1]["tile"] = tile
        try:
            read_source(bad)
        except RecordError as exc:
            if "does not hold" in str(exc):
                return tile
    raise AssertionError("every tile is held")


@pytest.fixture()
def ru_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    with headless_app(tmp_path, monkeypatch, language="ru", profile="rules") as app:
        yield app


def _open(app: App, path: Path) -> str:
    """Open ``path`` on "Open a game" and draw; the banner's text ("" when there is none)."""
    app.push("game_import")
    app.screen.open_file(path)
    app.process([], 0.1)
    app.render()
    return app.banners[-1].text if app.banners else ""


def _write(folder: Path, name: str, data: Any) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("how, why", [("impossible_discard", HAND_1_RU), ("negative_scores", HAND_1_RU),
                                      ("bad_wall", HAND_1_RU), ("no_wall", HAND_1_RU), ("short_wall", "файл повреждён")])
def test_a_damaged_own_game_is_said_in_russian(ru_app: App, tmp_path: Path, own_log: dict[str, Any], how: str,
                                               why: str) -> None:
    path = _write(tmp_path / "docs", f"{how}.json", _damaged(own_log, how))
    text = _open(ru_app, path)
    assert text == f"Файл {how}.json нельзя открыть: {why}", text
    assert not any(w in text for w in ENGINE_WORDS) and not games_dir(ru_app).exists()


def test_the_undamaged_game_opens(ru_app: App, tmp_path: Path, own_log: dict[str, Any]) -> None:
    """The damage above is what the banner is about: the same log whole is added to My games."""
    path = _write(tmp_path / "docs", "whole.json", own_log)
    assert _open(ru_app, path).startswith("Партия добавлена")


def test_a_tenhou_log_without_hands_is_said_in_russian(ru_app: App, tmp_path: Path, own_log: dict[str, Any]) -> None:
    data = to_tenhou6(own_log)
    data["log"] = []
    text = _open(ru_app, _write(tmp_path / "docs", "nolog.json", data))
    assert text == "Файл nolog.json нельзя открыть: файл повреждён", text


@pytest.mark.parametrize("content", ["", "  \n", "\ufeff\n"])
def test_an_empty_file_is_called_empty(ru_app: App, tmp_path: Path, content: str) -> None:
    path = tmp_path / "docs" / "empty.json"
    path.parent.mkdir(parents=True)
    path.write_text(content, encoding="utf-8")
    assert _open(ru_app, path) == "Файл empty.json нельзя открыть: файл пустой"


def test_a_pasted_damaged_game_is_said_in_russian(ru_app: App, own_log: dict[str, Any],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(game_import, "clipboard_text", lambda: json.dumps(_damaged(own_log, "bad_wall")))
    ru_app.push("game_import")
    ru_app.screen.paste()
    assert ru_app.banners[-1].text == f"Эту партию нельзя открыть: {HAND_1_RU}"


def test_in_english_the_same_sentence(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                      own_log: dict[str, Any]) -> None:
    with headless_app(tmp_path, monkeypatch, language="en", profile="rules") as app:
        path = _write(tmp_path / "docs", "negative.json", _damaged(own_log, "negative_scores"))
        assert _open(app, path) == f"negative.json cannot be opened: {HAND_1_EN}"


def test_a_pipe_or_a_huge_file_is_not_read(ru_app: App, tmp_path: Path) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    pipe = folder / "pipe.json"
    os.mkfifo(pipe)
    said: list[str] = []
    worker = threading.Thread(target=lambda: said.append(_open(ru_app, pipe)), daemon=True)
    worker.start()
    worker.join(20)
    if worker.is_alive():
        os.close(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK))  # the stuck reader gets its end
        worker.join(20)
        pytest.fail("the pipe was waited on")
    assert said == ["Файл pipe.json нельзя открыть: файл не удаётся прочитать"]
    huge = folder / "huge.json"
    with huge.open("wb") as fh:
        fh.truncate(6 * 1024 * 1024)
    assert _open(ru_app, huge) == "Файл huge.json нельзя открыть: файл больше 5120 КБ"


def test_a_games_folder_that_cannot_be_written_is_said_in_russian(ru_app: App, tmp_path: Path,
                                                                   own_log: dict[str, Any],
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Not «Эту партию нельзя открыть: [Errno 13] Permission denied: '…'»: the game is fine, the folder is not."""
    def refuse(*_args: Any, **_kwargs: Any) -> Path:
        raise PermissionError(13, "Permission denied", str(tmp_path / "games"))

    monkeypatch.setattr(game_import, "save_import", refuse)
    text = _open(ru_app, _write(tmp_path / "docs", "whole.json", own_log))
    assert text == "Партию не удалось добавить в «Мои партии»: в папку с партиями нельзя записывать.", text
