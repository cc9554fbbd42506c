"""The training games' table (review 22, tgui): the coach's marks under the game's own shape,
leaving a game of several hands, short mahjong's intermediate wins, atama kasō, a ready hand
that cannot win on a discard, the yochi headline and open wall, risu's dora, the panels'
payments, and the A/B guess palette with the hand in view."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from trainer import i18n  # noqa: E402
from trainer.engine.game.ab_game import Guess  # noqa: E402
from trainer.engine.game.actions import Discard, Tsumo  # noqa: E402
from trainer.engine.game.honor_exchange import ExchangeHonor  # noqa: E402
from trainer.engine.game.simple import SimpleGame, scripted_wall  # noqa: E402
from trainer.engine.game.simple_bots import make_simple_bot  # noqa: E402
from trainer.engine.tiles import parse_tile  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.screens.play_simple import PlaySimpleScreen  # noqa: E402
from trainer.ui.settings import Settings  # noqa: E402

T = parse_tile


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    a = App(size=(1280, 720), settings=Settings(language="en"), progress=None, save=False)
    yield a
    a.close()
    i18n.set_language("en")


def scripted(screen: PlaySimpleScreen, hands: list[str], draws: str, *, last: str | None = None) -> SimpleGame:
    """Replace the screen's game by one dealt from a scripted wall (the learner deals); ``last``
    is the tile put at the far end of the wall (risu's dora after agari)."""
    assert screen.setup is not None
    wall = scripted_wall(screen.setup.tileset, hands, draws)
    if last is not None:
        front = sum(len(h) for h in hands) // 2 + len(draws) // 2
        i = next(i for i in range(len(wall) - 1, front - 1, -1) if wall[i] == T(last))
        wall.append(wall.pop(i))
    screen.game = SimpleGame(screen.setup, wall=wall)
    screen.counted = False
    screen.focus = None
    screen.rebuild()
    return screen.game


def learner_plays(screen: PlaySimpleScreen, *, stop=None, limit: int = 600) -> None:  # noqa: ANN001
    """Play the hand to its end, the learner moved by a bot (``stop(screen)`` ends it early)."""
    st = screen.setup
    bot = make_simple_bot(st.bots, 99, st.rules, st.shape_rules())
    g = screen.game
    for _ in range(limit):
        screen.run_bots_until_learner()
        if g.ended or (stop is not None and stop(screen)):
            return
        screen._act(bot.choose(g.view(0), screen.my_legal()))


# ---------------------------------------------------------------- 1: the coach's marks


def shape_best(screen: PlaySimpleScreen) -> set[int]:
    """The kinds whose discard keeps the lowest shanten under the game's own shape."""
    g = screen.game
    after = {}
    for t in set(g.hands[0]):
        rest = [x.kind for x in g.hands[0]]
        rest.remove(t.kind)
        after[t.kind] = g.form.shanten(rest)
    low = min(after.values())
    return {k for k, v in after.items() if v == low}


def marked(screen: PlaySimpleScreen) -> set[int]:
    row = screen.hand_row
    return {row.slots[i].tile.kind for i, m in row.marks.items() if m == "hint"}


def test_the_coach_marks_the_best_discards_by_the_games_own_shape(app: App) -> None:
    # the reviewer's hand: suits ignored, 1m 6m 7m 3p 5p 1s 7s + 8s; the standard reading marks the
    # pair by rank (1m, 1s), which leaves the hand one step further than 7m, 3p or 7s
    screen = app.push("play_simple", mode="kunto", kids=False, seed=1,
                      rules={"suits": "ignored", "tiles": "suits108", "hand": 7})
    scripted(screen, ["1m6m7m3p5p1s7s", "2m3m4m5m6m7m8m"], "8s")
    assert marked(screen) and marked(screen) <= shape_best(screen) == {T("7m").kind, T("3p").kind, T("7s").kind}
    for rules in ({"suits": "ignored", "tiles": "suits108", "hand": 7},
                  {"dragons": "jokers", "tiles": "sou_dragons48", "hand": 7},
                  {"dragons": "tens", "tiles": "suits108_dragons", "hand": 7}):
        checked = 0
        for seed in range(12):
            screen = app.push("play_simple", mode="kunto", kids=False, rules=rules, seed=seed)
            screen.run_bots_until_learner()
            if not screen.game.ended and any(isinstance(a, Discard) for a in screen.my_legal()):
                screen.rebuild()
                assert marked(screen) and marked(screen) <= shape_best(screen), (rules, seed)
                checked += 1
            app.pop()
        assert checked >= 8, rules


# ---------------------------------------------------------------- 2: leaving a game of several hands


def test_esc_between_the_hands_of_a_game_asks_and_says_what_becomes_of_it(app: App) -> None:
    # a lesson's table is played through, never kept: leaving loses the whole game
    screen = app.push("play_simple", mode="ab_game", kids=False, seed=3, on_done=lambda outcome: None)
    learner_plays(screen)
    assert screen.game.ended and not screen.match_over()
    screen.back()
    assert screen.dialog is not None and app.screen is screen
    assert "whole game" in screen.dialog.body and "clock" in screen.dialog.body
    screen.dialog = None
    screen.play_again()  # hand 2, nothing done yet: still a game in progress
    screen.back()
    assert screen.dialog is not None and "whole game" in screen.dialog.body
    # free play keeps it, and says so
    free = app.push("play_simple", mode="ab_game", kids=False, seed=3)
    learner_plays(free)
    free.back()
    assert free.dialog is not None and "kept" in free.dialog.body and "Continue" in free.dialog.body


def test_esc_in_risu_with_discards_back_in_the_wall_asks(app: App) -> None:
    screen = app.push("play_simple", mode="risu", kids=False, seed=4, on_done=lambda outcome: None)
    screen.run_bots_until_learner()
    screen._act(next(a for a in screen.my_legal() if isinstance(a, Discard)))
    assert not any(screen.game.rivers) and not screen.game.ended  # the discard went back into the wall
    screen.back()
    assert screen.dialog is not None and app.screen is screen and "whole game" in screen.dialog.body


def test_a_game_of_one_hand_left_before_any_move_asks_nothing(app: App) -> None:
    app.push("play_simple", mode="tibet", hand=4, players=2, seed=1)
    screen = app.push("play_simple", mode="twelve_tiles", kids=False, seed=1)
    screen.back()
    assert screen.dialog is None and app.screen is not screen


# ---------------------------------------------------------------- 4: short mahjong's intermediate wins


def short_table(app: App) -> PlaySimpleScreen:
    screen = app.push("play_simple", mode="short", kids=False, seed=2)
    scripted(screen, ["123m5p", "1z2z3z4z", "5z6z7z1z", "2z3z4z5z"], "5p")
    return screen


def test_an_intermediate_win_is_announced_with_the_stage_and_the_winners_hand(app: App) -> None:
    screen = short_table(app)
    assert "stage 1 of 3: a hand of 4" in screen.header_extra()
    next(b for b in screen.action_buttons if b.label == "Tsumo!").activate()
    g = screen.game
    assert not g.ended and g.hand_size == 7
    assert any("every hand grows to 7 tiles" in b.text for b in app.banners)
    assert "stage 2 of 3: a hand of 7" in screen.header_extra()
    win = screen.stage_wins[-1]
    assert (win.seat, win.tile, win.size) == (0, T("5p"), 4) and sorted(win.hand) == [T(t) for t in "1m 2m 3m 5p 5p".split()]
    app.render()  # the winner's hand in the middle panel


def test_too_few_tiles_to_grow_the_hands_is_not_an_empty_wall(app: App) -> None:
    screen = short_table(app)
    g = screen.game
    del g.wall[:-3]  # three tiles left: too few to grow four hands by three
    next(b for b in screen.action_buttons if b.label == "Tsumo!").activate()
    assert g.ended and g.result.kind == "draw" and g.wall_remaining == 3
    head, line = screen._result_lines()
    assert "3 tiles are left" in line and "empty" not in line
    assert screen.value_lines() == ["Intermediate wins: You with a hand of 4 tiles."]


# ---------------------------------------------------------------- 6: atama kasō


def test_an_atama_kasou_win_names_the_imaginary_tiles(app: App) -> None:
    screen = app.push("play_simple", mode="twelve_tiles", kids=False, seed=1, rules={"atama_kasou": True})
    scripted(screen, ["34m77m123p123s45s", "111222333444z", "999m555666777z", "111999p111999s"], "6s")
    assert any(isinstance(a, Tsumo) for a in screen.my_legal())
    screen._act(Tsumo())
    assert screen.imaginary_tiles(0) == (T("2m").kind, T("5m").kind)
    lines = screen.value_lines()
    assert any("13-tile tenpai wins" in line for line in lines), lines
    assert any(line.endswith("2 and 5 of characters") for line in lines), lines
    assert screen._result_lines()[1] == "Tsumo! Your 13-tile tenpai wins."


def test_the_atama_kasou_switch_has_a_note_while_off() -> None:
    from trainer.ui.training_setup import NOTES

    assert ("atama_kasou", False) in NOTES and "kak" in NOTES[("atama_kasou", False)]


# ---------------------------------------------------------------- 9, 10, 14: yochi

OTHERS = ["1112223334445z", "1113335557779p", "111333m6667779s"]


def test_a_ready_hand_without_a_yaku_is_not_called_ready(app: App) -> None:
    screen = app.push("play_simple", mode="yochi", kids=False, seed=1)
    scripted(screen, ["123m456p789s2299m", *OTHERS], "6z")
    screen._act(Discard(T("6z")))
    assert screen.ready() and screen.ready_block() == "no_yaku"
    assert screen.lamp_text() == "Ready, no yaku" and "riichi" in screen._prompt()
    app.render()


def test_a_furiten_ready_hand_says_furiten(app: App) -> None:
    screen = app.push("play_simple", mode="yochi", kids=False, seed=1)
    scripted(screen, ["23456m456p789s22p", *OTHERS], "1m")
    screen._act(Discard(T("1m")))
    assert screen.ready() and screen.ready_block() == "furiten"
    assert screen.lamp_text() == "Ready, furiten" and "Furiten" in screen._prompt()


def test_a_ready_hand_that_can_win_on_a_discard_is_ready(app: App) -> None:
    screen = app.push("play_simple", mode="yochi", kids=False, seed=1)
    scripted(screen, ["23456m456p789s22p", *OTHERS], "6z")
    screen._act(Discard(T("6z")))
    assert screen.ready_block() == "" and screen.lamp_text() == "Ready!"


def test_the_yochi_headline_leaves_the_yaku_to_the_lines_below(app: App) -> None:
    screen = app.push("play_simple", mode="yochi", kids=False, seed=1)
    scripted(screen, ["234m456p678s22p55s", *OTHERS], "5s")
    screen._act(Tsumo())
    head, line = screen._result_lines()
    assert line == "Tsumo! Your hand is complete."
    assert any(line.startswith("Tanyao") or "tan'yao" in line for line in screen.value_lines())


def test_yochi_marks_the_learners_own_next_draw(app: App) -> None:
    screen = app.push("play_simple", mode="yochi", kids=False, seed=5)
    screen.run_bots_until_learner()
    g = screen.game
    assert screen.own_next_draw() == 3
    screen._act(next(a for a in screen.my_legal() if isinstance(a, Discard)))
    ahead, mine = g.view(0).next_draws, screen.own_next_draw()
    app.render()
    screen.run_bots_until_learner()
    if not g.ended:
        assert g.drawn[0] == ahead[mine]


# ---------------------------------------------------------------- 11: risu's dora


def test_risu_shows_the_dora_tile_it_scores(app: App) -> None:
    screen = app.push("play_simple", mode="risu", kids=False, seed=1)
    g = scripted(screen, ["1112345678999s", "2223334446667s"], "5s", last="1s")
    assert g.wall[0] == T("1s")
    screen._act(Tsumo())
    assert screen.after_win_dora() == T("1s")
    dora = [line for line in screen.value_lines() if line.startswith("Dora")]
    assert dora and dora[0].endswith("1 of bamboo, the last tile of the wall"), dora
    row = screen.win_row
    assert {row.slots[i].tile for i, m in row.marks.items() if m == "hint"} == {T("1s")}


# ---------------------------------------------------------------- 15: the panels


def test_half_abundance_says_the_exchanges_and_that_the_winner_gains_nothing(app: App) -> None:
    screen = app.push("play_simple", mode="single_suit_1", kids=False, seed=7, rules={"half_abundance": True})
    g = screen.game
    done = []

    def exchange_once(s: PlaySimpleScreen) -> bool:
        offer = next((a for a in s.my_legal() if isinstance(a, ExchangeHonor)), None)
        if offer is not None and not done:
            s._act(offer)
            done.append(offer)
        return False

    learner_plays(screen, stop=exchange_once)
    assert done and g.ended
    lines = screen.value_lines()
    assert any(line.startswith("You (the dealer): 1 honor exchange, 3,000 points") for line in lines), lines
    if g.result.winners:
        assert "Half abundance: the winner gains nothing, only the losers pay." in lines


def test_the_ab_panel_names_the_riichi_stakes(app: App) -> None:
    screen = app.push("play_simple", mode="ab_game", kids=False, seed=3)
    for _ in range(10):
        learner_plays(screen)
        if any(screen.game.riichi):
            break
        screen.play_again()
    g = screen.game
    assert any(g.riichi)
    stakes = [line for line in screen.value_lines() if line.startswith("Riichi stake")]
    assert stakes and "1,000" in stakes[0]


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_the_ab_guess_palette_leaves_the_learners_hand_in_view(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                 size: tuple[int, int]) -> None:
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    app = App(size=size, settings=Settings(language="en"), progress=None, save=False)
    screen = app.push("play_simple", mode="ab_game", kids=False, seed=3)
    for _ in range(10):
        learner_plays(screen, stop=lambda s: any(isinstance(a, Guess) for a in s.my_legal()))
        if any(isinstance(a, Guess) for a in screen.my_legal()):
            break
        screen.play_again()
    assert any(isinstance(a, Guess) for a in screen.my_legal())
    app.render()
    hand = [s.tile for s in screen.hand_row.slots if s.group < 0]
    assert sorted(hand) == sorted(screen.game.hands[0])
    assert screen.guess_row.rect.bottom <= screen.hand_row.rect.top
    assert screen.action_buttons[-1].rect.bottom <= screen.guess_row.rect.top
    app.close()
