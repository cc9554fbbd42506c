"""The learner's own mistakes from games become spaced-repetition cards and come back as
"what would you discard here?" with the same table position."""

from __future__ import annotations

import os
from datetime import UTC, datetime, timedelta
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.table_driver import key, open_app  # noqa: E402
from trainer.engine.game.records import load  # noqa: E402
from trainer.engine.game.review import review_game  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.game_cards import CARD_VERDICTS, record_mistakes  # noqa: E402
from trainer.ui.screens.play_shots import saved_games  # noqa: E402
from trainer.ui.screens.position_review import right_kinds  # noqa: E402


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    a = open_app(tmp_path, monkeypatch, with_progress=True)
    yield a
    a.close()


def test_mistakes_become_cards_and_come_back_as_the_same_position(app: App) -> None:
    path = saved_games(app)[0]
    log = load(path)
    review = review_game(log, 0)
    expected = [d for d in review.decisions if d.verdict in CARD_VERDICTS]
    assert expected
    call_hands = {c.hand for c in review.calls if c.against_advice}  # a call card for each (the first)
    firsts: dict[int, object] = {}  # the first push or fold against the coach of each hand
    for d in review.decisions:
        if d.push_fold_against_advice:
            firsts.setdefault(d.hand, d)
    assert not any(d.riichi_against_advice for d in review.decisions)  # no riichi cards to count here
    pf_hands = sorted(h for h, d in firsts.items() if d.verdict not in CARD_VERDICTS)  # no tile card there
    assert record_mistakes(app, path, log) == len(expected) + len(call_hands) + len(pf_hands)
    later = datetime.now(UTC) + timedelta(days=2)
    due = [r for r in app.progress.due_reviews(app.learner_id, now=later, limit=200) if "game" in r]
    assert sorted(r["hand"] for r in due if r.get("ask") == "call") == sorted(call_hands)
    assert sorted(r["hand"] for r in due if r.get("ask") == "push_fold") == pf_hands
    due = [r for r in due if "ask" not in r]  # the tile cards
    assert len(due) == len(expected)
    assert {(r["hand"], r["action"]) for r in due} == {(d.hand, d.action) for d in expected}
    screen = app.push("position_review", items=due)
    app.render()
    d = screen.decision
    assert d is not None and (d.hand, d.action) == (due[0]["hand"], due[0]["action"])
    # the hand shown is the learner's hand before that discard: it holds the discarded tile
    assert d.chosen in [str(s.tile) for s in screen.hand_row.slots]
    good = right_kinds(d)
    # answer with the same (wrong) tile by keys: walk the cursor and press Enter
    target = next(i for i, s in enumerate(screen.hand_row.slots) if str(s.tile) == d.chosen)
    screen.set_focus(screen.hand_row)
    while screen.hand_row.cursor != target:
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN, "\r")
    assert screen.answered is False and screen.next_btn is not None
    marks = screen.hand_row.marks
    assert marks[target] == "wrong"  # the learner's own discard is crossed, where it was picked
    assert all(screen.hand_row.slots[i].tile.kind in good for i, m in marks.items() if m == "right")
    app.render()
    answers = app.progress.answer_count(app.learner_id)
    key(app, pygame.K_RETURN, "\r")  # next card
    assert screen.index == 1 and screen.answered is None
    right = next(i for i, s in enumerate(screen.hand_row.slots) if s.tile.kind in right_kinds(screen.decision))
    screen.answer(screen.hand_row.slots[right].tile)
    assert screen.answered is True
    assert app.progress.answer_count(app.learner_id) == answers + 1


def test_a_match_played_to_its_end_leaves_its_mistakes_as_cards(app: App) -> None:
    from trainer.ui.match_setup import MatchSetup
    from trainer.ui.saved_games import games_dir
    from trainer.ui.screens.play_shots import _Hasty

    screen = app.push("play", setup=MatchSetup(length="tonpuusen"), seed=4)
    hasty = _Hasty()
    from trainer.engine.game.view import make_view

    while not screen.match.finished:
        for _ in range(400):
            screen.run_bots_until_learner()
            if screen.round.ended:
                break
            screen._act(hasty.choose(make_view(screen.round, 0), screen.my_legal()))
        if not screen.match.finished:
            screen.next_hand()
    (path,) = games_dir(app).glob("game-*.json")
    log = load(path)
    assert log["final"] is not None
    expected = {(d.hand, d.action) for d in review_game(log, 0).decisions if d.verdict in CARD_VERDICTS}
    later = datetime.now(UTC) + timedelta(days=2)
    due = [r for r in app.progress.due_reviews(app.learner_id, now=later, limit=500) if "game" in r and "ask" not in r]
    assert expected and {(r["hand"], r["action"]) for r in due} == expected
