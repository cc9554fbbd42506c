"""Match setup fixes (review rev20 "rules" items 1, 6, 8, 11): a preset brings its own red fives,
a saved game names what it changed, each preset has a one-line note, Up/Down visit every row,
and the drills list the presets in the match setup's order and names."""

from __future__ import annotations

import json
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from trainer.engine.game.saved import SavedGame  # noqa: E402
from trainer.engine.rules import load_rules  # noqa: E402
from trainer.i18n import set_language  # noqa: E402
from trainer.progress import open_store  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.match_setup import PRESET_NAMES, PRESETS, MatchSetup, rules_note  # noqa: E402
from trainer.ui.settings import Settings  # noqa: E402
from trainer.ui.widgets import Toggle, fit_line  # noqa: E402


@pytest.fixture()
def make_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    made: list[tuple[App, object]] = []

    def make(lang: str = "en") -> App:
        store = open_store(tmp_path / f"progress-{lang}-{len(made)}.sqlite3")
        app = App(size=(1280, 720), settings=Settings(language=lang), progress=store, save=False)
        app.push("home")
        made.append((app, store))
        return app

    yield make
    for app, store in made:
        app.close()
        store.close()  # type: ignore[attr-defined]
    set_language("en")


def key(app: App, k: int) -> None:
    app.process([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")], 1 / 60)


def row_widget(screen, label: str):  # noqa: ANN001, ANN201
    return next(w for lab, _n, w in screen.rows if lab == label)


def choose_preset(app: App, preset: str) -> None:
    """Focus the Rules row and press Right / Left until ``preset`` is chosen."""
    screen = app.screen
    screen.set_focus(row_widget(screen, "Rules"))
    step = pygame.K_RIGHT if PRESETS.index(preset) > PRESETS.index(screen.setup.preset) else pygame.K_LEFT
    for _ in range(len(PRESETS)):
        if app.screen.setup.preset == preset:
            break
        key(app, step)
    assert app.screen.setup.preset == preset


# ---------------------------------------------------------------- item 1: red fives follow the preset


def test_choosing_jpml_turns_red_fives_off_and_the_match_has_none(make_app) -> None:  # noqa: ANN001
    app = make_app()
    app.push("match_setup")
    assert app.screen.setup.red_fives  # tenhou: one per suit
    choose_preset(app, "jpml")
    assert app.screen.setup.red_fives is False
    assert row_widget(app.screen, "Red fives").value is False
    assert load_rules("jpml").red_fives == 0
    key(app, pygame.K_RETURN)
    assert app.screen.name == "play"
    assert app.screen.match.options.red_fives == 0


@pytest.mark.parametrize("preset", ["tenhou", "ema", "sanma", "jpml"])
def test_each_preset_sets_the_switch_to_its_own_value(make_app, preset: str) -> None:  # noqa: ANN001
    app = make_app()
    app.push("match_setup", setup=MatchSetup(preset="jpml" if preset != "jpml" else "ema",
                                             red_fives=preset == "jpml"))
    choose_preset(app, preset)
    assert app.screen.setup.red_fives is bool(load_rules(preset).red_fives)


def test_the_learner_may_turn_red_fives_back_on_after_choosing_jpml(make_app) -> None:  # noqa: ANN001
    app = make_app()
    app.push("match_setup", setup=MatchSetup())
    choose_preset(app, "jpml")
    app.screen.set_focus(row_widget(app.screen, "Red fives"))
    key(app, pygame.K_RIGHT)
    assert app.screen.setup == MatchSetup(preset="jpml", red_fives=True)
    key(app, pygame.K_RETURN)
    assert app.screen.match.options.red_fives == 1


def test_a_stored_setup_without_red_fives_takes_its_presets_value() -> None:
    assert MatchSetup.from_json('{"preset": "jpml"}').red_fives is False
    assert MatchSetup.from_json('{"preset": "ema"}').red_fives is True
    assert MatchSetup.from_json('{"preset": "jpml", "red_fives": true}').red_fives is True  # the learner's choice


def _saved(tmp_path: Path, preset: str, options: dict) -> SavedGame:
    path = tmp_path / f"game-{preset}-{len(options)}.json"
    path.write_text(json.dumps({"rules": preset, "rule_options": options}), encoding="utf-8")
    return SavedGame(path, started="2026-11-28T14:01:26", rules=preset, hands=5, finished=True, place=1, points=30000)


def test_my_games_names_a_game_that_changed_its_presets_red_fives(tmp_path: Path) -> None:
    from trainer.ui.views.game_rows import game_line

    set_language("en")
    assert "JPML + red fives, East only  ·" in game_line(_saved(tmp_path, "jpml", {"game_length": "tonpuusen", "red_fives": 1}))[0]
    assert "Tenhou, no red fives  ·" in game_line(_saved(tmp_path, "tenhou", {"red_fives": 0}))[0]
    plain = game_line(_saved(tmp_path, "ema", {"game_length": "tonpuusen"}))[0]
    assert "  ·  EMA, East only  ·  " in plain and "red" not in plain  # the one wording of the table too
    set_language("ru")
    try:
        line = game_line(_saved(tmp_path, "jpml", {"red_fives": 1}))[0]
        assert "JPML + красные пятёрки" in line
    finally:
        set_language("en")


# ---------------------------------------------------------------- item 6: one note per preset


def test_every_preset_has_its_own_note_and_it_matches_the_engine() -> None:
    set_language("en")
    notes = {p: rules_note(p) for p in PRESETS}
    assert all(notes.values()) and len(set(notes.values())) == len(PRESETS)
    ema, jpml, tenhou, sanma = (load_rules(p) for p in ("ema", "jpml", "tenhou", "sanma"))
    assert "no busting" in notes["ema"] and not ema.busting
    assert "+15/+5/−5/−15" in notes["ema"] and ema.oka == 0 and list(ema.uma) == [15, 5, -5, -15]
    assert "no ippatsu, ura or kan dora, no red fives" in notes["jpml"]
    assert not (jpml.ippatsu or jpml.ura_dora or jpml.kan_dora or jpml.red_fives) and jpml.uma_by_plus
    assert "30,000" in notes["jpml"] and jpml.target_points == 30000
    assert "open tanyao" in notes["tenhou"] and tenhou.busting and tenhou.red_fives and tenhou.ura_dora
    assert "35,000" in notes["sanma"] and sanma.players == 3 and sanma.nukidora and not sanma.chi


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_rules_note_is_shown_whole_for_each_preset(make_app, lang: str) -> None:  # noqa: ANN001
    app = make_app(lang)
    for preset in ("tenhou", "ema", "jpml", "sanma"):
        screen = app.push("match_setup", setup=MatchSetup(preset=preset))
        app.render()
        label, note, widget = screen.rows[0]
        assert note == rules_note(preset) and note
        L = app.layout
        x = widget.rect.left + L.px(4)
        assert fit_line(app, note, L.font("small"), L.content().right - x) == note, note
        app.pop()


# ---------------------------------------------------------------- item 8: Up/Down visit every row


def test_down_visits_every_row_then_start_and_up_comes_back(make_app) -> None:  # noqa: ANN001
    app = make_app()
    screen = app.push("match_setup")
    app.render()
    want = [w for _l, _n, w in screen.rows] + [screen.start, screen.games]
    assert any(isinstance(w, Toggle) for w in want)
    screen.set_focus(want[0])
    seen = [screen.focused_widget()]
    for _ in range(len(want) - 1):
        key(app, pygame.K_DOWN)
        seen.append(app.screen.focused_widget())
    assert seen == want
    for _ in range(len(want) - 1):
        key(app, pygame.K_UP)
    assert app.screen.focused_widget() is want[0]


# ---------------------------------------------------------------- item 11: one order and one set of names


def test_drills_list_the_presets_in_the_match_setups_order_and_names(make_app) -> None:  # noqa: ANN001
    from trainer.ui.views.rule_presets import PRESET_NAMES as DRILL_NAMES
    from trainer.ui.views.rule_presets import preset_ids

    riichi = [p for p in PRESETS if p != "mcr"]
    assert preset_ids() == riichi
    assert all(DRILL_NAMES[p] == PRESET_NAMES[p] for p in riichi)
    app = make_app()
    app.push("drill_setup", generator="points_lookup")
    row = next(w for k, w in app.screen.fields if k == "preset")
    assert [label for _v, label in row.options] == [PRESET_NAMES[p] for p in riichi] == \
        ["Tenhou", "EMA", "JPML", "Sanma (3 players)"]
