"""The coach's words at the table, in the review and in the nanikiru drill (review round 18):

* a win let pass in the last hand (見逃し) names ura dora only for a hand in riichi (EN#1) and does
  not read "the coach is a missed win" (RU#14);
* the dealer's ×1.25 is linked to what it means — a dealer's win keeps the deal (renchan) — and a
  step that does not change the rounded figure is left out (RU#9, EN#3);
* a wall leaves a single wait (tanki) or a pair wait (shanpon), named so (RU#2);
* «3 доры», «игрока слева» (RU#5); «стоимость руки», «даматен» (RU#10); «совет тренера — тоже»
  (RU#13); «подняла бы вас на 1 место» (RU#27); «ни одного яку (役, yaku)» (RU#4);
* no two colons in one sentence of the nanikiru feedback (EN#19); review cards say "Correct:", not
  "Right:" that reads as the player on the right (EN#20);
* calls are «объявление», never «вызов», in the Russian catalog (RU#8).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from tests.test_evaluator import make_view  # noqa: E402
from tests.ui_events import headless_app  # noqa: E402
from trainer.engine.evaluator.reasons import reason  # noqa: E402
from trainer.engine.game.actions import Pass, Ron  # noqa: E402
from trainer.engine.rules import load_rules  # noqa: E402
from trainer.engine.tiles import SOUTH, Tile  # noqa: E402
from trainer.i18n import _, set_language  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.richtext import BR, plain_text  # noqa: E402
from trainer.ui.views.table import coach, review  # noqa: E402

RULES = load_rules("tenhou")


@pytest.fixture(params=["en", "ru"])
def app(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    with headless_app(tmp_path, monkeypatch, language=request.param) as a:
        yield a
    set_language("en")


def _en(app: App) -> bool:
    return app.settings.language == "en"


def _ron_view(*, riichi: bool):  # noqa: ANN202
    """South 4, the learner (seat 0, not the dealer) last by far, a ron on 6m on offer."""
    return make_view("234m456p678s5566m", ["1z", "2z3z", "3z", "4z"], dealer=3, round_wind=SOUTH,
                     scores=(12000, 40000, 25000, 23000), phase="calls", last="6m", last_from=1,
                     riichi={0: 0} if riichi else None)


# ------------------------------------------------------------------ minogashi (EN#1, RU#14)
def test_a_passed_win_names_ura_dora_only_for_a_hand_in_riichi(app: App) -> None:
    quiet = plain_text(coach.coach_text("full", _ron_view(riichi=False), [Ron(), Pass()], None, RULES, str), app)
    assert "(見逃し, minogashi)" in quiet, quiet
    assert "ura dora" not in quiet and "裏ドラ" not in quiet, quiet  # no ura dora without riichi
    assert ("This win (1 han) would end the match" if _en(app) else "Эта победа (1 хан) закончила бы игру") in quiet
    in_riichi = plain_text(coach.coach_text("full", _ron_view(riichi=True), [Ron(), Pass()], None, RULES, str), app)
    assert "(見逃し, minogashi)" in in_riichi, in_riichi
    assert ("Even with under-dora (裏ドラ, ura dora) it would end" if _en(app)
            else "Даже с ура-дорой (裏ドラ, ura dora) она закончила бы игру") in in_riichi, in_riichi


def test_the_passed_win_line_says_what_the_coach_advises(app: App) -> None:
    """«Тренер — пропуск выигрыша: …» read as "the coach is a missed win"."""
    for tsumo in (False, True):
        text = plain_text(coach.pass_win_line(tsumo, (reason("win_place", place=4, han=2, fu=30),)), app)
        assert text.startswith("Coach: let this win pass (見逃し, minogashi)" if _en(app)
                               else "Тренер: пропустите эту победу (見逃し, minogashi)"), text
        assert "Тренер —" not in text and ("(2 han)" if _en(app) else "(2 хана)") in text, text


# ------------------------------------------------------------------ the dealer's factor (RU#9, EN#3)
def test_the_dealers_factor_is_linked_to_keeping_the_deal(app: App) -> None:
    raw = coach.worth_words(440.0, 0.29, 1200.0, factor=1.25, draw=0.0)
    assert "{term:renchan|" in raw and "{term:oya" not in raw, raw
    text = plain_text(raw, app).replace("\u00a0", " ")
    assert ("so about 350 on average; ×1.25 because a dealer's win keeps the deal (連荘, renchan): about 440 in all"
             if _en(app)
            else "в среднем это около 350, ×1,25, ведь после победы дилер остаётся дилером (連荘, renchan): около 440"
            ) in text, text
    assert "for the dealer" not in text and "для дилера" not in text, text


def test_a_factor_that_does_not_change_the_rounded_figure_is_left_out(app: App) -> None:
    """07_replay_push_fold_against: «около 30, ×1,25 …: около 30» looked like a sum that does nothing."""
    text = plain_text(coach.worth_words(32.0, 0.017, 1500.0, factor=1.25, draw=0.0), app)
    assert "×" not in text and "renchan" not in text, text
    assert text.endswith("about 30 on average" if _en(app) else "в среднем это около 30"), text
    ready = plain_text(coach.worth_words(742.0, 0.017, 1500.0, factor=1.25, draw=710.0), app)
    assert "×" not in ready and ready.replace("\u00a0", " ").endswith(
        "about 30 on average; plus about 710 from the tenpai payment at a draw (不聴罰符, nōten bappu): about 740 in "
        "all" if _en(app)
         else "около 30, плюс 710 — штраф за нотен (不聴罰符, nōten bappu); всего около 740"), ready


# ------------------------------------------------------------------ tanki / shanpon (RU#2)
def test_a_wall_leaves_a_single_wait_or_a_pair_wait(app: App) -> None:
    pairs = [{"shape": "shanpon"}, {"shape": "tanki"}]  # the waits the engine leaves open (danger_notes)
    w = SimpleNamespace(tile=Tile(8), seats=(1,), notes=({"kabe": True, "open_waits": pairs},), safe=[Tile(27)])
    text = plain_text(coach.warning_line(w, str), app)
    assert ("a wall (壁, kabe) helps, but a two-pair wait or a single wait can still win on it" if _en(app)
            else "помогает стенка (壁, kabe), но на неё всё ещё можно выиграть с ожиданием на две пары или ожиданием "
                 "на одиночную плитку") in text, text
    suji = plain_text(coach.warning_line(SimpleNamespace(tile=Tile(4), seats=(1,), notes=(
        {"suji": True, "open_waits": [{"shape": "kanchan", "tiles": "46m"}, *pairs]},), safe=[Tile(27)]), str), app)
    assert "ожидание на пару" not in suji and (
        "46m (a closed wait), a two-pair wait or a single wait" if _en(app)
        else "с 46m (ожидание в середину), ожиданием на две пары или ожиданием на одиночную плитку") in suji, suji


# ------------------------------------------------------------------ RU#5: «3 доры», «игрока слева»
def test_dora_are_counted_with_a_plural(app: App) -> None:
    value = SimpleNamespace(reasons=[reason("dora", count=3)])
    text = plain_text(coach.value_words(value), app)
    assert text.startswith("3 dora (ドラ" if _en(app) else "3 доры (ドラ, dora)"), text
    value = SimpleNamespace(reasons=[reason("dora", count=5)])
    assert plain_text(coach.value_words(value), app).startswith("5 dora" if _en(app) else "5 дор ")


def test_a_seat_inside_a_sentence_starts_small_in_russian(app: App) -> None:
    from trainer.ui.views.table.state import seat_name

    danger = SimpleNamespace(deal_in=0.2, seat=3, reasons=[reason("early_discard")])
    text = plain_text(coach.danger_words(SimpleNamespace(dangers=[danger]), lambda s: seat_name(s, 4)), app)
    assert text == ("next to an early discard of Left; about 20% to deal into Left" if _en(app)
                    else "рядом с ранним сбросом игрока слева; шанс около 20%, что на ней выиграет игрок слева"), text
    ow = SimpleNamespace(seat=3, reading="other", suit="m", tile=Tile(0), safe=[Tile(27)])
    text = plain_text(coach.open_warning_line(ow, lambda s: seat_name(s, 4)), app)
    assert "Слева" not in text, text


# ------------------------------------------------------------------ RU#10, RU#13, EN#20
def test_riichi_grows_the_value_of_the_hand_and_dama_is_damaten(app: App) -> None:
    c = {"chosen": "dama", "advice": "riichi", "reason": "riichi_adds", "with_riichi": 7800, "dama": 2900, "left": 5}
    text = plain_text(review.riichi_choice_text(c), app)
    if not _en(app):
        assert "увеличило бы стоимость руки примерно в 2,7 раза" in text, text
        assert "(даматен — 黙聴, damaten)" in text and "(дама —" not in text, text
    better = plain_text(review.riichi_answer_text(c, "dama"), app)
    assert ("makes the hand about 2.7 times bigger" if _en(app) else "увеличивает стоимость руки примерно в 2,7 раза"
            ) in better, better
    line = plain_text(coach.RIICHI_WHY["riichi_adds"](reason("riichi_adds", ratio=2.7)), app)
    assert line == ("riichi makes the hand about 2.7 times bigger" if _en(app)
                    else "риичи увеличивает стоимость руки примерно в 2,7 раза"), line


def _pf(advice: str) -> dict:
    return {"chosen": advice, "advice": advice, "gain": 160.0, "win_chance": 0.04, "value": 3900.0,
            "dealer_factor": 1.0, "draw_payments": 0.0, "loss": 720.0, "safest_risk": 410.0, "risk": 560.0,
            "safest": "9p", "safest_genbutsu": False}


def test_review_cards_say_correct_not_right(app: App) -> None:
    fold = plain_text(review.push_fold_answer_text(_pf("fold"), "fold"), app)
    push = plain_text(review.push_fold_answer_text(_pf("push"), "push"), app)
    if _en(app):
        assert fold.startswith("Correct: the coach makes a full fold") and push.startswith("Correct: the coach"), fold
    else:
        assert fold.startswith("Верно: совет тренера — тоже полная защита (ベタ降り, betaori): победа стоит"), fold
    c = {"chosen": "riichi", "advice": "riichi", "reason": "riichi_adds", "with_riichi": 7800, "dama": 2900}
    words = plain_text(review.riichi_answer_text(c, "riichi"), app)
    assert not words.startswith("Right") and words.startswith("Correct:" if _en(app) else "Верно:"), words


# ------------------------------------------------------------------ RU#27, RU#4
def test_the_last_hand_odds_count_places_in_russian(app: App) -> None:
    verdict = SimpleNamespace(gain=80.0, loss=560.0)
    text = plain_text(coach._places_odds({"place": 1, "place_points": 8000}, verdict), app)
    assert ("pushing rather than folding would keep you from losing about 1 place and cost you about 7, in all" if _en(app)
            else "в сумме сохранит вам примерно 1 место и отнимет примерно 7") in text, text
    assert "около 1 места" not in text


def test_an_open_hand_without_yaku_names_the_yaku_once(app: App) -> None:
    raw = _("You discarded {mine}: it leaves your open hand without a {yaku}, and without one it cannot win, "
            "neither by {ron} nor by {tsumo}.").format(mine="{tiles:2m}", yaku="{term:yaku}", ron="{term:ron}",
                                                tsumo="{term:tsumo}")
    text = plain_text(raw, app)
    assert ("without a yaku (役, yaku)" if _en(app) else "без яку (役, yaku)") in text, text
    assert "яку (яку" not in text, text


# ------------------------------------------------------------------ EN#19
def test_a_coach_line_with_a_colon_of_its_own_starts_a_line() -> None:
    from trainer.ui.screens.position_review import _after_colon

    lines = ["{term:betaori}: discard {tiles:6z} — safe.", "Then more."]
    assert _after_colon("…and that is right too:", lines) == ["…and that is right too:", *lines]
    assert _after_colon("Coach:", ["Discard {tiles:8p} — it keeps the most."]) == [
        "Coach: discard {tiles:8p} — it keeps the most."]  # no colon of its own: one sentence
    joined = BR.join(_after_colon("Coach:", ["Discard {tiles:8p}: you stay {term:tenpai|tenpai}."]))
    assert joined.count(":") - joined.count("{") == 2 and BR in joined  # two sentences, one colon each


# ------------------------------------------------------------------ RU#8
def test_russian_calls_are_announcements_not_challenges() -> None:
    """The lessons teach «объявление (鳴き, naki)»; «вызов» (a challenge, a phone call) was the table's word."""
    from babel.messages.pofile import read_po

    path = Path(__file__).resolve().parent.parent / "locales" / "ru" / "LC_MESSAGES" / "trainer.po"
    with path.open("rb") as fh:
        catalog = read_po(fh)
    bad = []
    for m in catalog:
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if any(w in s.lower() for s in strings if s for w in ("вызов", "вызва", "вызы")):
            bad.append(m.id)
    assert not bad, bad


# ------------------------------------------------------------------ RU#12: the safest tile in a few words
def test_a_tile_no_ready_hand_can_win_on_is_called_genbutsu_in_a_few_words(app: App) -> None:
    """«— никто из тех, кто может быть готов, не выиграет на этой плитке (генбуцу — 現物, genbutsu)»: a long
    clause and a bracket with a dash in it, in a box that already holds many."""
    text = plain_text(coach.danger_words(SimpleNamespace(dangers=[]), str, safe_side=True, seats=(1,)), app)
    assert text.startswith("genbutsu (現物" if _en(app) else "генбуцу (現物, genbutsu) против всех, кто может быть готов"
                           ), text
    assert " — " not in text and len(text) < 60, text
