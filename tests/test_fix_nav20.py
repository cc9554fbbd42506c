"""Review 20 (mcr) #1 and #6: the home screen offers the next lesson of the rule system the learner
works on (an MCR learner the next MCR lesson, a riichi learner the riichi path as before), and the
drill menu opens on the tab the learner chose last (kept per learner), else on the MCR tab for a
learner whose last lesson or drill was one of the Chinese Official rules."""

from __future__ import annotations

import os
from datetime import UTC, datetime, timedelta
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from tests.ui_events import click, frame, headless_app  # noqa: E402
from trainer.i18n import set_language  # noqa: E402


@pytest.fixture(autouse=True)
def clock(monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201 - every store change a second after the last
    import trainer.progress.store as store

    now = {"t": datetime(2025, 3, 1, 10, 0, tzinfo=UTC)}

    def tick() -> datetime:
        now["t"] += timedelta(seconds=1)
        return now["t"]

    monkeypatch.setattr(store, "_now", tick)
    yield
    set_language("en")


def _app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str = "ru", profile: str = "new"):  # noqa: ANN202
    return headless_app(tmp_path, monkeypatch, language=language, progress="open", profile=profile)


def _complete(app, *lesson_ids: str) -> None:  # noqa: ANN001
    for lid in lesson_ids:
        app.progress.save_lesson_step(app.learner_id, lid, 1)
        app.progress.complete_lesson(app.learner_id, lid, 1.0)


def _home(app):  # noqa: ANN001, ANN202 - the home screen built afresh and drawn
    while len(app.stack) > 1:
        app.pop()
    app.screen.rebuild()
    frame(app)
    return app.screen


def _title(app, lid: str) -> str:  # noqa: ANN001
    return app.library().lessons[lid].title.get(app.settings.language)


# ---------------------------------------------------------------- #1 the next lesson on home


@pytest.mark.parametrize("profile", ["new", "rules"])
@pytest.mark.parametrize("language", ["ru", "en"])
def test_home_offers_the_next_mcr_lesson_to_an_mcr_learner(tmp_path, monkeypatch, profile, language) -> None:  # noqa: ANN001
    with _app(tmp_path, monkeypatch, language, profile) as app:
        mcr = [x.id for x in app.library().by_track("mcr")]
        assert len(mcr) >= 6
        _complete(app, *mcr[:5])  # mcr_intro ... mcr_fans_chows, as the reviewer did
        home = _home(app)
        assert home.hero is not None and home.hero.subtitle == _title(app, mcr[5])
        basics = _title(app, app.library().by_track("basics")[0].id)
        assert home.hero.subtitle != basics
        click(app, home.hero.rect.center)
        assert app.screen.name == "lesson" and app.screen.lesson.id == mcr[5]


def test_home_keeps_the_riichi_path_for_a_riichi_learner(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    with _app(tmp_path, monkeypatch) as app:
        basics = [x.id for x in app.library().by_track("basics")]
        assert _home(app).hero.subtitle == _title(app, basics[0])  # nothing done: the first lesson
        _complete(app, basics[0])
        assert _home(app).hero.subtitle == _title(app, basics[1])


def test_home_follows_the_rule_system_of_the_last_lesson(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    """MCR first, then back to riichi: riichi is offered; riichi, then an MCR lesson: MCR."""
    with _app(tmp_path, monkeypatch) as app:
        basics = [x.id for x in app.library().by_track("basics")]
        mcr = [x.id for x in app.library().by_track("mcr")]
        _complete(app, mcr[0], mcr[1], basics[0])
        assert _home(app).hero.subtitle == _title(app, basics[1])
        _complete(app, mcr[2])
        assert _home(app).hero.subtitle == _title(app, mcr[3])


def test_a_finished_mcr_track_leads_back_to_the_riichi_path(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    with _app(tmp_path, monkeypatch) as app:
        mcr = [x.id for x in app.library().by_track("mcr")]
        _complete(app, *mcr)
        assert _home(app).hero.subtitle == _title(app, app.library().by_track("basics")[0].id)


# ---------------------------------------------------------------- #6 the drill menu's tab


def _drills(app):  # noqa: ANN001, ANN202 - the drill menu opened from the home card
    home = _home(app)
    card = next(c for c in home.cards if c.title == ("Тренировки" if app.settings.language == "ru" else "Drills"))
    click(app, card.rect.center)
    frame(app)
    assert app.screen.name == "drills"
    return app.screen


def _choose_tab(app, group: str) -> None:  # noqa: ANN001
    tabs = app.screen.tabs
    x = tabs.rect.left + 20 if group == "riichi" else tabs.rect.right - 20
    click(app, (x, tabs.rect.centery))
    frame(app)
    assert app.screen.tabs.value == group


def test_the_drill_menu_opens_on_mcr_after_mcr_lessons(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    with _app(tmp_path, monkeypatch) as app:
        assert _drills(app).tabs.value == "riichi"  # nothing done yet: riichi
        _complete(app, app.library().by_track("mcr")[0].id)
        screen = _drills(app)
        assert screen.tabs.value == "mcr"
        assert all(c.title.startswith("MCR") for c in screen.cards)


def test_the_drill_menu_opens_on_mcr_after_an_mcr_drill(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    with _app(tmp_path, monkeypatch) as app:
        app.remember(last_drill="mcr_fans")
        assert _drills(app).tabs.value == "mcr"


def test_the_drill_menu_remembers_the_tab_per_learner(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    with _app(tmp_path, monkeypatch) as app:
        first = app.learner_id
        _drills(app)
        _choose_tab(app, "mcr")
        assert _drills(app).tabs.value == "mcr"  # reopened: the tab chosen last
        _complete(app, app.library().by_track("basics")[0].id)
        assert _drills(app).tabs.value == "mcr"  # a chosen tab stays, whatever is done next
        _choose_tab(app, "riichi")
        _complete(app, app.library().by_track("mcr")[0].id)
        assert _drills(app).tabs.value == "riichi"
        other = app.progress.create_learner("Вера")
        app.switch_learner(other.id)
        assert _drills(app).tabs.value == "riichi"  # a new learner: nothing done, riichi
        _choose_tab(app, "mcr")
        app.switch_learner(first)
        assert _drills(app).tabs.value == "riichi"  # the first learner's own tab
        app.switch_learner(other.id)
        assert _drills(app).tabs.value == "mcr"


def test_the_discard_puzzles_settings_survive_a_restart(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    """Review 20 (player): «What to discard?» opened on 10 / all positions again after the app
    was reopened, while every other drill kept its settings."""
    from tests.test_fix_flow import open_app as open_flow_app
    from trainer.i18n import set_language

    app = open_flow_app(tmp_path, monkeypatch)
    try:
        form = app.push("nanikiru_setup")
        app.render()
        form.count.on_change(20)
        form.focus_row.on_change("defence")
    finally:
        app.close()
    again = open_flow_app(tmp_path, monkeypatch)
    try:
        form = again.push("nanikiru_setup")
        again.render()
        assert form.values == {"n": 20, "focus": "defence"}
        assert form.count.value == 20 and form.focus_row.value == "defence"
    finally:
        again.close()
        set_language("en")


def test_three_top_cards_take_two_rows_in_a_small_window(tmp_path) -> None:  # noqa: ANN001
    """Verify 20: at 1024x600 three top cards in one row cut the first card's lesson name."""
    from tests.ui_events import lesson_app
    from trainer.ui.widgets import Card

    for size, one_row in (((1024, 600), False), ((1280, 720), True)):
        app = lesson_app(tmp_path / f"{size[0]}", size=size)
        try:
            home = app.screen
            app.render()
            home.review = home.add(Card("Review", "1 exercise", lambda: None))
            home.match_card = home.add(Card("Mistakes", "3 positions", lambda: None))
            home.layout()
            tops = [home.hero, home.review, home.match_card]
            assert home.hero is not None
            assert (len({c.rect.top for c in tops}) == 1) is one_row, size
            assert all(c.rect.bottom <= app.layout.height for c in home.cards)
        finally:
            app.close()
