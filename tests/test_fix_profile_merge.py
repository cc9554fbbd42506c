"""Changing a setting or starting a match keeps what else the learner's profile holds (a
lesson left mid-way, drill settings): the screens merge into the stored settings, never replace
them (review 19: the settings and match-setup screens dropped ``lesson_runs``)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from tests.ui_events import headless_app  # noqa: E402
from trainer.ui.match_setup import MatchSetup  # noqa: E402
from trainer.ui.screens.match_setup import remember_setup  # noqa: E402


def _runs(app):  # noqa: ANN001, ANN202
    return app.progress.learner(app.learner_id).settings.get("lesson_runs")


def test_settings_and_match_setup_keep_the_saved_lesson_results(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    with headless_app(tmp_path, monkeypatch, progress="open") as app:
        saved = app.progress.learner(app.learner_id).settings
        app.progress.update_learner(app.learner_id, settings={**saved, "lesson_runs": {"basics_tiles": {"3": "right"}}})
        screen = app.push("settings")
        screen._set(daily_reviews=app.settings.daily_reviews + 5)
        assert _runs(app) == {"basics_tiles": {"3": "right"}}
        remember_setup(app, MatchSetup())
        assert _runs(app) == {"basics_tiles": {"3": "right"}}
        assert app.progress.learner(app.learner_id).settings["daily_reviews"] == app.settings.daily_reviews


def test_the_home_greets_the_default_learner_in_the_learners_language(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    """The default name is stored untranslated; the home shows it as «Игрок» in Russian (review 19:
    «Привет, Player!»)."""
    import trainer.ui.screens.home as home
    from tests.text_checks import texts_drawn

    with headless_app(tmp_path, monkeypatch, progress="open", language="ru") as app:
        assert app.progress.learner(app.learner_id).name == "Player"
        app.home()
        drawn = texts_drawn(monkeypatch, home)
        app.render()
        text = " ".join(drawn)
        assert "Игрок" in text and "Player" not in text
