"""Review 23, drills (an adult who drills daily, Russian then English): the drill screens.

1. A kunto hand whose suits do not count says so under the hand, and a wrong shanten shows the
   hand's reading («12p3s — последовательность»).
2-3. A payment names only the slips of the wrong boxes, each box is marked by itself, and the
   words say which box is wrong.
4. The furiten drill's four-line question leaves its options clear of the feedback panel, and the
   reason shows without scrolling (1024x600, 1280x720, 1920x1080).
5. «My mistakes» brings back the very questions missed (a missed answer keeps ``missed`` in its
   card's spec, so the next day's review does too); a card without it says the question is new.
7. The best-discard retry says why the learner's tile is no worse than it looks, and the answer why
   the best tile is worse.
8. The drill menu cuts no blurb with «…».
9. A manners retry names the rule of the option picked; a wrongly ticked option shows no tick.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui_events import frame, headless_app, key  # noqa: E402
from trainer.engine.exercises import GENERATORS  # noqa: E402
from trainer.i18n import set_language  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.richtext import plain_text  # noqa: E402


@pytest.fixture
def ru(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """An adult's app in Russian with a progress store."""
    with headless_app(tmp_path, monkeypatch, language="ru", progress="open", profile="rules") as app:
        yield app
    set_language("en")


def _drill(app: App, generator: str, params: dict[str, Any], seed: int, n: int = 2) -> Any:
    screen = app.push("drill", generator=generator, params=params, n=n, seed=seed)
    frame(app)
    return screen


def _type(app: App, screen: Any, values: list[int]) -> None:
    """Type one number into each answer box, then check."""
    for (_name, field), value in zip(screen.view.fields, values, strict=True):
        screen.set_focus(field)
        field.text = ""
        for ch in str(value):
            key(app, pygame.K_0 + int(ch), ch)
    key(app, pygame.K_RETURN, "\r")


def _option(app: App, screen: Any, value: str) -> None:
    n = next(i for i, o in enumerate(screen.ex.prompt.options) if o.value == value) + 1
    key(app, pygame.K_0 + n, str(n))


def _text(screen: Any) -> str:
    return plain_text(screen.feedback_text, screen.app)


def _seed(generator: str, params: dict[str, Any], want: Any) -> int:
    gen = GENERATORS[generator]
    return next(s for s in range(500) if want(gen.generate(gen.params(params), s)))


# ---------------------------------------------------------------- 1: kunto


def test_a_kunto_shanten_question_says_suits_do_not_count_and_a_miss_shows_the_reading(ru: App) -> None:
    screen = _drill(ru, "kunto_hand", {}, 1)
    assert screen.ex.prompt.hand == "9m12p3s" and screen.ex.answer == 0
    note = screen.view.note
    assert note is not None and note.visible and "Масти здесь не важны" in note.text
    assert note.rect.top >= screen.view.hand_row.rect.bottom  # under the hand, above the box
    assert note.rect.bottom <= screen.view.fields[0][1].rect.top
    _type(ru, screen, [2])
    text = _text(screen)
    assert "Рука читается так" in text and "последовательность" in text and "одиночная плитка" in text
    assert "{tiles:12p3s}" in screen.feedback_text


# ---------------------------------------------------------------- 2-3: payments


def _mangan_tsumo(app: App) -> Any:
    seed = _seed("points_lookup", {}, lambda ex: ex.answer == (2000, 4000) and ex.prompt.get("by") == "tsumo")
    return _drill(app, "points_lookup", {}, seed)


def test_a_right_share_is_green_the_wrong_one_red_and_the_slip_is_the_dealers(ru: App) -> None:
    screen = _mangan_tsumo(ru)
    _type(ru, screen, [2000, 2000])
    (_n1, non_dealer), (_n2, dealer) = screen.view.fields
    assert non_dealer.state == "right" and dealer.state == "wrong"
    text = _text(screen)
    assert "Неверно поле «Платит дилер»; поле «Платит каждый не-дилер» — верно." in text
    assert "дилер платит вдвое больше" in text
    assert "сами базовые очки" not in text  # 2 000 is the non-dealer's right share
    key(ru, pygame.K_RETURN, "\r")  # try again: the right share stays, the ring goes to the wrong box
    assert non_dealer.text == "2000" and dealer.text == "" and screen.focused_widget() is dealer


def test_honba_taken_as_300_from_each_payer_is_named(ru: App) -> None:
    seed = _seed("points_lookup", {"honba": 3},
                 lambda ex: ex.prompt.get("honba") and ex.prompt.get("by") == "tsumo" and not ex.prompt.get("dealer"))
    screen = _drill(ru, "points_lookup", {"honba": 3}, seed)
    honba = screen.ex.prompt.get("honba")
    _type(ru, screen, [x + 200 * honba for x in screen.ex.answer])
    assert "при цумо эту сумму делят: по 100 с каждого" in _text(screen)


# ---------------------------------------------------------------- 4: furiten layout


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
def test_the_furiten_options_stay_clear_of_the_panel_and_the_reason_shows(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch,
                                                                          size: tuple[int, int]) -> None:
    with headless_app(tmp_path, monkeypatch, language="ru", size=size) as app:
        screen = _drill(app, "furiten_situation", {}, 2)
        assert screen.ex.prompt.get("riichi") and screen.ex.answer == frozenset({"no"})
        for expected in ("retry", "done"):
            if screen.phase == "retry":
                key(app, pygame.K_RETURN, "\r")
            _option(app, screen, "yes")
            frame(app)
            assert screen.phase == expected
            panel = screen.feedback_rect
            buttons = [b.rect for b in screen.view.buttons]
            hand = screen.view.hand_row.rect
            assert all(b.bottom <= panel.top for b in buttons), (buttons, panel)
            assert all(b.top >= hand.bottom + app.layout.px(12) for b in buttons)  # clear of the hand's panel
        assert screen.fb_max == 0  # the whole answer, its reason included, without a scroll
        assert "фуритен после риичи" in _text(screen)


# ---------------------------------------------------------------- 5: the very questions again


def test_my_mistakes_brings_back_the_very_questions_and_the_review_does_too(ru: App) -> None:
    screen = _drill(ru, "shanten", {}, 9, n=2)
    missed = []
    for _i in range(2):
        missed.append(screen.ex.item_id)
        for _try in range(2):
            _type(ru, screen, [screen.ex.answer + 3])
            key(ru, pygame.K_RETURN, "\r")
    frame(ru)
    assert screen.finished and screen.mistakes_btn is not None
    key(ru, pygame.K_RETURN, "\r")
    round_ = ru.screen
    frame(ru)
    assert round_.name == "review" and round_.mistakes
    assert round_.ex.item_id == missed[0] and round_.header_extra().startswith("Упражнение 1 из 2")
    # the card keeps the missed question: tomorrow's review shows it again
    store = ru.progress
    (card,) = store.due_reviews(ru.learner_id, now=datetime.now().astimezone() + timedelta(days=2))
    assert card["missed"] is True and f"{card['item_id']}:{card['seed']}" == missed[0]
    ru.pop()
    review = ru.push("review", items=[card])
    frame(ru)
    assert review.ex.item_id == missed[0]


def test_a_card_without_its_missed_question_says_the_question_is_new(ru: App) -> None:
    gen = GENERATORS["shanten"]
    ex = gen.generate(gen.params({}), 4)
    old = dict(ex.spec(), item_id=ex.item_id.rsplit(":", 1)[0], skill=ex.skill)  # recorded before ``missed``
    screen = ru.push("review", items=[old], mistakes=True)
    frame(ru)
    assert screen.ex.item_id != ex.item_id
    assert screen.header_extra() == "Новое задание того же вида · 1 из 1"


# ---------------------------------------------------------------- 7: best discard


def test_the_discard_retry_does_not_contradict_a_lone_tile_and_the_answer_says_why(ru: App) -> None:
    screen = _drill(ru, "discard_ukeire", {}, 1)
    assert screen.ex.prompt.hand == "45666888m11114s6z"
    picker = screen.view.picker
    lone = next(i for i, s in enumerate(picker.slots) if s.tile.kind == 32)  # 6z
    picker.selected = {lone}
    key(ru, pygame.K_RETURN, "\r")
    text = _text(screen)
    assert "6z ещё может стать парой" in text
    assert screen.hint_rungs()[0] not in screen.feedback_text  # no "find the tile in no shape": 6z is one
    key(ru, pygame.K_RETURN, "\r")
    picker.selected = {lone}
    key(ru, pygame.K_RETURN, "\r")
    assert "У вас в руке все четыре 1s: три составляют сет" in _text(screen)


# ---------------------------------------------------------------- 8: the drill menu


@pytest.mark.parametrize("language", ["ru", "en"])
@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
def test_no_drill_card_cuts_its_blurb(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str,
                                      size: tuple[int, int]) -> None:
    with headless_app(tmp_path, monkeypatch, language=language, size=size) as app:
        for group in ("riichi", "mcr"):
            screen = app.push("drills", group=group)
            frame(app)
            cut = [c.title for c in screen.cards
                   if c.subtitle_lines(app, c.rect.width) > c.subtitle_room(app)]
            assert not cut, cut
            app.pop()
    set_language("en")


# ---------------------------------------------------------------- 9: retries and ticks


def test_a_manners_retry_names_the_rule_of_the_option_picked(ru: App) -> None:
    screen = _drill(ru, "manners_situation", {}, 3)
    wrong = next(o.value for o in screen.ex.prompt.options if o.value not in screen.ex.answer)
    _option(ru, screen, wrong)
    code = wrong.partition(":")[2]
    text = _text(screen)
    assert f"Это нарушает правило {code}:" in text or f"Так требует правило {code}:" in text


def test_a_wrong_tick_shows_no_tick(ru: App) -> None:
    screen = _drill(ru, "yaku_identify", {}, 1)
    wrong = next(i for i, o in enumerate(screen.ex.prompt.options) if o.value not in screen.ex.answer)
    key(ru, pygame.K_1 + wrong, str(wrong + 1))
    key(ru, pygame.K_RETURN, "\r")
    button = screen.view.buttons[wrong]
    assert button.selected and button.mark == "wrong" and button.badge_label() != "✓"
    frame(ru)
