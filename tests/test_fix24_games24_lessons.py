"""One bad lesson file never hides a good one (review robust24, finding 8): a teacher's file whose
``id:`` copies another lesson's (and so differs from its own name) is the one left out, with the
duplicate reported at its ``id:`` line; ``lessons check DIR`` reports what the app reports, a copy
of a lesson of the app included."""

from __future__ import annotations

import shutil
from pathlib import Path

from trainer.__main__ import main
from trainer.lessons.check import check_paths
from trainer.lessons.loader import load_paths
from trainer.paths import LESSONS_DIR

GOOD = """id: {id}
title: {{ru: "Хороший урок", en: "A good lesson"}}
track: skills
level: 90
audience: player
minutes: 5
skill: waits_basic
steps:
  - kind: text
    text: {{ru: "Просто текст.", en: "Just text."}}
"""


def _teacher_folder(tmp_path: Path) -> tuple[Path, Path, Path]:
    """A teacher's folder with a good lesson and a file (sorted first) that copies its id."""
    skills = tmp_path / "club" / "skills"
    skills.mkdir(parents=True)
    good = skills / "skill_good_one.yaml"
    good.write_text(GOOD.format(id="skill_good_one"), encoding="utf-8")
    copy = skills / "skill_copy.yaml"
    copy.write_text(GOOD.format(id="skill_good_one").replace("A good lesson", "A copy"), encoding="utf-8")
    return skills.parent, good, copy


def test_the_copy_is_left_out_not_the_good_lesson(tmp_path: Path) -> None:
    folder, good, copy = _teacher_folder(tmp_path)
    lib = load_paths([folder], engine_checks=False)
    assert lib.lessons["skill_good_one"]._source_file == str(good)
    assert {p.file for p in lib.problems} == {str(copy)}
    duplicate = [str(p) for p in lib.problems if "also used by" in str(p)]
    assert duplicate == [f"{copy}:1:5: lesson id 'skill_good_one' is also used by {good}"]


def test_lessons_check_reports_what_the_app_reports(tmp_path: Path) -> None:
    folder, good, copy = _teacher_folder(tmp_path)
    _, problems, _ = check_paths([folder])
    app = load_paths([LESSONS_DIR, folder], engine_checks=True)
    assert sorted(map(str, problems)) == sorted(str(p) for p in app.problems if p.file == str(copy))
    # the copy checked alone is told about the good lesson beside it; the good lesson alone is fine
    _, alone, _ = check_paths([copy])
    assert f"{copy}:1:5: lesson id 'skill_good_one' is also used by {good}" in map(str, alone)
    assert check_paths([good])[1] == []


def test_a_copy_of_a_lesson_of_the_app_is_not_ok(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    basics = tmp_path / "mine" / "basics"
    basics.mkdir(parents=True)
    mine = basics / "basics_tiles.yaml"
    shutil.copy(LESSONS_DIR / "basics" / "basics_tiles.yaml", mine)
    mine.write_text(mine.read_text(encoding="utf-8").replace("Tiles and suits", "Tiles (mine)"), encoding="utf-8")
    shipped = LESSONS_DIR / "basics" / "basics_tiles.yaml"
    app = load_paths([LESSONS_DIR, basics.parent], engine_checks=False)
    assert app.lessons["basics_tiles"]._source_file == str(shipped)
    expected = [str(p) for p in app.problems if p.file == str(mine)]
    assert expected and all("also used by" in line for line in expected)
    assert main(["lessons", "check", str(basics.parent)]) == 1
    out = capsys.readouterr()
    assert "ok:" not in out.out and f"{mine}:1:5: lesson id 'basics_tiles' is also used by" in out.out + out.err
