"""Review 21 «drills» (an adult who drills until answers are automatic), items 1, 4, 8, 11, 12, 13,
19 and 20: a hint on a retry adds to what was said about the learner's own answer; the press that
shows the answer says so; fu lines name their tiles (and why a ron-finished triplet counts as
open); missed starter discard puzzles come back and the end offers a mistakes round; the yaku
drill's "both" asks the han too; drill settings left with Back are kept; a fu chip's label fits
with its count; the learner's own wrong discard is crossed.  Also: each seat's puzzle of one
starter game shows that seat's own hand; the yaku drill's options are the same in every run."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui_events import click, frame, headless_app, key  # noqa: E402
from trainer import i18n  # noqa: E402
from trainer.cli.wrong_answers import drill_wrong  # noqa: E402
from trainer.engine.exercises import GENERATORS  # noqa: E402
from trainer.ui.richtext import BR, plain_text  # noqa: E402


@pytest.fixture()
def en(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    with headless_app(tmp_path, monkeypatch, language="en") as a:
        yield a


@pytest.fixture()
def ru(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    with headless_app(tmp_path, monkeypatch, language="ru") as a:
        yield a


@pytest.fixture()
def lang():  # noqa: ANN201
    before = i18n.current_language()
    yield i18n.set_language
    i18n.set_language(before)


# ---------------------------------------------------------------- #1 a hint on a retry keeps the words


def test_a_hint_on_a_retry_keeps_what_was_said_about_the_answer(ru) -> None:
    screen = ru.push("drill", generator="shanten", params={"n": 4}, n=4, seed=77)
    frame(ru)
    drill_wrong(ru, screen)
    assert screen.phase == "retry"
    said = screen.feedback_text
    assert "Ваш ответ" in said and "Блоки этой руки" in said
    assert screen.hint_btn.label == "Показать ответ"  # the retry's words already end with the only rung
    key(ru, pygame.K_h, "h")
    # the answer and its working, with what was said about the learner's own answer (its final form)
    assert screen.phase == "done" and screen.results == ["shown"]
    text = screen.feedback_text
    assert "Ответ:" in text and "Ваш ответ" in text and "Блоки этой руки" in text, text


def test_a_hint_on_a_retry_adds_the_next_rung_below_the_words(en) -> None:
    screen = en.push("drill", generator="fu_count", params={"answer": "number"}, n=2, seed=5)
    frame(en)
    rungs = screen.hint_rungs()
    assert len(rungs) == 2
    drill_wrong(en, screen)
    said = screen.feedback_text
    assert rungs[0] in said  # the retry's words end with where to look
    assert screen.hint_btn.label == "Hint"
    key(en, pygame.K_h, "h")
    assert screen.phase == "answer" and screen.feedback_kind == "hint"
    # what was said stays first, the next rung below it; the first rung is not said twice
    assert screen.feedback_text == said + BR + rungs[1]
    assert screen.hint_btn.label == "Show the answer"


# ---------------------------------------------------------------- #4 the press that shows the answer says so


@pytest.mark.parametrize(("generator", "params"), [("fu_count", {"answer": "number"}), ("shanten", {}),
                                                   ("points_lookup", {}), ("dora_from_indicator", {})])
def test_the_hint_button_says_show_the_answer_before_it_does(en, generator: str, params: dict) -> None:
    screen = en.push("drill", generator=generator, params=params, n=2, seed=3)
    frame(en)
    rungs = len(screen.hint_rungs())
    for _rung in range(rungs):
        assert screen.hint_btn.label == "Hint"
        click(en, screen.hint_btn.rect.center)
        assert screen.phase == "answer"
    assert screen.hint_btn.label == "Show the answer"
    click(en, screen.hint_btn.rect.center)
    assert screen.phase == "done" and screen.results == ["shown"]
    key(en, pygame.K_RETURN, "\r")  # the next exercise starts with a hint again
    assert screen.hint_btn.label == "Hint"


def test_the_show_the_answer_label_is_translated(ru) -> None:
    screen = ru.push("drill", generator="shanten", params={}, n=1, seed=3)
    click(ru, screen.hint_btn.rect.center)  # the focused number box owns H
    assert screen.hint_btn.label == "Показать ответ"


# ---------------------------------------------------------------- #8 fu lines name their tiles


def test_a_fu_line_names_its_tiles(lang) -> None:
    from trainer.ui.views.explain import explain_item

    lang("ru")
    line = explain_item({"kind": "fu", "id": "ankou_simple", "fu": 4, "tiles": "888m"})
    assert line == "Закрытая тройка простых {tiles:888m} — 4 фу"
    line = explain_item({"kind": "fu", "id": "minkou_yaochuu", "fu": 4, "tiles": "777z", "by_ron": True})
    assert "{tiles:777z}" in line and "чужой сброс (рон)" in line and "считается открытой" in line
    assert line.endswith("— 4 фу")
    assert explain_item({"kind": "fu", "id": "wait_kanchan", "fu": 2, "tiles": "5p"}).startswith(
        "Ожидание в середину (канчан): {tiles:5p}")
    lang("en")
    assert explain_item({"kind": "fu", "id": "fuutei", "fu": 20, "tiles": ""}) == "Base fu for a win — 20 fu"
    assert explain_item({"kind": "fu", "id": "minkou_simple", "fu": 2, "tiles": "333m", "by_ron": True}) == (
        "Triplet of simples {tiles:333m}: its third tile came from another player's discard (ron), so it counts "
        "as open — 2 fu")


def test_the_fu_drills_items_mark_a_triplet_finished_by_ron(lang) -> None:
    from trainer.ui.views.explain import explain, fu_only

    lang("en")
    gen = GENERATORS["fu_count"]
    params = gen.params({"answer": "number"})
    ex = next(e for e in (gen.generate(params, s) for s in range(60))  # a closed hand's ron on a pair
              if any(i.get("by_ron") for i in e.explanation) and any(i.get("id") == "menzen_ron" for i in e.explanation))
    item = next(i for i in ex.explanation if i.get("by_ron"))
    assert item["id"].startswith("minkou_") and item["tiles"] and ex.prompt.get("by") == "ron"
    text = explain(fu_only(ex.explanation))
    assert "{tiles:" + item["tiles"] + "}: its third tile came from another player's discard (ron)" in text
    # the base and the win name no tiles: they share a line, the items with tiles have one each
    assert text.split(BR)[0].startswith("Base fu for a win — 20 fu") and "Closed hand won by ron" in text.split(BR)[0]


# ---------------------------------------------------------------- #11 starter puzzles come back


def _store_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str = "en") -> Any:
    from trainer.progress import open_store

    return headless_app(tmp_path, monkeypatch, language=language,
                        progress=open_store(tmp_path / "progress.sqlite3"))


def _miss(screen: Any) -> Any:
    """Discard a tile the current puzzle does not accept; returns the puzzle."""
    p = screen.decision
    legal = {t.kind for t in p.position.legal}
    at = next(i for i, s in enumerate(screen.hand_row.slots) if s.tile.kind not in screen.right()
              and s.tile.kind in legal)
    screen.picked_at = at
    screen.answer(screen.hand_row.slots[at].tile)
    assert screen.answered is False
    return p


def _hit(screen: Any) -> None:
    at = next(i for i, s in enumerate(screen.hand_row.slots) if s.tile.kind in screen.right())
    screen.answer(screen.hand_row.slots[at].tile)
    assert screen.answered is True


def test_a_missed_starter_puzzle_is_a_card_that_comes_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from trainer.ui.views.review_items import STARTER_SPEC, due_starter_puzzles

    with _store_app(tmp_path, monkeypatch) as app:
        screen = app.push("nanikiru", games=None, n=4, seed=3)
        assert all(p.position.chosen is None for p in screen.items)  # no games: the starter set
        missed = _miss(screen)
        screen.next_card()
        for _i in range(3):
            _hit(screen)
            screen.next_card()
        store, learner = app.progress, app.learner_id
        item = missed.exercise.item_id
        later = datetime(2100, 1, 1, tzinfo=UTC)
        cards = store.due_reviews(learner, limit=100, showable=lambda s: STARTER_SPEC in s, now=later)
        assert [c["item_id"] for c in cards] == [item]  # the miss only: a right answer is not brought back
        pos = missed.position
        assert {k: cards[0][k] for k in (STARTER_SPEC, "hand", "action", "seat")} == {
            STARTER_SPEC: pos.source, "hand": pos.hand, "action": pos.action, "seat": pos.seat}
        # the drill and lesson reviews do not take it (their own session cannot show it)
        from trainer.ui.views.review_items import due_review_items

        assert all(c["item_id"] != item for c in due_review_items(app))
        # once due, it is found again and opens the next drill, said to be one missed before
        store.db.execute("UPDATE card SET due = '2000-01-01T00:00:00+00:00' WHERE item_id = ?", (item,))
        store.db.commit()
        again = due_starter_puzzles(app)
        assert [p.exercise.item_id for p in again] == [item]
        app.pop()
        nxt = app.push("nanikiru", n=4, seed=11)
        assert nxt.items[0].exercise.item_id == item and len(nxt.items) == 4
        assert "you missed it before" in nxt.question()
        assert len({p.exercise.item_id for p in nxt.items}) == 4  # not twice in one drill


def test_the_end_offers_a_round_of_the_puzzles_missed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with _store_app(tmp_path, monkeypatch, "ru") as app:
        screen = app.push("nanikiru", n=3, seed=3)
        first = _miss(screen)
        screen.next_card()
        _hit(screen)
        screen.next_card()
        third = _miss(screen)
        screen.next_card()
        assert screen.decision is None
        frame(app)
        assert screen.mistakes_btn is not None and screen.mistakes_btn.label == "Мои ошибки (2)"
        assert screen.again_btn is not None and screen.next_btn is not None
        # as the drill summary: the ring and Enter on «Мои ошибки», «Готово» a click or Esc away
        assert screen.widgets[screen.focus] is screen.mistakes_btn and screen.mistakes_btn.hotkey == "Enter"
        assert screen.next_btn.hotkey is None
        lines = screen.come_back_lines()
        assert lines == ["2 задачи стартового набора с ошибками вернутся в эту тренировку, когда подойдёт "
                         "срок повторения."]
        for b in (screen.mistakes_btn, screen.again_btn, screen.next_btn):
            assert app.layout.content().contains(b.rect)
        assert not screen.mistakes_btn.rect.colliderect(screen.again_btn.rect)
        key(app, pygame.K_m, "ь")  # M on a Russian keyboard
        round_ = app.screen
        assert round_ is not screen and round_.name == "nanikiru"
        assert [p.exercise.item_id for p in round_.items] == [first.exercise.item_id, third.exercise.item_id]
        _hit(round_)
        round_.next_card()
        _hit(round_)
        round_.next_card()
        frame(app)
        assert round_.mistakes_btn is None and round_.again_btn is None  # a mistakes round ends with Done


# ---------------------------------------------------------------- #20 the learner's own discard is crossed


def test_the_learners_wrong_discard_is_crossed_where_it_was_picked(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    with headless_app(tmp_path, monkeypatch) as app:
        screen = app.push("nanikiru", games=[], n=60, seed=0)
        good = screen.right()
        legal = {t.kind for t in screen.decision.position.legal}
        at = next(i for i, s in enumerate(screen.hand_row.slots) if s.tile.kind not in good and s.tile.kind in legal)
        screen.set_focus(screen.hand_row)
        while screen.hand_row.cursor != at:
            key(app, pygame.K_RIGHT)
        key(app, pygame.K_RETURN, "\r")
        assert screen.answered is False
        marks = screen.hand_row.marks
        assert marks[at] == "wrong"
        assert {i for i, m in marks.items() if m == "right"} == {
            i for i, s in enumerate(screen.hand_row.slots) if s.tile.kind in good}
        frame(app)
        key(app, pygame.K_RETURN, "\r")  # the next puzzle: nothing crossed before its answer
        assert screen.answered is None and "wrong" not in screen.hand_row.marks.values()
        _hit(screen)
        assert "wrong" not in screen.hand_row.marks.values()  # a right answer crosses nothing


def test_each_seats_puzzle_of_one_starter_game_shows_that_seats_hand(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from collections import Counter

    with headless_app(tmp_path, monkeypatch) as app:
        screen = app.push("nanikiru", games=[], n=60, seed=0)
        sources = Counter(p.position.source for p in screen.items)
        shared = {s for s in sources if len({p.position.seat for p in screen.items if p.position.source == s}) > 1}
        assert shared  # the starter set has games with puzzles for two seats
        for i, p in enumerate(screen.items):
            screen.index = i
            screen._load()
            screen.rebuild()
            shown = sorted(s.tile.kind for s in screen.hand_row.slots)
            assert shown == sorted(t.kind for t in p.position.view.hand.concealed), p.exercise.item_id


# ---------------------------------------------------------------- #12 the yaku drill's "both" asks the han


def test_the_yaku_drills_both_asks_the_yaku_and_the_han() -> None:
    gen = GENERATORS["yaku_identify"]
    for seed in range(8):
        ex = gen.generate({"ask": "both"}, seed)
        yaku, han = ex.answer
        assert ex.prompt.question == "yaku_and_han" and ex.prompt.input == "fans_total"
        total = next(i for i in ex.explanation if i["kind"] == "total")
        assert han == total["han"] and yaku == frozenset(i["id"] for i in ex.explanation if i["kind"] == "yaku")
        assert ex.check((yaku, han)) and not ex.check((yaku, han + 1)) and not ex.check((yaku, None))
    plain = gen.generate({"ask": "yaku"}, 0)
    assert plain.prompt.input == "multi_choice" and isinstance(plain.answer, frozenset)


def test_the_yaku_and_han_screen_asks_and_explains_the_han(ru) -> None:
    screen = ru.push("drill", generator="yaku_identify", params={"ask": "both"}, n=2, seed=3)
    frame(ru)
    view = screen.view
    assert "введите стоимость руки в ханах" in view.prompt.text
    assert view.fields and view.total_label() == "Всего ханов:"
    yaku, han = screen.ex.answer
    options = screen.ex.prompt.options
    for b in view.buttons:
        if options[b.index].value in yaku:
            click(ru, b.rect.center)
    view.fields[0][1].text = str(han + 1)
    key(ru, pygame.K_RETURN, "\r")
    assert screen.phase == "retry"
    text = plain_text(screen.feedback_text, ru)
    line = next(t for t in text.split(BR) if t.startswith("Яку отмечены верно, а число ханов — нет"))
    assert not any(ch.isdigit() for ch in line)  # how to count, not the figure
    screen.retry()
    view.fields[0][1].text = str(han + 2)
    key(ru, pygame.K_RETURN, "\r")
    assert screen.phase == "done"
    text = plain_text(screen.feedback_text, ru)
    from trainer.i18n import han_text

    assert text.split(BR)[0].startswith("Ответ: ") and text.split(BR)[0].endswith("; " + han_text(han))
    assert f"У вас: {han_text(han + 2)}, а рука стоит {han_text(han)}." in text
    assert "очк" not in plain_text(view.answer_markup(), ru)  # han, never "points"


def test_a_han_total_without_the_dora_is_named(lang) -> None:
    from trainer.ui.screens.drills import yaku_han_mistake

    lang("en")
    gen = GENERATORS["yaku_identify"]
    ex = next(e for e in (gen.generate({"ask": "both"}, s) for s in range(40))
              if any(i["kind"] == "dora" and i["count"] for i in e.explanation))
    yaku, han = ex.answer
    alone = sum(i["han"] for i in ex.explanation if i["kind"] == "yaku")
    assert yaku_han_mistake(ex, (yaku, alone), False, []) == (
        "Your han total counts the yaku alone: each dora adds one han too.")
    final = yaku_han_mistake(ex, (yaku, alone), True, [])
    assert final.startswith(f"Your han total: {alone} han; the hand is worth {han} han.")
    assert final.endswith("The dora were left out: each one adds a han.")
    assert yaku_han_mistake(ex, (yaku, han), True, []) == ""  # right: nothing to say


def test_the_han_row_never_runs_under_the_feedback_panel(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for size in ((1280, 720), (1024, 600)):
        with headless_app(tmp_path, monkeypatch, language="en", size=size) as app:
            for seed in range(12):
                screen = app.push("drill", generator="yaku_identify", params={"ask": "both", "situational": True},
                                  n=1, seed=seed)
                frame(app)
                yaku, han = screen.ex.answer
                wrong = next((b for b in screen.view.buttons if screen.ex.prompt.options[b.index].value not in yaku),
                             screen.view.buttons[0])
                click(app, wrong.rect.center)
                screen.view.fields[0][1].text = str(han + 1)
                key(app, pygame.K_RETURN, "\r")
                assert screen.phase == "retry"
                shown = [w for w in screen.widgets[screen._view_start:] if w.visible]
                assert max(w.rect.bottom for w in shown) <= screen.feedback_rect.top, (size, seed)
                app.pop()


def test_the_yaku_drills_options_are_the_same_in_every_run() -> None:
    code = ("from trainer.engine.exercises import GENERATORS as G;"
            "print([o.value for o in G['yaku_identify'].generate({'ask': 'both'}, 3).prompt.options])")
    runs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": str(h)}).stdout.strip().splitlines()[-1]
            for h in (1, 2, 3)}
    assert len(runs) == 1, runs


# ---------------------------------------------------------------- #13 settings left with Back are kept


def test_drill_settings_left_with_back_are_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from trainer.ui.screens import drill_menu

    with headless_app(tmp_path, monkeypatch, language="ru", progress="open") as app:
        app.push("drills")
        form = app.push("drill_setup", generator="shanten")
        frame(app)
        stepper = next(w for k, w in form.fields if k == "max_shanten")
        stepper._set(2)
        key(app, pygame.K_ESCAPE)
        assert app.screen is not form
    drill_menu._LAST_PARAMS.clear()  # a new run of the app: nothing in memory
    with headless_app(tmp_path, monkeypatch, language="ru", progress="open") as app:
        form = app.push("drill_setup", generator="shanten")
        assert form.values["max_shanten"] == 2


def test_settings_the_drill_refuses_are_not_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from trainer.ui.screens import drill_menu

    with headless_app(tmp_path, monkeypatch, language="ru", progress="open") as app:
        form = app.push("drill_setup", generator="points_lookup")
        multi = next(w for k, w in form.fields if k == "fu")
        multi.on_values([])  # no fu value at all: the drill cannot use it
        assert drill_menu.stored_params(app).get("points_lookup", {}).get("fu") != []


# ---------------------------------------------------------------- #19 a fu chip's label fits with its count


@pytest.mark.parametrize(("language", "size"), [("en", (1920, 1080)), ("en", (1280, 720)), ("ru", (1024, 600)),
                                                ("ru", (1280, 720))])
def test_a_fu_chips_label_fits_beside_its_count(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str,
                                                size: tuple[int, int]) -> None:
    from collections import Counter

    from trainer.ui.views import inputs

    with headless_app(tmp_path, monkeypatch, language=language, size=size) as app:
        # the review's case: a hand with a closed triplet of terminals, counted once too often ("2×8")
        screen = app.push("drill", generator="fu_count", params={"answer": "fu_breakdown"}, n=2, seed=33)
        frame(app)
        counted = Counter(a[0] for a in screen.ex.answer)
        assert counted["ankou_yaochuu"] >= 1, screen.ex.answer
        counted["ankou_yaochuu"] += 1
        for chip in screen.view.chips:
            chip.count = counted.get(chip.key, 0)
        for _press in range(3):  # check, try again, check: the final answer shows the counted chips alone
            key(app, pygame.K_RETURN, "\r")
        assert screen.phase == "done"
        drawn: list[tuple[str, int, int | None]] = []
        real = inputs.blit_text

        def spy(surf, app_, text, size_, color, pos, **kw):  # noqa: ANN001, ANN202
            drawn.append((text, size_, kw.get("max_width")))
            return real(surf, app_, text, size_, color, pos, **kw)

        monkeypatch.setattr(inputs, "blit_text", spy)
        frame(app)
        labels = {c.label for c in screen.view.chips if c.visible}
        shown = [(t, f, w) for t, f, w in drawn if w is not None]
        assert len(shown) == len(labels)
        for text, font, width in shown:
            assert app.text_width(text, font) <= width, (text, width)  # never cut with '…'
        if language == "en":  # the whole name, the reviewer's "Closed triplet of terminals or hon…" included
            assert {t for t, _f, _w in shown} == labels
