"""The lesson map shows every lesson's title whole (the learner picks a lesson by it): a long
title wraps onto more lines and its card gets the height it needs, never "…".  A card's
subtitle (level, minutes, objective or missing lessons) may be shortened, but at a word."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

import trainer.ui.widgets as widgets  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.settings import Settings  # noqa: E402
from trainer.ui.views.lesson_order import TRACK_ORDER  # noqa: E402


def ends_at_a_word(full: str, lines: list[str]) -> bool:
    """Whether ``lines`` (the last one ending in "…") are ``full`` cut after a whole word."""
    drawn = " ".join(lines).removesuffix("…").split()
    words = full.split()
    return bool(drawn) and words[len(drawn) - 1].rstrip(",;:·—–") == drawn[-1].rstrip(",;:·—–")


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_lesson_title_on_the_map_is_drawn_whole(tmp_path, monkeypatch, lang, size):
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    app = App(size=size, settings=Settings(language=lang), progress=None, save=False)
    app.push("home")
    current: list[widgets.Card] = []
    titles: dict[int, list[tuple[str, int, int, int]]] = {}  # card id -> (line, width, room, bottom)
    subtitles: dict[int, tuple[str, int, int, int | None]] = {}  # card id -> (text, size, width, max_lines)
    real_draw, real_blit, real_wrapped = widgets.Card.draw, widgets.blit_text, widgets.blit_wrapped

    def draw(self, surf, app_, focused):  # noqa: ANN001, ANN202
        current.append(self)
        titles[id(self)] = []
        try:
            return real_draw(self, surf, app_, focused)
        finally:
            current.pop()

    def blit_text(surf, app_, text, size_, color, pos, **kw):  # noqa: ANN001, ANN202
        if current and kw.get("bold"):  # a card's title line
            room = kw.get("max_width") or current[-1].rect.right - pos[0]
            bottom = pos[1] + app_.line_height(size_)
            titles[id(current[-1])].append((text, app_.text_width(text, size_, True), room, bottom))
        return real_blit(surf, app_, text, size_, color, pos, **kw)

    def blit_wrapped(surf, app_, text, size_, color, rect, **kw):  # noqa: ANN001, ANN202
        if current:
            subtitles[id(current[-1])] = (text, size_, rect.width, kw.get("max_lines"))
        return real_wrapped(surf, app_, text, size_, color, rect, **kw)

    monkeypatch.setattr(widgets.Card, "draw", draw)
    monkeypatch.setattr(widgets, "blit_text", blit_text)
    monkeypatch.setattr(widgets, "blit_wrapped", blit_wrapped)
    lib = app.library()
    checked = 0
    for track in [t for t in TRACK_ORDER if lib.by_track(t)]:
        while len(app.stack) > 1:
            app.pop()
        screen = app.push("lesson_map", track=track)
        seen: set[int] = set()
        while True:
            titles.clear()
            app.process([], 1 / 60)
            app.render()
            for card in screen.cards:
                if id(card) not in titles or id(card) in seen:
                    continue
                seen.add(id(card))
                lines = titles[id(card)]
                assert " ".join(t for t, _w, _r, _b in lines) == card.title, (track, card.title, lines)
                for text, width, room, bottom in lines:
                    assert width <= room, (track, card.title, text, width, room)
                    assert bottom <= card.rect.bottom - app.layout.px(16), (track, card.title, "below the card")
                # the subtitle keeps at least one line, shortened (if at all) after a whole word
                text, ssize, swidth, n = subtitles[id(card)]
                drawn = widgets.wrapped_lines(app, text, ssize, swidth, max_lines=n)
                assert drawn, (track, card.title)
                if drawn[-1].endswith("…") and not text.endswith("…"):
                    assert ends_at_a_word(text, drawn), (track, text, drawn)
            if screen.scroll_y >= screen.max_scroll:
                break
            screen.scroll(screen.grid_area.height)
        assert len(seen) == len(screen.cards), track
        checked += len(seen)
    assert checked == len(lib.lessons)


def test_a_shortened_text_ends_at_a_word():
    pygame.init()
    app = App(size=(1280, 720), settings=Settings(language="en"), progress=None, save=False)
    size = app.layout.font("small")
    text = "Level 10 · 12 minutes · First: From han and fu to points, Draws, honba and dealer rotation"
    for width in range(120, 520, 7):
        lines = widgets.wrapped_lines(app, text, size, width, max_lines=1)
        assert len(lines) == 1 and lines[0].endswith("…"), (width, lines)
        assert app.text_width(lines[0], size) <= width, (width, lines)
        assert ends_at_a_word(text, lines), (width, lines)
        assert not lines[0].removesuffix("…").endswith((",", ":", "·", " ")), (width, lines)
    assert widgets.wrapped_lines(app, "Short.", size, 400, max_lines=1) == ["Short."]
