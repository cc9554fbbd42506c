"""Rule presets: loading, strict validation, inheritance, and documentation of every option."""

from __future__ import annotations

from pathlib import Path

import pytest

from trainer.engine.rules import PRESETS, Rules, RulesError, load_rules, option_docs

ROOT = Path(__file__).resolve().parent.parent


def test_presets_load_and_differ_where_the_seeds_say():
    t, t0, e, j, s = (load_rules(n) for n in PRESETS)
    assert isinstance(t, Rules) and (t.name, t0.name, e.name, j.name, s.name) == PRESETS
    assert (t.players, s.players, s.starting_points, s.chi, s.nukidora) == (4, 3, 35000, False, True)
    assert t0.red_fives == 0 and t.red_fives == 1  # the beginners' set: tenhou without red fives
    skip = ("name", "description", "red_fives", "_yaku_map", "removed_kinds", "dora_next")  # caches
    assert {k: v for k, v in vars(t0).items() if k not in skip} == {k: v for k, v in vars(t).items() if k not in skip}
    assert (t.han("tanyao", False), e.han("tanyao", False), j.han("tanyao", False)) == (1, 0, 1)
    assert (t.ippatsu, e.ippatsu, j.ippatsu) == (True, True, False)
    assert (t.yakuman("daisuushii"), e.yakuman("daisuushii"), j.yakuman("daisuushii")) == (1, 2, 1)
    assert (t.kazoe_yakuman, e.kazoe_yakuman, j.kazoe_yakuman) == (True, True, False)
    assert (t.renhou, e.renhou, j.renhou) == ("none", "yakuman", "mangan")
    assert (t.red_fives, e.red_fives, j.red_fives) == (1, 1, 0)
    assert (t.kan_dora, j.kan_dora, j.ura_dora) == (True, False, False)
    assert (t.starting_points, t.target_points, t.oka) == (25000, 30000, 20000)
    assert j.uma_by_plus[1] == (12, -1, -3, -8) and all(sum(row) == 0 for row in j.uma_by_plus)
    assert (t.nagashi_mangan, e.nagashi_mangan, j.nagashi_mangan) == ("draw", "win", "none")
    assert (t.rinshan_tsumo_fu, j.rinshan_tsumo_fu) == (True, False)
    assert (t.ryuuiisou_needs_hatsu, j.ryuuiisou_needs_hatsu) == (False, True)
    assert t.pao_yaku == ("daisangen", "daisuushii") and "suukantsu" in j.pao_yaku
    assert hash(t) != hash(j) and load_rules("tenhou") is t


def _write(tmp_path: Path, text: str) -> str:
    p = tmp_path / "custom.toml"
    p.write_text(text, encoding="utf-8")
    return str(p)


def test_base_and_overrides(tmp_path):
    path = _write(
        tmp_path,
        'base = "tenhou"\nname = "house"\ndescription = "Tenhou without red fives"\nred_fives = 0\n'
        "[yaku_han]\ntanyao = [1, 0]\n",
    )
    r = load_rules(path)
    assert r.name == "house" and r.red_fives == 0 and r.han("tanyao", False) == 0
    assert r.kan_dora is True  # inherited


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ('base = "tenhou"\nname = "x"\ndescription = "x"\nkuitan = true\n', "unknown option 'kuitan'"),
        (
            'base = "tenhou"\nname = "x"\ndescription = "x"\nred_fives = "one"\n',
            "option 'red_fives': must be int",
        ),
        ('base = "tenhou"\nname = "x"\ndescription = "x"\nkuikae = "sometimes"\n', "option 'kuikae'"),
        ('base = "tenhou"\nname = "x"\ndescription = "x"\numa = [1, 2]\n', "option 'uma'"),
        (
            'base = "tenhou"\nname = "x"\ndescription = "x"\nabortive_draws = ["nope"]\n',
            "'nope' is not one of",
        ),
        (
            'base = "tenhou"\nname = "x"\ndescription = "x"\n[yaku_han]\nkuitan = [1, 1]\n',
            "[yaku_han] 'kuitan'",
        ),
        ('base = "tenhou"\nname = "x"\ndescription = "x"\n[yaku_han]\ntanyao = [1]\n', "[yaku_han] 'tanyao'"),
        (
            'base = "tenhou"\nname = "x"\ndescription = "x"\npao_yaku = ["kuitan"]\n',
            "unknown yaku id 'kuitan'",
        ),
        ('name = "x"\ndescription = "x"\n', "missing option"),
        ("name = \n", "not valid TOML"),
    ],
)
def test_bad_preset_files_name_the_file_and_key(tmp_path, text, needle):
    path = _write(tmp_path, text)
    with pytest.raises(RulesError) as e:
        load_rules(path)
    assert str(path) in str(e.value) and needle in str(e.value)


def test_missing_preset():
    with pytest.raises(RulesError, match="no such preset"):
        load_rules("no_such_rules")


def test_every_option_is_documented_with_its_seed_line():
    doc = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for name, meaning, _choices in option_docs():
        assert f"`{name}`" in doc, name
        assert meaning
    for preset in PRESETS:
        text = (ROOT / "trainer" / "engine" / "data" / "presets" / f"{preset}.toml").read_text(
            encoding="utf-8"
        )
        if text.startswith("base = ") or "\nbase = " in text:
            continue  # a variant of another preset names only what it changes
        for name, _m, _c in option_docs():
            assert f"\n{name} = " in text, (preset, name)
