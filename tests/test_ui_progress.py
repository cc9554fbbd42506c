"""The progress screen, learner profiles, import and review, driven with synthetic events."""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime, timedelta

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from trainer.progress import open_store  # noqa: E402
from trainer.ui import folders  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.settings import Settings  # noqa: E402
from trainer.ui.theme import PALETTE  # noqa: E402


@pytest.fixture
def store(tmp_path):
    s = open_store(tmp_path / "progress.sqlite3")
    yield s
    s.close()


def _app(store, lang="en"):
    app = App((1280, 720), settings=Settings(language=lang), progress=store, save=False)
    app.push("home")
    return app


def _frame(app, events=()):
    app.process(list(events), 1 / 60)
    return app.render()


def _key(key, unicode=""):
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=unicode, scancode=0)


def _fill(store, learner_id, n=40):
    from trainer.engine.exercises import GENERATORS

    now = datetime.now(UTC)
    for i in range(n):  # one answer a day over the last n days, the last one wrong: the card is due
        params = {"size": (4, 7, 10, 13)[i % 4]}
        ex = GENERATORS["shanten"].generate(params, i)
        store.record_answer(learner_id, "drill", ex.item_id, ex.skill, i % 4 != 3 and i < n - 4, 6.0,
                            at=now - timedelta(days=n - i, hours=2), spec=ex.spec())


def test_progress_screen_shows_the_learners_figures(store):
    app = _app(store)
    _fill(store, app.learner_id)
    screen = app.push("progress")
    surf = _frame(app)
    assert screen.data.totals["answers"] == 40
    assert len(screen.data.mastery) == 1
    assert screen.data.due > 0 and screen.review_btn.enabled
    # the accuracy chart draws its bars in the accent colour inside the chart panel
    r = screen.chart1
    colours = {surf.get_at((x, y))[:3] for x in range(r.left, r.right, 3) for y in range(r.top, r.bottom, 3)}
    assert PALETTE.accent in colours and PALETTE.right in colours


def test_review_brings_back_the_due_exercises(store):
    app = _app(store)
    _fill(store, app.learner_id, 12)
    screen = app.push("progress")
    _frame(app)
    screen.review_btn.activate()
    review = app.screen
    assert review.name == "review"
    due = store.due_reviews(app.learner_id)
    assert review.n == len(due) == store.due_count(app.learner_id)  # one count of due reviews
    first = due[0]
    # a sibling: the same generator and parameters, a new seed (never the question already seen)
    assert review.ex.kind == first["generator"] and review.ex.item_id.rsplit(":", 1)[0] == first["item_id"]
    assert review.ex.seed != first["seed"] and review.ex.seed >= 1_000_000
    _frame(app)


def test_empty_learner_sees_an_invitation_not_an_error(store):
    app = _app(store, "ru")
    screen = app.push("progress")
    _frame(app)
    assert screen.data.totals["answers"] == 0 and not screen.review_btn.enabled


def test_add_and_switch_learner_keeps_each_ones_settings(store):
    app = _app(store)
    first = app.learner_id
    app.apply_settings(app.settings.with_(tile_theme="contrast"))
    screen = app.push("learners")
    _frame(app)
    screen.set_focus(screen.name_field)
    app.process([pygame.event.Event(pygame.TEXTINPUT, text="Маша")], 1 / 60)
    app.process([_key(pygame.K_RETURN)], 1 / 60)
    names = [lr.name for lr in store.learners()]
    assert "Маша" in names
    kid = next(lr for lr in store.learners() if lr.name == "Маша")
    assert app.learner_id == kid.id
    assert store.learner(first).settings["tile_theme"] == "contrast"  # kept in the first profile
    app.apply_settings(app.settings.with_(tile_theme="kids"))
    from trainer.ui.screens.learners import switch_learner

    switch_learner(app, first)
    assert app.settings.tile_theme == "contrast"
    switch_learner(app, kid.id)
    assert app.settings.tile_theme == "kids"


def test_export_then_import_on_another_computer(store, tmp_path, monkeypatch):
    monkeypatch.setattr(folders, "export_folder", lambda: tmp_path / "docs")
    app = _app(store)
    _fill(store, app.learner_id, 5)
    screen = app.push("progress")
    _frame(app)
    screen.export()
    (path,) = (tmp_path / "docs").glob("*.json")
    assert json.loads(path.read_text())["format"] == "riichi-trainer-progress"
    other = open_store(tmp_path / "other.sqlite3")
    app2 = _app(other)
    imp = app2.push("progress_import")
    _frame(app2)
    assert path in imp.files
    imp.do_import(path)
    assert any(other.answer_count(lr.id) == 5 for lr in other.learners())
    other.close()


def test_a_bad_import_file_is_reported(store, tmp_path, monkeypatch):
    monkeypatch.setattr(folders, "export_folder", lambda: tmp_path)
    bad = tmp_path / "broken.json"
    bad.write_text("{not json")
    app = _app(store)
    imp = app.push("progress_import")
    _frame(app)
    imp.do_import(bad)
    assert app.banners and "broken.json" in app.banners[-1].text
    assert store.learners()[0].name  # the existing learner is untouched


def test_the_app_starts_with_the_learner_who_was_active_last(store):
    first = store.create_learner("Папа")
    kid = store.create_learner("Маша", "child")
    store.update_learner(kid.id, settings={"tile_theme": "kids", "language": "ru"})
    store.record_answer(first.id, "drill", "x", "tiles", True, 1.0, at=datetime(2026, 1, 1, tzinfo=UTC))
    store.record_answer(kid.id, "drill", "y", "tiles", True, 1.0, at=datetime(2026, 1, 2, tzinfo=UTC))
    assert store.last_active_learner() == kid.id
    app = App((1280, 720), settings=Settings(language="en"), progress=store, save=False)
    assert app.learner_id == kid.id and app.settings.tile_theme == "kids"


def test_a_drill_answer_is_recorded_with_how_to_show_it_again(store):
    app = _app(store)
    drill = app.push("drill", generator="shanten", params={}, n=2, seed=5)
    _frame(app)
    assert drill.ex.prompt.input == "number"
    wrong = str(drill.ex.answer + 1)  # a wrong number typed and submitted
    app.process([_key(getattr(pygame, f"K_{d}"), d) for d in wrong] + [_key(pygame.K_RETURN)], 1 / 60)
    assert store.due_reviews(app.learner_id, now=datetime.now(UTC) + timedelta(hours=1)) == []
    (due,) = store.due_reviews(app.learner_id, now=datetime.now(UTC) + timedelta(days=1, hours=1))
    assert due["generator"] == "shanten" and due["seed"] == 5
    assert due["item_id"] == drill.ex.item_id.rsplit(":", 1)[0]  # the card: the generator's family


def test_home_shows_the_day_and_starts_a_review_of_what_is_due(store):
    app = _app(store, "ru")
    _fill(store, app.learner_id, 12)
    home = app.screen
    home.rebuild()
    _frame(app)
    assert home.review is not None and home.review.badge == str(store.due_count(app.learner_id))
    from trainer.progress.names import shown_name

    assert "сегодня" in home.status_text and shown_name(store.learner(app.learner_id).name) in home.status_text
    home.review.activate()
    assert app.screen.name == "review"
