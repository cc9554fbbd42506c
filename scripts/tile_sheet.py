"""Render every tile face in every theme to PNG sheets, to look at the art.

    .venv/bin/python scripts/tile_sheet.py [OUT_DIR]      (default /tmp/shots)

One sheet per theme and height (36, 64, 120): the 34 kinds, the three red fives,
the back, sideways tiles, the four highlights (upright and sideways), a dimmed
tile and a blank face.
Runs headless (SDL_VIDEODRIVER=dummy is set if unset).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from trainer.engine.tiles import ALL_KINDS, parse_tile  # noqa: E402
from trainer.ui.text import get_text  # noqa: E402
from trainer.ui.theme import PALETTE  # noqa: E402
from trainer.ui.tile_art import HIGHLIGHTS, THEMES, blank_face, draw_tiles, row_width, tile_surface  # noqa: E402

HEIGHTS = (36, 64, 120)


def render_sheet(theme: str, height: int) -> pygame.Surface:
    """One sheet: rows of man, pin, sou, honors, then the specials, on the table felt."""
    text = get_text()
    label_size = max(12, height // 4)
    gap = max(2, height // 12)
    rows = [
        ("man", list(ALL_KINDS[0:9]), {}, ()),
        ("pin", list(ALL_KINDS[9:18]), {}, ()),
        ("sou", list(ALL_KINDS[18:27]), {}, ()),
        ("honors", list(ALL_KINDS[27:34]), {}, ()),
        ("red 5 / back / sideways", [parse_tile(n) for n in ("0m", "0p", "0s", "5m", "5p", "5s")] + [None]
         + [parse_tile(n) for n in ("2s", "5z", "0p")], {}, (7, 8, 9)),
        ("highlights, dim", [parse_tile(n) for n in ("3m", "6p", "8s", "1z", "7z")], {
            i: h for i, h in enumerate(HIGHLIGHTS)}, ()),
        ("sideways highlights (badges clear of the suit marker)", [parse_tile(n) for n in ("2m", "5p", "0s", "6z")],
         {i: h for i, h in enumerate(HIGHLIGHTS)}, (0, 1, 2, 3)),
    ]
    width = max(row_width(len(t), height, gap=gap, sideways=len(s)) for _, t, _, s in rows) + 3 * height
    row_h = height + label_size + gap * 3
    sheet = pygame.Surface((width + 2 * gap, row_h * len(rows) + gap * 2))
    sheet.fill(PALETTE.felt)
    y = gap
    for label, tiles, highlights, sideways in rows:
        sheet.blit(text.render(f"{theme} {height}px — {label}", label_size, PALETTE.on_felt), (gap, y))
        top = y + label_size + gap
        rects = draw_tiles(sheet, tiles, (gap, top), height, theme=theme, gap=gap, highlights=highlights,
                           sideways=sideways)
        x = rects[-1].right + gap * 2
        if label.startswith("highlights"):
            sheet.blit(tile_surface(parse_tile("9m"), height, theme=theme, dim=True), (x, top))
            x += tile_surface(parse_tile("9m"), height, theme=theme).get_width() + gap
            sheet.blit(blank_face(height, theme=theme), (x, top))
        y += row_h
    return sheet


def main(argv: list[str]) -> int:
    """Write ``tiles_<theme>_<height>.png`` for every theme and height into the output folder."""
    out = Path(argv[0]) if argv else Path("/tmp/shots")
    out.mkdir(parents=True, exist_ok=True)
    pygame.init()
    for theme in THEMES:
        for height in HEIGHTS:
            path = out / f"tiles_{theme}_{height}.png"
            pygame.image.save(render_sheet(theme, height), str(path))
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
