"""Which MCR fans a reading shows before the counting principles are applied.

:func:`raw_fans` lists every fan whose condition the reading meets, one entry per
time it applies (three dragon pungs give Dragon Pung three times), even when a
bigger fan implies it: the non-repeat principle is applied afterwards, from the
exclusion lists in the data, so the calculator can say *why* a fan is not counted.
Chow and pung combination fans follow the account-once principle here, and the
combinations that principle leaves out are returned beside the fans.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from trainer.engine.mcr.forms import CHOW, KNITTED, KONG, PAIR, PUNG, Group, Reading, waiting_kinds
from trainer.engine.mcr.table import McrRules

GREEN = frozenset({19, 20, 21, 23, 25, 32})
"""All Green tiles: 2, 3, 4, 6, 8 of bamboo and the Green dragon."""
REVERSIBLE = frozenset({9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31})
"""Reversible tiles: dots 1-5, 8, 9; bamboo 2, 4, 5, 6, 8, 9; White dragon."""
CLOSED_FORMS = ("seven_pairs", "thirteen_orphans", "honors_knitted")
FLAG_FANS = (
    ("self_drawn", "self_drawn"),
    ("haitei", "last_tile_draw"),
    ("houtei", "last_tile_claim"),
    ("rinshan", "out_with_replacement_tile"),
    ("chankan", "robbing_the_kong"),
    ("last_copy", "last_tile"),
)
"""Winning-condition flags of a :class:`Situation` and the fan each one gives."""


@dataclass(frozen=True, slots=True)
class Situation:
    """How the hand was won: the winning kind, self-draw, seat and round winds
    (27..30), the flags of the winning conditions, and the flower count."""

    win: int
    self_drawn: bool
    seat: int = 27
    round: int = 27
    last_copy: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    flowers: int = 0


@dataclass(frozen=True, slots=True)
class Dropped:
    """A fan the reading shows but does not count: ``by`` the fan (or principle) that
    leaves it out, ``principle`` one of non_repeat, account_once, non_separation,
    non_identical."""

    id: str
    by: str
    principle: str


@cache
def dropped_fan(fan_id: str, by: str, principle: str) -> Dropped:
    """The :class:`Dropped` value (shared: it is immutable and the same few come up again)."""
    return Dropped(fan_id, by, principle)


def _is_yaochuu(k: int) -> bool:
    return k >= 27 or k % 9 in (0, 8)


def _chow4(c: list[int], pair: int) -> str | None:
    suits = {k // 9 for k in c}
    if len(set(c)) == 1:
        return "quadruple_chow"
    if len(suits) == 1:
        d = [c[i + 1] - c[i] for i in range(3)]
        if d in ([1, 1, 1], [2, 2, 2]):
            return "four_pure_shifted_chows"
        s = c[0] // 9 * 9
        if sorted(c) == [s, s, s + 6, s + 6] and pair == s + 4:
            return "pure_terminal_chows"
    if pair < 27 and pair % 9 == 4:
        two = [s for s in range(3) if s != pair // 9]
        if sorted(c) == sorted([two[0] * 9, two[0] * 9 + 6, two[1] * 9, two[1] * 9 + 6]):
            return "three_suited_terminal_chows"
    return None


def _chow3(c: tuple[int, ...]) -> str | None:
    suits = {k // 9 for k in c}
    ranks = sorted(k % 9 for k in c)
    if len(suits) == 1:
        if len(set(c)) == 1:
            return "pure_triple_chow"
        if ranks == [0, 3, 6]:
            return "pure_straight"
        if ranks[1] - ranks[0] == ranks[2] - ranks[1] in (1, 2):
            return "pure_shifted_chows"
        return None
    if len(suits) != 3:
        return None
    if ranks == [0, 3, 6]:
        return "mixed_straight"
    if len(set(ranks)) == 1:
        return "mixed_triple_chow"
    if ranks[1] - ranks[0] == 1 and ranks[2] - ranks[1] == 1:
        return "mixed_shifted_chows"
    return None


def _chow2(a: int, b: int) -> str | None:
    if a // 9 == b // 9:
        lo, hi = sorted((a % 9, b % 9))
        if lo == hi:
            return "pure_double_chow"
        if hi - lo == 3:
            return "short_straight"
        if (lo, hi) == (0, 6):
            return "two_terminal_chows"
        return None
    return "mixed_double_chow" if a % 9 == b % 9 else None


def _pung4(p: list[int]) -> str | None:
    if len({k // 9 for k in p}) == 1 and [p[i + 1] - p[i] for i in range(3)] == [1, 1, 1]:
        return "four_pure_shifted_pungs"
    return None


def _pung3(p: tuple[int, ...]) -> str | None:
    suits = {k // 9 for k in p}
    ranks = sorted(k % 9 for k in p)
    consecutive = ranks[1] - ranks[0] == 1 and ranks[2] - ranks[1] == 1
    if len(suits) == 1:
        return "pure_shifted_pungs" if consecutive else None
    if len(suits) != 3:
        return None
    if len(set(ranks)) == 1:
        return "triple_pung"
    return "mixed_shifted_pungs" if consecutive else None


def _pung2(a: int, b: int) -> str | None:
    return "double_pung" if a // 9 != b // 9 and a % 9 == b % 9 else None


def _root(parent: list[int], x: int) -> int:
    while parent[x] != x:
        x = parent[x]
    return x


def _acyclic(edges: list[tuple[int, int, str]], n: int) -> bool:
    parent = list(range(n))
    for a, b, _ in edges:
        ra, rb = _root(parent, a), _root(parent, b)
        if ra == rb:
            return False
        parent[ra] = rb
    return True


def _forest(edges: list[tuple[int, int, str]], n: int, rules: McrRules) -> list[tuple[int, int, str]]:
    """The most valuable set of two-set fans that forms no cycle among the sets: each new
    fan brings in a set not yet combined, except once (the account-once principle)."""
    if len(edges) < 3 or _acyclic(edges, n):
        return list(edges)  # every fan counts: more fans always beat fewer
    best: list[tuple[int, int, str]] = []
    best_value = -1
    for size in range(min(len(edges), n - 1), 0, -1):
        for pick in combinations(edges, size):
            parent = list(range(n))
            ok = True
            for a, b, _ in pick:
                ra, rb = _root(parent, a), _root(parent, b)
                if ra == rb:
                    ok = False
                    break
                parent[ra] = rb
            if ok:
                # the higher total; on a tie, the fans higher in the table (as the GB calculator picks)
                value = sum(rules.value(f) for _, _, f in pick) * 1000 - sum(rules.fans[f].no for _, _, f in pick)
                if value > best_value:
                    best, best_value = list(pick), value
    return best


_TRIPLES = {n: tuple((idx, tuple(i for i in range(n) if i not in idx)) for idx in combinations(range(n), 3))
            for n in (3, 4)}
"""For three or four sets: each choice of three (by index) and the sets left over."""
_PAIRS_OF = {n: tuple(combinations(range(n), 2)) for n in (3, 4)}


def _combine(items: list[int], four, three, two, rules: McrRules) -> tuple[list[str], list[str]]:
    """Combination fans of chows (or pungs) ``items`` by the account-once principle:
    a four-set fan alone; else the best three-set fan plus one two-set fan of the
    fourth set with one of the three; else two-set fans without a cycle.
    Returns (counted fans, fans the principle leaves out)."""
    n = len(items)
    if n < 3:  # at most one pair of sets: its two-set fan, if any
        f = two(*items) if n == 2 else None
        return ([f] if f else []), []
    items = sorted(items)
    if n == 4 and four is not None:
        f = four(items)
        if f:
            return [f], []
    best: tuple[int, list[str], list[str]] | None = None
    if n >= 3:
        for idx, rest in _TRIPLES[n]:
            f3 = three((items[idx[0]], items[idx[1]], items[idx[2]]))
            if not f3:
                continue
            fans, left = [f3], []
            for r in rest:
                options = [f for i in idx if (f := two(items[r], items[i]))]
                options.sort(key=rules.order)
                if options:
                    fans.append(options[0])
                    left.extend(options[1:])
            value = sum(rules.value(f) for f in fans)
            if best is None or value > best[0]:
                best = (value, fans, left)
    if best is not None:
        return best[1], best[2]
    edges = [(i, j, f) for i, j in _PAIRS_OF[n] if (f := two(items[i], items[j]))]
    chosen = _forest(edges, n, rules)
    left = [f for e in edges if e not in chosen for f in (e[2],)]
    return [f for _, _, f in chosen], left


def _mask(kinds) -> int:  # noqa: ANN001 - any iterable of kinds
    out = 0
    for k in kinds:
        out |= 1 << k
    return out


_GREEN_MASK = _mask(GREEN)
_REVERSIBLE_MASK = _mask(REVERSIBLE)
_HONOR_MASK = _mask(range(27, 34))
_WIND_MASK = _mask(range(27, 31))
_DRAGON_MASK = _mask(range(31, 34))
_SUIT_MASKS = tuple(_mask(range(s * 9, s * 9 + 9)) for s in range(3))
_YAOCHUU_MASK = _mask(k for k in range(34) if _is_yaochuu(k))
_RANK_FANS = tuple(
    (fan, 0x1FF & ~_mask(r - 1 for r in allowed))
    for fan, allowed in (
        ("upper_tiles", (7, 8, 9)),
        ("middle_tiles", (4, 5, 6)),
        ("lower_tiles", (1, 2, 3)),
        ("upper_four", (6, 7, 8, 9)),
        ("lower_four", (1, 2, 3, 4)),
    )
)
"""Fans of numbers only: the fan and the ranks (bits 0..8 = 1..9) it forbids."""


def _composition(present: int, fans: list[str]) -> None:
    """Fans of the tiles alone (``present``: a bit per kind the hand holds), whatever the arrangement."""
    suits = sum(1 for m in _SUIT_MASKS if present & m)
    honors = bool(present & _HONOR_MASK)
    ranks = (present | present >> 9 | present >> 18) & 0x1FF
    if not present & ~_GREEN_MASK:
        fans.append("all_green")
    if not present & ~_REVERSIBLE_MASK:
        fans.append("reversible_tiles")
    if not honors and not ranks & 0b011111110:
        fans.append("all_terminals")
    if not present & ~_HONOR_MASK:
        fans.append("all_honors")
    if not present & ~_YAOCHUU_MASK:
        fans.append("all_terminals_and_honors")
    if suits == 1:
        fans.append("half_flush" if honors else "full_flush")
    if suits == 2:
        fans.append("one_voided_suit")
    if not honors:
        fans.append("no_honors")
        if not ranks & 0b100000001:
            fans.append("all_simples")
        for fan, forbidden in _RANK_FANS:
            if not ranks & forbidden:
                fans.append(fan)
    _all_types(present, fans)


def _all_types(present: int, fans: list[str]) -> None:
    """All Types: characters, dots, bamboo, a wind and a dragon in the hand.  The special forms
    show it too (thirteen orphans, both honors-and-knitted hands), where their own fan implies it
    and the calculator names it as left out."""
    if all(present & m for m in _SUIT_MASKS) and present & _WIND_MASK and present & _DRAGON_MASK:
        fans.append("all_types")


def _honors_knitted_fans(all_counts: list[int]) -> list[str]:
    """The fans of an honors-and-knitted reading: Greater with all seven honors — which is a
    Lesser hand too (implied, so listed as left out) — else Lesser; and the Knitted Straight
    when all nine knitted tiles are there."""
    honors = sum(1 for k in range(27, 34) if all_counts[k])
    out = ["greater_honors_and_knitted_tiles"] if honors == 7 else []
    out.append("lesser_honors_and_knitted_tiles")
    if sum(1 for k in range(27) if all_counts[k]) == 9:
        out.append("knitted_straight")
    return out


def _situation(sit: Situation, concealed: bool, fans: list[str]) -> None:
    """Fans of how the hand was won."""
    if concealed:
        fans.append("fully_concealed" if sit.self_drawn else "concealed_hand")
    fans.extend(fan for flag, fan in FLAG_FANS if getattr(sit, flag))


def _tile_hogs(all_counts: list[int], groups: tuple[Group, ...]) -> int:
    if 4 not in all_counts:
        return 0
    kongs = {g.tile for g in groups if g.shape == KONG}
    return sum(1 for k, n in enumerate(all_counts) if n == 4 and k not in kongs)


def raw_fans(
    reading: Reading,
    all_counts: list[int],
    concealed_counts: list[int],
    sit: Situation,
    unique_wait: Callable[[], bool],
    rules: McrRules,
) -> tuple[list[tuple[str, str]], list[Dropped]]:
    """Every fan the reading shows, as (fan id, tag) pairs — the tag ``wind`` marks a
    Pung of Terminals or Honors made of a wind — and the combination fans the
    account-once principle leaves out.  ``unique_wait()`` says whether the hand had a
    single winning tile (asked only when a wait fan is possible: it costs a wait search)."""
    fans: list[str] = []
    tagged: list[tuple[str, str]] = []
    dropped: list[Dropped] = []
    present = 0
    for k, n in enumerate(all_counts):
        if n:
            present |= 1 << k
    form = reading.form
    if form in CLOSED_FORMS:
        if form == "seven_pairs":
            fans.append("seven_pairs")
            distinct = sorted({g.tile for g in reading.groups})
            if len(distinct) == 7 and distinct[0] < 27 and distinct[6] - distinct[0] == 6 and len({k // 9 for k in distinct}) == 1:
                fans.append("seven_shifted_pairs")
            _composition(present, fans)
            if rules.tile_hog_in_seven_pairs:
                fans.extend(["tile_hog"] * _tile_hogs(all_counts, ()))
            if unique_wait():
                fans.append("single_wait")
        elif form == "thirteen_orphans":
            fans.append("thirteen_orphans")
            _all_types(present, fans)
            if unique_wait():
                fans.append("single_wait")
        else:
            fans.extend(_honors_knitted_fans(all_counts))
            _all_types(present, fans)
        _situation(sit, True, fans)
        return [(f, "") for f in fans], dropped

    sets: list[Group] = []
    chows: list[int] = []
    pungs: list[Group] = []
    pair = -1
    no_melds = True
    knitted = False
    for g in reading.groups:
        shape = g.shape
        if g.melded:
            no_melds = False
        if shape == PAIR:
            pair = g.tile
            continue
        sets.append(g)
        if shape == CHOW:
            chows.append(g.tile)
        elif shape == KNITTED:
            knitted = True
        else:
            pungs.append(g)
    if knitted:
        fans.append("knitted_straight")

    # honors and terminal pungs
    winds = [g.tile for g in pungs if 27 <= g.tile <= 30]
    dragons = [g.tile for g in pungs if g.tile >= 31]
    if len(winds) == 4:
        fans.append("big_four_winds")
    if len(winds) >= 3:
        fans.append("big_three_winds")
        if 27 <= pair <= 30:
            fans.append("little_four_winds")
    if len(dragons) == 3:
        fans.append("big_three_dragons")
    if len(dragons) >= 2:
        fans.append("two_dragon_pungs")
        if pair >= 31:
            fans.append("little_three_dragons")
    fans.extend(["dragon_pung"] * len(dragons))
    for w in winds:
        if w == sit.round:
            fans.append("prevalent_wind")
        if w == sit.seat:
            fans.append("seat_wind")
        if w not in (sit.round, sit.seat):
            tagged.append(("pung_of_terminals_or_honors", "wind"))
    for g in pungs:
        if g.tile < 27 and g.tile % 9 in (0, 8):
            fans.append("pung_of_terminals_or_honors")

    # combinations of chows and of pungs
    got, left = _combine(chows, lambda c: _chow4(c, pair), _chow3, _chow2, rules)
    fans.extend(got)
    dropped.extend(dropped_fan(f, "account_once", "account_once") for f in left)
    suited_pungs = [g.tile for g in pungs if g.tile < 27]
    got, left = _combine(suited_pungs, _pung4, _pung3, _pung2, rules)
    fans.extend(got)
    dropped.extend(dropped_fan(f, "account_once", "account_once") for f in left)

    # kongs and concealed pungs
    melded_kongs = concealed_kongs = 0
    for g in pungs:
        if g.shape == KONG:
            if g.melded:
                melded_kongs += 1
            else:
                concealed_kongs += 1
    kongs = melded_kongs + concealed_kongs
    if kongs == 4:
        fans.append("four_kongs")
    elif kongs == 3:
        fans.append("three_kongs")
    elif kongs == 2:
        if concealed_kongs == 2:
            fans.append("two_concealed_kongs")
        elif melded_kongs == 2:
            fans.append("two_melded_kongs")
        elif rules.kong_pair == "combined_5":
            fans.append("concealed_kong_and_melded_kong")
        else:
            fans.extend(["two_melded_kongs", "concealed_kong"])
    elif kongs == 1:
        fans.append("concealed_kong" if concealed_kongs else "melded_kong")
    hidden = 0
    for g in pungs:
        if g.melded:
            continue
        if g.shape == PUNG and not sit.self_drawn and g.tile == sit.win:
            in_other = pair == sit.win or any(
                c <= sit.win <= c + 2 for c in (x.tile for x in sets if x.shape == CHOW and not x.melded)
            )
            if not in_other:
                continue
        hidden += 1
    if hidden >= 4:
        fans.append("four_concealed_pungs")
    if hidden >= 3:
        fans.append("three_concealed_pungs")
    if hidden >= 2:
        fans.append("two_concealed_pungs")

    # whole hand
    _composition(present, fans)
    if not knitted:
        # a chow holds a terminal when it starts at 1 or 7, a five when it starts at 3, 4 or 5
        tops = [(g.tile, g.shape == CHOW) for g in sets] + [(pair, False)]
        if all(t % 9 in (0, 6) if chow else _is_yaochuu(t) for t, chow in tops):
            fans.append("outside_hand")
        if all(t < 27 and t % 9 in ((2, 3, 4) if chow else (4,)) for t, chow in tops):
            fans.append("all_fives")
    if all(g.shape in (CHOW, KNITTED) for g in sets) and pair < 27:
        fans.append("all_chows")
    if len(pungs) == 4:
        fans.append("all_pungs")
        if all(k < 27 and k % 9 % 2 == 1 for k, n in enumerate(all_counts) if n):
            fans.append("all_even_pungs")
    fans.extend(["tile_hog"] * _tile_hogs(all_counts, reading.groups))
    if no_melds and len(sets) == 4 and not knitted:
        thirteen = list(concealed_counts)
        thirteen[sit.win] -= 1
        suit = sit.win // 9
        if sit.win < 27 and thirteen[suit * 9 : suit * 9 + 9] == [3, 1, 1, 1, 1, 1, 1, 1, 3] and sum(thirteen) == 13:
            fans.append("nine_gates")
    if all(g.melded for g in sets) and not sit.self_drawn and not knitted:
        fans.append("melded_hand")
    _situation(sit, no_melds, fans)
    if knitted:
        fans.extend(_knitted_wait(reading, concealed_counts, sit, unique_wait, rules))
    else:
        place = _wait_fan(reading, sit)
        if place and unique_wait():
            fans.extend(place)
    return [(f, "") for f in fans] + tagged, dropped


def _knitted_wait(
    reading: Reading, concealed_counts: list[int], sit: Situation, unique_wait: Callable[[], bool], rules: McrRules
) -> list[str]:
    """Wait fans of a knitted-straight hand.  With the set declared, a winning tile
    outside the knitted straight can only have completed the pair (single wait).
    Otherwise the winning tile counts a wait fan by its place in the set or pair when
    it was the hand's only winning tile, or when the set and pair alone had only it."""
    straight = next(g for g in reading.groups if g.shape == KNITTED)
    rest = [g for g in reading.groups if g.shape not in (KNITTED, PAIR)]
    inside = sit.win in straight.kinds()
    declared = bool(rest) and (rest[0].melded or rest[0].shape == KONG)
    if declared and not inside:
        return ["single_wait"]
    if not unique_wait():
        if inside or declared:
            return []
        left = list(concealed_counts)
        for k in straight.kinds():
            left[k] -= 1
        left[sit.win] -= 1
        if len(waiting_kinds(left, 3, limit=2, fifth=rules.waits_by_shape)) != 1:
            return []
    return _wait_fan(reading, sit)


def _wait_fan(reading: Reading, sit: Situation) -> list[str]:
    """The wait fan of a hand with exactly one winning tile: where the winning tile sits.
    An end tile of a concealed chow is an edge wait, its middle a closed wait, the pair
    a single wait; when the tile could sit in more than one place, edge goes before
    closed before single (as the GB calculator counts)."""
    w = sit.win
    options = []
    for g in reading.groups:
        if g.melded:
            continue
        if g.shape == CHOW and w in (g.tile, g.tile + 2):
            options.append("edge_wait")
        elif g.shape == CHOW and g.tile + 1 == w:
            options.append("closed_wait")
        elif g.shape == PAIR and g.tile == w:
            options.append("single_wait")
    options.sort(key=["edge_wait", "closed_wait", "single_wait"].index)
    return options[:1]
