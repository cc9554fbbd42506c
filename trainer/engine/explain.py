"""Why an answer is right or wrong: the engine's reasons, as structured data the UI words.

A quiz that only says "wrong" teaches nothing.  These functions answer the questions a
teacher answers at the table, each about the learner's *own* choice:

* :func:`not_a_wait` — why a tile the learner picked does not finish the hand: with it the
  hand still splits into sets, a pair and leftovers (or the hand already holds all four);
* :func:`wait_reading` — the reading that shows a wait the learner missed;
* :func:`hand_blocks` / :func:`shanten_blocks` — the blocks of a hand (sets, pairs, partial
  sets, loose tiles) and the count that turns them into a shanten number, for every form;
* :func:`fu_diff` — the fu items the learner left out, added, or valued wrongly;
* :func:`points_chain` / :func:`points_slip` / :func:`payment_slips` — han and fu -> basic
  points -> each payment, and which usual slip (dealer for non-dealer, no rounding, honba
  forgotten, everyone paying the same...) gives the learner's numbers in the wrong boxes;
* :func:`discard_forms` — the shanten a discard leaves in each hand form (seven pairs...);
* :func:`yaku_reason` — why a won hand has a yaku (the groups that make it) or why it has not
  (what breaks it: a run for toitoi, a terminal for tanyao, the wait for pinfu...);
* :func:`variant_blocks` — the blocks of a training-variant hand (1p 2p 3s is a run with suits
  ignored), written with the hand's own tiles;
* :func:`variant_way` — a shortest way to tenpai and the best single draw of a training-variant
  hand (suits ignored, dragons as tens or jokers), which show its shanten.

Everything returned is plain data (tiles in MPSZ text, ids, numbers); the UI puts words
around it through gettext.  Pure Python: nothing here imports the UI, lessons or progress.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
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
from trainer.engine.variants import variant_lanes

__all__ = [
    "Blocks",
    "discard_forms",
    "drill_win",
    "fu_diff",
    "hand_blocks",
    "not_a_wait",
    "payment_slips",
    "points_chain",
    "points_slip",
    "shanten_blocks",
    "variant_blocks",
    "variant_way",
    "wait_parts",
    "wait_reading",
    "wrong_boxes",
    "yaku_reason",
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

    i, size = first, len(counts)  # nine ranks, or ten where the dragons are tens (a training variant)
    if counts[i] >= 3:
        take((i, i, i), "set_triplet", (1, 0, 0))
    if not honors and i + 2 < size:
        take((i, i + 1, i + 2), "set_run", (1, 0, 0))
    if counts[i] >= 2:
        take((i, i), "pair", (0, 0, 1))
    if not honors:
        if i + 1 < size:
            take((i, i + 1), "partial", (0, 1, 0))
        if i + 2 < size:
            take((i, i + 2), "partial", (0, 1, 0))
    take((i,), "loose", (0, 0, 0))
    return {k: v for k, v in out.items()
            if not any(o != k and o[0] >= k[0] and o[1] >= k[1] and o[2] >= k[2] for o in out)}


def _score(m: int, t: int, p: int, needed: int) -> int:
    head = 1 if p else 0
    usable = min(t + p - head, needed - m)
    return 2 * (needed - m) - usable - head


def _best_split(options: list[dict[tuple[int, int, int], tuple[_Block, ...]]], needed: int
                ) -> tuple[int, tuple[tuple[int, int, int], ...]]:
    """The split of each lane (one :func:`_suit_splits` table per suit) that leaves the hand
    closest to complete: its shanten by the counting rule and the key chosen in each lane."""
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
    assert best is not None
    return best[0], chosen


def _blocks_of(chosen: Iterable[tuple[_Block, ...]], tiles_of: Callable[[int, tuple[int, ...]], str],
               hand: Hand, needed: int, shanten: int) -> Blocks:
    """The chosen blocks of every lane as :class:`Blocks` (``tiles_of(lane, kinds)``: a block's
    tiles as MPSZ text)."""
    sets: list[str] = []
    pairs: list[str] = []
    partials: list[str] = []
    loose: list[str] = []
    for lane, blocks in enumerate(chosen):
        for what, kinds in blocks:
            {"pair": pairs, "partial": partials, "loose": loose}.get(what, sets).append(tiles_of(lane, kinds))
    return Blocks(tuple(sets), tuple(pairs), tuple(partials), tuple(loose), len(hand.melds), needed, shanten)


def hand_blocks(hand: Hand) -> Blocks:
    """The hand split into sets, pairs, partial sets and loose tiles in the way that leaves it
    closest to complete (the standard form: four sets and a pair).  Declared melds are sets
    already.  The blocks are what a teacher draws under the hand to explain its shanten."""
    concealed = hand.counts()
    needed = sets_needed_for(len(hand.concealed))
    suits = [tuple(concealed[9 * s: 9 * s + 9]) for s in range(3)] + [tuple(concealed[27:34])]
    options = [_suit_splits(c, s == 3) for s, c in enumerate(suits)]
    shanten, keys = _best_split(options, needed)

    def tiles_of(lane: int, kinds: tuple[int, ...]) -> str:
        base = 9 * lane if lane < 3 else 27
        return format_tiles(base + k for k in kinds)

    return _blocks_of((o[k] for o, k in zip(options, keys, strict=True)), tiles_of, hand, needed, shanten)


def variant_blocks(hand: Hand, variant: Any) -> Blocks | None:
    """The blocks of a training-variant hand (suits ignored: 1p 2p 3s is a run; dragons as tens:
    8m 9m and red make one) in the way that leaves it closest to complete, written with the hand's
    own tiles; its ``shanten`` is the variant's (:func:`trainer.engine.variants.variant_shanten`).
    The plain game gives :func:`hand_blocks`; None with dragons as jokers (a joker's block depends
    on what it stands for) or declared melds."""
    if variant.is_plain:
        return hand_blocks(hand)
    if variant.dragons == "joker" or hand.melds:
        return None
    counts = hand.counts()
    needed = sets_needed_for(len(hand.concealed))
    lanes = variant_lanes(variant)
    pools = [[sorted(k for k in kinds for _ in range(counts[k])) for kinds in lane.ranks] for lane in lanes]
    options = [_suit_splits(tuple(len(pool) for pool in lane_pools), not lane.runs)
               for lane_pools, lane in zip(pools, lanes, strict=True)]
    shanten, keys = _best_split(options, needed)

    def tiles_of(lane: int, kinds: tuple[int, ...]) -> str:
        return format_tiles(pools[lane][position].pop(0) for position in kinds)

    return _blocks_of((o[k] for o, k in zip(options, keys, strict=True)), tiles_of, hand, needed, shanten)


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


def wait_parts(hand: Hand) -> list[dict[str, Any]]:
    """What waits in a tenpai 3n+1 hand, one entry per way a winning tile completes it: ``tile``
    (the winning tile), ``shape`` (the basic wait shape it makes: ryanmen, kanchan, penchan,
    shanpon or tanki), ``part`` (the tiles of the hand that wait: the two tiles of a run, the pair
    that becomes a triplet, the lone tile that becomes the pair), ``sets`` (the hand's complete
    sets beside it) and ``pair`` (the hand's pair beside it; "" for a tanki, whose part becomes
    the pair, and for a shanpon, whose other pair is one more entry).  Each ``part`` once, in the
    order of the winning tiles; empty when the hand is not tenpai in the standard form (seven
    pairs and thirteen orphans wait on a lone tile too: ``shape`` tanki, no sets)."""
    from trainer.engine.decompose import Form, GroupKind
    from trainer.engine.waits import wait_report

    out: list[dict[str, Any]] = []
    seen: set[tuple[str, str]] = set()
    for w in wait_report(hand).tiles:
        for r in w.readings:
            index, shape = r.placement.group_index, r.placement.shape.value
            if index is None or shape not in ("ryanmen", "kanchan", "penchan", "shanpon", "tanki"):
                continue
            group = r.reading.groups[index]
            kinds = list(group.kinds())
            kinds.remove(w.kind)
            part = format_tiles(kinds)
            if (part, shape) in seen:
                continue
            seen.add((part, shape))
            rest = [g for i, g in enumerate(r.reading.groups) if i != index]
            standard = r.reading.form is Form.STANDARD
            out.append({"tile": kind_name(w.kind), "shape": shape, "part": part,
                        "sets": [str(g) for g in rest if standard and g.kind is not GroupKind.PAIR],
                        "pair": next((format_tiles(g.kinds()) for g in rest
                                      if standard and g.kind is GroupKind.PAIR and shape != "shanpon"), "")})
    return out


# ---------------------------------------------------------------------------
# Fu
# ---------------------------------------------------------------------------


def fu_diff(expected: Iterable[tuple[str, int]], given: Iterable[tuple[str, int]]) -> dict[str, Any]:
    """Compare the learner's fu items with the engine's: ``missing`` (items the hand scores that
    the learner left out), ``extra`` (items the learner added that the hand does not score at all),
    ``surplus`` (an item the hand does score, counted more often than the hand has it:
    ``(id, fu, times in the hand, times counted)``; the base fu are scored once) and
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
    surplus: list[tuple[str, int, int, int]] = []
    wrong: list[tuple[str, int, int]] = []
    for fid in sorted(set(want) | set(got)):
        w, g = sorted(want.get(fid, [])), sorted(got.get(fid, []))
        common = min(len(w), len(g))
        for a, b in zip(g[:common], w[:common], strict=True):
            if a != b:
                wrong.append((fid, a, b))
        missing.extend((fid, fu) for fu in w[common:])
        if w and len(g) > len(w):  # the hand has the item, fewer times than counted
            surplus.append((fid, w[0], len(w), len(g)))
        elif not w:
            extra.extend((fid, fu) for fu in g)
    return {"kind": "fu_diff", "missing": missing, "extra": extra, "surplus": surplus, "wrong_value": wrong}


def fu_total_slip(items: Sequence[tuple[str, int]], total: int, given: int) -> str | None:
    """Why a typed fu total is off, when the reason is a usual one: ``"not_rounded"`` (the sum
    of the items before rounding up to ten) or ``"rounded_down"`` (that sum rounded down); None
    otherwise.  A number that is also what the hand's items make with some of them left out
    (20 + 10 = 30 for a hand of 20 + 10 + 8 = 38) is not called rounded down: the learner may
    just as well have forgotten those items."""
    raw = sum(int(fu) for _, fu in items)
    if given == raw and raw != total:
        return "not_rounded"
    if raw != total and given == raw // 10 * 10 and not _part_makes(items, given):
        return "rounded_down"
    return None


def _part_makes(items: Sequence[tuple[str, int]], given: int) -> bool:
    """Whether some of the items (not all, the base fu among them when the hand has it) add up to
    ``given``, as they are or rounded up to ten."""
    fus = [int(fu) for _, fu in items]
    base = [i for i, (fid, _fu) in enumerate(items) if fid == "fuutei"]
    for mask in range(1, (1 << len(fus)) - 1):
        if any(not mask >> i & 1 for i in base):
            continue
        part = sum(fu for i, fu in enumerate(fus) if mask >> i & 1)
        if given in (part, -(-part // 10) * 10):
            return True
    return False


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


PAYMENT_SLIPS = ("dealer_swapped", "win_swapped", "payers_swapped", "not_rounded", "no_honba", "rounded_down",
                 "doubled", "halved", "basic_only")
"""The slips :func:`points_slip` names (the lesson feedback has words for each)."""

BOX_SLIPS = ("same_share", "honba_per_payer", "honba_split")
"""The further slips :func:`payment_slips` names: every payer paying the same in a non-dealer's
tsumo (the dealer pays double), a tsumo's honba value taken from each payer in full (300 each, not
100), a ron's honba value split (100, not 300)."""


def _slip_alternatives(chain: dict[str, Any], rules: Rules, whole: bool) -> dict[str, tuple[int | None, ...]]:
    """For each usual slip, the numbers it gives in every box of the chain (None: a box the slip
    cannot explain), in the order :func:`payment_slips` tries them.  Two shares in each other's
    place is a slip of both boxes: named only when every box is wrong (``whole``)."""
    from trainer.engine.points import payers

    han, fu, honba = chain["han"], chain["fu"], chain["honba"]
    pays = chain["payments"]
    want = tuple(p["total"] for p in pays)
    alts: dict[str, tuple[int | None, ...]] = {}
    other = points_chain(han, fu, dealer=not chain["dealer"], tsumo=chain["tsumo"], rules=rules, honba=honba)
    alts["dealer_swapped"] = tuple(p["total"] for p in other["payments"])
    if len(want) == 1:
        swapped = points_chain(han, fu, dealer=chain["dealer"], tsumo=not chain["tsumo"], rules=rules, honba=honba)
        if len(swapped["payments"]) == 1:
            alts["win_swapped"] = (swapped["payments"][0]["total"],)
    if whole and len(want) == 2 and want[0] != want[1]:
        alts["payers_swapped"] = want[::-1]
    if any(p["raw"] != p["paid"] for p in pays):
        alts["not_rounded"] = tuple(p["raw"] + p["honba"] for p in pays)
    if honba:
        alts["no_honba"] = tuple(p["paid"] for p in pays)
        if chain["tsumo"]:
            alts["honba_per_payer"] = tuple(p["paid"] + honba * rules.honba_points for p in pays)
        else:
            alts["honba_split"] = tuple(p["paid"] + honba * (rules.honba_points // payers(rules)) for p in pays)
    return alts


def _last_resort_alternatives(chain: dict[str, Any]) -> dict[str, tuple[int | None, ...]]:
    """The slips named only when none of :func:`_slip_alternatives` explains the numbers: rounded
    down, twice or half the payment, the basic points themselves (in a box whose share is not the
    basic points once: a non-dealer's share of a non-dealer's tsumo *is* the basic points)."""
    pays = chain["payments"]
    want = tuple(p["total"] for p in pays)
    alts: dict[str, tuple[int | None, ...]] = {}
    if any(p["raw"] != p["paid"] for p in pays):
        alts["rounded_down"] = tuple(int(p["raw"]) // 100 * 100 + p["honba"] for p in pays)
    alts["doubled"] = tuple(2 * w for w in want)
    alts["halved"] = tuple(w // 2 if w % 2 == 0 else None for w in want)
    alts["basic_only"] = tuple(None if p["mult"] == 1 else chain["basic"] for p in pays)
    return alts


def _explains(alt: tuple[int | None, ...], given: tuple[int, ...], wrong: list[int]) -> bool:
    """Whether a slip's numbers are the learner's in every wrong box (the right boxes need no
    explaining)."""
    return len(alt) == len(given) and all(alt[i] is not None and alt[i] == given[i] for i in wrong)


def wrong_boxes(chain: dict[str, Any], given: Sequence[int]) -> list[int]:
    """The boxes (indexes into the chain's payments) whose number is not the payment's total."""
    return [i for i, (g, p) in enumerate(zip(given, chain["payments"], strict=False)) if int(g) != p["total"]]


def payment_slips(chain: dict[str, Any], given: Sequence[int], rules: Rules) -> list[str]:
    """Which usual slips give the learner's numbers (``given``, one per payment in the chain's
    order), judged on the wrong boxes alone: a slip is named only when it gives every wrong box's
    number (a right box needs no explaining, so "the basic points" is never said of a right box).
    The slips of :data:`PAYMENT_SLIPS` and :data:`BOX_SLIPS`; ``"rounded_down"``, ``"doubled"``,
    ``"halved"`` and ``"basic_only"`` only when nothing else explains them.  Empty when the numbers
    are right or no usual slip explains them."""
    given = tuple(int(g) for g in given)
    wrong = wrong_boxes(chain, given)
    if not wrong or len(given) != len(chain["payments"]):
        return []
    whole = len(wrong) == len(given)
    slips = [name for name, alt in _slip_alternatives(chain, rules, whole).items() if _explains(alt, given, wrong)]
    want = tuple(p["total"] for p in chain["payments"])
    if len(given) == 2 and given[0] == given[1] and want[0] != want[1]:
        slips.append("same_share")
    if not slips:
        slips = [name for name, alt in _last_resort_alternatives(chain).items() if _explains(alt, given, wrong)][:1]
    return slips


def points_slip(chain: dict[str, Any], given: Sequence[int], rules: Rules) -> list[str]:
    """Which usual slips give the learner's numbers (``given``, one per payment in the chain's
    order): ``"dealer_swapped"`` (paid as if the winner were, or were not, the dealer),
    ``"win_swapped"`` (ron for tsumo or back), ``"payers_swapped"`` (a non-dealer's tsumo with the
    dealer's and the non-dealer's shares in each other's place), ``"not_rounded"``,
    ``"rounded_down"`` (each share rounded down to 100 instead of up), ``"no_honba"``,
    ``"doubled"`` / ``"halved"`` (twice or half the right payment: one han too many or too few, or
    the wrong multiplier), ``"basic_only"`` (the basic points themselves).  Each explains every
    wrong box (:func:`payment_slips`, which names the slips of :data:`BOX_SLIPS` too).  Empty when
    no usual slip explains them."""
    return [s for s in payment_slips(chain, given, rules) if s in PAYMENT_SLIPS]


# ---------------------------------------------------------------------------
# Discards
# ---------------------------------------------------------------------------


def discard_forms(hand: Hand, kind: int) -> dict[str, int]:
    """The shanten the hand is left with after discarding one ``kind``, in each hand form that
    applies (``standard``, and for 13 tiles without melds ``seven_pairs`` and
    ``thirteen_orphans``): the hand's shanten is the lowest, and the form it comes from is the one
    to name."""
    return shanten_by_form(hand.without(Tile(kind)))


# ---------------------------------------------------------------------------
# Yaku
# ---------------------------------------------------------------------------


def drill_win(hand_text: str, data: dict[str, Any]) -> tuple[Hand, Any]:
    """A scoring drill's won hand and its situation (:class:`~trainer.engine.scoring.WinContext`)
    rebuilt from the prompt's data (``win_tile``, ``by``, ``seat``, ``round``, ``flags``, ``dora``,
    ``ura``, ``honba``, ``sticks``, ``nuki``)."""
    from trainer.engine.notation import parse_hand, parse_tiles
    from trainer.engine.scoring import WinContext
    from trainer.engine.tiles import EAST, WIND_LETTERS

    hand = parse_hand(hand_text, check_size=False)
    flags = {f: True for f in data.get("flags") or ()}
    ctx = WinContext(
        win_tile=parse_tiles(str(data["win_tile"]))[0], tsumo=data.get("by") == "tsumo",
        seat_wind=EAST + WIND_LETTERS.index(str(data.get("seat", "E"))),
        round_wind=EAST + WIND_LETTERS.index(str(data.get("round", "E"))),
        dora_indicators=tuple(parse_tiles(str(data.get("dora") or ""), max_copies=None)),
        ura_indicators=tuple(parse_tiles(str(data.get("ura") or ""), max_copies=None)),
        honba=int(data.get("honba") or 0), riichi_sticks=int(data.get("sticks") or 0),
        nuki=int(data.get("nuki") or 0), **flags)
    return hand, ctx


_RUN_YAKU = ("iipeikou", "ryanpeikou", "sanshoku_doujun", "ittsu")
_DRAGON = {"yakuhai_haku": 31, "yakuhai_hatsu": 32, "yakuhai_chun": 33}


def _groups(reading: Any, what: str) -> list[str]:
    """A reading's groups of one kind (``run``, ``triplet`` — quads too —, ``pair``) as MPSZ text."""
    from trainer.engine.decompose import GroupKind

    kinds = {"run": (GroupKind.RUN,), "triplet": (GroupKind.TRIPLET, GroupKind.QUAD), "pair": (GroupKind.PAIR,)}
    return [format_tiles(g.kinds()) for g in reading.groups if g.kind in kinds[what]]


def _yaochuu(kinds: Iterable[int]) -> bool:
    return any(k in TERMINALS_AND_HONORS for k in kinds)


def yaku_reason(hand: Hand, ctx: Any, rules: Rules, yaku_id: str) -> dict[str, Any]:
    """Why the won hand has yaku ``yaku_id`` or not, as data for the UI to word.

    ``have`` says which.  For a yaku the hand has, ``tiles`` lists the groups of the scored
    reading that make it (the triplet of a yakuhai, the two runs of iipeikou...), empty where the
    whole hand does (tanyao, a flush).  For one it has not, ``reason`` is:

    * ``other_reading`` — another reading of the hand has it (``reading``: its groups), but the
      hand is scored by the reading worth the most;
    * ``replaced`` — the hand has a bigger yaku that includes it (``by``: that yaku's id; only for
      the pairs of :data:`INCLUDES`, where the bigger yaku is the smaller one made stricter);
    * ``excluded`` — the hand is scored with a yaku that is never counted together with it
      (``by``), and nothing else in the hand stands against it (a ryanpeikou hand is never also
      chiitoitsu);
    * ``concealed`` — sanankou (and suuankou): too few concealed triplets; ``tiles`` the concealed
      ones, ``ron`` the triplets finished by ron (they count as open), ``called`` the called ones;
    * ``open`` — the yaku needs a closed hand and this one has a called set (``tiles``);
    * ``tiles`` — these tiles break it (``tiles``: the terminals and honors against tanyao, the
      tiles of another suit or the honors against a flush);
    * ``runs`` — the hand has runs (``tiles``) where four triplets are needed (toitoi);
    * ``no_runs`` — the hand has no run (chanta, junchan need one);
    * ``sets`` — the sets and pair (``tiles``) that hold no terminal or honor (chanta, junchan);
    * ``run_shape`` — the runs the hand has (``tiles``), not the ones the yaku needs;
    * ``no_triplet`` — no triplet of ``tile`` (the dragon, the seat or round wind), with
      ``held``: how many of it the hand holds;
    * ``pinfu`` — ``blocks`` (the engine's pinfu blockers: ``open_hand``, ``triplet``,
      ``valued_pair``, ``not_ryanmen``), with ``tiles`` (the triplets), ``pair`` and ``shape``;
    * ``not_pairs`` — the hand is not seven pairs (chiitoitsu);
    * ``seven_pairs`` — the hand is read as seven pairs (``tiles``), so it has no sets at all;
    * ``tiles`` for honroutou — the simples (``tiles``) the hand holds, seven pairs or not;
    * ``ron`` — won off a discard (menzen tsumo);
    * ``situation`` — a yaku of the situation (riichi, ippatsu, haitei...) that did not happen;
    * ``other`` — none of the above can say more (the UI names what the yaku needs).

    For sanankou (and suuankou) the hand has, ``tiles`` are its concealed triplets only, and
    ``ron`` the triplet finished by ron, which counts as open and is not one of them."""
    from trainer.engine.decompose import Form
    from trainer.engine.scoring import score_hand
    from trainer.engine.tiles import is_honor, suit_of
    from trainer.engine.yaku import pinfu_blockers, yaku_info

    result = score_hand(hand, ctx, rules)
    reading = result.reading
    scored = {y.id for y in result.yaku}
    out: dict[str, Any] = {"kind": "yaku_reason", "id": yaku_id, "have": yaku_id in scored}
    runs, triplets, pairs = _groups(reading, "run"), _groups(reading, "triplet"), _groups(reading, "pair")
    held = [t.kind for t in hand.all_tiles()]
    if yaku_id in scored:
        out["tiles"] = _made_of(yaku_id, reading, runs, triplets, pairs, ctx)
        if yaku_id in _CONCEALED_YAKU:
            own = _triplets_by_origin(reading, result.placement, ctx.tsumo)
            out.update(tiles=own["concealed"], ron=own["ron"])
        return out
    alt = next((a for a in result.alternatives if a.valid and any(y.id == yaku_id for y in a.yaku)), None)
    if alt is not None:
        out.update(reason="other_reading", reading=[format_tiles(g.kinds()) for g in alt.reading.groups],
                   points=alt.points,
                   best=result.payment.hand_value)
        return out
    info = yaku_info()
    by = next((y for y in sorted(scored) if yaku_id in info[y].excludes), None)
    if by is not None and (by, yaku_id) in INCLUDES:
        out.update(reason="replaced", by=by)
        return out
    kind = info[yaku_id].kind if yaku_id in info else "hand"
    if kind == "situational" and yaku_id != "menzen_tsumo":
        out["reason"] = "situation"
        return out
    closed_only = rules.han(yaku_id, False) == 0 and rules.han(yaku_id, True) > 0
    called = [format_tiles(sorted(t.kind for t in m.tiles)) for m in hand.melds if m.is_open]
    if closed_only and called and yaku_id != "pinfu":
        out.update(reason="open", tiles=called)
        return out
    if yaku_id == "menzen_tsumo":
        out["reason"] = "ron"
    elif yaku_id == "tanyao":
        out.update(reason="tiles", tiles=[format_tiles(sorted({k for k in held if k in TERMINALS_AND_HONORS}))])
    elif yaku_id in ("honitsu", "chinitsu"):
        suits = [suit_of(k) for k in held if not is_honor(k)]
        main = max(set(suits), key=suits.count) if suits else None
        other = sorted({k for k in held if not is_honor(k) and suit_of(k) != main})
        honors = sorted({k for k in held if is_honor(k)})
        if yaku_id == "honitsu" and not other and not honors:
            out["reason"] = "other"
        else:
            shown = other + (honors if yaku_id == "chinitsu" else [])
            out.update(reason="tiles", tiles=[format_tiles(shown)] if shown else [])
    elif yaku_id == "honroutou" and any(k not in TERMINALS_AND_HONORS for k in held):
        # seven pairs or not: the simples are what stand against it
        out.update(reason="tiles", tiles=[format_tiles(sorted({k for k in held if k not in TERMINALS_AND_HONORS}))])
    elif yaku_id in _CONCEALED_YAKU and reading.form is Form.STANDARD:
        own = _triplets_by_origin(reading, result.placement, ctx.tsumo)
        out.update(reason="concealed", tiles=own["concealed"], ron=own["ron"], called=own["called"])
    elif reading.form is Form.SEVEN_PAIRS and yaku_id != "chiitoitsu":
        out.update(reason="seven_pairs", tiles=pairs)
    elif reading.form is not Form.STANDARD and yaku_id != "chiitoitsu":
        out["reason"] = "other"
    elif yaku_id == "toitoi":
        out.update(reason="runs", tiles=runs)
    elif yaku_id in ("chanta", "junchan"):
        bare = [format_tiles(g.kinds()) for g in reading.groups if not _yaochuu(g.kinds())]
        if bare:
            out.update(reason="sets", tiles=bare)
        elif not runs:
            out["reason"] = "no_runs"
        else:  # junchan with honors
            out.update(reason="tiles", tiles=[format_tiles(sorted({k for k in held if is_honor(k)}))])
    elif yaku_id in _RUN_YAKU:
        out.update(reason="run_shape", tiles=runs)
    elif yaku_id in _DRAGON or yaku_id in ("yakuhai_seat_wind", "yakuhai_round_wind"):
        k = _DRAGON.get(yaku_id, ctx.seat_wind if yaku_id == "yakuhai_seat_wind" else ctx.round_wind)
        out.update(reason="no_triplet", tile=kind_name(k), held=held.count(k))
    elif yaku_id == "pinfu":
        pair = reading.pair.first if reading.pair is not None else -1
        kinds = [g.kind.value for g in reading.groups]
        blocks = pinfu_blockers(reading.form, kinds, pair, result.placement.shape, closed=hand.is_closed,
                                seat=ctx.seat_wind, round_wind=ctx.round_wind)
        out.update(reason="pinfu", blocks=list(blocks), tiles=triplets, called=called,
                   pair=pairs[0] if pairs else "", shape=result.placement.shape.value)
    elif yaku_id == "chiitoitsu":
        out["reason"] = "not_pairs"
    else:
        out["reason"] = "other"
    if by is not None and (out["reason"] == "other" or yaku_id == "chiitoitsu"):
        # nothing in the hand stands against it: the yaku it is scored with is never counted with it
        out.update(reason="excluded", by=by)
    return out


INCLUDES = frozenset({
    ("double_riichi", "riichi"), ("junchan", "chanta"), ("ryanpeikou", "iipeikou"), ("chinitsu", "honitsu"),
    ("kokushi_musou_juusanmen", "kokushi_musou"), ("suuankou_tanki", "suuankou"),
    ("junsei_chuuren_poutou", "chuuren_poutou"),
})
"""The ``excludes`` pairs of ``yaku.toml`` (bigger, smaller) where the bigger yaku is the smaller
one made stricter, so a learner who ticks the smaller one is told it is included in the bigger.
The other pairs (junchan and honroutou, honroutou and chanta, ryanpeikou and chiitoitsu) are never
both in one reading: the hand's own tiles or reading say why the smaller one is not there."""

_CONCEALED_YAKU = ("sanankou", "suuankou")
"""Yaku of concealed triplets: a triplet finished by ron counts as open for them."""


def _triplets_by_origin(reading: Any, placement: Any, tsumo: bool) -> dict[str, list[str]]:
    """The triplets and quads of a standard reading by where they come from: ``concealed`` (the
    hand's own, closed kans too), ``ron`` (finished by the ron tile: it counts as open, as for its
    fu) and ``called`` (pon and open kans)."""
    from trainer.engine.decompose import GroupKind
    from trainer.engine.waits import WaitShape

    out: dict[str, list[str]] = {"concealed": [], "ron": [], "called": []}
    for i, g in enumerate(reading.groups):
        if g.kind not in (GroupKind.TRIPLET, GroupKind.QUAD):
            continue
        text = format_tiles(g.kinds())
        if g.declared and g.open:
            out["called"].append(text)
        elif (not tsumo and not g.declared and placement is not None and placement.group_index == i
              and placement.shape is WaitShape.SHANPON):
            out["ron"].append(text)
        else:
            out["concealed"].append(text)
    return out


def _made_of(yaku_id: str, reading: Any, runs: list[str], triplets: list[str], pairs: list[str],
             ctx: Any) -> list[str]:
    """The groups of the scored reading that make a yaku the hand has (empty where the whole hand
    or the situation does)."""
    from collections import Counter

    if yaku_id in ("iipeikou", "ryanpeikou"):
        twice = [r for r, n in Counter(runs).items() if n >= 2]
        return [r for r in runs if r in twice]
    if yaku_id == "sanshoku_doujun":
        for digits in dict.fromkeys(r[:-1] for r in runs):
            if {r[-1] for r in runs if r[:-1] == digits} >= set("mps"):
                return [digits + suit for suit in "mps"]
        return runs
    if yaku_id == "ittsu":
        for suit in "mps":
            if all(f"{a}{suit}" in runs for a in ("123", "456", "789")):
                return [f"123{suit}", f"456{suit}", f"789{suit}"]
        return runs
    if yaku_id in _DRAGON or yaku_id in ("yakuhai_seat_wind", "yakuhai_round_wind"):
        k = _DRAGON.get(yaku_id, ctx.seat_wind if yaku_id == "yakuhai_seat_wind" else ctx.round_wind)
        return [t for t in triplets if t.startswith(kind_name(k)[0]) and t.endswith(kind_name(k)[1])]
    if yaku_id in ("toitoi", "sanankou", "sankantsu", "sanshoku_doukou"):
        return triplets
    if yaku_id == "chiitoitsu":
        return pairs
    if yaku_id in ("chanta", "junchan", "pinfu"):
        return [format_tiles(g.kinds()) for g in reading.groups]
    return []


# ---------------------------------------------------------------------------
# Training variants
# ---------------------------------------------------------------------------


def variant_way(hand: Hand, variant: Any, pool: Iterable[int]) -> dict[str, Any]:
    """What shows a training-variant hand's shanten (suits ignored, dragons as tens or jokers;
    :mod:`trainer.engine.variants`), drawing from the kinds of ``pool`` (the copies not in the hand):
    ``steps`` — a shortest way to tenpai, one ``(drawn, thrown back)`` per step (it shows the
    shanten is not higher); ``best_draw`` — the draw that gains the most with its best throw-back,
    ``(tile, shanten after)`` (it shows no draw gains two steps, so the shanten is not lower);
    ``shanten`` — the hand's variant shanten."""
    from trainer.engine.tiles import NUM_KINDS
    from trainer.engine.variants import (
        variant_shanten,
        variant_shanten_after_discards,
        variant_shanten_after_draws,
    )

    pool = set(pool)

    def counts(kinds: list[int]) -> list[int]:
        c = [0] * NUM_KINDS
        for k in kinds:
            c[k] += 1
        return c

    def draws(kinds: list[int]) -> dict[int, int]:
        c = counts(kinds)
        if variant.is_plain:
            return {d: variant_shanten(Hand(tuple(sorted(Tile(k) for k in [*kinds, d]))), variant)
                    for d in sorted(pool) if c[d] < 4}
        return {d: s for d, s in variant_shanten_after_draws(c, variant).items() if d in pool}

    def discards(kinds: list[int]) -> dict[int, int]:
        if variant.is_plain:
            out = {}
            for k in sorted(set(kinds)):
                rest = list(kinds)
                rest.remove(k)
                out[k] = variant_shanten(Hand(tuple(sorted(Tile(x) for x in rest))), variant)
            return out
        return dict(variant_shanten_after_discards(counts(kinds), variant))

    kinds = [t.kind for t in hand.concealed]
    s = variant_shanten(hand, variant)
    steps: list[tuple[str, str]] = []
    now, left = list(kinds), s
    while left > 0:
        step = next(((d, k) for d, s2 in sorted(draws(now).items()) if s2 < left
                     for k, s3 in sorted(discards([*now, d]).items()) if s3 < left), None)
        if step is None:
            break
        now = [*now, step[0]]
        now.remove(step[1])
        steps.append((kind_name(step[0]), kind_name(step[1])))
        left -= 1
    best: tuple[str, int] | None = None
    for d, s2 in sorted(draws(kinds).items()):
        if s2 >= 0:
            after = min(discards([*kinds, d]).values())
            if best is None or after < best[1]:
                best = (kind_name(d), after)
    return {"kind": "variant_way", "shanten": s, "steps": [list(p) for p in steps],
            "best_draw": list(best) if best else None}
