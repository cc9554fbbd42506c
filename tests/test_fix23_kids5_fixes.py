"""Review 23, group kids5: the last fixes of the children's path (report /tmp/rev23/kids4).

1. «Is it a win?» answered «Нет»: the reveal draws the tiles the best split leaves over.
2. The lonely-tile drill's miss speaks of the tile the child picked («У 4p есть сосед…»).
3. A child's glossary lists the children's words first, its cards show no big kanji or romaji, and
   its search box says just «Поиск».
4. The «Пара» card has no «Для взрослых» line that says the child's words again.
5. The winds-and-dragons drill deals its seven questions as a deck: each honor once.
6. A box miss's hint never sends the child to a box already filled («Начни с кружков»).
7. The box reveal does not say «Смотри» twice.
8. Once a child's answer is shown, the focus frame is on «Дальше», not on a tile or card.
12. "it comes fourth, last of all"."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui_events import key, lesson_app, open_lesson_step  # noqa: E402
from trainer.engine.exercises import GENERATORS  # noqa: E402
from trainer.engine.exercises.shapes import not_complete_item  # noqa: E402
from trainer.engine.notation import parse_hand  # noqa: E402
from trainer.i18n import set_language  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.screens.drills import deck_seeds  # noqa: E402
from trainer.ui.views.kids_drill_words import FOUND, asked_tile, reveal  # noqa: E402

HONORS = {"params": {"ask": "name", "direction": "to_tile", "pool": "honors", "options": 3, "kids": True}}


@pytest.fixture()
def ru_app(tmp_path: Path) -> Iterator[App]:
    app = lesson_app(tmp_path, language="ru", size=(1024, 600), profile="child")
    yield app
    app.close()


def _drill(app: App, generator: str, params: dict[str, Any], n: int, seed: int = 0) -> Any:
    app.push("drill", generator=generator, params=dict(params, kids=True), n=n, seed=seed)
    app.process([], 1 / 60)
    app.render()
    return app.stack[-1]


# ---------------------------------------------------------------- 1: the leftover tiles


def test_the_engine_names_the_tiles_a_not_complete_hand_leaves_over() -> None:
    item = not_complete_item(parse_hand("5677m1223p222z666z"))
    assert item == {"kind": "not_complete", "shanten": 0, "leftover": "7m2p"}


@pytest.mark.parametrize(("lang", "words"), [("ru", "Эти плитки не вошли в команды и пару: {tiles:7m2p}"),
                                             ("en", "These tiles do not fit into the teams and the pair: {tiles:7m2p}")])
def test_not_a_win_shows_the_leftover_tiles(lang: str, words: str) -> None:
    set_language(lang)
    try:
        ex = _with(GENERATORS["complete_hand"].generate({"size": 14, "kids": True}, 0), "no", "5677m1223p222z666z")
        assert words in reveal(ex)
    finally:
        set_language("en")


def _with(ex: Any, answer: str, hand: str) -> Any:
    """The exercise with another answer and the not-complete item of ``hand``."""
    from dataclasses import replace

    return replace(ex, answer=frozenset({answer}), explanation=[not_complete_item(parse_hand(hand))])


def test_every_no_answer_of_the_kids_drill_names_its_leftover_tiles() -> None:
    seen = 0
    for seed in range(40):
        ex = GENERATORS["complete_hand"].generate({"size": 14, "kids": True}, seed)
        if "no" in ex.answer:
            seen += 1
            assert ex.explanation[0]["leftover"], ex.prompt.hand
            assert "{tiles:" + ex.explanation[0]["leftover"] + "}" in reveal(ex)
    assert seen


# ---------------------------------------------------------------- 2: the lonely tile's miss


def test_the_lonely_tile_drill_speaks_of_the_tile_picked(ru_app: App) -> None:
    params = {"size": 11, "hand_pool": "isolated_tile", "honors": False}
    screen = _drill(ru_app, "discard_ukeire", params, 3)
    ex = screen.ex
    wrong = next(s.tile.kind for s in screen.view.picker.slots
                 if s.tile is not None and s.tile.kind not in ex.answer)
    screen.view.picker.selected.clear()
    screen.view.picker.selected.add(next(i for i, s in enumerate(screen.view.picker.slots)
                                         if s.tile is not None and s.tile.kind == wrong))
    screen.check()
    from trainer.engine.tiles import kind_name

    assert screen.phase == "retry"
    assert "{tiles:" + kind_name(wrong) + "}" in screen.feedback_text
    assert "Проверь каждую плитку" in screen.feedback_text or "Ищи одинокую" in screen.feedback_text


# ---------------------------------------------------------------- 3, 4: a child's glossary


def test_a_childs_glossary_lists_the_childrens_words_first(ru_app: App) -> None:
    ru_app.push("glossary")
    ru_app.process([], 1 / 60)
    screen = ru_app.stack[-1]
    kids = [bool(t.child_explanation("ru")) for t in screen.results]
    assert kids[0] and kids == sorted(kids, reverse=True)
    assert screen.field.placeholder == "Поиск"
    assert screen.rows[0] == ("category", "child_words")


def test_a_childs_card_has_no_big_kanji_and_no_repeated_line(ru_app: App) -> None:
    ru_app.push("glossary", term="toitsu")
    ru_app.process([], 1 / 60)
    screen = ru_app.stack[-1]
    term = ru_app.glossary().term("toitsu")
    lines = [line.text for line in screen.detail_lines(term, 600)]
    assert all(line.size != "hero" for line in screen.detail_lines(term, 600))
    assert term.kanji not in lines
    assert not any(line.startswith("Для взрослых") for line in lines)
    assert any("Пара — две одинаковые плитки." in line for line in lines)
    assert not any(line.startswith("Источник") for line in lines)  # the rulebook line is for grown-ups


def test_an_adults_card_keeps_its_kanji(tmp_path: Path) -> None:
    app = lesson_app(tmp_path, language="ru", size=(1280, 720))
    try:
        app.push("glossary", term="toitsu")
        app.process([], 1 / 60)
        screen = app.stack[-1]
        assert any(line.size == "hero" for line in screen.detail_lines(app.glossary().term("toitsu"), 600))
        assert screen.results[0].category == "general"
        assert any(line.text.startswith("Источник") for line in screen.detail_lines(app.glossary().term("toitsu"), 600))
    finally:
        app.close()


# ---------------------------------------------------------------- 5: the honors as a deck


def test_the_winds_and_dragons_drill_asks_each_honor_once(ru_app: App) -> None:
    for seed in range(0, 147, 7):
        screen = _drill(ru_app, "tile_name", HONORS["params"], 7, seed)
        tiles = []
        for i in range(7):
            screen.index = i
            tiles.append(asked_tile(screen._generate()))
        assert sorted(tiles) == [f"{r}z" for r in range(1, 8)], (seed, tiles)
        ru_app.pop()


def test_a_dealt_question_is_rebuilt_by_its_seed(ru_app: App) -> None:
    screen = _drill(ru_app, "tile_name", HONORS["params"], 7, 5)
    screen.index = 3
    ex = screen._generate()
    again = GENERATORS["tile_name"].generate(screen.gen_params, ex.seed)
    assert again.item_id == ex.item_id and asked_tile(again) == asked_tile(ex)


def test_a_deck_starts_again_once_every_tile_came() -> None:
    seeds = deck_seeds(lambda s: "ab"[s % 2] if s < 10 else "a", 0, 5)
    tiles = ["ab"[s % 2] if s < 10 else "a" for s in seeds]
    assert tiles[:2] == ["a", "b"] and all(x != y for x, y in zip(tiles, tiles[1:], strict=False))


# ---------------------------------------------------------------- 6, 7: the box step


def test_a_box_miss_gets_no_hint_pointing_at_a_filled_box(ru_app: App) -> None:
    screen = open_lesson_step(ru_app, "kids_tile_families", "four_boxes")
    view = screen.view
    kinds = [s.tile.kind for s in view.row.slots]
    want = list(view.answer().value)
    box_of = list(want)
    box_of[kinds.index(32)] = 0  # the green dragon into «Кружки»
    view.box_of = box_of
    screen.check()
    text = screen._feedback_markup()
    assert "дракон, а не кружки" in text
    assert "Начни с кружков" not in text


def test_the_box_reveal_says_smotri_once(ru_app: App) -> None:
    screen = open_lesson_step(ru_app, "kids_tile_families", "four_boxes")
    for _ in range(3):
        key(ru_app, pygame.K_h, "h")
    assert screen.phase == "done"
    assert screen._feedback_markup() == "Теперь каждая плитка лежит в своей коробке."


# ---------------------------------------------------------------- 8: the focus after the answer


def test_a_childs_pick_step_reveal_puts_the_focus_on_next(ru_app: App) -> None:
    screen = open_lesson_step(ru_app, "kids_tibet_11", "find_lonely")
    key(ru_app, pygame.K_RIGHT)  # the keyboard on the tiles
    assert screen.focused_widget() is not screen.main_btn
    for _ in range(3):
        key(ru_app, pygame.K_h, "h")
    assert screen.phase == "done"
    assert screen.focused_widget() is screen.main_btn


def test_a_childs_drill_reveal_puts_the_focus_on_next(ru_app: App) -> None:
    screen = _drill(ru_app, "tile_name", HONORS["params"], 7)
    key(ru_app, pygame.K_RIGHT)
    for _ in range(3):
        key(ru_app, pygame.K_h, "h")
    assert screen.phase == "done"
    assert screen.focused_widget() is screen.main_btn


# ---------------------------------------------------------------- 12


def test_north_comes_fourth_last_of_all() -> None:
    assert FOUND["4z"] == "{tile} is North: it comes fourth, last of all."
