"""Tile recognition (curriculum §3.1 #1, ``tile_name``): a tile's family, its number, or
its name; or, the other way round, the tile for a name.

Distractors are look-alikes when ``lookalikes`` is on: neighbouring ranks of the same
suit, the same rank in another suit, and the classic confusions (the 1s bird, 2p/3p,
6s/9s... are all neighbours or same-shape tiles), so the learner must really read the
tile.  Family and name answers are engine facts (:mod:`trainer.engine.tiles`).
"""

from __future__ import annotations

import random
from typing import Literal

from pydantic import Field, field_validator

from trainer.engine.exercises.base import Exercise, Option, Params, draft, shuffled
from trainer.engine.tiles import is_honor, kind_name, rank_of, suit_of

FAMILIES = ("man", "pin", "sou", "honors")
"""Family ids, in suit order: characters, dots, bamboo, honors (winds and dragons)."""

_POOLS = {
    "all": tuple(range(34)),
    "numbers": tuple(range(27)),
    "honors": tuple(range(27, 34)),
    "man": tuple(range(9)),
    "pin": tuple(range(9, 18)),
    "sou": tuple(range(18, 27)),
}

_EXTRA_LOOKALIKES = {23: (26,), 26: (23,), 10: (11,), 11: (10,), 18: (9,)}
"""Pairs people confuse beyond plain neighbours: 6s/9s, 2p/3p, the 1s bird and 1p."""


class TileNameParams(Params):
    """Parameters of ``tile_name``."""

    ask: Literal["family", "number", "name"] = Field("name", description="what is asked about the tile")
    direction: Literal["to_name", "to_tile"] = Field("to_name", description="tile -> name, or name -> tile")
    pool: Literal["all", "numbers", "honors", "man", "pin", "sou"] = Field("all", description="which tiles appear")
    options: int = Field(3, ge=2, le=6, description="number of options")
    lookalikes: bool = Field(True, description="distractors that look like the answer")
    tiles: str | None = Field(None, description="tile set name (tilesets.toml): only its kinds appear")

    @field_validator("tiles")
    @classmethod
    def _known_set(cls, v: str | None) -> str | None:
        if v is not None:
            from trainer.engine.tilesets import load_tilesets

            sets = load_tilesets()
            if v not in sets:
                raise ValueError(f"unknown tile set '{v}'; known: {', '.join(sorted(sets))}")
        return v


def family_of(kind: int) -> str:
    """The family id of a tile kind: man, pin, sou or honors."""
    return FAMILIES[suit_of(kind)]


def _lookalikes(kind: int) -> list[int]:
    out = []
    if is_honor(kind):
        group = range(27, 31) if kind < 31 else range(31, 34)
        out.extend(k for k in group if k != kind)
    else:
        base = kind - kind % 9
        out.extend(k for k in (kind - 1, kind + 1) if base <= k < base + 9)
        out.extend(s * 9 + kind % 9 for s in range(3) if s * 9 + kind % 9 != kind)
    out.extend(_EXTRA_LOOKALIKES.get(kind, ()))
    return out


def make(p: TileNameParams, rng: random.Random) -> Exercise:
    """One tile-recognition question."""
    pool = _POOLS[p.pool]
    if p.tiles is not None:
        from trainer.engine.tilesets import get_tileset

        in_set = set(get_tileset(p.tiles).kinds())
        pool = tuple(k for k in pool if k in in_set) or tuple(sorted(in_set))
    if p.ask == "number":
        pool = tuple(k for k in pool if k < 27) or _POOLS["numbers"]
    kind = rng.choice(pool)
    name = kind_name(kind)
    if p.ask == "family":
        others = shuffled(rng, [f for f in FAMILIES if f != family_of(kind)])[: p.options - 1]
        opts = shuffled(rng, [family_of(kind), *others])
        return draft("tile_family", "choice", frozenset({family_of(kind)}),
                     [{"kind": "tile_family", "tile": name, "family": family_of(kind)}],
                     tiles=name, options=[Option(f, ref=f"family:{f}") for f in opts])
    if p.ask == "number":
        rank = rank_of(kind)
        near = [r for r in (rank - 1, rank + 1, rank - 2, rank + 2) if 1 <= r <= 9] if p.lookalikes else []
        rest = shuffled(rng, [r for r in range(1, 10) if r != rank and r not in near])
        others = (near + rest)[: p.options - 1]
        opts = shuffled(rng, [rank, *others])
        return draft("tile_number", "choice", frozenset({str(rank)}),
                     [{"kind": "tile_number", "tile": name, "number": rank}],
                     tiles=name, options=[Option(str(r)) for r in opts])
    candidates = [k for k in dict.fromkeys(_lookalikes(kind)) if k in pool] if p.lookalikes else []
    candidates = shuffled(rng, candidates)
    rest = shuffled(rng, [k for k in pool if k != kind and k not in candidates])
    others = (candidates + rest)[: p.options - 1]
    opts = shuffled(rng, [kind, *others])
    explanation = [{"kind": "tile_name", "tile": name, "family": family_of(kind)}]
    if p.direction == "to_name":
        return draft("tile_name", "choice", frozenset({name}), explanation, tiles=name,
                     options=[Option(kind_name(k), ref=f"tile:{kind_name(k)}") for k in opts])
    return draft("tile_for_name", "choice", frozenset({name}), explanation, name=name,
                 options=[Option(kind_name(k), tiles=kind_name(k)) for k in opts])


def skill_of(p: TileNameParams) -> str:
    """Children's items feed the children's skills (by what is asked); adults' feed tile_names."""
    if not p.kids:
        return "tile_names"
    if p.pool == "honors":
        return "kids_honors"
    return {"family": "kids_tile_families", "number": "kids_tile_numbers"}.get(p.ask, "kids_tile_families")
