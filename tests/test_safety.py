"""The shared defense evaluator (trainer.engine.safety): genbutsu by table order, suji, walls
that protect only the tiles beyond them, honors, and what the careful bot does with it."""

from __future__ import annotations

from trainer.engine import safety
from trainer.engine.notation import format_tiles, parse_tiles
from trainer.engine.safety import Table, TableDiscard


def _k(text: str) -> int:
    return parse_tiles(text)[0].kind


def _log(*entries: tuple[int, str, bool]) -> tuple[TableDiscard, ...]:
    """Discards in table order: (seat, tile, riichi declaration)."""
    return tuple(TableDiscard(i, seat, _k(tile), riichi) for i, (seat, tile, riichi) in enumerate(entries))


def test_genbutsu_counts_from_each_players_own_declaration() -> None:
    # seat 1 declares first (order 1), seat 2 later (order 5); seat 3 threw 9s between them
    log = _log((0, "1z", False), (1, "5m", True), (2, "2p", False), (3, "9s", False), (0, "2z", False),
               (2, "7p", True), (3, "8m", False))
    table = Table(0, tuple(_k(t) for t in ("9s", "8m", "1p")), log, riichi_seats=(1, 2))
    assert _k("9s") in safety.genbutsu(table, 1), "thrown after seat 1's riichi: passed"
    assert _k("9s") not in safety.genbutsu(table, 2), "thrown before seat 2's riichi: not genbutsu for it"
    assert _k("8m") in safety.genbutsu(table, 1) and _k("8m") in safety.genbutsu(table, 2)
    best, rated = safety.safest(table)
    assert best == {_k("8m")}, "8m is safe against both, 9s only against seat 1"
    (a, b) = rated[_k("9s")]
    assert a.safe and a.reason_ids == {"genbutsu"} and a.reasons[0].source == "passed"
    assert not b.safe


def test_calls_do_not_skew_the_order() -> None:
    # seat 2 calls, so seat 3 is skipped once: river lengths no longer tell the order
    log = (TableDiscard(0, 0, _k("3m")), TableDiscard(1, 1, _k("4p"), called=True),
           TableDiscard(2, 2, _k("5s"), riichi=True), TableDiscard(3, 3, _k("6s")), TableDiscard(4, 0, _k("7s")))
    table = Table(1, (_k("6s"), _k("7s"), _k("3m")), log, riichi_seats=(2,))
    assert safety.passed_after_riichi(table, 2) == {_k("6s"), _k("7s")}
    assert _k("3m") not in safety.genbutsu(table, 2)


def test_a_wall_protects_only_the_tiles_beyond_it() -> None:
    # four 8p visible (three in the hand, one as the dora indicator): 9p can only be hit by
    # single/pair waits; 7p can still be hit by a 56p two-sided wait
    log = _log((1, "1z", True),)
    table = Table(0, tuple(_k(t) for t in ("8p", "8p", "8p", "9p", "7p")), log, dora_indicators=(_k("8p"),),
                  riichi_seats=(1,))
    nine = safety.assess(table, _k("9p"), 1)
    assert "kabe" in nine.reason_ids and {w.shape for w in nine.open_waits} == {"shanpon", "tanki"}
    assert nine.reasons[0].tiles == (_k("8p"),)
    seven = safety.assess(table, _k("7p"), 1)
    assert any(w.shape == "ryanmen" and w.partial == (_k("5p"), _k("6p")) for w in seven.open_waits)
    # the dora indicator is what makes the wall: without it only three 8p are visible
    no_dora = Table(0, table.hand, log, riichi_seats=(1,))
    assert "kabe" not in safety.assess(no_dora, _k("9p"), 1).reason_ids


def test_suji_closes_two_sided_waits_only() -> None:
    log = _log((1, "1m", False), (1, "7m", True))
    table = Table(0, (_k("4m"), _k("5m")), log, riichi_seats=(1,))
    four = safety.assess(table, _k("4m"), 1)
    assert four.reason_ids == {"suji"} and four.reasons[0].tiles == (_k("1m"), _k("7m"))
    assert {w.shape for w in four.open_waits} == {"kanchan", "shanpon", "tanki"}
    five = safety.assess(table, _k("5m"), 1)
    assert [w.shape for w in five.open_waits].count("ryanmen") == 2
    assert safety.at_least_as_safe((four,), (five,)) and not safety.at_least_as_safe((five,), (four,))


def test_honors_by_copies_seen() -> None:
    log = _log((2, "5z", False), (3, "5z", False), (1, "2m", True))
    table = Table(0, (_k("5z"), _k("6z")), log, riichi_seats=(1,))
    white = safety.assess(table, _k("5z"), 1)
    assert white.reason_ids == {"honor", "honor_visible"} and [w.shape for w in white.open_waits] == ["tanki"]
    green = safety.assess(table, _k("6z"), 1)
    assert {w.shape for w in green.open_waits} == {"shanpon", "tanki"}
    assert safety.danger((white,)) < safety.danger((green,))


def test_the_drill_answer_is_the_evaluators() -> None:
    from trainer.engine.exercises import GENERATORS
    from trainer.engine.exercises.defense import situations, table_of

    ex = GENERATORS["safe_tile"].generate({"riichi_players": 2, "tools": ["genbutsu", "suji", "kabe"]}, 14)
    dora = [t.kind for t in parse_tiles(ex.prompt.get("dora"), max_copies=None)]
    # the prompt's hand is the recorded one: the concealed tiles and, after a call, the called sets
    sit = next(s for s in situations() if ex.prompt.hand in (s["hand"], format_tiles(s["concealed"]))
               and s["dora"] == dora
               and len(s["riichi"]) == 2)
    best, _rated = safety.safest(table_of(sit))
    assert best == ex.answer


def test_a_level_no_stored_situation_serves_is_refused_in_one_line() -> None:
    import pytest
    from pydantic import ValidationError

    from trainer.engine.exercises import GENERATORS

    with pytest.raises(ValidationError, match="add another tool"):
        GENERATORS["safe_tile"].params({"riichi_players": 2, "tools": ["suji"]})
