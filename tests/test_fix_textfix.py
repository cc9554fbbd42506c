"""Feedback texts said once and right (rev19 verify NEW 5, 6, 7, 9, 10; driller 18, 21): the
tile-group drill's final panel says the wrong group once; a missed split says what is wrong
with the learner's own groups and shows each right split once; negative counts carry a real
minus; han after a number take the Russian plural; MCR option notes hint rather than solve; a
seven-pairs fu question is pointed at the form; the push figures agree between the review's and
the coach's words and name the tile they are for."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from tests.ui_events import frame, headless_app, key, open_lesson_step  # noqa: E402
from trainer.cli.wrong_answers import drill_wrong  # noqa: E402
from trainer.ui.richtext import BR  # noqa: E402


def _enter(app) -> None:  # noqa: ANN001
    key(app, pygame.K_RETURN, "\r")


# ---------------------------------------------------------------- NEW 5: the tile-group final, once


def test_tile_group_final_names_the_wrong_group_once(tmp_path: Path) -> None:
    from trainer.ui.question_texts import GROUP_TERMS

    with headless_app(tmp_path, language="ru") as app:
        seen = 0
        for seed in range(12):
            screen = app.push("drill", generator="tile_group", params={}, n=1, seed=seed)
            frame(app)
            if screen.ex.prompt.question != "tile_group":
                app.pop()
                continue
            picked = drill_wrong(app, screen)
            _enter(app)
            drill_wrong(app, screen)
            frame(app)
            assert screen.phase == "done"
            text = screen.feedback_text
            lines = text.split(BR)
            assert len(lines) == len(set(lines))
            for g in set(picked) - set(screen.ex.answer):
                # the wrong group comes once (it came twice: the miss line and the working's line)
                assert text.count("{term:" + GROUP_TERMS[g] + "}") == 1, text
                # with what the group holds, as a sentence of its own
                assert any(line[:1].isupper() and "—" in line and "{" not in line for line in lines), text
            seen += 1
            app.pop()
        assert seen >= 2


# ---------------------------------------------------------------- NEW 6: a missed split


def _split(app, screen, groups: list[str]) -> None:  # noqa: ANN001
    from trainer.engine.notation import parse_tiles

    view = screen.view
    for g in groups:
        sel: set[int] = set()
        for t in parse_tiles(g, max_copies=None):
            sel.add(next(i for i, s in enumerate(view.row.slots) if s.tile.kind == t.kind and i not in sel))
        view.row.selected = sel
        view._make_group()
    app.render()
    _enter(app)


_open_step = open_lesson_step


def test_missed_split_says_what_is_wrong_and_each_right_split_once(tmp_path: Path) -> None:
    from trainer.engine.decompose import readings
    from trainer.engine.notation import parse_hand

    with headless_app(tmp_path) as app:
        screen = _open_step(app, "basics_sets", "split_8")  # 33445566p: 345p 345p 66p, or 456p 456p 33p
        _split(app, screen, ["334p", "456p", "56p"])
        assert screen.phase == "retry"
        retry = screen.feedback_text
        assert "{tiles:334p} is not a set" in retry and "{tiles:56p} is not a pair" in retry
        assert "A right split" not in retry  # the retry gives nothing away
        _enter(app)  # try again: the same groups are still made
        _enter(app)
        frame(app)
        assert screen.phase == "done"
        panel = screen._feedback_markup()
        n = len(readings(parse_hand(screen.step.hand, check_size=False)))
        assert n == 2
        assert "One right answer" not in panel  # the answer was on top and again in the working
        assert panel.count("A right split: ") == n
        for r in ("{tiles:345p} · {tiles:345p} · {tiles:66p}", "{tiles:456p} · {tiles:456p} · {tiles:33p}"):
            assert panel.count(r) == 1, panel
        assert "{tiles:334p} is not a set" in panel  # and why the learner's own split was wrong
        # the right splits first, then the lines on the learner's own: the answer stays above the fold
        assert panel.index("A right split: ") < panel.index("{tiles:334p} is not a set")


def test_split_text_names_a_lone_tile_and_the_pairs_count() -> None:
    from trainer.ui.views.mistakes import split_text

    assert "{tiles:1m} is left over on its own" in split_text(["1m", "123m", "1m"])
    assert split_text(["33p", "44p", "55p", "66p"]).startswith("Your groups hold 4 pairs")
    assert split_text(["345p", "345p", "66p"]) == ""  # a right split: nothing to say
    assert "{tiles:189s} is not a set" in split_text(["891s", "22m"])  # the tiles in order


# ---------------------------------------------------------------- NEW 7: a real minus


def test_negative_shanten_is_written_with_a_real_minus(ru: None) -> None:
    from trainer.ui.views.explain import explain_item

    assert explain_item({"kind": "shanten", "shanten": -1}).endswith("\u22121")
    line = explain_item({"kind": "shanten_form", "form": "seven_pairs", "shanten": -1})
    assert "\u22121" in line and "-1" not in line


def test_a_said_negative_shanten_is_written_with_a_real_minus(ru: None) -> None:
    from trainer.engine.notation import parse_hand
    from trainer.ui.views.mistakes import shanten_text

    text = shanten_text(parse_hand("1133557799m1122p", check_size=False), -1, 0, False)
    assert "\u22121" in text and " -1" not in text


# ---------------------------------------------------------------- NEW 9: Russian plurals


def test_payment_lines_decline_han(ru: None) -> None:
    from trainer.engine.explain import points_chain
    from trainer.engine.rules import load_rules
    from trainer.ui.views.explain import explain_item
    from trainer.ui.views.mistakes import chain_lines

    line = explain_item({"kind": "points", "han": 2, "fu": 40, "dealer": False, "tsumo": False})
    assert line.startswith("2 хана 40 фу"), line
    assert explain_item({"kind": "points", "han": 5, "fu": 30, "dealer": True, "tsumo": True}).startswith(
        "5 ханов 30 фу")
    chain = points_chain(13, 40, dealer=False, tsumo=False, rules=load_rules("tenhou"))
    assert chain_lines(chain)[0].startswith("13 ханов 40 фу — это"), chain_lines(chain)[0]


# ---------------------------------------------------------------- NEW 10: MCR option notes hint


def test_mcr_wrong_option_notes_do_not_give_the_answer() -> None:
    from trainer.lessons.loader import load_all

    lessons = load_all(engine_checks=False).lessons
    step = next(s for s in lessons["mcr_payments"].steps if s.id == "flowers_do_not_save")
    note = next(o.explain for o in step.options if o.value == "yes")
    for lang in ("ru", "en"):
        text = note.get(lang)
        assert "6" not in text and not text.startswith(("Нет:", "No:")), text  # no verdict, no figure
    forms = next(s for s in lessons["mcr_forms"].steps if s.id == "which_form")
    assert "knitted straight" not in forms.options[2].explain.get("en")  # the answer is not named
    intro = {s.id: s for s in lessons["mcr_intro"].steps}
    assert "left" not in intro["chow_from_whom"].options[2].explain.get("en")
    assert "a win beats" not in intro["priority"].options[1].explain.get("en")


# ---------------------------------------------------------------- driller 18: a seven-pairs fu question


def test_seven_pairs_fu_retry_points_at_the_form_and_the_final_says_25_once(tmp_path: Path) -> None:
    with headless_app(tmp_path) as app:
        screen = app.push("drill", generator="fu_count", params={}, n=1, seed=29)
        frame(app)
        assert [i.get("id") for i in screen.ex.explanation if i.get("kind") == "fu"] == ["chiitoitsu"]
        drill_wrong(app, screen)
        retry = screen.feedback_text
        assert "form" in retry and "Four sets and a pair" not in retry, retry
        _enter(app)
        drill_wrong(app, screen)
        frame(app)
        final = screen.feedback_text
        assert "25 fu — 25 fu" not in final and "Seven pairs: fixed 25 fu" in final, final


# ---------------------------------------------------------------- driller 21: one figure, its tile named


def test_the_review_and_the_coach_show_one_figure_for_one_risk() -> None:
    from trainer.ui.views.table.coach import about_figure, risk_figures

    # the review keeps the risks to the point (825), the coach has them exact (825.084)
    assert risk_figures(825, 378) == risk_figures(825.084, 378.3078)
    assert about_figure(625) == about_figure(625.3)


def test_the_push_figures_name_the_coachs_tile() -> None:
    from trainer.ui.views.table.review import push_fold_text

    pf = {"chosen": "push", "advice": "push", "gain": 622, "loss": 825, "risk": 1076, "safest_risk": 378,
          "safest": "7s", "safest_genbutsu": False, "advised": "8s", "fold_tiles": ["7s"], "safest_tiles": ["7s"],
          "win_chance": 0.052, "value": 9570, "last_hand": False, "dealer": True, "reason": "push",
          "average": 497, "dealer_factor": 1.25, "draw_payments": 0}
    text = push_fold_text(pf, "4m")
    assert "the extra risk of pushing with {tiles:8s}" in text, text


def test_two_groups_alike_are_one_sentence(en) -> None:  # noqa: ANN001
    from trainer.ui.views.mistakes import split_text

    text = split_text(["334p", "334p", "55p"])
    assert text.count("is not a set") == 1
