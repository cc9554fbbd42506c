"""Whether a win's dora and ura indicators can lie on the table beside its hand.

The scorer counts whatever indicators it is given; a request to score a hand (the ``score``
command, one hand or JSON lines) is checked here first, the way ``analyze --visible`` checks the
tiles it is shown: the indicators together with the hand (its melds and the Norths set aside as
nukidora included) never hold more copies of a tile than the rules' tile set has, there are at
most :data:`MAX_INDICATORS` of each kind, ura indicators come only with a riichi, one under each
dora indicator.  Every refusal is one English line naming the tile or the count.
"""

from __future__ import annotations

from collections.abc import Sequence

from trainer.engine.hand import Hand
from trainer.engine.rules import Rules
from trainer.engine.tiles import NORTH, NUM_KINDS, Tile, counts34, kind_name

MAX_INDICATORS = 5
"""The most dora indicators a hand can see: the first and one for each of the four kans a hand can
bring; the ura indicators lie under them, so the same for those."""

COPIES = 4
"""Copies of each tile kind in a riichi set."""

def indicator_problem(hand: Hand, dora: Sequence[Tile], ura: Sequence[Tile], *, riichi: bool, rules: Rules,
                      nuki: int = 0) -> str | None:
    """Why ``dora`` and ``ura`` indicators cannot be on the table with ``hand`` under ``rules``
    (``riichi``: the winner declared riichi; ``nuki``: Norths set aside), in one English line, or
    None when they can."""
    return (_count_problem(dora, ura, riichi=riichi)
            or _copies_problem(hand, [*dora, *ura], rules, nuki)
            or _red_problem(hand, [*dora, *ura], rules))


def _count_problem(dora: Sequence[Tile], ura: Sequence[Tile], *, riichi: bool) -> str | None:
    """How many indicators there are, against the rules of the table."""
    if len(dora) > MAX_INDICATORS:
        return f"dora: at most {MAX_INDICATORS} dora indicators (the first and one per kan), not {len(dora)}"
    if ura and not riichi:
        return "ura: ura dora indicators count only after a riichi: declare riichi or give no ura indicators"
    if ura and len(ura) != len(dora):
        return (f"ura: one ura indicator lies under each dora indicator: give {len(dora)} ura indicator(s), "
                f"not {len(ura)}")
    return None


def _copies_problem(hand: Hand, shown: Sequence[Tile], rules: Rules, nuki: int) -> str | None:
    """More copies of a kind in the indicators and the hand together than the set holds."""
    held = hand.all_counts()
    held[NORTH] += nuki
    seen = counts34(shown)
    for kind in range(NUM_KINDS):
        if not seen[kind]:
            continue
        if kind in rules.removed_kinds:
            return f"dora/ura: there is no {kind_name(kind)} in the {rules.name} tile set"
        total = held[kind] + seen[kind]
        if total > COPIES:
            return f"dora/ura: {total} copies of {kind_name(kind)} with the hand: a set has only {COPIES}"
    return None


def _red_problem(hand: Hand, shown: Sequence[Tile], rules: Rules) -> str | None:
    """More red fives of a suit in the indicators and the hand together than the set holds."""
    shown_red = counts34(t for t in shown if t.red)
    held_red = counts34(t for t in hand.all_tiles() if t.red)
    for kind in range(NUM_KINDS):
        if not shown_red[kind]:
            continue
        if not rules.red_fives or kind in rules.removed_kinds:
            return f"dora/ura: a red {kind_name(kind)}, but the {rules.name} tile set has none"
        total = held_red[kind] + shown_red[kind]
        if total > rules.red_fives:
            return (f"dora/ura: {total} red {kind_name(kind)} with the hand: the {rules.name} tile set has only "
                    f"{rules.red_fives}")
    return None


__all__ = ["MAX_INDICATORS", "indicator_problem"]
