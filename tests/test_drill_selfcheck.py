"""Every drill generator checks itself: for every parameter set a lesson or a benchmark uses
(and the reproductions of issue 19), a few seeds each, the answer is recomputed by a second
route (brute force with the ``mahjong`` package, the Tenhou-configured ``mahjong`` scorer, a
replay of the discard log from the prompt...) and the prompt and explanations are read in
English and Russian.  The larger sweep is ``python -m benchmarks.drill_check`` (see
benchmarks/drill_check.py)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from benchmarks.drill_check import all_sets, check_item, lesson_sets
from trainer.engine.exercises import GENERATORS

SETS = all_sets()


@pytest.fixture(autouse=True)
def _english_afterwards():
    yield
    from trainer.i18n import set_language

    set_language("en")


def test_every_generator_is_covered() -> None:
    assert {name for name, _p in SETS} == set(GENERATORS)
    assert len(lesson_sets()) >= 80, "the lessons' drill steps were all found"


@pytest.mark.parametrize(("name", "params"), SETS, ids=[f"{n}-{json.dumps(p, sort_keys=True)}" for n, p in SETS])
def test_items_are_right_and_explained(name: str, params: dict[str, Any]) -> None:
    problems = []
    for seed in range(2):
        problems.extend(check_item(name, params, seed, render=seed == 0))
    assert not problems, "\n".join(problems)
