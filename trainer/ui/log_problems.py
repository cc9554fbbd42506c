"""Why a game log cannot be opened, in the learner's language.

The engine says why in one English line for logs and the command line, and also gives a
machine-readable ``kind`` (:class:`trainer.engine.game.records.RecordError`,
:class:`trainer.engine.game.saved.SavedGame`); "My games" and "Open a game" turn that kind into
a beginner's sentence here, so both screens say the same thing the same way.  When the engine's
error carries a detail (a tile more often than a set holds: ``copies``), the sentence names it
instead of the general «cut short or damaged»; every sentence is short enough that the banner
«<file> cannot be opened: <why>» stays one line at 1280x720 for a short file name.

A saved game whose header is sound may still fail to replay (a hand changed by hand, a wall cut
short): :func:`replay_problem` replays it once per version of the file and says where it failed
(:class:`GameProblem`), so "My games" marks it, the replay viewer and "Play on" say why in the
learner's words, and the home screen does not offer to play on a match that cannot be.  The
engine's English line (a whole wall, say) never reaches the learner.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from trainer.engine.game import records
from trainer.engine.game.records import RecordError
from trainer.engine.game.saved import load_game
from trainer.engine.mcr import records as mcr_records
from trainer.i18n import _, ngettext

Copies = tuple[str, int, int]
"""The engine's detail on a tile seen too often: (the tile in MPSZ, how often it appears, how many a
set holds — 1 for a red five)."""


def copies_text(copies: Copies, hand: int | None = None) -> str:
    """A log holding more copies of a tile than a set has, in words, with the ``hand``'s number when
    known: «раздача 2: 1m встречается 7 раз, а в наборе только четыре»."""
    tile, times, most = copies
    if most == 1:
        text = ngettext("the red {tile} appears {n} time, but a full tile set has only one",
                        "the red {tile} appears {n} times, but a full tile set has only one", times)
    else:
        text = ngettext("{tile} appears {n} time, but a full tile set has only four",
                        "{tile} appears {n} times, but a full tile set has only four", times)
    text = text.format(tile=tile, n=times)
    return _("hand {n}: {what}").format(n=hand, what=text) if hand is not None else text


def error_copies(exc: BaseException | None) -> Copies | None:
    """The ``copies`` detail of ``exc`` or of the error it was raised while handling (a file's reader
    names the file in a new error of its own); None when there is none."""
    while exc is not None:
        copies = getattr(exc, "copies", None)
        if copies is not None:
            return copies
        exc = exc.__context__
    return None


def error_problem_text(exc: Any, fallback: str = "") -> str:
    """:func:`log_problem_text` for an engine error (a ``RecordError``): its ``kind``, ``line``,
    ``hand`` and detail read from it; ``fallback`` (default: the error's own line) for a kind
    without a sentence."""
    return log_problem_text(getattr(exc, "kind", None), line=getattr(exc, "line", None),
                            hand=getattr(exc, "hand", None), copies=error_copies(exc),
                            fallback=fallback or str(exc))


def log_problem_text(kind: str | None, *, line: int | None = None, field: str = "", hand: int | None = None,
                     copies: Copies | None = None, fallback: str = "") -> str:
    """The sentence for a log that cannot be opened (``kind`` from the engine: ``newer_version``,
    ``unsupported_version``, ``not_json`` with its ``line``, ``not_game_log``, ``not_text``,
    ``unreadable_file``, ``damaged`` (with the missing ``field`` when the engine knows it) or
    ``damaged_hand`` or ``bad_tile`` with the ``hand``'s number in the file); ``fallback`` (the engine's English
    line) for any other kind.  A tile seen more often than a set holds (``copies``, whatever the kind)
    is named with its count (:func:`copies_text`); the engine's other technical details stay out of
    the learner's sentence (the command line prints them)."""
    if copies is not None:
        return copies_text(copies, hand)
    if kind == "newer_version":
        return _("saved by a newer version of the app — update the app to open it")
    if kind == "unsupported_version":
        return _("saved in a format the app does not know")
    if kind == "not_json" and line is not None:
        return _("line {line} is not valid JSON").format(line=line)
    if kind == "not_game_log":
        return _("not a game log")
    if kind == "not_text":
        return _("not a game log (not a text file)")
    if kind == "unreadable_file":
        return _("the file cannot be read")
    if kind == "unknown_rules":
        return _("unknown rules (the file was changed or damaged)")
    if kind == "damaged" and field:
        return _("the file is damaged: the field “{field}” is missing").format(field=field)
    if kind == "damaged":
        return _("the file is damaged")
    if kind == "bad_tile" and hand is not None:
        return _("hand {n} of the log has a number that is not a tile (the tile codes are 11-19, 21-29, 31-39, "
                 "41-47 and 51-53): the file was changed or damaged").format(n=hand)
    if kind == "bad_tile":
        return _("the log has a number that is not a tile (the tile codes are 11-19, 21-29, 31-39, 41-47 and "
                 "51-53): the file was changed or damaged")
    if kind == "damaged_hand" and hand is not None:
        return _("hand {n} is cut short or damaged — copy the game again").format(n=hand)
    return fallback


REPLAY_ERRORS: tuple[type[BaseException], ...] = (RecordError, OSError, KeyError, TypeError, ValueError,
                                                  IndexError, AttributeError)
"""What reading or replaying a damaged saved game raises (a wall cut short: the engine's WallError,
a ValueError)."""

_HAND_NAMED = re.compile(r"^hand (\d+)\b")


@dataclass(frozen=True)
class GameProblem:
    """Why a saved game cannot be replayed or played on: the engine's ``error`` and the ``hand``
    (its number in the file, from 1) the replay failed in, None when no one hand is to blame."""

    error: BaseException
    hand: int | None = None

    def text(self) -> str:
        """The reason in the learner's language (:func:`game_problem_text`)."""
        return game_problem_text(self.error, self.hand)


def game_problem_text(exc: BaseException, hand: int | None = None) -> str:
    """Why a saved game of the learner's cannot be shown or played on, in the learner's words: the
    sentence for the engine's ``kind`` (:func:`log_problem_text`; a tile seen too often is named),
    else «hand 2 is damaged …» when the ``hand`` is known, else «the file is damaged» — never the
    engine's English line."""
    general = (_("hand {n} is damaged (the file was changed or cut short)").format(n=hand)
               if hand else _("the file is damaged"))
    if isinstance(exc, OSError):
        return _("the file cannot be read")
    kind = getattr(exc, "kind", None)
    if error_copies(exc) is None and kind in (None, "damaged"):
        return general
    return log_problem_text(kind, line=getattr(exc, "line", None), hand=getattr(exc, "hand", None) or hand,
                            copies=error_copies(exc), fallback=general)


MAX_CHECKED = 1000
"""The most files whose replay is remembered (the oldest answers are forgotten first)."""

_checked: dict[tuple[str, int, int], GameProblem | None] = {}
"""What replaying each version of a file (path, time, size) found."""


def _file_version(path: Path) -> tuple[str, int, int] | None:
    """The key of this version of the file at ``path``; None when it cannot be looked at."""
    try:
        stat = path.stat()
    except OSError:
        return None
    return str(path), stat.st_mtime_ns, stat.st_size


def replay_known(path: Path) -> bool:
    """Whether :func:`replay_problem` answers for ``path`` without replaying it (it did before, or
    the file is not there)."""
    version = _file_version(path)
    return version is None or version in _checked


def replay_problem(path: Path) -> GameProblem | None:
    """Why the saved game at ``path`` cannot be replayed (read, then every hand played through by
    the engine), or None when it replays; found once per version of the file (its time and size).
    None too for a file that is not there to look at: nothing is known against it, and opening it
    says why it cannot be opened."""
    version = _file_version(path)
    if version is None:
        return None
    if version not in _checked:
        if len(_checked) >= MAX_CHECKED:
            del _checked[next(iter(_checked))]
        _checked[version] = _replay_file(path)
    return _checked[version]


def _replay_file(path: Path) -> GameProblem | None:
    try:
        log = load_game(path)
    except REPLAY_ERRORS as exc:
        return GameProblem(exc.with_traceback(None))
    return log_replay_problem(log)


def log_replay_problem(log: dict[str, Any]) -> GameProblem | None:
    """Why the game log ``log`` (riichi or Chinese Official, finished or left in the middle) does not
    replay, with the hand it failed in, or None when it replays."""
    started, last = 0, None
    try:
        replay = mcr_records.replay if mcr_records.is_mcr_log(log) else records.replay
        for rnd, seat, _action in replay(log, allow_unfinished=True):
            started += seat is None
            last = rnd
    except REPLAY_ERRORS as exc:
        return GameProblem(exc.with_traceback(None), _failed_hand(exc, started, last, log))
    return None


def _failed_hand(exc: BaseException, started: int, last: Any, log: dict[str, Any]) -> int | None:
    """The hand a replay failed in: the one the engine's error names («hand 2, action 5: …»); for
    an error the engine did not put in words of its own (a wall cut short), the hand being played
    when it came, or the next one when the last was over.  None when no hand is to blame (the
    rules, the final scores)."""
    named = getattr(exc, "hand", None)
    if named is None:
        found = _HAND_NAMED.match(str(exc))
        named = int(found.group(1)) if found else None
    if named is not None or isinstance(exc, RecordError):
        return named
    hand = started + (1 if last is None or getattr(last, "result", None) is not None else 0)
    hands = log.get("hands")
    return hand if isinstance(hands, list) and 1 <= hand <= len(hands) else None


__all__ = ["REPLAY_ERRORS", "Copies", "GameProblem", "copies_text", "error_copies", "error_problem_text",
           "game_problem_text", "log_problem_text", "log_replay_problem", "replay_known", "replay_problem"]
