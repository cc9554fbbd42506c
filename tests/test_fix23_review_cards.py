"""Fix 23 (review): «Mistakes from your games» explains the answer just given, says how to answer,
offers a hint and the answer, accepts a tile within the review's tolerance, keeps the cards made
before it; the replay's M says when no mistake is left; «What to discard?» words a yakuless open
hand truthfully (reviews «table23» items 6, 7 and 14, «drills23» items 8 and 13)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from tests.ui_events import click, frame, headless_app, key
from trainer.engine.game import review
from trainer.engine.game.records import load
from trainer.engine.tiles import parse_tile
from trainer.ui.app import App
from trainer.ui.game_cards import due_positions, mistake_cards
from trainer.ui.richtext import plain_text
from trainer.ui.screens.play_shots import saved_games


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    from trainer.progress import open_store

    with headless_app(tmp_path, monkeypatch, progress=open_store(tmp_path / "progress.sqlite3")) as a:
        yield a


def _cards(app: App) -> tuple[Path, list[dict[str, Any]]]:
    """The tile cards of the first saved game of a hasty learner (as the position review gets them)."""
    path = saved_games(app)[0]
    return path, [dict(spec, item_id=i, skill=s) for i, s, spec in mistake_cards(path, load(path), 0)
                  if "ask" not in spec]


def _discard_twice(app: App, screen: Any, index: int) -> None:
    """A click raises the tile, a second click discards it."""
    r = screen.hand_row.rects[index]
    click(app, r.center)
    click(app, screen.hand_row.rects[index].center)


def test_a_wrong_answer_is_explained_and_the_game_comes_second(app: App) -> None:
    _path, cards = _cards(app)
    screen = app.push("position_review", items=cards)
    frame(app)
    d = screen.decision
    slots = screen.hand_row.slots
    chosen = parse_tile(d.chosen).kind
    wrong = next(i for i, s in enumerate(slots) if s.tile.kind not in screen.right() and s.tile.kind != chosen)
    tile = slots[wrong].tile
    _discard_twice(app, screen, wrong)
    assert screen.answered is False
    mine, played = screen.feedback_parts()
    assert mine.startswith("You discarded {tiles:" + str(tile) + "}"), mine  # the answer just given, not the game's
    a = screen.answer_review  # the review's verdict on that very tile, in its figures
    assert a.chosen == str(tile) and (f"{a.shanten_chosen} steps" in mine or str(a.ukeire_chosen) in mine)
    assert played.startswith("In the game you discarded {tiles:" + d.chosen + "}")
    frame(app)


def test_the_game_tile_again_is_said_once(app: App) -> None:
    _path, cards = _cards(app)
    screen = app.push("position_review", items=cards)
    frame(app)
    d = screen.decision
    at = screen.chosen_index(screen.hand_row.slots)
    _discard_twice(app, screen, at)
    parts = screen.feedback_parts()
    assert screen.answered is False and screen.answer_review is d
    assert parts[0].startswith("You discarded {tiles:" + d.chosen + "}")
    assert not any("In the game" in p for p in parts)  # said once: the answer's verdict is the game's


def test_the_question_says_how_to_answer_and_hint_climbs_to_the_answer(app: App) -> None:
    _path, cards = _cards(app)
    screen = app.push("position_review", items=cards)
    frame(app)
    assert "second click" in screen.instruction()
    assert screen.hint_btn is not None and screen.hint_btn.label == "Hint"
    answers = app.progress.answer_count(app.learner_id)
    key(app, pygame.K_h, "р")  # H on a Russian keyboard types «р»
    first = screen.hint_text()
    assert first and screen.answered is None
    best = {"{tiles:" + t + "}" for t in screen.decision.best}
    assert not any(b in first for b in best)  # a hint never names the answer
    key(app, pygame.K_h, "h")
    assert screen.hints_read == 2 and screen.hint_btn.label == "Show the answer"
    key(app, pygame.K_h, "h")
    assert screen.shown and screen.answered is False and screen.instruction() == ""
    assert app.progress.answer_count(app.learner_id) == answers + 1  # counted as missed
    shown, played = screen.feedback_parts()
    assert shown.startswith("The answer: ") and played.startswith("In the game you discarded")
    marks = screen.hand_row.marks
    assert {screen.hand_row.slots[i].tile.kind for i, m in marks.items() if m == "right"} == screen.right()
    frame(app)


def test_a_tile_within_the_tolerance_is_right(app: App) -> None:
    _path, cards = _cards(app)
    screen = app.push("position_review", items=cards)
    frame(app)
    while screen.decision is not None:  # the first card with a near-best tile that is not the best
        d = screen.decision
        near = set(d.near_best) - set(d.best) - {d.coach}
        if near:
            break
        screen.next_card()
    else:
        pytest.skip("no card with a tile near the best")
    kind = parse_tile(sorted(near)[0]).kind
    at = next(i for i, s in enumerate(screen.hand_row.slots) if s.tile.kind == kind)
    _discard_twice(app, screen, at)
    assert screen.answered is True
    assert "nearly as many" in plain_text(screen.feedback_parts()[0], app)


def test_a_card_made_before_the_tolerance_stays_and_says_so(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    path = saved_games(app)[0]
    log = load(path)
    monkeypatch.setattr(review, "UKEIRE_TOLERANCE", 1.0)
    monkeypatch.setattr(review, "VALUE_TOLERANCE", 1.5)
    old = {i: (s, spec) for i, s, spec in mistake_cards(path, log, 0) if "ask" not in spec}
    monkeypatch.undo()
    new = {i for i, _s, spec in mistake_cards(path, log, 0) if "ask" not in spec}
    gone = sorted(set(old) - new)
    assert gone, "the tolerance makes fewer cards"
    item = gone[0]
    skill, spec = old[item]
    app.progress.add_card(app.learner_id, item, skill, spec)  # stored before the tolerance
    due = due_positions(app)
    card = next(c for c in due if c["item_id"] == item)  # still offered
    screen = app.push("position_review", items=[card])
    assert screen.decision is not None and not screen.decision.mistake
    at = screen.chosen_index(screen.hand_row.slots)
    screen.picked_at = at
    screen.answer(screen.hand_row.slots[at].tile)
    assert screen.answered is True
    assert "no longer counts this discard as a mistake" in screen.feedback_parts()[1]
    frame(app)


def test_m_after_the_last_mistake_says_so(app: App) -> None:
    path = saved_games(app)[0]
    screen = app.push("replay", path=str(path))
    spots = screen.mistake_spots()
    assert spots
    screen.pos = spots[-1]
    key(app, pygame.K_m, "m")
    assert screen.pos == spots[0]
    assert any("No more mistakes" in b.text for b in app.banners)


def test_a_yakuless_open_hand_that_can_still_win_is_not_called_hopeless(app: App) -> None:
    from trainer.engine.exercises import nanikiru

    pos = next(p for p in nanikiru.starter_positions() if p.view.hand.melds and _hand(p) == "34568p3467s77z")
    screen = app.push("nanikiru", puzzles=[nanikiru.puzzle(pos)])
    frame(app)
    tile = next(t for t in pos.view.hand.concealed if str(t) == "3p")
    assert tile.kind in screen.decision.yakuless
    screen.answer(tile)
    text = plain_text(screen.feedback_parts()[0], app)
    assert "never" not in text
    assert "pair of" in text and "1 such tile is still unseen" in text


def _hand(pos: Any) -> str:
    from trainer.engine.notation import format_tiles

    return format_tiles(sorted(pos.view.hand.concealed))
