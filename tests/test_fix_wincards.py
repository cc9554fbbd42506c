"""A win let pass is a lesson of its own (review 21, "wincards": items 1-5 of the tablereview report):

* the learner's passed wins become mistake cards («Ошибки из ваших партий»): id
  ``game-win:<file>:<hand>:<action>``, ask "win", skill rules_furiten, the first ron and the first
  tsumo let pass in each hand, never a second card for the same decision; existing cards keep their
  ids and specs;
* the review screen asks them at the offer with the table's buttons (Ron and Pass, Tsumo and Play
  on), grades the answer against the coach's advice recomputed from the game and says why: what the
  win was worth, the furiten a pass leaves, and the yaku that made the tile a win; a tile card made
  before passed wins were judged, on the discard that let a tsumo pass, is asked as a win card;
* the replay's caption of that frame says «Вы: пропуск рона»;
* at the table a tsumo the coach takes marks no discard, and the prompt names the Tsumo button first;
* ``python -m trainer review`` labels passed wins in its text (the JSON stays as it was).
"""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.review_cards import recorded_answers  # noqa: E402
from tests.table_driver import press_digit  # noqa: E402
from tests.text_checks import in_english  # noqa: E402
from trainer.engine.bots import make_bot  # noqa: E402
from trainer.engine.evaluator.reasons import reason  # noqa: E402
from trainer.engine.game import coach as engine_coach  # noqa: E402
from trainer.engine.game.actions import Discard, Pass, Riichi, Tsumo  # noqa: E402
from trainer.engine.game.play import play_match  # noqa: E402
from trainer.engine.game.records import load  # noqa: E402
from trainer.engine.game.review import review_game  # noqa: E402
from trainer.engine.game.round import Phase  # noqa: E402
from trainer.engine.game.scenario import setup_round  # noqa: E402
from trainer.engine.rules import load_rules  # noqa: E402
from trainer.engine.tiles import parse_tile  # noqa: E402
from trainer.ui import game_cards  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.game_cards import (  # noqa: E402
    WIN_SKILL,
    card_id,
    is_push_fold_card,
    is_riichi_card,
    is_win_card,
    mistake_cards,
    record_mistakes,
    win_card_id,
)
from trainer.ui.match_setup import MatchSetup  # noqa: E402
from trainer.ui.richtext import plain_text  # noqa: E402
from trainer.ui.saved_games import games_dir  # noqa: E402
from trainer.ui.views.table.review import passed_win_text  # noqa: E402

RULES = load_rules("tenhou")
JUNK = "147m369p147s3456z"


def _passer() -> object:
    """A learner who lets every win go by (the one the shots use)."""
    from trainer.ui.screens.play_shots import _Passer

    return _Passer(RULES)


@pytest.fixture(scope="module")
def passed_log() -> dict:
    """A tonpuusen where seat 0 lets rons (in riichi and not) and tsumos (in riichi and not) go by:
    hand 2 a ron in riichi, then a tsumo; hand 4 a ron without riichi; hand 11 two tsumos."""
    players = [_passer(), *(make_bot("efficient", RULES) for _ in range(3))]
    log = play_match(players, RULES, seed=2).log
    log["learner_seat"] = 0
    return log


def _saved(app: App, log: dict) -> Path:
    folder = games_dir(app)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "passed.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    return path


def _win_items(app: App, log: dict) -> list[dict]:
    path = _saved(app, log)
    return [dict(spec, item_id=item_id, skill=skill) for item_id, skill, spec in mistake_cards(path, load(path), 0)
            if is_win_card(spec)]


def _card(app: App, log: dict, kind: str, furiten: str | None = None):  # noqa: ANN202
    """The review screen on the first win card of ``kind`` (ron or tsumo; with ``furiten``, the
    first whose pass left that furiten)."""
    review = {(d.hand, d.action): d for d in review_game(log, 0).decisions}
    for item in _win_items(app, log):
        w = review[(item["hand"], item["action"])].passed_win
        if w["kind"] == kind and (furiten is None or w["furiten"] == furiten):
            while len(app.stack) > 1:
                app.pop()
            screen = app.push("position_review", items=[item])
            app.render()
            return screen
    raise AssertionError(f"no {kind} card")


# ---------------------------------------------------------------- 1: the cards


def test_each_hands_first_ron_and_first_tsumo_let_pass_is_a_win_card(app: App, passed_log: dict) -> None:
    path = _saved(app, passed_log)
    review = review_game(passed_log, 0)
    passed = [d for d in review.decisions if d.passed_win is not None and d.verdict == "passed_win"]
    cards = mistake_cards(path, passed_log, 0)
    wins = [(item_id, skill, spec) for item_id, skill, spec in cards if is_win_card(spec)]
    firsts: dict[tuple[int, str], object] = {}
    for d in passed:
        firsts.setdefault((d.hand, d.passed_win["kind"]), d)
    assert len(firsts) < len(passed)  # hand 11 lets two tsumos pass: one card
    assert [item_id for item_id, _s, _spec in wins] == [win_card_id(path, d) for d in firsts.values()]
    for (item_id, skill, spec), d in zip(wins, firsts.values(), strict=True):
        assert item_id == f"game-win:{path.stem}:{d.hand}:{d.action}" and skill == WIN_SKILL == "rules_furiten"
        assert spec == {"game": str(path), "hand": d.hand, "action": d.action, "seat": 0, "ask": "win"}
    # one card per decision: a passed win is never also a tile, riichi or push-or-fold card
    where = {(d.hand, d.action) for d in passed}
    assert not [c for c in cards if not is_win_card(c[2]) and (c[2]["hand"], c[2]["action"]) in where]
    # the other cards keep their ids and specs (learner data)
    for item_id, _skill, spec in cards:
        if not is_win_card(spec) and "ask" not in spec:
            d = next(x for x in review.decisions if (x.hand, x.action) == (spec["hand"], spec["action"]))
            assert item_id == card_id(path, d) and set(spec) == {"game", "hand", "action", "seat"}


def test_a_win_the_coach_lets_pass_makes_no_card(app: App, passed_log: dict, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine_coach, "pass_win_advice", lambda view, tsumo, rules=None: (reason("win_stays_last"),))
    path = _saved(app, passed_log)
    assert not [c for c in mistake_cards(path, passed_log, 0) if is_win_card(c[2])]


def test_a_passed_win_with_a_riichi_choice_is_only_a_win_card(app: App, passed_log: dict,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    path = _saved(app, passed_log)
    review = review_game(passed_log, 0)
    first = next(d for d in review.decisions if d.passed_win and d.passed_win["kind"] == "tsumo")
    mine = dataclasses.replace(first, riichi_choice={"chosen": "dama", "advice": "riichi", "dama": 1000,
                                                     "with_riichi": 2600, "left": 4, "reason": "riichi_adds"},
                               push_fold={"chosen": "push", "advice": "fold"})
    changed = tuple(mine if d is first else d for d in review.decisions)
    monkeypatch.setattr(game_cards, "review_game", lambda _log, _seat: dataclasses.replace(review, decisions=changed))
    here = [c for c in game_cards.mistake_cards(path, passed_log, 0)
            if (c[2]["hand"], c[2]["action"]) == (first.hand, first.action)]
    assert [c[0] for c in here] == [win_card_id(path, first)]
    assert not any(is_riichi_card(c[2]) or is_push_fold_card(c[2]) for c in here)


# ---------------------------------------------------------------- 2: asking them


def test_a_ron_card_asks_at_the_offer_with_the_tables_buttons(app: App, passed_log: dict) -> None:
    en = in_english(app)
    screen = _card(app, passed_log, "ron", "riichi")
    w = screen.decision.passed_win
    assert screen.ask == "win"
    assert screen.question() == ("Right discarded 2 of dots. Ron or pass?" if en
                                 else "Игрок справа сбросил 2 пин. Рон или пропустить?"), screen.question()
    assert [b.label for b in screen.answer_btns] == (["Ron", "Pass"] if en else ["Рон", "Пропустить"])
    assert [str(p.tile) for p in screen.answer_btns[0].pieces] == [w["tile"]]  # the tile on offer, on the button
    last = screen.frame.state.last
    assert last is not None and screen.marks() == {last[0]: {last[1]: "hint"}}  # marked in its river
    assert len(screen.hand_row.slots) == 13 and screen.hand_row.locked  # no drawn tile, nothing to pick
    press_digit(app, 2)  # pass: what was done at the table
    assert screen.answered is False
    assert screen.verdict() == ("It was your win!" if en else "Это была ваша победа!")
    why, played = (plain_text(p, app).replace("\u00a0", " ") for p in screen.feedback_parts())
    assert why == plain_text(passed_win_text(w), app).replace("\u00a0", " ")  # worth, furiten, the rule of thumb
    assert ("5,200 points" if en else "5 200 очков") in why and ("only by tsumo" if en else "только по цумо") in why
    if en:
        assert played.startswith("The tile") and "completes your hand, and it has yaku" in played, played
        assert "riichi" in played and "tanyao" in played and played.endswith("In the game you let this ron pass too.")
    else:
        assert played.startswith("Плитка") and "собирает вашу руку, и в ней есть яку" in played, played
        assert "риичи" in played and "танъяо" in played
        assert played.endswith("В партии вы тоже пропустили эту победу по рону."), played


def test_a_tsumo_card_asks_tsumo_or_play_on_and_the_right_answer_says_why(app: App, passed_log: dict) -> None:
    en = in_english(app)
    screen = _card(app, passed_log, "tsumo")
    w = screen.decision.passed_win
    assert screen.question() == ("You drew 2 of dots. Tsumo or play on?" if en
                                 else "Вы вытянули 2 пин. Цумо или играть дальше?"), screen.question()
    assert [b.label for b in screen.answer_btns] == (["Tsumo", "Play on"] if en else ["Цумо", "Играть дальше"])
    assert len(screen.hand_row.slots) == 14 and screen.hand_row.slots[-1].gap > 0  # the drawn tile apart
    assert str(screen.hand_row.slots[-1].tile) == w["tile"] and screen.marks() == {}
    press_digit(app, 1)  # Tsumo
    assert screen.answered is True and screen.verdict() == ("Right!" if en else "Верно!")
    right, played = (plain_text(p, app) for p in screen.feedback_parts())
    assert right.startswith("Correct: declare the win." if en else "Верно: объявляйте победу."), right
    assert ("completes your hand" if en else "собирает вашу руку") in right
    assert played == plain_text(passed_win_text(w), app)  # what the pass in the game cost


def test_win_answers_are_recorded_with_the_furiten_skill(progress_app: App, passed_log: dict) -> None:
    app = progress_app
    items = _win_items(app, passed_log)
    record_mistakes(app, Path(items[0]["game"]), passed_log)
    screen = app.push("position_review", items=items[:2])
    app.render()
    press_digit(app, 2)
    assert recorded_answers(app)[-1] == (items[0]["item_id"], WIN_SKILL, 0)
    screen.next_card()
    app.render()
    press_digit(app, 1)
    assert recorded_answers(app)[-1] == (items[1]["item_id"], WIN_SKILL, 1)


def test_an_old_tile_card_on_a_tsumo_let_pass_is_asked_as_a_win(progress_app: App, passed_log: dict) -> None:
    app = progress_app
    path = _saved(app, passed_log)
    d = next(d for d in review_game(passed_log, 0).decisions if d.passed_win and d.passed_win["kind"] == "tsumo")
    old = {"game": str(path), "hand": d.hand, "action": d.action, "seat": 0, "item_id": card_id(path, d),
           "skill": "efficiency"}
    screen = app.push("position_review", items=[old])
    app.render()
    assert screen.ask == "win" and [b.label for b in screen.answer_btns] == ["Tsumo", "Play on"]
    press_digit(app, 1)
    assert screen.answered is True
    assert recorded_answers(app)[-1] == (card_id(path, d), "efficiency", 1)  # the card's own id and skill


def test_a_win_card_the_coach_no_longer_sees_is_skipped(progress_app: App, passed_log: dict) -> None:
    app = progress_app
    path = _saved(app, passed_log)
    plain = next(d for d in review_game(passed_log, 0).decisions if d.passed_win is None)
    gone = {"game": str(path), "hand": plain.hand, "action": plain.action, "seat": 0, "ask": "win",
            "item_id": "game-win:x:0:0", "skill": WIN_SKILL}
    screen = app.push("position_review", items=[gone])
    app.render()
    assert screen.decision is None
    assert app.banners[-1].text.endswith(f"hand {plain.hand + 1}: the coach no longer sees a win let pass there")


# ---------------------------------------------------------------- 3: the replay's caption


def test_the_replay_caption_names_a_passed_ron(app: App, passed_log: dict, tmp_path: Path) -> None:
    path = tmp_path / "passed.json"
    path.write_text(json.dumps(passed_log), encoding="utf-8")
    screen = app.push("replay", path=str(path))
    en = in_english(app)
    ron = next(f for f in screen.frames if (d := screen.decisions.get((f.hand, f.action_index)))
               and d.passed_win and d.passed_win["kind"] == "ron")
    assert screen.caption(ron) == ("You: passed the ron" if en else "Вы: пропуск рона")
    other = next(f for f in screen.frames if isinstance(f.action, Pass) and f.seat == 0
                 and (f.hand, f.action_index) not in screen.decisions)
    assert screen.caption(other) == ("You: pass" if en else "Вы: пропуск")


# ---------------------------------------------------------------- 4: the table at a tsumo offer


def _tsumo_table(app: App, *, riichi: bool, keys: bool):  # noqa: ANN202
    """The table with the full coach: the learner (dealer, ready on East and South) discarded 5m —
    with riichi when asked — and has drawn East: a tsumo is on offer."""
    screen = app.push("play", setup=MatchSetup(coach="full"), seed=1)
    screen.saver = None
    rnd = setup_round(["123m456p789s1122z", JUNK, JUNK, JUNK], "5m8m8m8m1z", dora="9s")
    rnd.apply(0, (Riichi if riichi else Discard)(parse_tile("5m")))
    while rnd.current != 0 or rnd.phase is not Phase.TURN:
        if rnd.phase is Phase.CALLS:
            for seat in rnd.to_act():
                rnd.apply(seat, Pass())
            continue
        rnd.apply(rnd.current, Discard(rnd.seats[rnd.current].drawn))
    screen.round = screen.match.round = rnd
    screen.rebuild()
    if keys:
        app.process([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode="")], 1 / 60)
    else:
        app.process([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=1)], 1 / 60)
    app.render()
    assert any(isinstance(a, Tsumo) for a in screen.my_legal())
    return screen


@pytest.mark.parametrize("riichi", [False, True])
def test_a_tsumo_the_coach_takes_marks_no_discard(app: App, riichi: bool) -> None:
    screen = _tsumo_table(app, riichi=riichi, keys=False)
    assert "hint" not in screen.hand_row.marks.values(), screen.hand_row.marks
    assert ("declare tsumo" if in_english(app) else "объявите цумо") in plain_text(screen.coach_message(), app)


def test_a_tsumo_the_coach_lets_pass_still_marks_its_discard(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine_coach, "pass_win_advice", lambda view, tsumo, rules=None: (reason("win_stays_last"),))
    screen = _tsumo_table(app, riichi=False, keys=False)
    assert "hint" in screen.hand_row.marks.values()


@pytest.mark.parametrize(("riichi", "keys", "en", "ru"), [
    (True, False, "Riichi: the tile you drew completes your hand — press Tsumo. Or click it twice to discard it.",
     "Риичи: взятая плитка собирает вашу руку — нажмите «Цумо». Или нажмите на неё дважды, чтобы сбросить."),
    (True, True, "Riichi: the tile you drew completes your hand — press Tsumo (key 1). Enter discards it.",
     "Риичи: взятая плитка собирает вашу руку — нажмите «Цумо» (клавиша 1). Enter — сбросить её."),
    (False, False, "Your turn: the tile you drew completes your hand — press Tsumo. Or click a tile twice to "
                   "discard it.",
     "Ваш ход: взятая плитка собирает вашу руку — нажмите «Цумо». Или нажмите на плитку дважды, чтобы сбросить её."),
    (False, True, "Your turn: the tile you drew completes your hand — press Tsumo (key 1). ←/→ and Enter discard "
                  "a tile.",
     "Ваш ход: взятая плитка собирает вашу руку — нажмите «Цумо» (клавиша 1). ←/→ и Enter — сбросить плитку."),
])
def test_the_prompt_at_a_tsumo_names_the_tsumo_button_first(app: App, riichi: bool, keys: bool, en: str,
                                                            ru: str) -> None:
    screen = _tsumo_table(app, riichi=riichi, keys=keys)
    assert screen.prompt_text() == (en if in_english(app) else ru)
    assert screen.action_buttons[0].label == ("Tsumo" if in_english(app) else "Цумо")


# ---------------------------------------------------------------- 5: the command line


def test_the_review_command_labels_passed_wins_and_keeps_its_json(passed_log: dict, tmp_path: Path, capsys) -> None:  # noqa: ANN001
    from trainer.__main__ import main

    path = tmp_path / "passed.json"
    path.write_text(json.dumps(passed_log), encoding="utf-8")
    assert main(["review", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == json.loads(json.dumps(review_game(passed_log, 0).to_json()))
    assert main(["review", str(path)]) == 0
    text = capsys.readouterr().out
    review = review_game(passed_log, 0)
    passed = [d for d in review.decisions if d.passed_win]
    rons = [d for d in passed if d.turn < 0]
    assert f"{len(review.decisions) - len(rons)} discard decisions, {len(passed)} wins let pass" in text
    assert ("E2-0 turn  -: passed win: ron on 2p from seat 1 (3 han 40 fu), 5,200 points given up, then riichi "
            "furiten  missed win") in text, text
    assert "missed win; passed win: tsumo on 2p (4 han 30 fu), 7,900 points given up, then riichi furiten" in text
    assert "then temporary furiten" in text
    assert f"wins let pass {len(passed)} ({len(passed)} against the coach)" in text
