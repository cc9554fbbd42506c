"""MCR drill items, every answer computed by the calculator.

* :func:`count_item` — count the fans: the hand, the fans counted (the answer) and the total;
* :func:`minimum_item` — does the hand reach 8 points without flowers?
* :func:`excluded_item` — which of these fans is *not* counted, and which fan or principle
  leaves it out.

Items are plain data for the drill screens; the explanation of a wrong answer comes from
the same result (the counted fans and the excluded ones with their reasons).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from trainer.engine.hand import Hand
from trainer.engine.mcr.calculator import McrResult, score_mcr
from trainer.engine.mcr.detect import Situation
from trainer.engine.mcr.random_hands import random_win
from trainer.engine.mcr.table import McrRules

MAX_TRIES = 200
"""Deals tried before an item generator gives up (never reached in practice)."""


@dataclass(frozen=True, slots=True)
class McrItem:
    """One drill item: the hand, how it was won, the scored result, the options offered
    (fan ids, or "yes"/"no") and the right answer among them."""

    kind: str
    hand: Hand
    situation: Situation
    result: McrResult
    options: tuple[str, ...]
    answer: str


def count_item(rng: random.Random, rules: McrRules) -> McrItem:
    """Count the fans of a winning hand of any form that reaches the minimum."""
    for _ in range(MAX_TRIES):
        deal = random_win(rng)
        result = score_mcr(deal.hand, deal.situation, rules)
        if result.meets_minimum:
            fans = tuple(dict.fromkeys(result.fans))
            return McrItem("count", deal.hand, deal.situation, result, fans, str(result.total))
    raise RuntimeError("no hand reached the minimum")


def minimum_item(rng: random.Random, rules: McrRules) -> McrItem:
    """Does it reach 8?  Half the items do, half do not (standard hands, where it is close)."""
    want = rng.random() < 0.5
    for _ in range(MAX_TRIES):
        deal = random_win(rng, "standard")
        result = score_mcr(deal.hand, deal.situation, rules)
        if result.meets_minimum == want:
            return McrItem("minimum", deal.hand, deal.situation, result, ("yes", "no"), "yes" if want else "no")
    raise RuntimeError("no hand of the wanted kind")


def excluded_item(rng: random.Random, rules: McrRules) -> McrItem:
    """Which fan is not counted?  The options are the counted fans and one fan the hand shows
    but a bigger fan implies (non-repeat principle)."""
    for _ in range(MAX_TRIES):
        deal = random_win(rng)
        result = score_mcr(deal.hand, deal.situation, rules)
        left_out = [d for d in result.excluded if d.principle == "non_repeat" and d.id not in result.fans]
        if left_out and result.fans:
            pick = rng.choice(left_out)
            options = [*dict.fromkeys(f for f in result.fans if f != "flower_tiles"), pick.id]
            rng.shuffle(options)
            return McrItem("excluded", deal.hand, deal.situation, result, tuple(options), pick.id)
    raise RuntimeError("no hand with an excluded fan")
