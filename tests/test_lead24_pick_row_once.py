"""A "pick every tile of this group" drill shows its row once: the row to pick from, not the same
tiles again framed above it (a beginner wondered which row to click)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.ui_events import frame, lesson_app


@pytest.fixture
def app(tmp_path: Path) -> Any:
    a = lesson_app(tmp_path, language="en")
    yield a
    a.close()


def test_the_value_tiles_drill_shows_one_row_to_pick_from(app: Any) -> None:
    params = {"groups": ["value"], "ask": "pick", "row": 8, "seat": "random", "round": "random"}
    app.push("drill", generator="tile_group", params=params, n=2, seed=5)
    frame(app)
    view = app.stack[-1].view
    assert view.picker is not None and view.hand_row is None
    assert len(view.picker.slots) == 8


def test_a_pick_from_a_hand_still_shows_the_hand(app: Any) -> None:
    """The dora drill's row to pick from differs from what it shows (the indicators): both stay."""
    params = {"indicators": 2, "wraps": True, "honors": True, "aka": 3, "ask": "pick"}
    app.push("drill", generator="dora_from_indicator", params=params, n=2, seed=5)
    frame(app)
    view = app.stack[-1].view
    assert view.picker is not None
    assert view.hand_row is not None or not view.ex.prompt.tiles
