"""Rare endings through tenhou.net/6 and back: hands set up on arranged walls and played by a
scripted player (nagashi mangan, four kans, triple ron, an open kan in a full hand)."""

from __future__ import annotations

import json
import random

from trainer.engine.game.actions import DeclareTenpai, Discard, Kan, Pass, Ron
from trainer.engine.game.match import Match
from trainer.engine.game.play import play_round
from trainer.engine.game.records import Recorder
from trainer.engine.game.tenhou6_read import from_tenhou6, structure_problems
from trainer.engine.game.tenhou6_write import to_tenhou6
from trainer.engine.game.wall import arranged_wall, standard_tiles
from trainer.engine.notation import parse_tiles
from trainer.engine.rules import load_rules


class Scripted:
    """Takes the first legal action of the preferred types, otherwise throws the drawn tile
    (or passes): a player whose choices a test can foresee."""

    name = "scripted"

    def __init__(self, prefer: tuple[type, ...] = ()) -> None:
        self.prefer = prefer

    def choose(self, view, legal):
        for kind in self.prefer:
            for action in legal:
                if isinstance(action, kind):
                    return action
        if DeclareTenpai(show=False) in legal:
            return DeclareTenpai(show=False)
        if view.drawn is not None and Discard(view.drawn) in legal:
            return Discard(view.drawn)
        if Pass() in legal:
            return Pass()
        return next(a for a in legal if isinstance(a, Discard))


def _one_hand(hands, draws=(), prefer=(), dora="7z", tenpai_choice=()):
    rules = load_rules("tenhou")
    wall = arranged_wall([parse_tiles(h) if isinstance(h, str) else h for h in hands], draws,
                         dora_indicators=parse_tiles(dora) if dora else (), tile_set=standard_tiles(1), rng=random.Random(1))
    match = Match(rules, None, walls=[wall.tiles], tenpai_choice=tenpai_choice)
    recorder = Recorder(match, ["A", "B", "C", "D"])
    rnd = match.start_round()
    recorder.start_hand(rnd)
    play_round(rnd, [Scripted(prefer)] * 4, recorder=recorder)
    recorder.end_hand(rnd)
    match.finish_round()
    return recorder.finish(), rnd.result


def _round_trip(log, same=("kind", "deltas", "tenpai", "nagashi", "abort_reason", "wins")):
    data = json.loads(json.dumps(to_tenhou6(log), ensure_ascii=False))
    assert structure_problems(data) == []
    assert from_tenhou6(data).log == log
    plain = {k: v for k, v in data.items() if k != "riichi_trainer"}
    mine, theirs = from_tenhou6(plain).log["hands"][0]["result"], log["hands"][0]["result"]
    assert [mine[k] for k in same] == [theirs[k] for k in same]
    return data["log"][0]


def _nagashi_setup():
    tiles = list(standard_tiles(1))
    yao = [t for t in tiles if t.kind >= 27 or t.kind % 9 in (0, 8)]
    simple = [t for t in tiles if t not in yao]
    seat1, others = yao[:18], simple[:52]
    draws = [seat1.pop(0) if i % 4 == 1 else others.pop(0) for i in range(70)]
    rest = yao[18:] + simple[52:]
    hands = [rest[13 * s : 13 * s + 13] for s in range(4)]
    return hands, draws


def test_nagashi_mangan():
    hands, draws = _nagashi_setup()
    log, result = _one_hand(hands, draws, dora="")
    assert result.kind == "exhaustive" and result.nagashi == (1,)
    hand = _round_trip(log)
    assert hand[16][0] == "流し満貫"


def test_four_kans_by_different_players_abort():
    hands = ["1111m258p258s123z", "2222m369p369s567z", "3333m147p147s456z", "4444m258p258s147z"]
    log, result = _one_hand(hands, prefer=(Kan,), dora="9m")
    assert result.kind == "abortive" and result.abort_reason == "suukaikan"
    hand = _round_trip(log)
    assert hand[16] == ["四槓散了"]
    assert [x for seat in range(4) for x in hand[6 + 3 * seat] if isinstance(x, str)] == [
        "111111a11", "121212a12", "131313a13", "141414a14"]


def test_triple_ron_aborts():
    hands = ["111222333z4445z", "234567m234678s5p", "345678m345456s5p", "234678p345678s5p"]
    log, result = _one_hand(hands, parse_tiles("0p"), prefer=(Ron,))
    assert result.kind == "abortive" and result.abort_reason == "sanchahou"
    assert _round_trip(log)[16] == ["三家和了"]


def test_open_kan_in_a_full_hand():
    hands = ["1234m5678p123s11z", "5678m1234p567s22z", "999s123m1234p333z", "567m5678p5678s44z"]
    log, _ = _one_hand(hands, parse_tiles("9s"), prefer=(Kan,))
    hand = _round_trip(log)
    assert hand[11][0] == "39m393939" and hand[12][0] == 0  # from across; 0 where the discard would be


def test_a_hidden_tenpai_hand_at_the_draw():
    hands, draws = _nagashi_setup()
    log, result = _one_hand(hands, draws, dora="", tenpai_choice=(0, 1, 2, 3))
    hidden = [a for _, a in log["hands"][0]["actions"] if a["type"] == "tenpai"]
    assert hidden and not any(a["show"] for a in hidden)
    # the nagashi payment replaces the tenpai payments, so without our key a hidden hand reads as shown
    _round_trip(log, same=("kind", "deltas", "nagashi"))
