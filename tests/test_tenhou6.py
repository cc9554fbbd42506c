"""tenhou.net/6 JSON logs: tile codes, call strings, hand-written logs read and checked by the
engine, bad input, and our log -> tenhou.net/6 -> our log for simulated games."""

from __future__ import annotations

import copy
import json

import pytest

from trainer.engine.bots import make_bot
from trainer.engine.game.play import play_match
from trainer.engine.game.records import replay
from trainer.engine.game.tenhou6_codes import Tenhou6Error, code_tile, parse_call, tile_code, write_call
from trainer.engine.game.tenhou6_read import draw_order, from_tenhou6, parse_kyoku, structure_problems
from trainer.engine.game.tenhou6_write import EXTENSION, to_tenhou6
from trainer.engine.rules import load_rules
from trainer.engine.tiles import NUM_KINDS, Tile, parse_tile

BOTS = ("efficient", "careful", "efficient", "careful")


def test_every_tile_code_round_trips():
    tiles = [Tile(k) for k in range(NUM_KINDS)] + [Tile(k, red=True) for k in (4, 13, 22)]
    codes = [tile_code(t) for t in tiles]
    assert codes[:9] == list(range(11, 20)) and codes[27:34] == list(range(41, 48)) and codes[34:] == [51, 52, 53]
    assert [code_tile(c) for c in codes] == tiles
    for bad in (10, 20, 48, 54, 60, 0, "11", True):
        with pytest.raises(Tenhou6Error):
            code_tile(bad)


@pytest.mark.parametrize(
    ("text", "letter", "called", "source"),
    [
        ("c275226", "c", "7p", 1),
        ("p222222", "p", "2p", 1),
        ("22p2222", "p", "2p", 2),
        ("2222p22", "p", "2p", 3),
        ("m39393939", "m", "9s", 1),
        ("39m393939", "m", "9s", 2),
        ("393939m39", "m", "9s", 3),
        ("k15151551", "k", "5m", 1),
        ("1515k5115", "k", "0m", 3),
        ("424242a42", "a", "2z", None),
    ],
)
def test_call_strings_say_who_gave_the_tile(text, letter, called, source):
    call = parse_call(text)
    assert (call.letter, str(call.called), call.source) == (letter, called, source)
    assert write_call(call.letter, call.called, list(call.others), call.source) == text


@pytest.mark.parametrize("text", ["p2222", "x222222", "c222225", "22c2324", "c414243", "2p22222", "p2x2222", "cp2122"])
def test_bad_call_strings_are_refused(text):
    with pytest.raises(Tenhou6Error):
        parse_call(text)


# A hand written by hand from docs/game-log.md: the dealer (seat 0) draws 9p and throws 1m;
# seat 2 (across) calls an open kan on it ("11m111111": the letter second = from across),
# writes 0 in its discards, draws the replacement 7z and wins: rinshan kaihou + chun,
# 50 fu 2 han, 800/1600 (fu: 20 + tsumo 2 + open kan of terminals 16 + closed 7z triplet 8).
RINSHAN_HAND = [
    [0, 0, 0], [25000, 25000, 25000, 25000], [34], [],
    [11, 22, 23, 24, 26, 28, 32, 33, 35, 36, 38, 43, 44], [29], [11],
    [12, 12, 13, 14, 16, 18, 25, 25, 27, 31, 34, 37, 41], [], [],
    [11, 11, 11, 22, 23, 24, 25, 26, 27, 39, 39, 47, 47], ["11m111111", 47], [0],
    [14, 15, 16, 19, 21, 21, 29, 31, 34, 45, 45, 46, 46], [], [],
    ["和了", [-1600, -800, 3200, -800], [2, 2, 2, "50符2飜800-1600点", "嶺上開花(1飜)", "役牌 中(1飜)"]],
]
# The dealer is dealt nine kinds of terminals and honours, draws 4z and declares 九種九牌.
KYUUSHU_HAND = [
    [0, 0, 0], [25000, 25000, 25000, 25000], [35], [],
    [11, 19, 21, 29, 31, 39, 41, 42, 43, 12, 13, 22, 23], [44], [],
    [12, 13, 14, 15, 16, 17, 18, 24, 25, 26, 27, 28, 33], [], [],
    [14, 15, 16, 17, 18, 24, 25, 26, 27, 28, 32, 33, 34], [], [],
    [36, 36, 37, 37, 38, 38, 45, 45, 46, 46, 47, 47, 34], [], [],
    ["九種九牌"],
]


def _log(*hands, rule=None):
    return {"title": ["hand-written", ""], "name": ["A", "B", "C", "D"], "rule": rule or {"disp": "般南喰赤", "aka": 1},
            "log": [copy.deepcopy(h) for h in hands]}


def test_hand_written_open_kan_and_rinshan_win_replays_and_scores_the_same():
    k = parse_kyoku(RINSHAN_HAND, 0)
    live, rinshan = draw_order(k)
    assert live == [parse_tile("9p")] and rinshan == [parse_tile("7z")]
    imported = from_tenhou6(_log(RINSHAN_HAND))
    hand = imported.log["hands"][0]
    assert hand["result"]["kind"] == "tsumo"
    win = hand["result"]["wins"][0]
    assert (win["seat"], win["han"], win["fu"]) == (2, 2, 50)
    assert sorted(win["yaku"]) == ["rinshan_kaihou", "yakuhai_chun"]
    assert hand["scores_after"] == [23400, 24200, 28200, 24200]
    assert [n for n in imported.notes if "hand E1" in n] == []
    # the imported log is an ordinary game log: it replays, and its export is the same hand
    assert sum(1 for _ in replay(imported.log)) > 1
    out = to_tenhou6(imported.log)
    assert out["log"][0][4:16] == RINSHAN_HAND[4:16]
    assert out["log"][0][16] == RINSHAN_HAND[16]


def test_a_different_score_in_the_log_is_reported_per_hand():
    wrong = copy.deepcopy(RINSHAN_HAND)
    wrong[16] = ["和了", [-1300, -700, 2700, -700], [2, 2, 2, "40符2飜700-1300点", "嶺上開花(1飜)", "役牌 中(1飜)"]]
    notes = from_tenhou6(_log(wrong)).notes
    assert notes[0] == ("hand E1: the log says seat 2 gets 2700, our engine gives 3200 because the log counts "
                        "40 fu 2 han, ours 50 fu 2 han")


def test_kyuushu_and_rules_from_the_log():
    imported = from_tenhou6(_log(KYUUSHU_HAND, rule={"disp": "般東喰", "aka": 0}))
    assert imported.log["rule_options"] == {"red_fives": 0, "game_length": "tonpuusen"}
    result = imported.log["hands"][0]["result"]
    assert result["kind"] == "abortive" and result["abort_reason"] == "kyuushu"
    assert imported.notes == ["the log ends after 1 hands; by our rules the match is not over"]
    assert to_tenhou6(imported.log)["rule"] == {"disp": "般東喰", "aka": 0}


def _error(data) -> str:
    with pytest.raises(Tenhou6Error) as e:
        from_tenhou6(data)
    return str(e.value)


def test_bad_input_names_the_hand_and_the_fault():
    assert "not a tenhou.net/6 log" in _error({"rows": []})
    truncated = _log(RINSHAN_HAND)
    truncated["log"][0] = truncated["log"][0][:10]
    assert _error(truncated).startswith("hand 1: a hand needs 16 or 17 entries")
    five = _log(RINSHAN_HAND)
    five["log"][0][7][0] = 11  # a fifth 1m
    assert _error(five) == "hand E1: 1m appears 5 times (at most 4)"
    short = _log(RINSHAN_HAND)
    short["log"][0][7].pop()
    assert _error(short) == "hand E1: seat 1 is dealt 12 tiles, not 13"
    call = _log(RINSHAN_HAND)
    call["log"][0][11][0] = "11q111111"
    assert _error(call).startswith("hand E1: call '11q111111': needs exactly one of the letters")
    illegal = _log(RINSHAN_HAND)
    illegal["log"][0][6] = ["r11"]  # riichi with a hand far from tenpai
    assert _error(illegal) == ("hand E1: seat 0's riichi 1m breaks our rules: discarding 1m does not leave "
                               "the hand tenpai")
    tangled = _log(RINSHAN_HAND)
    tangled["log"][0][6] = [19]
    assert _error(tangled) == "hand E1: seat 2's lists go on after the hand can have ended (draw 1, discard 1)"
    cut = _log(RINSHAN_HAND)
    cut["log"][0].pop()
    assert "the result is missing" in _error(cut)


@pytest.fixture(scope="module")
def games():
    rules = load_rules("tenhou")
    players = [make_bot(n, rules) for n in BOTS]
    return [play_match(players, rules, seed=500 + i).log for i in range(12)]


def test_simulated_games_round_trip_identically(games):
    kinds: set[str] = set()
    for log in games:
        data = json.loads(json.dumps(to_tenhou6(log), ensure_ascii=False))
        assert structure_problems(data) == []
        back = from_tenhou6(data)
        assert back.log == log and back.notes == []
        for hand in data["log"]:
            kinds.add(hand[16][0])
            for seat in range(4):
                for item in hand[5 + 3 * seat] + hand[6 + 3 * seat]:
                    if isinstance(item, str):
                        kinds.add(item.strip("0123456789"))
    assert {"c", "p", "r", "和了"} <= kinds


def test_without_our_key_the_filled_wall_gives_the_same_results(games):
    for log in games[:4]:
        data = to_tenhou6(log)
        del data[EXTENSION]
        back = from_tenhou6(data)
        assert back.notes == []
        assert [h["result"] for h in back.log["hands"]] == [h["result"] for h in log["hands"]]
        assert back.log["final"]["scores"] == log["final"]["scores"]


def test_the_structural_check_catches_wrong_scores(games):
    data = to_tenhou6(games[0])
    data["log"][1][1][0] += 1000
    assert structure_problems(data)[0].startswith(f"hand {'E2' if data['log'][1][0][1] == 0 else ''}")


def test_one_hand_from_the_middle_of_a_game(games):
    """tenhou.net/6's editor exports one hand at a time: it starts where the log says."""
    log = games[1]
    data = to_tenhou6(log)
    del data[EXTENSION]
    data["log"] = data["log"][3:4]
    back = from_tenhou6(data)
    original = log["hands"][3]
    assert back.log["start"]["scores"] == original["scores"]
    hand = back.log["hands"][0]
    assert (hand["round"], hand["hand"], hand["honba"], hand["sticks"]) == (
        original["round"], original["hand"], original["honba"], original["sticks"])
    assert hand["result"] == original["result"] and hand["scores_after"] == original["scores_after"]
    assert sum(1 for _ in replay(back.log)) > 1
    assert to_tenhou6(back.log)["log"][0][:16] == data["log"][0][:16]
