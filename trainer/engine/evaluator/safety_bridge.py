"""The link to the shared safe-tile module :mod:`trainer.engine.safety`, when it is present.

The careful bot's genbutsu logic is moving into ``trainer/engine/safety.py``; the
evaluator asks it first and falls back on its own reading when it is absent.
"""

from __future__ import annotations

from trainer.engine.game.view import PlayerView


def genbutsu(view: PlayerView, seat: int) -> set[int] | None:
    """Kinds ``seat`` cannot ron according to the shared safety module, or None when the
    module is not available (the evaluator then reads the rivers itself)."""
    return None
