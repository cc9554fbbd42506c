"""UTF-8 files with a byte order mark (Windows Notepad) are read like any other: the settings (an
English learner stays English), a progress export, a game log of either format, ``score --jsonl``
(a file or standard input) and ``analyze --jsonl``.  Other bytes that are not UTF-8 still fail with
their place in the file."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from trainer.__main__ import main
from trainer.engine.game.exchange import read_source
from trainer.engine.game.log_files import load_any
from trainer.engine.game.paifu import example_log
from trainer.engine.game.records import load
from trainer.engine.game.tenhou6_write import to_tenhou6
from trainer.progress.transfer import TransferError, export_learner, import_file, read_export
from trainer.textio import decode_text, read_text
from trainer.ui.settings import Settings, load_settings

BOM = b"\xef\xbb\xbf"


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))


def _write_with_bom(path: Path, text: str) -> Path:
    path.write_bytes(BOM + text.encode("utf-8"))
    return path


def test_the_helper_drops_the_mark_and_keeps_error_positions_in_the_file(tmp_path: Path) -> None:
    assert decode_text(BOM + b'{"a": 1}') == '{"a": 1}' == decode_text(b'{"a": 1}')
    assert read_text(_write_with_bom(tmp_path / "x.json", "ü")) == "ü"
    with pytest.raises(UnicodeDecodeError) as info:
        decode_text(BOM + b"{\n\xff")
    assert info.value.start == 5  # counted in the file's bytes, the mark included


def test_settings_with_a_mark_are_read_not_set_aside(tmp_path: Path) -> None:
    _write_with_bom(tmp_path / "settings.json", '{"language": "en", "tile_size": "large"}')
    loaded = load_settings()
    assert loaded.problem is None and loaded.moved_to is None
    assert loaded.settings == Settings(language="en", tile_size="large")
    assert (tmp_path / "settings.json").exists()


def test_a_progress_export_with_a_mark_imports(tmp_path: Path, store) -> None:  # noqa: ANN001
    learner = store.create_learner("Анна")
    store.record_answer(learner.id, "drill", "item", "shanten", True, 3.0)
    path = _write_with_bom(tmp_path / "anna.json", json.dumps(export_learner(store, learner.id), ensure_ascii=False))
    assert read_export(path)["learner"]["name"] == "Анна"
    imported = import_file(store, path)
    assert imported.name.startswith("Анна")


def test_a_progress_export_that_is_not_utf8_still_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(BOM + b'{\n"learner": "\xff"}')
    with pytest.raises(TransferError) as info:
        read_export(path)
    assert f"{path}:2" in str(info.value)


def test_game_logs_with_a_mark_load_in_either_format(tmp_path: Path) -> None:
    log = example_log("east2_ron")
    ours = _write_with_bom(tmp_path / "ours.json", json.dumps(log, ensure_ascii=False))
    assert load(ours)["hands"] == log["hands"]
    assert load_any(ours).kind == "native"
    t6 = _write_with_bom(tmp_path / "t6.json", json.dumps(to_tenhou6(log), ensure_ascii=False))
    assert load_any(t6).kind == "tenhou6"
    assert read_source(t6).kind == "tenhou6"


SCORE_LINE = '{"hand": "234m567p22s(777z)[4444p]", "win": "2s", "tsumo": true}'


def test_score_jsonl_reads_a_file_with_a_mark(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write_with_bom(tmp_path / "in.jsonl", SCORE_LINE + "\n")
    assert main(["score", "--jsonl", "--input", str(path)]) == 0
    (answer,) = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert "error" not in answer and answer["han"] > 0


def test_score_jsonl_reads_standard_input_with_a_mark(monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(BOM + SCORE_LINE.encode() + b"\n")))
    assert main(["score", "--jsonl"]) == 0
    (answer,) = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert "error" not in answer


def test_analyze_jsonl_reads_standard_input_with_a_mark(monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(BOM + b"123m456p789s1122z\n")))
    assert main(["analyze", "--jsonl"]) == 0
    (answer,) = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert "error" not in answer and answer["shanten"] == 0
