"""The seed's worked MCR hands (``tests/data/mcr_seed_examples.json``, copied from the
digest ``seed-digest-mcr-examples.json``) turned into hands and situations."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from trainer.engine.hand import Hand, Meld, MeldKind, Source
from trainer.engine.mcr.detect import Situation
from trainer.engine.notation import parse_tiles
from trainer.engine.tiles import Tile, parse_tile

EXAMPLES = json.loads((Path(__file__).parent / "data" / "mcr_seed_examples.json").read_text(encoding="utf-8"))
"""The 106 rows: seed fans, the reference's fans and the scenario the reference used."""

_ALIASES = {
    "All Five": "all_fives",
    "Two Dragons Pungs": "two_dragon_pungs",
    "Fully Concealed Hand": "fully_concealed",
    "Four Pure Shifted Chows": "four_pure_shifted_chows",
    "Quadruple Chow": "quadruple_chow",
}


def fan_id(english: str) -> str:
    """Our fan id for an English fan name of the digest / PyMahjongGB."""
    return _ALIASES.get(english) or english.lower().replace("-", "_").replace(" ", "_")


def _meld(tiles: tuple[Tile, ...], melded: bool) -> Meld:
    kinds = [t.kind for t in tiles]
    if len(tiles) == 4:
        return Meld(MeldKind.KAN_OPEN if melded else MeldKind.KAN_CLOSED, tiles)
    if len(set(kinds)) == 1:
        return Meld(MeldKind.PON, tiles)
    return Meld(MeldKind.CHI, tiles, source=Source.LEFT)


def example_deal(row: dict[str, Any]) -> tuple[Hand, Situation]:
    """The hand and situation of one row, in the reference's scenario."""
    sc = row["ref_scenario"]
    melded = list(sc["melded"])
    concealed: list[Tile] = []
    melds: list[Meld] = []
    for group in row["groups"].split():
        tiles = parse_tiles(group)
        if group in melded:
            melded.remove(group)
            melds.append(_meld(tiles, True))
        elif len(tiles) == 4 and len({t.kind for t in tiles}) == 1:
            melds.append(_meld(tiles, False))
        else:
            concealed.extend(tiles)
    hand = Hand(tuple(sorted(concealed)), tuple(melds))
    sit = Situation(
        win=parse_tile(sc["win"]).kind, self_drawn=sc["self"], seat=27 + sc["seat"], round=27 + sc["prev"]
    )
    return hand, sit


def ref_fans(row: dict[str, Any]) -> Counter[str]:
    """The reference's fans of a row as fan id -> times."""
    return Counter({fan_id(name): n for name, n in row["ref_fans"].items()})
