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
        ('{"format": "riichi-trainer/game-log", "version": 9}', "game log version 9"),
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


def test_review_reads_a_tenhou6_file(saved, tmp_path, capsys):
    path, log = saved
    t6 = tmp_path / "game.t6.json"
    assert main(["log", "convert", str(path), "--to", "tenhou6", "-o", str(t6)]) == 0
    capsys.readouterr()
    assert main(["review", str(path), "--seat", "1", "--json"]) == 0
    ours = json.loads(capsys.readouterr().out)
    data = json.loads(t6.read_text(encoding="utf-8"))
    del data["riichi_trainer"]  # as another tool would hand it over: walls rebuilt from the lists
    t6.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    assert main(["review", str(t6), "--seat", "1", "--json"]) == 0
    theirs = json.loads(capsys.readouterr().out)
    assert theirs["decisions"] and [d["chosen"] for d in theirs["decisions"]] == [d["chosen"] for d in ours["decisions"]]
    assert [d["best"] for d in theirs["decisions"]] == [d["best"] for d in ours["decisions"]]


def test_import_into_my_games_and_export(saved, tmp_path):
    from datetime import datetime

    from trainer.engine.game.exchange import export_game, import_game
    from trainer.engine.game.records import RecordError
    from trainer.engine.game.saved import list_games

    path, log = saved
    folder = tmp_path / "games"
    t6 = export_game(path, tmp_path / "out.t6.json")
    new, loaded = import_game(t6, folder, now=datetime(2026, 11, 26, 17, 0, 0))
    assert loaded.kind == "tenhou6" and loaded.notes == []
    games = list_games(folder)
    assert [g.path for g in games] == [new] and games[0].readable and games[0].hands == len(log["hands"])
    stored = json.loads(new.read_text(encoding="utf-8"))
    assert {k: v for k, v in stored.items() if k not in ("started", "learner_seat", "imported")} == log
    bad = tmp_path / "bad.json"
    bad.write_text('{"log": [[1]]}', encoding="utf-8")
    with pytest.raises(RecordError, match="hand 1: a hand needs 16 or 17 entries"):
        import_game(bad, folder)
    assert [g.path for g in list_games(folder)] == [new]
