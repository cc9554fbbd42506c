"""The table's centre panel at every size it is drawn: the paifu lesson's replay table
(shown in turn with the record at 1024x600 and 1280x720) and the play screen's table (1024x600 to 1920x1080).
Whatever the panel's size, the four seat scores (turned to face their seats), the round name,
the honba and riichi-stick counters with their sticks, the dora row and the tiles left stay
inside the panel and none of them runs over another."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

import trainer.ui.views.table.center as center_mod  # noqa: E402
from tests.ui_events import click  # noqa: E402
from trainer.i18n import set_language  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.match_setup import MatchSetup  # noqa: E402
from trainer.ui.settings import Settings  # noqa: E402
from trainer.ui.views.table.center import CenterPanel  # noqa: E402
from trainer.ui.views.table.state import TableState  # noqa: E402


class Recorder(pygame.Surface):
    """A screen that remembers the rect of everything blitted onto it."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size, pygame.SRCALPHA)
        self.blits: list[tuple[pygame.Surface, pygame.Rect]] = []

    def blit(self, source, dest, area=None, special_flags=0):  # noqa: ANN001, ANN201
        r = super().blit(source, dest, area, special_flags)
        self.blits.append((source, pygame.Rect(r)))
        return r


def drawn_parts(app: App, panel: CenterPanel, state: TableState,
                monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, pygame.Rect]]:
    """Draw ``panel`` for ``state`` and name the rect of every text, image and stick it put on screen."""
    texts: dict[int, str] = {}
    real_text = App.text_surface

    def text_surface(self, text, *args, **kw):  # noqa: ANN001, ANN002, ANN003, ANN202
        img = real_text(self, text, *args, **kw)
        texts[id(img)] = text
        return img

    sticks: list[pygame.Rect] = []
    real_stick = center_mod.draw_stick
    rec = Recorder(app.surface.get_size())

    def draw_stick(surf, rect, **kw):  # noqa: ANN001, ANN003, ANN202
        if surf is rec:  # a counter's stick (a seat's riichi stick is part of its score label)
            sticks.append(pygame.Rect(rect))
        real_stick(surf, rect, **kw)

    with monkeypatch.context() as m:
        m.setattr(App, "text_surface", text_surface)
        m.setattr(center_mod, "draw_stick", draw_stick)
        panel.draw(rec, app, state, None)
    scores = {tuple(r): f"score of seat {seat}" for seat, r in panel.score_rects.items()}
    parts = [(texts.get(id(src)) or scores.get(tuple(r)) or f"image {src.get_size()}", r) for src, r in rec.blits]
    parts += [("counter stick", r) for r in sticks]
    return parts


def crowded(state: TableState, turn_quarter: int) -> TableState:
    """``state`` with every seat in riichi (a stick beside each score), long scores, two-digit
    counters and the turn at the seat on table edge ``turn_quarter`` (its turn marker)."""
    seats = tuple(dataclasses.replace(s, riichi=True, score=s.score + 13300 * (i % 2)) for i, s in enumerate(state.seats))
    turn = next(s.seat for s in state.seats if state.relative(s.seat) == turn_quarter)
    return dataclasses.replace(state, seats=seats, honba=12, sticks=10, current=turn)


def assert_apart(app: App, panel: CenterPanel, state: TableState, monkeypatch: pytest.MonkeyPatch,
                 where: str) -> None:
    parts = drawn_parts(app, panel, state, monkeypatch)
    names = [n for n, _r in parts]
    assert names.count("×" + str(state.honba)) + names.count("×" + str(state.sticks)) >= 2, (where, names)
    assert panel.round_label(state) in names and sum(n.startswith("score of") for n in names) == state.players
    for i, (name, r) in enumerate(parts):
        assert panel.rect.contains(r), (where, name, r, panel.rect)
        for other, r2 in parts[i + 1:]:
            assert not r.colliderect(r2), (where, name, r, other, r2)


def make_app(size: tuple[int, int], lang: str) -> App:
    a = App(size=size, settings=Settings(language=lang), progress=None, save=False)
    a.push("home")
    return a


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
def test_the_paifu_replay_tables_centre_panel_has_nothing_overlapping(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], lang: str) -> None:
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    app = make_app(size, lang)
    try:
        lesson = app.library().lessons["skill_paifu_reading"]
        index = next(i for i, s in enumerate(lesson.steps) if s.kind == "paifu" and s.ask is None)
        screen = app.push("lesson", lesson_id=lesson.id, step=index)
        app.process([], 1 / 60)
        app.render()
        view = screen.view
        assert view.toggle_btn.visible and not view.show_board  # 16:9: the record or the table, in turn
        click(app, view.toggle_btn.rect.center)
        assert view.view_mode == "table" and view.board_rect.width > 0
        panel = view.board.center
        state = view.frames[view.pos].state
        assert_apart(app, panel, state, monkeypatch, "start")
        for q in (1, 2, 3, 0):
            assert_apart(app, panel, crowded(state, q), monkeypatch, f"crowded, turn at edge {q}")
        panel.show_diff = True
        assert_apart(app, panel, crowded(state, 1), monkeypatch, "score differences")
    finally:
        app.close()
        set_language("ru")


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
def test_the_play_tables_centre_panel_has_nothing_overlapping(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], lang: str) -> None:
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    app = make_app(size, lang)
    try:
        screen = app.push("play", setup=MatchSetup(coach="off"), seed=1)
        app.render()
        panel = screen.board.center
        assert_apart(app, panel, screen.state, monkeypatch, "start")
        for q in (1, 3):
            assert_apart(app, panel, crowded(screen.state, q), monkeypatch, f"crowded, turn at edge {q}")
    finally:
        app.close()
        set_language("ru")
