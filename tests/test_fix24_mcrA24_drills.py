"""Review 24 (mcr24 #1): "MCR: the fan left out", ask "why", accepted only the one fan the calculator
happened to record as leaving the fan out (``Dropped.by``) and said of the others something false:
a thirteen-orphans hand self-drawn on the last tile (seed 58) marked Fully Concealed Hand wrong with
"Fully Concealed Hand does not imply Self-Drawn: it would be counted beside it"; No Honors with Full
Flush, All Chows and All Simples accepted Full Flush alone.  Now every counted fan whose exclusions
(``mcr_fans.toml`` with the preset's additions, as the calculator reads them) name the fan is right,
and a wrong pick is told which fans it does imply.  The checks here read the data files themselves."""

from __future__ import annotations

import os
import tomllib
from functools import cache
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from tests.ui_events import click, headless_app  # noqa: E402
from trainer.engine.exercises import GENERATORS  # noqa: E402
from trainer.engine.exercises.mcr_drills import mcr_rules  # noqa: E402
from trainer.engine.mcr import score_mcr  # noqa: E402
from trainer.engine.mcr.detect import Situation  # noqa: E402
from trainer.engine.notation import parse_hand  # noqa: E402
from trainer.engine.tiles import parse_tile  # noqa: E402
from trainer.i18n import set_language  # noqa: E402
from trainer.ui.mcr_texts import mcr_mistake  # noqa: E402


@pytest.fixture(autouse=True)
def english():  # noqa: ANN201
    set_language("en")
    yield
    set_language("en")


DATA = Path(__file__).resolve().parent.parent / "trainer" / "engine" / "data"
GEN = GENERATORS["mcr_excluded"]


@cache
def excludes(rule_set: str) -> dict[str, frozenset[str]]:
    """Each fan's exclusions straight from the data files (the table, then the preset's additions),
    tags such as ``:wind`` dropped — independent of the calculator's reading of them."""
    fans = tomllib.loads((DATA / "mcr_fans.toml").read_text(encoding="utf-8"))["fan"]
    out = {f["id"]: {e.split(":")[0] for e in f["excludes"]} for f in fans}
    preset = tomllib.loads((DATA / "mcr_rules.toml").read_text(encoding="utf-8"))[rule_set]
    for fan, extra in preset.get("extra_excludes", {}).items():
        out[fan] |= {e.split(":")[0] for e in extra}
    return {f: frozenset(e - {f}) for f, e in out.items()}


def why(seed: int, rule_set: str = "mcr"):  # noqa: ANN201
    return GEN.generate({"ask": "why", "rule_set": rule_set}, seed)


def rescore(ex):  # noqa: ANN001, ANN201
    data = dict(ex.prompt.data)
    sit = Situation(win=parse_tile(data["win_tile"]).kind, self_drawn=data["by"] == "tsumo",
                    seat=27 + "ESWN".index(data["seat"]), round=27 + "ESWN".index(data["round"]),
                    flowers=data["flowers"], **{f: True for f in data["flags"]})
    return score_mcr(parse_hand(ex.prompt.hand), sit, mcr_rules(data["rule_set"]))


def test_thirteen_orphans_on_the_last_tile_accepts_both_fans_that_imply_self_drawn() -> None:
    ex = why(58)
    assert ex.prompt.hand == "19m19p19s12345667z" and ex.prompt.get("fan") == "self_drawn"
    assert ex.check("fully_concealed") and ex.check("last_tile_draw")  # was: Fully Concealed Hand marked wrong
    assert not ex.check("thirteen_orphans")


def test_seven_pairs_self_drawn_on_the_last_tile_accepts_fully_concealed() -> None:
    ex = why(62)
    assert ex.prompt.get("fan") == "self_drawn"
    assert ex.answer == {"fully_concealed", "last_tile_draw"}


@pytest.mark.parametrize("rule_set", ["mcr", "mcr_common"])
def test_every_right_option_excludes_the_fan_and_every_wrong_one_does_not(rule_set: str) -> None:
    """Over many seeds: the options are the counted fans; right = the fan is among its exclusions in the
    data files; at least one option is wrong (a question with no wrong option asks nothing); the fan the
    calculator names is among the right ones; the fan is shown and not counted."""
    table = excludes(rule_set)
    several = set()
    for seed in range(300):
        ex = why(seed, rule_set)
        fan = ex.prompt.get("fan")
        options = [o.value for o in ex.prompt.options]
        res = rescore(ex)
        assert fan not in res.fans and set(options) == set(res.fans) - {"flower_tiles"}
        right = {o for o in options if fan in table[o]}
        assert ex.answer == right, (seed, fan, options, ex.answer)
        assert all(ex.check(o) == (o in right) for o in options)
        assert right and right != set(options), (seed, options)
        assert {d.by for d in res.excluded if d.id == fan and d.principle == "non_repeat"} <= right
        if len(right) > 1:
            several.add(fan)
    assert {"self_drawn", "no_honors"} <= several  # both of the review's cases come up


def test_no_honors_accepts_every_fan_that_implies_it() -> None:
    """The review's second case: No Honors under Full Flush, All Chows and All Simples."""
    for seed in range(400):
        ex = why(seed)
        options = {o.value for o in ex.prompt.options}
        if ex.prompt.get("fan") == "no_honors" and {"full_flush", "all_chows"} <= options:
            assert {"full_flush", "all_chows"} <= ex.answer
            assert ("all_simples" in ex.answer) == ("all_simples" in options)
            return
    pytest.fail("no No Honors item with Full Flush and All Chows")


def test_a_wrong_pick_is_told_what_it_does_imply() -> None:
    ex = why(58)
    text = mcr_mistake(ex, frozenset({"thirteen_orphans"}), final=False)
    assert "would be counted beside it" not in text
    implied = sorted(excludes("mcr")["thirteen_orphans"])
    assert "{term:mcr_thirteen_orphans} does not imply {term:mcr_self_drawn}: it implies only" in text
    assert all("{term:mcr_" + f + "}" in text for f in implied)
    assert "{term:mcr_last_tile_draw}" not in text  # the retry does not give the answer away
    final = mcr_mistake(ex, frozenset({"thirteen_orphans"}), final=True)
    assert "Each of these fans implies {term:mcr_self_drawn}: {term:mcr_last_tile_draw}, " \
           "{term:mcr_fully_concealed}." in final


def test_a_wrong_pick_with_no_exclusions_says_so() -> None:
    table = excludes("mcr")
    for seed in range(300):
        ex = why(seed)
        bare = [o.value for o in ex.prompt.options if not table[o.value]]
        if bare:
            text = mcr_mistake(ex, frozenset({bare[0]}), final=False)
            assert text.startswith("{term:mcr_" + bare[0] + "} implies no other fan, so it leaves nothing out."), text
            return
    pytest.fail("no option without exclusions")


def test_the_wrong_pick_reads_in_russian() -> None:
    set_language("ru")
    try:
        text = mcr_mistake(why(58), frozenset({"thirteen_orphans"}), final=True)
    finally:
        set_language("en")
    assert "Фан {term:mcr_self_drawn} не входит в фан {term:mcr_thirteen_orphans}: тот включает только" in text
    assert "Фан {term:mcr_self_drawn} входит в каждый из этих фанов:" in text


def test_the_drill_screen_takes_fully_concealed_as_right(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    with headless_app(tmp_path, monkeypatch, language="en", size=(1280, 720)) as app:
        screen = app.push("drill", generator="mcr_excluded", params={"ask": "why"}, n=1, seed=58)
        app.process([], 1.0)
        app.render()
        values = [o.value for o in screen.view.ex.prompt.options]
        button = next(b for b in screen.view.buttons if values[b.index] == "fully_concealed")
        click(app, button.rect.center)
        app.process([], 1.0)
        app.render()
        assert screen.phase == "done" and "does not imply" not in screen.feedback_text
        assert "Here is the answer" not in screen.feedback_text
