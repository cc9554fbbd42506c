"""Bringing games into "My games" and sending them out: tenhou.net/6 import and export.

:func:`import_game` reads a file of either format (our game log or tenhou.net/6 JSON, see
docs/game-log.md), replays it through the engine, and writes it as a new file of the
saved-games folder; nothing already there is touched.  A game already in the folder (the same
hands, with the learner at the same seat: :func:`same_game`) is not written again:
:class:`AlreadySaved` names the file that has it.  :func:`export_game` writes one saved
game as tenhou.net/6 JSON for other viewers and review tools.
"""

from __future__ import annotations

import hashlib
import json
import re
from datetime import date, datetime
from pathlib import Path
from typing import Any

from trainer import textio
from trainer.engine.game.log_files import LoadedLog, load_any, parse_any
from trainer.engine.game.records import RecordError
from trainer.engine.game.saved import MAX_GAME_BYTES, PATTERN, new_game_path, read_regular_file, write_game
from trainer.engine.game.tenhou6_write import EXTENSION


class AlreadySaved(RecordError):
    """The game to import is already in the saved-games folder: ``path`` is the file that has it."""

    def __init__(self, path: Path) -> None:
        super().__init__(f"{path.name}: this game is already saved", kind="already_saved")
        self.path = path


def game_fingerprint(log: dict[str, Any]) -> str | None:
    """A hash of a game's hands (their canonical JSON): the same game read twice has the same one.
    None when the log has no list of hands."""
    hands = log.get("hands") if isinstance(log, dict) else None
    if not isinstance(hands, list) or not hands:
        return None
    try:
        text = json.dumps(hands, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError, RecursionError):
        return None
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def same_game(log: dict[str, Any], folder: Path, learner_seat: int) -> Path | None:
    """The saved game of ``folder`` that is ``log`` again (the same hands, the learner at the same
    seat), if any; files that cannot be read are passed over."""
    mark = game_fingerprint(log)
    if mark is None or not folder.is_dir():
        return None
    for path in sorted(folder.glob(PATTERN)):
        try:
            saved = json.loads(textio.decode_text(read_regular_file(path, MAX_GAME_BYTES)))
        except (OSError, ValueError, RecursionError):
            continue
        if (isinstance(saved, dict) and saved.get("learner_seat", 0) == learner_seat
                and game_fingerprint(saved) == mark):
            return path
    return None


_TITLE_DATE = re.compile(r"(?<!\d)(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?")
_REF_DATE = re.compile(r"^(\d{4})(\d{2})(\d{2})(\d{2})gm-")


def _iso(text: Any) -> str | None:
    """``text`` as an ISO 8601 date or time if it is one (a time to the minute or second, or a
    date alone), else None."""
    if not isinstance(text, str) or not text:
        return None
    try:
        if len(text) == 10:
            return date.fromisoformat(text).isoformat()
        return datetime.fromisoformat(text).isoformat(timespec="seconds")
    except ValueError:
        return None


def tenhou6_played(data: Any) -> str | None:
    """When a tenhou.net/6 log's game was played, if the log says (ISO 8601, a date alone when the
    log gives no time): our export's own ``riichi_trainer`` key (``started``), a date in its
    ``title`` («2019/01/27», «2019-01-27 21:05»), or tenhou.net's log id in ``ref``
    (``2019012721gm-…``: the day).  None when it carries no date, as the format does not need one."""
    if not isinstance(data, dict):
        return None
    ext = data.get(EXTENSION)
    if isinstance(ext, dict) and _iso(ext.get("started")):
        return _iso(ext.get("started"))
    titles = data.get("title")
    for text in titles if isinstance(titles, list) else [titles]:
        m = _TITLE_DATE.search(text) if isinstance(text, str) else None
        if m is None:
            continue
        y, mo, d, h, mi, sec = m.groups()
        try:
            if h is not None:
                return datetime(int(y), int(mo), int(d), int(h), int(mi), int(sec or 0)).isoformat(timespec="seconds")
            return date(int(y), int(mo), int(d)).isoformat()
        except ValueError:
            continue
    ref = data.get("ref")
    m = _REF_DATE.match(ref) if isinstance(ref, str) else None
    if m is not None:
        try:
            return date(int(m.group(1)), int(m.group(2)), int(m.group(3))).isoformat()
        except ValueError:
            return None
    return None


def _raw(source: Path | str | dict[str, Any]) -> Any:
    """The JSON value of a source already read once (None when it cannot be read again)."""
    if isinstance(source, dict):
        return source
    try:
        return json.loads(textio.read_text(source))
    except (OSError, ValueError):
        return None


def read_source(source: Path | str | dict[str, Any], rules: str = "tenhou") -> LoadedLog:
    """Read a game to import (a file path, or a JSON value pasted from the clipboard) and replay
    it through the engine; raises RecordError with a one-line reason.  Nothing is written.  A
    tenhou.net/6 log that says when it was played (:func:`tenhou6_played`) gives its log that
    date as ``started``."""
    loaded = parse_any(source, rules) if isinstance(source, dict) else load_any(source, rules)
    if loaded.kind == "tenhou6":
        played = tenhou6_played(_raw(source))
        if played is not None:
            loaded.log["started"] = played
    return loaded


def played_time(log: dict[str, Any]) -> str | None:
    """When a read game was played, as its log says (``started``, ISO 8601), or None when it does
    not say: a game that was itself imported before the import kept the play date has the import
    time there, not the play time."""
    imported = log.get("imported")
    if isinstance(imported, dict) and not imported.get("at"):
        return None
    return _iso(log.get("started"))


def seat_choices(loaded: LoadedLog) -> list[tuple[int, str, int | None]]:
    """The seats a learner may have played in a read game: ``(seat, player name, final points)``
    in seat order (seat 0 was East in the first hand); points are None when the game has no end."""
    log = loaded.log
    final = log.get("final") or {}
    scores = final.get("scores") or [None] * len(log["players"])
    return [(i, str(name), None if pts is None else int(pts))
            for i, (name, pts) in enumerate(zip(log["players"], scores, strict=False))]


def save_import(loaded: LoadedLog, folder: Path, *, learner_seat: int = 0,
                now: datetime | None = None) -> Path:
    """Write a read game as a new saved game of ``folder`` with the learner at ``learner_seat``
    (the seat whose discards the review and the discard puzzles look at); nothing already there
    is touched.  Raises :class:`AlreadySaved` when the folder has this game already.

    The game keeps the time it was played (``started``) when its log says it (:func:`played_time`),
    and has none otherwise: the time of the import is ``imported.at`` (``now``), never passed off
    as the time of play.  The file is named after the one or the other."""
    if not 0 <= learner_seat < len(loaded.log["players"]):
        raise RecordError(f"seat {learner_seat} is not a seat of this game")
    here = same_game(loaded.log, folder, learner_seat)
    if here is not None:
        raise AlreadySaved(here)
    at = now or datetime.now()
    played = played_time(loaded.log)
    log = dict(loaded.log)
    log.pop("started", None)
    if played is not None:
        log["started"] = played
    log["learner_seat"] = learner_seat
    log["imported"] = {"from": loaded.kind, "notes": list(loaded.notes), "at": at.isoformat(timespec="seconds")}
    name_time = datetime.fromisoformat(played) if played is not None else at
    return write_game(log, new_game_path(folder, name_time))


def import_game(source: Path | str | dict[str, Any], folder: Path, *, rules: str = "tenhou",
                learner_seat: int = 0, now: datetime | None = None) -> tuple[Path, LoadedLog]:
    """Import a game (a file path, or a JSON value pasted from the clipboard) into ``folder``
    as a new saved game; returns its path and what was read (with the differences found).
    Raises RecordError with a one-line reason; the folder is unchanged then."""
    loaded = read_source(source, rules)
    return save_import(loaded, folder, learner_seat=learner_seat, now=now), loaded


def export_game(path: Path, out: Path) -> Path:
    """Write the saved game at ``path`` as tenhou.net/6 JSON to ``out``."""
    from trainer.engine.game.tenhou6_write import to_tenhou6

    loaded = load_any(path)
    data = to_tenhou6(loaded.log)
    played = played_time(loaded.log)
    if played is not None and isinstance(data.get(EXTENSION), dict):
        data[EXTENSION]["started"] = played  # read back by tenhou6_played: the import keeps the date
    try:
        out.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    except OSError as e:
        raise RecordError(f"{out}: cannot write: {e.strerror}") from None
    return out


__all__ = ["AlreadySaved", "export_game", "game_fingerprint", "import_game", "played_time", "read_source", "same_game",
           "save_import", "seat_choices", "tenhou6_played"]
