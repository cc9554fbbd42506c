"""Bad values in settings.json never break the app: every field with a closed set of values is
checked against its real choices (tile theme and rule preset included), a bad value is dropped to
its default with the one-line warning naming the field and the value, and is never saved back;
the daily review cap keeps to the documented 0-200."""

from __future__ import annotations

import json
import os
from dataclasses import fields
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from trainer import i18n  # noqa: E402
from trainer.engine.rules import PRESETS as ENGINE_PRESETS  # noqa: E402
from trainer.ui import tile_art  # noqa: E402
from trainer.ui.settings import (  # noqa: E402
    CHOICES,
    DAILY_REVIEWS_RANGE,
    TILE_THEMES,
    Settings,
    SettingsValueError,
    load_settings,
    settings_from_dict,
)
from trainer.ui.views.rule_presets import preset_ids  # noqa: E402

OPEN_TEXT_FIELDS = {"last_lesson", "last_drill", "last_track", "match_setup", "training_setup"}
"""Text fields whose values are not a closed set (ids of lessons, drills and tracks that teachers may
add; JSON read forgivingly by their own screens)."""


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    yield
    i18n.set_language("en")


def test_every_text_field_is_either_a_closed_choice_or_known_to_be_open() -> None:
    text_fields = {f.name for f in fields(Settings) if isinstance(getattr(Settings(), f.name), str)}
    assert text_fields == set(CHOICES) | OPEN_TEXT_FIELDS
    assert {"tile_theme", "preset"} <= set(CHOICES)


@pytest.mark.parametrize("name", sorted(CHOICES))
def test_a_value_outside_the_choices_is_refused_and_named(name: str) -> None:
    with pytest.raises(SettingsValueError) as info:
        Settings(**{name: "neon"}).validated()
    assert info.value.problem.values["field"] == name and '"neon"' in str(info.value.problem)
    for good in CHOICES[name]:
        assert getattr(Settings(**{name: good}).validated(), name) == good


def test_the_choices_are_what_the_app_really_has() -> None:
    assert set(TILE_THEMES) == set(tile_art.THEMES)
    assert set(preset_ids()) <= set(CHOICES["preset"]) == set(ENGINE_PRESETS)


def test_an_unknown_tile_theme_and_preset_fall_back_with_the_usual_warning(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text('{"tile_theme": "neon", "preset": "mcr", "language": "en", '
                                            '"tile_size": "huge"}', encoding="utf-8")
    loaded = load_settings()
    assert loaded.settings == Settings(language="en")
    assert loaded.moved_to is None  # a bad value costs only that value
    i18n.set_language("ru")
    shown = loaded.translated_problem() or ""
    assert 'Оформление плиток (tile_theme): значение "neon" не подходит, нужно одно из: classic, contrast, kids' \
        in shown
    assert 'Набор правил (preset): значение "mcr" не подходит' in shown
    assert 'Размер плиток (tile_size): значение "huge" не подходит' in shown  # not pushed out by the theme


def test_a_learner_profile_with_a_bad_theme_keeps_its_good_values() -> None:
    chosen, bad = settings_from_dict({"tile_theme": "neon", "tile_size": "large", "profile": "child"})
    assert chosen == Settings(tile_size="large", profile="child") and len(bad) == 1 and "tile_theme" in bad[0]


@pytest.mark.parametrize("value, ok", [(0, True), (200, True), (201, False), (500, False), (-1, False)])
def test_the_daily_review_cap_keeps_to_the_documented_range(value: int, ok: bool) -> None:
    assert DAILY_REVIEWS_RANGE == (0, 200)
    chosen, bad = settings_from_dict({"daily_reviews": value})
    assert (chosen.daily_reviews, bad == []) == ((value, True) if ok else (30, False))
    if not ok:
        assert bad[0] == "daily_reviews: must be between 0 and 200"


def _texts(app) -> str:  # noqa: ANN001
    return "\n".join(b.text for b in app.banners)


def test_the_app_starts_with_a_bad_theme_every_screen_draws_and_the_value_is_not_saved_back(tmp_path: Path) -> None:
    from trainer.ui.app import App

    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"tile_theme": "neon", "language": "en", "daily_reviews": 500}), encoding="utf-8")
    app = App(size=(1280, 720))  # a learner is picked: their settings are applied and saved
    try:
        assert app.settings.tile_theme == "classic" and app.settings.daily_reviews == 30
        text = _texts(app)
        assert text.startswith("Some settings could not be used")
        assert 'Tile theme (tile_theme): "neon" is not one of classic, contrast, kids' in text
        assert "Reviews a day (daily_reviews): must be between 0 and 200" in text
        app.push("home")
        for name in ("drills", "settings", "glossary"):
            app.push(name)
            app.process([], 0.1)
            app.render()  # the tiles of every screen are drawn in a theme that exists
            app.pop()
    finally:
        app.close()
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["tile_theme"] == "classic" and saved["daily_reviews"] == 30
