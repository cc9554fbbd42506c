"""simple24: at a grown-up's four-player training table the other players' hands were one line of
about 20 px tiles at 1024x600, too small to read (open melds, the hands shown at the end).

- They go on two lines at :data:`ADULT_READ_TILE` or more (at least 30 px wide at 1024x600), the
  rivers keep the table's discard size (26 px at 1024x600), nothing overlaps; early and late in a
  hand, at 1024x600, 1280x720 and 1920x1080.
- The end panel stands under the hands shown face up.
- Where the boxes are too low for two lines of hand and two of discards (the A/B game's guess at
  1024x600, the palette under the table) the hands stay on one line and the discards keep their size.
- A grown-up's table of three keeps its one line; a child's table is pinned by
  tests/test_fix23_kidtable_layout.py.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from tests.ui_events import frame, lesson_app  # noqa: E402
from trainer.engine.game.actions import Ron, Tsumo  # noqa: E402
from trainer.engine.game.simple_bots import make_simple_bot  # noqa: E402
from trainer.i18n import set_language  # noqa: E402
from trainer.ui.screens.play_shots import play_simple_out  # noqa: E402

SMALL, BIG, FULL_HD = (1024, 600), (1280, 720), (1920, 1080)
READ_W = 30  # an other player's hand tile at 1024x600, px wide
RIVER_W = 26  # a discard at 1024x600, px wide


class NeverWins:
    """The learner's seat played by the table's own kind of bot, passing every win (a long hand)."""

    def __init__(self, bot: Any) -> None:  # noqa: ANN401
        self.bot = bot

    def choose(self, view: Any, legal: list[Any]) -> Any:  # noqa: ANN401
        """The bot's choice among the legal actions that are not a win."""
        return self.bot.choose(view, [a for a in legal if not isinstance(a, Ron | Tsumo)] or legal)


def smallest_side(row: Any) -> int:
    """The smallest side of the tiles a row shows (a sideways tile lies on its long side)."""
    return min(((min(r.w, r.h) if s.sideways else r.w) for r, s in zip(row.rects, row.slots, strict=True)),
               default=10_000)


def scaled(px: int, app: Any) -> int:  # noqa: ANN401
    """A width at 1024x600 at this window's scale."""
    return int(px * app.layout.scale / (600 / 720))


def assert_tidy(table: Any, *, two_lines: bool = True) -> None:
    """Every box holds its label, hand and river apart; the hands on two lines at the reading size
    (or one line), the rivers at the table's size; the middle panel above the controls."""
    app = table.app
    lh = app.line_height(app.layout.font("small"))
    assert table.two_line_hands == two_lines
    for seat, box in table.seat_boxes.items():
        hand, river = table.other_rows[seat], table.rivers[seat]
        assert box.contains(hand.rect) and hand.rect.top >= box.top + lh, seat
        assert len(hand._lines()) == (2 if two_lines else 1)
        if two_lines:
            assert smallest_side(hand) >= scaled(READ_W, app), (seat, smallest_side(hand))
        if river.slots:
            assert box.contains(river.rect) and not hand.rect.colliderect(river.rect), seat
            assert smallest_side(river) >= scaled(RIVER_W, app) - 1, (seat, smallest_side(river))
        assert not box.colliderect(table.mid_rect)
    if table.rivers[0].slots:
        assert table.mid_rect.contains(table.rivers[0].rect)
    assert table.mid_rect.bottom <= table.controls_y
    assert not any(b.rect.colliderect(table.mid_rect) for b in table.action_buttons)


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    set_language("en")


def open_table(tmp_path: Path, size: tuple[int, int], lang: str = "en") -> Any:  # noqa: ANN401
    """A grown-up's app at ``size``."""
    return lesson_app(tmp_path, language=lang, size=size)


def play(app: Any, mode: str, seed: int, until: Callable[[Any], bool], **params: Any) -> Any:  # noqa: ANN401
    """A grown-up's table of ``mode`` played (the learner never winning) until ``until(game)`` with
    the learner to act; the table drawn."""
    table = app.push("play_simple", mode=mode, seed=seed, kids=False, **params)
    bot = NeverWins(make_simple_bot(table.setup.bots, seed, table.setup.rules, table.setup.shape_rules()))
    play_simple_out(table, bot, until=lambda g: until(g) and 0 in g.to_act())
    table.rebuild()
    frame(app)
    return table


def longest_river(game: Any) -> int:  # noqa: ANN401
    return max(len(r) for r in game.rivers)


@pytest.mark.parametrize(("mode", "seed"), [("twelve_tiles", 1), ("single_suit_1", 23), ("yochi", 1), ("ab_game", 1)])
def test_the_other_hands_go_on_two_readable_lines_at_1024(tmp_path: Path, mode: str, seed: int) -> None:
    app = open_table(tmp_path, SMALL)
    try:
        table = play(app, mode, seed, lambda g: longest_river(g) >= 2)
        assert not table.game.ended and table.game.n == 4
        assert_tidy(table)
    finally:
        app.close()


@pytest.mark.parametrize(("size", "lang"), [(SMALL, "ru"), (BIG, "en"), (FULL_HD, "ru")])
def test_a_late_hand_with_calls_keeps_every_river_whole(tmp_path: Path, size: tuple[int, int], lang: str) -> None:
    app = open_table(tmp_path, size, lang)
    try:
        table = play(app, "yochi", 3, lambda g: g.wall_remaining <= 12, rules={"calls": "all"})
        assert not table.game.ended and longest_river(table.game) >= 18
        assert table.game.melds[2]  # Across has called: the pon on the second line, whole
        assert_tidy(table)
        row = table.other_rows[2]
        line_of = {i: n for n, line in enumerate(row._lines()) for i in line}
        assert {line_of[i] for i, s in enumerate(row.slots) if s.group >= 0} == {1}
    finally:
        app.close()


def test_short_mahjong_reads_its_small_hands_on_one_line_and_the_grown_ones_on_two(tmp_path: Path) -> None:
    app = open_table(tmp_path, SMALL)
    try:
        table = play(app, "short", 1, lambda g: True)
        assert table.game.hand_size == 4
        assert_tidy(table, two_lines=False)
        assert min(smallest_side(r) for r in table.other_rows.values()) >= READ_W  # one line, as big
        table = play(app, "short", 1, lambda g: g.hand_size >= 10)
        assert_tidy(table)
    finally:
        app.close()


def test_the_end_panel_stands_under_the_hands_shown_face_up(tmp_path: Path) -> None:
    app = open_table(tmp_path, SMALL)
    try:
        table = app.push("play_simple", mode="twelve_tiles", seed=1, kids=False)
        play_simple_out(table, make_simple_bot(table.setup.bots, 1, table.setup.rules, table.setup.shape_rules()))
        table.rebuild()
        frame(app)
        assert table.game.ended and all(not s.face_down for s in table.other_rows[1].slots)
        assert_tidy(table)
        assert all(row.rect.bottom < table.end_rect.top for row in table.other_rows.values())
        assert table.end_rect.bottom <= app.layout.height
    finally:
        app.close()


def test_the_ab_guess_keeps_its_discards_big_where_two_lines_have_no_room(tmp_path: Path) -> None:
    app = open_table(tmp_path, SMALL)
    try:
        table = play(app, "ab_game", 1, lambda g: g.phase == "guess" and g.guesser == 0)
        assert table.game.phase == "guess"
        assert_tidy(table, two_lines=False)
    finally:
        app.close()


def test_a_grown_ups_table_of_three_keeps_one_line(tmp_path: Path) -> None:
    app = open_table(tmp_path, SMALL)
    try:
        table = play(app, "twelve_tiles", 1, lambda g: longest_river(g) >= 2, rules={"players": 3})
        assert table.hand_reading() is None
        assert_tidy(table, two_lines=False)
        assert all(row.height == app.layout.tile_h(0.5) for row in table.other_rows.values())
    finally:
        app.close()
