"""Review 20 (rules): a sanma game is exported to tenhou.net/6 as tenhou writes 三麻 logs (it was
refused before the sanma6 fix; tests/test_tenhou6_sanma.py checks the format), an unexpected
export error is one clear line, the ``rule.disp`` follows the rules (喰 only with open
tanyao, 赤 only with red fives, 三 for three players), the JPML match-end note gives the uma this
match's points get, and the table, the match-end card and the replay name the rule set."""

from __future__ import annotations

import json
import os
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.table_driver import open_app  # noqa: E402
from trainer import i18n  # noqa: E402
from trainer.engine.bots import make_bot  # noqa: E402
from trainer.engine.game import records  # noqa: E402
from trainer.engine.game.match import Match, applied_uma, final_standings  # noqa: E402
from trainer.engine.game.options import game_options  # noqa: E402
from trainer.engine.game.play import play_match  # noqa: E402
from trainer.engine.game.tenhou6_read import from_tenhou6  # noqa: E402
from trainer.engine.game.tenhou6_write import can_export, rule_display, to_tenhou6  # noqa: E402
from trainer.ui import folders  # noqa: E402
from trainer.ui.match_setup import MatchSetup  # noqa: E402
from trainer.ui.screens import my_games  # noqa: E402
from trainer.ui.screens.play_shots import saved_games  # noqa: E402
from trainer.ui.views.table.result import MatchEndView, rules_label  # noqa: E402


@pytest.fixture()
def lang():  # noqa: ANN201
    before = i18n.current_language()
    yield i18n.set_language
    i18n.set_language(before)


def _sanma_log() -> dict:
    rules = records.match_rules("sanma", {"game_length": "tonpuusen"})
    return play_match([make_bot("efficient", rules) for _ in range(3)], rules, seed=7).log


# ---------------------------------------------------------------- 2: sanma export
def test_a_sanma_game_is_exported_and_reads_back() -> None:
    assert can_export(records.match_rules("sanma")) and can_export(records.match_rules("ema"))
    log = _sanma_log()
    data = to_tenhou6(log)
    assert data["name"][3] == "" and data["log"][0][13:16] == [[], [], []]
    assert from_tenhou6(data).log == log


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    monkeypatch.setattr(folders, "export_folder", lambda: tmp_path / "docs")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    a = open_app(tmp_path, monkeypatch)
    yield a
    a.apply_settings(replace(a.settings, language="en"))
    a.close()


def _click(app, widget) -> None:  # noqa: ANN001
    app.process([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=widget.rect.center, button=1)], 1 / 60)
    app.render()


def test_my_games_exports_a_sanma_game(app) -> None:  # noqa: ANN001
    paths = saved_games(app, MatchSetup(preset="sanma", length="tonpuusen"))
    app.apply_settings(replace(app.settings, language="ru"))
    screen = app.push("my_games")
    app.render()
    i = next(i for i, r in enumerate(screen.rows) if r.game.path == paths[0])
    _click(app, screen.exports[i])
    assert app.banners[-1].text.startswith("Сохранено в ")
    written = list(folders.export_folder().glob("*.json"))
    assert len(written) == 1 and from_tenhou6(json.loads(written[0].read_text(encoding="utf-8"))).log["rules"] == "sanma"


def test_an_unexpected_export_error_is_one_clear_line(app, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001
    paths = saved_games(app)
    screen = app.push("my_games")
    app.render()

    def broken(path, out):  # noqa: ANN001, ANN202
        raise IndexError("list index out of range")

    monkeypatch.setattr(my_games, "export_game", broken)
    i = next(i for i, r in enumerate(screen.rows) if r.game.path == paths[0])
    _click(app, screen.exports[i])
    text = app.banners[-1].text
    assert text.startswith("Could not export this game") and "list index out of range" in text
    assert "Something went wrong" not in text


# ---------------------------------------------------------------- 7: rule.disp
def test_rule_display_follows_the_rules() -> None:
    assert rule_display(records.match_rules("tenhou"))["disp"] == "般南喰赤"
    assert rule_display(records.match_rules("ema")) == {"disp": "般南赤", "aka": 1}  # no open tanyao
    assert rule_display(records.match_rules("jpml")) == {"disp": "般南喰", "aka": 0}  # no red fives
    assert rule_display(records.match_rules("ema", {"game_length": "tonpuusen", "red_fives": 0}))["disp"] == "般東"
    assert rule_display(records.match_rules("sanma", {"game_length": "tonpuusen"}))["disp"] == "三般東喰赤"


# ---------------------------------------------------------------- 4: JPML uma
@pytest.mark.parametrize(("scores", "uma", "text"), [
    ([45000, 28000, 25000, 22000], (12, -1, -3, -8), "+12/−1/−3/−8"),
    ([34000, 32000, 31000, 23000], (8, 3, 1, -12), "+8/+3/+1/−12"),
    ([40000, 35000, 25000, 20000], (8, 4, -4, -8), "+8/+4/−4/−8"),
])
def test_the_jpml_match_end_note_gives_the_uma_applied(scores, uma, text, lang) -> None:  # noqa: ANN001
    opts = game_options("jpml")
    assert applied_uma(scores, opts) == uma
    st = final_standings(scores, opts)
    assert sum(s.score for s in st) == pytest.approx(0)
    match = Match("jpml", 1)
    match.scores = list(scores)
    assert match.applied_uma() == uma
    view = MatchEndView(match, lambda s: f"P{s}", [list(scores)])
    lang("en")
    note = view.note()
    assert f"{{term:uma}} of {text}." in note and "depends on how many players finish with 30,000 or more" in note
    lang("ru")
    assert text in view.note() and "Ума зависит от того, сколько игроков" in view.note()


def test_a_fixed_uma_note_says_nothing_about_plus_players(lang) -> None:  # noqa: ANN001
    lang("en")
    match = Match("ema", 1)
    match.scores = [45000, 28000, 25000, 22000]
    note = MatchEndView(match, lambda s: f"P{s}", [match.scores]).note()
    assert "+15/+5/−5/−15" in note and "depends" not in note


# ---------------------------------------------------------------- 5: the rule set named
def test_rules_label_names_the_preset_and_a_changed_option(lang) -> None:  # noqa: ANN001
    lang("en")
    assert rules_label(records.match_rules("jpml")) == "JPML"
    assert rules_label(records.match_rules("jpml", {"red_fives": 1})) == "JPML + red fives"
    assert rules_label(records.match_rules("ema", {"red_fives": 0})) == "EMA, no red fives"
    lang("ru")
    assert rules_label(records.match_rules("jpml", {"red_fives": 1})) == "JPML + красные пятёрки"
    assert rules_label(records.match_rules("sanma", {"game_length": "tonpuusen"})) == "Санма (3 игрока), только Восток"
    assert rules_label(records.match_rules("tenhou")) == "tenhou.net"


def test_table_match_end_and_replay_name_the_rules(app) -> None:  # noqa: ANN001
    from trainer.ui.screens.play_shots import _open_table, match_end

    setup = MatchSetup(preset="jpml", length="tonpuusen", red_fives=True)
    for lang_, table, end in (("en", "Table · JPML + red fives, East only", "The match is over · JPML + red fives, East only"),
                              ("ru", "Стол · JPML + красные пятёрки, только Восток",
                               "Партия окончена · JPML + красные пятёрки, только Восток")):
        app.apply_settings(replace(app.settings, language=lang_))
        while len(app.stack) > 1:
            app.pop()
        table_screen = _open_table(app, setup, 3)
        app.render()
        assert table_screen.title() == table  # in play: the round and honba leave room for it all
        screen = match_end(app, setup)
        app.render()
        # the long «match over» text: short words, but red fives and the length still named (review 21)
        short = "JPML + red fives, East only" if lang_ == "en" else "JPML + красные, только Восток"
        assert screen.title() in (table, table.split(" · ")[0] + " · " + short), screen.title()
        assert screen.match_end is not None and screen.match_end.title() == end
    app.apply_settings(replace(app.settings, language="ru"))
    while len(app.stack) > 1:
        app.pop()
    path = saved_games(app, MatchSetup(preset="ema", length="tonpuusen", red_fives=False))[0]
    replay = app.push("replay", path=str(path))
    app.render()
    # never without the options nor without the screen's name (review 21)
    assert replay.title() in ("Повтор партии · EMA без красных пятёрок, только Восток", "Повтор партии · EMA без "
                              "красных, только Восток")
    replay._extras = lambda widest=False: [("Шаг 1 из 2", "")]  # a short step text leaves room for the options
    assert replay.title() == "Повтор партии · EMA без красных пятёрок, только Восток"
    long = "Шаг 1 из 2 · " + "ошибок: 10 из 20 сбросов · " * 3
    # a long one: a shorter right-hand text beside the full title, the rest under the table
    replay._extras = lambda widest=False: [(long, ""), (long[:10], long[10:])]
    assert replay.title() == "Повтор партии · EMA без красных пятёрок, только Восток"
    assert (replay.header_extra(), replay.below_text()) == (long[:10], long[10:])
    replay._extras = lambda widest=False: [(long, "")]  # nothing shorter: the shortest title, the header cuts the rest
    assert replay.title() == "Повтор партии · EMA без красных, только Восток"


def test_a_lesson_table_keeps_its_own_title_and_a_stub_match_keeps_the_plain_note(lang) -> None:  # noqa: ANN001
    lang("en")
    stub = SimpleNamespace(options=game_options("tenhou"), scores=[25000] * 4)
    note = MatchEndView(stub, lambda s: "", [[25000] * 4]).note()
    assert "+20/+10/−10/−20" in note
    assert MatchEndView(stub, lambda s: "", [[25000] * 4]).title() == "The match is over"
