"""Review 22, a club teacher (item 3): a ``#`` inside unquoted YAML text is a comment, and YAML
silently drops the rest of the line (``text: Ход #3 — важно`` is the text «Ход»).  The validator
now says so at the ``#``'s line and column; a real comment (on a line of its own, or after a value
that is not a text) is left alone."""

from __future__ import annotations

from pathlib import Path

import pytest

from trainer.i18n import set_language
from trainer.lessons.comments import TEXT_CUT, VALUE_CUT
from trainer.lessons.loader import YAML_COMMENT_FLOW, load_text, read_yaml

LESSON = """\
id: skill_club_hash
title: {ru: "Клуб", en: "Club"}
track: skills
level: 50
audience: player
minutes: 10
skill: waits_basic
steps:
  - kind: text
    id: intro
    text:
      ru: "Четыре плитки подряд."
"""


def _slips(text: str) -> list[tuple[int, int, str, str]]:
    """(line, column, message id, what is lost) of each comment that cut a value short."""
    return [(p.line, p.col, p.text, str(p.values.get("lost", ""))) for p in read_yaml(text, "x.yaml")[2]
            if p.text in (TEXT_CUT, VALUE_CUT)]


@pytest.mark.parametrize(("line", "expected"), [
    ('      ru: Ход #3 — важно', (12, 15, TEXT_CUT, "#3 — важно")),
    ('      ru: Ход номер три   # черновик', (12, 27, TEXT_CUT, "# черновик")),
    ('      ru: Первая строка\n        #3 — вторая строка', (13, 9, TEXT_CUT, "#3 — вторая строка")),
    ('      ru: "Четыре."\n    id2: q_waits #3', (13, 18, VALUE_CUT, "#3")),
])
def test_a_comment_that_cuts_a_text_is_reported_at_its_hash(line: str, expected: tuple[int, int, str, str]) -> None:
    text = LESSON.replace('      ru: "Четыре плитки подряд."', line)
    assert _slips(text) == [expected]


@pytest.mark.parametrize("line", [
    '      ru: "Ход #3 — важно"',                    # quoted: the # is text
    "      ru: 'Ход #3 — важно'",
    "      ru: |\n        Ход #3 — важно",           # a block text keeps every #
    "      ru: Ход№3, C# и F#",                      # no space before #: not a comment
    '      ru: "Четыре."\n  # ------------------------------------ a ruler',
    '      ru: "Четыре."\n      # a note of the writer, as indented as the key',
    '      ru: "Четыре."\n    id2: q_waits   # the step id',  # a comment after a value that is not a text
    '      ru: "Четыре."\n    tags: [a, b]  #3 is not lost: the list is closed',
])
def test_real_comments_and_quoted_hashes_are_left_alone(line: str) -> None:
    text = LESSON.replace('      ru: "Четыре плитки подряд."', line)
    assert _slips(text) == []


def test_the_shipped_lessons_have_no_cut_texts() -> None:
    files = sorted(Path("lessons").rglob("*.yaml"))
    assert len(files) >= 94
    for path in files:
        assert _slips(path.read_text(encoding="utf-8")) == [], path


def test_a_cut_text_leaves_the_lesson_out_with_a_russian_problem() -> None:
    text = LESSON.replace('      ru: "Четыре плитки подряд."', "      ru: Ход #3 — важно")
    lf = load_text(text, "club/skills/skill_club_hash.yaml")
    (p,) = lf.problems
    assert p.message == ("steps[0].text.ru: “#” after a space starts a YAML comment: the text ends before it and "
                         "“#3 — важно” is lost; put the whole text in quotes \"…\"")
    set_language("ru")
    try:
        assert p.translated_in_file() == ("строка 12: шаг 1, text.ru: «#» после пробела начинает комментарий YAML: "
                                          "текст обрывается перед ним, и «#3 — важно» теряется; возьмите весь текст "
                                          "в кавычки \"…\"")
    finally:
        set_language("en")


def test_a_comment_inside_brackets_is_named_at_its_hash() -> None:
    """In ``{ru: Ход #3, en: Move 3}`` the comment hides the closing bracket: YAML fails on the next
    line, and the problem points back at the ``#``."""
    text = LESSON.replace('title: {ru: "Клуб", en: "Club"}', "title: {ru: Ход #3, en: Move 3}")
    (p,) = read_yaml(text, "x.yaml")[2]
    assert (p.line, p.col, p.text) == (2, 17, YAML_COMMENT_FLOW)
