"""Match flow: dealer rotation, renchan and honba, busting, the extra round,
agari-yame, final uma/oka and ties; walls and dealing."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.engine.game.actions import AbortiveDraw, Discard, Pass
from trainer.engine.game.invariants import check_round
from trainer.engine.game.match import Match, final_standings
from trainer.engine.game.options import game_options
from trainer.engine.game.round import Phase
from trainer.engine.game.wall import DEAD_WALL, Wall, WallError, arranged_wall, standard_tiles
from trainer.engine.notation import parse_tiles
from trainer.engine.tiles import SOUTH, WEST


def play_out(rnd) -> None:
    """Everybody passes and discards the drawn tile until the hand ends."""
    while not rnd.ended:
        seat = rnd.to_act()[0]
        rnd.apply(seat, Pass() if rnd.phase is Phase.CALLS else Discard(rnd.seats[seat].drawn))


# ---------------------------------------------------------------- wall


def test_same_seed_same_wall_and_every_tile_once():
    tiles = standard_tiles(1)
    a = Wall.shuffled(tiles, random.Random(5))
    b = Wall.shuffled(tiles, random.Random(5))
    c = Wall.shuffled(tiles, random.Random(6))
    assert a.tiles == b.tiles != c.tiles
    assert sorted(a.tiles) == sorted(tiles) and len(tiles) == 136
    assert sum(t.red for t in tiles) == 3


def test_dead_wall_positions_and_replacement_tiles():
    w = Wall(standard_tiles(0))
    dead = w.tiles[-DEAD_WALL:]
    assert w.dora_indicators == (dead[8],)
    assert w.ura_indicators == (dead[9],)
    assert w.live_remaining == 122
    assert w.draw_rinshan() == dead[12] and w.draw_rinshan() == dead[13]
    assert w.live_remaining == 120, "each replacement tile shortens the live wall"
    assert w.reveal_indicator() == dead[6]
    assert w.ura_indicators == (dead[9], dead[7])


def test_a_quiet_hand_has_seventy_draws():
    m = Match("tenhou", seed=3)
    rnd = m.start_round()
    assert rnd.wall.live_remaining == 69  # 136 - 14 - 52 - the dealer's first draw
    assert [len(s.concealed) for s in rnd.seats] == [14, 13, 13, 13]


def test_arranged_wall_refuses_impossible_tiles():
    with pytest.raises(WallError, match="no more"):
        arranged_wall([parse_tiles("11111m23456789p", max_copies=None)[:13]] + [parse_tiles("123m456p789s1234z")] * 3)


def test_children_tile_set_wall():
    tiles = tuple(t for t in standard_tiles(0) if t.kind < 27)  # number tiles only: 108
    w = Wall.shuffled(tiles, random.Random(1))
    assert len(w.tiles) == 108 and w.live_remaining == 94


@settings(max_examples=15, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_any_seed_deals_a_consistent_table(seed):
    m = Match("tenhou", seed=seed)
    rnd = m.start_round()
    check_round(rnd, 100000)


# ---------------------------------------------------------------- final scores


def test_tenhou_oka_and_uma():
    opts = game_options("tenhou")
    st4 = final_standings([40000, 30000, 20000, 10000], opts)
    assert [s.place for s in st4] == [1, 2, 3, 4]
    assert [s.score for s in st4] == [50.0, 10.0, -20.0, -40.0]
    assert sum(s.score for s in st4) == 0


def test_the_rulebook_example_rounds_to_thousands_and_the_winner_takes_the_rest():
    """001:893-899 (digest T22): uma 15/5, oka 20; 36500 -> 36 (500 rounds down), -4700 -> -5,
    -15900 -> -16; the first place is adjusted so the total is zero: +52, 0, -21, -31."""
    opts = replace(game_options("tenhou"), uma=(15, 5, -5, -15))
    st4 = final_standings([46500, 25300, 14100, 14100], opts)
    assert [s.score for s in st4] == [52.0, 0.0, -21.0, -31.0]
    assert [s.place for s in st4] == [1, 2, 3, 4]


def test_tenhou_final_scores_are_whole_numbers_and_jpml_keeps_tenths():
    scores = [35400, 31600, 24500, 8500]
    tenhou = [s.score for s in final_standings(scores, game_options("tenhou"))]
    # 1600 -> 2 (600 rounds up), -5500 -> -6 (500 goes down), -21500 -> -22; first: -(12 - 16 - 42) = 46
    assert tenhou == [46.0, 12.0, -16.0, -42.0] and sum(tenhou) == 0
    jpml = [s.score for s in final_standings(scores, game_options("jpml"))]
    assert jpml == [pytest.approx(x) for x in (13.4, 5.6, -9.5, -29.5)]


def test_tenhou_ties_go_by_seat_order():
    st4 = final_standings([30000, 30000, 20000, 20000], game_options("tenhou"))
    assert [s.place for s in st4] == [1, 2, 3, 4]
    assert st4[0].score == 40.0 and st4[1].score == 10.0


def test_jpml_ties_share_placement_points():
    opts = game_options("jpml")
    # two players at or above 30000: +8/+4/-4/-8, the tied 3rd and 4th share -6 each
    st4 = final_standings([40000, 32000, 24000, 24000], opts)
    assert [s.place for s in st4] == [1, 2, 3, 3]
    assert [s.score for s in st4] == [18.0, 6.0, -12.0, -12.0]
    assert [s.score for s in final_standings([30000] * 4, opts)] == [0.0] * 4
    # one plus player: +12/-1/-3/-8
    assert final_standings([45000, 29000, 26000, 20000], opts)[0].score == 27.0


# ---------------------------------------------------------------- match flow


def kyuushu_wall(dealer: int) -> list:
    hands = [parse_tiles("147m369p147s3456z")] * 4
    hands = [list(h) for h in hands]
    hands[dealer] = list(parse_tiles("19m19p19s1237z258m"))
    return list(arranged_wall(hands, parse_tiles("5p"), dealer=dealer).tiles)


def test_abortive_draw_keeps_the_dealer_and_adds_a_honba():
    m = Match("tenhou", walls=[kyuushu_wall(0), kyuushu_wall(0)])
    rnd = m.start_round()
    rnd.apply(0, AbortiveDraw("kyuushu"))
    m.finish_round()
    assert (m.dealer, m.honba, m.round_index) == (0, 1, 0)
    assert m.label == "East 1, 1 honba"


JUNK = "147m369p147s3456z"
TENPAI = "123m456p789s1122z"


def quiet_wall(dealer: int, tenpai_seat: int | None = None) -> list:
    """A wall where nobody can call or win and everybody discards what they draw:
    the hand ends in an exhaustive draw with only ``tenpai_seat`` tenpai."""
    hands = [parse_tiles(JUNK) for _ in range(4)]
    if tenpai_seat is not None:
        hands[tenpai_seat] = parse_tiles(TENPAI)
    return list(arranged_wall(hands, dealer=dealer).tiles)


def test_dealer_rotates_after_a_noten_draw_and_round_wind_changes():
    m = Match("tenhou", walls=[quiet_wall(3)])
    m.hand_number = 3
    rnd = m.start_round()
    play_out(rnd)
    m.finish_round()
    assert rnd.result.kind == "exhaustive" and rnd.result.tenpai == ()
    assert (m.dealer, m.round_wind, m.honba) == (0, SOUTH, 1)


def test_tenpai_dealer_repeats():
    m = Match("tenhou", walls=[quiet_wall(0, tenpai_seat=0)])
    rnd = m.start_round()
    play_out(rnd)
    m.finish_round()
    assert rnd.result.tenpai == (0,)
    assert (m.dealer, m.honba, m.scores) == (0, 1, [28000, 24000, 24000, 24000])


def test_busting_ends_the_game():
    m = Match("tenhou", walls=[quiet_wall(0, tenpai_seat=0)])
    m.scores = [26000, 37000, 36500, 500]
    rnd = m.start_round()
    play_out(rnd)
    m.finish_round()
    assert m.scores[3] == -500
    assert m.finished and m.end_reason == "busting"


def test_no_busting_in_jpml():
    m = Match("jpml", walls=[quiet_wall(0, tenpai_seat=0)])
    m.scores = [40000, 40000, 39500, 500]
    rnd = m.start_round()
    play_out(rnd)
    m.finish_round()
    assert m.scores[3] == -500 and not m.finished


def test_extension_round_and_sudden_death():
    m = Match("tenhou", walls=[quiet_wall(3), quiet_wall(0)])
    m.round_index, m.hand_number = 1, 3  # South 4, nobody at 30000
    rnd = m.start_round()
    play_out(rnd)
    m.finish_round()
    assert not m.finished and m.round_wind == WEST and m.in_extension and m.dealer == 0
    m.scores = [31000, 23000, 23000, 23000]
    rnd = m.start_round()
    play_out(rnd)
    m.finish_round()
    assert m.finished and m.end_reason == "target reached"


def test_no_extension_when_someone_reached_the_target():
    m = Match("tenhou", walls=[quiet_wall(3)])
    m.round_index, m.hand_number = 1, 3
    m.scores = [40000, 20000, 20000, 20000]
    rnd = m.start_round()
    play_out(rnd)
    m.finish_round()
    assert m.finished and m.end_reason == "last hand"


@pytest.mark.parametrize(("rules", "ends"), [("tenhou", True), ("jpml", False)])
def test_last_dealer_stops_in_first_place(rules, ends):
    m = Match(rules, walls=[quiet_wall(3, tenpai_seat=3)])
    m.round_index, m.hand_number = 1, 3
    m.scores = [20000, 20000, 20000, 40000] if rules == "tenhou" else [25000, 25000, 25000, 45000]
    rnd = m.start_round()
    play_out(rnd)
    m.finish_round()
    assert rnd.result.renchan
    assert m.finished is ends
    if ends:
        assert m.end_reason == "tenpai-yame"


def test_east_only_game_ends_after_east_four():
    from dataclasses import replace

    m = Match("tenhou", walls=[quiet_wall(3)])
    m.options = replace(m.options, game_length="tonpuusen")
    m.hand_number = 3
    m.scores = [40000, 20000, 20000, 20000]
    rnd = m.start_round()
    play_out(rnd)
    m.finish_round()
    assert m.finished and m.end_reason == "last hand"


def test_leftover_sticks_go_to_the_winner_or_are_lost():
    for rules, expect in (("tenhou", 41000), ("jpml", 40000)):
        m = Match(rules, seed=0)
        m.scores = [40000, 20000, 20000, 19000]
        m.sticks = 1
        m.total_points = 100000
        m._end("test")
        assert m.scores[0] == expect and m.sticks == 0


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(min_value=-200, max_value=1200), min_size=3, max_size=3),
    st.sampled_from(["tenhou", "ema", "jpml"]),
)
def test_final_scores_are_zero_sum_and_places_follow_points(hundreds, rules):
    opts = game_options(rules)
    a, b, c = (h * 100 for h in hundreds)
    scores = [a, b, c, 4 * opts.starting_points - a - b - c]
    standings = final_standings(scores, opts)
    assert abs(sum(s.score for s in standings)) < 1e-6
    for x in standings:
        for y in standings:
            if x.points > y.points:
                assert x.place < y.place and x.score > y.score
    assert sorted({s.place for s in standings})[0] == 1


def test_a_hidden_tenpai_is_recorded_and_replays():
    """The learner's table asks seat 0 at a draw (001:805); the log keeps the choice."""
    from trainer.engine.game.actions import DeclareTenpai
    from trainer.engine.game.records import Recorder, replay

    m = Match("tenhou", walls=[quiet_wall(0, tenpai_seat=0)], tenpai_choice=(0,))
    rec = Recorder(m, ["learner", "a", "b", "c"])
    rnd = m.start_round()
    rec.start_hand(rnd)
    while rnd.phase is not Phase.DRAW:
        seat = rnd.to_act()[0]
        action = Pass() if rnd.phase is Phase.CALLS else Discard(rnd.seats[seat].drawn)
        rnd.apply(seat, action)
        rec.action(seat, action)
    rnd.apply(0, DeclareTenpai(False))
    rec.action(0, DeclareTenpai(False))
    rec.end_hand(rnd)
    m.finish_round()
    log = rec.finish()
    assert rnd.result.tenpai == () and m.dealer == 1, "hidden: noten, the deal passes"
    assert log["tenpai_choice"] == [0]
    *_, (last, seat, action) = replay(log)
    assert (seat, action) == (0, DeclareTenpai(False)) and last.result.tenpai == ()
