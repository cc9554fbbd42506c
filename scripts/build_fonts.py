"""Build the font subsets shipped in assets/fonts/ from the repository's own text.

    apt-get install -y fonts-noto-core fonts-noto-cjk       # the full source fonts (maintainers only)
    .venv/bin/pip install fonttools brotli kanji-lists      # subsetting tools; kanji-lists gives the Jōyō list
    .venv/bin/python scripts/build_fonts.py [--source-dir DIR] [--check]

Where the source fonts come from (Debian bookworm packages, OFL-1.1):

* ``fonts-noto-core``: /usr/share/fonts/truetype/noto/NotoSans-Regular.ttf, NotoSans-Bold.ttf,
  NotoSansSymbols2-Regular.ttf;
* ``fonts-noto-cjk``: /usr/share/fonts/opentype/noto/NotoSansCJK-{Regular,Bold}.ttc, face 0
  (Noto Sans CJK JP).

``--source-dir DIR`` takes the same file names from DIR instead (e.g. copied from another
machine).  The character set is:

* a base set: ASCII, Latin-1, Latin Extended-A/B (romaji with macrons: ryūīsō), Cyrillic,
  general punctuation, arrows, CJK punctuation, hiragana, katakana, full/half-width forms;
* the 2136 Jōyō kanji (from the ``kanji-lists`` package when installed; otherwise left out
  with a warning) and the mahjong kanji outside Jōyō (么嵌嶺摸撈槍槓燈牌發盃碰萬蓮雀飜 ...);
* every character that appears in trainer/**/*.py, trainer/**/*.yaml, lessons/**/*.yaml and
  locales/**/*.po — so whatever the app shows is covered (tests/test_fonts.py checks it);
* for Symbols2: the mahjong tiles U+1F000–U+1F02B and common UI symbols (arrows,
  geometric shapes, check marks, stars).

The app renders with freetype and no text shaping, so OpenType layout tables are dropped
(smaller files).  The JP Bold subset holds kana, the mahjong kanji and the repo's
characters only; other kanji are drawn emboldened from the Regular face at run time.
``--check`` only reports which repository characters the shipped fonts lack.
"""

from __future__ import annotations

import argparse
import re
import sys
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "fonts"

NOTO_CORE = Path("/usr/share/fonts/truetype/noto")
NOTO_CJK = Path("/usr/share/fonts/opentype/noto")
OFL_SOURCE = Path("/usr/share/doc/fonts-noto-cjk/copyright")  # holds the full OFL 1.1 text

# Mahjong kanji the Jōyō list lacks (萬 man, 牌 tile, 發 green dragon, 槓 kan, 嶺 rinshan ...),
# and mahjong kanji that are Jōyō but must never be missing even without the Jōyō list.
MAHJONG_KANJI = (
    "么嵌嶺摸撈槍槓燈牌發盃碰萬蓮雀飜"
    "一二三四五六七八九十萬筒索東南西北白發中立直聴牌和了自摸栄符翻満貫跳倍役"
    "門前清平断么九対子刻順暗明槓嶺上開花海底河底撈魚槍搶一気通貫三色同順混全帯"
    "老頭国士無双大四喜小緑字清一色純正九蓮宝燈天地人地和流局途中親子場風牌鳴"
    "赤宝牌裏ドラ点棒供託本場荘戦東南北西局半"
)

BASE_RANGES = (
    (0x0020, 0x007E),  # ASCII
    (0x00A0, 0x00FF),  # Latin-1
    (0x0100, 0x017F),  # Latin Extended-A: macrons of romaji (ā ī ū ē ō)
    (0x0300, 0x0304),  # combining grave, acute, circumflex, tilde, macron
    (0x0400, 0x045F),  # Cyrillic (Russian and its neighbours)
    (0x2000, 0x206F),  # general punctuation (— « » … U+202F)
    (0x20A0, 0x20BF),  # currency (₽)
    (0x2100, 0x214F),  # letterlike (№)
    (0x2190, 0x21FF),  # arrows
    (0x2212, 0x2212),  # minus sign
    (0x2260, 0x2265),  # ≠ ≤ ≥
    (0x3000, 0x303F),  # CJK punctuation 、。「」
    (0x3040, 0x309F),  # hiragana
    (0x30A0, 0x30FF),  # katakana
    (0xFF00, 0xFFEF),  # full- and half-width forms
    (0x1F000, 0x1F02B),  # mahjong tiles
)

# UI symbols that may appear in buttons and feedback (Symbols2 has those Noto Sans lacks).
UI_SYMBOLS = "✓✔✗✘★☆●○◎■□▲△▼▽◆◇♦←→↑↓⇐⇒↻↺⟵⟶⭐⬤⯅⯆⯇⯈①②③④⑤⑥⑦⑧⑨"

# (output name, source file, face index in a collection, which characters)
TARGETS = (
    ("NotoSans-Regular.subset.ttf", NOTO_CORE / "NotoSans-Regular.ttf", 0, "latin"),
    ("NotoSans-Bold.subset.ttf", NOTO_CORE / "NotoSans-Bold.ttf", 0, "latin"),
    ("NotoSansJP-Regular.subset.otf", NOTO_CJK / "NotoSansCJK-Regular.ttc", 0, "cjk"),
    ("NotoSansJP-Bold.subset.otf", NOTO_CJK / "NotoSansCJK-Bold.ttc", 0, "bold-cjk"),
    ("NotoSansSymbols2-Mahjong.subset.ttf", NOTO_CORE / "NotoSansSymbols2-Regular.ttf", 0, "symbols"),
)

REPO_GLOBS = ("trainer/**/*.py", "trainer/**/*.yaml", "lessons/**/*.yaml", "locales/**/*.po")


def repo_characters(root: Path = ROOT) -> set[str]:
    """Every printable character in the repository's code, data, lessons and catalogs."""
    chars: set[str] = set()
    for pattern in REPO_GLOBS:
        for path in sorted(root.glob(pattern)):
            chars.update(path.read_text(encoding="utf-8"))
    return {c for c in chars if unicodedata.category(c)[0] != "C"}


def base_characters() -> set[str]:
    """The fixed base set: Latin, Cyrillic, punctuation, kana, symbols, tiles."""
    return {chr(c) for lo, hi in BASE_RANGES for c in range(lo, hi + 1)}


def joyo_kanji() -> set[str]:
    """The 2136 Jōyō kanji (2010 list) from the kanji-lists package, or an empty set."""
    try:
        from kanji_lists import JOYO  # type: ignore[import-not-found]
    except ImportError:
        print("warning: kanji-lists is not installed; the Jōyō kanji are not added", file=sys.stderr)
        return set()
    return set(JOYO.HEISEI22)


def _is_cjk(ch: str) -> bool:
    code = ord(ch)
    return 0x2E80 <= code <= 0x9FFF or 0xF900 <= code <= 0xFAFF or 0xFF00 <= code <= 0xFFEF


def charsets() -> dict[str, set[str]]:
    """The character set of each kind of target."""
    repo = repo_characters()
    base = base_characters() | set(UI_SYMBOLS)
    mahjong = set(MAHJONG_KANJI)
    kana = {chr(c) for c in range(0x3000, 0x3100)} | {chr(c) for c in range(0xFF00, 0xFFF0)}
    everything = base | repo | mahjong
    # Noto Sans comes first in the fallback chain, so the JP subsets need only what it lacks.
    latin = _cmap(TARGETS[0][1])
    cjk_part = {c for c in everything | joyo_kanji() if ord(c) not in latin}
    symbols_part = {c for c in base | repo if ord(c) not in latin and not _is_cjk(c) and ord(c) > 0x2000}
    return {
        "latin": {c for c in everything if not _is_cjk(c)},
        "cjk": cjk_part,
        "bold-cjk": {c for c in base | repo | mahjong | kana if ord(c) not in latin},
        "symbols": {chr(c) for c in range(0x1F000, 0x1F02C)} | symbols_part,
    }


def _cmap(path: Path) -> set[int]:
    from fontTools.ttLib import TTFont

    return set(TTFont(str(path), lazy=True).getBestCmap()) if path.exists() else set()


def _subset(source: Path, index: int, chars: set[str], out: Path) -> None:
    from fontTools import subset
    from fontTools.ttLib import TTFont

    options = subset.Options()
    options.layout_features = []  # freetype renders unshaped: GSUB/GPOS are dead weight
    options.name_IDs = ["*"]  # keep copyright, licence and version strings
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.font_number = index
    if source.suffix in (".ttc", ".otf"):
        options.hinting = False  # CFF hints: freetype's auto-hinter does as well at UI sizes
    font = TTFont(str(source), fontNumber=index, lazy=False, recalcTimestamp=False)  # reproducible builds
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(ord(c) for c in chars))
    subsetter.subset(font)
    # The subset is a Modified Version under the OFL: say so in the version string.
    for record in font["name"].names:
        if record.nameID == 5:
            record.string = f"{record.toUnicode()}; subset by riichi-trainer scripts/build_fonts.py"
    font.save(str(out))


def _name(path: Path, name_id: int) -> str:
    from fontTools.ttLib import TTFont

    font = TTFont(str(path), fontNumber=0, lazy=True)
    record = font["name"].getName(name_id, 3, 1, 0x409) or font["name"].getName(name_id, 1, 0, 0)
    return record.toUnicode() if record else ""


def write_ofl(sources: list[Path]) -> None:
    """assets/fonts/OFL.txt: the copyright lines of the source fonts and the OFL 1.1 text."""
    text = OFL_SOURCE.read_text(encoding="utf-8")
    m = re.search(r"^License: SIL-1\.1\n((?: .*\n)+)", text, re.M)
    if not m:
        raise SystemExit(f"{OFL_SOURCE}: could not find the SIL-1.1 licence text")
    body = "\n".join("" if line.strip() == "." else line[1:] for line in m.group(1).splitlines())
    notices = sorted({_name(p, 0) for p in sources if _name(p, 0)})
    (OUT / "OFL.txt").write_text("\n".join(notices) + "\n\n" + body.strip() + "\n", encoding="utf-8")


def check() -> int:
    """Report repository characters that none of the shipped subsets covers."""
    from fontTools.ttLib import TTFont

    covered: set[int] = set()
    for name, *_ in TARGETS:
        path = OUT / name
        if path.exists():
            covered |= set(TTFont(str(path), lazy=True).getBestCmap())
    missing = sorted(c for c in repo_characters() if ord(c) not in covered and not c.isspace())
    for c in missing:
        print(f"U+{ord(c):04X} {c} {unicodedata.name(c, '?')}")
    print(f"{len(missing)} repository characters are not covered")
    return 1 if missing else 0


def main(argv: list[str]) -> int:
    """Build every subset into assets/fonts/ and print what was written."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source-dir", type=Path, help="take the source font files from this folder")
    parser.add_argument("--check", action="store_true", help="only list repository characters not covered")
    args = parser.parse_args(argv)
    if args.check:
        return check()
    OUT.mkdir(parents=True, exist_ok=True)
    sets = charsets()
    sources = []
    total = 0
    for name, source, index, kind in TARGETS:
        if args.source_dir:
            source = args.source_dir / source.name
        if not source.exists():
            raise SystemExit(f"{source} is missing: apt-get install -y fonts-noto-core fonts-noto-cjk")
        out = OUT / name
        _subset(source, index, sets[kind], out)
        size = out.stat().st_size
        total += size
        sources.append(source)
        print(f"{out.relative_to(ROOT)}: {size / 1024:.0f} KB from {source} #{index} "
              f"({_name(source, 5)}), {len(sets[kind])} characters requested")
    write_ofl(sources)
    print(f"total {total / 1024:.0f} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
