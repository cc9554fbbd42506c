"""The training games' list and setup (review 22, tgui): a refusal's count in its plural form,
the single-suit variants named alike, every card whole at 1024x600, the note of a set the table
plays with dragons added, and the labels of every option a game offers."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from trainer import i18n  # noqa: E402
from trainer.engine.game.simple_modes import ModeError, get_mode  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.screens.training_games import TRAINING_GAMES  # noqa: E402
from trainer.ui.settings import Settings  # noqa: E402
from trainer.ui.training_setup import LABELS, refusal_text, setup_options  # noqa: E402


@pytest.fixture()
def language():  # noqa: ANN201
    before = i18n.current_language()
    yield
    i18n.set_language(before)


def make_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], lang: str) -> App:
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    return App(size=size, settings=Settings(language=lang, profile="rules"), progress=None, save=False)


@pytest.mark.parametrize(("need", "word"), [(61, "61 плитки"), (62, "62 плиток"), (65, "65 плиток")])
def test_a_refusal_counts_the_tiles_in_their_plural_form(language: None, need: int, word: str) -> None:
    i18n.set_language("ru")
    error = ModeError("x", "too_few_tiles", need=need, has=36, players=4, hand=13)
    assert word in refusal_text(error, ["players", "tiles"])
    assert word in refusal_text(error, ["players", "tiles", "hand"])
    i18n.set_language("en")
    assert "61 tiles" in refusal_text(ModeError("x", "too_few_tiles", need=61, has=36, players=4, hand=13))


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
def test_every_card_shows_its_whole_description_and_both_variants_say_their_number(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, size: tuple[int, int]) -> None:
    app = make_app(tmp_path, monkeypatch, size, lang)
    screen = app.push("training_games")
    app.render()
    for card in screen.cards:
        assert card.subtitle_room(app) >= card.subtitle_lines(app, card.rect.width), (card.title, card.subtitle)
    modes = [m for m in TRAINING_GAMES]
    cards = {m: screen.cards[i + (1 if i > modes.index("kunto") else 0)] for i, m in enumerate(modes)}
    variant = "variant" if lang == "en" else "вариант"
    assert f"{variant} 1" in cards["single_suit_1"].title and f"{variant} 2" in cards["single_suit_2"].title
    app.close()


def test_the_variant_1_table_and_setup_say_variant_1(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(tmp_path, monkeypatch, (1280, 720), "ru")
    games = app.push("training_games")
    app.render()
    card = games.cards[list(TRAINING_GAMES).index("single_suit_1") + 1]
    card.activate()
    assert app.screen.title() == "Одномастный маджонг, вариант 1"
    table = app.push("play_simple", mode="single_suit_1", kids=False, seed=1)
    assert "вариант 1" in table.title()
    app.close()


def test_dragons_on_a_set_without_them_say_what_the_table_plays(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(tmp_path, monkeypatch, (1280, 720), "en")
    screen = app.push("training_setup", mode="kunto", title="Kunto")
    screen._set("dragons", "jokers")
    if getattr(screen.table, "tiles_chosen", ""):  # the engine plays the set's version with dragons
        note = next(n for k, _label, n, _w in screen.blocks if k == "tiles")
        assert "need dragons" in note and str(len(screen.table.tileset)) in note
        assert screen.current("tiles") in get_mode("kunto").options()["tiles"]
    else:  # or refuses it, in words
        assert screen.error and "dragons" in screen.error
    app.close()


def test_every_option_a_training_game_offers_has_a_label() -> None:
    for mode in [*TRAINING_GAMES, "kunto"]:
        for key, _values in setup_options(get_mode(mode)):
            assert key in LABELS, (mode, key)
