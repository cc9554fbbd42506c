"""Tile sets as data: which tiles a game or drill deals from.

The riichi set is 136 tiles (four of each of 34 kinds) with 0, 3 or 4 red fives;
training games use smaller sets: one suit, one suit with some honors, or the
children's 81-tile ponjan set (three copies of every number tile, no honors).
The sets live in ``trainer/engine/data/tilesets.toml``; a lesson may describe
its own set with the same keys through :meth:`TileSet.from_spec`.
"""

from __future__ import annotations

import random
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

from trainer.engine.tiles import DRAGONS, NUM_KINDS, SUITS, WINDS, Tile, kind_from_name

TILESETS_PATH: Final = Path(__file__).resolve().parent / "data" / "tilesets.toml"
SPEC_KEYS: Final = frozenset({"suits", "ranks", "honors", "copies", "red_fives", "source"})
HONOR_GROUPS: Final = {
    "all": tuple(range(27, 34)),
    "winds": WINDS,
    "dragons": DRAGONS,
    "none": (),
}
RED_FIVE_PRESETS: Final = {0: {}, 3: {"m": 1, "p": 1, "s": 1}, 4: {"m": 1, "p": 2, "s": 1}}


class TileSetError(ValueError):
    """A bad tile-set description; the message names the file (or lesson), line, set and key."""


@dataclass(frozen=True, slots=True)
class TileSet:
    """An immutable physical tile set: its name and every tile in it (red fives included)."""

    name: str
    tiles: tuple[Tile, ...]

    def counts(self) -> list[int]:
        """Copies of each of the 34 kinds (red fives counted as fives)."""
        c = [0] * NUM_KINDS
        for t in self.tiles:
            c[t.kind] += 1
        return c

    def kinds(self) -> tuple[int, ...]:
        """The kinds present in the set, in kind order."""
        return tuple(k for k, n in enumerate(self.counts()) if n)

    @property
    def red_fives(self) -> int:
        """How many red fives (aka dora) the set has."""
        return sum(t.red for t in self.tiles)

    def __len__(self) -> int:
        return len(self.tiles)

    def shuffled(self, rng: random.Random | None = None) -> list[Tile]:
        """The tiles in a random order: a freshly built wall."""
        wall = list(self.tiles)
        (rng or random.Random()).shuffle(wall)
        return wall

    @classmethod
    def from_spec(cls, spec: Mapping[str, Any], name: str = "custom", *, where: str = "tile set") -> TileSet:
        """Build a set from a description with the keys of tilesets.toml (suits, ranks, honors,
        copies, red_fives).  ``where`` names the file or lesson for error messages."""
        return _build(spec, name, lambda key, problem: TileSetError(f"{where}: [{name}] {key}: {problem}"))


def _build(spec: Mapping[str, Any], name: str, err) -> TileSet:
    if not isinstance(spec, Mapping):
        raise err("(table)", "a tile set is a table of keys such as suits, honors, copies")
    unknown = sorted(set(spec) - SPEC_KEYS)
    if unknown:
        raise err(unknown[0], f"unknown key; allowed: {', '.join(sorted(SPEC_KEYS))}")

    suits = spec.get("suits", [])
    if isinstance(suits, str):
        suits = list(suits)
    if not isinstance(suits, list) or any(s not in ("m", "p", "s") for s in suits) or len(set(suits)) != len(suits):
        raise err("suits", f"expected a list of different letters from m, p, s, got {suits!r}")

    ranks_spec = spec.get("ranks", {})
    if not isinstance(ranks_spec, Mapping):
        raise err("ranks", "expected a table such as { p = [1, 2, 3, 4] }")
    ranks: dict[str, list[int]] = {}
    for s in suits:
        rs = ranks_spec.get(s, list(range(1, 10)))
        if not isinstance(rs, list) or not rs or any(not isinstance(r, int) or not 1 <= r <= 9 for r in rs):
            raise err(f"ranks.{s}", f"expected a list of ranks 1..9, got {rs!r}")
        ranks[s] = sorted(set(rs))
    for s in ranks_spec:
        if s not in suits:
            raise err(f"ranks.{s}", f"suit {s!r} is not in suits {suits!r}")

    honors = spec.get("honors", "none")
    if isinstance(honors, str):
        if honors not in HONOR_GROUPS:
            raise err("honors", f"expected one of {', '.join(HONOR_GROUPS)} or a list of tiles, got {honors!r}")
        honor_kinds = list(HONOR_GROUPS[honors])
    elif isinstance(honors, list):
        honor_kinds = []
        for h in honors:
            try:
                k = kind_from_name(h) if isinstance(h, str) else -1
            except ValueError:
                k = -1
            if k < 27:
                raise err("honors", f"{h!r} is not an honor tile (1z..7z)")
            honor_kinds.append(k)
        if len(set(honor_kinds)) != len(honor_kinds):
            raise err("honors", "an honor is listed twice")
    else:
        raise err("honors", f"expected a name or a list of tiles, got {honors!r}")

    copies = spec.get("copies", 4)
    if not isinstance(copies, int) or isinstance(copies, bool) or not 1 <= copies <= 4:
        raise err("copies", f"expected 1..4 copies of each tile, got {copies!r}")

    reds_spec = spec.get("red_fives", 0)
    if isinstance(reds_spec, int) and not isinstance(reds_spec, bool):
        if reds_spec not in RED_FIVE_PRESETS:
            raise err("red_fives", f"expected 0, 3, 4 or a table such as {{ m = 1, p = 2, s = 1 }}, got {reds_spec}")
        reds = {s: n for s, n in RED_FIVE_PRESETS[reds_spec].items()}
        if reds_spec and any(s not in suits for s in reds):
            raise err("red_fives", f"{reds_spec} red fives need all three suits; give a table for {suits!r}")
    elif isinstance(reds_spec, Mapping):
        reds = dict(reds_spec)
    else:
        raise err("red_fives", f"expected a number or a table, got {reds_spec!r}")
    for s, n in reds.items():
        if s not in suits or 5 not in ranks[s]:
            raise err("red_fives", f"no 5{s} in this set to make red")
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= copies:
            raise err("red_fives", f"{n!r} red 5{s}: must be 0..{copies}")

    tiles: list[Tile] = []
    for s in sorted(suits, key=SUITS.index):
        base = SUITS.index(s) * 9
        for r in ranks[s]:
            red = reds.get(s, 0) if r == 5 else 0
            tiles.extend(Tile(base + r - 1) for _ in range(copies - red))
            tiles.extend(Tile(base + r - 1, red=True) for _ in range(red))
    for k in sorted(honor_kinds):
        tiles.extend(Tile(k) for _ in range(copies))
    if not tiles:
        raise err("suits", "the set has no tiles: give suits or honors")
    return TileSet(name, tuple(tiles))


def _line_of(text: str, name: str, key: str) -> int | None:
    """1-based line of ``key`` inside table ``[name]`` (or of the header), for error messages."""
    lines = text.splitlines()
    header = None
    for i, line in enumerate(lines):
        if line.strip() == f"[{name}]":
            header = i
            break
    if header is None:
        return None
    top = key.split(".")[0]
    for j in range(header + 1, len(lines)):
        stripped = lines[j].strip()
        if stripped.startswith("["):
            break
        if stripped.split("=")[0].strip() == top:
            return j + 1
    return header + 1


def load_tilesets(path: Path | str | None = None) -> dict[str, TileSet]:
    """Every set in a tilesets TOML file (default: the shipped one), by name."""
    path = Path(path) if path is not None else TILESETS_PATH
    if path == TILESETS_PATH:
        return dict(_default_sets())
    return _load(path)


@lru_cache(maxsize=1)
def _default_sets() -> dict[str, TileSet]:
    return _load(TILESETS_PATH)


def _load(path: Path) -> dict[str, TileSet]:
    text = path.read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise TileSetError(f"{path}: {e}") from None
    out = {}
    for name, spec in data.items():

        def err(key: str, problem: str, name: str = name) -> TileSetError:
            line = _line_of(text, name, key)
            at = f":{line}" if line else ""
            return TileSetError(f"{path}{at}: [{name}] {key}: {problem}")

        out[name] = _build(spec, name, err)
    return out


def get_tileset(name: str) -> TileSet:
    """A shipped set by name, e.g. ``"standard_aka3"`` or ``"ponjan"``."""
    sets = _default_sets()
    if name not in sets:
        raise KeyError(f"no tile set {name!r} in {TILESETS_PATH}; known: {', '.join(sorted(sets))}")
    return sets[name]


def tileset_ids() -> tuple[str, ...]:
    """Names of the shipped sets, in file order (what a lesson may name)."""
    return tuple(_default_sets())


__all__ = ["TILESETS_PATH", "TileSet", "TileSetError", "get_tileset", "load_tilesets", "tileset_ids"]
