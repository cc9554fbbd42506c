"""Chinese Official (MCR) drills: count the fans, does the hand reach 8, which fan is left
out and why, and the waits of MCR hands (knitted shapes included).

Every answer comes from the MCR calculator (:func:`trainer.engine.mcr.score_mcr`) and the
MCR wait search (:func:`trainer.engine.mcr.forms.waiting_kinds`); the hands are random
winning hands of every MCR form (:mod:`trainer.engine.mcr.random_hands`).  Explanation
items carry the counted fans with their points, the fans left out with the fan or
principle that leaves them out, and the total against the 8-point minimum, so the UI can
say why a learner's own choice was wrong.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any, Literal

from pydantic import Field

from trainer.engine.exercises.base import Exercise, GeneratorError, Option, Params, draft, shuffled
from trainer.engine.hand import Hand
from trainer.engine.mcr.calculator import McrResult, hand_groups, score_mcr
from trainer.engine.mcr.detect import Situation
from trainer.engine.mcr.drills import McrItem, excluded_item, minimum_item
from trainer.engine.mcr.forms import all_readings, waiting_kinds
from trainer.engine.mcr.random_hands import random_win
from trainer.engine.mcr.table import McrRules, load_mcr_rules
from trainer.engine.notation import format_hand
from trainer.engine.tiles import WIND_LETTERS, Tile, kind_name

RuleSet = Literal["mcr", "mcr_common"]
"""The MCR presets: the seed's rules, or common practice (the GB calculator's)."""

FLAGS = ("last_copy", "rinshan", "chankan", "haitei", "houtei")
"""Winning conditions a prompt names (each is a fan of its own when it applies)."""

MAX_TRIES = 300
"""Random hands tried before a generator gives up."""


@cache
def mcr_rules(name: str) -> McrRules:
    """The MCR preset ``name``, loaded once."""
    return load_mcr_rules(name)


class McrParams(Params):
    """Parameters every MCR drill takes: which MCR rule set answers."""

    rule_set: RuleSet = Field("mcr", description="MCR rules: the seed's, or common practice")


def situation_data(sit: Situation) -> dict[str, Any]:
    """How the hand was won, as structured prompt data (winds as letters, tiles as MPSZ)."""
    return {
        "win_tile": kind_name(sit.win),
        "by": "tsumo" if sit.self_drawn else "ron",
        "seat": WIND_LETTERS[sit.seat - 27],
        "round": WIND_LETTERS[sit.round - 27],
        "flowers": sit.flowers,
        "flags": tuple(f for f in FLAGS if getattr(sit, f)),
    }


def result_items(result: McrResult) -> list[dict[str, Any]]:
    """The calculator's working as explanation items: the arrangement, each counted fan (how
    many times, its points), each fan left out (by which fan or principle) and the total
    against the minimum (flowers aside)."""
    value = result.rules.value
    items: list[dict[str, Any]] = [{"kind": "mcr_reading", "reading": result.reading.text(),
                                    "form": result.reading.form}]
    for fan in dict.fromkeys(result.fans):
        n = result.fans.count(fan)
        items.append({"kind": "mcr_fan", "id": fan, "fan": value(fan), "count": n})
    seen = set()
    for d in result.excluded:
        if (d.id, d.by) in seen or d.id in result.fans:
            continue
        seen.add((d.id, d.by))
        items.append({"kind": "mcr_excluded", "id": d.id, "by": d.by, "principle": d.principle,
                      "by_fan": d.by in result.rules.fans})
    items.append({"kind": "mcr_total", "total": result.total, "flowers": result.flowers,
                  "without_flowers": result.total - result.flowers, "minimum": result.rules.minimum,
                  "meets": result.meets_minimum})
    return items


def _scored(rng: random.Random, rules: McrRules, form: str | None, accept: Any) -> tuple[Hand, Situation, McrResult]:
    for _ in range(MAX_TRIES):
        deal = random_win(rng, form)
        result = score_mcr(deal.hand, deal.situation, rules)
        if accept(result):
            return deal.hand, deal.situation, result
    raise GeneratorError(f"no MCR hand met the parameters in {MAX_TRIES} tries")


# ---------------------------------------------------------------------------
# mcr_fans: tick the fans, then give the total
# ---------------------------------------------------------------------------


class McrFansParams(McrParams):
    """Parameters of ``mcr_fans``."""

    ask: Literal["both", "fans", "total"] = Field(
        "both", description="tick the fans and give the total; only tick the fans; only give the total")
    forms: Literal["any", "standard", "special"] = Field(
        "any", description="hand forms: any, four sets and a pair, or the special forms")
    options: int = Field(6, ge=4, le=12, description="fans shown to tick from")


SPECIAL_FORMS = ("seven_pairs", "thirteen_orphans", "honors_knitted", "knitted_straight")


def fan_options(rng: random.Random, result: McrResult, counted: list[str], size: int) -> list[str]:
    """The fans to tick from: every counted fan, the fans this hand shows but does not count
    (the best traps: the learner must know why they are left out), then fans of the same
    groups, in table order."""
    rules = result.rules
    left_out = [d.id for d in result.excluded if d.id not in counted and d.id in rules.fans]
    pool = list(dict.fromkeys(left_out))
    groups = {rules.fans[f].group for f in counted if f in rules.fans}
    near = shuffled(rng, [f for f, d in rules.fans.items() if d.group in groups and f not in counted
                          and f not in pool and f not in ("flower_tiles", "chicken_hand")])
    others = shuffled(rng, [f for f in rules.fans if f not in counted and f not in pool and f not in near
                            and f != "flower_tiles"])
    room = max(0, size - len(counted))
    traps = shuffled(rng, pool)[: max(1, room // 2)] if pool else []
    extra = (near + others)[: room - len(traps)]
    return sorted([*counted, *traps, *extra], key=rules.order)


def make_fans(p: McrFansParams, rng: random.Random) -> Exercise:
    """A winning MCR hand that reaches the minimum; tick its fans (flowers aside) and/or give
    its total with flowers."""
    rules = mcr_rules(p.rule_set)
    form = {"any": None, "standard": "standard", "special": rng.choice(SPECIAL_FORMS)}[p.forms]
    hand, sit, result = _scored(rng, rules, form, lambda r: r.meets_minimum)
    counted = [f for f in dict.fromkeys(result.fans) if f != "flower_tiles"]
    items = result_items(result)
    data = situation_data(sit)
    common = {"hand": format_hand(hand), "rule_set": p.rule_set, "total": result.total, **data}
    if p.ask == "total":
        return draft("mcr_total", "number", result.total, items, **common)
    options = [Option(f, ref=f"mcr_{f}") for f in fan_options(rng, result, counted, p.options)]
    right = frozenset(counted)
    if p.ask == "fans":
        return draft("mcr_fans", "multi_choice", right, items, options=options, **common)
    return draft("mcr_fans_total", "fans_total", (right, result.total), items, options=options, **common)


# ---------------------------------------------------------------------------
# mcr_minimum: does it reach 8?
# ---------------------------------------------------------------------------


class McrMinimumParams(McrParams):
    """Parameters of ``mcr_minimum``."""


def make_minimum(p: McrMinimumParams, rng: random.Random) -> Exercise:
    """A won hand of four sets and a pair: do its fans, flowers aside, reach the minimum?"""
    item = minimum_item(rng, mcr_rules(p.rule_set))
    options = [Option("yes"), Option("no")]
    return draft("mcr_minimum", "choice", frozenset({item.answer}), result_items(item.result), options=options,
                 hand=format_hand(item.hand), rule_set=p.rule_set, minimum=item.result.rules.minimum,
                 **situation_data(item.situation))


# ---------------------------------------------------------------------------
# mcr_excluded: which fan is left out, and which fan leaves it out
# ---------------------------------------------------------------------------


class McrExcludedParams(McrParams):
    """Parameters of ``mcr_excluded``."""

    ask: Literal["mixed", "fan", "why"] = Field(
        "mixed", description="which fan is not counted; which counted fan leaves a fan out; either")


def implied_fans(rules: McrRules, fan_id: str) -> tuple[str, ...]:
    """The fans ``fan_id`` implies and so leaves out (non-repeat principle): its ``excludes`` in
    ``mcr_fans.toml`` with the preset's additions, read as the calculator reads them
    (:attr:`McrRules.implied`); an exclusion of only some sets of a fan (``pung_of_terminals_or_honors:wind``)
    names the fan."""
    return tuple(dict.fromkeys(name for name, _tag in rules.implied.get(fan_id, ())))


def fans_implying(rules: McrRules, fan_id: str, among: list[str]) -> list[str]:
    """Which of the fans ``among`` imply ``fan_id`` (each of them alone would leave it out)."""
    return [f for f in among if fan_id in implied_fans(rules, f)]


def _why_item(rng: random.Random, rules: McrRules, item: McrItem) -> tuple[McrItem, list[str], list[str]]:
    """``item``, or the next one where some offered fan does not imply the left-out fan (a question
    with no wrong option asks nothing): the item, the counted fans offered and those that imply it."""
    for _ in range(MAX_TRIES):
        counted = [f for f in dict.fromkeys(item.result.fans) if f != "flower_tiles"]
        right = fans_implying(rules, item.answer, counted)
        if right and len(right) < len(counted):
            return item, counted, right
        item = excluded_item(rng, rules)
    raise GeneratorError(f"no MCR hand with a counted fan that does not imply the left-out fan in {MAX_TRIES} tries")


def make_excluded(p: McrExcludedParams, rng: random.Random) -> Exercise:
    """``fan``: the hand shows all these fans but one is not counted — which?  ``why``: this
    fan is shown but not counted — which counted fan implies it (non-repeat principle)?  Every
    counted fan that implies it is right (a fan is often implied by several: Self-Drawn by Fully
    Concealed Hand and by Last Tile Draw), and at least one offered fan does not imply it."""
    rules = mcr_rules(p.rule_set)
    item = excluded_item(rng, rules)
    ask = p.ask if p.ask != "mixed" else rng.choice(("fan", "why"))
    if ask == "fan":
        options = [Option(f, ref=f"mcr_{f}") for f in item.options]
        return draft("mcr_excluded", "choice", frozenset({item.answer}), result_items(item.result),
                     options=options, **_item_data(item, p))
    item, counted, right = _why_item(rng, rules, item)
    options = [Option(f, ref=f"mcr_{f}") for f in counted]
    return draft("mcr_excluded_by", "choice", frozenset(right), result_items(item.result), options=options,
                 fan=item.answer, skill="mcr_principles", **_item_data(item, p))


def _item_data(item: McrItem, p: McrParams) -> dict[str, Any]:
    """The prompt data of an MCR drill item: the hand, the rules and how it was won."""
    return {"hand": format_hand(item.hand), "rule_set": p.rule_set, **situation_data(item.situation)}


# ---------------------------------------------------------------------------
# mcr_waits: every tile that completes an MCR hand, knitted forms included
# ---------------------------------------------------------------------------


class McrWaitsParams(McrParams):
    """Parameters of ``mcr_waits``."""

    forms: Literal["any", "knitted", "standard", "special"] = Field(
        "any", description="hand forms: any, the knitted forms, four sets and a pair, or the closed special forms")


FORM_CHOICES = {
    "any": ("standard", "seven_pairs", "thirteen_orphans", "honors_knitted", "knitted_straight", "knitted_straight",
            "honors_knitted"),
    "knitted": ("honors_knitted", "knitted_straight"),
    "standard": ("standard",),
    "special": ("seven_pairs", "thirteen_orphans", "honors_knitted"),
}


def mcr_waits(hand: Hand, rules: McrRules) -> list[int]:
    """The kinds that complete a ready MCR hand (13 tiles counting each meld as 3), in any form
    (a fifth copy of a kind the hand holds four of only where the preset counts waits by shape)."""
    return waiting_kinds(hand.counts(), len(hand.melds), fifth=rules.waits_by_shape)


def wait_items(hand: Hand, waits: list[int]) -> list[dict[str, Any]]:
    """Per winning tile the arrangements it completes (form and groups), best-known form first:
    ``reading`` is the first form's groups, ``readings`` one ``[form, groups]`` per form (a tile
    that completes both four sets and a pair and seven pairs shows each split)."""
    melds = hand_groups(hand)
    out = []
    for k in waits:
        counts = hand.counts()
        counts[k] += 1
        readings = all_readings(counts, melds)
        forms = list(dict.fromkeys(r.form for r in readings))
        firsts = [next(r for r in readings if r.form == f) for f in forms]
        out.append({"kind": "mcr_wait", "tile": kind_name(k), "forms": forms,
                    "reading": firsts[0].text() if firsts else "",
                    "readings": [[r.form, r.text()] for r in firsts]})
    return out


def make_waits(p: McrWaitsParams, rng: random.Random) -> Exercise:
    """A ready MCR hand (a winning hand without one concealed tile): pick every winning tile."""
    for _ in range(MAX_TRIES):
        deal = random_win(rng, rng.choice(FORM_CHOICES[p.forms]))
        tiles = list(deal.hand.concealed)
        drop = rng.randrange(len(tiles))
        ready = Hand(tuple(t for i, t in enumerate(tiles) if i != drop), deal.hand.melds)
        waits = mcr_waits(ready, mcr_rules(p.rule_set))
        if waits:
            items = wait_items(ready, waits)
            return draft("mcr_waits", "pick_tiles", frozenset(waits), items, hand=format_hand(ready),
                         rule_set=p.rule_set, forms=p.forms)
    raise GeneratorError(f"no ready MCR hand in {MAX_TRIES} tries")


def not_a_wait(hand: Hand, kind: int) -> dict[str, Any]:
    """Why a tile does not complete an MCR hand: with it, the hand is still this many tiles
    from complete in its closest form (MCR shanten after the draw, 0 = ready again)."""
    from trainer.engine.mcr.shanten import mcr_shanten_by_form

    tiles = (*hand.concealed, Tile(kind))
    by_form = mcr_shanten_by_form(Hand(tiles, hand.melds))
    form = min(by_form, key=lambda f: by_form[f])
    held = hand.all_counts()[kind]
    return {"kind": "mcr_not_wait", "tile": kind_name(kind), "form": form, "shanten": by_form[form],
            "fifth": held >= 4}


__all__ = [
    "McrExcludedParams", "McrFansParams", "McrMinimumParams", "McrWaitsParams", "fans_implying", "implied_fans",
    "make_excluded", "make_fans", "make_minimum", "make_waits", "mcr_waits", "not_a_wait", "result_items",
    "situation_data",
]
