"""Review 22, child findings 5, 6, 8, 9 and 13: a child's first miss nudges instead of naming the
answer, «Мои успехи» shows its big figures whole at 1024x600, the riichi tile of «Скажи риичи» lies
sideways, a one-tile «Найди пару» drill never asks to «tap every one», and the children's home
praises a finished path instead of starting it over."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from tests.ui_events import lesson_app, open_lesson_step  # noqa: E402
from trainer import i18n  # noqa: E402
from trainer.engine.exercises import GENERATORS  # noqa: E402
from trainer.engine.notation import parse_tiles  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.settings import Settings  # noqa: E402
from trainer.ui.views.exercise_labels import question_text  # noqa: E402

NUMBER_WORDS = {
    1: ("один", "единиц", "one"), 2: ("два", "две", "two"), 3: ("три", "three"), 4: ("четыре", "four"),
    5: ("пять", "five"), 6: ("шесть", "six"), 7: ("семь", "seven"), 8: ("восемь", "eight"),
    9: ("девять", "nine"),
}


@pytest.fixture()
def lang():  # noqa: ANN201
    before = i18n.current_language()
    yield i18n.set_language
    i18n.set_language(before)


@pytest.fixture()
def app(tmp_path: Path):  # noqa: ANN201
    a = lesson_app(tmp_path, language="ru", size=(1024, 600))
    yield a
    a.close()


def _words(text: str) -> list[str]:
    return "".join(c if c.isalnum() else " " for c in text.lower()).split()


def _names_number(text: str, n: int) -> bool:
    words = _words(text)
    return str(n) in words or any(w.startswith(stem) for w in words for stem in NUMBER_WORDS[n])


def test_a_wrong_count_never_names_the_right_count(app: App) -> None:
    lib = app.library()
    checked = 0
    for lesson in lib.by_track("kids"):
        for step in lesson.steps:
            options = getattr(step, "options", None) or []
            right = [o for o in options if getattr(o, "correct", False) and o.text is not None]
            if len(right) != 1 or not right[0].text.en.isdigit():
                continue
            n = int(right[0].text.en)
            for option in options:
                if option is right[0] or option.explain is None:
                    continue
                checked += 1
                for text in (option.explain.ru, option.explain.en):
                    assert not _names_number(text, n), (lesson.id, step.id, text)
    assert checked >= 8


def test_the_bird_question_does_not_say_the_one_is_the_bird(app: App) -> None:
    step = next(s for s in app.library().lessons["kids_dots_and_sticks"].steps if s.id == "find_the_bird")
    three = next(o for o in step.options if o.tiles == "3s")
    assert "птичка" not in three.explain.ru.lower() and "bird" not in three.explain.en.lower()


def test_the_riichi_tile_lies_sideways_in_the_say_riichi_lesson(app: App) -> None:
    screen = open_lesson_step(app, "kids_say_riichi", "sideways")
    table = screen.view.table
    assert table is not None
    rivers = [river for _label, _hand, river in table.rows if river is not None]
    sideways = [s.tile for river in rivers for s in river.slots if s.sideways]
    assert sideways == [parse_tiles("7z")[0]]
    assert all(river.rect.width > 0 for river in rivers)


def test_a_one_tile_pair_drill_asks_for_one_tile(lang) -> None:  # noqa: ANN001
    lang("ru")
    gen = GENERATORS["single_suit_waits"]
    one = gen.generate({"size": 1, "kids": True}, seed=0)
    assert len(one.answer) == 1
    text = question_text(one, kids=True)
    assert text == "Найди такую же плитку!"
    assert "Нажми на все" not in text
    many = next(ex for seed in range(40) if len((ex := gen.generate({"size": 4, "kids": True}, seed=seed)).answer) > 1)
    assert "Нажми на все" in question_text(many, kids=True)


def test_a_one_tile_pair_drill_shows_the_twin_prompt_on_screen(tmp_path: Path) -> None:
    a = lesson_app(tmp_path, language="ru", size=(1024, 600), profile="child")
    try:
        screen = a.push("drill", generator="single_suit_waits", params={"size": 1, "kids": True}, n=2, seed=1)
        a.process([], 1 / 60)
        a.render()
        texts = [getattr(w, "text", "") for w in screen.widgets]
        assert any("Найди такую же плитку!" in str(t) for t in texts)
        assert not any("Нажми на все" in str(t) for t in texts)
    finally:
        a.close()


def _child_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]) -> App:
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    from trainer.progress import open_store

    store = open_store(tmp_path / "progress.sqlite")
    a = App(size=size, settings=Settings(language="ru"), progress=store, save=False)
    a.apply_profile("child")
    return a


def test_the_childs_home_praises_a_finished_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    a = _child_app(tmp_path, monkeypatch, (1024, 600))
    try:
        for lesson in a.library().by_track("kids"):
            a.progress.complete_lesson(a.learner_id, lesson.id, 1.0)
        home = a.push("home")
        a.render()
        assert home.kids
        first = home.cards[0]
        assert first.title == "Все уроки пройдены!"
        assert first.title != "Начнём!"
        first.activate()
        assert a.screen.name == "kids_games"
    finally:
        a.close()


def test_the_childs_home_still_starts_the_first_lesson_when_nothing_is_done(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    a = _child_app(tmp_path, monkeypatch, (1024, 600))
    try:
        home = a.push("home")
        a.render()
        assert home.cards[0].title == "Начнём!"
    finally:
        a.close()


def test_the_childs_progress_figures_fit_their_cards_at_1024(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from trainer.ui.screens import progress

    monkeypatch.setattr(progress, "kids_progress", lambda app: progress.KidsProgress(13, 13, 36, 140))
    drawn: list[tuple[str, int, int | None]] = []
    real = progress.blit_text

    def spy(surf, app, text, size, *args, **kw):  # noqa: ANN001, ANN002, ANN003, ANN202
        drawn.append((text, size, kw.get("max_width")))
        return real(surf, app, text, size, *args, **kw)

    monkeypatch.setattr(progress, "blit_text", spy)
    a = _child_app(tmp_path, monkeypatch, (1024, 600))
    try:
        screen = a.push("progress")
        a.render()
        assert screen.kid is not None
        today = [(t, s, w) for t, s, w in drawn if t == "140 ответов"]
        assert today
        text, size, width = today[-1]
        assert a.text_width(text, size, bold=True) <= width
        stars = [s for t, s, _w in drawn if t.startswith("★")]
        assert stars and stars[-1] == a.layout.font("hero")  # short figures keep the big size
    finally:
        a.close()
