"""Lesson files with errors: the lesson map's dialog that lists them for the teacher (grouped by file,
scrolling), and what the learner is told when a lesson they worked on did not load."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from trainer.i18n import _
from trainer.ui.context import AppContext
from trainer.ui.theme import PALETTE as P
from trainer.ui.widgets import Dialog, blit_wrapped, wrapped_height


def broken_lesson_notice(app: Any) -> str:
    """One line for the home screen when a lesson the learner has worked on (progress or review
    cards) was left out because its file has an error: the file, the line, and that the answers
    are kept ("" when there is none, or before the lessons are loaded)."""
    from pathlib import Path

    progress, learner = getattr(app, "progress", None), getattr(app, "learner_id", None)
    if progress is None or learner is None or not app.library_ready():
        return ""
    try:
        lib = app.library()
        broken = {k: v for k, v in getattr(lib, "broken", {}).items() if k not in lib.lessons}
        if not broken:
            return ""
        mine = set(progress.lessons(learner))
        mine |= {item.split("/", 1)[0] for item, _skill in progress.due_items(learner, limit=1000) if "/" in item}
    except Exception:  # noqa: BLE001 - a store or library that cannot answer: no notice
        return ""
    hit = sorted((p.file, p.line) for lid, p in broken.items() if lid in mine)
    if not hit:
        return ""
    files = ["…/" + Path(f).name for f, _line in hit]
    if len(hit) == 1:
        return _("The lesson in {file} did not open: the file has an error (line {line}). Your answers in it "
                 "are kept.").format(file=files[0], line=hit[0][1])
    # No count of files: the lesson map's button counts every file with errors, this notice only
    # those holding lessons the learner worked on, and two different counts would read as a contradiction.
    return _("Lessons you worked on did not open: {files} have errors. Your answers in them are kept.").format(
        files=", ".join(files))


def problem_groups(problems: Sequence[Any]) -> list[tuple[str, list[str]]]:
    """The validator's problems grouped by file, in the order of the list: each file's name with its
    problems said in the interface language, one line each («line 4: step 3 (q_waits), hand: …»)."""
    groups: dict[str, list[str]] = {}
    for p in problems:
        said = p.translated_in_file() if hasattr(p, "translated_in_file") else str(p)
        groups.setdefault(str(getattr(p, "file", "")), []).append(said)
    return list(groups.items())


@dataclass(frozen=True, slots=True)
class ListLine:
    """One drawn line of the problems list: its text, bold for a file's name, indented in pixels."""

    text: str
    bold: bool = False
    indent: int = 0


class ProblemsDialog(Dialog):
    """The lesson map's dialog of lesson files with errors: the files' names as headers, each file's
    problems under its name (a blank line between files).  A list longer than the box scrolls by
    whole lines: the mouse wheel, Up/Down, PageUp/PageDown, Home/End, or a click on the scroll bar;
    Left/Right/Tab move between the buttons, Esc closes.  ``body`` is the dialog's plain text (each
    problem on a line of its own with its file, as a copy of it would read); ``intro`` and ``groups``
    (:func:`problem_groups`) are what is drawn."""

    WHEEL_LINES = 3

    def __init__(self, app: AppContext, title: str, body: str, buttons: Sequence[tuple[str, Callable[[], Any], str]],
                 *, intro: str, groups: Sequence[tuple[str, Sequence[str]]], width: int = 980) -> None:
        super().__init__(app, title, body, buttons, width=width)
        self.intro = intro
        self.groups = [(file, list(lines)) for file, lines in groups]
        self.first_line = 0
        self.page = 1
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self._lines: tuple[int, list[ListLine]] = (-1, [])

    # ---------------------------------------------------------------- the list

    def lines(self, width: int) -> list[ListLine]:
        """The list wrapped to ``width`` pixels: a file's name on one line (shortened from its start
        when too long), its problems indented, continuation lines further, a blank line between files."""
        if self._lines[0] == width:
            return self._lines[1]
        app, L = self.app, self.app.layout
        size, step = L.font("body"), L.px(20)
        out: list[ListLine] = []
        for i, (file, problems) in enumerate(self.groups):
            if i:
                out.append(ListLine(""))
            out.append(ListLine(_fit_start(app, file, size, width), bold=True))
            for problem in problems:
                first, *rest = app.wrap(problem, size, width - 2 * step) or [""]
                out.append(ListLine(first, indent=step))
                out.extend(ListLine(x, indent=2 * step) for x in rest)
        self._lines = (width, out)
        return out

    @property
    def shown_lines(self) -> list[ListLine]:
        """The list as last laid out (wrapped to the box)."""
        return self._lines[1]

    @property
    def max_first(self) -> int:
        """The last first line the list can scroll to."""
        return max(0, len(self._lines[1]) - self.page)

    def scroll_lines(self, n: int) -> None:
        """Scroll the list by ``n`` lines (down when positive), within its ends."""
        self.first_line = max(0, min(self.max_first, self.first_line + n))
        self.app.invalidate()

    # ---------------------------------------------------------------- layout and events

    def layout(self) -> None:
        """Size the box: the title, the intro, as many list lines as fit the window, the buttons."""
        app, L = self.app, self.app.layout
        w = min(L.px(self.width), L.width - 2 * L.margin)
        pad, gap, btn_h = L.px(28), L.px(12), L.px(52)
        text_w = w - 2 * pad
        body, lh = L.font("body"), app.line_height(L.font("body"))
        intro_h = wrapped_height(app, self.intro, body, text_w)
        lines = self.lines(text_w - L.px(18))  # room for the scroll bar
        fixed = pad + app.line_height(L.font("h2")) + gap + intro_h + gap + L.px(24) + btn_h + pad
        self.page = max(1, min(len(lines), (L.height - 2 * L.margin - fixed) // lh))
        self.first_line = min(self.first_line, self.max_first)
        self.rect = pygame.Rect(0, 0, w, fixed + self.page * lh)
        self.rect.center = (L.width // 2, L.height // 2)
        top = self.rect.top + pad + app.line_height(L.font("h2")) + gap + intro_h + gap
        self.list_rect = pygame.Rect(self.rect.left + pad, top, text_w, self.page * lh)
        x = self.rect.right - pad
        for b in reversed(self.buttons):
            bw = min(max(b.preferred_width(app), L.px(120)), text_w // max(1, len(self.buttons)))
            b.rect = pygame.Rect(x - bw, self.rect.bottom - pad - btn_h, bw, btn_h)
            x -= bw + L.px(12)

    def handle_event(self, ev: pygame.event.Event) -> None:
        """The wheel and the scrolling keys move the list; the rest is the dialog's (buttons, Esc)."""
        keys = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -max(1, self.page - 1),
                pygame.K_PAGEDOWN: max(1, self.page - 1), pygame.K_HOME: -len(self._lines[1]),
                pygame.K_END: len(self._lines[1])}
        if ev.type == pygame.MOUSEWHEEL:
            self.scroll_lines(-ev.y * self.WHEEL_LINES)
        elif ev.type == pygame.KEYDOWN and ev.key in keys:
            self.scroll_lines(keys[ev.key])
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and self._bar_track().collidepoint(ev.pos):
            thumb = self._bar_thumb()
            if not thumb.collidepoint(ev.pos):
                self.scroll_lines((1 if ev.pos[1] > thumb.centery else -1) * max(1, self.page - 1))
        else:
            super().handle_event(ev)

    # ---------------------------------------------------------------- drawing

    def draw(self, surf: pygame.Surface) -> None:
        """Dim the screen and paint the box: the title, the intro, the visible part of the list with
        its scroll bar, the buttons."""
        app, L = self.app, self.app.layout
        pad = L.px(28)
        y = self.draw_frame(surf)
        blit_wrapped(surf, app, self.intro, L.font("body"), P.ink_muted,
                     pygame.Rect(self.rect.left + pad, y, self.rect.width - 2 * pad, 0))
        self._draw_list(surf)
        for i, b in enumerate(self.buttons):
            b.draw(surf, app, i == self.focus)

    def _draw_list(self, surf: pygame.Surface) -> None:
        app, L = self.app, self.app.layout
        size = L.font("body")
        lh = app.line_height(size)
        shown = self._lines[1][self.first_line:self.first_line + self.page]
        for i, line in enumerate(shown):
            if line.text:
                img = app.text_surface(line.text, size, P.ink, line.bold)
                surf.blit(img, (self.list_rect.left + line.indent, self.list_rect.top + i * lh))
        if self.max_first > 0:
            pygame.draw.rect(surf, P.card_alt, self._bar_track(), border_radius=L.px(3))
            pygame.draw.rect(surf, P.ink_muted, self._bar_thumb(), border_radius=L.px(3))

    def _bar_track(self) -> pygame.Rect:
        """The scroll bar's track, along the right edge of the list (empty when the list fits)."""
        if self.max_first <= 0:
            return pygame.Rect(0, 0, 0, 0)
        L = self.app.layout
        return pygame.Rect(self.list_rect.right - L.px(6), self.list_rect.top, L.px(6), self.list_rect.height)

    def _bar_thumb(self) -> pygame.Rect:
        """The scroll bar's thumb: the visible share of the list, where it is."""
        track = self._bar_track()
        total = max(1, len(self._lines[1]))
        h = max(self.app.layout.px(24), track.height * self.page // total)
        y = track.top + (track.height - h) * self.first_line // max(1, self.max_first)
        return pygame.Rect(track.left, y, track.width, h)


def _fit_start(app: AppContext, text: str, size: int, width: int) -> str:
    """``text`` on one line of ``width`` pixels, shortened from its start with '…' (a long path keeps
    its folder and file name, the end that tells files apart)."""
    if app.text_width(text, size, True) <= width:
        return text
    for cut in range(1, len(text)):
        if app.text_width("…" + text[cut:], size, True) <= width:
            return "…" + text[cut:]
    return text[-1:]
