"""A lesson option written with a yaku family's short name ("yakuhai") is told every id of the
family, not one guess among seven."""

from __future__ import annotations

from pathlib import Path

from trainer.lessons.check import check_paths

LESSON = """\
id: skill_club_family
title: {ru: "Клуб: яку", en: "Club: yaku"}
track: skills
level: 50
audience: player
prerequisites: []
minutes: 5
preset: tenhou
skill: rules_calls
steps:
  - kind: choice
    id: q_yaku
    prompt: {ru: "Какие яку?", en: "Which yaku?"}
    ask: yaku
    hand: "345m567p22s [5555z] (777z)"
    win: {tile: 5p, by: tsumo, seat: S, round: E, rinshan: true}
    multiple: true
    options:
      - value: rinshan_kaihou
      - value: yakuhai
"""


def test_a_yaku_familys_short_name_is_told_every_id_of_the_family(tmp_path: Path) -> None:
    path = tmp_path / "skills" / "skill_club_family.yaml"
    path.parent.mkdir()
    path.write_text(LESSON, encoding="utf-8")
    problems = [str(p) for p in check_paths([path])[1]]
    said = next(p for p in problems if "yakuhai" in p and "did you mean" in p)
    for member in ("yakuhai_haku", "yakuhai_hatsu", "yakuhai_chun"):
        assert member in said.split("did you mean")[1], said
