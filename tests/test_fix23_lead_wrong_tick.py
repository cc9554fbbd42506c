"""A wrongly ticked option never shows the tick on its red card — in lessons as in drills (the
cross is drawn by :class:`~trainer.ui.views.inputs.OptionButton` itself, not by the drills' option)."""

from __future__ import annotations

from trainer.ui.views.inputs import OptionButton


def option(selected: bool, mark: str | None) -> OptionButton:
    o = OptionButton(0, "Ittsu", "", lambda _i: None, toggle=True)
    o.selected, o.mark = selected, mark
    return o


def test_a_wrong_tick_has_no_tick() -> None:
    assert option(True, "wrong").wrong_tick() and option(True, "wrong").badge_label() == ""
    assert option(True, "right").badge_label() == "✓"  # a right tick keeps it
    assert not option(False, "wrong").wrong_tick()  # a missed option was never ticked
