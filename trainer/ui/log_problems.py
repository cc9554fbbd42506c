"""Why a game log cannot be opened, in the learner's language.

The engine says why in one English line for logs and the command line, and also gives a
machine-readable ``kind`` (:class:`trainer.engine.game.records.RecordError`,
:class:`trainer.engine.game.saved.SavedGame`); "My games" and "Open a game" turn that kind into
a beginner's sentence here, so both screens say the same thing the same way.  When the engine's
error carries a detail (a tile more often than a set holds: ``copies``), the sentence names it
instead of the general «cut short or damaged»; every sentence is short enough that the banner
«<file> cannot be opened: <why>» stays one line at 1280x720 for a short file name.
"""

from __future__ import annotations

from typing import Any

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


__all__ = ["Copies", "copies_text", "error_copies", "error_problem_text", "log_problem_text"]
