"""Random complete MCR hands of every form, for drills, tests and benchmarks.

:func:`random_win` deals a winning hand of the asked form (standard, seven pairs,
thirteen orphans, honors-and-knitted, knitted straight) with random melds, winning
tile, self-draw, winds, flowers and winning-condition flags that fit the hand.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from trainer.engine.hand import Hand, Meld, MeldKind, Source
from trainer.engine.mcr.detect import Situation
from trainer.engine.mcr.forms import KNITTED_STRAIGHTS
from trainer.engine.tiles import TERMINALS_AND_HONORS, Tile

FORMS = ("standard", "seven_pairs", "thirteen_orphans", "honors_knitted", "knitted_straight")


@dataclass(frozen=True, slots=True)
class Deal:
    """A random winning hand and how it was won."""

    hand: Hand
    situation: Situation


def _set_tiles(rng: random.Random, counts: list[int], kinds: list[int] | None = None) -> tuple[str, int] | None:
    """Add one random chow, pung or kong to ``counts`` (from ``kinds`` when given)."""
    kinds = kinds or list(range(34))
    suited = [k for k in kinds if k < 27 and k % 9 <= 6]
    for _ in range(50):
        shape = rng.choice(("chow", "chow", "pung", "kong")) if rng.random() < 0.9 else "pung"
        if shape == "chow" and suited:
            k = rng.choice(suited)
            if all(counts[k + i] < 4 for i in range(3)):
                for i in range(3):
                    counts[k + i] += 1
                return "chow", k
        elif shape != "chow":
            k = rng.choice(kinds)
            need = 3 if shape == "pung" else 4
            if counts[k] == 0:
                counts[k] += need
                return shape, k
    return None


def _standard(rng: random.Random) -> tuple[list[int], list[Meld]] | None:
    counts = [0] * 34
    concealed = [0] * 34
    melds: list[Meld] = []
    kinds: list[int] | None = None
    if rng.random() < 0.5:  # a themed hand: few suits, a band of numbers, maybe honors
        suits = rng.sample(range(3), rng.choice((1, 1, 2, 3)))
        low = rng.randrange(7)
        ranks = range(low, min(9, low + rng.choice((3, 4, 6, 9))))
        kinds = [s * 9 + r for s in suits for r in ranks]
        if rng.random() < 0.4:
            kinds += rng.sample(range(27, 34), rng.choice((1, 3, 4)))
    for _ in range(4):
        got = _set_tiles(rng, counts, kinds)
        if got is None:
            return None
        shape, k = got
        melded = rng.random() < 0.45
        if shape == "kong":
            kind = rng.choice((MeldKind.KAN_OPEN, MeldKind.KAN_CLOSED, MeldKind.KAN_ADDED))
            melds.append(Meld(kind, (Tile(k),) * 4))
        elif shape == "chow" and melded:
            melds.append(Meld(MeldKind.CHI, (Tile(k), Tile(k + 1), Tile(k + 2)), source=Source.LEFT))
        elif shape == "pung" and melded:
            melds.append(Meld(MeldKind.PON, (Tile(k),) * 3))
        elif shape == "chow":
            for i in range(3):
                concealed[k + i] += 1
        else:
            concealed[k] += 3
    pairs = [k for k in range(34) if counts[k] <= 2]
    p = rng.choice(pairs)
    concealed[p] += 2
    return concealed, melds


def _seven_pairs(rng: random.Random) -> list[int]:
    counts = [0] * 34
    if rng.random() < 0.3:  # a one-suit run of pairs, sometimes seven shifted pairs
        suit = rng.randrange(3)
        kinds = rng.sample(range(suit * 9, suit * 9 + 9), 7)
    else:
        kinds = rng.sample(range(34), 7)
    for k in kinds:
        counts[k] += 2
    if rng.random() < 0.15:  # four equal tiles as two pairs
        counts[kinds[0]] += 2
        counts[kinds[1]] -= 2
    return counts


def _orphans(rng: random.Random) -> list[int]:
    counts = [0] * 34
    for k in TERMINALS_AND_HONORS:
        counts[k] = 1
    counts[rng.choice(TERMINALS_AND_HONORS)] += 1
    return counts


def _honors_knitted(rng: random.Random) -> list[int]:
    counts = [0] * 34
    straight = rng.choice(KNITTED_STRAIGHTS)
    honors = rng.choice((5, 6, 7))
    for k in rng.sample(range(27, 34), honors):
        counts[k] = 1
    for k in rng.sample(straight, 14 - honors):
        counts[k] = 1
    return counts


def _knitted(rng: random.Random) -> tuple[list[int], list[Meld]] | None:
    counts = [0] * 34
    for k in rng.choice(KNITTED_STRAIGHTS):
        counts[k] += 1
    got = _set_tiles(rng, counts)
    if got is None:
        return None
    shape, k = got
    concealed = list(counts)
    melds: list[Meld] = []
    if shape == "kong" or rng.random() < 0.4:
        if shape == "chow":
            melds.append(Meld(MeldKind.CHI, (Tile(k), Tile(k + 1), Tile(k + 2)), source=Source.LEFT))
            for i in range(3):
                concealed[k + i] -= 1
        else:
            kind = {"pung": MeldKind.PON, "kong": rng.choice((MeldKind.KAN_OPEN, MeldKind.KAN_CLOSED))}[shape]
            melds.append(Meld(kind, (Tile(k),) * (4 if shape == "kong" else 3)))
            concealed[k] = 0
    pairs = [x for x in range(34) if counts[x] <= 2]
    p = rng.choice(pairs)
    concealed[p] += 2
    return concealed, melds


def random_win(rng: random.Random, form: str | None = None) -> Deal:
    """A random complete hand of ``form`` (any form when None) and a situation that fits it."""
    form = form or rng.choice(FORMS)
    while True:
        melds: list[Meld] = []
        if form == "standard":
            got = _standard(rng)
            if got is None:
                continue
            concealed, melds = got
        elif form == "knitted_straight":
            got = _knitted(rng)
            if got is None:
                continue
            concealed, melds = got
        else:
            concealed = {"seven_pairs": _seven_pairs, "thirteen_orphans": _orphans, "honors_knitted": _honors_knitted}[
                form
            ](rng)
        tiles = tuple(Tile(k) for k in range(34) for _ in range(concealed[k]))
        hand = Hand(tiles, tuple(melds))
        win = rng.choice(tiles).kind
        self_drawn = rng.random() < 0.4
        kongs = any(m.kind.is_kan for m in melds)
        flag = rng.random()
        sit = Situation(
            win=win,
            self_drawn=self_drawn,
            seat=27 + rng.randrange(4),
            round=27 + rng.randrange(4),
            last_copy=(flag < 0.08 and hand.counts()[win] == 1),
            rinshan=self_drawn and kongs and 0.08 <= flag < 0.2,
            haitei=self_drawn and 0.2 <= flag < 0.27,
            houtei=not self_drawn and 0.2 <= flag < 0.27,
            flowers=rng.choice((0, 0, 0, 1, 2)),
        )
        return Deal(hand, sit)
