"""Points: basic points, limits, payments, honba, sticks, the points table, nagashi and pao."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.engine.fu import round_fu
from trainer.engine.notation import parse_hand
from trainer.engine.points import (
    basic_points,
    hand_value,
    nagashi_mangan_payment,
    payment,
    points_table,
    settle,
)
from trainer.engine.rules import load_rules
from trainer.engine.scoring import ScoringError, WinContext, score_hand
from trainer.engine.scoring_random import random_win
from trainer.engine.tiles import EAST, SOUTH, parse_tile

TENHOU = load_rules("tenhou")
EMA = load_rules("ema")
JPML = load_rules("jpml")

# digest §4.3 reference table: (fu, han) -> (non-dealer ron, dealer ron)
REFERENCE = {
    (25, 2): (1600, 2400), (25, 3): (3200, 4800), (25, 4): (6400, 9600),
    (30, 1): (1000, 1500), (30, 2): (2000, 2900), (30, 3): (3900, 5800), (30, 4): (7700, 11600),
    (40, 1): (1300, 2000), (40, 2): (2600, 3900), (40, 3): (5200, 7700), (40, 4): (8000, 12000),
    (50, 1): (1600, 2400), (50, 2): (3200, 4800), (50, 3): (6400, 9600),
    (60, 1): (2000, 2900), (60, 2): (3900, 5800), (60, 3): (7700, 11600),
    (70, 1): (2300, 3400), (70, 2): (4500, 6800), (70, 3): (8000, 12000),
    (80, 1): (2600, 3900), (80, 2): (5200, 7700),
    (90, 1): (2900, 4400), (90, 2): (5800, 8700),
    (100, 1): (3200, 4800), (100, 2): (6400, 9600),
    (110, 1): (3600, 5300), (110, 2): (7100, 10600),
}  # fmt: skip


@pytest.mark.parametrize(("fu", "han"), sorted(REFERENCE))
def test_reference_ron_table(fu, han):
    nd, d = REFERENCE[(fu, han)]
    for rules in (TENHOU, EMA, JPML):
        assert hand_value(han, fu, dealer=False, tsumo=False, rules=rules).ron == nd
        assert hand_value(han, fu, dealer=True, tsumo=False, rules=rules).ron == d


@pytest.mark.parametrize(
    ("han", "nd", "d", "dealer_each"), [(2, 400, 700, 700), (3, 700, 1300, 1300), (4, 1300, 2600, 2600)]
)
def test_twenty_fu_tsumo(han, nd, d, dealer_each):
    p = hand_value(han, 20, dealer=False, tsumo=True, rules=TENHOU)
    assert (p.non_dealer, p.dealer) == (nd, d)
    assert hand_value(han, 20, dealer=True, tsumo=True, rules=TENHOU).all == dealer_each


def test_rounding_makes_tsumo_worth_more_T3():
    assert hand_value(1, 30, dealer=False, tsumo=False, rules=TENHOU).total == 1000
    p = hand_value(1, 30, dealer=False, tsumo=True, rules=TENHOU)
    assert (p.dealer, p.non_dealer, p.total) == (500, 300, 1100)
    assert hand_value(2, 40, dealer=True, tsumo=True, rules=TENHOU).total == 3900  # T2


@pytest.mark.parametrize(
    ("han", "limit", "nd_ron", "d_ron"),
    [(5, "mangan", 8000, 12000), (6, "haneman", 12000, 18000), (7, "haneman", 12000, 18000),
     (8, "baiman", 16000, 24000), (10, "baiman", 16000, 24000), (11, "sanbaiman", 24000, 36000),
     (12, "sanbaiman", 24000, 36000)],
)  # fmt: skip
def test_limits(han, limit, nd_ron, d_ron):
    assert basic_points(han, 30, TENHOU)[1] == limit
    assert hand_value(han, 30, dealer=False, tsumo=False, rules=TENHOU).ron == nd_ron
    assert hand_value(han, 30, dealer=True, tsumo=False, rules=TENHOU).ron == d_ron


def test_kazoe_and_yakuman_per_preset():
    assert basic_points(13, 30, TENHOU) == (8000, "kazoe_yakuman")
    assert basic_points(13, 30, EMA) == (8000, "kazoe_yakuman")
    assert basic_points(13, 30, JPML) == (6000, "sanbaiman")
    assert basic_points(0, 0, TENHOU, yakuman=2) == (16000, "yakuman")
    p = payment(16000, dealer=False, tsumo=True, rules=TENHOU)
    assert (p.dealer, p.non_dealer) == (32000, 16000)


def test_kiriage_T48(tmp_path):
    assert hand_value(4, 30, dealer=False, tsumo=False, rules=TENHOU).ron == 7700
    preset = tmp_path / "kiriage.toml"
    preset.write_text('base = "tenhou"\nname = "k"\ndescription = "kiriage"\nkiriage_mangan = true\n')
    rules = load_rules(str(preset))
    assert hand_value(4, 30, dealer=False, tsumo=False, rules=rules).ron == 8000
    assert hand_value(3, 60, dealer=True, tsumo=False, rules=rules).ron == 12000
    assert hand_value(3, 50, dealer=False, tsumo=False, rules=rules).ron == 6400


def test_honba_and_sticks_T19():
    p = payment(30 * 2**5, dealer=False, tsumo=False, honba=2, rules=TENHOU)
    assert (p.ron, p.honba, p.total) == (3900, 600, 4500)
    p = payment(30 * 2**5, dealer=False, tsumo=False, honba=2, sticks=1, rules=TENHOU)
    assert p.total - p.ron == 1600
    p = payment(40 * 2**5, dealer=False, tsumo=True, honba=1, rules=JPML)  # "1300, 2600" + 1 honba
    assert (p.non_dealer + 100, p.dealer + 100) == (1400, 2700)


def test_payment_json_shapes():
    assert payment(1000, dealer=False, tsumo=False, rules=TENHOU).to_json() == {"ron": 4000, "total": 4000}
    assert payment(1000, dealer=True, tsumo=True, rules=TENHOU).to_json() == {"all": 2000, "total": 6000}
    assert payment(1000, dealer=False, tsumo=True, honba=1, rules=TENHOU).to_json() == {
        "dealer": 2000,
        "non_dealer": 1000,
        "total": 4300,
    }


def test_points_table():
    rows = points_table(TENHOU)
    cell = {(r["han"], r["fu"]): r for r in rows}
    assert cell[(1, 30)]["non_dealer_ron"] == 1000 and cell[(1, 30)]["non_dealer_tsumo"] == (500, 300)
    assert cell[(1, 70)]["non_dealer_tsumo"] == (1200, 600)  # 004:101 typo "600 12000"
    assert cell[(2, 20)]["non_dealer_ron"] is None and cell[(2, 20)]["dealer_tsumo"] == 700
    assert cell[(2, 25)]["non_dealer_tsumo"] is None and cell[(3, 25)]["non_dealer_tsumo"] == (1600, 800)
    assert cell[(4, 40)]["limit"] == "mangan"
    assert rows[-1]["limit"] == "yakuman" and rows[-1]["dealer_ron"] == 48000
    assert {r["limit"] for r in points_table(JPML) if r["fu"] is None} >= {"sanbaiman", "yakuman"}
    for (fu, han), (nd, d) in REFERENCE.items():
        assert (cell[(han, fu)]["non_dealer_ron"], cell[(han, fu)]["dealer_ron"]) == (nd, d)


def test_nagashi_mangan():
    p = nagashi_mangan_payment(dealer=False, rules=TENHOU, honba=2, sticks=1)
    assert (p.dealer, p.non_dealer, p.total) == (4000, 2000, 8000)  # a draw on Tenhou: no counters
    p = nagashi_mangan_payment(dealer=True, rules=EMA, honba=1, sticks=1)
    assert (p.all, p.total) == (4000, 12000 + 300 + 1000)
    with pytest.raises(ValueError):
        nagashi_mangan_payment(dealer=False, rules=JPML)


def test_settle_plain_and_pao_T40():
    # non-dealer (seat 1) ron from seat 2, 2 honba
    p = payment(2000, dealer=False, tsumo=False, honba=2, sticks=1, rules=TENHOU)
    assert settle(p, winner=1, dealer=0, discarder=2, rules=TENHOU) == [0, 9600, -8600, 0]
    # tsumo
    p = payment(2000, dealer=False, tsumo=True, honba=1, rules=TENHOU)
    assert settle(p, winner=1, dealer=0, discarder=None, rules=TENHOU) == [-4100, 8300, -2100, -2100]
    # daisangen, pao on seat 3: tsumo -> seat 3 pays all
    y = payment(8000, dealer=False, tsumo=True, honba=1, rules=TENHOU)
    assert settle(y, winner=1, dealer=0, discarder=None, liable=3, liable_share=32000, rules=TENHOU) == [
        0, 32300, 0, -32300,
    ]  # fmt: skip
    # ron from seat 2: split 50/50, the discarder pays the honba
    y = payment(8000, dealer=False, tsumo=False, honba=1, rules=TENHOU)
    assert settle(y, winner=1, dealer=0, discarder=2, liable=3, liable_share=32000, rules=TENHOU) == [
        0, 32300, -16300, -16000,
    ]  # fmt: skip


def test_pao_share_from_a_scored_hand():
    from trainer.engine.scoring import pao_share

    hand = parse_hand("345m99m555z (666z) (777z)")
    r = score_hand(hand, WinContext(parse_tile("5z"), seat_wind=SOUTH), TENHOU)
    assert r.yakuman == 1 and pao_share(r, TENHOU, dealer=False) == 32000
    y = payment(8000, dealer=False, tsumo=False, rules=TENHOU)
    assert settle(y, winner=1, dealer=0, discarder=2, liable=3, liable_share=32000, rules=TENHOU)[2:] == [
        -16000,
        -16000,
    ]
    plain = score_hand(parse_hand("22334s567m456p99p4s"), WinContext(parse_tile("4s")), TENHOU)
    assert pao_share(plain, TENHOU, dealer=True) == 0


def test_score_result_payment_with_counters():
    hand = parse_hand("22334s567m456p99p4s")
    ctx = WinContext(parse_tile("4s"), tsumo=True, seat_wind=EAST, round_wind=SOUTH, honba=1, riichi_sticks=2)
    r = score_hand(hand, ctx, TENHOU)
    assert (r.han, r.fu) == (3, 20)
    assert r.payment.all == 1300 and r.payment.total == 3900 + 300 + 2000


# --------------------------------------------------------------------------- properties


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), preset=st.sampled_from(["tenhou", "ema", "jpml"]))
def test_scoring_properties(seed, preset):
    rules = load_rules(preset)
    hand, ctx = random_win(random.Random(seed), rules)
    try:
        r = score_hand(hand, ctx, rules)
    except ScoringError as e:
        assert e.code in {"no_yaku", "ryanhan_shibari"}
        return
    p = r.payment
    # the payment shape follows who won and how
    if not ctx.tsumo:
        assert p.ron is not None and p.dealer is p.all is None
    elif ctx.seat_wind == EAST:
        assert p.all is not None and p.ron is None
    else:
        assert p.dealer is not None and p.non_dealer is not None and p.dealer >= p.non_dealer
    assert p.total == p.hand_value + ctx.honba * rules.honba_points + ctx.riichi_sticks * rules.riichi_deposit
    assert all(x % 100 == 0 for x in (p.ron, p.dealer, p.non_dealer, p.all) if x is not None)
    # the chosen reading is worth at least every alternative
    for alt in r.alternatives:
        assert not alt.valid or alt.points <= p.hand_value
    # han = yaku + dora (ordinary hands); a yakuman counts 13 per yakuman and no dora
    if r.yakuman:
        assert r.han == 13 * r.yakuman and r.dora == 0
    else:
        assert r.han == r.yaku_han + r.dora and r.yaku_han > 0
        if r.reading.form.value != "thirteen_orphans":
            assert round_fu(r.fu_items) == r.fu


def test_dora_helpers():
    from trainer.engine.dora import count_dora, dora_kinds
    from trainer.engine.notation import parse_tiles

    assert dora_kinds(parse_tiles("2p9s7z4z")) == [11, 18, 31, 27]  # 001:570: 2p->3p, 9s->1s, red->white
    counts = parse_hand("234m550p678s234s88m").all_counts()
    d = count_dora(
        counts,
        1,
        dora_indicators=parse_tiles("4p4p"),
        ura_indicators=parse_tiles("9m"),
        riichi=True,
        rules=TENHOU,
    )
    assert (d.dora, d.ura, d.aka, d.total) == (6, 0, 1, 7)
    d = count_dora(counts, 1, dora_indicators=parse_tiles("4p4p"), ura_indicators=parse_tiles("7m"), riichi=False,
                   rules=TENHOU)  # fmt: skip
    assert d.ura == 0
    d = count_dora(counts, 1, dora_indicators=parse_tiles("4p4p"), ura_indicators=(), riichi=True, rules=JPML)
    assert (d.dora, d.aka) == (3, 0)
