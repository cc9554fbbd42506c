"""Playing a match: the :class:`Player` interface and the loop that drives a table.

A player — a bot or the learner's screen — implements one method,
``choose(view, legal) -> Action``: it sees only its :class:`PlayerView` and the
list of legal actions, and returns one of them.  :func:`play_match` seats four
players, plays a whole match, records it, and (with ``check=True``) verifies the
table invariants after every step.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from trainer.engine.game.actions import Action, IllegalAction
from trainer.engine.game.invariants import check_round
from trainer.engine.game.match import Match
from trainer.engine.game.records import Recorder
from trainer.engine.game.round import Round
from trainer.engine.game.view import PlayerView, make_view


class Player(Protocol):
    """Anything that can sit at the table."""

    name: str

    def choose(self, view: PlayerView, legal: list[Action]) -> Action:
        """Pick one of ``legal`` given what this player can see."""
        ...


@dataclass
class MatchOutcome:
    """A finished match: the match object and its game log."""

    match: Match
    log: dict[str, Any]
    refused: int = 0


def play_round(rnd: Round, players: list[Player], *, check: bool = False, total_points: int | None = None,
               recorder: Recorder | None = None, max_refusals: int = 3, checker: Any = check_round) -> int:
    """Play one hand to its end; returns how many illegal actions were refused.

    A player returning an illegal action gets the refusal reason ignored and is asked
    again; after ``max_refusals`` refusals its first legal action is used.  ``checker``
    verifies the table after every step when ``check`` (another game, such as MCR, brings
    its own)."""
    refused = 0
    if check:
        checker(rnd, total_points)
    while not rnd.ended:
        for seat in rnd.to_act():
            legal = rnd.legal_actions(seat)
            if not legal:
                continue
            tries = 0
            while True:
                action = players[seat].choose(make_view(rnd, seat), legal)
                try:
                    rnd.apply(seat, action)
                    break
                except IllegalAction:
                    refused += 1
                    tries += 1
                    if tries >= max_refusals:
                        action = legal[0]
                        rnd.apply(seat, action)
                        break
            if recorder is not None:
                recorder.action(seat, action)
            if check:
                checker(rnd, total_points)
            if rnd.ended or rnd.phase.value == "turn":
                break
    return refused


def play_match(players: list[Player], rules: Any = "tenhou", seed: int | None = 0, *, check: bool = False,
               max_hands: int = 200) -> MatchOutcome:
    """Play a whole match with four players (three with a three-player preset) and return it
    with its game log."""
    match = Match(rules, seed)
    if len(players) != match.players:
        raise ValueError(f"a match of these rules needs exactly {match.players} players")
    recorder = Recorder(match, [getattr(p, "name", type(p).__name__) for p in players])
    refused = 0
    while not match.finished:
        if match.hands_played >= max_hands:
            raise RuntimeError(f"the match did not end after {max_hands} hands")
        rnd = match.start_round()
        recorder.start_hand(rnd)
        refused += play_round(rnd, players, check=check, total_points=match.total_points, recorder=recorder)
        recorder.end_hand(rnd)
        match.finish_round()
    return MatchOutcome(match, recorder.finish(), refused)
