"""Open a game: bring a tenhou.net/6 log (or one of our own game logs) into "My games".

The learner picks a JSON file found in the export folder, the home folder or Downloads
(the way progress import offers files), or pastes the JSON from the clipboard.  The
engine (:func:`trainer.engine.game.exchange.read_source`) replays every hand; for a
tenhou.net/6 log the learner then says which player they were (the names in the log, a bot's
id shown by its name in the match setup; the player with the learner's own name is offered
first), and the game is written as a new file of the learner's saved games with that seat as
the learner's — the seat the review, the replay and the discard puzzles look at.  A file it
cannot read is reported in a banner at the bottom of the window (the list of files keeps clear of
it and scrolls) and nothing in "My games" changes; a log with more copies of a tile than a set
holds says which tile and how often.  A game that is in "My games" already (the same hands, the
same seat) is not added again: a banner says so and "My games" shows the one it has.  Why a file
cannot be opened is said in the learner's words only (:func:`import_problem_text`, as "My games"
says it); the engine's English line goes to the log, never on screen.
"""

from __future__ import annotations

import json
import logging
import re
import stat
from pathlib import Path
from typing import Any

import pygame

from trainer.engine.game.exchange import AlreadySaved, read_source, save_import, seat_choices
from trainer.engine.game.log_files import LoadedLog
from trainer.engine.game.saved import MAX_GAME_BYTES, read_regular_file
from trainer.i18n import _, format_points, ngettext
from trainer.progress.names import shown_name
from trainer.textio import decode_text
from trainer.ui import folders
from trainer.ui.log_problems import REPLAY_ERRORS, game_problem_text
from trainer.ui.match_setup import player_display_names
from trainer.ui.registry import register_screen
from trainer.ui.saved_games import LEARNER_SEAT, games_dir
from trainer.ui.screens.base import Screen
from trainer.ui.theme import PALETTE
from trainer.ui.views.steps.base import WIND_NAMES
from trainer.ui.views.table.center import ROUND_NAMES
from trainer.ui.widgets import Card, blit_wrapped

P = PALETTE
MAX_FILES = 8
BLANK_BYTES = 4096
"""A file this small is looked at for being blank (spaces only) when it is not JSON."""
_HAND_NAMED = re.compile(r"^hand (\d+)\b")
"""The engine's line about one hand of the log («hand 2, action 5: …»), its number in the file."""

log = logging.getLogger(__name__)


def clipboard_available() -> bool:
    """Whether this pygame can read text from the system clipboard."""
    return hasattr(pygame.scrap, "get_text")


def clipboard_text() -> str:
    """The text on the system clipboard ("" when there is none or it cannot be read)."""
    try:
        return pygame.scrap.get_text() or ""
    except (pygame.error, AttributeError):
        return ""


def saved_game_label(path: Path) -> str:
    """A saved game as the learner finds it in My games: its date, its rules and its hands
    («2026-11-28 14:05 · Tenhou · 9 hands», the row's own words), not its file name; the file name
    only when the file cannot be read."""
    from trainer.engine.game.saved import read_game
    from trainer.ui.views.game_rows import game_line

    g = read_game(path)
    if not g.readable:
        return path.name
    # the row's own words: its date (or «импортирована …» when the log did not say when it was played),
    # its rules and its hands
    return " · ".join(part.strip() for part in game_line(g)[0].split("·"))


def file_error(exc: Exception, path: Path) -> str:
    """The banner for a file that cannot be opened, the file named once at the start («truncated.json
    cannot be opened: hand 1 is cut short …»), never as a second «…: file: why»."""
    why = short_error(exc, path).removeprefix(f"{path.name}: ")
    return _("{file} cannot be opened: {error}").format(file=path.name, error=why)


def short_error(exc: BaseException, path: Path | None = None) -> str:
    """The reason a game cannot be opened, in the learner's words (:func:`import_problem_text`),
    after the file's name when it came from a file; the engine's English line goes to the log."""
    log.warning("cannot open the game%s: %s", "" if path is not None else " pasted from the clipboard", exc)
    why = import_problem_text(exc, path)
    return f"{path.name}: {why}" if path is not None else why


def import_problem_text(exc: BaseException, path: Path | None = None) -> str:
    """Why a game cannot be opened, as "My games" says it
    (:func:`~trainer.ui.log_problems.game_problem_text`: not a game log, a newer version, not JSON,
    a tile more often than a set has, «hand 2 is damaged …» for an engine error about one hand,
    else «the file is damaged»); «the file is empty» for a blank file."""
    if path is not None and getattr(exc, "kind", None) == "not_json" and blank_file(path):
        return _("the file is empty")
    return game_problem_text(exc, getattr(exc, "hand", None) or named_hand(exc, path))


def named_hand(exc: BaseException, path: Path | None = None) -> int | None:
    """The hand the engine's error names first («hand 2, action 5: …», after the file's path), if any."""
    text = str(exc)
    if path is not None:
        text = text.removeprefix(f"{path}: ")
    found = _HAND_NAMED.match(text)
    return int(found.group(1)) if found else None


def blank_file(path: Path) -> bool:
    """Whether ``path`` holds nothing but spaces and line ends (a byte order mark allowed)."""
    try:
        return not decode_text(read_regular_file(path, BLANK_BYTES)).strip()
    except (OSError, UnicodeDecodeError):
        return False


def unfit_file(path: Path) -> str:
    """Why ``path`` is not read as a game at all: not a regular file (a pipe or a device: never waited
    on) or larger than any game log (:data:`~trainer.engine.game.saved.MAX_GAME_BYTES`); "" when it
    may be read (a file that is not there says so when it is read)."""
    try:
        info = path.stat()
    except OSError:
        return ""
    if not stat.S_ISREG(info.st_mode):
        return _("the file cannot be read")
    if info.st_size > MAX_GAME_BYTES:
        return _("the file is larger than {size} KB").format(size=MAX_GAME_BYTES // 1024)
    return ""


@register_screen("game_import")
class GameImportScreen(Screen):
    """Choose a game-log file (or paste one) to add it to "My games"."""

    def title(self) -> str:
        return _("Open a game")

    pending: LoadedLog | None = None

    def build(self) -> None:
        self.cards: list[Card] = []
        if self.pending is not None:
            self.files = []
            choices = seat_choices(self.pending)
            shown = player_display_names([name for _seat, name, _points in choices])
            for (seat, _name, points), name in zip(choices, shown, strict=True):
                self.cards.append(self.add(Card(name, self.seat_line(seat, points),
                                                lambda s=seat: self.import_as(s))))
            return
        self.files = folders.json_files(MAX_FILES)
        if clipboard_available():
            self.cards.append(self.add(Card(_("Paste from the clipboard"),
                                            _("A tenhou.net/6 log copied as JSON text"), self.paste)))
        self.cards += [self.add(Card(p.name, str(p.parent), lambda p=p: self.open_file(p))) for p in self.files]

    def seat_line(self, seat: int, points: int | None) -> str:
        """Under a player's name: the seat and wind in the first hand, and the points at the end."""
        wind = self.app.term_text(WIND_NAMES["ESWN"[seat]])
        if points is None:
            return _("Seat {n}: {wind} in the first hand").format(n=seat + 1, wind=wind)
        return ngettext("Seat {n}: {wind} in the first hand; {points} point at the end",
                        "Seat {n}: {wind} in the first hand; {points} points at the end", points).format(
            n=seat + 1, wind=wind, points=format_points(points))

    def initial_focus(self) -> int | None:
        if self.pending is None or not self.cards:
            return super().initial_focus()
        mine = learner_name(self.app).casefold()
        names = [name.casefold() for _seat, name, _pts in seat_choices(self.pending)]
        return self.widgets.index(self.cards[names.index(mine) if mine in names else 0])

    def open_file(self, path: Path) -> None:
        """Read the game in ``path``; a bad file is named in a banner and nothing changes (a pipe, a
        device or a file larger than any game log is not read at all)."""
        unfit = unfit_file(path)
        if unfit:
            self.refuse_file(_("{file} cannot be opened: {error}").format(file=path.name, error=unfit), path)
            return
        try:
            loaded = read_source(path)
        except REPLAY_ERRORS as exc:
            self.refuse_file(file_error(exc, path), path)
            return
        self.read(loaded)

    def refuse_file(self, text: str, path: Path) -> None:
        """Say in a banner why the file at ``path`` was not opened; its card stays in view above it."""
        self.app.notify(text, "error", 12)
        self.keep_clear_of_notices(path)

    def notice_rect(self, text: str) -> pygame.Rect:
        """Where a notice goes on this screen: at the bottom of the window, below the list of files
        (the screen has no button bar there); the list keeps clear of it (:meth:`layout`)."""
        L = self.app.layout
        size = L.font("small")
        width = min(L.width - 2 * L.margin, L.px(900))
        lines = self.app.wrap(text, size, width - L.px(40))
        rect = pygame.Rect(0, 0, width, len(lines) * self.app.line_height(size) + L.px(24))
        rect.midbottom = (L.width // 2, L.height - L.px(10))
        return rect

    def list_bottom(self) -> int:
        """Where the list of files ends: the content's bottom, or above a notice shown under it."""
        L = self.app.layout
        tops = [b.rect(self.app).top for b in getattr(self.app, "banners", ())]
        return min([L.content().bottom, *(top - L.px(10) for top in tops)])

    def keep_clear_of_notices(self, path: Path | None = None) -> None:
        """Lay the list out again above the notice just shown, the card of ``path`` scrolled into view."""
        self.relayout()
        self._notices = self._notice_key()
        card = next((c for c, p in zip(self.file_cards(), self.files, strict=False) if p == path), None)
        if card is not None:
            self.ensure_visible(card)

    def file_cards(self) -> list[Card]:
        """The cards of the files found (after the clipboard's card, when there is one)."""
        return self.cards[len(self.cards) - len(self.files):] if self.files else []

    def ensure_visible(self, widget: Any) -> None:
        """Scroll so that ``widget`` lies inside the list (above a notice shown under it)."""
        L = self.app.layout
        bottom = self.list_bottom()
        if widget.rect.bottom > bottom:
            self.scroll(widget.rect.bottom - bottom + L.px(8))
        elif widget.rect.top < L.content().top:
            self.scroll(widget.rect.top - L.content().top - L.px(8))

    def _notice_key(self) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(b.rect(self.app)) for b in getattr(self.app, "banners", ()))

    def update(self, dt: float) -> bool:
        """A notice came or went: the list takes the room it leaves, or keeps clear of it."""
        key = self._notice_key()
        if key != getattr(self, "_notices", ()):
            self._notices = key
            self.relayout()
            return True
        return False

    def paste(self) -> None:
        """Read the game log pasted from the clipboard as JSON text."""
        text = clipboard_text().strip()
        if not text:
            self.app.notify(_("The clipboard is empty: copy a tenhou.net/6 log (JSON text) first."), "error", 10)
            return
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            self.app.notify(_("The clipboard does not hold a game log: line {line}: not JSON ({error})").format(
                line=exc.lineno, error=exc.msg), "error", 12)
            self.keep_clear_of_notices()
            return
        try:
            loaded = read_source(data)
        except REPLAY_ERRORS as exc:
            self.app.notify(_("This game cannot be opened: {error}").format(error=short_error(exc)), "error", 12)
            self.keep_clear_of_notices()
            return
        self.read(loaded)

    def read(self, loaded: LoadedLog) -> None:
        """A game was read: a tenhou.net/6 log asks which player the learner was; our own log keeps
        the seat it names (the learner's seat when it was saved by the app).  An error shown about
        a file read before goes: it is not about this one."""
        self.app.withdraw("error")
        if loaded.kind == "tenhou6":
            self.pending = loaded
            self.scroll_y = 0
            self.focus = None  # the seat cards take the place of the file list
            self.rebuild()
            self.focus = self.initial_focus()
            return
        self.pending = loaded
        self.import_as(int(loaded.log.get("learner_seat", LEARNER_SEAT)))

    def import_as(self, seat: int) -> None:
        """Write the game read as a new saved game with the learner at ``seat``."""
        loaded, self.pending = self.pending, None
        if loaded is None:
            return
        try:
            new = save_import(loaded, games_dir(self.app), learner_seat=seat)
        except AlreadySaved as exc:  # the same game again: no second copy; back to it in My games
            # TRANSLATORS: {game} is the game as My games lists it (ru: «2026-11-28 14:05 · Tenhou · 9 раздач»).
            self.app.notify(_("This game is already in My games: {game}. It was not added again.").format(
                game=saved_game_label(exc.path)), "warn", 10)
            self.app.pop()
            top = self.app.screen
            if top is not None and hasattr(top, "focus_game"):
                top.focus_game(exc.path)
            return
        except OSError as exc:  # the games folder cannot be written
            log.warning("cannot save the imported game: %s", exc)
            self.app.notify(_("The game could not be added to My games: its folder cannot be written."), "error", 12)
            self.rebuild()
            return
        except REPLAY_ERRORS as exc:
            self.app.notify(_("This game cannot be opened: {error}").format(error=short_error(exc)), "error", 12)
            self.rebuild()
            return
        self.done(new, loaded)

    def done(self, path: Path, loaded: Any) -> None:
        """Back to "My games" with the new game focused; say what the import found."""
        hands = ngettext("{n} hand", "{n} hands", len(loaded.log.get("hands", []))).format(
            n=len(loaded.log.get("hands", [])))
        if loaded.notes:
            text = ngettext("Game added to My games ({hands}); {n} difference from our scoring: {first}",
                            "Game added to My games ({hands}); {n} differences from our scoring: {first}",
                            len(loaded.notes)).format(hands=hands, n=len(loaded.notes),
                                                      first=difference_text(loaded.notes[0]))
            self.app.notify(text, "warn", 15)
        else:
            self.app.notify(_("Game added to My games ({hands}).").format(hands=hands), "ok", 8)
        self.app.pop()
        top = self.app.screen
        if top is not None and hasattr(top, "focus_game"):
            top.focus_game(path)

    def layout(self) -> None:
        L = self.app.layout
        c = L.content()
        bottom = self.list_bottom()
        listed = pygame.Rect(c.left, c.top, c.width, max(0, bottom - c.top))
        y = c.top + L.px(64) - self.scroll_y
        h, gap = L.px(80), L.px(10)
        for card in self.cards:
            card.rect = pygame.Rect(c.left, y, c.width, h)
            card.clip = listed
            y += h + gap
        self.max_scroll = max(0, y + self.scroll_y - bottom)
        if self.scroll_y > self.max_scroll:  # the notice went: the list is whole again
            self.scroll_y = self.max_scroll
            self.layout()

    def draw_content(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        c = L.content()
        if self.pending is not None:
            text = _("Which player were you? The review and the discard puzzles look at this seat.")
        elif self.files:
            text = _("Choose a tenhou.net/6 log or a game saved by the trainer. Files are looked for in {folder}, "
                     "your home folder and Downloads.").format(folder=folders.export_folder())
        else:
            text = _("No JSON files found. Put the game log in {folder} and open this screen again.").format(
                folder=folders.export_folder())
        blit_wrapped(surf, self.app, text, L.font("small"), P.on_felt, pygame.Rect(c.left, c.top, c.width, L.px(56)),
                     max_lines=2)


def hand_name(kyoku: int, honba: int = 0) -> str:
    """A hand as the table names it: «East 1», with its counters when there are any («South 2, 1
    honba»)."""
    name = _("{wind} {n}").format(wind=_(ROUND_NAMES[kyoku // 4 % 4]), n=kyoku % 4 + 1)
    if not honba:
        return name
    return ngettext("{hand}, {n} honba", "{hand}, {n} honba", honba).format(hand=name, n=honba)


def _seat(seat: int) -> int:
    """A seat as the screen numbers it (the log's seat 0 is the first)."""
    return int(seat) + 1


def _signed(points: Any) -> str:
    return format_points(int(points), signed=True)


def _end_words(kind: str) -> str:
    """How our engine ended a hand, in words."""
    return {"ron": _("a win by ron"), "tsumo": _("a self-drawn win (tsumo)"),
            "exhaustive": _("a draw with the wall empty"), "abortive": _("an abortive draw")}.get(kind, kind)


def _why_words(why: dict[str, Any]) -> str:
    """One reason a win is paid differently (the engine's data), in words."""
    kind = why.get("kind")
    if kind == "fu_han":
        return _("the log counts {log_fu} fu and {log_han} han, we count {fu} fu and {han} han").format(**why)
    if kind == "yaku_missing":
        return _("the log counts yaku we do not: {yaku}").format(yaku=", ".join(why["yaku"]))
    if kind == "yaku_added":
        return _("we count yaku the log does not: {yaku}").format(yaku=", ".join(why["yaku"]))
    if why.get("second"):
        return _("the second winner's payment is split differently (honba, riichi sticks or pao)")
    return _("the payment is split differently (honba, riichi sticks or pao)")


def difference_text(note: Any) -> str:
    """One difference an import found between the log and our scoring, in the learner's language,
    from the figures the engine gives with it (:class:`~trainer.engine.game.tenhou6_read.ImportNote`);
    seats numbered as the seat cards number them (from 1).  A note without figures stays as it is."""
    d = getattr(note, "data", None)
    if not isinstance(d, dict):
        return str(note)
    kind = d.get("kind")
    if kind == "unfinished":
        return ngettext("the log ends after {n} hand; by our rules the match is not over",
                        "the log ends after {n} hands; by our rules the match is not over", d["hands"]).format(
            n=d["hands"])
    hand = hand_name(d.get("kyoku", 0), d.get("honba", 0))
    if kind == "payment":
        text = _("in {hand}, seat {seat} gets {log} by the log and {ours} by our count — {why}").format(
            hand=hand, seat=_seat(d["seat"]), log=_signed(d["log"]), ours=_signed(d["ours"]),
            why="; ".join(_why_words(w) for w in d.get("why", ())))
        if d.get("others"):
            text += " " + ngettext("(one more seat's payment differs too)", "({n} more seats' payments differ too)",
                                   d["others"]).format(n=d["others"])
        return text
    if kind == "winner":
        return _("in {hand}, the log has seat {seat} winning, our engine does not").format(hand=hand, seat=_seat(d["seat"]))
    if kind == "no_win":
        return _("in {hand}, the log has a win, our engine ends the hand with {ours}").format(
            hand=hand, ours=_end_words(d["ours"]))
    if kind == "no_draw":
        return _("in {hand}, the log has a draw with the wall empty, our engine ends the hand with {ours}").format(
            hand=hand, ours=_end_words(d["ours"]))
    if kind == "draw_payments":
        return _("in {hand}, the payments at the draw differ — {log} by the log, {ours} by our count").format(
            hand=hand, log=" / ".join(_signed(x) for x in d["log"]), ours=" / ".join(_signed(x) for x in d["ours"]))
    if kind == "abort":
        return _("in {hand}, the log ends the hand in an abortive draw ({name}), our engine with {ours}").format(
            hand=hand, name=d["name"], ours=_end_words(d["ours"]))
    if kind == "position":
        return ngettext("in {hand}, our replay is at {ours}, with {n} riichi stick on the table",
                        "in {hand}, our replay is at {ours}, with {n} riichi sticks on the table",
                        d["ours_sticks"]).format(hand=hand, ours=hand_name(d["ours_kyoku"], d["ours_honba"]),
                                                 n=d["ours_sticks"])
    if kind == "start_scores":
        return _("in {hand}, the log starts with {log} points, our replay with {ours}").format(
            hand=hand, log=" / ".join(format_points(x) for x in d["log"]),
            ours=" / ".join(format_points(x) for x in d["ours"]))
    return str(note)


def learner_name(app: Any) -> str:
    """The current learner's name ("" without a progress store)."""
    store, learner = getattr(app, "progress", None), getattr(app, "learner_id", None)
    try:
        return shown_name(str(store.learner(learner).name)) if store is not None and learner is not None else ""
    except (KeyError, AttributeError):
        return ""
