"""Twelve tiles: the end panel of a win in one of the rulebook's own forms agrees with the form
(review 23, kfollow 6).  The rulebook (000:3477) asks thirteen orphans and nine gates to be «в форме
многостороннего тенпаи ожидания по стандартным правилам»: the panel reads the form's own 13 or 9
sides and their wide-wait han right above «Кокуши мусо на 13 сторон», never «Ожидание на 1 вид
плиток: хан даётся только с 5 видов»; big four winds (the fourth wind's four held as two pairs)
has no wait line, with or without atama kasō."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from trainer.engine.game.actions import Tsumo  # noqa: E402
from trainer.engine.game.simple import SimpleGame, scripted_wall  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.settings import Settings  # noqa: E402

OTHERS = ["2345678m23456p", "45678p2345678s", "2345678p34567s"]
FORMS = {
    "kokushi": ("19m19p19s123456z", "7z"),
    "chuuren": ("111234567899m", "9m"),
    "daisuushii": ("111222333444z", "4z"),
}


@pytest.fixture(params=[("ru", (1024, 600)), ("en", (1280, 720))])
def app(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """The app in Russian at 1024x600, then in English at 1280x720, data in a throwaway folder."""
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    lang, size = request.param
    a = App(size=size, settings=Settings(language=lang), progress=None, save=False)
    a.push("home")
    yield a
    a.close()


def panel(app: App, form: str, atama: bool) -> list[str]:
    """The end panel's value lines after the learner wins in ``form`` by tsumo."""
    hand, draw = FORMS[form]
    screen = app.push("play_simple", mode="twelve_tiles", kids=False, seed=1, rules={"atama_kasou": atama})
    screen.game = SimpleGame(screen.setup, wall=scripted_wall(screen.setup.tileset, [hand, *OTHERS], draw))
    screen.counted = False
    screen.focus = None
    screen.rebuild()
    screen._act(Tsumo())
    app.render()
    return screen.value_lines()


def wait_lines(app: App, lines: list[str]) -> list[str]:
    """The panel's wait line(s): «Ожидание … на N видов плиток», "Wait … on N kinds of tile"."""
    word = "Ожидание" if app.settings.language == "ru" else "Wait"
    return [line for line in lines if line.startswith(word)]


@pytest.mark.parametrize("atama", [False, True])
@pytest.mark.parametrize(("form", "sides", "wide"), [("kokushi", 13, 9), ("chuuren", 9, 5)])
def test_a_many_sided_form_reads_its_own_sides(app: App, atama: bool, form: str, sides: int, wide: int) -> None:
    lines = panel(app, form, atama)
    ru = app.settings.language == "ru"
    waits = wait_lines(app, lines)
    assert len(waits) == 1 and f" {sides} " in waits[0], lines
    assert ("хан даётся только" not in waits[0]) if ru else ("a han only from" not in waits[0])
    assert (f"Широкое ожидание: {wide} ханов" if ru else f"Wide wait: {wide} han") in lines


@pytest.mark.parametrize("atama", [False, True])
def test_big_four_winds_has_no_wait_line(app: App, atama: bool) -> None:
    lines = panel(app, "daisuushii", atama)
    assert wait_lines(app, lines) == [], lines
    assert len(lines) == 2  # the total and the yakuman
