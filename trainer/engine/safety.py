"""Which discards can deal into a riichi player, and why: the shared defense evaluator.

Against a riichi player the hand is fixed, so a discard is dangerous only through a wait the
player may hold.  This module lists, for one tile and one riichi player, every wait *shape*
that could still win on that tile, and the reasons that rule the other shapes out:

* ``genbutsu`` (現物): the player cannot ron on the tile at all — it is in the player's own
  river (furiten on every wait), or another player threw it *after this player's riichi
  declaration* and the player let it pass (riichi furiten).  "After" is decided by the order
  of discards on the table (:attr:`TableDiscard.order`), never by river lengths, which calls
  make uneven.
* ``suji`` (筋): a two-sided wait (ryanmen) on the tile would also win on a genbutsu tile,
  so it would be furiten: 4 is safe from 23/56 when 1 and 7 are genbutsu.
* ``kabe`` (壁, "no chance"): a run-based wait needs two other tiles in the player's hand;
  when all four copies of one of them are visible, that shape cannot exist.  A wall on 8p
  rules out every run through 8p: 9p can then only be hit by a pair wait, but 7p can still
  be hit by 56p.  Only the tiles a run would need are tested, so the wall protects exactly
  the tiles beyond it.
* ``honor``: honors make no runs, so only single (tanki) and pair (shanpon) waits fit;
  ``honor_visible``: so many copies of the honor are visible that no pair-pair wait (shanpon)
  fits, or with every copy visible no wait at all; ``copies_visible``: the same for a number tile.

What stays possible is :attr:`TileSafety.open_waits`; a tile with none cannot deal in.
Kokushi musou (which waits on any terminal or honor whatever is visible) is left out, as the
defense chapters of the rulebooks do.  Nothing here reads hidden information: the input is a
:class:`Table`, what one player sees (their own hand, rivers in table order, melds, dora
indicators).  Both the careful bot and the ``safe_tile`` drill use it; :func:`danger` turns the
open waits into one number for bots that must rank every tile.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from trainer.engine.tiles import is_honor

ReasonId = Literal["genbutsu", "suji", "kabe", "honor", "honor_visible", "copies_visible"]
"""Machine-readable reasons a wait shape is ruled out (see the module docstring)."""

ShapeId = Literal["ryanmen", "kanchan", "penchan", "shanpon", "tanki"]
"""Wait shapes that can win on a single tile: two-sided, closed, edge, pair-pair, single."""

SHAPE_WEIGHTS: dict[str, float] = {"ryanmen": 2.0, "kanchan": 1.0, "penchan": 1.0, "shanpon": 0.5, "tanki": 0.3}
"""How much each open wait shape adds to :func:`danger` (a two-sided wait is the commonest
riichi wait; a single wait the rarest).  The scale is relative, for ranking tiles only."""


@dataclass(frozen=True, slots=True)
class TableDiscard:
    """One discard as the table saw it: its place in the order of all discards of the hand
    (0 = the first tile thrown), who threw it, the tile kind, whether it declared riichi and
    whether another player called it away (then it sits in a meld, not in the river)."""

    order: int
    seat: int
    kind: int
    riichi: bool = False
    called: bool = False


@dataclass(frozen=True, slots=True)
class Table:
    """Everything one player (``seat``) sees that matters for defense: their concealed tile
    kinds, every discard in table order, every tile in every meld, the dora indicators and
    the seats in riichi."""

    seat: int
    hand: tuple[int, ...]
    log: tuple[TableDiscard, ...]
    meld_tiles: tuple[int, ...] = ()
    dora_indicators: tuple[int, ...] = ()
    riichi_seats: tuple[int, ...] = ()

    def threats(self) -> list[int]:
        """The other players in riichi, in seat order."""
        return [s for s in sorted(self.riichi_seats) if s != self.seat]

    def visible_counts(self) -> list[int]:
        """34 counts of the copies this player can see: own hand, river tiles not called,
        meld tiles and dora indicators (4 - count copies may sit in hidden hands or the wall)."""
        c = [0] * 34
        for k in self.hand:
            c[k] += 1
        for d in self.log:
            if not d.called:
                c[d.kind] += 1
        for k in self.meld_tiles:
            c[k] += 1
        for k in self.dora_indicators:
            c[k] += 1
        return c


@dataclass(frozen=True, slots=True)
class Wait:
    """A wait shape that could win on the tile: the shape and the tiles the riichi player
    would hold for it (``partial``; empty for the pair shapes)."""

    shape: ShapeId
    partial: tuple[int, ...] = ()

    def relative(self, kind: int) -> tuple[str, tuple[int, ...]]:
        """The shape with its tiles as offsets from ``kind``, so 4m and 4p compare alike."""
        return self.shape, tuple(k - kind for k in self.partial)


@dataclass(frozen=True, slots=True)
class Reason:
    """Why some waits on the tile are ruled out: the reason id and the tiles it rests on
    (suji: the genbutsu tiles that make the two-sided waits furiten; kabe: the walled kinds;
    genbutsu: the tile itself; honor/copies: none).  ``source`` tells a genbutsu apart:
    ``"own"`` (the player's own river) or ``"passed"`` (thrown by another after the riichi)."""

    id: ReasonId
    tiles: tuple[int, ...] = ()
    source: str = ""


@dataclass(frozen=True, slots=True)
class TileSafety:
    """One tile against one riichi player: the waits still open and the reasons that closed
    the rest.  ``safe`` means no wait can win on it; ``unseen`` is 4 minus the visible copies."""

    kind: int
    seat: int
    open_waits: tuple[Wait, ...]
    reasons: tuple[Reason, ...]
    unseen: int
    _ids: frozenset[str] = field(default=frozenset(), repr=False, compare=False)

    @property
    def safe(self) -> bool:
        """No wait can win on the tile: discarding it cannot deal into this player."""
        return not self.open_waits

    @property
    def reason_ids(self) -> frozenset[str]:
        """The ids of :attr:`reasons`."""
        return frozenset(r.id for r in self.reasons)

    def open_key(self) -> frozenset[tuple[str, tuple[int, ...]]]:
        """The open waits relative to the tile (for comparing tiles of different suits)."""
        return frozenset(w.relative(self.kind) for w in self.open_waits)


def riichi_order(table: Table, seat: int) -> int | None:
    """The table order of ``seat``'s riichi declaration discard (None when not in riichi)."""
    return next((d.order for d in table.log if d.seat == seat and d.riichi), None)


def own_discards(table: Table, seat: int) -> frozenset[int]:
    """Every kind ``seat`` has discarded (called away or not): furiten on all of them."""
    return frozenset(d.kind for d in table.log if d.seat == seat)


def passed_after_riichi(table: Table, seat: int) -> frozenset[int]:
    """Kinds other players threw after ``seat`` declared riichi (the player let them pass, so
    riichi furiten forbids ron on them), not counting ``seat``'s own discards."""
    at = riichi_order(table, seat)
    if at is None:
        return frozenset()
    own = own_discards(table, seat)
    return frozenset(d.kind for d in table.log if d.seat != seat and d.order > at and d.kind not in own)


def genbutsu(table: Table, seat: int) -> frozenset[int]:
    """Kinds riichi player ``seat`` cannot ron on: own discards plus those passed since the declaration."""
    return own_discards(table, seat) | passed_after_riichi(table, seat)


def _run_waits(kind: int) -> list[tuple[ShapeId, tuple[int, int], tuple[int, ...]]]:
    """Every run-based wait that wins on ``kind``: (shape, the two tiles held, every tile it wins on)."""
    r = kind % 9
    base = kind - r
    out: list[tuple[ShapeId, tuple[int, int], tuple[int, ...]]] = []
    for start in (r - 2, r - 1, r):
        if not 0 <= start <= 6:
            continue
        held = tuple(base + x for x in (start, start + 1, start + 2) if x != r)
        a, b = held
        if b - a == 2:
            out.append(("kanchan", (a, b), (kind,)))
            continue
        ends = [x for x in (a - 1, b + 1) if base <= x <= base + 8]
        shape: ShapeId = "ryanmen" if len(ends) == 2 else "penchan"
        out.append((shape, (a, b), tuple(ends)))
    return out


def assess(table: Table, kind: int, seat: int, visible: list[int] | None = None,
           safe: frozenset[int] | None = None) -> TileSafety:
    """How discarding ``kind`` stands against riichi player ``seat``: the waits still open and
    why the others are closed (``visible``/``safe`` may be passed in when already computed)."""
    visible = visible if visible is not None else table.visible_counts()
    safe = safe if safe is not None else genbutsu(table, seat)
    unseen = max(0, 4 - visible[kind])
    if kind in safe:
        source = "own" if kind in own_discards(table, seat) else "passed"
        return TileSafety(kind, seat, (), (Reason("genbutsu", (kind,), source),), unseen)
    waits: list[Wait] = []
    reasons: list[Reason] = []
    if is_honor(kind):
        reasons.append(Reason("honor"))
        if unseen < 2:
            reasons.append(Reason("honor_visible"))
    else:
        suji: set[int] = set()
        walls: set[int] = set()
        for shape, held, wins in _run_waits(kind):
            wall = [k for k in held if visible[k] >= 4]
            if wall:
                walls.update(wall)
                continue
            furiten = [k for k in wins if k != kind and k in safe]
            if furiten:
                if shape == "ryanmen":
                    suji.update(furiten)
                continue
            waits.append(Wait(shape, held))
        if suji:
            reasons.append(Reason("suji", tuple(sorted(suji))))
        if walls:
            reasons.append(Reason("kabe", tuple(sorted(walls))))
        if unseen < 2:
            reasons.append(Reason("copies_visible"))
    # the riichi player holds one copy for a single wait, two for a pair-pair wait; the copy
    # discarded here is already counted as visible
    if unseen >= 2:
        waits.append(Wait("shanpon"))
    if unseen >= 1:
        waits.append(Wait("tanki"))
    return TileSafety(kind, seat, tuple(waits), tuple(reasons), unseen)


def assess_all(table: Table, kind: int, _known: tuple[list[int], dict[int, frozenset[int]]] | None = None,
               ) -> tuple[TileSafety, ...]:
    """:func:`assess` against every riichi player, in seat order."""
    visible, safe = _known or (table.visible_counts(), {s: genbutsu(table, s) for s in table.threats()})
    return tuple(assess(table, kind, s, visible, safe[s]) for s in table.threats())


def danger(safeties: tuple[TileSafety, ...] | list[TileSafety]) -> float:
    """One number for ranking discards: the summed :data:`SHAPE_WEIGHTS` of the open waits
    against every riichi player (0 = safe against all of them)."""
    return sum(SHAPE_WEIGHTS[w.shape] for s in safeties for w in s.open_waits)


def at_least_as_safe(a: tuple[TileSafety, ...], b: tuple[TileSafety, ...]) -> bool:
    """Whether tile ``a`` is at least as safe as tile ``b`` against every riichi player: every
    wait that could win on ``a`` (relative to the tile) could also win on ``b``."""
    return all(x.open_key() <= y.open_key() for x, y in zip(a, b, strict=True))


def safest(table: Table, kinds: list[int] | None = None) -> tuple[frozenset[int], dict[int, tuple[TileSafety, ...]]]:
    """The tiles of the hand (or ``kinds``) that are at least as safe as every other one, and
    the assessment of each.  The first set is empty when no tile beats all the others on every
    wait — then which tile is safest is a matter of odds, not of rules."""
    kinds = sorted(set(table.hand)) if kinds is None else sorted(set(kinds))
    known = (table.visible_counts(), {s: genbutsu(table, s) for s in table.threats()})
    rated = {k: assess_all(table, k, known) for k in kinds}
    keys = {k: [s.open_key() for s in rated[k]] for k in kinds}
    best = frozenset(k for k in kinds
                     if all(all(a <= b for a, b in zip(keys[k], keys[o], strict=True)) for o in kinds))
    return best, rated


def table_of(view) -> Table:  # noqa: ANN001 - a game PlayerView (imported lazily: the engine's game layer)
    """The :class:`Table` of a game :class:`~trainer.engine.game.view.PlayerView`."""
    log = []
    for seat, river in enumerate(view.rivers):
        for i, d in enumerate(river):
            order = d.order if d.order >= 0 else i * 4 + (seat - view.dealer) % 4
            log.append(TableDiscard(order, seat, d.tile.kind, d.riichi, d.called))
    log.sort(key=lambda d: d.order)
    melds = tuple(t.kind for ms in view.melds for m in ms for t in m.tiles)
    return Table(view.seat, tuple(t.kind for t in view.hand.concealed), tuple(log), melds,
                 tuple(t.kind for t in view.dora_indicators),
                 tuple(s for s in range(4) if view.riichi[s]))


__all__ = [
    "SHAPE_WEIGHTS", "Reason", "ReasonId", "ShapeId", "Table", "TableDiscard", "TileSafety", "Wait",
    "assess", "assess_all", "at_least_as_safe", "danger", "genbutsu", "own_discards", "passed_after_riichi",
    "riichi_order", "safest", "table_of",
]
