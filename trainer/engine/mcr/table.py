"""The MCR fan table and rule presets, read from ``trainer/engine/data/mcr_fans.toml``
and ``mcr_rules.toml``."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources


class McrRulesError(ValueError):
    """An unknown MCR preset or a bad preset file."""


@dataclass(frozen=True, slots=True)
class FanDef:
    """One fan of the table: its id, number in the common table (0 for the extra
    common-practice kong fan), value in points and the fans it implies (excludes)."""

    id: str
    no: int
    value: int
    group: str
    excludes: tuple[str, ...]
    seed_no: int | None = None


@dataclass(frozen=True, slots=True)
class McrRules:
    """An MCR rule preset: fan values and exclusions after the preset's changes,
    the kong-pair counting, Tile Hog in seven pairs, the minimum, the false-win penalty and
    whether a fifth copy of a tile the hand holds four of counts as a wait (waits by shape)."""

    name: str
    fans: dict[str, FanDef] = field(hash=False)
    kong_pair: str = "combined_5"
    tile_hog_in_seven_pairs: bool = True
    minimum: int = 8
    false_win_penalty: int = 10
    waits_by_shape: bool = False
    values: dict[str, int] = field(default_factory=dict, hash=False)
    orders: dict[str, tuple[int, int]] = field(default_factory=dict, hash=False)
    implied: dict[str, tuple[tuple[str, str], ...]] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        self.values.update({k: f.value for k, f in self.fans.items()})
        self.orders.update({k: (-f.value, f.no or 99) for k, f in self.fans.items()})
        for k, f in self.fans.items():
            pairs = (ex.partition(":") for ex in f.excludes)
            self.implied[k] = tuple((name, tag) for name, _, tag in pairs if name != k)

    def value(self, fan_id: str) -> int:
        """Points of one fan under this preset."""
        return self.values[fan_id]

    def order(self, fan_id: str) -> tuple[int, int]:
        """Sort key: bigger fans first, then by number."""
        return self.orders[fan_id]


def _read(name: str) -> dict:
    text = resources.files("trainer.engine").joinpath("data", name).read_text(encoding="utf-8")
    return tomllib.loads(text)


@cache
def base_fans() -> dict[str, FanDef]:
    """The fan table as the data file gives it (common values)."""
    out = {}
    for row in _read("mcr_fans.toml")["fan"]:
        out[row["id"]] = FanDef(
            row["id"], row["no"], row["value"], row["group"], tuple(row["excludes"]), row.get("seed_no")
        )
    for f in out.values():
        for ex in f.excludes:
            if ex.split(":")[0] not in out:
                raise McrRulesError(f"mcr_fans.toml: {f.id} excludes unknown fan {ex!r}")
    return out


MCR_PRESETS = ("mcr", "mcr_common")
"""The MCR rule presets: the seed's rules and common practice."""


@cache
def load_mcr_rules(name: str = "mcr") -> McrRules:
    """The MCR preset ``name`` (``mcr`` = the seed, ``mcr_common`` = common practice)."""
    presets = _read("mcr_rules.toml")
    if name not in presets:
        raise McrRulesError(f"unknown MCR rules {name!r}: use {' or '.join(MCR_PRESETS)}")
    p = presets[name]
    fans = dict(base_fans())
    for fan_id, value in p.get("values", {}).items():
        f = fans[fan_id]
        fans[fan_id] = FanDef(f.id, f.no, value, f.group, f.excludes, f.seed_no)
    for fan_id, extra in p.get("extra_excludes", {}).items():
        f = fans[fan_id]
        fans[fan_id] = FanDef(f.id, f.no, f.value, f.group, f.excludes + tuple(extra), f.seed_no)
    return McrRules(
        name=name,
        fans=fans,
        kong_pair=p["kong_pair"],
        tile_hog_in_seven_pairs=p["tile_hog_in_seven_pairs"],
        minimum=p["minimum"],
        false_win_penalty=p["false_win_penalty"],
        waits_by_shape=p["waits_by_shape"],
    )
