"""The training games played by the four-player rules at a small table (seed 000:3487, 3517-3558):
single-suit mahjong variant 2 and bamboo mahjong — tile sets, dead wall, kans, yaku, payments, CLI."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from trainer.engine.game.actions import Chi, Discard, IllegalAction, Kan, Riichi
from trainer.engine.game.full_table import FullTable, extra_yaku, make_game
from trainer.engine.game.simple import scripted_wall
from trainer.engine.game.simple_modes import ModeError, get_mode
from trainer.engine.game.training_match import play_mode_game
from trainer.engine.hand import Hand, Meld, MeldKind, Source
from trainer.engine.notation import parse_tiles
from trainer.engine.points import basic_points, payment
from trainer.engine.tiles import Tile, parse_tile


def hand(text: str, melds: tuple[Meld, ...] = ()) -> Hand:
    return Hand(tuple(sorted(parse_tiles(text))), melds)


def ss2(**opts: object) -> FullTable:
    game = make_game(get_mode("single_suit_2").setup(**opts), 3)
    assert isinstance(game, FullTable)
    game.first_round = False
    return game


def yaku(value: object) -> dict[str, int]:
    return {i.id: i.amount for i in value.items if i.unit == "han" and i.id != "dora"}  # type: ignore[attr-defined]


def test_single_suit_2_two_players_48_tiles_8_tile_dead_wall_dora_in_the_second_stack() -> None:
    game = ss2()
    assert len(game.setup.tileset) == 48  # one suit + East, South + one dragon (000:3523)
    assert {Tile(k) for k in game.setup.tileset.kinds() if k >= 27} == set(parse_tiles("126z"))
    assert len(game.dead) == 8
    # 48 - 2 x 13 dealt - 8 dead = 14 live draws, the dealer's first already taken
    assert game.wall_remaining == 13
    assert game.dora_indicators() == (game.dead[2],)  # top tile of the second stack (000:3529)
    game.check()


def test_single_suit_2_allows_only_two_kans_a_hand() -> None:
    setup = get_mode("single_suit_2").setup()
    wall = scripted_wall(setup.tileset, ["1111222233334s", "5556667778889s"], "4s9s9s")
    game = FullTable(setup, 1, wall=wall)
    for kind in ("1s", "2s"):
        kans = [a for a in game.legal_actions(0) if isinstance(a, Kan)]
        assert Kan(MeldKind.KAN_CLOSED, parse_tile(kind)) in kans
        game.apply(0, Kan(MeldKind.KAN_CLOSED, parse_tile(kind)))
        game.check()
    assert game.kans == 2 and len(game.dead) == 10 and len(game.dead_left()) == 8
    assert not [a for a in game.legal_actions(0) if isinstance(a, Kan)]  # 3333 stays in the hand
    with pytest.raises(IllegalAction, match="only 2 kans"):
        game.apply(0, Kan(MeldKind.KAN_CLOSED, parse_tile("3s")))


def test_single_suit_2_chinitsu_is_one_han_open_two_closed() -> None:
    game = ss2()
    closed = game._score(1, hand("12233445556789s"), parse_tile("5s"), tsumo=False, from_seat=0)
    assert yaku(closed)["chinitsu"] == 2 and yaku(closed)["ittsu"] == 2
    chi = Meld(MeldKind.CHI, tuple(parse_tiles("789s")), parse_tile("7s"), Source.LEFT)
    open_ = game._score(1, hand("12233445556s", (chi,)), parse_tile("5s"), tsumo=False, from_seat=0)
    assert yaku(open_) == {"chinitsu": 1, "ittsu": 1}  # both lose a han open (kuisagari)


def test_single_suit_2_honitsu_is_one_han_and_riichi_is_not_on_its_list() -> None:
    game = ss2()
    value = game._score(1, hand("123s456s789s22s111z"), parse_tile("2s"), tsumo=False, from_seat=0)
    assert yaku(value)["honitsu"] == 1 and "riichi" not in yaku(value)
    assert not any(isinstance(a, Riichi) for a in game.legal_actions(game.current))


def test_single_suit_2_extra_yaku_sanrenkou_shoujiihai_daijiihai() -> None:
    honors = [27, 28, 32]  # East, South, hatsu
    r = None
    assert extra_yaku(["sanrenkou"], hand("33344455567899s"), r, tsumo=True, win_kind=2, honors=honors) == \
        [("sanrenkou", 2)]
    assert extra_yaku(["shoujiihai", "daijiihai"], hand("789s111z222z66z"), r, tsumo=True, win_kind=32,
                      honors=honors) == [("shoujiihai", 1)]
    assert extra_yaku(["shoujiihai", "daijiihai"], hand("789s11s111z222z666z"), r, tsumo=True, win_kind=0,
                      honors=honors) == [("daijiihai", 2)]
    game = ss2()
    value = game._score(1, hand("33344455567899s"), parse_tile("7s"), tsumo=False, from_seat=0)
    assert yaku(value)["sanrenkou"] == 2 and yaku(value)["chinitsu"] == 2


def test_bamboo_tsumo_the_pair_of_bots_pays_extra() -> None:
    mode = get_mode("bamboo")
    for dummy in (True, False):
        game = make_game(mode.setup(dummy_pays=dummy), 4)
        game.first_round = False
        value = game._score(1, hand("123456789s11z222z"), parse_tile("1z"), tsumo=True, from_seat=None)
        basic, _ = basic_points(value.han, next(i.amount for i in value.items if i.id == "fu"), game._rules)
        pay = payment(basic, dealer=False, tsumo=True, rules=game._rules)
        # seat 1 wins, seat 0 (the dealer) pays the dealer's share; the two absent
        # non-dealers' shares come from "the pair of bots" (000:3487)
        assert value.deltas[0] == -pay.dealer
        assert value.deltas[1] == pay.dealer + (2 * pay.non_dealer if dummy else 0) == value.points


def test_bamboo_defaults_and_the_chi_switch() -> None:
    mode = get_mode("bamboo")
    setup = mode.setup()
    assert (setup.players, setup.start_points, setup.dead_wall, len(setup.tileset)) == (2, 30000, 14, 64)
    assert mode.options()["calls"] == ("all", "pon")
    wall = scripted_wall(setup.tileset, ["1239s1234567z11s", "45s1234567z6789s"], "3s")
    game = make_game(mode.setup(calls="pon"), 1, wall=wall)
    game.apply(0, Discard(parse_tile("3s")))
    assert not any(isinstance(a, Chi) for a in game.legal_actions(1))
    game = make_game(setup, 1, wall=wall)
    game.apply(0, Discard(parse_tile("3s")))
    assert any(isinstance(a, Chi) for a in game.legal_actions(1))
    with pytest.raises(ModeError, match="not offered"):
        mode.setup(calls="none")


@pytest.mark.parametrize("name", ["single_suit_2", "bamboo"])
def test_bots_play_full_table_games_keeping_every_tile_and_point(name: str) -> None:
    setup = get_mode(name).setup()
    wins = 0
    for seed in range(6):
        out = play_mode_game(setup, seed, check=True)
        for res in out.results:
            for v in res.values:
                wins += 1
                assert v.han >= 1 and v.points > 0
                assert v.deltas[res.winners[0]] == v.points
        # the points at the table change only by what the dummy paid and the riichi sticks lost at a draw
        assert all(p % 100 == 0 for p in out.points)
    assert wins


def _simulate(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "trainer", "simulate", *args], capture_output=True, text=True,
                          timeout=300, check=False)


@pytest.mark.parametrize("name", ["single_suit_2", "bamboo"])
def test_simulate_full_table_modes_json(name: str) -> None:
    p = _simulate("--mode", name, "--games", "2", "--seed", "5", "--json")
    assert p.returncode == 0, p.stderr
    data = json.loads(p.stdout.strip().splitlines()[-1])
    assert data["mode"] == name and data["games"] == 2 and data["seconds_per_game"] > 0
    assert set(data["results"]) >= {"tsumo", "ron", "draws"}
    assert data["points"]["start"] == 30000 and len(data["points"]["final"]) == 2
    p = _simulate("--mode", name, "--games", "1", "--option", "dummy_pays=maybe")
    assert p.returncode == 2 and "true, false" in p.stderr and len(p.stderr.strip().splitlines()) == 1
