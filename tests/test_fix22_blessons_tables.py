"""Beginner review 22 (blessons): the basics lessons' tables and drills allow what their steps teach.

The riichi lesson's glass table offers riichi and wants a yaku for a win; the yakuhai lesson's table
also lets the learner call pon.  The drills inside the first twelve lessons ask only what was taught
by then, and the tile-groups lesson ends with a tile-groups drill.  Each table is opened the way the
learner opens it: the lesson step, then Enter on its Play button.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui_events import key, lesson_app, open_lesson_step  # noqa: E402
from trainer.engine.exercises import GENERATORS  # noqa: E402
from trainer.engine.game.actions import Discard, Pon, Riichi  # noqa: E402
from trainer.engine.game.simple import SimpleGame, scripted_wall  # noqa: E402
from trainer.engine.tiles import parse_tile  # noqa: E402
from trainer.lessons import load_all  # noqa: E402
from trainer.ui.app import App  # noqa: E402

T = parse_tile
LEARNER = "123m456p789s24s55z"  # ready on 3s after a discard, no yaku without riichi (or a tsumo)
OTHERS = ["1111222233334z", "444z666z777z1199p", "2233p6677p8899m1s"]


@pytest.fixture()
def app(tmp_path: Path) -> Iterator[App]:
    a = lesson_app(tmp_path)
    yield a
    a.close()


def open_table(app: App, lesson_id: str, step_id: str) -> Any:
    """The lesson's play step, then Enter (its Play button): the table the learner sits at."""
    open_lesson_step(app, lesson_id, step_id)
    key(app, pygame.K_RETURN, "\r")
    table = app.screen
    assert table.name == "play_simple"
    return table


def deal(table: Any, hands: list[str], draws: str, dealer: int = 0) -> SimpleGame:
    """Replace the table's hand by one dealt from a scripted wall (hands from the dealer on)."""
    table.game = SimpleGame(table.setup, wall=scripted_wall(table.setup.tileset, hands, draws), dealer=dealer)
    table.counted = False
    table.focus = None
    table.rebuild()
    return table.game


def labels(table: Any) -> list[str]:
    return [b.label for b in table.action_buttons]


# ---------------------------------------------------------------- the riichi lesson's table


def test_the_riichi_lessons_table_offers_riichi_when_the_learner_is_ready(app: App) -> None:
    table = open_table(app, "basics_riichi", "riichi_practice")
    game = deal(table, [LEARNER, *OTHERS], "9m")
    assert any(isinstance(a, Riichi) and a.tile == T("9m") for a in table.my_legal())
    assert "Riichi" in labels(table)
    table.action_buttons[labels(table).index("Riichi")].activate()
    assert table.discard_tile(T("9m"))
    assert game.riichi[0]


def test_the_riichi_lessons_table_wants_a_yaku_for_a_win(app: App) -> None:
    table = open_table(app, "basics_riichi", "riichi_practice")
    game = deal(table, [LEARNER, *OTHERS], "9m")
    game.apply(0, Discard(T("9m")))  # ready on 3s, silently (damaten)
    assert not game.can_win_with(0, T("3s"), tsumo=False)  # a ron without a yaku is no win
    won = game.hand(0).with_tile(T("3s"))
    assert game.yaku_of(0, won, T("3s"), tsumo=True) == ("menzen_tsumo",)  # a closed tsumo has its yaku
    game.riichi[0] = True
    assert game.can_win_with(0, T("3s"), tsumo=False)  # riichi is one too


# ---------------------------------------------------------------- the yakuhai lesson's table


def test_the_yakuhai_lessons_table_offers_pon_on_a_value_tile(app: App) -> None:
    table = open_table(app, "basics_yakuhai", "yakuhai_practice")
    assert (table.setup.win, table.setup.calls) == ("yaku", "pon")
    # the player on the learner's left deals and gives away White; the learner holds a pair of it
    game = deal(table, ["444z666z777z1199p", LEARNER, *OTHERS[::2]], "5z", dealer=3)
    game.apply(3, Discard(T("5z")))
    table.rebuild()
    assert any(isinstance(a, Pon) for a in table.my_legal())
    assert "Pon!" in labels(table)


def test_the_yakuhai_lessons_table_offers_riichi_to_a_closed_hand(app: App) -> None:
    table = open_table(app, "basics_yakuhai", "yakuhai_practice")
    deal(table, [LEARNER, *OTHERS], "9m")
    assert "Riichi" in labels(table)


def test_other_basics_tables_allow_what_their_text_asks() -> None:
    """Every other play step of the basics and skills tracks: the turn-flow table only asks to
    draw and discard (any shape wins, no calls), the match is the full game, kunto its procedure."""
    from trainer.engine.game.simple_modes import table_setup

    lib = load_all()
    plays = {(lid, s.id): s for lid, lesson in lib.lessons.items() if lesson.track in ("basics", "skills")
             for s in lesson.steps if s.kind == "play"}
    assert set(plays) == {("basics_turn_flow", "first_hand"), ("basics_riichi", "riichi_practice"),
                          ("basics_yakuhai", "yakuhai_practice"), ("basics_match", "watch_rounds"),
                          ("skill_kunto_large", "procedure")}
    setups = {key: table_setup({"mode": s.mode, "rules": s.rules, "tiles": s.tiles})
              for key, s in plays.items() if s.mode == "glass_table"}
    assert setups[("basics_turn_flow", "first_hand")].win == "shape"
    assert setups[("basics_riichi", "riichi_practice")].calls == "none"  # «держите руку закрытой»
    assert plays[("basics_match", "watch_rounds")].mode == "full_game"


# ---------------------------------------------------------------- drills inside the first lessons


def drill(lesson_id: str, step_id: str) -> Any:
    lesson = load_all().lessons[lesson_id]
    return next(s for s in lesson.steps if s.id == step_id)


def items(step: Any, n: int = 40) -> list[Any]:
    gen = GENERATORS[step.generator]
    return [gen.generate(dict(step.params), seed=s) for s in range(n)]


def test_the_tanyao_pinfu_drill_shows_no_situation_not_taught_yet() -> None:
    step = drill("basics_tanyao_pinfu", "yaku_drill")
    untaught = {"haitei_raoyue", "houtei_raoyui", "rinshan_kaihou", "chankan", "double_riichi", "ippatsu"}
    for ex in items(step):
        data = dict(ex.prompt.data)
        assert not data["flags"] and not data["ura"]  # no last tile, no kan tile, no ura-dora indicator
        assert not untaught & {o.value for o in ex.prompt.options}
    assert step.pass_ratio <= 0.7


def test_the_yakuhai_drill_asks_the_yaku_not_a_han_total_with_dora() -> None:
    step = drill("basics_yakuhai", "yakuhai_drill")
    assert all(ex.prompt.input == "multi_choice" for ex in items(step, 10))
    assert round(step.pass_ratio * step.n + 0.4999) <= 6  # 6 of 8 at a first meeting, not 7


def test_the_yaku_tour_drill_is_easier_to_pass_at_a_first_meeting() -> None:
    step = drill("basics_yaku_tour", "yaku_drill")
    assert round(step.pass_ratio * step.n + 0.4999) <= 7


def test_the_tile_groups_lesson_ends_with_a_tile_groups_drill() -> None:
    step = drill("basics_tile_groups", "drill_families")
    assert step.generator == "tile_group"
    for ex in items(step, 20):
        assert {o.value for o in ex.prompt.options} == {"simple", "terminal", "honor"}


def test_chinitsu_and_nobetan_are_spelled_as_the_glossary_spells_them() -> None:
    root = Path(__file__).resolve().parent.parent / "lessons"
    text = "\n".join(p.read_text(encoding="utf-8") for track in ("basics", "skills")
                     for p in sorted((root / track).glob("*.yaml"))).lower()
    assert "чинитсу" not in text and "нобэтан" not in text
