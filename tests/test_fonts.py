"""The shipped fonts cover every character the app shows; the text renderer falls back per character."""

from __future__ import annotations

import ast
import os
import unicodedata
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pygame.freetype  # noqa: E402
import pytest  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from trainer.paths import DATA_DIR, FONTS_DIR, LESSONS_DIR, LOCALES_DIR, ROOT  # noqa: E402
from trainer.ui.text import BOLD_FILES, REGULAR_FILES, TextRenderer, get_text  # noqa: E402

REBUILD = "run scripts/build_fonts.py and commit assets/fonts/"


def _content_files() -> list[Path]:
    files = sorted(LESSONS_DIR.glob("**/*.yaml")) + sorted(LOCALES_DIR.glob("**/*.po"))
    files += sorted(DATA_DIR.glob("*.yaml"))
    return files


def _ui_strings() -> list[tuple[Path, int, str]]:
    """String literals of the app's screens and widgets (docstrings left out)."""
    found = []
    for path in sorted((ROOT / "trainer" / "ui").glob("**/*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                found.append((path, node.lineno, node.value))
    return found


def _shipped_cmap() -> set[str]:
    """Characters that have a glyph in one of the shipped subsets (read with freetype, as the app does)."""
    pygame.freetype.init()
    fonts = [pygame.freetype.Font(str(FONTS_DIR / name), 16) for name in REGULAR_FILES]
    candidates = set()
    for path in _content_files():
        candidates.update(path.read_text(encoding="utf-8"))
    for _, _, text in _ui_strings():
        candidates.update(text)
    return {ch for ch in candidates if any(f.get_metrics(ch)[0] is not None for f in fonts)}


def _needs_glyph(ch: str) -> bool:
    return not ch.isspace() and unicodedata.category(ch)[0] != "C"


def test_shipped_font_files_exist_with_licence() -> None:
    for name in (*REGULAR_FILES, *BOLD_FILES):
        assert (FONTS_DIR / name).is_file(), f"assets/fonts/{name} is missing: {REBUILD}"
    ofl = (FONTS_DIR / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in ofl and "Copyright" in ofl
    assert "build_fonts.py" in (FONTS_DIR / "README.md").read_text(encoding="utf-8")
    total = sum((FONTS_DIR / n).stat().st_size for n in (*REGULAR_FILES, *BOLD_FILES))
    assert total < 1_300_000, f"font subsets grew to {total} bytes"


def test_renderer_uses_the_shipped_subsets() -> None:
    assert all(path.parent == FONTS_DIR for path in get_text().font_paths)


def test_every_character_of_the_content_is_covered() -> None:
    covered = _shipped_cmap()
    missing: dict[str, str] = {}
    for path in _content_files():
        for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for ch in line:
                if _needs_glyph(ch) and ch not in covered:
                    missing.setdefault(ch, f"{path.relative_to(ROOT)}:{lineno}")
    for path, lineno, text in _ui_strings():
        for ch in text:
            if _needs_glyph(ch) and ch not in covered:
                missing.setdefault(ch, f"{path.relative_to(ROOT)}:{lineno}")
    report = "; ".join(f"U+{ord(c):04X} {c!r} ({unicodedata.name(c, '?')}) first at {where}"
                       for c, where in sorted(missing.items()))
    assert not missing, f"characters without a glyph in assets/fonts: {report} — {REBUILD}"


def test_key_characters_are_covered() -> None:
    text = get_text()
    for ch in "РиичиЁё立直リーチ萬牌發槓嶺搶摸撈燈盃碰蓮雀飜么嵌中白東南西北ō ū№₽«»—…\u202f\U0001F000\U0001F004\U0001F02B":
        assert text.covers(ch), f"U+{ord(ch):04X} {ch!r}"
    assert not text.covers("\ue000")  # private use: no font has it
    with pytest.raises(ValueError):
        text.covers("ab")


def test_mixed_line_shares_one_baseline() -> None:
    pygame.init()
    text = get_text()
    size = 30
    parts = ["Риичи", "立直", "\U0001F004"]
    line = text.render(" ".join(parts), size, (0, 0, 0))
    assert line.get_height() == text.line_height(size)
    assert text.measure(" ".join(parts), size)[0] <= line.get_width() <= text.measure(" ".join(parts), size)[0] + 2
    for part in parts:
        alone = text.render(part, size, (0, 0, 0))
        assert alone.get_height() == line.get_height()
    # Cyrillic sits on the baseline: its ink ends at the baseline row.
    ink = text.render("Риичи", size, (0, 0, 0)).get_bounding_rect()
    assert abs(ink.bottom - text.ascent(size)) <= 1
    # Kanji and a tile glyph are drawn (not tofu-empty) and stay within the line.
    for part in parts[1:]:
        ink = text.render(part, size, (0, 0, 0)).get_bounding_rect()
        assert ink.h > size * 0.5 and ink.top >= 0 and ink.bottom <= line.get_height()


def test_bold_is_wider_and_covers_all_kanji() -> None:
    text = get_text()
    assert text.measure("Жирный", 24, bold=True)[0] > text.measure("Жирный", 24)[0]
    # 鬱 is Jōyō but not in the small bold subset: drawn emboldened from Regular, not as tofu
    assert text.render("鬱", 24, (0, 0, 0), bold=True).get_bounding_rect().h > 12


def test_render_is_cached() -> None:
    text = get_text()
    assert text.render("Кэш", 20, (1, 2, 3)) is text.render("Кэш", 20, (1, 2, 3))


def test_wrap_russian_at_spaces_and_japanese_per_character() -> None:
    text = get_text()
    ru = "Игрок объявляет риичи, когда его рука готова и закрыта."
    lines = text.wrap(ru, 20, 200)
    assert len(lines) > 1 and " ".join(lines) == ru
    assert all(text.measure(line, 20)[0] <= 200 for line in lines)
    ja = "配牌とは、局の開始時に各プレイヤーに配られる牌のことである。"
    lines = text.wrap(ja, 20, 120)
    assert len(lines) > 1 and "".join(lines) == ja
    assert all(text.measure(line, 20)[0] <= 120 for line in lines)
    assert not any(line[0] in "、。ー" for line in lines)
    assert text.wrap("один\n\nдва", 20, 500) == ["один", "", "два"]


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab вгд 立直萬、。リーチ\U0001F004")), max_size=60),
       st.integers(min_value=40, max_value=300))
def test_wrap_keeps_every_character_and_fits(sample: str, width: int) -> None:
    text = get_text()
    lines = text.wrap(sample, 18, width)
    assert "".join(lines).replace(" ", "") == sample.replace(" ", "")
    for line in lines:
        # a line may overflow only when it is a single unbreakable character
        assert text.measure(line, 18)[0] <= width or len(line) == 1


def test_renderer_falls_back_to_system_fonts_only_when_subsets_are_missing(tmp_path: Path) -> None:
    from trainer.ui.text import _SYSTEM_FALLBACK

    if not all(Path(path).exists() for path, _ in _SYSTEM_FALLBACK.values()):
        with pytest.raises(FileNotFoundError, match="build_fonts"):
            TextRenderer(tmp_path)
        return
    renderer = TextRenderer(tmp_path)
    assert all(path.parent != tmp_path for path in renderer.font_paths)
