"""Kunto step by step (seed 000:3459-3471): the engine asks the procedure's questions in order and
checks them against its own answers; the screen explains a wrong answer and grows the hand."""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui_events import click, headless_app, key  # noqa: E402
from trainer.engine.exercises import GENERATORS  # noqa: E402
from trainer.engine.exercises.kunto_practice import COURSE, KuntoPractice, PracticeError, Settings  # noqa: E402
from trainer.engine.hand import Hand  # noqa: E402
from trainer.engine.notation import parse_hand, parse_tiles  # noqa: E402
from trainer.engine.tiles import Tile  # noqa: E402
from trainer.engine.variants import variant_shanten, variant_waits  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.settings import Settings as AppSettings  # noqa: E402


def run(p: KuntoPractice, worst_first: int = 0, limit: int = 400) -> list[str]:
    """Play the practice to its end, throwing back the worst tile the first ``worst_first`` times
    and then the best; the steps seen."""
    steps = []
    for _ in range(limit):
        if p.finished:
            return steps
        p.exercise()
        steps.append(p.step)
        response = None
        if p.step == "throw" and steps.count("throw") <= worst_first:
            rows = p.throwbacks()
            response = frozenset({parse_tiles(rows[-1]["tile"])[0].kind})
        p.advance(response)
    raise AssertionError("the practice did not finish")


@pytest.mark.parametrize("settings", [Settings(*c) for c in COURSE])
def test_the_hand_grows_4_7_10_13_and_every_answer_is_the_engines(settings: Settings) -> None:
    p = KuntoPractice(settings, seed=3)
    sizes = []
    for _ in range(400):
        if p.finished:
            break
        ex = p.exercise()
        hand = parse_hand(ex.prompt.hand, check_size=False)
        if p.step == "shanten":
            sizes.append(p.size)
            assert len(hand.concealed) == p.size
            assert ex.answer == variant_shanten(hand, p.variant)
        elif p.step == "waits":
            assert ex.answer and set(ex.answer) <= set(variant_waits(hand, p.variant))
            assert set(ex.answer) <= set(p.tileset.kinds())
        elif p.step == "value":
            assert ex.answer == max(r["han"] for r in p.base_values())
        elif p.step in ("yaku", "raise"):
            assert (settings.tiles, settings.suits, settings.dragons) == COURSE[-1] and p.size == 13
        else:
            assert len(hand.concealed) == p.size + 1
            best = [r for r in p.throwbacks() if r["best"]]
            low = min(r["shanten"] for r in p.throwbacks())
            assert all(r["shanten"] == low for r in best)
        p.advance(None)
    assert p.finished
    assert [s for i, s in enumerate(sizes) if i == 0 or sizes[i - 1] != s] == [4, 7, 10, 13]


def test_a_ready_hand_asks_for_its_waits_then_grows_by_three() -> None:
    p = KuntoPractice(Settings(), seed=0)
    p.hand = sorted(parse_tiles("2378s"))  # two partial runs and no pair: one step from ready
    assert p.exercise().answer == 1
    p._exercise = None
    p.hand = sorted(parse_tiles("2377s"))  # 23s with the pair 77s: waits 1s and 4s
    ex = p.exercise()
    assert ex.answer == 0
    p.advance(frozenset())
    assert p.step == "waits"
    assert set(p.exercise().answer) == {parse_tiles("1s")[0].kind, parse_tiles("4s")[0].kind}
    deck = len(p.deck)
    p.advance(None)
    assert p.step == "value" and p.exercise().answer == 0  # no four of a kind: the kunto table gives 0 han
    p.advance(None)
    assert p.step == "shanten" and p.size == 7 and len(p.hand) == 7 and len(p.deck) == deck - 3


def test_the_learners_own_throw_back_goes_and_a_tile_was_drawn_first() -> None:
    p = KuntoPractice(Settings(), seed=0)
    p.hand = sorted(parse_tiles("1599s"))
    p._exercise = None
    assert p.exercise().answer == 1
    p.advance(None)
    assert p.step == "throw" and len(p.hand) == 5 and p.drawn in p.hand
    worst = p.hand[0] if p.hand[0] != p.drawn else p.hand[1]
    p.advance(frozenset({worst.kind}))
    assert len(p.hand) == 4 and p.pile == [worst] and p.step == "shanten"


def test_the_throw_back_table_scores_each_tile_by_shanten_then_tiles_that_help() -> None:
    p = KuntoPractice(Settings(), seed=0)
    p.hand = sorted(parse_tiles("12399s"))  # 4 tiles and the drawn one
    p.step = "throw"
    p.drawn = p.hand[-1]
    rows = {r["tile"]: r for r in p.throwbacks()}
    # throwing 9s leaves 123s 9s: ready on 9s (tanki); throwing 1s leaves 23s 99s: ready on 1s/4s
    assert rows["1s"]["shanten"] == 0 and rows["9s"]["shanten"] == 0
    assert rows["1s"]["count"] > rows["9s"]["count"]
    assert rows["1s"]["best"] and not rows["9s"]["best"]


@pytest.mark.parametrize("seed", range(6))
def test_the_way_to_tenpai_really_reaches_it_and_no_draw_gains_two_steps(seed: int) -> None:
    p = KuntoPractice(Settings("suits108", "ignored", "plain"), seed=seed)
    p.hand = sorted(p.hand + [p.deck.pop() for _ in range(6)])  # a 10-tile hand
    p.size = 10
    s = p.shanten()
    kinds = Counter(t.kind for t in p.hand)
    for d, o in p.way_to_tenpai():
        kinds[parse_tiles(d)[0].kind] += 1
        kinds[parse_tiles(o)[0].kind] -= 1
    after = Hand(tuple(sorted(Tile(k) for k, n in kinds.items() for _ in range(n))))
    assert len(p.way_to_tenpai()) == s
    assert variant_shanten(after, p.variant) == 0
    best = p.best_draw()
    if s > 0:
        assert best is not None and best[1] == s - 1


def test_suits_ignored_grades_waits_by_rank() -> None:
    p = KuntoPractice(Settings("suits108", "ignored", "plain"), seed=0)
    p.hand = sorted(parse_tiles("2m3p7s7m"))
    p.step = "waits"
    ex = p.exercise()
    assert ex.check({parse_tiles("1s")[0].kind, parse_tiles("4m")[0].kind})  # any suit of 1 and 4
    assert not ex.check({parse_tiles("1s")[0].kind})


def test_worse_throw_backs_still_finish_and_the_deck_is_refilled_from_the_pile() -> None:
    p = KuntoPractice(Settings(), seed=1)
    steps = run(p, worst_first=40, limit=3000)
    assert steps.count("throw") > 40  # more draws than the 36-tile deck could feed without the pile
    assert p.finished and len(p.hand) == 13


def test_the_settings_follow_the_seeds_course_and_bad_settings_are_refused() -> None:
    s = Settings()
    seen = [s]
    while (s := s.next()) is not None:
        seen.append(s)
    assert [(x.tiles, x.suits, x.dragons) for x in seen] == list(COURSE)
    with pytest.raises(PracticeError, match="not offered"):
        KuntoPractice(Settings("sou36", "kept", "wild"))


def test_a_practice_item_is_a_kunto_drill_item_for_reviews() -> None:
    p = KuntoPractice(Settings(), seed=2)
    ex = p.exercise()
    spec = ex.spec()
    assert spec["generator"] == "kunto_hand" and ex.skill == "kunto"
    sibling = GENERATORS["kunto_hand"].generate(spec["params"], 5)
    assert sibling.prompt.question == "kunto_shanten"


# ---------------------------------------------------------------- the screen


@pytest.fixture()
def app(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    with headless_app(tmp_path, monkeypatch, progress="open", language=getattr(request, "param", "en")) as a:
        yield a


def type_number(app: App, n: int) -> None:
    for ch in str(n):
        key(app, pygame.K_0 + int(ch), ch)
    key(app, pygame.K_RETURN, "\r")


def pick(app: App, screen, kinds) -> None:  # noqa: ANN001
    done = set()
    for i, s in enumerate(screen.view.picker.slots):
        if s.tile.kind in kinds and s.tile.kind not in done:
            click(app, screen.view.picker.rects[i].center)
            done.add(s.tile.kind)
    key(app, pygame.K_RETURN, "\r")


def test_the_training_games_list_opens_the_practice(app: App) -> None:
    screen = app.push("training_games")
    app.render()
    card = next(c for c in screen.cards if "step by step" in c.title)
    click(app, card.rect.center)
    assert app.screen.name == "kunto_practice"


@pytest.mark.parametrize("app", ["en", "ru"], indirect=True)
def test_a_wrong_shanten_is_explained_then_the_hand_grows_to_13(app: App) -> None:
    screen = app.push("kunto_practice", seed=4)
    app.render()
    ex = screen.ex
    assert ex.prompt.question == "kunto_shanten"
    type_number(app, ex.answer + 2)  # too high
    assert screen.phase == "retry" and screen.feedback_text
    key(app, pygame.K_RETURN, "\r")  # try again
    type_number(app, ex.answer + 2)
    assert screen.phase == "done"
    if ex.answer > 0:
        assert "{tiles:" in screen.feedback_text  # the way to tenpai, tile by tile
    for _ in range(300):
        if screen.finished:
            break
        key(app, pygame.K_RETURN, "\r")  # next
        if screen.finished:
            break
        ex = screen.ex
        if ex.prompt.question == "kunto_shanten":
            type_number(app, ex.answer)
        elif ex.prompt.question == "kunto_waits":
            pick(app, screen, set(ex.answer))
        elif ex.prompt.question == "kunto_value":
            type_number(app, ex.answer)
        else:
            assert screen.view.info is not None  # "you drew ..."
            pick(app, screen, {min(ex.answer)})
        assert screen.feedback_kind == "right", screen.feedback_text
    assert screen.finished and screen.practice.size == 13
    assert screen.next_btn is not None
    click(app, screen.next_btn.rect.center)
    assert not screen.finished and screen.settings == Settings(*COURSE[1]) and screen.practice.size == 4


def test_a_weaker_throw_back_is_explained_by_the_tiles_that_help(app: App) -> None:
    screen = app.push("kunto_practice", seed=0)
    p = screen.practice
    p.hand = sorted(parse_tiles("1239s"))
    p._exercise = None
    screen._new_item()
    screen.rebuild()
    app.render()
    type_number(app, 0)
    key(app, pygame.K_RETURN, "\r")
    pick(app, screen, set(screen.ex.answer))
    assert screen.feedback_kind == "right"
    p.hand = sorted(parse_tiles("12399s"))
    p.drawn = p.hand[-1]
    p.step = "throw"
    p._exercise = None
    screen._new_item()
    screen.rebuild()
    app.render()
    pick(app, screen, {parse_tiles("9s")[0].kind})
    assert screen.phase == "retry"
    assert "only" in screen.feedback_text and "{term:ukeire}" in screen.feedback_text
    key(app, pygame.K_RETURN, "\r")
    pick(app, screen, {parse_tiles("2s")[0].kind})
    assert screen.phase == "done" and "Best: throw back" in screen.feedback_text
    key(app, pygame.K_RETURN, "\r")
    assert parse_tiles("2s")[0] not in p.hand  # the learner's own choice went back to the deck


def test_the_kunto_lesson_opens_the_procedure_and_its_end_passes_the_step() -> None:
    from trainer.lessons.loader import load_all
    from trainer.paths import LESSONS_DIR

    library = load_all(LESSONS_DIR)
    a = App(size=(1280, 720), settings=AppSettings(language="ru"), progress=None, save=False)
    a.set_library(library)
    a.push("home")
    lesson = library.lessons["skill_kunto_large"]
    index = next(i for i, st in enumerate(lesson.steps) if st.kind == "play" and st.rules.get("procedure") == "steps")
    host = a.push("lesson", lesson_id=lesson.id, step=index)
    a.process([], 1 / 60)
    a.render()
    key(a, pygame.K_RETURN, "\r")
    practice = a.screen
    assert practice.name == "kunto_practice"
    assert practice.settings == Settings("suits108", "ignored", "plain")
    practice.practice.step = "value"  # jump to the end: the 13-tile hand's base value
    practice.practice.size = 13
    practice.results, practice.right, practice.phase = ["right"], 1, "done"
    practice.ex = practice.practice.exercise()
    practice.primary()
    assert practice.finished
    assert host.params[f"_play_{index}"]["goal_met"]
    a.close()
