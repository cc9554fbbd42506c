"""A game log's ``rules`` names a built-in preset, never a file (review robust24, finding 12): a
path is refused unread with one line and ``kind`` ``"unknown_rules"``, which the app says in the
learner's words."""

from __future__ import annotations

import copy

import pytest

from trainer import i18n
from trainer.engine.bots import make_bot
from trainer.engine.game import records
from trainer.engine.game.play import play_match
from trainer.engine.game.records import RecordError, match_rules, replay
from trainer.engine.rules import PRESETS, PRESETS_DIR
from trainer.ui.log_problems import log_replay_problem


@pytest.fixture(autouse=True)
def _english_afterwards():  # noqa: ANN202
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("name", ["../../../../etc/passwd", "/etc/passwd", str(PRESETS_DIR / "tenhou.toml"),
                                  "pyproject.toml", "nonexistent", "x" * 500, 7, None])
def test_a_log_names_a_preset_not_a_file(monkeypatch, name: object) -> None:  # noqa: ANN001
    import trainer.engine.rules as rules_module

    read: list[object] = []
    real = rules_module.load_rules
    monkeypatch.setattr(rules_module, "load_rules", lambda n="tenhou": read.append(n) or real(n))
    with pytest.raises(RecordError) as caught:
        match_rules(name)  # type: ignore[arg-type]
    assert read == []  # refused before anything is read
    message = str(caught.value)
    assert caught.value.kind == "unknown_rules" and "\n" not in message and len(message) < 140, message
    assert "not a rule preset (use " + ", ".join(PRESETS) + ")" in message


def test_every_preset_is_still_read() -> None:
    for name in PRESETS:
        assert match_rules(name).name


def test_a_log_with_a_path_for_rules_does_not_replay_and_says_so_in_russian() -> None:
    rules = match_rules("tenhou", {"game_length": "tonpuusen"})
    log = play_match([make_bot("efficient", rules) for _ in range(4)], rules, seed=3).log
    bad = copy.deepcopy(log)
    bad["rules"] = "/work/main/pyproject.toml"
    with pytest.raises(RecordError) as caught:
        list(replay(bad))
    assert caught.value.kind == "unknown_rules"
    assert "TOML" not in str(caught.value) and "build-system" not in str(caught.value)
    problem = log_replay_problem(bad)
    assert problem is not None
    i18n.set_language("ru")
    assert problem.text() == "неизвестные правила (файл изменён или повреждён)"
    assert records.log_rules(log).name == "tenhou"
