"""Scoring drills: fu (``fu_count``, curriculum §3.1 #19), points (``points_lookup``, #20)
and yaku (``yaku_identify``, #18).

Winning hands and their situations come from :func:`trainer.engine.scoring_random.random_win`;
every answer (fu items, han, yaku, payments) comes from the scoring engine
(:func:`trainer.engine.scoring.score_hand`, :func:`trainer.engine.points.hand_value`)
under the preset named by ``preset`` — ``sanma`` gives three-player hands (no 2m-8m, no chi,
Norths set aside as nukidora: ``nuki`` in the prompt data) and three-player payments.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
from functools import cache
from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from trainer.engine.decompose import Form, GroupKind, readings
from trainer.engine.exercises.base import Exercise, GeneratorError, Option, PresetParams, draft, shuffled
from trainer.engine.hand import Hand, Meld, MeldKind
from trainer.engine.notation import format_hand, format_tiles
from trainer.engine.points import hand_value, payers
from trainer.engine.rules import Rules, load_rules
from trainer.engine.scoring import ScoreResult, ScoringError, WinContext, score_hand, situation_problem
from trainer.engine.scoring_random import random_win
from trainer.engine.tiles import NORTH, WIND_LETTERS, Tile
from trainer.engine.waits import waits as hand_waits
from trainer.engine.yaku import yaku_info

SITUATIONAL_FLAGS = ("riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan")


@cache
def rules_for(preset: str) -> Rules:
    """The rules of a preset, loaded once."""
    return load_rules(preset)


def _context_data(hand: Hand, ctx: WinContext) -> dict[str, Any]:
    """The win situation as structured prompt data (winds as letters, tiles as MPSZ)."""
    return {
        "win_tile": str(ctx.win_tile),
        "by": "tsumo" if ctx.tsumo else "ron",
        "seat": WIND_LETTERS[ctx.seat_wind - 27],
        "round": WIND_LETTERS[ctx.round_wind - 27],
        "flags": tuple(f for f in SITUATIONAL_FLAGS if getattr(ctx, f)),
        "dora": format_tiles(ctx.dora_indicators, sort=False),
        "ura": format_tiles(ctx.ura_indicators, sort=False),
        "honba": ctx.honba,
        "sticks": ctx.riichi_sticks,
        "nuki": ctx.nuki,
    }


def _score_items(result: ScoreResult) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = [{"kind": "yaku", "id": y.id, "han": y.han, "yakuman": y.yakuman} for y in result.yaku]
    # each item with its tiles, and a triplet the ron tile finished marked (it counts as open)
    items.extend({"kind": "fu", "tiles": f.tiles, **f.to_json()} for f in result.fu_items)
    if result.dora:
        dc = result.dora_count
        items.append({"kind": "dora", "count": result.dora, "dora": dc.dora, "ura": dc.ura, "aka": dc.aka,
                      "nuki": dc.nuki})
    # the hand's value alone: these drills show no honba or riichi sticks, and a learner checks the
    # figure against the payment table
    items.append({"kind": "total", "han": result.han, "fu": result.fu, "limit": result.limit,
                  "wait": result.placement.shape.value, "reading": str(result.reading),
                  "points": result.payment.hand_value})
    return items


def equal_readings(result: ScoreResult) -> tuple[tuple[tuple[str, int], ...], ...]:
    """The fu items ``(id, fu)`` of every reading of the hand that scores it exactly as the chosen
    one does (a valid reading with the same han and fu, so the same points), the chosen reading
    first and each set of items once: the engine's ``alternatives`` that tie with the best.  A
    7p in 34455667777889p is the pair's wait (tanki), the middle of 6_8p (kanchan) or the edge of
    89_p (penchan): 20 + 2 + 2 = 24 → 30 fu whichever way it is read."""
    chosen = tuple((f.id, f.fu) for f in result.fu_items)
    out = [chosen]
    seen = {tuple(sorted(chosen))}
    if result.yakuman:
        return tuple(out)
    for alt in result.alternatives:
        if not alt.valid or alt.yakuman or alt.han != result.han or alt.fu != result.fu:
            continue
        items = tuple((f.id, f.fu) for f in alt.fu_items)
        key = tuple(sorted(items))
        if key not in seen:
            seen.add(key)
            out.append(items)
    return tuple(out)


FIRST_TURN_FLAGS = ("tenhou", "chiihou", "renhou")
"""Wins on the first turn, before any discard of one's own: nothing else can have happened yet."""

NEVER_TOGETHER: tuple[tuple[frozenset[str], str], ...] = (
    (frozenset({"riichi", "double_riichi"}), "riichi is declared once: on the first discard or later"),
    (frozenset({"ippatsu", "rinshan"}), "the winner's own kan after the riichi ends the ippatsu"),
    (frozenset({"double_riichi", "ippatsu", "haitei"}),
     "ippatsu after a double riichi falls in the first go-around, far from the last tile"),
    (frozenset({"double_riichi", "ippatsu", "houtei"}),
     "ippatsu after a double riichi falls in the first go-around, far from the last discard"),
    (frozenset({"double_riichi", "ippatsu", "chankan"}),
     "the robbed kan needs a pon: before the first discard it stops the double riichi, after it the ippatsu"),
    *((frozenset({first, later}), f"{first} comes long before {later}")
      for first, later in (("tenhou", "haitei"), ("chiihou", "haitei"), ("renhou", "houtei"), ("renhou", "chankan"))),
)
"""Situation flags a drill never shows together, each with why; what the scorer refuses itself
(:func:`~trainer.engine.scoring.situation_problem`: two last-tile wins, a first-turn win with
riichi or a call ...) is not repeated here.  A double riichi wins with both flags at the table
(the game passes ``riichi`` too): the drill shows one.  The others cannot happen at a four-player
table under any of our presets, but the scorer takes them: the ``mahjong`` package it is checked
against scores them, and its differential draws them (ippatsu with rinshan, a double riichi's
ippatsu with a last-tile win or a robbed kan); the training tables (a short wall) and three
players' Norths (a North robbed where setting it aside is no call) can bring a first-turn win
near the end of the wall or onto a robbed tile.  The game engine ends every ippatsu at any call or
kan, the winner's own closed kan included (docs/game.md, "Ippatsu")."""


def _copies_clash(hand: Hand, ctx: WinContext) -> str | None:
    """Why the tiles cannot exist together (a fifth copy; a robbed tile the winner or an indicator
    holds twice over), or None."""
    indicators = (*ctx.dora_indicators, *ctx.ura_indicators)
    counts = hand.all_counts()
    for t in indicators:
        counts[t.kind] += 1
    if max(counts) > 4:
        return "a fifth copy of a tile"
    win = ctx.win_tile.kind
    if ctx.chankan and (hand.all_counts()[win] != 1 or any(t.kind == win for t in indicators)):
        return "the robbed kan holds the other three copies of the winning tile"
    return None


def _window_replacements(hand: Hand, ctx: WinContext, rules: Rules) -> int:
    """How many replacement draws the other players can take between a riichi and the
    winner's next draw without ending the ippatsu: a North set aside where that is not a call
    (three players, ``kita_breaks_ippatsu = false``), one per North not in the winner's hand,
    nuki or the indicators; none elsewhere (any kan ends every ippatsu)."""
    if not rules.nukidora or rules.kita_breaks_ippatsu:
        return 0
    seen = hand.all_counts()[NORTH] + ctx.nuki
    seen += sum(1 for t in (*ctx.dora_indicators, *ctx.ura_indicators) if t.kind == NORTH)
    return max(0, 4 - seen)


def _rule_clashes(hand: Hand, ctx: WinContext, rules: Rules) -> tuple[tuple[frozenset[str], str], ...]:
    """Flags the rules keep apart.  A riichi needs ``riichi_min_tiles_left`` live tiles; within
    the ippatsu the other players draw one tile each (and their replacements), so the winner's
    next draw is the last tile (haitei) only if those draws can leave it, and another player's
    discard is the last (houtei) only if they can take the wall's end; a robbed added kan keeps
    ippatsu only where ``chankan_keeps_ippatsu``."""
    extra = _window_replacements(hand, ctx, rules)
    last_draw_reachable = rules.riichi_min_tiles_left <= rules.players + extra
    last_discard_reachable = rules.riichi_min_tiles_left <= rules.players - 1 + extra
    rows = (
        (not rules.chankan_keeps_ippatsu, frozenset({"ippatsu", "chankan"}), "an added kan ends the ippatsu"),
        (not last_draw_reachable, frozenset({"ippatsu", "haitei"}), "the riichi left more tiles than one go-around"),
        (not last_discard_reachable, frozenset({"ippatsu", "houtei"}),
         "the riichi player draws the last tile before anyone else can"),
    )
    return tuple((flags, why) for applies, flags, why in rows if applies)


def kans_after_riichi_ok(hand: Hand, win_tile: Tile, kans: tuple[Meld, ...], rules: Rules) -> bool:
    """Whether the closed ``kans`` could all have been declared after the riichi: with them as
    concealed triplets the hand before the winning tile was ready, and declaring them keeps its
    waits and (``riichi_ankan = readings``) every reading keeps each as a triplet (001:525-539)."""
    before = list(hand.concealed)
    before.remove(win_tile)
    others = tuple(m for m in hand.melds if m not in kans)
    riichi_tiles = sorted([*before, *(t for m in kans for t in m.tiles[:3])])
    waits_then = hand_waits(Hand(tuple(riichi_tiles), others))
    if not waits_then or hand_waits(Hand(tuple(sorted(before)), hand.melds)) != waits_then:
        return False
    if rules.riichi_ankan != "readings":
        return True
    kan_kinds = {m.first for m in kans}
    for w in waits_then:
        for r in readings(Hand(tuple(sorted([*riichi_tiles, Tile(w)])), others)):
            triplets = {g.first for g in r.groups if g.kind is GroupKind.TRIPLET and not g.declared}
            if r.form is not Form.STANDARD or not kan_kinds <= triplets:
                return False
    return True


def _kan_clash(hand: Hand, ctx: WinContext, rules: Rules) -> str | None:
    """Why the hand's closed kans do not fit its riichi, or None.  A kan before the first
    discard stops a double riichi, so a double riichi's kans came after it, each a legal kan
    after riichi and each ending the ippatsu; a replacement-tile win after riichi comes off a
    kan declared after it."""
    closed = tuple(m for m in hand.melds if m.kind is MeldKind.KAN_CLOSED)
    if not closed or not ctx.in_riichi:
        return None
    if ctx.double_riichi and ctx.ippatsu:
        return "a kan before the first discard stops the double riichi, after it the ippatsu"
    if ctx.double_riichi and not kans_after_riichi_ok(hand, ctx.win_tile, closed, rules):
        return "a double riichi's kans come after it, and these could not"
    if ctx.rinshan and not any(kans_after_riichi_ok(hand, ctx.win_tile, (m,), rules) for m in closed):
        return "the replacement-tile win needs a kan declared after the riichi, and none could be"
    return None


def impossible_win(hand: Hand, ctx: WinContext, rules: Rules | None = None) -> str | None:
    """Why a win could not happen at a real table under ``rules`` (Tenhou when not given), or
    None when it could: tiles (:func:`_copies_clash`), flags the scorer refuses (against the way of
    winning, or each other: :func:`~trainer.engine.scoring.situation_problem`), flags a drill never
    shows together (:data:`NEVER_TOGETHER`) or not under these rules, and closed kans against the riichi."""
    rules = rules or rules_for("tenhou")
    reason = _copies_clash(hand, ctx) or situation_problem(hand, ctx, rules)
    if reason:
        return reason
    on = {f for f in (*SITUATIONAL_FLAGS, *FIRST_TURN_FLAGS) if getattr(ctx, f)}
    for flags, why in (*NEVER_TOGETHER, *_rule_clashes(hand, ctx, rules)):
        if flags <= on:
            return why
    return _kan_clash(hand, ctx, rules)


def possible_win(hand: Hand, ctx: WinContext, rules: Rules | None = None) -> bool:
    """Whether a win could happen at a real table (:func:`impossible_win` finds no reason): no
    kind beyond four copies between the hand and the indicators; robbing a kan (chankan) needs
    the other three copies of the robbed tile in the kan declarer's meld; a replacement-tile win
    (rinshan) needs a kan and a tsumo; ippatsu needs riichi and ends at any kan; the last tile
    (haitei by tsumo, houtei by ron) fits only its way of winning and an ippatsu only where the
    wall allows; a double riichi's closed kans were declared after it."""
    return impossible_win(hand, ctx, rules) is None


def _drill_situation(ctx: WinContext) -> WinContext:
    """The situation a fu or yaku drill shows: no honba or riichi sticks (the drill asks for the
    hand's own value, which they do not change), and the ura-dora indicator only under riichi —
    ura dora count for a riichi hand alone, so another hand shows none."""
    riichi = ctx.riichi or ctx.double_riichi
    return dataclasses.replace(ctx, honba=0, riichi_sticks=0,
                               ura_indicators=ctx.ura_indicators if riichi else ())


def _scored_win(rng: random.Random, rules: Rules, open_ratio: float, tries: int, accept: Any) -> tuple[Hand, WinContext, ScoreResult]:
    for _ in range(tries):
        hand, ctx = random_win(rng, rules, open_rate=open_ratio)
        ctx = _drill_situation(accept.adjust(rng, ctx) if hasattr(accept, "adjust") else ctx)
        if not possible_win(hand, ctx, rules):
            continue
        try:
            result = score_hand(hand, ctx, rules)
        except ScoringError:
            continue
        if accept(hand, ctx, result):
            return hand, ctx, result
    raise GeneratorError(f"no winning hand met the parameters in {tries} tries")


# ---------------------------------------------------------------------------
# fu_count
# ---------------------------------------------------------------------------


class FuCountParams(PresetParams):
    """Parameters of ``fu_count``."""

    open_ratio: float = Field(0.3, ge=0, le=1, description="share of open hands")
    tsumo_ratio: float = Field(0.5, ge=0, le=1, description="share of wins by tsumo")
    kans: bool = Field(False, description="hands may hold kans")
    seven_pairs: bool = Field(True, description="seven-pairs hands (fixed 25 fu) may appear")
    answer: Literal["number", "fu_breakdown"] = Field("number", description="the total, or every fu item")


class _FuAccept:
    def __init__(self, p: FuCountParams) -> None:
        self.p = p

    def adjust(self, rng: random.Random, ctx: WinContext) -> WinContext:
        tsumo = rng.random() < self.p.tsumo_ratio
        if tsumo == ctx.tsumo:
            return ctx
        return dataclasses.replace(ctx, tsumo=tsumo, haitei=False, houtei=False, rinshan=False, chankan=False)

    def __call__(self, hand: Hand, ctx: WinContext, result: ScoreResult) -> bool:
        if result.yakuman:
            return False
        if not self.p.kans and any(m.kind.is_kan for m in hand.melds):
            return False
        return self.p.seven_pairs or result.fu != 25


def make_fu(p: FuCountParams, rng: random.Random) -> Exercise:
    """A won hand; the answer is its fu (rounded), or the engine's fu items.  Item by item, every
    reading that scores the hand the same is right (:func:`equal_readings`): the answer is the
    engine's chosen one, the others are the prompt's ``readings`` and the total item's
    ``fu_readings`` (for the feedback)."""
    rules = rules_for(p.preset)
    hand, ctx, result = _scored_win(rng, rules, p.open_ratio, 300, _FuAccept(p))
    data = _context_data(hand, ctx)
    items = _score_items(result)
    answer, *others = equal_readings(result)
    if others:  # the feedback says the hand reads more ways than one
        items[-1]["fu_readings"] = others
    if p.answer == "fu_breakdown":
        return draft("fu_breakdown", "fu_breakdown", answer, items, hand=format_hand(hand), total=result.fu,
                     preset=p.preset, readings=tuple(others), **data)
    return draft("fu_total", "number", result.fu, items, hand=format_hand(hand), preset=p.preset, **data)


# ---------------------------------------------------------------------------
# points_lookup
# ---------------------------------------------------------------------------


class PointsParams(PresetParams):
    """Parameters of ``points_lookup``."""

    han_min: int = Field(1, ge=1, le=13, description="fewest han")
    han_max: int = Field(4, ge=1, le=13, description="most han")
    fu: list[Literal[20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110]] = Field(
        default_factory=lambda: [30, 40], description="fu values to draw from")
    roles: Literal["dealer", "non_dealer", "mixed"] = Field("mixed", description="who wins")
    wins: Literal["ron", "tsumo", "mixed"] = Field("mixed", description="how the hand is won")
    honba: int = Field(0, ge=0, le=10, description="most honba counters on the table")

    @field_validator("fu")
    @classmethod
    def _some_fu(cls, v: list[int]) -> list[int]:
        if not v:
            raise ValueError("give at least one fu value")
        return v

    @model_validator(mode="after")
    def _possible(self) -> PointsParams:
        if self.han_min > self.han_max:
            raise ValueError(f"han_min {self.han_min} is above han_max {self.han_max}")
        if not any(_valid(h, f, t) for h in range(self.han_min, self.han_max + 1) for f in self.fu
                   for t in _win_kinds(self.wins)):
            raise ValueError("no real hand has these han, fu and win kinds (20 fu is tsumo only with 2+ han; "
                             "25 fu needs 2+ han)")
        return self


def _win_kinds(wins: str) -> tuple[bool, ...]:
    return {"ron": (False,), "tsumo": (True,), "mixed": (False, True)}[wins]


def _valid(han: int, fu: int, tsumo: bool) -> bool:
    """Whether a han/fu/win combination exists: 20 fu only as closed pinfu tsumo (2+ han),
    25 fu only as seven pairs (2+ han)."""
    if fu == 20:
        return tsumo and han >= 2
    if fu == 25:
        return han >= 2
    return True


def make_points(p: PointsParams, rng: random.Random) -> Exercise:
    """Han, fu, dealer or not, ron or tsumo, honba: the payment(s) from the engine's points."""
    rules = rules_for(p.preset)
    for _ in range(200):
        han = rng.randint(p.han_min, p.han_max)
        fu = rng.choice(p.fu)
        tsumo = rng.choice(_win_kinds(p.wins))
        if _valid(han, fu, tsumo):
            break
    else:
        raise GeneratorError("no valid han/fu combination drawn")
    dealer = {"dealer": True, "non_dealer": False}.get(p.roles, rng.random() < 0.25)
    honba = rng.randint(0, p.honba)
    pay = hand_value(han, fu, dealer=dealer, tsumo=tsumo, rules=rules)
    per_honba = rules.honba_points // payers(rules) if tsumo else rules.honba_points
    bonus = honba * per_honba
    if not tsumo:
        fields, answer = ("ron",), (pay.ron + bonus,)
    elif dealer:
        fields, answer = ("all",), (pay.all + bonus,)
    else:
        fields, answer = ("non_dealer", "dealer"), (pay.non_dealer + bonus, pay.dealer + bonus)
    explanation = [{"kind": "points", "han": han, "fu": fu, "dealer": dealer, "tsumo": tsumo,
                    "base": {"ron": pay.ron, "all": pay.all, "non_dealer": pay.non_dealer, "dealer": pay.dealer},
                    "honba": honba, "honba_each": per_honba, "honba_total": honba * rules.honba_points,
                    "total": pay.total + honba * rules.honba_points}]
    return draft("payment", "number", answer, explanation, han=han, fu=fu, dealer=dealer,
                 by="tsumo" if tsumo else "ron", honba=honba, fields=fields, preset=p.preset)


# ---------------------------------------------------------------------------
# yaku_identify
# ---------------------------------------------------------------------------

COMMON12 = ("riichi", "menzen_tsumo", "tanyao", "pinfu", "iipeikou", "yakuhai_haku", "yakuhai_hatsu",
            "yakuhai_chun", "yakuhai_seat_wind", "yakuhai_round_wind", "chiitoitsu", "toitoi", "honitsu",
            "chinitsu", "sanshoku_doujun", "ittsu", "chanta")
"""The yaku of the beginner's path (B07-B12): riichi, tsumo, tanyao, pinfu, iipeikou, yakuhai,
seven pairs, toitoi, honitsu (with chinitsu), sanshoku, ittsu, chanta."""


def pool_ids(pool: str | list[str], preset: str = "tenhou") -> tuple[str, ...]:
    """The yaku ids of a named pool (common12, han1, han2, han3_6, all_regular) or an id list."""
    info = yaku_info()
    regular = [y for y, i in info.items() if not i.is_yakuman]
    if isinstance(pool, list):
        return tuple(pool)
    if pool == "common12":
        return COMMON12
    if pool == "all_regular":
        return tuple(regular)
    rules = rules_for(preset)
    span = {"han1": (1, 1), "han2": (2, 2), "han3_6": (3, 6)}[pool]
    return tuple(y for y in regular if span[0] <= rules.han(y, True) <= span[1]
                 or (rules.han(y, True) == 0 and span[0] <= rules.han(y, False) <= span[1]))


class YakuParams(PresetParams):
    """Parameters of ``yaku_identify``."""

    pool: Literal["common12", "han1", "han2", "han3_6", "all_regular"] | list[str] = Field(
        "common12", description="the yaku that may appear: a named pool or a list of yaku ids")
    open_ratio: float = Field(0.3, ge=0, le=1, description="share of open hands")
    situational: bool = Field(False, description="situational yaku (riichi, ippatsu, haitei...) may appear")
    ask: Literal["yaku", "han", "both"] = Field(
        "yaku", description="tick the yaku; give the han (yaku, dora, ura dora and red fives together); or "
        "both: tick the yaku and type the han")
    options: int = Field(6, ge=3, le=12, description="yaku shown to tick from")
    kans: bool = Field(True, description="hands may hold kans (each kan shows one more dora indicator)")

    def key(self) -> str:
        """The digest that seeds the items and names them (:meth:`Params.key`), ``kans`` left out
        while it is true (its default): a drill that does not set it keeps the items and item ids
        it had before the parameter existed, and with them the learner's history."""
        data = self.model_dump(exclude={"n", "time_target", "kids", *(("kans",) if self.kans else ())}, mode="json")
        text = json.dumps(data, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
        return hashlib.sha1(text.encode()).hexdigest()[:10]

    @field_validator("pool")
    @classmethod
    def _known(cls, v: Any) -> Any:
        if isinstance(v, list):
            info = yaku_info()
            for y in v:
                if y not in info:
                    raise ValueError(f"unknown yaku id '{y}'")
                if info[y].is_yakuman:
                    raise ValueError(f"'{y}' is a yakuman: random hands almost never make one; not offered")
            if not v:
                raise ValueError("the pool is empty")
        return v


class _YakuAccept:
    def __init__(self, ids: frozenset[str], situational: bool, kans: bool = True) -> None:
        self.ids = ids
        self.situational = situational
        self.kans = kans

    def adjust(self, rng: random.Random, ctx: WinContext) -> WinContext:
        if self.situational:
            return ctx
        return dataclasses.replace(ctx, **{f: False for f in SITUATIONAL_FLAGS})

    def __call__(self, hand: Hand, ctx: WinContext, result: ScoreResult) -> bool:
        if not self.kans and any(m.kind.is_kan for m in hand.melds):
            return False
        got = {y.id for y in result.yaku}
        return bool(got) and not result.yakuman and got <= self.ids


def make_yaku(p: YakuParams, rng: random.Random) -> Exercise:
    """A won hand whose yaku all lie in the pool (with ``kans: false``, a hand without kans); tick
    them all (``yaku``), give the han (``han``: the yaku, dora, ura dora and red fives together), or
    both: tick the yaku and type the han, one answer ``(yaku ids, han)`` (question ``yaku_and_han``,
    input ``fans_total``)."""
    rules = rules_for(p.preset)
    pool = pool_ids(p.pool, p.preset)
    situational = {y for y, i in yaku_info().items() if i.kind == "situational"}
    allowed = frozenset(pool) | (frozenset(situational) if p.situational else frozenset())
    hand, ctx, result = _scored_win(rng, rules, p.open_ratio, 400, _YakuAccept(allowed, p.situational, p.kans))
    data = _context_data(hand, ctx)
    items = _score_items(result)
    right = frozenset(y.id for y in result.yaku)
    if p.ask == "han":
        return draft("han_total", "number", result.han, items, hand=format_hand(hand), preset=p.preset, **data)
    # in a fixed order before the seeded shuffle (a frozenset's order changes from run to run)
    distractors = shuffled(rng, sorted(y for y in allowed if y not in right))
    shown = sorted([*right, *distractors[: max(0, p.options - len(right))]], key=list(yaku_info()).index)
    options = [Option(y, ref=f"yaku:{y}") for y in shown]
    if p.ask == "both":
        return draft("yaku_and_han", "fans_total", (right, result.han), items, hand=format_hand(hand),
                     options=options, han=result.han, preset=p.preset, **data)
    return draft("yaku", "multi_choice", right, items, hand=format_hand(hand), options=options,
                 han=result.han, preset=p.preset, **data)


def yaku_skill(p: YakuParams) -> str:
    """ask=han feeds han; ask=yaku and ask=both feed yaku_id (curriculum §4)."""
    return "han" if p.ask == "han" else "yaku_id"


__all__ = ["FIRST_TURN_FLAGS", "NEVER_TOGETHER", "FuCountParams", "PointsParams", "YakuParams", "equal_readings",
           "impossible_win", "kans_after_riichi_ok", "make_fu", "make_points", "make_yaku", "possible_win"]
