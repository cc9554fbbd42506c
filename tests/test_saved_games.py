"""Saved games: the folder list (unreadable files listed, never deleted) and resuming a match."""

from __future__ import annotations

import copy
import json
from datetime import datetime

import pytest

from trainer.engine.bots import make_bot
from trainer.engine.game.play import play_match, play_round
from trainer.engine.game.records import RecordError, replay, resume
from trainer.engine.game.saved import latest_unfinished, list_games, new_game_path, write_game
from trainer.engine.rules import load_rules


@pytest.fixture(scope="module")
def played():
    rules = load_rules("tenhou")
    players = [make_bot(b, rules) for b in ("efficient", "careful", "efficient", "careful")]
    return play_match(players, rules, seed=11), players


def _cut(log: dict, hands: int, actions: int | None) -> dict:
    """The log as it was saved in the middle: ``hands`` hands, the last one cut after ``actions``."""
    out = copy.deepcopy(log)
    out["final"] = None
    out["hands"] = out["hands"][:hands]
    if actions is not None:
        last = out["hands"][-1]
        last["actions"] = last["actions"][:actions]
        last["result"] = None
        last.pop("scores_after", None)
    return out


def test_list_shows_readable_games_and_unreadable_files_without_deleting(played, tmp_path):
    out, _ = played
    log = dict(out.log, started="2026-11-26T10:00:00+00:00", learner_seat=1)
    write_game(log, new_game_path(tmp_path, datetime(2026, 11, 26, 10, 0, 0)))
    write_game(_cut(log, 2, 9), new_game_path(tmp_path, datetime(2026, 11, 26, 11, 0, 0)))
    (tmp_path / "game-20260101-000000.json").write_text("{broken", encoding="utf-8")
    (tmp_path / "game-20260102-000000.json").write_text('{"format": "other"}', encoding="utf-8")
    write_game(dict(log, version=7), tmp_path / "game-20260103-000000.json")
    write_game(dict(log, hands="oops"), tmp_path / "game-20260104-000000.json")
    before = sorted(p.name for p in tmp_path.iterdir())
    games = list_games(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # nothing deleted or renamed
    assert [g.name for g in games][:2] == ["game-20261126-110000.json", "game-20261126-100000.json"]
    unfinished, done = games[0], games[1]
    assert done.readable and done.finished and done.learner_seat == 1 and done.rules == "tenhou"
    standing = next(s for s in out.log["final"]["standings"] if s["seat"] == 1)
    assert (done.place, done.points) == (standing["place"], standing["points"])
    assert unfinished.readable and not unfinished.finished and unfinished.place is None and unfinished.hands == 2
    problems = {g.name: g.problem for g in games if not g.readable}
    assert "not JSON" in problems["game-20260101-000000.json"]
    assert "not a game log" in problems["game-20260102-000000.json"]
    assert "newer version" in problems["game-20260103-000000.json"]
    assert "damaged" in problems["game-20260104-000000.json"]
    assert latest_unfinished(tmp_path) == unfinished
    assert new_game_path(tmp_path, datetime(2026, 11, 26, 10, 0, 0)).name == "game-20261126-100000-2.json"


@pytest.mark.parametrize("hands, actions", [(3, 17), (3, None), (1, 0)])
def test_a_match_left_in_the_middle_resumes_and_replays_to_the_same_final_scores(played, hands, actions):
    out, players = played
    log = _cut(out.log, hands, actions)
    match, recorder = resume(json.loads(json.dumps(log)))
    assert match.hands_played == hands - (1 if actions is not None else 0)
    if actions is not None:
        rnd = match.round
        assert rnd is not None and not rnd.ended
    while not match.finished:
        rnd = match.round if (match.round is not None and not match.round.ended) else None
        if rnd is None:
            rnd = match.start_round()
            recorder.start_hand(rnd)
        play_round(rnd, players, check=True, total_points=match.total_points, recorder=recorder)
        recorder.end_hand(rnd)
        match.finish_round()
        match.round = None
    full = recorder.finish()
    assert full["hands"][: hands - 1] == out.log["hands"][: hands - 1]
    states = list(replay(full))  # the resumed game replays to its stored results and final scores
    assert states and full["final"]["scores"] == match.scores
    assert sum(match.scores) + match.sticks * 1000 <= match.total_points


def test_finished_match_cannot_be_resumed(played):
    with pytest.raises(RecordError, match="already finished"):
        resume(played[0].log)


def test_an_east_only_match_without_red_fives_is_logged_and_replays():
    from trainer.engine.game.records import match_rules

    rules = match_rules("tenhou", {"game_length": "tonpuusen", "red_fives": 0})
    players = [make_bot("efficient", rules) for _ in range(4)]
    out = play_match(players, rules, seed=3)
    assert out.log["rules"] == "tenhou"
    assert out.log["rule_options"] == {"game_length": "tonpuusen", "red_fives": 0}
    assert all(h["round"] == 0 for h in out.log["hands"]) or out.match.in_extension
    assert "0" not in "".join(h["wall"][::2] for h in out.log["hands"])  # no red fives dealt
    states = list(replay(out.log))
    assert states
    with pytest.raises(RecordError, match="not allowed"):
        match_rules("tenhou", {"uma": [0, 0, 0, 0]})
    with pytest.raises(RecordError, match="not allowed"):
        match_rules("tenhou", {"game_length": "marathon"})


def test_result_breakdown_agrees_with_the_table(played):
    """Every win of a game, scored again item by item, gives the table's han, fu and value."""
    from trainer.engine.game.breakdown import win_details

    out, _players = played
    wins = 0
    for rnd, _seat, _action in replay(out.log):
        if rnd.ended and _seat is not None and rnd.result.wins:
            for w in rnd.result.wins:
                d = win_details(rnd, w)
                wins += 1
                assert (d.score.han, d.score.fu) == (w.han, w.fu)
                assert d.score.payment.hand_value == w.base[w.seat] or w.liable is not None
                assert sum(i.fu for i in d.score.fu_items) <= d.score.fu or d.score.fu == 25
    assert wins >= 3
