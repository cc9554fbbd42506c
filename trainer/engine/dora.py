"""Dora: bonus han from indicator tiles and red fives.  Dora are not yaku (001:562; 003:130).

* Each indicator points at the next tile (:func:`trainer.engine.tiles.dora_from_indicator`);
  every tile of that kind in the hand, melds included, is one han.  Several
  indicators on one kind stack (001:590).
* Ura dora (and kan ura) count only for a winner who declared riichi, and only
  where the rule set uses them (001:581-582).
* Kan dora indicators are passed with the first indicator; a rule set without
  kan dora counts only the first indicator (JPML, 003:36).
* Each red five is one han where red fives are used (001:586); a red five that
  is also a dora counts for both.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from trainer.engine.rules import Rules
from trainer.engine.tiles import Tile, dora_from_indicator


class DoraCount(NamedTuple):
    """How many han of each dora kind a hand holds; ``nuki`` is one han per North set
    aside (three-player nukidora; when North is a dora those Norths count in ``dora`` too)."""

    dora: int = 0
    ura: int = 0
    aka: int = 0
    nuki: int = 0

    @property
    def total(self) -> int:
        """All dora han together."""
        return self.dora + self.ura + self.aka + self.nuki

    def to_json(self) -> dict:
        """The counts as a JSON-ready dict (``nuki``: Norths set aside, only when there are some)."""
        d = {"dora": self.dora, "ura": self.ura, "aka": self.aka}
        if self.nuki:
            d["nuki"] = self.nuki
        return d


def dora_kinds(indicators: Sequence[Tile]) -> list[int]:
    """The dora kinds the indicators point to (a kind repeats when several indicators point at it)."""
    return [dora_from_indicator(t.kind) for t in indicators]


def count_for(counts: Sequence[int], indicators: Sequence[Tile]) -> int:
    """Han from one list of indicators for a hand with the given 34 tile counts."""
    return sum(counts[dora_from_indicator(t.kind)] for t in indicators)


def count_dora(
    counts: Sequence[int],
    red_fives: int,
    *,
    dora_indicators: Sequence[Tile],
    ura_indicators: Sequence[Tile],
    riichi: bool,
    rules: Rules,
) -> DoraCount:
    """Dora, ura dora and red-five han of a winning hand (``counts``: all 34 kinds, melds
    included; ``red_fives``: red fives held)."""
    dora_ind = dora_indicators if rules.kan_dora else dora_indicators[:1]
    dora = count_for(counts, dora_ind)
    ura = 0
    if riichi and rules.ura_dora:
        ura_ind = ura_indicators if rules.kan_ura else ura_indicators[:1]
        ura = count_for(counts, ura_ind)
    aka = red_fives if rules.red_fives else 0
    return DoraCount(dora, ura, aka)


__all__ = ["DoraCount", "count_dora", "count_for", "dora_kinds"]
