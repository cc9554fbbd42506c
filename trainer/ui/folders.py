"""Folders the app offers the learner for files it writes or reads (progress exports, game logs)."""

from __future__ import annotations

from pathlib import Path


def export_folder() -> Path:
    """Where exports are written: the user's documents folder (or home), ``riichi-trainer``."""
    try:
        import platformdirs

        base = Path(platformdirs.user_documents_dir())
    except Exception:
        base = Path.home()
    return base / "riichi-trainer"


def json_files(limit: int) -> list[Path]:
    """JSON files the learner may open, newest first: the export folder, the home folder and Downloads."""
    found: list[Path] = []
    for folder in (export_folder(), Path.home(), Path.home() / "Downloads"):
        if folder.is_dir():
            found += [p for p in folder.glob("*.json") if p.is_file()]
    unique = {p.resolve(): p for p in found}
    return sorted(unique.values(), key=lambda p: p.stat().st_mtime, reverse=True)[:limit]
