"""The language a lesson is shown in, and a step's text in that language.

A lesson is shown in **one** language.  Every lesson is written in Russian; a lesson whose
header says ``languages: [ru, en]`` carries an English translation of every text the learner
reads (``lessons check`` makes sure none is missing).  With the English interface such a lesson
is shown in English; any other lesson stays Russian, with Russian term names, and its title
carries a note that the lesson is in Russian.  The UI asks :func:`step_text` for every lesson
text, so it never mixes the two languages inside one lesson.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from trainer.i18n import _

_TERM = re.compile(r"\{term:([a-z][a-z0-9_]*)\}")


def lesson_language(lesson: Any, ui_language: str) -> str:
    """The language ``lesson`` is shown in when the interface is in ``ui_language``:
    English only when the lesson has an English translation, Russian otherwise."""
    if ui_language == "en" and "en" in getattr(lesson, "languages", ("ru",)):
        return "en"
    return "ru"


def is_translated(lesson: Any, ui_language: str) -> bool:
    """Whether the lesson can be shown in the interface language (False: it stays Russian)."""
    return lesson_language(lesson, ui_language) == ui_language


def step_text(text: Any, lesson: Any, ui_language: str) -> str:
    """A lesson text (title, prompt, option, hint...) in the language the lesson is shown in
    ('' for None).  In a Russian lesson under the English interface, a bare ``{term:id}`` gets
    the Russian term name as its label, so the glossary terms stay Russian like the sentence."""
    if text is None:
        return ""
    lang = lesson_language(lesson, ui_language)
    value: str = text.get(lang)
    if lang != ui_language and "{term:" in value:
        value = _TERM.sub(lambda m: _russian_term(m.group(1)), value)
    return value


def lesson_title(lesson: Any, ui_language: str) -> str:
    """The lesson's title in the interface language, with a note when the lesson itself is only in Russian."""
    title: str = lesson.title.get(ui_language)
    if is_translated(lesson, ui_language):
        return title
    return _("{title} (lesson in Russian)").format(title=title)


@lru_cache(maxsize=512)
def _russian_term(term_id: str) -> str:
    try:
        from trainer.glossary import load_glossary

        name = load_glossary().term(term_id).ru
    except (ImportError, KeyError, ValueError):
        return "{term:" + term_id + "}"
    return "{term:" + term_id + "|" + name.replace("}", ")").replace("|", "/") + "}"
