"""The newer generators (dora, tile groups, sets, complete hands, wait shapes, furiten, safe
tiles): deterministic per seed, every answer recomputed from the prompt alone — by the
engine's public functions, by the rules written out here, and for furiten by replaying the
hand on the game engine."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from benchmarks.drill_check import safe_tile_answer, set_by_rule
from trainer.engine.decompose import Form, is_complete, readings
from trainer.engine.dora import count_for
from trainer.engine.exercises import GENERATORS, Exercise
from trainer.engine.game.actions import Discard, Pass, Riichi, Ron
from trainer.engine.game.round import Phase
from trainer.engine.game.scenario import setup_round
from trainer.engine.hand import Hand
from trainer.engine.notation import format_tiles, parse_hand, parse_tiles
from trainer.engine.shanten import shanten
from trainer.engine.tiles import (
    dora_from_indicator,
    is_honor,
    is_simple,
    is_terminal,
    kind_from_name,
    wind_kind,
)
from trainer.engine.waits import named_waits, wait_report, waits

NEW = ("dora_from_indicator", "tile_group", "make_set", "complete_hand", "wait_shape", "furiten_situation",
       "safe_tile")

CASES: list[tuple[str, dict[str, Any]]] = [
    ("dora_from_indicator", {}),
    ("dora_from_indicator", {"wraps": True, "aka": 3, "ask": "count"}),
    ("dora_from_indicator", {"indicators": 3, "honors": False}),
    ("tile_group", {}),
    ("tile_group", {"groups": ["simple", "yaochuu", "value"], "seat": "S", "round": "E"}),
    ("tile_group", {"groups": ["value"], "ask": "pick", "row": 10}),
    ("make_set", {}),
    ("make_set", {"kinds": "run", "kids": True}),
    ("make_set", {"ask": "judge", "traps": ["wrap", "mixed_suits", "honor_run", "gap"]}),
    ("make_set", {"ask": "judge", "kinds": "triplet"}),
    ("complete_hand", {}),
    ("complete_hand", {"special_forms": 0.6}),
    ("complete_hand", {"size": 8, "ask": "pair"}),
    ("complete_hand", {"size": 5, "kids": True, "honors": False}),
    ("complete_hand", {"ask": "extra", "special_forms": 0.5}),
    ("complete_hand", {"size": 8, "ask": "extra"}),
    ("wait_shape", {}),
    ("wait_shape", {"size": 10, "ask": "waits"}),
    ("wait_shape", {"shapes": "compound", "size": 7}),
    ("wait_shape", {"shapes": "multi", "size": 13}),
    ("furiten_situation", {}),
    ("furiten_situation", {"kinds": ["riichi"], "preset": "tenhou"}),
    ("safe_tile", {}),
    ("safe_tile", {"tools": ["genbutsu", "suji", "kabe"]}),
    ("safe_tile", {"tools": ["suji"]}),
]

SKILLS = {
    "dora_from_indicator": {"dora"}, "tile_group": {"tile_groups"}, "make_set": {"sets", "kids_threes"},
    "complete_hand": {"winning_shape", "kids_winning_tile"}, "wait_shape": {"waits_basic", "waits_compound"},
    "furiten_situation": {"rules_furiten"}, "safe_tile": {"defense"},
}

# The dora order from the rulebooks (001:562-590): next number, 9 -> 1; E>S>W>N>E; white>green>red>white.
DORA_WRAPS = {"9m": "1m", "9p": "1p", "9s": "1s", "4z": "1z", "7z": "5z", "1z": "2z", "5z": "6z", "6z": "7z",
              "4p": "5p", "8s": "9s"}


def _kinds(text: str) -> list[int]:
    return [t.kind for t in parse_tiles(text, max_copies=None)] if text else []


def _in_group(kind: int, group: str, seat: str, rnd: str) -> bool:
    if group == "simple":
        return is_simple(kind)
    if group == "terminal":
        return is_terminal(kind)
    if group == "honor":
        return is_honor(kind)
    if group == "yaochuu":
        return not is_simple(kind)
    return kind >= 31 or kind in (wind_kind(seat), wind_kind(rnd))


def _furiten_by_rule(ex: Exercise) -> tuple[bool, str | None]:
    """Ron allowed?  From the rules (001:271-301) over the prompt's turn record: permanent when a
    wait is in one's own river; after riichi, any wait passed since; otherwise a wait passed since
    one's own last discard."""
    hand = parse_hand(ex.prompt.hand)
    ws = set(waits(hand))
    turns = ex.prompt.get("turns")
    own = [kind_from_name(out) for seat, _d, out, _r in turns if seat == 0]
    riichi_i = next((i for i, t in enumerate(turns) if t[0] == 0 and t[3]), None)
    last_own = max(i for i, t in enumerate(turns) if t[0] == 0)
    others = [(i, kind_from_name(t[2])) for i, t in enumerate(turns[:-1]) if t[0] != 0]
    if riichi_i is not None and any(i > riichi_i and k in ws for i, k in others):
        return False, "riichi"
    if ws & set(own):
        return False, "permanent"
    if any(i > last_own and k in ws for i, k in others):
        return False, "temporary"
    return True, None


def _replay_furiten(ex: Exercise, preset: str) -> bool:
    """Replay the hand from the prompt on the game engine: is ron offered to seat 0 at the end?"""
    turns = ex.prompt.get("turns")
    draws = format_tiles([kind_from_name(d) for _s, d, _o, _r in turns], sort=False)
    rnd = setup_round(list(ex.prompt.get("hands")), draws, rules=preset)
    for i, (seat, _drawn, out, riichi) in enumerate(turns):
        assert rnd.phase is Phase.TURN and rnd.current == seat
        tile = next(t for t in rnd.seats[seat].concealed if str(t) == out)
        rnd.apply(seat, Riichi(tile) if riichi else Discard(tile))
        if i == len(turns) - 1:  # the tile in question: is seat 0 offered ron on it?
            return rnd.phase is Phase.CALLS and Ron() in rnd.legal_actions(0)
        while rnd.phase is Phase.CALLS:
            for s in rnd.to_act():
                rnd.apply(s, Pass())
    raise AssertionError("the turn record has no last discard")


def engine_answer(ex: Exercise, params: dict[str, Any]) -> Any:
    """The answer recomputed from the prompt."""
    q = ex.prompt.question
    d = ex.prompt
    if q == "dora_pick":
        return frozenset(dora_from_indicator(k) for k in _kinds(d.get("indicators")))
    if q == "dora_count":
        hand = parse_tiles(d.hand, max_copies=None)
        counts = [0] * 34
        for t in hand:
            counts[t.kind] += 1
        reds = sum(t.red for t in hand) if d.get("aka") else 0
        return count_for(counts, parse_tiles(d.get("indicators"), max_copies=None)) + reds
    if q in ("tile_group", "tile_groups"):
        kind = kind_from_name(d.tiles)
        return frozenset(o.value for o in d.options
                         if _in_group(kind, o.value, d.get("seat", "E"), d.get("round", "E")))
    if q == "group_pick":
        return frozenset(k for k in _kinds(d.tiles) if _in_group(k, d.get("group"), d.get("seat", "E"),
                                                                   d.get("round", "E")))
    if q == "set_complete":
        a, b = _kinds(d.tiles)
        want = d.get("sets")
        return frozenset(k for k in range(34) if (got := set_by_rule([a, b, k])) and want in ("any", got))
    if q == "set_judge":
        got = set_by_rule(_kinds(d.tiles))
        allowed = {o.value for o in d.options}
        return frozenset({got if got in allowed else "not_set"})
    if q == "hand_complete":
        hand = parse_hand(d.hand, check_size=False)
        assert is_complete(hand) == (shanten(hand) == -1)
        return frozenset({"yes" if is_complete(hand) else "no"})
    if q == "hand_pair":
        hand = parse_hand(d.hand, check_size=False)
        return frozenset(r.pair.first for r in readings(hand) if r.form is Form.STANDARD and r.pair)
    if q == "hand_extra":
        hand = parse_hand(d.hand, check_size=False)
        return frozenset(t.kind for t in hand.concealed if is_complete(hand.without(t)))
    if q == "waits":
        return frozenset(waits(parse_hand(d.hand, check_size=False)))
    if q == "wait_shape":
        hand = parse_hand(d.hand, check_size=False)
        if params.get("shapes", "basic") == "basic":
            return frozenset(s.value for w in wait_report(hand).tiles for s in w.shapes)
        return frozenset(n.id for n in named_waits(hand))
    if q == "furiten_ron":
        preset = params.get("preset", "tenhou_no_aka")
        ok, kind = _furiten_by_rule(ex)
        assert _replay_furiten(ex, preset) == ok
        assert ex.explanation[0]["furiten"] == (kind or "none")
        return frozenset({"yes" if ok else "no"})
    if q == "safe_tile":
        return safe_tile_answer(ex)  # the discard log replayed from the prompt, blocks brute-forced
    raise AssertionError(f"no engine check for question {q}")


def _right_response(ex: Exercise) -> Any:
    if ex.prompt.input == "pick_tiles":
        return [min(ex.answer)] if ex.prompt.question == "safe_tile" else sorted(ex.answer)
    if ex.prompt.input == "choice":
        return next(iter(ex.answer))
    if ex.prompt.input == "multi_choice":
        return set(ex.answer)
    return ex.answer


@pytest.mark.parametrize(("name", "params"), CASES)
def test_deterministic_and_agrees_with_engine(name: str, params: dict[str, Any]) -> None:
    gen = GENERATORS[name]
    seen = set()
    for seed in range(6):
        ex = gen.generate(params, seed)
        assert ex == gen.generate(params, seed), "same seed, same exercise"
        assert ex.item_id == f"{name}:{gen.params(params).key()}:{seed}"
        assert ex.answer == engine_answer(ex, params), ex
        assert ex.skill in SKILLS[name] and ex.explanation
        assert ex.check(_right_response(ex))
        if ex.prompt.options:
            assert {o.value for o in ex.prompt.options} >= set(ex.answer), "the answer is among the options"
        seen.add(repr(ex.prompt))
    assert len(seen) > 1, "different seeds give different items"


def test_registered_with_skills() -> None:
    for name in NEW:
        assert name in GENERATORS
        assert GENERATORS[name].params_model.model_json_schema()["properties"]
    assert GENERATORS["make_set"].generate({"kids": True}).skill == "kids_threes"
    assert GENERATORS["wait_shape"].generate({"shapes": "compound", "size": 7}).skill == "waits_compound"


def test_dora_order_matches_the_rulebook() -> None:
    for ind, dora in DORA_WRAPS.items():
        assert dora_from_indicator(kind_from_name(ind)) == kind_from_name(dora)
    gen = GENERATORS["dora_from_indicator"]
    for seed in range(20):
        ex = gen.generate({"wraps": True}, seed)
        (ind,) = _kinds(ex.prompt.get("indicators"))
        assert ind in {kind_from_name(k) for k in ("9m", "9p", "9s", "4z", "7z")}
        assert ex.answer == {kind_from_name(DORA_WRAPS[format_tiles([ind])])}


def test_furiten_covers_every_kind_and_both_answers() -> None:
    gen = GENERATORS["furiten_situation"]
    kinds, answers = set(), set()
    for seed in range(40):
        ex = gen.generate({}, seed)
        kinds.add(ex.explanation[0]["furiten"])
        answers |= ex.answer
    assert kinds == {"none", "permanent", "temporary", "riichi"}
    assert answers == {"yes", "no"}


def test_safe_tile_levels_use_their_tools() -> None:
    gen = GENERATORS["safe_tile"]
    for seed in range(8):
        ex = gen.generate({"tools": ["genbutsu"]}, seed)
        river = set(_kinds(ex.prompt.get("rivers")[0])) | set(_kinds(ex.prompt.get("passed")[0]))
        assert ex.answer <= river, "genbutsu: the riichi player's own or passed tile"
        ex = gen.generate({"tools": ["suji"]}, seed)
        river = set(_kinds(ex.prompt.get("rivers")[0])) | set(_kinds(ex.prompt.get("passed")[0]))
        for kind in ex.answer:
            assert kind < 27 and kind not in river
            # both suji partners (or the one a 1-3 / 7-9 tile has) are genbutsu
            partners = [k for k in (kind - 3, kind + 3) if 0 <= k < 27 and k // 9 == kind // 9]
            assert all(k in river for k in partners), "suji"


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([5, 8, 11, 14]))
def test_complete_hand_property(seed: int, size: int) -> None:
    ex = GENERATORS["complete_hand"].generate({"size": size, "special_forms": 0.3 if size == 14 else 0}, seed)
    hand = parse_hand(ex.prompt.hand, check_size=False)
    assert len(hand.concealed) == size
    assert ex.answer == {"yes" if is_complete(hand) else "no"}


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["basic", "compound"]))
def test_wait_shape_property(seed: int, shapes: str) -> None:
    ex = GENERATORS["wait_shape"].generate({"shapes": shapes, "size": 7}, seed)
    hand = parse_hand(ex.prompt.hand, check_size=False)
    assert len(hand.concealed) == 7 and waits(hand)
    assert ex.answer == engine_answer(ex, {"shapes": shapes})
    assert isinstance(hand, Hand)


@pytest.mark.parametrize(("name", "params"), [
    ("dora_from_indicator", {"indicators": 6}),
    ("dora_from_indicator", {"aka": 2}),
    ("tile_group", {"groups": ["simple"]}),
    ("tile_group", {"groups": ["simple", "simple"]}),
    ("tile_group", {"groups": ["dragons", "simple"]}),
    ("make_set", {"traps": ["wrap"]}),
    ("make_set", {"kinds": "run", "honors": False, "ask": "judge", "traps": ["honor_run"]}),
    ("complete_hand", {"size": 8, "special_forms": 0.5}),
    ("complete_hand", {"size": 13}),
    ("complete_hand", {"ask": "pair", "special_forms": 0.2}),
    ("wait_shape", {"shapes": "multi", "size": 4}),
    ("furiten_situation", {"kinds": []}),
    ("furiten_situation", {"preset": "nonesuch"}),
    ("safe_tile", {"tools": []}),
    ("safe_tile", {"riichi_players": 3}),
    ("safe_tile", {"tools": ["genbutsu"], "extra": 1}),
])
def test_impossible_requests_are_refused(name: str, params: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        GENERATORS[name].params(params)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["permanent", "temporary", "riichi"]), st.sampled_from([0.0, 1.0]))
def test_furiten_property(seed: int, kind: str, ratio: float) -> None:
    params = {"kinds": [kind], "furiten_ratio": ratio}
    ex = GENERATORS["furiten_situation"].generate(params, seed)
    assert ex.answer == engine_answer(ex, params)
    assert ex.explanation[0]["furiten"] == (kind if ratio else "none")
    assert kind_from_name(ex.prompt.tiles) in waits(parse_hand(ex.prompt.hand)), "the tile in question is a wait"
