"""Beginner review 22, follow-ups (bfollow): the glass table's end panel after a win with a yaku.

At a table where a win needs a yaku and nothing is scored (basics_yakuhai's practice table) the
yaku went into the one-line subtitle, cut with «…» at 1280x720 («…рон · Якухай: хацу (役牌・發,
у…»).  The subtitle now says only who won and how; the yaku are the lines under the tiles, each
with its Japanese where it fits.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui_events import key, lesson_app, open_lesson_step  # noqa: E402
from trainer.engine.game.actions import Discard, Tsumo  # noqa: E402
from trainer.engine.game.simple import SimpleGame, scripted_wall  # noqa: E402
from trainer.engine.tiles import parse_tile  # noqa: E402
from trainer.i18n import set_language  # noqa: E402
from trainer.ui.app import App  # noqa: E402

T = parse_tile
RON = ["123m456p789s24s55z", "234m567p234s33s66z", "1111222233334z", "2233p6677p8899m1s"]
"""Right waits on 3s or green dragons; the learner draws a green dragon and throws it."""
TSUMO = ["123m456p789s66z55s", "1111222233334z", "444z777z1199p199m", "2233p6677p8899m1s"]
"""The learner draws the third green dragon: menzen tsumo and yakuhai."""


@pytest.fixture(params=["ru", "en"])
def app(request: Any, tmp_path: Path) -> Iterator[App]:
    a = lesson_app(tmp_path, language=request.param, size=(1280, 720))
    yield a
    a.close()
    set_language("en")


def finish(app: App, hands: list[str], learner: Any) -> Any:
    """The yakuhai lesson's table, a scripted hand, the learner's ``learner`` action, the bots to
    the end; the table with its end panel drawn."""
    open_lesson_step(app, "basics_yakuhai", "yakuhai_practice")
    key(app, pygame.K_RETURN, "\r")
    table = app.screen
    table.game = SimpleGame(table.setup, wall=scripted_wall(table.setup.tileset, hands, "6z"), dealer=0)
    table.counted = False
    table.focus = None
    table.rebuild()
    table.game.apply(0, learner)
    table.run_bots_until_learner()
    assert table.game.ended
    table.rebuild()
    app.render()
    return table


def fits(app: App, table: Any, text: str, font: str) -> bool:
    """Whether ``text`` fits the end panel's text width uncut."""
    L = app.layout
    return app.text_width(text, L.font(font)) <= table.end_rect.width - L.px(40)


@pytest.mark.parametrize(("hands", "learner", "yaku"), [
    (RON, Discard(T("6z")), ["yakuhai_hatsu"]),
    (TSUMO, Tsumo(), ["menzen_tsumo", "yakuhai_hatsu"]),
])
def test_the_subtitle_fits_and_the_yaku_are_listed_below(app: App, hands: list[str], learner: Any,
                                                         yaku: list[str]) -> None:
    table = finish(app, hands, learner)
    headline, subtitle = table._result_lines()
    assert fits(app, table, subtitle, "body"), subtitle
    lines = table.value_lines()
    assert len(lines) == len(yaku), lines
    glossary = app.glossary()
    for line, yaku_id in zip(lines, yaku, strict=True):
        name = glossary.term(yaku_id).plain_name(app.settings.language)
        assert line.startswith(name), (line, name)
        assert name not in subtitle
        assert fits(app, table, line, "small"), line
        assert "(" in line  # the Japanese fits at 1280x720
