"""Tidy 24: one owner for each rule, behaviour unchanged.  Each rule that was folded into one place
is checked here against a verbatim copy of the code it replaced (``old_*``, as it stood before
tidy 24), over many inputs, so that other changes to the tree (the coach's words, the catalogs)
cannot hide a change of behaviour:

1. which tolerance made a discard "good" — the review view re-derived it; the engine's
   :attr:`~trainer.engine.game.review.Decision.close_by` says it now (and the review JSON keeps its keys);
2. the words on a typed payment — the drills' two-box payment and the lessons' payment share
   :func:`trainer.ui.views.mistakes.points_text`;
3. the training variants' lanes — :func:`trainer.engine.variants.variant_lanes` owns them, explain reads them;
4. which scoring drill situations can happen — the scorer owns the flags it refuses
   (:func:`trainer.engine.scoring._check_situation`), the drill keeps only its own rows.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from functools import cache
from itertools import combinations
from typing import Any

import pytest

from trainer import i18n
from trainer.engine import scoring
from trainer.engine.game.review import UKEIRE_TOLERANCE, Decision, close_in_value, review_game
from trainer.engine.rules import Rules, load_rules

OLD_JSON_KEYS = ("hand", "turn", "action", "round", "hand_number", "honba", "chosen", "riichi", "best",
                 "shanten_chosen", "shanten_best", "ukeire_chosen", "ukeire_best", "verdict", "dealt_in", "danger",
                 "riichi_choice", "push_fold", "coach", "coach_why", "passed_win", "deal_in")
"""The keys of a decision in ``trainer review --json`` before tidy 24 (new keys are only added)."""


@pytest.fixture()
def language() -> Iterator[None]:
    before = i18n.current_language()
    yield
    i18n.set_language(before)


# --------------------------------------------------------------------------- 1. the review's tolerance


def old_near_not_best(d: Decision) -> bool:
    """trainer/ui/views/table/review.py ``_near_not_best`` before tidy 24."""
    return (d.verdict == "good" and not d.in_best and d.shanten_chosen == d.shanten_best
            and UKEIRE_TOLERANCE * d.ukeire_best <= d.ukeire_chosen < d.ukeire_best)


def old_close_by_value(d: Decision) -> bool:
    """trainer/ui/views/table/review.py ``_close_by_value`` before tidy 24."""
    return (d.verdict == "good" and not d.in_best and not old_near_not_best(d) and d.ukeire_chosen < d.ukeire_best
            and close_in_value(getattr(d, "coach_why", None)))


@cache
def reviewed() -> tuple[Decision, ...]:
    """Every discard decision of every seat of one bot match (four levels at the table)."""
    from trainer.engine.bots import make_bot
    from trainer.engine.game.play import play_match

    rules = load_rules("tenhou")
    bots = [make_bot(level, rules) for level in ("beginner", "efficient", "careful", "strong")]
    log = play_match(bots, rules, seed=3).log
    return tuple(d for seat in range(4) for d in review_game(log, seat, calls=False).decisions)


def variants(d: Decision) -> Iterator[Decision]:
    """The decision and hand-made neighbours of it: held good with fewer tiles around both
    tolerances (95 % of the best by tiles, 85 % the coach's efficient share), a step slower, and
    without a coach tile."""
    yield d
    best = d.ukeire_best
    for n in sorted({best - 1, (95 * best + 99) // 100, (95 * best) // 100 - 1, (85 * best + 99) // 100,
                     (85 * best) // 100 - 1, best // 2}):
        if 0 <= n < best:
            yield dataclasses.replace(d, verdict="good", ukeire_chosen=n)
            yield dataclasses.replace(d, verdict="good", ukeire_chosen=n, shanten_chosen=d.shanten_best + 1)
    yield dataclasses.replace(d, coach=None)
    yield dataclasses.replace(d, verdict="good")


def test_close_by_says_what_the_view_worked_out() -> None:
    seen = {"tiles": 0, "value": 0, None: 0}
    for d in reviewed():
        for v in variants(d):
            old = "tiles" if old_near_not_best(v) else ("value" if old_close_by_value(v) else None)
            assert v.close_by == old, v
            seen[old] += 1
    assert min(seen.values()) >= 30, seen  # every case met, many times


def test_the_review_json_keeps_its_keys_and_adds_close_by() -> None:
    for d in reviewed():
        data = d.to_json()
        assert list(data)[:len(OLD_JSON_KEYS)] == list(OLD_JSON_KEYS)
        assert data["close_by"] == d.close_by


# --------------------------------------------------------------------------- 2. the payment words


def old_payment_mistake(ex: Any, response: Any, final: bool) -> str:
    """trainer/ui/screens/drills.py ``payment_mistake`` before tidy 24."""
    from trainer.engine.exercises.scoring_drills import rules_for
    from trainer.engine.explain import payment_slips, points_chain
    from trainer.engine.points import payers
    from trainer.i18n import _, format_points
    from trainer.ui.richtext import BR
    from trainer.ui.screens.drills import payment_boxes_line
    from trainer.ui.views.explain import box_slip_line
    from trainer.ui.views.mistakes import SLIPS, chain_lines

    data = dict(ex.prompt.data)
    rules = rules_for(data.get("preset") or dict(ex.params).get("preset", "tenhou"))
    chain = points_chain(data["han"], data["fu"], dealer=data["dealer"], tsumo=data["by"] == "tsumo", rules=rules,
                         honba=data.get("honba", 0))
    given = [int(x) for x in response]
    words = {"who": _("the dealer") if chain["dealer"] else _("a non-dealer"),
             "other": _("a non-dealer") if chain["dealer"] else _("the dealer"),
             "how": _("tsumo") if chain["tsumo"] else _("ron"), "other_how": _("ron") if chain["tsumo"] else _("tsumo"),
             "term": "{term:honba}", "n": format_points(chain["per_honba"])}
    lines = [_("You said {given}.").format(given=" / ".join(format_points(g) for g in given)),
             payment_boxes_line(data, chain, given)]
    slips = [_(SLIPS[slip]).format(**words) if slip in SLIPS else box_slip_line(slip, rules.honba_points, payers(rules))
             for slip in payment_slips(chain, given, rules)]
    lines += slips
    if final:
        lines += chain_lines(chain)
    elif not slips:
        lines.append(chain_lines(chain)[0] + " " + _("Now multiply them for each payer and round up to the next 100."))
    return BR.join(t for t in lines if t)


def old_points_text(chain: dict[str, Any], given: Any, rules: Any, final: bool) -> str:
    """trainer/ui/views/mistakes.py ``points_text`` before tidy 24."""
    from trainer.engine.explain import points_slip
    from trainer.i18n import _, format_points
    from trainer.ui.richtext import BR
    from trainer.ui.views.mistakes import SLIPS, chain_lines

    if given is None:
        return BR.join(chain_lines(chain))
    who = _("the dealer") if chain["dealer"] else _("a non-dealer")
    other = _("a non-dealer") if chain["dealer"] else _("the dealer")
    how = _("tsumo") if chain["tsumo"] else _("ron")
    other_how = _("ron") if chain["tsumo"] else _("tsumo")
    lines = [_("You said {given}.").format(given=" / ".join(format_points(g) for g in given))]
    for slip in points_slip(chain, given, rules):
        lines.append(_(SLIPS[slip]).format(other=other, who=who, how=how, other_how=other_how, term="{term:honba}",
                                           n=format_points(chain["per_honba"])))
    if final:
        lines += chain_lines(chain)
    elif len(lines) == 1:
        lines.append(chain_lines(chain)[0] + " " + _("Now multiply them for each payer and round up to the next "
                                                     "100."))
    return BR.join(lines)


def payment_cases() -> Iterator[tuple[Any, dict[str, Any], Rules, list[int]]]:
    """Payment items of the points drill (three presets, honba on the table) with the answers a
    learner types: the right one, every usual slip's numbers, one box right and one wrong, odd numbers."""
    from trainer.engine.exercises import GENERATORS
    from trainer.engine.exercises.scoring_drills import rules_for
    from trainer.engine.explain import _last_resort_alternatives, _slip_alternatives, points_chain

    gen = GENERATORS["points_lookup"]
    for preset in ("tenhou", "sanma", "ema"):
        params = {"preset": preset, "han_min": 1, "han_max": 13, "fu": [20, 25, 30, 40, 70, 110], "honba": 3}
        for seed in range(40):
            ex = gen.generate(params, seed)
            data = dict(ex.prompt.data)
            rules = rules_for(data.get("preset") or preset)
            chain = points_chain(data["han"], data["fu"], dealer=data["dealer"], tsumo=data["by"] == "tsumo",
                                 rules=rules, honba=data.get("honba", 0))
            want = [q["total"] for q in chain["payments"]]
            yield ex, chain, rules, want
            alts = {**_slip_alternatives(chain, rules, True), **_last_resort_alternatives(chain)}
            for alt in alts.values():
                if len(alt) != len(want):
                    continue
                given = [w if a is None else a for a, w in zip(alt, want, strict=True)]
                yield ex, chain, rules, given
                if len(given) == 2:
                    yield ex, chain, rules, [want[0], given[1]]
                    yield ex, chain, rules, [given[0], want[1]]
            yield ex, chain, rules, [w + 100 for w in want]
            yield ex, chain, rules, [7 for _w in want]


def _or_error(fn: Any, *args: Any) -> str:
    try:
        return fn(*args)
    except KeyError as e:  # a slip without words of its own: the lessons' caller says nothing then
        return f"KeyError {e}"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_payment_words_stay(lang: str, language: None) -> None:
    from trainer.ui.screens.drills import payment_mistake
    from trainer.ui.views.mistakes import points_text

    i18n.set_language(lang)
    n = 0
    for ex, chain, rules, given in payment_cases():
        typed = [str(g) for g in given]
        for final in (False, True):
            assert payment_mistake(ex, typed, final) == old_payment_mistake(ex, typed, final), (given, final)
            assert _or_error(points_text, chain, given, rules, final) == _or_error(
                old_points_text, chain, given, rules, final), (given, final)
            n += 1
        assert points_text(chain, None, rules, True) == old_points_text(chain, None, rules, True)
    assert n > 2000


# --------------------------------------------------------------------------- 3. the variants' lanes


def old_variant_lanes(variant: Any) -> list[tuple[list[list[int]], bool]]:
    """trainer/engine/explain.py ``_variant_lanes`` before tidy 24."""
    from trainer.engine.tiles import GREEN, RED, WHITE
    from trainer.engine.variants import DRAGON_SUIT

    lanes: list[tuple[list[list[int]], bool]] = []
    if variant.suits_ignored:
        ranks = [[r, 9 + r, 18 + r] for r in range(9)]
        if variant.dragons == "ten":
            ranks.append([WHITE, GREEN, RED])
        lanes.append((ranks, True))
    else:
        for suit in range(3):
            dragon = next(d for d, s in DRAGON_SUIT.items() if s == suit)
            lanes.append(([[9 * suit + r] for r in range(9)] + ([[dragon]] if variant.dragons == "ten" else []), True))
    honors = list(range(27, 31)) + ([WHITE, GREEN, RED] if variant.dragons == "normal" else [])
    lanes.append(([[k] for k in honors], False))
    return lanes


def old_groups(counts: list[int], used: list[int], v: Any) -> list[Any]:
    """trainer/engine/variants.py ``_groups`` before tidy 24."""
    from trainer.engine.tiles import GREEN, RED, WHITE
    from trainer.engine.variants import DRAGON_SUIT, Group

    def limits(ranks: list[list[int]]) -> tuple[int, ...]:
        return tuple(4 * len(kinds) - sum(used[k] for k in kinds) for kinds in ranks)

    def group(ranks: list[list[int]], runs: bool, jokers: int = 0) -> Group:
        return Group(tuple(sum(counts[k] for k in kinds) for kinds in ranks), runs, limits(ranks), jokers)

    winds = [[k] for k in range(27, 31)]
    dragons = [[WHITE], [GREEN], [RED]]
    out: list[Group] = []
    if v.suits_ignored:
        ranks = [[r, 9 + r, 18 + r] for r in range(9)]
        jokers = 0
        if v.dragons == "ten":
            ranks.append([WHITE, GREEN, RED])
        elif v.dragons == "joker":
            jokers = counts[WHITE] + counts[GREEN] + counts[RED]
        out.append(group(ranks, True, jokers))
    else:
        for suit in range(3):
            ranks = [[suit * 9 + r] for r in range(9)]
            dragon = next(d for d, s in DRAGON_SUIT.items() if s == suit)
            jokers = 0
            if v.dragons == "ten":
                ranks.append([dragon])
            elif v.dragons == "joker":
                jokers = counts[dragon]
            out.append(group(ranks, True, jokers))
    out.append(group(winds + (dragons if v.dragons == "normal" else []), False))
    return out


VARIANTS = [(s, d) for s in (False, True) for d in ("normal", "joker", "ten")]


def random_counts(rng: random.Random, n: int) -> list[int]:
    counts = [0] * 34
    while sum(counts) < n:
        k = rng.randrange(34)
        if counts[k] < 4:
            counts[k] += 1
    return counts


def test_the_variant_lanes_and_groups_stay() -> None:
    from trainer.engine.variants import Variant, _groups, variant_lanes

    rng = random.Random(24)
    for s, d in VARIANTS:
        v = Variant(s, d)
        if d != "joker":
            assert [([list(r) for r in lane.ranks], lane.runs) for lane in variant_lanes(v)] == old_variant_lanes(v)
        for _ in range(300):
            counts = random_counts(rng, rng.choice((4, 7, 10, 13, 14)))
            used = [rng.choice((0, 0, 0, 1)) if c < 4 else 0 for c in counts]
            assert _groups(list(counts), used, v) == old_groups(list(counts), used, v)


def old_place(kind: int, v: Any) -> tuple[int, int | None]:
    """trainer/engine/variants.py ``_place`` before tidy 24."""
    from trainer.engine.variants import DRAGON_SUIT

    honors = 1 if v.suits_ignored else 3
    if kind < 27:
        return (0, kind % 9) if v.suits_ignored else (kind // 9, kind % 9)
    if kind in DRAGON_SUIT and v.dragons != "normal":
        g = 0 if v.suits_ignored else DRAGON_SUIT[kind]
        return (g, 9) if v.dragons == "ten" else (g, None)
    return honors, kind - 27


def test_every_kind_keeps_its_place_in_the_lanes() -> None:
    from trainer.engine.variants import Variant, _place

    for s, d in VARIANTS:
        v = Variant(s, d)
        assert [_place(k, v) for k in range(34)] == [old_place(k, v) for k in range(34)]


def test_explain_reads_the_lanes_of_variants() -> None:
    """explain's blocks of a variant hand come from :func:`~trainer.engine.variants.variant_lanes`
    (no lanes of its own), and come out as the old lanes gave them."""
    from trainer.engine import explain
    from trainer.engine.hand import Hand
    from trainer.engine.tiles import Tile
    from trainer.engine.variants import Lane, Variant, variant_lanes

    assert not hasattr(explain, "_variant_lanes")
    asked: list[Any] = []

    def spy(v: Any) -> tuple[Any, ...]:
        asked.append(v)
        return variant_lanes(v)

    def old_as_new(v: Any) -> tuple[Any, ...]:
        return tuple(Lane(tuple(tuple(r) for r in ranks), runs) for ranks, runs in old_variant_lanes(v))

    rng = random.Random(7)
    for s, d in VARIANTS:
        v = Variant(s, d)
        for _ in range(100):
            counts = random_counts(rng, rng.choice((4, 7, 10, 13)))
            hand = Hand(tuple(Tile(k) for k in range(34) for _c in range(counts[k])), ())
            with pytest.MonkeyPatch.context() as mp:
                mp.setattr(explain, "variant_lanes", spy)
                got = explain.variant_blocks(hand, v)
                mp.setattr(explain, "variant_lanes", old_as_new)
                old = explain.variant_blocks(hand, v)
            assert (None if got is None else got.to_json()) == (None if old is None else old.to_json())
    assert asked


# --------------------------------------------------------------------------- 4. situations


OLD_NEVER_TOGETHER_FIRST_TURN = ("tenhou", "chiihou", "renhou")
OLD_SITUATIONAL = ("riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan")


def old_never_together() -> tuple[tuple[frozenset[str], str], ...]:
    """trainer/engine/exercises/scoring_drills.py ``NEVER_TOGETHER`` before tidy 24."""
    first_turn = OLD_NEVER_TOGETHER_FIRST_TURN
    return (
        (frozenset({"riichi", "double_riichi"}), "riichi is declared once: on the first discard or later"),
        (frozenset({"haitei", "houtei"}), "the last tile is either drawn (haitei) or discarded (houtei)"),
        (frozenset({"haitei", "rinshan"}), "a replacement tile is not the last tile of the wall"),
        (frozenset({"houtei", "chankan"}), "a robbed kan is not the last discard"),
        (frozenset({"rinshan", "chankan"}), "a win is on one's own kan or on another player's, not both"),
        (frozenset({"ippatsu", "rinshan"}), "the winner's own kan after the riichi ends the ippatsu"),
        (frozenset({"double_riichi", "ippatsu", "haitei"}), "far from the last tile"),
        (frozenset({"double_riichi", "ippatsu", "houtei"}), "far from the last discard"),
        (frozenset({"double_riichi", "ippatsu", "chankan"}), "the robbed kan needs a pon"),
        *((frozenset(pair), "one first-turn win only") for pair in combinations(first_turn, 2)),
        *((frozenset({first, later}), "first") for first in first_turn for later in OLD_SITUATIONAL),
    )


def old_way_clash(hand: Any, ctx: Any) -> str | None:
    """trainer/engine/exercises/scoring_drills.py ``_way_clash`` before tidy 24."""
    if ctx.chankan and ctx.tsumo:
        return "robbing a kan is a ron"
    if ctx.rinshan and (not ctx.tsumo or not any(m.kind.is_kan for m in hand.melds)):
        return "a replacement-tile win needs a kan and a tsumo"
    if ctx.ippatsu and not ctx.in_riichi:
        return "ippatsu needs riichi"
    if ctx.haitei and not ctx.tsumo:
        return "haitei is a tsumo"
    if ctx.houtei and ctx.tsumo:
        return "houtei is a ron"
    return None


def old_impossible_win(hand: Any, ctx: Any, rules: Rules) -> str | None:
    """trainer/engine/exercises/scoring_drills.py ``impossible_win`` before tidy 24."""
    from trainer.engine.exercises import scoring_drills as sd

    reason = sd._copies_clash(hand, ctx) or old_way_clash(hand, ctx)
    if reason:
        return reason
    on = {f for f in (*OLD_SITUATIONAL, *OLD_NEVER_TOGETHER_FIRST_TURN) if getattr(ctx, f)}
    for flags, why in (*old_never_together(), *sd._rule_clashes(hand, ctx, rules)):
        if flags <= on:
            return why
    return sd._kan_clash(hand, ctx, rules)


FLAGS = (*OLD_SITUATIONAL, *OLD_NEVER_TOGETHER_FIRST_TURN)
HANDS = ("234m567p22s345678s", "123m567p22s789s [4444s]", "234m567p22s678s (345p)")
FIRST_TURN = {"tenhou", "chiihou", "renhou"}


def first_turn_riichi(on: set[str] | frozenset[str]) -> bool:
    """A first-turn win with riichi: refused by the scorer itself since tidy 24."""
    return bool(on & FIRST_TURN) and bool(on & {"riichi", "double_riichi"})


def situations() -> Iterator[tuple[Any, Any, Rules, frozenset[str]]]:
    """Every combination of up to three situation flags, by tsumo and ron, for the dealer and
    not, on a closed hand, one with a closed kan and an open one, under three presets."""
    from trainer.engine.notation import parse_hand, parse_tiles
    from trainer.engine.scoring import WinContext
    from trainer.engine.tiles import EAST, SOUTH

    for preset in ("tenhou", "ema", "sanma"):
        rules = load_rules(preset)
        hands = [h.replace("234m", "111m").replace("123m", "999m") for h in HANDS[:2]] if preset == "sanma" else HANDS
        for size in range(4):
            for on in combinations(FLAGS, size):
                for tsumo in (False, True):
                    for seat in (EAST, SOUTH):
                        for text in hands:
                            ctx = WinContext(win_tile=parse_tiles("2s")[0], tsumo=tsumo, seat_wind=seat,
                                             dora_indicators=parse_tiles("1z"), **{f: True for f in on})
                            yield parse_hand(text), ctx, rules, frozenset(on)


def scorer_refusal(hand: Any, ctx: Any, rules: Rules) -> str | None:
    try:
        scoring._check_situation(hand, ctx, rules)
    except scoring.ScoringError as e:
        return e.code
    return None


def test_the_drill_refuses_what_it_did_and_what_the_scorer_refuses() -> None:
    """A drill's win is possible exactly when it was before, unless the scorer refuses the
    situation (then the drill never showed it either: it scores every win it shows)."""
    from trainer.engine.exercises.scoring_drills import possible_win

    n = 0
    for hand, ctx, rules, on in situations():
        refused = scorer_refusal(hand, ctx, rules)
        old = old_impossible_win(hand, ctx, rules) is None
        if refused is None:
            assert possible_win(hand, ctx, rules) is old, (sorted(on), ctx.tsumo, hand, rules.name)
        else:
            assert not possible_win(hand, ctx, rules), (sorted(on), refused)
        n += 1
    assert n == 5632


def test_the_rows_that_left_the_drill_were_refused_by_the_scorer_already_or_now() -> None:
    """Every row of the old drill list that is gone from it is refused by the scorer on every
    situation it covers (the first-turn riichi row newly, the others as before)."""
    from trainer.engine.exercises.scoring_drills import NEVER_TOGETHER

    kept = {flags for flags, _why in NEVER_TOGETHER}
    gone = [flags for flags, _why in old_never_together() if flags not in kept]
    assert gone
    for hand, ctx, rules, on in situations():
        if any(flags <= on for flags in gone) and not any(flags <= on for flags in kept):
            assert scorer_refusal(hand, ctx, rules) is not None, (sorted(on), ctx.tsumo, hand, rules.name)


def test_the_drills_payment_words_come_from_the_one_function(monkeypatch: pytest.MonkeyPatch) -> None:
    """The drills' two-box payment says what :func:`trainer.ui.views.mistakes.points_text` says
    (with the boxes line and every box's slips), not words of its own."""
    from trainer.engine.exercises import GENERATORS
    from trainer.ui.screens.drills import payment_mistake
    from trainer.ui.views import mistakes

    ex = GENERATORS["points_lookup"].generate({"preset": "tenhou"}, 1)
    asked: list[dict[str, Any]] = []
    monkeypatch.setattr(mistakes, "points_text", lambda *a, **kw: asked.append(kw) or "said once")
    assert payment_mistake(ex, ["1000", "500"][:len(dict(ex.prompt.data).get("fields") or [1])], True) == "said once"
    assert asked and asked[0]["box_slips"] is True
