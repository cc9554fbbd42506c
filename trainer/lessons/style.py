"""Authoring guidelines of curriculum §1.2 and §1.4, as notes (not errors).

``python -m trainer lessons check --style`` prints them; ``--strict`` makes them fail the check.
They are guidelines for lesson writers: the size of a lesson, the share of interactive
steps, runs of reading steps, the length of a text, an ``explain:`` on every choice option, and the children's rules
(no text steps, short prompts).
"""

from __future__ import annotations

import re

from trainer.lessons.loader import LessonFile, Problem

MAX_TEXT_WORDS = 90
"""About 90 words per text step (curriculum §1.2)."""

ENGINE_EXPLAINED = frozenset({"mcr_fans", "mcr_excluded", "mcr_minimum"})
"""``choice`` asks whose options the engine explains itself (the MCR calculator names the fan or
principle behind every option), so an option there may go without ``explain:``."""

_MARKUP = re.compile(r"\{[a-z_]+:[^{}]*\}|\*\*")


def _words(text: str) -> int:
    return len(_MARKUP.sub(" x ", text).split())


def style_notes(lf: LessonFile) -> list[Problem]:
    """The guideline notes of one loaded lesson (empty when it follows them all)."""
    lesson = lf.lesson
    if lesson is None:
        return []
    out: list[Problem] = []

    def note(path: tuple[str | int, ...], message: str) -> None:
        out.append(lf.problem(path, f"style: {message}"))

    steps = lesson.steps
    child = lesson.audience == "child"
    if not 6 <= len(steps) <= 12:
        note(("steps",), f"{len(steps)} steps; a lesson has 6-12 (curriculum §1.2)")
    counted = steps[:-1] if child and steps[-1].kind == "show" else steps  # the closing reward
    share = sum(s.interactive for s in counted) / max(1, len(counted))
    want = 0.6 if child else 0.4
    if share < want:
        note(("steps",), f"{share:.0%} of the steps are interactive; at least {want:.0%} (curriculum §1.2)")
    run = 0
    for i, s in enumerate(steps):
        run = 0 if s.interactive else run + 1
        if run == 3:
            note(("steps", i), "three reading steps (text/show) in a row; at most two (curriculum §1.2)")
        if s.kind == "text":
            if child:
                note(("steps", i), "children's lessons have no text steps, only prompts and demonstrations (§1.4)")
            words = _words(s.text.ru)  # type: ignore[attr-defined]
            if words > MAX_TEXT_WORDS:
                note(("steps", i, "text", "ru"), f"{words} words; one idea per text step, about {MAX_TEXT_WORDS} words")
        prompt = getattr(s, "prompt", None)
        if child and prompt is not None and _words(prompt.ru) > 6:
            note(("steps", i, "prompt", "ru"), "a children's prompt has at most six words (§1.4)")
        if s.kind == "choice" and s.ask not in ENGINE_EXPLAINED:  # type: ignore[attr-defined]
            for j, o in enumerate(s.options):  # type: ignore[attr-defined]
                if o.explain is None:
                    note(("steps", i, "options", j),
                         "option without explain: a learner who picks it is not told why; "
                         "write one for every option (docs/lessons.md, choice)")
        if s.kind == "drill" and not 6 <= s.n <= 12:  # type: ignore[attr-defined]
            note(("steps", i, "n"), f"a drill step has 6-12 items, not {s.n} (§1.2)")  # type: ignore[attr-defined]
    return out
