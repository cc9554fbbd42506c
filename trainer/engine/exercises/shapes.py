"""Hand shapes: sets (``make_set``, curriculum §3.1 #5), complete hands (``complete_hand``,
#6) and named wait shapes (``wait_shape``, #9).

Answers come from the engine: a set is what :class:`trainer.engine.hand.Meld` accepts as a
chi or a pon; a complete hand is :func:`trainer.engine.decompose.is_complete` (its pair
from :func:`trainer.engine.decompose.readings`); a wait shape is what
:func:`trainer.engine.waits.wait_report` names (the basic shapes) or
:func:`trainer.engine.waits.named_waits` finds (compound and many-sided shapes).
"""

from __future__ import annotations

import random
from typing import Literal

from pydantic import Field, model_validator

from trainer.engine.decompose import Form, is_complete, readings
from trainer.engine.exercises.base import Exercise, GeneratorError, Option, Params, draft, shuffled
from trainer.engine.exercises.handgen import complete_counts, swap_tiles, tiles_of_counts
from trainer.engine.exercises.waits_drills import _explain as explain_waits
from trainer.engine.explain import hand_blocks
from trainer.engine.hand import Hand, Meld, MeldKind
from trainer.engine.notation import format_hand, format_tiles, parse_tiles
from trainer.engine.shanten import shanten
from trainer.engine.tiles import NUM_KINDS, TERMINALS_AND_HONORS, Tile, kind_name
from trainer.engine.waits import named_waits, wait_patterns, wait_report, waits

# ---------------------------------------------------------------------------
# Sets
# ---------------------------------------------------------------------------


def set_kind(kinds: list[int] | tuple[int, ...]) -> str | None:
    """``"run"`` or ``"triplet"`` when three tile kinds form a set (mentsu), as the engine's
    meld rules define a chi and a pon; None otherwise (wrapped 8-9-1, mixed suits, honor
    "runs" and gaps are not sets)."""
    tiles = tuple(Tile(k) for k in sorted(kinds))
    for meld_kind, name in ((MeldKind.CHI, "run"), (MeldKind.PON, "triplet")):
        try:
            Meld(meld_kind, tiles)
        except ValueError:
            continue
        return name
    return None


TRAPS = ("wrap", "mixed_suits", "honor_run", "gap")
"""Near-sets that are not sets: 8-9-1 wrapped, a run over two suits, three winds or
dragons "in a row", and a run with a gap."""


class MakeSetParams(Params):
    """Parameters of ``make_set``."""

    kinds: Literal["run", "triplet", "any"] = Field("any", description="which sets are asked about")
    ask: Literal["complete", "judge"] = Field("complete", description="tiles that complete two tiles, or judge three")
    traps: list[Literal["wrap", "mixed_suits", "honor_run", "gap"]] = Field(
        [], description="near-sets shown when judging")
    honors: bool = Field(True, description="honor tiles may appear")

    @model_validator(mode="after")
    def _possible(self) -> MakeSetParams:
        if self.kinds == "run" and "honor_run" in self.traps and not self.honors:
            raise ValueError("the honor_run trap needs honors on")
        if self.ask == "complete" and self.traps:
            raise ValueError("traps apply to ask=judge only")
        return self


def completions(a: int, b: int, kinds: str = "any") -> frozenset[int]:
    """Every tile kind that makes a set with the two tiles ``a`` and ``b`` (a run, a triplet, or
    either), with at most four copies of a kind."""
    out = set()
    for k in range(NUM_KINDS):
        if [a, b, k].count(k) > 4:
            continue
        got = set_kind((a, b, k))
        if got is not None and kinds in ("any", got):
            out.add(k)
    return frozenset(out)


def _two_tiles(p: MakeSetParams, rng: random.Random) -> tuple[int, int]:
    limit = NUM_KINDS if p.honors else 27
    want = p.kinds if p.kinds != "any" else rng.choice(("run", "triplet"))
    if want == "triplet":
        k = rng.randrange(limit)
        return k, k
    suit, r = rng.randrange(3), rng.randrange(8)
    gap = rng.choice((1, 2)) if r < 7 else 1
    return 9 * suit + r, 9 * suit + r + gap


def _trap(rng: random.Random, trap: str) -> list[int]:
    suit = 9 * rng.randrange(3)
    if trap == "wrap":
        return rng.choice(([suit + 7, suit + 8, suit], [suit + 8, suit, suit + 1]))
    if trap == "mixed_suits":
        r = rng.randrange(7)
        suits = shuffled(rng, [0, 9, 18])
        return [suits[0] + r, suits[1] + r + 1, rng.choice(suits[:2]) + r + 2]
    if trap == "honor_run":
        return rng.choice(([27, 28, 29], [28, 29, 30], [31, 32, 33]))
    r = rng.randrange(5)
    return [suit + r, suit + r + 2, suit + r + 4] if rng.random() < 0.5 else [suit + r, suit + r + 1, suit + r + 3]


def _three_tiles(p: MakeSetParams, rng: random.Random) -> list[int]:
    limit = NUM_KINDS if p.honors else 27
    roll = rng.random()
    if roll < 0.5:
        a, b = _two_tiles(p, rng)
        third = sorted(completions(a, b, p.kinds))
        if third:
            return [a, b, rng.choice(third)]
    if p.traps and roll < 0.8:
        return _trap(rng, rng.choice(p.traps))
    return [rng.randrange(limit) for _ in range(3)]


SET_OPTIONS = {"run": "shuntsu", "triplet": "koutsu"}
"""The glossary term of each set kind (the options of a judge question)."""


def make_set(p: MakeSetParams, rng: random.Random) -> Exercise:
    """Two tiles -> every tile completing a set (pick), or three tiles -> a run, a triplet or no set."""
    if p.ask == "complete":
        a, b = _two_tiles(p, rng)
        answer = completions(a, b, p.kinds)
        explanation = [{"kind": "set", "tile": kind_name(k), "set": set_kind((a, b, k))} for k in sorted(answer)]
        suit = a // 9
        palette = format_tiles(range(9 * suit, min(9 * suit + 9, NUM_KINDS)))
        return draft("set_complete", "pick_tiles", answer, explanation, tiles=format_tiles([a, b]), palette=palette,
                     sets=p.kinds)
    for _ in range(100):
        kinds = _three_tiles(p, rng)
        got = set_kind(kinds)
        if p.kinds == "any" or got in (None, p.kinds):
            break  # asked about one kind only, a set of the other kind would be neither option
    else:
        raise GeneratorError(f"no three tiles drawn that are a {p.kinds} or no set")
    value = got or "not_set"
    if p.kinds == "any":
        options = [Option("run", ref="shuntsu"), Option("triplet", ref="koutsu"), Option("not_set")]
    else:
        options = [Option(p.kinds, ref=SET_OPTIONS[p.kinds]), Option("not_set")]
    explanation = [{"kind": "set_judge", "tiles": format_tiles(kinds, sort=False), "set": got or "none"}]
    return draft("set_judge", "choice", frozenset({value}), explanation, tiles=format_tiles(kinds, sort=False),
                 options=options, sets=p.kinds)


def make_set_skill(p: MakeSetParams) -> str:
    """Children's items feed kids_threes; adults' sets."""
    return "kids_threes" if p.kids else "sets"


# ---------------------------------------------------------------------------
# Complete hands
# ---------------------------------------------------------------------------


class CompleteHandParams(Params):
    """Parameters of ``complete_hand``."""

    size: Literal[5, 8, 11, 14] = Field(14, description="tiles in the hand")
    complete_ratio: float = Field(0.5, ge=0, le=1, description="share of hands that are complete")
    special_forms: float = Field(0.0, ge=0, le=1, description="share of seven pairs / thirteen orphans (14 only)")
    ask: Literal["yes_no", "pair", "extra"] = Field(
        "yes_no", description="is it complete, mark the pair, or find the extra tile (size + 1 tiles shown)")
    honors: bool = Field(True, description="honor tiles may appear")

    @model_validator(mode="after")
    def _possible(self) -> CompleteHandParams:
        if self.special_forms and self.size != 14:
            raise ValueError("seven pairs and thirteen orphans are 14-tile forms: use size 14")
        if self.ask == "pair" and self.special_forms:
            raise ValueError("ask=pair needs standard hands (special_forms 0)")
        return self


def _special(rng: random.Random, honors: bool, complete: bool) -> list[int]:
    counts = [0] * NUM_KINDS
    if rng.random() < 0.6 or not honors:
        kinds = rng.sample(range(NUM_KINDS if honors else 27), 7)
        for k in kinds:
            counts[k] = 2
        if not complete:  # a near miss: two identical pairs, or a pair broken into two singles
            if rng.random() < 0.5:
                counts[kinds[0]] = 4
                counts[kinds[1]] = 0
            else:
                counts[kinds[0]] = 1
                counts[rng.choice([k for k in range(NUM_KINDS if honors else 27) if counts[k] == 0])] = 1
        return counts
    for k in TERMINALS_AND_HONORS:
        counts[k] = 1
    counts[rng.choice(TERMINALS_AND_HONORS)] += 1
    if not complete:
        gone = rng.choice([k for k in TERMINALS_AND_HONORS if counts[k] == 1])
        counts[gone] = 0
        counts[rng.choice([k for k in range(27) if k not in TERMINALS_AND_HONORS])] += 1
    return counts


def _pair_kinds(hand: Hand) -> frozenset[int]:
    return frozenset(r.pair.first for r in readings(hand) if r.form is Form.STANDARD and r.pair is not None)


def make_complete(p: CompleteHandParams, rng: random.Random) -> Exercise:
    """A hand of ``size`` tiles: is it complete (yes/no)?  Or a complete hand: mark its pair."""
    sets = (p.size - 2) // 3
    for _ in range(200):
        want_complete = p.ask in ("pair", "extra") or rng.random() < p.complete_ratio
        if p.size == 14 and rng.random() < p.special_forms:
            counts = _special(rng, p.honors, want_complete)
        else:
            counts = complete_counts(rng, sets, honors=p.honors)
            if not want_complete:
                counts = swap_tiles(rng, counts, rng.choice((1, 1, 2)), honors=p.honors)
        if p.ask == "extra":
            return _extra_tile(p, rng, counts)
        hand = Hand(tiles_of_counts(counts))
        done = is_complete(hand)
        text = format_hand(hand)
        if p.ask == "pair":
            pairs = _pair_kinds(hand)
            if len(pairs) != 1:
                continue  # several readings with different pairs: no single right answer
            reads = [{"kind": "reading", "reading": str(r)} for r in readings(hand)]
            return draft("hand_pair", "pick_tiles", pairs, reads, hand=text,
                         palette=format_tiles(sorted({t.kind for t in hand.concealed})))
        if done != want_complete:
            continue
        if done:
            explanation = [{"kind": "reading", "reading": str(r)} for r in readings(hand)[:3]]
        else:
            explanation = [not_complete_item(hand)]
        return draft("hand_complete", "choice", frozenset({"yes" if done else "no"}), explanation, hand=text,
                     options=[Option("yes"), Option("no")])
    raise GeneratorError("no hand meeting the parameters was found in 200 tries")


def not_complete_item(hand: Hand) -> dict[str, object]:
    """Why a hand is not complete: its shanten and, when the standard form is its best (sets and a
    pair), the tiles that best split leaves over (``leftover``, MPSZ: partial sets, loose tiles and
    the pairs after the first; "" when another form is closer to complete)."""
    value = shanten(hand)
    blocks = hand_blocks(hand)
    leftover = ""
    if blocks.shanten == value:
        spare_pairs = blocks.pairs[1:]
        leftover = format_tiles(sorted(t.kind for group in (*blocks.partials, *blocks.loose, *spare_pairs)
                                       for t in parse_tiles(group)))
    return {"kind": "not_complete", "shanten": value, "leftover": leftover}


def extra_tiles(hand: Hand) -> frozenset[int]:
    """The kinds whose removal leaves a complete hand: the tiles "not part of the shape" of a
    hand holding one tile too many."""
    return frozenset(t.kind for t in hand.concealed if is_complete(hand.without(t)))


def _extra_tile(p: CompleteHandParams, rng: random.Random, counts: list[int]) -> Exercise:
    limit = NUM_KINDS if p.honors else 27
    c = counts[:]
    while True:
        k = rng.randrange(limit)
        if c[k] < 4:
            c[k] += 1
            break
    hand = Hand(tiles_of_counts(c))
    answer = extra_tiles(hand)
    explanation = [{"kind": "reading", "reading": str(r)} for k in sorted(answer)
                   for r in readings(hand.without(Tile(k)))[:1]]
    return draft("hand_extra", "pick_tiles", answer, explanation, hand=format_hand(hand),
                 palette=format_tiles(sorted({t.kind for t in hand.concealed})))


def complete_skill(p: CompleteHandParams) -> str:
    """Children's items feed kids_winning_tile; adults' winning_shape."""
    return "kids_winning_tile" if p.kids else "winning_shape"


# ---------------------------------------------------------------------------
# Wait shapes
# ---------------------------------------------------------------------------

BASIC_SHAPES = ("ryanmen", "kanchan", "penchan", "shanpon", "tanki")
"""The five basic waits, by the engine's :class:`~trainer.engine.waits.WaitShape` values
(also glossary ids)."""

FAMILIES = {"compound": ("basic", "compound"), "multi": ("multi_sided",)}
"""Named-shape categories (``wait_shapes.toml``) drawn for each ``shapes`` family."""

_BASIC_BLOCKS = {
    "ryanmen": [(1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 7)],  # rank indexes 0..8
    "kanchan": [(r, r + 2) for r in range(7)],
    "penchan": [(0, 1), (7, 8)],
}


class WaitShapeParams(Params):
    """Parameters of ``wait_shape``."""

    shapes: Literal["basic", "compound", "multi"] = Field("basic", description="which family of shapes")
    size: Literal[4, 7, 10, 13] = Field(4, description="tiles in the hand (extra sets as noise)")
    ask: Literal["name", "waits"] = Field("name", description="name the shape, or pick its waits")
    options: int = Field(4, ge=2, le=6, description="options of a name question")

    @model_validator(mode="after")
    def _possible(self) -> WaitShapeParams:
        if self.shapes == "multi" and self.size < 7:
            raise ValueError("many-sided shapes need at least 7 tiles")
        return self


def _add_sets(rng: random.Random, counts: list[int], n: int, avoid_suit: int | None) -> bool:
    for _ in range(n):
        for _attempt in range(40):
            if rng.random() < 0.5:
                suit = rng.choice([s for s in range(3) if s != avoid_suit] or [0])
                first = 9 * suit + rng.randrange(7)
                if all(counts[first + i] < 4 for i in range(3)):
                    for i in range(3):
                        counts[first + i] += 1
                    break
            else:
                k = rng.choice([k for k in range(NUM_KINDS) if avoid_suit is None or k // 9 != avoid_suit])
                if counts[k] == 0:
                    counts[k] = 3
                    break
        else:
            return False
    return True


def _basic_hand(p: WaitShapeParams, rng: random.Random, shape: str) -> list[int]:
    counts = [0] * NUM_KINDS
    suit = rng.randrange(3)
    lo = 9 * suit
    if shape in _BASIC_BLOCKS:
        a, b = rng.choice(_BASIC_BLOCKS[shape])
        counts[lo + a] += 1
        counts[lo + b] += 1
        pair = rng.choice([k for k in range(NUM_KINDS) if k // 9 != suit])
        counts[pair] += 2
        extra = (p.size - 4) // 3
    elif shape == "shanpon":
        x, y = rng.sample([k for k in range(NUM_KINDS)], 2)
        counts[x] += 2
        counts[y] += 2
        extra = (p.size - 4) // 3
    else:  # tanki: a single tile beside complete sets
        counts[rng.randrange(NUM_KINDS)] += 1
        extra = (p.size - 1) // 3
    if not _add_sets(rng, counts, extra, suit if shape in _BASIC_BLOCKS else None):
        return []
    return counts


def _named_hand(p: WaitShapeParams, rng: random.Random, pattern_id: str) -> list[int]:
    pattern = next(w for w in wait_patterns() if w.id == pattern_id)
    block, _waits, _mask = rng.choice(pattern.variants)
    size = sum(block)
    if size > p.size:
        return []
    counts = [0] * NUM_KINDS
    suit = rng.randrange(3)
    for r in range(9):
        counts[9 * suit + r] += block[r]
    rest = p.size - size
    if size % 3 == 2:  # the block holds no pair: the pair is elsewhere
        if rest < 2:
            return []
        pair = rng.choice([k for k in range(NUM_KINDS) if k // 9 != suit])
        counts[pair] += 2
        rest -= 2
    if rest % 3 or not _add_sets(rng, counts, rest // 3, suit):
        return []
    return counts


def basic_shape_of(hand: Hand) -> str | None:
    """The one basic wait shape of a tenpai hand (ryanmen, kanchan, penchan, shanpon or tanki)
    when every wait over every reading has that same shape, per :func:`wait_report`; None when
    the shapes are mixed or the hand is not tenpai."""
    rep = wait_report(hand)
    shapes = {s.value for w in rep.tiles for s in w.shapes}
    return next(iter(shapes)) if len(shapes) == 1 and rep.tiles else None


def named_shape_of(hand: Hand) -> str | None:
    """The one named wait shape (nobetan, sanmenchan, ...) the engine finds in a tenpai hand,
    explaining all its waits; None when there are none or several."""
    named = named_waits(hand)
    if len(named) != 1 or set(named[0].waits) != set(waits(hand)):
        return None
    return named[0].id


def make_wait_shape(p: WaitShapeParams, rng: random.Random) -> Exercise:
    """A small tenpai hand built around one shape: name the shape, or pick its waits."""
    if p.shapes == "basic":
        pool = list(BASIC_SHAPES)
    else:
        cats = FAMILIES[p.shapes]
        pool = [w.id for w in wait_patterns() if w.category in cats and min(sum(v[0]) for v in w.variants) <= p.size]
    if not pool:
        raise GeneratorError(f"no {p.shapes} wait shape fits in {p.size} tiles")
    for _ in range(300):
        shape = rng.choice(pool)
        counts = _basic_hand(p, rng, shape) if p.shapes == "basic" else _named_hand(p, rng, shape)
        if not counts or max(counts) > 4:
            continue
        hand = Hand(tiles_of_counts(counts))
        found = basic_shape_of(hand) if p.shapes == "basic" else named_shape_of(hand)
        if found is None:
            continue
        text = format_hand(hand)
        if p.ask == "waits":
            return draft("waits", "pick_tiles", frozenset(waits(hand)), explain_waits(hand), hand=text)
        others = shuffled(rng, [s for s in pool if s != found])[: p.options - 1]
        if len(others) < p.options - 1:
            others += shuffled(rng, [s for s in BASIC_SHAPES if s != found and s not in others])[
                : p.options - 1 - len(others)]
        options = [Option(s, ref=s) for s in shuffled(rng, [found, *others])]
        return draft("wait_shape", "choice", frozenset({found}), explain_waits(hand), hand=text, options=options)
    raise GeneratorError(f"no {p.size}-tile hand with a single {p.shapes} shape found in 300 tries")


def wait_shape_skill(p: WaitShapeParams) -> str:
    """Basic shapes feed waits_basic; compound and many-sided shapes waits_compound."""
    return "waits_basic" if p.shapes == "basic" else "waits_compound"


__all__ = [
    "BASIC_SHAPES", "CompleteHandParams", "MakeSetParams", "WaitShapeParams", "basic_shape_of", "completions",
    "make_complete", "make_set", "make_wait_shape", "named_shape_of", "set_kind",
]
