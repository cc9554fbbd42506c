"""Lesson and drill screens after the lesson writers' follow-ups, driven headless: dragons in
the pick palette of dragon variants, the by-rank note, six cards into boxes fitting above the
button bar, fu chips valued by the engine, and the drill hint ladder."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui_events import click, key  # noqa: E402
from trainer.engine.fu import FU_ITEM_IDS, item_fu  # noqa: E402
from trainer.engine.rules import load_rules  # noqa: E402
from trainer.lessons import answers  # noqa: E402
from trainer.lessons.loader import LessonLibrary, load_text  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.settings import Settings  # noqa: E402

YAML = """\
id: skill_ui_followups
title: {ru: "Проверка экранов", en: "Screen checks"}
track: skills
level: 1
audience: beginner
minutes: 5
skill: kunto
steps:
  - kind: pick_tiles
    id: jokers
    prompt: {ru: "Драконы — джокеры своей масти. Какие плитки завершают руку?"}
    ask: waits
    hand: "234m7z"
    variant: {dragons: joker}
  - kind: pick_tiles
    id: joker_other_suit
    prompt: {ru: "Драконы — джокеры своей масти. Какие плитки завершают руку?"}
    ask: waits
    hand: "56p3m7z"
    variant: {dragons: joker}
  - kind: pick_tiles
    id: tens
    prompt: {ru: "Драконы — десятки своей масти. Какие плитки завершают руку?"}
    ask: waits
    hand: "89m55p"
    variant: {dragons: ten}
  - kind: pick_tiles
    id: by_rank
    prompt: {ru: "Масти не важны. Какие плитки завершают руку?"}
    ask: waits
    hand: "1m3p5s5m"
    variant: {suits_ignored: true}
  - kind: arrange
    id: six_cards
    prompt: {ru: "Разложите правила по рангам."}
    ask: boxes
    boxes:
      - label: {ru: "A — обязательно"}
      - label: {ru: "B — желательно"}
      - label: {ru: "C — хорошо бы"}
    cards:
      - {text: {ru: "Не кладите руку рубашкой вверх (2h)"}, box: 2}
      - {text: {ru: "Объявляйте ясно и громко (3.1)"}, box: 0}
      - {text: {ru: "Не торопите тех, кто думает (2m)"}, box: 1}
      - {text: {ru: "Расплачивайтесь наименьшим числом палочек (6.1)"}, box: 2}
      - {text: {ru: "Сброс, коснувшийся стола, не забирают (2g)"}, box: 0}
      - {text: {ru: "Не смотрите в чужую руку после игры без спроса (5.2)"}, box: 1}
  - kind: fu_breakdown
    id: fu
    prompt: {ru: "Посчитайте фу."}
    hand: "123m456p789s11z555z"
    win: {tile: "1z", by: ron, seat: E, round: E}
"""
LESSON = load_text(YAML, "lessons/skills/skill_ui_followups.yaml").lesson
IDS = [s.id for s in LESSON.steps]


def make_app(tmp_path: Path, size: tuple[int, int] = (1280, 720), lang: str = "en") -> App:
    a = App(size=size, settings=Settings(language=lang), progress="open", save=False)
    a.set_library(LessonLibrary(lessons={LESSON.id: LESSON}))
    a.push("home")
    return a


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    a = make_app(tmp_path)
    yield a
    a.close()


def open_step(app: App, step_id: str):  # noqa: ANN201
    screen = app.push("lesson", lesson_id=LESSON.id, step=IDS.index(step_id))
    app.process([], 1 / 60)
    app.render()
    return screen


def pick(app: App, screen, kinds) -> None:  # noqa: ANN001
    """Click the palette tile of every kind in ``kinds``."""
    row = screen.view.picker
    for k in kinds:
        i = next(i for i, s in enumerate(row.slots) if s.tile.kind == k)
        click(app, row.rects[i].center)


@pytest.mark.parametrize("step_id", ["jokers", "joker_other_suit", "tens"])
def test_dragon_variants_offer_every_winning_tile_by_clicks(app: App, step_id: str) -> None:
    screen = open_step(app, step_id)
    want = answers.answer(screen.step, LESSON).value
    assert any(k >= 31 for k in want)  # the engine counts a dragon among the winning tiles
    offered = {s.tile.kind for s in screen.view.picker.slots}
    assert set(want) <= offered and set(range(31, 34)) <= offered
    pick(app, screen, sorted(want))
    key(app, pygame.K_RETURN, "\r")
    assert screen.phase == "done" and screen.results[screen.index] == "right"
    # every picked tile is drawn on screen inside the window
    window = app.surface.get_rect()
    for i in screen.view.picker.selected:
        assert window.contains(screen.view.picker.rects[i])


def test_by_rank_note_is_shown_and_another_suit_of_a_right_rank_is_marked_right(app: App) -> None:
    screen = open_step(app, "by_rank")
    note = screen.view.note
    assert note is not None and "Suits don't matter" in note.text
    assert note.rect.top >= screen.view.picker.rect.bottom  # below the palette
    assert note.rect.bottom <= screen.hint_btn.rect.top
    pick(app, screen, [9 + 1])  # 2p: the engine's answer may name other suits; grading is by rank
    key(app, pygame.K_RETURN, "\r")
    assert screen.results[screen.index] == "right"
    i = next(i for i, s in enumerate(screen.view.picker.slots) if s.tile.kind == 10)
    assert screen.view.picker.marks[i] == "right"
    # the note's pixels are on the screen: its area is not plain felt
    px = {tuple(app.surface.get_at((x, note.rect.centery)))[:3] for x in range(note.rect.left, note.rect.right, 3)}
    assert len(px) > 2


def test_no_by_rank_note_when_suits_matter(app: App) -> None:
    screen = open_step(app, "jokers")
    assert screen.view.note is None


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_six_cards_into_boxes_fit_above_the_buttons(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    size: tuple[int, int], lang: str) -> None:
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    app = make_app(tmp_path, size, lang)
    try:
        screen = open_step(app, "six_cards")
        view = screen.view
        bar_top = min(screen.hint_btn.rect.top, screen.next_btn.rect.top if hasattr(screen, "next_btn") else 10**6)
        for step in range(len(view.cards) + 1):
            shown = [c for c in view.cards if c.visible]
            for c in shown + view.box_buttons:
                assert c.rect.bottom <= bar_top, (step, c.rect, bar_top)
            for a in shown:
                for b in shown:
                    assert a is b or not a.rect.colliderect(b.rect)
            for r in view.box_rects():
                assert r.bottom <= bar_top, (step, r, bar_top)
            if not shown:
                break
            # drop the first card still shown into its box with a click on the card and the box
            i = view.cards.index(shown[0])
            click(app, shown[0].rect.center)
            click(app, view.box_buttons[LESSON.steps[IDS.index("six_cards")].cards[i].box].rect.center)
        key(app, pygame.K_RETURN, "\r")
        assert screen.results[screen.index] == "right"
    finally:
        app.close()


def test_fu_chips_carry_the_engines_values(app: App) -> None:
    screen = open_step(app, "fu")
    rules = load_rules(LESSON.preset)
    scored = {i["id"]: i["fu"] for i in answers.answer(screen.step, LESSON).explanation}
    chips = {c.key: c for c in screen.view.chips}
    assert set(chips) == set(FU_ITEM_IDS)
    for fid, c in chips.items():
        assert c.value == scored.get(fid, item_fu(fid, rules))
    for item in answers.answer(screen.step, LESSON).explanation:
        c = chips[item["id"]]
        click(app, c.rect.move(c.rect.height, 0).center)
    raw, rounded = screen.view.total()
    assert rounded == answers.answer(screen.step, LESSON).value
    key(app, pygame.K_RETURN, "\r")
    assert screen.results[screen.index] == "right"


def test_item_fu_matches_every_scored_item_of_generated_hands() -> None:
    from trainer.engine.exercises import GENERATORS

    gen = GENERATORS["fu_count"]
    for preset in ("tenhou", "ema", "jpml"):
        rules = load_rules(preset)
        params = gen.params({"answer": "fu_breakdown", "preset": preset})
        for seed in range(15):
            ex = gen.generate(params, seed)
            for fid, fu in ex.answer:
                assert item_fu(fid, rules) == fu, (preset, seed, fid)


def drill(app: App, **kw):  # noqa: ANN003, ANN201
    screen = app.push("drill", **kw)
    app.render()
    return screen


def test_drill_hint_ladder_climbs_to_the_answer_and_is_recorded(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    monkeypatch.setattr(app, "record_answer", lambda *a, **kw: calls.append((a, kw)))
    screen = drill(app, generator="fu_count", params={"answer": "number"}, n=2, seed=5)
    assert screen.hint_btn.visible and screen.hint_btn.rect.right < screen.main_btn.rect.left
    click(app, screen.hint_btn.rect.center)  # the focused number box owns H (it says so); the button hints
    assert screen.hints_used == 1 and screen.feedback_kind == "hint" and screen.feedback_text
    first = screen.feedback_text
    rungs = screen.hint_rungs()
    assert len(rungs) == 2  # where to look, then part of the fu items
    click(app, screen.hint_btn.rect.center)
    assert screen.hints_used == 2 and screen.feedback_text != first and not calls
    click(app, screen.hint_btn.rect.center)
    # the last rung shows the answer: the item counts as missed, with the hints recorded
    assert screen.phase == "done" and screen.results == ["shown"] and screen.feedback_kind == "shown"
    assert str(screen.ex.answer) in screen.feedback_text
    assert not screen.hint_btn.visible
    assert len(calls) == 1 and calls[0][0][3] is False and calls[0][0][5] == 3
    key(app, pygame.K_RETURN, "\r")  # next exercise: the ladder starts again
    assert screen.index == 1 and screen.hints_used == 0 and screen.hint_btn.visible


def test_drill_waits_first_hint_highlights_the_hand(app: App) -> None:
    screen = drill(app, generator="single_suit_waits", params={"size": 7}, n=1, seed=3)
    assert not screen.view.hand_row.marks
    key(app, pygame.K_h, "h")
    assert "hint" in screen.view.hand_row.marks.values()


def test_drill_hint_then_right_answer_records_the_hint(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    monkeypatch.setattr(app, "record_answer", lambda *a, **kw: calls.append((a, kw)))
    screen = drill(app, generator="tile_name", params={}, n=1, seed=7)
    key(app, pygame.K_h, "h")
    assert screen.feedback_kind == "hint"
    ex = screen.view.ex
    right = next(i for i, o in enumerate(ex.prompt.options) if o.value in ex.answer)
    key(app, pygame.K_1 + right, str(right + 1))
    assert screen.phase == "done" and calls and calls[0][0][5] == 1


def test_settings_rule_preset_labels_fit_and_a_click_picks_the_segment_drawn(app: App) -> None:
    from trainer.ui.widgets import OptionRow

    screen = app.push("settings")
    app.render()
    rows = [w for w in screen.widgets if isinstance(w, OptionRow) and any(v == "tenhou" for v, _l in w.options)]
    assert rows
    row = rows[0]
    L = app.layout
    for seg, (_v, label) in zip(row._segments(), row.options, strict=True):
        assert app.text_width(label, L.font("small"), bold=True) <= seg.width - L.px(12), label
    last = row._segments()[-1]
    click(app, last.center)
    assert app.settings.preset == row.options[-1][0]


def test_a_notice_sits_above_the_bottom_buttons(app: App) -> None:
    screen = open_step(app, "jokers")
    key(app, pygame.K_RETURN, "\r")  # nothing picked: a notice
    assert app.banners
    surf = app.render()
    # the Check button's middle keeps its own colour (the banner is drawn above the bar)
    bar = screen.main_btn.rect
    before = tuple(surf.get_at(bar.center))
    app.banners.clear()
    app.invalidate()
    after = tuple(app.render().get_at(bar.center))
    assert before == after


def test_show_rows_keep_their_tile_size_when_centred(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    from trainer.lessons.loader import load_text as load

    yaml = """\
id: basics_ui_show_rows
title: {ru: "Ряды", en: "Rows"}
track: basics
level: 1
audience: beginner
minutes: 2
skill: sets
steps:
  - kind: show
    rows:
      - {tiles: "345m222p111z", caption: {ru: "Сеты."}}
      - {tiles: "891s", caption: {ru: "Не сет."}}
      - {tiles: "3m4p5s", caption: {ru: "Не сет."}}
      - {tiles: "123z", caption: {ru: "Не сет."}}
"""
    lesson = load(yaml, "lessons/basics/basics_ui_show_rows.yaml").lesson
    a = App(size=(1280, 720), settings=Settings(language="ru"), progress=None, save=False)
    try:
        a.set_library(LessonLibrary(lessons={lesson.id: lesson}))
        a.push("home")
        screen = a.push("lesson", lesson_id=lesson.id, step=0)
        a.process([], 1 / 60)
        a.render()
        rows = [r for r, _c in screen.view.rows]
        assert all(r.rect.height >= a.layout.px(50) for r in rows)
        for upper, lower in zip(screen.view.rows, screen.view.rows[1:], strict=False):
            cap = upper[1]
            assert cap.rect.top >= upper[0].rect.bottom + a.layout.px(12)  # clear of the panel
            assert lower[0].rect.top - a.layout.px(12) >= cap.rect.bottom  # and of the next one
        assert max(r.rect.bottom for r in rows) < screen.main_btn.rect.top
    finally:
        a.close()


@pytest.mark.parametrize("dragons", ["ten", "joker"])
def test_kunto_drill_with_dragon_variants_offers_every_tile(app: App, dragons: str) -> None:
    for seed in range(4):
        screen = drill(app, generator="kunto_hand", n=1, seed=seed,
                       params={"size": 7, "suits_ignored": False, "dragons": dragons, "ask": ["waits"]})
        kinds = {s.tile.kind for s in screen.view.picker.slots}
        assert kinds == set(range(34)) and set(screen.view.ex.answer) <= kinds
        assert screen.view.note is None
        app.pop()


def test_kunto_drill_by_rank_says_so_under_the_palette(app: App) -> None:
    screen = drill(app, generator="kunto_hand", n=1, seed=2,
                   params={"size": 4, "suits_ignored": True, "dragons": "none", "ask": ["waits"]})
    note, picker = screen.view.note, screen.view.picker
    assert note is not None and note.rect.top >= picker.rect.bottom
    assert note.rect.bottom <= screen.main_btn.rect.top
    # any suit of a winning rank is right: pick the answer's ranks in the first suit offered
    ranks = sorted({k % 9 for k in screen.view.ex.answer if k < 27})
    first = picker.slots[0].tile.kind // 9
    for r in ranks:
        i = next(i for i, s in enumerate(picker.slots) if s.tile.kind == first * 9 + r)
        click(app, picker.rects[i].center)
    key(app, pygame.K_RETURN, "\r")
    assert screen.results == ["right"]
