"""Push or fold against the coach becomes a review card ("learn from your mistakes" for defense):
the first push or fold against the coach in each hand, never a second card for a decision that is
a tile card or a riichi card already, graded against the coach's verdict recomputed from the
game, with the coach's figures for the answer just given; a card that cannot be shown any more is
skipped with a note."""

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
    PUSH_FOLD_SKILL,
    card_id,
    is_push_fold_card,
    push_fold_card_id,
    record_mistakes,
    riichi_card_id,
)
from trainer.ui.richtext import plain_text  # noqa: E402
from trainer.ui.screens.play_shots import call_game, push_fold_card, push_fold_cards  # noqa: E402


@pytest.fixture()
def app(progress_app: App) -> App:
    return progress_app


def test_pushing_against_the_coach_all_hand_long_is_one_card_per_hand(app: App) -> None:
    path = call_game(app, 10, calls=True)
    log = load(path)
    review = review_game(log, 0)
    against = [d for d in review.decisions if d.push_fold_against_advice]
    hands = sorted({d.hand for d in against})
    assert len(against) > len(hands) >= 3  # several pushes against the coach in a hand: the case that matters
    record_mistakes(app, path, log)
    cards = [r for r in due_game_cards(app) if is_push_fold_card(r)]
    assert sorted(r["hand"] for r in cards) == hands  # one per hand
    for r in cards:
        first = next(d for d in against if d.hand == r["hand"])
        assert first.verdict not in CARD_VERDICTS and not first.riichi_against_advice
        assert r["action"] == first.action and r["skill"] == PUSH_FOLD_SKILL == "defense"
        assert r["ask"] == "push_fold" and r["seat"] == 0 and r["game"] == str(path)
        assert r["item_id"] == push_fold_card_id(path, first) == f"game-pushfold:{path.stem}:{first.hand}:{first.action}"
        assert r["item_id"] not in (card_id(path, first), riichi_card_id(path, first))


@pytest.mark.parametrize("other", ["tile", "riichi"])
def test_a_decision_that_is_a_tile_or_riichi_card_gets_no_push_fold_card(
        app: App, monkeypatch: pytest.MonkeyPatch, other: str) -> None:
    path = call_game(app, 10, calls=True)
    log = load(path)
    review = review_game(log, 0)
    first = next(d for d in review.decisions if d.push_fold_against_advice)
    if other == "tile":
        mine = dataclasses.replace(first, verdict="lost_tiles")
    else:
        mine = dataclasses.replace(first, riichi_choice={"chosen": "dama", "advice": "riichi", "dama": 1000,
                                                         "with_riichi": 2600, "left": 4, "reason": "riichi_adds"})
    changed = tuple(mine if d is first else d for d in review.decisions)
    monkeypatch.setattr(game_cards, "review_game", lambda _log, _seat: dataclasses.replace(review,
                                                                                           decisions=changed))
    cards = game_cards.mistake_cards(path, log, 0)
    here = [item_id for item_id, _skill, spec in cards if (spec["hand"], spec["action"]) == (first.hand, first.action)]
    assert here == [card_id(path, first) if other == "tile" else riichi_card_id(path, first)]
    # and that hand's later pushes do not make a card either: the hand's choice is covered
    assert not [c for c in cards if is_push_fold_card(c[2]) and c[2]["hand"] == first.hand]


def test_answers_by_keys_are_graded_against_the_coach_and_recorded(app: App) -> None:
    items = push_fold_cards(app)
    record_mistakes(app, Path(items[0]["game"]), load(Path(items[0]["game"])))
    screen = app.push("position_review", items=items)
    app.render()
    d = screen.decision
    assert screen.ask == "push_fold" and d.push_fold["advice"] == "fold" and d.push_fold["chosen"] == "push"
    assert not screen.hand_row.selected  # no tile is lifted: the question comes before the discard
    before = len(recorded_answers(app))
    key(app, pygame.K_RETURN, "\r")  # Enter alone answers nothing
    assert screen.answered is None and len(recorded_answers(app)) == before
    press_digit(app, 1)  # push: against the coach
    assert screen.answered is False
    assert recorded_answers(app)[-1] == (items[0]["item_id"], PUSH_FOLD_SKILL, 0)
    app.render()
    key(app, pygame.K_RETURN, "\r")  # next card
    assert screen.index == 1 and screen.answered is None
    press_digit(app, 2)  # fold: what the coach does
    assert screen.answered is True
    assert recorded_answers(app)[-1] == (items[1]["item_id"], PUSH_FOLD_SKILL, 1)
    assert len(recorded_answers(app)) == before + 2


def test_the_words_for_the_answer_in_both_languages(lang_app: App) -> None:
    app = lang_app
    en = app.settings.language == "en"
    screen = push_fold_card(app)
    assert screen.question() == ("Someone is in riichi. Push or fold?" if en
                                 else "Соперник объявил риичи. Играть вперёд или защищаться?")
    assert [b.label for b in screen.answer_btns] == (["Push", "Fold"] if en else ["Вперёд", "Защита"])
    screen = push_fold_card(app, answered="wrong")
    wrong, played = (plain_text(p, app).replace("\u00a0", " ") for p in screen.feedback_parts())
    if en:
        assert wrong.startswith("The coach would make a full fold (ベタ降り, betaori) here:"), wrong
        # 3,900 x 4% = 156: the average the learner's own multiplication gives (the engine's gain is 154)
        assert "a win brings about 3,900 points and comes 4% of the time, so about 160 on average" in wrong, wrong
        # what pushing adds to the risk, and the two risks it comes from (720 - 410), each named
        assert "(about 310: pushing risks about 720 points, folding about 410)" in wrong, wrong
        assert wrong.endswith("risked about 410 this turn."), wrong
        assert played.startswith("In the game you discarded") and played.endswith(
            "pushed. This tile alone risked about 560 this turn.")
    else:
        assert wrong.startswith("Совет тренера здесь — полная защита (ベタ降り, betaori):"), wrong
        assert "победа стоит около 3 900 очков (шанс 4%), в среднем это около 160" in wrong, wrong
        assert "(около 310: риск игры вперёд — около 720 очков, риск защиты — около 410)" in wrong, wrong
        assert wrong.endswith("несла на этом ходу риск около 410 очков."), wrong
        assert played.startswith("В партии вы сбросили") and played.endswith(
            "играли вперёд. Одна только эта плитка несла на этом ходу риск около 560 очков.")
    assert screen.verdict() == ("Not the coach's choice." if en else "Тренер выбрал бы иначе.")
    screen = push_fold_card(app, answered="right")
    words = plain_text(screen.feedback_parts()[0], app)
    assert words.startswith("Correct: the coach makes a full fold (ベタ降り, betaori) too" if en
                            else "Верно: совет тренера — тоже полная защита"), words
    screen = push_fold_card(app, hand=4)  # an open hand that looks ready, no riichi
    assert screen.question() == ("An open hand looks ready. Push or fold?" if en
                                 else "Открытая рука соперника похожа на готовую. Вперёд или защита?")


def test_cards_that_cannot_be_shown_are_skipped_with_a_note(app: App) -> None:
    good = push_fold_cards(app)[0]
    bad_file = Path(good["game"]).with_name("broken.json")
    bad_file.write_text("{not a game", encoding="utf-8")
    log = load(Path(good["game"]))
    plain = next(d for d in review_game(log, 0).decisions if d.push_fold is None)
    gone = dict(good, hand=plain.hand, action=plain.action, item_id="game-pushfold:x:0:0")  # no threat there
    unreadable = dict(good, game=str(bad_file), item_id="game-pushfold:broken:0:0")
    screen = app.push("position_review", items=[unreadable, gone, good])
    app.render()
    assert screen.index == 2 and screen.decision is not None and screen.ask == "push_fold"
    text = app.banners[-1].text
    assert text == "Skipped 2 cards that cannot be shown; the first: broken.json: the game cannot be read", text
    screen = app.push("position_review", items=[gone])
    app.render()
    assert screen.decision is None and screen.next_btn is not None  # the end: Done
    text = app.banners[-1].text
    assert text.endswith(f"hand {plain.hand + 1}: the coach no longer sees a choice to push or fold there"), text


@pytest.mark.parametrize(("asks", "en", "ru"), [
    (["push_fold", "push_fold"], "2 positions are due: push or fold now?",
     "2 позиции ждут повторения: вперёд или защита?"),
    ([None, "push_fold"], "2 positions are due: discards, push or fold — what now?",
     "2 позиции ждут повторения: какой сброс, вперёд или защита?"),
    (["riichi", "push_fold"], "2 positions are due: decisions of several kinds — what now?",
     "2 позиции ждут повторения: решения разных видов"),
])
def test_the_home_card_says_what_the_due_positions_ask(lang_app: App, monkeypatch: pytest.MonkeyPatch,
                                                       asks: list[str | None], en: str, ru: str) -> None:
    items = [{"game": "g.json", "hand": 0, "action": i, "seat": 0, **({"ask": a} if a else {})}
             for i, a in enumerate(asks)]
    monkeypatch.setattr(game_cards, "due_positions", lambda _app: items)
    home = lang_app.push("home")
    card = home.mistakes_card
    assert card is not None
    assert card.subtitle == (en if lang_app.settings.language == "en" else ru), card.subtitle
