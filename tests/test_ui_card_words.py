"""A card's title never breaks inside a word: on the Russian home screen at 1024x600 the card
«Тренировочные игры» is narrow (four cards a row beside their pictures), and its long first word
used to be split «Тренировочн / ые»; the title now takes a smaller size instead."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from trainer.ui.app import App  # noqa: E402
from trainer.ui.settings import Settings  # noqa: E402
from trainer.ui.widgets import Card  # noqa: E402


@pytest.mark.parametrize(("lang", "size"), [("ru", (1024, 600)), ("ru", (1280, 720)), ("en", (1024, 600))])
def test_home_card_titles_break_only_between_words(tmp_path, monkeypatch, lang, size):
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    app = App(size=size, settings=Settings(language=lang), progress=None, save=False)
    app.push("home")
    app.process([], 1 / 60)
    app.render()
    cards = [w for w in app.screen.widgets if isinstance(w, Card)]
    assert cards
    for card in cards:
        inner, _sub = card._text_area(app, card.rect)
        first_w = inner.width - card._badge_width(app)
        _size, lines, _room = card.layout_title(app, first_w, inner.width, inner.height)
        words = card.title.split()
        for line in lines:
            for w in line.rstrip("…").split():
                assert w in words, (card.title, lines)
