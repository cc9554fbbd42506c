"""One game of a play mode between bots: the hands a mode plays and the points it keeps.

Most modes are one hand a game.  A mode with ``max_hands`` above 1 (risu) plays hands
with the deal passing round the table and the points carried over, until someone's
points go below zero or the hands run out.  The A/B game's dealer keeps the deal on its own
agari and the points its losers pay stay on the table until the game's end, when they go to
the last one who declared agari (:mod:`trainer.engine.game.ab_game`); its clock
(``game_minutes``) is the table screen's, a bot game ends by ``max_hands``.  Used by
``trainer simulate --mode`` and ``benchmarks/bench_play_modes.py``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from trainer.engine.game.full_table import make_game
from trainer.engine.game.simple import SimpleResult
from trainer.engine.game.simple_bots import make_simple_bot
from trainer.engine.game.simple_modes import TableSetup


@dataclass(slots=True)
class GameOutcome:
    """How one game went: each hand's result, the final points (start points where the mode
    keeps none) and how long each bot decision took (CPU seconds, so other programs on a
    busy machine do not count)."""

    results: list[SimpleResult] = field(default_factory=list)
    points: list[int] = field(default_factory=list)
    decisions: list[float] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)  # how each hand ended where the game says (the A/B game)
    dealers: list[int] = field(default_factory=list)  # each hand's dealer
    table_points: int = 0  # the A/B game: the points on the table at the end (paid out unless nobody won)
    table_paid_to: int | None = None  # the A/B game: who took them (the last to declare agari)


def play_mode_game(setup: TableSetup, seed: int, *, check: bool = False, limit: int = 10_000) -> GameOutcome:
    """Play one game of ``setup`` with the mode's bots at every seat (seeded by ``seed``);
    with ``check`` the table invariants are checked after every action."""
    shape = setup.shape_rules()
    bots = [make_simple_bot(setup.bots, seed * 10 + s, setup.rules, shape) for s in range(setup.players)]
    out = GameOutcome(points=[setup.start_points] * setup.players)
    dealer = 0
    for h in range(setup.max_hands):
        game = make_game(setup, seed * 100 + h, dealer=dealer, points=out.points)
        if hasattr(game, "table_points"):
            game.table_points = out.table_points
        out.dealers.append(dealer)
        for _step in range(limit):
            if game.ended:
                break
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            start = time.process_time()
            action = bots[seat].choose(game.view(seat), legal)
            out.decisions.append(time.process_time() - start)
            game.apply(seat, action)
            if check:
                game.check()
        if game.result is None:
            raise RuntimeError(f"{setup.mode}: the hand did not end within {limit} actions")
        out.results.append(game.result)
        out.reasons.append(getattr(game, "end_reason", ""))
        out.points = list(game.points)
        out.table_points = getattr(game, "table_points", 0)
        if game.result.winners and hasattr(game, "table_points"):
            out.table_paid_to = game.result.winners[-1]
        dealer = game.next_dealer() if hasattr(game, "next_dealer") else (dealer + 1) % setup.players
        if setup.game_over(out.points, h + 1):  # below zero, or without sticks at 100,000 (single_suit_1)
            break
    if out.table_paid_to is not None:
        from trainer.engine.game.ab_game import settle_table

        out.points = settle_table(out.points, out.table_points, last_agari=out.table_paid_to)
    return out


__all__ = ["GameOutcome", "play_mode_game"]
