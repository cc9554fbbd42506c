"""Review rev22 "beginner" findings 9 and 10: the hand result labels the dora indicators as
indicators and shows the dora each points to (the engine's reading, sanma included); the coach
in furiten says ron is impossible and quotes the value of a tsumo, never a ron."""

from __future__ import annotations

import dataclasses
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from trainer.engine.game.actions import Discard, Riichi  # noqa: E402
from trainer.engine.game.coach import riichi_advice, tsumo_values  # noqa: E402
from trainer.engine.game.scenario import setup_round  # noqa: E402
from trainer.engine.game.view import RiverTile, make_view  # noqa: E402
from trainer.engine.rules import load_rules  # noqa: E402
from trainer.engine.tiles import Tile, dora_from_indicator, parse_tile  # noqa: E402
from trainer.i18n import format_about_points, format_number  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.richtext import plain_text  # noqa: E402
from trainer.ui.screens import play_shots as ps  # noqa: E402
from trainer.ui.views.table import coach  # noqa: E402
from trainer.ui.views.table.result import indicator_rows  # noqa: E402

RULES = load_rules("tenhou")
JUNK = "147m369p147s3456z"


def _ru(app: App) -> bool:
    return app.settings.language == "ru"


# ---------------------------------------------------------------- 9: indicators and their dora


def test_the_result_card_names_the_indicators_and_shows_the_dora_they_point_to(app: App) -> None:
    screen = ps.table_after_hand(app, lambda r: len(r.wins) == 1 and "riichi" in r.wins[0].yaku)
    app.process([], 1.0)
    app.render()
    rows = screen.result_view.indicators_shown
    want = (["Индикатор доры", "Индикатор ура-доры"] if _ru(app) else ["Dora indicator", "Ura-dora indicator"])
    assert [r.label for r in rows] == want[:len(rows)] and len(rows) == 2  # riichi: ura indicators too
    assert [r.points_to for r in rows] == (["дора", "ура-дора"] if _ru(app) else ["dora", "ura-dora"])
    d = screen.result_view.details[0]
    assert rows[0].indicators == d.dora_indicators and rows[1].indicators == d.ura_indicators
    for r in rows:
        assert [t.kind for t in r.doras] == [dora_from_indicator(t.kind) for t in r.indicators]


def test_the_dora_follows_the_rules_reading_of_an_indicator() -> None:
    m1, n4 = parse_tile("1m"), parse_tile("4z")
    (row,) = indicator_rows(load_rules("sanma"), (m1,), ())
    assert row.doras == (parse_tile("9m"),)  # three players: 2m-8m are not in the set
    dora, ura = indicator_rows(RULES, (m1, n4), (parse_tile("9p"),))
    assert dora.doras == (parse_tile("2m"), parse_tile("1z")) and ura.doras == (parse_tile("1p"),)
    assert dora.label == "Dora indicators" and ura.label == "Ura-dora indicator"
    assert indicator_rows(RULES, (), ()) == []
    assert all(isinstance(t, Tile) and not t.red for t in dora.doras)


# ---------------------------------------------------------------- 10: furiten quotes a tsumo


def _furiten_view(hand: str, river: str):  # noqa: ANN202
    view = make_view(setup_round([hand, JUNK, JUNK, JUNK], draws="9p", dora="9s"), 0)
    rivers = list(view.rivers)
    rivers[0] = tuple(RiverTile(parse_tile(t), False, False, False) for t in river.split())
    return dataclasses.replace(view, rivers=tuple(rivers))


def _coach_words(app: App, view) -> str:  # noqa: ANN001
    tiles = list(view.hand.concealed)
    legal = [Discard(t) for t in tiles] + [Riichi(t) for t in tiles]
    return plain_text(coach.coach_text("full", view, legal, None, RULES, str), app)


def test_in_furiten_the_coach_quotes_a_tsumo_and_says_ron_is_impossible(app: App) -> None:
    view = _furiten_view("2345m456p789s777z", "2m")  # waits 2m-5m, 2m in the own river
    choice = riichi_advice(view, list(view.hand.concealed), list(view.hand.concealed), RULES)
    assert choice is not None and choice.why.code == "furiten" and choice.dama > 0
    words = _coach_words(app, view)
    p, dama = tsumo_values(view, choice.tile, RULES)
    assert p > dama > 0
    shown = (format_about_points(p), format_about_points(dama))
    if _ru(app):
        assert "рона не будет" in words and "(рон: около" not in words, words
        assert "риичи закрепило бы это ожидание, а у него" in words, words
        assert "(цумо сейчас: около {} с риичи, {} без него)".format(*shown) in words, words
        assert words.count("фуритен") <= 3, words  # said once by the discard line, once by the riichi line
    else:
        assert "no ron" in words and "(a ron: about" not in words, words
        assert "a riichi would lock this furiten wait" in words, words
        assert "(a tsumo now: about {} with riichi, {} without)".format(*shown) in words, words


def test_a_furiten_wait_where_the_coach_declares_riichi_quotes_a_tsumo_too(app: App) -> None:
    view = _furiten_view("23m456p789s11777z", "1m")  # waits 1m-4m, 1m in the own river: seven tiles
    choice = riichi_advice(view, list(view.hand.concealed), list(view.hand.concealed), RULES)
    assert choice is not None and choice.riichi and choice.why.code != "furiten"
    words = _coach_words(app, view)
    assert ("выигрыш только по цумо" if _ru(app) else "the only win of this furiten wait") in words, words
    assert ("(рон: около" if _ru(app) else "(a ron: about") not in words, words
    p, dama = tsumo_values(view, choice.tile, RULES)  # the ratio said is the tsumo's, like the values quoted
    ratio = format_number(round(p / dama, 1)) if _ru(app) else f"{round(p / dama, 1)}"
    assert (f"примерно в {ratio} раза" if _ru(app) else f"about {ratio} times bigger") in words, words


def test_a_wait_that_is_not_furiten_still_quotes_the_ron(app: App) -> None:
    view = _furiten_view("23m456p789s11777z", "9m")
    words = _coach_words(app, view)
    assert ("(рон: около" if _ru(app) else "(a ron: about") in words, words
    assert ("при фуритен" if _ru(app) else "furiten wait") not in words
