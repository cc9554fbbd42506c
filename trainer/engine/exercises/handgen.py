"""Seeded random hands for drills: complete shapes, and shapes a few tiles away from complete.

Hands are built from sets and a pair and then disturbed by swapping tiles for random
ones, which gives realistic hands at a chosen distance from tenpai far faster than
drawing random tiles and hoping.  Every answer is still computed by the engine on the
final hand; these helpers only propose hands.
"""

from __future__ import annotations

import random

from trainer.engine.tiles import NUM_KINDS, Tile


def complete_counts(rng: random.Random, sets: int, *, honors: bool = True, run_bias: float = 0.65) -> list[int]:
    """34 counts of a random complete standard hand: ``sets`` sets and one pair, at most four copies."""
    while True:
        counts = [0] * NUM_KINDS
        ok = True
        for _ in range(sets):
            for _attempt in range(30):
                if rng.random() < run_bias:
                    first = 9 * rng.randrange(3) + rng.randrange(7)
                    if all(counts[first + i] < 4 for i in range(3)):
                        for i in range(3):
                            counts[first + i] += 1
                        break
                else:
                    kind = rng.randrange(NUM_KINDS if honors else 27)
                    if counts[kind] <= 1:
                        counts[kind] += 3
                        break
            else:
                ok = False
                break
        pair = rng.randrange(NUM_KINDS if honors else 27)
        if ok and counts[pair] <= 2:
            counts[pair] += 2
            return counts


def swap_tiles(rng: random.Random, counts: list[int], swaps: int, *, honors: bool = True) -> list[int]:
    """Replace ``swaps`` random tiles of the hand with random other tiles (four-copy limit kept)."""
    c = counts[:]
    limit = NUM_KINDS if honors else 27
    for _ in range(swaps):
        held = [k for k in range(NUM_KINDS) if c[k]]
        out = rng.choice(held)
        c[out] -= 1
        while True:
            new = rng.randrange(limit)
            if new != out and c[new] < 4:
                c[new] += 1
                break
    return c


def remove_random(rng: random.Random, counts: list[int]) -> list[int]:
    """The counts with one random tile taken out."""
    c = counts[:]
    held = [k for k in range(NUM_KINDS) for _ in range(c[k])]
    c[rng.choice(held)] -= 1
    return c


def tiles_of_counts(counts: list[int]) -> tuple[Tile, ...]:
    """Plain tiles in kind order for 34 counts."""
    return tuple(Tile(k) for k in range(NUM_KINDS) for _ in range(counts[k]))
