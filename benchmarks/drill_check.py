"""Self-check of the drill generators: every item's answer recomputed by a second route, and
its prompt and explanations checked for what a learner needs.

For each (generator, params, seed) :func:`check_item` returns the problems found (empty = the
item is right).  The second routes do not reuse the generator's own code path:

* waits and complete hands: brute force over the 34 kinds with the ``mahjong`` package's
  ``Agari`` (outside oracle); shanten: ``mahjong``'s ``Shanten``; best discards: ukeire counted
  from ``mahjong`` shanten; fu and han: ``mahjong``'s ``HandCalculator`` configured as Tenhou
  (:func:`benchmarks.bench_score.oracle`), from the situation the prompt states;
* payments: the base-points formula and limit table written out here;
* safe tiles: the discard log replayed from the prompt alone (each riichi river with its
  declaration, the tiles passed after it, the other visible tiles, the dora indicator) and every
  one- or two-tile block the riichi player could hold tested with the engine's ``waits`` on a
  tiny hand — genbutsu, suji and walls are never named, they fall out of furiten and copies;
* dora, groups, sets, furiten, kunto (suits-ignored variants), manners: the rules written out
  here, or the variants engine for kunto's rank answers.

Every item's prompt and explanation are rendered in English and Russian (the drill screen's
own functions): no empty explanation, no dangling separator, no internal id, no Cyrillic in
English.  ``python -m benchmarks.drill_check [SEEDS]`` runs the sweep over every parameter set
of the lessons, the benchmarks and the issue's reproductions and prints the figures.
"""

from __future__ import annotations

import json
import re
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent

EXTRA_SETS: list[tuple[str, dict[str, Any]]] = [
    # the reproductions of issue 19 and settings the drill setup offers
    ("safe_tile", {"riichi_players": 2, "tools": ["genbutsu", "suji", "kabe"]}),
    ("safe_tile", {"tools": ["kabe"]}),
    ("safe_tile", {"tools": ["suji"]}),
    ("safe_tile", {"tools": ["honors"]}),
    ("safe_tile", {"riichi_players": 2, "tools": ["genbutsu"]}),
    ("safe_tile", {"riichi_players": 2, "tools": ["kabe"]}),
    ("yaku_identify", {"ask": "han", "open_ratio": 0.3, "pool": "all_regular", "situational": True}),
    ("yaku_identify", {"pool": "han1", "situational": True}),
    ("yaku_identify", {"pool": "all_regular", "situational": True, "ask": "both"}),
    ("fu_count", {}),
    ("shanten", {"forms": "standard"}),
    ("shanten", {"kids": True, "size": 7, "max_shanten": 2}),
    ("kunto_hand", {"size": 4, "kids": True, "ask": ["shanten"]}),
    ("make_set", {"ask": "judge", "kinds": "triplet"}),
    ("make_set", {"ask": "judge", "kinds": "run", "traps": ["gap", "wrap"]}),
    ("tile_group", {"groups": ["simple", "value"]}),
    ("tile_group", {"groups": ["terminal", "value"]}),
    ("mixed_waits", {"size": 13, "min_waits": 5, "max_waits": 7}),
    ("mixed_waits", {"size": 10, "min_waits": 4, "max_waits": 8, "melds": 1}),
    ("kunto_hand", {"size": 7, "ask": ["discard"]}),
    ("kunto_hand", {"size": 7, "ask": ["discard"], "suits_ignored": False}),
    ("manners_situation", {"ranks": ["A", "B", "C"], "format": ["right_action", "spot_mistake", "rank"]}),
    ("mcr_fans", {"rule_set": "mcr_common"}),
    ("mcr_fans", {"rule_set": "mcr_common", "ask": "total", "forms": "special"}),
    ("mcr_excluded", {"ask": "why"}),
    ("mcr_excluded", {"ask": "fan", "rule_set": "mcr_common"}),
    ("mcr_waits", {"forms": "special"}),
]
"""Parameter sets checked besides those of the lessons and the benchmark."""


def lesson_sets() -> list[tuple[str, dict[str, Any]]]:
    """Every (generator, params) a lesson step names, once each."""
    out: dict[str, tuple[str, dict[str, Any]]] = {}

    def walk(x: Any) -> None:
        if isinstance(x, dict):
            if "generator" in x and isinstance(x["generator"], str):
                params = x.get("params") or {}
                out[x["generator"] + json.dumps(params, sort_keys=True)] = (x["generator"], params)
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    for f in sorted((ROOT / "lessons").rglob("*.yaml")):
        walk(yaml.safe_load(f.read_text(encoding="utf-8")))
    return list(out.values())


def all_sets() -> list[tuple[str, dict[str, Any]]]:
    """Lesson sets, benchmark cases and :data:`EXTRA_SETS`, without repeats."""
    from benchmarks.bench_exercises import CASES

    seen: dict[str, tuple[str, dict[str, Any]]] = {}
    for name, params in [*lesson_sets(), *CASES, *EXTRA_SETS]:
        seen.setdefault(name + json.dumps(params, sort_keys=True), (name, params))
    return list(seen.values())


# ---------------------------------------------------------------------------
# small helpers
# ---------------------------------------------------------------------------


def _kinds(text: str) -> list[int]:
    from trainer.engine.notation import parse_tiles

    return [t.kind for t in parse_tiles(text, max_copies=None)] if text else []


def _hand(text: str):  # noqa: ANN202 - a Hand
    from trainer.engine.notation import parse_hand

    return parse_hand(text, check_size=False)


def _counts(kinds: list[int]) -> list[int]:
    c = [0] * 34
    for k in kinds:
        c[k] += 1
    return c


def _agari(counts: list[int]) -> bool:
    from mahjong.agari import Agari

    return Agari.is_agari(counts)


def brute_waits(hand: Any) -> frozenset[int]:
    """Every kind that completes the hand (``mahjong``'s Agari on the concealed tiles plus the
    kind), among kinds of which the hand does not already hold all four."""
    conc = _counts([t.kind for t in hand.concealed])
    held = hand.all_counts()
    out = set()
    for k in range(34):
        if held[k] >= 4:
            continue
        conc[k] += 1
        if _agari(conc):
            out.add(k)
        conc[k] -= 1
    return frozenset(out)


def oracle_shanten(counts: list[int], forms: str) -> int:
    """Shanten by ``mahjong``: the standard form, or the lowest over every form."""
    from mahjong.shanten import Shanten

    if forms == "standard" or sum(counts) < 13:
        return Shanten.calculate_shanten_for_regular_hand(counts)
    return Shanten.calculate_shanten(counts)


def _dora_of(k: int) -> int:
    if k < 27:
        return k - k % 9 + (k % 9 + 1) % 9
    if k < 31:
        return 27 + (k - 27 + 1) % 4
    return 31 + (k - 31 + 1) % 3


def set_by_rule(kinds: list[int]) -> str | None:
    a, b, c = sorted(kinds)
    if a == b == c:
        return "triplet"
    if c < 27 and a // 9 == c // 9 and b == a + 1 and c == a + 2:
        return "run"
    return None


def _in_group(k: int, group: str, seat: str, rnd: str) -> bool:
    winds = {"E": 27, "S": 28, "W": 29, "N": 30}
    simple = k < 27 and 1 <= k % 9 <= 7
    return {"simple": simple, "terminal": k < 27 and not simple, "honor": k >= 27, "yaochuu": not simple,
            "value": k >= 31 or k in (winds.get(seat), winds.get(rnd))}[group]


def _ceil100(x: float) -> int:
    return int(-(-x // 100) * 100)


def payment(han: int, fu: int, dealer: bool, tsumo: bool, preset: str = "tenhou") -> dict[str, int]:
    """Payments without honba, from the base-points formula and the limit table (kazoe yakuman
    at 13 han and kiriage mangan as the preset's rule data say)."""
    from trainer.engine.rules import load_rules

    rules = load_rules(preset)
    if han >= 13:
        base = 8000 if rules.kazoe_yakuman else 6000
    elif han >= 11:
        base = 6000
    elif han >= 8:
        base = 4000
    elif han >= 6:
        base = 3000
    elif han == 5:
        base = 2000
    else:
        base = fu * 2 ** (2 + han)
        base = 2000 if base >= 2000 or (rules.kiriage_mangan and base >= 1920) else base
    if not tsumo:
        return {"ron": _ceil100(base * (6 if dealer else 4))}
    if rules.players == 3:  # two payers; the absent North's share as the option says (000:3595-3610)
        each, from_dealer, from_other = {"tsumo_loss": (2, 2, 1), "north_split": (3, 2.5, 1.5),
                                         "dealer_double": (3, 8 / 3, 4 / 3)}[rules.three_player_tsumo]
        if dealer:
            return {"all": _ceil100(base * each)}
        return {"non_dealer": _ceil100(round(base * from_other, 6)), "dealer": _ceil100(round(base * from_dealer, 6))}
    if dealer:
        return {"all": _ceil100(base * 2)}
    return {"non_dealer": _ceil100(base), "dealer": _ceil100(base * 2)}


# ---------------------------------------------------------------------------
# safe tiles: the discard log replayed from the prompt
# ---------------------------------------------------------------------------


def _blocks_near(t: int) -> Iterator[tuple[int, ...]]:
    """Every one- or two-tile block that could make a set or pair with ``t`` (its suit, within two)."""
    yield (t,)
    yield (t, t)
    if t < 27:
        lo, hi = t - t % 9, t - t % 9 + 8
        for a in range(max(lo, t - 2), min(hi, t + 2) + 1):
            for b in range(a, min(hi, t + 2) + 1):
                if (a, b) != (t, t):
                    yield (a, b)


def _block_wins(block: tuple[int, ...]) -> frozenset[int]:
    """The tiles that complete a block (a single: its pair; two tiles: a set), by the engine's
    ``waits`` on the block plus a neutral pair (the pair's own tile dropped)."""
    from trainer.engine.hand import Hand
    from trainer.engine.tiles import Tile
    from trainer.engine.waits import waits

    if len(block) == 1:
        return frozenset(block)
    pair = next(k for k in (33, 32, 31) if k not in block)
    hand = Hand(tuple(Tile(k) for k in sorted([*block, pair, pair])))
    return frozenset(waits(hand)) - {pair}


def safe_tile_answer(ex: Any) -> frozenset[int]:
    """The safest tiles recomputed from the prompt: for each riichi player, the blocks that
    could still win on a tile (copies left to hold, no wait furiten); a tile is safest when
    its blocks, seen from the tile, lie among every other tile's against every player."""
    d = ex.prompt
    hand = _hand(d.hand)
    visible = _counts([*[t.kind for t in hand.all_tiles()], *(k for r in d.get("rivers") for k in _kinds(r)),
                       *_kinds(d.get("seen")), *_kinds(d.get("dora"))])
    furiten = [frozenset(_kinds(r)) | frozenset(_kinds(p)) for r, p in zip(d.get("rivers"), d.get("passed"),
                                                                          strict=True)]
    mine = sorted({t.kind for t in hand.concealed})

    def open_blocks(t: int, g: frozenset[int]) -> frozenset[tuple]:
        if t in g:
            return frozenset()
        out = set()
        for block in _blocks_near(t):
            wins = _block_wins(block)
            if t not in wins:
                continue
            need = _counts(list(block))
            if any(need[k] > 4 - visible[k] for k in set(block)):
                continue  # the riichi player cannot hold these tiles
            if len(block) == 2 and block[0] == block[1]:
                wins = frozenset({t})  # a pair-pair wait: the other pair is unknown
            if wins & g:
                continue  # that wait would be furiten
            out.add((tuple(k - t for k in block), tuple(sorted(k - t for k in wins))))
        return frozenset(out)

    rated = {t: [open_blocks(t, g) for g in furiten] for t in mine}
    return frozenset(t for t in mine if all(all(a <= b for a, b in zip(rated[t], rated[o], strict=True))
                                            for o in mine))


# ---------------------------------------------------------------------------
# the second route per question
# ---------------------------------------------------------------------------


def _win_context(d: Any):  # noqa: ANN202 - a WinContext
    from trainer.engine.notation import parse_tiles
    from trainer.engine.scoring import WinContext
    from trainer.engine.tiles import wind_kind

    return WinContext(
        win_tile=parse_tiles(d.get("win_tile"))[0], tsumo=d.get("by") == "tsumo",
        seat_wind=wind_kind(d.get("seat")), round_wind=wind_kind(d.get("round")),
        dora_indicators=parse_tiles(d.get("dora"), max_copies=None),
        ura_indicators=parse_tiles(d.get("ura"), max_copies=None),
        honba=d.get("honba"), riichi_sticks=d.get("sticks"), nuki=d.get("nuki") or 0,
        **{f: True for f in d.get("flags")},
    )


def score_oracle(hand: Any, ctx: Any, preset: str):  # noqa: ANN201 - a mahjong HandResponse or our result
    """Han and fu by the ``mahjong`` package configured as Tenhou (:mod:`benchmarks.bench_score`),
    for the Tenhou presets; a hand with four plain fives (no red ones) marks one as red for the
    package's tile ids and turns its red fives off.  Other presets (EMA, JPML) have rules the
    package does not model: they are scored by the engine under that preset, so for them this is
    a consistency check only."""
    from benchmarks.bench_score import _oracle_args

    if not preset.startswith("tenhou"):
        from trainer.engine.rules import load_rules
        from trainer.engine.scoring import score_hand

        r = score_hand(hand, ctx, load_rules(preset))
        return type("Res", (), {"error": None, "han": r.han, "fu": r.fu})()
    from mahjong.hand_calculating.hand import HandCalculator

    from trainer.engine.hand import Hand, Meld
    from trainer.engine.tiles import Tile

    counts = hand.all_counts()
    fours = {k for k in (4, 13, 22) if counts[k] == 4 and not any(t.red for t in hand.all_tiles() if t.kind == k)}
    if fours:
        def mark(tiles: tuple) -> tuple:
            out, done = [], set()
            for t in tiles:
                if t.kind in fours and t.kind not in done:
                    done.add(t.kind)
                    t = Tile(t.kind, True)
                out.append(t)
            return tuple(out)

        marked = mark(hand.concealed)
        left = fours - {t.kind for t in marked if t.red}
        melds = []
        for m in hand.melds:
            if left & {t.kind for t in m.tiles}:
                tiles = mark(m.tiles)
                called = m.called
                if called is not None and called not in tiles:  # the called five is the one marked red
                    called = next(t for t in tiles if t.kind == called.kind)
                m = Meld(m.kind, tiles, called, m.source)
                left -= {t.kind for t in m.tiles}
            melds.append(m)
        hand = Hand(marked, tuple(melds))
    args, kwargs = _oracle_args(hand, ctx)
    if fours or preset == "tenhou_no_aka":
        kwargs["config"].options.has_aka_dora = False
    return HandCalculator.estimate_hand_value(*args, **kwargs)


def second_answer(ex: Any, params: dict[str, Any]) -> Any:
    """The answer by the second route (see the module docstring); ``NotImplemented`` when the
    question has none here."""
    q, d = ex.prompt.question, ex.prompt
    if q == "tile_family":
        k = _kinds(d.tiles)[0]
        return frozenset({"honors" if k >= 27 else ("man", "pin", "sou")[k // 9]})
    if q == "tile_number":
        return frozenset({d.tiles[0].replace("0", "5")})
    if q in ("tile_name", "tile_for_name"):
        return frozenset({d.tiles or d.get("name")})
    if q in ("waits", "waits_count"):
        ws = brute_waits(_hand(d.hand))
        return ws if q == "waits" else len(ws)
    if q == "shanten":
        hand = _hand(d.hand)
        s = oracle_shanten(hand.counts(), str(d.get("forms")))
        return s + 1 if d.get("count") == "tiles_missing" else s
    if q == "best_discard":
        return _best_discards(_hand(d.hand), _kinds(d.get("visible") or ""))
    if q in ("fu_total", "fu_breakdown", "han_total", "yaku", "yaku_and_han"):
        hand = _hand(d.hand)
        res = score_oracle(hand, _win_context(d), d.get("preset") or "tenhou")
        if res.error:
            return ("oracle error", res.error)
        if q == "fu_total":
            return res.fu
        if q == "fu_breakdown":
            return ("fu total", res.fu, d.get("total"))
        if q == "han_total":
            return res.han
        return ("han", res.han, d.get("han"))
    if q == "payment":
        from trainer.engine.rules import load_rules

        preset = d.get("preset") or "tenhou"
        pay = payment(d.get("han"), d.get("fu"), d.get("dealer"), d.get("by") == "tsumo", preset)
        rules = load_rules(preset)
        per = rules.honba_points // (rules.players - 1) if d.get("by") == "tsumo" else rules.honba_points
        return tuple(pay[f] + d.get("honba") * per for f in d.get("fields"))
    if q == "dora_pick":
        return frozenset(_dora_of(k) for k in _kinds(d.get("indicators")))
    if q == "dora_count":
        hand = _hand(d.hand)
        dora = [_dora_of(k) for k in _kinds(d.get("indicators"))]
        reds = sum(t.red for t in hand.all_tiles()) if d.get("aka") else 0
        return sum(1 for t in hand.all_tiles() for k in dora if t.kind == k) + reds
    if q in ("tile_group", "tile_groups"):
        k = _kinds(d.tiles)[0]
        got = frozenset(o.value for o in d.options
                        if o.value != "none" and _in_group(k, o.value, d.get("seat", "E"), d.get("round", "E")))
        return got or frozenset({"none"})
    if q == "group_pick":
        return frozenset(k for k in _kinds(d.tiles) if _in_group(k, d.get("group"), d.get("seat", "E"),
                                                                  d.get("round", "E")))
    if q == "set_complete":
        a, b = _kinds(d.tiles)
        return frozenset(k for k in range(34) if (s := set_by_rule([a, b, k])) and d.get("sets") in ("any", s))
    if q == "set_judge":
        got = set_by_rule(_kinds(d.tiles))
        return frozenset({got if got in {o.value for o in d.options} else "not_set"})
    if q == "hand_complete":
        return frozenset({"yes" if _agari(_hand(d.hand).counts()) else "no"})
    if q == "hand_extra":  # every tile whose removal leaves a complete hand
        return _removals(_hand(d.hand).counts(), 1, _agari)
    if q == "hand_pair":  # every pair whose removal leaves sets only
        return _removals(_hand(d.hand).counts(), 2, _sets_only)
    if q == "furiten_ron":
        return _furiten_answer(ex)
    if q == "safe_tile":
        return safe_tile_answer(ex)
    if q.startswith("manners_"):
        return _manners_answer(ex)
    if q.startswith("kunto_"):
        return _kunto_answer(ex, params)
    if q.startswith("mcr_"):
        return _mcr_answer(ex)
    return NotImplemented


def _mcr_answer(ex: Any) -> Any:
    """MCR items: the waits by brute force (every kind added, the hand read by the MCR form
    readings, no fifth copy); the fans and totals of the common-practice preset by PyMahjongGB
    (the seed's preset differs from it on purpose: docs/rules.md §12)."""
    from trainer.engine.mcr.calculator import hand_groups
    from trainer.engine.mcr.forms import all_readings

    d = ex.prompt
    hand = _hand(d.hand)
    if d.question == "mcr_waits":
        melds = hand_groups(hand)
        held = hand.all_counts()
        out = set()
        for k in range(34):
            counts = hand.counts()
            counts[k] += 1
            if held[k] < 4 and all_readings(counts, melds):
                out.add(k)
        return frozenset(out)
    if d.get("rule_set") != "mcr_common" or d.question not in ("mcr_fans_total", "mcr_fans", "mcr_total"):
        return NotImplemented
    from tests.mcr_oracle import gb_fans
    from trainer.engine.exercises.mcr_drills import mcr_rules
    from trainer.engine.mcr import Situation
    from trainer.engine.tiles import parse_tile, wind_kind

    flags = set(d.get("flags", ()))
    sit = Situation(win=parse_tile(d.get("win_tile")).kind, self_drawn=d.get("by") == "tsumo",
                    seat=wind_kind(d.get("seat")), round=wind_kind(d.get("round")), flowers=d.get("flowers", 0),
                    **{f: f in flags for f in ("last_copy", "rinshan", "chankan", "haitei", "houtei")})
    rules = mcr_rules("mcr_common")
    got = gb_fans(hand, sit, rules.values)
    if got is None:
        return ("oracle refused the hand",)
    fans = frozenset(f for f in got if f != "flower_tiles")
    total = sum(rules.value(f) * n for f, n in got.items())
    return {"mcr_fans_total": (fans, total), "mcr_fans": fans, "mcr_total": total}[d.question]


def _removals(c: list[int], n: int, test: Any) -> frozenset[int]:
    """The kinds of which taking ``n`` copies out of ``c`` leaves counts that pass ``test``."""
    out = set()
    for k in range(34):
        if c[k] >= n:
            c[k] -= n
            if test(c):
                out.add(k)
            c[k] += n
    return frozenset(out)


def _sets_only(c: list[int]) -> bool:
    """Whether counts split into sets only (runs and triplets), by the oracle: add a far pair."""
    spare = next(k for k in (33, 32, 31, 30) if c[k] == 0)
    c[spare] += 2
    ok = _agari(c)
    c[spare] -= 2
    return ok


def _best_discards(hand: Any, seen: list[int]) -> frozenset[int]:
    """Discards leaving the lowest ``mahjong`` shanten, then the most tiles (copies not held or
    seen) that lower it further."""
    from mahjong.shanten import Shanten

    c = hand.counts()
    vis = _counts(seen)
    scored = {}
    for k in range(34):
        if not c[k]:
            continue
        c[k] -= 1
        s = Shanten.calculate_shanten(c)
        n = 0
        for w in range(34):
            if c[w] + vis[w] + (1 if w == k else 0) >= 4:
                continue
            c[w] += 1
            if Shanten.calculate_shanten(c) < s:
                n += 4 - (c[w] - 1) - vis[w] - (1 if w == k else 0)
            c[w] -= 1
        c[k] += 1
        scored[k] = (s, -n)
    top = min(scored.values())
    return frozenset(k for k, v in scored.items() if v == top)


def _furiten_answer(ex: Any) -> frozenset[str]:
    """Ron is allowed when the tile completes the hand and no winning tile is in the player's
    river or passed since the last discard (after riichi: since the declaration)."""
    d = ex.prompt
    hand = _hand(d.hand)
    ws = brute_waits(hand)
    tile = _kinds(d.tiles)[0]
    if tile not in ws:
        return frozenset({"no"})
    if ws & set(_kinds(d.get("river"))):
        return frozenset({"no"})
    if ws & set(_kinds(d.get("since"))):
        return frozenset({"no"})  # since your last discard, or (in riichi) since the declaration
    return frozenset({"yes"})  # a tile passed before your last discard no longer counts


def _manners_answer(ex: Any) -> frozenset[str]:
    from trainer.engine.exercises.manners import load_manners

    d = ex.prompt
    rule = next(r for r in load_manners() if r.code == d.get("rule"))
    if d.question == "manners_rank":
        return frozenset({rule.rank})
    right = d.question == "manners_right_action"
    good = [o.value for o in d.options if o.value.startswith("right:" if right else "wrong:")]
    return frozenset(good) if len(good) == 1 else ("ambiguous options", good)


def _kunto_answer(ex: Any, params: dict[str, Any]) -> Any:
    from trainer.engine.exercises.kunto import KuntoParams, variant_of
    from trainer.engine.variants import variant_shanten, variant_waits

    p = KuntoParams(**params)
    v = variant_of(p)
    hand = _hand(ex.prompt.hand)
    plain = v.is_plain
    if ex.prompt.question == "kunto_waits":
        return brute_waits(hand) if plain else frozenset(variant_waits(hand, v))
    if ex.prompt.question == "kunto_shanten":
        s = oracle_shanten(hand.counts(), "all") if plain else variant_shanten(hand, v)
        return s + 1 if ex.prompt.get("count") == "tiles_missing" else s
    # throw back: every answer tile leaves the lowest shanten there is (the ukeire tie-break is the engine's)
    after = {}
    for t in hand.concealed:
        rest = hand.without(t)
        after[t.kind] = oracle_shanten(rest.counts(), "all") if plain else variant_shanten(rest, v)
    low = min(after.values())
    return ex.answer if all(after[k] == low for k in ex.answer) else ("not lowest shanten", after)


# ---------------------------------------------------------------------------
# what the learner reads
# ---------------------------------------------------------------------------

CYRILLIC = re.compile("[\u0400-\u04ff]")
MARKUP = re.compile(r"\{[a-z]+:[^{}]*\}")
INTERNAL = re.compile(r"\b[a-z]+_[a-z_]+\b|\b(?:True|False)\b|^None$")


def texts(ex: Any, lang: str) -> tuple[str, list[str]]:
    """The prompt and the explanation lines of an item as the drill screen writes them."""
    from trainer.i18n import set_language
    from trainer.ui.views.exercise_labels import option_label, question_text
    from trainer.ui.views.explain import explain_item

    set_language(lang)
    prompt = question_text(ex, bool(dict(ex.params).get("kids")))
    prompt += " " + " ".join(option_label(o) for o in ex.prompt.options)
    lines = [line for line in (explain_item(i) for i in ex.explanation) if line]
    return prompt, lines


def text_problems(ex: Any) -> list[str]:
    """Empty explanations, dangling separators, internal ids, Russian in English."""
    out = []
    for lang in ("en", "ru"):
        prompt, lines = texts(ex, lang)
        if not lines:
            out.append(f"{lang}: no explanation line")
        for text in [prompt, *lines]:
            plain = MARKUP.sub("X", text)
            if re.search(r"[—:,·]\s*$", plain) or re.search(r"[—:,]\s*(\.|$)", plain.strip()):
                out.append(f"{lang}: dangling separator in {text!r}")
            if "{" in plain or "}" in plain:
                out.append(f"{lang}: unfilled placeholder in {text!r}")
            if INTERNAL.search(plain):
                out.append(f"{lang}: internal id in {text!r}")
            if lang == "en" and CYRILLIC.search(plain):
                out.append(f"en: Russian text in {text!r}")
    return out


def check_item(name: str, params: dict[str, Any], seed: int, render: bool = True) -> list[str]:
    """Every problem of one generated item: a wrong answer by the second route, an answer the
    learner cannot give, a text problem."""
    from trainer.engine.exercises import GENERATORS

    ex = GENERATORS[name].generate(params, seed)
    where = f"{name} {json.dumps(params, sort_keys=True)} seed {seed}"
    out = []
    want = second_answer(ex, params)
    if want is NotImplemented:
        pass
    elif ex.prompt.question in ("yaku", "yaku_and_han"):
        _tag, oracle_han, shown_han = want
        if oracle_han != shown_han:
            out.append(f"{where}: han {shown_han}, oracle {oracle_han}")
    elif ex.prompt.question == "fu_breakdown":
        if want[1] != want[2]:
            out.append(f"{where}: fu {want[2]}, oracle {want[1]}")
    elif want != ex.answer:
        out.append(f"{where}: answer {ex.answer!r}, second route {want!r}")
    if isinstance(ex.answer, frozenset) and not ex.answer:
        out.append(f"{where}: empty answer")
    if ex.prompt.input in ("choice", "multi_choice"):
        values = [o.value for o in ex.prompt.options]
        if not set(ex.answer) <= set(values):
            out.append(f"{where}: the answer is not among the options")
        if ex.prompt.input == "choice" and len(ex.answer) != 1:
            out.append(f"{where}: a one-choice question with {len(ex.answer)} right options")
    if not ex.check(_right_response(ex)):
        out.append(f"{where}: the right response is graded wrong")
    if render:
        out.extend(f"{where}: {p}" for p in text_problems(ex))
    return out


def _right_response(ex: Any) -> Any:
    if ex.prompt.input == "pick_tiles":
        if ex.prompt.question in ("best_discard", "kunto_discard", "safe_tile"):
            return [min(ex.answer)]
        return sorted(ex.answer)
    if ex.prompt.input == "choice":
        return next(iter(ex.answer))
    if ex.prompt.input == "multi_choice":
        return set(ex.answer)
    return ex.answer


def sweep(seeds: int) -> tuple[int, int, list[str], dict[str, int]]:
    """Check ``seeds`` items of every parameter set: (items, parameter sets, problems, items per generator)."""
    problems: list[str] = []
    per: dict[str, int] = {}
    sets = all_sets()
    n = 0
    for name, params in sets:
        for seed in range(seeds):
            try:
                problems.extend(check_item(name, params, seed, render=seed < 10))
            except Exception as e:  # generation itself failed: that is a problem too
                problems.append(f"{name} {params} seed {seed}: {type(e).__name__}: {e}")
            n += 1
            per[name] = per.get(name, 0) + 1
    return n, len(sets), problems, per


def main() -> None:
    """Run the sweep and print its figures."""
    seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    t = time.perf_counter()
    n, sets, problems, per = sweep(seeds)
    print(f"{n} items checked ({sets} parameter sets x {seeds} seeds; texts rendered for the first 10 seeds "
          f"in en and ru) in {time.perf_counter() - t:.0f} s")
    for name, k in sorted(per.items()):
        print(f"  {name:20s} {k}")
    print(f"disagreements and problems: {len(problems)}")
    for p in problems[:40]:
        print("  " + p)


if __name__ == "__main__":
    main()
