"""Write trainer/engine/data/safe_tile_situations.json: the situations of the ``safe_tile`` drill.

The game engine plays the first hand of bot matches with seeds 0..N-1 (four efficient bots,
rules ``tenhou_no_aka``) and keeps every turn where a player not in riichi must discard while
an opponent is in riichi (:func:`trainer.engine.exercises.defense.play_situations`).  Only
situations some level of the drill can use are stored.

    .venv/bin/python scripts/build_safe_pool.py [N]   (default 400)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from trainer.engine.exercises import defense

LEVELS = [
    defense.SafeTileParams.model_construct(riichi_players=n, tools=list(tools))
    for n in (1, 2)
    for tools in (["genbutsu"], ["suji"], ["kabe"], ["honors"], ["genbutsu", "suji", "kabe", "honors"])
]


def main() -> None:
    """Play the games, keep the usable situations, write the file and print how many per level."""
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    hands = defense.play_situations(range(games))
    found = kept = 0
    codes = {v: k for k, v in defense.TOOL_CODES.items()}
    for h in hands:  # keep the turns some level can use, each with its summary
        turns = []
        for t in h["turns"]:
            found += 1
            got = defense.summary(defense.unpack_turn(h, t))
            if got is not None:
                turns.append([*t, got[0], "".join(sorted(codes[x] for x in got[1]))])
        h["turns"] = turns
        kept += len(turns)
    hands = [h for h in hands if h["turns"]]
    out = Path(__file__).resolve().parent.parent / "trainer" / "engine" / "data" / defense.POOL_FILE
    body = ",\n".join(json.dumps(h, separators=(",", ":")) for h in hands)
    out.write_text(f'{{"games": {games}, "preset": "tenhou_no_aka", "hands": [\n{body}\n]}}\n', encoding="utf-8")
    print(f"{games} games, {found} turns facing riichi, {kept} kept -> {out}")
    defense.index.cache_clear()
    defense._stored.cache_clear()
    defense._candidates.cache_clear()
    for p in LEVELS:
        print(f"  riichi_players={p.riichi_players} tools={p.tools}: {len(defense.candidates(p))}")


if __name__ == "__main__":
    main()
