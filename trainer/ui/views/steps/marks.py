"""Hint marks on a row of tiles: where the waiting shapes of a hand are."""

from __future__ import annotations

from typing import Any

from trainer.engine.notation import parse_hand
from trainer.ui.tileview import TileRow


def near_waits(row: TileRow, hand: Any) -> dict[int, str]:
    """Hint marks for the tiles of ``row`` that form the hand's waiting shapes (the first rung of
    the hint ladder: where to look).  The shapes come from the engine's wait report: for every
    winning tile and every reading, the group it completes, less the winning tile itself (34m of
    a ryanmen, 24m of a kanchan, the pair of a shanpon, the single of a tanki).  ``hand`` is a
    :class:`~trainer.engine.hand.Hand` or MPSZ text; a hand the engine cannot read gets no marks."""
    from trainer.engine.waits import wait_report

    try:
        h = parse_hand(hand, check_size=False) if isinstance(hand, str) else hand
        report = wait_report(h)
    except Exception:
        return {}
    want: dict[int, int] = {}
    for w in report.tiles:
        for r in w.readings:
            gi = r.placement.group_index
            if gi is None:
                continue
            kinds = list(r.reading.groups[gi].kinds())
            kinds.remove(w.kind)
            for k in set(kinds):
                want[k] = max(want.get(k, 0), kinds.count(k))
    marks = {}
    for i, s in enumerate(row.slots):
        if want.get(s.tile.kind, 0) > 0 and not s.face_down and s.group < 0:
            want[s.tile.kind] -= 1
            marks[i] = "hint"
    return marks
