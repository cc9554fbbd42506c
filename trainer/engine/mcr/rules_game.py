"""MCR full-game presets, read from ``trainer/engine/data/mcr_game.toml``: the fan-counting
preset, hands per game, start points, flowers, the false-win rule and table points."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

from trainer.engine.mcr.table import McrRules, McrRulesError, load_mcr_rules

FALSE_WIN_RULES = ("penalty", "no_penalty")


@dataclass(frozen=True)
class McrGameRules:
    """An MCR game preset.  ``players`` is always 4; ``fans`` the fan-counting preset."""

    name: str
    fans: McrRules
    hands: int = 16
    start_points: int = 0
    flowers: bool = True
    false_win: str = "penalty"
    table_points: tuple[int, ...] = (4, 2, 1, 0)
    players: int = 4
    family: str = "mcr"


def mcr_game_presets() -> tuple[str, ...]:
    """The names of the MCR game presets."""
    return tuple(_presets())


@cache
def _presets() -> dict:
    text = resources.files("trainer.engine").joinpath("data", "mcr_game.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


@cache
def load_mcr_game(name: str = "mcr") -> McrGameRules:
    """The MCR game preset ``name``; :class:`McrRulesError` names a bad key or value."""
    presets = _presets()
    if name not in presets:
        raise McrRulesError(f"unknown MCR game rules {name!r}: use {', '.join(presets)}")
    p = presets[name]
    where = f"mcr_game.toml [{name}]"
    if p.get("false_win") not in FALSE_WIN_RULES:
        raise McrRulesError(f"{where}: false_win must be one of {', '.join(FALSE_WIN_RULES)}, not {p.get('false_win')!r}")
    hands = p.get("hands")
    if not isinstance(hands, int) or hands < 1:
        raise McrRulesError(f"{where}: hands must be a whole number of at least 1, not {hands!r}")
    points = p.get("table_points")
    if not isinstance(points, list) or len(points) != 4:
        raise McrRulesError(f"{where}: table_points must list four numbers, not {points!r}")
    return McrGameRules(
        name=name, fans=load_mcr_rules(p["fans"]), hands=hands, start_points=int(p.get("start_points", 0)),
        flowers=bool(p.get("flowers", True)), false_win=p["false_win"], table_points=tuple(points),
    )


def is_mcr_rules(rules: object) -> bool:
    """Whether ``rules`` is an MCR game preset (an object or a preset name)."""
    if isinstance(rules, McrGameRules):
        return True
    return isinstance(rules, str) and rules in _presets()
