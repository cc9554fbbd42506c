"""What the review-card tests share: the learner's due game cards and the answers the progress
store recorded (the riichi and call cards come back through both)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any


def due_game_cards(app: Any) -> list[dict[str, Any]]:
    """The learner's game cards due two days from now (every card just recorded as a mistake)."""
    later = datetime.now(UTC) + timedelta(days=2)
    return [r for r in app.progress.due_reviews(app.learner_id, now=later, limit=500) if "game" in r]


def recorded_answers(app: Any) -> list[tuple[str, str, int]]:
    """Every answer in the progress store, oldest first: (item id, skill, correct 0/1)."""
    rows = app.progress.db.execute("SELECT item_id, skill, correct FROM answer ORDER BY answered_at, rowid").fetchall()
    return [tuple(r) for r in rows]
