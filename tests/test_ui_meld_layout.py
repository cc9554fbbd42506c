"""One rule lays out a meld everywhere (trainer.ui.tileview.meld_layout): the table's melds and a
lesson's hands put the called tile sideways on the side it came from — first from the left, in
the middle from across, last from the right, an open kan's too — and a closed kan's ends face
down.  Lessons used to put an open kan's tile from the right third, the table last."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pytest  # noqa: E402

from trainer.engine.notation import parse_hand  # noqa: E402
from trainer.ui.tileview import slots_for_hand  # noqa: E402
from trainer.ui.views.table.tiles import meld_pieces  # noqa: E402


@pytest.mark.parametrize(("text", "sideways_at", "face_down"), [
    ("11m (5*55p)<", 0, ()),
    ("11m (5*55p)^", 1, ()),
    ("11m (5*55p)>", 2, ()),
    ("11m (4*56s)<", 0, ()),
    ("11m (7*777z)>", 3, ()),
    ("11m (7*777z)^", 1, ()),
    ("11m [5555p]", None, (0, 3)),
])
def test_the_table_and_the_lessons_lay_a_meld_out_alike(text, sideways_at, face_down):
    meld = parse_hand(text, check_size=False).melds[0]
    pieces = meld_pieces(meld)
    slots = [s for s in slots_for_hand(text) if s.group == 0]
    table = [(p.sideways, p.face_down) for p in pieces]
    lesson = [(s.sideways, s.face_down) for s in slots]
    assert table == lesson
    assert [i for i, (side, _down) in enumerate(table) if side] == ([] if sideways_at is None else [sideways_at])
    assert tuple(i for i, (_side, down) in enumerate(table) if down) == face_down
    if meld.called is not None:
        assert pieces[sideways_at].tile == meld.called


@pytest.mark.parametrize("text", ["11m (456p)", "11m (777z)", "11m (7777s)"])
def test_a_meld_without_its_called_tile_still_looks_open(text):
    """Rules review 23: a lesson's or a generated hand's «(456p)» was drawn upright, like concealed
    tiles; it lies as called from the left, its first tile sideways, at the table and in lessons."""
    meld = parse_hand(text, check_size=False).melds[0]
    slots = [s for s in slots_for_hand(text) if s.group == 0]
    assert [i for i, s in enumerate(slots) if s.sideways] == [0]
    assert [(p.sideways, p.face_down) for p in meld_pieces(meld)] == [(s.sideways, s.face_down) for s in slots]
