"""What a won hand is worth in each training game, and why (seed 000:3441-3558, 4327-4344).

Every scheme returns a :class:`HandValue`: the items that made the value (each an id
the UI words through the glossary or its own catalog, an amount and a unit: ``han``,
``points``, ``times``, ``sides`` or ``triplets``), the han, the points the hand is worth and the
payment of each seat.  Schemes (the mode file's ``scoring``):

* ``kunto`` (000:3453-3454): 1 han for an okurikan (four of a kind kept concealed)
  without riichi, 1 han for a triplet of value honors with riichi: the base value; every wind
  triplet doubles it [our reading of "winds double the base"], and a hand without a han has
  nothing to double (item ``wind_nothing_to_double``, unit ``triplets``).  No points.
* ``twelve`` (000:3477-3479): the yaku of the hand, as the usual rules count them, less those
  the seed removes (the mode's ``yaku_removed``; seven pairs becomes six pairs and a lone honor,
  ``yaku_instead``), and the sides of the wait: a 5-sided wait is 1 han and every further side
  1 more.  The 13 tiles of a won hand are a standard ready hand that an imaginary 14th tile
  (kakū no pai) would complete; a yaku counts when the hand has it whichever tile that is
  (:func:`twelve_yaku`).  A hand in one of the seed's own forms (the shape's ``forms``:
  thirteen orphans and nine gates as many-sided waits, big four winds with an okurikan) counts
  that form's yaku instead, a limit hand alone (:func:`twelve_form_yaku`), and the form's own
  sides (:func:`form_waits`: 13 for thirteen orphans, 9 for nine gates, as the seed asks these
  forms to be those many-sided waits; big four winds is no ready hand and has no wait line), not
  the sides of the 12 tiles before the win.  No points.
* ``short`` (000:4333, 4342): the short-mahjong yaku list and the formula
  tsumo from everyone = 500 at 1 han, 1000 x (han - 1) above; ron = 3 x that.
* ``risu`` (000:3485): koutsu 100, kantsu 200, hadaka tanki 100, a hadaka tanki with no
  shuntsu doubles; the last wall tile after agari is dora, worth the mode's ``dora_value``
  per tile [our choice].  The seed's glossary (000:5375, 000:613) calls any wait on the pair
  hadaka tanki, and risu has no calls, so the bonus is for a win on the pair's single wait of
  a closed hand: the item is the glossary's ``tanki`` (single wait), not ``hadaka_tanki``,
  whose usual sense is the lone tile left after four calls (docs/rules.md).
* ``standard`` (single-suit mahjong 1, 000:3496-3503): the ordinary riichi points of the hand
  read with the suits ignored (:mod:`trainer.engine.game.single_suit_scoring`).
* ``riichi``: the full riichi score of :func:`trainer.engine.scoring.score_hand`
  under the mode's preset (the open-wall yochi game).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from trainer.engine.decompose import Form, GroupKind, Reading, is_complete, readings
from trainer.engine.game.training_shapes import six_pairs_and_honor
from trainer.engine.hand import Hand
from trainer.engine.tiles import EAST, Tile, is_dragon, is_honor, is_simple, is_yaochuu
from trainer.engine.yaku import yaku_info


@dataclass(frozen=True, slots=True)
class ValueItem:
    """One reason a hand is worth something: ``id`` (a glossary or value id), ``amount`` and
    ``unit`` (``han``, ``points``, ``times``, ``sides`` or ``triplets``)."""

    id: str
    amount: int
    unit: str

    def to_json(self) -> dict[str, Any]:
        """The item as a JSON object."""
        return {"id": self.id, "amount": self.amount, "unit": self.unit}


@dataclass(frozen=True, slots=True)
class HandValue:
    """The value of one win under a training game's rules: ``items`` (why), ``han``,
    ``points`` (what the winner gains; 0 where the game keeps no points) and ``deltas``
    (each seat's change of points)."""

    scheme: str
    items: tuple[ValueItem, ...] = ()
    han: int = 0
    points: int = 0
    deltas: tuple[int, ...] = field(default_factory=tuple)

    def to_json(self) -> dict[str, Any]:
        """The value as a JSON object."""
        return {"scheme": self.scheme, "han": self.han, "points": self.points,
                "items": [i.to_json() for i in self.items], "deltas": list(self.deltas)}


@dataclass(frozen=True, slots=True)
class Win:
    """Everything a scheme needs about one win."""

    hand: Hand
    win_tile: Tile
    tsumo: bool
    riichi: bool
    seat: int
    dealer: int
    players: int
    from_seat: int | None = None
    dora_kind: int | None = None
    sides: int = 0
    jokers_live: bool = True
    shape: Any = None
    only_losses: bool = False
    double_riichi: bool = False
    first_draw: bool = False  # a tsumo on the seat's first draw of the stage, no call made (tenhou / chiihou)
    rinshan: bool = False  # a tsumo on a kan's replacement tile (rinshan kaihou)


def value_of(scheme: str, win: Win, *, dora_value: int = 0, rules: Any = None, yaku_removed: Collection[str] = (),
             yaku_instead: Mapping[str, str] | None = None) -> HandValue:
    """The value of ``win`` under ``scheme`` (see the module docstring); ``yaku_removed`` and
    ``yaku_instead`` are the twelve-tile game's changes to the yaku list (``rules`` counts them)."""
    if scheme == "kunto":
        return _kunto(win)
    if scheme == "twelve":
        return _twelve(win, rules, yaku_removed, yaku_instead or {})
    if scheme == "short":
        return _short(win)
    if scheme == "risu":
        return _risu(win, dora_value)
    if scheme == "riichi":
        return _riichi(win, rules)
    if scheme == "standard":
        from trainer.engine.game.single_suit_scoring import standard_value

        return standard_value(win, rules)
    return HandValue(scheme, deltas=tuple(0 for _ in range(win.players)))


def short_payment(han: int) -> tuple[int, int]:
    """Short mahjong's formula (000:4333): (what each other player pays on tsumo, what the
    discarder pays on ron) for a hand of ``han``; 500 at 1 han, 1000 x (han - 1) above."""
    if han < 1:
        return 0, 0
    each = 500 if han == 1 else 1000 * (han - 1)
    return each, 3 * each


def _deltas(win: Win, ron: int, each: int) -> tuple[int, ...]:
    """Seat changes: the discarder pays ``ron``, or every other seat pays ``each`` on tsumo."""
    out = [0] * win.players
    if win.tsumo:
        for s in range(win.players):
            if s != win.seat:
                out[s] -= each
                out[win.seat] += each
    elif win.from_seat is not None:
        out[win.from_seat] -= ron
        out[win.seat] += ron
    return tuple(out)


def _standard_readings(hand: Hand) -> list[Reading]:
    return [r for r in readings(hand) if r.form is Form.STANDARD]


OKURIKAN_HAN: dict[str, int] = {"kunto": 1, "standard": 1}
"""The scoring schemes that count a four of a kind kept concealed without riichi (okurikan),
and the han it adds: kunto (000:3453) and single-suit mahjong 1 (000:3503,
:mod:`~trainer.engine.game.single_suit_scoring`).  Risu instead makes it a chombo
(:func:`trainer.engine.game.kan_rules.okurikan_effect`)."""


def _kunto(win: Win) -> HandValue:
    counts = Counter(t.kind for t in win.hand.concealed)
    items: list[ValueItem] = []
    if not win.riichi:
        items += [ValueItem("okurikan", OKURIKAN_HAN["kunto"], "han") for k, c in sorted(counts.items()) if c == 4]
    else:
        seat_wind = EAST + (win.seat - win.dealer) % win.players
        items += [ValueItem("yakuhai", 1, "han") for k, c in sorted(counts.items())
                  if c >= 3 and (is_dragon(k) or k in (EAST, seat_wind))]
    base = sum(i.amount for i in items if i.unit == "han")
    winds = sum(1 for k, c in counts.items() if c >= 3 and 27 <= k <= 30)
    if winds:
        items.append(_kunto_winds(winds, base))
    return HandValue("kunto", tuple(items), base * 2 ** winds, 0, tuple(0 for _ in range(win.players)))


def _kunto_winds(winds: int, base: int) -> ValueItem:
    """Kunto's wind triplets (000:3454 «как удваивающий базовые очки фактор»): each doubles the
    base value, the han of the okurikan and the value triplets.  A hand without a han has no base
    to double: the triplets are named (``wind_nothing_to_double``, their number) with nothing
    multiplied, so no "x2" stands beside a value of 0."""
    if base:
        return ValueItem("wind_double", 2 ** winds, "times")
    return ValueItem("wind_nothing_to_double", winds, "triplets")


TWELVE_FIRST_HAN_SIDES = 5
"""Twelve-tile mahjong (000:3479): a wait on this many kinds of tile is the first han, every
further kind one more."""


def _twelve(win: Win, rules: Any, removed: Collection[str], instead: Mapping[str, str]) -> HandValue:
    sides = len(form_waits(win.hand.all_tiles())) if _form_of(win) else win.sides
    items = [ValueItem("wait_sides", sides, "sides")] if sides else []
    wide = max(0, sides - TWELVE_FIRST_HAN_SIDES + 1)
    if wide:
        items.append(ValueItem("wide_wait", wide, "han"))
    if rules is not None:
        form = twelve_form_yaku(win, rules)
        items += form or twelve_yaku(win, rules, removed, instead)
    han = sum(i.amount for i in items if i.unit == "han")
    return HandValue("twelve", tuple(items), han, 0, tuple(0 for _ in range(win.players)))


@lru_cache(maxsize=16)
def rules_without(rules: Any, removed: frozenset[str]) -> Any:
    """``rules`` with the ``removed`` yaku worth nothing (the game does not have them), so a hand
    that would be one of them is scored by the yaku it has besides (one object per pair, so the
    scorer's per-rules tables are built once)."""
    if not removed:
        return rules
    table = tuple((y, 0, 0, 0) if y in removed else (y, c, o, ym) for y, c, o, ym in rules.yaku_han)
    return replace(rules, yaku_han=table)


def imaginary_tiles(hand: Hand, shape: Any = None) -> tuple[int, ...]:
    """The kinds the imaginary tile kakū no pai (000:3477) may be, which would make the 13 tiles of
    a twelve-tile win a standard hand of 14: a third tile to one of its two pairs (the rest three
    sets and a pair), the lone honor's partner for six pairs, and under atama kasō (``shape`` with
    an imaginary tile, 000:3479) any tile the 13-tile tenpai waits on.  A kind whose four copies
    are held is left out."""
    if shape is not None and getattr(shape, "imaginary", 0):
        return _ready_waits(hand)
    held = Counter(t.kind for t in hand.all_tiles())
    kinds = sorted(held.elements())
    out = [k for k in sorted(held) if 2 <= held[k] < 4 and is_complete(_without_pair(hand, k))]
    if six_pairs_and_honor(kinds):
        out += [k for k in sorted(held) if held[k] == 1]
    return tuple(out)


def _without_pair(hand: Hand, kind: int) -> Hand:
    """``hand`` with two tiles of ``kind`` taken out of the concealed tiles."""
    rest = list(hand.concealed)
    for _ in range(2):
        rest.remove(next(t for t in rest if t.kind == kind))
    return Hand(tuple(rest), hand.melds)


def twelve_yaku(win: Win, rules: Any, removed: Collection[str] = (),
                instead: Mapping[str, str] | None = None) -> tuple[ValueItem, ...]:
    """The yaku of a twelve-tile win (000:3477) by the usual rules (``rules``, the engine's
    :func:`~trainer.engine.scoring.score_hand`, the removed yaku worth nothing): the hand is scored
    once with each imaginary tile that would make it a standard hand of 14 (:func:`imaginary_tiles`,
    by ``win.shape``), and a yaku counts when every
    one of them gives it — a pair of dragons is no yakuhai, since the imaginary tile may complete
    the other pair; three triplets and two pairs are toitoi.  ``removed`` yaku do not count, and a
    yaku in ``instead`` counts under the id it names (seven pairs as six pairs and a lone honor)."""
    from trainer.engine.scoring import ScoringError, WinContext, score_hand

    rules = rules_without(rules, frozenset(removed))
    wind = EAST + (win.seat - win.dealer) % win.players
    common: set[tuple[str, int]] | None = None
    for kind in imaginary_tiles(win.hand, win.shape):
        ctx = WinContext(win_tile=Tile(kind), tsumo=win.tsumo, riichi=win.riichi, double_riichi=win.double_riichi,
                         seat_wind=wind, round_wind=EAST)
        try:
            found = {(y.id, y.han) for y in score_hand(win.hand.with_tile(Tile(kind)), ctx, rules).yaku}
        except ScoringError:  # no yaku with this tile: none counts whatever the tile
            found = set()
        common = found if common is None else common & found
        if not common:
            return ()
    order = {y: i for i, y in enumerate(yaku_info())}
    kept = sorted((order[y], y, han) for y, han in common or ())
    names = instead or {}
    return tuple(ValueItem(names.get(y, y), han, "han") for _i, y, han in kept)


def twelve_form_yaku(win: Win, rules: Any) -> tuple[ValueItem, ...]:
    """The yaku of a twelve-tile win in one of the seed's own forms (000:3477, ``win.shape.forms``):
    the form's yaku at the value ``rules`` give it (13 han a yakuman), alone as a limit hand is;
    () when the hand is in no form or ``rules`` do not score that yaku."""
    yaku = _form_of(win)
    if not yaku:
        return ()
    han = 13 * rules.yakuman(yaku) or rules.han(yaku, closed=True)
    return (ValueItem(yaku, han, "han"),) if han else ()


def _form_of(win: Win) -> str:
    """The yaku id of the seed's own form (twelve tiles, 000:3477) ``win``'s hand is in, "" for none."""
    form_of = getattr(win.shape, "form_of", None)
    return form_of([t.kind for t in win.hand.all_tiles()]) if form_of is not None else ""


def form_waits(tiles: Collection[Tile] | Collection[int]) -> tuple[int, ...]:
    """The sides of a twelve-tile form (000:3477 «в форме многостороннего тенпаи ожидания по
    стандартным правилам»): the kinds its 13 tiles wait on as a ready hand of the usual game —
    thirteen orphans the 13 orphans, nine gates the 9 tiles of its suit.  A kind whose four copies
    are all held is no side (there is no fifth): big four winds, its fourth wind's four kept as two
    pairs, is no ready hand of the usual game and has no sides."""
    kinds = [t.kind if isinstance(t, Tile) else t for t in tiles]
    return _ready_waits(Hand(tuple(sorted(Tile(k) for k in kinds))))


def _ready_waits(hand: Hand) -> tuple[int, ...]:
    """The kinds that complete ``hand`` (13 tiles read as a ready hand of the usual game), but for
    a kind whose four copies it already holds."""
    held = Counter(t.kind for t in hand.all_tiles())
    return tuple(k for k in range(34) if held[k] < 4 and is_complete(hand.with_tile(Tile(k))))


def _risu(win: Win, dora_value: int) -> HandValue:
    best: tuple[int, tuple[ValueItem, ...]] = (0, ())
    for r in _standard_readings(win.hand):
        items: list[ValueItem] = []
        for g in r.sets:
            if g.kind is GroupKind.TRIPLET:
                items.append(ValueItem("koutsu", 100, "points"))
            elif g.kind is GroupKind.QUAD:
                items.append(ValueItem("kantsu", 200, "points"))
        pair = r.pair
        tanki = pair is not None and pair.first == win.win_tile.kind and _single_wait_on_pair(win, r)
        if tanki:  # the seed's "hadaka tanki": any win on the pair's single wait (000:5375)
            items.append(ValueItem("tanki", 100, "points"))
        points = sum(i.amount for i in items)
        if tanki and not any(g.kind is GroupKind.RUN for g in r.sets):
            items.append(ValueItem("no_shuntsu_double", 2, "times"))
            points *= 2
        if points > best[0] or not best[1]:
            best = (points, tuple(items))
    points, items = best
    if win.dora_kind is not None and dora_value:
        n = sum(1 for t in win.hand.concealed if t.kind == win.dora_kind)
        n += sum(1 for m in win.hand.melds for t in m.tiles if t.kind == win.dora_kind)
        if n:
            items = (*items, ValueItem("dora", n * dora_value, "points"))
            points += n * dora_value
    return HandValue("risu", items, 0, points, _deltas(win, points, points))


def _single_wait_on_pair(win: Win, r: Reading) -> bool:
    """The winning tile completes the pair of reading ``r`` (a tanki wait on it)."""
    return r.pair is not None and r.pair.kind is GroupKind.PAIR and r.pair.first == win.win_tile.kind


SHORT_VALUE_HONORS = (31, 32, 33)


SHORT_LIMIT_HAN = 13
"""What a limit hand of short mahjong counts (000:4344 names the limits, not their value): 13 han,
so a tsumo costs everyone 12,000 and a ron 36,000 by the short formula [our choice]."""
GREEN = frozenset({19, 20, 21, 23, 25, 32})  # 2-3-4-6-8 sou and hatsu
WINDS = (27, 28, 29, 30)
DRAGONS = (31, 32, 33)


def _short(win: Win) -> HandValue:
    best: tuple[int, tuple[ValueItem, ...]] = (0, ())
    for r in _standard_readings(win.hand):
        limit = _short_first_draw(win) or _short_limit(win, r)
        items = (ValueItem(limit, SHORT_LIMIT_HAN, "han"),) if limit else tuple(_short_yaku(win, r))
        han = sum(i.amount for i in items)
        if han > best[0] or not best[1]:
            best = (han, items)
    han, items = best
    each, ron = short_payment(han)
    points = each * (win.players - 1) if win.tsumo else ron
    return HandValue("short", items, han, points, _deltas(win, ron, each))


def _short_yaku(win: Win, r: Reading) -> list[ValueItem]:
    """Short mahjong's yaku (000:4342) found in one reading; ▼ = one han less when open."""
    closed = not any(m.is_open for m in win.hand.melds)
    sets = r.sets
    pair = r.pair
    assert pair is not None
    groups = (*sets, pair)
    runs = [g for g in sets if g.kind is GroupKind.RUN]
    trips = [g for g in sets if g.kind in (GroupKind.TRIPLET, GroupKind.QUAD)]
    kinds = [k for g in groups for k in g.kinds()]
    seat_wind = EAST + (win.seat - win.dealer) % win.players
    value_kinds = {EAST, seat_wind, *SHORT_VALUE_HONORS}
    out: list[ValueItem] = []

    def add(yaku: str, han: int, open_less: bool = False) -> None:
        out.append(ValueItem(yaku, han - (0 if closed or not open_less else 1), "han"))

    if win.riichi:
        if win.double_riichi:  # riichi on the first go-around (000:4342: 2 han)
            add("double_riichi", 2)
        else:
            add("riichi", 1)
    if closed and win.tsumo:
        add("menzen_tsumo", 1)
    for g in trips:
        if g.first in SHORT_VALUE_HONORS:
            add("yakuhai", 1)
        if g.first == EAST and seat_wind == EAST:
            add("renfonpai", 2)  # the double wind: the round's and the seat's (2 han, 000:4342)
        elif g.first in (EAST, seat_wind):
            add("yakuhai", 1)
    if sum(1 for g in trips if g.first in WINDS) == 3:
        add("daisanshii", 2)  # three wind triplets (大三喜, 000:1988-1990, 4342)
    if all(is_simple(k) for k in kinds):
        add("tanyao", 1)
    if (closed and len(runs) == len(sets) and pair.first not in value_kinds
            and any(_ryanmen(g, win.win_tile.kind) for g in runs)):
        add("pinfu", 1)
    run_counts = Counter(g.first for g in runs)
    if run_counts and max(run_counts.values()) == 3:
        add("iisou_sanshun", 3, True)
    elif closed and run_counts and max(run_counts.values()) == 2:
        add("iipeikou", 1)
    if sets and len(trips) == len(sets):
        add("toitoi", 2)
        concealed = [g for g in trips if not g.declared and (win.tsumo or win.win_tile.kind != g.first)]
        if len(concealed) >= 3:
            add("sanankou", 2)
    firsts = sorted(g.first for g in trips if g.first < 27)
    if any(firsts[i] // 9 == firsts[i + 2] // 9 and firsts[i + 2] - firsts[i] == 2 and firsts[i + 1] - firsts[i] == 1
           for i in range(len(firsts) - 2)):
        add("sanrenkou", 2)
    suit = _main_suit(runs)
    if suit is not None and {g.first % 9 for g in runs if g.first // 9 == suit} >= {0, 3, 6}:
        add("ittsu", 2, True)
    if any({g.first // 9 for g in runs if g.first % 9 == rank} == {0, 1, 2} for rank in {g.first % 9 for g in runs}):
        add("sanshoku", 2, True)
    if any({g.first // 9 for g in trips if g.first < 27 and g.first % 9 == rank} == {0, 1, 2}
           for rank in {g.first % 9 for g in trips if g.first < 27}):
        add("sanshoku_doukou", 3)
    every_end = all(any(is_yaochuu(k) for k in g.kinds()) for g in groups)
    if every_end and runs:
        if any(is_honor(k) for k in kinds):
            add("chanta", 2, True)
        else:
            add("junchan", 3, True)
    if all(is_yaochuu(k) for k in kinds) and not runs:
        add("honroutou", 4)
    dragon_trips = sum(1 for g in trips if is_dragon(g.first))
    if dragon_trips == 2 and is_dragon(pair.first):
        add("shousangen", 4)
    suits = {k // 9 for k in kinds if k < 27}
    if len(suits) == 1:
        if any(is_honor(k) for k in kinds):
            add("honitsu", 3, True)
        else:
            add("chinitsu", 5, True)
    return out


def _short_first_draw(win: Win) -> str | None:
    """Short mahjong's first-draw limits (000:4344): the final hand won by tsumo on the seat's
    first draw of the last stage with no call made — tenhou (天和) for the dealer, chiihou (地和)
    for another player [the stage, like double riichi's first go-around, is our reading]."""
    if not (win.tsumo and win.first_draw):
        return None
    return "tenhou" if win.seat == win.dealer else "chiihou"


def _short_limit(win: Win, r: Reading) -> str | None:
    """The limit hand of short mahjong (000:4344) that reading ``r`` makes, if any: all green
    (hatsu not needed), big three dragons, little four winds (three wind triplets and the fourth
    wind as the pair), all terminals, all honors, or the all-simples «pōton» 222-34567-888 of one
    suit (tenhou and chiihou: :func:`_short_first_draw`)."""
    kinds = [t.kind for t in win.hand.all_tiles()]
    trips = [g for g in r.sets if g.kind in (GroupKind.TRIPLET, GroupKind.QUAD)]
    pair = r.pair
    if all(k in GREEN for k in kinds):
        return "ryuuiisou"
    if sum(1 for g in trips if g.first in DRAGONS) == 3:
        return "daisangen"
    if sum(1 for g in trips if g.first in WINDS) == 3 and pair is not None and pair.first in WINDS:
        return "shousuushii"
    if all(k < 27 and k % 9 in (0, 8) for k in kinds):
        return "chinroutou"
    if all(k >= 27 for k in kinds):
        return "tsuuiisou"
    counts = Counter(k % 9 for k in kinds)
    if len({k // 9 for k in kinds}) == 1 and kinds[0] < 27 and counts == Counter({1: 3, 2: 1, 3: 1, 4: 1, 5: 1,
                                                                                   6: 1, 7: 3}):
        return "tanyao_poton"
    return None


def _main_suit(runs: Sequence[Any]) -> int | None:
    """The suit holding three runs, if any (for ittsu)."""
    c = Counter(g.first // 9 for g in runs)
    return next((s for s, n in c.items() if n >= 3), None)


def _ryanmen(run: Any, win_kind: int) -> bool:
    """The winning tile completed ``run`` from an open two-sided wait."""
    rank = run.first % 9
    return (win_kind == run.first and rank != 6) or (win_kind == run.first + 2 and rank != 0)


def _riichi(win: Win, rules: Any) -> HandValue:
    from trainer.engine.scoring import ScoringError, WinContext, score_hand

    wind = EAST + (win.seat - win.dealer) % win.players
    ctx = WinContext(win_tile=win.win_tile, tsumo=win.tsumo, riichi=win.riichi, seat_wind=wind, round_wind=EAST)
    try:
        res = score_hand(win.hand, ctx, rules)
    except ScoringError:
        return HandValue("riichi", deltas=tuple(0 for _ in range(win.players)))
    items = tuple(ValueItem(str(y.id), y.yakuman * 13 if y.yakuman else y.han, "han") for y in res.yaku)
    out = payment_deltas(win, res.payment)
    return HandValue("riichi", items, res.han, out[win.seat], tuple(out))


def payment_deltas(win: Win, pay: Any) -> list[int]:
    """Each seat's change for a riichi payment (:class:`trainer.engine.points.Payment`): the
    discarder pays a ron; on a tsumo every other seat at the table pays its share (the dealer's
    or a non-dealer's)."""
    out = [0] * win.players
    if pay.ron is not None and win.from_seat is not None:
        out[win.from_seat] -= pay.ron
        out[win.seat] += pay.ron
    else:
        for s in range(win.players):
            if s == win.seat:
                continue
            each = pay.all if pay.all is not None else (pay.dealer if s == win.dealer else pay.non_dealer) or 0
            out[s] -= each
            out[win.seat] += each
    return out


__all__ = ["HandValue", "ValueItem", "Win", "form_waits", "imaginary_tiles", "payment_deltas", "short_payment",
           "twelve_form_yaku", "twelve_yaku", "value_of"]
