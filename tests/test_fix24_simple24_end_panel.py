"""simple24, tidy: the simple table's end panel is measured once and placed from that measurement
(it was measured in one pass and wrapped again in a second).  What it draws is pinned here as the
two-pass code drew it: the panel's size, every line's text, place and weight, each winner's hand
and the buttons, all relative to the panel's top left (the panel itself may stand higher or lower,
under the other players' hands)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from tests.test_fix22_eplay_end_panel import make_app, triple_ron  # noqa: E402
from trainer.engine.game.simple_bots import make_simple_bot  # noqa: E402
from trainer.i18n import set_language  # noqa: E402
from trainer.ui.screens.play_shots import play_simple_out  # noqa: E402

BIG, SMALL = (1280, 720), (1024, 600)


def drawn(screen: Any) -> dict[str, Any]:
    """The end panel as drawn, relative to its top left corner."""
    r = screen.end_rect
    return {
        "size": r.size,
        "lines": [(text, y - r.top, bold) for text, y, bold in screen.end_lines],
        "rows": [(seat, row.rect.left - r.left, row.rect.top - r.top, row.rect.size)
                 for seat, row in screen.win_rows.items() if row.visible],
        "hidden": [seat for seat, row in screen.win_rows.items() if not row.visible],
        "buttons": [(b.rect.left - r.left, b.rect.top - r.top, b.rect.size) for b in screen.end_buttons],
    }


TRIPLE_EN = {
    "size": (720, 515),
    "lines": [("You: 1 han · 2,000 points", 110, True),
              ("A complete hand without a yaku: 1 han", 197, False),
              ("Fu (符, fu): 40 fu", 221, False),
              ("Across: 1 han · 1,300 points", 253, True),
              ("A complete hand without a yaku: 1 han", 277, False),
              ("Fu (符, fu): 40 fu", 301, False),
              ("Left: 1 han · 1,300 points", 333, True),
              ("A complete hand without a yaku: 1 han", 357, False),
              ("Fu (符, fu): 40 fu", 381, False)],
    "rows": [(0, 88, 138, (544, 49))],
    "hidden": [2, 3],
    "buttons": [(258, 435, (204, 58))],
}
"""Three winners at 1280x720: the panel stands under the hands shown face up, put on one line (board24:
it covered their second line), so the learner's hand alone fits; the others' are left out (their lines stay)."""
TRIPLE_RU_SMALL = {
    "size": (600, 430),
    "lines_at": [(92, True), (164, False), (184, False), (211, True), (231, False), (251, False), (278, True),
                 (298, False), (318, False)],
    "rows": [(1, 70, 115, (460, 41))],
    "hidden": [2, 3],
    "buttons": [(163, 363, (275, 48))],
}
"""Three winners on the learner's discard, in Russian at 1024x600."""
RISU = {
    ("en", BIG, 1): {"size": (720, 389), "lines_at": [(179, False), (203, False), (227, False), (251, False)],
                     "rows": [(1, 33, 110, (655, 59))], "buttons": [(258, 309, (204, 58))]},
    ("ru", SMALL, 3): {"size": (600, 304), "lines_at": [(149, False), (169, False), (189, False)],
                       "rows": [(0, 28, 92, (544, 49))], "buttons": [(163, 237, (275, 48))]},
}
"""Risu (two players), one winner: the hand shrunk to the panel's width, the lines under it."""


@pytest.fixture(autouse=True)
def english_after() -> Any:  # noqa: ANN401
    yield
    set_language("en")


def test_a_triple_ron_is_drawn_as_before(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(tmp_path, monkeypatch, "en", BIG)
    try:
        assert drawn(triple_ron(app, learner_wins=True)) == TRIPLE_EN
    finally:
        app.close()


def test_a_triple_ron_on_the_learners_tile_is_drawn_as_before_in_russian_at_1024(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(tmp_path, monkeypatch, "ru", SMALL)
    try:
        got = drawn(triple_ron(app, learner_wins=False))
        assert [(y, bold) for _text, y, bold in got.pop("lines")] == TRIPLE_RU_SMALL["lines_at"]
        assert got == {k: v for k, v in TRIPLE_RU_SMALL.items() if k != "lines_at"}
    finally:
        app.close()


@pytest.mark.parametrize(("lang", "size", "seed"), list(RISU))
def test_a_single_win_is_drawn_as_before(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str,
                                         size: tuple[int, int], seed: int) -> None:
    app = make_app(tmp_path, monkeypatch, lang, size)
    try:
        screen = app.push("play_simple", mode="risu", seed=seed, kids=False)
        play_simple_out(screen, make_simple_bot(screen.setup.bots, seed, screen.setup.rules,
                                                screen.setup.shape_rules()))
        screen.rebuild()
        app.render()
        got = drawn(screen)
        want = RISU[(lang, size, seed)]
        assert [(y, bold) for _text, y, bold in got["lines"]] == want["lines_at"]
        assert (got["size"], got["rows"], got["buttons"], got["hidden"]) == (
            want["size"], want["rows"], want["buttons"], [])
    finally:
        app.close()


def test_the_panel_is_sized_from_one_measurement(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The panel's height is the measured pieces' and the lines drawn are the measured lines."""
    app = make_app(tmp_path, monkeypatch, "en", SMALL)
    try:
        screen = triple_ron(app, learner_wins=True)
        L = app.layout
        pieces = screen.end_pieces(screen.end_rect.width)
        shown = [p for p in pieces if p.kind != "row" or screen.win_rows[p.item].visible]
        start = L.px(110) + (len(screen.subtitle_lines(screen.end_rect.width)) - 1) * app.line_height(L.font("body"))
        assert screen.end_rect.height == start + sum(p.height for p in shown) + L.px(110)
        assert [text for text, _y, _bold in screen.end_lines] == [line for p in pieces for line in p.lines]
    finally:
        app.close()
