"""Words on the progress screen, the home line and the dora drill setup fit and read well:
the streak card's note and the setup labels are never cut with '…' (ru, en; 1280x720 and
1024x600), the seconds chart's top says its unit in whole seconds, and the home line says
"today 83 answers (goal 20) ✓" once the daily goal is met."""

from __future__ import annotations

import os
from datetime import UTC, datetime

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from trainer.i18n import set_language  # noqa: E402
from trainer.progress import open_store  # noqa: E402
from trainer.ui import widgets  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.screens import drill_menu, progress  # noqa: E402
from trainer.ui.settings import Settings  # noqa: E402

SIZES = [(1280, 720), (1024, 600)]


@pytest.fixture
def store(tmp_path):
    s = open_store(tmp_path / "progress.sqlite3")
    yield s
    s.close()


def _answer(store, learner_id, n, seconds=6.0):
    now = datetime.now(UTC)
    for i in range(n):
        store.record_answer(learner_id, "drill", f"x{i}", "tile_names", True, seconds, at=now)


def _spy(monkeypatch, module):
    """Collect (text, max_width) of every blit_text call in ``module``."""
    seen: list[tuple[str, int | None]] = []
    real = widgets.blit_text

    def spy(surf, app, text, size, color, pos, **kw):  # noqa: ANN001, ANN202
        seen.append((text, kw.get("max_width")))
        return real(surf, app, text, size, color, pos, **kw)

    monkeypatch.setattr(module, "blit_text", spy)
    return seen


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", SIZES)
def test_progress_cards_and_charts_are_not_cut(store, monkeypatch, lang, size):
    app = App(size, settings=Settings(language=lang), progress=store, save=False)
    app.push("home")
    _answer(store, app.learner_id, 3)
    app.push("progress")
    seen = _spy(monkeypatch, progress)
    app.process([], 1 / 60)
    app.render()
    cut = [(t, w) for t, w in seen if w is not None and app.text_width(t, app.layout.font("tiny")) > w
           and app.text_width(t, app.layout.font("small")) > w]
    assert cut == []
    assert not any(t.endswith("…") for t, _w in seen)
    assert ("6 s" if lang == "en" else "6 с") in [t for t, _w in seen]


def test_the_seconds_axis_is_whole_seconds_with_a_unit():
    set_language("en")
    assert progress.seconds_axis(0.03) == (1, "1 s")
    assert progress.seconds_axis(6.0) == (6, "6 s")
    assert progress.seconds_axis(12.4) == (13, "13 s")
    set_language("ru")
    assert progress.seconds_axis(2.5) == (3, "3 с")


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", SIZES)
def test_dora_drill_setup_labels_are_not_cut(tmp_path, monkeypatch, lang, size):
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    app = App(size, settings=Settings(language=lang), progress=None, save=False)
    app.push("home")
    app.push("drills")
    screen = app.push("drill_setup", generator="dora_from_indicator")
    seen = _spy(monkeypatch, drill_menu)
    app.process([], 1 / 60)
    app.render()
    texts = [t for t, _w in seen]
    assert not any(t.endswith("…") for t in texts), texts
    label = drill_menu.field_label("wraps")
    assert " ".join(label.split()) in " ".join(" ".join(texts).split()), (label, texts)
    assert screen.fields


@pytest.mark.parametrize(("lang", "done", "want"), [
    ("en", 5, "today 5 of 20"),
    ("en", 83, "today 83 answers (goal 20) ✓"),
    ("en", 21, "today 21 answers (goal 20) ✓"),
    ("ru", 5, "сегодня 5 из 20"),
    ("ru", 21, "сегодня 21 ответ (цель 20) ✓"),
    ("ru", 22, "сегодня 22 ответа (цель 20) ✓"),
    ("ru", 83, "сегодня 83 ответа (цель 20) ✓"),
    ("ru", 25, "сегодня 25 ответов (цель 20) ✓"),
])
def test_home_line_says_the_goal_is_met(store, lang, done, want):
    app = App((1280, 720), settings=Settings(language=lang), progress=store, save=False)
    app.push("home")
    _answer(store, app.learner_id, done)
    home = app.screen
    home.rebuild()
    app.process([], 1 / 60)
    app.render()
    assert want in home.status_text
