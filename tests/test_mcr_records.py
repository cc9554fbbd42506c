"""MCR game logs: a recorded game replays to the same results and points, a game saved in the
middle resumes where it stopped (and goes on as the same seeded game), and a damaged log says
what is wrong in one line."""

from __future__ import annotations

import json

import pytest

from trainer.engine.game.records import RecordError
from trainer.engine.game.view import make_view
from trainer.engine.mcr.bots import make_mcr_bot
from trainer.engine.mcr.game import Flower
from trainer.engine.mcr.match import McrMatch, play_mcr_match, play_mcr_round
from trainer.engine.mcr.records import McrRecorder, parse_wall, replay, resume, rewind, wall_text
from trainer.engine.mcr.rules_game import load_mcr_game

RULES = load_mcr_game("mcr")


def _play(seed: int, hands: int | None = None) -> tuple[McrMatch, McrRecorder]:
    bots = [make_mcr_bot("mcr", RULES) for _ in range(4)]
    out = play_mcr_match(bots, RULES, seed, recorder=lambda m: McrRecorder(m, ["You", "A", "B", "C"]), hands=hands)
    return out.match, out.recorder


def test_the_wall_text_reads_back_with_its_flowers() -> None:
    wall = McrMatch(RULES, 5).start_round().wall.items
    assert sum(isinstance(i, Flower) for i in wall) == 8 and len(wall) == 144
    assert parse_wall(wall_text(wall)) == wall
    with pytest.raises(ValueError, match="item 2: no flower '9f'"):
        parse_wall("1m9f")


def test_a_whole_game_replays_to_its_results_and_points() -> None:
    match, rec = _play(11)
    log = json.loads(json.dumps(rec.log))
    assert len(log["hands"]) == 16 and log["final"]["scores"] == match.scores
    assert sorted(s["place"] for s in log["final"]["standings"]) == [1, 2, 3, 4]
    starts = [rnd.dealer for rnd, seat, _ in replay(log) if seat is None]
    assert starts == [h % 4 for h in range(16)]
    log["hands"][3]["result"]["deltas"][0] += 8
    with pytest.raises(RecordError, match="hand 4: the replayed result differs"):
        list(replay(log))


def _state(rnd) -> tuple:  # noqa: ANN001
    """What a player could see of a hand, and the wall position (to compare two hands)."""
    return (rnd.phase, rnd.current, list(rnd.scores), rnd.wall.front, rnd.wall.back,
            [sorted(t.kind for t in st.concealed) for st in rnd.seats],
            [[(m.kind, m.first) for m in st.melds] for st in rnd.seats],
            [[d.tile.kind for d in st.river] for st in rnd.seats], [list(f) for f in rnd.flowers])


def _walls_of(seed: int) -> list[str]:
    """The walls a new game with ``seed`` deals, hand by hand."""
    match = McrMatch(RULES, seed)
    out = []
    while not match.finished:
        out.append(wall_text(match.start_round().wall.items))
        match.hands_played += 1
    return out


def test_a_game_left_mid_hand_resumes_there_and_goes_on_as_the_same_game() -> None:
    match, rec = _play(23, hands=5)
    rnd = match.start_round()
    rec.start_hand(rnd)
    bots = [make_mcr_bot("mcr", RULES) for _ in range(4)]
    for _ in range(9):  # a few actions into hand 6
        seat = rnd.to_act()[0]
        action = bots[seat].choose(make_view(rnd, seat), rnd.legal_actions(seat))
        rnd.apply(seat, action)
        rec.action(seat, action)
    saved = json.loads(json.dumps(rec.log))
    again, rec2 = resume(saved)
    assert again.hands_played == 5 and again.scores == match.scores
    assert again.round is not None and _state(again.round) == _state(rnd)
    play_mcr_round(again.round, bots, recorder=rec2)
    rec2.end_hand(again.round)
    again.finish_round()
    while not again.finished:
        nxt = again.start_round()
        rec2.start_hand(nxt)
        play_mcr_round(nxt, bots, recorder=rec2)
        rec2.end_hand(nxt)
        again.finish_round()
    rec2.finish()
    # the hands after the saved ones are the seeded game's hands, and the whole log replays
    assert [h["wall"] for h in rec2.log["hands"]] == _walls_of(23)
    assert len(list(replay(rec2.log))) > 16


def test_rewind_takes_back_the_last_actions_of_the_live_hand() -> None:
    match, rec = _play(31, hands=1)
    rnd = match.start_round()
    rec.start_hand(rnd)
    before = _state(rnd)
    seat = rnd.to_act()[0]
    action = rnd.legal_actions(seat)[-1]
    rnd.apply(seat, action)
    rec.action(seat, action)
    back = rewind(match, rec.log["hands"][-1], 0)
    assert _state(back) == before and rec.log["hands"][-1]["actions"] == []


@pytest.mark.parametrize(("change", "message"), [
    (lambda log: log.update(format="x"), "not an MCR game log"),
    (lambda log: log.update(version=9), "saved by a newer version"),
    (lambda log: log["hands"][0].update(wall="1m"), "hand 1: bad wall"),
    (lambda log: log.update(rules="nope"), "rules:"),
    (lambda log: log["hands"][1]["actions"].insert(0, [2, {"type": "discard", "tile": "1z"}]), "hand 2, action 1"),
])
def test_a_damaged_log_is_refused_in_one_line(change, message) -> None:  # noqa: ANN001
    _match, rec = _play(41, hands=3)
    log = json.loads(json.dumps(rec.log))
    change(log)
    with pytest.raises(RecordError, match=message) as err:
        resume(log)
    assert "\n" not in str(err.value)
