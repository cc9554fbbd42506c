"""English lessons: ``languages: [ru, en]`` needs an English text everywhere the learner reads,
and a lesson is shown in one language (English where translated, else Russian with Russian terms)."""

from __future__ import annotations

from pathlib import Path

from tests.test_lessons_validation import HEADER, problems, write
from trainer import i18n
from trainer.lessons import load_all
from trainer.lessons.language import lesson_language, lesson_title, step_text
from trainer.lessons.loader import load_text

EN_HEADER = HEADER.replace("\nsteps:\n", "\nlanguages: [ru, en]\nsteps:\n")

TRANSLATED = """\
  - kind: text
    text: {ru: "Ожидание — это {term:machi}: {tiles:25m}.", en: "A wait is {term:machi}: {tiles:25m}."}
  - kind: pick_tiles
    prompt: {ru: "Какие плитки завершают руку?", en: "Which tiles complete the hand?"}
    ask: waits
    hand: "1355m"
    expect: "2m"
"""


def test_fully_translated_lesson_passes(tmp_path: Path) -> None:
    assert problems(write(tmp_path, "skill_en", TRANSLATED, header=EN_HEADER)) == []


def test_missing_english_is_reported_at_its_line(tmp_path: Path) -> None:
    steps = TRANSLATED.replace(', en: "Which tiles complete the hand?"', "")
    path = write(tmp_path, "skill_en_missing", steps, header=EN_HEADER)
    assert problems(path) == [f"{path}:14:13: steps[1].prompt: missing English translation 'en' "
                              "(the lesson declares languages: [ru, en])"]


def test_other_tiles_and_russian_letters_in_english(tmp_path: Path) -> None:
    steps = TRANSLATED.replace("A wait is {term:machi}: {tiles:25m}.", "Ожидание {term:machi}: {tiles:26m}.")
    probs = problems(write(tmp_path, "skill_en_bad", steps, header=EN_HEADER))
    assert any("the English shows other tiles than the Russian: {tiles:26m}" in p for p in probs), probs
    assert any("Russian letters in the English text" in p for p in probs), probs


def test_russian_lesson_needs_no_english(tmp_path: Path) -> None:
    steps = TRANSLATED.replace(', en: "Which tiles complete the hand?"', "")
    assert problems(write(tmp_path, "skill_ru", steps)) == []


def _lesson(header: str, steps: str = TRANSLATED):  # type: ignore[no-untyped-def]
    lf = load_text(header.format(id="skill_x", pre="[]") + steps, "skills/skill_x.yaml")
    assert lf.lesson is not None, lf.problems
    return lf.lesson


def test_one_language_per_lesson() -> None:
    english, russian = _lesson(EN_HEADER), _lesson(HEADER)
    assert lesson_language(english, "en") == "en" and lesson_language(russian, "en") == "ru"
    assert lesson_language(english, "ru") == "ru"
    text = english.steps[0].text
    assert step_text(text, english, "en") == "A wait is {term:machi}: {tiles:25m}."
    assert step_text(text, english, "ru") == "Ожидание — это {term:machi}: {tiles:25m}."
    # A Russian lesson in the English interface: Russian sentence, Russian term name.
    assert step_text(russian.steps[0].text, russian, "en") == "Ожидание — это {term:machi|Ожидание}: {tiles:25m}."
    assert step_text(None, russian, "en") == ""
    before = i18n.current_language()
    i18n.set_language("en")  # the note is an interface string, in the interface language
    try:
        assert lesson_title(english, "en") == "Test"
        assert lesson_title(russian, "en") == "Test (lesson in Russian)"
    finally:
        i18n.set_language(before)
    assert lesson_title(russian, "ru") == "Тест"


def test_the_basics_track_is_in_english() -> None:
    lib = load_all()
    basics = lib.by_track("basics")
    assert len(basics) == 17
    assert [x.id for x in basics if "en" not in x.languages] == []


def test_every_shipped_lesson_is_in_english() -> None:
    """All 94 lessons of every track are bilingual (``languages: [ru, en]``): an English learner
    never meets a lesson in Russian only."""
    lib = load_all()
    assert len(lib.lessons) >= 94
    assert sorted(x.id for x in lib.lessons.values() if "en" not in x.languages) == []
