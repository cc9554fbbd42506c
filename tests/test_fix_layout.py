"""Layout fixes of the lesson player and its neighbours (review round 18, group "layout").

- After the last try the right answer comes first in the feedback panel, then the lesson's own
  explanation, then the generated working (MCR#2, MCR#12, RU#26), for every step kind that
  names an answer: number, choice, pick_tiles, arrange, paifu.
- After an answer the tile palette keeps readable tiles (MCR#21): two suits share a line and
  the panel's text scrolls rather than the tiles shrinking to 20 px.
- The feedback panel never covers the buttons under it, even while it slides in (RU#25, EN#11).
- An open lesson card on the map shows its text whole (EN#7).
- A notice on a table screen covers neither the title nor the "1 of 10" counter (EN#14).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.text_checks import open_paifu_step  # noqa: E402
from tests.ui_events import headless_app  # noqa: E402
from trainer.cli.wrong_answers import lesson_wrong  # noqa: E402
from trainer.ui.richtext import BR  # noqa: E402
from trainer.ui.views.steps.pick import PALETTE_LEAST  # noqa: E402

SIZES = [(1280, 720), (1024, 600)]


def _frame(app) -> None:  # noqa: ANN001
    app.process([], 1 / 60)
    app.render()


def _open(app, lesson_id: str, step_id: str):  # noqa: ANN001, ANN202
    lesson = app.library().lessons[lesson_id]
    index = next(i for i, s in enumerate(lesson.steps) if s.id == step_id)
    screen = app.push("lesson", lesson_id=lesson_id, step=index)
    _frame(app)
    return screen


def _miss_twice(app, screen) -> None:  # noqa: ANN001
    lesson_wrong(app, screen)
    screen.retry()
    lesson_wrong(app, screen)
    _frame(app)
    assert screen.phase == "done" and screen.feedback_kind == "wrong"


def _first_line(screen) -> str:  # noqa: ANN001
    return screen._feedback_markup().split(BR)[0]


# ---------------------------------------------------------------- the answer first


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_missed_number_names_the_answer_before_the_working(tmp_path, monkeypatch, lang) -> None:
    with headless_app(tmp_path, monkeypatch, language=lang) as app:
        screen = _open(app, "mcr_payments", "false_win_points")
        _miss_twice(app, screen)
        expected = screen.view.answer().value
        assert str(expected).replace("-", "\u2212") in _first_line(screen)  # a real minus sign
        assert screen.feedback_text and screen._feedback_markup().endswith(screen.feedback_text)
        assert screen.fb_scroll == 0  # seen without scrolling


def test_a_missed_choice_names_the_answer_then_the_lessons_own_explanation(tmp_path, monkeypatch) -> None:
    with headless_app(tmp_path, monkeypatch) as app:
        screen = _open(app, "mcr_forms", "seven_pairs_fans")
        _miss_twice(app, screen)
        lines = screen._feedback_markup().split(BR)
        assert lines[0].startswith("The right answers: ")  # two right options, numbered (round 24)
        own = "No: seven pairs always wait on one tile, so the single wait is already inside them."
        assert lines[1] == own  # the lesson's words before the generated ones
        assert screen.feedback_text and lines.index(own) < len(lines) - len(screen.feedback_text.split(BR))


def test_a_wrong_choice_before_the_last_try_leads_with_the_options_explanation(tmp_path, monkeypatch) -> None:
    with headless_app(tmp_path, monkeypatch) as app:
        screen = _open(app, "mcr_forms", "seven_pairs_fans")
        lesson_wrong(app, screen)
        _frame(app)
        assert screen.phase == "retry" and not screen.answer_line  # no answer given away yet
        assert _first_line(screen).startswith("No: seven pairs always wait on one tile")


def test_a_missed_pick_names_the_tiles_first(tmp_path, monkeypatch) -> None:
    with headless_app(tmp_path, monkeypatch) as app:
        screen = _open(app, "mcr_forms", "seven_pairs_wait")
        _miss_twice(app, screen)
        assert _first_line(screen).startswith("The answer: {tiles:")


def test_a_missed_sort_names_the_right_order_first(tmp_path, monkeypatch) -> None:
    with headless_app(tmp_path, monkeypatch) as app:
        screen = _open(app, "basics_tiles", "sort_hand")
        row = screen.view.row
        for _ in range(2):  # two tiles swapped, the row still out of order
            screen.retry()
            row.slots[5], row.slots[6] = row.slots[6], row.slots[5]
            screen.check()
        _frame(app)
        assert screen.phase == "done"
        assert _first_line(screen).startswith("The right order: ")  # a row sorts one way only


def test_a_missed_paifu_cell_names_the_right_cell_first(tmp_path, monkeypatch) -> None:
    with headless_app(tmp_path, monkeypatch) as app:
        screen = open_paifu_step(app, "riichi")
        view = screen.view
        for _ in range(2):
            screen.retry()
            view.selected = "E5"
            screen.check()
        _frame(app)
        assert screen.phase == "done"
        first = _first_line(screen)
        assert first.startswith("The right answer: ") and "turn 8" in first
        assert "turn 5" in screen._feedback_markup().split(BR)[1]  # then the cell the learner clicked


# ---------------------------------------------------------------- readable palette


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("step_id", ["seven_pairs_wait", "orphans_wait"])
def test_the_palette_keeps_readable_tiles_after_an_answer(tmp_path, monkeypatch, size, step_id) -> None:
    with headless_app(tmp_path, monkeypatch, size=size) as app:
        lesson = app.library().lessons["mcr_forms"]
        if step_id not in {s.id for s in lesson.steps}:
            pytest.skip(f"no step {step_id}")
        screen = _open(app, "mcr_forms", step_id)
        _miss_twice(app, screen)
        view = screen.view
        assert view.picker.height >= round(app.layout.tile_h(PALETTE_LEAST))
        assert view.picker.rect.bottom <= screen.feedback_rect.top  # and clear of the panel
        assert screen.view.shown.rect.bottom <= view.picker.rect.top


# ---------------------------------------------------------------- no panel over the buttons


def _drawn_panels(monkeypatch, module) -> list[pygame.Rect]:  # noqa: ANN001
    drawn: list[pygame.Rect] = []
    real = module.draw_panel

    def spy(surf, rect, *a, **k):  # noqa: ANN001, ANN202
        drawn.append(pygame.Rect(rect))
        return real(surf, rect, *a, **k)

    monkeypatch.setattr(module, "draw_panel", spy)
    return drawn


@pytest.mark.parametrize("size", SIZES)
def test_the_lesson_panel_never_covers_the_buttons_while_it_slides_in(tmp_path, monkeypatch, size) -> None:
    import trainer.ui.screens.lesson as lesson_module

    with headless_app(tmp_path, monkeypatch, size=size) as app:
        screen = _open(app, "mcr_payments", "false_win_points")
        lesson_wrong(app, screen)
        drawn = _drawn_panels(monkeypatch, lesson_module)
        app.process([], 1 / 60)  # the first frame of the slide
        app.render()
        panel = next(r for r in drawn if r.width == screen.feedback_rect.width)
        assert panel.bottom + app.layout.px(3) < screen.main_btn.rect.top
        assert panel.bottom + app.layout.px(3) < screen.hint_btn.rect.top


@pytest.mark.parametrize("size", SIZES)
def test_the_kunto_panel_never_covers_the_buttons_while_it_slides_in(tmp_path, monkeypatch, size) -> None:
    import trainer.ui.screens.drills as drills_module
    from trainer.cli.wrong_answers import drill_wrong

    with headless_app(tmp_path, monkeypatch, size=size) as app:
        screen = app.push("kunto_practice", seed=1)
        _frame(app)
        drill_wrong(app, screen)
        drawn = _drawn_panels(monkeypatch, drills_module)
        app.process([], 1 / 60)
        app.render()
        assert screen.feedback_rect is not None
        panel = next(r for r in drawn if r.width == screen.feedback_rect.width)
        assert panel.bottom + app.layout.px(3) < screen.main_btn.rect.top


# ---------------------------------------------------------------- the lesson map


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_an_open_lesson_card_shows_its_whole_text(tmp_path, monkeypatch, size, lang) -> None:
    with headless_app(tmp_path, monkeypatch, size=size, language=lang) as app:
        screen = app.push("lesson_map")
        _frame(app)
        open_cards = [c for c in screen.cards if not c.locked and c.visible]
        assert open_cards
        for card in open_cards:
            assert card.subtitle_room(app) >= card.subtitle_lines(app, card.rect.width), card.title


# ---------------------------------------------------------------- a notice on a table


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_notice_on_a_table_leaves_the_title_and_the_counter_readable(tmp_path, monkeypatch, size, lang) -> None:
    from trainer.ui.screens.play_shots import saved_games

    with headless_app(tmp_path, monkeypatch, size=size, language=lang) as app:
        saved_games(app)  # a damaged file among them: the drill says it skipped it
        screen = app.push("nanikiru", seed=5)
        _frame(app)
        (banner,) = app.banners
        shown = banner.rect(app)
        L = app.layout
        left = screen.back_button.rect.right + L.px(20)
        title = pygame.Rect(left, 0, app.text_width(screen.title(), L.font("h2"), True), L.header_h)
        extra_w = app.text_width(screen.header_extra(), L.font("small"))
        counter = pygame.Rect(L.width - L.margin - extra_w, 0, extra_w, L.header_h)
        assert not shown.colliderect(title) and not shown.colliderect(counter)
        assert shown.bottom <= L.header_h  # in the header bar: the felt and the hand stay free
        assert not shown.colliderect(screen.back_button.rect)
