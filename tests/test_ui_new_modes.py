"""The table of the new training games headless: single-suit variant 2's kan button and value
lines, bamboo's dummy share on the result panel, and the A/B game's guess palette driven by
clicks, with a wrong guess explained and a right one ending the hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui_events import click, headless_app
from trainer.engine.game.actions import Discard, Pass, Tsumo
from trainer.engine.game.full_table import make_game
from trainer.engine.game.simple import scripted_wall
from trainer.engine.tiles import parse_tile
from trainer.ui.app import App

T = parse_tile


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    with headless_app(tmp_path, monkeypatch) as a:
        yield a


def deal(screen, hands: list[str], draws: str) -> None:  # noqa: ANN001
    screen.game = make_game(screen.setup, 1, wall=scripted_wall(screen.setup.tileset, hands, draws))
    screen.counted = False
    screen.focus = None
    screen.rebuild()


def test_single_suit_2_offers_a_kan_button_and_shows_the_dora_indicator(app: App) -> None:
    screen = app.push("play_simple", mode="single_suit_2", seed=1, kids=False)
    deal(screen, ["1111234567899s", "2223334445556s"], "1z")
    labels = [b.label for b in screen.action_buttons]
    assert "Kan 1 of bamboo" in labels  # the tile in words, not "1s"
    app.render()
    kan = next(b for b in screen.action_buttons if b.label.startswith("Kan"))
    click(app, kan.rect.center)
    assert screen.game.kans == 1 and len(screen.game.melds[0]) == 1
    app.render()


def test_bamboo_result_panel_names_the_dummy_share_of_a_tsumo(app: App) -> None:
    screen = app.push("play_simple", mode="bamboo", seed=1, kids=False)
    deal(screen, ["34456678s55s777z", "1199s1122z3344z5z"], "2s")
    assert Tsumo() in screen.my_legal()  # 234 456 678 55 chun-chun-chun
    screen._act(Tsumo())
    app.render()
    lines = screen.value_lines()
    assert "han" in lines[0] and "points" in lines[0]
    assert any("empty seats pay too" in line for line in lines)


def test_ab_game_guess_palette_by_clicks_explains_a_wrong_guess_and_ends_on_a_right_one(app: App) -> None:
    screen = app.push("play_simple", mode="ab_game", seed=1, kids=False)
    # seat 3 (Left) gets ready at once and announces; the learner, to its right, names two tiles
    hands = ["147m258p369s1234z", "258m369p147s5677z", "369m147p258s2567z", "123m456p789s1112z"]
    deal(screen, hands, "5m6m7m5z")
    g = screen.game
    screen._act(Discard(T("5m")))
    for _step in range(60):
        screen.run_bots_until_learner()
        if g.ended or g.phase == "guess":
            break
        legal = screen.my_legal()
        screen._act(Pass() if Pass() in legal else legal[0])
    assert g.tenpai_seat == 3 and g.guesser == 0 and screen.guess_row is not None
    app.render()
    assert "may be waiting on" in screen._prompt()
    kinds = screen.guess_kinds
    announced = next(d.tile.kind for d in g.rivers[3] if d.riichi)
    wait = g.announced_waits()[0]
    for k in (announced, T("9m").kind):  # a tile the announcer threw cannot be the wait
        click(app, screen.guess_row.rects[kinds.index(k)].center)
    click(app, next(b for b in screen.action_buttons if b.label == "Name these tiles").rect.center)
    assert g.guesses and not g.guesses[-1].right
    assert any("own discards" in b.text for b in app.banners)  # the guess is explained
    for _step in range(60):
        screen.run_bots_until_learner()
        if g.ended or g.guesser == 0:
            break
    if not g.ended:
        screen.rebuild()
        other = next(k for i, k in enumerate(kinds) if i not in screen.guess_row.dim and k != wait)
        for k in (wait, other):
            click(app, screen.guess_row.rects[kinds.index(k)].center)
        click(app, next(b for b in screen.action_buttons if b.label == "Name these tiles").rect.center)
        assert g.ended and g.end_reason == "guessed"
        app.render()
        assert screen._result_lines()[0] == "You read the wait!"
    else:
        assert g.end_reason in ("tsumo", "wall", "guessed")


@pytest.mark.parametrize("lesson_id", ["variant_single_suit_2", "variant_bamboo", "variant_ab_game"])
def test_each_variant_lesson_ends_at_a_table_of_its_own_game_that_plays_to_the_end(app: App, lesson_id: str) -> None:
    from trainer.engine.game.simple_bots import make_simple_bot

    step = app.library().lessons[lesson_id].steps[-1]
    assert step.kind == "play"
    # the table the lesson's play step opens (views/steps/extra.py), the step's default bots included
    table = app.push("play_simple", mode=step.mode, rules=step.rules, tiles=step.tiles, players=step.players,
                     bots=step.bots, reveal=step.reveal, coach=step.coach, goal_games=step.goal.games,
                     goal_wins=step.goal.wins, seed=3)
    assert table.game is not None, table.error
    assert table.setup.bots in ("table", "reader")  # the game's own bots, whatever the step names
    me = make_simple_bot(table.setup.bots, 3)
    for _step in range(3000):
        if table.game.ended:
            break
        table.run_bots_until_learner()
        if not table.game.ended:
            table._act(me.choose(table.game.view(0), table.my_legal()))
    assert table.game.ended
    app.render()
