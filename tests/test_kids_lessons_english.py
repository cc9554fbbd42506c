"""The children's lessons are in English too, and their family boxes use the children's words
the app itself uses for the tile families (Dots, Sticks, Number characters, Winds and dragons)."""

from __future__ import annotations

from trainer import i18n
from trainer.lessons import load_all
from trainer.ui.views.exercise_labels import kids_family


def test_the_kids_track_is_in_english() -> None:
    kids = load_all().by_track("kids")
    assert len(kids) >= 13
    assert [x.id for x in kids if "en" not in x.languages] == []


def test_kids_family_boxes_use_the_apps_childrens_words() -> None:
    before = i18n.current_language()
    i18n.set_language("en")
    try:
        seen = 0
        for lesson in load_all().by_track("kids"):
            for step in lesson.steps:
                for box in getattr(step, "boxes", None) or []:
                    if box.filter in ("pin", "sou", "man", "honors"):
                        assert box.label.get("en") == kids_family(box.filter), (lesson.id, step.id)
                        seen += 1
        assert seen >= 6
    finally:
        i18n.set_language(before)
