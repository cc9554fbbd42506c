"""In the English interface a lesson is shown in one language: an English lesson in English, a
Russian-only lesson in Russian (with Russian term names) and a note on its title."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from tests.test_ui_kids import make_app, open_step  # noqa: E402


def _open(tmp_path: Path, language: str, lesson_id: str, step_id: str) -> tuple[str, str, str]:
    """(the texts shown, the screen title, the step view's language) of one lesson step."""
    app = make_app(tmp_path, language=language)
    try:
        screen = open_step(app, lesson_id, step_id)
        return " ".join(b.text for b in screen.view.blocks), screen.title(), screen.view.lang()
    finally:
        app.close()


def test_english_lesson_in_english(tmp_path: Path) -> None:
    shown, title, lang = _open(tmp_path, "en", "basics_riichi", "yaku_rule")
    assert "at least one {term:yaku}" in shown
    assert (title, lang) == ("Yaku, and riichi as the first yaku", "en")


def _russian_only_copy(tmp_path: Path) -> str:
    """A teacher's Russian-only lesson (every shipped lesson is bilingual): skill_waits_basic
    without its ``languages: [ru, en]`` line, under another id; returns the id."""
    import re

    from trainer.paths import LESSONS_DIR

    text = (LESSONS_DIR / "skills" / "skill_waits_basic.yaml").read_text(encoding="utf-8")
    text = text.replace("languages: [ru, en]\n", "").replace("id: skill_waits_basic", "id: skill_teacher_waits_ru", 1)
    text = re.sub(r"(?m)^prerequisites: .*$", "prerequisites: []", text)
    folder = tmp_path / "teacher" / "skills"
    folder.mkdir(parents=True)
    (folder / "skill_teacher_waits_ru.yaml").write_text(text, encoding="utf-8")
    return "skill_teacher_waits_ru"


def test_russian_lesson_stays_russian_with_russian_terms(tmp_path: Path) -> None:
    from trainer.lessons.loader import load_all

    lesson_id = _russian_only_copy(tmp_path)
    lib = load_all(tmp_path / "teacher")
    assert lesson_id in lib.lessons and "en" not in lib.lessons[lesson_id].languages, lib.problems
    app = make_app(tmp_path, language="en")
    try:
        app.set_library(lib)
        screen = open_step(app, lesson_id, "closed_waits")
        shown, title, lang = " ".join(b.text for b in screen.view.blocks), screen.title(), screen.view.lang()
    finally:
        app.close()
    assert any("а" <= ch <= "я" for ch in shown)  # the Russian text, not an English fallback mix
    terms = [part.split("}", 1)[0] for part in shown.split("{term:")[1:]]
    assert terms and all("|" in t for t in terms)  # every term carries its Russian name
    assert title.endswith("(lesson in Russian)") and lang == "ru"


def test_russian_interface_shows_russian(tmp_path: Path) -> None:
    shown, title, lang = _open(tmp_path, "ru", "basics_riichi", "yaku_rule")
    assert "хотя бы одно {term:yaku}" in shown
    assert "(" not in title and lang == "ru"
