"""The simple-mode table headless: discard by two clicks or by keyboard, the win buttons
appear only on a complete hand, the friendly end panel, the lesson goal, bad params."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from trainer.engine.game.actions import Discard, Tsumo  # noqa: E402
from trainer.engine.game.simple import SimpleGame, scripted_wall  # noqa: E402
from trainer.engine.tiles import parse_tile  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.screens.play_simple import BOT_DELAY, PlaySimpleScreen  # noqa: E402
from trainer.ui.settings import Settings  # noqa: E402

T = parse_tile


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    a = App(size=(1280, 720), settings=Settings(language="en"), progress=None, save=False)
    a.push("home")
    yield a
    a.close()


def click(app: App, pos: tuple[int, int]) -> None:
    app.process([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], 1 / 60)


def key(app: App, k: int) -> None:
    app.process([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")], 1 / 60)


def scripted(screen: PlaySimpleScreen, hands: list[str], draws: str) -> None:
    """Replace the screen's game by one dealt from a scripted wall (the learner deals)."""
    assert screen.setup is not None
    screen.game = SimpleGame(screen.setup, wall=scripted_wall(screen.setup.tileset, hands, draws))
    screen.counted = False
    screen.focus = None
    screen.rebuild()


def labels(screen: PlaySimpleScreen) -> list[str]:
    return [b.label for b in screen.action_buttons]


def test_discard_by_two_clicks_then_the_bots_move_on_the_clock(app: App) -> None:
    screen = app.push("play_simple", mode="tibet", hand=7, players=3, reveal="own", coach="hints", seed=5)
    screen.run_bots_until_learner()
    assert screen.my_legal() and not screen.game.ended
    app.render()
    row = screen.hand_row
    i = len([s for s in row.slots if s.group < 0]) - 1  # the drawn tile, set apart at the right
    tile = row.slots[i].tile
    click(app, row.rects[i].center)
    assert row.selected == {i}
    click(app, screen.hand_row._draw_rect(i).center)
    assert screen.game.rivers[0][-1].tile == tile and 0 not in screen.game.to_act()
    history = len(screen.game.history)
    for _ in range(round(BOT_DELAY * 60) - 3):
        app.process([], 1 / 60)
    assert len(screen.game.history) == history  # nobody moves before the delay
    for _ in range(6):
        app.process([], 1 / 60)
    assert len(screen.game.history) == history + 1 or screen.game.ended


def test_keyboard_enter_lifts_then_gives_away_the_cursor_tile(app: App) -> None:
    screen = app.push("play_simple", mode="ponjan", hand=7, players=2, seed=8)
    scripted(screen, ["1113579m", "2468p135s"], "9s")
    app.render()
    assert screen.focused_widget() is screen.hand_row
    key(app, pygame.K_LEFT)
    cursor = screen.hand_row.cursor
    tile = screen.hand_row.slots[cursor].tile
    key(app, pygame.K_RETURN)
    assert screen.hand_row.selected == {cursor}
    key(app, pygame.K_RETURN)
    assert screen.game.rivers[0][-1].tile == tile


def test_win_button_only_on_a_complete_hand_and_the_end_panel(app: App) -> None:
    done: list[dict] = []
    screen = app.push("play_simple", mode="tibet", hand=4, players=3, seed=1, goal_games=1, on_done=done.append)
    scripted(screen, ["1357p", "2468p", "2468p"], "9p")
    assert "I made it!" not in labels(screen) and not screen.ready()  # a child's words: no lesson taught «tsumo»
    scripted(screen, ["1237p", "4569p", "4569p"], "7p")
    assert labels(screen) == ["I made it!"]
    app.render()
    button = screen.action_buttons[0]
    click(app, button.rect.center)
    assert screen.game.ended and screen.game.result.winners == (0,)
    assert (screen.games, screen.wins) == (1, 1)
    assert done == [{"games": 1, "wins": 1, "goal_met": True}]
    assert [b.label for b in screen.end_buttons] == ["Done", "Play again"]
    assert screen._result_lines()[0] == "You won!"
    app.render()
    click(app, screen.end_buttons[1].rect.center)  # play again: a fresh deal, the count stays
    assert not screen.game.ended and screen.games == 1


def test_ron_and_pass_buttons_on_another_players_discard(app: App) -> None:
    screen = app.push("play_simple", mode="tibet", hand=4, players=3, coach="full", seed=2)
    scripted(screen, ["2345p", "1368p", "1378p"], "9p5p")
    assert screen.ready() is False  # holding five tiles: the lamp waits for the discard
    screen._act(Discard(T("9p")))
    assert screen.ready()  # 2345p waits on 2p or 5p
    screen.game.apply(1, Discard(T("5p")))  # seat 1 drew 5p and gives it away
    screen._after_action()
    assert labels(screen) == ["I made it!", "Pass"]  # a child's table, no lesson finished: the child's words
    click(app, screen.action_buttons[0].rect.center)
    assert screen.game.result.kind == "ron" and screen.game.result.winners == (0,)
    assert screen._result_lines() == ("You won!", "Ron! Your hand is complete.")


def test_someone_else_wins_with_the_learners_tile(app: App) -> None:
    screen = app.push("play_simple", mode="tibet", hand=4, players=3, seed=2)
    scripted(screen, ["1239p", "2345p", "6789p"], "5p")
    screen.discard_tile(T("5p"))
    screen.run_bots_until_learner()
    assert screen.game.ended and screen.game.result.winners == (1,)
    assert screen._result_lines() == ("Right won", "Right completed the hand with your tile: ron.")
    assert screen.win_row is not None and "right" in screen.win_row.marks.values()
    assert [b.label for b in screen.end_buttons] == ["Play again"]  # free play: the header's Back leaves


def test_the_winner_is_the_subject_in_russian_and_the_learner_below_zero_is_you(app: App) -> None:
    """«Игрок справа выигрывает», not «Победа: Справа» (a seat label where a player is meant); a
    learner below zero reads "your points", never "You is below zero"."""
    from trainer.i18n import set_language

    screen = app.push("play_simple", mode="tibet", hand=4, players=3, seed=2)
    scripted(screen, ["1239p", "2345p", "6789p"], "5p")
    screen.discard_tile(T("5p"))
    screen.run_bots_until_learner()
    set_language("ru")
    try:
        # a children's table (tibet) speaks to the child with «ты»; the grown-ups' tables keep «вашей»
        assert screen._result_lines() == ("Игрок справа выигрывает", "Игрок справа собирает руку с твоей плиткой — рон.")
    finally:
        set_language("en")
    screen.game.points[:] = [-300, 15_000, 15_300]
    screen.match_over = lambda: True  # type: ignore[method-assign]
    assert screen._match_line() == ["The game is over: your points are below zero."]
    screen.game.points[:] = [300, -1_000, 15_000]
    assert screen._match_line() == ["The game is over: Right is below zero."]


def test_riichi_button_in_kids_riichi(app: App) -> None:
    screen = app.push("play_simple", mode="kids_riichi", seed=3)
    others = ["1s2s3s4s5s6s7s8s9s1z1z2z2z", "3z3z4z4z6z6z7z7z1m1m9m5m6m", "9p9p9s8s7s6s5s4s3s2s1s9m9m"]
    scripted(screen, ["123m456m789m1p23p5z", *others], "1p")
    assert labels(screen) == ["Riichi"]
    screen.action_buttons[0].activate()
    assert screen.riichi_mode and screen._prompt() == "Riichi: choose the tile to give away."
    assert screen.discard_tile(T("5z"))
    assert screen.game.riichi[0] and screen.game.rivers[0][-1].riichi
    assert not any(isinstance(a, Tsumo) for a in screen.game.legal_actions(0))


def test_an_impossible_table_shows_the_reason(app: App) -> None:
    screen = app.push("play_simple", mode="tibet", hand=13, players=3, tiles="pin36")
    assert screen.game is None and "only 36" in screen.error
    app.render()
    key(app, pygame.K_RETURN)
    assert app.stack[-1] is not screen


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
@pytest.mark.parametrize("params", [
    {"mode": "tibet", "hand": 4, "reveal": "all", "coach": "full"}, {"mode": "tibet", "hand": 13, "players": 4},
    {"mode": "ponjan", "hand": 10, "players": 4}, {"mode": "glass_table", "coach": "full"},
])
def test_renders_at_both_sizes_through_a_whole_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    size: tuple[int, int], params: dict) -> None:
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    a = App(size=size, settings=Settings(language="ru"), progress=None, save=False)
    try:
        a.push("home")
        screen = a.push("play_simple", seed=4, **params)
        for step in range(60):
            screen.run_bots_until_learner()
            if step % 4 == 0:
                a.render()
            if screen.game.ended:
                break
            legal = screen.my_legal()
            win = [x for x in legal if type(x).__name__ in ("Tsumo", "Ron")]
            screen._act(win[0] if win else legal[-1] if isinstance(legal[-1], Discard) else legal[0])
        assert screen.game.ended
        a.render()
        for b in screen.end_buttons:
            assert a.layout.rect.contains(b.rect)
    finally:
        a.close()


def test_a_lesson_rules_dict_and_a_tile_set_description(app: App) -> None:
    screen = app.push("play_simple", mode="glass_table", rules={"rules": "yaku_required", "calls": "on"},
                      tiles=None, players=4, bots="gentle", reveal="all", coach="hints", goal_games=1, seed=1)
    assert (screen.setup.win, screen.setup.calls) == ("yaku", "all")
    screen = app.push("play_simple", mode="tibet", hand=4, players=2, tiles={"suits": ["s"], "copies": 4}, seed=1)
    assert screen.setup.tileset.kinds() == tuple(range(18, 27)) and screen.game is not None


def test_the_end_panel_names_the_yaku_when_the_table_needs_one(app: App) -> None:
    screen = app.push("play_simple", mode="glass_table", win="yaku", seed=1)
    others = ["1s2s3s4s5s6s7s8s9s1z1z2z2z", "3z3z4z4z6z6z7z7z1m1m9m5m6m", "9p9p9s8s7s6s5s4s3s2s1s9m9m"]
    scripted(screen, ["123m456p789s11p24p", *others], "3p")
    assert labels(screen) == ["Tsumo!"]
    screen.action_buttons[0].activate()
    head, _line = screen._result_lines()
    assert head == "You won!"
    from trainer.ui.richtext import plain_text

    names = [plain_text(app.term_text("menzen_tsumo"), app), app.glossary().term("menzen_tsumo").plain_name("en")]
    assert any(v.startswith(n) for v in screen.value_lines() for n in names), screen.value_lines()
