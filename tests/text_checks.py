"""Checks of on-screen text shared by the wording tests."""

from __future__ import annotations

from typing import Any


def flat(text: str) -> bool:
    """True when no bracket opens inside another («Dora (ドラ, dora)», not «Fold (full fold (ベタ降り, betaori))»)."""
    depth = 0
    for ch in text:
        depth += ch == "("
        if depth > 1:
            return False
        depth -= ch == ")"
    return True


def open_paifu_step(app: Any, ask: str | None) -> Any:
    """The paifu-reading lesson's record step that asks ``ask`` (None: the one that only shows), drawn."""
    lesson = app.library().lessons["skill_paifu_reading"]
    index = next(i for i, s in enumerate(lesson.steps) if s.kind == "paifu" and s.ask == ask)
    screen = app.push("lesson", lesson_id=lesson.id, step=index)
    app.process([], 1 / 60)
    app.render()
    return screen
