"""Importing and exporting progress files: every bad value is refused with the file and the
field named and nothing changes; merges never undercount; exports never leave a .tmp."""

from __future__ import annotations

import copy
import errno
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from trainer.progress import open_store
from trainer.progress.transfer import ExportError, TransferError, write_export

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def export(tmp_path) -> dict:
    s = open_store(tmp_path / "source.sqlite3")
    learner = s.create_learner("Дима")
    for i in range(3):
        s.record_answer(learner.id, "drill", f"q{i}", "fu", i != 1, 4.0, spec={"generator": "g", "seed": i})
    s.save_lesson_step(learner.id, "basics_tiles", 2)
    data = json.loads(json.dumps(s.export_learner(learner.id)))
    s.close()
    return data


def _state(store) -> tuple:
    db = store.db
    return tuple(db.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall()
                 for t in ("learner", "answer", "daily", "skill", "card", "lesson_progress"))


BAD_VALUES = [
    (lambda d: d["answers"][0].update(answered_at="вчера"), "answers[0].answered_at"),
    (lambda d: d["answers"][0].update(answered_at="2026-01-01T10:00:00"), "answers[0].answered_at"),  # no zone
    (lambda d: d["answers"][1].update(hints=10**40), "answers[1].hints"),
    (lambda d: d["answers"][0].update(seconds="4"), "answers[0].seconds"),
    (lambda d: d["answers"][0].update(seconds=float("nan")), "answers[0].seconds"),
    (lambda d: d["answers"][0].update(correct=1), "answers[0].correct"),
    (lambda d: d["answers"][2].update(item_id="\ud800"), "answers[2].item_id"),
    (lambda d: d["cards"][0].update(state='{"due": 5}'), "cards[0].state"),
    (lambda d: d["cards"][0].update(state="not json"), "cards[0].state"),
    (lambda d: d["cards"][0].update(spec="[1, 2]"), "cards[0].spec"),
    (lambda d: d["learner"].update(daily_goal=-5), "learner.daily_goal"),
    (lambda d: d["learner"].update(name="   "), "learner.name"),
    (lambda d: d["learner"].update(settings=["ru"]), "learner.settings"),
    (lambda d: d["learner"].update(settings="ru"), "learner.settings"),
    (lambda d: d["learner"].update(kind="robot"), "learner.kind"),
    (lambda d: d.update(version=True), "version"),
    (lambda d: d.update(answers={"0": {}}), "answers"),
    (lambda d: d["lessons"][0].update(step=-1), "lessons[0].step"),
    (lambda d: d["skills"][0].update(mastery=7.5), "skills[0].mastery"),
    (lambda d: d["answers"].append(dict(d["answers"][0])), "answers[3].uuid"),  # the same answer twice
]


@pytest.mark.parametrize(("spoil", "field"), BAD_VALUES, ids=[f for _, f in BAD_VALUES])
def test_a_bad_value_is_refused_naming_the_field_and_nothing_changes(store, export, spoil, field):
    other = store.create_learner("Уже здесь")
    store.record_answer(other.id, "drill", "x", "fu", True, 1.0)
    before = _state(store)
    data = copy.deepcopy(export)
    spoil(data)
    with pytest.raises(TransferError) as info:
        store.import_learner(data, source="dima.json")
    assert str(info.value).startswith("dima.json: ") and field in str(info.value)
    assert _state(store) == before


def test_a_good_export_still_imports(store, export):
    learner = store.import_learner(export)
    assert learner.name == "Дима" and store.answer_count(learner.id) == 3


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b'{"format": "riichi-trainer-progress",\n "learner": {"name": "\xcf\xe5\xf2\xff"}}', ":2: not UTF-8"),
        (b'{"version": ' + b"9" * 5000 + b"}", "not a progress export"),
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (b'{"format": "riichi-trainer-progress", "version": NaN}', "version"),
    ],
)
def test_an_unreadable_file_is_refused_naming_it(store, tmp_path, content, words):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(TransferError, match=words) as info:
        store.import_file(path)
    assert str(path) in str(info.value)


def test_a_folder_is_not_an_export(store, tmp_path):
    with pytest.raises(TransferError, match="is a folder"):
        store.import_file(tmp_path)


def test_answers_of_another_learner_are_reported_not_dropped(store, export):
    first = store.import_learner(export)
    stolen = copy.deepcopy(export)
    stolen["learner"].update(uuid="someone-else", name="Другой")
    before = _state(store)
    with pytest.raises(TransferError, match=r"answers\[0\]\.uuid: this answer already belongs to the learner 'Дима'"):
        store.import_learner(stolen, source="other.json")
    assert _state(store) == before and store.answer_count(first.id) == 3


def test_merging_two_diverged_copies_counts_every_answer(tmp_path, export):
    a = open_store(tmp_path / "a.sqlite3")
    b = open_store(tmp_path / "b.sqlite3")
    la, lb = a.import_learner(export), b.import_learner(export)
    for i in range(5):
        a.record_answer(la.id, "drill", f"a{i}", "fu", True, 2.0)
    for i in range(7):
        b.record_answer(lb.id, "drill", f"b{i}", "fu", i % 2 == 0, 2.0)
    a.import_learner(b.export_learner(lb.id))
    (fu,) = a.mastery(la.id)
    assert a.answer_count(la.id) == 15
    assert fu.answers == 15 and fu.correct == 2 + 5 + 4  # not max(8, 10): both copies' answers count
    assert a.totals(la.id)["answers"] == 15
    a.close()
    b.close()


def test_a_skill_without_a_mastery_row_is_replayed_from_its_answers(store, export):
    data = copy.deepcopy(export)
    data["skills"] = []
    learner = store.import_learner(data)
    (fu,) = store.mastery(learner.id)
    assert (fu.answers, fu.correct) == (3, 2) and 0.2 < fu.mastery < 0.3  # right, wrong, right


def test_reimport_keeps_an_empty_best_score_empty(store, export):
    learner = store.import_learner(export)
    assert store.lessons(learner.id)["basics_tiles"]["best_score"] is None
    store.import_learner(export)
    assert store.lessons(learner.id)["basics_tiles"]["best_score"] is None
    scored = copy.deepcopy(export)
    scored["lessons"][0].update(best_score=0.75, completed_at="2026-11-01T10:00:00+00:00")
    store.import_learner(scored)
    store.import_learner(export)
    assert store.lessons(learner.id)["basics_tiles"]["best_score"] == 0.75


# ------------------------------------------------------------------ export


def _learner_store(tmp_path):
    s = open_store(tmp_path / "progress.sqlite3")
    learner = s.create_learner("Сеня")
    s.record_answer(learner.id, "drill", "q", "fu", True, 2.0)
    return s, learner


def test_export_to_a_missing_folder_is_a_clear_error(tmp_path):
    s, learner = _learner_store(tmp_path)
    target = tmp_path / "nowhere" / "seny.json"
    with pytest.raises(ExportError, match="does not exist"):
        write_export(s, learner.id, target)
    assert not (tmp_path / "nowhere").exists()
    s.close()


def test_export_to_a_full_disk_leaves_no_tmp_and_keeps_the_old_file(tmp_path, monkeypatch):
    s, learner = _learner_store(tmp_path)
    out = tmp_path / "out"
    out.mkdir()
    target = out / "seny.json"
    target.write_text("the previous export")
    real_fsync = os.fsync

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(ExportError, match="disk is full"):
        write_export(s, learner.id, target)
    monkeypatch.setattr(os, "fsync", real_fsync)
    assert sorted(p.name for p in out.iterdir()) == ["seny.json"]
    assert target.read_text() == "the previous export"
    s.close()


FULL_EXPORT = """
import resource, signal, sys
from pathlib import Path
from trainer.progress import open_store
from trainer.progress.transfer import ExportError, write_export
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
store = open_store(Path(sys.argv[1]))
learner = store.learners()[0]
resource.setrlimit(resource.RLIMIT_FSIZE, (200, resource.getrlimit(resource.RLIMIT_FSIZE)[1]))
try:
    write_export(store, learner.id, Path(sys.argv[2]))
except ExportError as e:
    print("REFUSED", e)
"""


@pytest.mark.skipif(os.name != "posix", reason="needs RLIMIT_FSIZE")
def test_export_when_the_disk_fills_up_for_real(tmp_path):
    s, learner = _learner_store(tmp_path)
    for i in range(20):
        s.record_answer(learner.id, "drill", f"x{i}", "fu", True, 2.0)
    s.close()
    out = tmp_path / "out"
    out.mkdir()
    r = subprocess.run([sys.executable, "-c", FULL_EXPORT, str(tmp_path / "progress.sqlite3"), str(out / "e.json")],
                       cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert "REFUSED" in r.stdout and "cannot export" in r.stdout
    assert list(out.iterdir()) == []


def test_cli_reports_a_bad_export_target_and_a_bad_file(tmp_path):
    env = dict(os.environ, TRAINER_DATA_DIR=str(tmp_path / "a"))
    s = open_store(tmp_path / "a" / "progress.sqlite3")
    s.create_learner("Сеня")
    s.close()
    run = [sys.executable, "-m", "trainer", "progress", "--lang", "en"]  # the English words are checked
    r = subprocess.run([*run, "export", str(tmp_path / "missing" / "x.json")], env=env, capture_output=True,
                       text=True, cwd=ROOT)
    assert r.returncode == 1 and "does not exist" in r.stderr and "Traceback" not in r.stderr
    r = subprocess.run([*run, "import", str(tmp_path)], env=env, capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 1 and "is a folder" in r.stderr and "Traceback" not in r.stderr
