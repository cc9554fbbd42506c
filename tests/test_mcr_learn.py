"""Chinese Official (MCR) drills and lessons: every answer recomputed from the prompt by a second
route, wrong answers explained by the fan or principle behind the learner's own choice, the drill
menu's MCR group, and the MCR lesson steps graded and explained on screen."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui_events import click, headless_app, key  # noqa: E402
from trainer.engine.exercises import GENERATORS  # noqa: E402
from trainer.engine.exercises.mcr_drills import implied_fans, mcr_rules  # noqa: E402
from trainer.engine.mcr import Situation, score_mcr  # noqa: E402
from trainer.engine.mcr.calculator import hand_groups  # noqa: E402
from trainer.engine.mcr.forms import all_readings  # noqa: E402
from trainer.engine.notation import parse_hand  # noqa: E402
from trainer.engine.tiles import parse_tile, wind_kind  # noqa: E402
from trainer.i18n import set_language  # noqa: E402
from trainer.lessons import answers  # noqa: E402
from trainer.lessons.loader import load_text  # noqa: E402

SEEDS = range(12)


@pytest.fixture(autouse=True)
def _english() -> None:
    set_language("en")


def rescore(ex):  # noqa: ANN001, ANN201 - an McrResult
    """Score the prompt's hand and situation again, from the prompt alone."""
    d = ex.prompt
    flags = set(d.get("flags", ()))
    sit = Situation(win=parse_tile(d.get("win_tile")).kind, self_drawn=d.get("by") == "tsumo",
                    seat=wind_kind(d.get("seat")), round=wind_kind(d.get("round")), flowers=d.get("flowers"),
                    **{f: f in flags for f in ("last_copy", "rinshan", "chankan", "haitei", "houtei")})
    return score_mcr(parse_hand(d.hand, check_size=False), sit, mcr_rules(d.get("rule_set")))


@pytest.mark.parametrize("params", [{}, {"forms": "special"}, {"rule_set": "mcr_common", "options": 10}])
def test_count_the_fans_answer_is_the_calculators(params: dict) -> None:
    for seed in SEEDS:
        ex = GENERATORS["mcr_fans"].generate(params, seed)
        res = rescore(ex)
        fans, total = ex.answer
        assert fans == {f for f in res.fans if f != "flower_tiles"} and total == res.total
        assert res.meets_minimum and fans <= {o.value for o in ex.prompt.options}
        assert ex.check((fans, total)) and not ex.check((fans, total + 1))
        assert not ex.check((fans - {next(iter(fans))}, total))


def test_the_other_fan_questions_come_from_the_calculator() -> None:
    for seed in SEEDS:
        total = GENERATORS["mcr_fans"].generate({"ask": "total"}, seed)
        assert total.answer == rescore(total).total and total.prompt.input == "number"
        minimum = GENERATORS["mcr_minimum"].generate({}, seed)
        assert minimum.answer == {"yes" if rescore(minimum).meets_minimum else "no"}
        for ask in ("fan", "why"):
            ex = GENERATORS["mcr_excluded"].generate({"ask": ask}, seed)
            res = rescore(ex)
            left = {d.id: d for d in res.excluded if d.principle == "non_repeat"}
            if ask == "fan":
                (fan,) = ex.answer
                assert fan in left and fan not in res.fans
                assert all(o.value in res.fans for o in ex.prompt.options if o.value != fan)
            else:  # every counted fan that implies the left-out one is right (the calculator names one)
                fan = ex.prompt.get("fan")
                assert left[fan].by in ex.answer and ex.skill == "mcr_principles"
                assert ex.answer == {o.value for o in ex.prompt.options if fan in implied_fans(res.rules, o.value)}


@pytest.mark.parametrize("forms", ["any", "knitted", "special", "standard"])
def test_waits_by_brute_force(forms: str) -> None:
    seen_knitted = False
    for seed in SEEDS:
        ex = GENERATORS["mcr_waits"].generate({"forms": forms}, seed)
        hand = parse_hand(ex.prompt.hand, check_size=False)
        melds, held = hand_groups(hand), hand.all_counts()
        want = set()
        for k in range(34):
            counts = hand.counts()
            counts[k] += 1
            readings = all_readings(counts, melds)
            if held[k] < 4 and readings:
                want.add(k)
                seen_knitted |= any(r.form in ("knitted_straight", "honors_knitted") for r in readings)
        assert ex.answer == want, ex.prompt.hand
    assert seen_knitted or forms in ("standard", "special")


def test_a_wrong_fan_is_explained_by_what_leaves_it_out() -> None:
    from trainer.ui.mcr_texts import mcr_mistake

    checked = 0
    for seed in range(40):
        ex = GENERATORS["mcr_fans"].generate({}, seed)
        fans, total = ex.answer
        traps = [i for i in ex.explanation if i.get("kind") == "mcr_excluded" and i["by_fan"]
                 and i["id"] in {o.value for o in ex.prompt.options}]
        if not traps:
            continue
        trap = traps[0]
        text = mcr_mistake(ex, (fans | {trap["id"]}, total + 1), final=False)
        assert "{term:mcr_" + trap["id"] + "}" in text and "{term:mcr_" + trap["by"] + "}" in text
        assert "{term:mcr_" + trap["principle"] + "}" in text
        assert str(total) not in text.split("You said")[0]  # the retry never gives the total away
        final = mcr_mistake(ex, (fans | {trap["id"]}, total + 1), final=True)
        assert f"= {total}." in final
        checked += 1
    assert checked >= 5


def test_flowers_left_out_of_the_total_are_named() -> None:
    from trainer.ui.mcr_texts import total_lines

    for seed in range(60):
        ex = GENERATORS["mcr_fans"].generate({"ask": "total"}, seed)
        flowers = ex.prompt.get("flowers")
        if flowers:
            lines = total_lines(ex.explanation, ex.answer - flowers, final=False)
            assert any("flower" in line for line in lines)
            return
    pytest.fail("no hand with flowers in 60 seeds")


# ---------------------------------------------------------------- the app


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    with headless_app(tmp_path, monkeypatch, progress="open") as a:
        yield a


def test_the_drill_menu_has_an_mcr_group(app) -> None:  # noqa: ANN001
    screen = app.push("drills", group="riichi")
    app.render()
    assert not any("MCR" in c.title for c in screen.cards)
    tabs = screen.tabs
    click(app, (tabs.rect.right - 20, tabs.rect.centery))
    mcr = app.screen
    assert [c.title for c in mcr.cards] == ["MCR: count the fans", "MCR: does it reach 8?", "MCR: the fan left out",
                                             "MCR: waits"]
    key(app, pygame.K_1, "1")
    assert app.screen.name == "drill_setup" and app.screen.params["generator"] == "mcr_fans"
    app.pop()
    app.pop()
    assert app.push("drills").tabs.value == "mcr"  # the list opens on the group last shown
    app.pop()
    app.push("drills", group="riichi")


def _tick_and_type(app, screen, fans: set[str], total: int) -> None:  # noqa: ANN001
    view = screen.view
    for b in view.buttons:
        if view.ex.prompt.options[b.index].value in fans:
            click(app, b.rect.center)
    screen.set_focus(view.fields[0][1])
    for ch in str(total):
        key(app, pygame.K_0 + int(ch), ch)
    key(app, pygame.K_RETURN, "\r")


def test_count_the_fans_session_records_and_explains(app) -> None:  # noqa: ANN001
    screen = app.push("drill", generator="mcr_fans", params={}, n=2, seed=3)
    app.render()
    ex = screen.view.ex
    fans, total = ex.answer
    _tick_and_type(app, screen, set(fans), total)
    assert screen.results == ["right"] and "{term:mcr_" in screen.feedback_text
    key(app, pygame.K_RETURN, "\r")
    ex = screen.view.ex
    fans, total = ex.answer
    _tick_and_type(app, screen, set(fans), total + 3)
    assert screen.phase == "retry" and "You said" in screen.feedback_text
    assert app.progress.answer_count(app.learner_id) == 2
    assert "mcr_fans" in {m.skill for m in app.progress.mastery(app.learner_id)}
    due = app.progress.due_reviews(app.learner_id, now=__import__("datetime").datetime(2100, 1, 1))
    assert any(d["generator"] == "mcr_fans" for d in due)  # spaced repetition brings the items back


def test_waits_session_names_the_form(app) -> None:  # noqa: ANN001
    screen = app.push("drill", generator="mcr_waits", params={"forms": "knitted"}, n=1, seed=2)
    app.render()
    view = screen.view
    wrong = next(i for i, s in enumerate(view.picker.slots) if s.tile.kind not in view.ex.answer)
    click(app, view.picker.rects[wrong].center)
    key(app, pygame.K_RETURN, "\r")
    assert "completes no MCR form" in screen.feedback_text or "cannot come" in screen.feedback_text
    screen.retry()
    key(app, pygame.K_RETURN, "\r")
    assert screen.phase == "done" and "completes the hand as" in screen.feedback_text


# ---------------------------------------------------------------- lessons


MCR_LESSON = """
id: mcr_demo
title: {ru: "Пример", en: "Demo"}
track: mcr
level: 1
audience: player
minutes: 5
preset: mcr
skill: mcr_fans
steps:
  - kind: choice
    prompt: {ru: "Какие фаны считают?"}
    ask: mcr_fans
    multiple: true
    hand: "12345677788899s"
    win: {tile: 9s, by: tsumo}
    options:
      - {value: mcr_full_flush}
      - {value: mcr_no_honors}
      - {value: mcr_fully_concealed}
      - {value: mcr_self_drawn}
    expect: [mcr_full_flush, mcr_fully_concealed]
  - kind: number
    prompt: {ru: "Сколько получит победитель?"}
    ask: mcr_points
    hand: "12345677788899s"
    win: {tile: 9s, by: tsumo, flowers: 1}
    expect: 120
  - kind: pick_tiles
    prompt: {ru: "Ожидания?"}
    ask: mcr_waits
    hand: "147m258p369s5z (777s)"
    expect: "5z"
"""


def test_lesson_asks_are_answered_by_the_mcr_calculator() -> None:
    lf = load_text(MCR_LESSON, "mcr_demo.yaml")
    lesson = lf.lesson
    assert lesson is not None, lf.problems
    choice, number, pick = lesson.steps
    assert answers.check_step(choice, lesson) == [] and answers.check_step(number, lesson) == []
    assert answers.check_step(pick, lesson) == []
    fb = answers.grade(choice, frozenset({0, 1, 2}), lesson)
    assert not fb.correct and fb.expected == frozenset({0, 2})
    from trainer.ui.views.mistakes import lesson_mistake

    text = lesson_mistake(choice, frozenset({0, 1, 2}), fb, final=False)
    assert "{term:mcr_no_honors}" in text and "{term:mcr_full_flush}" in text and "{term:mcr_non_repeat}" in text
    assert answers.grade(number, 120, lesson).correct
    wrong = lf.lesson.steps[1].model_copy(update={"expect": 99})
    assert "computes 120" in answers.check_step(wrong, lesson)[0][1]


def test_a_wrong_lesson_step_is_reported_at_its_line() -> None:
    bad = MCR_LESSON.replace("expect: 120", "expect: 121").replace("    win: {tile: 9s, by: tsumo}\n    options",
                                                                   "    options")
    lf = load_text(bad, "mcr_demo.yaml")
    messages = [p.message for p in lf.problems]
    assert any("needs win:" in m for m in messages)


def test_the_mcr_track_teaches_in_order() -> None:
    from trainer.lessons.loader import load_all

    lib = load_all(engine_checks=False)
    lessons = lib.by_track("mcr")
    assert len(lessons) >= 8
    levels = [lesson.level for lesson in lessons]
    assert levels == sorted(levels)
    ids = {lesson.id for lesson in lessons}
    for lesson in lessons:
        assert set(lesson.prerequisites) <= ids
        quizzes = [s for s in lesson.steps if s.interactive]
        assert quizzes and all(getattr(s, "ask", None) is None or s.ask.startswith("mcr_") or s.kind == "drill"
                               for s in quizzes)
    asks = {getattr(s, "ask", None) for lesson in lessons for s in lesson.steps}
    assert {"mcr_fans", "mcr_excluded", "mcr_minimum", "mcr_total", "mcr_points", "mcr_waits"} <= asks


def test_an_mcr_lesson_step_on_screen(app) -> None:  # noqa: ANN001
    lesson = next(x for x in app.library().by_track("mcr") if x.id == "mcr_principles")
    index = next(i for i, s in enumerate(lesson.steps) if getattr(s, "ask", None) == "mcr_excluded")
    screen = app.push("lesson", lesson_id=lesson.id, step=index)
    app.render()
    counted = next(b for b in screen.view.buttons if lesson.steps[index].options[b.index].value == "mcr_full_flush")
    click(app, counted.rect.center)
    key(app, pygame.K_RETURN, "\r")
    assert screen.phase == "retry" and "is counted here" in screen.feedback_text


def test_the_honors_and_knitted_form_is_not_named_lesser_before_the_fans_say_which():
    """The reading line of an honors-and-knitted hand says what the form is (fourteen different
    single tiles) without calling it the lesser hand: with all seven honors it is the greater one
    (七星不靠, 24 points), and the fan line names which."""
    from trainer.i18n import set_language
    from trainer.ui.mcr_texts import form_label, mcr_explain_item

    set_language("en")
    label = form_label("honors_knitted")
    assert "lesser" not in label.lower() and "knitted" in label
    line = mcr_explain_item({"kind": "mcr_reading", "form": "honors_knitted", "reading": ""})
    assert line is not None and "mcr_lesser_honors_and_knitted_tiles" not in line
    set_language("ru")
    assert "благородные" in form_label("honors_knitted")
    set_language("en")


def test_the_mcr_waits_retry_counts_the_waits_found_not_tiles_still_needed():
    """A retry of the MCR waits drill said "2 more tiles complete the hand", which reads as "you
    need two more tiles"; it now says how many winning tiles the hand has and how many were found,
    as the riichi waits drill does."""
    from trainer.i18n import set_language
    from trainer.ui.mcr_texts import waits_lines

    set_language("en")
    lines = waits_lines("1112345678999m", None, {0}, {0, 1, 2}, final=False)
    text = " ".join(lines)
    assert "This hand has 3 winning tiles; you found 1." in text and "complete the hand" not in text
    set_language("ru")
    assert "вы нашли 1" in " ".join(waits_lines("1112345678999m", None, {0}, {0, 1, 2}, final=False))
    set_language("en")
