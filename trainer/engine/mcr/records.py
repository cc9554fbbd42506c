"""MCR game logs: a Chinese Official game saved as versioned JSON that replays to the same states.

Like the riichi game log (:mod:`trainer.engine.game.records`, docs/game-log.md) a log holds, per
hand, the wall in drawing order and every action in the order it was taken, so a replay rebuilds
the game exactly and checks the stored results and points on the way.  What differs is the wall
(144 items: the 136 tiles and the eight flowers, written ``1f``..``8f`` — plum, orchid,
chrysanthemum, bamboo, then spring..winter), the header (``format`` is
``riichi-trainer/mcr-game-log``) and the final standings (game points and table points).

A game left in the middle (``"final": null``) is resumed with :func:`resume`: the stored hands
are replayed, the live hand up to its last action, and later hands are shuffled as a new game
with the same seed would shuffle them.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from trainer.engine.game import records
from trainer.engine.game.actions import Action, action_from_json
from trainer.engine.game.records import RecordError, replay_into
from trainer.engine.mcr.game import Flower, McrRound, McrWall, WallItem
from trainer.engine.mcr.match import McrMatch
from trainer.engine.mcr.rules_game import load_mcr_game
from trainer.engine.mcr.table import McrRulesError
from trainer.engine.notation import parse_tiles

MCR_FORMAT = "riichi-trainer/mcr-game-log"
MCR_VERSION = 1


def wall_text(items: list[WallItem]) -> str:
    """The wall in drawing order, two characters an item: MPSZ tiles and flowers ``1f``..``8f``."""
    return "".join(f"{item.number + 1}f" if isinstance(item, Flower) else str(item) for item in items)


def parse_wall(text: str) -> list[WallItem]:
    """The wall items of :func:`wall_text` (ValueError naming the bad item)."""
    if len(text) % 2:
        raise ValueError("a wall is written two characters an item")
    items: list[WallItem] = []
    for i in range(0, len(text), 2):
        pair = text[i:i + 2]
        if pair[1] == "f":
            if not "1" <= pair[0] <= "8":
                raise ValueError(f"item {i // 2 + 1}: no flower {pair!r} (1f..8f)")
            items.append(Flower(int(pair[0]) - 1))
        else:
            try:
                (tile,) = parse_tiles(pair, max_copies=None)
            except ValueError as e:
                raise ValueError(f"item {i // 2 + 1}: {e}") from None
            items.append(tile)
    return items


def is_mcr_log(log: Any) -> bool:
    """True when ``log`` claims to be an MCR game log (whatever its version)."""
    return isinstance(log, dict) and log.get("format") == MCR_FORMAT


def check_mcr_header(log: Any, where: str = "game log") -> None:
    """Raise RecordError unless ``log`` is an MCR game log this version can read."""
    records.check_header(log, where, fmt=MCR_FORMAT, latest=MCR_VERSION, what="MCR game log")


def load(path: str | Path) -> dict[str, Any]:
    """Read an MCR game log and check its format and version (RecordError naming the file)."""
    return records.load(path, check_mcr_header)


class McrRecorder(records.Recorder):
    """Collects an MCR game's hands and actions into a game log: the riichi recorder with the
    MCR header, walls and standings (its ``action`` and ``end_hand`` as they are)."""

    def __init__(self, match: McrMatch, players: list[str]) -> None:  # noqa: D107 - no riichi match fields
        self.match = match  # type: ignore[assignment]
        self.log: dict[str, Any] = {
            "format": MCR_FORMAT,
            "version": MCR_VERSION,
            "rules": match.rules.name,
            "seed": match.seed,
            "players": list(players),
            "hands": [],
            "final": None,
        }
        self._hand: dict[str, Any] | None = None

    def start_hand(self, rnd: McrRound) -> None:  # type: ignore[override]
        """Open a new hand entry for ``rnd`` (just dealt)."""
        m = self.match
        self._hand = {"hand": m.hands_played, "dealer": m.dealer, "round_wind": m.round_wind,
                      "scores": list(m.scores), "wall": wall_text(rnd.wall.items), "actions": [], "result": None}
        self.log["hands"].append(self._hand)

    def finish(self) -> dict[str, Any]:
        """Store the final points and standings; returns the whole log."""
        m = self.match
        self.log["final"] = {
            "scores": list(m.scores),
            "standings": [{"seat": s.seat, "place": s.place, "points": s.points, "table_points": s.table_points}
                          for s in m.standings()],
        }
        return self.log


def _match_for(log: dict[str, Any]) -> McrMatch:
    """A game with the log's rules and seed that deals the stored walls, in order."""
    check_mcr_header(log)
    try:
        rules = load_mcr_game(str(log["rules"]))
    except (McrRulesError, OSError, KeyError) as e:
        raise RecordError(f"rules: {e}") from None
    walls = []
    for i, h in enumerate(log["hands"]):
        try:
            wall = parse_wall(h["wall"])
            _check_wall(wall, rules.flowers)
        except (ValueError, KeyError, TypeError) as e:
            raise RecordError(f"hand {i + 1}: bad wall: {e}") from None
        walls.append(wall)
    return McrMatch(rules, log.get("seed"), walls=walls)


def _check_wall(wall: list[WallItem], flowers: bool) -> None:
    """ValueError unless ``wall`` holds four of every tile and, with ``flowers``, each flower once."""
    counts = Counter(item.kind for item in wall if not isinstance(item, Flower))
    missing = [k for k in range(34) if counts[k] != 4]
    if missing:
        raise ValueError(f"{len(missing)} tile kinds do not have four copies (the wall has {len(wall)} items)")
    numbers = sorted(item.number for item in wall if isinstance(item, Flower))
    if numbers != (list(range(8)) if flowers else []):
        raise ValueError("the flowers are not " + ("each of the eight once" if flowers else "absent (this rule set has none)"))


def replay(log: dict[str, Any], *, allow_unfinished: bool = False
           ) -> Iterator[tuple[McrRound, int | None, Action | None]]:
    """Replay an MCR game log step by step: ``(round, seat, action)`` after each action and
    ``(round, None, None)`` at the start of each hand (the round is live).  Raises RecordError
    when an action is illegal or a stored result or point total differs."""
    match = _match_for(log)
    yield from replay_into(match, log, allow_unfinished)


def resume(log: dict[str, Any]) -> tuple[McrMatch, McrRecorder]:
    """Rebuild an MCR game saved in the middle to go on playing it: the game with its points and
    hands played, and a recorder appending to a copy of the log.  ``match.round`` is the live hand
    when the log stops inside one, else None (deal the next with ``match.start_round()``)."""
    if log.get("final") is not None:
        raise RecordError("the game is already finished: nothing to resume")
    match = _match_for(log)
    try:
        for _ in replay_into(match, log, True):
            pass
    except (KeyError, TypeError) as e:
        raise RecordError(f"damaged MCR game log ({type(e).__name__}: {e})") from None
    match.walls = []  # later hands come from the seeded shuffle, as in a new game with this seed
    recorder = McrRecorder(match, list(log["players"]))
    recorder.log = json.loads(json.dumps(log))
    if match.round is not None and match.round.result is None:
        recorder._hand = recorder.log["hands"][-1]
    else:
        match.round = None
    return match, recorder


def rewind(match: McrMatch, hand: dict[str, Any], actions: int) -> McrRound:
    """The current hand of ``match`` rebuilt from its log entry ``hand`` with only its first
    ``actions`` actions (to take back a discard); works only before the hand is finished."""
    rnd = McrRound(match.rules, McrWall(parse_wall(hand["wall"])), match.dealer, match.round_wind, match.scores)
    for seat, data in hand["actions"][:actions]:
        rnd.apply(seat, action_from_json(data))
    del hand["actions"][actions:]
    match.round = rnd
    return rnd


__all__ = ["MCR_FORMAT", "MCR_VERSION", "McrRecorder", "check_mcr_header", "is_mcr_log", "load", "parse_wall", "replay",
           "resume", "rewind", "wall_text"]
