"""Lesson validation: every kind of bad lesson gives an exact ``file:line:col: message``."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from trainer.lessons import load_all
from trainer.lessons.check import check_paths
from trainer.lessons.loader import _display

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

GOOD_STEPS = """\
  - kind: text
    text: {ru: "Ожидание — это {term:machi}: {tiles:25m}."}
  - kind: pick_tiles
    prompt: {ru: "Какие плитки завершают руку?"}
    ask: waits
    hand: "1355m"
    expect: "2m"
"""


def write(root: Path, lesson_id: str, steps: str = GOOD_STEPS, pre: str = "[]", header: str = HEADER) -> Path:
    """A lesson file ``root/skills/<id>.yaml``."""
    path = root / "skills" / f"{lesson_id}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    body = textwrap.indent(textwrap.dedent(steps), "  ")
    path.write_text(header.format(id=lesson_id, pre=pre) + body, encoding="utf-8")
    return path


def problems(*paths: Path) -> list[str]:
    """The problems of the given files as printed lines."""
    _, probs, _ = check_paths(list(paths))
    return [str(p) for p in probs]


def test_good_lesson_has_no_problems(tmp_path: Path) -> None:
    path = write(tmp_path, "skill_good")
    good, probs, n = check_paths([path])
    assert (len(good), probs, n) == (1, [], 1)


def test_yaml_syntax_error(tmp_path: Path) -> None:
    path = tmp_path / "skills" / "skill_bad.yaml"
    path.parent.mkdir()
    path.write_text('id: skill_bad\ntitle: {ru: "x" en: "y"}\n', encoding="utf-8")
    [p] = problems(path)
    assert p.startswith(f"{path}:2:17: YAML syntax: ")
    assert "flow mapping" in p


def test_unknown_step_field_points_at_the_key(tmp_path: Path) -> None:
    steps = GOOD_STEPS + "    colour: red\n"
    path = write(tmp_path, "skill_bad", steps)
    [p] = problems(path)
    assert p.startswith(f"{path}:17:5: steps[1].colour: unknown field 'colour'; a pick_tiles step has: ")


def test_unknown_lesson_field(tmp_path: Path) -> None:
    path = write(tmp_path, "skill_bad", header="author: me\n" + HEADER)
    [p] = problems(path)
    assert p.startswith(f"{path}:1:1: author: unknown field 'author'; a lesson has: id, title")


def test_bad_tile_notation_points_at_the_value(tmp_path: Path) -> None:
    steps = GOOD_STEPS.replace('hand: "1355m"', 'hand: "135x5m"')
    path = write(tmp_path, "skill_bad", steps)
    assert problems(path) == [f"{path}:15:11: steps[1].hand: bad hand notation '135x5m': 'x' is not a tile"]


def test_bad_inline_tiles_in_text(tmp_path: Path) -> None:
    steps = GOOD_STEPS.replace("{tiles:25m}", "{tiles:2q}")
    path = write(tmp_path, "skill_bad", steps)
    assert problems(path) == [
        f"{path}:11:46: steps[0].text.ru: bad tiles in {{tiles:2q}}: 'q' is not a tile"
    ]


def test_expect_the_engine_disagrees_with(tmp_path: Path) -> None:
    steps = GOOD_STEPS.replace('expect: "2m"', 'expect: "3m"')
    path = write(tmp_path, "skill_bad", steps)
    assert problems(path) == [f"{path}:16:13: steps[1].expect: expect 3m but the engine finds 2m"]


def test_question_without_an_answer(tmp_path: Path) -> None:
    steps = GOOD_STEPS.replace('hand: "1355m"', 'hand: "1479m"').replace('    expect: "2m"\n', "")
    path = write(tmp_path, "skill_bad", steps)
    assert problems(path) == [f"{path}:15:11: steps[1].hand: the hand is not tenpai: there are no waits to pick"]


def test_number_expect(tmp_path: Path) -> None:
    steps = """\
      - kind: number
        prompt: {ru: "Шантен?"}
        ask: shanten
        hand: "1479m"
        expect: 2
    """
    path = write(tmp_path, "skill_bad", steps)
    assert problems(path) == [f"{path}:14:13: steps[0].expect: expect 2 but the engine computes 1"]


def test_unknown_glossary_term(tmp_path: Path) -> None:
    steps = GOOD_STEPS.replace("{term:machi}", "{term:no_such_term_xyz}")
    path = write(tmp_path, "skill_bad", steps)
    assert problems(path) == [f"{path}:11:32: steps[0].text.ru: unknown glossary term 'no_such_term_xyz'"]


def test_positions_inside_a_block_text(tmp_path: Path) -> None:
    steps = """\
      - kind: text
        text:
          ru: |
            Первая строка {term:machi}.

            Вторая {tiles:12m} и {term:nosuch_term}.
    """
    path = write(tmp_path, "skill_bad", steps)
    assert problems(path) == [f"{path}:15:30: steps[0].text.ru: unknown glossary term 'nosuch_term'"]


def test_unknown_step_kind(tmp_path: Path) -> None:
    path = write(tmp_path, "skill_bad", GOOD_STEPS + "  - kind: video\n    url: x\n")
    [p] = problems(path)
    assert p.startswith(f"{path}:17:11: steps[2]: unknown step kind 'video'; use one of: text, show, choice")


def test_missing_translation(tmp_path: Path) -> None:
    header = HEADER.replace('title: {{ru: "Тест", en: "Test"}}', 'title: {{ru: "Тест"}}')
    path = write(tmp_path, "skill_bad", header=header)
    assert problems(path) == [f"{path}:2:8: title: missing translation 'en'"]


def test_duplicate_key(tmp_path: Path) -> None:
    path = write(tmp_path, "skill_bad", header=HEADER.replace("minutes: 5\n", "minutes: 5\nminutes: 6\n"))
    assert problems(path) == [f"{path}:7:1: duplicate key 'minutes' (the later one would win)"]


def test_file_name_must_match_id(tmp_path: Path) -> None:
    path = write(tmp_path, "skill_one")
    renamed = path.with_name("skill_two.yaml")
    path.rename(renamed)
    assert problems(renamed) == [f"{renamed}:1:5: id 'skill_one' differs from the file name 'skill_two.yaml'"]


def test_prerequisite_cycle_and_unknown(tmp_path: Path) -> None:
    a = write(tmp_path, "skill_cyc_a", pre="[skill_cyc_b]")
    b = write(tmp_path, "skill_cyc_b", pre="[skill_cyc_a, skill_nowhere]")
    assert problems(a, b) == [
        f"{a}:8:17: prerequisite cycle: skill_cyc_a -> skill_cyc_b -> skill_cyc_a",
        f"{b}:8:17: prerequisite cycle: skill_cyc_a -> skill_cyc_b -> skill_cyc_a",
        f"{b}:8:30: unknown prerequisite 'skill_nowhere': not found among the shipped lessons or in "
        f"{_display(tmp_path)}/; check its folder with --lessons-dir DIR",
    ]


def test_drill_generator_and_params(tmp_path: Path) -> None:
    steps = """\
      - kind: drill
        generator: single_suit_waits
        params: {size: 7, min_waits: 6, max_waits: 6}
      - kind: drill
        generator: no_such_drill
      - kind: drill
        generator: shanten
        params: {sizee: 13}
    """
    path = write(tmp_path, "skill_bad", steps)
    got = problems(path)
    assert got[0] == f"{path}:12:13: steps[0].params: a 7-tile single-suit hand has at most 5 waits, not 6"
    assert got[1].startswith(f"{path}:14:16: steps[1].generator: unknown generator 'no_such_drill'; known: ")
    assert got[2].startswith(f"{path}:17:14: steps[2].params.sizee: unknown parameter of shanten; it has: ")


def test_engine_choice_needs_multiple(tmp_path: Path) -> None:
    steps = """\
      - kind: choice
        prompt: {ru: "Форма?"}
        ask: shape
        hand: "1112345m"
        options:
          - {value: tanki, explain: {ru: "a"}}
          - {value: ryanmen, explain: {ru: "b"}}
          - {value: kanchan, explain: {ru: "c"}}
    """
    path = write(tmp_path, "skill_bad", steps)
    [p] = problems(path)
    assert p.startswith(f"{path}:10:5: steps[0].multiple: the engine finds 2 right options (ryanmen, tanki)")


def test_authored_choice_needs_a_right_option(tmp_path: Path) -> None:
    steps = """\
      - kind: choice
        prompt: {ru: "Что?"}
        options:
          - {text: {ru: "a"}}
          - {text: {ru: "b"}}
    """
    path = write(tmp_path, "skill_bad", steps)
    assert problems(path) == [
        f"{path}:10:5: steps[0]: mark the right option(s) with correct: true, or let the engine decide with ask:"
    ]


def test_show_expect_checked(tmp_path: Path) -> None:
    steps = """\
      - kind: show
        hand: "3499m"
        expect: {waits: "25m", shanten: 0, ukeire: 7}
    """
    path = write(tmp_path, "skill_bad", steps)
    assert problems(path) == [f"{path}:12:48: steps[0].expect.ukeire: expect 7 but the engine computes 8"]


def test_load_all_skips_broken_files_and_never_raises(tmp_path: Path) -> None:
    write(tmp_path, "skill_good")
    write(tmp_path, "skill_bad", GOOD_STEPS.replace('expect: "2m"', 'expect: "3m"'))
    (tmp_path / "skills" / "skill_empty.yaml").write_text("", encoding="utf-8")
    (tmp_path / "skills" / "skill_list.yaml").write_text("- 1\n- 2\n", encoding="utf-8")
    (tmp_path / "skills" / "skill_binary.yaml").write_bytes(b"\xff\xfe\x00bad")
    lib = load_all(tmp_path)
    assert list(lib.lessons) == ["skill_good"]
    files = {Path(p.file).name for p in lib.problems}
    assert files == {"skill_bad.yaml", "skill_empty.yaml", "skill_list.yaml", "skill_binary.yaml"}
    assert lib.by_track("skills")[0].id == "skill_good"


def test_load_all_missing_folder(tmp_path: Path) -> None:
    lib = load_all(tmp_path / "nowhere")
    assert not lib.lessons and "lesson folder not found" in lib.problems[0].message


@pytest.mark.parametrize("kind", ["arrange", "play"])
def test_arrange_and_play_steps(tmp_path: Path, kind: str) -> None:
    steps = {
        "arrange": """\
      - kind: arrange
        prompt: {ru: "Разложите"}
        ask: boxes
        tiles: "1m5p9s1z"
        boxes:
          - {label: {ru: "Числа"}, filter: numbers}
          - {label: {ru: "Картинки"}, filter: honors}
    """,
        "play": """\
      - kind: play
        mode: tibet
        rules: {hand: 4}
        players: 3
        bots: gentle
        reveal: all
        goal: {games: 3}
    """,
    }[kind]
    path = write(tmp_path, "skill_ok", steps)
    assert problems(path) == []
    bad = write(tmp_path, "skill_bad", steps.replace("numbers", "sticks").replace("tibet", "chess"))
    [p] = problems(bad)
    assert ("steps[0].boxes[0].filter" if kind == "arrange" else "steps[0].mode") in p


def test_tile_set_name_or_spec(tmp_path: Path) -> None:
    ok = write(tmp_path, "skill_ok", header=HEADER.replace("minutes: 5\n", "minutes: 5\ntiles: {{suits: [p]}}\n"))
    assert problems(ok) == []
    bad = write(tmp_path, "skill_bad", header=HEADER.replace("minutes: 5\n", "minutes: 5\ntiles: pin36\n"))
    [p] = problems(bad)
    assert p.startswith(f"{bad}:7:8: tiles: unknown tile set 'pin36'; known: ")
    spec = write(tmp_path, "skill_spec", header=HEADER.replace("minutes: 5\n", "minutes: 5\ntiles: {{suits: [q]}}\n"))
    [p] = problems(spec)
    assert p.startswith(f"{spec}:7:8: tiles: tile set of skill_spec: [tiles] suits: ")


def test_style_notes_only_with_style(tmp_path: Path) -> None:
    long_text = "слово " * 120
    steps = f"""\
      - kind: text
        text: {{ru: "{long_text}"}}
      - kind: text
        text: {{ru: "Коротко."}}
      - kind: show
        hand: "1355m"
    """
    path = write(tmp_path, "skill_style", steps)
    assert problems(path) == []
    _, notes, _ = check_paths([path], style=True)
    assert [str(n) for n in notes] == [
        f"{path}:10:3: style: 0% of the steps are interactive; at least 40% (curriculum §1.2)",
        f"{path}:10:3: style: 3 steps; a lesson has 6-12 (curriculum §1.2)",
        f"{path}:11:16: style: 120 words; one idea per text step, about 90 words",
        f"{path}:14:5: style: three reading steps (text/show) in a row; at most two (curriculum §1.2)",
    ]


def test_a_hand_the_engine_refuses_is_reported_at_its_step(tmp_path: Path) -> None:
    steps = """\
      - kind: number
        prompt: {ru: "Шантен?"}
        ask: shanten
        hand: "1479m12p"
        expect: 2
    """
    path = write(tmp_path, "skill_bad", steps)
    (line,) = problems(path)
    assert line.startswith(f"{path}:10:5: steps[0]: ") and "internal error" not in line
    assert "6 tiles" in line or "size" in line or "cannot" in line


def test_shape_game_play_steps_are_checked_against_their_mode(tmp_path: Path) -> None:
    good = """\
      - kind: play
        mode: tibet
        tiles: pin36
        rules: {hand: 4}
        goal: {games: 1}
    """
    assert problems(write(tmp_path, "skill_good", good)) == []  # a mode's own tile set name is fine
    bad = good.replace("rules: {hand: 4}", "rules: {hand: 4, bogus: 1}")
    (line,) = problems(write(tmp_path, "skill_bad", bad))
    assert "steps[0]: mode tibet: unknown option 'bogus'" in line
