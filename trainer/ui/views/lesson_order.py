"""The lesson tracks in teaching order, their names and colours, and each lesson's state for a
learner (done, started, open or locked by its prerequisites)."""

from __future__ import annotations

from typing import Any

from trainer.i18n import N_

TRACK_ORDER = ("kids", "basics", "skills", "scoring", "manners", "variants", "sanma", "mcr")
TRACK_NAMES = {
    "kids": N_("Children"),
    "basics": N_("Basics"),
    "skills": N_("Hand skills"),
    "scoring": N_("Scoring"),
    "manners": N_("Table manners"),
    "variants": N_("Variants"),
    "sanma": N_("Three players"),
    "mcr": N_("Chinese Official rules (MCR)"),
}
TRACK_COLORS = {
    "kids": (236, 130, 160),
    "basics": (232, 176, 75),
    "skills": (74, 144, 217),
    "scoring": (160, 110, 200),
    "manners": (63, 166, 107),
    "variants": (200, 120, 70),
    "sanma": (90, 170, 190),
    "mcr": (205, 70, 70),
}


def ordered_lessons(lib: Any) -> list[Any]:
    """Every loaded lesson in teaching order: by track, then level, then id."""
    out = []
    for track in TRACK_ORDER:
        out.extend(lib.by_track(track))
    return out


def lesson_title(lesson: Any, lang: str) -> str:
    """The lesson's title in the interface language."""
    return lesson.title.get(lang)


def lesson_states(app: Any, lib: Any) -> dict[str, str]:
    """Per lesson id: "done", "started", "open" (prerequisites complete) or "locked"."""
    records: dict[str, dict] = {}
    if app.progress is not None and app.learner_id is not None:
        try:
            records = app.progress.lessons(app.learner_id)
        except Exception:
            records = {}
    done = {k for k, v in records.items() if v.get("completed_at")}
    states = {}
    for lid, lesson in lib.lessons.items():
        if lid in done:
            states[lid] = "done"
        elif lid in records:
            states[lid] = "started"
        elif all(p in done for p in lesson.prerequisites):
            states[lid] = "open"
        else:
            states[lid] = "locked"
    return states
