"""``python -m trainer simulate``: the readable report and the --json contract."""

from __future__ import annotations

import json

from trainer.__main__ import main


def run_json(capsys, *args: str) -> dict:
    assert main(["simulate", *args, "--json"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    return json.loads(out[-1])


def test_json_last_line_and_same_seed_same_scores(capsys):
    a = run_json(capsys, "--games", "2", "--seed", "3")
    b = run_json(capsys, "--games", "2", "--seed", "3")
    assert a["final_scores"] == b["final_scores"]
    assert len(a["final_scores"]) == 2 and all(len(s) == 4 for s in a["final_scores"])
    assert all(isinstance(p, int) for s in a["final_scores"] for p in s)
    assert a["seconds_per_game"] > 0
    assert a["refused_actions"] == 0
    assert sum(map(sum, a["places"])) == 8
    c = run_json(capsys, "--games", "2", "--seed", "4")
    assert c["final_scores"] != a["final_scores"]


def test_readable_report(capsys):
    assert main(["simulate", "--games", "1", "--seed", "1", "--rules", "jpml"]) == 0
    out = capsys.readouterr().out
    assert "1 games, rules jpml" in out
    for word in ("1st", "avg pts", "win", "deal-in", "draws", "s per game"):
        assert word in out


def test_bad_arguments(capsys):
    assert main(["simulate", "--games", "0"]) == 2
    assert main(["simulate", "--games", "1", "--bots", "efficient,careful"]) == 2
    assert main(["simulate", "--games", "1", "--rules", "nosuchpreset"]) == 2
    err = capsys.readouterr().err
    assert "four" in err


def test_logs_are_saved_and_replay(capsys, tmp_path):
    from trainer.engine.game.records import load, replay

    assert main(["simulate", "--games", "1", "--seed", "2", "--logs", str(tmp_path), "--no-check"]) == 0
    (path,) = sorted(tmp_path.glob("*.json"))
    log = load(path)
    steps = sum(1 for _ in replay(log))
    assert steps > len(log["hands"])


def test_per_seat_figures_and_every_level(capsys):
    a = run_json(capsys, "--games", "1", "--seed", "5", "--bots", "strong,beginner,strong,careful", "--no-check")
    for key in ("riichi_rate", "call_rate", "average_place", "decision_ms_p95", "win_rate", "deal_in_rate"):
        assert len(a[key]) == 4, key
    assert sorted(a["average_place"]) == [1, 2, 3, 4]
    assert all(0 <= r <= 1 for key in ("riichi_rate", "call_rate") for r in a[key])
    assert all(ms >= 0 for ms in a["decision_ms_p95"])
    assert a["bots"] == ["strong", "beginner", "strong", "careful"]
    b = run_json(capsys, "--games", "1", "--seed", "5", "--bots", "strong,beginner,strong,careful", "--no-check")
    assert b["final_scores"] == a["final_scores"], "bots are deterministic for a given seed"


def test_a_double_ron_is_one_deal_in():
    from trainer.cli.simulate import tally_hand
    from trainer.engine.game.actions import Discard, Ron
    from trainer.engine.game.scenario import setup_round
    from trainer.engine.tiles import parse_tile

    # seats 1 and 2 both wait on East (tanki after two iipeikou); seat 0 throws it
    hands = ["1z789m789p789s234z", "112233445566m1z", "112233445566p1z", "112233445566s2z"]
    rnd = setup_round(hands, draws="7z", dora="9m")
    rnd.apply(0, Discard(parse_tile("1z")))
    rnd.apply(1, Ron())
    rnd.apply(2, Ron())
    result = rnd.result.to_json()
    assert [w["from"] for w in result["wins"]] == [0, 0]
    wins, deal_ins = [0] * 4, [0] * 4
    assert tally_hand(result, wins, deal_ins) is False
    assert wins == [0, 1, 1, 0] and deal_ins == [1, 0, 0, 0]
