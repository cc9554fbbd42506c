"""Hint marks on a row of tiles: where the waiting shapes of a hand are."""

from __future__ import annotations

from itertools import permutations, product
from typing import Any

from trainer.engine.notation import parse_hand
from trainer.i18n import _
from trainer.ui.tileview import TileRow

MAX_ASSIGNMENTS = 20000
"""The most ways of sharing a row's repeated tiles among a reading's groups that are tried; a row
with more (never a lesson hand) marks the first copies from the left."""


def look_at_marks(child: bool) -> str:
    """The first hint rung's line under the marks of :func:`near_waits`: an adult's, or a child's
    (informal "you", no "the hand waits")."""
    if child:
        # TRANSLATORS: a children's lesson (ages 6-9, ru: «ты», simple words): some tiles of the hand
        # are highlighted; they need one more tile to become a team or a pair.
        return _("Look at the highlighted tiles: which tile do they need?")
    return _("Look at the highlighted tiles: the hand waits on some of them or on their neighbors.")


def near_waits(row: TileRow, hand: Any) -> dict[int, str]:
    """Hint marks for the tiles of ``row`` that form the hand's waiting shapes (the first rung of
    the hint ladder: where to look).  The shapes come from the engine's wait report: for every
    winning tile and every reading, the group it completes, less the winning tile itself (34m of
    a ryanmen, 24m of a kanchan, the pair of a shanpon, the single of a tanki).  Which copies of a
    repeated tile are marked follows the same reading: the row's tiles are shared among its
    finished groups and the waiting shape so that each group's tiles sit as close together as
    they can (in 123m456p789s22s46p the lone 4p and 6p at the end, not those inside 456p).
    ``hand`` is a :class:`~trainer.engine.hand.Hand` or MPSZ text; a hand the engine cannot read
    gets no marks."""
    from trainer.engine.waits import wait_report

    try:
        h = parse_hand(hand, check_size=False) if isinstance(hand, str) else hand
        report = wait_report(h)
    except Exception:
        return {}
    free = [i for i, s in enumerate(row.slots) if not s.face_down and s.group < 0 and s.tile is not None]
    marks: dict[int, str] = {}
    for w in report.tiles:
        for r in w.readings:
            gi = r.placement.group_index
            if gi is None:
                continue
            groups = r.reading.groups
            shape = list(groups[gi].kinds())
            shape.remove(w.kind)
            others = [list(g.kinds()) for j, g in enumerate(groups) if j != gi and not g.declared]
            for i in _shape_slots(row, free, shape, others):
                marks[i] = "hint"
    winning = {w.kind for w in report.tiles}
    if marks and {row.slots[i].tile.kind for i in marks} <= winning:
        # Every marked tile is itself a winning tile (the two ends of a nobetan, a tanki, the pairs
        # of a shanpon): the marks would be the answer.  Mark the whole named shape the waits come
        # from instead (4567p of a nobetan), or nothing when that too is only the answer.
        marks = _named_shape_marks(row, free, h, report)
        if {row.slots[i].tile.kind for i in marks} <= winning:
            return {}
    return marks


def _named_shape_marks(row: TileRow, free: list[int], hand: Any, report: Any) -> dict[int, str]:
    """Hint marks for the tiles of the engine's named wait shapes (:func:`~trainer.engine.waits.named_waits`:
    nobetan, sanmenchan, ...), laid on the row's copies by the reading of one of the shape's waits."""
    from trainer.engine.waits import named_waits

    marks: dict[int, str] = {}
    for nw in named_waits(hand):
        shape = list(nw.tiles)
        w = next((x for x in report.tiles if x.kind in nw.waits and x.readings), None)
        others: list[list[int]] = []
        if w is not None:  # the reading's groups outside the shape (those inside it are the shape)
            r = w.readings[0]
            left = list(shape) + [w.kind]
            for g in r.reading.groups:
                kinds = list(g.kinds())
                if g.declared:
                    continue
                if all(left.count(k) >= kinds.count(k) for k in set(kinds)):
                    for k in kinds:
                        left.remove(k)
                else:
                    others.append(kinds)
        for i in _shape_slots(row, free, shape, others):
            marks[i] = "hint"
    return marks


def _shape_slots(row: TileRow, free: list[int], shape: list[int], others: list[list[int]]) -> list[int]:
    """The slots of ``row`` (among ``free``) holding the waiting ``shape`` when the other tiles
    are the finished groups ``others``: the sharing of repeated tiles that keeps every group
    closest together (the least sum of each group's spread in the row)."""
    groups = [shape, *others]
    need: dict[int, list[int]] = {}  # kind -> the group of each copy it gives
    for gi, kinds in enumerate(groups):
        for k in kinds:
            need.setdefault(k, []).append(gi)
    where: dict[int, list[int]] = {}
    for i in free:
        where.setdefault(row.slots[i].tile.kind, []).append(i)
    choices = []
    total = 1
    for k in sorted(need):
        labels = need[k] + [-1] * (len(where.get(k, [])) - len(need[k]))  # -1: a copy no group uses
        if len(labels) > len(where.get(k, [])):
            return _first_copies(row, free, shape)  # the row does not hold the reading's tiles
        ways = sorted(set(permutations(labels)))
        total *= len(ways)
        choices.append((where.get(k, []), ways))
    if total > MAX_ASSIGNMENTS:
        return _first_copies(row, free, shape)
    best: tuple[int, list[int]] | None = None
    for pick in product(*(ways for _slots, ways in choices)):
        at: dict[int, list[int]] = {}
        for (slots, _ways), labels in zip(choices, pick, strict=True):
            for slot, gi in zip(slots, labels, strict=True):
                if gi >= 0:
                    at.setdefault(gi, []).append(slot)
        cost = sum(max(v) - min(v) for v in at.values())
        if best is None or cost < best[0]:
            best = (cost, sorted(at.get(0, [])))
    return best[1] if best is not None else []


def _first_copies(row: TileRow, free: list[int], shape: list[int]) -> list[int]:
    """The shape's tiles as the first copies from the left (a row the reading cannot be laid on)."""
    want = {k: shape.count(k) for k in shape}
    out = []
    for i in free:
        k = row.slots[i].tile.kind
        if want.get(k, 0) > 0:
            want[k] -= 1
            out.append(i)
    return out
