"""A training game's setup: the rulebook's variations of one game, chosen before its table.

The «Тренировочные игры» list opens this screen for a game that offers a choice (a game
whose every option is fixed opens its table directly).  Each option the engine offers with
more than one value (:func:`trainer.ui.training_setup.setup_options`, from the mode file)
is one block: its label with the rulebook lines it comes from, a segmented row (or an
on/off switch), and a one-line note on the chosen value.  The blocks sit in two columns
(an option whose values need the width takes a whole row) and scroll when they do not fit.
Every change is checked at once through the same path a lesson's ``play`` step takes
(``table_setup`` with the choice as ``rules``, :func:`trainer.ui.training_setup.table_for`): a
refused combination says why in the learner's language, with what to change
(:func:`~trainer.ui.training_setup.refusal_text`), and Start waits until it is fixed.
"Start" (Enter) remembers the choice (settings field ``training_setup``) and opens ``play_simple`` with it as ``rules``; Back
(Esc) returns to the list.  A game of several hands left in the middle (saved by its table) is
offered first: "Continue" (Enter) opens it as it stood, "New game" starts afresh with the options
shown.

A child (profile "child") sees only the player count, as three big buttons ("2 players" …)
that start the game at once: the other options are rules a child has not met (jokers,
payments, a guess rule), and a number of players is the one choice a six-year-old can make
by themselves — only the counts the game's tiles can seat are offered, and the game's other
options are its defaults; a game without that choice opens directly.  The children's own
games (the children's home → Games, params ``kids=True``, ``hands``, ``pon``) add above them
the hand sizes the child has met in the children's lessons (big buttons, the largest chosen
first) and, once a lesson has shown pon, a grown-up's «pon» switch below them
(:func:`~trainer.ui.training_setup.child_progress`, :func:`~trainer.ui.training_setup.child_options`);
their table is the children's table (big tiles, «ты»).  Kunto's step-by-step
procedure is not an option here: it has its own card beside the game.
"""

from __future__ import annotations

import re
from typing import Any

import pygame

from trainer.engine.game.simple_modes import PlayMode, get_mode
from trainer.i18n import _, ngettext, points_text
from trainer.ui.registry import register_screen
from trainer.ui.screens.base import Screen
from trainer.ui.sources import source_text
from trainer.ui.theme import PALETTE
from trainer.ui.training_setup import (
    child_options,
    game_reference,
    has_notes,
    option_label,
    option_reference,
    read_saved_game,
    refusal_text,
    remembered_choices,
    saved_game_path,
    set_played_instead,
    setup_options,
    store_choices,
    substituted_note,
    table_for,
    tiles_table,
    value_name,
    value_note,
)
from trainer.ui.views.lesson_order import is_child
from trainer.ui.widgets import Button, OptionRow, Toggle, blit_text, blit_wrapped, fit_line, wrapped_lines

P = PALETTE


def effective_value(setup: Any, key: str) -> Any:
    """The value of option ``key`` a table setup ended up with (the tile set by its name)."""
    return setup.tileset.name if key == "tiles" else getattr(setup, key)


@register_screen("training_setup")
class TrainingSetupScreen(Screen):
    """One block per option of a training game, and Start; a child's version has the player
    count only, as big buttons.  Params: ``mode`` (the game's mode id), ``title`` (its name)."""

    def title(self) -> str:
        if self.params.get("title"):
            return str(self.params["title"])
        term = self.mode.title  # opened without the card's name: the glossary's name of the game
        try:
            return self.app.glossary().term(term).plain_name(self.app.settings.language) if term else self.mode.name
        except (KeyError, LookupError):
            return self.mode.name

    @property
    def mode(self) -> PlayMode:
        """The game's mode as its file describes it."""
        return get_mode(str(self.params["mode"]))

    def build(self) -> None:
        mode = self.mode
        self.child = is_child(self.app.settings)
        hands = tuple(self.params.get("hands") or ())
        pon = bool(self.params.get("pon"))
        if not hasattr(self, "choices"):  # only the values that differ from the mode's defaults
            self.choices: dict[str, Any] = remembered_choices(self.app.settings.training_setup, mode.name)
            if self.child:  # a child plays the game's own rules at the table size chosen
                self.choices = self._child_choices(hands, pon)
        options = child_options(mode, hands, pon, self.choices) if self.child else setup_options(mode)
        if self.child:  # a player count these tiles cannot seat (a bigger hand chosen) is not kept
            counts = dict(options).get("players", ())
            if self.choices.get("players") not in (*counts, None):
                self.choices.pop("players")
        self.error = ""
        self.table, refused = table_for(mode.name, self.choices)
        # the set shown and its note: the table's, or for a refused table the set it would play
        self.tiles_table = tiles_table(mode, self.choices, self.table) if not self.child else self.table
        if refused is not None:
            played = set_played_instead(self.tiles_table)
            self.error = refusal_text(refused, [k for k, _v in options], played=played) or re.sub(
                rf"^(mode )?{re.escape(mode.name)}: ", "", str(refused).splitlines()[0] if str(refused) else "")
        self.blocks: list[tuple[str, str, str, Any]] = []  # (option, label, note, widget)
        self.noted: set[str] = set()  # options with a note under some value: room is kept for it
        self.kid_buttons: list[Button] = []  # the player counts: a tap starts the game
        self.kid_hands: list[Button] = []  # the hand sizes: a tap chooses one
        self.kid_pon: Toggle | None = None  # the grown-up's pon switch
        self.kid_titles: list[tuple[str, int]] = []  # the questions above the rows (placed by the layout)
        for key, values in options:
            current = self.current(key)
            if self.child and key == "hand":
                for v in values:
                    b = Button(ngettext("{n} tile", "{n} tiles", v).format(n=v), lambda v=v: self._set("hand", v),
                               kind="primary" if v == current else "secondary", size="h2")
                    self.kid_hands.append(self.add(b))
                continue
            if self.child and key == "calls":
                self.kid_pon = self.add(Toggle(current == "pon", lambda on: self._set("calls", "pon" if on else "none")))
                continue
            if self.child:
                for v in values:
                    b = Button(ngettext("{n} player", "{n} players", v).format(n=v), lambda v=v: self._kid_start(v),
                               kind="primary" if v == current else "secondary", size="h2", hotkey=str(v))
                    self.kid_buttons.append(self.add(b))
                continue
            if all(isinstance(v, bool) for v in values):
                widget = Toggle(bool(current), lambda on, k=key: self._set(k, on))
            else:
                widget = OptionRow([(v, value_name(mode, key, v)) for v in values], current,
                                   lambda v, k=key: self._set(k, v))
            note = substituted_note(mode, self.tiles_table, key, self.choices) or value_note(mode, key, current)
            self.blocks.append((key, option_label(key), note, self.add(widget)))
            if has_notes(key, values) or note:
                self.noted.add(key)
        self.asks_players = bool(self.kid_buttons)
        if self.child and not self.kid_buttons and (self.kid_hands or self.kid_pon is not None):
            # the tiles chosen seat one player count only: one button starts the game
            self.kid_buttons.append(self.add(Button(_("Let's play!"), self.begin, kind="primary", size="h2")))
        self.start: Button | None = None
        self.resume: Button | None = None  # a game of several hands left in the middle
        self.saved = None if self.child else read_saved_game(saved_game_path(self.app, mode.name))
        if not self.child:
            if self.saved is not None:
                self.resume = self.add(Button(_("Continue"), self.continue_game, kind="primary", hotkey="Enter"))
            self.start = self.add(Button(_("New game") if self.saved is not None else _("Start"), self.begin,
                                         kind="secondary" if self.saved is not None else "primary",
                                         hotkey=None if self.saved is not None else "Enter"))
            self.start.enabled = not self.error

    def _child_choices(self, hands: tuple[int, ...], pon: bool) -> dict[str, Any]:
        """A child's remembered choice kept where it is still offered: the hand size among the
        sizes met (else the largest of them: the child's lessons have got that far), the pon
        switch where a grown-up may turn it on, and the player count."""
        mode = self.mode
        remembered = self.choices
        out: dict[str, Any] = {}
        if hands:
            hand = remembered.get("hand") if remembered.get("hand") in hands else max(hands)
            if hand != mode.defaults.get("hand"):
                out["hand"] = hand
        if pon and remembered.get("calls") == "pon":
            out["calls"] = "pon"
        if "players" in remembered:
            out["players"] = remembered["players"]
        return out

    def current(self, key: str) -> Any:
        """The value an option shows: the table's (after the engine's own substitutions, such as
        the honors of the half-abundance variation; a set the table plays with dragons added shows
        as the set chosen when the other is not offered), else the choice, else the mode's default.
        A refused table still shows the tile set it would play (:func:`tiles_table`), the set its
        refusal counts."""
        table = self.table if self.table is not None or key != "tiles" else getattr(self, "tiles_table", None)
        if table is not None:
            value = effective_value(table, key)
            chosen = getattr(table, "tiles_chosen", "")  # a set the table plays with dragons added
            if key == "tiles" and chosen and value not in self.mode.options().get("tiles", ()):
                return chosen
            return value
        return self.choices.get(key, self.mode.defaults.get(key))

    def continue_game(self) -> None:
        """Open the game left in the middle, as it stood (its own options, not the ones shown)."""
        self.app.push("play_simple", resume=str(saved_game_path(self.app, self.mode.name)), kids=False)

    def saved_text(self) -> str:
        """The game left in the middle in one line: its hand and the learner's points as they stand
        (after a hand that has ended, its payments too; an older save without them: the hand's start)."""
        saved = self.saved or {}
        try:
            points = int(saved["points"][0]) if "points" in saved else int(saved["hand_start"][0][0])
            hand = int(saved.get("match_hands", 0)) + 1
        except (KeyError, IndexError, TypeError, ValueError):
            return ""
        return _("You left a game at hand {n} with {p}: “Continue” plays on, “New game” starts afresh.").format(
            n=hand, p=points_text(points))

    def initial_focus(self) -> int | None:
        if self.resume is not None:
            return self.widgets.index(self.resume)
        if self.start is not None:
            return self.widgets.index(self.start)
        primary = next((b for b in self.kid_buttons if b.kind == "primary"), None) or next(
            iter(self.kid_buttons), None)
        return self.widgets.index(primary) if primary is not None else super().initial_focus()

    def _set(self, key: str, value: Any) -> None:
        if value == self.mode.defaults.get(key):
            self.choices.pop(key, None)
        else:
            self.choices[key] = value
        self.rebuild()

    def choose(self, n: int) -> bool:
        """A child presses the number of players (the digit on the button) to start with them."""
        for b in self.kid_buttons:
            if b.hotkey == str(n) and b.enabled and b.visible:
                b.activate()
                return True
        return super().choose(n)

    def _kid_start(self, players: Any) -> None:
        self._set("players", players)
        self.begin()

    def submit(self) -> bool:
        """Enter starts the game (on a child's button it starts with that many players)."""
        w = self.focused_widget()
        if w in self.kid_buttons or w in self.kid_hands or (w is not None and w is self.kid_pon):
            w.activate()
            return True
        if w is self.back_button:
            return False
        if self.resume is not None and w is not self.start:  # Enter continues the game left in the middle
            self.continue_game()
            return True
        self.begin()
        return True

    def begin(self) -> None:
        """Remember the choice and open the table with it, unless the engine refuses it."""
        if self.error:
            self.app.notify(self.error, "error")
            return
        mode = self.mode.name
        self.app.remember(training_setup=store_choices(self.app.settings.training_setup, mode, self.choices))
        # the children's games play at the children's table (big tiles, «ты»)
        self.app.push("play_simple", mode=mode, rules=dict(self.choices), kids=bool(self.params.get("kids")))

    # ---------------------------------------------------------------- layout

    def layout(self) -> None:
        L = self.app.layout
        area = L.content()
        if self.child:
            self._layout_child(area)
            return
        gap = L.px(40)
        col_w = (area.width - gap) // 2
        self.label_h, self.row_h = L.px(30), L.px(40)
        note_h = 2 * self.app.line_height(L.font("small"))
        self.note_h = note_h
        # rows of blocks: two to a row, a block whose values need more than a column alone on
        # its row (after the row it would break, so that the columns stay filled)
        rows: list[list[int]] = []
        open_row: list[int] | None = None  # a row with one narrow block, waiting for a second
        pending: list[int] = []  # wide blocks held back until the open row closes
        for i in range(len(self.blocks)):
            if self._wide(i, col_w):
                if open_row is not None:
                    pending.append(i)
                else:
                    rows.append([i])
            elif open_row is not None:
                open_row.append(i)
                open_row = None
                rows.extend([p] for p in pending)
                pending.clear()
            else:
                open_row = [i]
                rows.append(open_row)
        rows.extend([p] for p in pending)
        y = area.top + L.px(34) - self.scroll_y  # the game's rulebook lines above the options
        self.block_rects = [pygame.Rect(0, 0, 0, 0)] * len(self.blocks)
        # a segmented row whose names must break (a tile set's suits with their gloss) is two lines high
        two_h = max(self.row_h, 2 * self.app.line_height(L.font("small")) + L.px(6))
        last_top, last_lone = y, False  # the last row's top, and whether it holds one narrow block
        for row in rows:
            wide = len(row) == 1 and self._wide(row[0], col_w)
            last_top, last_lone = y, len(row) == 1 and not wide
            noted = any(self.blocks[i][0] in self.noted for i in row)
            row_h = self.row_h
            for n, i in enumerate(row):
                w = self.blocks[i][3]
                x = area.left + n * (col_w + gap)
                width = area.width if wide else col_w
                w.rect = pygame.Rect(x, y + self.label_h, L.px(80) if isinstance(w, Toggle) else width, self.row_h)
                if isinstance(w, OptionRow):
                    w.fit_labels(self.app)
                    if w.label_lines(self.app) > 1:
                        row_h = two_h
            block_h = self.label_h + row_h + (L.px(4) + note_h if noted else 0) + L.px(14)
            for i in row:
                w = self.blocks[i][3]
                w.rect.height = row_h if isinstance(w, OptionRow) else self.row_h
                self.block_rects[i] = pygame.Rect(w.rect.left, y, area.width if wide else col_w, block_h)
            y += block_h
        assert self.start is not None
        bh = L.px(52)
        x = area.left
        if last_lone and self.resume is None:  # the free right column beside the last lone block
            x, y = area.left + col_w + gap, last_top + self.label_h - L.px(4)
        if self.resume is not None:  # the game left in the middle first, its line under the buttons
            bw = max(self.resume.preferred_width(self.app), L.px(220))
            self.resume.rect = pygame.Rect(x, y + L.px(4), bw, bh)
            x += bw + L.px(16)
        bw = max(self.start.preferred_width(self.app), L.px(220))
        self.start.rect = pygame.Rect(x, y + L.px(4), bw, bh)
        self.saved_y = self.start.rect.bottom + L.px(8)
        extra = self.app.line_height(L.font("small")) + L.px(8) if self.resume is not None else 0
        if self.start.rect.left > area.left:  # a refusal's reason goes under Start: the lines it needs
            extra = max(extra, self.refusal_lines() * self.app.line_height(L.font("small")) + L.px(6))
        content_h = self.start.rect.bottom + extra + self.scroll_y - area.top + L.px(30)  # and the error line
        self.max_scroll = max(0, content_h - area.height)

    def refusal_text(self) -> str:
        """The refusal as the screen words it ("" when the table can be played)."""
        return _("Cannot play this way: {reason}").format(reason=self.error) if self.error else ""

    def refusal_lines(self) -> int:
        """The lines the refusal takes under Start in the right column (at least four, the room
        kept for it; a longer one takes its own and the screen scrolls)."""
        if not self.error or self.start is None:
            return 4
        width = self.app.layout.content().right - self.start.rect.left
        return max(4, len(wrapped_lines(self.app, self.refusal_text(), self.app.layout.font("small"), width)))

    def _wide(self, i: int, col_w: int) -> bool:
        w = self.blocks[i][3]
        return isinstance(w, OptionRow) and self._need(w) > col_w

    def _need(self, row: OptionRow) -> int:
        """The width a segmented row needs to show every value's name whole."""
        L = self.app.layout
        return sum(self.app.text_width(label, L.font("small"), bold=True) + L.px(34) for _v, label in row.options)

    def _layout_child(self, area: pygame.Rect) -> None:
        """The player counts as big buttons under their question; with hand sizes to choose, a
        row of them under their own question first (both rows a little lower); the pon switch at
        the bottom, for a grown-up."""
        L = self.app.layout
        gap = L.px(32)
        self.kid_titles = []  # (question, its centre y)
        y = area.top + L.px(40)
        rows = [(self.kid_buttons, _("How many players?") if self.asks_players else "", L.px(150))]
        if self.kid_hands:
            rows = [(self.kid_hands, _("How many tiles in your hand?"), L.px(100)),
                    (self.kid_buttons, _("How many players?") if self.asks_players else "", L.px(110))]
            y = area.top + L.px(24)
        for buttons, question, bh in rows:
            if not buttons:
                continue
            if question:
                self.kid_titles.append((question, y))
            y += L.px(60 if self.kid_hands else 80)
            n = len(buttons)
            bw = min(L.px(300), (area.width - gap * (n - 1)) // n)
            x = area.centerx - (bw * n + gap * (n - 1)) // 2
            for b in buttons:
                b.rect = pygame.Rect(x, y, bw, bh)
                x += bw + gap
            y += bh + L.px(40)
        if self.kid_pon is not None:
            self.kid_pon.rect = pygame.Rect(area.left, area.bottom - L.px(56), L.px(80), L.px(40))

    # ---------------------------------------------------------------- drawing

    def draw_content(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        area = L.content()
        if self.child:
            size = L.font("h2" if self.kid_hands else "title")
            for question, y in self.kid_titles:
                blit_text(surf, self.app, question, size, P.on_felt, (area.centerx, y), anchor="center", bold=True,
                          max_width=area.width)
            if self.kid_pon is not None:
                r = self.kid_pon.rect
                blit_text(surf, self.app, _("For grown-ups: “pon” — a player may take another player's tile to "
                                            "make three the same."), L.font("small"), P.on_felt_muted,
                          (r.left + L.px(76), r.centery), anchor="midleft", max_width=area.right - r.left - L.px(76))
            return
        ref = game_reference(self.mode)
        if ref:
            blit_text(surf, self.app, _("Rules: {source}").format(source=source_text(ref)), L.font("small"),
                      P.on_felt_muted, (area.left, area.top - self.scroll_y), max_width=area.width)
        small, tiny = L.font("small"), L.font("tiny")
        for (key, label, note, w), r in zip(self.blocks, self.block_rects, strict=True):
            if r.bottom < L.header_h:
                continue
            lab = blit_text(surf, self.app, label, L.font("body"), P.on_felt, (r.left, r.top + self.label_h // 2),
                            anchor="midleft", bold=True, max_width=r.width)
            line = option_reference(self.mode.name, key)
            if line:
                x = lab.right + L.px(10)
                text = fit_line(self.app, "· " + source_text(line), tiny, r.right - x)
                blit_text(surf, self.app, text, tiny, P.on_felt_muted, (x, lab.centery), anchor="midleft")
            if note:
                box = pygame.Rect(r.left + L.px(4), w.rect.bottom + L.px(4), r.width - L.px(8), self.note_h)
                blit_wrapped(surf, self.app, note, small, P.on_felt_muted, box, max_lines=2)
        if self.resume is not None:
            blit_text(surf, self.app, self.saved_text(), small, P.on_felt_muted, (area.left, self.saved_y),
                      max_width=area.width)
        if self.error and self.start is not None:
            x = self.start.rect.right + L.px(16)
            box = pygame.Rect(x, self.start.rect.top, area.right - x, self.start.rect.height)
            lines = 2 if self.app.line_height(small) * 2 <= box.height else 1
            if self.start.rect.left > area.left:  # Start in the right column: the reason under it, whole
                lines = self.refusal_lines()
                box = pygame.Rect(self.start.rect.left, self.start.rect.bottom + L.px(6),
                                  area.right - self.start.rect.left, lines * self.app.line_height(small))
            blit_wrapped(surf, self.app, self.refusal_text(), small, P.wrong, box, max_lines=lines)
