"""Push or fold in the game review: against a riichi each discard says whether the learner pushed
or folded (betaori) and what the table's coach would do, judged by the shared evaluator's own
verdict on constructed positions; the JSON keys and totals; the words in both languages; M in the
replay stops on a push or fold against the coach."""

from __future__ import annotations

import dataclasses
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from tests.text_checks import in_english, plain_words  # noqa: E402
from trainer.engine.evaluator.advisor import FOLD_BAND  # noqa: E402
from trainer.engine.game.coach import coach_turn  # noqa: E402
from trainer.engine.game.review import Decision, GameReview, review_decision  # noqa: E402
from trainer.engine.game.scenario import setup_round  # noqa: E402
from trainer.engine.game.view import RiverTile, make_view  # noqa: E402
from trainer.engine.tiles import parse_tile  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.views.table.review import push_fold_text, tile_text  # noqa: E402

JUNK = "147m369p147s3456z"


def _riichi_view(hand13: str, draw: str, river: str):
    """Seat 0 about to discard, seat 1 in riichi after discarding ``river``."""
    view = make_view(setup_round([hand13, JUNK, JUNK, JUNK], draws=draw, dora="9s"), 0)
    rivers = list(view.rivers)
    rivers[1] = tuple(RiverTile(parse_tile(t), False, i == 0, False) for i, t in enumerate(river.split()))
    return dataclasses.replace(view, riichi=(False, True, False, False), riichi_turn=(None, 0, None, None),
                               rivers=tuple(rivers))


def _judge(view, tile: str) -> tuple[Decision, object]:
    tiles = list(view.hand.concealed)
    return review_decision(view, tiles, parse_tile(tile)), coach_turn(view, list(dict.fromkeys(tiles)))


READY = ("123m456p789s1177z", "5m", "6z 1p")  # ready with chun and dora-less value: worth pushing
FAR = ("13579m2468p139s1z", "5s", "1z 9m")  # five steps from ready, genbutsu 9m and 1z in hand


def test_a_ready_hand_pushing_against_a_riichi_agrees_with_the_coach():
    view = _riichi_view(*READY)
    d, advice = _judge(view, "5m")
    pf = d.push_fold
    assert advice.push_fold.push and pf is not None
    assert pf["chosen"] == pf["advice"] == "push" and not d.push_fold_against_advice
    assert (pf["gain"], pf["loss"], pf["safest_risk"]) == (
        round(advice.push_fold.gain), round(advice.push_fold.loss), round(advice.push_fold.fold_loss))
    assert pf["value"] > 0 and 0 < pf["win_chance"] <= 1 and pf["reason"] == "push" and not pf["last_hand"]
    assert d.verdict == "good"  # the tile verdict is the old one


def test_a_far_hand_throwing_a_dangerous_tile_pushes_against_the_coach():
    view = _riichi_view(*FAR)
    d, advice = _judge(view, "5s")
    pf = d.push_fold
    assert not advice.push_fold.push and pf["advice"] == "fold" and pf["chosen"] == "push"
    assert d.push_fold_against_advice and pf["risk"] - pf["safest_risk"] > FOLD_BAND
    assert d.verdict == "unsafe"  # unchanged
    folded, _ = _judge(view, "9m")  # genbutsu: folding, as the coach does
    assert folded.push_fold["chosen"] == "fold" and not folded.push_fold_against_advice
    assert folded.push_fold["safest_genbutsu"] and folded.verdict == "good"


def test_a_valuable_ready_hand_folding_goes_against_the_coach():
    view = _riichi_view(*READY)
    safest = min(coach_turn(view, list(dict.fromkeys(view.hand.concealed))).discards, key=lambda a: (a.risk, -a.ev))
    d, advice = _judge(view, str(safest.tile))
    assert advice.push_fold.push and safest.efficiency.shanten > advice.best.efficiency.shanten
    assert d.push_fold["chosen"] == "fold" and d.push_fold["advice"] == "push" and d.push_fold_against_advice
    assert d.verdict == "good"  # the safest tile: the old verdict stays


def test_no_threat_no_push_fold_and_the_json_and_summary_only_add_keys():
    view = make_view(setup_round(["123m456p789s1177z", JUNK, JUNK, JUNK], draws="5m", dora="9s"), 0)
    quiet = review_decision(view, list(view.hand.concealed), parse_tile("5m"))
    assert quiet.push_fold is None and not quiet.push_fold_against_advice
    data = quiet.to_json()
    assert data["push_fold"] is None and {"verdict", "danger", "riichi_choice", "dealt_in"} <= set(data)
    d, _ = _judge(_riichi_view(*FAR), "5s")
    assert set(d.to_json()["push_fold"]) == {"chosen", "advice", "gain", "loss", "risk", "safest_risk", "safest",
                                             "safest_genbutsu", "win_chance", "value", "last_hand", "dealer", "reason",
                                             "average", "dealer_factor", "draw_payments", "advised", "fold_tiles",
                                             "safest_tiles", "weave", "no_yaku"}
    s = GameReview(0, (quiet, d)).summary()
    assert (s["push_fold_choices"], s["push_fold_against_advice"]) == (1, 1)
    assert s["unsafe"] == 1 and s["good"] == 1  # the tile totals as before


# ---------------------------------------------------------------- words


def _words(app: App, text: str) -> str:
    words = plain_words(app, text)
    assert "{" not in words and "}" not in words, words
    return words


def test_pushing_as_the_coach_does_is_right_and_the_unsafe_words_do_not_say_fold(app: App) -> None:
    d, _ = _judge(_riichi_view("123m456p78s59m115z", "2p", "9m 1p 7z"), "5m")
    assert d.verdict == "unsafe" and d.push_fold["chosen"] == d.push_fold["advice"] == "push"
    text = tile_text(d)
    words = _words(app, text)
    # the push was right but the tile was not (a genbutsu, 9m, was in the hand): said so, not a bare "right"
    if in_english(app):
        assert "Pushing was right, but with 9m: a win brings about" in words and "far from ready" not in words, words
    else:
        assert "Играть вперёд — верно, но со сбросом 9m" in words and "далека от готовности" not in words, words
    assert "{term:genbutsu|" in text and "{term:riichi}" in text


def test_pushing_where_the_coach_folds_says_so_with_betaori_and_genbutsu(app: App) -> None:
    d, _ = _judge(_riichi_view(*FAR), "5s")
    text = push_fold_text(d.push_fold, d.chosen)
    words = _words(app, text)
    assert "{term:betaori}" in text and "{term:genbutsu|" in text, text
    assert words.startswith("The coach would make a full fold" if in_english(app) else "Совет тренера здесь — полная защита"), words


def test_folding_a_valuable_hand_is_not_good_and_shows_the_figures(app: App) -> None:
    pf = {"chosen": "fold", "advice": "push", "gain": 3100, "loss": 900, "risk": 10, "safest_risk": 10,
          "safest": "7z", "safest_genbutsu": False, "win_chance": 0.31, "value": 8000, "last_hand": False,
          "reason": "push", "dealer": True, "average": 2480, "dealer_factor": 1.25, "draw_payments": 0}
    d = Decision(hand=0, turn=5, action=25, round=0, hand_number=0, honba=0, chosen="7z", riichi=False,
                 best=("5m",), shanten_chosen=1, shanten_best=0, ukeire_chosen=4, ukeire_best=8, verdict="good",
                 danger={"riichi_seats": [1], "chosen": 0.5, "safest": ["7z"], "safest_danger": 0.5,
                         "genbutsu_available": False, "notes": []}, push_fold=pf)
    words = _words(app, tile_text(d))
    assert not words.endswith(("Good.", "Хорошо.")) and ("Good." not in words and "Хорошо." not in words), words
    if in_english(app):
        assert "The coach would push here: a win brings about 8,000 points and comes 31% of the time" in words, words
        # the two figures the coach compares: the expected gain (8,000 x 31% = 2,480, x1.25 for the dealer),
        # and what pushing adds to folding's risk
        assert ("so about 2,480 on average; ×1.25 because a dealer's win keeps the deal (連荘, renchan): about 3,100 in "
                "all, more than the extra risk of pushing (about 890: pushing risks about 900 points, folding about 10)"
                ) in words, words
    else:
        assert "Тренер здесь играл бы вперёд: победа стоит около 8 000 очков (шанс 31%)" in words, words
        assert ("в среднем это около 2 480, ×1,25, ведь после победы дилер остаётся дилером (連荘, renchan): около 3 100 — больше, чем игра вперёд "
                "добавляет к риску (около 890: риск игры вперёд — около 900 очков, риск защиты — около 10)") in words, words
    # agreeing: "right", and the last hand speaks of places, not points
    right = _words(app, push_fold_text({**pf, "chosen": "push"}, "5m"))
    assert right.startswith("You pushed: right" if in_english(app) else "Вы играли вперёд, и верно"), right
    last = _words(app, push_fold_text({**pf, "advice": "fold", "last_hand": True}, "5m"))
    assert ("final place" if in_english(app) else "итоговое место") in last and "8" not in last, last


def test_m_stops_on_a_push_or_fold_against_the_coach(app: App) -> None:
    from trainer.ui.screens.play_shots import replay_push_fold

    screen = replay_push_fold(app, agree=False)
    here = screen.pos
    d = screen.current_decision()
    assert d is not None and d.push_fold_against_advice
    assert not d.mistake and not d.riichi_against_advice
    screen.pos = here - 1
    screen.next_mistake()
    assert screen.pos == here  # only push or fold makes M stop here
    screen.pos = here
    header = " · ".join(t for t in (screen.header_extra(), screen.below_text()) if t)  # under the table what does not fit
    assert ("push/fold" if in_english(app) else "вперёд/защита") in header or (
        "against the coach: " if in_english(app) else "вопреки тренеру: ") in header, header
    app.render()
    assert screen.box.layout is not None
