"""The safe-tile drill on screen: the prompt shows every tile the answer rests on (each riichi
river with its declaration, the tiles passed after it, the other tiles in view, the dora
indicator), in Russian and English, and a wrong pick is explained first."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from trainer.engine.tiles import kind_name  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.settings import Settings  # noqa: E402

PARAMS = {"riichi_players": 2, "tools": ["genbutsu", "suji", "kabe"]}


@pytest.fixture(params=["en", "ru"])
def app(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    a = App(size=(1280, 720), settings=Settings(language=request.param), progress="open", save=False)
    a.push("home")
    yield a
    a.close()
    from trainer.i18n import set_language

    set_language("en")


def _key(app: App, k: int, unicode: str = "") -> None:
    app.process([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=unicode)], 1 / 60)
    app.render()


def test_the_prompt_shows_what_the_answer_rests_on(app: App) -> None:
    screen = app.push("drill", generator="safe_tile", params=PARAMS, n=2, seed=14)
    app.render()
    ex = screen.view.ex
    text = screen.view.prompt.text + " " + screen.view.info.text
    for river, passed in zip(ex.prompt.get("rivers"), ex.prompt.get("passed"), strict=True):
        assert "{tiles:" + river + "}" in text
        if passed:
            assert "{tiles:" + passed + "}" in text
    assert "{tiles:" + ex.prompt.get("dora") + "}" in text, "the dora indicator counts for walls"
    assert "{tiles:" + ex.prompt.get("seen") + "}" in text
    cyrillic = any("\u0400" <= ch <= "\u04ff" for ch in text.replace("{", " "))
    assert cyrillic == (app.settings.language == "ru")


def test_a_wrong_pick_is_explained_first(app: App) -> None:
    screen = app.push("drill", generator="safe_tile", params=PARAMS, n=2, seed=14)
    app.render()
    ex = screen.view.ex
    picker = screen.view.picker
    wrong = next(i for i, s in enumerate(picker.slots) if s.tile.kind not in ex.answer)
    wrong_name = kind_name(picker.slots[wrong].tile.kind)
    for _ in range(2):  # the first miss offers a retry, the second shows the answer
        picker.selected = {wrong}
        _key(app, pygame.K_RETURN, "\r")
        if screen.phase == "retry":
            _key(app, pygame.K_RETURN, "\r")
    assert screen.phase == "done" and screen.results == ["wrong"]
    text = screen.feedback_text
    assert "Danger" not in text and "Опасность" not in text, "no unexplained internal scale"
    lines = text.split("\u2028")
    assert "{tiles:" + wrong_name + "}:" in lines[1], "the learner's own pick is explained right after the answer"
    others = {kind_name(s.tile.kind) for s in picker.slots} - {wrong_name} - {kind_name(k) for k in ex.answer}
    assert not any("{tiles:" + o + "}:" in text for o in others), "only the pick and the safest tiles"
