"""The score command refuses impossible dora and ura indicators (review robust24, finding 7): the
indicators and the hand together never hold more copies of a tile than the set (a fifth 4p, five
3p), at most five of each kind, ura only after a riichi and one under each dora indicator; each
refusal is one line naming the tile, as ``analyze --visible`` refuses too many visible tiles."""

from __future__ import annotations

import io
import json

import pytest

from trainer.__main__ import main
from trainer.cli.score import answer, run_jsonl
from trainer.engine.indicator_check import indicator_problem
from trainer.engine.notation import parse_hand, parse_tiles
from trainer.engine.rules import load_rules

KAN_HAND = "234m567p22s (777z) [4444p]"
RIICHI_HAND = "234m567p22s345678m"


@pytest.mark.parametrize(("argv", "words"), [
    ([KAN_HAND, "--win", "2s", "--dora", "4p"], "5 copies of 4p with the hand: a set has only 4"),
    ([KAN_HAND, "--win", "2s", "--dora", "3p3p3p3p3p"], "5 copies of 3p with the hand: a set has only 4"),
    ([RIICHI_HAND, "--win", "2s", "--dora", "1m2m3m4m5m6m"], "at most 5 dora indicators"),
    ([RIICHI_HAND, "--win", "2s", "--riichi", "--dora", "1s", "--ura", "1s1s1s1s"],
     "give 1 ura indicator(s), not 4"),
    ([RIICHI_HAND, "--win", "2s", "--dora", "1s", "--ura", "9s"], "ura dora indicators count only after a riichi"),
    ([RIICHI_HAND, "--win", "2s", "--riichi", "--dora", "1s1s1s", "--ura", "1s1s1s"], "6 copies of 1s with the hand"),
    ([RIICHI_HAND, "--win", "2s", "--dora", "0p", "--dora", "0p"], "2 red 5p with the hand"),
    ([RIICHI_HAND, "--win", "2s", "--dora", "0p", "--rules", "jpml"], "a red 5p, but the jpml tile set has none"),
])
def test_impossible_indicators_are_one_line(capsys, argv: list[str], words: str) -> None:  # noqa: ANN001
    assert main(["score", *argv]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith("error (bad_indicators): "), err
    assert words in err, err


def test_possible_indicators_still_score(capsys) -> None:  # noqa: ANN001
    assert main(["score", KAN_HAND, "--win", "2s", "--tsumo", "--seat", "S", "--dora", "3m"]) == 0
    assert main(["score", RIICHI_HAND, "--win", "2s", "--riichi", "--dora", "1s9p", "--ura", "4p4z", "--json"]) == 0
    data = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert data["dora"] == {"dora": 2, "ura": 1, "aka": 0}
    assert main(["score", RIICHI_HAND, "--win", "2s", "--dora", "3p3p3p"]) == 0  # with the hand's 4p: four 3p at most


def test_json_lines_refuse_them_and_go_on() -> None:
    lines = [
        {"hand": RIICHI_HAND, "win": "2s", "dora": ["3p"] * 5},
        {"hand": RIICHI_HAND, "win": "2s", "riichi": True, "dora": ["1s"], "ura": ["1s1s1s1s"]},
        {"hand": RIICHI_HAND, "win": "2s", "dora": ["3p"]},
    ]
    out = io.StringIO()
    assert run_jsonl(io.StringIO("".join(json.dumps(x) + "\n" for x in lines)), out) == 2
    first, second, third = (json.loads(x) for x in out.getvalue().splitlines())
    assert first == {"error": "bad_indicators", "line": 1,
                     "message": "dora/ura: 5 copies of 3p with the hand: a set has only 4"}
    assert second["error"] == "bad_indicators" and second["line"] == 2
    assert "error" not in third


def test_three_player_indicators_count_the_norths_set_aside() -> None:
    sanma = {"hand": "111m567p22s345678p", "win": "2s", "rules": "sanma"}
    assert answer({**sanma, "dora": ["3m"]})["message"] == "dora/ura: there is no 3m in the sanma tile set"
    assert answer({**sanma, "nuki": 4, "dora": ["4z"]})["message"] == (
        "dora/ura: 5 copies of 4z with the hand: a set has only 4")
    assert answer({**sanma, "nuki": 3, "dora": ["4z"]}).get("error") != "bad_indicators"


def test_the_check_is_an_engine_function() -> None:
    tenhou = load_rules("tenhou")
    hand = parse_hand(KAN_HAND)
    assert indicator_problem(hand, parse_tiles("3m"), (), riichi=False, rules=tenhou) is None
    assert indicator_problem(hand, parse_tiles("4p"), (), riichi=False, rules=tenhou) == (
        "dora/ura: 5 copies of 4p with the hand: a set has only 4")


def test_an_unknown_preset_is_named_with_the_presets_not_a_path(capsys) -> None:  # noqa: ANN001
    assert main(["score", RIICHI_HAND, "--win", "2s", "--rules", "foo"]) == 2
    err = capsys.readouterr().err
    assert err == ('error (bad_rules): unknown rule preset "foo": use tenhou, tenhou_no_aka, ema, jpml, sanma, mcr, '
                   "mcr_common or the path of a .toml preset file\n")
    assert main(["score", "--table", "--rules", "foo"]) == 2
    assert "presets/foo.toml" not in capsys.readouterr().err
