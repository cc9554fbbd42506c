"""Discard puzzles from games: positions of the learner's seat, the coach's answer, mistakes
first, the shipped starter set checked by the engine, and damaged games skipped with a note."""

from __future__ import annotations

import json

import pytest

from trainer.engine.bots import make_bot
from trainer.engine.exercises import nanikiru
from trainer.engine.game.coach import discard_hints, efficiency_hints
from trainer.engine.game.play import play_match
from trainer.engine.game.review import review_game
from trainer.engine.notation import format_tiles
from trainer.engine.tiles import Tile


@pytest.fixture(scope="module")
def game_log() -> dict:
    players = [make_bot(b) for b in ("efficient", "careful", "beginner", "strong")]
    return play_match(players, "tenhou", seed=11).log


def test_positions_are_the_seats_own_decisions_with_the_tile_played(game_log):
    positions = list(nanikiru.positions_of(game_log, 2, "g.json"))
    decisions = review_game(game_log, 2).decisions
    assert len(positions) == len(decisions) > 20
    for p, d in zip(positions, decisions, strict=True):
        assert (p.seat, p.hand, p.action) == (2, d.hand, d.action)
        assert p.view.seat == 2 and str(p.chosen) == d.chosen
        assert len(p.view.hand.concealed) % 3 == 2  # the drawn tile is in the hand


def test_the_answer_is_the_best_by_tiles_and_the_table_coachs_discard(game_log):
    for pos in list(nanikiru.positions_of(game_log, 0, "g.json"))[:30]:
        p = nanikiru.puzzle(pos)
        efficient = {h.tile.kind for h in efficiency_hints(pos.view, pos.legal)}
        coach = discard_hints(pos.view, pos.legal, "tenhou")[0].tile.kind
        want = efficient | {coach}
        assert p.answer == want and p.efficient == efficient and p.coach_kind == coach
        assert [e["tile"] for e in p.exercise.explanation if e.get("coach")] == [str(Tile(coach))]
        for k in want:
            assert p.exercise.check([Tile(k)])
        wrong = [t for t in pos.legal if t.kind not in want]
        if wrong:
            assert not p.exercise.check([wrong[0]])
            assert nanikiru.judge(p, wrong[0]).verdict != "good" or p.riichi_against
        assert p.exercise.skill == ("defense" if p.riichi_against else "efficiency")
        assert {e["tile"] for e in p.exercise.explanation if e["kind"] == "discard"} >= {str(Tile(k)) for k in want}


def test_the_coachs_discard_is_right_where_it_is_not_the_widest():
    """The table's coach (value, danger, push or fold) and the best by tiles disagree in some
    starter positions: both tiles are right there, and the coach's hint carries its reasons."""
    split = []
    for pos in nanikiru.starter_positions():
        p = nanikiru.puzzle(pos)
        if p.coach_kind not in p.efficient:
            split.append(p)
            assert p.exercise.check([Tile(p.coach_kind)])
            assert all(p.exercise.check([Tile(k)]) for k in p.efficient)
            assert p.coach[0].reason in ("fold", "less_risk", "value", "keeps_yaku", "keeps_tenpai")
            assert p.coach[0].advice is not None
    assert len(split) >= 3


def test_a_position_where_the_learner_chose_otherwise_comes_first(game_log):
    drill = nanikiru.make_drill([(game_log, 2)], n=12, seed=1, starter=False)
    flags = [p.differs for p in drill.puzzles]
    assert any(flags), "the beginner bot should have made at least one choice the coach does not make"
    assert flags == sorted(flags, reverse=True)  # every differing position before the others
    for p in drill.puzzles:
        assert p.position.seat == 2 and nanikiru.worth_asking(p)


def test_without_games_the_starter_set_fills_the_drill():
    drill = nanikiru.make_drill([], n=10, seed=3)
    assert len(drill.puzzles) == 10 and not drill.notes and drill.from_games == 0
    assert all(p.position.chosen is None and p.position.source.startswith("starter") for p in drill.puzzles)
    again = nanikiru.make_drill([], n=10, seed=3)
    assert [p.exercise.item_id for p in again.puzzles] == [p.exercise.item_id for p in drill.puzzles]


def test_damaged_games_are_skipped_with_a_one_line_note(tmp_path, game_log):
    junk = tmp_path / "game-20260101-000000.json"
    junk.write_text("{not json", encoding="utf-8")
    broken = json.loads(json.dumps(game_log))
    broken["hands"][1]["actions"][3] = [broken["hands"][1]["actions"][3][0], {"type": "discard", "tile": "9z"}]
    bad = tmp_path / "game-20260102-000000.json"
    bad.write_text(json.dumps(broken), encoding="utf-8")
    good = tmp_path / "game-20260103-000000.json"
    good.write_text(json.dumps(game_log), encoding="utf-8")
    drill = nanikiru.make_drill([(good, 2), (bad, 2), (junk, 2)], n=8, seed=0)
    assert len(drill.puzzles) == 8 and drill.from_games == 1
    assert len(drill.notes) == 2
    assert drill.notes[0].startswith(bad.name) and drill.notes[1].startswith(junk.name)
    assert all("\n" not in n and str(tmp_path) not in n for n in drill.notes)


def test_the_starter_set_is_what_the_engine_says():
    data = json.loads((nanikiru.resources.files("trainer.engine") / "data" / nanikiru.STARTER_FILE)
                      .read_text(encoding="utf-8"))
    stored = {(hi, s, a): (best, theme) for hi, h in enumerate(data["hands"]) for s, a, best, theme in h["positions"]}
    positions = nanikiru.starter_positions(data)
    assert len(positions) == len(stored) >= 40
    themes: dict[str, int] = {}
    for pos in positions:
        p = nanikiru.puzzle(pos)
        best, theme = stored[(int(pos.source.removeprefix("starter")), pos.seat, pos.action)]
        assert format_tiles(sorted(Tile(k) for k in p.answer)) == best, pos
        assert nanikiru.worth_asking(p) and len(p.answer) <= 2
        assert bool(p.riichi_against) == (theme == "defense")
        themes[theme] = themes.get(theme, 0) + 1
    assert set(themes) == {"defense", "tenpai", "one_step", "far"}


def test_an_imported_game_keeps_the_seat_the_learner_chose(tmp_path, game_log):
    from trainer.engine.game.exchange import read_source, save_import, seat_choices
    from trainer.engine.game.records import RecordError, load
    from trainer.engine.game.tenhou6_write import to_tenhou6

    data = to_tenhou6(game_log)
    data.pop("riichi_trainer", None)
    data["name"] = ["A", "B", "C", "D"]
    loaded = read_source(data)
    assert [(s, n) for s, n, _p in seat_choices(loaded)] == [(0, "A"), (1, "B"), (2, "C"), (3, "D")]
    assert [p for _s, _n, p in seat_choices(loaded)] == game_log["final"]["scores"]
    with pytest.raises(RecordError, match="seat 4"):
        save_import(loaded, tmp_path, learner_seat=4)
    assert not list(tmp_path.iterdir())
    path = save_import(loaded, tmp_path, learner_seat=3)
    assert load(path)["learner_seat"] == 3
    drill = nanikiru.make_drill([(path, 3)], n=4, starter=False)
    assert all(p.position.seat == 3 for p in drill.puzzles)


def test_a_drill_can_ask_only_defence_or_only_attack_positions():
    from trainer.engine.exercises.nanikiru import make_drill

    defence = make_drill([], n=8, seed=3, focus="defence")
    assert len(defence.puzzles) == 8 and all(p.riichi_against for p in defence.puzzles)
    attack = make_drill([], n=8, seed=3, focus="attack")
    assert len(attack.puzzles) == 8 and not any(p.riichi_against for p in attack.puzzles)
    with pytest.raises(ValueError, match="focus must be one of all, attack, defence"):
        make_drill([], focus="safe")
