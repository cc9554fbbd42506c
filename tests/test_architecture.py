"""The import contracts of pyproject.toml ([tool.importlinter]) hold: the engine stays pure,
lessons and progress never reach into the UI, trainer.ui has no import cycles, screens use
views and views never use screens, and screens do not import one another."""

from __future__ import annotations

import logging
from pathlib import Path

from importlinter.cli import lint_imports

ROOT = Path(__file__).resolve().parent.parent


def test_import_contracts_are_kept(monkeypatch, capsys) -> None:  # noqa: ANN001
    monkeypatch.chdir(ROOT)
    # import-linter configures logging and disables every logger that exists by then: give the
    # app's loggers back, or a later test in this process sees no log records
    enabled = [lg for lg in logging.root.manager.loggerDict.values()
               if isinstance(lg, logging.Logger) and not lg.disabled]
    try:
        status = lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True, no_logo=True)
    finally:
        for lg in enabled:
            lg.disabled = False
    out = capsys.readouterr().out
    assert status == 0, out
    assert "0 broken" in out and "KEPT" in out
