"""Each learner's own path through the shipped lessons, as the home screen and the lesson map
show it: an adult's "Start here" names the first basics lesson (or the first of the track their
first-run answer chose), never a children's lesson, and "Continue" never offers one; a child's
home names the first children's lesson; a child's lesson map shows the children's track only,
with no teacher-facing objectives or prerequisite lists; the lesson summary's "Next lesson"
keeps a child on the children's track."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from tests.text_checks import frame_texts  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.settings import Settings  # noqa: E402


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    from trainer.progress import open_store

    store = open_store(tmp_path / "progress.sqlite")
    a = App(size=(1280, 720), settings=Settings(language="en"), progress=store, save=False)
    a.library()  # the shipped lessons, loaded before the home is built
    a.push("home")
    yield a
    a.close()


def drawn_text(app: App, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the current screen draws (card titles, subtitles, badges, tabs, header)."""
    import trainer.ui.screens.base as base

    return frame_texts(app, monkeypatch, base)


def home(app: App, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Go home, rebuild it for the current learner and return what it draws."""
    app.home()
    app.screen.rebuild()
    return drawn_text(app, monkeypatch)


def title(app: App, lesson_id: str) -> str:
    """A shipped lesson's English title."""
    return app.library().lessons[lesson_id].title.get("en")


@pytest.mark.parametrize("profile", ["", "new"])
def test_an_adults_start_here_names_the_first_basics_lesson(app, monkeypatch, profile) -> None:
    app.apply_profile(profile) if profile else None
    text = home(app, monkeypatch)
    assert "Start here" in text
    assert title(app, "basics_tiles") in text
    kids = {x.title.get("en") for x in app.library().by_track("kids")}
    assert not kids & set(text), kids & set(text)


def test_an_adult_who_knows_the_rules_starts_on_hand_skills(app, monkeypatch) -> None:
    app.apply_profile("rules")
    text = home(app, monkeypatch)
    first = app.library().by_track("skills")[0]
    assert "Start here" in text and first.title.get("en") in text


def test_a_childs_home_names_the_first_childrens_lesson(app, monkeypatch) -> None:
    app.apply_profile("child")
    text = home(app, monkeypatch)
    assert "Let's start!" in text and title(app, "kids_tile_families") in text
    assert title(app, "basics_tiles") not in text


def test_continue_offers_an_adult_their_own_lesson_never_a_childrens_one(app, monkeypatch) -> None:
    store, me = app.progress, app.learner_id
    app.apply_profile("new")
    store.save_lesson_step(me, "kids_tile_families", 2)  # a parent looked at a children's lesson
    text = home(app, monkeypatch)
    assert "Continue where you stopped" not in text and title(app, "kids_tile_families") not in text
    assert "Start here" in text and title(app, "basics_tiles") in text
    store.save_lesson_step(me, "basics_tiles", 3)
    store.save_lesson_step(me, "kids_sorting", 1)  # the children's lesson touched last
    text = home(app, monkeypatch)
    assert "Continue where you stopped" in text
    assert f"{title(app, 'basics_tiles')}  ·  step 4" in text


def test_a_child_goes_on_with_a_childrens_lesson_not_an_adult_one(app, monkeypatch) -> None:
    store, me = app.progress, app.learner_id
    app.apply_profile("child")
    store.save_lesson_step(me, "kids_sorting", 1)
    store.save_lesson_step(me, "basics_tiles", 3)  # touched last, but not a child's lesson
    text = home(app, monkeypatch)
    assert "Go on!" in text and title(app, "kids_sorting") in text
    assert title(app, "basics_tiles") not in text


def test_a_childs_lesson_map_shows_only_the_childrens_track_in_words_a_child_reads(app, monkeypatch) -> None:
    app.apply_profile("child")
    app.remember(last_track="basics")  # even a tab left on an adult track
    screen = app.push("lesson_map")
    text = drawn_text(app, monkeypatch)
    kids = app.library().by_track("kids")
    assert screen.track == "kids" and screen.tabs is None
    assert [c.title for c in screen.cards] == [x.title.get("en") for x in kids]
    for name in ("Basics", "Hand skills", "Scoring", "Children"):
        assert name not in text, name  # no track tabs
    assert not [t for t in text if "The child" in t or "First:" in t or "Level " in t]
    assert all(c.subtitle.endswith("minutes") or c.subtitle.endswith("minute") for c in screen.cards)
    assert f"0 of {len(kids)} lessons complete" in text


def test_an_adults_lesson_map_keeps_objectives_and_puts_the_childrens_track_last(app, monkeypatch) -> None:
    app.apply_profile("new")
    screen = app.push("lesson_map")
    text = drawn_text(app, monkeypatch)
    tabs = [v for v, _t in screen.tabs.options]
    assert screen.track == "basics" and tabs[0] == "basics" and tabs[-1] == "kids"
    first = next(c for c in screen.cards if c.title == title(app, "basics_tiles"))
    assert "name them in English and Japanese" in first.subtitle
    assert any(t.replace("\u00a0", " ").startswith("Level 1") for t in text)  # no-break spaces keep it whole


def test_a_childs_next_lesson_after_the_last_childrens_one_is_a_childrens_lesson(app) -> None:
    app.apply_profile("child")
    last = app.library().by_track("kids")[-1]
    screen = app.push("lesson", lesson_id=last.id, step=0)
    nxt = screen._next_lesson_id()
    assert nxt is not None and app.library().lessons[nxt].track == "kids"


def test_an_adults_next_lesson_after_a_basics_one_is_never_a_childrens_lesson(app) -> None:
    app.apply_profile("new")
    last = app.library().by_track("basics")[-1]
    screen = app.push("lesson", lesson_id=last.id, step=0)
    nxt = screen._next_lesson_id()
    assert nxt is None or app.library().lessons[nxt].track != "kids"


def _tap_locked(app: App, lesson_id: str):  # noqa: ANN202 - the screen class is registered dynamically
    """Open the lesson map and tap the card of ``lesson_id`` (locked); the map with its dialog."""
    import pygame

    screen = app.push("lesson_map")
    app.render()
    card = next(c for c in screen.cards if c.title == app.library().lessons[lesson_id].title.get(app.settings.language))
    assert card.locked
    app.process([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=card.rect.center, button=1)], 1 / 60)
    assert screen.dialog is not None and app.screen is screen
    return screen


@pytest.mark.parametrize(("lang", "first", "button"), [
    ("en", "First play “Tile families”.", "Play that lesson"),
    ("ru", "Сначала пройди урок «Семьи плиток».", "Пройти этот урок"),
])
@pytest.mark.parametrize("locked", ["kids_dots_and_sticks", "kids_tibet_5"])
def test_a_child_tapping_a_locked_lesson_is_sent_to_the_lesson_to_play_first(app, monkeypatch, lang, first,
                                                                              button, locked) -> None:
    """A child's locked card says in a child's words which lesson comes first (the first one of
    the chain that is open to play, however deep) and a button opens it: no grown-up list of
    unfinished lessons, no "open anyway"."""
    app.apply_profile("child")
    app.apply_settings(app.settings.with_(language=lang))
    screen = _tap_locked(app, locked)
    dialog = screen.dialog
    words = " ".join([dialog.title, dialog.body, *(b.label for b in dialog.buttons)])
    assert first in dialog.body, words
    for grown_up in ("builds on others", "not finished", "Open anyway", "опирается", "не прошли", "всё равно"):
        assert grown_up not in words
    text = drawn_text(app, monkeypatch)
    assert any(first in t for t in text) and button in text
    primary = next(b for b in dialog.buttons if b.label == button)
    primary.activate()
    assert app.screen.name == "lesson" and app.screen.lesson.id == "kids_tile_families"


def test_an_adult_tapping_a_locked_lesson_still_gets_the_grown_up_warning(app) -> None:
    app.apply_profile("new")
    screen = app.push("lesson_map")
    screen._set_track("kids")
    app.render()
    import pygame

    card = next(c for c in screen.cards if c.locked)
    app.process([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=card.rect.center, button=1)], 1 / 60)
    assert screen.dialog.title == "This lesson builds on others"
    assert [b.label for b in screen.dialog.buttons] == ["Cancel", "Open anyway"]
