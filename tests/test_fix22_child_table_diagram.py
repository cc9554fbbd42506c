"""A child's table diagram («Скажи риичи», the sideways tile) has no centre panel of round, honba
and sticks: those are a grown-up's table words, and the room goes to bigger tiles."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from tests.ui_events import headless_app  # noqa: E402


def _table(app):  # noqa: ANN001, ANN202
    lesson = app.library().lessons["kids_say_riichi"]
    idx = next(i for i, s in enumerate(lesson.steps) if getattr(s, "id", None) == "sideways")
    screen = app.push("lesson", lesson_id="kids_say_riichi", step=idx)
    app.render()
    return screen.view.table


def test_a_childs_table_has_no_centre_panel_and_the_sideways_tile_is_drawn(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    with headless_app(tmp_path, monkeypatch, language="ru", size=(1024, 600), profile="child") as app:
        table = _table(app)
        assert table.center_lines() == [] and table.center.width == 0
        _label, _hand, river = table.rows[0]
        assert [s.sideways for s in river.slots] == [False, False, False, True]
