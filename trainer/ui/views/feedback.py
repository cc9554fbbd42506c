"""Shared quiz behaviour of the lesson player and the drill screen."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from trainer.ui.widgets import ClickGuard

FEEDBACK_SLIDE = 0.18
"""Seconds for the feedback panel to slide into place."""


class RetryOnTouch:
    """After a miss, touching the answer again (a click on it, a digit, Backspace or Space)
    starts the retry at once, with no extra key press.  Mixed into a Screen that has
    ``phase``, ``dialog``, ``widgets``, ``retry()`` and ``_view_start`` (the index of the first
    widget of the answer).

    With ``double_click_guard`` set, the second click of a double click is ignored: a left click
    that checked an answer or moved to another step (``index``, ``phase``, ``attempts`` or
    ``finished`` changed) arms a :class:`~trainer.ui.widgets.ClickGuard`, and a click at the same
    place right after it is dropped: a double click on a wrong option does not spend the second
    try, and one on "Next" does not skip the step after.
    Keys are never held back (a key press is never a double click)."""

    double_click_guard = False

    def handle_event(self, ev: pygame.event.Event) -> None:
        """Start the retry when the learner reaches for the answer, then handle the event."""
        click = ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and self.dialog is None \
            and self.double_click_guard
        if click and self.click_guard.blocks(self.app.time, ev.pos):
            return  # the second click of a double click: the first one already did its work
        before = self._click_state() if click else None
        if self.phase == "retry" and self.dialog is None and self._touches_answer(ev):
            self.retry()
        super().handle_event(ev)
        if click and self._click_state() != before:
            self.click_guard.arm(self.app.time, ev.pos)

    def forget_double_click(self) -> None:
        """The retry was started some other way (Enter, "Try again"): the next click is a click of
        its own, never the second half of the click that checked the answer."""
        self.click_guard.since = None

    @property
    def click_guard(self) -> ClickGuard:
        """This screen's guard against the second click of a double click."""
        guard = self.__dict__.get("_click_guard")
        if guard is None:
            guard = self.__dict__["_click_guard"] = ClickGuard()
        return guard

    def _click_state(self) -> tuple:
        """What a click can change that moves the answer or the step under the mouse."""
        return (getattr(self, "index", None), self.phase, getattr(self, "attempts", None),
                getattr(self, "finished", None))

    def _touches_answer(self, ev: pygame.event.Event) -> bool:
        start = getattr(self, "_view_start", len(self.widgets))
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            return any(w.hit(ev.pos) for w in self.widgets[start:] if w.visible)
        if ev.type == pygame.KEYDOWN:
            ch = getattr(ev, "unicode", "")
            return bool(ch and ch.isdigit()) or ev.key in (pygame.K_BACKSPACE, pygame.K_SPACE)
        return False


class FeedbackSlide:
    """The feedback panel slides in whenever it appears or changes.  Mixed into a Screen that
    has ``feedback_kind`` and ``feedback_text``; it reads ``fb_anim`` (0..1) to draw, starting
    ``slide_px`` (px at 1280x720) below the panel's place."""

    slide_px = 28

    def update(self, dt: float) -> bool:
        """Advance the slide; True while it still moves."""
        key = (self.feedback_kind, self.feedback_text)
        if key != getattr(self, "_fb_key", None):
            self._fb_key = key
            self.fb_anim = 0.0
            self.fb_scroll = 0  # new feedback starts at its top
        if getattr(self, "fb_anim", 1.0) < 1.0:
            self.fb_anim = min(1.0, self.fb_anim + dt / FEEDBACK_SLIDE)
            return True
        return False


class ScrollingFeedback:
    """The feedback panel's text scrolls when it is longer than the panel (the mouse wheel,
    PageUp/PageDown and the arrows past the last widget move it), so no explanation is ever cut
    off.  Mixed into a Screen; the screen sets ``fb_max`` (how far the text can move) in its
    layout and draws the body with :func:`draw_feedback_body`."""

    fb_scroll = 0
    fb_max = 0

    def scroll(self, dy: int) -> None:
        """Scroll the feedback text when it overflows; otherwise the screen's own scrolling."""
        if self.fb_max > 0:
            new = max(0, min(self.fb_max, self.fb_scroll + dy))
            if new != self.fb_scroll:
                self.fb_scroll = new
                self.app.invalidate()
            return
        super().scroll(dy)

    def reset_feedback_scroll(self) -> None:
        """Back to the top of the text (new feedback)."""
        self.fb_scroll = 0

    def on_click(self, pos: tuple[int, int], button: int) -> bool:
        """A click on a glossary term in the feedback text opens its card (``_feedback_layout`` and
        ``_feedback_origin`` are set where the text is drawn)."""
        lay = getattr(self, "_feedback_layout", None)
        rect = getattr(self, "feedback_rect", None)
        if lay is not None and rect is not None and rect.collidepoint(pos):
            term = lay.term_at(pos, self._feedback_origin)
            if term:
                self.open_term(term)
                return True
        return False


def panel_height(app: object, want: int, top: int, bottom: int, gap: int,
                 quiz_bottom: Callable[[int], int]) -> int:
    """The feedback panel's height between ``top`` and ``bottom``: as tall as its text ``want``s,
    up to two fifths of the room (more when the quiz above leaves more free), never over the quiz
    (``quiz_bottom(limit)`` lays the quiz out above ``limit`` and says where its content ends; when
    it cannot shrink that far the panel takes what the quiz, tightened, leaves, and its text
    scrolls), and never less than its heading and two whole lines with the "more below" line
    under them (or what its text wants, when that is less)."""
    L = app.layout  # type: ignore[attr-defined]
    least = min(want, app.line_height(L.font("large")) + 2 * app.line_height(L.font("body"))  # type: ignore[attr-defined]
                + _strip_h(app) + L.px(40))
    free = bottom - quiz_bottom(bottom) - gap
    h = max(least, min(want, max(free, (bottom - top) * 2 // 5)))
    if h > free and quiz_bottom(bottom - h - gap) > bottom - h - gap:
        # The quiz cannot tighten that far: the tallest panel it still fits beside (a quiz that
        # tightens when short of room, such as a drill's keypad, may leave more than ``free``).
        fits, misses = max(least, min(want, free)), h
        while misses - fits > max(1, L.px(4)):
            mid = (fits + misses) // 2
            if quiz_bottom(bottom - mid - gap) <= bottom - mid - gap:
                fits = mid
            else:
                misses = mid
        h = fits
    return h


def _strip_h(app: object) -> int:
    """The height of the "more below" line under a text that scrolls."""
    L = app.layout  # type: ignore[attr-defined]
    return app.line_height(L.font("small")) + L.px(8)  # type: ignore[attr-defined]


def feedback_overflow(app: object, text_height: int, room: int) -> int:
    """How far a feedback text of ``text_height`` pixels must scroll to show its end in ``room``
    (less the line that says there is more, when it does not fit)."""
    if text_height <= room:
        return 0
    return text_height - (room - _strip_h(app))


def text_window(app: object, lay: object, height: int, offset: int) -> tuple[int, int]:
    """The part of a laid-out feedback text (``top``, ``bottom`` in the text's own pixels) that a
    body ``height`` pixels tall scrolled by ``offset`` shows: whole lines only, so no line is ever
    drawn cut in half at either edge (less the "more below" line when the text does not fit)."""
    total = lay.height  # type: ignore[attr-defined]
    room = height if total <= height else height - _strip_h(app)
    top, bottom = offset, offset + room
    lines = getattr(lay, "lines", None) or []
    inside = [(a, b) for a, b in lines if a >= top and b <= bottom]
    if not inside:  # not even one line fits: show what there is rather than nothing
        return top, bottom
    return inside[0][0], inside[-1][1]


def draw_feedback_body(surf: pygame.Surface, app: object, lay: object, rect: pygame.Rect, offset: int,
                       color: object) -> None:
    """Blit a laid-out feedback text inside ``rect`` scrolled up by ``offset``; when it does not fit,
    keep the bottom line of ``rect`` for a "more below" mark (or "the end" when scrolled down) and
    draw a scroll bar at the right edge, so the text never runs under either."""
    from trainer.i18n import _
    from trainer.ui.widgets import blit_text

    L = app.layout  # type: ignore[attr-defined]
    total = lay.height  # type: ignore[attr-defined]
    fits = total <= rect.height
    text_rect = rect if fits else pygame.Rect(rect.left, rect.top, rect.width, rect.height - _strip_h(app))
    shown_top, shown_bottom = text_window(app, lay, rect.height, offset)
    window = pygame.Rect(rect.left, rect.top + shown_top - offset, rect.width, shown_bottom - shown_top)
    clip = surf.get_clip()
    surf.set_clip(window.clip(clip) if clip else window)
    surf.blit(lay.surface, (rect.left, rect.top - offset))  # type: ignore[attr-defined]
    surf.set_clip(clip)
    if fits:
        return
    track = pygame.Rect(rect.right + L.px(6), rect.top, L.px(5), rect.height)
    pygame.draw.rect(surf, color, track, width=1, border_radius=track.width)
    room = text_rect.height
    thumb_h = max(L.px(18), track.height * room // total)
    thumb_y = track.top + (track.height - thumb_h) * offset // max(1, total - room)
    pygame.draw.rect(surf, color, pygame.Rect(track.left, thumb_y, track.width, thumb_h), border_radius=track.width)
    size = L.font("small")
    more = offset < total - room
    label = more_below_label(app) if more else _("The end: PgUp goes back")
    y = text_rect.bottom + L.px(4)
    s = L.px(5)
    cx, cy = rect.right - app.text_width(label, size) - L.px(18), y + app.line_height(size) // 2  # type: ignore[attr-defined]
    points = [(cx - s, cy - s // 2), (cx + s, cy - s // 2), (cx, cy + s)] if more else [
        (cx - s, cy + s // 2), (cx + s, cy + s // 2), (cx, cy - s)]
    pygame.draw.polygon(surf, color, points)
    blit_text(surf, app, label, size, color, (cx + L.px(10), y))


def more_below_label(app: object) -> str:
    """The mark under a feedback text that goes on below the panel: a child is told with «ты»
    and no key name («Дальше ещё: прокрути вниз»), an adult «Дальше ещё: прокрутите или PgDn»."""
    from trainer.i18n import _, pgettext
    from trainer.ui.views.lesson_order import is_child

    if is_child(getattr(app, "settings", None)):
        # TRANSLATORS: under a long answer panel, to a 6-year-old (ru «ты»: «Дальше ещё: прокрути вниз»).
        return pgettext("to a child", "More below: scroll down")
    return _("More below: scroll or PgDn")
