"""The beginner bot: a gentle opponent for a learner's first games.

It plays for tiles only: it discards whatever keeps the hand closest to tenpai
(shanten, without counting how many tiles each choice accepts), throwing lone
honors and terminals first and not caring about dora.  It rarely calls — only a
pon of a dragon pair — declares riichi as soon as it is tenpai, never folds and
always takes the nine-terminals draw.  So it wins cheap hands now and then and
deals in often: it never punishes hard.
"""

from __future__ import annotations

from typing import Any

from trainer.engine.bots.efficient import EfficientBot
from trainer.engine.game.actions import Action, Pass, Pon
from trainer.engine.game.view import PlayerView
from trainer.engine.shanten import shanten_counts
from trainer.engine.tiles import DRAGONS, is_honor


class BeginnerBot(EfficientBot):
    """Tile-only play, few calls, no defence (see the module docstring)."""

    name = "beginner"

    def rank_discards(self, view: PlayerView, legal_tiles: list[Any]) -> list[tuple[tuple, Any]]:
        """Discards ranked by shanten after them, then lone honors, terminals, then the tile order."""
        counts = self.counts_of(view)
        need = len(view.hand.concealed) // 3
        out = []
        for t in legal_tiles:
            counts[t.kind] -= 1
            sh = shanten_counts(counts, need)
            counts[t.kind] += 1
            k = t.kind
            lone = counts[k] == 1 and not any(
                0 <= k % 9 + d <= 8 and counts[k + d] for d in (-2, -1, 1, 2)) if k < 27 else counts[k] == 1
            shape = 0 if (is_honor(k) and lone) else 1 if lone else 2 if k % 9 in (0, 8) or is_honor(k) else 3
            out.append(((sh, shape, k), t))
        out.sort(key=lambda x: x[0])
        return out

    def want_riichi(self, view: PlayerView, tile: Any) -> bool:
        """Riichi whenever tenpai."""
        return True

    def choose_call(self, view: PlayerView, legal: list[Action]) -> Action:
        """Only a pon of a dragon that makes the hand faster."""
        tile = view.last_tile
        for a in legal:
            if isinstance(a, Pon) and tile is not None and tile.kind in DRAGONS:
                now, after = self.call_gain(view, list(a.tiles))
                if after < now:
                    return a
        return Pass()
