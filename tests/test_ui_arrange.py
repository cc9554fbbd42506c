"""Arrange steps driven headless: split a hand into sets, order procedure cards, drop tiles
and cards into boxes; and a table diagram in a show step."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui_events import click, headless_app, key  # noqa: E402
from trainer.lessons.loader import LessonLibrary, load_text  # noqa: E402
from trainer.ui.app import App  # noqa: E402

YAML = """\
id: basics_ui_arrange
title: {ru: "Раскладки", en: "Arranging"}
track: basics
level: 1
audience: beginner
minutes: 5
skill: sets
steps:
  - kind: arrange
    prompt: {ru: "Разбейте руку на сеты и пару."}
    ask: split
    hand: "123m456p789s11222z"
  - kind: arrange
    prompt: {ru: "Расставьте шаги по порядку."}
    ask: order
    cards:
      - text: {ru: "Скажите «Пон»."}
      - text: {ru: "Откройте две плитки."}
      - text: {ru: "Возьмите сброшенную плитку."}
  - kind: arrange
    prompt: {ru: "Разложите плитки по коробкам."}
    ask: boxes
    tiles: "1m5z9p7z"
    boxes:
      - {label: {ru: "Числа"}, filter: numbers}
      - {label: {ru: "Благородные"}, filter: honors}
  - kind: arrange
    prompt: {ru: "Какое правило про что?"}
    ask: boxes
    cards:
      - {text: {ru: "Не трогать чужие плитки."}, box: 0}
      - {text: {ru: "Объявлять вслух."}, box: 1}
    boxes:
      - {label: {ru: "Руки"}}
      - {label: {ru: "Голос"}}
  - kind: show
    table:
      seats:
        - {who: self, wind: E, hand: "123m456p789s1122z", river: "19m5z"}
        - {who: right, wind: S, hidden: 13, river: "2p3s7z4m", riichi_at: 2}
      dora: "3m"
"""
LESSON = load_text(YAML, "lessons/basics/basics_ui_arrange.yaml").lesson


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    with headless_app(tmp_path, monkeypatch, lessons=LessonLibrary(lessons={LESSON.id: LESSON})) as a:
        yield a


def open_step(app: App, i: int):  # noqa: ANN201
    screen = app.push("lesson", lesson_id=LESSON.id, step=i)
    app.render()
    return screen


def test_split_into_sets_with_clicks_and_the_g_key(app: App) -> None:
    assert LESSON is not None
    screen = open_step(app, 0)
    view = screen.view
    key(app, pygame.K_RETURN, "\r")  # not every tile is in a set yet: nothing is graded
    assert screen.attempts == 0
    for size in (3, 3, 3, 2, 3):  # 123m 456p 789s 11z 222z: the first remaining tiles each time
        for j in range(size):
            click(app, view.row.rects[j].center)
        assert len(view.row.selected) == size
        key(app, pygame.K_g, "g")
    assert not view.row.slots and len(view.groups) == 5
    key(app, pygame.K_RETURN, "\r")
    assert screen.results[0] == "right"


def test_order_cards_by_swapping(app: App) -> None:
    screen = open_step(app, 1)
    view = screen.view
    for target in range(len(view.order)):
        pos = view.order.index(target)
        if pos != target:
            click(app, view.cards[target].rect.center)
            click(app, view.cards[pos].rect.center)
    assert view.order == sorted(view.order)
    key(app, pygame.K_RETURN, "\r")
    assert screen.results[1] == "right"


def test_tiles_into_boxes_with_digits(app: App) -> None:
    screen = open_step(app, 2)
    view = screen.view
    for i, slot in enumerate(view.row.slots):
        click(app, view.row.rects[i].center)
        key(app, pygame.K_1 if slot.tile.kind < 27 else pygame.K_2, "1" if slot.tile.kind < 27 else "2")
    assert view.box_of == [0, 1, 0, 1]
    key(app, pygame.K_RETURN, "\r")
    assert screen.results[2] == "right"


def test_cards_into_boxes_wrong_then_marked(app: App) -> None:
    screen = open_step(app, 3)
    view = screen.view
    for c in list(view.cards):
        click(app, c.rect.center)
        click(app, view.box_buttons[0].rect.center)
    assert view.box_of == [0, 0]
    key(app, pygame.K_RETURN, "\r")
    assert screen.phase == "retry" and view._box_marks == {0: "right", 1: "wrong"}



def test_cards_into_boxes_revealed_after_the_last_try(app: App) -> None:
    """The answer shown after the last try puts every card in its box (as the grader sorts
    them), each card in one box only: the card put wrongly appears in its own box as the answer
    (the panel says where it was put); the list of cards to sort is empty."""
    screen = open_step(app, 3)
    view = screen.view
    for c in list(view.cards):
        click(app, c.rect.center)
        click(app, view.box_buttons[0].rect.center)
    key(app, pygame.K_RETURN, "\r")
    assert screen.phase == "retry"
    key(app, pygame.K_RETURN, "\r")  # try again
    key(app, pygame.K_RETURN, "\r")  # with the same (wrong) boxes
    assert screen.phase == "done" and screen.results[3] == "wrong"
    assert view._box_items(0) == [(0, "right", False)]
    assert view._box_items(1) == [(1, "hint", False)]
    assert "“Объявлять вслух” goes in “Голос”, not in “Руки”." in screen.extra_explain
    assert not any(c.visible for c in view.cards)
    assert view.box_rects()[1].bottom <= app.layout.height


def test_tiles_into_boxes_revealed_by_the_hints(app: App) -> None:
    """Giving up with the hint key on a tile box step with nothing sorted yet fills every box."""
    screen = open_step(app, 2)
    view = screen.view
    for _ in range(3):
        key(app, pygame.K_h, "h")
    assert screen.phase == "done" and screen.results[2] == "shown"
    assert view._box_items(0) == [(0, "hint", False), (2, "hint", False)]
    assert view._box_items(1) == [(1, "hint", False), (3, "hint", False)]
    assert view.row.dim == {0, 1, 2, 3}


def test_second_hint_of_a_box_step_fits_the_boxes(app: App) -> None:
    """An adult box step's second hint counts each box's share, or names the box of a card put
    wrongly; never the generic 'Think about which tiles could finish each shape'."""
    screen = open_step(app, 2)
    key(app, pygame.K_h, "h")
    key(app, pygame.K_h, "h")
    assert screen.feedback_text == "How many tiles go in each box: “Числа” — 2, “Благородные” — 2."
    screen = open_step(app, 3)
    view = screen.view
    click(app, view.cards[1].rect.center)
    click(app, view.box_buttons[0].rect.center)
    key(app, pygame.K_h, "h")
    key(app, pygame.K_h, "h")
    assert screen.feedback_text == "Look again at “Объявлять вслух.”: it belongs in “Голос”."



def test_second_hint_of_an_order_step_is_about_the_order(app: App) -> None:
    """An adult order step without hints of its own: the first fallback stays, the second is about
    putting the cards in order, not about tiles finishing shapes."""
    screen = open_step(app, 1)
    key(app, pygame.K_h, "h")
    assert screen.feedback_text == "Read the question again: what exactly does it ask?"  # cards, no tiles
    key(app, pygame.K_h, "h")
    assert screen.feedback_kind == "hint" and screen.hint_level == 2
    assert screen.feedback_text == "Find what comes first, then what follows it, one card at a time."

def test_table_diagram_shows_every_seat(app: App) -> None:
    screen = open_step(app, 4)
    table = screen.view.table
    assert [label.split(" ")[0] for label, _h, _r in table.rows] == ["You", "Right"]
    hand, river = table.rows[1][1], table.rows[1][2]
    assert all(s.face_down for s in hand.slots) and river.slots[2].sideways
