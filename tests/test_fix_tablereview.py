"""The game review and the table's coach speak as one (review 21, "table" items 1, 3, 4, 5, 7, 9, 13, 14):

* a win let pass (a ron answered with a pass, a tsumo answered with a discard) is a decision of the
  review — a mistake with what the win was worth, unless the coach lets it pass too — that M in the
  replay stops on; the table's full coach says to take a win on offer and, after one went by, that
  the hand is furiten (riichi furiten, or temporary furiten: the learner's view carries both);
* "the coach agrees" only for the coach's own tile; another tile names the coach's and why, and
  "Better:" names the coach's tile first; a narrower tile that is worth no more is called a better
  chance to win, not "value"; the tanyao-to-come words say what they mean;
* a push that was right with a wrong tile says so; a soft fold (mawashi-uchi) is called so in the
  review too; a deal-in to a hand without riichi is named; the worth figures add up;
* the danger words name one wall, and the Russian deal-in chance reads as a win on the tile; a
  list of safe tiles, the riichi advice and a yakuless hand's push-or-fold are worded right.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from tests.text_checks import in_english, plain_words  # noqa: E402
from trainer.engine.bots import make_bot  # noqa: E402
from trainer.engine.evaluator.reasons import reason  # noqa: E402
from trainer.engine.game import coach as engine_coach  # noqa: E402
from trainer.engine.game.actions import Discard, Pass, Ron, Tsumo  # noqa: E402
from trainer.engine.game.coach import WORTH_MORE, discard_hints, waiting  # noqa: E402
from trainer.engine.game.play import play_match  # noqa: E402
from trainer.engine.game.records import replay  # noqa: E402
from trainer.engine.game.review import (  # noqa: E402
    Decision,
    decision_points,
    passed_win_points,
    review_decision,
    review_game,
)
from trainer.engine.game.scenario import setup_round  # noqa: E402
from trainer.engine.game.view import RiverTile, make_view  # noqa: E402
from trainer.engine.rules import load_rules  # noqa: E402
from trainer.engine.tiles import Tile, parse_tile  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.views.table import coach as table_coach  # noqa: E402
from trainer.ui.views.table.review import push_fold_answer_text, push_fold_text, tile_text  # noqa: E402

JUNK = "147m369p147s3456z"
RULES = load_rules("tenhou")


class _Passer:
    """A learner who lets every win go by: a pass on a ron, the efficient bot's discard on a tsumo."""

    name = "passer"

    def __init__(self) -> None:
        self.bot = make_bot("efficient", RULES)

    def choose(self, view, legal):  # noqa: ANN001, ANN201
        if any(isinstance(a, Ron) for a in legal):
            return next(a for a in legal if isinstance(a, Pass))
        if any(isinstance(a, Tsumo) for a in legal):
            return self.bot.choose(view, [a for a in legal if isinstance(a, Discard)])
        return self.bot.choose(view, legal)


@pytest.fixture(scope="module")
def passed_log() -> dict:
    """A tonpuusen where seat 0 lets rons (in riichi and not) and tsumos (in riichi and not) go by."""
    players = [_Passer(), *(make_bot("efficient", RULES) for _ in range(3))]
    return play_match(players, RULES, seed=2).log


# ---------------------------------------------------------------- 1: a win let pass


def test_every_passed_win_is_a_decision_and_a_mistake_with_its_worth(passed_log):
    points = list(passed_win_points(passed_log, 0))
    kinds = {(w.tsumo, w.furiten) for w in points}
    assert {(False, "riichi"), (False, "temporary"), (True, "riichi"), (True, "river")} <= kinds, kinds
    review = review_game(passed_log, 0)
    passed = [d for d in review.decisions if d.passed_win is not None]
    assert len(passed) == len(points)
    for d in passed:
        w = d.passed_win
        assert d.verdict == "passed_win" and d.mistake and w["advice"] == "win", d
        assert w["han"] >= 1 and w["fu"] >= 20 and w["points"] >= 1000, w
        if w["kind"] == "ron":
            assert d.turn == -1 and w["from_seat"] in (1, 2, 3)  # no discard: no river mark
        else:
            assert d.turn >= 0 and w["from_seat"] is None  # the discard that passed it is marked
    # game order, every (hand, action) once; the summary counts them apart and the JSON only adds keys
    keys = [(d.hand, d.action) for d in review.decisions]
    assert keys == sorted(set(keys))
    s = review.summary()
    assert s["passed_wins"] == s["passed_win"] == len(passed)
    data = review.to_json()["decisions"][0]
    assert {"verdict", "danger", "riichi_choice", "push_fold", "coach", "coach_why", "passed_win", "deal_in"} <= set(data)
    json.dumps(review.to_json())
    # the discard puzzles still see only discards
    assert all(p.action.__class__.__name__ in ("Discard", "Riichi") for p in decision_points(passed_log, 0))


def test_a_win_the_coach_lets_pass_is_no_mistake(passed_log, monkeypatch):
    monkeypatch.setattr(engine_coach, "pass_win_advice", lambda view, tsumo, rules=None: (reason("win_stays_last"),))
    review = review_game(passed_log, 0, calls=False)
    passed = [d for d in review.decisions if d.passed_win is not None]
    assert passed and all(d.passed_win["advice"] == "pass" and not d.mistake for d in passed)


def test_the_view_carries_the_learners_own_furiten_after_a_pass(passed_log):
    hand = -1
    seen = {"riichi": False, "temporary": False}
    was_offer = False
    for rnd, who, action in replay(passed_log, allow_unfinished=True):
        if who is None:
            hand += 1
        elif who == 0 and was_offer and isinstance(action, Pass) and not rnd.ended:
            view = make_view(rnd, 0)
            me = rnd.seats[0]
            assert (view.riichi_furiten, view.temp_furiten) == (me.riichi_furiten, me.temp_furiten)
            if me.riichi_furiten:
                seen["riichi"] = True
        if not rnd.ended and rnd.seats[0].temp_furiten and make_view(rnd, 0).temp_furiten:
            seen["temporary"] = True
        was_offer = not rnd.ended and any(isinstance(a, Ron) for a in rnd.legal_actions(0))
    assert seen == {"riichi": True, "temporary": True}
    assert make_view(setup_round([JUNK] * 4), 1).riichi_furiten is False  # the default


def test_the_review_words_a_passed_win(app: App, passed_log):
    review = review_game(passed_log, 0, calls=False)
    ron = next(d for d in review.decisions if d.passed_win and d.passed_win["kind"] == "ron"
               and d.passed_win["furiten"] == "riichi")
    tsumo = next(d for d in review.decisions if d.passed_win and d.passed_win["kind"] == "tsumo")
    temp = next(d for d in review.decisions if d.passed_win and d.passed_win["furiten"] == "temporary")
    r, t, tmp = (plain_words(app, tile_text(d)) for d in (ron, tsumo, temp))
    if in_english(app):
        assert "go by, and it was your winning tile: a ron" in r and "for the rest of the hand" in r, r
        assert "your winning tile, but did not declare tsumo" in t and "the win was worth" in t, t
        assert "until your next discard you could not ron" in tmp, tmp
    else:
        assert "а это была ваша выигрышная плитка: рон" in r and "до конца раздачи" in r and "только по цумо" in r, r
        assert "свою выигрышную плитку, — но не объявили цумо" in t and "победа принесла бы" in t, t
        assert "до вашего следующего сброса рон был невозможен" in tmp, tmp
    assert re.search(r"\d+ (han|хан)", r) and re.search(r"\d (points|очк)", r.replace("\u00a0", " ")), r


def test_m_in_the_replay_stops_on_a_passed_ron(app: App, passed_log, tmp_path):
    path = tmp_path / "passed.json"
    path.write_text(json.dumps(passed_log), encoding="utf-8")
    app.push("replay", path=str(path))
    screen = app.screen
    target = next(i for i, f in enumerate(screen.frames)
                  if (d := screen.decisions.get((f.hand, f.action_index))) is not None and d.passed_win)
    screen.pos = target - 1
    screen.next_mistake()
    assert screen.pos == target
    assert screen.current_decision().passed_win is not None
    app.render()
    assert screen.box.layout is not None  # the box says it


def _ready_view(riichi: bool = True, **furiten: bool):
    """Seat 1 ready on 3-6p (13 tiles), on another player's turn; seat 1 in riichi when asked."""
    rnd = setup_round([JUNK, "123m456m789m45p77z", JUNK, JUNK], draws="2z")
    view = make_view(rnd, 1)
    return dataclasses.replace(view, riichi=(False, riichi, False, False), **furiten)


def test_the_full_coach_says_the_furiten_a_pass_left(app: App):
    seat = str
    view = _ready_view(riichi_furiten=True)
    assert waiting(view).riichi_furiten
    text = plain_words(app, table_coach.coach_text("full", view, [], None, RULES, seat))
    assert ("rest of this hand you can win only by tsumo" if in_english(app)
            else "до конца раздачи выиграть можно только по цумо") in text, text
    temp = plain_words(app, table_coach.coach_text("full", _ready_view(riichi=False, temp_furiten=True), [], None,
                                                   RULES, seat))
    assert ("until your next discard you cannot win by ron" if in_english(app)
            else "до вашего следующего сброса рон невозможен") in temp, temp
    # on the learner's own turn in riichi (the drawn tile goes): the furiten is still said
    own = dataclasses.replace(_ready_view(riichi_furiten=True), drawn=Tile(27))
    text = plain_words(app, table_coach.coach_text("full", own, [Discard(Tile(27))], None, RULES, seat))
    assert ("only by tsumo" if in_english(app) else "только по цумо") in text, text


def test_a_win_on_offer_is_taken_and_what_passing_costs_is_said(app: App):
    view = _ready_view()
    ron = plain_words(app, table_coach.coach_text("hints", view, [Pass(), Ron()], None, RULES, str))
    assert ron.startswith("Coach: declare ron" if in_english(app) else "Тренер: объявите рон"), ron
    assert ("for the rest of the hand" if in_english(app) else "до конца раздачи") in ron, ron
    quiet = plain_words(app, table_coach.coach_text("full", _ready_view(riichi=False), [Pass(), Ron()], None, RULES,
                                                    str))
    assert ("until your next discard" if in_english(app) else "до вашего следующего сброса") in quiet, quiet
    # a tsumo on offer: no "Discard ..." advice beside it
    own = make_view(setup_round(["123m456m789m45p77z", JUNK, JUNK, JUNK], draws="6p"), 0)
    legal = [Tsumo(), *(Discard(t) for t in dict.fromkeys(own.hand.concealed))]
    text = plain_words(app, table_coach.coach_text("hints", own, legal, None, RULES, str))
    assert text.startswith("Coach: declare tsumo" if in_english(app) else "Тренер: объявите цумо"), text
    assert "Discard " not in text and "Сбросьте" not in text, text


# ---------------------------------------------------------------- 3: the coach's own tile


def _decision(**kw) -> Decision:
    base = dict(hand=0, turn=3, action=12, round=0, hand_number=0, honba=0, chosen="9p", riichi=False,
                best=("8p", "9p"), shanten_chosen=1, shanten_best=1, ukeire_chosen=8, ukeire_best=8, verdict="good")
    return Decision(**{**base, **kw})


COACH_6M = {"tile": "6m", "reason": "win_chance", "shanten": 1, "ukeire": 7, "value": [], "win": 0.182,
            "dangers": [], "threat_seats": [], "me": 0, "players": 4,
            "compare": {"tile": "9p", "ukeire": 8, "win": 0.121}}


def test_the_coach_agrees_only_with_its_own_tile(app: App):
    other = plain_words(app, tile_text(_decision(coach="6m", coach_why=COACH_6M)))
    same = plain_words(app, tile_text(_decision(chosen="6m", coach="6m", coach_why=COACH_6M, best=("6m",))))
    if in_english(app):
        assert "coach agrees" not in other and "The coach preferred 6m — 7 useful tiles stay" in other, other
        assert "about 18% instead of 12%" in other and "coach agrees" in same, (other, same)
    else:
        assert "тренер согласен" not in other and "Тренер предпочёл 6m — полезных плиток остаётся 7" in other, other
        assert "около 18% вместо 12%" in other and "тренер согласен" in same, (other, same)


def test_better_names_the_coach_tile_first(app: App):
    why = {**COACH_6M, "tile": "9s", "reason": "value", "ukeire": 10, "value": [{"code": "dora", "count": 2}]}
    d = _decision(chosen="5p", best=("1z",), verdict="lost_shanten", shanten_chosen=3, shanten_best=2,
                  ukeire_chosen=20, ukeire_best=30, coach="9s", coach_why=why)
    words = plain_words(app, tile_text(d))
    assert ("Better: 9s or 1z." if in_english(app) else "Лучше: 9s или 1z.") in words, words
    assert ("The coach preferred 9s" if in_english(app) else "Тренер предпочёл 9s") in words, words
    assert ("2 dora" if in_english(app) else "2 доры") in words, words
    # the coach's tile among the best: named first
    d = _decision(chosen="5p", best=("1z", "9s"), verdict="lost_shanten", shanten_chosen=3, shanten_best=2, coach="9s")
    assert ("Better: 9s or 1z." if in_english(app) else "Лучше: 9s или 1z.") in plain_words(app, tile_text(d))


def test_the_review_keeps_the_coachs_reason_and_value_means_more_points():
    log = play_match([make_bot(b, RULES) for b in ("efficient", "careful", "efficient", "careful")], RULES, seed=5).log
    checked = 0
    for p in decision_points(log, 0):
        hints = discard_hints(p.view, list(dict.fromkeys(p.tiles)), p.rules)
        h = hints[0] if hints else None
        if h is not None and h.reason in ("value", "win_chance"):
            assert h.compare is not None
            if h.reason == "win_chance":
                assert h.advice.win > h.compare.win and h.advice.value.best < WORTH_MORE * h.compare.value.best
            else:
                assert h.advice.value.best >= WORTH_MORE * h.compare.value.best or h.advice.win <= h.compare.win
            checked += 1
        d = review_decision(p.view, p.tiles, p.action.tile, rules=p.rules)
        if d.push_fold is None and d.coach_why is not None:
            assert d.coach_why["tile"] == d.coach and d.coach_why["reason"] == (h.reason if h else None)
    assert checked


def test_the_tanyao_to_come_says_the_tile_goes_later(app: App):
    value = SimpleNamespace(reasons=[reason("tanyao", throw=parse_tile("9p").kind)])
    words = plain_words(app, table_coach.value_words(value))
    assert words.endswith(", once 9p is discarded too" if in_english(app) else "когда позже уйдёт и 9p"), words


# ---------------------------------------------------------------- 4, 5: push with a wrong tile, soft fold


PF = {"chosen": "push", "advice": "push", "gain": 3100, "loss": 900, "risk": 600, "safest_risk": 0, "safest": "2m",
      "safest_genbutsu": True, "win_chance": 0.31, "value": 8000, "last_hand": False, "reason": "push",
      "dealer": True, "average": 2480, "dealer_factor": 1.25, "draw_payments": 0, "advised": "2m"}


def test_a_right_push_with_a_wrong_tile_says_which_tile(app: App):
    wrong = plain_words(app, push_fold_text(PF, "6p", "unsafe"))
    right = plain_words(app, push_fold_text(PF, "2m", "good"))
    assert wrong.startswith("Pushing was right, but with 2m:" if in_english(app)
                            else "Играть вперёд — верно, но со сбросом 2m:"), wrong
    assert right.startswith("You pushed: right" if in_english(app) else "Вы играли вперёд, и верно"), right


def test_a_soft_fold_is_called_so_in_the_review(app: App):
    weave = {**PF, "chosen": "push", "advice": "fold", "gain": 10, "advised": "1s", "safest": "9m", "weave": True}
    text = push_fold_text(weave, "3m")
    words = plain_words(app, text)
    assert "{term:mawashi_uchi}" in text and "{term:betaori}" not in text, text
    assert ("soft fold" if in_english(app) else "мягкая защита") in words and "1s" in words and "9m" in words, words
    agreed = push_fold_text({**weave, "chosen": "fold"}, "1s")
    assert "{term:mawashi_uchi}" in agreed and "{term:betaori}" not in agreed, agreed
    card = push_fold_answer_text(weave, "fold")
    assert "{term:mawashi_uchi}" in card and "{term:betaori}" not in card, card
    full = push_fold_text({**weave, "weave": False}, "3m")
    assert "{term:betaori}" in full and "{term:mawashi_uchi}" not in full  # a full fold stays betaori


def test_the_review_marks_a_weave_as_the_table_coach_does():
    log = play_match([make_bot(b, RULES) for b in ("efficient", "careful", "efficient", "careful")], RULES, seed=5).log
    seen = 0
    for p in decision_points(log, 0):
        d = review_decision(p.view, p.tiles, p.action.tile, rules=p.rules)
        if d.push_fold is None:
            continue
        hints = discard_hints(p.view, list(dict.fromkeys(p.tiles)), p.rules)
        assert d.push_fold["weave"] == (hints[0].reason == "weave"), (hints[0].reason, d.push_fold)
        seen += 1
    assert seen


# ---------------------------------------------------------------- 7: a deal-in without riichi


def test_a_deal_in_to_a_quiet_hand_is_named(app: App):
    view = make_view(setup_round(["123m456p78s59m115z", JUNK, JUNK, JUNK], draws="2p", dora="9s"), 0)
    tiles = list(view.hand.concealed)
    d = review_decision(view, tiles, parse_tile("5m"), dealt_in=True, winners=(1,))
    assert d.deal_in is not None and d.deal_in["seat"] == 1 and not d.deal_in["open"]
    words = plain_words(app, tile_text(d))
    assert ("Right won on 5m with a closed hand kept quiet" if in_english(app)
            else "Игрок справа выиграл на 5m молча") in words, words
    assert review_decision(view, tiles, parse_tile("5m")).deal_in is None


# ---------------------------------------------------------------- 9: the figures add up


def _number(text: str) -> int:
    return int(re.sub(r"\D", "", text))


def test_exact_worth_figures_add_up():
    from trainer.i18n import set_language

    set_language("en")
    # 4,752 x 5% = 237.6 on average, x1.25 for the dealer: 297
    text = table_coach.worth_words(297.0, 0.05, 4752.0, factor=1.25, draw=0.0, exact=True)
    m = re.search(r"so ([\d,]+) on average; ×1\.25 because .*: ([\d,]+) in all", text)
    assert m is not None, text
    base, total = _number(m.group(1)), _number(m.group(2))
    assert total == 297 and abs(base * 1.25 - total) <= 1, text
    assert "about 240" not in text and "about 297" not in text, text


# ---------------------------------------------------------------- 13, 14: words


def test_one_wall_and_a_deal_in_read_as_a_win_on_the_tile(app: App):
    danger = SimpleNamespace(deal_in=0.01, seat=1, reasons=[reason("one_chance"), reason("no_chance")])
    words = plain_words(app, table_coach.danger_words(SimpleNamespace(dangers=[danger]), lambda s: "Right"))
    assert ("no chance" if in_english(app) else "без шансов") in words, words
    assert ("one chance" if in_english(app) else "один шанс") not in words, words
    assert not re.search(r":[^;]*:", words), words  # no chained colons
    if not in_english(app):
        assert "что на ней выиграет игрок" in words and "попадёт" not in words, words


def test_a_list_of_safe_tiles_agrees(app: App):
    d = _decision(chosen="7m", verdict="dealt_in", dealt_in=True,
                  danger={"riichi_seats": [1], "chosen": 5.8, "safest": ["2p", "1s", "2m", "2s"], "safest_danger": 0,
                          "genbutsu_available": True, "genbutsu": ["2p", "1s", "2m", "2s"], "notes": []})
    words = plain_words(app, tile_text(d))
    assert ("Any of 2p, 1s, 2m or 2s was safe" if in_english(app)
            else "любая из плиток 2p, 1s, 2m или 2s была безопасна") in words, words
    one = dataclasses.replace(d, danger={**d.danger, "safest": ["2p"], "genbutsu": ["2p"]})
    assert ("2p was safe" if in_english(app) else "2p был безопасен") in plain_words(app, tile_text(one))


def test_the_riichi_advice_has_one_dash(app: App):
    choice = SimpleNamespace(riichi=True, why=reason("riichi_for_yaku"), tile=Tile(0), dama=0, with_riichi=3900,
                             left=None)
    words = plain_words(app, table_coach.riichi_line(choice))
    assert words.count(" — ") == 1, words
    furiten = SimpleNamespace(riichi=False, why=reason("furiten"), tile=Tile(0), dama=0, with_riichi=0, left=None)
    assert plain_words(app, table_coach.riichi_line(furiten)).count(" — ") == 1


def test_a_yakuless_hand_is_said_to_have_no_yaku(app: App):
    pf = {**PF, "chosen": "push", "advice": "fold", "gain": 0, "loss": 330, "safest_risk": 10, "risk": 340,
          "win_chance": 0.0, "value": 0, "average": 0.0, "dealer_factor": 1.0, "draw_payments": 0.0,
          "advised": "8s", "safest": "8s", "no_yaku": True}
    words = plain_words(app, push_fold_text(pf, "6s"))
    assert ("your open hand has no yaku" if in_english(app) else "у вашей открытой руки нет яку") in words, words
    assert ("expect about 0" not in words) and ("около 0 очков" not in words), words
    # the table's fold line says the same
    view = make_view(setup_round(["13579m2468p139s1z", JUNK, JUNK, JUNK], draws="5s", dora="9s"), 0)
    rivers = list(view.rivers)
    rivers[1] = tuple(RiverTile(parse_tile(t), False, i == 0, False) for i, t in enumerate(["1z", "9m"]))
    view = dataclasses.replace(view, riichi=(False, True, False, False), riichi_turn=(None, 0, None, None),
                               rivers=tuple(rivers))
    hints = discard_hints(view, list(dict.fromkeys(view.hand.concealed)), RULES)
    fold = [dataclasses.replace(h, advice=dataclasses.replace(h.advice, no_yaku=True)) for h in hints
            if h.reason == "fold"]
    assert fold
    line = plain_words(app, table_coach.hint_lines(fold, str)[0])
    assert ("Your open hand has no yaku" if in_english(app) else "У открытой руки нет яку") in line, line
