"""Why an answer is right or wrong: the engine's reasons, as structured data the UI words.

A quiz that only says "wrong" teaches nothing.  These functions answer the questions a
teacher answers at the table, each about the learner's *own* choice:

* :func:`not_a_wait` — why a tile the learner picked does not finish the hand: with it the
  hand still splits into sets, a pair and leftovers (or the hand already holds all four);
* :func:`wait_reading` — the reading that shows a wait the learner missed;
* :func:`hand_blocks` / :func:`shanten_blocks` — the blocks of a hand (sets, pairs, partial
  sets, loose tiles) and the count that turns them into a shanten number, for every form;
* :func:`fu_diff` — the fu items the learner left out, added, or valued wrongly;
* :func:`points_chain` / :func:`points_slip` — han and fu -> basic points -> each payment,
  and which usual slip (dealer for non-dealer, no rounding, honba forgotten...) gives the
  learner's number.

Everything returned is plain data (tiles in MPSZ text, ids, numbers); the UI puts words
around it through gettext.  Pure Python: nothing here imports the UI, lessons or progress.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import Any

from trainer.engine.hand import Hand
from trainer.engine.notation import format_tiles
from trainer.engine.points import basic_points
from trainer.engine.rules import Rules
from trainer.engine.shanten import sets_needed_for, shanten_by_form
from trainer.engine.tiles import TERMINALS_AND_HONORS, Tile, kind_name

__all__ = [
    "Blocks",
    "fu_diff",
    "hand_blocks",
    "not_a_wait",
    "points_chain",
    "points_slip",
    "shanten_blocks",
    "wait_reading",
]

# A block of a reading in progress: (what, kinds) — what is "set_run", "set_triplet", "pair",
# "partial" (two tiles of a run: ryanmen, penchan or kanchan) or "loose" (one tile).
_Block = tuple[str, tuple[int, ...]]


@dataclass(frozen=True, slots=True)
class Blocks:
    """One best split of a hand into blocks (the standard form: sets and a pair).

    ``sets``, ``pairs``, ``partials`` and ``loose`` are MPSZ strings, one per block;
    ``melds`` counts the declared melds (each is a set already).  ``shanten`` is what the
    blocks give by the counting rule: ``2 x (sets still needed) - (partial sets and spare
    pairs that can still be used) - (1 if there is a pair for the head)``."""

    sets: tuple[str, ...]
    pairs: tuple[str, ...]
    partials: tuple[str, ...]
    loose: tuple[str, ...]
    melds: int
    needed: int
    shanten: int

    def to_json(self) -> dict[str, Any]:
        """The blocks as a JSON-ready dict (the explanation item the UI words)."""
        return {"sets": list(self.sets), "pairs": list(self.pairs), "partials": list(self.partials),
                "loose": list(self.loose), "melds": self.melds, "needed": self.needed, "shanten": self.shanten}


# ---------------------------------------------------------------------------
# Blocks of a hand
# ---------------------------------------------------------------------------


@lru_cache(maxsize=8192)
def _suit_splits(counts: tuple[int, ...], honors: bool) -> dict[tuple[int, int, int], tuple[_Block, ...]]:
    """Every (sets, partials, pairs) count one suit's tiles can be split into, with one split each.
    Loose tiles are whatever is left.  Only splits not beaten on every count are kept."""
    first = next((i for i, c in enumerate(counts) if c), None)
    if first is None:
        return {(0, 0, 0): ()}
    out: dict[tuple[int, int, int], tuple[_Block, ...]] = {}

    def take(kinds: tuple[int, ...], what: str, add: tuple[int, int, int]) -> None:
        c = list(counts)
        for k in kinds:
            if c[k] <= 0:
                return
            c[k] -= 1
        for key, blocks in _suit_splits(tuple(c), honors).items():
            new = (key[0] + add[0], key[1] + add[1], key[2] + add[2])
            if new not in out:
                out[new] = ((what, kinds), *blocks)

    i = first
    if counts[i] >= 3:
        take((i, i, i), "set_triplet", (1, 0, 0))
    if not honors and i + 2 < 9:
        take((i, i + 1, i + 2), "set_run", (1, 0, 0))
    if counts[i] >= 2:
        take((i, i), "pair", (0, 0, 1))
    if not honors:
        if i + 1 < 9:
            take((i, i + 1), "partial", (0, 1, 0))
        if i + 2 < 9:
            take((i, i + 2), "partial", (0, 1, 0))
    take((i,), "loose", (0, 0, 0))
    return {k: v for k, v in out.items()
            if not any(o != k and o[0] >= k[0] and o[1] >= k[1] and o[2] >= k[2] for o in out)}


def _score(m: int, t: int, p: int, needed: int) -> int:
    head = 1 if p else 0
    usable = min(t + p - head, needed - m)
    return 2 * (needed - m) - usable - head


def hand_blocks(hand: Hand) -> Blocks:
    """The hand split into sets, pairs, partial sets and loose tiles in the way that leaves it
    closest to complete (the standard form: four sets and a pair).  Declared melds are sets
    already.  The blocks are what a teacher draws under the hand to explain its shanten."""
    concealed = hand.counts()
    needed = sets_needed_for(len(hand.concealed))
    suits = [tuple(concealed[9 * s: 9 * s + 9]) for s in range(3)] + [tuple(concealed[27:34])]
    options = [_suit_splits(c, s == 3) for s, c in enumerate(suits)]
    best: tuple[int, int, int, int] | None = None
    chosen: tuple[tuple[int, int, int], ...] = ()
    for keys in product(*(o.keys() for o in options)):
        m = sum(k[0] for k in keys)
        t = sum(k[1] for k in keys)
        p = sum(k[2] for k in keys)
        m_used = min(m, needed)
        rank = (_score(m_used, t, p, needed), -m, -p, -t)
        if best is None or rank < best:
            best, chosen = rank, keys
    sets: list[str] = []
    pairs: list[str] = []
    partials: list[str] = []
    loose: list[str] = []
    for s, key in enumerate(chosen):
        base = 9 * s if s < 3 else 27
        for what, kinds in options[s][key]:
            text = format_tiles(base + k for k in kinds)
            {"pair": pairs, "partial": partials, "loose": loose}.get(what, sets).append(text)
    assert best is not None
    return Blocks(tuple(sets), tuple(pairs), tuple(partials), tuple(loose), len(hand.melds), needed, best[0])


def shanten_blocks(hand: Hand) -> list[dict[str, Any]]:
    """The shanten of each form that applies, each with what it is made of: the standard form's
    blocks (:func:`hand_blocks`), the pairs and different kinds for seven pairs, the terminals and
    honors held for thirteen orphans.  The engine's shanten (``shanten``) is the number graded;
    the lowest over the forms is the hand's shanten."""
    forms = shanten_by_form(hand)
    counts = hand.counts()
    out: list[dict[str, Any]] = []
    for form, value in forms.items():
        item: dict[str, Any] = {"form": form, "shanten": value}
        if form == "standard":
            item.update(hand_blocks(hand).to_json())
            item["shanten"] = value
        elif form == "seven_pairs":
            item["pairs"] = [format_tiles((k, k)) for k in range(34) if counts[k] >= 2]
            item["kinds"] = sum(1 for c in counts if c)
        else:
            held = [k for k in TERMINALS_AND_HONORS if counts[k]]
            item["held"] = format_tiles(held)
            item["has_pair"] = any(counts[k] >= 2 for k in TERMINALS_AND_HONORS)
        out.append(item)
    return out


# ---------------------------------------------------------------------------
# Waits
# ---------------------------------------------------------------------------


def not_a_wait(hand: Hand, kind: int) -> dict[str, Any]:
    """Why ``kind`` is not a wait of a 3n+1 hand.  ``reason`` is ``"fifth_copy"`` (the hand,
    melds included, already holds all four) or ``"incomplete"``: with the tile the hand still
    does not split into sets and a pair — ``blocks`` shows the best split it has then (its sets,
    pairs, partial sets and loose tiles)."""
    held = sum(1 for t in hand.all_tiles() if t.kind == kind)
    if held >= 4:
        return {"kind": "not_wait", "tile": kind_name(kind), "reason": "fifth_copy"}
    with_tile = Hand((*hand.concealed, Tile(kind)), hand.melds)
    blocks = hand_blocks(with_tile)
    return {"kind": "not_wait", "tile": kind_name(kind), "reason": "incomplete", "blocks": blocks.to_json()}


def wait_reading(hand: Hand, kind: int) -> dict[str, Any] | None:
    """The reading that shows ``kind`` is a wait: the complete hand with it, group by group, and
    the shape it is waited in (None when the tile is not a wait)."""
    from trainer.engine.waits import wait_report

    for w in wait_report(hand).tiles:
        if w.kind == kind and w.readings:
            r = w.readings[0]
            return {"kind": "wait_reading", "tile": kind_name(kind), "reading": str(r.reading),
                    "groups": [str(g) for g in r.reading.groups] or [str(r.reading)],
                    "shape": r.placement.shape.value}
    return None


# ---------------------------------------------------------------------------
# Fu
# ---------------------------------------------------------------------------


def fu_diff(expected: Iterable[tuple[str, int]], given: Iterable[tuple[str, int]]) -> dict[str, Any]:
    """Compare the learner's fu items with the engine's: ``missing`` (items the hand scores that
    the learner left out), ``extra`` (items the learner added that the hand does not score) and
    ``wrong_value`` (an item named right with the wrong fu: ``(id, given, right)``).  Items are
    ``(item id, fu)``; an item may occur several times (two closed triplets)."""
    want: dict[str, list[int]] = {}
    for fid, fu in expected:
        want.setdefault(str(fid), []).append(int(fu))
    got: dict[str, list[int]] = {}
    for fid, fu in given:
        got.setdefault(str(fid), []).append(int(fu))
    missing: list[tuple[str, int]] = []
    extra: list[tuple[str, int]] = []
    wrong: list[tuple[str, int, int]] = []
    for fid in sorted(set(want) | set(got)):
        w, g = sorted(want.get(fid, [])), sorted(got.get(fid, []))
        common = min(len(w), len(g))
        for a, b in zip(g[:common], w[:common], strict=True):
            if a != b:
                wrong.append((fid, a, b))
        missing.extend((fid, fu) for fu in w[common:])
        extra.extend((fid, fu) for fu in g[common:])
    return {"kind": "fu_diff", "missing": missing, "extra": extra, "wrong_value": wrong}


def fu_total_slip(items: Sequence[tuple[str, int]], total: int, given: int) -> str | None:
    """Why a typed fu total is off, when the reason is a usual one: ``"not_rounded"`` (the sum
    of the items before rounding up to ten) or ``"rounded_down"``; None otherwise."""
    raw = sum(int(fu) for _, fu in items)
    if given == raw and raw != total:
        return "not_rounded"
    if raw != total and given == raw // 10 * 10:
        return "rounded_down"
    return None


# ---------------------------------------------------------------------------
# Points
# ---------------------------------------------------------------------------


def _up100(x: int) -> int:
    return -(-x // 100) * 100


def _plain(x: Any) -> int | str:
    """A fraction as an int when whole, else as "5/2"."""
    return int(x) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def points_chain(han: int, fu: int, *, dealer: bool, tsumo: bool, rules: Rules, honba: int = 0,
                 yakuman: int = 0) -> dict[str, Any]:
    """The working of a payment: han and fu -> basic points (``fu x 2^(han+2)``, or the limit it
    reaches) -> each payer's share (basic x 6 or 4 for ron, x 2 or 1 for tsumo, rounded up to
    100) -> plus honba.  ``payments`` lists ``{"payer", "mult", "raw", "paid", "honba", "total"}``
    with payer ``discarder`` (ron), ``each`` (dealer's tsumo), ``dealer`` or ``non_dealer``.
    At three players a tsumo has two payers, each paying as ``three_player_tsumo`` says (the
    multiplier may be a fraction such as 5/2) and half of the honba value."""
    from fractions import Fraction

    from trainer.engine.points import _THREE_PLAYER_TSUMO, payers

    raw = fu * (1 << (han + 2))
    basic, limit = basic_points(han, fu, rules, yakuman)
    three = payers(rules) == 2
    split = _THREE_PLAYER_TSUMO.get(rules.three_player_tsumo, _THREE_PLAYER_TSUMO["tsumo_loss"])
    if not tsumo:
        shares = [("discarder", Fraction(6 if dealer else 4))]
        per_honba = rules.honba_points
    elif dealer:
        shares = [("each", Fraction(*split[0]) if three else Fraction(2))]
        per_honba = rules.honba_points // payers(rules)
    else:
        d, nd = (Fraction(*split[1][0]), Fraction(*split[1][1])) if three else (Fraction(2), Fraction(1))
        shares = [("non_dealer", nd), ("dealer", d)]
        per_honba = rules.honba_points // payers(rules)
    payments = []
    for payer, mult in shares:
        exact = basic * mult
        paid = -(-exact.numerator // (exact.denominator * 100)) * 100
        payments.append({"payer": payer, "mult": _plain(mult), "raw": int(exact) if exact.denominator == 1 else round(float(exact), 1), "paid": paid,
                         "honba": honba * per_honba, "total": paid + honba * per_honba})
    return {"kind": "points_chain", "han": han, "fu": fu, "dealer": dealer, "tsumo": tsumo, "raw_basic": raw,
            "basic": basic, "limit": limit, "honba": honba, "per_honba": per_honba, "payments": payments,
            "payers": payers(rules) if tsumo else 1}


def points_slip(chain: dict[str, Any], given: Sequence[int], rules: Rules) -> list[str]:
    """Which usual slips give the learner's numbers (``given``, one per payment in the chain's
    order): ``"dealer_swapped"`` (paid as if the winner were, or were not, the dealer),
    ``"win_swapped"`` (ron for tsumo or back), ``"not_rounded"``, ``"no_honba"``, ``"basic_only"``
    (the basic points themselves).  Empty when no usual slip explains them."""
    given = tuple(int(g) for g in given)
    want = tuple(p["total"] for p in chain["payments"])
    if given == want:
        return []
    slips = []
    han, fu, honba = chain["han"], chain["fu"], chain["honba"]
    other = points_chain(han, fu, dealer=not chain["dealer"], tsumo=chain["tsumo"], rules=rules, honba=honba)
    if tuple(p["total"] for p in other["payments"]) == given:
        slips.append("dealer_swapped")
    if len(given) == 1:
        swapped = points_chain(han, fu, dealer=chain["dealer"], tsumo=not chain["tsumo"], rules=rules, honba=honba)
        if len(swapped["payments"]) == 1 and swapped["payments"][0]["total"] == given[0]:
            slips.append("win_swapped")
    if tuple(p["raw"] + p["honba"] for p in chain["payments"]) == given and any(
            p["raw"] != p["paid"] for p in chain["payments"]):
        slips.append("not_rounded")
    if honba and tuple(p["paid"] for p in chain["payments"]) == given:
        slips.append("no_honba")
    if chain["basic"] in given:
        slips.append("basic_only")
    return slips
