"""A folder of saved games: every match a learner plays, one game log file each.

Files are named ``game-YYYYMMDD-HHMMSS.json`` after the time the match started and
hold the engine's game log (docs/game-log.md; a Chinese Official game the MCR game log of
:mod:`trainer.engine.mcr.records`) with optional keys the app
adds: ``started`` (ISO 8601 time or date the match was played), ``learner_seat``, ``setup`` (the
match setup, so an unfinished match can be resumed) and, for a game brought in from a file,
``imported`` (``from``, ``notes`` and ``at``, the time of the import: an imported log that does not
say when it was played has no ``started``; one imported before ``at`` was kept has the import time
there).  A match still being played has ``"final": null``.

:func:`list_games` never raises and never deletes: a damaged file, a file that is
not a game log, or a log from a newer version of the app is listed as
unreadable with its name and the reason: ``problem``, one English line (for logs and the command
line), and ``problem_kind`` with the few values its sentence needs, which the user interface turns
into words in the learner's language (the engine translates nothing).  Only regular files are read,
and at most :data:`MAX_GAME_BYTES` of each (:func:`read_regular_file`): a pipe (FIFO), a device or a
link to one named like a game is listed as unreadable, never waited on.
"""

from __future__ import annotations

import errno
import json
import os
import stat
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from trainer import textio
from trainer.engine.game.records import RecordError, check_header, load
from trainer.engine.mcr.records import check_mcr_header, is_mcr_log

PATTERN = "game-*.json"
MAX_GAME_BYTES = 5 * 1024 * 1024
"""The largest game log read (about 6 KB a hand: a hanchan is 50-150 KB; this is some 800 hands)."""


class NotARegularFile(OSError):
    """A folder, a pipe (FIFO), a device or a socket where a file was expected (links followed)."""


class FileTooLarge(OSError):
    """A file larger than its reader reads."""


def read_regular_file(path: str | Path, limit: int) -> bytes:
    """The bytes of the regular file at ``path`` (a link followed), at most ``limit`` of them; never
    blocks: a pipe is opened without waiting for a writer and not read.  Raises
    :class:`NotARegularFile` for a folder, pipe, device or socket, :class:`FileTooLarge` past
    ``limit`` bytes, and OSError when the file cannot be opened.  Lesson files and game logs (the
    folders a learner or a teacher fills) are read through it."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotARegularFile(errno.EINVAL, "not a regular file (a folder, a pipe or a device)", str(path))
        if info.st_size > limit:
            raise _too_large(path, limit)
        with os.fdopen(fd, "rb", closefd=False) as fh:
            data = fh.read(limit + 1)
    finally:
        os.close(fd)
    if len(data) > limit:  # it grew while being read
        raise _too_large(path, limit)
    return data


def _too_large(path: str | Path, limit: int) -> FileTooLarge:
    return FileTooLarge(errno.EFBIG, f"the file is larger than {limit // 1024} KB", str(path))


@dataclass(frozen=True)
class SavedGame:
    """One file of the saved-games folder as the list shows it.  For a readable log:
    when it was played (``started``; "" for an imported game whose log did not say, then
    ``imported_at`` is the date there is), the rule preset, the players, the learner's seat,
    how many hands were dealt (``hand_in_progress``: the last one was left in the middle),
    whether the match is finished (``resumable``: a match of the learner's own that can be
    played on), and the learner's place, raw points and final score (None while unfinished).  For an unreadable file: ``problem`` says why in
    English, ``problem_kind`` says it for a user interface to put in words:

    - ``"unreadable_file"``: the file cannot be read at all (``problem_detail``: the system's reason);
    - ``"not_text"``: not UTF-8 text;
    - ``"not_json"``: not JSON (``problem_line``: the first bad line);
    - ``"not_game_log"``: JSON, but not a game log of either kind;
    - ``"newer_version"``: saved by a newer version of the app (``problem_version``: the log's);
    - ``"unsupported_version"``: a version this app does not know (not a newer one);
    - ``"damaged"``: a game log with missing or wrong fields (``problem_detail``: which, technically;
      ``problem_field``: the name of a missing field, when that is what is wrong)."""

    path: Path
    problem: str | None = None
    problem_kind: str | None = None
    problem_line: int | None = None
    problem_version: int | None = None
    problem_detail: str = ""
    problem_field: str = ""
    started: str = ""
    rules: str = ""
    players: tuple[str, ...] = ()
    learner_seat: int = 0
    hands: int = 0
    finished: bool = False
    place: int | None = None
    points: int | None = None
    score: float | None = None
    game: str = "riichi"  # "mcr" for a Chinese Official game (its own log format, no replay viewer)
    hand_in_progress: bool = False  # left in the middle of a hand: the last of ``hands`` is not over
    imported_at: str = ""  # when the game was brought in from a file ("" for the learner's own match)
    resumable: bool = False  # a match of the learner's own left unfinished: it can be played on

    @property
    def readable(self) -> bool:
        """True if the file is a game log this version can open."""
        return self.problem is None

    @property
    def name(self) -> str:
        """The file name (shown for unreadable files)."""
        return self.path.name


def new_game_path(folder: Path, started: datetime) -> Path:
    """A free file name in ``folder`` for a match started at ``started``."""
    stem = f"game-{started:%Y%m%d-%H%M%S}"
    path = folder / f"{stem}.json"
    n = 1
    while path.exists():
        n += 1
        path = folder / f"{stem}-{n}.json"
    return path


def write_game(log: dict[str, Any], path: Path) -> Path:
    """Write a game log atomically (a temporary file, then a rename), creating the folder."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(log, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    os.replace(tmp, path)
    return path


def check_any_header(log: Any, where: str = "game log") -> None:
    """Raise RecordError unless ``log`` is a game log this version can read: a riichi one, or a
    Chinese Official one (:mod:`trainer.engine.mcr.records`)."""
    (check_mcr_header if is_mcr_log(log) else check_header)(log, where)


def load_game(path: str | Path) -> dict[str, Any]:
    """Read a saved game of either kind (riichi or Chinese Official) and check its header;
    RecordError naming the file when it cannot be read."""
    return load(path, check_any_header)


def read_game(path: Path) -> SavedGame:
    """What the list shows for one file; never raises (an unreadable file gets a ``problem``)."""
    try:
        log = json.loads(textio.decode_text(read_regular_file(path, MAX_GAME_BYTES)))
    except OSError as e:
        why = e.strerror or str(e)
        return SavedGame(path, problem=f"cannot read: {why}", problem_kind="unreadable_file", problem_detail=why)
    except UnicodeDecodeError as e:
        return SavedGame(path, problem=f"cannot read: {e}", problem_kind="not_text")
    except json.JSONDecodeError as e:
        return SavedGame(path, problem=f"line {e.lineno}: not JSON: {e.msg}", problem_kind="not_json",
                         problem_line=e.lineno)
    try:
        check_any_header(log, path.name)
        return _summary(path, log, game="mcr" if is_mcr_log(log) else "riichi")
    except RecordError as e:
        why = str(e).removeprefix(f"{path.name}: ")
        return SavedGame(path, problem=why, problem_kind=e.kind or "damaged", problem_line=e.line,
                         problem_version=e.version, problem_detail="" if e.kind else why)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
        detail = f"{type(e).__name__}: {e}"
        missing = str(e.args[0]) if isinstance(e, KeyError) and e.args else ""
        return SavedGame(path, problem=f"damaged game log ({detail})", problem_kind="damaged", problem_detail=detail,
                         problem_field=missing)


def _summary(path: Path, log: dict[str, Any], game: str = "riichi") -> SavedGame:
    seat = int(log.get("learner_seat", 0))
    if not 0 <= seat < 4:
        raise ValueError(f"learner_seat {seat} out of range")
    hands = log["hands"]
    if not isinstance(hands, list):
        raise TypeError("hands is not a list")
    final = log.get("final")
    place = points = score = None
    if final is not None:
        st = next(s for s in final["standings"] if s["seat"] == seat)
        place, points = int(st["place"]), int(st["points"])
        score = float(st["score"]) if "score" in st else None
    elif hands:
        last = hands[-1]
        points = int((last.get("scores_after") or last["scores"])[seat])
    started = str(log.get("started") or "")
    imported = log.get("imported")
    imported_at = ""
    if isinstance(imported, dict):
        imported_at = str(imported.get("at") or "")
        if not imported_at:  # imported before the import kept the play date: "started" is the import time
            imported_at, started = started, ""
    in_progress = final is None and bool(hands) and isinstance(hands[-1], dict) and hands[-1].get("result") is None
    return SavedGame(path, started=started, rules=str(log["rules"]),
                     players=tuple(str(p) for p in log["players"]), learner_seat=seat, hands=len(hands),
                     finished=final is not None, place=place, points=points, score=score, game=game,
                     hand_in_progress=in_progress, imported_at=imported_at,
                     resumable=final is None and imported is None)


def list_games(folder: Path) -> list[SavedGame]:
    """Every saved game in ``folder``, newest first (by file name); unreadable files included."""
    if not folder.is_dir():
        return []
    return [read_game(p) for p in sorted(folder.glob(PATTERN), key=lambda p: p.name, reverse=True)]


def latest_unfinished(folder: Path) -> SavedGame | None:
    """The newest readable match of the learner's own that was left in the middle (for
    "resume"), if any (an imported game is not played on)."""
    return next((g for g in list_games(folder) if g.readable and g.resumable), None)


__all__ = ["MAX_GAME_BYTES", "FileTooLarge", "NotARegularFile", "SavedGame", "check_any_header", "latest_unfinished",
           "list_games", "load_game", "new_game_path", "read_game", "read_regular_file", "write_game"]
