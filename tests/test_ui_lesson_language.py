"""In the English interface a lesson is shown in one language: an English lesson in English, a
Russian-only lesson in Russian (with Russian term names) and a note on its title."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from tests.test_ui_kids import make_app, open_step  # noqa: E402


def _shown(screen) -> str:  # noqa: ANN001
    return " ".join(b.text for b in screen.view.blocks)


def test_english_lesson_in_english(tmp_path: Path) -> None:
    app = make_app(tmp_path, language="en")
    try:
        screen = open_step(app, "basics_riichi", "yaku_rule")
        assert "at least one {term:yaku}" in _shown(screen)
        assert screen.title() == "Yaku, and riichi as the first yaku"
    finally:
        app.close()


def test_russian_lesson_stays_russian_with_russian_terms(tmp_path: Path) -> None:
    app = make_app(tmp_path, language="en")
    try:
        screen = open_step(app, "skill_waits_basic", "closed_waits")
        shown = _shown(screen)
        assert any("а" <= ch <= "я" for ch in shown)  # the Russian text, not an English fallback mix
        terms = [part.split("}", 1)[0] for part in shown.split("{term:")[1:]]
        assert terms and all("|" in t for t in terms)  # every term carries its Russian name
        assert screen.title().endswith("(lesson in Russian)")
        assert screen.view.lang() == "ru"
    finally:
        app.close()


def test_russian_interface_shows_russian(tmp_path: Path) -> None:
    app = make_app(tmp_path, language="ru")
    try:
        screen = open_step(app, "basics_riichi", "yaku_rule")
        assert "хотя бы одно {term:yaku}" in _shown(screen)
        assert "(" not in screen.title()
    finally:
        app.close()
