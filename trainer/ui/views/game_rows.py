"""A saved game in the words of its My games row: when it was played (or imported), its rules,
how far it went, the learner's place and points, or why it cannot be read — shared by My games,
the import screen's notices (a game already there is named as its row names it) and the match
setup's question about a match left unfinished."""

from __future__ import annotations

import json
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from typing import Any

from trainer.engine.game.saved import SavedGame
from trainer.i18n import _, format_date, format_points, ngettext, place_text
from trainer.ui.log_problems import log_problem_text
from trainer.ui.views.rule_presets import rules_label


def problem_text(g: SavedGame) -> str:
    """Why an unreadable saved game cannot be opened, in the learner's language and a beginner's
    words, from the engine's ``problem_kind`` (the engine's English ``problem`` for a kind this
    screen does not know)."""
    return log_problem_text(g.problem_kind, line=g.problem_line, field=g.problem_field, fallback=g.problem or "")


def saved_rule_options(g: SavedGame) -> dict[str, Any]:
    """What a saved riichi game changed from its preset (its log's ``rule_options``: red fives,
    length); {} when it changed nothing or the file cannot be read now."""
    kept = getattr(g, "rule_options", None)
    if isinstance(kept, dict):
        return kept
    return dict(_log_facts(g)[0])


def _log_facts(g: SavedGame) -> tuple[dict[str, Any], bool]:
    """What the list needs of a saved game's file beyond :class:`SavedGame`: its ``rule_options``
    and whether it is an import that kept its import time (``imported.at``); ({}, True) when the
    file cannot be read now."""
    try:
        stamp = g.path.stat().st_mtime_ns
    except OSError:
        return {}, True
    return _read_log_facts(str(g.path), stamp)


@lru_cache(maxsize=256)
def _read_log_facts(path: str, _stamp: int) -> tuple[dict[str, Any], bool]:
    try:
        log = json.loads(Path(path).read_text(encoding="utf-8"))
        options, imported = log.get("rule_options"), log.get("imported")
    except (OSError, ValueError, AttributeError):
        return {}, True
    kept_at = not isinstance(imported, dict) or bool(imported.get("at"))
    return (dict(options) if isinstance(options, dict) else {}), kept_at


def _minutes(iso: str) -> str:
    """An ISO 8601 time to the minute as the list shows it («2026-11-28 15:26»; a date alone stays one)."""
    return iso[:16].replace("T", " ")


def game_when(g: SavedGame) -> str:
    """When a saved game was played («2026-11-28 15:26», or the day alone when its log gives no
    time); for an imported game whose log does not say, when it was imported, said so
    («импортирована 2026-11-28 15:31»).  A game imported before the app kept the import time
    apart (no ``imported.at``: the time there is the import's, and the log it came from was never
    asked for its date) is named neutrally: the date of play is not known, the day it was added is
    («без даты игры (добавлена 2026-11-20)»).  The file name when neither is known."""
    if g.started:
        return _minutes(g.started)
    if g.imported_at and not _log_facts(g)[1]:
        # TRANSLATORS: an old import whose play date was never read from its log (ru: «без даты игры (добавлена
        # {date})», short: a row of My games); {date} is the day it was added to My games.
        return _("play date unknown (added {date})").format(date=g.imported_at[:10])
    if g.imported_at:
        # TRANSLATORS: an imported game whose file does not say when it was played (ru: «импортирована {date}»).
        return _("imported {date}").format(date=_minutes(g.imported_at))
    return g.name


def hands_text(g: SavedGame) -> str:
    """How far a saved game went: «9 раздач», or for a match left in the middle of a hand «идёт
    3-я раздача» (the hand being played is not counted as played)."""
    if g.hand_in_progress:
        # TRANSLATORS: a match left in the middle of its n-th hand (ru: «идёт {n}-я раздача»).
        return _("hand {n} in progress").format(n=g.hands)
    return ngettext("{n} hand", "{n} hands", g.hands).format(n=g.hands)


def unfinished_progress(g: SavedGame) -> str:
    """How far a match left unfinished went, as the home's resume card says it: «идёт 3-я раздача»
    when it was left in the middle of a hand, else «сыграны 3 раздачи»; a Chinese Official game is
    named so first."""
    if g.hand_in_progress:
        text = hands_text(g)
    else:
        text = ngettext("{n} hand played", "{n} hands played", g.hands).format(n=g.hands)
    return (_("Chinese Official") + ", " + text) if g.game == "mcr" else text


def played_day(g: SavedGame) -> str:
    """The day a saved game was played in the learner's language («27 ноября 2026 г.», "November
    27, 2026"; a time with its zone is taken in the computer's own zone); "" when unknown."""
    if not g.started:
        return ""
    try:
        when = datetime.fromisoformat(g.started)
    except ValueError:
        return g.started[:10]
    if when.tzinfo is not None:
        when = when.astimezone()
    return format_date(when.date(), "long")


def game_line(g: SavedGame) -> tuple[str, str]:
    """(the row's main text, its right-hand text) for a saved game."""
    if not g.readable:
        return g.name, _("unreadable: {why}").format(why=problem_text(g))
    rules = _("Chinese Official") if g.game == "mcr" else rules_label(g.rules, saved_rule_options(g))
    main = f"{game_when(g)}  ·  {rules}  ·  " + hands_text(g)
    if not g.finished:
        right = _("in progress") + (f"  ·  {format_points(g.points)}" if g.points is not None else "")
    else:
        right = (f"{place_text(g.place)}  ·  {format_points(g.points)}" if g.place is not None
                 else format_points(g.points) if g.points is not None else "")
    return main, right


__all__ = ["game_line", "game_when", "hands_text", "played_day", "problem_text", "saved_rule_options",
           "unfinished_progress"]
