"""The fitted wait model: its weights file, its features and what it says on fixed positions."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from tests.test_evaluator import make_view
from trainer.engine.evaluator import HandEvaluator, danger, waitmodel
from trainer.engine.hand import Meld, MeldKind
from trainer.engine.notation import parse_tiles
from trainer.engine.tiles import parse_tile


def _dangers(view, seat: int = 1) -> dict:
    return {str(a.tile): next(d for d in a.dangers if d.seat == seat)
            for a in HandEvaluator("tenhou").turn(view).discards}


def test_the_shipped_weights_fit_the_features():
    w = waitmodel.weights()
    assert set(w) == set(waitmodel.MODELS)
    for model, row in w.items():
        names = waitmodel.HONOR_FEATURES if model.endswith("honor") else waitmodel.NUMBER_FEATURES
        assert len(row) == len(names)


def test_features_follow_the_feature_lists():
    view = make_view("23m56p1489s359m77z3s", ["", "1z4z9p6s", "1z2z3z", "3z4z5z"], riichi={1: 3})
    visible = view.visible_counts()
    number = waitmodel.number_features(view, parse_tile("3s").kind, 1, visible)
    honor = waitmodel.honor_features(view, parse_tile("7z").kind, 1, visible)
    assert len(number) == len(waitmodel.NUMBER_FEATURES) and len(honor) == len(waitmodel.HONOR_FEATURES)
    named = dict(zip(waitmodel.NUMBER_FEATURES, number, strict=True))
    # 3s: its only two-sided shape (45s) is cut by the 6s in the river
    assert named["suji_sides"] == 1 and named["ryanmen"] == 0 and named["kanchan"] == 1
    assert dict(zip(waitmodel.HONOR_FEATURES, honor, strict=True))["value_tile"] == 1  # a dragon


def test_suji_and_walls_make_a_tile_safer_under_the_fitted_model(monkeypatch):
    monkeypatch.setattr(danger, "WAIT_MODEL", True)
    # 6s in the riichi player's river: 3s is suji, 3m is not
    suji = _dangers(make_view("23m56p1489s359m77z3s", ["", "1z4z9p6s", "1z2z3z", "3z4z5z"], riichi={1: 3}))
    assert suji["3s"].deal_in < suji["3m"].deal_in
    # all four 2m in sight: 1m has no two-sided shape left, 3m keeps 45m
    wall = _dangers(make_view("2m2m1m3m579p1358s246z", ["", "2m2m4z", "5z", "6z"], riichi={1: 2}))
    assert wall["1m"].deal_in < wall["3m"].deal_in


def test_a_tile_with_every_copy_in_sight_cannot_be_waited_on(monkeypatch):
    monkeypatch.setattr(danger, "WAIT_MODEL", True)
    # three 7z in the hand, one in a river: nobody can win on a 7z
    view = make_view("7z7z7z23m56p1489s359m", ["", "1z4z9p7z", "1z2z3z", "3z4z5z"], riichi={1: 3})
    assert _dangers(view)["7z"].deal_in == 0


def test_a_dragon_is_more_dangerous_than_a_guest_wind_against_an_open_hand(monkeypatch):
    monkeypatch.setattr(danger, "WAIT_MODEL", True)
    # seat 1 (South) shows a pon of 2p: a dragon is a value tile for it, the North wind is not
    view = make_view("23m56p1489s359m45z3s", ["", "1z9m8s", "1z2z3z", "3z4s5s"])
    pon = Meld(MeldKind.PON, tuple(parse_tiles("222p")), called=parse_tile("2p"))
    view = replace(view, melds=((), (pon,), (), ()))
    d = _dangers(view)
    assert d["5z"].wait > d["4z"].wait > 0


def test_a_damaged_weights_file_gives_a_one_line_error(tmp_path: Path):
    good = json.loads(waitmodel.ENGINE_DATA_DIR.joinpath("wait_model.json").read_text(encoding="utf-8"))
    bad = dict(good, weights=dict(good["weights"], riichi_number=[1.0, 2.0]))
    path = tmp_path / "wait_model.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    with pytest.raises(ValueError, match=r"wait_model.json: weights of 'riichi_number' must be \d+ numbers"):
        waitmodel.load_weights(path)
    path.write_text(json.dumps(dict(good, number_features=["bias"])), encoding="utf-8")
    with pytest.raises(ValueError, match="feature lists"):
        waitmodel.load_weights(path)
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(ValueError, match="cannot be read as JSON"):
        waitmodel.load_weights(path)
