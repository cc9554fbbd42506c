"""A saved game in the words of its My games row: when it was played (or imported), its rules,
how far it went, the learner's place and points, or why it cannot be read — shared by My games
and the import screen's notices (a game already there is named as its row names it)."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from trainer.engine.game.saved import SavedGame
from trainer.i18n import _, format_points, ngettext, place_text
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
    try:
        stamp = g.path.stat().st_mtime_ns
    except OSError:
        return {}
    return _log_rule_options(str(g.path), stamp)


@lru_cache(maxsize=256)
def _log_rule_options(path: str, _stamp: int) -> dict[str, Any]:
    try:
        options = json.loads(Path(path).read_text(encoding="utf-8")).get("rule_options")
    except (OSError, ValueError, AttributeError):
        return {}
    return dict(options) if isinstance(options, dict) else {}


def game_when(g: SavedGame) -> str:
    """When a saved game was played («2026-11-28 15:26»); for an imported game whose log did not
    say, when it was imported, said so («импортирована 2026-11-28 15:31»); the file name when
    neither is known."""
    if g.started:
        return g.started[:16].replace("T", " ")
    if g.imported_at:
        # TRANSLATORS: an imported game whose file does not say when it was played (ru: «импортирована {date}»).
        return _("imported {date}").format(date=g.imported_at[:16].replace("T", " "))
    return g.name


def hands_text(g: SavedGame) -> str:
    """How far a saved game went: «9 раздач», or for a match left in the middle of a hand «идёт
    3-я раздача» (the hand being played is not counted as played)."""
    if g.hand_in_progress:
        # TRANSLATORS: a match left in the middle of its n-th hand (ru: «идёт {n}-я раздача»).
        return _("hand {n} in progress").format(n=g.hands)
    return ngettext("{n} hand", "{n} hands", g.hands).format(n=g.hands)


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


__all__ = ["game_line", "game_when", "hands_text", "problem_text", "saved_rule_options"]
