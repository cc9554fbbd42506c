"""Scenario tests for one hand: calls and their priority, kuikae, riichi, ippatsu,
furiten, kans and chankan, multiple ron, abortive and exhaustive draws."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.engine.game.actions import (
    AbortiveDraw,
    Chi,
    Discard,
    IllegalAction,
    Kan,
    Pass,
    Pon,
    Riichi,
    Ron,
    Tsumo,
)
from trainer.engine.game.invariants import check_round
from trainer.engine.game.match import Match
from trainer.engine.game.round import Phase, Round
from trainer.engine.game.scenario import setup_round
from trainer.engine.hand import MeldKind
from trainer.engine.tiles import parse_tile

T = parse_tile
JUNK = "147m369p147s3456z"  # no pair, no two tiles close enough to chi, not tenpai
WIND_JUNK = "147m369p147s1234z"


def play_out(rnd: Round) -> None:
    """Everybody passes every call and discards the tile just drawn until the hand ends."""
    while not rnd.ended:
        for seat in rnd.to_act():
            if rnd.phase is Phase.CALLS:
                rnd.apply(seat, Pass())
            else:
                rnd.apply(seat, Discard(rnd.seats[seat].drawn))
            check_round(rnd, 100000 if rnd.options.starting_points == 25000 else 120000)
            break


def pass_calls(rnd: Round) -> None:
    """Every player offered a call on the last tile passes."""
    while rnd.phase is Phase.CALLS:
        rnd.apply(rnd.to_act()[0], Pass())


def discard(rnd: Round, seat: int, tile: str, *, riichi: bool = False) -> None:
    """``seat`` discards ``tile`` (it must be their turn)."""
    rnd.apply(seat, (Riichi if riichi else Discard)(T(tile)))


def tsumogiri(rnd: Round, seat: int) -> None:
    """``seat`` discards the tile just drawn, then every call is passed."""
    assert rnd.current == seat and rnd.phase is Phase.TURN
    rnd.apply(seat, Discard(rnd.seats[seat].drawn))
    pass_calls(rnd)


# ---------------------------------------------------------------- call priority

PRIORITY = ["3m123456789p112z", "12m456789s33445z", "33m111222s3579p6z", "3445566778899m"]


def priority_round() -> Round:
    rnd = setup_round(PRIORITY, draws="7z", dora="9s")
    discard(rnd, 0, "3m")
    return rnd


def test_everyone_is_offered_the_discard_with_the_right_calls():
    rnd = priority_round()
    assert rnd.to_act() == [1, 2, 3]
    assert Chi((T("1m"), T("2m"))) in rnd.legal_actions(1)
    assert Pon((T("3m"), T("3m"))) in rnd.legal_actions(2)
    assert not any(isinstance(a, Chi) for a in rnd.legal_actions(2)), "chi only from the left"
    assert Ron() in rnd.legal_actions(3)


def test_ron_beats_pon_and_chi():
    rnd = priority_round()
    rnd.apply(1, Chi((T("1m"), T("2m"))))
    rnd.apply(2, Pon((T("3m"), T("3m"))))
    rnd.apply(3, Ron())
    assert rnd.ended and rnd.result.kind == "ron"
    (win,) = rnd.result.wins
    assert (win.seat, win.from_seat) == (3, 0)
    assert "chinitsu" in win.yaku
    assert sum(rnd.result.deltas) == 0


def test_pon_beats_chi_and_passing_a_win_is_temporary_furiten():
    rnd = priority_round()
    rnd.apply(3, Pass())
    rnd.apply(1, Chi((T("1m"), T("2m"))))
    rnd.apply(2, Pon((T("3m"), T("3m"))))
    assert rnd.phase is Phase.TURN and rnd.current == 2
    assert rnd.seats[2].melds[0].kind is MeldKind.PON
    assert rnd.seats[0].river[-1].called
    assert rnd.seats[3].temp_furiten and rnd.seats[3].furiten
    # after a pon only discards are legal: no tsumo, no kan, no riichi
    assert all(isinstance(a, Discard) for a in rnd.legal_actions(2))


def test_chi_when_nobody_else_calls():
    rnd = priority_round()
    for seat in (3, 2):
        rnd.apply(seat, Pass())
    rnd.apply(1, Chi((T("1m"), T("2m"))))
    assert rnd.current == 1 and rnd.seats[1].melds[0].kind is MeldKind.CHI


def test_answering_twice_or_out_of_turn_is_refused():
    rnd = priority_round()
    rnd.apply(1, Pass())
    before = rnd.snapshot()
    with pytest.raises(IllegalAction):
        rnd.apply(1, Chi((T("1m"), T("2m"))))
    with pytest.raises(IllegalAction, match="chi only from the player on the left|not allowed"):
        rnd.apply(2, Chi((T("3m"), T("3m"))))
    assert rnd.snapshot() == before


# ---------------------------------------------------------------- kuikae

KUIKAE = ["3m123456789p112z", "3456m1789s33445z", "258m369p147s3456z", "258m369p147s3456z"]


@pytest.mark.parametrize(
    ("rules", "same_tile_ok", "suji_ok"),
    [("tenhou", False, False), ("jpml", False, True), ("ema", True, True)],
)
def test_kuikae_per_preset(rules, same_tile_ok, suji_ok):
    rnd = setup_round(KUIKAE, draws="7z", rules=rules, dora="9s")
    discard(rnd, 0, "3m")
    for seat in rnd.to_act():
        if seat != 1:
            rnd.apply(seat, Pass())
    rnd.apply(1, Chi((T("4m"), T("5m"))))
    legal = rnd.legal_actions(1)
    assert (Discard(T("3m")) in legal) is same_tile_ok
    assert (Discard(T("6m")) in legal) is suji_ok
    if not same_tile_ok:
        with pytest.raises(IllegalAction, match="kuikae"):
            rnd.apply(1, Discard(T("3m")))


# ---------------------------------------------------------------- riichi

TENPAI_DEALER = ["123m456p789s1122z", JUNK, JUNK, "258m369p258s5677z"]


def test_riichi_needs_tenpai_after_the_discard():
    rnd = setup_round(TENPAI_DEALER, draws="9m", dora="9s")
    legal = rnd.legal_actions(0)
    assert Riichi(T("9m")) in legal
    assert Riichi(T("3m")) not in legal
    before = rnd.snapshot()
    with pytest.raises(IllegalAction, match="tenpai"):
        rnd.apply(0, Riichi(T("3m")))
    assert rnd.snapshot() == before


def test_riichi_needs_1000_points():
    rnd = setup_round(TENPAI_DEALER, draws="9m", dora="9s", scores=[900, 33100, 33000, 33000])
    assert not any(isinstance(a, Riichi) for a in rnd.legal_actions(0))
    with pytest.raises(IllegalAction, match="1000"):
        rnd.apply(0, Riichi(T("9m")))


def test_riichi_needs_four_tiles_in_the_live_wall():
    rnd = setup_round(TENPAI_DEALER, draws="9m", dora="9s")
    seen_late = False
    while not rnd.ended:
        if rnd.phase is Phase.CALLS:
            pass_calls(rnd)
            continue
        seat = rnd.current
        if seat == 0:
            has_riichi = any(isinstance(a, Riichi) for a in rnd.legal_actions(0))
            assert has_riichi == (rnd.wall.live_remaining >= 4)
            seen_late = seen_late or rnd.wall.live_remaining < 4
        rnd.apply(seat, Discard(rnd.seats[seat].drawn))
    assert seen_late


def test_riichi_stick_and_double_riichi_ippatsu_ron():
    rnd = setup_round(TENPAI_DEALER, draws="9m1z", dora="9s")
    discard(rnd, 0, "9m", riichi=True)
    pass_calls(rnd)
    assert rnd.seats[0].riichi and rnd.seats[0].double_riichi and rnd.seats[0].ippatsu
    assert rnd.sticks == 1 and rnd.scores[0] == 24000
    discard(rnd, 1, "1z")
    rnd.apply(0, Ron())
    (win,) = rnd.result.wins
    assert {"double_riichi", "ippatsu"} <= set(win.yaku)
    assert "riichi" not in win.yaku
    # the winner takes back the stick on the table
    assert rnd.scores[0] == 24000 + win.value + 1000 and rnd.sticks == 0


def test_a_call_breaks_ippatsu():
    hands = ["123m456p789s1122z", "258m369p147s3456z", "55s1z7z258m369p147s", JUNK]
    rnd = setup_round(hands, draws="9m5s", dora="9s")
    discard(rnd, 0, "9m", riichi=True)
    pass_calls(rnd)
    discard(rnd, 1, "5s")
    assert Pon((T("5s"), T("5s"))) in rnd.legal_actions(2)
    for seat in rnd.to_act():
        rnd.apply(seat, Pon((T("5s"), T("5s"))) if seat == 2 else Pass())
    assert not rnd.seats[0].ippatsu
    discard(rnd, 2, "1z")
    rnd.apply(0, Ron())
    assert "ippatsu" not in rnd.result.wins[0].yaku


def test_ron_on_the_riichi_tile_voids_the_riichi():
    hands = ["123m456p789s1112z", "234m567p45678s55m", JUNK, JUNK]
    rnd = setup_round(hands, draws="9s", dora="9m")
    discard(rnd, 0, "9s", riichi=True)
    assert Ron() in rnd.legal_actions(1)
    rnd.apply(1, Ron())
    assert rnd.result.kind == "ron"
    assert rnd.scores[0] == 25000 - rnd.result.wins[0].value  # no stick was put down
    assert sum(rnd.scores) == 100000


# ---------------------------------------------------------------- furiten

WAITER = "123m456p789s1122z"  # shanpon on East and South


def test_permanent_furiten_blocks_ron_but_not_tsumo():
    hands = ["258m369p147s3456z", WAITER, "258m369p147s3456z", "258m369p147s3456z"]
    rnd = setup_round(hands, draws="6z1z2z9p8p2z", dora="9m")
    discard(rnd, 0, "6z")
    pass_calls(rnd)
    assert Tsumo() in rnd.legal_actions(1)
    discard(rnd, 1, "1z")  # throws a winning tile: furiten on 1z and 2z
    pass_calls(rnd)
    assert rnd.seats[1].furiten
    discard(rnd, 2, "2z")
    assert Ron() not in rnd.legal_actions(1)
    assert Pon((T("2z"), T("2z"))) in rnd.legal_actions(1), "furiten does not stop a pon"
    with pytest.raises(IllegalAction, match="furiten"):
        rnd.apply(1, Ron())
    pass_calls(rnd)
    with pytest.raises(IllegalAction):
        rnd.apply(1, Ron())
    tsumogiri(rnd, 3)
    tsumogiri(rnd, 0)
    assert Tsumo() in rnd.legal_actions(1)
    rnd.apply(1, Tsumo())
    assert rnd.result.kind == "tsumo"


def test_temporary_furiten_lasts_until_own_discard():
    hands = ["258m369p147s3456z", WAITER, "258m369p147s3456z", "258m369p147s3456z"]
    rnd = setup_round(hands, draws="6z9s1z2z8p9s2z", dora="9m")
    tsumogiri(rnd, 0)
    tsumogiri(rnd, 1)
    discard(rnd, 2, "1z")
    assert Ron() in rnd.legal_actions(1)
    rnd.apply(1, Pass())
    assert rnd.seats[1].temp_furiten
    discard(rnd, 3, "2z")
    assert Ron() not in rnd.legal_actions(1)
    pass_calls(rnd)
    tsumogiri(rnd, 0)
    tsumogiri(rnd, 1)  # own discard ends temporary furiten
    assert not rnd.seats[1].furiten
    discard(rnd, 2, "2z")
    assert Ron() in rnd.legal_actions(1)


def test_riichi_furiten_lasts_for_the_rest_of_the_hand():
    hands = ["258m369p147s3456z", WAITER, "258m369p147s3456z", "258m369p147s3456z"]
    rnd = setup_round(hands, draws="6z9s1z8p9s8s2z9m9m1z", dora="9m")
    tsumogiri(rnd, 0)
    rnd.apply(1, Riichi(T("9s")))
    pass_calls(rnd)
    discard(rnd, 2, "1z")
    rnd.apply(1, Pass())
    pass_calls(rnd)
    tsumogiri(rnd, 3)
    tsumogiri(rnd, 0)
    tsumogiri(rnd, 1)
    assert rnd.seats[1].riichi_furiten and rnd.seats[1].furiten
    discard(rnd, 2, "2z")
    assert 1 not in rnd.to_act()
    pass_calls(rnd)
    tsumogiri(rnd, 3)
    tsumogiri(rnd, 0)
    assert Tsumo() in rnd.legal_actions(1), "tsumo is still allowed in furiten"


def test_furiten_riichi_is_allowed_in_tenhou():
    hands = ["258m369p147s3456z", WAITER, "258m369p147s3456z", "258m369p147s3456z"]
    rnd = setup_round(hands, draws="6z1z9p8p8p8s", dora="9m")
    tsumogiri(rnd, 0)
    discard(rnd, 1, "1z")
    pass_calls(rnd)
    for seat in (2, 3, 0):
        tsumogiri(rnd, seat)
    assert rnd.seats[1].furiten
    assert Riichi(T("8s")) in rnd.legal_actions(1)


# ---------------------------------------------------------------- kans

CHANKAN = ["55p147m369s12345z", "147m369p258s3456z", "46p123m789m234s77z", "258m134679p4567z"]


def test_chankan_robs_an_added_kan():
    rnd = setup_round(CHANKAN, draws="9s5p2p2p2p0p", dora="9m")
    discard(rnd, 0, "9s")
    pass_calls(rnd)
    discard(rnd, 1, "5p")
    for seat in rnd.to_act():
        rnd.apply(seat, Pon((T("5p"), T("5p"))) if seat == 0 else Pass())
    assert rnd.seats[2].temp_furiten  # passed its kanchan tile
    discard(rnd, 0, "1z")
    pass_calls(rnd)
    for seat in (1, 2, 3):
        tsumogiri(rnd, seat)
    kan = Kan(MeldKind.KAN_ADDED, T("0p"))
    assert kan in rnd.legal_actions(0)
    rnd.apply(0, kan)
    assert rnd.to_act() == [2] and Ron() in rnd.legal_actions(2)
    rnd.apply(2, Ron())
    (win,) = rnd.result.wins
    assert "chankan" in win.yaku and win.from_seat == 0
    check_round(rnd, 100000)


def test_added_kan_draws_a_replacement_and_reveals_dora_after_the_discard():
    rnd = setup_round(CHANKAN, draws="9s5p2p2p2p0p", dora="9m", rinshan="2s")
    discard(rnd, 0, "9s")
    pass_calls(rnd)
    discard(rnd, 1, "5p")
    for seat in rnd.to_act():
        rnd.apply(seat, Pon((T("5p"), T("5p"))) if seat == 0 else Pass())
    discard(rnd, 0, "1z")
    pass_calls(rnd)
    for seat in (1, 2, 3):
        tsumogiri(rnd, seat)
    live = rnd.wall.live_remaining
    rnd.apply(0, Kan(MeldKind.KAN_ADDED, T("0p")))
    rnd.apply(2, Pass())
    assert rnd.seats[0].drawn == T("2s") and rnd.rinshan
    assert rnd.wall.live_remaining == live - 1, "each kan shortens the live wall by one"
    check_round(rnd, 100000)
    assert len(rnd.wall.dora_indicators) == 1, "tenhou: an open kan's dora waits for the discard"
    discard(rnd, 0, "2s")
    assert len(rnd.wall.dora_indicators) == 2


def test_closed_kan_reveals_dora_at_once():
    hands = ["9999m258p369s234z", JUNK, JUNK, "258m369p258s5677z"]
    rnd = setup_round(hands, draws="7z", dora="9s")
    rnd.apply(0, Kan(MeldKind.KAN_CLOSED, T("9m")))
    assert len(rnd.wall.dora_indicators) == 2 and rnd.rinshan
    assert rnd.seats[0].melds[0].kind is MeldKind.KAN_CLOSED
    check_round(rnd, 100000)


def test_riichi_closed_kan_must_keep_the_waits():
    # 2333m waits on 1m, 2m and 4m: kanning 888m keeps them, kanning 333m would
    # leave only 2m (the rulebook's example, 001:531-533)
    rnd = setup_round(["2333m888m123p789p", JUNK, JUNK, JUNK], draws="9s1z1z1z8m2z2z2z3m", dora="9s")
    discard(rnd, 0, "9s", riichi=True)
    pass_calls(rnd)
    assert rnd.seats[0].waits == (T("1m").kind, T("2m").kind, T("4m").kind)
    for seat in (1, 2, 3):
        tsumogiri(rnd, seat)
    assert Kan(MeldKind.KAN_CLOSED, T("8m")) in rnd.legal_actions(0)
    with pytest.raises(IllegalAction, match="riichi"):
        rnd.apply(0, Discard(T("2m")))
    rnd.apply(0, Discard(T("8m")))
    pass_calls(rnd)
    for seat in (1, 2, 3):
        tsumogiri(rnd, seat)
    assert rnd.seats[0].drawn == T("3m")
    assert not any(isinstance(a, Kan) for a in rnd.legal_actions(0)), "a 333m kan changes the waits"


def test_kokushi_robs_a_closed_kan_only_where_allowed():
    hands = ["9999m258p369s234z", "11m19p19s1234567z", JUNK, "258m369p258s5677z"]
    for rules, robbed in (("tenhou", False), ("jpml", True)):
        rnd = setup_round(hands, draws="7z", rules=rules, dora="9s")
        rnd.apply(0, Kan(MeldKind.KAN_CLOSED, T("9m")))
        assert (Ron() in rnd.legal_actions(1)) is robbed, rules


# ---------------------------------------------------------------- multiple ron

MULTI = ["1z789m789p789s234z", "112233445566m1z", "112233445566p1z", "112233445566s1z"]


def test_triple_ron_aborts_in_tenhou_and_all_win_in_ema():
    rnd = setup_round(MULTI, draws="7z", dora="9m")
    discard(rnd, 0, "1z")
    for seat in (1, 2, 3):
        rnd.apply(seat, Ron())
    assert rnd.result.kind == "abortive" and rnd.result.abort_reason == "sanchahou"
    assert rnd.result.renchan
    rnd = setup_round(MULTI, draws="7z", rules="ema", dora="9m")
    discard(rnd, 0, "1z")
    for seat in (1, 2, 3):
        rnd.apply(seat, Ron())
    assert [w.seat for w in rnd.result.wins] == [1, 2, 3]


def test_double_ron_or_head_bump():
    hands = list(MULTI)
    hands[3] = "112233445566s2z"
    rnd = setup_round(hands, draws="7z", dora="9m", honba=2, sticks=1)
    discard(rnd, 0, "1z")
    rnd.apply(1, Ron())
    rnd.apply(2, Ron())
    w1, w2 = rnd.result.wins
    assert (w1.seat, w2.seat) == (1, 2)
    assert w1.bonus[1] == 600 and w2.bonus == (0, 0, 0, 0), "honba go to the nearest winner only"
    assert rnd.result.deltas[1] == w1.value + 1000, "and so do the sticks"
    assert rnd.result.deltas[0] == -(w1.value + w2.value)
    rnd = setup_round(hands, draws="7z", rules="jpml", dora="9m")
    discard(rnd, 0, "1z")
    rnd.apply(1, Ron())
    rnd.apply(2, Ron())
    assert [w.seat for w in rnd.result.wins] == [1], "head bump: the first player after the discarder"


# ---------------------------------------------------------------- abortive draws

def test_nine_terminals_is_a_choice_on_the_first_draw():
    rnd = setup_round(["19m19p19s1237z258m", JUNK, JUNK, "258m369p258s5677z"], draws="5p", dora="9s")
    assert AbortiveDraw("kyuushu") in rnd.legal_actions(0)
    rnd.apply(0, AbortiveDraw("kyuushu"))
    assert rnd.result.kind == "abortive" and rnd.result.abort_reason == "kyuushu"
    assert rnd.result.renchan and rnd.result.deltas == (0, 0, 0, 0)


def test_four_winds():
    rnd = setup_round([WIND_JUNK] * 4, draws="2m5p8s9m", dora="9s")
    for seat in range(4):
        discard(rnd, seat, "1z")
        pass_calls(rnd)
    assert rnd.result.kind == "abortive" and rnd.result.abort_reason == "suufon"


def test_four_riichi():
    hands = ["123456789m1122z", "123456789p3344z", "123456789s5566z", "234m9m234p234s777z"]
    rnd = setup_round(hands, draws="5s5m5p1s", dora="9s")
    for seat, tile in enumerate(("5s", "5m", "5p", "1s")):
        discard(rnd, seat, tile, riichi=True)
        pass_calls(rnd)
    assert rnd.result.abort_reason == "suucha"
    assert rnd.sticks == 4 and sum(rnd.scores) == 96000


@pytest.mark.parametrize(("rules", "at_declaration"), [("tenhou", False), ("jpml", True)])
def test_four_kans_by_two_players(rules, at_declaration):
    hands = ["2222m8888m2222p1z", "8888s369m58p29s27z", JUNK, JUNK]
    rnd = setup_round(hands, draws="6z9p", rules=rules, dora="9s", rinshan="7p7p7p8p")
    for tile in ("2m", "8m", "2p"):
        rnd.apply(0, Kan(MeldKind.KAN_CLOSED, T(tile)))
    tsumogiri(rnd, 0)
    rnd.apply(1, Kan(MeldKind.KAN_CLOSED, T("8s")))
    if at_declaration:
        assert rnd.result.abort_reason == "suukaikan"
        return
    assert not rnd.ended
    assert not any(isinstance(a, Kan) for a in rnd.legal_actions(1)), "no fifth kan"
    tsumogiri(rnd, 1)
    assert rnd.result.abort_reason == "suukaikan"


# ---------------------------------------------------------------- exhaustive draw

def test_exhaustive_draw_pays_noten_and_keeps_a_tenpai_dealer():
    rnd = setup_round(TENPAI_DEALER, dora="9s")
    play_out(rnd)
    res = rnd.result
    assert res.kind == "exhaustive"
    assert res.tenpai == (0,) and not res.nagashi
    assert res.deltas == (3000, -1000, -1000, -1000)
    assert res.renchan and not res.honba_reset
    assert rnd.wall.live_remaining == 0


def test_nagashi_mangan():
    from trainer.engine.game.round import Round
    from trainer.engine.game.wall import arranged_wall, standard_tiles
    from trainer.engine.rules import load_rules
    from trainer.engine.tiles import is_yaochuu

    tiles = list(standard_tiles(1))
    simples = [t for t in tiles if not is_yaochuu(t.kind)]
    yao = [t for t in tiles if is_yaochuu(t.kind)]
    hand1 = simples[:13]
    rest_simples = simples[13:]
    draws = []
    for i in range(70):
        draws.append(yao.pop() if i % 4 == 1 else rest_simples.pop())
    others = rest_simples + yao[: 39 - len(rest_simples)]
    yao = yao[39 - len(rest_simples):]
    hands = [others[0:13], hand1, others[13:26], others[26:39]]
    wall = arranged_wall(hands, draws, tile_set=tiles)
    rnd = Round(load_rules("tenhou"), wall)
    play_out(rnd)
    res = rnd.result
    assert res.nagashi == (1,)
    assert res.deltas == (-4000, 8000, -2000, -2000)
    assert res.kind == "exhaustive" and res.sticks_left == 0


# ---------------------------------------------------------------- random legal play (property)


def random_hand(seed: int, rules: str) -> Round:
    """Play one hand choosing uniformly among the legal actions (calls and kans included),
    checking the invariants, and that an illegal win is refused, at every step."""
    rng = random.Random(seed)
    m = Match(rules, seed=seed)
    rnd = m.start_round()
    while not rnd.ended:
        seat = rnd.to_act()[0]
        legal = rnd.legal_actions(seat)
        if Tsumo() not in legal:
            before = rnd.snapshot()
            with pytest.raises(IllegalAction):
                rnd.apply(seat, Tsumo())
            assert rnd.snapshot() == before
        rnd.apply(seat, rng.choice(legal))
        check_round(rnd, m.total_points)
    return rnd


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=10**9), st.sampled_from(["tenhou", "ema", "jpml"]))
def test_random_legal_play_keeps_the_invariants(seed, rules):
    rnd = random_hand(seed, rules)
    assert rnd.result is not None and rnd.result.kind in ("ron", "tsumo", "exhaustive", "abortive")


# ---------------------------------------------------------------- pao (liability)

PAO = [JUNK, "556677z23m88p149s", "147m369p147s2347z", JUNK]


def daisangen_setup(draws: str) -> Round:
    """Seat 1 pons White and Green from seat 0, then Red from seat 2 (liable), waiting on 1m-4m."""
    rnd = setup_round(PAO, draws=draws, dora="9m")
    discard(rnd, 0, "5z")
    for seat in rnd.to_act():
        rnd.apply(seat, Pon((T("5z"), T("5z"))) if seat == 1 else Pass())
    discard(rnd, 1, "1s")
    pass_calls(rnd)
    tsumogiri(rnd, 2)
    tsumogiri(rnd, 3)
    discard(rnd, 0, "6z")
    for seat in rnd.to_act():
        rnd.apply(seat, Pon((T("6z"), T("6z"))) if seat == 1 else Pass())
    discard(rnd, 1, "4s")
    pass_calls(rnd)
    discard(rnd, 2, "7z")
    for seat in rnd.to_act():
        rnd.apply(seat, Pon((T("7z"), T("7z"))) if seat == 1 else Pass())
    discard(rnd, 1, "9s")
    pass_calls(rnd)
    assert rnd.pao == {1: {"daisangen": 2}}
    tsumogiri(rnd, 2)
    tsumogiri(rnd, 3)
    return rnd


def test_pao_tsumo_liable_player_pays_everything():
    rnd = daisangen_setup("2p9s9s2p9s2p9m9m1m")
    tsumogiri(rnd, 0)
    rnd.apply(1, Tsumo())
    (win,) = rnd.result.wins
    assert "daisangen" in win.yaku and win.liable == 2
    assert rnd.result.deltas == (0, 32000, -32000, 0)


def test_pao_ron_splits_with_the_discarder():
    rnd = daisangen_setup("2p9s9s2p9s2p9m9m")
    discard(rnd, 0, "4m")
    rnd.apply(1, Ron())
    assert rnd.result.deltas == (-16000, 32000, -16000, 0)
