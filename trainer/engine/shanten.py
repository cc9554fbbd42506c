"""Shanten (向聴数): how many tiles a hand is away from tenpai.

Shanten 0 is tenpai (one tile from a win), 1 is iishanten, and -1 means the hand
is already complete.  The number is exact: it is the replacement number (the
fewest tiles that must be drawn, each replacing a discarded one, to make a
complete hand) minus one, never counting on a fifth copy of a tile.  So a hand
holding all four copies of a tile cannot wait on it, and a declared pon of 1m
leaves only one 1m in the wall for the concealed part.

Three hand forms are considered:

* **standard** — sets (runs or triplets) and one pair.  A hand with ``c``
  concealed tiles needs ``c // 3`` sets plus the pair, so a 13-tile closed hand
  needs 4 sets, a hand with two declared melds (7 concealed tiles) 2 sets, and a
  4-tile training hand 1 set;
* **seven pairs** (chiitoitsu) — seven *different* pairs; four of a kind is one
  pair, not two.  Only for 13 or 14 concealed tiles (no melds);
* **thirteen orphans** (kokushi musou) — one of each terminal and honor plus a
  pair of one of them.  Only for 13 or 14 concealed tiles.

Speed: the standard form looks each suit up in a shipped table of replacement
vectors (:mod:`trainer.engine.suit_table`) and combines the four groups through
memoised min-plus products, a few dict look-ups per hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from operator import itemgetter
from typing import Final

from trainer.engine.hand import Hand
from trainer.engine.suit_table import (
    EMPTY_ID,
    ID_SHIFT,
    MAX_SETS,
    combine_ids,
    combined_table,
    honor_vector,
    suit_vector,
    table_vector_id,
    table_vector_id_fast,
    vector_id,
    vector_list,
    vector_of,
)
from trainer.engine.tiles import NUM_KINDS, TERMINALS_AND_HONORS

STANDARD: Final = "standard"
SEVEN_PAIRS: Final = "seven_pairs"
THIRTEEN_ORPHANS: Final = "thirteen_orphans"
FORMS: Final = (STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS)

COMPLETE: Final = -1
TENPAI: Final = 0

_yaochuu = itemgetter(*TERMINALS_AND_HONORS)
_SUIT_IDS: dict[bytes, int] = {}
_HONOR_IDS: dict[bytes, int] = {}
_COMBINED = combined_table()
_FINAL: dict[int, int] = {}
_FINAL_LIMIT: Final = 2_000_000


def sets_needed_for(concealed: int) -> int:
    """Sets the concealed part must still form: ``concealed // 3`` (the rest are declared melds).

    A size that is a multiple of three (12, 9, ...) is not a playable hand and is refused."""
    if concealed % 3 == 0 or not 0 < concealed <= 14:
        raise ValueError(
            f"{concealed} concealed tiles is not a hand: use 3n+1 (1, 4, 7, 10, 13) or 3n+2 (2, 5, 8, 11, 14)"
        )
    return concealed // 3


def _aux(key: bytes, yaochuu: tuple[int, ...]) -> int:
    """Packed tallies of one group, summable across groups: tiles, kinds, pairs (kinds with 2+),
    and the same kinds/pairs over the terminal-and-honor ranks ``yaochuu`` (6 bits each)."""
    kinds = sum(1 for c in key if c)
    pairs = sum(1 for c in key if c >= 2)
    y_kinds = sum(1 for i in yaochuu if key[i])
    y_pairs = sum(1 for i in yaochuu if key[i] >= 2)
    return sum(key) | kinds << 6 | pairs << 12 | y_kinds << 18 | y_pairs << 24


def _suit_aux(key: bytes) -> int:
    """:func:`_aux` of a number suit (terminals at ranks 1 and 9), with C-level counting."""
    kinds = 9 - key.count(0)
    pairs = kinds - key.count(1)
    first, last = key[0], key[8]
    y_kinds = (first > 0) + (last > 0)
    y_pairs = (first >= 2) + (last >= 2)
    return sum(key) | kinds << 6 | pairs << 12 | y_kinds << 18 | y_pairs << 24


WARM_TILES: Final = 6
"""Patterns of up to this many tiles in one group are looked up when the first hand is seen."""
_WARMED: list[bool] = []


def _patterns(ranks: int, tiles: int) -> list[bytes]:
    """Every group pattern of ``ranks`` ranks (0..4 copies each) with at most ``tiles`` tiles."""
    out: list[bytes] = []
    prefix: list[int] = []

    def extend(left: int) -> None:
        if len(prefix) == ranks:
            out.append(bytes(prefix))
            return
        for c in range(min(4, left) + 1):
            prefix.append(c)
            extend(left - c)
            prefix.pop()

    extend(tiles)
    return out


def _warm_tables() -> None:
    """Fill the caches for the common shapes once (a few tens of milliseconds on the first miss):
    every suit and honor group of up to :data:`WARM_TILES` tiles and the combinations of their
    vectors that :func:`shanten_counts` forms (suit with suit, suit with honors), so that a hand
    never seen before is mostly answered from the caches."""
    _WARMED.append(True)
    suits = {_suit_packed(k) >> 32 for k in _patterns(9, WARM_TILES)}
    honors = {_honor_packed(k) >> 32 for k in _patterns(7, WARM_TILES)}
    for a in suits:
        for b in suits:
            combine_ids(a, b)
        for h in honors:
            combine_ids(a, h)


def _suit_packed(key: bytes) -> int:
    """Cache entry of a number-suit pattern: vector id << 32 | tallies (see :func:`_aux`)."""
    v = _SUIT_IDS.get(key)
    if v is None and not _WARMED:
        _warm_tables()
        v = _SUIT_IDS.get(key)
    if v is None:
        if len(key) != 9 or max(key) > 4:
            table_vector_id(key)  # raises the clear error
        v = _SUIT_IDS[key] = table_vector_id_fast(key) << 32 | _suit_aux(key)
    return v


def _honor_packed(key: bytes) -> int:
    """Cache entry of the seven honor counts: vector id << 32 | tallies."""
    v = _HONOR_IDS.get(key)
    if v is None and not _WARMED:
        _warm_tables()
        v = _HONOR_IDS.get(key)
    if v is None:
        for c in key:
            if c > 4:
                raise ValueError(f"{c} copies of an honor tile: a set has only 4")
        v = _HONOR_IDS[key] = vector_id(honor_vector(list(key))) << 32 | _aux(key, tuple(range(7)))
    return v


def _suit_id(key: bytes) -> int:
    return _suit_packed(key) >> 32


def _honor_id(key: bytes) -> int:
    return _honor_packed(key) >> 32


def _check34(counts: Sequence[int]) -> bytes:
    if len(counts) != NUM_KINDS:
        raise ValueError(f"expected 34 tile counts, got {len(counts)}")
    try:
        return bytes(counts)
    except ValueError:
        raise ValueError(f"tile counts must be 0..4, got {list(counts)}") from None


def _make_shanten_counts():
    """Build the fast shanten function with its caches bound as closure cells (cheaper than globals)."""
    suit_get = _SUIT_IDS.get
    honor_get = _HONOR_IDS.get
    comb = _COMBINED.get
    final_get = _FINAL.get
    shift = ID_SHIFT
    max_sets = MAX_SETS
    nk = NUM_KINDS
    vectors = vector_list()
    final = _FINAL
    final_limit = _FINAL_LIMIT

    def shanten_counts(counts34: Sequence[int], sets_needed: int | None = None) -> int:
        """Shanten of concealed tiles given as 34 counts (a list, tuple or bytes): the best of the
        standard form and, when 4 sets are needed (13 or 14 tiles, no melds), seven pairs and
        thirteen orphans.

        ``sets_needed`` defaults to ``total // 3``: declared melds are implied by a smaller total,
        as in ``mahjong``'s ``Shanten.calculate_shanten``.  This is the fast entry point for bots
        and drill generators; it does not check that the total is a playable size."""
        b = bytes(counts34)
        if len(b) != nk:
            raise ValueError(f"expected 34 tile counts, got {len(b)}")
        k = b[0:9]
        a = suit_get(k)
        if a is None:
            a = _suit_packed(k)
        k = b[9:18]
        p = suit_get(k)
        if p is None:
            p = _suit_packed(k)
        k = b[18:27]
        s = suit_get(k)
        if s is None:
            s = _suit_packed(k)
        k = b[27:34]
        h = honor_get(k)
        if h is None:
            h = _honor_packed(k)
        tally = a + p + s + h
        a >>= 32
        p >>= 32
        s >>= 32
        h >>= 32
        x = comb(a * shift + p)
        if x is None:
            x = combine_ids(a, p)
        y = comb(s * shift + h)
        if y is None:
            y = combine_ids(s, h)
        if sets_needed is None:
            sets_needed = (tally & 63) // 3
        key = (x * shift + y) * 8 + sets_needed
        best = final_get(key)
        if best is None:
            if sets_needed == max_sets:  # the cold path of a whole hand, inlined (see _final)
                x0, x1, x2, x3, x4, x5, x6, x7, x8, x9 = vectors[x]
                y0, y1, y2, y3, y4, y5, y6, y7, y8, y9 = vectors[y]
                best = min(x0 + y9, x1 + y8, x2 + y7, x3 + y6, x4 + y5, x5 + y4, x6 + y3, x7 + y2, x8 + y1,
                           x9 + y0) - 1
                if len(final) > final_limit:
                    final.clear()
                final[key] = best
            else:
                best = _final(x, y, sets_needed, key)
        if sets_needed == max_sets and best > 0:
            kinds = (tally >> 6) & 63
            chiitoi = 6 - ((tally >> 12) & 63) + (7 - kinds if kinds < 7 else 0)
            if chiitoi < best:
                best = chiitoi
            kokushi = 13 - ((tally >> 18) & 63) - (1 if tally >> 24 & 63 else 0)
            if kokushi < best:
                best = kokushi
        return best

    return shanten_counts


shanten_counts = _make_shanten_counts()
shanten_counts.__qualname__ = "shanten_counts"


def _final(x: int, y: int, sets: int, key: int) -> int:
    """Standard-form shanten of two combined halves ``x`` and ``y`` needing ``sets`` sets and the
    pair: only that one entry of the min-plus combination is computed, then memoised."""
    vx = vector_of(x)
    vy = vector_of(y)
    if sets == MAX_SETS:  # a whole hand: written out, this is the cold path of shanten_counts
        x0, x1, x2, x3, x4, x5, x6, x7, x8, x9 = vx
        y0, y1, y2, y3, y4, y5, y6, y7, y8, y9 = vy
        best = min(x0 + y9, x1 + y8, x2 + y7, x3 + y6, x4 + y5, x5 + y4, x6 + y3, x7 + y2, x8 + y1, x9 + y0) - 1
    else:
        best = min(min(vx[m] + vy[5 + sets - m], vx[5 + m] + vy[sets - m]) for m in range(sets + 1)) - 1
    if len(_FINAL) > _FINAL_LIMIT:
        _FINAL.clear()
    _FINAL[key] = best
    return best


_GROUP_STARTS: Final = (0, 9, 18, 27)


def _limits_tuple(limits34: Sequence[int] | None) -> tuple[int, ...] | None:
    if limits34 is None:
        return None
    if len(limits34) != NUM_KINDS:
        raise ValueError(f"expected 34 copy limits, got {len(limits34)}")
    lim = tuple(min(4, x) for x in limits34)
    return None if min(lim) >= 4 else lim


def _group_id(g: int, key: bytes, lim: tuple[int, ...] | None) -> int:
    """Vector id of group g (0 man, 1 pin, 2 sou, 3 honors) holding ``key`` counts."""
    if lim is None:
        return _honor_id(key) if g == 3 else _suit_id(key)
    start = _GROUP_STARTS[g]
    part = lim[start : start + len(key)]
    if g == 3:
        for c, cap in zip(key, part, strict=True):
            if c > cap:
                raise ValueError(f"{c} copies of an honor with only {cap} left outside the melds")
        return vector_id(honor_vector(list(key), list(part)))
    return _limited_suit_id(key, part)


def _group_keys(b: bytes) -> tuple[bytes, bytes, bytes, bytes]:
    return b[0:9], b[9:18], b[18:27], b[27:34]


def standard_vector_id(counts34: Sequence[int], limits34: Sequence[int] | None = None) -> int:
    """Id of the replacement vector of a whole 34-count hand (standard form), for callers that
    combine groups themselves.  ``limits34`` are per-kind copy limits (default 4 each)."""
    b = _check34(counts34)
    lim = _limits_tuple(limits34)
    out = EMPTY_ID
    for g, key in enumerate(_group_keys(b)):
        out = combine_ids(out, _group_id(g, key, lim))
    return out


def shanten_after_draws(
    counts34: Sequence[int],
    sets_needed: int | None = None,
    *,
    limits34: Sequence[int] | None = None,
    special_forms: bool | None = None,
) -> list[int | None]:
    """For every kind 0..33, the shanten of the hand after drawing one tile of that kind
    (``None`` when no copy of it can be drawn: the hand and its melds already hold all of them).

    For a 3n+1 hand this gives the improving tiles (ukeire: the kinds whose shanten is lower
    than now) and, for a tenpai hand, the winning tiles (shanten -1).  ``sets_needed`` is the
    sets the concealed part needs AFTER the draw (default ``(total + 1) // 3``);
    ``special_forms`` (default: when 4 sets are needed and there are no limits) also counts
    seven pairs and thirteen orphans.  Only the drawn tile's group is recomputed per kind."""
    b = _check34(counts34)
    if sets_needed is None:
        sets_needed = (sum(b) + 1) // 3
    lim = _limits_tuple(limits34)
    if special_forms is None:
        special_forms = sets_needed == MAX_SETS and lim is None
    if lim is None:
        return _after_draws_plain(b, sets_needed, special_forms)
    caps = lim if lim is not None else (4,) * NUM_KINDS
    keys = _group_keys(b)
    ids = [_group_id(g, key, lim) for g, key in enumerate(keys)]
    rest = []
    for g in range(4):
        acc = EMPTY_ID
        for o in range(4):
            if o != g:
                acc = combine_ids(acc, ids[o])
        rest.append(acc)
    idx = 5 + sets_needed
    # shanten of the special forms after drawing a kind held c times (c = 0, 1, 2+), yaochuu or not
    special_yao = special_other = (99, 99, 99)
    if special_forms:
        special_yao, special_other = _special_after(b)
    vectors = vector_list()
    comb = _COMBINED.get
    suit_get = _SUIT_IDS.get
    honor_get = _HONOR_IDS.get
    out: list[int | None] = []
    for g in range(4):
        key = keys[g]
        start = _GROUP_STARTS[g]
        other = rest[g]
        for r in range(len(key)):
            k = start + r
            c = key[r]
            if c >= caps[k]:
                out.append(None)
                continue
            new_key = key[:r] + _NEXT_COUNT[c] + key[r + 1 :]
            if lim is None:
                packed = (honor_get if g == 3 else suit_get)(new_key)
                if packed is None:
                    packed = _honor_packed(new_key) if g == 3 else _suit_packed(new_key)
                gid = packed >> 32
            else:
                gid = _group_id(g, new_key, lim)
            vid = comb(gid * ID_SHIFT + other)
            if vid is None:
                vid = combine_ids(gid, other)
            best = vectors[vid][idx] - 1
            if special_forms:
                sp = (special_yao if k in _YAOCHUU_SET else special_other)[c if c < 2 else 2]
                if sp < best:
                    best = sp
            out.append(best)
    return out


_NEXT_COUNT: Final = tuple(bytes((c + 1,)) for c in range(16))
_YAOCHUU_SET: Final = frozenset(TERMINALS_AND_HONORS)
_YAOCHUU_CLASS: Final = tuple(3 if k in _YAOCHUU_SET else 0 for k in range(NUM_KINDS))
_SUIT_DRAWS: dict[bytes, tuple[int, ...]] = {}
_HONOR_DRAWS: dict[bytes, tuple[int, ...]] = {}
_GROUP_AFTER: dict[tuple[bytes, int, int], tuple[tuple[int | None, ...], int]] = {}
_GROUP_AFTER_LIMIT: Final = 400_000


def _draw_ids(key: bytes, honors: bool) -> tuple[int, ...]:
    """Vector ids of one group (9 ranks of a suit, or the 7 honors) after drawing each rank once
    more; -1 where the group already holds all four copies."""
    memo = _HONOR_DRAWS if honors else _SUIT_DRAWS
    hit = memo.get(key)
    if hit is not None:
        return hit
    get = _HONOR_IDS.get if honors else _SUIT_IDS.get
    pack = _honor_packed if honors else _suit_packed
    out = []
    for r, c in enumerate(key):
        if c >= 4:
            out.append(-1)
            continue
        nk = key[:r] + _NEXT_COUNT[c] + key[r + 1 :]
        packed = get(nk)
        if packed is None:
            packed = pack(nk)
        out.append(packed >> 32)
    result = memo[key] = tuple(out)
    return result


def _group_after(key: bytes, honors: bool, other: int, idx: int) -> tuple[tuple[int | None, ...], int]:
    """Standard-form shanten after drawing each rank of one group, the rest of the hand being the
    combined vector ``other``, with the worst of them (-2 when no rank can be drawn); memoised:
    bots and drills ask about the same shapes again."""
    mkey = (key, other, idx if not honors else -idx)
    hit = _GROUP_AFTER.get(mkey)
    if hit is not None:
        return hit
    comb = _COMBINED.get
    vectors = vector_list()
    out: list[int | None] = []
    worst = -2
    for gid in _draw_ids(key, honors):
        if gid < 0:
            out.append(None)
            continue
        vid = comb(gid * ID_SHIFT + other)
        if vid is None:
            vid = combine_ids(gid, other)
        value = vectors[vid][idx] - 1
        if value > worst:
            worst = value
        out.append(value)
    if len(_GROUP_AFTER) > _GROUP_AFTER_LIMIT:
        _GROUP_AFTER.clear()
    result = _GROUP_AFTER[mkey] = (tuple(out), worst)
    return result


def _special_after(b: bytes) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Shanten of seven pairs and thirteen orphans (the better of the two) after drawing a kind
    held 0, 1 or 2+ times: one triple for terminal/honor kinds, one for the other kinds."""
    kinds = NUM_KINDS - b.count(0)
    pairs = kinds - b.count(1)
    yao = _yaochuu(b)
    yao_held = 13 - yao.count(0)
    yao_pair = yao_held > yao.count(1)
    chiitoi = [6 - (pairs + (c == 1)) + max(0, 7 - (kinds + (c == 0))) for c in (0, 1, 2)]
    kokushi_other = 13 - yao_held - yao_pair
    kokushi_yao = [13 - (yao_held + (c == 0)) - (yao_pair or c == 1) for c in (0, 1, 2)]
    return (tuple(min(chiitoi[c], kokushi_yao[c]) for c in (0, 1, 2)),
            tuple(min(chiitoi[c], kokushi_other) for c in (0, 1, 2)))


def _after_draws_plain(b: bytes, sets_needed: int, special_forms: bool) -> list[int | None]:
    """:func:`shanten_after_draws` without copy limits: each group's answers come from
    :func:`_group_after`, the special forms from the hand's tallies."""
    keys = (b[0:9], b[9:18], b[18:27], b[27:34])
    ids = []
    for g in range(4):
        key = keys[g]
        if g == 3:
            packed = _HONOR_IDS.get(key)
            if packed is None:
                packed = _honor_packed(key)
        else:
            packed = _SUIT_IDS.get(key)
            if packed is None:
                packed = _suit_packed(key)
        ids.append(packed >> 32)
    a, p, s, h = ids
    ap = combine_ids(a, p)
    sh = combine_ids(s, h)
    rest = (combine_ids(p, sh), combine_ids(a, sh), combine_ids(ap, h), combine_ids(ap, s))
    idx = 5 + sets_needed
    out: list[int | None] = []
    worst = -2
    for g in range(4):
        values, group_worst = _group_after(keys[g], g == 3, rest[g], idx)
        out.extend(values)
        if group_worst > worst:
            worst = group_worst
    if special_forms:
        # a draw adds at most one pair or one new kind: a bound on both special forms after any draw
        kinds = NUM_KINDS - b.count(0)
        pairs = kinds - b.count(1)
        chiitoi_floor = 5 - pairs + (6 - kinds if kinds < 6 else 0)
        yao = _yaochuu(b)
        yao_held = 13 - yao.count(0)
        kokushi_floor = 12 - yao_held - (yao_held > yao.count(1))
        if chiitoi_floor >= worst and kokushi_floor >= worst:
            return out  # no special form beats the standard one after any draw
        special_yao, special_other = _special_after(b)
        by_class = (*special_other, *special_yao)  # index: 3 for a terminal/honor kind, + copies held (2 for 2+)
        return [
            x if x is None or x <= (sp := by_class[cls + (c if c < 2 else 2)]) else sp
            for x, c, cls in zip(out, b, _YAOCHUU_CLASS, strict=True)
        ]
    return out


@lru_cache(maxsize=65536)
def _limited_suit_id(key: bytes, limits: tuple[int, ...]) -> int:
    if all(x >= 4 for x in limits):
        return _suit_id(key)
    for c, lim in zip(key, limits, strict=True):
        if c > lim:
            raise ValueError(f"{c} copies of a tile with only {lim} left outside the melds")
    return vector_id(suit_vector(list(key), limits=limits))


def shanten_standard(
    counts: Sequence[int], sets_needed: int | None = None, *, limits: Sequence[int] | None = None
) -> int:
    """Shanten of the standard form (sets plus one pair) for 34 concealed-tile counts.

    ``sets_needed`` defaults to ``total // 3``; ``limits`` optionally caps each kind below four
    (copies already in declared melds), so the hand never counts on a tile that does not exist."""
    b = _check34(counts)
    if sets_needed is None:
        sets_needed = sets_needed_for(sum(b))
    if not 0 <= sets_needed <= MAX_SETS:
        raise ValueError(f"a hand needs 0..4 sets, not {sets_needed}")
    return vector_of(standard_vector_id(b, limits))[5 + sets_needed] - 1


def shanten_seven_pairs(counts: Sequence[int]) -> int:
    """Shanten of seven pairs (chiitoitsu): seven different pairs; four of a kind counts once.

    Applies to 13 or 14 concealed tiles only."""
    b = _check34(counts)
    if sum(b) not in (13, 14):
        raise ValueError(f"seven pairs needs 13 or 14 concealed tiles, not {sum(b)}")
    kinds = NUM_KINDS - b.count(0)
    pairs = kinds - b.count(1)
    return 6 - pairs + max(0, 7 - kinds)


def shanten_orphans(counts: Sequence[int]) -> int:
    """Shanten of thirteen orphans (kokushi musou): every terminal and honor once plus a pair of one.

    Applies to 13 or 14 concealed tiles only."""
    b = _check34(counts)
    if sum(b) not in (13, 14):
        raise ValueError(f"thirteen orphans needs 13 or 14 concealed tiles, not {sum(b)}")
    yao = _yaochuu(b)
    return 13 - (13 - yao.count(0)) - (1 if max(yao) >= 2 else 0)


def meld_limits(hand: Hand) -> list[int] | None:
    """Copies of each kind NOT already in the hand's declared melds (None when there are no melds)."""
    if not hand.melds:
        return None
    lim = [4] * NUM_KINDS
    for m in hand.melds:
        for t in m.tiles:
            lim[t.kind] -= 1
    return lim


def shanten_by_form(hand: Hand) -> dict[str, int]:
    """Shanten of each hand form that can apply: always "standard"; "seven_pairs" and
    "thirteen_orphans" only for a hand without melds of 13 or 14 tiles (absent otherwise)."""
    counts = hand.counts()
    n = len(hand.concealed)
    out = {STANDARD: shanten_standard(counts, sets_needed_for(n), limits=meld_limits(hand))}
    if not hand.melds and n in (13, 14):
        out[SEVEN_PAIRS] = shanten_seven_pairs(counts)
        out[THIRTEEN_ORPHANS] = shanten_orphans(counts)
    return out


def shanten(hand: Hand) -> int:
    """Shanten of a hand: the lowest over the forms that apply (-1 complete, 0 tenpai)."""
    if not hand.melds:
        counts = hand.counts()
        sets_needed_for(len(hand.concealed))
        if max(counts) > 4:
            raise ValueError("a hand holds at most 4 copies of a tile")
        return shanten_counts(counts)
    return min(shanten_by_form(hand).values())


__all__ = [
    "COMPLETE",
    "FORMS",
    "SEVEN_PAIRS",
    "STANDARD",
    "TENPAI",
    "THIRTEEN_ORPHANS",
    "meld_limits",
    "sets_needed_for",
    "shanten",
    "shanten_by_form",
    "shanten_counts",
    "shanten_orphans",
    "shanten_seven_pairs",
    "shanten_standard",
    "shanten_after_draws",
    "standard_vector_id",
]
