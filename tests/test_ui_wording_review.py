"""Wording a review of the English screens found ambiguous, in both languages: the safe-tile
feedback names the riichi player a line is about as a seat ("vs Right:", not "right:", which
reads as "correct:"); a waits miss says how many winning tiles the hand has and how many were found
(not "5 more tiles finish the hand", which reads as "you need 5 more tiles"); and at an
exhaustive draw the learner who is tenpai is told what showing the hand earns."""

from __future__ import annotations

import os
import re

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

import trainer.ui.screens.play as play_screen  # noqa: E402
from tests.ui_events import frame, headless_app, key  # noqa: E402
from trainer.cli.wrong_answers import drill_wrong  # noqa: E402

SEATS = {"en": ("vs Right:", "vs Across:", "vs Left:"),
         "ru": ("против игрока справа:", "против игрока напротив:", "против игрока слева:")}
OLD_SEATS = {"en": ("right:", "across:", "left:"), "ru": ("справа:", "напротив:", "слева:")}


@pytest.fixture(autouse=True)
def _english_after():  # noqa: ANN202
    yield
    from trainer.i18n import set_language

    set_language("en")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_safe_tile_feedback_names_the_seat(tmp_path, monkeypatch, lang):
    with headless_app(tmp_path, monkeypatch, language=lang) as app:
        screen = app.push("drill", generator="safe_tile",
                          params={"riichi_players": 2, "tools": ["genbutsu", "suji", "kabe"]}, n=6, seed=14)
        app.render()
        picker = screen.view.picker
        picker.selected = {next(i for i, s in enumerate(picker.slots) if s.tile.kind not in screen.view.ex.answer)}
        for _ in range(3):
            if screen.phase != "done":
                key(app, pygame.K_RETURN, "\r")
        text = screen.feedback_text
        assert any(seat in text for seat in SEATS[lang]), text
        bare = re.compile(r"(?:: |· )(?:" + "|".join(OLD_SEATS[lang]) + ") ")
        assert not bare.search(text), text  # every seat named with "vs" / «против игрока»


WAITS = {"en": "This hand has {n} winning tiles; you found 0.", "ru": "У этой руки {n} выигрышных плиток; вы нашли 0."}
WAITS_ONE = {"en": "This hand has {n} winning tile; you found 0.", "ru": "У этой руки {n} выигрышная плитка; вы нашли 0."}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_waits_miss_counts_the_winning_tiles(tmp_path, monkeypatch, lang):
    with headless_app(tmp_path, monkeypatch, language=lang) as app:
        screen = app.push("drill", generator="mixed_waits", params={}, n=8, seed=3)
        app.render()
        drill_wrong(app, screen)
        n = len(screen.view.ex.answer)
        assert WAITS_ONE[lang].format(n=n) in screen.feedback_text
        assert "more tile" not in screen.feedback_text
        assert "ещё" not in screen.feedback_text


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_waits_miss_counts_many_winning_tiles(lang):
    from trainer.engine.notation import parse_hand
    from trainer.i18n import set_language
    from trainer.ui.views.mistakes import waits_text

    set_language(lang)
    hand = parse_hand("1112345678999m", check_size=False)  # nine gates: all nine tiles win
    text = waits_text(hand, [], range(9), final=False)
    assert WAITS[lang].format(n=9) in text


TENPAI = {"en": ("wall is empty", "tenpai", "noten payment", "不聴罰符"), "ru": ("Стена закончилась", "тенпай", "нотен", "不聴罰符")}


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_tenpai_choice_says_what_showing_earns(tmp_path, monkeypatch, lang, size):
    from trainer.ui.screens.play_shots import tenpai_choice_at_draw

    with headless_app(tmp_path, monkeypatch, language=lang, size=size) as app:
        tenpai_choice_at_draw(app)
        drawn: list[tuple[str, int | None]] = []
        real = play_screen.blit_text

        def spy(surf, app_, text, size_, color, pos, **kw):  # noqa: ANN001, ANN202
            drawn.append((text, kw.get("max_width"), size_))
            return real(surf, app_, text, size_, color, pos, **kw)

        monkeypatch.setattr(play_screen, "blit_text", spy)
        frame(app)
        lines = [(t, w, s) for t, w, s in drawn if w is not None and t and t[0] not in "0123456789"]
        said = " ".join(t for t, _w, _s in lines)
        for word in TENPAI[lang]:
            assert word in said, said
        for text, width, size_ in lines:  # whole, never cut with "…"
            assert app.text_width(text, size_) <= width, text
