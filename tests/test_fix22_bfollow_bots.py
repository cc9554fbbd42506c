"""Beginner review 22, follow-ups (bfollow): the gentle bot at a table where a win needs a yaku.

The basics riichi lesson's glass table (``win: yaku``) never saw a bot riichi (0 in 80 hands) and
half its hands ended in a draw: the bot declared riichi only where the game demands it.  Now a
closed ready hand without a yaku on every winning tile declares riichi (with one, it stays quiet),
and the bot calls pon or chi there only when the hand keeps a sure yaku (a value triplet), so no
open hand ends up ready with nothing to win by.
"""

from __future__ import annotations

from trainer.engine.game.actions import Discard, Pass, Pon, Riichi
from trainer.engine.game.simple import SimpleGame, scripted_wall
from trainer.engine.game.simple_bots import make_simple_bot
from trainer.engine.game.simple_modes import get_mode
from trainer.engine.hand import Hand
from trainer.engine.tiles import DRAGONS, Tile, parse_tile
from trainer.engine.waits import waits

T = parse_tile
OTHERS = ["1111222233334z", "2233p6677p8899m1s", "444m666m999s1188p"]


def yaku_table(calls: str = "none") -> object:
    """The glass table as the basics riichi (calls none) and yakuhai (calls pon) lessons set it."""
    return get_mode("glass_table").setup(win="yaku", calls=calls)


def play(setup: object, seed: int) -> SimpleGame:
    """One hand of four gentle bots."""
    bots = [make_simple_bot("gentle", seed * 10 + s, "tenhou_no_aka") for s in range(4)]
    game = SimpleGame(setup, seed=seed)
    while not game.ended:
        seat = game.to_act()[0]
        game.apply(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat)))
    return game


def turn_choice(learner: str, draw: str, seat_calls: str = "none") -> object:
    """The gentle bot's choice for seat 0 holding ``learner`` and drawing ``draw``."""
    setup = yaku_table(seat_calls)
    game = SimpleGame(setup, wall=scripted_wall(setup.tileset, [learner, *OTHERS], draw), dealer=0)
    return make_simple_bot("gentle", 1).choose(game.view(0), game.legal_actions(0))


def test_a_ready_hand_without_a_yaku_declares_riichi() -> None:
    # 123m456p789s 24s 55z + 9m: throw 9m and wait on 3s, which has no yaku without riichi (a ron)
    choice = turn_choice("123m456p789s24s55z", "9m")
    assert isinstance(choice, Riichi) and choice.tile == T("9m")


def test_a_ready_hand_with_a_yaku_on_every_tile_stays_quiet() -> None:
    # a triplet of green dragons: yakuhai whatever completes the hand, so no riichi is needed
    choice = turn_choice("123m456p78s666z55s", "9m")
    assert isinstance(choice, Discard) and choice.tile == T("9m")


def pon_choice(win: str, tile: str) -> object:
    """The gentle bot's answer (seat 0) when the dealer (seat 3) throws ``tile`` it could pon: a pon
    of 9p or 6z makes its hand ready either way."""
    setup = get_mode("glass_table").setup(win=win, calls="pon")
    hands = ["1111222233334z", "99p66z123m456m78s1s", "2233p6677p8899m1s", "444m777m999s1588p"]
    game = SimpleGame(setup, wall=scripted_wall(setup.tileset, hands, tile), dealer=3)
    game.apply(3, Discard(T(tile)))
    legal = game.legal_actions(0)
    assert any(isinstance(a, Pon) for a in legal), legal
    return make_simple_bot("gentle", 3).choose(game.view(0), legal)


def test_a_pon_is_taken_only_when_it_keeps_a_sure_yaku() -> None:
    assert isinstance(pon_choice("yaku", "9p"), Pass)  # an open hand with no yaku could never win
    assert isinstance(pon_choice("yaku", "6z"), Pon)  # green dragons: yakuhai
    assert isinstance(pon_choice("shape", "9p"), Pon)  # no yaku needed: as before


def test_bots_riichi_and_no_open_hand_is_left_without_a_yaku() -> None:
    riichi_hands = draws = open_hands = 0
    for calls in ("none", "pon"):
        setup = yaku_table(calls)
        for seed in range(40):
            game = play(setup, 7000 + seed)
            riichi_hands += any(game.riichi)
            draws += game.result.kind == "draw"
            for seat in range(4):
                melds = game.melds[seat]
                if not any(m.is_open for m in melds):
                    continue
                open_hands += 1
                view = game.view(seat)
                value = (*DRAGONS, view.seat_wind, view.round_wind)
                assert any(m.tiles[0].kind in value and m.tiles[0].kind == m.tiles[1].kind for m in melds), \
                    (calls, seed, seat, melds)
                hand = Hand(tuple(sorted(game.hands[seat])), tuple(melds))
                if seat in game.result.winners or not waits(hand):
                    continue
                tile = Tile(waits(hand)[0])
                assert game.yaku_of(seat, Hand(tuple(sorted([*hand.concealed, tile])), hand.melds), tile,
                                    tsumo=False), (calls, seed, seat)
    assert riichi_hands >= 30, riichi_hands  # 0 of 80 before
    assert draws <= 30, draws
    assert open_hands >= 10, open_hands  # the pon table still sees calls
