"""The app's colour palette: a felt-green table with cream cards and warm accents.

Screens never hard-code colours; they read them from :data:`PALETTE` so the
whole app keeps one look (dark felt background, light "paper" cards, a gold
accent for focus, green/red/blue for right/wrong/hint feedback).
"""

from __future__ import annotations

from dataclasses import dataclass

Color = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Palette:
    """Named colours of the interface (RGB)."""

    felt: Color = (22, 74, 56)  # the table cloth: main background
    felt_dark: Color = (14, 52, 40)  # header bar, gradient bottom
    felt_light: Color = (34, 96, 73)  # raised areas on the felt
    felt_line: Color = (52, 118, 92)  # thin separators on the felt
    on_felt: Color = (244, 239, 226)  # text on the felt
    on_felt_muted: Color = (170, 200, 184)  # secondary text on the felt
    card: Color = (250, 246, 236)  # paper cards
    card_alt: Color = (238, 231, 214)  # pressed/hovered card, table rows
    card_edge: Color = (214, 202, 176)
    ink: Color = (38, 42, 40)  # text on cards
    ink_muted: Color = (104, 108, 100)
    accent: Color = (232, 176, 75)  # focus ring, primary buttons
    accent_dark: Color = (196, 136, 40)
    on_accent: Color = (40, 30, 10)
    right: Color = (63, 166, 107)
    right_bg: Color = (221, 242, 226)
    wrong: Color = (212, 84, 74)
    wrong_bg: Color = (250, 226, 220)
    hint: Color = (74, 144, 217)
    hint_bg: Color = (223, 236, 250)
    locked: Color = (128, 134, 128)
    shadow: Color = (8, 30, 22)
    term: Color = (30, 110, 160)  # glossary terms inside lesson text
    overlay: Color = (6, 20, 16)


PALETTE = Palette()
