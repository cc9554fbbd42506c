"""Every lesson's objective is a goal written to the learner (objective24): English in the base
form ("Recognize all 34 tile kinds, …"), Russian as an infinitive goal («Узнавать все 34 вида
плиток, …»), never a teacher's note about "the learner" / «ученик» or "the child" / «ребёнок» —
the adult lesson map shows it on every card."""

from __future__ import annotations

import os
import re
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from trainer.lessons.loader import load_all  # noqa: E402
from trainer.lessons.model import Lesson  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.settings import Settings  # noqa: E402

# words of a teacher's note about the learner, in any case and any ending
THIRD_PERSON = re.compile(r"\bthe (learner|child)\b|\bученик|\bребён|\bребен", re.IGNORECASE)
INFINITIVE = re.compile(r"\b\w+(ть|ться|ти)\b")
LANGUAGES = ("ru", "en")


@pytest.fixture(scope="module")
def lessons() -> dict[str, Lesson]:
    """The shipped lessons (schema only; the engine checks are `lessons check`'s)."""
    return load_all(engine_checks=False).lessons


def objectives(lessons: dict[str, Lesson], lang: str) -> dict[str, str]:
    """Each lesson's objective in ``lang``, by lesson id (lessons without one are left out)."""
    return {lid: lesson.objective.get(lang) for lid, lesson in lessons.items() if lesson.objective is not None}


def test_every_lesson_with_an_objective_has_it_in_both_languages(lessons) -> None:
    """The objective shows on the map in either interface language, so both are written."""
    ru, en = objectives(lessons, "ru"), objectives(lessons, "en")
    assert len(ru) >= 94 and ru.keys() == en.keys()
    assert all(lessons[lid].objective.en for lid in ru), [lid for lid in ru if not lessons[lid].objective.en]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_objective_speaks_of_the_learner_in_the_third_person(lessons, lang) -> None:
    """Neither "The learner …" / «Ученик …» nor "the child" / «ребёнок» anywhere in an objective."""
    bad = {lid: text for lid, text in objectives(lessons, lang).items() if THIRD_PERSON.search(text)}
    assert not bad, bad


def test_every_russian_objective_is_an_infinitive_goal(lessons) -> None:
    """«Узнавать …», «Находить …», «Знать …»: each Russian objective says what to do in the infinitive."""
    bad = {lid: text for lid, text in objectives(lessons, "ru").items() if not INFINITIVE.search(text)}
    assert not bad, bad


def test_the_english_objectives_open_with_the_goal_not_a_subject(lessons) -> None:
    """An English objective starts with its verb ("Recognize", "Find") or a setting ("Against one
    riichi, find …"), never with a subject such as "The learner"."""
    bad = {lid: text for lid, text in objectives(lessons, "en").items() if text.split()[0] in ("The", "A", "Each")}
    assert not bad, bad


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest):  # noqa: ANN201
    """An adult's app at 1280x720 in the language the test asks for."""
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    a = App(size=(1280, 720), settings=Settings(language=request.param), progress=None, save=False)
    a.library()
    a.push("home")
    a.apply_profile("new")
    yield a
    a.close()


@pytest.mark.parametrize(("app", "first_goal"), [
    ("en", "Recognize all 34 tile kinds, name them in English and Japanese"),
    ("ru", "Узнавать все 34 вида плиток, называть их по-русски и по-японски"),
], indirect=["app"])
def test_the_adult_lesson_map_cards_show_goals_written_to_the_learner(app, first_goal) -> None:
    """On every track's map, each open card's subtitle ends with a goal for the learner; the first
    basics card reads as one."""
    screen = app.push("lesson_map")
    subtitles: list[str] = []
    for track, _label in screen.tabs.options:
        screen._set_track(track)
        app.render()
        subtitles += [card.subtitle for card in screen.cards]
    assert not [s for s in subtitles if THIRD_PERSON.search(s)]
    screen._set_track("basics")
    app.render()
    assert first_goal in screen.cards[0].subtitle.replace("\u00a0", " ")
