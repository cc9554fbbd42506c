"""Importing a learner (review 24, finding 11): a learner of the same name but another id becomes
«Анна (2)» and the import says so; the same file imported again says nothing new was added, and
only answers really added are counted."""

from __future__ import annotations

from pathlib import Path

import pytest

from trainer import i18n
from trainer.progress import open_store
from trainer.progress.transfer import ImportReport, import_learner, import_summary


@pytest.fixture(autouse=True)
def _english():  # noqa: ANN202
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def _export(tmp_path: Path, name: str = "Анна", answers: int = 5) -> dict:
    store = open_store(tmp_path / "there" / "progress.sqlite3")
    learner = store.create_learner(name)
    for i in range(answers):
        store.record_answer(learner.id, "drill", f"q{i}", "waits", True, 4.0)
    data = store.export_learner(learner.id)
    store.close()
    return data


def test_a_namesake_with_another_id_is_added_under_a_name_of_its_own(tmp_path: Path) -> None:
    data = _export(tmp_path)
    store = open_store(tmp_path / "here" / "progress.sqlite3")
    try:
        store.create_learner("Анна")  # this computer's own Анна, another person
        report = ImportReport()
        learner = import_learner(store, data, report=report)
        assert learner.name == "Анна (2)" and [x.name for x in store.learners()] == ["Анна", "Анна (2)"]
        assert (report.merged, report.renamed_from, report.answers_added) == (False, "Анна", 5)
        assert import_summary(report) == ("imported as a new learner Анна (2), because this computer already has "
                                          "another learner named Анна: 5 answers")
        i18n.set_language("ru")
        assert import_summary(report) == ("импортировано как новый профиль «Анна (2)», потому что на этом "
                                          "компьютере уже есть другой ученик с именем «Анна»: 5 ответов")
    finally:
        store.close()


def test_a_repeated_import_says_nothing_new_was_added(tmp_path: Path) -> None:
    data = _export(tmp_path)
    store = open_store(tmp_path / "here" / "progress.sqlite3")
    try:
        first, again = ImportReport(), ImportReport()
        import_learner(store, data, report=first)
        import_learner(store, data, report=again)
        assert (first.merged, first.answers_added) == (False, 5)
        assert (again.merged, again.answers_added, again.answers_in_file) == (True, 0, 5)
        assert len(store.learners()) == 1  # the same learner: merged, not a second «Анна»
        assert import_summary(again) == ("Анна is already on this computer with every answer of this file: "
                                         "no new answers were added")
        i18n.set_language("ru")
        assert "новых ответов не добавлено" in import_summary(again)
    finally:
        store.close()


def test_a_merge_counts_only_the_answers_it_added(tmp_path: Path) -> None:
    data = _export(tmp_path, answers=5)
    store = open_store(tmp_path / "here" / "progress.sqlite3")
    try:
        import_learner(store, dict(data, answers=data["answers"][:3]))
        report = ImportReport()
        import_learner(store, data, report=report)
        assert (report.merged, report.answers_added) == (True, 2)
        assert import_summary(report) == "merged into Анна, who is already on this computer: 2 new answers"
        i18n.set_language("ru")
        assert import_summary(report) == ("объединено с профилем «Анна», который уже есть на этом компьютере: "
                                          "2 новых ответа")
    finally:
        store.close()


def test_the_apps_own_default_name_is_never_numbered(tmp_path: Path) -> None:
    from trainer.progress.names import DEFAULT_NAME
    data = _export(tmp_path, name=DEFAULT_NAME)
    store = open_store(tmp_path / "here" / "progress.sqlite3")
    try:
        store.create_learner(DEFAULT_NAME)
        assert import_learner(store, data).name == DEFAULT_NAME
    finally:
        store.close()
