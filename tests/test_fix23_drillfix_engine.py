"""Review 23, drills (an adult who drills daily): the engine's side of the fixes.

* A payment's slips are judged on the wrong boxes only: a right share is never "the basic points
  themselves"; "everyone pays the same" and a honba's 300 taken from each payer (or split in a
  ron) are named (worked examples of the Tenhou table).
* A kunto hand with suits ignored (or dragons as tens) is read into its runs, pairs ... with the
  hand's own tiles, and that reading gives the variant's shanten.
* A discard's items say how many copies of the tile the hand holds and how many can still come.
"""

from __future__ import annotations

import random

import pytest

from trainer.engine.exercises import GENERATORS
from trainer.engine.exercises.kunto import KuntoParams, _hand, blocks_item
from trainer.engine.exercises.kunto_practice import KuntoPractice, Settings
from trainer.engine.explain import payment_slips, points_chain, points_slip, variant_blocks, wrong_boxes
from trainer.engine.notation import parse_hand
from trainer.engine.rules import load_rules
from trainer.engine.variants import Variant, variant_shanten

RULES = load_rules("tenhou")


def _chain(han: int, fu: int, *, dealer: bool = False, tsumo: bool = True, honba: int = 0) -> dict:
    return points_chain(han, fu, dealer=dealer, tsumo=tsumo, rules=RULES, honba=honba)


# ---------------------------------------------------------------- payments


@pytest.mark.parametrize(("given", "slips"), [
    ((2000, 2000), ["same_share"]),  # the dealer paid as a non-dealer: the 2 000 box is right
    ((4000, 4000), ["same_share"]),  # the non-dealers paid as the dealer
    ((2000, 3000), []),  # no usual slip gives 3 000; and 2 000 is a right box, not "the basic points"
    ((4000, 2000), ["payers_swapped"]),
    ((1000, 2000), ["halved"]),
])
def test_a_non_dealer_mangan_tsumo_names_only_the_slips_of_the_wrong_boxes(given: tuple, slips: list) -> None:
    mangan = _chain(5, 30)  # 2 000 / 4 000
    assert [p["total"] for p in mangan["payments"]] == [2000, 4000]
    assert payment_slips(mangan, given, RULES) == slips
    assert "basic_only" not in points_slip(mangan, given, RULES)


def test_the_honba_slips() -> None:
    # 4 han 40 fu is a mangan: 2 000 / 4 000, one honba adds 100 from each payer
    chain = _chain(4, 40, honba=1)
    assert [p["total"] for p in chain["payments"]] == [2100, 4100]
    assert payment_slips(chain, (2000, 4000), RULES) == ["no_honba"]  # not "the basic points" as well
    assert payment_slips(chain, (2300, 4300), RULES) == ["honba_per_payer"]  # 300 from each payer
    assert wrong_boxes(chain, (2100, 4000)) == [1]
    # three honba in a ron: 3 900 + 900; 100 a honba is the tsumo's share, not the ron's
    ron = _chain(3, 30, tsumo=False, honba=3)
    assert ron["payments"][0]["total"] == 4800
    assert payment_slips(ron, (4200,), RULES) == ["honba_split"]
    assert payment_slips(ron, (3900,), RULES) == ["no_honba"]


def test_the_older_slips_still_hold() -> None:
    assert points_slip(_chain(5, 30, tsumo=False), [2000], RULES) == ["basic_only"]  # a ron box is basic x 4
    assert points_slip(_chain(2, 30, dealer=True, tsumo=False), [2000], RULES) == ["dealer_swapped"]
    assert points_slip(_chain(3, 30, honba=1), [1000, 2000], RULES) == ["no_honba"]


# ---------------------------------------------------------------- kunto readings


def test_a_suits_ignored_hand_reads_1p_2p_3s_as_a_run() -> None:
    hand = parse_hand("9m12p3s", check_size=False)
    blocks = variant_blocks(hand, Variant(suits_ignored=True))
    assert blocks is not None and blocks.sets == ("12p3s",) and blocks.loose == ("9m",) and blocks.shanten == 0
    item = blocks_item(hand, Variant(suits_ignored=True))
    assert item is not None and item["kind"] == "kunto_blocks" and item["runs"] == ["12p3s"]
    assert blocks_item(hand, Variant()) is None  # the plain game: the standard blocks explain it
    assert variant_blocks(hand, Variant(suits_ignored=True, dragons="joker")) is None


@pytest.mark.parametrize(("suits_ignored", "dragons", "winds"), [
    (True, "none", False), (True, "ten", False), (False, "ten", False), (True, "none", True), (True, "ten", True)])
def test_the_reading_gives_the_variants_shanten(suits_ignored: bool, dragons: str, winds: bool) -> None:
    variant = Variant(suits_ignored, "normal" if dragons == "none" else dragons)
    rng = random.Random(f"{suits_ignored}:{dragons}:{winds}")
    for size in (4, 7, 10, 13):
        p = KuntoParams(size=size, suits_ignored=suits_ignored, dragons=dragons, winds=winds)
        for _ in range(40):
            hand = _hand(rng, p, size, rng.randint(0, 3))
            blocks = variant_blocks(hand, variant)
            assert blocks is not None and blocks.shanten == variant_shanten(hand, variant), hand


def test_kunto_shanten_questions_carry_the_reading() -> None:
    gen = GENERATORS["kunto_hand"]
    ex = gen.generate(gen.params({}), 1)
    assert ex.prompt.question == "kunto_shanten" and ex.answer == 0
    assert any(i.get("kind") == "kunto_blocks" for i in ex.explanation)
    practice = KuntoPractice(Settings("pin_sou72", "ignored", "plain"), seed=2)
    first = practice.exercise()
    assert first.prompt.question == "kunto_shanten"
    assert any(i.get("kind") == "kunto_blocks" for i in first.explanation)


# ---------------------------------------------------------------- discards


def test_each_discard_says_how_many_copies_are_held_and_still_to_come() -> None:
    gen = GENERATORS["discard_ukeire"]
    ex = gen.generate(gen.params({}), 1)
    assert ex.prompt.hand == "45666888m11114s6z"
    rows = {i["tile"]: i for i in ex.explanation}
    assert rows["1s"]["best"] and rows["1s"]["held"] == 4 and rows["1s"]["left"] == 0
    assert rows["6z"]["held"] == 1 and rows["6z"]["left"] == 3
