"""Review 24 (group "coach24", item 5): one owner of the kan decision.

The strong bot declares a closed or added kan by the evaluator's verdict
(:meth:`HandEvaluator.kan`, reasons ``shanten`` then ``kan_free`` / ``kan_riichi`` / ``folding`` /
``slows_hand``), and the table's coach words that verdict's reasons instead of working out the bot's
grounds again.  The bot's decisions must not move: seeded matches of four strong bots replay to the
scores and kan decisions the bot made before the change (pinned from the old code), and every kan
offered in them gets the verdict the old rule gave (pushing, no riichi on the table, not slower).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.test_fix23_coach_words import ACROSS, LEFT_NO_7M, RIGHT, kan_round
from trainer.engine.bots import make_bot
from trainer.engine.bots.efficient import EfficientBot
from trainer.engine.bots.strong import StrongBot
from trainer.engine.evaluator import HandEvaluator, Verdict
from trainer.engine.evaluator.reasons import reason
from trainer.engine.game.actions import Kan
from trainer.engine.game.coach import kan_advice
from trainer.engine.game.play import play_match
from trainer.engine.game.scenario import setup_round
from trainer.engine.game.view import make_view
from trainer.engine.rules import load_rules
from trainer.i18n import set_language
from trainer.ui.views.table import coach

RULES = load_rules("tenhou")

PINNED = {
    2: ((37800, 19400, 20100, 22700), ((0, "550m11116667s (1*11m)^", "1s", True),)),
    4: ((7100, 31900, 29600, 31400), ((2, "11m13588p239s1z (1*11z)^", "1z", True),
                                      (0, "7m34446689p0s6z (6*66z)>", "6z", False),
                                      (3, "256m4444p2236689s", "4p", False))),
    5: ((35900, 26400, 37100, 600), ((1, "334899m3333p89s47z", "3p", False), (1, "334899m3333p89s47z", "3p", False),
                                     (1, "334899m3333p489s4z", "3p", False), (1, "33499m13333p489s4z", "3p", False),
                                     (1, "334799m13333p489s", "3p", False), (1, "3340799m3333p489s", "3p", False),
                                     (1, "3345799m3333p489s", "3p", False),
                                     (2, "1377s6z (6*66z)> (1*11z)^ (2*34p)<", "6z", False))),
    6: ((13500, 39500, 40700, 6300), ((1, "668m34479p67s7z (7*77z)<", "7z", True),
                                      (0, "135m12366p33s6z (6*66z)>", "6z", True),
                                      (1, "067m4478p456s7z (7*77z)^", "7z", True),
                                      (1, "56m3344588p23333s", "3s", False), (0, "123888m8888p45s56z", "8p", False))),
    8: ((-2100, 19600, 57300, 25200), ((2, "28m267p3333789s33z", "3s", True),)),
}
"""Seed: (final scores, every kan offered to a strong bot with no riichi of its own: seat, hand, tile,
declared) — four strong bots, Tenhou rules, as the bot played before its kan became the evaluator's."""


def old_rule(bot: StrongBot, view: Any, kan: Kan) -> bool:
    """The bot's kan rule before the change: pushing, no riichi on the table, and not slower."""
    advice = bot.evaluator.turn(view)
    quiet = advice.push_fold.push and not any(t.tenpai >= 0.9 for t in advice.threats)
    return quiet and EfficientBot.choose_kan(bot, view, kan)


@pytest.fixture(scope="module")
def replayed() -> dict[int, tuple[tuple[int, ...], list[tuple[Any, ...]], list[tuple[bool, bool]]]]:
    """The pinned seeds played again: final scores, the kans offered, and per kan (new verdict, old rule)."""
    out = {}
    original = StrongBot.choose_kan
    for seed in PINNED:
        offered: list[tuple[Any, ...]] = []
        both: list[tuple[bool, bool]] = []

        def spy(self: StrongBot, view: Any, kan: Kan, offered: list = offered, both: list = both) -> bool:
            declared = original(self, view, kan)
            offered.append((view.seat, str(view.hand), str(kan.tile), declared))
            both.append((declared, old_rule(self, view, kan)))
            return declared

        StrongBot.choose_kan = spy  # type: ignore[method-assign]
        try:
            match = play_match([make_bot("strong", RULES) for _ in range(4)], RULES, seed).match
        finally:
            StrongBot.choose_kan = original  # type: ignore[method-assign]
        out[seed] = (tuple(match.scores), offered, both)
    return out


def test_four_strong_bots_replay_to_the_pinned_scores_and_kans(replayed: dict) -> None:
    for seed, (scores, kans) in PINNED.items():
        got_scores, got_kans, _both = replayed[seed]
        assert got_scores == scores, seed
        assert tuple(got_kans) == kans, seed


def test_every_kan_gets_the_old_rules_answer(replayed: dict) -> None:
    pairs = [pair for _s, _k, both in replayed.values() for pair in both]
    assert len(pairs) == 18 and {d for d, _o in pairs} == {True, False}
    assert all(new == old for new, old in pairs), pairs


def test_the_evaluator_gives_its_reasons() -> None:
    rnd = kan_round()  # 777m234p567s1z468p + 7m: a free closed kan, first thing in the hand
    view = make_view(rnd, 0)
    kan = next(a for a in rnd.legal_actions(0) if isinstance(a, Kan))
    free = HandEvaluator(RULES).kan(view, kan)
    assert free.yes and free.reasons[0].code == "shanten" and free.reasons[-1].code == "kan_free"
    assert free.reasons[0].get("after") <= free.reasons[0].get("value")
    against = kan_advice(make_view(kan_round(riichi="right"), 0), kan, RULES)
    assert not against.yes and against.reasons[-1].code == "kan_riichi" and against.reasons[-1].get("seat") == 1
    broken = setup_round(["777m234p567s11z59m", RIGHT, ACROSS, LEFT_NO_7M], draws="7m", dora="3m")
    slower = kan_advice(make_view(broken, 0), kan, RULES)
    assert not slower.yes and slower.reasons[-1].code == "slows_hand"


def test_the_bot_keeps_the_reasons_of_a_kan_it_declares() -> None:
    rnd = kan_round()
    kan = next(a for a in rnd.legal_actions(0) if isinstance(a, Kan))
    bot = make_bot("strong", RULES)
    assert bot.choose_kan(make_view(rnd, 0), kan)
    assert bot.last_reasons[-1].code == "kan_free"


@pytest.mark.parametrize(("code", "words"), [
    ("kan_free", "it leaves your hand as close to"),
    ("kan_riichi", "someone is in"),
    ("folding", "is better now, and a kan only helps"),
    ("slows_hand", "it would set your hand back: 2 steps from"),
])
def test_the_coach_words_the_evaluators_reason(monkeypatch: pytest.MonkeyPatch, code: str, words: str) -> None:
    """The coach says what the evaluator decided and why, whatever it decides: no grounds of its own."""
    set_language("en")
    rnd = kan_round()
    kan = next(a for a in rnd.legal_actions(0) if isinstance(a, Kan))
    verdict = Verdict(code == "kan_free", (reason("shanten", value=1, after=2), reason(code)))
    monkeypatch.setattr(HandEvaluator, "kan", lambda self, view, k: verdict)
    declare, why = coach.kan_verdict(make_view(rnd, 0), kan, RULES)
    assert declare == verdict.yes and words in why, why
