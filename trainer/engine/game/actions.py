"""Actions a player can take at the table, and the error for an illegal one.

Every action is an immutable value.  The round offers the legal ones through
``Round.legal_actions(seat)``; a player (bot or learner) picks one and the round
applies it.  An action the rules do not allow raises :class:`IllegalAction` with
a reason, and the round is left exactly as it was.

Actions serialise to small JSON objects (:func:`action_to_json` /
:func:`action_from_json`) for the game log, tiles written in MPSZ (``"0m"`` is a
red 5m).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from trainer.engine.hand import MeldKind
from trainer.engine.tiles import Tile, parse_tile


class IllegalAction(ValueError):
    """An action the rules do not allow here; ``reason`` says why (the state is unchanged)."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard ``tile`` from the hand (after a draw or a call)."""

    tile: Tile


@dataclass(frozen=True, slots=True)
class Riichi:
    """Declare riichi (立直) and discard ``tile`` sideways; the 1000 stick is placed once it passes."""

    tile: Tile


@dataclass(frozen=True, slots=True)
class Tsumo:
    """Win on one's own draw (自摸 tsumo)."""


@dataclass(frozen=True, slots=True)
class Ron:
    """Win on another player's discard, or rob a kan (栄 ron / 搶槓 chankan)."""


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline every call and win offered on this tile."""


@dataclass(frozen=True, slots=True)
class Chi:
    """Call the discard of the player on the left to make a run with two ``tiles`` from the hand."""

    tiles: tuple[Tile, Tile]


@dataclass(frozen=True, slots=True)
class Pon:
    """Call a discard to make a triplet with two ``tiles`` from the hand."""

    tiles: tuple[Tile, Tile]


@dataclass(frozen=True, slots=True)
class Kan:
    """Declare a quad of ``tile``'s kind: ``kind`` is daiminkan (on a discard), shouminkan
    (add to one's pon) or ankan (four concealed tiles)."""

    kind: MeldKind
    tile: Tile


@dataclass(frozen=True, slots=True)
class Kita:
    """Three players with nukidora: set a North aside (北抜き kita) as a nukidora worth one
    dora, and draw a replacement tile."""


@dataclass(frozen=True, slots=True)
class AbortiveDraw:
    """Declare an abortive draw; players can only declare nine terminals (九種九牌 kyuushu kyuuhai)."""

    reason: str = "kyuushu"


@dataclass(frozen=True, slots=True)
class DeclareTenpai:
    """At an exhaustive draw, a tenpai player not in riichi shows the hand (``show``:
    counted tenpai) or keeps it hidden and counts as noten (001:805), where the rules allow."""

    show: bool = True


Action = Discard | Riichi | Tsumo | Ron | Pass | Chi | Pon | Kan | Kita | AbortiveDraw | DeclareTenpai

_NAMES: dict[type, str] = {
    Discard: "discard",
    Riichi: "riichi",
    Tsumo: "tsumo",
    Ron: "ron",
    Pass: "pass",
    Chi: "chi",
    Pon: "pon",
    Kan: "kan",
    Kita: "kita",
    AbortiveDraw: "abort",
    DeclareTenpai: "tenpai",
}
_TYPES = {v: k for k, v in _NAMES.items()}


def action_name(action: Action) -> str:
    """The short name of an action's type, as written in the game log."""
    return _NAMES[type(action)]


def action_to_json(action: Action) -> dict[str, Any]:
    """The JSON object for ``action``: ``{"type": ..., tiles in MPSZ}``."""
    out: dict[str, Any] = {"type": _NAMES[type(action)]}
    if isinstance(action, Discard | Riichi):
        out["tile"] = str(action.tile)
    elif isinstance(action, Chi | Pon):
        out["tiles"] = [str(t) for t in action.tiles]
    elif isinstance(action, Kan):
        out["kan"] = action.kind.value
        out["tile"] = str(action.tile)
    elif isinstance(action, AbortiveDraw):
        out["reason"] = action.reason
    elif isinstance(action, DeclareTenpai):
        out["show"] = action.show
    return out


def action_from_json(data: dict[str, Any]) -> Action:
    """Read an action written by :func:`action_to_json`; raises ValueError naming what is wrong."""
    try:
        kind = _TYPES[data["type"]]
    except (KeyError, TypeError):
        raise ValueError(f"not an action: {data!r}") from None
    if kind in (Discard, Riichi):
        return kind(parse_tile(data["tile"]))
    if kind in (Chi, Pon):
        a, b = (parse_tile(t) for t in data["tiles"])
        return kind((a, b))
    if kind is Kan:
        return Kan(MeldKind(data["kan"]), parse_tile(data["tile"]))
    if kind is AbortiveDraw:
        return AbortiveDraw(data.get("reason", "kyuushu"))
    if kind is DeclareTenpai:
        show = data.get("show", True)
        if not isinstance(show, bool):
            raise ValueError(f"'show' of a tenpai declaration must be true or false: {data!r}")
        return DeclareTenpai(show)
    return kind()
