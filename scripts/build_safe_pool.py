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
    defense.SafeTileParams(riichi_players=n, tools=list(tools))
    for n in (1, 2)
    for tools in (["genbutsu"], ["suji"], ["kabe"], ["honors"], ["genbutsu", "suji", "kabe", "honors"])
]


def main() -> None:
    """Play the games, keep the usable situations, write the file and print how many per level."""
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    hands = defense.play_situations(range(games))
    found = 0
    for h in hands:  # keep only the turns some level can use
        sits = defense.unpack([h])
        found += len(sits)
        h["turns"] = [t for t, s in zip(h["turns"], sits, strict=True) if any(defense.fits(p, s) for p in LEVELS)]
    hands = [h for h in hands if h["turns"]]
    keep = defense.unpack(hands)
    out = Path(__file__).resolve().parent.parent / "trainer" / "engine" / "data" / defense.POOL_FILE
    body = ",\n".join(json.dumps(h, separators=(",", ":")) for h in hands)
    out.write_text(f'{{"games": {games}, "preset": "tenhou_no_aka", "hands": [\n{body}\n]}}\n', encoding="utf-8")
    print(f"{games} games, {found} turns facing riichi, {len(keep)} kept -> {out}")
    for p in LEVELS:
        print(f"  riichi_players={p.riichi_players} tools={p.tools}: {sum(bool(defense.fits(p, s)) for s in keep)}")


if __name__ == "__main__":
    main()
