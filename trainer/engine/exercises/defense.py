"""Defense against riichi (``safe_tile``, curriculum §3.1 #25): the rivers of the riichi
players and your own hand — which tile is the safest to discard?

Situations are real: the game engine played the first hands of bot matches and every turn
of a player facing a riichi was kept (``scripts/build_safe_pool.py`` writes them to
``trainer/engine/data/safe_tile_situations.json``; :func:`play_situations` is the same
code).  How safe each tile is comes from :mod:`trainer.engine.safety`: the waits that could
still win on it against every riichi player, and the reasons (genbutsu, suji, kabe,
honors) that close the others.  An item is kept only when some tiles of the hand are at
least as safe as every other tile *on every wait* — no odds, no hidden scale — and what
makes them safe is a tool the level teaches.  Every tile the answer rests on is in the
prompt: each riichi river with its declaration tile, the tiles passed after each riichi,
the other rivers and melds, and the dora indicators.
"""

from __future__ import annotations

import json
import random
from functools import cache
from importlib import resources
from typing import Any, Literal

from pydantic import Field

from trainer.engine import safety
from trainer.engine.exercises.base import Exercise, GeneratorError, Params, draft
from trainer.engine.notation import format_tiles
from trainer.engine.tiles import kind_name

POOL_FILE = "safe_tile_situations.json"
"""The played situations, in ``trainer/engine/data``."""

TOOLS = ("genbutsu", "suji", "kabe", "honors")
"""What makes the safest tile safe: the riichi player's own (or passed) tile, a suji, a
wall (kabe), an honor (no runs, copies seen)."""

TOOL_OF_REASON: dict[str, str] = {
    "genbutsu": "genbutsu", "suji": "suji", "kabe": "kabe", "copies_visible": "kabe",
    "honor": "honors", "honor_visible": "honors",
}
"""The level tool each :data:`trainer.engine.safety.ReasonId` belongs to (copies of the tile
itself all visible is the wall seen from the tile's own side)."""


class SafeTileParams(Params):
    """Parameters of ``safe_tile``."""

    riichi_players: Literal[1, 2] = Field(1, description="players in riichi")
    tools: list[Literal["genbutsu", "suji", "kabe", "honors"]] = Field(
        ["genbutsu"], min_length=1, description="what may make the safest tile safe")


def play_situations(seeds: range, preset: str = "tenhou_no_aka") -> list[dict[str, Any]]:
    """Play the first hand of a bot match per seed (four efficient bots) and record, as plain
    data, every turn where a player not in riichi must discard while an opponent is in riichi.

    One record per hand: ``log``, every discard in table order as ``[seat, kind, flags]``
    (flags 1 = riichi declaration, 2 = called away); ``melds``, every meld tile as it was laid
    down, ``[seat, kind]`` in order; ``dora``, the dora indicators in order; and ``turns``, one
    ``[discards so far, meld tiles so far, indicators so far, seat, hand]`` per situation.
    Every discard before a turn already has its final "called" flag (a call follows its
    discard at once), so a prefix of the hand's record is exactly the table at that turn."""
    from trainer.engine.bots.efficient import EfficientBot
    from trainer.engine.game.match import Match
    from trainer.engine.game.round import Phase
    from trainer.engine.game.view import make_view
    from trainer.engine.notation import format_hand

    out: list[dict[str, Any]] = []
    bots = [EfficientBot() for _ in range(4)]
    for seed in seeds:
        rnd = Match(preset, seed=seed).start_round()
        melds: list[list[int]] = []
        laid = [[0] * 34 for _ in range(4)]
        turns: list[list[Any]] = []
        view = None
        while not rnd.ended:
            for seat in rnd.to_act():
                view = make_view(rnd, seat)
                for s in range(4):  # meld tiles laid down since the last look, in seat order
                    now = [0] * 34
                    for m in view.melds[s]:
                        for t in m.tiles:
                            now[t.kind] += 1
                    for k in range(34):
                        melds.extend([s, k] for _ in range(now[k] - laid[s][k]))
                    laid[s] = now
                legal = rnd.legal_actions(seat)
                if (rnd.phase is Phase.TURN and not view.riichi[seat]
                        and any(view.riichi[s] for s in range(4) if s != seat)):
                    n = sum(len(r) for r in view.rivers)
                    turns.append([n, len(melds), len(view.dora_indicators), seat, format_hand(view.hand)])
                rnd.apply(seat, bots[seat].choose(view, legal))
        if turns and view is not None:
            table = safety.table_of(make_view(rnd, 0))
            out.append({"log": [[d.seat, d.kind, int(d.riichi) | 2 * int(d.called)] for d in table.log],
                        "melds": melds, "dora": [t.kind for t in rnd.wall.dora_indicators], "turns": turns})
    return out


def unpack(hands: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One situation per recorded turn: ``seat``, ``hand`` (text), ``concealed`` kinds, ``log``,
    per-seat ``melds`` (text), ``dora`` kinds and ``riichi`` seats at that moment."""
    from trainer.engine.notation import parse_hand

    out = []
    for h in hands:
        for n, m, d, seat, text in h["turns"]:
            log = h["log"][:n]
            per_seat: list[list[int]] = [[], [], [], []]
            for s, k in h["melds"][:m]:
                per_seat[s].append(k)
            out.append({"seat": seat, "hand": text,
                        "concealed": sorted(t.kind for t in parse_hand(text, check_size=False).concealed),
                        "log": log, "melds": [format_tiles(sorted(ks)) for ks in per_seat],
                        "dora": h["dora"][:d], "riichi": sorted({s for s, _k, f in log if f & 1})})
    return out


@cache
def situations() -> tuple[dict[str, Any], ...]:
    """The stored situations (see :func:`play_situations`, :func:`unpack`)."""
    text = resources.files("trainer.engine").joinpath("data", POOL_FILE).read_text(encoding="utf-8")
    return tuple(unpack(json.loads(text)["hands"]))


def table_of(sit: dict[str, Any]) -> safety.Table:
    """The :class:`~trainer.engine.safety.Table` of a situation."""
    from trainer.engine.notation import parse_tiles

    log = tuple(safety.TableDiscard(i, s, k, bool(f & 1), bool(f & 2)) for i, (s, k, f) in enumerate(sit["log"]))
    melds = tuple(t.kind for text in sit["melds"] for t in parse_tiles(text, max_copies=None))
    return safety.Table(sit["seat"], tuple(sit["concealed"]), log, melds, tuple(sit["dora"]), tuple(sit["riichi"]))


def _others_meld_kinds(sit: dict[str, Any], me: int) -> list[int]:
    """Every tile in the other players' melds (yours show in your hand)."""
    from trainer.engine.notation import parse_tiles

    return [t.kind for s in range(4) if s != me for t in parse_tiles(sit["melds"][s], max_copies=None)]


def _shown_twice(sit: dict[str, Any], table: safety.Table) -> bool:
    """Whether a riichi player's discard went into *your* meld: the prompt would show it in that
    river and in your hand, and a learner counting copies for a wall would count it twice."""
    others = _others_meld_kinds(sit, table.seat)
    for d in table.log:
        if d.called and d.seat in table.threats():
            if d.kind not in others:
                return True
            others.remove(d.kind)
    return False


def _needed_tools(rated: tuple[safety.TileSafety, ...]) -> set[str]:
    """The level tools a tile's safety rests on against every riichi player."""
    return {TOOL_OF_REASON[r.id] for s in rated for r in s.reasons}


def fits(p: SafeTileParams, sit: dict[str, Any]) -> tuple[frozenset[int], dict, safety.Table] | None:
    """The answer (the tiles at least as safe as all others), the ratings and the table when
    the situation suits the level: the right number of riichi players, a clear safest group of
    one or two kinds that not every tile belongs to, made safe by the level's tools and by no
    other (with two riichi players, genbutsu against one of them may join the level's tool)."""
    table = table_of(sit)
    threats = table.threats()
    if len(threats) != p.riichi_players:
        return None
    if _shown_twice(sit, table):
        return None
    best, rated = safety.safest(table)
    if not best or len(best) == len(rated) or len(best) > 2:
        return None
    need: set[str] = set()
    for k in best:
        need |= _needed_tools(rated[k])
    allowed = set(p.tools)
    # against two riichi players a tile may be genbutsu for one of them and safe by the level's
    # tool against the other: the tool still decides the item
    extra = {"genbutsu"} if p.riichi_players == 2 else set()
    if not need & allowed or not need <= allowed | extra:
        return None
    return best, rated, table


def make(p: SafeTileParams, rng: random.Random) -> Exercise:
    """A real situation against riichi: pick the tile that is at least as safe as every other."""
    pool = situations()
    order = list(range(len(pool)))
    rng.shuffle(order)
    for i in order:
        got = fits(p, pool[i])
        if got is None:
            continue
        best, rated, table = got
        return _exercise(pool[i], table, best, rated)
    raise GeneratorError(f"no situation with {p.riichi_players} riichi player(s) fits the tools {p.tools}")


def _exercise(sit: dict[str, Any], table: safety.Table, best: frozenset[int],
              rated: dict[int, tuple[safety.TileSafety, ...]]) -> Exercise:
    me = table.seat
    threats = table.threats()
    rivers, riichi_at, passed = [], [], []
    for s in threats:
        # a riichi river is shown whole, called tiles too: each one is that player's genbutsu
        shown = [d for d in table.log if d.seat == s]
        rivers.append(format_tiles([d.kind for d in shown], sort=False))
        riichi_at.append(next(i for i, d in enumerate(shown) if d.riichi))
        passed.append(format_tiles(sorted(safety.passed_after_riichi(table, s))))
    seen = [d.kind for d in table.log if d.seat not in threats and not d.called]  # your river too
    seen.extend(_others_meld_kinds(sit, me))
    for d in table.log:
        if d.called and d.seat in threats:
            seen.remove(d.kind)  # already shown in that riichi river: every copy on screen once
    who = {s: (s - me) % 4 for s in threats}  # 1 right (shimocha), 2 across, 3 left (kamicha)
    ordered = sorted(rated, key=lambda k: (k not in best, safety.danger(rated[k]), k))
    explanation: list[dict[str, Any]] = [{"kind": "safest", "tiles": format_tiles(sorted(best)),
                                          "count": len(best)}]
    for k in ordered:
        explanation.append({"kind": "safety", "tile": kind_name(k), "best": k in best,
                            "threats": tuple(_threat_item(who[s.seat], s, len(threats)) for s in rated[k])})
    return draft("safe_tile", "pick_tiles", best, explanation, hand=sit["hand"],
                 palette=format_tiles(sorted(set(table.hand))), rivers=tuple(rivers), riichi_at=tuple(riichi_at),
                 passed=tuple(passed), threats=tuple(who[s] for s in threats), seen=format_tiles(sorted(seen)),
                 dora=format_tiles(list(table.dora_indicators), sort=False))


def _threat_item(who: int, s: safety.TileSafety, n_threats: int) -> dict[str, Any]:
    """One tile against one riichi player as explanation data (ids and tiles, no prose)."""
    return {
        "who": who if n_threats > 1 else 0,
        "reasons": tuple((r.id, format_tiles(list(r.tiles)) if r.tiles else "", r.source) for r in s.reasons),
        "open": tuple((w.shape, format_tiles(list(w.partial)) if w.partial else "") for w in s.open_waits),
        "unseen": s.unseen,
    }


__all__ = ["TOOLS", "SafeTileParams", "fits", "make", "play_situations", "situations", "table_of", "unpack"]
