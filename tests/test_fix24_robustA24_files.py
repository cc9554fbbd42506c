"""Review 24 (verify24 B.1): no file in a lesson folder or in the saved-games folder can freeze the
app.  A pipe (FIFO), a device or a link to one named like a lesson or a game is skipped with one
problem naming it, never waited on; a file larger than any lesson or game log is not read.

Every call that used to hang runs in a thread joined with a timeout: a regression fails the test
instead of hanging it (the pipe is then opened for writing once, so the stuck reader gets its end)."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from tests.ui_events import headless_app  # noqa: E402
from trainer.engine.bots import make_bot  # noqa: E402
from trainer.engine.game.play import play_match  # noqa: E402
from trainer.engine.game.saved import MAX_GAME_BYTES, list_games, read_game, write_game  # noqa: E402
from trainer.i18n import set_language  # noqa: E402
from trainer.lessons.check import check_paths  # noqa: E402
from trainer.lessons.loader import MAX_FILE_BYTES, load_all, load_file  # noqa: E402
from trainer.ui.match_setup import MatchSetup  # noqa: E402
from trainer.ui.saved_games import games_dir  # noqa: E402

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")

SECONDS = 20.0
"""How long a call may take before it counts as stuck (each takes well under a second)."""

GOOD_LESSON = """\
id: skill_robust_good
title: {ru: "Хороший урок", en: "A good lesson"}
track: skills
level: 90
audience: player
minutes: 5
skill: waits_basic
steps:
  - kind: text
    text: {ru: "Просто текст.", en: "Just text."}
"""


def finishes(call: Callable[[], Any], pipes: list[Path]) -> Any:
    """``call()``'s result, run in a thread that must end within :data:`SECONDS`; if it does not, each
    pipe in ``pipes`` is opened for writing once (a reader stuck in ``open`` gets its end) and the
    test fails."""
    out: dict[str, Any] = {}

    def work() -> None:
        try:
            out["value"] = call()
        except BaseException as exc:  # noqa: BLE001 - handed to the test below
            out["error"] = exc

    worker = threading.Thread(target=work, daemon=True)
    worker.start()
    worker.join(SECONDS)
    if worker.is_alive():
        for pipe in pipes:
            try:
                os.close(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK))
            except OSError:
                pass
        worker.join(SECONDS)
        pytest.fail(f"still reading after {SECONDS:.0f} s: a pipe or a device was waited on")
    if "error" in out:
        raise out["error"]
    return out["value"]


@pytest.fixture()
def lesson_folder(tmp_path: Path) -> tuple[Path, list[Path]]:
    """A teacher's folder: one good lesson, a pipe, a link to a device and a folder named like lessons."""
    root = tmp_path / "teacher"
    (root / "skills").mkdir(parents=True)
    (root / "skills" / "skill_robust_good.yaml").write_text(GOOD_LESSON, encoding="utf-8")
    pipe = root / "skills" / "skill_pipe.yaml"
    os.mkfifo(pipe)
    (root / "skills" / "skill_null.yaml").symlink_to("/dev/null")
    (root / "skills" / "skill_folder.yaml").mkdir()
    return root, [pipe]


def test_a_pipe_named_like_a_lesson_is_one_problem(lesson_folder: tuple[Path, list[Path]]) -> None:
    root, pipes = lesson_folder
    lesson = finishes(lambda: load_file(pipes[0]), pipes)
    assert lesson.lesson is None and len(lesson.problems) == 1
    problem = lesson.problems[0]
    assert "not a regular file" in problem.message and problem.file.endswith("skill_pipe.yaml")


def test_the_folder_loads_its_good_lesson_past_a_pipe_and_a_device(lesson_folder: tuple[Path, list[Path]]) -> None:
    root, pipes = lesson_folder
    lib = finishes(lambda: load_all(root, engine_checks=False), pipes)
    assert list(lib.lessons) == ["skill_robust_good"]
    named = sorted(Path(p.file).name for p in lib.problems)
    assert named == ["skill_folder.yaml", "skill_null.yaml", "skill_pipe.yaml"], named
    assert all("not a regular file" in p.message for p in lib.problems)


def test_lessons_check_reads_no_pipe_of_a_teachers_folder(lesson_folder: tuple[Path, list[Path]], tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """``lessons check`` of one folder also reads the teacher's folders for prerequisites."""
    root, pipes = lesson_folder
    monkeypatch.setenv("TRAINER_LESSONS_DIRS", str(root))
    other = tmp_path / "other" / "skills"
    other.mkdir(parents=True)
    (other / "skill_robust_good.yaml").write_text(GOOD_LESSON, encoding="utf-8")
    good, problems, files = finishes(lambda: check_paths([other.parent]), pipes)
    assert files == 1 and [g.id for g in good] == ["skill_robust_good"] and not problems, problems


def test_a_lesson_file_past_the_limit_is_not_read(tmp_path: Path) -> None:
    big = tmp_path / "skill_big.yaml"
    with big.open("wb") as fh:
        fh.truncate(MAX_FILE_BYTES + 10)
    problems = load_file(big).problems
    assert len(problems) == 1 and "larger than" in problems[0].message


@pytest.mark.parametrize("lang, said", [("ru", "это не обычный файл (а папка, канал или устройство) — он пропущен"),
                                        ("en", "not a regular file (a folder, a pipe or a device): it is skipped")])
def test_a_whole_file_problem_names_no_line(lesson_folder: tuple[Path, list[Path]], lang: str, said: str) -> None:
    """«строка 1» belongs to no problem with the whole file: the dialog says what is wrong with it."""
    root, pipes = lesson_folder
    problem = finishes(lambda: load_file(pipes[0]), pipes).problems[0]
    set_language(lang)
    try:
        assert problem.translated_in_file() == said
        assert problem.translated() == f"{problem.file}: {said}"
    finally:
        set_language("en")


@pytest.mark.parametrize("lang, said", [("ru", "папки с уроками по этому пути нет"), ("en", "lesson folder not found")])
def test_a_missing_lesson_folder_is_said_without_a_line(tmp_path: Path, lang: str, said: str) -> None:
    problem = load_all(tmp_path / "nowhere").problems[0]
    set_language(lang)
    try:
        assert problem.translated_in_file() == said
    finally:
        set_language("en")
    assert str(problem).endswith(":1:1: lesson folder not found")  # the command line keeps file:line:col


# ---------------------------------------------------------------- saved games


@pytest.fixture(scope="module")
def game_log() -> dict[str, Any]:
    """A short finished match's log."""
    rules = MatchSetup(length="tonpuusen").rules()
    return play_match([make_bot(n, rules) for n in ("efficient", "careful", "efficient", "careful")], rules,
                      seed=31).log


def _odd_games(folder: Path, log: dict[str, Any]) -> list[Path]:
    """A games folder with one good game, a pipe, a link to a device, a folder and a huge file, all
    named like games; the pipes."""
    folder.mkdir(parents=True, exist_ok=True)
    write_game(log, folder / "game-20260105-000005.json")
    pipe = folder / "game-20260101-000001.json"
    os.mkfifo(pipe)
    (folder / "game-20260104-000004.json").symlink_to("/dev/null")
    (folder / "game-20260102-000002.json").mkdir()
    with (folder / "game-20260103-000003.json").open("wb") as fh:
        fh.truncate(MAX_GAME_BYTES + 1)
    return [pipe]


def test_the_games_folder_lists_a_pipe_and_a_device_as_unreadable(tmp_path: Path, game_log: dict[str, Any]) -> None:
    folder = tmp_path / "games"
    pipes = _odd_games(folder, game_log)
    games = finishes(lambda: list_games(folder), pipes)
    by_name = {g.name: g for g in games}
    assert by_name["game-20260105-000005.json"].readable
    for name in ("game-20260101-000001.json", "game-20260102-000002.json", "game-20260104-000004.json"):
        g = by_name[name]
        assert g.problem_kind == "unreadable_file" and "not a regular file" in g.problem_detail, (name, g)
    big = by_name["game-20260103-000003.json"]
    assert big.problem_kind == "unreadable_file" and "larger than" in big.problem_detail, big


def test_a_game_log_with_a_byte_order_mark_is_listed(tmp_path: Path, game_log: dict[str, Any]) -> None:
    """The list reads a game as opening it does (Windows Notepad's byte order mark dropped)."""
    path = write_game(game_log, tmp_path / "game-20260101-000001.json")
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert read_game(path).readable


def test_my_games_opens_past_a_pipe_and_a_device(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                game_log: dict[str, Any]) -> None:
    with headless_app(tmp_path, monkeypatch, language="ru") as app:
        pipes = _odd_games(games_dir(app), game_log)
        screen = finishes(lambda: app.push("my_games"), pipes)
        for _ in range(3):
            finishes(lambda: app.process([], 0.5), pipes)
            app.render()
        assert app.screen is screen and screen.name == "my_games"
        rows = {r.game.name: r for r in screen.rows}
        assert len(rows) == 5 and rows["game-20260105-000005.json"].game.readable
        assert not rows["game-20260101-000001.json"].game.readable
        assert not rows["game-20260104-000004.json"].game.readable
