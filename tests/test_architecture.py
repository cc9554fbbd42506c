"""The import contracts of pyproject.toml ([tool.importlinter]) hold: the engine stays pure,
lessons and progress never reach into the UI, trainer.ui has no import cycles, screens use
views and views never use screens, and screens do not import one another."""

from __future__ import annotations

from pathlib import Path

from importlinter.cli import lint_imports

ROOT = Path(__file__).resolve().parent.parent


def test_import_contracts_are_kept(monkeypatch, capsys) -> None:  # noqa: ANN001
    monkeypatch.chdir(ROOT)
    status = lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True, no_logo=True)
    out = capsys.readouterr().out
    assert status == 0, out
    assert "0 broken" in out and "KEPT" in out
