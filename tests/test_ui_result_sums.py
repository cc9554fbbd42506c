"""Counts and sums on the training-game result panel, the riichi table's draw result and the match end:
han, points and wait sides with their plurals and grouped points, the kunto title naming the hand
as the setup does, every change of a draw explained item by item, and the match-end note saying how
the score is rounded, with real minus signs."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from trainer.engine.game.actions import Tsumo
from trainer.engine.game.full_table import make_game
from trainer.engine.game.options import game_options
from trainer.engine.game.simple import scripted_wall
from trainer.engine.rules import load_rules
from trainer.i18n import format_points, han_text, points_text
from trainer.ui.app import App
from trainer.ui.screens import play_shots as ps
from trainer.ui.views.table.result import HandResultView, MatchEndView


def bamboo_tsumo(app: App):  # noqa: ANN201
    screen = app.push("play_simple", mode="bamboo", seed=1, kids=False)
    screen.game = make_game(screen.setup, 1, wall=scripted_wall(screen.setup.tileset,
                                                                ["34456678s55s777z", "1199s1122z3344z5z"], "2s"))
    screen.rebuild()
    screen._act(Tsumo())
    app.render()
    return screen


def test_training_result_counts_take_their_plural_and_group_their_points(app: App) -> None:
    screen = bamboo_tsumo(app)
    v = screen.game.result.values[0]
    lines = screen.value_lines()
    assert lines[0] == f"{screen.seat_name(0)}: {han_text(v.han)} · {points_text(v.points)}"
    for item in v.items:
        if item.unit == "han":
            assert screen._item_text(item.id, item.amount, "han").endswith(": " + han_text(item.amount))
        if item.unit == "points":
            text = screen._item_text(item.id, item.amount, "points")
            assert text.endswith(": " + points_text(item.amount)) and format_points(item.amount) in text
    assert not [line for line in lines if re.search(r"\d{5}", line)]  # 24000: never ungrouped
    ru = {2: "2 хана", 3: "3 хана", 5: "5 ханов", 7: "7 ханов", 12: "12 ханов", 21: "21 хан"}
    for n, want in ru.items():
        text = screen._item_text("dora", n, "han")
        assert text.endswith(want if app.settings.language == "ru" else f"{n} han"), text


def test_the_wait_sides_take_their_plural(app: App) -> None:
    screen = app.push("play_simple", mode="twelve_tiles", seed=1, kids=False)
    # the glossary's wait (machi) with its Japanese; below 5 kinds the line says why it is worth nothing
    want = {"ru": {2: "Ожидание (待ち, machi) на 2 вида плиток: хан даётся только с 5 видов",
                   5: "Ожидание (待ち, machi) на 5 видов плиток",
                   1: "Ожидание (待ち, machi) на 1 вид плиток: хан даётся только с 5 видов"},
            "en": {2: "Wait (待ち, machi) on 2 kinds of tile: a han only from 5 kinds",
                   5: "Wait (待ち, machi) on 5 kinds of tile",
                   1: "Wait (待ち, machi) on 1 kind of tile: a han only from 5 kinds"}}[app.settings.language]
    for n, text in want.items():
        assert screen._item_text("wait_sides", n, "sides") == text


def test_the_kunto_title_names_the_hand_as_the_setup_does(app: App) -> None:
    for hand, ru in ((4, "4 плитки в руке"), (7, "7 плиток в руке"), (13, "13 плиток в руке")):
        screen = app.push("play_simple", mode="kunto", hand=hand, seed=1, kids=False)
        app.render()
        title = screen.title()
        assert title.endswith(ru if app.settings.language == "ru" else f"{hand} tiles in hand"), title
        assert f"{hand + 1} " not in title
        app.pop()


def fake_round(deltas, tenpai, riichi, *, sticks_left, scores, nagashi=(), noten_payment=3000):  # noqa: ANN001, ANN201
    res = SimpleNamespace(kind="exhaustive", deltas=tuple(deltas), wins=(), tenpai=tuple(tenpai), nagashi=nagashi,
                          abort_reason=None, sticks_left=sticks_left)
    events = [{"type": "deal"}] + [{"type": "riichi_stick", "seat": s} for s in riichi]
    return SimpleNamespace(result=res, events=events, scores=list(scores),
                           options=SimpleNamespace(riichi_deposit=1000, noten_payment=noten_payment))


def test_a_sanma_draw_explains_every_change(app: App) -> None:
    names = ["You", "Right", "Left"].__getitem__
    # both tenpai players in riichi: +1,000 noten payment each, −1,000 stick each; Left pays 2,000
    rnd = fake_round((1000, 1000, -2000), (0, 1), (0, 1), sticks_left=2, scores=(23000, 35000, 45000),
                     noten_payment=2000)
    view = HandResultView(rnd, names, (23000, 35000, 47000))
    lines = view.draw_lines(app)
    if app.settings.language == "en":
        assert lines == [
            f"{app.term_text('tenpai')}: You, Right", f"{app.term_text('noten')}: Left",
            f"{app.term_text('noten_bappu')}: the noten players pay 2,000 points in all, shared equally by the "
            "tenpai players.",
            "You: +1,000 for tenpai, −1,000 for the riichi stick = ±0",
            "Right: +1,000 for tenpai, −1,000 for the riichi stick = ±0",
            "Left: −2,000 for noten",
            "2 riichi sticks stay on the table for the next winner (2,000).",
        ]
    else:
        assert lines[1] == f"{app.term_text('noten')}: Left"
        assert lines[3] == "You: +1\u00a0000 за тенпай, −1\u00a0000 за палочку риичи = ±0"
        assert lines[5] == "Left: −2\u00a0000 за нотен"
        assert lines[-1] == "2 палочки риичи остаются на столе до следующей победы (2\u00a0000)."


def test_the_table_draws_add_up(app: App) -> None:
    for setup in (None, ps.SANMA):
        screen = ps.table_after_hand(app, lambda r: r.kind == "exhaustive", setup=setup)
        view = screen.result_view
        lines = view.draw_lines(app)
        sticks = view.riichi_sticks_put()
        deposit = screen.round.options.riichi_deposit
        for seat in range(len(screen.round.scores)):
            change = screen.round.scores[seat] - view.before[seat]
            assert change == screen.round.result.deltas[seat] - deposit * sticks.count(seat)
            head = screen.seat_name(seat) + ": "
            mine = [line for line in lines if line.startswith(head)]
            if change or seat in sticks:  # one item ("Left: −2,000 for noten") or items adding up ("… = ±0")
                total = format_points(change, signed=True)
                assert len(mine) == 1 and (mine[0].endswith(" = " + total) or (
                    "=" not in mine[0] and mine[0].startswith(head + total + " "))), (lines, seat)
        if screen.round.result.sticks_left:
            assert format_points(screen.round.result.sticks_left * deposit) in lines[-1]
        app.render()


def test_a_won_hand_names_the_riichi_sticks_put_down(app: App) -> None:
    rnd = fake_round((0, 0, 0, 0), (), (0, 3), sticks_left=0, scores=(0, 0, 0, 0))
    view = HandResultView(rnd, ["You", "Right", "Across", "Left"].__getitem__, (0, 0, 0, 0))
    want = {"en": "Riichi sticks put down this hand: You, Left (−1,000 each)",
            "ru": "Палочки риичи, положенные на стол в этой раздаче: You, Left (по −1\u00a0000)"}
    assert view.riichi_line() == [want[app.settings.language]]


@pytest.mark.parametrize("preset", ["tenhou", "sanma", "jpml"])
def test_the_match_end_note_says_how_the_score_is_rounded(app: App, preset: str) -> None:
    options = game_options(load_rules(preset))
    note = MatchEndView(SimpleNamespace(options=options), str, []).note()
    rounded = options.final_rounding == "thousand_5_down"
    word = "округлением" if app.settings.language == "ru" else "rounded"
    assert (word in note) == rounded, note
    assert "-" not in note and "−" in note  # uma with real minus signs: +20/+10/−10/−20, +15/0/−15
    if preset == "sanma":
        assert "+15/0/−15" in note


def test_the_tenpai_hands_of_a_draw_use_the_room_below_the_lines(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """07_result_draw: with the payment lines above them the tenpai hands shrank to the smallest tiles
    while the card below them stood empty; they take the room there (and stay clear of the scores)."""
    from trainer.ui.screens.play_shots import table_after_hand
    from trainer.ui.views.table import result

    heights: list[int] = []
    real = result.strip
    monkeypatch.setattr(result, "strip", lambda theme, pieces, th, *a, **kw: (heights.append(th),
                                                                             real(theme, pieces, th, *a, **kw))[1])
    table_after_hand(app, lambda r: r.kind == "exhaustive" and len(r.tenpai) == 2)
    app.render()
    assert heights and min(heights) >= app.layout.px(32), heights
