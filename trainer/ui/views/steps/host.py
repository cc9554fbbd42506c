"""What a lesson step view may use of the screen that hosts it (the lesson player)."""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from trainer.ui.context import AppContext


class StepHost(Protocol):
    """The lesson player as a step view sees it: where to add widgets, the step being shown,
    and the hooks that check an answer, show an explanation or finish an inline drill."""

    app: AppContext
    index: int
    params: dict[str, Any]
    results: dict[int, str]
    drill_results: dict[int, tuple[int, int]]
    step_area: pygame.Rect  # the part of the window the step view may use

    def add(self, widget: Any) -> Any:
        """Add a widget to the screen and return it."""

    def relayout(self) -> None:
        """Place the widgets again (the step's content changed size)."""

    def check(self) -> None:
        """Grade the learner's answer to the current step."""

    def set_explain(self, text: str) -> None:
        """Show the lesson's own explanation (a chosen option's, the clicked cell) in the feedback."""

    def set_answer(self, text: str) -> None:
        """Show the right answer: the first line of the feedback, above every explanation."""

    def set_focus(self, widget: Any | None) -> None:
        """Move the keyboard focus to ``widget``."""

    def open_term(self, term_id: str) -> None:
        """Open the glossary card of a term the learner clicked."""

    def drill_done(self, index: int, right: int, total: int) -> None:
        """Record the result of the inline drill of step ``index``."""

    def _update_buttons(self) -> None:
        """Enable or disable the check/next buttons after the answer changed."""
