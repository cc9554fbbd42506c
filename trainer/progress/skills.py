"""The mastery skills a learner's answers feed (curriculum §4), with display names.

Names are marked for translation with ``N_`` and shown through ``_()``.  A skill
not listed here (a new generator's) still works: it is shown by its id.
"""

from __future__ import annotations

from trainer.i18n import N_, _

SKILL_NAMES: dict[str, str] = {
    "kids_tile_families": N_("Tile families"),
    "kids_tile_numbers": N_("Numbers on tiles"),
    "kids_honors": N_("Winds and dragons"),
    "kids_sorting": N_("Putting tiles in order"),
    "kids_pairs": N_("Finding pairs"),
    "kids_threes": N_("Making threes"),
    "kids_winning_tile": N_("The winning tile"),
    "kids_games": N_("Children's games"),
    "tile_names": N_("Tile names"),
    "tile_groups": N_("Tile groups"),
    "terms": N_("Terms"),
    "sets": N_("Sets"),
    "winning_shape": N_("Complete hands"),
    "rules_flow": N_("Course of play"),
    "rules_calls": N_("Calls"),
    "rules_riichi": N_("Riichi"),
    "rules_furiten": N_("Furiten"),
    "rules_draws": N_("Draws"),
    "dora": N_("Dora"),
    "waits_basic": N_("Basic waits"),
    "waits_compound": N_("Compound waits"),
    "waits_single_suit": N_("One-suit waits"),
    "waits_mixed": N_("Waits in full hands"),
    "kunto": N_("Kunto"),
    "shanten": N_("Shanten"),
    "efficiency": N_("Tile efficiency"),
    "defense": N_("Defense"),
    "wait_reading": N_("Reading waits"),
    "yaku_id": N_("Yaku"),
    "han": N_("Han"),
    "fu": N_("Fu"),
    "points": N_("Points"),
    "settlement": N_("Settlement"),
    "penalties": N_("Penalties"),
    "manners_a": N_("Manners: the most important"),
    "manners_b": N_("Manners: important"),
    "manners_c": N_("Manners: good form"),
    "mcr_rules": N_("MCR: the rules"),
    "mcr_forms": N_("MCR: hand forms"),
    "mcr_fans": N_("MCR: counting fans"),
    "mcr_principles": N_("MCR: counting principles"),
    "mcr_waits": N_("MCR: waits"),
    "mcr_payments": N_("MCR: payments"),
}


def skill_name(skill: str) -> str:
    """The translated name of a skill, or its id when it has none."""
    name = SKILL_NAMES.get(skill)
    return _(name) if name else skill
