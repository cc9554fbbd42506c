"""Write trainer/engine/data/nanikiru_starter.json: the starter set of the discard puzzles.

Our bots play whole matches (rules ``tenhou``; at each table an efficient, a careful, a
beginner and a strong bot, seeds 0..N-1); every discard decision of every seat becomes a
candidate position, answered as the drill answers it (:func:`trainer.engine.exercises.nanikiru.puzzle`:
the best tiles by ukeire and the table coach's discard).  Kept are positions with a real choice and
one or two right kinds, sorted into four themes:

* ``defense`` — an opponent is in riichi;
* ``tenpai`` — the best discard keeps or makes a ready hand (which wait to keep);
* ``one_step`` — one tile from tenpai after the best discard;
* ``far`` — two steps or more.

Per theme the clearest ones are taken first (a bot at the table chose another tile; then the
biggest gap in useful tiles to the next-best discard), at most two per hand.  Each stored
hand is a one-hand game log (``start`` says where in the match it was); each position is
``[seat, action index, best tiles (MPSZ), theme]``.  ``tests/test_nanikiru.py`` replays every
position and checks the right tiles against the engine (best by ukeire and the coach's).

    .venv/bin/python scripts/build_nanikiru_starter.py [MATCHES]   (default 6)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from trainer.engine.bots import make_bot
from trainer.engine.exercises import nanikiru
from trainer.engine.game.paifu import hand_log
from trainer.engine.game.play import play_match
from trainer.engine.notation import format_tiles
from trainer.engine.tiles import Tile

QUOTA = {"defense": 12, "tenpai": 12, "one_step": 12, "far": 8}
"""Positions per theme."""
PER_HAND = 2
"""At most this many positions from one hand."""
BOTS = ("efficient", "careful", "beginner", "strong")


def theme(p: nanikiru.Puzzle) -> str:
    """The theme of a position (see the module docstring)."""
    if p.riichi_against:
        return "defense"
    best = min(h.shanten_after for h in (*p.hints, *p.coach[:1]))
    return "tenpai" if best == 0 else "one_step" if best == 1 else "far"


def clarity(p: nanikiru.Puzzle, bot_choice: Tile) -> tuple[int, int]:
    """Sort key, clearest first: a bot chose otherwise at the table, then the ukeire gap to the
    best discard the coach does not accept at the same shanten."""
    items = [e for e in p.exercise.explanation if e["kind"] == "discard"]
    best = [e for e in items if e["best"]]
    top = min(e["shanten"] for e in best)
    rest = [e["ukeire"] for e in items if not e["best"] and e["shanten"] == top]
    gap = max(e["ukeire"] for e in best) - max(rest, default=0)
    return (0 if bot_choice.kind not in p.answer else 1, -gap)


def main() -> None:
    """Play the matches, choose the positions, write the file and print what it holds."""
    matches = int(sys.argv[1]) if len(sys.argv) > 1 else 6
    cands: dict[str, list[tuple[tuple[int, int], int, int, int, str]]] = {t: [] for t in QUOTA}
    hands: list[dict[str, Any]] = []
    seen = 0
    for seed in range(matches):
        log = play_match([make_bot(b) for b in BOTS], "tenhou", seed=seed).log
        for i in range(len(log["hands"])):
            one = hand_log(log, i)
            hands.append(one)
            for seat in range(4):
                for pos in nanikiru.positions_of(one, seat, "starter"):
                    seen += 1
                    p = nanikiru.puzzle(pos)
                    if not nanikiru.worth_asking(p) or len(p.answer) > 2:
                        continue
                    best = format_tiles(sorted({Tile(k) for k in p.answer}))
                    cands[theme(p)].append((clarity(p, pos.chosen), len(hands) - 1, seat, pos.action, best))
    picked: dict[int, list[list[Any]]] = {}
    for name, quota in QUOTA.items():
        taken = 0
        for _key, hi, seat, action, best in sorted(cands[name], key=lambda c: (c[0], c[1], c[2], c[3])):
            if taken == quota:
                break
            if len(picked.get(hi, [])) >= PER_HAND:
                continue
            picked.setdefault(hi, []).append([seat, action, best, name])
            taken += 1
    stored = [{"log": hands[hi], "positions": sorted(ps)} for hi, ps in sorted(picked.items())]
    out = Path(__file__).resolve().parent.parent / "trainer" / "engine" / "data" / nanikiru.STARTER_FILE
    body = ",\n".join(json.dumps(h, separators=(",", ":"), ensure_ascii=False) for h in stored)
    out.write_text(f'{{"matches": {matches}, "bots": {json.dumps(list(BOTS))}, "hands": [\n{body}\n]}}\n',
                   encoding="utf-8")
    counts = {name: sum(1 for ps in picked.values() for p in ps if p[3] == name) for name in QUOTA}
    print(f"{matches} matches, {len(hands)} hands, {seen} decisions; kept {sum(counts.values())} positions "
          f"from {len(stored)} hands: {counts} -> {out}")


if __name__ == "__main__":
    main()
