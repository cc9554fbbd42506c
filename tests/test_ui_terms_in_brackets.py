"""No bracket inside a bracket around a glossary term, in both languages and every term mode: the
review's verdicts (ukeire, shanten, full fold, agari-yame, menzen tsumo), the kunto practice's and
the MCR drills' words put the term outside the brackets; and the renderer writes a term that
stands inside the author's open bracket with its Japanese after a dash («(genbutsu — 現物,
genbutsu)», not «(genbutsu (現物, genbutsu))»)."""

from __future__ import annotations

import dataclasses
import os
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402
import yaml  # noqa: E402

from tests.text_checks import flat, in_english, surfaces_drawn  # noqa: E402
from trainer.engine.tiles import kind_from_name  # noqa: E402
from trainer.ui import kunto_words, mcr_texts  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.richtext import BR, layout_rich, plain_text  # noqa: E402
from trainer.ui.views.table import review  # noqa: E402

MODES = ("ru_ja", "ja_ru", "full")


def _mode(app: App, mode: str) -> App:
    app.apply_settings(dataclasses.replace(app.settings, term_mode=mode))
    return app


def _lines(app: App, markup: str) -> list[str]:
    return plain_text(markup, app).split(BR)


# ---------------------------------------------------------------- the review (07_replay*, 07_review_card*)


def _decision(verdict: str, **kw: Any) -> SimpleNamespace:
    d = {"verdict": verdict, "chosen": "5m", "best": ["1z"], "danger": None, "ukeire_chosen": 12, "ukeire_best": 20,
         "shanten_chosen": 1, "shanten_best": 0}
    return SimpleNamespace(**{**d, **kw})


PF = {"gain": 150.0, "loss": 900.0, "risk": 410.0, "safest_risk": 0.0, "safest": "1z", "safest_genbutsu": True,
      "win_chance": 0.04, "value": 3900, "last_hand": False}


def _pf(chosen: str, advice: str) -> dict[str, Any]:
    return {**PF, "chosen": chosen, "advice": advice}


def _choice(chosen: str, advice: str, reason: str) -> dict[str, Any]:
    return {"chosen": chosen, "advice": advice, "reason": reason, "with_riichi": 5200, "dama": 0 if
            reason == "riichi_for_yaku" else 2000, "left": 6}


def _review_texts() -> dict[str, str]:
    return {
        "lost_tiles": review.decision_text(_decision("lost_tiles")),
        "lost_shanten": review.decision_text(_decision("lost_shanten")),
        "against": review.tile_text(_decision("fine", push_fold=_pf("push", "fold"))),
        "agrees": review.decision_text(_decision("fine")),
        "folded": review.push_fold_text(_pf("fold", "fold"), "5m"),
        "fold_advised": review.push_fold_text(_pf("push", "fold"), "5m"),
        "answer_fold_right": review.push_fold_answer_text(_pf("fold", "fold"), "fold"),
        "answer_fold_wrong": review.push_fold_answer_text(_pf("push", "fold"), "push"),
        "played_fold": review.push_fold_played_text(SimpleNamespace(chosen="5m", push_fold=_pf("fold", "fold"))),
        "dama_no_yaku": review.riichi_choice_text(_choice("dama", "riichi", "riichi_for_yaku")),
        "riichi_agari_yame": review.riichi_choice_text(_choice("riichi", "dama", "dama_any_win_ends")),
        "answer_no_yaku": review.riichi_answer_text(_choice("dama", "riichi", "riichi_for_yaku"), "dama"),
        "answer_agari_yame": review.riichi_answer_text(_choice("riichi", "dama", "dama_any_win_ends"), "riichi"),
        "unsafe": review.tile_text(_decision("unsafe", danger={"safest": ["1z"]}, push_fold=_pf("push", "fold"))),
        "dealt_in": review.decision_text(_decision("dealt_in", danger={"safest": ["1z"]})),
        "dama_agrees": review.riichi_choice_text(_choice("dama", "dama", "dama_mangan")),
    }


@pytest.mark.parametrize("mode", MODES)
def test_the_review_never_nests_brackets(app: App, mode: str) -> None:
    """07_replay, 07_review_card: «12 useful tiles stay (tile acceptance (受け入れ, ukeire))», «You
    folded (full fold (ベタ降り, betaori))», «ended the game (agari-yame (和了り止め, agari yame))»."""
    _mode(app, mode)
    for key, raw in _review_texts().items():
        assert not re.search(r"\(\{term:\w+\}", raw), (key, raw)  # a glossary name never opens a bracket
        for line in _lines(app, raw):
            assert flat(line), (key, mode, line)


def test_the_review_names_each_term_once_with_its_japanese(app: App) -> None:
    texts = {k: plain_text(v, app) for k, v in _review_texts().items()}
    for key in ("lost_tiles", "agrees", "against"):
        assert texts[key].count("(受け入れ, ukeire)") == 1, texts[key]
    for key in ("folded", "fold_advised", "answer_fold_right", "answer_fold_wrong", "played_fold"):
        assert texts[key].count("(ベタ降り, betaori)") == 1, texts[key]
    for key in ("riichi_agari_yame", "answer_agari_yame"):
        assert texts[key].count("(和了り止め, agari yame)") == 1, texts[key]
    for key in ("dama_no_yaku", "answer_no_yaku"):
        assert texts[key].count("(門前清自摸和, menzenchin tsumohō)") == 1, texts[key]
    assert texts["lost_shanten"].count("(向聴, shanten)") == 1, texts["lost_shanten"]
    if in_english(app):
        assert texts["lost_tiles"].startswith(
            "You discarded 5m: after it the tile acceptance (受け入れ, ukeire) was 12 useful tiles. Discarding 1z "
            "instead would leave 20"), texts["lost_tiles"]
        # steps to tenpai are the shanten, as the coach counts them: 1-shanten is one step
        assert "the shanten (向聴, shanten) went up, the hand is 1 step from tenpai (聴牌), while 1z would have " \
            "kept it ready." in texts["lost_shanten"], texts["lost_shanten"]
        assert texts["folded"].startswith("You made a full fold (ベタ降り, betaori): right — "), texts["folded"]
        assert texts["fold_advised"].startswith("The coach would make a full fold (ベタ降り, betaori) here: ")
        assert texts["answer_fold_right"].startswith("Correct: the coach makes a full fold (ベタ降り, betaori) too — ")
        assert texts["played_fold"] == ("In the game you discarded 5m and made a full fold (ベタ降り, betaori). "
                                        "This tile alone risked about 410 this turn."), texts["played_fold"]
        assert "but agari-yame (和了り止め, agari yame) applied — you led the last hand, and any win ended the " \
            "game: " in texts["riichi_agari_yame"], texts["riichi_agari_yame"]
        assert "only a self-drawn win, with its own yaku, fully concealed self-draw (門前清自摸和, " \
            "menzenchin tsumohō). Riichi" in texts["dama_no_yaku"], texts["dama_no_yaku"]
    else:
        assert texts["lost_tiles"].startswith(
            "Вы сбросили 5m: после сброса укеире (受け入れ, ukeire) — 12 полезных плиток. Со сбросом 1z их было "
            "бы 20"), texts["lost_tiles"]
        assert "шантен (向聴, shanten) вырос, до готовности (тенпай — 聴牌, tenpai) 1 шаг, а со сбросом 1z рука " \
            "осталась бы готовой." in texts["lost_shanten"], texts["lost_shanten"]
        assert texts["folded"].startswith("Ваш выбор — полная защита (ベタ降り, betaori), и он верен: "), texts["folded"]
        assert texts["fold_advised"].startswith("Совет тренера здесь — полная защита (ベタ降り, betaori): ")
        assert texts["answer_fold_right"].startswith("Верно: совет тренера — тоже полная защита (ベタ降り, betaori): ")
        assert texts["played_fold"].startswith("В партии вы сбросили 5m — это полная защита (ベタ降り, betaori)."), \
            texts["played_fold"]
        assert "действовало правило «остановка после победы (和了り止め, agari yame)» — вы лидировали" in \
            texts["riichi_agari_yame"], texts["riichi_agari_yame"]
        assert "только со стены, и такая победа сама даёт яку мензен цумо (門前清自摸和, menzenchin tsumohō)." in \
            texts["dama_no_yaku"], texts["dama_no_yaku"]


def test_one_useful_tile_is_one_tile(app: App) -> None:
    text = plain_text(review.decision_text(_decision("fine", ukeire_chosen=1)), app)
    assert text.endswith("is 1 useful tile." if in_english(app) else "— 1 полезная плитка."), text
    text = plain_text(review.decision_text(_decision("lost_shanten", shanten_chosen=1, shanten_best=0)), app)
    assert ("1 step from" if in_english(app) else "1 шаг, а") in text, text


# ---------------------------------------------------------------- the kunto practice (23_kunto_practice*)


def _kunto_texts() -> dict[str, str]:
    way = {"kind": "kunto_way", "steps": [["3m", "9p"]]}
    best = {"kind": "kunto_best_draw", "tile": "3m", "after": 1}
    rows = [{"kind": "throwback", "tile": "1m", "shanten": 2, "count": 4},
            {"kind": "throwback", "tile": "2m", "shanten": 1, "count": 3},
            {"kind": "throwback", "tile": "9p", "shanten": 1, "count": 9, "best": True, "improving": "3m6m"}]
    return {
        "way": kunto_words.way_line([["3m", "9p"]]),
        "too_high": kunto_words.shanten_mistake([way, best], 3, 1, final=False),
        "said_ready": kunto_words.shanten_mistake([way, best], 0, 1, final=True),
        "throwback": kunto_words.throwback_mistake(rows, [kind_from_name("1m"), kind_from_name("2m")], final=False),
        "quads": kunto_words.kunto_explain_item({"kind": "kunto_value", "tile": "5s", "quads": "5555s", "han": 1}) or "",
        "no_yaku": kunto_words.kunto_explain_item({"kind": "kunto_no_yaku"}) or "",
        "value": kunto_words.value_mistake([], 2, final=False),
    }


@pytest.mark.parametrize("mode", MODES)
def test_the_kunto_words_never_nest_brackets(app: App, mode: str) -> None:
    """23_kunto_practice: «A way to get ready (ready hand (聴牌, tenpai))», «kept in the hand
    (undeclared four (送り槓, okurikan))», «more tile acceptance (…) (tiles that help)»."""
    _mode(app, mode)
    for key, raw in _kunto_texts().items():
        assert not re.search(r"\(\{term:\w+\}", raw), (key, raw)  # a glossary name never opens a bracket
        for line in _lines(app, raw):
            assert flat(line) and ") (" not in line, (key, mode, line)


def test_the_kunto_words_read_in_both_languages(app: App) -> None:
    t = {k: _lines(app, v) for k, v in _kunto_texts().items()}
    if in_english(app):
        assert t["way"] == ["A way to a tenpai (聴牌, tenpai): draw 3m, throw back 9p."], t["way"]
        assert t["too_high"][1] == ("Look again for sets (面子, mentsu), and for pairs and partial sets (塔子, tātsu) that "
                                    "need only one more tile."), t["too_high"]
        assert t["said_ready"][0].startswith("You said the hand is a tenpai (聴牌, tenpai), but no tile")
        assert t["throwback"][2].startswith("Without 2m the hand keeps its shanten (向聴, shanten) of 1, but only 3 "
                                            "tiles"), t["throwback"]
        assert t["throwback"][3] == "Another tile keeps more tiles that help, a wider tile acceptance (受け入れ, ukeire)."
        assert t["quads"] == ["Won on 5s: four of a kind 5555s kept in the hand, an undeclared four (送り槓, okurikan) "
                              "— 1 han."], t["quads"]
        assert t["no_yaku"] == ["No wait gives the hand a yaku (役, yaku): without riichi it cannot win off a discard — "
                                "no ron (ロン, ron)."], t["no_yaku"]
        assert "1 han (翻, han) for each undeclared four (送り槓, okurikan) — four of a kind kept in the hand, the " \
            "winning tile included." in t["value"][1], t["value"]
    else:
        assert t["way"] == ["Как выйти в тенпай (聴牌, tenpai): возьмите 3m, сбросьте 9p."], t["way"]
        assert t["too_high"][1] == ("Поищите ещё раз готовые сеты (面子, mentsu), а также пары и недостроенные сеты (塔子, "
                                    "tātsu), которым не хватает одной плитки."), t["too_high"]
        assert t["said_ready"][0].startswith("Вы считаете, что у руки тенпай (聴牌, tenpai), но ни одна плитка")
        assert t["throwback"][0].startswith("Без 1m тенпай (聴牌, tenpai) уходит дальше: до него остаётся 2 шага."), \
            t["throwback"]
        assert t["throwback"][2].startswith("Без 2m шантен (向聴, shanten) руки остаётся 1, но помогают ей только 3 "
                                            "плитки"), t["throwback"]
        assert t["throwback"][3] == "Другой сброс оставляет больше полезных плиток — укеире (受け入れ, ukeire) шире."
        assert t["quads"] == ["Победа на 5s: четыре одинаковые 5555s в руке, окурикан (送り槓, okurikan), — 1 хан."]
        assert t["no_yaku"][0].endswith("с чужого сброса — рон (ロン, ron) невозможен."), t["no_yaku"]
        assert "1 хан (翻, han) за каждый окурикан (送り槓, okurikan) — четыре одинаковые плитки в руке" in t["value"][1]
    assert "{term:mentsu|" in _kunto_texts()["too_high"] and "{term:taatsu|" in _kunto_texts()["too_high"]


# ---------------------------------------------------------------- the MCR drills (10_wrong_drill_*mcr*, 13_mcr*, 14_mcr*)


PRINCIPLES = ("non_repeat", "account_once", "non_separation", "non_identical")


@pytest.mark.parametrize("mode", MODES)
def test_the_mcr_words_never_nest_brackets(app: App, mode: str) -> None:
    """10_wrong_drill_*mcr*: «… already implies it (non-repeat principle (不重复原则, …))», «(closest:
    Seven Pairs (七对, qī duì))»."""
    _mode(app, mode)
    texts = [mcr_texts.excluded_line({"id": "all_chows", "by": "pinghu", "by_fan": True, "principle": p})
             for p in PRINCIPLES]
    texts.append(mcr_texts.not_wait_line({"tile": "5m", "shanten": 1, "form": "seven_pairs"}))
    excluded = [{"kind": "mcr_excluded", "id": "all_chows", "by": "pinghu", "by_fan": True, "principle": "non_repeat"},
                {"kind": "mcr_excluded", "id": "pure_shifted_chows", "by": "", "by_fan": False,
                 "principle": "account_once"}]
    texts.append(mcr_texts.score_summary(excluded))
    for raw in texts:
        for line in _lines(app, raw):
            assert flat(line), (mode, line)


def test_the_mcr_principle_follows_a_dash(app: App) -> None:
    line = plain_text(mcr_texts.excluded_line({"id": "all_chows", "by": "pinghu", "by_fan": True,
                                               "principle": "non_repeat"}), app)
    assert line.endswith("— the non-repeat principle (不重复原则, bù chóng fù yuán zé)." if in_english(app)
                         else "— это принцип неповторения (不重复原则, bù chóng fù yuán zé)."), line
    line = plain_text(mcr_texts.not_wait_line({"tile": "5m", "shanten": 1, "form": "seven_pairs"}), app)
    assert ("The closest form is seven pairs (七对, qī duì), and even with" in line if in_english(app)
            else "Ближайшая форма — семь пар (七对, qī duì), но и с" in line), line
    summary = plain_text(mcr_texts.score_summary([{"kind": "mcr_excluded", "id": "all_chows", "by": "pinghu",
                                                   "by_fan": True, "principle": "non_repeat"}]), app)
    assert " — non-repeat principle (不重复原则" in summary or " — принцип неповторения (不重复原则" in summary, summary


# ---------------------------------------------------------------- the renderer (task 3)


WORD = "Safe: {tiles:9m} ({term:genbutsu|genbutsu}). A tile ({term:genbutsu|genbutsu}, safe) and {term:genbutsu|genbutsu}."
NAME = "71 ({term:ukeire}); {term:ukeire} (1) {term:ukeire}"

EXPECTED_WORD = {  # the Japanese on the word's first use in the text only
    "ru_ja": "Safe: 9m (genbutsu — 現物). A tile (genbutsu, safe) and genbutsu.",  # the word is the reading
    "ja_ru": "Safe: 9m (genbutsu — 現物). A tile (genbutsu, safe) and genbutsu.",
    "full": "Safe: 9m (genbutsu — 現物, ゲンブツ). A tile (genbutsu, safe) and genbutsu.",
}


@pytest.mark.parametrize("mode", MODES)
def test_a_linked_word_in_brackets_takes_its_japanese_after_a_dash(app: App, mode: str) -> None:
    _mode(app, mode)
    assert plain_text(WORD, app) == EXPECTED_WORD[mode]


@pytest.mark.parametrize("mode", MODES)
def test_a_glossary_name_in_brackets_takes_its_japanese_after_a_dash(app: App, mode: str) -> None:
    _mode(app, mode)
    name = "tile acceptance" if in_english(app) else "укеире"
    cap = "Tile acceptance" if in_english(app) else "Укеире"
    expected = {  # the Japanese on the name's first use in the text only
        "ru_ja": f"71 ({name} — 受け入れ, ukeire); {name} (1) {name}",
        "ja_ru": f"71 (受け入れ, ukeire — {cap}); {name} (1) {name}",
        "full": f"71 ({name} — 受け入れ, ウケイレ, ukeire); {name} (1) {name}",
    }
    assert plain_text(NAME, app) == expected[mode]
    outside = {  # the same name first used outside the brackets: its own bracket, shared with the next
        "ru_ja": f"{name} (受け入れ, ukeire; 1)",
        "ja_ru": f"受け入れ (ukeire) — {cap} (1)",
        "full": f"{name} — 受け入れ (ウケイレ, ukeire; 1)",
    }
    assert plain_text("x {term:ukeire} (1)", app) == "x " + outside[mode]


@pytest.mark.parametrize("mode", MODES)
def test_the_drawn_text_has_the_same_words(app: App, mode: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """layout_rich draws what plain_text says: the word inside the bracket with the dashed Japanese."""
    _mode(app, mode)
    drawn = surfaces_drawn(app, monkeypatch)
    layout = layout_rich(app, WORD + " " + mode, 18, 2000)
    # word by word, the tiles drawn as pictures
    assert "".join(drawn) == (EXPECTED_WORD[mode] + mode).replace(" ", "").replace("9m", "")
    assert [t for _r, t in layout.terms].count("genbutsu") >= 3


@pytest.mark.parametrize("mode", MODES)
def test_a_lesson_with_a_linked_word_in_brackets_lays_out_flat(app: App, mode: str) -> None:
    """skill_shanten_blocks: «partial sets (taatsu (塔子, tātsu) and extra pairs (対子, toitsu))»."""
    _mode(app, mode)
    path = Path(__file__).resolve().parent.parent / "lessons" / "skills" / "skill_shanten_blocks.yaml"
    lesson = yaml.safe_load(path.read_text(encoding="utf-8"))
    step = next(s for s in lesson["steps"] if s.get("id") == "formula")
    text = plain_text(step["text"][app.settings.language], app)
    assert flat(text), text
    word = "taatsu" if in_english(app) else "тацу"
    assert f"({word} — 塔子" in text, text  # every mode: the word's first use shows its Japanese
