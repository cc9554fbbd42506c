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


def test_russian_lesson_stays_russian_with_russian_terms(tmp_path: Path) -> None:
    shown, title, lang = _open(tmp_path, "en", "skill_waits_basic", "closed_waits")
    assert any("а" <= ch <= "я" for ch in shown)  # the Russian text, not an English fallback mix
    terms = [part.split("}", 1)[0] for part in shown.split("{term:")[1:]]
    assert terms and all("|" in t for t in terms)  # every term carries its Russian name
    assert title.endswith("(lesson in Russian)") and lang == "ru"


def test_russian_interface_shows_russian(tmp_path: Path) -> None:
    shown, title, lang = _open(tmp_path, "ru", "basics_riichi", "yaku_rule")
    assert "хотя бы одно {term:yaku}" in shown
    assert "(" not in title and lang == "ru"
