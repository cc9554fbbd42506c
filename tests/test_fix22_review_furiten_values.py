"""The game review never quotes ron values for a furiten wait: only a tsumo can win it."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from trainer.i18n import set_language  # noqa: E402
from trainer.ui.views.table.review import riichi_choice_text  # noqa: E402


def _choice(chosen: str, advice: str, reason: str) -> dict:
    return {"chosen": chosen, "advice": advice, "reason": reason, "with_riichi": 5200, "dama": 2000, "left": 3}


def test_an_agreed_dama_on_a_furiten_wait_quotes_no_ron_value() -> None:
    set_language("en")
    text = riichi_choice_text(_choice("dama", "dama", "furiten"))
    assert "a ron" not in text and "5,200" not in text, text
    assert "the coach agrees" in text


def test_an_agreed_dama_for_value_still_quotes_the_ron_values() -> None:
    set_language("en")
    text = riichi_choice_text(_choice("dama", "dama", "dama_mangan"))
    assert "a ron: about" in text, text
