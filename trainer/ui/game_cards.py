"""The learner's own mistakes from saved games as spaced-repetition cards.

When a match ends, its review (``trainer.engine.game.review``) is read and every discard
that lost tiles, slowed the hand, or dealt in while a safe tile was in the hand becomes a
card in the learner's progress store (a wrong answer, so it comes back soon).  A card's
spec names the game file and the decision (``{"game", "hand", "action", "seat"}``); the
position review screen shows that table again and asks "what would you discard here?".
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from trainer.engine.game.review import Decision, review_game

CARD_VERDICTS = ("lost_tiles", "lost_shanten", "dealt_in")
"""Verdicts that become review cards (item 7 of issue 12)."""


def card_id(path: Path, d: Decision) -> str:
    """The item id of a game mistake: the game file and the decision."""
    return f"game:{path.stem}:{d.hand}:{d.action}"


def card_skill(d: Decision) -> str:
    """The mastery skill a game mistake belongs to."""
    return "defense" if d.verdict == "dealt_in" else "efficiency"


def record_mistakes(app: Any, path: Path, log: dict[str, Any], seat: int = 0) -> int:
    """Turn the mistakes of ``seat`` in a finished game into review cards; returns how many."""
    if getattr(app, "progress", None) is None or getattr(app, "learner_id", None) is None:
        return 0
    n = 0
    for d in review_game(log, seat).decisions:
        if d.verdict not in CARD_VERDICTS:
            continue
        spec = {"game": str(path), "hand": d.hand, "action": d.action, "seat": seat}
        app.record_answer("game", card_id(path, d), card_skill(d), False, 0.0, spec=spec)
        n += 1
    return n


def due_positions(app: Any) -> list[dict[str, Any]]:
    """Due game-mistake cards whose game file still exists (oldest first)."""
    store, learner = getattr(app, "progress", None), getattr(app, "learner_id", None)
    if store is None or learner is None:
        return []
    try:
        due = store.due_reviews(learner, limit=50)
    except Exception:  # noqa: BLE001 - a damaged store is reported elsewhere
        return []
    return [r for r in due if "game" in r and Path(str(r["game"])).is_file()]
