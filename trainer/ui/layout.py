"""Scaling of the whole interface from the window size.

Everything is designed for a 1280x720 window ("design pixels").  A window of
any other size gets one scale factor, taken from its height (and limited by
its width so a narrow window still fits), and every length, font size and tile
height is multiplied by it.  1024x600 gives ~0.83, 1920x1080 gives 1.5 and a
4K window gives 3.

The "interface size" setting caps that factor: "auto" fills the window (the factor
above), "large", "normal" and "compact" stop growing at :data:`INTERFACE_SCALE_CAPS`, so a
big window keeps desk-size text and shows more (more rows of a list, more room around a
quiz) instead of the same things bigger.  A window smaller than the cap is never affected.
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
# The largest scale of each "interface size" setting (None: as large as the window allows).
INTERFACE_SCALE_CAPS: dict[str, float | None] = {"auto": None, "large": 1.25, "normal": 1.0, "compact": 0.85}
CONTENT_W = 1240
"""The content area's largest width in design pixels at the window's own scale."""
CONTENT_GROWTH = 1.5
"""How much wider (in design pixels) the content area may grow when the interface size holds the scale
below the window's: up to the share of the window it has at the window's scale, at most 1.5 times
:data:`CONTENT_W` (longer lines would be hard to read)."""


@dataclass(frozen=True, slots=True)
class Layout:
    """The window size and the derived scale; ``px`` turns design pixels into real ones."""

    width: int
    height: int
    scale: float
    tile_setting: str = "medium"
    content_w: float = CONTENT_W
    """The widest the content area grows, in design pixels (wider when the interface size holds the
    scale below what the window allows: the content keeps its share of the window)."""

    @classmethod
    def for_size(cls, width: int, height: int, tile_setting: str = "medium",
                 interface_size: str = "auto") -> Layout:
        """The layout for a window of ``width`` x ``height`` pixels, at most as large as the
        ``interface_size`` setting allows (:data:`INTERFACE_SCALE_CAPS`; an unknown name: "auto")."""
        fill = max(0.5, min(height / DESIGN_H, width / (DESIGN_W * 0.92)))
        cap = INTERFACE_SCALE_CAPS.get(interface_size)
        scale = fill if cap is None else min(fill, cap)
        return cls(width, height, scale, tile_setting, CONTENT_W * min(fill / scale, CONTENT_GROWTH))

    @classmethod
    def for_settings(cls, width: int, height: int, settings: object) -> Layout:
        """The layout for a window of ``width`` x ``height`` pixels and the learner's settings (their
        ``tile_size`` and ``interface_size``).  A child's profile always fits the window (``auto``):
        a grown-up's smaller interface never shrinks a child's screens."""
        size = "auto" if getattr(settings, "profile", None) == "child" else getattr(settings, "interface_size", "auto")
        return cls.for_size(width, height, getattr(settings, "tile_size", "medium"), size)

    @property
    def room(self) -> float:
        """How much wider the content area is than at the window's own scale (1.0 unless the interface
        size holds the scale; at most :data:`CONTENT_GROWTH`): what a table may grow its tiles by to
        fill its felt."""
        return self.content_w / CONTENT_W

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
        w = min(self.width - 2 * m, self.px(self.content_w))
        return pygame.Rect((self.width - w) // 2, top, w, self.height - top - m)
