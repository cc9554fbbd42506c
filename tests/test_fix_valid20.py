"""Review 20, a club teacher writing lessons (#1, 3, 5, 6, 7, 8, 9, 15): option values the engine
does not know, options without explain, plain advice for YAML slips and pydantic errors, a
duplicate step id at its line, steps named as the app numbers them, prerequisites found in the
teacher's own folder, and ``lessons generators | head`` without a traceback."""

from __future__ import annotations

import io
import textwrap
from pathlib import Path

import pytest

from trainer.i18n import set_language
from trainer.lessons.check import check_paths, human_line
from trainer.lessons.loader import load_text

HEADER = """\
id: {id}
title: {{ru: "Тест", en: "Test"}}
track: skills
level: 1
audience: player
minutes: 5
skill: waits_basic
prerequisites: {pre}
steps:
"""

SHAPE_STEP = """\
- kind: text
  id: intro
  text: {{ru: "Ожидание — это {{term:machi}}."}}
- kind: choice
  id: q_shape
  prompt: {{ru: "Какое ожидание?"}}
  ask: shape
  hand: "1235m456p789s111z"
  options:
    - {{value: {a}, text: {{ru: "Рянмен"}}, explain: {{ru: "Нет."}}}}
    - {{value: kanchan, text: {{ru: "Канчан"}}{explain}}}
    - {{value: {c}, text: {{ru: "Танки"}}, explain: {{ru: "Да."}}}}
"""


def write(root: Path, lesson_id: str, steps: str, pre: str = "[]") -> Path:
    path = root / "skills" / f"{lesson_id}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(HEADER.format(id=lesson_id, pre=pre) + textwrap.indent(steps, "  "), encoding="utf-8")
    return path


def lines(*paths: Path, style: bool = False) -> list[str]:
    _, probs, _ = check_paths(list(paths), style=style)
    return [str(p) for p in probs]


def shape_steps(a: str = "ryanmen", c: str = "tanki", explain: str = ', explain: {ru: "Нет."}') -> str:
    return SHAPE_STEP.format(a=a, c=c, explain=explain)


@pytest.fixture()
def lang():  # noqa: ANN201
    yield set_language
    set_language("en")


# ------------------------------------------------------------------ 1: option values


def test_the_right_lesson_checks_clean(tmp_path: Path) -> None:
    assert lines(write(tmp_path, "skill_v_ok", shape_steps())) == []


def test_an_unknown_wrong_shape_is_reported_at_its_option(tmp_path: Path) -> None:
    path = write(tmp_path, "skill_v_bad", shape_steps(a="kanchen"))
    (line,) = lines(path)
    assert line.startswith(f"{path}:19:") and "steps[1].options[0].value: 'kanchen' is not a wait shape" in line
    assert "use one of ryanmen kanchan penchan shanpon tanki kokushi" in line


def test_a_typo_in_the_right_shape_gives_one_line(tmp_path: Path) -> None:
    path = write(tmp_path, "skill_v_right", shape_steps(c="tonki"))
    (line,) = lines(path)
    assert "options[2].value: 'tonki' is not a wait shape (did you mean 'tanki'?)" in line
    assert "no option is right" not in line


def test_an_unknown_yaku_id_is_reported() -> None:
    from trainer.lessons.answers import choice_value_problems
    from trainer.lessons.model import ChoiceStep

    step = ChoiceStep.model_validate({
        "kind": "choice", "prompt": {"ru": "Какие яку?"}, "ask": "yaku", "hand": "234m567p789s234s55z",
        "win": {"tile": "5z", "by": "tsumo"}, "multiple": True,
        "options": [{"value": "tanyao"}, {"value": "tanyo"}, {"value": "yes"}]})
    found = choice_value_problems(step)
    assert [p for p, _ in found] == [("options", 1, "value"), ("options", 2, "value")]
    assert "'tanyo' is not a yaku id (did you mean 'tanyao'?)" in found[0][1]


# ------------------------------------------------------------------ 3: explain on every option


def test_an_option_without_explain_is_a_style_note(tmp_path: Path) -> None:
    path = write(tmp_path, "skill_v_noexp", shape_steps(explain=""))
    assert lines(path) == []
    (note,) = [x for x in lines(path, style=True) if "style: option without" in x]
    assert note.startswith(f"{path}:20:") and "style: option without explain" in note


def test_engine_explained_mcr_options_need_no_explain() -> None:
    from trainer.lessons.style import ENGINE_EXPLAINED

    assert {"mcr_fans", "mcr_excluded", "mcr_minimum"} <= ENGINE_EXPLAINED
    assert "shape" not in ENGINE_EXPLAINED


# ------------------------------------------------------------------ 5, 7: plain words


LESSON = HEADER.format(id="skill_v_text", pre="[]") + textwrap.indent(shape_steps(), "  ")


def _problem(text: str):  # noqa: ANN202
    lf = load_text(text, "club/skills/skill_v_text.yaml")
    assert lf.lesson is None and len(lf.problems) == 1, lf.problems
    return lf.problems[0]


@pytest.mark.parametrize(("old", "new", "advice", "ru"), [
    ('text: {ru: "Ожидание — это {term:machi}."}', "text:\n      ru: Внимание: ожидание",
     'a colon inside a text: put the whole text in quotes "…"', "двоеточие внутри текста"),
    ("  - kind: text\n    id: intro", "  - kind: text\n\tid: intro", "replace the tab with spaces", "табуляцию"),
    ("    id: q_shape", "   id: q_shape", "this line is indented differently from the lines around it", "отступ"),
])
def test_yaml_slips_get_plain_advice(lang, old: str, new: str, advice: str, ru: str) -> None:  # noqa: ANN001
    assert old in LESSON
    p = _problem(LESSON.replace(old, new, 1))
    assert f"YAML syntax: {advice} (" in str(p)
    lang("ru")
    assert ru in p.translated()


@pytest.mark.parametrize(("old", "new", "english", "ru"), [
    ('hand: "1235m456p789s111z"', "hand: 1349", 'steps[1].hand: write the hand in quotes in MPSZ notation, e.g. "1349m"',
     "шаг 2, hand: запишите руку в кавычках"),
    ("  prompt:", '  hints: [{ru: "1"}, {ru: "2"}, {ru: "3"}, {ru: "4"}]\n    prompt:',
     "steps[1].hints: at most 3 hints, not 4", "шаг 2, hints: здесь не больше 3, а не 4"),
    ("audience: player", "audience: игрок", "audience: must be one of: child, beginner, player",
     "audience: допустимые значения: child, beginner"),
])
def test_pydantic_words_become_plain(lang, old: str, new: str, english: str, ru: str) -> None:  # noqa: ANN001
    assert old in LESSON
    p = _problem(LESSON.replace(old, new, 1))
    assert english in str(p) and "Input should" not in str(p) and "List should" not in str(p)
    lang("ru")
    assert ru in p.translated(), p.translated()


# ------------------------------------------------------------------ 6, 8: duplicate step id, step names


def test_a_duplicate_step_id_names_the_id_and_its_line(tmp_path: Path, lang) -> None:  # noqa: ANN001
    path = write(tmp_path, "skill_v_dup", shape_steps().replace("id: q_shape", "id: intro"))
    _, (p,), _ = check_paths([path])
    assert str(p) == f"{path}:14:9: steps[1].id: 'intro' is already used by steps[0]"
    assert human_line(p) == f"{path}:14:9: step 2 (intro), id: 'intro' is already used by step 1 (intro)"
    lang("ru")
    assert "строка 14: шаг 2 (intro), id: «intro» уже занят: шаг 1" in p.translated()


def test_the_cli_names_steps_from_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from trainer.__main__ import main

    path = write(tmp_path, "skill_v_cli", shape_steps(a="kanchen"))
    assert main(["lessons", "check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "step 2 (q_shape), options[0].value: 'kanchen' is not a wait shape" in out
    assert "steps[1]" not in out


# ------------------------------------------------------------------ 9: prerequisites in the own folder


def test_a_prerequisite_in_the_teachers_folder_is_found(tmp_path: Path) -> None:
    write(tmp_path, "skill_v_first", shape_steps())
    second = tmp_path / "scoring" / "score_v_second.yaml"
    second.parent.mkdir()
    second.write_text(HEADER.format(id="score_v_second", pre="[skill_v_first]")
                      .replace("track: skills", "track: scoring") + textwrap.indent(shape_steps(), "  "),
                      encoding="utf-8")
    assert lines(second) == []


def test_an_unknown_prerequisite_says_where_it_looked(tmp_path: Path) -> None:
    path = write(tmp_path, "skill_v_pre", shape_steps(), pre="[skill_v_nowhere]")
    (line,) = lines(path)
    assert "unknown prerequisite 'skill_v_nowhere': not found among the shipped lessons" in line
    assert "--lessons-dir DIR" in line


# ------------------------------------------------------------------ 15: a closed pipe


class _ClosedPipe(io.StringIO):
    def write(self, s: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


def test_generators_into_a_closed_pipe_exit_quietly(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from trainer.cli import lessons

    monkeypatch.setattr(sys, "stdout", _ClosedPipe())
    assert lessons._generators() == 0


def test_a_prerequisite_whose_file_has_an_error_is_named_as_such(tmp_path: Path, lang) -> None:  # noqa: ANN001
    """Verify 20: a prerequisite whose own file failed was called 'not found …; --lessons-dir' —
    command-line advice in the app, and the wrong cause."""
    first = write(tmp_path, "skill_v_first", shape_steps())
    first.write_text(first.read_text(encoding="utf-8").replace("level: 1", "level: один"), encoding="utf-8")
    second = write(tmp_path, "skill_v_second", shape_steps(), pre="[skill_v_first]")
    _, probs, _ = check_paths([tmp_path])
    mine = [p for p in probs if p.file.endswith("skill_v_second.yaml")]
    assert len(mine) == 1 and "prerequisite 'skill_v_first' did not load" in mine[0].message
    assert "--lessons-dir" not in mine[0].message
    lang("ru")
    assert "не загрузился" in mine[0].translated() and second.name not in mine[0].translated().split(":")[-1]
