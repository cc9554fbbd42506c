"""Verify review 23, #3: a discard the game review holds as good only by value (it keeps 65 useful
tiles where the widest keeps 76, below the ukeire tolerance, but the coach gives it nearly the same
chance to win) used to read «… Тренер предпочёл 6z — после него остаются 76» under «Верно!»; the
words now say why it is fine: the chance to win, with both figures."""

from __future__ import annotations

import pytest

from trainer import i18n
from trainer.engine.game.review import Decision
from trainer.ui.views.table.review import _verdict_text


def decision(mine_win: float) -> Decision:
    why = {"code": "win_chance", "win": 0.068, "worth": 3900, "shanten": 1,
           "mine": {"win": mine_win, "worth": 3900, "shanten": 1, "ukeire": 65}}
    return Decision(hand=0, turn=5, action=10, round=0, hand_number=1, honba=0, chosen="2m", riichi=False,
                    best=("6z",), shanten_chosen=1, shanten_best=1, ukeire_chosen=65, ukeire_best=76,
                    verdict="good", coach="6z", coach_why=why)


@pytest.mark.parametrize(("lang", "words"), [("en", "nearly the same chance to win (7% against 7%)"),
                                             ("ru", "шанс на победу тренер даёт почти тот же (7% против 7%)")])
def test_a_discard_good_by_value_says_so(lang: str, words: str) -> None:
    before = i18n.current_language()
    try:
        i18n.set_language(lang)
        text = _verdict_text(decision(0.066), None)
        assert words in text and "76" in text, text
    finally:
        i18n.set_language(before)


def test_a_discard_far_below_in_value_is_not_called_fine() -> None:
    before = i18n.current_language()
    try:
        i18n.set_language("en")
        assert "a fine choice" not in _verdict_text(decision(0.04), None)
    finally:
        i18n.set_language(before)
