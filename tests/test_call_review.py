"""The review of call decisions: every pon-or-chi offer to the reviewed seat (passed or called),
judged by the table coach's call advice — on positions built by hand and on played matches."""

from __future__ import annotations

import json

import pytest

from trainer.__main__ import main
from trainer.engine.bots import make_bot
from trainer.engine.game import call_review
from trainer.engine.game.actions import Chi, Discard, Pass, Pon, Riichi, Ron, action_from_json
from trainer.engine.game.call_review import CallPoint, call_points, review_call
from trainer.engine.game.coach import call_advice
from trainer.engine.game.play import play_match
from trainer.engine.game.records import replay, save
from trainer.engine.game.review import review_game
from trainer.engine.game.scenario import setup_round
from trainer.engine.game.view import make_view
from trainer.engine.rules import load_rules
from trainer.engine.tiles import parse_tile

RULES = load_rules("tenhou")
OTHERS = ("258m258p258s1237z", "369m147p369s1237z")  # seats 2 and 3: no pair of anything offered


class _NoCalls:
    """The efficient bot's tiles, but every pon and chi passed (a win is still taken)."""

    name = "no calls"

    def __init__(self) -> None:
        self.bot = make_bot("efficient", RULES)

    def choose(self, view, legal):  # noqa: ANN001, ANN201
        if any(isinstance(a, Pass) for a in legal) and not any(isinstance(a, Ron) for a in legal):
            return Pass()
        return self.bot.choose(view, legal)


@pytest.fixture(scope="module")
def game_log() -> dict:
    """A hanchan: an efficient caller, a careful bot, the strong bot (the coach's own choices) and
    a learner who never calls."""
    players = [make_bot("efficient", RULES), make_bot("careful", RULES), make_bot("strong", RULES), _NoCalls()]
    return play_match(players, RULES, seed=20_000).log


def _offer(hand0: str, hand1: str, thrown: str) -> tuple:
    """Seat 0 (the dealer) discards its draw 1z, seat 1 draws 9m and throws ``thrown``: seat 0's
    view with the tile on the table and its legal answers."""
    rnd = setup_round([hand0, hand1, *OTHERS], draws="1z9m", dora="9s")
    rnd.apply(0, Discard(parse_tile("1z")))
    rnd.apply(1, Discard(parse_tile(thrown)))
    return make_view(rnd, 0), rnd.legal_actions(0), rnd.rules


def _point(view, legal, rules, answer) -> CallPoint:  # noqa: ANN001
    offers = tuple(a for a in legal if isinstance(a, Pon | Chi))
    return CallPoint(view, offers, answer, {"hand": 0, "action": 3}, rules)


def test_passing_a_yakuhai_pon_that_makes_tenpai_is_against_the_coach():
    # 123m 456p 789s and a green-dragon pair: the pon leaves 4m 9p, throw 9p and wait on 4m with yakuhai
    view, legal, rules = _offer("123m456p789s4m9p66z", "147m369p147s3456z", "6z")
    pon = next(a for a in legal if isinstance(a, Pon))
    passed = review_call(_point(view, legal, rules, Pass()))
    assert passed.against_advice and passed.chosen == "pass" and passed.advice == "pon"
    assert passed.reason == "speed_yakuhai" and (passed.shanten, passed.shanten_after) == (1, 0)
    assert passed.tile == "6z" and passed.from_seat == 1 and passed.offered == (("pon", ("6z", "6z")),)
    assert passed.judged == "pon" and passed.value_after > 0
    called = review_call(_point(view, legal, rules, pon))
    assert not called.against_advice and called.chosen == called.advice == "pon"
    assert called.chosen_tiles == ("6z", "6z") and called.reason == "speed_yakuhai"


def test_a_pon_that_leaves_no_yaku_is_against_the_coach_and_passing_it_agrees():
    # the same shape with a pair of 2s: terminals in the hand and no yakuhai, so the open hand has no yaku
    view, legal, rules = _offer("123m456p789s4m9p22s", "147m369p2s47s3456z", "2s")
    pon = next(a for a in legal if isinstance(a, Pon))
    called = review_call(_point(view, legal, rules, pon))
    assert called.against_advice and called.advice == "pass" and called.reason == "no_yaku"
    assert called.value_after == 0 and called.shanten_after == 0
    passed = review_call(_point(view, legal, rules, Pass()))
    assert not passed.against_advice and passed.reason == "no_yaku" and passed.judged == "pon"


def test_the_verdict_is_the_coachs_and_the_strong_bots_own():
    view, legal, rules = _offer("123m456p789s4m9p66z", "147m369p147s3456z", "6z")
    advice = call_advice(view, legal, rules)
    assert advice is not None and isinstance(advice.call, Pon)
    assert make_bot("strong", RULES).choose(view, legal) == advice.call
    assert call_advice(view, [Pass()], rules) is None  # nothing to call: not a call question


def _windows(log: dict, seat: int) -> list[tuple[int, int, int]]:
    """Every discard that offered ``seat`` a pon or chi (no ron), counted from the round's legal
    actions on its own: (hand, thrower, place in the thrower's river)."""
    out: set[tuple[int, int, int]] = set()
    hand = -1
    for rnd, who, _ in replay(log):
        if who is None:
            hand += 1
        legal = rnd.legal_actions(seat) if rnd.phase.value == "calls" else []
        if any(isinstance(a, Pon | Chi) for a in legal) and not any(isinstance(a, Ron) for a in legal):
            out.add((hand, rnd.last_from, len(rnd.seats[rnd.last_from].river)))
    return sorted(out)


def test_every_offer_is_one_decision_and_points_at_the_seats_answer(game_log):
    both = 0
    for seat in range(4):
        review = review_game(game_log, seat)
        assert len(review.calls) == len(_windows(game_log, seat)) > 0
        keys = [(c.hand, c.action) for c in review.calls]
        assert len(set(keys)) == len(keys)
        for c in review.calls:
            who, data = game_log["hands"][c.hand]["actions"][c.action]
            answer = action_from_json(data)
            assert who == seat and call_review.call_name(answer) == c.chosen
            assert c.chosen == "pass" or (c.chosen, c.chosen_tiles) in c.offered
            assert c.advice == "pass" or (c.advice, c.advice_tiles) in c.offered
            # the tile offered is the last discard before the answer, thrown by another seat
            before = [(w, action_from_json(a)) for w, a in game_log["hands"][c.hand]["actions"][:c.action]]
            thrower, thrown = next((w, a) for w, a in reversed(before) if isinstance(a, Discard | Riichi))
            assert thrower == c.from_seat != seat and str(thrown.tile) == c.tile
            both += {k for k, _ in c.offered} == {"pon", "chi"}
        s = review.summary()
        assert s["call_decisions"] == len(review.calls)
        assert s["calls_against_advice"] == sum(c.against_advice for c in review.calls)
    assert both  # a tile that allowed a pon and a chi was one decision, not two


def test_the_strong_bot_never_answers_against_the_coach_and_a_passer_only_passes(game_log):
    strong = review_game(game_log, 2)
    assert strong.calls and strong.summary()["calls_against_advice"] == 0
    assert any(c.called for c in strong.calls)
    passer = review_game(game_log, 3)
    assert passer.calls and all(c.chosen == "pass" for c in passer.calls)
    assert all(c.against_advice == (c.advice != "pass") for c in passer.calls)


def test_passes_missing_from_the_log_are_found_by_replaying(game_log, monkeypatch):
    """A reader that never shows the seat's passes (as logs that do not record them): the offers
    come from the round's legal actions, and an offer left unanswered is a pass."""
    seat = 3
    full = review_game(game_log, seat).calls

    def without_passes(log, **kw):  # noqa: ANN001, ANN202
        for rnd, who, action in replay(log, **kw):
            if who == seat and isinstance(action, Pass):
                continue
            yield rnd, who, action

    monkeypatch.setattr(call_review, "replay", without_passes)
    points = list(call_points(game_log, seat))
    assert [(p.where["hand"], str(p.view.last_tile), p.offers) for p in points] == [
        (c.hand, c.tile, tuple(Pon(tuple(map(parse_tile, t))) if k == "pon" else Chi(tuple(map(parse_tile, t)))
                               for k, t in c.offered)) for c in full]
    assert all(isinstance(p.answer, Pass) for p in points)


def test_cli_adds_the_calls_and_keeps_every_other_key(game_log, tmp_path, capsys):
    path = tmp_path / "game.json"
    save(game_log, path)
    assert main(["review", str(path), "--seat", "0", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"seat", "decisions", "summary", "calls"}
    assert {"call_decisions", "calls_against_advice", "riichi_choices", "accuracy"} <= set(data["summary"])
    first = data["calls"][0]
    assert set(first) == {"hand", "action", "round", "hand_number", "honba", "tile", "from_seat", "offered",
                          "chosen", "chosen_tiles", "advice", "advice_tiles", "against_advice", "judged",
                          "judged_tiles", "reason", "shanten", "shanten_after", "value_after", "reasons"}
    assert first["offered"][0]["call"] in ("pon", "chi") and len(first["offered"][0]["tiles"]) == 2
    assert first["reasons"][0]["code"] == "shanten"
    assert data["summary"]["call_decisions"] == len(data["calls"])
    assert main(["review", str(path)]) == 0
    text = capsys.readouterr().out
    assert f"{len(data['calls'])} pon or chi offers" in text
    assert f"calls: {data['summary']['calls_against_advice']} of {len(data['calls'])} against the coach" in text
