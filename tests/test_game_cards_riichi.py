"""Riichi or dama against the coach becomes a review card ("learn from your mistakes" for the
riichi decision): one card per hand, never a second card for a decision that is a tile card
already, graded against the coach's advice recomputed from the game, with the coach's words
for the answer just given; a card that cannot be shown any more is skipped with a note."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.review_cards import due_game_cards, recorded_answers  # noqa: E402
from tests.table_driver import key, press_digit  # noqa: E402
from trainer.engine.game.records import load  # noqa: E402
from trainer.engine.game.review import review_game  # noqa: E402
from trainer.ui import game_cards  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.game_cards import (  # noqa: E402
    CARD_VERDICTS,
    RIICHI_SKILL,
    card_id,
    is_riichi_card,
    record_mistakes,
    riichi_card_id,
)
from trainer.ui.richtext import plain_text  # noqa: E402
from trainer.ui.screens.play_shots import riichi_card, riichi_cards, riichi_game  # noqa: E402
from trainer.ui.views.table.review import riichi_answer_text  # noqa: E402


@pytest.fixture()
def app(progress_app: App) -> App:
    return progress_app


def test_a_hand_kept_dama_against_the_coach_is_one_card_not_one_per_turn(app: App) -> None:
    path = riichi_game(app)
    log = load(path)
    review = review_game(log, 0)
    decisions = review.decisions
    against = [d for d in decisions if d.riichi_against_advice]
    hands = sorted({d.hand for d in against})
    assert len(against) > len(hands) >= 2  # several turns of dama in a hand: the case that matters
    tiles = [d for d in decisions if d.verdict in CARD_VERDICTS]
    call_hands = {c.hand for c in review.calls if c.against_advice}  # the call cards (one a hand)
    push_fold = [r for r in game_cards.mistake_cards(path, log, 0) if game_cards.is_push_fold_card(r[2])]
    assert record_mistakes(app, path, log) == len(tiles) + len(hands) + len(call_hands) + len(push_fold)
    due = [r for r in due_game_cards(app) if r.get("ask") not in ("call", "push_fold")]
    riichi = [r for r in due if is_riichi_card(r)]
    assert sorted(r["hand"] for r in riichi) == hands  # one per hand
    for r in riichi:
        first = next(d for d in against if d.hand == r["hand"])
        assert r["action"] == first.action and r["skill"] == RIICHI_SKILL and r["ask"] == "riichi"
        assert r["item_id"] == riichi_card_id(path, first) != card_id(path, first)
        assert r["item_id"].startswith("game-riichi:")
    # the tile cards are as they always were: the same ids, the same specs
    for r in due:
        if not is_riichi_card(r):
            assert r["item_id"].startswith("game:") and set(r) == {"game", "hand", "action", "seat", "item_id",
                                                                   "skill"}


def test_a_decision_that_is_a_tile_card_gets_no_riichi_card(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    path = riichi_game(app)
    log = load(path)
    review = review_game(log, 0)
    first = next(d for d in review.decisions if d.riichi_against_advice)
    assert first.verdict not in CARD_VERDICTS  # made a tile mistake below
    changed = tuple(dataclasses.replace(d, verdict="lost_tiles") if d is first else d for d in review.decisions)
    monkeypatch.setattr(game_cards, "review_game", lambda _log, _seat: dataclasses.replace(review,
                                                                                           decisions=changed))
    cards = game_cards.mistake_cards(path, log, 0)
    mine = [(item_id, spec) for item_id, _skill, spec in cards
            if (spec["hand"], spec["action"]) == (first.hand, first.action)]
    assert mine == [(card_id(path, first), {"game": str(path), "hand": first.hand, "action": first.action,
                                            "seat": 0})]
    # and that hand's later turns of dama do not make a card either: the hand's choice is covered
    assert not [c for c in cards if is_riichi_card(c[2]) and c[2]["hand"] == first.hand]


def test_answers_by_keys_are_graded_against_the_coach_and_recorded(app: App) -> None:
    path = riichi_game(app)
    record_mistakes(app, path, load(path))
    items = [r for r in due_game_cards(app) if is_riichi_card(r)]
    screen = app.push("position_review", items=items)
    app.render()
    d = screen.decision
    assert screen.ask == "riichi" and d.riichi_choice["advice"] == "riichi"
    assert [str(screen.hand_row.slots[i].tile) for i in screen.hand_row.selected] == [d.chosen]
    before = len(recorded_answers(app))
    key(app, pygame.K_RETURN, "\r")  # Enter alone answers nothing
    assert screen.answered is None and len(recorded_answers(app)) == before
    press_digit(app, 2)  # dama: against the coach
    assert screen.answered is False and screen.choice == "dama"
    assert recorded_answers(app)[-1] == (items[0]["item_id"], RIICHI_SKILL, 0)
    app.render()
    key(app, pygame.K_RETURN, "\r")  # next card
    assert screen.index == 1 and screen.answered is None
    press_digit(app, 1)  # riichi: what the coach declares
    assert screen.answered is True
    assert recorded_answers(app)[-1] == (items[1]["item_id"], RIICHI_SKILL, 1)
    assert len(recorded_answers(app)) == before + 2


def test_the_words_for_the_answer_in_both_languages(lang_app: App) -> None:
    app = lang_app
    en = app.settings.language == "en"
    screen = riichi_card(app)
    question = screen.question()
    assert question == ("You discard 7 of bamboo. Declare riichi or stay dama?" if en
                        else "Вы сбрасываете 7 со. Объявить риичи или играть молча (даматен)?"), question
    screen = riichi_card(app, answered="wrong")
    app.render()
    wrong, played = screen.feedback_parts()
    assert "{term:riichi}" in wrong and "{term:damaten|" in played
    words = plain_text(wrong, app).replace("\u00a0", " ")
    if en:
        assert words.startswith("Better to declare riichi") and "about 2.4 times" in words, words
        assert "9,200 with riichi, 3,900 without" in words, words
    else:
        assert words.startswith("Лучше объявить риичи") and "примерно в 2,4 раза" in words, words
        assert "9 200 с риичи, 3 900 без риичи" in words, words
    assert plain_text(played, app).startswith("In the game you discarded" if en else "В партии вы сбросили")
    assert screen.verdict() == ("Not the coach's choice." if en else "Тренер выбрал бы иначе.")
    screen = riichi_card(app, answered="right")
    words = plain_text(screen.feedback_parts()[0], app)
    assert words.startswith("Correct: the coach declares riichi" if en else "Верно: тренер тоже объявляет риичи"), words


@pytest.mark.parametrize("answer", ["riichi", "dama"])
def test_every_reason_has_words_for_either_answer(lang_app: App, answer: str) -> None:
    reasons = ("riichi_for_yaku", "riichi_adds", "riichi_good_wait", "riichi_for_place", "dama_mangan",
               "riichi_adds_little", "dama_any_win_ends", "dama_enough_for_place", "furiten", "dead_wait", "new")
    seen = set()
    for advice in ("riichi", "dama"):
        for why in reasons:
            c = {"chosen": "dama", "advice": advice, "dama": 0 if why == "riichi_for_yaku" else 3900,
                 "with_riichi": 7700, "left": 5, "reason": why}
            words = plain_text(riichi_answer_text(c, answer), lang_app)
            assert words and "{" not in words and "}" not in words, (why, words)
            seen.add(words)
    assert len(seen) >= 12  # right and wrong, and the reasons told apart


def test_cards_that_cannot_be_shown_are_skipped_with_a_note(app: App) -> None:
    good = riichi_cards(app)[0]
    bad_file = Path(good["game"]).with_name("broken.json")
    bad_file.write_text("{not a game", encoding="utf-8")
    log = load(Path(good["game"]))
    plain = next(d for d in review_game(log, 0).decisions if d.riichi_choice is None)
    gone = dict(good, hand=plain.hand, action=plain.action, item_id="game-riichi:x:0:0")  # no riichi choice there
    unreadable = dict(good, game=str(bad_file), item_id="game-riichi:broken:0:0")
    screen = app.push("position_review", items=[unreadable, gone, good])
    app.render()
    assert screen.index == 2 and screen.decision is not None and screen.ask == "riichi"
    text = app.banners[-1].text
    assert text == "Skipped 2 cards that cannot be shown; the first: broken.json: the game cannot be read", text
    screen = app.push("position_review", items=[gone])
    app.render()
    assert screen.decision is None and screen.next_btn is not None  # the end: Done
    text = app.banners[-1].text
    assert text.endswith(f"hand {plain.hand + 1}: the coach no longer sees a choice of riichi or dama there"), text


@pytest.mark.parametrize(("asks", "words"), [
    ([None, None], "what would you discard now?"),
    (["riichi", "riichi"], "riichi or dama now?"),
    ([None, "riichi"], "discards, riichi or dama"),
])
def test_the_home_card_says_what_the_due_positions_ask(app: App, monkeypatch: pytest.MonkeyPatch,
                                                       asks: list[str | None], words: str) -> None:
    items = [{"game": "g.json", "hand": 0, "action": i, "seat": 0, **({"ask": a} if a else {})}
             for i, a in enumerate(asks)]
    monkeypatch.setattr(game_cards, "due_positions", lambda _app: items)
    home = app.push("home")
    card = home.mistakes_card
    assert card is not None and card.title == "Mistakes from your games"
    assert card.subtitle.startswith("2 positions are due: ") and words in card.subtitle, card.subtitle
