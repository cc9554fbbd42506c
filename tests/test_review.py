"""Game review: the verdict per discard (ukeire and safety), a whole game, and ``trainer review``."""

from __future__ import annotations

import copy
import dataclasses
import json

import pytest

from trainer.__main__ import main
from trainer.engine.bots import make_bot
from trainer.engine.game.actions import Discard, Riichi, action_from_json
from trainer.engine.game.play import play_match
from trainer.engine.game.records import RecordError, replay, save
from trainer.engine.game.review import review_decision, review_game
from trainer.engine.game.scenario import setup_round
from trainer.engine.game.view import RiverTile, make_view
from trainer.engine.rules import load_rules
from trainer.engine.tiles import parse_tile
from trainer.engine.ukeire import discard_options

JUNK = "147m369p147s3456z"


@pytest.fixture(scope="module")
def game_log() -> dict:
    rules = load_rules("tenhou")
    players = [make_bot(b, rules) for b in ("efficient", "careful", "efficient", "careful")]
    return play_match(players, rules, seed=5).log


def _view(hand13: str, draw: str):
    rnd = setup_round([hand13, JUNK, JUNK, JUNK], draws=draw, dora="9s")
    return make_view(rnd, 0)


def test_discard_that_loses_tiles_is_named_with_the_best_tile():
    view = _view("1234m456p789s115z", "9p")
    tiles = list(view.hand.concealed)
    bad = review_decision(view, tiles, parse_tile("4m"))
    good = review_decision(view, tiles, parse_tile("5z"))
    assert good.verdict == "good" and good.in_best and good.best == ("5z",)
    assert bad.verdict == "lost_tiles" and bad.mistake
    assert bad.ukeire_chosen < bad.ukeire_best == good.ukeire_chosen
    assert bad.shanten_chosen == bad.shanten_best == 1
    # the figures are the engine's own discard table
    table = {o.tile.kind: o.total for o in discard_options(view.hand, None)}
    assert max(table.values()) >= bad.ukeire_best and bad.danger is None


def test_breaking_a_set_is_a_slower_hand():
    view = _view("123m456p789s1177z", "9p")  # tenpai after 9p
    d = review_decision(view, list(view.hand.concealed), parse_tile("2m"))
    assert d.verdict == "lost_shanten" and d.shanten_chosen > d.shanten_best == 0 and d.best == ("9p",)


def _riichi_view(hand13: str, draw: str, river: str):
    """Seat 0's view with seat 1 in riichi after discarding ``river``."""
    view = _view(hand13, draw)
    rivers = list(view.rivers)
    rivers[1] = tuple(RiverTile(parse_tile(t), False, i == 0, False) for i, t in enumerate(river.split()))
    return dataclasses.replace(view, riichi=(False, True, False, False), riichi_turn=(None, 0, None, None),
                               rivers=tuple(rivers))


def test_against_riichi_a_dangerous_tile_with_genbutsu_in_hand_is_unsafe():
    view = _riichi_view("123m456p78s59m115z", "2p", "9m 1p 7z")
    tiles = list(view.hand.concealed)
    pushed = review_decision(view, tiles, parse_tile("5m"))
    folded = review_decision(view, tiles, parse_tile("9m"))
    assert pushed.danger is not None and pushed.danger["riichi_seats"] == [1]
    assert pushed.danger["chosen"] > pushed.danger["safest_danger"] == 0
    assert pushed.danger["genbutsu_available"] and "9m" in pushed.danger["safest"]
    assert pushed.verdict == "unsafe" and pushed.mistake
    assert folded.verdict == "good" and folded.danger["chosen"] == 0
    assert review_decision(view, tiles, parse_tile("5m"), dealt_in=True).verdict == "dealt_in"


def test_pushing_a_ready_hand_is_not_a_mistake():
    view = _riichi_view("123m456p789s1177z", "5m", "6z 1p")
    d = review_decision(view, list(view.hand.concealed), parse_tile("5m"))
    assert d.shanten_best == 0 and d.in_best and d.verdict == "good"


def test_whole_game_review_follows_the_log(game_log):
    for seat in range(4):
        result = review_game(game_log, seat)
        assert result.decisions, "a hanchan has discard decisions"
        for d in result.decisions:
            seat_played, action = game_log["hands"][d.hand]["actions"][d.action]
            assert seat_played == seat
            a = action_from_json(action)
            assert isinstance(a, Discard | Riichi) and str(a.tile) == d.chosen
            assert d.riichi == isinstance(a, Riichi)
            assert (d.shanten_chosen, -d.ukeire_chosen) >= (d.shanten_best, -d.ukeire_best)
            assert d.best and all(b for b in d.best)
            if d.danger is None and d.verdict == "good":
                assert d.in_best
        s = result.summary()
        assert s["decisions"] == len(result.decisions)
        assert s["good"] + s["lost_tiles"] + s["lost_shanten"] + s["unsafe"] + s["dealt_in"] == s["decisions"]
    # the river position of each decision is the discard's place in the seat's river
    by_hand: dict[int, list] = {}
    hand = -1
    for rnd, who, _ in replay(game_log):
        if who is None:
            hand += 1
        by_hand[hand] = [str(d.tile) for d in rnd.seats[0].river]
    for d in review_game(game_log, 0).decisions:
        assert by_hand[d.hand][d.turn] == d.chosen


def test_unfinished_game_is_reviewed_as_far_as_it_goes(game_log):
    log = copy.deepcopy(game_log)
    log["final"] = None
    last = log["hands"][1]
    last["actions"] = last["actions"][:20]
    last["result"] = None
    del last["scores_after"]
    log["hands"] = log["hands"][:2]
    with pytest.raises(RecordError, match="actions end before"):
        list(replay(log))
    partial = review_game(log, 0)
    assert partial.decisions and max(d.hand for d in partial.decisions) <= 1
    full = review_game(game_log, 0)
    assert [d.to_json() for d in partial.decisions if d.hand == 0] == [d.to_json() for d in full.decisions
                                                                       if d.hand == 0]


def test_cli_json_contract(game_log, tmp_path, capsys):
    path = tmp_path / "game.json"
    save(game_log, path)
    assert main(["review", str(path), "--seat", "1", "--json"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1
    data = json.loads(out[0])
    assert set(data) == {"seat", "decisions", "summary"} and data["seat"] == 1
    first = data["decisions"][0]
    assert {"hand", "turn", "chosen", "best", "ukeire_chosen", "ukeire_best", "danger"} <= set(first)
    assert isinstance(first["best"], list) and isinstance(first["ukeire_best"], int)
    assert data["summary"]["decisions"] == len(data["decisions"])
    assert data == review_game(game_log, 1).to_json()
    assert main(["review", str(path)]) == 0
    text = capsys.readouterr().out
    assert "summary:" in text and "best" in text


@pytest.mark.parametrize("content, args, needle", [
    ('{"format": "something else"}', [], "not a game log"),
    ("not json at all", [], "not JSON"),
    (None, ["--seat", "4"], "out of range"),
    (None, ["--seat", "-1"], "out of range"),
])
def test_cli_bad_input_is_one_line_and_exit_2(game_log, tmp_path, capsys, content, args, needle):
    path = tmp_path / "x.json"
    if content is None:
        save(game_log, path)
    else:
        path.write_text(content, encoding="utf-8")
    assert main(["review", str(path), *args]) == 2
    err = capsys.readouterr().err.strip()
    assert needle in err and len(err.splitlines()) == 1


def test_cli_newer_log_and_missing_file(game_log, tmp_path, capsys):
    newer = dict(game_log, version=99)
    path = tmp_path / "newer.json"
    save(newer, path)
    assert main(["review", str(path)]) == 2
    assert "newer version" in capsys.readouterr().err
    assert main(["review", str(tmp_path / "missing.json")]) == 2
    err = capsys.readouterr().err.strip()
    assert "cannot read" in err and len(err.splitlines()) == 1
