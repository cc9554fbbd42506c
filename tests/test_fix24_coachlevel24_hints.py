"""Review 24 (group "coachlevel24"): the coach's "Hints" level suits a first game.

1. at "Hints", an opponent's riichi is said in words ("Careful: Right declared riichi"), and push or fold
   is a plain sentence with its main reason, linked to the glossary (tenpai, betaori), with no
   percentages, factors or sums; the figures stay at "Full";
2. the danger reason of a terminal reads "a terminal: fewer waits can use it";
3. the match setup says what each coach level shows, whole on one line at 1024x600.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from tests.test_fix23_coach_words import (  # noqa: E402
    ACROSS,
    LEFT,
    RIGHT,
    RULES,
    play,
    riichi_round,
    seat_name,
    t,
    words_now,
)
from tests.text_checks import frame_texts, in_english, plain_words  # noqa: E402
from tests.ui_events import headless_app  # noqa: E402
from trainer.engine.evaluator.danger import Threat  # noqa: E402
from trainer.engine.evaluator.reasons import reason  # noqa: E402
from trainer.engine.game.actions import Discard, Riichi  # noqa: E402
from trainer.engine.game.scenario import setup_round  # noqa: E402
from trainer.engine.game.view import make_view  # noqa: E402
from trainer.i18n import set_language  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.match_setup import MatchSetup  # noqa: E402
from trainer.ui.richtext import BR  # noqa: E402
from trainer.ui.screens import match_setup as match_setup_screen  # noqa: E402
from trainer.ui.views.table import coach  # noqa: E402

FIGURES = ("%", "×", "in all", "on average", "всего", "в среднем", "risks about", "риск игры вперёд")
"""Words of the push-or-fold arithmetic that the "Hints" level never shows."""


@pytest.fixture(params=["en", "ru"])
def app(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    with headless_app(tmp_path, monkeypatch, language=request.param) as a:
        yield a
    set_language("en")


def fold_round() -> Any:
    """The learner (dealer) holds 19m258p147s1234z9s, far from ready, and draws 7z after Right's riichi on
    9s: the coach folds with 9s (genbutsu)."""
    rnd = setup_round(["19m258p147s1234z9s", RIGHT, ACROSS, LEFT], draws="6z9s8m9s7z", dora="3m")
    return play(rnd, [(0, Discard(t("6z"))), (1, Riichi(t("9s"))), (2, Discard(t("8m"))), (3, Discard(t("9s")))])


def hints_lines(app: App, rnd: Any) -> tuple[str, list[str]]:
    """The "Hints" coach's words for the learner in ``rnd`` (nothing lifted): the rich text and its
    lines as the learner reads them."""
    raw = coach.coach_text("hints", make_view(rnd, 0), rnd.legal_actions(0), None, RULES, seat_name)
    return raw, [plain_words(app, line) for line in raw.split(BR)]


# ---------------------------------------------------------------- 1: the riichi said, push or fold in words

def test_a_push_against_a_riichi_says_who_declared_it_and_why_in_plain_words(app: App) -> None:
    raw, lines = hints_lines(app, riichi_round(both=False))
    if in_english(app):
        assert lines[:2] == ["Careful: Right declared riichi (立直, rīchi).",
                             "Push (攻める, semeru): your hand is ready (聴牌, tenpai) and worth about 8,900 points."], lines
        assert lines[2].startswith("Discard 8p: you stay tenpai"), lines
    else:
        assert lines[:2] == ["Осторожно: соперник справа объявил риичи (立直, rīchi).",
                             "Играйте вперёд (攻める, semeru): рука готова (聴牌, tenpai) и стоит около 8 900 очков."], lines
        assert lines[2].startswith("Сбросьте 8p: рука остаётся готовой"), lines
    assert "{term:riichi}" in raw and "{term:tenpai|" in raw, raw
    assert not any(word in line for line in lines for word in FIGURES), lines
    # the arithmetic stays at "Full"
    full = words_now(app, riichi_round(both=False), level="full")
    assert "×1" in full and "%" in full, full


def test_a_fold_says_far_from_ready_and_the_riichi_is_dangerous(app: App) -> None:
    raw, lines = hints_lines(app, fold_round())
    if in_english(app):
        assert lines == ["Careful: Right declared riichi (立直, rīchi).",
                         "Fold (ベタ降り, betaori): your hand is far from ready (聴牌, tenpai), and Right's riichi "
                         "(立直, rīchi) is dangerous.",
                         "Discard 9s: genbutsu (現物) against everyone who may be ready."], lines
    else:
        assert lines == ["Осторожно: соперник справа объявил риичи (立直, rīchi).",
                         "Уходите в защиту (ベタ降り, betaori): рука далека от готовности (聴牌, tenpai), а соперник "
                         "справа в риичи (立直, rīchi) — это опасно.",
                         "Сбросьте 9s: генбуцу (現物, genbutsu) против всех, кто может быть готов."], lines
    assert "{term:betaori|" in raw and "{term:tenpai|" in raw and "{term:genbutsu|" in raw, raw
    full = words_now(app, fold_round(), level="full")
    assert ("pushing risks about 970 points" if in_english(app) else "риск игры вперёд — около 970 очков") in full, full


def test_a_warning_about_the_lifted_tile_is_not_said_twice(app: App) -> None:
    rnd = riichi_round(both=False)
    raw = coach.coach_text("hints", make_view(rnd, 0), rnd.legal_actions(0), t("4m"), RULES, seat_name)
    text = plain_words(app, raw)
    assert text.count("Right" if in_english(app) else "справа") == 1, text
    assert ("Careful: Right is in riichi" if in_english(app) else "Осторожно: соперник справа объявил риичи") in text


def test_an_open_hand_that_may_be_ready_is_named_with_what_it_shows(app: App) -> None:
    view = SimpleNamespace(riichi=[False] * 4, melds=[[], ["pon", "chi"], [], []])
    hint = SimpleNamespace(threat_seats=(1,))
    threat = Threat(1, 0.6, 2000, None, False, (reason("open_hand", seat=1, melds=2),
                                                 reason("yakuhai_pon", seat=1, count=1)))
    lines = [plain_words(app, line) for line in
             coach.threat_news(view, hint, SimpleNamespace(threats=(threat,)), None, seat_name)]
    assert lines == (["Careful: Right has made 2 calls and may be ready: their value triplet (役牌, yakuhai) pon "
                      "gives them a yaku."] if in_english(app) else
                     ["Осторожно: у соперника справа 2 объявления, и он может быть готов: у него пон якухай (役牌, "
                      "yakuhai), а это уже яку."]), lines
    plain = SimpleNamespace(threats=(Threat(1, 0.6, 2000, None, False, (reason("open_hand", seat=1, melds=2),)),))
    bare = plain_words(app, coach.threat_news(view, hint, plain, None, seat_name)[0])
    assert bare == ("Careful: Right has made 2 calls and may be ready." if in_english(app) else
                    "Осторожно: у соперника справа 2 объявления, и он может быть готов."), bare


# ---------------------------------------------------------------- 2: the terminal's reason

def test_a_terminal_reads_as_fewer_waits_can_use_it(app: App) -> None:
    row = SimpleNamespace(seat=2, deal_in=0.02, reasons=(reason("terminal"),))
    words = plain_words(app, coach.danger_words(SimpleNamespace(dangers=[row]), seat_name))
    assert words.startswith("a terminal: fewer waits can use it" if in_english(app)
                            else "крайняя плитка: её ждут реже"), words
    assert "hold it" not in words, words


# ---------------------------------------------------------------- 3: the setup says what each level shows

@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_the_setup_says_what_each_coach_level_shows_on_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               size: tuple[int, int]) -> None:
    notes = {"en": {"hints": "Marks a discard and says why, warns of riichi and dangerous tiles, says push or fold: "
                             "no figures.",
                    "full": "Hints plus the figures of push or fold, the safest tile, your waits, furiten, riichi or "
                            "not, calls."},
             "ru": {"hints": "Отмечает сброс и говорит почему, предупреждает о риичи и опасности, советует атаку "
                             "или защиту.",
                    "full": "Подсказки и цифры атаки и защиты, безопасная плитка, ожидания, фуритен, риичи, "
                            "объявления."}}
    for language, by_level in notes.items():
        with headless_app(tmp_path, monkeypatch, language=language, size=size) as a:
            for level, note in by_level.items():
                a.push("match_setup", setup=MatchSetup(coach=level))
                a.process([], 1 / 60)
                drawn = frame_texts(a, monkeypatch, match_setup_screen)
                assert note in drawn, (language, level, [d for d in drawn if len(d) > 60])
                a.pop()
        set_language("en")


def test_the_plain_reasons_name_no_chances(app: App) -> None:
    """A tile kept for its shapes says the chance is higher, a safer tile what protects it: no percentages."""
    wider = SimpleNamespace(tile=t("9m"), efficiency=SimpleNamespace(ukeire=24), win=0.21)
    shapes = SimpleNamespace(tile=t("6m"), reason="win_chance", ukeire=20, shanten_after=1, threat_seats=(),
                             advice=SimpleNamespace(win=0.29, furiten=False, no_yaku=False), compare=wider)
    words = plain_words(app, coach.plain_hint_lines(shapes, seat_name)[0])
    assert words == ("Discard 6m: 20 useful tiles stay, a few fewer than after 9m (24), but the shapes are better, "
                     "so the chance to win is higher." if in_english(app) else
                     "Сбросьте 6m: полезных плиток остаётся 20, чуть меньше, чем после сброса 9m (24), зато формы "
                     "лучше и шанс выиграть выше."), words
    row = SimpleNamespace(seat=1, deal_in=0.03, reasons=(reason("suji", both=True), reason("two_eight")))
    safer = SimpleNamespace(tile=t("2p"), reason="less_risk", ukeire=20, shanten_after=1, threat_seats=(1,),
                            advice=SimpleNamespace(dangers=[row], furiten=False, no_yaku=False), compare=wider)
    words = plain_words(app, coach.plain_hint_lines(safer, seat_name)[0])
    assert words == ("Discard 2p: nearly the same tile acceptance (受け入れ, ukeire), 20 tiles, and less danger: suji "
                     "(筋, suji) against Right." if in_english(app) else
                     "Сбросьте 2p: почти такое же укеире (受け入れ, ukeire), 20 плиток, и меньше опасности: суджи "
                     "(筋, suji) против игрока справа."), words
