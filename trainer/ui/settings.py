"""The learner's app settings, kept as JSON in the user's config folder.

The folder is ``platformdirs.user_config_dir("riichi-trainer")``; the
environment variable ``TRAINER_DATA_DIR`` replaces it (tests use a temporary
folder).  A damaged settings file is never deleted: it is renamed aside
(``settings.json.damaged-<time>``), the defaults are used, and the app tells the
learner what happened.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path

import platformdirs

APP_NAME = "riichi-trainer"
SETTINGS_FILE = "settings.json"

LANGUAGES = ("ru", "en")
TERM_MODES = ("ru_ja", "ja_ru", "full")
TILE_SIZES = ("small", "medium", "large")
PRESETS = ("tenhou", "ema", "jpml")


def config_dir() -> Path:
    """The folder for settings (and, by default, the learner's data): TRAINER_DATA_DIR if set."""
    override = os.environ.get("TRAINER_DATA_DIR")
    if override:
        return Path(override)
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


@dataclass(frozen=True, slots=True)
class Settings:
    """What the learner chose on the settings screen, plus where they stopped last time."""

    language: str = "ru"  # interface language
    term_mode: str = "ru_ja"  # how mahjong terms show: Russian first, Japanese first, or everything
    preset: str = "tenhou"  # rule preset for drills and scoring
    tile_theme: str = "classic"
    tile_size: str = "medium"
    sound: bool = True
    last_lesson: str = ""  # "continue where I stopped"
    last_step: int = 0
    last_drill: str = ""
    daily_reviews: int = 30  # the daily review cap (spaced repetition), kept per learner

    def validated(self) -> Settings:
        """Check every field; raises ValueError naming the bad field."""
        choices = {"language": LANGUAGES, "term_mode": TERM_MODES, "tile_size": TILE_SIZES}
        for name, allowed in choices.items():
            value = getattr(self, name)
            if value not in allowed:
                raise ValueError(f"{name}: {value!r} is not one of {', '.join(allowed)}")
        for f in fields(self):
            value = getattr(self, f.name)
            expected = type(getattr(Settings(), f.name))
            if type(value) is not expected:
                raise ValueError(f"{f.name}: expected {expected.__name__}, got {type(value).__name__}")
        if self.last_step < 0:
            raise ValueError("last_step: must not be negative")
        if not 0 <= self.daily_reviews <= 1000:
            raise ValueError("daily_reviews: must be between 0 and 1000")
        return self

    def with_(self, **changes: object) -> Settings:
        """A copy with some fields changed (checked)."""
        return replace(self, **changes).validated()


@dataclass(frozen=True, slots=True)
class LoadResult:
    """Settings as loaded, and a message for the learner when the file was damaged."""

    settings: Settings
    problem: str | None = None
    moved_to: Path | None = None


def settings_path(folder: Path | None = None) -> Path:
    """Where the settings file lives."""
    return (folder or config_dir()) / SETTINGS_FILE


def _from_dict(data: object) -> Settings:
    if not isinstance(data, dict):
        raise ValueError("the file does not hold a JSON object")
    known = {f.name for f in fields(Settings)}
    # Unknown keys (from a newer version) are ignored; missing keys take defaults.
    return Settings(**{k: v for k, v in data.items() if k in known}).validated()


def load_settings(folder: Path | None = None) -> LoadResult:
    """Read the settings; a missing file gives defaults, a damaged one is renamed aside and reported."""
    path = settings_path(folder)
    if not path.exists():
        return LoadResult(Settings())
    try:
        text = path.read_text(encoding="utf-8")
        data = json.loads(text)
        return LoadResult(_from_dict(data))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, ValueError, TypeError) as exc:
        if isinstance(exc, json.JSONDecodeError):
            detail = f"line {exc.lineno}, column {exc.colno}: {exc.msg}"
        else:
            detail = str(exc)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = path.with_name(f"{path.name}.damaged-{stamp}")
        n = 1
        while aside.exists():
            n += 1
            aside = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
        try:
            path.rename(aside)
        except OSError:
            aside = None
        return LoadResult(Settings(), f"{path}: {detail}", aside)


def save_settings(settings: Settings, folder: Path | None = None) -> Path:
    """Write the settings atomically (temporary file, then rename) and return the path."""
    path = settings_path(folder)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(asdict(settings), ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    os.replace(tmp, path)
    return path
