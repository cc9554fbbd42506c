"""Random winning hands with a random situation: material for score quizzes, fu
drills, benchmarks and differential tests.

:func:`random_win` builds a complete 14-tile hand (four sets and a pair, seven
pairs, or thirteen orphans) from a real 136-tile set (at most four copies of a
kind, red fives only where the rules use them), declares some sets as melds
(chi, pon, open, added or closed kan), picks the winning tile among the
concealed tiles and a consistent situation: tsumo or ron, riichi (closed hands
only), ippatsu, winds, dora and ura indicators from the remaining tiles,
honba, riichi sticks and the occasional haitei / houtei / rinshan / chankan.
Nothing here checks yaku: a generated hand may have none.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from trainer.engine.hand import Hand, Meld, MeldKind, Source
from trainer.engine.rules import Rules
from trainer.engine.scoring import WinContext
from trainer.engine.tiles import NORTH, TERMINALS_AND_HONORS, WINDS, Tile


@dataclass
class _Pool:
    counts: list[int]
    reds: list[bool]  # red five still available, per suit

    def take(self, kind: int, rng: random.Random, red_ok: bool) -> Tile | None:
        if self.counts[kind] <= 0:
            return None
        self.counts[kind] -= 1
        if kind < 27 and kind % 9 == 4 and red_ok and self.reds[kind // 9]:
            # the red five is one of the copies still in the pool
            if rng.random() * (self.counts[kind] + 1) < 1:
                self.reds[kind // 9] = False
                return Tile(kind, red=True)
        return Tile(kind)

    def take_many(self, kinds: list[int], rng: random.Random, red_ok: bool) -> list[Tile] | None:
        need: dict[int, int] = {}
        for k in kinds:
            need[k] = need.get(k, 0) + 1
        if any(self.counts[k] < n for k, n in need.items()):
            return None
        return [t for k in kinds if (t := self.take(k, rng, red_ok)) is not None]


def _random_kind(rng: random.Random, honor_bias: float) -> int:
    if rng.random() < honor_bias:
        return rng.randrange(27, 34)
    return rng.randrange(27)


def random_win(rng: random.Random, rules: Rules, *, open_rate: float = 0.4) -> tuple[Hand, WinContext]:
    """A random complete hand and a random, self-consistent win situation under ``rules``.

    ``open_rate`` is the share of hands of four sets and a pair that are open (at least one set
    called); at 1 every hand is open (no seven pairs or thirteen orphans), at 0 none is."""
    red_ok = rules.red_fives > 0
    pool = _Pool([0 if k in rules.removed_kinds else 4 for k in range(34)], [red_ok] * 3)
    form = rng.random()
    honor_bias = 0.5 if rng.random() < 0.15 else 0.12
    melds: list[Meld] = []
    concealed: list[Tile] = []
    want_open = False
    if form < 0.05 and open_rate >= 1:  # seven pairs and thirteen orphans are closed: not when all are open
        return random_win(rng, rules, open_rate=open_rate)
    if form < 0.04:
        kinds = rng.sample([k for k in range(34) if pool.counts[k]], 7)
        for k in kinds:
            concealed += pool.take_many([k, k], rng, red_ok) or []
    elif form < 0.05:
        extra = rng.choice(TERMINALS_AND_HONORS)
        concealed = pool.take_many([*TERMINALS_AND_HONORS, extra], rng, red_ok) or []
    else:
        want_open = rng.random() < open_rate
        style = rng.random()
        suit = rng.randrange(3)
        planned: list[list[int]] = []
        if style < 0.06:  # three-colour straight material
            start = rng.randrange(7)
            planned = [[k + start, k + start + 1, k + start + 2] for k in (0, 9, 18)]
        while len(melds) * 3 + len(concealed) < 12:
            if planned:
                kinds = planned.pop()
            elif style < 0.20:  # one suit (+ honors): honitsu, chinitsu, ittsu, chuuren
                if rng.random() < 0.65:
                    start = suit * 9 + rng.randrange(7)
                    kinds = [start, start + 1, start + 2]
                else:
                    k = rng.randrange(27, 34) if rng.random() < 0.3 else suit * 9 + rng.randrange(9)
                    kinds = [k, k, k]
            elif style < 0.30:  # terminals and honors everywhere: chanta, junchan, honroutou
                if rng.random() < 0.6:
                    start = rng.randrange(3) * 9 + rng.choice((0, 6))
                    kinds = [start, start + 1, start + 2]
                else:
                    k = rng.choice(TERMINALS_AND_HONORS)
                    kinds = [k, k, k]
            elif rng.random() < 0.62:
                start = rng.randrange(27)
                if start % 9 > 6:
                    continue
                kinds = [start, start + 1, start + 2]
            else:
                k = _random_kind(rng, honor_bias)
                kinds = [k, k, k]
            tiles = pool.take_many(kinds, rng, red_ok)
            if tiles is None:
                if planned or style < 0.30:
                    planned = []
                    style = 1.0
                continue
            is_run = kinds[0] != kinds[1]
            r = rng.random()
            if not is_run and r < 0.08 and pool.counts[kinds[0]] > 0:
                fourth = pool.take(kinds[0], rng, red_ok)
                assert fourth is not None
                tiles.append(fourth)
                kan_kind = rng.choice(
                    [MeldKind.KAN_CLOSED] + ([MeldKind.KAN_OPEN, MeldKind.KAN_ADDED] if want_open else [])
                )
                source = None if kan_kind is MeldKind.KAN_CLOSED else rng.choice(list(Source))
                melds.append(Meld(kan_kind, tuple(sorted(tiles)), None, source))
            elif want_open and r < 0.45 and (rules.chi or not is_run):
                kind = MeldKind.CHI if is_run else MeldKind.PON
                source = Source.LEFT if is_run else rng.choice(list(Source))
                melds.append(Meld(kind, tuple(sorted(tiles)), tiles[0], source))
            else:
                concealed += tiles
        while True:
            if style < 0.20:
                k = suit * 9 + rng.randrange(9) if rng.random() < 0.75 else rng.randrange(27, 34)
            elif style < 0.30:
                k = rng.choice(TERMINALS_AND_HONORS)
            else:
                k = _random_kind(rng, honor_bias)
            pair = pool.take_many([k, k], rng, red_ok)
            if pair is not None:
                concealed += pair
                break
    if len(concealed) + 3 * len(melds) != 14:
        return random_win(rng, rules, open_rate=open_rate)
    hand = Hand(tuple(sorted(concealed)), tuple(melds))
    if want_open and hand.is_closed:  # meant to be open, but no set was called: again
        return random_win(rng, rules, open_rate=open_rate)
    if rules.nukidora and not rules.north_kept and any(t.kind == NORTH for t in hand.all_tiles()):
        return random_win(rng, rules, open_rate=open_rate)
    win = rng.choice(concealed)
    closed = hand.is_closed
    tsumo = rng.random() < 0.45
    riichi = closed and rng.random() < 0.5
    double = riichi and rng.random() < 0.08
    ippatsu = riichi and rules.ippatsu and rng.random() < 0.2
    has_kan = any(m.kind.is_kan for m in melds)
    n_ind = 1 + sum(1 for m in melds if m.kind.is_kan) if rules.kan_dora else 1
    indicators = []
    for _ in range(n_ind * (2 if riichi else 1)):
        while True:
            k = rng.randrange(34)
            t = pool.take(k, rng, red_ok)
            if t is not None:
                indicators.append(t)
                break
    dora = tuple(indicators[:n_ind])
    ura = tuple(indicators[n_ind:]) if riichi and rules.ura_dora else ()
    rinshan = tsumo and has_kan and rng.random() < 0.15
    haitei = tsumo and not rinshan and rng.random() < 0.05
    houtei = not tsumo and rng.random() < 0.05
    chankan = not tsumo and not houtei and rng.random() < 0.04
    nuki = 0
    if rules.nukidora:  # Norths set aside (three players): often none, sometimes several
        nuki = min(pool.counts[NORTH], rng.choice((0, 0, 0, 1, 1, 2, 3, 4)))
        pool.counts[NORTH] -= nuki
    winds = WINDS[: rules.players]
    ctx = WinContext(
        win_tile=win,
        nuki=nuki,
        tsumo=tsumo,
        riichi=riichi and not double,
        double_riichi=double,
        ippatsu=ippatsu,
        seat_wind=rng.choice(winds),
        round_wind=rng.choice(WINDS[:2]),
        dora_indicators=dora,
        ura_indicators=ura,
        honba=rng.choice((0, 0, 0, 1, 2, 3)),
        riichi_sticks=rng.choice((0, 0, 1, 2)),
        haitei=haitei,
        houtei=houtei,
        rinshan=rinshan,
        chankan=chankan,
    )
    return hand, ctx


__all__ = ["random_win"]
