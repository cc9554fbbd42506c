"""The training tables' actions as JSON: the full game's (:func:`trainer.engine.game.actions.action_to_json`)
and the training games' own — the honor exchange of half abundance, the A/B game's announcement,
guess and pass over — so that a game of several hands can be written down and replayed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from trainer.engine.game.ab_game import Announce, Guess, PassOver
from trainer.engine.game.actions import action_from_json, action_to_json
from trainer.engine.game.honor_exchange import ExchangeHonor
from trainer.engine.tiles import parse_tile

OWN_ACTIONS = {ExchangeHonor: "exchange", Announce: "announce", PassOver: "pass_over", Guess: "guess"}
"""The training tables' own actions -> their names in JSON (the others are the full game's)."""


def simple_action_to_json(action: Any) -> dict[str, Any]:
    """An action of a training table as JSON (tiles in MPSZ)."""
    name = OWN_ACTIONS.get(type(action))
    if name is None:
        return action_to_json(action)
    out: dict[str, Any] = {"type": name}
    if isinstance(action, Guess):
        out.update(tiles=[str(t) for t in action.tiles], target=action.target)
    else:
        out["tile"] = str(action.tile)
    return out


def simple_action_from_json(data: Mapping[str, Any]) -> Any:
    """Read an action written by :func:`simple_action_to_json`; raises ValueError naming what is wrong."""
    kind = next((cls for cls, name in OWN_ACTIONS.items() if name == data.get("type")), None)
    if kind is None:
        return action_from_json(dict(data))
    try:
        if kind is Guess:
            return Guess(tuple(parse_tile(t) for t in data["tiles"]), int(data["target"]))
        return kind(parse_tile(data["tile"]))
    except (KeyError, TypeError) as e:
        raise ValueError(f"not an action: {dict(data)!r}") from e
