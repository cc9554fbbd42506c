"""A damaged progress file: what can still be read is copied into the new file, and the learner
is told what was rescued (review 20, a returning learner: one bad page hid every learner)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from trainer.progress import open_store


def _used_store(path: Path) -> tuple[list[str], int]:
    store = open_store(path)
    names = ["Мама", "Саша"]
    for name in names:
        learner = store.create_learner(name)
        for i in range(40):
            store.record_answer(learner.id, "drill", f"q{i}", "yaku_id", i % 3 != 0, 4.0)
        store.complete_lesson(learner.id, "basics_tiles", 1.0)
    answers = store.db.execute("SELECT count(*) FROM answer").fetchone()[0]
    store.close()
    db = sqlite3.connect(path)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    return names, answers


def _break_page_of(path: Path, table: str) -> None:
    db = sqlite3.connect(path)
    page = db.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (table,)).fetchone()[0]
    size = db.execute("PRAGMA page_size").fetchone()[0]
    db.close()
    with path.open("r+b") as fh:
        fh.seek(size * (page - 1))
        fh.write(b"\x0d\x00\x00\x7f\xff")  # the page header says nonsense: the table cannot be read


def test_a_bad_page_costs_its_own_rows_not_every_learner(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    names, answers = _used_store(path)
    _break_page_of(path, "card")
    store = open_store(path)
    try:
        (notice,) = store.notices
        assert notice.kind == "damaged" and notice.moved_to.exists()  # kept aside, never deleted
        recovered = dict(notice.recovered)
        assert recovered["learner"] == 2 and recovered["answer"] == answers
        assert sorted(x.name for x in store.learners()) == sorted(names)
        assert store.db.execute("SELECT count(*) FROM answer").fetchone()[0] == answers
        mama = next(x for x in store.learners() if x.name == "Мама")
        assert store.lessons(mama.id)["basics_tiles"]["best_score"] == 1.0
        assert store.totals(mama.id)["answers"] == 40
    finally:
        store.close()


def test_answers_whose_learner_row_was_lost_keep_a_learner(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    _names, answers = _used_store(path)
    _break_page_of(path, "learner")
    store = open_store(path)
    try:
        (notice,) = store.notices
        assert dict(notice.recovered)["answer"] == answers
        assert len(store.learners()) == 2  # under a plain name each, to be renamed
    finally:
        store.close()


def test_the_learner_is_told_what_was_rescued(tmp_path: Path) -> None:
    from trainer.i18n import set_language
    from trainer.ui.app import store_notice_text

    path = tmp_path / "progress.sqlite3"
    _used_store(path)
    _break_page_of(path, "card")
    store = open_store(path)
    try:
        set_language("ru")
        text = store_notice_text(store.notices[0])
        assert "2 ученика" in text and "80 ответов" in text and "карточ" in text and store.notices[0].moved_to.name in text
        set_language("en")
        assert "2 learners, 80 answers, " in store_notice_text(store.notices[0])
    finally:
        store.close()
        set_language("en")


def test_a_learner_rebuilt_from_answers_is_shown_in_the_learners_language(tmp_path: Path) -> None:
    from trainer.i18n import set_language
    from trainer.progress.names import shown_name
    from trainer.ui.app import store_notice_text

    path = tmp_path / "progress.sqlite3"
    _used_store(path)
    _break_page_of(path, "learner")
    store = open_store(path)
    try:
        set_language("ru")
        assert {shown_name(x.name) for x in store.learners()} == {"Игрок"}
        assert "2 ученика" in store_notice_text(store.notices[0])  # counted: their answers are theirs
    finally:
        store.close()
        set_language("en")
