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
    assert rc == 2 and "bad_hand" in err and "5 copies of 5p" in err  # input that cannot be read: 2


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
        # issue 11: none of these may stop the stream
        ('{"hand": "²23m", "win": "2m"}', "bad_hand"),
        ('{"hand": "22334s567m456p99p4s", "win": "4s", "visible": "①"}', "unknown_field"),
        ('{"hand": "2233４s567m456p99p4s", "win": "4s"}', "bad_hand"),
        ('{"hand": "22334s567m456p99p٤s", "win": "4s"}', "bad_hand"),
        ('{"hand": "22334s567m456p99p4s", "win": "4s", "dora": 5}', "bad_tile"),
        ('{"hand": "22334s567m456p99p4s", "win": "4s", "dora": null}', "bad_tile"),
        ('{"hand": "22334s567m456p99p4s", "win": "4s", "ura": null}', "bad_tile"),
        ('{"hand": "22334s567m456p99p4s", "win": "4s", "ura": {"a": 1}}', "bad_tile"),
        ('{"hand": "22334s567m456p99p4s", "win": "4s", "honba": ' + "9" * 4400 + "}", "bad_json"),
        ('{"hand": "22334s567m456p99p4s", "win": "4s", "sticks": ' + "9" * 4000 + "}", "bad_counter"),
        ("[" * 5000 + "]" * 5000, "bad_json"),
        ('{"a": ' * 2000 + "1" + "}" * 2000, "bad_json"),
        ('{"hand": "22334s567m456p99p4s", "win": "4s", "rules": "ten\\u0000hou"}', "bad_rules"),
        ('{"hand": "22334s567m456p99p4s", "win": "4s", "rules": "/dev/zero"}', "bad_rules"),
        ('{"hand": "22334s567m456p99p4s", "win": "4s", "rules": "/"}', "bad_rules"),
        ('{"hand": "22334s567m456p99p4s", "win": "4s", "rules": ""}', "bad_rules"),
        ('{"hand": "\\ud800", "win": "4s"}', "bad_hand"),
        ('{"hand": "00m234567p22s555z", "win": "2s"}', "bad_hand"),
        ('{"hand": "22334s567m456p99p4s", "win": "4s", "' + "x" * 200_000 + '": 1}', "bad_json"),
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


def test_analyze_and_score_agree_on_red_fives(capsys):
    """One definition: two red 5m do not exist in any riichi set, for either command."""
    assert main(["analyze", "00m23456p789s11z2z"]) == 2
    assert "2 red 5m" in capsys.readouterr().err
    assert main(["score", "00m234567p22s555z", "--win", "2s"]) == 2
    assert "2 red 5m" in capsys.readouterr().err


@pytest.mark.parametrize("rules", ["/dev/zero", "/", "no/such/file.toml", "te\0nhou"])
def test_bad_rules_on_the_command_line_exit_2_with_one_line(capsys, rules):
    assert main(["score", "22334s567m456p99p4s", "--win", "4s", "--rules", rules]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bad_rules" in err
    assert main(["score", "--table", "--rules", rules]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_unreadable_command_line_input_exits_2_and_an_unscorable_hand_1(capsys):
    assert main(["score", "²23m456p789s1122z", "--win", "2m"]) == 2
    assert main(["score", "22334s567m456p99p4s", "--win", "4s", "--dora", "３m"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and all("is not a tile" in line for line in err)
    assert main(["score", "234m456p234s12s22z3s", "--win", "3s", "--seat", "W"]) == 1  # no yaku


def test_jsonl_reads_past_bad_utf8_on_stdin(monkeypatch, capsys):
    good = b'{"hand": "22334s567m456p99p4s", "win": "4s"}\n'
    stdin = io.TextIOWrapper(io.BytesIO(b'{"hand": "\xff\xfe"}\n' + good))
    monkeypatch.setattr("sys.stdin", stdin)
    assert main(["score", "--jsonl"]) == 0
    first, second = (json.loads(x) for x in capsys.readouterr().out.splitlines())
    assert first["error"] == "bad_hand" and second["han"] == 2


# ---------------------------------------------------------------- MCR (issue 16)


def test_mcr_json_contract(capsys):
    assert main(["score", "123m456p789s66677z", "--win", "1m", "--rules", "mcr", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["fan"] == 12 and out["meets_minimum"] is True
    assert out["fans"] == [{"id": "mixed_straight", "fan": 8}, {"id": "dragon_pung", "fan": 2},
                           {"id": "concealed_hand", "fan": 2}]
    assert out["reading"] == "123m 456p 789s 666z 77z"
    assert out["points"] == {"discarder": 20, "others": 8, "total": 36}
    assert out["excluded"] == []


def test_mcr_jsonl_lines_and_errors():
    lines = [
        {"hand": "555666777z123m99p", "win": "9p", "rules": "mcr", "flowers": 2, "tsumo": True, "seat": "S"},
        {"hand": "123m456p789s66677z", "win": "1m", "rules": "mcr", "flowers": "2"},
        {"hand": "123m456p789s66677z", "win": "1m", "rules": "mcr", "dora": ["3m"]},
        {"hand": "123m456p789s6667z", "win": "1m", "rules": "mcr"},
        {"hand": "123m456p789s66677z", "win": "1m", "rules": "mcr", "rinshan": True},
        {"hand": "123m406p789s66677z", "win": "1m", "rules": "mcr"},
        {"hand": "123m456p789s66677z", "win": "1m", "rules": "mcr", "round": "X"},
        {"hand": "123m456p789s66677z", "win": "1m", "rules": "mcr", "last_copy": 1},
    ]
    out = io.StringIO()
    errors = run_jsonl(io.StringIO("\n".join(json.dumps(x) for x in lines) + "\n"), out)
    got = [json.loads(x) for x in out.getvalue().splitlines()]
    assert errors == 7 and len(got) == 8
    first = got[0]
    assert first["fan"] == sum(f["fan"] for f in first["fans"]) and first["points"]["each"] == 8 + first["fan"]
    assert [f["id"] for f in first["fans"]].count("flower_tiles") == 2
    assert {"id": "dragon_pung", "by": "big_three_dragons", "principle": "non_repeat"} in first["excluded"]
    codes = [g["error"] for g in got[1:]]
    assert codes == ["bad_counter", "unknown_field", "not_complete", "bad_flag", "bad_hand", "bad_wind", "bad_flag"]
    assert [g["line"] for g in got[1:]] == list(range(2, 9))


def test_mcr_text_report_names_fans_in_russian_chinese_and_pinyin(capsys):
    # review 23: the report speaks --lang (English by default, like the riichi report)
    assert main(["score", "555666777z123m99p", "--win", "9p", "--rules", "mcr", "--flowers", "1", "--lang", "ru"]) == 0
    text = capsys.readouterr().out
    assert "Большие три дракона (大三元, dà sān yuán)" in text
    assert "Не засчитано:" in text and "Принцип неповторения" in text
    assert "Оплата: сбросивший платит" in text


def test_mcr_bad_command_lines(capsys):
    assert main(["score", "123m456p789s66677z", "--win", "1m", "--rules", "mcr", "--riichi"]) == 2
    assert main(["score", "123m456p789s6667z", "--win", "1m", "--rules", "mcr"]) == 1
    assert main(["score", "123m456p789s66677z", "--win", "1m", "--flowers", "2"]) == 2  # riichi has no flowers
    assert "unknown field" in capsys.readouterr().err
