#!/usr/bin/env python3
"""Set-up and everyday tasks, needing nothing but Python >= 3.11 and pip.

    python3 dev.py run      create .venv if needed, install the app, start it
    python3 dev.py test     create .venv if needed, install with the test extra, run every test headless
    python3 dev.py bench    run the benchmarks (figures, not pass/fail)
    python3 dev.py lint     ruff over the code
    python3 dev.py wheel    build the wheel into dist/ (what pip and pipx install)
    python3 dev.py bundle   a one-folder application for this machine in dist/riichi-trainer/ (PyInstaller;
                            --console keeps a terminal window on Windows/macOS; see docs/install.md)
Extra arguments after the task go to the program (``dev.py run shots out/``).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
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
    pip = pip_for(PY)
    has_pip = pip[0] == str(PY)
    print("Installing riichi-trainer and its test tools ...", flush=True)
    if has_pip:
        subprocess.run([*pip, "install", "--quiet", "--upgrade", "pip"], check=True)
    subprocess.run([*pip, "install", "--quiet", "-e", f"{ROOT}[test]"], check=True)
    for old in VENV.glob(".installed-*"):
        old.unlink()
    stamp.touch()


def pip_for(python: Path) -> list[str]:
    """The pip command for ``python``'s environment: its own pip, or (a venv made without
    ensurepip) the system pip aimed at it with ``--python``."""
    if subprocess.run([str(python), "-m", "pip", "--version"], capture_output=True).returncode == 0:
        return [str(python), "-m", "pip"]
    system = shutil.which("python3") or sys.executable
    return [system, "-m", "pip", "--python", str(python)]


# What a build reads (pyproject.toml, setup.py and what they name); a new one goes here too.
SOURCE_FILES = ("pyproject.toml", "setup.py", "README.md", "LICENSE", "trainer", "lessons", "locales", "assets")


def build_wheel(dest: Path, python: Path = PY) -> Path:
    """Build the checkout's wheel into ``dest`` the way pip and pipx do (isolated build); returns it.

    The build runs on a fresh copy of the source files: setuptools keeps a ``build/`` folder and
    never forgets a file in it (a lesson deleted from the checkout would still ride along), and
    two builds at once (parallel tests) must not share one.
    """
    dest.mkdir(parents=True, exist_ok=True)
    for old in dest.glob("riichi_trainer-*.whl"):
        old.unlink()
    with tempfile.TemporaryDirectory(prefix="riichi-build-") as tmp:
        src = Path(tmp) / "src"
        src.mkdir()
        skip = shutil.ignore_patterns("__pycache__", "*.pyc", "*.mo", "*.egg-info")
        for name in SOURCE_FILES:
            if (ROOT / name).is_dir():
                shutil.copytree(ROOT / name, src / name, ignore=skip)
            else:
                shutil.copy2(ROOT / name, src / name)
        subprocess.run([*pip_for(python), "wheel", "--no-deps", "--quiet", "--wheel-dir", str(dest), str(src)],
                       check=True)
    return next(dest.glob("riichi_trainer-*.whl"))


def staged_install(wheel: Path, dest: Path, python: Path = PY) -> Path:
    """A fresh virtual environment at ``dest`` holding only ``wheel``; returns its python.

    The dependencies are not downloaded again: a ``.pth`` line puts the site-packages of
    ``python``'s environment after the new one's.  Lines of a ``.pth`` file are only added to
    ``sys.path`` (the ``.pth`` files in that folder are not run), so the checkout's editable
    install of the trainer stays invisible and ``import trainer`` can only find the wheel.
    """
    shutil.rmtree(dest, ignore_errors=True)
    venv.EnvBuilder(with_pip=False, symlinks=os.name != "nt").create(dest)
    bin_dir = dest / ("Scripts" if os.name == "nt" else "bin")
    new_py = bin_dir / ("python.exe" if os.name == "nt" else "python")
    pip = pip_for(python)
    pip = pip[:3] if pip[0] == str(python) else pip[:-2]  # aim it at the new environment instead
    subprocess.run([*pip, "--python", str(new_py), "install", "--quiet", "--no-deps", "--no-compile", str(wheel)],
                   check=True)
    deps = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          check=True, capture_output=True, text=True).stdout.strip()
    site = subprocess.run([str(new_py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          check=True, capture_output=True, text=True).stdout.strip()
    Path(site, "_riichi_trainer_deps.pth").write_text(deps + "\n", encoding="utf-8")
    return new_py


ENTRY_SCRIPT = """\
import sys
from trainer.__main__ import main
sys.exit(main())
"""
# Test and build tools (and what they pull in) that optional imports of the dependencies would
# drag into the bundle; the app itself never imports them.
BUNDLE_EXCLUDES = ("hypothesis", "pytest", "_pytest", "mahjong", "ruff", "tkinter", "PyInstaller", "importlinter",
                   "grimp", "rich", "pygments", "markdown_it", "mdurl", "setuptools", "pkg_resources")
# Babel's locale data is 35 MB for ~1000 locales; the app speaks these (and root is the base).
BUNDLE_LOCALES = ("root", "ru", "en")


def _module_names(python: Path) -> list[str]:
    """Every module of the installed ``trainer`` package: screens and commands are imported by
    name at run time, and ``trainer.ui`` is a namespace package PyInstaller does not walk."""
    code = ("import os, trainer; base = os.path.dirname(trainer.__file__); "
            "print('\\n'.join(os.path.relpath(os.path.join(d, f), os.path.dirname(base)) "
            "for d, _, fs in os.walk(base) for f in fs if f.endswith('.py')))")
    out = subprocess.run([str(python), "-c", code], check=True, capture_output=True, text=True).stdout
    names = (Path(line).with_suffix("").as_posix().replace("/", ".") for line in out.split())
    return sorted(n.removesuffix(".__init__") for n in names if "._data" not in n)


def _trim_locale_data(folder: Path) -> int:
    """Delete Babel locale files the app never loads; returns the bytes saved."""
    saved = 0
    for data in folder.rglob("locale-data"):
        for f in data.glob("*.dat"):
            if f.stem not in BUNDLE_LOCALES:
                saved += f.stat().st_size
                f.unlink()
    return saved


def build_bundle(rest: list[str]) -> int:
    """Build the one-folder application for this machine with PyInstaller; returns the exit status."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    subprocess.run([*pip_for(PY), "install", "--quiet", *extras["bundle"]], check=True)
    work = ROOT / "build" / "bundle"
    start = time.perf_counter()
    wheel = build_wheel(work / "wheel")
    stage_py = staged_install(wheel, work / "venv")
    entry = work / "riichi-trainer.py"
    entry.write_text(ENTRY_SCRIPT, encoding="utf-8")
    windowed = sys.platform in ("win32", "darwin") and "--console" not in rest
    cmd = [str(stage_py), "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
           "--name", "riichi-trainer", "--onedir", "--windowed" if windowed else "--console",
           # the data (lessons, catalogs, fonts, rule tables) is package data under trainer/
           "--collect-data", "trainer", "--copy-metadata", "riichi-trainer",
           *(f"--hidden-import={name}" for name in _module_names(stage_py)),
           *(f"--exclude-module={name}" for name in BUNDLE_EXCLUDES),
           "--distpath", str(ROOT / "dist"), "--workpath", str(work / "pyinstaller"), "--specpath", str(work),
           str(entry)]
    env = dict(os.environ, PYTHONNOUSERSITE="1")
    status = subprocess.call(cmd, env=env, cwd=work)
    if status:
        return status
    folder = ROOT / "dist" / "riichi-trainer"
    _trim_locale_data(ROOT / "dist")
    size = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())
    print(f"bundle: {folder}  {size / 2**20:.1f} MiB in {sum(1 for _ in folder.rglob('*'))} entries, "
          f"built in {time.perf_counter() - start:.0f} s")
    return 0


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
        # The PyInstaller build takes minutes: `dev.py bundle` runs its tests (-m bundle).
        select = [] if "-m" in rest else ["-m", "not bundle"]
        status = subprocess.call([str(PY), "-m", "pytest", "-n", "2", "tests", *select, *rest], env=env)
        lint = subprocess.call([str(PY), "-m", "ruff", "check", "trainer", "tests", "benchmarks", "dev.py"])
        return status or lint
    if task == "bench":
        return subprocess.call([str(PY), "-m", "benchmarks", *rest], env=_headless_env())
    if task == "wheel":
        wheel = build_wheel(ROOT / "dist")
        print(f"wheel: {wheel}")
        return 0
    if task == "bundle":
        status = build_bundle(rest)
        if status:
            return status
        env = dict(_headless_env(), TRAINER_BUNDLE_DIR=str(ROOT / "dist" / "riichi-trainer"))
        return subprocess.call([str(PY), "-m", "pytest", "-m", "bundle", "tests/test_packaging_bundle.py"], env=env)
    if task == "lint":
        return subprocess.call([str(PY), "-m", "ruff", "check", "trainer", "tests", "benchmarks", "dev.py"])
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
