"""The score command: the readable report, the --jsonl contract, and clear errors."""

from __future__ import annotations

import io
import json

import pytest

from trainer.__main__ import main
from trainer.cli.score import answer, run_jsonl


def test_the_issue_example_with_five_copies_is_a_clear_error(capsys):
    rc = main(["score", "234m567p22s (777z) [5555p]", "--win", "2s", "--tsumo", "--riichi",
               "--seat", "S", "--round", "E", "--dora", "3m"])  # fmt: skip
    err = capsys.readouterr().err
    assert rc == 1 and "bad_hand" in err and "5 copies of 5p" in err


def test_corrected_example_prints_yaku_fu_and_payment(capsys):
    rc = main(["score", "234m567p22s (777z) [5555m]", "--win", "2s", "--tsumo", "--seat", "S",
               "--round", "E", "--dora", "3m"])  # fmt: skip
    out = capsys.readouterr().out
    assert rc == 0
    assert "Value triplet: red dragon (役牌・中)  [yakuhai_chun]" in out
    assert "+16  Closed quad of simples 5555m  [ankan_simple]" in out
    assert "= 44 fu, rounded up to 50" in out
    assert "Total: 2 han 50 fu" in out
    assert "the dealer pays 1600, each other player 800" in out


def test_riichi_with_an_open_meld_is_refused(capsys):
    rc = main(["score", "234m567p22s (777z) [5555m]", "--win", "2s", "--tsumo", "--riichi"])
    assert rc == 1 and "riichi_open_hand" in capsys.readouterr().err


def test_alternatives_and_json_flags(capsys):
    assert (
        main(["score", "45m777888999p22s3m", "--win", "3m", "--tsumo", "--seat", "S", "--alternatives"]) == 0
    )
    out = capsys.readouterr().out
    assert "Other readings (1)" in out and "pinfu" in out
    assert main(["score", "45m777888999p22s3m", "--win", "3m", "--tsumo", "--seat", "S", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["points"] == {"dealer": 2600, "non_dealer": 1300, "total": 5200}


def test_jsonl_contract():
    request = {
        "hand": "22334s567m456p99p4s", "win": "4s", "tsumo": False, "riichi": True, "ippatsu": False,
        "seat": "E", "round": "E", "dora": ["3m"], "ura": ["7p"], "honba": 1, "sticks": 1, "rules": "tenhou",
    }  # fmt: skip
    data = answer(request)
    assert (data["han"], data["fu"]) == (3, 30)
    assert data["yaku"] == [
        {"id": "riichi", "han": 1},
        {"id": "pinfu", "han": 1},
        {"id": "iipeikou", "han": 1},
    ]
    assert data["fu_items"] == [{"id": "fuutei", "fu": 20}, {"id": "menzen_ron", "fu": 10}]
    assert data["points"] == {"ron": 5800, "total": 5800 + 300 + 1000}  # dealer 3 han 30 fu
    tsumo = answer({**request, "tsumo": True, "seat": "S"})
    assert set(tsumo["points"]) == {"dealer", "non_dealer", "total"}
    dealer_tsumo = answer({**request, "tsumo": True})
    assert set(dealer_tsumo["points"]) == {"all", "total"}


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ("not json", "bad_json"),
        ("[1, 2]", "bad_request"),
        ('{"hand": "123m", "win": "1m"}', "bad_hand"),
        ('{"hand": "22334s567m456p99p4s", "win": "4x"}', "bad_win_tile"),
        ('{"hand": "22334s567m456p99p4s", "win": "4s", "seat": "Q"}', "bad_wind"),
        ('{"hand": "22334s567m456p99p4s", "win": "4s", "tsumo": "yes"}', "bad_flag"),
        ('{"hand": "22334s567m456p99p4s", "win": "4s", "honba": -1}', "bad_counter"),
        ('{"hand": "22334s567m456p99p4s", "win": "4s", "rules": "nope"}', "bad_rules"),
        ('{"hand": "22334s567m456p99p4s", "win": "4s", "kuitan": true}', "unknown_field"),
        ('{"hand": "234m456p234s12s22z3s", "win": "3s", "seat": "W"}', "no_yaku"),
        ('{"hand": "22334s567m456p99p4s", "win": "7s"}', "bad_win_tile"),
        ('{"hand": "22334s567m456p99p1z", "win": "1z"}', "not_complete"),
    ],
)
def test_bad_lines_give_error_objects_and_the_run_goes_on(line, code):
    out = io.StringIO()
    good = '{"hand": "22334s567m456p99p4s", "win": "4s"}'
    errors = run_jsonl(io.StringIO(f"{line}\n\n{good}\n"), out)
    first, second = (json.loads(x) for x in out.getvalue().splitlines())
    assert errors == 1
    assert first["error"] == code and first["line"] == 1 and first["message"]
    assert second["han"] == 2


def test_points_table_command(capsys):
    assert main(["score", "--table", "--rules", "jpml"]) == 0
    out = capsys.readouterr().out
    assert "rules jpml" in out and "300/500" in out
    assert "13+" in out and "sanbaiman" in out.splitlines()[-2]
    assert main(["score", "--table", "--rules", "no_such"]) == 2
