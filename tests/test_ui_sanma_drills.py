"""Three-player scoring in the drills: the scoring drills offer the sanma preset (a furiten
situation, set at four players, does not), a sanma payment question names the three-player
tsumo rule and is graded by the engine's three-player payments (100 per honba from each of the
two payers), and a fu or yaku hand shows the Norths set aside (nukidora)."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.test_ui_drills import answer_right  # noqa: E402
from tests.ui_events import headless_app, key  # noqa: E402
from trainer.engine.exercises import scoring_drills as sd  # noqa: E402
from trainer.engine.explain import points_chain  # noqa: E402
from trainer.engine.points import basic_points, payment  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.views.exercise_labels import question_text  # noqa: E402


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    with headless_app(tmp_path, monkeypatch, progress="open") as a:
        yield a


@pytest.mark.parametrize("name", ["points_lookup", "fu_count", "yaku_identify"])
def test_scoring_drills_offer_sanma(app: App, name: str) -> None:
    screen = app.push("drill_setup", generator=name)
    row = dict(screen.fields)["preset"]
    assert ("sanma", "Sanma (3 players)") in row.options
    screen.values["preset"] = "sanma"
    screen.start_drill()
    assert app.screen.name == "drill" and app.screen.gen_params.preset == "sanma"
    app.render()


def test_furiten_situations_stay_at_four_players(app: App) -> None:
    app.settings = app.settings.with_(preset="sanma")  # the learner's default rules: three players
    screen = app.push("drill_setup", generator="furiten_situation")
    assert "sanma" not in [v for v, _t in dict(screen.fields)["preset"].options]
    assert screen.values["preset"] != "sanma"
    screen.start_drill()
    assert app.screen.name == "drill" and app.screen.gen_params.preset != "sanma"


def test_sanma_payments_are_graded_by_three_player_rules(app: App) -> None:
    params = {"preset": "sanma", "wins": "tsumo", "honba": 3, "han_min": 1, "han_max": 4}
    screen = app.push("drill", generator="points_lookup", params=params, n=3, seed=4)
    app.render()
    rules = sd.rules_for("sanma")
    while not screen.finished:
        ex = screen.view.ex
        data = dict(ex.prompt.data)
        assert "Three players: the absent North's share of a tsumo is not paid" in question_text(ex)
        basic, _limit = basic_points(data["han"], data["fu"], rules)
        pay = payment(basic, dealer=data["dealer"], tsumo=True, honba=data["honba"], rules=rules)
        # the answer is one payer's share with its 100 per honba (two payers share 200 a honba)
        share = pay.all if data["dealer"] else pay.non_dealer
        assert ex.answer[0] == share + 100 * data["honba"]
        assert pay.total == sum(ex.answer) + (ex.answer[0] if data["dealer"] else 0)
        answer_right(app, screen)
        assert screen.results[-1] == "right"
        key(app, pygame.K_RETURN, "\r")
    assert screen.right == 3


def test_a_wrong_sanma_payment_shows_the_chain_with_two_payers(app: App) -> None:
    params = {"preset": "sanma", "wins": "tsumo", "roles": "non_dealer", "honba": 2}
    screen = app.push("drill", generator="points_lookup", params=params, n=1, seed=9)
    app.render()
    ex = screen.view.ex
    data = dict(ex.prompt.data)
    chain = points_chain(data["han"], data["fu"], dealer=False, tsumo=True, rules=sd.rules_for("sanma"),
                         honba=data["honba"])
    assert chain["per_honba"] == 100 and [p["payer"] for p in chain["payments"]] == ["non_dealer", "dealer"]
    assert tuple(p["total"] for p in chain["payments"]) == ex.answer
    for _name, field in screen.view.fields:
        screen.set_focus(field)
        key(app, pygame.K_9, "9")
    key(app, pygame.K_RETURN, "\r")
    assert screen.phase == "retry"
    assert "You said 9 / 9." in screen.feedback_text


def test_a_sanma_hand_shows_its_norths_set_aside(app: App) -> None:
    gen = sd.FuCountParams(preset="sanma")
    from trainer.engine.exercises import GENERATORS

    seed = next(s for s in range(1, 60) if dict(GENERATORS["fu_count"].generate(gen, s).prompt.data)["nuki"])
    screen = app.push("drill", generator="fu_count", params={"preset": "sanma"}, n=1, seed=seed)
    app.render()
    ex = screen.view.ex
    nuki = dict(ex.prompt.data)["nuki"]
    dora = next(i for i in ex.explanation if i["kind"] == "dora")
    assert nuki and dora["nuki"] == nuki and dora["count"] >= nuki
    assert "set aside ({term:nukidora|nuki dora})" in screen.view._info(dict(ex.prompt.data))
