"""The training games of seed 000 (000:3441-3558, 4327-4344) as play modes: shapes, values, bots, CLI."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from trainer.engine.game.actions import Riichi, Ron, Tsumo
from trainer.engine.game.simple import SimpleGame, scripted_wall
from trainer.engine.game.simple_modes import ModeError, get_mode, mode_ids
from trainer.engine.game.training_match import play_mode_game
from trainer.engine.game.training_scoring import Win, short_payment, value_of
from trainer.engine.game.training_shapes import Shape
from trainer.engine.game.view import RiverTile
from trainer.engine.hand import Hand
from trainer.engine.notation import parse_tiles
from trainer.engine.tiles import Tile
from trainer.glossary import load_glossary

TRAINING = ("kunto", "twelve_tiles", "short", "risu", "yochi", "single_suit_1")


def kinds(text: str) -> list[int]:
    return [t.kind for t in parse_tiles(text)]


def test_every_training_mode_loads_and_names_its_glossary_title() -> None:
    glossary = load_glossary()
    for name in TRAINING:
        assert name in mode_ids()
        assert glossary.has(get_mode(name).title), name


def test_suits_ignored_reads_runs_and_triplets_across_suits() -> None:
    shape = Shape(suits="ignored")
    assert shape.complete(kinds("1m2p3s456m789p55s"))
    assert not Shape().complete(kinds("1m2p3s456m789p55s"))
    assert shape.complete(kinds("5m5p5s123m456m789m11p"))


def test_dragons_as_tens_make_8_9_10_a_run() -> None:
    # chun is the 10 of characters (000:3402)
    assert Shape(dragons="tens").complete(kinds("89m7z123p456p789s11z"))
    assert not Shape().complete(kinds("89m7z123p456p789s11z"))


def test_riichi_turns_the_joker_back_into_a_dragon() -> None:
    """000:3503: a dragon is a joker of its suit until riichi; after riichi it is a plain dragon."""
    setup = get_mode("single_suit_1").setup(tiles="suits108_dragons", dragons="jokers")
    # 1m 3m + chun (joker) is a run; the rest is complete; suits ignored
    wall = scripted_wall(setup.tileset, ["13m456p789s555p11m", "2223334445556m", "6667778889991p",
                                          "1112223334445s"][:setup.players], "7z")
    game = SimpleGame(setup, wall=wall)
    chun = Tile(33)
    assert game.can_win_with(0, chun, tsumo=True)
    game.riichi[0] = True
    assert not game.can_win_with(0, chun, tsumo=True)


def test_twelve_tile_five_sided_wait_is_worth_one_han() -> None:
    """000:3479: a 5-sided wait gives 1 han, each further side 1 more; the usual yaku count too
    (000:3477 removes only four), here menzen tsumo."""
    setup = get_mode("twelve_tiles").setup(players=2)
    wall = scripted_wall(setup.tileset, ["2223456m11p234s", "4445666m11p234s"], "7m")
    game = SimpleGame(setup, wall=wall)
    assert game.form.waits(kinds("2223456m11p234s"), range(34)) == tuple(kinds("1m3m4m6m7m"))
    assert len(game.waits(1)) == 6  # 4445666m 11p 234s: a 6-sided wait, 2 han
    assert Tsumo() in game.legal_actions(0)  # 7m: 222m 345m 67m+7m? read as 22m 234m 567m 11p 234s
    game.apply(0, Tsumo())
    value = game.result.values[0]
    assert value.han == 2
    assert [(i.id, i.amount) for i in value.items] == [("wait_sides", 5), ("wide_wait", 1), ("menzen_tsumo", 1)]


def test_twelve_tile_virtual_head_wins_on_a_13_tile_tenpai_unless_the_wait_is_dead() -> None:
    setup = get_mode("twelve_tiles").setup(players=2, atama_kasou="true")
    wall = scripted_wall(setup.tileset, ["3334567m234p55s", "123m456p789s11z2z"], "3z")
    game = SimpleGame(setup, wall=wall)
    # seat 1 with 1z: 123m 456p 789s 111z 2z is a 13-tile tenpai (on 2z), a win; with 3z it is not
    assert not game.can_win_with(1, Tile(29), tsumo=False)
    assert game.can_win_with(1, Tile(27), tsumo=False)
    game.rivers[0].extend(RiverTile(Tile(28), False, False, False) for _ in range(3))
    assert not game.can_win_with(1, Tile(27), tsumo=False)  # the 2z wait is dead: three are open


def test_risu_two_triplets_and_a_single_wait_on_the_pair() -> None:
    """000:3485: koutsu 100 each, the seed's "hadaka tanki" (a win on the pair's single wait) 100,
    named as the glossary's tanki; with a shuntsu there is no doubling."""
    hand = Hand(tuple(parse_tiles("111222345678s99s")))
    win = Win(hand, Tile(26), tsumo=False, riichi=False, seat=0, dealer=0, players=2, from_seat=1)
    v = value_of("risu", win)
    assert v.points == 300
    assert sorted(i.id for i in v.items) == ["koutsu", "koutsu", "tanki"]
    assert v.deltas == (300, -300)


def test_risu_tanki_without_shuntsu_doubles_and_dora_counts() -> None:
    hand = Hand(tuple(parse_tiles("11122233344499s")))
    win = Win(hand, Tile(26), tsumo=True, riichi=False, seat=1, dealer=0, players=2, dora_kind=18)
    v = value_of("risu", win, dora_value=100)
    # four triplets 400 + tanki 100 = 500, doubled = 1000, plus three 1s dora = 300
    assert v.points == 1300
    assert v.deltas == (-1300, 1300)


def test_short_payment_formula() -> None:
    """000:4333: tsumo from all = 500 at 1 han, 1000 x (han - 1) above; ron = 3 x tsumo."""
    assert short_payment(1) == (500, 1500)
    assert short_payment(2) == (1000, 3000)
    assert short_payment(5) == (4000, 12000)


def test_short_tsumo_is_paid_by_the_formula() -> None:
    # closed tsumo (menzen tsumo 1) with only simples (tanyao 1) = 2 han: 1000 from each of three
    hand = Hand(tuple(parse_tiles("234m456p678s55m")))
    win = Win(hand, Tile(4), tsumo=True, riichi=False, seat=2, dealer=0, players=4)
    v = value_of("short", win)
    assert {i.id for i in v.items} >= {"menzen_tsumo", "tanyao"}
    assert v.han == 2 and v.points == 3000
    assert v.deltas == (-1000, -1000, 3000, -1000)


def test_short_hand_grows_after_an_intermediate_agari() -> None:
    setup = get_mode("short").setup(players=2)
    wall = scripted_wall(setup.tileset, ["123m5p", "789s1z"], "5p")
    game = SimpleGame(setup, wall=wall)
    assert game.hand_size == 4
    game.apply(0, Tsumo())
    assert not game.ended and game.hand_size == 7
    assert len(game.hands[0]) == 8 and len(game.hands[1]) == 7
    game.check()


@pytest.mark.parametrize("name", [*TRAINING, "tibet", "ponjan", "kids_riichi", "glass_table"])
def test_bots_finish_a_game_of_every_mode_with_the_invariants_kept(name: str) -> None:
    setup = get_mode(name).setup()
    out = play_mode_game(setup, 11, check=True)
    assert out.results
    for res in out.results:
        if res.kind != "draw" and setup.scoring not in ("none", "count_wins"):
            assert len(res.values) == len(res.winners)
    if setup.start_points:
        assert sum(out.points) == setup.start_points * setup.players


def test_kunto_offers_its_options_and_refuses_others() -> None:
    mode = get_mode("kunto")
    assert mode.options()["dragons"] == ("plain", "tens", "jokers")
    with pytest.raises(ModeError, match="not offered"):
        mode.setup(hand=12)


def _simulate(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "trainer", "simulate", *args], capture_output=True, text=True,
                          timeout=120)


def test_simulate_mode_json_contract() -> None:
    p = _simulate("--mode", "risu", "--games", "2", "--seed", "5", "--json")
    assert p.returncode == 0, p.stderr
    data = json.loads(p.stdout.strip().splitlines()[-1])
    assert data["mode"] == "risu" and data["games"] == 2 and data["seconds_per_game"] > 0
    r = data["results"]
    assert r["tsumo"] + r["ron"] + r["draws"] == data["hands"]
    assert len(data["points"]["final"]) == 2 and sum(data["points"]["final"][0]) == 6000


def test_simulate_unknown_mode_and_option_exit_2_with_one_line() -> None:
    p = _simulate("--mode", "nosuch", "--games", "1")
    assert p.returncode == 2 and len(p.stderr.strip().splitlines()) == 1 and "kunto" in p.stderr
    p = _simulate("--mode", "kunto", "--games", "1", "--option", "dragons=purple")
    assert p.returncode == 2 and "plain, tens, jokers" in p.stderr and len(p.stderr.strip().splitlines()) == 1
    p = _simulate("--mode", "kunto", "--games", "1", "--option", "colour=red")
    assert p.returncode == 2 and "dragons" in p.stderr


def test_riichi_is_refused_in_a_game_without_it() -> None:
    setup = get_mode("tibet").setup()
    game = SimpleGame(setup, seed=1)
    assert not [a for a in game.legal_actions(0) if isinstance(a, Riichi | Ron)]


def test_shape_shanten_agrees_with_the_engine_on_standard_hands() -> None:
    """The training shapes' own search gives the engine's standard shanten on plain hands."""
    import random

    from trainer.engine.shanten import shanten_standard
    from trainer.engine.tilesets import get_tileset

    rng = random.Random(7)
    shape = Shape()
    for _ in range(150):
        tiles = get_tileset("standard").shuffled(rng)[: rng.choice([4, 7, 10, 13])]
        ks = [t.kind for t in tiles]
        assert shape.shanten(ks) == shanten_standard([ks.count(k) for k in range(34)]), tiles


def test_short_game_ends_as_a_draw_when_the_wall_cannot_grow_the_hands() -> None:
    setup = get_mode("short").setup(players=2)
    game = SimpleGame(setup, seed=3)
    game.wall = game.wall[-1:]  # one tile left: no room for 2 + 3 more
    game.hands[0] = sorted(parse_tiles("123m55p"[:0] + "123m5p"))
    game.drawn[0] = Tile(13)
    game.hands[0].append(Tile(13))
    game.all_tiles = tuple(game.wall) + tuple(game.hands[0]) + tuple(game.hands[1])
    game.apply(0, Tsumo())
    assert game.ended and game.result.kind == "draw"
    game.check()
