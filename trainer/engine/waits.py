"""Waits (machi): which tiles complete a tenpai hand, and how.

:func:`placements` says how a winning tile sits inside one reading of the
complete hand (the basis of wait fu and pinfu).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from trainer.engine.decompose import Form, GroupKind, Reading


class WaitShape(Enum):
    """How the winning tile completed its group (a seven-pairs wait is TANKI)."""

    RYANMEN = "ryanmen"  # 両面: two-sided, 34 waiting on 2 or 5
    KANCHAN = "kanchan"  # 嵌張: closed, 24 waiting on 3
    PENCHAN = "penchan"  # 辺張: edge, 12 waiting on 3 or 89 on 7
    SHANPON = "shanpon"  # 双碰: a pair became a triplet
    TANKI = "tanki"  # 単騎: a single tile became the pair
    KOKUSHI = "kokushi"  # thirteen orphans waiting on its one missing kind
    KOKUSHI_13 = "kokushi_13"  # thirteen orphans with all 13 kinds: any of them wins

    @property
    def is_closed_wait(self) -> bool:
        """Kanchan, penchan and tanki: the single-tile waits that earn 2 fu."""
        return self in (WaitShape.KANCHAN, WaitShape.PENCHAN, WaitShape.TANKI)


@dataclass(frozen=True, slots=True)
class Placement:
    """The winning tile read as completing group ``group_index`` of a reading
    (None for thirteen orphans), with the wait shape that makes."""

    group_index: int | None
    shape: WaitShape


def placements(reading: Reading, win_kind: int) -> list[Placement]:
    """Every way the winning tile ``win_kind`` can be read inside ``reading``.

    Only groups formed from concealed tiles can hold the winning tile (a declared
    meld was complete before the win).  A run gives ryanmen, kanchan (middle
    tile) or penchan (the 3 of 123 or the 7 of 789); a triplet gives shanpon;
    a pair gives tanki.  Identical groups give one placement (the first one).
    Thirteen orphans gives KOKUSHI_13 when the winning tile is the doubled kind
    (the hand held all thirteen singles) and KOKUSHI otherwise.  The list is
    empty if the reading does not contain the tile in a concealed group.
    """
    if reading.form is Form.THIRTEEN_ORPHANS:
        if win_kind == reading.orphan_pair:
            return [Placement(None, WaitShape.KOKUSHI_13)]
        if win_kind < 27 and win_kind % 9 not in (0, 8) or reading.orphan_pair is None:
            return []
        return [Placement(None, WaitShape.KOKUSHI)]
    out: list[Placement] = []
    seen = set()
    for i, g in enumerate(reading.groups):
        if g.declared or g in seen:
            continue
        if g.kind is GroupKind.RUN:
            pos = win_kind - g.first
            if not 0 <= pos <= 2:
                continue
            rank = g.first % 9  # 0 for a 123 run, 6 for a 789 run
            if pos == 1:
                shape = WaitShape.KANCHAN
            elif (pos == 0 and rank == 6) or (pos == 2 and rank == 0):
                shape = WaitShape.PENCHAN
            else:
                shape = WaitShape.RYANMEN
        elif g.first != win_kind:
            continue
        elif g.kind is GroupKind.PAIR:
            shape = WaitShape.TANKI
        elif g.kind is GroupKind.TRIPLET:
            shape = WaitShape.SHANPON
        else:
            continue
        seen.add(g)
        out.append(Placement(i, shape))
    return out
