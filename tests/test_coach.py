"""The coach: best discards with a reason, danger warnings against riichi, waits and furiten,
riichi or dama — in the engine, and as words with glossary links at the table."""

from __future__ import annotations

import dataclasses
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from trainer.engine.game.coach import danger_warning, discard_hints, riichi_choice, waiting  # noqa: E402
from trainer.engine.game.scenario import setup_round  # noqa: E402
from trainer.engine.game.view import RiverTile, make_view  # noqa: E402
from trainer.engine.rules import load_rules  # noqa: E402
from trainer.engine.tiles import parse_tile  # noqa: E402

JUNK = "147m369p147s3456z"
RULES = load_rules("tenhou")


def _view(hand13: str, draw: str = ""):
    rnd = setup_round([hand13, JUNK, JUNK, JUNK], draws=draw or "9p", dora="9s")
    return make_view(rnd, 0)


def _with_riichi(view, river: str, seat: int = 1):
    rivers = list(view.rivers)
    rivers[seat] = tuple(RiverTile(parse_tile(t), False, i == 0, False) for i, t in enumerate(river.split()))
    riichi = tuple(s == seat for s in range(4))
    turns = tuple(0 if s == seat else None for s in range(4))
    return dataclasses.replace(view, riichi=riichi, riichi_turn=turns, rivers=tuple(rivers))


def test_hints_name_the_best_discard_and_why():
    ready = _view("123m456p789s1177z", "9p")
    (h,) = discard_hints(ready, list(ready.hand.concealed))
    assert (str(h.tile), h.reason, h.shanten_after) == ("9p", "keeps_tenpai", 0)
    assert set(h.waits) == {parse_tile("1z").kind, parse_tile("7z").kind} and h.ukeire == 4
    slow = _view("1234m456p789s115z", "9p")
    (h,) = discard_hints(slow, list(slow.hand.concealed))
    assert (str(h.tile), h.reason) == ("5z", "more_tiles") and h.ukeire == 33


def test_against_riichi_the_safest_tile_is_added_and_a_dangerous_one_warned():
    view = _with_riichi(_view("123m456p78s59m115z", "2p"), "9m 1p 7z")
    tiles = list(view.hand.concealed)
    hints = discard_hints(view, tiles)
    safer = [h for h in hints if h.reason == "safer"]
    assert safer and str(safer[0].tile) == "9m"  # genbutsu: the riichi player threw it
    w = danger_warning(view, parse_tile("5m"), tiles)
    assert w is not None and w.seats == (1,) and [str(t) for t in w.safe] == ["9m"]
    assert not w.notes[0].get("genbutsu") and w.notes[0]["edge"] == 2
    assert danger_warning(view, parse_tile("9m"), tiles) is None  # genbutsu is safe
    assert danger_warning(_view("123m456p78s59m115z", "2p"), parse_tile("5m"), tiles) is None  # no riichi


def test_waits_furiten_and_riichi_or_dama():
    rnd = setup_round(["123m456p789s1177z", JUNK, JUNK, JUNK], draws="9p", dora="9s")
    view = make_view(rnd, 0)
    ch = riichi_choice(view, parse_tile("9p"), RULES)
    assert ch is not None and ch.dama_points is not None and ch.riichi_points > ch.dama_points
    assert ch.suggest == "riichi"
    no_yaku = make_view(setup_round(["123m456p789s2358p", JUNK, JUNK, JUNK], draws="9p", dora="9s"), 0)
    ch = riichi_choice(no_yaku, parse_tile("9p"), RULES)
    assert ch is not None and ch.dama_points is None and ch.suggest == "riichi"
    from trainer.engine.game.actions import Discard

    rnd.apply(0, Discard(parse_tile("9p")))
    ready = waiting(make_view(rnd, 0))
    assert ready is not None and set(ready.waits) == {parse_tile("1z").kind, parse_tile("7z").kind}
    assert not ready.furiten
    view = make_view(rnd, 0)
    rivers = list(view.rivers)
    rivers[0] = (*rivers[0], RiverTile(parse_tile("7z"), False, False, False))
    assert waiting(dataclasses.replace(view, rivers=tuple(rivers))).furiten


def test_the_table_coach_speaks_with_glossary_links_and_warns_on_a_lifted_tile(tmp_path, monkeypatch):
    import pygame

    from trainer.ui.app import App
    from trainer.ui.screens.play_shots import table_with_calls_and_riichi
    from trainer.ui.settings import Settings

    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    app = App(size=(1280, 720), settings=Settings(language="en"), progress=None, save=False)
    app.push("home")
    screen = table_with_calls_and_riichi(app, coach="full")
    app.render()
    text = screen.coach_message()
    assert "{term:" in text and "{tiles:" in text and text.startswith(("Discard", "Safest", "Careful"))
    assert screen.hand_row.marks and set(screen.hand_row.marks.values()) == {"hint"}
    # lift a tile that is not safe: the coach warns before the discard
    from trainer.engine.game.coach import danger_warning as warn

    view = make_view(screen.round, 0)
    legal = [a.tile for a in screen.my_legal() if hasattr(a, "tile")]
    risky = next((i for i, s in enumerate(screen.hand_row.slots) if warn(view, s.tile, legal)), None)
    assert risky is not None  # this position has a tile that can deal into the riichi
    screen.hand_row.selected = {risky}
    assert screen.coach_message().startswith("Careful")
    # a click on a term in the box opens the glossary at that term
    app.render()
    rect, term = screen.coach_box.layout.terms[0]
    pos = (rect.centerx + screen.coach_box.origin[0], rect.centery + screen.coach_box.origin[1])
    app.process([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], 1 / 60)
    assert app.screen.name == "glossary"
    app.close()
