"""Exercise generators: deterministic per seed, and every answer agrees with the engine
recomputed from the prompt alone."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from trainer.engine.exercises import GENERATORS, Exercise
from trainer.engine.exercises.kunto import KuntoParams, best_throwbacks, kunto_waits, variant_of
from trainer.engine.exercises.manners import RANK_COUNTS, load_manners, manners_text
from trainer.engine.exercises.recognition import family_of
from trainer.engine.exercises.waits_drills import JOKER, joker_pool, rank_pool, single_suit_pool
from trainer.engine.hand import Hand
from trainer.engine.notation import parse_hand, parse_tiles
from trainer.engine.points import hand_value
from trainer.engine.rules import load_rules
from trainer.engine.scoring import WinContext, score_hand
from trainer.engine.shanten import shanten, shanten_by_form
from trainer.engine.tiles import Tile, kind_from_name, wind_kind
from trainer.engine.ukeire import discard_options
from trainer.engine.variants import Variant, variant_shanten, variant_waits
from trainer.engine.waits import waits

CASES: list[tuple[str, dict[str, Any]]] = [
    ("tile_name", {}),
    ("tile_name", {"ask": "family", "kids": True}),
    ("tile_name", {"ask": "number", "options": 4}),
    ("tile_name", {"direction": "to_tile", "pool": "honors"}),
    ("tile_name", {"tiles": "pin_only", "ask": "number"}),
    ("kunto_hand", {"size": 4}),
    ("kunto_hand", {"size": 7, "ask": ["waits"]}),
    ("kunto_hand", {"size": 7, "dragons": "ten", "ask": ["waits", "shanten"]}),
    ("kunto_hand", {"size": 4, "dragons": "joker", "suits_ignored": False, "ask": ["waits"]}),
    ("kunto_hand", {"size": 13, "suits_ignored": False, "ask": ["shanten", "discard", "waits"]}),
    ("kunto_hand", {"size": 4, "ask": ["discard"]}),
    ("kunto_hand", {"size": 7, "dragons": "joker", "ask": ["waits"]}),
    ("single_suit_waits", {"size": 7, "min_waits": 3, "max_waits": 5}),
    ("single_suit_waits", {"size": 4, "ask": "count", "kids": True}),
    ("mixed_waits", {}),
    ("mixed_waits", {"melds": 2, "min_waits": 2, "max_waits": 4}),
    ("shanten", {}),
    ("shanten", {"size": 14, "forms": "all", "special_bias": 0.5, "min_shanten": 0}),
    ("discard_ukeire", {}),
    ("discard_ukeire", {"size": 11, "hand_pool": "isolated_tile", "kids": True, "visible": True}),
    ("fu_count", {}),
    ("fu_count", {"answer": "fu_breakdown", "kans": True, "open_ratio": 0.6}),
    ("points_lookup", {"han_max": 6, "fu": [20, 25, 30, 40, 70], "honba": 3}),
    ("yaku_identify", {}),
    ("yaku_identify", {"pool": "han2", "ask": "han"}),
    ("yaku_identify", {"pool": ["tanyao", "pinfu", "riichi"], "situational": True, "ask": "both"}),
    ("manners_situation", {"ranks": ["A", "B", "C"], "format": ["right_action", "spot_mistake", "rank"]}),
]


def _win_context(ex: Exercise) -> WinContext:
    d = ex.prompt
    flags = set(d.get("flags"))
    return WinContext(
        win_tile=parse_tiles(d.get("win_tile"))[0], tsumo=d.get("by") == "tsumo",
        seat_wind=wind_kind(d.get("seat")), round_wind=wind_kind(d.get("round")),
        dora_indicators=parse_tiles(d.get("dora")), ura_indicators=parse_tiles(d.get("ura")),
        honba=d.get("honba"), riichi_sticks=d.get("sticks"), **{f: True for f in flags},
    )


def engine_answer(ex: Exercise, params: dict[str, Any]) -> Any:
    """The answer recomputed from the prompt with the engine's public functions."""
    q = ex.prompt.question
    hand = parse_hand(ex.prompt.hand, check_size=False) if ex.prompt.hand else None
    if q == "tile_family":
        return frozenset({family_of(kind_from_name(ex.prompt.tiles))})
    if q == "tile_number":
        return frozenset({str(Tile(kind_from_name(ex.prompt.tiles)).rank)})
    if q in ("tile_name", "tile_for_name"):
        return frozenset({ex.prompt.tiles or ex.prompt.get("name")})
    if q.startswith("kunto_"):
        p = KuntoParams(**params)
        v = variant_of(p)
        if q == "kunto_waits":
            return frozenset(variant_waits(hand, v))
        if q == "kunto_shanten":
            return variant_shanten(hand, v)
        # throw-back: every answer tile leaves the lowest shanten there is
        after = {t.kind: variant_shanten(hand.without(t), v) for t in hand.concealed}
        assert all(after[k] == min(after.values()) for k in ex.answer)
        return ex.answer
    if q == "waits":
        return frozenset(waits(hand))
    if q == "waits_count":
        return len(waits(hand))
    if q == "shanten":
        by_form = shanten_by_form(hand)
        return by_form["standard"] if ex.prompt.get("forms") == "standard" else shanten(hand)
    if q == "best_discard":
        vis = parse_tiles(ex.prompt.get("visible"), max_copies=None) or None
        opts = discard_options(hand, vis)
        return frozenset(o.tile.kind for o in opts if (o.shanten_after, o.total) == (opts[0].shanten_after,
                                                                                     opts[0].total))
    if q in ("fu_total", "fu_breakdown", "han_total", "yaku", "yaku_and_han"):
        result = score_hand(hand, _win_context(ex), load_rules("tenhou"))
        yaku = frozenset(y.id for y in result.yaku)
        return {"fu_total": result.fu, "han_total": result.han, "yaku_and_han": (yaku, result.han),
                "fu_breakdown": tuple((f.id, f.fu) for f in result.fu_items)}.get(q, yaku)
    if q == "payment":
        d = ex.prompt
        pay = hand_value(d.get("han"), d.get("fu"), dealer=d.get("dealer"), tsumo=d.get("by") == "tsumo",
                         rules=load_rules("tenhou"))
        bonus = d.get("honba") * (100 if d.get("by") == "tsumo" else 300)
        return tuple(getattr(pay, f) + bonus for f in d.get("fields"))
    if q.startswith("manners_"):
        rule = next(r for r in load_manners() if r.code == ex.prompt.get("rule"))
        assert ex.skill == f"manners_{rule.rank.lower()}"
        if q == "manners_rank":
            return frozenset({rule.rank})
        return frozenset({("right:" if q == "manners_right_action" else "wrong:") + rule.code})
    raise AssertionError(f"no engine check for question {q}")


@pytest.mark.parametrize(("name", "params"), CASES)
def test_deterministic_and_agrees_with_engine(name: str, params: dict[str, Any]) -> None:
    gen = GENERATORS[name]
    seen = set()
    for seed in range(6):
        ex = gen.generate(params, seed)
        assert ex == gen.generate(params, seed), "same seed, same exercise"
        assert ex.item_id == f"{name}:{gen.params(params).key()}:{seed}"
        assert ex.answer == engine_answer(ex, params), ex
        assert ex.skill and ex.explanation
        assert ex.check(_right_response(ex))
        seen.add(repr(ex.prompt))
    assert len(seen) > 1, "different seeds give different items"


def _right_response(ex: Exercise) -> Any:
    if ex.prompt.input == "pick_tiles":
        return [min(ex.answer)] if ex.prompt.question.endswith("discard") else sorted(ex.answer)
    if ex.prompt.input == "choice":
        return next(iter(ex.answer))
    return ex.answer


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), size=st.sampled_from([4, 7, 10, 13]), lo=st.integers(1, 4))
def test_single_suit_property(seed: int, size: int, lo: int) -> None:
    top = {4: 3, 7: 5, 10: 8, 13: 9}[size]
    lo = min(lo, top)
    ex = GENERATORS["single_suit_waits"].generate({"size": size, "min_waits": lo, "max_waits": top}, seed)
    hand = parse_hand(ex.prompt.hand)
    assert len({t.suit for t in hand.concealed}) == 1 and hand.size == size
    assert ex.answer == frozenset(waits(hand)) and lo <= len(ex.answer) <= top
    assert not ex.check(sorted(ex.answer)[1:])


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**31))
def test_mixed_waits_property(seed: int) -> None:
    ex = GENERATORS["mixed_waits"].generate({"melds": 3, "max_waits": 13}, seed)
    hand = parse_hand(ex.prompt.hand)
    assert hand.size == 13 and ex.answer == frozenset(waits(hand))


def test_single_suit_pool_matches_curriculum_table_and_engine() -> None:
    """curriculum §3.1: 249 / 2,406 / 12,533 tenpai multisets of 4 / 7 / 10 tiles by waits; at 13
    tiles the table counts the standard form only, the engine adds 126 seven-pairs waits."""
    table = {4: [135, 102, 12], 7: [1037, 1046, 248, 64, 11], 10: [4765, 5086, 1797, 622, 229, 30, 2, 2],
             13: [14067, 14493, 6739, 2948, 1335, 392, 79, 16, 1]}
    for size, row in table.items():
        got = [len(single_suit_pool(size)[n]) for n in range(1, len(row) + 1)]
        if size == 13:
            got[0] -= 126
        assert got == row
    for n, hands in single_suit_pool(7).items():
        for counts in hands:
            hand = Hand(tuple(Tile(r) for r in range(9) for _ in range(counts[r])))
            assert len(waits(hand)) == n
    rng = random.Random(5)
    for n, hands in single_suit_pool(13).items():
        for counts in rng.sample(hands, min(40, len(hands))):
            hand = Hand(tuple(Tile(18 + r) for r in range(9) for _ in range(counts[r])))
            assert len(waits(hand)) == n


def test_rank_pool_matches_variant_engine() -> None:
    rng = random.Random(3)
    for size, ranks, mode in ((4, 9, "normal"), (7, 10, "ten")):
        pool = rank_pool(size, ranks, 12)
        for counts, ranks_waiting in rng.sample(sorted(pool.items()), 15):
            kinds = []
            for r, n in enumerate(counts):
                group = [31, 32, 33] if r == 9 else [r, r + 9, r + 18]
                kinds.extend(group[i % len(group)] for i in range(n))
            hand = Hand(tuple(sorted(Tile(k) for k in kinds)))
            v = Variant(True, mode)
            got = {9 if k >= 27 else k % 9 for k in variant_waits(hand, v)}
            assert got == set(ranks_waiting)
            assert set(kunto_waits(hand, v)) == set(variant_waits(hand, v))


def test_joker_pool_matches_variant_engine() -> None:
    rng = random.Random(11)
    pool = joker_pool(4)
    for (ranks, jokers), waiting in rng.sample(sorted(pool.items()), 30):
        kinds = [r + 9 * (i % 3) for r, n in enumerate(ranks) for i in range(n)] + [31 + i for i in range(jokers)]
        hand = Hand(tuple(sorted(Tile(k) for k in kinds)))
        got = {JOKER if k >= 27 else k % 9 for k in variant_waits(hand, Variant(True, "joker"))}
        assert got == set(waiting), (ranks, jokers)


def test_pooled_throwback_matches_engine() -> None:
    """With suits ignored the throw-back answer comes from the rank pool; the engine's own
    throw-back rule (variant shanten, then improving copies) must agree."""
    for params in ({"size": 4, "ask": ["discard"]}, {"size": 7, "dragons": "ten", "ask": ["discard"]}):
        p = KuntoParams(**params)
        for seed in range(4):
            ex = GENERATORS["kunto_hand"].generate(params, seed)
            got = best_throwbacks(parse_hand(ex.prompt.hand), variant_of(p))
            assert got is not None and got[0] == ex.answer


def test_impossible_requests_are_refused() -> None:
    with pytest.raises(ValidationError, match="at most 5 waits"):
        GENERATORS["single_suit_waits"].params({"size": 7, "min_waits": 6, "max_waits": 6})
    with pytest.raises(ValidationError, match="no real hand"):
        GENERATORS["points_lookup"].params({"fu": [20], "wins": "ron"})
    with pytest.raises(ValidationError, match="yakuman"):
        GENERATORS["yaku_identify"].params({"pool": ["daisangen"]})
    with pytest.raises(ValidationError, match="unknown manners rule"):
        GENERATORS["manners_situation"].params({"rules": ["9z"]})
    with pytest.raises(ValidationError):
        GENERATORS["shanten"].params({"size": 12})


def test_tile_set_restricts_tile_name() -> None:
    for seed in range(10):
        ex = GENERATORS["tile_name"].generate({"tiles": "pin_only"}, seed)
        assert ex.prompt.tiles.endswith("p") and all(o.value.endswith("p") for o in ex.prompt.options)


def test_every_generator_has_a_settings_schema() -> None:
    for name, gen in GENERATORS.items():
        schema = gen.params_model.model_json_schema()
        assert {"n", "kids", "time_target"} <= set(schema["properties"]), name
        assert gen.generate({}, 0).kind == name


def test_manners_bank() -> None:
    rules = load_manners()
    assert len(rules) == 55
    assert {r: sum(x.rank == r for x in rules) for r in "ABC"} == RANK_COUNTS
    lines = [r.line for r in rules]
    assert lines == sorted(lines) and 4589 <= lines[0] and lines[-1] <= 4658
    for r in rules:
        # every rule has at least two situations: the right action and a breach
        assert manners_text(f"right:{r.code}") != manners_text(f"wrong:{r.code}")


def test_exercise_check() -> None:
    ex = GENERATORS["points_lookup"].generate({"wins": "tsumo", "roles": "non_dealer"}, 1)
    assert len(ex.answer) == 2 and ex.check(list(ex.answer)) and not ex.check([0, 0])
    ks = GENERATORS["kunto_hand"].generate({"size": 4, "ask": ["waits"]}, 2)
    assert ks.prompt.get("grade_by") == "rank"
    ranks = {k % 9 for k in ks.answer}
    assert ks.check([Tile(r + 9) for r in ranks])  # one tile per waiting rank, in any suit
