"""Three-player riichi (sanma): the preset, nukidora, three-player payments, the score CLI,
and a differential run against the `mahjong` package's three-player mode."""

from __future__ import annotations

import io
import json
from dataclasses import replace
from pathlib import Path

import pytest

from trainer.__main__ import main
from trainer.cli.score import run_jsonl
from trainer.engine.notation import parse_hand, parse_tiles
from trainer.engine.points import payment, settle
from trainer.engine.rules import Rules, RulesError, load_rules
from trainer.engine.scoring import ScoringError, WinContext, score_hand
from trainer.engine.tiles import SOUTH, parse_tile

SANMA = load_rules("sanma")


def _with(rules: Rules, **kw) -> Rules:
    return replace(rules, name=rules.name + "*", **kw)


def test_preset_is_three_players_without_the_man_simples():
    assert SANMA.players == 3 and SANMA.three_player
    assert sorted(SANMA.removed_kinds) == list(range(1, 8))  # 2m..8m
    assert not SANMA.chi and SANMA.nukidora
    assert (SANMA.starting_points, SANMA.target_points, SANMA.oka) == (35000, 40000, 15000)
    assert len(SANMA.uma) == 3 and sum(SANMA.uma) == 0
    assert SANMA.aka == 2  # red 5p and 5s
    assert set(SANMA.abortive_draws) <= {"kyuushu", "suukaikan"}


def test_dora_after_1m_is_9m_and_after_9m_is_1m():
    assert SANMA.dora_next[0] == 8
    assert SANMA.dora_next[8] == 0
    assert SANMA.dora_next[9] == 10  # pinzu unchanged
    assert load_rules("tenhou").dora_next[0] == 1


@pytest.mark.parametrize(
    ("option", "dealer_tsumo", "non_dealer_tsumo"),
    [
        ("tsumo_loss", 4000, (4000, 2000)),
        ("north_split", 6000, (5000, 3000)),
        ("dealer_double", 6000, (5400, 2700)),
    ],
)
def test_mangan_tsumo_payments_per_option(option, dealer_tsumo, non_dealer_tsumo):
    rules = _with(SANMA, three_player_tsumo=option)
    d = payment(2000, dealer=True, tsumo=True, rules=rules)
    assert d.all == dealer_tsumo and d.total == 2 * dealer_tsumo
    nd = payment(2000, dealer=False, tsumo=True, rules=rules)
    assert (nd.dealer, nd.non_dealer) == non_dealer_tsumo
    assert payment(2000, dealer=False, tsumo=False, rules=rules).ron == 8000


def test_settle_three_seats_conserves_points():
    pay = payment(2000, dealer=False, tsumo=True, honba=2, sticks=1, rules=SANMA)
    delta = settle(pay, winner=1, dealer=0, discarder=None, rules=SANMA)
    assert len(delta) == 3
    assert delta == [-4000 - 200, 2000 + 4000 + 400 + 1000, -2000 - 200]
    assert sum(delta) == 1000  # only the riichi stick comes from the table


def test_nukidora_counts_one_han_each_and_again_when_north_is_dora():
    hand = parse_hand("11999m456p789s555z")
    base = WinContext(parse_tile("9m"), tsumo=True, seat_wind=SOUTH)
    r0 = score_hand(hand, base, SANMA)
    r2 = score_hand(hand, replace(base, nuki=2), SANMA)
    assert r2.han == r0.han + 2 and r2.dora_count.nuki == 2
    west = replace(base, nuki=2, dora_indicators=parse_tiles("3z"))  # West indicator: North is dora
    assert score_hand(hand, west, SANMA).han == r0.han + 4


@pytest.mark.parametrize(
    ("hand", "win", "kw", "code"),
    [
        ("234m456p789s555z11p", "1p", {}, "tile_not_in_set"),
        ("999m456p555z11p (789p)", "1p", {}, "chi_not_allowed"),
        ("111m999m456p789s22z", "2z", {"seat_wind": 30}, "bad_wind"),
        ("111m999m456p789s44z", "4z", {"nuki": 3}, "too_many_copies"),
    ],
)
def test_hands_a_three_player_table_cannot_have_are_refused(hand, win, kw, code):
    with pytest.raises(ScoringError) as e:
        score_hand(parse_hand(hand), WinContext(parse_tile(win), **kw), SANMA)
    assert e.value.code == code


def test_nuki_in_four_player_rules_is_refused():
    with pytest.raises(ScoringError) as e:
        score_hand(parse_hand("111m999m456p789s22z"), WinContext(parse_tile("2z"), nuki=1), load_rules("tenhou"))
    assert e.value.code == "nuki_not_in_rules"


def test_cli_nuki_flag_and_json(capsys):
    code = main(["score", "11999m456p789s555z", "--win", "9m", "--tsumo", "--seat", "S",
                 "--rules", "sanma", "--nuki", "2", "--json"])  # fmt: skip
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert out["dora"]["nuki"] == 2
    assert out["points"] == {"dealer": 4000, "non_dealer": 2000, "total": 6000}  # 4 han 40 fu: mangan, tsumo loss


def test_cli_chi_in_sanma_is_a_clear_error(capsys):
    code = main(["score", "999m456p555z11p (789p)", "--win", "1p", "--rules", "sanma"])
    err = capsys.readouterr().err
    assert code == 1
    assert "no chi" in err


def test_jsonl_nuki_and_one_error_line_per_bad_line():
    lines = [
        {"hand": "11999m456p789s555z", "win": "9m", "nuki": 1, "dora": ["1m"]},
        {"hand": "11999m456p789s555z", "win": "9m", "nuki": "x"},
        {"hand": "11999m456p789s555z", "win": "9m", "nuki": 9},
        {"hand": "234m456p789s555z11p", "win": "1p"},
        {"hand": "11999m456p789s555z", "win": "9m", "nuki": 1, "rules": "tenhou"},
    ]
    out = io.StringIO()
    errors = run_jsonl(io.StringIO("\n".join(map(json.dumps, lines)) + "\n{bad\n"), out, "sanma")
    answers = [json.loads(x) for x in out.getvalue().splitlines()]
    assert len(answers) == 6 and errors == 5
    assert answers[0]["dora"] == {"dora": 3, "ura": 0, "aka": 0, "nuki": 1}
    assert [a.get("error") for a in answers[1:]] == [
        "bad_nuki", "bad_nuki", "tile_not_in_set", "nuki_not_in_rules", "bad_json"
    ]  # fmt: skip
    assert [a["line"] for a in answers[1:]] == [2, 3, 4, 5, 6]


def test_preset_options_must_agree_with_three_players(tmp_path: Path):
    bad_uma = tmp_path / "u.toml"
    bad_uma.write_text('base = "sanma"\nname = "x"\ndescription = "test"\numa = [20, 10, -10, -20]\n')
    with pytest.raises(RulesError, match="uma"):
        load_rules(str(bad_uma))
    bad_abort = tmp_path / "a.toml"
    bad_abort.write_text('base = "sanma"\nname = "y"\ndescription = "test"\nabortive_draws = ["suucha"]\n')
    with pytest.raises(RulesError, match="suucha"):
        load_rules(str(bad_abort))
    split = tmp_path / "s.toml"
    split.write_text('base = "sanma"\nname = "z"\ndescription = "test"\nthree_player_tsumo = "north_split"\n')
    assert load_rules(str(split)).three_player_tsumo == "north_split"


def test_random_three_player_hands_agree_with_the_oracle():
    pytest.importorskip("mahjong")
    from benchmarks.bench_score import differential

    n, diffs = differential(1500, seed=20261126, rules=SANMA)
    assert n == 1500
    assert diffs == []
