"""Reasons: the short, machine-readable "why" behind every number of the evaluator.

A :class:`Reason` is a code (``"genbutsu"``, ``"suji"``, ``"one_chance"``,
``"dama_mangan"`` ...) with a few named values (``seat``, ``han``, ``points``
...).  The codes are stable identifiers: the coach turns them into sentences in
the learner's language (the list of codes is in docs/game.md, section
"Evaluator"), bots ignore them, tests check them.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Reason(NamedTuple):
    """One reason: a stable ``code`` and its values (a tuple of ``(name, value)`` pairs,
    hashable so that results can be cached and compared)."""

    code: str
    values: tuple[tuple[str, Any], ...] = ()

    def get(self, name: str, default: Any = None) -> Any:
        """The value called ``name`` (``default`` when the reason has none)."""
        for key, value in self.values:
            if key == name:
                return value
        return default

    def to_json(self) -> dict[str, Any]:
        """The reason as a JSON-ready dict: ``{"code": ..., name: value, ...}``."""
        return {"code": self.code, **dict(self.values)}


def reason(code: str, **values: Any) -> Reason:
    """Build a :class:`Reason` from a code and keyword values."""
    return Reason(code, tuple(values.items()))


__all__ = ["Reason", "reason"]
