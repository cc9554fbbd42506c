"""Beginner review 22, follow-ups (bfollow): the yaku drill can leave kans out, the glossary knows
two more misspellings, and the tile-groups drill card names only the groups it asks.

* ``yaku_identify`` takes ``kans`` (default true, as before): with ``kans: false`` no hand holds a
  kan, so no kan-dora indicator shows either; the basics lessons before the kan lesson set it.
  A drill that does not set it keeps its items and item ids (the learner's history).
* «чинитсу», «чиницу» (chinitsu) and «нобэтан» (nobetan) are variant spellings ``lessons check``
  reports.
* The ``tile_group`` card said «Простые, крайние, благородные и ценные плитки» for every drill;
  it now names the groups of its ``groups`` parameter.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from tests.test_lessons_validation import problems, write  # noqa: E402
from tests.ui_events import lesson_app, open_lesson_step  # noqa: E402
from trainer.engine.exercises import GENERATORS  # noqa: E402
from trainer.engine.notation import parse_hand, parse_tiles  # noqa: E402
from trainer.glossary import load_glossary  # noqa: E402
from trainer.i18n import set_language  # noqa: E402
from trainer.lessons import load_all  # noqa: E402
from trainer.lessons.spelling import SpellingChecker  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.views.drill_catalog import generator_blurb  # noqa: E402

YAKU = GENERATORS["yaku_identify"]
YAKUHAI_DRILL = {"pool": ["yakuhai_haku", "yakuhai_hatsu", "yakuhai_chun", "yakuhai_seat_wind",
                          "yakuhai_round_wind"], "ask": "yaku", "open_ratio": 0.5, "preset": "tenhou_no_aka"}
"""The basics_yakuhai drill's parameters without ``kans``: 50 of 300 items held a kan."""
BEFORE = [("3399p11224450s44z", "yaku_identify:d71787e457:0"),
          ("78999m (2*34m)< (7*89m)< (3*40m)<", "yaku_identify:d71787e457:1"),
          ("88899m345p234s [7777p]", "yaku_identify:d71787e457:2"),
          ("789p11z (1*11p)^ (7*89s)< (7*89m)<", "yaku_identify:d71787e457:3")]
"""The default drill's first items and ids, generated before the ``kans`` parameter existed."""


def kan_count(hand: str) -> int:
    """The kans among a drill hand's melds."""
    return sum(m.kind.is_kan for m in parse_hand(hand, check_size=False).melds)


# ---------------------------------------------------------------- yaku_identify: kans


def test_without_kans_no_item_in_300_holds_a_kan_or_a_second_indicator() -> None:
    with_kans = sum(kan_count(YAKU.generate(YAKUHAI_DRILL, seed=s).prompt.hand) > 0 for s in range(300))
    assert with_kans > 20  # the drill as it was: about one hand in six
    for seed in range(300):
        ex = YAKU.generate({**YAKUHAI_DRILL, "kans": False}, seed=seed)
        data = dict(ex.prompt.data)
        assert kan_count(ex.prompt.hand) == 0, (seed, ex.prompt.hand)
        assert len(parse_tiles(data["dora"])) == 1, (seed, data["dora"])


def test_the_default_keeps_the_items_and_ids_from_before() -> None:
    assert [(YAKU.generate({}, seed=s).prompt.hand, YAKU.generate({}, seed=s).item_id) for s in range(4)] == BEFORE
    for seed in range(20):
        default, explicit = YAKU.generate(YAKUHAI_DRILL, seed=seed), YAKU.generate({**YAKUHAI_DRILL, "kans": True},
                                                                                  seed=seed)
        assert (default.prompt, default.answer, default.item_id) == (explicit.prompt, explicit.answer,
                                                                     explicit.item_id)
    assert YAKU.params({"kans": False}).key() != YAKU.params({}).key()  # its own items and ids


def test_the_basics_yaku_drills_before_the_kan_lesson_leave_kans_out() -> None:
    lessons = load_all().lessons
    kan_level = lessons["basics_kan"].level
    drills = [(lesson.id, step.id, step.params) for lesson in lessons.values()
              if lesson.track == "basics" and lesson.level < kan_level
              for step in lesson.steps if getattr(step, "generator", None) == "yaku_identify"]
    assert len(drills) == 4, drills  # yakuhai; tanyao and pinfu; the yaku tour's warm-up and drill
    for lesson_id, step_id, params in drills:
        assert params.get("kans") is False, (lesson_id, step_id)
        for seed in range(40):
            assert kan_count(YAKU.generate(dict(params), seed=seed).prompt.hand) == 0, (lesson_id, step_id, seed)


# ---------------------------------------------------------------- glossary variants


@pytest.mark.parametrize(("text", "bad", "term"), [
    ("Чинитсу стоит шесть ханов.", "Чинитсу", "chinitsu"),
    ("Рука идёт в чиницу.", "чиницу", "chinitsu"),
    ("Форма 3456 — это нобэтан.", "нобэтан", "nobetan"),
])
def test_chinitsu_and_nobetan_misspellings_are_found(text: str, bad: str, term: str) -> None:
    found = SpellingChecker(load_glossary()).findings(text)
    assert [text[f.offset:f.offset + len(bad)] for f in found] == [bad], found
    assert term in str(found[0].message)


def test_lessons_check_reports_chinitsu_spelled_with_ts(tmp_path: Path) -> None:
    steps = """\
    - kind: text
      text: {ru: "Чинитсу и нобэтан."}
    """
    probs = problems(write(tmp_path, "skill_variant", steps))
    assert len(probs) == 2, probs
    assert "«Чинитсу» is a variant spelling" in probs[0] and "«нобэтан» is a variant spelling" in probs[1]


# ---------------------------------------------------------------- the tile-groups card


@pytest.fixture()
def app(tmp_path: Path) -> Iterator[App]:
    a = lesson_app(tmp_path, language="ru")
    yield a
    a.close()
    set_language("en")


def test_the_tile_groups_lessons_card_names_only_its_three_groups(app: App) -> None:
    screen = open_lesson_step(app, "basics_tile_groups", "drill_families")
    assert screen.view.blurb == "Различайте простые, крайние и благородные плитки."
    assert "ценные" not in screen.view.blurb


def test_a_value_tile_drill_card_names_the_value_tiles(app: App) -> None:
    screen = open_lesson_step(app, "basics_yakuhai", "value_tiles_drill")
    assert screen.view.blurb == "Найдите ценные плитки."


@pytest.mark.parametrize(("groups", "blurb"), [
    (None, "Tell simples, terminals and honors apart."),  # the drill menu: the generator's default groups
    (["simple", "terminal", "honor", "value"], "Tell simples, terminals, honors and value tiles apart."),
    (["simple", "yaochuu"], "Tell simples and terminals and honors apart."),
    (["value"], "Find the value tiles."),
])
def test_the_card_follows_the_groups_parameter(groups: list[str] | None, blurb: str) -> None:
    set_language("en")
    params = {"ask": "choice"} if groups is None else {"groups": groups}
    assert generator_blurb("tile_group", GENERATORS["tile_group"], params) == blurb
