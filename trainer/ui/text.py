"""Text rendering with per-character font fallback: Russian, Japanese and tile glyphs on one line.

pygame has no font fallback of its own, and no single free font covers
Cyrillic, kana/kanji (立直, リーチ, 萬) and the Unicode mahjong tiles (🀄).
:class:`TextRenderer` keeps a chain of fonts shipped in ``assets/fonts/``
(built by ``scripts/build_fonts.py``):

1. Noto Sans — Latin, Cyrillic, punctuation (proportional Cyrillic, has U+202F),
2. Noto Sans JP subset — kana and the kanji the app uses,
3. Noto Sans Symbols2 subset — the tiles U+1F000–U+1F02B for inline text.

Each character goes to the first font that has a glyph for it; runs of
characters from one font are drawn with ``pygame.freetype`` at a common
baseline, so "Риичи 立直 🀄" sits on one line.  Rendered lines are cached.

Sizes are in pixels (freetype at its default 72 dpi: one point is one pixel).
"""

from __future__ import annotations

import math
import unicodedata
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pygame
import pygame.freetype

from trainer.paths import FONTS_DIR

ColorLike = pygame.Color | tuple[int, int, int] | tuple[int, int, int, int] | str

# Shipped subsets (see assets/fonts/README.md), in fallback order.
REGULAR_FILES = ("NotoSans-Regular.subset.ttf", "NotoSansJP-Regular.subset.otf", "NotoSansSymbols2-Mahjong.subset.ttf")
BOLD_FILES = ("NotoSans-Bold.subset.ttf", "NotoSansJP-Bold.subset.otf")

# Full system fonts, used only while the subsets have not been built (a developer checkout
# before scripts/build_fonts.py ran).  Debian: fonts-noto-core, fonts-noto-cjk.
_SYSTEM_FALLBACK = {
    "NotoSans-Regular.subset.ttf": ("/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf", 0),
    "NotoSans-Bold.subset.ttf": ("/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf", 0),
    "NotoSansJP-Regular.subset.otf": ("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", 0),
    "NotoSansJP-Bold.subset.otf": ("/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc", 0),
    "NotoSansSymbols2-Mahjong.subset.ttf": ("/usr/share/fonts/truetype/noto/NotoSansSymbols2-Regular.ttf", 0),
}

_CACHE_SIZE = 3000  # rendered lines kept ...
_CACHE_BYTES = 48 * 1024 * 1024  # ... and at most this much pixel memory
TILE_GLYPH_SCALE = 1.35

# Characters that must not start a wrapped line (Japanese kinsoku + Western closing punctuation).
_NO_LINE_START = set(",.;:!?)]}»”’、。，．・：；？！ー）」』】〕〉》〗〙〛ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々〜…")
# Characters that must not end a wrapped line.
_NO_LINE_END = set("([{«“‘（「『【〔〈《〖〘〚")


@dataclass(frozen=True, slots=True)
class _Face:
    """One font of the fallback chain: the loaded freetype font and where it came from."""

    font: pygame.freetype.Font
    path: Path
    synthetic_bold: bool
    scale: float = 1.0  # drawn this much larger than the line's size (tile glyphs)
    tiles_only: bool = False  # used only for the mahjong tile block U+1F000–U+1F02F

    def px(self, size: int) -> int:
        """The pixel size to draw this face at for a line of ``size``."""
        return max(1, round(size * self.scale))


def _is_cjk_breakable(ch: str) -> bool:
    """True for characters after which a line may break without a space (kana, kanji, CJK punctuation)."""
    code = ord(ch)
    return (
        0x2E80 <= code <= 0x9FFF  # CJK radicals, punctuation, kana, CJK unified ideographs
        or 0xF900 <= code <= 0xFAFF  # compatibility ideographs
        or 0xFF00 <= code <= 0xFFEF  # full-width and half-width forms
        or 0x1F000 <= code <= 0x1F02F  # mahjong tiles
        or 0x20000 <= code <= 0x3FFFF  # CJK extension planes
    )


class TextRenderer:
    """Draws single lines of mixed Russian/Japanese/tile-glyph text with font fallback.

    ``render`` returns a cached, transparent surface exactly ``line_height(size)``
    tall with the text's baseline at ``ascent(size)``; callers must not draw on it.
    """

    def __init__(self, fonts_dir: Path = FONTS_DIR) -> None:
        if not pygame.freetype.get_init():
            pygame.freetype.init()
        self.fonts_dir = Path(fonts_dir)
        self._regular = [self._load(name, synthetic_bold=False) for name in REGULAR_FILES]
        bold = [self._load(name, synthetic_bold=False) for name in BOLD_FILES]
        # Characters missing from the bold subsets fall back to a regular face drawn emboldened.
        self._bold = bold + [self._load(name, synthetic_bold=True) for name in REGULAR_FILES]
        # The Symbols2 tile glyphs are only cap-height tall: tiles get their own, larger face so
        # 🀄 reads as a tile next to kanji (its top still stays below the line's ascent).
        tiles = self._load(REGULAR_FILES[2], synthetic_bold=False)
        tiles = _Face(tiles.font, tiles.path, False, TILE_GLYPH_SCALE, tiles_only=True)
        self._regular.append(tiles)
        self._bold.append(tiles)
        self._choice: dict[tuple[bool, str], int] = {}
        self._cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._cache_bytes = 0
        self._advance: dict[tuple[bool, int, str], float] = {}
        self._wraps: OrderedDict[tuple[str, int, int, bool], tuple[str, ...]] = OrderedDict()

    # --- fonts -----------------------------------------------------------------------------

    def _load(self, name: str, *, synthetic_bold: bool) -> _Face:
        path = self.fonts_dir / name
        index = 0
        if not path.exists():
            system, index = _SYSTEM_FALLBACK[name]
            path = Path(system)
            if not path.exists():
                raise FileNotFoundError(
                    f"font {self.fonts_dir / name} is missing: run scripts/build_fonts.py "
                    f"(or install Debian fonts-noto-core and fonts-noto-cjk)"
                )
        font = pygame.freetype.Font(str(path), 16, font_index=index)
        font.origin = True  # render_to positions are baselines
        font.pad = False
        font.antialiased = True
        font.kerning = False  # advances are summed by hand across runs, so keep them uniform
        if synthetic_bold:
            font.strong = True
        return _Face(font, path, synthetic_bold)

    @property
    def font_paths(self) -> tuple[Path, ...]:
        """The files of the regular chain in fallback order (for tests and the About screen)."""
        return tuple(face.path for face in self._regular if not face.tiles_only)

    def _chain(self, bold: bool) -> list[_Face]:
        return self._bold if bold else self._regular

    def _face_index(self, ch: str, bold: bool) -> int:
        """Index in the chain of the first font that has a glyph for ``ch`` (0 when none has)."""
        key = (bold, ch)
        found = self._choice.get(key)
        if found is None:
            found = 0
            is_tile = 0x1F000 <= ord(ch) <= 0x1F02F
            chain = self._chain(bold)
            order = sorted(range(len(chain)), key=lambda i: not chain[i].tiles_only) if is_tile else \
                [i for i in range(len(chain)) if not chain[i].tiles_only]
            for i in order:
                face = chain[i]
                metrics = face.font.get_metrics(ch, size=16)
                if metrics and metrics[0] is not None:
                    found = i
                    break
            self._choice[key] = found
        return found

    def covers(self, ch: str) -> bool:
        """True when one of the shipped fonts has a glyph for the character ``ch``.

        Spaces and other whitespace count only if the font maps them (all of ours map
        the usual ones); control characters such as a newline are never "covered".
        """
        if len(ch) != 1:
            raise ValueError(f"covers() takes one character, got {ch!r}")
        if unicodedata.category(ch) in ("Cc", "Cs"):
            return False
        for face in self._regular:
            metrics = face.font.get_metrics(ch, size=16)
            if metrics and metrics[0] is not None:
                return True
        return False

    # --- metrics ---------------------------------------------------------------------------

    def ascent(self, size: int) -> int:
        """Pixels from the top of a rendered line to its baseline at ``size``."""
        return math.ceil(self._regular[0].font.get_sized_ascender(size))

    def line_height(self, size: int) -> int:
        """Height in pixels of one rendered line at ``size`` (ascent + descent of Noto Sans)."""
        return self.ascent(size) + math.ceil(-self._regular[0].font.get_sized_descender(size))

    def _clean(self, text: str) -> str:
        # One line: tabs and newlines become spaces; other control characters are dropped.
        out = []
        for ch in text:
            if ch in "\t\n\r":
                out.append(" ")
            elif unicodedata.category(ch) != "Cc":
                out.append(ch)
        return "".join(out)

    def _runs(self, text: str, bold: bool) -> Iterator[tuple[int, str]]:
        """Split ``text`` into (chain index, substring) runs of one font each."""
        start, current = 0, -1
        for i, ch in enumerate(text):
            idx = self._face_index(ch, bold)
            if idx != current:
                if current >= 0:
                    yield current, text[start:i]
                start, current = i, idx
        if current >= 0:
            yield current, text[start:]

    def _char_advance(self, ch: str, size: int, bold: bool) -> float:
        """Horizontal advance of one character in the font the fallback picks for it."""
        key = (bold, size, ch)
        adv = self._advance.get(key)
        if adv is None:
            face = self._chain(bold)[self._face_index(ch, bold)]
            metrics = face.font.get_metrics(ch, size=face.px(size))
            adv = metrics[0][4] if metrics and metrics[0] is not None else 0.0
            if len(self._advance) > 50000:
                self._advance.clear()
            self._advance[key] = adv
        return adv

    def _run_advance(self, face_index: int, run: str, size: int, bold: bool) -> float:
        # No kerning and no shaping: a run's advance is the sum of its characters' advances.
        return sum(self._char_advance(ch, size, bold) for ch in run)

    def _width(self, text: str, size: int, bold: bool) -> float:
        return sum(self._char_advance(ch, size, bold) for ch in text)

    def measure(self, text: str, size: int, *, bold: bool = False) -> tuple[int, int]:
        """(width, height) in pixels that ``render`` would produce for this one line."""
        return math.ceil(self._width(self._clean(text), size, bold)), self.line_height(size)

    # --- drawing ---------------------------------------------------------------------------

    def render(self, text: str, size: int, color: ColorLike, *, bold: bool = False) -> pygame.Surface:
        """One line of text as a transparent surface (cached; do not draw on the result)."""
        rgba = tuple(pygame.Color(color))
        key = (text, size, rgba, bold)
        surf = self._cache.get(key)
        if surf is not None:
            self._cache.move_to_end(key)
            return surf
        clean = self._clean(text)
        width, height = self.measure(clean, size, bold=bold)
        # A little room on the right for italic-like overhangs and synthetic bold.
        surf = pygame.Surface((max(1, width + (2 if bold else 1)), height), pygame.SRCALPHA)
        baseline = self.ascent(size)
        x = 0.0
        fg = pygame.Color(rgba)
        chain = self._chain(bold)
        for idx, run in self._runs(clean, bold):
            if not run.isspace():
                chain[idx].font.render_to(surf, (round(x), baseline), run, fg, size=chain[idx].px(size))
            x += self._run_advance(idx, run, size, bold)
        self._cache[key] = surf
        self._cache_bytes += surf.get_width() * surf.get_height() * 4
        while len(self._cache) > 1 and (len(self._cache) > _CACHE_SIZE or self._cache_bytes > _CACHE_BYTES):
            _, old = self._cache.popitem(last=False)
            self._cache_bytes -= old.get_width() * old.get_height() * 4
        return surf

    def render_lines(
        self, lines: list[str], size: int, color: ColorLike, *, bold: bool = False, spacing: float = 1.0
    ) -> pygame.Surface:
        """Several lines (e.g. from :meth:`wrap`) stacked into one transparent surface, left-aligned."""
        step = round(self.line_height(size) * spacing)
        width = max((self.measure(line, size, bold=bold)[0] for line in lines), default=0)
        height = step * max(0, len(lines) - 1) + self.line_height(size) if lines else 0
        surf = pygame.Surface((max(1, width + 2), max(1, height)), pygame.SRCALPHA)
        for i, line in enumerate(lines):
            if line:
                surf.blit(self.render(line, size, color, bold=bold), (0, i * step))
        return surf

    # --- wrapping --------------------------------------------------------------------------

    def _tokens(self, paragraph: str) -> list[str]:
        """Break opportunities: words with their trailing spaces, and single CJK characters."""
        tokens: list[str] = []
        buf = ""
        for ch in paragraph:
            if ch == " ":
                buf += ch
                continue
            if buf.endswith(" ") and buf.strip():
                tokens.append(buf)
                buf = ""
            if _is_cjk_breakable(ch) and ch not in _NO_LINE_START:
                if buf and buf[-1] not in _NO_LINE_END:
                    tokens.append(buf)
                    buf = ""
                buf += ch
                continue
            if buf and _is_cjk_breakable(buf[-1]) and ch not in _NO_LINE_START and buf[-1] not in _NO_LINE_END:
                tokens.append(buf)
                buf = ""
            buf += ch
        if buf:
            tokens.append(buf)
        return tokens

    def _split_long(self, token: str, size: int, width: int, bold: bool) -> list[str]:
        """Cut a single word wider than ``width`` into pieces that fit (last resort)."""
        pieces, cur = [], ""
        for ch in token:
            if cur and self._width(cur + ch, size, bold) > width:
                pieces.append(cur)
                cur = ch
            else:
                cur += ch
        if cur:
            pieces.append(cur)
        return pieces

    def wrap(self, text: str, size: int, width: int, *, bold: bool = False) -> list[str]:
        """Break ``text`` into lines no wider than ``width`` pixels.

        Breaks at spaces, and between any two CJK characters (Japanese has no spaces),
        keeping Japanese closing punctuation (、。」ー…) off the start of a line.  A
        newline in ``text`` always starts a new line; an empty paragraph gives an
        empty line.  Trailing spaces are stripped from each line.
        """
        if width <= 0:
            raise ValueError(f"wrap width must be positive, got {width}")
        key = (text, size, width, bold)
        cached = self._wraps.get(key)
        if cached is not None:
            self._wraps.move_to_end(key)
            return list(cached)
        lines: list[str] = []
        for paragraph in text.replace("\r\n", "\n").split("\n"):
            paragraph = paragraph.replace("\t", " ")
            if not paragraph.strip():
                lines.append("")
                continue
            cur, cur_w = "", 0.0  # cur_w: width of cur without its trailing spaces
            cur_full = 0.0  # width of cur with its trailing spaces
            for token in self._tokens(paragraph):
                body = token.rstrip(" ")
                body_w = self._width(body, size, bold)
                tail_w = self._width(token[len(body):], size, bold)
                if cur_full + body_w <= width or not cur.strip():
                    if cur_full + body_w <= width:
                        cur, cur_w, cur_full = cur + token, cur_full + body_w, cur_full + body_w + tail_w
                        continue
                else:
                    lines.append(cur.rstrip(" "))
                body = body.lstrip(" ")
                lead = token[: len(token) - len(token.lstrip(" "))]
                token = token[len(lead):]
                body_w = self._width(body, size, bold)
                if body_w > width:
                    pieces = self._split_long(body, size, width, bold)
                    lines.extend(pieces[:-1])
                    cur = pieces[-1] + token[len(body):]
                    cur_w = self._width(pieces[-1], size, bold)
                else:
                    cur, cur_w = token, body_w
                cur_full = cur_w + tail_w
            if cur.strip() or not lines:
                lines.append(cur.rstrip(" "))
        self._wraps[key] = tuple(lines)
        if len(self._wraps) > 2000:
            self._wraps.popitem(last=False)
        return lines


_INSTANCE: TextRenderer | None = None


def get_text() -> TextRenderer:
    """The app-wide text renderer (fonts load on first use; needs no display)."""
    global _INSTANCE
    if _INSTANCE is None:
        _INSTANCE = TextRenderer()
    return _INSTANCE
