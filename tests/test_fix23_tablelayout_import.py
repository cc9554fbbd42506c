"""Review 23 (table23), "Open a game": the banner about a broken log covers no file card, and a log
with more copies of a tile than a set holds says which tile and how often."""

from __future__ import annotations

import copy
import json
import os
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
from trainer.ui import folders  # noqa: E402
from trainer.ui.log_problems import error_copies as tile_copies  # noqa: E402
from trainer.ui.match_setup import MatchSetup  # noqa: E402
from trainer.ui.screens.game_import import short_error  # noqa: E402


@pytest.fixture(scope="module")
def tenhou6() -> dict:
    """A tenhou.net/6 log written by our writer from a simulated East-only match."""
    rules = MatchSetup(length="tonpuusen").rules()
    log = play_match([make_bot(n, rules) for n in ("efficient", "careful", "efficient", "careful")], rules,
                     seed=31).log
    data = to_tenhou6(log)
    data.pop("riichi_trainer", None)
    return data


def _five_1m(data: dict) -> dict:
    """The log with 1m dealt to the first two players of its second hand until there are too many."""
    bad = copy.deepcopy(data)
    hand = bad["log"][1]
    hand[4][:3] = [11, 11, 11]
    hand[7][:2] = [11, 11]
    return bad


def _cut(data: dict) -> dict:
    bad = copy.deepcopy(data)
    bad["log"][0] = bad["log"][0][:6]
    return bad


@pytest.fixture()
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, tenhou6: dict) -> Path:
    """The export folder, with a good log, a cut one, one with too many 1m, and ``n`` more good ones."""
    docs = tmp_path / "docs"
    docs.mkdir()
    monkeypatch.setattr(folders, "export_folder", lambda: docs)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (docs / "good.json").write_text(json.dumps(tenhou6), encoding="utf-8")
    (docs / "broken-cut.json").write_text(json.dumps(_cut(tenhou6)), encoding="utf-8")
    (docs / "five-1m.json").write_text(json.dumps(_five_1m(tenhou6)), encoding="utf-8")
    return docs


def _app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, size: tuple[int, int]) -> Any:
    """The app (a context manager) in ``lang`` at ``size``."""
    return headless_app(tmp_path, monkeypatch, size=size, language=lang, profile="rules")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_too_many_copies_of_a_tile_are_named(folder: Path, lang: str, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    with _app(tmp_path, monkeypatch, lang, (1280, 720)):
        with pytest.raises(RecordError) as caught:
            read_source(folder / "five-1m.json")
        copies = tile_copies(caught.value)
        assert copies is not None and copies[0] == "1m" and copies[1] > 4 and copies[2] == 4
        text = short_error(caught.value, folder / "five-1m.json")
        n = copies[1]
        if lang == "en":
            assert text == f"five-1m.json: hand 2: 1m appears {n} times, but a full tile set has only four"
        else:
            word = "раза" if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14) else "раз"
            assert text == f"five-1m.json: раздача 2: 1m встречается {n} {word}, а в наборе только четыре"
        # pasted JSON: the same words
        with pytest.raises(RecordError) as pasted:
            read_source(_five_1m(json.loads((folder / "good.json").read_text(encoding="utf-8"))))
        assert short_error(pasted.value) == text.removeprefix("five-1m.json: ")


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_the_banner_about_a_broken_log_covers_no_file(folder: Path, size: tuple[int, int], tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    for i in range(5):  # enough files that the list scrolls
        (folder / f"more-{i}.json").write_text("{}", encoding="utf-8")
    broken = folder / "broken-cut.json"
    os.utime(broken, (1_000_000_000, 1_000_000_000))  # the oldest: the last card of the list
    with _app(tmp_path, monkeypatch, "ru", size) as app:
        screen = app.push("game_import")
        app.render()
        assert screen.files[-1] == broken
        screen.open_file(broken)
        app.process([], 1 / 60)
        app.render()
        assert app.banners and app.banners[0].kind == "error"
        banner = app.banners[0].rect(app)
        shown = [c for c in screen.cards if c.rect.top < screen.list_bottom()]
        assert shown and all(c.clip.bottom <= banner.top for c in shown)
        opened = next(c for c in screen.cards if c.title == broken.name)
        assert opened.rect.bottom <= banner.top  # the card just opened is in view
        # the banner goes: the list has the room again
        for _ in range(20):
            app.process([], 1.0)
        app.render()
        assert not app.banners and screen.list_bottom() == app.layout.content().bottom
        assert all(c.clip.bottom == app.layout.content().bottom for c in screen.cards)
