"""MCR drill items: answers come from the calculator and the explanation is in the result."""

from __future__ import annotations

import random

from trainer.engine.mcr import load_mcr_rules, score_mcr
from trainer.engine.mcr.drills import count_item, excluded_item, minimum_item

RULES = load_mcr_rules("mcr")


def test_count_items_answer_the_total():
    rng = random.Random(1)
    for _ in range(20):
        item = count_item(rng, RULES)
        again = score_mcr(item.hand, item.situation, RULES)
        assert item.answer == str(again.total) and again.meets_minimum
        assert set(item.options) == set(again.fans)


def test_minimum_items_are_both_kinds():
    rng = random.Random(2)
    answers = set()
    for _ in range(20):
        item = minimum_item(rng, RULES)
        assert item.answer == ("yes" if item.result.meets_minimum else "no")
        assert (item.result.total - item.result.flowers >= 8) == item.result.meets_minimum
        answers.add(item.answer)
    assert answers == {"yes", "no"}


def test_excluded_items_name_the_fan_that_leaves_it_out():
    rng = random.Random(3)
    for _ in range(20):
        item = excluded_item(rng, RULES)
        assert item.answer in item.options and item.answer not in item.result.fans
        reason = next(d for d in item.result.excluded if d.id == item.answer and d.principle == "non_repeat")
        assert reason.by in item.result.fans
        assert all(o in item.result.fans for o in item.options if o != item.answer)
