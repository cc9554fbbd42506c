"""Scaling of the whole interface from the window size.

Everything is designed for a 1280x720 window ("design pixels").  A window of
any other size gets one scale factor, taken from its height (and limited by
its width so a narrow window still fits), and every length, font size and tile
height is multiplied by it.  1024x600 gives ~0.83, 1920x1080 gives 1.5 and a
4K window gives 3.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

DESIGN_W = 1280
DESIGN_H = 720
MIN_SIZE = (1024, 600)

# Font sizes in design pixels.
FONT_SIZES = {"tiny": 14, "small": 17, "body": 21, "large": 25, "h2": 29, "title": 40, "hero": 56}
# Tile heights in design pixels for the "tile size" setting.
TILE_HEIGHTS = {"small": 58, "medium": 70, "large": 86}


@dataclass(frozen=True, slots=True)
class Layout:
    """The window size and the derived scale; ``px`` turns design pixels into real ones."""

    width: int
    height: int
    scale: float
    tile_setting: str = "medium"

    @classmethod
    def for_size(cls, width: int, height: int, tile_setting: str = "medium") -> Layout:
        """The layout for a window of ``width`` x ``height`` pixels."""
        scale = min(height / DESIGN_H, width / (DESIGN_W * 0.92))
        return cls(width, height, max(0.5, scale), tile_setting)

    def px(self, v: float) -> int:
        """A length in design pixels, scaled to the window (at least 1 for positive input)."""
        r = round(v * self.scale)
        return max(1, r) if v > 0 else r

    def font(self, name: str) -> int:
        """The pixel size of a named font size ("body", "title", ...)."""
        return max(10, round(FONT_SIZES[name] * self.scale))

    def tile_h(self, factor: float = 1.0) -> int:
        """The height of a hand tile for the user's tile-size setting, times ``factor``."""
        return max(16, round(TILE_HEIGHTS.get(self.tile_setting, 70) * self.scale * factor))

    @property
    def rect(self) -> pygame.Rect:
        """The whole window."""
        return pygame.Rect(0, 0, self.width, self.height)

    @property
    def margin(self) -> int:
        """The outer margin around screen content."""
        return self.px(32)

    @property
    def header_h(self) -> int:
        """Height of the top bar with the back button and the title."""
        return self.px(64)

    def content(self) -> pygame.Rect:
        """The area below the header, inside the margins, limited to a readable width."""
        m = self.margin
        top = self.header_h + self.px(16)
        w = min(self.width - 2 * m, self.px(1240))
        return pygame.Rect((self.width - w) // 2, top, w, self.height - top - m)
