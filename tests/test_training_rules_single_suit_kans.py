"""Single-suit mahjong, variant 1 (seed 000:3489-3507): the declared kans («Из объявлений
разрешены только кан, рон и цумо», four of one rank with the suits ignored), the "no sticks"
game from 0 to 100,000 (000:3505), and the bots' honor exchange in the half-abundance
variation (000:3507)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from trainer.engine.game.actions import Discard, IllegalAction, Kan, Pass, Pon, Riichi, Tsumo
from trainer.engine.game.honor_exchange import ExchangeHonor
from trainer.engine.game.simple import SimpleGame, scripted_wall
from trainer.engine.game.simple_bots import make_simple_bot
from trainer.engine.game.simple_modes import get_mode
from trainer.engine.game.training_match import play_mode_game
from trainer.engine.hand import MeldKind, Source
from trainer.engine.notation import parse_tiles
from trainer.engine.tiles import Tile, parse_tile

T = parse_tile


def game_with_replacement(setup, hands: list[str], draws: str, replacement: str, *, dealer: int = 0) -> SimpleGame:  # noqa: ANN001
    """A scripted deal whose far wall end (the kan replacement) is ``replacement``."""
    wall = scripted_wall(setup.tileset, hands, draws)
    front = sum(len(parse_tiles(h)) for h in hands) + len(parse_tiles(draws))
    rest = wall[front:]
    rest.remove(T(replacement))
    return SimpleGame(setup, wall=[*wall[:front], *rest, T(replacement)], dealer=dealer)


def test_four_of_one_rank_are_a_closed_kan_with_a_replacement_that_can_win() -> None:
    setup = get_mode("single_suit_1").setup(players=2)
    assert setup.kans == "declared"
    # the dealer holds 5m 5p 5s and draws 5s: four fives (suits ignored), the kan replacement is 1p
    g = game_with_replacement(setup, ["5m5p5s123m789p789s1s", "2m3m4m6m7m8m2p3p4p6p7p8p9m"], "5s", "1p")
    kans = [a for a in g.legal_actions(0) if isinstance(a, Kan)]
    assert kans == [Kan(MeldKind.KAN_CLOSED, T("5m"))]
    assert Discard(T("5s")) in g.legal_actions(0)  # declaring is a choice: the four may be kept
    g.apply(0, kans[0])
    meld = g.melds[0][0]
    assert meld.kind is MeldKind.KAN_CLOSED and sorted(t.kind % 9 for t in meld.tiles) == [4, 4, 4, 4]
    assert {str(t) for t in meld.tiles} == {"5m", "5p", "5s"}  # mixed suits: one rank
    assert g.drawn[0] == T("1p") and g.current == 0 and len(g.hands[0]) == 11
    g.check()
    assert Tsumo() in g.legal_actions(0)  # 123m 789p 789s + 1s1p, the kan a set of its own
    g.apply(0, Tsumo())
    value = g.result.values[0]
    ids = {i.id for i in value.items}
    assert "rinshan_kaihou" in ids  # the replacement tile won
    assert "okurikan" not in ids  # the four were declared, not kept
    fu = next(i.amount for i in value.items if i.id == "fu")
    assert fu >= 40  # a concealed kan of simples is 16 fu
    g.check()


def test_a_closed_kan_keeps_the_hand_closed_for_riichi() -> None:
    setup = get_mode("single_suit_1").setup(players=2)
    g = game_with_replacement(setup, ["5m5p5s123m789p789s1s", "2m3m4m6m7m8m2p3p4p6p7p8p9m"], "5s", "9m")
    g.apply(0, Kan(MeldKind.KAN_CLOSED, T("5m")))
    assert Riichi(T("9m")) in g.legal_actions(0)  # 123m 789p 789s 1s: a single wait on a 1


def test_an_open_kan_on_a_discard_takes_the_tile_and_draws_a_replacement() -> None:
    setup = get_mode("single_suit_1").setup(players=2)
    # seat 1 deals and discards 5s; seat 0 holds three fives
    g = game_with_replacement(setup, ["2m3m4m6m7m8m2p3p4p6p7p8p9m", "5m5p5s123m789p789s1s"], "5s", "4m", dealer=1)
    g.apply(1, Discard(T("5s")))
    opts = g.legal_actions(0)
    assert Kan(MeldKind.KAN_OPEN, T("5s")) in opts and Pass() in opts
    assert not any(isinstance(a, Pon) for a in opts)  # no pon or chi in this game
    g.apply(0, Kan(MeldKind.KAN_OPEN, T("5s")))
    meld = g.melds[0][0]
    assert meld.kind is MeldKind.KAN_OPEN and meld.called == T("5s") and meld.source is Source.ACROSS
    assert g.rivers[1][-1].called and g.drawn[0] == T("4m") and g.current == 0
    assert not any(isinstance(a, Riichi) for a in g.legal_actions(0))  # the hand is open now
    g.check()


def test_kans_are_refused_without_four() -> None:
    setup = get_mode("single_suit_1").setup(players=2)
    g = game_with_replacement(setup, ["5m5p5s123m789p789s1s", "2m3m4m6m7m8m2p3p4p6p7p8p9m"], "9m", "1p")
    assert not any(isinstance(a, Kan) for a in g.legal_actions(0))
    with pytest.raises(IllegalAction, match="four"):
        g.apply(0, Kan(MeldKind.KAN_CLOSED, T("5m")))


def test_bots_declare_a_kan_that_keeps_the_hand_as_close_to_ready() -> None:
    setup = get_mode("single_suit_1").setup(players=2)
    g = game_with_replacement(setup, ["5m5p5s123m789p789s1s", "2m3m4m6m7m8m2p3p4p6p7p8p9m"], "5s", "1p")
    bot = make_simple_bot(setup.bots, 1, setup.rules, setup.shape_rules())
    assert bot.choose(g.view(0), g.legal_actions(0)) == Kan(MeldKind.KAN_CLOSED, T("5m"))
    # four fives needed for two runs (345 + 456 + 567): no kan
    g = game_with_replacement(setup, ["3m4m5m5p6p5s6s7s4s123m1s", "2m3m4m6m7m8m2p3p4p6p7p8p9m"], "5s", "1p")
    assert Kan(MeldKind.KAN_CLOSED, T("5m")) in g.legal_actions(0)
    assert not isinstance(bot.choose(g.view(0), g.legal_actions(0)), Kan)


@pytest.mark.parametrize("seed", [1, 2])
def test_bot_games_with_kans_keep_every_tile(seed: int) -> None:
    setup = get_mode("single_suit_1").setup(players=4, max_hands=8)
    out = play_mode_game(setup, seed, check=True)
    assert out.results


def test_no_sticks_starts_at_zero_and_ends_at_a_hundred_thousand() -> None:
    mode = get_mode("single_suit_1")
    assert mode.options()["no_sticks"] == (False, True)
    setup = mode.setup(players=2, no_sticks=True)
    assert setup.start_points == 0 and setup.target_points == 100_000
    assert setup.game_over([-12_000, 12_000], 5) == ""  # below zero is no end without sticks
    assert setup.game_over([100_000, -100_000], 5) == "target"
    assert mode.setup(players=2).game_over([-1000, 61_000], 5) == "below_zero"
    assert setup.game_over([99_000, -99_000], 99) == "last_hand"  # max_hands stays a safety cap
    # a bot game goes on through negative points until the target (lowered here to keep it short)
    out = play_mode_game(replace(setup, target_points=20_000), 4, check=True)
    assert max(out.points) >= 20_000 and sum(out.points) == 0
    assert len(out.results) > 1 and any(min(r.values[0].deltas) < 0 for r in out.results if r.values)


def test_no_sticks_with_half_abundance_ends_when_someone_has_lost_a_hundred_thousand() -> None:
    setup = get_mode("single_suit_1").setup(players=2, no_sticks=True, half_abundance=True)
    assert setup.game_over([-99_000, 0], 5) == ""
    assert setup.game_over([-100_000, 3000], 5) == "target"


def exchange_game(points: list[int]) -> SimpleGame:
    """Half abundance: the bot at seat 0 deals and holds a lone East and a pair of South."""
    setup = get_mode("single_suit_1").setup(players=2, half_abundance=True)
    wall = scripted_wall(setup.tileset, ["123m456p789s5m1z2z2z", "123m456p789s11m14z"], "9m")
    return SimpleGame(setup, wall=wall, points=points)


def test_a_bot_exchanges_a_lone_honor_once_and_never_a_pair() -> None:
    g = exchange_game([30_000, 30_000])
    bot = make_simple_bot(g.setup.bots, 3, g.setup.rules, g.setup.shape_rules())
    opts = g.legal_actions(0)
    assert ExchangeHonor(Tile(27)) in opts and ExchangeHonor(Tile(28)) in opts
    choice = bot.choose(g.view(0), opts)
    assert choice == ExchangeHonor(Tile(27))  # the lone East: useless to the hand
    g.apply(0, choice)
    assert g.points[0] == 27_000
    again = bot.choose(g.view(0), g.legal_actions(0))
    assert not isinstance(again, ExchangeHonor)  # one exchange a turn, and never the pair of South
    same = make_simple_bot(g.setup.bots, 3, g.setup.rules, g.setup.shape_rules())
    assert same.choose(exchange_game([30_000, 30_000]).view(0), opts) == choice  # deterministic


def test_a_bot_does_not_pay_what_it_cannot_afford() -> None:
    g = exchange_game([5000, 55_000])  # paying 3,000 would leave less than one more exchange
    bot = make_simple_bot(g.setup.bots, 3, g.setup.rules, g.setup.shape_rules())
    assert not isinstance(bot.choose(g.view(0), g.legal_actions(0)), ExchangeHonor)
