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

from trainer.engine.rules import PRESETS as ENGINE_PRESETS
from trainer.i18n import N_, _, format_number
from trainer.textio import decode_text

APP_NAME = "riichi-trainer"
SETTINGS_FILE = "settings.json"

LANGUAGES = ("ru", "en")
TERM_MODES = ("ru_ja", "ja_ru", "full")
TILE_SIZES = ("small", "medium", "large")
INTERFACE_SIZES = ("auto", "large", "normal", "compact")
"""How large the interface is drawn in a big window: as large as the window allows ("auto"), or
held at a size (:data:`trainer.ui.layout.INTERFACE_SCALE_CAPS`) so the window shows more."""
PROFILES = ("", "new", "rules", "child")
"""The first-run answer: not asked yet, new to mahjong, knows the rules, a child."""
PRESETS = ("tenhou", "ema", "jpml")
TILE_THEMES = ("classic", "contrast", "kids")
"""The tile themes :mod:`trainer.ui.tile_art` draws (its ``THEMES``; that module needs pygame)."""
DAILY_REVIEWS_RANGE = (0, 200)
"""The daily review caps a learner may set (docs/progress.md: 0-200)."""


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
    interface_size: str = "auto"  # INTERFACE_SIZES: "auto" scales with the window

    def validated(self) -> Settings:
        """Check every field; raises SettingsValueError (a ValueError) naming the bad field."""
        for name, allowed in CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                raise SettingsValueError(Problem(N_("{field}: {value} is not one of {allowed}"), field=name,
                                                 value=_shown_value(value), allowed=", ".join(allowed)))
        for f in fields(self):
            value = getattr(self, f.name)
            expected = type(getattr(Settings(), f.name))
            if type(value) is not expected:
                raise SettingsValueError(Problem(N_("{field}: must be {expected}, not {got}"), field=f.name,
                                                 expected=_JSON_KINDS[expected], got=_json_kind(value)))
        if self.last_step < 0:
            raise SettingsValueError(Problem(N_("{field}: must not be negative"), field="last_step"))
        low, high = DAILY_REVIEWS_RANGE
        if not low <= self.daily_reviews <= high:
            raise SettingsValueError(Problem(N_("{field}: must be between {low} and {high}"), field="daily_reviews",
                                             low=low, high=high))
        return self

    def with_(self, **changes: object) -> Settings:
        """A copy with some fields changed (checked)."""
        return replace(self, **changes).validated()


CHOICES: dict[str, tuple[str, ...]] = {
    "language": LANGUAGES,
    "term_mode": TERM_MODES,
    "preset": ENGINE_PRESETS,  # the settings screen offers four; older versions offered every shipped preset
    "tile_theme": TILE_THEMES,
    "tile_size": TILE_SIZES,
    "interface_size": INTERFACE_SIZES,
    "profile": PROFILES,
}
"""Every field with a closed set of values, and those values: anything else is a bad value."""

FIELD_LABELS = {
    "language": N_("Interface language"),
    "term_mode": N_("How terms are shown"),
    "preset": N_("Rule preset"),
    "tile_theme": N_("Tile theme"),
    "tile_size": N_("Tile size"),
    "interface_size": N_("Interface size"),
    "sound": N_("Sound"),
    "daily_reviews": N_("Reviews a day"),
}
"""The settings screen's name of a field, shown beside its key in the file when a value is bad."""

# What a JSON value is, as said to the learner (what a field needs, what the file holds).
_JSON_KINDS: dict[type, str] = {
    bool: N_("true or false"),
    int: N_("a whole number"),
    float: N_("a number with a fraction"),
    str: N_("text in quotes"),
    list: N_("a list"),
    dict: N_("an object"),
    type(None): N_("null"),
}


def _json_kind(value: object) -> str:
    return _JSON_KINDS.get(type(value), type(value).__name__)


def _shown_value(value: object) -> str:
    """A value as the file writes it (JSON), cut short when long."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


class Problem(str):
    """One thing wrong with the settings: ``str()`` in English (logs, tests), :meth:`translated`
    in the learner's language, the field named as on the settings screen and as in the file."""

    message: str
    values: dict[str, object]

    def __new__(cls, message: str, **values: object) -> Problem:
        obj = super().__new__(cls, message.format(**values))
        obj.message, obj.values = message, values
        return obj

    def translated(self) -> str:
        values = dict(self.values)
        field = values.get("field")
        if isinstance(field, str) and field in FIELD_LABELS:
            # TRANSLATORS: a setting named as on the settings screen, then its key in settings.json.
            values["field"] = _("{label} ({key})").format(label=_(FIELD_LABELS[field]), key=field)
        for key, value in values.items():
            if key in ("expected", "got", "kind") and isinstance(value, str) and value in _JSON_KINDS.values():
                values[key] = _(value)
            elif key in ("size", "low", "high") and isinstance(value, int):
                values[key] = format_number(value)
        return _(self.message).format(**values)


def problem_text(problem: object) -> str:
    """A settings problem in the learner's language (a plain string is shown as it is)."""
    return problem.translated() if isinstance(problem, Problem) else str(problem)


class SettingsValueError(ValueError):
    """A bad settings value; ``problem`` says which field and what is wrong."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        super().__init__(str(problem))


DELETED_KEY = "deleted_at"
"""The learner-profile key that marks a learner as set aside by Delete (recoverable until erased)."""

PER_LEARNER = ("last_lesson", "last_step", "last_drill", "last_track", "profile")
"""Fields that belong to one learner only: a new learner starts them from the defaults."""

# What the first-run answer switches on: the lesson-map tab, tile theme and tile size (and a child's
# interface stays as large as the window: "auto", whatever the computer's last learner chose).
PROFILE_DEFAULTS: dict[str, dict[str, object]] = {
    "new": {"last_track": "basics", "tile_theme": "classic", "tile_size": "medium"},
    "rules": {"last_track": "skills", "tile_theme": "classic", "tile_size": "medium"},
    "child": {"last_track": "kids", "tile_theme": "kids", "tile_size": "large", "interface_size": "auto"},
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
    problems: tuple[str, ...] = ()
    file: Path | None = None

    def translated_problem(self) -> str | None:
        """``problem`` in the learner's language: the file, then what is wrong with it."""
        if self.problem is None:
            return None
        if not self.problems or self.file is None:
            return self.problem
        return f"{self.file}: " + "; ".join(problem_text(p) for p in self.problems)


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
        return Settings(), [Problem(N_("the settings are not an object but {kind}"), kind=_json_kind(data))]
    settings = Settings()
    bad: list[str] = []
    for f in fields(Settings):
        if f.name not in data:
            continue
        try:
            settings = replace(settings, **{f.name: data[f.name]}).validated()
        except SettingsValueError as exc:
            bad.append(exc.problem)
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
            raise SettingsValueError(Problem(N_("the file is larger than {size} KB"),
                                             size=MAX_SETTINGS_BYTES // 1024))
        text = decode_text(raw)  # a byte order mark (Windows Notepad) is dropped
        data = json.loads(text)
        if not isinstance(data, dict):
            raise SettingsValueError(Problem(N_("the file does not hold a JSON object")))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        if isinstance(exc, json.JSONDecodeError):
            detail: str = Problem(N_("line {line}, column {column}: the text is not valid JSON ({error})"),
                                  line=exc.lineno, column=exc.colno, error=exc.msg)
        elif isinstance(exc, RecursionError):
            detail = Problem(N_("the JSON is nested too deeply"))
        elif isinstance(exc, UnicodeDecodeError):
            detail = Problem(N_("the file is not UTF-8 text ({error})"), error=str(exc))
        elif isinstance(exc, SettingsValueError):
            detail = exc.problem
        elif not isinstance(exc, OSError) and "digits" in str(exc):  # Python's limit on a number's length
            detail = Problem(N_("a number in the file has too many digits"))
        elif isinstance(exc, OSError):
            detail = Problem(N_("the file cannot be read ({error})"), error=str(exc))
        else:
            detail = str(exc)
        return LoadResult(Settings(), f"{path}: {detail}", _rename_aside(path), (detail,), path)
    settings, bad = settings_from_dict(data)
    if not bad:
        return LoadResult(settings)
    return LoadResult(settings, f"{path}: " + "; ".join(bad), None, tuple(bad), path)


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
