"""Defense against riichi (``safe_tile``, curriculum §3.1 #25): the rivers of a riichi
player and your own hand — which tile is the safest to discard?

Situations are real: the game engine plays the first hand of bot matches (four
efficient bots) with fixed seeds, and every turn of a player facing a riichi becomes a
candidate.  The danger of each tile is the careful bot's own estimate
(:meth:`trainer.engine.bots.careful.CarefulBot.danger_notes`: genbutsu, honors by copies
seen, suji, kabe, the tile's rank); the answer is the one tile it rates safest, kept only
when that tile is safest because of a tool the level teaches.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any, Literal

from pydantic import Field

from trainer.engine.bots.careful import CarefulBot
from trainer.engine.bots.efficient import EfficientBot
from trainer.engine.exercises.base import Exercise, GeneratorError, Params, draft
from trainer.engine.game.match import Match
from trainer.engine.game.round import Phase
from trainer.engine.game.view import PlayerView, make_view
from trainer.engine.notation import format_hand, format_tiles
from trainer.engine.tiles import kind_name

POOL_GAMES = 48
"""Bot hands played (match seeds 0..47, first hand each) to collect the situations."""

TOOLS = ("genbutsu", "suji", "kabe", "honors")
"""What makes the safest tile safe: the riichi player's own (or passed) tile, a suji, a
wall (kabe), an honor with copies already seen."""


class SafeTileParams(Params):
    """Parameters of ``safe_tile``."""

    riichi_players: Literal[1, 2] = Field(1, description="players in riichi")
    tools: list[Literal["genbutsu", "suji", "kabe", "honors"]] = Field(
        ["genbutsu"], min_length=1, description="what may make the safest tile safe")


@cache
def situations() -> tuple[PlayerView, ...]:
    """Every turn, in the first hands of :data:`POOL_GAMES` seeded bot matches, where a player
    not in riichi must discard while an opponent is in riichi (the player's view of it)."""
    out: list[PlayerView] = []
    bots = [EfficientBot() for _ in range(4)]
    for seed in range(POOL_GAMES):
        rnd = Match("tenhou_no_aka", seed=seed).start_round()
        while not rnd.ended:
            for seat in rnd.to_act():
                view = make_view(rnd, seat)
                legal = rnd.legal_actions(seat)
                if (rnd.phase is Phase.TURN and not view.riichi[seat]
                        and any(view.riichi[s] for s in range(4) if s != seat)):
                    out.append(view)
                rnd.apply(seat, bots[seat].choose(view, legal))
    return tuple(out)


def _tool_of(notes: list[dict[str, Any]]) -> set[str]:
    """The tools that make a tile safe against every riichi player (each note one player)."""
    per_player = []
    for n in notes:
        got = set()
        if n.get("genbutsu"):
            got.add("genbutsu")
        if "honor_left" in n:
            got.add("honors")
        if n.get("suji"):
            got.add("suji")
        if n.get("kabe"):
            got.add("kabe")
        per_player.append(got)
    return set.union(*per_player) if per_player else set()


def rate(view: PlayerView) -> dict[int, tuple[float, list[dict[str, Any]]]]:
    """Each kind in the hand with the careful bot's danger and its notes per riichi player."""
    bot = CarefulBot()
    visible = view.visible_counts()
    out = {}
    for kind in sorted({t.kind for t in view.hand.concealed}):
        notes = bot.danger_notes(view, kind, visible)
        out[kind] = (bot.danger(view, kind, visible), notes)
    return out


def _fits(p: SafeTileParams, view: PlayerView) -> tuple[int, dict] | None:
    threats = [s for s in range(4) if s != view.seat and view.riichi[s]]
    if len(threats) != p.riichi_players:
        return None
    rated = rate(view)
    best = min(d for d, _n in rated.values())
    top = [k for k, (d, _n) in rated.items() if d == best]
    if len(top) != 1 or all(d == best for d, _n in rated.values()):
        return None
    notes = rated[top[0]][1]
    tools = _tool_of(notes)
    allowed = set(p.tools)
    if "genbutsu" not in allowed and best == 0.0:
        return None  # a level without genbutsu wants the hand to hold none
    if best > 0.0 and not tools & allowed:
        return None
    if best == 0.0 and "genbutsu" not in tools:
        return None
    if best > 0.0 and "honors" in tools and "honors" not in allowed:
        return None
    return top[0], rated


def make(p: SafeTileParams, rng: random.Random) -> Exercise:
    """A real situation against riichi: pick the tile the careful bot rates safest."""
    pool = situations()
    order = list(range(len(pool)))
    rng.shuffle(order)
    for i in order:
        view = pool[i]
        got = _fits(p, view)
        if got is None:
            continue
        kind, rated = got
        return _exercise(view, kind, rated)
    raise GeneratorError(f"no situation with {p.riichi_players} riichi player(s) fits the tools {p.tools}")


def _passed(view: PlayerView, p: int) -> list[int]:
    """Tiles the other players discarded after ``p``'s riichi (the careful bot's genbutsu too)."""
    bot = CarefulBot()
    own = {d.tile.kind for d in view.rivers[p]}
    return sorted(bot.safe_set(view, p) - own)


def _exercise(view: PlayerView, kind: int, rated: dict[int, tuple[float, list[dict[str, Any]]]]) -> Exercise:
    threats = [s for s in range(4) if s != view.seat and view.riichi[s]]
    rel = {s: (s - view.seat) % 4 for s in threats}  # 1 right (shimocha), 2 across, 3 left (kamicha)
    rivers = tuple(format_tiles([d.tile for d in view.rivers[s]], sort=False) for s in threats)
    riichi_at = tuple(next((i for i, d in enumerate(view.rivers[s]) if d.riichi), -1) for s in threats)
    passed = tuple(format_tiles(_passed(view, s)) for s in threats)
    seen = [0] * 34
    for s in range(4):
        if s in threats:
            continue
        for d in view.rivers[s]:
            if not d.called:
                seen[d.tile.kind] += 1
    for ms in view.melds:
        for m in ms:
            for t in m.tiles:
                seen[t.kind] += 1
    explanation = [
        {"kind": "danger", "tile": kind_name(k), "danger": round(d, 2), "best": k == kind,
         "notes": tuple(tuple(sorted((key, v) for key, v in n.items() if key != "seat")) for n in notes)}
        for k, (d, notes) in sorted(rated.items(), key=lambda kv: kv[1][0])
    ]
    hand_kinds = sorted({t.kind for t in view.hand.concealed})
    return draft("safe_tile", "pick_tiles", frozenset({kind}), explanation, hand=format_hand(view.hand),
                 palette=format_tiles(hand_kinds), rivers=rivers, riichi_at=riichi_at, passed=passed,
                 threats=tuple(rel[s] for s in threats), seen=format_tiles([k for k in range(34) for _ in range(seen[k])]),
                 dora=format_tiles(view.dora_indicators, sort=False))


__all__ = ["TOOLS", "SafeTileParams", "make", "rate", "situations"]
