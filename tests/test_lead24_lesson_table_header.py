"""A lesson's table says which hand of how many it is ("hand 1 of 1"), never "hands 0, wins 0"
before the first hand is over (review 24, mcr24 #10)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.ui_events import headless_app
from trainer.i18n import set_language
from trainer.ui.app import App


@pytest.fixture(params=["en", "ru"])
def app(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    with headless_app(tmp_path, monkeypatch, language=request.param) as a:
        yield a
    set_language("en")


def test_a_one_hand_lesson_table_says_hand_1_of_1(app: App) -> None:
    screen = app.push("play", seed=5, goal_games=1, on_done=lambda *_: None)
    text = screen.header_extra()
    assert text in ("hand 1 of 1", "раздача 1 из 1"), text


def test_a_table_played_until_a_win_counts_the_wins(app: App) -> None:
    screen = app.push("play", seed=5, goal_wins=1, on_done=lambda *_: None)
    text = screen.header_extra()
    assert text in ("wins 0 of 1 · hands 0", "побед: 0 из 1 · раздач: 0"), text
