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

from dataclasses import dataclass
from typing import Any, NamedTuple

from trainer.engine.decompose import Form, Group, GroupKind, Reading
from trainer.engine.dora import DoraCount
from trainer.engine.fu import FuItem, fu_breakdown, fu_items
from trainer.engine.hand import Hand, MeldKind, check_red_fives
from trainer.engine.points import Payment, basic_points, nagashi_mangan_payment, payment, points_table
from trainer.engine.rules import Rules
from trainer.engine.score_splits import YAO as _YAO
from trainer.engine.score_splits import splits as _splits
from trainer.engine.tiles import EAST, NORTH, TERMINALS_AND_HONORS, Tile, dora_from_indicator, kind_name
from trainer.engine.waits import Placement, WaitShape
from trainer.engine.yaku import GATES, PREDICATES, HandView, pinfu_blockers, yaku_info


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
    ``nuki`` is the number of Norths the winner set aside (three-player nukidora).
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
    nuki: int = 0

    @property
    def dealer(self) -> bool:
        """True when the winner is the dealer (seat wind East)."""
        return self.seat_wind == EAST

    @property
    def in_riichi(self) -> bool:
        """Riichi or double riichi was declared."""
        return self.riichi or self.double_riichi


class YakuItem(NamedTuple):
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

    def why_not_pinfu(self, hand: Hand, ctx: WinContext) -> tuple[str, ...]:
        """Why this reading is not pinfu, as reason ids (empty when it is)."""
        return _why_not_pinfu(self.reading, self.placement, hand, ctx)


class ScoreResult(NamedTuple):
    """A scored winning hand (an immutable value).

    ``han`` includes dora; ``yaku`` lists only real yaku (dora are in ``dora``,
    itemised in ``dora_count``); ``fu`` is the rounded fu; ``yakuman`` counts
    yakuman (0 for an ordinary hand); ``limit`` is mangan / haneman / baiman /
    sanbaiman / yakuman / kazoe_yakuman or None; ``payment`` says who pays
    what (before and after honba and sticks).

    The explanation is built on first use from the same candidate the numbers
    came from: ``fu_items`` (the itemised fu), ``reading`` and ``placement``
    (the chosen split and where the winning tile sits), ``wait``, and
    ``alternatives`` (every other reading that was scored, best first, valid
    or not).  ``explainer`` holds what is needed for that (not part of the value).
    """

    han: int
    fu: int
    yaku: tuple[YakuItem, ...]
    dora: int
    dora_count: DoraCount
    yakuman: int
    limit: str | None
    payment: Payment
    rules_name: str = ""
    explainer: list | None = None

    def __repr__(self) -> str:
        yaku = ", ".join(f"{y.id} {y.han}" for y in self.yaku)
        return f"ScoreResult({self.han} han {self.fu} fu [{yaku}] dora {self.dora} {self.limit or ''} {self.payment.to_json()})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ScoreResult) and self[:9] == other[:9]

    def __hash__(self) -> int:
        return hash(self[:9])

    def _why(self) -> _Explainer:
        box = self.explainer
        assert box is not None
        if box[6] is None:
            box[6] = _Explainer(*box[:6])
        return box[6]

    @property
    def reading(self) -> Reading:
        """The chosen reading (decomposition) of the hand."""
        return self._why().explained()[0]

    @property
    def placement(self) -> Placement:
        """Where the winning tile sits in the chosen reading, with its wait shape."""
        return self._why().explained()[1]

    @property
    def fu_items(self) -> tuple[FuItem, ...]:
        """The itemised fu of the chosen reading (their sum rounds to ``fu``)."""
        return self._why().explained()[2]

    @property
    def alternatives(self) -> tuple[Alternative, ...]:
        """Every other way of reading the hand, scored, best first (for "why not pinfu?" lessons)."""
        return self._why().alternatives() if self.explainer else ()

    @property
    def yaku_han(self) -> int:
        """Han from yaku alone (without dora)."""
        return sum(y.han for y in self.yaku)

    @property
    def wait(self) -> WaitShape:
        """The wait shape of the chosen reading."""
        return self.explainer[4][0][5]  # type: ignore[index]

    def why_not_pinfu(self) -> tuple[str, ...]:
        """Why the chosen reading is not pinfu, as reason ids (see :func:`trainer.engine.yaku.pinfu_blockers`);
        empty when it is.  Each ``Alternative`` answers the same for its own reading."""
        return _why_not_pinfu(self.reading, self.placement, self.explainer[0], self.explainer[1])  # type: ignore[index]

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
    """A rule set's yaku table in evaluation order, grouped by predicate scope and gate."""

    def __init__(self, rules: Rules) -> None:
        info = yaku_info()
        self.order = {yid: i for i, yid in enumerate(info)}
        self.value: dict[str, tuple[int, int, int]] = {}
        self.excludes: dict[str, tuple[str, ...]] = {}
        self.scoped: dict[str, list[tuple[str, object]]] = {}
        for yid, yi in info.items():
            closed, opened, ym = rules.han(yid, True), rules.han(yid, False), rules.yakuman(yid)
            if yid == "renhou" and rules.renhou == "yakuman":
                ym = ym or 1
            if not (closed or opened or ym):
                continue
            scope, pred = PREDICATES[yid]
            self.value[yid] = (closed, opened, ym)
            self.excludes[yid] = yi.excludes
            self.scoped.setdefault(scope, []).append((yid, pred))
        self.excludes_of = {yid: ex for yid, ex in self.excludes.items() if ex}
        self.excl_ids = frozenset(self.excludes_of)
        self.gates = {gate: tuple(self.scoped.get(gate, ())) for gate in GATES}
        unknown = set(self.scoped) - set(GATES)
        if unknown:
            raise ValueError(f"yaku predicates registered with unknown gates: {sorted(unknown)}")
        self.ym_ids = frozenset(yid for yid, val in self.value.items() if val[2])
        order = self.order
        # (table order, han, YakuItem) ready-made for a closed and an open hand; sorting the
        # triples puts a result's yaku in table order without a key function
        self.closed_items = {
            yid: (order[yid], val[0], YakuItem(yid, val[0])) for yid, val in self.value.items() if val[0]
        }
        self.open_items = {
            yid: (order[yid], val[1], YakuItem(yid, val[1])) for yid, val in self.value.items() if val[1]
        }
        self.yakuman_items = {
            yid: (order[yid], 13 * val[2], YakuItem(yid, 13 * val[2], val[2]))
            for yid, val in self.value.items()
            if val[2]
        }

    def excluded(self, present: list[str]) -> set[str]:
        """The yaku that the present ones replace (chinitsu replaces honitsu, ...)."""
        out: set[str] = set()
        for yid in present:
            ex = self.excludes_of.get(yid)
            if ex:
                out.update(ex)
        return out

    @staticmethod
    def items(yaku: list) -> tuple[YakuItem, ...]:
        """A candidate's (order, han, YakuItem) triples as YakuItems in table order."""
        if len(yaku) == 1:
            return (yaku[0][2],)
        return tuple([t[2] for t in sorted(yaku)])


_TABLES: dict[int, tuple[Rules, _Table]] = {}


_LAST: list = [None, None]


def _table(rules: Rules) -> _Table:
    entry = _TABLES.get(id(rules))
    if entry is None or entry[0] is not rules:
        entry = (rules, _Table(rules))
        _TABLES[id(rules)] = entry
    _LAST[0], _LAST[1] = entry
    return entry[1]


# --------------------------------------------------------------------------- validation


_TOO_MANY = frozenset(range(5, 19))


def _check(hand: Hand, ctx: WinContext, rules: Rules) -> tuple[list[int], list[int], int, bool]:
    """Validate a hand and its situation; returns (all counts, concealed counts, red fives, closed)."""
    conc = [0] * 34
    reds = 0
    for t in hand.concealed:
        conc[t.kind] += 1
        if t.red:
            reds += 1
    melds = hand.melds
    closed = True
    if melds:
        counts = conc[:]
        for m in melds:
            if m.kind is not MeldKind.KAN_CLOSED:
                closed = False
            for t in m.tiles:
                counts[t.kind] += 1
                if t.red:
                    reds += 1
    else:
        counts = conc
    if reds > 1:
        try:
            check_red_fives(hand.all_tiles())
        except ValueError as e:
            raise ScoringError("too_many_red_fives", str(e)) from None
    if not _TOO_MANY.isdisjoint(counts):
        k = max(range(34), key=counts.__getitem__)
        raise ScoringError("too_many_copies", f"{counts[k]} copies of {kind_name(k)}: a set has only 4")
    n = len(hand.concealed)
    if n % 3 != 2 or n + 3 * len(melds) != 14:
        raise ScoringError(
            "wrong_size",
            f"a winning hand has 14 tiles (each meld counting 3) with the winning tile; this one has {hand.size}",
        )
    if not conc[ctx.win_tile.kind]:
        raise ScoringError(
            "bad_win_tile", f"the winning tile {ctx.win_tile} is not among the concealed tiles"
        )
    if not (27 <= ctx.seat_wind <= 30 and 27 <= ctx.round_wind <= 30):
        raise ScoringError("bad_wind", "seat and round wind must be East, South, West or North")
    if ctx.nuki or rules.players == 3:
        _check_three_player(hand, ctx, rules, counts)
    if (ctx.riichi or ctx.double_riichi) and not closed:
        raise ScoringError("riichi_open_hand", "riichi needs a closed hand (only closed kans are allowed)")
    if (
        ctx.ippatsu
        or ctx.chankan
        or ctx.rinshan
        or ctx.haitei
        or ctx.houtei
        or ctx.tenhou
        or ctx.chiihou
        or ctx.renhou
    ):
        _check_situation(hand, ctx, rules)
    return counts, conc, reds, closed


def _check_three_player(hand: Hand, ctx: WinContext, rules: Rules, counts: list[int]) -> None:
    """Three-player (sanma) limits: the tiles of the deck, no chi, three seats, nukidora."""
    removed = rules.removed_kinds
    if removed:
        gone = sorted({t.kind for t in hand.all_tiles()} & removed)
        if gone:
            raise ScoringError(
                "tile_not_in_set",
                f"{kind_name(gone[0])} is not in the {rules.name} set: it plays without "
                f"{kind_name(min(removed))}-{kind_name(max(removed))}",
            )
    if not rules.chi and any(m.kind is MeldKind.CHI for m in hand.melds):
        raise ScoringError("chi_not_allowed", f"the {rules.name} rules have no chi: runs cannot be called")
    if rules.players == 3 and ctx.seat_wind == NORTH:
        raise ScoringError("bad_wind", "three players sit East, South and West: there is no North seat")
    if ctx.nuki < 0 or ctx.nuki > 4:
        raise ScoringError("bad_nuki", f"nuki must be 0 to 4 Norths set aside, not {ctx.nuki}")
    if ctx.nuki and not rules.nukidora:
        raise ScoringError("nuki_not_in_rules", f"the {rules.name} rules do not set North aside as nukidora")
    if ctx.nuki + counts[NORTH] > 4:
        raise ScoringError(
            "too_many_copies", f"{ctx.nuki} Norths set aside and {counts[NORTH]} in the hand: a set has only 4"
        )
    if rules.nukidora and not rules.north_kept and counts[NORTH]:
        raise ScoringError(
            "north_not_set_aside", f"in the {rules.name} rules every North is set aside (kita), none stays in the hand"
        )


def _check_situation(hand: Hand, ctx: WinContext, rules: Rules) -> None:
    """The rarer flags: ippatsu, chankan, rinshan, haitei, houtei, tenhou, chiihou, renhou, each
    against the way of winning and the flags that cannot come with it (001:474-498, 001:1062-1071):
    a first-turn win comes before the winner's first discard, so never after a riichi."""

    def fail(code: str, msg: str) -> None:
        raise ScoringError(code, msg)

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
        if ctx.in_riichi:  # riichi is declared with a discard (001:515-517)
            fail(f"{name}_with_riichi", f"{name} is won before the winner's first discard, so never after a riichi")
    if ctx.renhou and rules.renhou == "none":
        fail("renhou_not_in_rules", f"the {rules.name} rules have no renhou")


def situation_problem(hand: Hand, ctx: WinContext, rules: Rules) -> str | None:
    """Why the situation flags of ``ctx`` cannot be true of a win of ``hand`` under ``rules`` (the
    scorer's own refusal, :class:`ScoringError`'s message), or None when they can."""
    try:
        _check_situation(hand, ctx, rules)
    except ScoringError as e:
        return str(e)
    return None


# --------------------------------------------------------------------------- scoring
#
# The hot path works on plain ints: a standard reading is (runs, triplets, pair)
# of the concealed tiles, taken from decompose's memoised per-suit tables, and
# the winning tile's place is (shape, kind).  Reading / Placement / FuItem
# objects are built only for the chosen reading (and for the alternatives when
# asked), which keeps scoring several times faster than the reference library.
# tests/test_yaku.py checks that the fast readings and placements are exactly
# those of decompose.readings() and waits.placements().

_SHANPON = WaitShape.SHANPON
_TANKI = WaitShape.TANKI
_RYANMEN = WaitShape.RYANMEN


_GROUPS: dict[tuple[GroupKind, int, bool, bool], Group] = {}


def _group(kind: GroupKind, first: int, declared: bool = False, is_open: bool = False) -> Group:
    """A reading group; groups are immutable values, so equal ones are shared."""
    key = (kind, first, declared, is_open)
    g = _GROUPS.get(key)
    if g is None:
        g = _GROUPS[key] = Group(kind, first, declared, is_open)
    return g


class _Meldinfo:
    """What the declared melds contribute, computed once per hand."""

    __slots__ = ("runs", "trips", "quads", "closed_sets", "fu", "specs")

    def __init__(self, hand: Hand) -> None:
        self.runs: list[int] = []
        self.trips: list[int] = []
        self.quads = 0
        self.closed_sets = 0
        self.fu = 0
        self.specs: list[tuple[GroupKind, int, bool]] = []
        for m in hand.melds:
            k = m.first
            kind = m.kind
            if kind is MeldKind.CHI:
                self.runs.append(k)
                self.specs.append((GroupKind.RUN, k, True))
                continue
            self.trips.append(k)
            base = 4 if _YAO[k] else 2
            if kind is MeldKind.PON:
                self.fu += base
                self.specs.append((GroupKind.TRIPLET, k, True))
                continue
            self.quads += 1
            if kind is MeldKind.KAN_CLOSED:
                self.closed_sets += 1
                self.fu += base * 8
                self.specs.append((GroupKind.QUAD, k, False))
            else:
                self.fu += base * 4
                self.specs.append((GroupKind.QUAD, k, True))

    def groups(self) -> tuple[Group, ...]:
        """The melds as declared reading groups."""
        return tuple(_group(kind, k, True, is_open) for kind, k, is_open in self.specs)


def _pair_fu(pair: int, seat: int, rnd: int, rules: Rules) -> int:
    if pair >= 31:
        return 2
    if pair == seat:
        return rules.double_wind_pair_fu if pair == rnd else 2
    return 2 if pair == rnd else 0


def score_hand(hand: Hand, ctx: WinContext, rules: Rules) -> ScoreResult:
    """Score a winning hand under a rule set.

    ``hand`` holds the concealed tiles *including* the winning tile, plus the
    declared melds.  Every reading and every place of the winning tile is
    scored and the most valuable one is returned; the others are in
    ``alternatives``.  Raises :class:`ScoringError` (``code`` says why) for a
    hand that is not complete, has no yaku, or a situation that cannot happen.
    """
    counts, conc, reds, closed = _check(hand, ctx, rules)
    table = _LAST[1] if _LAST[0] is rules else _table(rules)
    G = table.gates
    win = ctx.win_tile.kind
    melds = hand.melds
    tsumo = ctx.tsumo
    seat = ctx.seat_wind
    rnd = ctx.round_wind
    riichi = ctx.riichi or ctx.double_riichi

    v = HandView()
    v.closed = closed
    v.counts = counts
    suits = (
        (1 if any(counts[0:9]) else 0) | (2 if any(counts[9:18]) else 0) | (4 if any(counts[18:27]) else 0)
    )
    honors = sum(counts[27:])
    v.suits = suits
    v.honors = honors
    v.tsumo = tsumo
    v.seat = seat
    v.round = rnd
    v.ctx = ctx
    v.rules = rules
    v.win = win
    v.hand = hand

    yao = honors + counts[0] + counts[8] + counts[9] + counts[17] + counts[18] + counts[26]
    fixed: list[str] = []
    if not yao:
        fixed += [yid for yid, pred in G["hand:simples"] if pred(v)]
    else:
        if yao == sum(counts):
            fixed += [yid for yid, pred in G["hand:no_simples"] if pred(v)]
        if not melds and not honors and suits in (1, 2, 4):
            fixed += [yid for yid, pred in G["hand:one_suit_closed"] if pred(v)]
    if suits in (1, 2, 4):
        fixed += [yid for yid, pred in G["hand:one_suit"] if pred(v)]
        if suits == 4:
            fixed += [yid for yid, pred in G["hand:green"] if pred(v)]
    elif not suits:
        fixed += [yid for yid, pred in G["hand:green"] if pred(v)]
    if riichi:
        fixed += [yid for yid, pred in G["flag:riichi"] if pred(v)]
    if tsumo and closed:
        fixed += [yid for yid, pred in G["flag:tsumo"] if pred(v)]
    if ctx.haitei or ctx.houtei or ctx.rinshan or ctx.chankan or ctx.tenhou or ctx.chiihou or ctx.renhou:
        fixed += [yid for yid, pred in G["flag:rare"] if pred(v)]

    # dora (not yaku): indicators, ura after riichi, red fives
    nxt = rules.dora_next if rules.removed_kinds else _NEXT
    dora = 0
    for t in ctx.dora_indicators if rules.kan_dora else ctx.dora_indicators[:1]:
        dora += counts[nxt[t.kind]]
    ura = 0
    if riichi and rules.ura_dora:
        for t in ctx.ura_indicators if rules.kan_ura else ctx.ura_indicators[:1]:
            ura += counts[nxt[t.kind]]
    if not rules.red_fives:
        reds = 0
    nuki = ctx.nuki if rules.nukidora else 0
    if nuki:  # each North set aside is one han, and a dora again when North is a dora
        dora += nuki * sum(1 for t in (ctx.dora_indicators if rules.kan_dora else ctx.dora_indicators[:1])
                           if nxt[t.kind] == NORTH)
        if riichi and rules.ura_dora:
            ura += nuki * sum(1 for t in (ctx.ura_indicators if rules.kan_ura else ctx.ura_indicators[:1])
                              if nxt[t.kind] == NORTH)
    dora_han = dora + ura + reds + nuki

    shibari = bool(rules.ryanhan_shibari) and ctx.honba >= rules.ryanhan_shibari
    meld_info = _Meldinfo(hand) if melds else _NO_MELDS
    rinshan_no_fu = ctx.rinshan and not rules.rinshan_tsumo_fu
    base_fu = 20 if tsumo or not closed else 30
    item_of = table.closed_items if closed else table.open_items
    excl_ids = table.excl_ids
    ym_ids = table.ym_ids
    kiriage = rules.kiriage_mangan
    open_pinfu = not closed and not tsumo and rules.open_pinfu_fu
    dealer = seat == EAST

    # (priority key, form, runs, triplets, pair, shape, first kind of the won group, yaku, han, fu, yakuman, limit)
    cands: list[tuple] = []
    splits = _splits(conc, win)
    if splits:
        g_peikou = G["reading:peikou"] if closed else ()
        g_outside = G["reading:outside"] if yao else ()
        g_dragons = G["reading:dragons"] if honors else ()
        g_pinfu = G["win:pinfu"] if closed else ()
        v.form = _STD
        quads = meld_info.quads
        v.quads = quads
        m_runs, m_trips, m_fu, m_closed = meld_info.runs, meld_info.trips, meld_info.fu, meld_info.closed_sets
        for runs_c, trips_c, pair, trip_fu, places in splits:
            if not places:
                continue
            runs = runs_c + m_runs if m_runs else runs_c
            trips = trips_c + m_trips if m_trips else trips_c
            v.runs = runs
            v.triplets = trips
            v.pair = pair
            reading_yaku = fixed[:]
            n_runs = len(runs)
            if n_runs >= 2:
                if g_peikou and len(set(runs)) < n_runs:
                    reading_yaku += [yid for yid, pred in g_peikou if pred(v)]
                if n_runs >= 3:
                    reading_yaku += [yid for yid, pred in G["reading:runs3"] if pred(v)]
            if n_runs and g_outside and _YAO[pair]:
                reading_yaku += [yid for yid, pred in g_outside if pred(v)]
            if trips:
                n_trips = len(trips)
                if n_trips >= 3:
                    if n_trips == 4:
                        reading_yaku += [yid for yid, pred in G["reading:toitoi"] if pred(v)]
                    if quads >= 3:
                        reading_yaku += [yid for yid, pred in G["reading:kans"] if pred(v)]
                    reading_yaku += [yid for yid, pred in G["reading:doukou"] if pred(v)]
                if g_dragons:
                    top = max(trips)
                    if top >= 27:
                        if top >= 31:
                            reading_yaku += [yid for yid, pred in g_dragons if pred(v)]
                        for t in trips:
                            if 27 <= t <= 30:
                                reading_yaku += [yid for yid, pred in G["reading:winds"] if pred(v)]
                                break
            fu0 = base_fu + m_fu + trip_fu
            if pair >= 27:
                fu0 += _pair_fu(pair, seat, rnd, rules)
            n_conc = len(trips_c) + m_closed
            for shape, first in places:
                conc_sets = n_conc
                fu = fu0
                if shape is _SHANPON:
                    if not tsumo:
                        conc_sets -= 1
                        fu -= 4 if _YAO[first] else 2
                elif shape is not _RYANMEN:
                    fu += 2
                v.shape = shape
                v.concealed_triplets = conc_sets
                present = reading_yaku
                pinfu = False
                if g_pinfu and shape is _RYANMEN and not trips:
                    extra = [yid for yid, pred in g_pinfu if pred(v)]
                    if extra:
                        pinfu = True
                        present = present + extra
                if conc_sets >= 3:
                    present = present + [yid for yid, pred in G["win:ankou"] if pred(v)]
                if tsumo and not pinfu and not rinshan_no_fu:
                    fu += 2
                if fu == 20 and open_pinfu:
                    fu = 30
                else:
                    fu = -(-fu // 10) * 10
                # value the candidate (the common, non-yakuman case inline)
                if not excl_ids.isdisjoint(present):
                    excluded = table.excluded(present)
                    present = [yid for yid in present if yid not in excluded]
                if not ym_ids.isdisjoint(present):
                    cands.append(
                        _rate_yakuman(table, present, fu, runs_c, trips_c, pair, shape, first, ctx, rules)
                    )
                    continue
                yaku = [item_of[yid] for yid in present if yid in item_of]
                yaku_han = 0
                for y in yaku:
                    yaku_han += y[1]
                if not yaku_han:
                    key = (False, 0, False, 0, fu)
                    cands.append((key, _STD, runs_c, trips_c, pair, shape, first, yaku, 0, fu, 0, None))
                    continue
                han = yaku_han + dora_han
                if han >= 5:
                    basic, limit = basic_points(han, fu, rules)
                else:
                    basic = fu << (han + 2)
                    limit = None
                    if basic >= 2000 or (kiriage and basic >= 1920):
                        basic, limit = 2000, "mangan"
                valid = not (shibari and yaku_han < 2)
                pts = _winner_points(basic, tsumo, dealer) if valid else 0
                key = (valid, pts, False, han, fu)
                cands.append((key, _STD, runs_c, trips_c, pair, shape, first, yaku, han, fu, 0, limit))
    if not melds and len(hand.concealed) == 14:
        if conc.count(2) == 7:
            dc = DoraCount(dora, ura, reds, nuki)
            pairs = [k for k in range(34) if conc[k] == 2]
            v.form = Form.SEVEN_PAIRS
            v.runs = []
            v.triplets = []
            v.pair = -1
            v.quads = 0
            v.shape = _TANKI
            v.concealed_triplets = 0
            present = fixed + [yid for yid, pred in G["reading:special_form"] if pred(v)]
            cands.append(
                _rate(
                    table,
                    present,
                    25,
                    Form.SEVEN_PAIRS,
                    [],
                    pairs,
                    -1,
                    _TANKI,
                    win,
                    v,
                    dc,
                    ctx,
                    shibari,
                    rules,
                )
            )
        elif not splits:
            orphan = _orphan_pair(conc)
            if orphan is not None:
                dc = DoraCount(dora, ura, reds, nuki)
                v.form = Form.THIRTEEN_ORPHANS
                v.runs = []
                v.triplets = []
                v.pair = -1
                v.quads = 0
                shape = WaitShape.KOKUSHI_13 if win == orphan else WaitShape.KOKUSHI
                v.shape = shape
                v.concealed_triplets = 0
                present = fixed + [yid for yid, pred in G["reading:special_form"] if pred(v)]
                present += [yid for yid, pred in G["win:kokushi"] if pred(v)]
                f = Form.THIRTEEN_ORPHANS
                cands.append(
                    _rate(table, present, 0, f, [], [], orphan, shape, win, v, dc, ctx, shibari, rules)
                )
    if not cands:
        if splits:
            raise ScoringError(
                "bad_win_tile", f"the winning tile {ctx.win_tile} completes no group of {hand}"
            )
        raise ScoringError("not_complete", f"{hand} is not a complete hand (no split into sets and a pair)")
    if len(cands) > 1:
        cands.sort(key=_first, reverse=True)
    best = cands[0]
    key, form, runs_c, trips_c, pair, shape, first, yaku, han, fu, ym, limit = best
    if not key[0]:
        if ctx.renhou and rules.renhou == "mangan":
            return _renhou_mangan([hand, ctx, rules, meld_info, cands, True, None], ctx, rules)
        if shibari and any(c[7] for c in cands):
            raise ScoringError(
                "ryanhan_shibari", f"with {ctx.honba} honba the {rules.name} rules need 2 han without dora"
            )
        raise ScoringError("no_yaku", f"no yaku when won on {ctx.win_tile}: dora alone do not count")
    if ctx.renhou and rules.renhou == "mangan" and key[1] < _winner_points(2000, ctx.tsumo, ctx.dealer):
        return _renhou_mangan([hand, ctx, rules, meld_info, cands, True, None], ctx, rules)
    if limit is not None:
        basic, _ = basic_points(han, fu, rules, ym)
    else:
        basic = fu << (han + 2)
    return ScoreResult(
        han,
        fu,
        table.items(yaku),
        0 if ym else dora_han,
        _NO_DORA if ym else DoraCount(dora, ura, reds, nuki),
        ym,
        limit,
        _pay(basic, dealer, tsumo, ctx.honba * rules.honba_points, ctx.riichi_sticks * rules.riichi_deposit)
        if rules.players == 4
        else payment(basic, dealer=dealer, tsumo=tsumo, honba=ctx.honba, sticks=ctx.riichi_sticks, rules=rules),
        rules.name,
        [hand, ctx, rules, meld_info, cands, False, None],
    )


_NEXT = tuple(dora_from_indicator(k) for k in range(34))
_STD = Form.STANDARD


class _NoMelds:
    runs: list[int] = []
    trips: list[int] = []
    quads = 0
    closed_sets = 0
    fu = 0
    specs: list = []

    def groups(self) -> tuple[Group, ...]:
        return ()


_NO_MELDS = _NoMelds()


def _winner_points(basic: int, tsumo: bool, dealer: bool) -> int:
    if not tsumo:
        return -(-basic * (6 if dealer else 4) // 100) * 100
    if dealer:
        return 3 * (-(-basic * 2 // 100) * 100)
    return -(-basic * 2 // 100) * 100 + 2 * (-(-basic // 100) * 100)


def _rate_yakuman(
    table: _Table,
    present: list[str],
    fu: int,
    runs_c: list[int],
    trips_c: list[int],
    pair: int,
    shape: WaitShape,
    first: int,
    ctx: WinContext,
    rules: Rules,
    form: Any = None,
) -> tuple:
    """The candidate tuple of a reading holding a yakuman (ordinary yaku are dropped);
    ``form`` is the reading's form (standard when not given)."""
    value = table.value
    yaku = [table.yakuman_items[yid] for yid in present if value[yid][2]]
    counts = [y[2].yakuman for y in yaku]
    n = sum(counts) if rules.yakuman_stacking else max(counts)
    basic, limit = basic_points(0, fu, rules, n)
    pts = _winner_points(basic, ctx.tsumo, ctx.dealer)
    return (
        (True, pts, True, 13 * n, fu),
        _STD if form is None else form,
        runs_c,
        trips_c,
        pair,
        shape,
        first,
        yaku,
        13 * n,
        fu,
        n,
        limit,
    )


def _first(c: tuple) -> tuple:
    return c[0]


def _orphan_pair(c: list[int]) -> int | None:
    pair = None
    for k in TERMINALS_AND_HONORS:
        n = c[k]
        if n == 2 and pair is None:
            pair = k
        elif n != 1:
            return None
    return pair


def _rate(
    table: _Table,
    present: list[str],
    fu: int,
    form: Form,
    runs_c: list[int],
    trips_c: list[int],
    pair: int,
    shape: WaitShape,
    first: int,
    v: HandView,
    dc: DoraCount,
    ctx: WinContext,
    shibari: bool,
    rules: Rules,
) -> tuple:
    """Value one reading with the winning tile in one place: the candidate tuple
    (priority key, form, runs, triplets, pair, shape, group first kind, yaku, han, fu, yakuman, limit)."""
    value = table.value
    excluded: set[str] | None = None
    for yid in present:
        ex = table.excludes_of.get(yid)
        if ex:
            if excluded is None:
                excluded = set(ex)
            else:
                excluded.update(ex)
    if excluded:
        present = [yid for yid in present if yid not in excluded]
    if any(value[yid][2] for yid in present):
        return _rate_yakuman(table, present, fu, runs_c, trips_c, pair, shape, first, ctx, rules, form)
    item_of = table.closed_items if v.closed else table.open_items
    yaku = [item_of[yid] for yid in present if yid in item_of]
    yaku_han = 0
    for y in yaku:
        yaku_han += y[1]
    if not yaku_han:
        return ((False, 0, False, 0, fu), form, runs_c, trips_c, pair, shape, first, yaku, 0, fu, 0, None)
    han = yaku_han + dc.total
    basic, limit = basic_points(han, fu, rules)
    valid = not (shibari and yaku_han < 2)
    pts = _winner_points(basic, ctx.tsumo, ctx.dealer) if valid else 0
    return ((valid, pts, False, han, fu), form, runs_c, trips_c, pair, shape, first, yaku, han, fu, 0, limit)


class _Explainer:
    """Turns the scorer's candidate tuples into Reading / Placement / FuItem / Alternative
    objects on demand (once): what a ScoreResult shows when a lesson asks *why*."""

    __slots__ = ("hand", "ctx", "rules", "melds", "cands", "cand", "renhou", "_explained", "_alternatives")

    def __init__(
        self, hand: Hand, ctx: WinContext, rules: Rules, melds: _Meldinfo, cands: list[tuple], renhou: bool
    ) -> None:
        self.hand = hand
        self.ctx = ctx
        self.rules = rules
        self.melds = melds
        self.cands = cands
        self.cand = cands[0]
        self.renhou = renhou
        self._explained: tuple[Reading, Placement, tuple[FuItem, ...]] | None = None
        self._alternatives: tuple[Alternative, ...] | None = None

    def explained(self) -> tuple[Reading, Placement, tuple[FuItem, ...]]:
        """(reading, placement, fu items) of the chosen candidate."""
        if self._explained is None:
            reading, placement = self.reading(self.cand)
            pinfu = any(y[2].id == "pinfu" for y in self.cand[7])
            self._explained = (reading, placement, self.fu_items(reading, placement, pinfu))
        return self._explained

    def reading(self, cand: tuple) -> tuple[Reading, Placement]:
        """The Reading and Placement of one candidate, as decompose and waits would give them."""
        _, form, runs_c, trips_c, pair, shape, first = cand[:7]
        if form is Form.SEVEN_PAIRS:
            groups = tuple(_group(GroupKind.PAIR, k) for k in trips_c)
            return Reading(form, groups), Placement(trips_c.index(first), WaitShape.TANKI)
        if form is Form.THIRTEEN_ORPHANS:
            return Reading(form, (), pair), Placement(None, shape)
        sets = sorted(
            [(t, False) for t in trips_c] + [(r, True) for r in runs_c],
        )
        groups = [_group(GroupKind.RUN if is_run else GroupKind.TRIPLET, k) for k, is_run in sets]
        declared = self.melds.groups()
        if shape is WaitShape.TANKI:
            index = len(groups) + len(declared)
        else:
            want = (first, shape is not WaitShape.SHANPON)
            index = sets.index(want)
        reading = Reading(Form.STANDARD, (*groups, *declared, _group(GroupKind.PAIR, pair)))
        return reading, Placement(index, shape)

    def fu_items(self, reading: Reading, placement: Placement, pinfu: bool) -> tuple[FuItem, ...]:
        """The itemised fu of one reading."""
        ctx = self.ctx
        return fu_items(
            reading,
            placement,
            closed=self.hand.is_closed,
            tsumo=ctx.tsumo,
            rinshan=ctx.rinshan,
            pinfu=pinfu,
            seat=ctx.seat_wind,
            round_wind=ctx.round_wind,
            win_kind=ctx.win_tile.kind,
            rules=self.rules,
        )

    def alternative(self, cand: tuple) -> Alternative:
        """One candidate as an Alternative."""
        key, _, _, _, _, _, _, yaku, han, fu, ym, limit = cand
        reading, placement = self.reading(cand)
        items = self.fu_items(reading, placement, any(y[2].id == "pinfu" for y in yaku))
        yaku = _table(self.rules).items(yaku) if yaku else ()
        return Alternative(reading, placement, yaku, items, han, fu, ym, limit, key[1], key[0])

    def alternatives(self) -> tuple[Alternative, ...]:
        """Every candidate but the chosen one (all of them for a renhou mangan), best first."""
        if self._alternatives is None:
            start = 0 if self.renhou else 1
            self._alternatives = tuple(self.alternative(c) for c in self.cands[start:])
        return self._alternatives


def _pay(basic: int, dealer: bool, tsumo: bool, honba: int, sticks: int) -> Payment:
    """The payments of a hand of ``basic`` points; ``honba`` and ``sticks`` are bonuses in points."""
    if not tsumo:
        ron = -(-basic * (6 if dealer else 4) // 100) * 100
        return Payment(ron, None, None, None, honba, sticks, ron + honba + sticks)
    if dealer:
        each = -(-basic * 2 // 100) * 100
        return Payment(None, None, None, each, honba, sticks, 3 * each + honba + sticks)
    d = -(-basic * 2 // 100) * 100
    nd = -(-basic // 100) * 100
    return Payment(None, d, nd, None, honba, sticks, d + 2 * nd + honba + sticks)


_NO_DORA = DoraCount()


def _renhou_mangan(box: list, ctx: WinContext, rules: Rules) -> ScoreResult:
    """JPML renhou: a mangan that does not combine with other yaku (003:331)."""
    best = box[4][0]
    pay = payment(
        2000, dealer=ctx.dealer, tsumo=False, honba=ctx.honba, sticks=ctx.riichi_sticks, rules=rules
    )
    return ScoreResult(
        han=5,
        fu=best[9],
        yaku=(YakuItem("renhou", 5),),
        dora=0,
        dora_count=DoraCount(),
        yakuman=0,
        limit="mangan",
        payment=pay,
        rules_name=rules.name,
        explainer=box,
    )


def fu_breakdown_of(hand: Hand, ctx: WinContext, rules: Rules) -> list[str]:
    """The fu working of the best reading of a winning hand, as text lines for a fu quiz."""
    return fu_breakdown(score_hand(hand, ctx, rules).fu_items)


def _why_not_pinfu(reading: Reading, placement: Placement, hand: Hand, ctx: WinContext) -> tuple[str, ...]:
    pair = reading.pair
    return pinfu_blockers(
        reading.form,
        [g.kind.value for g in reading.groups],
        pair.first if pair is not None else -1,
        placement.shape,
        closed=hand.is_closed,
        seat=ctx.seat_wind,
        round_wind=ctx.round_wind,
    )


def pao_share(result: ScoreResult, rules: Rules, *, dealer: bool) -> int:
    """The part of a hand's value (before honba) that a liable player covers under pao.

    Non-zero only when the hand scores a yakuman listed in ``rules.pao_yaku``
    (daisangen, daisuushii; JPML also suukantsu).  With
    ``rules.pao_includes_combined`` the whole hand is covered (001:1027),
    otherwise only those yakuman.  Pass it to :func:`trainer.engine.points.settle`
    as ``liable_share``.  (JPML's rinshan-after-daiminkan liability, 003:42,
    covers the whole hand: use ``result.payment.hand_value``.)
    """
    covered = sum(y.yakuman for y in result.yaku if y.id in rules.pao_yaku)
    if not covered:
        return 0
    if rules.pao_includes_combined:
        return result.payment.hand_value
    return 8000 * covered * (6 if dealer else 4)


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
    "pao_share",
    "points_table",
    "score_hand",
    "situation_problem",
]
