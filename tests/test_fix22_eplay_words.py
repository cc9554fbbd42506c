"""English review 22 (eplay), findings 7, 8, 9, 10 and 15: the training tables' words, in English
and Russian.

7 the twelve-tile setup's atama kasō notes; 8 the "Ready, no yaku" prompt; 9 the setup's line on a
game left in the middle; 10 the dealer's honor exchange on the end panel; 15 "won with 4 tiles" over
short mahjong's intermediate win, and a grown-up's empty wall without "Let's play again!".
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from trainer.engine.game.actions import Discard, Pass, Tsumo  # noqa: E402
from trainer.engine.game.honor_exchange import ExchangeHonor  # noqa: E402
from trainer.engine.game.simple import SimpleGame, scripted_wall  # noqa: E402
from trainer.engine.game.simple_bots import make_simple_bot  # noqa: E402
from trainer.engine.tiles import parse_tile  # noqa: E402
from trainer.i18n import points_text, set_language  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.screens.play_shots import play_simple_out  # noqa: E402
from trainer.ui.screens.play_simple import PlaySimpleScreen  # noqa: E402
from trainer.ui.settings import Settings  # noqa: E402

T = parse_tile
WORDS = {
    "atama_on": {
        "en": "A ready (tenpai) 13-tile hand wins at once, as if an imaginary tile completed it, unless its wait is "
              "dead.",
        "ru": "Готовая рука (тенпай) из 13 плиток сразу выигрывает, будто её собрала воображаемая плитка, — если "
              "ожидание не мёртвое."},
    "atama_off": {
        "en": "Off: a hand must be complete to win. On: a ready 13-tile hand wins at once with an imaginary tile "
              "(kakū no pai).",
        "ru": "Выключено: нужна собранная рука. Включено: готовая рука из 13 плиток сразу выигрывает с "
              "воображаемой плиткой (каку но пай)."},
    "no_yaku": {
        "en": "Ready, but with no yaku: you can win only on your own draw (menzen tsumo), not on a discard. "
              "Declare riichi with your next discard, and a discard can win too.",
        "ru": "Готово, но без яку: выиграть можно только со своей плитки из стены (мензен цумо), не с чужого "
              "сброса. Объявите риичи со следующим сбросом — тогда можно выиграть и с чужого сброса."},
    "continue": {
        "en": "You left a game at hand 1 with {p}: “Continue” plays on, “New game” starts afresh.",
        "ru": "Вы прервали игру на раздаче 1, у вас {p}: «Продолжить» — играть дальше, «Новая игра» — начать "
              "заново."},
    "exchange": {
        "en": "You (the dealer): 1 honor exchange, {p} paid and lost — a dealer's exchange goes to nobody.",
        "ru": "Вы (дилер): 1 обмен благородной плитки, {p} уплачено и потеряно — плата за обмен дилера не "
              "достаётся никому."},
    "stage": {"en": "You won with 4 tiles:", "ru": "Вы: победа с рукой из 4 плиток:"},
    "wall_adult": {"en": "The wall is empty: the hand is a draw.", "ru": "Стена закончилась: раздача окончена вничью."},
    "wall_child": {"en": "The wall is empty. Let's play again!", "ru": "Стена закончилась. Сыграем ещё раз!"},
}
OTHERS = ["1112223334445z", "1113335557779p", "111333m6667779s"]


@pytest.fixture(params=["en", "ru"])
def app(request: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    a = App(size=(1280, 720), settings=Settings(language=request.param, profile="rules"), progress=None, save=False)
    a.push("home")
    yield a
    a.close()
    set_language("en")


def words(app: App, key: str) -> str:
    return WORDS[key][app.settings.language]


def scripted(screen: PlaySimpleScreen, hands: list[str], draws: str) -> None:
    """The screen's game dealt from a scripted wall (the learner deals)."""
    screen.game = SimpleGame(screen.setup, wall=scripted_wall(screen.setup.tileset, hands, draws))
    screen.counted = False
    screen.focus = None
    screen.rebuild()


def test_the_twelve_tile_setup_says_what_atama_kasou_does(app: App) -> None:
    setup = app.push("training_setup", mode="twelve_tiles", title="Twelve tiles")

    def note() -> str:
        return next(n for key, _label, n, _w in setup.blocks if key == "atama_kasou")

    setup._set("atama_kasou", False)
    assert note() == words(app, "atama_off")
    setup._set("atama_kasou", True)
    assert note() == words(app, "atama_on")
    app.render()


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_the_atama_kasou_notes_fit_their_two_lines(app: App, size: tuple[int, int]) -> None:
    app.resize(*size)
    setup = app.push("training_setup", mode="twelve_tiles", title="Twelve tiles")
    app.render()
    L = app.layout
    index = [key for key, _label, _note, _w in setup.blocks].index("atama_kasou")
    width = setup.block_rects[index].width - L.px(8)
    for key in ("atama_off", "atama_on"):
        assert len(app.wrap(words(app, key), L.font("small"), width)) <= 2, (key, size)


def test_a_ready_hand_without_a_yaku_says_how_it_can_win(app: App) -> None:
    screen = app.push("play_simple", mode="yochi", kids=False, seed=1)
    scripted(screen, ["123m456p789s2299m", *OTHERS], "6z")
    screen._act(Discard(T("6z")))
    assert screen.ready_block() == "no_yaku"
    assert screen._prompt() == words(app, "no_yaku")
    app.render()


def test_the_setup_says_where_the_game_was_left(app: App) -> None:
    setup = app.push("training_setup", mode="risu", title="Risu")
    setup.begin()
    table: PlaySimpleScreen = app.screen
    play_simple_out(table, make_simple_bot(table.setup.bots, 3, table.setup.rules, table.setup.shape_rules()))
    table._after_action()
    assert table.game.ended and not table.match_over()
    points = table.game.points[0]
    table.back()
    next(b for b in table.dialog.buttons if b.kind == "secondary").activate()  # Leave
    setup = app.screen
    assert setup.resume is not None
    assert setup.saved_text() == words(app, "continue").format(p=points_text(points))
    app.render()


def test_the_dealers_honor_exchange_says_where_the_points_went(app: App) -> None:
    screen = app.push("play_simple", mode="single_suit_1", seed=3, kids=False,
                      rules={"half_abundance": True, "players": 2})
    scripted(screen, ["123m456p789s11m14z", "2345678m123p555s"], "9p")
    assert screen.game.dealer == 0
    screen._act(next(a for a in screen.my_legal() if isinstance(a, ExchangeHonor)))
    play_simple_out(screen, make_simple_bot(screen.setup.bots, 3, screen.setup.rules, screen.setup.shape_rules()))
    screen._after_action()
    price = screen.game.setup.honor_exchange
    line = words(app, "exchange").format(p=points_text(price))
    assert line in screen.value_lines()
    app.render()
    drawn = " ".join(text for text, _y, _bold in screen.end_lines)
    assert line in drawn and "…" not in drawn  # on the panel whole: wrapped where it is long, never cut


def test_an_intermediate_win_is_won_with_its_tiles(app: App) -> None:
    screen = app.push("play_simple", mode="short", kids=False, seed=2)
    scripted(screen, ["123m5p", "1z2z3z4z", "5z6z7z1z", "2z3z4z5z"], "5p")
    screen._act(Tsumo())
    assert screen.stage_win_label(screen.stage_wins[-1]) == words(app, "stage")
    app.render()


def empty_wall_draw(screen: PlaySimpleScreen) -> None:
    """Empty the wall, then discard and pass until the hand ends in a draw."""
    g = screen.game
    del g.wall[:]
    for _step in range(20):
        if g.ended:
            break
        seat = g.to_act()[0]
        legal = g.legal_actions(seat)
        g.apply(seat, next((a for a in legal if isinstance(a, Discard)), Pass()))
    screen._after_action()
    assert g.ended and g.result.kind == "draw"


def test_an_empty_wall_invites_only_a_child_to_play_again(app: App) -> None:
    adult = app.push("play_simple", mode="single_suit_1", seed=3, kids=False)
    empty_wall_draw(adult)
    assert adult._result_lines()[1] == words(app, "wall_adult")
    app.render()
    child = app.push("play_simple", mode="tibet", hand=4, players=3, seed=2)
    scripted(child, ["1357p", "2468p", "2468p"], "9p")
    empty_wall_draw(child)
    assert child._result_lines()[1] == words(app, "wall_child")
