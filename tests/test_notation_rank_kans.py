"""A kan of one rank in mixed suits (single-suit mahjong, variant 1: the suits are ignored,
5m 5p 5s 5s is four of a kind) in the MPSZ notation: written with each tile's own suit
(``[5m5p55s]``), read back where the suits are ignored, refused by a normal riichi hand with
one line naming the meld, and kept in a single_suit_1 game's event log."""

from __future__ import annotations

import json

import pytest

from tests.test_training_rules_single_suit_kans import game_with_replacement
from trainer.engine.game.actions import Discard, Kan
from trainer.engine.game.simple_modes import get_mode
from trainer.engine.hand import Meld, MeldKind, RankKan, Source
from trainer.engine.notation import NotationError, format_hand, format_meld, parse_hand, parse_tiles
from trainer.engine.tiles import parse_tile

T = parse_tile


def rank_kan(text: str, kind: MeldKind = MeldKind.KAN_CLOSED, called: str | None = None,
             source: Source | None = None) -> RankKan:
    return RankKan(kind, tuple(sorted(parse_tiles(text))), T(called) if called else None, source)


@pytest.mark.parametrize(("meld", "text"), [
    (rank_kan("5m5p5s5s"), "[5m5p55s]"),
    (rank_kan("1m1p1s1m"), "[11m1p1s]"),
    (rank_kan("9p9s9m9p", MeldKind.KAN_OPEN, "9s", Source.ACROSS), "(9m99p9*s)^"),
    (rank_kan("3m3s3s3s", MeldKind.KAN_OPEN, "3m", Source.LEFT), "(3*m333s)<"),
])
def test_a_mixed_kan_is_written_with_each_tiles_suit_and_read_back(meld: RankKan, text: str) -> None:
    assert format_meld(meld) == str(meld) == text
    hand = parse_hand(f"123m456p789s1z {text}", suits_ignored=True)
    (back,) = hand.melds
    assert isinstance(back, RankKan) and back == meld
    assert format_hand(hand) == f"123m456p789s1z {text}"


def test_a_kan_of_one_suit_is_written_as_before() -> None:
    assert format_meld(Meld(MeldKind.KAN_CLOSED, tuple(parse_tiles("5555p")))) == "[5555p]"
    assert format_meld(Meld(MeldKind.KAN_OPEN, tuple(parse_tiles("7777s")), T("7s"), Source.RIGHT)) == "(7*777s)>"
    hand = parse_hand("123m789p789s1z [5555p]", suits_ignored=True)
    assert type(hand.melds[0]) is Meld  # four identical tiles stay an ordinary kan


@pytest.mark.parametrize("text", ["123m456p789s1z [5m5p55s]", "123m456p789s1z (5m5*p55s)^"])
def test_a_normal_hand_refuses_a_mixed_kan_in_one_line_naming_it(text: str) -> None:
    with pytest.raises(NotationError) as e:
        parse_hand(text)
    message = str(e.value)
    meld = text.split(" ")[1]
    assert "\n" not in message and meld in message
    assert "mixed suits" in message and "four identical tiles" in message
    assert e.value.position == text.index(meld[0])


@pytest.mark.parametrize("text", ["[5m6p55s]", "[5m5p5s5z]", "[5m5p5s]", "(5m5p5s)"])
def test_suits_ignored_still_refuses_what_is_no_kan(text: str) -> None:
    with pytest.raises(NotationError):
        parse_hand(f"123m456p789s1z {text}", suits_ignored=True, check_size=False)


def test_a_single_suit_game_log_keeps_its_mixed_kans() -> None:
    setup = get_mode("single_suit_1").setup(players=2)
    # the dealer draws a fourth five (5m 5p 5s 5s) and declares it; then seat 1 discards a 2,
    # which the dealer's 2m 2p 2s take as an open kan
    g = game_with_replacement(setup, ["5m5p5s2m2p2s789p789s1s", "3m4m6m7m8m3p4p6p7p8p9m9p2s"], "5s9s", "1p")
    g.apply(0, Kan(MeldKind.KAN_CLOSED, T("5m")))
    g.apply(0, Discard(T("1p")))
    g.apply(1, Discard(T("2s")))
    g.apply(0, Kan(MeldKind.KAN_OPEN, T("2s")))
    g.check()
    closed, opened = g.melds[0]
    assert isinstance(closed, RankKan) and isinstance(opened, RankKan)
    saved = json.loads(json.dumps(g.events))  # the log as it is written and read
    kans = [e for e in saved if e["type"] == "kan" or e.get("call") == "daiminkan"]
    assert [e["meld"] for e in kans] == ["[5m5p55s]", "(2m2p2*2s)^"]
    read = [parse_hand(e["meld"], suits_ignored=True, check_size=False).melds[0] for e in kans]
    assert read == [closed, opened]
    hand = g.hand(0)
    assert parse_hand(format_hand(hand), suits_ignored=True, check_size=False) == hand
