"""The careful bot: the efficient bot that folds (betaori) against riichi.

When an opponent is in riichi and the bot's own hand is far from ready (two or
more shanten, or one shanten late in the hand), it stops calling and discards
the safest tile instead of the most efficient one.  Danger of a tile against
each riichi player, lowest first:

* genbutsu (現物): the riichi player's own discards, and tiles passed by that
  player after the declaration — safe (furiten);
* honors, the more copies visible the safer (only a single or pair wait fits);
* suji (筋): a number tile whose "one-two-three away" partners were discarded by
  the riichi player (4 and 7 are suji of 1, 4 of 7 ...), so no two-sided wait fits;
* kabe (壁, a wall): when all four copies of a neighbour are visible no run
  through it can be waiting;
* otherwise middle tiles are the most dangerous, then 2/8, then terminals.
"""

from __future__ import annotations

from typing import Any

from trainer.engine.bots.efficient import EfficientBot
from trainer.engine.game.actions import Action, Chi, Discard, Kan, Pass, Pon, Riichi, Ron, Tsumo
from trainer.engine.game.view import PlayerView
from trainer.engine.shanten import shanten_counts
from trainer.engine.tiles import is_honor


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
        """Kinds that cannot deal into riichi player ``p``: own discards and tiles passed
        by ``p`` since the declaration."""
        safe = {d.tile.kind for d in view.rivers[p]}
        turn = view.riichi_turn[p]
        if turn is not None:
            pos_p = (p - view.dealer) % 4
            for q in range(4):
                if q == p:
                    continue
                # in turn order from the dealer, a later seat's r-th discard already follows
                # the declaration; an earlier seat's only from its (r+1)-th (calls aside)
                after = turn + (0 if (q - view.dealer) % 4 > pos_p else 1)
                for d in view.rivers[q][after:]:
                    safe.add(d.tile.kind)
        return safe

    def danger_notes(self, view: PlayerView, kind: int, visible: list[int]) -> list[dict[str, Any]]:
        """Why discarding ``kind`` is safe or dangerous against each riichi player: one dict per
        threat with its ``seat``, the ``danger`` estimate and what decided it: ``genbutsu``
        (the player's own discard, or passed by him since the riichi), ``honor_left`` (copies
        of an honor still unseen), or ``suji`` / ``kabe`` (flags) and ``edge`` (0 terminal,
        1 two/eight, 2 middle tile) for a number tile."""
        notes: list[dict[str, Any]] = []
        for p in self.threats(view):
            if kind in self.safe_set(view, p):
                notes.append({"seat": p, "genbutsu": True, "danger": 0.0})
                continue
            river = {d.tile.kind for d in view.rivers[p]}
            if is_honor(kind):
                left = 4 - visible[kind]
                notes.append({"seat": p, "honor_left": left,
                              "danger": (0.0, 0.3, 1.0, 1.8, 1.8)[max(0, min(4, left))]})
                continue
            r = kind % 9
            low = kind - 3 if r >= 3 else None
            high = kind + 3 if r <= 5 else None
            suji = all(x is None or x in river for x in (low, high))
            kabe = False
            for d in (-1, 1):
                n = kind + d
                if 0 <= r + d <= 8 and visible[n] >= 4:
                    kabe = True
            if r in (0, 8):
                base, edge = 2.0, 0
            elif r in (1, 7):
                base, edge = 4.0, 1
            else:
                base, edge = 6.0, 2
            if suji:
                base *= 0.35
            if kabe:
                base *= 0.5
            notes.append({"seat": p, "suji": suji, "kabe": kabe, "edge": edge, "danger": base})
        return notes

    def danger(self, view: PlayerView, kind: int, visible: list[int]) -> float:
        """Estimated danger of discarding ``kind`` (sum over riichi players, see :meth:`danger_notes`)."""
        total = 0.0
        for note in self.danger_notes(view, kind, visible):
            total += note["danger"]
        return total

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
        visible = view.visible_counts()
        ranked = {t: r for r, t in self.rank_discards(view, [a.tile for a in discards])}
        best: tuple[Any, Discard] | None = None
        for a in discards:
            key = (self.danger(view, a.tile.kind, visible), ranked[a.tile])
            if best is None or key < best[0]:
                best = (key, a)
        assert best is not None
        return best[1]
