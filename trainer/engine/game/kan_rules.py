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

With ``kans = "declared"`` (single-suit mahjong, variant 1, 000:3498: «Из объявлений
разрешены только кан, рон и цумо») a kan is a choice, never a fault: four of one kind held on
one's turn may be declared as a closed kan (ankan), and three of a kind with another player's
discard as an open kan (daiminkan, :func:`open_kan_options`, :func:`call_open_kan`); the
replacement again comes from the far end of the wall.  Where the suits are ignored "four of a
kind" is four of one rank (5m 5p 5s 5s, :func:`kan_key`), laid down as a
:class:`~trainer.engine.hand.RankKan`, written ``[5m5p55s]`` (the game's kan events carry the
meld so under ``meld``, every tile with its own suit).  A four kept in the hand is then the seed's 1-han okurikan, counted by the scoring.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from trainer.engine.game.actions import Action, Discard, Kan, Riichi, Tsumo
from trainer.engine.game.training_scoring import OKURIKAN_HAN, HandValue, ValueItem
from trainer.engine.hand import Meld, MeldKind, RankKan, Source
from trainer.engine.tiles import Tile

if TYPE_CHECKING:
    from trainer.engine.game.simple import SimpleGame
    from trainer.engine.game.simple_modes import TableSetup


def kan_key(game: SimpleGame, kind: int) -> int:
    """What makes tiles "identical" for a kan at this table: the rank of a number tile when the
    suits are ignored, otherwise the kind itself (honors always by kind)."""
    return kind % 9 if game.setup.suits == "ignored" and kind < 27 else kind


def _kan_meld(kind: MeldKind, tiles: list[Tile], called: Tile | None = None, source: Source | None = None) -> Meld:
    """The meld of four tiles: an ordinary kan, or a :class:`RankKan` when their suits differ."""
    tiles = sorted(tiles)
    cls = Meld if len({t.kind for t in tiles}) == 1 else RankKan
    return cls(kind, tuple(tiles), called, source)


def is_kan(action: Action) -> bool:
    """Whether ``action`` declares a kan."""
    return isinstance(action, Kan)


def kan_options(game: SimpleGame, seat: int) -> list[Action]:
    """The concealed kans ``seat`` may declare now: one per kind held four times, while the
    wall still has a replacement tile."""
    if game.setup.kans == "none" or not game.wall or game.riichi[seat]:
        return []
    if game.setup.kans == "declared" and _kans_made(game) >= 4:  # four kans at most [choice]
        return []
    counts = Counter(kan_key(game, t.kind) for t in game.hands[seat])
    out: list[Action] = []
    for key in sorted(k for k, n in counts.items() if n >= 4):
        tile = min(t for t in game.hands[seat] if kan_key(game, t.kind) == key)
        out.append(Kan(MeldKind.KAN_CLOSED, tile))
    return out


def _kans_made(game: SimpleGame) -> int:
    """Kans on the table so far (four at most: the fifth would have no tile to stand on)."""
    return sum(1 for ms in game.melds for m in ms if m.kind.is_kan)


def open_kan_options(game: SimpleGame, seat: int, tile: Tile) -> list[Action]:
    """With declared kans: an open kan of ``tile`` (another's discard) for a ``seat`` holding
    three of its kind, while the wall has a replacement and the seat is not in riichi."""
    if game.setup.kans != "declared" or not game.wall or game.riichi[seat] or _kans_made(game) >= 4:
        return []
    key = kan_key(game, tile.kind)
    same = [t for t in game.hands[seat] if kan_key(game, t.kind) == key]
    if len(same) < 3 or len(game.hands[seat]) < 4:  # a tile must be left to discard after the kan
        return []
    return [Kan(MeldKind.KAN_OPEN, tile)]


def _replacement(game: SimpleGame, seat: int) -> None:
    """Draw the kan's replacement tile from the far end of the wall; the player goes on."""
    from trainer.engine.game.simple import TURN

    tile = game.wall.pop(0)
    game.hands[seat].append(tile)
    game.hands[seat].sort()
    game.drawn[seat] = tile
    game.current = seat
    game.phase = TURN
    game.after_call = False
    game.replacement = True
    game.events.append({"type": "draw", "seat": seat, "tile": str(tile), "replacement": True})


def declare_kan(game: SimpleGame, seat: int, action: Kan) -> None:
    """Lay the four tiles down as a concealed kan and draw the replacement from the far end of
    the wall (there is no dead wall); the player then goes on with the turn."""
    key = kan_key(game, action.tile.kind)
    tiles = sorted(t for t in game.hands[seat] if kan_key(game, t.kind) == key)[:4]  # of five, the first four
    for t in tiles:
        game.hands[seat].remove(t)
    meld = _kan_meld(MeldKind.KAN_CLOSED, tiles)
    game.melds[seat].append(meld)
    game.events.append({"type": "kan", "seat": seat, "kan": "ankan", "tile": str(action.tile), "meld": str(meld)})
    _replacement(game, seat)


def call_open_kan(game: SimpleGame, seat: int, source: Source) -> None:
    """Take the last discard with three of its kind from ``seat``'s hand as an open kan (the
    river tile is marked called), then draw the replacement; the turn passes to ``seat``."""
    from trainer.engine.game.view import RiverTile

    tile, src = game.last_tile, game.last_from
    assert tile is not None and src is not None
    d = game.rivers[src][-1]
    game.rivers[src][-1] = RiverTile(d.tile, d.tsumogiri, d.riichi, True)
    key = kan_key(game, tile.kind)
    own = sorted(t for t in game.hands[seat] if kan_key(game, t.kind) == key)[:3]
    for t in own:
        game.hands[seat].remove(t)
    meld = _kan_meld(MeldKind.KAN_OPEN, [*own, tile], tile, source)
    game.melds[seat].append(meld)
    game.events.append({"type": "call", "seat": seat, "call": "daiminkan", "tile": str(tile), "from": src,
                        "meld": str(meld)})
    game.options_for, game.responses = {}, {}
    _replacement(game, seat)


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


def okurikan_effect(setup: TableSetup) -> tuple[str, int] | None:
    """What an okurikan (four of a kind kept in the hand without declaring the kan) does at a
    table with ``setup``, from the mode's rules: ``("chombo", points paid to each other seat)``
    under compulsory kans with a chombo (risu, 000:3483); ``("han", n)`` where the scoring counts
    it without riichi (kunto 000:3453, single-suit mahjong 1 000:3503); None where it is nothing."""
    if setup.kans == "compulsory" and setup.chombo_points:
        return ("chombo", setup.chombo_points)
    han = OKURIKAN_HAN.get(setup.scoring, 0)
    return ("han", han) if han else None


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


__all__ = ["RankKan", "call_chombo", "call_open_kan", "declare_kan", "draw_limit_reached", "is_kan", "is_okurikan",
           "kan_key", "kan_options", "okurikan_effect", "open_kan_options", "recycle_discard"]
