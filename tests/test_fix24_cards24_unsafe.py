"""A dangerous discard into a riichi (the review's ``unsafe``: a genbutsu was in the hand) becomes a
tile card of the defense skill, even where the hand's one push-or-fold card went to another
mistake; the position review asks it against the riichi, grades it by the coach and names the
danger of the tile given."""

from __future__ import annotations

import dataclasses
import os
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from tests.review_cards import recorded_answers  # noqa: E402
from trainer.engine.game.records import load  # noqa: E402
from trainer.engine.game.review import review_game  # noqa: E402
from trainer.engine.tiles import parse_tile  # noqa: E402
from trainer.ui import game_cards  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.game_cards import card_id, card_skill, is_push_fold_card, mistake_cards, push_fold_card_id  # noqa: E402
from trainer.ui.richtext import plain_text  # noqa: E402
from trainer.ui.screens.play_shots import call_game  # noqa: E402
from trainer.ui.screens.position_review import right_kinds  # noqa: E402


@pytest.fixture()
def game(progress_app: App) -> tuple[App, object, dict]:
    """Seed 4 of a learner who never calls: hand 1 pushes into a riichi with a genbutsu in hand
    (``unsafe``) where the coach pushes with another tile, hand 3 three times where it folds."""
    path = call_game(progress_app, 4, calls=False)
    return progress_app, path, load(path)


def test_every_unsafe_discard_is_a_defense_card(game: tuple[App, object, dict]) -> None:
    _app, path, log = game
    unsafe = [d for d in review_game(log, 0).decisions if d.verdict == "unsafe"]
    assert len({d.hand for d in unsafe}) >= 2 and len(unsafe) > len({d.hand for d in unsafe})
    cards = {item_id: (skill, spec) for item_id, skill, spec in mistake_cards(path, log, 0)}
    for d in unsafe:
        skill, spec = cards[card_id(path, d)]
        assert skill == card_skill(d) == "defense" and "ask" not in spec
        assert push_fold_card_id(path, d) not in cards  # one card per decision: the tile card says push or fold


def test_a_push_into_a_riichi_is_a_card_after_the_hands_fold_card(game: tuple[App, object, dict],
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The hand's push-or-fold card went to a fold where the coach pushes; a later dangerous push where
    it folds is a card all the same."""
    _app, path, log = game
    review = review_game(log, 0)
    push = next(d for d in review.decisions if d.verdict == "unsafe" and d.push_fold["advice"] == "fold")
    before = next(d for d in review.decisions if d.hand == push.hand and d.action < push.action
                  and d.verdict == "good")
    fold = dataclasses.replace(before, push_fold={**(before.push_fold or push.push_fold), "chosen": "fold",
                                                  "advice": "push"})
    changed = tuple(fold if d is before else d for d in review.decisions)
    monkeypatch.setattr(game_cards, "review_game", lambda _log, _seat: dataclasses.replace(review, decisions=changed))
    ids = [item_id for item_id, _skill, _spec in game_cards.mistake_cards(path, log, 0)]
    assert push_fold_card_id(path, fold) in ids
    assert card_id(path, push) in ids


def test_an_unsafe_card_is_asked_against_the_riichi_and_graded_by_the_coach(game: tuple[App, object, dict]) -> None:
    app, path, log = game
    items = [dict(spec, item_id=item_id, skill=skill) for item_id, skill, spec in mistake_cards(path, log, 0)
             if not is_push_fold_card(spec) and "ask" not in spec]
    unsafe = {(d.hand, d.action) for d in review_game(log, 0).decisions if d.verdict == "unsafe"}
    items = [it for it in items if (it["hand"], it["action"]) in unsafe][:2]
    screen = app.push("position_review", items=items)
    app.render()
    d = screen.decision
    assert d.verdict == "unsafe" and screen.ask == "tile"
    assert plain_text(screen.question(), app) == "Someone is in riichi. What would you discard here?"
    mine = next(s.tile for s in screen.hand_row.slots if s.tile.kind == parse_tile(d.chosen).kind)
    screen.answer(mine)  # the game's own dangerous tile again
    assert screen.answered is False
    _first, second = screen.feedback_parts()
    words = plain_text(second, app)
    assert words.startswith(f"In the game you discarded {d.chosen}"), words
    assert f"Danger of {d.chosen}" in words and "to deal into" in words, words
    assert recorded_answers(app)[-1] == (items[0]["item_id"], "defense", 0)
    screen.next_card()
    good = screen.right()
    assert parse_tile(screen.decision.chosen).kind not in good
    screen.answer(next(s.tile for s in screen.hand_row.slots if s.tile.kind in good))
    assert screen.answered is True and recorded_answers(app)[-1] == (items[1]["item_id"], "defense", 1)


def test_without_the_coachs_verdict_an_unsafe_card_asks_for_the_safe_tile() -> None:
    d = SimpleNamespace(push_fold=None, verdict="unsafe", danger={"safest": ["1m"]}, best=("5p",), coach="5p",
                        near_best=("5p",))
    assert right_kinds(d) == {parse_tile("1m").kind}
    pushed = SimpleNamespace(push_fold={"advice": "push", "advised": "1m"}, verdict="unsafe", danger=None,
                             best=("5p", "1m"))
    assert right_kinds(pushed) == {parse_tile("1m").kind}  # the coach's push, not the dangerous fast tile
