"""Two table follow-ups of review 23, in the play screen itself:

* when the full coach says to declare a closed kan first, no discard of the hand is marked yet
  (the coach's discard advice waits for the replacement draw);
* an MCR Hu that was a false win says at once what it cost and that the hand can no longer be won,
  and the coach asks the engine with the seat's ``dead`` flag."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from tests.test_fix23_coach_words import app, kan_round, table_with  # noqa: E402, F401 - the fixture
from tests.test_fix23_mcrfix_table import _after_false_win  # noqa: E402


def test_no_discard_is_marked_while_the_coach_says_kan_first(app) -> None:  # noqa: ANN001, F811
    screen = table_with(app, kan_round())
    assert screen._coach_declares_kan()
    assert "hint" not in screen.hand_row.marks.values()


def test_a_false_win_says_what_it_cost_at_once(app) -> None:  # noqa: ANN001, F811
    screen = _after_false_win(app)
    text = app.banners[-1].text
    assert ("False win" in text and "cannot win this hand" in text) if app.settings.language == "en" else \
        ("Ложный" in text and "не выиграть" in text), text
    assert screen._advice().dead
