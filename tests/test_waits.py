"""Waits: the seed's wait table, brute force, the mahjong oracle, fifth copies, named shapes."""

from __future__ import annotations

import csv
from collections import Counter
from itertools import combinations_with_replacement
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong.agari import Agari

from trainer.engine.decompose import is_complete, readings
from trainer.engine.hand import Hand
from trainer.engine.notation import format_tiles, parse_hand, parse_tiles
from trainer.engine.tiles import NUM_KINDS, Tile, kind_from_name
from trainer.engine.waits import (
    WaitShape,
    named_waits,
    parse_wait_patterns,
    placements,
    wait_patterns,
    wait_report,
    waits,
)

WAIT_TSV = Path("/work/shared/spec/seed-000-wait-testcases.tsv")

# The seed's wait table (digest §5.4), without the kunto rows (dragon-as-10 and joker
# variants belong to the variants module).  Ranks are written as one suit.
SEED_WAITS = [
    ("kanchan", "1355", "2", None, {WaitShape.KANCHAN}),
    ("penchan (12)", "1255", "3", None, {WaitShape.PENCHAN}),
    ("penchan (89)", "8955", "7", None, {WaitShape.PENCHAN}),
    ("ryanmen", "3499", "25", None, {WaitShape.RYANMEN}),
    ("hadaka tanki / tanki", "1237", "7", None, {WaitShape.TANKI}),
    ("shanpon", "2288", "28", None, {WaitShape.SHANPON}),
    ("nobetan", "3456", "36", "nobetan", {WaitShape.TANKI}),
    ("kantan", "1113", "23", "kantan", {WaitShape.KANCHAN, WaitShape.TANKI}),
    ("pentan (form A)", "1112", "23", "pentan", {WaitShape.PENCHAN, WaitShape.TANKI}),
    ("pentan (form B)", "1222", "13", "pentan", {WaitShape.PENCHAN, WaitShape.TANKI}),
    ("ryantan", "3334", "245", "ryantan", {WaitShape.RYANMEN, WaitShape.TANKI}),
    ("sanmenchan", "2345699", "147", "sanmenchan", {WaitShape.RYANMEN}),
    ("sanmentan", "2345678", "258", "sanmentan", {WaitShape.TANKI}),
    ("kantankan", "3335777", "456", "kantankan", {WaitShape.KANCHAN, WaitShape.TANKI}),
    ("entotsu", "2223466", "256", "entotsu", {WaitShape.RYANMEN, WaitShape.SHANPON}),
    ("sanmen shanpon (seed example)", "2233445599", "259", "sanmen_shanpon", {WaitShape.SHANPON}),
    ("sumen shanpon / sumenpon (seed example)", "2233445566", "2356", "sumen_shanpon", {WaitShape.SHANPON}),
    (
        "tatsumaki",
        "3334555",
        "23456",
        "tatsumaki",
        {WaitShape.RYANMEN, WaitShape.SHANPON, WaitShape.TANKI},
    ),
    (
        "happobijin",
        "2223456777",
        "12345678",
        "happobijin",
        {WaitShape.RYANMEN, WaitShape.SHANPON, WaitShape.TANKI},
    ),
    ("aryanmen shape", "2234", "25", "aryanmen", {WaitShape.RYANMEN, WaitShape.TANKI}),
    ("naka bukure shape", "3445", "4", "naka_bukure", {WaitShape.KANCHAN, WaitShape.TANKI}),
    (
        "junsei chuuren (9-sided)",
        "1112345678999",
        "123456789",
        "junsei_chuuren",
        {WaitShape.RYANMEN, WaitShape.PENCHAN, WaitShape.SHANPON, WaitShape.TANKI},
    ),
    (
        "chuuren variant (seed: waits 7,8,9m)",
        "1112345678899",
        "789",
        None,
        {WaitShape.PENCHAN, WaitShape.SHANPON},
    ),
]


def k(name: str) -> int:
    return kind_from_name(name)


def names(kinds) -> str:
    return format_tiles(sorted(kinds))


def test_table_above_is_the_tsv() -> None:
    """Every non-kunto row of the shared TSV is tested here with the same hand and waits."""
    if not WAIT_TSV.exists():
        pytest.skip("shared spec folder not present")
    rows = list(csv.DictReader(WAIT_TSV.open(encoding="utf-8"), delimiter="\t"))
    plain = [r for r in rows if not set(r["hand_single_suit"]) & {"X", "J"}]
    assert [(r["name"], r["hand_single_suit"], r["waits"].replace(",", "")) for r in plain] == [
        (name, hand, w) for name, hand, w, _, _ in SEED_WAITS
    ]


@pytest.mark.parametrize(
    ("name", "ranks", "expected", "shape_id", "shapes"), SEED_WAITS, ids=[r[0] for r in SEED_WAITS]
)
@pytest.mark.parametrize("suit", "mps")
def test_seed_wait_table(
    name: str, ranks: str, expected: str, shape_id: str | None, shapes: set, suit: str
) -> None:
    hand = parse_hand(ranks + suit)
    assert names(waits(hand)) == expected + suit
    report = wait_report(hand)
    assert report.waits == waits(hand)
    assert {s for t in report.tiles for s in t.shapes} == shapes
    named = {n.id for n in report.named}
    if shape_id is not None:
        assert shape_id in named, named
        match = next(n for n in report.named if n.id == shape_id)
        assert names(match.waits) == expected + suit


def test_seed_wait_table_inside_a_full_hand() -> None:
    # The compound shapes keep their names with complete sets in other suits around them.
    report = wait_report(parse_hand("3334555m123p789s"))
    assert names(report.waits) == "23456m" and [n.id for n in report.named] == ["tatsumaki"]
    report = wait_report(parse_hand("2345699s123m456p"))
    assert [n.id for n in report.named] == ["sanmenchan"]
    report = wait_report(parse_hand("3456p123m789m999s"))
    assert names(report.waits) == "36p" and [n.id for n in report.named] == ["nobetan"]


def test_mirrored_and_shifted_shapes() -> None:
    assert [n.id for n in named_waits(parse_hand("9998p"))] == ["pentan"]
    assert names(waits(parse_hand("9998p"))) == "78p"
    assert [n.id for n in named_waits(parse_hand("7888s"))] == ["ryantan"]
    assert [n.id for n in named_waits(parse_hand("4446888m"))] == ["kantankan"]


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("233445m22p34566s", "2p6s"),  # T27 shanpon (001:660)
        ("444789m34567p77z", "258p"),  # T28 (001:115)
        ("123m123p1234567s", "147s"),  # T22
        ("1222334456789p", "25p"),  # T11
        ("23456p234s666s55m", "147p"),  # T14
        ("234m567m678s23p99s", "14p"),
        ("123m456p789p99s11z", "9s1z"),
        ("19m19p19s1234566z", "7z"),  # kokushi waiting on the one missing kind
        ("19m19p19s1234567z", "19m19p19s1234567z"),  # 13-sided
        ("1122m3344p5566s7z", "7z"),  # seven pairs tanki
        ("11223344556677m", ""),  # 14 tiles: not a waiting hand
    ],
)
def test_worked_waits(hand: str, expected: str) -> None:
    assert names(waits(parse_hand(hand))) == expected


def test_seven_pairs_needs_different_pairs() -> None:
    assert waits(parse_hand("1111m2233p4455s6z")) == ()
    assert waits(parse_hand("1122m3344p5566s7z")) == (k("7z"),)


def test_kokushi_placements() -> None:
    report = wait_report(parse_hand("19m19p19s1234567z"))
    assert all(t.shapes == (WaitShape.KOKUSHI_13,) for t in report.tiles)
    report = wait_report(parse_hand("19m19p19s1234566z"))
    assert [t.shapes for t in report.tiles] == [(WaitShape.KOKUSHI,)]


# ----------------------------------------------------------------------------- fifth copies, karaten


def test_wait_on_a_fifth_copy_is_not_a_wait() -> None:
    hand = parse_hand("123m7777m456p789s")  # T25: would need a fifth 7m
    assert waits(hand) == ()
    report = wait_report(hand)
    assert not report.is_tenpai
    assert report.fifth_copy == (k("7m"),)
    assert report.is_karaten


def test_fifth_copy_beside_a_real_wait() -> None:
    hand = parse_hand("1111234m456p789s")
    assert names(waits(hand)) == "4m"
    report = wait_report(hand)
    assert report.fifth_copy == (k("1m"),)
    assert not report.is_karaten
    assert report.named == ()  # 1234m would be nobetan, but the 1m wait is a fifth copy


def test_meld_copies_count_as_held() -> None:
    hand = parse_hand("23m456p789s11z [1111m]")
    assert names(waits(hand)) == "4m"
    report = wait_report(hand)
    assert report.fifth_copy == (k("1m"),)
    assert report.tiles[0].held == 0 and report.tiles[0].left == 4
    open_hand = parse_hand("23m456p11z (1*11m) (789s)")
    assert names(waits(open_hand)) == "14m"
    assert [t.left for t in wait_report(open_hand).tiles] == [1, 4]


def test_visible_tiles_and_dead_waits() -> None:
    hand = parse_hand("123456789m1122p")
    report = wait_report(hand, parse_tiles("11p2p"))
    assert [(t.kind, t.held, t.seen, t.left, t.dead) for t in report.tiles] == [
        (k("1p"), 2, 2, 0, True),
        (k("2p"), 2, 1, 1, False),
    ]
    assert report.copies_left == 1 and not report.is_karaten
    counts = [0] * NUM_KINDS
    counts[k("1p")] = 2
    counts[k("2p")] = 2
    assert wait_report(hand, counts).is_karaten
    assert wait_report(hand, [k("1p"), k("1p"), k("2p"), k("2p")]).is_karaten
    with pytest.raises(ValueError):
        wait_report(hand, [5] + [0] * (NUM_KINDS - 1))


def test_not_waiting_sizes() -> None:
    assert waits(parse_hand("123m456p789s11223z")) == ()
    assert wait_report(parse_hand("123m456p789s11223z")).tiles == ()


# ----------------------------------------------------------------------------- named-shape data


def test_wait_shapes_file_loads_and_examples_hold() -> None:
    patterns = wait_patterns()
    ids = [p.id for p in patterns]
    assert len(ids) == len(set(ids))
    for p in patterns:
        assert p.variants, p.id
        for counts, wait_ranks in p.examples:
            tiles = "".join(str(r + 1) * n for r, n in enumerate(counts)) + "s"
            if sum(counts) % 3 == 2:
                tiles += "11z"  # a block without the pair waits with a pair elsewhere
            assert names(waits(parse_hand(tiles))) == "".join(str(r + 1) for r in wait_ranks) + "s"


def test_wrong_wait_shape_data_is_refused() -> None:
    bad = '[[shape]]\nid = "nobetan"\nexamples = [{ tiles = "3456", waits = "369" }]\n'
    with pytest.raises(ValueError, match=r"nobetan.*3456 waits on 3,6, the file says 3,6,9"):
        parse_wait_patterns(bad, "bad.toml")
    with pytest.raises(ValueError, match="needs an id"):
        parse_wait_patterns('[[shape]]\nid = "x"\n', "bad.toml")
    with pytest.raises(ValueError, match="rank digits"):
        parse_wait_patterns('[[shape]]\nid = "x"\nexamples = [{ tiles = "34a", waits = "2" }]\n', "bad.toml")
    with pytest.raises(ValueError, match="bad.toml"):
        parse_wait_patterns("[[shape]\n", "bad.toml")


# ----------------------------------------------------------------------------- brute force and oracle


def brute_waits(hand: Hand) -> tuple[int, ...]:
    held = hand.all_counts()
    return tuple(x for x in range(NUM_KINDS) if held[x] < 4 and is_complete(hand.with_tile(Tile(x))))


def oracle_waits(hand: Hand) -> tuple[int, ...]:
    """34 calls of mahjong's is_agari on the concealed part (hand without melds)."""
    c = hand.counts()
    out = []
    for x in range(NUM_KINDS):
        if c[x] < 4:
            c[x] += 1
            if Agari.is_agari(c):
                out.append(x)
            c[x] -= 1
    return tuple(out)


def test_one_suit_hands_exhaustively() -> None:
    for size in (1, 4, 7):
        for combo in combinations_with_replacement(range(9), size):
            if max(Counter(combo).values()) > 4:
                continue
            hand = Hand(tuple(Tile(x) for x in combo))
            assert waits(hand) == brute_waits(hand), combo


GROUPS = [[x] * 3 for x in range(NUM_KINDS)] + [[x, x + 1, x + 2] for x in range(27) if x % 9 <= 6]


def _near_tenpai(pair: int, groups: list[list[int]], drop: int, drop2: int, add: int | None) -> list[int]:
    kinds = [pair, pair] + [x for g in groups for x in g]
    del kinds[drop]
    if add is not None:
        del kinds[drop2]
        kinds.append(add)
    return kinds


def near_tenpai() -> st.SearchStrategy[list[int]]:
    """13 tiles: a complete hand minus one tile, sometimes with a second tile swapped."""
    return st.builds(
        _near_tenpai,
        st.integers(0, NUM_KINDS - 1),
        st.lists(st.sampled_from(GROUPS), min_size=4, max_size=4),
        st.integers(0, 13),
        st.integers(0, 12),
        st.one_of(st.none(), st.integers(0, NUM_KINDS - 1)),
    ).filter(lambda ks: max(Counter(ks).values()) <= 4)


@settings(max_examples=250, deadline=None)
@given(near_tenpai())
def test_waits_match_brute_force_and_oracle(kinds: list[int]) -> None:
    hand = Hand(tuple(sorted(Tile(x) for x in kinds)))
    got = waits(hand)
    assert got == brute_waits(hand) == oracle_waits(hand)
    for x in got:  # every listed wait completes the hand, in at least one reading
        assert readings(hand.with_tile(Tile(x)))
    for t in wait_report(hand).tiles:
        assert t.readings and all(wr.placement in placements(wr.reading, t.kind) for wr in t.readings)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(0, NUM_KINDS - 1), min_size=13, max_size=13).filter(
        lambda ks: max(Counter(ks).values()) <= 4
    )
)
def test_random_hands_match_the_oracle(kinds: list[int]) -> None:
    hand = Hand(tuple(sorted(Tile(x) for x in kinds)))
    assert waits(hand) == oracle_waits(hand)


def test_wait_report_readings_are_readings_of_the_completed_hand() -> None:
    hand = parse_hand("11122233344m55p")
    report = wait_report(hand)
    for t in report.tiles:
        complete = readings(hand.with_tile(Tile(t.kind)))
        assert t.readings and all(wr.reading in complete for wr in t.readings)


def test_every_named_shape_and_wait_shape_is_a_glossary_term() -> None:
    from trainer.glossary import load_glossary

    glossary = load_glossary()
    for p in wait_patterns():
        assert glossary.has(p.id), p.id
    for shape in WaitShape:
        if shape not in (WaitShape.KOKUSHI, WaitShape.KOKUSHI_13):
            assert glossary.has(shape.value), shape


@settings(max_examples=150, deadline=None)
@given(near_tenpai(), st.integers(1, 3))
def test_open_hands_match_brute_force(kinds: list[int], n_melds: int) -> None:
    """Call some complete sets of the hand as melds (chi, pon, or a closed kan when the hand
    held exactly three): the waits of the rest are the brute-force waits, and copies in the
    melds count against fifth tiles."""
    from trainer.engine.hand import Meld, MeldKind

    counts = Counter(kinds)
    melds = []
    for g in GROUPS:
        if len(melds) == n_melds:
            break
        if all(counts[x] >= g.count(x) for x in g):
            tiles = tuple(Tile(x) for x in g)
            kind = MeldKind.CHI
            if g[0] == g[1]:
                # three held copies and no fourth: make it a closed kan with the fourth copy
                kind = MeldKind.KAN_CLOSED if counts[g[0]] == 3 else MeldKind.PON
            for x in tiles:
                counts[x.kind] -= 1
            if kind is MeldKind.KAN_CLOSED:
                tiles = tiles + (Tile(g[0]),)
            melds.append(Meld(kind, tiles))
    hand = Hand(tuple(sorted(Tile(x) for x in counts.elements())), tuple(melds))
    assert hand.size == 13
    got = waits(hand)
    assert got == brute_waits(hand)
    held = hand.all_counts()
    assert set(wait_report(hand).fifth_copy) == {
        x for x in range(NUM_KINDS) if held[x] >= 4 and is_complete(hand.with_tile(Tile(x)))
    }


def test_lone_tiles_count_and_never_rule_out_a_waiting_hand() -> None:
    """The cheap pre-check of waits(): two lone tiles (held once, nothing within two ranks in
    the suit) mean no wait, except for thirteen orphans; checked against the full wait mask on
    seeded near-ready and random hands, and on every thirteen-orphans wait."""
    import random

    from trainer.engine.tiles import TERMINALS_AND_HONORS
    from trainer.engine.waits import lone_tiles, wait_mask

    assert lone_tiles(parse_tiles("1m5m9m1p")) == 4 and lone_tiles(parse_tiles("13m7m9m")) == 0
    assert lone_tiles(parse_tiles("1m4m1z1z2z")) == 3  # 1m and 4m are three apart; the 1z pair is not lone
    assert lone_tiles(parse_tiles("9m1p")) == 2  # no neighbours across suits
    kokushi = parse_hand("19m19p19s1234567z")
    assert lone_tiles(kokushi.concealed) == 13 and len(waits(kokushi)) == 13
    rng = random.Random(13)
    wall = [k for k in range(NUM_KINDS) for _ in range(4)]
    hands = [rng.sample(wall, 13) for _ in range(1500)]
    for _ in range(1500):
        kinds = _near_tenpai(rng.randrange(NUM_KINDS), rng.choices(GROUPS, k=4), rng.randrange(14),
                             rng.randrange(13), rng.choice([None, rng.randrange(NUM_KINDS)]))
        if max(Counter(kinds).values()) <= 4:
            hands.append(kinds)
    ruled_out = 0
    for kinds in hands:
        hand = Hand(tuple(sorted(Tile(x) for x in kinds)))
        counts = hand.counts()
        if lone_tiles(hand.concealed) >= 2 and any(k not in TERMINALS_AND_HONORS for k in kinds):
            ruled_out += 1
            assert wait_mask(counts, closed_13=True) == 0, format_tiles(hand.concealed)
            assert waits(hand) == ()
        else:
            assert waits(hand) == brute_waits(hand)
    assert ruled_out > 1000  # the pre-check does rule most random hands out
