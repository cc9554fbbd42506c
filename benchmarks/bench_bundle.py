"""Packaging figures: the wheel (files, size) and the one-folder application from
``python3 dev.py bundle`` (size, files, start to first frame, compared with the installed
package started by Python).

Uses the bundle in ``TRAINER_BUNDLE_DIR`` or ``dist/riichi-trainer`` when it is there and
builds one otherwise (about two minutes; needs PyInstaller, the ``bundle`` extra).
Target: first frame from the bundle <= 1.5 s, like the app started from Python.
"""

from __future__ import annotations

import importlib.util
import os
import statistics
import sys
import tempfile
import time
import zipfile
from pathlib import Path

from benchmarks.timing import seconds_to_line

ROOT = Path(__file__).resolve().parent.parent


def _dev():  # noqa: ANN202 - the dev.py module
    spec = importlib.util.spec_from_file_location("dev", ROOT / "dev.py")
    assert spec is not None and spec.loader is not None
    dev = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(dev)
    return dev


def first_frame(command: list[str]) -> float:
    """Wall seconds from starting ``command ... run --first-frame`` to its FIRST_FRAME line."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               TRAINER_DATA_DIR=tempfile.mkdtemp(prefix="bench-bundle-"))
    return seconds_to_line([*command, "run", "--first-frame"], "FIRST_FRAME", env, cwd=tempfile.gettempdir())


def _folder_size(folder: Path) -> tuple[float, int]:
    files = [p for p in folder.rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files) / 2**20, len(files)


def run(quick: bool) -> None:
    """Print the figures."""
    dev = _dev()
    with tempfile.TemporaryDirectory() as tmp:
        wheel = dev.build_wheel(Path(tmp), Path(sys.executable))
        names = zipfile.ZipFile(wheel).namelist()
        data = [n for n in names if n.startswith("trainer/_data/")]
        print(f"wheel: {wheel.name}  {wheel.stat().st_size / 2**20:.1f} MiB, {len(names)} files "
              f"({sum(n.endswith('.yaml') for n in data)} lessons, {sum(n.endswith('.po') for n in data)} catalogs, "
              f"{sum(n.endswith(('.ttf', '.otf')) for n in data)} fonts)")
    folder = Path(os.environ.get("TRAINER_BUNDLE_DIR") or ROOT / "dist" / "riichi-trainer")
    exe = folder / ("riichi-trainer.exe" if os.name == "nt" else "riichi-trainer")
    if not exe.is_file():
        if importlib.util.find_spec("PyInstaller") is None:
            print("bundle: skipped (PyInstaller is not installed: python3 dev.py bundle installs it)")
            return
        start = time.perf_counter()
        if dev.build_bundle([]) != 0:
            raise RuntimeError("the bundle did not build")
        print(f"bundle built in {time.perf_counter() - start:.0f} s")
    size, count = _folder_size(folder)
    print(f"bundle: {folder}  {size:.1f} MiB in {count} files")
    rounds = 1 if quick else 5
    from_bundle = [first_frame([str(exe)]) for _ in range(rounds)]
    from_python = [first_frame([sys.executable, "-m", "trainer"]) for _ in range(rounds)]
    for name, times in (("bundle", from_bundle), ("python -m trainer", from_python)):
        print(f"start to first frame, {name}: median {statistics.median(times):.2f} s (target <= 1.5 s; runs: "
              + ", ".join(f"{t:.2f}" for t in times) + ")")
