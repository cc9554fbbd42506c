"""Review 20 (MCR journey): the MCR table's header over a result card names the hand shown, not
the next one (#2), and «Try again» in the fans-and-total drill keeps the whole answer, the wrong
parts marked until they are changed (#3)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.table_driver import discard_with_keys, drive_hand, key, open_app  # noqa: E402
from trainer.cli.wrong_answers import drill_wrong  # noqa: E402
from trainer.engine.game.actions import Discard  # noqa: E402
from trainer.engine.game.view import make_view  # noqa: E402
from trainer.engine.mcr.bots import McrBot  # noqa: E402
from trainer.ui.match_setup import MatchSetup  # noqa: E402


@pytest.fixture()
def app(tmp_path, monkeypatch):  # noqa: ANN001, ANN201
    a = open_app(tmp_path, monkeypatch)
    yield a
    a.close()


def _play_mcr_hand(app, screen) -> None:  # noqa: ANN001
    bot = McrBot(screen.match.rules)
    for _ in range(600):
        screen.run_bots_until_learner()
        if screen.round.ended:
            return
        choice = bot.choose(make_view(screen.round, 0), screen.my_legal())
        if isinstance(choice, Discard):
            discard_with_keys(app, screen, choice.tile)
        else:
            screen._act(choice)
    raise AssertionError("the hand did not end")


def test_mcr_header_over_the_result_names_the_hand_shown(app) -> None:  # noqa: ANN001
    screen = app.push("mcr_play", setup=MatchSetup(preset="mcr"), seed=3)
    screen.saver = None
    assert screen.header_extra() == "East 1 · hand 1 of 16"
    _play_mcr_hand(app, screen)
    app.render()
    assert screen.result_view is not None and screen.match.hands_played == 1
    assert screen.header_extra() == "East 1 · hand 1 of 16"  # was «hand 2 of 16» over hand 1's result
    key(app, pygame.K_RETURN, "\r")  # next hand
    assert not screen.round.ended
    assert screen.header_extra() == "East 2 · hand 2 of 16"
    _play_mcr_hand(app, screen)
    assert screen.header_extra() == "East 2 · hand 2 of 16"


def test_riichi_header_over_the_result_names_the_hand_shown(app) -> None:  # noqa: ANN001
    screen = app.push("play", setup=MatchSetup(preset="tenhou", length="tonpuusen"), seed=3)
    screen.saver = None
    before = screen.header_extra()
    assert before.startswith("East 1 · ")
    drive_hand(app, screen)
    assert screen.round.ended and screen.result_view is not None
    assert screen.header_extra() == before  # the finished hand's round and honba, not the next one's


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_fans_total_retry_keeps_the_ticks_and_the_total(tmp_path, monkeypatch, lang) -> None:  # noqa: ANN001
    from tests.ui_events import click, frame, headless_app

    with headless_app(tmp_path, monkeypatch, language=lang) as app:
        screen = app.push("drill", generator="mcr_fans", params={"forms": "standard"}, n=3, seed=5)
        frame(app)
        view = screen.view
        drill_wrong(app, screen)
        field = view.fields[0][1]
        typed = field.text
        ticked = {b.index for b in view.buttons if b.selected}
        wrong = {b.index for b in view.buttons if b.mark == "wrong"}
        assert screen.phase == "retry" and typed and wrong and field.state == "wrong"
        key(app, pygame.K_RETURN, "\r")  # Try again
        frame(app)
        assert screen.phase == "answer"
        assert field.text == typed  # was emptied: Enter then only said «answer first»
        assert {b.index for b in view.buttons if b.selected} == ticked
        assert {b.index for b in view.buttons if b.mark == "wrong"} == wrong  # still marked until changed
        assert all(b.mark is None for b in view.buttons if b.index not in wrong)
        assert field.state == "wrong" and field.enabled
        assert view.response() is not None  # Enter checks the answer kept
        # changing a part takes its mark away
        bad = view.buttons[next(iter(wrong))]
        click(app, bad.rect.center)
        assert not bad.selected and bad.mark is None
        for _ in typed:
            view._key("back")
        assert field.state is None and field.text == ""
        for ch in str(view.ex.answer[1]):
            view._key(ch)
        for b in view.buttons:  # any other wrong tick, and a missing right one
            value = view.ex.prompt.options[b.index].value
            if b.selected != (value in view.ex.answer[0]):
                click(app, b.rect.center)
        key(app, pygame.K_RETURN, "\r")
        assert screen.phase == "done" and screen.results == ["retry"]


def test_fans_total_retry_unchanged_is_checked_again(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    from tests.ui_events import frame, headless_app

    with headless_app(tmp_path, monkeypatch) as app:
        screen = app.push("drill", generator="mcr_fans", params={"forms": "standard"}, n=3, seed=5)
        frame(app)
        drill_wrong(app, screen)
        key(app, pygame.K_RETURN, "\r")  # Try again
        key(app, pygame.K_RETURN, "\r")  # Check the same answer: a second miss, not «answer first»
        assert screen.phase == "done" and screen.results == ["wrong"]
