"""The push/fold gain carries its parts: the evaluator's ``gain`` reason gives the win's average,
the dealer's factor and a ready hand's draw payments next to the total, the review's push_fold
JSON copies them (adding keys, removing none), and the coach's words take the figures from there
instead of rebuilding them from an engine constant."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from tests.text_checks import in_english, plain_words
from trainer.engine.evaluator.danger import Threat
from trainer.engine.evaluator.pushfold import DEALER_GAIN, push_or_fold
from trainer.engine.evaluator.reasons import reason
from trainer.i18n import set_language
from trainer.ui.app import App

THREAT = Threat(seat=1, tenpai=1.0, loss=5000, honitsu_suit=None, toitoi=False, reasons=())


def _verdict(*, dealer: bool, shanten: int, win: float = 0.2937, value: float = 5230.0):  # noqa: ANN202
    return push_or_fold(win=win, value=value, tile_loss=300.0, safest_loss=0.0, shanten=shanten,
                        threats=[THREAT], draws_left=8.0, dealer=dealer)


def _gain(verdict):  # noqa: ANN001, ANN202
    return next(r for r in verdict.reasons if r.code == "gain")


@pytest.mark.parametrize(("dealer", "shanten"), [(False, 1), (True, 1), (False, 0), (True, 0)])
def test_the_gain_reason_carries_its_parts_and_they_make_the_total(dealer: bool, shanten: int) -> None:
    v = _verdict(dealer=dealer, shanten=shanten)
    g = _gain(v)
    assert g.get("points") == round(v.gain)
    assert g.get("average") == round(0.2937 * 5230)  # win chance x value, before it is rounded to 3 digits
    assert g.get("dealer_factor") == (DEALER_GAIN if dealer else 1.0)
    assert (g.get("draw_payments") > 0) == (shanten == 0)
    total = g.get("average") * g.get("dealer_factor") + g.get("draw_payments")
    assert abs(total - g.get("points")) <= 2, g  # each part rounded to points


def _fake_verdict(*, factor: float, draw: float, win: float = 0.29, value: float = 1160.0):  # noqa: ANN202
    """A verdict whose gain reason says what the parts are (another factor than the engine's today)."""
    average = win * value
    gain = average * factor + draw
    notes = (reason("gain", points=round(gain), win_chance=win, value=round(value), average=round(average),
                    dealer_factor=factor, draw_payments=round(draw)),)
    return SimpleNamespace(gain=gain, loss=100.0, fold_loss=0.0, reasons=notes)


def test_the_coach_words_take_the_dealer_factor_and_the_draw_payments_from_the_reason() -> None:
    """Before, the coach took the factor from the engine's DEALER_GAIN and called the rest of the
    gain the draw payments: a reason with another factor read "×1.25" and a wrong remainder."""
    from trainer.ui.views.table.coach import push_line

    set_language("en")
    text = re.sub(r"\{term:[^|}]+\|([^}]*)\}", r"\1", push_line(_fake_verdict(factor=1.5, draw=700.0)))
    # 1,200 x 29% = 348 ("about 350"), x1.5 = 522, + 700 = 1,222
    assert ("a win brings about 1,200 points and comes 29% of the time, so about 350 on average; ×1.5 because a "
            "dealer's win keeps the deal; plus about 700 from the tenpai payment at a draw: about 1,220 in all") in text, text
    plain = push_line(_fake_verdict(factor=1.0, draw=0.0))
    assert "keeps the deal" not in plain and "at a draw" not in plain, plain


def test_the_review_words_take_the_parts_from_the_push_fold_figures(app: App) -> None:
    from trainer.ui.views.table.review import push_fold_text

    pf = {"chosen": "push", "advice": "push", "gain": 1222, "loss": 600, "risk": 300, "safest_risk": 300,
          "safest": "7z", "safest_genbutsu": True, "win_chance": 0.29, "value": 1160, "last_hand": False,
          "dealer": True, "reason": "push", "average": 336, "dealer_factor": 1.5, "draw_payments": 700}
    words = plain_words(app, push_fold_text(pf, "9p"))
    if in_english(app):
        assert "so about 350 on average; ×1.5 because a dealer's win keeps the deal" in words and \
            "plus about 700 from the tenpai payment at a draw" in words
    else:
        assert "в среднем это около 350, ×1,5, ведь после победы дилер остаётся дилером" in words and "700 — штраф за нотен" in words, words
    assert ("about 1,220 in all, more than" if in_english(app) else "около 1 220 — больше") in words, words


@pytest.mark.parametrize("hand", ["far", "ready"])
def test_the_review_json_adds_the_parts_of_the_gain(hand: str) -> None:
    from tests.test_review_push_fold import FAR, READY, _judge, _riichi_view

    d, advice = _judge(_riichi_view(*FAR), "5s") if hand == "far" else _judge(_riichi_view(*READY), "5m")
    pf = d.to_json()["push_fold"]
    g = _gain(advice.push_fold)
    assert {"gain", "loss", "risk", "safest_risk", "win_chance", "value", "dealer"} <= set(pf)  # the contract stays
    assert (pf["average"], pf["dealer_factor"], pf["draw_payments"]) == (
        g.get("average"), g.get("dealer_factor"), g.get("draw_payments"))
    assert abs(pf["average"] * pf["dealer_factor"] + pf["draw_payments"] - pf["gain"]) <= 2, pf
    assert (pf["draw_payments"] > 0) == (hand == "ready") and pf["dealer_factor"] == (DEALER_GAIN if pf["dealer"] else 1)


def test_the_ui_takes_no_push_fold_rule_from_the_evaluator() -> None:
    """The UI words the evaluator's reasons; it imports none of push/fold's constants to redo its sums."""
    ui = Path(__file__).resolve().parents[1] / "trainer" / "ui"
    offenders = []
    for path in ui.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "trainer.engine.evaluator.pushfold":
                offenders.append(f"{path.relative_to(ui)}: {[a.name for a in node.names]}")
    assert not offenders, offenders
