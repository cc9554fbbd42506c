"""MCR calculator: counting principles with their explanations, minimum, flowers,
winning conditions, payments and refused hands."""

from __future__ import annotations

from collections import Counter

import pytest

from trainer.engine.mcr import McrError, Situation, load_mcr_rules, score_mcr
from trainer.engine.mcr.forms import all_readings, waiting_kinds
from trainer.engine.mcr.table import MCR_PRESETS, McrRulesError, base_fans
from trainer.engine.notation import parse_hand
from trainer.engine.tiles import parse_tile

SEED = load_mcr_rules("mcr")
COMMON = load_mcr_rules("mcr_common")


def score(text, win, rules=SEED, **kw):
    kw.setdefault("self_drawn", False)
    return score_mcr(parse_hand(text), Situation(win=parse_tile(win).kind, **kw), rules)


def test_the_table_has_the_81_fans_and_one_common_extra():
    fans = base_fans()
    numbered = {f.no for f in fans.values() if f.no}
    assert numbered == set(range(1, 82))
    assert [f.id for f in fans.values() if not f.no] == ["concealed_kong_and_melded_kong"]
    values = Counter(f.value for f in SEED.fans.values() if f.no)
    assert values == {88: 7, 64: 6, 48: 2, 32: 3, 24: 9, 16: 6, 12: 5, 8: 10, 6: 6, 4: 4, 2: 10, 1: 13}


def test_non_repeat_names_the_fan_that_implies_the_excluded_one():
    r = score("555666777z123m99p", "9p")
    assert "big_three_dragons" in r.fans and "dragon_pung" not in r.fans
    excluded = {(d.id, d.by, d.principle) for d in r.excluded}
    assert ("dragon_pung", "big_three_dragons", "non_repeat") in excluded
    assert ("two_dragon_pungs", "big_three_dragons", "non_repeat") in excluded


def test_account_once_leaves_the_fourth_chow_one_combination():
    # F55-E1: Mixed Triple Chow, then the fourth 789s pairs with only one of the three
    r = score("789m789p77889999s", "7s")
    assert Counter(r.fans)["pure_double_chow"] == 1
    assert "mixed_double_chow" not in r.fans
    assert any(d.id == "mixed_double_chow" and d.principle == "account_once" for d in r.excluded)


def test_best_arrangement_and_non_separation():
    # 111222333m: three pungs (Pure Shifted Pungs) or three chows (Pure Triple Chow)
    r = score("111222333m456p99s", "4p")
    assert r.total == max(
        sum(SEED.value(f) for f in fans) for fans in ([*r.fans],)
    )
    other = {d.id for d in r.excluded if d.principle == "non_separation"}
    assert ("pure_triple_chow" in r.fans) != ("pure_shifted_pungs" in r.fans)
    assert other & {"pure_triple_chow", "pure_shifted_pungs"}


def test_flowers_count_in_the_total_but_not_toward_the_minimum():
    r = score("234m678p22s (345s) (789m)", "2s", flowers=3)
    assert r.fans.count("flower_tiles") == 3
    assert r.total - 3 < 8 and not r.meets_minimum
    assert r.payment.false_win_each == 10 and r.payment.total == -30


def test_payments_follow_the_seed_examples():
    # L173-180: 10 points + 2 flowers = 12 -> 36 on a discard, 60 self-drawn
    r = score("123m123p123s456m99s", "9s", flowers=2)
    base = r.total - 2
    assert r.meets_minimum and base >= 8
    assert r.payment.discarder == 8 + r.total and r.payment.others == 8
    assert r.payment.total == 24 + r.total
    t = score("123m123p123s456m99s", "9s", flowers=2, self_drawn=True)
    assert t.payment.each == 8 + t.total and t.payment.total == 3 * (8 + t.total)


def test_seed_counts_fully_concealed_on_self_drawn_seven_pairs_common_counts_self_drawn():
    seed = score("1133m2288p4466s11z", "1z", self_drawn=True)
    common = score("1133m2288p4466s11z", "1z", COMMON, self_drawn=True)
    assert "fully_concealed" in seed.fans and "self_drawn" not in seed.fans
    assert "self_drawn" in common.fans and "fully_concealed" not in common.fans
    assert seed.total - common.total == 3


def test_winning_conditions():
    r = score("123m456p789s11z [5555m]", "1z", self_drawn=True, rinshan=True)
    assert "out_with_replacement_tile" in r.fans and "self_drawn" not in r.fans
    r = score("123m456p789s111z55m", "4p", chankan=True)
    assert "robbing_the_kong" in r.fans
    r = score("123m456p789s111z55m", "4p", last_copy=True)
    assert "last_tile" in r.fans
    r = score("123m456p789s111z55m", "4p", self_drawn=True, haitei=True)
    assert "last_tile_draw" in r.fans and "self_drawn" not in r.fans
    r = score("123m456p789s111z55m", "4p", houtei=True)
    assert "last_tile_claim" in r.fans


@pytest.mark.parametrize(
    ("text", "win", "kw", "code"),
    [
        ("123m456p789s11z578m", "5m", {}, "not_complete"),
        ("123m456p789s11z", "1z", {}, "not_complete"),
        ("123m456p789s111z55m", "7z", {}, "bad_win_tile"),
        ("123m456p789s111z55m", "4p", {"rinshan": True}, "bad_flag"),
        ("123m456p789s111z55m", "4p", {"self_drawn": True, "rinshan": True}, "bad_flag"),
        ("123m456p789s111z55m", "4p", {"houtei": True, "self_drawn": True}, "bad_flag"),
        ("123m456p789s111z55m", "5m", {"last_copy": True}, "bad_flag"),
        ("123m456p789s111z55m", "5m", {"chankan": True}, "bad_flag"),
    ],
)
def test_refused_hands_say_why(text, win, kw, code):
    with pytest.raises(McrError) as e:
        score(text, win, **kw)
    assert e.value.code == code


def test_every_form_is_read():
    forms = {
        "11m22p33s44z55z66z77z": "seven_pairs",
        "19m19p19s12345677z": "thirteen_orphans",
        "147m258p369s12345z": "honors_knitted",
        "147m258p369s123s11z": "knitted_straight",
    }
    for text, form in forms.items():
        hand = parse_hand(text)
        assert form in {r.form for r in all_readings(hand.counts(), ())}, text


def test_knitted_waits():
    hand = parse_hand("147m258p369s1234z")  # 13 tiles: a knitted straight, four winds
    assert waiting_kinds(hand.counts(), 0) == [31, 32, 33]


def test_presets():
    assert set(MCR_PRESETS) == {"mcr", "mcr_common"}
    assert SEED.value("two_concealed_kongs") == 8 and COMMON.value("two_concealed_kongs") == 6
    with pytest.raises(McrRulesError):
        load_mcr_rules("nope")


def test_every_fan_and_principle_has_a_glossary_term_with_chinese_and_pinyin():
    from trainer.glossary import load_glossary

    glossary = load_glossary()
    ids = [f"mcr_{f}" for f in base_fans()] + ["mcr_non_repeat", "mcr_account_once", "mcr_non_separation"]
    for term_id in ids:
        t = glossary.term(term_id)
        assert t.category == "mcr" and t.hanzi and t.pinyin, term_id
        assert t.display("ru_ja", "ru") == f"{t.ru} ({t.hanzi}, {t.pinyin})"
