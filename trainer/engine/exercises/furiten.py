"""Furiten situations (``furiten_situation``, curriculum §3.1 #16): a tenpai hand, its own
river, the tiles the others threw and (maybe) a riichi — may this player call ron on the
tile just discarded?

Every situation is *played* on the game engine: a hand is set up with
:func:`trainer.engine.game.scenario.setup_round` so that the learner (seat 0, the dealer)
is tenpai, every seat draws and discards the planned tiles, all calls are passed, and the
answer is whether :meth:`Round.legal_actions` then offers the learner :class:`Ron`.  The
furiten rules (permanent, temporary, riichi) are the engine's own; the explanation names
the kind the engine's seat state records.
"""

from __future__ import annotations

import random
from typing import Literal

from pydantic import Field, field_validator

from trainer.engine.exercises.base import Exercise, GeneratorError, Option, PresetParams, draft
from trainer.engine.exercises.handgen import complete_counts, tiles_of_counts
from trainer.engine.game.actions import Discard, Pass, Riichi, Ron
from trainer.engine.game.round import Phase, Round
from trainer.engine.game.scenario import setup_round
from trainer.engine.hand import Hand
from trainer.engine.notation import format_hand, format_tiles
from trainer.engine.rules import load_rules
from trainer.engine.scoring import ScoringError, WinContext, score_hand
from trainer.engine.tiles import NUM_KINDS, Tile, kind_name
from trainer.engine.waits import waits

KINDS = ("permanent", "temporary", "riichi")
"""Furiten kinds: own discard (sutehai), a passed winning tile (doujun), after riichi."""

KIND_TERMS = {"permanent": "sutehai_furiten", "temporary": "doujun_furiten", "riichi": "riichi_furiten"}
"""The glossary term of each furiten kind."""

LEARNER = 0
"""The learner's seat in every situation (the dealer, who acts first)."""


class FuritenParams(PresetParams):
    """Parameters of ``furiten_situation``."""

    preset: str = Field("tenhou_no_aka", description="rule preset (furiten options differ by preset)")
    kinds: list[Literal["permanent", "temporary", "riichi"]] = Field(
        list(KINDS), min_length=1, description="which furiten situations appear")
    furiten_ratio: float = Field(0.6, ge=0, le=1, description="share of situations that are furiten")
    honors: bool = Field(True, description="honor tiles may appear in the hand")

    @field_validator("preset")
    @classmethod
    def _four_players(cls, v: str) -> str:
        if load_rules(v).players != 4:
            raise ValueError(f"furiten situations are set at a four-player table; '{v}' is a three-player preset")
        return v


def _limit(kind: int) -> int:
    return 3 if kind < 27 and kind % 9 == 4 else 4  # a red five may take the fourth copy


class _Tiles:
    """Copies used so far by the arrangement (hands, draws), so no kind is asked for too often."""

    def __init__(self) -> None:
        self.used = [0] * NUM_KINDS

    def take(self, kind: int) -> bool:
        if self.used[kind] >= _limit(kind):
            return False
        self.used[kind] += 1
        return True

    def junk(self, rng: random.Random, avoid: set[int]) -> int:
        for _ in range(200):
            k = rng.randrange(NUM_KINDS)
            if k not in avoid and self.take(k):
                return k
        raise GeneratorError("ran out of tiles for the situation")


def _tenpai(rng: random.Random, honors: bool) -> tuple[list[int], tuple[int, ...]]:
    while True:
        counts = complete_counts(rng, 4, honors=honors)
        held = [k for k in range(NUM_KINDS) for _ in range(counts[k])]
        counts[rng.choice(held)] -= 1
        ws = waits(Hand(tiles_of_counts(counts)))
        if ws and all(c <= _limit(k) for k, c in enumerate(counts)):
            return counts, ws


def _has_yaku(counts: list[int], win: int, riichi: bool, rules: object) -> bool:
    c = counts[:]
    c[win] += 1
    try:
        score_hand(Hand(tiles_of_counts(c)), WinContext(Tile(win), riichi=riichi), rules)  # type: ignore[arg-type]
    except ScoringError:
        return False
    return True


def _plan(p: FuritenParams, rng: random.Random, kind: str, furiten: bool, counts: list[int],
          ws: tuple[int, ...]) -> tuple[list[int], list[tuple[int, int, str]], int] | None:
    """The learner's 13 starting tiles and the turns: (seat, drawn kind, what to do)."""
    tiles = _Tiles()
    for k in range(NUM_KINDS):
        for _ in range(counts[k]):
            tiles.take(k)
    wset = set(ws)
    start = [k for k in range(NUM_KINDS) for _ in range(counts[k])]
    rounds = rng.randint(2, 4)
    s_final = rng.randint(1, 3)
    win = rng.choice(ws)
    turns: list[tuple[int, int, str]] = []
    swap_at = rng.randrange(rounds)
    pass_at = rng.randrange(rounds - 1) if kind != "temporary" or not furiten else rounds - 1
    pass_seat = rng.randint(1, 2) if kind == "temporary" and furiten else rng.randint(1, 3)
    if kind == "temporary" and furiten:
        s_final = rng.randint(pass_seat + 1, 3)
    if kind == "permanent":
        out = rng.choice(ws) if furiten else tiles.junk(rng, wset)
        if furiten and not tiles.take(out):
            return None
        a = rng.choice(start)
        start.remove(a)
        start.append(out)
    if kind == "riichi" and not furiten:
        pass_at, pass_seat = 0, rng.randint(1, 3)  # a pass before the riichi: cleared by the riichi discard
    for r in range(rounds):
        for seat in range(4):
            if r == rounds - 1 and seat == s_final:
                if not tiles.take(win):
                    return None
                turns.append((seat, win, "discard"))
                return start, turns, win
            if seat == LEARNER:
                if kind == "permanent" and r == swap_at:
                    turns.append((seat, a, f"swap:{out}"))
                elif kind == "riichi" and r == (0 if furiten else 1):
                    turns.append((seat, tiles.junk(rng, wset), "riichi"))
                else:
                    turns.append((seat, tiles.junk(rng, wset), "discard"))
                continue
            passes = kind in ("temporary", "riichi") and r == pass_at and seat == pass_seat
            if passes:
                w1 = rng.choice(ws)
                if not tiles.take(w1):
                    return None
                turns.append((seat, w1, "discard"))
            else:
                turns.append((seat, tiles.junk(rng, wset), "discard"))
    return None


def _play(p: FuritenParams, rng: random.Random, start: list[int],
          turns: list[tuple[int, int, str]]) -> tuple[Round, list[str], bool, list[int]] | None:
    """Set the hand up and play the planned turns (every call passed).  Returns the round, the
    four starting hands, whether the engine offered the learner ron on the last discard (when
    it offers nobody anything the hand simply goes on) and the learner's concealed kinds at that
    moment; None if the engine's table went elsewhere (an abortive draw)."""
    pool = [0] * NUM_KINDS
    for k in start:
        pool[k] += 1
    for _s, k, _w in turns:
        pool[k] += 1
    others = []
    for _seat in range(3):
        hand = []
        while len(hand) < 13:
            k = rng.randrange(NUM_KINDS)
            if pool[k] < _limit(k):
                pool[k] += 1
                hand.append(k)
        others.append(format_tiles(hand))
    draws = format_tiles([k for _s, k, _w in turns], sort=False)
    hands = [format_tiles(start), *others]
    rnd = setup_round(hands, draws, rules=p.preset, seed=rng.randrange(1 << 30))
    for i, (seat, _kind, what) in enumerate(turns):
        if rnd.phase is not Phase.TURN or rnd.current != seat:
            return None
        drawn = rnd.seats[seat].drawn
        if what.startswith("swap:"):
            out = int(what[5:])
            action = Discard(next(t for t in rnd.seats[seat].concealed if t.kind == out))
        elif what == "riichi":
            action = Riichi(drawn)  # type: ignore[arg-type]
        else:
            action = Discard(drawn)  # type: ignore[arg-type]
        if action not in rnd.legal_actions(seat):
            return None
        if i == len(turns) - 1:
            held = sorted(t.kind for t in rnd.seats[LEARNER].concealed)
            rnd.apply(seat, action)
            offered = rnd.phase is Phase.CALLS and Ron() in rnd.legal_actions(LEARNER)
            return rnd, hands, offered, held
        rnd.apply(seat, action)
        while rnd.phase is Phase.CALLS:
            for s in rnd.to_act():
                rnd.apply(s, Pass())
        if rnd.ended:
            return None
    return None


def make(p: FuritenParams, rng: random.Random) -> Exercise:
    """A played-out situation: may the learner (seat 0) call ron on the tile just discarded?"""
    rules = load_rules(p.preset)
    for _ in range(60):
        kind = rng.choice(p.kinds)
        furiten = rng.random() < p.furiten_ratio
        counts, ws = _tenpai(rng, p.honors)
        if not all(_has_yaku(counts, w, kind == "riichi", rules) for w in ws):
            continue
        plan = _plan(p, rng, kind, furiten, counts, ws)
        if plan is None:
            continue
        start, turns, win = plan
        played = _play(p, rng, start, turns)
        if played is None:
            continue
        rnd, hands, ron, held = played
        if held != [k for k in range(NUM_KINDS) for _ in range(counts[k])]:
            continue
        got = _furiten_kind(rnd)
        if ron == (got is not None) or (got is not None) != furiten:
            continue  # not the situation planned (the engine decides; keep only clean cases)
        return _exercise(rnd, turns, win, ron, got, ws, hands, held)
    raise GeneratorError("no furiten situation could be played out in 60 tries")


def _furiten_kind(rnd: Round) -> str | None:
    """Which furiten the engine's seat state records for the learner (None: not furiten)."""
    s = rnd.seats[LEARNER]
    if not s.furiten:
        return None
    if s.riichi_furiten:
        return "riichi"
    if any(w in s.river_kinds for w in s.waits):
        return "permanent"
    return "temporary"


def _exercise(rnd: Round, turns: list[tuple[int, int, str]], win: int, ron: bool, got: str | None,
              ws: tuple[int, ...], hands: list[str], held: list[int]) -> Exercise:
    me = rnd.seats[LEARNER]
    river = [d.tile for d in me.river]
    riichi_at = next((i for i, d in enumerate(me.river) if d.riichi), None)
    # after riichi what counts is every tile passed since the declaration; otherwise since one's last discard
    cut = next((i for i, (s, _k, w) in enumerate(turns) if s == LEARNER and w == "riichi"), None)
    if cut is None:
        cut = max(i for i, (s, _k, _w) in enumerate(turns) if s == LEARNER)
    before = [k for i, (s, k, _w) in enumerate(turns[:-1]) if s != LEARNER and i < cut]
    since = [k for i, (s, k, _w) in enumerate(turns[:-1]) if s != LEARNER and i > cut]
    hand = Hand(tuple(Tile(k) for k in held))
    explanation: list[dict] = [{"kind": "furiten", "furiten": got or "none", "term": KIND_TERMS.get(got or "", ""),
                                "waits": format_tiles(ws), "tile": kind_name(win), "ron": ron}]
    if got == "permanent":
        explanation[0]["in_river"] = format_tiles(sorted(set(ws) & me.river_kinds))
    options = [Option("yes", ref="ron"), Option("no", ref="furiten")]
    return draft("furiten_ron", "choice", frozenset({"yes" if ron else "no"}), explanation,
                 hand=format_hand(hand), tiles=kind_name(win), options=options,
                 river=format_tiles(river, sort=False), riichi_at=-1 if riichi_at is None else riichi_at,
                 riichi=me.riichi, before=format_tiles(before, sort=False), since=format_tiles(since, sort=False),
                 hands=tuple(hands), turns=tuple(_turn_record(t) for t in turns))


def _turn_record(turn: tuple[int, int, str]) -> tuple[int, str, str, bool]:
    """One turn as (seat, tile drawn, tile discarded, riichi declared): enough to replay the hand."""
    seat, drawn, what = turn
    out = int(what[5:]) if what.startswith("swap:") else drawn
    return seat, kind_name(drawn), kind_name(out), what == "riichi"


__all__ = ["KINDS", "FuritenParams", "make"]
