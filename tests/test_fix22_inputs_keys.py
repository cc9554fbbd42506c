"""The ticks-and-total forms (the MCR "count the fans" drill, the yaku drill's "both" question)
tell one keyboard story: every digit types into the total's box, so the ticks never show a
number key (an empty tick box, ✓ once ticked); Space ticks the option in the frame, Tab goes from
the ticks to the box (not through the on-screen keypad), Enter on a tick with the total still
empty goes on to the box, and a key line under the form says so, in Russian and in English."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui_events import frame, headless_app, key  # noqa: E402
from trainer.cli.wrong_answers import drill_wrong  # noqa: E402
from trainer.engine.exercises import GENERATORS  # noqa: E402

FORMS = {
    "mcr": ("mcr_fans", {}, 3),
    "yaku_both": ("yaku_identify", {"ask": "both"}, 3),
    "mcr_12": ("mcr_fans", {"options": 12}, 0),
    "yaku_both_12": ("yaku_identify", {"pool": "all_regular", "options": 12, "ask": "both", "n": 1}, 9059),
}
SIZES = [(1280, 720), (1024, 600)]
KEY_LINES = {
    "en": "Arrows or Tab: move the frame · Space: tick · digits: the total · Enter: check",
    "ru": "Стрелки или Tab — двигать рамку · пробел — отметить · цифры — сумма · Enter — проверить",
}


@contextmanager
def _form(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, form: str, lang: str = "en",
          size: tuple[int, int] = (1280, 720)) -> Iterator[tuple[Any, Any]]:
    """The drill screen on a ticks-and-total question, settled and drawn: (app, screen)."""
    gen, params, seed = FORMS[form]
    params = GENERATORS[gen].params(params).model_dump(mode="json")
    with headless_app(tmp_path, monkeypatch, size=size, language=lang) as app:
        screen = app.push("drill", generator=gen, params=params, n=1, seed=seed)
        frame(app)
        assert screen.ex.prompt.input == "fans_total"
        yield app, screen


@pytest.mark.parametrize("form", sorted(FORMS))
def test_the_ticks_show_no_digit_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, form: str) -> None:
    with _form(tmp_path, monkeypatch, form) as (app, screen):
        buttons = screen.view.buttons
        assert all(b.badge_label() == "" for b in buttons)  # no "1".."9" on a tick
        assert all(not b.extra_keys for b in buttons)  # nor 0, - or = past the ninth
        key(app, pygame.K_SPACE, " ")  # the tick in the frame
        assert buttons[0].selected and buttons[0].badge_label() == "✓"


def test_a_plain_yaku_question_keeps_its_number_keys(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with headless_app(tmp_path, monkeypatch) as app:
        screen = app.push("drill", generator="yaku_identify", params={"ask": "yaku"}, n=1, seed=3)
        frame(app)
        buttons = screen.view.buttons
        assert [b.badge_label() for b in buttons[:3]] == ["1", "2", "3"]
        key(app, pygame.K_2, "2")
        assert buttons[1].selected  # there the digit ticks the option its badge names


@pytest.mark.parametrize("form", ["mcr", "yaku_both"])
def test_a_digit_types_the_total_and_ticks_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   form: str) -> None:
    with _form(tmp_path, monkeypatch, form) as (app, screen):
        view = screen.view
        key(app, pygame.K_3, "3")
        assert view.fields[0][1].text == "3"
        assert not any(b.selected for b in view.buttons)
        assert screen.focused_widget() is view.fields[0][1]
        assert view.key_line_shown()  # and the line under the form says digits are the total


@pytest.mark.parametrize("form", ["mcr", "yaku_both"])
def test_tab_goes_from_the_ticks_to_the_total_and_past_the_keypad(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                  form: str) -> None:
    with _form(tmp_path, monkeypatch, form) as (app, screen):
        view = screen.view
        field = view.fields[0][1]
        screen.set_focus(view.buttons[-1])
        key(app, pygame.K_TAB, "\t")
        assert screen.focused_widget() is field
        key(app, pygame.K_TAB, "\t")
        assert screen.focused_widget() not in view.keys  # the keypad is for the mouse
        key(app, pygame.K_TAB, "\t", mod=pygame.KMOD_SHIFT)
        assert screen.focused_widget() is field
        key(app, pygame.K_TAB, "\t", mod=pygame.KMOD_SHIFT)
        assert screen.focused_widget() is view.buttons[-1]
        key(app, pygame.K_DOWN)  # the arrows too reach the box, never a keypad key
        assert screen.focused_widget() not in view.keys


@pytest.mark.parametrize("form", ["mcr", "yaku_both"])
def test_enter_on_a_tick_goes_on_to_an_empty_total_then_checks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                              form: str) -> None:
    with _form(tmp_path, monkeypatch, form) as (app, screen):
        view = screen.view
        right, total = screen.ex.answer
        first = next(b for b in view.buttons if screen.ex.prompt.options[b.index].value in right)
        screen.set_focus(first)
        key(app, pygame.K_SPACE, " ")
        key(app, pygame.K_RETURN, "\r")
        assert screen.focused_widget() is view.fields[0][1] and screen.phase == "answer"
        assert screen.attempts == 0
        for ch in str(total + 1):
            key(app, pygame.K_0 + int(ch), ch)
        screen.set_focus(first)  # with a total typed, Enter on a tick checks
        key(app, pygame.K_RETURN, "\r")
        assert screen.attempts == 1 and screen.phase == "retry"


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("form", sorted(FORMS))
def test_the_key_line_shows_whole_and_clear_of_the_form(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        form: str, lang: str, size: tuple[int, int]) -> None:
    with _form(tmp_path, monkeypatch, form, lang, size) as (app, screen):
        view = screen.view
        assert view.key_line() == KEY_LINES[lang]
        assert view.key_line_shown()
        rect, font = view.key_line_place
        assert app.text_width(view.key_line(), font) <= rect.width <= app.layout.width
        shown = [w for w in (*view.buttons, *view.keys, view.fields[0][1], screen.main_btn, screen.hint_btn)
                 if w.visible]
        assert not any(rect.colliderect(w.rect) for w in shown), [(w, w.rect) for w in shown
                                                                   if rect.colliderect(w.rect)]
        assert rect.top >= max(w.rect.bottom for w in view.buttons)


@pytest.mark.parametrize("form", ["mcr", "mcr_12"])
def test_the_key_line_steps_aside_once_answered(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, form: str) -> None:
    with _form(tmp_path, monkeypatch, form, size=(1024, 600)) as (app, screen):
        drill_wrong(app, screen)
        frame(app)
        assert screen.phase == "retry" and not screen.view.key_line_shown()  # the panel has the room
        screen.retry()
        drill_wrong(app, screen)
        frame(app)
        assert screen.phase == "done" and not screen.view.key_line_shown()
