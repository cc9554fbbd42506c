"""``python -m trainer analyze``: text report, --jsonl contract, bad input, --visible."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from trainer.__main__ import main
from trainer.engine.notation import parse_hand
from trainer.engine.shanten import shanten
from trainer.engine.ukeire import discard_options

ROOT = Path(__file__).resolve().parent.parent


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str, stdin: str | None = None) -> tuple[int, str, str]:
    if stdin is not None:
        old = sys.stdin
        sys.stdin = io.StringIO(stdin)
        try:
            code = main(["analyze", *argv])
        finally:
            sys.stdin = old
    else:
        code = main(["analyze", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_subprocess_text_and_jsonl() -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run(
        [sys.executable, "-m", "trainer", "analyze", "123m456p789s1122z"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "Shanten: 0 (tenpai)" in done.stdout
    assert "Waits: 1z, 2z" in done.stdout and "shanpon" in done.stdout
    done = subprocess.run(
        [sys.executable, "-m", "trainer", "analyze", "--jsonl"],
        cwd=ROOT,
        env=env,
        input="123m456p789s1122z\nnot a hand\n123m456p789s11223z\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    lines = [json.loads(x) for x in done.stdout.splitlines()]
    assert len(lines) == 3
    assert lines[0]["waits"] == ["1z", "2z"] and lines[0]["shanten"] == 0
    assert "error" in lines[1] and lines[1]["input"] == "not a hand"
    assert lines[2]["discards"][0]["tile"] == "3z"


def test_bad_notation_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, "123m4x6p")
    assert code == 2 and out == ""
    assert "position 5" in err and "'x' is not a tile" in err
    code, _, err = run_cli(capsys, "123m456p789s112z")  # 12 tiles is neither 3n+1 nor 3n+2
    assert code == 2 and "cannot be played" in err
    code, _, err = run_cli(capsys, "123m", "--visible", "1q")
    assert code == 2 and "--visible" in err
    code, _, err = run_cli(capsys)
    assert code == 2 and "give a hand" in err


def test_too_many_copies_with_visible(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(capsys, "123m456p789s1112z", "--visible", "11z")
    assert code == 2 and "more than 4 copies" in err


def test_text_report_fourteen_tiles(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "123m456p789s11z (777z)")
    assert code == 0
    assert "Shanten: -1 (complete (agari))" in out
    assert "Readings:\n  123m 456p 789s (777z) 11z" in out
    assert "Discards (best first):" in out


def test_text_report_shapes_and_fifth_copy(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "2345699m123p456s", "--visible", "1m1m1m1m")
    assert code == 0
    assert "Shape: sanmenchan" in out
    assert "1m  ryanmen" in out and "dead: no copy left" in out
    code, out, _ = run_cli(capsys, "123m7777m456p789s")
    assert "Fifth-copy wait: 7m" in out and "karaten" in out


def test_jsonl_contract(capsys: pytest.CaptureFixture[str]) -> None:
    hands = ["123m456p789s1122z", "19m19p19s1234567z1m", "12345m067p11z (777s)", "123m7777m456p789s", "1m"]
    code, out, _ = run_cli(capsys, "--jsonl", stdin="\n".join(hands) + "\n\n")
    assert code == 0
    rows = [json.loads(x) for x in out.splitlines()]
    assert len(rows) == len(hands)
    for text, row in zip(hands, rows, strict=True):
        hand = parse_hand(text)
        assert row["shanten"] == shanten(hand)
        assert isinstance(row["shanten_by_form"], dict)
        if hand.size % 3 == 1:
            assert "waits" in row and "discards" not in row
        else:
            assert "discards" in row and "waits" not in row
            options = discard_options(hand)
            assert [d["tile"] for d in row["discards"]] == [str(o.tile) for o in options]
            assert [d["shanten"] for d in row["discards"]] == [o.shanten_after for o in options]
    assert rows[0]["waits"] == ["1z", "2z"]
    assert rows[0]["wait_shapes"] == {"1z": ["shanpon"], "2z": ["shanpon"]}
    assert rows[1]["shanten"] == -1 and rows[1]["complete"] is True
    assert rows[1]["discards"][0]["shanten"] == 0
    assert rows[2]["waits"] == ["3m", "6m"] and "seven_pairs" not in rows[2]["shanten_by_form"]
    assert rows[3]["waits"] == [] and rows[3]["fifth_copy"] == ["7m"] and rows[3]["karaten"] is True
    assert rows[4]["waits"] == ["1m"]


def test_jsonl_visible_changes_copies(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "--jsonl", "--visible", "1z", stdin="123m456p789s1122z\n")
    row = json.loads(out)
    assert row["copies_left"] == {"1z": 1, "2z": 2}
    code, out, _ = run_cli(capsys, "--jsonl", stdin="123m456p789s11223z\n")
    plain = json.loads(out)["discards"][0]
    code, out, _ = run_cli(capsys, "--jsonl", "--visible", "2z", stdin="123m456p789s11223z\n")
    seen = json.loads(out)["discards"][0]
    assert plain["ukeire"] == {"1z": 2, "2z": 2} and seen["ukeire"] == {"1z": 2, "2z": 1}


def test_jsonl_refuses_hand_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(capsys, "--jsonl", "123m")
    assert code == 2 and "standard input" in err


def test_several_hands_and_top(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "123m456p789s11223z", "1m", "--top", "2")
    assert code == 0
    assert out.count("Hand:") == 2
    assert "more (use --top 0 to see all)" in out


def test_a_hand_that_is_not_tenpai_lists_the_tiles_that_improve_it() -> None:
    from trainer.cli.analyze import analyze_json, analyze_text

    data = analyze_json("13m456p789s11223z")
    assert data["shanten"] == 1 and data["waits"] == []
    assert data["ukeire"] == {"2m": 4, "1z": 2, "2z": 2} and data["ukeire_total"] == 8
    assert "Ukeire: 8 tiles" in analyze_text("13m456p789s11223z")
    assert "ukeire" not in analyze_json("123m456p789s1122z")  # tenpai: the waits say it all


@pytest.mark.parametrize(
    "args",
    [
        ["²23m456p789s1122z"],
        ["①23m456p789s1122z"],
        ["١23m456p789s1122z"],  # an Arabic-Indic one is not read as 1
        ["１23m456p789s1122z"],  # nor a full-width one
        ["123m456p789s1122z", "--visible", "²m"],
        ["123m456p789s1122z", "--visible", "３m"],
        ["00m23456p789s11z2z"],  # two red 5m: refused by score too
    ],
)
def test_unicode_digits_and_impossible_red_fives_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    assert main(["analyze", *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1


def test_jsonl_unicode_digit_is_an_error_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("²3m\n123m456p789s1122z\n"))
    assert main(["analyze", "--jsonl"]) == 0
    first, second = (json.loads(x) for x in capsys.readouterr().out.splitlines())
    assert "is not a tile" in first["error"] and second["shanten"] == 0
