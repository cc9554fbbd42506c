"""``python -m trainer shots`` renders screens to 1280x720 PNG files without a display."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from trainer.cli import shots  # noqa: E402


def test_gallery_lesson_has_every_step_kind() -> None:
    lesson = shots.gallery_lesson()
    assert {s.kind for s in lesson.steps} == set(shots.STEP_KINDS)


def test_shots_writes_pngs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path / "data"))
    out = tmp_path / "out"
    args = argparse.Namespace(outdir=out, size="1280x720", lang="en",
                              only="01_home,02_lesson_map,03_step,06_drill_tile_name,07_play,09_settings")
    assert shots.run(args) == 0
    names = sorted(p.stem for p in out.glob("*.png"))
    assert "01_home" in names and "09_settings" in names and "07_play" in names
    assert sum(n.startswith("03_step_") for n in names) == len(shots.STEP_KINDS)
    img = pygame.image.load(str(out / "01_home.png"))
    assert img.get_size() == (1280, 720)


def test_the_language_asked_for_wins_over_the_learners_saved_one(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Two runs in one data folder, Russian then English: the second picture is in English (it
    used to keep the learner's Russian, saved by the first run)."""
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path / "data"))
    pictures = {}
    for lang in ("ru", "en", "ru"):
        out = tmp_path / f"out_{lang}_{len(pictures)}"
        args = argparse.Namespace(outdir=out, size="1280x720", lang=lang, only="01_home")
        assert shots.run(args) == 0
        pictures[(lang, len(pictures))] = (out / "01_home.png").read_bytes()
    assert pictures[("ru", 0)] != pictures[("en", 1)] != pictures[("ru", 2)]
