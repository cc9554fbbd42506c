"""firstrun24: the first-run question has a language switch («Русский» / "English"): a click, the
L key or the keyboard focus changes the whole interface at once, the choice is saved, and it stays
after the profile card is picked and after a restart.  Russian stays the default, whatever the OS
locale says."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from trainer import i18n  # noqa: E402
from trainer.cli.shots import gallery_lesson  # noqa: E402
from trainer.lessons.loader import LessonLibrary  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.settings import settings_path  # noqa: E402

LESSON = gallery_lesson()
ENGLISH_TITLES = ["I am new to mahjong", "I know the rules", "A child is learning"]
RUSSIAN_TITLES = ["Я новичок в маджонге", "Я знаю правила", "Учится ребёнок"]


def start_app(size: tuple[int, int] = (1280, 720)) -> App:
    """The app as a real start opens it: settings and progress from TRAINER_DATA_DIR."""
    app = App(size=size)
    app.set_library(LessonLibrary(lessons={LESSON.id: LESSON}))
    return app


@pytest.fixture()
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A fresh data dir; the interface language is put back to English afterwards, as the other
    test modules expect."""
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    yield tmp_path
    i18n.set_language("en")


def drawn_texts(app: App) -> list[str]:
    """Every line of text one frame draws."""
    seen: list[str] = []
    original = app.text_surface

    def spy(text: str, *args: object, **kwargs: object) -> pygame.Surface:
        seen.append(text)
        return original(text, *args, **kwargs)

    app.text_surface = spy  # type: ignore[method-assign]
    try:
        app.render()
    finally:
        del app.text_surface
    return seen


def click(app: App, pos: tuple[int, int]) -> None:
    """A left click at ``pos``."""
    app.process([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], 1 / 60)


def key(app: App, k: int, unicode: str = "", mod: int = 0) -> None:
    """One key press."""
    app.process([pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode)], 1 / 60)


def segment_center(app: App, language: str) -> tuple[int, int]:
    """Where the switch's segment for ``language`` is on screen."""
    row = app.screen.language_row
    index = [code for code, _name in row.options].index(language)
    return row._segments()[index].center


def test_english_click_switches_the_screen_and_stays_after_the_answer_and_a_restart(data_dir: Path) -> None:
    app = start_app()
    assert app.needs_first_run()
    app.push("first_run")
    texts = drawn_texts(app)
    assert app.settings.language == "ru" and set(RUSSIAN_TITLES) <= set(texts)
    assert {"Русский", "English"} <= set(texts)  # each language named in itself
    click(app, segment_center(app, "en"))
    texts = drawn_texts(app)
    assert [c.title for c in app.screen.cards] == ENGLISH_TITLES
    assert set(ENGLISH_TITLES) | {"Welcome!"} <= set(texts)
    assert not set(RUSSIAN_TITLES) & set(texts)
    assert app.screen.language_row.value == "en"  # the current one is marked
    assert json.loads(settings_path().read_text(encoding="utf-8"))["language"] == "en"
    click(app, app.screen.cards[0].rect.center)  # "I am new to mahjong"
    assert app.screen.name == "home"
    assert (app.settings.language, app.settings.profile) == ("en", "new")
    app.close()
    i18n.set_language("ru")  # a new process starts in the default language

    again = start_app()
    try:
        assert again.settings.language == "en" and i18n.current_language() == "en"
        assert not again.needs_first_run()
        again.push("home")
        assert "Settings" in " ".join(drawn_texts(again))
    finally:
        again.close()


def test_the_l_key_toggles_on_either_keyboard_layout_and_tab_reaches_the_switch(data_dir: Path) -> None:
    app = start_app((1024, 600))
    try:
        screen = app.push("first_run")
        assert app.screen.focused_widget() is screen.cards[0]  # the first card keeps the first focus
        key(app, pygame.K_l, "l")
        assert app.settings.language == "en" and app.screen.cards[0].title == ENGLISH_TITLES[0]
        key(app, pygame.K_UNKNOWN, "д")  # the same key on a Russian layout
        assert app.settings.language == "ru" and app.screen.cards[0].title == RUSSIAN_TITLES[0]
        for _ in range(3):
            key(app, pygame.K_TAB)
        assert app.screen.focused_widget() is app.screen.language_row
        key(app, pygame.K_RIGHT)
        assert app.settings.language == "en" and app.screen.cards[2].title == ENGLISH_TITLES[2]
        assert app.screen.focused_widget() is app.screen.language_row  # the focus stays on the switch
        key(app, pygame.K_RETURN)
        assert app.settings.language == "ru"
    finally:
        app.close()


def test_russian_stays_the_default_whatever_the_os_locale(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.setenv(var, "en_US.UTF-8")
    app = start_app()
    try:
        screen = app.push("first_run")
        assert app.settings.language == "ru" and screen.language_row.value == "ru"
        assert [c.title for c in screen.cards] == RUSSIAN_TITLES
    finally:
        app.close()


def test_the_switch_works_when_the_question_is_opened_over_another_screen(data_dir: Path) -> None:
    app = start_app()
    try:
        app.push("home")
        app.push("first_run", then_pop=True)
        click(app, segment_center(app, "en"))
        assert app.screen.name == "first_run" and app.screen.cards[1].title == ENGLISH_TITLES[1]
        click(app, app.screen.cards[1].rect.center)  # "I know the rules"
        assert app.screen.name == "home" and app.settings.language == "en"
        assert "Settings" in " ".join(drawn_texts(app))
    finally:
        app.close()
