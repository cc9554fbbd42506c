"""`lessons check` on spelling: glossary variant spellings, «хан» agreement and source citations
are errors at their file:line:col; the right spellings, other senses of a word and the
``sources:`` header pass."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_lessons_validation import problems, write
from trainer.glossary import load_glossary
from trainer.lessons.spelling import SpellingChecker, citation_findings, plural_form


def _one_text(ru: str) -> str:
    return f"""\
    - kind: text
      text: {{ru: "{ru}"}}
    """


def test_variant_spelling_fails_with_file_line_col(tmp_path: Path) -> None:
    steps = """\
    - kind: text
      text:
        ru: |
          Первая строка.
          Открытая рука с таняо и читойцу.
    """
    path = write(tmp_path, "skill_variant", steps)
    probs = problems(path)
    assert len(probs) == 2, probs
    assert probs[0].startswith(f"{path}:14:25: steps[0].text.ru: «таняо» is a variant spelling")
    assert "write «Танъяо»" in probs[0]
    assert probs[1].startswith(f"{path}:14:33: ") and "chiitoitsu" in probs[1]


@pytest.mark.parametrize(
    ("text", "bad"),
    [
        ("Две соседние плитки сосу.", "сосу"),
        ("Это сансёку в трёх мастях.", "сансёку"),
        ("Рука ждёт ринсяна.", "ринсяна"),
        ("Новый указатель дора открыт.", "указатель дора"),
        ("Объявите чи на сброс слева.", "чи"),
        ("По правилам Тенхо так можно.", "Тенхо"),
        ("Хонитсу стоит дорого.", "Хонитсу"),
    ],
)
def test_each_listed_variant_is_found(text: str, bad: str) -> None:
    found = SpellingChecker(load_glossary()).findings(text)
    assert [text[f.offset:f.offset + len(bad)] for f in found] == [bad], found


@pytest.mark.parametrize(
    "text",
    [
        "Округляют вверх до сотни.",                       # сотни = hundreds, not the suit
        "Свод правил «РИ ЧИ».",                            # the book's title, not chii
        "Риичи объявлено, чии нельзя.",                    # the glossary spelling
        "Якуман {term:tenhou|Тенхо} — дилер собрал руку.",  # the yakuman's own name in its label
        "Пара своего ветра и четыре ветра на столе.",      # genitive singular, not the plural «ветра»
        "От 2 ханов до 1 хана: «от» takes the genitive.",  # oblique cases are not judged
        "1 хан, 2 хана, 5 ханов, 21 хан, 1–2 хана.",
    ],
)
def test_right_spellings_and_other_senses_pass(text: str) -> None:
    assert SpellingChecker(load_glossary()).findings(text) == []


@pytest.mark.parametrize(("text", "want"), [("стоит 2 хан", "хана"), ("всего 5 хана", "ханов"), ("это 11 хан", "ханов")])
def test_han_must_agree_with_the_number(text: str, want: str) -> None:
    found = SpellingChecker(load_glossary()).findings(text)
    assert len(found) == 1 and f"write «{want}»" in found[0].message


def test_plural_classes() -> None:
    assert [plural_form(n) for n in (0, 1, 2, 4, 5, 11, 12, 21, 22, 25, 101, 111)] == [2, 0, 1, 1, 2, 2, 2, 0, 1, 2, 0, 2]


def test_citation_fails_with_file_line_col(tmp_path: Path) -> None:
    path = write(tmp_path, "skill_cite", _one_text("Чомбо — это штраф (001:909)."))
    probs = problems(path)
    assert probs == [f"{path}:11:35: steps[0].text.ru: source citation «(001:909)» in learner-facing text: "
                     "move it to the lesson's sources: header"]


def test_plan_code_fails_and_sources_header_passes(tmp_path: Path) -> None:
    header_with_sources = (
        'id: {id}\ntitle: {{ru: "Тест", en: "Test"}}\ntrack: skills\nlevel: 1\naudience: player\nminutes: 5\n'
        'skill: waits_basic\nprerequisites: {pre}\nsources: ["001:909", "digest riichi §2"]\nsteps:\n'
    )
    path = write(tmp_path, "skill_plan", _one_text("Дальше — с урока B05."), header=header_with_sources)
    probs = problems(path)
    assert len(probs) == 1 and "plan code «урока B05»" in probs[0] and ":12:" in probs[0]
    assert citation_findings("Правило 7.2, ранг B; EMA 2008 и JPML.") == []


def test_children_say_team_not_triplet() -> None:
    """Children's «команда» (лесенка / тройняшки) never clashes with the adult «тройка» = triplet."""
    import re

    from trainer.paths import LESSONS_DIR

    kids = sorted((LESSONS_DIR / "kids").glob("*.yaml"))
    assert kids
    note = "Во взрослых уроках «команда» называется сетом: лесенка — это последовательность, а тройняшки — тройка."
    bridge = (LESSONS_DIR / "kids" / "kids_say_riichi.yaml").read_text(encoding="utf-8")
    assert note in bridge  # the one place where the two words meet, for the parent
    texts = {p.name: p.read_text(encoding="utf-8").replace(note, "").replace("Слово «тройка» там", "") for p in kids}
    assert [name for name, text in texts.items() if re.search(r"(?i)(?<![а-яё])тройк", text)] == []
