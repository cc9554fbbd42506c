"""The rule presets (tenhou, EMA, JPML, ...) the learner can choose, and their names."""

from __future__ import annotations

from typing import Any

from trainer.i18n import N_, _
from trainer.ui.settings import PRESETS

PRESET_ORDER = ("tenhou", "ema", "jpml", "sanma")
"""The riichi rule presets the learner chooses from, in the one order every screen lists them
(the match setup adds MCR after them)."""

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
    """The rule presets a drill or the settings offer: those of :data:`PRESET_ORDER` the engine
    ships (its data folder), in that order, as the match setup lists them; else the built-in list.
    ``tenhou_no_aka`` (the beginner's lessons' preset) is not offered: at the table the red-fives
    switch makes it, and no drill answer depends on red fives."""
    from trainer.paths import ENGINE_DATA_DIR

    folder = ENGINE_DATA_DIR / "presets"
    shipped = {p.stem for p in folder.glob("*.toml")} if folder.is_dir() else set()
    found = [p for p in PRESET_ORDER if p in shipped]
    return found or list(PRESETS)


def preset_name(preset: str) -> str:
    """A rule preset's name in the learner's language (an unknown one as it is)."""
    return _(PRESET_NAMES[preset]) if preset in PRESET_NAMES else preset


def rules_label(preset: str, options: dict[str, Any] | None = None) -> str:
    """A game's rules as the learner knows them: the preset's name, and what the game's
    ``rule_options`` (what it changed from its preset) turn on or off — "JPML + red fives",
    "Tenhou, no red fives", "EMA, East only".  The one wording of the saved games list, the
    table, the match end and the replay."""
    name = preset_name(preset)
    options = options or {}
    if not options:
        return name
    from trainer.engine.rules import load_rules

    try:
        base = load_rules(preset)
    except Exception:  # noqa: BLE001 - a preset this version does not ship: its name alone
        return name
    red = options.get("red_fives")
    if red is not None and bool(red) != bool(base.red_fives):
        name = (_("{rules} + red fives") if red else _("{rules}, no red fives")).format(rules=name)
    length = options.get("game_length")
    if length is not None and length != getattr(base, "game_length", length):
        name = (_("{rules}, East only") if length == "tonpuusen" else _("{rules}, East and South")).format(
            rules=name)
    return name
