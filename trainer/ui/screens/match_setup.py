"""Match setup: what the learner chooses before every free match.

Rule preset, length, red fives, the opponent in each seat (the engine's bots by a
learner-facing name and level), the coach's level and two practice switches
(opponents' hands open, undo of one's last discard).  The choice is remembered
per learner (settings field ``match_setup``, also kept in the learner's profile)
and the next setup starts from it.  "Start" (or Enter) opens the table; when a match of the
learner's own is still unfinished, it first asks, calmly, whether to continue that one or start a
new one (the unfinished match is kept either way: My games lists it and resumes it).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame

from trainer.engine.game.records import RecordError
from trainer.engine.game.saved import SavedGame, latest_unfinished
from trainer.i18n import _
from trainer.ui.match_setup import (
    BOT_ROSTER,
    COACH_LEVELS,
    COACH_NAMES,
    LENGTH_NAMES,
    LENGTHS,
    MCR_LEVELS,
    PRESET_NAMES,
    PRESETS,
    MatchSetup,
    basics_done,
    has_played,
    learner_setup,
    mcr_level,
    rules_note,
)
from trainer.ui.registry import register_screen
from trainer.ui.saved_games import games_dir
from trainer.ui.screens.base import Screen
from trainer.ui.suit_names import suit_names
from trainer.ui.theme import PALETTE
from trainer.ui.views.game_rows import played_day, unfinished_progress
from trainer.ui.widgets import Button, OptionRow, Toggle, blit_text, fit_line

P = PALETTE

def _coach_note(level: str) -> str:
    return {
        "off": _("The coach stays silent; the review after the match still shows your mistakes."),
        "hints": _("Marks a discard and says why, warns of riichi and dangerous tiles, says push or fold: no figures."),
        "full": _("Hints plus the figures of push or fold, the safest tile, your waits, furiten, riichi or not, calls."),
    }[level]


def remembered_setup(app: Any) -> MatchSetup:
    """The learner's last match setup; without one, the first setup for this learner (gentle bots,
    East only, for a learner new to the table: :func:`~trainer.ui.match_setup.learner_setup`)."""
    stored = app.settings.match_setup
    if stored:
        return learner_setup(stored, basics_done=True, played=True)
    return learner_setup("", basics_done=basics_done(app), played=has_played(games_dir(app)))


def remember_setup(app: Any, setup: MatchSetup) -> None:
    """Keep ``setup`` in the settings and in the current learner's profile."""
    app.remember(match_setup=setup.to_json())  # merged into the profile: lesson results stay


@register_screen("match_setup")
class MatchSetupScreen(Screen):
    """One labelled control per choice, and a Start button."""

    def title(self) -> str:
        return _("New match")

    def build(self) -> None:
        if not hasattr(self, "setup"):
            self.setup: MatchSetup = self.params.get("setup") or remembered_setup(self.app)
        s = self.setup
        self.rows: list[tuple[str, str, Any]] = []

        def row(label: str, note: str, widget: Any) -> None:
            self.rows.append((label, note, self.add(widget)))

        mcr = s.preset == "mcr"
        row(_("Rules"), rules_note(s.preset), OptionRow([(p, _(PRESET_NAMES[p])) for p in PRESETS], s.preset,
                                              lambda v: self._set(preset=v)))
        if not mcr:  # MCR games always have 16 hands and no red fives
            row(_("Length"), "", OptionRow([(k, _(LENGTH_NAMES[k])) for k in LENGTHS], s.length,
                                           lambda v: self._set(length=v)))
            red_note = _("One red five per suit, each worth one more han (aka dora).") \
                if len(s.opponent_seats()) == 3 else \
                _("A red 5 of {pin} and of {sou} (no 5 of {man} in a three-player set): one more han each.").format(
                    **suit_names())
            row(_("Red fives"), red_note, Toggle(s.red_fives, lambda v: self._set(red_fives=v)))
        bots = [(b, _("{name} · level {n}").format(name=_(name), n=level))
                for b, (name, level, _d) in BOT_ROSTER.items()]
        seats = (_("Opponent on the right"), _("Opponent across"), _("Opponent on the left"))
        for i in s.opponent_seats():
            label = seats[i]
            if mcr:  # the MCR table has two bots: only the levels that differ
                level = mcr_level(s.opponents[i])
                # the aiming level keeps a seat's riichi bot when it already is one, so going back to
                # riichi rules finds the seat as it was
                aiming = s.opponents[i] if level == "strong" else "efficient"
                options = [("beginner" if lv == "beginner" else aiming, _("{name} · level {n}").format(name=_(name), n=n))
                           for lv, (name, n, _d) in MCR_LEVELS.items()]
                row(label, _(MCR_LEVELS[level][2]),
                    OptionRow(options, s.opponents[i], lambda v, i=i: self._set_opponent(i, v)))
                continue
            row(label, _(BOT_ROSTER[s.opponents[i]][2]),
                OptionRow(bots, s.opponents[i], lambda v, i=i: self._set_opponent(i, v)))
        coach_note = _coach_note(s.coach)
        if mcr and s.coach != "off":
            coach_note = _("Names the 8-point hand your tiles head for and marks the discards that keep it.")
        row(_("Coach"), coach_note, OptionRow([(c, _(COACH_NAMES[c])) for c in COACH_LEVELS], s.coach,
                                                         lambda v: self._set(coach=v)))
        row(_("Open hands"), _("Practice: the opponents' tiles lie face up."),
            Toggle(s.show_hands, lambda v: self._set(show_hands=v)))
        if not mcr:  # an MCR game keeps no saved game to go back in
            row(_("Undo"), _("Practice: you may take back your last discard."),
                Toggle(s.undo, lambda v: self._set(undo=v)))
        self.start = self.add(Button(_("Start the match"), self.begin, kind="primary", hotkey="Enter"))
        self.games = self.add(Button(_("My games"), lambda: self.app.push("my_games"), kind="secondary"))

    def initial_focus(self) -> int | None:
        return self.widgets.index(self.start)

    def _set(self, **changes: Any) -> None:
        if "preset" in changes:  # a preset brings its own red fives (JPML none); the switch may change them after
            self.setup = self.setup.with_preset(changes.pop("preset"))
        self.setup = replace(self.setup, **changes)
        self.rebuild()

    def on_key(self, ev: pygame.event.Event) -> bool:
        """Up and Down go to the previous and next control in the order the rows are listed (the
        narrow switches and the Start button included), not to the nearest one on screen."""
        if ev.key not in (pygame.K_UP, pygame.K_DOWN) or ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_SHIFT):
            return False
        order = [i for i, w in enumerate(self.widgets) if w.focusable and w.visible and w.enabled]
        if self.focus not in order:
            return False  # nothing focused yet: the default lands on the screen's start
        pos = order.index(self.focus) + (1 if ev.key == pygame.K_DOWN else -1)
        if not 0 <= pos < len(order):
            return False
        self.focus = order[pos]
        self.ensure_visible(self.widgets[self.focus])
        return True

    def _set_opponent(self, i: int, bot: str) -> None:
        opp = list(self.setup.opponents)
        opp[i] = bot
        self._set(opponents=tuple(opp))

    def submit(self) -> bool:
        """Enter anywhere starts the match (on the "My games" button it opens the list)."""
        if self.focused_widget() is self.games:
            self.games.activate()
            return True
        self.begin()
        return True

    def begin(self) -> None:
        """Remember the setup and open the table; with a match of the learner's own left unfinished,
        first ask whether to continue it or start this new one (:meth:`ask_about_unfinished`)."""
        remember_setup(self.app, self.setup)
        unfinished = self.unfinished_match()
        if unfinished is not None:
            self.ask_about_unfinished(unfinished)
            return
        self.start_new()

    def unfinished_match(self) -> SavedGame | None:
        """The learner's newest match left unfinished (None when there is none or the folder cannot
        be read)."""
        try:
            return latest_unfinished(games_dir(self.app))
        except OSError:
            return None

    def ask_about_unfinished(self, game: SavedGame) -> None:
        """A calm question, keys included (arrows, Enter, 1/2; Esc stays on the setup): continue the
        unfinished match, or start the new one (the focused answer: Enter starts what the learner
        asked for).  Nothing is deleted either way."""
        day = played_day(game)
        progress = unfinished_progress(game)
        if day:
            body = _("You have an unfinished match from {date} ({progress}). Continue it, or start a new one? "
                     "The unfinished match stays in My games either way.").format(date=day, progress=progress)
        else:
            body = _("You have an unfinished match ({progress}). Continue it, or start a new one? "
                     "The unfinished match stays in My games either way.").format(progress=progress)
        self.open_dialog(_("Unfinished match"), body,
                         [(_("Continue it"), lambda: self.continue_match(game), "secondary"),
                          (_("Start a new match"), self.start_new, "primary")])

    def start_new(self) -> None:
        """Open the table on a new match with this setup."""
        self.app.replace("mcr_play" if self.setup.preset == "mcr" else "play", setup=self.setup)

    def continue_match(self, game: SavedGame) -> None:
        """Open the table on the unfinished match where it was left (the MCR table for a Chinese
        Official game); a file that cannot be resumed is reported and the setup comes back."""
        try:
            self.app.replace("mcr_play" if game.game == "mcr" else "play", resume=str(game.path))
        except (RecordError, OSError, KeyError, TypeError, ValueError) as exc:
            self.app.push("match_setup", setup=self.setup)
            self.app.notify(_("This match cannot be resumed: {error}").format(error=exc), "warn")

    def layout(self) -> None:
        L = self.app.layout
        area = L.content()
        # the labels' column as wide as its longest label: the rest goes to the options (four bot
        # names with their levels need the width)
        widest = max((self.app.text_width(label, L.font("body"), True) for label, _n, _w in self.rows), default=0)
        self.label_w = min(L.px(300), area.width * 2 // 5, widest + L.px(8))
        ctrl_x = area.left + self.label_w + L.px(24)
        ctrl_w = min(area.right - ctrl_x, L.px(900))
        row_h = L.px(40)
        y = area.top
        for _label, note, w in self.rows:
            if isinstance(w, Toggle):
                w.rect = pygame.Rect(ctrl_x, y, L.px(80), row_h)
            else:
                w.rect = pygame.Rect(ctrl_x, y, ctrl_w, row_h)
                w.fit_labels(self.app)  # each label its own width: «Осторожный · уровень 3» whole
            y += row_h + (L.px(26) if note and not isinstance(w, Toggle) else L.px(10))
        bw = max(self.start.preferred_width(self.app), L.px(260))
        self.start.rect = pygame.Rect(0, 0, bw, L.px(52))
        self.start.rect.topleft = (ctrl_x, min(y + L.px(6), area.bottom - L.px(52)))
        gw = max(self.games.preferred_width(self.app), L.px(200))
        self.games.rect = pygame.Rect(self.start.rect.right + L.px(16), self.start.rect.top, gw, L.px(52))

    def draw_content(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        area = L.content()
        for label, note, w in self.rows:
            blit_text(surf, self.app, label, L.font("body"), P.on_felt, (area.left, w.rect.centery),
                      anchor="midleft", bold=True, max_width=self.label_w)
            if note:
                x = w.rect.left + L.px(4) if not isinstance(w, Toggle) else w.rect.right + L.px(4)
                y = w.rect.bottom + L.px(3) if not isinstance(w, Toggle) else w.rect.centery
                anchor = "topleft" if not isinstance(w, Toggle) else "midleft"
                text = fit_line(self.app, note, L.font("small"), area.right - x)
                blit_text(surf, self.app, text, L.font("small"), P.on_felt_muted, (x, y), anchor=anchor)
