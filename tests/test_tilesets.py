"""Tile sets: the shipped sets, lesson-described sets and clear errors for bad entries."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from trainer.engine.tiles import NUM_KINDS, Tile, kind_from_name
from trainer.engine.tilesets import (
    TILESETS_PATH,
    TileSet,
    TileSetError,
    get_tileset,
    load_tilesets,
    tileset_ids,
)


def test_standard_sets() -> None:
    std = get_tileset("standard")
    assert len(std) == 136
    assert std.counts() == [4] * NUM_KINDS
    assert std.kinds() == tuple(range(NUM_KINDS))
    assert std.red_fives == 0
    aka3 = get_tileset("standard_aka3")
    assert len(aka3) == 136 and aka3.red_fives == 3
    assert aka3.counts() == [4] * NUM_KINDS
    aka4 = get_tileset("standard_aka4")
    reds = sorted(str(t) for t in aka4.tiles if t.red)
    assert reds == ["0m", "0p", "0p", "0s"]


def test_ponjan_is_81_number_tiles_in_threes() -> None:
    ponjan = get_tileset("ponjan")  # seed 000:4685
    assert len(ponjan) == 81
    assert ponjan.kinds() == tuple(range(27))
    assert set(ponjan.counts()[:27]) == {3}
    assert not any(t.is_honor for t in ponjan.tiles)


def test_one_suit_sets() -> None:
    sou = get_tileset("sou_only")
    assert len(sou) == 36 and sou.kinds() == tuple(range(18, 27))
    small = get_tileset("sou_two_winds_dragon")
    assert small.kinds() == (*range(18, 27), kind_from_name("1z"), kind_from_name("2z"), kind_from_name("6z"))
    risu = get_tileset("risu_more_players")
    assert len(risu) == 36 + 16 + 16


def test_every_shipped_set_is_valid_and_immutable() -> None:
    sets = load_tilesets()
    assert {"standard", "ponjan", "standard_aka3"} <= set(sets)
    for name, ts in sets.items():
        assert ts.name == name
        assert max(ts.counts()) <= 4
        with pytest.raises(AttributeError):
            ts.name = "x"  # type: ignore[misc]
    assert load_tilesets(TILESETS_PATH) == sets


def test_from_spec_for_lessons() -> None:
    ts = TileSet.from_spec({"suits": ["p"], "honors": ["5z", "6z", "7z"], "copies": 2, "red_fives": {"p": 1}}, "lesson")
    assert len(ts) == 24
    assert ts.tiles.count(Tile(kind_from_name("5p"), red=True)) == 1
    assert ts.counts()[kind_from_name("5p")] == 2
    wall = ts.shuffled(random.Random(1))
    assert sorted(wall) == sorted(ts.tiles) and wall != list(ts.tiles)


@pytest.mark.parametrize(
    "spec,key",
    [
        ({"suits": ["x"]}, "suits"),
        ({"suits": ["m"], "copies": 5}, "copies"),
        ({"suits": ["m"], "honors": "some"}, "honors"),
        ({"suits": ["m"], "honors": ["1m"]}, "honors"),
        ({"suits": ["m"], "red_fives": 3}, "red_fives"),
        ({"suits": ["m"], "ranks": {"m": [1, 2, 3]}, "red_fives": {"m": 1}}, "red_fives"),
        ({"suits": ["m"], "ranks": {"p": [1]}}, "ranks.p"),
        ({"suits": ["m"], "colour": "green"}, "colour"),
        ({}, "suits"),
    ],
)
def test_bad_specs_name_the_key(spec: dict, key: str) -> None:
    with pytest.raises(TileSetError, match=rf"lesson 3: \[mine\] {key}:"):
        TileSet.from_spec(spec, "mine", where="lesson 3")


def test_bad_file_entry_names_file_line_and_key(tmp_path: Path) -> None:
    bad = tmp_path / "tilesets.toml"
    bad.write_text('[good]\nsuits = ["m"]\n\n[broken]\nsuits = ["m"]\ncopies = 7\n', encoding="utf-8")
    with pytest.raises(TileSetError) as e:
        load_tilesets(bad)
    assert str(e.value).startswith(f"{bad}:6: [broken] copies:")
    bad.write_text("[x\n", encoding="utf-8")
    with pytest.raises(TileSetError, match=str(bad)):
        load_tilesets(bad)


def test_ids_in_file_order() -> None:
    ids = tileset_ids()
    assert ids[0] == "standard" and "ponjan" in ids
    assert set(ids) == set(load_tilesets())


def test_unknown_name() -> None:
    with pytest.raises(KeyError, match="ponjan"):
        get_tileset("nope")
