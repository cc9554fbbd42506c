"""App settings: defaults, saving and loading, TRAINER_DATA_DIR, and damaged files set aside."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from trainer.ui.settings import Settings, config_dir, load_settings, save_settings, settings_path


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))


def test_env_var_overrides_the_config_folder(tmp_path: Path) -> None:
    assert config_dir() == tmp_path
    assert settings_path() == tmp_path / "settings.json"


def test_missing_file_gives_defaults_without_a_problem() -> None:
    res = load_settings()
    assert res.settings == Settings()
    assert res.problem is None


def test_saved_settings_load_back(tmp_path: Path) -> None:
    s = Settings(language="en", term_mode="full", tile_size="large", sound=False, last_lesson="basics_x", last_step=3)
    path = save_settings(s)
    assert path == tmp_path / "settings.json"
    assert json.loads(path.read_text(encoding="utf-8"))["term_mode"] == "full"
    assert load_settings().settings == s


def test_unknown_keys_are_ignored_and_missing_keys_default(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text('{"language": "en", "from_the_future": 1}', encoding="utf-8")
    res = load_settings()
    assert res.problem is None
    assert res.settings == Settings(language="en")


@pytest.mark.parametrize(
    "content, fragment",
    [
        ("{not json", "line 1"),
        ("[1, 2]", "JSON object"),
        ('"ru"', "JSON object"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"a": ' * 50_000 + "1" + "}" * 50_000, "nested too deeply"),
        ('{"last_step": ' + "9" * 5000 + "}", "digits"),
    ],
)
def test_damaged_file_is_renamed_aside_and_reported(tmp_path: Path, content: str, fragment: str) -> None:
    path = tmp_path / "settings.json"
    path.write_text(content, encoding="utf-8")
    res = load_settings()
    assert res.settings == Settings()
    assert res.problem is not None and fragment in res.problem and str(path) in res.problem
    assert not path.exists()
    assert res.moved_to is not None and res.moved_to.exists()
    assert res.moved_to.read_text(encoding="utf-8") == content  # never deleted, kept byte for byte


def test_two_damaged_files_in_a_row_keep_both(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("{bad", encoding="utf-8")
    first = load_settings().moved_to
    path.write_text("{worse", encoding="utf-8")
    second = load_settings().moved_to
    assert first != second and first.exists() and second.exists()


def test_with_checks_values() -> None:
    with pytest.raises(ValueError, match="tile_size"):
        Settings().with_(tile_size="huge")
    assert Settings().with_(language="en").language == "en"


@pytest.mark.parametrize(
    ("content", "fragment", "kept"),
    [
        ('{"language": "fr", "term_mode": "full"}', "language", {"term_mode": "full"}),
        ('{"sound": "yes", "language": "en"}', "sound", {"language": "en"}),
        ('{"last_step": -2, "tile_size": "large"}', "last_step", {"tile_size": "large"}),
        ('{"last_step": true, "last_lesson": "basics_x"}', "last_step", {"last_lesson": "basics_x"}),
    ],
)
def test_one_bad_value_costs_only_that_value(tmp_path: Path, content: str, fragment: str, kept: dict) -> None:
    path = tmp_path / "settings.json"
    path.write_text(content, encoding="utf-8")
    res = load_settings()
    assert res.settings == Settings(**kept)
    assert res.problem is not None and fragment in res.problem and str(path) in res.problem
    assert res.moved_to is None and path.exists()


def test_a_huge_settings_file_is_set_aside_without_reading_it_all(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"language": "en", "pad": "' + "x" * 2_000_000 + '"}', encoding="utf-8")
    res = load_settings()
    assert res.settings == Settings() and "larger than" in res.problem and res.moved_to is not None
