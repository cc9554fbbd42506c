"""Review 24 (large24) #5: the "Interface size" setting holds the scale in a big window, so the
window shows more (glossary rows, skills, lesson cards) instead of the same things bigger; "auto"
(the default) scales as before, and a child's profile keeps it."""

from __future__ import annotations

import os
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from tests.ui_events import click, frame, headless_app  # noqa: E402
from trainer.progress import open_store  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.layout import CONTENT_W, INTERFACE_SCALE_CAPS, Layout  # noqa: E402
from trainer.ui.settings import (  # noqa: E402
    INTERFACE_SIZES,
    Settings,
    SettingsValueError,
    for_profile,
    settings_from_dict,
)

BIG = (2560, 1440)


def use_interface(app: App, size: str) -> None:
    """Switch the interface size as the settings screen does, and lay the app out with it."""
    app.apply_settings(app.settings.with_(interface_size=size))
    app.layout = Layout.for_settings(app.layout.width, app.layout.height, app.settings)
    app.screen.rebuild()
    frame(app)


# ---------------------------------------------------------------- the layout


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080), (2560, 1440), (3440, 1440)])
def test_auto_scales_with_the_window_as_before(size: tuple[int, int]) -> None:
    w, h = size
    auto = Layout.for_size(w, h, "medium", "auto")
    assert auto == Layout.for_size(w, h)
    assert auto.scale == pytest.approx(max(0.5, min(h / 720, w / (1280 * 0.92))))
    assert auto.content().width == min(w - 2 * auto.margin, auto.px(1240))


@pytest.mark.parametrize("name", ["large", "normal", "compact"])
def test_a_held_size_stops_the_scale_in_a_big_window_and_widens_the_content(name: str) -> None:
    cap = INTERFACE_SCALE_CAPS[name]
    big = Layout.for_size(*BIG, "medium", name)
    assert big.scale == pytest.approx(cap)
    assert big.font("body") < Layout.for_size(*BIG).font("body")
    # the content keeps (about) its share of the window: wider in design pixels, never past the window
    assert big.content_w > CONTENT_W
    assert big.content().width <= BIG[0] - 2 * big.margin
    assert big.content().height > Layout.for_size(*BIG).content().height / Layout.for_size(*BIG).scale * cap


def test_a_small_window_is_not_touched_by_a_held_size() -> None:
    for name in ("large", "normal"):
        assert Layout.for_size(1280, 720, "medium", name) == Layout.for_size(1280, 720)
    for name in INTERFACE_SIZES:
        assert Layout.for_size(1024, 600, "medium", name) == Layout.for_size(1024, 600)


def test_the_setting_and_the_layout_name_the_same_sizes() -> None:
    assert set(INTERFACE_SIZES) == set(INTERFACE_SCALE_CAPS)
    s = Settings(interface_size="compact", tile_size="large")
    assert Layout.for_settings(*BIG, s) == Layout.for_size(*BIG, "large", "compact")


# ---------------------------------------------------------------- the setting


def test_the_setting_defaults_to_auto_and_refuses_other_values() -> None:
    assert Settings().interface_size == "auto"
    with pytest.raises(SettingsValueError):
        Settings().with_(interface_size="huge")
    settings, bad = settings_from_dict({"interface_size": "huge", "tile_size": "large"})
    assert settings.interface_size == "auto" and settings.tile_size == "large"
    assert bad and "interface_size" in str(bad[0])


def test_a_child_keeps_the_big_interface_an_adult_keeps_the_choice() -> None:
    held = Settings(interface_size="compact")
    assert for_profile(held, "child").interface_size == "auto"
    assert for_profile(held, "rules").interface_size == "compact"
    assert for_profile(held, "new").interface_size == "compact"


# ---------------------------------------------------------------- the settings screen


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_settings_screen_offers_the_size_and_everything_fits(tmp_path: Path, monkeypatch, size, lang) -> None:
    with headless_app(tmp_path, monkeypatch, size=size, language=lang) as app:
        screen = app.push("settings")
        frame(app)
        L = app.layout
        area = L.content()
        labels = [label for label, _note, _w in screen.rows]
        row = next(w for label, _note, w in screen.rows if label == ("Размер интерфейса" if lang == "ru"
                                                                      else "Interface size"))
        assert [v for v, _t in row.options] == list(INTERFACE_SIZES)
        assert len(labels) == 8
        small = app.line_height(L.font("small"))
        for (_label, note, w), (_l2, _n2, nxt) in zip(screen.rows, screen.rows[1:], strict=False):
            assert area.contains(w.rect)
            bottom = w.rect.bottom + (L.px(4) + small if note else 0)
            assert bottom <= nxt.rect.top + L.px(2), (note, bottom, nxt.rect.top)  # a note never under a row
        panel = screen.preview.rect.inflate(L.px(40), 2 * L.px(12))
        assert panel.top > screen.rows[-1][2].rect.bottom + L.px(4) + small - L.px(2)
        assert panel.bottom <= area.bottom + L.px(2) and not panel.colliderect(screen.about.rect)
        assert screen.preview.rect.height >= L.tile_h() - 2  # the preview shows the tile size itself
        click(app, row._segments()[INTERFACE_SIZES.index("compact")].center)
        assert app.settings.interface_size == "compact"


# ---------------------------------------------------------------- lists show more


def test_the_glossary_lists_about_twice_the_terms_at_a_normal_size(tmp_path: Path, monkeypatch) -> None:
    with headless_app(tmp_path, monkeypatch, size=BIG) as app:
        app.push("glossary")
        frame(app)
        auto_rows = app.screen.list.visible_rows(app)
        use_interface(app, "normal")
        normal_rows = app.screen.list.visible_rows(app)
        assert normal_rows >= 1.8 * auto_rows, (auto_rows, normal_rows)


def _many_skills(store, learner_id: str) -> int:
    skills = ["fu", "yaku_id", "defense", "rules_furiten", "winning_shape", "waits_mixed", "efficiency", "dora",
              "points", "shanten", "waits_basic", "waits_single_suit"]
    at = datetime.now(UTC) - timedelta(hours=3)
    for k, skill in enumerate(skills):
        for i in range(10):
            store.record_answer(learner_id, "lesson", f"l{k}/q{i}", skill, i < 7, 5.0,
                                at=at + timedelta(seconds=k * 10 + i))
    return len(skills)


def test_progress_shows_every_skill_at_a_normal_size(tmp_path: Path, monkeypatch) -> None:
    store = open_store(tmp_path / "progress.sqlite3")
    try:
        with headless_app(tmp_path, monkeypatch, size=(1920, 1080), progress=store) as app:
            total = _many_skills(store, app.learner_id)
            screen = app.push("progress")
            frame(app)
            assert screen.more_btn.visible and screen.mastery_fits < total  # auto: a page of them
            use_interface(app, "normal")
            screen = app.screen
            assert not screen.more_btn.visible and screen.mastery_fits >= total
    finally:
        store.close()


def test_the_lesson_map_shows_more_cards_in_four_columns(tmp_path: Path, monkeypatch) -> None:
    with headless_app(tmp_path, monkeypatch, size=(1920, 1080)) as app:
        app.push("lesson_map")
        frame(app)

        def whole_cards() -> list:
            grid = app.screen.grid_area
            return [c for c in app.screen.cards if c.visible and grid.contains(c.rect)]

        auto = whole_cards()
        assert len({c.rect.left for c in auto}) == 3
        use_interface(app, "normal")
        normal = whole_cards()
        assert len({c.rect.left for c in normal}) == 4
        assert len(normal) > len(auto)


# ---------------------------------------------------------------- the app builds its layout with it


def test_the_app_lays_out_with_the_interface_size(tmp_path: Path, monkeypatch) -> None:
    with headless_app(tmp_path, monkeypatch, size=BIG, interface_size="normal") as app:
        assert app.layout.scale == pytest.approx(1.0)
        app.apply_settings(app.settings.with_(interface_size="auto"))
        assert app.layout.scale == pytest.approx(2.0)
        app.apply_settings(app.settings.with_(interface_size="compact"))
        app.resize(1920, 1080)
        assert app.layout.scale == pytest.approx(INTERFACE_SCALE_CAPS["compact"])
