"""The coach's word on a pon that gives an open, yakuless hand its yaku: call it, and why — not
"the call cannot bring a win closer" (a hand without a yaku can never win)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from dataclasses import replace

from trainer.engine.game.actions import Pon
from trainer.engine.game.view import PlayerView, RiverTile
from trainer.engine.hand import Hand, Meld, MeldKind
from trainer.engine.notation import parse_tiles
from trainer.engine.rules import load_rules
from trainer.engine.tiles import EAST, parse_tile
from trainer.i18n import set_language
from trainer.ui.views.table.call_review import call_line

RULES = load_rules("tenhou")


def _view() -> PlayerView:
    """Seat 1 (South), chi 123m open, 456p 45s 789s 77z: ready on 3s/6s without a yaku; East
    has just thrown the red dragon."""
    chi = Meld(MeldKind.CHI, tuple(parse_tiles("123m")))
    concealed = tuple(sorted(parse_tiles("456p45s789s77z")))
    return PlayerView(
        seat=1, hand=Hand(concealed, (chi,)), drawn=None, dealer=0, round_wind=EAST,
        seat_winds=(EAST, EAST + 1, EAST + 2, EAST + 3), scores=(25000,) * 4, honba=0, sticks=0,
        dora_indicators=parse_tiles("1z"), rivers=((RiverTile(parse_tile("7z"), False, False, False),), (), (), ()),
        melds=((), (chi,), (), ()), riichi=(False,) * 4, riichi_turn=(None,) * 4, hand_sizes=(13, 10, 13, 13),
        live_remaining=40, phase="calls", last_tile=parse_tile("7z"), last_from=0, call_kind="")


def test_the_coach_calls_the_pon_that_gives_the_yaku_and_says_why() -> None:
    pon = Pon((parse_tile("7z"), parse_tile("7z")))
    set_language("en")
    line = call_line(_view(), (pon,), RULES)
    assert "Coach: call" in line and "has no" in line and "could never win" in line
    assert "cannot bring a win closer" not in line
    set_language("ru")
    line = call_line(_view(), (pon,), RULES)
    assert "не сможет выиграть" in line
    set_language("en")


def test_the_same_pon_for_a_hand_with_a_yaku_is_passed() -> None:
    pon = Pon((parse_tile("7z"), parse_tile("7z")))
    view = _view()
    kept = Meld(MeldKind.PON, tuple(parse_tiles("666z")))
    view = replace(view, hand=Hand(view.hand.concealed, (kept,)), melds=((), (kept,), (), ()))
    set_language("en")
    assert "Coach: pass" in call_line(view, (pon,), RULES)
