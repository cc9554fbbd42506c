"""Three-player riichi (sanma) at the table: three seats, the 108-tile wall, kita (North set
aside) with its replacement draw, ron on a kita, ippatsu, bots, and a soak of bot games."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from trainer.__main__ import main
from trainer.engine.bots import make_bot
from trainer.engine.game.actions import Chi, Discard, Kita, Pass, Ron, Tsumo
from trainer.engine.game.invariants import check_round
from trainer.engine.game.match import Match, final_standings
from trainer.engine.game.options import game_options
from trainer.engine.game.play import play_match
from trainer.engine.game.records import replay
from trainer.engine.game.round import Round
from trainer.engine.game.wall import arranged_wall
from trainer.engine.notation import parse_tiles
from trainer.engine.rules import load_rules
from trainer.engine.tiles import EAST, NORTH, SOUTH, WEST

SANMA = load_rules("sanma")
BOTS = ("efficient", "careful", "efficient")


def _round(hands: list[str], draws: str = "", rules=SANMA, **kw) -> Round:
    tiles = Match(rules, 0).tile_set
    wall = arranged_wall([parse_tiles(h) for h in hands], parse_tiles(draws), tile_set=tiles,
                         rng=random.Random(1), max_replacements=8)  # fmt: skip
    return Round(rules, wall, **kw)


def test_the_match_deals_108_tiles_to_three_seats():
    m = Match(SANMA, 5)
    assert len(m.tile_set) == 108
    assert not any(1 <= t.kind <= 7 for t in m.tile_set)  # no 2m-8m
    assert sum(t.red for t in m.tile_set) == 2  # red 5p and 5s
    rnd = m.start_round()
    assert len(rnd.seats) == 3 and m.scores == [35000] * 3 and m.total_points == 105000
    assert [rnd.seat_wind(s) for s in range(3)] == [EAST, SOUTH, WEST]
    assert [len(s.concealed) for s in rnd.seats] == [14, 13, 13]
    assert rnd.wall.live_remaining == 108 - 14 - 40
    check_round(rnd, m.total_points)


SEAT1 = "3p3p 7p8p 7z7z7z 6z6z 5z5z 9m9m"
SEAT2 = "1m1m 1s 9s 1z 2z 3z 4z 5z 6z 7z 9m 2p"


@pytest.mark.parametrize("chi", [False, True])
def test_no_chi_in_sanma_and_only_three_player_abortive_draws(chi):
    rules = SANMA if not chi else replace(SANMA, name="sanma-chi", chi=True)
    assert game_options(SANMA).abortive_draws == ("kyuushu", "suukaikan")
    rnd = _round(["1p2p9p 111s 999s 1z2z3z5z", SEAT1, SEAT2], rules=rules)
    rnd.apply(0, Discard(parse_tiles("9p")[0]))
    # seat 1 sits after the dealer and holds 7p8p: a chi on 9p only where the rules have chi
    assert any(isinstance(a, Chi) for a in rnd.legal_actions(1)) is chi


def test_kita_sets_a_north_aside_and_draws_a_replacement():
    rnd = _round(["4z 4z 1p2p3p 111s 999s 5z6z", SEAT1, SEAT2])
    assert Kita() in rnd.legal_actions(0)
    live = rnd.wall.live_remaining
    rnd.apply(0, Kita())
    # nobody waits on North: no call window, the dealer draws a replacement at once
    s = rnd.seats[0]
    assert len(s.kita) == 1 and s.kita[0].kind == NORTH
    assert len(s.concealed) == 14 and rnd.kita_draw and rnd.current == 0
    assert rnd.wall.live_remaining == live - 1 and rnd.wall.rinshan_drawn == 1
    check_round(rnd, 105000)


def _kita_ron_round(rules):
    # the dealer sets a North aside; South waits on North alone (ittsu + chun, a closed hand)
    return _round(["4z 1p1p 9p9p 1s1s1s 9s9s9s 5z6z", "1p2p3p4p5p6p7p8p9p 7z7z7z 4z",
                   "1m1m 9m 9s 1z 2z 3z 4z 5z 6z 7z 9m 0p"], rules=rules)  # fmt: skip


@pytest.mark.parametrize(("kita_ron", "chankan"), [("ron", False), ("chankan", True)])
def test_a_north_set_aside_can_be_ronned(kita_ron, chankan):
    rules = replace(SANMA, name=f"sanma-{kita_ron}", kita_ron=kita_ron)
    rnd = _kita_ron_round(rules)
    rnd.apply(0, Kita())
    assert rnd.legal_actions(1) == [Pass(), Ron()]
    rnd.apply(1, Ron())
    res = rnd.result
    assert res is not None and res.kind == "ron"
    win = res.wins[0]
    assert (win.seat, win.from_seat) == (1, 0)
    assert ("chankan" in win.yaku) is chankan
    assert sum(res.deltas) == 0 and len(res.deltas) == 3
    check_round(rnd, 105000)


def test_no_ron_on_a_kita_where_the_preset_says_none():
    rules = replace(SANMA, name="sanma-none", kita_ron="none")
    rnd = _kita_ron_round(rules)
    rnd.apply(0, Kita())
    assert rnd.current == 0 and len(rnd.seats[0].concealed) == 14
    assert rnd.legal_actions(1) == []


@pytest.mark.parametrize(("breaks", "kept"), [(False, True), (True, False)])
def test_kita_and_ippatsu(breaks, kept):
    rules = replace(SANMA, name=f"sanma-ippatsu-{breaks}", kita_breaks_ippatsu=breaks)
    rnd = _round(["4z 4z 1p2p3p 111s 999s 5z6z", SEAT1, SEAT2], rules=rules)
    rnd.seats[1].ippatsu = True  # South declared riichi on the turn before
    rnd.apply(0, Kita())
    assert rnd.seats[1].ippatsu is kept


@pytest.mark.parametrize("breaks", [False, True])
def test_nukidora_counts_in_a_tsumo_at_the_table(breaks):
    # the dealer draws a North, sets it aside and draws 9s: 123p 999p 111s 789s 55z.  Where kita
    # is not a call this is still the first draw: tenhou.  Where it interrupts: tsumo and chanta, and
    # the indicator West makes North the dora, so the North set aside is worth 2 han
    rules = replace(SANMA, name=f"sanma-breaks-{breaks}", kita_breaks_ippatsu=breaks)
    wall = arranged_wall(
        [parse_tiles(h) for h in ("1p2p3p 9p9p9p 1s1s1s 5z5z 7s8s", "3p3p 6p7p 7z7z7z 6z6z 9m9m 2z2z",
                                  "1m1m 9m 9s 1z 2z 3z 4z 1z 6z 7z 9m 0p")],
        parse_tiles("4z"), dora_indicators=parse_tiles("3z"), rinshan=parse_tiles("9s"),
        tile_set=Match(SANMA, 0).tile_set, rng=random.Random(2), max_replacements=8,
    )  # fmt: skip
    rnd = Round(rules, wall)
    rnd.apply(0, Kita())
    assert rnd.seats[0].drawn == parse_tiles("9s")[0]
    rnd.apply(0, Tsumo())
    win = rnd.result.wins[0]
    if not breaks:
        assert win.yaku == ("tenhou",) and rnd.result.deltas == (32000, -16000, -16000)
    else:
        # tsumo 1 + chanta 2 + nukidora 1 + North as dora 1: a dealer's mangan, 4,000 from each
        assert win.han == 5 and win.yaku == ("menzen_tsumo", "chanta")
        assert rnd.result.deltas == (8000, -4000, -4000)


def test_final_standings_for_three_players():
    opts = game_options(SANMA)
    st = final_standings([50000, 35000, 20000], opts)
    assert [s.place for s in st] == [1, 2, 3]
    assert round(sum(s.score for s in st), 1) == 0.0
    assert st[0].score == pytest.approx(10 + 15 + 15)  # +10,000 over the target, oka 15, uma 15


@pytest.mark.parametrize("first", [0, 10])
def test_soak_of_three_player_bot_games_keeps_every_invariant(first):
    """20 hanchans in two halves (the 500-game soak is benchmarks/bench_sanma.py)."""
    players = [make_bot(n, SANMA) for n in BOTS]
    kita = 0
    for seed in range(first, first + 10):
        out = play_match(players, SANMA, seed=seed, check=True)  # invariants after every action
        assert len(out.match.scores) == 3
        assert sum(out.match.scores) == out.match.total_points == 105000
        assert out.refused == 0
        kita += sum(1 for h in out.log["hands"] for _s, a in h["actions"] if a["type"] == "kita")
    assert kita > 0
    # a saved game replays to the same table
    states = list(replay(out.log))
    assert states[-1][0].scores == out.log["hands"][-1]["scores_after"]


def test_simulate_sanma_json_has_three_entries_per_game(capsys):
    code = main(["simulate", "--rules", "sanma", "--games", "2", "--seed", "7", "--json"])
    assert code == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["rules"] == "sanma" and len(summary["bots"]) == 3
    assert all(len(s) == 3 and sum(s) == 105000 for s in summary["final_scores"])
    assert len(summary["places"]) == 3 and all(len(p) == 3 for p in summary["places"])
    assert len(summary["win_rate"]) == len(summary["deal_in_rate"]) == len(summary["average_points"]) == 3


def test_simulate_sanma_refuses_four_bots(capsys):
    assert main(["simulate", "--rules", "sanma", "--games", "1", "--bots", "efficient,efficient,careful,careful"]) == 2
    assert "exactly three" in capsys.readouterr().err
