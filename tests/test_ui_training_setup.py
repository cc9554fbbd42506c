"""A training game's setup screen: the list opens it, its choices reach the table through the
lesson path, the choice is remembered, a refused combination says why, a game without a
choice opens directly, a child sees only the player count, old settings files still load."""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from trainer.engine.game.simple_modes import get_mode  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.screens.training_games import TRAINING_GAMES  # noqa: E402
from trainer.ui.settings import Settings, load_settings  # noqa: E402
from trainer.ui.training_setup import LABELS, remembered_choices, setup_options, value_name  # noqa: E402
from trainer.ui.widgets import OptionRow, Toggle  # noqa: E402


@pytest.fixture()
def app(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    language, profile = getattr(request, "param", ("en", "rules"))
    a = App(size=(1280, 720), settings=Settings(language=language, profile=profile), progress=None, save=False)
    a.push("home")
    yield a
    a.close()


def click(app: App, pos: tuple[int, int]) -> None:
    app.process([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], 1 / 60)


def key(app: App, k: int) -> None:
    app.process([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="\r" if k == pygame.K_RETURN else "")],
                1 / 60)


def open_game(app: App, mode: str):  # noqa: ANN201
    games = app.push("training_games")
    app.render()
    i = list(TRAINING_GAMES).index(mode)
    i += sum(1 for m in list(TRAINING_GAMES)[:i] if m == "kunto")  # kunto's practice card follows kunto
    click(app, games.cards[i].rect.center)
    app.render()
    return app.screen


def block(screen, option: str):  # noqa: ANN001, ANN201
    return next(w for k, _label, _note, w in screen.blocks if k == option)


def segment(row: OptionRow, label: str) -> tuple[int, int]:
    i = [lab for _v, lab in row.options].index(label)
    return row._segments()[i].center


@pytest.mark.parametrize("app", [("en", "rules"), ("ru", "rules")], indirect=True)
def test_single_suit_setup_reaches_the_table_and_is_remembered(app: App) -> None:
    screen = open_game(app, "single_suit_1")
    assert screen.name == "training_setup"
    shown = [k for k, _l, _n, _w in screen.blocks]
    assert shown == ["players", "tiles", "dragons", "half_abundance", "no_sticks", "max_hands"]
    mode = get_mode("single_suit_1")
    dragons = block(screen, "dragons")
    assert isinstance(dragons, OptionRow)
    click(app, segment(dragons, value_name(mode, "dragons", "jokers")))
    screen = app.screen
    assert screen.name == "training_setup"
    note = next(n for k, _l, n, _w in screen.blocks if k == "dragons")
    assert note  # what a joker is
    toggle = block(screen, "half_abundance")
    assert isinstance(toggle, Toggle) and not toggle.value
    click(app, toggle.rect.center)
    screen = app.screen
    assert block(screen, "half_abundance").value
    # the variation brings the honors: the tile row shows the engine's set, not the default
    assert block(screen, "tiles").value == "suits136"
    app.render()
    key(app, pygame.K_RETURN)
    table = app.screen
    assert table.name == "play_simple", getattr(table, "error", "")
    assert table.setup.dragons == "jokers" and table.setup.half_abundance
    assert table.setup.tileset.name == "suits136" and table.game is not None
    stored = json.loads(app.settings.training_setup)
    assert stored["single_suit_1"] == {"dragons": "jokers", "half_abundance": True}
    # the next time the setup starts from the last choice
    while len(app.stack) > 1:
        app.pop()
    again = open_game(app, "single_suit_1")
    assert block(again, "dragons").value == "jokers" and block(again, "half_abundance").value


def test_a_refused_combination_shows_the_engines_reason_and_does_not_start(app: App) -> None:
    screen = open_game(app, "single_suit_1")
    mode = get_mode("single_suit_1")
    click(app, segment(block(screen, "tiles"), value_name(mode, "tiles", "man_dragons48")))
    click(app, app.screen.blocks[[k for k, *_r in app.screen.blocks].index("half_abundance")][3].rect.center)
    screen = app.screen
    # 48 tiles cannot feed four hands: said in the learner's words, not the engine's set name
    assert screen.error.startswith("4 players need") and "choose a bigger set or fewer players" in screen.error
    assert "man_dragons48" not in screen.error
    assert not screen.start.enabled
    app.render()
    key(app, pygame.K_RETURN)
    assert app.screen is screen


def test_a_game_with_nothing_to_choose_opens_its_table_directly(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    assert not setup_options(get_mode("kids_riichi"))
    monkeypatch.setitem(TRAINING_GAMES, "kids_riichi", ("A game with every option fixed.", "5m5m"))
    games = app.push("training_games")
    app.render()
    card = next(c for c in games.cards if "every option fixed" in c.subtitle)
    click(app, card.rect.center)
    assert app.screen.name == "play_simple" and app.screen.mode == "kids_riichi"


def test_every_training_option_has_a_label_and_named_values() -> None:
    for mode_name in TRAINING_GAMES:
        mode = get_mode(mode_name)
        for option, values in setup_options(mode):
            assert option in LABELS, (mode_name, option)
            names = [value_name(mode, option, v) for v in values]
            assert len(set(names)) == len(names), (mode_name, option, names)


@pytest.mark.parametrize("app", [("en", "child")], indirect=True)
def test_a_child_chooses_only_the_number_of_players(app: App) -> None:
    screen = open_game(app, "kunto")
    assert screen.name == "training_setup" and not screen.blocks
    labels = [b.label for b in screen.kid_buttons]
    assert labels == ["2 players", "3 players", "4 players"]
    app.render()
    click(app, screen.kid_buttons[1].rect.center)
    assert app.screen.name == "play_simple" and app.screen.setup.players == 3
    while len(app.stack) > 1:
        app.pop()
    assert open_game(app, "yochi").name == "play_simple"  # no player count to choose: straight to the table


def test_an_old_settings_file_without_the_field_loads(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text(json.dumps({"language": "en", "match_setup": "", "profile": "rules"}),
                                            encoding="utf-8")
    result = load_settings(tmp_path)
    assert result.problem is None
    assert result.settings.training_setup == "" and result.settings.language == "en"
    (tmp_path / "settings.json").write_text(json.dumps({"language": "en", "training_setup": 7}), encoding="utf-8")
    result = load_settings(tmp_path)
    assert result.settings.training_setup == "" and result.settings.language == "en"
    assert "training_setup" in (result.problem or "")


def test_a_remembered_value_no_longer_offered_is_dropped_with_a_log(caplog: pytest.LogCaptureFixture) -> None:
    stored = json.dumps({"single_suit_1": {"dragons": "tens", "players": 3, "rocket": 1}, "risu": "x"})
    with caplog.at_level(logging.WARNING):
        assert remembered_choices(stored, "single_suit_1") == {"players": 3}
        assert remembered_choices(stored, "risu") == {}
        assert remembered_choices("{not json", "risu") == {}
    assert len(caplog.records) == 4
    assert all("\n" not in r.getMessage() for r in caplog.records)


def note(screen, option: str) -> str:  # noqa: ANN001
    return next(n for k, _label, n, _w in screen.blocks if k == option)


def test_without_sticks_off_says_how_the_usual_game_counts(app: App) -> None:
    screen = open_game(app, "single_suit_1")
    assert note(screen, "no_sticks") == "Everyone starts at 30,000 points; the game ends when someone is below zero."
    click(app, block(screen, "no_sticks").rect.center)
    app.render()
    assert note(app.screen, "no_sticks") == "Everyone starts at 0 and plays up to 100,000 points."


def test_half_abundance_says_why_the_tile_set_cannot_be_chosen(app: App) -> None:
    screen = open_game(app, "single_suit_1")
    assert note(screen, "tiles") == ""
    click(app, block(screen, "half_abundance").rect.center)
    app.render()
    screen = app.screen
    assert screen.current("tiles") == "suits136"
    assert note(screen, "tiles") == "The honor exchange (“half abundance”) plays with all 136 tiles: turn it off to choose others."
    click(app, segment(block(screen, "tiles"), "Three suits · 108"))  # the engine keeps all the tiles
    app.render()
    assert app.screen.current("tiles") == "suits136" and note(app.screen, "tiles").startswith("The honor exchange")


def test_a_refusal_is_said_in_russian_on_a_russian_screen(app: App) -> None:
    import dataclasses

    from trainer import i18n

    app.settings = dataclasses.replace(app.settings, language="ru")
    i18n.set_language("ru")
    try:
        screen = open_game(app, "single_suit_1")
        mode = get_mode("single_suit_1")
        click(app, segment(block(screen, "tiles"), value_name(mode, "tiles", "man_dragons48")))
        assert app.screen.error.startswith("для 4 игроков нужно не меньше 66 плиток") and "всего 48" in app.screen.error
    finally:
        i18n.set_language("en")


def test_half_abundance_with_a_set_of_honors_chosen_plays_that_set_and_says_nothing_else(app: App) -> None:
    screen = open_game(app, "single_suit_1")
    mode = get_mode("single_suit_1")
    click(app, segment(block(screen, "tiles"), value_name(mode, "tiles", "suits108_dragons")))
    click(app, block(app.screen, "half_abundance").rect.center)
    app.render()
    screen = app.screen
    assert screen.table.half_abundance and screen.table.tileset.name == "suits108_dragons"
    assert screen.current("tiles") == "suits108_dragons" and note(screen, "tiles") == ""


def test_kuntos_refusal_names_the_hand_size_the_learner_chose(app: App) -> None:
    screen = open_game(app, "kunto")
    mode = get_mode("kunto")
    click(app, segment(block(screen, "hand"), value_name(mode, "hand", 13)))
    click(app, segment(block(app.screen, "players"), value_name(mode, "players", 3)))
    screen = app.screen
    assert screen.error == ("3 players with 13 tiles each need 48 tiles with the wall, but this set has only 36: "
                            "choose a bigger set, fewer players or fewer tiles in hand.")
    assert not screen.start.enabled


@pytest.mark.parametrize("app", [("en", "child")], indirect=True)
def test_a_child_is_not_offered_a_table_the_tiles_cannot_seat(app: App) -> None:
    # risu's 36 bamboos seat two players only: the child's game opens at once, for two
    assert open_game(app, "risu").name == "play_simple" and app.screen.setup.players == 2
    while len(app.stack) > 1:
        app.pop()
    # a grown-up's choices remembered for kunto (13 tiles each) are not the child's rules
    app.remember(training_setup=json.dumps({"kunto": {"hand": 13, "players": 2}}))
    screen = open_game(app, "kunto")
    assert [b.label for b in screen.kid_buttons] == ["2 players", "3 players", "4 players"] and not screen.error
    click(app, screen.kid_buttons[2].rect.center)
    assert app.screen.name == "play_simple" and app.screen.setup.players == 4 and app.screen.setup.hand == 4


@pytest.mark.parametrize("app", [("en", "child")], indirect=True)
def test_a_child_presses_the_number_of_players(app: App) -> None:
    """Every children's screen takes digits: «4» on the keyboard starts with four players (review 24)."""
    from tests.ui_events import key

    screen = open_game(app, "kunto")
    assert [b.hotkey for b in screen.kid_buttons] == ["2", "3", "4"]
    app.render()
    key(app, pygame.K_4, "4")
    assert app.screen.name == "play_simple" and app.screen.setup.players == 4
