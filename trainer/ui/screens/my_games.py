"""My games: every match the learner played, newest first, each opening in the replay viewer
(a match of the learner's own left unfinished: play on, or watch its replay).

A row shows when it was played (an imported game whose log does not say: when it was imported,
said so; one imported before the import time was kept apart: that its play date is not known, and
the day it was added — ``game_rows.game_when``), the rules, how many hands were played (or which hand was left in the middle), and the
learner's place and points (or "in progress").  A damaged file, a file that is not a game log, or a game
from a newer version is listed as unreadable with its name and the reason; it is never
deleted.

"Open a game" brings a tenhou.net/6 log (or one of our logs) in (screen ``game_import``); each
readable game can be exported as tenhou.net/6 JSON into the export folder, for other viewers
and review tools.

A game whose file reads but does not replay (a hand changed or cut short) is found by replaying it
(:func:`~trainer.ui.log_problems.replay_problem`, once per version of the file: the games not yet
checked are replayed a few at a time while the list is on screen) and listed as unreadable with the
hand to blame, without its Export button; "Play on" says why in the same words.
"""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame

from trainer.engine.game.exchange import export_game
from trainer.engine.game.records import RecordError
from trainer.engine.game.saved import SavedGame, list_games
from trainer.i18n import _
from trainer.ui import folders
from trainer.ui.log_problems import REPLAY_ERRORS, GameProblem, replay_known, replay_problem
from trainer.ui.registry import register_screen
from trainer.ui.saved_games import games_dir
from trainer.ui.screens.base import Screen
from trainer.ui.theme import PALETTE
from trainer.ui.views.game_rows import game_line, hands_text
from trainer.ui.widgets import Button, Widget, blit_text, draw_focus_ring, draw_panel

P = PALETTE
CHECK_SECONDS = 0.04
"""How long one frame of the list may spend replaying games not yet checked (at least one game)."""


def checked_game(game: SavedGame, problem: GameProblem | None) -> SavedGame:
    """``game`` as the list shows it once replayed: unreadable, with the reason in the learner's
    words, when its ``problem`` keeps it from replaying (it can then be neither watched nor played
    on); unchanged when it replays."""
    if problem is None or not game.readable:
        return game
    return replace(game, problem=problem.text(), problem_kind=None, resumable=False)


class GameRow(Widget):
    """One saved game; Enter or a click opens it (unreadable rows cannot be opened)."""

    def __init__(self, game: SavedGame, on_open: Any) -> None:
        super().__init__()
        self.game = game
        self.on_open = on_open
        self.enabled = game.readable
        self.focusable = game.readable

    def show_unreadable(self, game: SavedGame) -> None:
        """Show ``game`` (the same file, found not to replay) as an unreadable row."""
        self.game = game
        self.enabled = self.focusable = game.readable

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
        room = self.rect.width * 3 // 5
        if not self.game.readable:  # the reason gets all the room the file name leaves
            room = max(room, self.rect.width - app.text_width(main, size) - L.px(14) * 2 - L.px(28))
        r = blit_text(surf, app, right, size, P.wrong if not self.game.readable else ink,
                      (self.rect.right - L.px(14), self.rect.centery), anchor="midright", bold=self.game.readable,
                      max_width=room)
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
        self.games = [checked_game(g, replay_problem(g.path)) if g.readable and replay_known(g.path) else g
                      for g in list_games(games_dir(self.app))]
        self.unchecked = [g.path for g in self.games if g.readable and not replay_known(g.path)]
        self.open_btn = self.add(Button(_("Open a game"), lambda: self.app.push("game_import"), kind="secondary",
                                        size="small"))
        self.rows: list[GameRow] = []
        self.exports: list[Button | None] = []
        for g in self.games:
            self.rows.append(self.add(GameRow(g, self.open_game)))
            self.exports.append(self.add(Button(_("Export to tenhou.net/6"), lambda g=g: self.export(g),
                                                kind="ghost", size="small")) if g.readable and g.game != "mcr" else None)

    def initial_focus(self) -> int | None:
        """The newest readable game (the "Open a game" button when there is none)."""
        row = next((r for r in self.rows if r.focusable), None)
        return self.widgets.index(row if row is not None else self.open_btn)

    def open_game(self, game: SavedGame) -> None:
        """The replay viewer on ``game`` (riichi or Chinese Official); a match of the learner's own
        left in the middle first asks whether to play on (:meth:`resume`) or to watch it."""
        if game.resumable:
            body = _("You left this match in the middle ({progress}). Play on from where you stopped, or watch "
                     "the replay of what was played?").format(progress=hands_text(game))
            self.open_dialog(_("Unfinished match"), body,
                             [(_("Watch the replay"), lambda: self.watch(game), "secondary"),
                              (_("Play on"), lambda: self.resume(game), "primary")])
            return
        self.watch(game)

    def watch(self, game: SavedGame) -> None:
        """The replay viewer on ``game``."""
        self.app.push("replay", path=str(game.path))

    def resume(self, game: SavedGame) -> None:
        """Go on with the match left in the middle at the table it was played at (the MCR table
        for a Chinese Official game); a file that cannot be resumed is reported in the learner's
        words (the hand to blame), marked in the list and kept."""
        problem = replay_problem(game.path)
        if problem is None:
            try:
                self.app.push("mcr_play" if game.game == "mcr" else "play", resume=str(game.path))
                return
            except REPLAY_ERRORS as exc:
                while self.app.screen is not self:
                    self.app.pop()
                problem = GameProblem(exc)
        self.app.notify(_("This match cannot be resumed: {error}").format(error=problem.text()), "warn", 12)
        self.show_checked(game.path, problem)

    def update(self, dt: float) -> bool:
        """Replay the games not checked yet, for at most :data:`CHECK_SECONDS` a frame, and mark
        those that do not replay; True while some are left."""
        deadline = time.perf_counter() + CHECK_SECONDS
        while self.unchecked:
            path = self.unchecked.pop(0)
            self.show_checked(path, replay_problem(path))
            if time.perf_counter() >= deadline:
                break
        return bool(self.unchecked)

    def show_checked(self, path: Path, problem: GameProblem | None) -> None:
        """Show the game at ``path`` as its replay found it: a game that does not replay becomes an
        unreadable row without its Export button (the focus moves on if it was there)."""
        for i, row in enumerate(self.rows):
            if row.game.path != path or problem is None or not row.game.readable:
                continue
            self.games[self.games.index(row.game)] = game = checked_game(row.game, problem)
            had_focus = self.focused_widget() is row
            row.show_unreadable(game)
            export = self.exports[i]
            if export is not None:
                export.visible = export.focusable = False
            if had_focus:
                self.focus = self.initial_focus()
            self.app.invalidate()

    def focus_game(self, path: Path) -> None:
        """Focus the row of the game at ``path`` (a game just imported) and scroll it into view."""
        for row in self.rows:
            if row.game.path == path:
                self.set_focus(row)
                area = self.app.layout.content()
                if row.rect.bottom > area.bottom:
                    self.scroll(row.rect.bottom - area.bottom)
                return

    def export(self, game: SavedGame) -> None:
        """Write ``game`` as tenhou.net/6 JSON into the export folder and say which file was written
        (four- and three-player riichi games; a three-player game as tenhou's 三麻 logs).  A game
        the engine cannot write, or an error the export did not expect, is one clear line, not the
        app's crash notice."""
        folder = folders.export_folder()
        out = folder / f"{game.path.stem}.tenhou6.json"
        n = 1
        while out.exists():
            n += 1
            out = folder / f"{game.path.stem}.tenhou6-{n}.json"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            export_game(game.path, out)
        except RecordError as exc:
            self.app.notify(_("Could not export: {error}").format(error=str(exc).splitlines()[0]), "error", 12)
            return
        except OSError as exc:
            self.app.notify(_("Could not export: {error}").format(error=str(exc).splitlines()[0]), "error", 12)
            return
        except Exception as exc:  # noqa: BLE001 - an engine fault: one line, the app keeps running
            first = (str(exc).splitlines() or [type(exc).__name__])[0]
            self.app.notify(_("Could not export this game: the app met an error it did not expect ({error}).").format(
                error=first), "error", 12)
            return
        self.app.notify(_("Exported to {path}").format(path=out), "ok", 12)

    def layout(self) -> None:
        L = self.app.layout
        area = L.content()
        b = self.open_btn
        b.rect = pygame.Rect(0, 0, b.preferred_width(self.app), L.px(40))
        b.rect.topright = (area.right, area.top - L.px(4))
        h, gap = L.px(46), L.px(8)
        ew = max((e.preferred_width(self.app) for e in self.exports if e is not None), default=0)
        y = area.top + L.px(48) - self.scroll_y
        for row, exp in zip(self.rows, self.exports, strict=True):
            row.rect = pygame.Rect(area.left, y, area.width - (ew + gap if ew else 0), h)
            row.clip = area
            if exp is not None:
                exp.rect = pygame.Rect(area.right - ew, y, ew, h)
                exp.clip = area
            y += h + gap
        self.max_scroll = max(0, y + self.scroll_y - area.bottom)

    def draw_content(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        area = L.content()
        if not self.games:
            text = _("No games yet: every match you play is saved here.")
        else:
            text = _("Choose a game to replay it with the coach's review, or to play on with an unfinished "
                     "match.") if any(g.resumable for g in self.games) else \
                _("Choose a game to replay it and see the coach's review of your discards.")
        blit_text(surf, self.app, text, L.font("small"), P.on_felt_muted, (area.left, area.top + L.px(8)),
                  max_width=self.open_btn.rect.left - area.left - L.px(16))
