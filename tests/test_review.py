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
    assert set(data) == {"seat", "decisions", "summary", "calls"} and data["seat"] == 1  # calls: added later
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


# ---------------------------------------------------------------- riichi or dama

RULES = load_rules("tenhou")


def _ready(hand13: str, draw: str):
    """Seat 0 about to discard with ``hand13`` and ``draw``: the view, the legal discards and
    the tiles riichi may be declared with."""
    rnd = setup_round([hand13, JUNK, JUNK, JUNK], draws=draw, dora="9s")
    legal = rnd.legal_actions(0)
    return (make_view(rnd, 0), [a.tile for a in legal if isinstance(a, Discard)],
            [a.tile for a in legal if isinstance(a, Riichi)])


def test_dama_where_riichi_multiplies_the_hand_is_a_riichi_choice_against_the_coach():
    # 123m 456p 789s 11z 77z + 9p: throw 9p, ready on 1z/7z with a yakuhai (chun) only: riichi adds a lot
    view, discards, riichi = _ready("123m456p789s1177z", "9p")
    tile = parse_tile("9p")
    assert tile in riichi
    dama = review_decision(view, discards, tile, riichi_tiles=riichi, rules=RULES)
    c = dama.riichi_choice
    assert c is not None and c["chosen"] == "dama" and c["advice"] == "riichi" and c["reason"] == "riichi_adds"
    assert 0 < c["dama"] < c["with_riichi"] and c["with_riichi"] >= 1.8 * c["dama"] and c["left"] > 0
    assert dama.riichi_against_advice and dama.verdict == "good" and not dama.mistake  # the tile itself was right
    declared = review_decision(view, discards, tile, riichi=True, riichi_tiles=riichi, rules=RULES)
    assert declared.riichi_choice["chosen"] == "riichi" and not declared.riichi_against_advice
    assert {k: v for k, v in declared.riichi_choice.items() if k != "chosen"} == {
        k: v for k, v in c.items() if k != "chosen"}
    # no riichi legal with the tile (or none passed): no riichi question
    assert review_decision(view, discards, tile).riichi_choice is None
    assert review_decision(view, discards, parse_tile("1m"), riichi_tiles=riichi, rules=RULES).riichi_choice is None


def test_a_mangan_kept_dama_agrees_with_the_coach_and_riichi_on_it_does_not():
    view, discards, riichi = _ready("222555888m22p77z", "5p")  # sanankou, chun: a mangan without riichi
    tile = parse_tile("5p")
    dama = review_decision(view, discards, tile, riichi_tiles=riichi, rules=RULES)
    c = dama.riichi_choice
    assert c == {**c, "chosen": "dama", "advice": "dama", "reason": "dama_mangan"} and c["dama"] >= 8000
    assert not dama.riichi_against_advice
    declared = review_decision(view, discards, tile, riichi=True, riichi_tiles=riichi, rules=RULES)
    assert declared.riichi_against_advice and declared.riichi_choice["advice"] == "dama"


def test_the_riichi_choice_is_judged_for_the_learners_own_tile_not_the_coachs():
    # 234m 13p 456p 789s 55s + 4p: the coach throws 1p (tanyao, 3-6p... ready on 2p-5p, dama worth a ron);
    # throwing 4p instead is ready too (1-3p waits on 2p) but the 1p kills tanyao: riichi is its only yaku
    from trainer.engine.game.coach import riichi_advice

    view, discards, riichi = _ready("234m13456p789s55s", "4p")
    coach = riichi_advice(view, discards, riichi, RULES)
    assert coach is not None and str(coach.tile) == "1p" and coach.dama > 0
    mine = review_decision(view, discards, parse_tile("4p"), riichi_tiles=riichi, rules=RULES)
    c = mine.riichi_choice
    assert c is not None and c["dama"] == 0 and c["reason"] == "riichi_for_yaku" and c["advice"] == "riichi"
    assert c["left"] != coach.left and mine.verdict == "lost_tiles"
    theirs = review_decision(view, discards, parse_tile("1p"), riichi_tiles=riichi, rules=RULES).riichi_choice
    assert (theirs["dama"], theirs["with_riichi"], theirs["left"]) == (coach.dama, coach.with_riichi, coach.left)


class _Quiet:
    """The efficient bot that never declares riichi: every ready hand stays dama."""

    name = "quiet"

    def __init__(self, rules) -> None:
        self.bot = make_bot("efficient", rules)

    def choose(self, view, legal):
        action = self.bot.choose(view, legal)
        return Discard(action.tile) if isinstance(action, Riichi) else action

    def __getattr__(self, name):
        return getattr(self.bot, name)


def test_a_saved_game_kept_dama_counts_the_riichi_choices_against_the_coach(tmp_path, capsys):
    from trainer.engine.game.records import match_rules

    east = match_rules("tenhou", {"game_length": "tonpuusen"})
    log = play_match([_Quiet(east), *(make_bot(b, east) for b in ("careful", "efficient", "careful"))], east,
                     seed=1).log
    result = review_game(log, 0)
    judged = [d for d in result.decisions if d.riichi_choice is not None]
    assert judged and all(d.riichi_choice["chosen"] == "dama" and not d.riichi for d in judged)
    against = [d for d in judged if d.riichi_against_advice]
    assert against and all(d.riichi_choice["advice"] == "riichi" for d in against)
    s = result.summary()
    assert (s["riichi_choices"], s["riichi_against_advice"]) == (len(judged), len(against))
    # the tile verdicts and their totals do not count the riichi choices
    assert s["good"] + s["lost_tiles"] + s["lost_shanten"] + s["unsafe"] + s["dealt_in"] == s["decisions"]
    data = result.to_json()
    assert all("riichi_choice" in d for d in data["decisions"])
    assert sum(d["riichi_choice"] is not None for d in data["decisions"]) == len(judged)
    path = tmp_path / "quiet.json"
    save(log, path)
    assert main(["review", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == json.loads(json.dumps(data))
    assert main(["review", str(path)]) == 0
    assert f"riichi or dama against the coach {len(against)} of {len(judged)}" in capsys.readouterr().out


def test_the_strong_bot_never_goes_against_the_coach_on_riichi():
    """The coach's riichi verdict is the strong bot's: reviewing a strong seat finds riichi choices,
    none of them against the advice."""
    log = play_match([make_bot(b, RULES) for b in ("strong", "strong", "careful", "efficient")], RULES, seed=5).log
    found = 0
    for seat in (0, 1):
        s = review_game(log, seat).summary()
        found += s["riichi_choices"]
        assert s["riichi_against_advice"] == 0
    assert found > 0
