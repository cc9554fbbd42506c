"""Scoring a winning hand: yaku, itemised fu, han, dora, limit and payment.

:func:`score_hand` reads the hand every way it can be read — every
decomposition (:func:`trainer.engine.decompose.readings`) and every place the
winning tile can sit in it (:func:`trainer.engine.waits.placements`) — scores
each, and keeps the one worth the most points (001:633, 001:708-715; on equal
points a real yakuman beats kazoe, then more han, then more fu).  The other
readings stay in ``ScoreResult.alternatives`` so a lesson can show *why* a
hand is not pinfu, or why sanankou beats iipeikou.

Rule-set differences come only from the :class:`~trainer.engine.rules.Rules`
object: yaku values and exclusions are data (``data/yaku.toml``), the
predicates live in :mod:`trainer.engine.yaku`, fu in :mod:`trainer.engine.fu`,
points in :mod:`trainer.engine.points`, dora in :mod:`trainer.engine.dora`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from trainer.engine.decompose import Form, GroupKind, Reading, readings
from trainer.engine.dora import DoraCount, count_dora
from trainer.engine.fu import FuItem, fu_breakdown, fu_items, round_fu
from trainer.engine.hand import Hand
from trainer.engine.points import Payment, basic_points, nagashi_mangan_payment, payment, points_table
from trainer.engine.rules import Rules
from trainer.engine.tiles import EAST, WINDS, Tile, kind_name
from trainer.engine.waits import Placement, WaitShape, placements
from trainer.engine.yaku import PREDICATES, HandView, yaku_info


class ScoringError(ValueError):
    """A hand that cannot be scored; ``code`` is a stable id (``no_yaku``, ``not_complete``,
    ``bad_win_tile``, ``riichi_open_hand``, ...) and the message says what is wrong."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)


@dataclass(frozen=True)
class WinContext:
    """The situation of a win: the winning tile, how it was won, winds, dora and counters.

    ``seat_wind`` and ``round_wind`` are wind kinds (``tiles.EAST`` ...);
    the dealer is the player whose seat wind is East.  ``dora_indicators``
    holds the first indicator and any kan dora indicators; ``ura_indicators``
    the tiles under them (counted only after riichi).  ``honba`` counters and
    ``riichi_sticks`` on the table go to the winner on top of the hand value.
    """

    win_tile: Tile
    tsumo: bool = False
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    seat_wind: int = EAST
    round_wind: int = EAST
    dora_indicators: tuple[Tile, ...] = ()
    ura_indicators: tuple[Tile, ...] = ()
    honba: int = 0
    riichi_sticks: int = 0
    haitei: bool = False
    houtei: bool = False
    rinshan: bool = False
    chankan: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False

    @property
    def dealer(self) -> bool:
        """True when the winner is the dealer (seat wind East)."""
        return self.seat_wind == EAST

    @property
    def in_riichi(self) -> bool:
        """Riichi or double riichi was declared."""
        return self.riichi or self.double_riichi


@dataclass(frozen=True, slots=True)
class YakuItem:
    """One yaku of a scored hand: its id (see data/yaku.toml), han, and for a yakuman
    how many yakuman it is worth (``han`` is then 13 per yakuman)."""

    id: str
    han: int
    yakuman: int = 0

    def to_json(self) -> dict:
        """The item as a JSON-ready dict."""
        d: dict = {"id": self.id, "han": self.han}
        if self.yakuman:
            d["yakuman"] = self.yakuman
        return d


@dataclass(frozen=True)
class Alternative:
    """One way of reading a winning hand, scored (valid or not).

    ``valid`` is False when the reading has no yaku (or fails the 2-han
    minimum); ``points`` is the hand value without honba and sticks.
    """

    reading: Reading
    placement: Placement
    yaku: tuple[YakuItem, ...]
    fu_items: tuple[FuItem, ...]
    han: int
    fu: int
    yakuman: int
    limit: str | None
    points: int
    valid: bool

    @property
    def wait(self) -> WaitShape:
        """The wait shape this reading gives the winning tile."""
        return self.placement.shape


@dataclass(frozen=True)
class ScoreResult:
    """A scored winning hand.

    ``han`` includes dora; ``yaku`` lists only real yaku (dora are in ``dora``,
    itemised in ``dora_count``); ``fu_items`` is the itemised fu and ``fu`` the
    rounded total; ``yakuman`` counts yakuman (0 for an ordinary hand);
    ``limit`` is mangan / haneman / baiman / sanbaiman / yakuman /
    kazoe_yakuman or None; ``payment`` says who pays what (before and after
    honba and sticks).  ``reading`` and ``placement`` are the chosen reading;
    ``alternatives`` every other reading that was scored, best first.
    """

    han: int
    fu: int
    yaku: tuple[YakuItem, ...]
    fu_items: tuple[FuItem, ...]
    dora: int
    dora_count: DoraCount
    yakuman: int
    limit: str | None
    payment: Payment
    reading: Reading
    placement: Placement
    alternatives: tuple[Alternative, ...] = field(default=())
    rules_name: str = ""

    @property
    def yaku_han(self) -> int:
        """Han from yaku alone (without dora)."""
        return sum(y.han for y in self.yaku)

    @property
    def wait(self) -> WaitShape:
        """The wait shape of the chosen reading."""
        return self.placement.shape

    def fu_lines(self) -> list[str]:
        """The fu calculation as text lines (see :func:`trainer.engine.fu.fu_breakdown`)."""
        return fu_breakdown(self.fu_items)

    def to_json(self) -> dict:
        """The result as the JSON object the score CLI prints."""
        return {
            "han": self.han,
            "fu": self.fu,
            "yaku": [y.to_json() for y in self.yaku],
            "dora": self.dora_count.to_json(),
            "fu_items": [i.to_json() for i in self.fu_items],
            "yakuman": self.yakuman,
            "limit": self.limit,
            "wait": self.placement.shape.value,
            "reading": str(self.reading),
            "points": self.payment.to_json(),
        }


# --------------------------------------------------------------------------- compiled rule tables


class _Table:
    """A rule set's yaku table in evaluation order, split by predicate scope."""

    def __init__(self, rules: Rules) -> None:
        info = yaku_info()
        self.order = {yid: i for i, yid in enumerate(info)}
        self.value: dict[str, tuple[int, int, int]] = {}
        self.excludes: dict[str, tuple[str, ...]] = {}
        self.scoped: dict[str, list[tuple[str, object]]] = {"flag": [], "hand": [], "reading": [], "win": []}
        for yid, yi in info.items():
            closed, opened, ym = rules.han(yid, True), rules.han(yid, False), rules.yakuman(yid)
            if yid == "renhou" and rules.renhou == "yakuman":
                ym = ym or 1
            if not (closed or opened or ym):
                continue
            scope, pred = PREDICATES[yid]
            self.value[yid] = (closed, opened, ym)
            self.excludes[yid] = yi.excludes
            self.scoped[scope].append((yid, pred))
        self.any_excludes = {yid for yid, ex in self.excludes.items() if ex}


_TABLES: dict[int, tuple[Rules, _Table]] = {}


def _table(rules: Rules) -> _Table:
    entry = _TABLES.get(id(rules))
    if entry is None or entry[0] is not rules:
        entry = (rules, _Table(rules))
        _TABLES[id(rules)] = entry
    return entry[1]


# --------------------------------------------------------------------------- validation


def _check(hand: Hand, ctx: WinContext, rules: Rules) -> None:
    def fail(code: str, msg: str) -> None:
        raise ScoringError(code, msg)

    counts = hand.all_counts()
    for k, n in enumerate(counts):
        if n > 4:
            fail("too_many_copies", f"{n} copies of {kind_name(k)}: a set has only 4")
    reds = [0, 0, 0]
    for t in hand.all_tiles():
        if t.red:
            reds[t.kind // 9] += 1
    if max(reds) > 1:
        fail("too_many_red_fives", "a set has only one red five per suit")
    if len(hand.concealed) % 3 != 2 or hand.size != 14:
        fail(
            "wrong_size",
            f"a winning hand has 14 tiles (each meld counting 3) with the winning tile; this one has {hand.size}",
        )
    if ctx.win_tile.kind not in {t.kind for t in hand.concealed}:
        fail("bad_win_tile", f"the winning tile {ctx.win_tile} is not among the concealed tiles")
    if ctx.seat_wind not in WINDS or ctx.round_wind not in WINDS:
        fail("bad_wind", "seat and round wind must be East, South, West or North")
    closed = hand.is_closed
    if ctx.in_riichi and not closed:
        fail("riichi_open_hand", "riichi needs a closed hand (only closed kans are allowed)")
    if ctx.ippatsu and not ctx.in_riichi:
        fail("ippatsu_without_riichi", "ippatsu needs riichi")
    if ctx.ippatsu and not rules.ippatsu:
        fail("ippatsu_not_in_rules", f"the {rules.name} rules have no ippatsu")
    if ctx.chankan and ctx.tsumo:
        fail("chankan_tsumo", "robbing a kan (chankan) is a ron")
    if ctx.rinshan and not ctx.tsumo:
        fail("rinshan_ron", "a win on the kan replacement tile (rinshan) is a tsumo")
    if ctx.rinshan and not any(m.kind.is_kan for m in hand.melds):
        fail("rinshan_without_kan", "rinshan kaihou needs a kan in the hand")
    if ctx.haitei and not ctx.tsumo:
        fail("haitei_ron", "haitei is a tsumo on the last tile; a ron on the last discard is houtei")
    if ctx.houtei and ctx.tsumo:
        fail("houtei_tsumo", "houtei is a ron on the last discard; a tsumo on the last tile is haitei")
    if ctx.haitei and ctx.rinshan:
        fail("haitei_rinshan", "a replacement tile is not the last tile of the wall")
    if ctx.houtei and ctx.chankan:
        fail("houtei_chankan", "robbing a kan is not a win on the last discard")
    first_turn = (("tenhou", ctx.tenhou, True, True), ("chiihou", ctx.chiihou, False, True))
    for name, on, dealer, tsumo in (*first_turn, ("renhou", ctx.renhou, False, False)):
        if not on:
            continue
        if ctx.dealer != dealer:
            fail(
                f"{name}_{'not_dealer' if dealer else 'dealer'}",
                f"{name} is for {'the' if dealer else 'a non-'}dealer",
            )
        if ctx.tsumo != tsumo:
            fail(f"{name}_{'ron' if tsumo else 'tsumo'}", f"{name} is won by {'tsumo' if tsumo else 'ron'}")
        if hand.melds:
            fail(f"{name}_with_melds", f"{name} is won before any call, so the hand has no melds")
    if ctx.renhou and rules.renhou == "none":
        fail("renhou_not_in_rules", f"the {rules.name} rules have no renhou")


# --------------------------------------------------------------------------- scoring


def _win_group_index(reading: Reading, placement: Placement) -> int:
    return -1 if placement.group_index is None else placement.group_index


def score_hand(hand: Hand, ctx: WinContext, rules: Rules) -> ScoreResult:
    """Score a winning hand under a rule set.

    ``hand`` holds the concealed tiles *including* the winning tile, plus the
    declared melds.  Every reading and every place of the winning tile is
    scored and the most valuable one is returned; the others are in
    ``alternatives``.  Raises :class:`ScoringError` (``code`` says why) for a
    hand that is not complete, has no yaku, or a situation that cannot happen.
    """
    _check(hand, ctx, rules)
    rs = readings(hand)
    if not rs:
        raise ScoringError("not_complete", f"{hand} is not a complete hand (no split into sets and a pair)")
    table = _table(rules)
    win = ctx.win_tile.kind
    closed = hand.is_closed
    tsumo = ctx.tsumo

    v = HandView()
    counts = hand.all_counts()
    v.closed = closed
    v.counts = counts
    v.suits = (
        (1 if any(counts[0:9]) else 0) | (2 if any(counts[9:18]) else 0) | (4 if any(counts[18:27]) else 0)
    )
    v.honors = sum(counts[27:])
    v.tsumo = tsumo
    v.seat = ctx.seat_wind
    v.round = ctx.round_wind
    v.ctx = ctx
    v.rules = rules
    v.win = win
    v.hand = hand

    fixed = [yid for yid, pred in table.scoped["flag"] if pred(v)]
    fixed += [yid for yid, pred in table.scoped["hand"] if pred(v)]
    reading_scope = table.scoped["reading"]
    win_scope = table.scoped["win"]

    dc = count_dora(
        counts,
        sum(1 for t in hand.all_tiles() if t.red),
        dora_indicators=ctx.dora_indicators,
        ura_indicators=ctx.ura_indicators,
        riichi=ctx.in_riichi,
        rules=rules,
    )
    shibari = rules.ryanhan_shibari and ctx.honba >= rules.ryanhan_shibari

    scored = []
    for reading in rs:
        form = reading.form
        runs: list[int] = []
        triplets: list[int] = []
        quads = 0
        pair = -1
        closed_sets = 0
        if form is Form.STANDARD:
            for g in reading.groups:
                kind = g.kind
                if kind is GroupKind.RUN:
                    runs.append(g.first)
                elif kind is GroupKind.PAIR:
                    pair = g.first
                else:
                    triplets.append(g.first)
                    if kind is GroupKind.QUAD:
                        quads += 1
                    if not g.open:
                        closed_sets += 1
        v.form = form
        v.runs = runs
        v.triplets = triplets
        v.quads = quads
        v.pair = pair
        v.reading = reading
        reading_yaku = [yid for yid, pred in reading_scope if pred(v)]
        for pl in placements(reading, win):
            shape = pl.shape
            ron_triplet = -1
            conc = closed_sets
            if shape is WaitShape.SHANPON and not tsumo:
                ron_triplet = reading.groups[pl.group_index].first  # type: ignore[index]
                conc -= 1
            v.shape = shape
            v.ron_triplet = ron_triplet
            v.concealed_triplets = conc
            present = fixed + reading_yaku + [yid for yid, pred in win_scope if pred(v)]
            scored.append(_evaluate(table, present, reading, pl, v, dc, rules, ctx, shibari))
    if not scored:
        raise ScoringError("bad_win_tile", f"the winning tile {ctx.win_tile} completes no group of {hand}")
    scored.sort(key=_priority, reverse=True)
    best = scored[0]
    if not best.valid:
        if ctx.renhou and rules.renhou == "mangan":
            return _renhou_mangan(best, scored, dc, ctx, rules)
        if shibari and any(a.yaku for a in scored):
            raise ScoringError(
                "ryanhan_shibari", f"with {ctx.honba} honba the {rules.name} rules need 2 han without dora"
            )
        raise ScoringError(
            "no_yaku", f"{hand} has no yaku when won on {ctx.win_tile}: dora alone do not count"
        )
    if ctx.renhou and rules.renhou == "mangan" and best.points < _mangan_points(ctx, rules):
        return _renhou_mangan(best, scored, dc, ctx, rules)
    basic, _ = basic_points(best.han, best.fu, rules, best.yakuman)
    pay = payment(
        basic, dealer=ctx.dealer, tsumo=tsumo, honba=ctx.honba, sticks=ctx.riichi_sticks, rules=rules
    )
    return ScoreResult(
        han=best.han,
        fu=best.fu,
        yaku=best.yaku,
        fu_items=best.fu_items,
        dora=0 if best.yakuman else dc.total,
        dora_count=dc if not best.yakuman else DoraCount(),
        yakuman=best.yakuman,
        limit=best.limit,
        payment=pay,
        reading=best.reading,
        placement=best.placement,
        alternatives=tuple(scored[1:]),
        rules_name=rules.name,
    )


def _priority(a: Alternative) -> tuple[bool, int, bool, int, int]:
    return (a.valid, a.points, a.yakuman > 0, a.han, a.fu)


def _winner_points(basic: int, ctx: WinContext) -> int:
    if not ctx.tsumo:
        return -(-basic * (6 if ctx.dealer else 4) // 100) * 100
    if ctx.dealer:
        return 3 * (-(-basic * 2 // 100) * 100)
    return -(-basic * 2 // 100) * 100 + 2 * (-(-basic // 100) * 100)


def _mangan_points(ctx: WinContext, rules: Rules) -> int:
    return _winner_points(2000, ctx)


def _evaluate(
    table: _Table,
    present: list[str],
    reading: Reading,
    pl: Placement,
    v: HandView,
    dc: DoraCount,
    rules: Rules,
    ctx: WinContext,
    shibari: bool,
) -> Alternative:
    value = table.value
    excluded = set()
    for yid in present:
        if yid in table.any_excludes:
            excluded.update(table.excludes[yid])
    closed = v.closed
    yakuman_items = [yid for yid in present if value[yid][2] and yid not in excluded]
    is_pinfu = "pinfu" in present
    items = fu_items(
        reading,
        pl,
        closed=closed,
        tsumo=ctx.tsumo,
        rinshan=ctx.rinshan,
        pinfu=is_pinfu,
        seat=ctx.seat_wind,
        round_wind=ctx.round_wind,
        win_kind=v.win,
        rules=rules,
    )
    fu = round_fu(items) if items else 0
    if yakuman_items:
        yaku = tuple(
            YakuItem(yid, 13 * value[yid][2], value[yid][2])
            for yid in sorted(yakuman_items, key=table.order.__getitem__)
        )
        counts = [y.yakuman for y in yaku]
        n = sum(counts) if rules.yakuman_stacking else max(counts)
        basic, limit = basic_points(0, fu, rules, n)
        return Alternative(reading, pl, yaku, items, 13 * n, fu, n, limit, _winner_points(basic, ctx), True)
    idx = 0 if closed else 1
    yaku = tuple(
        YakuItem(yid, value[yid][idx])
        for yid in sorted(present, key=table.order.__getitem__)
        if yid not in excluded and value[yid][idx]
    )
    yaku_han = sum(y.han for y in yaku)
    han = yaku_han + dc.total if yaku_han else 0
    basic, limit = basic_points(han, fu, rules) if han else (0, None)
    valid = yaku_han > 0 and not (shibari and yaku_han < 2)
    return Alternative(
        reading, pl, yaku, items, han, fu, 0, limit, _winner_points(basic, ctx) if han else 0, valid
    )


def _renhou_mangan(
    best: Alternative, scored: list[Alternative], dc: DoraCount, ctx: WinContext, rules: Rules
) -> ScoreResult:
    """JPML renhou: a mangan that does not combine with other yaku (003:331)."""
    pay = payment(
        2000, dealer=ctx.dealer, tsumo=False, honba=ctx.honba, sticks=ctx.riichi_sticks, rules=rules
    )
    return ScoreResult(
        han=5,
        fu=best.fu,
        yaku=(YakuItem("renhou", 5),),
        fu_items=best.fu_items,
        dora=0,
        dora_count=DoraCount(),
        yakuman=0,
        limit="mangan",
        payment=pay,
        reading=best.reading,
        placement=best.placement,
        alternatives=tuple(scored),
        rules_name=rules.name,
    )


def fu_breakdown_of(hand: Hand, ctx: WinContext, rules: Rules) -> list[str]:
    """The fu working of the best reading of a winning hand, as text lines for a fu quiz."""
    return fu_breakdown(score_hand(hand, ctx, rules).fu_items)


__all__ = [
    "Alternative",
    "Payment",
    "ScoreResult",
    "ScoringError",
    "WinContext",
    "YakuItem",
    "fu_breakdown",
    "fu_breakdown_of",
    "nagashi_mangan_payment",
    "points_table",
    "score_hand",
]
