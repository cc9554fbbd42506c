"""Review 23, group "bamboo": «бамбук» is never a suit word in the Russian lessons.

The sou suit is «со» (the glossary term ``souzu``), its tiles «плитки со»; the picture on them may
be described as «палочки» («со (палочки)», docs/translating.md). Three reviewers found «36
бамбуков», «Только бамбук», «пятёрки бамбука», «палочки бамбука» in the lessons.

The one «бамбук…» kept is the name of a game: the rulebook calls 索子麻雀 (sōzu mājan)
«Бамбуковый маджонг» (seed 000:3487 and 000:6082; the glossary's ``souzu_maajan``), so the lesson
variant_bamboo keeps that name — «бамбуковый маджонг» in any case — but calls its tiles «плитки со».
English stays as it is: "bamboo" is the usual English name of the suit."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402
import yaml  # noqa: E402

from tests.ui_events import frame, headless_app  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"

GAME_NAME = re.compile(r"(?i)бамбуков(ый|ого|ому|ым|ом)\s+маджонг")
"""The game's own name, as the rulebook (000:3487, 000:6082) and the glossary call it."""
BAMBOO = re.compile(r"(?i)бамбук")


def russian_texts(node: Any) -> Iterator[str]:
    """Every Russian string of a lesson's data (the values under ``ru`` keys, at any depth)."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "ru" and isinstance(value, str):
                yield value
            else:
                yield from russian_texts(value)
    elif isinstance(node, list):
        for item in node:
            yield from russian_texts(item)


def bamboo_as_suit(text: str) -> bool:
    """Whether ``text`` says «бамбук…» anywhere but in the game's name «Бамбуковый маджонг»."""
    return bool(BAMBOO.search(GAME_NAME.sub("", text)))


def test_the_check_keeps_the_game_name_and_catches_the_suit_word() -> None:
    assert not bamboo_as_suit("В бамбуковом маджонге объявления есть. Бамбуковый маджонг — игра.")
    for said in ("36 бамбуков", "Только бамбук, 36 плиток", "пятёрки бамбука", "палочки бамбука",
                 "бамбуковые палочки"):
        assert bamboo_as_suit(said), said


def test_no_russian_lesson_text_names_the_suit_bamboo(tmp_path, monkeypatch) -> None:
    """Each Russian text of every lesson, as the learner reads it (terms shown, so
    {term:souzu_maajan} reads «Бамбуковый маджонг»), says «бамбук» only in the game's name."""
    from trainer.ui.richtext import plain_text

    files = sorted(LESSONS.glob("*/*.yaml"))
    assert len(files) > 50
    bad: list[tuple[str, str]] = []
    with headless_app(tmp_path, monkeypatch, language="ru") as app:
        for path in files:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
            for text in russian_texts(data):
                if bamboo_as_suit(text) or bamboo_as_suit(plain_text(text, app)):
                    bad.append((path.name, text))
    assert not bad, bad


@pytest.mark.parametrize(("lesson_id", "step_id", "expected"), [
    ("variant_risu", "tiles_for_two", ["Весь обычный набор, 136 плиток", "Только масть со, 36 плиток",
                                       "Масть со и все благородные плитки"]),
    ("variant_single_suit_2", "yaku_flush", None),
])
def test_the_lesson_screen_names_the_suit_so(tmp_path, monkeypatch, lesson_id, step_id, expected) -> None:
    """On the lesson screen the options name the suit «со», never «бамбук»."""
    with headless_app(tmp_path, monkeypatch, language="ru") as app:
        lesson = app.library().lessons[lesson_id]
        index = next(i for i, s in enumerate(lesson.steps) if s.id == step_id)
        screen = app.push("lesson", lesson_id=lesson_id, step=index)
        frame(app)
        view = screen.view
        labels = [b.text for b in view.buttons]
        if expected is not None:
            assert labels == expected, labels
        explains = [view.text(o.explain) for o in lesson.steps[index].options if o.explain is not None]
        assert not any(BAMBOO.search(t) for t in labels + explains), (labels, explains)
        if lesson_id == "variant_single_suit_2":
            assert "Да: только масть со, без благородных." in explains, explains


def test_the_chii_prompt_describes_the_picture_and_names_the_suit(tmp_path, monkeypatch) -> None:
    """basics_calls: the two tiles are «плитки с палочками» (the drawing) of the suit со."""
    from trainer.ui.richtext import plain_text

    with headless_app(tmp_path, monkeypatch, language="ru") as app:
        step = next(s for s in app.library().lessons["basics_calls"].steps if s.id == "chii_tiles")
        text = plain_text(step.prompt.get("ru"), app)
        assert "плитки с палочками — масть со (索子, sōzu)." in text, text
