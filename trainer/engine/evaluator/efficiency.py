"""Efficiency: shanten, ukeire with the tiles actually left, and a two-step look-ahead.

* ukeire (受け入れ) counts only copies the player cannot see: four minus those in
  the own hand, in every river and meld, and under the dora indicators;
* the two-step look-ahead asks, for every tile that would lower the shanten,
  how many tiles the best discard afterwards still accepts; its total
  (``two_step``) rewards hands whose next step is wide as well — at one shanten
  it is the expected number of winning tiles of the tenpai to come, so it
  prefers shapes that become two-sided waits.

Results are memoised by hand shape, so a bot pays for a shape once per game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from trainer.engine.evaluator.reasons import Reason, reason
from trainer.engine.shanten import shanten_after_draws, shanten_counts

_CACHE_LIMIT = 300_000
_IMPROVING: dict[tuple[bytes, int], tuple[int, tuple[int, ...]]] = {}


def improving(counts: Sequence[int], need: int) -> tuple[int, tuple[int, ...]]:
    """(shanten, kinds whose draw lowers it) of a waiting-size hand (3n+1 concealed tiles as
    34 counts, needing ``need`` sets).  At tenpai the kinds are the winning tiles."""
    key = (bytes(counts), need)
    hit = _IMPROVING.get(key)
    if hit is not None:
        return hit
    now = shanten_counts(counts, need)
    after = shanten_after_draws(counts, need, special_forms=need == 4)
    out = (now, tuple(k for k, s in enumerate(after) if s is not None and s < now))
    if len(_IMPROVING) > _CACHE_LIMIT:
        _IMPROVING.clear()
    _IMPROVING[key] = out
    return out


@dataclass(frozen=True, slots=True)
class DiscardEfficiency:
    """One discard seen for speed: the ``shanten`` left, the ``ukeire`` (tiles still to come
    that lower it), the improving ``kinds``, and ``two_step`` (the sum over those tiles of
    the ukeire of the best hand after drawing them, 0 when not looked at)."""

    kind: int
    shanten: int
    ukeire: int
    kinds: tuple[int, ...]
    two_step: float
    reasons: tuple[Reason, ...]

    @property
    def speed(self) -> float:
        """One number to compare discards of the same shanten: the two-step total when it was
        computed, otherwise ukeire times a typical next step."""
        return self.two_step if self.two_step else self.ukeire * 6.0


def two_step(counts13: list[int], need: int, unseen: Sequence[int]) -> float:
    """Sum over every improving draw (weighted by copies left) of the ukeire of the best
    discard after it: the look-ahead of a 3n+1 hand that is not yet tenpai."""
    now, kinds = improving(counts13, need)
    if now < 1:
        return 0.0
    total = 0.0
    for d in kinds:
        left = unseen[d]
        if left <= 0:
            continue
        counts13[d] += 1
        best = 0
        for e in range(34):
            if counts13[e] and e != d:
                counts13[e] -= 1
                if shanten_counts(counts13, need) == now - 1:
                    nxt = improving(counts13, need)[1]
                    u = sum(unseen[k] for k in nxt) - (1 if e in nxt and unseen[e] > 0 else 0)
                    if u > best:
                        best = u
                counts13[e] += 1
        counts13[d] -= 1
        total += left * best
    return total


def discard_efficiency(counts14: list[int], need: int, unseen: Sequence[int], *,
                       look_ahead: bool = True, width: float = 0.6, max_look: int = 3
                       ) -> dict[int, DiscardEfficiency]:
    """For every kind held in a 3n+2 hand (34 counts), the efficiency of discarding it.

    ``unseen`` are the copies the player cannot see.  With ``look_ahead`` the two-step total is
    computed for the discards of the best shanten whose ukeire is within ``width`` of the best
    (at most ``max_look`` of them) when the hand is one or two shanten away."""
    out: dict[int, DiscardEfficiency] = {}
    for k in range(34):
        if not counts14[k]:
            continue
        counts14[k] -= 1
        sh, kinds = improving(counts14, need)
        uke = sum(unseen[x] for x in kinds)
        counts14[k] += 1
        out[k] = DiscardEfficiency(k, sh, uke, kinds, 0.0, ())
    best_sh = min(e.shanten for e in out.values())
    best_uke = max(e.ukeire for e in out.values() if e.shanten == best_sh)
    looked: list[int] = []
    if look_ahead and 1 <= best_sh <= 2:
        cands = sorted((e for e in out.values() if e.shanten == best_sh and e.ukeire >= width * best_uke),
                       key=lambda e: -e.ukeire)[:max_look]
        for e in cands:
            counts14[e.kind] -= 1
            ts = two_step(counts14, need, unseen)
            counts14[e.kind] += 1
            out[e.kind] = DiscardEfficiency(e.kind, e.shanten, e.ukeire, e.kinds, ts, ())
            looked.append(e.kind)
    for k, e in out.items():
        notes = [reason("shanten", value=e.shanten), reason("ukeire", tiles=e.ukeire, kinds=len(e.kinds))]
        if k in looked:
            notes.append(reason("two_step", value=round(e.two_step / max(1, e.ukeire), 1)))
        if e.shanten > best_sh:
            notes.append(reason("slows_hand", by=e.shanten - best_sh))
        out[k] = DiscardEfficiency(k, e.shanten, e.ukeire, e.kinds, e.two_step, tuple(notes))
    return out


__all__ = ["DiscardEfficiency", "discard_efficiency", "improving", "two_step"]
