"""A saved game as frames for the replay viewer: the table after every action, seen from one
seat (or with every hand open), with what happened and the review's verdict on it.

Frames are plain data built once per viewpoint from the game log (``records.replay``);
stepping forward and back is an index, so the viewer never replays on a frame."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from trainer.engine.game.call_review import CallDecision
from trainer.engine.game.records import replay
from trainer.engine.game.review import Decision, review_game
from trainer.engine.mcr import records as mcr_records
from trainer.ui.views.table.state import TableState, table_state


@dataclass(frozen=True)
class Frame:
    """The table after one action (``seat`` and ``action`` None at the start of a hand)."""

    hand: int
    action_index: int  # index in the hand's actions; -1 at the start of the hand
    state: TableState
    seat: int | None
    action: Any
    result: Any  # the hand's result once it has ended (RoundResult), else None
    flowers: tuple[tuple[Any, ...], ...] = ()  # MCR: each seat's flowers set aside so far


def build_frames(log: dict[str, Any], me: int, *, open_hands: bool) -> list[Frame]:
    """Every state of the game from seat ``me`` (all hands shown when ``open_hands``); a Chinese
    Official game log is replayed by its own rules, with each seat's flowers."""
    frames: list[Frame] = []
    hand = -1
    index = -1
    mcr = mcr_records.is_mcr_log(log)
    steps = mcr_records.replay(log, allow_unfinished=True) if mcr else replay(log, allow_unfinished=True)
    for rnd, seat, action in steps:
        if seat is None:
            hand += 1
            index = -1
        else:
            index += 1
        flowers = tuple(tuple(f) for f in rnd.flowers) if mcr else ()
        frames.append(Frame(hand, index, table_state(rnd, me, reveal=open_hands), seat, action,
                            rnd.result if rnd.ended else None, flowers))
    return frames


def review_by_action(log: dict[str, Any], seat: int
                     ) -> tuple[dict[tuple[int, int], Decision], dict[tuple[int, int], CallDecision]]:
    """The review of ``seat``'s discards and of its answers to pon and chi offers (the frame of
    the answer: its pass or call), each keyed by (hand, action index); both empty for a Chinese
    Official game (the review judges riichi play)."""
    if mcr_records.is_mcr_log(log):
        return {}, {}
    review = review_game(log, seat)
    return ({(d.hand, d.action): d for d in review.decisions},
            {(c.hand, c.action): c for c in review.calls})


def hand_starts(frames: list[Frame]) -> list[int]:
    """Frame index where each hand starts."""
    return [i for i, f in enumerate(frames) if f.action_index == -1]
