"""Differential test: our common-practice preset against PyMahjongGB on random hands of
every MCR form (the big sweep is ``python3 dev.py bench mcr``)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tests.mcr_oracle import gb_fans
from trainer.engine.mcr import load_mcr_rules, score_mcr
from trainer.engine.mcr.random_hands import FORMS, random_win

pytest.importorskip("MahjongGB")

RULES = load_mcr_rules("mcr_common")
VALUES = {k: f.value for k, f in RULES.fans.items()}


@pytest.mark.parametrize("form", FORMS)
def test_random_hands_agree_with_pymahjonggb(form):
    rng = random.Random(f"mcr-{form}")
    for _ in range(120):
        deal = random_win(rng, form)
        ours = score_mcr(deal.hand, deal.situation, RULES)
        theirs = gb_fans(deal.hand, deal.situation, VALUES)
        assert theirs is not None, (str(deal.hand), deal.situation)
        assert Counter(ours.fans) == theirs, (str(deal.hand), deal.situation, ours.reading.text())
        assert ours.total == sum(VALUES[f] * n for f, n in theirs.items())
