"""A child's screens always fit the window: a grown-up's smaller "Interface size" never shrinks them,
and the settings screen does not offer it on a child's profile (review 24, child24 #1)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.ui_events import headless_app
from trainer.ui.app import App
from trainer.ui.layout import Layout
from trainer.ui.settings import Settings


def test_a_child_profile_lays_out_at_the_windows_own_scale() -> None:
    adult = Settings(profile="new", interface_size="compact")
    child = Settings(profile="child", interface_size="compact")
    assert Layout.for_settings(1920, 1080, adult).scale < Layout.for_settings(1920, 1080, child).scale
    assert Layout.for_settings(1920, 1080, child).scale == Layout.for_settings(1920, 1080, Settings(profile="child")).scale


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    with headless_app(tmp_path, monkeypatch, size=(1920, 1080)) as a:
        yield a


def test_the_settings_screen_offers_no_interface_size_to_a_child(app: App) -> None:
    app.apply_settings(app.settings.with_(profile="child", interface_size="compact"))
    screen = app.push("settings")
    app.render()
    labels = [label for label, _note, _w in screen.rows]
    assert "Interface size" not in labels and "Размер интерфейса" not in labels
    assert app.layout.scale == pytest.approx(1.5)
    app.apply_settings(app.settings.with_(profile="new"))
    screen = app.push("settings")
    app.render()
    assert any(label in ("Interface size", "Размер интерфейса") for label, _note, _w in screen.rows)
    assert app.layout.scale < 1.5
