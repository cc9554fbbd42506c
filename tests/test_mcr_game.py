"""The MCR full game: flowers, calls, false wins, payments, invariants, bots, simulate."""

from __future__ import annotations

import json

import pytest

from trainer.engine.game.actions import Chi, Discard, IllegalAction, Pass, Pon, Ron, Tsumo
from trainer.engine.hand import MeldKind
from trainer.engine.mcr.bots import McrBot, make_mcr_bot
from trainer.engine.mcr.game import Flower, McrRound, arranged_wall
from trainer.engine.mcr.match import McrMatch, check_mcr_round, play_mcr_round
from trainer.engine.mcr.plans import plans
from trainer.engine.mcr.rules_game import load_mcr_game
from trainer.engine.mcr.table import McrRulesError
from trainer.engine.notation import parse_hand
from trainer.engine.tiles import Tile, parse_tile

RULES = load_mcr_game("mcr")


def tiles(text: str) -> list[Tile]:
    return sorted(parse_hand(text).concealed)


def in_order(text: str) -> list[Tile]:
    """Tiles written one by one (``3z4z5m``), kept in their order."""
    return [parse_tile(text[i:i + 2]) for i in range(0, len(text), 2)]


def _round(hands: list[str], draws: str = "", back: str = "", rules=RULES, flowers: dict | None = None) -> McrRound:
    items = [list(tiles(h)) for h in hands]
    for seat, names in (flowers or {}).items():
        for i, n in enumerate(names):
            items[seat][i] = Flower(n)
    wall = arranged_wall(items, in_order(draws), in_order(back))
    return McrRound(rules, wall, dealer=0)


HANDS = ["123m456p789s1155z", "1112345678999m", "2468m2468p2468s1z", "77m99p1133s2233z4z"]


def test_deal_sets_flowers_aside_and_replaces_them_from_the_back():
    rnd = _round(HANDS, draws="6z", back="4p5p", flowers={1: [0, 5]})
    assert [f.name for f in rnd.flowers[1]] == ["plum", "summer"]
    assert len(rnd.seats[1].concealed) == 13
    assert sorted(t.kind for t in rnd.seats[1].concealed).count(parse_tile("4p").kind) >= 1
    assert len(rnd.seats[0].concealed) == 14  # the dealer drew first
    assert rnd.wall.dora_indicators == ()
    check_mcr_round(rnd, 0)


def test_chow_only_from_the_left_and_pung_from_anyone():
    rnd = _round(HANDS, draws="2z")
    rnd.apply(0, Discard(parse_tile("5z")))  # an honor: nobody may chow it
    assert all(not isinstance(a, Chi) for s in range(4) for a in rnd.legal_actions(s))
    rnd = _round(["123m456p789s1155z", "4568m2468p2468s1z", "2378m2468p2468s2z", "77m99p1133s2233z4z"],
                 draws="6m")
    rnd.apply(0, Discard(parse_tile("6m")))
    chi1 = [a for a in rnd.legal_actions(1) if isinstance(a, Chi)]
    assert chi1, "the next seat may chow"
    assert not any(isinstance(a, Chi) for a in rnd.legal_actions(2)), "seat 2 is not on the discarder's right"
    assert not any(isinstance(a, Pon) for a in rnd.legal_actions(3))


def test_a_win_pays_8_plus_points_from_the_discarder_and_8_from_the_others():
    # seat 1 waits on 9m for Full Flush + Nine Gates shape; seat 0 discards it
    rnd = _round(["123m456p789s1155z", "1112345678999m", "2468m2468p2468s1z", "77m99p1133s2233z4z"],
                 draws="9m")
    rnd.apply(0, Discard(parse_tile("9m")))
    assert Ron() in rnd.legal_actions(1)
    rnd.apply(1, Ron())
    while not rnd.ended:
        s = rnd.to_act()[0]
        rnd.apply(s, Pass())
    res = rnd.result
    assert res is not None and res.kind == "ron" and res.wins[0].seat == 1
    points = res.wins[0].score.total
    assert res.deltas == (-(8 + points), 24 + points, -8, -8)
    assert sum(rnd.scores) == 0
    check_mcr_round(rnd, 0)


def _false_win_round(rules) -> McrRound:
    # seat 1 holds a chicken-like hand waiting on 5p; seat 0 discards 5p
    return _round(["123m456p789s1155z", "234m678m345s88s34p", "2468m2468p2468s1z", "77m99p1133s2233z4z"],
                  draws="5p", rules=rules)


def test_false_win_costs_10_to_each_other_player_and_the_hand_plays_on():
    rnd = _false_win_round(RULES)
    rnd.apply(0, Discard(parse_tile("5p")))
    assert Ron() in rnd.legal_actions(1)
    rnd.apply(1, Ron())  # nobody else could claim the 5p: the claim is settled at once
    assert not rnd.ended
    assert rnd.scores == [10, -30, 10, 10]
    assert rnd.dead[1] and rnd.false_wins and rnd.false_wins[0].score.total < 8
    assert rnd.current == 1 and len(rnd.seats[1].concealed) == 14  # seat 1 drew next, as after a pass
    assert Tsumo() not in rnd.legal_actions(1)
    check_mcr_round(rnd, 0)


def test_false_win_without_penalty_preset():
    rnd = _false_win_round(load_mcr_game("mcr_lenient"))
    rnd.apply(0, Discard(parse_tile("5p")))
    rnd.apply(1, Ron())
    assert rnd.scores == [0, 0, 0, 0] and rnd.dead[1]


def test_illegal_action_leaves_the_round_unchanged():
    rnd = _round(HANDS)
    before = [list(s.concealed) for s in rnd.seats]
    with pytest.raises(IllegalAction):
        rnd.apply(1, Discard(parse_tile("1m")))
    assert [list(s.concealed) for s in rnd.seats] == before


def test_concealed_kong_draws_a_replacement_from_the_back():
    rnd = _round(["1111m456p789s155z", "4568m2468p2468s1z", "2378m2468p2468s2z", "77m99p1133s2233z4z"],
                 draws="2z", back="3z")
    kans = [a for a in rnd.legal_actions(0) if getattr(a, "kind", None) is MeldKind.KAN_CLOSED]
    assert kans
    rnd.apply(0, kans[0])
    assert rnd.seats[0].drawn == parse_tile("3z")
    assert rnd.seats[0].melds[0].kind is MeldKind.KAN_CLOSED
    check_mcr_round(rnd, 0)


def test_plans_name_the_nearest_hand_of_eight():
    hand = parse_hand("123m456p78s11z555z")
    best = plans(hand.counts(), hand.melds, 27, 27)[0]
    assert best.fans == ("mixed_straight",) and best.distance == 0
    hand = parse_hand("1177m2299p3388s1z")
    assert plans(hand.counts(), (), 27, 27)[0].fans == ("seven_pairs",)


def test_bots_play_hands_without_false_wins_and_every_win_reaches_eight():
    match = McrMatch(RULES, seed=4)
    bots = [McrBot(RULES) for _ in range(4)]
    for _ in range(3):
        rnd = match.start_round()
        assert play_mcr_round(rnd, bots, check=True, total_points=0) == 0
        assert not rnd.false_wins
        for w in rnd.result.wins:
            assert w.score.meets_minimum and w.score.total - w.score.flowers >= 8
        match.finish_round()
    assert sum(match.scores) == 0 and match.hands_played == 3


def test_unknown_bot_and_preset_are_refused():
    with pytest.raises(ValueError, match="unknown MCR bot"):
        make_mcr_bot("strong", RULES)
    with pytest.raises(McrRulesError, match="unknown MCR game rules"):
        load_mcr_game("nope")


def test_simulate_mcr_json(capsys, monkeypatch):
    from dataclasses import replace

    from trainer.__main__ import main
    from trainer.engine.mcr import rules_game

    short = replace(RULES, hands=3)  # a short game keeps the test fast; the format is the same
    monkeypatch.setattr(rules_game, "load_mcr_game", lambda name: short)
    assert main(["simulate", "--rules", "mcr", "--games", "1", "--seed", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["rules"] == "mcr" and out["games"] == 1 and out["hands"] == 3
    assert len(out["places"]) == 4 and len(out["win_rate"]) == 4 and len(out["decision_ms_p95"]) == 4
    assert sum(out["final_scores"][0]) == 0
    assert out["false_wins"] == 0
    assert out["bots"] == ["mcr"] * 4


def test_a_promoted_kong_can_be_robbed():
    rnd = _round(["55m123p456p789p1z2z", "34m111s222s333s99s", "111m999m111p678s9s", "5m222m888m222p444s"],
                 draws="3z4z6z7z3z4z6z5m", flowers=None)

    def discard(seat: int, name: str) -> None:
        rnd.apply(seat, Discard(parse_tile(name)))

    discard(0, "3z")
    discard(1, "4z")
    discard(2, "6z")
    discard(3, "5m")
    assert Ron() in rnd.legal_actions(1) and any(isinstance(a, Pon) for a in rnd.legal_actions(0))
    rnd.apply(1, Pass())
    rnd.apply(0, next(a for a in rnd.legal_actions(0) if isinstance(a, Pon)))
    assert Tsumo() not in rnd.legal_actions(0) and not any(a.__class__.__name__ == "Kan" for a in rnd.legal_actions(0))
    discard(0, "2z")
    discard(1, "3z")
    discard(2, "4z")
    discard(3, "6z")
    added = [a for a in rnd.legal_actions(0) if getattr(a, "kind", None) is MeldKind.KAN_ADDED]
    assert added and rnd.seats[0].drawn == parse_tile("5m")
    rnd.apply(0, added[0])
    assert rnd.to_act() == [1] and Ron() in rnd.legal_actions(1)
    rnd.apply(1, Ron())
    res = rnd.result
    assert res.kind == "ron" and res.wins[0].from_seat == 0
    assert "robbing_the_kong" in res.wins[0].score.fans
    assert rnd.seats[0].melds[0].kind is MeldKind.PON  # the kong was never completed
    check_mcr_round(rnd, 0)


def test_coach_warns_before_a_false_win_and_names_the_plan():
    from trainer.engine.game.view import make_view
    from trainer.engine.mcr.coach import mcr_advice
    from trainer.ui.views.table.mcr import mcr_coach_text

    rnd = _false_win_round(RULES)
    rnd.apply(0, Discard(parse_tile("5p")))
    advice = mcr_advice(make_view(rnd, 1), rnd.legal_actions(1), RULES)
    assert advice.hu is not None and advice.hu < 8
    text = mcr_coach_text("full", advice, RULES.fans.false_win_penalty)
    first = text.splitlines()[0]
    assert str(advice.hu) in first and "8" in first and "10" in first  # its points, the minimum, the penalty
    assert "{term:mcr_" in text  # the plan is a glossary link
    # on its own turn the dealer is told which plan and which discards
    rnd = _round(HANDS, draws="2z")
    advice = mcr_advice(make_view(rnd, 0), rnd.legal_actions(0), RULES)
    assert advice.plans and advice.plans[0].value >= 8 and advice.discards
    assert all(any(t.kind == k for t in rnd.seats[0].concealed) for k in advice.discards)


@pytest.mark.parametrize(("args", "message"), [
    (["--bots", "mcr,mcr"], "--bots needs exactly four names for the mcr rules"),
    (["--bots", "mcr,mcr,mcr,strong"], "unknown MCR bot 'strong'"),
    (["--games", "0"], "--games must be at least 1"),
])
def test_simulate_mcr_bad_input_is_one_line(capsys, args, message):
    from trainer.__main__ import main

    assert main(["simulate", "--rules", "mcr", *args]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("simulate: ") and message in err and "\n" not in err
