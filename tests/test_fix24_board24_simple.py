"""Review 24 (group "board24"): two slips of the simple training tables.

- Short mahjong: the last intermediate win's line in the middle panel was cut in Russian at
  1024x600 («Напротив: победа с рукой из 7 плит…»); it now takes the room its words need (the
  learner's river starts further right), at most 3/8 of the panel.
- The A/B game's end panel covered the second line of the other players' hands (shown face up at
  the end): where it cannot stand under two lines, the hands go on one line and the panel under them.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

import trainer.ui.screens.play_simple as play_simple  # noqa: E402
from tests.ui_events import frame, lesson_app  # noqa: E402
from trainer.engine.game.actions import Discard, Tsumo  # noqa: E402
from trainer.engine.game.simple import SimpleGame, scripted_wall  # noqa: E402
from trainer.engine.game.simple_bots import make_simple_bot  # noqa: E402
from trainer.i18n import set_language  # noqa: E402
from trainer.ui.screens.play_shots import play_simple_out  # noqa: E402

SIZES = [(1024, 600), (1280, 720)]


@pytest.fixture(autouse=True)
def english_after() -> Any:  # noqa: ANN401
    yield
    set_language("en")


def short_table_after_a_stage(app: Any, discards: int) -> Any:  # noqa: ANN401
    """Short mahjong whose first stage is won (then said to be Across's with a hand of 7, the longest
    Russian line) and whose learner then discards ``discards`` times."""
    screen = app.push("play_simple", mode="short", kids=False, seed=2)
    wall = scripted_wall(screen.setup.tileset, ["123m5p", "1z2z3z4z", "5z6z7z1z", "2z3z4z5z"], "5p")
    screen.game = SimpleGame(screen.setup, wall=wall)
    screen.counted = False
    screen.rebuild()
    screen._act(Tsumo())
    for _turn in range(discards):
        screen.run_bots_until_learner()
        screen._act(next(a for a in screen.my_legal() if isinstance(a, Discard)))
    assert not screen.game.ended
    won = screen.stage_wins[-1]
    screen.stage_wins[-1] = won._replace(seat=2, size=7, hand=won.hand + won.hand[:3])
    screen.rebuild()
    return screen


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_intermediate_win_line_is_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str,
                                            size: tuple[int, int]) -> None:
    app = lesson_app(tmp_path, language=lang, size=size)
    try:
        screen = short_table_after_a_stage(app, 12)
        label = screen.stage_win_label(screen.stage_wins[-1])
        drawn: list[tuple[pygame.Rect, int]] = []
        real = play_simple.blit_text

        def spy(surf: Any, app_: Any, text: str, *args: Any, **kw: Any) -> Any:  # noqa: ANN401
            rect = real(surf, app_, text, *args, **kw)
            if text == label:
                drawn.append((rect, kw.get("max_width", 10_000)))
            return rect

        monkeypatch.setattr(play_simple, "blit_text", spy)
        frame(app)
        [(rect, room)] = drawn
        assert app.text_width(label, app.layout.font("tiny")) <= room  # never cut
        river = screen.rivers[0]
        assert river.slots and not rect.colliderect(river.rect)
        assert screen.mid_rect.contains(river.rect) and screen.mid_rect.contains(rect)
    finally:
        app.close()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_ab_end_panel_covers_no_hand(tmp_path: Path, lang: str, size: tuple[int, int]) -> None:
    app = lesson_app(tmp_path, language=lang, size=size)
    try:
        table = app.push("play_simple", mode="ab_game", seed=4, kids=False)
        play_simple_out(table, make_simple_bot(table.setup.bots, 4, table.setup.rules, table.setup.shape_rules()))
        table.rebuild()
        frame(app)
        assert table.game.ended and table.win_rows  # a win: its hand on the panel, a long panel
        for seat, row in table.other_rows.items():
            assert not row.rect.colliderect(table.end_rect), (seat, row.rect, table.end_rect)
            assert len(row._lines()) == 1  # the hands shown at the end on one line, over the panel
            assert table.seat_boxes[seat].contains(row.rect)
        assert table.end_rect.bottom <= app.layout.height
        assert any(row.visible for row in table.win_rows.values())  # the winner's hand still on the panel
    finally:
        app.close()
