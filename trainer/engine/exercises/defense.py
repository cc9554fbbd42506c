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

from pydantic import Field, model_validator

from trainer.engine import safety
from trainer.engine.exercises.base import Exercise, GeneratorError, Params, draft
from trainer.engine.notation import format_tiles
from trainer.engine.tiles import kind_name

POOL_FILE = "safe_tile_situations.json"
"""The played situations, in ``trainer/engine/data``."""

MIN_SITUATIONS = 10
"""Fewest stored situations a level needs (fewer would repeat within a drill)."""

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

    @model_validator(mode="after")
    def _served(self) -> SafeTileParams:
        if len(candidates(self)) < MIN_SITUATIONS:
            raise ValueError(f"only {len(candidates(self))} stored situations have {self.riichi_players} riichi "
                             f"player(s) and a safest tile made safe by {' / '.join(self.tools)} alone: add another tool")
        return self


def play_situations(seeds: range, preset: str = "tenhou_no_aka") -> list[dict[str, Any]]:
    """Play the first hand of a bot match per seed (four efficient bots) and record, as plain
    data, every turn where a player not in riichi must discard while an opponent is in riichi.

    One record per hand: ``log``, every discard in table order as ``[seat, kind, flags]``
    (flags 1 = riichi declaration, 2 = called away); ``melds``, every meld tile as it was laid
    down, ``[seat, kind]`` in order; ``dora``, the dora indicators in order; and ``turns``, one
    ``[discards so far, meld tiles so far, indicators so far, seat, hand]`` per situation (the
    build script appends each turn's :func:`summary`: riichi players and tool codes).
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


def unpack_turn(h: dict[str, Any], turn: list[Any]) -> dict[str, Any]:
    """One recorded turn as a situation: ``seat``, ``hand`` (text), ``concealed`` kinds, ``log``,
    per-seat ``melds`` (text), ``dora`` kinds and ``riichi`` seats at that moment."""
    from trainer.engine.notation import parse_hand

    n, m, d, seat, text = turn[:5]
    log = h["log"][:n]
    per_seat: list[list[int]] = [[], [], [], []]
    for s, k in h["melds"][:m]:
        per_seat[s].append(k)
    return {"seat": seat, "hand": text,
            "concealed": sorted(t.kind for t in parse_hand(text, check_size=False).concealed),
            "log": log, "melds": [format_tiles(sorted(ks)) for ks in per_seat],
            "dora": h["dora"][:d], "riichi": sorted({s for s, _k, f in log if f & 1})}


def unpack(hands: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every recorded turn of the hands as a situation (see :func:`unpack_turn`)."""
    return [unpack_turn(h, t) for h in hands for t in h["turns"]]


@cache
def _stored() -> tuple[dict[str, Any], ...]:
    text = resources.files("trainer.engine").joinpath("data", POOL_FILE).read_text(encoding="utf-8")
    return tuple(json.loads(text)["hands"])


@cache
def index() -> tuple[tuple[int, int, int, frozenset[str]], ...]:
    """One entry per stored turn: (hand, turn, riichi players, the tools its safest tiles rest
    on), read from the file's summaries (:func:`summary`, written by the build script)."""
    out = []
    for hi, h in enumerate(_stored()):
        for ti, t in enumerate(h["turns"]):
            out.append((hi, ti, t[5], frozenset(TOOL_CODES[c] for c in t[6])))
    return tuple(out)


def situations() -> list[dict[str, Any]]:
    """Every stored situation, unpacked (slow: for tests and the build script)."""
    return unpack(list(_stored()))


TOOL_CODES = {"g": "genbutsu", "s": "suji", "k": "kabe", "h": "honors"}
"""One-letter codes of the tools in the stored summaries."""


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


def summary(sit: dict[str, Any]) -> tuple[int, frozenset[str], frozenset[int], dict, safety.Table] | None:
    """What any level needs to know of a situation: the riichi players, the tools its safest
    tiles rest on, those tiles, the ratings and the table; None when it serves no level (no
    clear safest group of one or two kinds that not every tile belongs to, no tool behind it,
    or a riichi discard in your own meld, which the screen would show twice)."""
    table = table_of(sit)
    if _shown_twice(sit, table):
        return None
    best, rated = safety.safest(table)
    if not best or len(best) == len(rated) or len(best) > 2:
        return None
    need: set[str] = set()
    for k in best:
        need |= _needed_tools(rated[k])
    if not need:
        return None
    return len(table.threats()), frozenset(need), best, rated, table


def suits_level(p: SafeTileParams, players: int, need: frozenset[str]) -> bool:
    """Whether safest tiles resting on ``need`` suit the level: its number of riichi players,
    and tools among the level's (with two riichi players, genbutsu against one of them may
    join the level's tool, which still decides the item)."""
    allowed = set(p.tools)
    extra = {"genbutsu"} if p.riichi_players == 2 else set()
    return players == p.riichi_players and bool(need & allowed) and need <= allowed | extra


def fits(p: SafeTileParams, sit: dict[str, Any]) -> tuple[frozenset[int], dict, safety.Table] | None:
    """The answer (the tiles at least as safe as all others), the ratings and the table when
    the situation suits the level (see :func:`summary` and :func:`suits_level`)."""
    got = summary(sit)
    if got is None or not suits_level(p, got[0], got[1]):
        return None
    return got[2], got[3], got[4]


def candidates(p: SafeTileParams) -> tuple[tuple[int, int], ...]:
    """The stored turns (hand, turn) whose summary suits the level."""
    return _candidates(p.riichi_players, tuple(sorted(set(p.tools))))


@cache
def _candidates(players: int, tools: tuple[str, ...]) -> tuple[tuple[int, int], ...]:
    p = SafeTileParams.model_construct(riichi_players=players, tools=list(tools))  # no validation: no recursion
    return tuple((h, t) for h, t, n, need in index() if suits_level(p, n, need))


def make(p: SafeTileParams, rng: random.Random) -> Exercise:
    """A real situation against riichi: pick the tile that is at least as safe as every other."""
    pool = candidates(p)
    start = rng.randrange(len(pool)) if pool else 0
    for j in range(len(pool)):  # from a random place on (a full shuffle of thousands costs too much)
        h, t = pool[(start + j) % len(pool)]
        sit = unpack_turn(_stored()[h], _stored()[h]["turns"][t])
        got = fits(p, sit)  # the stored summary is rechecked on the situation itself
        if got is not None:
            return _exercise(sit, got[2], got[0], got[1])
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
    seen.extend(_others_meld_kinds(sit, me))  # your own melds show in your hand
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
    return draft("safe_tile", "pick_tiles", best, explanation, hand=_hand_with_melds(sit, table),
                 palette=format_tiles(sorted(set(table.hand))), rivers=tuple(rivers), riichi_at=tuple(riichi_at),
                 passed=tuple(passed), threats=tuple(who[s] for s in threats), seen=format_tiles(sorted(seen)),
                 dora=format_tiles(list(table.dora_indicators), sort=False))


def _hand_with_melds(sit: dict[str, Any], table: safety.Table) -> str:
    """Your hand as the prompt shows it: the concealed tiles, then your called sets as they lie at
    the table (the recorded hand's melds, with the called tile and where it came from), so an
    11-tile hand after a call reads as a whole hand."""
    from trainer.engine.notation import format_hand, parse_hand

    concealed = format_tiles(list(table.hand))
    try:
        hand = parse_hand(sit["hand"], check_size=False)
    except ValueError:
        return concealed
    if not hand.melds or sorted(t.kind for t in hand.concealed) != sorted(table.hand):
        return concealed
    return format_hand(hand)


def _threat_item(who: int, s: safety.TileSafety, n_threats: int) -> dict[str, Any]:
    """One tile against one riichi player as explanation data (ids and tiles, no prose)."""
    return {
        "who": who if n_threats > 1 else 0,
        "reasons": tuple((r.id, format_tiles(list(r.tiles)) if r.tiles else "", r.source) for r in s.reasons),
        "open": tuple((w.shape, format_tiles(list(w.partial)) if w.partial else "") for w in s.open_waits),
        "unseen": s.unseen,
    }


__all__ = [
    "TOOLS", "SafeTileParams", "candidates", "fits", "index", "make", "play_situations", "situations", "suits_level",
    "summary", "table_of", "unpack", "unpack_turn",
]
