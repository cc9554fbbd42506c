"""Review 23 (MCR and sanma): the MCR table after a false win and the coach's plans.

#1: after a false win the engine bars the seat from winning (002:2147), yet the coach still gave a
plan to win («Цель: …»): ``mcr_advice(..., dead=True)`` plans nothing, says the hand cannot be won
and marks the safest discards.  #2: the draw card said «…никто не платит…» beside the false win's
penalty lines.  #11: East's plan with the East pung in the East round said 8 points — the pung is
the prevalent wind and the seat wind, 2 + 2 (002:483-485)."""

from __future__ import annotations

import os
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.table_driver import open_app  # noqa: E402
from trainer.engine.game.actions import Discard, Ron  # noqa: E402
from trainer.engine.game.view import make_view  # noqa: E402
from trainer.engine.hand import Hand  # noqa: E402
from trainer.engine.mcr.calculator import score_mcr  # noqa: E402
from trainer.engine.mcr.coach import danger, mcr_advice  # noqa: E402
from trainer.engine.mcr.detect import Situation  # noqa: E402
from trainer.engine.mcr.game import McrRound, arranged_wall  # noqa: E402
from trainer.engine.mcr.plans import plans  # noqa: E402
from trainer.engine.mcr.table import load_mcr_rules  # noqa: E402
from trainer.engine.notation import parse_hand, parse_tiles  # noqa: E402
from trainer.engine.tiles import parse_tile  # noqa: E402
from trainer.i18n import set_language  # noqa: E402
from trainer.ui.match_setup import MatchSetup  # noqa: E402
from trainer.ui.views.table.mcr import McrHandResultView, mcr_coach_text  # noqa: E402

LEARNER = "234m567p345s678s9m"  # 13 tiles waiting on 9m alone: a cheap hand, well under 8 points
RIGHT = "111z222z333z444z5z"  # the dealer: discards the 9m drawn first
FILLER = ("11477m22558p369s", "1568m1349p129s67z")
EAST = 27


@pytest.fixture()
def app(tmp_path, monkeypatch):  # noqa: ANN001, ANN201
    a = open_app(tmp_path, monkeypatch)
    yield a
    a.close()
    set_language("en")


def _after_false_win(app):  # noqa: ANN001, ANN202
    """The MCR table just after the learner declared a Hu under the minimum on Right's 9m."""
    screen = app.push("mcr_play", setup=MatchSetup(preset="mcr", coach="full"), seed=1)
    screen.saver = None
    hands = [parse_tiles(LEARNER), parse_tiles(RIGHT)[:13]] + [parse_tiles(h)[:13] for h in FILLER]
    wall = arranged_wall(hands, parse_tiles("9m"), dealer=1, flowers=False)
    rnd = McrRound(screen.match.rules, wall, dealer=1, scores=list(screen.match.scores))
    screen.match.round = screen.round = rnd
    screen.hand_start = list(rnd.scores)
    rnd.apply(1, Discard(parse_tiles("9m")[0]))
    screen.rebuild()
    screen._act(Ron())
    assert rnd.dead[0] and rnd.false_wins and not rnd.ended
    return screen


def _learners_turn(screen):  # noqa: ANN001, ANN202
    for _ in range(40):
        screen.run_bots_until_learner()
        if screen.round.ended or any(isinstance(a, Discard) for a in screen.my_legal()):
            return
        screen._act(next(a for a in screen.my_legal() if type(a).__name__ == "Pass"))
    raise AssertionError("the learner never had a turn")


def test_after_a_false_win_the_coach_plans_no_win_and_marks_safe_discards(app) -> None:  # noqa: ANN001
    screen = _after_false_win(app)
    _learners_turn(screen)
    rnd, rules = screen.round, screen.match.rules
    view, legal = make_view(rnd, 0), screen.my_legal()
    live = mcr_advice(view, legal, rules)
    assert live.plans and not live.dead  # what the coach said before: a plan the engine will never let win
    advice = mcr_advice(view, legal, rules, dead=rnd.dead[0])
    assert advice.dead and not advice.plans and not advice.waits and advice.hu is None
    seen = view.visible_counts()
    options = {a.tile.kind for a in legal if isinstance(a, Discard)}
    assert advice.discards and set(advice.discards) <= options
    assert all(danger(k, seen) <= danger(o, seen) for k in advice.discards for o in options)
    text = mcr_coach_text("full", advice, 10)
    assert "cannot win this hand any more" in text and "Safest discard now" in text
    assert "Heading for" not in text and "{term:mcr_false_win}" in text
    assert mcr_coach_text("off", advice) == ""


def test_the_dead_coach_passes_on_calls() -> None:
    rules = SimpleNamespace(fans=load_mcr_rules("mcr"))
    from trainer.engine.game.actions import Pass, Pon

    view = SimpleNamespace(visible_counts=lambda: [0] * 34)
    advice = mcr_advice(view, [Pon(tuple(parse_tiles("55p"))), Pass()], rules, dead=True)  # type: ignore[arg-type]
    assert advice.call is False and advice.discards == ()
    assert "A call cannot help" in mcr_coach_text("hints", advice)


def test_honors_all_in_sight_are_the_safest() -> None:
    seen = [0] * 34
    seen[parse_tile("1z").kind] = 4  # every East in sight: nobody can wait on one (orphans aside)
    assert danger(parse_tile("1z").kind, seen) == 0
    assert danger(parse_tile("5m").kind, seen) == 7 and danger(parse_tile("9m").kind, seen) == 5


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_draw_card_after_a_false_win_keeps_the_penalty(app, lang) -> None:  # noqa: ANN001
    screen = _after_false_win(app)
    rnd = screen.round
    rnd._exhaustive()  # the wall runs out: nobody won the hand
    set_language(lang)
    card = McrHandResultView(rnd, names=screen.seat_name, before=screen.hand_start)
    text = card.draw_text()
    penalties = [line for line in card.payment_lines() if line.endswith(("(penalty)", "(штраф)"))]
    assert len(penalties) == 3
    if lang == "en":  # (review 23, coach2: no seat word — «справа» is also the player on the right)
        assert "nobody pays and" not in text and "your false win's penalty stands (see the penalty lines)" in text
    else:
        assert "никто не платит, сдача" not in text and "ваш штраф за ложный выигрыш остаётся" in text
        assert "справа" not in text.lower(), text
    surf = pygame.Surface((1280, 720))
    card.draw(surf, app, pygame.Rect(40, 40, 1200, 640))  # paints with the new sentence
    clean = SimpleNamespace(result=SimpleNamespace(wins=(), false_wins=()))
    plain = McrHandResultView(clean, names=str, before=[0] * 4).draw_text()  # a draw without a false win
    assert plain != text and ("nobody pays and" in plain or "никто не платит, сдача" in plain)


def test_a_double_wind_pung_plan_counts_both_winds() -> None:
    hand = parse_hand("111z2345678m99m5p")  # East in the East round: a half flush with the East pung
    found = [p for p in plans(hand.counts(), (), EAST, EAST) if p.fans[0] == "half_flush" and p.detail == (0, EAST)]
    assert found and found[0].fans == ("half_flush", "prevalent_wind", "seat_wind") and found[0].value == 10
    south = [p for p in plans(hand.counts(), (), 28, EAST) if p.fans[0] == "half_flush" and p.detail == (0, EAST)]
    assert south[0].fans == ("half_flush", "prevalent_wind") and south[0].value == 8
    # the calculator counts a finished hand of that plan the same way
    done = score_mcr(Hand(parse_hand("111z234567m99m111m").concealed), Situation(win=parse_tile("9m").kind,
                     self_drawn=False, seat=EAST, round=EAST), load_mcr_rules("mcr"))
    assert {"half_flush", "prevalent_wind", "seat_wind"} <= set(done.fans)
    advice = SimpleNamespace(dead=False, hu=None, minimum=8, plans=tuple(found[:1]), discards=(), call=None,
                             waits=())
    assert "(10 points)" in mcr_coach_text("hints", advice)
