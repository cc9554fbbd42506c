"""Review 21 (coach words): a first wrong han count says why without handing over the answer; the
table review's riichi-or-dama words follow the evaluator's real figures (a riichi that makes the
hand 2.5 times bigger is never "little"); the table and replay headers keep every changed rule
option at 1024x600; a highlighted winning tile is marked where it is set apart."""

from __future__ import annotations

import os
from pathlib import Path
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from trainer.i18n import set_language  # noqa: E402
from trainer.lessons import answers  # noqa: E402
from trainer.lessons.model import NumberStep  # noqa: E402


@pytest.fixture()
def lang():  # noqa: ANN201
    yield set_language
    set_language("en")


# ------------------------------------------------------------------ 1: a wrong han count

ONE_YAKU = ("123m999p456s123s77z", {"tile": "2s", "by": "tsumo", "seat": "S", "round": "E"})  # menzen tsumo, 1 han
OPEN_DORA = ("234m456p678p22s (345s)", {"tile": "2s", "by": "ron", "seat": "S", "round": "E", "dora": "1m"})
# open tanyao with one dora (2m): 2 han


def _han(hand_win: tuple[str, dict], given: int, final: bool) -> str:
    from trainer.ui.views.mistakes import lesson_mistake

    hand, win = hand_win
    step = NumberStep(kind="number", prompt={"ru": "?", "en": "?"}, ask="han", hand=hand, win=win)
    ans = answers.answer(step, None)
    fb = answers.Feedback(False, ans.value, ans.explanation, ans.display)
    return lesson_mistake(step, given, fb, final)


def test_the_first_miss_does_not_name_the_only_yaku_nor_the_missing_dora(lang) -> None:  # noqa: ANN001
    for code in ("ru", "en"):
        lang(code)
        for given in (3, 0):
            text = _han(ONE_YAKU, given, final=False)
            assert "{term:" not in text, text  # no yaku named: with one yaku and no dora that is the answer
            assert "Дор" not in text and "no dora" not in text, text
    lang("ru")
    many = _han(ONE_YAKU, 3, final=False)
    assert many.startswith("3 хана — слишком много: вы посчитали яку, которого в этой руке нет"), many
    assert "дважды" in many and "Найдите, какие яку в руке есть на самом деле" in many, many
    few = _han(ONE_YAKU, 0, final=False)
    assert few.startswith("0 ханов — слишком мало: в руке есть яку, которое вы не посчитали"), few
    lang("en")
    many = _han(ONE_YAKU, 3, final=False)
    assert "you counted a yaku this hand does not have, counted one yaku's han twice" in many, many
    assert "The hand is open" not in many  # a closed hand: no word on open hands


def test_an_open_hand_and_dora_get_their_own_reasons(lang) -> None:  # noqa: ANN001
    lang("en")
    many = _han(OPEN_DORA, 4, final=False)
    assert "The hand is open: some yaku are worth one han less" in many, many
    assert "Count the dora again too" in many and "{term:tanyao}" not in many, many
    few = _han(OPEN_DORA, 1, final=False)
    assert "Do not forget the dora" in few and "{term:tanyao}" not in few, few
    lang("ru")
    assert "Рука открыта" in _han(OPEN_DORA, 4, final=False)


def test_the_final_miss_still_points_at_the_yaku_listed_below(lang) -> None:  # noqa: ANN001
    lang("ru")
    assert _han(ONE_YAKU, 3, final=True).startswith("3 хана — слишком много: яку этой руки и их ханы перечислены ниже")


def test_the_lesson_screen_shows_the_new_words_on_the_retry(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    from tests.ui_events import headless_app

    with headless_app(tmp_path, monkeypatch, language="ru") as app:
        lib = app.library()
        lesson_id, step = next((lid, s) for lid, les in lib.lessons.items() for s in les.steps
                               if getattr(s, "ask", "") == "han" and getattr(s, "kind", "") == "number"
                               and getattr(s, "hand", None) and getattr(s, "win", None) is not None
                               and les.audience != "child")
        lesson = lib.lessons[lesson_id]
        right = answers.answer(step, lesson).value
        fb = answers.grade(step, int(right) + 2, lesson)
        from trainer.ui.views.mistakes import lesson_mistake

        text = lesson_mistake(step, int(right) + 2, fb, False, lesson.preset)
        assert "слишком много" in text and "{term:" not in text, (lesson_id, step.id, text)


# ------------------------------------------------------------------ 2: the review's riichi words

def _choice(dama: int, with_riichi: int, left: int, chosen: str = "riichi") -> dict:
    return {"chosen": chosen, "advice": "dama", "dama": dama, "with_riichi": with_riichi, "left": left,
            "reason": "riichi_adds_little"}


def test_a_riichi_that_makes_the_hand_2_5_times_bigger_is_not_called_little(lang) -> None:  # noqa: ANN001
    from trainer.ui.views.table.review import riichi_answer_text, riichi_choice_text

    c = _choice(2000, 5000, 1)  # the evaluator's riichi_adds_little for a single winning tile at 2.5x
    lang("en")
    for text in (riichi_choice_text(c), riichi_answer_text(c, "riichi")):
        assert "little" not in text, text
        assert "about 2.5 times bigger, but the wait is narrow: only 1 winning tile left" in text, text
        assert "5,000 with riichi, 2,000 without" in text, text
    assert riichi_choice_text(c).startswith("You declared {term:riichi}, but the coach would stay {term:damaten|")
    lang("ru")
    for text in (riichi_choice_text(c), riichi_answer_text(c, "riichi")):
        assert "добавил" not in text and "добавит мало" not in text, text
        assert "примерно в 2,5 раза дороже, но ожидание узкое: всего 1 выигрышная плитка" in text, text
    assert riichi_choice_text(c).startswith("Вы объявили {term:riichi}, а тренер играл бы молча ({term:damaten|")


def test_a_middling_gain_is_named_and_a_small_one_stays_little(lang) -> None:  # noqa: ANN001
    from trainer.ui.views.table.review import riichi_answer_text, riichi_choice_text

    lang("en")
    mid = _choice(3900, 6000, 6)  # 1.5x with a wide wait
    assert "about 1.5 times bigger — not enough to tell everyone" in riichi_choice_text(mid)
    assert "little" not in riichi_answer_text(mid, "riichi")
    small = _choice(3900, 4300, 3)
    assert "it added little" in riichi_choice_text(small)
    assert "adds little" in riichi_answer_text(small, "riichi")
    # agreeing with the coach: the narrow wait is named too
    agreed = riichi_choice_text(_choice(2000, 5000, 1, chosen="dama"))
    assert "the coach agrees" in agreed and "only 1 winning tile left" in agreed, agreed


# ------------------------------------------------------------------ 3: the header keeps the options

def _title_fits(app, screen) -> bool:  # noqa: ANN001
    """Whether the screen's title is drawn whole beside its right-hand text (as draw_header cuts it)."""
    L = app.layout
    left = screen.back_button.rect.right + L.px(20)
    extra = screen.header_extra()
    right_w = min(app.text_width(extra, L.font("small")), screen.header_room()) + L.px(20) if extra else 0
    return app.text_width(screen.title(), L.font("h2"), True) <= L.width - left - L.margin - right_w


@pytest.mark.parametrize("code", ["ru", "en"])
def test_sanma_east_only_without_red_fives_keeps_both_options_at_1024(tmp_path: Path, monkeypatch, code: str) -> None:  # noqa: ANN001
    from tests.ui_events import headless_app
    from trainer.ui.match_setup import MatchSetup
    from trainer.ui.screens.play_shots import _open_table, saved_games

    red, east = {"ru": ("без красных", "Восток"), "en": ("no red fives", "East only")}[code]
    setup = MatchSetup(preset="sanma", length="tonpuusen", red_fives=False)
    with headless_app(tmp_path, monkeypatch, language=code, size=(1024, 600)) as app:
        table = _open_table(app, setup, 3)
        app.render()
        title = table.title()
        assert red in title and east in title, title
        assert _title_fits(app, table), title
        path = saved_games(app, setup)[0]
        while len(app.stack) > 1:
            app.pop()
        replay = app.push("replay", path=str(path))
        app.render()
        title = replay.title()
        assert red in title and east in title, title  # the replay's long step line does not push them out
        assert _title_fits(app, replay), title


def test_the_short_words_and_an_unchanged_preset(lang) -> None:  # noqa: ANN001
    from trainer.engine.game import records
    from trainer.ui.views.table.result import header_title, short_rules_label

    app = SimpleNamespace(text_width=lambda text, font, bold=False: 10 * len(text),
                          layout=SimpleNamespace(font=lambda name: 20))
    lang("ru")
    sanma = records.match_rules("sanma", {"game_length": "tonpuusen", "red_fives": 0})
    assert short_rules_label(sanma) == "Санма без красных, только Восток"  # not a bare «Восток» (review 21)
    assert short_rules_label(records.match_rules("jpml", {"red_fives": 1})) == "JPML + красные"
    assert header_title(app, "Стол", sanma, 10_000) == "Стол · Санма (3 игрока) без красных пятёрок, только Восток"
    assert header_title(app, "Стол", sanma, 480) == "Стол · Санма без красных пятёрок, только Восток"
    assert header_title(app, "Стол", sanma, 350) == "Стол · Санма без красных, только Восток"
    # never the name alone, nor the rules without the screen's name (review 21): the header cuts its other text
    assert header_title(app, "Стол", sanma, 10) == "Стол · Санма без красных, только Восток"
    assert header_title(app, "Стол", records.match_rules("jpml"), 10) == "Стол · JPML"  # nothing changed
    lang("en")
    assert short_rules_label(sanma) == "Sanma, no red fives, East only"


# ------------------------------------------------------------------ 4: the winning tile highlighted

KOKUSHI = "19m19p19s12345677z"


def test_a_highlighted_winning_tile_is_the_one_set_apart() -> None:
    from trainer.ui.tileview import slots_for_text
    from trainer.ui.views.steps.base import hand_slots, highlight_marks

    win = SimpleNamespace(tile="7z")
    slots = hand_slots(KOKUSHI, win)
    assert [str(s.tile) for s in slots][-2:] == ["7z", "7z"] and slots[-1].gap > 0
    assert highlight_marks(slots, "7z", win=win) == {13: "hint"}
    assert highlight_marks(slots, "77z", win=win) == {12: "hint", 13: "hint"}
    assert highlight_marks(slots, "1m", win=win) == {0: "hint"}
    assert highlight_marks(slots_for_text("77z"), "7z") == {0: "hint"}  # no win: the first copy, as before
    assert highlight_marks(slots, "") == {}


def test_the_kokushi_show_step_marks_the_winning_tile(tmp_path: Path) -> None:
    from tests.ui_events import lesson_app, open_lesson_step

    app = lesson_app(tmp_path, language="ru", size=(1024, 600))
    try:
        screen = open_lesson_step(app, "score_yakuman", "kokushi")
        row = screen.view.rows[0][0]
        assert row.marks == {len(row.slots) - 1: "hint"} and row.slots[-1].gap > 0, row.marks
    finally:
        app.close()
