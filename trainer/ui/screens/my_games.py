"""My games: every match the learner played, newest first, each opening in the replay viewer.

A row shows the date, the rules, how many hands were played, and the learner's place and
points (or "in progress").  A damaged file, a file that is not a game log, or a game
from a newer version is listed as unreadable with its name and the reason; it is never
deleted.
"""

from __future__ import annotations

from typing import Any

import pygame

from trainer.engine.game.saved import SavedGame, list_games
from trainer.i18n import _, ngettext
from trainer.ui.registry import register_screen
from trainer.ui.saved_games import games_dir
from trainer.ui.screens.base import Screen
from trainer.ui.theme import PALETTE
from trainer.ui.widgets import Widget, blit_text, draw_focus_ring, draw_panel

P = PALETTE


def game_line(g: SavedGame) -> tuple[str, str]:
    """(the row's main text, its right-hand text) for a saved game."""
    if not g.readable:
        return g.name, _("unreadable: {why}").format(why=g.problem)
    when = g.started[:16].replace("T", " ") if g.started else g.name
    main = f"{when}  ·  {g.rules}  ·  " + ngettext("{n} hand", "{n} hands", g.hands).format(n=g.hands)
    if not g.finished:
        right = _("in progress") + (f"  ·  {g.points}" if g.points is not None else "")
    else:
        right = _("place {p}  ·  {points}").format(p=g.place, points=g.points)
    return main, right


class GameRow(Widget):
    """One saved game; Enter or a click opens it (unreadable rows cannot be opened)."""

    def __init__(self, game: SavedGame, on_open: Any) -> None:
        super().__init__()
        self.game = game
        self.on_open = on_open
        self.enabled = game.readable
        self.focusable = game.readable

    def activate(self) -> None:
        """Open the game in the replay viewer."""
        if self.game.readable:
            self.on_open(self.game)

    def draw(self, surf: pygame.Surface, app: Any, focused: bool) -> None:
        """A paper row (muted for an unreadable file)."""
        L = app.layout
        bg = (P.card_alt if self.hovered else P.card) if self.game.readable else P.felt_dark
        draw_panel(surf, self.rect, bg, L.px(10), border=P.card_edge if self.game.readable else P.felt_line)
        main, right = game_line(self.game)
        ink = P.ink if self.game.readable else P.on_felt_muted
        size = L.font("small")
        r = blit_text(surf, app, right, size, P.wrong if not self.game.readable else ink,
                      (self.rect.right - L.px(14), self.rect.centery), anchor="midright", bold=self.game.readable,
                      max_width=self.rect.width * 3 // 5)
        blit_text(surf, app, main, size, ink, (self.rect.left + L.px(14), self.rect.centery), anchor="midleft",
                  max_width=r.left - self.rect.left - L.px(28))
        if focused:
            draw_focus_ring(surf, self.rect, L.px(10), L.px(2))


@register_screen("my_games")
class MyGamesScreen(Screen):
    """The learner's saved games."""

    def title(self) -> str:
        return _("My games")

    def build(self) -> None:
        self.games = list_games(games_dir(self.app))
        self.rows = [self.add(GameRow(g, self.open_game)) for g in self.games]

    def open_game(self, game: SavedGame) -> None:
        """The replay viewer on ``game``."""
        self.app.push("replay", path=str(game.path))

    def layout(self) -> None:
        L = self.app.layout
        area = L.content()
        h, gap = L.px(46), L.px(8)
        y = area.top + L.px(36) - self.scroll_y
        for row in self.rows:
            row.rect = pygame.Rect(area.left, y, area.width, h)
            row.clip = area
            y += h + gap
        self.max_scroll = max(0, y + self.scroll_y - area.bottom)

    def draw_content(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        area = L.content()
        if not self.games:
            text = _("No games yet: every match you play is saved here.")
        else:
            text = _("Choose a game to replay it and see the coach's review of your discards.")
        blit_text(surf, self.app, text, L.font("small"), P.on_felt_muted, (area.left, area.top), max_width=area.width)
