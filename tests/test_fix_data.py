"""The learner's own data: an export made in the middle of a lesson imports back (app and
command, same and fresh data folder) and a refused file is one line in the learner's language;
the progress screen shows the answers behind each mastery bar; the default learner name follows
the interface language; the Import card shows its whole folder line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from trainer import i18n  # noqa: E402
from trainer.progress import open_store  # noqa: E402
from trainer.progress.names import DEFAULT_NAME, shown_name  # noqa: E402
from trainer.progress.store import SkillMastery  # noqa: E402
from trainer.progress.transfer import TransferError  # noqa: E402
from trainer.ui import folders  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.settings import Settings  # noqa: E402
from trainer.ui.theme import PALETTE  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
CLI = [sys.executable, "-m", "trainer", "progress"]


@pytest.fixture(autouse=True)
def _english_afterwards():
    yield
    i18n.set_language("en")


def _app(store, lang: str = "ru") -> App:
    app = App((1280, 720), settings=Settings(language=lang), progress=store, save=False)
    app.push("home")
    return app


def _frame(app: App):
    app.process([], 1.0)
    return app.render()


def _leave_a_lesson_midway(app: App) -> None:
    """Three steps of the first lesson, then back: the lesson player keeps this run's results in
    the learner's profile (``lesson_runs``, through ``app.set_learner_data``)."""
    screen = app.push("lesson", lesson_id="basics_tiles", step=0)
    for _ in range(3):
        screen.next()
    app.record_answer("lesson", "basics_tiles/q1", "tile_names", True, 3.0)
    app.pop()
    runs = app.learner_data("lesson_runs")
    assert isinstance(runs, dict) and runs["basics_tiles"]["results"], runs


def _cli(args: list[str], data: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, TRAINER_DATA_DIR=str(data))
    return subprocess.run([*CLI, *args], env=env, capture_output=True, text=True, cwd=ROOT, timeout=120)


# ------------------------------------------------------------------ 1: an export imports back


def test_an_export_left_mid_lesson_imports_back_on_the_import_screen(tmp_path, monkeypatch):
    monkeypatch.setattr(folders, "export_folder", lambda: tmp_path / "docs")
    store = open_store(tmp_path / "a" / "progress.sqlite3")
    app = _app(store)
    _leave_a_lesson_midway(app)
    progress = app.push("progress")
    _frame(app)
    progress.export()
    (path,) = (tmp_path / "docs").glob("*.json")
    assert json.loads(path.read_text(encoding="utf-8"))["learner"]["settings"]["lesson_runs"]
    app.pop()
    # the same data folder: a merge, nothing doubles
    imp = app.push("progress_import")
    _frame(app)
    assert path in imp.files
    imp.do_import(path)
    assert app.banners[-1].kind != "error", app.banners[-1].text
    assert len(store.learners()) == 1 and store.answer_count(store.learners()[0].id) == 1
    # a fresh data folder: the learner arrives with the lesson's run, and the lesson resumes with it
    other = open_store(tmp_path / "b" / "progress.sqlite3")
    app2 = _app(other)
    imp2 = app2.push("progress_import")
    _frame(app2)
    imp2.do_import(path)
    assert app2.banners[-1].kind != "error", app2.banners[-1].text
    moved = next(x for x in other.learners() if x.uuid == store.learners()[0].uuid)
    assert moved.settings["lesson_runs"] == store.learner(app.learner_id).settings["lesson_runs"]
    app2.switch_learner(moved.id)
    lesson = app2.push("lesson", lesson_id="basics_tiles", step=3)
    assert set(lesson.results) == {0, 1, 2}
    app.close()
    app2.close()
    store.close()
    other.close()


def test_the_command_imports_its_own_mid_lesson_export_on_the_same_and_a_fresh_folder(tmp_path):
    data = tmp_path / "a"
    store = open_store(data / "progress.sqlite3")
    app = _app(store)
    _leave_a_lesson_midway(app)
    app.close()
    store.close()
    out = tmp_path / "me.json"
    r = _cli(["export", str(out)], data)
    assert r.returncode == 0, r.stderr
    assert "lesson_runs" in json.loads(out.read_text(encoding="utf-8"))["learner"]["settings"]
    r = _cli(["import", str(out)], data)  # the same folder
    assert r.returncode == 0 and r.stderr == "", r.stderr
    r = _cli(["--lang", "en", "import", str(out)], tmp_path / "fresh")  # a new computer
    assert r.returncode == 0 and r.stderr == "" and "1 answer" in r.stdout, r.stderr
    fresh = open_store(tmp_path / "fresh" / "progress.sqlite3")
    (learner,) = fresh.learners()
    assert learner.settings["lesson_runs"]["basics_tiles"]["results"]
    fresh.close()


def test_an_old_export_with_plain_settings_still_imports(store):
    old = {"format": "riichi-trainer-progress", "version": 1, "exported_at": "2026-01-02T10:00:00+00:00",
           "learner": {"uuid": "old-1", "name": "Анна", "kind": "adult", "created_at": "2026-01-01T10:00:00+00:00",
                       "daily_goal": 20, "settings": {"language": "ru", "sound": True, "last_step": 3,
                                                      "tile_size": "medium", "last_drill": ""}},
           "answers": [{"uuid": "a1", "answered_at": "2026-01-01T11:00:00+00:00", "source": "drill",
                        "item_id": "x", "skill": "dora", "correct": True, "seconds": 2.5, "hints": 0}]}
    learner = store.import_learner(old)
    assert learner.name == "Анна" and learner.settings["last_step"] == 3 and store.answer_count(learner.id) == 1


@pytest.mark.parametrize(("value", "ok"), [
    ({"basics_tenpai": {"results": {"0": "seen"}, "drills": {"4": [3, 4]}}}, True),
    ('{"single_suit_1": {"dragons": true}}' * 60, True),  # a long training_setup: over 1,000 characters
    ([[[[[[[[[["too deep"]]]]]]]]]], False),
    ({"x": float("nan")}, False),
])
def test_settings_hold_what_the_app_keeps_there(store, value, ok):
    data = {"format": "riichi-trainer-progress", "version": 1,
            "learner": {"uuid": "u1", "name": "Вера", "settings": {"language": "ru", "lesson_runs": value}},
            "answers": []}
    if ok:
        assert store.import_learner(data).settings["lesson_runs"] == value
    else:
        with pytest.raises(TransferError, match=r"learner\.settings\.lesson_runs"):
            store.import_learner(data)


# ------------------------------------------------------------------ 1: a refusal is one translated line

BAD = {"format": "riichi-trainer-progress", "version": 1,
       "learner": {"uuid": "u1", "name": "Вера", "settings": {}},
       "answers": [{"uuid": "a1", "answered_at": "2026-01-01T11:00:00+00:00", "source": "drill", "item_id": "x",
                    "skill": "dora", "correct": 1, "seconds": 2.5}]}


@pytest.mark.parametrize(("lang", "words"), [
    ("ru", "bad.json: поле answers[0].correct: должно быть true или false"),
    ("en", "bad.json: answers[0].correct: must be true or false"),
])
def test_a_malformed_file_is_one_line_in_the_learners_language(store, tmp_path, lang, words):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(BAD), encoding="utf-8")
    i18n.set_language(lang)
    with pytest.raises(TransferError) as info:
        store.import_file(path)
    line = info.value.translated("bad.json")
    assert line == words
    assert str(info.value) == f"{path}: answers[0].correct: must be true or false"  # the English text stays


def test_several_problems_are_still_one_line_with_how_many_more(store):
    data = json.loads(json.dumps(BAD))
    data["learner"]["settings"] = {"lesson_runs": {"a": float("inf")}}
    data["answers"][0]["seconds"] = "2"
    i18n.set_language("ru")
    with pytest.raises(TransferError) as info:
        store.import_learner(data, source="x.json")
    line = info.value.translated()
    assert "\n" not in line and "Input should" not in line and ";" not in line
    assert line == "x.json: поле learner.settings.lesson_runs: должно быть конечным числом (и ещё 2 ошибки)"


def test_the_import_screen_says_a_refusal_in_russian(tmp_path, monkeypatch):
    monkeypatch.setattr(folders, "export_folder", lambda: tmp_path)
    (tmp_path / "bad.json").write_text(json.dumps(BAD), encoding="utf-8")
    store = open_store(tmp_path / "progress.sqlite3")
    app = _app(store, "ru")
    imp = app.push("progress_import")
    _frame(app)
    imp.do_import(tmp_path / "bad.json")
    text = app.banners[-1].text
    assert text == "Этот файл нельзя импортировать: bad.json: поле answers[0].correct: должно быть true или false"
    app.close()
    store.close()


def test_the_command_says_a_refusal_in_the_learners_language(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(BAD), encoding="utf-8")
    r = _cli(["import", str(path)], tmp_path / "data")  # no settings yet: the app's default, Russian
    assert r.returncode == 1
    assert r.stderr == f"ошибка: {path}: поле answers[0].correct: должно быть true или false\n"
    r = _cli(["import", str(path), "--lang", "en"], tmp_path / "data")
    assert r.returncode == 1 and r.stderr == f"error: {path}: answers[0].correct: must be true or false\n"


# ------------------------------------------------------------------ 11: mastery beside its answers


def test_mastery_shows_the_answers_behind_it_and_no_red_after_few_answers():
    from trainer.ui.screens.progress import mastery_color, mastery_label

    i18n.set_language("ru")
    dora = SkillMastery("dora", 0.2775, 2, 2)
    assert mastery_label(dora) == "2 из 2 · 28\u00a0%"
    assert mastery_color(dora) == PALETTE.hint != PALETTE.wrong
    i18n.set_language("en")
    assert mastery_label(SkillMastery("tile_names", 0.96, 54, 38)) == "38 of 54 · 96%"
    assert mastery_color(SkillMastery("sets", 0.39, 12, 4)) == PALETTE.wrong  # enough answers to judge


def test_the_progress_screen_draws_two_right_answers_without_red(store):
    app = _app(store, "ru")
    app.record_answer("lesson", "basics_dora/q1", "dora", True, 3.0)
    app.record_answer("lesson", "basics_dora/q2", "dora", True, 3.0)
    screen = app.push("progress")
    surf = _frame(app)
    r = screen.mastery_rect
    colours = {surf.get_at((x, y))[:3] for x in range(r.left, r.right, 2) for y in range(r.top, r.bottom, 2)}
    assert PALETTE.wrong not in colours and PALETTE.hint in colours
    app.close()


# ------------------------------------------------------------------ 16: the default name follows the language


def test_the_default_learner_is_stored_untranslated_and_shown_in_the_current_language(store):
    app = _app(store, "ru")
    learner = store.learner(app.learner_id)
    assert learner.name == DEFAULT_NAME == "Player"
    screen = app.push("progress")
    _frame(app)
    assert screen.header_extra() == "Игрок"
    app.pop()
    app.apply_settings(app.settings.with_(language="en"))
    i18n.set_language("en")
    screen = app.push("progress")
    _frame(app)
    assert screen.header_extra() == "Player"
    app.pop()
    learners = app.push("learners")
    _frame(app)
    assert learners.cards[0].title == "Player"
    app.close()


def test_an_old_russian_default_reads_in_english_and_a_typed_name_stays(store):
    old = store.create_learner("Игрок")
    typed = store.create_learner("Маша")
    i18n.set_language("en")
    assert shown_name(store.learner(old.id).name) == "Player"
    assert shown_name(store.learner(typed.id).name) == "Маша"
    i18n.set_language("ru")
    assert shown_name(DEFAULT_NAME) == "Игрок" and shown_name("Маша") == "Маша"
    assert store.learner(old.id).name == "Игрок"  # nothing stored is rewritten


# ------------------------------------------------------------------ 18: the Import card's folder line


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_import_card_shows_its_whole_folder_line(tmp_path, monkeypatch, lang):
    folder = tmp_path / "home" / "Documents" / "riichi-trainer"
    folder.mkdir(parents=True)
    (folder / "riichi-trainer-Игрок-2026-11-28.json").write_text("{}", encoding="utf-8")
    monkeypatch.setattr(folders, "json_files", lambda limit: sorted(folder.glob("*.json")))
    store = open_store(tmp_path / "progress.sqlite3")
    app = _app(store, lang)
    imp = app.push("progress_import")
    _frame(app)
    (card,) = imp.cards
    assert card.subtitle == str(folder)
    assert card.subtitle_room(app) >= card.subtitle_lines(app, card.rect.width) >= 1
    assert card.rect.bottom <= app.layout.content().bottom
    app.close()
    store.close()
