"""The one-folder application (``python3 dev.py bundle``) starts without Python or the checkout.

Marked ``bundle``: building takes minutes, so ``dev.py test`` leaves it out and ``dev.py
bundle`` runs it on the folder it has just built (``TRAINER_BUNDLE_DIR``).  Run alone
(``pytest -m bundle``) it builds the bundle itself; it is skipped only where PyInstaller is
not installed (``pip install .[bundle]``).
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from trainer import __version__

pytestmark = pytest.mark.bundle
ROOT = Path(__file__).resolve().parent.parent


def bundle_program() -> Path:
    """The bundle's executable: the one named by TRAINER_BUNDLE_DIR, else a fresh build."""
    folder = os.environ.get("TRAINER_BUNDLE_DIR")
    if not folder:
        if importlib.util.find_spec("PyInstaller") is None:
            pytest.skip("PyInstaller is not installed here (pip install .[bundle])")
        spec = importlib.util.spec_from_file_location("dev", ROOT / "dev.py")
        assert spec is not None and spec.loader is not None
        dev = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(dev)
        assert dev.build_bundle([]) == 0
        folder = str(ROOT / "dist" / "riichi-trainer")
    exe = Path(folder) / ("riichi-trainer.exe" if os.name == "nt" else "riichi-trainer")
    assert exe.is_file(), f"no program in {folder}"
    return exe


def test_the_bundle_runs_headless_from_anywhere(tmp_path: Path) -> None:
    exe = bundle_program()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "TRAINER_", "VIRTUAL_ENV"))}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               TRAINER_DATA_DIR=str(tmp_path / "learner"), PATH="/usr/bin:/bin" if os.name != "nt" else env["PATH"])

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(exe), *args], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)

    assert run("--version").stdout.strip() == f"riichi-trainer {__version__}"
    check = run("lessons", "check")
    shipped = len(list((ROOT / "lessons").glob("**/*.yaml")))
    assert check.returncode == 0 and f"ok: {shipped} lesson(s)" in check.stdout, check.stderr[-2000:]
    for lang in ("ru", "en"):
        shots = run("shots", str(tmp_path / lang), "--lang", lang, "--only", "01_home,02_lesson_map,09,10")
        assert shots.returncode == 0, shots.stderr[-2000:]
        assert {p.stem for p in (tmp_path / lang).glob("*.png")} == {"01_home", "02_lesson_map", "09_settings",
                                                                     "10_about"}
    first = run("run", "--first-frame")
    # a fresh data folder: the first-run question ("who is going to learn?") comes before home
    assert "FIRST_FRAME first_run 1280x720" in first.stdout, first.stderr[-2000:]
    if sys.platform.startswith("linux"):  # the bundle's own copy of the data (macOS moves it into the .app)
        data = exe.parent / "_internal" / "trainer" / "_data"
        assert len(list((data / "lessons").glob("**/*.yaml"))) == shipped
        assert sorted(p.parent.parent.name for p in (data / "locales").glob("*/LC_MESSAGES/trainer.po")) == ["en", "ru"]
        fonts = {p.name for p in (ROOT / "assets" / "fonts").glob("*.[ot]tf")}
        assert {p.name for p in (data / "assets" / "fonts").glob("*.[ot]tf")} == fonts
        assert not (exe.parent / "_internal" / "hypothesis").exists(), "test tools slipped into the bundle"
