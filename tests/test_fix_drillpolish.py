"""Review 21, the drills' polish after the verifier's pass (verify_drills): a wrong wait shape says
what in this hand rules it out (and tanki is defined for any hand size); missed starter discard
puzzles due again are counted and reachable from the home; a hint on a retry scrolls to what it
added and never "reveals" a wait already picked; sanankou and honroutou are explained truly; two
equally safe genbutsu keep where each came from; the summary's focus ring, Enter in a lesson's
drill step; one name for review cards; «Оба» when only the han is off; the kunto retry says its
advice once; ten and more yaku options stay clear of the feedback panel and have keys."""

from __future__ import annotations

import os
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
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
from trainer.engine.notation import parse_tiles  # noqa: E402
from trainer.ui.richtext import BR  # noqa: E402


@pytest.fixture(autouse=True)
def _language():  # noqa: ANN202
    before = i18n.current_language()
    yield
    i18n.set_language(before)


@contextmanager
def _app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str = "ru", size: tuple[int, int] = (1280, 720),
         store: bool = False) -> Any:
    progress = None
    if store:
        from trainer.progress import open_store

        progress = open_store(tmp_path / "progress.sqlite3")
    with headless_app(tmp_path, monkeypatch, language=lang, progress=progress, size=size) as app:
        yield app


def _pick(app: Any, screen: Any, tiles: str) -> None:
    for t in parse_tiles(tiles):
        i = next(i for i, sl in enumerate(screen.view.picker.slots) if sl.tile.kind == t.kind)
        click(app, screen.view.picker.rects[i].center)


def _yaku_drill(app: Any, params: dict, seed: int, n: int = 1) -> Any:
    p = GENERATORS["yaku_identify"].params(params).model_dump(mode="json")
    screen = app.push("drill", generator="yaku_identify", params=p, n=n, seed=seed)
    frame(app)
    return screen


def _tick(app: Any, screen: Any, values: set[str]) -> None:
    opts = screen.ex.prompt.options
    for b in screen.view.buttons:
        if b.selected != (opts[b.index].value in values):
            click(app, b.rect.center)


# ---------------------------------------------------------------- item 7: a wrong wait shape


def test_a_wrong_wait_shape_says_what_in_the_hand_rules_it_out() -> None:
    """Over many hands of every size, no wrong pick of a basic shape ends with the generic line."""
    from trainer.ui.views.mistakes import wait_shape_text

    i18n.set_language("en")
    gen = GENERATORS["wait_shape"]
    seen = 0
    for size in (4, 7, 13):
        p = gen.params({"shapes": "basic", "size": size})
        for seed in range(40):
            ex = gen.generate(p, seed)
            for o in ex.prompt.options:
                if o.value in ex.answer:
                    continue
                text = wait_shape_text(ex.prompt.hand, o.value, ex.explanation)
                assert "completes it that way" not in text, (ex.prompt.hand, o.value, text)
                seen += 1
    assert seen > 300


@pytest.mark.parametrize(("hand", "picked", "words"), [
    ("68m99p", "ryanmen", "But the two tiles {tiles:68m} are not neighbors: there is a gap between them."),
    ("68m99p", "penchan", "But the two tiles {tiles:68m} are not neighbors"),
    ("56m66z", "kanchan", "But the two tiles {tiles:56m} are neighbors: there is no gap between them."),
    ("56m66z", "penchan", "But {tiles:56m} is neither 1-2 nor 8-9"),
    ("44m12s", "ryanmen", "But {tiles:12s} sits at the edge of its suit: there is no tile below the 1."),
    ("89m11s", "ryanmen", "there is no tile above the 9."),
    ("4p678s", "kanchan", "But this hand has no run still waiting for its third tile. {tiles:678s} is a complete set"),
    ("89m11s", "tanki", "But this hand already has its pair, {tiles:11s}"),
    ("22m55p", "tanki", "But no tile of this hand is alone: {tiles:22m} {tiles:55p} are pairs."),
])
def test_each_wrong_shape_names_the_tiles_that_rule_it_out(hand: str, picked: str, words: str) -> None:
    from trainer.ui.views.mistakes import wait_shape_text

    i18n.set_language("en")
    assert words in wait_shape_text(hand, picked, ())


def test_tanki_is_defined_for_a_hand_of_any_size() -> None:
    from trainer.ui.views.mistakes import wait_shape_text

    i18n.set_language("ru")
    text = wait_shape_text("22m23s", "tanki", ())
    assert "четыре сета" not in text and "все остальные плитки уже собраны в сеты" in text, text


def test_wait_parts_reads_what_waits() -> None:
    from trainer.engine.explain import wait_parts
    from trainer.engine.notation import parse_hand

    parts = wait_parts(parse_hand("68m99p", check_size=False))
    assert parts == [{"tile": "7m", "shape": "kanchan", "part": "68m", "sets": [], "pair": "99p"}]
    assert {p["part"] for p in wait_parts(parse_hand("22m55p", check_size=False))} == {"22m", "55p"}


# ---------------------------------------------------------------- item 11: starter puzzles due again


def _due_starter(app: Any, n: int = 3) -> list[str]:
    from trainer.engine.exercises import nanikiru
    from trainer.ui.views.review_items import starter_spec

    past = datetime.now(UTC) - timedelta(days=3)
    ids = []
    for pos in nanikiru.starter_positions()[:n]:
        q = nanikiru.puzzle(pos)
        app.progress.record_answer(app.learner_id, "nanikiru", q.exercise.item_id, q.exercise.skill, False, 5.0,
                                   spec=starter_spec(pos), at=past)
        ids.append(q.exercise.item_id)
    return ids


def test_due_starter_puzzles_are_in_the_homes_review_card(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Review 22 made the missed starter puzzles review cards (they had a home card of their own):
    the home's «Повторение» counts them and opens them as the first card of the session."""
    from trainer.ui.views.review_items import due_review_items, due_starter_puzzles

    with _app(tmp_path, monkeypatch, store=True) as app:
        ids = _due_starter(app)
        assert sorted(p.exercise.item_id for p in due_starter_puzzles(app, limit=10)) == sorted(ids)
        assert sorted(c["item_id"] for c in due_review_items(app)) == sorted(ids)
        app.pop()
        home = app.push("home")
        frame(app)
        assert not hasattr(home, "starter_card")  # one card, one count
        assert home.review is not None and home.review.badge == "3"
        home.review.activate()
        frame(app)
        screen = app.screen
        assert type(screen).__name__ == "NanikiruReviewScreen"
        assert screen.items[0].exercise.item_id in ids
        assert "здесь вы уже ошибались" in screen.question()


def test_no_review_card_without_due_puzzles(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with _app(tmp_path, monkeypatch, store=True) as app:
        app.pop()
        home = app.push("home")
        frame(app)
        assert home.review is None


# ---------------------------------------------------------------- item 1: a hint on a retry


def test_a_hint_on_a_retry_scrolls_to_what_it_added(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with _app(tmp_path, monkeypatch, size=(1024, 600)) as app:
        p = GENERATORS["mixed_waits"].params({"n": 10}).model_dump(mode="json")
        screen = app.push("drill", generator="mixed_waits", params=p, n=1, seed=62522)
        frame(app)
        assert screen.ex.prompt.hand == "77789m12333367s"
        _pick(app, screen, "4s")  # a tile that is no wait; both waits (5s, 8s) still to find
        screen.check()
        frame(app)
        key(app, pygame.K_h, "h")
        frame(app)
        assert screen.feedback_kind == "hint" and screen.feedback_text.endswith(screen.hint_rungs()[1])
        assert screen.fb_max > 0 and screen.fb_scroll > 0  # the panel moved down to the new rung
        from trainer.ui.richtext import layout_rich

        L = app.layout
        font = L.font(screen.fb_font)
        width = L.content().width - L.px(70)
        before = layout_rich(app, BR.join(screen.feedback_text.split(BR)[:-1]), font, width).height
        body = screen.feedback_rect.height - app.line_height(L.font("large")) - L.px(28)
        assert screen.fb_scroll <= before <= screen.fb_scroll + body  # its first line is in sight


def test_the_middle_rung_gives_no_wait_the_learner_picked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with _app(tmp_path, monkeypatch, size=(1024, 600)) as app:
        p = GENERATORS["mixed_waits"].params({"n": 10}).model_dump(mode="json")
        screen = app.push("drill", generator="mixed_waits", params=p, n=1, seed=62522)
        frame(app)
        _pick(app, screen, "458s")  # both waits and an extra tile: the miss is the 4s
        screen.check()
        assert screen.phase == "retry"
        assert not any("{tiles:5s}" in r or "{tiles:8s}" in r for r in screen.hint_rungs())
        assert screen.hint_btn.label == "Показать ответ"  # nothing left to give but the answer


# ---------------------------------------------------------------- items 2 and 3: sanankou, honroutou


def _ticks_text(params: dict, seed: int, add: set[str], drop: set[str], final: bool) -> str:
    from trainer.ui.views.mistakes import yaku_ticks_text

    gen = GENERATORS["yaku_identify"]
    ex = gen.generate(gen.params(params), seed)
    return ex, yaku_ticks_text(ex, (set(ex.answer) | add) - drop, final)


def test_a_ron_finished_triplet_is_open_for_sanankou() -> None:
    i18n.set_language("en")
    ex, text = _ticks_text({"pool": "all_regular", "open_ratio": 0.0, "situational": False, "options": 12}, 9059,
                           {"sanankou"}, set(), False)
    assert ex.prompt.hand == "11345m111999p555z"
    assert "But this hand has only 2 concealed triplets: {tiles:111p} {tiles:999p}." in text, text
    assert "{tiles:555z} was finished by ron, off another player's discard, so it counts as an open triplet." in text
    ex, text = _ticks_text({"pool": "han2", "open_ratio": 0.0, "situational": False, "options": 12}, 1002,
                           set(), {"sanankou"}, True)
    assert ex.prompt.hand == "111p33366888s222z"
    line = next(t for t in text.split(BR) if "{term:sanankou}" in t)
    made_by = line.split("made by ")[1].split(".")[0]
    assert "888s" not in made_by and made_by.count("{tiles:") == 3, line  # 888s was finished by ron
    assert "{tiles:888s} was finished by ron" in line


def test_sanankou_is_never_credited_to_an_open_triplet() -> None:
    from trainer.engine.exercises.scoring_drills import rules_for
    from trainer.engine.explain import drill_win, yaku_reason
    from trainer.engine.scoring import score_hand

    gen = GENERATORS["yaku_identify"]
    checked = 0
    for pool in ("all_regular", "han2"):
        p = gen.params({"pool": pool, "open_ratio": 0.3, "options": 12})
        for seed in range(120):
            ex = gen.generate(p, 7000 + seed)
            if "sanankou" not in ex.answer:
                continue
            hand, ctx = drill_win(str(ex.prompt.hand), dict(ex.prompt.data))
            rules = rules_for("tenhou")
            why = yaku_reason(hand, ctx, rules, "sanankou")
            res = score_hand(hand, ctx, rules)
            place = res.placement
            ron_group = (res.reading.groups[place.group_index] if not ctx.tsumo and place.group_index is not None
                         and place.shape.value == "shanpon" else None)
            called = {"".join(str(g).strip("()[]")) for g in res.reading.groups if g.declared and g.open}
            assert len(why["tiles"]) == 3, why
            for t in why["tiles"]:
                assert t not in called
                if ron_group is not None:
                    assert t != "".join(str(ron_group))
            checked += 1
    assert checked >= 5


def test_honroutou_names_the_simples_and_junchan_does_not_include_it() -> None:
    i18n.set_language("en")
    params = {"pool": "all_regular", "open_ratio": 0.5, "situational": False, "options": 12}
    ex, text = _ticks_text(params, 1013, {"honroutou"}, set(), False)
    assert ex.prompt.hand == "3399m2277p50s3366z"
    assert "seven pairs" not in text.split("honroutou}")[1].split(BR)[0]
    assert "But the hand holds {tiles:3m27p5s}." in text, text
    ex, text = _ticks_text(params, 1018, {"honroutou"}, set(), False)
    assert ex.prompt.hand == "123m11123999p123s"
    assert "includes it" not in text and "But the hand holds {tiles:23m23p23s}." in text, text
    i18n.set_language("ru")
    ex, text = _ticks_text(params, 1018, {"honroutou"}, set(), False)
    assert "включает" not in text


def test_only_true_inclusions_are_said_to_include() -> None:
    from trainer.engine.explain import INCLUDES
    from trainer.engine.yaku import yaku_info

    info = yaku_info()
    for big, small in INCLUDES:
        assert small in info[big].excludes
    assert ("junchan", "honroutou") not in INCLUDES and ("honroutou", "chanta") not in INCLUDES


# ---------------------------------------------------------------- item 4: two equally safe genbutsu


def test_two_equally_safe_genbutsu_keep_their_sources_and_plural() -> None:
    from trainer.ui.question_texts import merge_equal_tiles
    from trainer.ui.views.explain import explain_item

    gen = GENERATORS["safe_tile"]
    ex = gen.generate(gen.params({}), 4)
    best = [i for i in ex.explanation if i.get("kind") == "safety" and i.get("best")]
    assert sorted(b["tile"] for b in best) == ["3s", "7z"]
    i18n.set_language("ru")
    (merged,) = merge_equal_tiles(best)
    line = explain_item(merged)
    assert "{tiles:7z} есть в его сбросе" in line and "{tiles:3s} прошла после его риичи" in line, line
    assert "ни на одной из них он не выиграет" in line and "на ней" not in line, line
    i18n.set_language("en")
    line = explain_item(merge_equal_tiles(best)[0])
    assert "the riichi player cannot win on any of them by ron" in line and "{tiles:3s} passed after that riichi" in line
    # one tile alone keeps its own words
    assert "the riichi player cannot win on it by ron" in explain_item(best[0])


# ---------------------------------------------------------------- items 5 and 6: the summary


def _missed_drill(app: Any, **extra: Any) -> Any:
    screen = app.push("drill", generator="shanten", params={"n": 2}, n=2, seed=77, **extra)
    frame(app)
    for _i in range(2):
        drill_wrong(app, screen)
        key(app, pygame.K_RETURN, "\r")
        drill_wrong(app, screen)
        key(app, pygame.K_RETURN, "\r")
    frame(app)
    assert screen.finished and screen.missed
    return screen


def test_the_summarys_focus_ring_is_on_the_button_enter_presses(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    with _app(tmp_path, monkeypatch) as app:
        screen = _missed_drill(app)
        assert screen.mistakes_btn.hotkey == "Enter"
        assert screen.widgets[screen.focus] is screen.mistakes_btn
        click(app, screen.main_btn.rect.center)  # «Готово» clicked leaves, as it says
        assert app.screen is not screen and type(app.screen).__name__ == "HomeScreen"


def test_enter_on_the_summary_follows_the_focus_ring(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with _app(tmp_path, monkeypatch) as app:
        screen = _missed_drill(app)
        screen.set_focus(screen.main_btn)
        key(app, pygame.K_RETURN, "\r")
        assert type(app.screen).__name__ == "HomeScreen"


def test_enter_on_a_lesson_drill_steps_summary_goes_back_to_the_lesson(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    done = []
    with _app(tmp_path, monkeypatch) as app:
        below = app.screen
        screen = _missed_drill(app, on_done=lambda right, n: done.append((right, n)))
        assert done == [(0, 2)]
        assert screen.main_btn.hotkey == "Enter" and screen.mistakes_btn.hotkey == "M"
        assert screen.widgets[screen.focus] is screen.main_btn
        key(app, pygame.K_RETURN, "\r")
        assert app.screen is below  # back where the drill step was opened, no detour


# ---------------------------------------------------------------- item 7: one name for review cards


def test_review_cards_are_called_one_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from trainer.i18n import ngettext, pgettext

    i18n.set_language("ru")
    due = ngettext("{n} exercise is due: bring it back before you forget it.",
                   "{n} exercises are due: bring them back before you forget them.", 12).format(n=12)
    coming = ngettext("{n} exercise comes back {when}. Practice it now?",
                      "{n} exercises come back {when}. Practice them now?", 12).format(n=12, when="завтра")
    assert "12 заданий" in due and "12 заданий" in coming and "упражнен" not in due
    header = pgettext("review session", "Exercise {i} of {n} · {right} right").format(i=2, n=12, right=1)
    assert header == "Задание 2 из 12 · верно: 1"
    again = ngettext("{n} drill exercise with a new question", "{n} drill exercises with new questions", 3)
    assert again.format(n=3) == "3 задания из тренировок с новыми вопросами"


def test_the_review_sessions_header_names_its_cards_as_the_home_does(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    with _app(tmp_path, monkeypatch) as app:
        g = GENERATORS["shanten"]
        ex = g.generate(g.params({}), 1)
        screen = app.push("review", items=[dict(ex.spec(), item_id=ex.item_id, skill=ex.skill)])
        frame(app)
        assert screen.header_extra().startswith("Задание 1 из 1")


# ---------------------------------------------------------------- item 8: «Оба»


def test_both_with_only_the_han_wrong_adds_no_tick_hint(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with _app(tmp_path, monkeypatch) as app:
        screen = _yaku_drill(app, {"ask": "both", "n": 1}, 5)
        right, han = screen.ex.answer
        _tick(app, screen, set(right))
        screen.set_focus(screen.view.fields[0][1])
        for ch in str(int(han) + 1):
            key(app, pygame.K_0 + int(ch), ch)
        screen.check()
        assert screen.phase == "retry"
        text = screen.feedback_text
        assert "Яку отмечены верно, а число ханов — нет" in text
        assert screen.hint_rungs()[0] not in text, text  # not sent back to the yaku ticked right


def test_both_shows_the_han_in_its_box_when_the_answer_is_shown(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    with _app(tmp_path, monkeypatch) as app:
        screen = _yaku_drill(app, {"ask": "both", "n": 1}, 5)
        while screen.phase != "done":
            key(app, pygame.K_h, "h")
        field = screen.view.fields[0][1]
        assert field.value() == int(screen.ex.answer[1]) and field.state == "soft"


# ---------------------------------------------------------------- item 9: kunto retry


def test_the_kunto_retry_says_where_to_look_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with _app(tmp_path, monkeypatch) as app:
        p = GENERATORS["kunto_hand"].params({"n": 10}).model_dump(mode="json")
        screen = app.push("drill", generator="kunto_hand", params=p, n=10, seed=85139)
        frame(app)
        assert screen.ex.prompt.question == "kunto_shanten" and screen.ex.prompt.hand == "9m13p1s"
        field = screen.view.fields[0][1]
        screen.set_focus(field)
        key(app, pygame.K_2, "2")
        screen.check()
        text = screen.feedback_text
        assert "Поищите ещё раз готовые {term:mentsu|сеты}" in text
        assert screen.hint_rungs()[0] not in text, text
        assert screen.rungs_read == 1 and screen.hint_btn.label == "Показать ответ"


# ---------------------------------------------------------------- item 10: ten and more yaku


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
@pytest.mark.parametrize("ask", ["yaku", "both"])
def test_twelve_options_stay_above_the_feedback_panel(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      size: tuple[int, int], ask: str) -> None:
    with _app(tmp_path, monkeypatch, size=size) as app:
        screen = _yaku_drill(app, {"pool": "all_regular", "open_ratio": 0.0, "situational": False, "options": 12,
                                   "ask": ask, "n": 1}, 9059)
        ex = screen.ex
        right = set(ex.answer[0] if ask == "both" else ex.answer)
        wrong = next(o.value for o in ex.prompt.options if o.value not in right)
        _tick(app, screen, right | {wrong})
        if ask == "both":
            screen.set_focus(screen.view.fields[0][1])
            key(app, pygame.K_1, "1")
        screen.check()
        frame(app)
        assert screen.phase == "retry"
        shown = [b for b in screen.view.buttons if b.visible]
        assert len(shown) == 12
        panel = screen.feedback_rect
        for w in [*shown, *(f for _n, f in screen.view.fields)]:
            assert w.rect.bottom <= panel.top, (w.rect, panel)
            assert app.layout.content().contains(w.rect)
        for a in shown:
            for b in shown:
                assert a is b or not a.rect.colliderect(b.rect)


def test_options_ten_to_twelve_have_keys(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with _app(tmp_path, monkeypatch) as app:
        screen = _yaku_drill(app, {"pool": "all_regular", "options": 12, "n": 1}, 9059)
        buttons = screen.view.buttons
        assert len(buttons) == 12
        for k, ch, i in ((pygame.K_0, "0", 9), (pygame.K_MINUS, "-", 10), (pygame.K_EQUALS, "=", 11)):
            key(app, k, ch)
            assert buttons[i].selected
        # the yaku-and-han form types 0 and - into its han box: no such keys on its options
        both = _yaku_drill(app, {"pool": "all_regular", "options": 12, "ask": "both", "n": 1}, 9059)
        assert both.view.option_key("0") is None and not both.view.buttons[9].extra_keys


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_twelve_mcr_fans_and_their_total_stay_above_the_feedback_panel(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch,
                                                                       size: tuple[int, int]) -> None:
    with _app(tmp_path, monkeypatch, size=size) as app:
        p = GENERATORS["mcr_fans"].params({"options": 12}).model_dump(mode="json")
        screen = app.push("drill", generator="mcr_fans", params=p, n=1, seed=0)
        frame(app)
        assert screen.ex.prompt.input == "fans_total" and len(screen.view.buttons) == 12
        drill_wrong(app, screen)
        frame(app)
        assert screen.phase == "retry"
        panel = screen.feedback_rect
        shown = [w for w in (*screen.view.buttons, *screen.view.keys, screen.view.fields[0][1]) if w.visible]
        assert all(w.rect.bottom <= panel.top for w in shown), [(w.rect, panel) for w in shown]
