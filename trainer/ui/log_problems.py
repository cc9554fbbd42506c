"""Why a game log cannot be opened, in the learner's language.

The engine says why in one English line for logs and the command line, and also gives a
machine-readable ``kind`` (:class:`trainer.engine.game.records.RecordError`,
:class:`trainer.engine.game.saved.SavedGame`); "My games" and "Open a game" turn that kind into
a beginner's sentence here, so both screens say the same thing the same way.
"""

from __future__ import annotations

from trainer.i18n import _


def log_problem_text(kind: str | None, *, line: int | None = None, field: str = "", hand: int | None = None,
                     fallback: str = "") -> str:
    """The sentence for a log that cannot be opened (``kind`` from the engine: ``newer_version``,
    ``unsupported_version``, ``not_json`` with its ``line``, ``not_game_log``, ``not_text``,
    ``unreadable_file``, ``damaged`` (with the missing ``field`` when the engine knows it) or
    ``damaged_hand`` or ``bad_tile`` with the ``hand``'s number in the file); ``fallback`` (the engine's English
    line) for any other kind.  The engine's technical detail stays out of the learner's sentence
    (the command line prints it)."""
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
        return _("hand {n} of the log is cut short or damaged — copy or export the whole game again").format(n=hand)
    return fallback


__all__ = ["log_problem_text"]
