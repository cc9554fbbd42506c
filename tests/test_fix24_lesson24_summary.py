"""An honest lesson summary (review round 24, group "lesson24"): a lesson passed with fewer than half
of its questions right on the first try still counts as done (the next lesson opens), but its
summary is no cheer, offers another pass first (Enter) and names the steps to look at again; a
child's summary is unchanged."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.text_checks import frame_texts  # noqa: E402
from tests.ui_events import headless_app, key  # noqa: E402
from trainer.i18n import set_language  # noqa: E402
from trainer.ui.theme import PALETTE  # noqa: E402

HEADINGS = {"en": ("Lesson done — worth another pass", "Lesson complete!", "Repeat the lesson", "Next lesson"),
            "ru": ("Урок пройден — стоит повторить", "Урок пройден!", "Пройти урок ещё раз", "Следующий урок")}


@pytest.fixture(params=["en", "ru"])
def app(request: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    from trainer.progress import open_store

    with headless_app(tmp_path, monkeypatch, language=request.param,
                      progress=open_store(tmp_path / "progress.sqlite")) as a:
        yield a
    set_language("en")


def finish_with(app: Any, lesson_id: str, right: int) -> Any:
    """Open the lesson's last step with its first ``right`` quiz steps right at once and the others
    missed, then Enter through to the summary."""
    lesson = app.library().lessons[lesson_id]
    quiz = [i for i, s in enumerate(lesson.steps) if s.interactive and s.kind not in ("drill", "play")]
    screen = app.push("lesson", lesson_id=lesson_id, step=len(lesson.steps) - 1)
    screen.results.update({i: "right" if k < right else "wrong" for k, i in enumerate(quiz)})
    for i, s in enumerate(lesson.steps):
        if s.kind == "drill":
            screen.drill_results[i] = (int(s.n or 8), int(s.n or 8))
    app.render()
    while not screen.finished:
        key(app, pygame.K_RETURN, "\r")
    return screen


def drawn(app: Any, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    import trainer.ui.screens.lesson as lesson

    return frame_texts(app, monkeypatch, lesson)


def test_few_right_at_once_is_done_but_no_cheer(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    worth, cheer, repeat, nxt = HEADINGS[app.settings.language]
    screen = finish_with(app, "basics_sets", right=0)
    assert screen.passed()  # the lesson counts as done: the next lesson opens
    assert app.progress.lessons(app.learner_id)["basics_sets"]["completed_at"]
    texts = drawn(app, monkeypatch)
    assert worth in texts and cheer not in texts
    head, color = screen._summary_heading()
    assert head == worth and color != PALETTE.right
    labels = [b.label for b in screen.summary_buttons]
    assert labels[0] == repeat and nxt in labels  # another pass first, the next lesson still offered
    default = screen.focused_widget()
    assert default.label == repeat and default.hotkey == "Enter"
    assert any(t.startswith(("Worth another look: steps 4, 5", "Стоит посмотреть ещё раз: шаги 4, 5"))
               for t in texts)
    key(app, pygame.K_RETURN, "\r")  # Enter: the lesson again, from its first step
    assert not screen.finished and screen.index == 0


def test_half_right_at_once_still_cheers(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    worth, cheer, _repeat, nxt = HEADINGS[app.settings.language]
    screen = finish_with(app, "basics_sets", right=5)
    texts = drawn(app, monkeypatch)
    assert cheer in texts and worth not in texts
    default = screen.focused_widget()
    assert default.label == nxt and default.hotkey == "Enter"


def test_a_childs_summary_always_praises(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    worth, cheer, _repeat, nxt = HEADINGS[app.settings.language]
    lesson_id = next(x.id for x in app.library().by_track("kids") if any(
        s.interactive and s.kind not in ("drill", "play") for s in x.steps))
    screen = finish_with(app, lesson_id, right=0)
    texts = drawn(app, monkeypatch)
    assert cheer in texts and worth not in texts
    assert screen._summary_heading() == (cheer, PALETTE.right)
    default = screen.focused_widget()
    assert default.hotkey == "Enter" and default is screen.summary_buttons[-1]
