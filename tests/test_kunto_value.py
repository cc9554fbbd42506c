"""Kunto step by step, steps 5 and 10-13 (seed 000:3467-3471): the base value of a ready hand (the
kunto table's own han), and at the course's last settings the yaku and value of the 13-tile hand,
the smallest exchange that adds han and the new yaku; the engine computes every answer and the
screen explains a wrong one."""

from __future__ import annotations

import os
import random
from collections import Counter
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui_events import click, headless_app, key  # noqa: E402
from trainer.engine.exercises import GENERATORS  # noqa: E402
from trainer.engine.exercises.kunto_practice import COURSE, KuntoPractice, Settings  # noqa: E402
from trainer.engine.exercises.kunto_value import (  # noqa: E402
    base_value,
    base_values,
    best_value,
    raising_exchanges,
    value_options,
)
from trainer.engine.game.training_scoring import Win, value_of  # noqa: E402
from trainer.engine.hand import Hand  # noqa: E402
from trainer.engine.notation import parse_tiles  # noqa: E402
from trainer.engine.tiles import Tile  # noqa: E402
from trainer.engine.waits import waits  # noqa: E402
from trainer.ui.richtext import plain_text  # noqa: E402


def kind(text: str) -> int:
    return parse_tiles(text)[0].kind


def left_of(tiles: list[Tile]) -> Counter[int]:
    left = Counter({k: 4 for k in range(27)})
    left.subtract(t.kind for t in tiles)
    return left


# ---------------------------------------------------------------- step 5: the base value


@pytest.mark.parametrize(("hand", "value", "per_wait"), [
    ("1113s", 0, {"2s": 0, "3s": 0}),  # 4 tiles: five tiles never hold four of a kind in a complete hand
    ("1111234s", 1, {"4s": 1}),  # 7 tiles: the four 1s are an okurikan
    ("5556777s", 1, {"4s": 0, "5s": 1, "6s": 0, "7s": 1, "8s": 0}),  # the fourth 5 or 7 makes it
    ("2223334445s", 1, {"2s": 1, "3s": 1, "4s": 1, "5s": 0, "6s": 0}),  # 10 tiles
])
def test_the_base_value_is_the_kunto_tables_han_on_the_best_wait(hand: str, value: int,
                                                                  per_wait: dict[str, int]) -> None:
    tiles = parse_tiles(hand)
    rows = base_values(tiles, waits(Hand(tuple(tiles))))
    assert {r["tile"]: r["han"] for r in rows} == per_wait
    assert base_value(rows) == value
    for r in rows:  # the table's own scoring, without riichi
        w = Tile(kind(r["tile"]))
        won = value_of("kunto", Win(Hand(tuple(sorted([*tiles, w]))), w, True, False, 0, 0, 1))
        assert won.han == r["han"]
        assert bool(r["quads"]) == (r["han"] > 0)


def test_the_practice_asks_the_base_value_after_the_waits() -> None:
    p = KuntoPractice(Settings(), seed=0)
    p.hand = sorted(parse_tiles("5556777s"))
    p.size = 7
    p.step = "waits"
    p.advance(None)
    ex = p.exercise()
    assert p.step == "value" and ex.prompt.question == "kunto_value" and ex.prompt.input == "number"
    assert ex.answer == 1 and ex.check(1) and not ex.check(0)
    assert ex.spec()["generator"] == "kunto_hand" and ex.skill == "kunto"
    assert dict(ex.spec()["params"])["ask"] == ["value"]


# ---------------------------------------------------------------- steps 11-13: yaku, value, the exchange


def test_a_13_tile_hand_is_valued_on_its_best_wait_off_a_discard() -> None:
    v = best_value(parse_tiles("234m456p678s34m55s"))  # waits 2m (iipeikou too) and 5m
    assert v.tile == kind("2m")
    assert {y for y, _h in v.yaku} == {"tanyao", "pinfu", "iipeikou"}
    assert (v.han, v.fu, v.points) == (3, 30, 3900)
    assert best_value(parse_tiles("234m234888p1189s")).tile is None  # no yaku on any wait


def test_the_smallest_han_raising_exchange_is_one_tile() -> None:
    tiles = parse_tiles("123m456p678s55s78m")  # pinfu only: 123m holds a terminal
    now = best_value(tiles)
    assert now.han == 1
    rows = raising_exchanges(tiles, left_of(tiles), now)
    best = {r["tile"]: r for r in rows if r["best"]}
    assert "1m" in best and best["1m"]["draw"] == "4m" and "tanyao" in best["1m"]["yaku"]
    assert "5s" not in best  # the pair goes: no single draw keeps the hand ready with more han
    for r in rows:  # each row's value after is the engine's, and the best ones add han
        if "draw" not in r:
            continue
        rest = list(tiles)
        rest.remove(next(t for t in rest if t.kind == kind(r["tile"])))
        after = best_value([*rest, Tile(kind(r["draw"]))])
        assert after.han == r["han"] and r["best"] == (after.han > now.han)


def test_the_last_settings_ask_yaku_then_the_exchange_then_the_new_yaku() -> None:
    p = KuntoPractice(Settings(*COURSE[-1]), seed=0)
    p.size = 13
    p.hand = sorted(parse_tiles("123m456p678s55s78m"))
    p.step = "waits"
    p.advance(None)
    ex = p.exercise()
    assert p.step == "yaku" and ex.prompt.question == "kunto_yaku" and ex.prompt.input == "choice"
    assert ex.answer == frozenset({best_value(p.hand).key}) and len(ex.prompt.options) >= 3
    assert ex.answer <= {o.value for o in ex.prompt.options}
    p.advance(ex.answer)
    ex = p.exercise()
    assert p.step == "raise" and kind("1m") in ex.answer and ex.check({kind("1m")})
    assert not ex.check({kind("5s")})
    p.advance(frozenset({kind("1m")}))
    ex = p.exercise()
    assert p.step == "yaku" and p.exchange == ("1m", "4m") and ex.prompt.get("exchange") == ["1m", "4m"]
    assert best_value(p.hand).han == 2 and ex.answer == frozenset({best_value(p.hand).key})
    assert Counter(t.kind for t in p.hand)[kind("4m")] == 1 and parse_tiles("1m")[0] in p.pile
    p.advance(ex.answer)
    assert p.finished


@pytest.mark.parametrize("ask", ["value", "yaku", "raise"])
def test_the_new_questions_have_review_siblings(ask: str) -> None:
    ex = GENERATORS["kunto_hand"].generate({"ask": [ask], "size": 13, "suits_ignored": False}, 7)
    assert ex.prompt.question == f"kunto_{ask}"
    response = ex.answer if ask == "value" else next(iter(ex.answer)) if ask == "yaku" else {min(ex.answer)}
    assert ex.check(response)


# ---------------------------------------------------------------- the screen


@pytest.fixture()
def app(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    with headless_app(tmp_path, monkeypatch, progress="open", language=getattr(request, "param", "en")) as a:
        yield a


def type_number(app, n: int) -> None:  # noqa: ANN001
    for ch in str(n):
        key(app, pygame.K_0 + int(ch), ch)
    key(app, pygame.K_RETURN, "\r")


def pick(app, screen, kinds) -> None:  # noqa: ANN001
    for i, s in enumerate(screen.view.picker.slots):
        if s.tile.kind in kinds:
            click(app, screen.view.picker.rects[i].center)
            break
    key(app, pygame.K_RETURN, "\r")


def screen_text(app, screen) -> str:  # noqa: ANN001
    return plain_text(screen.feedback_text, app)


@pytest.mark.parametrize("app", ["en", "ru"], indirect=True)
def test_a_wrong_base_value_is_explained_on_screen(app) -> None:  # noqa: ANN001
    screen = app.push("kunto_practice", seed=0)
    p = screen.practice
    p.hand = sorted(parse_tiles("5556777s"))
    p.size = 7
    p._exercise = None
    screen._new_item()
    screen.rebuild()
    app.render()
    type_number(app, 0)  # ready: shanten 0
    key(app, pygame.K_RETURN, "\r")
    pick_all = set(screen.ex.answer)
    for i, s in enumerate(screen.view.picker.slots):
        if s.tile.kind in pick_all:
            click(app, screen.view.picker.rects[i].center)
    key(app, pygame.K_RETURN, "\r")
    assert screen.feedback_kind == "right"
    key(app, pygame.K_RETURN, "\r")  # next: the base value
    assert screen.ex.prompt.question == "kunto_value"
    app.render()
    type_number(app, 3)
    assert screen.phase == "retry"
    assert "{term:okurikan}" in screen.feedback_text and "{term:riichi}" in screen.feedback_text
    key(app, pygame.K_RETURN, "\r")
    type_number(app, 2)
    assert screen.phase == "done" and screen.feedback_kind == "wrong"
    text = screen_text(app, screen)
    assert ("5s" in screen.feedback_text and "7s" in screen.feedback_text)  # the value on each wait
    assert ("1 han" in text) if app.settings.language == "en" else ("1 хан" in text)
    app.render()
    # the miss is recorded like the practice's other kunto items (skill kunto, the practice's card,
    # a kunto_hand spec whose sibling is a value question)
    rows = app.progress.db.execute("SELECT skill, correct FROM answer WHERE item_id = ?",
                                   (screen.ex.item_id,)).fetchall()
    assert [tuple(r) for r in rows] == [("kunto", 0)]
    sibling = GENERATORS["kunto_hand"].generate(screen.ex.spec()["params"], 1)
    assert sibling.prompt.question == "kunto_value"


def test_a_wrong_yaku_and_a_wrong_exchange_are_explained(app) -> None:  # noqa: ANN001
    c = COURSE[-1]
    screen = app.push("kunto_practice", seed=0, tiles=c[0], suits=c[1], dragons=c[2])
    p = screen.practice
    p.size = 13
    p.hand = sorted(parse_tiles("123m456p678s55s78m"))
    p.step = "yaku"
    p.yaku_round = 1
    p._exercise = None
    screen._new_item()
    screen.rebuild()
    app.render()
    ex = screen.ex
    wrong = next(b for b in screen.view.buttons if ex.prompt.options[b.index].value not in ex.answer)
    value = ex.prompt.options[wrong.index].value
    click(app, (wrong.rect.left + 30, wrong.rect.centery))  # a choice is checked at once (its words are links)
    assert screen.phase == "retry" and screen.feedback_text
    if value == "none":
        assert "{term:yaku}" in screen.feedback_text
    else:
        assert "not in this hand" in screen.feedback_text or "not the value" in screen.feedback_text \
            or "did not name" in screen.feedback_text
    key(app, pygame.K_RETURN, "\r")
    right = next(b for b in screen.view.buttons if ex.prompt.options[b.index].value in ex.answer)
    click(app, (right.rect.left + 30, right.rect.centery))
    assert screen.phase == "done" and "{term:pinfu}" in screen.feedback_text
    key(app, pygame.K_RETURN, "\r")  # next: the exchange
    assert screen.ex.prompt.question == "kunto_raise"
    app.render()
    pick(app, screen, {kind("5s")})
    assert screen.phase == "retry" and "{tiles:5s}" in screen.feedback_text
    key(app, pygame.K_RETURN, "\r")
    assert kind("5p") not in screen.ex.answer
    pick(app, screen, {kind("5p")})  # the 5s picked before is let go: one tile at a time
    assert screen.phase == "done"
    assert "{term:tanyao}" in screen.feedback_text  # the best exchange and the yaku it adds
    key(app, pygame.K_RETURN, "\r")
    assert screen.ex.prompt.question == "kunto_yaku" and screen.view.info is not None
    assert screen.practice.exchange is not None
    app.render()


def test_a_hand_no_exchange_can_raise_ends_after_its_yaku_and_says_so(app) -> None:  # noqa: ANN001
    """Nine gates already is a yakuman: no one-tile exchange adds han, so there is no step 12 —
    the practice ends after the yaku question, and the learner is told why."""
    c = COURSE[-1]
    screen = app.push("kunto_practice", seed=0, tiles=c[0], suits=c[1], dragons=c[2])
    p = screen.practice
    p.size = 13
    p.hand = sorted(parse_tiles("1112345678999m"))
    p.step, p.yaku_round = "yaku", 1
    p._exercise = None
    assert p.ends_after_yaku
    screen._new_item()
    screen.rebuild()
    app.render()
    ex = screen.ex
    right = next(b for b in screen.view.buttons if ex.prompt.options[b.index].value in ex.answer)
    click(app, (right.rect.left + 30, right.rect.centery))
    assert screen.phase == "done" and "the practice ends here" in screen.feedback_text
    key(app, pygame.K_RETURN, "\r")
    assert p.finished and screen.finished


def test_a_wrong_yaku_option_is_one_the_hand_could_be_believed_to_have() -> None:
    """A three-suit hand is never offered a flush, and a hand full of terminals never all simples,
    while those that look possible are."""
    from trainer.engine.exercises.kunto_value import looks_possible

    three_suits = parse_tiles("123m456p678s55s78m")
    assert not looks_possible("honitsu", three_suits) and not looks_possible("chinitsu", three_suits)
    assert not looks_possible("sanankou", three_suits) and looks_possible("sanankou", parse_tiles("111m222p5s5s5s789s7m"))
    assert looks_possible("tanyao", three_suits) and looks_possible("sanshoku", parse_tiles("123m123p55s789s78m"))
    assert looks_possible("honitsu", parse_tiles("1112345678m99m5p5p")[:13])
    assert not looks_possible("tanyao", parse_tiles("19m19p19s1234567m")) and looks_possible(
        "chanta", parse_tiles("19m19p19s1234567m"))
    for seed in range(20):
        v = best_value(three_suits)
        opts = value_options(v, random.Random(seed), hand=three_suits)
        assert not any("honitsu" in o.value or "chinitsu" in o.value for o in opts)
