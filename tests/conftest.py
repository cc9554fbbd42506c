"""Fixtures shared by several test modules."""

from __future__ import annotations

import pytest

from trainer.progress import open_store


@pytest.fixture
def store(tmp_path):
    """A fresh progress database in the test's own folder, closed afterwards."""
    s = open_store(tmp_path / "progress.sqlite3")
    yield s
    s.close()
