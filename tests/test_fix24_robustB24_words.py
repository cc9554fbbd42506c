"""What a damaged or repaired progress file is told with: the learner's words for every table and
column (never «lesson_progress.step»), every problem named (no «(и ещё 1)» hiding a lost best
result), the lesson by its title; and the child's read-only notice clear of the home's big buttons."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from trainer import i18n  # noqa: E402
from trainer.progress import open_store  # noqa: E402
from trainer.progress.checkup import COLUMN_WORDS, TABLE_WORDS, shape  # noqa: E402
from trainer.progress.notices import notice_text  # noqa: E402


@pytest.fixture(autouse=True)
def _russian():  # noqa: ANN202
    i18n.set_language("ru")
    yield
    i18n.set_language("en")


def _used(path: Path) -> None:
    store = open_store(path)
    lid = store.create_learner("Анна").id
    for i in range(4):
        store.record_answer(lid, "drill", f"waits:n=13:{i}", "waits", True, 2.0)
    store.complete_lesson(lid, "basics_tiles", 0.9)
    store.save_lesson_step(lid, "basics_groups", 3)
    store.close()


def _damaged(path: Path, sql: str) -> object:
    _used(path)
    db = sqlite3.connect(path)
    db.executescript(sql)
    db.commit()
    db.close()
    store = open_store(path)
    (notice,) = store.notices
    store.close()
    return notice


def test_every_table_and_column_has_the_learners_words() -> None:
    for name, table in shape().items():
        assert name in TABLE_WORDS
        for column in table.columns:
            assert (name, column) in COLUMN_WORDS, (name, column)


def test_every_bad_column_is_named_in_the_learners_words_with_the_lesson(tmp_path: Path) -> None:
    notice = _damaged(tmp_path / "progress.sqlite3", "UPDATE lesson_progress SET best_score = 'great', step = 'x';")
    titles = {"basics_tiles": "Плитки и масти", "basics_groups": "Группы"}
    text = notice_text(notice, titles.get)
    assert "шаг, с которого продолжается урок" in text and "лучший результат урока" in text
    assert "'great' в уроке «Плитки и масти»" in text and "нет результата" in text  # the best result is named
    assert "lesson_progress" not in text and "и ещё" not in text
    assert "перенесено в новый файл: 1 ученик, 4 ответа" in text


def test_rows_left_out_are_counted_in_the_learners_words(tmp_path: Path) -> None:
    notice = _damaged(tmp_path / "progress.sqlite3", "UPDATE answer SET answered_at = 12345 WHERE id <= 2;")
    text = notice_text(notice)
    assert "не читается время ответа" in text and "не перенесено: 2 ответа" in text
    assert "в сохранённом файле они остались" in text and "answer.answered_at" not in text


def test_a_part_rebuilt_in_place_is_named_as_the_learner_knows_it(tmp_path: Path) -> None:
    notice = _damaged(tmp_path / "progress.sqlite3", "DROP TABLE daily;")
    text = notice_text(notice)
    assert "раздел «итоги по дням» пришлось восстановить по ответам" in text and "daily" not in text


def test_the_childs_read_only_notice_keeps_clear_of_the_homes_buttons(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    import trainer.progress as progress_pkg
    from trainer.progress import StoreUnavailable
    from trainer.ui.app import App
    from trainer.ui.settings import Settings

    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    path = tmp_path / "progress.sqlite3"
    store = open_store(path)
    lid = store.create_learner("Маша", "child").id
    store.update_learner(lid, settings={"profile": "child", "language": "ru"})
    store.close()

    def refuse(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        raise StoreUnavailable(path, "the file or its folder is read-only")

    monkeypatch.setattr(progress_pkg, "open_store", refuse)
    monkeypatch.setattr(StoreUnavailable, "may_be_read", lambda self: True)
    app = App(size=(1024, 600), settings=Settings(language="ru"), save=False)
    try:
        app.push("home")
        app.render()
        (banner,) = app.banners
        rect = banner.rect(app)
        buttons = [b.rect for b in app.screen.kid_buttons if b.visible]
        assert buttons and app.progress_read_only
        gap = app.layout.px(6)
        assert all(rect.bottom + gap <= b.top for b in buttons if b.left < rect.right and b.right > rect.left)
        assert rect.top > max(c.rect.bottom for c in app.screen.cards)  # and off the cards above
    finally:
        app.close()
