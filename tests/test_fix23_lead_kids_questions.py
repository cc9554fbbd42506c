"""Kids review 23: a child's making-a-set drill asked the adults' question («Какие плитки составят сет
с этими двумя? Отметьте все.» — "set", and «вы»); a child reads the children's words: a team, «ты»."""

from __future__ import annotations

import pytest

from trainer import i18n
from trainer.engine.exercises import GENERATORS
from trainer.ui.views.exercise_labels import question_text


@pytest.mark.parametrize(("generator", "ru"), [
    ("make_set", "С какими плитками эти две станут командой? Нажми на подходящие: может, одна, а может, и больше!"),
])
def test_a_child_reads_the_childrens_question(generator: str, ru: str) -> None:
    gen = GENERATORS[generator]
    ex = gen.generate(gen.params({"kids": True}), 1)
    before = i18n.current_language()
    try:
        i18n.set_language("ru")
        assert question_text(ex, kids=True) == ru
        assert question_text(ex) != ru  # an adult keeps the adults' question
    finally:
        i18n.set_language(before)
