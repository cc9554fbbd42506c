"""Review 20 (returning learner #8, MCR #5, #7, #10): a broken lesson file the learner has worked
on is named on the home screen and its problems are said in the learner's language; the MCR
table names Hu / Peng with their hanzi and pinyin; a wait that completes two MCR forms shows
each split; Home / End jump to the first / last step of a replay."""

from __future__ import annotations

import os
from pathlib import Path
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from trainer.i18n import set_language  # noqa: E402
from trainer.lessons.loader import load_paths, load_text  # noqa: E402

LESSON = """\
id: basics_teach_tiles
title: {ru: "Мои плитки", en: "My tiles"}
track: basics
level: 1
audience: beginner
prerequisites: []
minutes: 5
preset: tenhou
tiles: standard
skill: tile_names
languages: [ru, en]
steps:
  - kind: text
    id: hello
    text: {ru: "Привет.", en: "Hello."}
"""


@pytest.fixture()
def lang():  # noqa: ANN201
    yield set_language
    set_language("en")


def _problems(text: str) -> list:
    lf = load_text(text, "teacher/basics/basics_teach_tiles.yaml")
    assert lf.lesson is None and lf.problems
    return lf.problems


# ------------------------------------------------------------------ lesson file problems


@pytest.mark.parametrize(("change", "ru", "en"), [
    (("level: 1", "level: один"), "строка 4: level: должно быть целым числом", "line 4: level: must be a whole number"),
    (("minutes: 5\n", "minutes: 5\nauthor: x\n"), "строка 8: неизвестное поле «author»; здесь допустимы: id, title",
     "line 8: unknown field “author”; allowed here: id, title"),
    (("track: basics\n", ""), "строка 1: нет обязательного поля «track»", "line 1: missing field “track”"),
    (("audience: beginner", "audience: expert"), "строка 5: audience: допустимые значения: child, beginner",
     "line 5: audience: must be one of: child, beginner"),
    (('en: "My tiles"', 'xx: "My tiles"'), "нет перевода «en»", "missing translation “en”"),
])
def test_lesson_problems_in_the_learners_language(lang, change, ru, en) -> None:  # noqa: ANN001
    problems = _problems(LESSON.replace(*change))
    english = " ".join(str(p) for p in problems)
    lang("ru")
    shown = "\n".join(p.translated() for p in problems)
    assert ru in shown and "Input should" not in shown and "unknown field" not in shown, shown
    assert "teacher/basics/basics_teach_tiles.yaml, строка" in shown
    lang("en")
    assert en in "\n".join(p.translated() for p in problems)
    assert " ".join(str(p) for p in problems) == english  # `lessons check` keeps its English words


def test_the_check_output_stays_english(lang) -> None:  # noqa: ANN001
    lang("ru")
    (p,) = _problems(LESSON.replace("level: 1", "level: один"))
    assert str(p) == "teacher/basics/basics_teach_tiles.yaml:4:8: level: must be a whole number"


def _teacher_folder(tmp_path: Path, *, broken: bool) -> Path:
    folder = tmp_path / "teacher" / "basics"
    folder.mkdir(parents=True)
    text = LESSON.replace("level: 1", "level: один") if broken else LESSON
    (folder / "basics_teach_tiles.yaml").write_text(text, encoding="utf-8")
    return folder


def test_the_library_names_the_broken_lesson(tmp_path) -> None:  # noqa: ANN001
    lib = load_paths([_teacher_folder(tmp_path, broken=True)], engine_checks=False)
    assert "basics_teach_tiles" not in lib.lessons
    assert lib.broken["basics_teach_tiles"].line == 4


def test_the_lesson_map_dialog_speaks_russian(tmp_path, monkeypatch, lang) -> None:  # noqa: ANN001
    from tests.ui_events import headless_app

    lib = load_paths([_teacher_folder(tmp_path, broken=True)], engine_checks=False)
    with headless_app(tmp_path, monkeypatch, lessons=lib, language="ru") as app:
        screen = app.push("lesson_map")
        app.render()
        screen._show_problems()
        body = screen.dialog.body
        assert "basics_teach_tiles.yaml, строка 4: level: должно быть целым числом" in body, body
        assert "Input should" not in body
        app.render()


def _home_notice(tmp_path: Path, monkeypatch, language: str, *, broken: bool, progress: bool = True) -> list[str]:  # noqa: ANN001
    from tests.ui_events import headless_app
    from trainer.progress import open_store

    lib = load_paths([_teacher_folder(tmp_path, broken=broken)], engine_checks=False)
    store = open_store(tmp_path / "progress.sqlite3")
    learner = store.create_learner("Мама")
    if progress:
        store.complete_lesson(learner.id, "basics_teach_tiles", 0.9)
    with headless_app(tmp_path, monkeypatch, lessons=lib, progress=store, language=language) as app:
        app.learner_id = learner.id
        app.screen.rebuild()
        app.render()
        texts = [b.text for b in app.banners]
        app.screen.rebuild()  # said once, not again at each rebuild
        assert [b.text for b in app.banners] == texts
        return texts


def test_home_names_a_broken_lesson_the_learner_worked_on(tmp_path, monkeypatch, lang) -> None:  # noqa: ANN001
    texts = _home_notice(tmp_path, monkeypatch, "ru", broken=True)
    assert ("Урок из файла …/basics_teach_tiles.yaml не открылся: в нём ошибка (строка 4). "
            "Ваши ответы по нему сохранены.") in texts, texts


def test_home_names_it_in_english_too(tmp_path, monkeypatch, lang) -> None:  # noqa: ANN001
    texts = _home_notice(tmp_path, monkeypatch, "en", broken=True)
    assert any(t.startswith("The lesson in …/basics_teach_tiles.yaml did not open") and "(line 4)" in t
               for t in texts), texts


def test_no_notice_without_progress_or_error(tmp_path, monkeypatch, lang) -> None:  # noqa: ANN001
    assert not any("basics_teach_tiles" in t for t in _home_notice(tmp_path / "a", monkeypatch, "ru", broken=False))
    assert not any("basics_teach_tiles" in t
                   for t in _home_notice(tmp_path / "b", monkeypatch, "ru", broken=True, progress=False))


# ------------------------------------------------------------------ MCR words at the table


def test_the_mcr_result_heading_glosses_hu(tmp_path, lang) -> None:  # noqa: ANN001
    from tests.ui_events import lesson_app
    from trainer.ui.views.table.mcr import McrHandResultView
    from trainer.ui.views.table.state import seat_name

    # (English "Hu" is the pinyin itself: the glossary shows the hanzi alone then)
    for language, start in (("ru", "Ху (和, hú)! Игрок справа выиграл"), ("en", "Hu (和)! Right wins")):
        lang(language)
        app = lesson_app(tmp_path, language=language)
        try:
            win = SimpleNamespace(seat=1, from_seat=3)
            view = McrHandResultView(SimpleNamespace(result=SimpleNamespace(wins=[win])),
                                     lambda s: seat_name(s, 4), [0] * 4)
            assert view.heading(app).startswith(start), view.heading(app)
            assert view.title().startswith(start.split(" (")[0] + "!")  # the title itself is unchanged
        finally:
            app.close()


def _call_offer(app, screen):  # noqa: ANN001, ANN202
    """Play on until the learner is offered a call on another seat's discard (None if never)."""
    from trainer.engine.game.actions import Chi, Kan, Pon
    from trainer.engine.game.view import make_view
    from trainer.engine.mcr.bots import McrBot

    bot = McrBot(screen.match.rules)
    for _ in range(600):
        screen.run_bots_until_learner()
        if screen.round.ended:
            return None
        legal = screen.my_legal()
        if screen.round.phase.value == "calls" and any(isinstance(a, Chi | Pon | Kan) for a in legal):
            return legal
        screen._act(bot.choose(make_view(screen.round, 0), legal))
    return None


def test_the_mcr_call_prompt_names_the_call_with_hanzi(tmp_path, monkeypatch, lang) -> None:  # noqa: ANN001
    from tests.ui_events import headless_app
    from trainer.engine.game.actions import Chi, Pon
    from trainer.ui.match_setup import MatchSetup

    lang("ru")
    with headless_app(tmp_path, monkeypatch, language="ru") as app:
        for seed in range(1, 12):
            screen = app.push("mcr_play", setup=MatchSetup(preset="mcr"), seed=seed)
            screen.saver = None
            legal = _call_offer(app, screen)
            if legal is not None:
                break
            app.pop()
        else:
            pytest.skip("no call offered in these seeds")
        app.render()
        text = screen.prompt_text()
        assert text.startswith("Отмеченную плитку можно забрать: "), text
        if any(isinstance(a, Pon) for a in legal):
            assert "Пэн (碰, pèng)" in text
        if any(isinstance(a, Chi) for a in legal):
            assert "Чии (吃, chī)" in text
        labels = [b.label for b in screen.action_buttons]
        assert any(label in ("Пэн", "Чии", "Ган") for label in labels), labels


def test_the_peng_button_says_the_glossarys_word(lang) -> None:  # noqa: ANN001
    from trainer.glossary import load_glossary
    from trainer.i18n import pgettext

    lang("ru")
    glossary = load_glossary()
    for msgid, term in (("Peng", "mcr_peng"), ("Hu", "mcr_hu"), ("Chi", "mcr_chi"), ("Gang", "mcr_gang")):
        word = pgettext("mcr call", msgid)
        assert glossary.term(term).ru.split(" (")[0] == word


# ------------------------------------------------------------------ MCR wait with two forms


def test_a_wait_completing_two_forms_shows_each_split(lang) -> None:  # noqa: ANN001
    from trainer.engine.exercises.mcr_drills import mcr_rules, mcr_waits, wait_items
    from trainer.engine.notation import parse_hand
    from trainer.ui.mcr_texts import mcr_explain_item

    hand = parse_hand("1445566778899p", check_size=False)
    (item,) = wait_items(hand, mcr_waits(hand, mcr_rules("mcr")))
    assert item["readings"] == [["standard", "456p 456p 789p 789p 11p"],
                                ["seven_pairs", "11p 44p 55p 66p 77p 88p 99p"]]
    lang("ru")
    text = mcr_explain_item(item)
    assert text.startswith("{tiles:1p} завершает руку в разных формах — "), text
    for group in ("456p", "789p", "11p", "44p", "55p", "66p", "77p", "88p", "99p"):
        assert "{hand:" + group + "}" in text
    assert text.index("{term:mcr_seven_pairs") < text.index("{hand:44p}")  # seven pairs with its own split
    lang("en")
    assert "completes the hand in more than one form: " in mcr_explain_item(item)
    # a tile with one form keeps its one line
    one = dict(item, forms=["standard"], readings=[item["readings"][0]])
    assert mcr_explain_item(one).startswith("{tiles:1p} completes the hand as ")


# ------------------------------------------------------------------ replay: Home / End


def test_home_and_end_jump_to_the_first_and_last_step(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    from tests.table_driver import key, open_app
    from trainer.ui.screens.play_shots import saved_games

    app = open_app(tmp_path, monkeypatch)
    try:
        screen = app.push("replay", path=str(saved_games(app)[0]))
        assert not screen.error and len(screen.frames) > 3
        key(app, pygame.K_RIGHT)
        key(app, pygame.K_END)
        assert screen.pos == len(screen.frames) - 1
        key(app, pygame.K_HOME)
        assert screen.pos == 0
    finally:
        app.close()
