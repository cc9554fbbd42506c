"""Game logs: a seeded bot game saves to JSON, loads back and replays to the same states."""

from __future__ import annotations

import json

import pytest

from trainer.engine.bots import make_bot
from trainer.engine.game.actions import Chi, Discard, Kan, Pass, Riichi, action_from_json, action_to_json
from trainer.engine.game.play import play_match
from trainer.engine.game.records import FORMAT, VERSION, RecordError, load, replay, replay_states, save
from trainer.engine.hand import MeldKind
from trainer.engine.rules import load_rules
from trainer.engine.tiles import parse_tile


@pytest.fixture(scope="module")
def game():
    rules = load_rules("tenhou")
    players = [make_bot(n, rules) for n in ("efficient", "careful", "efficient", "careful")]
    return play_match(players, rules, seed=2024, check=True)


def test_actions_round_trip_through_json():
    t = parse_tile
    for a in (Discard(t("0m")), Riichi(t("7z")), Pass(), Chi((t("3p"), t("4p"))), Kan(MeldKind.KAN_ADDED, t("5s"))):
        assert action_from_json(json.loads(json.dumps(action_to_json(a)))) == a
    with pytest.raises(ValueError):
        action_from_json({"type": "shout"})


def test_log_header_and_hands(game):
    log = game.log
    assert log["format"] == FORMAT and log["version"] == VERSION
    assert log["rules"] == "tenhou" and log["seed"] == 2024
    assert len(log["hands"]) == game.match.hands_played
    assert all(len(h["wall"]) == 2 * 136 for h in log["hands"])
    assert log["final"]["scores"] == game.match.scores


def test_save_load_replay_reaches_the_same_states(game, tmp_path):
    path = tmp_path / "game.json"
    save(game.log, path)
    loaded = load(path)
    assert loaded == json.loads(json.dumps(game.log))
    states = replay_states(loaded)
    assert states == replay_states(game.log)
    assert len(states) == len(game.log["hands"]) + sum(len(h["actions"]) for h in game.log["hands"])
    last = None
    for rnd, _seat, _action in replay(loaded):
        last = rnd
    assert last is not None and last.ended


def test_a_tampered_log_is_refused(game):
    bad = json.loads(json.dumps(game.log))
    bad["hands"][0]["actions"][0][1] = {"type": "tsumo"}
    with pytest.raises(RecordError, match="hand 1, action 1"):
        list(replay(bad))
    bad = json.loads(json.dumps(game.log))
    bad["final"]["scores"][0] += 100
    with pytest.raises(RecordError, match="final scores"):
        list(replay(bad))


def test_wrong_format_or_version(tmp_path):
    p = tmp_path / "x.json"
    p.write_text(json.dumps({"format": FORMAT, "version": 99}))
    with pytest.raises(RecordError, match="version 99"):
        load(p)
    p.write_text("{not json")
    with pytest.raises(RecordError, match="line 1"):
        load(p)
