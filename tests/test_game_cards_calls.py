"""A pon or chi offer answered against the coach becomes a review card ("learn from your
mistakes" for calls): one card per hand, asked as "X was discarded. Call or pass?" with the
table's call buttons, graded by the coach's verdict recomputed from the game, with the coach's
words for the answer just given; a card that cannot be shown any more is skipped with a note."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.review_cards import due_game_cards, recorded_answers  # noqa: E402
from tests.table_driver import key, press_digit  # noqa: E402
from tests.ui_events import headless_app  # noqa: E402
from trainer.engine.game.actions import Chi, Pon  # noqa: E402
from trainer.engine.game.call_review import CallDecision  # noqa: E402
from trainer.engine.game.records import load  # noqa: E402
from trainer.engine.game.review import review_game  # noqa: E402
from trainer.ui import game_cards  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.game_cards import (  # noqa: E402
    CALL_SKILL,
    CARD_VERDICTS,
    call_card_id,
    card_id,
    is_call_card,
    is_push_fold_card,
    is_riichi_card,
    mistake_cards,
    record_mistakes,
)
from trainer.ui.richtext import plain_text  # noqa: E402
from trainer.ui.screens.play_shots import call_card, call_cards, call_game, riichi_game  # noqa: E402
from trainer.ui.views.table.call_review import call_answer_text  # noqa: E402


@pytest.fixture()
def app(progress_app: App) -> App:
    return progress_app


@pytest.mark.parametrize("calls", [False, True])
def test_the_first_call_against_the_coach_of_each_hand_is_a_card(app: App, calls: bool) -> None:
    # seed 4 never calls (passes the coach would call: two in hand 2); seed 1 makes the efficient bot's calls
    path = call_game(app, 4, calls=False) if not calls else riichi_game(app, 1)
    log = load(path)
    review = review_game(log, 0)
    against = [c for c in review.calls if c.against_advice]
    hands = sorted({c.hand for c in against})
    assert against and all(c.called == calls for c in against)
    if not calls:
        assert len(against) > len(hands)  # a hand with two offers passed against the coach: still one card
    tiles = [d for d in review.decisions if d.verdict in CARD_VERDICTS]
    riichi = {d.hand for d in review.decisions if d.riichi_against_advice}
    riichi_cards = len(riichi) - sum(1 for h in riichi if next(d for d in review.decisions if d.hand == h
                                                              and d.riichi_against_advice) in tiles)
    push_fold = [c for c in mistake_cards(path, log, 0) if is_push_fold_card(c[2])]  # their own tests
    assert record_mistakes(app, path, log) == len(tiles) + riichi_cards + len(hands) + len(push_fold)
    due = due_game_cards(app)
    mine = [r for r in due if is_call_card(r)]
    assert sorted(r["hand"] for r in mine) == hands  # one per hand
    for r in mine:
        first = next(c for c in against if c.hand == r["hand"])
        assert set(r) == {"game", "hand", "action", "seat", "ask", "item_id", "skill"}
        assert (r["game"], r["action"], r["seat"], r["ask"]) == (str(path), first.action, 0, "call")
        assert r["item_id"] == call_card_id(path, first) == f"game-call:{path.stem}:{first.hand}:{first.action}"
        assert r["skill"] == CALL_SKILL == "rules_calls"
    # the other cards are as they always were: the same ids, the same specs
    ids = {r["item_id"] for r in due}
    assert len(ids) == len(due)
    for r in due:
        if not is_call_card(r) and not is_riichi_card(r) and not is_push_fold_card(r):
            assert r["item_id"].startswith("game:") and set(r) == {"game", "hand", "action", "seat", "item_id",
                                                                   "skill"}
    assert {card_id(path, d) for d in tiles} <= ids


def test_the_card_shows_the_offer_as_the_table_does(app: App) -> None:
    screen = call_card(app)  # the first hand of seed 10: 7m from the left, pon or chi
    app.render()
    point, d = screen.point, screen.decision
    assert screen.ask == "call" and isinstance(d, CallDecision) and d.chosen == "pon" and d.advice == "pass"
    assert [b.label for b in screen.answer_btns] == ["Pon", "Chii", "Pass"]  # "chii", as the lessons spell it
    assert [b.key for b in screen.answer_btns] == ["1", "2", "3"]
    pon, chi = point.offers
    assert isinstance(pon, Pon) and isinstance(chi, Chi)
    # each call button shows the two tiles from the hand, then the tile on offer (highlighted)
    assert [str(p.tile) for p in screen.answer_btns[1].pieces] == ["5m", "6m", "7m"]
    assert screen.answer_btns[1].pieces[-1].highlight == "hint" and not screen.answer_btns[2].pieces
    # the table waits for the answer: the tile on offer is the last discard, marked in its river
    state = screen.frame.state
    assert state.last is not None and str(state.seats[state.last[0]].river[state.last[1]].tile) == "7m"
    assert screen.marks() == {state.last[0]: {state.last[1]: "hint"}}
    assert len(screen.hand_row.slots) == 13 and screen.hand_row.locked
    assert screen.question() == "7 of characters was discarded. Call or pass?"


def test_answers_by_keys_are_graded_against_the_coach_and_recorded(app: App) -> None:
    items = call_cards(app, called=True) + call_cards(app, called=False)
    screen = app.push("position_review", items=items)
    app.render()
    before = len(recorded_answers(app))
    key(app, pygame.K_RETURN, "\r")  # Enter alone answers nothing
    assert screen.answered is None and len(recorded_answers(app)) == before
    press_digit(app, 1)  # pon: it leaves the open hand without a yaku, the coach passes
    assert screen.answered is False and screen.call_answer.chosen == "pon"
    assert recorded_answers(app)[-1] == (items[0]["item_id"], CALL_SKILL, 0)
    app.render()
    key(app, pygame.K_RETURN, "\r")  # next card: seed 4, hand 1 — a red 5m on offer, the coach pons it (value)
    assert screen.index == 1 and screen.answered is None and screen.decision.advice == "pon"
    press_digit(app, 1)  # pon, as the coach
    assert screen.answered is True
    assert recorded_answers(app)[-1] == (items[1]["item_id"], CALL_SKILL, 1)
    app.render()
    key(app, pygame.K_RETURN, "\r")  # hand 2: the green dragon passed; pass again is wrong
    assert screen.index == 2 and [b.label for b in screen.answer_btns] == ["Pon", "Pass"]
    press_digit(app, 2)
    assert screen.answered is False
    assert recorded_answers(app)[-1] == (items[2]["item_id"], CALL_SKILL, 0)
    assert len(recorded_answers(app)) == before + 3
    press_digit(app, 1)  # answered: the keys do nothing more
    assert len(recorded_answers(app)) == before + 3


def test_the_words_for_the_answer_in_both_languages(lang_app: App) -> None:
    app = lang_app
    en = app.settings.language == "en"
    screen = call_card(app)
    assert screen.question() == ("7 of characters was discarded. Call or pass?" if en
                                 else "Сброшено: 7 ман. Объявить или пропустить?"), screen.question()
    screen = call_card(app, answer="pon")
    app.render()
    wrong, played = screen.feedback_parts()
    assert "{term:pon|" in wrong and "{term:yaku}" in wrong
    words = plain_text(wrong, app).replace("\u00a0", " ")
    assert words.startswith("Better not to call pon (ポン) — after the call the open hand has no yaku" if en
                            else "Лучше не объявлять пон (ポン, pon) — после объявления у открытой руки нет яку"), words
    assert screen.verdict() == ("Not the coach's choice." if en else "Тренер выбрал бы иначе.")
    words = plain_text(played, app).replace("\u00a0", " ")
    assert words == ("In the game you called pon (ポン) on 7m. Without the call the hand is 1 step from tenpai (聴牌)."
                     if en else "В партии вы объявили пон (ポン, pon) на 7m. Без объявления до готовности (тенпай — "
                     "聴牌, tenpai) остаётся 1 шаг."), words
    screen = call_card(app, answer="chi")
    words = plain_text(screen.feedback_parts()[0], app)
    assert words.startswith("Better not to call chi (チー; 567m) — the call does not bring" if en
                            else "Лучше не объявлять чии (チー, chī; 567m) — объявление не приближает"), words
    screen = call_card(app, answer="pass")
    words = plain_text(screen.feedback_parts()[0], app)
    assert screen.verdict() == ("Right!" if en else "Верно!")
    assert words.startswith("Correct: the coach passes too — after the call" if en
                            else "Верно: тренер тоже пропускает — после объявления"), words
    screen = call_card(app, called=False, answer="pass")  # the green dragon the coach pons
    words = plain_text(screen.feedback_parts()[0], app)
    assert words.startswith("Better to call pon (ポン) — the pon makes a" if en
                            else "Лучше объявить пон (ポン, pon) — это собирает"), words
    assert plain_text(screen.feedback_parts()[1], app).startswith(
        "In the game you passed on 6z." if en else "В партии вы пропустили 6z.")
    screen = call_card(app, called=False, answer="pon")
    words = plain_text(screen.feedback_parts()[0], app)
    assert words.startswith("Correct: the coach calls pon (ポン) too — the pon makes a" if en
                            else "Верно: тренер тоже объявляет пон (ポン, pon) — это собирает"), words


@pytest.mark.parametrize("answer", ["pass", "pon", "chi"])
def test_every_reason_has_words_for_any_answer(lang_app: App, answer: str) -> None:
    reasons = ("speed_yakuhai", "value", "speed", "formal_tenpai", "not_faster", "no_yaku", "folding",
               "keep_closed", "cheap_and_slow")
    seen = set()
    for advice in ("pass", "pon", "chi"):
        for why in reasons:
            tiles = {"pon": ("7m", "7m"), "chi": ("5m", "6m"), "pass": ()}
            c = CallDecision(hand=0, action=3, round=0, hand_number=0, honba=0, tile="7m", from_seat=3,
                             offered=(("pon", ("7m", "7m")), ("chi", ("5m", "6m"))), chosen=answer,
                             chosen_tiles=tiles[answer], advice=advice, advice_tiles=tiles[advice],
                             against_advice=answer != advice, judged=answer if answer != "pass" else advice,
                             judged_tiles=tiles[answer] or tiles[advice], reason=why, shanten=1, shanten_after=1,
                             value_after=2000, reasons=({"code": why, "riichi": 5200},))
            words = plain_text(call_answer_text(c), lang_app)
            assert words and "{" not in words and "}" not in words, (why, words)
            seen.add(words)
    assert len(seen) >= 18  # right and wrong, and the reasons told apart


def test_call_cards_that_cannot_be_shown_are_skipped_with_a_note(app: App) -> None:
    good = call_cards(app, called=True)[0]
    bad_file = Path(good["game"]).with_name("broken.json")
    bad_file.write_text("{not a game", encoding="utf-8")
    gone = dict(good, action=good["action"] - 1, item_id="game-call:x:0:0")  # no offer answered there
    unreadable = dict(good, game=str(bad_file), item_id="game-call:broken:0:0")
    screen = app.push("position_review", items=[unreadable, gone, good])
    app.render()
    assert screen.index == 2 and screen.point is not None and screen.ask == "call"
    text = app.banners[-1].text
    assert text == "Skipped 2 cards that cannot be shown; the first: broken.json: the game cannot be read", text
    screen = app.push("position_review", items=[gone])
    app.render()
    assert screen.decision is None and screen.next_btn is not None  # the end: Done
    text = app.banners[-1].text
    assert text.endswith(f"hand {good['hand'] + 1}: the offer to call is no longer in the game"), text


@pytest.mark.parametrize(("asks", "words"), [
    (["call", "call"], "call or pass now?"),
    ([None, "call"], "discards, call or pass — what now?"),
    (["riichi", "call"], "riichi or dama, call or pass — what now?"),
    ([None, "riichi", "call"], "discards, riichi, calls — what now?"),
    ([None, "riichi"], "discards, riichi or dama — what now?"),
    ([None, None], "what would you discard now?"),
])
def test_the_home_card_says_what_the_due_positions_ask(app: App, monkeypatch: pytest.MonkeyPatch,
                                                       asks: list[str | None], words: str) -> None:
    items = [{"game": "g.json", "hand": 0, "action": i, "seat": 0, **({"ask": a} if a else {})}
             for i, a in enumerate(asks)]
    monkeypatch.setattr(game_cards, "due_positions", lambda _app: items)
    home = app.push("home")
    card = home.mistakes_card
    assert card is not None and card.subtitle == f"{len(items)} positions are due: {words}", card.subtitle


def test_the_home_card_in_russian(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    items = [{"game": "g.json", "hand": 0, "action": i, "seat": 0, "ask": "call"} for i in range(2)]
    monkeypatch.setattr(game_cards, "due_positions", lambda _app: items)
    with headless_app(tmp_path, monkeypatch, language="ru", progress="open") as app:
        card = app.push("home").mistakes_card
        assert card is not None and card.subtitle == "2 позиции ждут повторения: делать объявление или пропустить?"
    from trainer.i18n import set_language

    set_language("en")
