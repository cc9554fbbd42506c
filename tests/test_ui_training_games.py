"""The training games under Play: the list, opening a game's table, and the result panel
saying what the hand was worth under that game's rules."""

from __future__ import annotations

import os
import re
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from trainer.engine.game.actions import Tsumo  # noqa: E402
from trainer.engine.game.simple import SimpleGame, scripted_wall  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.screens.training_games import PRACTICES, TRAINING_GAMES  # noqa: E402
from trainer.ui.settings import Settings  # noqa: E402


@pytest.fixture()
def app(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    language = getattr(request, "param", "en")
    a = App(size=(1280, 720), settings=Settings(language=language), progress=None, save=False)
    a.push("home")
    yield a
    a.close()


def test_home_has_a_training_games_card_that_opens_the_list(app: App) -> None:
    home = app.screen
    card = next(c for c in home.cards if c.title in ("Training games", "Тренировочные игры"))
    app.process([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=card.rect.center, button=1)], 1 / 60)
    assert app.screen.__class__.__name__ == "TrainingGamesScreen"


@pytest.mark.parametrize("app", ["ru", "en"], indirect=True)
def test_every_training_game_is_listed_with_its_japanese_name_and_opens_its_table(app: App) -> None:
    screen = app.push("training_games")
    app.render()
    assert len(screen.cards) == len(TRAINING_GAMES) + len(PRACTICES)
    kanji = {"kunto": "kuntō", "risu": "栗鼠", "yochi": "予知", "short": "ショート"}
    titles = " ".join(c.title for c in screen.cards)
    for word in kanji.values():
        assert word in titles
    words = " ".join(f"{c.title} {c.subtitle}" for c in screen.cards)
    if app.settings.language == "en":  # no Russian on an English card: not the rulebook's names either
        assert not re.search("[А-Яа-яЁё]", words), words
        assert "Squirrel mahjong" in words
    else:
        assert "Беличий маджонг" in words and "Двое, 36 плиток" in words
    opened = []
    for i in range(len(screen.cards)):
        assert screen.choose(i + 1)
        if app.screen.name == "training_setup":  # the game's options first, then Start
            app.render()
            app.screen.begin()
        table = app.screen
        if table.__class__.__name__ == "KuntoPracticeScreen":  # the practice sits next to its game
            assert opened[-1] == "kunto"
            app.pop()
            continue
        assert table.game is not None, table.error
        opened.append(table.mode)
        table.run_bots_until_learner()
        app.render()
        app.pop()
        if app.screen.name == "training_setup":
            app.pop()
    assert opened == list(TRAINING_GAMES)


def test_the_result_panel_says_what_a_risu_hand_was_worth(app: App) -> None:
    table = app.push("play_simple", mode="risu", seed=1, kids=False)
    setup = table.setup
    # the learner deals with 111s 222s 345s 678s 9s and draws the second 9s: two triplets and
    # a single wait on the pair (the seed's hadaka tanki), 300 points before dora (000:3485)
    table.game = SimpleGame(setup, wall=scripted_wall(setup.tileset, ["1112223456789s", "3344556677888s"], "9s"))
    table.counted = False
    table.rebuild()
    assert Tsumo() in table.my_legal()
    table._act(Tsumo())
    app.render()
    value = table.game.result.values[0]
    assert value.points >= 300
    lines = table.value_lines()
    assert str(value.points) in lines[0]
    assert any("100" in line and "×2" in line for line in lines[1:])  # the two triplets, 100 each
    assert any("tanki" in line for line in lines[1:])


def test_risu_offers_the_compulsory_kan_as_a_button_and_keeping_the_four_is_chombo(app: App) -> None:
    from trainer.engine.game.actions import Discard

    table = app.push("play_simple", mode="risu", seed=1, kids=False)
    setup = table.setup
    wall = scripted_wall(setup.tileset, ["1111234567899s", "2223334445556s"], "9s")
    table.game = SimpleGame(setup, wall=wall)
    table.counted = False
    table.rebuild()
    app.render()
    kan = next(b for b in table.action_buttons if b.label.startswith(("Kan", "Кан")))
    app.process([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=kan.rect.center, button=1)], 1 / 60)
    assert table.game.melds[0] and not table.game.ended  # the kan is down, the turn goes on
    table.game = SimpleGame(setup, wall=wall)
    table.counted = False
    table.rebuild()
    table._act(Discard(table.game.hands[0][-1]))  # 9s goes, the four 1s stay: okurikan
    app.render()
    assert table.game.result.chombo == 0
    headline, _line = table._result_lines()
    assert headline in ("Chombo!", "Чомбо!")
    assert any("\u2212500" in line for line in table.value_lines())  # a real minus sign


def test_single_suit_half_abundance_has_an_exchange_button_and_points_carry_between_hands(app: App) -> None:
    table = app.push("play_simple", mode="single_suit_1", seed=2, kids=False, rules={"half_abundance": True,
                                                                                     "players": 2})
    setup = table.setup
    assert setup.half_abundance
    table.game = SimpleGame(setup, wall=scripted_wall(setup.tileset, ["123m456p789s11m14z", "2345678m123p555s"],
                                                      "9p"))
    table.counted = False
    table.rebuild()
    app.render()
    button = next(b for b in table.action_buttons if "−3,000" in b.label or "−3 000" in b.label)
    app.process([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1)], 1 / 60)
    assert table.game.points[0] == 27000  # the learner is the dealer here: paid to nobody (our choice)
    from trainer.engine.game.simple_bots import make_simple_bot
    from trainer.ui.screens.play_shots import play_simple_out

    play_simple_out(table, make_simple_bot("gentle", 1, None, setup.shape_rules()))
    g = table.game
    assert g.ended
    before = list(g.points)
    app.render()
    if not table.match_over():
        table.play_again()
        assert table.game.points == before  # the next hand starts from the points reached
