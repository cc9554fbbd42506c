"""Shared quiz behaviour of the lesson player and the drill screen."""

from __future__ import annotations

import pygame

FEEDBACK_SLIDE = 0.18
"""Seconds for the feedback panel to slide into place."""


class RetryOnTouch:
    """After a miss, touching the answer again (a click on it, a digit, Backspace or Space)
    starts the retry at once, with no extra key press.  Mixed into a Screen that has
    ``phase``, ``dialog``, ``widgets``, ``retry()`` and ``_view_start`` (the index of the first
    widget of the answer)."""

    def handle_event(self, ev: pygame.event.Event) -> None:
        """Start the retry when the learner reaches for the answer, then handle the event."""
        if self.phase == "retry" and self.dialog is None and self._touches_answer(ev):
            self.retry()
        super().handle_event(ev)

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
    has ``feedback_kind`` and ``feedback_text``; it reads ``fb_anim`` (0..1) to draw."""

    def update(self, dt: float) -> bool:
        """Advance the slide; True while it still moves."""
        key = (self.feedback_kind, self.feedback_text)
        if key != getattr(self, "_fb_key", None):
            self._fb_key = key
            self.fb_anim = 0.0
        if getattr(self, "fb_anim", 1.0) < 1.0:
            self.fb_anim = min(1.0, self.fb_anim + dt / FEEDBACK_SLIDE)
            return True
        return False
