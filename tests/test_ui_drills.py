"""Drill screens headless: the settings form is built from each generator's parameters, and
a session grades items against the engine's answers, retries, records and sums up."""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui_events import click, headless_app, key  # noqa: E402
from trainer.engine.exercises import GENERATORS  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.screens.drill_menu import _field_kind  # noqa: E402
from trainer.ui.views.drill_catalog import HIDDEN_FIELDS  # noqa: E402
from trainer.ui.widgets import MultiOptionRow, OptionRow, Stepper, Toggle  # noqa: E402


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    with headless_app(tmp_path, monkeypatch, progress="open") as a:
        yield a


def answer_right(app: App, screen) -> None:  # noqa: ANN001
    """Enter the engine's answer for the current exercise through the widgets."""
    view = screen.view
    ex = view.ex
    if view.buttons:
        for b in view.buttons:
            if ex.prompt.options[b.index].value in ex.answer:
                click(app, b.rect.center)
                if view.input == "choice":
                    return
    elif view.picker is not None:
        want = set(ex.answer)
        if ex.prompt.question == "best_discard":
            want = {next(iter(sorted(want)))}
        done = set()
        for i, s in enumerate(view.picker.slots):
            if s.tile.kind in want and s.tile.kind not in done:
                click(app, view.picker.rects[i].center)
                done.add(s.tile.kind)
    elif view.fields:
        values = ex.answer if isinstance(ex.answer, tuple) else (ex.answer,)
        for (_name, field), value in zip(view.fields, values, strict=True):
            screen.set_focus(field)
            for ch in str(value):
                key(app, pygame.K_0 + int(ch) if ch.isdigit() else pygame.K_MINUS, ch)
    elif view.chips:
        want = Counter(a[0] for a in ex.answer)
        for c in view.chips:
            for _ in range(want.get(c.key, 0)):
                click(app, c.rect.move(c.rect.height, 0).center)
    key(app, pygame.K_RETURN, "\r")


def test_drill_list_has_a_card_per_generator(app: App) -> None:
    from trainer.ui.views.drill_catalog import drill_group

    mcr = app.push("drills", group="mcr")
    assert len(mcr.cards) == sum(drill_group(n) == "mcr" for n in GENERATORS) == 4
    app.pop()
    screen = app.push("drills", group="riichi")
    # every riichi generator, and the discard puzzles from games, last
    assert len(screen.cards) + len(mcr.cards) == len(GENERATORS) + 1
    assert screen.cards[-1].title == "What to discard?"
    key(app, pygame.K_1, "1")
    assert app.screen.name == "drill_setup" and app.screen.params["generator"] == next(iter(GENERATORS))


@pytest.mark.parametrize("name", sorted(GENERATORS))
def test_settings_form_is_built_from_the_params_schema(app: App, name: str) -> None:
    screen = app.push("drill_setup", generator=name)
    app.render()
    schema = GENERATORS[name].params_model.model_json_schema()["properties"]
    shown = {k for k, _w in screen.fields}
    for k, spec in schema.items():
        if k in HIDDEN_FIELDS:
            assert k not in shown
        elif _field_kind(spec)[0] is not None or k in ("n", "preset"):
            assert k in shown, k
    kinds = {type(w) for _k, w in screen.fields}
    assert kinds <= {OptionRow, Toggle, Stepper, MultiOptionRow}
    key(app, pygame.K_RETURN, "\r")  # Start with the defaults
    assert app.screen.name == "drill"
    assert app.screen.gen_params == GENERATORS[name].params(screen.values)


def test_changing_a_field_changes_the_drill(app: App) -> None:
    screen = app.push("drill_setup", generator="single_suit_waits")
    size = dict(screen.fields)["size"]
    screen.set_focus(size)
    key(app, pygame.K_RIGHT)
    assert screen.values["size"] == 10
    n = dict(screen.fields)["n"]
    screen.set_focus(n)
    key(app, pygame.K_LEFT)
    assert screen.values["n"] == 5
    screen.start_drill()
    drill = app.screen
    assert drill.gen_params.size == 10 and drill.n == 5


def test_bad_settings_are_reported_not_started(app: App) -> None:
    screen = app.push("drill_setup", generator="manners_situation")
    screen.values["format"] = []
    screen.start_drill()
    assert app.screen is screen
    assert app.banners and app.banners[-1].kind == "error"


@pytest.mark.parametrize("name, params", [
    ("tile_name", {}),
    ("single_suit_waits", {"size": 7}),
    ("discard_ukeire", {"size": 8}),
    ("points_lookup", {}),
    ("fu_count", {"answer": "fu_breakdown"}),
    ("yaku_identify", {}),
    ("shanten", {"size": 7}),
    ("kunto_hand", {"ask": ["waits", "discard"], "dragons": "joker"}),
])
def test_a_whole_session_answered_right(app: App, name: str, params: dict) -> None:
    screen = app.push("drill", generator=name, params=params, n=3, seed=5)
    app.render()
    while not screen.finished:
        answer_right(app, screen)
        assert screen.results[-1] == "right", (screen.view.ex.prompt, screen.view.ex.answer)
        key(app, pygame.K_RETURN, "\r")
    assert screen.right == 3
    assert app.progress.answer_count(app.learner_id) == 3


def test_wrong_answer_retry_and_the_answer_shown(app: App) -> None:
    screen = app.push("drill", generator="waits" if "waits" in GENERATORS else "single_suit_waits",
                      params={"size": 4}, n=2, seed=11)
    app.render()
    ex = screen.view.ex
    wrong = next(i for i, s in enumerate(screen.view.picker.slots) if s.tile.kind not in ex.answer)
    click(app, screen.view.picker.rects[wrong].center)
    key(app, pygame.K_RETURN, "\r")
    assert screen.phase == "retry" and screen.view.picker.marks[wrong] == "wrong"
    key(app, pygame.K_RETURN, "\r")  # try again: the pick stays, the marks go
    assert screen.phase == "answer" and not screen.view.picker.marks
    key(app, pygame.K_RETURN, "\r")
    assert screen.phase == "done" and screen.results == ["wrong"]
    assert "hint" in screen.view.picker.marks.values()  # the missed waits are shown
    assert screen.right == 0


def test_digits_reach_the_answer_box_from_anywhere(app: App) -> None:
    screen = app.push("drill", generator="shanten", params={"size": 7}, n=1, seed=3)
    app.render()
    screen.set_focus(screen.main_btn)
    key(app, pygame.K_1, "1")
    field = screen.view.fields[0][1]
    assert field.text == "1" and screen.focused_widget() is field


def test_touching_the_answer_after_a_miss_starts_the_retry(app: App) -> None:
    screen = app.push("drill", generator="tile_name", params={}, n=2, seed=7)
    app.render()
    ex = screen.view.ex
    wrong = next(i for i, o in enumerate(ex.prompt.options) if o.value not in ex.answer)
    right = next(i for i, o in enumerate(ex.prompt.options) if o.value in ex.answer)
    key(app, pygame.K_1 + wrong, str(wrong + 1))
    assert screen.phase == "retry"
    key(app, pygame.K_1 + right, str(right + 1))  # no "try again" key needed
    assert screen.phase == "done" and screen.results == ["retry"]


def test_newer_generators_speak_the_learners_language() -> None:
    """The dora, furiten and safe-tile drills show their own prompts and options, not ids."""
    from trainer import i18n
    from trainer.engine.exercises import GENERATORS
    from trainer.ui.views.drill_catalog import generator_title
    from trainer.ui.views.exercise_labels import option_label, question_text

    i18n.set_language("ru")
    try:
        for name in ("dora_from_indicator", "furiten_situation", "safe_tile", "make_set", "complete_hand"):
            ex = GENERATORS[name].generate({}, 3)
            text = question_text(ex)
            fallback = ex.prompt.question.replace("_", " ").capitalize() + "?"
            assert text and text != fallback and ex.prompt.question not in text, (name, text)
            assert generator_title(name) != name.replace("_", " ").capitalize()
        ex = GENERATORS["complete_hand"].generate({}, 1)
        labels = [option_label(o) for o in ex.prompt.options]
        assert all(label and label not in ("yes", "no") for label in labels), labels
    finally:
        i18n.set_language("ru")


def test_a_long_explanation_gets_room_the_palette_gives_up(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    """MCR waits in Russian (a two-line question): after a miss the tile palette tightens so the
    answer panel shows several lines, and no tile of the quiz lies under the panel."""
    with headless_app(tmp_path, monkeypatch, progress="open", language="ru") as app:
        _long_explanation(app)


def _long_explanation(app: App) -> None:
    screen = app.push("drill", generator="mcr_waits", n=2, seed=6)
    app.render()
    view = screen.view
    wrong = next(i for i, s in enumerate(view.picker.slots) if s.tile.kind not in view.ex.answer)
    click(app, view.picker.rects[wrong].center)
    key(app, pygame.K_RETURN, "\r")
    key(app, pygame.K_RETURN, "\r")
    key(app, pygame.K_RETURN, "\r")  # the answer shown
    app.render()
    panel = screen.feedback_rect
    L = app.layout
    body = panel.height - app.line_height(L.font("large")) - L.px(40)
    assert body >= 3 * app.line_height(L.font(screen.fb_font))
    assert max(r.bottom for r in view.picker.rects) <= panel.top
    assert view.hand_row.rect.bottom <= panel.top


def test_the_drill_list_scrolls_rather_than_cutting_what_each_drill_is(app: App) -> None:
    screen = app.push("drills", group="riichi")
    app.render()
    L = app.layout
    assert screen.max_scroll > 0  # 18 cards at 1280x720: each keeps room for two lines of its blurb
    assert all(c.rect.height >= L.px(124) for c in screen.cards)
    last = screen.cards[-1]
    assert last.rect.bottom > L.content().bottom  # below the fold at first
    for _ in range(len(screen.cards) + 2):  # Tab round to the last card: the list follows the focus
        if screen.focus is not None and screen.widgets[screen.focus] is last:
            break
        key(app, pygame.K_TAB)
    app.render()
    assert screen.widgets[screen.focus] is last and last.rect.bottom <= L.content().bottom
