"""Why a saved game cannot be opened, as a machine-readable kind (``SavedGame.problem_kind``,
``RecordError.kind``) next to the English one-line text, so the UI can say it in the learner's
language: a file from a newer version, not JSON, not a game log, a damaged log."""

from __future__ import annotations

import json

import pytest

from trainer.engine.game import records
from trainer.engine.game.records import FORMAT, RecordError, check_header
from trainer.engine.game.saved import read_game
from trainer.engine.mcr.records import MCR_FORMAT, check_mcr_header


def _write(tmp_path, name: str, content: object) -> object:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
    return path


@pytest.mark.parametrize("content, kind", [
    ({"format": FORMAT, "version": 2, "hands": []}, "newer_version"),
    ({"format": MCR_FORMAT, "version": 9, "hands": []}, "newer_version"),
    ({"format": FORMAT, "version": 0, "hands": []}, "unsupported_version"),
    ({"format": FORMAT, "version": "1", "hands": []}, "unsupported_version"),
    ('{\n "format": "riichi-trainer/game-log",\n "version": 1,\n oops', "not_json"),
    ({"format": "something-else"}, "not_game_log"),
    ([1, 2, 3], "not_game_log"),
    ({"format": FORMAT, "version": 1, "rules": "tenhou", "players": ["a", "b", "c", "d"], "hands": "oops"}, "damaged"),
    ({"format": FORMAT, "version": 1, "hands": []}, "damaged"),
    (b"\xff\xfe\x00binary", "not_text"),
])
def test_read_game_names_the_kind_of_problem(tmp_path, content, kind):
    g = read_game(_write(tmp_path, "game-20260101-000000.json", content))
    assert not g.readable and g.problem  # the English line is still there for logs and the CLI
    assert g.problem_kind == kind, g.problem


def test_the_problem_carries_what_its_sentence_needs(tmp_path):
    newer = read_game(_write(tmp_path, "game-1.json", {"format": FORMAT, "version": 2}))
    assert newer.problem_version == 2 and "newer version" in newer.problem
    broken = read_game(_write(tmp_path, "game-2.json", '{\n "format": "x",\n\n oops'))
    assert broken.problem_line == 4 and "not JSON" in broken.problem
    damaged = read_game(_write(tmp_path, "game-3.json", {"format": FORMAT, "version": 1, "hands": []}))
    assert damaged.problem_detail == "KeyError: 'rules'" and "damaged" in damaged.problem


def test_a_folder_in_place_of_a_file_is_unreadable(tmp_path):
    (tmp_path / "game-20260101-000000.json").mkdir()
    g = read_game(tmp_path / "game-20260101-000000.json")
    assert g.problem_kind == "unreadable_file" and g.problem.startswith("cannot read")


def test_a_readable_game_has_no_problem_kind(tmp_path):
    from trainer.engine.bots import make_bot
    from trainer.engine.game.play import play_match
    from trainer.engine.rules import load_rules

    rules = load_rules("tenhou")
    log = play_match([make_bot("efficient", rules) for _ in range(4)], rules, seed=2).log
    g = read_game(_write(tmp_path, "game-20260101-000000.json", log))
    assert g.readable and g.problem_kind is None


def test_record_errors_of_the_header_have_a_kind_and_keep_their_message(tmp_path):
    with pytest.raises(RecordError, match=r"x: saved by a newer version of the app \(game log version 3; "
                                          r"this version reads 1\): update the app to open it") as e:
        check_header({"format": FORMAT, "version": 3}, "x")
    assert e.value.kind == "newer_version" and e.value.version == 3
    with pytest.raises(RecordError, match="not an MCR game log") as e:
        check_mcr_header({"format": FORMAT, "version": 1})
    assert e.value.kind == "not_game_log"
    with pytest.raises(RecordError, match="MCR game log version 0 is not supported") as e:
        check_mcr_header({"format": MCR_FORMAT, "version": 0})
    assert e.value.kind == "unsupported_version"
    with pytest.raises(RecordError, match="line 2: not JSON") as e:
        records.load(_write(tmp_path, "a.json", "{\n oops"))
    assert e.value.kind == "not_json" and e.value.line == 2
    with pytest.raises(RecordError, match="not a text file") as e:
        records.load(_write(tmp_path, "b.json", b"\xff\xfe"))
    assert e.value.kind == "not_text"
    plain = RecordError("hand 1: bad wall")  # every other call site: no kind, a plain ValueError
    assert plain.kind is None and isinstance(plain, ValueError) and str(plain) == "hand 1: bad wall"
