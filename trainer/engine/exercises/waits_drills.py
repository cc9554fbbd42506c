"""Wait drills: every wait of a single-suit tenpai (``single_suit_waits``, curriculum §3.1
#8) and of a full mixed hand, possibly with melds (``mixed_waits``, #10).

Single-suit hands come from a precomputed pool per hand size: every multiset of
ranks (at most four copies) whose hand is tenpai, grouped by its number of waits,
computed once with the engine's :func:`trainer.engine.waits.waits`.  A request that
no hand can meet (seven tiles with six waits) is refused when the parameters are
validated, so a lesson asking for it fails ``lessons check``.
"""

from __future__ import annotations

import random
from functools import cache
from itertools import combinations, combinations_with_replacement
from typing import Literal

from pydantic import Field, model_validator

from trainer.engine.exercises.base import Exercise, GeneratorError, Params, draft
from trainer.engine.hand import Hand, Meld, MeldKind, Source
from trainer.engine.notation import format_hand, format_tiles
from trainer.engine.tiles import Tile, kind_name
from trainer.engine.waits import wait_report, waits

MAX_WAITS = {1: 1, 4: 3, 7: 5, 10: 8, 13: 9}
"""The most waits a single-suit tenpai of each size can have (curriculum §3.1 notes)."""


@cache
def single_suit_pool(size: int) -> dict[int, tuple[tuple[int, ...], ...]]:
    """Every tenpai rank multiset of ``size`` tiles in one suit, by number of waits.
    A multiset is nine counts (ranks 1..9).

    Built backwards from the complete hands: every complete single-suit hand of
    ``size + 1`` tiles (sets and a pair, and for 13 tiles also seven pairs) minus one
    tile is a tenpai hand waiting on that tile.  A wait on a rank the hand already holds
    four of cannot arise (the complete hand would need a fifth copy).  Tests check the
    pool against :func:`trainer.engine.waits.waits`."""
    found: dict[tuple[int, ...], set[int]] = {}
    for complete in _complete_hands(size + 1):
        c = list(complete)
        for r in range(9):
            if c[r]:
                c[r] -= 1
                found.setdefault(tuple(c), set()).add(r)
                c[r] += 1
    out: dict[int, list[tuple[int, ...]]] = {}
    for counts, ws in found.items():
        out.setdefault(len(ws), []).append(counts)
    return {n: tuple(sorted(v)) for n, v in sorted(out.items())}


@cache
def _sets(ranks: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(3 if r == t else 0 for r in range(ranks)) for t in range(ranks)) + tuple(
        tuple(1 if s <= r < s + 3 else 0 for r in range(ranks)) for s in range(ranks - 2)
    )


@cache
def rank_pool(size: int, ranks: int = 9, copies: int = 4) -> dict[tuple[int, ...], frozenset[int]]:
    """Tenpai rank multisets of ``size`` tiles over ``ranks`` ranks (runs allowed) with at
    most ``copies`` of a rank, each with its waiting ranks (0-based): built backwards from
    the complete multisets of ``size + 1`` tiles, standard form only.  Cached: treat the
    result as read-only."""
    found: dict[tuple[int, ...], set[int]] = {}
    for complete in _complete_hands(size + 1, ranks, copies, seven_pairs=False):
        c = list(complete)
        for r in range(ranks):
            if c[r]:
                c[r] -= 1
                found.setdefault(tuple(c), set()).add(r)
                c[r] += 1
    return {k: frozenset(v) for k, v in found.items()}


JOKER = -1
"""The wait "a joker" in :func:`joker_pool` (any dragon, when dragons are jokers)."""


@cache
def joker_pool(size: int, max_jokers: int = 2) -> dict[tuple[tuple[int, ...], int], frozenset[int]]:
    """Rank-only tenpai hands holding jokers (suits ignored, dragons as jokers, seed 000:3453):
    (nine rank counts, jokers held) -> waiting ranks (0-based) plus :data:`JOKER` when a further
    joker completes the hand.  Built backwards: a complete rank multiset of ``size + 1`` tiles
    with 1..``max_jokers`` + 1 of its tiles replaced by jokers is a complete joker hand, and
    taking one tile (a rank or a joker) out of it gives a waiting hand.  Cached; read-only."""
    found: dict[tuple[tuple[int, ...], int], set[int]] = {}
    for complete in _complete_hands(size + 1, 9, 12, seven_pairs=False):
        for j in range(1, max_jokers + 2):
            for gone in set(combinations_with_replacement(range(9), j)):
                real = list(complete)
                ok = True
                for r in gone:
                    real[r] -= 1
                    ok = ok and real[r] >= 0
                if not ok:
                    continue
                if j - 1 >= 1:  # take a joker out: the hand waits on a joker
                    found.setdefault((tuple(real), j - 1), set()).add(JOKER)
                if j <= max_jokers:
                    for r in range(9):  # take a real tile out: the hand waits on that rank
                        if real[r]:
                            real[r] -= 1
                            found.setdefault((tuple(real), j), set()).add(r)
                            real[r] += 1
    return {k: frozenset(v) for k, v in found.items()}


def _complete_hands(tiles: int, ranks: int = 9, copies: int = 4, *, seven_pairs: bool = True) -> set[tuple[int, ...]]:
    """Every complete one-suit rank multiset of ``tiles`` (3n+2) tiles, at most ``copies``
    of a rank (with ``seven_pairs``, the 14-tile seven-pairs shapes too)."""
    n = (tiles - 2) // 3
    sets = _sets(ranks)
    out: set[tuple[int, ...]] = set()
    for combo in combinations_with_replacement(range(len(sets)), n):
        base = [0] * ranks
        for i in combo:
            for r in range(ranks):
                base[r] += sets[i][r]
        if max(base) > copies:
            continue
        for pair in range(ranks):
            if base[pair] <= copies - 2:
                base[pair] += 2
                out.add(tuple(base))
                base[pair] -= 2
    if tiles == 14 and seven_pairs and ranks == 9:
        for ranks in combinations(range(9), 7):
            out.add(tuple(2 if r in ranks else 0 for r in range(9)))
    return out


def _explain(hand: Hand) -> list[dict]:
    rep = wait_report(hand)
    items: list[dict] = [
        {"kind": "wait", "tile": kind_name(w.kind), "shapes": [s.value for s in w.shapes], "left": w.left,
         "readings": [str(r.reading) for r in w.readings]}
        for w in rep.tiles
    ]
    items.extend({"kind": "named_wait", "id": n.id, "tiles": format_tiles(n.tiles), "waits": format_tiles(n.waits)}
                 for n in rep.named)
    items.extend({"kind": "fifth_copy", "tile": kind_name(k)} for k in rep.fifth_copy)
    return items


class SingleSuitParams(Params):
    """Parameters of ``single_suit_waits``."""

    size: Literal[1, 4, 7, 10, 13] = Field(7, description="tiles in the waiting hand")
    min_waits: int = Field(1, ge=1, le=9, description="fewest waits")
    max_waits: int = Field(3, ge=1, le=9, description="most waits")
    suit: Literal["m", "p", "s", "any"] = Field("any", description="the suit the hand is drawn in")
    ask: Literal["pick", "count"] = Field("pick", description="pick every wait, or type how many")

    @model_validator(mode="after")
    def _possible(self) -> SingleSuitParams:
        if self.min_waits > self.max_waits:
            raise ValueError(f"min_waits {self.min_waits} is above max_waits {self.max_waits}")
        top = MAX_WAITS[self.size]
        if self.min_waits > top:
            raise ValueError(f"a {self.size}-tile single-suit hand has at most {top} waits, "
                             f"not {self.min_waits}")
        return self


def make_single_suit(p: SingleSuitParams, rng: random.Random) -> Exercise:
    """A single-suit tenpai hand with the requested number of waits."""
    pool = single_suit_pool(p.size)
    counts_wanted = [n for n in pool if p.min_waits <= n <= p.max_waits]
    if not counts_wanted:
        raise GeneratorError(f"no {p.size}-tile hand has {p.min_waits}-{p.max_waits} waits")
    n = rng.choice(counts_wanted)
    ranks = rng.choice(pool[n])
    suit = "mps".index(p.suit) if p.suit != "any" else rng.randrange(3)
    hand = Hand(tuple(Tile(9 * suit + r) for r in range(9) for _ in range(ranks[r])))
    ws = frozenset(waits(hand))
    text = format_hand(hand)
    if p.ask == "count":
        return draft("waits_count", "number", len(ws), _explain(hand), hand=text)
    return draft("waits", "pick_tiles", ws, _explain(hand), hand=text, palette=_palette(suit))


def _palette(suit: int) -> str:
    return format_tiles(range(9 * suit, 9 * suit + 9))


def single_suit_skill(p: SingleSuitParams) -> str:
    """Children's items feed kids_winning_tile; adults' waits_single_suit."""
    return "kids_winning_tile" if p.kids else "waits_single_suit"


# ---------------------------------------------------------------------------
# Mixed hands
# ---------------------------------------------------------------------------


class MixedWaitsParams(Params):
    """Parameters of ``mixed_waits``."""

    size: Literal[4, 7, 10, 13] = Field(13, description="tiles in the waiting hand, melds counting 3")
    min_waits: int = Field(1, ge=1, le=9, description="fewest waits")
    max_waits: int = Field(3, ge=1, le=13, description="most waits")
    melds: int = Field(0, ge=0, le=4, description="most open melds (chi / pon)")
    honors: bool = Field(True, description="honor tiles may appear")
    ask: Literal["pick", "count"] = Field("pick", description="pick every wait, or type how many")

    @model_validator(mode="after")
    def _possible(self) -> MixedWaitsParams:
        if self.min_waits > self.max_waits:
            raise ValueError(f"min_waits {self.min_waits} is above max_waits {self.max_waits}")
        if self.melds > (self.size - 1) // 3:
            raise ValueError(f"a {self.size}-tile hand has room for at most {(self.size - 1) // 3} melds")
        return self


def _random_group(rng: random.Random, counts: list[int], honors: bool) -> tuple[str, int] | None:
    for _ in range(20):
        if rng.random() < 0.6:
            suit, start = rng.randrange(3), rng.randrange(7)
            first = 9 * suit + start
            if all(counts[first + i] < 4 for i in range(3)):
                return "run", first
        else:
            kind = rng.randrange(34 if honors else 27)
            if counts[kind] <= 1:
                return "triplet", kind
    return None


def make_mixed(p: MixedWaitsParams, rng: random.Random) -> Exercise:
    """A tenpai hand over several suits: a complete hand with one concealed tile removed,
    kept when the engine finds the requested number of waits."""
    sets = (p.size - 1) // 3
    for attempt in range(400):
        if p.min_waits >= 4 or attempt % 4 == 3:
            # many waits come from one suit holding a multi-sided block: build the hand round one
            got = _block_hand(rng, p)
            if got is None:
                continue
            hand, ws = got
            text = format_hand(hand)
            if p.ask == "count":
                return draft("waits_count", "number", len(ws), _explain(hand), hand=text)
            return draft("waits", "pick_tiles", ws, _explain(hand), hand=text)
        counts = [0] * 34
        groups: list[tuple[str, int]] = []
        ok = True
        for _ in range(sets):
            g = _random_group(rng, counts, p.honors)
            if g is None:
                ok = False
                break
            groups.append(g)
            for k in ((g[1], g[1] + 1, g[1] + 2) if g[0] == "run" else (g[1],) * 3):
                counts[k] += 1
        pair = rng.randrange(34 if p.honors else 27)
        if not ok or counts[pair] > 2:
            continue
        counts[pair] += 2
        concealed = counts[:]
        melds = _call(groups[: rng.randint(0, p.melds)], concealed)
        tiles = [Tile(k) for k in range(34) for _ in range(concealed[k])]
        tiles.remove(rng.choice(tiles))
        hand = Hand(tuple(tiles), tuple(melds))
        ws = frozenset(waits(hand))
        if not p.min_waits <= len(ws) <= p.max_waits:
            continue
        text = format_hand(hand)
        if p.ask == "count":
            return draft("waits_count", "number", len(ws), _explain(hand), hand=text)
        return draft("waits", "pick_tiles", ws, _explain(hand), hand=text)
    raise GeneratorError(f"no hand with {p.min_waits}-{p.max_waits} waits found in 400 tries")


def _call(groups: list[tuple[str, int]], counts: list[int]) -> list[Meld]:
    """Lay the groups down as called melds (a run as a chi from the left, a triplet as a pon),
    taking their tiles out of ``counts``."""
    melds = []
    for kind, first in groups:
        ks = (first, first + 1, first + 2) if kind == "run" else (first,) * 3
        for k in ks:
            counts[k] -= 1
        mk = MeldKind.CHI if kind == "run" else MeldKind.PON
        melds.append(Meld(mk, tuple(Tile(k) for k in ks), None, Source.LEFT if mk is MeldKind.CHI else None))
    return melds


def _block_hand(rng: random.Random, p: MixedWaitsParams) -> tuple[Hand, frozenset[int]] | None:
    """A tenpai hand made of a single-suit waiting block (from :func:`single_suit_pool`, 4 to
    ``size`` tiles, with the wanted number of waits) and complete sets in the other suits or
    honors (some of them called, up to ``melds``); kept when the engine's waits fit the range."""
    sizes = [b for b in (4, 7, 10, 13) if b <= p.size]
    b = rng.choice(sizes)
    pool = single_suit_pool(b)
    counts_wanted = [n for n in pool if p.min_waits <= n <= p.max_waits]
    if not counts_wanted:
        return None
    ranks = rng.choice(pool[rng.choice(counts_wanted)])
    suit = rng.randrange(3)
    counts = [0] * 34
    for r in range(9):
        counts[9 * suit + r] = ranks[r]
    groups: list[tuple[str, int]] = []
    for _ in range((p.size - b) // 3):
        for _try in range(20):
            g = _random_group(rng, counts, p.honors)
            if g is not None and (g[1] // 9 != suit or g[1] >= 27):
                break
        else:
            return None
        groups.append(g)
        for k in ((g[1], g[1] + 1, g[1] + 2) if g[0] == "run" else (g[1],) * 3):
            counts[k] += 1
    melds = _call(groups[: rng.randint(0, min(p.melds, len(groups)))], counts)
    hand = Hand(tuple(Tile(k) for k in range(34) for _ in range(counts[k])), tuple(melds))
    ws = frozenset(waits(hand))
    if not p.min_waits <= len(ws) <= p.max_waits:
        return None
    return hand, ws


__all__ = ["MixedWaitsParams", "SingleSuitParams", "make_mixed", "make_single_suit", "single_suit_pool"]
