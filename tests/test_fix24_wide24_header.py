"""Review 24 (wide24): on a wide window the app's notice on a table and the table's and the replay's
header measure from the header's span (:meth:`Screen.header_span`, the content's edges), not from
the window's margins: the notice never runs into the header's right-hand text and both stand over
the content; a 16:9 window draws every rect as before."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from tests.ui_events import frame, headless_app  # noqa: E402
from trainer.engine.bots import make_bot  # noqa: E402
from trainer.engine.game.play import play_match  # noqa: E402
from trainer.engine.rules import load_rules  # noqa: E402
from trainer.ui.app import App, Notice  # noqa: E402
from trainer.ui.match_setup import MatchSetup  # noqa: E402
from trainer.ui.screens.base import Screen  # noqa: E402
from trainer.ui.theme import PALETTE  # noqa: E402

SHORT = {"en": "Saved.", "ru": "Сохранено."}
LONG = {
    "en": "This is a rather long notice that will not fit beside the title and the counter in the header bar.",
    "ru": "Это довольно длинное сообщение, которое не поместится рядом с заголовком и счётчиком в полосе.",
}
WIDE = [(3440, 1440), (1920, 1017)]
SIXTEEN_NINE = [(1280, 720), (1920, 1080)]


@pytest.fixture(scope="module")
def game_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A saved JPML match, so that the replay's header names its rules and counts its steps."""
    rules = load_rules("jpml")
    log = play_match([make_bot("efficient", rules) for _ in range(4)], rules, seed=5).log
    path = tmp_path_factory.mktemp("games") / "game.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    return path


@contextmanager
def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], lang: str,
          kind: str, game: Path, setup: MatchSetup | None = None) -> Iterator[tuple[App, Screen]]:
    """An app of ``size`` in ``lang`` showing a free table (``kind`` "play"; ``setup``, JPML
    unless told) or the replay of ``game`` at its middle step (``kind`` "replay")."""
    with headless_app(tmp_path, monkeypatch, size=size, language=lang) as app:
        if kind == "play":
            screen = app.push("play", setup=setup or MatchSetup(preset="jpml"), seed=3)
        else:
            screen = app.push("replay", path=str(game))
            screen.pos = len(screen.frames) // 2
        frame(app)
        yield app, screen


def right_text_span(app: App, screen: Screen) -> tuple[int, int]:
    """The columns the header's right-hand text takes, as :meth:`Screen.draw_header` draws it."""
    extra = screen.header_extra()
    end = screen.header_span()[1]
    if not extra:
        return end, end
    width = min(app.text_width(extra, app.layout.font("small")), screen.header_room())
    return end - width, end


def header_beside_content_is_empty(app: App, surf: pygame.Surface) -> bool:
    """Nothing is drawn in the header bar left or right of the content area."""
    L = app.layout
    area = L.content()
    ys = range(L.px(4), L.header_h - L.px(4), 4)
    xs = (*range(0, area.left - 1, 3), *range(area.right + 1, L.width, 3))
    return all(surf.get_at((x, y))[:3] == PALETTE.felt_dark[:3] for x in xs for y in ys)


# ---------------------------------------------------------------- wide windows


@pytest.mark.parametrize("size", WIDE)
@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("kind", ["play", "replay"])
def test_a_short_notice_keeps_off_the_header_text_and_over_the_content(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game_path: Path, size: tuple[int, int],
        lang: str, kind: str) -> None:
    with table(tmp_path, monkeypatch, size, lang, kind, game_path) as (app, screen):
        area = app.layout.content()
        assert area.left > app.layout.margin  # a window wider than its content
        before = frame(app).copy()
        app.notify(SHORT[lang], "warn", 20)
        surf = frame(app)
        notice = app.banners[-1]
        assert isinstance(notice, Notice)
        rect = notice.rect(app)
        assert area.left <= rect.left and rect.right <= area.right  # over the content
        left, right = right_text_span(app, screen)
        assert area.left <= left and right <= area.right
        inside = notice._in_header(app)
        if inside is not None:  # beside the right-hand text, which shows untouched
            assert rect.right <= left
            band = pygame.Rect(left, 0, right - left, app.layout.header_h - app.layout.px(4))
            changed = [(x, y) for x in range(band.left, band.right, 2) for y in range(band.top, band.bottom, 3)
                       if surf.get_at((x, y)) != before.get_at((x, y))]
            assert not changed, changed[:5]
        else:  # too long for the free stretch: it covers the right-hand text whole, not half of it
            assert rect.left <= left and right <= rect.right
        assert header_beside_content_is_empty(app, surf)


@pytest.mark.parametrize("size", WIDE)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_long_notice_on_a_wide_table_stays_over_the_content(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game_path: Path, size: tuple[int, int],
        lang: str) -> None:
    with table(tmp_path, monkeypatch, size, lang, "play", game_path) as (app, screen):
        app.notify(LONG[lang], "warn", 20)
        surf = frame(app)
        rect = app.banners[-1].rect(app)
        left, right = right_text_span(app, screen)
        area = app.layout.content()
        assert area.left <= rect.left and rect.right <= area.right
        assert rect.right <= left or (rect.left <= left and right <= rect.right)  # beside it, or over all of it
        assert header_beside_content_is_empty(app, surf)


@pytest.mark.parametrize("size", WIDE)
@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("kind", ["play", "replay"])
def test_the_title_and_the_right_text_fit_the_header_over_the_content(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game_path: Path, size: tuple[int, int],
        lang: str, kind: str) -> None:
    with table(tmp_path, monkeypatch, size, lang, kind, game_path) as (app, screen):
        L = app.layout
        title, extra = screen.title(), screen.header_extra()
        left = screen.back_button.rect.right + L.px(20)
        text_left, _right = right_text_span(app, screen)
        room = text_left - L.px(20) - left if extra else screen.header_span()[1] - left
        assert app.text_width(title, L.font("h2"), True) <= room  # the title drawn whole, no '…'
        assert app.text_width(extra, L.font("small")) <= screen.header_room()  # and the counter too


# ---------------------------------------------------------------- 16:9: as before


def old_notice_rect(notice: Notice, app: App) -> pygame.Rect:
    """The notice's rect on a table as it was measured before, from the window's margins."""
    L = app.layout
    screen = app.screen
    back = screen.back_button
    left = back.rect.right + L.px(20)
    left += app.text_width(screen.title(), L.font("h2"), True) + L.px(16)
    right = L.width - L.margin
    extra = screen.header_extra()
    if extra:
        right -= min(app.text_width(extra, L.font("small")), screen.header_room()) + L.px(16)
    size = L.font("small")
    width = right - left
    if width >= L.px(240):
        lines = app.wrap(notice.text, size, width - L.px(32))
        h = len(lines) * app.line_height(size) + L.px(12)
        if len(lines) <= Notice.HEADER_LINES and h <= L.header_h - L.px(4):
            w = min(width, max(app.text_width(line, size) for line in lines) + L.px(32))
            return pygame.Rect(right - w, (L.header_h - h) // 2, w, h)
    left = back.rect.right + L.px(16)
    width = L.width - L.margin - left
    lines = app.wrap(notice.text, size, width - L.px(40))
    h = len(lines) * app.line_height(size) + L.px(24)
    return pygame.Rect(left, max(L.px(4), (L.header_h - h) // 2), width, h)


def margins(screen: Screen) -> tuple[int, int]:
    """The header's span as it was before: the window's margins."""
    L = screen.app.layout
    return L.margin, L.width - L.margin


@pytest.mark.parametrize("size", SIXTEEN_NINE)
@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("kind", ["play", "replay"])
def test_a_16_9_window_draws_the_header_and_the_notice_as_before(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game_path: Path, size: tuple[int, int],
        lang: str, kind: str) -> None:
    with table(tmp_path, monkeypatch, size, lang, kind, game_path) as (app, screen):
        assert screen.header_span() == margins(screen)
        shown: list[Any] = [screen.title(), screen.header_extra(), getattr(screen, "below_text", str)()]
        for text in (SHORT[lang], LONG[lang]):
            app.banners.clear()
            app.notify(text, "warn", 20)
            frame(app)
            notice = app.banners[-1]
            assert notice.rect(app) == old_notice_rect(notice, app)
        with monkeypatch.context() as m:  # the header's words measured from the margins, as before
            m.setattr(type(screen), "header_span", margins)
            assert [screen.title(), screen.header_extra(), getattr(screen, "below_text", str)()] == shown


@pytest.mark.parametrize("kind", ["play", "replay"])
def test_the_header_words_are_measured_within_the_header_span(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game_path: Path, kind: str) -> None:
    setup = MatchSetup(preset="sanma", length="tonpuusen")  # a title with a shorter form
    with table(tmp_path, monkeypatch, (1920, 1080), "en", kind, game_path, setup) as (app, screen):
        L = app.layout
        small, h2 = L.font("small"), L.font("h2")
        full, extra = screen.title(), screen.header_extra()
        left = screen.back_button.rect.right + L.px(20)
        need = app.text_width(full, h2, True) + app.text_width(extra, small) + L.px(40)
        start = screen.header_span()[0]
        end = left + need - L.px(10)  # a span a little too short for the whole title beside the text
        with monkeypatch.context() as m:
            m.setattr(type(screen), "header_span", lambda _screen: (start, end))
            title, shown = screen.title(), screen.header_extra()
        assert (title, shown) != (full, extra)
        assert app.text_width(title, h2, True) + app.text_width(shown, small) + L.px(40) <= end - left
