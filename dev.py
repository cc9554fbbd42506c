#!/usr/bin/env python3
"""Set-up and everyday tasks, needing nothing but Python >= 3.11 and pip.

    python3 dev.py run      create .venv if needed, install the app, start it
    python3 dev.py test     create .venv if needed, install with the test extra, run every test headless
    python3 dev.py bench    run the benchmarks (figures, not pass/fail)
    python3 dev.py lint     ruff over the code
Extra arguments after the task go to the program (``dev.py run shots out/``).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / ("python.exe" if os.name == "nt" else "python")


def _ensure_env() -> None:
    """Create the virtual environment and install the project when pyproject.toml changed."""
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()[:16]
    stamp = VENV / f".installed-{digest}"
    if stamp.exists():
        return
    if not PY.exists():
        print("Creating the virtual environment in .venv ...", flush=True)
        try:
            venv.EnvBuilder(with_pip=True).create(VENV)
        except subprocess.CalledProcessError:
            # Debian's python3 without the python3-venv package has no ensurepip: make the
            # environment bare and let the system pip install into it.
            venv.EnvBuilder(with_pip=False, clear=True).create(VENV)
    has_pip = subprocess.run([str(PY), "-m", "pip", "--version"], capture_output=True).returncode == 0
    pip = [str(PY), "-m", "pip"] if has_pip else [sys.executable, "-m", "pip", "--python", str(PY)]
    print("Installing riichi-trainer and its test tools ...", flush=True)
    if has_pip:
        subprocess.run([*pip, "install", "--quiet", "--upgrade", "pip"], check=True)
    subprocess.run([*pip, "install", "--quiet", "-e", f"{ROOT}[test]"], check=True)
    for old in VENV.glob(".installed-*"):
        old.unlink()
    stamp.touch()


def _headless_env() -> dict[str, str]:
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    return env


def main(argv: list[str]) -> int:
    """Run one task; returns its exit status."""
    task, rest = (argv[0], argv[1:]) if argv else ("run", [])
    _ensure_env()
    os.chdir(ROOT)
    if task == "run":
        env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
        return subprocess.call([str(PY), "-m", "trainer", *rest], env=env)
    if task == "test":
        env = _headless_env()
        status = subprocess.call([str(PY), "-m", "pytest", "-n", "2", "tests", *rest], env=env)
        lint = subprocess.call([str(PY), "-m", "ruff", "check", "trainer", "tests", "benchmarks", "dev.py"])
        return status or lint
    if task == "bench":
        return subprocess.call([str(PY), "-m", "benchmarks", *rest], env=_headless_env())
    if task == "lint":
        return subprocess.call([str(PY), "-m", "ruff", "check", "trainer", "tests", "benchmarks", "dev.py"])
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
