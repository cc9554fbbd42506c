"""What the learner is told when a lesson they worked on did not load (its file has an error)."""

from __future__ import annotations

from typing import Any

from trainer.i18n import _


def broken_lesson_notice(app: Any) -> str:
    """One line for the home screen when a lesson the learner has worked on (progress or review
    cards) was left out because its file has an error: the file, the line, and that the answers
    are kept ("" when there is none, or before the lessons are loaded)."""
    from pathlib import Path

    progress, learner = getattr(app, "progress", None), getattr(app, "learner_id", None)
    if progress is None or learner is None or not app.library_ready():
        return ""
    try:
        lib = app.library()
        broken = {k: v for k, v in getattr(lib, "broken", {}).items() if k not in lib.lessons}
        if not broken:
            return ""
        mine = set(progress.lessons(learner))
        mine |= {item.split("/", 1)[0] for item, _skill in progress.due_items(learner, limit=1000) if "/" in item}
    except Exception:  # noqa: BLE001 - a store or library that cannot answer: no notice
        return ""
    hit = sorted((p.file, p.line) for lid, p in broken.items() if lid in mine)
    if not hit:
        return ""
    files = ["…/" + Path(f).name for f, _line in hit]
    if len(hit) == 1:
        return _("The lesson in {file} did not open: the file has an error (line {line}). Your answers in it "
                 "are kept.").format(file=files[0], line=hit[0][1])
    # No count of files: the lesson map's button counts every file with errors, this notice only
    # those holding lessons the learner worked on, and two different counts would read as a contradiction.
    return _("Lessons you worked on did not open: {files} have errors. Your answers in them are kept.").format(
        files=", ".join(files))
