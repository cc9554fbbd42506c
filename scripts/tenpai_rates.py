"""How often a hand that shows no riichi is really ready, by what it shows: the table's truth for
the danger model's tenpai chances of quiet hands (closed, no riichi) and open hands.

    .venv/bin/python scripts/tenpai_rates.py --start 100000 --matches 150 [--bot strong]

Plays ``--bot`` against careful (two of each, both seat orders, as the game benchmark does) and,
at every discard of a hand without riichi, takes the discarding player's own hand after the
discard: ready (tenpai) or not.  Rows are per bot and per melds shown (0 = a closed hand), columns
per discards made (the river's length, in groups of three), next to what
:func:`trainer.engine.evaluator.danger.tenpai_chance` reads at that point.  A tuning aid, not a test.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from strong_losses import _Recorder  # noqa: E402 - a wrapper that passes everything else to the bot

BUCKETS = (0, 3, 6, 9, 12, 15, 18)


class _Watcher(_Recorder):
    """Wraps a bot and counts, at each of its discards without riichi, whether the hand left is ready."""

    def __init__(self, bot, tally: Counter) -> None:  # noqa: ANN001 - any bot
        super().__init__(bot)
        self.tally = tally

    def choose(self, view, legal):  # noqa: ANN001, ANN201 - the player interface
        from trainer.engine.game.actions import Discard
        from trainer.engine.shanten import shanten_counts

        action = self.bot.choose(view, legal)
        if type(action) is Discard and not view.riichi[view.seat]:
            counts = [0] * 34
            for t in view.hand.concealed:
                counts[t.kind] += 1
            counts[action.tile.kind] -= 1
            ready = shanten_counts(counts, len(view.hand.concealed) // 3) == 0
            river = len(view.rivers[view.seat]) + 1
            key = (self.name, min(3, len(view.hand.melds)), min(river, 18) // 3 * 3)
            self.tally[(*key, "n")] += 1
            self.tally[(*key, "ready")] += ready
        return action


def _chunk(args: tuple[str, list[int]]) -> Counter:
    from trainer.engine.bots import make_bot
    from trainer.engine.game.play import play_match
    from trainer.engine.rules import load_rules

    level, seeds = args
    rules = load_rules("tenhou")
    tally: Counter = Counter()
    for seed in seeds:
        names = [level, "careful"] * 2 if seed % 2 == 0 else ["careful", level] * 2
        play_match([_Watcher(make_bot(n, rules), tally) for n in names], rules, seed=seed)
    return tally


def main() -> None:
    """Play the matches and print the ready shares next to the model's."""
    from trainer.engine.evaluator.danger import tenpai_chance

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--start", type=int, default=100_000)
    p.add_argument("--matches", type=int, default=150)
    p.add_argument("--bot", default="strong")
    p.add_argument("--workers", type=int, default=2)
    args = p.parse_args()
    seeds = list(range(args.start, args.start + args.matches))
    parts = args.workers * 8
    tally: Counter = Counter()
    with ProcessPoolExecutor(args.workers) as pool:
        for part in pool.map(_chunk, [(args.bot, seeds[i::parts]) for i in range(parts)]):
            tally.update(part)
    print(f"{args.matches} matches from seed {args.start}: ready share vs the model's (hands), by discards made")
    print("bot      melds " + "".join(f"{f'{b}-{b + 2}' if b < 18 else '18+':>21}" for b in BUCKETS))
    for bot in (args.bot, "careful"):
        for melds in range(4):
            cells = []
            for b in BUCKETS:
                n = tally[(bot, melds, b, "n")]
                share = tally[(bot, melds, b, "ready")] / n if n else 0.0
                cells.append(f"{share:.2f} vs {tenpai_chance(melds, b + 1):.2f} ({n})")
            print(f"{bot:8s} {melds:5d} " + "".join(f"{c:>21}" for c in cells))


if __name__ == "__main__":
    main()
