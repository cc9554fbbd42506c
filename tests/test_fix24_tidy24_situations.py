"""Tidy 24, #4: the scorer owns the situation flags that cannot come together, the scoring drill
keeps only its own rows (``scoring_drills.NEVER_TOGETHER``).

Moved: a first-turn win (tenhou, chiihou, renhou) comes before the winner's first discard, and
riichi is declared with a discard (001:515-517, 001:494-498, 001:1069-1071), so the scorer refuses
one with riichi or double riichi, naming both.  The other rows that left the drill list were
refused by the scorer already; each is checked here with the error that names it."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest

from trainer.engine.exercises.scoring_drills import NEVER_TOGETHER, possible_win, rules_for
from trainer.engine.notation import parse_hand, parse_tiles
from trainer.engine.scoring import ScoringError, WinContext, score_hand, situation_problem
from trainer.engine.tiles import EAST, SOUTH

CLOSED = "234m567p22s345678s"
KAN = "123m567p22s789s [4444s]"


def _ctx(win: str = "2s", **kw: Any) -> WinContext:
    return WinContext(win_tile=parse_tiles(win)[0], dora_indicators=parse_tiles("1z"), **kw)


@pytest.mark.parametrize(("flags", "seat", "tsumo", "preset", "code"), [
    ({"tenhou": True, "riichi": True}, EAST, True, "tenhou", "tenhou_with_riichi"),
    ({"tenhou": True, "double_riichi": True}, EAST, True, "tenhou", "tenhou_with_riichi"),
    ({"chiihou": True, "riichi": True}, SOUTH, True, "tenhou", "chiihou_with_riichi"),
    ({"chiihou": True, "double_riichi": True}, SOUTH, True, "ema", "chiihou_with_riichi"),
    ({"renhou": True, "riichi": True}, SOUTH, False, "ema", "renhou_with_riichi"),
    ({"renhou": True, "double_riichi": True, "riichi": True}, SOUTH, False, "jpml", "renhou_with_riichi"),
])
def test_a_first_turn_win_after_a_riichi_is_refused(flags: dict[str, bool], seat: int, tsumo: bool, preset: str,
                                                    code: str) -> None:
    with pytest.raises(ScoringError) as e:
        score_hand(parse_hand(CLOSED), _ctx(tsumo=tsumo, seat_wind=seat, **flags), rules_for(preset))
    assert e.value.code == code
    name = code.split("_")[0]
    assert name in str(e.value) and "riichi" in str(e.value) and "first discard" in str(e.value)


def test_the_first_turn_wins_alone_still_score() -> None:
    assert score_hand(parse_hand(CLOSED), _ctx(tsumo=True, tenhou=True), rules_for("tenhou")).yakuman
    assert score_hand(parse_hand(CLOSED), _ctx(tsumo=True, seat_wind=SOUTH, chiihou=True), rules_for("tenhou")).yakuman
    assert score_hand(parse_hand(CLOSED), _ctx(seat_wind=SOUTH, renhou=True), rules_for("ema")).yakuman


def test_a_double_riichi_at_the_table_still_scores_with_both_flags() -> None:
    """The game passes ``riichi`` and ``double_riichi`` together for a double riichi: 2 han, not 3."""
    r = score_hand(parse_hand(CLOSED), _ctx(riichi=True, double_riichi=True), rules_for("tenhou"))
    ids = [y.id for y in r.yaku]
    assert "double_riichi" in ids and "riichi" not in ids


@pytest.mark.parametrize(("hand", "flags", "tsumo", "seat", "code"), [
    # the rows that left the drill list: the scorer refused them before tidy 24 too
    (CLOSED, {"haitei": True, "houtei": True}, True, EAST, "houtei_tsumo"),
    (CLOSED, {"haitei": True, "houtei": True}, False, EAST, "haitei_ron"),
    (KAN, {"haitei": True, "rinshan": True}, True, EAST, "haitei_rinshan"),
    (CLOSED, {"houtei": True, "chankan": True}, False, EAST, "houtei_chankan"),
    (KAN, {"rinshan": True, "chankan": True}, True, EAST, "chankan_tsumo"),
    (KAN, {"rinshan": True, "chankan": True}, False, EAST, "rinshan_ron"),
    (CLOSED, {"tenhou": True, "chiihou": True}, True, EAST, "chiihou_dealer"),
    (CLOSED, {"tenhou": True, "renhou": True}, True, EAST, "renhou_dealer"),
    (CLOSED, {"chiihou": True, "renhou": True}, True, SOUTH, "renhou_tsumo"),
    (KAN, {"tenhou": True, "rinshan": True}, True, EAST, "tenhou_with_melds"),
    (CLOSED, {"tenhou": True, "ippatsu": True}, True, EAST, "ippatsu_without_riichi"),
    (CLOSED, {"chiihou": True, "chankan": True}, False, SOUTH, "chiihou_ron"),
])
def test_the_scorer_names_each_row_the_drill_no_longer_repeats(hand: str, flags: dict[str, bool], tsumo: bool,
                                                               seat: int, code: str) -> None:
    rules = rules_for("ema")
    with pytest.raises(ScoringError) as e:
        score_hand(parse_hand(hand), _ctx("1m" if hand == KAN else "2s", tsumo=tsumo, seat_wind=seat, **flags), rules)
    assert e.value.code == code
    assert not possible_win(parse_hand(hand), _ctx("1m" if hand == KAN else "2s", tsumo=tsumo, seat_wind=seat,
                                                   **flags), rules)


def test_the_drill_reads_the_scorers_words() -> None:
    from trainer.engine.exercises.scoring_drills import impossible_win

    hand, ctx = parse_hand(CLOSED), _ctx(tsumo=True, tenhou=True, riichi=True)
    assert impossible_win(hand, ctx) == situation_problem(hand, ctx, rules_for("tenhou"))
    assert "riichi" in (situation_problem(hand, ctx, rules_for("tenhou")) or "")
    assert situation_problem(hand, _ctx(tsumo=True, tenhou=True), rules_for("tenhou")) is None


def test_the_drill_list_holds_no_row_the_scorer_refuses_on_its_own() -> None:
    """No row of the drill list is one the scorer refuses whatever else is true (then the drill
    would say the rule a second time)."""
    for flags, _why in NEVER_TOGETHER:
        if "ippatsu" in flags and "double_riichi" not in flags:
            flags = flags | {"riichi"}  # ippatsu needs a riichi: the scorer says so on its own
        ok = False
        for tsumo in (False, True):
            for seat in (EAST, SOUTH):
                for hand in (CLOSED, KAN):
                    ctx = _ctx("1m" if hand == KAN else "2s", tsumo=tsumo, seat_wind=seat,
                               **{f: True for f in flags})
                    ok = ok or situation_problem(parse_hand(hand), ctx, rules_for("ema")) is None
        assert ok, flags


def test_the_command_line_says_what_is_wrong() -> None:
    run = subprocess.run([sys.executable, "-m", "trainer", "score", CLOSED, "--win", "2s", "--tsumo", "--tenhou",
                          "--riichi"], capture_output=True, text=True, timeout=120)
    assert run.returncode != 0
    assert "tenhou is won before the winner's first discard, so never after a riichi" in run.stderr + run.stdout
