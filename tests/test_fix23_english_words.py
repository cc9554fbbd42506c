"""The English of review 23's new strings, as a native reader checked it (group "english"):

1. the last hand's odds say what pushing wins and costs in places, plainly ("keep you from losing",
   "win you ... and cost you ..., in all"), never "save you a place";
2. the push explanation reads in steps ("a win brings ... and comes 29% of the time, so about 350 on
   average; ×1.6 because ...; plus about 710 from the tenpai payment at a draw: about 1,260 in all"),
   the draw payment's link names the payment, so its kanji (不聴罰符) follow the payment's name;
3. the review card's two risks are told apart ("This tile alone risked", "the extra risk of pushing");
4. a player is "the riichi player" / "they", never "he" (safe-tile reasons, manners lessons);
5. the tanyao coach line: "keeps its way to a yaku: tanyao, once 1s is discarded too";
6. "Riichi: the tile you draw is discarded automatically.";
7. "neither by ron nor by tsumo"; "with or without it";
8. "a full tile set has only four"; the import banner names the file once;
9. the review hints: "A clue:", "just as close to tenpai", "the discard that keeps the hand fastest";
10. "partial set" / "partial run" find taatsu in the glossary; one genbutsu format in the warning;
11. "rounded to the nearest thousand ... for everyone but first place";
13. the score report's red fives by ngettext.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from tests.text_checks import in_english, plain_words  # noqa: E402
from tests.ui_events import headless_app  # noqa: E402
from trainer.engine.tiles import parse_tile  # noqa: E402
from trainer.i18n import set_language  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.views.table import coach, review  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(params=["en", "ru"])
def app(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """A headless app at 1280x720 in English, then in Russian."""
    with headless_app(tmp_path, monkeypatch, language=request.param) as a:
        yield a
    set_language("en")


# ---------------------------------------------------------------- 1: the last hand's odds

@pytest.mark.parametrize(("place", "gain", "words"), [
    (1, 80.0, "pushing rather than folding would keep you from losing about 1 place and cost you about 7, in all."),
    (1, 960.0, "pushing rather than folding would keep you from losing about 12 places and cost you about 7, in all."),
    (2, 80.0, "pushing rather than folding would win you about 1 place and cost you about 7, in all."),
    (2, 960.0, "pushing rather than folding would win you about 12 places and cost you about 7, in all."),
])
def test_the_last_hand_odds_say_what_pushing_wins_and_costs(app: App, place: int, gain: float, words: str) -> None:
    text = plain_words(app, coach._places_odds({"place": place, "place_points": 8000},
                                               SimpleNamespace(gain=gain, loss=560.0)))
    if in_english(app):
        assert text.endswith(words) and "save you" not in text, text
    else:
        assert "Представьте 100 таких раздач" in text and ("сохранит" if place == 1 else "поднимет") in text, text


# ---------------------------------------------------------------- 2: the push explanation

def test_the_push_explanation_reads_in_steps_and_names_the_payment(app: App) -> None:
    text = plain_words(app, coach.worth_words(1222.0, 0.29, 1200.0, factor=1.5, draw=700.0))
    if in_english(app):
        assert text == ("a win brings about 1,200 points and comes 29% of the time, so about 350 on average; ×1.5 "
                        "because a dealer's win keeps the deal (連荘, renchan); plus about 700 from the tenpai payment "
                        "at a draw (不聴罰符, nōten bappu): about 1,220 in all"), text
        assert "for tenpai at a draw" not in text
    else:  # the Russian as it was
        assert text.startswith("победа стоит около 1 200 очков (шанс 29%), в среднем это около 350, ×1,5"), text
        assert "плюс 700 — штраф за нотен (不聴罰符, nōten bappu); всего около 1 220" in text, text


def test_the_push_line_compares_with_what_pushing_risks(app: App) -> None:
    verdict = SimpleNamespace(gain=1222.0, loss=420.0, fold_loss=0.0, reasons=(SimpleNamespace(
        code="gain", get={"win_chance": 0.29, "value": 1200.0, "dealer_factor": 1.5, "draw_payments": 700.0}.get),))
    text = plain_words(app, coach.push_line(verdict))
    if in_english(app):
        assert text.startswith("Push: a win brings about 1,200 points") and text.endswith(
            "about 1,220 in all — more than pushing risks (about 420)."), text


# ---------------------------------------------------------------- 3: two risks told apart

PF = {"chosen": "push", "advice": "fold", "gain": 154, "loss": 720, "risk": 560, "safest_risk": 410,
      "safest": "7z", "safest_genbutsu": False, "win_chance": 0.04, "value": 3900, "last_hand": False,
      "reason": "fold"}


def test_the_review_tells_the_tile_risk_from_the_extra_risk_of_pushing(app: App) -> None:
    why = plain_words(app, review.push_fold_text(PF, "2s"))
    played = plain_words(app, review.push_fold_played_text(SimpleNamespace(push_fold=PF, chosen="2s")))
    if in_english(app):
        assert "less than the extra risk of pushing (about 310: pushing risks about 720 points, folding about 410)" \
            in why, why
        assert played == "In the game you discarded 2s and pushed. This tile alone risked about 560 this turn.", played
    else:
        assert played.endswith("Одна только эта плитка несла на этом ходу риск около 560 очков."), played


# ---------------------------------------------------------------- 4: no "he" for a player

def test_the_safe_tile_reasons_say_the_riichi_player_or_they() -> None:
    from trainer.ui.question_texts import REASON_TEXTS

    assert "so the riichi player cannot hold a pair of it" in REASON_TEXTS["visible_1"]
    assert "so they hold none" in REASON_TEXTS["visible_0"]
    assert not any(re.search(r"\b(he|his|him)\b", text) for text in REASON_TEXTS.values())


def test_the_manners_lessons_say_they_in_english() -> None:
    he = re.compile(r"\b(he|He|his|His|him|himself)\b")
    for path in sorted((ROOT / "lessons" / "manners").glob("*.yaml")):
        english = re.findall(r'\ben: "((?:[^"\\]|\\.)*)"', path.read_text(encoding="utf-8"))
        assert english, path
        assert not [text for text in english if he.search(text)], path


# ---------------------------------------------------------------- 5: the tanyao coach line

def test_tanyao_to_come_is_a_way_to_a_yaku(app: App) -> None:
    value = SimpleNamespace(reasons=[SimpleNamespace(code="tanyao", get={"throw": parse_tile("1s").kind}.get)])
    words = plain_words(app, coach.value_words(value))
    assert words.endswith(", once 1s is discarded too" if in_english(app) else "когда позже уйдёт и 1s"), words


# ---------------------------------------------------------------- 6, 7: short prompts and grammar

def test_the_riichi_prompt_says_where_the_tile_goes() -> None:
    from trainer.ui.screens.play import SHORT_PROMPTS

    assert SHORT_PROMPTS["riichi_auto"] == "Riichi: the tile you draw is discarded automatically."


def test_neither_nor_and_with_or_without_it(app: App) -> None:
    from trainer.ui.views.table.call_review import _not_faster

    words = plain_words(app, coach.no_yaku_words())
    call = plain_words(app, _not_faster(SimpleNamespace(shanten=2, shanten_after=2)))
    if in_english(app):
        assert "it cannot win, neither by ron" in words and "all it can still get is the tenpai payment" in words, words
        assert call.endswith("with or without it, 2 steps are left"), call
    else:
        assert call.endswith("и с ним, и без него остаётся 2 шага"), call


# ---------------------------------------------------------------- 8: the import's words

def test_a_full_tile_set_and_the_file_named_once(app: App, tmp_path: Path) -> None:
    from trainer.engine.game.records import RecordError
    from trainer.ui.log_problems import copies_text
    from trainer.ui.screens.game_import import file_error

    assert copies_text(("1m", 5, 4)) == ("1m appears 5 times, but a full tile set has only four" if in_english(app)
                                         else "1m встречается 5 раз, а в наборе только четыре")
    assert copies_text(("0p", 2, 1)).endswith("but a full tile set has only one" if in_english(app)
                                              else "а в наборе она одна")
    path = tmp_path / "truncated.json"
    text = file_error(RecordError(f"{path}: hand 1 is cut short", kind="damaged_hand", hand=1), path)
    assert text == ("truncated.json cannot be opened: hand 1 is cut short or damaged — copy the game again"
                    if in_english(app) else
                    "Файл truncated.json нельзя открыть: раздача 1 оборвана или испорчена — скопируйте снова"), text


# ---------------------------------------------------------------- 9: the review hints

def test_the_review_hints_say_a_clue(app: App) -> None:
    slow = SimpleNamespace(push_fold=None, verdict="lost_shanten", shanten_chosen=2, shanten_best=1)
    rungs = [plain_words(app, r) for r in review.tile_hint_rungs(slow)]
    fast = SimpleNamespace(push_fold={"advice": "push"}, verdict="good", danger=None)
    if in_english(app):
        assert rungs[0].startswith("Keep every shape that is already useful: the best discard keeps the hand just as "
                                   "close to tenpai"), rungs
        assert rungs[1].startswith("A clue: the best discard keeps the hand 1 step from tenpai"), rungs
        assert "Part of it" not in " ".join(rungs)
        push = plain_words(app, review.tile_hint_rungs(fast)[0])
        assert push.endswith("Look for the discard that keeps the hand fastest."), push
    else:
        assert rungs[1].startswith("Часть ответа:"), rungs


# ---------------------------------------------------------------- 10: terms

def test_partial_set_and_run_find_taatsu_and_shuntsu() -> None:
    from trainer.glossary import load_glossary

    glossary = load_glossary()
    assert glossary.search("partial set")[0].id == "taatsu"
    assert glossary.search("partial run")[0].id == "taatsu"
    assert glossary.search("run")[0].id == "shuntsu"


def test_the_warning_names_genbutsu_as_the_coach_does_elsewhere(app: App) -> None:
    from trainer.engine.game.coach import DangerWarning

    w = DangerWarning(parse_tile("5m"), (1,), ({"seat": 1},), (parse_tile("1p"),))
    words = plain_words(app, coach.warning_line(w, lambda seat: "Right"))
    assert words.endswith("Safe: 1p — genbutsu (現物)." if in_english(app)
                          else "Безопасно: 1p — генбуцу (現物, genbutsu)."), words


# ---------------------------------------------------------------- 11, 13: scores

def test_the_score_note_says_the_nearest_thousand() -> None:
    from trainer.ui.views.table.result import SCORE_NOTES

    assert "rounded to the nearest thousand (500 rounds down) for everyone but first place" in SCORE_NOTES[True, True]
    assert "to first place" in SCORE_NOTES[False, True] and "the first place" not in " ".join(SCORE_NOTES.values())


@pytest.mark.parametrize(("aka", "words"), [(1, "1 red five ="), (2, "2 red fives =")])
def test_the_score_report_counts_red_fives(aka: int, words: str) -> None:
    from trainer.cli.score_report import _dora_line

    set_language("en")
    result = SimpleNamespace(dora_count=SimpleNamespace(total=aka, dora=0, ura=0, aka=aka, nuki=0))
    assert words in _dora_line(result)[0]
