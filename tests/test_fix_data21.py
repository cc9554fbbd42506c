"""Review 21, the learner's data: nothing a learner earned is lost or hidden.

1. A learner made again from a damaged progress file (their own row lost) takes the uuid of their
   saved-games folder, so «My games» still shows their games; when that cannot be told, the home
   says where the games are.
2. An import removes the empty default learner the app made by itself (never one with anything).
4. Review cards of a lesson whose file has an error are counted on the progress screen, not dropped.
5. A child's progress page speaks a child's words; the grown-ups' page is behind «For grown-ups».
"""

from __future__ import annotations

import os
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from trainer import i18n  # noqa: E402
from trainer.lessons.loader import LessonLibrary, Problem  # noqa: E402
from trainer.progress import open_store  # noqa: E402
from trainer.progress.names import DEFAULT_NAME  # noqa: E402
from trainer.progress.salvage import UNCLAIMED_GAMES_KEY, _rebuilt_uuids  # noqa: E402
from trainer.progress.transfer import drop_untouched, is_untouched, write_export  # noqa: E402
from trainer.ui import folders  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.settings import Settings  # noqa: E402

GAME = "game-20261128-132827"


@pytest.fixture(autouse=True)
def _english_afterwards():
    yield
    i18n.set_language("en")


def _drawn(app: App, monkeypatch: pytest.MonkeyPatch) -> str:
    """Every text drawn in one frame (the screen, its widgets and the banners), joined."""
    seen: list[str] = []
    real = app.text.render

    def spy(text, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        seen.append(str(text))
        return real(text, *args, **kwargs)

    monkeypatch.setattr(app.text, "render", spy)
    try:
        app.render()
    finally:
        monkeypatch.setattr(app.text, "render", real)
    return " ".join(seen)


# ------------------------------------------------------------------ 1: a rebuilt learner's games


def _checkpoint_and_break_learners(path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    page = db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'learner'").fetchone()[0]
    size = db.execute("PRAGMA page_size").fetchone()[0]
    db.close()
    with path.open("r+b") as fh:
        fh.seek(size * (page - 1))
        fh.write(b"\x0d\x00\x00\x7f\xff")  # the learner table's page cannot be read any more


def _game_file(folder: Path, name: str = GAME) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.json"
    path.write_text("{}", encoding="utf-8")
    return path


def _store_with_games(path: Path, *, sasha_answers: int, card: bool) -> dict[str, str]:
    """Мама (answers, a saved game, optionally its review card) and Саша; the uuids by name."""
    store = open_store(path)
    mama, sasha = store.create_learner("Мама"), store.create_learner("Саша")
    for i in range(30):
        store.record_answer(mama.id, "drill", f"q{i}", "yaku_id", i % 3 != 0, 4.0)
    for i in range(sasha_answers):
        store.record_answer(sasha.id, "drill", f"s{i}", "yaku_id", True, 4.0)
    game = _game_file(path.parent / "games" / mama.uuid)
    if card:
        store.add_card(mama.id, f"game:{GAME}:3:41", "efficiency",
                       {"game": str(game), "hand": 3, "action": 41, "seat": 0})
    if sasha_answers:
        _game_file(path.parent / "games" / sasha.uuid, "game-20261127-101010")
    uuids = {"Мама": mama.uuid, "Саша": sasha.uuid}
    store.close()
    _checkpoint_and_break_learners(path)
    return uuids


def test_the_one_rebuilt_learner_takes_the_one_games_folder_nobody_owns(tmp_path: Path) -> None:
    from trainer.engine.game.saved import list_games
    from trainer.ui.saved_games import games_dir

    path = tmp_path / "progress.sqlite3"
    uuids = _store_with_games(path, sasha_answers=0, card=False)  # Саша had nothing: only Мама comes back
    store = open_store(path)
    try:
        (learner,) = store.learners()
        assert learner.uuid == uuids["Мама"] and learner.name == DEFAULT_NAME
        assert UNCLAIMED_GAMES_KEY not in learner.settings

        class _App:
            progress, learner_id = store, learner.id

        assert [g.path.stem for g in list_games(games_dir(_App()))] == [GAME]  # «My games» lists it again
    finally:
        store.close()


def test_review_cards_and_answers_tell_two_rebuilt_learners_their_folders(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    uuids = _store_with_games(path, sasha_answers=3, card=True)
    store = open_store(path)
    try:
        learners = {x.id: x for x in store.learners()}
        assert len(learners) == 2
        mama = next(x for x in learners.values() if store.answer_count(x.id) == 30)
        assert mama.uuid == uuids["Мама"]  # her card names her game
        sasha = next(x for x in learners.values() if x.id != mama.id)
        # Саша has no card naming a game, but the one folder left is not Мама's: it is hers
        assert sasha.uuid == uuids["Саша"]
    finally:
        store.close()


def test_folders_that_cannot_be_told_apart_are_named_and_never_guessed(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    from trainer.ui.screens.home import unclaimed_games_notice

    path = tmp_path / "progress.sqlite3"
    uuids = _store_with_games(path, sasha_answers=3, card=False)  # two learners lost, two folders, no card
    store = open_store(path)
    try:
        for learner in store.learners():
            assert learner.uuid not in uuids.values()  # not guessed
            assert sorted(learner.settings[UNCLAIMED_GAMES_KEY]) == sorted(uuids.values())

        class _App:
            progress, learner_id = store, store.learners()[0].id

        i18n.set_language("ru")
        text = unclaimed_games_notice(_App())
        assert text.startswith("Этот профиль восстановлен из повреждённого файла прогресса")
        assert "в папках" in text and all(str(tmp_path / "games" / u) in text for u in uuids.values())
        assert "ничего не удалено" in text
    finally:
        store.close()


def test_a_surviving_learners_folder_is_never_given_away(tmp_path: Path) -> None:
    root = tmp_path / "games"
    owned, other = "11111111-1111-4111-8111-111111111111", "22222222-2222-4222-8222-222222222222"
    _game_file(root / owned)
    found = {"learner": (["id", "uuid", "name"], [(1, owned, "Мама")]),
             "answer": (["learner_id", "item_id"], [(1, "q1"), (2, "q2")])}
    assert _rebuilt_uuids(found, root) == ({}, [])  # the only folder is Мама's, who survived
    _game_file(root / other)
    assert _rebuilt_uuids(found, root) == ({2: other}, [])


def test_the_home_says_where_the_games_are_after_the_damaged_file_notice(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    _store_with_games(tmp_path / "progress.sqlite3", sasha_answers=3, card=False)
    app = App((1024, 600), settings=Settings(language="ru"), progress="open", save=False)
    try:
        app.push("home")
        app.render()
        (first,) = app.banners
        assert first.text.startswith("Файл прогресса был повреждён")  # read first, not replaced at once
        app.process([], 21.0)  # the start-up notice goes ...
        app.process([], 0.1)  # ... and the home's comes
        text = _drawn(app, monkeypatch)
        assert "Этот профиль восстановлен из повреждённого файла прогресса" in text
        assert "«Моих партиях» их не видно, но ничего не удалено." in text
    finally:
        app.close()


# ------------------------------------------------------------------ 2: the empty default learner


def _export(tmp_path: Path) -> Path:
    other = open_store(tmp_path / "other" / "progress.sqlite3")
    mama = other.create_learner("Мама")
    for i in range(5):
        other.record_answer(mama.id, "drill", f"q{i}", "yaku_id", True, 2.0)
    path = tmp_path / "export" / "mama.json"
    path.parent.mkdir()
    write_export(other, mama.id, path)
    other.close()
    return path


def test_an_import_removes_the_empty_default_learner(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path / "data"))
    file = _export(tmp_path)
    monkeypatch.setattr(folders, "export_folder", lambda: file.parent)
    app = App((1280, 720), settings=Settings(language="ru"), progress="open", save=False)
    try:
        app.push("home")
        (player,) = app.progress.learners()  # the first start made «Игрок»
        assert player.name == DEFAULT_NAME and is_untouched(app.progress, player.id)
        app.push("progress")
        screen = app.push("progress_import")
        app.render()
        screen.do_import(file)
        names = [x.name for x in app.progress.learners()]
        assert names == ["Мама"], names
        # what the import did (review 24: progress24's import_summary), then who is learning now
        assert app.banners[-1].text == ("Импортировано: Мама, 5 ответов; выбран профиль «Мама». "
                                        "Пустой профиль «Игрок» убран: в нём ещё ничего не было сделано.")
        assert app.screen.name == "progress" and app.screen.data.learner_name == "Мама"
    finally:
        app.close()


@pytest.mark.parametrize("earned", ["answer", "lesson", "study", "game", "lesson_run", "name"])
def test_a_default_learner_with_anything_stays(tmp_path: Path, earned: str) -> None:
    store = open_store(tmp_path / "progress.sqlite3")
    games = tmp_path / "games"
    try:
        player = store.create_learner("Мой профиль" if earned == "name" else DEFAULT_NAME)
        keep = store.create_learner("Мама")
        if earned == "answer":
            store.record_answer(player.id, "drill", "q", "yaku_id", False, 2.0)
        elif earned == "lesson":
            store.save_lesson_step(player.id, "basics_tiles", 2)
        elif earned == "study":
            store.record_study_time(player.id, 30.0)
        elif earned == "game":
            _game_file(games / player.uuid)
        elif earned == "lesson_run":
            store.update_learner(player.id, settings={"lesson_runs": {"basics_tiles": {"0": "right"}}})
        assert not is_untouched(store, player.id, games)
        assert drop_untouched(store, keep.id, games) == []
        assert len(store.learners()) == 2
    finally:
        store.close()


def test_only_an_untouched_default_learner_goes_and_its_empty_folder_with_it(tmp_path: Path) -> None:
    store = open_store(tmp_path / "progress.sqlite3")
    games = tmp_path / "games"
    try:
        player, keep = store.create_learner(DEFAULT_NAME), store.create_learner("Мама")
        (games / player.uuid).mkdir(parents=True)
        store.update_learner(player.id, settings={"language": "ru", "tile_size": "large"})  # settings are not progress
        assert [x.id for x in drop_untouched(store, keep.id, games)] == [player.id]
        assert [x.name for x in store.learners()] == ["Мама"] and not (games / player.uuid).exists()
        assert drop_untouched(store, keep.id, games) == []
    finally:
        store.close()


def test_the_learner_imported_is_kept_even_if_empty(tmp_path: Path) -> None:
    store = open_store(tmp_path / "progress.sqlite3")
    try:
        imported = store.create_learner(DEFAULT_NAME)
        assert drop_untouched(store, imported.id) == [] and len(store.learners()) == 1
    finally:
        store.close()


# ------------------------------------------------------------------ 4: cards of a broken lesson


def _store_with_lesson_cards(path: Path, lessons: dict[str, int]) -> tuple:
    store = open_store(path)
    me = store.create_learner("Мама")
    past = datetime.now(UTC) - timedelta(days=1)
    for lesson, n in lessons.items():
        for s in range(n):
            store.add_card(me.id, f"{lesson}/s{s}", "tiles", {"lesson": lesson, "step": f"s{s}"}, due=past)
    return store, me


def _broken_library(*ids: str) -> LessonLibrary:
    lib = LessonLibrary()
    for lid in ids:
        lib.broken[lid] = Problem(file=f"/home/teacher/lessons/{lid}.yaml", line=4, col=8, message="level")
    return lib


def test_review_cards_of_a_lesson_that_does_not_open_are_counted(tmp_path: Path) -> None:
    from trainer.ui.views.review_items import due_review_items, waiting_for_lessons

    store, me = _store_with_lesson_cards(tmp_path / "p.sqlite3", {"basics_teach_tiles": 2, "gone_lesson": 1})
    app = App((1280, 720), settings=Settings(language="en"), progress=store, save=False)
    try:
        app.learner_id = me.id
        app.set_library(_broken_library("basics_teach_tiles"))
        assert due_review_items(app) == []  # the session cannot show them ...
        # ... but they are counted: a removed lesson ("gone_lesson") is not waiting for a fix
        assert waiting_for_lessons(app) == [("/home/teacher/lessons/basics_teach_tiles.yaml", 2)]
    finally:
        app.close()
        store.close()


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_the_progress_screen_says_how_many_wait_for_which_file(tmp_path: Path, monkeypatch, size) -> None:  # noqa: ANN001
    store, me = _store_with_lesson_cards(tmp_path / "p.sqlite3", {"basics_teach_tiles": 2})
    app = App(size, settings=Settings(language="ru"), progress=store, save=False)
    try:
        app.learner_id = me.id
        app.set_library(_broken_library("basics_teach_tiles"))
        screen = app.push("progress")
        text = _drawn(app, monkeypatch)
        assert ("2 карточки повторения урока из файла …/basics_teach_tiles.yaml ждут: в файле ошибка, и урок "
                "сейчас не открывается.") in text, text
        assert screen.waiting_rect.bottom < screen.mastery_rect.top  # a line of its own, over nothing
    finally:
        app.close()
        store.close()


def test_several_files_are_one_line_in_english(tmp_path: Path) -> None:
    from trainer.ui.screens.progress import waiting_text

    i18n.set_language("en")
    assert waiting_text([]) == ""
    assert waiting_text([("/a/x.yaml", 2), ("/b/y.yaml", 1)]) == (
        "3 review cards are waiting for lessons that cannot open now, their files have errors: …/x.yaml (2), "
        "…/y.yaml (1). They come back when the files are fixed.")


def test_without_a_broken_file_the_progress_screen_is_as_before(tmp_path: Path) -> None:
    store, me = _store_with_lesson_cards(tmp_path / "p.sqlite3", {})
    app = App((1280, 720), settings=Settings(language="ru"), progress=store, save=False)
    try:
        app.learner_id = me.id
        app.set_library(LessonLibrary())
        screen = app.push("progress")
        app.render()
        assert screen.waiting_rect is None and screen.data.waiting == []
        assert screen.mastery_rect.top == screen.stats_rect.bottom + app.layout.px(18)
    finally:
        app.close()
        store.close()


# ------------------------------------------------------------------ 5: a child's progress page


def _child_app(tmp_path: Path, lang: str = "ru", size: tuple[int, int] = (1024, 600)) -> App:
    store = open_store(tmp_path / "progress.sqlite3")
    kid = store.create_learner("Маша", "child")
    for i in range(6):
        store.record_answer(kid.id, "lesson", f"kids_tile_families/{i}", "kids_tiles", i != 0, 3.0)
    store.complete_lesson(kid.id, "kids_tile_families", 0.8)
    app = App(size, settings=Settings(language=lang, profile="child", tile_theme="kids"), progress=store,
              save=False)
    app.learner_id = kid.id
    app.push("home")
    return app


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_a_childs_progress_page_speaks_a_childs_words(tmp_path: Path, monkeypatch, size) -> None:  # noqa: ANN001
    app = _child_app(tmp_path, "ru", size)
    try:
        home = app.screen
        mine = next(b for b in home.kid_buttons if b.label == "Мои успехи")
        mine.activate()
        screen = app.screen
        assert screen.name == "progress" and screen.title() == "Мои успехи"
        text = _drawn(app, monkeypatch)
        kids = len(app.library().by_track("kids"))
        for words in ("Пройдено уроков", f"1 из {kids}", "Звёздочки", "★ 5", "звёздочка за каждый верный ответ",
                      "Сегодня", "6 ответов", "Что дальше?", "Дальше: ", "Для взрослых"):
            assert words in text, (words, text)
        for adult in ("Освоение по навыкам", "Секунд на ответ", "Экспорт", "Импорт", "Ученики", "% верно"):
            assert adult not in text, (adult, text)
        screen.next_btn.activate()
        assert app.screen.name == "lesson"
    finally:
        app.close()


def test_for_grown_ups_opens_the_full_page_unchanged(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    app = _child_app(tmp_path, "en")
    try:
        app.push("progress")
        app.screen.adult_btn.activate()
        screen = app.screen
        assert screen.title() == "Progress" and screen.kid is None
        text = _drawn(app, monkeypatch)
        for adult in ("Mastery by skill", "Export", "Import", "Learners", "Due for review"):
            assert adult in text, (adult, text)
    finally:
        app.close()


def test_the_child_homes_for_grown_ups_offers_settings_and_progress(tmp_path: Path) -> None:
    app = _child_app(tmp_path, "ru")
    try:
        home = app.screen
        home.kid_buttons[-1].activate()
        labels = [b.label for b in home.dialog.buttons]
        assert labels == ["Настройки", "Прогресс", "Отмена"]
        home.dialog.buttons[1].activate()
        assert app.screen.name == "progress" and app.screen.title() == "Прогресс"
        app.pop()
        home.kid_buttons[-1].activate()
        home.dialog.buttons[0].activate()
        assert app.screen.name == "settings"
    finally:
        app.close()


def test_an_adults_progress_screen_is_unchanged(tmp_path: Path) -> None:
    store = open_store(tmp_path / "progress.sqlite3")
    me = store.create_learner("Мама")
    app = App((1280, 720), settings=Settings(language="ru"), progress=store, save=False)
    try:
        app.learner_id = me.id
        screen = app.push("progress")
        app.render()
        assert screen.title() == "Прогресс" and screen.kid is None
        assert [b.label for b in (screen.learners_btn, screen.export_btn, screen.import_btn)] == [
            "Ученики", "Экспорт", "Импорт"]
    finally:
        app.close()
        store.close()

