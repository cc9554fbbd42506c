"""Review 22, a club teacher (item 1): every problem the lesson map's dialog shows is said in
Russian in Russian (and in English in English), on one line, with its file, line and place.

Broken lessons of every kind are written here: drill parameters a generator cannot serve, wins the
riichi scorer and the MCR calculator refuse, tile sets and game tables that cannot be set up, a
``show`` step's ``expect:`` of the wrong form, YAML slips, values of the wrong type.  Before, about
29 drill-parameter reasons, the scorers' reasons and the rarer YAML wordings were English inside the
Russian dialog («такое значение здесь не подходит (traps apply to ask=judge only)»), and an
``expect: {named_shape: 3}`` crashed the check."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from trainer.i18n import _, set_language
from trainer.lessons import loader
from trainer.lessons.check import check_files
from trainer.lessons.engine_words import ENGINE_SAYS
from trainer.lessons.loader import LessonFile, Problem, load_text, read_yaml
from trainer.lessons.say import Say

SKILLS = """\
id: ID
title: {ru: "Клуб: ожидания", en: "Club: waits"}
track: skills
level: 50
audience: player
prerequisites: []
minutes: 10
preset: tenhou
skill: waits_basic
steps:
  - kind: text
    id: intro
    text: {ru: "Четыре плитки подряд, например {tiles:3456m}."}
  - kind: show
    id: show_nobetan
    hand: "3456m234p678s555z"
    reveal: [waits]
    expect: {waits: "36m", shanten: 0, named_shape: [nobetan]}
  - kind: pick_tiles
    id: q_waits
    prompt: {ru: "Какие плитки завершают руку?"}
    ask: waits
    hand: "4567p123m789s666z"
    expect: "47p"
  - kind: number
    id: q_fu
    prompt: {ru: "Цумо на {tiles:2s}. Сколько фу?"}
    ask: fu
    hand: "123m999p456s123s77z"
    win: {tile: 2s, by: tsumo, seat: S, round: E}
    expect: 40
  - kind: drill
    id: drill_x
    generator: single_suit_waits
    params: {size: 7, min_waits: 2, max_waits: 3}
    n: 8
  - kind: play
    id: game
    mode: ponjan
    rules: {hand: 7}
    players: 3
    tiles: standard
    goal: {games: 1}
"""

MCR = """\
id: ID
title: {ru: "Клуб: MCR", en: "Club: MCR"}
track: mcr
level: 50
audience: player
prerequisites: []
minutes: 10
preset: mcr
skill: mcr_fans
steps:
  - kind: number
    id: total
    prompt: {ru: "Сколько стоит эта рука?"}
    ask: mcr_total
    hand: "123456789m567p22s"
    win: {tile: 2s, by: ron}
    expect: 21
"""

DRILL = "generator: single_suit_waits\n    params: {size: 7, min_waits: 2, max_waits: 3}"
WIN = "win: {tile: 2s, by: tsumo, seat: S, round: E}"
FU_HAND = 'hand: "123m999p456s123s77z"'
GAME = "mode: ponjan\n    rules: {hand: 7}\n    players: 3\n    tiles: standard"
MCR_WIN = "win: {tile: 2s, by: ron}"


def drill(generator: str, params: str) -> list[tuple[str, str]]:
    """The drill step with another generator and parameters."""
    return [(DRILL, f"generator: {generator}\n    params: {params}")]


def win(flags: str, hand: str | None = None) -> list[tuple[str, str]]:
    """The fu question's win with more flags (and another hand)."""
    edits = [(WIN, "win: {tile: 2s, by: tsumo, seat: S, round: E, " + flags + "}")]
    return edits + ([(FU_HAND, f'hand: "{hand}"')] if hand else [])


def game(lines: str) -> list[tuple[str, str]]:
    """The play step's table written otherwise."""
    return [(GAME, lines)]


# (name, lesson, edits): every one is a broken lesson
CASES: list[tuple[str, str, list[tuple[str, str]]]] = [
    # drill parameters (trainer.engine.exercises): every reason a generator gives
    ("shanten_range", SKILLS, drill("shanten", "{min_shanten: 3, max_shanten: 1}")),
    ("shanten_top", SKILLS, drill("shanten", "{size: 4, min_shanten: 3, max_shanten: 4}")),
    ("shanten_complete", SKILLS, drill("shanten", "{size: 4, min_shanten: -1, max_shanten: -1}")),
    ("discard_range", SKILLS, drill("discard_ukeire", "{min_shanten: 3, max_shanten: 1}")),
    ("points_no_fu", SKILLS, drill("points_lookup", "{fu: []}")),
    ("points_han_range", SKILLS, drill("points_lookup", "{fu: [30], han_min: 3, han_max: 1}")),
    ("points_impossible", SKILLS, drill("points_lookup", "{fu: [25], han_min: 1, han_max: 1}")),
    ("yaku_unknown", SKILLS, drill("yaku_identify", "{pool: [zzz]}")),
    ("yaku_empty", SKILLS, drill("yaku_identify", "{pool: []}")),
    ("single_suit_range", SKILLS, drill("single_suit_waits", "{min_waits: 3, max_waits: 1}")),
    ("single_suit_top", SKILLS, drill("single_suit_waits", "{size: 4, min_waits: 5, max_waits: 6}")),
    ("mixed_range", SKILLS, drill("mixed_waits", "{min_waits: 3, max_waits: 1}")),
    ("mixed_melds", SKILLS, drill("mixed_waits", "{size: 4, melds: 2}")),
    ("preset_unknown", SKILLS, drill("fu_count", "{preset: zzz}")),
    ("furiten_sanma", SKILLS, drill("furiten_situation", "{preset: sanma}")),
    ("tile_name_set", SKILLS, drill("tile_name", "{tiles: zzz}")),
    ("manners_format", SKILLS, drill("manners_situation", "{format: []}")),
    ("manners_none", SKILLS, drill("manners_situation", "{ranks: []}")),
    ("manners_code", SKILLS, drill("manners_situation", "{rules: [zzz]}")),
    ("group_twice", SKILLS, drill("tile_group", "{groups: [simple, simple]}")),
    ("group_choice", SKILLS, drill("tile_group", "{groups: [simple], ask: choice}")),
    ("honor_run", SKILLS, drill("make_set", "{kinds: run, traps: [honor_run], honors: false}")),
    ("traps_judge", SKILLS, drill("make_set", "{ask: complete, traps: [wrap]}")),
    ("special_size", SKILLS, drill("complete_hand", "{size: 8, special_forms: 0.5}")),
    ("pair_special", SKILLS, drill("complete_hand", "{ask: pair, special_forms: 0.5}")),
    ("multi_size", SKILLS, drill("wait_shape", "{shapes: multi, size: 4}")),
    ("param_too_long", SKILLS, drill("shanten", "{size: 100000000000000000000000000000}")),
    ("param_null", SKILLS, drill("kunto_hand", "{ask: null}")),
    ("param_types", SKILLS, drill("shanten", "{size: 3, n: zz, honors: 3, forms: [1]}")),
    # wins the riichi scorer refuses (trainer.engine.scoring)
    ("ippatsu", SKILLS, win("ippatsu: true")),
    ("chankan_tsumo", SKILLS, win("chankan: true")),
    ("rinshan_no_kan", SKILLS, win("rinshan: true")),
    ("haitei_rinshan", SKILLS, [(WIN, "win: {tile: 7z, by: tsumo, seat: S, round: E, haitei: true, rinshan: true}"),
                                (FU_HAND, 'hand: "123m999p456s77z [2222s]"')]),
    ("riichi_open", SKILLS, win("riichi: true", "999p456s123s77z (123m)")),
    ("no_yaku", SKILLS, [(WIN, "win: {tile: 2s, by: ron, seat: S, round: E}")]),
    ("houtei_tsumo", SKILLS, win("houtei: true")),
    ("sanma_tiles", SKILLS, [("preset: tenhou", "preset: sanma")]),
    ("ron_rinshan", SKILLS, [(WIN, "win: {tile: 2s, by: ron, seat: S, round: E, rinshan: true}")]),
    ("ron_haitei", SKILLS, [(WIN, "win: {tile: 2s, by: ron, seat: S, round: E, haitei: true}")]),
    ("ron_houtei_chankan", SKILLS, [(WIN, "win: {tile: 2s, by: ron, seat: S, round: E, houtei: true, chankan: true}")]),
    ("not_complete", SKILLS, [(FU_HAND, 'hand: "123m999p456s123s78z"')]),
    ("empty_hand", SKILLS, [(FU_HAND, 'hand: ""')]),
    # wins the MCR calculator refuses
    ("mcr_rinshan_ron", MCR, [(MCR_WIN, "win: {tile: 2s, by: ron, rinshan: true}")]),
    ("mcr_rinshan_kong", MCR, [(MCR_WIN, "win: {tile: 2s, by: tsumo, rinshan: true}")]),
    ("mcr_haitei_ron", MCR, [(MCR_WIN, "win: {tile: 2s, by: ron, haitei: true}")]),
    ("mcr_houtei_tsumo", MCR, [(MCR_WIN, "win: {tile: 2s, by: tsumo, houtei: true}")]),
    ("mcr_chankan_tsumo", MCR, [(MCR_WIN, "win: {tile: 2s, by: tsumo, chankan: true}")]),
    ("mcr_houtei_chankan", MCR, [(MCR_WIN, "win: {tile: 2s, by: ron, houtei: true, chankan: true}")]),
    ("mcr_last_copy", MCR, [(MCR_WIN, "win: {tile: 2s, by: ron, last_copy: true}")]),
    ("mcr_not_complete", MCR, [('hand: "123456789m567p22s"', 'hand: "123456789m568p22s"')]),
    # tile sets and game tables (trainer.engine.tilesets, trainer.engine.game.simple_modes)
    ("table_option", SKILLS, game("mode: ponjan\n    rules: {zz: 1}\n    players: 3\n    tiles: standard")),
    ("table_hand_word", SKILLS, game("mode: ponjan\n    rules: {hand: zzz}\n    players: 3\n    tiles: standard")),
    ("table_hand_size", SKILLS, game("mode: ponjan\n    rules: {hand: 5}\n    players: 3\n    tiles: standard")),
    ("table_set_name", SKILLS, game("mode: ponjan\n    rules: {hand: 7}\n    players: 3\n    tiles: zzz")),
    ("table_too_few", SKILLS, game("mode: tibet\n    rules: {hand: 13}\n    players: 4\n    tiles: sou_only")),
    ("set_key", SKILLS, game("mode: tibet\n    tiles: {zz: 1}")),
    ("set_suits", SKILLS, game("mode: tibet\n    tiles: {suits: zzz}")),
    ("set_empty", SKILLS, game("mode: tibet\n    tiles: {suits: []}")),
    ("set_copies", SKILLS, game("mode: tibet\n    tiles: {suits: [p], copies: 9}")),
    ("set_honors", SKILLS, game("mode: tibet\n    tiles: {suits: [p], honors: [1m]}")),
    ("set_ranks", SKILLS, game("mode: tibet\n    tiles: {suits: [p], ranks: {s: [1, 2]}}")),
    ("set_reds", SKILLS, game("mode: tibet\n    tiles: {suits: [p], red_fives: 3}")),
    ("preset", SKILLS, [("preset: tenhou", "preset: zzz")]),
    # a show step's expect: written in the wrong form (it crashed the check)
    ("expect_shape_number", SKILLS, [("named_shape: [nobetan]", "named_shape: 3")]),
    ("expect_shape_mapping", SKILLS, [("named_shape: [nobetan]", "named_shape: {a: 1}")]),
    ("expect_waits_list", SKILLS, [('waits: "36m"', "waits: [3m, 6m]")]),
    ("expect_waits_bad", SKILLS, [('waits: "36m"', 'waits: "zzz"')]),
    ("expect_shanten_text", SKILLS, [("shanten: 0,", "shanten: zero,")]),
    # the rarer YAML and schema wordings
    ("yaml_dash", SKILLS, [("    id: q_fu", "    id: - q_fu")]),
    ("yaml_key_brackets", SKILLS, [("goal: {games: 1}", "goal: {games, {x: 1}}")]),
    ("yaml_alias", SKILLS, [("reveal: [waits]", "reveal: [*waits]")]),
    ("yaml_tag", SKILLS, [("kind: drill", "kind: !drill")]),
    ("yaml_document", SKILLS, [("title:", "%title:")]),
    ("yaml_after_quote", SKILLS, [('expect: "47p"', 'expect: "47p"?')]),
    ("yaml_stray", SKILLS, [("  - kind: drill", "  - ]]kind: drill")]),
    ("yaml_flow_comment", SKILLS, [('title: {ru: "Клуб: ожидания", en: "Club: waits"}',
                                    "title: {ru: Клуб #2, en: Club 2}")]),
    ("number_too_long", SKILLS, [("level: 50", "level: 100000000000000000000000000000")]),
]


def _lesson(i: int, base: str, edits: list[tuple[str, str]]) -> tuple[str, str]:
    """The lesson file's text and its path for case ``i``."""
    track, prefix = ("mcr", "mcr") if base is MCR else ("skills", "skill")
    lesson_id = f"{prefix}_club_case{i}"
    text = base.replace("ID", lesson_id, 1)
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text, f"{track}/{lesson_id}.yaml"


@pytest.fixture(scope="module")
def found(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[Problem]]:
    """Every case's problems, checked together as the app checks a teacher's folder."""
    root = tmp_path_factory.mktemp("club")
    files: list[LessonFile] = []
    for i, (_name, base, edits) in enumerate(CASES):
        text, rel = _lesson(i, base, edits)
        files.append(load_text(text, root / rel))
    check_files(files)
    return {name: lf.problems for (name, _b, _e), lf in zip(CASES, files, strict=True)}


RAW = {ENGINE_SAYS, loader.NOT_ACCEPTED, loader.YAML_OTHER, loader.CANNOT_READ_YAML}
"""Message ids that carry somebody else's English words inside them."""
ENGLISH = re.compile(r"\b(the|is|are|not|must|has|have|needs?|only|with|cannot|expected|should)\b")


def english_left(msgid: str, values: dict[str, Any]) -> Iterator[str]:
    """What of a problem stays English in Russian: an id without a translation, an id that quotes
    English words (the engine's, pydantic's, YAML's), a plain value that is an English sentence."""
    if msgid in RAW:
        yield f"raw English: {values}"
    elif msgid and _(msgid) == msgid:
        yield f"no Russian for {msgid!r}"
    for value in values.values():
        if isinstance(value, Say):
            yield from english_left(value.msgid, value.values)
        elif isinstance(value, str) and len(value.split()) >= 3 and ENGLISH.search(value):
            yield f"English value {value!r}"


@pytest.fixture()
def russian() -> Iterator[None]:
    set_language("ru")
    yield
    set_language("en")


@pytest.mark.parametrize("name", [c[0] for c in CASES])
def test_every_problem_is_russian_on_one_line(found: dict[str, list[Problem]], name: str, russian: None) -> None:
    problems = found[name]
    assert problems, f"{name}: the lesson is not broken"
    for p in problems:
        assert p.text, f"{name}: no message id: {p}"
        assert not list(english_left(p.text, p.values)), f"{name}: {p}: {list(english_left(p.text, p.values))}"
        shown = p.translated()
        assert "\n" not in shown and shown.startswith(f"{p.file}, строка {p.line}: "), shown
        under_file = p.translated_in_file()
        assert under_file.startswith(f"строка {p.line}: ") and re.search("[а-яё]{4}", under_file), under_file


@pytest.mark.parametrize("name", [c[0] for c in CASES])
def test_every_problem_is_english_in_english(found: dict[str, list[Problem]], name: str) -> None:
    set_language("en")
    for p in found[name]:
        shown = p.translated_in_file()
        assert shown.startswith(f"line {p.line}: ") and "строка" not in shown and "\n" not in shown, shown


def test_the_command_line_keeps_the_engines_words(found: dict[str, list[Problem]], russian: None) -> None:
    """``lessons check`` stays English, in the engine's own words, whatever the interface language."""
    (p,) = found["traps_judge"]
    assert p.message.endswith("params: traps apply to ask=judge only")
    assert "ловушки бывают только при ask: judge" in p.translated()
    (p,) = [p for p in found["ippatsu"] if "ippatsu" in p.message]
    assert "the engine cannot score this hand (ippatsu_without_riichi): ippatsu needs riichi" in p.message
    assert "иппацу бывает только после риичи" in p.translated()


def test_a_bad_drill_parameter_names_its_field(found: dict[str, list[Problem]], russian: None) -> None:
    (p,) = found["param_too_long"]
    assert "params.size: слишком длинное число" in p.translated()
    (p,) = found["param_null"]
    assert "params.ask: должно быть списком" in p.translated()


def test_a_show_expect_of_the_wrong_form_is_a_problem_not_a_crash(found: dict[str, list[Problem]],
                                                                    russian: None) -> None:
    """``expect: {named_shape: 3}`` crashed ``_check_answers`` («the check … crashed (an error of
    the app …)»); now it says how to write it, at the fact."""
    for name, words in (("expect_shape_number", "напишите название или список названий"),
                        ("expect_waits_list", "запишите плитки в кавычках в нотации MPSZ"),
                        ("expect_waits_bad", "плитки «zzz» записаны с ошибкой"),
                        ("expect_shanten_text", "должно быть целым числом")):
        (p,) = found[name]
        assert "crashed" not in p.message and "expect." in p.where and words in p.translated(), p.translated()


def test_a_flow_comment_is_reported_at_its_hash(found: dict[str, list[Problem]]) -> None:
    (p,) = found["yaml_flow_comment"]
    assert (p.line, p.col) == (2, 18) and "starts a YAML comment" in p.message


def test_random_yaml_slips_are_all_said_in_russian(russian: None) -> None:
    """A fuzz of the base lesson's text: whatever YAML stumbles on is said in our words."""
    rng = random.Random(22)
    marks = list(":{}[]\"'#&*!|>%@`,-?\t\\ \n") + ["- ", ": ", " #", "{{", "]]"]
    base = SKILLS.replace("ID", "skill_club_fuzz")
    for _round in range(1500):
        text = base
        for _k in range(rng.randint(1, 3)):
            at = rng.randrange(len(text))
            text = text[:at] + rng.choice(marks) + text[at + rng.randint(0, 1):]
        for p in read_yaml(text, "x.yaml")[2]:
            assert p.text and not list(english_left(p.text, p.values)), (p, text)


def test_every_reason_the_engine_gives_a_drill_is_worded(russian: None) -> None:
    """Each ``raise ValueError`` of a generator's parameters (trainer/engine/exercises) has words of
    ours: the cases above cover them all (the list is read from the source, so a new reason fails)."""
    source = "\n".join(p.read_text(encoding="utf-8")
                       for p in sorted(Path("trainer/engine/exercises").glob("*.py")))
    calls = re.findall(r'raise ValueError\(((?:\s*f?"[^"]*")+)', source)
    raised = ["".join(re.findall(r'f?"([^"]*)"', call)) for call in calls]
    from trainer.lessons.engine_words import _known_reason

    unworded = []
    for template in raised:
        sample = re.sub(r"\{[^}]*\}", "7", template)
        if _known_reason(sample) is None and not template.startswith(("two rules share", "the seed has",
                                                                       "rules refer to")):
            unworded.append(template)
    assert not unworded, unworded  # the manners bank's own checks (not a lesson's parameters) aside
    assert len(raised) >= 25
