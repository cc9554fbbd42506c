"""The right answer of every quiz step, computed by the engine, and grading.

:func:`answer` asks the engine what the step's question means (the waits of the
hand, the shanten, the best discards, the fu items, ...) and returns an
:class:`Answer` with a structured explanation the UI renders.  :func:`grade`
compares a learner's response with it and returns :class:`Feedback`.
:func:`check_step` is the validator's view: the step must be answerable and
its ``expect:`` must agree.

Nothing here is authored except the ``correct:`` flags of textual ``choice``
options and the card order/boxes of ``arrange`` steps, which no engine can judge.
"""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from trainer.engine.hand import Hand
from trainer.engine.notation import NotationError, format_tiles, parse_hand, parse_tiles
from trainer.engine.tiles import (
    Tile,
    is_dragon,
    is_honor,
    is_simple,
    is_terminal,
    is_wind,
    is_yaochuu,
    kind_name,
    parse_tile,
    wind_kind,
)
from trainer.engine.variants import Variant as EngineVariant
from trainer.i18n import N_
from trainer.lessons.engine_words import engine_reason
from trainer.lessons.loader import TILES_IN_QUOTES
from trainer.lessons.model import (
    ArrangeStep,
    ChoiceStep,
    FuBreakdownStep,
    Lesson,
    NumberStep,
    PaifuStep,
    PickTilesStep,
    ShowStep,
    Variant,
    Win,
)
from trainer.lessons.say import Say

FILTERS = {
    "man": lambda k: k < 9,
    "pin": lambda k: 9 <= k < 18,
    "sou": lambda k: 18 <= k < 27,
    "numbers": lambda k: k < 27,
    "honors": is_honor,
    "winds": is_wind,
    "dragons": is_dragon,
    "terminals": is_terminal,
    "simples": is_simple,
    "yaochuu": is_yaochuu,
}
"""Tile-group filters of ``match`` questions and ``arrange`` boxes (engine predicates)."""


def riichi_rules_of(lesson: Lesson | None) -> Any:
    """The riichi rule set a lesson's answers are computed under (its preset; Tenhou without one)."""
    from trainer.engine.rules import load_rules

    return load_rules(lesson.preset if lesson else "tenhou")


def absent_kinds(lesson: Lesson | None) -> frozenset[int]:
    """Tile kinds the lesson's game does not hold (2m-8m in a sanma lesson; none in MCR or in
    four-player riichi), so a tile palette can leave them out."""
    from trainer.engine.mcr.table import MCR_PRESETS

    if lesson is not None and lesson.preset in MCR_PRESETS:
        return frozenset()
    return riichi_rules_of(lesson).removed_kinds


def dora_kinds(indicators: Iterable[Tile], lesson: Lesson | None = None) -> list[int]:
    """The dora kind each indicator points to, in order, under the lesson's preset (a sanma
    deck skips the removed tiles: 1m points to 9m)."""
    nxt = riichi_rules_of(lesson).dora_next
    return [nxt[t.kind] for t in indicators]


class AnswerError(ValueError):
    """The step's question has no answer (e.g. waits of a hand that is not tenpai);
    ``path`` is the field inside the step to blame, ``message`` a :class:`~trainer.lessons.say.Say`
    (``str(error)`` is its English)."""

    def __init__(self, message: str, path: tuple[str | int, ...] = ()) -> None:
        super().__init__(message)
        self.message = message if isinstance(message, Say) else engine_reason(message)
        self.path = path


@dataclass(frozen=True, slots=True)
class Answer:
    """The engine's answer to a step: ``value`` (a frozenset of tile kinds, an int, a
    frozenset of option indices, a tuple...) and explanation items (plain dicts with a
    ``kind`` key, e.g. ``{"kind": "wait", "tile": "2m", "shapes": ["kanchan"], "left": 4}``)."""

    value: Any
    explanation: tuple[dict[str, Any], ...] = ()
    display: str = ""


@dataclass(frozen=True, slots=True)
class Feedback:
    """The result of grading one response: right or not, the expected answer (display form
    and value) and the engine's explanation."""

    correct: bool
    expected: Any
    explanation: tuple[dict[str, Any], ...] = field(default=())
    display: str = ""


# ---------------------------------------------------------------------------
# Engine access
# ---------------------------------------------------------------------------


def _hand(step: Any, path: str = "hand") -> Hand:
    return parse_hand(getattr(step, path), check_size=False)


def _plain_variant(v: Variant | None) -> bool:
    return v is None or (not v.suits_ignored and v.dragons == "normal")


def by_rank(variant: Variant | None) -> bool:
    """True when the variant ignores suits: 3m, 3p and 3s are the same tile, so answers are
    graded by rank (as drills do with ``grade_by = "rank"``)."""
    return variant is not None and variant.suits_ignored


def rank_class(kind: int, variant: Variant | None) -> str:
    """The tile as the step's variant sees it (the engine's :meth:`Variant.tile_class`)."""
    if variant is None:
        return kind_name(kind)
    return EngineVariant(variant.suits_ignored, variant.dragons).tile_class(kind)


def _classes(kinds: Iterable[int], variant: Variant | None) -> frozenset[str]:
    return frozenset(rank_class(k, variant) for k in kinds)


def hand_shanten(hand: Hand, variant: Variant | None = None) -> int:
    """Shanten of a hand, read under the training variant if one is given."""
    return _shanten(hand, None if _plain_variant(variant) else (variant.suits_ignored, variant.dragons))  # type: ignore[union-attr]


def hand_waits(hand: Hand, variant: Variant | None = None) -> tuple[int, ...]:
    """Waited kinds of a 3n+1 hand, read under the training variant if one is given."""
    return _waits(hand, None if _plain_variant(variant) else (variant.suits_ignored, variant.dragons))  # type: ignore[union-attr]


@lru_cache(maxsize=4096)
def _shanten(hand: Hand, variant: tuple[bool, str] | None) -> int:
    if variant is None:
        from trainer.engine.shanten import shanten

        return shanten(hand)
    from trainer.engine.variants import Variant as EngineVariant
    from trainer.engine.variants import variant_shanten

    return variant_shanten(hand, EngineVariant(*variant))  # type: ignore[arg-type]


@lru_cache(maxsize=4096)
def _waits(hand: Hand, variant: tuple[bool, str] | None) -> tuple[int, ...]:
    if variant is None:
        from trainer.engine.waits import waits

        return tuple(waits(hand))
    from trainer.engine.exercises.kunto import kunto_waits
    from trainer.engine.variants import Variant as EngineVariant

    return tuple(sorted(kunto_waits(hand, EngineVariant(*variant))))  # type: ignore[arg-type]


def _wait_items(hand: Hand, variant: Variant | None, visible: Iterable[Tile] = ()) -> tuple[dict[str, Any], ...]:
    if not _plain_variant(variant):
        return tuple({"kind": "wait", "tile": kind_name(k)} for k in hand_waits(hand, variant))
    from trainer.engine.waits import wait_report

    rep = wait_report(hand, list(visible))
    items: list[dict[str, Any]] = [
        {"kind": "wait", "tile": kind_name(w.kind), "shapes": [s.value for s in w.shapes], "left": w.left,
         "readings": [str(r.reading) for r in w.readings]}
        for w in rep.tiles
    ]
    items.extend({"kind": "named_wait", "id": n.id, "tiles": format_tiles(n.tiles), "waits": format_tiles(n.waits)}
                 for n in rep.named)
    items.extend({"kind": "fifth_copy", "tile": kind_name(k)} for k in rep.fifth_copy)
    return tuple(items)


def _need_size(hand: Hand, rest: int, what: str, path: str = "hand") -> None:
    n = len(hand.concealed)
    if n % 3 != rest:
        want = "3n+1 tiles (waiting)" if rest == 1 else "3n+2 tiles (with the drawn or winning tile)"
        english = f"{what} needs a hand of {want}, this one has {hand.size}"
        msgid = (N_("{what} needs a waiting hand of 3n+1 tiles (1, 4, 7, 10 or 13); this one has {n}") if rest == 1
                 else N_("{what} needs a hand of 3n+2 tiles (2, 5, 8, 11 or 14, with the drawn or winning tile); "
                         "this one has {n}"))
        raise AnswerError(Say(msgid, english=english, what=what, n=hand.size), (path,))


def _kinds(tiles: Iterable[Tile]) -> frozenset[int]:
    return frozenset(t.kind for t in tiles)


def _tiles_text(kinds: Iterable[int]) -> str:
    return format_tiles(sorted(kinds))


# ---------------------------------------------------------------------------
# Scoring (the scoring engine's API: trainer.engine.scoring)
# ---------------------------------------------------------------------------


CANNOT_SCORE = N_("the engine cannot score this hand: {reason}")


def score(step: Any, lesson: Lesson | None) -> Any:
    """Score the step's complete hand with its ``win:`` under the lesson's preset."""
    from trainer.engine import scoring

    win: Win = step.win
    hand = _hand(step)
    rules = riichi_rules_of(lesson)
    ctx = win_context(win, hand)
    try:
        result = scoring.score_hand(hand, ctx, rules)
    except scoring.ScoringError as e:
        raise AnswerError(Say(CANNOT_SCORE, english=f"the engine cannot score this hand ({e.code}): {e}",
                              reason=engine_reason(str(e))), ("hand",)) from None
    except ValueError as e:
        raise AnswerError(Say(CANNOT_SCORE, english=f"the engine cannot score this hand: {e}",
                              reason=engine_reason(str(e))), ("hand",)) from None
    if result is None:
        raise AnswerError(Say(N_("the hand is not a winning hand with this win: (no yaku, or not complete)"),
                              english="the hand is not a winning hand with this win:"), ("hand",))
    return result


def mcr_rules_of(lesson: Lesson | None) -> Any:
    """The MCR preset of a lesson (its ``preset:`` when that names one, else the seed's ``mcr``)."""
    from trainer.engine.exercises.mcr_drills import mcr_rules
    from trainer.engine.mcr.table import MCR_PRESETS

    preset = lesson.preset if lesson is not None and lesson.preset in MCR_PRESETS else "mcr"
    return mcr_rules(preset)


def mcr_score(step: Any, lesson: Lesson | None) -> Any:
    """Score the step's complete hand with its ``win:`` by the MCR calculator (the lesson's MCR
    preset); the calculator's one-line errors become the step's errors."""
    from trainer.engine.mcr import McrError, Situation, score_mcr

    win: Win = step.win
    hand = _hand(step)
    tile = parse_tile(win.tile)
    sit = Situation(win=tile.kind, self_drawn=win.by == "tsumo", seat=wind_kind(win.seat), round=wind_kind(win.round),
                    last_copy=win.last_copy, rinshan=win.rinshan, chankan=win.chankan, haitei=win.haitei,
                    houtei=win.houtei, flowers=win.flowers)
    try:
        return score_mcr(hand, sit, mcr_rules_of(lesson))
    except McrError as e:
        raise AnswerError(Say(N_("the MCR calculator cannot score this hand: {reason}"),
                              english=f"the MCR calculator cannot score this hand ({e.code}): {e}",
                              reason=engine_reason(str(e))), ("hand",)) from None


def mcr_items(result: Any) -> tuple[dict[str, Any], ...]:
    """The MCR calculator's working as explanation items (fans, fans left out, total)."""
    from trainer.engine.exercises.mcr_drills import result_items

    return tuple(result_items(result))


def mcr_wait_kinds(step: Any, lesson: Lesson | None) -> tuple[int, ...]:
    """The winning tiles of the step's ready hand in every MCR form (knitted ones too)."""
    from trainer.engine.exercises.mcr_drills import mcr_waits

    hand = _hand(step)
    _need_size(hand, 1, "mcr_waits")
    return tuple(mcr_waits(hand, mcr_rules_of(lesson)))


def win_context(win: Win, hand: Hand) -> Any:
    """The scoring engine's ``WinContext`` for a lesson's ``win:`` mapping."""
    import dataclasses

    from trainer.engine import scoring

    tile = parse_tile(win.tile)
    if tile.kind not in {t.kind for t in hand.concealed}:
        raise AnswerError(Say(N_("the winning tile {tile} is not among the hand's concealed tiles"), tile=win.tile),
                          ("win", "tile"))
    values = {
        "win_tile": tile, "tsumo": win.by == "tsumo", "seat_wind": wind_kind(win.seat),
        "round_wind": wind_kind(win.round),
        "riichi": win.riichi, "double_riichi": win.double_riichi, "ippatsu": win.ippatsu,
        "haitei": win.haitei, "houtei": win.houtei, "rinshan": win.rinshan, "chankan": win.chankan,
        "tenhou": win.tenhou, "chiihou": win.chiihou,
        "dora_indicators": parse_tiles(win.dora) if win.dora else (),
        "ura_indicators": parse_tiles(win.ura) if win.ura else (),
        "honba": win.honba, "riichi_sticks": win.sticks, "nuki": win.nuki,
    }
    cls = scoring.WinContext
    names = {f.name for f in dataclasses.fields(cls)} if dataclasses.is_dataclass(cls) else set(values)
    return cls(**{k: v for k, v in values.items() if k in names})


# ---------------------------------------------------------------------------
# Answers per step kind
# ---------------------------------------------------------------------------


def answer(step: Any, lesson: Lesson | None = None) -> Answer:
    """The engine's answer to a quiz step (raises :class:`AnswerError` if it has none)."""
    if isinstance(step, PickTilesStep) and step.ask == "mcr_waits":
        return _mcr_waits(step, lesson)
    if isinstance(step, PickTilesStep):
        return _pick(step, lesson)
    if isinstance(step, NumberStep):
        return _number(step, lesson)
    if isinstance(step, ChoiceStep):
        return _choice(step, lesson)
    if isinstance(step, FuBreakdownStep):
        return _fu(step, lesson)
    if isinstance(step, ArrangeStep):
        return _arrange(step)
    if isinstance(step, PaifuStep) and step.ask is not None:
        return _paifu(step)
    raise AnswerError(Say(N_("a {kind} step has no answer"), kind=step.kind))


def _mcr_waits(step: PickTilesStep, lesson: Lesson | None) -> Answer:
    from trainer.engine.exercises.mcr_drills import wait_items

    ws = mcr_wait_kinds(step, lesson)
    if not ws:
        raise AnswerError(Say(N_("the hand is not ready in any MCR form: there are no waits to pick")), ("hand",))
    return Answer(frozenset(ws), tuple(wait_items(_hand(step), list(ws))), _tiles_text(ws))


def paifu_record(step: PaifuStep) -> Any:
    """The record of the hand a ``paifu`` step shows (AnswerError naming ``game`` when it cannot be read)."""
    from trainer.engine.game.paifu import example
    from trainer.engine.game.records import RecordError

    try:
        return example(step.game)
    except RecordError as e:
        raise AnswerError(Say(N_("the game record cannot be read: {reason}"), english=str(e),
                              reason=engine_reason(str(e))), ("game",)) from None


def _paifu(step: PaifuStep) -> Answer:
    """The cells of the record that answer the step (seat wind and turn, ``"S8"``)."""
    from trainer.engine.game.paifu import find_cells

    cells = find_cells(paifu_record(step), step.ask, step.seat, step.call)  # type: ignore[arg-type]
    if not cells:
        raise AnswerError(Say(N_("no cell of the record answers ask: {ask}"), ask=step.ask), ("ask",))
    items = tuple({"kind": "paifu_cell", "cell": c} for c in sorted(cells))
    return Answer(cells, items, " ".join(sorted(cells)))


def _pick(step: PickTilesStep, lesson: Lesson | None = None) -> Answer:
    ask = step.ask
    if ask == "waits":
        hand = _hand(step)
        _need_size(hand, 1, "ask: waits")
        ws = hand_waits(hand, step.variant)
        if not ws:
            raise AnswerError(Say(N_("the hand is not tenpai: there are no waits to pick")), ("hand",))
        return Answer(frozenset(ws), _wait_items(hand, step.variant, parse_tiles(step.visible)), _tiles_text(ws))
    if ask == "discard":
        hand = _hand(step)
        _need_size(hand, 2, "ask: discard")
        visible = parse_tiles(step.visible, max_copies=None) if step.visible else ()
        if not _plain_variant(step.variant):
            return _variant_discard(hand, step.variant, visible)  # type: ignore[arg-type]
        from trainer.engine.ukeire import discard_options

        opts = discard_options(hand, visible or None)
        best = [o for o in opts if (o.shanten_after, o.total) == (opts[0].shanten_after, opts[0].total)]
        items = tuple(
            {"kind": "discard", "tile": str(o.tile), "shanten": o.shanten_after, "ukeire": _tiles_text(o.ukeire),
             "total": o.total, "best": o in best}
            for o in opts
        )
        kinds = frozenset(o.tile.kind for o in best)
        return Answer(kinds, items, _tiles_text(kinds))
    if ask == "dora":
        ind = parse_tiles(step.dora)
        pointed = dora_kinds(ind, lesson)
        kinds = frozenset(pointed)
        items = tuple({"kind": "dora", "indicator": str(t), "dora": kind_name(d)} for t, d in zip(ind, pointed, strict=True))
        return Answer(kinds, items, _tiles_text(kinds))
    if ask == "complete_set":
        tiles = parse_tiles(step.tiles or "")
        if len(tiles) != 2:
            raise AnswerError(Say(N_("ask: complete_set needs exactly two tiles")), ("tiles",))
        held = [t.kind for t in tiles]
        out = {}
        for k in range(34):
            group = sorted([*held, k])
            if group[0] == group[2] and held.count(k) < 3:
                out[k] = "triplet"
            elif group[2] < 27 and group[0] // 9 == group[2] // 9 and group[1] == group[0] + 1 == group[2] - 1:
                out[k] = "run"
        if not out:
            raise AnswerError(Say(N_("no tile makes a set with these two tiles")), ("tiles",))
        items = tuple({"kind": "set", "tile": kind_name(k), "set": v} for k, v in sorted(out.items()))
        return Answer(frozenset(out), items, _tiles_text(out))
    # match
    pred = FILTERS[step.filter or ""]
    tiles = parse_tiles(step.tiles or "", max_copies=None)
    kinds = frozenset(t.kind for t in tiles if pred(t.kind))
    if not kinds:
        raise AnswerError(Say(N_("no tile of the row is in the group '{group}'"), group=step.filter), ("filter",))
    return Answer(kinds, ({"kind": "filter", "filter": step.filter, "tiles": _tiles_text(kinds)},), _tiles_text(kinds))


def _variant_discard(hand: Hand, variant: Variant, visible: Sequence[Tile]) -> Answer:
    """The throw-back of a training variant (the kunto rule, as the ``kunto_hand`` drill
    answers it): the discards that leave the lowest variant shanten, and among them those
    with the most live copies of the kinds that lower it further (four per kind, minus the
    copies in the hand, its melds and ``visible``).  With suits ignored every held tile of a
    best rank is a best discard."""
    from trainer.engine.variants import Variant as EngineVariant
    from trainer.engine.variants import variant_shanten_after_discards, variant_shanten_after_draws

    v = EngineVariant(variant.suits_ignored, variant.dragons)
    counts = hand.counts()
    used = [a - b for a, b in zip(hand.all_counts(), counts, strict=True)]
    seen = Counter(t.kind for t in visible)
    after = variant_shanten_after_discards(counts, v, None, used)
    scored = []
    for k, s in after.items():
        counts[k] -= 1
        draws = variant_shanten_after_draws(counts, v, None, used)
        better = [d for d, s2 in draws.items() if s2 < s]
        total = sum(max(0, 4 - counts[d] - used[d] - seen[d]) for d in better)
        counts[k] += 1
        scored.append((s, -total, k, better, total))
    scored.sort()
    top = scored[0][:2]
    kinds = frozenset(k for s, neg, k, _, _ in scored if (s, neg) == top)
    if by_rank(variant):  # 1m and 1p are the same tile: if one is a best discard, so is the other
        best = _classes(kinds, variant)
        kinds = frozenset(k for _, _, k, _, _ in scored if rank_class(k, variant) in best)
    items = tuple(
        {"kind": "discard", "tile": kind_name(k), "shanten": s, "ukeire": _tiles_text(better), "total": total,
         "best": k in kinds}
        for s, _, k, better, total in scored
    )
    return Answer(kinds, items, _tiles_text(kinds))


def _number(step: NumberStep, lesson: Lesson | None) -> Answer:
    hand = _hand(step)
    ask = step.ask
    if ask == "shanten":
        s = hand_shanten(hand, step.variant)
        items: tuple[dict[str, Any], ...] = ({"kind": "shanten", "shanten": s},)
        if _plain_variant(step.variant):
            from trainer.engine.shanten import sets_needed_for, shanten_by_form

            # the standard form's sets: how many a complete hand of this size holds (one for 4 tiles)
            sets = sets_needed_for(len(hand.concealed))
            items = tuple({"kind": "shanten_form", "form": f, "shanten": v, **({"sets": sets} if f == "standard" else {})}
                          for f, v in shanten_by_form(hand).items())
        return Answer(s, items, str(s))
    if ask == "waits_count":
        _need_size(hand, 1, "ask: waits_count")
        ws = hand_waits(hand, step.variant)
        return Answer(len(ws), _wait_items(hand, step.variant), str(len(ws)))
    if ask == "ukeire":
        from trainer.engine.ukeire import ukeire

        _need_size(hand, 1, "ask: ukeire")
        vis = parse_tiles(step.visible, max_copies=None) if step.visible else None
        uk = ukeire(hand, vis)
        total = sum(uk.values())
        items = tuple({"kind": "ukeire", "tile": kind_name(k), "left": n} for k, n in sorted(uk.items()))
        return Answer(total, items, str(total))
    if ask == "dora_count":
        if not step.dora:
            raise AnswerError(Say(N_("ask: dora_count needs dora: (the indicators)")), ())
        dk = dora_kinds(parse_tiles(step.dora), lesson)
        reds = hand.red_fives() if riichi_rules_of(lesson).red_fives else 0
        n = sum(dk.count(t.kind) for t in hand.all_tiles()) + reds
        return Answer(n, ({"kind": "dora", "dora": _tiles_text(set(dk)), "red": reds},), str(n))
    if ask == "mcr_shanten":
        from trainer.engine.mcr.shanten import mcr_shanten_by_form

        forms = mcr_shanten_by_form(hand)
        s = min(forms.values())
        return Answer(s, tuple({"kind": "mcr_shanten", "form": f, "shanten": v} for f, v in forms.items()), str(s))
    if ask in ("mcr_total", "mcr_points"):
        res = mcr_score(step, lesson)
        value = res.total if ask == "mcr_total" else res.payment.total
        items = (*mcr_items(res), {"kind": "mcr_payment", **res.payment.to_json()})
        return Answer(value, items if ask == "mcr_points" else mcr_items(res), str(value))
    result = score(step, lesson)
    value = {"fu": result.fu, "han": result.han, "points": _points_received(result)}[ask]
    return Answer(value, _score_items(result, step.win), str(value))


def _points_received(result: Any) -> int:
    """Everything the winner gains: the hand value plus honba and riichi sticks."""
    return int(result.payment.total)


def _score_items(result: Any, win: Any = None) -> tuple[dict[str, Any], ...]:
    """Explanation items of a score: each yaku with its han, each fu item, dora, the totals.  With the
    step's ``win`` the total also says what the honba and riichi sticks on the table added to the hand's
    own value (``value``, ``honba`` and ``honba_points``, ``sticks`` and ``stick_points``, from the
    engine's payment), so "7,700 + 2 honba × 200 = 8,100" can be shown."""
    items: list[dict[str, Any]] = [{"kind": "yaku", "id": y.id, "han": y.han, "yakuman": y.yakuman}
                                   for y in result.yaku]
    # each item with its tiles, and a triplet the ron tile finished marked (it counts as open)
    items.extend({"kind": "fu", "tiles": f.tiles, **f.to_json()} for f in result.fu_items)
    if result.dora:
        items.append({"kind": "dora", "count": result.dora, "nuki": result.dora_count.nuki})
    total = {"kind": "total", "han": result.han, "fu": result.fu, "limit": result.limit,
             "points": result.payment.total}
    if win is not None:
        pay = result.payment
        total |= {"value": pay.hand_value, "honba": getattr(win, "honba", 0) or 0, "honba_points": pay.honba,
                  "sticks": getattr(win, "sticks", 0) or 0, "stick_points": pay.sticks}
    items.append(total)
    return tuple(items)


def _yaku_ids(result: Any) -> frozenset[str]:
    return frozenset(i["id"] for i in _score_items(result) if i["kind"] == "yaku")


def _choice(step: ChoiceStep, lesson: Lesson | None) -> Answer:
    if step.ask is None:
        right = frozenset(i for i, o in enumerate(step.options) if o.correct)
        return Answer(right, (), "")
    hand = _hand(step)
    values: frozenset[str]
    items: tuple[dict[str, Any], ...] = ()
    if step.ask in ("shape", "named_shape"):
        _need_size(hand, 1, f"ask: {step.ask}")
        if not hand_waits(hand, step.variant):
            raise AnswerError(Say(N_("the hand is not tenpai: it has no wait shape")), ("hand",))
        items = _wait_items(hand, step.variant)
        if step.ask == "shape":
            values = frozenset(s for i in items if i["kind"] == "wait" for s in i.get("shapes", ()))
        else:
            values = frozenset(i["id"] for i in items if i["kind"] == "named_wait")
            if not values:
                raise AnswerError(Say(N_("the engine finds no named wait shape in this hand")), ("hand",))
    elif step.ask == "tenpai":
        _need_size(hand, 1, "ask: tenpai")
        values = frozenset({"yes" if hand_waits(hand, step.variant) else "no"})
    elif step.ask == "complete":
        _need_size(hand, 2, "ask: complete")
        values = frozenset({"yes" if hand_shanten(hand, step.variant) == -1 else "no"})
    elif step.ask in ("mcr_fans", "mcr_excluded", "mcr_minimum"):
        res = mcr_score(step, lesson)
        items = mcr_items(res)
        if step.ask == "mcr_fans":
            values = frozenset(f"mcr_{f}" for f in res.fans if f != "flower_tiles")
        elif step.ask == "mcr_excluded":
            values = frozenset(f"mcr_{d.id}" for d in res.excluded if d.id not in res.fans)
        else:
            values = frozenset({"yes" if res.meets_minimum else "no"})
    else:
        result = score(step, lesson)
        values = _yaku_ids(result)
        items = _score_items(result)
    right = frozenset(i for i, o in enumerate(step.options) if o.value in values)
    return Answer(right, items, ", ".join(sorted(values)))


def choice_values(ask: str) -> tuple[str, tuple[str, ...]] | None:
    """What the option values of a ``choice`` with ``ask`` name and every value the engine knows
    (its own names: wait shapes, named waits, yaku ids, MCR fan ids, yes/no); None when unknown."""
    if ask in ("tenpai", "complete", "mcr_minimum"):
        return "yes or no", ("yes", "no")
    if ask == "shape":
        from trainer.engine.waits import WaitShape

        return "a wait shape", tuple(w.value for w in WaitShape)
    if ask == "named_shape":
        from trainer.engine.waits import wait_patterns

        return "a named wait shape", tuple(sorted({p.id for p in wait_patterns()}))
    if ask == "yaku":
        from trainer.engine.rules import _load_yaku_table

        return "a yaku id", tuple(sorted(_load_yaku_table()))
    if ask in ("mcr_fans", "mcr_excluded"):
        from trainer.engine.mcr.table import base_fans

        return "an MCR fan id", tuple(sorted(f"mcr_{k}" for k in base_fans()))
    return None


_VALUE_KINDS = {"yes or no": N_("yes or no"), "a wait shape": N_("a wait shape"),
                "a named wait shape": N_("a named wait shape"), "a yaku id": N_("a yaku id"),
                "an MCR fan id": N_("an MCR fan id")}
"""What the option values of an engine-decided ``choice`` name (:func:`choice_values`), as message ids."""


def choice_value_problems(step: ChoiceStep) -> list[tuple[tuple[str | int, ...], str]]:
    """Option values of an engine-decided ``choice`` that the engine does not know (a typo such as
    ``kanchen``): one problem at each such option's ``value``, naming the values it knows."""
    if step.ask is None:
        return []
    try:
        known = choice_values(step.ask)
    except (ImportError, OSError, KeyError, ValueError):
        return []
    if known is None:
        return []
    what, names = known
    out: list[tuple[tuple[str | int, ...], str]] = []
    for i, o in enumerate(step.options):
        if o.value is None or o.value in names:
            continue
        family = [n for n in names if n.startswith(f"{o.value}_")]  # "yakuhai" for yakuhai_haku, _hatsu, ...
        close = [" / ".join(family)] if len(family) > 1 else difflib.get_close_matches(o.value, names, n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        listed = " ".join(names) if len(names) <= 20 else ", ".join(names[:12]) + ", ..."
        english = f"'{o.value}' is not {what}{hint}; use one of {listed}"
        kind = Say(_VALUE_KINDS.get(what, what))
        said = (Say(N_("“{value}” is not {kind} (did you mean “{close}”?); use one of: {names}"), english=english,
                    value=o.value, kind=kind, close=close[0], names=listed) if close else
                Say(N_("“{value}” is not {kind}; use one of: {names}"), english=english, value=o.value, kind=kind,
                    names=listed))
        out.append((("options", i, "value"), said))
    return out


def _fu(step: FuBreakdownStep, lesson: Lesson | None) -> Answer:
    result = score(step, lesson)
    items = tuple(i for i in _score_items(result) if i["kind"] == "fu")
    return Answer(result.fu, items, str(result.fu))


def _arrange(step: ArrangeStep) -> Answer:
    if step.ask == "sort":
        tiles = parse_tiles(step.tiles or "", max_copies=None)
        order = tuple(sorted(tiles))
        return Answer(order, (), format_tiles(order))
    if step.ask == "split":
        from trainer.engine.decompose import readings

        hand = _hand(step)
        rs = readings(hand)
        if not rs:
            raise AnswerError(Say(N_("the hand is not complete: it cannot be split into sets and a pair")), ("hand",))
        value = frozenset(_reading_key(r) for r in rs)
        # Each reading with its groups (what each one is and its tiles), so it is drawn as tile
        # groups and named in words (trainer.ui.views.explain.reading_markup), never as raw text.
        return Answer(value, tuple({"kind": "reading", "reading": str(r),
                                    "groups": [{"set": g.kind.value, "tiles": str(g)} for g in r.groups]}
                                   for r in rs), str(rs[0]))
    if step.ask == "order":
        return Answer(tuple(range(len(step.cards))), ())
    if step.tiles:
        tiles = parse_tiles(step.tiles, max_copies=None)
        boxes = []
        for j, t in enumerate(tiles):
            fits = [b for b, box in enumerate(step.boxes) if FILTERS[box.filter or ""](t.kind)]
            if len(fits) != 1:
                raise AnswerError(Say(N_("tile {number} ({tile}) fits {n} boxes; it must fit exactly one"),
                                      number=j + 1, tile=str(t), n=len(fits)), ("boxes",))
            boxes.append(fits[0])
        return Answer(tuple(boxes), ())
    return Answer(tuple(c.box for c in step.cards), ())


def _reading_key(reading: Any) -> tuple[tuple[str, int], ...]:
    return tuple(sorted((g.kind.value, g.first) for g in reading.groups))


# ---------------------------------------------------------------------------
# Grading
# ---------------------------------------------------------------------------


def _as_kinds(response: Any) -> frozenset[int]:
    if isinstance(response, str):
        return _kinds(parse_tiles(response, max_copies=None))
    out = set()
    for r in response:
        if isinstance(r, Tile):
            out.add(r.kind)
        elif isinstance(r, int):
            out.add(r)
        else:
            out.add(parse_tile(str(r)).kind)
    return frozenset(out)


def grade(step: Any, response: Any, lesson: Lesson | None = None) -> Feedback:
    """Grade a learner's response to a quiz step against the engine's answer.

    Responses: ``pick_tiles`` tiles (Tile, kind ints or MPSZ); ``number`` an int;
    ``choice`` an option index or a set of indices; ``fu_breakdown`` the total fu (int)
    or a list of ``(item id, fu)``; ``arrange`` a sequence: tiles for ``sort``, groups
    (MPSZ strings) for ``split``, card indices for ``order``, box indices per tile or card
    for ``boxes``.  For ``discard`` any one of the equally best tiles is right.  With suits
    ignored (``variant: {suits_ignored: true}``) ``waits`` and ``discard`` are graded by rank
    (:func:`rank_class`): 2m is right for a wait on any 2.
    """
    ans = answer(step, lesson)
    ok: bool
    if isinstance(step, PickTilesStep):
        got: Any = _as_kinds(response)
        want: Any = ans.value
        if step.ask in ("waits", "discard") and by_rank(step.variant):
            got, want = _classes(got, step.variant), _classes(want, step.variant)
        ok = bool(got) and got <= want if step.ask == "discard" else got == want
    elif isinstance(step, NumberStep):
        ok = _int(response) == ans.value
    elif isinstance(step, ChoiceStep):
        got = frozenset([response]) if isinstance(response, int) else frozenset(response)
        ok = got == ans.value if step.multiple else (len(got) == 1 and got <= ans.value)
    elif isinstance(step, FuBreakdownStep):
        if isinstance(response, int):
            ok = response == ans.value
        else:
            want = sorted((i["id"], i["fu"]) for i in ans.explanation)
            ok = sorted((str(a), int(b)) for a, b in response) == want
    elif isinstance(step, ArrangeStep):
        ok = _grade_arrange(step, response, ans)
    elif isinstance(step, PaifuStep):
        ok = str(response) in ans.value  # any one of the right cells
    else:
        raise AnswerError(Say(N_("a {kind} step is not graded"), kind=step.kind))
    return Feedback(ok, ans.value, ans.explanation, ans.display)


def _int(x: Any) -> int | None:
    try:
        return int(x)
    except (TypeError, ValueError):
        return None


def _grade_arrange(step: ArrangeStep, response: Any, ans: Answer) -> bool:
    if step.ask == "sort":
        got = tuple(parse_tile(r) if isinstance(r, str) else r for r in response)
        return [t.kind for t in got] == [t.kind for t in ans.value] and sorted(got) == sorted(ans.value)
    if step.ask == "split":
        from trainer.engine.decompose import GroupKind

        groups = []
        for g in response:
            kinds = sorted(t.kind for t in (parse_tiles(g, max_copies=None) if isinstance(g, str) else g))
            if len(kinds) == 2 and kinds[0] == kinds[1]:
                groups.append((GroupKind.PAIR.value, kinds[0]))
            elif len(kinds) == 3 and kinds[0] == kinds[2]:
                groups.append((GroupKind.TRIPLET.value, kinds[0]))
            elif len(kinds) == 3 and kinds[2] < 27 and kinds[0] + 1 == kinds[1] == kinds[2] - 1 and kinds[0] // 9 == kinds[2] // 9:
                groups.append((GroupKind.RUN.value, kinds[0]))
            else:
                return False
        return tuple(sorted(groups)) in ans.value
    return tuple(response) == ans.value


# ---------------------------------------------------------------------------
# Validation: answerable steps and author expects
# ---------------------------------------------------------------------------


def _cmp_tiles(expect: str, got: frozenset[int], variant: Variant | None = None) -> str | None:
    """Why ``expect`` disagrees with the engine's tiles (None if it agrees); with suits
    ignored the tiles are compared by rank, as the learner's answer is graded."""
    want = _kinds(parse_tiles(expect, max_copies=None))
    if by_rank(variant):
        if _classes(want, variant) != _classes(got, variant):
            return Say(N_("you wrote {want} (by rank: {want_ranks}), but the engine finds {got} (by rank: {got_ranks})"),
                       english=f"expect {_tiles_text(want)} (by rank: {_ranks_text(want, variant)}) but the engine "
                               f"finds {_tiles_text(got) or 'none'} (by rank: {_ranks_text(got, variant) or 'none'})",
                       want=_tiles_text(want), want_ranks=_ranks_text(want, variant),
                       got=_tiles_text(got) or Say(NONE), got_ranks=_ranks_text(got, variant) or Say(NONE))
        return None
    if want != got:
        return Say(N_("you wrote {want}, but the engine finds {got}"),
                   english=f"expect {_tiles_text(want)} but the engine finds {_tiles_text(got) or 'none'}",
                   want=_tiles_text(want), got=_tiles_text(got) or Say(NONE))
    return None


NONE = N_("nothing")
EXPECT_COMPUTES = N_("you wrote {want}, but the engine computes {got}")


def _ranks_text(kinds: Iterable[int], variant: Variant | None) -> str:
    order = [str(r) for r in range(1, 11)] + ["joker"]
    classes = _classes(kinds, variant)
    return " ".join(sorted(classes, key=lambda c: (order.index(c) if c in order else len(order), c)))


def check_step(step: Any, lesson: Lesson) -> list[tuple[tuple[str | int, ...], str]]:
    """Problems of one step as (path inside the step, message): unanswerable questions,
    ``expect:`` values the engine disagrees with, options that cannot be right."""
    out: list[tuple[tuple[str | int, ...], str]] = []
    if isinstance(step, ShowStep):
        return _check_show(step, lesson)
    if isinstance(step, PaifuStep) and step.ask is None:
        paifu_record(step)  # the hand must exist and replay
        return out
    if step.kind in ("text", "drill", "play"):
        return out
    if isinstance(step, ArrangeStep) and step.ask in ("order",):
        return out
    if isinstance(step, ChoiceStep) and (bad := choice_value_problems(step)):
        return bad  # a value the engine does not know: say that, not "no option is right"
    ans = answer(step, lesson)
    expect = getattr(step, "expect", None)
    if isinstance(step, PickTilesStep):
        variant = step.variant if step.ask in ("waits", "discard") else None
        if expect is not None and (msg := _cmp_tiles(expect, ans.value, variant)):
            out.append((("expect",), msg))
    elif isinstance(step, PaifuStep):
        if expect is not None and frozenset(expect) != ans.value:
            out.append((("expect",), Say(N_("you wrote {want}, but the record's cells are {got}"),
                                         english=f"expect {sorted(expect)} but the record's cells are {ans.display}",
                                         want=sorted(expect), got=ans.display)))
    elif isinstance(step, NumberStep | FuBreakdownStep):
        if expect is not None and expect != ans.value:
            out.append((("expect",), Say(EXPECT_COMPUTES, english=f"expect {expect} but the engine computes {ans.value}",
                                         want=expect, got=ans.value)))
    elif isinstance(step, ChoiceStep) and step.ask is not None:
        right_values = sorted({step.options[i].value for i in ans.value})  # type: ignore[misc]
        if not ans.value:
            out.append((("options",), Say(N_("no option is right: the engine's answer is {answer}"),
                                          answer=ans.display or Say(NONE))))
        elif len(ans.value) > 1 and not step.multiple:
            out.append((("multiple",), Say(N_("the engine finds {n} right options ({values}): add multiple: true or "
                                              "change the options"), n=len(ans.value), values=right_values)))
        if expect is not None and sorted(set(expect)) != right_values:
            out.append((("expect",), Say(N_("you wrote {want}, but the engine's right options are {got}"),
                                         english=f"expect {sorted(set(expect))} but the engine's right options are "
                                                 f"{right_values}",
                                         want=sorted(set(expect)), got=right_values or Say(NONE))))
    return out


SHOW_FACTS = ("waits", "shanten", "shape", "named_shape", "ukeire", "readings", "score", "fu_items", "mcr_score",
              "mcr_waits")


def show_facts(step: ShowStep, lesson: Lesson | None = None) -> dict[str, Any]:
    """The engine facts a ``show`` step reveals or expects, keyed like ``reveal:``.

    ``shape`` (the basic shapes of the wait: kanchan, tanki, ...) also brings ``named_shape``: the
    named shapes the engine finds for the whole wait (kantan, nobetan, sanmenchan, ...; see
    :func:`trainer.engine.waits.named_waits`), so "kanchan, tanki" is shown as the kantan it is."""
    hand = _hand(step)
    facts: dict[str, Any] = {}
    wanted = [*step.reveal, *step.expect]
    if "shape" in wanted:
        wanted.append("named_shape")
    for fact in dict.fromkeys(wanted):
        if fact == "shanten":
            facts[fact] = hand_shanten(hand, step.variant)
        elif fact == "waits":
            _need_size(hand, 1, "waits")
            facts[fact] = frozenset(hand_waits(hand, step.variant))
        elif fact == "shape":
            items = _wait_items(hand, step.variant)
            facts[fact] = frozenset(s for i in items if i["kind"] == "wait" for s in i.get("shapes", ()))
        elif fact == "named_shape":
            items = _wait_items(hand, step.variant)
            facts[fact] = tuple(dict.fromkeys(i["id"] for i in items if i["kind"] == "named_wait"))
        elif fact == "ukeire":
            from trainer.engine.ukeire import ukeire

            _need_size(hand, 1, "ukeire")
            vis = parse_tiles(step.visible, max_copies=None) if step.visible else None
            facts[fact] = sum(ukeire(hand, vis).values())
            # a tenpai hand's ukeire are its winning tiles; before tenpai they only bring it closer
            facts["ukeire_tenpai"] = hand_shanten(hand, step.variant) <= 0
        elif fact == "readings":
            from trainer.engine.decompose import readings

            facts[fact] = len(readings(hand))
        elif fact == "mcr_score":
            if step.win is None:
                raise AnswerError(Say(N_("mcr_score needs win: (how the hand was won)"),
                                      english="mcr_score needs win:"), ("win",))
            res = mcr_score(step, lesson)
            facts[fact] = {"total": res.total, "fans": [f for f in res.fans if f != "flower_tiles"],
                           "meets": res.meets_minimum, "items": mcr_items(res)}
        elif fact == "mcr_waits":
            facts[fact] = frozenset(mcr_wait_kinds(step, lesson))
        elif fact in ("score", "fu_items"):
            if step.win is None:
                raise AnswerError(Say(N_("{fact} needs win: (how the hand was won)"), english=f"{fact} needs win:",
                                      fact=fact), ("win",))
            result = score(step, lesson)
            if fact == "fu_items":  # the itemised fu (id, fu) and the rounded total they make
                facts[fact] = tuple((f.id, f.fu) for f in result.fu_items)
                facts["fu_total"] = result.fu
            else:  # a yakuman hand is counted in yakuman, not han and fu
                facts[fact] = {"han": result.han, "fu": result.fu, "yakuman": result.yakuman,
                               "limit": result.limit, "points": result.payment.total,
                               "yaku": tuple((y.id, y.han, y.yakuman) for y in result.yaku),
                               "dora": result.dora, "nuki": result.dora_count.nuki}
    return facts


def _check_show(step: ShowStep, lesson: Lesson) -> list[tuple[tuple[str | int, ...], str]]:
    out: list[tuple[tuple[str | int, ...], str]] = []
    if step.highlight and step.hand:
        hand = Counter(t.kind for t in _hand(step).all_tiles())
        for t in parse_tiles(step.highlight):
            if hand[t.kind] <= 0:
                out.append((("highlight",), Say(N_("the highlighted tile {tile} is not in the hand"),
                                                english=f"highlighted tile {t} is not in the hand", tile=str(t))))
                break
            hand[t.kind] -= 1
    if not (step.reveal or step.expect):
        return out
    slips = [(("expect", fact), slip) for fact, want in step.expect.items() if (slip := _expect_slip(fact, want))]
    if slips:
        return out + slips
    facts = show_facts(step, lesson)
    for fact, want in step.expect.items():
        got = facts[fact]
        if fact == "waits":
            msg = _cmp_tiles(str(want), got, step.variant)
            if msg:
                out.append((("expect", "waits"), msg))
            if not got:
                out.append((("hand",), Say(N_("the hand is not tenpai: it has no waits"))))
        elif fact == "shape":
            w = frozenset([want] if isinstance(want, str) else want)
            if w != got:
                out.append((("expect", "shape"), _finds(sorted(w), sorted(got))))
        elif fact == "named_shape":
            w = frozenset([want] if isinstance(want, str) else want or ())
            if w != frozenset(got):
                out.append((("expect", "named_shape"), _finds(sorted(w), sorted(got))))
        elif fact == "mcr_waits":
            msg = _cmp_tiles(str(want), got)
            if msg:
                out.append((("expect", "mcr_waits"), msg))
        elif fact == "mcr_score":
            shown = {k: v for k, v in got.items() if k != "items"}
            if not isinstance(want, dict) or any(
                    (sorted(shown.get(k, ())) != sorted(v)) if k == "fans" else shown.get(k) != v
                    for k, v in want.items()):
                out.append((("expect", "mcr_score"), Say(
                    N_("you wrote {want}, but the MCR calculator computes {got}"),
                    english=f"expect {want} but the MCR calculator computes {shown}", want=_mapping_text(want),
                    got=_mapping_text(shown))))
        elif fact == "score":
            if not isinstance(want, dict) or any(got.get(k) != v for k, v in want.items()):
                out.append((("expect", "score"), Say(EXPECT_COMPUTES, english=f"expect {want} but the engine computes "
                                                                      f"{got}", want=_mapping_text(want),
                                                     got=_mapping_text(got))))
        elif want != got:
            out.append((("expect", fact), Say(EXPECT_COMPUTES, english=f"expect {want} but the engine computes {got}",
                                              want=_mapping_text(want), got=_mapping_text(got))))
    return out


_EXPECT_FORMS = {"waits": "tiles", "mcr_waits": "tiles", "shape": "names", "named_shape": "names",
                 "shanten": "number", "ukeire": "number", "readings": "number", "score": "mapping",
                 "mcr_score": "mapping"}
"""How a ``show`` step's ``expect:`` writes each fact: MPSZ tiles, a name or a list of names, a whole
number, a mapping of facts (``{han: 2, fu: 40}``)."""
_FORM_WORDS = {
    "tiles": Say(TILES_IN_QUOTES, example="36m"),
    "names": Say(N_("write a name or a list of names, e.g. [ryanmen, tanki]")),
    "number": Say(N_("must be a whole number")),
    "mapping": Say(N_("must be a mapping (key: value lines)")),
}


def _expect_slip(fact: str, want: Any) -> Say | None:
    """Why a ``show`` step's ``expect: {fact: want}`` is not written the way the fact is (None when
    it is, or for a fact without a fixed form)."""
    form = _EXPECT_FORMS.get(fact)
    fits = {"tiles": isinstance(want, str),
            "names": isinstance(want, str) or (isinstance(want, list) and all(isinstance(x, str) for x in want)),
            "number": isinstance(want, int) and not isinstance(want, bool),
            "mapping": isinstance(want, dict)}.get(form or "", True)
    if not fits:
        return _FORM_WORDS[form]  # type: ignore[index]
    if form == "tiles":
        try:
            parse_tiles(want, max_copies=None)
        except NotationError as e:
            return Say(N_("bad tile notation '{text}': {problem}"), text=want, problem=engine_reason(e.problem))
    return None


def _finds(want: list[str], got: list[str]) -> Say:
    return Say(N_("you wrote {want}, but the engine finds {got}"), english=f"expect {want} but the engine finds {got}",
               want=want or Say(NONE), got=got or Say(NONE))


def _mapping_text(value: Any) -> str:
    """An ``expect:`` value or an engine fact for people: ``han: 1, fu: 40`` (not a Python dict)."""
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_mapping_text(v)}" for k, v in value.items() if k != "items")
    if isinstance(value, list | tuple | set | frozenset):
        return "[" + ", ".join(_mapping_text(v) for v in (sorted(value, key=str) if isinstance(value, set | frozenset)
                                                          else value)) + "]"
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


def kinds_text(kinds: Sequence[int] | frozenset[int]) -> str:
    """MPSZ text of a set of kinds (how answers are displayed)."""
    return _tiles_text(kinds)
