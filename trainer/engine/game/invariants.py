"""Checks that must hold after every step of a hand: every tile accounted for,
points plus riichi sticks conserved, hand sizes right for the phase.

:func:`check_round` raises :class:`InvariantError` describing the first broken
rule.  Tests and the simulator call it after every action.
"""

from __future__ import annotations

from collections import Counter

from trainer.engine.game.round import Phase, Round


class InvariantError(AssertionError):
    """A table invariant is broken (a bug in the engine, never a player's mistake)."""


def check_round(rnd: Round, total_points: int | None = None) -> None:
    """Raise InvariantError unless ``rnd`` is consistent.  ``total_points`` is the
    match's points in play (4 x starting points, unless sticks were lost)."""
    seen: Counter = Counter()
    for s in rnd.seats:
        seen.update(s.concealed)
        for m in s.melds:
            seen.update(m.tiles)
        seen.update(d.tile for d in s.river if not d.called)
        seen.update(s.kita)
    seen.update(rnd.wall.unseen())
    seen.update(rnd.wall.dora_indicators)
    wall = Counter(rnd.wall.tiles)
    if seen != wall:
        extra = seen - wall
        missing = wall - seen
        raise InvariantError(f"tiles not accounted for: extra {dict(extra)}, missing {dict(missing)}")
    if total_points is not None:
        on_table = sum(rnd.scores) + rnd.sticks * rnd.options.riichi_deposit
        if on_table != total_points:
            raise InvariantError(f"points not conserved: {on_table} != {total_points}")
    for i, s in enumerate(rnd.seats):
        size = len(s.concealed) + 3 * len(s.melds)
        res = rnd.result
        ended_holding = res is not None and (res.kind == "tsumo" or res.abort_reason == "kyuushu")
        holding = i == rnd.current and (rnd.phase is Phase.TURN or ended_holding)
        want = 14 if holding else 13
        if size != want:
            raise InvariantError(f"seat {i} holds {size} tiles, expected {want} ({rnd.phase.value})")
        if s.riichi and any(m.is_open for m in s.melds):
            raise InvariantError(f"seat {i} is in riichi with an open hand")
    if len(rnd.seats) != rnd.options.players or len(rnd.scores) != rnd.options.players:
        raise InvariantError(f"{len(rnd.seats)} seats at a table for {rnd.options.players}")
    if rnd.kans > 4:
        raise InvariantError("more than four kans")
    if rnd.wall.live_remaining < 0:
        raise InvariantError("negative live wall")
