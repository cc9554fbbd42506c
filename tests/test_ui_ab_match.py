"""The A/B game's table plays a game of many hands (000:3511): the points and the points on the
table carry to the second hand, the dealer keeps the deal on its own agari, the clock is shown
and, once the time is up, the hand in play is the last: the end panel pays the table's points
to the last player who declared agari and says who won the game."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.table_driver import play_simple_hand
from tests.ui_events import headless_app
from trainer.engine.game.simple_bots import make_simple_bot
from trainer.ui.app import App
from trainer.ui.screens import play_simple


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    with headless_app(tmp_path, monkeypatch) as a:
        yield a


def drawn_texts(app: App, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Render one frame and return every text the table drew."""
    texts: list[str] = []
    real = play_simple.blit_text

    def spy(surf, app_, text, *args, **kw):  # noqa: ANN001, ANN202
        texts.append(text)
        return real(surf, app_, text, *args, **kw)

    monkeypatch.setattr(play_simple, "blit_text", spy)
    app.render()
    monkeypatch.setattr(play_simple, "blit_text", real)
    return texts


def play_hand(screen) -> None:  # noqa: ANN001
    """Play the hand in play to its end, the learner's moves by the reader bot."""
    play_simple_hand(screen, make_simple_bot("reader", 7), max_steps=3000)


def test_the_ab_table_carries_points_to_hand_two_and_ends_the_game_when_the_time_is_up(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    screen = app.push("play_simple", mode="ab_game", seed=5, kids=False)
    assert screen.setup.game_minutes == 60
    texts = drawn_texts(app, monkeypatch)
    assert any("Hand 1" in t and "60 min left" in t for t in texts), texts
    first = screen.game
    play_hand(screen)
    assert not screen.match_over()  # the hour is not over: the game goes on
    points, table = list(first.points), first.table_points
    dealer = first.dealer if first.dealer in first.result.winners else (first.dealer + 1) % 4
    screen.play_again()
    second = screen.game
    assert second is not first and second.points == points and second.table_points == table
    assert second.dealer == dealer
    texts = drawn_texts(app, monkeypatch)
    assert any("Hand 2" in t for t in texts), texts
    screen.match_started -= 61 * 60  # the hour is over while hand 2 is in play: it is the last
    texts = drawn_texts(app, monkeypatch)
    assert any("last hand" in t for t in texts), texts
    play_hand(screen)
    assert screen.match_over()
    lines = screen.value_lines()
    assert any("The game is over" in line for line in lines), lines
    assert any("wins the game" in line or "win the game" in line for line in lines), lines
    winners = [w for g in (first, second) for w in g.result.winners]
    if winners:  # the table's points go to the last one who declared agari
        assert any("on the table" in line for line in lines), lines
        assert sum(second.points) == 4 * 25000
    texts = drawn_texts(app, monkeypatch)
    assert any("The game is over" in t for t in texts)
    screen.play_again()  # a new game: the start points again, hand 1
    assert screen.game.points == [25000] * 4 and screen.game.table_points == 0
