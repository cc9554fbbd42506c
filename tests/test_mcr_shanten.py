"""MCR shanten and waits agree with the calculator's idea of a complete hand."""

from __future__ import annotations

import random

import pytest

from trainer.engine.hand import Hand
from trainer.engine.mcr.forms import is_complete, waiting_kinds
from trainer.engine.mcr.random_hands import FORMS, random_win
from trainer.engine.mcr.shanten import mcr_shanten, mcr_shanten_by_form
from trainer.engine.notation import parse_hand


@pytest.mark.parametrize("form", FORMS)
def test_complete_hands_are_minus_one_and_one_tile_less_is_ready(form):
    rng = random.Random(f"shanten-{form}")
    for _ in range(60):
        deal = random_win(rng, form)
        hand = deal.hand
        assert mcr_shanten_by_form(hand)[form] == -1, str(hand)
        tiles = list(hand.concealed)
        tiles.remove(next(t for t in tiles if t.kind == deal.situation.win))
        before = Hand(tuple(tiles), hand.melds)
        assert mcr_shanten(before) == 0, str(before)
        waits = waiting_kinds(before.counts(), len(hand.melds))
        assert deal.situation.win in waits
        for k in waits:
            c = before.counts()
            c[k] += 1
            assert is_complete(c, len(hand.melds))


def test_knitted_shapes():
    assert mcr_shanten(parse_hand("147m258p369s1234z")) == 0  # honors-and-knitted, waits 5z 6z 7z
    assert waiting_kinds(parse_hand("147m258p369s1234z").counts(), 0) == [31, 32, 33]
    assert mcr_shanten(parse_hand("147m258p36s11z567m")) == 0  # knitted straight missing 9s
    assert waiting_kinds(parse_hand("147m258p36s11z567m").counts(), 0) == [26]
    assert mcr_shanten_by_form(parse_hand("11223344556677m"))["seven_pairs"] == -1
    assert mcr_shanten_by_form(parse_hand("11112233445566m"))["seven_pairs"] == -1  # 1111m: two pairs
