"""Risu's table rules (seed 000:3483): compulsory kans, chombo for an okurikan, discards face
down to the end of the wall, the last wall tile as dora."""

from __future__ import annotations

import pytest

from trainer.engine.game.actions import Discard, IllegalAction, Kan, Ron, Tsumo
from trainer.engine.game.simple import SimpleGame, play_bots, scripted_wall
from trainer.engine.game.simple_bots import make_simple_bot
from trainer.engine.game.simple_modes import ModeError, get_mode
from trainer.engine.game.training_match import play_mode_game
from trainer.engine.hand import MeldKind
from trainer.engine.notation import parse_tiles
from trainer.engine.tiles import Tile


def tile(text: str) -> Tile:
    return parse_tiles(text)[0]


def risu(hands: list[str], draws: str, **options) -> SimpleGame:  # noqa: ANN003
    setup = get_mode("risu").setup(**options)
    return SimpleGame(setup, wall=scripted_wall(setup.tileset, hands, draws))


def test_four_of_a_kind_is_offered_as_a_concealed_kan_with_a_replacement_from_the_wall_end() -> None:
    g = risu(["1111234567899s", "2223334445556s"], "9s")
    kans = [a for a in g.legal_actions(0) if isinstance(a, Kan)]
    assert kans == [Kan(MeldKind.KAN_CLOSED, tile("1s"))]
    last = g.wall[0]  # the far end of the live wall: risu has no dead wall
    before = len(g.wall)
    g.apply(0, kans[0])
    assert g.melds[0][0].kind is MeldKind.KAN_CLOSED and len(g.melds[0][0].tiles) == 4
    assert g.drawn[0] == last and len(g.wall) == before - 1
    assert g.current == 0 and g.legal_actions(0)  # the turn goes on: discard (or win)
    g.check()


def test_keeping_the_four_and_discarding_another_tile_is_chombo() -> None:
    g = risu(["1111234567899s", "2223334445556s"], "9s")
    g.apply(0, Discard(tile("9s")))
    assert g.ended and g.result.kind == "draw" and g.result.chombo == 0
    assert g.points == [3000 - 500, 3000 + 500]  # chombo_points to each other player (our choice)
    assert g.result.to_json()["chombo"] == 0


def test_breaking_the_four_is_no_chombo() -> None:
    g = risu(["1111234567899s", "2223334445556s"], "9s")
    g.apply(0, Discard(tile("1s")))
    assert not g.ended and g.result is None


def test_a_declared_kan_scores_200_and_the_replacement_tile_can_win() -> None:
    g = risu(["1111s234s567s889s", "2223334445556s"], "9s")  # drawn 9s: 1111 234 567 8899
    i = g.wall.index(tile("8s"))
    g.wall[0], g.wall[i] = g.wall[i], g.wall[0]  # the replacement (far end of the wall) is 8s
    g.apply(0, Kan(MeldKind.KAN_CLOSED, tile("1s")))
    assert Tsumo() in g.legal_actions(0)  # [1111] 234 567 888 99
    g.apply(0, Tsumo())
    v = g.result.values[0]
    assert g.result.kind == "tsumo" and g.result.chombo is None
    ids = [i.id for i in v.items]
    assert "kantsu" in ids and "koutsu" in ids
    assert sum(i.amount for i in v.items if i.id in ("kantsu", "koutsu")) == 300


def test_tsumo_holding_four_of_a_kind_is_chombo() -> None:
    # 1111 23 456 789 99 is a complete shape (111 123 456 789 99), but the four 1s were never declared
    g = risu(["111s123s456s789s9s", "4445556667778s"], "9s")  # drawn 9s: 1111 23 456 789 99
    assert Tsumo() in g.legal_actions(0) and Kan(MeldKind.KAN_CLOSED, tile("1s")) in g.legal_actions(0)
    g.apply(0, Tsumo())
    assert g.result.kind == "draw" and g.result.chombo == 0 and g.points == [2500, 3500]


def test_a_discard_nobody_takes_goes_face_down_to_the_end_of_the_wall() -> None:
    g = risu(["1123456778899s", "2223334445556s"], "8s")
    size = len(g.wall)
    g.apply(0, Discard(tile("1s")))
    if g.phase == "calls":  # seat 1 cannot ron on 1s here
        g.apply(1, g.legal_actions(1)[-1])
    assert g.rivers[0] == [] and g.wall[0] == tile("1s") and len(g.wall) == size  # one drawn, one back
    g.check()


def test_the_dora_after_agari_is_the_last_tile_of_the_recycled_wall() -> None:
    # seat 0 draws a fourth 1s and gives it back (breaking the four: no chombo); it goes face down
    # to the end of the wall, so it is the last tile when seat 0 then rons 9s: three 1s are dora
    g = risu(["1112223334449s", "5556667778889s"], "1s3s")
    g.apply(0, Discard(tile("1s")))
    assert g.phase == "turn" and g.current == 1 and g.wall[0] == tile("1s")
    g.apply(1, Discard(tile("9s")))
    assert Ron() in g.legal_actions(0)  # 111 222 333 444 + 9s: the single wait on the pair
    g.apply(0, Ron())
    v = g.result.values[0]
    # four triplets 400 + tanki 100, no run: x2 = 1000; three 1s as dora at 100 = 300
    assert v.points == 1300 and any(i.id == "dora" and i.amount == 300 for i in v.items)


def test_with_recycling_off_discards_stay_in_front_of_the_player() -> None:
    g = risu(["1123456778899s", "2223334445556s"], "8s", recycle_discards=False)
    g.apply(0, Discard(tile("1s")))
    if g.phase == "calls":
        g.apply(1, g.legal_actions(1)[-1])
    assert [d.tile for d in g.rivers[0]] == [tile("1s")]


def test_the_kan_choice_is_refused_where_kans_are_off_and_options_are_checked() -> None:
    setup = get_mode("kunto").setup()
    g = SimpleGame(setup, wall=scripted_wall(setup.tileset, ["1111s", "2345s"], "9s"))
    assert not any(isinstance(a, Kan) for a in g.legal_actions(0))
    with pytest.raises(IllegalAction, match="no kans"):
        g.apply(0, Kan(MeldKind.KAN_CLOSED, tile("1s")))
    with pytest.raises(ModeError, match="recycle_discards"):  # a mode whose discards stay in the river
        get_mode("tibet").setup(recycle_discards=True)


@pytest.mark.parametrize("seed", range(4))
def test_bots_declare_every_kan_and_never_chombo(seed: int) -> None:
    setup = get_mode("risu").setup()
    out = play_mode_game(setup, seed, check=True)
    assert all(r.chombo is None for r in out.results)
    assert sum(out.points) == 3000 * setup.players
    g = SimpleGame(setup, seed)
    bots = [make_simple_bot("gentle", s, None, setup.shape_rules()) for s in range(2)]
    res = play_bots(g, bots, check=True)
    assert res.chombo is None
    assert g.draws <= len(g.all_tiles) + 1
