"""The lesson map: lessons grouped by track, with completion state and prerequisites.

A child's profile sees the children's track only, without tabs, and each card says just how
many minutes the lesson takes (the objectives and prerequisite lists are for grown-ups, who
find every track, the children's last, on an adult profile).

A lesson whose prerequisites are not complete is drawn locked, but it can
still be opened after a warning (the learner may already know the topic); a child is told
instead which lesson to play first, and a button opens that one.
Lesson files that failed to load are listed in a visible note, never hidden.
"""

from __future__ import annotations

from typing import Any

import pygame

from trainer.i18n import _, ngettext, pgettext
from trainer.ui.registry import register_screen
from trainer.ui.screens.base import Screen
from trainer.ui.theme import PALETTE
from trainer.ui.views.lesson_order import (
    TRACK_COLORS,
    TRACK_NAMES,
    TRACK_ORDER,
    is_child,
    lesson_states,
    lesson_title,
)
from trainer.ui.views.lesson_problems import ProblemsDialog, problem_groups
from trainer.ui.widgets import Button, Card, Dialog, OptionRow, blit_text

P = PALETTE


def first_to_play(lib: Any, states: dict[str, str], lesson_id: str) -> str | None:
    """The lesson to play before ``lesson_id``: its first unfinished prerequisite that is open
    itself, found through the prerequisites' own prerequisites (None if there is none)."""
    seen: set[str] = set()

    def walk(lid: str) -> str | None:
        for pre in lib.lessons[lid].prerequisites:
            if pre in seen or pre not in lib.lessons or states.get(pre) == "done":
                continue
            seen.add(pre)
            if states.get(pre) != "locked":
                return pre
            found = walk(pre)
            if found is not None:
                return found
        return None

    return walk(lesson_id)


def open_lesson(screen: Screen, lesson_id: str) -> None:
    """Open a lesson; a locked one first warns which prerequisites are missing (a child is
    told which lesson to play first, with a button that opens it)."""
    app = screen.app
    lib = app.library()
    lesson = lib.lessons[lesson_id]
    states = lesson_states(app, lib)
    lang = app.settings.language
    step = 0
    if app.progress is not None and app.learner_id is not None:
        try:
            rec = app.progress.lessons(app.learner_id).get(lesson_id)
            step = int(rec["step"]) if rec and not rec.get("completed_at") else 0
        except Exception:
            step = 0

    def go() -> None:
        app.push("lesson", lesson_id=lesson_id, step=step)

    if states.get(lesson_id) != "locked":
        go()
        return
    if is_child(app.settings):
        first = first_to_play(lib, states, lesson_id)
        if first is not None:  # a child is sent to the lesson to play first, in a child's words
            screen.open_dialog(
                _("Not yet!"),
                _("First play “{lesson}”.").format(lesson=lesson_title(lib.lessons[first], lang)),
                [(_("Back"), lambda: None, "secondary"),
                 (_("Play that lesson"), lambda: open_lesson(screen, first), "primary")],
            )
            return
    missing = [p for p in lesson.prerequisites if states.get(p) != "done"]
    names = [("• " + lesson_title(lib.lessons[p], lang)) if p in lib.lessons else "• " + p for p in missing]
    screen.open_dialog(
        _("This lesson builds on others"),
        _("You have not finished:") + "\n" + "\n".join(names) + "\n\n"
        + _("You can open it anyway if you already know these topics."),
        [(_("Cancel"), lambda: None, "secondary"), (_("Open anyway"), go, "primary")],
    )


GRID_COLUMNS = ((1500, 4), (900, 3))
"""The lesson cards' columns by the content's width in design pixels (wider than 1,500: four, as a
big window with a held interface size gives; wider than 900: three; else two)."""


def grid_columns(width: int, scale: float) -> int:
    """How many columns of lesson cards a content area ``width`` screen pixels wide takes at
    ``scale`` (:data:`GRID_COLUMNS`)."""
    return next((cols for least, cols in GRID_COLUMNS if width > least * scale), 2)


@register_screen("lesson_map")
class LessonMapScreen(Screen):
    """Lessons of one track at a time (tabs), as cards in a scrolling grid."""

    def title(self) -> str:
        return _("Lessons")

    def enter(self) -> None:
        self.lib = self.app.library()
        self.states = lesson_states(self.app, self.lib)
        if is_child(self.app.settings):
            self.track = "kids"  # a child's map is the children's track
        elif not hasattr(self, "track"):
            self.track = self.params.get("track") or self._first_track()
        super().enter()

    def _first_track(self) -> str:
        """The learner's own last tab; else their profile's; else the first track with an open lesson."""
        settings = self.app.settings
        wanted = settings.last_track or {"child": "kids", "new": "basics", "rules": "skills"}.get(settings.profile, "")
        if wanted and self.lib.by_track(wanted):
            return wanted
        order = TRACK_ORDER if settings.profile == "child" else [t for t in TRACK_ORDER if t != "kids"] + ["kids"]
        for track in order:
            for lesson in self.lib.by_track(track):
                if self.states.get(lesson.id) in ("open", "started"):
                    return track
        return next((t for t in order if self.lib.by_track(t)), "basics")

    def header_extra(self) -> str:
        ids = ([x.id for x in self.lib.by_track("kids")] if is_child(self.app.settings)
               else list(self.states))  # a child counts their own lessons
        done = sum(1 for i in ids if self.states.get(i) == "done")
        return _("{done} of {total} lessons complete").format(done=done, total=len(ids))

    def build(self) -> None:
        child = is_child(self.app.settings)
        self.tabs = None
        if not child:  # an adult's tabs: the adult tracks in teaching order, the children's last
            order = [t for t in TRACK_ORDER if t != "kids"] + ["kids"]
            tracks = [t for t in order if self.lib.by_track(t)] or order
            self.tabs = self.add(OptionRow([(t, _(TRACK_NAMES[t])) for t in tracks], self.track,
                                           self._set_track))
        self.cards: list[Card] = []
        lang = self.app.settings.language
        # Titles in body size fit two lines on a card in most tracks; the children's short ones stay large.
        title_font = "large" if self.track == "kids" else "body"
        for lesson in self.lib.by_track(self.track):
            state = self.states.get(lesson.id, "open")
            badge, color = {
                "done": (pgettext("lesson state", "Done"), P.right),
                "started": (_("In progress"), P.accent_dark),
                "locked": (_("Locked"), P.locked),
                "open": (_("New"), P.hint),
            }[state]
            minutes = ngettext("{n} minute", "{n} minutes", lesson.minutes).format(n=lesson.minutes)
            # the level and the minutes each stay on one line, and a line may end with a dot but
            # never start with one (no-break spaces)
            dot = "\u00a0· "
            level = _("Level {n}").format(n=lesson.level).replace(" ", "\u00a0")
            sub = level + dot + minutes.replace(" ", "\u00a0")
            if child:
                sub = minutes  # a child reads no objective and no list of lessons to do first
            elif state == "locked":
                # the lessons to do first lead (their names are what the learner needs to read),
                # the level and the minutes follow; names are kept whole, over more lines
                missing = [self.lib.lessons[p].title.get(lang) if p in self.lib.lessons else p
                           for p in lesson.prerequisites if self.states.get(p) != "done"]
                sub = _("First: {lessons}").format(lessons="; ".join(missing)) + dot + sub
            elif lesson.objective is not None:
                sub = sub + dot + lesson.objective.get(lang)
            card = Card(lesson_title(lesson, lang), sub, lambda lid=lesson.id: open_lesson(self, lid),
                        badge=badge, badge_color=color, locked=state == "locked", done=state == "done",
                        accent=TRACK_COLORS.get(self.track), title_font=title_font)
            self.cards.append(self.add(card))
        self.problems_button = None
        if self.lib.problems:
            n = len({p.file for p in self.lib.problems})
            label = ngettext("{n} lesson file has problems", "{n} lesson files have problems", n).format(n=n)
            self.problems_button = self.add(Button("⚠  " + label, self._show_problems, kind="danger", size="small"))

    def _set_track(self, track: str) -> None:
        self.track = track
        try:
            self.app.remember(last_track=track)
        except ValueError:
            pass
        self.scroll_y = 0
        self.focus = None
        self.rebuild()
        self.focus = self.widgets.index(self.tabs)

    def _show_problems(self) -> None:
        """Every lesson file with errors, its name over its problems (in the learner's language,
        each with its line), in a dialog whose list scrolls when it is long."""
        intro = _("These files were skipped; the other lessons work.")
        lines = "\n".join(p.translated() if hasattr(p, "translated") else str(p) for p in self.lib.problems)
        self.open_dialog(_("Lessons that could not be loaded"), intro + "\n\n" + lines,
                         [(_("Close"), lambda: None, "primary")], width=980,
                         problems=(intro, problem_groups(self.lib.problems)))

    def open_dialog(self, title: str, body: str, buttons: list[tuple[str, Any, str]], **kw: Any) -> Dialog:
        """A dialog as on every screen; with ``problems`` (the intro and the files with their problems,
        :func:`problem_groups`) the scrolling list of lesson files with errors, ``body`` its plain text."""
        problems = kw.pop("problems", None)
        if problems is None:
            return super().open_dialog(title, body, buttons, **kw)
        intro, groups = problems
        self.dialog = ProblemsDialog(self.app, title, body, buttons, intro=intro, groups=groups, **kw)
        self.app.invalidate()
        return self.dialog

    def notice_rect(self, text: str) -> pygame.Rect | None:
        """Where a notice of the app goes on the map (:class:`trainer.ui.app.Notice`): its usual
        place above the bottom, unless a dialog is open (the list of files with errors): then
        clear of it, below the dialog or, with no room there, above it."""
        dialog = self.dialog
        if dialog is None:
            return None
        L = self.app.layout
        dialog.layout()
        size = L.font("small")
        width = min(L.width - 2 * L.margin, L.px(900))
        lines = self.app.wrap(text, size, width - L.px(40))
        h = len(lines) * self.app.line_height(size) + L.px(24)
        gap = L.px(12)
        rect = pygame.Rect(0, 0, width, h)
        below, above = L.height - dialog.rect.bottom - 2 * gap, dialog.rect.top - 2 * gap
        if h <= below or below >= above:
            rect.midtop = (L.width // 2, min(dialog.rect.bottom + gap, L.height - gap - h))
        else:
            rect.midbottom = (L.width // 2, max(dialog.rect.top - gap, gap + h))
        return rect

    def layout(self) -> None:
        L = self.app.layout
        area = L.content()
        if self.tabs is not None:
            self.tabs.rect = pygame.Rect(area.left, area.top, area.width, L.px(48))
        bottom = area.bottom
        if self.problems_button is not None:
            b = self.problems_button
            b.rect = pygame.Rect(area.left, area.bottom - L.px(44), min(area.width, b.preferred_width(self.app)),
                                 L.px(44))
            bottom = b.rect.top - L.px(12)
        grid_top = self.tabs.rect.bottom + L.px(20) if self.tabs is not None else area.top + L.px(8)
        self.grid_area = pygame.Rect(area.left, grid_top, area.width, bottom - grid_top)
        cols = grid_columns(area.width, L.scale)
        gap = L.px(16)
        w = (area.width - gap * (cols - 1)) // cols
        # A row is as tall as its longest title needs (shown whole, with a line of subtitle); a
        # locked card's subtitle names the lessons to do first, so it gets up to three lines.
        rows = [self.cards[i:i + cols] for i in range(0, len(self.cards), cols)]
        heights = [max([L.px(128), *(card.height_for(self.app, w, self._subtitle_lines(card, w)) for card in row)])
                   for row in rows]
        tops = [sum(heights[:r]) + r * gap for r in range(len(rows))]
        content_h = sum(heights) + max(0, len(rows) - 1) * gap
        self.max_scroll = max(0, content_h - self.grid_area.height)
        self.scroll_y = min(self.scroll_y, self.max_scroll)
        for i, card in enumerate(self.cards):
            r, c = divmod(i, cols)
            card.rect = pygame.Rect(area.left + c * (w + gap), grid_top + tops[r] - self.scroll_y, w, heights[r])
            card.visible = card.rect.bottom > grid_top - L.px(4) and card.rect.top < bottom + L.px(4)
            card.clip = self.grid_area.inflate(L.px(16), L.px(10))

    def _subtitle_lines(self, card: Card, width: int) -> int:
        """The lines of subtitle a card's row keeps room for: all of an open card's (the level,
        the minutes and the lesson's objective, never cut short), and for a locked card (whose
        subtitle starts with the lessons to do first) as many as it takes, up to three."""
        if not card.locked:
            return max(1, card.subtitle_lines(self.app, width))
        return max(1, min(3, card.subtitle_lines(self.app, width)))

    def ensure_visible(self, widget: Any) -> None:
        if widget in self.cards:
            if widget.rect.top < self.grid_area.top:
                self.scroll(widget.rect.top - self.grid_area.top)
            elif widget.rect.bottom > self.grid_area.bottom:
                self.scroll(widget.rect.bottom - self.grid_area.bottom)

    def move_focus(self, dx: int, dy: int) -> bool:
        # Cards hidden by scrolling still take focus (then scroll into view).
        for c in self.cards:
            c.visible = True
        moved = super().move_focus(dx, dy)
        self.layout()
        return moved

    def draw_content(self, surf: pygame.Surface) -> None:
        if not self.cards:
            L = self.app.layout
            blit_text(surf, self.app, _("No lessons in this track yet."), L.font("large"), P.on_felt_muted,
                      self.grid_area.midtop, anchor="midtop")
        if self.max_scroll > 0:
            self._draw_scrollbar(surf)

    def _draw_scrollbar(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        a = self.grid_area
        track = pygame.Rect(a.right + L.px(8), a.top, L.px(6), a.height)
        if track.right > L.width - L.px(4):
            track.x = L.width - L.px(10)
        pygame.draw.rect(surf, P.felt_dark, track, border_radius=track.width // 2)
        frac = a.height / (a.height + self.max_scroll)
        th = max(L.px(30), round(track.height * frac))
        ty = track.top + round((track.height - th) * (self.scroll_y / self.max_scroll))
        pygame.draw.rect(surf, P.on_felt_muted, (track.left, ty, track.width, th), border_radius=track.width // 2)

    def choose(self, n: int) -> bool:
        visible = [c for c in self.cards if c.visible]
        if 1 <= n <= len(visible):
            visible[n - 1].activate()
            return True
        return False
