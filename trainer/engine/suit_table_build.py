"""Developer tool: build ``trainer/engine/data/suit_table.zlib``, the per-suit shanten table.

Run with a Python that has numpy (the app itself never needs numpy)::

    python3 -m trainer.engine.suit_table_build          # writes the table
    python3 -m trainer.engine.suit_table_build --check  # rebuilds in memory and compares

Method (independent of the dynamic programme in :mod:`trainer.engine.suit_table`, which
the tests compare it against): over all 5**9 patterns of a 9-rank suit,

1. ``C[m][p]`` marks the patterns that already CONTAIN m sets and p pairs (built from
   ``C[m-1][p]`` by adding one run or triplet in every position);
2. the replacement number ``D[m][p]`` is the distance to such a pattern when adding
   one tile at a time (never a fifth copy): 0 where ``C`` holds, otherwise
   ``1 + min over ranks of D(pattern + that rank)``, relaxed until nothing changes.

Patterns of more than 14 tiles get the marker 255.  File layout, zlib-compressed:
one byte K, then K vectors of 10 bytes (index p*5+m), then one byte per pattern
(base-5 index, rank 1 most significant) giving its vector's number.
"""

from __future__ import annotations

import sys
import zlib

from trainer.engine.suit_table import MAX_SETS, PATTERN_RANKS, TABLE_MAX_TILES, TABLE_PATH, VEC_LEN


def build_bytes() -> bytes:
    """Compute the table and return the uncompressed file body."""
    import numpy as np

    shape = (5,) * PATTERN_RANKS

    def shifted_contains(prev, add):
        out = np.zeros(shape, dtype=bool)
        dst = tuple(slice(a, 5) for a in add)
        src = tuple(slice(0, 5 - a) for a in add)
        out[dst] = prev[src]
        return out

    def unit(pos: int, value: int, width: int = 1) -> list[int]:
        v = [0] * PATTERN_RANKS
        for j in range(width):
            v[pos + j] = value
        return v

    sets = [unit(i, 1, 3) for i in range(PATTERN_RANKS - 2)] + [unit(i, 3) for i in range(PATTERN_RANKS)]
    pairs = [unit(i, 2) for i in range(PATTERN_RANKS)]

    contains: dict[tuple[int, int], np.ndarray] = {(0, 0): np.ones(shape, dtype=bool)}
    acc = np.zeros(shape, dtype=bool)
    for s in pairs:
        acc |= shifted_contains(contains[(0, 0)], s)
    contains[(0, 1)] = acc
    for m in range(1, MAX_SETS + 1):
        for p in (0, 1):
            acc = np.zeros(shape, dtype=bool)
            for s in sets:
                acc |= shifted_contains(contains[(m - 1, p)], s)
            contains[(m, p)] = acc

    big = np.int16(99)
    dist: dict[tuple[int, int], np.ndarray] = {}
    for key, c in contains.items():
        d = np.where(c, np.int16(0), big).astype(np.int16)
        while True:
            best = d.copy()
            for axis in range(PATTERN_RANKS):
                up = np.full(shape, big, dtype=np.int16)
                lo = [slice(None)] * PATTERN_RANKS
                hi = [slice(None)] * PATTERN_RANKS
                lo[axis] = slice(0, 4)
                hi[axis] = slice(1, 5)
                up[tuple(lo)] = d[tuple(hi)] + 1
                np.minimum(best, up, out=best)
            if np.array_equal(best, d):
                break
            d = best
        dist[key] = d

    flat = np.stack([dist[(m, p)].ravel() for p in (0, 1) for m in range(MAX_SETS + 1)], axis=1)
    totals = np.indices(shape).reshape(PATTERN_RANKS, -1).sum(axis=0)
    ok = totals <= TABLE_MAX_TILES
    vecs, inverse = np.unique(flat[ok], axis=0, return_inverse=True)
    if len(vecs) >= 255:
        raise RuntimeError(f"{len(vecs)} distinct vectors do not fit in one byte")
    ids = np.full(flat.shape[0], 255, dtype=np.uint8)
    ids[ok] = inverse.ravel().astype(np.uint8)
    header = bytes([len(vecs)]) + bytes(int(x) for x in vecs.ravel())
    assert vecs.shape[1] == VEC_LEN
    return header + ids.tobytes()


def main(argv: list[str]) -> int:
    """Write the table (or, with ``--check``, compare a fresh build with the shipped file)."""
    body = build_bytes()
    if "--check" in argv:
        same = zlib.decompress(TABLE_PATH.read_bytes()) == body
        print("suit table matches" if same else "suit table DIFFERS from a fresh build")
        return 0 if same else 1
    TABLE_PATH.parent.mkdir(parents=True, exist_ok=True)
    TABLE_PATH.write_bytes(zlib.compress(body, 9))
    print(f"wrote {TABLE_PATH} ({TABLE_PATH.stat().st_size} bytes, {body[0]} distinct vectors)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
