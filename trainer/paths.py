"""Where the project's data lives: lessons, locales, fonts and other assets.

The app runs from a source checkout (``pip install -e``), so data folders sit
beside the ``trainer`` package at the top of the repository.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
ROOT = PACKAGE_DIR.parent
LESSONS_DIR = ROOT / "lessons"
LOCALES_DIR = ROOT / "locales"
ASSETS_DIR = ROOT / "assets"
FONTS_DIR = ASSETS_DIR / "fonts"
ENGINE_DATA_DIR = PACKAGE_DIR / "engine" / "data"
DATA_DIR = PACKAGE_DIR / "data"
