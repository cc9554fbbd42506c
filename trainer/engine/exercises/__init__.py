"""Exercise generators: pure, seedable drills whose answers come from the engine.

``GENERATORS`` maps a generator name (as a lesson's ``drill`` step names it) to a
:class:`~trainer.engine.exercises.base.Generator` with its typed parameter model
(pydantic; ``params_model.model_json_schema()`` gives the UI a settings form) and the
mastery skill it feeds.  ``GENERATORS[name].generate(params, seed)`` returns a frozen
:class:`~trainer.engine.exercises.base.Exercise`; the same (name, params, seed) always
gives the same exercise.  Nothing here imports pygame.
"""

from __future__ import annotations

from trainer.engine.exercises import (
    defense,
    efficiency,
    furiten,
    kunto,
    manners,
    mcr_drills,
    recognition,
    scoring_drills,
    shapes,
    tile_facts,
    waits_drills,
)
from trainer.engine.exercises.base import Exercise, Generator, GeneratorError, Option, Params, Prompt

GENERATORS: dict[str, Generator] = {
    g.name: g
    for g in (
        Generator("tile_name", "tile_names", recognition.TileNameParams, recognition.make,
                  "a tile's family, number or name; or the tile for a name", recognition.skill_of),
        Generator("kunto_hand", "kunto", kunto.KuntoParams, kunto.make,
                  "a kunto-stage hand: shanten, waits, or the tile to throw back"),
        Generator("single_suit_waits", "waits_single_suit", waits_drills.SingleSuitParams,
                  waits_drills.make_single_suit, "every wait of a single-suit tenpai",
                  waits_drills.single_suit_skill),
        Generator("mixed_waits", "waits_mixed", waits_drills.MixedWaitsParams, waits_drills.make_mixed,
                  "every wait of a hand over several suits, possibly with melds"),
        Generator("shanten", "shanten", efficiency.ShantenParams, efficiency.make_shanten,
                  "the shanten of a hand"),
        Generator("discard_ukeire", "efficiency", efficiency.DiscardParams, efficiency.make_discard,
                  "the best discard by shanten and ukeire", efficiency.discard_skill),
        Generator("fu_count", "fu", scoring_drills.FuCountParams, scoring_drills.make_fu,
                  "the fu of a won hand, as a total or item by item"),
        Generator("points_lookup", "points", scoring_drills.PointsParams, scoring_drills.make_points,
                  "the payment for han, fu, dealer or not, ron or tsumo, honba"),
        Generator("yaku_identify", "yaku_id", scoring_drills.YakuParams, scoring_drills.make_yaku,
                  "the yaku (or the han) of a won hand", scoring_drills.yaku_skill),
        Generator("manners_situation", "manners_a", manners.MannersParams, manners.make,
                  "a table-manners situation from the 55 ranked rules"),
        Generator("dora_from_indicator", "dora", tile_facts.DoraParams, tile_facts.make_dora,
                  "the dora an indicator points to, or the dora count of a hand"),
        Generator("tile_group", "tile_groups", tile_facts.TileGroupParams, tile_facts.make_group,
                  "simples, terminals, honors and value tiles"),
        Generator("make_set", "sets", shapes.MakeSetParams, shapes.make_set,
                  "the tiles that complete a set, or whether three tiles are a set", shapes.make_set_skill),
        Generator("complete_hand", "winning_shape", shapes.CompleteHandParams, shapes.make_complete,
                  "whether a hand is complete, or where its pair is", shapes.complete_skill),
        Generator("wait_shape", "waits_basic", shapes.WaitShapeParams, shapes.make_wait_shape,
                  "the name of a hand's wait shape, or its waits", shapes.wait_shape_skill),
        Generator("furiten_situation", "rules_furiten", furiten.FuritenParams, furiten.make,
                  "a hand, its river and the tiles passed: may this player call ron?"),
        Generator("safe_tile", "defense", defense.SafeTileParams, defense.make,
                  "the safest discard against riichi (genbutsu, suji, kabe)"),
        Generator("mcr_fans", "mcr_fans", mcr_drills.McrFansParams, mcr_drills.make_fans,
                  "MCR: tick the fans of a won hand, then give its total"),
        Generator("mcr_minimum", "mcr_fans", mcr_drills.McrMinimumParams, mcr_drills.make_minimum,
                  "MCR: does a won hand reach the 8-point minimum without flowers?"),
        Generator("mcr_excluded", "mcr_principles", mcr_drills.McrExcludedParams, mcr_drills.make_excluded,
                  "MCR: which fan is not counted, and which fan leaves it out"),
        Generator("mcr_waits", "mcr_waits", mcr_drills.McrWaitsParams, mcr_drills.make_waits,
                  "MCR: every winning tile of a ready hand, knitted forms included"),
    )
}
"""Every exercise generator by name."""

__all__ = ["GENERATORS", "Exercise", "Generator", "GeneratorError", "Option", "Params", "Prompt"]
