"""The careful bot: the efficient bot that folds (betaori) against riichi.

When an opponent is in riichi and the bot's own hand is far from ready (two or
more shanten, or one shanten late in the hand), it stops calling and discards
the safest tile instead of the most efficient one.  How safe a tile is comes from
the shared defense evaluator :mod:`trainer.engine.safety`: genbutsu (the riichi
player's own discards and the tiles passed since *that player's* declaration),
suji, kabe (walls that rule out the runs through a tile) and honors by copies seen;
the danger of a tile is the weight of the waits still open against every riichi player.
"""

from __future__ import annotations

from typing import Any

from trainer.engine import safety
from trainer.engine.bots.efficient import EfficientBot
from trainer.engine.game.actions import Action, Chi, Discard, Kan, Pass, Pon, Riichi, Ron, Tsumo
from trainer.engine.game.view import PlayerView
from trainer.engine.shanten import shanten_counts


class CarefulBot(EfficientBot):
    """Efficient play, folding against riichi (see the module docstring)."""

    name = "careful"

    def threats(self, view: PlayerView) -> list[int]:
        """Opponents in riichi."""
        return [s for s in range(4) if s != view.seat and view.riichi[s]]

    def should_fold(self, view: PlayerView) -> bool:
        """Fold when someone is in riichi and the hand is not close to ready."""
        if not self.threats(view) or view.riichi[view.seat]:
            return False
        counts = self.counts_of(view)
        need = len(view.hand.concealed) // 3
        sh = shanten_counts(counts, need)
        if len(view.hand.concealed) % 3 == 1:  # deciding on a call: 13-tile shape
            sh = shanten_counts(counts, need)
        return sh >= 2 or (sh >= 1 and view.live_remaining < 30)

    def safe_set(self, view: PlayerView, p: int) -> set[int]:
        """Kinds that cannot deal into riichi player ``p`` (genbutsu): own discards and tiles
        passed by the others since ``p``'s declaration, in table order."""
        return set(safety.genbutsu(safety.table_of(view), p))

    def danger_notes(self, view: PlayerView, kind: int, visible: list[int] | None = None) -> list[safety.TileSafety]:
        """Why discarding ``kind`` is safe or dangerous against each riichi player: the open
        waits and the reasons (genbutsu, suji, kabe, honor...) per threat, seat order."""
        return list(safety.assess_all(safety.table_of(view), kind))

    def danger(self, view: PlayerView, kind: int, visible: list[int] | None = None) -> float:
        """Estimated danger of discarding ``kind``: the weight of the waits that could still win
        on it, summed over the riichi players (0 = genbutsu or otherwise safe against all)."""
        return safety.danger(self.danger_notes(view, kind))

    def choose(self, view: PlayerView, legal: list[Action]) -> Action:
        """Efficient play, or the safest discard when folding."""
        if len(legal) == 1:
            return legal[0]
        for a in legal:
            if isinstance(a, Tsumo | Ron):
                return a
        if not self.should_fold(view):
            return super().choose(view, legal)
        if view.phase == "calls":
            return Pass()
        discards = [a for a in legal if isinstance(a, Discard)]
        if not discards:
            return super().choose(view, [a for a in legal if not isinstance(a, Chi | Pon | Kan | Riichi)] or legal)
        table = safety.table_of(view)
        dangers = {k: safety.danger(safety.assess_all(table, k)) for k in {a.tile.kind for a in discards}}
        ranked = {t: r for r, t in self.rank_discards(view, [a.tile for a in discards])}
        best: tuple[Any, Discard] | None = None
        for a in discards:
            key = (dangers[a.tile.kind], ranked[a.tile])
            if best is None or key < best[0]:
                best = (key, a)
        assert best is not None
        return best[1]
