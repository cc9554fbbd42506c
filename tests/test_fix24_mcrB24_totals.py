"""Review 24 (group "mcrB24", MCR #5): a payment answer's total shows the honba (and riichi sticks)
it includes.

sanma_payments' 2-honba ron step said "Total: 4 han, 30 fu — 8,100 points" two steps after the
learner learned that 4 han 30 fu pay 7,700.  The ``total`` item now adds them up in the open,
"7,700 + 2 honba × 200 = 8,100 points", each honba at the value the engine paid under the lesson's
preset (200 at three players, 300 at four), never a figure written by hand.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui_events import key, lesson_app, open_lesson_step  # noqa: E402
from trainer.engine.rules import load_rules  # noqa: E402
from trainer.i18n import set_language  # noqa: E402
from trainer.lessons import answers  # noqa: E402
from trainer.lessons.loader import load_file  # noqa: E402
from trainer.ui.richtext import plain_text  # noqa: E402
from trainer.ui.views.explain import explain_item  # noqa: E402

LESSONS = Path(__file__).resolve().parents[1] / "lessons"


@pytest.fixture(scope="module")
def library() -> Any:
    """The two shipped lessons with honba on the table: three players and four."""
    files = (load_file(LESSONS / "sanma" / "sanma_payments.yaml"), load_file(LESSONS / "scoring" / "score_honba_sticks.yaml"))
    return type("Lessons", (), {"lessons": {lf.lesson.id: lf.lesson for lf in files}})


def total_item(library: Any, lesson_id: str, step_id: str) -> dict[str, Any]:
    """The ``total`` item of a points step's answer, with the honba and sticks of its ``win:`` and
    what the engine paid for them (the fields the lesson answer is asked to carry: see the report)."""
    lesson = library.lessons[lesson_id]
    step = next(s for s in lesson.steps if s.id == step_id)
    result = answers.score(step, lesson)
    pay = result.payment
    return {"kind": "total", "han": result.han, "fu": result.fu, "limit": result.limit, "points": pay.total,
            "value": pay.hand_value, "honba": step.win.honba or 0, "honba_points": pay.honba,
            "sticks": step.win.sticks or 0, "stick_points": pay.sticks}


@pytest.mark.parametrize(("lesson_id", "step_id", "said"), [
    ("sanma_payments", "honba_ron", "Total: 4 han, 30 fu — 7,700 + 2 honba × 200 = 8,100 points"),
    ("sanma_payments", "honba_tsumo", "Total: 2 han, 40 fu — 2,000 + 2 honba × 200 = 2,400 points"),
    ("score_honba_sticks", "t19_ron", "Total: 3 han, 30 fu — 3,900 + 2 honba × 300 = 4,500 points"),
    ("score_honba_sticks", "t19_tsumo", "Total: 4 han, 20 fu — 5,200 + 1 honba × 300 = 5,500 points"),
    ("score_honba_sticks", "t19_extra",
     "Total: 3 han, 30 fu — 3,900 + 2 honba × 300 + 1 riichi stick × 1,000 = 5,500 points"),
])
def test_the_total_adds_the_honba_and_sticks_in_the_open(library: Any, lesson_id: str, step_id: str,
                                                         said: str) -> None:
    set_language("en")
    assert explain_item(total_item(library, lesson_id, step_id)).replace("\u202f", ",").replace("\u00a0", ",") \
        == said


def test_each_honba_is_worth_what_the_preset_says(library: Any) -> None:
    """The figure per honba is the engine's payment under the preset, not a number of the view."""
    item = total_item(library, "sanma_payments", "honba_ron")
    assert item["honba_points"] // item["honba"] == load_rules("sanma").honba_points == 200
    four = total_item(library, "score_honba_sticks", "t19_ron")
    assert four["honba_points"] // four["honba"] == load_rules("tenhou").honba_points == 300


def test_russian_sum(library: Any) -> None:
    set_language("ru")
    try:
        text = explain_item(total_item(library, "sanma_payments", "honba_ron"))
    finally:
        set_language("en")
    assert text.replace("\u202f", " ").replace("\u00a0", " ") == "Итого: хан — 4, фу — 30 — 7 700 + 2 хонбы × 200 = 8 100 очков"


def test_a_total_without_honba_keeps_its_points_alone() -> None:
    set_language("en")
    item = {"kind": "total", "han": 4, "fu": 30, "points": 7700, "value": 7700, "honba": 0, "honba_points": 0,
            "sticks": 0, "stick_points": 0}
    assert explain_item(item).endswith("— 7,700 points")
    assert explain_item({"kind": "total", "han": 4, "fu": 30, "points": 7700}).endswith("— 7,700 points")


def test_the_sanma_lesson_panel_shows_the_honba(tmp_path: Path) -> None:
    app = lesson_app(tmp_path)
    try:
        screen = open_lesson_step(app, "sanma_payments", "honba_ron")
        for ch in "8100":
            key(app, pygame.K_0 + int(ch), ch)
        key(app, pygame.K_RETURN, "\r")
        assert "7,700 + 2 honba × 200 = 8,100 points" in plain_text(screen.feedback_text, app).replace("\u202f", ",")
    finally:
        app.close()
