"""Twelve-tile mahjong's six pairs and an honor (seed 000:3477) and short mahjong's double riichi,
double wind, daisanshi and limit hands (000:4342-4344)."""

from __future__ import annotations

import pytest

from trainer.engine.game.simple import SimpleGame, play_bots, scripted_wall
from trainer.engine.game.simple_bots import make_simple_bot
from trainer.engine.game.simple_modes import get_mode
from trainer.engine.game.training_scoring import SHORT_LIMIT_HAN, Win, short_payment, value_of
from trainer.engine.game.training_shapes import Shape
from trainer.engine.hand import Hand
from trainer.engine.notation import parse_tiles
from trainer.engine.tiles import Tile


def kinds(text: str) -> list[int]:
    return [t.kind for t in parse_tiles(text)]


def test_six_pairs_and_a_lone_honor_complete_a_twelve_tile_hand() -> None:
    shape = get_mode("twelve_tiles").setup().shape_rules()
    assert shape.six_pairs
    assert shape.complete(kinds("1122m3344p5566s1z"))
    assert not shape.complete(kinds("1122m3344p5566s1m"))  # the lone tile must be an honor
    assert not shape.complete(kinds("1111m3344p5566s1z"))  # six *different* pairs
    assert not get_mode("twelve_tiles").setup(six_pairs=False).shape_rules().complete(kinds("1122m3344p5566s1z"))


def test_six_pairs_wait_on_every_honor_not_held_and_earn_the_wide_wait_han() -> None:
    setup = get_mode("twelve_tiles").setup(players=2)
    wall = scripted_wall(setup.tileset, ["1122m3344p5566s", "789m789p789s123z"], "5z")
    g = SimpleGame(setup, wall=wall)
    # seat 0 drew 5z: six pairs and a lone honor
    assert g.can_win_with(0, Tile(31), tsumo=True)
    v = g.value_for(0, Tile(31), tsumo=True)
    sides = next(i.amount for i in v.items if i.id == "wait_sides")
    assert sides == 7  # every honor: 1z-7z (none held by seat 0)
    assert next(i.amount for i in v.items if i.id == "wide_wait") == sides - 4  # 5-sided = 1 han, +1 per side
    # six pairs with one honour stand in for seven pairs (000:3477), and the tsumo counts as usual
    assert [(i.id, i.amount) for i in v.items if i.id in ("six_pairs", "menzen_tsumo")] == [
        ("menzen_tsumo", 1), ("six_pairs", 2)]
    assert v.han == (sides - 4) + 1 + 2


def test_six_pairs_shanten_counts_the_missing_pairs_and_the_honor() -> None:
    shape = Shape("two_pairs", six_pairs=True)
    assert shape.shanten(kinds("1122m3344p5566s")) == 0
    assert shape.shanten(kinds("1122m3344p556s1z")) == 0
    assert shape.shanten(kinds("1122m3344p5579s")) <= 1


def short_win(text: str, tile: str, *, seat: int = 1, dealer: int = 0, tsumo: bool = True, riichi: bool = False,
              double: bool = False) -> Win:
    return Win(Hand(tuple(sorted(parse_tiles(text)))), parse_tiles(tile)[0], tsumo, riichi, seat, dealer, 4,
               from_seat=None if tsumo else 2, double_riichi=double)


def test_double_riichi_is_two_han() -> None:
    v = value_of("short", short_win("234m456p678s55m", "5m", riichi=True, double=True))
    ids = [i.id for i in v.items]
    assert "double_riichi" in ids and "riichi" not in ids
    assert next(i.amount for i in v.items if i.id == "double_riichi") == 2


def test_the_dealers_east_triplet_is_the_double_wind_worth_two_han() -> None:
    v = value_of("short", short_win("111z234m567p99s", "9s", seat=0, dealer=0))
    assert any(i.id == "renfonpai" and i.amount == 2 for i in v.items)
    assert not any(i.id == "yakuhai" for i in v.items)
    v2 = value_of("short", short_win("111z234m567p99s", "9s", seat=1, dealer=0))  # East is only the round wind
    assert any(i.id == "yakuhai" and i.amount == 1 for i in v2.items)


def test_three_wind_triplets_are_daisanshi() -> None:
    v = value_of("short", short_win("222z333z444z55m", "5m", seat=2, dealer=0))
    assert any(i.id == "daisanshii" and i.amount == 2 for i in v.items)


@pytest.mark.parametrize(("hand", "limit"), [
    ("555z666z777z11m", "daisangen"),
    ("111z222z333z44z", "shousuushii"),
    ("111m999p111s99m", "chinroutou"),
    ("223344666s88s", "ryuuiisou"),
    ("22234567888m", "tanyao_poton"),
])
def test_the_limit_hands_of_short_mahjong(hand: str, limit: str) -> None:
    tiles = parse_tiles(hand)
    assert len(tiles) == 11  # three sets and a pair with the winning tile
    h = Hand(tuple(sorted(tiles)))
    v = value_of("short", Win(h, tiles[-1], True, False, 1, 0, 4))
    if v.items and v.items[0].id == limit:
        assert v.han == SHORT_LIMIT_HAN
        assert v.points == 3 * short_payment(SHORT_LIMIT_HAN)[0]
    else:
        pytest.fail(f"{hand}: {[i.id for i in v.items]}")


def test_bots_play_short_mahjong_with_the_new_yaku() -> None:
    setup = get_mode("short").setup()
    seen: set[str] = set()
    for seed in range(12):
        g = SimpleGame(setup, seed)
        res = play_bots(g, [make_simple_bot("gentle", seed * 10 + s, None, setup.shape_rules()) for s in range(4)],
                        check=True)
        for v in res.values:
            seen.update(i.id for i in v.items)
            assert v.han >= 1
    assert "riichi" in seen or "double_riichi" in seen


def test_a_win_on_the_first_draw_is_tenhou_for_the_dealer_and_chiihou_for_another() -> None:
    hand = "234m456p678s55m"
    dealer = value_of("short", Win(Hand(tuple(sorted(parse_tiles(hand)))), parse_tiles("5m")[0], True, False, 0, 0,
                                   4, first_draw=True))
    assert [i.id for i in dealer.items] == ["tenhou"] and dealer.han == SHORT_LIMIT_HAN
    other = value_of("short", short_win(hand, "5m", seat=2))
    assert "chiihou" not in [i.id for i in other.items]  # not on the first draw: the hand's own yaku
    first = value_of("short", Win(Hand(tuple(sorted(parse_tiles(hand)))), parse_tiles("5m")[0], True, False, 2, 0,
                                  4, first_draw=True))
    assert [i.id for i in first.items] == ["chiihou"]


def test_the_table_reads_the_first_draw_of_the_last_stage() -> None:
    from dataclasses import replace

    setup = replace(get_mode("short").setup(), stages=(10,))  # the deal is already the last stage
    wall = scripted_wall(setup.tileset, ["234m456p678s5m", "19m19p19s1234z", "19m19p19s1567z", "28m28p28s2345z"],
                         "5m")
    g = SimpleGame(setup, wall=wall)
    assert g.final_stage and g.can_win_with(0, Tile(4), tsumo=True)
    v = g.value_for(0, Tile(4), tsumo=True)
    assert [i.id for i in v.items] == ["tenhou"]
