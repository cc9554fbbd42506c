"""The table coach's figures a learner can trust (review 23, group "coach2"):

1. an open tenpai without a yaku is never told it can win: no "tiles left", no "only tsumo" for its
   furiten, no "your hand can expect about 1,000" — it cannot win by ron nor by tsumo, and only the
   tenpai payment at a draw is left; at a call prompt the passed winning tile is not called a
   temporary furiten when the real reason is the missing yaku;
2. the risky push beside the riichi advice names the parts of its average (the win, its chance, the
   dealer's ×1.6, the draw payments), never a bare total bigger than the hand;
6. the open-hand warning says its safer tiles are safer against that opponent;
7. the last hand's odds from first place never "move you up";
8. "(1 tile left)", not "(1 tiles left)";
10. MCR: «шаг» to ready, as the riichi coach says it; «Ложный Ху» as the button says «Ху»;
4. the MCR draw card's false-win penalty names no seat;
5. the points drill's hint is right both ways (a dealer's win is paid more; in a non-dealer's
   tsumo the dealer pays more).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from tests.test_fix23_coach_words import open_ready_round, play, riichi_round, t, table_with  # noqa: E402
from tests.test_fix23_drillfix_ui import _mangan_tsumo, _text, _type  # noqa: E402
from tests.test_fix23_mcrfix_table import _after_false_win  # noqa: E402
from tests.text_checks import in_english, plain_words  # noqa: E402
from tests.ui_events import headless_app  # noqa: E402
from trainer.engine.game.actions import Discard, Pon, Riichi  # noqa: E402
from trainer.engine.game.coach import Waiting, waiting  # noqa: E402
from trainer.engine.game.scenario import setup_round  # noqa: E402
from trainer.engine.game.view import make_view  # noqa: E402
from trainer.engine.notation import parse_tiles  # noqa: E402
from trainer.i18n import set_language  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.views.table import coach  # noqa: E402
from trainer.ui.views.table.mcr import McrHandResultView, mcr_coach_text  # noqa: E402

RIGHT = "234p567p234s567s5z"
ACROSS = "123s456s789s1122z"  # ready on 1z/2z: declares riichi when the script says so
LEFT = "258p369s147s1234z"


@pytest.fixture(params=["en", "ru"])
def app(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """A headless app at 1280x720 in English, then in Russian."""
    with headless_app(tmp_path, monkeypatch, language=request.param) as a:
        yield a
    set_language("en")


def yakuless_round(*, furiten: bool = False, riichi: bool = False) -> Any:
    """The learner (dealer) pons 1m from Right, then 9m: 111m 999m + 67m 678s 33p, ready on 5-8m with no
    yaku on either, and draws 4p.  ``furiten``: the learner's first discard was 8m (a furiten wait);
    ``riichi``: Across declares riichi (a threat: the push line)."""
    rnd = setup_round(["1199m678s67m33p" + ("8m9s" if furiten else "5z9s"), RIGHT, ACROSS, LEFT],
                      draws="2z1m9m4p7z6z4p", dora="3z")
    return play(rnd, [(0, Discard(t("8m" if furiten else "5z"))), (1, Discard(t("1m"))),
                      (0, Pon(tuple(parse_tiles("11m")))), (0, Discard(t("2z"))), (1, Discard(t("9m"))),
                      (0, Pon(tuple(parse_tiles("99m")))), (0, Discard(t("9s"))), (1, Discard(t("4p"))),
                      (2, Riichi(t("7z")) if riichi else Discard(t("7z"))), (3, Discard(t("6z")))])


def passed_win_round() -> Any:
    """The same yakuless tenpai; Right throws 5m (a winning tile, no Ron: no yaku), Left throws 3p: a
    pon is offered to the learner."""
    rnd = setup_round(["1199m678s67m33p5z9s", RIGHT, ACROSS, LEFT], draws="2z1m9m5m7z3p", dora="3z")
    return play(rnd, [(0, Discard(t("5z"))), (1, Discard(t("1m"))), (0, Pon(tuple(parse_tiles("11m")))),
                      (0, Discard(t("2z"))), (1, Discard(t("9m"))), (0, Pon(tuple(parse_tiles("99m")))),
                      (0, Discard(t("9s"))), (1, Discard(t("5m"))), (2, Discard(t("7z"))), (3, Discard(t("3p")))])


def on_screen(app: App, rnd: Any) -> str:
    """The full coach's words on the play screen showing ``rnd``, as the learner reads them."""
    return plain_words(app, table_with(app, rnd).coach_message())


NO_YAKU = {"en": "but your open hand has no yaku (役, yaku): it cannot win, neither by ron (ロン, ron) nor by self-draw "
                 "(自摸, tsumo); all it can still get is the tenpai payment at a draw",
           "ru": "но у открытой руки нет яку (役, yaku): выиграть нельзя — ни с чужого сброса (рон — ロン, ron), ни со "
                 "стены (цумо — 自摸, tsumo); при ничьей ей могут заплатить только штраф за нотен"}
WRONG = {"en": ("tiles left", "only self-draw", "can expect", "Then your wait is", "temporary furiten"),
         "ru": ("осталось плиток", "только цумо", "в среднем принесёт", "Ожидание тогда", "временный фуритен")}


def _lang(app: App) -> str:
    return "en" if in_english(app) else "ru"


# ---------------------------------------------------------------- 1: an open tenpai without a yaku

@pytest.mark.parametrize("furiten", [False, True])
def test_a_yakuless_open_tenpai_is_told_it_cannot_win(app: App, furiten: bool) -> None:
    text = on_screen(app, yakuless_round(furiten=furiten))
    assert ("Discard 4p: you stay tenpai (聴牌), waiting on 58m, " if in_english(app) else
            "Сбросьте 4p: рука остаётся готовой (тенпай — 聴牌, tenpai) и ждёт 58m, ") + NO_YAKU[_lang(app)] in text, text
    for wrong in WRONG[_lang(app)]:
        assert wrong not in text, (wrong, text)


@pytest.mark.parametrize("furiten", [False, True])
def test_its_push_line_names_the_draw_payment_not_a_win(app: App, furiten: bool) -> None:
    text = on_screen(app, yakuless_round(furiten=furiten, riichi=True))
    assert ("Push: without a yaku your open hand cannot win; all it gets is the tenpai payment at a draw: about "
            "1,000 — more than pushing risks" if in_english(app) else
            "Играйте вперёд: без яку открытой руке не выиграть, при ничьей ей заплатят только штраф за нотен: около 1 000 "
            "очков — больше, чем риск игры вперёд") in text, text
    for wrong in WRONG[_lang(app)]:
        assert wrong not in text, (wrong, text)


def test_a_passed_winning_tile_of_a_yakuless_hand_is_told_as_no_yaku(app: App) -> None:
    rnd = passed_win_round()
    ready = waiting(make_view(rnd, 0))
    assert ready is not None and ready.no_yaku and ready.temporary  # the engine's furiten stands; it is not the reason
    text = on_screen(app, rnd)
    assert ("You are tenpai, waiting on 58m, " if in_english(app) else "У вас тенпай, вы ждёте 58m, ") \
        + NO_YAKU[_lang(app)] in text, text
    for wrong in WRONG[_lang(app)]:
        assert wrong not in text, (wrong, text)


def test_an_open_hand_with_a_yaku_on_its_wait_is_not_yakuless() -> None:
    ready = waiting(make_view(open_ready_round(), 0))  # pons of 6m and 發: a yakuhai
    assert ready is not None and not ready.no_yaku


def test_the_reviews_figures_of_a_yakuless_tenpai_say_it_cannot_win(app: App) -> None:
    """The review copies the gain's parts (value 0, no chance, the draw payment), not the flag."""
    words = plain_words(app, coach.worth_words(1000.0, 0.0, 0.0, factor=1.0, draw=1000.0))
    assert words.startswith("without a yaku" if in_english(app) else "без яку"), words
    assert "can expect" not in words and "в среднем принесёт" not in words, words


# ---------------------------------------------------------------- 2: the risky push names its parts

def test_the_risky_push_beside_the_riichi_advice_names_the_dealer_factor(app: App) -> None:
    text = on_screen(app, riichi_round(both=False))
    assert ("Push: 8p is risky, but a win brings about 8,900 points and comes 69% of the time, so about 6,140 on "
            "average; ×1.6"
            if in_english(app) else
            "Играйте вперёд: сброс 8p опасен, но победа стоит около 8 900 очков (шанс 69%), в среднем это около "
            "6 140, ×1,6") in text, text
    assert "gains about 10,100" not in text and "принесёт около 10 100" not in text, text


# ---------------------------------------------------------------- 6: safer against that opponent

def test_the_open_hand_warning_says_whom_its_safer_tiles_are_safer_against(app: App) -> None:
    w = SimpleNamespace(seat=3, reading="open", suit="", tile=t("6m"), safe=[t("2p"), t("8p")])
    text = plain_words(app, coach.open_warning_line(w, lambda s: "Left" if in_english(app) else "Слева"))
    assert ("Safer against them: 2p or 8p." if in_english(app) else "Против него безопаснее: 2p или 8p.") in text, text


# ---------------------------------------------------------------- 7: the last hand from first place

@pytest.mark.parametrize("place", [1, 2])
def test_the_last_hand_odds_are_against_folding(app: App, place: int) -> None:
    text = plain_words(app, coach._places_odds({"place": place, "place_points": 8000},
                                               SimpleNamespace(gain=960.0, loss=320.0)))
    if place == 1:
        assert ("pushing rather than folding would keep you from losing about 12 places and cost you about 4, in all"
                if in_english(app)
                else "по сравнению с защитой игра вперёд в сумме сохранит вам примерно 12 мест и отнимет примерно 4"
                ) in text, text
        assert "поднимет" not in text and "gain" not in text, text
    else:
        assert ("pushing rather than folding would win you about 12 places and cost you about 4, in all" if in_english(app)
                else "по сравнению с защитой игра вперёд в сумме поднимет вас примерно на 12 мест") in text, text


# ---------------------------------------------------------------- 8: one tile left

def test_one_tile_left_is_singular(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    hint = SimpleNamespace(reason="keeps_tenpai", advice=None, tile=t("1m"), ukeire=1, waits=(t("3m").kind,),
                           push=True, push_fold=None, threat_seats=(), compare=None)
    line = plain_words(app, coach.hint_lines([hint], str)[0])
    assert line.endswith("waiting on 3m (1 tile left)." if in_english(app) else "и ждёт 3m (осталось плиток: 1)."), line
    monkeypatch.setattr(coach, "waiting", lambda view, rules=None: Waiting({t("3p").kind: 1}, False))
    text = on_screen(app, open_ready_round())  # a call prompt: the waiting line
    assert ("You are tenpai: waiting on 3p (1 tile left)." if in_english(app)
            else "У вас тенпай: вы ждёте 3p (осталось плиток: 1).") in text, text


# ---------------------------------------------------------------- 10, 4: MCR words

def test_the_mcr_coach_counts_steps_to_ready(app: App) -> None:
    plan = SimpleNamespace(distance=1, fans=("half_flush",), value=8)
    advice = SimpleNamespace(dead=False, hu=None, minimum=8, plans=(plan, plan), discards=(), call=None, waits=())
    text = plain_words(app, mcr_coach_text("full", advice))
    assert ("1 step from ready" if in_english(app) else "1 шаг до готовности") in text, text
    assert "плитка до готовности" not in text and "tile from ready" not in text, text


@pytest.fixture
def ru_mcr(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    with headless_app(tmp_path, monkeypatch, language="ru") as a:
        yield a
    set_language("en")


def test_the_false_win_notice_says_hu_as_the_button_does(ru_mcr: App) -> None:
    _after_false_win(ru_mcr)
    assert ru_mcr.banners[-1].text.startswith("Ложный Ху: −30."), ru_mcr.banners[-1].text


def test_another_players_false_win_on_the_draw_card_names_no_seat(app: App) -> None:
    false = SimpleNamespace(seat=2, deltas=(10, 10, -30, 10))
    rnd = SimpleNamespace(result=SimpleNamespace(wins=(), false_wins=(false,)))
    text = McrHandResultView(rnd, names=str, before=[0] * 4).draw_text()
    assert ("the penalty for the false win stands (see the penalty lines)" if in_english(app)
            else "штраф за ложный выигрыш остаётся (см. строки со штрафом)") in text, text
    assert "right" not in text and "справа" not in text and "your" not in text and "ваш" not in text, text


# ---------------------------------------------------------------- 5: the points drill's hint

def test_the_points_hint_is_right_when_the_dealer_pays(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with headless_app(tmp_path, monkeypatch, language="ru", progress="open", profile="rules") as ru:
        screen = _mangan_tsumo(ru)
        _type(ru, screen, [2000, 2000])
        text = _text(screen) + " " + " ".join(screen.hint_rungs())
        assert "дилеру платят больше" not in text, text
        assert "Победа дилера стоит в 1,5 раза больше; при цумо не-дилера дилер платит вдвое больше" in text, text
    set_language("en")
