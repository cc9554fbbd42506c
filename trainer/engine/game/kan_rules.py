"""Risu's table rules for kans and discards (seed 000:3483), used by the simple engine.

«Мёртвой стены нет, снос происходит в конец стены в закрытую.  Канцу объявляются
обязательно, за окурикан – чомбо.»  So, with the mode's ``kans = "compulsory"``:

* a player holding four of a kind on their turn may declare it (:func:`kan_options`, a
  concealed kan, ankan); with no dead wall the replacement tile comes from the far end of the
  live wall [the seed's short mahjong rule for a table without a dead wall, 000:4331];
* keeping the four instead — discarding another tile, or winning with the four in the hand —
  is an undeclared kan (okurikan, 送り槓) and chombo (:func:`is_okurikan`,
  :func:`call_chombo`): the hand ends and the offender pays ``chombo_points`` to every other
  seat [the amount is our choice: the seed gives none];

and with ``recycle_discards`` a discard nobody calls goes face down to the far end of the wall
(:func:`recycle_discard`), so the wall does not run out; the hand is then a draw after as
many draws as the set has tiles [our choice].  After agari the last tile of the wall becomes
dora (000:3483), which with recycling is the last discard put back.

Only concealed kans: risu has no calls, so a kan on a discard never arises [choice].
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from trainer.engine.game.actions import Action, Discard, Kan, Riichi, Tsumo
from trainer.engine.game.training_scoring import HandValue, ValueItem
from trainer.engine.hand import Meld, MeldKind

if TYPE_CHECKING:
    from trainer.engine.game.simple import SimpleGame


def is_kan(action: Action) -> bool:
    """Whether ``action`` declares a kan."""
    return isinstance(action, Kan)


def kan_options(game: SimpleGame, seat: int) -> list[Action]:
    """The concealed kans ``seat`` may declare now: one per kind held four times, while the
    wall still has a replacement tile."""
    if game.setup.kans != "compulsory" or not game.wall or game.riichi[seat]:
        return []
    counts = Counter(t.kind for t in game.hands[seat])
    out: list[Action] = []
    for kind in sorted(k for k, n in counts.items() if n == 4):
        tile = min(t for t in game.hands[seat] if t.kind == kind)
        out.append(Kan(MeldKind.KAN_CLOSED, tile))
    return out


def declare_kan(game: SimpleGame, seat: int, action: Kan) -> None:
    """Lay the four tiles down as a concealed kan and draw the replacement from the far end of
    the wall (there is no dead wall); the player then goes on with the turn."""
    from trainer.engine.game.simple import TURN

    tiles = tuple(sorted(t for t in game.hands[seat] if t.kind == action.tile.kind))
    for t in tiles:
        game.hands[seat].remove(t)
    game.melds[seat].append(Meld(MeldKind.KAN_CLOSED, tiles))
    game.events.append({"type": "kan", "seat": seat, "kan": "ankan", "tile": str(action.tile)})
    tile = game.wall.pop(0)
    game.hands[seat].append(tile)
    game.hands[seat].sort()
    game.drawn[seat] = tile
    game.current = seat
    game.phase = TURN
    game.after_call = False
    game.events.append({"type": "draw", "seat": seat, "tile": str(tile), "replacement": True})


def is_okurikan(game: SimpleGame, seat: int, action: Action) -> bool:
    """Whether ``action`` keeps four of a kind in the hand undeclared (chombo under the
    compulsory-kan rule): a discard or riichi of another tile, or a tsumo with the four held."""
    if game.setup.kans != "compulsory" or not game.setup.chombo_points or not game.wall or game.riichi[seat]:
        return False  # no kan could be declared now (no replacement tile left): no fault
    kinds = Counter(t.kind for t in game.hands[seat])
    if isinstance(action, Discard | Riichi):
        kinds[action.tile.kind] -= 1
    elif not isinstance(action, Tsumo):
        return False
    return any(n >= 4 for n in kinds.values())


def call_chombo(game: SimpleGame, seat: int) -> None:
    """End the hand with ``seat``'s chombo: it pays ``chombo_points`` to every other seat."""
    from trainer.engine.game.simple import ENDED, SimpleResult

    each = game.setup.chombo_points
    deltas = [each] * game.n
    deltas[seat] = -each * (game.n - 1)
    for s, d in enumerate(deltas):
        game.points[s] += d
    value = HandValue("chombo", (ValueItem("okurikan", -each * (game.n - 1), "points"),), 0, 0, tuple(deltas))
    game.result = SimpleResult("draw", chombo=seat, values=(value,))
    game.options_for, game.responses = {}, {}
    game.phase = ENDED
    game.events.append({"type": "chombo", "seat": seat, "reason": "okurikan", "deltas": deltas})


def recycle_discard(game: SimpleGame) -> None:
    """The discard that passed goes face down to the far end of the wall (risu)."""
    src = game.last_from
    if src is None or not game.rivers[src]:
        return
    d = game.rivers[src][-1]
    if d.called:
        return
    game.rivers[src].pop()
    game.wall.insert(0, d.tile)
    game.events.append({"type": "recycle", "seat": src})


def draw_limit_reached(game: SimpleGame) -> bool:
    """With recycled discards the wall never empties: the hand is a draw after as many draws as
    the set has tiles."""
    return game.setup.recycle_discards and game.draws >= len(game.all_tiles)


__all__ = ["call_chombo", "declare_kan", "draw_limit_reached", "is_kan", "is_okurikan", "kan_options",
           "recycle_discard"]
