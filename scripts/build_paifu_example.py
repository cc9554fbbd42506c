"""Write trainer/engine/data/paifu/east2_ron.json: the hand the paifu-reading lesson shows.

Our bots play match seed 25 (rules ``tenhou``; an efficient, a careful, a beginner and a
strong bot); its second hand (East 2) has every mark the lesson teaches: the dealer's empty
first draw, tedashi and tsumogiri, a chi, two pons, an added kan with its replacement draw, a
riichi, and a ron.  The hand is stored as a one-hand game log (``start`` says where in the
match it was) with the players renamed.

    .venv/bin/python scripts/build_paifu_example.py
"""

from __future__ import annotations

import json
from pathlib import Path

from trainer.engine.bots import make_bot
from trainer.engine.game.paifu import EXAMPLES, example_log, hand_log, paifu_of
from trainer.engine.game.play import play_match

NAME = "east2_ron"
PLAYERS = ["Hana", "Kenta", "Yuki", "Sora"]


def main() -> None:
    """Play the match, keep the hand, write it and print its record's size."""
    log = play_match([make_bot(b) for b in ("efficient", "careful", "beginner", "strong")], "tenhou", seed=25).log
    one = hand_log(log, 1)
    one["players"] = PLAYERS
    folder = Path(__file__).resolve().parent.parent / "trainer" / "engine" / "data" / EXAMPLES
    folder.mkdir(parents=True, exist_ok=True)
    out = folder / f"{NAME}.json"
    out.write_text(json.dumps(one, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    example_log.cache_clear()
    p = paifu_of(one)
    print(f"{out}: {len(one['hands'][0]['actions'])} actions, {max(len(r.cells) for r in p.seats)} columns, "
          f"result {p.result['kind']}")


if __name__ == "__main__":
    main()
