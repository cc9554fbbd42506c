"""Review 24 (mcr24) at the MCR table and in the MCR texts.

#2: the coach said "Heading for Seven Pairs … This call brings the plan nearer: take it." over two
Chi buttons (seed 2, hand 6): a chow never serves seven pairs, and it did not say which Chi; at a
false-win offer (seed 5, hand 4: Peng / Pass / Hu) "This call" read as the Hu.  Now the coach names
the call with its tiles and the plan the call serves — the plan named, or the one it turns the hand to.
#4: the «Not counted» lines of the hand result were cut with '…' above an empty half card.
#7: «последний сброс партии» (a hand is «раздача»).  #8: "Safest discard now: 8m or 3s. Few of its
copies…".  #9: "the winds are under the hand", "What the fan needs: A pung…", "concealed kong" before
three kongs, "Total 16 points (0 flowers)", "Tournaments give … only Self-Drawn (1)"."""

from __future__ import annotations

import os
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
import yaml  # noqa: E402

from tests.table_driver import button_for, discard_with_keys, key, press_digit  # noqa: E402
from tests.ui_events import headless_app  # noqa: E402
from trainer.engine.game.actions import Chi, Discard, Kan, Pass, Pon, Ron, Tsumo  # noqa: E402
from trainer.engine.game.view import make_view  # noqa: E402
from trainer.engine.hand import MeldKind  # noqa: E402
from trainer.engine.mcr.bots import McrBot, make_mcr_bot  # noqa: E402
from trainer.engine.mcr.coach import McrAdvice, call_meld, mcr_advice  # noqa: E402
from trainer.engine.mcr.match import McrMatch, play_mcr_round  # noqa: E402
from trainer.engine.mcr.plans import plans  # noqa: E402
from trainer.engine.notation import format_tiles  # noqa: E402
from trainer.engine.tiles import parse_tile  # noqa: E402
from trainer.i18n import set_language  # noqa: E402
from trainer.ui.match_setup import MatchSetup  # noqa: E402
from trainer.ui.views.table import mcr as mcr_view  # noqa: E402
from trainer.ui.views.table.mcr import McrHandResultView, dead_coach_text, mcr_coach_text  # noqa: E402
from trainer.ui.widgets import fit_line  # noqa: E402

LESSONS = Path(__file__).resolve().parent.parent / "lessons" / "mcr"
CONCEALED_ONLY = {"seven_pairs", "thirteen_orphans", "lesser_honors_and_knitted_tiles"}


@pytest.fixture(autouse=True)
def english():  # noqa: ANN201
    set_language("en")
    yield
    set_language("en")


def _learner_move(app: Any, screen: Any, bot: Any) -> None:
    """The reviewer's learner: the aiming bot's choice, never a false win (Pass instead)."""
    legal = screen.my_legal()
    choice = bot.choose(make_view(screen.round, 0), legal)
    if isinstance(choice, Ron | Tsumo) and screen._false_win_cost(choice) is not None:
        choice = next((a for a in legal if isinstance(a, Pass)), choice)
    if isinstance(choice, Discard):
        discard_with_keys(app, screen, choice.tile)
    else:
        try:
            press_digit(app, button_for(screen, choice))
        except LookupError:
            screen._act(choice)


def play_to(app: Any, seed: int, want: Any, *, last_hand: int) -> Any:
    """An MCR table (full coach) played as the reviewer played it until ``want(screen)`` holds with
    the learner to decide (None after hand ``last_hand``)."""
    screen = app.push("mcr_play", setup=MatchSetup(preset="mcr", coach="full"), seed=seed)
    bot = make_mcr_bot("mcr", screen.match.rules)
    hand = 0
    while hand <= last_hand:
        screen.run_bots_until_learner()
        if screen.round.ended:
            key(app, pygame.K_RETURN, "\r")
            hand += 1
            continue
        if want(screen):
            app.render()
            return screen
        _learner_move(app, screen, bot)
    return None


def _two_chis_taken(screen: Any) -> bool:
    return sum(isinstance(a, Chi) for a in screen.my_legal()) >= 2 and bool(screen._advice().call)


def test_two_chis_over_seven_pairs_name_the_chi_and_the_plan_it_turns_to(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    """The reviewer's position (seed 2, hand 6, South 2): Seven Pairs named, two Chi buttons."""
    with headless_app(tmp_path, monkeypatch, language="en") as app:
        screen = play_to(app, 2, _two_chis_taken, last_hand=5)
        assert screen is not None and screen.match.hands_played == 5
        text = screen.coach_message()
        assert "Heading for {term:mcr_seven_pairs}" in text
        assert "This call" not in text
        chis = {format_tiles(sorted((*a.tiles, screen.round.last_tile))) for a in screen.my_legal()
                if isinstance(a, Chi)}
        named = [t for t in chis if "Take Chi {tiles:" + t + "}" in text]
        assert len(named) == 1, text  # which of the two Chi
        assert "it turns the hand to {term:mcr_pure_straight}" in text  # the plan changes, and says so


def _false_hu_with_peng(screen: Any) -> bool:
    legal = screen.my_legal()
    wins = [a for a in legal if isinstance(a, Ron)]
    return bool(wins) and any(isinstance(a, Pon) for a in legal) and screen._false_win_cost(wins[0]) is not None


def test_the_call_at_a_false_win_offer_is_named(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    """Seed 5, hand 4: Peng / Pass / Hu (false win): the call line names the Peng, never "this call"."""
    with headless_app(tmp_path, monkeypatch, language="en") as app:
        screen = play_to(app, 5, _false_hu_with_peng, last_hand=3)
        assert screen is not None
        text = screen.coach_message()
        assert "Play on instead." in text and "This call" not in text
        pon = next(a for a in screen.my_legal() if isinstance(a, Pon))
        tiles = format_tiles(sorted((*pon.tiles, screen.round.last_tile)))
        assert "Take Peng {tiles:" + tiles + "}" in text, text


def _claim_positions(seeds: tuple[int, ...], hands: int) -> list[tuple[Any, list[Any], Any]]:
    """(view, legal, rules) at every chow/pung/kong offer to seat 0 in bot games."""
    seen: list[tuple[Any, list[Any], Any]] = []

    class Spy(McrBot):
        def choose(self, view: Any, legal: list[Any]) -> Any:
            if any(isinstance(a, Chi | Pon | Kan) for a in legal) and not any(isinstance(a, Discard) for a in legal):
                seen.append((view, legal, self.rules))
            return super().choose(view, legal)

    for seed in seeds:
        match = McrMatch("mcr", seed)
        players = [Spy(match.rules), *(McrBot(match.rules) for _ in range(3))]
        for _hand in range(hands):
            play_mcr_round(match.start_round(), players)
            match.finish_round()
    return seen


def test_every_call_the_coach_takes_is_named_with_the_plan_it_serves() -> None:
    """In bot games: each call the coach takes is a call on offer, named with its tiles; the plan after
    it is the nearest plan of the hand with that set and the best discard, never a concealed-only form;
    the line says the plan changes exactly when it is not the plan named before the call."""
    taken = changed = 0
    for view, legal, rules in _claim_positions((1, 2, 5), 4):
        advice = mcr_advice(view, legal, rules)
        text = mcr_coach_text("full", advice)
        offered = sum(isinstance(a, Chi | Pon | Kan) for a in legal)
        assert advice.calls_offered == offered
        if not advice.call:
            assert "an 8-point hand nearer: pass." in text and "Take" not in text
            continue
        if advice.hu is not None and advice.hu >= advice.minimum:
            assert text.startswith("Hu now is worth")  # a fair Hu on offer: the coach says that alone
            continue
        taken += 1
        ca = advice.call_advice
        choice = McrBot(rules).choose(view, [a for a in legal if not isinstance(a, Ron)])
        assert ca.meld == call_meld(choice, view.last_tile)
        word = {MeldKind.CHI: "Chi", MeldKind.PON: "Peng", MeldKind.KAN_OPEN: "Gang"}[ca.meld.kind]
        assert f"Take {word} {{tiles:{format_tiles(ca.meld.tiles)}}}" in text, text
        if ca.ready_value:
            continue
        assert ca.plan is not None and not set(ca.plan.fans) & CONCEALED_ONLY
        assert ca.keeps_plan == (ca.plan.fans == advice.plans[0].fans)
        assert ("it turns the hand to" in text) == (not ca.keeps_plan)
        if advice.plans[0].fans[0] in CONCEALED_ONLY:
            assert not ca.keeps_plan  # a call never serves Seven Pairs: the line says the plan changes
        changed += not ca.keeps_plan
    assert taken >= 5 and changed >= 1


def test_the_plan_after_a_chow_is_a_plan_of_the_hand_with_it() -> None:
    view, legal, rules = next(p for p in _claim_positions((2,), 4) if mcr_advice(*p).call)
    ca = mcr_advice(view, legal, rules).call_advice
    assert ca is not None and ca.plan is not None
    after = view.hand.counts()
    own = list(ca.meld.tiles)
    own.remove(view.last_tile)
    for t in own:
        after[t.kind] -= 1
    melds = (*view.hand.melds, ca.meld)
    # the plan is the nearest of the hand holding the new set, after one of its tiles is discarded
    best = min(
        plans([c - (k == d) for k, c in enumerate(after)], melds, view.seat_wind, view.round_wind,
              view.visible_counts())[0].distance
        for d in range(34) if after[d])
    assert ca.plan.distance == best


def test_no_call_on_offer_brings_a_plan_nearer_in_the_plural() -> None:
    advice = McrAdvice(plans=(), discards=(), waits=(), hu=None, minimum=8, call=False, calls_offered=2)
    assert mcr_coach_text("full", advice) == "None of these calls brings an 8-point hand nearer: pass."
    single = McrAdvice(plans=(), discards=(), waits=(), hu=None, minimum=8, call=False, calls_offered=1)
    assert mcr_coach_text("full", single) == "This call does not bring an 8-point hand nearer: pass."


# ---------------------------------------------------------------- #8: the safest discards after a false win


def _dead(*tiles: str) -> McrAdvice:
    return McrAdvice(plans=(), discards=tuple(parse_tile(t).kind for t in tiles), waits=(), hu=None, minimum=8,
                     dead=True)


def test_two_safest_discards_take_the_plural() -> None:
    assert "Few copies of each are still unseen, and few chows can wait on any of them." in dead_coach_text(
        _dead("8m", "3s"))
    assert "Few of its copies are still unseen, and few chows can wait on it." in dead_coach_text(_dead("8m"))
    set_language("ru")
    two, one = dead_coach_text(_dead("8m", "3s")), dead_coach_text(_dead("8m"))
    assert "мало копий каждой из них" in two and "мало её копий" not in two
    assert "мало её копий" in one


# ---------------------------------------------------------------- #4: the result card wraps


def _hand_result(app: Any, seed: int) -> Any:
    """The first hand of an MCR game played to its result card."""
    screen = app.push("mcr_play", setup=MatchSetup(preset="mcr", coach="full"), seed=seed)
    bot = make_mcr_bot("mcr", screen.match.rules)
    for _step in range(400):
        screen.run_bots_until_learner()
        if screen.round.ended:
            return screen
        _learner_move(app, screen, bot)
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize(("lang", "size"), [("ru", (1280, 720)), ("en", (1024, 600))])
def test_the_not_counted_lines_wrap_instead_of_being_cut(tmp_path, monkeypatch, lang, size) -> None:  # noqa: ANN001
    """The reviewer's card (seed 5, hand 1): Greater Honors and Knitted Tiles leaves out two fans with
    long names; each line is drawn whole, wrapped to the fan column."""
    with headless_app(tmp_path, monkeypatch, language=lang, size=size) as app:
        screen = _hand_result(app, 5)
        drawn: list[str] = []
        real = mcr_view.blit_text

        def spy(surf: Any, app_: Any, text: str, size: int, *args: Any, **kw: Any) -> Any:
            width = kw.get("max_width")  # what blit_text draws: the text cut to its width
            drawn.append(fit_line(app_, text, size, width, kw.get("bold", False)) if width else text)
            return real(surf, app_, text, size, *args, **kw)

        monkeypatch.setattr(mcr_view, "blit_text", spy)
        app.process([], 1.0)
        app.render()
        view = screen.result_view
        assert isinstance(view, McrHandResultView)
        excluded = view.excluded_lines(app)
        assert len(excluded) >= 2
        start = drawn.index("Not counted:" if lang == "en" else "Не засчитано:")
        rows = drawn[start + 1:]
        assert not any(r.endswith("…") for r in rows[:len(excluded) * 3]), rows
        flat = " ".join(rows)
        for line in excluded:
            assert line in flat, (line, rows)


def test_the_total_line_says_no_flowers_once() -> None:
    score = SimpleNamespace(total=16, flowers=0, rules=SimpleNamespace(minimum=8))
    view = McrHandResultView(SimpleNamespace(result=SimpleNamespace(wins=[SimpleNamespace(score=score)])),
                             names=str, before=[0] * 4)
    assert view.total_text() == "Total 16 points, no flowers; 8 needed."
    score.flowers, score.total = 2, 18
    assert view.total_text() == "Total 18 points (2 flowers); 16 without flowers, 8 needed."
    set_language("ru")
    score.flowers, score.total = 0, 16
    assert view.total_text() == "Всего 16 очков, цветов нет; нужно 8."


# ---------------------------------------------------------------- #7, #9: words


def test_the_last_discard_of_the_hand_is_a_razdacha() -> None:
    from trainer.ui.mcr_texts import situation_line

    set_language("ru")
    line = situation_line({"win_tile": "5m", "by": "ron", "seat": "E", "round": "E", "flowers": 0,
                           "flags": ("houtei",)})
    assert "последний сброс раздачи" in line and "партии" not in line


def test_three_concealed_kongs_are_kongs() -> None:
    from trainer.ui.mcr_texts import melded_line

    assert melded_line("55m [6666s] [4444s] [3333s]").startswith("concealed kongs {tiles:6666s}")
    assert melded_line("123m456p789s55m [6666s]").startswith("concealed kong {tiles:6666s}")
    set_language("ru")
    assert melded_line("55m [6666s] [4444s] [3333s]").startswith("закрытые конги: ")


def test_what_the_fan_needs_starts_in_small_letters() -> None:
    from trainer.ui.mcr_texts import not_in_hand_line

    line = not_in_hand_line("dragon_pung")
    assert "What the fan needs: a pung or kong of a dragon." in line, line


def _step_en(lesson: str, step: str) -> str:
    data = yaml.safe_load((LESSONS / f"{lesson}.yaml").read_text(encoding="utf-8"))
    return next(s for s in data["steps"] if s.get("id") == step)["prompt"]["en"]


def test_the_lesson_sentences_read_as_english() -> None:
    assert "the seat and prevalent winds are given below the hand" in _step_en("mcr_fans_pungs", "winds_fans")
    knitted = (LESSONS / "mcr_knitted.yaml").read_text(encoding="utf-8")
    assert "Tournaments give a special form" not in knitted
    assert "In tournaments a special form won by self-draw scores only {term:mcr_self_drawn} (1 point)." in knitted


def test_a_kong_of_ones_own_tiles_is_named_as_a_kong() -> None:
    from trainer.engine.hand import Meld
    from trainer.engine.mcr.coach import CallAdvice

    tile = parse_tile("6m")
    kong = CallAdvice(Meld(MeldKind.KAN_CLOSED, (tile,) * 4), tile.kind, None, keeps_plan=True)
    advice = McrAdvice(plans=(), discards=(), waits=(), hu=None, minimum=8, call=True, call_advice=kong)
    assert mcr_coach_text("full", advice) == ("Declare Gang {tiles:6666m}: the kong costs your plan nothing and "
                                              "adds points.")
