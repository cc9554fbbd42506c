"""Review 19 (beginner), items 8, 12, 13 and 22: every wrong answer says why the learner's own choice
is wrong, in a beginner's words, and the answer comes under the usual heading after the last try.

* 8: tiles put into boxes: each misplaced tile with why it is not of that box's group (and, after
  the last try, which group it is of), the answer in words under «Вот ответ», each tile in one box.
* 12: a complete seven-pairs hand: "already complete as seven pairs", the count labelled as the
  four-sets form's.
* 13: "mark every tile of...": a wrong pick is told its own group; the answer is not printed twice;
  the waits feedback does not repeat the loose tile with a wrong verb.
* 22: the basics lessons' wrong-option explanations hint, they do not solve.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402
import yaml  # noqa: E402

from tests.ui_events import click, frame, headless_app, key  # noqa: E402
from trainer.engine.notation import parse_hand, parse_tiles  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.richtext import BR  # noqa: E402
from trainer.ui.views import mistakes  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def _open(app: App, lesson_id: str, step_id: str):  # noqa: ANN202
    screen = app.push("lesson", lesson_id=lesson_id, step=0)
    steps = [s.id for s in screen.lesson.steps]
    app.pop()
    screen = app.push("lesson", lesson_id=lesson_id, step=steps.index(step_id))
    frame(app)
    return screen


def _all_in_first_box(app: App, screen: Any) -> None:
    view = screen.view
    for i in range(len(view.box_of)):
        click(app, view.row.rects[i].center)
        key(app, pygame.K_1, "1")  # into the first box
    key(app, pygame.K_RETURN, "\r")
    frame(app)


# ---------------------------------------------------------------- 8: boxes


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_misplaced_tiles_are_explained_and_the_answer_is_shown_under_the_heading(tmp_path: Path, lang: str) -> None:
    with headless_app(tmp_path, language=lang) as app:
        screen = _open(app, "basics_tile_groups", "three_boxes")  # tiles 2m9p5z1s7s3z8m1p; simples/terminals/honors
        _all_in_first_box(app, screen)
        assert screen.feedback_kind == "retry"
        first = screen.feedback_text
        # the misplaced tiles, once each, with what the box's group is; the right group not named yet
        assert "{tiles:9p} {tiles:5z} {tiles:1s} {tiles:3z} {tiles:1p}" in first, first
        assert ("are not {term:chunchanpai|simples}: simples are the numbers 2 to 8" in first if lang == "en" else
                "— не {term:chunchanpai|простые}: простые — это числа от 2 до 8" in first), first
        assert "routouhai" not in first and "jihai" not in first
        key(app, pygame.K_RETURN, "\r")  # try again, the same boxes
        key(app, pygame.K_RETURN, "\r")
        frame(app)
        assert screen.phase == "done" and screen.feedback_kind == "wrong"
        assert screen.feedback_rect is not None  # the «Here is the answer» panel is there
        answer = screen.answer_line
        assert answer.startswith("The answer: “Simples 2-8”: {tiles:2m8m7s}" if lang == "en" else
                                 "Ответ: «Простые 2-8»: {tiles:2m8m7s}"), answer
        text = screen.feedback_text
        if lang == "en":
            assert "{tiles:9p} {tiles:1s} {tiles:1p} are not simples but {term:routouhai|terminals}" in text, text
            assert "{tiles:5z} {tiles:3z} are not simples but {term:jihai|honors}" in text, text
        else:
            assert "{tiles:9p} {tiles:1s} {tiles:1p} — не простые, а {term:routouhai|крайние}" in text, text
            assert "{tiles:5z} {tiles:3z} — не простые, а {term:jihai|благородные}" in text, text
        # each tile is drawn in one box only: the box it belongs in
        view = screen.view
        boxes = [{i for i, _m, _f in view._box_items(bi)} for bi in range(3)]
        assert sorted(i for b in boxes for i in b) == list(range(8))
        assert all(not (a & b) for a in boxes for b in boxes if a is not b)


def test_the_reasons_come_from_each_boxs_group(en: Any) -> None:
    """Other groups (numbers, winds, dragons; terminals and honors together), never a fixed answer."""
    def step(tiles: str, *filters: str) -> SimpleNamespace:
        return SimpleNamespace(tiles=tiles, boxes=[SimpleNamespace(filter=f) for f in filters])

    want = [0, 1, 2, 0, 0]
    text = mistakes.boxes_text(step("7m2z6z4p9s", "numbers", "winds", "dragons"), [1, 2, 1, 0, 2], want, final=True)
    assert text.split(BR) == [
        "{tiles:7m} is not a wind but {term:suuhai|a number tile}: number tiles are the three suits, characters, "
        "dots and bamboo, numbered 1 to 9.",
        "{tiles:2z} is not a dragon but {term:kazehai|a wind}: the winds are East, South, West and North.",
        "{tiles:6z} is not a wind but {term:sangenpai|a dragon}: the dragons are white, green and red.",
        "{tiles:9s} is not a dragon but {term:suuhai|a number tile}: number tiles are the three suits, "
        "characters, dots and bamboo, numbered 1 to 9.",
    ]
    text = mistakes.boxes_text(step("9m4p1z", "simples", "yaochuu"), [0, 1, 0], [1, 0, 1], final=True)
    assert text.split(BR) == [
        "{tiles:9m} is not a simple but {term:routouhai|a terminal}: terminals are the ones and nines of the three "
        "suits.",
        "{tiles:4p} is not a terminal or an honor but {term:chunchanpai|a simple}: simples are the numbers 2 to 8 "
        "of the three suits.",
        "{tiles:1z} is not a simple but {term:jihai|an honor}: honors are the winds and dragons, the tiles without "
        "a number.",
    ]


def test_a_terminal_among_the_simples_in_russian(ru: Any) -> None:
    line = mistakes.group_lines([("9m", "simples", "terminals")])[0]
    assert line == ("{tiles:9m} — не простая, а {term:routouhai|крайняя}: крайние — это единицы и девятки трёх "
                    "мастей.")


def test_cards_put_in_the_wrong_box_are_named(en: Any) -> None:
    assert mistakes.cards_boxes_text(["Keep quiet.", "Say it aloud."], ["Hands", "Voice"], [0, 0], [0, 1]) == \
        "“Say it aloud” goes in “Voice”, not in “Hands”."


# ---------------------------------------------------------------- 12: shanten of a complete seven pairs


SEVEN_PAIRS = "11m55m22p44p77s33z66z"


def test_a_complete_seven_pairs_is_not_closer_to_tenpai(en: Any) -> None:
    hand = parse_hand(SEVEN_PAIRS, check_size=False)
    retry = mistakes.shanten_text(hand, 0, -1, final=False)
    assert "closer to tenpai" not in retry
    assert "Read the hand as {term:chiitoitsu}. Does it still lack a tile that way?" in retry
    final = mistakes.shanten_text(hand, 0, -1, final=True).split(BR)
    assert final[1].startswith("As {term:chiitoitsu} the hand is already complete, so its {term:shanten} is −1"), final
    assert final[2].startswith("Count as 4 sets and a pair: 2 × 4"), final
    assert final[2].endswith("= 3."), final


def test_a_complete_seven_pairs_in_russian(ru: Any) -> None:
    final = mistakes.shanten_text(parse_hand(SEVEN_PAIRS, check_size=False), 0, -1, final=True).split(BR)
    assert final[1].startswith("В виде {term:chiitoitsu} рука уже собрана"), final
    assert final[2].startswith("Счёт для вида «4 сета и пара»: 2 × 4"), final
    retry = mistakes.shanten_text(parse_hand(SEVEN_PAIRS, check_size=False), 0, -1, final=False)
    assert "ближе к тенпаю" not in retry


def test_the_standard_count_stays_unlabelled_when_it_is_the_answer(en: Any) -> None:
    hand = parse_hand("123m456p11s22s5z", check_size=False)
    from trainer.engine.shanten import shanten

    final = mistakes.shanten_text(hand, shanten(hand) + 1, shanten(hand), final=True)
    assert "Count: 2 ×" in final and "Count as" not in final and "already complete" not in final


# ---------------------------------------------------------------- 13: picks of a group; waits


def _pick(app: App, screen: Any, names: set[str]) -> None:
    view = screen.view
    view.picker.selected.clear()
    for i, s in enumerate(view.picker.slots):
        if str(s.tile) in names:
            view.picker.selected.add(i)
    key(app, pygame.K_RETURN, "\r")
    frame(app)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_wrong_pick_of_a_group_is_told_its_own_group_and_the_answer_comes_once(tmp_path: Path, lang: str) -> None:
    with headless_app(tmp_path, language=lang) as app:
        screen = _open(app, "basics_tiles", "pick_man")  # 3m5p7m2s9m1p4m: the man tiles
        _pick(app, screen, {"5p", "3m"})
        text = screen.feedback_text
        assert (("{tiles:5p} is not a tile of characters but {term:pinzu|a tile of dots}: tiles of dots show "
                 "circles.") if lang == "en" else
                "{tiles:5p} — не плитка ман, а {term:pinzu|плитка пин}: на плитках пин нарисованы кружки.") in text
        key(app, pygame.K_RETURN, "\r")
        key(app, pygame.K_RETURN, "\r")
        frame(app)
        assert screen.feedback_kind == "wrong" and screen.feedback_rect is not None
        shown = screen._feedback_markup()
        assert shown.count("{tiles:3479m}") == 1, shown  # the answer once
        assert "not picked yet" not in shown and "Ещё не выбраны" not in shown, shown


def test_the_loose_tile_of_a_non_wait_is_named_once(en: Any) -> None:
    from trainer.engine.explain import not_a_wait

    line = mistakes.not_wait_line(not_a_wait(parse_hand("1355p", check_size=False), 9))  # 1p
    assert "loose tile: {tiles:3p}" in line and line.count("{tiles:3p}") == 1, line
    assert "stay outside" not in line


def test_the_loose_tile_of_a_non_wait_in_russian(ru: Any) -> None:
    from trainer.engine.explain import not_a_wait

    line = mistakes.not_wait_line(not_a_wait(parse_hand("1355p", check_size=False), 9))
    assert "одиночная плитка: {tiles:3p}" in line and line.count("{tiles:3p}") == 1, line
    assert "остаются" not in line, line


# ---------------------------------------------------------------- 22: the first miss hints, it does not solve


def _tiles_in(text: str) -> int:
    return sum(len(parse_tiles(t, max_copies=None)) for t in re.findall(r"\{tiles:([0-9mpsz]+)\}", text))


def test_wrong_options_of_the_basics_do_not_spell_out_the_whole_hand() -> None:
    """A wrong option's explanation is shown on the first miss: it may show a set or two, never the
    split of the whole hand (which leaves nothing for the retry)."""
    for path in sorted((ROOT / "lessons" / "basics").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for step in data["steps"]:
            if step.get("kind") != "choice" or not step.get("hand"):
                continue
            size = len(parse_hand(step["hand"], check_size=False).concealed)
            if size < 10:  # a four-tile hand: naming a shape is no solution
                continue
            expect = step.get("expect") or []
            for option in step.get("options", []):
                if option.get("correct") or option.get("value") in expect or not option.get("explain"):
                    continue
                for lang, text in option["explain"].items():
                    assert _tiles_in(text) < size - 4, (path.name, step.get("id"), lang, text)


def test_the_reviewed_explanations_hint() -> None:
    steps = {s["id"]: s for s in yaml.safe_load((ROOT / "lessons/basics/basics_winning_shape.yaml").read_text(
        encoding="utf-8"))["steps"]}

    def wrong(step_id: str) -> dict[str, str]:
        step = steps[step_id]
        return next(o["explain"] for o in step["options"] if o.get("value") not in step["expect"])

    assert "{tiles:456m}" not in wrong("complete_yes")["ru"] and "{tiles:55s}" not in wrong("complete_yes")["ru"]
    assert "семь" not in wrong("seven_pairs_yes")["ru"]
    assert "13" not in wrong("orphans_yes")["ru"]
