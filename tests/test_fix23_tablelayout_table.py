"""Review 23 (table23), the riichi table: readable at 1024x600, who is who, undo, riichi's forced discards.

- A call prompt beside Pon, three chii choices and Pass is read whole (its short form when the full
  one needs more than two lines), and the tiles in the call buttons are at least 24 px wide.
- At three players the rivers take the felt nobody across leaves free.
- Each opponent's name plate says which bot plays it; the match result says it under each seat.
- After riichi the drawn tile goes by itself after a moment, unless something else is on offer.
- Undo survives leaving and resuming a match; after riichi it takes back the declaration.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from tests.ui_events import click, headless_app  # noqa: E402
from trainer.engine.bots import make_bot  # noqa: E402
from trainer.engine.game.actions import Discard, Riichi, Tsumo  # noqa: E402
from trainer.engine.game.view import make_view  # noqa: E402
from trainer.ui import tile_art  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.match_setup import MatchSetup  # noqa: E402
from trainer.ui.screens import play_shots  # noqa: E402
from trainer.ui.views.table import result  # noqa: E402

SMALL = (1024, 600)
MANY_CALLS_SEED = 23
"""With Swift bots everywhere and the learner playing as Swift, East 1 of this seed offers Pon, three
chii choices and Pass at once."""
MIXED = ("beginner", "strong", "careful")


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> Iterator[App]:
    """An app in the language and window size the test asks for (``(lang, size)``, default ru 1024x600)."""
    lang, size = getattr(request, "param", ("ru", SMALL))
    with headless_app(tmp_path, monkeypatch, size=size, language=lang, profile="rules") as a:
        yield a


def _learner_move(screen: Any) -> None:
    """The learner plays as the Swift bot would."""
    bot = make_bot("efficient", screen.match.rules)
    screen._act(bot.choose(make_view(screen.round, 0), screen.my_legal()))


def _play_until(app: App, want: Any, setup: MatchSetup, seeds: range = range(1, 40)) -> Any:
    """A saved free match played (bots everywhere) until ``want(screen)`` holds with the learner to decide."""
    for seed in seeds:
        while len(app.stack) > 1:
            app.pop()
        screen = app.push("play", setup=setup, seed=seed)
        for _ in range(300):
            screen.run_bots_until_learner()
            if screen.round.ended:
                break
            if want(screen):
                screen.rebuild()
                app.render()
                return screen
            _learner_move(screen)
    raise AssertionError("no such position in the seeds tried")


# ---------------------------------------------------------------- 1. the call prompt and its tiles


@pytest.mark.parametrize("app", [("ru", SMALL), ("en", SMALL)], indirect=True)
def test_a_crowded_call_bar_keeps_its_prompt_whole_and_its_tiles_readable(app: App) -> None:
    setup = MatchSetup(coach="off", opponents=("efficient",) * 3, length="tonpuusen")
    screen = play_shots.play_until(app, lambda s: len(s._offers(s.my_legal())) >= 5, setup=setup,
                                   seeds=range(MANY_CALLS_SEED, MANY_CALLS_SEED + 1))
    app.render()
    area = app.layout.content()
    tiled = [b for b in screen.action_buttons if b.pieces]
    assert len(tiled) >= 4  # Pon and three chii choices
    assert all(tile_art.tile_size(b.tile_height(app))[0] >= 24 for b in tiled), [b.tile_height(app) for b in tiled]
    assert all(area.contains(b.rect) for b in screen.action_buttons)
    # the prompt: at most two lines, none cut, and the whole of one of its two forms
    width = screen.action_buttons[0].rect.left - area.left - app.layout.px(16)
    size = app.layout.font("small")
    lines = screen.prompt_shown
    assert 1 <= len(lines) <= 2 and all(app.text_width(line, size) <= width for line in lines), lines
    assert " ".join(lines) in (screen.prompt_text(), screen.short_prompt_text())
    assert screen.short_prompt_text() == ("Забрать эту плитку?" if app.settings.language == "ru" else "Call this tile?")


# ---------------------------------------------------------------- 1. three players: bigger rivers


def test_at_three_players_the_rivers_take_the_free_felt(app: App) -> None:
    screen = app.push("play", setup=MatchSetup(preset="sanma", coach="off"), seed=3)
    app.render()
    board, L = screen.board, app.layout
    assert tile_art.tile_size(board.river_h)[0] >= 24, board.river_h  # 21 px wide before
    c, t = board.center.rect, board.rect
    rows = 3 * board.river_h + 2 * max(1, round(board.river_h * 0.06))
    assert t.contains(c) and c.bottom + board.gap + rows <= t.bottom
    assert board.corner(app).width >= L.px(240)  # the coach's box keeps its width
    # the side rivers keep clear of the side players' rows
    for q in (1, 3):
        assert not board.river_rects[q].colliderect(board.seat_rects[q])


# ---------------------------------------------------------------- 2. who is who


def test_each_opponent_says_which_bot_plays_it(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    screen = app.push("play", setup=MatchSetup(coach="hints", opponents=MIXED), seed=5)
    screen.run_bots_until_learner()
    screen.rebuild()
    app.render()
    assert screen.seat_labels() == {1: ("Справа", "Мягкий"), 2: ("Напротив", "Сильный"), 3: ("Слева", "Осторожный")}
    board = screen.board
    plates = board.label_rects
    assert sorted(plates) == [1, 2, 3]
    for q, plate in plates.items():
        assert board.rect.contains(plate)
        assert not any(plate.colliderect(r) for r in board.seat_rects.values()), q
        assert not any(plate.colliderect(r) for r in board.river_rects.values()), q
        assert not plate.colliderect(board.center.rect)
        assert not plate.colliderect(screen.coach_box.rect)
    # the match result names them too, under each seat
    drawn: list[str] = []
    real = result.blit_text

    def spy(surf: Any, app_: Any, text: str, *args: Any, **kw: Any) -> Any:
        drawn.append(text)
        return real(surf, app_, text, *args, **kw)

    monkeypatch.setattr(result, "blit_text", spy)
    screen.show_match_end()
    app.render()
    assert {"Мягкий", "Сильный", "Осторожный"} <= set(drawn)


def test_a_lessons_table_has_no_name_plates(app: App) -> None:
    screen = app.push("play", preset="tenhou", bots="efficient", seed=5)
    app.render()
    assert screen.seat_labels() == {} and screen.board.label_rects == {}


# ---------------------------------------------------------------- 4. riichi's forced discards


def _forced(s: Any) -> bool:
    return s.round.seats[0].riichi and s.auto_discard() is not None


def test_after_riichi_the_drawn_tile_goes_by_itself(app: App) -> None:
    screen = play_shots.play_until(app, _forced, setup=MatchSetup(coach="off"))
    click(app, (2, 2))  # a mouse learner
    drawn, before = screen.round.seats[0].drawn, len(screen.round.seats[0].river)
    assert screen.prompt_text() == "Риичи: взятая плитка сама уйдёт в сброс."
    for _ in range(5):  # half a second: the learner sees the tile
        app.process([], 0.1)
    assert len(screen.round.seats[0].river) == before
    for _ in range(4):
        app.process([], 0.1)
    river = screen.round.seats[0].river
    assert len(river) == before + 1 and river[before].tile == drawn


def test_a_dialog_or_a_choice_stops_the_forced_discard(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    screen = play_shots.play_until(app, _forced, setup=MatchSetup(coach="off"))
    before = len(screen.round.seats[0].river)
    screen.back()  # the leave dialog is open
    for _ in range(20):
        app.process([], 0.1)
    assert screen.dialog is not None and len(screen.round.seats[0].river) == before
    # a win (or a kan, a North) on offer is a choice: the table waits
    screen.dialog = None
    legal = screen.my_legal()
    assert screen.auto_discard() is not None
    monkeypatch.setattr(screen, "my_legal", lambda: [*legal, Tsumo()])
    assert screen.auto_discard() is None


# ---------------------------------------------------------------- 3. undo: after resume, after riichi


def test_undo_survives_leaving_and_resuming_the_match(app: App) -> None:
    screen = _play_until(app, lambda s: s.can_undo() and any(isinstance(a, Discard) for a in s.my_legal()),
                         MatchSetup(coach="off", undo=True))
    path = screen.saver.save()
    assert path is not None
    resumed = app.push("play", resume=str(path))
    app.render()
    assert resumed.can_undo() and resumed.saver.undo_point() == screen.saver.undo_point()
    assert any(b.label == "Вернуть мой сброс" for b in resumed.action_buttons)
    resumed.undo()
    screen.undo()
    assert sorted(resumed.round.seats[0].concealed) == sorted(screen.round.seats[0].concealed)
    assert [list(s.river) for s in resumed.round.seats] == [list(s.river) for s in screen.round.seats]


def test_after_riichi_undo_takes_back_the_declaration(app: App) -> None:
    def riichi_then_forced(s: Any) -> bool:
        river = s.round.seats[0].river
        at = next((i for i, d in enumerate(river) if d.riichi), None)
        return at is not None and len(river) > at + 1 and s.auto_discard() is not None

    screen = _play_until(app, riichi_then_forced, MatchSetup(coach="off", undo=True))
    actions = screen.saver.recorder.log["hands"][-1]["actions"]
    point = screen.saver.undo_point()
    assert point is not None and actions[point] == [0, actions[point][1]] and actions[point][1]["type"] == "riichi"
    screen.undo()
    assert not screen.round.seats[0].riichi
    assert any(isinstance(a, Riichi) for a in screen.my_legal())
    assert screen.auto_discard() is None


def test_the_plain_undo_still_takes_back_one_discard(app: App) -> None:
    screen = _play_until(app, lambda s: s.can_undo() and not s.round.seats[0].riichi, MatchSetup(coach="off", undo=True))
    actions = screen.saver.recorder.log["hands"][-1]["actions"]
    point = screen.saver.undo_point()
    assert actions[point][0] == 0 and actions[point][1]["type"] == "discard"
    assert max(j for j, (seat, _data) in enumerate(actions) if seat == 0) == point
