"""A lesson's table diagram names each seat with its wind ("You: ron · South wind (南, nan)"):
when the name and the wind do not fit on one line beside the tiles (English wind names are
long), the wind goes on a second line instead of being cut with "…"."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

import trainer.ui.views.steps.table_diagram as diagram  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.settings import Settings  # noqa: E402


@pytest.mark.parametrize(("lang", "size"), [("en", (1280, 720)), ("en", (1024, 600)), ("ru", (1280, 720))])
def test_seat_labels_with_winds_are_never_cut(tmp_path, monkeypatch, lang, size):
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    app = App(size=size, settings=Settings(language=lang), progress=None, save=False)
    app.push("home")
    lesson = app.library().lessons["score_honba_sticks"]
    index = next(i for i, s in enumerate(lesson.steps) if s.id == "double_ron_table")
    app.push("lesson", lesson_id=lesson.id, step=index)
    drawn: list[tuple[str, int | None]] = []
    real = diagram.blit_text

    def spy(surf, app_, text, size_, color, pos, **kw):  # noqa: ANN001, ANN202
        drawn.append((text, kw.get("max_width")))
        return real(surf, app_, text, size_, color, pos, **kw)

    monkeypatch.setattr(diagram, "blit_text", spy)
    app.process([], 1 / 60)
    app.render()
    font = app.layout.font("small")
    labels = [(t, w) for t, w in drawn if w == app.layout.px(240)]
    assert len(labels) >= 4  # one or two lines per seat
    for text, room in labels:
        assert app.text_width(text, font, True) <= room, text
    words = " ".join(t for t, _w in labels)
    assert ("South wind" in words and "Discarded" in words) if lang == "en" else "Юг" in words
