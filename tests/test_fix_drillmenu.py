"""Review 19 (driller) #7, 11, 12, 13, 15, 16, 17: the drill settings form says an impossible choice
in its own words and its range steppers cannot cross; the settings are kept between runs (and a
stale kept value falls back to its default); a hint that helped is not "right on the first try";
the small drills say why the learner's own pick is wrong; the MCR waits final names no line
twice; plurals after a number; one full stop after an option that is a sentence."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.test_ui_drills import answer_right  # noqa: E402
from tests.text_checks import texts_drawn  # noqa: E402
from tests.ui_events import frame, headless_app, key  # noqa: E402
from trainer import i18n  # noqa: E402
from trainer.cli.wrong_answers import drill_wrong  # noqa: E402
from trainer.ui.richtext import BR, plain_text  # noqa: E402
from trainer.ui.widgets import Stepper  # noqa: E402


@pytest.fixture()
def ru(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    with headless_app(tmp_path, monkeypatch, language="ru", progress="open") as a:
        yield a


@pytest.fixture()
def lang():  # noqa: ANN201
    before = i18n.current_language()
    yield i18n.set_language
    i18n.set_language(before)


def _stepper(screen, key_name: str) -> Stepper:  # noqa: ANN001
    return next(w for k, w in screen.fields if k == key_name)


# ---------------------------------------------------------------- #7 impossible settings


@pytest.mark.parametrize(("generator", "values", "said"), [
    ("points_lookup", {"han_min": 6, "han_max": 2}, "«Минимум ханов» не может быть больше, чем «Максимум ханов»."),
    ("shanten", {"min_shanten": 4, "max_shanten": 1},
     "«Минимальный шантен» не может быть больше, чем «Максимальный шантен»."),
    ("single_suit_waits", {"min_waits": 5, "max_waits": 2},
     "«Минимум ожиданий» не может быть больше, чем «Максимум ожиданий»."),
    ("points_lookup", {"fu": []}, "Выберите хотя бы одно значение в поле «Значения фу»."),
])
def test_impossible_settings_are_said_in_the_forms_own_words(ru, generator, values, said) -> None:
    screen = ru.push("drill_setup", generator=generator)
    screen.values.update(values)  # as a stale kept value would set them: the steppers cannot
    screen._example = None
    frame(ru)
    assert screen.example()[1] == said
    ru.banners.clear()
    key(ru, pygame.K_RETURN, "\r")
    assert ru.screen is screen
    assert [b.text for b in ru.banners] == [said]
    assert "Value error" not in said and "han_min" not in said


def test_a_setting_that_does_not_go_with_the_others_is_named(ru) -> None:
    screen = ru.push("drill_setup", generator="complete_hand")
    screen.values.update({"ask": "pair", "special_forms": 0.5})
    screen._example = None
    text = screen.example()[1]
    assert text in ("Поле «Вопрос» не сочетается с полем «Семь пар и кокуши»: измените одно из них или нажмите «По умолчанию».",
                    "Поле «Семь пар и кокуши» не сочетается с полем «Вопрос»: измените одно из них или нажмите «По умолчанию».")


def test_the_range_steppers_cannot_cross(ru) -> None:
    screen = ru.push("drill_setup", generator="points_lookup")
    low, high = _stepper(screen, "han_min"), _stepper(screen, "han_max")
    high._set(4)
    low._set(6)  # the lowest above the highest: the highest goes up with it
    assert screen.values["han_min"] == 6 and screen.values["han_max"] >= 6 and high.value == screen.values["han_max"]
    high._set(2)  # the highest below the lowest: the lowest comes down with it
    assert screen.values["han_max"] == 2 and screen.values["han_min"] <= 2 and low.value == screen.values["han_min"]
    from trainer.ui.screens.drill_menu import settings_problem

    assert settings_problem(screen.gen, screen.values, "points_lookup") == ""  # usable again


# ---------------------------------------------------------------- #12 the settings are kept


def test_drill_settings_are_kept_when_the_app_is_reopened(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    chosen = {"n": 5, "han_min": 5, "han_max": 13, "roles": "dealer", "wins": "tsumo", "preset": "ema"}
    with headless_app(tmp_path, monkeypatch, language="ru", progress="open") as app:
        screen = app.push("drill_setup", generator="points_lookup")
        screen.values.update(chosen)
        key(app, pygame.K_RETURN, "\r")
        assert app.screen.name == "drill"
    from trainer.ui.screens import drill_menu

    drill_menu._LAST_PARAMS.clear()  # a new run of the app: nothing in memory
    with headless_app(tmp_path, monkeypatch, language="ru", progress="open") as app:
        screen = app.push("drill_setup", generator="points_lookup")
        assert {k: screen.values[k] for k in chosen} == chosen


@pytest.mark.parametrize("kept", [
    {"points_lookup": {"n": 5, "han_min": 99, "roles": "nobody", "wins": "tsumo", "no_such_setting": 1}},
    {"points_lookup": {"han_min": 6, "han_max": 2}},
    {"points_lookup": "not an object"},
    ["not", "an", "object"],
])
def test_a_stale_kept_setting_falls_back_to_its_default(ru, kept) -> None:
    from trainer.ui.screens import drill_menu

    drill_menu._LAST_PARAMS.clear()
    ru.set_learner_data(drill_menu.PARAMS_KEY, kept)
    screen = ru.push("drill_setup", generator="points_lookup")
    frame(ru)
    screen.gen.params(screen.values)  # what the form holds is always usable
    if isinstance(kept, dict) and isinstance(kept["points_lookup"], dict) and "wins" in kept["points_lookup"]:
        assert screen.values["n"] == 5 and screen.values["wins"] == "tsumo"  # the good values are kept
        assert screen.values["han_min"] != 99 and screen.values["roles"] != "nobody"
    key(ru, pygame.K_RETURN, "\r")
    assert ru.screen.name == "drill"


# ---------------------------------------------------------------- #13 hints


def test_an_item_helped_by_a_hint_is_not_right_on_the_first_try(ru, monkeypatch: pytest.MonkeyPatch) -> None:
    from trainer.ui.screens import drills

    recorded = []
    real = ru.record_answer
    monkeypatch.setattr(ru, "record_answer", lambda *a, **k: (recorded.append(a), real(*a, **k)))
    screen = ru.push("drill", generator="single_suit_waits", params={"size": 7}, n=2, seed=3)
    screen.hint()
    answer_right(ru, screen)
    assert screen.results == ["hinted"] and screen.right == 0
    assert recorded[-1][3] is True and recorded[-1][5] == 1  # right, with its hint level
    key(ru, pygame.K_RETURN, "\r")
    answer_right(ru, screen)
    assert screen.results == ["hinted", "right"] and screen.right == 1
    key(ru, pygame.K_RETURN, "\r")
    assert screen.finished
    drawn = texts_drawn(monkeypatch, drills)
    frame(ru)
    assert "С первой попытки верно: 1 из 2" in drawn, drawn
    assert "С подсказкой: ещё 1 верный ответ" in drawn


def test_the_helped_dot_is_drawn_apart_from_a_right_one(ru) -> None:
    from trainer.ui.theme import PALETTE as P

    screen = ru.push("drill", generator="single_suit_waits", params={"size": 7}, n=2, seed=3)
    screen.results = ["hinted", "right"]
    screen.index = 2
    screen.finished = True
    screen.rebuild()
    surf = frame(ru)
    L = ru.layout
    area = L.content()
    y = L.header_h + L.px(8) + L.px(7) // 2
    w = (area.width - L.px(4)) / 2
    hinted = {tuple(surf.get_at((round(area.left + x * w), y)))[:3] for x in (0.2, 0.8)}
    right = {tuple(surf.get_at((round(area.left + w + L.px(4) + x * w), y)))[:3] for x in (0.2, 0.8)}
    assert hinted == {P.right, P.hint} and right == {P.right}


# ---------------------------------------------------------------- #15 the small drills


@pytest.mark.parametrize(("generator", "params"), [
    ("dora_from_indicator", {}), ("dora_from_indicator", {"ask": "count", "aka": 3}),
    ("tile_group", {}), ("tile_group", {"ask": "pick"}), ("make_set", {}),
    ("make_set", {"ask": "judge", "traps": ["wrap", "mixed_suits", "honor_run", "gap"]}),
    ("complete_hand", {"ask": "pair"}), ("complete_hand", {"ask": "extra"}), ("safe_tile", {}),
])
def test_the_retry_says_why_the_learners_own_pick_is_wrong(ru, generator, params) -> None:
    for seed in range(4):
        screen = ru.push("drill", generator=generator, params=params, n=1, seed=seed)
        drill_wrong(ru, screen)
        lines = [plain_text(line, ru) for line in screen.feedback_text.split(BR)]
        assert screen.phase == "retry"
        assert "Перечитайте вопрос" not in " ".join(lines), lines
        own = [line for line in lines[:-1] if not line.startswith("Ваш ответ:")]  # the last: where to look
        assert own, lines  # more than the answer named
        ru.pop()


@pytest.mark.parametrize(("generator", "params"), [
    ("complete_hand", {}), ("furiten_situation", {}),
])
def test_a_yes_no_retry_gets_a_where_to_look_of_its_own(ru, generator, params) -> None:
    screen = ru.push("drill", generator=generator, params=params, n=1, seed=0)
    drill_wrong(ru, screen)
    assert "Перечитайте вопрос" not in plain_text(screen.feedback_text, ru)


def test_the_dora_final_says_what_comes_after_north(lang) -> None:
    from trainer.ui.views.mistakes import dora_pick_text

    lang("ru")
    retry = dora_pick_text("4z", {26}, {27}, final=False)  # 9s for the North indicator
    assert "{tiles:9s} — из другого ряда, чем индикатор" in retry and "{tiles:1z}" not in retry
    final = dora_pick_text("4z", {26}, {27}, final=True)
    assert "После {tiles:4z} идёт {tiles:1z}: ветры идут по кругу" in final
    assert "а после {term:pei} снова идёт {term:ton}" in final
    assert dora_pick_text("4z", {30}, {27}, final=False).startswith("{tiles:4z} — это сам индикатор")
    assert dora_pick_text("4z", {29}, {27}, final=False).startswith("{tiles:3z} идёт перед индикатором {tiles:4z}")
    lang("en")
    assert "After {tiles:9p} comes {tiles:1p}: in a suit the numbers go up to 9, and after 9 comes 1 again." in (
        dora_pick_text("9p", {8}, {9}, final=True))


def test_the_set_final_says_why_8s_9s_9s_is_no_set(lang) -> None:
    from trainer.ui.views.mistakes import set_complete_text, set_judge_text

    lang("ru")
    assert set_complete_text("99s", {25}, {26}, final=True) == (
        "{tiles:899s} — не сет: для последовательности нужны три разных числа подряд, для тройки — три "
        "одинаковые плитки.")
    assert "ветры и драконы не составляют последовательностей" in set_judge_text("567z", "run", "none", False)
    lang("en")
    assert "the numbers do not go round from 9 to 1" in set_judge_text("891m", "run", "none", True)
    assert "of different suits" in set_judge_text("1m2p3s", "run", "none", True)


def test_the_groups_and_the_complete_hands_are_explained(lang) -> None:
    from trainer.ui.views.mistakes import group_text, hand_complete_text, hand_extra_text

    lang("en")
    line = group_text("2s", {"terminal"}, {"simple"}, {}, final=False)
    assert line == "{tiles:2s} is not one of the {term:routouhai}: the terminals are the 1s and 9s of the three suits."
    value = group_text("3z", {"value"}, {"none"}, {"seat": "E", "round": "S"}, final=True)
    assert "your seat wind {term:ton} and the round wind {term:nan}" in value
    assert hand_complete_text("1113m1235677788p", "yes", final=True).startswith(
        "The hand is not complete: at best it splits into")
    assert hand_complete_text("11155567m555p444s", "no", final=False) == ""  # the retry gives nothing away
    assert "Without {tiles:9s} the hand is still not complete" in hand_extra_text("677889m123p34599s6z", {26}, {32},
                                                                                  final=True)


# ---------------------------------------------------------------- #11 MCR waits


def test_the_mcr_waits_final_names_no_line_twice(ru) -> None:
    for seed in range(12):
        screen = ru.push("drill", generator="mcr_waits", params={}, n=1, seed=seed)
        drill_wrong(ru, screen)
        key(ru, pygame.K_RETURN, "\r")
        drill_wrong(ru, screen)
        lines = [plain_text(line, ru) for line in screen.feedback_text.split(BR)]
        assert len(lines) == len(set(lines)), lines
        assert any("заверша" in line for line in lines)  # the winning tile's arrangement is still there
        ru.pop()


def test_the_lesson_mcr_waits_name_the_missed_tile_once(lang) -> None:
    from trainer.engine.exercises.mcr_drills import mcr_rules, mcr_waits, wait_items
    from trainer.engine.notation import parse_hand
    from trainer.ui.mcr_texts import waits_lines

    lang("en")
    hand = parse_hand("2244556678899p", check_size=False)
    waits = mcr_waits(hand, mcr_rules("mcr"))
    lines = waits_lines("2244556678899p", wait_items(hand, waits), set(), set(waits), final=True, readings=False)
    assert lines == ["You did not pick {tiles:7p}."]


# ---------------------------------------------------------------- #16, #17


@pytest.mark.parametrize(("n", "words"), [(74, "74 плитки, улучшающие руку"), (1, "1 плитку, улучшающую руку"),
                                          (5, "5 плиток, улучшающих руку")])
def test_the_discard_feedback_agrees_with_its_number(lang, n, words) -> None:
    from trainer.ui.views.mistakes import discard_text

    lang("ru")
    items = [{"kind": "discard", "tile": "6m", "shanten": 3, "total": n},
             {"kind": "discard", "tile": "1z", "shanten": 2, "total": n, "best": True}]
    text = discard_text(items, {5}, final=True)
    assert words in text, text
    # the best discard is named once, with what it does better; its tiles are in the working under it
    assert "Сброс {tiles:1z} оставляет {term:shanten} 2: рука ближе к готовности" in text, text


def test_an_option_that_is_a_sentence_gets_one_full_stop(lang) -> None:
    from trainer.ui.views.mistakes import your_choice

    lang("ru")
    assert your_choice(["Выиграв цумо, игрок говорит: «1000 и 2000» — сначала не-дилеры, потом дилера."]).endswith(
        "потом дилера.")
    lang("en")
    assert your_choice(["Ron!"]) == "Your answer: Ron!"
    assert your_choice(["Kanchan"]) == "Your answer: Kanchan."


def test_the_manners_final_has_no_double_full_stop(ru) -> None:
    import re

    for seed in range(6):
        screen = ru.push("drill", generator="manners_situation", params={}, n=1, seed=seed)
        drill_wrong(ru, screen)
        key(ru, pygame.K_RETURN, "\r")
        drill_wrong(ru, screen)
        assert not re.search(r"[^.]\.\.(?!\.)", screen.feedback_text), screen.feedback_text
        ru.pop()


def test_a_decimal_comma_in_a_drill_box_is_named_and_not_graded_as_another_number(tmp_path) -> None:  # noqa: ANN001
    """«1,5» typed into a drill's number box: the comma and the digits after it are refused (never
    15), a notice says why, and the first Enter grades nothing (review 19, as in lessons)."""
    import pygame

    from tests.ui_events import key, lesson_app

    app = lesson_app(tmp_path)
    try:
        screen = app.push("drill", generator="shanten", params={}, n=2, seed=1)
        app.render()
        key(app, pygame.K_1, "1")
        key(app, pygame.K_COMMA, ",")
        key(app, pygame.K_5, "5")
        field = screen.view.fields[0][1]
        assert field.text == "1"
        screen.check()
        assert screen.attempts == 0 and screen.phase == "answer"
        screen.check()
        assert screen.attempts == 1
    finally:
        app.close()
