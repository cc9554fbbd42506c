"""Every lesson in the repository passes ``python -m trainer lessons check`` (so CI validates
all lessons), and the app's loader keeps every one of them."""

from __future__ import annotations

import pytest

from trainer.__main__ import main
from trainer.lessons import load_all
from trainer.lessons.loader import lesson_paths
from trainer.paths import LESSONS_DIR


def test_lessons_check_cli_passes_on_every_lesson(capsys: pytest.CaptureFixture[str]) -> None:
    assert lesson_paths([LESSONS_DIR]), "the repository has no lessons"
    status = main(["lessons", "check"])
    out = capsys.readouterr()
    assert status == 0, out.out + out.err
    assert out.out.startswith("ok: ") and out.out.count("\n") == 1


def test_app_loader_keeps_every_lesson() -> None:
    lib = load_all()
    assert lib.problems == []
    assert len(lib.lessons) == len(lesson_paths([LESSONS_DIR]))


def test_cli_reports_problems_and_fails(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "skill_x.yaml"
    bad.write_text("id: skill_x\n", encoding="utf-8")
    assert main(["lessons", "check", str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"{bad}:1:1: (top): missing field 'title'" in out


def test_cli_lists_generators(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lessons", "generators"]) == 0
    assert "single_suit_waits  (skill waits_single_suit)" in capsys.readouterr().out


def test_the_example_in_docs_is_a_valid_lesson(tmp_path) -> None:
    """docs/lessons.md opens with a complete example; it must pass the checks as written."""
    from trainer.lessons.check import check_paths
    from trainer.paths import ROOT

    text = (ROOT / "docs" / "lessons.md").read_text(encoding="utf-8")
    example = text.split("```yaml\n", 1)[1].split("```", 1)[0]
    path = tmp_path / "skills" / "skill_waits_demo.yaml"
    path.parent.mkdir()
    path.write_text(example, encoding="utf-8")
    good, problems, _ = check_paths([path])
    assert [str(p) for p in problems] == [] and len(good) == 1
