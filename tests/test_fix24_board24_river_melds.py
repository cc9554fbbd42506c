"""Review 24 (group "board24"): a long river never runs under its player's row.

In an MCR replay the player across had three melds and a river of four rows: its fourth row was
drawn under that player's melds.  Now each opponent's river keeps to the rows that fit whole
between the centre panel and that player's row; the later discards continue the last row.
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui_events import headless_app  # noqa: E402
from trainer.engine.game.view import RiverTile  # noqa: E402
from trainer.engine.notation import parse_hand, parse_tiles  # noqa: E402
from trainer.ui.views.table.state import SeatState, TableState  # noqa: E402

LONG_RIVER = "1m2m3m4m5m6m7m8m9m1p2p3p4p5p6p7p8p9p1s2s3s4s5s"
"""Twenty-two discards: four rows of six (an MCR hand often runs this long)."""
HANDS = {
    "three melds across": ["1234567m123p55s", "1234567m11p (456s)", "1s (123m) (666z) (345s) (789p)",
                           "1234567m11p (789p)"],
    "four kongs across": ["1234567m123p55s", "1234567m11p (456s)", "1s (1111m) (6666z) (3333s) (7777p)",
                          "1234567m11p (789p)"],
    "melds everywhere": ["1234567m123p55s", "2s (123m) (666z) (345s) (789p)", "1s (1111m) (7777z) (3333s) (7777p)",
                         "3s (234m) (555z) (678s) (111p)"],
}
SIZES = [(1280, 720), (1024, 600)]


def _seat(seat: int, hand: str) -> SeatState:
    parsed = parse_hand(hand, check_size=False, max_copies=8)
    return SeatState(seat=seat, wind=27 + seat, score=25000, riichi=False,
                     river=tuple(RiverTile(t, False, False, False) for t in parse_tiles(LONG_RIVER)),
                     melds=tuple(parsed.melds), hand=tuple(parsed.concealed))


def _state(hands: list[str]) -> TableState:
    return TableState(me=0, seats=tuple(_seat(s, hands[s]) for s in range(4)), round_wind=27, dealer=0, honba=0,
                      sticks=0, dora_indicators=tuple(parse_tiles("1z")), live_remaining=10, current=0,
                      last=(2, 21), ended=False)


@pytest.mark.parametrize("bottom_edge", [False, True], ids=["live table", "replay"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", sorted(HANDS))
def test_no_river_runs_under_a_players_row(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str,
                                           size: tuple[int, int], bottom_edge: bool) -> None:
    from trainer.ui.match_setup import MatchSetup

    with headless_app(tmp_path, monkeypatch, size=size, language="ru") as app:
        screen = app.push("play", setup=MatchSetup(coach="off"), seed=1)
        app.render()
        board = screen.board
        board.draw(pygame.Surface(size), app, _state(HANDS[name]), {}, bottom_edge=bottom_edge)
        for q, river in board.river_rects.items():
            for seat_q, seat in board.seat_rects.items():
                assert not river.colliderect(seat), (q, river, seat_q, seat)
        across = board.river_rects[2]
        assert across.width > board.center.rect.width  # the discards past the rows continue the last one
