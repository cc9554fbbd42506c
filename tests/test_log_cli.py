"""``python -m trainer log convert``: both directions, the format recognised from the content,
one-line errors with exit status 2."""

from __future__ import annotations

import json

import pytest

from trainer.__main__ import main
from trainer.engine.bots import make_bot
from trainer.engine.game.play import play_match
from trainer.engine.game.records import save
from trainer.engine.rules import load_rules


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    rules = load_rules("tenhou")
    log = play_match([make_bot(n, rules) for n in ("efficient", "careful", "efficient", "careful")], rules,
                     seed=77).log
    path = tmp_path_factory.mktemp("logs") / "game.json"
    save(log, path)
    return path, log


def test_convert_there_and_back(saved, tmp_path, capsys):
    path, log = saved
    t6 = tmp_path / "game.t6.json"
    assert main(["log", "convert", str(path), "--to", "tenhou6", "-o", str(t6)]) == 0
    hands = len(log["hands"])
    assert capsys.readouterr().out.strip().endswith(f"structural check passed ({hands} hands)")
    data = json.loads(t6.read_text(encoding="utf-8"))
    assert set(data) >= {"title", "name", "rule", "log"} and len(data["log"]) == hands
    back = tmp_path / "back.json"
    assert main(["log", "convert", str(t6), "--to", "native", "-o", str(back)]) == 0
    assert f"(tenhou.net/6, {hands} hands, 0 differences)" in capsys.readouterr().out
    assert json.loads(back.read_text(encoding="utf-8")) == log


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("hello", "line 1: not a game log (not JSON"),
        ('{"a": 1}', "not a game log (neither"),
        ('{"log": [[[0, 0, 0], [25000, 25000, 25000, 25000]]]}', "hand 1: a hand needs 16 or 17 entries"),
        ('{"format": "riichi-trainer/game-log", "version": 9}', "version 9 is not supported"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(tmp_path, capsys, content, message):
    bad = tmp_path / "bad.json"
    bad.write_text(content, encoding="utf-8")
    out = tmp_path / "out.json"
    assert main(["log", "convert", str(bad), "--to", "native", "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err and str(bad) in err
    assert not out.exists()
