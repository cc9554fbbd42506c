"""Review 24 (large24) #6, #7, #9: the header stands over the content in a wide window; a quiz shorter
than its room stands in the middle of it (and stays put when the feedback comes); a drill's form
gives its example a panel when it has the room; the replay's river shows whole above the hand."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from tests.ui_events import click, frame, headless_app, key  # noqa: E402
from trainer.engine.bots import make_bot  # noqa: E402
from trainer.engine.game.play import play_match  # noqa: E402
from trainer.engine.rules import load_rules  # noqa: E402
from trainer.ui import tile_art  # noqa: E402
from trainer.ui.layout import Layout  # noqa: E402
from trainer.ui.theme import PALETTE  # noqa: E402
from trainer.ui.views.placement import center_view  # noqa: E402
from trainer.ui.views.table.river import row_gap  # noqa: E402

RULES = load_rules("tenhou")


# ---------------------------------------------------------------- 7: the header over the content


@pytest.mark.parametrize("size", [(3440, 1440), (1920, 1017)])
def test_the_header_stands_over_the_content_in_a_wide_window(tmp_path: Path, monkeypatch, size) -> None:
    with headless_app(tmp_path, monkeypatch, size=size) as app:
        screen = app.push("glossary")  # a header with a back button, a title and a count at the right
        surf = frame(app)
        L = app.layout
        area = L.content()
        assert area.left > L.margin  # the content is narrower than the window
        assert screen.back_button.rect.left == area.left
        y_band = range(L.px(4), L.header_h - L.px(4))
        for x in (*range(0, area.left - 1, 3), *range(area.right + 1, L.width, 3)):
            for y in y_band[::4]:
                assert surf.get_at((x, y))[:3] == PALETTE.felt_dark[:3], (x, y)  # nothing drawn beside the content


def test_the_header_of_a_16_9_window_is_where_it_was(tmp_path: Path, monkeypatch) -> None:
    with headless_app(tmp_path, monkeypatch, size=(1280, 720)) as app:
        screen = app.push("glossary")
        frame(app)
        assert screen.header_span() == (app.layout.margin, 1280 - app.layout.margin)
        assert screen.back_button.rect.left == app.layout.margin


# ---------------------------------------------------------------- 9: a short quiz in the middle


class _Block:
    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.visible = True


class _View:
    """A view that shows one block ``height`` pixels tall at the top of its area."""

    def __init__(self, height: int) -> None:
        self.block = _Block()
        self.height = height

    def layout(self, area: pygame.Rect) -> None:
        self.block.rect = pygame.Rect(area.left, area.top, area.width, min(self.height, area.height))


def test_a_short_view_stands_in_the_middle_and_stays_when_the_room_shrinks() -> None:
    view = _View(100)
    area = pygame.Rect(0, 100, 800, 1000)
    center_view(view, area, [view.block], 24)
    top = view.block.rect.top
    assert top - area.top == (area.bottom - view.block.rect.bottom) - 24  # the middle of the room
    center_view(view, pygame.Rect(0, 100, 800, 700), [view.block], 24)  # a feedback panel came under it
    assert view.block.rect.top == top
    center_view(view, pygame.Rect(0, 100, 800, 300), [view.block], 24)  # no room for it there: it moves up
    assert view.block.rect.bottom <= 400 - 24


def test_a_view_that_fills_its_room_stays_at_the_top() -> None:
    view = _View(960)
    area = pygame.Rect(0, 100, 800, 1000)
    center_view(view, area, [view.block], 24)
    assert view.block.rect.top == area.top


def _drill(app):  # noqa: ANN202 - the drill screen, drawn
    app.push("drills")
    screen = app.push("drill", generator="discard_ukeire", params={}, n=8, seed=1)
    frame(app)
    return screen


def test_a_short_drill_stands_in_the_middle_of_its_room(tmp_path: Path, monkeypatch) -> None:
    with headless_app(tmp_path, monkeypatch, size=(1920, 1080)) as app:
        screen = _drill(app)
        area = screen.step_area
        shown = [w.rect for w in screen.widgets[screen._view_start:] if w.visible and w.rect.width]
        top, bottom = screen.view.centered_top, max(r.bottom for r in shown)
        assert abs((top - area.top) - (area.bottom - bottom - app.layout.px(24))) <= 2  # as much room above as below


def test_the_question_stays_put_when_the_feedback_comes(tmp_path: Path, monkeypatch) -> None:
    with headless_app(tmp_path, monkeypatch, size=(2560, 1440)) as app:
        app.apply_settings(app.settings.with_(interface_size="normal"))
        app.layout = Layout.for_settings(2560, 1440, app.settings)
        screen = _drill(app)
        row = next(w for w in screen.widgets[screen._view_start:] if getattr(w, "pickable", False))
        before, block_top = row.rects[0].top, screen.view.centered_top
        click(app, row.rects[0].center)
        key(app, pygame.K_RETURN)
        frame(app)
        assert screen.feedback_rect is not None
        assert row.rect.bottom + app.layout.px(24) <= screen.step_area.bottom  # it still has its room there
        assert screen.view.centered_top == block_top and row.rects[0].top == before


# ---------------------------------------------------------------- 9: the drill form's example


def _setup(app, generator: str):  # noqa: ANN202 - the setup screen
    app.push("drills")
    screen = app.push("drill_setup", generator=generator)
    frame(app)
    return screen


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_example_gets_a_panel_under_the_form_when_there_is_room(tmp_path: Path, monkeypatch, lang) -> None:
    with headless_app(tmp_path, monkeypatch, size=(1280, 720), language=lang) as app:
        screen = _setup(app, "discard_ukeire")
        panel = screen.example_panel()
        L = app.layout
        assert panel is not None and panel.tiles and panel.question is not None
        last = max(w.rect.bottom for _k, w in screen.fields)
        assert panel.rect.top >= last + L.px(16) and panel.rect.bottom <= screen.start.rect.top - L.px(16)
        assert panel.tile_h >= L.tile_h(0.75)
        assert all(w.rect.height >= L.px(38) for _k, w in screen.fields)  # the rows closed up, no lower


def test_a_crowded_form_keeps_its_rows_and_the_strip(tmp_path: Path, monkeypatch) -> None:
    with headless_app(tmp_path, monkeypatch, size=(1280, 720)) as app:
        screen = _setup(app, "points_lookup")
        assert screen.example_panel() is None
        heights = {w.rect.height for _k, w in screen.fields}
        assert min(heights) >= app.layout.px(34)


def test_a_big_window_with_a_held_size_shows_the_example_at_a_hands_size(tmp_path: Path, monkeypatch) -> None:
    with headless_app(tmp_path, monkeypatch, size=(2560, 1440)) as app:
        app.apply_settings(app.settings.with_(interface_size="normal"))
        app.layout = Layout.for_settings(2560, 1440, app.settings)
        screen = _setup(app, "discard_ukeire")
        panel = screen.example_panel()
        assert panel is not None and panel.tile_h == app.layout.tile_h()
        assert all(w.rect.height == app.layout.px(46) for _k, w in screen.fields)


# ---------------------------------------------------------------- 6: the replay's river above the hand


@pytest.fixture(scope="module")
def game_path(tmp_path_factory) -> Path:
    log = play_match([make_bot("efficient", RULES) for _ in range(4)], RULES, seed=5).log
    path = tmp_path_factory.mktemp("games") / "game.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    return path


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1600, 900), (1920, 1080), (2560, 1440)])
def test_the_learners_river_shows_whole_above_their_hand(tmp_path: Path, monkeypatch, game_path, size) -> None:
    with headless_app(tmp_path, monkeypatch, size=size) as app:
        app.push("replay", path=str(game_path))
        screen = app.screen
        screen.pos = next(i for i, f in enumerate(screen.frames)
                          if len(next(s for s in f.state.seats if f.state.relative(s.seat) == 0).river) >= 13)
        frame(app)
        board = screen.board
        hand, river = board.seat_rects[0], board.river_rects[0]
        rows = board.bottom_rows(hand.height)
        assert rows >= 2
        assert river.bottom <= hand.top  # no discard, tick or frame under the hand
        th = tile_art.tile_size(board.river_h)[1]
        across_rows = board.center.rect.top - board.gap - (3 * th + 2 * row_gap(board.river_h))
        assert across_rows >= board.seat_rects[2].bottom  # the river across keeps its three rows
        assert board.river_h >= board.placed[0] * 0.9  # the rivers at most a little smaller
        first = board.center.rect.copy()
        frame(app)
        assert board.center.rect == first  # every frame the same board


def test_the_table_grows_its_tiles_into_the_room_a_held_size_leaves(tmp_path: Path, monkeypatch, game_path) -> None:
    from trainer.ui.views.table.board import RIVER_CAP

    with headless_app(tmp_path, monkeypatch, size=(2560, 1440)) as app:
        app.apply_settings(app.settings.with_(interface_size="normal"))
        app.layout = L = Layout.for_settings(2560, 1440, app.settings)
        app.push("replay", path=str(game_path))
        frame(app)
        board = app.screen.board
        assert L.room == pytest.approx(1.5)
        assert board.placed[0] > L.tile_h(RIVER_CAP) * 1.3  # not the held size's 42 px in a 2560 window
        assert board.river_rects[0].bottom <= board.seat_rects[0].top
