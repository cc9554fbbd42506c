"""Game logs: every game is saved as versioned JSON and replays to the same states.

The format is documented in ``docs/game-log.md``.  A log holds, per hand, the
wall in drawing order and every action in the order it was taken, so a replay
rebuilds the match exactly; the results and scores stored next to them are
checked during the replay.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from trainer import textio
from trainer.engine.game.actions import Action, action_from_json, action_to_json
from trainer.engine.game.match import Match
from trainer.engine.game.round import Round
from trainer.engine.notation import parse_tiles
from trainer.engine.tiles import Tile

FORMAT = "riichi-trainer/game-log"
VERSION = 1


class RecordError(ValueError):
    """A game log that cannot be read or does not replay to its stored results.

    The message is one English line (for logs and the command line).  A log that cannot be
    opened at all also says why in a form a user interface can translate: ``kind`` is
    ``"not_json"`` (with ``line``), ``"not_text"``, ``"not_game_log"``, ``"newer_version"``
    (with ``version``, the log's), ``"unsupported_version"``, ``"unreadable_file"`` or
    ``"damaged"`` (a log of ours missing fields) or ``"damaged_hand"`` (one hand of an imported
    log is cut short or wrong: ``hand``, its number in the file from 1) or ``"bad_tile"`` (a
    number that is no tenhou.net/6 tile code, with the ``hand`` when it is inside one) or
    ``"unknown_rules"`` (the log's ``rules`` is not a built-in preset); any other error has
    ``kind`` None."""

    def __init__(self, message: str, *, kind: str | None = None, line: int | None = None,
                 version: int | None = None, hand: int | None = None) -> None:
        super().__init__(message)
        self.kind = kind
        self.line = line
        self.version = version
        self.hand = hand


ADJUSTABLE = ("game_length", "red_fives")
"""Rule options a match may change from its preset (the learner's match setup); a log
stores the changed ones in ``rule_options``."""


def match_rules(preset: str, options: dict[str, Any] | None = None) -> Any:
    """The rules of preset ``preset`` with the adjustable options changed (East-only or
    East-South, red fives); raises RecordError for any other option or a value the
    option does not allow, and (``kind`` ``"unknown_rules"``) for a name that is not one of the
    built-in presets (:data:`trainer.engine.rules.PRESETS`): a game log never makes the app read
    a file of its choosing."""
    from dataclasses import fields, replace

    from trainer.engine.rules import PRESETS, RulesError, load_rules

    if preset not in PRESETS:  # a log names a preset, never a file to read (a path is refused unread)
        shown = repr(preset) if isinstance(preset, str) and len(preset) <= 40 else f"{str(preset)[:37]!r}..."
        raise RecordError(f"rules {shown}: not a rule preset (use {', '.join(PRESETS)})", kind="unknown_rules")
    try:
        rules = load_rules(preset)
    except (RulesError, OSError) as e:
        raise RecordError(f"rules {preset!r}: {e}") from None
    if not options:
        return rules
    meta = {f.name: f.metadata for f in fields(rules)}
    for key, value in options.items():
        choices = meta.get(key, {}).get("choices") if key in meta else None
        if key not in ADJUSTABLE or (choices is not None and value not in choices):
            raise RecordError(f"rule_options: {key} = {value!r} is not allowed")
    return replace(rules, **options)


def rule_options(rules: Any) -> dict[str, Any]:
    """The adjustable options in which ``rules`` differs from its named preset."""
    from trainer.engine.rules import load_rules

    try:
        base = load_rules(rules.name)
    except Exception:  # noqa: BLE001 - a preset from a file path: nothing to compare with
        return {}
    return {k: getattr(rules, k) for k in ADJUSTABLE if getattr(rules, k) != getattr(base, k)}


def wall_text(tiles: tuple[Tile, ...]) -> str:
    """The wall in drawing order as MPSZ, one digit and suit per tile (``"1m0p7z..."``)."""
    return "".join(f"{t}" for t in tiles)


class Recorder:
    """Collects a match's hands and actions into a game log."""

    def __init__(self, match: Match, players: list[str]) -> None:
        self.match = match
        self.log: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "rules": getattr(match.rules, "name", str(match.rules)),
            "seed": match.seed,
            "players": list(players),
            "tenpai_choice": list(match.tenpai_choice),
            "hands": [],
            "final": None,
        }
        changed = rule_options(match.rules)
        if changed:
            self.log["rule_options"] = changed
        self._hand: dict[str, Any] | None = None

    def start_hand(self, rnd: Round) -> None:
        """Open a new hand entry for ``rnd``."""
        m = self.match
        self._hand = {
            "round": m.round_index,
            "hand": m.hand_number,
            "honba": m.honba,
            "sticks": m.sticks,
            "dealer": m.dealer,
            "scores": list(m.scores),
            "wall": wall_text(rnd.wall.tiles),
            "actions": [],
            "result": None,
        }
        self.log["hands"].append(self._hand)

    def action(self, seat: int, action: Action) -> None:
        """Append one action taken by ``seat``."""
        assert self._hand is not None
        self._hand["actions"].append([seat, action_to_json(action)])

    def end_hand(self, rnd: Round) -> None:
        """Store the hand's result and the scores after it."""
        assert self._hand is not None and rnd.result is not None
        self._hand["result"] = rnd.result.to_json()
        self._hand["scores_after"] = list(rnd.scores)

    def finish(self) -> dict[str, Any]:
        """Store the final scores and standings; returns the whole log."""
        m = self.match
        self.log["final"] = {
            "scores": list(m.scores),
            "end_reason": m.end_reason,
            "standings": [
                {"seat": s.seat, "place": s.place, "points": s.points, "score": s.score} for s in m.standings()
            ],
        }
        return self.log


def save(log: dict[str, Any], path: str | Path) -> None:
    """Write a game log as JSON (UTF-8)."""
    Path(path).write_text(json.dumps(log, ensure_ascii=False, indent=1), encoding="utf-8")


def load(path: str | Path, check: Callable[[Any, str], None] | None = None) -> dict[str, Any]:
    """Read a game log and check its format and version (``check(log, where)``: another log
    format's header check, e.g. the MCR game log's)."""
    p = Path(path)
    try:
        log = json.loads(textio.read_text(p))  # a byte order mark (Windows Notepad) is dropped
    except json.JSONDecodeError as e:
        raise RecordError(f"{p}: line {e.lineno}: not JSON: {e.msg}", kind="not_json", line=e.lineno) from None
    except UnicodeDecodeError as e:
        raise RecordError(f"{p}: not a text file: {e.reason}", kind="not_text") from None
    (check or check_header)(log, str(p))
    return log


def check_header(log: Any, where: str = "game log", *, fmt: str = FORMAT, latest: int = VERSION,
                 what: str = "game log") -> None:
    """Raise RecordError unless ``log`` looks like a game log this version can read (``fmt``,
    ``latest`` and ``what``: another log format's name, version and words, e.g. the MCR game log)."""
    if not isinstance(log, dict) or log.get("format") != fmt:
        raise RecordError(f"{where}: not a{'n' if what[0] in 'AEIMU' else ''} {what} (format must be {fmt!r})",
                          kind="not_game_log")
    version = log.get("version")
    if isinstance(version, int) and version > latest:
        raise RecordError(f"{where}: saved by a newer version of the app ({what} version {version}; "
                          f"this version reads {latest}): update the app to open it",
                          kind="newer_version", version=version)
    if version != latest:
        raise RecordError(f"{where}: {what} version {log.get('version')!r} is not supported (expected {latest})",
                          kind="unsupported_version")


def log_rules(log: dict[str, Any]) -> Any:
    """The rule set a log was played with: its preset with its ``rule_options``."""
    return match_rules(log["rules"], log.get("rule_options"))


def set_start(match: Match, start: dict[str, Any] | None) -> None:
    """Begin ``match`` at a later hand: ``start`` gives ``round``, ``hand``, ``honba``, ``sticks``
    and ``scores`` (a log that opens in the middle of a game, e.g. one hand from tenhou.net/6)."""
    if not start:
        return
    try:
        match.round_index = int(start["round"])
        match.hand_number = int(start["hand"])
        match.honba = int(start["honba"])
        match.sticks = int(start["sticks"])
        match.scores = [int(v) for v in start["scores"]]
    except (KeyError, TypeError, ValueError) as e:
        raise RecordError(f"start: {e}") from None
    players = match.players
    if not (0 <= match.hand_number < players and 0 <= match.round_index <= 3 and len(match.scores) == players):
        raise RecordError(f"start: no such hand {start}")


def replay(log: dict[str, Any], *, allow_unfinished: bool = False) -> Iterator[tuple[Round, int | None, Action | None]]:
    """Replay a game log step by step.  Yields ``(round, seat, action)`` after each action
    (and ``(round, None, None)`` at the start of each hand); the round object is live, so
    take a :meth:`Round.snapshot` to keep a state.  Raises RecordError if an action is
    illegal or a stored result or score differs.  With ``allow_unfinished`` a match saved
    in the middle (no final result) may end with a hand whose actions stop before its end."""
    match = _match_for(log)
    yield from replay_into(match, log, allow_unfinished)


_LONG_QUOTE = re.compile(r'"[^"]{40,}"')
"""A long quoted value in an error message (a wall of 136 tiles)."""


def _cut_quote(found: re.Match[str]) -> str:
    """A long quoted value cut to its start, with its length: ``"1m2m3m…" (272 characters)``."""
    text = found.group(0)[1:-1]
    return f'"{text[:24]}…" ({len(text)} characters)'


def _match_for(log: dict[str, Any]) -> Match:
    """A match that will deal the log's stored walls, in order."""
    check_header(log)
    walls = []
    for i, h in enumerate(log["hands"]):
        try:
            walls.append(parse_tiles(h["wall"], max_copies=None))
        except (ValueError, KeyError) as e:  # the message quotes the wall cut short, not all of its 272 characters
            raise RecordError(f"hand {i + 1}: bad wall: {_LONG_QUOTE.sub(_cut_quote, str(e))}", hand=i + 1) from None
    match = Match(log_rules(log), log.get("seed"), walls=walls, tenpai_choice=log.get("tenpai_choice", ()))
    set_start(match, log.get("start"))
    return match


def replay_into(match: Any, log: dict[str, Any],
                allow_unfinished: bool) -> Iterator[tuple[Any, int | None, Action | None]]:
    """Deal and play ``log``'s hands on ``match`` (a riichi :class:`Match` or any game with the
    same ``start_round``/``finish_round``, e.g. an MCR game), checking the stored points at each
    hand's start, the results and the final points; yields as :func:`replay` does."""
    hands = log["hands"]
    for i, h in enumerate(hands):
        if match.finished:
            raise RecordError(f"hand {i + 1}: the match was already over")
        rnd = match.start_round()
        if list(match.scores) != h["scores"]:
            raise RecordError(f"hand {i + 1}: scores at the start {match.scores} differ from the log {h['scores']}")
        yield rnd, None, None
        for j, (seat, data) in enumerate(h["actions"]):
            try:
                action = action_from_json(data)
                rnd.apply(seat, action)
            except ValueError as e:
                raise RecordError(f"hand {i + 1}, action {j + 1}: {e}") from None
            yield rnd, seat, action
        if rnd.result is None:
            if allow_unfinished and i == len(hands) - 1 and log.get("final") is None:
                return
            raise RecordError(f"hand {i + 1}: the actions end before the hand is over")
        if h.get("result") is not None and rnd.result.to_json() != h["result"]:
            raise RecordError(f"hand {i + 1}: the replayed result differs from the log")
        match.finish_round()
    final = log.get("final")
    if final is not None and list(match.scores) != final["scores"]:
        raise RecordError(f"final scores {match.scores} differ from the log {final['scores']}")


def resume(log: dict[str, Any]) -> tuple[Match, Recorder]:
    """Rebuild a match saved in the middle (``"final": null``) to go on playing it: the match
    with its scores and counters, and a recorder that keeps appending to a copy of the log.
    ``match.round`` is the live hand when the log stops inside one (its actions replayed),
    else None and the next hand is started with ``match.start_round()`` (recorded with
    ``recorder.start_hand``).  New walls continue the seeded shuffle after the stored ones."""
    if log.get("final") is not None:
        raise RecordError("the match is already finished: nothing to resume")
    match = _match_for(log)
    for _ in replay_into(match, log, True):
        pass
    stored = len(log["hands"])
    match._walls = None  # later hands are shuffled as a fresh match with this seed would be
    for _ in range(stored):
        match.rng.shuffle(list(match.tile_set))
    recorder = Recorder(match, list(log["players"]))
    recorder.log = json.loads(json.dumps(log))
    live = match.round is not None and match.round.result is None
    if live:
        recorder._hand = recorder.log["hands"][-1]
    else:
        match.round = None
    return match, recorder


def rewind(match: Match, hand: dict[str, Any], actions: int) -> Round:
    """The current hand of ``match`` rebuilt from its log entry ``hand`` with only its first
    ``actions`` actions (to take back a decision in practice); the match's counters are those
    of the hand's start, so this works only before the hand is finished."""
    from trainer.engine.game.wall import Wall

    rnd = Round(match.rules, Wall(parse_tiles(hand["wall"], max_copies=None)), dealer=match.dealer,
                round_wind=match.round_wind, honba=match.honba, sticks=match.sticks, scores=match.scores,
                options=match.options, tenpai_choice=match.tenpai_choice)
    for seat, data in hand["actions"][:actions]:
        rnd.apply(seat, action_from_json(data))
    del hand["actions"][actions:]
    match.round = rnd
    return rnd


def replay_states(log: dict[str, Any]) -> list[dict[str, Any]]:
    """Every state snapshot of a replay, in order (for comparing two runs)."""
    return [rnd.snapshot() for rnd, _, _ in replay(log)]


__all__ = ["FORMAT", "VERSION", "Recorder", "RecordError", "load", "log_rules", "replay", "replay_into", "replay_states",
           "resume", "rewind",
           "save", "set_start"]
