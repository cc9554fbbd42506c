"""Wording fixes of the coach, the call verdicts, the mistake feedback, the points chain, the match
end, the training setup and the paifu, in both languages: a glossary term is never put in brackets
inside brackets («Fold (full fold (ベタ降り, betaori))»); "a few fewer"; a pon makes a value
triplet (one pons a tile, not a triplet); the points chain with thousands grouped ("1,280 → rounded
up to 1,300"); oka and uma as glossary terms; «со (палочки)», not a bare «со», in the tile sets; the paifu names
tsumogiri once."""

from __future__ import annotations

import os
import re
from types import SimpleNamespace
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.test_ui_review_calls import _call  # noqa: E402
from tests.text_checks import flat, in_english  # noqa: E402
from trainer.engine.game.options import game_options  # noqa: E402
from trainer.engine.rules import load_rules  # noqa: E402
from trainer.engine.tiles import Tile  # noqa: E402
from trainer.ui import training_setup  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.richtext import BR, plain_text  # noqa: E402
from trainer.ui.views import explain, mistakes  # noqa: E402
from trainer.ui.views.steps.paifu import PaifuView  # noqa: E402
from trainer.ui.views.table import coach  # noqa: E402
from trainer.ui.views.table.call_review import call_answer_text, call_choice_text  # noqa: E402
from trainer.ui.views.table.result import MatchEndView  # noqa: E402


class R:
    """An evaluator reason: a code and its fields."""

    def __init__(self, code: str, **fields: Any) -> None:
        self.code, self.fields = code, fields

    def get(self, key: str, default: Any = None) -> Any:
        return self.fields.get(key, default)


def _hint(reason: str, **kw: Any) -> SimpleNamespace:
    advice = SimpleNamespace(dangers=[], value=SimpleNamespace(reasons=[R("yaku", id="riichi"), R("dora", count=1)]))
    fold = SimpleNamespace(gain=50.0, loss=660.0, fold_loss=0.0, reasons=[])
    h = {"reason": reason, "advice": advice, "tile": Tile(31), "push_fold": fold, "waits": [3], "ukeire": 12,
         "push": False, "threat_seats": ()}
    return SimpleNamespace(**{**h, **kw})


REASONS = ("fewer_steps", "value", "keeps_yaku", "less_risk", "fold", "weave", "other")


@pytest.mark.parametrize("reason", REASONS)
def test_the_coach_never_puts_a_term_in_brackets_in_brackets(app: App, reason: str) -> None:
    (line,) = coach.hint_lines([_hint(reason)], str)
    text = plain_text(line, app)
    assert flat(text), text
    if reason == "fold":  # the 07_nanikiru_coach screenshot: «Fold (full fold (ベタ降り, betaori)):»
        assert text.startswith(("Full fold (ベタ降り, betaori): discard", "Полная защита (ベタ降り, betaori): сбросьте")), text
    if reason == "weave":
        assert text.startswith(("Weaving (回し打ち, mawashi uchi), a soft fold: discard",
                                "Обходная игра (回し打ち, mawashi uchi), мягкая защита: сбросьте")), text
    if reason in ("fewer_steps", "keeps_yaku", "less_risk", "other"):  # ukeire with its Japanese, once
        assert text.count("(受け入れ, ukeire)") == 1, text
        assert re.search(r"12 (tiles|плиток)", text), text


def test_a_value_discard_keeps_a_few_fewer_tiles(app: App) -> None:
    text = plain_text(coach.hint_lines([_hint("value")], str)[0], app)
    if in_english(app):
        assert "a few fewer than" in text and "less than" not in text, text
    assert text.endswith(("keeps its value: riichi (立直, rīchi), 1 dora (ドラ).",
                          "сохраняет цену: риичи (立直, rīchi), 1 дора (ドラ, dora).")), text


@pytest.mark.parametrize("code", ["no_chance", "one_chance"])
def test_a_wall_is_named_outside_brackets(app: App, code: str) -> None:
    danger = SimpleNamespace(deal_in=0.1, seat=1, reasons=[R(code)])
    text = plain_text(coach.danger_words(SimpleNamespace(dangers=[danger]), str), app)
    wall = "(ワンチャンス, wan chansu)" if code == "one_chance" else "(壁, kabe)"  # one chance is no wall (review 24)
    assert flat(text) and wall in text, text


def test_the_other_coach_lines_never_nest_brackets(app: App) -> None:
    texts = [coach.pass_win_line(True), coach.pass_win_line(False),
             coach.open_warning_line(SimpleNamespace(seat=1, reading="toitoi", suit="m", tile=Tile(0),
                                                     safe=[Tile(27)]), str),
             coach.riichi_line(SimpleNamespace(riichi=False, why=R("dama_any_win_ends"), tile=Tile(0), dama=2000,
                                               with_riichi=3900))]
    for raw in texts:
        text = plain_text(raw, app)
        assert flat(text), text
    assert "(見逃し, minogashi)" in plain_text(texts[0], app)
    assert "(対々和, toitoihō)" in plain_text(texts[2], app)
    assert "(和了り止め, agari yame)" in plain_text(texts[3], app)


@pytest.mark.parametrize("reason", ["speed_yakuhai", "formal_tenpai", "folding"])
def test_the_call_verdicts_never_nest_brackets(app: App, reason: str) -> None:
    c = _call(reason=reason, advice="pass" if reason == "folding" else "pon", shanten_after=2)
    text = plain_text(call_choice_text(c), app)
    assert flat(text), text


def test_a_pon_makes_a_value_triplet(app: App) -> None:
    """One pons a value tile: «a pon of a value triplet» said the opposite (07_replay_call_passed)."""
    text = plain_text(call_answer_text(_call()), app)
    assert "a pon of a" not in text and "пон на" not in text, text
    assert text.startswith(("Better to call pon (ポン) — the pon makes a value triplet (役牌, yakuhai), which gives the "
                            "hand a yaku (役, yaku)",
                            "Лучше объявить пон (ポン, pon) — это собирает якухай (役牌, yakuhai), что даёт руке яку (役, "
                            "yaku)")), text


def test_the_blocks_of_a_hand_are_named_without_nested_brackets(app: App) -> None:
    """10_wrong_drill_0: «sets (set / meld (面子, mentsu))», «partial sets (partial sequence (…))»."""
    line = mistakes.blocks_line({"sets": ["678m", "111z"], "pairs": ["55p"], "partials": ["34p"], "loose": ["9s"]})
    # each label agrees with its tiles (two sets: «сеты»), still linked to its card
    assert "{term:mentsu|" in line and "{term:toitsu|" in line and "{term:taatsu|" in line, line
    text = plain_text(line, app)  # each block named with its Japanese, one set of brackets
    assert flat(text) and all(ja in text for ja in ("(面子, mentsu)", "(対子, toitsu)", "(塔子, tātsu)")), text
    assert text.endswith(("(塔子, tātsu): 34p; loose tile: 9s", "(塔子, tātsu): 34p; одиночная плитка: 9s")), text
    text = plain_text(mistakes.reading_line({"tile": "5p", "groups": ["123m", "55p"], "shape": "ryanmen"}), app)
    assert flat(text) and text.endswith(("— two-sided wait (両面, ryanmen).", "— рянмен (両面, ryanmen).")), text


def test_the_points_chain_groups_thousands(app: App) -> None:
    """10_wrong_drill_4_points_lookup_try2: «320 × 4 = 1280 → rounded up 1300», «1300 points in all»."""
    from trainer.engine.explain import points_chain

    rules = load_rules("tenhou")
    chain = points_chain(1, 40, dealer=False, tsumo=False, rules=rules, honba=0)
    text = plain_text(mistakes.points_text(chain, [1310], rules, final=True), app)
    if in_english(app):
        assert "You said 1,310." in text and "320 × 4 = 1,280 → rounded up to 1,300." in text, text
    else:
        assert "Ваш ответ: 1\u00a0310." in text and "320 × 4 = 1\u00a0280 → с округлением вверх до 1\u00a0300." in text, text
    chain = points_chain(5, 30, dealer=False, tsumo=False, rules=rules, honba=4)
    lines = [plain_text(line, app) for line in mistakes.chain_lines(chain)]
    sp = "," if in_english(app) else "\u00a0"
    assert f"2{sp}000" in lines[0] and f"= 8{sp}000" in lines[1] and f"+ 1{sp}200" in lines[1], lines
    assert lines[1].endswith(f"= 9{sp}200."), lines
    item = {"kind": "points", "han": 5, "fu": 30, "dealer": False, "tsumo": False, "honba": 4, "honba_each": 300,
            "total": 9200}
    text = plain_text(explain.explain_item(item), app)
    assert f"(+1{sp}200)" in text and (f"9{sp}200 points in all" if in_english(app) else f"всего 9{sp}200 очков") in text, text


@pytest.mark.parametrize("preset", ["tenhou", "sanma"])
def test_oka_and_uma_are_glossary_terms(app: App, preset: str) -> None:
    """07_result_match_end, 23_sanma_match_end: «ока» and «ума» read with their Japanese."""
    view = MatchEndView(SimpleNamespace(options=game_options(load_rules(preset))), str, [])
    note = view.note()
    assert "{term:oka}" in note and "{term:uma}" in note, note
    text = plain_text(note, app)
    assert "(オカ, oka)" in text and "(馬, uma)" in text and flat(text), text
    if in_english(app):
        assert "plus a winner's bonus (オカ, oka) of " in text and "and a placement bonus (馬, uma) of " in text, text
    else:
        assert "плюс ока (オカ, oka) " in text and " и ума (馬, uma) " in text, text


def test_the_match_end_note_is_drawn_with_its_terms(app: App) -> None:
    from trainer.ui.screens.play_shots import match_end

    screen = match_end(app)
    app.render()
    view = screen.match_end
    assert view is not None and view.note_layout is not None
    assert {t for _rect, t in view.note_layout.terms} == {"oka", "uma"}
    rect, term = view.note_layout.terms[0]
    pos = (view.note_origin[0] + rect.centerx, view.note_origin[1] + rect.centery)
    assert view.term_at(pos) == term
    from tests.ui_events import click

    click(app, pos)  # a click on the term opens it in the glossary, as in the coach's box
    assert app.screen.name == "glossary" and app.screen.params.get("term") == term


def test_the_bamboo_tile_sets_say_bamboo_in_russian(app: App) -> None:
    """20_training_setup: a bare «Только со», «Пин и со» would read like the preposition «со»: the
    sou suit comes with its gloss, «со (палочки)» (the glossary's name and its Russian word)."""
    from trainer.engine.game.simple_modes import get_mode

    names = [training_setup.tile_set_name(key) for key in training_setup.TILE_SET_NAMES if "sou" in key]
    names.append(training_setup.value_note(get_mode("kunto"), "dragons", "tens"))
    for name in names:
        assert not re.search(r"(?i)(?<!\w)со(?!\w)(?! \(палочки\))", name), name
        assert ("amboo" if in_english(app) else "со (палочки)") in name.lower(), name


def test_the_paifu_hint_names_tsumogiri_once(app: App) -> None:
    view = SimpleNamespace(step=SimpleNamespace(hints=[], ask="riichi"))
    text = plain_text(PaifuView.hint(view, 2), app)  # type: ignore[arg-type]
    assert text.count("tsumogiri") == 1 and flat(text), text
    if in_english(app):
        assert text.endswith("↓ stands for discarding the drawn tile (自摸切り, tsumogiri)."), text
        assert "let go" not in text and "drawn" not in text.replace("discarding the drawn tile", ""), text
    else:
        assert text.endswith("↓ — цумогири (自摸切り, tsumogiri), сброс только что взятой плитки."), text


def test_the_paifu_first_discard_names_tedashi_once(app: App) -> None:
    cells = {"E1": SimpleNamespace(take="", discard="9p", tsumogiri=False, own_call="", riichi=False, called="")}
    view = SimpleNamespace(app=app, _cell=cells.__getitem__)
    text = plain_text(PaifuView.cell_words(view, "E1"), app)  # type: ignore[arg-type]
    assert flat(text) and text.count("(手出し, tedashi)") == 1, text
    if in_english(app):
        assert text.count("discard") == 1, text


def test_the_coach_box_draws_the_new_lines(app: App) -> None:
    """The coach's box with the new lines fits and draws (no markup error)."""
    box = coach.CoachBox()
    surf = pygame.Surface((1280, 720))
    lines = [line for r in REASONS for line in coach.hint_lines([_hint(r)], str)]
    box.draw(surf, app, pygame.Rect(0, 0, 420, 700), BR.join(lines))
    assert box.layout is not None and box.layout.terms
