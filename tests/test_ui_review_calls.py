"""The review's call verdicts in the replay: the words for every reason of the coach in both
languages (glossary links, "Good" when the learner agreed), the box at the top right on the
learner's answer to a pon or chi offer, M stopping on calls against the coach, and the header."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.review_cards import against_coach_part  # noqa: E402
from tests.table_driver import key  # noqa: E402
from trainer.engine.game.call_review import CallDecision  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.richtext import plain_text  # noqa: E402
from trainer.ui.views.table.call_review import call_choice_text  # noqa: E402

YES = ("speed_yakuhai", "value", "speed", "formal_tenpai")
NO = ("not_faster", "no_yaku", "folding", "keep_closed", "cheap_and_slow")


@pytest.fixture()
def app(lang_app: App) -> App:
    """The app in each language (``lang_app`` in conftest)."""
    return lang_app


def _en(app: App) -> bool:
    return app.settings.language == "en"


def _call(**kw: object) -> CallDecision:
    """A pass on 6z where the coach pons for tenpai with yakuhai, changed by ``kw``."""
    c = {"hand": 1, "action": 47, "round": 0, "hand_number": 1, "honba": 0, "tile": "6z", "from_seat": 2,
         "offered": (("pon", ("6z", "6z")),), "chosen": "pass", "chosen_tiles": (), "advice": "pon",
         "advice_tiles": ("6z", "6z"), "against_advice": True, "judged": "pon", "judged_tiles": ("6z", "6z"),
         "reason": "speed_yakuhai", "shanten": 1, "shanten_after": 0, "value_after": 2000,
         "reasons": ({"code": "shanten", "value": 1, "after": 0}, {"code": "value_after", "points": 2000},
                     {"code": "speed_yakuhai"}), **kw}
    return CallDecision(**c)  # type: ignore[arg-type]


def test_a_passed_yakuhai_pon_says_the_coach_would_pon_for_tenpai(app: App) -> None:
    text = call_choice_text(_call())
    assert "{term:pon|" in text and "{term:yakuhai}" in text and "{term:tenpai|" in text and "{tiles:6z}" in text
    words = plain_text(text, app)
    if _en(app):
        assert words.startswith("You passed on 6z: the coach would call pon (ポン) — the pon makes a value triplet ("), \
            words
        assert words.endswith("and after the call the hand is tenpai (聴牌)."), words
    else:
        assert words.startswith("Вы пропустили 6z: тренер объявил бы пон (ポン, pon) — это собирает якухай ("), words
        assert words.endswith("и после объявления у вас тенпай (聴牌, tenpai)."), words


def test_a_chi_names_its_run_and_a_call_against_the_coach_says_why(app: App) -> None:
    chi = _call(tile="4m", offered=(("chi", ("2m", "3m")), ("chi", ("5m", "6m"))), chosen="chi",
                chosen_tiles=("5m", "6m"), advice="pass", advice_tiles=(), judged="chi", judged_tiles=("5m", "6m"),
                reason="no_yaku", shanten=2, shanten_after=1, value_after=0,
                reasons=({"code": "shanten", "value": 2, "after": 1}, {"code": "no_yaku"}))
    text = call_choice_text(chi)
    assert "{term:chii|" in text and "{tiles:456m}" in text and "{term:yaku}" in text
    words = plain_text(text, app)
    assert not words.endswith(("Good.", "Хорошо.")), words
    assert ("but the coach would pass" if _en(app) else "но тренер пропустил бы") in words, words
    other = plain_text(call_choice_text(_call(tile="4m", chosen="chi", chosen_tiles=("5m", "6m"), advice="chi",
                                              advice_tiles=("2m", "3m"), reason="not_faster", shanten=2,
                                              shanten_after=2)), app)
    assert "234m" in other and "456m" in other, other  # the learner's run, then the coach's


@pytest.mark.parametrize("chosen", ["pass", "pon"])
def test_every_reason_has_words_and_agreeing_is_good(app: App, chosen: str) -> None:
    seen = set()
    for reason in (*YES, *NO, "something_new"):
        coach = "pon" if reason in YES else "pass"
        c = _call(chosen=chosen, chosen_tiles=("6z", "6z") if chosen == "pon" else (), advice=coach,
                  advice_tiles=("6z", "6z") if coach == "pon" else (), against_advice=chosen != coach,
                  reason=reason, shanten=2, shanten_after=1,
                  reasons=({"code": "keep_closed", "riichi": 5200},) if reason == "keep_closed" else ())
        words = plain_text(call_choice_text(c), app)
        assert words and "{" not in words and "}" not in words, (reason, words)
        assert words.endswith(("Good.", "Хорошо.")) == (chosen == coach), (reason, words)
        seen.add(words)
    assert len(seen) == len(YES) + len(NO) + 1  # every reason told apart
    ready = plain_text(call_choice_text(_call(reason="not_faster", shanten=0, shanten_after=0, advice="pass",
                                              against_advice=False)), app)
    assert ("already" if _en(app) else "уже") in ready, ready


def test_the_replay_shows_the_call_verdict_at_the_top_right(app: App) -> None:
    from trainer.ui.screens.play_shots import replay_call

    screen = replay_call(app, called=False)
    c = screen.current_call()
    assert c is not None and c.against_advice and c.chosen == "pass" and c.advice == "pon"
    assert screen.current_decision() is None  # an answer to an offer, not a discard
    app.render()
    assert screen.side_box.layout is not None and screen.side_box.rect.height > 0
    assert screen.side_box.rect.left > screen.board.rect.centerx  # the riichi row's corner
    assert screen.box.layout is None  # no tile verdict on this frame
    words = plain_text(call_choice_text(c), app)
    assert words.startswith("You passed on" if _en(app) else "Вы пропустили"), words
    screen.step(1)  # the next frame is a draw or discard: no box
    app.render()
    assert screen.current_call() is None and screen.side_box.layout is None


def test_m_stops_on_calls_against_the_coach_and_the_header_counts_them(app: App) -> None:
    from trainer.ui.screens.play_shots import replay_call

    screen = replay_call(app, called=True)
    here = screen.pos
    c = screen.current_call()
    assert c is not None and c.against_advice and c.called and not screen.decisions.get((c.hand, c.action))
    screen.pos = here - 1
    key(app, pygame.K_m)
    assert screen.pos == here  # only the call makes M stop here
    calls = sum(1 for x in screen.calls.values() if x.against_advice)
    header = screen.header_extra()
    part = against_coach_part(screen, _en(app))  # with the riichi and push/fold choices of this learner
    assert part and (f"{calls}" in part), part
    # in the header, or — beside a long title («Повтор партии · tenhou.net, только Восток») — under the table
    assert part in header or part in screen.below_text(), (header, screen.below_text())
    # the header fits beside the title at 1280x720
    L = app.layout
    assert app.text_width(header, L.font("small")) < L.width - app.text_width(screen.title(), L.font("h2"), True) - 260
    app.render()
    assert screen.side_box.layout is not None


def test_the_table_coach_says_whether_to_call_the_tile_on_offer(app: App) -> None:
    """At the table the full coach words a pon/chi offer before the learner answers: the strong
    bot's choice, the same verdict the review gives afterwards."""
    from trainer.engine.game.actions import Chi, Pon
    from trainer.engine.game.coach import call_advice
    from trainer.engine.game.view import make_view
    from trainer.ui.screens.play_shots import table_coach_calls, table_with_a_call_offer

    seen = set()
    for screen in (table_coach_calls(app), table_with_a_call_offer(app, coach="full")):
        legal = screen.my_legal()
        assert any(isinstance(a, Chi | Pon) for a in legal)
        view = make_view(screen.round, 0)
        advice = call_advice(view, legal, screen.match.rules)
        text = screen.coach_message()
        words = plain_text(text, app)
        if advice.call is not None:
            assert ("Coach: call " if _en(app) else "Тренер: объявить ") in words, words
        else:
            assert ("Coach: pass" if _en(app) else "Тренер: пропустить") in words, words
        assert f"{{tiles:{view.last_tile}}}" in text, text  # the tile on offer, drawn
        seen.add(advice.call is not None)
    assert seen == {True, False}  # both answers shown
    # the coach stays quiet about calls below the full level
    screen = table_with_a_call_offer(app, coach="hints")
    assert "Coach: call" not in plain_text(screen.coach_message(), app)
    assert "Тренер: объявить" not in plain_text(screen.coach_message(), app)
