"""Review 23, the child reviewer (7) at the children's four-player table, 1024x600: the other
players' open melds and face-up hands were about 20 px wide.

- A child's other players' hands go on two lines, every tile at least 32 px wide; the rivers keep
  at least 26 px (19-22 discards), nothing overlaps, the learner's own hand stays big.
- The break between the two lines never splits a meld and falls between the concealed tiles and
  the melds when both lines fit.
- At the end the panel stands under the hands shown face up.
- A grown-up's four-player table reads its hands at its own size (review 24: on two lines too,
  tests/test_fix24_simple24_adult_hands.py).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui_events import frame, key, lesson_app, open_lesson_step  # noqa: E402
from trainer.engine.game.actions import Discard, Pass, Pon  # noqa: E402
from trainer.engine.tiles import Tile  # noqa: E402
from trainer.ui.screens.play_simple import ADULT_READING, two_line_break  # noqa: E402
from trainer.ui.tileview import TileSlot  # noqa: E402

CHILD = {"tile_size": "large", "tile_theme": "kids", "profile": "child"}
SMALL = (1024, 600)
READ_W = 32  # a child's other player's tile, px wide at 1024x600
RIVER_W = 26  # a discard, px wide at 1024x600
HAND_W = 60  # the learner's own tiles stay big


def smallest_side(row: Any) -> int:
    """The smallest side of the tiles a row shows (a sideways tile lies on its long side)."""
    return min((min(r.w, r.h) if s.sideways else r.w) for r, s in zip(row.rects, row.slots, strict=True))


def play_with_keys(app: Any, table: Any, turns: int, *, take: type | None = None) -> None:
    """The learner gives away the tile drawn (after a call, the last one it may) with Enter, Enter
    (lift it, give it away) or takes an offered ``take`` call, for ``turns`` turns, the bots
    playing between, until the hand is over."""
    for _turn in range(turns):
        table.run_bots_until_learner()
        game = table.game
        if game.ended:
            return
        legal = table.my_legal()
        call = next((a for a in legal if take is not None and isinstance(a, take)), None)
        if call is not None or not any(isinstance(a, Discard) for a in legal):
            table._act(call or next(a for a in legal if isinstance(a, Pass)))
            continue
        row = table.hand_row
        allowed = {a.tile for a in legal if isinstance(a, Discard)}
        mine = [i for i, s in enumerate(row.slots) if s.tile in allowed and i not in row.inert]
        table.set_focus(row)
        row.cursor = max((i for i in mine if row.slots[i].tile == game.drawn[0]), default=mine[-1])
        key(app, pygame.K_RETURN, "\r")
        key(app, pygame.K_RETURN, "\r")


def assert_readable_table(table: Any) -> None:
    """Every other player's tile at a child's reading size on two lines, every river at least
    26 px, the learner's hand big, and nothing overlapping."""
    for seat, box in table.seat_boxes.items():
        hand, river = table.other_rows[seat], table.rivers[seat]
        assert smallest_side(hand) >= READ_W, (seat, smallest_side(hand))
        assert len(hand._lines()) == 2
        assert box.contains(hand.rect)
        if river.slots:
            assert smallest_side(river) >= RIVER_W, (seat, smallest_side(river))
            assert box.contains(river.rect) and not hand.rect.colliderect(river.rect)
        assert not box.colliderect(table.mid_rect)
    mine = table.rivers[0]
    if mine.slots:
        assert smallest_side(mine) >= RIVER_W and table.mid_rect.contains(mine.rect)
    assert table.mid_rect.bottom <= table.controls_y
    assert smallest_side(table.hand_row) >= HAND_W
    assert table.two_line_hands


@pytest.fixture()
def child_app(tmp_path: Path) -> Any:  # noqa: ANN401
    app = lesson_app(tmp_path, language="ru", size=SMALL, **CHILD)
    yield app
    app.close()


def test_say_riichi_lesson_table_shows_every_hand_readable_to_the_last_discard(child_app: Any) -> None:
    lesson = open_lesson_step(child_app, "kids_say_riichi", "open_games")
    lesson.view.start()
    table = child_app.screen
    assert table.name == "play_simple" and table.kids and table.game.n == 4 and table.setup.reveal == "all"
    frame(child_app)
    assert_readable_table(table)
    table.seed = 3  # the lesson deals at random: a long game, to the last discard
    table.play_again()
    play_with_keys(child_app, table, 200)
    frame(child_app)
    assert max(len(r.slots) for r in table.rivers.values()) >= 18  # a long game: every river full
    assert all(not s.face_down for s in table.other_rows[2].slots)
    assert_readable_table(table)


def test_open_melds_are_readable_and_never_split(child_app: Any) -> None:
    table = child_app.push("play_simple", mode="glass_table", kids=True, seed=11, rules={"calls": "all"})
    play_with_keys(child_app, table, 4)
    frame(child_app)
    melded = [s for s in table.other_rows if table.game.melds[s]]
    assert melded and not table.game.ended
    assert_readable_table(table)
    for seat in melded:
        row = table.other_rows[seat]
        line_of = {i: n for n, line in enumerate(row._lines()) for i in line}
        for group in {s.group for s in row.slots if s.group >= 0}:
            assert len({line_of[i] for i, s in enumerate(row.slots) if s.group == group}) == 1


def test_a_long_river_keeps_its_size_on_three_lines(child_app: Any) -> None:
    table = child_app.push("play_simple", mode="glass_table", kids=True, seed=2, rules={"calls": "pon"})
    while not table.game.ended and max(len(r.slots) for r in table.rivers.values()) < 21:
        play_with_keys(child_app, table, 1, take=Pon)
    frame(child_app)
    assert max(len(r.slots) for r in table.rivers.values()) >= 21
    assert_readable_table(table)


def test_the_end_panel_stands_under_the_hands_shown_face_up(child_app: Any) -> None:
    table = child_app.push("play_simple", mode="tibet", hand=13, players=4, reveal="own", kids=True, seed=8,
                           rules={"calls": "pon"})
    play_with_keys(child_app, table, 200)
    frame(child_app)
    assert table.game.ended and all(not s.face_down for s in table.other_rows[1].slots)
    assert_readable_table(table)
    assert all(row.rect.bottom < table.end_rect.top for row in table.other_rows.values())
    assert table.end_rect.bottom <= child_app.layout.height


def test_the_break_falls_before_the_melds_and_never_inside_one() -> None:
    tile = Tile(0)
    concealed = [TileSlot(tile) for _ in range(7)]
    melds = [TileSlot(tile, gap=0.3 if i % 3 == 0 else 0.0, sideways=i % 3 == 1, group=i // 3) for i in range(6)]
    assert two_line_break(concealed + melds, 300, 43) == 7  # concealed above, the melds under them
    many = [TileSlot(tile) for _ in range(11)] + melds[:3]
    cut = two_line_break(many, 300, 43)
    assert cut <= 11 and 5 <= cut <= 8  # balanced, the pon kept whole
    assert two_line_break([TileSlot(tile) for _ in range(13)], 300, 43) == 7  # the longer line first


def test_a_grown_ups_four_player_table_reads_its_hands_at_its_own_size(tmp_path: Path) -> None:
    """Review 24: a grown-up's table of four puts the hands on two lines too, at the grown-up's
    reading size (medium tiles, at least 30 px wide at 1024x600), not the child's."""
    app = lesson_app(tmp_path, language="ru", size=SMALL)
    try:
        table = app.push("play_simple", mode="tibet", hand=13, players=4, reveal="all", kids=False, seed=8)
        play_with_keys(app, table, 3)
        frame(app)
        assert table.two_line_hands and table.hand_reading() is ADULT_READING
        assert all(len(row._lines()) == 2 for row in table.other_rows.values())
        assert all(smallest_side(r) >= 30 for r in table.other_rows.values())
        assert all(smallest_side(r) >= RIVER_W for r in table.rivers.values() if r.slots)
    finally:
        app.close()
