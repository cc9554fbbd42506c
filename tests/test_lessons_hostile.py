"""Hostile lesson files: alias bombs, huge numbers, deep nesting, huge files and the wrong
text encoding each become one ``file:line:col`` problem for that file only; the other
lessons still load."""

from __future__ import annotations

from pathlib import Path

import pytest

from trainer.lessons import load_all
from trainer.lessons.loader import MAX_FILE_BYTES, read_yaml

from .test_lessons_validation import write


def _laughs(levels: int) -> str:
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, levels + 1):
        refs = ", ".join([f"*a{i - 1}"] * 9)
        lines.append(f"a{i}: &a{i} [{refs}]")
    return "\n".join(lines) + "\n"


HOSTILE = {
    "laughs": (_laughs(9), 5, "YAML aliases expand"),  # a4 is the first value past the limit
    "self_alias": ("id: x\nsteps: &s [1, *s]\n", 2, "refers to the value that contains it"),
    "many_aliases": ("a: &a 1\nb: [" + ", ".join(["*a"] * 150) + "]\n", 1, "used more than"),
    "long_int": ("id: x\nlevel: " + "9" * 5000 + "\n", 2, "5000 digits is too long"),
    "deep": ("id: x\nsteps:\n" + "".join("  " * i + "- \n" for i in range(60)) + "  " * 60 + "- 1\n", 24,
             "nested more than"),
    "deep_flow": ("id: x\nsteps: " + "[" * 2000 + "]" * 2000 + "\n", 2, "nesting depth"),
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_a_hostile_yaml_text_is_one_problem_at_its_line(name):
    text, line, words = HOSTILE[name]
    data, _, problems = read_yaml(text, "hostile.yaml")
    assert data is None
    (problem,) = problems
    assert problem.file == "hostile.yaml" and problem.line == line and words in problem.message


def test_one_hostile_file_leaves_every_other_lesson_loaded(tmp_path: Path):
    write(tmp_path, "skill_good")
    folder = tmp_path / "skills"
    for name, (text, _, _) in HOSTILE.items():
        (folder / f"skill_{name}.yaml").write_text(text, encoding="utf-8")
    (folder / "skill_huge.yaml").write_text("# padding\n" * (MAX_FILE_BYTES // 10 + 10), encoding="utf-8")
    lib = load_all(tmp_path, engine_checks=False)
    assert list(lib.lessons) == ["skill_good"]
    bad = {Path(p.file).stem for p in lib.problems}
    assert bad == {f"skill_{n}" for n in HOSTILE} | {"skill_huge"}


def test_a_windows_1251_file_is_reported_at_the_line_of_the_first_bad_letter(tmp_path: Path):
    path = write(tmp_path, "skill_cp")
    text = path.read_text(encoding="utf-8")
    path.write_bytes(text.encode("cp1251", errors="replace"))
    lib = load_all(tmp_path, engine_checks=False)
    (problem,) = lib.problems
    assert (problem.line, problem.col) == (2, 14)  # title: {ru: "Тест" -- the Т on line 2
    assert "not UTF-8" in problem.message and "Windows-1251" in problem.message


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-32"])
def test_a_utf16_file_is_reported_as_such(tmp_path: Path, encoding):
    path = write(tmp_path, "skill_wide")
    path.write_bytes(path.read_text(encoding="utf-8").encode(encoding))
    lib = load_all(tmp_path, engine_checks=False)
    (problem,) = lib.problems
    assert (problem.line, problem.col) == (1, 1) and "UTF-16" in problem.message and "byte" not in problem.message


def test_a_billion_laughs_file_costs_no_time(tmp_path: Path):
    """9 levels of 9 aliases is 9**9 values; refused before anything is expanded."""
    import time

    start = time.process_time()
    read_yaml(_laughs(9), "laughs.yaml")
    assert time.process_time() - start < 5  # generous: the refusal takes milliseconds


def test_a_crashing_checker_hides_no_lesson(tmp_path: Path, monkeypatch):
    from trainer.lessons import check

    write(tmp_path, "skill_one")
    write(tmp_path, "skill_two")

    def crash(files, engine=True):
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(check, "check_files", crash)
    lib = load_all(tmp_path)
    assert sorted(lib.lessons) == ["skill_one", "skill_two"]
    (problem,) = lib.problems
    assert "checker crashed" in problem.message
