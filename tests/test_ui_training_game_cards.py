"""The training games' cards read cleanly: a title names the game once, with one set of
brackets («Kunto (薫陶, kuntō)», not «Kunto (training game) (薫陶, kuntō)»), and every card keeps
at least one line of its description in both languages, every term display mode, at 1280x720
and 1024x600 (the English «Single-suit mahjong (suits ignored) (無視組札, mushi kumisatsu)» took
three lines at 1024x600 and its description vanished)."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from trainer.ui.app import App  # noqa: E402
from trainer.ui.settings import Settings  # noqa: E402
from trainer.ui.widgets import Card  # noqa: E402


def _screen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], **settings: str):  # noqa: ANN202
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    app = App(size=size, settings=Settings(**settings), progress=None, save=False)
    app.push("home")
    screen = app.push("training_games")
    app.process([], 1 / 60)
    app.render()
    return app, screen


def subtitle_lines(app: App, card: Card) -> int:
    """How many lines of its description ``card`` shows (as Card.draw lays them out)."""
    L = app.layout
    inner, _icon = card._text_area(app, card.rect)
    badge_w = card._badge_width(app)
    tsize, lines, _with_sub = card.layout_title(app, inner.width - badge_w, inner.width, inner.height)
    top = inner.top + len(lines) * app.line_height(tsize) + L.px(4)
    return (inner.bottom - top) // app.line_height(L.font("small"))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_card_title_names_the_game_once_with_one_set_of_brackets(tmp_path, monkeypatch, lang) -> None:
    app, screen = _screen(tmp_path, monkeypatch, (1280, 720), language=lang)
    titles = [c.title for c in screen.cards]
    for title in titles:
        assert title.count("(") <= 1, title
    if lang == "en":
        assert titles[0] == "Kunto (薫陶, kuntō)"
        assert titles[1] == "Kunto (薫陶, kuntō): step by step"
        assert "Single-suit mahjong (無視組札, mushi kumisatsu), variant 1" in titles
    else:
        assert titles[0] == "Кунто (薫陶, kuntō)"
    app.close()


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("mode", ["ru_ja", "ja_ru", "full"])
def test_every_card_keeps_a_line_of_its_description(tmp_path, monkeypatch, size, lang, mode) -> None:
    app, screen = _screen(tmp_path, monkeypatch, size, language=lang, term_mode=mode)
    for card in screen.cards:
        assert subtitle_lines(app, card) >= 1, (card.title, size, lang, mode)
        assert card.rect.bottom <= app.layout.content().bottom, card.title
    app.close()
