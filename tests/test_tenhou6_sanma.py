"""Three-player (sanma, 三麻) games as tenhou.net/6 JSON: hand-written logs in the layout tenhou
writes (North seat empty, ``f44`` for a North set aside, calls counted around four seats), bad
three-player input, and our sanma games -> tenhou.net/6 -> our log for simulated matches."""

from __future__ import annotations

import copy
import json
import re

import pytest

from trainer.engine.bots import make_bot
from trainer.engine.game import records
from trainer.engine.game.play import play_match
from trainer.engine.game.records import replay
from trainer.engine.game.tenhou6_codes import Tenhou6Error, parse_call
from trainer.engine.game.tenhou6_read import (
    build_wall,
    draw_order,
    from_tenhou6,
    parse_kyoku,
    structure_problems,
)
from trainer.engine.game.tenhou6_write import EXTENSION, can_export, to_tenhou6
from trainer.engine.game.wall import Wall, standard_tiles
from trainer.engine.rules import load_rules
from trainer.engine.tiles import parse_tile

# East 1: the dealer (seat 0) draws 9m, sets its North aside ("f44"), draws the replacement
# 2z and throws it (60); seat 1 draws 6z and throws it; West (seat 2) draws 7z and throws it;
# the dealer pons it -- West sits ACROSS from East at a three-player table, so the letter is
# second ("47p4747") -- and throws 9m; seat 1 draws 8s and wins by tsumo: menzen tsumo, pinfu,
# tanyao, 20 fu 3 han.  Tsumo loss: the dealer pays 1,300, West 700, the winner gets 2,000
# (the absent North's 700 is not paid).
EAST1 = [
    [0, 0, 0], [35000, 35000, 35000, 0], [41], [],
    [11, 22, 23, 26, 27, 32, 33, 36, 37, 41, 44, 47, 47], [19, 42, "47p4747"], ["f44", 60, 19],
    [22, 23, 24, 25, 26, 27, 33, 34, 35, 36, 37, 38, 38], [46, 38], [60],
    [11, 11, 19, 21, 21, 28, 29, 31, 31, 39, 43, 43, 45], [47], [60],
    [], [], [],
    ["和了", [-1300, 2000, -700, 0], [1, 1, 1, "20符3飜700-1300点", "門前清自摸和(1飜)", "平和(1飜)", "断幺九(1飜)"]],
]
# East 2 (seat 1 deals): four tsumogiri discards, then West draws a North and sets it aside;
# seat 0 waits on North alone (closed 1-9p straight) and wins on the North set aside (kita
# ron, a plain ron in our sanma preset): 40 fu 2 han, 2,600 from West.
EAST2 = [
    [1, 0, 0], [33700, 37000, 34300, 0], [11], [],
    [21, 22, 23, 24, 25, 26, 27, 28, 29, 32, 33, 34, 44], [47], [60],
    [11, 11, 19, 31, 35, 36, 37, 38, 39, 39, 42, 43, 43], [45, 41], [60, 60],
    [19, 21, 22, 23, 31, 31, 32, 33, 35, 36, 37, 42, 42], [46, 44], [60, "f44"],
    [], [], [],
    ["和了", [2600, 0, -2600, 0], [0, 2, 0, "40符2飜2600点", "一気通貫(2飜)"]],
]


def _log(*hands, rule=None):
    """A three-player log as tenhou.net/6 gives it: four names (the fourth empty), the rule with
    三 and the red fives per suit (no red 5m), and the keys tenhou adds that we do not read."""
    return {"title": ["三鳳南喰赤", ""], "name": ["A", "B", "C", ""],
            "rule": rule or {"disp": "三鳳南喰赤", "aka53": 1, "aka52": 1, "aka51": 0},
            "ratingc": "PF3", "lobby": 0, "dan": ["", "", "", ""], "rate": [1500, 1500, 1500, 0],
            "sx": ["C", "C", "C", "C"], "log": [copy.deepcopy(h) for h in hands]}


def test_hand_written_three_player_log_replays_with_kita_pon_across_and_tsumo_loss():
    k = parse_kyoku(EAST1, 0)
    assert k.players == 3 and k.scores == [35000, 35000, 35000] and len(k.haipai) == 3
    live, rinshan = draw_order(k)
    assert live == [parse_tile(t) for t in ("9m", "6z", "7z", "8s")] and rinshan == [parse_tile("2z")]
    assert parse_call("47p4747").source == 2  # from across: seat 0 takes seat 2's tile

    imported = from_tenhou6(_log(EAST1, EAST2))  # read with the default (four-player) preset
    log = imported.log
    assert log["rules"] == "sanma" and log["players"] == ["A", "B", "C"] and "rule_options" not in log
    assert imported.notes == ["the log ends after 2 hands; by our rules the match is not over"]
    first, second = log["hands"]
    assert [a for a in first["actions"] if a[1]["type"] in ("kita", "pon", "tsumo")] == [
        [0, {"type": "kita"}], [0, {"type": "pon", "tiles": ["7z", "7z"]}], [1, {"type": "tsumo"}]]
    win = first["result"]["wins"][0]
    assert (win["seat"], win["han"], win["fu"], sorted(win["yaku"])) == (1, 3, 20, ["menzen_tsumo", "pinfu", "tanyao"])
    assert first["result"]["deltas"] == [-1300, 2000, -700]
    assert first["scores_after"] == [33700, 37000, 34300]
    ron = second["result"]["wins"][0]
    assert (ron["seat"], ron["from"], ron["tile"], ron["yaku"], ron["fu"]) == (0, 2, "4z", ["ittsu"], 40)
    assert second["scores_after"] == [36300, 37000, 31700]
    # an ordinary game log: it replays, and its export gives the same hands back
    assert sum(1 for _ in replay(log, allow_unfinished=True)) > 1
    out = to_tenhou6(log)
    assert out["name"] == ["A", "B", "C", ""] and out["rule"] == {"disp": "三般南喰赤", "aka": 1}
    assert [h[:17] for h in out["log"]] == [EAST1, EAST2]
    assert structure_problems(out) == []


def test_replacements_after_the_fourth_come_from_the_end_of_the_live_wall():
    """At three players up to eight replacement tiles (Norths set aside and kans): the rebuilt
    wall puts the fifth where our wall draws it, the last live tile, on the 108-tile set."""
    k = parse_kyoku(EAST1, 0)
    k.draws[0] = [19, 42, 43, 45, 46, 24, "47p4747"]
    k.discards[0] = ["f44", "f44", "f44", "f44", "f44", 60, 19]
    sanma_set = [t for t in standard_tiles(1) if t.kind not in records.match_rules("sanma").removed_kinds]
    tiles = build_wall(k, 1, sanma_set)
    assert len(tiles) == 108 and sorted(tiles) == sorted(sanma_set)
    wall = Wall(tiles, max_replacements=8)
    for _ in range(3 * 13 + 1):
        wall.draw()
    assert [wall.draw_rinshan() for _ in range(5)] == [parse_tile(t) for t in ("2z", "3z", "5z", "6z", "4p")]


def _error(data, rules="tenhou") -> str:
    with pytest.raises(Tenhou6Error) as e:
        from_tenhou6(data, rules)
    return str(e.value)


def test_bad_three_player_input_names_the_hand_and_the_fault():
    refused = _log(EAST1, EAST2)
    refused["log"][1][11][1] = 45  # seat 2 sets aside a North it never had
    assert _error(refused).startswith("hand E2: seat 2's kita breaks our rules: kita needs a North")
    four = _log(EAST1)
    four["log"][0][13:16] = [[12, 13, 14, 15, 16, 17, 18, 24, 25, 28, 34, 39, 46], [], []]
    four["log"][0][1] = [35000, 35000, 35000, 0]
    assert _error(four) == "hand E1: seat 0: 'f44' (a North set aside) is only in three-player logs"
    dealer = _log(EAST1)
    dealer["log"][0][0] = [3, 0, 0]
    assert _error(dealer) == "hand E4: kyoku 3 names a dealer who is not at this 3-player table"
    paid = _log(EAST1)
    paid["log"][0][16][1] = [-1300, 2000, -1000, 300]
    assert _error(paid) == "hand E1: a win pays the empty fourth seat of a three-player table"
    man = _log(EAST1)
    man["log"][0][4][1] = 12  # a 2m: not in the three-player set
    assert _error(man) == "hand E1: more 2m than the tile set holds"
    from tests.test_tenhou6 import KYUUSHU_HAND

    mixed = _log(EAST1, KYUUSHU_HAND)
    mixed["log"][1][0] = [1, 0, 0]
    assert _error(mixed) == "hand E2: 4 players, but the log began with 3"


def test_the_players_in_the_log_choose_the_preset():
    """A three-player log asked to be read with four-player rules is read with the sanma preset,
    and a four-player log asked for with sanma rules with the tenhou preset."""
    assert from_tenhou6(_log(EAST1), "ema").log["rules"] == "sanma"
    from tests.test_tenhou6 import KYUUSHU_HAND
    four = {"name": ["A", "B", "C", "D"], "rule": {"disp": "般南喰赤", "aka": 1}, "log": [KYUUSHU_HAND]}
    assert from_tenhou6(four, "sanma").log["rules"] == "tenhou"


@pytest.fixture(scope="module")
def games():
    rules = load_rules("sanma")
    east = records.match_rules("sanma", {"game_length": "tonpuusen"})
    out = [play_match([make_bot(n, rules) for n in ("efficient", "careful", "efficient")], rules, seed=600 + i).log
           for i in range(5)]
    out.append(play_match([make_bot("efficient", east) for _ in range(3)], east, seed=7).log)
    return out


_POINTS = re.compile(r"(\d+)(?:-(\d+))?点(∀?)$")


def _check_tsumo_line(hand: list, deltas: list[int], line: list) -> str:
    """A tsumo's points text says what each of the two payers paid (tsumo loss: nobody pays for
    the absent North): ``a-b点`` the non-dealer a and the dealer b, ``a点∀`` each a."""
    honba, dealer, winner = hand[0][1], hand[0][0] % 4, line[0]
    m = _POINTS.search(line[3])
    assert m, line
    payers = [s for s in range(3) if s != winner]
    if m.group(3):
        assert winner == dealer and all(deltas[s] == -int(m.group(1)) - 100 * honba for s in payers)
        return "dealer"
    for s in payers:
        assert deltas[s] == -int(m.group(2) if s == dealer else m.group(1)) - 100 * honba
    return "non-dealer"


def test_simulated_sanma_games_round_trip_identically(games):
    assert can_export(load_rules("sanma")) and can_export(load_rules("tenhou"))
    kinds: set[str] = set()
    for log in games:
        data = json.loads(json.dumps(to_tenhou6(log), ensure_ascii=False))
        assert structure_problems(data) == []
        assert data["name"][3] == "" and data["rule"]["disp"].startswith("三")
        for hand in data["log"]:
            result = hand[16]
            assert hand[1][3] == 0 and hand[13:16] == [[], [], []]
            changes = result[1::2] if result[0] == "和了" else result[1:2]
            assert all(len(d) == 4 and d[3] == 0 for d in changes)
            kinds.add(result[0])
            for deltas, line in zip(result[1::2], result[2::2], strict=False):
                if result[0] == "和了" and line[0] == line[1] == line[2]:
                    kinds.add(_check_tsumo_line(hand, deltas, line))
            for seat in range(3):
                kinds.update(str(item).strip("0123456789") for item in hand[5 + 3 * seat] + hand[6 + 3 * seat]
                             if isinstance(item, str))
        back = from_tenhou6(data)
        assert back.log == log and back.notes == []
    assert {"f", "p", "r", "和了", "dealer", "non-dealer"} <= kinds and "c" not in kinds


def test_without_our_key_sanma_games_give_the_same_results(games):
    """Read like a log from tenhou or another tool (filled walls, the preset from the log's shape),
    every hand ends the same and the final scores are the same."""
    for log in games[:3] + games[5:]:
        data = to_tenhou6(log)
        del data[EXTENSION]
        back = from_tenhou6(data)
        assert back.notes == []
        assert back.log["rules"] == "sanma" and back.log.get("rule_options", {}) == log.get("rule_options", {})
        assert [h["result"] for h in back.log["hands"]] == [h["result"] for h in log["hands"]]
        assert back.log["final"]["scores"] == log["final"]["scores"]


def test_one_three_player_hand_from_the_middle_of_a_game(games):
    """tenhou.net/6's editor exports one hand at a time: a three-player hand starts where it says."""
    log = games[0]
    data = to_tenhou6(log)
    del data[EXTENSION]
    data["log"] = data["log"][3:4]
    back = from_tenhou6(data)
    original = log["hands"][3]
    assert back.log["start"]["scores"] == original["scores"]
    hand = back.log["hands"][0]
    assert hand["result"] == original["result"] and hand["scores_after"] == original["scores_after"]
    assert sum(1 for _ in replay(back.log, allow_unfinished=True)) > 1
