"""A "practise now" round takes at most PRACTICE_ROUND cards, and pressing again brings the next ones."""

from __future__ import annotations

from types import SimpleNamespace

from trainer.ui.views.coming_reviews import PRACTICE_ROUND, practice_round


def _items(n: int) -> list[dict]:
    return [{"item_id": f"card{i}", "skill": "waits"} for i in range(n)]


def test_a_round_holds_at_most_twenty_cards_in_the_schedules_order() -> None:
    app = SimpleNamespace()
    batch = practice_round(app, _items(84))
    assert len(batch) == PRACTICE_ROUND == 20
    assert [b["item_id"] for b in batch] == [f"card{i}" for i in range(20)]


def test_pressing_again_brings_the_next_cards_then_starts_over() -> None:
    app, items = SimpleNamespace(), _items(45)
    seen = [b["item_id"] for _ in range(3) for b in practice_round(app, items)]
    assert seen == [f"card{i}" for i in range(45)]  # 20 + 20 + the last 5
    again = practice_round(app, items)  # every card practised: from the top again
    assert [b["item_id"] for b in again] == [f"card{i}" for i in range(20)]


def test_a_short_list_is_one_round() -> None:
    assert len(practice_round(SimpleNamespace(), _items(7))) == 7
