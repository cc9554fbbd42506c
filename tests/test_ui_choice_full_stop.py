"""After the second wrong answer a choice step names the right option in a sentence: an option
that is a sentence of its own ("Give 5000 and take 1100 in change.") does not get a second full
stop, and one ending in "?", "!" or "…" keeps its own mark instead of the sentence's."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import re  # noqa: E402

import pytest  # noqa: E402

from tests.ui_events import frame, headless_app, key  # noqa: E402
from trainer.cli.wrong_answers import lesson_wrong  # noqa: E402

TEMPLATE = "The right answer: {answer}."


@pytest.mark.parametrize(("answer", "expected"), [
    ("Give 5000 and take 1100 in change.", "The right answer: Give 5000 and take 1100 in change."),
    ("Kanchan", "The right answer: Kanchan."),
    ("Is it tenpai?", "The right answer: Is it tenpai?"),
    ("Ron!", "The right answer: Ron!"),
    ("Wait for the next draw…", "The right answer: Wait for the next draw…"),
    ("Wait...", "The right answer: Wait..."),
    ("{tiles:23m}", "The right answer: {tiles:23m}."),
])
def test_the_answer_sentence_has_one_closing_mark(answer, expected):
    from trainer.ui.views.steps.choice import answer_sentence

    assert answer_sentence(TEMPLATE, answer) == expected
    assert answer_sentence("Верный ответ: {answer}.", answer) == expected.replace("The right answer", "Верный ответ")


def test_an_answer_inside_the_sentence_loses_its_full_stop_only():
    from trainer.ui.views.steps.choice import answer_sentence

    assert answer_sentence("Your answer: {answer} — not right here.", "Count out 3900.") == (
        "Your answer: Count out 3900 — not right here.")
    assert answer_sentence("Your answer: {answer} — not right here.", "Is it tenpai?") == (
        "Your answer: Is it tenpai? — not right here.")


@pytest.mark.parametrize(("lang", "sentence"), [
    ("en", "The right answer: Give 5,000 and take 1,100 in change."),
    ("ru", "Верный ответ: Дать 5000 и взять сдачу 1100."),
])
def test_the_second_wrong_answer_names_the_right_option_with_one_full_stop(tmp_path, monkeypatch, lang, sentence):
    with headless_app(tmp_path, monkeypatch, language=lang) as app:
        lesson = app.library().lessons["manners_winning"]
        index = next(i for i, s in enumerate(lesson.steps) if s.id == "pay_sticks")
        screen = app.push("lesson", lesson_id=lesson.id, step=index)
        frame(app)
        lesson_wrong(app, screen)
        frame(app)
        key(app, 13, "\r")  # try once more
        lesson_wrong(app, screen)
        frame(app)
        markup = screen._feedback_markup()
        assert sentence in markup, markup
        assert not re.search(r"[.!?…]\.(?!\.)", markup.replace("...", "")), markup
