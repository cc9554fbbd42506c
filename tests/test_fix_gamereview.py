"""The game review agrees with the table's coach (review 19, driller items 1, 5, 8, 9, 20, 21, 22):

* a fold the coach advises is not a mistake — no card, not red, the right answer of a push-or-fold
  card or tile card is the coach's tile — and one decision has one safest tile;
* "steps from tenpai" is the shanten, as the coach counts it;
* an import's difference from our scoring is worded in the learner's language, naming the seat
  whose payment differs, numbered as the screen numbers it, with its two figures;
* the match result leads to the game's review, and its mistake cards are offered at once;
* a seat is «Игрок», never «Место» (a place);
* the table, the review and the puzzle name the risks they compare in the same words;
* the danger words speak of a tile (she, in Russian).
"""

from __future__ import annotations

import copy
import dataclasses
import os
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from tests.text_checks import in_english  # noqa: E402
from trainer.engine.game import review as review_mod  # noqa: E402
from trainer.engine.game.coach import coach_turn, discard_hints  # noqa: E402
from trainer.engine.game.review import Decision, GameReview, follows_advice, review_decision  # noqa: E402
from trainer.engine.game.tenhou6_read import from_tenhou6  # noqa: E402
from trainer.engine.tiles import parse_tile  # noqa: E402
from trainer.ui import game_cards  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.richtext import plain_text  # noqa: E402
from trainer.ui.screens.game_import import difference_text  # noqa: E402
from trainer.ui.screens.position_review import right_kinds  # noqa: E402
from trainer.ui.views.table.coach import danger_words, hint_lines  # noqa: E402
from trainer.ui.views.table.review import push_fold_text, tile_text  # noqa: E402

# Seat 1 declared riichi after 5s 7p 7s 5s 5z.  The coach folds with 8s (a suji of the 5s, the least
# expected loss by the shared evaluator), while the older danger weights call the honors safest
# and the best by tiles are 9m and the honors: before the fix the review called the coach's own
# fold "lost_tiles", a mistake card whose right answer was a pushing tile.
FOLD = ("569m28p33689s134z", "3m", "5s 7p 7s 5s 5z")
from tests.test_review_push_fold import _riichi_view  # noqa: E402  (seat 1 in riichi after a river)


def _judge(tile: str) -> Decision:
    view = _riichi_view(*FOLD)
    return review_decision(view, list(view.hand.concealed), parse_tile(tile))


def _plain(app: App, text: str) -> str:
    return plain_text(text, app).replace("\u00a0", " ")


# ---------------------------------------------------------------- 1: the coach's fold is right


def test_the_coachs_fold_is_not_a_mistake_and_names_one_safest_tile() -> None:
    view = _riichi_view(*FOLD)
    advice = coach_turn(view, list(dict.fromkeys(view.hand.concealed)))
    assert not advice.push_fold.push and str(advice.best.tile) == "8s"  # the coach folds with 8s
    d = _judge("8s")
    pf = d.push_fold
    assert pf["advised"] == "8s" and pf["chosen"] == pf["advice"] == "fold" and "8s" in pf["fold_tiles"]
    assert "8s" not in d.best and d.best  # not the best by tiles ...
    assert follows_advice(pf, d.chosen)
    assert d.verdict == "good" and not d.mistake  # ... yet no mistake: no card, not red in the replay
    # one safest tile for one decision: the danger row names the evaluator's, as the push-or-fold row
    assert d.danger["safest"][0] == pf["safest"] == "8s"
    assert GameReview(0, (d,)).summary()["good"] == 1


def test_no_card_for_the_coachs_fold(monkeypatch: pytest.MonkeyPatch) -> None:
    d = _judge("8s")
    monkeypatch.setattr(game_cards, "review_game", lambda _log, _seat: GameReview(0, (d,)))
    assert game_cards.mistake_cards(Path("game-x.json"), {}, 0) == []


def test_a_push_against_the_fold_advice_is_answered_with_the_coachs_fold_tile() -> None:
    d = _judge("2p")  # a slow pushing tile where the coach folds
    assert d.verdict == "lost_tiles" and d.mistake and d.push_fold_against_advice
    assert right_kinds(d) == {parse_tile("8s").kind}  # the card's right answer: the fold, not a faster tile
    assert right_kinds(dataclasses.replace(d, push_fold=None, coach=None)) == {parse_tile(t).kind for t in d.best}  # before


def test_the_words_of_the_coachs_fold_say_right_and_never_hold_up_a_pushing_tile(app: App) -> None:
    words = _plain(app, tile_text(_judge("8s")))
    if in_english(app):
        assert words.startswith("You discarded 8s: the safest tile against the riichi (立直, rīchi). Good. "
                                "You made a full fold (ベタ降り, betaori): right"), words
        assert "instead would leave" not in words and "Better" not in words
    else:
        assert words.startswith("Вы сбросили 8s: самая безопасная плитка против соперника, объявившего риичи"), words
        assert "Хорошо. Ваш выбор — полная защита (ベタ降り, betaori), и он верен" in words, words
        assert "Со сбросом" not in words and "Лучше" not in words
    pushed = _plain(app, tile_text(_judge("2p")))
    assert pushed.startswith("You discarded 2p and played on. The coach would make a full fold" if in_english(app)
                             else "Вы сбросили 2p и продолжили игру вперёд. Совет тренера здесь — полная защита"), pushed


def test_pushing_the_coachs_own_tile_is_not_a_mistake() -> None:
    pf = {"chosen": "push", "advice": "push", "advised": "9m"}
    assert follows_advice(pf, "9m") and not follows_advice(pf, "6m")
    assert follows_advice({"chosen": "fold", "advice": "fold", "advised": "1z"}, "9m")
    assert not follows_advice(None, "9m")


# ---------------------------------------------------------------- 5: steps are the shanten


def _lost_shanten(chosen: int, best: int) -> Decision:
    return Decision(hand=0, turn=3, action=9, round=0, hand_number=0, honba=0, chosen="5m", riichi=False,
                    best=("1z",), shanten_chosen=chosen, shanten_best=best, ukeire_chosen=12, ukeire_best=20,
                    verdict="lost_shanten")


def test_steps_from_tenpai_are_the_shanten(app: App) -> None:
    words = _plain(app, tile_text(_lost_shanten(2, 1)))  # two-shanten instead of one-shanten
    assert ("the hand is 2 steps from tenpai (聴牌) instead of 1." if in_english(app)
            else "до готовности (тенпай — 聴牌, tenpai) 2 шага вместо 1.") in words, words
    ready = _plain(app, tile_text(_lost_shanten(1, 0)))  # one-shanten where the best kept it ready
    assert ("1 step from tenpai (聴牌), while 1z would have kept it ready" if in_english(app)
            else "1 шаг, а со сбросом 1z рука осталась бы готовой") in ready, ready


# ---------------------------------------------------------------- 8: import differences in words


def _split_payment_log() -> dict:
    from tests.test_tenhou6 import RINSHAN_HAND, _log

    wrong = copy.deepcopy(RINSHAN_HAND)
    wrong[16] = ["和了", [-1600, -1800, 3200, -800], wrong[16][2]]  # seat 1 (the second) pays 1,000 more
    return _log(wrong)


def test_an_import_difference_names_the_seat_whose_payment_differs(app: App) -> None:
    note = from_tenhou6(_split_payment_log()).notes[0]
    # the engine: data (and the command line's English sentence) for the seat whose figures differ
    assert note.data["kind"] == "payment" and (note.data["seat"], note.data["log"], note.data["ours"]) == (1, -1800, -800)
    assert note.startswith("hand E1: the log says seat 1 gets -1800, our engine gives -800 because the payment")
    text = difference_text(note).replace("\u00a0", " ")
    if in_english(app):
        assert text == ("in East 1, seat 2 gets −1,800 by the log and −800 by our count — the payment is split "
                        "differently (honba, riichi sticks or pao)"), text
    else:
        assert text == ("в раздаче Восток 1 у игрока 2 по записи −1 800, а по нашему подсчёту −800 — выплата "
                        "разделена иначе (хонба, палочки риичи или пао)"), text
        assert not re.search(r"[A-Za-z]{3,}", text), text  # no English left


def test_the_import_banner_is_in_the_learners_language(app: App, tmp_path: Path) -> None:
    from trainer.engine.game.log_files import parse_any

    screen = app.push("game_import")
    loaded = parse_any(_split_payment_log())
    path = tmp_path / "game.json"
    path.write_text("{}")
    shown: list[str] = []
    app.notify = lambda text, *a, **k: shown.append(text)  # type: ignore[method-assign]
    screen.done(path, loaded)
    assert shown and ("seat 2 gets −1,800 by the log" if in_english(app) else "у игрока 2 по записи −1 800") in \
        shown[0].replace("\u00a0", " "), shown


# ---------------------------------------------------------------- 20: a seat is not a place


def test_a_seat_is_a_player_not_a_place(app: App) -> None:
    screen = app.push("game_import")
    line = screen.seat_line(1, 34800).replace("\u00a0", " ")
    assert line.startswith("Seat 2: " if in_english(app) else "Игрок 2: "), line
    assert "Место" not in line


# ---------------------------------------------------------------- 9: from the match result to its review


def test_new_mistake_cards_are_offered_at_once_until_answered(progress_app: App, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    app = progress_app
    game = tmp_path / "game-20260101-120000.json"
    game.write_text("{}")
    spec = {"game": str(game), "hand": 1, "action": 37, "seat": 0}
    monkeypatch.setattr(game_cards, "mistake_cards",
                        lambda path, log, seat=0: [("game:game-20260101-120000:1:37", "efficiency", spec)])
    assert game_cards.record_mistakes(app, game, {}) == 1
    # a new card without an answer (the coach's verdict is not the learner's), due at once
    assert app.progress.answer_count(app.learner_id) == 0
    assert [r["item_id"] for r in game_cards.due_positions(app)] == ["game:game-20260101-120000:1:37"]
    app.record_answer("game", "game:game-20260101-120000:1:37", "efficiency", False, 5.0, spec=spec)  # the review
    game_cards.mark_practised(app, "game:game-20260101-120000:1:37")
    assert game_cards.due_positions(app) == []  # answered: it comes back when it is due
    later = datetime.now(UTC) + timedelta(days=2)
    assert [r["item_id"] for r in app.progress.due_reviews(app.learner_id, now=later, limit=50)] == [
        "game:game-20260101-120000:1:37"]


def test_the_match_result_opens_the_game_review(progress_app: App) -> None:
    from trainer.ui.screens.play_shots import match_end

    app = progress_app
    screen = match_end(app, saved=True)  # saved, as a learner's match is
    screen.layout()
    assert screen.review_btn is not None and screen.review_btn.label == "Game review"
    assert screen.review_btn.rect.right <= screen.next_btn.rect.left  # beside «Leave the table», not over it
    screen.review_btn.activate()
    assert app.screen.name == "replay" and Path(app.screen.path) == screen.saver.path
    # the mistakes of the match are on the home screen at once
    assert game_cards.due_positions(app) or not game_cards.mistake_cards(screen.saver.path, screen.saver.recorder.log)


# ---------------------------------------------------------------- 21: the same risks in the same words


def test_table_review_and_puzzle_name_the_risks_alike(app: App) -> None:
    view = _riichi_view(*FOLD)
    tiles = list(dict.fromkeys(view.hand.concealed))
    coach = " ".join(_plain(app, line) for line in hint_lines(discard_hints(view, tiles), str))
    review = _plain(app, push_fold_text(_judge("8s").push_fold, "8s"))
    pattern = (r"pushing risks about (?P<loss>[\d,]+) points, folding (about (?P<fold>[\d,]+)|almost nothing)"
               if in_english(app) else
               r"риск игры вперёд — около (?P<loss>[\d ]+) очков, (риск защиты — около (?P<fold>[\d ]+)|а защита почти "
               r"ничем не рискует)")
    at_table, in_review = re.search(pattern, coach), re.search(pattern, review)
    assert at_table and in_review, (coach, review)
    assert at_table.group(0) == in_review.group(0)  # the same two figures, named the same way

    def number(text: str | None) -> int:
        return int(re.sub(r"\D", "", text or "") or 0)

    # what pushing adds to the risk is the first less the second, as shown (the review always says it;
    # the table when the hand is worth enough to say what pushing would gain)
    added = r"the extra risk of pushing \(about ([\d,]+)" if in_english(app) else r"добавляет к риску \(около ([\d ]+)"
    assert number(re.search(added, review).group(1)) == number(at_table["loss"]) - number(at_table["fold"]), review


# ---------------------------------------------------------------- 22: a tile is «она»


def test_the_danger_words_speak_of_the_tile(app: App) -> None:
    view = _riichi_view(*FOLD)
    advice = next(a for a in coach_turn(view, list(dict.fromkeys(view.hand.concealed))).discards
                  if str(a.tile) == "2p")
    words = _plain(app, danger_words(advice, lambda s: "Right"))
    if not in_english(app):
        # the tile is «она»; the deal-in reads as a win on it, not the tile "coming into" a hand
        assert "что на ней выиграет" in words and "попадёт" not in words, words


def test_review_module_still_exports_its_names() -> None:
    assert "follows_advice" in review_mod.__all__


# ---------------------------------------------------------------- review 20: the coach's own tile


def test_the_strong_bots_discards_are_never_mistakes_in_the_review() -> None:
    """The table's coach advises what the strong bot plays, and with no threat it may keep value,
    a yaku or safety for a few tiles of ukeire: reviewing a strong bot's own game finds no
    discard mistake where no threat was on the table (before, 'keeps its value' discards were
    marked lost_tiles and turned into cards graded against the coach's own tile)."""
    from trainer.engine.bots import make_bot
    from trainer.engine.game.play import play_match
    from trainer.engine.game.review import review_game
    from trainer.engine.rules import load_rules

    rules = load_rules("tenhou")
    out = play_match([make_bot("strong", rules) for _ in range(4)], rules, seed=4242)
    review = review_game(out.log, 0, calls=False)
    quiet = [d for d in review.decisions if d.push_fold is None and not d.dealt_in]
    assert quiet and all(d.coach is not None for d in quiet)
    off_best = [d for d in quiet if not d.in_best]  # the coach chose value or safety over tiles
    assert off_best, "the seed should hold a value or safety discard"
    assert not [d for d in quiet if d.mistake], [(d.hand, d.action, d.chosen, d.coach, d.verdict) for d in quiet
                                                  if d.mistake]
    assert all(parse_tile(d.coach).kind in right_kinds(d) for d in off_best)  # a card would take it
