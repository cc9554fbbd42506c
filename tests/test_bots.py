"""Bots: they see only a PlayerView, choose legal actions, play efficiently and fold."""

from __future__ import annotations

import dataclasses

from trainer.engine.bots import CarefulBot, EfficientBot, make_bot
from trainer.engine.game.actions import Discard, Pass, Riichi
from trainer.engine.game.play import play_match
from trainer.engine.game.round import Phase
from trainer.engine.game.scenario import setup_round
from trainer.engine.game.view import PlayerView, make_view
from trainer.engine.rules import load_rules
from trainer.engine.tiles import parse_tile

JUNK = "147m369p147s3456z"


def test_view_shows_only_what_the_player_may_see():
    rnd = setup_round(["123m456p789s1122z", JUNK, JUNK, JUNK], draws="9m", dora="9s")
    view = make_view(rnd, 1)
    names = {f.name for f in dataclasses.fields(PlayerView)}
    assert not names & {"wall", "seats", "concealed_hands", "ura_indicators"}
    assert str(view.hand) == "147m369p147s3456z"
    assert view.hand_sizes == (14, 13, 13, 13)
    assert view.drawn is None and view.dora_indicators == (parse_tile("9s"),)
    assert view.seat_wind == parse_tile("2z").kind


def test_efficient_bot_keeps_the_tenpai_and_declares_riichi_on_a_good_wait():
    rnd = setup_round(["123m456p789s1177z", JUNK, JUNK, JUNK], draws="9m", dora="9s")
    bot = EfficientBot(load_rules("tenhou"))
    choice = bot.choose(make_view(rnd, 0), rnd.legal_actions(0))
    assert choice == Riichi(parse_tile("9m"))


def test_efficient_bot_throws_the_isolated_honor_first():
    rnd = setup_round(["235m456p78s99s357z", JUNK, JUNK, JUNK], draws="6m", dora="9s")
    hand_before = make_view(rnd, 0)
    choice = EfficientBot("tenhou").choose(hand_before, rnd.legal_actions(0))
    assert isinstance(choice, Discard) and choice.tile.kind >= 27


def test_careful_bot_folds_with_a_safe_tile_against_riichi():
    hands = ["12m58p38s1357z469m", "123m456p789s1122z", JUNK, JUNK]
    rnd = setup_round(hands, draws="7s8s", dora="9s")
    # seat 0 (dealer) discards 7s; seat 1 declares riichi with 8s
    rnd.apply(0, Discard(parse_tile("7s")))
    while rnd.phase is Phase.CALLS:
        rnd.apply(rnd.to_act()[0], Pass())
    rnd.apply(1, Riichi(parse_tile("8s")))
    while rnd.phase is Phase.CALLS:
        rnd.apply(rnd.to_act()[0], Pass())
    for seat in (2, 3):
        rnd.apply(seat, Discard(rnd.seats[seat].drawn))
        while rnd.phase is Phase.CALLS:
            rnd.apply(rnd.to_act()[0], Pass())
    view = make_view(rnd, 0)
    assert view.riichi[1]
    bot = CarefulBot("tenhou")
    assert bot.should_fold(view)
    careful = bot.choose(view, rnd.legal_actions(0))
    assert isinstance(careful, Discard)
    visible = view.visible_counts()
    assert bot.danger(view, careful.tile.kind, visible) == 0, "a genbutsu tile was available"
    assert bot.danger(view, parse_tile("8s").kind, visible) == 0
    assert bot.danger(view, parse_tile("4m").kind, visible) > bot.danger(view, parse_tile("1m").kind, visible)
    assert not bot.should_fold(make_view(rnd, 1)), "the riichi player itself never folds"


def test_bots_only_return_legal_actions_in_a_whole_game():
    rules = load_rules("ema")
    out = play_match([make_bot("careful", rules), make_bot("efficient", rules)] * 2, rules, seed=5, check=True)
    assert out.refused == 0 and out.match.finished


def test_make_bot_names():
    assert isinstance(make_bot("careful"), CarefulBot)
    try:
        make_bot("random")
    except ValueError as e:
        assert "efficient" in str(e)
    else:
        raise AssertionError("unknown bot accepted")


def test_events_hide_other_players_draws():
    from trainer.engine.game.view import events_for

    rnd = setup_round(["123m456p789s1122z", JUNK, JUNK, JUNK], draws="9m7z", dora="9s")
    events = rnd.apply(0, Discard(parse_tile("9m")))
    while rnd.phase is Phase.CALLS:
        events += rnd.apply(rnd.to_act()[0], Pass())
    draws = [e for e in events if e["type"] == "draw"]
    assert draws and draws[0]["seat"] == 1 and draws[0]["tile"] == "7z"
    assert [e["tile"] for e in events_for(events, 0) if e["type"] == "draw"] == [None]
    assert [e["tile"] for e in events_for(events, 1) if e["type"] == "draw"] == ["7z"]
