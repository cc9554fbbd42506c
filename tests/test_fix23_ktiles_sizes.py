"""Review 23, finding 15 of the child reviewer: tiles big enough for a child to read.

- After a box check the boxes get the room: the emptied row of holes shrinks, and the tiles in the
  boxes stay at least 60 px wide at 1024x600 (the wrong tile's mark grows with them).
- A child's table diagram draws the hand as big as the room allows (label above, river under it).
- At the full table at 1024x600 the opponents' melds are at least 28 px wide, clear of the rivers.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui_events import click, frame, headless_app, key, lesson_app, open_lesson_step  # noqa: E402
from trainer.engine.game.view import RiverTile  # noqa: E402
from trainer.engine.notation import parse_hand, parse_tiles  # noqa: E402
from trainer.lessons.loader import LessonLibrary, load_text  # noqa: E402
from trainer.ui import tile_art  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.views.table.state import SeatState, TableState  # noqa: E402

CHILD = {"tile_size": "large", "tile_theme": "kids", "profile": "child"}
SMALL = (1024, 600)
YAML = """\
id: kids_fix23_ktiles
title: {ru: "Большие плитки", en: "Big tiles"}
track: kids
level: 1
audience: child
min_age: 6
minutes: 5
skill: kids_tile_families
languages: [ru, en]
steps:
  - kind: arrange
    id: four_boxes
    prompt: {ru: "Разложи плитки по семьям!", en: "Put each tile with its family!"}
    ask: boxes
    boxes:
      - {label: {ru: "Кружки", en: "Dots"}, filter: pin}
      - {label: {ru: "Палочки", en: "Sticks"}, filter: sou}
      - {label: {ru: "Цифры-иероглифы", en: "Number characters"}, filter: man}
      - {label: {ru: "Ветры и драконы", en: "Winds and dragons"}, filter: honors}
    tiles: "2p7s4m1z5p9s8m6z"
    hints:
      - {ru: "Начни с кружков: это монетки.", en: "Start with the dots: they look like coins."}
  - kind: arrange
    id: winds_or_dragons
    prompt: {ru: "Ветры сюда, драконы туда!", en: "Winds here, dragons there!"}
    ask: boxes
    boxes:
      - {label: {ru: "Ветры", en: "Winds"}, filter: winds}
      - {label: {ru: "Драконы", en: "Dragons"}, filter: dragons}
    tiles: "3z6z1z7z4z5z2z"
  - kind: show
    id: sideways
    table:
      seats:
        - {who: self, hand: "123m456p789s22s46p", river: "9m1z4s7z", riichi_at: 3, label: {ru: "Ты: «Риичи!»", en: "You: \\"Riichi!\\""}}
      sticks: 1
    caption:
      ru: "Как сказать «риичи»: громко скажи слово и отдай плитку, повернув её боком. Смотри: красный дракон лежит боком. Теперь все знают: тебе не хватает одной плитки!"
      en: "How to say riichi: say the word out loud and give away a tile turned sideways. Look: the red dragon lies sideways. Now everyone knows you need just one more tile!"
"""
LESSON = load_text(YAML, "lessons/kids/kids_fix23_ktiles.yaml").lesson


@pytest.fixture()
def child_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """A child's app at 1024x600, in Russian, with this module's lesson."""
    with headless_app(tmp_path, monkeypatch, lessons=LessonLibrary(lessons={LESSON.id: LESSON}), size=SMALL,
                      language="ru", **CHILD) as app:
        yield app


def open_step(app: App, step_id: str):  # noqa: ANN201
    """The lesson screen on step ``step_id`` of this module's lesson, settled and drawn."""
    return open_lesson_step(app, LESSON.id, step_id)


def sort_into_boxes(app: App, view, boxes: list[int]) -> None:  # noqa: ANN001
    """Put tile i of the row into box ``boxes[i]`` (a click on the tile, then the box's digit)."""
    for item, box in enumerate(boxes):
        click(app, view.row.rects[item].center)
        key(app, pygame.K_1 + box, str(box + 1))


# ---------------------------------------------------------------- boxes after a check


def test_after_a_wrong_box_check_the_boxes_get_the_room(child_app: App) -> None:
    screen = open_step(child_app, "four_boxes")
    view = screen.view
    full_row = view.row.height
    # "2p7s4m1z5p9s8m6z" into dots, sticks, characters, winds and dragons: the 5p among the sticks
    sort_into_boxes(child_app, view, [0, 1, 2, 3, 1, 1, 2, 3])
    key(child_app, pygame.K_RETURN, "\r")
    frame(child_app)
    assert screen.phase == "retry"
    sticks = view.box_contents[1]
    assert sticks.marks == {0: "right", 1: "hint", 2: "right"}  # the 5p, marked for a child (no red)
    widths = [r.width for w in view.box_contents for r in w.rects]
    assert len(widths) == 8 and min(widths) >= 60, widths
    # the row of holes gave its room away: much lower than before the check, and above the boxes
    assert view.row.height < full_row * 0.6
    assert view.row.rect.bottom < view.box_buttons[0].rect.top
    assert all(view.row.rect.bottom < w.rect.top for w in view.box_contents if w.visible)


def test_a_tile_taken_back_out_is_big_again_in_the_row(child_app: App) -> None:
    screen = open_step(child_app, "four_boxes")
    view = screen.view
    full_row = view.row.height
    sort_into_boxes(child_app, view, [0, 1, 2, 3, 1, 1, 2, 3])
    key(child_app, pygame.K_RETURN, "\r")
    frame(child_app)
    sticks = view.box_contents[1]
    click(child_app, sticks.rects[1].center)  # the 5p comes back out, picked up
    frame(child_app)
    assert view.box_of[4] == -1 and view.row.selected == {4}
    assert view.row.height >= full_row * 0.9
    key(child_app, pygame.K_1, "1")  # into the dots
    key(child_app, pygame.K_RETURN, "\r")
    assert screen.feedback_kind == "right"


def test_the_answer_shown_keeps_the_boxes_big(child_app: App) -> None:
    screen = open_step(child_app, "winds_or_dragons")
    view = screen.view
    sort_into_boxes(child_app, view, [0, 0, 0, 1, 0, 1, 1])  # "3z6z1z7z4z5z2z": 6z and 5z swapped
    key(child_app, pygame.K_RETURN, "\r")
    key(child_app, pygame.K_RETURN, "\r")  # try again
    key(child_app, pygame.K_RETURN, "\r")  # the same again: the answer is shown
    frame(child_app)
    widths = [r.width for w in view.box_contents for r in w.rects]
    assert view._revealed is not None and min(widths) >= 60, widths


# ---------------------------------------------------------------- a child's table diagram


def test_a_childs_table_diagram_draws_big_tiles(child_app: App) -> None:
    screen = open_step(child_app, "sideways")
    table = screen.view.table
    _label, hand, river = table.rows[0]
    assert min(r.width for r in hand.rects) >= 60
    assert river.rects[-1].width > river.rects[-1].height  # the riichi tile lies sideways
    assert min(r.height for r in river.rects) >= 50
    # the label above the hand, the river under it, all above the caption and the buttons
    (x, label_mid, _room) = table.labels[0]
    assert label_mid < hand.rect.top and hand.rect.bottom <= river.rect.top
    assert screen.step_area.contains(table.area) and table.area.bottom <= screen.main_btn.rect.top


def test_an_adults_table_diagram_keeps_its_rows(tmp_path: Path) -> None:
    app = lesson_app(tmp_path, language="ru", size=SMALL)
    try:
        screen = open_lesson_step(app, "basics_riichi", "riichi_look")
        table = screen.view.table
        tops = [hand.rect.top for _l, hand, _r in table.rows]
        rivers = [river.rect.left for _l, _h, river in table.rows if river is not None]
        assert len(set(tops)) == 4 and min(rivers) > max(h.rect.right for _l, h, _r in table.rows)
        assert table.center.width > 0
    finally:
        app.close()


# ---------------------------------------------------------------- the full table's melds


def _seat(seat: int, hand: str, river: str, *, open_hand: bool) -> SeatState:
    parsed = parse_hand(hand, check_size=False)
    tiles = tuple(parsed.concealed) if open_hand else tuple(None for _t in parsed.concealed)
    return SeatState(seat=seat, wind=27 + seat, score=25000, riichi=False,
                     river=tuple(RiverTile(t, False, False, False) for t in parse_tiles(river)),
                     melds=tuple(parsed.melds), hand=tiles)


def _state(hands: list[str], *, open_hand: bool) -> TableState:
    river = "1m2m3m4m5m6m7m8m9m1p2p3p4p5p6p"  # fifteen discards: three rows
    seats = tuple(_seat(s, hands[s], river, open_hand=open_hand) for s in range(4))
    return TableState(me=0, seats=seats, round_wind=27, dealer=0, honba=0, sticks=0,
                      dora_indicators=tuple(parse_tiles("1z")), live_remaining=40, current=0,
                      last=None, ended=False)


TABLES = {
    "one meld each, hands closed": (["1234567m123p55s", "1234567m11p (456s)", "1234567m11p (777z)",
                                     "1234567m11p (789p)"], False),
    "three melds each, hands open": (["1234567m123p55s", "11m (456s) (777z) (789p)", "22p (123m) (666z) (345s)",
                                      "33s (234m) (555p) (678s)"], True),
}


@pytest.mark.parametrize("name", sorted(TABLES))
def test_opponents_melds_are_readable_at_1024(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    from trainer.ui.match_setup import MatchSetup

    hands, open_hand = TABLES[name]
    with headless_app(tmp_path, monkeypatch, size=SMALL, language="ru") as app:
        screen = app.push("play", setup=MatchSetup(coach="off"), seed=1)
        app.render()
        board = screen.board
        surf = pygame.Surface(SMALL)
        board.draw(surf, app, _state(hands, open_hand=open_hand), {})
        for q in (1, 2, 3):
            assert tile_art.tile_size(board.meld_heights[q])[0] >= 28, (q, board.meld_heights)
            seat = board.seat_rects[q]
            assert board.rect.contains(seat)
            assert not seat.colliderect(board.center.rect)
            assert not any(seat.colliderect(r) for r in board.river_rects.values()), (q, seat, board.river_rects)
        # the coach's corner box starts right of the left player's row
        assert board.corner(app).left > board.seat_rects[3].right


def test_the_table_at_1280_keeps_its_layout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A larger window already draws the melds readable: nothing moves there."""
    from trainer.ui.match_setup import MatchSetup

    with headless_app(tmp_path, monkeypatch, size=(1280, 720)) as app:
        screen = app.push("play", setup=MatchSetup(coach="off"), seed=1)
        app.render()
        board = screen.board
        assert board.meld_h == board.edge_h
        assert tile_art.tile_size(board.edge_h)[0] >= 28
