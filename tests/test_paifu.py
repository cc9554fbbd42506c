"""The paifu (牌譜) of a hand: the seed's table form read from the replay, the shipped example,
the lesson step that finds cells in it (checked by the validator), and the step on screen."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from tests.text_checks import open_paifu_step  # noqa: E402
from tests.ui_events import click  # noqa: E402
from trainer.engine.bots import make_bot  # noqa: E402
from trainer.engine.game.paifu import example, example_log, find_cells, hand_log, paifu_of  # noqa: E402
from trainer.engine.game.play import play_match  # noqa: E402
from trainer.engine.game.records import RecordError, replay  # noqa: E402
from trainer.engine.notation import parse_hand, parse_tiles  # noqa: E402
from trainer.lessons import answers  # noqa: E402
from trainer.lessons.loader import load_all  # noqa: E402

LESSON_FILE = Path(__file__).resolve().parent.parent / "lessons" / "skills" / "skill_paifu_reading.yaml"


@pytest.fixture(scope="module")
def match_log() -> dict:
    players = [make_bot(b) for b in ("efficient", "careful", "beginner", "strong")]
    return play_match(players, "tenhou", seed=19).log


def _rounds(log: dict) -> list:
    """The live round at the end of every hand."""
    out, last = [], None
    for rnd, who, _a in replay(log, allow_unfinished=True):
        if who is None and last is not None:
            out.append(last)
        last = rnd
    return [*out, last]


def test_every_hand_of_a_match_reads_back_as_its_replay(match_log):
    ends = _rounds(match_log)
    assert len(ends) == len(match_log["hands"]) >= 4
    for i, rnd in enumerate(ends):
        p = paifu_of(match_log, i)
        assert p.result == match_log["hands"][i]["result"]
        for rec in p.seats:
            seat = rnd.seats[rec.seat]
            dealer = rec.wind == 0
            assert len(parse_tiles(rec.dealt)) == (14 if dealer else 13)
            assert (rec.cells[0].take == "") == dealer  # the dealer's first draw cell is empty
            discards = [c for c in rec.cells if c.discard]
            assert [c.discard for c in discards] == [str(d.tile) for d in seat.river]
            assert [c.tsumogiri for c in discards] == [d.tsumogiri for d in seat.river]
            assert [c.riichi for c in discards] == [d.riichi for d in seat.river]
            assert [bool(c.called) and c.called != "ron" for c in discards] == [d.called for d in seat.river]
            hand = parse_hand(rec.final, check_size=False)
            assert sorted(t.kind for t in hand.concealed) == sorted(t.kind for t in seat.concealed)
            assert len(hand.melds) == len(seat.melds)
        actions = [c.action for rec in p.seats for c in rec.cells if c.discard]
        assert len(actions) == len(set(actions))  # one discard per action


def test_the_shipped_hand_has_every_mark_the_lesson_teaches():
    p = example("east2_ron")
    cells = [c for rec in p.seats for c in rec.cells]
    assert {c.called for c in cells} >= {"chi", "pon", "ron"}
    assert any(c.riichi for c in cells) and any(c.tsumogiri for c in cells)
    assert any(c.own_call == "shouminkan" for c in cells) and any(c.took_by == "rinshan" for c in cells)
    assert find_cells(p, "riichi", "E") == {"E8"}
    assert find_cells(p, "call", call="ron") == {"W12"}
    assert p.cell_at(-1) is None
    assert p.cell_at(10) is not None


def test_a_missing_or_broken_example_is_a_one_line_error():
    with pytest.raises(RecordError, match="no file"):
        example_log("no_such_hand")
    with pytest.raises(RecordError, match="a name is"):
        example_log("../x")


def test_one_hand_of_a_match_is_a_log_of_its_own(match_log):
    one = hand_log(match_log, 2)
    assert paifu_of(one).seats[0].cells == paifu_of(match_log, 2).seats[0].cells


def test_the_lesson_passes_the_check_and_a_wrong_expect_is_caught(tmp_path):
    lib = load_all()
    lesson = lib.lessons["skill_paifu_reading"]
    asks = [s for s in lesson.steps if s.kind == "paifu" and s.ask]
    assert len(asks) >= 4 and not [p for p in lib.problems if "skill_paifu_reading" in str(p)]
    for step in asks:
        assert answers.grade(step, sorted(step.expect)[0], lesson).correct
        assert not answers.grade(step, "N1", lesson).correct
    bad = tmp_path / "skills"
    bad.mkdir()
    text = LESSON_FILE.read_text(encoding="utf-8").replace("expect: [E8]", "expect: [E7]")
    (bad / "skill_paifu_reading.yaml").write_text(text, encoding="utf-8")
    problems = [str(p) for p in load_all(tmp_path).problems]
    assert any("expect ['E7'] but the record's cells are E8" in p for p in problems), problems


# ---------------------------------------------------------------- on screen


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    from tests.table_driver import open_app

    a = open_app(tmp_path, monkeypatch, with_progress=True)
    yield a
    a.close()




def test_the_record_and_the_replay_move_together(app):
    app.resize(1280, 1024)  # a tall window: room for both side by side, no switch
    screen = open_paifu_step(app, None)
    view = screen.view
    assert view.show_board and not view.toggle_btn.visible
    assert view.current_cell() is None and len(view.cell_rects) > 40
    click(app, view.fwd_btn.rect.center)
    click(app, view.fwd_btn.rect.center)
    assert view.pos == 2 and view.current_cell() is not None
    click(app, view.cell_rects["W3"].center)  # a click on a cell moves the table there
    frame = view.frames[view.pos]
    assert frame.action_index == view._cell("W3").action and view.current_cell() == "W3"
    for rect in (view.table_rect, view.board_rect, view.back_btn.rect, view.fwd_btn.rect):
        assert view.area.contains(rect)  # nothing leaves the step's area
    assert not view.table_rect.colliderect(view.board_rect)


def test_at_16_9_the_record_and_the_table_take_turns_full_width(app):
    """At 1280x720 the record beside the table would be too small to read: the step shows one of
    the two at a time, the record first with tiles at least StepView.th(0.5) (as the question
    steps), and a switch (button or V) shows the table; a click on a turn shows the table there."""
    import pygame

    screen = open_paifu_step(app, None)
    view = screen.view
    floor = app.layout.tile_h(0.5)
    btn = view.toggle_btn
    assert btn.visible and btn.enabled and btn.hotkey == "V"
    assert not view.show_board and not view.back_btn.visible and view.view_mode == "record"
    assert view.tile_h >= floor and len(view.tile_rects) > 150
    assert min(r.height for r in view.cell_rects.values()) >= 2 * view.tile_h  # a turn: 取 over 出
    assert view.area.contains(btn.rect) and not btn.rect.colliderect(view.table_rect)
    click(app, btn.rect.center)  # the table, full width
    assert view.view_mode == "table" and view.back_btn.visible and view.fwd_btn.visible
    assert not view.cell_rects and view.board_rect.width > view.area.width // 3
    for rect in (view.board_rect, view.back_btn.rect, view.fwd_btn.rect, btn.rect):
        assert view.area.contains(rect)
    assert not btn.rect.colliderect(view.back_btn.rect)
    click(app, view.fwd_btn.rect.center)
    assert view.pos == 1
    app.process([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=0, unicode="v", scancode=0)], 1 / 60)
    app.render()
    assert view.view_mode == "record" and view.current_cell() is not None
    click(app, view.cell_rects["W3"].center)  # a turn: the table at that turn
    assert view.view_mode == "table" and view.current_cell() == "W3"
    app.resize(1280, 1024)  # room for both again: side by side, no switch
    app.process([], 1 / 60)
    app.render()
    view = screen.view
    assert view.show_board and not view.toggle_btn.visible and view.cell_rects


def test_a_question_is_answered_by_clicking_a_cell_and_explained(app):
    screen = open_paifu_step(app, "riichi")
    view = screen.view
    click(app, view.cell_rects["E5"].center)
    assert screen.phase == "retry" and view.marks == {"E5": "wrong"}
    assert "turn 5" in screen.extra_explain and "{term:tedashi}" in screen.extra_explain  # with its Japanese
    screen.retry()
    click(app, view.cell_rects["E8"].center)
    assert view.marks.get("E8") == "right" and "riichi" in screen.extra_explain
    rows_bottom = max(y + view._block_h(r, view.tile_h) for r, (_x, y) in zip(view._seats(), view.block_pos, strict=True))
    assert rows_bottom <= view.table_rect.bottom and view.area.contains(view.table_rect)  # fits above the panel


def test_the_record_is_drawn_at_a_readable_size_inside_the_step(app):
    """At 1280x720 the record of a question is not shrunk beside the replay: its tiles are at least
    as tall as the smallest tiles the other steps draw (the sorting step's boxes shrink to half a
    hand tile, StepView.th(0.5)), with and without the hint panel; every tile stays inside the
    step, under the question and clear of the hint or feedback panel, no two tiles overlap, and
    each turn's tile taken stands over its discard."""
    screen = open_paifu_step(app, "riichi")
    view = screen.view
    floor = app.layout.tile_h(0.5)
    for state in ("question", "hint", "wrong answer"):
        if state == "hint":
            click(app, screen.hint_btn.rect.center)
        elif state == "wrong answer":
            click(app, view.cell_rects["E5"].center)
        panel = screen.feedback_rect
        assert (panel is None) == (state == "question"), state
        tile_h = view.tile_h
        assert min(r.height for r in view.cell_rects.values()) >= 2 * tile_h  # a turn: 取 over 出
        if state != "wrong answer":  # the answer's explanation may take more room: then the record shrinks
            assert tile_h >= floor, (state, tile_h, floor)
        tiles = view.tile_rects
        assert len(tiles) > 150, state
        for i, r in enumerate(tiles):
            assert screen.step_area.contains(r) and view.table_rect.contains(r), (state, r)
            assert r.top >= view.words.rect.bottom, (state, r)  # under the question
            assert panel is None or not r.colliderect(panel), (state, r, panel)
            assert r.collidelist(tiles[i + 1:]) == -1, (state, r)  # no two tiles overlap
        for cid, box in view.cell_rects.items():
            same_seat = [b for c, b in view.cell_rects.items() if c[0] == cid[0]]
            assert all(b.top == box.top for b in same_seat), cid  # one line of turns per player
            inside = [r for r in tiles if box.contains(r)]
            assert len({r.left for r in inside}) <= 1, (cid, inside)  # the take over the discard
