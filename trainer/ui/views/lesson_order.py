"""The lesson tracks in teaching order, their names and colours, each lesson's state for a
learner (done, started, open or locked by its prerequisites), and each learner's own path: a
child's profile has the children's track only, every other profile the adult tracks (from the
track its first-run answer chose), never a children's lesson first."""

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


RULE_SYSTEMS = {"mcr": "mcr"}
"""Tracks of another rule system than riichi (the default): Chinese Official rules."""


def same_rules(track: str, other: str) -> bool:
    """Whether two tracks teach the same rule system (riichi, or the Chinese Official rules), so
    "next lesson" never leads a riichi learner into the Chinese rules or back."""
    return RULE_SYSTEMS.get(track, "riichi") == RULE_SYSTEMS.get(other, "riichi")


def is_child(settings: Any) -> bool:
    """Whether the current learner's profile is a child's (the first-run answer "child")."""
    return getattr(settings, "profile", "") == "child"


def path_tracks(settings: Any) -> tuple[str, ...]:
    """The tracks of the learner's path in order: a child's profile has the children's track
    only; an adult's starts at the track its first-run answer chose (basics unless another) and
    goes on through the other adult tracks, the earlier ones last, without the children's."""
    if is_child(settings):
        return ("kids",)
    from trainer.ui.settings import PROFILE_DEFAULTS

    adult = [t for t in TRACK_ORDER if t != "kids"]
    first = str(PROFILE_DEFAULTS.get(getattr(settings, "profile", ""), {}).get("last_track", "basics"))
    start = adult.index(first) if first in adult else 0
    return tuple(adult[start:] + adult[:start])


def path_lessons(lib: Any, tracks: tuple[str, ...]) -> list[Any]:
    """The loaded lessons of ``tracks``, track by track, each by level then id."""
    out = []
    for track in tracks:
        out.extend(lib.by_track(track))
    return out


def lesson_records(app: Any) -> dict[str, dict]:
    """The learner's lesson progress rows by lesson id ({} without a store, or when it cannot
    answer: the lessons then show as new, never as an error)."""
    if app.progress is None or app.learner_id is None:
        return {}
    try:
        return app.progress.lessons(app.learner_id)
    except Exception:  # noqa: BLE001 - see above
        return {}


def last_touched_lesson(app: Any, lib: Any) -> Any | None:
    """The lesson the learner completed or opened most recently (the store's latest change to a
    lesson's progress; without a store, the lesson remembered for "continue where I stopped"),
    or None when the learner has not opened one yet."""
    records = lesson_records(app)
    touched = [(str(v.get("updated_at") or ""), lid) for lid, v in records.items() if lid in lib.lessons]
    if touched:
        return lib.lessons[max(touched)[1]]
    last = getattr(app.settings, "last_lesson", "")
    return lib.lessons.get(last) if last else None


def working_tracks(app: Any, lib: Any) -> tuple[str, ...]:
    """The learner's path (see :func:`path_tracks`) with the tracks of the rule system the learner
    is working on first: that of the lesson completed or opened last (:func:`last_touched_lesson`).
    A learner who went on with the Chinese Official rules is led on through them, one who
    studies riichi keeps the riichi path; each group keeps the path's order."""
    tracks = path_tracks(app.settings)
    last = last_touched_lesson(app, lib)
    if last is None or last.track not in tracks:
        return tracks
    return tuple(sorted(tracks, key=lambda t: not same_rules(t, last.track)))  # stable: order kept


def next_lesson(app: Any, lib: Any) -> Any | None:
    """The first lesson not yet done of the learner's path, the rule system the learner works on
    first (see :func:`working_tracks`)."""
    states = lesson_states(app, lib)
    return next((x for x in path_lessons(lib, working_tracks(app, lib)) if states.get(x.id) != "done"), None)


def resume_lesson(app: Any, lib: Any) -> tuple[str, int] | None:
    """(lesson id, step) of the lesson of the learner's path touched last and not finished:
    a lesson outside the path (a parent looking at a children's lesson) is not offered, nor a
    completed one the learner only looked at again (its steps are remembered as the last place,
    but there is nothing left to continue)."""
    ids = {x.id for x in path_lessons(lib, path_tracks(app.settings))}
    done: set[str] = set()
    if app.progress is not None and app.learner_id is not None:
        try:
            found = app.progress.last_lesson(app.learner_id, among=ids)
        except Exception:
            found = None
        if found is not None:
            return found
        try:
            done = {k for k, v in app.progress.lessons(app.learner_id).items() if v.get("completed_at")}
        except Exception:
            done = set()
    last = app.settings.last_lesson
    if last and last in ids and last not in done:
        return last, app.settings.last_step
    return None


def lesson_title(lesson: Any, lang: str) -> str:
    """The lesson's title in the interface language."""
    return lesson.title.get(lang)


def lesson_states(app: Any, lib: Any) -> dict[str, str]:
    """Per lesson id: "done", "started", "open" (prerequisites complete) or "locked"."""
    records = lesson_records(app)
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
