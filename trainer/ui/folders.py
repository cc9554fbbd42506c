"""Folders the app offers the learner for files it writes or reads (progress exports)."""

from __future__ import annotations


def export_folder():
    """Where exports are written: the user's documents folder (or home), ``riichi-trainer``."""
    from pathlib import Path

    try:
        import platformdirs

        base = Path(platformdirs.user_documents_dir())
    except Exception:
        base = Path.home()
    return base / "riichi-trainer"
