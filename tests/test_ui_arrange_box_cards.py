"""A card sorted into a box of an arrange step shows its whole text: a rule longer than the box
is wide wraps onto more lines in the box instead of being cut with "…" (three boxes at
1024x600 are about 300 px wide)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

import trainer.ui.views.steps.arrange as arrange  # noqa: E402
from tests.ui_events import frame, headless_app, key  # noqa: E402
from trainer.lessons.loader import LessonLibrary, load_text  # noqa: E402

LONG = {"en": "A discard that has touched the table is not taken back, whatever happens (2g)",
        "ru": "Сброс, коснувшийся стола, не забирают обратно, что бы ни случилось (2g)"}
YAML = f"""\
id: manners_ui_box_cards
title: {{ru: "Карточки в коробках", en: "Cards in boxes"}}
track: manners
level: 1
audience: beginner
minutes: 5
skill: manners_a
languages: [ru, en]
steps:
  - kind: arrange
    prompt: {{ru: "Разложите правила по рангам.", en: "Sort the rules by rank."}}
    ask: boxes
    boxes:
      - label: {{ru: "A", en: "A"}}
      - label: {{ru: "B", en: "B"}}
      - label: {{ru: "C", en: "C"}}
    cards:
      - {{text: {{ru: "{LONG['ru']}", en: "{LONG['en']}"}}, box: 0}}
      - {{text: {{ru: "Объявляйте ясно (3.1)", en: "Make calls clearly (3.1)"}}, box: 0}}
      - {{text: {{ru: "Не торопите других (2m)", en: "Do not rush others (2m)"}}, box: 1}}
      - {{text: {{ru: "Платите без сдачи (6.1)", en: "Pay without change (6.1)"}}, box: 2}}
"""
LESSON = load_text(YAML, "lessons/manners/manners_ui_box_cards.yaml").lesson


@pytest.mark.parametrize(("lang", "size"), [("en", (1024, 600)), ("ru", (1024, 600)), ("en", (1280, 720))])
def test_a_long_card_in_a_box_wraps_and_is_never_cut(tmp_path, monkeypatch, lang, size):
    assert LESSON is not None
    with headless_app(tmp_path, monkeypatch, lessons=LessonLibrary(lessons={LESSON.id: LESSON}), size=size,
                      language=lang) as app:
        screen = app.push("lesson", lesson_id=LESSON.id, step=0)
        app.render()
        for _ in range(3):  # the hint ladder ends by showing the answer: every card in its box
            key(app, pygame.K_h, "h")
        assert screen.phase == "done"
        view = screen.view
        drawn: list[tuple[str, int]] = []
        real = arrange.blit_text

        def spy(surf, app_, text, size_, color, pos, **kw):  # noqa: ANN001, ANN202
            drawn.append((text, pos[0]))
            return real(surf, app_, text, size_, color, pos, **kw)

        monkeypatch.setattr(arrange, "blit_text", spy)
        frame(app)
        box = view.box_rects()[0]
        inside = [t for t, x in drawn if box.left <= x < box.right]
        font = app.layout.font("small")
        assert app.text_width(LONG[lang], font) > box.width - app.layout.px(16)  # it does need wrapping
        for line in inside:
            assert "…" not in line and app.text_width(line, font) <= box.width - app.layout.px(16), line
        assert " ".join(inside).startswith(LONG[lang])  # the long card's whole text, line after line
