"""Fix 23 (review): a discard within a small margin of the best is no mistake, and the words on a
lost-tiles discard fit two lone honors (review «table23», item 7)."""

from __future__ import annotations

import pytest

from trainer import i18n
from trainer.engine.game import review
from trainer.engine.game.review import UKEIRE_TOLERANCE, review_decision, within_tolerance
from trainer.engine.game.scenario import setup_round
from trainer.engine.game.view import make_view
from trainer.engine.tiles import parse_tile
from trainer.ui.views.table.review import only_copies_differ, tile_text


@pytest.fixture(autouse=True)
def _english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


OTHERS = ["147m369p147s4567z", "258m258p258s4567z", "369m147p369s4567z"]


def _view(hand13: str, draw: str, dora: str):  # noqa: ANN202
    """Seat 0's view; the dora indicator is one more copy of a tile seen."""
    return make_view(setup_round([hand13, *OTHERS], draws=draw, dora=dora), 0)


def _decide(view, tile: str, *, tolerant: bool = True):  # noqa: ANN001, ANN202
    """The verdict on ``tile`` as a game's review gives it (with its tolerances)."""
    return review_decision(view, list(view.hand.concealed), parse_tile(tile), tolerant=tolerant)


def test_one_useful_tile_fewer_out_of_25_is_good_not_a_mistake() -> None:
    # three lone honors: keeping 2z (its indicator seen) leaves one tile fewer than keeping 1z or 3z
    view = _view("234m567p2378s712z", "3z", "2z")
    d = _decide(view, "1z")
    assert (d.shanten_chosen, d.ukeire_chosen, d.ukeire_best) == (d.shanten_best, 24, 25) and not d.in_best
    assert d.verdict == "good" and not d.mistake
    assert set(d.near_best) >= {"1z", "2z", "3z", "7z"}


def test_the_strict_verdict_of_the_discard_puzzles_has_no_tolerance() -> None:
    view = _view("234m567p2378s712z", "3z", "2z")
    assert _decide(view, "1z", tolerant=False).verdict == "lost_tiles"


def test_the_same_expected_value_is_good_too(monkeypatch: pytest.MonkeyPatch) -> None:
    # the coach throws 2z; 1z is worth as much to the evaluator (same win chance and value)
    monkeypatch.setattr(review, "UKEIRE_TOLERANCE", 1.0)
    view = _view("234m567p2378s712z", "3z", "2z")
    d = _decide(view, "1z")
    assert d.coach == "2z" and d.verdict == "good"
    assert review.close_in_value(d.coach_why)


def test_without_either_tolerance_it_was_a_mistake(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(review, "UKEIRE_TOLERANCE", 1.0)
    monkeypatch.setattr(review, "VALUE_TOLERANCE", 1.5)
    view = _view("234m567p2378s712z", "3z", "2z")
    assert _decide(view, "1z").verdict == "lost_tiles"


def test_a_bigger_gap_stays_a_mistake_with_words_for_lone_tiles() -> None:
    view = _view("234m567p23789s12z", "3z", "2z")  # 13 against 14: under 95 %
    d = _decide(view, "1z")
    assert d.ukeire_chosen < UKEIRE_TOLERANCE * d.ukeire_best and d.verdict == "lost_tiles"
    assert only_copies_differ(d)
    text = tile_text(d)
    assert "connect" not in text and "copies still unseen" in text


def test_a_broken_shape_keeps_the_connected_tiles_words() -> None:
    view = _view("1234m456p789s115z", "9p", "9s")
    d = _decide(view, "4m")
    assert d.verdict == "lost_tiles" and not only_copies_differ(d)
    assert "connect with more of your hand" in tile_text(d)


def test_within_tolerance_needs_the_same_shanten() -> None:
    view = _view("234m567p2378s712z", "3z", "2z")
    options = {o.tile.kind: o for o in _decide(view, "1z").options}
    best = options[parse_tile("2z").kind]
    assert within_tolerance(options[parse_tile("1z").kind], best)
    assert not within_tolerance(options[parse_tile("2m").kind], best)  # a step slower


def test_the_near_best_words_call_it_fine() -> None:
    view = _view("234m567p2378s712z", "3z", "2z")
    d = _decide(view, "1z")
    text = tile_text(d)
    assert "nearly as many" in text and "24" in text and "25" in text
