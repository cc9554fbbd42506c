"""The link to the shared safe-tile module ``trainer.engine.safety``, when it is present.

The careful bot's genbutsu logic (counted per riichi player from that player's
declaration, in table order) lives in ``trainer/engine/safety.py``; the evaluator
asks it first and falls back on its own reading of the rivers when the module is
absent (an older checkout).
"""

from __future__ import annotations

import importlib
from types import ModuleType

from trainer.engine.game.view import PlayerView

_MODULE: list[ModuleType | None] = []


def _safety() -> ModuleType | None:
    if not _MODULE:
        try:
            module: ModuleType | None = importlib.import_module("trainer.engine.safety")
        except ImportError:
            module = None
        if module is not None and not all(hasattr(module, n) for n in ("table_of", "genbutsu")):
            module = None
        _MODULE.append(module)
    return _MODULE[0]


def genbutsu(view: PlayerView, seat: int) -> set[int] | None:
    """Kinds ``seat`` cannot ron according to the shared safety module (its own discards and,
    after a riichi, every tile passed since the declaration), or None when the module is not
    available (the evaluator then reads the rivers itself)."""
    safety = _safety()
    if safety is None:
        return None
    return set(safety.genbutsu(safety.table_of(view), seat))
