"""Scripted hands for the rule fixes of issue 11: ippatsu kept by robbing an added kan
(Tenhou), suukantsu liability (JPML 003:120-124) and a tenpai hand kept hidden at a draw."""

from __future__ import annotations

from trainer.engine.game.actions import DeclareTenpai, Discard, Kan, Pass, Pon, Riichi, Ron, Tsumo
from trainer.engine.game.invariants import check_round
from trainer.engine.game.round import Phase, Round
from trainer.engine.game.scenario import setup_round
from trainer.engine.hand import MeldKind
from trainer.engine.tiles import parse_tile

T = parse_tile


def pass_calls(rnd: Round) -> None:
    """Every player offered a call on the last tile passes."""
    while rnd.phase is Phase.CALLS:
        rnd.apply(rnd.to_act()[0], Pass())


def play(rnd: Round, seat: int, action) -> None:
    """``seat`` takes ``action`` on its turn; then every call on the result is passed."""
    assert rnd.current == seat and rnd.phase is Phase.TURN, (rnd.current, rnd.phase)
    rnd.apply(seat, action)
    pass_calls(rnd)


def tsumogiri(rnd: Round, seat: int) -> None:
    """``seat`` discards the tile just drawn and nobody calls it."""
    play(rnd, seat, Discard(rnd.seats[seat].drawn))


# ---------------------------------------------------------------- item 8: chankan in the ippatsu window

CHANKAN = ["55p147m369s12345z", "147m369p258s3456z", "46p123m789m234s77z", "258m134679p4567z"]


def added_kan(rules: str = "tenhou") -> Round:
    """Seat 0 pons 5p; seat 2 declares riichi on a 4-6p kanchan; one go-around later seat 0
    adds the red 5p to its pon, inside seat 2's ippatsu window: seat 2 may rob it."""
    rnd = setup_round(CHANKAN, draws="9s5p2p1z2p0p", rules=rules, dora="9m", ura="9p", rinshan="8s")
    tsumogiri(rnd, 0)
    rnd.apply(1, Discard(T("5p")))
    for seat in rnd.to_act():
        rnd.apply(seat, Pon((T("5p"), T("5p"))) if seat == 0 else Pass())
    play(rnd, 0, Discard(T("1z")))
    tsumogiri(rnd, 1)
    play(rnd, 2, Riichi(T("1z")))
    assert rnd.seats[2].riichi and rnd.seats[2].ippatsu == rnd.options.ippatsu
    tsumogiri(rnd, 3)
    rnd.apply(0, Kan(MeldKind.KAN_ADDED, T("0p")))
    assert rnd.to_act() == [2] and Ron() in rnd.legal_actions(2)
    return rnd


def robbed_kan(rules: str) -> Round:
    """:func:`added_kan`, robbed by seat 2."""
    rnd = added_kan(rules)
    rnd.apply(2, Ron())
    check_round(rnd, 100000 if rnd.options.starting_points == 25000 else 120000)
    return rnd


def test_tenhou_riichi_player_robbing_an_added_kan_keeps_ippatsu():
    rnd = robbed_kan("tenhou")
    (win,) = rnd.result.wins
    assert {"riichi", "ippatsu", "chankan"} <= set(win.yaku)
    # riichi, ippatsu, chankan, a dora (1m) and the robbed red 5p: a non-dealer mangan
    assert (win.han, win.fu) == (5, 40) and win.value == 8000
    assert rnd.kans == 0, "a robbed kan never stands"


def test_ema_follows_the_written_rule_any_declared_set_ends_ippatsu():
    rnd = robbed_kan("ema")
    (win,) = rnd.result.wins
    assert "chankan" in win.yaku and "ippatsu" not in win.yaku


def test_a_kan_that_stands_still_ends_ippatsu():
    rnd = added_kan()
    rnd.apply(2, Pass())
    assert rnd.seats[0].melds[-1].kind is MeldKind.KAN_ADDED and rnd.kans == 1
    assert not rnd.seats[2].ippatsu


# ---------------------------------------------------------------- item 9: suukantsu pao (JPML)

# seat 1 holds three triplets to close as kans and three North for an open kan on seat 2's North
SUUKANTSU = ["479m479p479s1267z", "111m222p333s4445z", "368m368p68s13467z", "258m58p258s12567z"]


def fourth_kan(rinshan: str, draws: str) -> Round:
    """Seat 1 makes three closed kans, then calls seat 2's North for the fourth kan."""
    rnd = setup_round(SUUKANTSU, draws=draws, rules="jpml", dora="9s", rinshan=rinshan)
    tsumogiri(rnd, 0)
    for kind in ("1m", "2p", "3s"):
        play(rnd, 1, Kan(MeldKind.KAN_CLOSED, T(kind)))
    assert rnd.kans == 3
    tsumogiri(rnd, 1)
    rnd.apply(2, Discard(T("4z")))
    assert Kan(MeldKind.KAN_OPEN, T("4z")) in rnd.legal_actions(1)
    for seat in rnd.to_act():
        rnd.apply(seat, Kan(MeldKind.KAN_OPEN, T("4z")) if seat == 1 else Pass())
    assert rnd.pao == {1: {"suukantsu": 2}}, "003:124: the feeder of the fourth kan is liable"
    return rnd


def test_jpml_suukantsu_tsumo_is_paid_by_the_player_who_fed_the_fourth_kan():
    rnd = fourth_kan(rinshan="2p3s9p5z", draws="9m1m8s")
    rnd.apply(1, Tsumo())
    (win,) = rnd.result.wins
    assert "suukantsu" in win.yaku and win.liable == 2
    assert rnd.result.deltas == (0, 32000, -32000, 0)
    check_round(rnd, 120000)


def test_jpml_suukantsu_ron_is_split_between_the_liable_player_and_the_discarder():
    rnd = fourth_kan(rinshan="2p3s9p8p", draws="9m1m8s9s5z")
    tsumogiri(rnd, 1)
    tsumogiri(rnd, 2)
    rnd.apply(3, Discard(T("5z")))
    rnd.apply(1, Ron())
    (win,) = rnd.result.wins
    assert "suukantsu" in win.yaku and win.liable == 2 and win.from_seat == 3
    assert rnd.result.deltas == (0, 32000, -16000, -16000)
    check_round(rnd, 120000)


def test_tenhou_has_no_suukantsu_pao():
    rnd = setup_round(SUUKANTSU, draws="9m1m8s", dora="9s", rinshan="2p3s9p5z")
    tsumogiri(rnd, 0)
    for kind in ("1m", "2p", "3s"):
        play(rnd, 1, Kan(MeldKind.KAN_CLOSED, T(kind)))
    tsumogiri(rnd, 1)
    rnd.apply(2, Discard(T("4z")))
    for seat in rnd.to_act():
        rnd.apply(seat, Kan(MeldKind.KAN_OPEN, T("4z")) if seat == 1 else Pass())
    assert rnd.pao == {}


# ---------------------------------------------------------------- item 10: hiding tenpai at a draw (001:805)

JUNK = "147m369p147s3456z"
TENPAI_DEALER = ["123m456p789s1122z", JUNK, JUNK, "258m369p258s5677z"]


def to_the_draw(rnd: Round) -> None:
    """Everybody discards the tile just drawn until the live wall is empty."""
    while rnd.phase is Phase.TURN:
        tsumogiri(rnd, rnd.current)


def test_an_asked_player_may_hide_tenpai_and_count_as_noten():
    rnd = setup_round(TENPAI_DEALER, dora="9s", tenpai_choice=(0,))
    to_the_draw(rnd)
    assert rnd.phase is Phase.DRAW and rnd.to_act() == [0]
    assert rnd.legal_actions(0) == [DeclareTenpai(True), DeclareTenpai(False)]
    assert rnd.legal_actions(1) == []
    rnd.apply(0, DeclareTenpai(False))
    res = rnd.result
    assert res.kind == "exhaustive" and res.tenpai == () and res.deltas == (0, 0, 0, 0)
    assert not res.renchan, "a dealer who hides the hand is noten and the deal passes"
    check_round(rnd, 100000)


def test_showing_is_paid_and_players_not_asked_always_show():
    rnd = setup_round(TENPAI_DEALER, dora="9s", tenpai_choice=(0,))
    to_the_draw(rnd)
    rnd.apply(0, DeclareTenpai(True))
    assert rnd.result.tenpai == (0,) and rnd.result.deltas == (3000, -1000, -1000, -1000)
    rnd = setup_round(TENPAI_DEALER, dora="9s")  # nobody asked: the engine shows every tenpai hand
    to_the_draw(rnd)
    assert rnd.ended and rnd.result.tenpai == (0,)


def test_jpml_players_must_show_and_nobody_is_asked():
    rnd = setup_round(TENPAI_DEALER, rules="jpml", dora="9s", tenpai_choice=(0, 1, 2, 3))
    to_the_draw(rnd)
    assert rnd.ended and rnd.result.tenpai == (0,)


def test_bots_show_their_tenpai():
    from trainer.engine.bots import make_bot
    from trainer.engine.game.view import make_view

    rnd = setup_round(TENPAI_DEALER, dora="9s", tenpai_choice=(0,))
    to_the_draw(rnd)
    for name in ("efficient", "careful"):
        assert make_bot(name, rnd.rules).choose(make_view(rnd, 0), rnd.legal_actions(0)) == DeclareTenpai(True)


def test_the_choice_is_kept_in_the_game_log_and_replays():
    from trainer.engine.game.actions import action_from_json, action_to_json

    for show in (True, False):
        data = action_to_json(DeclareTenpai(show))
        assert data == {"type": "tenpai", "show": show} and action_from_json(data) == DeclareTenpai(show)
