"""Kunto hands (``kunto_hand``, curriculum §3.1 #7; seed 000:3447-3473, digest 000 §1.1).

The kunto routine: hold 4, 7, 10 or 13 tiles, name the shanten and the waits, throw
back the least useful tile.  Stage switches: ``suits_ignored`` (only the rank counts),
``dragons`` as ordinary tiles (``none``), as the 10 of a suit (``ten``) or as jokers of
their suit (``joker``, gen pocchi), and ``winds`` in the pool.  Hands are real tiles; the
answers come from :mod:`trainer.engine.variants` (``variant_shanten``, ``variant_waits``).

With suits ignored an answer is graded by rank (``grade_by = "rank"`` in the prompt):
picking 5p for a wait on "any 5" is right.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Literal

from pydantic import Field

from trainer.engine.exercises.base import Exercise, GeneratorError, Params, draft
from trainer.engine.exercises.handgen import complete_counts, remove_random, swap_tiles, tiles_of_counts
from trainer.engine.exercises.waits_drills import JOKER, joker_pool, rank_pool
from trainer.engine.hand import Hand
from trainer.engine.notation import format_hand, format_tiles, parse_tiles
from trainer.engine.shanten import sets_needed_for, shanten
from trainer.engine.tiles import DRAGONS, NUM_KINDS, WINDS, kind_name
from trainer.engine.ukeire import discard_options
from trainer.engine.variants import (
    DRAGON_SUIT,
    Variant,
    variant_shanten,
    variant_shanten_after_discards,
    variant_shanten_after_draws,
    variant_waits,
)
from trainer.engine.waits import waits

Ask = Literal["shanten", "waits", "discard", "value", "yaku", "raise"]


class KuntoParams(Params):
    """Parameters of ``kunto_hand``."""

    size: Literal[4, 7, 10, 13] = Field(4, description="tiles held (the hand grows 4 -> 7 -> 10 -> 13)")
    suits_ignored: bool = Field(True, description="only the rank of a number tile counts")
    dragons: Literal["none", "ten", "joker"] = Field("none", description="dragons absent, as tens, or as jokers")
    winds: bool = Field(False, description="winds appear in the hands")
    ask: list[Ask] = Field(default_factory=lambda: ["shanten", "waits"], min_length=1, description="questions asked")
    max_shanten: int = Field(2, ge=0, le=6, description="highest shanten of a shanten question")


def variant_of(p: KuntoParams) -> Variant:
    """The engine variant for the stage switches."""
    return Variant(suits_ignored=p.suits_ignored, dragons="normal" if p.dragons == "none" else p.dragons)


def _scatter_suits(rng: random.Random, counts: list[int]) -> list[int]:
    """With suits ignored, give each number tile a random suit (ranks kept, four copies at most)."""
    out = [0] * NUM_KINDS
    out[27:] = counts[27:]
    for k in range(27):
        for _ in range(counts[k]):
            rank = k % 9
            suits = [s for s in range(3) if out[9 * s + rank] < 4]
            out[9 * rng.choice(suits) + rank] += 1
    return out


def _add_specials(rng: random.Random, counts: list[int], p: KuntoParams) -> list[int]:
    """Swap a number tile or two for dragons (tens / jokers) or winds, per the stage."""
    c = counts[:]
    specials: list[int] = []
    if p.dragons != "none":
        specials.extend(DRAGONS)
    if p.winds:
        specials.extend(WINDS)
    if not specials:
        return c
    for _ in range(rng.choice((0, 1, 1, 2))):
        numbers = [k for k in range(27) if c[k]]
        if not numbers:
            break
        new = rng.choice(specials)
        if p.dragons == "ten" and new in DRAGONS and not p.suits_ignored:
            suit = DRAGON_SUIT[new]
            near = [k for k in numbers if k // 9 == suit and k % 9 >= 6]  # a dragon-ten next to 8 and 9
            numbers = near or numbers
        if c[new] >= 4:
            continue
        c[rng.choice(numbers)] -= 1
        c[new] += 1
    return c


def _hand(rng: random.Random, p: KuntoParams, size: int, swaps: int) -> Hand:
    honors = p.winds or p.dragons != "none"
    counts = complete_counts(rng, size // 3, honors=False)
    if size % 3 == 1:
        counts = remove_random(rng, counts)
    counts = swap_tiles(rng, counts, swaps, honors=False)
    counts = _add_specials(rng, counts, p) if honors else counts
    if p.suits_ignored:
        counts = _scatter_suits(rng, counts)
    return Hand(tiles_of_counts(counts))


def blocks_item(hand: Hand, variant: Variant) -> dict | None:
    """The explanation item of a training-variant hand's reading (``kunto_blocks``): the sets
    (``runs`` names those that are runs), pairs, partial sets and loose tiles that give its shanten
    as the variant reads them (1p 2p 3s is a run with suits ignored), in the hand's own tiles.  None for the plain game (the
    standard blocks explain it) and for dragons as jokers."""
    from trainer.engine.explain import variant_blocks

    if variant.is_plain:
        return None
    blocks = variant_blocks(hand, variant)
    if blocks is None:
        return None
    runs = [t for t in blocks.sets if len({variant.tile_class(tile.kind) for tile in parse_tiles(t)}) > 1]
    return {"kind": "kunto_blocks", "suits_ignored": variant.suits_ignored, "dragons": variant.dragons,
            **blocks.to_json(), "runs": runs}


def rank_key(kind: int, p: KuntoParams) -> str:
    """How a tile is graded at this stage (:meth:`Variant.tile_class`): its rank with suits
    ignored, ``10`` for a dragon-ten, ``joker`` for a dragon-joker, the tile itself otherwise."""
    return variant_of(p).tile_class(kind)


def make(p: KuntoParams, rng: random.Random) -> Exercise:
    """One kunto question at the stage the parameters describe."""
    v = variant_of(p)
    ask = rng.choice(p.ask)
    grade = {"grade_by": "rank"} if p.suits_ignored else {}
    stage = {"size": p.size, "suits_ignored": p.suits_ignored, "dragons": p.dragons}
    if ask in ("value", "yaku", "raise"):
        return _value_question(ask, p, rng, stage)
    for _ in range(300):
        if ask == "waits":
            if p.suits_ignored and p.dragons != "joker" and not p.winds:
                hand, ws = _pooled_waits(rng, p)
            elif p.suits_ignored and p.dragons == "joker" and not p.winds and p.size <= 7:
                hand, ws = _pooled_joker_waits(rng, p)
            else:
                hand = _hand(rng, p, p.size, 0)
                ws = kunto_waits(hand, v)
            if not ws:
                continue
            items = [{"kind": "wait", "tile": kind_name(k), "rank": rank_key(k, p)} for k in ws]
            return draft("kunto_waits", "pick_tiles", frozenset(ws), items, hand=format_hand(hand), **grade, **stage)
        if ask == "shanten":
            target = rng.randint(0, p.max_shanten)
            hand = _hand(rng, p, p.size, target + rng.choice((0, 1)))
            s = shanten(hand) if v.is_plain else variant_shanten(hand, v)
            if not 0 <= s <= p.max_shanten:
                continue
            if p.kids:
                # a child counts the tiles still missing: one draw per shanten step, plus the winning tile
                return draft("kunto_shanten", "number", s + 1,
                             [{"kind": "tiles_missing", "n": s + 1, "shanten": s}, {"kind": "shanten", "shanten": s}],
                             hand=format_hand(hand), count="tiles_missing", **stage)
            reading = blocks_item(hand, v)
            return draft("kunto_shanten", "number", s, [{"kind": "shanten", "shanten": s}, *filter(None, [reading])],
                         hand=format_hand(hand), **stage)
        if p.suits_ignored and p.dragons != "joker" and not p.winds:
            got_pooled = _pooled_throwback(rng, p)
            if got_pooled is None:
                continue
            hand, best, items = got_pooled
            return draft("kunto_discard", "pick_tiles", best, items, hand=format_hand(hand), **grade, **stage)
        hand = _hand(rng, p, p.size + 1, rng.randint(1, 2))
        got = _plain_throwbacks(hand) if v.is_plain else _best_throwbacks(hand, v)
        if got is None:
            continue
        best, items = got
        return draft("kunto_discard", "pick_tiles", best, items, hand=format_hand(hand), **grade, **stage)
    raise GeneratorError(f"no {p.size}-tile kunto hand for '{ask}' found")


def _value_question(ask: str, p: KuntoParams, rng: random.Random, stage: dict) -> Exercise:
    """A ready hand's value (the kunto procedure's steps 5 and 11-13, :mod:`.kunto_value`): its base
    value at the stage's settings (``value``); a 13-tile hand of real suits for its yaku and value by
    the Tenhou rules (``yaku``) or the one-tile exchange that adds han (``raise``)."""
    from collections import Counter

    from trainer.engine.exercises.kunto_value import (
        PRESET,
        base_value,
        base_values,
        best_value,
        raising_exchanges,
        value_items,
        value_options,
    )

    if ask == "value":
        for _ in range(300):
            hand = _hand(rng, p, p.size, 0)
            ws = kunto_waits(hand, variant_of(p))
            if ws:
                rows = base_values(hand.concealed, ws)
                return draft("kunto_value", "number", base_value(rows), rows, hand=format_hand(hand), **stage)
        raise GeneratorError(f"no ready {p.size}-tile kunto hand found")
    plain = p.model_copy(update={"size": 13, "suits_ignored": False, "dragons": "none", "winds": False})
    stage = dict(stage, size=13, suits_ignored=False, dragons="none")
    for _ in range(100):
        hand = _hand(rng, plain, 13, 0)
        tiles = list(hand.concealed)
        value = best_value(tiles)
        if ask == "yaku":
            return draft("kunto_yaku", "choice", frozenset({value.key}), value_items(value),
                         options=value_options(value, rng, hand=tiles), hand=format_hand(hand), preset=PRESET, **stage)
        left = Counter({k: 4 for k in range(27)})
        left.subtract(t.kind for t in tiles)
        rows = raising_exchanges(tiles, left, value)
        best = frozenset(k for k in range(27) if any(r["best"] and r["tile"] == kind_name(k) for r in rows))
        if best:
            return draft("kunto_raise", "pick_tiles", best, rows, hand=format_hand(hand), preset=PRESET, **stage)
    raise GeneratorError("no 13-tile hand with a one-tile exchange that adds han found")


@cache
def _pool_keys(size: int, ranks: int) -> tuple[tuple[tuple[int, ...], frozenset[int]], ...]:
    return tuple(sorted(rank_pool(size, ranks, 12).items()))


def _deal(rng: random.Random, counts_r: tuple[int, ...] | list[int]) -> list[int]:
    """Deal a rank multiset out as real tiles: ranks 1-9 over random suits, rank 10 as dragons."""
    counts = [0] * NUM_KINDS
    for r, n in enumerate(counts_r):
        kinds = list(DRAGONS) if r == 9 else [r, r + 9, r + 18]
        for _ in range(n):
            counts[rng.choice([k for k in kinds if counts[k] < 4])] += 1
    return counts


def _pooled_throwback(rng: random.Random, p: KuntoParams) -> tuple[Hand, frozenset[int], list[dict]] | None:
    """A throw-back question with suits ignored: a tenpai rank multiset from the pool plus one
    tile that does not complete it.  Every discard that leaves a tenpai hand is scored by the
    copies of its winning ranks still to come (12 per rank, minus those held), as the engine's
    throw-back rule does; the best ranks are the answer (tests compare with the engine)."""
    ranks = 10 if p.dragons == "ten" else 9
    pool = rank_pool(p.size, ranks, 12)
    base, waiting = rng.choice(_pool_keys(p.size, ranks))
    extra = [r for r in range(ranks) if r not in waiting and base[r] < 12]
    if not extra:
        return None
    held = list(base)
    held[rng.choice(extra)] += 1
    scores: dict[int, int] = {}
    for d in range(ranks):
        if held[d]:
            rest = held[:]
            rest[d] -= 1
            ws = pool.get(tuple(rest))
            if ws:
                scores[d] = sum(12 - rest[r] for r in ws)
    top = max(scores.values())
    best_ranks = {d for d, n in scores.items() if n == top}
    if len(best_ranks) > 2:
        return None
    counts = _deal(rng, held)
    hand = Hand(tiles_of_counts(counts))
    best = frozenset(k for k in range(NUM_KINDS) if counts[k] and _rank_index(k) in best_ranks)
    items = [{"kind": "throwback", "tile": kind_name(k), "shanten": 0 if _rank_index(k) in scores else None,
              "count": scores.get(_rank_index(k), 0), "best": k in best}
             for k in range(NUM_KINDS) if counts[k]]
    return hand, best, items


def _rank_index(kind: int) -> int:
    return 9 if kind in DRAGONS else kind % 9


@cache
def _joker_keys(size: int) -> tuple[tuple[tuple[tuple[int, ...], int], frozenset[int]], ...]:
    return tuple(sorted(joker_pool(size).items()))


def _pooled_joker_waits(rng: random.Random, p: KuntoParams) -> tuple[Hand, tuple[int, ...]]:
    """A rank-only hand with one or two dragon-jokers from the joker pool, dealt over random
    suits and dragons; the waits are every kind of a waiting rank, and every dragon when a
    further joker completes the hand."""
    (ranks, jokers), waiting = rng.choice(_joker_keys(p.size))
    counts = _deal(rng, ranks)
    for _ in range(jokers):
        counts[rng.choice([k for k in DRAGONS if counts[k] < 4])] += 1
    out = []
    for r in waiting:
        kinds = list(DRAGONS) if r == JOKER else [r, r + 9, r + 18]
        out.extend(k for k in kinds if counts[k] < 4)
    return Hand(tiles_of_counts(counts)), tuple(sorted(out))


def _pooled_waits(rng: random.Random, p: KuntoParams) -> tuple[Hand, tuple[int, ...]]:
    """A rank-only tenpai hand drawn from the precomputed rank pool (suits ignored, dragons
    absent or tens), dealt out over random suits; the waits are every kind of a waiting rank
    that still has a copy (rank 10 = the dragons)."""
    ranks = 10 if p.dragons == "ten" else 9
    counts_r, waiting = rng.choice(_pool_keys(p.size, ranks))
    counts = _deal(rng, counts_r)
    hand = Hand(tiles_of_counts(counts))
    out = []
    for r in waiting:
        kinds = list(DRAGONS) if r == 9 else [r, r + 9, r + 18]
        out.extend(k for k in kinds if counts[k] < 4)
    return hand, tuple(sorted(out))


def kunto_waits(hand: Hand, v: Variant) -> tuple[int, ...]:
    """The engine's :func:`variant_waits` (every kind of a winning rank that still has a copy
    when suits are ignored), read from the rank pools for small closed hands."""
    if v.is_plain:
        return waits(hand)
    if v.suits_ignored:
        pooled = _pool_lookup(hand, v)
        if pooled is not None:
            return pooled
    return variant_waits(hand, v)


def _pool_lookup(hand: Hand, v: Variant) -> tuple[int, ...] | None:
    """Suits-ignored waits of a small closed hand (up to 7 tiles) read from the rank pools;
    None when the hand is outside them (melds, winds, plain dragons, no joker held...)."""
    counts = hand.counts()
    n = len(hand.concealed)
    if hand.melds or n > 7 or any(counts[k] for k in WINDS):
        return None
    dragons = sum(counts[k] for k in DRAGONS)
    ranks = tuple(counts[r] + counts[r + 9] + counts[r + 18] for r in range(9))
    if v.dragons == "ten":
        waiting = rank_pool(n, 10, 12).get((*ranks, dragons), frozenset())
    elif v.dragons == "joker" and dragons:
        waiting = joker_pool(n).get((ranks, dragons), frozenset())
    elif v.dragons == "normal" and not dragons:
        waiting = rank_pool(n, 9, 12).get(ranks, frozenset())
    else:
        return None
    out = []
    for r in waiting:
        kinds = DRAGONS if r in (9, JOKER) else (r, r + 9, r + 18)
        out.extend(k for k in kinds if counts[k] < 4)
    return tuple(sorted(out))


def _plain_throwbacks(hand: Hand) -> tuple[frozenset[int], list[dict]] | None:
    """The plain game's answer: the engine's :func:`discard_options` (shanten, then ukeire)."""
    opts = discard_options(hand)
    if opts[0].shanten_after < 0:
        return None
    best = [o for o in opts if (o.shanten_after, o.total) == (opts[0].shanten_after, opts[0].total)]
    kinds = frozenset(o.tile.kind for o in best)
    if len(kinds) > 3:
        return None
    items = [{"kind": "throwback", "tile": str(o.tile), "shanten": o.shanten_after,
              "improving": format_tiles(sorted(o.ukeire)), "count": o.total, "best": o in best} for o in opts]
    return kinds, items


def _best_throwbacks(hand: Hand, v: Variant) -> tuple[frozenset[int], list[dict]] | None:
    """The tiles to throw back: lowest shanten after, then most tiles that lower it further
    (copies of each improving kind not in the hand)."""
    counts = hand.counts()
    n = len(hand.concealed) - 1
    after = variant_shanten_after_discards(counts, v, sets_needed_for(n))
    low = min(after.values())
    if low < 0:
        return None
    need_next = sets_needed_for(n + 1)
    scored = []
    for k, s in after.items():
        if s != low:
            continue
        counts[k] -= 1
        draws = variant_shanten_after_draws(counts, v, need_next)
        tiles = [d for d, s2 in draws.items() if s2 < s]
        good = sum(4 - counts[d] for d in tiles)
        counts[k] += 1
        scored.append((k, good, tiles))
    top = max(g for _, g, _ in scored)
    best = frozenset(k for k, g, _ in scored if g == top)
    if len(best) > 3:
        return None
    items = [{"kind": "throwback", "tile": kind_name(k), "shanten": low, "improving": format_tiles(t),
              "count": g, "best": k in best} for k, g, t in scored]
    return best, items


__all__ = ["KuntoParams", "best_throwbacks", "kunto_waits", "make", "rank_key", "variant_of"]

best_throwbacks = _best_throwbacks
"""The engine-side throw-back answer for any hand and variant."""
