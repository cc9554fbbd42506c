"""The rule presets (tenhou, EMA, JPML, ...) the learner can choose, and their names."""

from __future__ import annotations

from typing import Any

from trainer.i18n import N_
from trainer.ui.settings import PRESETS

PRESET_NAMES = {"tenhou": N_("Tenhou"), "ema": "EMA", "jpml": "JPML", "tenhou_no_aka": N_("Tenhou, no red fives"), "ema2008": "EMA 2008",
                "jpml_a": "JPML A", "sanma": N_("Sanma (3 players)")}


THREE_PLAYER_TSUMO = {
    "tsumo_loss": N_("Three players: the absent North's share of a tsumo is not paid (tsumo loss)."),
    "north_split": N_("Three players: the absent North's share of a tsumo is split between the two payers."),
    "dealer_double": N_("Three players: the absent North's share is split, the dealer paying twice a non-dealer."),
}
"""The three-player tsumo payment rule (``three_player_tsumo``) in words: under a tsumo's
payments at the table, and in a sanma payment question."""


def three_player_rules(preset: object) -> Any:
    """The rules of ``preset`` when it is played by three (sanma), else None (four players, or
    no such preset)."""
    from trainer.engine.exercises.scoring_drills import rules_for

    try:
        rules = rules_for(str(preset)) if preset else None
    except ValueError:
        return None
    return rules if rules is not None and rules.players == 3 else None


def preset_ids() -> list[str]:
    """Rule presets the engine ships (its data folder), else the built-in list."""
    from trainer.paths import ENGINE_DATA_DIR

    folder = ENGINE_DATA_DIR / "presets"
    found = sorted(p.stem for p in folder.glob("*.toml")) if folder.is_dir() else []
    return found or list(PRESETS)
