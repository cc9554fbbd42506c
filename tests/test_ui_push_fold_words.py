"""Fixes of the push-or-fold words, lists of alternative tiles, and a few Russian phrasings (a
screenshot review): the figures a learner multiplies give the figure shown, two tiles that
each will do are joined with "or", no capital after a colon mid-line, the replay's header says
what its count counts."""

from __future__ import annotations

import re

import pytest

from tests.text_checks import in_english, plain_words
from trainer.engine.evaluator.danger import Threat
from trainer.engine.evaluator.pushfold import DEALER_GAIN, push_or_fold
from trainer.engine.mcr.coach import McrAdvice
from trainer.i18n import _, or_join, set_language
from trainer.ui.app import App


def _number(text: str) -> float:
    return float(text.replace(",", ""))


def _verdict(*, dealer: bool, shanten: int, win: float = 0.29, value: float = 1160.0) -> object:
    """The engine's own push-or-fold verdict against a riichi."""
    threat = Threat(seat=1, tenpai=1.0, loss=5000, honitsu_suit=None, toitoi=False, reasons=())
    return push_or_fold(win=win, value=value, tile_loss=300.0, safest_loss=0.0, shanten=shanten,
                        threats=[threat], draws_left=8.0, dealer=dealer)


N = r"\d{1,3}(?:,\d{3})*"
FIGURES = re.compile(
    rf"a win brings about (?P<value>{N}) points and comes (?P<p>[\d.]+)% of the time, so about (?P<base>{N}) on average"
    rf"(?:; ×(?P<factor>[\d.]+) because a dealer's win keeps the deal)?"
    rf"(?:; plus about (?P<draw>{N}) from the tenpai payment at a draw)?(?:: about (?P<gain>{N}) in all)?")


@pytest.mark.parametrize(("dealer", "shanten"), [(False, 1), (True, 1), (False, 0), (True, 0)])
def test_the_push_figures_add_up_for_a_learner_who_multiplies(dealer: bool, shanten: int) -> None:
    """"A win is worth about 1,200 (29% to win), on average about 350": value x chance gives the
    average; the dealer's factor and a ready hand's draw payments are named with their figures, and
    all of it gives the gain the coach weighs (before: "1,200 (29%) ... more than the risk (415)",
    the x1.25 and the draw payments unsaid)."""
    from trainer.ui.views.table.coach import push_line

    set_language("en")
    v = _verdict(dealer=dealer, shanten=shanten)
    text = re.sub(r"\{term:[^|}]+\|([^}]*)\}", r"\1", push_line(v))  # the words of the links
    m = FIGURES.search(text)
    assert m is not None, text
    value, p, base = _number(m["value"]), float(m["p"]), _number(m["base"])
    assert abs(value * p / 100 - base) <= 0.05 * base + 10, text  # 1,200 x 29% = 348: "about 350"
    assert (m["factor"] is not None) == dealer and (m["draw"] is not None) == (shanten == 0), text
    gain = _number(m["gain"]) if m["gain"] else base
    total = base * (float(m["factor"]) if m["factor"] else 1.0) + (_number(m["draw"]) if m["draw"] else 0.0)
    assert abs(total - gain) <= 15, text  # the parts give the sum shown
    # ... and the sum is the engine's gain, within what showing the value to the hundred and the chance
    # as printed can move it
    factor = float(m["factor"]) if m["factor"] else 1.0
    assert abs(gain - v.gain) <= factor * (50 * p / 100 + 0.005 * value) + 10, (text, v.gain)
    if dealer:
        assert m["factor"] == f"{DEALER_GAIN:g}"
    assert "more than pushing risks (about " in text or "the extra risk of pushing (about " in text, text


def test_the_push_words_in_russian_name_the_dealer_and_the_draw_payments() -> None:
    from trainer.ui.views.table.coach import push_line

    set_language("ru")
    try:
        text = push_line(_verdict(dealer=True, shanten=0))
    finally:
        set_language("en")
    assert text.startswith("Играйте вперёд: победа стоит около 1\u00a0200 очков (шанс 29%), в среднем это около 350"), text
    factor = f"{DEALER_GAIN:g}".replace(".", ",")  # the engine's factor, with the Russian decimal comma
    assert f"×{factor}, ведь после победы {{term:renchan|дилер остаётся дилером}}" in text, text
    assert "{term:noten_bappu|штраф за нотен}" in text, text


def test_figures_are_rounded_and_grouped_and_a_small_chance_keeps_a_decimal() -> None:
    """No "about 11860 points" or "about 415" in raw digits: grouped, to tens (hundreds from 10,000),
    and a chance under 10% with one decimal so that value x chance stays the average shown."""
    from trainer.ui.views.table.coach import about_figure, about_pair, push_line, win_percent

    set_language("en")
    assert about_figure(11860) == "11,900" and about_figure(1147) == "1,150" and about_figure(63) == "60"
    assert win_percent(0.047) == "4.7" and win_percent(0.29) == "29" and win_percent(0.04) == "4"
    assert about_pair(418, 415) == ("418", "415")  # rounding must not make them look equal
    text = push_line(_verdict(dealer=False, shanten=1, win=0.089, value=11860.0))
    assert "about 11,900 points and comes 8.9% of the time, so about 1,060 on average" in text, text
    assert not re.search(r"\d{4}", text.replace(",", " ")), text


def test_the_review_names_the_addition_even_when_it_does_not_know_the_dealer(app: App) -> None:
    """Figures without the parts of the gain (no dealer's factor, no draw payments): the words still
    add up, saying what the gain adds to value x chance; with the parts, they name them."""
    from trainer.ui.views.table.review import push_fold_text

    pf = {"chosen": "push", "advice": "push", "gain": 340, "loss": 600, "risk": 300, "safest_risk": 300,
          "safest": "7z", "safest_genbutsu": True, "win_chance": 0.047, "value": 5800, "last_hand": False,
          "reason": "push"}
    words = plain_words(app, push_fold_text(pf, "9p"))
    if in_english(app):
        assert ("a win brings about 5,800 points and comes 4.7% of the time, so about 270 on average; with the "
                "dealer's bonus or the tenpai payments at a draw, about 340 in all, more than the extra risk of pushing "
                "(about 300: pushing risks about 600 points, "
                "folding about 300)") in words, words
    else:
        assert ("победа стоит около 5 800 очков (шанс 4,7%), в среднем это около 270, а с бонусом дилера или "
                "выплатами за тенпай при ничьей около 340 — больше, чем игра вперёд") in words, words
    plain = plain_words(app, push_fold_text({**pf, "dealer": True, "average": 272, "dealer_factor": 1.25,
                                             "draw_payments": 0}, "9p"))
    assert ("×1.25 because a dealer's win keeps the deal (連荘, renchan): about 340 in all" if in_english(app)
            else "×1,25, ведь после победы дилер остаётся дилером (連荘, renchan): около 340") in plain, plain


def test_alternative_tiles_are_joined_with_or(app: App) -> None:
    """"Discard 5m or 8p", "Discarding 1z or 6z instead": each tile will do, not both."""
    from trainer.engine.game.review import Decision
    from trainer.ui.views.table.mcr import mcr_coach_text
    from trainer.ui.views.table.review import decision_text

    word = " or " if in_english(app) else " или "
    assert or_join(["a", "b", "c"]) == "a, b" + word + "c" and or_join(["a"]) == "a"
    mcr = plain_words(app, mcr_coach_text("full", McrAdvice(plans=(), discards=(4, 16), waits=(), hu=None, minimum=8)))
    assert mcr == ("Discard 5m or 8p to stay on that path." if in_english(app)
                   else "Сбросьте 5m или 8p, чтобы не сойти с этого пути."), mcr
    d = Decision(hand=0, turn=5, action=25, round=0, hand_number=0, honba=0, chosen="6m", riichi=False,
                 best=("1z", "6z"), shanten_chosen=1, shanten_best=1, ukeire_chosen=71, ukeire_best=81,
                 verdict="lost_tiles")
    words = plain_words(app, decision_text(d))
    assert ("Discarding 1z or 6z instead" if in_english(app) else "Со сбросом 1z или 6z их было бы 81") in words, words


def test_the_mcr_call_advice_reads_in_russian() -> None:
    from trainer.ui.views.table.mcr import mcr_coach_text

    set_language("ru")
    try:
        text = mcr_coach_text("full", McrAdvice(plans=(), discards=(), waits=(), hu=None, minimum=8, call=False))
    finally:
        set_language("en")
    assert text == "Это объявление не приближает руку к 8 очкам: пропустите."


def test_mawashi_uchi_on_a_genbutsu_says_who_may_be_ready_once(app: App) -> None:
    """The weave line named "who may be ready" twice and the tile as «она» then «нём»."""
    from trainer.ui.screens.play_shots import table_coach_weaves

    screen = table_coach_weaves(app)
    line = next(x for x in plain_words(app, screen.coach_message()).split("\u2028") if "mawashi" in x)
    assert line.count("may be ready" if in_english(app) else "может быть готов") == 1, line
    assert "нём" not in line, line


def test_a_sentence_after_a_colon_starts_in_lower_case() -> None:
    """"Coach: discard ...", not "Coach: Discard ..." — and markup, names and abbreviations stay."""
    from trainer.ui.screens.position_review import _after_colon, lower_first

    assert lower_first("Discard {tiles:5m}") == "discard {tiles:5m}"
    assert lower_first("Сбросьте {tiles:5m}") == "сбросьте {tiles:5m}"
    assert lower_first("{tiles:5m} is safe") == "{tiles:5m} is safe"
    assert lower_first("{term:riichi} after") == "{term:riichi} after"
    assert lower_first("MCR hands") == "MCR hands" and lower_first("**Fold**") == "**Fold**"
    assert _after_colon("Coach:", ["Fold (x).", "Safest tile now"]) == ["Coach: fold (x).", "Safest tile now"]


def test_the_replay_header_says_what_its_total_counts_and_steps_as_the_lessons_do(app: App) -> None:
    from trainer.ui.screens.play_shots import replay_push_fold

    screen = replay_push_fold(app, agree=True)
    # what the header has no room for is said under the table: the two together say it all
    said = " · ".join(t for t in (screen.header_extra(), screen.below_text()) if t)
    step = _("Step {i} of {n}").format(i=screen.pos + 1, n=len(screen.frames))
    assert step in said and ("Step " if in_english(app) else "Шаг ") in said, said
    total = "decisions against the coach: " if in_english(app) else "решений вопреки тренеру: "
    listed = "against the coach: riichi" if in_english(app) else "вопреки тренеру: риичи"
    assert listed in said or re.search(re.escape(total) + r"\d+", said), said


def test_the_warnings_name_the_safe_tiles_as_alternatives(app: App) -> None:
    """"Safe: 1p or 9s — genbutsu (現物)" — either will do (a red five and a plain one count once)."""
    from trainer.engine.game.coach import DangerWarning
    from trainer.engine.tiles import parse_tile
    from trainer.ui.views.table.coach import warning_line

    w = DangerWarning(parse_tile("5m"), (1,), ({"seat": 1},), tuple(parse_tile(t) for t in ("1p", "5s", "0s")))
    words = plain_words(app, warning_line(w, lambda seat: "Right"))
    assert words.endswith("Safe: 1p or 5s — genbutsu (現物)." if in_english(app)
                          else "Безопасно: 1p или 5s — генбуцу (現物, genbutsu)."), words


def test_a_long_coach_text_is_set_smaller_rather_than_cut(app: App) -> None:
    """07_table_coach: with the furiten line the coach's words ran past the box and the push
    figures were cut off; a text too long at the small size is set in the tiny one."""
    import pygame

    from trainer.ui.views.table.coach import CoachBox

    L = app.layout
    surf = pygame.Surface((L.width, L.height))
    area = pygame.Rect(L.px(90), L.px(90), L.px(315), L.px(440))
    text = " ".join(["Discard {tiles:7s}: the open hand keeps its {term:yaku}."] * 11)
    from trainer.ui.richtext import layout_rich

    small = layout_rich(app, text, L.font("small"), area.width - 2 * L.px(10))
    assert small.height + 2 * L.px(10) > area.height  # too long for the small size
    box = CoachBox()
    box.draw(surf, app, area, text)
    assert box.layout is not None and box.layout.height + 2 * L.px(10) <= box.rect.height, (
        box.layout.height, box.rect.height)
