"""Review 21 «drills», the words on a wrong drill answer (items 2, 3, 5, 6, 7, 14-17): each wrong
answer says why the learner's own choice was wrong — a fu item counted twice, a yaku the hand does
not have and what it needs, a wait shape, a kunto shanten, a payment slip, a discard's hand form, a
safe tile — and giving up shows the working."""

from __future__ import annotations

import dataclasses
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from trainer import i18n  # noqa: E402
from trainer.engine.exercises import GENERATORS  # noqa: E402
from trainer.engine.exercises.base import Option, draft  # noqa: E402
from trainer.engine.notation import parse_hand  # noqa: E402
from trainer.engine.tiles import kind_from_name  # noqa: E402
from trainer.ui.richtext import BR  # noqa: E402
from trainer.ui.views import mistakes  # noqa: E402


@pytest.fixture()
def lang():  # noqa: ANN201
    before = i18n.current_language()
    yield i18n.set_language
    i18n.set_language(before)


# ---------------------------------------------------------------- 2: fu item by item

HAND_FU = [("fuutei", 20), ("menzen_ron", 10), ("ankou_simple", 4), ("minkou_yaochuu", 4)]


def test_a_surplus_copy_is_told_apart_from_an_item_the_hand_lacks(lang) -> None:
    from trainer.engine.explain import fu_diff

    d = fu_diff(HAND_FU, [*HAND_FU, ("ankou_simple", 4), ("pair_dragon", 2)])
    assert d["surplus"] == [("ankou_simple", 4, 1, 2)] and d["extra"] == [("pair_dragon", 2)]
    lang("ru")
    text = mistakes.fu_items_text(HAND_FU, [*HAND_FU, ("ankou_simple", 4)], final=False)
    assert "нет пункта" not in text, text
    assert "Пункт «Закрытая тройка простых» (4 фу) в этой руке один, а вы посчитали его 2 раза." in text, text
    # a retry keeps the chips: every item twice; the base fu are scored once, whatever the hand holds
    final = mistakes.fu_items_text(HAND_FU, HAND_FU * 2, final=True)
    assert "нет пункта" not in final, final
    assert "Пункт «Базовые фу за победу» (20 фу) засчитывается в руке один раз, а вы посчитали его 2 раза." in final
    lang("en")
    text = mistakes.fu_items_text(HAND_FU, [*HAND_FU, ("ankou_simple", 4)], final=False)
    assert "does not score" not in text and "once; you counted it 2 times" in text, text


# ---------------------------------------------------------------- 3: the yaku drill

YAKU_DATA = {"win_tile": "7z", "by": "tsumo", "seat": "E", "round": "S", "flags": (), "dora": "9p", "ura": "",
             "honba": 0, "sticks": 0, "nuki": 0, "preset": "tenhou", "han": 4}
YAKU_IDS = ("menzen_tsumo", "yakuhai_seat_wind", "yakuhai_round_wind", "chanta", "toitoi", "ittsu")


def _yaku_ex():  # noqa: ANN202
    right = frozenset({"menzen_tsumo", "yakuhai_round_wind", "chanta"})
    return draft("yaku", "multi_choice", right, (), hand="111m789p789s22277z",
                 options=[Option(y, ref=f"yaku:{y}") for y in YAKU_IDS], **YAKU_DATA)


def test_a_wrong_yaku_tick_says_what_the_yaku_needs_and_what_the_hand_has_instead(lang) -> None:
    lang("ru")
    ex = _yaku_ex()
    retry = mistakes.drill_mistake(ex, frozenset({"menzen_tsumo", "toitoi"}), False)
    assert "{term:toitoi}: этого в руке нет. Для него нужно: все четыре сета — тройки" in retry, retry
    assert "Но здесь {tiles:789p} {tiles:789s} — последовательности." in retry, retry
    assert "В руке есть ещё 2 яку." in retry, retry  # the count has its noun
    seat = mistakes.drill_mistake(ex, frozenset({"yakuhai_seat_wind"}), False)
    assert "Ваш ветер места здесь — {tiles:1z}. Но {tiles:1z} в руке нет." in seat, seat
    # after the final try each yaku left out says what in the hand makes it
    final = mistakes.drill_mistake(ex, frozenset({"menzen_tsumo", "toitoi"}), True)
    assert "Не отмечено, хотя есть в руке: {term:yakuhai_round_wind} — его дают {tiles:222z}." in final, final
    lang("en")
    retry = mistakes.drill_mistake(ex, frozenset({"menzen_tsumo", "toitoi"}), False)
    assert "What it needs: all four sets are triplets" in retry and "{tiles:789s} are runs." in retry, retry
    assert "2 more yaku are in the hand." in retry


def test_pinfu_and_an_open_hand_are_explained_from_the_engine(lang) -> None:
    from trainer.engine.exercises.scoring_drills import rules_for
    from trainer.engine.explain import drill_win, yaku_reason

    hand, ctx = drill_win("88899m345p234s [7777p]", {**YAKU_DATA, "win_tile": "9m", "seat": "E", "round": "E"})
    why = yaku_reason(hand, ctx, rules_for("tenhou"), "pinfu")
    assert why["reason"] == "pinfu" and set(why["blocks"]) == {"triplet", "not_ryanmen"}
    lang("ru")
    text = mistakes.yaku_absent_line(why)
    assert "Но здесь {tiles:888m} {tiles:7777p} — тройки, а не последовательности; ожидание — {term:tanki}" in text
    hand, ctx = drill_win("78999m (2*34m)< (7*89m)< (3*40m)<", {**YAKU_DATA, "win_tile": "9m", "by": "ron"})
    why = yaku_reason(hand, ctx, rules_for("tenhou"), "menzen_tsumo")
    assert why["reason"] == "open"
    assert "Но эта рука открыта: {tiles:234m} {tiles:789m} {tiles:345m} взяты с чужих сбросов." in \
        mistakes.yaku_absent_line(why)


# ---------------------------------------------------------------- 5: the working after giving up


def test_giving_up_shows_the_working_without_your_answer(lang) -> None:
    lang("ru")
    ex = GENERATORS["shanten"].generate({}, 1)
    text = mistakes.drill_working(ex)
    assert text.startswith("Блоки этой руки:") and "Счёт: 2 ×" in text and "Ваш ответ" not in text, text
    ex = GENERATORS["points_lookup"].generate({}, 1)
    text = mistakes.drill_working(ex)
    assert text.startswith("Базовые очки = ") and "Ваш ответ" not in text, text


# ---------------------------------------------------------------- 6: the kunto hands drill


def _kunto(hand: str, answer: int, suits_ignored: bool):  # noqa: ANN202
    return dataclasses.replace(
        draft("kunto_shanten", "number", answer, [{"kind": "shanten", "shanten": answer}], hand=hand, size=4,
              suits_ignored=suits_ignored, dragons="none"), kind="kunto_hand")


def test_a_wrong_kunto_shanten_is_explained(lang) -> None:
    lang("ru")
    plain = mistakes.drill_mistake(_kunto("499m2s", 1, False), (2,), False)
    assert "Блоки этой руки: {term:toitsu|пара}: {tiles:99m}" in plain and "слишком много" in plain, plain
    # suits ignored (9m, 1p, 1s are one pair of ones): a way to tenpai and the best draw show the count
    low = mistakes.drill_mistake(_kunto("9m13p1s", 1, True), (0,), True)
    assert "Даже лучшая плитка" in low and "Как выйти в {term:tenpai}: возьмите" in low, low
    assert "Ваш ответ: 0." not in low
    high = mistakes.drill_mistake(_kunto("9m13p1s", 1, True), (3,), True)
    assert "руке нужно меньше обменов" in high and "возьмите" in high, high
    assert mistakes.drill_working(_kunto("9m13p1s", 1, True)).startswith("Как выйти в {term:tenpai}")


# ---------------------------------------------------------------- 7: wait shapes


def test_a_wrong_wait_shape_says_what_the_picked_shape_is(lang) -> None:
    from trainer.engine.exercises.waits_drills import _explain

    hand = parse_hand("22m23s", check_size=False)
    ex = draft("wait_shape", "choice", frozenset({"ryanmen"}), _explain(hand), hand="22m23s",
               options=[Option(s, ref=s) for s in ("ryanmen", "shanpon", "tanki", "kanchan")])
    lang("ru")
    text = mistakes.drill_mistake(ex, frozenset({"shanpon"}), True)
    assert text.startswith("Вы выбрали {term:shanpon} — это ожидание на две пары"), text
    assert "Но в этой руке пара только одна: {tiles:22m}." in text, text
    assert "Ваш ответ" not in text
    text = mistakes.drill_mistake(ex, frozenset({"tanki"}), False)
    # what in this hand rules the lone-tile wait out: it has its pair already (drillpolish #7)
    assert "ожидание на одиночную плитку" in text and "Но пара в этой руке уже есть — {tiles:22m}" in text, text
    lang("en")
    assert "But this hand holds only one pair: {tiles:22m}." in mistakes.drill_mistake(ex, frozenset({"shanpon"}), True)


# ---------------------------------------------------------------- 14: points slips


def test_the_usual_payment_slips_are_named(lang) -> None:
    from trainer.engine.explain import points_chain, points_slip
    from trainer.engine.rules import load_rules

    rules = load_rules("tenhou")
    tsumo = points_chain(3, 30, dealer=False, tsumo=True, rules=rules)  # 1 000 / 2 000
    ron = points_chain(4, 30, dealer=False, tsumo=False, rules=rules)  # 7 680 -> 7 700
    assert points_slip(tsumo, [2000, 1000], rules) == ["payers_swapped"]
    assert points_slip(ron, [7600], rules) == ["rounded_down"]
    assert points_slip(ron, [15400], rules) == ["doubled"]
    lang("ru")
    assert "дилер платит вдвое больше" in mistakes.points_text(tsumo, [2000, 1000], rules, False)
    assert "Вы округлили вниз" in mistakes.points_text(ron, [7600], rules, False)
    assert "вдвое больше верного" in mistakes.points_text(ron, [15400], rules, False)


# ---------------------------------------------------------------- 15: fu total rounded down


def test_rounded_down_only_when_no_left_out_items_make_the_number(lang) -> None:
    items = [("fuutei", 20), ("menzen_ron", 10), ("ankou_simple", 4), ("minkou_yaochuu", 4)]  # 38 -> 40
    lang("ru")
    text = mistakes.fu_total_text(items, 40, 30, final=False)  # 20 + 10: the triplets left out
    assert "округл" not in text and "слишком мало" in text, text
    text = mistakes.fu_total_text([("fuutei", 20), ("ankan_yaochuu", 32)], 60, 50, final=False)  # 52 -> 60
    assert text == "50 — округление вниз, а фу всегда округляются вверх до десятка.", text


# ---------------------------------------------------------------- 16: best discard


def test_a_discard_names_the_hand_form_and_the_best_line_is_said_once(lang) -> None:
    ex = GENERATORS["discard_ukeire"].generate({}, 0)
    hand = "22333449m4888p1s7z"  # 8p: shanten 2 as seven pairs, 3 as four sets and a pair
    items = [{"kind": "discard", "tile": "8p", "shanten": 2, "ukeire": "9m4p1s7z", "total": 12, "best": False},
             {"kind": "discard", "tile": "7z", "shanten": 2, "ukeire": "1234m", "total": 54, "best": True}]
    ex = dataclasses.replace(ex, explanation=tuple(items), prompt=dataclasses.replace(ex.prompt, hand=hand))
    lang("ru")
    text = mistakes.drill_mistake(ex, {kind_from_name("8p")}, True)
    assert "и 12 плиток, улучшающих руку: {tiles:9m4p1s7z}." in text, text
    assert "Такой {term:shanten} у руки в виде {term:chiitoitsu}; в виде «4 сета и пара» он был бы 3." in text, text
    assert "Лучше всего" not in text and "54" not in text, text  # the working under it names the best's tiles
    assert "Сброс {tiles:7z} оставляет тот же {term:shanten}" in text


# ---------------------------------------------------------------- 17: safe tile


def test_a_genbutsu_is_safe_because_no_wait_wins_on_it(lang) -> None:
    from trainer.ui.question_texts import more_explain_item

    genbutsu = {"kind": "safety", "tile": "8p", "best": True,
                "threats": ({"who": 0, "reasons": (("genbutsu", "8p", "own"),), "open": (), "unseen": 2},)}
    lang("ru")
    safest = more_explain_item({"kind": "safest", "tiles": "8p", "count": 1})
    assert safest == "Безопаснее всего: {tiles:8p}." and "любое ожидание" not in safest
    line = more_explain_item(genbutsu)
    assert "по рону на ней он не выиграет, каким бы ни было его ожидание" in line, line
    one_left = {"kind": "safety", "tile": "6p", "best": False, "threats": (
        {"who": 0, "reasons": (("kabe", "7p", ""), ("copies_visible", "", "")), "open": (("ryanmen", "45p"),
                                                                                      ("tanki", "")),
         "unseen": 1},)}
    line = more_explain_item(one_left)
    assert "не видна одна копия" not in line, line
    assert "не на виду только одна копия, пары из неё у него нет: {term:shanpon|ожидание на две пары (шанпон)} " \
           "невозможно" in line, line
    lang("en")
    line = more_explain_item(one_left)
    assert "only one other copy is out of sight, so the riichi player cannot hold a pair of it" in line, line
    assert BR not in line
