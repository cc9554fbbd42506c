"""Imports: times in the future are refused naming the field; a learner's name is cleaned the same way
on import, on rename and for a new learner; the command says what a damaged file gave up."""

from __future__ import annotations

import copy
import os
import subprocess
import sys
import unicodedata
from datetime import UTC, datetime, timedelta
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from trainer import i18n  # noqa: E402
from trainer.progress import open_store  # noqa: E402
from trainer.progress.names import DRAWN_SYMBOLS, EMOJI_BLOCKS, NAME_MAX, clean_name, shown_name  # noqa: E402
from trainer.progress.transfer import TransferError, import_learner  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def export(tmp_path: Path) -> dict:
    """A learner's export with two answers, a lesson, a skill and a card."""
    store = open_store(tmp_path / "source.sqlite3")
    lid = store.create_learner("Вера").id
    store.record_answer(lid, "drill", "waits:n=13:1", "waits", True, 2.0,
                        spec={"generator": "waits", "params": {"n": 13}, "seed": 1})
    store.record_answer(lid, "drill", "waits:n=13:2", "waits", False, 2.0)
    store.complete_lesson(lid, "basics_tiles", 0.5)
    data = store.export_learner(lid)
    store.close()
    return data


def _future(days: float) -> str:
    return (datetime.now(UTC) + timedelta(days=days)).isoformat()


def test_answers_dated_in_the_future_are_refused_naming_the_field(tmp_path: Path, export: dict) -> None:
    data = copy.deepcopy(export)
    for answer in data["answers"]:
        answer["answered_at"] = "2099-01-05T10:00:00+00:00"
    store = open_store(tmp_path / "progress.sqlite3")
    try:
        with pytest.raises(TransferError) as info:
            import_learner(store, data, "vera.json")
        assert store.learners() == []  # nothing imported
        i18n.set_language("ru")
        line = info.value.translated()
        assert line.startswith("vera.json: поле answers[0].answered_at: «2099-01-05 10:00» — время в будущем")
        assert "часы" in line and "(и ещё 1 ошибка)" in line
    finally:
        i18n.set_language("en")
        store.close()


@pytest.mark.parametrize(("part", "field", "value"), [
    ("lessons", "completed_at", _future(3)),
    ("skills", "updated_at", _future(3)),
    ("learner", "created_at", _future(3)),
    ("study", "day", "2099-01-05"),
], ids=["lessons-completed_at", "skills-updated_at", "learner-created_at", "study-day"])  # stable ids: xdist
def test_every_time_that_says_when_something_happened_is_checked(tmp_path: Path, export: dict, part: str,
                                                                 field: str, value: str) -> None:
    data = copy.deepcopy(export)
    if part == "learner":
        data["learner"][field] = value
    elif part == "study":
        data["study"] = [{"day": value, "seconds": 30.0}]
    else:
        data[part][0][field] = value
    store = open_store(tmp_path / "progress.sqlite3")
    try:
        with pytest.raises(TransferError, match=f"{field}: .* is in the future"):
            import_learner(store, data, "vera.json")
    finally:
        store.close()


def test_a_clock_a_few_hours_ahead_and_a_card_due_later_still_import(tmp_path: Path, export: dict) -> None:
    data = copy.deepcopy(export)
    data["answers"][0]["answered_at"] = _future(0.4)  # another time zone, a clock a little fast
    data["cards"][0]["due"] = _future(300)  # a card comes back in the future: that is its job
    store = open_store(tmp_path / "progress.sqlite3")
    try:
        learner = import_learner(store, data, "vera.json")
        assert store.answer_count(learner.id) == 2
    finally:
        store.close()


WEIRD = "Вера Николаевна Сидорова-Петрова\nвторая строка 😀\u202eКЕТ\u200d👍🏽"


def test_a_name_is_cleaned_alike_on_import_rename_and_creation(tmp_path: Path, export: dict) -> None:
    data = copy.deepcopy(export)
    data["learner"]["name"] = WEIRD
    store = open_store(tmp_path / "progress.sqlite3")
    try:
        imported = import_learner(store, data, "vera.json")
        created = store.create_learner(WEIRD)
        renamed = store.update_learner(created.id, name="Маша\t🐱 ★\u202e")
        for name in (imported.name, created.name):
            assert name == clean_name(WEIRD) and name.startswith("Вера Николаевна Сидорова")
            assert "вторая" not in name and len(name) <= NAME_MAX  # the form's limit, one line
        assert renamed.name == "Маша ★"
        for learner in store.learners():
            assert all(unicodedata.category(ch)[0] != "C" for ch in learner.name) and len(learner.name) <= NAME_MAX
    finally:
        store.close()


def test_a_name_of_which_nothing_can_be_shown_becomes_the_default_name(tmp_path: Path, export: dict) -> None:
    data = copy.deepcopy(export)
    data["learner"]["name"] = "😀😀\u202e"
    store = open_store(tmp_path / "progress.sqlite3")
    try:
        assert shown_name(import_learner(store, data, "vera.json").name) == "Player"
    finally:
        store.close()


def test_the_symbols_a_name_keeps_are_exactly_those_the_fonts_draw() -> None:
    """The fonts of assets/fonts draw the mahjong tiles and a few signs, no emoji: a name keeps a
    symbol of the emoji blocks only when the fonts have it, so nothing shows as an empty box."""
    from trainer.ui.text import get_text

    text = get_text()
    for lo, hi in EMOJI_BLOCKS:
        for code in range(lo, hi + 1):
            ch = chr(code)
            if unicodedata.category(ch) in ("So", "Sk"):
                kept = clean_name(f"a{ch}b") == f"a{ch}b"
                assert kept == text.covers(ch), (hex(code), kept)
    assert DRAWN_SYMBOLS <= {chr(c) for lo, hi in EMOJI_BLOCKS for c in range(lo, hi + 1)}


def test_shown_names_stay_on_one_line_even_when_stored_by_another_tool(tmp_path: Path) -> None:
    store = open_store(tmp_path / "progress.sqlite3")
    try:
        lid = store.create_learner("x").id
        store.db.execute("UPDATE learner SET name = ? WHERE id = ?", ("Анна\nвторая \u202eстрока", lid))
        assert shown_name(store.learner(lid).name) == "Анна вторая строка"
    finally:
        store.close()


def test_importing_into_a_damaged_file_says_what_was_saved_from_it(tmp_path: Path, export: dict) -> None:
    import json
    import sqlite3

    path = tmp_path / "progress.sqlite3"
    store = open_store(path)
    lid = store.create_learner("Анна").id
    for i in range(5):
        store.record_answer(lid, "drill", f"waits:n=13:{i}", "waits", True, 2.0)
    store.close()
    db = sqlite3.connect(path)
    db.execute("UPDATE learner SET daily_goal = 'many'")
    db.commit()
    db.close()
    source = tmp_path / "vera.json"
    source.write_text(json.dumps(export), encoding="utf-8")
    env = dict(os.environ, TRAINER_DATA_DIR=str(tmp_path), HOME=str(tmp_path))
    done = subprocess.run([sys.executable, "-m", "trainer", "progress", "import", str(source), "--lang", "ru"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "начат новый" not in done.stderr
    assert "перенесено в новый файл: 1 ученик, 5 ответов" in done.stderr
    assert "дневная цель ученика" in done.stderr and "learner.daily_goal" not in done.stderr
