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


def against_coach_part(screen: Any, en: bool) -> str:
    """The "against the coach" part the replay header should show for ``screen``: one kind alone in
    its own words; several kinds listed (riichi, calls, push/fold) or, when that list does not fit
    beside the title, their total, saying what it counts ("decisions against the coach: 18")."""
    riichi = sum(1 for d in screen.decisions.values() if d.riichi_against_advice)
    calls = sum(1 for c in screen.calls.values() if c.against_advice)
    pushes = sum(1 for d in screen.decisions.values() if d.push_fold_against_advice)
    kinds = [n for n in (riichi, calls, pushes) if n]
    if len(kinds) == 1:
        if riichi:
            return f"riichi or dama against the coach: {riichi}" if en else f"риичи или даматен вопреки тренеру: {riichi}"
        if calls:
            return f"calls against the coach: {calls}" if en else f"объявления вопреки тренеру: {calls}"
        return f"push or fold against the coach: {pushes}" if en else f"вперёд или защита вопреки тренеру: {pushes}"
    if not kinds:
        return ""
    names = ("riichi", "calls", "push/fold") if en else ("риичи", "пон/чии", "вперёд/защита")
    parts = ", ".join(f"{name} {n}" for name, n in zip(names, (riichi, calls, pushes), strict=True) if n)
    listed = (f"against the coach: {parts}" if en else f"вопреки тренеру: {parts}")
    header = screen.header_extra()
    return listed if listed in header else (f"decisions against the coach: {sum(kinds)}" if en
                                            else f"решений вопреки тренеру: {sum(kinds)}")
