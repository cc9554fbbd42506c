"""Scoring drills (review 19, driller items 2, 3, 4, 6, 10, 14, 18, 19).

2: a fu breakdown accepts every reading that scores the hand the same (the engine's tied
   alternatives), marks its chips right and says the hand reads more ways than one;
3: the yaku/han drills give the hand's own value, with no honba or sticks the question never shows;
4: no ura-dora indicator without riichi;
6: the sanma dora breakdown names the Norths set aside, so its parts add up;
10: a tsumo's honba are said per payer and in all;
14: at 1280x720 the fu breakdown's retry panel leaves the running sum and every chip in view;
18: the fu-total feedback speaks of the one number typed, knows seven pairs, and the sum follows the
    items it sums;
19: "open hands 100%" gives open hands only.
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from tests.ui_events import click, frame, headless_app, key  # noqa: E402
from trainer.engine.exercises import GENERATORS  # noqa: E402
from trainer.engine.exercises.scoring_drills import equal_readings, rules_for  # noqa: E402
from trainer.engine.fu import FuItem, round_fu  # noqa: E402
from trainer.engine.notation import parse_hand  # noqa: E402
from trainer.engine.scoring import ScoringError, score_hand  # noqa: E402
from trainer.engine.scoring_random import random_win  # noqa: E402
from trainer.i18n import set_language  # noqa: E402
from trainer.ui.richtext import plain_text  # noqa: E402

FU = GENERATORS["fu_count"]
YAKU = GENERATORS["yaku_identify"]
BREAKDOWN = {"answer": "fu_breakdown", "seven_pairs": False}


@pytest.fixture(params=["en", "ru"])
def app(request: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    with headless_app(tmp_path, monkeypatch, progress="open", language=request.param) as a:
        yield a
    set_language("en")


def _fu(items: Any) -> int:
    return round_fu(tuple(FuItem(a, b) for a, b in items))


# ---------------------------------------------------------------- 2: readings that score the same


def test_the_pair_wait_and_the_middle_wait_are_both_right() -> None:
    """34455667777889p, tsumo 7p: the 7p is the pair's wait (tanki), the middle of 6_8p (kanchan)
    or the edge of 89_p (penchan); each is 20 + 2 + 2 → 30 fu with the same han."""
    ex = FU.generate(BREAKDOWN, 33)
    assert ex.prompt.hand == "34455667777889p"
    readings = {tuple(sorted(r)) for r in ex.readings()}
    for wait in ("wait_tanki", "wait_kanchan", "wait_penchan"):
        items = [("fuutei", 20), ("tsumo", 2), (wait, 2)]
        assert tuple(sorted(items)) in readings
        assert ex.check(items)
    assert not ex.check([("fuutei", 20), ("tsumo", 2)])
    assert not ex.check([("fuutei", 20), ("tsumo", 2), ("wait_kanchan", 2), ("wait_tanki", 2)])
    # the right reading nearest to what the learner gave: theirs when it is one
    assert sorted(ex.answer_near([("fuutei", 20), ("wait_kanchan", 2)])) == [
        ("fuutei", 20), ("tsumo", 2), ("wait_kanchan", 2)]


def test_a_two_sided_reading_is_right_beside_the_middle_wait() -> None:
    """340m344556p345s66z, tsumo 4p: 3_5p (kanchan) 26 → 30 fu, or 34_p (ryanmen) 24 → 30 fu."""
    ex = FU.generate(BREAKDOWN, 6)
    assert ex.check([("fuutei", 20), ("tsumo", 2), ("pair_dragon", 2), ("wait_kanchan", 2)])
    assert ex.check([("fuutei", 20), ("tsumo", 2), ("pair_dragon", 2)])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), preset=st.sampled_from(["tenhou", "sanma"]))
def test_every_best_scoring_reading_is_accepted(seed: int, preset: str) -> None:
    """For random won hands: every valid reading the engine lists with the hand's han and fu is
    among the accepted ones, and each accepted reading rounds to the hand's fu."""
    rules = rules_for(preset)
    hand, ctx = random_win(random.Random(seed), rules)
    try:
        result = score_hand(hand, ctx, rules)
    except ScoringError:
        return
    if result.yakuman:
        return
    readings = equal_readings(result)
    keys = {tuple(sorted(r)) for r in readings}
    assert tuple(sorted((f.id, f.fu) for f in result.fu_items)) in keys
    for alt in result.alternatives:
        if alt.valid and not alt.yakuman and (alt.han, alt.fu) == (result.han, result.fu):
            assert tuple(sorted((f.id, f.fu) for f in alt.fu_items)) in keys
    for r in readings:
        assert _fu(r) == result.fu


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6))
def test_the_drill_accepts_each_reading_and_nothing_else(seed: int) -> None:
    ex = FU.generate(BREAKDOWN, seed)
    total = ex.prompt.get("total")
    for r in ex.readings():
        assert ex.check(list(r)) and _fu(r) == total
        if len(r) > 1:  # an item left out is no reading of its own (unless another reading is exactly that)
            short = list(r[:-1])
            assert ex.check(short) == any(sorted(short) == sorted(o) for o in ex.readings())


def test_a_second_reading_is_right_in_the_drill_and_said_in_the_feedback(app: Any) -> None:
    screen = app.push("drill", generator="fu_count", params=BREAKDOWN, n=1, seed=33)
    app.render()
    for item in ("fuutei", "tsumo", "wait_kanchan"):
        chip = next(c for c in screen.view.chips if c.key == item)
        click(app, chip.rect.move(chip.rect.height, 0).center)
    key(app, pygame.K_RETURN, "\r")
    assert screen.phase == "done" and screen.results == ["right"]
    assert all(c.mark in (None, "right") for c in screen.view.chips)
    text = plain_text(screen.feedback_text, app)
    words = {"en": "can also be read", "ru": "можно прочитать"}[app.settings.language]
    assert words in text and ("kanchan" in text or "канчан" in text)


def test_chips_of_the_nearest_reading_are_not_marked_wrong(app: Any) -> None:
    """A retry with the middle-wait reading short of its tsumo: the kanchan chip is not red."""
    screen = app.push("drill", generator="fu_count", params=BREAKDOWN, n=1, seed=33)
    app.render()
    for item in ("fuutei", "wait_kanchan"):
        chip = next(c for c in screen.view.chips if c.key == item)
        click(app, chip.rect.move(chip.rect.height, 0).center)
    key(app, pygame.K_RETURN, "\r")
    assert screen.phase == "retry"
    marks = {c.key: c.mark for c in screen.view.chips if c.count}
    assert marks == {"fuutei": "right", "wait_kanchan": "right"}


# ---------------------------------------------------------------- 3, 4: the yaku/han situation


def test_the_han_drill_total_is_the_hands_value(app: Any) -> None:
    """Dealer tsumo, 5 han 40 fu: a mangan of 12 000, not 14 000 with two sticks never shown."""
    ex = YAKU.generate({"ask": "han"}, 1)
    data = dict(ex.prompt.data)
    assert data["honba"] == 0 and data["sticks"] == 0
    total = next(i for i in ex.explanation if i["kind"] == "total")
    assert total["points"] == 12000
    screen = app.push("drill", generator="yaku_identify", params={"ask": "han"}, n=1, seed=1)
    app.render()
    for _ in range(2):
        field = screen.view.fields[0][1]
        screen.set_focus(field)
        key(app, pygame.K_9, "9")
        key(app, pygame.K_RETURN, "\r")
        if screen.phase == "retry":
            key(app, pygame.K_RETURN, "\r")
    text = plain_text(screen.feedback_text, app).replace("\u00a0", " ").replace("\u202f", " ").replace(",", " ")
    assert "12 000" in text and "14 000" not in text


@pytest.mark.parametrize("preset", ["tenhou", "sanma"])
def test_no_ura_indicator_without_riichi(preset: str) -> None:
    for ask in ("han", "yaku"):
        params = YAKU.params({"ask": ask, "preset": preset})
        for seed in range(60):
            data = dict(YAKU.generate(params, seed).prompt.data)
            assert not data["ura"] or {"riichi", "double_riichi"} & set(data["flags"]), (seed, data)
            assert data["honba"] == 0 and data["sticks"] == 0
    fu = FU.params({"preset": preset})
    for seed in range(40):
        data = dict(FU.generate(fu, seed).prompt.data)
        assert not data["ura"] or {"riichi", "double_riichi"} & set(data["flags"]), (seed, data)


def test_riichi_hands_keep_their_ura_indicator() -> None:
    params = YAKU.params({"ask": "han", "situational": True})
    seen = [dict(YAKU.generate(params, s).prompt.data) for s in range(80)]
    assert any(d["ura"] for d in seen if "riichi" in d["flags"])


# ---------------------------------------------------------------- 6: nuki dora in the breakdown


def test_the_sanma_dora_breakdown_adds_up(app: Any) -> None:
    from trainer.ui.question_texts import more_explain_item

    text = plain_text(more_explain_item({"kind": "dora", "count": 5, "dora": 2, "ura": 0, "aka": 1, "nuki": 2}), app)
    words = {"en": "Norths set aside", "ru": "выложенные в сторону северы"}[app.settings.language]
    assert words in text and text.rstrip(")").endswith(": 2")
    ex = YAKU.generate({"preset": "sanma", "ask": "both"}, 0)
    dora = next(i for i in ex.explanation if i["kind"] == "dora")
    assert dora["nuki"] and dora["count"] == dora["dora"] + dora["ura"] + dora["aka"] + dora["nuki"]
    assert words in plain_text(more_explain_item(dora), app)


# ---------------------------------------------------------------- 10: honba per payer and in all


def test_a_tsumo_says_the_honba_per_payer_and_in_all() -> None:
    from trainer.ui.views.explain import explain_item

    set_language("en")
    gen = GENERATORS["points_lookup"]
    for preset, payers in (("tenhou", 3), ("sanma", 2)):
        params = gen.params({"wins": "tsumo", "roles": "dealer", "honba": 3, "preset": preset})
        ex = next(e for e in (gen.generate(params, s) for s in range(40)) if e.prompt.get("honba") >= 2)
        item = ex.explanation[0]
        n = item["honba"]
        each, whole = n * 100, n * 100 * payers
        assert item["honba_total"] == whole
        base = item["base"]["all"] * payers
        assert item["total"] == base + whole  # the total counts every payer's honba
        assert f"+{each} from each payer, +{whole} in all" in explain_item(item)  # under 1 000: no separator
    ron = gen.params({"wins": "ron", "honba": 3})
    ex = next(e for e in (gen.generate(ron, s) for s in range(40)) if e.prompt.get("honba") >= 1)
    text = explain_item(ex.explanation[0])
    assert "each payer" not in text and f"+{ex.prompt.get('honba') * 300}" in text.replace(",", "")


# ---------------------------------------------------------------- 14: the retry panel at 1280x720


@pytest.mark.parametrize(("params", "seed", "items"), [
    (BREAKDOWN, 33, ("fuutei", "wait_kanchan")),  # two lines of situation (double riichi, ippatsu, ura)
    ({"answer": "fu_breakdown", "preset": "sanma"}, 0, ("fuutei", "chiitoitsu")),
])
def test_the_retry_panel_leaves_the_sum_and_every_chip_in_view(app: Any, params: dict, seed: int,
                                                                items: tuple[str, ...]) -> None:
    screen = app.push("drill", generator="fu_count", params=params, n=1, seed=seed)
    app.render()
    for item in items:
        chip = next(c for c in screen.view.chips if c.key == item)
        click(app, chip.rect.move(chip.rect.height, 0).center)
    key(app, pygame.K_RETURN, "\r")
    frame(app)
    assert screen.phase == "retry"
    panel = screen.feedback_rect
    view = screen.view
    assert view.reserved_rect.bottom <= panel.top
    assert all(c.rect.bottom <= panel.top for c in view.chips if c.visible)
    assert len([c for c in view.chips if c.visible]) == len(view.chips)
    assert view.hand_row is not None and view.hand_row.rect.bottom <= panel.top
    assert not view.hand_row.rect.colliderect(view.prompt.rect)
    assert all(not view.hand_row.rect.colliderect(c.rect) for c in view.chips)


# ---------------------------------------------------------------- 18: a typed fu total


def test_a_typed_total_is_not_called_your_items(app: Any) -> None:
    from trainer.ui.views.mistakes import fu_total_text

    items = [("fuutei", 20), ("menzen_ron", 10), ("ankou_simple", 4)]
    for given_fu in (50, 30):
        for final in (False, True):
            text = fu_total_text(items, 40, given_fu, final)
            assert "your items" not in text and "ваших пунктов" not in text
            assert "Sum" not in text and "Сумма" not in text  # the working after it sums the items


def test_seven_pairs_get_their_own_words(app: Any) -> None:
    from trainer.ui.views.mistakes import fu_total_text

    retry = plain_text(fu_total_text([("chiitoitsu", 25)], 25, 35, False), app)
    assert "25" not in retry  # the retry gives nothing away
    final = plain_text(fu_total_text([("chiitoitsu", 25)], 25, 35, True), app)
    assert "25" in final and ("七対子" in final)


def test_the_fu_total_final_lists_the_items_before_their_sum(app: Any) -> None:
    ex = next(e for e in (FU.generate({}, s) for s in range(60)) if e.answer != 25)
    screen = app.push("drill", generator="fu_count", params={}, n=1, seed=ex.seed)
    app.render()
    for _ in range(2):
        field = screen.view.fields[0][1]
        screen.set_focus(field)
        for ch in str(ex.answer + 10):
            key(app, getattr(pygame, f"K_{ch}"), ch)
        key(app, pygame.K_RETURN, "\r")
        if screen.phase == "retry":
            key(app, pygame.K_RETURN, "\r")
    text = plain_text(screen.feedback_text, app)
    total = {"en": "Total:", "ru": "Итого:"}[app.settings.language]
    from trainer.ui.views.explain import fu_name

    first_item = fu_name(next(i for i in ex.explanation if i["kind"] == "fu")["id"])
    assert total in text and text.index(first_item) < text.index(total)
    assert "your items" not in text and "ваших пунктов" not in text


def test_the_fu_hint_starts_with_the_form(app: Any) -> None:
    ex = next(e for e in (FU.generate({}, s) for s in range(80)) if e.answer == 25)
    screen = app.push("drill", generator="fu_count", params={}, n=1, seed=ex.seed)
    app.render()
    click(app, screen.hint_btn.rect.center)  # the focused number box owns H
    text = plain_text(screen.feedback_text, app)
    assert {"en": "form first", "ru": "форму руки"}[app.settings.language] in text


# ---------------------------------------------------------------- 19: open hands 100%


@pytest.mark.parametrize("preset", ["tenhou", "sanma"])
def test_open_ratio_one_gives_open_hands_only(preset: str) -> None:
    for gen in (FU, YAKU):
        params = gen.params({"open_ratio": 1.0, "preset": preset})
        for seed in range(30):
            hand = parse_hand(gen.generate(params, seed).prompt.hand, check_size=False)
            assert not hand.is_closed, (gen.name, seed)
    rules = rules_for(preset)
    rng = random.Random(5)
    assert all(not random_win(rng, rules, open_rate=1.0)[0].is_closed for _ in range(200))
    assert all(random_win(rng, rules, open_rate=0.0)[0].is_closed for _ in range(200))


def test_the_retry_never_says_an_item_of_another_reading_is_not_in_the_hand() -> None:
    from trainer.ui.views.mistakes import drill_mistake

    set_language("en")
    ex = FU.generate(BREAKDOWN, 33)
    text = drill_mistake(ex, [("fuutei", 20), ("wait_kanchan", 2)], final=False)
    assert "does not score" not in text and "1 item of the hand is missing" in text
