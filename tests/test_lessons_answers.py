"""Engine-computed answers of lesson steps and grading of learner responses."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import TypeAdapter

from trainer.lessons.answers import AnswerError, answer, check_step, grade, rank_class
from trainer.lessons.model import Lesson, Step, Variant
from trainer.lessons.richtext import RichTextError, parse_rich

STEP = TypeAdapter(Step)
P = {"ru": "?"}


def step(**fields: Any) -> Any:
    """A validated step from keyword fields."""
    return STEP.validate_python(fields)


def test_pick_waits_graded_exactly() -> None:
    s = step(kind="pick_tiles", prompt=P, ask="waits", hand="2345699m")  # sanmenchan 000:630-631
    assert grade(s, "147m").correct
    assert not grade(s, "14m").correct
    assert not grade(s, "1478m").correct
    fb = grade(s, ["1m", "4m", "7m"])
    assert fb.correct and fb.display == "147m"
    assert {i["tile"] for i in fb.explanation if i["kind"] == "wait"} == {"1m", "4m", "7m"}


@pytest.mark.parametrize(
    ("hand", "waits"),
    [("1355m", "2m"), ("1255m", "3m"), ("8955m", "7m"), ("3499m", "25m"), ("2288m", "28m"), ("1237m", "7m"),
     ("3456m", "36m"), ("1113m", "23m"), ("3334m", "245m"), ("2345678m", "258m"), ("3335777m", "456m"),
     ("2223466m", "256m"), ("3334555m", "23456m"), ("2223456777m", "12345678m")],
)
def test_seed_wait_cases(hand: str, waits: str) -> None:
    """The wait test cases of seed 000 (seed-000-wait-testcases.tsv)."""
    assert answer(step(kind="pick_tiles", prompt=P, ask="waits", hand=hand)).display == waits


def test_discard_best_by_ukeire() -> None:
    # 9m leaves a shanpon on 1z/5z (4 tiles); 5z or 1z leaves a tanki (3 tiles)
    s = step(kind="pick_tiles", prompt=P, ask="discard", hand="123m456p789s1155z9m")
    assert answer(s).display == "9m"
    assert grade(s, "9m").correct and not grade(s, "5z").correct and not grade(s, "1z").correct
    # 1m or 4m from 1234m: both leave the same shanpon -> equally best, either is right
    tie = step(kind="pick_tiles", prompt=P, ask="discard", hand="1234m456p789s1155z")
    assert answer(tie).display == "14m"
    assert grade(tie, "1m").correct and grade(tie, "4m").correct and not grade(tie, "14m5z").correct


def test_dora_and_complete_set_and_match() -> None:
    assert answer(step(kind="pick_tiles", prompt=P, ask="dora", dora="9m4z7z")).display == "1m15z"
    assert answer(step(kind="pick_tiles", prompt=P, ask="complete_set", tiles="34p")).display == "25p"
    assert answer(step(kind="pick_tiles", prompt=P, ask="complete_set", tiles="77z")).display == "7z"
    s = step(kind="pick_tiles", prompt=P, ask="match", tiles="19m5p1z6z", filter="yaochuu")
    assert answer(s).display == "19m16z"
    with pytest.raises(AnswerError):
        answer(step(kind="pick_tiles", prompt=P, ask="complete_set", tiles="19m"))


def test_dora_follows_the_lessons_deck() -> None:
    """In sanma (no 2m-8m) a 1m indicator points to 9m, for the dora question and the dora count."""
    from types import SimpleNamespace

    sanma = SimpleNamespace(preset="sanma")
    assert answer(step(kind="pick_tiles", prompt=P, ask="dora", dora="1m"), sanma).display == "9m"
    assert answer(step(kind="pick_tiles", prompt=P, ask="dora", dora="1m")).display == "2m"
    assert answer(step(kind="number", prompt=P, ask="dora_count", hand="1999m", dora="1m"), sanma).value == 3
    assert answer(step(kind="number", prompt=P, ask="dora_count", hand="1999m", dora="1m")).value == 0


def test_numbers() -> None:
    assert grade(step(kind="number", prompt=P, ask="shanten", hand="1479m"), 1).correct
    assert answer(step(kind="number", prompt=P, ask="waits_count", hand="2223456777m")).value == 8
    # ryanmen with one of each winning tile visible: 6 left (curriculum S05 step 5)
    assert answer(step(kind="number", prompt=P, ask="ukeire", hand="3499m", visible="25m")).value == 6
    assert answer(step(kind="number", prompt=P, ask="dora_count", hand="1123m", dora="9m")).value == 2
    assert not grade(step(kind="number", prompt=P, ask="shanten", hand="1479m"), "x").correct


def test_scoring_worked_examples() -> None:
    """Riichi digest §9.1: E1 (dealer ron 3 han 30 fu = 5800) and E4 (dealer ron 1 han 30 fu = 1500)."""
    e1 = {"hand": "123m99m789p123s(777z)", "win": {"tile": "2s", "by": "ron", "seat": "E", "round": "S", "dora": "6p"}}
    assert answer(step(kind="number", prompt=P, ask="han", **e1)).value == 3
    assert answer(step(kind="number", prompt=P, ask="fu", **e1)).value == 30
    assert answer(step(kind="number", prompt=P, ask="points", **e1)).value == 5800
    e4 = {"hand": "567m456p345s88p(234m)", "win": {"tile": "5m", "by": "ron", "seat": "E", "round": "E"}}
    assert answer(step(kind="number", prompt=P, ask="points", **e4)).value == 1500
    fb = step(kind="fu_breakdown", prompt=P, **e4)
    ans = answer(fb)
    assert ans.value == 30
    items = [(i["id"], i["fu"]) for i in ans.explanation]
    assert grade(fb, items).correct and grade(fb, 30).correct and not grade(fb, 40).correct


def test_not_a_winning_hand() -> None:
    with pytest.raises(AnswerError, match="cannot score"):
        answer(step(kind="number", prompt=P, ask="fu", hand="123m456p789s1357z", win={"tile": "1z"}))


def test_choice_engine_and_authored() -> None:
    opts = [{"value": v} for v in ("ryanmen", "kanchan", "penchan")]
    s = step(kind="choice", prompt=P, ask="shape", hand="8955m", options=opts)
    assert grade(s, 2).correct and not grade(s, 0).correct
    named = step(kind="choice", prompt=P, ask="named_shape", hand="3334555m",
                 options=[{"value": "tatsumaki"}, {"value": "entotsu"}])
    assert answer(named).value == frozenset({0})
    tenpai = step(kind="choice", prompt=P, ask="tenpai", hand="1479m", options=[{"value": "yes"}, {"value": "no"}])
    assert grade(tenpai, 1).correct
    authored = step(kind="choice", prompt=P, multiple=True,
                    options=[{"text": P, "correct": True}, {"text": P}, {"text": P, "correct": True}])
    assert grade(authored, {0, 2}).correct and not grade(authored, {0}).correct


def test_yaku_choice() -> None:
    s = step(kind="choice", prompt=P, ask="yaku", multiple=True, hand="123m99m789p123s(777z)",
             win={"tile": "2s", "seat": "E", "round": "S"},
             options=[{"value": "yakuhai_chun"}, {"value": "chanta"}, {"value": "tanyao"}])
    assert answer(s).value == frozenset({0, 1})


def test_arrange() -> None:
    sort = step(kind="arrange", prompt=P, ask="sort", tiles="5z3p1m9m")
    assert grade(sort, ["1m", "9m", "3p", "5z"]).correct and not grade(sort, ["9m", "1m", "3p", "5z"]).correct
    split = step(kind="arrange", prompt=P, ask="split", hand="11122233m")
    assert grade(split, ["111m", "222m", "33m"]).correct
    assert grade(split, ["123m", "123m", "12m"]) .correct is False
    boxes = step(kind="arrange", prompt=P, ask="boxes", tiles="1m5z",
                 boxes=[{"label": P, "filter": "numbers"}, {"label": P, "filter": "honors"}])
    assert grade(boxes, [0, 1]).correct and not grade(boxes, [1, 0]).correct
    order = step(kind="arrange", prompt=P, ask="order", cards=[{"text": P}, {"text": P}, {"text": P}])
    assert grade(order, [0, 1, 2]).correct and not grade(order, [1, 0, 2]).correct


def test_variant_waits_use_the_engine() -> None:
    """Seed kunto cases (000:3453): 89 + dragon-ten waits on 5 with 55? -> '89X5' waits 5;
    1-3-7 + joker of the suit waits on 2 or 7."""
    ten = step(kind="pick_tiles", prompt=P, ask="waits", hand="589m7z", variant={"dragons": "ten"})
    assert answer(ten).display == "5m"
    joker = step(kind="pick_tiles", prompt=P, ask="waits", hand="137m7z", variant={"dragons": "joker"})
    assert answer(joker).display == "27m7z"  # the joker itself also completes the hand


def test_suits_ignored_waits_graded_by_rank() -> None:
    """With suits ignored 2m, 2p and 2s are the same tile: marking any 2 (or all three) is
    right, as in the kunto drills; another rank or a missing rank is wrong."""
    s = step(kind="pick_tiles", prompt=P, ask="waits", hand="1m3p5s5m", variant={"suits_ignored": True})
    assert answer(s).value == frozenset({1, 10, 19})  # the engine's answer keeps every kind of rank 2
    for right in ("2m", "2p", "2s", "2m2p2s", "2p2s"):
        assert grade(s, right).correct, right
    for wrong in ("3m", "2m3m", "1m", ""):
        assert not grade(s, wrong).correct, wrong
    many = step(kind="pick_tiles", prompt=P, ask="waits", hand="2s3m5p5m5s7p7m", variant={"suits_ignored": True})
    assert grade(many, "1p4s").correct and grade(many, "14m14p14s").correct
    assert not grade(many, "1p").correct and not grade(many, "4s").correct
    # suits count again without the variant: the exact kinds are needed
    plain = step(kind="pick_tiles", prompt=P, ask="waits", hand="1355m")
    assert grade(plain, "2m").correct and not grade(plain, "2p").correct


def test_rank_classes_of_dragons() -> None:
    """Dragons-as-tens are all rank 10 and jokers all the same joker once suits are ignored;
    winds and plain dragons stay themselves."""
    si_ten, si_joker = Variant(suits_ignored=True, dragons="ten"), Variant(suits_ignored=True, dragons="joker")
    assert {rank_class(k, si_ten) for k in (31, 32, 33)} == {"10"}
    assert {rank_class(k, si_joker) for k in (31, 32, 33)} == {"joker"}
    assert rank_class(27, si_ten) == "1z" and rank_class(31, Variant(suits_ignored=True)) == "5z"
    assert rank_class(4, si_ten) == "5" and rank_class(4, Variant(dragons="ten")) == "5m"
    ten = step(kind="pick_tiles", prompt=P, ask="waits", hand="89m56z", variant={"suits_ignored": True, "dragons": "ten"})
    assert answer(ten).display == "7m7p7s567z"
    assert grade(ten, "7p5z").correct and grade(ten, "7s7z").correct and not grade(ten, "7p").correct


def test_validator_compares_suits_ignored_expect_by_rank() -> None:
    for ok in ("2m", "2p", "2m2p2s"):
        s = step(kind="pick_tiles", prompt=P, ask="waits", hand="1m3p5s5m", variant={"suits_ignored": True}, expect=ok)
        assert check_step(s, None) == [], ok  # type: ignore[arg-type]
    bad = step(kind="pick_tiles", prompt=P, ask="waits", hand="1m3p5s5m", variant={"suits_ignored": True}, expect="3m")
    [(path, msg)] = check_step(bad, None)  # type: ignore[arg-type]
    assert path == ("expect",) and "by rank: 2" in msg
    show = step(kind="show", hand="3p4s99m", variant={"suits_ignored": True}, reveal=["waits"], expect={"waits": "25s"})
    assert check_step(show, None) == []  # type: ignore[arg-type]
    # without the variant the kinds must match exactly
    exact = step(kind="pick_tiles", prompt=P, ask="waits", hand="1355m", expect="2p")
    assert check_step(exact, None)  # type: ignore[arg-type]


def test_discard_respects_the_variant() -> None:
    """The throw-back of a variant hand uses variant shanten and ukeire: with suits ignored
    1-1 is a pair and 2-4 a kanchan, so 9p goes (tenpai on any 3); in the plain game the
    same five tiles are 2-shanten and 1m is the best discard."""
    hand = "1m1p2s4m9p"
    plain = step(kind="pick_tiles", prompt=P, ask="discard", hand=hand)
    si = step(kind="pick_tiles", prompt=P, ask="discard", hand=hand, variant={"suits_ignored": True})
    assert answer(plain).display == "1m"
    ans = answer(si)
    assert ans.display == "9p"
    best = [i for i in ans.explanation if i["best"]]
    assert best == [{"kind": "discard", "tile": "9p", "shanten": 0, "ukeire": "3m3p3s", "total": 12, "best": True}]
    assert grade(si, "9p").correct and not grade(si, "1m").correct and not grade(plain, "9p").correct
    # by rank: 1m and 1p are the same tile, so either is right when a 1 is the best discard
    ones = step(kind="pick_tiles", prompt=P, ask="discard", hand="1m1p1s5m9p", variant={"suits_ignored": True})
    assert answer(ones).display == "5m9p"
    # visible tiles lower the live count of the improving tiles
    seen = step(kind="pick_tiles", prompt=P, ask="discard", hand="1m1p1s5m9p", variant={"suits_ignored": True},
                visible="9s9s")
    totals = {i["tile"]: i["total"] for i in answer(seen).explanation}
    assert totals["5m"] == 9 and totals["9p"] == 11  # the tanki on 9 lost the two 9s seen
    assert answer(seen).display == "9p"


@pytest.mark.parametrize(
    "params",
    [{"size": 4, "ask": ["discard"]}, {"size": 7, "winds": True, "ask": ["discard"]},
     {"size": 7, "dragons": "joker", "ask": ["discard"]}, {"size": 10, "dragons": "ten", "suits_ignored": False,
                                                          "ask": ["discard"]},
     {"size": 13, "suits_ignored": False, "ask": ["discard"]}],
)
def test_discard_agrees_with_the_kunto_drill(params: dict[str, Any]) -> None:
    """A lesson's ``ask: discard`` with the drill's variant gives the drill's answer."""
    from trainer.engine.exercises import GENERATORS
    from trainer.engine.exercises.kunto import KuntoParams

    p = KuntoParams(**params)
    variant = {"suits_ignored": p.suits_ignored, "dragons": "normal" if p.dragons == "none" else p.dragons}
    v = Variant(**variant)
    for seed in range(6):
        ex = GENERATORS["kunto_hand"].generate(p, seed)
        s = step(kind="pick_tiles", prompt=P, ask="discard", hand=ex.prompt.hand, variant=variant)
        assert {rank_class(k, v) for k in answer(s).value} == {rank_class(k, v) for k in ex.answer}, ex.prompt.hand


def test_rich_text() -> None:
    spans = parse_rich("Рука {tiles:123m} и {term:riichi|риичи}, **важно**.\n\nДальше.")
    assert [s.kind for s in spans] == ["text", "tiles", "text", "term", "text", "strong", "text", "paragraph", "text"]
    assert spans[3].value == "riichi" and spans[3].label == "риичи"
    for bad in ("{tiles:12x}", "{foo:1}", "a } b", "{term:Riichi}"):
        with pytest.raises(RichTextError):
            parse_rich(bad)


def test_lesson_model_helpers() -> None:
    lesson = Lesson.model_validate({
        "id": "skill_h", "title": {"ru": "а", "en": "a"}, "track": "skills", "level": 1,
        "audience": "player", "minutes": 3, "skill": "waits_basic",
        "steps": [{"kind": "text", "text": P}, {"kind": "number", "id": "q1", "prompt": P, "ask": "shanten",
                                                "hand": "1479m", "skill": "shanten"}],
    })
    assert lesson.step_key(0) == "skill_h/0" and lesson.step_key(1) == "skill_h/q1"
    assert lesson.step_skill(0) == "waits_basic" and lesson.step_skill(1) == "shanten"
    assert not lesson.steps[0].interactive and lesson.steps[1].interactive
    assert Lesson.model_json_schema()["title"] == "Lesson"


def test_emphasis_may_cross_a_line_break_but_not_a_paragraph() -> None:
    from trainer.lessons.richtext import Span, parse_rich

    spans = parse_rich("Это **очень\n  важно** да.")
    assert Span("strong", "очень важно") in spans
    assert all(s.kind != "strong" for s in parse_rich("**а\n\nб**"))  # a paragraph break ends it


def test_markup_inside_bold_is_refused_with_a_clear_message() -> None:
    from trainer.lessons.richtext import RichTextError, parse_rich

    with pytest.raises(RichTextError, match="inside \\*\\*bold\\*\\*"):
        parse_rich("Это **{term:riichi}** важно")


def test_revealed_ukeire_says_whether_the_tiles_complete_or_only_improve() -> None:
    from trainer.lessons.answers import show_facts
    from trainer.lessons.model import ShowStep

    tenpai = ShowStep(kind="show", hand="3499m", reveal=["ukeire"])
    one_away = ShowStep(kind="show", hand="13m456p789s11223z", reveal=["ukeire"])
    assert show_facts(tenpai)["ukeire"] == 8 and show_facts(tenpai)["ukeire_tenpai"] is True
    assert show_facts(one_away)["ukeire"] == 8 and show_facts(one_away)["ukeire_tenpai"] is False


def test_a_revealed_yakuman_score_is_given_in_yakuman_not_han_and_fu() -> None:
    from trainer.lessons.answers import show_facts
    from trainer.lessons.model import ShowStep

    step = ShowStep(kind="show", hand="19m19p19s12345677z", win={"tile": "7z", "by": "ron"}, reveal=["score"])
    facts = show_facts(step)["score"]
    assert facts["yakuman"] == 1 and facts["points"] == 32000


def test_a_wrong_dora_pick_in_sanma_says_the_tile_is_not_in_the_set() -> None:
    """Picking 2m after a 1m indicator in sanma: the explanation says 2m would follow 1m but is not
    in the game's tiles; a pick that is simply not next gets the plain rule."""
    from trainer.i18n import set_language
    from trainer.ui.views.mistakes import picked_text

    set_language("en")
    s = step(kind="pick_tiles", prompt=P, ask="dora", dora="1m")
    assert "not in this game's tiles" in picked_text(s, {1}, {8}, final=False)  # 2m picked, 9m right
    plain = picked_text(s, {2}, {1}, final=False)  # 3m picked, 2m right (four players)
    assert "the tile after the indicator" in plain and "not in this game's tiles" not in plain
    set_language("ru")
    assert "нет в наборе игры" in picked_text(s, {1}, {8}, final=False)
