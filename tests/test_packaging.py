"""Installed like an app: the wheel carries every lesson, catalog and font, and the installed
program runs from a folder outside the checkout without reading the checkout.

The wheel is built the way pip and pipx build it, installed into a fresh virtual environment
in a temporary folder (dependencies borrowed from this environment, see ``dev.staged_install``),
and run there: ``--version``, ``lessons check`` over the shipped lessons and ``shots`` of every
screen, with an audit hook recording every file the program opens.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from trainer import __version__, paths

ROOT = Path(__file__).resolve().parent.parent

_spec = importlib.util.spec_from_file_location("dev", ROOT / "dev.py")
assert _spec is not None and _spec.loader is not None
dev = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(dev)

# Runs inside the installed environment: where things are, then the two commands, with
# every opened file recorded.
PROBE = """
import json, os, sys
opened = set()
def audit(event, args):
    if event == "open" and isinstance(args[0], (str, bytes, os.PathLike)):
        opened.add(os.path.abspath(os.fsdecode(args[0])))
sys.addaudithook(audit)
import trainer, trainer.paths as p
from trainer.__main__ import main
codes = [main(["lessons", "check"]), main(["shots", sys.argv[1]])]
from trainer.ui.text import get_text  # fonts are opened by SDL, out of the audit hook's sight
print("PROBE " + json.dumps({"package": trainer.__file__, "data": str(p.DATA_ROOT),
      "fonts": [str(f) for f in get_text().font_paths],
      "source": str(p.SOURCE_ROOT), "lessons": [str(d) for d in p.lesson_dirs()],
      "codes": codes, "opened": sorted(opened)}))
"""


def _checkout_files(folder: str, pattern: str) -> set[str]:
    return {p.relative_to(ROOT / folder).as_posix() for p in (ROOT / folder).glob(pattern)}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return dev.build_wheel(tmp_path_factory.mktemp("wheel"), Path(sys.executable))


def test_the_wheel_carries_every_lesson_catalog_and_font(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    data = "trainer/_data/"
    for folder, pattern in (("lessons", "**/*.yaml"), ("locales", "*/LC_MESSAGES/*.po"),
                            ("assets", "fonts/*.[ot]tf")):
        expected = _checkout_files(folder, pattern)
        assert expected, f"the checkout has no {folder}/{pattern}"
        missing = {f for f in expected if f"{data}{folder}/{f}" not in names}
        assert not missing, f"the wheel lacks {folder}/: {sorted(missing)[:5]}"
    assert f"{data}assets/fonts/OFL.txt" in names
    assert {"trainer/data/glossary.yaml", "trainer/engine/data/suit_table.zlib"} <= names
    assert not any(n.endswith(".mo") for n in names), "compiled catalogs are build output, not shipped"


def test_installed_wheel_runs_outside_the_checkout(wheel: Path, tmp_path: Path) -> None:
    python = dev.staged_install(wheel, tmp_path / "venv", Path(sys.executable))
    work = tmp_path / "work"
    work.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "TRAINER_"))}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               PYTHONNOUSERSITE="1", TRAINER_DATA_DIR=str(tmp_path / "learner"))

    version = subprocess.run([str(python), "-m", "trainer", "--version"], cwd=work, env=env,
                             capture_output=True, text=True, check=True)
    assert version.stdout.strip() == f"riichi-trainer {__version__}"
    script = python.parent / ("riichi-trainer.exe" if os.name == "nt" else "riichi-trainer")
    assert script.exists(), "the wheel installs no riichi-trainer command"

    r = subprocess.run([str(python), "-c", PROBE, str(work / "shots")], cwd=work, env=env,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    probe = json.loads(r.stdout.split("PROBE ", 1)[1])
    venv = (tmp_path / "venv").resolve()
    assert Path(probe["package"]).resolve().is_relative_to(venv)
    assert Path(probe["data"]).resolve().is_relative_to(venv)
    assert probe["source"] == "None"
    assert probe["codes"] == [0, 0], r.stderr[-3000:]
    n_lessons = len(_checkout_files("lessons", "**/*.yaml"))
    assert f"ok: {n_lessons} lesson(s)" in r.stdout
    shots = {p.stem for p in (work / "shots").glob("*.png")}
    assert {"01_home", "02_lesson_map", "09_settings", "10_about"} <= shots
    # Every file read came from the installed package, the dependencies or the system; nothing
    # from the checkout (its .venv only lends the dependencies).
    from_checkout = [f for f in probe["opened"] if Path(f).is_relative_to(ROOT)
                     and not Path(f).is_relative_to(ROOT / ".venv")]
    assert not from_checkout, from_checkout[:5]
    installed = [f for f in probe["opened"] if Path(f).is_relative_to(venv)]
    assert any(f.endswith(".yaml") and "_data" in f for f in installed)
    assert any(f.endswith(".po") for f in installed)
    assert probe["fonts"] and all(Path(f).resolve().is_relative_to(venv) for f in probe["fonts"])


def test_the_editable_checkout_reads_its_own_folders() -> None:
    assert paths.LESSONS_DIR == ROOT / "lessons"
    assert paths.LOCALES_DIR == ROOT / "locales"
    assert paths.FONTS_DIR == ROOT / "assets" / "fonts"
    assert paths.SOURCE_ROOT == ROOT


def test_version_option(capsys: pytest.CaptureFixture[str]) -> None:
    from importlib.metadata import version

    from trainer.__main__ import main

    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    assert capsys.readouterr().out.strip() == f"riichi-trainer {__version__}"
    assert version("riichi-trainer") == __version__


def _teacher_lesson(folder: Path) -> Path:
    """A copy of a shipped lesson under a new id, in a teacher's folder."""
    source = ROOT / "lessons" / "basics" / "basics_tiles.yaml"
    text = source.read_text(encoding="utf-8").replace("id: basics_tiles", "id: basics_club_tiles", 1)
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / "basics_club_tiles.yaml"
    target.write_text(text, encoding="utf-8")
    return target


def test_a_teachers_lesson_folder_is_checked_and_loaded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    from trainer.__main__ import main
    from trainer.lessons.loader import load_all

    shipped = len(_checkout_files("lessons", "**/*.yaml"))
    teacher = tmp_path / "club"
    _teacher_lesson(teacher)
    monkeypatch.setattr(paths, "_extra_lesson_dirs", [])
    monkeypatch.delenv(paths.LESSONS_ENV, raising=False)

    assert main(["lessons", "check", "--lessons-dir", str(teacher)]) == 0
    assert f"ok: {shipped + 1} lesson(s)" in capsys.readouterr().out
    assert paths.lesson_dirs() == [paths.LESSONS_DIR, teacher.resolve()]

    monkeypatch.setattr(paths, "_extra_lesson_dirs", [])
    monkeypatch.setenv(paths.LESSONS_ENV, str(teacher))
    lib = load_all(engine_checks=False)
    assert "basics_club_tiles" in lib.lessons and "basics_tiles" in lib.lessons

    # A broken teacher lesson is reported with its file; the shipped ones still load.
    (teacher / "broken.yaml").write_text("id: broken\ntitle: 3\n", encoding="utf-8")
    assert main(["lessons", "check"]) == 1
    assert "broken.yaml" in capsys.readouterr().out


@pytest.mark.parametrize("lang, expected", [("ru", "О программе"), ("en", "About")])
def test_about_screen_opens_from_settings(lang: str, expected: str, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    from trainer import i18n
    from trainer.ui.app import App
    from trainer.ui.screens.about import about_sections
    from trainer.ui.settings import Settings

    app = App(size=(1280, 720), settings=Settings(language=lang), progress=None, save=False)
    try:
        i18n.set_language(lang)
        app.push("home")
        settings = app.push("settings")
        settings.about.activate()
        screen = app.screen
        assert screen.name == "about" and screen.title() == expected
        app.process([], 1 / 60)
        app.render()
        values = [v for _h, rows in about_sections() for _l, v in rows]
        assert str(tmp_path) in values  # where this learner's data really is
        assert str(paths.LESSONS_DIR) in values
        assert any("MIT" in v for v in values) and any("Open Font License" in v for v in values)
        assert screen.max_scroll == 0, "the about screen does not fit 1280x720"
    finally:
        i18n.set_language("ru")
        app.close()


def test_data_root_prefers_the_package_and_says_what_is_missing(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "trainer"
    monkeypatch.setattr(paths.resources, "files", lambda name: package)
    monkeypatch.setattr(paths, "_editable_source", lambda: None)
    with pytest.raises(RuntimeError, match="lessons, locales, assets.*reinstall"):
        paths._find_data_root()
    for name in paths.DATA_FOLDERS:
        (package / "_data" / name).mkdir(parents=True)
    assert paths._find_data_root() == (package / "_data", None)
    # a wheel's copy wins over a checkout an old editable record still names
    monkeypatch.setattr(paths, "_editable_source", lambda: ROOT)
    assert paths._find_data_root() == (package / "_data", None)


def test_a_checkout_runs_without_an_install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``python -m trainer`` from a source checkout (no wheel copy, no editable record) uses the
    repository around the package; a folder without the project file is not mistaken for one."""
    package = tmp_path / "trainer"
    package.mkdir()
    for name in paths.DATA_FOLDERS:
        (tmp_path / name).mkdir()
    monkeypatch.setattr(paths.resources, "files", lambda name: package)
    monkeypatch.setattr(paths, "_editable_source", lambda: None)
    with pytest.raises(paths.DataFoldersMissing):
        paths._find_data_root()
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'riichi-trainer'\n", encoding="utf-8")
    assert paths._find_data_root() == (tmp_path, tmp_path)


def test_a_broken_install_is_one_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A missing data folder or library ends the command with one line naming it, not a traceback."""
    import trainer.__main__ as entry

    def missing_data(argv: list[str]) -> int:
        raise paths.DataFoldersMissing("the trainer's data folders (lessons) are not installed")

    def missing_library(argv: list[str]) -> int:
        raise ModuleNotFoundError("No module named 'babel'", name="babel")

    monkeypatch.setattr(entry, "_run", missing_data)
    assert entry.main(["analyze", "123m"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "data folders" in err
    monkeypatch.setattr(entry, "_run", missing_library)
    assert entry.main(["--help"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'babel'" in err and "dev.py run" in err
