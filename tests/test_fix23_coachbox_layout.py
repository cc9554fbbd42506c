"""Review 23 (verify2 #9, group "coachbox"): the coach's words fit the table.

With riichi on offer the coach's longest message (a warning, the discard, the push line, the riichi
advice) ran below the fold of its box at 1024x600 while half the felt was empty.  Now the box takes
the felt up to the rivers as they are drawn (not the rows they may come to take), and words too long
for the top-left corner go on in a second box in the free felt at the top right, each in the box's
body type, without a scroll — never over a river, a row, a name plate or the centre panel.
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

from tests.test_fix23_coach_words import lift, riichi_round, t, table_with  # noqa: E402
from tests.ui_events import headless_app  # noqa: E402
from trainer.i18n import set_language  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.match_setup import MatchSetup  # noqa: E402
from trainer.ui.richtext import BR, layout_rich  # noqa: E402
from trainer.ui.theme import PALETTE  # noqa: E402

SIZES = [(1024, 600), (1280, 720)]
PAD = 10
"""Design pixels of padding round a coach box's text (CoachBox)."""


@pytest.fixture(params=[(lang, size) for lang in ("ru", "en") for size in SIZES],
                ids=lambda p: f"{p[0]}-{p[1][0]}x{p[1][1]}")
def app(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    lang, size = request.param
    with headless_app(tmp_path, monkeypatch, size=size, language=lang) as a:
        yield a
    set_language("en")


def longest_words(app: App) -> Any:
    """The table of two riichi players with the learner's 8p lifted: a warning, the discard, why
    pushing it is right and the riichi advice."""
    screen = table_with(app, riichi_round(both=True))
    lift(app, screen, t("8p"))
    return screen


def boxes(screen: Any) -> list[Any]:
    """The table's coach boxes that show something."""
    return [b for b in (screen.coach_box, screen.coach_side_box) if b.rect.width and b.text]


def in_body_type(app: App, box: Any) -> bool:
    """True when ``box`` shows its whole text in its body type (the small size), without a scroll."""
    L = app.layout
    body = layout_rich(app, box.text, L.font("small"), box.rect.width - 2 * L.px(PAD), PALETTE.ink)
    return box.overflow == 0 and box.layout is not None and box.layout.height == body.height


def assert_clear_of_the_table(screen: Any) -> None:
    """Every coach box lies on the felt, over no river, row, name plate or the centre panel, nor
    over another box."""
    board = screen.board
    shown = boxes(screen)
    for box in shown:
        assert board.rect.contains(box.rect), box.rect
        assert not box.rect.colliderect(board.center.rect)
        for kind, rects in (("river", board.river_rects), ("row", board.seat_rects), ("plate", board.label_rects)):
            hit = [q for q, r in rects.items() if r.width and r.colliderect(box.rect)]
            assert not hit, (kind, hit, box.rect)
        assert not any(b.rect.colliderect(box.rect) for b in shown if b is not box)
        assert not any(b.rect.colliderect(box.rect) for b in screen.action_buttons)


def test_the_longest_words_are_read_whole_in_body_type(app: App) -> None:
    screen = longest_words(app)
    message = screen.coach_message()
    assert message.count(BR) >= 3  # warning, discard, push, riichi
    shown = boxes(screen)
    assert BR.join(b.text for b in shown) == message  # nothing left out, in the coach's order
    assert all(in_body_type(app, b) for b in shown), [(b.rect, b.overflow) for b in shown]
    assert_clear_of_the_table(screen)


def test_words_that_fit_the_corner_stay_in_one_box(app: App) -> None:
    screen = table_with(app, riichi_round(both=True))
    screen.coach_message = lambda: "{term:riichi}"  # a short word of the coach
    app.render()
    assert screen.coach_box.text == "{term:riichi}" and in_body_type(app, screen.coach_box)
    assert screen.coach_side_box.rect.width == 0 and boxes(screen) == [screen.coach_box]


@pytest.mark.parametrize("app", [("en", SIZES[0]), ("ru", SIZES[0]), ("en", SIZES[1]), ("ru", SIZES[1])],
                         indirect=True, ids=["en-1024", "ru-1024", "en-1280", "ru-1280"])
def test_at_three_players_the_longest_words_need_no_scroll(app: App) -> None:
    message = longest_words(app).coach_message()
    app.pop()
    screen = app.push("play", setup=MatchSetup(preset="sanma", coach="full"), seed=3)
    screen.coach_message = lambda: message
    app.render()
    shown = boxes(screen)
    assert BR.join(b.text for b in shown) == message
    assert len(shown) == 2 and in_body_type(app, shown[0])  # the first lines in body type, the rest on the right
    if app.settings.language == "en":  # the Russian words are longer than the felt the sanma rivers leave
        assert all(in_body_type(app, b) for b in shown)
    assert_clear_of_the_table(screen)


def test_the_corner_reaches_the_left_river_as_it_is(app: App) -> None:
    screen = longest_words(app)
    board, L = screen.board, app.layout
    free, kept = board.free_corner(app, 3), board.corner(app)
    river = board.river_rects[3]
    assert free.width > kept.width  # the left river has one row here: the felt of the rows to come is free
    assert free.right <= river.left - L.px(6) and free.right <= board.seat_rects[2].left
    # a long river (four rows) pushes it back
    board.river_rects[3] = pygame.Rect(river.right - 4 * board.river_h, river.top, 4 * board.river_h, river.height)
    assert board.free_corner(app, 3).right <= board.river_rects[3].left - L.px(6)
    # the top right: below the row across and its plate, clear of the right river and the right player
    side = board.free_corner(app, 1)
    assert side.top > board.label_rects[2].bottom and side.top > board.seat_rects[2].bottom
    assert side.left > board.river_rects[1].right and side.right < board.seat_rects[1].left
    assert side.bottom < board.label_rects[1].top


def test_a_term_in_the_second_box_opens_the_glossary_and_the_wheel_scrolls_it(app: App) -> None:
    screen = longest_words(app)
    side = screen.coach_side_box
    assert side.layout is not None and side.layout.terms
    rect, term = side.layout.terms[0]
    side.overflow = 80  # as a longer word would lay out: the wheel scrolls it (the first box has no more)
    screen.scroll(30)
    assert side.offset == 30 and screen.coach_box.offset == 0
    side.offset, side.overflow = 0, 0
    pos = (rect.centerx + side.origin[0], rect.centery + side.origin[1])
    app.process([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], 1 / 60)
    assert app.screen.name == "glossary"
