"""What widgets, views and screens may use of the app, as a protocol.

The lower layers of the interface (widgets, rich text, tile rows, step and exercise
views, the screen base class) take the running app as an :class:`AppContext`
instead of importing :class:`trainer.ui.app.App`, so the app can import them
without an import cycle.  :class:`~trainer.ui.app.App` satisfies this protocol.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from trainer.ui.layout import Layout
from trainer.ui.settings import Settings


class AppContext(Protocol):
    """The services of the running app a drawn element needs: sizes, text, settings, redraws."""

    layout: Layout
    settings: Settings
    show_focus: bool
    progress: Any

    def invalidate(self) -> None:
        """Ask for a redraw at the next frame."""

    def layout_key(self) -> tuple[int, int, float, str]:
        """What a screen's widgets depend on: window size, scale and tile size."""

    def can_go_back(self) -> bool:
        """Whether the screen being built is above another one."""

    def draw_background(self, surf: pygame.Surface) -> None:
        """Paint the table-felt background of every screen."""

    def push(self, name: str, **params: Any) -> Any:
        """Open the screen registered as ``name`` on top of the current one."""

    def replace(self, name: str, **params: Any) -> Any:
        """Swap the current screen for the one registered as ``name``."""

    def pop(self) -> None:
        """Close the current screen and go back to the one below."""

    def notify(self, text: str, kind: str = "info", seconds: float = 6.0) -> None:
        """Show a banner message at the bottom of the window."""

    def play_sound(self, name: str) -> None:
        """Play one of the app's short sounds (when sounds are on)."""

    def glossary(self) -> Any:
        """The glossary of mahjong terms (Russian and Japanese names)."""

    def term_text(self, term_id: str) -> str:
        """A glossary term written the way the learner's settings ask for."""

    def text_surface(self, text: str, size: int, color: tuple[int, int, int], bold: bool = False) -> pygame.Surface:
        """One line of text rendered with font fallback."""

    def text_width(self, text: str, size: int, bold: bool = False) -> int:
        """Width in pixels of one line of text."""

    def wrap(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        """Break text into lines no wider than ``width``."""

    def line_height(self, size: int) -> int:
        """Height of one text line at ``size``."""
