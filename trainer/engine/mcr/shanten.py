"""Shanten for the MCR hand forms: how many tiles a hand is from ready (0) or complete (-1).

* standard (sets and a pair): the riichi engine's exact table lookup, never counting on a
  tile the declared melds have used up;
* seven pairs: four equal tiles are two pairs in MCR (unlike riichi);
* thirteen orphans: as in riichi;
* honors and knitted tiles: fourteen different tiles from one knitted straight and the
  honors;
* knitted straight + set + pair: the missing tiles of the straight plus the shanten of the
  set and pair made of the other tiles (the straight takes one tile of each of its kinds).

:func:`mcr_shanten_by_form` gives each form's number; :func:`mcr_shanten` the best.
"""

from __future__ import annotations

from collections.abc import Sequence

from trainer.engine.hand import Hand
from trainer.engine.mcr.forms import KNITTED_STRAIGHTS
from trainer.engine.shanten import meld_limits, shanten_orphans, shanten_standard

HONORS = range(27, 34)


def shanten_seven_pairs_mcr(counts: Sequence[int]) -> int:
    """Seven pairs where four equal tiles count as two pairs (13 or 14 concealed tiles)."""
    return 6 - min(7, sum(c // 2 for c in counts))


def shanten_honors_knitted(counts: Sequence[int]) -> int:
    """Honors and knitted tiles: 14 different tiles, honors plus one knitted straight's tiles."""
    honors = sum(1 for k in HONORS if counts[k])
    best = max(sum(1 for k in straight if counts[k]) for straight in KNITTED_STRAIGHTS)
    return 13 - min(14, honors + best)


def shanten_knitted_straight(counts: Sequence[int], melds: int = 0) -> int:
    """Knitted straight + one set + a pair (at most one declared meld, which is the set)."""
    if melds > 1:
        return 99
    best = 99
    for straight in KNITTED_STRAIGHTS:
        rest = list(counts)
        held = 0
        for k in straight:
            if rest[k]:
                rest[k] -= 1
                held += 1
        best = min(best, 9 - held + shanten_standard(rest, 1 - melds))
    return best


def mcr_shanten_by_form(hand: Hand) -> dict[str, int]:
    """Shanten of each MCR form the hand can still take (closed forms only without melds)."""
    counts = hand.counts()
    out = {"standard": shanten_standard(counts, 4 - len(hand.melds), limits=meld_limits(hand))}
    if len(hand.melds) <= 1:
        out["knitted_straight"] = shanten_knitted_straight(counts, len(hand.melds))
    if not hand.melds and sum(counts) in (13, 14):
        out["seven_pairs"] = shanten_seven_pairs_mcr(counts)
        out["thirteen_orphans"] = shanten_orphans(counts)
        out["honors_knitted"] = shanten_honors_knitted(counts)
    return out


def mcr_shanten(hand: Hand) -> int:
    """The hand's shanten over every MCR form: -1 complete, 0 ready, 1 one tile from ready ..."""
    return min(mcr_shanten_by_form(hand).values())
