"""Where the app's data lives: lessons, locales, fonts and other assets, and a teacher's extra lessons.

The data travels inside the installed package as ``trainer/_data/{lessons,locales,assets}``
(``setup.py`` maps the repository's top-level folders there at build time), so a wheel, a
pipx install and a PyInstaller bundle all find it through :mod:`importlib.resources`.  An
editable install (``pip install -e .``, what ``dev.py`` does) has no copy: there the
installer's own record of the source folder (``direct_url.json``, PEP 610) names the
checkout whose folders are used; a checkout run without any install (``python -m trainer`` from
its folder, or with it on ``PYTHONPATH``) is found beside the package itself.  Nothing here
depends on the current working directory.

A teacher's own lessons are added, beside the shipped ones, with ``--lessons-dir DIR`` on
``run``, ``shots`` and ``lessons check``, or with the environment variable
``TRAINER_LESSONS_DIRS`` (folders separated by ``os.pathsep``).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from importlib import resources
from pathlib import Path

DISTRIBUTION = "riichi-trainer"
DATA_FOLDERS = ("lessons", "locales", "assets")
"""Top-level folders of the repository shipped as ``trainer/_data/<name>`` (see setup.py)."""
LESSONS_ENV = "TRAINER_LESSONS_DIRS"


def _editable_source() -> Path | None:
    """The checkout an editable install points at (from the installer's direct_url.json), if any."""
    # Imported here: an installed package never needs them, and they cost start-up time.
    from importlib import metadata
    from urllib.parse import urlparse
    from urllib.request import url2pathname

    # Every record of the name: a stale riichi_trainer.egg-info in the working folder (left by a
    # build) can come before the installer's dist-info on sys.path.
    texts = (dist.read_text("direct_url.json") for dist in metadata.distributions(name=DISTRIBUTION))
    text = next((t for t in texts if t), None)
    if not text:
        return None
    try:
        record = json.loads(text)
    except ValueError:
        return None
    url = urlparse(record.get("url", ""))
    if not record.get("dir_info", {}).get("editable") or url.scheme != "file":
        return None
    return Path(url2pathname(url.path))  # file:///C:/x -> C:\x on Windows


class DataFoldersMissing(RuntimeError):
    """The lessons, locales and assets were found neither in the package nor in a checkout."""


def _has_data(folder: Path | None) -> bool:
    return folder is not None and all((folder / name).is_dir() for name in DATA_FOLDERS)


def _unpacked_checkout(package: Path) -> Path | None:
    """The repository around a package imported straight from a source checkout (no install):
    the package's parent folder, when it holds the data folders and the project file."""
    root = package.parent
    return root if _has_data(root) and (root / "pyproject.toml").is_file() else None


def _find_data_root() -> tuple[Path, Path | None]:
    """(folder holding lessons/, locales/, assets/; the checkout the data comes from, or None)."""
    package = resources.files("trainer")
    packaged = package / "_data"
    if isinstance(packaged, Path) and _has_data(packaged):
        return packaged, None
    source = _editable_source()
    if _has_data(source):
        return source, source
    source = _unpacked_checkout(package) if isinstance(package, Path) else None
    if source is not None:
        return source, source
    raise DataFoldersMissing(
        f"the trainer's data folders ({', '.join(DATA_FOLDERS)}) are not installed beside the package "
        f"({packaged}); reinstall riichi-trainer"
    )


PACKAGE_DIR = Path(str(resources.files("trainer")))
DATA_ROOT, SOURCE_ROOT = _find_data_root()
ROOT = SOURCE_ROOT
"""The source checkout of an editable install (tests and developer scripts), None when installed."""
LESSONS_DIR = DATA_ROOT / "lessons"
LOCALES_DIR = DATA_ROOT / "locales"
ASSETS_DIR = DATA_ROOT / "assets"
FONTS_DIR = ASSETS_DIR / "fonts"
ENGINE_DATA_DIR = PACKAGE_DIR / "engine" / "data"
DATA_DIR = PACKAGE_DIR / "data"

_extra_lesson_dirs: list[Path] = []


def add_lesson_dirs(folders: Iterable[str | Path]) -> None:
    """Add a teacher's lesson folders for this run (the ``--lessons-dir`` options)."""
    for folder in folders:
        path = Path(folder).expanduser().resolve()
        if path not in _extra_lesson_dirs:
            _extra_lesson_dirs.append(path)


def extra_lesson_dirs() -> list[Path]:
    """A teacher's lesson folders: ``$TRAINER_LESSONS_DIRS`` then the ``--lessons-dir`` options."""
    out: list[Path] = []
    for item in os.environ.get(LESSONS_ENV, "").split(os.pathsep):
        if item.strip():
            path = Path(item.strip()).expanduser().resolve()
            if path not in out:
                out.append(path)
    return out + [p for p in _extra_lesson_dirs if p not in out]


def lesson_dirs() -> list[Path]:
    """Every lesson folder the app and the validator read: the shipped lessons, then a teacher's."""
    return [LESSONS_DIR, *(p for p in extra_lesson_dirs() if p != LESSONS_DIR)]
