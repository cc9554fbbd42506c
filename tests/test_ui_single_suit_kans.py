"""Single-suit mahjong, variant 1 on the simple table: the learner is offered a kan of four of
one rank (suits ignored) and an open kan on a discard, sees the button and then the kan laid
down; the game without sticks shows its points from 0 and says when someone reached 100,000."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.table_driver import button_for, press_digit
from tests.test_ui_simple_table_review import drawn_texts
from tests.ui_events import headless_app
from trainer.engine.game.actions import Discard, Kan, Pass
from trainer.engine.game.simple import SimpleGame, scripted_wall
from trainer.engine.hand import MeldKind
from trainer.engine.notation import parse_tiles
from trainer.engine.tiles import parse_tile

T = parse_tile


def deal(screen, hands: list[str], draws: str, replacement: str, *, dealer: int = 0) -> None:  # noqa: ANN001
    """A scripted deal whose far wall end (the kan replacement) is ``replacement``."""
    setup = screen.setup
    wall = scripted_wall(setup.tileset, hands, draws)
    front = sum(len(parse_tiles(h)) for h in hands) + len(parse_tiles(draws))
    rest = wall[front:]
    rest.remove(T(replacement))
    screen.game = SimpleGame(setup, wall=[*wall[:front], *rest, T(replacement)], dealer=dealer)
    screen.counted = False
    screen.focus = None
    screen.rebuild()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_learner_declares_a_kan_of_one_rank_and_sees_it_on_the_table(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    with headless_app(tmp_path, monkeypatch, language=lang) as app:
        screen = app.push("play_simple", mode="single_suit_1", seed=3, kids=False, rules={"players": 2})
        deal(screen, ["5m5p5s123m789p789s1s", "2m3m4m6m7m8m2p3p4p6p7p8p9m"], "5s", "9m")
        kan = Kan(MeldKind.KAN_CLOSED, T("5m"))
        texts = drawn_texts(app, monkeypatch)
        label = next(b.label for b in screen.action_buttons if b.on_click.__defaults__[0] == kan)
        assert label.startswith("Kan" if lang == "en" else "Кан") and label in texts
        assert not [t for t in texts if t.endswith("…")], texts
        press_digit(app, button_for(screen, kan))
        g = screen.game
        assert g.melds[0] and g.melds[0][0].kind is MeldKind.KAN_CLOSED
        app.render()
        melds = [s for s in screen.hand_row.slots if s.group >= 0]
        assert [s.face_down for s in melds] == [True, False, False, True]  # the closed kan's ends face down
        assert sorted(s.tile.kind % 9 for s in melds) == [4, 4, 4, 4]
        assert T("9m") in g.hands[0] and g.drawn[0] == T("9m")  # the replacement, the learner still on turn
        assert any(isinstance(a, Discard) for a in screen.my_legal())
        assert not any(b.label == label for b in screen.action_buttons)


def test_the_learner_is_offered_an_open_kan_on_a_discard(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with headless_app(tmp_path, monkeypatch) as app:
        screen = app.push("play_simple", mode="single_suit_1", seed=3, kids=False, rules={"players": 2})
        deal(screen, ["2m3m4m6m7m8m2p3p4p6p7p8p9m", "5m5p5s123m789p789s1s"], "5s", "9m", dealer=1)
        screen.game.apply(1, Discard(T("5s")))
        screen._after_action()
        texts = drawn_texts(app, monkeypatch)
        kan = Kan(MeldKind.KAN_OPEN, T("5s"))
        assert screen._prompt() == "You may take this tile." and screen._prompt() in texts
        labels = [b.label for b in screen.action_buttons]
        assert any(lbl.startswith("Kan") for lbl in labels) and "Pass" in labels
        assert Pass() in screen.my_legal()
        press_digit(app, button_for(screen, kan))
        app.render()
        melds = [s for s in screen.hand_row.slots if s.group >= 0]
        assert len(melds) == 4 and sum(s.sideways for s in melds) == 1  # the called tile turned


def test_the_game_without_sticks_counts_from_zero_and_ends_at_a_hundred_thousand(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with headless_app(tmp_path, monkeypatch) as app:
        screen = app.push("play_simple", mode="single_suit_1", seed=3, kids=False,
                          rules={"players": 2, "no_sticks": True})
        assert screen.game.points == [0, 0]
        assert "points 0" in screen.header_extra()
        g = screen.game
        g.points = [-41_000, 41_000]
        g.result = None
        screen.run_bots_until_learner()
        while not g.ended:  # play the hand out with the learner giving back the drawn tile
            legal = screen.my_legal()
            if legal:
                screen._act(next((a for a in legal if isinstance(a, Pass)), None)
                            or next(a for a in legal if isinstance(a, Discard) and a.tile == g.drawn[0]))
            screen.run_bots_until_learner()
        assert not screen.match_over() or max(g.points) >= 100_000  # below zero ends nothing
        g.points = [-100_000, 100_000]
        assert screen.match_over()
        assert "The game is over: Across reached 100,000 points." in screen._match_line()


def test_a_declared_kan_is_drawn_plainly_and_cannot_be_picked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The kan beside the hand is shown as laid down, not greyed like a tile that may not be
    discarded, and a click on it lifts nothing."""
    with headless_app(tmp_path, monkeypatch) as app:
        screen = app.push("play_simple", mode="single_suit_1", seed=3, kids=False, rules={"players": 2})
        deal(screen, ["5m5p5s123m789p789s1s", "2m3m4m6m7m8m2p3p4p6p7p8p9m"], "5s", "9m")
        press_digit(app, button_for(screen, Kan(MeldKind.KAN_CLOSED, T("5m"))))
        app.render()
        row = screen.hand_row
        melds = {i for i, s in enumerate(row.slots) if s.group >= 0}
        assert len(melds) == 4 and row.inert == melds and not (row.dim & melds)
        row.toggle(min(melds))
        assert not row.selected
