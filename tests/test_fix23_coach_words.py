"""The table coach's words (review 23, group "coach"):

1. a tile that can deal into two riichi players names both, in the plural («соперники справа и слева
   объявили риичи … их выигрышной плиткой», "Right and Left are in riichi");
2. the Russian open-hand warning speaks of one opponent as «он», never «они»;
3. with riichi on offer, a coach's discard that can deal in says why pushing it is right (gain
   against risk, one short line) before the riichi advice;
4. a call offered to an open hand that is already tenpai never "only opens the hand";
5. a discard with fewer useful tiles gives the evaluator's reason (a red five kept), or says the two
   are equal when the evaluator cannot tell them apart (open hand without a yaku, the last hand);
6. a closed kan on offer gets the strong bot's verdict and why, on the table;
7. the chi advice names «до готовности» once; the last hand's odds read plainly.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.test_evaluator import make_view as evaluator_view  # noqa: E402
from tests.text_checks import in_english, plain_words  # noqa: E402
from tests.ui_events import headless_app  # noqa: E402
from trainer.engine.evaluator.reasons import reason  # noqa: E402
from trainer.engine.game.actions import Chi, Discard, Kan, Pass, Pon, Riichi  # noqa: E402
from trainer.engine.game.call_review import CallDecision  # noqa: E402
from trainer.engine.game.coach import discard_hints  # noqa: E402
from trainer.engine.game.scenario import setup_round  # noqa: E402
from trainer.engine.game.view import make_view  # noqa: E402
from trainer.engine.notation import parse_tiles  # noqa: E402
from trainer.engine.rules import load_rules  # noqa: E402
from trainer.engine.tiles import SOUTH, Tile, parse_tile  # noqa: E402
from trainer.i18n import _, set_language  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.match_setup import MatchSetup  # noqa: E402
from trainer.ui.richtext import BR  # noqa: E402
from trainer.ui.views.table import coach  # noqa: E402
from trainer.ui.views.table.call_review import call_why  # noqa: E402

RULES = load_rules("tenhou")
RIGHT = "123m456p789p1122z"  # tenpai on 1z/2z (shanpon): declares riichi with the tile it draws
ACROSS = "258p369s147s2567z"  # nothing
LEFT = "123p456s789m3344z"  # tenpai on 3z/4z
LEFT_NO_7M = "123p456s789s3344z"  # the same, leaving every 7m to the learner
SEATS = {1: "Right", 2: "Across", 3: "Left"}


@pytest.fixture(params=["en", "ru"])
def app(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    with headless_app(tmp_path, monkeypatch, language=request.param) as a:
        yield a
    set_language("en")


def seat_name(seat: int) -> str:
    """The table's seat words, as the play screen names them."""
    return _(SEATS[seat])


def play(rnd: Any, script: list[tuple[int, Any]]) -> Any:
    """Apply ``(seat, action)`` in order; a call window the script does not answer is passed, the
    learner's (seat 0) only after the script."""
    for seat, action in script:
        calling = isinstance(action, Pon | Chi | Pass)
        while rnd.phase.value == "calls" and not (calling and seat in rnd.to_act()):
            rnd.apply(rnd.to_act()[0], Pass())
        rnd.apply(seat, action)
    while rnd.phase.value == "calls" and 0 not in rnd.to_act():
        rnd.apply(rnd.to_act()[0], Pass())
    return rnd


def t(text: str) -> Tile:
    return parse_tile(text)


def riichi_round(*, both: bool) -> Any:
    """The learner (dealer, 2 dora) draws 8p to 23456m456p678s99s + 8p: only 8p keeps the tenpai (1-4-7m,
    riichi is the only yaku), 8p can deal into Right's riichi (and Left's: ``both``), 9s is genbutsu."""
    rnd = setup_round(["234m456p678s99s56m", RIGHT, "147m369p147s3456z", LEFT], draws="1z9s8m9s8p", dora="3m")
    left = Riichi(t("9s")) if both else Discard(t("9s"))
    return play(rnd, [(0, Discard(t("1z"))), (1, Riichi(t("9s"))), (2, Discard(t("8m"))), (3, left), (0, Pass())])


def open_ready_round() -> Any:
    """The learner has pons of 6m and 發 and waits on 3p with 123m24p44s; Left throws 1m (a chi)."""
    rnd = setup_round(["123m24p44s66m66z5z9s", RIGHT, ACROSS, LEFT], draws="9p6m6z8s8s1m", dora="3m")
    return play(rnd, [(0, Discard(t("5z"))), (1, Discard(t("6m"))), (0, Pon(tuple(parse_tiles("66m")))),
                      (0, Discard(t("9s"))), (1, Discard(t("6z"))), (0, Pon(tuple(parse_tiles("66z")))),
                      (0, Discard(t("9p"))), (1, Discard(t("8s"))), (2, Discard(t("8s"))), (3, Discard(t("1m")))])


def chi_no_yaku_round() -> Any:
    """After a chi of 567m the learner holds 456p11244579s: no yaku after any discard (the reviewer's probe)."""
    rnd = setup_round(["67m456p11244579s", RIGHT, ACROSS, LEFT], draws="1z9m9m5m", dora="3m")
    return play(rnd, [(0, Discard(t("1z"))), (1, Discard(t("9m"))), (2, Discard(t("9m"))), (3, Discard(t("5m"))),
                      (0, Chi(tuple(parse_tiles("67m"))))])


def kan_round(*, riichi: str = "") -> Any:
    """The learner draws the fourth 7m to 777m234p567s1z468p: first thing in the hand, after Right's riichi
    (``riichi="right"``), or in its own riichi on 777m234p567s46p99s (``riichi="own"``)."""
    if riichi == "own":
        rnd = setup_round(["777m234p567s46p99s", RIGHT, ACROSS, LEFT_NO_7M], draws="3z8m8m8m7m", dora="3m")
        return play(rnd, [(0, Riichi(t("3z"))), (1, Discard(t("8m"))), (2, Discard(t("8m"))), (3, Discard(t("8m")))])
    if riichi == "right":
        rnd = setup_round(["777m234p567s1z468p", RIGHT, ACROSS, LEFT_NO_7M], draws="5z9s8m9s7m", dora="3m")
        play(rnd, [(0, Discard(t("5z"))), (1, Riichi(t("9s"))), (2, Discard(t("8m"))), (3, Discard(t("9s")))])
        while rnd.phase.value == "calls":  # the learner's own offer too
            rnd.apply(rnd.to_act()[0], Pass())
        return rnd
    return setup_round(["777m234p567s1z468p", RIGHT, ACROSS, LEFT_NO_7M], draws="7m", dora="3m")


def words_now(app: App, rnd: Any, lifted: Tile | None = None, level: str = "full") -> str:
    """The coach's words for the learner in ``rnd``, as the learner reads them."""
    return plain_words(app, coach.coach_text(level, make_view(rnd, 0), rnd.legal_actions(0), lifted, RULES,
                                             seat_name))


def table_with(app: App, rnd: Any) -> Any:
    """The play screen (full coach) showing the scripted round ``rnd``, drawn."""
    screen = app.push("play", setup=MatchSetup(coach="full"), seed=1)
    screen.saver = None
    screen.round = screen.match.round = rnd
    screen.hand_start = list(rnd.scores)
    screen.rebuild()
    app.process([], 1 / 60)
    app.render()
    return screen


def lift(app: App, screen: Any, tile: Tile) -> None:
    """Click the hand's ``tile`` once (it is lifted, not yet discarded)."""
    row = screen.hand_row
    i = next(i for i, s in enumerate(row.slots) if s.tile == tile)
    app.process([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=row._draw_rect(i).center, button=1)], 1 / 60)
    app.render()


# ---------------------------------------------------------------- 1: two riichi players

def test_a_tile_dangerous_to_two_riichi_players_names_both_in_the_plural(app: App) -> None:
    screen = table_with(app, riichi_round(both=True))
    lift(app, screen, t("8p"))
    assert screen.hand_row.selected  # lifted, not discarded
    text = plain_words(app, screen.coach_message())
    if in_english(app):
        assert "Careful: Right and Left are in riichi (立直, rīchi), and 8p may be their winning tile" in text, text
        assert "of Right, Left" not in text, text
    else:
        assert "Осторожно: соперники справа и слева объявили риичи (立直, rīchi), и 8p может оказаться их " \
               "выигрышной плиткой — её не защищают" in text, text
        assert "(справа, слева)" not in text and "объявил " not in text, text


def test_one_riichi_player_stays_in_the_singular(app: App) -> None:
    text = words_now(app, riichi_round(both=False), t("8p"))
    assert ("Careful: Right is in riichi (立直, rīchi), and 8p may be their winning tile" if in_english(app)
            else "Осторожно: соперник справа объявил риичи (立直, rīchi), и 8p может оказаться его выигрышной плиткой"
            ) in text, text


def test_three_seats_are_listed_with_and(app: App) -> None:
    assert plain_words(app, coach.seats_in_sentence(seat_name, (1, 2, 3))) == (
        "Right, Across and Left" if in_english(app) else "справа, напротив и слева")


# ---------------------------------------------------------------- 2: one opponent is «он»

@pytest.mark.parametrize("reading", ["honitsu", "toitoi", "yakuhai", "open"])
def test_the_open_hand_warning_speaks_of_one_opponent(app: App, reading: str) -> None:
    w = SimpleNamespace(seat=2, reading=reading, suit="m", tile=Tile(1), safe=[Tile(27)])
    text = f" {plain_words(app, coach.open_warning_line(w, seat_name))} "
    if in_english(app):
        assert "they" in text or "their" in text, text  # the singular "they" is good English
        return
    for plural in (" они ", " их ", "собирают", "объявляли", " им ", "могут быть готовы"):
        assert plural not in text, (plural, text)
    assert any(word in text for word in (" он ", " его ", "у него ")), text


# ---------------------------------------------------------------- 3: a risky push beside the riichi advice

def test_a_warned_push_with_riichi_on_offer_says_why(app: App) -> None:
    screen = table_with(app, riichi_round(both=False))
    lift(app, screen, t("8p"))
    lines = [plain_words(app, line) for line in screen.coach_message().split(BR)]
    text = " ".join(lines)
    # (review 23, coach2: the parts of the average are named, never a bare total bigger than the hand)
    push = ("Push: 8p is risky, but a win brings about 8,900 points and comes 69% of the time, so about 6,140 on "
            "average; ×1.6 because a dealer's win keeps the deal (連荘, renchan); plus about 310 from the tenpai "
            "payment at a draw (不聴罰符, nōten bappu): about 10,100 in all — more than the risk (about 610)."
            if in_english(app) else
            "Играйте вперёд: сброс 8p опасен, но победа стоит около 8 900 очков (шанс 69%), в среднем это около 6 140, "
            "×1,6, ведь после победы дилер остаётся дилером (連荘, renchan), плюс 310 — штраф за нотен (不聴罰符, "
            "nōten bappu); всего около 10 100 — больше риска (около 610).")
    assert push in lines, text
    riichi = next(i for i, line in enumerate(lines) if line.startswith("Riichi" if in_english(app) else "Риичи"))
    # (review 24, coach24: the turn reads in order — the discard, then riichi or dama, then the figures
    # that back the push: what to do first, the numbers after, as the reviewer expected)
    assert lines.index(push) == riichi + 1 and lines[riichi].count(" — ") == 1, lines
    # without the lift (no warning) the coach's risky tile still says why
    rnd = riichi_round(both=False)
    raw = coach.coach_text("full", make_view(rnd, 0), rnd.legal_actions(0), None, RULES, seat_name)
    assert push in [plain_words(app, line) for line in raw.split(BR)], raw


def test_a_safe_or_riichi_free_push_keeps_its_old_words(app: App) -> None:
    """The hints level has no riichi advice; since review 24 (coachlevel24) its push is a plain sentence
    with the main reason, and the figures of the push line are the full level's."""
    text = words_now(app, riichi_round(both=False), level="hints")
    assert ("Push (攻める, semeru): your hand is ready (聴牌, tenpai) and worth about 8,900 points." if in_english(app)
            else "Играйте вперёд (攻める, semeru): рука готова (聴牌, tenpai) и стоит около 8 900 очков.") in text, text
    assert "risky" not in text and "опасен" not in text, text
    full = words_now(app, riichi_round(both=False), level="full")
    assert ("a win brings about 8,900 points" if in_english(app) else "победа стоит около 8 900 очков") in full, full


# ---------------------------------------------------------------- 4: an open hand already tenpai

def _decision(**kw: Any) -> CallDecision:
    base = dict(hand=0, action=0, round=0, hand_number=0, honba=0, tile="1m", from_seat=3,
                offered=(("chi", ("2m", "3m")),), chosen="pass", chosen_tiles=(), advice="pass", advice_tiles=(),
                against_advice=False, judged="chi", judged_tiles=("2m", "3m"), reason="not_faster", shanten=0,
                shanten_after=0, value_after=1000)
    return CallDecision(**{**base, **kw})


def test_a_call_on_an_open_ready_hand_does_not_open_it(app: App) -> None:
    screen = table_with(app, open_ready_round())
    text = plain_words(app, screen.coach_message())
    if in_english(app):
        assert "Coach: pass — you are already tenpai (聴牌): the call cannot bring a win closer, it only leaves " \
               "fewer tiles in your hand, and fewer to fold with" in text, text
        assert "opens the hand" not in text, text
    else:
        assert "Тренер: пропустить — у вас уже тенпай (聴牌, tenpai): объявление не приблизит победу, а только " \
               "оставит в руке меньше плиток" in text, text
        assert "откроет руку" not in text, text
    closed = plain_words(app, call_why(_decision(), open_hand=False))
    assert ("it only opens the hand" if in_english(app) else "а только откроет руку") in closed, closed
    unknown = plain_words(app, call_why(_decision()))  # the review has no hand to look at
    assert unknown.endswith("the call cannot bring a win closer" if in_english(app)
                            else "объявление не приблизит победу"), unknown


# ---------------------------------------------------------------- 7a: «до готовности» once

def test_a_call_that_is_not_faster_names_tenpai_once(app: App) -> None:
    why = plain_words(app, call_why(_decision(shanten=2, shanten_after=2)))
    if in_english(app):
        assert why == "the call does not bring the hand closer to tenpai (聴牌): with or without it, 2 steps are " \
                      "left", why
    else:
        assert why.count("готовност") == 1 and why.count("тенпай") == 1, why
        assert why.endswith("и с ним, и без него остаётся 2 шага"), why
    back = plain_words(app, call_why(_decision(shanten=1, shanten_after=2)))
    assert ("sets the hand back: after it, 2 steps are left" if in_english(app)
            else "отдаляет руку от готовности") in back, back


# ---------------------------------------------------------------- 5: the narrower discard's reason

def test_an_open_hand_with_no_yaku_either_way_takes_the_wider_discard(app: App) -> None:
    """The reviewer's probe (456p11244579s after a chi of 567m): no discard leaves a yaku, so every
    discard has the same expected points and risk; the evaluator then takes the one that keeps more
    useful tiles (``advisor.TIE_BREAK_UKEIRE``: 2s, 16 tiles, not 1s with 12), and the coach says
    why it marks it."""
    rnd = chi_no_yaku_round()
    hint = discard_hints(make_view(rnd, 0), [a.tile for a in rnd.legal_actions(0) if isinstance(a, Discard)],
                         RULES)[0]
    assert hint.tile == t("2s") and hint.advice.no_yaku, hint
    text = words_now(app, rnd)
    assert "2s" in text and "16" in text, text
    assert ("your open hand has no yaku" if in_english(app) else "у открытой руки пока нет яку") in text, text
    assert "about as good" not in text and "примерно равноценны" not in text, text


def test_a_narrower_discard_that_keeps_a_red_five_says_so(app: App) -> None:
    view = evaluator_view("77m345077p4078s55z", ["3z4z3m1s2m1z3s", "1m9m9p2z3z7z2m3s", "1z9p7z6z1m3z5s5p",
                                                 "1z2z6z9p1p6m9m1s"], dealer=1, round_wind=SOUTH,
                          scores=(12500, 27200, 15100, 45200), dora="3p", live=38)
    hints = discard_hints(view, list(dict.fromkeys(view.hand.concealed)), RULES)
    assert hints[0].reason == "value" and hints[0].compare.tile.red  # 4s kept 3 dora against 0s's 2: < 1.05x
    line = plain_words(app, coach.hint_lines(hints, seat_name)[0])
    assert line == ("Discard 4s: 31 useful tiles stay, 32 after 0s, but the hand keeps its red five: 3 dora (ドラ)."
                    if in_english(app) else
                    "Сбросьте 4s: полезных плиток остаётся 31, после сброса 0s — 32, зато в руке остаётся красная "
                    "пятёрка: 3 доры (ドラ, dora)."), line


def test_a_last_hand_tie_says_either_tile_will_do(app: App) -> None:
    value = SimpleNamespace(best=1650.0, dama=0.0, reasons=(reason("value_estimate", dama=0, riichi=1650, han=0.0),))
    advice = SimpleNamespace(value=value, ev=0.0, risk=0.0, no_yaku=False, furiten=False, tile=t("1p"), dangers=[])
    other = SimpleNamespace(value=value, ev=0.0, risk=0.0, no_yaku=False, tile=t("4z"),
                            efficiency=SimpleNamespace(ukeire=23))
    verdict = SimpleNamespace(push=True, gain=0.0, loss=0.0, fold_loss=0.0,
                              reasons=(reason("last_hand_places", place=2, expected=2.0, place_points=8000),))
    hint = SimpleNamespace(reason="value", advice=advice, tile=t("1p"), ukeire=22, compare=other, push=True,
                           push_fold=verdict, threat_seats=(), waits=())
    line = plain_words(app, coach.hint_lines([hint], seat_name, push=False)[0])
    assert line == ("Discard 1p: 22 useful tiles stay, 23 after 4z. In the last hand neither a win nor a deal-in of "
                    "yours can change your final place now, so to the coach the two are equal: either will do."
                    if in_english(app) else
                    "Сбросьте 1p: полезных плиток остаётся 22, после сброса 4z — 23. В последней раздаче ни ваша "
                    "победа, ни ваш сброс в чужую руку уже не изменят итоговое место, поэтому для тренера оба хода "
                    "равноценны: подойдёт любой."), line


# ---------------------------------------------------------------- 6: kan

def test_a_free_closed_kan_is_declared_first(app: App) -> None:
    rnd = kan_round()
    assert any(isinstance(a, Kan) for a in rnd.legal_actions(0))
    screen = table_with(app, rnd)
    text = plain_words(app, screen.coach_message())
    assert text.startswith("Coach: first declare the closed kan (暗槓, ankan) 7777m (the Kan button)" if in_english(app)
                           else "Тренер: сначала объявите закрытый кан (暗槓, ankan) 7777m (кнопка «Кан»)"), text
    assert ("Choose your discard after the replacement draw." if in_english(app)
            else "Сброс выбирайте после добора.") in text, text
    assert "Discard " not in text and "Сбросьте" not in text, text


def test_a_kan_against_a_riichi_waits(app: App) -> None:
    text = words_now(app, kan_round(riichi="right"))
    assert text.startswith("Declare the closed kan (暗槓, ankan) 7777m? Coach: not now — someone is in riichi"
                           if in_english(app) else
                           "Объявить закрытый кан (暗槓, ankan) 7777m? Тренер: не сейчас — соперник объявил риичи"), text
    assert ("Discard " if in_english(app) else "Сбросьте ") in text, text  # then the discard, as without the kan


def test_a_kan_after_riichi_is_declared(app: App) -> None:
    text = words_now(app, kan_round(riichi="own"))
    assert text.startswith("Coach: declare the closed kan (暗槓, ankan) 7777m — after riichi" if in_english(app)
                           else "Тренер: объявите закрытый кан (暗槓, ankan) 7777m — после риичи"), text


def test_a_kan_that_breaks_the_tenpai_is_declined() -> None:
    rnd = setup_round(["777m234p567s11z59m", RIGHT, ACROSS, LEFT_NO_7M], draws="7m", dora="3m")
    kan = next(a for a in rnd.legal_actions(0) if isinstance(a, Kan))
    set_language("en")
    declare, why = coach.kan_verdict(make_view(rnd, 0), kan, RULES)
    assert not declare and why.startswith("it would cost you your"), why


# ---------------------------------------------------------------- 7b: the last hand's odds

def test_the_last_hand_odds_read_plainly_in_russian(app: App) -> None:
    verdict = SimpleNamespace(gain=960.0, loss=80.0)
    text = plain_words(app, coach._places_odds({"place": 1, "place_points": 8000}, verdict))
    if in_english(app):  # (review 23, coach2: from 1st place a push keeps places, compared with folding)
        assert "pushing rather than folding would keep you from losing about 12 places and cost you about 1, in all" in text, text
    else:
        assert "Представьте 100 таких раздач: по сравнению с защитой игра вперёд в сумме сохранит вам примерно " \
               "12 мест и отнимет примерно 1." in text, text
        assert "опустить могла бы" not in text, text


def _advice(tile: str, *, ev: float, risk: float, shanten: int = 1, ukeire: int = 20) -> SimpleNamespace:
    return SimpleNamespace(tile=t(tile), ev=ev, risk=risk, efficiency=SimpleNamespace(shanten=shanten, ukeire=ukeire))


def test_a_warned_tile_pushed_with_no_one_ready_says_why(app: App) -> None:
    """An open-hand warning on the coach's own tile with no threat to weigh: the evaluator's comparison."""
    mine = _advice("3m", ev=900.0, risk=120.0)
    hint = SimpleNamespace(advice=mine)
    wins = coach.still_line(hint, SimpleNamespace(discards=(mine, _advice("7z", ev=600.0, risk=10.0))), [t("7z")])
    assert plain_words(app, wins) == (
        "Still discard 3m: on average your hand wins about 410 points more with it than with 7z, more than the risk "
        "it adds (about 110)." if in_english(app) else
        "И всё же сбросьте 3m: после этого сброса рука в среднем выигрывает примерно на 410 очков больше, чем после "
        "сброса 7z, а это больше добавочного риска (около 110).")
    slower = coach.still_line(hint, SimpleNamespace(discards=(_advice("7z", ev=950.0, risk=0.0, shanten=2),)),
                              [t("7z")])
    assert ("7z would set your hand back a step" if in_english(app) else "отдалил бы руку от готовности на шаг"
            ) in plain_words(app, slower)
    narrow = coach.still_line(hint, SimpleNamespace(discards=(_advice("7z", ev=950.0, risk=0.0, ukeire=8),)),
                              [t("7z")])
    assert ("7z would leave only 8 useful tiles instead of 20" if in_english(app)
            else "полезных плиток осталось бы только 8 вместо 20") in plain_words(app, narrow)
    assert coach.still_line(hint, SimpleNamespace(discards=(mine,)), [t("7z")]) == ""
