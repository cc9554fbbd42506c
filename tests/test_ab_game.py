"""The two-stage A/B game (seed 000:3509-3515): stage A's race to an announced tenpai within 36
discards, no furiten tenpai, stage B's guesses, five draws and the face-down pass-over."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from trainer.engine.game.ab_game import ABGame, Announce, Guess, PassOver
from trainer.engine.game.actions import Discard, IllegalAction, Pass, Riichi, Tsumo
from trainer.engine.game.full_table import make_game
from trainer.engine.game.simple import scripted_wall
from trainer.engine.game.simple_modes import get_mode
from trainer.engine.game.table_bots import ReaderBot, guess_scores
from trainer.engine.game.training_match import play_mode_game
from trainer.engine.game.view import RiverTile
from trainer.engine.notation import parse_tiles
from trainer.engine.tiles import parse_tile

OTHERS = ["1199m1199p1199s3z", "2288m2288p2288s4z", "3377m3377p3377s6z"]


def scripted(draws: str, first: str = "123m456p789s1112z", **opts: object) -> ABGame:
    setup = get_mode("ab_game").setup(**opts)
    game = make_game(setup, 1, wall=scripted_wall(setup.tileset, [first, *OTHERS], draws))
    assert isinstance(game, ABGame)
    return game


def kinds(text: str) -> set[int]:
    return {t.kind for t in parse_tiles(text)}


def test_stage_a_ends_in_a_draw_when_nobody_announces_by_the_36th_discard() -> None:
    game = make_game(get_mode("ab_game").setup(), 2)
    while not game.ended:
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        drawn = game.drawn[seat]
        act = Pass() if Pass() in legal else Discard(drawn) if Discard(drawn) in legal else legal[0]
        assert not isinstance(act, Riichi | Announce)
        game.apply(seat, act)
        game.check()
    assert game.discards == 36 and game.end_reason == "no_tenpai" and game.result.kind == "draw"


def test_a_closed_hand_announces_with_riichi_and_the_next_player_guesses() -> None:
    game = scripted("5z")
    legal = game.legal_actions(0)
    assert Riichi(parse_tile("5z")) in legal and not any(isinstance(a, Tsumo) for a in legal)
    game.apply(0, Riichi(parse_tile("5z")))
    assert game.tenpai_seat == 0 and game.to_act() == [1]  # shimocha, the player to the right
    assert set(game.announced_waits()) == kinds("2z")
    assert game.points[0] == 24000  # the riichi stake
    game.check()


def test_furiten_tenpai_cannot_be_announced() -> None:
    game = scripted("5z")
    game.rivers[0].append(RiverTile(parse_tile("2z"), False, False, False))  # the wait is in the river
    legal = game.legal_actions(0)
    assert Riichi(parse_tile("5z")) not in legal  # would wait on 2z, already discarded
    assert Riichi(parse_tile("2z")) in legal  # giving the 2z away waits on 5z: not furiten


def test_a_right_guess_makes_the_hand_a_draw() -> None:
    game = scripted("5z")
    game.apply(0, Riichi(parse_tile("5z")))
    game.apply(1, Guess((parse_tile("9m"), parse_tile("2z")), 0))
    assert game.ended and game.result.kind == "draw" and game.end_reason == "guessed"
    assert game.guesses[0].right


def test_a_wrong_guess_gives_five_draws_and_a_winning_tile_may_be_passed_face_down() -> None:
    game = scripted("5z" + "3m4m2z6m8m" + "7m")
    game.apply(0, Riichi(parse_tile("5z")))
    with pytest.raises(IllegalAction):
        game.apply(2, Guess((parse_tile("1m"), parse_tile("9m")), 0))  # not seat 2's turn
    game.apply(1, Guess((parse_tile("1m"), parse_tile("9m")), 0))
    assert game.to_act() == [0] and game.legal_actions(0) == [Discard(parse_tile("3m"))]
    game.apply(0, Discard(parse_tile("3m")))
    game.apply(0, Discard(parse_tile("4m")))
    assert set(game.legal_actions(0)) == {Tsumo(), PassOver(parse_tile("2z"))}
    game.apply(0, PassOver(parse_tile("2z")))
    assert game.face_down[0] == [parse_tile("2z")]
    game.check()
    game.apply(0, Discard(parse_tile("6m")))
    game.apply(0, Discard(parse_tile("8m")))
    # five draws done: the next player in turn who is not tenpai guesses, and may not repeat a named tile
    assert game.to_act() == [2]
    assert Guess((parse_tile("1m"), parse_tile("2m")), 0) not in game.legal_actions(2)
    game.apply(2, Guess((parse_tile("2m"), parse_tile("3p")), 0))
    assert game.legal_actions(0) == [Discard(parse_tile("7m"))]
    game.check()


def test_a_winning_stage_b_draw_wins_by_tsumo_with_riichi() -> None:
    game = scripted("5z" + "3m2z")
    game.apply(0, Riichi(parse_tile("5z")))
    game.apply(1, Guess((parse_tile("1m"), parse_tile("9m")), 0))
    game.apply(0, Discard(parse_tile("3m")))
    game.apply(0, Tsumo())
    assert game.result.kind == "tsumo" and game.result.winners == (0,)
    value = game.result.values[0]
    assert {"riichi", "menzen_tsumo"} <= {i.id for i in value.items}
    # the three others pay the tsumo to the table (players only lose, 000:3511)
    assert value.points == sum(-d for s, d in enumerate(value.deltas) if s != 0) and value.deltas[0] == 0


def test_the_reader_never_names_a_tile_from_the_tenpai_players_discards() -> None:
    game = scripted("5z")
    game.rivers[0].append(RiverTile(parse_tile("5p"), False, False, False))
    game.apply(0, Riichi(parse_tile("5z")))
    view = game.view(1)
    scores = guess_scores(view, 0)
    assert scores[parse_tile("5p").kind] == scores[parse_tile("5z").kind] == -100
    guess = ReaderBot(1).choose(view, game.legal_actions(1))
    assert isinstance(guess, Guess) and not kinds("5p5z") & {t.kind for t in guess.tiles}


def test_bots_play_the_ab_game_with_every_tile_accounted_for() -> None:
    setup = get_mode("ab_game").setup(max_hands=1)
    kinds_seen = set()
    for seed in range(6):
        out = play_mode_game(setup, seed, check=True)
        kinds_seen.update(r.kind for r in out.results)
    assert "draw" in kinds_seen


def test_simulate_ab_game_json_and_a_bad_option() -> None:
    run = [sys.executable, "-m", "trainer", "simulate", "--mode", "ab_game"]
    p = subprocess.run([*run, "--games", "3", "--seed", "4", "--option", "max_hands=1", "--json"],
                       capture_output=True, text=True, timeout=300, check=False)
    assert p.returncode == 0, p.stderr
    data = json.loads(p.stdout.strip().splitlines()[-1])
    assert data["mode"] == "ab_game" and data["games"] == 3 and data["players"] == 4
    assert data["results"]["tsumo"] + data["results"]["ron"] + data["results"]["draws"] == data["hands"] == 3
    assert sum(data["end_reasons"].values()) == 3 and set(data["end_reasons"]) <= {"guessed", "no_tenpai", "wall",
                                                                                 "tsumo"}
    p = subprocess.run([*run, "--games", "1", "--option", "guess_rule=three"], capture_output=True, text=True,
                       timeout=300, check=False)
    assert p.returncode == 2 and "any, both" in p.stderr


# ---------------------------------------------------------------------- a game of many hands (000:3511)
SANSHOKU = "56m567p234567s88p"  # riichi, pinfu; 4m is the cheap wait, 7m adds sanshoku (567m 567p 567s)


def stage_b(draws: str, **opts: object) -> ABGame:
    """Seat 0 (the dealer) announces riichi on the sanshoku hand, seat 1 names 1m and 9m (wrong)."""
    game = scripted("5z" + draws, SANSHOKU, **opts)
    game.apply(0, Riichi(parse_tile("5z")))
    game.apply(1, Guess((parse_tile("1m"), parse_tile("9m")), 0))
    return game


def test_players_only_lose_the_winner_gains_nothing_and_the_table_keeps_what_they_paid() -> None:
    game = stage_b("7m")
    assert game.table_points == 1000  # the riichi stake lies on the table
    before = list(game.points)
    game.apply(0, Tsumo())
    value = game.result.values[0]
    assert value.deltas[0] == 0 and game.points[0] == before[0]  # the winner gains nothing (000:3511)
    paid = -sum(d for d in value.deltas if d < 0)
    assert paid > 0 and all(game.points[s] == before[s] + value.deltas[s] for s in range(4))
    assert value.points == paid and "riichi_sticks" not in {i.id for i in value.items}
    assert game.table_points == 1000 + paid  # the stake and the losers' payments stay on the table
    assert sum(game.points) + game.table_points == 4 * 25000


def test_the_dealer_keeps_the_deal_on_its_own_agari_otherwise_it_passes() -> None:
    game = stage_b("7m")
    game.apply(0, Tsumo())
    assert game.dealer == 0 and game.next_dealer() == 0  # «При объявлении агари оя – ветер не меняется»
    drawn = scripted("5z")
    drawn.apply(0, Riichi(parse_tile("5z")))
    drawn.apply(1, Guess((parse_tile("9m"), parse_tile("2z")), 0))  # a right guess: a draw
    assert drawn.ended and drawn.next_dealer() == 1


def test_the_table_points_go_to_the_last_player_who_declared_agari() -> None:
    from trainer.engine.game.ab_game import settle_table

    assert settle_table([20000, 18000, 23000, 24000], 15000, last_agari=2) == [20000, 18000, 38000, 24000]
    assert settle_table([20000, 18000, 23000, 24000], 15000, last_agari=None) == [20000, 18000, 23000, 24000]


def test_the_reader_lays_a_cheap_winning_tile_face_down_and_wins_with_the_dear_one() -> None:
    bot = ReaderBot(1)
    game = stage_b("4m")  # 4m: riichi, tsumo, pinfu; the 7m would add sanshoku
    assert game.view(0).stage_draws_left == 4
    assert bot.choose(game.view(0), game.legal_actions(0)) == PassOver(parse_tile("4m"))
    dear = stage_b("7m")
    assert bot.choose(dear.view(0), dear.legal_actions(0)) == Tsumo()
    late = stage_b("1z1z1z1z4m")  # the fifth draw of the batch: no draws left to hope for
    for _ in range(4):
        late.apply(0, late.legal_actions(0)[0])
    assert late.view(0).stage_draws_left == 0
    assert bot.choose(late.view(0), late.legal_actions(0)) == Tsumo()


def test_a_bot_game_plays_hands_until_the_hand_cap_carrying_points_and_the_deal() -> None:
    setup = get_mode("ab_game").setup(max_hands=4)
    for seed in range(3):
        out = play_mode_game(setup, seed, check=True)
        assert 1 <= len(out.results) <= 4
        assert len(out.results) == 4 or min(out.points) < 0
        for i, res in enumerate(out.results[:-1]):  # the dealer keeps the deal only on its own agari
            keeps = out.dealers[i] in res.winners
            assert out.dealers[i + 1] == (out.dealers[i] if keeps else (out.dealers[i] + 1) % 4)
        last = next((res.winners[-1] for res in reversed(out.results) if res.winners), None)
        assert out.table_paid_to == last
        left = out.table_points if last is None else 0
        assert sum(out.points) + left == 4 * 25000  # nothing is lost: the table's points are paid out


def test_a_bad_game_minutes_is_one_line_naming_the_file_and_key(tmp_path) -> None:  # noqa: ANN001
    from trainer.engine.game.simple_modes import MODES_DIR, ModeError, load_mode

    text = (MODES_DIR / "ab_game.toml").read_text(encoding="utf-8").replace("game_minutes = 60", "game_minutes = -5")
    path = tmp_path / "ab_game.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ModeError) as err:
        load_mode(path)
    assert str(err.value).startswith(f"{path}:") and "game_minutes" in str(err.value)
    assert "\n" not in str(err.value)
    assert get_mode("ab_game").setup().game_minutes == 60
