"""Training variants: seed 000 kunto cases, jokers, dragons as tens, suits ignored, against
exhaustive searches."""

from __future__ import annotations

import csv
import itertools
import random
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from trainer.engine.notation import format_tiles, parse_hand
from trainer.engine.rank_table import rank_vector
from trainer.engine.shanten import sets_needed_for, shanten, shanten_standard
from trainer.engine.suit_table import combine, suit_vector
from trainer.engine.tiles import GREEN, NUM_KINDS, RED, WHITE, kind_name, tiles_from_counts
from trainer.engine.variants import (
    DRAGON_MODES,
    Variant,
    _groups,
    variant_shanten,
    variant_shanten_after_discards,
    variant_shanten_after_draws,
    variant_shanten_counts,
    variant_waits,
)

SEED_TSV = Path("/work/shared/spec/seed-000-wait-testcases.tsv")
KUNTO_FALLBACK = [("89X5", "5", 0), ("8X44", "9", 0), ("137J", "2,7", 0), ("234J", "1,2,3,4,5,6,7,8,9", 0)]
SUIT_DRAGON = {"m": "7z", "p": "5z", "s": "6z"}  # chun = 10 man / man joker, haku pin, hatsu sou


def _kunto_rows() -> list[tuple[str, str, int]]:
    if not SEED_TSV.exists():
        return KUNTO_FALLBACK
    with SEED_TSV.open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    return [
        (r["hand_single_suit"], r["waits"], int(r["shanten"]))
        for r in rows
        if not r["hand_single_suit"].isdigit()
    ]


def _hand(digits: str, suit: str) -> str:
    plain = "".join(ch for ch in digits if ch.isdigit())
    dragons = sum(ch in "XJ" for ch in digits)
    return plain + suit + SUIT_DRAGON[suit] * dragons


@pytest.mark.parametrize("digits,waits,expected", _kunto_rows())
@pytest.mark.parametrize("suit", "mps")
def test_seed_kunto_cases(digits: str, waits: str, expected: int, suit: str) -> None:
    variant = Variant(dragons="ten" if "X" in digits else "joker")
    hand = parse_hand(_hand(digits, suit))
    assert variant_shanten(hand, variant) == expected
    got = variant_waits(hand, variant)
    ranks = sorted(k % 9 + 1 for k in got if k < 27 and "mps"[k // 9] == suit)
    assert ranks == [int(x) for x in waits.split(",")]
    assert all(k < 27 and "mps"[k // 9] == suit or k >= 27 for k in got)
    if variant.dragons == "joker":  # drawing another joker of the suit completes it too
        assert parse_hand(SUIT_DRAGON[suit]).concealed[0].kind in got
        # riichi cancels joker status: the dragon is an ordinary honor again
        assert variant_shanten(hand, variant, riichi=True) == shanten(hand)
        assert variant_waits(hand, variant, riichi=True) == variant_waits(hand, Variant())


def test_plain_variant_is_the_usual_shanten() -> None:
    rng = random.Random(1)
    wall = [k for k in range(NUM_KINDS) for _ in range(4)]
    for _ in range(100):
        hand = parse_hand(format_tiles(tiles_from_counts(_deal(rng, wall, 13))))
        assert variant_shanten(hand, Variant()) == shanten(hand)
    with pytest.raises(ValueError, match="dragons"):
        Variant(dragons="wild")  # type: ignore[arg-type]


def test_suits_ignored_allows_more_than_four_of_a_rank() -> None:
    si = Variant(suits_ignored=True)
    assert variant_shanten(parse_hand("111m11p"), si) == -1  # five 1s: triplet + pair
    assert variant_shanten(parse_hand("1m3p7s7m"), si) == 0
    assert [kind_name(k) for k in variant_waits(parse_hand("1m3p7s7m"), si)] == ["2m", "2p", "2s"]
    assert variant_shanten(parse_hand("1111m1111p1111s1z"), si) == 0  # four triplets of 1, tanki 1z
    assert variant_waits(parse_hand("1111m1111p1111s1z"), si) == (27,)


def test_suits_ignored_dragons_as_ten_share_rank_ten() -> None:
    v = Variant(suits_ignored=True, dragons="ten")
    assert variant_shanten(parse_hand("89m56z"), v) == -1 + 1  # 8 9 10 + 10: tanki on a ten
    waits = {kind_name(k) for k in variant_waits(parse_hand("89m56z"), v)}
    assert waits == {"5z", "6z", "7z", "7m", "7p", "7s"}


def test_melds_limit_variant_copies() -> None:
    ten = Variant(dragons="ten")
    # pon of three chun (10m): the fourth chun in hand cannot pair
    assert variant_shanten(parse_hand("7z (777z) (123p) (456p) (789p)"), ten) == 1
    assert variant_shanten(parse_hand("9m (777z) (123p) (456p) (789p)"), ten) == 0


# ---------------------------------------------------------------- exhaustive searches


def _deal(rng: random.Random, wall: list[int], n: int) -> list[int]:
    counts = [0] * NUM_KINDS
    for k in rng.sample(wall, n):
        counts[k] += 1
    return counts


def test_jokers_equal_best_substitution() -> None:
    """A joker hand's shanten is the best over every way of turning each joker into a real
    tile of its suit (copy limits kept)."""
    rng = random.Random(5)
    jokers = {RED: range(0, 9), WHITE: range(9, 18), GREEN: range(18, 27)}
    wall = [k for k in range(NUM_KINDS) for _ in range(4)]
    v = Variant(dragons="joker")
    for _ in range(120):
        counts = _deal(rng, wall, rng.choice([4, 5, 7]))
        for d in jokers:
            counts[d] = 0
        n_j = rng.randint(1, 2)
        chosen = [rng.choice(list(jokers)) for _ in range(n_j)]
        if any(counts[k] > 4 for k in range(NUM_KINDS)):
            continue
        while sum(counts) + n_j > 8 or (sum(counts) + n_j) % 3 == 0:
            nonzero = [k for k in range(NUM_KINDS) if counts[k]]
            counts[rng.choice(nonzero)] -= 1
        for d in chosen:
            counts[d] += 1
        expected = 99
        for sub in itertools.product(*(jokers[d] for d in chosen)):
            c = list(counts)
            for d in chosen:
                c[d] -= 1
            for k in sub:
                c[k] += 1
            if max(c) <= 4:
                expected = min(expected, shanten_standard(c, sets_needed_for(sum(c))))
        assert variant_shanten_counts(counts, v) == expected, counts


def _targets(ranks: int, limit: int, n_sets: int) -> list[tuple[tuple[int, ...], int]]:
    """Every complete target in one run-capable group of ``ranks`` ranks (copy ``limit``),
    with the cost of building the rest outside it (3 per set, 2 for the pair)."""
    shapes = [tuple(1 if j in (i, i + 1, i + 2) else 0 for j in range(ranks)) for i in range(ranks - 2)]
    shapes += [tuple(3 if j == i else 0 for j in range(ranks)) for i in range(ranks)]
    out = []
    for size in range(n_sets + 1):
        for combo in itertools.combinations_with_replacement(shapes, size):
            base = [sum(col) for col in zip(*combo, strict=True)] if combo else [0] * ranks
            for pair in [*range(ranks), None]:
                t = list(base)
                cost = 3 * (n_sets - size)
                if pair is None:
                    cost += 2
                else:
                    t[pair] += 2
                if max(t) <= limit:
                    out.append((tuple(t), cost))
    return out


@cache
def _cached_targets(ranks: int, limit: int, n_sets: int) -> list[tuple[tuple[int, ...], int]]:
    return _targets(ranks, limit, n_sets)


def _brute(pattern: tuple[int, ...], limit: int) -> int:
    n = sets_needed_for(sum(pattern))
    best = min(
        extra + sum([a - h for a, h in zip(t, pattern) if a > h])  # noqa: B905
        for t, extra in _cached_targets(len(pattern), limit, n)
    )
    return best - 1


def _rank_patterns(ranks: int, total: int, cap: int):
    for combo in itertools.combinations_with_replacement(range(ranks), total):
        p = [0] * ranks
        for r in combo:
            p[r] += 1
        if max(p) <= cap:
            yield tuple(p)


@pytest.mark.parametrize("total", [1, 2, 4, 5])
def test_dragons_as_tens_match_exhaustive_search(total: int) -> None:
    v = Variant(dragons="ten")
    for pattern in _rank_patterns(10, total, 4):
        counts = [0] * NUM_KINDS
        counts[18:27] = pattern[:9]
        counts[GREEN] = pattern[9]  # hatsu is 10 sou
        assert variant_shanten_counts(counts, v) == _brute(pattern, 4), pattern


@pytest.mark.parametrize("total", [1, 2, 4, 5, 7])
def test_suits_ignored_match_exhaustive_search(total: int) -> None:
    v = Variant(suits_ignored=True)
    rng = random.Random(total)
    patterns = list(_rank_patterns(9, total, 12))
    if len(patterns) > 600:
        patterns = rng.sample(patterns, 600)
    for pattern in patterns:
        counts = [0] * NUM_KINDS
        for r, n in enumerate(pattern):  # spread each rank over the three suits
            for i in range(n):
                counts[(i % 3) * 9 + r] += 1
        assert variant_shanten_counts(counts, v) == _brute(pattern, 12), pattern


@pytest.mark.parametrize(
    "variant",
    [Variant(suits_ignored=True), Variant(dragons="ten"), Variant(dragons="joker"), Variant(True, "joker"), Variant(True, "ten")],
)
def test_a_draw_lowers_variant_shanten_by_at_most_one_and_waits_complete(variant: Variant) -> None:
    rng = random.Random(str(variant))
    wall = [k for k in range(NUM_KINDS) for _ in range(4)]
    for _ in range(40):
        counts = _deal(rng, wall, rng.choice([4, 7]))
        hand = parse_hand(format_tiles(tiles_from_counts(counts)))
        now = variant_shanten(hand, variant)
        waits = set(variant_waits(hand, variant))
        for k in range(NUM_KINDS):
            if counts[k] == 4:
                continue
            counts[k] += 1
            after = variant_shanten_counts(counts, variant)
            counts[k] -= 1
            assert now - 1 <= after <= now
            assert (after == -1) == (k in waits)
        assert bool(waits) == (now == 0)


# ---------------------------------------------------------------- fast path vs the old path


def _old_shanten(counts: list[int], v: Variant, need: int, used: list[int]) -> int:
    """The engine before the memoised rank DP: every group's vector by the plain suit DP,
    jokers spent on missing tiles, groups combined."""
    total = None
    for g in _groups(list(counts), list(used), v):
        vec = suit_vector(g.counts, runs=g.runs, limits=g.limits)
        if g.jokers:
            vec = tuple(max(0, x - g.jokers) for x in vec)
        total = vec if total is None else combine(total, vec)
    assert total is not None
    return total[5 + need] - 1


@st.composite
def _small_hands(draw: st.DrawFn) -> tuple[list[int], list[int], Variant]:
    """A random concealed hand of 1..8 tiles (all kinds, or few ranks to make many copies
    of a rank likely), copies in melds, and a variant."""
    v = Variant(draw(st.booleans()), draw(st.sampled_from(DRAGON_MODES)))
    pool = draw(st.sampled_from([list(range(NUM_KINDS)), [0, 1, 2, 9, 10, 11, 18, 19, 20, 31, 32, 33], [4, 13, 22, 5, 27]]))
    used = [0] * NUM_KINDS
    for k in draw(st.lists(st.sampled_from(pool), max_size=3)):
        used[k] = 3  # a pon
    counts = [0] * NUM_KINDS
    for k in draw(st.lists(st.sampled_from(pool), min_size=1, max_size=8)):
        if counts[k] + used[k] < 4:
            counts[k] += 1
    assume(sum(counts) % 3 != 0)  # a hand has 3n+1 or 3n+2 tiles
    return counts, used, v


@given(_small_hands())
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_fast_variant_engine_matches_the_old_path(case: tuple[list[int], list[int], Variant]) -> None:
    """Shanten, waits, draws and throw-backs of the memoised engine equal the old per-group
    dynamic programme tried kind by kind."""
    counts, used, v = case
    n = sum(counts)
    need = sets_needed_for(n)
    assert variant_shanten_counts(counts, v, need, used) == _old_shanten(counts, v, need, used)
    if n % 3 == 1:
        draws = variant_shanten_after_draws(counts, v, sets_needed_for(n + 1), used)
        want_draws = {}
        for k in range(NUM_KINDS):
            if counts[k] + used[k] < 4:
                counts[k] += 1
                want_draws[k] = _old_shanten(counts, v, sets_needed_for(n + 1), used)
                counts[k] -= 1
        assert draws == want_draws
    if n % 3 == 2 and n > 2:
        discards = variant_shanten_after_discards(counts, v, sets_needed_for(n - 1), used)
        want = {}
        for k in range(NUM_KINDS):
            if counts[k]:
                counts[k] -= 1
                want[k] = _old_shanten(counts, v, sets_needed_for(n - 1), used)
                counts[k] += 1
        assert discards == want
    if n % 3 == 1 and not v.is_plain:  # waits: the draws that complete the hand
        melds = "".join(f" ({kind_name(k)[0] * 3}{kind_name(k)[1]})" for k in range(NUM_KINDS) for _ in range(used[k] // 3))
        hand = parse_hand(format_tiles(tiles_from_counts(counts)) + melds, check_size=False)
        assert variant_waits(hand, v) == tuple(k for k, s in want_draws.items() if s == -1)


@given(
    st.integers(3, 10).flatmap(
        lambda n: st.tuples(st.lists(st.integers(0, 12), min_size=n, max_size=n),
                            st.lists(st.integers(0, 12), min_size=n, max_size=n))
    )
)
@settings(max_examples=200, deadline=None)
def test_rank_vector_equals_the_suit_dp(case: tuple[list[int], list[int]]) -> None:
    """The memoised halves give the plain suit DP's vector for any ranks and copy limits."""
    counts, limits = case
    counts = [min(c, lim) for c, lim in zip(counts, limits, strict=True)]
    while sum(counts) > 14:
        counts[counts.index(max(counts))] -= 1
    assert rank_vector(counts, limits) == suit_vector(counts, limits=limits)


def test_tile_class_is_how_a_variant_sees_a_tile() -> None:
    from trainer.engine.variants import Variant

    plain, ranks = Variant(), Variant(suits_ignored=True)
    tens, jokers = Variant(True, "ten"), Variant(True, "joker")
    assert plain.tile_class(2) == "3m" and plain.tile_class(11) == "3p"
    assert ranks.tile_class(2) == ranks.tile_class(11) == ranks.tile_class(20) == "3"
    assert ranks.tile_class(31) == "5z"  # dragons stay themselves when they are ordinary tiles
    assert tens.tile_class(31) == tens.tile_class(33) == "10"
    assert jokers.tile_class(32) == "joker" and jokers.tile_class(27) == "1z"  # winds stay winds
    assert Variant(False, "joker").tile_class(32) == "6z"  # with suits kept each joker is its own tile


def test_exercise_answer_tiles_compare_as_the_variant_sees_them() -> None:
    from trainer.engine.exercises import GENERATORS

    gen = GENERATORS["kunto_hand"]
    ex = next(e for e in (gen.generate({"size": 4, "ask": ["waits"]}, s) for s in range(40))
              if e.prompt.get("grade_by") == "rank")
    (first, *_rest) = sorted(ex.answer)
    same_rank_other_suit = (first + 9) % 27 if first < 27 else first
    assert ex.is_answer_tile(first) and ex.is_answer_tile(same_rank_other_suit)
    assert ex.check({same_rank_other_suit, *_rest})
    wrong = next(k for k in range(27) if all(k % 9 != a % 9 for a in ex.answer if a < 27))
    assert not ex.is_answer_tile(wrong)
