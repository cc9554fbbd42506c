"""Glossary terms the UI puts inside its sentences read as words of the sentence, in both
languages: "you stay tenpai", not "you stay ready hand (聴牌, tenpai)"; "safe against everyone
(genbutsu)", not "(safe tile (現物, genbutsu))"; "likely building a half flush"; the paifu's
tile let go "— цумогири (自摸切り, tsumogiri)" with its Japanese, never in brackets inside brackets."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from tests.ui_events import headless_app  # noqa: E402
from trainer.engine.game.paifu import Cell  # noqa: E402
from trainer.engine.tiles import Tile  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.richtext import plain_text  # noqa: E402
from trainer.ui.views import explain, mistakes  # noqa: E402
from trainer.ui.views.steps.paifu import PaifuView  # noqa: E402
from trainer.ui.views.table import coach, review  # noqa: E402


@pytest.fixture(params=["en", "ru"])
def app(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    with headless_app(tmp_path, monkeypatch, language=request.param) as a:
        yield a
    from trainer.i18n import set_language

    set_language("en")


def words(app: App, en: str, ru: str) -> str:
    return en if app.settings.language == "en" else ru


def test_the_coach_says_you_stay_tenpai(app: App) -> None:
    hint = SimpleNamespace(reason="keeps_tenpai", advice=None, tile=Tile(0), push_fold=None, waits=[3], ukeire=4,
                           push=False)
    (line,) = coach.hint_lines([hint])
    text = plain_text(line, app)
    assert words(app, "you stay tenpai (聴牌), waiting", "рука остаётся готовой (тенпай — 聴牌, tenpai) и ждёт") \
        in text, text
    closer = plain_text(coach.hint_lines([SimpleNamespace(**{**vars(hint), "reason": "fewer_steps"})])[0], app)
    assert words(app, "one step closer to tenpai (聴牌);", "(тенпай — 聴牌, tenpai);") in closer, closer


def test_a_safe_tile_is_called_genbutsu_once(app: App) -> None:
    advice = SimpleNamespace(dangers=[])
    assert plain_text(coach.danger_words(advice, str), app) == words(
        app, "safe against everyone (genbutsu — 現物)", "безопасен против всех (генбуцу — 現物, genbutsu)")
    d = SimpleNamespace(verdict="dealt_in", chosen="5m", best=["1z"], danger={"safest": ["1z"]})
    text = plain_text(review.decision_text(d), app)
    assert text.endswith(words(app, "was safe (genbutsu — 現物).", "был безопасен (генбуцу — 現物, genbutsu).")), \
        text


def test_a_lost_step_is_counted_from_tenpai(app: App) -> None:
    d = SimpleNamespace(verdict="lost_shanten", chosen="5m", best=["1z"], danger=None, shanten_chosen=1,
                        shanten_best=0)
    text = plain_text(review.decision_text(d), app)
    # a step is a shanten, as the coach and the call review count it: one-shanten is one step from tenpai
    assert words(app, "went up, the hand is 1 step from tenpai (聴牌), while 1z would have kept it ready",
                 "до готовности (тенпай — 聴牌, tenpai) 1 шаг, а со сбросом 1z рука осталась бы готовой") in text, text
    items = [{"kind": "discard", "tile": "1m", "shanten": 2, "total": 5},
             {"kind": "discard", "tile": "2m", "best": True, "shanten": 1, "total": 8}]
    text = plain_text(mistakes.discard_text(items, [0], final=False), app)
    assert text.endswith(words(app, "closer to tenpai (聴牌).", "ближе к готовности (тенпай — 聴牌, tenpai).")), text


def test_an_open_half_flush_and_an_open_tanyao_read_as_words(app: App) -> None:
    w = SimpleNamespace(seat=1, reading="honitsu", suit="m", tile=Tile(0), safe=[Tile(27)])
    text = plain_text(coach.open_warning_line(w, str), app)
    assert words(app, "likely building a half flush (", "собирает хонъицу (") in text, text
    danger = SimpleNamespace(deal_in=0.2, seat=1, reasons=[SimpleNamespace(code="tanyao_read", get=lambda k: None)])
    text = plain_text(coach.danger_words(SimpleNamespace(dangers=[danger]), str), app)
    assert words(app, "of no use to the open tanyao (断幺九) of 1",
                 "не нужен открытому танъяо (断幺九, tan'yao) игрока 1") in text, text


def test_a_passed_win_names_temporary_furiten_as_a_word(app: App) -> None:
    text = plain_text(coach.pass_win_line(False), app)
    assert text.endswith(words(app, "you cannot ron: temporary furiten — 同巡内振り聴, dōjunnai furiten).",
                               "рон нельзя: временный фуритен — 同巡内振り聴, dōjunnai furiten).")), text


def test_the_record_names_tsumogiri_and_tedashi_once(app: App) -> None:
    cells = {"E1": Cell(take="1m", discard="1m", tsumogiri=True), "E2": Cell(take="2m", discard="9p")}
    view = SimpleNamespace(app=app, _cell=cells.__getitem__)
    # the glossary's term with its Japanese, once and without brackets inside brackets (the
    # screenshot review: «тедаши» alone showed no kanji or romaji)
    # and the English says it once: not "let go the tile just drawn: discarding the drawn tile"
    let_go = plain_text(PaifuView.cell_words(view, "E1"), app)
    assert let_go.endswith(words(app, "took 1m — discarding the drawn tile (自摸切り, tsumogiri).",
                                 "взята 1m и сразу сброшена — цумогири (自摸切り, tsumogiri).")), let_go
    from_hand = plain_text(PaifuView.cell_words(view, "E2"), app)
    assert from_hand.endswith(words(app, "took 2m — discarding from the hand (手出し, tedashi): 9p.",
                                    "взята 2m, сброшена 9p из руки — тедаши (手出し, tedashi).")), from_hand
    for text in (let_go, from_hand):
        assert "((" not in text and "))" not in text and text.count("(") == 2, text  # the wind's and the term's
        assert "drawn" not in text.replace("discarding the drawn tile", ""), text
        if app.settings.language == "en":
            assert text.count("discard") == 1, text


def test_norths_set_aside_and_honba_are_named_once(app: App) -> None:
    text = plain_text(explain.explain_item({"kind": "dora", "count": 2, "nuki": 1}), app)
    assert text.endswith(words(app, "North set aside, nuki dora — 抜きドラ)",
                               "в стороне, нуки-дора — 抜きドラ, nuki dora)")), text
    chain = {"basic": 2000, "payments": [{"payer": "discarder", "mult": 4, "raw": 8000, "paid": 8000, "honba": 300,
                                          "total": 8300}]}
    line = plain_text(mistakes.chain_lines({**chain, "han": 5, "fu": 30, "limit": "mangan"})[-1], app)
    assert words(app, "+ 300 for honba (本場) = 8", "(хонба — 本場, honba) = 8") in line, line
