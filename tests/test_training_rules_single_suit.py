"""Single-suit mahjong, variant 1 (seed 000:3489-3507): a standard game's points with the suits
ignored, play until someone is below zero, and the half-abundance variation."""

from __future__ import annotations

import pytest

from trainer.engine.game.honor_exchange import ExchangeHonor
from trainer.engine.game.resuit import resuit
from trainer.engine.game.simple import SimpleGame, scripted_wall
from trainer.engine.game.simple_modes import ModeError, get_mode
from trainer.engine.game.training_match import play_mode_game
from trainer.engine.game.training_scoring import Win, value_of
from trainer.engine.game.training_shapes import Shape
from trainer.engine.hand import Hand
from trainer.engine.notation import parse_tiles
from trainer.engine.rules import load_rules
from trainer.engine.tiles import Tile

RULES = load_rules("tenhou_no_aka")


def kinds(text: str) -> list[int]:
    return [t.kind for t in parse_tiles(text)]


def win(text: str, tile: str, *, tsumo: bool = False, riichi: bool = False, seat: int = 1, shape: Shape | None = None,
        only_losses: bool = False) -> Win:
    hand = Hand(tuple(sorted(parse_tiles(text))))
    return Win(hand, parse_tiles(tile)[0], tsumo, riichi, seat, 0, 4, from_seat=None if tsumo else 2,
               jokers_live=not riichi, shape=shape or Shape(suits="ignored"), only_losses=only_losses)


def test_a_run_across_suits_is_dealt_out_as_an_ordinary_run() -> None:
    got = resuit(kinds("2m3p4s5m6p7s234m678s55p"), parse_tiles("4s")[0].kind, Shape(suits="ignored"),
                 jokers_live=True)
    assert got is not None
    tiles, win_kind = got
    assert sorted(k % 9 for k in tiles) == sorted(k % 9 for k in kinds("2m3p4s5m6p7s234m678s55p"))
    assert all(tiles.count(k) <= 4 for k in tiles) and win_kind % 9 == 3


def test_standard_points_leave_out_the_yaku_that_compare_suits() -> None:
    v = value_of("standard", win("2m3p4s5m6p7s234m678s55p", "4s"), rules=RULES)
    ids = {i.id for i in v.items}
    assert "tanyao" in ids and "chinitsu" not in ids and "honitsu" not in ids
    assert v.han == sum(i.amount for i in v.items if i.unit == "han") >= 1
    assert v.deltas[2] == -v.points and v.deltas[1] == v.points and sum(v.deltas) == 0  # the discarder pays


def test_a_tsumo_is_collected_from_every_loser_and_the_dealer_pays_more() -> None:
    v = value_of("standard", win("2m3p4s5m6p7s234m678s55p", "4s", tsumo=True), rules=RULES)
    assert v.deltas[1] == v.points > 0 and v.deltas[0] < v.deltas[2] == v.deltas[3] < 0


def test_an_okurikan_without_riichi_is_one_han_and_riichi_turns_jokers_back() -> None:
    v = value_of("standard", win("5m5p5s456m123p789s11s", "1s"), rules=RULES)  # four 5s kept in the hand
    assert any(i.id == "okurikan" and i.amount == 1 for i in v.items)
    jokers = Shape(suits="ignored", dragons="jokers")
    assert jokers.complete(kinds("123m456p789s11m45s7z"))  # chun stands for 3 or 6
    assert not jokers.complete(kinds("123m456p789s11m45s7z"), jokers_live=False)  # after riichi: a dragon


def test_a_hand_without_yaku_still_wins_at_one_han() -> None:
    v = value_of("standard", win("1m2p3s7m8p9s111m789s22p", "2p"), rules=RULES)
    assert v.han >= 1 and v.points > 0


def test_half_abundance_only_losses_the_winner_gains_nothing() -> None:
    v = value_of("standard", win("2m3p4s5m6p7s234m678s55p", "4s", only_losses=True), rules=RULES)
    assert v.deltas[1] == 0 and v.deltas[2] < 0


def test_the_game_goes_on_until_someone_is_below_zero() -> None:
    assert get_mode("single_suit_1").setup().max_hands == 99  # only a safety cap: the game ends below zero
    setup = get_mode("single_suit_1").setup(players=2, max_hands=8)
    assert setup.start_points == 30000 and setup.scoring == "standard"
    out = play_mode_game(setup, 3, check=True)
    assert len(out.results) > 1
    assert min(out.points) < 0 or len(out.results) == setup.max_hands
    assert sum(out.points) == 2 * 30000  # every payment goes from a loser to the winner


def test_half_abundance_offers_honor_exchanges_paid_to_the_dealer() -> None:
    setup = get_mode("single_suit_1").setup(players=2, half_abundance=True)
    assert setup.half_abundance and any(t.kind >= 27 for t in setup.tileset.tiles)
    # seat 1 deals (its hand comes first) and draws 9p; seat 0 holds East (1z)
    wall = scripted_wall(setup.tileset, ["2345678m123p555s", "123m456p789s11m14z"], "9p")
    g = SimpleGame(setup, wall=wall, dealer=1)
    assert not any(isinstance(a, ExchangeHonor) for a in g.legal_actions(1))  # the dealer holds no honor
    g.apply(1, next(a for a in g.legal_actions(1) if getattr(a, "tile", None) == parse_tiles("9p")[0]))
    while g.phase == "calls":
        g.apply(g.to_act()[0], g.legal_actions(g.to_act()[0])[-1])
    opts = [a for a in g.legal_actions(0) if isinstance(a, ExchangeHonor)]
    assert ExchangeHonor(Tile(27)) in opts and ExchangeHonor(Tile(30)) in opts  # East and North
    g.apply(0, ExchangeHonor(Tile(27)))
    assert g.points == [27000, 33000]  # 3,000 from the player to the dealer (000:3507)
    assert Tile(27) not in g.hands[0] and g.wall[0] == Tile(27) and g.current == 0
    g.check()


def test_half_abundance_needs_a_set_with_honors() -> None:
    with pytest.raises(ModeError, match="honors"):
        get_mode("single_suit_1").setup(half_abundance=True, tiles="suits108")
