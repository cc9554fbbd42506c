"""Tiles drawn in code: every face renders, faces are told apart (also without colour)."""

from __future__ import annotations

import os
import subprocess
import sys
from itertools import combinations

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from trainer.engine.tiles import ALL_KINDS, Tile, parse_tile  # noqa: E402
from trainer.ui.tile_art import (  # noqa: E402
    HIGHLIGHTS,
    THEMES,
    blank_face,
    draw_tiles,
    row_width,
    suit_marker_rect,
    tile_size,
    tile_surface,
)

SIZES = (36, 64, 120)
RED_FIVES = tuple(parse_tile(n) for n in ("0m", "0p", "0s"))
_BINARY = bytes(0 if i < 128 else 1 for i in range(256))


def _grey_bits(surf: pygame.Surface) -> int:
    """The picture in black and white (grey < 128 is ink) as one big integer, one bit per pixel
    (at byte granularity), so two pictures' differing pixels are a popcount of their XOR."""
    flat = pygame.Surface(surf.get_size())
    flat.fill((128, 128, 128))
    flat.blit(surf, (0, 0))
    grey = pygame.image.tobytes(pygame.transform.grayscale(flat), "RGB")[::3]
    return int.from_bytes(grey.translate(_BINARY), "big")


def _grey(surf: pygame.Surface) -> bytes:
    flat = pygame.Surface(surf.get_size())
    flat.fill((128, 128, 128))
    flat.blit(surf, (0, 0))
    return pygame.image.tobytes(pygame.transform.grayscale(flat), "RGB")[::3]


def _rgb(surf: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surf, "RGBA")


def _differing_pixels(a: pygame.Surface, b: pygame.Surface) -> int:
    assert a.get_size() == b.get_size()
    pa, pb = _rgb(a), _rgb(b)
    return sum(1 for i in range(0, len(pa), 4) if pa[i:i + 4] != pb[i:i + 4])


def setup_module() -> None:
    pygame.init()


@pytest.mark.parametrize("theme", THEMES)
def test_every_face_renders_at_three_sizes(theme: str) -> None:
    for height in SIZES:
        w, h = tile_size(height)
        assert h == height and abs(w / h - 0.75) < 0.03
        for tile in (*ALL_KINDS, *RED_FIVES):
            surf = tile_surface(tile, height, theme=theme)
            assert surf.get_size() == (w, h), (tile, height)
            turned = tile_surface(tile, height, theme=theme, sideways=True)
            assert turned.get_size() == (h, w), (tile, height)


@pytest.mark.parametrize("theme", THEMES)
def test_no_two_kinds_look_the_same(theme: str) -> None:
    faces = {t: _rgb(tile_surface(t, 64, theme=theme)) for t in (*ALL_KINDS, *RED_FIVES)}
    for a, b in combinations(faces, 2):
        assert faces[a] != faces[b], f"{a} and {b} render identically in {theme}"


@pytest.mark.parametrize("theme", THEMES)
def test_kinds_differ_in_black_and_white_by_a_visible_amount(theme: str) -> None:
    # Without colour (greyscale, thresholded) every kind still differs from every other
    # in at least 1.5% of the pixels: suits are told apart by shape, not hue.
    height = 64
    w, h = tile_size(height)
    bits = {t: _grey_bits(tile_surface(t, height, theme=theme)) for t in ALL_KINDS}
    least = min((bin(bits[a] ^ bits[b]).count("1"), a, b) for a, b in combinations(ALL_KINDS, 2))
    assert least[0] >= 0.015 * w * h, f"{least[1]} and {least[2]} differ in only {least[0]} pixels ({theme})"


def test_contrast_theme_tells_suits_apart_without_colour() -> None:
    w, h = tile_size(64)
    for rank in range(1, 10):
        trio = [_grey_bits(tile_surface(Tile(suit * 9 + rank - 1), 64, theme="contrast")) for suit in range(3)]
        for x, y in combinations(trio, 2):
            assert bin(x ^ y).count("1") > 0.04 * w * h, f"rank {rank}"


@pytest.mark.parametrize("theme", THEMES)
def test_red_fives_differ_from_plain_fives(theme: str) -> None:
    for red in RED_FIVES:
        plain = tile_surface(red.plain(), 64, theme=theme)
        aka = tile_surface(red, 64, theme=theme)
        assert _differing_pixels(plain, aka) > 100, red
        if theme != "classic":
            # The colour-blind-safe themes mark red fives with a shape (a star) too.
            assert _grey_bits(plain) != _grey_bits(aka), red


@pytest.mark.parametrize("theme", THEMES)
def test_white_dragon_is_not_an_empty_face(theme: str) -> None:
    for height in SIZES:
        haku = tile_surface(parse_tile("5z"), height, theme=theme)
        blank = blank_face(height, theme=theme)
        w, h = tile_size(height)
        assert bin(_grey_bits(haku) ^ _grey_bits(blank)).count("1") > 0.05 * w * h


@pytest.mark.parametrize("theme", THEMES)
def test_face_down_tiles_hide_the_face(theme: str) -> None:
    back = tile_surface(None, 64, theme=theme)
    assert _rgb(tile_surface(parse_tile("1z"), 64, theme=theme, face_down=True)) == _rgb(back)
    assert _rgb(tile_surface(parse_tile("9p"), 64, theme=theme, face_down=True)) == _rgb(back)
    assert _differing_pixels(back, blank_face(64, theme=theme)) > 0.3 * 48 * 64


def test_sideways_swaps_dimensions_and_keeps_the_face() -> None:
    upright = tile_surface(parse_tile("3s"), 80)
    turned = tile_surface(parse_tile("3s"), 80, sideways=True)
    assert turned.get_size() == upright.get_size()[::-1]
    assert _grey_bits(turned) != _grey_bits(tile_surface(None, 80, sideways=True))


@pytest.mark.parametrize("theme", THEMES)
def test_highlights_and_dim_are_visible(theme: str) -> None:
    tile = parse_tile("4m")
    plain = tile_surface(tile, 64, theme=theme)
    looks = {h: tile_surface(tile, 64, theme=theme, highlight=h) for h in HIGHLIGHTS}
    for name, surf in looks.items():
        assert surf.get_size() == plain.get_size()
        assert _differing_pixels(surf, plain) > 200, name
    # right / wrong / hint carry different badges: distinguishable without colour
    marks = [_grey(looks[h]) for h in ("right", "wrong", "hint")]
    assert len(set(marks)) == 3
    dim = tile_surface(tile, 64, theme=theme, dim=True)

    # dimmed: the paper of the face is clearly darker, the darkest ink clearly lighter (washed out)
    assert max(_grey(dim)) < 0.8 * max(_grey(plain))
    assert min(_grey(dim)) > min(_grey(plain)) + 30


def test_surfaces_are_cached() -> None:
    assert tile_surface(parse_tile("7p"), 50) is tile_surface(parse_tile("7p"), 50)


def test_bad_arguments_are_clear_errors() -> None:
    with pytest.raises(ValueError, match="classic"):
        tile_surface(parse_tile("1m"), 64, theme="neon")
    with pytest.raises(ValueError, match="selected"):
        tile_surface(parse_tile("1m"), 64, highlight="glow")
    with pytest.raises(ValueError, match="at least"):
        tile_size(4)


def test_draw_tiles_returns_click_rects() -> None:
    screen = pygame.Surface((800, 200))
    tiles = [parse_tile(n) for n in ("1m", "2m", "3m", "5z")] + [None]
    rects = draw_tiles(screen, tiles, (10, 50), 60, gap=3, highlights={1: "selected"}, sideways={3},
                       lift_selected=8)
    w, h = tile_size(60)
    assert len(rects) == 5
    assert rects[0] == pygame.Rect(10, 50, w, h)
    assert rects[1].top == 42 and rects[1].left == 10 + w + 3
    assert rects[3].size == (h, w) and rects[3].bottom == 50 + h  # a called tile lies on the bottom line
    assert rects[-1].right - rects[0].left == row_width(5, 60, gap=3, sideways=1)
    for a, b in zip(rects, rects[1:], strict=False):
        assert b.left == a.right + 3
    # what was drawn is the tile picture
    assert screen.get_at(rects[0].center) == tile_surface(tiles[0], 60).get_at((w // 2, h // 2))


def test_engine_never_imports_pygame() -> None:
    code = (
        "import pkgutil, importlib, sys, trainer.engine as e\n"
        "for m in pkgutil.walk_packages(e.__path__, 'trainer.engine.', onerror=lambda name: None):\n"
        "    try:\n"
        "        importlib.import_module(m.name)\n"
        "    except ImportError:\n"
        "        pass  # a module another test covers; this test is only about pygame\n"
        "assert 'pygame' not in sys.modules, 'trainer.engine imports pygame'\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr[-2000:]


@pytest.mark.parametrize("theme", THEMES)
def test_tiles_are_opaque_inside_and_rounded_at_the_corners(theme: str) -> None:
    for height in SIZES:
        for surf in (tile_surface(parse_tile("5p"), height, theme=theme),
                     tile_surface(None, height, theme=theme, sideways=True)):
            w, h = surf.get_size()
            inside = [surf.get_at((x, y)).a for x in range(w // 6, w - w // 6, 3) for y in (2, h // 2, h - 3)]
            assert min(inside) == 255, (theme, height)
            assert surf.get_at((0, 0)).a < 128  # rounded corner: the table shows through


def _region(surf: pygame.Surface, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(surf.subsurface(rect).copy(), "RGBA")


def _things_a_child_counts(surf: pygame.Surface, area: pygame.Rect) -> int:
    """How many separate pictures (a coin, a stick, a digit ...) are printed in ``area``: connected
    blobs of ink, ignoring specks and blobs nested inside another one (the rings of one coin)."""
    paper = surf.get_at((area.centerx, area.top + 1))
    mask = pygame.Mask(area.size)
    for y in range(area.h):
        for x in range(area.w):
            c = surf.get_at((area.x + x, area.y + y))
            if abs(c.r - paper.r) + abs(c.g - paper.g) + abs(c.b - paper.b) > 90:
                mask.set_at((x, y))
    boxes = [pygame.Rect(b) for b in mask.get_bounding_rects() if b.w * b.h >= 12]
    return sum(1 for b in boxes if not any(o is not b and o.contains(b) and o != b for o in boxes))


def test_kids_tiles_show_only_the_pips_to_count() -> None:
    # A child answering "how many?" counts the pictures above the suit tab: exactly the rank,
    # with no numeral and no suit icon among them (8s is left out: its "M over W" sticks touch).
    height = 120
    marker = suit_marker_rect(height, "kids")
    assert marker is not None
    w, _ = tile_size(height)
    # inside the face's rounded edge, down to just above the tab
    area = pygame.Rect(round(w * 0.08), round(height * 0.06), w - 2 * round(w * 0.08),
                       marker.top - marker.h // 2 - round(height * 0.06))
    for name in ("2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p", "2s", "3s", "4s", "5s", "6s", "7s", "9s"):
        tile = parse_tile(name)
        counted = _things_a_child_counts(tile_surface(tile, height, theme="kids"), area)
        assert counted == tile.rank, f"{name}: a child counts {counted} things on the kids tile"


@pytest.mark.parametrize("theme", ("contrast", "kids"))
def test_suit_marker_tells_the_suit_and_never_the_number(theme: str) -> None:
    for height in SIZES:
        for sideways in (False, True):
            rect = suit_marker_rect(height, theme, sideways=sideways)
            assert rect is not None
            surf_rect = tile_surface(parse_tile("1m"), height, theme=theme, sideways=sideways).get_rect()
            assert surf_rect.contains(rect), (height, sideways, rect)
            looks = {}
            for suit in range(4):
                ranks = range(1, 8) if suit == 3 else range(1, 10)
                marks = {_region(tile_surface(Tile(suit * 9 + r - 1), height, theme=theme, sideways=sideways), rect)
                         for r in ranks}
                assert len(marks) == 1, f"{theme} {height}px: the marker of suit {suit} changes with the rank"
                looks[suit] = marks.pop()
            assert len(set(looks.values())) == 4, f"{theme} {height}px: two suits share a marker"
    assert suit_marker_rect(64, "classic") is None


@pytest.mark.parametrize("theme", THEMES)
def test_highlight_badges_leave_the_suit_marker_visible(theme: str) -> None:
    for height in SIZES:
        for sideways in (False, True):
            rect = suit_marker_rect(height, theme, sideways=sideways)
            if rect is None:
                continue
            # The coloured highlight frame runs along the edge; the badge must stay off the marker.
            frame = round(height * 0.065) + 1
            rect = rect.clip(tile_surface(None, height, sideways=sideways).get_rect().inflate(-2 * frame, -2 * frame))
            assert rect.w > 2 and rect.h > 2, (height, sideways, rect)
            for name in ("3m", "6p", "0s", "5z"):
                tile = parse_tile(name)
                plain = _region(tile_surface(tile, height, theme=theme, sideways=sideways), rect)
                for highlight in ("right", "wrong", "hint"):
                    lit = tile_surface(tile, height, theme=theme, sideways=sideways, highlight=highlight)
                    assert _region(lit, rect) == plain, (height, sideways, name, highlight)
