"""Review 22, a club teacher (item 2): the lesson map's dialog of files with errors groups the
problems by file (the file's name as a header, its problems under it, a blank line between files)
and scrolls when the list is long.  Before, it ran every problem together, each line repeating its
file, and cut the list at 12 («… и ещё 9»)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from trainer.i18n import set_language
from trainer.lessons.loader import load_all

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from tests.ui_events import click, frame, headless_app, key  # noqa: E402

LESSON = """\
id: ID
title: {ru: "Клуб", en: "Club"}
track: skills
level: 50
audience: player
prerequisites: []
minutes: 10
preset: tenhou
skill: waits_basic
steps:
  - kind: text
    id: intro
    text: {ru: "Четыре плитки подряд."}
"""
BROKEN_STEP = """\
  - kind: pick_tiles
    id: q{i}
    prompt: {{ru: "Какие плитки завершают руку?"}}
    ask: waits
    hand: "4567p123m789s666z"
    expect: "{i}m"
"""


def _club(root: Path) -> dict[str, int]:
    """A teacher's folder with three broken lessons (one with many problems); each file's name and
    how many problems it has."""
    (root / "skills").mkdir(parents=True)
    files = {
        "skill_club_many": LESSON + "".join(BROKEN_STEP.format(i=i) for i in range(1, 10)),
        "skill_club_drill": LESSON + "  - kind: drill\n    generator: make_set\n    params: {ask: complete, traps: [wrap]}\n",
        "skill_club_yaml": LESSON.replace('{ru: "Клуб", en: "Club"}', "{ru: Клуб #2, en: Club 2}"),
    }
    for name, text in files.items():
        (root / "skills" / f"{name}.yaml").write_text(text.replace("ID", name, 1), encoding="utf-8")
    return {"skill_club_many": 9, "skill_club_drill": 1, "skill_club_yaml": 1}


@pytest.fixture()
def club(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, int]]:
    counts = _club(tmp_path / "club")
    monkeypatch.setenv("TRAINER_LESSONS_DIRS", str(tmp_path / "club"))
    yield counts
    set_language("en")


def _open_problems(app: object) -> object:
    """The lesson map with its problems dialog opened by a click on the red button."""
    screen = app.push("lesson_map", track="skills")  # type: ignore[attr-defined]
    frame(app)  # type: ignore[arg-type]
    click(app, screen.problems_button.rect.center)  # type: ignore[arg-type]
    frame(app)  # type: ignore[arg-type]
    return screen


@pytest.mark.parametrize(("language", "line_word"), [("ru", "строка"), ("en", "line")])
def test_problems_are_grouped_by_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, club: dict[str, int],
                                      language: str, line_word: str) -> None:
    with headless_app(tmp_path / "data", monkeypatch, language=language, progress=None) as app:
        app.set_library(load_all())
        screen = _open_problems(app)
        dialog = screen.dialog
        from trainer.ui.views.lesson_problems import ProblemsDialog

        assert isinstance(dialog, ProblemsDialog)
        headers = [file for file, _lines in dialog.groups]
        assert sorted(Path(f).stem for f in headers) == sorted(club)
        for file, lines in dialog.groups:
            assert len(lines) == club[Path(file).stem]  # every problem, none cut off
            assert all(x.startswith(f"{line_word} ") and "\n" not in x and file not in x for x in lines)
        drawn = dialog.shown_lines
        bold = [i for i, x in enumerate(drawn) if x.bold]
        assert len(bold) == len(headers)  # a header per file, in bold: its name (a long path keeps its end)
        assert all(f.endswith(drawn[i].text.removeprefix("…")) for i, f in zip(bold, headers, strict=True))
        assert all(drawn[i - 1].text == "" for i in bold[1:])  # a blank line before each next file
        assert all(x.indent > 0 for x in drawn if x.text and not x.bold)  # the problems under their file


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_a_long_list_scrolls(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, club: dict[str, int],
                             size: tuple[int, int]) -> None:
    with headless_app(tmp_path / "data", monkeypatch, language="ru", progress=None, size=size) as app:
        app.set_library(load_all())
        screen = _open_problems(app)
        dialog = screen.dialog
        assert dialog.rect.top >= 0 and dialog.rect.bottom <= size[1]  # the box fits the window
        assert dialog.max_first > 0, "the list should be longer than the box here"
        app.process([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1)], 1 / 60)
        assert dialog.first_line == 3
        key(app, pygame.K_DOWN)
        assert dialog.first_line == 4
        key(app, pygame.K_END)
        assert dialog.first_line == dialog.max_first
        key(app, pygame.K_PAGEUP)
        assert dialog.first_line == max(0, dialog.max_first - (dialog.page - 1))
        key(app, pygame.K_HOME)
        assert dialog.first_line == 0
        track = dialog._bar_track()
        click(app, (track.centerx, track.bottom - 2))  # a click low on the scroll bar pages down
        assert dialog.first_line > 0
        key(app, pygame.K_ESCAPE)
        assert screen.dialog is None
