"""The app framework headless: scaling, keyboard focus, idle redraws, banners, resizing,
damaged settings, and every main screen fitting the window at 1024x600 and 1920x1080."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from trainer.ui.app import App, has_screen  # noqa: E402
from trainer.ui.layout import Layout  # noqa: E402
from trainer.ui.settings import Settings  # noqa: E402
from trainer.ui.theme import PALETTE  # noqa: E402


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))


def make_app(size: tuple[int, int] = (1280, 720), **settings: object) -> App:
    app = App(size=size, settings=Settings(**settings), progress=None, save=False)
    from trainer.cli.shots import gallery_lesson
    from trainer.lessons.loader import LessonLibrary

    lesson = gallery_lesson()
    app.set_library(LessonLibrary(lessons={lesson.id: lesson}))
    app.push("home")
    app.process([], 1 / 60)
    app.render()
    return app


def key(app: App, k: int, unicode: str = "", mod: int = 0) -> None:
    app.process([pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode)], 1 / 60)


def click(app: App, pos: tuple[int, int]) -> None:
    app.process([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], 1 / 60)


@pytest.mark.parametrize("size, scale", [((1280, 720), 1.0), ((1920, 1080), 1.5), ((3840, 2160), 3.0),
                                         ((1024, 600), 600 / 720)])
def test_scale_follows_the_window_height(size: tuple[int, int], scale: float) -> None:
    L = Layout.for_size(*size)
    assert L.scale == pytest.approx(scale, rel=0.01)
    assert L.font("body") == round(21 * L.scale)
    assert Layout.for_size(*size, "large").tile_h() > Layout.for_size(*size, "small").tile_h()


def test_home_renders_on_the_felt_and_lists_every_section() -> None:
    app = make_app(language="en")
    surf = app.render()
    assert surf.get_size() == (1280, 720)
    r, g, b, _a = surf.get_at((3, 3))
    assert g > r and g > b  # felt green, not a blank window
    home = app.screen
    titles = [c.title for c in home.cards]
    assert titles == ["Lessons", "Drills", "Play", "Glossary", "Progress", "Settings"]
    assert home.hero is not None  # "start here" offers the first lesson


def test_keyboard_moves_focus_opens_and_goes_back() -> None:
    app = make_app(language="en")
    home = app.screen
    first = home.focused_widget()
    key(app, pygame.K_RIGHT)
    assert home.focused_widget() is not first
    key(app, pygame.K_DOWN)
    key(app, pygame.K_UP)
    # Digit 2 opens the second card after the hero: Lessons.
    key(app, pygame.K_2, "2")
    assert app.screen.name == "lesson_map"
    key(app, pygame.K_ESCAPE)
    assert app.screen is home
    key(app, pygame.K_ESCAPE)  # Esc on home stays home
    assert app.screen is home


def test_mouse_click_opens_settings_and_the_back_button_returns() -> None:
    app = make_app(language="en")
    card = app.screen.cards[-1]
    click(app, card.rect.center)
    assert app.screen.name == "settings"
    click(app, app.screen.back_button.rect.center)
    assert app.screen.name == "home"


def test_idle_app_does_not_redraw_and_hover_only_when_it_changes() -> None:
    app = make_app(language="en")
    app.process([], 1 / 60)
    assert not app.dirty and not app.animating
    card = app.screen.cards[0]
    app.process([pygame.event.Event(pygame.MOUSEMOTION, pos=card.rect.center, rel=(0, 0), buttons=(0, 0, 0))], 0.01)
    assert app.dirty and card.hovered
    app.render()
    app.process([pygame.event.Event(pygame.MOUSEMOTION, pos=(card.rect.centerx + 1, card.rect.centery), rel=(1, 0),
                                    buttons=(0, 0, 0))], 0.01)
    assert not app.dirty


def test_banner_stays_still_then_disappears() -> None:
    app = make_app(language="en")
    app.notify("Hello", "info", seconds=1.0)
    app.process([], 0.5)
    assert not app.animating and app.banners  # a still banner does not keep the loop drawing
    assert app.idle_wait_ms() <= 501  # but the idle loop wakes when it is due to go
    app.render()
    app.process([], 0.6)
    assert not app.banners and app.dirty


def test_resize_rebuilds_the_layout() -> None:
    app = make_app(language="en")
    app.resize(1920, 1080)
    app.render()
    assert app.layout.scale == pytest.approx(1.5)
    assert all(app.surface.get_rect().contains(c.rect) for c in app.screen.cards)
    app.process([pygame.event.Event(pygame.VIDEORESIZE, w=1024, h=600, size=(1024, 600))], 1 / 60)
    assert app.layout.width == 1024 and app.layout.height == 600


def test_damaged_settings_file_is_reported_and_kept(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text("{oops", encoding="utf-8")
    app = App(size=(1280, 720), progress=None)
    assert app.settings == Settings()
    assert app.banners and app.banners[0].kind == "warn"
    assert list(tmp_path.glob("settings.json.damaged-*"))
    app.close()


def test_settings_screen_switches_language_and_saves(tmp_path: Path) -> None:
    app = App(size=(1280, 720), settings=Settings(language="ru"), progress=None, save=True)
    app.push("home")
    screen = app.push("settings")
    lang_row = screen.rows[0][2]
    click(app, lang_row._segments()[1].center)
    assert app.settings.language == "en"
    assert screen.title() == "Settings"
    assert '"language": "en"' in (tmp_path / "settings.json").read_text(encoding="utf-8")
    size_row = screen.rows[4][2]
    screen.set_focus(size_row)
    key(app, pygame.K_RIGHT)
    assert app.settings.tile_size == "large"
    app.close()


MAIN_SCREENS = ("home", "lesson_map", "drills", "settings", "drill_setup")


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)])
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_main_screen_fits_the_window(size: tuple[int, int], lang: str) -> None:
    app = make_app(size, language=lang)
    window = pygame.Rect(0, 0, *size)
    for name in MAIN_SCREENS:
        if not has_screen(name):
            continue
        params = {"generator": "shanten"} if name == "drill_setup" else {}
        if name != "home":
            app.push(name, **params)
        app.render()
        for w in app.screen.widgets:
            if w.visible and w.clip is None:
                assert window.contains(w.rect), (name, type(w).__name__, w.rect)
        if name != "home":
            app.pop()


def test_focus_ring_is_drawn_in_the_accent_colour() -> None:
    app = make_app(language="en")
    surf = app.render()
    card = app.screen.focused_widget()
    ring_y = card.rect.centery
    found = any(tuple(surf.get_at((x, ring_y)))[:3] == PALETTE.accent for x in range(card.rect.left - 8, card.rect.left))
    assert found


def test_progress_hook_is_a_no_op_without_a_store() -> None:
    app = make_app(language="en")
    app.record_answer("drill", "x:1", "shanten", True, 1.0)  # must not raise


def test_progress_hook_writes_when_a_store_is_present(tmp_path: Path) -> None:
    from trainer.progress import open_store

    store = open_store(tmp_path / "p.sqlite")
    app = App(size=(1280, 720), settings=Settings(), progress=store, save=False)
    app.record_answer("drill", "shanten:abc:1", "shanten", True, 2.5, 1)
    assert store.answer_count(app.learner_id) == 1
    app.close()


def test_locked_lesson_warns_then_opens_anyway() -> None:
    from trainer.cli.shots import GALLERY
    from trainer.lessons.loader import LessonLibrary, load_text

    first = load_text(GALLERY, "lessons/basics/basics_ui_gallery.yaml").lesson
    text = GALLERY.replace("id: basics_ui_gallery", "id: basics_ui_gallery_two\nprerequisites: [basics_ui_gallery]")
    second = load_text(text, "lessons/basics/basics_ui_gallery_two.yaml").lesson
    assert first is not None and second is not None
    app = App(size=(1280, 720), settings=Settings(language="en"), progress=None, save=False)
    app.set_library(LessonLibrary(lessons={first.id: first, second.id: second}))
    app.push("home")
    screen = app.push("lesson_map")
    app.render()
    locked = next(c for c in screen.cards if c.locked)
    assert locked.badge == "Locked" and "Step gallery" in locked.subtitle
    click(app, locked.rect.center)
    assert screen.dialog is not None and app.screen is screen
    key(app, pygame.K_RETURN, "\r")  # the focused button is "Open anyway"
    assert app.screen.name == "lesson" and app.screen.lesson.id == second.id
    app.close()


def test_main_loop_draws_then_quits_on_the_window_close_event() -> None:
    app = App(size=(1280, 720), settings=Settings(language="en"), progress=None, save=False)
    app.start_background_loading()
    app.push("home")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.run() == 0
    assert not app.running and not app.dirty
    assert app.library() is not None  # the background load finished (or is joined) cleanly
