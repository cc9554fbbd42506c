"""Review 24 (group "mcrB24", MCR #6, #10, #11): term cards, the sanma play step, the MCR drill's
hint for hands with no sets.

* #6: a glossary card's title was cut ("Fully Concealed Hand (不求人, bù qiú r…"): it wraps; an
  MCR fan's card says what the fan is worth, from the fan table the calculator counts by;
* #10: the sanma lesson's play step was headed "A full game" for one hand: its title says the goal;
* #11: "Read the hand's sets first…" was the first hint on thirteen orphans and honors-and-knitted
  hands, which have no sets: those forms (and seven pairs) have hints of their own.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from tests.text_checks import in_english, surfaces_drawn  # noqa: E402
from tests.ui_events import frame, lesson_app, open_lesson_step  # noqa: E402
from trainer.engine.mcr.table import MCR_PRESETS, load_mcr_rules  # noqa: E402


@pytest.fixture(params=["en", "ru"])
def small_app(request: pytest.FixtureRequest, tmp_path: Path) -> Any:
    """A headless app at 1024x600 (the narrowest window), in each language."""
    from trainer.i18n import set_language

    app = lesson_app(tmp_path, language=request.param, size=(1024, 600))
    yield app
    app.close()
    set_language("en")


# ------------------------------------------------------------------ #6 term cards


@pytest.mark.parametrize("term", ["mcr_fully_concealed", "mcr_lesser_honors_and_knitted_tiles"])
def test_a_long_term_title_wraps_whole(small_app: Any, monkeypatch: pytest.MonkeyPatch, term: str) -> None:
    app = small_app
    screen = app.push("lesson", lesson_id="mcr_knitted", step=7)
    frame(app)
    screen.open_term(term)
    drawn = surfaces_drawn(app, monkeypatch)
    frame(app)
    title = screen.dialog.title
    assert "(" in title and not any("…" in t for t in drawn), drawn
    assert title in " ".join(t.strip() for t in drawn)  # every word of it, on its lines
    box = screen.dialog.rect
    assert app.screen_rect.contains(box) if hasattr(app, "screen_rect") else box.bottom <= 600
    assert all(box.contains(b.rect) for b in screen.dialog.buttons)


@pytest.mark.parametrize(("term", "fan"), [("mcr_fully_concealed", "fully_concealed"),
                                           ("mcr_lesser_honors_and_knitted_tiles", "lesser_honors_and_knitted_tiles"),
                                           ("mcr_two_concealed_kongs", "two_concealed_kongs")])
def test_a_fan_card_gives_the_fans_points(small_app: Any, term: str, fan: str) -> None:
    app = small_app
    screen = app.push("lesson", lesson_id="mcr_knitted", step=7)
    frame(app)
    screen.open_term(term)
    body = screen.dialog.body
    rulebook, tournaments = (load_mcr_rules(name).value(fan) for name in MCR_PRESETS)
    if rulebook != tournaments:  # two concealed kongs: 8 in the rulebook, 6 in tournaments
        said = (f"The fan is worth {rulebook} points as the rulebook counts, {tournaments} as tournaments count."
                if in_english(app) else f"Фан стоит {rulebook} очков по своду правил, {tournaments} — на турнирах.")
    else:
        said = (f"The fan is worth {rulebook} points." if in_english(app)
                else {4: "Фан стоит 4 очка.", 12: "Фан стоит 12 очков."}[rulebook])
    assert said in body.split("\n\n")
    screen.dialog = None
    screen.open_term("mcr_hu")  # not a fan: no points
    assert "worth" not in screen.dialog.body and "стоит" not in screen.dialog.body


# ------------------------------------------------------------------ #10 the sanma play step


@pytest.mark.parametrize(("lesson_id", "en", "ru"), [
    ("sanma_tiles", "A hand for three players", "Раздача втроём"),
    ("basics_match", "2 hands at the table", "2 раздачи за столом"),
])
def test_a_full_game_play_step_is_titled_by_its_goal(small_app: Any, lesson_id: str, en: str, ru: str) -> None:
    app = small_app
    lesson = app.library().lessons[lesson_id]
    step = next(s for s in lesson.steps if s.kind == "play" and s.mode == "full_game")
    screen = open_lesson_step(app, lesson_id, step.id)
    view = screen.view
    assert view.title == (en if in_english(app) else ru)
    view.start()  # the table takes the same title
    assert app.screen.title() == view.title


# ------------------------------------------------------------------ #11 the MCR drill's hint


@pytest.mark.parametrize(("seed", "form"), [(5, "thirteen_orphans"), (0, "honors_knitted"), (1, "seven_pairs"),
                                            (2, "knitted_straight")])
def test_a_hand_without_sets_gets_its_own_hint(small_app: Any, seed: int, form: str) -> None:
    app = small_app
    screen = app.push("drill", generator="mcr_fans", params={"forms": "special"}, n=1, seed=seed)
    frame(app)
    assert next(i["form"] for i in screen.ex.explanation if i["kind"] == "mcr_reading") == form
    first = screen.hint_rungs()[0]
    sets_first = "Read the hand's sets first" if in_english(app) else "Сначала разложите руку на группы"
    if form == "knitted_straight":  # a knitted straight and sets: the sets are there to read
        assert first.startswith(sets_first)
        return
    assert not first.startswith(sets_first)
    words = {"thirteen_orphans": ("a 1 and a 9 of each suit", "единица и девятка каждой масти"),
             "honors_knitted": ("all seven honors", "все ли семь благородных"),
             "seven_pairs": ("pairs, not sets", "пары, а не группы")}[form]
    assert words[0 if in_english(app) else 1] in first.lower()
