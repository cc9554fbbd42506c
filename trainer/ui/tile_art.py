"""Mahjong tiles drawn in code, at any size, in three themes.

Every face is drawn from shapes and glyphs, never from image files:

* man (characters): the numeral 一..九 over 萬;
* pin (circles): coins in the traditional layouts (1p a big decorated coin ...);
* sou (bamboo): sticks in the traditional layouts (7s a red stick over six,
  8s the "M over W" figure), 1s the bird;
* winds 東 南 西 北; dragons: 白 (haku) as the traditional blue frame, so it never
  looks like an empty slot, 發 (hatsu) in green, 中 (chun) in red;
* red fives (aka dora): all pips / the numeral in red, plus a star marker in the
  themes that must work without colour.

Themes (:data:`THEMES`): ``classic`` (ivory face, blue back); ``contrast`` (black
outlines, colour-blind-safe Okabe-Ito colours, and a top band with a suit *shape*
marker — square man, circle pin, triangle sou, diamond honor — and the Arabic
number, an accessibility aid, so suits are told apart without colour); ``kids``
(large pips and a coloured tab along the bottom edge of the face holding a small
suit symbol — a square for man, a coin for pin, a lying stick for sou, a diamond
for honors — drawn in the paper colour on the tab, outside the pip area, so a
child counting pips never counts it; no numeral, so the tile itself is the
answer to "how many?").

Highlight badges (right / wrong / hint) sit in the bottom-right corner, clear of
the suit marker of every theme (see :func:`suit_marker_rect`).

Faces are drawn supersampled and scaled down (anti-aliasing for free) and
cached, so a hand re-drawn every frame costs only blits.  Returned surfaces are
shared: blit them, never draw on them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame

from trainer.engine.tiles import Tile
from trainer.ui.text import get_text
from trainer.ui.theme import PALETTE

THEMES: tuple[str, ...] = ("classic", "contrast", "kids")
HIGHLIGHTS: tuple[str, ...] = ("selected", "hint", "right", "wrong")

RGB = tuple[int, int, int]
Point = tuple[float, float]

MAN_NUMERALS = "一二三四五六七八九"
MAN_CHAR = "萬"
HONOR_CHARS = "東南西北白發中"
TILE_ASPECT = 0.75  # width / height of a tile, as on real riichi tiles (about 26 x 35 mm)


@dataclass(frozen=True, slots=True)
class TileTheme:
    """Colours and extras of one tile theme."""

    face: RGB
    face_edge: RGB  # thin line around the face
    body: RGB  # the tile's thickness and its back
    body_light: RGB  # pattern on the back
    outline: RGB
    outline_frac: float  # outline width as a fraction of the tile height
    ink: RGB  # man numerals, winds
    man: RGB  # the 萬 character
    blue: RGB
    green: RGB
    red: RGB
    aka: RGB  # red fives
    haku: RGB
    band: str  # "top": a band with the suit marker and the Arabic number; "tab": a bottom suit tab; "": none
    star_on_red: bool  # mark red fives with a star (readable without colour)
    back_pattern: str  # "frame", "hatch" or "star"


_THEMES: dict[str, TileTheme] = {
    "classic": TileTheme(
        face=(250, 247, 236), face_edge=(206, 198, 178), body=(44, 104, 170), body_light=(96, 150, 210),
        outline=(60, 66, 70), outline_frac=0.012,
        ink=(28, 32, 52), man=(192, 32, 38), blue=(28, 72, 150), green=(24, 122, 64), red=(200, 36, 40),
        aka=(214, 20, 30), haku=(40, 92, 176), band="", star_on_red=False, back_pattern="frame",
    ),
    # Okabe-Ito colours (blue, bluish green, vermillion) on pure white, thick black outlines.
    "contrast": TileTheme(
        face=(255, 255, 255), face_edge=(0, 0, 0), body=(20, 20, 28), body_light=(235, 235, 235),
        outline=(0, 0, 0), outline_frac=0.035,
        ink=(0, 0, 0), man=(0, 0, 0), blue=(0, 90, 160), green=(0, 128, 96), red=(213, 94, 0),
        aka=(213, 94, 0), haku=(0, 90, 160), band="top", star_on_red=True, back_pattern="hatch",
    ),
    "kids": TileTheme(
        face=(255, 253, 244), face_edge=(230, 200, 120), body=(240, 140, 40), body_light=(255, 210, 120),
        outline=(150, 90, 30), outline_frac=0.02,
        ink=(30, 40, 90), man=(220, 40, 60), blue=(40, 110, 220), green=(30, 160, 70), red=(230, 50, 50),
        aka=(230, 30, 60), haku=(40, 110, 220), band="tab", star_on_red=True, back_pattern="star",
    ),
}

# Traditional pin layouts: (x, y, colour) in the content box (0..1 each way), and the
# coin radius as a fraction of the box width.
_PIN_LAYOUTS: dict[int, tuple[float, tuple[tuple[float, float, str], ...]]] = {
    2: (0.23, ((0.5, 0.25, "green"), (0.5, 0.75, "blue"))),
    3: (0.18, ((0.21, 0.16, "blue"), (0.5, 0.5, "red"), (0.79, 0.84, "green"))),
    4: (0.2, ((0.27, 0.26, "blue"), (0.73, 0.26, "green"), (0.27, 0.74, "green"), (0.73, 0.74, "blue"))),
    5: (0.175, ((0.22, 0.18, "blue"), (0.78, 0.18, "green"), (0.5, 0.5, "red"),
                (0.22, 0.82, "green"), (0.78, 0.82, "blue"))),
    6: (0.16, ((0.28, 0.14, "green"), (0.72, 0.14, "green"), (0.28, 0.56, "red"), (0.72, 0.56, "red"),
                (0.28, 0.86, "red"), (0.72, 0.86, "red"))),
    7: (0.145, ((0.2, 0.11, "green"), (0.5, 0.22, "green"), (0.8, 0.33, "green"),
                (0.28, 0.63, "red"), (0.72, 0.63, "red"), (0.28, 0.885, "red"), (0.72, 0.885, "red"))),
    8: (0.155, tuple((x, y, "blue") for y in (0.12, 0.373, 0.627, 0.88) for x in (0.28, 0.72))),
    9: (0.148, tuple((x, y, c) for y, c in ((0.16, "blue"), (0.5, "red"), (0.84, "green"))
                     for x in (0.18, 0.5, 0.82))),
}

# Traditional sou layouts: sticks as (x0, y0, x1, y1, colour) from top end to bottom end
# in the content box; the stick width is a fraction of the box width.
_Stick = tuple[float, float, float, float, str]


def _column(x: float, y: float, length: float, colour: str) -> _Stick:
    return (x, y - length / 2, x, y + length / 2, colour)


_SOU_LAYOUTS: dict[int, tuple[float, tuple[_Stick, ...]]] = {
    2: (0.15, (_column(0.5, 0.26, 0.42, "blue"), _column(0.5, 0.74, 0.42, "green"))),
    3: (0.15, (_column(0.5, 0.26, 0.42, "blue"), _column(0.3, 0.74, 0.42, "green"),
               _column(0.7, 0.74, 0.42, "green"))),
    4: (0.15, (_column(0.3, 0.26, 0.42, "blue"), _column(0.7, 0.26, 0.42, "green"),
               _column(0.3, 0.74, 0.42, "green"), _column(0.7, 0.74, 0.42, "blue"))),
    5: (0.14, (_column(0.2, 0.26, 0.42, "blue"), _column(0.8, 0.26, 0.42, "green"), _column(0.5, 0.5, 0.42, "red"),
               _column(0.2, 0.74, 0.42, "green"), _column(0.8, 0.74, 0.42, "blue"))),
    6: (0.14, tuple(_column(x, y, 0.42, "blue" if y < 0.5 else "green") for y in (0.26, 0.74)
                    for x in (0.2, 0.5, 0.8))),
    7: (0.14, (_column(0.5, 0.16, 0.28, "red"),) + tuple(_column(x, y, 0.28, "green") for y in (0.5, 0.84)
                                                         for x in (0.2, 0.5, 0.8))),
    8: (0.13, (
        _column(0.13, 0.26, 0.42, "green"), _column(0.87, 0.26, 0.42, "green"),
        (0.46, 0.05, 0.31, 0.47, "green"), (0.54, 0.05, 0.69, 0.47, "green"),  # the "Λ" of the top half
        _column(0.13, 0.74, 0.42, "blue"), _column(0.87, 0.74, 0.42, "blue"),
        (0.31, 0.53, 0.46, 0.95, "blue"), (0.69, 0.53, 0.54, 0.95, "blue"),  # the "V" of the bottom half
    )),
    9: (0.14, tuple(_column(x, y, 0.28, "red" if x == 0.5 else ("blue" if y == 0.5 else "green"))
                    for y in (0.16, 0.5, 0.84) for x in (0.2, 0.5, 0.8))),
}


def tile_size(height: int) -> tuple[int, int]:
    """(width, height) in pixels of an upright tile drawn ``height`` pixels tall (ratio 3:4)."""
    if height < 8:
        raise ValueError(f"tile height must be at least 8 pixels, got {height}")
    return max(6, round(height * TILE_ASPECT)), height


def theme_spec(theme: str) -> TileTheme:
    """The colours of a theme by name; an unknown name is an error listing the known ones."""
    try:
        return _THEMES[theme]
    except KeyError:
        raise ValueError(f"unknown tile theme {theme!r}: use one of {', '.join(THEMES)}") from None


# --- drawing primitives on a supersampled canvas ----------------------------------------------


class _Box:
    """Maps the unit square (x right, y down) onto a pixel rectangle of the canvas."""

    def __init__(self, rect: pygame.Rect | tuple[float, float, float, float]) -> None:
        self.x, self.y, self.w, self.h = (float(v) for v in rect)

    def p(self, u: float, v: float) -> tuple[float, float]:
        return self.x + u * self.w, self.y + v * self.h

    def sub(self, u0: float, v0: float, u1: float, v1: float) -> _Box:
        return _Box((self.x + u0 * self.w, self.y + v0 * self.h, (u1 - u0) * self.w, (v1 - v0) * self.h))

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(round(self.x), round(self.y), round(self.w), round(self.h))


def _lighter(c: RGB, amount: float) -> RGB:
    return tuple(round(v + (255 - v) * amount) for v in c)  # type: ignore[return-value]


def _darker(c: RGB, amount: float) -> RGB:
    return tuple(round(v * (1 - amount)) for v in c)  # type: ignore[return-value]


def _circle(surf: pygame.Surface, colour: RGB, centre: Point, radius: float, width: int = 0) -> None:
    if radius >= 0.5:
        pygame.draw.circle(surf, colour, (round(centre[0]), round(centre[1])), max(1, round(radius)), width)


def _thick_line(surf: pygame.Surface, colour: RGB, a: Point, b: Point, width: float) -> None:
    """A line of any width with round ends, drawn as a polygon (pygame lines look ragged when thick)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length * width / 2, dx / length * width / 2
    pygame.draw.polygon(surf, colour, [(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny),
                                       (b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny)])
    _circle(surf, colour, a, width / 2)
    _circle(surf, colour, b, width / 2)


def _glyph(ch: str, colour: RGB, box: _Box, *, fill: float = 1.0, bold: bool = True) -> None:
    """Draw one character (a kanji or digit) as large as fits in ``box``, centred on its ink."""
    text = get_text()
    size = max(8, round(min(box.w, box.h * 1.05) * fill))
    surf = text.render(ch, size, colour, bold=bold)
    ink = surf.get_bounding_rect()
    if ink.w == 0 or ink.h == 0:
        return
    glyph = surf.subsurface(ink)
    scale = min(1.0, box.w * fill / ink.w, box.h * fill / ink.h)
    if scale < 1.0:
        glyph = pygame.transform.smoothscale(glyph, (max(1, round(ink.w * scale)), max(1, round(ink.h * scale))))
    cx, cy = box.p(0.5, 0.5)
    _target.blit(glyph, (round(cx - glyph.get_width() / 2), round(cy - glyph.get_height() / 2)))


# The canvas currently drawn on (set by _draw_face); keeps helper signatures short.
_target: pygame.Surface = pygame.Surface((1, 1))
_ss = 1  # the supersampling factor of the canvas being drawn
_bold_coins = False  # the contrast theme draws solid coins


def _coin(colour: RGB, centre: Point, r: float, face: RGB) -> None:
    """One pin (circle, 筒子 pinzu): a coin of concentric rings with a dot in the middle.

    Small coins get fewer rings so they stay crisp instead of turning into a blur.
    """
    if _bold_coins:
        # High-contrast coin: a dark rim, a solid coloured disc, a white heart.
        _circle(_target, (0, 0, 0), centre, r)
        _circle(_target, colour, centre, r * 0.8)
        _circle(_target, face, centre, r * 0.3)
        return
    _circle(_target, colour, centre, r)
    if r / _ss < 3.5:
        _circle(_target, face, centre, r * 0.5)
        return
    _circle(_target, face, centre, r * 0.74)
    _circle(_target, colour, centre, r * 0.56)
    _circle(_target, face, centre, r * 0.34)
    if r / _ss >= 6:
        _circle(_target, colour, centre, r * 0.16)


def _big_coin(th: TileTheme, box: _Box, red: bool) -> None:
    """The 1-pin: one large decorated coin (a flower of small dots around a red heart)."""
    c = box.p(0.5, 0.5)
    r = min(box.w, box.h) * 0.47
    outer = th.aka if red else th.green
    _circle(_target, outer, c, r)
    _circle(_target, th.face, c, r * 0.86)
    _circle(_target, th.aka if red else th.blue, c, r * 0.78)
    _circle(_target, th.face, c, r * 0.66)
    for i in range(8):
        a = i * math.pi / 4
        _circle(_target, th.aka if red else th.green, (c[0] + math.cos(a) * r * 0.5, c[1] + math.sin(a) * r * 0.5),
                r * 0.11)
    _circle(_target, th.aka if red else th.red, c, r * 0.34)
    _circle(_target, th.face, c, r * 0.2)
    _circle(_target, th.aka if red else th.red, c, r * 0.1)


def _stick(a: Point, b: Point, width: float, colour: RGB) -> None:
    """One bamboo stick (索子 souzu): a rod with joints at both ends and in the middle."""
    _thick_line(_target, colour, a, b, width)
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    # A pale groove along the stick, interrupted at the joints.
    groove = _lighter(colour, 0.55)
    for t0, t1 in ((0.1, 0.42), (0.58, 0.9)):
        p0 = (a[0] + dx * t0, a[1] + dy * t0)
        p1 = (a[0] + dx * t1, a[1] + dy * t1)
        _thick_line(_target, groove, p0, p1, max(1.0, width * 0.22))
    # Joints: short bars across the stick, a little wider than it.
    for t in (0.0, 0.5, 1.0):
        m = (a[0] + dx * t, a[1] + dy * t)
        half = width * 0.68
        _thick_line(_target, _darker(colour, 0.25), (m[0] - uy * half, m[1] + ux * half),
                    (m[0] + uy * half, m[1] - ux * half), max(1.0, width * 0.34))


def _bird(th: TileTheme, box: _Box, size_ref: float) -> None:
    """The 1-sou: a peacock-like bird (the traditional 一索 picture), drawn from shapes."""
    green, red, blue = th.green, th.red, th.blue
    dark = _darker(green, 0.45)
    # Tail: a fan of feathers rising behind the body, each with an "eye".
    base = box.p(0.6, 0.62)
    for i, ang in enumerate((-118, -97, -76, -55, -34)):
        a = math.radians(ang)
        tip = (base[0] + math.cos(a) * box.w * 0.34, base[1] + math.sin(a) * box.h * 0.5)
        colour = green if i % 2 == 0 else blue
        _thick_line(_target, colour, base, tip, size_ref * 0.1)
        _circle(_target, red, tip, size_ref * 0.085)
        _circle(_target, th.face, tip, size_ref * 0.035)
    # Body: an egg-shaped polygon, breast to the left.
    body = [box.p(u, v) for u, v in ((0.22, 0.58), (0.3, 0.5), (0.46, 0.47), (0.66, 0.55), (0.74, 0.66),
                                     (0.62, 0.77), (0.42, 0.8), (0.27, 0.74))]
    pygame.draw.polygon(_target, green, body)
    # Wing.
    wing = [box.p(u, v) for u, v in ((0.38, 0.58), (0.6, 0.56), (0.7, 0.68), (0.5, 0.72))]
    pygame.draw.polygon(_target, dark, wing)
    # Neck and head.
    _thick_line(_target, green, box.p(0.3, 0.56), box.p(0.25, 0.38), size_ref * 0.12)
    head = box.p(0.25, 0.34)
    _circle(_target, green, head, size_ref * 0.1)
    _circle(_target, th.face, (head[0] - size_ref * 0.02, head[1] - size_ref * 0.01), size_ref * 0.035)
    _circle(_target, (0, 0, 0), (head[0] - size_ref * 0.025, head[1] - size_ref * 0.01), size_ref * 0.018)
    # Crest and beak.
    _thick_line(_target, red, head, (head[0] + size_ref * 0.05, head[1] - size_ref * 0.17), size_ref * 0.04)
    _circle(_target, red, (head[0] + size_ref * 0.05, head[1] - size_ref * 0.17), size_ref * 0.04)
    beak = [(head[0] - size_ref * 0.08, head[1] - size_ref * 0.03), (head[0] - size_ref * 0.21, head[1] + size_ref * 0.03),
            (head[0] - size_ref * 0.08, head[1] + size_ref * 0.06)]
    pygame.draw.polygon(_target, red, beak)
    # Legs.
    for u in (0.42, 0.52):
        top = box.p(u, 0.79)
        foot = box.p(u - 0.04, 0.94)
        _thick_line(_target, red, top, foot, size_ref * 0.035)
        _thick_line(_target, red, foot, (foot[0] + size_ref * 0.12, foot[1]), size_ref * 0.035)


def _haku_frame(th: TileTheme, box: _Box, size_ref: float) -> None:
    """The white dragon (白 haku): the traditional blue double frame, so it is never a blank face."""
    outer = box.sub(0.1, 0.08, 0.9, 0.92).rect
    w = max(2, round(size_ref * 0.09))
    radius = max(1, round(size_ref * 0.06))
    w = max(w, 2 * _ss)  # at least two screen pixels, or small tiles lose the frame
    pygame.draw.rect(_target, th.haku, outer, w, border_radius=radius)
    inner = outer.inflate(-2 * w - round(size_ref * 0.07), -2 * w - round(size_ref * 0.07))
    pygame.draw.rect(_target, th.haku, inner, max(1, w // 2), border_radius=max(1, radius // 2))


def _star(centre: Point, r: float, colour: RGB) -> None:
    """A five-pointed star (the red-five marker in the colour-blind-safe themes)."""
    pts = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((centre[0] + math.cos(a) * rad, centre[1] + math.sin(a) * rad))
    pygame.draw.polygon(_target, colour, pts)


def _suit_marker(suit: int, centre: Point, r: float, colour: RGB) -> None:
    """The suit told by shape (contrast theme): man a square, pin a circle, sou a triangle,
    honors a diamond."""
    x, y = centre
    if suit == 0:
        pygame.draw.rect(_target, colour, pygame.Rect(round(x - r * 0.85), round(y - r * 0.85),
                                                      round(r * 1.7), round(r * 1.7)))
    elif suit == 1:
        _circle(_target, colour, centre, r)
    elif suit == 2:
        pygame.draw.polygon(_target, colour, [(x, y - r), (x + r, y + r * 0.85), (x - r, y + r * 0.85)])
    else:
        pygame.draw.polygon(_target, colour, [(x, y - r), (x + r, y), (x, y + r), (x - r, y)])


def _tab_symbol(suit: int, centre: Point, r: float, ink: RGB, tab: RGB) -> None:
    """The kids tab's suit symbol, in the paper colour on the coloured tab: man a square
    (with a bar, like the top stroke of 萬), pin a coin, sou a stick lying flat (pips
    stand upright, so it is not one more stick to count), honors a diamond.  About
    ``2r`` tall; the sou stick is ``3.5r`` long."""
    x, y = centre
    if suit == 0:
        side = r * 1.7
        pygame.draw.rect(_target, ink, pygame.Rect(round(x - side / 2), round(y - side / 2), round(side), round(side)),
                         border_radius=max(1, round(r * 0.2)))
        bar = pygame.Rect(0, 0, round(side * 0.6), max(1, round(side * 0.16)))
        bar.center = (round(x), round(y))
        pygame.draw.rect(_target, tab, bar)
    elif suit == 1:
        _circle(_target, ink, centre, r)
        _circle(_target, tab, centre, r * 0.55)
        _circle(_target, ink, centre, r * 0.25)
    elif suit == 2:
        # One unbroken rod with knobbed joints (a gap in it would read as two dots).
        _thick_line(_target, ink, (x - r * 1.3, y), (x + r * 1.3, y), r * 0.7)
        for t in (-1.3, 0.0, 1.3):
            _thick_line(_target, ink, (x + r * t, y - r * 0.6), (x + r * t, y + r * 0.6), max(1.0, r * 0.45))
    else:
        pygame.draw.polygon(_target, ink, [(x, y - r), (x + r, y), (x, y + r), (x - r, y)])


# --- faces -------------------------------------------------------------------------------------


def _draw_content(tile: Tile, th: TileTheme, box: _Box) -> None:
    """The printed design of ``tile`` inside ``box`` (no body, no band)."""
    suit, rank, red = tile.suit, tile.rank, tile.red
    size_ref = box.w
    if suit == 0:
        _glyph(MAN_NUMERALS[rank - 1], th.aka if red else th.ink, box.sub(0.0, 0.0, 1.0, 0.47), fill=1.0)
        _glyph(MAN_CHAR, th.aka if red else th.man, box.sub(0.04, 0.5, 0.96, 1.0), fill=1.0)
    elif suit == 1:
        if rank == 1:
            _big_coin(th, box, red)
            return
        frac, layout = _PIN_LAYOUTS[rank]
        for u, v, colour in layout:
            # Radius from the width, but never more than the box's height allows (band themes).
            _coin(th.aka if red else getattr(th, colour), box.p(u, v), frac * min(box.w, box.h / 1.32), th.face)
    elif suit == 2:
        if rank == 1:
            _bird(th, box, size_ref)
            return
        frac, sticks = _SOU_LAYOUTS[rank]
        width = frac * box.w
        for u0, v0, u1, v1, colour in sticks:
            # Shorten each stick by its round caps so joints stay inside the layout cell.
            a, b = box.p(u0, v0), box.p(u1, v1)
            dx, dy = b[0] - a[0], b[1] - a[1]
            length = math.hypot(dx, dy) or 1.0
            cut = min(width * 0.5, length * 0.2)
            a = (a[0] + dx / length * cut, a[1] + dy / length * cut)
            b = (b[0] - dx / length * cut, b[1] - dy / length * cut)
            _stick(a, b, width, th.aka if red else getattr(th, colour))
    else:
        if rank == 5:
            _haku_frame(th, box, size_ref)
            return
        colour = {6: th.green, 7: th.red}.get(rank, th.ink)
        _glyph(HONOR_CHARS[rank - 1], colour, box.sub(0.0, 0.08, 1.0, 0.92), fill=1.0)


def _draw_band(tile: Tile, th: TileTheme, box: _Box) -> None:
    """The top band of the contrast theme: suit marker (left) and Arabic number (right)."""
    r = box.h * 0.4
    _suit_marker(tile.suit, (box.x + box.h * 0.5, box.y + box.h * 0.5), r, th.ink)
    if tile.suit < 3:
        _glyph(str(tile.rank), th.aka if tile.red else th.ink, box.sub(0.6, -0.05, 1.0, 1.05), fill=1.0)
    if tile.red:
        _star(box.p(0.5, 0.5), box.h * 0.42, th.aka)


# Where the kids tab's suit symbol and a red five's star sit (fractions of the tab's width):
# a little left of centre, leaving the right end to a highlight badge.
_TAB_SYMBOL_U = 0.42
_TAB_STAR_U = 0.18
_TAB_STAR_R = 1.1  # its radius relative to the tab symbol's


def _tab_colour(th: TileTheme, suit: int) -> RGB:
    return (th.man, th.blue, th.green, th.ink)[suit]


def _draw_tab(tile: Tile, th: TileTheme, lay: _Layout) -> None:
    """The kids theme's suit tab: a coloured strip along the bottom edge of the face with the
    suit symbol in its middle (and a star on its left for a red five); no number."""
    colour = _tab_colour(th, tile.suit)
    tab = lay.tab.rect
    pygame.draw.rect(_target, colour, tab, border_bottom_left_radius=lay.radius, border_bottom_right_radius=lay.radius)
    cx, cy, r = lay.marker
    _tab_symbol(tile.suit, (cx, cy), r, th.face, colour)
    if tile.red:
        _star((_TAB_STAR_U * lay.tab.w + lay.tab.x, cy), r * _TAB_STAR_R, (255, 214, 64))


def _draw_back(th: TileTheme, rect: pygame.Rect, unit: float) -> None:
    """The back of a tile (face-down): the body colour with a pattern."""
    radius = max(1, round(unit * 0.08))
    pygame.draw.rect(_target, th.body, rect, border_radius=radius)
    inner = rect.inflate(-round(unit * 0.22), -round(unit * 0.22))
    if th.back_pattern == "frame":
        pygame.draw.rect(_target, th.body_light, inner, max(1, round(unit * 0.035)), border_radius=radius)
        inner2 = inner.inflate(-round(unit * 0.14), -round(unit * 0.14))
        pygame.draw.rect(_target, th.body_light, inner2, max(1, round(unit * 0.018)), border_radius=radius)
    elif th.back_pattern == "hatch":
        clip = _target.get_clip()
        _target.set_clip(inner)
        step = max(3, round(unit * 0.16))
        for k in range(-inner.h, inner.w + inner.h, step):
            pygame.draw.line(_target, th.body_light, (inner.x + k, inner.y), (inner.x + k - inner.h, inner.bottom),
                             max(1, round(unit * 0.03)))
        _target.set_clip(clip)
        pygame.draw.rect(_target, th.body_light, inner, max(1, round(unit * 0.04)), border_radius=radius)
    else:
        c = (inner.centerx, inner.centery)
        _star(c, min(inner.w, inner.h) * 0.36, th.body_light)
        pygame.draw.rect(_target, th.body_light, inner, max(1, round(unit * 0.035)), border_radius=radius)


def _supersample(height: int) -> int:
    return 4 if height < 48 else 3 if height < 96 else 2


@dataclass(frozen=True, slots=True)
class _Layout:
    """Where things go on an upright face, in supersampled design coordinates (origin at the
    face's top-left): the pip box, the band or tab, and the suit marker (centre x, y, radius)."""

    content: _Box
    band: _Box | None  # the contrast theme's top band
    tab: _Box | None  # the kids theme's bottom tab
    marker: tuple[float, float, float] | None
    radius: int


def _face_geometry(height: int, sideways: bool) -> tuple[int, int, pygame.Rect, int, int]:
    """(supersampling, canvas unit, face rectangle, corner radius, outline) of a tile's canvas."""
    width, _ = tile_size(height)
    out_w, out_h = (height, width) if sideways else (width, height)
    ss = _supersample(height)
    W, H = out_w * ss, out_h * ss
    unit = width * ss  # lengths relative to the tile's short side, the same upright or sideways
    depth = max(ss * 2, round(height * ss * 0.075))  # the tile's thickness, seen at the bottom
    radius = max(ss, round(unit * 0.1))
    return ss, unit, pygame.Rect(0, 0, W, H), radius, depth


def _layout(th: TileTheme, fw: float, fh: float, unit: float, radius: int) -> _Layout:
    """The layout of an upright design of ``fw`` x ``fh`` (supersampled pixels)."""
    pad_x, pad_y = fw * 0.1, fh * 0.07
    box = _Box((pad_x, pad_y, fw - 2 * pad_x, fh - 2 * pad_y))
    if th.band == "top":
        band_h = box.h * 0.22
        band = _Box((box.x, box.y, box.w, band_h))
        content = _Box((box.x, box.y + band_h * 1.12, box.w, box.h - band_h * 1.12))
        return _Layout(content, band, None, (band.x + band_h * 0.5, band.y + band_h * 0.5, band_h * 0.4), radius)
    if th.band == "tab":
        inset = max(1, round(unit * 0.02))
        tab_h = fh * 0.17
        tab = _Box((inset, fh - inset - tab_h, fw - 2 * inset, tab_h))
        top = pad_y
        bottom = tab.y - fh * 0.045
        content = _Box((pad_x, top, fw - 2 * pad_x, bottom - top))
        return _Layout(content, None, tab, (tab.x + tab.w * _TAB_SYMBOL_U, tab.y + tab_h / 2, tab_h * 0.3), radius)
    return _Layout(box, None, None, None, radius)


def suit_marker_rect(height: int, theme: str, *, sideways: bool = False) -> pygame.Rect | None:
    """The pixel rectangle of a tile drawn ``height`` tall that holds its suit marker (the
    contrast band's shape; the kids tab's symbol and the red-five star beside it), or ``None``
    for a theme without one.

    Badges and overlays keep clear of it so the suit always stays readable.
    """
    th = theme_spec(theme)
    ss, unit, body, radius, depth = _face_geometry(height, sideways)
    outline = max(ss, round(height * ss * th.outline_frac))
    face = pygame.Rect(outline, outline, body.w - 2 * outline, body.h - 2 * outline - depth)
    fw, fh = (face.h, face.w) if sideways else (face.w, face.h)
    marker = _layout(th, fw, fh, unit, radius).marker
    if marker is None:
        return None
    x, y, r = marker
    x0, y0, x1, y1 = x - r, y - r, x + r, y + r
    if th.band == "tab":
        # The lying sou stick is the widest symbol; a red five's star sits further left.
        x0, y0, x1, y1 = _TAB_STAR_U * fw - _TAB_STAR_R * r, y - _TAB_STAR_R * r, x + r * 1.75, y + _TAB_STAR_R * r
    if sideways:  # the design is turned a quarter turn anticlockwise: (x, y) -> (y, fw - x)
        x0, y0, x1, y1 = y0, fw - x1, y1, fw - x0
    left = math.floor((face.x + x0) / ss)
    top = math.floor((face.y + y0) / ss)
    return pygame.Rect(left, top, math.ceil((face.x + x1) / ss) - left, math.ceil((face.y + y1) / ss) - top)


def _render_body(tile: Tile | None, height: int, theme: str, face_down: bool, sideways: bool,
                 blank: bool = False) -> pygame.Surface:
    """The tile without highlight: body, face (or back), printed design; upright or sideways."""
    global _target, _ss, _bold_coins
    th = theme_spec(theme)
    _bold_coins = theme == "contrast"
    ss, unit, body_rect, radius, depth = _face_geometry(height, sideways)
    _ss = ss
    W, H = body_rect.size
    out_w, out_h = W // ss, H // ss
    # Colours are drawn on an opaque canvas; the rounded outline becomes the alpha channel
    # at the end (blending on a transparent canvas would leave the face slightly see-through).
    canvas = pygame.Surface((W, H))
    canvas.fill(th.outline)
    _target = canvas
    outline = max(ss, round(height * ss * th.outline_frac))
    pygame.draw.rect(canvas, th.outline, body_rect, border_radius=radius)
    pygame.draw.rect(canvas, th.body, body_rect.inflate(-2 * outline, -2 * outline), border_radius=radius)
    face_rect = pygame.Rect(outline, outline, W - 2 * outline, H - 2 * outline - depth)
    if face_down and not blank:
        _draw_back(th, face_rect, unit)
    else:
        pygame.draw.rect(canvas, th.face_edge, face_rect, border_radius=radius)
        inset = max(1, round(unit * 0.02))
        paper = face_rect.inflate(-2 * inset, -2 * inset)
        pygame.draw.rect(canvas, th.face, paper, border_radius=radius)
        if theme != "contrast":
            # A soft shade towards the bottom of the face: the tile reads as a solid block, not a card.
            shade = pygame.Surface(paper.size, pygame.SRCALPHA)
            for y in range(paper.h // 2, paper.h):
                alpha = round(26 * (y - paper.h // 2) / max(1, paper.h // 2))
                pygame.draw.line(shade, (*_darker(th.face, 0.5), alpha), (0, y), (paper.w, y))
            mask = pygame.Surface(paper.size, pygame.SRCALPHA)
            pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
            shade.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
            canvas.blit(shade, paper.topleft)
        if tile is not None and not blank:
            # Draw the design upright on its own canvas, then turn it for a sideways tile.
            fw, fh = (face_rect.h, face_rect.w) if sideways else (face_rect.w, face_rect.h)
            design = pygame.Surface((fw, fh), pygame.SRCALPHA)
            _target = design
            lay = _layout(th, fw, fh, unit, radius)
            if lay.band is not None:
                _draw_band(tile, th, lay.band)
            if lay.tab is not None:
                _draw_tab(tile, th, lay)
            _draw_content(tile, th, lay.content)
            if sideways:
                design = pygame.transform.rotate(design, 90)
            canvas.blit(design, face_rect.topleft)
            _target = canvas
    shape = pygame.Surface((W, H), pygame.SRCALPHA)
    shape.fill((255, 255, 255, 0))
    pygame.draw.rect(shape, (255, 255, 255, 255), body_rect, border_radius=radius)
    result = _with_alpha(pygame.transform.smoothscale(canvas, (out_w, out_h)))
    result.blit(pygame.transform.smoothscale(shape, (out_w, out_h)), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    # smoothscale loses a little precision (alpha 255 -> 253): make the inside fully opaque again,
    # keeping the anti-aliased alpha only along the rounded edge.
    solid = pygame.Surface((out_w, out_h), pygame.SRCALPHA)
    small_radius = max(0, round(radius / ss))
    pygame.draw.rect(solid, (0, 0, 0, 255), solid.get_rect().inflate(-2, -2), border_radius=small_radius)
    result.blit(solid, (0, 0), special_flags=pygame.BLEND_RGBA_MAX)
    return result


def _with_alpha(surf: pygame.Surface) -> pygame.Surface:
    """A per-pixel-alpha copy of an opaque surface (works without a display)."""
    out = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    out.blit(surf, (0, 0))
    return out


def _badge_circle(w: int, h: int, sideways: bool, avoid: pygame.Rect | None) -> tuple[tuple[int, int], int]:
    """Centre and radius of the highlight badge on a w x h tile, clear of the rectangle ``avoid``
    (the suit marker).  First choice is the design's bottom-right corner (the tile's bottom-right,
    or top-right when it lies sideways): the contrast band is at the top and the kids tab keeps
    its symbol left of centre.  Where a tiny tile leaves no room there, the design's top-right."""
    r = max(5, round(min(w, h) * 0.18))
    corners = [(w - r, r), (r, r)] if sideways else [(w - r, h - r), (w - r, r)]
    if avoid is not None:
        for cx, cy in corners:
            dx = max(avoid.left - cx, 0, cx - avoid.right)
            dy = max(avoid.top - cy, 0, cy - avoid.bottom)
            if math.hypot(dx, dy) > r + 0.5:
                return (cx, cy), r
    return corners[0], r


def _badge(surf: pygame.Surface, kind: str, colour: RGB, sideways: bool, avoid: pygame.Rect | None) -> None:
    """A small round badge in a corner (:func:`_badge_circle`) telling the highlight without colour:
    a check mark (right), a cross (wrong), an exclamation dot (hint)."""
    c, r = _badge_circle(*surf.get_size(), sideways, avoid)
    pygame.draw.circle(surf, (255, 255, 255), c, r)
    pygame.draw.circle(surf, colour, c, r - max(1, r // 6))
    lw = max(2, r // 3)
    white = (255, 255, 255)
    if kind == "right":
        pts = [(c[0] - r * 0.5, c[1]), (c[0] - r * 0.12, c[1] + r * 0.4), (c[0] + r * 0.5, c[1] - r * 0.38)]
        pygame.draw.lines(surf, white, False, pts, lw)
    elif kind == "wrong":
        d = r * 0.42
        pygame.draw.line(surf, white, (c[0] - d, c[1] - d), (c[0] + d, c[1] + d), lw)
        pygame.draw.line(surf, white, (c[0] - d, c[1] + d), (c[0] + d, c[1] - d), lw)
    elif kind == "hint":
        pygame.draw.line(surf, white, (c[0], c[1] - r * 0.5), (c[0], c[1] + r * 0.12), lw)
        pygame.draw.circle(surf, white, (c[0], round(c[1] + r * 0.45)), max(1, lw // 2 + 1))


_HIGHLIGHT_COLOURS: dict[str, Callable[[], RGB]] = {
    "selected": lambda: PALETTE.accent,
    "hint": lambda: PALETTE.hint,
    "right": lambda: PALETTE.right,
    "wrong": lambda: PALETTE.wrong,
}


def _apply_highlight(surf: pygame.Surface, highlight: str, height: int, theme: str, sideways: bool) -> None:
    """A thick coloured frame inside the tile's rectangle, plus a badge except for "selected"."""
    colour = _HIGHLIGHT_COLOURS[highlight]()
    w, h = surf.get_size()
    thick = max(2, round(height * 0.065))
    radius = max(2, round(min(w, h) * 0.1))
    frame = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(frame, (*colour, 255), frame.get_rect(), thick, border_radius=radius)
    if highlight == "selected":
        # A warm tint over the face as well: selection must show at a glance.
        tint = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(tint, (*colour, 48), tint.get_rect(), border_radius=radius)
        surf.blit(tint, (0, 0))
    surf.blit(frame, (0, 0))
    if highlight != "selected" and height >= 24:
        _badge(surf, highlight, colour, sideways, suit_marker_rect(height, theme, sideways=sideways))


def _apply_dim(surf: pygame.Surface) -> None:
    """Grey out a tile (not available / already used): darker and washed out, keeping alpha."""
    surf.fill((110, 110, 110), special_flags=pygame.BLEND_RGB_MULT)
    surf.fill((72, 72, 72), special_flags=pygame.BLEND_RGB_ADD)


@lru_cache(maxsize=1024)
def tile_surface(tile: Tile | None, height: int, *, theme: str = "classic", face_down: bool = False,
                 sideways: bool = False, highlight: str | None = None, dim: bool = False) -> pygame.Surface:
    """A picture of ``tile`` ``height`` pixels tall (width from :func:`tile_size`).

    ``tile=None`` or ``face_down=True`` draws the back (a wall tile, an opponent's hand).
    ``sideways`` turns the tile a quarter turn (a called tile in a meld, a riichi discard):
    the surface is then ``tile_size(height)`` swapped.  ``highlight`` is one of
    :data:`HIGHLIGHTS`; ``dim`` greys the tile out.  Results are cached and shared: blit them,
    never draw on them.
    """
    theme_spec(theme)
    if highlight is not None and highlight not in HIGHLIGHTS:
        raise ValueError(f"unknown tile highlight {highlight!r}: use one of {', '.join(HIGHLIGHTS)}")
    if tile is None:
        face_down = True
    surf = _render_body(tile, height, theme, face_down, sideways)
    if dim:
        _apply_dim(surf)
    if highlight is not None:
        _apply_highlight(surf, highlight, height, theme, sideways)
    return surf


@lru_cache(maxsize=64)
def blank_face(height: int, *, theme: str = "classic") -> pygame.Surface:
    """An upright tile with nothing printed on it (a slot for a tile still to be chosen).

    Exists so screens can show "a tile goes here" — and so tests can prove the white
    dragon (haku) never looks like it.
    """
    return _render_body(None, height, theme, face_down=False, sideways=False, blank=True)


def default_gap(height: int) -> int:
    """The gap in pixels between neighbouring tiles of a row drawn ``height`` tall."""
    return max(1, round(height * 0.04))


def row_width(count: int, height: int, *, gap: int | None = None, sideways: int = 0) -> int:
    """Width in pixels of a row of ``count`` tiles of which ``sideways`` are turned."""
    if count <= 0:
        return 0
    w, h = tile_size(height)
    g = default_gap(height) if gap is None else gap
    return (count - sideways) * w + sideways * h + (count - 1) * g


def draw_tiles(surface: pygame.Surface, tiles: Sequence[Tile | None], pos: tuple[int, int], height: int, *,
               theme: str = "classic", gap: int | None = None, highlights: dict[int, str] | None = None,
               sideways: Collection[int] = (), dimmed: Collection[int] = (), face_down: bool = False,
               lift_selected: int = 0) -> list[pygame.Rect]:
    """Draw a row of tiles left to right from ``pos`` (top-left); returns each tile's rectangle.

    ``tiles`` may hold ``None`` for a face-down tile.  ``highlights`` maps an index in the row
    to a highlight name; ``sideways`` and ``dimmed`` are sets of indices.  Sideways tiles sit
    on the row's bottom line, as a called tile does in a meld.  ``lift_selected`` raises
    "selected" tiles by that many pixels (a hand with a tile about to be discarded).  The
    rectangles are where each tile was drawn, for hit-testing clicks.
    """
    highlights = highlights or {}
    g = default_gap(height) if gap is None else gap
    x, y = pos
    rects: list[pygame.Rect] = []
    for i, tile in enumerate(tiles):
        turned = i in sideways
        hl = highlights.get(i)
        surf = tile_surface(tile, height, theme=theme, face_down=face_down or tile is None, sideways=turned,
                            highlight=hl, dim=i in dimmed)
        top = y + height - surf.get_height()
        if hl == "selected":
            top -= lift_selected
        surface.blit(surf, (x, top))
        rects.append(pygame.Rect(x, top, surf.get_width(), surf.get_height()))
        x += surf.get_width() + g
    return rects
