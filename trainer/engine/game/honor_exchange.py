"""The half-abundance variation of single-suit mahjong (Пол-изобилия, seed 000:3507).

«благородные используются, игроки только теряют очки при проигрыше, не набирая их, каждую
благородную плитку можно заменить за 3000 очков в любой момент в свой ход, причём эти очки
передаются оя (дилер, восток)».  With the mode's ``half_abundance`` on:

* honors are in the set (the mode's ``half_abundance_tiles``);
* a player only loses points: the losers pay a win, the winner gains nothing
  (:func:`trainer.engine.game.single_suit_scoring.standard_value`, ``only_losses``);
* on one's turn any honor tile may be exchanged (:class:`ExchangeHonor`): the player pays
  ``honor_exchange`` points (3,000) to the dealer, the honor goes face down to the far end of
  the wall and a new tile is drawn in its place [where the honor goes and where the new tile
  comes from are our choice]; the dealer's own exchange is paid to nobody [our choice].
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from trainer.engine.tiles import Tile

if TYPE_CHECKING:
    from trainer.engine.game.simple import SimpleGame


@dataclass(frozen=True, slots=True)
class ExchangeHonor:
    """Give back the honor ``tile`` for a new one, paying the exchange price to the dealer."""

    tile: Tile


def exchange_options(game: SimpleGame, seat: int) -> list[ExchangeHonor]:
    """One exchange per honor kind ``seat`` holds, on its turn (not after riichi, while the wall
    has a tile to give)."""
    if not game.setup.half_abundance or not game.setup.honor_exchange or not game.wall or game.riichi[seat]:
        return []
    seen: dict[int, Tile] = {}
    for t in sorted(game.hands[seat]):
        if t.kind >= 27:
            seen.setdefault(t.kind, t)
    return [ExchangeHonor(t) for t in seen.values()]


def exchange(game: SimpleGame, seat: int, action: ExchangeHonor) -> None:
    """Pay the price to the dealer, put the honor face down at the far end of the wall and draw
    its replacement; the turn goes on (the new tile may win)."""
    price = game.setup.honor_exchange
    game.points[seat] -= price
    if seat != game.dealer:
        game.points[game.dealer] += price
    game.hands[seat].remove(action.tile)
    game.wall.insert(0, action.tile)
    tile = game.wall.pop()
    game.hands[seat].append(tile)
    game.hands[seat].sort()
    game.drawn[seat] = tile
    game.after_call = False
    game.replacement = False
    game.events.append({"type": "exchange", "seat": seat, "tile": str(action.tile), "paid": price,
                        "to": game.dealer})


__all__ = ["ExchangeHonor", "exchange", "exchange_options"]
