"""The efficient bot: plays for the fastest complete hand.

Discards: the tile whose removal leaves the fewest shanten, then the most
ukeire (tiles that lower the shanten, counting only copies the bot cannot see),
then a small preference for throwing isolated honors and terminals and keeping
dora.  Calls: a pon of a yakuhai tile (dragons, own seat wind, round wind), or
any call once the hand already has a yakuhai meld or when the hand can go for
open tanyao (where the rules allow it) — and only if the call lowers the
shanten.  Riichi when tenpai with a good wait (at least four winning tiles
still unseen), or as soon as the hand has no other yaku.  Never passes a win.

Speed: shanten comes from the table-driven :func:`trainer.engine.shanten.shanten_counts`
and ukeire results are memoised by hand shape.
"""

from __future__ import annotations

from typing import Any

from trainer.engine.game.actions import (
    AbortiveDraw,
    Action,
    Chi,
    DeclareTenpai,
    Discard,
    Kan,
    Pass,
    Pon,
    Riichi,
    Ron,
    Tsumo,
)
from trainer.engine.game.view import PlayerView
from trainer.engine.hand import MeldKind
from trainer.engine.shanten import shanten_counts
from trainer.engine.tiles import DRAGONS, TERMINALS_AND_HONORS, dora_from_indicator, is_honor, is_yaochuu

_CACHE_LIMIT = 200_000


def _neighbours(counts: list[int]) -> list[int]:
    """Kinds that can lower the shanten of ``counts``: held kinds and their number neighbours
    (any terminal/honor also helps kokushi, so those are included for closed 13-tile hands)."""
    out = set()
    for k, n in enumerate(counts):
        if n:
            out.add(k)
            if k < 27:
                r = k % 9
                for d in (-2, -1, 1, 2):
                    if 0 <= r + d <= 8:
                        out.add(k + d)
    return sorted(out)


class EfficientBot:
    """Tile-efficiency bot (see the module docstring)."""

    name = "efficient"

    def __init__(self, rules: Any = None) -> None:
        if rules is None or isinstance(rules, str):
            from trainer.engine.rules import load_rules

            rules = load_rules(rules or "tenhou")
        self.rules = rules
        self.open_tanyao = any(row[0] == "tanyao" and row[2] > 0 for row in getattr(rules, "yaku_han", ()))
        self._ukeire: dict[tuple[bytes, int], tuple[int, ...]] = {}

    # ------------------------------------------------------------------ helpers
    def shanten_of(self, counts: list[int], need: int) -> int:
        """Shanten of concealed counts needing ``need`` sets."""
        return shanten_counts(counts, need)

    def improving_kinds(self, counts: list[int], need: int) -> tuple[int, ...]:
        """Kinds whose draw lowers the shanten of the 3n+1 hand ``counts`` (memoised by shape)."""
        key = (bytes(counts), need)
        hit = self._ukeire.get(key)
        if hit is not None:
            return hit
        now = shanten_counts(counts, need)
        kokushi = need == 4 and sum(1 for k in TERMINALS_AND_HONORS if counts[k]) >= 8
        kinds = range(34) if kokushi else _neighbours(counts)
        out = []
        for k in kinds:
            if counts[k] >= 4:
                continue
            counts[k] += 1
            if shanten_counts(counts, need) < now:
                out.append(k)
            counts[k] -= 1
        if len(self._ukeire) > _CACHE_LIMIT:
            self._ukeire.clear()
        result = tuple(out)
        self._ukeire[key] = result
        return result

    def ukeire(self, counts: list[int], need: int, unseen: list[int]) -> int:
        """How many unseen tiles lower the shanten of a 3n+1 hand ``counts``."""
        return sum(unseen[k] for k in self.improving_kinds(counts, need))

    @staticmethod
    def counts_of(view: PlayerView) -> list[int]:
        """34 counts of the bot's concealed tiles."""
        c = [0] * 34
        for t in view.hand.concealed:
            c[t.kind] += 1
        return c

    @staticmethod
    def unseen_of(view: PlayerView) -> list[int]:
        """Copies of each kind the bot cannot see (could still be drawn)."""
        return [max(0, 4 - v) for v in view.visible_counts()]

    def yakuhai_kinds(self, view: PlayerView) -> set[int]:
        """Kinds whose triplet is a yaku for this player: dragons, seat and round wind."""
        return {*DRAGONS, view.seat_wind, view.round_wind}

    def has_yaku_meld(self, view: PlayerView) -> bool:
        """True if a declared meld already gives a yaku (a yakuhai triplet or quad)."""
        yk = self.yakuhai_kinds(view)
        return any(m.kind is not MeldKind.CHI and m.first in yk for m in view.melds[view.seat])

    def tanyao_possible(self, view: PlayerView, extra: list[int] | None = None) -> bool:
        """True if open tanyao is allowed and the hand is nearly all simples."""
        if not self.open_tanyao:
            return False
        if any(any(is_yaochuu(t.kind) for t in m.tiles) for m in view.melds[view.seat]):
            return False
        if extra and any(is_yaochuu(k) for k in extra):
            return False
        return sum(1 for t in view.hand.concealed if is_yaochuu(t.kind)) <= 2

    # ------------------------------------------------------------------ discards
    def rank_discards(self, view: PlayerView, legal_tiles: list[Any]) -> list[tuple[tuple, Any]]:
        """Score every legal discard tile: (shanten after, -ukeire, tie-break) ascending is best."""
        counts = self.counts_of(view)
        need = len(view.hand.concealed) // 3
        unseen = self.unseen_of(view)
        dora = {dora_from_indicator(t.kind) for t in view.dora_indicators}
        yk = self.yakuhai_kinds(view)
        by_kind: dict[int, tuple[int, int]] = {}
        for t in legal_tiles:
            if t.kind in by_kind:
                continue
            counts[t.kind] -= 1
            by_kind[t.kind] = (shanten_counts(counts, need), 0)
            counts[t.kind] += 1
        best = min(v[0] for v in by_kind.values())
        for k, (sh, _) in by_kind.items():
            if sh == best:
                counts[k] -= 1
                by_kind[k] = (sh, self.ukeire(counts, need, unseen))
                counts[k] += 1
        out = []
        for t in legal_tiles:
            sh, uke = by_kind[t.kind]
            k = t.kind
            keep = 0
            if k in dora:
                keep += 3
            if t.red:
                keep += 3
            if is_honor(k):
                keep += 2 if (k in yk and counts[k] >= 2) else (-1 if counts[k] == 1 else 0)
            elif k % 9 in (0, 8):
                keep -= 0
            else:
                keep += 1
            out.append(((sh, -uke, keep), t))
        out.sort(key=lambda x: x[0])
        return out

    def choose_discard(self, view: PlayerView, legal: list[Action]) -> Action:
        """The best discard or riichi declaration."""
        tiles = [a.tile for a in legal if isinstance(a, Discard)]
        riichi = {a.tile: a for a in legal if isinstance(a, Riichi)}
        ranked = self.rank_discards(view, tiles)
        best_tile = ranked[0][1]
        if riichi:
            for _, t in ranked:
                if t in riichi:
                    if self.want_riichi(view, t):
                        return riichi[t]
                    break
        return Discard(best_tile)

    def want_riichi(self, view: PlayerView, tile: Any) -> bool:
        """Riichi with a good wait (>= 4 unseen winning tiles), or when there is no
        other yaku and the wait is not dead."""
        counts = self.counts_of(view)
        counts[tile.kind] -= 1
        unseen = self.unseen_of(view)
        need = len(view.hand.concealed) // 3
        waits_left = 0
        for k in range(34):
            if counts[k] >= 4 or unseen[k] <= 0:
                continue
            counts[k] += 1
            if shanten_counts(counts, need) < 0:
                waits_left += unseen[k]
            counts[k] -= 1
        if waits_left >= 4:
            return True
        return waits_left > 0 and not self._closed_yaku_likely(view, counts)

    def _closed_yaku_likely(self, view: PlayerView, counts13: list[int]) -> bool:
        yk = self.yakuhai_kinds(view)
        if any(counts13[k] >= 3 for k in yk):
            return True
        return all(counts13[k] == 0 for k in range(34) if is_yaochuu(k))

    # ------------------------------------------------------------------ calls
    def call_gain(self, view: PlayerView, used: list[Any]) -> tuple[int, int]:
        """(shanten now, shanten after calling with ``used`` and discarding best)."""
        counts = self.counts_of(view)
        need = len(view.hand.concealed) // 3
        now = shanten_counts(counts, need)
        for t in used:
            counts[t.kind] -= 1
        after = shanten_counts(counts, need - 1)
        return now, after

    def choose_call(self, view: PlayerView, legal: list[Action]) -> Action:
        """Decide on someone's discard: ron, a call toward a yaku, or pass."""
        tile = view.last_tile
        assert tile is not None
        yk = self.yakuhai_kinds(view)
        best: tuple[int, Action] | None = None
        for a in legal:
            if isinstance(a, Pon):
                now, after = self.call_gain(view, list(a.tiles))
                ok = tile.kind in yk or self.has_yaku_meld(view) or self.tanyao_possible(view, [tile.kind])
                if ok and after < now and (best is None or after < best[0]):
                    best = (after, a)
            elif isinstance(a, Chi):
                now, after = self.call_gain(view, list(a.tiles))
                kinds = [tile.kind, *(t.kind for t in a.tiles)]
                ok = self.has_yaku_meld(view) or self.tanyao_possible(view, kinds)
                if ok and after < now and (best is None or after < best[0]):
                    best = (after, a)
        return best[1] if best else Pass()

    def want_abort(self, view: PlayerView) -> bool:
        """Take the nine-terminals abortive draw whenever it is offered."""
        return True

    def choose_kan(self, view: PlayerView, kan: Kan) -> bool:
        """Declare a closed or added kan when it does not slow the hand."""
        counts = self.counts_of(view)
        need = len(view.hand.concealed) // 3
        now = shanten_counts(counts, need)
        if kan.kind is MeldKind.KAN_ADDED:
            counts[kan.tile.kind] -= 1
        else:
            counts[kan.tile.kind] -= 4
        return shanten_counts(counts, need - (0 if kan.kind is MeldKind.KAN_ADDED else 1)) <= now

    # ------------------------------------------------------------------ the interface
    @staticmethod
    def forced(legal: list[Action]) -> Action | None:
        """The action every bot takes without thinking: the only legal one, or a win."""
        if len(legal) == 1:
            return legal[0]
        return next((a for a in legal if isinstance(a, Tsumo | Ron)), None)

    def choose(self, view: PlayerView, legal: list[Action]) -> Action:
        """Pick an action (see the module docstring)."""
        forced = self.forced(legal)
        if forced is not None:
            return forced
        if view.phase == "draw":  # an exhaustive draw: a shown tenpai is paid
            return DeclareTenpai(True)
        if view.phase == "calls":
            return self.choose_call(view, legal)
        for a in legal:
            if isinstance(a, AbortiveDraw) and self.want_abort(view):
                return a
        in_riichi = view.riichi[view.seat]
        for a in legal:
            if isinstance(a, Kan) and (in_riichi or self.choose_kan(view, a)):
                return a
        return self.choose_discard(view, legal)
