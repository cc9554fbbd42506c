"""Readings of complete hands and winning-tile placements: worked cases, the mahjong oracle,
and an independent brute-force enumerator."""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong.agari import Agari

from trainer.engine.decompose import Form, Group, GroupKind, ImpossibleHand, Reading, is_complete, readings
from trainer.engine.hand import Hand, Meld, MeldKind
from trainer.engine.notation import parse_hand
from trainer.engine.tiles import NUM_KINDS, Tile, kind_from_name
from trainer.engine.waits import Placement, WaitShape, placements


def k(name: str) -> int:
    return kind_from_name(name)


def texts(hand: str) -> set[str]:
    return {str(r) for r in readings(parse_hand(hand))}


# ----------------------------------------------------------------------------- worked readings


def test_three_triplets_or_three_runs() -> None:
    assert texts("111222333m456p11s") == {
        "111m 222m 333m 456p 11s",
        "123m 123m 123m 456p 11s",
    }


def test_pairs_and_runs_with_seven_pairs() -> None:
    got = readings(parse_hand("22334455m667788p"))
    assert [r.form for r in got] == [Form.STANDARD, Form.STANDARD, Form.SEVEN_PAIRS]
    assert {str(r) for r in got} == {
        "345m 345m 678p 678p 22m",
        "234m 234m 678p 678p 55m",
        "22m 33m 44m 55m 66p 77p 88p",
    }


def test_ryanpeikou_shape_also_reads_as_seven_pairs() -> None:
    forms = Counter(r.form for r in readings(parse_hand("223344m556677p11z")))
    assert forms == {Form.STANDARD: 1, Form.SEVEN_PAIRS: 1}


def test_four_readings_of_a_pure_suit_hand() -> None:
    assert texts("11122233344455m") == {
        "111m 222m 333m 444m 55m",
        "111m 234m 234m 234m 55m",
        "123m 123m 123m 444m 55m",
        "111m 234m 345m 345m 22m",
    }


def test_chuuren_complete_has_one_reading_per_pair_choice() -> None:
    # 1112345678999m + 5m: the pair is 55 (one reading); + 1m: 111 123 456 789 99.
    assert texts("11123455678999m") == {"111m 234m 678m 999m 55m"}
    assert texts("11112345678999m") == {"111m 123m 456m 789m 99m"}


def test_four_of_a_kind_is_not_two_pairs() -> None:
    hand = parse_hand("11112233445566z")
    assert readings(hand) == []
    assert not is_complete(hand)


def test_thirteen_orphans_reading() -> None:
    (r,) = readings(parse_hand("19m19p19s12345677z"))
    assert r.form is Form.THIRTEEN_ORPHANS
    assert r.groups == () and r.pair is None and r.orphan_pair == k("7z")


def test_declared_melds_become_groups() -> None:
    (r,) = readings(parse_hand("123m11z (777z) [9999p] (4*56s)<"))
    kinds = [(g.kind, g.first, g.declared, g.open) for g in r.groups]
    assert kinds == [
        (GroupKind.RUN, k("1m"), False, False),
        (GroupKind.TRIPLET, k("7z"), True, True),
        (GroupKind.QUAD, k("9p"), True, False),
        (GroupKind.RUN, k("4s"), True, True),
        (GroupKind.PAIR, k("1z"), False, False),
    ]
    assert r.pair == Group(GroupKind.PAIR, k("1z"))
    assert len(r.sets) == 4
    assert r.groups[2].kinds() == (k("9p"),) * 4


def test_incomplete_and_wrong_sizes() -> None:
    assert readings(parse_hand("123m456p789s1122z")) == []
    assert readings(parse_hand("123m456p789s1234z")) == []
    assert not is_complete(parse_hand("112m", check_size=False))
    assert readings(parse_hand("112m", check_size=False)) == []


def test_small_training_hands() -> None:
    assert texts("11m") == {"11m"}
    assert texts("11123m") == {"123m 11m"}
    assert is_complete(parse_hand("55z")) and not is_complete(parse_hand("56z"))


def test_group_kinds() -> None:
    assert Group(GroupKind.RUN, k("7p")).kinds() == (k("7p"), k("8p"), k("9p"))
    assert Group(GroupKind.TRIPLET, k("1z")).kinds() == (k("1z"),) * 3
    assert Group(GroupKind.PAIR, k("5m")).kinds() == (k("5m"),) * 2
    assert GroupKind.QUAD.size == 4


# ----------------------------------------------------------------------------- placements


def shapes_for(hand: str, win: str) -> set[WaitShape]:
    return {p.shape for r in readings(parse_hand(hand)) for p in placements(r, k(win))}


@pytest.mark.parametrize(
    ("hand", "win", "expected"),
    [
        ("123m456p789s55z567m", "5m", {WaitShape.RYANMEN}),
        ("123m456p789s55z567m", "6m", {WaitShape.KANCHAN}),
        ("123m456p789s55z123m", "3m", {WaitShape.PENCHAN}),
        ("123m456p789s55z123m", "1m", {WaitShape.RYANMEN}),
        ("123m456p789s55z789m", "7m", {WaitShape.PENCHAN}),
        ("123m456p789s55z789m", "9m", {WaitShape.RYANMEN}),
        ("123m456p789s55z777m", "7m", {WaitShape.SHANPON}),
        ("123m456p789s55z777m", "5z", {WaitShape.TANKI}),
        # 56789 + 7: ryanmen 56 (pinfu-capable) or penchan 89 (001:633)
        ("567789m123345p66s", "7m", {WaitShape.RYANMEN, WaitShape.PENCHAN}),
        ("19m19p19s12345677z", "7z", {WaitShape.KOKUSHI_13}),
        ("19m19p19s12345677z", "1m", {WaitShape.KOKUSHI}),
        ("11335577m99p1122z", "9p", {WaitShape.TANKI}),  # seven pairs only
    ],
)
def test_placement_shapes(hand: str, win: str, expected: set[WaitShape]) -> None:
    assert shapes_for(hand, win) == expected


def test_declared_melds_never_hold_the_winning_tile() -> None:
    (r,) = readings(parse_hand("123m456p55z (789s) (777z)"))
    assert placements(r, k("7z")) == []
    assert placements(r, k("8s")) == []
    assert placements(r, k("2m")) == [Placement(0, WaitShape.KANCHAN)]


def test_identical_groups_give_one_placement() -> None:
    r = next(r for r in readings(parse_hand("123123m456p789s55z")) if r.form is Form.STANDARD)
    assert placements(r, k("2m")) == [Placement(0, WaitShape.KANCHAN)]
    assert r.groups[placements(r, k("3m"))[0].group_index].first == k("1m")


def test_placement_index_points_at_a_group_holding_the_tile() -> None:
    for r in readings(parse_hand("11122233344455m")):
        for win in range(5):
            for p in placements(r, win):
                assert win in r.groups[p.group_index].kinds()


# ----------------------------------------------------------------------------- oracles


def brute_readings(counts: list[int]) -> set[tuple[tuple[str, int], ...]]:
    """Independent standard readings: choose a pair, then sets in non-decreasing order."""
    out = set()
    candidates = [("t", x) for x in range(NUM_KINDS)] + [("r", x) for x in range(27) if x % 9 <= 6]

    def covers(g: tuple[str, int]) -> list[int]:
        return [g[1]] * 3 if g[0] == "t" else [g[1], g[1] + 1, g[1] + 2]

    def rec(c: list[int], start: int, chosen: list[tuple[str, int]], pair: int) -> None:
        if not any(c):
            out.add(tuple(sorted(chosen)) + (("p", pair),))
            return
        for i in range(start, len(candidates)):
            g = candidates[i]
            ks = covers(g)
            if all(c[x] >= ks.count(x) for x in ks):
                for x in ks:
                    c[x] -= 1
                rec(c, i, chosen + [g], pair)
                for x in ks:
                    c[x] += 1

    for p in range(NUM_KINDS):
        if counts[p] >= 2:
            c = counts[:]
            c[p] -= 2
            rec(c, 0, [], p)
    return out


def as_brute(r: Reading) -> tuple[tuple[str, int], ...]:
    sets = sorted(("t" if g.kind is GroupKind.TRIPLET else "r", g.first) for g in r.sets)
    return tuple(sets) + (("p", r.pair.first),)  # type: ignore[union-attr]


def hand_of(kinds: list[int]) -> Hand:
    return Hand(tuple(sorted(Tile(x) for x in kinds)))


GROUPS = [[x] * 3 for x in range(NUM_KINDS)] + [[x, x + 1, x + 2] for x in range(27) if x % 9 <= 6]


def complete_kinds() -> st.SearchStrategy[list[int]]:
    """A standard complete 14-tile hand built from random sets and a pair (copies <= 4)."""
    return (
        st.tuples(st.integers(0, NUM_KINDS - 1), st.lists(st.sampled_from(GROUPS), min_size=4, max_size=4))
        .map(lambda pg: sorted([pg[0], pg[0]] + [x for g in pg[1] for x in g]))
        .filter(lambda ks: max(Counter(ks).values()) <= 4)
    )


@settings(max_examples=150, deadline=None)
@given(complete_kinds())
def test_readings_match_brute_force_enumeration(kinds: list[int]) -> None:
    hand = hand_of(kinds)
    std = [r for r in readings(hand) if r.form is Form.STANDARD]
    assert {as_brute(r) for r in std} == brute_readings(hand.counts())
    assert len(std) == len({as_brute(r) for r in std})  # no duplicates
    for r in std:
        assert sorted(x for g in r.groups for x in g.kinds()) == sorted(kinds)
    assert is_complete(hand)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(0, 8), min_size=14, max_size=14).filter(lambda xs: max(Counter(xs).values()) <= 4)
)
def test_is_complete_matches_the_mahjong_oracle_one_suit(kinds: list[int]) -> None:
    hand = hand_of(kinds)
    assert is_complete(hand) == Agari.is_agari(hand.counts())
    assert bool(readings(hand)) == is_complete(hand)


@settings(max_examples=300, deadline=None)
@given(complete_kinds(), st.integers(0, 13), st.integers(0, NUM_KINDS - 1))
def test_is_complete_matches_the_oracle_near_complete(kinds: list[int], drop: int, add: int) -> None:
    changed = kinds[:drop] + kinds[drop + 1 :] + [add]
    if Counter(changed)[add] > 4:
        return
    hand = hand_of(changed)
    assert is_complete(hand) == Agari.is_agari(hand.counts())


def test_small_one_suit_hands_exhaustively() -> None:
    for size in (2, 5, 8):
        for combo in combinations_with_replacement(range(9), size):
            if max(Counter(combo).values()) > 4:
                continue
            hand = hand_of(list(combo))
            brute = brute_readings(hand.counts())
            std = {as_brute(r) for r in readings(hand) if r.form is Form.STANDARD}
            assert std == brute, combo


@pytest.mark.parametrize(
    "hand",
    [
        Hand((*(Tile(0) for _ in range(5)), *(Tile(k) for k in (9, 10, 11, 12, 13, 14, 15, 16, 17)))),
        Hand(tuple(sorted(Tile(k) for k in (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 30, 30)))),
        Hand(tuple(Tile(k) for k in (0, 0, 1, 2, 3)), (Meld(MeldKind.PON, (Tile(0), Tile(0), Tile(0))),) * 3),
    ],
    ids=["five copies", "17 tiles", "five copies with melds"],
)
def test_readings_refuse_impossible_hands(hand: Hand) -> None:
    with pytest.raises(ImpossibleHand):
        readings(hand)
