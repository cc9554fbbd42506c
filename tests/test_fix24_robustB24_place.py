"""A progress file whose place in the folders is wrong (the data folder is a file, a link to nowhere,
under a file; a folder with the progress file's name) is one line naming the path and what is wrong:
no «[Errno 17]», no disk failure, no «no learners yet», no «left untouched» for a file that is not there."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from trainer import i18n  # noqa: E402
from trainer.progress import StoreUnavailable, open_store  # noqa: E402
from trainer.progress.store import open_store_readonly  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def _data_is_a_file(tmp: Path) -> tuple[Path, Path, str]:
    (tmp / "data").write_text("not a folder", encoding="utf-8")
    return tmp / "data", tmp / "data", "это файл, а не папка"


def _under_a_file(tmp: Path) -> tuple[Path, Path, str]:
    (tmp / "data").write_text("not a folder", encoding="utf-8")
    return tmp / "data" / "deeper", tmp / "data", "это файл, а не папка"


def _link_to_nowhere(tmp: Path) -> tuple[Path, Path, str]:
    (tmp / "data").symlink_to(tmp / "gone")
    return tmp / "data", tmp / "data", "ссылка на"


def _folder_named_like_the_file(tmp: Path) -> tuple[Path, Path, str]:
    (tmp / "data" / "progress.sqlite3").mkdir(parents=True)
    return tmp / "data", tmp / "data" / "progress.sqlite3", "это папка, а не файл прогресса"


PLACES: dict[str, Callable[[Path], tuple[Path, Path, str]]] = {
    "data-is-a-file": _data_is_a_file, "under-a-file": _under_a_file, "link-to-nowhere": _link_to_nowhere,
    "folder-named-like-the-file": _folder_named_like_the_file,
}
"""Each wrong place: it makes the data folder, and gives the path the line must name and its words."""


@pytest.fixture(autouse=True)
def _russian():  # noqa: ANN202
    i18n.set_language("ru")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("place", list(PLACES))
def test_the_store_names_the_path_and_what_is_wrong_with_it(tmp_path: Path, place: str) -> None:
    folder, named, words = PLACES[place](tmp_path)
    for opening in (open_store, open_store_readonly):
        with pytest.raises(StoreUnavailable) as info:
            opening(folder / "progress.sqlite3")
        said = info.value.translated()
        assert info.value.no_file and str(named) in said and words in said
        assert "Errno" not in said and "ввода-вывода" not in said and "оставлен" not in said
    assert not list(tmp_path.rglob("*-wal"))  # nothing made anywhere


@pytest.mark.parametrize("place", list(PLACES))
def test_the_progress_command_says_it_in_one_line(tmp_path: Path, place: str) -> None:
    folder, named, words = PLACES[place](tmp_path)
    env = dict(os.environ, TRAINER_DATA_DIR=str(folder), HOME=str(tmp_path))
    for action in (["list"], ["import", str(tmp_path / "none.json")]):
        done = subprocess.run([sys.executable, "-m", "trainer", "progress", *action, "--lang", "ru"], cwd=ROOT,
                              env=env, capture_output=True, text=True, timeout=120)
        lines = [x for x in done.stderr.splitlines() if x.strip() and "pygame" not in x]
        assert done.returncode == 1 and len(lines) == 1, (done.stdout, done.stderr)
        assert str(named) in lines[0] and words in lines[0] and "Errno" not in lines[0]
        assert "нет ни одного ученика" not in done.stdout + done.stderr


def test_the_app_does_not_call_a_missing_file_left_untouched(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from trainer.ui.app import App
    from trainer.ui.settings import Settings

    folder, named, words = _data_is_a_file(tmp_path)
    monkeypatch.setenv("TRAINER_DATA_DIR", str(folder))
    app = App(size=(1280, 720), settings=Settings(language="ru"), save=False)
    try:
        text = "\n".join(b.text for b in app.banners)
        assert app.progress is None and str(named) in text and words in text
        assert "оставлен как есть" not in text and "Errno" not in text
        assert words in (app.progress_off_text() or "")  # the progress screen says the same
    finally:
        app.close()
