"""Set up a hand from MPSZ text: for situational lessons, puzzles and tests.

    rnd = setup_round(["123m456p789s1122z3z", ...], draws="5m7z", rules="tenhou", dora="1p")

builds a :class:`~trainer.engine.game.round.Round` whose seats are dealt exactly
those 13 tiles, whose next live draws are ``draws`` (the dealer's first draw
first), and whose dead wall shows ``dora`` (and holds ``rinshan`` as replacement
tiles).  Everything else comes from the rest of the tile set.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from trainer.engine.game.options import game_options
from trainer.engine.game.round import Round
from trainer.engine.game.wall import arranged_wall, standard_tiles
from trainer.engine.notation import parse_tiles
from trainer.engine.tiles import EAST


def _tiles(text: str) -> tuple:
    return parse_tiles(text) if text else ()


def setup_round(
    hands: Sequence[str],
    draws: str = "",
    *,
    rules: Any = "tenhou",
    dora: str = "",
    ura: str = "",
    rinshan: str = "",
    dealer: int = 0,
    round_wind: int = EAST,
    honba: int = 0,
    sticks: int = 0,
    scores: Sequence[int] | None = None,
    seed: int = 0,
    tenpai_choice: Sequence[int] = (),
) -> Round:
    """A round with the given starting hands (MPSZ, 13 tiles each, seat 0 first) and draws."""
    if isinstance(rules, str):
        from trainer.engine.rules import load_rules

        rules = load_rules(rules)
    opts = game_options(rules)
    wall = arranged_wall(
        [parse_tiles(h) for h in hands],
        _tiles(draws),
        dealer=dealer,
        dora_indicators=_tiles(dora),
        ura_indicators=_tiles(ura),
        rinshan=_tiles(rinshan),
        tile_set=standard_tiles(opts.red_fives),
        rng=random.Random(seed),
    )
    return Round(rules, wall, dealer=dealer, round_wind=round_wind, honba=honba, sticks=sticks,
                 scores=scores, options=opts, tenpai_choice=tenpai_choice)
