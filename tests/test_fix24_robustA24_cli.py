"""Review 24 (verify24 A.10, B.10): ``run --lessons-dir`` names a folder that is not there in one
argparse line (exit 2) instead of starting without a word, and the YAML alias limit reads as plain
Russian."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from trainer.__main__ import main  # noqa: E402
from trainer.cli import run as run_cli  # noqa: E402
from trainer.i18n import set_language  # noqa: E402
from trainer.lessons.loader import MAX_VALUES, read_yaml  # noqa: E402


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path / "data"))


@pytest.mark.parametrize("kind, message", [("missing", "no such folder"), ("file", "not a folder")])
def test_a_lessons_dir_that_is_no_folder_is_one_line(kind: str, message: str, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "nowhere"
    if kind == "file":
        target.write_text("not a folder", encoding="utf-8")
    monkeypatch.setattr(run_cli, "run", lambda args: pytest.fail("the app must not start"))
    with pytest.raises(SystemExit) as info:
        main(["run", "--lessons-dir", str(target)])
    assert info.value.code == 2
    err = capsys.readouterr().err
    (line,) = [x for x in err.splitlines() if "error:" in x]
    assert line.endswith(f"argument --lessons-dir: {target}: {message}") and "Traceback" not in err


def test_a_lessons_dir_that_is_there_is_taken(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[Any] = []
    monkeypatch.setattr(run_cli, "run", lambda args: seen.append(args.lessons_dir) or 0)
    assert main(["run", "--lessons-dir", str(tmp_path), "--lessons-dir", str(tmp_path)]) == 0
    assert seen == [[str(tmp_path), str(tmp_path)]]


def test_the_yaml_alias_limit_in_plain_russian() -> None:
    """«псевдонимы YAML раздувают это значение больше чем до 50 000 значений» was awkward."""
    names = "abcdef"
    text = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{name}: &{name} [{', '.join(['*' + before] * 10)}]\n" for before, name in zip(names[:-1], names[1:], strict=True))
    data, _marks, problems = read_yaml(text, "bomb.yaml")
    assert data is None and len(problems) == 1 and MAX_VALUES == 50_000
    set_language("ru")
    try:
        said = problems[0].said()
    finally:
        set_language("en")
    assert said == "после подстановки псевдонимов YAML (& и *) в этом значении больше 50 000 значений", said
