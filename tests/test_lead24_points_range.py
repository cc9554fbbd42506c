"""The second hint of a points or fu question narrows the answer to three possible answers, by the
hundred or by ten — never "between 4,499 and 4,501", which gives the answer away."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.ui_events import lesson_app, open_lesson_step
from trainer.i18n import set_language
from trainer.lessons import answers


@pytest.fixture
def app(tmp_path: Path) -> Any:
    set_language("en")
    a = lesson_app(tmp_path, language="en")
    yield a
    a.close()


@pytest.mark.parametrize(("lesson", "step", "unit"), [("score_points_table", "d_2_30", 100),
                                                      ("score_fu_practice", "chiitoitsu", 10)])
def test_the_range_goes_by_the_answers_step(app: Any, lesson: str, step: str, unit: int) -> None:
    screen = open_lesson_step(app, lesson, step)
    value = int(answers.answer(screen.step, screen.lesson).value)
    text = screen.view.hint(2)
    assert text.startswith("The answer is between"), text
    lo, hi = (int(x.replace(",", "")) for x in text.removeprefix("The answer is between ").rstrip(".").split(" and "))
    assert hi - lo == 2 * unit and lo <= value <= hi and (value - lo) % unit == 0
