"""The MCR lessons' and table's words after review 18 (MCR#n, RU#3, EN#5): every number comes
from the engine; the tests check what a wrong answer is told and what the prompts say."""

from __future__ import annotations

import os
from types import SimpleNamespace
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from tests.text_checks import in_english  # noqa: E402
from trainer.engine.exercises.mcr_drills import mcr_rules  # noqa: E402
from trainer.engine.mcr import Situation, score_mcr  # noqa: E402
from trainer.engine.notation import parse_hand  # noqa: E402
from trainer.engine.tiles import parse_tile  # noqa: E402
from trainer.i18n import set_language  # noqa: E402
from trainer.lessons import answers  # noqa: E402
from trainer.lessons.loader import load_all  # noqa: E402
from trainer.ui import mcr_texts  # noqa: E402
from trainer.ui.richtext import BR, plain_text  # noqa: E402

_LIB: list[Any] = []


def _lessons() -> list[Any]:
    if not _LIB:
        _LIB.extend(load_all(engine_checks=False).by_track("mcr"))
    return _LIB


def _step(lesson_id: str, step_id: str) -> tuple[Any, Any]:
    lesson = next(x for x in _lessons() if x.id == lesson_id)
    return lesson, next(s for s in lesson.steps if s.id == step_id)


def _told(lesson_id: str, step_id: str, response: Any, final: bool = True) -> str:
    from trainer.ui.views.mistakes import lesson_mistake

    lesson, step = _step(lesson_id, step_id)
    fb = answers.grade(step, response, lesson)
    assert not fb.correct
    return lesson_mistake(step, response, fb, final=final)


@pytest.fixture(autouse=True)
def _english():
    set_language("en")
    yield
    set_language("en")


def test_the_self_drawn_payment_prompt_names_the_hand_it_shows() -> None:
    """MCR#1: "The same hand (the dragon melded, 1 flower)" while the pair and winning tile changed."""
    _lesson, step = _step("mcr_payments", "tsumo_points")
    for lang in ("en", "ru"):
        prompt = getattr(step.prompt, lang)
        assert "{tiles:55s}" in prompt and "{tiles:5s}" in prompt and "{tiles:555z}" in prompt
        assert "same hand" not in prompt.lower() and "та же рука" not in prompt.lower()
    assert step.win.tile == "5s" and "55s" in step.hand and "(555z)" in step.hand


def test_a_total_too_high_says_why_even_with_no_fan_left_out() -> None:
    """MCR#3: "You said 25." was followed by nothing but the sum."""
    text = _told("mcr_intro", "flowers_total", 25)
    assert "more than the hand is worth" in text


@pytest.mark.parametrize(("given", "said"), [
    (15, "the hand's value alone"),            # the value, not the payments
    (69, "a self-drawn win brings"),           # 3 × (8 + 15): paid as a self-draw
    (37, "flowers are left out"),              # 24 + 13: the two flowers forgotten
    (23, "one player's payment"),              # the discarder's share alone
    (49, "more than the winner gains"),
    (30, "less than the winner gains"),
])
def test_a_wrong_payment_says_what_the_number_shows(given: int, said: str) -> None:
    """MCR#4: a wrong gain was followed only by the general rule.  Review 19 #4: the settlement
    itself only after the final miss, where the lesson's working under the lines gives it."""
    text = _told("mcr_intro", "points_ron", given)
    assert said in text and "the discarder pays 8 + the value = 23" in _final_panel("mcr_intro", "points_ron", given)
    first = _told("mcr_intro", "points_ron", given, final=False)
    assert said.split(":")[0] in first and "= 23" not in first


def _final_panel(lesson_id: str, step_id: str, response: Any) -> str:
    """What the lesson's panel says after the final miss: the learner's slip, then the working."""
    from trainer.ui.views.explain import explain

    lesson, step = _step(lesson_id, step_id)
    return BR.join((_told(lesson_id, step_id, response), explain(list(answers.grade(step, response, lesson).explanation))))


def test_a_false_win_payment_is_explained_and_the_term_linked() -> None:
    """MCR#4, MCR#7, MCR#16."""
    text = _final_panel("mcr_payments", "false_win_points", -10)
    assert "paid to each of the other three" in text
    assert "{term:mcr_false_win}" in text and "offender" in text and "claimant" not in text
    assert "add the three payments" in _told("mcr_payments", "false_win_points", -28)


def test_a_fan_the_hand_lacks_says_what_that_fan_needs() -> None:
    """MCR#5: "{fan}: this hand does not have it." never said why."""
    text = _told("mcr_fans_hand", "outside", frozenset({4}))  # All Chows: the pair is East
    assert "{term:mcr_all_chows}: this hand does not have it. What the fan needs: four chows and a pair that is " \
           "not an honor." in text
    text = _told("mcr_fans_pungs", "winds_fans", frozenset({4}))  # All Pungs with a chow
    assert "four pungs or kongs and a pair" in text
    set_language("ru")
    text = _told("mcr_fans_hand", "outside", frozenset({4}))
    assert "такого фана в этой руке нет. Этот фан — четыре чоу и пара не из благородных плиток." in text


def test_also_counted_only_after_a_right_fan() -> None:
    """MCR#6: "Also counted: …" when the learner ticked no counted fan."""
    text = _told("mcr_fans_hand", "outside", frozenset({4}))
    assert "Also counted" not in text and "The fans counted: " in text
    lesson, step = _step("mcr_fans_hand", "outside")
    values = [o.value for o in step.options]
    both = frozenset({values.index("mcr_outside_hand"), values.index("mcr_all_chows")})
    assert "Also counted: " in _told("mcr_fans_hand", "outside", both)
    retry = _told("mcr_fans_hand", "outside", frozenset({4}), final=False)
    assert "more fan" not in retry and "you have not ticked any of them yet" in retry


def test_the_false_win_is_the_glossary_term_everywhere() -> None:
    """MCR#7: plain "false win" in the minimum, total and payment lines."""
    total = {"kind": "mcr_total", "total": 6, "flowers": 0, "without_flowers": 6, "minimum": 8, "meets": False}
    assert "{term:mcr_false_win}" in (mcr_texts.mcr_explain_item(total) or "")
    assert "{term:mcr_false_win}" in mcr_texts.minimum_lines([total], "yes", final=True)[0]
    pay = {"kind": "mcr_payment", "false_win_each": 10, "total": -30}
    assert "{term:mcr_false_win}" in mcr_texts.payment_line([pay])


def test_the_honors_and_knitted_form_carries_its_hanzi_and_one_colon(lang_app) -> None:
    """MCR#8: «The hand: fourteen different single tiles: honors and knitted tiles» (two colons,
    no Chinese)."""
    line = mcr_texts.mcr_explain_item({"kind": "mcr_reading", "form": "honors_knitted", "reading": "honors_knitted"})
    shown = plain_text(line or "", lang_app)
    assert "组合" in shown and shown.count(":") == 0, shown


def test_a_wrong_wait_is_not_called_tiles_from_complete(lang_app) -> None:
    """MCR#9: "with it the hand is still 1 tile from complete" reads oddly for a 14-tile hand."""
    from trainer.engine.exercises.mcr_drills import not_a_wait

    hand = parse_hand("147m36p258s12357z", check_size=False)
    line = plain_text(mcr_texts.not_wait_line(not_a_wait(hand, parse_tile("1m").kind)), lang_app)
    assert "from complete" not in line and "не хватает" not in line
    assert ("exchanged" in line and "组合" in line) if in_english(lang_app) else ("заменить" in line)


def test_every_melded_set_is_named_in_the_words(lang_app) -> None:
    """MCR#10: melded sets were marked only by a gap; the concealed-pung fans depend on it."""
    lang = "en" if in_english(lang_app) else "ru"
    word = "meld" if lang == "en" else "откры"
    missing = []
    for lesson in _lessons():
        for step in lesson.steps:
            hand = getattr(step, "hand", None) or ""
            if "(" not in hand or step.kind == "drill":
                continue
            text = getattr(step, "prompt", None) or getattr(step, "caption", None)
            words = getattr(text, lang, "") if text is not None else ""
            if word not in words.lower():
                missing.append(f"{lesson.id}/{step.id}")
    assert not missing


def test_a_drill_hand_names_its_melded_sets() -> None:
    line = mcr_texts.situation_line({"win_tile": "9p", "by": "ron", "seat": "S", "round": "E", "flowers": 0,
                                     "hand": "234m99p (111z) (222z) [9999s]"})
    assert "melded {tiles:111z} {tiles:222z}" in line and "concealed kong {tiles:9999s}" in line
    assert "melded" not in mcr_texts.situation_line({"win_tile": "9p", "by": "ron", "hand": "123456789m99p123s"})


def test_the_forms_question_names_the_knitted_forms_by_their_terms() -> None:
    """MCR#11: the options had no 组合龙 / 全不靠."""
    _lesson, step = _step("mcr_forms", "which_form")
    texts = [o.text.en for o in step.options] + [o.text.ru for o in step.options]
    assert sum("{term:mcr_knitted_straight|" in t for t in texts) == 2
    assert sum("{term:mcr_lesser_honors_and_knitted_tiles|" in t for t in texts) == 2


def test_peng_is_named_once_not_twice() -> None:
    """MCR#13: «a pung (peng — 碰, pèng)»; MCR#25: the chow prompt names 吃."""
    _lesson, step = _step("mcr_intro", "chow_from_whom")
    assert "{term:mcr_chi|" in step.prompt.en and "{term:mcr_chi|" in step.prompt.ru
    wrong = step.options[1].explain
    assert "({term:mcr_peng" not in wrong.en and "{term:mcr_peng|pung}" in wrong.en


def test_the_flowers_are_named_in_the_written_sum() -> None:
    """MCR#14: "8 + 2 + 2 + 1 + 1×2 = 15"."""
    text = _told("mcr_intro", "flowers_total", 25)
    assert "+ 2 for the flowers = 15." in text and "1×2" not in text


def test_the_payment_words_match_the_lesson() -> None:
    """MCR#16: "8 + the points" / "the claimant" against the lesson's "8 + the value" / "the offender"."""
    assert "8 + the value" in mcr_texts.payment_line([{"kind": "mcr_payment", "each": 21, "total": 63}])
    assert "8 + the value" in mcr_texts.payment_line([{"kind": "mcr_payment", "discarder": 23, "others": 8,
                                                       "total": 39}])


def test_small_prompt_fixes() -> None:
    """MCR#17 (prevalent wind), #18 (Last Tile named), #19 (tile hog term), #24 (no repeat of the
    win line)."""
    winds = _step("mcr_fans_pungs", "winds_fans")[1].prompt.en  # the line under the hand says "prevalent wind"
    assert "the round's" not in winds and "winds are given below the hand" in winds
    assert "{term:mcr_last_tile}" in _step("mcr_fans_hand", "last_tile_value")[1].prompt.en
    assert "{term:mcr_tile_hog}" in _step("mcr_worked_examples", "terminal_pairs")[1].caption.en
    assert "discard" not in _step("mcr_forms", "seven_pairs_fans")[1].prompt.en


def test_the_reading_names_the_form_not_the_fan(lang_app) -> None:
    """MCR#20: «The hand: Seven Pairs (七对…)» over a hand that scores Seven Shifted Pairs."""
    res = score_mcr(parse_hand("22334455667788p"), Situation(win=parse_tile("2p").kind, self_drawn=False),
                    mcr_rules("mcr"))
    from trainer.engine.exercises.mcr_drills import result_items

    line = plain_text(mcr_texts.mcr_explain_item(result_items(res)[0]) or "", lang_app)
    assert ("The hand is seven pairs (七对" in line) if in_english(lang_app) else ("Рука — семь пар (七对" in line)


def test_waits_that_show_no_arrangement_share_one_line() -> None:
    """MCR#22: twelve lines "…completes the hand as Thirteen Orphans."."""
    from trainer.engine.exercises.mcr_drills import mcr_waits, wait_items

    hand = parse_hand("19m19p19s1234567z", check_size=False)
    waits = mcr_waits(hand, mcr_rules("mcr"))
    assert len(waits) == 13
    lines = mcr_texts.waits_lines("19m19p19s1234567z", wait_items(hand, waits), set(), set(waits), final=True)
    orphans = [line for line in lines if "mcr_thirteen_orphans" in line]
    assert len(orphans) == 1 and "complete the hand as" in orphans[0]


def test_the_rulebook_slip_is_told_as_the_app_counts() -> None:
    """MCR#26: "the rulebook swaps … The app counts by the rulebook" read as if the app swapped them;
    docs/rules.md: both presets follow the definitions (Greater = all seven honors, 24)."""
    from trainer.engine.mcr.table import load_mcr_rules

    for preset in ("mcr", "mcr_common"):
        assert load_mcr_rules(preset).value("greater_honors_and_knitted_tiles") == 24
    _lesson, step = _step("mcr_worked_examples", "differences")
    assert "follows the definitions" in step.text.en and "{term:mcr_greater_honors_and_knitted_tiles} (24" in step.text.en
    assert "следует определениям" in step.text.ru


# ---------------------------------------------------------------- the table's result card (RU#3, EN#5)


def _card() -> Any:
    from trainer.ui.views.table.mcr import McrHandResultView

    hand = parse_hand("66m77m22p55p88p66p66z")
    res = score_mcr(hand, Situation(win=parse_tile("2p").kind, self_drawn=True, flowers=3), mcr_rules("mcr"))
    assert "seven_pairs" in res.fans and any(d.by == "seven_pairs" for d in res.excluded)
    rnd = SimpleNamespace(result=SimpleNamespace(wins=[SimpleNamespace(score=res)]))
    return McrHandResultView(rnd, names=lambda seat: str(seat), before=[0, 0, 0, 0])


def test_the_result_card_shows_each_fans_chinese_once(lang_app) -> None:
    counted, excluded = _card().card_lines(lang_app)
    card = "\n".join([name for name, _v in counted] + excluded)
    for hanzi in ("七对", "不求人"):
        assert card.count(hanzi) == 1, card
    implied = next(line for line in excluded if "单钓将" in line)
    if in_english(lang_app):
        assert implied.endswith(": implied by Seven Pairs"), implied
    else:
        assert implied.endswith(": входит в фан Семь пар"), implied
        assert "его уже включает" not in card


def test_the_card_lines_keep_the_points_beside_their_fans(lang_app) -> None:
    view = _card()
    counted = view.fan_lines(lang_app)
    w = view.rnd.result.wins[0]
    assert sum(int(v) for _n, v in counted) == w.score.total
    assert BR not in "".join(n for n, _v in counted)
