"""The learner's app settings, kept as JSON in the user's config folder.

The folder is ``platformdirs.user_config_dir("riichi-trainer")``; the
environment variable ``TRAINER_DATA_DIR`` replaces it (tests use a temporary
folder).  A settings file that cannot be read is never deleted: it is renamed
aside (``settings.json.damaged-<time>``), the defaults are used, and the app tells
the learner what happened.  A bad value inside a good file costs only that value.
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
PROFILES = ("", "new", "rules", "child")
"""The first-run answer: not asked yet, new to mahjong, knows the rules, a child."""
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
    last_track: str = ""  # the lesson-map tab the learner looked at last ("" = chosen by profile)
    profile: str = ""  # the first-run answer (PROFILES)
    match_setup: str = ""  # the last match setup chosen (JSON, see trainer/ui/match_setup.py)
    training_setup: str = ""  # each training game's last choice (JSON, see trainer/ui/training_setup.py)

    def validated(self) -> Settings:
        """Check every field; raises ValueError naming the bad field."""
        choices = {"language": LANGUAGES, "term_mode": TERM_MODES, "tile_size": TILE_SIZES, "profile": PROFILES}
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


DELETED_KEY = "deleted_at"
"""The learner-profile key that marks a learner as set aside by Delete (recoverable until erased)."""

PER_LEARNER = ("last_lesson", "last_step", "last_drill", "last_track", "profile")
"""Fields that belong to one learner only: a new learner starts them from the defaults."""

# What the first-run answer switches on: the lesson-map tab, tile theme and tile size.
PROFILE_DEFAULTS: dict[str, dict[str, object]] = {
    "new": {"last_track": "basics", "tile_theme": "classic", "tile_size": "medium"},
    "rules": {"last_track": "skills", "tile_theme": "classic", "tile_size": "medium"},
    "child": {"last_track": "kids", "tile_theme": "kids", "tile_size": "large"},
}


def for_profile(base: Settings, profile: str) -> Settings:
    """``base`` with the per-learner fields reset and the profile's tab, theme and tile size
    (a learner's own language and term display are kept)."""
    fresh: dict[str, object] = {name: getattr(Settings(), name) for name in PER_LEARNER}
    fresh.update(profile=profile, **PROFILE_DEFAULTS.get(profile, {}))
    return base.with_(**fresh)


@dataclass(frozen=True, slots=True)
class LoadResult:
    """Settings as loaded, and a message for the learner when the file (or a value in it) was
    bad; ``moved_to`` is set when the whole file was renamed aside."""

    settings: Settings
    problem: str | None = None
    moved_to: Path | None = None


def settings_path(folder: Path | None = None) -> Path:
    """Where the settings file lives."""
    return (folder or config_dir()) / SETTINGS_FILE


MAX_SETTINGS_BYTES = 1024 * 1024
"""A settings file is a few hundred bytes; anything beyond a megabyte is not one."""


def settings_from_dict(data: object) -> tuple[Settings, list[str]]:
    """Settings from a JSON object, value by value: a bad value is dropped (its default is
    used) and reported as ``field: problem``, the good ones are kept.  Unknown keys (from a
    newer version) are ignored; missing keys take defaults.  Anything but an object gives
    the defaults and one problem."""
    if not isinstance(data, dict):
        return Settings(), [f"the settings are not a JSON object but {type(data).__name__}"]
    settings = Settings()
    bad: list[str] = []
    for f in fields(Settings):
        if f.name not in data:
            continue
        try:
            settings = replace(settings, **{f.name: data[f.name]}).validated()
        except (TypeError, ValueError) as exc:
            bad.append(str(exc))
    return settings, bad


def load_settings(folder: Path | None = None) -> LoadResult:
    """Read the settings.  A missing file gives defaults; a file that is not a JSON object
    is renamed aside and reported; in an object, only bad values are dropped (and reported)."""
    path = settings_path(folder)
    if not path.exists():
        return LoadResult(Settings())
    try:
        with path.open("rb") as fh:  # bounded: a device or a huge file must not fill the memory
            raw = fh.read(MAX_SETTINGS_BYTES + 1)
        if len(raw) > MAX_SETTINGS_BYTES:
            raise ValueError(f"the file is larger than {MAX_SETTINGS_BYTES // 1024} KB")
        text = raw.decode("utf-8")
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError("the file does not hold a JSON object")
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        if isinstance(exc, json.JSONDecodeError):
            detail = f"line {exc.lineno}, column {exc.colno}: {exc.msg}"
        elif isinstance(exc, RecursionError):
            detail = "the JSON is nested too deeply"
        else:
            detail = str(exc)
        return LoadResult(Settings(), f"{path}: {detail}", _rename_aside(path))
    settings, bad = settings_from_dict(data)
    return LoadResult(settings, f"{path}: " + "; ".join(bad) if bad else None)


def _rename_aside(path: Path) -> Path | None:
    """Keep a settings file that cannot be read as ``settings.json.damaged-<time>``."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while aside.exists():
        n += 1
        aside = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
    try:
        path.rename(aside)
    except OSError:
        return None
    return aside


def save_settings(settings: Settings, folder: Path | None = None) -> Path:
    """Write the settings atomically (temporary file, then rename) and return the path."""
    path = settings_path(folder)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(asdict(settings), ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    os.replace(tmp, path)
    return path
